#pragma once

// Renderer for widget documents (seed 003, kind "dorkos_ui"; cards/widgetdocument.h has the catalog and
// every rule): one CardFrame holding the document's node tree as native widgets (WidgetNodeBuilder).
// A root "card" node is drawn as this frame itself (its title is the frame's title), so a single-card
// document is not a frame inside a frame; otherwise the frame's title is the document's title.
//
// Actions (seed 003 "The ui-action Channel"), attached to buttons, board cells, list item actions,
// checklist and form submits:
//  - agent: context.actions->requestWidgetAction(widgetName(), id, payload JSON). A form submit merges
//    every field's current value under its name into the action's payload (input: string, or a number
//    for kind "number", null when empty; select: the option's value); a checklist submit adds "checked"
//    and "unchecked" arrays of labels. The control is busy and disabled until CardActions::requestFinished
//    for that request (then enabled again, whatever the outcome: the application says why it failed).
//    Without context.actions (headless render, tests) agent controls are disabled with a tooltip saying
//    why (seed 003: "Off a session … agent buttons render disabled with a tooltip explaining why").
//  - ui: runs here: {"action": "celebrate"} throws confetti from the control (skipped under reduced
//    motion: a status note says so); any other command only shows a status note. Emits uiCommandRun.
//  - url: https only (validation; anything else is drawn disabled) -> context.actions->requestLink(href),
//    which asks the user to confirm the full address. Without context.actions: disabled.
// Payload JSON is compact with keys in byte order (nlohmann::json), e.g. {"city":"Paris","days":3}.

#include <functional>

#include <QHash>
#include <QPointer>

#include <nlohmann/json_fwd.hpp>

#include <cards/dialects/widgetdocument.h>
#include <widgets/card/cardactions.h>
#include <widgets/card/cardframe.h>
#include <widgets/card/rendererregistry.h>

class QAbstractButton;
class QLabel;

namespace Tessera {

struct RenderContext;

// Routes CardKind::WidgetDocument in RendererRegistry to WidgetDocumentCard, for cards and for the
// fences drawn in place inside prose. Until it is called those are drawn as fallback blocks.
void installWidgetDocumentRenderer();

class WidgetDocumentCard : public CardFrame
{
    Q_OBJECT

public:
    WidgetDocumentCard(const Card &card, const RenderContext &context, QWidget *parent = nullptr);

    // The name agent actions carry: the document's title, else the root card's title, else the card id,
    // else "widget".
    QString widgetName() const { return m_widgetName; }
    CardActions *actions() const { return m_actions; }
    // The settings it was drawn with (RenderContext::settings); the nodes read them from here.
    const RenderSettings &settings() const { return m_settings; }
    // The note line under the widget ("" and hidden until a ui command runs).
    QLabel *statusNote() const { return m_status; }

    // Wires a control to an action (used by the builder). merge, for agent actions, turns the authored
    // payload JSON into the one sent (form values, checklist labels) at the moment of the click.
    using PayloadMerge = std::function<QByteArray(const QByteArray &payloadJson)>;
    void attachAction(QAbstractButton *control, const WidgetAction &action, PayloadMerge merge = {});
    // Runs a control's action as if it were clicked (keyboard activation of list rows uses it too).
    void trigger(QAbstractButton *control, const WidgetAction &action, const PayloadMerge &merge);
    // A link inside a text node: https only, through requestLink; anything else is ignored.
    void openLink(const QString &url);

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

Q_SIGNALS:
    // A ui action ran locally (command: "celebrate", …).
    void uiCommandRun(const QString &command);
    // An agent action sent from control has been answered (ok) or refused (the board takes back the
    // mark it drew at once).
    void agentRequestFinished(QAbstractButton *control, bool ok);

private:
    WidgetDocumentCard(const Card &card, const RenderContext &context, const nlohmann::json &payload, QWidget *parent);
    void onRequestFinished(int requestId, bool ok, const QString &error);
    void showNote(const QString &text);

    QPointer<CardActions> m_actions;
    RenderSettings m_settings;
    QString m_widgetName;
    QLabel *m_status = nullptr;
    QHash<int, QPointer<QAbstractButton>> m_pending; // request id -> busy control
};

} // namespace Tessera
