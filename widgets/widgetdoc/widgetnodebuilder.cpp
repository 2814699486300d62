#include <widgets/widgetdoc/widgetnodebuilder.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <memory>

#include <QCheckBox>
#include <QCoreApplication>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPointer>
#include <QTableWidget>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/dialects/widgetdocument.h>
#include <cards/jsonaccess.h>
#include <cards/strictjson.h>
#include <widgets/common/markdownview.h>
#include <widgets/common/theme.h>
#include <widgets/widgetdoc/widgetdocumentcard.h>
#include <widgets/widgetdoc/widgetnodebadge.h>
#include <widgets/widgetdoc/widgetnodeboard.h>
#include <widgets/widgetdoc/widgetnodebutton.h>
#include <widgets/widgetdoc/widgetnodechart.h>
#include <widgets/widgetdoc/widgetnodeicon.h>
#include <widgets/widgetdoc/widgetnodeimage.h>
#include <widgets/widgetdoc/widgetnodemood.h>
#include <widgets/widgetdoc/widgetnodepanel.h>
#include <widgets/widgetdoc/widgetnodeprogress.h>
#include <widgets/widgetdoc/widgetnodereveal.h>
#include <widgets/widgetdoc/widgetnodesparkline.h>
#include <widgets/widgetdoc/widgetnodestars.h>
#include <widgets/widgetdoc/widgetnodetimeline.h>

namespace Tessera {

using nlohmann::json;

struct WidgetNodeBuilder::FormScope
{
    struct Field
    {
        QString name;
        std::function<json()> value;
    };
    QList<Field> fields;
};

namespace {

QString token(const QString &key)
{
    return fromStdString(escapePointerToken(key.toStdString()));
}

QString child(const QString &pointer, const QString &key)
{
    return pointer + QLatin1Char('/') + token(key);
}

QString child(const QString &pointer, qsizetype index)
{
    return pointer + QLatin1Char('/') + QString::number(index);
}


QLabel *textLabel(const QString &text, QWidget *parent, const char *objectName = nullptr, bool muted = false,
                  qreal scale = 1.0, bool bold = false)
{
    auto *label = new QLabel(text, parent);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    if (objectName)
        label->setObjectName(QString::fromLatin1(objectName));
    if (muted)
        label->setForegroundRole(QPalette::PlaceholderText);
    if (scale != 1.0 || bold) {
        QFont f = label->font();
        f.setPointSizeF(f.pointSizeF() * scale);
        f.setBold(bold);
        label->setFont(f);
    }
    return label;
}

// A label in a tone color that follows theme switches (the color is set again on a palette change).
class ToneLabel : public QLabel
{
public:
    ToneLabel(const QString &text, StatusTone tone, QWidget *parent)
        : QLabel(text, parent)
        , m_tone(tone)
    {
        setTextFormat(Qt::PlainText);
        applyTone();
    }

protected:
    void changeEvent(QEvent *event) override
    {
        QLabel::changeEvent(event);
        if (event->type() == QEvent::PaletteChange && !m_applying)
            applyTone();
    }

private:
    void applyTone()
    {
        m_applying = true;
        QPalette pal = palette();
        pal.setColor(QPalette::WindowText, m_tone == StatusTone::Neutral ? pal.color(QPalette::Text)
                                                                          : toneColor(m_tone, pal));
        setPalette(pal);
        m_applying = false;
    }

    StatusTone m_tone;
    bool m_applying = false;
};

// A 1 px rule in the palette's Mid color.
QWidget *rule(QWidget *parent, bool vertical)
{
    auto *line = new QFrame(parent);
    line->setAutoFillBackground(true);
    line->setBackgroundRole(QPalette::Mid);
    if (vertical) {
        line->setFixedWidth(1);
        line->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
    } else {
        line->setFixedHeight(1);
        line->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    }
    return line;
}

QVBoxLayout *column(QWidget *w, int spacing = 4)
{
    auto *l = new QVBoxLayout(w);
    l->setContentsMargins(0, 0, 0, 0);
    l->setSpacing(spacing);
    return l;
}

// Types that keep their own size inside a stack (never stretched across it).
bool isCompact(const QString &type)
{
    return type == QLatin1String("button") || type == QLatin1String("badge") || type == QLatin1String("divider");
}

// The grid of a compare node; recommended columns get a tinted background behind their cells.
class CompareGrid : public QWidget
{
public:
    CompareGrid(QList<int> recommended, QWidget *parent)
        : QWidget(parent)
        , m_recommended(std::move(recommended))
    {}

    QGridLayout *grid = nullptr;

protected:
    void paintEvent(QPaintEvent *) override
    {
        if (!grid || m_recommended.isEmpty())
            return;
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        QColor tint = palette().color(QPalette::Highlight);
        tint.setAlphaF(0.10f);
        for (int column : std::as_const(m_recommended)) {
            QRect area;
            for (int row = 0; row < grid->rowCount(); ++row) {
                if (QLayoutItem *item = grid->itemAtPosition(row, column))
                    area = area.united(item->geometry());
            }
            if (area.isValid()) {
                p.setPen(Qt::NoPen);
                p.setBrush(tint);
                p.drawRoundedRect(QRectF(area).adjusted(-6, -4, 6, 4), 6, 6);
            }
        }
    }

private:
    QList<int> m_recommended;
};

// The numbers of a JSON array, in order (anything else skipped).
QList<double> numbersOf(const json &array)
{
    QList<double> values;
    if (!array.is_array())
        return values;
    for (const json &v : array) {
        if (v.is_number())
            values.append(v.get<double>());
    }
    return values;
}

// A table column's alignment ("right", "center", "left"; buildTable fills in a missing one).
Qt::Alignment columnAlignment(const QString &align)
{
    if (align == QLatin1String("right"))
        return Qt::AlignRight;
    if (align == QLatin1String("center"))
        return Qt::AlignHCenter;
    return Qt::AlignLeft;
}

// A read-only table as tall as its rows (no inner vertical scrolling).
class NodeTable : public QTableWidget
{
public:
    using QTableWidget::QTableWidget;

    void fitHeight()
    {
        int h = 2 * frameWidth() + horizontalHeader()->sizeHint().height();
        for (int r = 0; r < rowCount(); ++r)
            h += rowHeight(r);
        setFixedHeight(h);
    }
};

// An empty read-only table with its header labels: no inner scrolling, stretched columns.
NodeTable *newNodeTable(int rowCount, const QStringList &labels, QWidget *parent)
{
    auto *table = new NodeTable(rowCount, int(labels.size()), parent);
    table->setObjectName(QStringLiteral("widgetTable"));
    table->setHorizontalHeaderLabels(labels);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->verticalHeader()->hide();
    table->setWordWrap(false);
    table->setTextElideMode(Qt::ElideRight);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table->horizontalHeader()->setHighlightSections(false);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 10);
    table->setFrameShape(QFrame::StyledPanel);
    return table;
}

} // namespace

WidgetNodeBuilder::WidgetNodeBuilder(const Card &card, WidgetDocumentCard *host)
    : m_card(card)
    , m_host(host)
{}

WidgetNodeBuilder::~WidgetNodeBuilder() = default;

const RenderSettings &WidgetNodeBuilder::settings() const
{
    return m_host->settings();
}

QString WidgetNodeBuilder::numberText(const QString &pointer, const json &value) const
{
    return m_card.numberText(pointer, value);
}

QString WidgetNodeBuilder::cellText(const QString &pointer, const json &value) const
{
    return widgetCellText(value, value.is_number() ? numberText(pointer, value) : QString());
}

QWidget *WidgetNodeBuilder::build(const json &node, const QString &pointer, int depth, QWidget *parent)
{
    QWidget *widget = nullptr;
    QString type = jsonString(node, "type");
    if (depth > kWidgetMaxDepth || !node.is_object()) {
        type = QStringLiteral("invalid");
        widget = textLabel(WidgetDocumentCard::tr("(this part of the widget cannot be shown)"), parent, nullptr, true);
    } else {
        widget = buildNode(type, node, pointer, depth, parent);
    }
    if (widget->objectName().isEmpty() || widget->objectName().startsWith(QLatin1String("widgetNode_")))
        widget->setObjectName(QStringLiteral("widgetNode_") + type);
    widget->setProperty("widgetNodeType", type);
    widget->setProperty("widgetPointer", pointer);
    return widget;
}

void WidgetNodeBuilder::addChildren(const json &node, const char *key, const QString &pointer, int depth,
                                    QBoxLayout *layout, QWidget *parent, bool horizontal)
{
    const json &children = jsonMember(node, key);
    const QString base = child(pointer, QString::fromLatin1(key));
    auto addOne = [&](const json &c, const QString &p) {
        const QString type = jsonString(c, "type");
        if (horizontal && type == QLatin1String("divider")) {
            QWidget *line = rule(parent, true);
            line->setObjectName(QStringLiteral("widgetNode_divider"));
            line->setProperty("widgetPointer", p);
            layout->addWidget(line);
            return false;
        }
        QWidget *w = build(c, p, depth + 1, parent);
        const bool compact = isCompact(type);
        if (horizontal)
            layout->addWidget(w, compact ? 0 : 1, compact ? Qt::AlignVCenter : Qt::AlignTop);
        else if (compact && type != QLatin1String("divider"))
            layout->addWidget(w, 0, Qt::AlignLeft);
        else
            layout->addWidget(w);
        return !compact;
    };
    bool anyStretch = false;
    if (children.is_array()) {
        for (std::size_t i = 0; i < children.size(); ++i)
            anyStretch |= addOne(children[i], child(base, qsizetype(i)));
    } else if (children.is_object()) {
        anyStretch = addOne(children, base); // a card footer may be one node
    }
    if (horizontal && !anyStretch)
        layout->addStretch(1);
}

void WidgetNodeBuilder::buildCardContents(const json &node, const QString &pointer, int depth, QBoxLayout *layout,
                                          QWidget *parent)
{
    const QString description = jsonString(node, "description");
    if (!description.isEmpty())
        layout->addWidget(textLabel(description, parent, "widgetCardDescription", true));
    addChildren(node, "children", pointer, depth, layout, parent, false);
    const json &footer = jsonMember(node, "footer");
    if (!footer.is_null()) {
        layout->addWidget(rule(parent, false));
        auto *row = new QHBoxLayout;
        row->setSpacing(8);
        addChildren(node, "footer", pointer, depth, row, parent, true);
        layout->addLayout(row);
    }
}

// --- layout ----------------------------------------------------------------------------------------

QWidget *WidgetNodeBuilder::buildStack(const json &node, const QString &pointer, int depth, QWidget *parent)
{
    auto *w = new QWidget(parent);
    const bool horizontal = jsonString(node, "direction") == QLatin1String("horizontal");
    QBoxLayout *l = horizontal ? static_cast<QBoxLayout *>(new QHBoxLayout(w)) : new QVBoxLayout(w);
    l->setContentsMargins(0, 0, 0, 0);
    const json &gap = jsonMember(node, "gap");
    l->setSpacing(gap.is_number() && std::isfinite(gap.get<double>())
                      ? qBound(0, int(std::lround(gap.get<double>() * 4)), 48)
                      : 8);
    addChildren(node, "children", pointer, depth, l, w, horizontal);
    return w;
}

QWidget *WidgetNodeBuilder::buildCard(const json &node, const QString &pointer, int depth, QWidget *parent)
{
    auto *panel = new WidgetNodePanel(parent);
    auto *l = column(panel, 8);
    l->setContentsMargins(12, 10, 12, 10);
    const QString title = jsonString(node, "title");
    if (!title.isEmpty()) {
        l->addWidget(textLabel(title, panel, "widgetCardTitle", false, 1.0, true));
        m_summary.append(title);
    }
    buildCardContents(node, pointer, depth, l, panel);
    panel->setAccessibleName(title);
    return panel;
}

QWidget *WidgetNodeBuilder::buildDivider(const json &, const QString &, int, QWidget *parent)
{
    return rule(parent, false);
}

// --- text ------------------------------------------------------------------------------------------

QWidget *WidgetNodeBuilder::buildHeading(const json &node, const QString &, int, QWidget *parent)
{
    const json &level = jsonMember(node, "level");
    const int n = level.is_number_integer() ? qBound(1, level.get<int>(), 3) : 2;
    const qreal scale = n == 1 ? 1.5 : n == 2 ? 1.25 : 1.1;
    const QString text = jsonString(node, "text");
    auto *label = textLabel(text, parent, "widgetHeading", false, scale, true);
    label->setAccessibleName(text);
    m_summary.append(text);
    return label;
}

QWidget *WidgetNodeBuilder::buildText(const json &node, const QString &, int, QWidget *parent)
{
    const QString text = jsonString(node, "text");
    auto *view = new MarkdownView(text, parent);
    view->setObjectName(QStringLiteral("widgetText"));
    view->document()->setDocumentMargin(0);
    QObject::connect(view, &MarkdownView::linkActivated, m_host,
                     [host = QPointer<WidgetDocumentCard>(m_host)](const QUrl &url) {
                         if (host)
                             host->openLink(url.toString());
                     });
    m_summary.append(text.left(120));
    // Wrap it so the node's object name can differ from the view's.
    auto *w = new QWidget(parent);
    column(w, 0)->addWidget(view);
    view->setParent(w);
    return w;
}

QWidget *WidgetNodeBuilder::buildBadge(const json &node, const QString &, int, QWidget *parent)
{
    const QString text = jsonString(node, "text");
    m_summary.append(text);
    return new WidgetNodeBadge(text, widgetTone(jsonString(node, "tone")), parent);
}

// --- data ------------------------------------------------------------------------------------------

// The stat's delta (arrow + value in a tone, and the direction in words) added to row; returns the
// spoken form ("up 12%"), or "" when the node has no delta object.
QString WidgetNodeBuilder::addStatDelta(const json &node, const QString &pointer, QHBoxLayout *row, QWidget *w)
{
    const json &delta = jsonMember(node, "delta");
    if (!delta.is_object())
        return {};
    const QString direction = jsonString(delta, "direction");
    const QString deltaValue = cellText(child(pointer, QStringLiteral("delta/value")), jsonMember(delta, "value"));
    const bool up = direction == QLatin1String("up");
    const bool down = direction == QLatin1String("down");
    const QString arrow = up ? QStringLiteral("\u25B2") : down ? QStringLiteral("\u25BC") : QStringLiteral("\u2192");
    auto *d = new ToneLabel(arrow + QLatin1Char(' ') + deltaValue,
                            up ? StatusTone::Ok : down ? StatusTone::Error : StatusTone::Neutral, w);
    d->setObjectName(QStringLiteral("widgetStatDelta"));
    const QString word = up ? WidgetDocumentCard::tr("up") : down ? WidgetDocumentCard::tr("down") : WidgetDocumentCard::tr("flat");
    d->setAccessibleName(word + QLatin1Char(' ') + deltaValue);
    d->setToolTip(word);
    row->addWidget(d, 0, Qt::AlignBottom);
    return word + QLatin1Char(' ') + deltaValue;
}

QWidget *WidgetNodeBuilder::buildStat(const json &node, const QString &pointer, int, QWidget *parent)
{
    auto *w = new QWidget(parent);
    auto *l = column(w, 2);
    const QString label = jsonString(node, "label");
    l->addWidget(textLabel(label, w, "widgetStatLabel", true, 0.92));
    auto *row = new QHBoxLayout;
    row->setSpacing(10);
    const QString valueText = cellText(child(pointer, QStringLiteral("value")), jsonMember(node, "value"));
    auto *valueLabel = textLabel(valueText, w, "widgetStatValue", false, 1.6, true);
    valueLabel->setWordWrap(false);
    row->addWidget(valueLabel, 0, Qt::AlignBottom);
    QString spoken = label + QLatin1String(": ") + valueText;
    if (const QString delta = addStatDelta(node, pointer, row, w); !delta.isEmpty())
        spoken += QLatin1String(", ") + delta;
    row->addStretch(1);
    const QList<double> trend = numbersOf(jsonMember(node, "trend"));
    if (trend.size() >= 2)
        row->addWidget(new WidgetNodeSparkline(trend, w), 0, Qt::AlignBottom);
    l->addLayout(row);
    const QString hint = jsonString(node, "hint");
    if (!hint.isEmpty())
        l->addWidget(textLabel(hint, w, "widgetStatHint", true, 0.88));
    w->setAccessibleName(spoken);
    m_summary.append(spoken);
    return w;
}

QWidget *WidgetNodeBuilder::buildKeyValue(const json &node, const QString &pointer, int, QWidget *parent)
{
    auto *w = new QWidget(parent);
    auto *grid = new QGridLayout(w);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(16);
    grid->setVerticalSpacing(4);
    const json &items = jsonMember(node, "items");
    int row = 0;
    if (items.is_array()) {
        for (std::size_t i = 0; i < items.size(); ++i) {
            const json &item = items[i];
            const QString base = child(child(pointer, QStringLiteral("items")), qsizetype(i));
            grid->addWidget(textLabel(jsonString(item, "key"), w, "widgetKey", true), row, 0, Qt::AlignTop);
            grid->addWidget(textLabel(cellText(child(base, QStringLiteral("value")), jsonMember(item, "value")), w,
                                      "widgetValue"),
                            row, 1);
            ++row;
        }
    }
    grid->setColumnStretch(1, 1);
    m_summary.append(WidgetDocumentCard::tr("%n entries", nullptr, row));
    return w;
}

QWidget *WidgetNodeBuilder::buildProgress(const json &node, const QString &pointer, int, QWidget *parent)
{
    auto *w = new QWidget(parent);
    auto *l = column(w, 4);
    const json &value = jsonMember(node, "value");
    const double v = value.is_number() ? value.get<double>() : 0;
    const QString percent = numberText(child(pointer, QStringLiteral("value")), value) + QLatin1Char('%');
    auto *head = new QHBoxLayout;
    const QString label = jsonString(node, "label");
    if (!label.isEmpty())
        head->addWidget(textLabel(label, w, "widgetProgressLabel"), 1);
    else
        head->addStretch(1);
    auto *percentLabel = textLabel(percent, w, "widgetProgressText", true);
    percentLabel->setWordWrap(false);
    head->addWidget(percentLabel);
    l->addLayout(head);
    l->addWidget(new WidgetNodeProgress(v, w));
    w->setAccessibleName((label.isEmpty() ? WidgetDocumentCard::tr("Progress") : label) + QLatin1String(": ") + percent);
    m_summary.append(w->accessibleName());
    return w;
}

// The cells of a table node's rows, one column per key (an absent cell stays blank).
void WidgetNodeBuilder::fillTable(QTableWidget *table, const json &rows, const QString &pointer,
                                  const QStringList &keys, const QStringList &aligns)
{
    for (int r = 0; r < table->rowCount(); ++r) {
        const json &row = rows[std::size_t(r)];
        const QString base = child(child(pointer, QStringLiteral("rows")), r);
        for (int c = 0; c < keys.size(); ++c) {
            const std::string key = keys.at(c).toStdString();
            const bool has = row.is_object() && row.contains(key);
            const json &cell = has ? row.at(key) : jsonMember(json(), "");
            const QString text = has ? cellText(child(base, keys.at(c)), cell) : QString();
            auto *item = new QTableWidgetItem(text);
            if (text.size() > 24)
                item->setToolTip(text);
            item->setTextAlignment(columnAlignment(aligns.at(c)) | Qt::AlignVCenter);
            table->setItem(r, c, item);
        }
    }
}

QWidget *WidgetNodeBuilder::buildTable(const json &node, const QString &pointer, int, QWidget *parent)
{
    const json &columns = jsonMember(node, "columns");
    const json &rows = jsonMember(node, "rows");
    QStringList keys, labels, aligns;
    if (columns.is_array()) {
        for (const json &c : columns) {
            keys.append(jsonString(c, "key"));
            labels.append(jsonString(c, "label"));
            aligns.append(jsonString(c, "align"));
        }
    }
    const int rowCount = rows.is_array() ? int(rows.size()) : 0;
    // A column is aligned as one, header and cells alike (issue 18): its "align", else right when every
    // cell it has is a number, else left (Qt mirrors both under a right-to-left language).
    for (int c = 0; c < keys.size(); ++c) {
        if (!aligns.at(c).isEmpty())
            continue;
        const std::string key = keys.at(c).toStdString();
        bool anyNumber = false, allNumbers = true;
        for (int r = 0; r < rowCount; ++r) {
            const json &row = rows[std::size_t(r)];
            if (!row.is_object() || !row.contains(key))
                continue;
            const bool number = row.at(key).is_number();
            anyNumber = anyNumber || number;
            allNumbers = allNumbers && number;
        }
        aligns[c] = anyNumber && allNumbers ? QStringLiteral("right") : QStringLiteral("left");
    }
    auto *table = newNodeTable(rowCount, labels, parent);
    fillTable(table, rows, pointer, keys, aligns);
    for (int c = 0; c < keys.size(); ++c) {
        if (QTableWidgetItem *header = table->horizontalHeaderItem(c))
            header->setTextAlignment(columnAlignment(aligns.at(c)) | Qt::AlignVCenter);
    }
    table->fitHeight();
    table->setAccessibleName(WidgetDocumentCard::tr("Table"));
    table->setAccessibleDescription(WidgetDocumentCard::tr("%n rows", nullptr, rowCount) + QLatin1String(": ") + labels.join(QLatin1String(", ")));
    m_summary.append(table->accessibleDescription());
    return table;
}

// A list item's action buttons (an entry is {label, action} or an action itself) added to row.
void WidgetNodeBuilder::addListActions(const json &item, QHBoxLayout *row, QWidget *rowWidget)
{
    const json &actions = jsonMember(item, "actions");
    if (!actions.is_array())
        return;
    for (const json &entry : actions) {
        const bool labelled = entry.is_object() && !entry.contains("kind") && entry.contains("action");
        const json &actionJson = labelled ? entry.at("action") : entry;
        const WidgetAction action = widgetAction(actionJson);
        QString label = labelled ? jsonString(entry, "label") : action.label;
        if (label.isEmpty())
            label = action.kind == WidgetAction::Kind::Url ? WidgetDocumentCard::tr("Open")
                    : action.kind == WidgetAction::Kind::Ui ? action.command
                                                            : action.id;
        auto *button = new WidgetNodeButton(label, QStringLiteral("outline"), rowWidget);
        m_host->attachAction(button, action);
        row->addWidget(button, 0, Qt::AlignTop);
    }
}

// One row of a list: [thumbnail | icon] title / subtitle … meta, badge, actions.
QWidget *WidgetNodeBuilder::listRow(const json &item, const QString &base, QWidget *parent)
{
    auto *rowWidget = new QWidget(parent);
    rowWidget->setObjectName(QStringLiteral("widgetListItem"));
    auto *row = new QHBoxLayout(rowWidget);
    row->setContentsMargins(0, 6, 0, 6);
    row->setSpacing(10);
    const QString image = jsonString(item, "image");
    const QString icon = jsonString(item, "icon");
    const QString title = jsonString(item, "title");
    if (!image.isEmpty())
        row->addWidget(new WidgetNodeImage(image, title, WidgetNodeImage::Mode::Thumbnail, settings().loadRemoteImages,
                                           rowWidget),
                       0, Qt::AlignTop);
    else if (!icon.isEmpty())
        row->addWidget(new WidgetNodeIcon(icon, 20, rowWidget), 0, Qt::AlignTop);
    auto *texts = new QVBoxLayout;
    texts->setSpacing(1);
    texts->addWidget(textLabel(title, rowWidget, "widgetListTitle", false, 1.0, true));
    const QString subtitle = jsonString(item, "subtitle");
    if (!subtitle.isEmpty())
        texts->addWidget(textLabel(subtitle, rowWidget, "widgetListSubtitle", true, 0.92));
    row->addLayout(texts, 1);
    const json &meta = jsonMember(item, "meta");
    if (meta.is_string() || meta.is_number()) {
        auto *m = textLabel(cellText(child(base, QStringLiteral("meta")), meta), rowWidget, "widgetListMeta", true, 0.92);
        m->setWordWrap(false);
        row->addWidget(m, 0, Qt::AlignTop);
    }
    const json &badge = jsonMember(item, "badge");
    if (badge.is_string())
        row->addWidget(new WidgetNodeBadge(fromStdString(badge.get_ref<const std::string &>()), StatusTone::Neutral,
                                           rowWidget),
                       0, Qt::AlignTop);
    else if (badge.is_object())
        row->addWidget(new WidgetNodeBadge(jsonString(badge, "text"), widgetTone(jsonString(badge, "tone")), rowWidget),
                       0, Qt::AlignTop);
    addListActions(item, row, rowWidget);
    rowWidget->setAccessibleName(subtitle.isEmpty() ? title : title + QLatin1String(", ") + subtitle);
    return rowWidget;
}

QWidget *WidgetNodeBuilder::buildList(const json &node, const QString &pointer, int, QWidget *parent)
{
    auto *w = new QWidget(parent);
    auto *l = column(w, 0);
    const json &items = jsonMember(node, "items");
    const int count = items.is_array() ? int(items.size()) : 0;
    for (int i = 0; i < count; ++i) {
        if (i > 0)
            l->addWidget(rule(w, false));
        l->addWidget(listRow(items[std::size_t(i)], child(child(pointer, QStringLiteral("items")), i), w));
    }
    m_summary.append(WidgetDocumentCard::tr("list of %n items", nullptr, count));
    return w;
}

QWidget *WidgetNodeBuilder::buildChart(const json &node, const QString &pointer, int, QWidget *parent)
{
    QStringList labels, texts;
    QList<double> values;
    const json &data = jsonMember(node, "data");
    if (data.is_array()) {
        for (std::size_t i = 0; i < data.size(); ++i) {
            const json &point = data[i];
            const json &value = jsonMember(point, "value");
            if (!value.is_number())
                continue;
            labels.append(jsonString(point, "label"));
            values.append(qMax(0.0, value.get<double>())); // -0.0 draws as 0
            texts.append(numberText(child(child(child(pointer, QStringLiteral("data")), qsizetype(i)), QStringLiteral("value")), value));
        }
    }
    const json &height = jsonMember(node, "height");
    auto *chart = new WidgetNodeChart(jsonString(node, "kind"), labels, values, texts,
                                      height.is_number() ? height.get<double>() : 0.0, parent);
    m_summary.append(chart->accessibleDescription());
    return chart;
}

QWidget *WidgetNodeBuilder::buildTimeline(const json &node, const QString &, int, QWidget *parent)
{
    QList<WidgetTimelineItem> list;
    const json &items = jsonMember(node, "items");
    if (items.is_array()) {
        for (const json &item : items)
            list.append({jsonString(item, "title"), jsonString(item, "time"), jsonString(item, "subtitle"),
                         jsonString(item, "icon"), jsonString(item, "status")});
    }
    m_summary.append(WidgetDocumentCard::tr("timeline of %n stops", nullptr, int(list.size())));
    return new WidgetNodeTimeline(list, settings().reduceMotion, parent);
}

// The checklist's submit button: seed 003 "a submit posts the checked/unchecked labels back".
void WidgetNodeBuilder::addChecklistSubmit(const json &node, const QList<QPointer<QCheckBox>> &boxes,
                                           QVBoxLayout *l, QWidget *w)
{
    const QString label = jsonString(node, "submitLabel");
    auto *submit = new WidgetNodeButton(label.isEmpty() ? WidgetDocumentCard::tr("Submit") : label, QStringLiteral("default"), w);
    submit->setObjectName(QStringLiteral("widgetChecklistSubmit"));
    m_host->attachAction(submit, widgetAction(jsonMember(node, "action")), [boxes](const QByteArray &payloadJson) {
        json payload = json::parse(payloadJson.constBegin(), payloadJson.constEnd(), nullptr, false);
        if (!payload.is_object())
            payload = json::object();
        json checked = json::array(), unchecked = json::array();
        for (const QPointer<QCheckBox> &box : boxes) {
            if (box)
                (box->isChecked() ? checked : unchecked).push_back(box->text().toStdString());
        }
        payload["checked"] = std::move(checked);
        payload["unchecked"] = std::move(unchecked);
        return QByteArray::fromStdString(payload.dump(-1, ' ', false, json::error_handler_t::replace));
    });
    l->addWidget(submit, 0, Qt::AlignLeft);
}

QWidget *WidgetNodeBuilder::buildChecklist(const json &node, const QString &, int, QWidget *parent)
{
    auto *w = new QWidget(parent);
    auto *l = column(w, 4);
    QList<QPointer<QCheckBox>> boxes;
    const json &items = jsonMember(node, "items");
    if (items.is_array()) {
        for (const json &item : items) {
            auto *box = new QCheckBox(jsonString(item, "label"), w);
            box->setObjectName(QStringLiteral("widgetChecklistItem"));
            const json &checked = jsonMember(item, "checked");
            box->setChecked(checked.is_boolean() && checked.get<bool>());
            l->addWidget(box);
            boxes.append(box);
            const QString note = jsonString(item, "note");
            if (!note.isEmpty()) {
                auto *indented = new QHBoxLayout; // under the label, past the box (mirrors right to left)
                indented->addSpacing(24);
                indented->addWidget(textLabel(note, w, "widgetChecklistNote", true, 0.9), 1);
                l->addLayout(indented);
            }
        }
    }
    if (!jsonMember(node, "action").is_null())
        addChecklistSubmit(node, boxes, l, w);
    m_summary.append(WidgetDocumentCard::tr("checklist of %n items", nullptr, int(boxes.size())));
    return w;
}

// The option heads of a compare grid (row 0, from column 1), with a badge on recommended ones.
void WidgetNodeBuilder::addCompareHeads(const json &options, const QList<int> &recommended, QGridLayout *grid,
                                        QWidget *w)
{
    const int optionCount = options.is_array() ? int(options.size()) : 0;
    for (int i = 0; i < optionCount; ++i) {
        const json &option = options[std::size_t(i)];
        auto *head = new QWidget(w);
        auto *hl = column(head, 3);
        auto *name = textLabel(jsonString(option, "name"), head, "widgetCompareOption", false, 1.0, true);
        name->setAlignment(Qt::AlignHCenter);
        hl->addWidget(name);
        if (recommended.contains(i + 1))
            hl->addWidget(new WidgetNodeBadge(WidgetDocumentCard::tr("Recommended"), StatusTone::Ok, head), 0, Qt::AlignHCenter);
        grid->addWidget(head, 0, i + 1, Qt::AlignBottom);
    }
}

// The label and cells of compare row r (grid row r + 1), padded blank to optionCount.
void WidgetNodeBuilder::addCompareRow(const json &row, int r, int optionCount, const QString &pointer,
                                      QGridLayout *grid, QWidget *w)
{
    grid->addWidget(textLabel(jsonString(row, "label"), w, "widgetCompareLabel", true), r + 1, 0);
    const QString base = child(child(child(pointer, QStringLiteral("rows")), r), QStringLiteral("values"));
    QStringList cells = widgetCompareRow(jsonMember(row, "values"), optionCount);
    const json &values = jsonMember(row, "values");
    for (int c = 0; c < cells.size() && c < optionCount; ++c) {
        if (values.is_array() && std::size_t(c) < values.size() && values[std::size_t(c)].is_number())
            cells[c] = numberText(child(base, c), values[std::size_t(c)]);
        auto *cell = textLabel(cells.at(c), w, "widgetCompareCell");
        cell->setAlignment(Qt::AlignCenter);
        grid->addWidget(cell, r + 1, c + 1);
    }
}

QWidget *WidgetNodeBuilder::buildCompare(const json &node, const QString &pointer, int, QWidget *parent)
{
    const json &options = jsonMember(node, "options");
    const json &rows = jsonMember(node, "rows");
    QList<int> recommended;
    const int optionCount = options.is_array() ? int(options.size()) : 0;
    for (int i = 0; i < optionCount; ++i) {
        const json &r = jsonMember(options[std::size_t(i)], "recommended");
        if (r.is_boolean() && r.get<bool>())
            recommended.append(i + 1);
    }
    auto *w = new CompareGrid(recommended, parent);
    auto *grid = new QGridLayout(w);
    w->grid = grid;
    grid->setContentsMargins(6, 4, 6, 4);
    grid->setHorizontalSpacing(14);
    grid->setVerticalSpacing(6);
    addCompareHeads(options, recommended, grid, w);
    const int rowCount = rows.is_array() ? int(rows.size()) : 0;
    for (int r = 0; r < rowCount; ++r)
        addCompareRow(rows[std::size_t(r)], r, optionCount, pointer, grid, w);
    grid->setColumnStretch(0, 1);
    for (int c = 1; c <= optionCount; ++c)
        grid->setColumnStretch(c, 1);
    m_summary.append(WidgetDocumentCard::tr("comparison of %n options", nullptr, optionCount));
    return w;
}

QWidget *WidgetNodeBuilder::buildRating(const json &node, const QString &pointer, int, QWidget *parent)
{
    auto *w = new QWidget(parent);
    auto *row = new QHBoxLayout(w);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(8);
    const json &value = jsonMember(node, "value");
    auto *stars = new WidgetNodeStars(value.is_number() ? value.get<double>() : 0.0, w);
    row->addWidget(stars);
    const double shown = std::round(stars->value() * 10) / 10;
    auto *valueLabel = textLabel(QString::number(shown, 'g', 3), w, "widgetRatingValue", false, 1.0, true);
    valueLabel->setWordWrap(false);
    row->addWidget(valueLabel);
    QString spoken = WidgetDocumentCard::tr("%1 of 5 stars").arg(valueLabel->text());
    const json &count = jsonMember(node, "count");
    if (count.is_number()) {
        // The count shows the digits the agent sent (numberText); its integer part picks the plural form.
        const QString n = numberText(child(pointer, QStringLiteral("count")), count);
        const double reviews = count.get<double>();
        const int forms = std::isfinite(reviews) ? int(std::clamp(reviews, 0.0, 1e9)) : 0;
        auto *c = textLabel(WidgetDocumentCard::tr("(%1 review(s))", nullptr, forms).arg(n), w, "widgetRatingCount", true);
        c->setWordWrap(false);
        row->addWidget(c);
        spoken += QLatin1String(", ") + WidgetDocumentCard::tr("%1 review(s)", nullptr, forms).arg(n);
    }
    const QString label = jsonString(node, "label");
    if (!label.isEmpty()) {
        row->addWidget(textLabel(label, w, "widgetRatingLabel", true), 1);
        spoken = label + QLatin1String(": ") + spoken;
    } else {
        row->addStretch(1);
    }
    w->setAccessibleName(spoken);
    m_summary.append(spoken);
    return w;
}

// --- delight ---------------------------------------------------------------------------------------

QWidget *WidgetNodeBuilder::buildMood(const json &node, const QString &, int, QWidget *parent)
{
    auto *w = new QWidget(parent);
    auto *row = new QHBoxLayout(w);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(12);
    auto *face = new WidgetNodeMood(jsonString(node, "emotion"), settings().reduceMotion, w);
    row->addWidget(face, 0, Qt::AlignVCenter);
    const QString message = jsonString(node, "message");
    if (!message.isEmpty())
        row->addWidget(textLabel(message, w, "widgetMoodMessage"), 1, Qt::AlignVCenter);
    else
        row->addStretch(1);
    w->setAccessibleName(face->accessibleName() + (message.isEmpty() ? QString() : QLatin1String(". ") + message));
    m_summary.append(w->accessibleName());
    return w;
}

QWidget *WidgetNodeBuilder::buildBoard(const json &node, const QString &, int, QWidget *parent)
{
    auto *w = new QWidget(parent);
    auto *l = column(w, 6);
    const QString label = jsonString(node, "label");
    if (!label.isEmpty())
        l->addWidget(textLabel(label, w, "widgetBoardLabel", false, 1.0, true));
    QList<QList<WidgetBoardCell>> cells = widgetBoardCells(jsonMember(node, "rows"));
    healWidgetBoard(cells); // seed 003: a recorded move a re-render dropped is drawn anyway
    auto *board = new WidgetNodeBoard(cells, w);
    for (int r = 0; r < cells.size(); ++r) {
        for (int c = 0; c < cells.at(r).size(); ++c) {
            const WidgetBoardCell &cell = cells.at(r).at(c);
            if (!cell.action || cell.healed)
                continue;
            const WidgetAction action = widgetAction(*cell.action);
            QAbstractButton *button = board->cellButton(r, c);
            if (cell.isBlank() && action.kind == WidgetAction::Kind::Agent && m_host->actions()) {
                // seed 003: the user's mark draws itself at once, before the agent answers. Connected
                // before the action, so it runs while the cell is still enabled (not yet busy).
                const QString mark = widgetBoardUserMark(cells, cell);
                QObject::connect(button, &QAbstractButton::clicked, board, [board, button, r, c, mark] {
                    if (button->isEnabled())
                        board->placeMark(r, c, mark);
                });
                QObject::connect(m_host, &WidgetDocumentCard::agentRequestFinished, board,
                                 [board, button, r, c](QAbstractButton *control, bool ok) {
                                     if (control != button)
                                         return;
                                     if (ok)
                                         button->setEnabled(false); // taken: no second move on it
                                     else
                                         board->clearMark(r, c);
                                 });
            }
            m_host->attachAction(button, action);
        }
    }
    l->addWidget(board);
    m_summary.append(label.isEmpty() ? WidgetDocumentCard::tr("board") : label);
    return w;
}

QWidget *WidgetNodeBuilder::buildReveal(const json &node, const QString &, int, QWidget *parent)
{
    auto *w = new QWidget(parent);
    auto *row = new QHBoxLayout(w);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(12);
    const QString result = widgetRevealText(jsonMember(node, "result"));
    auto *face = new WidgetNodeReveal(jsonString(node, "kind"), result, settings().reduceMotion, w);
    row->addWidget(face);
    auto *texts = new QVBoxLayout;
    const QString label = jsonString(node, "label");
    if (!label.isEmpty())
        texts->addWidget(textLabel(label, w, "widgetRevealLabel", true));
    auto *resultLabel = textLabel(WidgetDocumentCard::tr("Result: %1").arg(result), w, "widgetRevealResult", false, 1.1, true);
    texts->addWidget(resultLabel);
    QObject::connect(face, &WidgetNodeReveal::settledChanged, resultLabel, [resultLabel, result](bool settled) {
        resultLabel->setText(settled ? WidgetDocumentCard::tr("Result: %1").arg(result) : QStringLiteral("\u2026"));
    });
    row->addLayout(texts, 1);
    w->setAccessibleName((label.isEmpty() ? QString() : label + QLatin1String(": ")) + WidgetDocumentCard::tr("Result: %1").arg(result));
    m_summary.append(w->accessibleName());
    return w;
}

// --- media -----------------------------------------------------------------------------------------

QWidget *WidgetNodeBuilder::buildImage(const json &node, const QString &, int, QWidget *parent)
{
    auto *w = new QWidget(parent);
    auto *l = column(w, 4);
    const QString alt = jsonString(node, "alt");
    l->addWidget(new WidgetNodeImage(jsonString(node, "src"), alt, WidgetNodeImage::Mode::Full,
                                    settings().loadRemoteImages, w));
    const QString caption = jsonString(node, "caption");
    if (!caption.isEmpty())
        l->addWidget(textLabel(caption, w, "widgetImageCaption", true, 0.9));
    m_summary.append(WidgetDocumentCard::tr("image: %1").arg(alt));
    return w;
}

// --- actions and fields ----------------------------------------------------------------------------

QWidget *WidgetNodeBuilder::buildButton(const json &node, const QString &, int, QWidget *parent)
{
    auto *button = new WidgetNodeButton(jsonString(node, "label"), jsonString(node, "variant"), parent);
    m_host->attachAction(button, widgetAction(jsonMember(node, "action")));
    return button;
}

// A form field's frame: its label (when given) above where the control goes. Made before the control so
// the label comes first among the frame's children (reading and accessibility order).
WidgetNodeBuilder::Field WidgetNodeBuilder::fieldFrame(const json &node, QWidget *parent)
{
    Field f;
    f.widget = new QWidget(parent);
    f.layout = column(f.widget, 3);
    f.name = jsonString(node, "name");
    f.label = jsonString(node, "label");
    if (!f.label.isEmpty()) {
        f.labelWidget = textLabel(f.label, f.widget, "widgetFieldLabel", false, 0.95);
        f.layout->addWidget(f.labelWidget);
    }
    return f;
}

// The control put into its frame; its value joins the enclosing form's submit (if any).
QWidget *WidgetNodeBuilder::finishField(const Field &f, QWidget *control, std::function<json()> value)
{
    control->setAccessibleName(f.label.isEmpty() ? f.name : f.label);
    if (f.labelWidget)
        f.labelWidget->setBuddy(control);
    f.layout->addWidget(control);
    if (!m_forms.isEmpty())
        m_forms.last()->fields.append({f.name, std::move(value)});
    return f.widget;
}

QWidget *WidgetNodeBuilder::buildInput(const json &node, const QString &, int, QWidget *parent)
{
    const Field f = fieldFrame(node, parent);
    auto *edit = new QLineEdit(f.widget);
    edit->setObjectName(QStringLiteral("widgetInput_") + f.name);
    edit->setPlaceholderText(jsonString(node, "placeholder"));
    const bool numeric = jsonString(node, "kind") == QLatin1String("number");
    if (numeric)
        edit->setInputMethodHints(Qt::ImhFormattedNumbersOnly);
    return finishField(f, edit, [edit = QPointer<QLineEdit>(edit), numeric]() -> json {
        if (!edit)
            return nullptr;
        const QString text = edit->text().trimmed();
        if (!numeric)
            return edit->text().toStdString();
        if (text.isEmpty())
            return nullptr;
        bool ok = false;
        const qlonglong whole = text.toLongLong(&ok);
        if (ok)
            return whole;
        const double real = text.toDouble(&ok);
        if (ok && std::isfinite(real))
            return real;
        return text.toStdString(); // not a number after all: sent as typed
    });
}

QWidget *WidgetNodeBuilder::buildSelect(const json &node, const QString &, int, QWidget *parent)
{
    const Field f = fieldFrame(node, parent);
    auto *combo = new QComboBox(f.widget);
    combo->setObjectName(QStringLiteral("widgetSelect_") + f.name);
    const json &options = jsonMember(node, "options");
    if (options.is_array()) {
        for (const json &option : options)
            combo->addItem(jsonString(option, "label"),
                           QString::fromStdString(jsonMember(option, "value").dump(-1, ' ', false,
                                                                                  json::error_handler_t::replace)));
    }
    return finishField(f, combo, [combo = QPointer<QComboBox>(combo)]() -> json {
        if (!combo || combo->currentIndex() < 0)
            return nullptr;
        const QByteArray text = combo->currentData().toString().toUtf8();
        json v = json::parse(text.constBegin(), text.constEnd(), nullptr, false);
        return v.is_discarded() ? json() : v;
    });
}

QWidget *WidgetNodeBuilder::buildForm(const json &node, const QString &pointer, int depth, QWidget *parent)
{
    auto *w = new QWidget(parent);
    auto *l = column(w, 8);
    auto scope = std::make_shared<FormScope>();
    m_forms.append(scope.get());
    addChildren(node, "children", pointer, depth, l, w, false);
    m_forms.removeLast();
    const json &submit = jsonMember(node, "submit");
    const QString label = jsonString(submit, "label");
    auto *button = new WidgetNodeButton(label.isEmpty() ? WidgetDocumentCard::tr("Submit") : label, QStringLiteral("default"), w);
    button->setObjectName(QStringLiteral("widgetFormSubmit"));
    // seed 003: every field's current value merged in under its name.
    m_host->attachAction(button, widgetAction(jsonMember(submit, "action")), [scope](const QByteArray &payloadJson) {
        json payload = json::parse(payloadJson.constBegin(), payloadJson.constEnd(), nullptr, false);
        if (!payload.is_object())
            payload = json::object();
        for (const FormScope::Field &field : std::as_const(scope->fields))
            payload[field.name.toStdString()] = field.value();
        return QByteArray::fromStdString(payload.dump(-1, ' ', false, json::error_handler_t::replace));
    });
    l->addWidget(button, 0, Qt::AlignLeft);
    m_summary.append(WidgetDocumentCard::tr("form"));
    return w;
}

// The table behind buildNode(): one function per type of widgetNodeTypeNames() (a test compares them).
const WidgetNodeBuilder::NodeFactory WidgetNodeBuilder::kNodeFactories[] = {
    {QLatin1String("stack"), &WidgetNodeBuilder::buildStack},
    {QLatin1String("card"), &WidgetNodeBuilder::buildCard},
    {QLatin1String("divider"), &WidgetNodeBuilder::buildDivider},
    {QLatin1String("heading"), &WidgetNodeBuilder::buildHeading},
    {QLatin1String("text"), &WidgetNodeBuilder::buildText},
    {QLatin1String("badge"), &WidgetNodeBuilder::buildBadge},
    {QLatin1String("stat"), &WidgetNodeBuilder::buildStat},
    {QLatin1String("keyValue"), &WidgetNodeBuilder::buildKeyValue},
    {QLatin1String("progress"), &WidgetNodeBuilder::buildProgress},
    {QLatin1String("table"), &WidgetNodeBuilder::buildTable},
    {QLatin1String("list"), &WidgetNodeBuilder::buildList},
    {QLatin1String("chart"), &WidgetNodeBuilder::buildChart},
    {QLatin1String("timeline"), &WidgetNodeBuilder::buildTimeline},
    {QLatin1String("checklist"), &WidgetNodeBuilder::buildChecklist},
    {QLatin1String("compare"), &WidgetNodeBuilder::buildCompare},
    {QLatin1String("rating"), &WidgetNodeBuilder::buildRating},
    {QLatin1String("mood"), &WidgetNodeBuilder::buildMood},
    {QLatin1String("board"), &WidgetNodeBuilder::buildBoard},
    {QLatin1String("reveal"), &WidgetNodeBuilder::buildReveal},
    {QLatin1String("image"), &WidgetNodeBuilder::buildImage},
    {QLatin1String("button"), &WidgetNodeBuilder::buildButton},
    {QLatin1String("input"), &WidgetNodeBuilder::buildInput},
    {QLatin1String("select"), &WidgetNodeBuilder::buildSelect},
    {QLatin1String("form"), &WidgetNodeBuilder::buildForm},
};

QWidget *WidgetNodeBuilder::buildNode(const QString &type, const json &node, const QString &pointer, int depth,
                                      QWidget *parent)
{
    static_assert(std::size(kNodeFactories) == kWidgetNodeTypeCount, "one function per type of widgetNodeTypeNames()");
    for (const NodeFactory &factory : kNodeFactories) {
        if (type == factory.type)
            return (this->*factory.build)(node, pointer, depth, parent);
    }
    // Validation refuses unknown types; a renderer given one anyway says so instead of breaking.
    return textLabel(WidgetDocumentCard::tr("(unsupported widget \"%1\")").arg(type.left(40)), parent, nullptr, true);
}

QStringList WidgetNodeBuilder::nodeTypes()
{
    QStringList types;
    for (const NodeFactory &factory : kNodeFactories)
        types.append(factory.type);
    return types;
}

} // namespace Tessera
