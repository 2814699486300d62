#include <widgets/kinds/alertcard.h>

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/jsonaccess.h>
#include <widgets/conversation/findhighlight.h>

namespace Tessera {

namespace {

// The severity icon: a distinct shape and symbol per severity (circle "i", circle ✓, triangle "!",
// octagon ✕), filled with the tone color.
class SeverityIcon : public QWidget
{
public:
    SeverityIcon(AlertCard::Severity severity, QWidget *parent)
        : QWidget(parent), m_severity(severity)
    {
        setFixedSize(22, 22);
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        const QColor tone = toneColor(AlertCard::toneFor(m_severity), palette());
        const QRectF r = QRectF(rect()).adjusted(1, 1, -1, -1);
        QPainterPath shape;
        QRectF textRect = r;
        switch (m_severity) {
        case AlertCard::Severity::Warning:
            shape.moveTo(r.center().x(), r.top());
            shape.lineTo(r.right(), r.bottom());
            shape.lineTo(r.left(), r.bottom());
            shape.closeSubpath();
            textRect.adjust(0, r.height() * 0.25, 0, 0);
            break;
        case AlertCard::Severity::Error: {
            const qreal c = r.width() * 0.29;
            shape.moveTo(r.left() + c, r.top());
            shape.lineTo(r.right() - c, r.top());
            shape.lineTo(r.right(), r.top() + c);
            shape.lineTo(r.right(), r.bottom() - c);
            shape.lineTo(r.right() - c, r.bottom());
            shape.lineTo(r.left() + c, r.bottom());
            shape.lineTo(r.left(), r.bottom() - c);
            shape.lineTo(r.left(), r.top() + c);
            shape.closeSubpath();
            break;
        }
        default:
            shape.addEllipse(r);
            break;
        }
        p.setPen(Qt::NoPen);
        p.setBrush(tone);
        p.drawPath(shape);
        QFont font = p.font();
        font.setBold(true);
        font.setPixelSize(int(r.height() * 0.6));
        p.setFont(font);
        p.setPen(palette().color(QPalette::Base));
        p.drawText(textRect, Qt::AlignCenter, toneSymbol(AlertCard::toneFor(m_severity)));
    }

private:
    AlertCard::Severity m_severity;
};

} // namespace

AlertCard::AlertCard(const Card &card, QWidget *parent)
    : CardFrame(card.kindName(), QString(), parent)
{
    const nlohmann::json payload = card.payload();
    m_severity = severityFromName(jsonString(payload, "severity"));
    m_message = jsonString(payload, "message");
    m_title = jsonString(payload, "title");
    setAccentTone(toneFor(m_severity));
    auto *row = new QHBoxLayout;
    row->setContentsMargins(6, 0, 0, 0); // clear of the accent bar
    row->setSpacing(10);
    auto *icon = new SeverityIcon(m_severity, this);
    icon->setObjectName(QStringLiteral("severityIcon"));
    row->addWidget(icon, 0, Qt::AlignTop);

    auto *text = new QVBoxLayout;
    text->setContentsMargins(0, 0, 0, 0);
    text->setSpacing(4);
    auto *header = new QHBoxLayout;
    header->setContentsMargins(0, 0, 0, 0);
    header->setSpacing(8);
    m_word = new QLabel(severityWord(), this);
    m_word->setObjectName(QStringLiteral("severityWord"));
    excludeFromFind(m_word); // the app's word for the severity, not the agent's text
    m_word->setTextFormat(Qt::PlainText);
    QFont bold = m_word->font();
    bold.setBold(true);
    m_word->setFont(bold);
    header->addWidget(m_word, 0, Qt::AlignTop);
    if (!m_title.isEmpty()) {
        auto *title = new QLabel(m_title, this);
        title->setObjectName(QStringLiteral("alertTitle"));
        title->setTextFormat(Qt::PlainText);
        title->setWordWrap(true);
        title->setFont(bold);
        title->setTextInteractionFlags(Qt::TextSelectableByMouse);
        header->addWidget(title, 1);
    } else {
        header->addStretch(1);
    }
    text->addLayout(header);
    auto *message = new QLabel(m_message, this);
    message->setObjectName(QStringLiteral("alertMessage"));
    message->setTextFormat(Qt::PlainText);
    message->setWordWrap(true);
    message->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    text->addWidget(message);
    row->addLayout(text, 1);
    bodyLayout()->addLayout(row);

    setAccessibleName(m_title.isEmpty() ? tr("%1 alert").arg(severityWord())
                                        : tr("%1 alert: %2").arg(severityWord(), m_title));
    setAccessibleDescription(tr("Severity: %1. %2").arg(severityWord(), m_message));
    icon->setAccessibleName(severityWord());
    applyTone();
}

AlertCard::Severity AlertCard::severityFromName(QStringView name)
{
    if (name == u"success")
        return Severity::Success;
    if (name == u"warning")
        return Severity::Warning;
    if (name == u"error")
        return Severity::Error;
    return Severity::Info;
}

StatusTone AlertCard::toneFor(Severity severity)
{
    switch (severity) {
    case Severity::Success:
        return StatusTone::Ok;
    case Severity::Warning:
        return StatusTone::Warn;
    case Severity::Error:
        return StatusTone::Error;
    case Severity::Info:
        break;
    }
    return StatusTone::Info;
}

QString AlertCard::severityWord() const
{
    switch (m_severity) {
    case Severity::Success:
        return tr("Success");
    case Severity::Warning:
        return tr("Warning");
    case Severity::Error:
        return tr("Error");
    case Severity::Info:
        break;
    }
    return tr("Info");
}

void AlertCard::applyTone()
{
    // Labels on a Base panel draw with the Text role; set both so the role choice does not matter.
    const QColor tone = toneColor(toneFor(m_severity), palette());
    QPalette p = m_word->palette();
    p.setColor(QPalette::WindowText, tone);
    p.setColor(QPalette::Text, tone);
    m_word->setPalette(p);
}

void AlertCard::changeEvent(QEvent *event)
{
    CardFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_word)
        applyTone();
}


} // namespace Tessera
