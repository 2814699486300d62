// tessera export-card (issue 14): JSON on stdout or in -o FILE, the issues on stderr with exit 1 and no
// file, exit 2 on unreadable input, --card by number or by id.

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <tests/support/cardhelpers.h>
#include <tests/support/clirunner.h>
#include <tests/support/testfiles.h>

using namespace Tessera::TestSupport;
using nlohmann::json;

namespace {

CliResult tessera(const QStringList &arguments)
{
    return runProgram(QStringLiteral(TESSERA_BINARY), arguments, displaylessEnvironment(QpaPlatform::Remove));
}

json orderSpec(const std::string &approveLabel)
{
    return json::parse(R"({"root":"card","elements":{
        "card":{"type":"Card","props":{"title":"Order #1042"},"children":["f","a"]},
        "f":{"type":"Fields","children":["total"]},
        "total":{"type":"Field","props":{"label":"Total","value":"$42.10"}},
        "a":{"type":"Actions","children":["approve","reject"]},
        "approve":{"type":"Button","props":{"id":"approve","label":")" + approveLabel + R"("}},
        "reject":{"type":"Button","props":{"id":"reject","label":"Reject"}}},"text":"Order #1042 is ready."})");
}

QByteArray toolLine(const char *callId, const json &card)
{
    return jsonText({{"role", "tool"}, {"tool_call_id", callId}, {"content", "sent"}, {"structured", {{"card", card}}}}) + '\n';
}

} // namespace

class tst_ExportCardCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void toStdout();
    void toFile();
    void byCardId();
    void issuesWriteNothing();
    void chartsAreRefused();
    void unreadable_data();
    void unreadable();

private:
    QTemporaryDir m_dir;
    QString m_conversation;
};

#ifndef Q_MOC_RUN // moc reads only the class; multi-line raw strings below confuse its preprocessor

void tst_ExportCardCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_conversation = m_dir.filePath(QStringLiteral("order.jsonl"));
    const QByteArray lines = QByteArray(R"({"role":"user","content":"Can I sign off on order 1042?"})") + '\n'
        + toolLine("call_order", envelope("json_render", orderSpec("Approve")))
        + toolLine("call_detail", envelope("detail", {{"title", "TITAN"}, {"fields", {{{"label", "Entry"}, {"value", "3412"}}}}}))
        + toolLine("call_long", envelope("json_render", orderSpec("Approve the whole lot"))) // 21 characters
        + toolLine("call_chart", json::parse(chartText("line", {{"1", "2"}}).toStdString()));
    QVERIFY(writeFile(m_conversation, lines));
}

void tst_ExportCardCli::toStdout()
{
    for (const QStringList &output : {QStringList{}, QStringList{"-o", "-"}}) {
        const CliResult r = tessera(QStringList{"export-card", m_conversation, "--card", "1", "--to", "slack"} + output);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.err, QString());
        const json message = json::parse(r.out.toStdString());
        TESSERA_COMPARE_JSON(message["text"], "Order #1042 is ready.");
        TESSERA_COMPARE_JSON(message["blocks"][0], json::parse(R"({"type":"header","text":{"type":"plain_text","text":"Order #1042"}})"));
        TESSERA_COMPARE_JSON(message["blocks"][2]["elements"][0]["action_id"], "approve");
    }
}

void tst_ExportCardCli::toFile()
{
    const QString out = m_dir.filePath(QStringLiteral("teams.json"));
    const CliResult r = tessera({"export-card", m_conversation, "--card", "1", "--to", "teams", "-o", out});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QString());
    const json card = json::parse(readFile(out).toStdString());
    TESSERA_COMPARE_JSON(card["type"], "AdaptiveCard");
    TESSERA_COMPARE_JSON(card["version"], "1.5");
    TESSERA_COMPARE_JSON(card["body"][2]["actions"][1], json::parse(R"({"type":"Action.Submit","title":"Reject","data":{"actionId":"reject"}})"));

    const QString md = m_dir.filePath(QStringLiteral("card.md"));
    QCOMPARE(tessera({"export-card", m_conversation, "--card", "2", "--to", "markdown", "-o", md}).exitCode, 0);
    QCOMPARE(readFile(md), QByteArray("### TITAN\n\n- **Entry:** 3412\n"));
}

void tst_ExportCardCli::byCardId()
{
    const CliResult r = tessera({"export-card", m_conversation, "--card", "call_detail", "--to", "telegram"});
    QCOMPARE(r.exitCode, 0);
    TESSERA_COMPARE_JSON(json::parse(r.out.toStdString()), json::parse(R"({"text":"TITAN\n\nEntry: 3412"})"));
}

void tst_ExportCardCli::issuesWriteNothing()
{
    const QString out = m_dir.filePath(QStringLiteral("whatsapp.json"));
    const CliResult r = tessera({"export-card", m_conversation, "--card", "3", "--to", "whatsapp", "-o", out});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.out, QString());
    QCOMPARE(r.err, QStringLiteral("/elements/approve/props/label: a WhatsApp reply button title is at most 20 characters "
                                   "(this one has 21)\n"));
    QVERIFY(!QFileInfo::exists(out));
    // The same card fits Slack.
    QCOMPARE(tessera({"export-card", m_conversation, "--card", "3", "--to", "slack", "-o", out}).exitCode, 0);
    QVERIFY(QFileInfo::exists(out));
}

void tst_ExportCardCli::chartsAreRefused()
{
    const QString out = m_dir.filePath(QStringLiteral("chart.json"));
    const CliResult r = tessera({"export-card", m_conversation, "--card", "4", "--to", "teams", "-o", out});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err, QStringLiteral("(card): a metric_chart has no native form on other surfaces: seed 001's native cards have "
                                   "no charts (copy it as an image instead)\n"));
    QVERIFY(!QFileInfo::exists(out));
}

void tst_ExportCardCli::unreadable_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("err");
    QTest::newRow("no such file") << QStringList{"export-card", "/nonexistent/x.jsonl", "--card", "1", "--to", "slack"}
                                  << "tessera: cannot read";
    QTest::newRow("card 5 of 4") << QStringList{"export-card", "CONVERSATION", "--card", "5", "--to", "slack"}
                                 << "tessera: no card 5 in";
    QTest::newRow("card 0") << QStringList{"export-card", "CONVERSATION", "--card", "0", "--to", "slack"}
                            << "tessera: no card 0 in";
    QTest::newRow("no such card id") << QStringList{"export-card", "CONVERSATION", "--card", "call_none", "--to", "slack"}
                                     << "tessera: no card call_none in";
    QTest::newRow("unknown surface") << QStringList{"export-card", "CONVERSATION", "--card", "1", "--to", "discord"}
                                     << "tessera: --to takes slack, teams, whatsapp, telegram or markdown";
    QTest::newRow("no --card") << QStringList{"export-card", "CONVERSATION", "--to", "slack"} << "tessera: export-card needs --card";
    QTest::newRow("unwritable output") << QStringList{"export-card", "CONVERSATION", "--card", "1", "--to", "slack", "-o", "/nonexistent/out.json"}
                                       << "tessera: cannot write /nonexistent/out.json";
}

void tst_ExportCardCli::unreadable()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, err);
    arguments.replaceInStrings(QStringLiteral("CONVERSATION"), m_conversation);
    const CliResult r = tessera(arguments);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith(err), qPrintable(r.err));
    QCOMPARE(r.out, QString());
}

#endif // Q_MOC_RUN

QTEST_GUILESS_MAIN(tst_ExportCardCli)
#include "tst_exportcardcli.moc"
