#include <cards/card.h>

#include <nlohmann/json.hpp>

#include <cards/cardkinds.h>
#include <cards/cardvalidator.h>
#include <cards/jsonaccess.h>
#include <cards/strictjson.h>

namespace Tessera {

using nlohmann::json;

namespace {

// A json_render card's title: the root element's props.title when it is a string (seed 001: the Card's).
QString jsonRenderTitle(const json &envelope)
{
    if (!envelope.is_object())
        return {};
    auto payloadIt = envelope.find("payload");
    if (payloadIt == envelope.end() || !payloadIt->is_object())
        return {};
    const json *payload = &*payloadIt;
    auto root = payload->find("root");
    auto elements = payload->find("elements");
    if (root == payload->end() || !root->is_string() || elements == payload->end() || !elements->is_object())
        return {};
    auto element = elements->find(root->get_ref<const std::string &>());
    if (element == elements->end() || !element->is_object())
        return {};
    auto props = element->find("props");
    return props != element->end() ? jsonString(*props, "title") : QString();
}

} // namespace

Card::Card()
    : m_kind(CardKind::Unknown)
{
}

Card Card::fromEnvelopeText(const QByteArray &rawText, CardSource source)
{
    Card card;
    card.m_rawText = rawText;
    card.m_source = source;
    card.parseAndValidate();
    return card;
}

Card Card::fromParsedEnvelope(const QByteArray &rawText, const StrictJsonResult &parsed)
{
    Card card;
    card.m_rawText = rawText;
    card.m_source = CardSource::ToolResult;
    card.validateParsed(parsed, parsed.value);
    return card;
}

std::optional<Card> Card::fromCleanEnvelopeText(const QByteArray &rawText)
{
    Card card;
    card.m_rawText = rawText;
    card.m_source = CardSource::ToolResult;
    if (!card.readClean())
        return std::nullopt;
    return card;
}

std::optional<Card> Card::fromCleanEnvelope(const QByteArray &rawText, const simdjson::dom::element &envelope)
{
    CardValidator::CleanEnvelope clean;
    if (!CardValidator::readCleanEnvelope(envelope, &clean))
        return std::nullopt;
    Card card;
    card.m_rawText = rawText;
    card.m_source = CardSource::ToolResult;
    card.keepClean(clean.kindName, clean.kind, clean.title);
    return card;
}

Card Card::fromToolCall(const QString &toolName, const QByteArray &argumentsText)
{
    Card card;
    card.m_rawText = argumentsText;
    if (toolName == QLatin1String("render_ui"))
        card.m_source = CardSource::RenderUiCall;
    else if (toolName == QLatin1String("send_card"))
        card.m_source = CardSource::SendCardCall;
    else
        card.m_source = CardSource::EmitCardCall;
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
    m_lexemesPending = false;
    m_title.clear();
    parseAndValidate();
}

std::shared_ptr<json> Card::buildEnvelope(StrictJsonResult *parsed) const
{
    *parsed = parseStrictJson(std::string_view(m_rawText.constData(), size_t(m_rawText.size())));
    if (!parsed->ok())
        return nullptr;
    if (m_source == CardSource::ProseFence) {
        // A ```dorkos-ui fence holds the document itself; its envelope is stamped around it (seed 003).
        return std::make_shared<json>(
            json{{"kind", "dorkos_ui"}, {"specVersion", kCardSpecVersion}, {"payload", std::move(*parsed->value)}});
    }
    if (!m_stampSpecVersion || !parsed->value->is_object())
        return parsed->value;
    // The tool stamps kind and specVersion; the model supplies the rest (seed 000 "Envelope").
    json &args = *parsed->value;
    auto envelope = std::make_shared<json>();
    if (m_source == CardSource::RenderUiCall) {
        *envelope = json{{"kind", "canvas"}, {"specVersion", kCardSpecVersion}, {"payload", std::move(args)}};
    } else if (m_source == CardSource::SendCardCall) {
        // Seed 001 send_card {spec, text}: the payload is the spec, with the call's text kept in it
        // (jsonrenderspec.h); a missing spec leaves the payload missing, which validation reports.
        *envelope = json{{"kind", "json_render"}, {"specVersion", kCardSpecVersion}};
        if (args.contains("spec")) {
            json &payload = (*envelope)["payload"] = std::move(args["spec"]);
            if (payload.is_object() && args.contains("text"))
                payload["text"] = std::move(args["text"]);
        }
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

bool Card::readClean()
{
    CardValidator::CleanEnvelope clean;
    const std::string_view text(m_rawText.constData(), size_t(m_rawText.size()));
    const bool read = m_source == CardSource::ToolResult     ? CardValidator::readCleanEnvelope(text, &clean)
                      : m_source == CardSource::EmitCardCall ? CardValidator::readCleanEmitCardArguments(text, &clean)
                                                             : false;
    if (!read)
        return false;
    keepClean(clean.kindName, clean.kind, clean.title);
    return true;
}

void Card::keepClean(const QString &kindName, CardKind kind, const QString &title)
{
    m_kindName = kindName;
    m_kind = kind;
    m_title = title;
    m_lexemesPending = true;
}

QString Card::envelopePointer(const std::string &pointer) const
{
    const QString p = fromStdString(pointer);
    if (m_source == CardSource::SendCardCall) {
        // send_card: /spec/… is /payload/…, /text is /payload/text; other arguments stay as they are.
        if (p == QLatin1String("/spec") || p.startsWith(QLatin1String("/spec/")))
            return QStringLiteral("/payload") + p.mid(5);
        if (p == QLatin1String("/text") || p.startsWith(QLatin1String("/text/")))
            return QStringLiteral("/payload") + p;
        return p;
    }
    const bool inPayload = m_source == CardSource::RenderUiCall || m_source == CardSource::ProseFence;
    return inPayload ? QStringLiteral("/payload") + p : p;
}

void Card::keepLexemes(const StrictJsonResult &parsed) const
{
    for (const auto &[pointer, lexeme] : parsed.numberLexemes)
        m_numberLexemes.insert(envelopePointer(pointer), fromStdString(lexeme));
    m_lexemesPending = false;
}

const QHash<QString, QString> &Card::numberLexemes() const
{
    if (m_lexemesPending)
        keepLexemes(parseStrictJson(std::string_view(m_rawText.constData(), size_t(m_rawText.size()))));
    return m_numberLexemes;
}

void Card::parseAndValidate()
{
    // Most cards a tool sends are valid: those are read in one pass that builds no tree (issue 17).
    if (readClean())
        return;
    StrictJsonResult parsed;
    const std::shared_ptr<json> envelope = buildEnvelope(&parsed);
    validateParsed(parsed, envelope);
}

void Card::validateParsed(const StrictJsonResult &parsed, const std::shared_ptr<json> &envelope)
{
    const bool isRenderUi = m_source == CardSource::RenderUiCall;
    const bool isSendCard = m_source == CardSource::SendCardCall;
    const bool isProseFence = m_source == CardSource::ProseFence;
    // Pointers into the parsed text -> pointers into the envelope built from it.
    const auto toEnvelopePointer = [this](const std::string &pointer) { return envelopePointer(pointer); };
    if (!envelope) {
        // Keep the kind for the fallback's label when it was read before the failure.
        m_kindName = isRenderUi ? QStringLiteral("canvas")
                     : isSendCard ? QStringLiteral("json_render")
                     : isProseFence ? QStringLiteral("dorkos_ui")
                                  : fromStdString(parsed.rootKind);
        m_kind = cardKindFromName(m_kindName);
        m_issues.append({toEnvelopePointer(parsed.errorPointer), fromStdString(parsed.error)});
        return;
    }
    for (const std::string &pointer : parsed.duplicateKeys)
        m_issues.append({toEnvelopePointer(pointer), QStringLiteral("key appears more than once")});
    keepLexemes(parsed);

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
    if (m_kind == CardKind::JsonRender)
        m_title = jsonRenderTitle(*envelope);
    // Seed 001: send_card's text (the card's plain-text version) is required.
    if (isSendCard && envelope->is_object()) {
        auto payloadIt = envelope->find("payload");
        if (payloadIt != envelope->end() && payloadIt->is_object() && !payloadIt->contains("text"))
            m_issues.append({QStringLiteral("/payload/text"), QStringLiteral("is required")});
    }
    // Seed 000: canvas is "the only one emit_card cannot produce".
    if (m_source == CardSource::EmitCardCall && m_kind == CardKind::Canvas)
        m_issues.prepend({QStringLiteral("/kind"), QStringLiteral("canvas cards come only from render_ui")});
}

json Card::envelope() const
{
    StrictJsonResult parsed;
    const std::shared_ptr<json> envelope = buildEnvelope(&parsed);
    if (m_lexemesPending && envelope)
        keepLexemes(parsed); // the parse a drawing needs anyway finds the digits a clean read left
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
    const QHash<QString, QString> &lexemes = numberLexemes();
    auto it = lexemes.constFind(pointer);
    if (it != lexemes.constEnd())
        return *it;
    if (value.is_number())
        return fromStdString(value.dump());
    return {};
}

} // namespace Tessera
