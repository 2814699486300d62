#include "recommendactionscard.h"

#include <QKeyEvent>
#include <QLabel>
#include <QLayout>
#include <QPainter>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include "jsonaccess.h"
#include "card.h"

namespace Tessera {

namespace {

// Lays items out left to right and starts a new line when the next one does not fit.
class FlowLayout : public QLayout
{
public:
    explicit FlowLayout(int spacing)
        : m_spacing(spacing)
    {}

    ~FlowLayout() override
    {
        while (QLayoutItem *item = takeAt(0))
            delete item;
    }

    void addItem(QLayoutItem *item) override { m_items.append(item); }
    int count() const override { return int(m_items.size()); }
    QLayoutItem *itemAt(int index) const override { return m_items.value(index); }
    QLayoutItem *takeAt(int index) override
    {
        return index >= 0 && index < m_items.size() ? m_items.takeAt(index) : nullptr;
    }
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override { return arrange(QRect(0, 0, width, 0), false); }
    QSize sizeHint() const override
    {
        // One line when there is room for it.
        int width = 0;
        int height = 0;
        for (const QLayoutItem *item : m_items) {
            width += item->sizeHint().width() + (width > 0 ? m_spacing : 0);
            height = qMax(height, item->sizeHint().height());
        }
        const QMargins m = contentsMargins();
        return {width + m.left() + m.right(), height + m.top() + m.bottom()};
    }
    QSize minimumSize() const override
    {
        QSize size;
        for (const QLayoutItem *item : m_items)
            size = size.expandedTo(item->minimumSize());
        const QMargins m = contentsMargins();
        return size + QSize(m.left() + m.right(), m.top() + m.bottom());
    }
    void setGeometry(const QRect &rect) override
    {
        QLayout::setGeometry(rect);
        arrange(rect, true);
    }

private:
    // Places (or only measures) the items inside rect; returns the height used.
    int arrange(const QRect &rect, bool place) const
    {
        const QRect area = rect.marginsRemoved(contentsMargins());
        int x = area.x();
        int y = area.y();
        int lineHeight = 0;
        for (QLayoutItem *item : m_items) {
            QSize size = item->sizeHint();
            size.setWidth(qMin(size.width(), qMax(1, area.width())));
            if (x > area.x() && x + size.width() > area.right() + 1) {
                x = area.x();
                y += lineHeight + m_spacing;
                lineHeight = 0;
            }
            if (place)
                item->setGeometry(QRect(QPoint(x, y), size));
            x += size.width() + m_spacing;
            lineHeight = qMax(lineHeight, size.height());
        }
        const QMargins m = contentsMargins();
        return y + lineHeight - rect.y() + m.bottom();
    }

    QList<QLayoutItem *> m_items;
    int m_spacing;
};

// A rounded pill; Enter and Return activate it like Space does.
class PillButton : public QPushButton
{
public:
    PillButton(const QString &text, QWidget *parent)
        : QPushButton(text, parent)
    {
        setAutoDefault(false);
        setCursor(Qt::PointingHandCursor);
        setAttribute(Qt::WA_Hover);
        setFocusPolicy(Qt::StrongFocus);
    }

    QSize sizeHint() const override
    {
        const QFontMetrics metrics(font());
        return {metrics.horizontalAdvance(text()) + 2 * kPadding + 2, metrics.height() + 12};
    }
    QSize minimumSizeHint() const override
    {
        const QFontMetrics metrics(font());
        return {metrics.height() * 2 + 2 * kPadding, metrics.height() + 12};
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        const QRectF r = QRectF(rect()).adjusted(1, 1, -1, -1);
        const bool active = hasFocus() || underMouse();
        QColor fill = palette().color(QPalette::Button);
        if (isDown())
            fill = fill.darker(112);
        p.setBrush(fill);
        p.setPen(QPen(palette().color(active ? QPalette::Highlight : QPalette::Mid), hasFocus() ? 2 : 1));
        p.drawRoundedRect(r, r.height() / 2, r.height() / 2);
        p.setPen(palette().color(QPalette::ButtonText));
        const QRect textRect = rect().adjusted(kPadding, 0, -kPadding, 0);
        p.drawText(textRect, Qt::AlignCenter, fontMetrics().elidedText(text(), Qt::ElideRight, textRect.width()));
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
};

} // namespace

RecommendActionsCard::RecommendActionsCard(const Card &card, QWidget *parent)
    : CardFrame(card, parent)
{
    const nlohmann::json &payload = card.payload();
    if (!payload.is_object())
        return;
    m_question = jsonString(payload, "question");
    if (!m_question.isEmpty()) {
        auto *question = new QLabel(m_question, this);
        question->setObjectName(QStringLiteral("question"));
        question->setTextFormat(Qt::PlainText);
        question->setWordWrap(true);
        question->setTextInteractionFlags(Qt::TextSelectableByMouse);
        bodyLayout()->addWidget(question);
    }
    auto *flow = new FlowLayout(8);
    flow->setContentsMargins(0, 2, 0, 2);
    const auto actions = payload.find("actions");
    if (actions != payload.end() && actions->is_array()) {
        for (const nlohmann::json &action : *actions) {
            if (!action.is_object())
                continue;
            const QString label = jsonString(action, "label");
            const QString prompt = jsonString(action, "prompt");
            auto *pill = new PillButton(label, this);
            pill->setObjectName(QStringLiteral("actionPill"));
            pill->setAccessibleName(label);
            pill->setAccessibleDescription(tr("Puts this prompt into the composer: %1").arg(prompt));
            pill->setToolTip(prompt);
            connect(pill, &QPushButton::clicked, this, [this, prompt] { Q_EMIT actionActivated(prompt); });
            flow->addWidget(pill);
            m_pills.append(pill);
            m_prompts.append(prompt);
        }
    }
    bodyLayout()->addLayout(flow);
    setAccessibleDescription(m_question.isEmpty() ? tr("%n suggested action(s)", nullptr, int(m_pills.size()))
                                                  : m_question);
}

} // namespace Tessera
