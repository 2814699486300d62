#include <cards/kindhooks.h>

// The plain-text bodies of the kind table (cardkinds.cpp), used by "copy as text" (issue 7): a card
// flattened for pasting into prose; a data_table or a metric_chart as TSV (tab-separated, one header
// row; cells with tabs or newlines get spaces). The title line is already in `lines`.

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/cardtext.h>
#include <cards/jsonaccess.h>

namespace Tessera {

using nlohmann::json;

namespace {

// One TSV cell: a JSON string as is, a number with its source digits, null empty.
QString cell(const Card &card, const QString &pointer, const json &value)
{
    QString text;
    if (value.is_string())
        text = QString::fromStdString(value.get<std::string>());
    else if (value.is_number())
        text = card.numberText(pointer, value);
    else if (value.is_boolean())
        text = value.get<bool>() ? QStringLiteral("true") : QStringLiteral("false");
    else if (!value.is_null())
        text = QString::fromStdString(value.dump());
    text.replace(QLatin1Char('\t'), QLatin1Char(' '));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    text.replace(QLatin1Char('\r'), QLatin1Char(' '));
    return text;
}

void tableText(const Card &card, const json &payload, QStringList *lines)
{
    const json &columns = payload.value("columns", json::array());
    if (!columns.is_array())
        return;
    QStringList keys, header;
    for (const json &column : columns) {
        keys.append(jsonString(column, "key"));
        const QString label = jsonString(column, "label");
        header.append(label.isEmpty() ? keys.last() : label);
    }
    lines->append(header.join(QLatin1Char('\t')));
    auto rowText = [&](const json &row, const QString &pointer) {
        QStringList cells;
        for (const QString &key : std::as_const(keys)) {
            const std::string k = key.toStdString();
            cells.append(row.is_object() && row.contains(k) ? cell(card, pointer + QLatin1Char('/') + key, row.at(k))
                                                            : QString());
        }
        lines->append(cells.join(QLatin1Char('\t')));
    };
    const json &rows = payload.value("rows", json::array());
    if (rows.is_array()) {
        for (size_t i = 0; i < rows.size(); ++i)
            rowText(rows.at(i), QStringLiteral("/payload/rows/%1").arg(i));
    }
    if (payload.contains("totals"))
        rowText(payload.at("totals"), QStringLiteral("/payload/totals"));
}

void chartText(const Card &card, const json &payload, QStringList *lines)
{
    const json &series = payload.value("series", json::array());
    if (!series.is_array())
        return;
    const QString x = jsonString(payload, "xLabel");
    const QString y = jsonString(payload, "yLabel");
    lines->append(QStringList{QStringLiteral("series"), x.isEmpty() ? QStringLiteral("x") : x,
                              y.isEmpty() ? QStringLiteral("y") : y}
                          .join(QLatin1Char('\t')));
    for (size_t s = 0; s < series.size(); ++s) {
        const json &one = series.at(s);
        const QString name = cell(card, QString(), json(jsonString(one, "name").toStdString()));
        const json &points = one.is_object() ? one.value("points", json::array()) : json::array();
        if (!points.is_array())
            continue;
        for (size_t p = 0; p < points.size(); ++p) {
            const json &point = points.at(p);
            if (!point.is_object())
                continue;
            const QString base = QStringLiteral("/payload/series/%1/points/%2/").arg(s).arg(p);
            lines->append(QStringList{name, cell(card, base + QLatin1Char('x'), point.value("x", json())),
                                      cell(card, base + QLatin1Char('y'), point.value("y", json()))}
                                  .join(QLatin1Char('\t')));
        }
    }
}

} // namespace

void KindPlainText::text(const Card &, const json &payload, QStringList &lines)
{
    lines.append(jsonString(payload, "text"));
}

void KindPlainText::code(const Card &, const json &payload, QStringList &lines)
{
    lines.append(jsonString(payload, "code"));
}

void KindPlainText::alert(const Card &, const json &payload, QStringList &lines)
{
    lines.append(QStringLiteral("[%1] %2").arg(jsonString(payload, "severity"), jsonString(payload, "message")));
}

void KindPlainText::detail(const Card &, const json &payload, QStringList &lines)
{
    const QString status = jsonString(payload, "status");
    if (!status.isEmpty())
        lines.append(QStringLiteral("Status: ") + status);
    for (const json &field : payload.value("fields", json::array()))
        lines.append(jsonString(field, "label") + QLatin1String(": ") + jsonString(field, "value"));
}

void KindPlainText::itemList(const Card &, const json &payload, QStringList &lines)
{
    for (const json &item : payload.value("items", json::array())) {
        QString line = QStringLiteral("- ") + jsonString(item, "name");
        const QString status = jsonString(item, "status");
        const QString meta = jsonString(item, "meta");
        if (!status.isEmpty())
            line += QStringLiteral(" [%1]").arg(status);
        if (!meta.isEmpty())
            line += QStringLiteral(" \u2014 ") + meta; // QLatin1String would read the dash's UTF-8 bytes as three letters
        lines.append(line);
    }
}

void KindPlainText::dataTable(const Card &card, const json &payload, QStringList &lines)
{
    const QString caption = jsonString(payload, "caption");
    if (!caption.isEmpty())
        lines.append(caption);
    tableText(card, payload, &lines);
}

void KindPlainText::metricChart(const Card &card, const json &payload, QStringList &lines)
{
    chartText(card, payload, &lines);
}

void KindPlainText::recommendActions(const Card &, const json &payload, QStringList &lines)
{
    const QString question = jsonString(payload, "question");
    if (!question.isEmpty())
        lines.append(question);
    for (const json &action : payload.value("actions", json::array()))
        lines.append(QStringLiteral("- ") + jsonString(action, "label"));
}

void KindPlainText::rawText(const Card &card, const json &, QStringList &lines)
{
    lines.append(QString::fromUtf8(card.rawText()));
}

void KindPlainText::textLines(const Card &card, const json &, QStringList &lines)
{
    lines = cardTextLines(card); // its own title comes first in it
}

} // namespace Tessera
