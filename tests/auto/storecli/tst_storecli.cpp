// The store's command line (issue 4), run as a user would: the real binary in a child process, always
// with --data-dir (never the user's own data).

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <store/conversationstore.h>
#include <tests/support/clirunner.h>
#include <tests/support/testfiles.h>

using namespace Tessera;
using namespace Tessera::TestSupport;

namespace {

const QString kDemo = QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl");
const QString kHostile = QStringLiteral(TESSERA_TEST_DATA "/hostile.jsonl");

} // namespace

class tst_StoreCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void importPrintsIdLast();
    void countsUsePluralForms();
    void listIsTabSeparated();
    void listEmptyAndSearch();
    void listRefusesAFileAsDataDir();
    void exportJsonLinesRoundTrip();
    void exportMarkdown();
    void exportToStandardOutput();
    void validateStoredIdMatchesFile();
    void renderStoredId();
    void unknownIdOrFile();
    void importWhileOpenElsewhere();
    void usageErrors_data();
    void usageErrors();

private:
    using Result = CliResult;
    Result run(QStringList arguments);
    QString importFile(const QString &path);
    QTemporaryDir *m_dir = nullptr;
};

void tst_StoreCli::init()
{
    m_dir = new QTemporaryDir;
    QVERIFY(m_dir->isValid());
}

void tst_StoreCli::cleanup()
{
    delete m_dir;
    m_dir = nullptr;
}

tst_StoreCli::Result tst_StoreCli::run(QStringList arguments)
{
    arguments << QStringLiteral("--data-dir") << m_dir->filePath(QStringLiteral("data"));
    return runProgram(QStringLiteral(TESSERA_BINARY), arguments, displaylessEnvironment(QpaPlatform::Keep));
}

QString tst_StoreCli::importFile(const QString &path)
{
    const Result r = run({QStringLiteral("import"), path});
    if (r.exitCode != 0)
        qWarning("%s", qPrintable(r.err));
    return r.out.trimmed().section(QLatin1Char('\n'), -1);
}

void tst_StoreCli::importPrintsIdLast()
{
    const Result r = run({QStringLiteral("import"), kDemo});
    QCOMPARE(r.exitCode, 0);
    const QStringList lines = r.out.trimmed().split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines.first().startsWith(QLatin1String("imported 43 messages, 17 cards from demo.jsonl")), qPrintable(lines.first()));
    const QRegularExpression uuid(QStringLiteral("^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"));
    QVERIFY2(uuid.match(lines.last()).hasMatch(), qPrintable(lines.last()));
    QVERIFY(QFileInfo::exists(m_dir->filePath(QStringLiteral("data/tessera.db"))));
}

void tst_StoreCli::countsUsePluralForms()
{
    // One message and one card read "1 message, 1 card" (translations/tessera_en.ts), not "1 messages".
    const QString file = m_dir->filePath(QStringLiteral("one.jsonl"));
    QVERIFY(writeFile(file, R"({"role":"assistant","content":"x","structured":{"card":{"kind":"text","specVersion":1,"payload":{"text":"hi"}}}})"
                            "\n"));
    const Result r = run({QStringLiteral("import"), file});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.startsWith(QLatin1String("imported 1 message, 1 card from one.jsonl as ")), qPrintable(r.out + r.err));
    const QString id = r.out.trimmed().section(QLatin1Char('\n'), -1);
    const Result exported = run({QStringLiteral("export"), id, QStringLiteral("-o"), m_dir->filePath(QStringLiteral("out.jsonl"))});
    QVERIFY2(exported.out.endsWith(QLatin1String("out.jsonl (1 message, JSON Lines)\n")), qPrintable(exported.out));
    const Result rendered = run({QStringLiteral("render"), id, QStringLiteral("-o"), m_dir->filePath(QStringLiteral("one.png"))});
    QVERIFY2(rendered.out.startsWith(QLatin1String("1 message, 1 card, 0 fallbacks\n")), qPrintable(rendered.out + rendered.err));
}

void tst_StoreCli::listIsTabSeparated()
{
    const QString demo = importFile(kDemo);
    const QString hostile = importFile(kHostile);
    const Result r = run({QStringLiteral("list")});
    QCOMPARE(r.exitCode, 0);
    const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    const QStringList newest = lines.at(0).split(QLatin1Char('\t'));
    const QStringList older = lines.at(1).split(QLatin1Char('\t'));
    QCOMPARE(newest.size(), 5);
    QCOMPARE(newest.at(0), hostile);
    QCOMPARE(newest.at(1), QStringLiteral("Here is the log from last night's run. Load it and tell me what broke."));
    QCOMPARE(newest.at(2), QStringLiteral("22"));
    QCOMPARE(newest.at(3), QStringLiteral("15"));
    QVERIFY(QDateTime::fromString(newest.at(4), Qt::ISODate).isValid());
    QVERIFY(newest.at(4).endsWith(QLatin1Char('Z')));
    QCOMPARE(older.at(0), demo);
    QCOMPARE(older.at(2), QStringLiteral("43"));
    QCOMPARE(older.at(3), QStringLiteral("17"));
}

void tst_StoreCli::listRefusesAFileAsDataDir()
{
    // A data dir that is a file is an error, not an empty list (found by a fresh-eyes tester).
    QFile file(m_dir->filePath(QStringLiteral("data")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("not a directory");
    file.close();
    const Result r = run({QStringLiteral("list")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QLatin1String("is not a directory")), qPrintable(r.err));
}

void tst_StoreCli::listEmptyAndSearch()
{
    Result r = run({QStringLiteral("list")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QString());
    QVERIFY(!QFileInfo::exists(m_dir->filePath(QStringLiteral("data/tessera.db")))); // listing creates nothing
    const QString demo = importFile(kDemo);
    importFile(kHostile);
    r = run({QStringLiteral("list"), QStringLiteral("pharma")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts).size(), 1);
    QVERIFY(r.out.startsWith(demo + QLatin1Char('\t')));
}

void tst_StoreCli::exportJsonLinesRoundTrip()
{
    const QString id = importFile(kHostile);
    const QString out = m_dir->filePath(QStringLiteral("out.jsonl"));
    const Result r = run({QStringLiteral("export"), id.left(8), QStringLiteral("-o"), out});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QLatin1String("22 messages")), qPrintable(r.out));
    QByteArray original = readFile(kHostile);
    if (!original.endsWith('\n'))
        original += '\n';
    QCOMPARE(readFile(out), original); // hostile.jsonl has no blank lines, BOM or CRs: byte for byte
}

void tst_StoreCli::exportMarkdown()
{
    const QString id = importFile(kDemo);
    const QString out = m_dir->filePath(QStringLiteral("out.md"));
    const Result r = run({QStringLiteral("export"), id, QStringLiteral("-o"), out, QStringLiteral("--format"), QStringLiteral("md")});
    QCOMPARE(r.exitCode, 0);
    const QString md = QString::fromUtf8(readFile(out));
    QVERIFY(md.startsWith(QLatin1String("# Morning. Which sessions do I have open")));
    QVERIFY2(md.contains(QLatin1String("| Sector | Net flow |\n| --- | ---: |\n| Pharma | 412 |")), qPrintable(md.left(2000)));
    QVERIFY(md.contains(QLatin1String("> **Warning:** Quotes are 20 minutes delayed")));
    QVERIFY(!md.contains(QLatin1String("rendered:")));
}

void tst_StoreCli::exportToStandardOutput()
{
    // "-" is standard output: the export's bytes exactly, nothing else there, and no file named "-".
    const QString id = importFile(kHostile);
    QFile::remove(QStringLiteral("-"));
    const Result r = run({QStringLiteral("export"), id, QStringLiteral("-o"), QStringLiteral("-")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(!QFile::exists(QStringLiteral("-")));
    QByteArray original = readFile(kHostile);
    if (!original.endsWith('\n'))
        original += '\n';
    QCOMPARE(r.outBytes, original);
    QCOMPARE(r.err, QString());

    const QString file = m_dir->filePath(QStringLiteral("out.md"));
    QCOMPARE(run({QStringLiteral("export"), id, QStringLiteral("-o"), file, QStringLiteral("--format"), QStringLiteral("md")}).exitCode, 0);
    const Result md = run({QStringLiteral("export"), id, QStringLiteral("--format"), QStringLiteral("md"), QStringLiteral("-o"), QStringLiteral("-")});
    QCOMPARE(md.exitCode, 0);
    QCOMPARE(md.outBytes, readFile(file));
}

void tst_StoreCli::validateStoredIdMatchesFile()
{
    const QString id = importFile(kHostile);
    const Result stored = run({QStringLiteral("validate"), id});
    const Result file = run({QStringLiteral("validate"), kHostile});
    QCOMPARE(stored.exitCode, 1);
    QCOMPARE(stored.out, file.out); // line numbers are the stored positions, the same as the file's
    QVERIFY(stored.out.contains(QLatin1String(": item_list: /payload/items/0/id: ")));

    const QString demo = importFile(kDemo);
    const Result clean = run({QStringLiteral("validate"), demo.left(6)});
    QCOMPARE(clean.exitCode, 0);
    QCOMPARE(clean.out, QString());
}

void tst_StoreCli::renderStoredId()
{
    const QString id = importFile(kDemo);
    const QString png = m_dir->filePath(QStringLiteral("demo.png"));
    const Result r = run({QStringLiteral("render"), id, QStringLiteral("-o"), png});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.startsWith(QLatin1String("43 messages, 17 cards,")), qPrintable(r.out + r.err));
    QVERIFY(QFileInfo(png).size() > 0);
}

void tst_StoreCli::unknownIdOrFile()
{
    importFile(kDemo);
    Result r = run({QStringLiteral("validate"), QStringLiteral("deadbeef")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QLatin1String("no such file, and no stored conversation")), qPrintable(r.err));
    r = run({QStringLiteral("export"), QStringLiteral("deadbeef"), QStringLiteral("-o"), m_dir->filePath(QStringLiteral("x"))});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QLatin1String("no conversation deadbeef")), qPrintable(r.err));
    r = run({QStringLiteral("import"), m_dir->filePath(QStringLiteral("missing.jsonl"))});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QLatin1String("cannot read")), qPrintable(r.err));
}

void tst_StoreCli::importWhileOpenElsewhere()
{
    const QString id = importFile(kDemo);
    ConversationStore holder; // "the window"
    QVERIFY(holder.open(m_dir->filePath(QStringLiteral("data"))).ok());
    Result r = run({QStringLiteral("import"), kHostile});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QStringLiteral("already open by PID %1").arg(QCoreApplication::applicationPid())), qPrintable(r.err));
    // Reading works beside it (read-only).
    r = run({QStringLiteral("list")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.startsWith(id));
    r = run({QStringLiteral("export"), id, QStringLiteral("-o"), m_dir->filePath(QStringLiteral("o.jsonl"))});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(holder.listConversations().size(), 1);
}

void tst_StoreCli::usageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("import without file") << QStringList{QStringLiteral("import")} << QStringLiteral("import needs a conversation file");
    QTest::newRow("export without id") << QStringList{QStringLiteral("export"), QStringLiteral("-o"), QStringLiteral("x")} << QStringLiteral("export needs a conversation id");
    QTest::newRow("export without -o") << QStringList{QStringLiteral("export"), QStringLiteral("abcd")} << QStringLiteral("export needs -o FILE");
    QTest::newRow("bad format") << QStringList{QStringLiteral("export"), QStringLiteral("abcd"), QStringLiteral("-o"), QStringLiteral("x"), QStringLiteral("--format"), QStringLiteral("pdf")} << QStringLiteral("--format takes jsonl or md");
    QTest::newRow("unknown option") << QStringList{QStringLiteral("list"), QStringLiteral("--all")} << QStringLiteral("unknown option --all");
}

void tst_StoreCli::usageErrors()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Result r = run(arguments);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY(r.err.contains(QLatin1String("Usage:")));
}

QTEST_GUILESS_MAIN(tst_StoreCli)
#include "tst_storecli.moc"
