// CardValidator: seed 000's catalog, limit by limit, plus the envelope and cross-field rules. The
// per-kind examples and cases are fixture files: tests/data/cards/<kind>/{valid,invalid}/ (see
// tests/data/README.md); what is built in code (limits, generated ids, NULs) stays here.
//
// Pointer convention checked here: a string limit points at the string ("/payload/title"); an item
// count limit points at the array ("/payload/rows"), never at the first item past the bound; a
// missing field points where it would be ("/payload/text").

#include <atomic>
#include <cmath>
#include <limits>
#include <thread>

#include <QTest>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/cardkinds.h>
#include <cards/cardvalidator.h>
#include <tests/support/cardhelpers.h>
#include <tests/support/testfiles.h>

using namespace Tessera;
using namespace Tessera::TestSupport;
using nlohmann::json;

Q_DECLARE_METATYPE(Tessera::ValidationIssue)

namespace QTest {
template<>
char *toString(const Tessera::ValidationIssue &issue)
{
    return QTest::toString(QString(issue.pointer + QStringLiteral(": ") + issue.message));
}
} // namespace QTest

namespace {

using Issues = QList<ValidationIssue>;

// n copies of a character given as UTF-8 (so "😀" is one code point, four bytes).
std::string repeat(const char *utf8, int n)
{
    std::string out;
    for (int i = 0; i < n; ++i)
        out += utf8;
    return out;
}

// The kinds of seed 000's catalog; each has its example, verbatim, in cards/<kind>/valid/seed-example.json.
const char *const kSeedKinds[] = {"text", "code", "alert", "detail", "item_list", "data_table", "metric_chart",
                                  "recommend_actions", "canvas"};

// The seed example of a kind as compact envelope text; empty when the file is missing or not JSON.
QByteArray seedExample(const char *kind)
{
    const QByteArray bytes = readFile(testDataPath(QStringLiteral("cards/%1/valid/seed-example.json").arg(QLatin1String(kind))));
    const json value = json::parse(bytes.begin(), bytes.end(), nullptr, false);
    return value.is_discarded() ? QByteArray() : jsonText(value);
}

// The seed's tool call arguments for an envelope: render_ui takes the payload itself, emit_card {kind, payload}.
QByteArray toolArguments(const json &card)
{
    if (card.at("kind") == "canvas")
        return jsonText(card.at("payload"));
    return jsonText(json{{"kind", card.at("kind")}, {"payload", card.at("payload")}});
}

// A valid payload per kind with every optional field present, for the limit tables to bend.
json fullPayload(const std::string &kind)
{
    if (kind == "text")
        return json::parse(R"({"title":"t","text":"x"})");
    if (kind == "code")
        return json::parse(R"({"title":"t","language":"sql","code":"x"})");
    if (kind == "alert")
        return json::parse(R"({"severity":"info","title":"t","message":"m"})");
    if (kind == "detail")
        return json::parse(R"({"title":"t","status":"open","fields":[{"label":"l","value":"v"}]})");
    if (kind == "item_list")
        return json::parse(R"({"title":"t","items":[{"id":"a","name":"n","status":"ok","meta":"m"}]})");
    if (kind == "data_table")
        return json::parse(R"({"title":"t","caption":"c","columns":[{"key":"k","label":"l","numeric":true}],"rows":[{"k":1}],"totals":{"k":2}})");
    if (kind == "metric_chart")
        return json::parse(R"({"title":"t","suggestedViz":"line","xLabel":"x","yLabel":"y","series":[{"name":"s","points":[{"x":1,"y":2}]}]})");
    if (kind == "recommend_actions")
        return json::parse(R"({"question":"q","actions":[{"label":"l","prompt":"p"}]})");
    if (kind == "canvas")
        return json::parse(R"({"title":"t","html":"<p>x</p>","data":{"a":1},"libraries":["echarts@1"]})");
    return json();
}

// One item of an array field, distinct per index where the catalog needs it (column keys).
json arrayItem(const std::string &kind, const std::string &pointer, int i)
{
    if (pointer == "/fields")
        return json{{"label", "l"}, {"value", "v"}};
    if (pointer == "/items")
        return json{{"id", "id" + std::to_string(i)}, {"name", "n"}};
    if (pointer == "/columns")
        return json{{"key", "k" + std::to_string(i)}, {"label", "L"}};
    if (pointer == "/rows")
        return json{{"k", i}};
    if (pointer == "/series")
        return json{{"name", "s"}, {"points", json::array({{{"x", 1}, {"y", 2}}})}};
    if (pointer == "/series/0/points")
        return json{{"x", i}, {"y", i * 0.5}};
    if (pointer == "/actions")
        return json{{"label", "l"}, {"prompt", "p"}};
    if (pointer == "/libraries")
        return "echarts@1";
    qFatal("no item for %s %s", kind.c_str(), pointer.c_str());
    return json();
}

struct Limit
{
    const char *kind;
    const char *pointer; // within the payload
    int min;
    int max;
    bool array;
};

// Every length and count limit of seed 000.
const Limit kLimits[] = {
    {"text", "/title", 0, 120, false},
    {"text", "/text", 1, 8000, false},
    {"code", "/title", 0, 120, false},
    {"code", "/language", 0, 32, false},
    {"code", "/code", 1, 16000, false},
    {"alert", "/title", 0, 120, false},
    {"alert", "/message", 1, 500, false},
    {"detail", "/title", 1, 120, false},
    {"detail", "/status", 0, 40, false},
    {"detail", "/fields", 1, 12, true},
    {"detail", "/fields/0/label", 1, 60, false},
    {"detail", "/fields/0/value", 1, 500, false},
    {"item_list", "/title", 0, 120, false},
    {"item_list", "/items", 1, 50, true},
    {"item_list", "/items/0/id", 1, 120, false},
    {"item_list", "/items/0/name", 1, 200, false},
    {"item_list", "/items/0/meta", 0, 200, false},
    {"data_table", "/title", 0, 120, false},
    {"data_table", "/caption", 0, 300, false},
    {"data_table", "/columns", 1, 8, true},
    {"data_table", "/columns/0/key", 1, 60, false},
    {"data_table", "/columns/0/label", 1, 60, false},
    {"data_table", "/rows", 0, 50, true},
    {"metric_chart", "/title", 0, 120, false},
    {"metric_chart", "/xLabel", 0, 60, false},
    {"metric_chart", "/yLabel", 0, 60, false},
    {"metric_chart", "/series", 1, 4, true},
    {"metric_chart", "/series/0/name", 1, 60, false},
    {"metric_chart", "/series/0/points", 1, 200, true},
    {"recommend_actions", "/question", 0, 200, false},
    {"recommend_actions", "/actions", 1, 3, true},
    {"recommend_actions", "/actions/0/label", 1, 60, false},
    {"recommend_actions", "/actions/0/prompt", 1, 500, false},
    {"canvas", "/title", 0, 120, false},
    {"canvas", "/html", 1, 65536, false},
    {"canvas", "/libraries", 0, 4, true},
};

json withField(const Limit &limit, int size, const char *character)
{
    json payload = fullPayload(limit.kind);
    const json::json_pointer at(limit.pointer);
    if (limit.array) {
        json items = json::array();
        for (int i = 0; i < size; ++i)
            items.push_back(arrayItem(limit.kind, limit.pointer, i));
        payload[at] = items;
    } else {
        payload[at] = repeat(character, size);
    }
    return envelope(limit.kind, payload);
}

} // namespace

class tst_CardValidator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void seedExamplesAreValid_data();
    void seedExamplesAreValid();
    void seedExamplesAsToolCalls_data();
    void seedExamplesAsToolCalls();
    void limits_data();
    void limits();
    void rejects_data();
    void rejects();
    void accepts_data();
    void accepts();
    void toolCallIssues_data();
    void toolCallIssues();
    void duplicateKindIsReported();
    void hostileNestingIsInvalidNotFatal();
    void nestingBuiltInCodeIsBounded();
    void nonFiniteNumbers();
    void issuesOrderedByPosition();
    void payloadSchemas();
    void concurrentValidation();
};

void tst_CardValidator::seedExamplesAreValid_data()
{
    QTest::addColumn<QByteArray>("envelopeText");
    QTest::addColumn<QString>("kind");
    for (const char *kind : kSeedKinds)
        QTest::newRow(kind) << seedExample(kind) << QString::fromLatin1(kind);
}

void tst_CardValidator::seedExamplesAreValid()
{
    QFETCH(QByteArray, envelopeText);
    QFETCH(QString, kind);
    QVERIFY2(!envelopeText.isEmpty(), "seed-example.json is missing or not JSON");
    QCOMPARE(CardValidator::validate(json::parse(envelopeText.toStdString())), Issues());
    const Card card = Card::fromEnvelopeText(envelopeText);
    QCOMPARE(card.issues(), Issues());
    QCOMPARE(card.kindName(), kind);
    QVERIFY(card.kind() != CardKind::Unknown);
}

void tst_CardValidator::seedExamplesAsToolCalls_data()
{
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QByteArray>("arguments");
    QTest::addColumn<QString>("kind");
    for (const char *kind : kSeedKinds) {
        const bool canvas = std::string(kind) == "canvas";
        const QByteArray example = seedExample(kind);
        QTest::newRow(kind) << (canvas ? QStringLiteral("render_ui") : QStringLiteral("emit_card"))
                            << (example.isEmpty() ? QByteArray() : toolArguments(json::parse(example.toStdString())))
                            << QString::fromLatin1(kind);
    }
}

void tst_CardValidator::seedExamplesAsToolCalls()
{
    QFETCH(QString, tool);
    QFETCH(QByteArray, arguments);
    QFETCH(QString, kind);
    const Card card = Card::fromToolCall(tool, arguments);
    QCOMPARE(card.issues(), Issues());
    QCOMPARE(card.kindName(), kind);
    QCOMPARE(card.envelope().at("specVersion").get<int>(), 1);
}

void tst_CardValidator::limits_data()
{
    QTest::addColumn<QByteArray>("envelopeText");
    QTest::addColumn<Issues>("expected");
    for (const Limit &l : kLimits) {
        const QString name = QString::fromLatin1(l.kind) + QString::fromLatin1(l.pointer);
        const QString pointer = QStringLiteral("/payload") + QString::fromLatin1(l.pointer);
        // Strings are measured in code points: "😀" is one character (4 UTF-8 bytes, 2 UTF-16 units).
        QTest::addRow("%s at max %d", qPrintable(name), l.max) << jsonText(withField(l, l.max, "😀")) << Issues();
        const QString tooMany = l.array ? QStringLiteral("must have at most %1 items").arg(l.max)
                                        : QStringLiteral("must be at most %1 characters").arg(l.max);
        QTest::addRow("%s over max", qPrintable(name))
            << jsonText(withField(l, l.max + 1, "😀")) << Issues{{pointer, tooMany}};
        QTest::addRow("%s ascii over max", qPrintable(name))
            << jsonText(withField(l, l.max + 1, "a")) << Issues{{pointer, tooMany}};
        QTest::addRow("%s at min %d", qPrintable(name), l.min) << jsonText(withField(l, l.min, "é")) << Issues();
        if (l.min > 0) {
            const QString tooFew = l.array ? QStringLiteral("must have at least 1 item") : QStringLiteral("must not be empty");
            QTest::addRow("%s under min", qPrintable(name))
                << jsonText(withField(l, l.min - 1, "é")) << Issues{{pointer, tooFew}};
        }
    }
    // canvas data: "max 32 768 chars serialized"; a string serialises with its two quotes.
    auto canvasData = [](const json &data) {
        json payload = fullPayload("canvas");
        payload["data"] = data;
        return jsonText(envelope("canvas", payload));
    };
    const Issues dataTooLong{{QStringLiteral("/payload/data"), QStringLiteral("must be at most 32768 characters when serialized")}};
    QTest::newRow("canvas/data at max") << canvasData(repeat("😀", 32766)) << Issues();
    QTest::newRow("canvas/data over max") << canvasData(repeat("😀", 32767)) << dataTooLong;
    json big = json::object();
    big["v"] = json::array();
    for (int i = 0; i < 10000; ++i)
        big["v"].push_back(i);
    QTest::newRow("canvas/data object over max") << canvasData(big) << dataTooLong;
}

void tst_CardValidator::limits()
{
    QFETCH(QByteArray, envelopeText);
    QFETCH(Issues, expected);
    QCOMPARE(CardValidator::validate(json::parse(envelopeText.toStdString())), expected);
}

void tst_CardValidator::rejects_data()
{
    QTest::addColumn<QByteArray>("envelopeText");
    QTest::addColumn<Issues>("expected");
    auto row = [](const char *name, const QByteArray &env, const char *pointer, const QString &message) {
        QTest::newRow(name) << env << Issues{{QString::fromLatin1(pointer), message}};
    };
    // Per kind: required fields, enums, types, cells, canvas rules, one file each.
    for (const CardFixture &fixture : cardFixtures(FixtureSet::Invalid)) {
        QVERIFY2(fixture.error.isEmpty(), qPrintable(fixture.error));
        QTest::newRow(qPrintable(fixture.name)) << fixture.envelopeText << fixture.expected;
    }

    // Envelope.
    row("envelope not an object", "[1]", "", QStringLiteral("must be an object"));
    row("kind missing", R"({"specVersion":1,"payload":{}})", "/kind", QStringLiteral("is required"));
    row("kind not a string", R"({"kind":3,"specVersion":1,"payload":{}})", "/kind", QStringLiteral("must be a string"));
    row("unknown kind", R"({"kind":"foo","specVersion":1,"payload":{}})", "/kind", QStringLiteral("unknown kind \"foo\""));
    row("specVersion 2", R"({"kind":"text","specVersion":2,"payload":{"text":"x"}})", "/specVersion", QStringLiteral("must be 1"));
    row("specVersion \"1\"", R"({"kind":"text","specVersion":"1","payload":{"text":"x"}})", "/specVersion", QStringLiteral("must be 1"));
    row("specVersion 1.5", R"({"kind":"text","specVersion":1.5,"payload":{"text":"x"}})", "/specVersion", QStringLiteral("must be 1"));
    row("specVersion missing", R"({"kind":"text","payload":{"text":"x"}})", "/specVersion", QStringLiteral("is required"));
    row("payload array", R"({"kind":"text","specVersion":1,"payload":[]})", "/payload", QStringLiteral("must be an object"));
    row("payload string", R"({"kind":"text","specVersion":1,"payload":"hi"})", "/payload", QStringLiteral("must be an object"));
    row("payload null", R"({"kind":"text","specVersion":1,"payload":null})", "/payload", QStringLiteral("must be an object"));
    row("payload missing", R"({"kind":"text","specVersion":1})", "/payload", QStringLiteral("is required"));
    QTest::newRow("unknown kind and version")
        << QByteArray(R"({"kind":"chart","specVersion":2,"payload":{}})")
        << Issues{{"/kind", "unknown kind \"chart\""}, {"/specVersion", "must be 1"}};

    // Built in code: what a fixture file cannot spell or would spell at great length.
    row("enum value with NUL", jsonText(envelope("alert", json{{"severity", std::string("info\0", 5)}, {"message", "m"}})),
        "/payload/severity", QStringLiteral("must be one of: info, success, warning, error"));

    // Counts named in the catalog and the brief.
    json five = fullPayload("metric_chart");
    for (int i = 0; i < 4; ++i)
        five["series"].push_back(five["series"][0]);
    row("chart with 5 series", jsonText(envelope("metric_chart", five)), "/payload/series", QStringLiteral("must have at most 4 items"));
    json long201 = fullPayload("metric_chart");
    for (int i = 1; i < 201; ++i)
        long201["series"][0]["points"].push_back({{"x", i}, {"y", i}});
    row("series with 201 points", jsonText(envelope("metric_chart", long201)), "/payload/series/0/points",
        QStringLiteral("must have at most 200 items"));

    // item_list ids are identifiers, never URLs.
    const QString notUrl = QStringLiteral("must be an identifier, not a URL");
    for (const char *id : {"https://evil.example/x", "HTTP://x", "ftp://host/file", "git+ssh://host/repo", "//evil.example",
                           "javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "data:text/html,hi",
                           "mailto:a@b.c", "file:///etc/passwd", "vbscript:x", "www.evil.example", "WWW.evil.example"}) {
        QTest::addRow("id %s", id) << jsonText(envelope("item_list", json{{"items", {{{"id", id}, {"name", "n"}}}}}))
                                   << Issues{{QStringLiteral("/payload/items/0/id"), notUrl}};
    }

    const QString badName = QStringLiteral("must contain only letters, digits, hyphens and underscores");
    QTest::newRow("template long and bad")
        << jsonText(envelope("canvas", json{{"template", repeat("a", 200000) + "/"}}))
        << Issues{{QStringLiteral("/payload/template"), badName}};

    // valijson measures lengths up to U+0000; a NUL-bearing string is still measured whole.
    row("title with NUL over max", jsonText(envelope("text", json{{"title", repeat("a", 60) + std::string(1, '\0') + repeat("😀", 60)}, {"text", "x"}})),
        "/payload/title", QStringLiteral("must be at most 120 characters"));
    row("title of NULs over max", jsonText(envelope("text", json{{"title", std::string(121, '\0')}, {"text", "x"}})),
        "/payload/title", QStringLiteral("must be at most 120 characters"));
}

void tst_CardValidator::rejects()
{
    QFETCH(QByteArray, envelopeText);
    QFETCH(Issues, expected);
    QCOMPARE(CardValidator::validate(json::parse(envelopeText.toStdString())), expected);
    // The same through Card, which adds no issue of its own for well-formed text.
    QCOMPARE(Card::fromEnvelopeText(envelopeText).issues(), expected);
}

void tst_CardValidator::accepts_data()
{
    QTest::addColumn<QByteArray>("envelopeText");
    for (const CardFixture &fixture : cardFixtures(FixtureSet::Valid)) {
        QVERIFY2(fixture.error.isEmpty(), qPrintable(fixture.error));
        QTest::newRow(qPrintable(fixture.name)) << fixture.envelopeText;
    }
    QTest::newRow("unknown envelope field") << QByteArray(R"({"kind":"text","specVersion":1,"payload":{"text":"x"},"extra":{"a":[1]}})");
    for (const char *id : {"cli:ethos", "a:b", "ticket-42", "user/123", "src/main.cpp", "http", "datacenter-1", "filex", "com.example.app"})
        QTest::addRow("id %s", id) << jsonText(envelope("item_list", json{{"items", {{{"id", id}, {"name", "n"}}}}}));
    QTest::newRow("NUL counts as one character")
        << jsonText(envelope("text", json{{"title", repeat("😀", 119) + std::string(1, '\0')}, {"text", std::string(1, '\0')}}));
}

void tst_CardValidator::accepts()
{
    QFETCH(QByteArray, envelopeText);
    QCOMPARE(CardValidator::validate(json::parse(envelopeText.toStdString())), Issues());
    QVERIFY(Card::fromEnvelopeText(envelopeText).isValid());
}

void tst_CardValidator::toolCallIssues_data()
{
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QByteArray>("arguments");
    QTest::addColumn<Issues>("expected");
    const QString emitCard = QStringLiteral("emit_card");
    const QString renderUi = QStringLiteral("render_ui");
    QTest::newRow("emit_card without kind") << emitCard << QByteArray(R"({"payload":{"text":"x"}})")
                                            << Issues{{"/kind", "is required"}};
    QTest::newRow("emit_card without payload") << emitCard << QByteArray(R"({"kind":"text"})")
                                               << Issues{{"/payload", "is required"}};
    QTest::newRow("emit_card bad payload") << emitCard << QByteArray(R"({"kind":"text","payload":{"title":5}})")
                                           << Issues{{"/payload/text", "is required"}, {"/payload/title", "must be a string"}};
    QTest::newRow("emit_card 4 actions")
        << emitCard
        << QByteArray(R"({"kind":"recommend_actions","payload":{"actions":[{"label":"a","prompt":"p"},{"label":"b","prompt":"p"},{"label":"c","prompt":"p"},{"label":"d","prompt":"p"}]}})")
        << Issues{{"/payload/actions", "must have at most 3 items"}};
    QTest::newRow("render_ui html and template") << renderUi << QByteArray(R"({"html":"<p>","template":"t"})")
                                                 << Issues{{"/payload", "must have html or template, not both"}};
    QTest::newRow("render_ui neither") << renderUi << QByteArray(R"({"title":"t","data":[1]})")
                                       << Issues{{"/payload", "must have html or template"}};
    QTest::newRow("render_ui bad template") << renderUi << QByteArray(R"({"template":"../../etc/passwd"})")
                                            << Issues{{"/payload/template", "must contain only letters, digits, hyphens and underscores"}};
    QTest::newRow("render_ui unknown library") << renderUi << QByteArray(R"({"html":"<p>","libraries":["echarts@1","three@0"]})")
                                               << Issues{{"/payload/libraries/1", "must be one of: echarts@1"}};
}

void tst_CardValidator::toolCallIssues()
{
    QFETCH(QString, tool);
    QFETCH(QByteArray, arguments);
    QFETCH(Issues, expected);
    const Card card = Card::fromToolCall(tool, arguments);
    QCOMPARE(card.issues(), expected);
    QCOMPARE(card.rawText(), arguments);
}

void tst_CardValidator::duplicateKindIsReported()
{
    const Card card = Card::fromEnvelopeText(R"({"kind":"text","kind":"code","specVersion":1,"payload":{"text":"x"}})");
    QVERIFY(!card.isValid());
    QVERIFY2(card.issues().contains(ValidationIssue{QStringLiteral("/kind"), QStringLiteral("key appears more than once")}),
             qPrintable(card.issues().value(0).pointer + QLatin1Char(' ') + card.issues().value(0).message));
}

void tst_CardValidator::hostileNestingIsInvalidNotFatal()
{
    const int depth = 100000;
    QByteArray raw = R"({"kind":"text","specVersion":1,"payload":)";
    raw += QByteArray(depth, '[') + QByteArray(depth, ']') + "}";
    const Card card = Card::fromEnvelopeText(raw);
    QVERIFY(!card.isValid());
    QVERIFY(card.issues().first().pointer.startsWith(QLatin1String("/payload/0/0/0")));
    QVERIFY2(card.issues().first().message.contains(QLatin1String("100")), qPrintable(card.issues().first().message));
    QCOMPARE(card.kind(), CardKind::Text);
    QCOMPARE(card.rawText(), raw);
}

void tst_CardValidator::nestingBuiltInCodeIsBounded()
{
    // Built in code, so the strict parser's depth limit never saw it; the validator must not recurse without bound.
    json payload = json::parse(R"({"html":"<p>"})");
    json deep = json::array();
    for (int i = 0; i < 150; ++i)
        deep = json::array({std::move(deep)});
    payload["data"] = deep;
    const Issues issues = CardValidator::validate(envelope("canvas", payload));
    QCOMPARE(issues.size(), 1);
    QVERIFY(issues.first().pointer.startsWith(QLatin1String("/payload/data/0/0/0")));
    QCOMPARE(issues.first().message, QStringLiteral("is nested more than 100 levels deep"));
}

void tst_CardValidator::nonFiniteNumbers()
{
    // JSON text cannot carry them (the parser refuses 1e400), but an envelope built in code can.
    json chart = json::parse(R"({"series":[{"name":"s","points":[{"x":1,"y":1},{"x":2,"y":2}]}]})");
    chart["series"][0]["points"][1]["y"] = std::numeric_limits<double>::quiet_NaN();
    chart["series"][0]["points"][0]["x"] = std::numeric_limits<double>::infinity();
    QCOMPARE(CardValidator::validate(envelope("metric_chart", chart)),
             (Issues{{"/payload/series/0/points/0/x", "must be a finite number"},
                     {"/payload/series/0/points/1/y", "must be a finite number"}}));

    json table = json::parse(R"({"columns":[{"key":"k","label":"l"}],"rows":[{"k":1}]})");
    table["rows"][0]["k"] = -std::numeric_limits<double>::infinity();
    QCOMPARE(CardValidator::validate(envelope("data_table", table)),
             (Issues{{"/payload/rows/0/k", "must be a finite number"}}));

    QVERIFY(!Card::fromEnvelopeText(R"({"kind":"metric_chart","specVersion":1,"payload":{"series":[{"name":"s","points":[{"x":1,"y":1e400}]}]}})").isValid());
}

void tst_CardValidator::issuesOrderedByPosition()
{
    // Errors at rows 10, 2 and 1, a duplicate key and a long title: ordered by where they are, each once,
    // with no "failed to validate item" noise from the levels above.
    json table = json::parse(R"({"columns":[{"key":"k","label":"l"},{"key":"k","label":"m"}],"rows":[]})");
    for (int i = 0; i < 12; ++i)
        table["rows"].push_back({{"k", i}});
    table["rows"][10]["k"] = json::object();
    table["rows"][2]["k"] = json::array();
    table["rows"][1] = "not a row";
    table["title"] = repeat("x", 121);
    const Issues expected{
        {"/payload/columns/1/key", "must be unique (column 0 has the same key)"},
        {"/payload/rows/1", "must be an object"},
        {"/payload/rows/2/k", "must be a string, number or null"},
        {"/payload/rows/10/k", "must be a string, number or null"},
        {"/payload/title", "must be at most 120 characters"},
    };
    QCOMPARE(CardValidator::validate(envelope("data_table", table)), expected);

    json detail = json::parse(R"({"title":"","fields":[{"label":"","value":"v"},{"label":"l"}]})");
    QCOMPARE(CardValidator::validate(envelope("detail", detail)),
             (Issues{{"/payload/fields/0/label", "must not be empty"},
                     {"/payload/fields/1/value", "is required"},
                     {"/payload/title", "must not be empty"}}));
}

void tst_CardValidator::payloadSchemas()
{
    for (CardKind kind : knownCardKinds()) {
        const json &schema = CardValidator::payloadSchema(kind);
        QVERIFY2(schema.is_object(), qPrintable(cardKindName(kind)));
        QCOMPARE(QString::fromStdString(schema.value("type", "")), QStringLiteral("object"));
        QCOMPARE(QString::fromStdString(schema.value("$schema", "")), QStringLiteral("http://json-schema.org/draft-07/schema#"));
        QVERIFY(!schema.contains("additionalProperties")); // unknown fields are ignored
        QVERIFY(schema.at("properties").is_object());
    }
    QVERIFY(CardValidator::payloadSchema(CardKind::Unknown).is_null());
    QCOMPARE(CardValidator::payloadSchema(CardKind::DataTable).at("properties").at("rows").value("maxItems", 0), 50);
    QVERIFY(CardValidator::payloadSchema(CardKind::Text).at("required") == json::array({"text"}));
    // The model-facing schema keeps what C++ enforces with its own messages.
    const json &canvas = CardValidator::payloadSchema(CardKind::Canvas);
    QCOMPARE(QString::fromStdString(canvas.at("properties").at("template").value("pattern", "")), QStringLiteral("^[A-Za-z0-9_-]+$"));
    QCOMPARE(canvas.at("oneOf").size(), size_t(2));
    QVERIFY(canvas.at("properties").at("libraries").at("items").at("enum") == json::array({"echarts@1"}));
}

void tst_CardValidator::concurrentValidation()
{
    std::vector<json> envelopes;
    for (const char *kind : kSeedKinds)
        envelopes.push_back(json::parse(seedExample(kind).toStdString(), nullptr, false));
    json bad = fullPayload("detail");
    bad["title"] = repeat("x", 121);
    envelopes.push_back(envelope("detail", bad));

    std::atomic<int> mismatches{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            for (int round = 0; round < 50; ++round) {
                for (std::size_t i = 0; i < envelopes.size(); ++i) {
                    const Issues issues = CardValidator::validate(envelopes[i]);
                    const bool expectValid = i + 1 < envelopes.size();
                    if (issues.isEmpty() != expectValid)
                        ++mismatches;
                }
            }
        });
    }
    for (std::thread &t : threads)
        t.join();
    QCOMPARE(mismatches.load(), 0);
}

QTEST_GUILESS_MAIN(tst_CardValidator)
#include "tst_cardvalidator.moc"
