// WhatsApp: a Cloud API message body (seed 001 "WhatsApp"), the type chosen from the card's actions:
//   1–3 Buttons, no links        -> interactive "button" (reply buttons)
//   4–10 Buttons, no links       -> interactive "list" behind a "Choose" button, one row per Button
//   exactly one link, no Buttons -> interactive "cta_url" (a URL button)
//   anything else                -> "text" (the Buttons and links are left out, and said in notes)
// The body is the flattened card (flattenedBody); "to" is left for the sender to add.

#include <nlohmann/json.hpp>

#include <export/surfacewriters.h>

namespace Tessera {

using nlohmann::json;

namespace {

// Limits from Meta's WhatsApp Cloud API documentation,
// https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/ (page: field):
constexpr int kReplyButtonsMax = 3;         // interactive-reply-buttons-messages: up to three replies
constexpr int kReplyTitleChars = 20;        // interactive-reply-buttons-messages: button title, 20 characters
constexpr int kReplyIdChars = 256;          // interactive-reply-buttons-messages: button id, 256 characters
constexpr int kListRowsMax = 10;            // interactive-list-messages: "up to 10 rows for all sections combined"
constexpr int kListRowTitleChars = 24;      // interactive-list-messages: row title, 24 characters
constexpr int kListRowIdChars = 200;        // interactive-list-messages: row id, 200 characters
constexpr int kUrlButtonTextChars = 20;     // interactive-cta-url-messages: display_text, 20 characters
constexpr int kInteractiveBodyChars = 1024; // interactive messages: body text, 1024 characters
constexpr int kTextBodyChars = 4096;        // text-messages: body, 4096 characters
const QString kListButton = QStringLiteral("Choose"); // seed 001: "a list behind a Choose button"

enum class Type { Reply, List, Url, Text };

Type typeFor(const ExportCard &card)
{
    const int buttons = card.buttonCount();
    const int links = card.linkCount();
    if (links == 0 && buttons >= 1 && buttons <= kReplyButtonsMax)
        return Type::Reply;
    if (links == 0 && buttons > kReplyButtonsMax && buttons <= kListRowsMax)
        return Type::List;
    if (links == 1 && buttons == 0)
        return Type::Url;
    return Type::Text;
}

QList<const ExportButton *> allButtons(const ExportCard &card)
{
    QList<const ExportButton *> out;
    for (const ExportElement &e : card.elements) {
        for (const ExportButton &b : e.buttons)
            out.append(&b);
    }
    return out;
}

json envelope()
{
    return {{"messaging_product", "whatsapp"}, {"recipient_type", "individual"}};
}

} // namespace

void writeWhatsApp(const ExportCard &card, ExportResult &result)
{
    LimitCheck limit(result);
    const Type type = typeFor(card);
    QString body = flattenedBody(card, QStringLiteral("WhatsApp"), &result.notes);
    if (body.isEmpty())
        body = card.plainText.text; // seed 001: the text is used when the card has no visible content
    if (body.isEmpty())
        limit.issue({}, QStringLiteral("a WhatsApp message needs a body, and this card shows no text"));
    const QList<const ExportButton *> buttons = allButtons(card);
    if (type == Type::Text) {
        limit.chars({}, body, kTextBodyChars, QStringLiteral("a WhatsApp text body"));
        if (!buttons.isEmpty()) {
            const auto some = [](int n, const char *one, const char *many) -> QString {
                return QString::number(n) + QLatin1Char(' ') + QLatin1String(n == 1 ? one : many);
            };
            result.notes.append(QStringLiteral("(card): the %1 and %2 are left out: WhatsApp has an interactive message "
                                               "only for 1–10 Buttons or exactly one link alone")
                                    .arg(some(card.buttonCount(), "Button", "Buttons"), some(card.linkCount(), "link", "links")));
        }
    } else {
        limit.chars({}, body, kInteractiveBodyChars, QStringLiteral("a WhatsApp interactive body"));
        for (const ExportButton *b : buttons) {
            switch (type) {
            case Type::Reply:
                limit.chars(b->label, kReplyTitleChars, QStringLiteral("a WhatsApp reply button title"));
                limit.chars(b->id, kReplyIdChars, QStringLiteral("a WhatsApp reply button id"));
                break;
            case Type::List:
                limit.chars(b->label, kListRowTitleChars, QStringLiteral("a WhatsApp list row title"));
                limit.chars(b->id, kListRowIdChars, QStringLiteral("a WhatsApp list row id"));
                break;
            case Type::Url:
                limit.chars(b->label, kUrlButtonTextChars, QStringLiteral("a WhatsApp URL button text"));
                break;
            case Type::Text:
                break;
            }
        }
    }
    if (!result.ok())
        return;

    json message = envelope();
    if (type == Type::Text) {
        message["type"] = "text";
        message["text"] = {{"preview_url", false}, {"body", body.toStdString()}};
        result.message = message;
        return;
    }
    json interactive{{"body", {{"text", body.toStdString()}}}};
    json action;
    switch (type) {
    case Type::Reply: {
        interactive["type"] = "button";
        json replies = json::array();
        for (const ExportButton *b : buttons)
            replies.push_back({{"type", "reply"}, {"reply", {{"id", b->id.text.toStdString()}, {"title", b->label.text.toStdString()}}}});
        action = {{"buttons", replies}};
        break;
    }
    case Type::List: {
        interactive["type"] = "list";
        json rows = json::array();
        for (const ExportButton *b : buttons)
            rows.push_back({{"id", b->id.text.toStdString()}, {"title", b->label.text.toStdString()}});
        action = {{"button", kListButton.toStdString()}, {"sections", json::array({{{"rows", rows}}})}};
        break;
    }
    case Type::Url:
        interactive["type"] = "cta_url";
        action = {{"name", "cta_url"},
                  {"parameters", {{"display_text", buttons.first()->label.text.toStdString()},
                                  {"url", buttons.first()->url.text.toStdString()}}}};
        break;
    case Type::Text:
        break;
    }
    interactive["action"] = action;
    message["type"] = "interactive";
    message["interactive"] = interactive;
    result.message = message;
}

} // namespace Tessera
