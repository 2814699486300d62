#include <widgets/card/decisionbar.h>

#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>

#include <widgets/card/cardactions.h>

namespace Tessera {

namespace {

constexpr int kSpacing = 6;
constexpr int kPadding = 14; // more air around a button's words than the style's bare minimum

QSize buttonSize(const QPushButton *button)
{
    const QSize hint = button->sizeHint();
    return {hint.width() + kPadding, hint.height()};
}

QString withoutMarkup(QString text)
{
    // A crafted id or label can never close the note early or start a second one (seed 001's rule).
    for (QChar c : {QChar(u'['), QChar(u']'), QChar(u'\n'), QChar(u'\r'), QChar(0x2028), QChar(0x2029)})
        text.remove(c);
    return text.trimmed();
}

} // namespace

QString DecisionBar::decisionNote(const QString &cardId, const QString &label)
{
    return QStringLiteral("[Decision on %1: %2]").arg(withoutMarkup(cardId), withoutMarkup(label));
}

DecisionBar::DecisionBar(const QString &cardId, const QList<CardKindAction> &choices, const CardState &state,
                         CardActions *actions, QWidget *parent)
    : QWidget(parent)
    , m_cardId(cardId)
    , m_choices(choices)
    , m_actions(actions)
{
    setObjectName(QStringLiteral("decisionBar"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    for (int i = 0; i < m_choices.size(); ++i) {
        const CardKindAction &choice = m_choices.at(i);
        const bool chosen = state.isDecided() && state.decisionAction == choice.id;
        auto *button = new QPushButton(chosen ? QStringLiteral("\u2713 ") + choice.label : choice.label, this);
        button->setObjectName(QStringLiteral("decisionButton"));
        button->setAutoDefault(false);
        button->setAccessibleName(choice.label);
        if (chosen) {
            QFont font = button->font();
            font.setBold(true);
            button->setFont(font);
            button->setAccessibleDescription(tr("Chosen"));
        }
        connect(button, &QPushButton::clicked, this, [this, i] { press(i); });
        m_buttons.append(button);
    }
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("decisionStatus"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_status->setForegroundRole(QPalette::PlaceholderText);
    m_status->hide();

    if (state.isDecided()) {
        setButtonsEnabled(false);
    } else if (state.state == QLatin1String("expired")) {
        // Seed 002's lifecycle ends in expired: nothing waits for the decision any more (a tool call's
        // consent card whose turn ended, issue 16).
        setButtonsEnabled(false);
        m_status->setText(tr("Expired: nothing waits for this decision any more."));
        m_status->show();
    } else if (m_cardId.isEmpty()) {
        setButtonsEnabled(false);
        m_status->setText(tr("This card has no id, so a decision could not be bound to it."));
        m_status->show();
    }
    if (m_actions)
        connect(m_actions, &CardActions::requestFinished, this, &DecisionBar::onRequestFinished);
}

QString DecisionBar::statusText() const
{
    return m_status->isHidden() ? QString() : m_status->text();
}

void DecisionBar::setButtonsEnabled(bool enabled)
{
    for (QPushButton *button : std::as_const(m_buttons))
        button->setEnabled(enabled);
}

void DecisionBar::press(int index)
{
    if (m_pendingRequest != 0 || index < 0 || index >= m_choices.size() || m_cardId.isEmpty() || !m_actions)
        return;
    const CardKindAction choice = m_choices.at(index);
    m_pressed = index;
    setButtonsEnabled(false);
    m_buttons.at(index)->setText(choice.label + QStringLiteral(" \u2026"));
    m_status->setText(tr("Sending\u2026"));
    m_status->show();
    m_pendingRequest = -1; // a handler may answer inside requestDecision; the id is set right after
    m_pendingRequest = m_actions->requestDecision(m_cardId, choice.id, choice.outcome, decisionNote(m_cardId, choice.label));
    updateGeometry();
}

void DecisionBar::onRequestFinished(int requestId, bool ok, const QString &error)
{
    if (requestId != m_pendingRequest || m_pressed < 0)
        return;
    m_pendingRequest = 0;
    const CardKindAction &choice = m_choices.at(m_pressed);
    if (ok) {
        // Stays disabled: the stored decision redraws the card as decided.
        m_buttons.at(m_pressed)->setText(QStringLiteral("\u2713 ") + choice.label);
        m_status->setText(tr("Decision sent."));
    } else {
        m_buttons.at(m_pressed)->setText(choice.label);
        setButtonsEnabled(true);
        m_status->setText(error.isEmpty() ? tr("Not sent: try again.") : tr("Not sent: %1").arg(error));
        m_pressed = -1;
    }
    updateGeometry();
}

bool DecisionBar::hasHeightForWidth() const
{
    return true;
}

int DecisionBar::heightForWidth(int width) const
{
    return arrange(width, false);
}

QSize DecisionBar::sizeHint() const
{
    int width = 0;
    for (const QPushButton *button : m_buttons)
        width += buttonSize(button).width() + (width > 0 ? kSpacing : 0);
    return {width, arrange(width, false)};
}

QSize DecisionBar::minimumSizeHint() const
{
    int width = 0;
    for (const QPushButton *button : m_buttons)
        width = qMax(width, qMin(buttonSize(button).width(), 160));
    return {width, arrange(width, false)};
}

void DecisionBar::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    arrange(width(), true);
}

int DecisionBar::arrange(int width, bool place) const
{
    width = qMax(1, width);
    int x = 0;
    int y = 0;
    int lineHeight = 0;
    for (QPushButton *button : m_buttons) {
        QSize size = buttonSize(button);
        size.setWidth(qMin(size.width(), width));
        if (x > 0 && x + size.width() > width) {
            x = 0;
            y += lineHeight + kSpacing;
            lineHeight = 0;
        }
        if (place)
            button->setGeometry(QRect(QPoint(isRightToLeft() ? width - x - size.width() : x, y), size));
        x += size.width() + kSpacing;
        lineHeight = qMax(lineHeight, size.height());
    }
    y += lineHeight;
    if (!m_status->isHidden()) {
        if (y > 0)
            y += kSpacing;
        const int h = m_status->heightForWidth(width);
        if (place)
            m_status->setGeometry(0, y, width, h);
        y += h;
    }
    return y;
}

} // namespace Tessera
