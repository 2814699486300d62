#include <widgets/kinds/recommendactionscard.h>

#include <QKeyEvent>
#include <QLabel>
#include <QLayout>
#include <QPainter>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/jsonaccess.h>
#include <widgets/common/flowlayout.h>

namespace Tessera {

namespace {

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
        p.setPen(QPen(hasFocus() ? focusRingColor(palette()) : palette().color(active ? QPalette::Highlight : QPalette::Mid), hasFocus() ? 2 : 1));
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
