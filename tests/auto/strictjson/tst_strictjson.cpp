// The strict parser under every envelope: duplicates, depth, UTF-8, number lexemes, spans.

#include <QTest>

#include <cstdlib>
#include <random>
#include <set>

#include <nlohmann/json.hpp>
#include <simdjson.h>

#include <cards/strictjson.h>

using namespace Tessera;

class tst_StrictJson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesPlainJson();
    void reportsDuplicateKeys_data();
    void reportsDuplicateKeys();
    void depthLimit();
    void hostileNestingDoesNotCrash();
    void refusesInvalidUtf8();
    void keepsNumberLexemes();
    void lexemesAgreeWithDump();
    void bigIntegersStayExact();
    void overflowNamesThePointer();
    void spanOfNestedObject();
    void spanOpenWhenBrokenInside();
    void escapesPointerTokens();
};

void tst_StrictJson::parsesPlainJson()
{
    const StrictJsonResult r = parseStrictJson(R"({"a":[1,2,{"b":"c"}],"d":null})");
    QVERIFY(r.ok());
    QCOMPARE(r.value->at("a").at(2).at("b").get<std::string>(), std::string("c"));
    QVERIFY(r.value->at("d").is_null());
    QVERIFY(r.duplicateKeys.empty());
}

void tst_StrictJson::reportsDuplicateKeys_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("kept");
    QTest::newRow("top") << R"({"kind":"text","kind":"alert"})" << "/kind" << "\"text\"";
    QTest::newRow("nested") << R"({"payload":{"rows":[{"x":1,"x":{"deep":[1]}}]}})" << "/payload/rows/0/x" << "1";
    QTest::newRow("escaped") << R"({"a/b":1,"a/b":2})" << "/a~1b" << "1";
}

void tst_StrictJson::reportsDuplicateKeys()
{
    QFETCH(QString, text);
    QFETCH(QString, pointer);
    QFETCH(QString, kept);
    const StrictJsonResult r = parseStrictJson(text.toStdString());
    QVERIFY(r.ok());
    QCOMPARE(r.duplicateKeys.size(), size_t(1));
    QCOMPARE(QString::fromStdString(r.duplicateKeys.front()), pointer);
    // The first copy is the one kept; the card is invalid either way.
    const nlohmann::json value = r.value->at(nlohmann::json::json_pointer(pointer.toStdString()));
    QCOMPARE(QString::fromStdString(value.dump()), kept);
}

void tst_StrictJson::depthLimit()
{
    const std::string ok = std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']');
    QVERIFY(parseStrictJson(ok).ok());
    const std::string deep = std::string(kMaxJsonDepth + 1, '[') + std::string(kMaxJsonDepth + 1, ']');
    const StrictJsonResult r = parseStrictJson(deep);
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error), QStringLiteral("nested deeper than 100 levels"));
    QVERIFY(QString::fromStdString(r.errorPointer).startsWith(QLatin1String("/0/0/0")));
}

void tst_StrictJson::hostileNestingDoesNotCrash()
{
    const std::string text = R"({"kind":"text","specVersion":1,"payload":)" + std::string(100000, '[')
            + std::string(100000, ']') + "}";
    const StrictJsonResult r = parseStrictJson(text);
    QVERIFY(!r.ok());
    QVERIFY(QString::fromStdString(r.errorPointer).startsWith(QLatin1String("/payload/0/0")));
    // The kind read before the failure survives, for the fallback's label.
    QCOMPARE(r.rootKind, std::string("text"));
}

void tst_StrictJson::refusesInvalidUtf8()
{
    // A two-byte character cut after its first byte.
    const StrictJsonResult r = parseStrictJson("{\"content\":\"caf\xc3\"}");
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.error).contains(QLatin1String("UTF-8")), r.error.c_str());
    QCOMPARE(QString::fromStdString(r.errorPointer), QStringLiteral("/content"));
}

void tst_StrictJson::keepsNumberLexemes()
{
    const StrictJsonResult r = parseStrictJson(R"({"a":1.10,"b":2.5,"c":1e2,"d":[0.30]})");
    QVERIFY(r.ok());
    std::map<std::string, std::string> lexemes(r.numberLexemes.begin(), r.numberLexemes.end());
    QCOMPARE(lexemes.size(), size_t(3));
    QCOMPARE(lexemes.at("/a"), std::string("1.10"));
    QCOMPARE(lexemes.at("/c"), std::string("1e2"));
    QCOMPARE(lexemes.at("/d/0"), std::string("0.30"));
}

// A float keeps its lexeme exactly when nlohmann's dump() of the double writes other text; the reader
// decides most plain decimals without grisu2 (strictjson.cpp, plainDecimalDumpsAs). Checked against dump()
// itself on every decimal a.b with a < 100 and b < 1000 in each spelling, and on 200,000 random tokens of
// every shape (1-17 digits, leading and trailing zeros, signs, exponents), read both ways.
void tst_StrictJson::lexemesAgreeWithDump()
{
    std::vector<std::string> tokens;
    for (int a = 0; a < 100; ++a) {
        for (int b = 0; b < 1000; ++b) {
            tokens.push_back(std::to_string(a) + '.' + std::to_string(b));
            tokens.push_back(std::to_string(a) + ".0" + std::to_string(b));
        }
    }
    std::mt19937_64 random(17);
    const auto digit = [&] { return char('0' + random() % 10); };
    for (int i = 0; i < 200000; ++i) {
        std::string token = random() % 4 == 0 ? "-" : "";
        const int whole = int(random() % 17);
        if (whole == 0) {
            token += "0";
        } else {
            token += char('1' + random() % 9);
            for (int j = 1; j < whole; ++j)
                token += digit();
        }
        token += '.';
        token += std::string(random() % 6, '0');
        const int fraction = 1 + int(random() % 17);
        for (int j = 0; j < fraction; ++j)
            token += digit();
        token += std::string(random() % 8 == 0 ? 1 + random() % 2 : 0, '0');
        if (random() % 10 == 0)
            token += "e" + std::to_string(int(random() % 40) - 20);
        tokens.push_back(token);
    }
    tokens.insert(tokens.end(), {"0.0", "-0.0", "0.00", "1.0", "100.0", "1.10", "0.1", "0.3", "2.675", "1.005",
                                 "0.0001", "0.00001", "123456789012345.0", "1234567890123456.0", "0.1000000000000000055511151231257827"});
    std::size_t kept = 0;
    std::size_t decidedByDump = 0;
    for (std::size_t from = 0; from < tokens.size(); from += 1000) {
        std::string array = "[";
        std::set<std::string> expected;
        for (std::size_t i = from; i < std::min(tokens.size(), from + 1000); ++i) {
            array += (i > from ? "," : "") + tokens[i];
            const double value = std::strtod(tokens[i].c_str(), nullptr);
            if (nlohmann::json(value).dump() != tokens[i])
                expected.insert('/' + std::to_string(i - from));
            else
                ++decidedByDump;
        }
        array += ']';
        const StrictJsonResult parsed = parseStrictJson(array);
        QVERIFY(parsed.ok());
        std::set<std::string> actual;
        for (const auto &[pointer, lexeme] : parsed.numberLexemes)
            actual.insert(pointer);
        QCOMPARE(actual, expected);
        simdjson::dom::element root;
        QVERIFY(readCleanTape(array, &root));
        kept += expected.size();
    }
    // Both answers occur often.
    QVERIFY(kept > 50000);
    QVERIFY(decidedByDump > 50000);
}

void tst_StrictJson::bigIntegersStayExact()
{
    const StrictJsonResult r = parseStrictJson(R"({"u":18446744073709551615,"over":18446744073709551616})");
    QVERIFY(r.ok());
    QVERIFY(r.value->at("u").is_number_unsigned());
    QCOMPARE(r.value->at("u").dump(), std::string("18446744073709551615"));
    // Past uint64 the value becomes a double, and the source digits are kept beside it.
    QCOMPARE(r.numberLexemes.size(), size_t(1));
    QCOMPARE(r.numberLexemes.front().second, std::string("18446744073709551616"));
}

void tst_StrictJson::overflowNamesThePointer()
{
    const StrictJsonResult r = parseStrictJson(R"({"series":[{"points":[{"x":1,"y":2},{"x":2,"y":1e999}]}]})");
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.errorPointer), QStringLiteral("/series/0/points/1/y"));
    QVERIFY(QString::fromStdString(r.error).contains(QLatin1String("1e999")));
}

void tst_StrictJson::spanOfNestedObject()
{
    const std::string text = R"({"role":"tool","structured":{"card":  {"kind":"alert","payload":{"a":{}}} ,"x":1}})";
    StrictJsonOptions options;
    options.spanPointer = "/structured/card";
    const StrictJsonResult r = parseStrictJson(text, options);
    QVERIFY(r.ok());
    QVERIFY(r.spanBegin != std::string::npos);
    QCOMPARE(text.substr(r.spanBegin, r.spanEnd - r.spanBegin), std::string(R"({"kind":"alert","payload":{"a":{}}})"));
    QCOMPARE(r.spanKind, std::string("alert"));
}

void tst_StrictJson::spanOpenWhenBrokenInside()
{
    const std::string text = R"({"structured":{"card":{"kind":"metric_chart","payload":{"y":1e999}}}})";
    StrictJsonOptions options;
    options.spanPointer = "/structured/card";
    const StrictJsonResult r = parseStrictJson(text, options);
    QVERIFY(!r.ok());
    QCOMPARE(r.spanBegin, text.find("{\"kind\""));
    QCOMPARE(r.spanEnd, std::string::npos);
    QCOMPARE(r.spanKind, std::string("metric_chart"));
    QCOMPARE(QString::fromStdString(r.errorPointer), QStringLiteral("/structured/card/payload/y"));
}

void tst_StrictJson::escapesPointerTokens()
{
    QCOMPARE(escapePointerToken("a/b~c"), std::string("a~1b~0c"));
    QCOMPARE(escapePointerToken(""), std::string(""));
}

QTEST_APPLESS_MAIN(tst_StrictJson)
#include "tst_strictjson.moc"
