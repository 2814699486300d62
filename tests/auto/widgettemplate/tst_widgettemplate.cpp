// Widget templates (issue 15, seed 003 "Skill Widget Templates"): every placeholder rule at its bound
// (one fixture directory per rule under tests/data/widget-templates/), the check-templates exit codes,
// the system prompt an OpenAI-compatible endpoint receives, and a filled template drawn as a fence.

#include <sys/stat.h>

#include <QDir>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <backend/openaitools.h>
#include <cards/dialects/widgetdocument.h>
#include <cards/dialects/widgettemplate.h>
#include <tests/support/clirunner.h>
#include <tests/support/fakeendpoint.h>
#include <tests/support/testfiles.h>

using namespace Tessera;
using namespace Tessera::TestSupport;

namespace {

QString fixture(const QString &name)
{
    return testDataPath(QStringLiteral("widget-templates/") + name);
}

QStringList expectedLines(const QString &name)
{
    const QString text = QString::fromUtf8(readFile(fixture(name) + QStringLiteral("/expected.txt")));
    return text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

QStringList problemLines(const WidgetTemplateSet &set)
{
    QStringList lines;
    for (const WidgetTemplateProblem &problem : set.problems)
        lines.append(problem.line());
    return lines;
}

QString fill(QString text, const QList<QPair<QString, QString>> &values)
{
    for (const auto &[name, value] : values)
        text.replace(QStringLiteral("{{%1}}").arg(name), value);
    return text;
}

// Runs tessera with a bound (a regression that hangs fails here instead of hanging the suite).
struct BoundedRun
{
    bool finished = false;
    int exitCode = -1;
    QString out;
    QString err;
};

BoundedRun runBounded(const QStringList &arguments, int timeoutMs = 60000)
{
    QProcess process;
    process.setProcessEnvironment(displaylessEnvironment());
    process.start(QStringLiteral(TESSERA_BINARY), arguments);
    BoundedRun run;
    if (!process.waitForStarted(30000))
        return run;
    run.finished = process.waitForFinished(timeoutMs);
    if (!run.finished) {
        process.kill();
        process.waitForFinished(5000);
        return run;
    }
    run.exitCode = process.exitCode();
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

} // namespace

class TestWidgetTemplate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rules_data()
    {
        QTest::addColumn<QString>("folder");
        const QStringList folders = testDataFolders(QStringLiteral("widget-templates"));
        QVERIFY(folders.size() >= 30);
        for (const QString &folder : folders)
            QTest::newRow(qPrintable(folder)) << folder;
    }

    // Each folder's problems are exactly its expected.txt; ok-* folders have none and load every file.
    void rules()
    {
        QFETCH(QString, folder);
        const WidgetTemplateSet set = loadWidgetTemplates(fixture(folder));
        QVERIFY(set.readable);
        QCOMPARE(problemLines(set), expectedLines(folder));
        if (folder.startsWith(QLatin1String("ok-"))) {
            QVERIFY(set.problems.isEmpty());
            const int files = int(QDir(fixture(folder) + QStringLiteral("/ui")).entryList({QStringLiteral("*.widget.json")}).size());
            QCOMPARE(set.templates.size(), files);
        } else {
            QVERIFY(folder.startsWith(QLatin1String("bad-")));
            QVERIFY(!set.problems.isEmpty());
        }
    }

    // A template with problems is never offered: only the good files of a directory are templates.
    void brokenTemplateNotLoaded()
    {
        const WidgetTemplateSet set = loadWidgetTemplates(fixture(QStringLiteral("bad-duplicate-name")));
        QCOMPARE(set.templates.size(), 1);
        QCOMPARE(set.templates.first().file, QStringLiteral("ui/a.widget.json"));
        const WidgetTemplateSet progress = loadWidgetTemplates(fixture(QStringLiteral("bad-progress-value")));
        QVERIFY(progress.templates.isEmpty());
    }

    void seedExampleLoaded()
    {
        const WidgetTemplateSet set = loadWidgetTemplates(fixture(QStringLiteral("ok-seed-example")));
        QCOMPARE(set.templates.size(), 1);
        const WidgetTemplate &t = set.templates.first();
        QCOMPARE(t.file, QStringLiteral("ui/issue-stat.widget.json"));
        QCOMPARE(t.name, QStringLiteral("issue-stat"));
        QCOMPARE(t.description, QStringLiteral("A stat card summarizing a single tracker issue"));
        QCOMPARE(t.placeholders, QStringList({QStringLiteral("hint"), QStringLiteral("label"), QStringLiteral("value")}));
        QCOMPARE(t.documentJson,
                 QByteArray("{\"root\":{\"hint\":\"{{hint}}\",\"label\":\"{{label}}\",\"type\":\"stat\",\"value\":\"{{value}}\"},\"version\":1}"));
    }

    void unreadable()
    {
        const WidgetTemplateSet set = loadWidgetTemplates(fixture(QStringLiteral("no-such-personality")));
        QVERIFY(!set.readable);
        QVERIFY(set.unreadable.endsWith(QLatin1String("no-such-personality: not a readable directory")));
    }

    // A file past the size cap is one problem, not read.
    void tooLarge()
    {
        QTemporaryDir temp;
        QVERIFY(QDir().mkpath(temp.filePath(QStringLiteral("ui"))));
        QByteArray big = "{\"name\":\"big\",\"description\":\"d\",\"document\":{\"version\":1,\"root\":{\"type\":\"text\",\"text\":\"";
        big += QByteArray(int(kWidgetTemplateMaxBytes), 'x') + "\"}}}";
        QVERIFY(writeFile(temp.filePath(QStringLiteral("ui/big.widget.json")), big));
        const WidgetTemplateSet set = loadWidgetTemplates(temp.path());
        QCOMPARE(problemLines(set), QStringList(QStringLiteral("ui/big.widget.json: is %1 bytes: a template may have at most %2")
                                                    .arg(big.size()).arg(kWidgetTemplateMaxBytes)));
    }

    // A FIFO named like a template hung check-templates and start-up (open() waits for a writer): it
    // is one problem, named, never opened; the good template beside it still loads.
    void nonRegularTemplateFile()
    {
        QTemporaryDir temp;
        QVERIFY(QDir().mkpath(temp.filePath(QStringLiteral("ui"))));
        QVERIFY(QFile::copy(fixture(QStringLiteral("ok-seed-example/ui/issue-stat.widget.json")),
                            temp.filePath(QStringLiteral("ui/issue-stat.widget.json"))));
        QCOMPARE(::mkfifo(QFile::encodeName(temp.filePath(QStringLiteral("ui/x.widget.json"))).constData(), 0600), 0);
        const BoundedRun check = runBounded({QStringLiteral("check-templates"), temp.path()});
        QVERIFY2(check.finished, "check-templates did not finish within 60 s");
        QCOMPARE(check.exitCode, 1);
        QCOMPARE(check.out, QStringLiteral("ui/x.widget.json: is not a regular file: not opened\n"));
        QVERIFY2(check.err.contains(QLatin1String("1 good widget templates, 1 problems")), qPrintable(check.err));

        QTemporaryDir data;
        const BoundedRun start = runBounded({QStringLiteral("--data-dir"), data.path(), QStringLiteral("--personality"),
                                             temp.path(), QStringLiteral("list")});
        QVERIFY2(start.finished, "start-up did not finish within 60 s");
        QCOMPARE(start.exitCode, 1);
        QVERIFY2(start.err.contains(QLatin1String("widget template: ui/x.widget.json: is not a regular file: not opened")),
                 qPrintable(start.err));
    }

    // A file named ui passed as "0 templates": it is a mistake with a reason, exit 2.
    void uiNotADirectory()
    {
        QTemporaryDir temp;
        QVERIFY(writeFile(temp.filePath(QStringLiteral("ui")), "not a folder"));
        const BoundedRun check = runBounded({QStringLiteral("check-templates"), temp.path()});
        QVERIFY(check.finished);
        QCOMPARE(check.exitCode, 2);
        QVERIFY(check.out.isEmpty());
        QCOMPARE(check.err, QStringLiteral("tessera: ui: is not a directory\n"));
        const WidgetTemplateSet set = loadWidgetTemplates(temp.path());
        QVERIFY(!set.readable);
        QCOMPARE(set.unreadable, QStringLiteral("ui: is not a directory"));
    }

    void checkTemplatesExitCodes_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("clean") << "ok-seed-example" << 0;
        QTest::newRow("no ui directory") << "ok-no-ui-directory" << 0;
        QTest::newRow("problems") << "bad-progress-value" << 1;
        QTest::newRow("two files, one name") << "bad-duplicate-name" << 1;
        QTest::newRow("unreadable") << "no-such-personality" << 2;
    }

    void checkTemplatesExitCodes()
    {
        QFETCH(QString, folder);
        QFETCH(int, exitCode);
        const CliResult result = runProgram(QStringLiteral(TESSERA_BINARY),
                                            {QStringLiteral("check-templates"), fixture(folder)}, displaylessEnvironment());
        QCOMPARE(result.exitCode, exitCode);
        if (exitCode == 2) {
            QVERIFY(result.out.isEmpty());
            QVERIFY2(result.err.contains(QLatin1String("not a readable directory")), qPrintable(result.err));
        } else {
            QCOMPARE(result.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts), expectedLines(folder));
        }
    }

    // --personality with a broken template stops start-up with the problem named (never skipped).
    void brokenPersonalityStopsStartUp()
    {
        QTemporaryDir data;
        const CliResult result = runProgram(QStringLiteral(TESSERA_BINARY),
                                            {QStringLiteral("--data-dir"), data.path(), QStringLiteral("--personality"),
                                             fixture(QStringLiteral("bad-badge-tone")), QStringLiteral("list")},
                                            displaylessEnvironment());
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.err.contains(QLatin1String(
                     "widget template: ui/t.widget.json: /document/root/tone: a placeholder is not allowed in an enum field")),
                 qPrintable(result.err));
    }

    // The system prompt lists each template by name and description, with its placeholders and document.
    void promptSection()
    {
        const WidgetTemplateSet set = loadWidgetTemplates(fixture(QStringLiteral("ok-seed-example")));
        OpenAiTools::setWidgetTemplates(set.templates);
        const QString section = OpenAiTools::templatePromptSection();
        OpenAiTools::setWidgetTemplates({});
        QVERIFY(section.contains(QLatin1String("\n- issue-stat: A stat card summarizing a single tracker issue\n"
                                               "  placeholders: hint, label, value\n  document: {\"root\":")));
        QVERIFY(section.contains(QLatin1String("```dorkos-ui")));
        QVERIFY(OpenAiTools::templatePromptSection().isEmpty());
        QVERIFY(!OpenAiTools::systemPrompt().contains(QLatin1String("Widget templates")));
    }

    // Past kMaxTemplatePromptBytes a template is listed by name and description only.
    void promptSectionBounded()
    {
        QList<WidgetTemplate> many;
        for (int i = 0; i < 40; ++i) {
            WidgetTemplate t;
            t.name = QStringLiteral("t%1").arg(i);
            t.description = QStringLiteral("template %1").arg(i);
            t.documentJson = QByteArray(1500, 'x');
            many.append(t);
        }
        OpenAiTools::setWidgetTemplates(many);
        const QString section = OpenAiTools::templatePromptSection();
        OpenAiTools::setWidgetTemplates({});
        QVERIFY(section.toUtf8().size() < OpenAiTools::kMaxTemplatePromptBytes + 40 * 40);
        QVERIFY(section.contains(QLatin1String("\n- t0: template 0\n  placeholders: none\n  document: xxx")));
        QVERIFY(section.endsWith(QLatin1String("\n- t39: template 39")));
    }

    // The whole wiring: `tessera ask --personality DIR` against a loopback endpoint; the system message
    // the endpoint received lists the template.
    void systemPromptSentToEndpoint()
    {
        FakeEndpoint endpoint("sk-templates");
        QTemporaryDir data;
        QProcess process;
        QProcessEnvironment environment = displaylessEnvironment();
        environment.insert(QStringLiteral("TEMPLATE_TEST_KEY"), QStringLiteral("sk-templates"));
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(TESSERA_BINARY),
                      {QStringLiteral("--data-dir"), data.path(), QStringLiteral("--personality"),
                       fixture(QStringLiteral("ok-seed-example")), QStringLiteral("ask"), QStringLiteral("--openai"),
                       endpoint.baseUrl().toString(), QStringLiteral("--model"), QStringLiteral("small-model"),
                       QStringLiteral("--api-key-env"), QStringLiteral("TEMPLATE_TEST_KEY"), QStringLiteral("hi")});
        QVERIFY(process.waitForStarted(30000));
        QTRY_VERIFY_WITH_TIMEOUT(process.state() == QProcess::NotRunning, 120000);
        QCOMPARE(process.exitCode(), 0);
        QVERIFY(!endpoint.requests().isEmpty());
        const QJsonObject system = endpoint.requests().first().body.value(QLatin1String("messages")).toArray().first().toObject();
        QCOMPARE(system.value(QLatin1String("role")).toString(), QStringLiteral("system"));
        const QString content = system.value(QLatin1String("content")).toString();
        QVERIFY2(content.contains(QLatin1String("\n- issue-stat: A stat card summarizing a single tracker issue\n")),
                 qPrintable(content.right(600)));
        QVERIFY(content.contains(QLatin1String("document: {\"root\":{\"hint\":\"{{hint}}\",\"label\":\"{{label}}\",\"type\":\"stat\",\"value\":\"{{value}}\"},\"version\":1}")));
    }

    // A filled template sent as a dorkos-ui fence is a valid widget document; the template file itself,
    // or its document with placeholders left in an https field, is not drawable.
    void filledTemplateRenders()
    {
        const WidgetTemplateSet set = loadWidgetTemplates(fixture(QStringLiteral("ok-seed-example")));
        QCOMPARE(set.templates.size(), 1);
        const QString filled = fill(QString::fromUtf8(set.templates.first().documentJson),
                                    {{QStringLiteral("label"), QStringLiteral("Open issues")},
                                     {QStringLiteral("value"), QStringLiteral("42")},
                                     {QStringLiteral("hint"), QStringLiteral("3 new today")}});
        const QList<Card> cards = widgetFenceCards(QStringLiteral("Here it is:\n```dorkos-ui\n%1\n```\n").arg(filled), QStringLiteral("m1"));
        QCOMPARE(cards.size(), 1);
        QVERIFY2(cards.first().isValid(), qPrintable(cards.first().issues().value(0).message));
        QCOMPARE(cards.first().kindName(), QStringLiteral("dorkos_ui"));

        const QString file = QString::fromUtf8(readFile(fixture(QStringLiteral("ok-seed-example/ui/issue-stat.widget.json"))));
        const QList<Card> asIs = widgetFenceCards(QStringLiteral("```dorkos-ui\n%1\n```\n").arg(file), QStringLiteral("m2"));
        QCOMPARE(asIs.size(), 1);
        QVERIFY(!asIs.first().isValid());

        const WidgetTemplateSet image = loadWidgetTemplates(fixture(QStringLiteral("ok-image-src-whole")));
        QCOMPARE(image.templates.size(), 1);
        const QList<Card> unfilled = widgetFenceCards(
            QStringLiteral("```dorkos-ui\n%1\n```\n").arg(QString::fromUtf8(image.templates.first().documentJson)), QStringLiteral("m3"));
        QVERIFY(!unfilled.first().isValid());
        QCOMPARE(unfilled.first().issues().first().pointer, QStringLiteral("/payload/root/src"));
    }
};

QTEST_GUILESS_MAIN(TestWidgetTemplate)
#include "tst_widgettemplate.moc"
