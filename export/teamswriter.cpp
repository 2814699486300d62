// Teams: an Adaptive Card, version 1.5 (seed 001 "Teams"; Table needs 1.5). Title -> large bold
// TextBlock; subtitle and muted Text -> subtle TextBlock; Code -> monospace TextBlock; Fields -> FactSet;
// Table -> Table (first row the header); Image -> Image; Divider -> the next element's separator;
// Buttons -> ActionSet: each Button an Action.Submit whose data.actionId is its id, each link an
// Action.OpenUrl. tests/data/adaptive-cards/ holds the official 1.5 schema every card is checked against.

#include <nlohmann/json.hpp>

#include <export/surfacewriters.h>

namespace Tessera {

using nlohmann::json;

namespace {

// Teams draws at most six actions of one set and hides the rest (web and desktop; issue 14 names the
// limit). Microsoft's Adaptive Card pages do not state the number; it is measured in
// https://github.com/atc0005/go-teams-notify/issues/161 ("fixed display limit of 6 within web and
// desktop apps"), so a set with more is an issue here rather than a card with buttons nobody sees.
constexpr int kActionsPerSet = 6;
constexpr const char *kVersion = "1.5"; // Table is in 1.5 (schema: "version": "1.5"); Teams renders 1.5

json textBlock(const QString &text)
{
    return {{"type", "TextBlock"}, {"text", text.toStdString()}, {"wrap", true}};
}

json element(const ExportElement &e)
{
    switch (e.kind) {
    case ExportElement::Kind::Text: {
        json block = textBlock(e.text.text);
        if (e.style == ExportTextStyle::Bold)
            block["weight"] = "Bolder";
        else if (e.style == ExportTextStyle::Muted)
            block["isSubtle"] = true;
        return block;
    }
    case ExportElement::Kind::Code: {
        json block = textBlock(e.text.text);
        block["fontType"] = "Monospace";
        return block;
    }
    case ExportElement::Kind::Fields: {
        json facts = json::array();
        for (const ExportField &f : e.fields)
            facts.push_back({{"title", f.label.text.toStdString()}, {"value", f.value.text.toStdString()}});
        return {{"type", "FactSet"}, {"facts", facts}};
    }
    case ExportElement::Kind::Table: {
        json columns = json::array();
        for (qsizetype j = 0; j < e.columns.size(); ++j) {
            json column{{"type", "TableColumnDefinition"}, {"width", 1}};
            if (e.numeric.value(j))
                column["horizontalCellContentAlignment"] = "Right";
            columns.push_back(column);
        }
        const auto row = [](const QList<ExportString> &cells) {
            json out = json::array();
            for (const ExportString &c : cells)
                out.push_back({{"type", "TableCell"}, {"items", json::array({textBlock(c.text)})}});
            return json{{"type", "TableRow"}, {"cells", out}};
        };
        json rows = json::array({row(e.columns)});
        for (const QList<ExportString> &r : e.rows)
            rows.push_back(row(r));
        return {{"type", "Table"}, {"columns", columns}, {"rows", rows}, {"firstRowAsHeader", true}};
    }
    case ExportElement::Kind::Image: {
        json image{{"type", "Image"}, {"url", e.url.text.toStdString()}};
        if (!e.text.isEmpty())
            image["altText"] = e.text.text.toStdString();
        return image;
    }
    case ExportElement::Kind::Divider:
        return {}; // a separator on what follows
    case ExportElement::Kind::Buttons: {
        json actions = json::array();
        for (const ExportButton &b : e.buttons) {
            json action;
            if (b.isLink) {
                action = {{"type", "Action.OpenUrl"}, {"title", b.label.text.toStdString()}, {"url", b.url.text.toStdString()}};
            } else {
                action = {{"type", "Action.Submit"},
                          {"title", b.label.text.toStdString()},
                          {"data", {{"actionId", b.id.text.toStdString()}}}};
                if (b.style == ExportButton::Style::Primary)
                    action["style"] = "positive";
                else if (b.style == ExportButton::Style::Danger)
                    action["style"] = "destructive";
            }
            actions.push_back(action);
        }
        return {{"type", "ActionSet"}, {"actions", actions}};
    }
    }
    return {};
}

} // namespace

void writeTeams(const ExportCard &card, ExportResult &result)
{
    LimitCheck limit(result);
    for (const ExportElement &e : card.elements) {
        if (e.kind == ExportElement::Kind::Buttons)
            limit.count(e.pointer, e.buttons.size(), kActionsPerSet, QStringLiteral("a Teams action set"), QStringLiteral("actions"));
    }
    if (!result.ok())
        return;
    json body = json::array();
    if (!card.title.isEmpty()) {
        json title = textBlock(card.title.text);
        title["size"] = "Large";
        title["weight"] = "Bolder";
        body.push_back(title);
    }
    if (!card.subtitle.isEmpty()) {
        json subtitle = textBlock(card.subtitle.text);
        subtitle["isSubtle"] = true;
        body.push_back(subtitle);
    }
    bool separator = false;
    for (const ExportElement &e : card.elements) {
        if (e.kind == ExportElement::Kind::Divider) {
            separator = true;
            continue;
        }
        if (e.kind == ExportElement::Kind::Buttons && e.buttons.isEmpty())
            continue;
        json item = element(e);
        if (separator)
            item["separator"] = true;
        separator = false;
        body.push_back(item);
    }
    if (separator) // a Divider last: a rule under the card, as an empty container with a separator
        body.push_back({{"type", "Container"}, {"items", json::array()}, {"separator", true}});
    json adaptive{{"type", "AdaptiveCard"},
                  {"$schema", "http://adaptivecards.io/schemas/adaptive-card.json"},
                  {"version", kVersion},
                  {"body", body}};
    if (!card.plainText.isEmpty())
        adaptive["fallbackText"] = card.plainText.text.toStdString();
    result.message = adaptive;
}

} // namespace Tessera
