#include <cards/cardtext.h>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/cardkinds.h>
#include <cards/jsonaccess.h>

namespace Tessera {

using nlohmann::json;

namespace {

constexpr int kMaxDepth = 32;   // payloads are validated shallower; a guard, not a limit users meet
constexpr int kMaxLines = 2000;

QString scalarText(const json &value)
{
    if (value.is_string())
        return fromStdString(value.get_ref<const std::string &>());
    if (value.is_number() || value.is_boolean())
        return QString::fromStdString(value.dump());
    return {};
}

QString str(const json &object, const char *key)
{
    if (!object.is_object())
        return {};
    auto it = object.find(key);
    return it == object.end() ? QString() : scalarText(*it);
}

void addLine(QStringList &lines, const QString &line)
{
    if (!line.trimmed().isEmpty() && lines.size() < kMaxLines)
        lines.append(line.trimmed());
}

// What the lines are for: Copy reads everything a reader would want pasted (button labels in brackets,
// links with their address, table headers); Find only what the renderer draws as marked text (issue 18):
// no buttons or links (pressed, not read), no headers (they cannot show a mark), one line per piece.
enum class LinesFor { Copy, Find };

void tableRows(const json &columns, const json &rows, QStringList &lines, LinesFor use = LinesFor::Copy)
{
    QStringList keys;
    QStringList header;
    for (const json &column : columns) {
        keys.append(str(column, "key"));
        header.append(str(column, "label").isEmpty() ? str(column, "key") : str(column, "label"));
    }
    if (use == LinesFor::Copy)
        addLine(lines, header.join(QStringLiteral(" | ")));
    for (const json &row : rows) {
        QStringList cells;
        if (row.is_array()) {
            for (const json &cell : row)
                cells.append(scalarText(cell));
        } else {
            for (const QString &key : std::as_const(keys))
                cells.append(str(row, key.toUtf8().constData()));
        }
        if (use == LinesFor::Copy) {
            addLine(lines, cells.join(QStringLiteral(" | ")));
        } else {
            for (const QString &cell : std::as_const(cells))
                addLine(lines, cell);
        }
    }
}

// json-render (seed 001): follow children from the root, each element once.
void jsonRenderLines(const json &payload, QStringList &lines, LinesFor use)
{
    const bool find = use == LinesFor::Find;
    const json *elements = nullptr;
    if (auto it = payload.find("elements"); it != payload.end() && it->is_object())
        elements = &*it;
    const QString root = str(payload, "root");
    if (!elements || root.isEmpty())
        return;
    QStringList stack{root};
    QStringList seen;
    while (!stack.isEmpty() && lines.size() < kMaxLines) {
        const QString id = stack.takeLast();
        if (seen.contains(id))
            continue;
        seen.append(id);
        auto found = elements->find(id.toStdString());
        if (found == elements->end() || !found->is_object())
            continue;
        const json &element = *found;
        const QString type = str(element, "type");
        json props = element.value("props", json::object());
        if (type == QLatin1String("Field") && find) {
            addLine(lines, str(props, "label"));
            addLine(lines, str(props, "value"));
        } else if (type == QLatin1String("Field")) {
            addLine(lines, str(props, "label") + QStringLiteral(": ") + str(props, "value"));
        } else if (find && (type == QLatin1String("Button") || type == QLatin1String("LinkButton")
                            || type == QLatin1String("Image"))) {
            // A button, a link, an image's stand-in: nothing of it is marked text.
        } else if (type == QLatin1String("Button")) {
            addLine(lines, QLatin1Char('[') + str(props, "label") + QLatin1Char(']'));
        } else if (type == QLatin1String("LinkButton")) {
            addLine(lines, QLatin1Char('[') + str(props, "label") + QStringLiteral("] ") + str(props, "url"));
        } else if (type == QLatin1String("Image")) {
            addLine(lines, str(props, "alt"));
        } else if (type == QLatin1String("Table")) {
            tableRows(props.value("columns", json::array()), props.value("rows", json::array()), lines, use);
        } else {
            for (const char *key : {"title", "subtitle", "text"})
                addLine(lines, str(props, key));
        }
        if (auto children = element.find("children"); children != element.end() && children->is_array()) {
            for (auto child = children->rbegin(); child != children->rend(); ++child) {
                if (child->is_string())
                    stack.append(fromStdString(child->get_ref<const std::string &>()));
            }
        }
    }
}

// Anything else: an object's own words first (in a fixed order, since JSON objects are unordered),
// then what it contains.
void walk(const json &value, QStringList &lines, int depth)
{
    if (depth > kMaxDepth || lines.size() >= kMaxLines)
        return;
    if (value.is_array()) {
        for (const json &item : value)
            walk(item, lines, depth + 1);
        return;
    }
    if (!value.is_object())
        return;
    if (value.contains("columns") && value.contains("rows")) {
        tableRows(value["columns"], value["rows"], lines);
        return;
    }
    const QString key = str(value, "key");
    const QString label = str(value, "label");
    const QString val = str(value, "value");
    for (const char *name : {"title", "heading", "name", "question", "description", "subtitle", "text", "message"})
        addLine(lines, str(value, name));
    if (!key.isEmpty() || !label.isEmpty()) {
        addLine(lines, val.isEmpty() ? (label.isEmpty() ? key : label)
                                     : (label.isEmpty() ? key : label) + QStringLiteral(": ") + val);
    } else {
        addLine(lines, val);
    }
    for (auto it = value.begin(); it != value.end(); ++it) {
        if (it->is_structured())
            walk(*it, lines, depth + 1);
    }
}

QStringList textLines(const Card &card, LinesFor use)
{
    QStringList lines;
    if (!card.isValid())
        return lines;
    const json payload = card.payload();
    if (!payload.is_object())
        return lines;
    if (card.kind() == CardKind::JsonRender) {
        jsonRenderLines(payload, lines, use);
        if (lines.isEmpty())
            addLine(lines, str(payload, "text")); // seed 001: the plain-text version of the card
        return lines;
    }
    walk(payload, lines, 0);
    return lines;
}

} // namespace

QStringList cardTextLines(const Card &card)
{
    return textLines(card, LinesFor::Copy);
}

QStringList cardDrawnTextLines(const Card &card)
{
    return textLines(card, LinesFor::Find);
}

} // namespace Tessera
