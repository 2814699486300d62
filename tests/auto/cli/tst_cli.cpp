// The command line of PRODUCT.md §3, run as a user would: the real binary in a child process.

#include <utility>

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <tests/support/clirunner.h>

using Tessera::TestSupport::CliResult;

class tst_Cli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void version();
    void validateDemoIsClean();
    void validateHostileListsEachProblem();
    void validateJson();
    void validateUnreadableFile();
    void validateReadsAPipe_data();
    void validateReadsAPipe();
    void validateRefusesAnEndlessStream();
    void validateExpectationsMet();
    void validateExpectationsUnmet();
    void validateExpectationsJson();
    void usageErrors_data();
    void usageErrors();
    void renderDemo_data();
    void renderDemo();
    void renderHostile();
    void renderToStandardOutput();
    // issue 17: the program people start runs validate itself, and hands everything else over.
    void validateLoadsNoWindowLibrary();
    void validateAsTheWindowsProgram_data();
    void validateAsTheWindowsProgram();
    void validateByLinesAsTheWholeFile_data();
    void validateByLinesAsTheWholeFile();
    void otherCommandsReachTheWindowsProgram_data();
    void otherCommandsReachTheWindowsProgram();

private:
    using Result = CliResult;
    // The binary as on a machine with no display at all.
    Result run(const QStringList &arguments);
    QTemporaryDir m_dir;
};

tst_Cli::Result tst_Cli::run(const QStringList &arguments)
{
    using namespace Tessera::TestSupport;
    return runProgram(QStringLiteral(TESSERA_BINARY), arguments, displaylessEnvironment(QpaPlatform::Remove));
}

void tst_Cli::version()
{
    const Result r = run({QStringLiteral("--version")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(QRegularExpression(QStringLiteral("^tessera \\d+\\.\\d+\\.\\d+ \\(Qt 6\\.")).match(r.out).hasMatch(), qPrintable(r.out));
    // The allocator the program really runs (issue 17): mimalloc's heap holds its malloc blocks.
    const QString allocator = TESSERA_MIMALLOC_LINKED ? QStringLiteral(", mimalloc 2.") : QStringLiteral(", glibc malloc)");
    QVERIFY2(r.out.contains(allocator), qPrintable(r.out));
}

void tst_Cli::validateDemoIsClean()
{
    const Result r = run({QStringLiteral("validate"), QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl")});
    QCOMPARE(r.out, QString());
    QCOMPARE(r.exitCode, 0);
}

void tst_Cli::validateHostileListsEachProblem()
{
    const Result r = run({QStringLiteral("validate"), QStringLiteral(TESSERA_TEST_DATA "/hostile.jsonl")});
    QCOMPARE(r.exitCode, 1);
    const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY(lines.size() >= 10);
    const QRegularExpression shape(QStringLiteral("^line \\d+: [^:]+: .+$"));
    for (const QString &line : lines)
        QVERIFY2(shape.match(line).hasMatch(), qPrintable(line));
    // A few that must be named exactly.
    QVERIFY2(r.out.contains(QLatin1String(": metric_chart: /payload/series/0/points: ")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String(": recommend_actions: /payload/actions: ")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String(": item_list: /payload/items/0/id: ")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String("(unreadable)")), qPrintable(r.out));
}

void tst_Cli::validateJson()
{
    const Result r = run({QStringLiteral("validate"), QStringLiteral(TESSERA_TEST_DATA "/hostile.jsonl"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.out.contains(QLatin1String("\"valid\": false")));
    QVERIFY(r.out.contains(QLatin1String("\"pointer\": \"/payload/actions\"")));
}

void tst_Cli::validateUnreadableFile()
{
    const Result r = run({QStringLiteral("validate"), m_dir.filePath(QStringLiteral("missing.jsonl"))});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains(QLatin1String("cannot read")));
}

// A pipe is read as a stream, to its end: the same report as the file gives. "-" names standard input.
void tst_Cli::validateReadsAPipe_data()
{
    QTest::addColumn<QString>("argument");
    QTest::newRow("/dev/stdin") << QStringLiteral("/dev/stdin");
    QTest::newRow("-") << QStringLiteral("-");
}

void tst_Cli::validateReadsAPipe()
{
    QFETCH(QString, argument);
    QFile hostile(QStringLiteral(TESSERA_TEST_DATA "/hostile.jsonl"));
    QVERIFY(hostile.open(QIODevice::ReadOnly));
    QProcess process;
    using namespace Tessera::TestSupport;
    process.setProcessEnvironment(displaylessEnvironment(QpaPlatform::Remove));
    process.start(QStringLiteral(TESSERA_BINARY), {QStringLiteral("validate"), argument});
    QVERIFY(process.waitForStarted(10000));
    process.write(hostile.readAll());
    process.closeWriteChannel();
    QVERIFY(process.waitForFinished(30000));
    const QString piped = QString::fromUtf8(process.readAllStandardOutput());
    const Result file = run({QStringLiteral("validate"), hostile.fileName()});
    QCOMPARE(process.exitCode(), 1);
    QVERIFY(piped.count(QLatin1Char('\n')) >= 10);
    QCOMPARE(piped, file.out);
}

// A device with no end is refused past the cap with a reason, not read until memory runs out.
void tst_Cli::validateRefusesAnEndlessStream()
{
    const Result r = run({QStringLiteral("validate"), QStringLiteral("/dev/zero")});
    QCOMPARE(r.exitCode, 2);
    const QLatin1String why("cannot read /dev/zero: it is a stream (a pipe or a device) of more than 256 MiB");
    QVERIFY2(r.err.contains(why), qPrintable(r.err));
}

namespace {
const QString kDemo = QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl");
const QString kExpect = QStringLiteral("--expect");
} // namespace

void tst_Cli::validateExpectationsMet()
{
    // Seed 002's checks, met: nothing is printed and the exit code is 0. "cardKind: data_table" as the
    // seed spells it (a space after the colon) is the same check.
    const Result r = run({QStringLiteral("validate"), kDemo, kExpect, QStringLiteral("cardsAtLeast:17"), kExpect,
                          QStringLiteral("cardKind:data_table"), kExpect, QStringLiteral("cardKind: metric_chart")});
    QCOMPARE(r.out, QString());
    QCOMPARE(r.err, QString());
    QCOMPARE(r.exitCode, 0);
}

void tst_Cli::validateExpectationsUnmet()
{
    // One line per unmet expectation, in the order given; met ones print nothing.
    const Result r = run({QStringLiteral("validate"), kDemo, kExpect, QStringLiteral("cardsAtLeast:18"), kExpect,
                          QStringLiteral("cardKind:text"), kExpect, QStringLiteral("cardKind:decision"), kExpect,
                          QStringLiteral("cardsAtLeast:0")});
    QCOMPARE(r.exitCode, 1);
    const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QCOMPARE(lines.at(0), QStringLiteral("expectation not met: cardsAtLeast:18: the conversation has 17 valid cards"));
    QCOMPARE(lines.at(1), QStringLiteral("expectation not met: cardKind:decision: no valid decision card (valid kinds: %1)")
                                  .arg(QStringLiteral("alert, canvas, code, data_table, detail, dorkos_ui, item_list, json_render, metric_chart, recommend_actions, text")));

    // Invalid cards do not count, and they are still listed before the expectations.
    const Result hostile = run({QStringLiteral("validate"), QStringLiteral(TESSERA_TEST_DATA "/hostile.jsonl"), kExpect,
                                QStringLiteral("cardsAtLeast:1000")});
    QCOMPARE(hostile.exitCode, 1);
    const QStringList hostileLines = hostile.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY(hostileLines.size() >= 11);
    QVERIFY2(hostileLines.last().startsWith(QLatin1String("expectation not met: cardsAtLeast:1000: the conversation has ")),
             qPrintable(hostileLines.last()));
    QVERIFY(hostileLines.first().startsWith(QLatin1String("line ")));
}

void tst_Cli::validateExpectationsJson()
{
    const Result r = run({QStringLiteral("validate"), kDemo, QStringLiteral("--json"), kExpect, QStringLiteral("cardKind:decision")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains(QLatin1String("\"valid\": true")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String("\"expectationsMet\": false")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String("\"expectation not met: cardKind:decision: no valid decision card")), qPrintable(r.out));
}

void tst_Cli::usageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("render without -o") << QStringList{QStringLiteral("render"), QStringLiteral("x.jsonl")};
    QTest::newRow("bad width") << QStringList{QStringLiteral("render"), QStringLiteral("x.jsonl"), QStringLiteral("-o"), QStringLiteral("y.png"), QStringLiteral("--width"), QStringLiteral("12")};
    QTest::newRow("bad theme") << QStringList{QStringLiteral("render"), QStringLiteral("x.jsonl"), QStringLiteral("-o"), QStringLiteral("y.png"), QStringLiteral("--theme"), QStringLiteral("pink")};
    QTest::newRow("validate without file") << QStringList{QStringLiteral("validate")};
    QTest::newRow("unknown option") << QStringList{QStringLiteral("validate"), QStringLiteral("x.jsonl"), QStringLiteral("--fast")};
    QTest::newRow("--expect without value") << QStringList{QStringLiteral("validate"), QStringLiteral("x.jsonl"), QStringLiteral("--expect")};
    QTest::newRow("--expect unknown check") << QStringList{QStringLiteral("validate"), QStringLiteral("x.jsonl"), QStringLiteral("--expect"), QStringLiteral("cardsAtMost:3")};
    QTest::newRow("--expect negative count") << QStringList{QStringLiteral("validate"), QStringLiteral("x.jsonl"), QStringLiteral("--expect"), QStringLiteral("cardsAtLeast:-1")};
    QTest::newRow("--expect empty kind") << QStringList{QStringLiteral("validate"), QStringLiteral("x.jsonl"), QStringLiteral("--expect"), QStringLiteral("cardKind:")};
    QTest::newRow("ask --render -") << QStringList{QStringLiteral("ask"), QStringLiteral("--backend-cmd"), QStringLiteral("true"), QStringLiteral("--render"), QStringLiteral("-"), QStringLiteral("hi")};
}

void tst_Cli::usageErrors()
{
    QFETCH(QStringList, arguments);
    const Result r = run(arguments);
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains(QLatin1String("Usage:")));
}

void tst_Cli::renderDemo_data()
{
    QTest::addColumn<QString>("theme");
    QTest::addColumn<int>("width");
    QTest::newRow("light") << QStringLiteral("light") << 900;
    QTest::newRow("dark") << QStringLiteral("dark") << 700;
}

void tst_Cli::renderDemo()
{
    QFETCH(QString, theme);
    QFETCH(int, width);
    const QString out = m_dir.filePath(QStringLiteral("demo-%1.png").arg(theme));
    const Result r = run({QStringLiteral("render"), QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl"),
                          QStringLiteral("-o"), out, QStringLiteral("--width"), QString::number(width),
                          QStringLiteral("--theme"), theme});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err.right(4000)));
    const QRegularExpression counts(QStringLiteral("^(\\d+) messages, (\\d+) cards, 0 fallbacks$"), QRegularExpression::MultilineOption);
    const QRegularExpressionMatch m = counts.match(r.out);
    QVERIFY2(m.hasMatch(), qPrintable(r.out));
    QVERIFY(m.captured(1).toInt() >= 20);
    QVERIFY(m.captured(2).toInt() >= 8);
    QImage image(out);
    QVERIFY(!image.isNull());
    QCOMPARE(image.width(), width);
    QVERIFY(image.height() > 3000);
    // Not blank: many distinct colors, and the background is the theme's.
    QSet<QRgb> colors;
    for (int y = 0; y < image.height(); y += 7) {
        for (int x = 0; x < image.width(); x += 5)
            colors.insert(image.pixel(x, y));
    }
    QVERIFY2(colors.size() > 50, qPrintable(QString::number(colors.size())));
    const int background = qGray(image.pixel(2, 2));
    QVERIFY(theme == QLatin1String("dark") ? background < 80 : background > 200);
}

void tst_Cli::renderHostile()
{
    const QString out = m_dir.filePath(QStringLiteral("hostile.png"));
    const Result r = run({QStringLiteral("render"), QStringLiteral(TESSERA_TEST_DATA "/hostile.jsonl"), QStringLiteral("-o"), out});
    QCOMPARE(r.exitCode, 0);
    const QRegularExpression counts(QStringLiteral("^(\\d+) messages, (\\d+) cards, (\\d+) fallbacks$"), QRegularExpression::MultilineOption);
    const QRegularExpressionMatch m = counts.match(r.out);
    QVERIFY2(m.hasMatch(), qPrintable(r.out));
    QVERIFY(m.captured(3).toInt() >= 10);
    QVERIFY(!QImage(out).isNull());
}

void tst_Cli::renderToStandardOutput()
{
    // "-" is standard output: the PNG bytes alone there, what is said about them on stderr, no file "-".
    QFile::remove(QStringLiteral("-"));
    const Result r = run({QStringLiteral("render"), kDemo, QStringLiteral("-o"), QStringLiteral("-"), QStringLiteral("--width"),
                          QStringLiteral("480")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(!QFile::exists(QStringLiteral("-")));
    QVERIFY(r.outBytes.startsWith("\x89PNG\r\n\x1a\n"));
    const QImage image = QImage::fromData(r.outBytes, "PNG");
    QVERIFY(!image.isNull());
    QCOMPARE(image.width(), 480);
    QVERIFY2(r.err.contains(QLatin1String("wrote standard output (480x")), qPrintable(r.err));
    QVERIFY2(QRegularExpression(QStringLiteral("^43 messages, 17 cards, 0 fallbacks$"), QRegularExpression::MultilineOption)
                     .match(r.err).hasMatch(), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(tst_Cli)
namespace {

// The shared libraries a run of `tessera ARGUMENTS` loaded, as glibc's loader names them (LD_DEBUG=files),
// across the exec into the window's program.
QString librariesLoaded(const QStringList &arguments, const QString &dir)
{
    using namespace Tessera::TestSupport;
    QProcessEnvironment environment = displaylessEnvironment(QpaPlatform::Keep);
    environment.insert(QStringLiteral("LD_DEBUG"), QStringLiteral("files"));
    environment.insert(QStringLiteral("LD_DEBUG_OUTPUT"), dir + QStringLiteral("/ld"));
    const CliResult r = runProgram(QStringLiteral(TESSERA_BINARY), arguments, environment);
    if (r.exitCode != 0)
        return QStringLiteral("exit code %1: %2").arg(r.exitCode).arg(r.err);
    QString log;
    for (const QString &name : QDir(dir).entryList({QStringLiteral("ld.*")}, QDir::Files)) {
        QFile file(QDir(dir).filePath(name));
        if (file.open(QIODevice::ReadOnly))
            log += QString::fromUtf8(file.readAll());
    }
    return log;
}

} // namespace

void tst_Cli::validateLoadsNoWindowLibrary()
{
    // `tessera validate` of a file does not load QtWebEngine, Qt Widgets or Gui (issue 17: their loading was
    // most of a short validate's time), nor the store's and the backends' libraries ...
    const char *const notLoaded[] = {"libQt6WebEngineCore.so", "libQt6Widgets.so", "libQt6Gui.so", "libQt6Charts.so",
                                     "libQt6Sql.so", "libsqlite3.so", "libQt6Network.so", "libQt6WebSockets.so",
                                     "libqt6keychain.so"};
    QTemporaryDir validateDir;
    const QString validate = librariesLoaded({QStringLiteral("validate"), kDemo}, validateDir.path());
    QVERIFY2(validate.contains(QLatin1String("libQt6Core.so")), qPrintable(validate.left(2000)));
    for (const char *library : notLoaded)
        QVERIFY2(!validate.contains(QLatin1String(library)), library);
    // ... while a command of the window's program does, so the check above can fail.
    QTemporaryDir versionDir;
    const QString version = librariesLoaded({QStringLiteral("--version")}, versionDir.path());
    for (const char *library : notLoaded)
        QVERIFY2(version.contains(QLatin1String(library)), library);
}

void tst_Cli::validateAsTheWindowsProgram_data()
{
    // Every conversation fixture, as the front runs it and as the window's program does: the same lines,
    // the same exit code, byte for byte.
    QTest::addColumn<QStringList>("arguments");
    QStringList files{kDemo};
    QDirIterator it(QStringLiteral(TESSERA_TEST_DATA), {QStringLiteral("*.jsonl")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files.append(it.next());
    files.sort();
    QVERIFY(files.size() >= 10);
    const QString validate = QStringLiteral("validate");
    for (const QString &file : std::as_const(files)) {
        const QByteArray name = QDir(QStringLiteral(TESSERA_SOURCE_DIR)).relativeFilePath(file).toUtf8();
        QTest::newRow(name.constData()) << QStringList{validate, file};
        QTest::newRow(QByteArray(name + " --json").constData()) << QStringList{validate, QStringLiteral("--json"), file};
        QTest::newRow(QByteArray(name + " --expect").constData())
            << QStringList{validate, file, kExpect, QStringLiteral("cardsAtLeast:3"), kExpect, QStringLiteral("cardKind:data_table")};
    }
    QTest::newRow("--plugins with tool-card descriptors")
        << QStringList{validate, QStringLiteral("--plugins"), QStringLiteral(TESSERA_TEST_DATA "/toolcards/plugins"), kDemo};
    QTest::newRow("--plugins that is no directory")
        << QStringList{validate, kDemo, QStringLiteral("--plugins"), QStringLiteral(TESSERA_TEST_DATA "/hostile.jsonl")};
    QTest::newRow("missing file") << QStringList{validate, QStringLiteral("/nonexistent/conversation.jsonl")};
    QTest::newRow("unknown stored id") << QStringList{validate, QStringLiteral("--data-dir"), QStringLiteral("/nonexistent/data"),
                                                      QStringLiteral("0123abcd")};
}

namespace {

// The same arguments run by the program people start and by the window's program, as on a machine with
// no display.
std::pair<CliResult, CliResult> runFrontAndWindow(const QStringList &arguments)
{
    using namespace Tessera::TestSupport;
    const QProcessEnvironment environment = displaylessEnvironment(QpaPlatform::Remove);
    return {runProgram(QStringLiteral(TESSERA_BINARY), arguments, environment),
            runProgram(QStringLiteral(TESSERA_WINDOW_BINARY), arguments, environment)};
}

} // namespace

void tst_Cli::validateAsTheWindowsProgram()
{
    QFETCH(QStringList, arguments);
    const auto [front, window] = runFrontAndWindow(arguments);
    QVERIFY2(front.exitCode >= 0, qPrintable(front.err));
    QCOMPARE(front.exitCode, window.exitCode);
    QCOMPARE(front.outBytes, window.outBytes);
    QCOMPARE(front.err, window.err);
}

void tst_Cli::validateByLinesAsTheWholeFile_data()
{
    // A file with no --expect is validated line by line (TranscriptFile, issue 17); with one it is read
    // whole (the expectations need every card). An expectation that always holds makes the two comparable:
    // the same lines, the same exit code, the same JSON but for the expectation's own members.
    QTest::addColumn<QString>("file");
    QStringList files{kDemo};
    for (const QString &root : {QStringLiteral(TESSERA_TEST_DATA), QStringLiteral(TESSERA_SOURCE_DIR "/fuzz/corpus/transcriptline")}) {
        QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString file = it.next();
            if (file.endsWith(QLatin1String(".jsonl")) || file.contains(QLatin1String("/fuzz/")))
                files.append(file);
        }
    }
    files.sort();
    for (const QString &file : std::as_const(files))
        QTest::newRow(QDir(QStringLiteral(TESSERA_SOURCE_DIR)).relativeFilePath(file).toUtf8().constData()) << file;
}

void tst_Cli::validateByLinesAsTheWholeFile()
{
    QFETCH(QString, file);
    const QStringList always{kExpect, QStringLiteral("cardsAtLeast:0")};
    const Result byLines = run({QStringLiteral("validate"), file});
    const Result whole = run(QStringList{QStringLiteral("validate"), file} + always);
    QVERIFY2(byLines.exitCode == 0 || byLines.exitCode == 1, qPrintable(byLines.err));
    QCOMPARE(byLines.exitCode, whole.exitCode);
    QCOMPARE(byLines.out, whole.out);
    QCOMPARE(byLines.err, whole.err);

    const Result jsonByLines = run({QStringLiteral("validate"), QStringLiteral("--json"), file});
    const Result jsonWhole = run(QStringList{QStringLiteral("validate"), QStringLiteral("--json"), file} + always);
    QJsonObject wholeReport = QJsonDocument::fromJson(jsonWhole.out.toUtf8()).object();
    QCOMPARE(wholeReport.take(QStringLiteral("expectationsMet")), QJsonValue(true));
    QCOMPARE(wholeReport.take(QStringLiteral("unmet")), QJsonValue(QJsonArray()));
    const QJsonObject byLinesReport = QJsonDocument::fromJson(jsonByLines.out.toUtf8()).object();
    QVERIFY(byLinesReport.contains(QStringLiteral("problems")));
    QCOMPARE(byLinesReport, wholeReport);
    QCOMPARE(jsonByLines.exitCode, jsonWhole.exitCode);
}

void tst_Cli::otherCommandsReachTheWindowsProgram_data()
{
    // What the front does not run itself reaches the window's program unchanged, errors included.
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    const QString validate = QStringLiteral("validate");
    QTest::newRow("--version") << QStringList{QStringLiteral("--version")} << 0;
    QTest::newRow("--help") << QStringList{QStringLiteral("--help")} << 0;
    QTest::newRow("validate, unknown option") << QStringList{validate, kDemo, QStringLiteral("--fast")} << 2;
    QTest::newRow("validate, no file") << QStringList{validate} << 2;
    QTest::newRow("validate, two files") << QStringList{validate, kDemo, kDemo} << 2;
    QTest::newRow("validate, --data-dir twice")
        << QStringList{validate, QStringLiteral("--data-dir"), QStringLiteral("/a"), QStringLiteral("--data-dir"), QStringLiteral("/b"), kDemo} << 2;
    QTest::newRow("validate, --data-dir naming an option")
        << QStringList{validate, QStringLiteral("--data-dir"), QStringLiteral("--plugins"), kDemo} << 2;
    QTest::newRow("validate, --lang")
        << QStringList{validate, QStringLiteral(TESSERA_TEST_DATA "/hostile.jsonl"), QStringLiteral("--lang"), QStringLiteral("de")} << 1;
    QTest::newRow("options before validate") << QStringList{QStringLiteral("--plugins"), QStringLiteral("/nonexistent"), validate, kDemo} << 0;
    QTest::newRow("export-card") << QStringList{QStringLiteral("export-card"), kDemo, QStringLiteral("--card"), QStringLiteral("1"),
                                                QStringLiteral("--to"), QStringLiteral("markdown")} << 0;
}

void tst_Cli::otherCommandsReachTheWindowsProgram()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    const auto [front, window] = runFrontAndWindow(arguments);
    QCOMPARE(front.exitCode, exitCode);
    QCOMPARE(window.exitCode, exitCode);
    QCOMPARE(front.outBytes, window.outBytes);
    QCOMPARE(front.err, window.err);
    QVERIFY(!front.outBytes.isEmpty() || !front.err.isEmpty());
}

#include "tst_cli.moc"
