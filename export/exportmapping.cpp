#include <export/exportmapping.h>

#include <array>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/dialects/widgetdocument.h>
#include <cards/jsonaccess.h>
#include <cards/strictjson.h>
#include <export/cardexporter.h>
#include <export/exportelements.h>

namespace Tessera {

using nlohmann::json;

namespace {

struct MapContext
{
    const Card &card;
    const json &payload;
    ExportCard &out;
    QList<ExportIssue> &issues;
};

QString token(const std::string &key)
{
    return QLatin1Char('/') + fromStdString(escapePointerToken(key));
}

ExportString stringAt(const json &object, const char *key, const QString &base)
{
    return {jsonString(object, key), base + QLatin1Char('/') + QLatin1String(key)};
}

// A cell as text: a string as is, a number with its exact source digits, null as "—".
ExportString cellAt(const Card &card, const json &cell, const QString &pointer)
{
    if (cell.is_string())
        return {fromStdString(cell.get_ref<const std::string &>()), pointer};
    if (cell.is_number())
        return {card.numberText(QStringLiteral("/payload") + pointer, cell), pointer};
    if (cell.is_boolean() || cell.is_null())
        return {widgetCellText(cell), pointer};
    return {QString(), pointer};
}

ExportElement textElement(ExportString text, ExportTextStyle style = ExportTextStyle::Plain)
{
    ExportElement e;
    e.kind = ExportElement::Kind::Text;
    e.pointer = text.pointer;
    e.text = std::move(text);
    e.style = style;
    return e;
}

void refuse(MapContext &c, const QString &pointer, const QString &message)
{
    c.issues.append({pointer, message});
}

// --- the catalog kinds (seed 000) ---------------------------------------------------------------------

void mapText(MapContext &c)
{
    c.out.title = stringAt(c.payload, "title", {});
    c.out.elements.append(textElement(stringAt(c.payload, "text", {})));
}

void mapCode(MapContext &c)
{
    c.out.title = stringAt(c.payload, "title", {});
    ExportElement e;
    e.kind = ExportElement::Kind::Code;
    e.text = stringAt(c.payload, "code", {});
    e.pointer = e.text.pointer;
    e.language = jsonString(c.payload, "language");
    c.out.elements.append(e);
}

void mapAlert(MapContext &c)
{
    c.out.title = stringAt(c.payload, "title", {});
    const QString severity = jsonString(c.payload, "severity");
    // The severity as a word: the reader must not need the icon or the colour (seed 000 "alert").
    const QString word = severity == QLatin1String("success") ? QStringLiteral("Success")
        : severity == QLatin1String("warning")               ? QStringLiteral("Warning")
        : severity == QLatin1String("error")                 ? QStringLiteral("Error")
                                                             : QStringLiteral("Info");
    ExportString message = stringAt(c.payload, "message", {});
    message.text = word + QStringLiteral(": ") + message.text;
    c.out.elements.append(textElement(message, severity == QLatin1String("info") ? ExportTextStyle::Plain : ExportTextStyle::Bold));
}

void mapDetail(MapContext &c)
{
    c.out.title = stringAt(c.payload, "title", {});
    c.out.subtitle = stringAt(c.payload, "status", {});
    ExportElement e;
    e.kind = ExportElement::Kind::Fields;
    e.pointer = QStringLiteral("/fields");
    const json &fields = jsonMember(c.payload, "fields");
    for (std::size_t i = 0; fields.is_array() && i < fields.size(); ++i) {
        const QString base = e.pointer + QLatin1Char('/') + QString::number(i);
        e.fields.append({stringAt(fields[i], "label", base), stringAt(fields[i], "value", base)});
    }
    c.out.elements.append(e);
}

void mapItemList(MapContext &c)
{
    c.out.title = stringAt(c.payload, "title", {});
    const json &items = jsonMember(c.payload, "items");
    bool anyStatus = false;
    bool anyMeta = false;
    for (std::size_t i = 0; items.is_array() && i < items.size(); ++i) {
        anyStatus = anyStatus || items[i].contains("status");
        anyMeta = anyMeta || items[i].contains("meta");
    }
    ExportElement e;
    e.kind = ExportElement::Kind::Table;
    e.pointer = QStringLiteral("/items");
    e.columns.append({QStringLiteral("Name"), e.pointer});
    if (anyStatus)
        e.columns.append({QStringLiteral("Status"), e.pointer});
    if (anyMeta)
        e.columns.append({QStringLiteral("Meta"), e.pointer});
    e.numeric = QList<bool>(e.columns.size(), false);
    for (std::size_t i = 0; items.is_array() && i < items.size(); ++i) {
        const QString base = e.pointer + QLatin1Char('/') + QString::number(i);
        QList<ExportString> row{stringAt(items[i], "name", base)};
        if (anyStatus)
            row.append(stringAt(items[i], "status", base));
        if (anyMeta)
            row.append(stringAt(items[i], "meta", base));
        e.rows.append(row);
    }
    c.out.elements.append(e);
}

void mapDataTable(MapContext &c)
{
    c.out.title = stringAt(c.payload, "title", {});
    const json &columns = jsonMember(c.payload, "columns");
    ExportElement e;
    e.kind = ExportElement::Kind::Table;
    e.pointer = QStringLiteral("/rows");
    std::vector<std::string> keys;
    for (std::size_t j = 0; columns.is_array() && j < columns.size(); ++j) {
        const QString base = QStringLiteral("/columns/") + QString::number(j);
        e.columns.append(stringAt(columns[j], "label", base));
        e.numeric.append(jsonMember(columns[j], "numeric") == json(true));
        keys.push_back(jsonString(columns[j], "key").toStdString());
    }
    const auto addRow = [&](const json &row, const QString &base) {
        QList<ExportString> cells;
        for (const std::string &key : keys)
            cells.append(cellAt(c.card, jsonMember(row, key.c_str()), base + token(key)));
        e.rows.append(cells);
    };
    const json &rows = jsonMember(c.payload, "rows");
    for (std::size_t i = 0; rows.is_array() && i < rows.size(); ++i)
        addRow(rows[i], QStringLiteral("/rows/") + QString::number(i));
    if (c.payload.contains("totals"))
        addRow(c.payload["totals"], QStringLiteral("/totals"));
    c.out.elements.append(e);
    const ExportString caption = stringAt(c.payload, "caption", {});
    if (!caption.isEmpty())
        c.out.elements.append(textElement(caption, ExportTextStyle::Muted));
}

void mapMetricChart(MapContext &c)
{
    refuse(c, {}, QStringLiteral("a metric_chart has no native form on other surfaces: seed 001's native cards "
                                 "have no charts (copy it as an image instead)"));
}

void mapRecommendActions(MapContext &c)
{
    const ExportString question = stringAt(c.payload, "question", {});
    if (!question.isEmpty())
        c.out.elements.append(textElement(question));
    ExportElement e;
    e.kind = ExportElement::Kind::Buttons;
    e.pointer = QStringLiteral("/actions");
    const json &actions = jsonMember(c.payload, "actions");
    for (std::size_t i = 0; actions.is_array() && i < actions.size(); ++i) {
        const QString base = e.pointer + QLatin1Char('/') + QString::number(i);
        ExportButton b;
        b.label = stringAt(actions[i], "label", base);
        b.id = b.label; // the press reports the action by its pill text
        e.buttons.append(b);
    }
    c.out.elements.append(e);
}

void mapCanvas(MapContext &c)
{
    refuse(c, {}, QStringLiteral("a canvas has no native form on other surfaces: seed 001's native cards have no "
                                 "charts and no HTML (copy it as an image instead)"));
}

// --- json-render (seed 001) -----------------------------------------------------------------------------

void mapJsonRenderElement(MapContext &c, const json &elements, const std::string &id, int depth);

void mapJsonRenderChildren(MapContext &c, const json &elements, const json &element, int depth)
{
    const json &children = jsonMember(element, "children");
    for (std::size_t i = 0; children.is_array() && i < children.size(); ++i) {
        if (children[i].is_string())
            mapJsonRenderElement(c, elements, children[i].get_ref<const std::string &>(), depth + 1);
    }
}

ExportButton::Style buttonStyle(const QString &style)
{
    return style == QLatin1String("primary") ? ExportButton::Style::Primary
        : style == QLatin1String("danger")   ? ExportButton::Style::Danger
                                             : ExportButton::Style::Default;
}

void mapJsonRenderElement(MapContext &c, const json &elements, const std::string &id, int depth)
{
    // A valid spec has no cycles and at most kJsonRenderMaxElements elements; the bound guards anyway.
    if (depth > 256 || !elements.contains(id))
        return;
    const json &element = elements[id];
    const QString base = QStringLiteral("/elements") + token(id);
    const QString propsBase = base + QStringLiteral("/props");
    const json &props = jsonMember(element, "props");
    const QString type = jsonString(element, "type");
    if (type == QLatin1String("Card") || type == QLatin1String("Section")) {
        const ExportString title = stringAt(props, "title", propsBase);
        if (type == QLatin1String("Card") && depth == 0) {
            c.out.title = title;
            c.out.subtitle = stringAt(props, "subtitle", propsBase);
        } else if (!title.isEmpty()) {
            c.out.elements.append(textElement(title, ExportTextStyle::Bold));
        }
        mapJsonRenderChildren(c, elements, element, depth);
    } else if (type == QLatin1String("Text")) {
        const QString style = jsonString(props, "style");
        c.out.elements.append(textElement(stringAt(props, "text", propsBase),
                                          style == QLatin1String("bold")    ? ExportTextStyle::Bold
                                              : style == QLatin1String("muted") ? ExportTextStyle::Muted
                                                                                : ExportTextStyle::Plain));
    } else if (type == QLatin1String("Fields")) {
        ExportElement e;
        e.kind = ExportElement::Kind::Fields;
        e.pointer = base;
        const json &children = jsonMember(element, "children");
        for (std::size_t i = 0; children.is_array() && i < children.size(); ++i) {
            if (!children[i].is_string() || !elements.contains(children[i].get_ref<const std::string &>()))
                continue;
            const std::string &fieldId = children[i].get_ref<const std::string &>();
            const QString fieldBase = QStringLiteral("/elements") + token(fieldId) + QStringLiteral("/props");
            const json &fieldProps = jsonMember(elements[fieldId], "props");
            e.fields.append({stringAt(fieldProps, "label", fieldBase), stringAt(fieldProps, "value", fieldBase)});
        }
        c.out.elements.append(e);
    } else if (type == QLatin1String("Table")) {
        ExportElement e;
        e.kind = ExportElement::Kind::Table;
        e.pointer = base;
        const json &columns = jsonMember(props, "columns");
        for (std::size_t j = 0; columns.is_array() && j < columns.size(); ++j)
            e.columns.append(cellAt(c.card, columns[j], propsBase + QStringLiteral("/columns/") + QString::number(j)));
        e.numeric = QList<bool>(e.columns.size(), false);
        const json &rows = jsonMember(props, "rows");
        for (std::size_t i = 0; rows.is_array() && i < rows.size(); ++i) {
            QList<ExportString> cells;
            const QString rowBase = propsBase + QStringLiteral("/rows/") + QString::number(i);
            for (std::size_t j = 0; rows[i].is_array() && j < rows[i].size(); ++j) {
                cells.append(cellAt(c.card, rows[i][j], rowBase + QLatin1Char('/') + QString::number(j)));
                if (rows[i][j].is_number() && qsizetype(j) < e.numeric.size())
                    e.numeric[qsizetype(j)] = true; // json-render draws numbers right-aligned
            }
            e.rows.append(cells);
        }
        c.out.elements.append(e);
    } else if (type == QLatin1String("Divider")) {
        ExportElement e;
        e.kind = ExportElement::Kind::Divider;
        e.pointer = base;
        c.out.elements.append(e);
    } else if (type == QLatin1String("Image")) {
        ExportElement e;
        e.kind = ExportElement::Kind::Image;
        e.pointer = base;
        e.url = stringAt(props, "url", propsBase);
        e.text = stringAt(props, "alt", propsBase);
        c.out.elements.append(e);
    } else if (type == QLatin1String("Actions")) {
        ExportElement e;
        e.kind = ExportElement::Kind::Buttons;
        e.pointer = base;
        const json &children = jsonMember(element, "children");
        for (std::size_t i = 0; children.is_array() && i < children.size(); ++i) {
            if (!children[i].is_string() || !elements.contains(children[i].get_ref<const std::string &>()))
                continue;
            const std::string &childId = children[i].get_ref<const std::string &>();
            const QString childBase = QStringLiteral("/elements") + token(childId) + QStringLiteral("/props");
            const json &child = elements[childId];
            const json &childProps = jsonMember(child, "props");
            ExportButton b;
            b.isLink = jsonString(child, "type") == QLatin1String("LinkButton");
            b.label = stringAt(childProps, "label", childBase);
            if (b.isLink)
                b.url = stringAt(childProps, "url", childBase);
            else
                b.id = stringAt(childProps, "id", childBase);
            b.style = buttonStyle(jsonString(childProps, "style"));
            e.buttons.append(b);
        }
        c.out.elements.append(e);
    }
}

void mapJsonRender(MapContext &c)
{
    const json &elements = jsonMember(c.payload, "elements");
    const json &root = jsonMember(c.payload, "root");
    if (!elements.is_object() || !root.is_string())
        return; // an invalid spec never gets here
    mapJsonRenderElement(c, elements, root.get_ref<const std::string &>(), 0);
    const ExportString text = stringAt(c.payload, "text", {});
    if (!text.isEmpty())
        c.out.plainText = text;
}

// --- widget documents (seed 003) -------------------------------------------------------------------------

struct NodeContext
{
    MapContext &map;
    bool lastWasButtonNode = false; // consecutive button nodes share one Buttons row
};

void mapNode(NodeContext &n, const json &node, const QString &pointer, int depth);

void mapNodeList(NodeContext &n, const json &nodes, const QString &pointer, int depth)
{
    if (nodes.is_object()) {
        mapNode(n, nodes, pointer, depth + 1);
        return;
    }
    for (std::size_t i = 0; nodes.is_array() && i < nodes.size(); ++i)
        mapNode(n, nodes[i], pointer + QLatin1Char('/') + QString::number(i), depth + 1);
}

void nodeCard(NodeContext &n, const json &node, const QString &pointer, int depth)
{
    const ExportString title = stringAt(node, "title", pointer);
    const ExportString description = stringAt(node, "description", pointer);
    if (depth == 0) {
        if (!title.isEmpty())
            n.map.out.title = title;
        n.map.out.subtitle = description;
    } else {
        if (!title.isEmpty())
            n.map.out.elements.append(textElement(title, ExportTextStyle::Bold));
        if (!description.isEmpty())
            n.map.out.elements.append(textElement(description, ExportTextStyle::Muted));
    }
    mapNodeList(n, jsonMember(node, "children"), pointer + QStringLiteral("/children"), depth);
    if (node.contains("footer"))
        mapNodeList(n, node["footer"], pointer + QStringLiteral("/footer"), depth);
}

void nodeHeading(NodeContext &n, const json &node, const QString &pointer, int)
{
    n.map.out.elements.append(textElement(stringAt(node, "text", pointer), ExportTextStyle::Bold));
}

void nodeText(NodeContext &n, const json &node, const QString &pointer, int)
{
    n.map.out.elements.append(textElement(stringAt(node, "text", pointer)));
}

void nodeKeyValue(NodeContext &n, const json &node, const QString &pointer, int)
{
    ExportElement e;
    e.kind = ExportElement::Kind::Fields;
    e.pointer = pointer;
    const json &items = jsonMember(node, "items");
    for (std::size_t i = 0; items.is_array() && i < items.size(); ++i) {
        const QString base = pointer + QStringLiteral("/items/") + QString::number(i);
        e.fields.append({stringAt(items[i], "key", base), cellAt(n.map.card, jsonMember(items[i], "value"), base + QStringLiteral("/value"))});
    }
    n.map.out.elements.append(e);
}

void nodeTable(NodeContext &n, const json &node, const QString &pointer, int)
{
    ExportElement e;
    e.kind = ExportElement::Kind::Table;
    e.pointer = pointer;
    std::vector<std::string> keys;
    const json &columns = jsonMember(node, "columns");
    for (std::size_t j = 0; columns.is_array() && j < columns.size(); ++j) {
        e.columns.append(stringAt(columns[j], "label", pointer + QStringLiteral("/columns/") + QString::number(j)));
        e.numeric.append(jsonString(columns[j], "align") == QLatin1String("right"));
        keys.push_back(jsonString(columns[j], "key").toStdString());
    }
    const json &rows = jsonMember(node, "rows");
    for (std::size_t i = 0; rows.is_array() && i < rows.size(); ++i) {
        QList<ExportString> cells;
        const QString base = pointer + QStringLiteral("/rows/") + QString::number(i);
        for (const std::string &key : keys)
            cells.append(cellAt(n.map.card, jsonMember(rows[i], key.c_str()), base + token(key)));
        e.rows.append(cells);
    }
    n.map.out.elements.append(e);
}

void nodeStat(NodeContext &n, const json &node, const QString &pointer, int)
{
    ExportElement e;
    e.kind = ExportElement::Kind::Fields;
    e.pointer = pointer;
    ExportString value = cellAt(n.map.card, jsonMember(node, "value"), pointer + QStringLiteral("/value"));
    const json &delta = jsonMember(node, "delta");
    if (delta.is_object()) {
        const QString direction = jsonString(delta, "direction");
        const QString arrow = direction == QLatin1String("up") ? QStringLiteral("↑")
            : direction == QLatin1String("down")               ? QStringLiteral("↓")
                                                               : QStringLiteral("→");
        value.text += QStringLiteral(" (") + arrow + QLatin1Char(' ')
            + cellAt(n.map.card, jsonMember(delta, "value"), pointer + QStringLiteral("/delta/value")).text + QLatin1Char(')');
    }
    const QString hint = jsonString(node, "hint");
    if (!hint.isEmpty())
        value.text += QStringLiteral(" · ") + hint;
    e.fields.append({stringAt(node, "label", pointer), value});
    n.map.out.elements.append(e);
}

// A widget action as a Button (agent: reports its id) or a link (url); a ui action runs only in Tessera.
bool actionButton(NodeContext &n, const json &action, const QString &actionPointer, ExportString label, ExportButton *out)
{
    const WidgetAction parsed = widgetAction(action);
    out->label = std::move(label);
    if (parsed.kind == WidgetAction::Kind::Agent) {
        out->id = {parsed.id, actionPointer + QStringLiteral("/id")};
        return true;
    }
    if (parsed.kind == WidgetAction::Kind::Url) {
        out->isLink = true;
        out->url = {parsed.href, actionPointer + QStringLiteral("/href")};
        return true;
    }
    refuse(n.map, actionPointer, QStringLiteral("a \"ui\" action runs only inside Tessera: it has no form on other surfaces"));
    return false;
}

void nodeList(NodeContext &n, const json &node, const QString &pointer, int)
{
    ExportElement fields;
    fields.kind = ExportElement::Kind::Fields;
    fields.pointer = pointer;
    ExportElement buttons;
    buttons.kind = ExportElement::Kind::Buttons;
    buttons.pointer = pointer;
    const json &items = jsonMember(node, "items");
    for (std::size_t i = 0; items.is_array() && i < items.size(); ++i) {
        const json &item = items[i];
        const QString base = pointer + QStringLiteral("/items/") + QString::number(i);
        QStringList parts;
        for (const char *key : {"subtitle", "meta"}) {
            const ExportString part = cellAt(n.map.card, jsonMember(item, key), base + QLatin1Char('/') + QLatin1String(key));
            if (item.contains(key) && !part.isEmpty())
                parts.append(part.text);
        }
        const json &badge = jsonMember(item, "badge");
        const QString badgeText = badge.is_string() ? jsonString(item, "badge") : jsonString(badge, "text");
        if (!badgeText.isEmpty())
            parts.append(badgeText);
        fields.fields.append({stringAt(item, "title", base), {parts.join(QStringLiteral(" · ")), base}});
        const json &actions = jsonMember(item, "actions");
        for (std::size_t k = 0; actions.is_array() && k < actions.size(); ++k) {
            const QString actionBase = base + QStringLiteral("/actions/") + QString::number(k);
            const json &entry = actions[k];
            // An entry is an action, or {label, action}.
            const bool wrapped = entry.contains("action") && !entry.contains("kind");
            const json &action = wrapped ? entry["action"] : entry;
            const QString actionPointer = wrapped ? actionBase + QStringLiteral("/action") : actionBase;
            ExportString label = stringAt(entry, "label", actionBase); // {label, action}, or an agent action's label
            if (label.isEmpty())
                label = stringAt(item, "title", base);
            ExportButton b;
            if (actionButton(n, action, actionPointer, label, &b))
                buttons.buttons.append(b);
        }
    }
    n.map.out.elements.append(fields);
    if (!buttons.buttons.isEmpty())
        n.map.out.elements.append(buttons);
}

void nodeButton(NodeContext &n, const json &node, const QString &pointer, int)
{
    ExportButton b;
    if (!actionButton(n, jsonMember(node, "action"), pointer + QStringLiteral("/action"), stringAt(node, "label", pointer), &b))
        return;
    const QString variant = jsonString(node, "variant");
    b.style = variant == QLatin1String("destructive") ? ExportButton::Style::Danger
        : variant == QLatin1String("default") || variant.isEmpty() ? ExportButton::Style::Primary
                                                                    : ExportButton::Style::Default;
    if (n.lastWasButtonNode && !n.map.out.elements.isEmpty()) {
        n.map.out.elements.last().buttons.append(b);
        return;
    }
    ExportElement e;
    e.kind = ExportElement::Kind::Buttons;
    e.pointer = pointer;
    e.buttons.append(b);
    n.map.out.elements.append(e);
}

using NodeMapping = void (*)(NodeContext &n, const json &node, const QString &pointer, int depth);

struct NodeRow
{
    const char *type;
    NodeMapping map;
};

// The nodes that have a form on other surfaces (issue 14), in seed 003's catalog order.
constexpr std::array<NodeRow, 8> kNodes{{
    {"card", &nodeCard},
    {"heading", &nodeHeading},
    {"text", &nodeText},
    {"stat", &nodeStat},
    {"keyValue", &nodeKeyValue},
    {"table", &nodeTable},
    {"list", &nodeList},
    {"button", &nodeButton},
}};

void mapNode(NodeContext &n, const json &node, const QString &pointer, int depth)
{
    if (depth > kWidgetMaxDepth + 1)
        return; // a valid document is never this deep
    const QString type = jsonString(node, "type");
    for (const NodeRow &row : kNodes) {
        if (type == QLatin1String(row.type)) {
            row.map(n, node, pointer, depth);
            n.lastWasButtonNode = row.map == &nodeButton;
            return;
        }
    }
    refuse(n.map, pointer + QStringLiteral("/type"),
           QStringLiteral("a \"%1\" node has no form on other surfaces (only %2 nodes can be exported)")
               .arg(type, exportableWidgetNodeTypes().join(QStringLiteral(", "))));
}

void mapWidgetDocument(MapContext &c)
{
    c.out.title = stringAt(c.payload, "title", {});
    NodeContext n{c};
    mapNode(n, jsonMember(c.payload, "root"), QStringLiteral("/root"), 0);
}

// --- the table ---------------------------------------------------------------------------------------------

using KindExportMapping = void (*)(MapContext &c);

struct KindExportRow
{
    CardKind kind;
    KindExportMapping map;
};

// One row per kind of the cards table (cards/cardkinds.cpp), in CardKind order.
constexpr std::array<KindExportRow, 11> kKindExports{{
    {CardKind::Text, &mapText},
    {CardKind::Code, &mapCode},
    {CardKind::Alert, &mapAlert},
    {CardKind::Detail, &mapDetail},
    {CardKind::ItemList, &mapItemList},
    {CardKind::DataTable, &mapDataTable},
    {CardKind::MetricChart, &mapMetricChart},
    {CardKind::RecommendActions, &mapRecommendActions},
    {CardKind::Canvas, &mapCanvas},
    {CardKind::JsonRender, &mapJsonRender},
    {CardKind::WidgetDocument, &mapWidgetDocument},
}};

constexpr bool exportRowsInEnumOrder()
{
    for (std::size_t i = 0; i < kKindExports.size(); ++i) {
        if (std::size_t(kKindExports[i].kind) != i || kKindExports[i].map == nullptr)
            return false;
    }
    return true;
}
static_assert(exportRowsInEnumOrder(), "kKindExports rows must be in CardKind order, each with a mapping");
static_assert(kKindExports.size() == std::size_t(CardKind::Registered),
              "every CardKind with a row in the cards table needs an export row");

QString withoutPayloadPrefix(const QString &pointer)
{
    const QString prefix = QStringLiteral("/payload");
    return pointer.startsWith(prefix) ? pointer.mid(prefix.size()) : pointer;
}

} // namespace

bool hasExportMapping(CardKind kind)
{
    return std::size_t(kind) < kKindExports.size();
}

QStringList exportableWidgetNodeTypes()
{
    QStringList types;
    for (const NodeRow &row : kNodes)
        types.append(QLatin1String(row.type));
    return types;
}

bool mapCardForExport(const Card &card, ExportCard *out, QList<ExportIssue> *issues)
{
    *out = ExportCard();
    const qsizetype before = issues->size();
    if (!card.isValid()) {
        for (const ValidationIssue &issue : card.issues())
            issues->append({withoutPayloadPrefix(issue.pointer), QStringLiteral("the card is not valid: ") + issue.message});
        return false;
    }
    if (!hasExportMapping(card.kind())) {
        issues->append({{}, QStringLiteral("a card of kind \"%1\" has no export mapping").arg(card.kindName())});
        return false;
    }
    const json payload = card.payload();
    MapContext context{card, payload, *out, *issues};
    try {
        kKindExports[std::size_t(card.kind())].map(context);
    } catch (const json::exception &error) {
        // A valid card never gets here; a payload unlike its kind is refused, not exported half.
        issues->append({{}, QStringLiteral("the card cannot be read: %1").arg(QString::fromUtf8(error.what()))});
    }
    if (out->plainText.isEmpty())
        out->plainText = {kindPlainText(card), QString()};
    return issues->size() == before;
}

} // namespace Tessera
