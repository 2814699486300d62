#include <tests/support/cardhelpers.h>

#include <QDebug>
#include <QStringList>

#include <tests/support/testfiles.h>

using nlohmann::json;

namespace Tessera::TestSupport {

namespace {

QString folderOf(const QString &kind, FixtureSet set)
{
    return QStringLiteral("cards/%1/%2").arg(kind, set == FixtureSet::Valid ? QStringLiteral("valid") : QStringLiteral("invalid"));
}

// {"card": envelope, "expect": [{"pointer", "message"}, …]} -> the fixture's envelope and issues.
QString readInvalid(const json &file, CardFixture *fixture)
{
    const auto card = file.find("card");
    const auto expect = file.find("expect");
    if (card == file.end() || expect == file.end() || !expect->is_array() || expect->empty())
        return QStringLiteral("needs \"card\" and a non-empty \"expect\" array");
    for (const json &issue : *expect) {
        if (!issue.is_object() || !issue.value("pointer", json()).is_string() || !issue.value("message", json()).is_string())
            return QStringLiteral("each \"expect\" item needs a string \"pointer\" and \"message\"");
        fixture->expected.append({QString::fromStdString(issue.at("pointer").get<std::string>()),
                                  QString::fromStdString(issue.at("message").get<std::string>())});
    }
    fixture->envelopeText = jsonText(*card);
    return {};
}

CardFixture readFixture(const QString &kind, const QString &fileName, FixtureSet set)
{
    CardFixture fixture;
    fixture.kind = kind;
    fixture.name = kind + QLatin1Char('/') + fileName.chopped(int(qstrlen(".json")));
    const QByteArray bytes = readFile(testDataPath(folderOf(kind, set) + QLatin1Char('/') + fileName));
    const json file = json::parse(bytes.begin(), bytes.end(), nullptr, false);
    if (file.is_discarded())
        fixture.error = QStringLiteral("not JSON");
    else if (set == FixtureSet::Invalid)
        fixture.error = readInvalid(file, &fixture);
    else
        fixture.envelopeText = jsonText(file);
    if (!fixture.error.isEmpty())
        fixture.error = fixture.name + QStringLiteral(".json: ") + fixture.error;
    return fixture;
}

} // namespace

json envelope(std::string_view kind, const json &payload)
{
    return json{{"kind", std::string(kind)}, {"specVersion", 1}, {"payload", payload}};
}

QByteArray envelopeText(const QByteArray &kind, const QByteArray &payload)
{
    return R"({"kind":")" + kind + R"(","specVersion":1,"payload":)" + payload + "}";
}

QByteArray chartText(const QByteArray &viz, const QList<QList<QByteArray>> &seriesXs, const QByteArray &extra)
{
    QByteArray text = R"({"kind":"metric_chart","specVersion":1,"payload":{)";
    if (!viz.isEmpty())
        text += R"("suggestedViz":")" + viz + R"(",)";
    if (!extra.isEmpty())
        text += extra + ",";
    text += R"("series":[)";
    for (int s = 0; s < seriesXs.size(); ++s) {
        text += (s ? "," : "") + QByteArray(R"({"name":"S)") + QByteArray::number(s) + R"(","points":[)";
        for (int p = 0; p < seriesXs[s].size(); ++p)
            text += (p ? "," : "") + QByteArray(R"({"x":)") + seriesXs[s][p] + R"(,"y":)" + QByteArray::number(p * 3 + s) + "}";
        text += "]}";
    }
    return text + "]}}";
}

QByteArray xyText(const QByteArray &viz, const QList<std::pair<QByteArray, QByteArray>> &points)
{
    QByteArray text = R"({"kind":"metric_chart","specVersion":1,"payload":{"suggestedViz":")" + viz
        + R"(","series":[{"name":"A","points":[)";
    for (int p = 0; p < points.size(); ++p)
        text += (p ? "," : "") + QByteArray(R"({"x":)") + points[p].first + R"(,"y":)" + points[p].second + "}";
    return text + "]}]}}";
}

QByteArray jsonText(const json &value)
{
    return QByteArray::fromStdString(value.dump());
}

Card validCard(const QByteArray &envelopeText)
{
    Card card = Card::fromEnvelopeText(envelopeText);
    if (!card.isValid())
        qWarning() << "invalid test card:" << card.issues().first().pointer << card.issues().first().message;
    return card;
}

QList<CardFixture> cardFixtures(FixtureSet set)
{
    QList<CardFixture> fixtures;
    for (const QString &kind : testDataFolders(QStringLiteral("cards"))) {
        for (const QString &fileName : testDataFiles(folderOf(kind, set)))
            fixtures.append(readFixture(kind, fileName, set));
    }
    return fixtures;
}

QString describedMessage(const Message &m)
{
    QStringList parts{QString::number(m.lineNumber), QString::fromLatin1(m.rawLine.toBase64()), m.readError,
                      QString::number(int(m.role)), m.roleName, m.content, m.toolCallId, m.toolName,
                      QString::number(m.refusesCall), m.id, m.turnId, m.createdAt, QString::number(m.incomplete),
                      m.versionMark.group, QString::number(m.versionMark.version), QString::number(m.versionMark.from),
                      m.versionChoice.group, QString::number(m.versionChoice.version)};
    for (const ToolCall &call : m.toolCalls)
        parts << QStringLiteral("call") << call.id << call.name << QString::fromLatin1(call.arguments.toBase64());
    for (const Card &card : m.cards) {
        parts << QStringLiteral("card") << card.kindName() << QString::number(int(card.kind())) << card.cardId()
              << QString::number(int(card.source())) << QString::fromLatin1(card.rawText().toBase64()) << card.title()
              << QString::number(card.isValid());
        for (const ValidationIssue &issue : card.issues())
            parts << issue.pointer << issue.message;
        QStringList lexemes;
        for (auto it = card.numberLexemes().cbegin(); it != card.numberLexemes().cend(); ++it)
            lexemes << it.key() + QLatin1Char('=') + it.value();
        lexemes.sort();
        parts << lexemes;
    }
    return parts.join(QChar(0x1f));
}

} // namespace Tessera::TestSupport
