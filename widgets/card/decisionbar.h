#pragma once

// The buttons of a decision card (seed 002; a descriptor's "actions", cardkindregistry.h). A press asks
// the application for card.decision through CardActions::requestDecision(cardId, action id, outcome,
// note "[Decision on CARDID: LABEL]", brackets and line breaks removed from both names) and then:
//  - the pressed button shows it is busy and every button is disabled until requestFinished for that
//    request (a double click sends once; there is no queue);
//  - ok: they stay disabled (the stored card_decision line then redraws the card as decided);
//  - failure: enabled again, the reason shown beside them (the application also says it).
// A card already decided (CardState::isDecided) draws the decision on its button ("✓ Approve") and no
// enabled button; an expired one (card.update state "expired") no enabled button either, and says so. A card with no id cannot be decided: its buttons are disabled and say why.

#include <QList>
#include <QPointer>
#include <QWidget>

#include <cards/cardkindregistry.h>
#include <cards/cardstate.h>

class QLabel;
class QPushButton;

namespace Tessera {

class CardActions;

class DecisionBar : public QWidget
{
    Q_OBJECT

public:
    // actions: Not owned; may be null (headless render): presses then do nothing.
    DecisionBar(const QString &cardId, const QList<CardKindAction> &choices, const CardState &state,
                CardActions *actions, QWidget *parent = nullptr);

    QList<QPushButton *> buttons() const { return m_buttons; }
    QString statusText() const; // "", "Sending…", "Not sent: …"
    bool isPending() const { return m_pendingRequest != 0; }

    static QString decisionNote(const QString &cardId, const QString &label);

    // Buttons flow onto more lines when narrow, the status line below them.
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    int arrange(int width, bool place) const; // places (or only measures); returns the height used
    void press(int index);
    void onRequestFinished(int requestId, bool ok, const QString &error);
    void setButtonsEnabled(bool enabled);

    QString m_cardId;
    QList<CardKindAction> m_choices;
    QPointer<CardActions> m_actions;
    QList<QPushButton *> m_buttons;
    QLabel *m_status = nullptr;
    int m_pendingRequest = 0;
    int m_pressed = -1;
};

} // namespace Tessera
