#include <widgets/jsonrender/jsonrendercard.h>

#include <QAbstractItemView>
#include <QApplication>
#include <QGridLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QPainter>
#include <QPointer>
#include <QPushButton>
#include <QResizeEvent>
#include <QStyle>
#include <QTableWidget>
#include <QUrl>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/dialects/jsonrenderspec.h>
#include <cards/jsonaccess.h>
#include <cards/strictjson.h>
#include <widgets/card/cardactions.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/common/flowlayout.h>
#include <widgets/common/paddedcelldelegate.h>
#include <widgets/common/wraptext.h>
#include <widgets/conversation/findhighlight.h>

namespace Tessera {

namespace {

using nlohmann::json;

constexpr int kMaxDepth = 8; // a valid spec nests at most Card > Section > Fields > Field

const char kActionIdProperty[] = "actionId";
const char kUrlProperty[] = "url";

// A json-render Button or LinkButton: a rounded button in one of the seed's styles, with a busy and a
// pressed look. Enter and Return activate it like Space does.
class SpecButton : public QPushButton
{
public:
    enum class Style { Default, Primary, Danger, Link };
    enum class Look { Idle, Busy, Pressed };

    SpecButton(const QString &label, Style style, QWidget *parent)
        : QPushButton(label, parent)
        , m_label(label)
        , m_style(style)
    {
        setAutoDefault(false);
        setFocusPolicy(Qt::StrongFocus);
        setCursor(Qt::PointingHandCursor);
        setAttribute(Qt::WA_Hover);
        setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
        setAccessibleName(label);
        setText(displayText());
    }

    QString label() const { return m_label; }
    void setLook(Look look)
    {
        if (m_look == look)
            return;
        m_look = look;
        setText(displayText());
        update();
    }

    QSize sizeHint() const override
    {
        // As wide as the widest of its texts, so "Sending…" does not move the row.
        const QFontMetrics metrics(labelFont());
        int width = 0;
        for (Look look : {Look::Idle, Look::Busy, Look::Pressed})
            width = qMax(width, metrics.horizontalAdvance(textFor(look)));
        return {width + 2 * kPadding + 4, metrics.height() + 14};
    }
    QSize minimumSizeHint() const override
    {
        const QFontMetrics metrics(font());
        return {metrics.height() * 2 + 2 * kPadding, metrics.height() + 14};
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        const QPalette &pal = palette();
        const QRectF r = QRectF(rect()).adjusted(2, 2, -2, -2);
        const bool enabled = isEnabled();
        const bool hot = enabled && (underMouse() || isDown());
        QColor fill = pal.color(QPalette::Button);
        QColor border = pal.color(QPalette::Mid);
        QColor text = pal.color(QPalette::ButtonText);
        switch (m_style) {
        case Style::Primary:
            fill = pal.color(QPalette::Highlight);
            border = fill;
            text = pal.color(QPalette::HighlightedText);
            break;
        case Style::Danger:
            fill = pal.color(QPalette::Base);
            border = toneColor(StatusTone::Error, pal);
            text = border;
            break;
        case Style::Link:
            text = pal.color(QPalette::Link);
            break;
        case Style::Default:
            break;
        }
        if (!enabled) {
            // Keeps its style so the reader still sees which is which; faded when merely unavailable.
            p.setOpacity(m_look == Look::Idle ? 0.55 : 0.8);
        } else if (hot) {
            fill = isDown() ? fill.darker(115) : (isDarkPalette(pal) ? fill.lighter(118) : fill.darker(106));
        }
        p.setPen(QPen(border, m_style == Style::Danger ? 1.5 : 1));
        p.setBrush(fill);
        p.drawRoundedRect(r, 6, 6);
        p.setOpacity(1);
        if (hasFocus()) {
            p.setPen(QPen(pal.color(QPalette::Highlight), 2));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(QRectF(rect()).adjusted(1, 1, -1, -1), 7, 7);
            if (m_style == Style::Primary) {
                // Inside the ring, so focus shows on a Highlight-filled button too.
                p.setPen(QPen(pal.color(QPalette::Base), 1));
                p.drawRoundedRect(r.adjusted(1.5, 1.5, -1.5, -1.5), 5, 5);
            }
        }
        p.setPen(text);
        if (!enabled)
            p.setOpacity(m_look == Look::Idle ? 0.7 : 1); // the label stays legible
        const QFont f = labelFont();
        p.setFont(f);
        const QRect textRect = rect().adjusted(kPadding, 0, -kPadding, 0);
        p.drawText(textRect, Qt::AlignCenter, QFontMetrics(f).elidedText(QPushButton::text(), Qt::ElideRight, textRect.width()));
    }

    void keyPressEvent(QKeyEvent *event) override
    {
        if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
            event->accept();
            click();
            return;
        }
        QPushButton::keyPressEvent(event);
    }

private:
    static constexpr int kPadding = 14;

    QFont labelFont() const
    {
        QFont f = font();
        if (m_style == Style::Primary || m_style == Style::Danger)
            f.setWeight(QFont::DemiBold);
        return f;
    }

    QString textFor(Look look) const
    {
        switch (look) {
        case Look::Busy:
            return JsonRenderCard::tr("Sending…");
        case Look::Pressed:
            return QStringLiteral("\u2713 ") + m_label;
        case Look::Idle:
            break;
        }
        if (m_blocked)
            return QStringLiteral("\u2298 ") + m_label; // a refused link: no "opens" arrow, a sign it won't
        return m_style == Style::Link ? m_label + QStringLiteral(" \u2197") : m_label;
    }
    QString displayText() const { return textFor(m_look); }

    QString m_label;
    Style m_style;
    Look m_look = Look::Idle;
    bool m_blocked = false;

public:
    // A link Tessera refuses to open (not https): drawn "⊘ LABEL" so it never looks clickable.
    void setBlocked(bool blocked)
    {
        m_blocked = blocked;
        setText(displayText());
        updateGeometry();
    }
};

SpecButton *specButton(QPushButton *button)
{
    return static_cast<SpecButton *>(button); // every button the card makes is one
}

// A 1 px rule in the palette's Mid color.
class Rule : public QWidget
{
public:
    explicit Rule(QWidget *parent)
        : QWidget(parent)
    {
        setFixedHeight(9);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.fillRect(QRect(0, height() / 2, width(), 1), palette().color(QPalette::Mid));
    }
};

// The stand-in for an image Tessera does not load: a dashed box with the alt text and the host.
class ImageBox : public QFrame
{
public:
    ImageBox(const QString &alt, const QString &url, QWidget *parent)
        : QFrame(parent)
    {
        const QString host = QUrl(url).host();
        auto *layout = new QVBoxLayout(this);
        layout->setContentsMargins(12, 8, 12, 8);
        layout->setSpacing(2);
        auto *what = new QLabel(alt.isEmpty() ? JsonRenderCard::tr("Image") : JsonRenderCard::tr("Image: %1").arg(alt), this);
        what->setObjectName(QStringLiteral("jsonRenderImageAlt"));
        what->setTextFormat(Qt::PlainText);
        what->setWordWrap(true);
        auto *where = new QLabel(host.isEmpty() ? JsonRenderCard::tr("Not loaded: the address has no host.")
                                                : JsonRenderCard::tr("From %1, not loaded: Tessera loads no remote images.").arg(host),
                                 this);
        where->setObjectName(QStringLiteral("jsonRenderImageHost"));
        where->setTextFormat(Qt::PlainText);
        where->setWordWrap(true);
        where->setForegroundRole(QPalette::PlaceholderText);
        QFont small = where->font();
        small.setPointSizeF(small.pointSizeF() * 0.9);
        where->setFont(small);
        layout->addWidget(what);
        layout->addWidget(where);
        setAccessibleName(what->text());
        setAccessibleDescription(where->text());
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        QPen pen(palette().color(QPalette::Mid), 1, Qt::DashLine);
        p.setPen(pen);
        p.setBrush(palette().color(QPalette::AlternateBase));
        p.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);
    }
};

// A compact read-only table: as tall as its rows, no scroll bars; columns get their content width
// and share what is left (or shrink in proportion, eliding, when the card is narrower).
class SpecTable : public QTableWidget
{
public:
    SpecTable(int rows, int columns, QWidget *parent)
        : QTableWidget(rows, columns, parent)
    {
        setFrameShape(QFrame::NoFrame);
        setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        setEditTriggers(QAbstractItemView::NoEditTriggers);
        setSelectionMode(QAbstractItemView::SingleSelection);
        setTabKeyNavigation(false);
        setShowGrid(false);
        setWordWrap(false);
        setTextElideMode(Qt::ElideRight);
        setAlternatingRowColors(true);
        setCornerButtonEnabled(false);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        verticalHeader()->hide();
        verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
        horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
        horizontalHeader()->setHighlightSections(false);
        horizontalHeader()->setMinimumSectionSize(24);
        horizontalHeader()->setDefaultAlignment(Qt::AlignLeading | Qt::AlignVCenter);
        // Header labels line up with the cells' padded text.
        horizontalHeader()->setStyleSheet(QStringLiteral("QHeaderView::section { padding-left: %1px; padding-right: %1px; }")
                                              .arg(PaddedCellDelegate::kPadding));
        setItemDelegate(new PaddedCellDelegate(this));
    }

    void finish()
    {
        verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
        m_natural.clear();
        for (int c = 0; c < columnCount(); ++c) {
            const QTableWidgetItem *header = horizontalHeaderItem(c);
            const int headerWidth = horizontalHeader()->fontMetrics().horizontalAdvance(header ? header->text() : QString())
                + 2 * PaddedCellDelegate::kPadding + 6;
            const int cells = static_cast<QAbstractItemView *>(this)->sizeHintForColumn(c) + 12;
            m_natural.append(qMin(qMax(headerWidth, cells), 360));
        }
        setFixedHeight(horizontalHeader()->sizeHint().height() + rowCount() * verticalHeader()->defaultSectionSize()
                       + 2 * frameWidth());
        fit(viewport()->width());
    }

protected:
    void resizeEvent(QResizeEvent *event) override
    {
        QTableWidget::resizeEvent(event);
        fit(viewport()->width());
    }

private:
    void fit(int available)
    {
        if (available <= 0 || m_natural.isEmpty())
            return;
        qint64 total = 0;
        for (int w : std::as_const(m_natural))
            total += w;
        int given = 0;
        for (int c = 0; c < m_natural.size(); ++c) {
            int w = int(qint64(m_natural.at(c)) * available / qMax<qint64>(1, total));
            if (c == m_natural.size() - 1)
                w = available - given;
            w = qMax(24, w);
            given += w;
            setColumnWidth(c, w);
        }
    }

    QList<int> m_natural;
};

QLabel *plainLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(parent);
    setBreakableText(label, text); // long unbroken words wrap (break anywhere) instead of being cut off
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    label->setAlignment(Qt::AlignLeading | Qt::AlignTop);
    return label;
}

QString jsonText(const json &props, const char *key)
{
    return jsonString(props, key);
}

const json &propsOf(const json &element)
{
    static const json empty = json::object();
    auto props = element.find("props");
    return props != element.end() && props->is_object() ? *props : empty;
}

} // namespace

JsonRenderCard::JsonRenderCard(const Card &card, const RenderContext &context, QWidget *parent)
    : CardFrame(card, parent)
    , m_card(&card)
    , m_actions(context.actions)
    , m_pressName(context.settings.pressName)
    , m_cardId(card.cardId())
{
    setObjectName(QStringLiteral("jsonRenderCard"));
    if (context.state)
        m_state = *context.state;
    m_expired = m_state.state == QLatin1String("expired") && !m_state.isDecided();

    const json payload = card.payload();
    const QString plainText = jsonString(payload, "text");
    auto root = payload.is_object() ? payload.find("root") : payload.end();
    auto elements = payload.is_object() ? payload.find("elements") : payload.end();
    if (root != payload.end() && root->is_string() && elements != payload.end() && elements->is_object()
        && elements->contains(root->get_ref<const std::string &>())) {
        buildElement(*elements, root->get_ref<const std::string &>(), bodyLayout(), 0);
    }
    if (!m_visibleContent && !plainText.isEmpty()) {
        // Seed 001: the text stands in when the card has no visible content.
        auto *text = plainLabel(plainText, this);
        text->setObjectName(QStringLiteral("jsonRenderPlainText"));
        bodyLayout()->addWidget(text);
    }

    m_pressedLabel = new QLabel(this);
    m_pressedLabel->setObjectName(QStringLiteral("jsonRenderPressed"));
    m_pressedLabel->setTextFormat(Qt::PlainText);
    m_pressedLabel->setWordWrap(true);
    QFont bold = m_pressedLabel->font();
    bold.setWeight(QFont::DemiBold);
    m_pressedLabel->setFont(bold);
    m_pressedLabel->hide();
    bodyLayout()->addWidget(m_pressedLabel);

    if (m_actions)
        connect(m_actions, &CardActions::requestFinished, this,
                [this](int requestId, bool ok, const QString &) { requestFinished(requestId, ok); });
    if (m_state.isDecided())
        showPressed(m_state.decisionAction);
    updateButtons();

    QStringList description;
    if (!plainText.isEmpty())
        description.append(plainText.left(500));
    if (!m_fieldLabels.isEmpty())
        description.append(tr("%n field(s)", nullptr, int(m_fieldLabels.size())));
    if (!m_buttons.isEmpty() || !m_linkButtons.isEmpty())
        description.append(tr("%n button(s)", nullptr, int(m_buttons.size() + m_linkButtons.size())));
    setAccessibleDescription(description.join(QLatin1String(". ")));
    m_card = nullptr;
}

QString JsonRenderCard::presserName(const QString &pressName)
{
    const QString configured = pressName.trimmed();
    if (!configured.isEmpty())
        return configured;
    for (const char *variable : {"USER", "USERNAME"}) {
        const QString name = qEnvironmentVariable(variable).trimmed();
        if (!name.isEmpty())
            return name;
    }
    return tr("You");
}

QString JsonRenderCard::pressedText() const
{
    return m_pressedLabel && !m_decidedAction.isEmpty() ? m_pressedLabel->text() : QString();
}

int JsonRenderCard::heightForWidth(int width) const
{
    QLayout *l = layout();
    return l->hasHeightForWidth() ? l->totalHeightForWidth(width) : l->totalSizeHint().height();
}

QString JsonRenderCard::elementPointer(const std::string &id) const
{
    return QStringLiteral("/payload/elements/") + fromStdString(escapePointerToken(id));
}

void JsonRenderCard::buildElement(const json &elements, const std::string &id, QLayout *into, int depth)
{
    auto found = elements.find(id);
    if (found == elements.end() || !found->is_object() || depth > kMaxDepth)
        return;
    const json &element = *found;
    const std::string type = element.value("type", std::string());
    const json &props = propsOf(element);
    auto *box = qobject_cast<QBoxLayout *>(into);
    auto add = [&](QWidget *widget) {
        into->addWidget(widget);
        m_visibleContent = true;
    };
    auto eachChild = [&](auto &&visit) {
        auto children = element.find("children");
        if (children == element.end() || !children->is_array())
            return;
        for (const json &child : *children) {
            if (child.is_string())
                visit(child.get_ref<const std::string &>());
        }
    };

    if (type == "Card" || type == "Section") {
        QBoxLayout *target = box;
        if (type == "Section") {
            auto *section = new QVBoxLayout;
            section->setContentsMargins(0, depth > 0 ? 4 : 0, 0, 0);
            section->setSpacing(6);
            const QString title = jsonText(props, "title");
            // A root Section's title is already the frame's title (Card::title is the root's props.title).
            if (!title.isEmpty() && depth > 0) {
                auto *heading = plainLabel(title, this);
                heading->setObjectName(QStringLiteral("jsonRenderSectionTitle"));
                QFont font = heading->font();
                font.setWeight(QFont::DemiBold);
                heading->setFont(font);
                section->addWidget(heading);
                m_visibleContent = true;
            }
            if (box)
                box->addLayout(section);
            target = section;
        } else {
            const QString subtitle = jsonText(props, "subtitle");
            if (!subtitle.isEmpty()) {
                auto *label = plainLabel(subtitle, this);
                label->setObjectName(QStringLiteral("jsonRenderSubtitle"));
                label->setForegroundRole(QPalette::PlaceholderText);
                add(label);
            }
        }
        if (target)
            eachChild([&](const std::string &child) { buildElement(elements, child, target, depth + 1); });
        return;
    }
    if (type == "Text") {
        auto *label = plainLabel(jsonText(props, "text"), this);
        label->setObjectName(QStringLiteral("jsonRenderText"));
        const std::string style = props.value("style", std::string());
        if (style == "bold") {
            QFont font = label->font();
            font.setWeight(QFont::DemiBold);
            label->setFont(font);
        } else if (style == "muted") {
            label->setForegroundRole(QPalette::PlaceholderText);
        }
        add(label);
        return;
    }
    if (type == "Fields") {
        auto *grid = new QGridLayout;
        grid->setContentsMargins(0, 0, 0, 0);
        grid->setHorizontalSpacing(16);
        grid->setVerticalSpacing(6);
        int row = 0;
        eachChild([&](const std::string &child) {
            auto field = elements.find(child);
            if (field == elements.end() || !field->is_object())
                return;
            const json &fieldProps = propsOf(*field);
            const QString labelText = jsonText(fieldProps, "label");
            const QString valueText = jsonText(fieldProps, "value");
            auto *label = plainLabel(labelText, this);
            label->setObjectName(QStringLiteral("fieldLabel"));
            label->setForegroundRole(QPalette::PlaceholderText);
            label->setTextInteractionFlags(Qt::TextSelectableByMouse);
            auto *value = plainLabel(valueText, this);
            value->setObjectName(QStringLiteral("fieldValue"));
            value->setAccessibleName(tr("%1: %2").arg(labelText, valueText)); // "Entry: 3412"

            grid->addWidget(label, row, 0);
            grid->addWidget(value, row, 1);
            ++row;
            m_fieldLabels.append(labelText);
            m_fieldValues.append(valueText);
        });
        grid->setColumnStretch(0, 0);
        grid->setColumnStretch(1, 1);
        if (box)
            box->addLayout(grid);
        m_visibleContent = m_visibleContent || row > 0;
        return;
    }
    if (type == "Table") {
        const json empty = json::array();
        auto columns = props.find("columns");
        auto rows = props.find("rows");
        const json &columnList = columns != props.end() && columns->is_array() ? *columns : empty;
        const json &rowList = rows != props.end() && rows->is_array() ? *rows : empty;
        auto *table = new SpecTable(int(rowList.size()), int(columnList.size()), this);
        table->setObjectName(QStringLiteral("jsonRenderTable"));
        QStringList headers;
        for (const json &column : columnList)
            headers.append(column.is_string() ? fromStdString(column.get_ref<const std::string &>()) : QString());
        table->setHorizontalHeaderLabels(headers);
        QList<bool> numeric(headers.size(), true);
        QList<bool> anyNumber(headers.size(), false);
        const QString base = elementPointer(id) + QStringLiteral("/props/rows/");
        for (int r = 0; r < int(rowList.size()); ++r) {
            const json &row = rowList[std::size_t(r)];
            for (int c = 0; c < int(headers.size()) && row.is_array() && c < int(row.size()); ++c) {
                const json &cell = row[std::size_t(c)];
                QString text;
                if (cell.is_number()) {
                    text = m_card->numberText(base + QString::number(r) + QLatin1Char('/') + QString::number(c), cell);
                    anyNumber[c] = true;
                } else if (cell.is_string()) {
                    text = fromStdString(cell.get_ref<const std::string &>());
                    numeric[c] = false;
                } else {
                    text = QStringLiteral("\u2014"); // null
                }
                auto *item = new QTableWidgetItem(text);
                item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
                item->setToolTip(text);
                table->setItem(r, c, item);
            }
        }
        // A column is aligned as one, header and cells alike (in either direction, issue 18): a column
        // of numbers to the right (mirrored under a right-to-left language), any other to the left.
        for (int c = 0; c < int(headers.size()); ++c) {
            const Qt::Alignment alignment = (numeric.at(c) && anyNumber.at(c) ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter;
            if (QTableWidgetItem *header = table->horizontalHeaderItem(c))
                header->setTextAlignment(alignment);
            for (int r = 0; r < table->rowCount(); ++r) {
                if (QTableWidgetItem *item = table->item(r, c))
                    item->setTextAlignment(alignment);
            }
        }
        table->setAccessibleName(tr("Table: %1").arg(headers.join(QStringLiteral(", "))));
        table->setAccessibleDescription(tr("%n row(s)", nullptr, int(rowList.size())));
        table->finish();
        m_tables.append(table);
        add(table);
        if (rowList.empty()) {
            auto *none = new QLabel(tr("No rows"), this);
            none->setForegroundRole(QPalette::PlaceholderText);
            into->addWidget(none);
        }
        return;
    }
    if (type == "Divider") {
        into->addWidget(new Rule(this));
        return;
    }
    if (type == "Image") {
        auto *image = new ImageBox(jsonText(props, "alt"), jsonText(props, "url"), this);
        excludeFromFind(image); // "Image: …, not loaded" is the app's stand-in, not the card's text
        image->setObjectName(QStringLiteral("jsonRenderImage"));
        add(image);
        return;
    }
    if (type == "Actions") {
        addActions(elements, element, into);
        return;
    }
    // Field, Button and LinkButton are drawn by their containers; a valid spec has nothing else.
}

void JsonRenderCard::addActions(const json &elements, const json &element, QLayout *into)
{
    auto *row = new FlowLayout(8);
    auto children = element.find("children");
    if (children != element.end() && children->is_array()) {
        for (const json &child : *children) {
            if (!child.is_string())
                continue;
            auto found = elements.find(child.get_ref<const std::string &>());
            if (found == elements.end() || !found->is_object())
                continue;
            const std::string type = found->value("type", std::string());
            const json &props = propsOf(*found);
            const QString label = jsonText(props, "label");
            if (type == "Button") {
                const std::string style = props.value("style", std::string());
                const auto buttonStyle = style == "primary" ? SpecButton::Style::Primary
                                       : style == "danger"  ? SpecButton::Style::Danger
                                                            : SpecButton::Style::Default;
                auto *button = new SpecButton(label, buttonStyle, this);
                button->setObjectName(QStringLiteral("jsonRenderButton"));
                const QString actionId = jsonText(props, "id");
                button->setProperty(kActionIdProperty, actionId);
                button->setAccessibleDescription(tr("Tells the agent you pressed it (action %1)").arg(actionId));
                if (m_cardId.isEmpty()) // seed 002: a decision names its card
                    button->setToolTip(tr("This card has no id, so a press cannot be sent."));
                connect(button, &QPushButton::clicked, this, [this, button] { press(button); });
                row->addWidget(button);
                m_buttons.append(button);
            } else if (type == "LinkButton") {
                auto *button = new SpecButton(label, SpecButton::Style::Link, this);
                button->setObjectName(QStringLiteral("jsonRenderLinkButton"));
                const QString url = jsonText(props, "url");
                button->setProperty(kUrlProperty, url);
                const QString refusal = jsonRenderLinkRefusal(url);
                const QString tip = refusal.isEmpty() ? tr("Opens %1 after you confirm").arg(url)
                                                      : tr("Cannot open %1: %2").arg(url, refusal);
                button->setToolTip(tip);
                button->setAccessibleDescription(tip);
                button->setBlocked(!refusal.isEmpty());
                connect(button, &QPushButton::clicked, this, [this, button] { openLink(button); });
                row->addWidget(button);
                m_linkButtons.append(button);
            }
        }
    }
    m_visibleContent = m_visibleContent || row->count() > 0;
    if (auto *box = qobject_cast<QBoxLayout *>(into))
        box->addLayout(row);
    else
        delete row;
}

void JsonRenderCard::press(QPushButton *button)
{
    if (!m_actions || m_pendingRequest != 0 || !m_decidedAction.isEmpty() || m_expired || m_cardId.isEmpty()
        || !button->isEnabled())
        return;
    const QString actionId = button->property(kActionIdProperty).toString();
    m_pendingButton = button;
    m_pendingRequest = -1; // busy already while the request is emitted (a handler may re-enter)
    specButton(button)->setLook(SpecButton::Look::Busy);
    updateButtons();
    QPointer<JsonRenderCard> alive(this);
    const int request = m_actions->requestDecision(m_cardId, actionId, QStringLiteral("pressed"),
                                                   buttonPressNote(presserName(m_pressName), actionId));
    if (alive)
        m_pendingRequest = request;
}

void JsonRenderCard::openLink(QPushButton *button)
{
    const QString url = button->property(kUrlProperty).toString();
    if (!m_actions || m_pendingRequest != 0 || !jsonRenderLinkRefusal(url).isEmpty())
        return;
    m_actions->requestLink(url);
}

void JsonRenderCard::requestFinished(int requestId, bool ok)
{
    if (requestId != m_pendingRequest || requestId <= 0)
        return;
    QPushButton *button = m_pendingButton;
    m_pendingRequest = 0;
    m_pendingButton = nullptr;
    if (ok && button) {
        showPressed(button->property(kActionIdProperty).toString());
    } else if (button) {
        specButton(button)->setLook(SpecButton::Look::Idle);
    }
    updateButtons();
}

void JsonRenderCard::showPressed(const QString &actionId)
{
    m_decidedAction = actionId;
    QString label = actionId;
    for (QPushButton *button : std::as_const(m_buttons)) {
        if (button->property(kActionIdProperty).toString() == actionId) {
            label = specButton(button)->label();
            specButton(button)->setLook(SpecButton::Look::Pressed);
            break;
        }
    }
    m_pressedLabel->setText(tr("Pressed: %1").arg(label));
    m_pressedLabel->show();
    if (QLayout *l = layout())
        l->invalidate();
    updateGeometry();
}

void JsonRenderCard::updateButtons()
{
    const bool busy = m_pendingRequest != 0;
    const bool canPress = m_actions && !busy && m_decidedAction.isEmpty() && !m_expired && !m_cardId.isEmpty();
    for (QPushButton *button : std::as_const(m_buttons))
        button->setEnabled(canPress);
    for (QPushButton *button : std::as_const(m_linkButtons))
        button->setEnabled(m_actions && !busy && jsonRenderLinkRefusal(button->property(kUrlProperty).toString()).isEmpty());
}

} // namespace Tessera
