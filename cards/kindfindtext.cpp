// The text each kind's renderer draws as text, for find in the conversation (issue 18): what a match can
// be marked in. Anything a card holds but does not draw (a canvas's html and data, a chart's points,
// list markers, column keys) is left out, so the find bar never counts or steps to an invisible match.
// One line per drawn piece: a needle never spans two pieces, as it cannot span two labels.

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/cardtext.h>
#include <cards/jsonaccess.h>
#include <cards/kindhooks.h>

namespace Tessera {

using nlohmann::json;

namespace {

void appendIfAny(QStringList &lines, const QString &text)
{
    if (!text.isEmpty())
        lines.append(text);
}

// A cell as the table draws it: strings as sent, numbers with their source digits; null and missing
// cells draw a placeholder, which is not the card's text.
QString cellText(const Card &card, const QString &pointer, const json &object, const std::string &key)
{
    if (!object.is_object())
        return {};
    const auto it = object.find(key);
    if (it == object.end() || it->is_null())
        return {};
    if (it->is_string())
        return QString::fromStdString(it->get<std::string>());
    if (it->is_number())
        return card.numberText(pointer, *it);
    return QString::fromStdString(it->dump());
}

QString pointerToken(QString token)
{
    token.replace(u'~', QLatin1String("~0"));
    token.replace(u'/', QLatin1String("~1"));
    return token;
}

} // namespace

void KindFindText::nothing(const Card &, const json &, QStringList &)
{
    // Drawn as pixels (a canvas page, a chart's scene): only the title, which the caller added, is text.
}

void KindFindText::code(const Card &, const json &payload, QStringList &lines)
{
    appendIfAny(lines, jsonString(payload, "language"));
    lines.append(jsonString(payload, "code"));
}

void KindFindText::alert(const Card &, const json &payload, QStringList &lines)
{
    // The severity is drawn as a translated word beside an icon: a label of the app, not of the card.
    lines.append(jsonString(payload, "message"));
}

void KindFindText::detail(const Card &, const json &payload, QStringList &lines)
{
    appendIfAny(lines, jsonString(payload, "status"));
    for (const json &field : payload.value("fields", json::array())) {
        lines.append(jsonString(field, "label"));
        lines.append(jsonString(field, "value"));
    }
}

void KindFindText::itemList(const Card &, const json &payload, QStringList &lines)
{
    // The status is a coloured dot (its word is for screen readers only).
    for (const json &item : payload.value("items", json::array())) {
        lines.append(jsonString(item, "name"));
        appendIfAny(lines, jsonString(item, "meta"));
    }
}

void KindFindText::dataTable(const Card &card, const json &payload, QStringList &lines)
{
    // Column labels are drawn in the header, which cannot show a mark: cells and the caption are searched.
    appendIfAny(lines, jsonString(payload, "caption"));
    const json &columns = payload.value("columns", json::array());
    if (!columns.is_array())
        return;
    std::vector<std::string> keys;
    for (const json &column : columns)
        keys.push_back(jsonString(column, "key").toStdString());
    auto rowText = [&](const json &row, const QString &pointer) {
        for (const std::string &key : keys)
            appendIfAny(lines, cellText(card, pointer + u'/' + pointerToken(QString::fromStdString(key)), row, key));
    };
    const json &rows = payload.value("rows", json::array());
    if (rows.is_array()) {
        for (size_t i = 0; i < rows.size(); ++i)
            rowText(rows.at(i), QStringLiteral("/payload/rows/%1").arg(i));
    }
    if (payload.contains("totals"))
        rowText(payload.at("totals"), QStringLiteral("/payload/totals"));
}

void KindFindText::jsonRender(const Card &card, const json &, QStringList &lines)
{
    lines = cardDrawnTextLines(card); // its own title comes first in it
}

void KindFindText::recommendActions(const Card &, const json &payload, QStringList &lines)
{
    // The actions are buttons: pressed, not read as the conversation's text.
    appendIfAny(lines, jsonString(payload, "question"));
}

} // namespace Tessera
