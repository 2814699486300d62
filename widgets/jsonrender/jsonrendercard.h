#pragma once

// Renderer for "json_render" cards (seed 001 json-render specs; shapes, caps and structure rules in
// cards/jsonrenderspec.h). Only built for valid cards, so the spec is a tree of known components.
//
// Drawn natively inside a CardFrame: the root Card's title as the frame's title and its subtitle muted
// below; Section (bold heading, its children); Text (plain text, never HTML; bold or muted style);
// Fields as a two-column grid (labels muted, values wrapped and selectable); Table as a compact
// read-only QTableView (no inner scrolling, columns share the width, long cells elide with the whole
// text in a tooltip; numbers right-aligned with their exact source digits; null is "—"); Divider as a
// rule; Image never loaded: a box with its alt text and the host it would come from; Actions as a
// wrapping row of buttons. When the spec draws nothing visible, the payload's plain "text" is shown.
//
// Buttons (seed 001 "Button presses"; issue 6):
//  - a press calls context.actions->requestDecision(card.cardId(), id, "pressed",
//    buttonPressNote(presserName(pressName), id)); the pressed button says "Sending…" and every button of the
//    card is disabled until CardActions::requestFinished for that request id: ok -> Buttons stay
//    disabled, the pressed one marked "✓" and "Pressed: LABEL" shown; failure -> enabled again (the
//    application shows the reason). A second click while sending is ignored: one press, one request.
//  - context.state decided (seed 002: a card is decided once): "Pressed: LABEL" (the label of the
//    Button whose id is the decision's action, else the action) and no enabled Button; state "expired"
//    (not decided): Buttons disabled (the registry's CardStateBar says "Expired").
//  - no context.actions (headless render, tests): every button is drawn disabled; a card with no cardId
//    cannot be decided (seed 002), so its Buttons are disabled and their tooltip says why.
// LinkButton: only a URL jsonRenderLinkRefusal() accepts is enabled; activating it calls
// context.actions->requestLink(url) (the application confirms the full address). Any other URL is drawn
// disabled with the reason in its tooltip and is never emitted. LinkButtons report no press (seed 001).
// Every enabled button takes keyboard focus (Tab), activates with Space, Enter or Return, and has an
// accessible name (its label) and description. Styles: primary = the palette's Highlight; danger = the
// Error tone on Base (legible in light and dark); default = Button.

#include <QList>
#include <QString>
#include <QStringList>

#include <nlohmann/json_fwd.hpp>

#include <cards/cardstate.h>
#include <widgets/card/cardframe.h>

class QAbstractButton;
class QLabel;
class QLayout;
class QPushButton;
class QTableView;

namespace Tessera {

class CardActions;
struct RenderContext;

class JsonRenderCard : public CardFrame
{
    Q_OBJECT

public:
    JsonRenderCard(const Card &card, const RenderContext &context, QWidget *parent = nullptr);

    // Who pressed: pressName (RenderSettings::pressName, trimmed), else the OS user name ($USER /
    // $USERNAME), else "You".
    static QString presserName(const QString &pressName);

    QList<QPushButton *> buttons() const { return m_buttons; }         // Button elements, in draw order
    QList<QPushButton *> linkButtons() const { return m_linkButtons; } // LinkButton elements, in draw order
    QStringList fieldLabels() const { return m_fieldLabels; }
    QStringList fieldValues() const { return m_fieldValues; }
    QList<QTableView *> tables() const { return m_tables; }
    // "Pressed: Approve" once decided; "" before.
    QString pressedText() const;
    int pendingRequest() const { return m_pendingRequest; } // 0 when nothing is being sent

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

private:
    void buildElement(const nlohmann::json &elements, const std::string &id, QLayout *into, int depth);
    void addActions(const nlohmann::json &elements, const nlohmann::json &element, QLayout *into);
    void press(QPushButton *button);
    void openLink(QPushButton *button);
    void requestFinished(int requestId, bool ok);
    void showPressed(const QString &actionId);
    void updateButtons();
    QString elementPointer(const std::string &id) const;

    const Card *m_card = nullptr; // only during construction (number lexemes)
    CardActions *m_actions = nullptr; // Not owned; may be null.
    QString m_pressName;              // RenderSettings::pressName
    QString m_cardId;
    CardState m_state;
    QList<QPushButton *> m_buttons;
    QList<QPushButton *> m_linkButtons;
    QStringList m_fieldLabels;
    QStringList m_fieldValues;
    QList<QTableView *> m_tables;
    QLabel *m_pressedLabel = nullptr;
    int m_pendingRequest = 0;
    QPushButton *m_pendingButton = nullptr;
    QString m_decidedAction; // "" until decided
    bool m_expired = false;
    bool m_visibleContent = false;
};

} // namespace Tessera
