// The differential test of issue 17: the simdjson reader (cards/strictjson.cpp) and the parser it
// replaced (legacystrictjson.cpp, test-only) read the same texts and must report the same thing, field
// for field: accepted or not, the value (types included), message, pointer, offset, duplicate keys,
// number lexemes, the byte span of structured.card and the kinds. The texts: every fixture under
// tests/data (whole, line by line, SSE data lines), the fuzz seeds (fuzz/corpus) and regressions, the
// span of every card on its own, a set of edge cases, and deterministic mutations of all of them.
// A card taken out of its line's value (takeSpanResult) must also equal its span's bytes parsed alone.
//
// The clean way (issue 17) over the same texts: readCleanTape may say yes only where parseStrictJson
// accepts the text with no repeated key; readCleanEnvelope only where the exact way finds a valid card,
// with the same kind and title, and the card built so finds the same lexemes when asked; a line read stepping over
// its card (skipSpan) has the same span, kinds and (outside the card) repeated keys as the line read whole.
// Canvas data around its 32,768-character limit checks the tape's count of nlohmann's serialisation.

#include <QDirIterator>
#include <QSet>
#include <QTest>

#include <cmath>
#include <cstring>

#include <nlohmann/json.hpp>

#include <simdjson.h>

#include <cards/cardkinds.h>
#include <cards/cardvalidator.h>
#include <cards/jsontape.h>
#include <cards/strictjson.h>
#include <cards/transcript.h>
#include <tests/support/cardhelpers.h>
#include <tests/support/testfiles.h>

#include "legacystrictjson.h"

using namespace Tessera;
using namespace Tessera::TestSupport;
using nlohmann::json;

namespace {

const char *const kCardPointer = "/structured/card";

// Same type and value all the way down (1 and 1.0, or int64 and uint64, are not the same here).
bool sameJson(const json &a, const json &b)
{
    if (a.type() != b.type())
        return false;
    switch (a.type()) {
    case json::value_t::object: {
        if (a.size() != b.size())
            return false;
        auto ia = a.begin();
        auto ib = b.begin();
        for (; ia != a.end(); ++ia, ++ib) {
            if (ia.key() != ib.key() || !sameJson(ia.value(), ib.value()))
                return false;
        }
        return true;
    }
    case json::value_t::array:
        if (a.size() != b.size())
            return false;
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (!sameJson(a[i], b[i]))
                return false;
        }
        return true;
    case json::value_t::number_float: {
        const double x = a.get<double>();
        const double y = b.get<double>();
        return std::memcmp(&x, &y, sizeof x) == 0;
    }
    default:
        return a == b;
    }
}

// The first field in which the two results differ, or empty.
QString difference(const StrictJsonResult &reference, const StrictJsonResult &actual)
{
    auto show = [](const std::string &s) { return QString::fromStdString(s); };
    if (reference.ok() != actual.ok())
        return QStringLiteral("ok: %1 vs %2 (reference error \"%3\", new error \"%4\")")
                .arg(reference.ok()).arg(actual.ok()).arg(show(reference.error), show(actual.error));
    if (reference.ok() && !sameJson(*reference.value, *actual.value))
        return QStringLiteral("value: %1 vs %2").arg(show(reference.value->dump()), show(actual.value->dump()));
    if (reference.error != actual.error)
        return QStringLiteral("error: \"%1\" vs \"%2\"").arg(show(reference.error), show(actual.error));
    if (reference.errorPointer != actual.errorPointer)
        return QStringLiteral("pointer: %1 vs %2").arg(show(reference.errorPointer), show(actual.errorPointer));
    if (reference.errorOffset != actual.errorOffset)
        return QStringLiteral("offset: %1 vs %2").arg(reference.errorOffset).arg(actual.errorOffset);
    if (reference.duplicateKeys != actual.duplicateKeys)
        return QStringLiteral("duplicate keys differ (%1 vs %2)")
                .arg(reference.duplicateKeys.size()).arg(actual.duplicateKeys.size());
    if (reference.numberLexemes != actual.numberLexemes)
        return QStringLiteral("number lexemes differ (%1 vs %2)")
                .arg(reference.numberLexemes.size()).arg(actual.numberLexemes.size());
    if (reference.spanBegin != actual.spanBegin || reference.spanEnd != actual.spanEnd)
        return QStringLiteral("span: [%1, %2) vs [%3, %4)")
                .arg(qint64(reference.spanBegin)).arg(qint64(reference.spanEnd))
                .arg(qint64(actual.spanBegin)).arg(qint64(actual.spanEnd));
    if (reference.spanKind != actual.spanKind)
        return QStringLiteral("span kind: %1 vs %2").arg(show(reference.spanKind), show(actual.spanKind));
    if (reference.rootKind != actual.rootKind)
        return QStringLiteral("root kind: %1 vs %2").arg(show(reference.rootKind), show(actual.rootKind));
    return {};
}

struct Tally
{
    int clean = 0;        // texts the tape read clean
    int cleanCards = 0;   // envelopes readCleanEnvelope read clean
    int validCards = 0;   // envelopes the exact way finds valid (catalog kinds)
    int skipped = 0;      // lines read stepping over their card
    int texts = 0;
    int refused = 0;      // texts both refused (so failures are compared, not only successes)
    int spans = 0;        // structured.card spans found and compared on their own
    int spansTaken = 0;   // of those, taken out of the line's value (takeSpanResult) and compared too
    int duplicates = 0;   // texts with a repeated key
    int cleanLines = 0;   // lines read whole on the tape (readCleanTranscriptLine)
    int cleanCardLines = 0; // of those, lines whose card was read there
    int linesWithLexemes = 0; // clean lines whose cards find lexemes when asked
    int spansScanned = 0; // cards' spans found by cleanMemberSpan and compared
    int spansFromTheEnd = 0; // of which also found from the line's end (SpanEnd::BeforeClosingBraces)
    int spansFromTheEndAfterMembers = 0; // of which past plain members after "structured"
    int cleanCalls = 0;   // emit_card arguments read clean (readCleanEmitCardArguments)
    int validCalls = 0;   // of the texts, those the exact way stamps into a valid card
    QStringList failures; // the first few differences, with the text that shows them
};

QString preview(const QByteArray &text)
{
    const QByteArray head = text.left(160);
    return QString::fromLatin1(head.toPercentEncoding(" {}[]\":,.-+_/"));
}

// A card's lexemes (by envelope pointer; the envelope's pointers are the emit_card arguments' too) and
// those the exact reader reports for its text.
bool sameLexemes(const QHash<QString, QString> &card, const std::vector<std::pair<std::string, std::string>> &exact)
{
    QHash<QString, QString> expected;
    for (const auto &[pointer, lexeme] : exact)
        expected.insert(QString::fromStdString(pointer), QString::fromStdString(lexeme));
    return card == expected;
}

void fail(Tally *tally, const QString &what, const QByteArray &text)
{
    if (tally->failures.size() < 12)
        tally->failures.append(QStringLiteral("%1\n    text: %2").arg(what, preview(text)));
}

// An emit_card call's arguments read the clean way against the exact way: the envelope the tool stamps
// around {kind, payload} (card.cpp, buildEnvelope), valid for a catalog kind other than canvas, with the same
// kind, title and the arguments' lexemes.
void compareCleanCall(const QByteArray &text, const StrictJsonResult &exact, Tally *tally)
{
    bool valid = false;
    json envelope = json::object();
    if (exact.ok() && exact.duplicateKeys.empty() && exact.value->is_object()) {
        if (exact.value->contains("kind"))
            envelope["kind"] = (*exact.value)["kind"];
        envelope["specVersion"] = kCardSpecVersion;
        if (exact.value->contains("payload"))
            envelope["payload"] = (*exact.value)["payload"];
        const auto kind = envelope.find("kind");
        const CardKindInfo *info = kind != envelope.end() && kind->is_string()
                                       ? cardKindInfo(cardKindFromName(QString::fromStdString(kind->get<std::string>())))
                                       : nullptr;
        valid = info && info->catalog && info->kind != CardKind::Canvas && CardValidator::validate(envelope).isEmpty();
    }
    tally->validCalls += valid ? 1 : 0;
    CardValidator::CleanEnvelope card;
    if (!CardValidator::readCleanEmitCardArguments(std::string_view(text.constData(), std::size_t(text.size())), &card))
        return;
    ++tally->cleanCalls;
    if (!valid) {
        fail(tally, QStringLiteral("[call] clean, but the exact way finds the stamped card invalid"), text);
        return;
    }
    const json &payload = envelope["payload"];
    const QString title = payload.contains("title") && payload["title"].is_string()
                              ? QString::fromStdString(payload["title"].get<std::string>())
                              : QString();
    if (card.kindName != QString::fromStdString(envelope["kind"].get<std::string>()) || card.title != title)
        fail(tally, QStringLiteral("[call] kind or title differ"), text);
    // And the card a transcript builds from such a call is the one the exact way builds, lexemes included.
    const Card built = Card::fromToolCall(QStringLiteral("emit_card"), text);
    if (!built.isValid() || built.kindName() != card.kindName || built.title() != title)
        fail(tally, QStringLiteral("[call] Card::fromToolCall differs from the clean read"), text);
    else if (!sameLexemes(built.numberLexemes(), exact.numberLexemes))
        fail(tally, QStringLiteral("[call] the card's lexemes found when asked differ"), text);
}

// The clean way against the exact way, on one text (see the top of the file).
void compareClean(const QByteArray &text, Tally *tally)
{
    const std::string_view view(text.constData(), std::size_t(text.size()));
    const StrictJsonResult exact = parseStrictJson(view);
    simdjson::dom::element root;
    if (readCleanTape(view, &root)) {
        ++tally->clean;
        if (!exact.ok() || !exact.duplicateKeys.empty())
            fail(tally, QStringLiteral("[tape] clean, but the exact way refuses it or finds a repeated key"), text);
    }
    // A valid catalog card, the exact way.
    bool valid = false;
    if (exact.ok() && exact.duplicateKeys.empty() && exact.value->is_object()) {
        const auto kind = exact.value->find("kind");
        const CardKindInfo *info = kind != exact.value->end() && kind->is_string()
                                       ? cardKindInfo(cardKindFromName(QString::fromStdString(kind->get<std::string>())))
                                       : nullptr;
        valid = info && info->catalog && CardValidator::validate(*exact.value).isEmpty();
    }
    tally->validCards += valid ? 1 : 0;
    compareCleanCall(text, exact, tally);
    CardValidator::CleanEnvelope card;
    if (CardValidator::readCleanEnvelope(view, &card)) {
        ++tally->cleanCards;
        if (!valid) {
            fail(tally, QStringLiteral("[card] clean, but the exact way finds it invalid"), text);
            return;
        }
        const json &payload = (*exact.value)["payload"];
        const QString title = payload.contains("title") && payload["title"].is_string()
                                  ? QString::fromStdString(payload["title"].get<std::string>())
                                  : QString();
        if (card.kindName != QString::fromStdString((*exact.value)["kind"].get<std::string>()) || card.title != title)
            fail(tally, QStringLiteral("[card] kind or title differ"), text);
        const std::optional<Card> built = Card::fromCleanEnvelopeText(text);
        if (!built || built->kindName() != card.kindName || built->title() != title)
            fail(tally, QStringLiteral("[card] Card::fromCleanEnvelopeText differs from the clean read"), text);
        else if (!sameLexemes(built->numberLexemes(), exact.numberLexemes))
            fail(tally, QStringLiteral("[card] the card's lexemes found when asked differ"), text);
    }
}

// A line read stepping over its card against the line read whole.
void compareSkipped(const QByteArray &text, Tally *tally)
{
    const std::string_view view(text.constData(), std::size_t(text.size()));
    StrictJsonOptions options;
    options.spanPointer = kCardPointer;
    options.skipSpan = true;
    const StrictJsonResult skipped = parseStrictJson(view, options);
    if (!skipped.ok() || skipped.spanBegin == std::string::npos)
        return; // the transcript reads such a line whole
    ++tally->skipped;
    const std::string_view span = view.substr(skipped.spanBegin, skipped.spanEnd - skipped.spanBegin);
    simdjson::dom::element card;
    if (!readCleanTape(span, &card))
        return; // so does it here
    options.skipSpan = false;
    const StrictJsonResult whole = parseStrictJson(view, options);
    std::vector<std::string> outside;
    for (const std::string &pointer : whole.duplicateKeys) {
        if (!pointer.starts_with(std::string(kCardPointer) + '/'))
            outside.push_back(pointer);
    }
    if (!whole.ok())
        fail(tally, QStringLiteral("[skip] the card is clean, yet the whole line is refused"), text);
    else if (whole.spanBegin != skipped.spanBegin || whole.spanEnd != skipped.spanEnd)
        fail(tally, QStringLiteral("[skip] span differs"), text);
    else if (whole.rootKind != skipped.rootKind || outside != skipped.duplicateKeys)
        fail(tally, QStringLiteral("[skip] kinds or repeated keys differ"), text);
}

bool endsWithMember(simdjson::dom::element object, std::string_view key)
{
    std::string_view last;
    if (object.type() == simdjson::dom::element_type::OBJECT) {
        for (simdjson::dom::key_value_pair member : simdjson::dom::object(object))
            last = member.key;
    }
    return !last.empty() && last == key;
}

// A line read the clean way against the same line read the exact way: the same message, field for field;
// and the card's span found by the scan of a clean text is the one the exact way reports.
void compareLine(const QByteArray &text, Tally *tally)
{
    const std::string_view view(text.constData(), std::size_t(text.size()));
    simdjson::dom::element root;
    if (readCleanTape(view, &root)) {
        if (const auto span = cleanMemberSpan(view, {"structured", "card"}); span && view[span->first] == '{') {
            StrictJsonOptions options;
            options.spanPointer = kCardPointer;
            const StrictJsonResult exact = parseStrictJson(view, options);
            ++tally->spansScanned;
            if (exact.spanBegin != span->first || exact.spanEnd != span->second)
                fail(tally, QStringLiteral("[scan] the card's span differs"), text);
            // Where the tape says "card" ends "structured" and only plain strings follow "structured",
            // the end found from the line's end is the same, or none (those strings written otherwise).
            const auto structured = memberOf(root, "structured");
            const std::optional<std::string> after = plainMembersAfter(root, "structured");
            if (structured && after && endsWithMember(*structured, "card")) {
                const auto fromEnd = cleanMemberSpan(view, {"structured", "card"}, SpanEnd::BeforeClosingBraces, *after);
                tally->spansFromTheEnd += fromEnd ? 1 : 0;
                tally->spansFromTheEndAfterMembers += fromEnd && !after->empty() ? 1 : 0;
                if (fromEnd && (exact.spanBegin != fromEnd->first || exact.spanEnd != fromEnd->second))
                    fail(tally, QStringLiteral("[scan] the card's span found from the line's end differs"), text);
                if (!fromEnd && after->empty())
                    fail(tally, QStringLiteral("[scan] no span found from the line's end, with nothing after the card"), text);
            }
            // And the way the transcript and the bench put the two together.
            const auto used = cleanResultCardSpan(view, root);
            if (!used || exact.spanBegin != used->first || exact.spanEnd != used->second)
                fail(tally, QStringLiteral("[scan] cleanResultCardSpan differs"), text);
        }
    }
    Message clean;
    if (!readCleanTranscriptLine(text, 7, &clean))
        return;
    ++tally->cleanLines;
    tally->cleanCardLines += clean.cards.isEmpty() || clean.cards.first().source() != CardSource::ToolResult ? 0 : 1;
    // The cards find their lexemes when asked: the exact reader's, each card's on its own and in the
    // message's whole description.
    const Message exact = parseTranscriptLineExactly(text, 7);
    for (qsizetype i = 0; i < clean.cards.size() && i < exact.cards.size(); ++i) {
        if (clean.cards[i].numberLexemes() != exact.cards[i].numberLexemes())
            fail(tally, QStringLiteral("[line] a card's lexemes found when asked differ"), text);
    }
    const auto keepsLexemes = [](const Card &c) { return !c.numberLexemes().isEmpty(); };
    tally->linesWithLexemes += std::any_of(clean.cards.cbegin(), clean.cards.cend(), keepsLexemes);
    if (describedMessage(clean) != describedMessage(exact))
        fail(tally, QStringLiteral("[line] the clean way's message differs from the exact way's"), text);
}

// Canvas cards whose data serialises to about the limit: strings with every kind of escape, numbers,
// nested values; each at the limit, one under and one over.
QList<QByteArray> canvasDataCases()
{
    QList<QByteArray> cases;
    const auto envelope = [](const QByteArray &data) -> QByteArray {
        return "{\"kind\":\"canvas\",\"specVersion\":1,\"payload\":{\"html\":\"<p>x</p>\",\"data\":" + data + "}}";
    };
    // Pieces with every kind of escape and number; each counted as nlohmann's dump() writes it.
    const QByteArray pieces[] = {
        "\"a\"", "\"\\n\\t\\\"\\\\\"", "\"\\u0001\"", "\"\\u00e9\"", "\"\xf0\x9f\x98\x80\"", "\"\\/\"", "1.5",
        "1e2", "0.1e1", "-0", "12345678901234567890", "true", "null", "{\"k\\u0001\":[1,2]}", "1.10", "-1e-7",
    };
    const auto dumpedChars = [](const QByteArray &text) {
        return int(QString::fromStdString(json::parse(text.toStdString()).dump()).toUcs4().size());
    };
    constexpr int kLimit = 32768;
    for (const QByteArray &piece : pieces) {
        // An array of copies of the piece, padded with "a" strings to the limit, then one char less and more.
        const int copies = 400;
        const int used = 2 + copies * dumpedChars(piece) + copies; // brackets, pieces, commas before the filler
        for (int delta : {-1, 0, 1}) {
            const int filler = kLimit + delta - used - 2; // chars of one long string "…" after the pieces
            if (filler < 0)
                continue;
            QByteArray data = "[";
            for (int i = 0; i < copies; ++i)
                data += piece + ',';
            data += '"' + QByteArray(filler, 'a') + "\"]";
            cases.append(envelope(data));
        }
    }
    return cases;
}

void compareOne(const QByteArray &text, Tally *tally, bool withSpans)
{
    const std::string_view view(text.constData(), std::size_t(text.size()));
    StrictJsonOptions options;
    if (withSpans)
        options.spanPointer = kCardPointer;
    const StrictJsonResult reference = Legacy::parseStrictJsonLegacy(view, options);
    const StrictJsonResult actual = parseStrictJson(view, options);
    ++tally->texts;
    if (!reference.ok())
        ++tally->refused;
    if (!reference.duplicateKeys.empty())
        ++tally->duplicates;
    compareClean(text, tally);
    if (withSpans) {
        compareSkipped(text, tally);
        compareLine(text, tally);
    }
    const QString diff = difference(reference, actual);
    if (!diff.isEmpty() && tally->failures.size() < 12)
        tally->failures.append(QStringLiteral("%1%2\n    text: %3").arg(withSpans ? "[span] " : "", diff, preview(text)));
    if (withSpans && reference.spanBegin != std::string::npos && reference.spanEnd != std::string::npos) {
        // The card's raw bytes, as the card parses them again on its own.
        ++tally->spans;
        const QByteArray span = text.mid(qsizetype(reference.spanBegin), qsizetype(reference.spanEnd - reference.spanBegin));
        compareOne(span, tally, false);
        // The card taken out of its line's value must be what the card's bytes parse to alone.
        StrictJsonResult line = actual;
        if (line.ok())
            line.value = std::make_shared<json>(*actual.value);
        StrictJsonResult taken;
        if (takeSpanResult(line, kCardPointer, &taken)) {
            ++tally->spansTaken;
            const QString spanDiff = difference(parseStrictJson(std::string_view(span.constData(), std::size_t(span.size()))), taken);
            if (!spanDiff.isEmpty() && tally->failures.size() < 12)
                tally->failures.append(QStringLiteral("[taken span] %1\n    text: %2").arg(spanDiff, preview(text)));
        }
    }
}

void addText(QSet<QByteArray> *texts, QByteArray text)
{
    if (text.size() <= 2 * 1024 * 1024)
        texts->insert(std::move(text));
}

// The file whole, each line (without its CR), and each SSE `data:` line's payload.
void addFile(QSet<QByteArray> *texts, const QString &path)
{
    const QByteArray bytes = readFile(path);
    addText(texts, bytes);
    for (QByteArray line : bytes.split('\n')) {
        while (line.endsWith('\r'))
            line.chop(1);
        if (line.startsWith("data:"))
            addText(texts, line.mid(line.startsWith("data: ") ? 6 : 5));
        addText(texts, line);
    }
}

QList<QByteArray> filesUnder(const QString &root, QSet<QByteArray> *texts)
{
    QList<QByteArray> names;
    QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        names.append(path.toUtf8());
        addFile(texts, path);
    }
    return names;
}

// Texts written for the edges of the two passes: numbers, literals, BOM, surrogates, depth, spans.
QList<QByteArray> edgeCases()
{
    QList<QByteArray> cases = {
        "", " ", "\n", "0", "-0", "-0.0", "1", "-1", "01", "1.", ".1", "1e", "1e+", "1E+2", "1e-7", "1.10", "2.5",
        "123456789012345678901234567890", "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
        "18446744073709551616", "1e999", "-1e999", "1e-999", "4.9e-324", "2.2250738585072014e-308",
        "0.1e1", "1.7976931348623157e308", "[1.0,1e0,10e-1,100E-2]", "1 2", "[1 2]", "[-]", "[+1]", "[0x10]",
        "true", "false", "null", "tru", "truex", "[nul]", "[true,false,null]", "[True]", "NaN", "[Infinity]",
        "\"abc\"", "\"\\u0000\"", "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\udc00\"", "\"\\ud83d\\ude00\"",
        "\"\\ud800\\u0041\"", "\"\\x41\"", "\"\\u00e9\"", "\"\\uD83D\"", "\"a\tb\"", "\"a\x01\"", "\"\x7f\"",
        "\"caf\xc3\xa9\"", "\"caf\xc3\"", "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"", "\"\xc0\xaf\"", "\xff",
        "\xef\xbb\xbf{}", "\xef\xbb\xbf", "\xef\xbb{}", "\xef{}", " \xef\xbb\xbf{}", "{} ", "{} x", "{}{}", "[] ]",
        "{", "}", "[", "]", "{\"a\"}", "{\"a\":}", "{\"a\" 1}", "{\"a\":1,}", "{,}", "[,]", "[1,]", "[1,,2]",
        "{\"a\":1 \"b\":2}", "{1:2}", "{\"a\":1,\"a\":2}", "{\"a\":1,\"\\u0061\":2}", "{\"\":1,\"\":[{\"\":2}]}",
        "{\"a\":{\"b\":1,\"b\":{\"c\":1,\"c\":2}},\"a\":[1,{\"x\":1,\"x\":2}]}", "{\"a~/b\":1,\"a~/b\":1}",
        "{\"kind\":\"a\",\"kind\":\"b\"}", "{\"kind\":\"\",\"kind\":\"b\"}", "{\"kind\":1,\"x\":{\"kind\":\"y\"}}",
        "[\"kind\"]", "{\"a\":[1,2,{\"b\":[3,{\"c\":1.50}]}]}", "\t\r\n[\t1\r,\n2 ]\n", "\f[]", "[\v1]",
        "{\"structured\":{\"card\":{\"kind\":\"alert\",\"kind\":\"x\"}}}",
        "{\"structured\":{\"card\":{\"kind\":\"alert\"}},\"structured\":{\"card\":{\"kind\":\"b\"}}}",
        "{\"structured\":{\"card\":{\"kind\":\"alert\"} , \"card\":{}}}",
        "{\"structured\":{\"card\":{\"kind\":\"alert\"}\r\n}}", "{\"structured\":{\"card\":[{}]}}",
        "{\"structured\":{\"card\":{\"kind\":\"alert\",\"payload\":{\"y\":1e999}}}}",
        "{\"structured\":{\"card\":{\"kind\":\"alert\",\"payload\":{\"y\":\"\\ud800\"}}}}",
        "{\"structured\":{\"card\":{\"kind\":\"alert\",\"payload\":[1,2,}}}",
        "{\"structured\":{\"card\":\"{}\"}}", "{\"structured\":{\"card\":{}}", "{\"structured\":{\"card\":{}}}x",
        "{\"role\":\"tool\",\"content\":\"x\",\"structured\":{\"card\":{\"kind\":\"text\",\"specVersion\":1}}}",
    };
    // Lines read whole on the tape (transcript.cpp): a valid card behind members whose strings hold quotes,
    // backslashes and brackets, names spelled with escapes on the card's path, tool calls of every shape,
    // parts, version marks with numbers of every type.
    const QByteArray card = "{\"kind\":\"text\",\"specVersion\":1,\"payload\":{\"text\":\"a \\\"}]\\\\\",\"title\":\"T\"}}";
    const QByteArray lines[] = {
        "{\"role\":\"tool\",\"tool_call_id\":\"c1\",\"content\":\"\\\\\\\"{[\",\"structured\":{\"x\":[\"]}\\\"\"],\"card\":" + card + "}}",
        "{\"role\":\"tool\",\"structured\":{\"\\u0063ard\":" + card + "}}",
        "{\"role\":\"tool\",\"\\u0073tructured\":{\"card\":" + card + "}}",
        "{\"role\":\"tool\",\"structured\":{\"card\":" + card + ",\"cardId\":\"own\"}}",
        "{\"role\":\"tool\",\"structured\":{\"card\":" + card + " \t}\r\n }  ",
        "{\"role\":\"tool\",\"structured\":{\"card\":" + card + "},\"tool_call_id\":\"c1\",\"turn_id\":\"}},t\"}",
        "{\"role\":\"tool\",\"structured\":{\"card\":" + card + "} , \"tool_call_id\" : \"c1\" } ",
        "{\"role\":\"tool\",\"structured\":{\"card\":" + card + "},\"tool_call_id\":\"c\\u0031\"}",
        "{\"role\":\"tool\",\"structured\":{\"card\":" + card + "},\"card\":\"x\",\"n\":1}",
        "{\"role\":\"tool\",\"structured\":{\"card\":" + card + "},\"\\u0063ard\":\"x\"}",
        // As long as the plain members would be, but spaced: what the bytes are must be checked, not only how many.
        "{\"role\":\"tool\",\"structured\":{\"card\":" + card + "},\"a\":\"}}\"        ,\"b\":\"x\"}",
        "{\"role\":\"tool\",\"structured\":{\"card\":{\"kind\":\"text\",\"specVersion\":1,\"payload\":{\"text\":\"}}\"}}}}",
        "{\"role\":\"tool\",\"structured\":{\"cardId\":7,\"card\":" + card + "},\"id\":\"m\"}",
        "{\"role\":\"tool\",\"structured\":{\"card\":{\"kind\":\"text\",\"specVersion\":1,\"payload\":{}}}}",
        "{\"role\":\"tool\",\"structured\":[" + card + "]}",
        "{\"role\":\"tool\",\"content\":\"{\\\"ok\\\":false}\",\"structured\":{\"card\":" + card + "}}",
        "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"a\",\"function\":{\"name\":\"emit_card\","
        "\"arguments\":\"{}\"}},7,{\"function\":{\"name\":\"x\",\"arguments\":{\"k\":1.50}}}]}",
        "{\"role\":\"assistant\",\"tool_calls\":{}}", "{\"role\":\"assistant\",\"tool_calls\":null}",
        "{\"role\":\"assistant\",\"content\":[\"a\",{\"type\":\"text\",\"text\":\"b\"},{\"text\":5},\"\",null]}",
        "{\"role\":\"assistant\",\"content\":\"x\\n```dorkos-ui\\n{\\\"type\\\":\\\"stack\\\"}\\n```\\n\",\"id\":\"w\"}",
        "{\"role\":\"system\",\"content\":\"\",\"turn_version\":{\"group\":\"g\",\"version\":2,\"from\":1},"
        "\"version_choice\":{\"group\":\"g\",\"version\":18446744073709551615}}",
        "{\"role\":\"user\",\"content\":\"q\",\"turn_version\":{\"group\":\"g\",\"version\":-0,\"from\":3}}",
        "{\"role\":\"user\",\"content\":\"q\",\"turn_version\":{\"group\":\"g\",\"version\":2.0}}",
        "{\"role\":\"user\",\"content\":\"q\",\"turn_version\":{\"group\":\"g\",\"version\":9223372036854775808}}",
        "[]", "\"line\"", "{\"role\":7,\"content\":{}}",
    };
    for (const QByteArray &line : lines)
        cases.append(line);
    // The span scan reads eight bytes at a time: quotes, escapes and bytes that look like brackets to it
    // ('Y', '_', 'y', DEL) at every offset within a word.
    for (int pad = 0; pad < 9; ++pad) {
        cases.append(R"({"role":"tool","structured":{"card":{"kind":"text","specVersion":1,"payload":{"text":")"
                     + QByteArray(pad, 'a') + R"(Y_y)" + '\x7f' + R"([{\"}]\\\"x\\"}},"cardId":"Y_y"}})");
    }
    // Nesting at the limit and just past it, at the root and inside a card (where it counts from the card).
    for (int depth : {99, 100, 101, 1000}) {
        cases.append(QByteArray(depth, '[') + QByteArray(depth, ']'));
        cases.append(QByteArray(depth, '[') + QByteArray(depth - 1, ']'));
        QByteArray objects;
        for (int i = 0; i < depth; ++i)
            objects += "{\"a\":";
        cases.append(objects + "1" + QByteArray(depth, '}'));
        cases.append("{\"structured\":{\"card\":{\"payload\":" + QByteArray(depth - 1, '[') + QByteArray(depth - 1, ']')
                     + "}}}");
        cases.append("{\"structured\":{\"card\":{\"kind\":\"x\",\"p\":" + objects + "1" + QByteArray(depth, '}')
                     + "}}}");
    }
    return cases;
}

// Cuts and single-byte changes at evenly spread places: syntax errors at every kind of position.
QList<QByteArray> mutationsOf(const QByteArray &text)
{
    static const char kBytes[] = {'"', '\\', '{', '}', '[', ']', ',', ':', '0', '-', 'e', '.', ' ', 't', '\0', '\x1f',
                                  '\x80', '\xc3', '\xff'};
    QList<QByteArray> out;
    const qsizetype n = text.size();
    if (n == 0 || n > 4096)
        return out;
    const qsizetype cuts = std::min<qsizetype>(n, 24);
    for (qsizetype i = 0; i < cuts; ++i)
        out.append(text.left(i * n / cuts));
    const qsizetype places = std::min<qsizetype>(n, 10);
    for (qsizetype i = 0; i < places; ++i) {
        const qsizetype at = (i * n) / places + (i % 3);
        if (at >= n)
            continue;
        for (char byte : kBytes) {
            QByteArray changed = text;
            changed[at] = byte;
            out.append(changed);
            QByteArray inserted = text;
            inserted.insert(at, byte);
            out.append(inserted);
        }
        out.append(QByteArray(text).remove(at, 1));
    }
    return out;
}

} // namespace

class tst_StrictJsonDiff : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameAsBefore_data();
    void sameAsBefore();
    void canvasDataAtTheLimit();
};

void tst_StrictJsonDiff::sameAsBefore_data()
{
    QTest::addColumn<QString>("source");
    QTest::newRow("fixtures") << QStringLiteral(TESSERA_TEST_DATA);
    QTest::newRow("fuzz seeds") << QStringLiteral(TESSERA_SOURCE_DIR "/fuzz/corpus");
    QTest::newRow("edge cases") << QString();
}

void tst_StrictJsonDiff::sameAsBefore()
{
    QFETCH(QString, source);
    QSet<QByteArray> texts;
    if (source.isEmpty()) {
        for (const QByteArray &text : edgeCases())
            texts.insert(text);
    } else {
        const QList<QByteArray> files = filesUnder(source, &texts);
        QVERIFY2(files.size() >= 20, qPrintable(source));
    }
    if (source == QLatin1String(TESSERA_TEST_DATA)) {
        // The two sets the issue names must be among them.
        QVERIFY(texts.contains(readFile(testDataPath(QStringLiteral("hostile.jsonl")))));
        QVERIFY(texts.contains(readFile(testDataPath(QStringLiteral("fuzz-regressions/transcriptline/card-depth")))));
    }
    QSet<QByteArray> all = texts;
    for (const QByteArray &text : texts) {
        for (QByteArray &mutant : mutationsOf(text))
            all.insert(std::move(mutant));
    }
    QList<QByteArray> ordered = all.values();
    std::sort(ordered.begin(), ordered.end());
    Tally tally;
    for (const QByteArray &text : ordered) {
        compareOne(text, &tally, false);
        compareOne(text, &tally, true);
    }
    qInfo("%d texts compared (%d refused by both, %d with repeated keys, %d card spans, %d taken from their line)",
          tally.texts, tally.refused, tally.duplicates, tally.spans, tally.spansTaken);
    QVERIFY2(tally.failures.isEmpty(), qPrintable(tally.failures.join(QLatin1Char('\n'))));
    // Both sides of the contract were exercised.
    QVERIFY(tally.refused > 0);
    QVERIFY(tally.refused < tally.texts);
    if (!source.isEmpty())
        QVERIFY(tally.spans > 0);
    QVERIFY(tally.spansTaken > 0);
    QVERIFY(tally.duplicates > 0);
    qInfo("clean way: %d texts read clean on the tape, %d of %d valid cards, %d lines stepped over their card",
          tally.clean, tally.cleanCards, tally.validCards, tally.skipped);
    QVERIFY(tally.clean > 0);
    qInfo("clean lines: %d read whole on the tape, %d of them with their card; %d card spans scanned",
          tally.cleanLines, tally.cleanCardLines, tally.spansScanned);
    qInfo("card spans found from the line's end: %d (%d past members after \"structured\")", tally.spansFromTheEnd,
          tally.spansFromTheEndAfterMembers);
    QVERIFY(tally.cleanLines > 0);
    qInfo("clean lines whose cards find lexemes when asked: %d", tally.linesWithLexemes);
    qInfo("emit_card arguments: %d of %d that stamp a valid card read clean", tally.cleanCalls, tally.validCalls);
    QVERIFY(tally.spansScanned > 0);
    QVERIFY(tally.spansFromTheEnd > 0);
    QVERIFY(tally.spansFromTheEndAfterMembers > 0);
    if (source == QLatin1String(TESSERA_TEST_DATA)) {
        // The fixtures' valid cards go the clean way (all but those it declines for a reason of its own).
        QVERIFY(tally.cleanCards > 0);
        QVERIFY2(tally.cleanCards * 10 >= tally.validCards * 9,
                 qPrintable(QStringLiteral("%1 of %2").arg(tally.cleanCards).arg(tally.validCards)));
        QVERIFY(tally.skipped > 0);
        QVERIFY(tally.cleanCardLines > 0);
        QVERIFY(tally.linesWithLexemes > 0);
        QVERIFY2(tally.cleanCalls * 10 >= tally.validCalls * 9,
                 qPrintable(QStringLiteral("%1 of %2").arg(tally.cleanCalls).arg(tally.validCalls)));
    }
}

// The tape's count of canvas data must be nlohmann's to the character: at the limit both ways say valid,
// one over both say invalid.
void tst_StrictJsonDiff::canvasDataAtTheLimit()
{
    const QList<QByteArray> cases = canvasDataCases();
    QVERIFY(cases.size() >= 30);
    int valid = 0;
    for (const QByteArray &text : cases) {
        const std::string_view view(text.constData(), std::size_t(text.size()));
        const StrictJsonResult exact = parseStrictJson(view);
        QVERIFY2(exact.ok(), text.left(80).constData());
        const bool exactValid = CardValidator::validate(*exact.value).isEmpty();
        CardValidator::CleanEnvelope card;
        const bool clean = CardValidator::readCleanEnvelope(view, &card);
        QVERIFY2(clean == exactValid, qPrintable(QStringLiteral("clean %1, exact valid %2: %3")
                                                         .arg(clean).arg(exactValid).arg(QString::fromUtf8(text.left(120)))));
        valid += exactValid ? 1 : 0;
    }
    // Both sides of the limit were reached.
    QCOMPARE(valid, int(cases.size() * 2 / 3));
}

QTEST_APPLESS_MAIN(tst_StrictJsonDiff)
#include "tst_strictjsondiff.moc"
