// tessera ask (issue 5), run as a user would: the real binary in a child process, talking to the scripted
// stdio backend (tests/tools/scriptedbackend), always with --data-dir and a private settings dir.

#include <QFile>
#include <QImage>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <tests/support/clirunner.h>
#include <tests/support/testfiles.h>

using namespace Qt::StringLiterals;
using namespace Tessera::TestSupport;

namespace {

const QByteArray kToolLine =
        R"({"role":"tool","tool_call_id":"c1","name":"emit_card","content":"rendered: text","structured":{"card":{"kind":"text","specVersion":1,"payload":{"title":"Why","text":"Because."}}},"turn_id":"t1"})";
const QByteArray kInvalidToolLine =
        R"({"role":"tool","tool_call_id":"c2","name":"emit_card","content":"rendered: text","structured":{"card":{"kind":"text","specVersion":2,"payload":{"title":"Why","text":"Because."}}},"turn_id":"t1"})";

} // namespace

class tst_Ask : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void completedTurn();
    void invalidCardAtTheWire();
    void failingBackend();
    void backendThatCannotStart();
    void hangingBackendTimesOut();
    void continuesAConversation();
    void renderWritesThePng();
    void usageErrors_data();
    void usageErrors();

private:
    struct Result : CliResult
    {
        QString lastLine() const { return out.trimmed().split(u'\n').last(); }
    };
    Result run(QStringList arguments);
    QString script(const QByteArray &text); // writes a script file, returns its --backend-cmd
    QByteArray exported(const QString &id);
    QTemporaryDir *m_dir = nullptr;
    int m_scripts = 0;
};

void tst_Ask::init()
{
    m_dir = new QTemporaryDir;
    QVERIFY(m_dir->isValid());
}

void tst_Ask::cleanup()
{
    delete m_dir;
    m_dir = nullptr;
}

tst_Ask::Result tst_Ask::run(QStringList arguments)
{
    arguments << u"--data-dir"_s << m_dir->filePath(u"data"_s);
    QProcessEnvironment env = displaylessEnvironment(QpaPlatform::Keep);
    env.insert(u"XDG_CONFIG_HOME"_s, m_dir->filePath(u"config"_s)); // never the user's settings
    return {runProgram(QStringLiteral(TESSERA_BINARY), arguments, env)};
}

QString tst_Ask::script(const QByteArray &text)
{
    const QString path = m_dir->filePath(u"script%1.jsonl"_s.arg(++m_scripts));
    if (!writeFile(path, text))
        return {};
    return QStringLiteral("\"%1\" \"%2\"").arg(QStringLiteral(SCRIPTED_BACKEND), path);
}

QByteArray tst_Ask::exported(const QString &id)
{
    const QString path = m_dir->filePath(u"export.jsonl"_s);
    QFile::remove(path);
    const Result result = run({u"export"_s, id, u"-o"_s, path});
    if (result.exitCode != 0)
        return {};
    return readFile(path);
}

void tst_Ask::completedTurn()
{
    const QString backend = script(R"({"expect":"user.message","contains":"hello"}
{"send":{"type":"turn.started","turnId":"t1"}}
{"send":{"type":"message.delta","turnId":"t1","text":"Hello "}}
{"send":{"type":"message.delta","turnId":"t1","text":"there."}}
{"send":{"type":"message","message":)" + kToolLine + R"(}}
{"send":{"type":"message.delta","turnId":"t1","text":"Done."}}
{"send":{"type":"turn.completed","turnId":"t1"}}
)");
    const Result result = run({u"ask"_s, u"--backend-cmd"_s, backend, u"hello"_s});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QCOMPARE(result.out.split(u'\n').mid(0, 3), QStringList({u"Hello there."_s, u"[card text: Why]"_s, u"Done."_s}));
    const QString id = result.lastLine();
    QVERIFY2(QRegularExpression(u"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"_s).match(id).hasMatch(),
             qPrintable(result.out));
    // Every line received is stored as received, in order, with the session's own prose lines.
    const QByteArray lines = exported(id);
    QCOMPARE(lines, QByteArray(R"({"role":"user","content":"hello"})" "\n"
                               R"({"role":"assistant","content":"Hello there.","turn_id":"t1"})" "\n"
                               + kToolLine + "\n"
                               R"({"role":"assistant","content":"Done.","turn_id":"t1"})" "\n"));
    // The conversation remembers its backend beside it in the data dir (never in the user's own
    // settings), and list shows it.
    const QByteArray remembered = readFile(m_dir->filePath(u"data/backends.ini"_s));
    QVERIFY2(remembered.contains("type=stdio") && remembered.contains(id.toUtf8()), remembered.constData());
    QVERIFY(!QFile::exists(m_dir->filePath(u"config/Tessera/Tessera.conf"_s))
            || !readFile(m_dir->filePath(u"config/Tessera/Tessera.conf"_s)).contains("type=stdio"));
    const Result list = run({u"list"_s});
    QVERIFY(list.out.startsWith(id + u"\thello\t4\t1\t"_s));
}

void tst_Ask::invalidCardAtTheWire()
{
    const QString backend = script(R"({"expect":"user.message"}
{"send":{"type":"turn.started","turnId":"t1"}}
{"send":{"type":"message","message":)" + kInvalidToolLine + R"(}}
{"send":{"type":"turn.completed","turnId":"t1"}}
)");
    const Result result = run({u"ask"_s, u"--backend-cmd"_s, backend, u"show me"_s});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY2(result.out.startsWith(u"[invalid text card, shown as raw data: /specVersion: "_s), qPrintable(result.out));
    QVERIFY2(result.err.contains(u"tessera: line 2: text: /specVersion: "_s), qPrintable(result.err)); // the log line
    QVERIFY(exported(result.lastLine()).contains(kInvalidToolLine)); // kept as received
}

void tst_Ask::failingBackend()
{
    const QString backend = script(R"({"expect":"user.message"}
{"send":{"type":"turn.started","turnId":"t1"}}
{"send":{"type":"message","message":)" + kToolLine + R"(}}
{"send":{"type":"message.delta","turnId":"t1","text":"Partial answ"}}
{"stderr":"out of memory"}
{"exit":3}
)");
    const Result result = run({u"ask"_s, u"--backend-cmd"_s, backend, u"hi"_s});
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(result.err.contains(u"tessera: the backend exited with code 3: out of memory"_s), qPrintable(result.err));
    // Nothing received is lost: the card and the prose that streamed before the exit are stored.
    const QString id = result.lastLine();
    const QByteArray lines = exported(id);
    QVERIFY2(lines.contains(kToolLine), lines.constData());
    QVERIFY2(lines.contains(R"({"role":"assistant","content":"Partial answ","turn_id":"t1"})"), lines.constData());
}

void tst_Ask::backendThatCannotStart()
{
    const Result result = run({u"ask"_s, u"--backend-cmd"_s, m_dir->filePath(u"no-such-program"_s), u"hi"_s});
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(result.err.contains(u"no-such-program"_s), qPrintable(result.err));
    QCOMPARE(result.out, QString()); // nothing was sent, so no conversation exists
}

void tst_Ask::hangingBackendTimesOut()
{
    const QString backend = script(R"({"expect":"user.message"}
{"send":{"type":"turn.started","turnId":"t1"}}
{"send":{"type":"message.delta","turnId":"t1","text":"Thinking"}}
{"hang":true}
)");
    const Result result = run({u"ask"_s, u"--timeout"_s, u"1"_s, u"--backend-cmd"_s, backend, u"hi"_s});
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(result.err.contains(u"the agent sent nothing for 1 s"_s), qPrintable(result.err));
    QVERIFY(exported(result.lastLine()).contains(R"({"role":"assistant","content":"Thinking","turn_id":"t1"})"));
}

void tst_Ask::continuesAConversation()
{
    const QByteArray turn = R"({"expect":"user.message"}
{"send":{"type":"turn.started","turnId":"TURN"}}
{"send":{"type":"message.delta","turnId":"TURN","text":"Answer TURN"}}
{"send":{"type":"turn.completed","turnId":"TURN"}}
)";
    const Result first = run({u"ask"_s, u"--backend-cmd"_s, script(QByteArray(turn).replace("TURN", "t1")), u"one"_s});
    QCOMPARE(first.exitCode, 0);
    const QString id = first.lastLine();
    const Result second = run({u"ask"_s, u"--conversation"_s, id.left(8), u"--backend-cmd"_s,
                               script(QByteArray(turn).replace("TURN", "t2")), u"two"_s});
    QVERIFY2(second.exitCode == 0, qPrintable(second.err));
    QCOMPARE(second.lastLine(), id);
    QCOMPARE(exported(id).split('\n').size(), 5); // 4 lines and the final newline
    // No backend flag: the conversation's remembered backend (the second script, played again).
    const Result third = run({u"ask"_s, u"--conversation"_s, id, u"three"_s});
    QVERIFY2(third.exitCode == 0, qPrintable(third.err));
    QCOMPARE(third.out, u"Answer t2\n"_s + id + u"\n"_s);
}

void tst_Ask::renderWritesThePng()
{
    const QString backend = script(R"({"expect":"user.message"}
{"send":{"type":"turn.started","turnId":"t1"}}
{"send":{"type":"message","message":)" + kToolLine + R"(}}
{"send":{"type":"turn.completed","turnId":"t1"}}
)");
    const QString png = m_dir->filePath(u"out.png"_s);
    const Result result = run({u"ask"_s, u"--backend-cmd"_s, backend, u"--render"_s, png, u"draw it"_s});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY2(result.out.contains(u"2 messages, 1 card, 0 fallbacks"_s), qPrintable(result.out));
    const QImage image(png);
    QCOMPARE(image.width(), 900);
    QVERIFY(image.height() > 100);
    QVERIFY(result.lastLine().size() == 36);
}

void tst_Ask::usageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("no text") << QStringList{u"ask"_s, u"--backend-cmd"_s, u"x"_s} << u"needs the message"_s;
    QTest::newRow("no backend") << QStringList{u"ask"_s, u"hi"_s} << u"needs a backend"_s;
    QTest::newRow("two texts") << QStringList{u"ask"_s, u"--backend-cmd"_s, u"x"_s, u"a"_s, u"b"_s} << u"unexpected argument b"_s;
    QTest::newRow("bad timeout") << QStringList{u"ask"_s, u"--backend-cmd"_s, u"x"_s, u"--timeout"_s, u"0"_s, u"hi"_s}
                                 << u"--timeout"_s;
    QTest::newRow("two backends") << QStringList{u"ask"_s, u"--backend-cmd"_s, u"x"_s, u"--backend"_s, u"ws://h:1/"_s, u"hi"_s}
                                  << u"--backend"_s;
    QTest::newRow("unknown conversation") << QStringList{u"ask"_s, u"--conversation"_s, u"zzzzzzzz"_s, u"--backend-cmd"_s, u"x"_s, u"hi"_s}
                                          << u"zzzzzzzz"_s;
    QTest::newRow("backend with render") << QStringList{u"render"_s, u"f.jsonl"_s, u"-o"_s, u"o.png"_s, u"--backend-cmd"_s, u"x"_s}
                                         << u"go with the window and ask"_s;
}

void tst_Ask::usageErrors()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Result result = run(arguments);
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(message), qPrintable(result.err));
}

QTEST_MAIN(tst_Ask)
#include "tst_ask.moc"
