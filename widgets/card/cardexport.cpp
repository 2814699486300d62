#include <widgets/card/cardexport.h>

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QImage>
#include <QMenu>
#include <QMimeData>
#include <QPixmap>
#include <QWidget>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/cardtext.h>
#include <cards/jsonaccess.h>

namespace Tessera {

namespace {

using json = nlohmann::json;


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

static QString flatten(const Card &card);

QString cardPlainText(const Card &card)
{
    try {
        return flatten(card);
    } catch (const std::exception &) {
        // A payload shaped unlike its kind: the raw text is still something to paste.
        return QString::fromUtf8(card.rawText());
    }
}

static QString flatten(const Card &card)
{
    QStringList lines;
    if (!card.isValid()) {
        const ValidationIssue &issue = card.issues().first();
        lines.append(QStringLiteral("%1 (invalid): %2%3")
                         .arg(card.kindName().isEmpty() ? QStringLiteral("card") : card.kindName(),
                              issue.pointer.isEmpty() ? QString() : issue.pointer + QLatin1String(": "), issue.message));
        lines.append(QString::fromUtf8(card.rawText()));
        return lines.join(QLatin1Char('\n'));
    }
    const json payload = card.payload();
    if (!card.title().isEmpty())
        lines.append(card.title());
    switch (card.kind()) {
    case CardKind::Text:
        lines.append(jsonString(payload, "text"));
        break;
    case CardKind::Code:
        lines.append(jsonString(payload, "code"));
        break;
    case CardKind::Alert:
        lines.append(QStringLiteral("[%1] %2").arg(jsonString(payload, "severity"), jsonString(payload, "message")));
        break;
    case CardKind::Detail: {
        const QString status = jsonString(payload, "status");
        if (!status.isEmpty())
            lines.append(QStringLiteral("Status: ") + status);
        for (const json &field : payload.value("fields", json::array()))
            lines.append(jsonString(field, "label") + QLatin1String(": ") + jsonString(field, "value"));
        break;
    }
    case CardKind::ItemList:
        for (const json &item : payload.value("items", json::array())) {
            QString line = QStringLiteral("- ") + jsonString(item, "name");
            const QString status = jsonString(item, "status");
            const QString meta = jsonString(item, "meta");
            if (!status.isEmpty())
                line += QStringLiteral(" [%1]").arg(status);
            if (!meta.isEmpty())
                line += QLatin1String(" — ") + meta;
            lines.append(line);
        }
        break;
    case CardKind::DataTable: {
        const QString caption = jsonString(payload, "caption");
        if (!caption.isEmpty())
            lines.append(caption);
        tableText(card, payload, &lines);
        break;
    }
    case CardKind::MetricChart:
        chartText(card, payload, &lines);
        break;
    case CardKind::RecommendActions: {
        const QString question = jsonString(payload, "question");
        if (!question.isEmpty())
            lines.append(question);
        for (const json &action : payload.value("actions", json::array()))
            lines.append(QStringLiteral("- ") + jsonString(action, "label"));
        break;
    }
    case CardKind::JsonRender:
    case CardKind::WidgetDocument:
    case CardKind::Registered:
        lines = cardTextLines(card); // its own title comes first in it
        break;
    case CardKind::Canvas:
    case CardKind::Unknown:
        lines.append(QString::fromUtf8(card.rawText()));
        break;
    }
    return lines.join(QLatin1Char('\n'));
}

QString cardJsonText(const Card &card)
{
    if (card.source() == CardSource::ToolResult || card.source() == CardSource::Wire)
        return QString::fromUtf8(card.rawText());
    const json envelope = card.envelope();
    return envelope.is_null() ? QString::fromUtf8(card.rawText()) : QString::fromStdString(envelope.dump());
}

QImage cardImage(QWidget *cardWidget)
{
    return cardWidget ? cardWidget->grab().toImage() : QImage();
}

void copyCard(const Card &card, QWidget *cardWidget, CardCopyFormat format)
{
    QClipboard *clipboard = QGuiApplication::clipboard();
    switch (format) {
    case CardCopyFormat::Text:
        clipboard->setText(cardPlainText(card));
        break;
    case CardCopyFormat::Json: {
        auto *mime = new QMimeData; // Owned by the clipboard.
        const QString text = cardJsonText(card);
        mime->setText(text);
        mime->setData(QStringLiteral("application/json"), text.toUtf8());
        clipboard->setMimeData(mime);
        break;
    }
    case CardCopyFormat::Image:
        clipboard->setImage(cardImage(cardWidget));
        break;
    }
}

void installCardContextMenu(QWidget *cardWidget, const Card &card)
{
    if (!cardWidget)
        return;
    cardWidget->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(cardWidget, &QWidget::customContextMenuRequested, cardWidget, [cardWidget, card](const QPoint &pos) {
        QMenu menu(cardWidget);
        menu.addAction(QApplication::translate("Tessera::CardExport", "Copy as &Text"), cardWidget,
                       [&] { copyCard(card, cardWidget, CardCopyFormat::Text); });
        menu.addAction(QApplication::translate("Tessera::CardExport", "Copy as &JSON"), cardWidget,
                       [&] { copyCard(card, cardWidget, CardCopyFormat::Json); });
        menu.addAction(QApplication::translate("Tessera::CardExport", "Copy as &Image"), cardWidget,
                       [&] { copyCard(card, cardWidget, CardCopyFormat::Image); });
        menu.exec(cardWidget->mapToGlobal(pos));
    });
}

} // namespace Tessera
