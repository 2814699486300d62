// Result-to-card descriptors (issue 16, seed 002): a directory listing (tests/data/toolcards/listing.json)
// mapped onto item_list by tests/data/toolcards/plugins/tools/listing.json; broken descriptors refused with
// the file and the pointer; results that do not fit fail naming the pointer. Values are checked, not shapes.

#include <QTest>

#include <nlohmann/json.hpp>

#include <cards/cardkinds.h>
#include <cards/strictjson.h>
#include <cards/toolcarddescriptor.h>
#include <tests/support/testfiles.h>

using namespace Tessera;
using namespace Tessera::TestSupport;
using json = nlohmann::json;

namespace {

json readJson(const QString &relative)
{
    const QByteArray bytes = readFile(testDataPath(relative));
    const StrictJsonResult parsed = parseStrictJson(std::string_view(bytes.constData(), size_t(bytes.size())));
    return parsed.ok() ? *parsed.value : json();
}

// A string member as a QString ("(not a string)" otherwise), for QCOMPARE.
QString text(const json &value)
{
    return value.is_string() ? QString::fromStdString(value.get<std::string>()) : QStringLiteral("(not a string)");
}

} // namespace

class tst_ToolCards : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { ToolCardDescriptors::clear(); }
    void listingBecomesItemList();
    void fixedValuesAndNumberTokens();
    void loadsDirectoryAndFinds();
    void brokenDescriptorsNameFileAndPointer();
    void brokenDescriptor_data();
    void brokenDescriptor();
    void resultThatDoesNotFit_data();
    void resultThatDoesNotFit();
};

void tst_ToolCards::listingBecomesItemList()
{
    ToolCardDescriptor d;
    QString error;
    QVERIFY2(ToolCardDescriptor::parse(readFile(testDataPath(QStringLiteral("toolcards/plugins/tools/listing.json"))), &d, &error),
             qPrintable(error));
    const ToolCardOutcome outcome = cardFromToolResult(d, readJson(QStringLiteral("toolcards/listing.json")));
    QVERIFY2(outcome.ok, qPrintable(outcome.describe()));
    QVERIFY(outcome.card.isValid());
    QCOMPARE(outcome.card.kind(), CardKind::ItemList);
    QCOMPARE(outcome.card.title(), QStringLiteral("Files"));
    const json payload = outcome.card.payload();
    QCOMPARE(int(payload["items"].size()), 3);
    QCOMPARE(text(payload["items"][0]["id"]), QStringLiteral("/srv/reports/2026-q3.pdf"));
    QCOMPARE(text(payload["items"][0]["name"]), QStringLiteral("2026-q3.pdf"));
    QCOMPARE(text(payload["items"][0]["meta"]), QStringLiteral("48213")); // "as": "string"
    QCOMPARE(text(payload["items"][1]["id"]), QStringLiteral("/srv/reports/drafts"));
    QCOMPARE(text(payload["items"][1]["name"]), QStringLiteral("drafts"));
    QVERIFY(!payload["items"][1].contains("meta")); // optional, missing: skipped
    QCOMPARE(text(payload["items"][2]["name"]), QStringLiteral("notes.md"));
    QCOMPARE(text(payload["items"][2]["meta"]), QStringLiteral("912"));
    QCOMPARE(outcome.card.envelope()["specVersion"].get<int>(), 1);
}

void tst_ToolCards::fixedValuesAndNumberTokens()
{
    ToolCardDescriptor d;
    QString error;
    QVERIFY2(ToolCardDescriptor::parse(readFile(testDataPath(QStringLiteral("toolcards/plugins/tools/weather.json"))), &d, &error),
             qPrintable(error));
    QCOMPARE(d.server, QStringLiteral("everything"));
    const ToolCardOutcome outcome = cardFromToolResult(d, json{{"temperature", 36}, {"conditions", "Light rain / drizzle"}, {"humidity", 82}});
    QVERIFY2(outcome.ok, qPrintable(outcome.describe()));
    QCOMPARE(outcome.card.kind(), CardKind::Detail);
    const json payload = outcome.card.payload();
    QCOMPARE(text(payload["title"]), QStringLiteral("Weather"));
    QCOMPARE(int(payload["fields"].size()), 3);
    QCOMPARE(text(payload["fields"][0]["label"]), QStringLiteral("Conditions"));
    QCOMPARE(text(payload["fields"][0]["value"]), QStringLiteral("Light rain / drizzle"));
    QCOMPARE(text(payload["fields"][1]["label"]), QStringLiteral("Temperature (°C)"));
    QCOMPARE(text(payload["fields"][1]["value"]), QStringLiteral("36"));
    QCOMPARE(text(payload["fields"][2]["value"]), QStringLiteral("82"));
}

void tst_ToolCards::loadsDirectoryAndFinds()
{
    QStringList errors;
    QCOMPARE(ToolCardDescriptors::loadDirectory(testDataPath(QStringLiteral("toolcards/plugins/tools")), &errors), 2);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    ToolCardDescriptor found;
    QVERIFY(ToolCardDescriptors::find(QStringLiteral("files"), QStringLiteral("list_entries"), &found)); // any server
    QCOMPARE(found.kind, QStringLiteral("item_list"));
    QVERIFY(found.path.endsWith(QLatin1String("listing.json")));
    QVERIFY(ToolCardDescriptors::find(QStringLiteral("everything"), QStringLiteral("get-structured-content"), &found));
    QCOMPARE(found.kind, QStringLiteral("detail"));
    QVERIFY(!ToolCardDescriptors::find(QStringLiteral("other"), QStringLiteral("get-structured-content"), &found)); // named server only
    QVERIFY(!ToolCardDescriptors::find(QStringLiteral("files"), QStringLiteral("read_file"), &found));
    // No tools/ folder is no error.
    QCOMPARE(ToolCardDescriptors::loadDirectory(testDataPath(QStringLiteral("toolcards/none")), &errors), 0);
    QVERIFY(errors.isEmpty());
}

void tst_ToolCards::brokenDescriptorsNameFileAndPointer()
{
    QStringList errors;
    QCOMPARE(ToolCardDescriptors::loadDirectory(testDataPath(QStringLiteral("toolcards/broken/tools")), &errors), 1); // e-good.json
    QCOMPARE(errors.size(), 4);
    QCOMPARE(errors.at(0), QStringLiteral("a-star.json: /map/~1items~1*~1id: the target has \"*\" but its source /entries/path does not"));
    QCOMPARE(errors.at(1), QStringLiteral("b-kind.json: /kind: a tool result is never drawn as a canvas"));
    QCOMPARE(errors.at(2), QStringLiteral("c-pointer.json: /map/~1items~1*~1name/from: \"entries/*/name\" is not a JSON Pointer (\"\" or \"/a/b\", ~0 and ~1 escapes)"));
    QVERIFY2(errors.at(3).startsWith(QLatin1String("d-json.json: /map/~1title: not valid JSON: ")), qPrintable(errors.at(3)));
}

void tst_ToolCards::brokenDescriptor_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("not an object") << QByteArray("[]") << QStringLiteral("(root): must be an object with \"tool\", \"kind\" and \"map\"");
    QTest::newRow("no tool") << QByteArray(R"({"kind": "item_list", "map": {"/title": "/t"}})") << QStringLiteral("/tool: must be a non-empty string");
    QTest::newRow("unknown kind") << QByteArray(R"({"tool": "t", "kind": "nope", "map": {"/title": "/t"}})")
                                  << QStringLiteral("/kind: \"nope\" is not a card kind Tessera knows");
    QTest::newRow("empty map") << QByteArray(R"({"tool": "t", "kind": "item_list", "map": {}})")
                               << QStringLiteral("/map: must be an object of payload pointer -> source pointer, with one at least");
    QTest::newRow("two stars") << QByteArray(R"({"tool": "t", "kind": "item_list", "map": {"/items/*/x/*": "/a/*/b/*"}})")
                               << QStringLiteral("/map/~1items~1*~1x~1*: \"/items/*/x/*\" has \"*\" more than once");
    QTest::newRow("star in source only") << QByteArray(R"({"tool": "t", "kind": "item_list", "map": {"/title": "/a/*"}})")
                                         << QStringLiteral("/map/~1title: the source /a/* has \"*\" but the target does not");
    QTest::newRow("whole payload") << QByteArray(R"({"tool": "t", "kind": "item_list", "map": {"": "/a"}})")
                                   << QStringLiteral("/map/: a payload pointer names a member, not the whole payload");
    QTest::newRow("bad escape") << QByteArray(R"({"tool": "t", "kind": "item_list", "map": {"/ti~2tle": "/a"}})")
                                << QStringLiteral("/map/~1ti~02tle: \"/ti~2tle\" is not a JSON Pointer (\"\" or \"/a/b\", ~0 and ~1 escapes)");
    QTest::newRow("unknown member") << QByteArray(R"({"tool": "t", "kind": "item_list", "map": {"/title": {"from": "/a", "default": 1}}})")
                                    << QStringLiteral("/map/~1title/default: is not a member of a mapping (from, optional, as)");
    QTest::newRow("as number") << QByteArray(R"({"tool": "t", "kind": "item_list", "map": {"/title": {"from": "/a", "as": "number"}}})")
                               << QStringLiteral("/map/~1title/as: must be \"string\"");
    QTest::newRow("star in set") << QByteArray(R"({"tool": "t", "kind": "item_list", "set": {"/items/*/id": "x"}, "map": {"/title": "/a"}})")
                                 << QStringLiteral("/set/~1items~1*~1id: a fixed value has no \"*\"");
    QTest::newRow("twice") << QByteArray(R"({"tool": "t", "tool": "u", "kind": "item_list", "map": {"/title": "/a"}})")
                           << QStringLiteral("/tool: is given twice");
}

void tst_ToolCards::brokenDescriptor()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    ToolCardDescriptor d;
    QString got;
    QVERIFY(!ToolCardDescriptor::parse(text, &d, &got));
    QCOMPARE(got, error);
}

void tst_ToolCards::resultThatDoesNotFit_data()
{
    QTest::addColumn<QByteArray>("result");
    QTest::addColumn<QString>("failure");
    QTest::newRow("no structuredContent") << QByteArray("null") << QStringLiteral("(root): the result has no structuredContent");
    QTest::newRow("no entries") << QByteArray(R"({"path": "/x"})") << QStringLiteral("/entries: is missing");
    QTest::newRow("entries not an array") << QByteArray(R"({"entries": {"a": 1}})") << QStringLiteral("/entries: must be an array, not object");
    QTest::newRow("a name missing") << QByteArray(R"({"entries": [{"path": "/a", "name": "a"}, {"path": "/b", "name": "b"}, {"path": "/c"}]})")
                                    << QStringLiteral("/entries/2/name: is missing");
    QTest::newRow("size an object") << QByteArray(R"({"entries": [{"path": "/a", "name": "a", "size": {"bytes": 1}}]})")
                                    << QStringLiteral("/entries/0/size: must be a string, number or boolean, not object");
    QTest::newRow("empty listing") << QByteArray(R"({"entries": []})")
                                   << QStringLiteral("/payload/items: the card is not valid: ");
    QTest::newRow("empty name") << QByteArray(R"({"entries": [{"path": "/a", "name": ""}]})")
                                << QStringLiteral("/payload/items/0/name: the card is not valid: ");
}

void tst_ToolCards::resultThatDoesNotFit()
{
    QFETCH(QByteArray, result);
    QFETCH(QString, failure);
    ToolCardDescriptor d;
    QString error;
    QVERIFY(ToolCardDescriptor::parse(readFile(testDataPath(QStringLiteral("toolcards/plugins/tools/listing.json"))), &d, &error));
    const StrictJsonResult parsed = parseStrictJson(std::string_view(result.constData(), size_t(result.size())));
    QVERIFY(parsed.ok());
    const ToolCardOutcome outcome = cardFromToolResult(d, *parsed.value);
    QVERIFY(!outcome.ok);
    if (failure.endsWith(QLatin1String(": ")))
        QVERIFY2(outcome.describe().startsWith(failure), qPrintable(outcome.describe())); // the validator's words follow
    else
        QCOMPARE(outcome.describe(), failure);
}

QTEST_GUILESS_MAIN(tst_ToolCards)
#include "tst_toolcards.moc"
