#include <widgets/card/cardframe.h>

#include <QApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QVBoxLayout>

#include <cards/card.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/common/wraptext.h>

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
        m_title = new QLabel(this);
        m_title->setObjectName(QStringLiteral("cardTitle"));
        setBreakableText(m_title, title);
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
    // Announced by the kind's spoken name ("Table: Sector flow"); a kind with no row keeps its name.
    const QString spoken = RendererRegistry::spokenKindName(cardKindFromName(m_kindName));
    const QString kind = spoken.isEmpty() ? m_kindName : spoken;
    setAccessibleName(title.isEmpty() ? kind : tr("%1: %2").arg(kind, title));
    connect(qApp, &QApplication::focusChanged, this, &CardFrame::updateFocusRing);
}

CardFrame::~CardFrame()
{
    // ~QWidget clears the focus and hides the window, which emits focusChanged: by then this is only a
    // QWidget, and calling updateFocusRing on it would be undefined behaviour (UBSan: a bad downcast).
    disconnect(qApp, &QApplication::focusChanged, this, &CardFrame::updateFocusRing);
}

void CardFrame::addHeaderWidget(QWidget *widget)
{
    if (!widget)
        return;
    auto *outer = static_cast<QVBoxLayout *>(layout());
    if (!m_header) {
        m_header = new QHBoxLayout;
        m_header->setContentsMargins(0, 0, 0, 0);
        m_header->setSpacing(6);
        if (m_title) {
            outer->removeWidget(m_title);
            m_header->addWidget(m_title, 1);
        } else {
            m_header->addStretch(1);
        }
        outer->insertLayout(0, m_header);
    }
    widget->setParent(this);
    m_header->addWidget(widget, 0, Qt::AlignTop);
}

void CardFrame::updateFocusRing()
{
    const QWidget *focused = QApplication::focusWidget();
    const bool within = focused && (focused == this || isAncestorOf(focused));
    if (within == m_focusRing)
        return;
    m_focusRing = within;
    setProperty("focusRing", within); // for style sheets and tests
    update();
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
        painter.setClipping(false);
    }
    if (m_focusRing) {
        painter.setPen(QPen(focusRingColor(palette()), 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRoundedRect(QRectF(rect()).adjusted(1, 1, -1, -1), 8, 8);
    }
}

} // namespace Tessera
