// Telegram: sendMessage parameters (seed 001 "Telegram"): the flattened card as the message text, and
// each Button and link its own row of the inline keyboard; a Button's id travels as callback_data.
// chat_id is left for the sender to add.

#include <nlohmann/json.hpp>

#include <export/surfacewriters.h>

namespace Tessera {

using nlohmann::json;

namespace {

// Limits from https://core.telegram.org/bots/api
constexpr int kTextChars = 4096;        // #sendmessage: text, "1-4096 characters after entities parsing"
constexpr int kCallbackDataBytes = 64;  // #inlinekeyboardbutton: callback_data, "1-64 bytes"

} // namespace

void writeTelegram(const ExportCard &card, ExportResult &result)
{
    LimitCheck limit(result);
    QString text = flattenedBody(card, QStringLiteral("Telegram"), &result.notes);
    if (text.isEmpty())
        text = card.plainText.text;
    if (text.isEmpty())
        limit.issue({}, QStringLiteral("a Telegram message text must not be empty, and this card shows no text"));
    limit.chars({}, text, kTextChars, QStringLiteral("a Telegram message text"));
    json keyboard = json::array();
    for (const ExportElement &e : card.elements) {
        for (const ExportButton &b : e.buttons) {
            limit.notEmpty(b.label, QStringLiteral("a Telegram button text"));
            if (b.isLink) {
                keyboard.push_back(json::array({{{"text", b.label.text.toStdString()}, {"url", b.url.text.toStdString()}}}));
                continue;
            }
            limit.notEmpty(b.id, QStringLiteral("a Telegram callback_data"));
            limit.bytes(b.id, kCallbackDataBytes, QStringLiteral("a Telegram callback_data"));
            keyboard.push_back(json::array({{{"text", b.label.text.toStdString()}, {"callback_data", b.id.text.toStdString()}}}));
        }
    }
    if (!result.ok())
        return;
    json message{{"text", text.toStdString()}};
    if (!keyboard.empty())
        message["reply_markup"] = {{"inline_keyboard", keyboard}};
    result.message = message;
}

} // namespace Tessera
