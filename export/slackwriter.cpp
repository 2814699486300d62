// Slack: a Block Kit message {"blocks": [...], "text": "..."} (seed 001 "Slack").
// Title -> header block; subtitle -> context block; Text -> section (plain_text); Code -> section
// (mrkdwn, fenced); Fields -> section with fields; Table -> table block (header row first); Image ->
// image block; Divider -> divider block; Buttons -> actions block (a Button's id is its action_id, a
// link a url button).

#include <set>

#include <nlohmann/json.hpp>

#include <export/surfacewriters.h>

namespace Tessera {

using nlohmann::json;

namespace {

// Limits from Slack's Block Kit reference, https://docs.slack.dev/reference/block-kit/ (page: field):
constexpr int kHeaderChars = 150;        // blocks/header-block: text, at most 150 characters
constexpr int kSectionTextChars = 3000;  // blocks/section-block: text, at most 3000 characters
constexpr int kSectionFields = 10;       // blocks/section-block: fields, at most 10 items …
constexpr int kFieldChars = 2000;        // … of at most 2000 characters each
constexpr int kContextTextChars = 3000;  // composition-objects/text-object: text, at most 3000 characters
constexpr int kButtonTextChars = 75;     // block-elements/button-element: text, at most 75 characters
constexpr int kActionIdChars = 255;      // block-elements/button-element: action_id, at most 255 characters
constexpr int kButtonUrlChars = 3000;    // block-elements/button-element: url, at most 3000 characters
constexpr int kActionsElements = 25;     // blocks/actions-block: elements, at most 25 (slackapi/python-slack-sdk#1253)
constexpr int kTableRows = 100;          // blocks/table-block: rows, "Maximum 100 rows" …
constexpr int kTableCells = 20;          // … "with a max of 20 table cells" per row
constexpr int kTablesPerMessage = 1;     // blocks/table-block: a second table is refused (only_one_table_allowed)
constexpr int kImageUrlChars = 3000;     // blocks/image-block: image_url, at most 3000 characters
constexpr int kAltTextChars = 2000;      // blocks/image-block: alt_text, at most 2000 characters
constexpr int kBlocks = 50;              // blocks: at most 50 blocks in one message
constexpr int kMessageTextChars = 40000; // methods/chat.postMessage: text over 40,000 characters is truncated
                                         // (https://api.slack.com/changelog/2018-04-truncating-really-long-messages)

QString mrkdwnEscaped(const QString &text)
{
    QString out = text;
    out.replace(QLatin1Char('&'), QStringLiteral("&amp;"));
    out.replace(QLatin1Char('<'), QStringLiteral("&lt;"));
    out.replace(QLatin1Char('>'), QStringLiteral("&gt;"));
    return out;
}

json textObject(const char *type, const QString &text)
{
    return {{"type", type}, {"text", text.toStdString()}};
}

QString fieldText(const ExportField &f)
{
    return QLatin1Char('*') + mrkdwnEscaped(f.label.text) + QStringLiteral("*\n") + mrkdwnEscaped(f.value.text);
}

QString codeText(const ExportElement &e)
{
    return QStringLiteral("```\n") + mrkdwnEscaped(e.text.text) + QStringLiteral("\n```");
}

void check(const ExportCard &card, LimitCheck &limit)
{
    int blocks = 0;
    int tables = 0;
    if (!card.title.isEmpty()) {
        ++blocks;
        limit.chars(card.title, kHeaderChars, QStringLiteral("a Slack header"));
    }
    if (!card.subtitle.isEmpty()) {
        ++blocks;
        limit.chars(card.subtitle, kContextTextChars, QStringLiteral("a Slack context text"));
    }
    limit.chars(card.plainText, kMessageTextChars, QStringLiteral("a Slack message text"));
    for (const ExportElement &e : card.elements) {
        if (e.kind == ExportElement::Kind::Buttons && e.buttons.isEmpty())
            continue;
        ++blocks;
        switch (e.kind) {
        case ExportElement::Kind::Text:
            limit.chars(e.text, kSectionTextChars, QStringLiteral("a Slack section text"));
            break;
        case ExportElement::Kind::Code:
            limit.chars(e.text.pointer, codeText(e), kSectionTextChars, QStringLiteral("a Slack section text (the code fenced for Slack)"));
            break;
        case ExportElement::Kind::Fields:
            limit.count(e.pointer, e.fields.size(), kSectionFields, QStringLiteral("a Slack section"), QStringLiteral("fields"));
            for (const ExportField &f : e.fields)
                limit.chars(f.value.pointer, fieldText(f), kFieldChars, QStringLiteral("a Slack section field (label and value)"));
            break;
        case ExportElement::Kind::Table:
            if (++tables > kTablesPerMessage)
                limit.issue(e.pointer, QStringLiteral("a Slack message holds at most %1 table (this is table %2)").arg(kTablesPerMessage).arg(tables));
            limit.count(e.pointer, e.rows.size() + 1, kTableRows, QStringLiteral("a Slack table"), QStringLiteral("rows with its header row"));
            limit.count(e.pointer, e.columns.size(), kTableCells, QStringLiteral("a Slack table row"), QStringLiteral("cells"));
            break;
        case ExportElement::Kind::Image:
            limit.chars(e.url, kImageUrlChars, QStringLiteral("a Slack image_url"));
            limit.chars(e.text, kAltTextChars, QStringLiteral("a Slack image alt_text"));
            break;
        case ExportElement::Kind::Divider:
            break;
        case ExportElement::Kind::Buttons: {
            limit.count(e.pointer, e.buttons.size(), kActionsElements, QStringLiteral("a Slack actions block"), QStringLiteral("elements"));
            std::set<QString> ids;
            for (const ExportButton &b : e.buttons) {
                limit.chars(b.label, kButtonTextChars, QStringLiteral("a Slack button text"));
                if (b.isLink) {
                    limit.chars(b.url, kButtonUrlChars, QStringLiteral("a Slack button url"));
                    continue;
                }
                limit.notEmpty(b.id, QStringLiteral("a Slack action_id"));
                limit.chars(b.id, kActionIdChars, QStringLiteral("a Slack action_id"));
                if (!ids.insert(b.id.text).second)
                    limit.issue(b.id.pointer, QStringLiteral("a Slack action_id must be unique in its actions block (another button has the same one)"));
            }
            break;
        }
        }
    }
    limit.count({}, blocks, kBlocks, QStringLiteral("a Slack message"), QStringLiteral("blocks"));
}

json block(const ExportElement &e)
{
    switch (e.kind) {
    case ExportElement::Kind::Text:
        return {{"type", "section"}, {"text", textObject("plain_text", e.text.text)}};
    case ExportElement::Kind::Code:
        return {{"type", "section"}, {"text", textObject("mrkdwn", codeText(e))}};
    case ExportElement::Kind::Fields: {
        json fields = json::array();
        for (const ExportField &f : e.fields)
            fields.push_back(textObject("mrkdwn", fieldText(f)));
        return {{"type", "section"}, {"fields", fields}};
    }
    case ExportElement::Kind::Table: {
        json rows = json::array();
        const auto row = [](const QList<ExportString> &cells) {
            json out = json::array();
            for (const ExportString &c : cells)
                out.push_back({{"type", "raw_text"}, {"text", c.text.toStdString()}});
            return out;
        };
        rows.push_back(row(e.columns));
        for (const QList<ExportString> &r : e.rows)
            rows.push_back(row(r));
        json table{{"type", "table"}, {"rows", rows}};
        if (e.numeric.contains(true)) {
            json settings = json::array();
            for (const bool numeric : e.numeric)
                settings.push_back({{"align", numeric ? "right" : "left"}});
            table["column_settings"] = settings;
        }
        return table;
    }
    case ExportElement::Kind::Image:
        return {{"type", "image"},
                {"image_url", e.url.text.toStdString()},
                {"alt_text", (e.text.isEmpty() ? QStringLiteral("Image") : e.text.text).toStdString()}};
    case ExportElement::Kind::Divider:
        return {{"type", "divider"}};
    case ExportElement::Kind::Buttons: {
        json elements = json::array();
        for (const ExportButton &b : e.buttons) {
            json button{{"type", "button"}, {"text", textObject("plain_text", b.label.text)}};
            if (b.isLink)
                button["url"] = b.url.text.toStdString();
            else
                button["action_id"] = b.id.text.toStdString();
            if (b.style == ExportButton::Style::Primary)
                button["style"] = "primary";
            else if (b.style == ExportButton::Style::Danger)
                button["style"] = "danger";
            elements.push_back(button);
        }
        return {{"type", "actions"}, {"elements", elements}};
    }
    }
    return {};
}

} // namespace

void writeSlack(const ExportCard &card, ExportResult &result)
{
    LimitCheck limit(result);
    check(card, limit);
    if (!result.ok())
        return;
    json blocks = json::array();
    if (!card.title.isEmpty())
        blocks.push_back({{"type", "header"}, {"text", textObject("plain_text", card.title.text)}});
    if (!card.subtitle.isEmpty())
        blocks.push_back({{"type", "context"}, {"elements", json::array({textObject("plain_text", card.subtitle.text)})}});
    for (const ExportElement &e : card.elements) {
        if (e.kind != ExportElement::Kind::Buttons || !e.buttons.isEmpty())
            blocks.push_back(block(e));
    }
    result.message = {{"blocks", blocks}, {"text", card.plainText.text.toStdString()}};
}

} // namespace Tessera
