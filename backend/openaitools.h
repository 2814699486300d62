#pragma once

// The card tools Tessera hosts when it talks straight to a model (PRODUCT.md §4, issue 5): emit_card and
// render_ui as OpenAI "function" tools, the system prompt that goes with them, and the answer to a call.
//
//  - Tool schemas are generated from CardValidator::payloadSchema, the catalog that validates cards:
//    emit_card {kind, payload}: kind one of the eight kinds other than canvas (seed 000: canvas comes
//    only from render_ui), payload an anyOf of the eight payload schemas, each titled by its kind;
//    render_ui {title?, html?, template?, data?, libraries?}: the canvas payload schema. "$schema" is
//    dropped and render_ui's top-level oneOf (html xor template) becomes a sentence, since OpenAI refuses
//    oneOf/anyOf at the top of a function's parameters; llama.cpp, Ollama and vLLM accept the rest.
//  - The system prompt states seed 000's five composition rules and that the client draws cards.
//  - Each call is answered (seed 000 "Envelope", "Refusals"):
//      valid        -> "rendered: KIND: TITLE" ("rendered: KIND" without a title), and the envelope
//                      {kind, specVersion: 1, payload} whose payload is the exact bytes of the arguments'
//                      payload (line ends outside strings turned into spaces: a transcript line is one line);
//      invalid      -> {"ok":false,"code":"input_invalid","issues":[{"path","message"}]}: paths are JSON
//                      Pointers into the call's arguments (emit_card: "/payload/rows/3/flow"; render_ui:
//                      "/html"), at most kMaxReportedIssues of them;
//      not JSON     -> the same with one issue at "" saying "arguments are not JSON: …";
//      unknown tool -> {"ok":false,"code":"not_available","message":"…"}, the message naming the tools
//                      offered (Tessera's, then the hosted ones, bounded: unknownToolMessage).
//    A refused call is not drawn; the model's retry is.
//  - Widget templates (seed 003 "Skill Widget Templates", cards/dialects/widgettemplate.h): when a
//    personality has them (setWidgetTemplates), the system prompt ends with a section listing each one
//    ("- NAME: DESCRIPTION", then its placeholders and its document as compact JSON) and asks for the
//    filled document in a ```dorkos-ui fence, which the transcript draws like any widget document.
//    Documents are listed while the section stays under kMaxTemplatePromptBytes; past that a template
//    is listed by name and description only.
//  - control_ui (issue 15; seed 003 "Canvas Content Types"): {action: open_canvas | update_canvas |
//    close_canvas, tab? | content?, tabId?, source?, title?} drives the canvas panel beside the chat
//    (workbench/canvascommand.h has the fields). No approval (seed 003: UI control tools are
//    auto-approved). Answered "canvas: opened TITLE (tab ID)" / "canvas: updated …" / "canvas: closed …",
//    or input_invalid with field-level issues (pointers into the arguments: "/tab/type", "/tabId" when
//    no such tab is open). An accepted call also yields the wire event the session applies
//    (canvasEvent: {"type":"canvas.open", …}); the panel it is checked against is the caller's.

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <cards/dialects/widgettemplate.h>
#include <workbench/canvaspanelstate.h>

namespace Tessera {

struct OpenAiToolAnswer
{
    QString content;     // what the model is told (ack, or a refusal as JSON text)
    QByteArray envelope; // drawn: the card envelope as compact JSON text for structured.card; else empty
    QString kindName;    // drawn: the card's kind
    bool drawn = false;
    QByteArray canvasEvent; // control_ui accepted: the canvas.* wire event as compact JSON text
};

class OpenAiTools
{
public:
    static constexpr int kMaxReportedIssues = 20;
    static constexpr int kMaxTemplatePromptBytes = 32 * 1024;

    // The widget templates the system prompt lists (the personality's good ones; set once at start-up,
    // on the GUI thread, before any backend starts a turn). Empty: no template section.
    static void setWidgetTemplates(const QList<WidgetTemplate> &templates);
    static QList<WidgetTemplate> widgetTemplates();
    // The section the system prompt ends with; empty without templates.
    static QString templatePromptSection();

    // The request's "tools" array as compact JSON text (generated once).
    static QByteArray toolsJson();
    // The system message's content.
    static QString systemPrompt();
    // The kinds emit_card produces: seed 000's catalog without canvas, in catalog order.
    static QStringList emitCardKinds();
    static bool isCardTool(const QString &name); // emit_card or render_ui

    static OpenAiToolAnswer answer(const QString &toolName, const QByteArray &arguments);
    // The same, with control_ui checked against (and applied to) panel; null: control_ui is judged on
    // its fields alone.
    static OpenAiToolAnswer answer(const QString &toolName, const QByteArray &arguments, CanvasPanelState *panel);
    // The same, with the hosted tools offered beside the card tools (MCP: server__tool), which a call to
    // an unknown name is told of after Tessera's own: at most kMaxListedToolNames, then "and N more".
    static OpenAiToolAnswer answer(const QString &toolName, const QByteArray &arguments, CanvasPanelState *panel,
                                   const QStringList &hostedTools);
    static constexpr int kMaxListedToolNames = 50;
    // The not_available message for a call to toolName: "there is no tool named …; the tools are …".
    static QString unknownToolMessage(const QString &toolName, const QStringList &hostedTools);
    static bool isControlTool(const QString &name) { return name == QLatin1String("control_ui"); }
    // "rendered: KIND: TITLE" / "rendered: KIND".
    static QString ack(const QString &kindName, const QString &title);
};

} // namespace Tessera
