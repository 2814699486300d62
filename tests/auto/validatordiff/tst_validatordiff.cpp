// The differential test of the compiled catalog schemas (issue 17): CardValidator::validate walks a tree
// compiled once from each kind's schema, CardValidator::validateWithValijson asks valijson as before. Both
// must list the same issues (pointers, messages, order) for every envelope under tests/data and the fuzz
// seeds, and for deterministic mutations of each payload: every value replaced by values of each type and
// of each length limit's edges, every member removed, unknown members added.

#include <QDirIterator>
#include <QTest>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/cardkinds.h>
#include <cards/cardvalidator.h>
#include <cards/strictjson.h>
#include <cards/transcript.h>
#include <tests/support/testfiles.h>

using namespace Tessera;
using namespace Tessera::TestSupport;
using nlohmann::json;

namespace {

struct Tally
{
    int envelopes = 0;
    int invalid = 0;
    QStringList failures;
};

QString show(const QList<ValidationIssue> &issues)
{
    QStringList lines;
    for (const ValidationIssue &issue : issues)
        lines.append(issue.pointer + QStringLiteral(": ") + issue.message);
    return lines.join(QStringLiteral("; "));
}

void compare(const json &envelope, Tally *tally)
{
    const QList<ValidationIssue> compiled = CardValidator::validate(envelope);
    const QList<ValidationIssue> reference = CardValidator::validateWithValijson(envelope);
    ++tally->envelopes;
    tally->invalid += compiled.isEmpty() ? 0 : 1;
    if (compiled != reference && tally->failures.size() < 10)
        tally->failures.append(QStringLiteral("valijson: %1\n    compiled: %2\n    envelope: %3")
                                       .arg(show(reference), show(compiled),
                                            QString::fromStdString(envelope.dump(-1, ' ', false, json::error_handler_t::replace)).left(300)));
}

// Values that hit each keyword: every type, the length and count edges of the catalog's limits.
std::vector<json> replacements()
{
    std::vector<json> values = {nullptr, true, 0, -1, 2.5, json::array(), json::object(), "", "x",
                                std::string("a\0b", 3), "\xc3\xa9t\xc3\xa9", "line", "info", "ok", "bar",
                                json::array({1, "a", nullptr}), json::object({{"key", "k"}, {"label", "L"}})};
    for (int length : {59, 60, 61, 119, 120, 121, 200, 201, 300, 301, 2001})
        values.emplace_back(std::string(std::size_t(length), 'w'));
    values.emplace_back(std::string(60, 'w') + "\xc3\xa9"); // 61 code points, 62 bytes
    for (int count : {1, 8, 9, 20, 21, 50, 51})
        values.emplace_back(json::array()).get_ref<json::array_t &>().assign(std::size_t(count), json::object());
    return values;
}

// Every value's pointer in the payload, in document order (capped per payload, evenly spread).
void pointersOf(const json &node, const std::string &at, std::vector<std::string> *out)
{
    out->push_back(at);
    if (node.is_object()) {
        for (auto it = node.begin(); it != node.end(); ++it)
            pointersOf(it.value(), at + '/' + escapePointerToken(it.key()), out);
    } else if (node.is_array()) {
        for (std::size_t i = 0; i < node.size(); ++i)
            pointersOf(node[i], at + '/' + std::to_string(i), out);
    }
}

void mutate(const json &envelope, Tally *tally)
{
    compare(envelope, tally);
    if (!envelope.is_object() || !envelope.contains("payload") || !envelope["payload"].is_object())
        return;
    std::vector<std::string> pointers;
    pointersOf(envelope["payload"], "/payload", &pointers);
    const std::size_t step = std::max<std::size_t>(1, pointers.size() / 60);
    static const std::vector<json> values = replacements();
    for (std::size_t i = 0; i < pointers.size(); i += step) {
        const json::json_pointer pointer(pointers[i]);
        for (const json &value : values) {
            json changed = envelope;
            changed[pointer] = value;
            compare(changed, tally);
        }
        if (pointer != json::json_pointer("/payload")) {
            json removed = envelope;
            json &parent = removed[pointer.parent_pointer()];
            if (parent.is_object())
                parent.erase(pointer.back());
            else if (parent.is_array())
                parent.erase(std::stoul(pointer.back()));
            compare(removed, tally);
        }
        json added = envelope;
        if (envelope[pointer].is_object()) {
            added[pointer]["unknown~/field"] = json::array({std::string(500, 'u')});
            compare(added, tally);
        }
    }
}

// Every envelope a file holds: the cards of its lines, or the file itself when it is one envelope.
void envelopesOf(const QString &path, std::vector<json> *out)
{
    const QByteArray bytes = readFile(path);
    const StrictJsonResult whole = parseStrictJson(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    if (whole.ok() && whole.value->is_object() && whole.value->contains("kind")) {
        out->push_back(*whole.value);
        return;
    }
    const Transcript transcript = Transcript::fromJsonLines(bytes);
    for (const Message &m : transcript.messages) {
        for (const Card &card : m.cards) {
            json envelope = card.envelope();
            if (envelope.is_object())
                out->push_back(std::move(envelope));
        }
    }
}

} // namespace

class tst_ValidatorDiff : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameIssuesAsValijson_data();
    void sameIssuesAsValijson();
    void generatedPayloads();
};

void tst_ValidatorDiff::sameIssuesAsValijson_data()
{
    QTest::addColumn<QString>("root");
    QTest::newRow("fixtures") << QStringLiteral(TESSERA_TEST_DATA);
    QTest::newRow("fuzz seeds") << QStringLiteral(TESSERA_SOURCE_DIR "/fuzz/corpus");
}

void tst_ValidatorDiff::sameIssuesAsValijson()
{
    QFETCH(QString, root);
    std::vector<json> envelopes;
    QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        envelopesOf(it.next(), &envelopes);
    QVERIFY(envelopes.size() > 20);
    Tally tally;
    for (const json &envelope : envelopes)
        mutate(envelope, &tally);
    qInfo("%zu envelopes found, %d compared with their mutations, %d invalid", envelopes.size(), tally.envelopes,
          tally.invalid);
    QVERIFY2(tally.failures.isEmpty(), qPrintable(tally.failures.join(QLatin1Char('\n'))));
    QVERIFY(tally.invalid > 0);
    QVERIFY(tally.invalid < tally.envelopes);
}

// Each catalog kind with an empty payload, a payload of wrong types, and strings built in code that are
// not UTF-8 (the compiled walk hands those to valijson, whose count differs there).
void tst_ValidatorDiff::generatedPayloads()
{
    Tally tally;
    for (CardKind kind : knownCardKinds()) {
        const std::string name = cardKindName(kind).toStdString();
        for (const json &payload : {json::object(), json{{"title", 5}, {"rows", "x"}, {"series", {1}}, {"items", {{{"id", 1}}}}},
                                    json{{"title", "\x80\x80\x80"}, {"text", "\xc0\x80z"}, {"code", "\xff"}, {"message", "\xe2\x82"}}}) {
            mutate(json{{"kind", name}, {"specVersion", 1}, {"payload", payload}}, &tally);
        }
    }
    QVERIFY2(tally.failures.isEmpty(), qPrintable(tally.failures.join(QLatin1Char('\n'))));
    QVERIFY(tally.invalid > 0);
}

QTEST_APPLESS_MAIN(tst_ValidatorDiff)
#include "tst_validatordiff.moc"
