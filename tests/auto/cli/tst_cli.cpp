// The command line of PRODUCT.md §3, run as a user would: the real binary in a child process.

#include <QImage>
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
    void usageErrors_data();
    void usageErrors();
    void renderDemo_data();
    void renderDemo();
    void renderHostile();

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

void tst_Cli::usageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("render without -o") << QStringList{QStringLiteral("render"), QStringLiteral("x.jsonl")};
    QTest::newRow("bad width") << QStringList{QStringLiteral("render"), QStringLiteral("x.jsonl"), QStringLiteral("-o"), QStringLiteral("y.png"), QStringLiteral("--width"), QStringLiteral("12")};
    QTest::newRow("bad theme") << QStringList{QStringLiteral("render"), QStringLiteral("x.jsonl"), QStringLiteral("-o"), QStringLiteral("y.png"), QStringLiteral("--theme"), QStringLiteral("pink")};
    QTest::newRow("validate without file") << QStringList{QStringLiteral("validate")};
    QTest::newRow("unknown option") << QStringList{QStringLiteral("validate"), QStringLiteral("x.jsonl"), QStringLiteral("--fast")};
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
    QCOMPARE(r.exitCode, 0);
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

QTEST_GUILESS_MAIN(tst_Cli)
#include "tst_cli.moc"
