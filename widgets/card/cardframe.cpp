#include <widgets/card/cardframe.h>

#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QVBoxLayout>

#include <cards/card.h>

namespace Tessera {

CardFrame::CardFrame(const Card &card, QWidget *parent)
    : CardFrame(card.kindName(), card.title(), parent)
{}

CardFrame::CardFrame(const QString &kindName, const QString &title, QWidget *parent)
    : QFrame(parent)
    , m_kindName(kindName)
{
    build(title);
}

void CardFrame::build(const QString &title)
{
    setObjectName(QStringLiteral("cardFrame"));
    setBackgroundRole(QPalette::Base);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(14, 12, 14, 12);
    outer->setSpacing(8);
    if (!title.isEmpty()) {
        m_title = new QLabel(title, this);
        m_title->setObjectName(QStringLiteral("cardTitle"));
        m_title->setTextFormat(Qt::PlainText);
        m_title->setWordWrap(true);
        m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
        QFont font = m_title->font();
        font.setBold(true);
        font.setPointSizeF(font.pointSizeF() * 1.05);
        m_title->setFont(font);
        outer->addWidget(m_title);
    }
    m_body = new QVBoxLayout;
    m_body->setContentsMargins(0, 0, 0, 0);
    m_body->setSpacing(6);
    outer->addLayout(m_body);
    setAccessibleName(title.isEmpty() ? m_kindName : m_kindName + QLatin1String(": ") + title);
}

void CardFrame::setAccentTone(StatusTone tone)
{
    m_hasAccent = true;
    m_accent = tone;
    update();
}

void CardFrame::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRectF r = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    painter.setPen(QPen(palette().color(QPalette::Mid), 1));
    painter.setBrush(palette().color(QPalette::Base));
    painter.drawRoundedRect(r, 8, 8);
    if (m_hasAccent) {
        QPainterPath clip;
        clip.addRoundedRect(r, 8, 8);
        painter.setClipPath(clip);
        painter.fillRect(QRectF(0, 0, 5, height()), toneColor(m_accent, palette()));
    }
}

} // namespace Tessera
