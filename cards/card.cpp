#include "card.h"

#include <array>

#include <nlohmann/json.hpp>

#include "jsonaccess.h"
#include "cardvalidator.h"
#include "strictjson.h"
#include "cardkindregistry.h"

namespace Tessera {

using nlohmann::json;

namespace {

struct KindName
{
    CardKind kind;
    const char *name;
};

// Seed 000 catalog order.
constexpr std::array<KindName, 9> kKindNames{{
    {CardKind::Text, "text"},
    {CardKind::Code, "code"},
    {CardKind::Alert, "alert"},
    {CardKind::Detail, "detail"},
    {CardKind::ItemList, "item_list"},
    {CardKind::DataTable, "data_table"},
    {CardKind::MetricChart, "metric_chart"},
    {CardKind::RecommendActions, "recommend_actions"},
    {CardKind::Canvas, "canvas"},
}};

// The other two dialects (issue 6).
constexpr std::array<KindName, 2> kDialectNames{{
    {CardKind::JsonRender, "json_render"},
    {CardKind::WidgetDocument, "dorkos_ui"},
}};

} // namespace

CardKind cardKindFromName(QStringView name)
{
    for (const KindName &k : kKindNames) {
        if (name == QLatin1StringView(k.name))
            return k.kind;
    }
    for (const KindName &k : kDialectNames) {
        if (name == QLatin1StringView(k.name))
            return k.kind;
    }
    if (CardKindRegistry::contains(name))
        return CardKind::Registered;
    return CardKind::Unknown;
}

QString cardKindName(CardKind kind)
{
    for (const KindName &k : kKindNames) {
        if (k.kind == kind)
            return QString::fromLatin1(k.name);
    }
    for (const KindName &k : kDialectNames) {
        if (k.kind == kind)
            return QString::fromLatin1(k.name);
    }
    return {};
}

QList<CardKind> knownCardKinds()
{
    QList<CardKind> kinds;
    for (const KindName &k : kKindNames)
        kinds.append(k.kind);
    return kinds;
}

Card Card::fromEnvelopeText(const QByteArray &rawText, CardSource source)
{
    Card card;
    card.m_rawText = rawText;
    card.m_source = source;
    card.parseAndValidate();
    return card;
}

Card Card::fromToolCall(const QString &toolName, const QByteArray &argumentsText)
{
    Card card;
    card.m_rawText = argumentsText;
    card.m_source = toolName == QLatin1String("render_ui") ? CardSource::RenderUiCall : CardSource::EmitCardCall;
    card.m_stampSpecVersion = true;
    card.parseAndValidate();
    return card;
}

Card Card::unparseable(const QByteArray &rawText, const QString &kindName, const ValidationIssue &issue)
{
    Card card;
    card.m_rawText = rawText;
    card.m_kindName = kindName;
    card.m_kind = cardKindFromName(kindName);
    card.m_issues.append(issue);
    return card;
}

void Card::revalidate()
{
    m_issues.clear();
    m_numberLexemes.clear();
    m_title.clear();
    parseAndValidate();
}

std::shared_ptr<json> Card::buildEnvelope(StrictJsonResult *parsed) const
{
    *parsed = parseStrictJson(std::string_view(m_rawText.constData(), size_t(m_rawText.size())));
    if (!parsed->ok())
        return nullptr;
    if (!m_stampSpecVersion || !parsed->value->is_object())
        return parsed->value;
    // The tool stamps kind and specVersion; the model supplies the rest (seed 000 "Envelope").
    json &args = *parsed->value;
    auto envelope = std::make_shared<json>();
    if (m_source == CardSource::RenderUiCall) {
        *envelope = json{{"kind", "canvas"}, {"specVersion", kCardSpecVersion}, {"payload", std::move(args)}};
    } else {
        *envelope = json::object();
        if (args.contains("kind"))
            (*envelope)["kind"] = std::move(args["kind"]);
        (*envelope)["specVersion"] = kCardSpecVersion;
        if (args.contains("payload"))
            (*envelope)["payload"] = std::move(args["payload"]);
    }
    return envelope;
}

void Card::parseAndValidate()
{
    StrictJsonResult parsed;
    const std::shared_ptr<json> envelope = buildEnvelope(&parsed);
    const bool isRenderUi = m_source == CardSource::RenderUiCall;
    const QString prefix = isRenderUi ? QStringLiteral("/payload") : QString();
    if (!envelope) {
        // Keep the kind for the fallback's label when it was read before the failure.
        m_kindName = isRenderUi ? QStringLiteral("canvas") : fromStdString(parsed.rootKind);
        m_kind = cardKindFromName(m_kindName);
        m_issues.append({prefix + fromStdString(parsed.errorPointer), fromStdString(parsed.error)});
        return;
    }
    for (const std::string &pointer : parsed.duplicateKeys)
        m_issues.append({prefix + fromStdString(pointer), QStringLiteral("key appears more than once")});
    for (const auto &[pointer, lexeme] : parsed.numberLexemes)
        m_numberLexemes.insert(prefix + fromStdString(pointer), fromStdString(lexeme));

    if (envelope->is_object()) {
        auto kindIt = envelope->find("kind");
        if (kindIt != envelope->end() && kindIt->is_string()) {
            m_kindName = fromStdString(kindIt->get_ref<const std::string &>());
            m_kind = cardKindFromName(m_kindName);
        }
        auto payloadIt = envelope->find("payload");
        if (payloadIt != envelope->end() && payloadIt->is_object()) {
            auto titleIt = payloadIt->find("title");
            if (titleIt != payloadIt->end() && titleIt->is_string())
                m_title = fromStdString(titleIt->get_ref<const std::string &>());
        }
    }
    // Duplicate keys are reported first: they make the card invalid whatever else holds.
    m_issues.append(CardValidator::validate(*envelope));
    // Seed 000: canvas is "the only one emit_card cannot produce".
    if (m_source == CardSource::EmitCardCall && m_kind == CardKind::Canvas)
        m_issues.prepend({QStringLiteral("/kind"), QStringLiteral("canvas cards come only from render_ui")});
}

json Card::envelope() const
{
    StrictJsonResult parsed;
    const std::shared_ptr<json> envelope = buildEnvelope(&parsed);
    return envelope ? std::move(*envelope) : json();
}

json Card::payload() const
{
    json env = envelope();
    if (!env.is_object())
        return json();
    auto it = env.find("payload");
    if (it == env.end() || !it->is_object())
        return json();
    return std::move(*it);
}

QString Card::numberText(const QString &pointer, const json &value) const
{
    auto it = m_numberLexemes.constFind(pointer);
    if (it != m_numberLexemes.constEnd())
        return *it;
    if (value.is_number())
        return fromStdString(value.dump());
    return {};
}

} // namespace Tessera
