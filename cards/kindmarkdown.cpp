#include <cards/kindhooks.h>

// The Markdown forms of the kind table (cardkinds.cpp), for `tessera export --format md` (issue 4;
// the shapes are listed in store/markdownexport.h).

#include <algorithm>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/cardtext.h>
#include <cards/jsonaccess.h>
#include <cards/strictjson.h>

namespace Tessera {

using nlohmann::json;

namespace {

QString pointerToken(const std::string &key)
{
    return QString::fromStdString(escapePointerToken(key));
}

// One table cell: no line breaks, pipes escaped.
QString cell(QString text)
{
    text.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    text.replace(QLatin1Char('|'), QLatin1String("\\|"));
    text.replace(QLatin1Char('\r'), QLatin1Char(' '));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text;
}

// A cell value: exact source digits for numbers, an em dash for null, strings as they are.
QString valueText(const Card &card, const QString &pointer, const json &value)
{
    if (value.is_null())
        return QString(QChar(0x2014));
    if (value.is_string()) {
        const std::string &s = value.get_ref<const std::string &>();
        return QString::fromUtf8(s.data(), qsizetype(s.size()));
    }
    if (value.is_number())
        return card.numberText(pointer, value);
    return QString::fromStdString(value.dump(-1, ' ', false, json::error_handler_t::replace));
}

QString tableRow(const QStringList &cells)
{
    return QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |");
}

QString heading(const QString &title)
{
    return title.isEmpty() ? QString() : QStringLiteral("**") + cell(title) + QStringLiteral("**\n\n");
}

QString quoteLines(const QString &text)
{
    QStringList lines = text.split(QLatin1Char('\n'));
    for (QString &line : lines)
        line.prepend(QStringLiteral("> "));
    return lines.join(QLatin1Char('\n'));
}

QString dataTableBlock(const Card &card, const json &payload)
{
    const json &columns = jsonMember(payload, "columns");
    QStringList labels, keys, rule;
    for (const json &column : columns) {
        keys.append(jsonString(column, "key"));
        labels.append(cell(jsonString(column, "label")));
        const json &numeric = jsonMember(column, "numeric");
        rule.append(numeric.is_boolean() && numeric.get<bool>() ? QStringLiteral("---:") : QStringLiteral("---"));
    }
    QStringList out{tableRow(labels), tableRow(rule)};
    auto row = [&](const json &object, const QString &base, bool bold) {
        QStringList cells;
        for (const QString &key : std::as_const(keys)) {
            const std::string k = key.toStdString();
            const json &value = jsonMember(object, k.c_str());
            QString text = cell(valueText(card, base + QLatin1Char('/') + pointerToken(k), value));
            if (bold && !text.isEmpty())
                text = QStringLiteral("**") + text + QStringLiteral("**");
            cells.append(text);
        }
        return tableRow(cells);
    };
    const json &rows = jsonMember(payload, "rows");
    for (std::size_t i = 0; rows.is_array() && i < rows.size(); ++i)
        out.append(row(rows[i], QStringLiteral("/payload/rows/%1").arg(i), false));
    if (jsonMember(payload, "totals").is_object())
        out.append(row(jsonMember(payload, "totals"), QStringLiteral("/payload/totals"), true));
    QString text = heading(jsonString(payload, "title")) + out.join(QLatin1Char('\n'));
    if (!jsonString(payload, "caption").isEmpty())
        text += QStringLiteral("\n\n_") + jsonString(payload, "caption") + QLatin1Char('_');
    return text;
}

QString metricChartBlock(const Card &card, const json &payload)
{
    const json &series = jsonMember(payload, "series");
    const QString xLabel = jsonString(payload, "xLabel").isEmpty() ? QStringLiteral("x") : cell(jsonString(payload, "xLabel"));
    const QString yLabel = jsonString(payload, "yLabel").isEmpty() ? QStringLiteral("y") : cell(jsonString(payload, "yLabel"));
    // x texts per series, to see whether they line up.
    QList<QStringList> xs;
    QList<QStringList> ys;
    QStringList names;
    for (std::size_t s = 0; series.is_array() && s < series.size(); ++s) {
        names.append(cell(jsonString(series[s], "name")));
        QStringList x, y;
        const json &points = jsonMember(series[s], "points");
        for (std::size_t p = 0; points.is_array() && p < points.size(); ++p) {
            const QString base = QStringLiteral("/payload/series/%1/points/%2/").arg(s).arg(p);
            x.append(cell(valueText(card, base + QLatin1Char('x'), jsonMember(points[p], "x"))));
            y.append(cell(valueText(card, base + QLatin1Char('y'), jsonMember(points[p], "y"))));
        }
        xs.append(x);
        ys.append(y);
    }
    bool aligned = !xs.isEmpty();
    for (const QStringList &x : std::as_const(xs))
        aligned = aligned && x == xs.first();
    QStringList out;
    if (aligned) {
        QStringList header{xLabel};
        QStringList rule{QStringLiteral("---")};
        for (const QString &name : std::as_const(names)) {
            header.append(names.size() == 1 && name.isEmpty() ? yLabel : name);
            rule.append(QStringLiteral("---:"));
        }
        out << tableRow(header) << tableRow(rule);
        for (qsizetype p = 0; p < xs.first().size(); ++p) {
            QStringList cells{xs.first().at(p)};
            for (const QStringList &y : std::as_const(ys))
                cells.append(y.at(p));
            out.append(tableRow(cells));
        }
    } else {
        out << tableRow({QStringLiteral("series"), xLabel, yLabel}) << tableRow({QStringLiteral("---"), QStringLiteral("---"), QStringLiteral("---:")});
        for (qsizetype s = 0; s < xs.size(); ++s) {
            for (qsizetype p = 0; p < xs.at(s).size(); ++p)
                out.append(tableRow({names.at(s), xs.at(s).at(p), ys.at(s).at(p)}));
        }
    }
    QString text = heading(jsonString(payload, "title")) + out.join(QLatin1Char('\n'));
    if (!jsonString(payload, "yLabel").isEmpty() && aligned && names.size() > 1)
        text += QStringLiteral("\n\n_y: ") + jsonString(payload, "yLabel") + QLatin1Char('_');
    return text;
}

QString codeBlock(const json &payload)
{
    const QString code = jsonString(payload, "code");
    int longest = 0, run = 0;
    for (QChar c : code) {
        run = c == QLatin1Char('`') ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const QString fence(std::max(3, longest + 1), QLatin1Char('`'));
    QString text = heading(jsonString(payload, "title")) + fence + jsonString(payload, "language") + QLatin1Char('\n') + code;
    if (!code.endsWith(QLatin1Char('\n')))
        text += QLatin1Char('\n');
    return text + fence;
}

QString severityWord(const QString &severity)
{
    if (severity.isEmpty())
        return QStringLiteral("Note");
    return severity.at(0).toUpper() + severity.mid(1);
}

} // namespace

QString KindMarkdown::text(const Card &, const json &payload)
{
    return heading(jsonString(payload, "title")) + jsonString(payload, "text");
}

QString KindMarkdown::code(const Card &, const json &payload)
{
    return codeBlock(payload);
}

QString KindMarkdown::alert(const Card &, const json &payload)
{
    QString body = QStringLiteral("**") + severityWord(jsonString(payload, "severity")) + QStringLiteral(":** ");
    if (!jsonString(payload, "title").isEmpty())
        body += QStringLiteral("**") + jsonString(payload, "title") + QStringLiteral("** ") + QChar(0x2014) + QLatin1Char(' ');
    return quoteLines(body + jsonString(payload, "message"));
}

QString KindMarkdown::detail(const Card &, const json &payload)
{
    QString text = jsonString(payload, "title").isEmpty() ? QString() : QStringLiteral("**") + jsonString(payload, "title") + QStringLiteral("**");
    if (!jsonString(payload, "status").isEmpty())
        text += (text.isEmpty() ? QString() : QStringLiteral(" ")) + QLatin1Char('(') + jsonString(payload, "status") + QLatin1Char(')');
    if (!text.isEmpty())
        text += QStringLiteral("\n\n");
    QStringList items;
    for (const json &field : jsonMember(payload, "fields"))
        items.append(QStringLiteral("- **") + jsonString(field, "label") + QStringLiteral(":** ") + jsonString(field, "value"));
    return text + items.join(QLatin1Char('\n'));
}

QString KindMarkdown::itemList(const Card &, const json &payload)
{
    QStringList items;
    for (const json &item : jsonMember(payload, "items")) {
        QString line = QStringLiteral("- ") + jsonString(item, "name");
        if (!jsonString(item, "status").isEmpty())
            line += QStringLiteral(" [") + jsonString(item, "status") + QLatin1Char(']');
        if (!jsonString(item, "meta").isEmpty())
            line += QLatin1Char(' ') + QChar(0x2014) + QLatin1Char(' ') + jsonString(item, "meta");
        if (!jsonString(item, "id").isEmpty() && jsonString(item, "id") != jsonString(item, "name"))
            line += QStringLiteral(" (`") + jsonString(item, "id") + QStringLiteral("`)");
        items.append(line);
    }
    return heading(jsonString(payload, "title")) + items.join(QLatin1Char('\n'));
}

QString KindMarkdown::dataTable(const Card &card, const json &payload)
{
    return dataTableBlock(card, payload);
}

QString KindMarkdown::metricChart(const Card &card, const json &payload)
{
    return metricChartBlock(card, payload);
}

QString KindMarkdown::recommendActions(const Card &, const json &payload)
{
    QStringList items;
    for (const json &action : jsonMember(payload, "actions"))
        items.append(QStringLiteral("- **") + jsonString(action, "label") + QStringLiteral(":** ") + jsonString(action, "prompt"));
    return heading(jsonString(payload, "question")) + items.join(QLatin1Char('\n'));
}

QString KindMarkdown::canvas(const Card &, const json &payload)
{
    return QStringLiteral("> _Canvas%1 (interactive; not exported to Markdown)_")
        .arg(jsonString(payload, "title").isEmpty() ? QString() : QStringLiteral(": ") + jsonString(payload, "title"));
}

QString KindMarkdown::textLines(const Card &card, const json &)
{
    return cardTextLines(card).join(QStringLiteral("  \n"));
}

} // namespace Tessera
