#include <widgets/kinds/itemlistcard.h>

#include <functional>

#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/jsonaccess.h>
#include <widgets/common/theme.h>
#include <widgets/common/wraptext.h>

namespace Tessera {

namespace {

bool toneFromStatus(const QString &status, StatusTone *tone)
{
    if (status == QLatin1String("ok"))
        *tone = StatusTone::Ok;
    else if (status == QLatin1String("warn"))
        *tone = StatusTone::Warn;
    else if (status == QLatin1String("error"))
        *tone = StatusTone::Error;
    else if (status == QLatin1String("neutral"))
        *tone = StatusTone::Neutral;
    else
        return false;
    return true;
}

// A tone-colored dot with the tone's symbol inside; empty (but the same size) without a status.
class StatusDot : public QWidget
{
public:
    StatusDot(bool hasStatus, StatusTone tone, QWidget *parent)
        : QWidget(parent), m_hasStatus(hasStatus), m_tone(tone)
    {
        setFixedSize(18, 18);
        setAttribute(Qt::WA_TransparentForMouseEvents);
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        if (!m_hasStatus)
            return;
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(Qt::NoPen);
        p.setBrush(toneColor(m_tone, palette()));
        p.drawEllipse(QRectF(rect()).adjusted(1, 1, -1, -1));
        QFont font = p.font();
        font.setBold(true);
        font.setPixelSize(11);
        p.setFont(font);
        p.setPen(palette().color(QPalette::Base));
        p.drawText(rect(), Qt::AlignCenter, toneSymbol(m_tone));
    }

private:
    bool m_hasStatus;
    StatusTone m_tone;
};

// One item: focusable, highlighted when hovered or focused, activated by click or Enter/Space.
class ItemRow : public QWidget
{
public:
    explicit ItemRow(QWidget *parent)
        : QWidget(parent)
    {
        setFocusPolicy(Qt::StrongFocus);
        setAttribute(Qt::WA_Hover);
        setCursor(Qt::PointingHandCursor);
    }

    std::function<void()> onActivated;

protected:
    void paintEvent(QPaintEvent *) override
    {
        if (!underMouse() && !hasFocus())
            return;
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        QColor fill = palette().color(QPalette::Highlight);
        fill.setAlpha(hasFocus() ? 40 : 22);
        p.setBrush(fill);
        p.setPen(hasFocus() ? QPen(focusRingColor(palette()), 2) : QPen(Qt::NoPen)); // visible in both themes
        p.drawRoundedRect(QRectF(rect()).adjusted(1, 1, -1, -1), 6, 6);
    }

    void mousePressEvent(QMouseEvent *event) override
    {
        if (event->button() == Qt::LeftButton) {
            m_pressed = true;
            event->accept();
            return;
        }
        QWidget::mousePressEvent(event);
    }

    void mouseReleaseEvent(QMouseEvent *event) override
    {
        const bool click = m_pressed && event->button() == Qt::LeftButton && rect().contains(event->position().toPoint());
        m_pressed = false;
        if (click && onActivated) {
            event->accept();
            onActivated();
            return;
        }
        QWidget::mouseReleaseEvent(event);
    }

    void keyPressEvent(QKeyEvent *event) override
    {
        switch (event->key()) {
        case Qt::Key_Return:
        case Qt::Key_Enter:
        case Qt::Key_Space:
        case Qt::Key_Select:
            if (onActivated)
                onActivated();
            event->accept();
            return;
        default:
            QWidget::keyPressEvent(event);
        }
    }

    void focusInEvent(QFocusEvent *event) override
    {
        QWidget::focusInEvent(event);
        update();
    }

    void focusOutEvent(QFocusEvent *event) override
    {
        QWidget::focusOutEvent(event);
        update();
    }

    bool event(QEvent *event) override
    {
        if (event->type() == QEvent::HoverEnter || event->type() == QEvent::HoverLeave)
            update();
        return QWidget::event(event);
    }

private:
    bool m_pressed = false;
};

} // namespace

ItemListCard::ItemListCard(const Card &card, QWidget *parent)
    : CardFrame(card, parent)
{
    bodyLayout()->setSpacing(1);
    const nlohmann::json &payload = card.payload();
    const nlohmann::json *items = nullptr;
    if (payload.is_object()) {
        const auto it = payload.find("items");
        if (it != payload.end() && it->is_array())
            items = &*it;
    }
    if (!items)
        return;
    for (const nlohmann::json &item : *items) {
        if (!item.is_object())
            continue;
        const QString id = jsonString(item, "id");
        const QString name = jsonString(item, "name");
        const QString meta = jsonString(item, "meta");
        const QString statusName = jsonString(item, "status");
        StatusTone tone = StatusTone::Neutral;
        const bool hasStatus = toneFromStatus(statusName, &tone);

        auto *row = new ItemRow(this);
        row->setObjectName(QStringLiteral("itemRow"));
        auto *layout = new QHBoxLayout(row);
        layout->setContentsMargins(6, 5, 6, 5);
        layout->setSpacing(10);
        auto *dot = new StatusDot(hasStatus, tone, row);
        dot->setObjectName(QStringLiteral("statusDot"));
        layout->addWidget(dot, 0, Qt::AlignTop);
        auto *text = new QVBoxLayout;
        text->setContentsMargins(0, 0, 0, 0);
        text->setSpacing(1);
        auto *nameLabel = new QLabel(row);
        nameLabel->setObjectName(QStringLiteral("itemName"));
        setBreakableText(nameLabel, name); // a long id wraps instead of running off the card
        QFont font = nameLabel->font();
        font.setWeight(QFont::DemiBold);
        nameLabel->setFont(font);
        text->addWidget(nameLabel);
        if (!meta.isEmpty()) {
            auto *metaLabel = new QLabel(row);
            metaLabel->setObjectName(QStringLiteral("itemMeta"));
            setBreakableText(metaLabel, meta);
            metaLabel->setForegroundRole(QPalette::PlaceholderText);
            text->addWidget(metaLabel);
        }
        layout->addLayout(text, 1);

        QStringList description;
        if (hasStatus)
            description.append(tr("Status: %1").arg(toneWord(tone)));
        if (!meta.isEmpty())
            description.append(meta);
        row->setAccessibleName(name);
        row->setAccessibleDescription(description.join(QLatin1String(". ")));
        if (hasStatus)
            row->setToolTip(tr("Status: %1").arg(toneWord(tone)));
        row->onActivated = [this, id] { Q_EMIT itemActivated(id); };
        row->installEventFilter(this);

        bodyLayout()->addWidget(row);
        m_rows.append(row);
        m_ids.append(id);
    }
    setAccessibleDescription(tr("%n item(s)", nullptr, int(m_rows.size())));
}

QWidget *ItemListCard::itemWidget(int index) const
{
    return index >= 0 && index < m_rows.size() ? m_rows.at(index) : nullptr;
}

bool ItemListCard::eventFilter(QObject *watched, QEvent *event)
{
    // Up/Down move between rows.
    if (event->type() == QEvent::KeyPress) {
        const int index = int(m_rows.indexOf(qobject_cast<QWidget *>(watched)));
        const auto *key = static_cast<QKeyEvent *>(event);
        if (index >= 0 && (key->key() == Qt::Key_Up || key->key() == Qt::Key_Down)) {
            const int next = index + (key->key() == Qt::Key_Down ? 1 : -1);
            if (next >= 0 && next < m_rows.size())
                m_rows.at(next)->setFocus(Qt::TabFocusReason);
            return true;
        }
    }
    return CardFrame::eventFilter(watched, event);
}

} // namespace Tessera
