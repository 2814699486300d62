#include <backend/wireevent.h>

#include <string_view>

#include <nlohmann/json.hpp>

#include <cards/jsonaccess.h>
#include <cards/strictjson.h>

namespace Tessera {

using nlohmann::json;

namespace {

const char kMessagePointer[] = "/message";

struct TypeName
{
    const char *name;
    WireEventType type;
};

constexpr TypeName kTypes[] = {
    {"turn.started", WireEventType::TurnStarted},
    {"message.delta", WireEventType::MessageDelta},
    {"message", WireEventType::Message},
    {"card.update", WireEventType::CardUpdate},
    {"turn.completed", WireEventType::TurnCompleted},
    {"error", WireEventType::Error},
    {"canvas.open", WireEventType::CanvasOpen},
    {"canvas.update", WireEventType::CanvasUpdate},
    {"canvas.close", WireEventType::CanvasClose},
};

bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

// A required string member. "TYPE: NAME is required" / "TYPE: NAME must be a string".
bool requireString(const json &object, const char *name, const QString &type, QString *out, QString *error,
                   bool allowEmpty = false)
{
    const auto it = object.find(name);
    if (it == object.end())
        return fail(error, QStringLiteral("%1: %2 is required").arg(type, QLatin1String(name)));
    if (!it->is_string())
        return fail(error, QStringLiteral("%1: %2 must be a string").arg(type, QLatin1String(name)));
    *out = fromStdString(it->get_ref<const std::string &>());
    if (!allowEmpty && out->isEmpty())
        return fail(error, QStringLiteral("%1: %2 must not be empty").arg(type, QLatin1String(name)));
    return true;
}

// An optional string member: absent or null is fine, anything but a string is an error.
bool optionalString(const json &object, const char *name, const QString &type, QString *out, QString *error)
{
    const auto it = object.find(name);
    if (it == object.end() || it->is_null())
        return true;
    if (!it->is_string())
        return fail(error, QStringLiteral("%1: %2 must be a string").arg(type, QLatin1String(name)));
    *out = fromStdString(it->get_ref<const std::string &>());
    return true;
}

// Client events keep "type" first: ordered_json writes members in insertion order.
using ordered = nlohmann::ordered_json;

QByteArray compact(const ordered &value)
{
    // Replace, never throw: a QString's UTF-8 is valid, but a lone surrogate must not abort a send.
    const std::string text = value.dump(-1, ' ', false, ordered::error_handler_t::replace);
    return QByteArray(text.data(), qsizetype(text.size()));
}

std::string utf8(const QString &text)
{
    return text.toStdString();
}

} // namespace

bool parseWireEvent(const QByteArray &bytes, WireEvent *event, QString *error)
{
    WireEvent parsed;
    parsed.raw = bytes;
    if (bytes.size() > kMaxWireEventBytes)
        return fail(error, QStringLiteral("event over %1 MiB skipped").arg(kMaxWireEventBytes / (1024 * 1024)));

    StrictJsonOptions options;
    options.spanPointer = kMessagePointer;
    const StrictJsonResult result = parseStrictJson(std::string_view(bytes.constData(), size_t(bytes.size())), options);
    if (!result.ok()) {
        QString where;
        if (!result.errorPointer.empty())
            where = QStringLiteral(" at %1").arg(fromStdString(result.errorPointer));
        return fail(error, QStringLiteral("not JSON: %1%2").arg(fromStdString(result.error), where));
    }
    const json &value = *result.value;
    if (!value.is_object())
        return fail(error, QStringLiteral("not an event: a wire event is a JSON object"));
    for (const std::string &pointer : result.duplicateKeys) {
        // Inside "message" the transcript line is judged like any stored line (a card with a key twice
        // becomes a fallback block); a repeated key of the event itself makes the event ambiguous.
        const QString path = fromStdString(pointer);
        if (path.startsWith(QLatin1String(kMessagePointer) + QLatin1Char('/')))
            continue;
        return fail(error, QStringLiteral("key %1 appears more than once").arg(path));
    }

    const auto typeIt = value.find("type");
    if (typeIt == value.end())
        return fail(error, QStringLiteral("not an event: \"type\" is required"));
    if (!typeIt->is_string())
        return fail(error, QStringLiteral("not an event: \"type\" must be a string"));
    parsed.typeName = fromStdString(typeIt->get_ref<const std::string &>());
    parsed.type = WireEventType::Unknown;
    for (const TypeName &known : kTypes) {
        if (typeIt->get_ref<const std::string &>() == known.name) {
            parsed.type = known.type;
            break;
        }
    }

    const QString &type = parsed.typeName;
    switch (parsed.type) {
    case WireEventType::TurnStarted:
    case WireEventType::TurnCompleted:
        if (!requireString(value, "turnId", type, &parsed.turnId, error))
            return false;
        break;
    case WireEventType::MessageDelta:
        if (!requireString(value, "turnId", type, &parsed.turnId, error)
            || !requireString(value, "text", type, &parsed.text, error, true))
            return false;
        break;
    case WireEventType::Message: {
        const auto it = value.find("message");
        if (it == value.end())
            return fail(error, QStringLiteral("message: message is required"));
        if (!it->is_object() || result.spanBegin == std::string::npos || result.spanEnd == std::string::npos)
            return fail(error, QStringLiteral("message: message must be an object (a transcript line)"));
        parsed.message = bytes.mid(qsizetype(result.spanBegin), qsizetype(result.spanEnd - result.spanBegin));
        // The line's own turn_id wins; an event-level turnId is accepted for a line that has none.
        if (!optionalString(value, "turnId", type, &parsed.turnId, error))
            return false;
        const QString lineTurn = jsonString(*it, "turn_id");
        if (!lineTurn.isEmpty())
            parsed.turnId = lineTurn;
        break;
    }
    case WireEventType::CardUpdate:
        if (!requireString(value, "cardId", type, &parsed.cardId, error)
            || !requireString(value, "state", type, &parsed.state, error)
            || !optionalString(value, "turnId", type, &parsed.turnId, error))
            return false;
        break;
    case WireEventType::Error:
        if (!requireString(value, "message", type, &parsed.errorMessage, error, true)
            || !optionalString(value, "turnId", type, &parsed.turnId, error))
            return false;
        break;
    case WireEventType::CanvasOpen:
    case WireEventType::CanvasUpdate:
    case WireEventType::CanvasClose: {
        if (!optionalString(value, "turnId", type, &parsed.turnId, error))
            return false;
        json command = value;
        command.erase("type");
        command.erase("turnId");
        const std::string text = command.dump(-1, ' ', false, json::error_handler_t::replace);
        parsed.canvasCommand = QByteArray(text.data(), qsizetype(text.size()));
        break;
    }
    case WireEventType::Unknown:
        break;
    }

    if (event)
        *event = std::move(parsed);
    return true;
}

QByteArray userMessageEvent(const QString &text)
{
    ordered event = ordered::object();
    event["type"] = "user.message";
    event["text"] = utf8(text);
    // Seed 000's surface boundary: the backend is told this client draws cards (and which dialects),
    // so an agent that checks the surface keeps its ui tools. v1 backends ignore members they don't know.
    event["surface"] = ordered::object(
            {{"client", "tessera"}, {"draws", ordered::array({"cards", "json_render", "dorkos_ui"})}});
    return compact(event);
}

QByteArray cardDecisionEvent(const QString &cardId, const QString &action, const QString &outcome)
{
    ordered event = ordered::object();
    event["type"] = "card.decision";
    event["cardId"] = utf8(cardId);
    event["action"] = utf8(action);
    event["outcome"] = utf8(outcome);
    return compact(event);
}

QByteArray widgetActionEvent(const QString &widget, const QString &action, const QByteArray &payloadJson)
{
    ordered event = ordered::object();
    event["type"] = "widget.action";
    event["widget"] = utf8(widget);
    event["action"] = utf8(action);
    event["payload"] = nullptr;
    QByteArray head = compact(event);
    // The payload goes out as the caller wrote it (exact number digits); line breaks in valid JSON can
    // only be whitespace between tokens, so they become spaces and the event stays one line.
    QByteArray payload = payloadJson.trimmed();
    if (payload.isEmpty())
        return head;
    const StrictJsonResult parsed = parseStrictJson(std::string_view(payload.constData(), size_t(payload.size())));
    if (!parsed.ok() || !parsed.duplicateKeys.empty())
        return {};
    payload.replace('\n', ' ').replace('\r', ' ');
    // head ends in `"payload":null}`: swap the null for the payload.
    head.chop(int(sizeof("null}")) - 1);
    return head + payload + '}';
}

} // namespace Tessera
