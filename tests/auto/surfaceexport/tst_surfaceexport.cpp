// One card out to Slack, Teams, WhatsApp, Telegram and Markdown (issue 14): seed 001's rules at their
// bound and one past it, every Teams card against the official Adaptive Cards 1.5 schema, the catalog
// kinds on the demo's cards, widget documents, and the refusals.

#include <QTest>

#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/cardkinds.h>
#include <cards/transcript.h>
#include <export/cardexporter.h>
#include <export/exportmapping.h>
#include <tests/support/cardhelpers.h>
#include <tests/support/testfiles.h>

using namespace Tessera;
using namespace Tessera::TestSupport;
using nlohmann::json;

namespace {

std::string repeated(const std::string &unit, int n)
{
    std::string out;
    for (int i = 0; i < n; ++i)
        out += unit;
    return out;
}

// A json-render card titled "Order" with a Text and one Actions row of `buttons` Buttons (ids b1…,
// labels `label`+i unless given) and `links` LinkButtons.
json actionsSpec(int buttons, int links, const std::string &label = "Approve", const std::string &text = "Ready for pickup.",
                 bool title = true)
{
    json elements = json::object();
    json card{{"type", "Card"}, {"props", json::object()}, {"children", json::array({"text", "actions"})}};
    if (title)
        card["props"]["title"] = "Order";
    elements["card"] = card;
    elements["text"] = {{"type", "Text"}, {"props", {{"text", text}}}};
    json children = json::array();
    for (int i = 1; i <= buttons; ++i) {
        const std::string id = "b" + std::to_string(i);
        elements[id] = {{"type", "Button"}, {"props", {{"id", id}, {"label", buttons == 1 ? label : label + std::to_string(i)}}}};
        children.push_back(id);
    }
    for (int i = 1; i <= links; ++i) {
        const std::string id = "l" + std::to_string(i);
        elements[id] = {{"type", "LinkButton"}, {"props", {{"label", "Open"}, {"url", "https://example.com/" + std::to_string(i)}}}};
        children.push_back(id);
    }
    elements["actions"] = {{"type", "Actions"}, {"children", children}};
    return {{"root", "card"}, {"elements", elements}};
}

Card specCard(const json &spec)
{
    return validCard(jsonText(envelope("json_render", spec)));
}

QStringList issueLines(const ExportResult &result)
{
    QStringList lines;
    for (const ExportIssue &issue : result.issues)
        lines.append(issue.line());
    return lines;
}

// The official schema, parsed once.
const valijson::Schema &adaptiveCardSchema()
{
    static const valijson::Schema *schema = [] {
        auto *s = new valijson::Schema;
        const json document = json::parse(readFile(testDataPath(QStringLiteral("adaptive-cards/adaptive-card-1.5.schema.json"))).toStdString());
        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        valijson::adapters::NlohmannJsonAdapter adapter(document);
        parser.populateSchema(adapter, *s);
        return s;
    }();
    return *schema;
}

// "" when the card is valid against the schema; else the first errors.
QString schemaErrors(const json &card)
{
    valijson::Validator validator;
    valijson::ValidationResults results;
    valijson::adapters::NlohmannJsonAdapter adapter(card);
    if (validator.validate(adaptiveCardSchema(), adapter, &results))
        return {};
    QStringList lines;
    valijson::ValidationResults::Error error;
    while (results.popError(error) && lines.size() < 8) {
        QString context;
        for (const std::string &part : error.context)
            context += QString::fromStdString(part);
        lines.append(context + QStringLiteral(": ") + QString::fromStdString(error.description));
    }
    return lines.join(QLatin1Char('\n'));
}

QList<Card> demoCards()
{
    Transcript transcript;
    QString error;
    if (!Transcript::readFile(QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl"), &transcript, &error))
        qWarning() << error;
    QList<Card> cards;
    for (const Message &m : std::as_const(transcript.messages))
        cards.append(m.cards);
    return cards;
}

} // namespace

class tst_SurfaceExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyKindHasAMapping();
    void surfaceNames();
    void whatsAppTypeFromActions_data();
    void whatsAppTypeFromActions();
    void whatsAppLabels_data();
    void whatsAppLabels();
    void whatsAppBody_data();
    void whatsAppBody();
    void whatsAppFlattensAndSaysWhatItDrops();
    void telegramCallbackData_data();
    void telegramCallbackData();
    void telegramKeyboardRows();
    void slackBlocks();
    void slackLimits_data();
    void slackLimits();
    void teamsCard();
    void teamsActionsPerSet();
    void teamsCardsMatchTheSchema_data();
    void teamsCardsMatchTheSchema();
    void demoCardsOnEverySurface();
    void catalogMappings();
    void widgetDocuments();
    void refusals_data();
    void refusals();
    void markdown();
};

#ifndef Q_MOC_RUN // moc reads only the class; multi-line raw strings below confuse its preprocessor

void tst_SurfaceExport::everyKindHasAMapping()
{
    for (const CardKindInfo &info : cardKindTable())
        QVERIFY2(hasExportMapping(info.kind), info.name);
    QVERIFY(!hasExportMapping(CardKind::Registered));
    QCOMPARE(exportableWidgetNodeTypes(), (QStringList{"card", "heading", "text", "stat", "keyValue", "table", "list", "button"}));
}

void tst_SurfaceExport::surfaceNames()
{
    QStringList names;
    for (const ExportSurfaceInfo &info : exportSurfaces())
        names.append(QLatin1String(info.name));
    QCOMPARE(names, (QStringList{"slack", "teams", "whatsapp", "telegram", "markdown"}));
    ExportSurface s = ExportSurface::Slack;
    QVERIFY(exportSurfaceFromName(QStringLiteral("WhatsApp"), &s));
    QCOMPARE(s, ExportSurface::WhatsApp);
    QVERIFY(!exportSurfaceFromName(QStringLiteral("discord"), &s));
}

void tst_SurfaceExport::whatsAppTypeFromActions_data()
{
    QTest::addColumn<int>("buttons");
    QTest::addColumn<int>("links");
    QTest::addColumn<QString>("type");        // message type
    QTest::addColumn<QString>("interactive"); // interactive.type, "" for text
    QTest::addColumn<bool>("dropNote");       // the actions left out are said
    // Seed 001's table, each rule at its bound and one past it.
    QTest::newRow("1 Button") << 1 << 0 << "interactive" << "button" << false;
    QTest::newRow("3 Buttons") << 3 << 0 << "interactive" << "button" << false;
    QTest::newRow("4 Buttons") << 4 << 0 << "interactive" << "list" << false;
    QTest::newRow("10 Buttons") << 10 << 0 << "interactive" << "list" << false;
    QTest::newRow("11 Buttons") << 11 << 0 << "text" << "" << true;
    QTest::newRow("one LinkButton alone") << 0 << 1 << "interactive" << "cta_url" << false;
    QTest::newRow("two LinkButtons") << 0 << 2 << "text" << "" << true;
    QTest::newRow("Buttons mixed with a link") << 2 << 1 << "text" << "" << true;
    QTest::newRow("no actions") << 0 << 0 << "text" << "" << false;
}

void tst_SurfaceExport::whatsAppTypeFromActions()
{
    QFETCH(int, buttons);
    QFETCH(int, links);
    QFETCH(QString, type);
    QFETCH(QString, interactive);
    QFETCH(bool, dropNote);
    const ExportResult r = exportCard(specCard(actionsSpec(buttons, links, "Pick")), ExportSurface::WhatsApp);
    QVERIFY2(r.ok(), qPrintable(issueLines(r).join('\n')));
    const json &m = r.message;
    TESSERA_COMPARE_JSON(m.value("messaging_product", ""), "whatsapp");
    QCOMPARE(QString::fromStdString(m.value("type", "")), type);
    const std::string body = "Order\n\nReady for pickup.";
    if (interactive.isEmpty()) {
        TESSERA_COMPARE_JSON(m["text"]["body"], body);
        QVERIFY(!m.contains("interactive"));
    } else {
        QCOMPARE(QString::fromStdString(m["interactive"]["type"]), interactive);
        TESSERA_COMPARE_JSON(m["interactive"]["body"]["text"], body);
    }
    if (interactive == QLatin1String("button")) {
        const json &replies = m["interactive"]["action"]["buttons"];
        QCOMPARE(int(replies.size()), buttons);
        TESSERA_COMPARE_JSON(replies[0], json({{"type", "reply"}, {"reply", {{"id", "b1"}, {"title", buttons == 1 ? "Pick" : "Pick1"}}}}));
    } else if (interactive == QLatin1String("list")) {
        const json &action = m["interactive"]["action"];
        TESSERA_COMPARE_JSON(action["button"], "Choose");
        QCOMPARE(int(action["sections"][0]["rows"].size()), buttons);
        TESSERA_COMPARE_JSON(action["sections"][0]["rows"][buttons - 1], json({{"id", "b" + std::to_string(buttons)}, {"title", "Pick" + std::to_string(buttons)}}));
    } else if (interactive == QLatin1String("cta_url")) {
        TESSERA_COMPARE_JSON(m["interactive"]["action"],
                 json({{"name", "cta_url"}, {"parameters", {{"display_text", "Open"}, {"url", "https://example.com/1"}}}}));
    }
    QCOMPARE(!r.notes.isEmpty(), dropNote);
    if (dropNote) {
        const QString expected = QStringLiteral("(card): the ") + QString::number(buttons) + QLatin1String(buttons == 1 ? " Button" : " Buttons")
            + QStringLiteral(" and ") + QString::number(links) + QLatin1String(links == 1 ? " link" : " links")
            + QStringLiteral(" are left out: WhatsApp");
        QVERIFY2(r.notes.first().startsWith(expected), qPrintable(r.notes.first()));
    }
}

void tst_SurfaceExport::whatsAppLabels_data()
{
    QTest::addColumn<int>("buttons");
    QTest::addColumn<int>("links");
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("issue"); // "" = exported
    const QString twenty = QString(20, QLatin1Char('x'));
    const QString emoji20 = QString::fromStdString(repeated("😀", 20)); // 20 code points, 40 UTF-16 units
    QTest::newRow("reply title of 20") << 1 << 0 << twenty << "";
    QTest::newRow("reply title of 20 emoji") << 1 << 0 << emoji20 << "";
    QTest::newRow("reply title of 21")
            << 1 << 0 << twenty + 'x'
            << "/elements/b1/props/label: a WhatsApp reply button title is at most 20 characters (this one has 21)";
    QTest::newRow("reply title of 21 emoji")
            << 1 << 0 << emoji20 + QString::fromStdString("😀")
            << "/elements/b1/props/label: a WhatsApp reply button title is at most 20 characters (this one has 21)";
    // A list row (4 Buttons; the label gets a digit): 24 and 25.
    QTest::newRow("list row title of 24") << 4 << 0 << QString(23, QLatin1Char('y')) << "";
    QTest::newRow("list row title of 25")
            << 4 << 0 << QString(24, QLatin1Char('y'))
            << "/elements/b1/props/label: a WhatsApp list row title is at most 24 characters (this one has 25)";
}

void tst_SurfaceExport::whatsAppLabels()
{
    QFETCH(int, buttons);
    QFETCH(int, links);
    QFETCH(QString, label);
    QFETCH(QString, issue);
    const ExportResult r = exportCard(specCard(actionsSpec(buttons, links, label.toStdString())), ExportSurface::WhatsApp);
    if (issue.isEmpty()) {
        QVERIFY2(r.ok(), qPrintable(issueLines(r).join('\n')));
        QVERIFY(r.message.is_object());
    } else {
        QVERIFY(!r.ok());
        QCOMPARE(issueLines(r).first(), issue);
        QVERIFY(r.message.is_null());
        QVERIFY(r.text().isEmpty());
    }
}

void tst_SurfaceExport::whatsAppBody_data()
{
    QTest::addColumn<int>("buttons");
    QTest::addColumn<int>("chars");
    QTest::addColumn<QString>("issue");
    // No title: the body is the Text alone (json-render Texts hold up to 4,000; two make the longer ones).
    QTest::newRow("interactive body of 1,024") << 1 << 1024 << "";
    QTest::newRow("interactive body of 1,025")
            << 1 << 1025 << "(card): a WhatsApp interactive body is at most 1024 characters (this one has 1025)";
    QTest::newRow("plain-text body of 4,096") << 0 << 4096 << "";
    QTest::newRow("plain-text body of 4,097")
            << 0 << 4097 << "(card): a WhatsApp text body is at most 4096 characters (this one has 4097)";
}

void tst_SurfaceExport::whatsAppBody()
{
    QFETCH(int, buttons);
    QFETCH(int, chars);
    QFETCH(QString, issue);
    json spec = actionsSpec(buttons, 0, "Go", std::string(std::min(chars, 3000), 'a'), false);
    if (chars > 3000) { // a second Text: 3000 + "\n\n" + the rest
        spec["elements"]["more"] = {{"type", "Text"}, {"props", {{"text", repeated("é", chars - 3002)}}}};
        spec["elements"]["card"]["children"] = json::array({"text", "more", "actions"});
    }
    const ExportResult r = exportCard(specCard(spec), ExportSurface::WhatsApp);
    if (issue.isEmpty()) {
        QVERIFY2(r.ok(), qPrintable(issueLines(r).join('\n')));
        const std::string body = buttons ? r.message["interactive"]["body"]["text"] : r.message["text"]["body"];
        QCOMPARE(QString::fromStdString(body).toUcs4().size(), chars);
    } else {
        QCOMPARE(issueLines(r), QStringList{issue});
    }
}

void tst_SurfaceExport::whatsAppFlattensAndSaysWhatItDrops()
{
    const json spec = json::parse(R"({"root":"card","elements":{
        "card":{"type":"Card","props":{"title":"Order #1042","subtitle":"Market St"},"children":["f","t","img","hr","a"]},
        "f":{"type":"Fields","children":["store","total"]},
        "store":{"type":"Field","props":{"label":"Store","value":"Market St"}},
        "total":{"type":"Field","props":{"label":"Total","value":"$42.10"}},
        "t":{"type":"Table","props":{"columns":["Item","Qty"],"rows":[["Tea",2],["Cake",null]]}},
        "img":{"type":"Image","props":{"url":"https://example.com/a.png","alt":"receipt"}},
        "hr":{"type":"Divider"},
        "a":{"type":"Actions","children":["approve"]},
        "approve":{"type":"Button","props":{"id":"approve","label":"Approve"}}}})");
    const ExportResult r = exportCard(specCard(spec), ExportSurface::WhatsApp);
    QVERIFY2(r.ok(), qPrintable(issueLines(r).join('\n')));
    TESSERA_COMPARE_JSON(r.message["interactive"]["body"]["text"],
             "Order #1042\nMarket St\n\nStore: Market St\nTotal: $42.10\n\nItem | Qty\nTea | 2\nCake | —");
    QCOMPARE(r.notes.size(), 2);
    QVERIFY(r.notes.at(0).startsWith(QLatin1String("/elements/img: the Image is left out")));
    QVERIFY(r.notes.at(1).startsWith(QLatin1String("/elements/hr: the Divider is left out")));
}

void tst_SurfaceExport::telegramCallbackData_data()
{
    QTest::addColumn<QByteArray>("envelope");
    QTest::addColumn<QString>("issue");
    const auto withId = [](const std::string &id) {
        json spec = actionsSpec(1, 0);
        spec["elements"]["b1"]["props"]["id"] = id;
        return jsonText(envelope("json_render", spec));
    };
    // json-render ids are at most 64 characters, so the 65-byte ASCII id comes from a widget document.
    const auto widgetButton = [](const std::string &id) {
        return jsonText(envelope("dorkos_ui", {{"version", 1},
                                               {"root", {{"type", "button"}, {"label", "Go"}, {"action", {{"kind", "agent"}, {"id", id}}}}}}));
    };
    QTest::newRow("64 ASCII bytes") << withId(std::string(64, 'a')) << "";
    QTest::newRow("65 ASCII bytes")
            << widgetButton(std::string(65, 'a')) << "/root/action/id: a Telegram callback_data is at most 64 bytes in UTF-8 (this one has 65)";
    QTest::newRow("64 bytes in 32 two-byte characters") << withId(repeated("é", 32)) << "";
    QTest::newRow("65 bytes in 33 characters")
            << withId(repeated("é", 32) + "a")
            << "/elements/b1/props/id: a Telegram callback_data is at most 64 bytes in UTF-8 (this one has 65)";
    QTest::newRow("64 bytes in 16 emoji") << withId(repeated("😀", 16)) << "";
    QTest::newRow("68 bytes in 17 emoji")
            << withId(repeated("😀", 17)) << "/elements/b1/props/id: a Telegram callback_data is at most 64 bytes in UTF-8 (this one has 68)";
}

void tst_SurfaceExport::telegramCallbackData()
{
    QFETCH(QByteArray, envelope);
    QFETCH(QString, issue);
    const Card card = validCard(envelope);
    const ExportResult r = exportCard(card, ExportSurface::Telegram);
    if (issue.isEmpty()) {
        QVERIFY2(r.ok(), qPrintable(issueLines(r).join('\n')));
        const json &button = r.message["reply_markup"]["inline_keyboard"][0][0];
        TESSERA_COMPARE_JSON(button["text"], "Approve");
        QVERIFY(button["callback_data"].get<std::string>().size() <= 64);
    } else {
        QCOMPARE(issueLines(r), QStringList{issue});
        QVERIFY(r.message.is_null());
    }
}

void tst_SurfaceExport::telegramKeyboardRows()
{
    const ExportResult r = exportCard(specCard(actionsSpec(2, 1, "Pick")), ExportSurface::Telegram);
    QVERIFY2(r.ok(), qPrintable(issueLines(r).join('\n')));
    TESSERA_COMPARE_JSON(r.message["text"], "Order\n\nReady for pickup.");
    TESSERA_COMPARE_JSON(r.message["reply_markup"]["inline_keyboard"],
             json::parse(R"([[{"text":"Pick1","callback_data":"b1"}],[{"text":"Pick2","callback_data":"b2"}],)"
                         R"([{"text":"Open","url":"https://example.com/1"}]])"));
}

void tst_SurfaceExport::slackBlocks()
{
    const json spec = json::parse(R"({"root":"card","elements":{
        "card":{"type":"Card","props":{"title":"Order #1042","subtitle":"Market St"},"children":["f","t","hr","a"]},
        "f":{"type":"Fields","children":["total"]},
        "total":{"type":"Field","props":{"label":"Total","value":"<$42.10>"}},
        "t":{"type":"Table","props":{"columns":["Item","Qty"],"rows":[["Tea",2.50]]}},
        "hr":{"type":"Divider"},
        "a":{"type":"Actions","children":["approve","site"]},
        "approve":{"type":"Button","props":{"id":"approve","label":"Approve","style":"primary"}},
        "site":{"type":"LinkButton","props":{"label":"Site","url":"https://example.com"}}},
        "text":"Order #1042 is ready."})");
    const ExportResult r = exportCard(specCard(spec), ExportSurface::Slack);
    QVERIFY2(r.ok(), qPrintable(issueLines(r).join('\n')));
    const json expected = json::parse(R"({"blocks":[
        {"type":"header","text":{"type":"plain_text","text":"Order #1042"}},
        {"type":"context","elements":[{"type":"plain_text","text":"Market St"}]},
        {"type":"section","fields":[{"type":"mrkdwn","text":"*Total*\n&lt;$42.10&gt;"}]},
        {"type":"table","rows":[[{"type":"raw_text","text":"Item"},{"type":"raw_text","text":"Qty"}],
                                [{"type":"raw_text","text":"Tea"},{"type":"raw_text","text":"2.5"}]],
         "column_settings":[{"align":"left"},{"align":"right"}]},
        {"type":"divider"},
        {"type":"actions","elements":[
            {"type":"button","text":{"type":"plain_text","text":"Approve"},"action_id":"approve","style":"primary"},
            {"type":"button","text":{"type":"plain_text","text":"Site"},"url":"https://example.com"}]}],
        "text":"Order #1042 is ready."})");
    TESSERA_COMPARE_JSON(r.message, expected);
    QVERIFY(r.notes.isEmpty());
}

void tst_SurfaceExport::slackLimits_data()
{
    QTest::addColumn<QByteArray>("envelope");
    QTest::addColumn<QStringList>("issues");
    json title150 = actionsSpec(1, 0);
    title150["elements"]["card"]["props"]["title"] = std::string(120, 'h'); // json-render caps titles at 120
    QTest::newRow("header within 150") << jsonText(envelope("json_render", title150)) << QStringList{};
    // A code card's title may be 120 too; a detail's 120: the header limit is reached through a widget card.
    const json longHeader{{"version", 1}, {"root", {{"type", "card"}, {"title", std::string(151, 'h')}, {"children", json::array()}}}};
    QTest::newRow("header of 151") << jsonText(envelope("dorkos_ui", longHeader))
                                   << QStringList{"/root/title: a Slack header is at most 150 characters (this one has 151)"};
    const json twoTables = json::parse(R"({"root":"c","elements":{"c":{"type":"Card","children":["t1","t2"]},
        "t1":{"type":"Table","props":{"columns":["A"],"rows":[["x"]]}},"t2":{"type":"Table","props":{"columns":["B"],"rows":[]}}}})");
    QTest::newRow("two tables") << jsonText(envelope("json_render", twoTables))
                                << QStringList{"/elements/t2: a Slack message holds at most 1 table (this is table 2)"};
    json detail{{"title", "Many"}, {"fields", json::array()}};
    for (int i = 0; i < 11; ++i)
        detail["fields"].push_back({{"label", "L" + std::to_string(i)}, {"value", "v"}});
    QTest::newRow("11 fields") << jsonText(envelope("detail", detail))
                               << QStringList{"/fields: a Slack section holds at most 10 fields (this one has 11)"};
    json label76 = actionsSpec(1, 0, std::string(76, 'b'));
    QTest::newRow("button text of 76") << jsonText(envelope("json_render", label76))
                                       << QStringList{"/elements/b1/props/label: a Slack button text is at most 75 characters (this one has 76)"};
}

void tst_SurfaceExport::slackLimits()
{
    QFETCH(QByteArray, envelope);
    QFETCH(QStringList, issues);
    const ExportResult r = exportCard(validCard(envelope), ExportSurface::Slack);
    QCOMPARE(issueLines(r), issues);
    QCOMPARE(r.message.is_null(), !issues.isEmpty());
}

void tst_SurfaceExport::teamsCard()
{
    const ExportResult r = exportCard(specCard(actionsSpec(2, 1, "Pick")), ExportSurface::Teams);
    QVERIFY2(r.ok(), qPrintable(issueLines(r).join('\n')));
    const json &card = r.message;
    TESSERA_COMPARE_JSON(card["type"], "AdaptiveCard");
    TESSERA_COMPARE_JSON(card["version"], "1.5");
    TESSERA_COMPARE_JSON(card["body"][0]["text"], "Order");
    const json &actions = card["body"][2]["actions"];
    TESSERA_COMPARE_JSON(actions[0], json::parse(R"({"type":"Action.Submit","title":"Pick1","data":{"actionId":"b1"}})"));
    TESSERA_COMPARE_JSON(actions[2], json::parse(R"({"type":"Action.OpenUrl","title":"Open","url":"https://example.com/1"})"));
    QCOMPARE(schemaErrors(card), QString());
    // The schema check can fail: a TextBlock without text, an unknown member, an unknown element.
    for (const char *broken : {R"({"type":"AdaptiveCard","version":"1.5","body":[{"type":"TextBlock"}]})",
                               R"({"type":"AdaptiveCard","version":"1.5","body":[],"colour":"red"})",
                               R"({"type":"AdaptiveCard","version":"1.5","body":[{"type":"Chart","data":[]}]})"})
        QVERIFY2(!schemaErrors(json::parse(broken)).isEmpty(), broken);
}

void tst_SurfaceExport::teamsActionsPerSet()
{
    QVERIFY(exportCard(specCard(actionsSpec(5, 1)), ExportSurface::Teams).ok());
    const ExportResult r = exportCard(specCard(actionsSpec(6, 1)), ExportSurface::Teams);
    QCOMPARE(issueLines(r), QStringList{"/elements/actions: a Teams action set holds at most 6 actions (this one has 7)"});
}

void tst_SurfaceExport::teamsCardsMatchTheSchema_data()
{
    QTest::addColumn<QByteArray>("envelope");
    QTest::addColumn<int>("demoIndex"); // a demo card (some are built from tool-call arguments), or -1
    for (int buttons : {0, 1, 4, 6})
        QTest::addRow("json_render with %d Buttons", buttons) << jsonText(envelope("json_render", actionsSpec(buttons, buttons == 0 ? 1 : 0))) << -1;
    QTest::newRow("every component") << jsonText(envelope("json_render", json::parse(R"({"root":"card","elements":{
        "card":{"type":"Card","props":{"title":"All","subtitle":"of them"},"children":["s","img","hr"]},
        "s":{"type":"Section","props":{"title":"Part"},"children":["tx","f","t","a"]},
        "tx":{"type":"Text","props":{"text":"muted","style":"muted"}},
        "f":{"type":"Fields","children":["fl"]},"fl":{"type":"Field","props":{"label":"K","value":""}},
        "t":{"type":"Table","props":{"columns":["A","B"],"rows":[[1,null],["x","y"]]}},
        "a":{"type":"Actions","children":["no"]},"no":{"type":"Button","props":{"id":"no","label":"No","style":"danger"}},
        "img":{"type":"Image","props":{"url":"https://example.com/i.png","alt":"i"}},
        "hr":{"type":"Divider"}}})"))) << -1;
    const QList<Card> demo = demoCards();
    for (int i = 0; i < demo.size(); ++i)
        QTest::addRow("demo card %d (%s)", i + 1, qPrintable(demo.at(i).kindName())) << QByteArray() << i;
}

void tst_SurfaceExport::teamsCardsMatchTheSchema()
{
    QFETCH(QByteArray, envelope);
    QFETCH(int, demoIndex);
    const Card card = demoIndex < 0 ? validCard(envelope) : demoCards().at(demoIndex);
    const ExportResult r = exportCard(card, ExportSurface::Teams);
    if (!r.ok()) {
        // Only the charts and the demo's widget document (a stack) are refused; demoCardsOnEverySurface says why.
        QVERIFY(demoIndex >= 0);
        return;
    }
    TESSERA_COMPARE_JSON(r.message["version"], "1.5");
    QCOMPARE(schemaErrors(r.message), QString());
}

void tst_SurfaceExport::demoCardsOnEverySurface()
{
    const QList<Card> cards = demoCards();
    QSet<QString> kinds;
    for (const Card &card : cards) {
        QVERIFY2(card.isValid(), qPrintable(card.kindName()));
        kinds.insert(card.kindName());
        const bool chart = card.kindName() == QLatin1String("metric_chart") || card.kindName() == QLatin1String("canvas");
        for (const ExportSurfaceInfo &surface : exportSurfaces()) {
            const ExportResult r = exportCard(card, surface.surface);
            const QString where = card.kindName() + QLatin1String(" to ") + QLatin1String(surface.name);
            if (chart) {
                QVERIFY2(!r.ok() && r.issues.first().message.contains(QLatin1String("no charts")), qPrintable(where));
                QCOMPARE(r.issues.first().pointer, QString());
                continue;
            }
            if (card.kindName() == QLatin1String("dorkos_ui")) {
                // The demo's widgets: a card around a horizontal stack of stats and a chart, and a compare.
                QVERIFY2(!r.ok(), qPrintable(where));
                const QString first = r.issues.first().line();
                QVERIFY2(first.startsWith(QLatin1String("/root/children/0/type: a \"stack\" node has no form on other surfaces"))
                             || first.startsWith(QLatin1String("/root/type: a \"compare\" node has no form on other surfaces")),
                         qPrintable(first));
                continue;
            }
            QVERIFY2(r.ok(), qPrintable(where + QLatin1String(": ") + issueLines(r).join('\n')));
            QVERIFY2(!r.text().isEmpty(), qPrintable(where));
            if (surface.surface == ExportSurface::Teams)
                QCOMPARE(schemaErrors(r.message), QString());
        }
    }
    for (const CardKind kind : knownCardKinds())
        QVERIFY2(kinds.contains(cardKindName(kind)), qPrintable(cardKindName(kind)));
    QVERIFY(kinds.contains(QStringLiteral("json_render")));
    QVERIFY(kinds.contains(QStringLiteral("dorkos_ui")));
}

void tst_SurfaceExport::catalogMappings()
{
    QHash<QString, Card> byKind;
    for (const Card &card : demoCards()) {
        if (!byKind.contains(card.kindName()))
            byKind.insert(card.kindName(), card);
    }
    const auto slack = [&](const char *kind) { return exportCard(byKind.value(QLatin1String(kind)), ExportSurface::Slack).message; };
    // detail: title as header, status as context, Fields as a section with fields.
    const json detail = slack("detail");
    TESSERA_COMPARE_JSON(detail["blocks"][0]["text"]["text"], "TITAN");
    TESSERA_COMPARE_JSON(detail["blocks"][1]["elements"][0]["text"], "watchlist");
    TESSERA_COMPARE_JSON(detail["blocks"][2]["fields"][0]["text"], "*Entry*\n3412");
    // alert: Text led by the severity word.
    const json alert = exportCard(byKind.value(QStringLiteral("alert")), ExportSurface::Telegram).message;
    QVERIFY2(QString::fromStdString(alert["text"]).contains(QRegularExpression(QStringLiteral("^(Info|Success|Warning|Error): "), QRegularExpression::MultilineOption)),
             alert.dump().c_str());
    // data_table: a Slack table block, the header row first.
    const json table = slack("data_table");
    bool hasTable = false;
    for (const json &block : table["blocks"])
        hasTable = hasTable || block["type"] == "table";
    QVERIFY(hasTable);
    // item_list: a table of names, statuses and meta.
    const json items = exportCard(byKind.value(QStringLiteral("item_list")), ExportSurface::WhatsApp).message;
    TESSERA_COMPARE_JSON(items["text"]["body"], "Name | Status | Meta\ncli:ethos | ok | 14 messages");
    // recommend_actions: Buttons whose id is the action's label, as reply buttons on WhatsApp.
    const json actions = exportCard(byKind.value(QStringLiteral("recommend_actions")), ExportSurface::WhatsApp).message;
    TESSERA_COMPARE_JSON(actions["interactive"]["type"], "button");
    TESSERA_COMPARE_JSON(actions["interactive"]["action"]["buttons"][0]["reply"]["id"], actions["interactive"]["action"]["buttons"][0]["reply"]["title"]);
    // code: a fenced mrkdwn section on Slack, a fenced block in Markdown.
    const json code = slack("code");
    QVERIFY(code["blocks"].back()["text"]["text"].get<std::string>().rfind("```\n", 0) == 0);
    QVERIFY(exportCard(byKind.value(QStringLiteral("code")), ExportSurface::Markdown).markdown.contains(QLatin1String("```")));
    // text: the body as a section.
    QVERIFY(slack("text")["blocks"].back()["type"] == "section");
}

void tst_SurfaceExport::widgetDocuments()
{
    const json document = json::parse(R"({"version":1,"title":"Doc","root":{"type":"card","title":"Build","description":"main",
        "children":[{"type":"heading","text":"Status"},{"type":"text","text":"All green."},
                    {"type":"stat","label":"Tests","value":412,"delta":{"value":"+3","direction":"up"}},
                    {"type":"keyValue","items":[{"key":"Branch","value":"main"},{"key":"Clean","value":true}]},
                    {"type":"table","columns":[{"key":"n","label":"Name"},{"key":"t","label":"Time","align":"right"}],"rows":[{"n":"unit","t":1.5}]},
                    {"type":"list","items":[{"title":"Deploy","subtitle":"staging","actions":[{"kind":"agent","id":"deploy"}]}]},
                    {"type":"button","label":"Rerun","action":{"kind":"agent","id":"rerun"}},
                    {"type":"button","label":"Logs","action":{"kind":"url","href":"https://ci.example.com"}}]}})");
    const Card card = validCard(jsonText(envelope("dorkos_ui", document)));
    const ExportResult r = exportCard(card, ExportSurface::Telegram);
    QVERIFY2(r.ok(), qPrintable(issueLines(r).join('\n')));
    TESSERA_COMPARE_JSON(r.message["text"], "Build\nmain\n\nStatus\n\nAll green.\n\nTests: 412 (↑ +3)\n\nBranch: main\nClean: ✓\n\nName | Time\nunit | 1.5\n\nDeploy: staging");
    TESSERA_COMPARE_JSON(r.message["reply_markup"]["inline_keyboard"],
             json::parse(R"([[{"text":"Deploy","callback_data":"deploy"}],[{"text":"Rerun","callback_data":"rerun"}],[{"text":"Logs","url":"https://ci.example.com"}]])"));
    // The two button nodes share one row on Slack.
    const json slack = exportCard(card, ExportSurface::Slack).message;
    QCOMPARE(slack["blocks"].back()["elements"].size(), 2u);
    QCOMPARE(schemaErrors(exportCard(card, ExportSurface::Teams).message), QString());

    // Any other node refuses the export, naming it; a ui action too.
    const json other = json::parse(R"({"version":1,"root":{"type":"card","children":[{"type":"text","text":"x"},{"type":"progress","value":40},
        {"type":"button","label":"Party","action":{"kind":"ui","command":{"action":"celebrate"}}}]}})");
    const ExportResult refused = exportCard(validCard(jsonText(envelope("dorkos_ui", other))), ExportSurface::Slack);
    QCOMPARE(issueLines(refused),
             (QStringList{"/root/children/1/type: a \"progress\" node has no form on other surfaces (only card, heading, text, stat, "
                          "keyValue, table, list, button nodes can be exported)",
                          "/root/children/2/action: a \"ui\" action runs only inside Tessera: it has no form on other surfaces"}));
}

void tst_SurfaceExport::refusals_data()
{
    QTest::addColumn<QByteArray>("envelope");
    QTest::addColumn<QString>("issue");
    QTest::newRow("metric_chart") << chartText("line", {{"1", "2"}})
                                  << "(card): a metric_chart has no native form on other surfaces: seed 001's native cards "
                                     "have no charts (copy it as an image instead)";
    QTest::newRow("canvas") << QByteArray(R"({"kind":"canvas","specVersion":1,"payload":{"html":"<p>x</p>"}})")
                            << "(card): a canvas has no native form on other surfaces: seed 001's native cards have no "
                               "charts and no HTML (copy it as an image instead)";
    QTest::newRow("invalid card") << QByteArray(R"({"kind":"detail","specVersion":1,"payload":{"title":"T","fields":[]}})")
                                  << "/fields: the card is not valid: must have at least 1 item";
    QTest::newRow("unknown kind") << QByteArray(R"({"kind":"gauge","specVersion":1,"payload":{}})") << "";
}

void tst_SurfaceExport::refusals()
{
    QFETCH(QByteArray, envelope);
    QFETCH(QString, issue);
    const Card card = Card::fromEnvelopeText(envelope);
    for (const ExportSurfaceInfo &surface : exportSurfaces()) {
        const ExportResult r = exportCard(card, surface.surface);
        QVERIFY(!r.ok());
        QVERIFY(r.text().isEmpty());
        if (!issue.isEmpty())
            QCOMPARE(r.issues.first().line(), issue);
    }
}

void tst_SurfaceExport::markdown()
{
    const json spec = json::parse(R"({"root":"card","elements":{
        "card":{"type":"Card","props":{"title":"Order *1042*"},"children":["t","a"]},
        "t":{"type":"Table","props":{"columns":["Item","Qty"],"rows":[["Tea|Milk",2]]}},
        "a":{"type":"Actions","children":["ok","site"]},
        "ok":{"type":"Button","props":{"id":"ok","label":"OK"}},
        "site":{"type":"LinkButton","props":{"label":"Site","url":"https://example.com"}}}})");
    const ExportResult r = exportCard(specCard(spec), ExportSurface::Markdown);
    QVERIFY(r.ok());
    QCOMPARE(r.text(), QStringLiteral("### Order \\*1042\\*\n\n| Item | Qty |\n| --- | ---: |\n| Tea\\|Milk | 2 |\n\n"
                                      "**OK** · [Site](<https://example.com>)\n"));
    QCOMPARE(r.notes, QStringList{"/elements/a: Buttons are shown as their labels: nothing reports a press in Markdown"});
}

#endif // Q_MOC_RUN

QTEST_GUILESS_MAIN(tst_SurfaceExport)
#include "tst_surfaceexport.moc"
