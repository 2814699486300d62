#pragma once

// Tools from outside Tessera offered to the model beside emit_card and render_ui (issue 16, "Tools
// offered to the model, and consent"). The OpenAI-compatible backend runs the loop and asks for consent;
// a ToolHost only lists tools and runs a call. mcp/mcptoolhost.h is the MCP one; tests may make others.
//
//  - Names are what the model calls: `server__tool`, at most kMaxToolNameLength characters of
//    [A-Za-z0-9_-] (the limit the endpoints enforce), unique within one host.
//  - functionJson is one OpenAI "function" tool object, compact JSON text, the input schema passed through.
//  - call() returns a run owned by the caller (deleteLater when done); it always finishes, at the
//    earliest on the next event-loop turn: with the result's text, or with an error sentence.
//  - A run may also carry a card its result was mapped onto (a result-to-card descriptor, seed 002):
//    cardEnvelope() is the valid envelope's JSON text, or cardNote() says which pointer did not fit.
//  - A run may ask the person for input while it runs (MCP elicitation, issue 16): inputRequested,
//    then answerInput() with the person's answer. Every open request is answered before finished()
//    (a run that ends with one open cancels it).
//
// The consent card (seed 002 "a typed decision"): a descriptor kind "tool_consent" drawn as a detail card
// with three actions, and "tool_consent_destructive" with two (Allow once, Deny) for a tool annotated
// destructiveHint: true, which asks every time. ToolConsent::registerKind() registers both (and the
// app_tool_consent kind below); every command calls it before --plugins, so a stored consent card replays
// as the card it was, and a plugin cannot take the names.

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <cards/transcript.h>

namespace Tessera {

struct HostedTool
{
    QString name;        // what the model calls: server__tool
    QString server;      // the configured server's name
    QString tool;        // the server's own name for it
    QString description; // the server's description (shown, never obeyed)
    bool readOnly = false;    // annotations.readOnlyHint == true
    bool destructive = false; // annotations.destructiveHint == true (MCP's default when absent is true,
                              // but only a tool that says so is treated as one: see decisions.md)
    QString uiResourceUri;    // MCP Apps: _meta.ui.resourceUri ("ui://…"), "" when the tool has no view
    QByteArray functionJson;
};

class ToolRun : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    bool isFinished() const { return m_finished; }
    // The result for the model: its text content, and structuredContent as JSON text after it.
    QString text() const { return m_text; }
    bool isError() const { return m_isError; }   // the tool said isError, or the call failed
    QString errorString() const { return m_error; } // the call failed (timeout, server gone, …); "" when it ran
    // MCP Apps (mcp/mcpapp.h): the tool's view and what it is drawn with, compact JSON of an
    // McpAppRecord, stored as the result line's "tessera_app"; empty when the tool has no view (or it
    // could not be read: appError() says why).
    QByteArray appJson() const { return m_app; }
    QString appError() const { return m_appError; }
    // The result as the tool sent it (MCP: the CallToolResult), compact JSON; empty when unknown.
    QByteArray resultJson() const { return m_resultJson; }
    // The card a descriptor made of the result (compact envelope JSON), "" when none was made.
    QByteArray cardEnvelope() const { return m_cardEnvelope; }
    // Why a descriptor for this tool made no card: "/pointer: why"; "" when none applied or it fit.
    QString cardNote() const { return m_cardNote; }
    // Asks the tool to stop (MCP notifications/cancelled); finishes with an error. Nothing when finished.
    virtual void cancel() = 0;
    // The person's answer to inputRequested(key): action "accept" (contentJson: an object's JSON text),
    // "decline" or "cancel". Unknown or answered keys: nothing.
    virtual void answerInput(qint64 key, const QString &action, const QByteArray &contentJson);

Q_SIGNALS:
    // `total` 0 when unknown.
    void progress(double progress, double total, const QString &message);
    // The tool's server asks the person (MCP elicitation/create): paramsJson is its params as JSON text
    // ({message, requestedSchema}), already checked to be a form Tessera can show.
    void inputRequested(qint64 key, const QString &server, const QByteArray &paramsJson);
    void finished();

protected:
    void setCard(const QByteArray &envelope, const QString &note);
    void finish(const QString &text, bool isError, const QString &error);
    void setApp(const QByteArray &appJson, const QString &appError)
    {
        m_app = appJson;
        m_appError = appError;
    }

    void setResultJson(const QByteArray &json) { m_resultJson = json; }

private:
    QByteArray m_resultJson;
    QByteArray m_app;
    QString m_appError;
    bool m_finished = false;
    QString m_text;
    bool m_isError = false;
    QString m_error;
    QByteArray m_cardEnvelope;
    QString m_cardNote;
};

class ToolHost : public QObject
{
    Q_OBJECT

public:
    static constexpr int kMaxToolNameLength = 64;

    using QObject::QObject;

    // The tools offered now, sorted by name.
    QList<HostedTool> tools() const { return m_tools; }
    // Not owned by the caller beyond the run: see the header comment. Null when there is no such tool.
    virtual ToolRun *call(const QString &name, const QByteArray &argumentsJson) = 0;

    const HostedTool *findTool(const QString &name) const;

    // A host whose tools are still coming (MCP servers starting, issue 16 "the first turn"): false until
    // every source has listed its tools or failed, then ready() once. A host that lists at once is ready.
    virtual bool isReady() const { return true; }
    // The sources not ready yet, by name (MCP: the servers still connecting or listing); empty when ready.
    virtual QStringList pendingSources() const { return {}; }

Q_SIGNALS:
    void toolsChanged();
    void ready();

protected:
    // A host sets its list whenever it changes (toolsChanged is emitted).
    void setToolList(const QList<HostedTool> &tools);

private:
    QList<HostedTool> m_tools;
};

// The consent card (see the header comment).
namespace ToolConsent {
inline constexpr char kKind[] = "tool_consent";
inline constexpr char kDestructiveKind[] = "tool_consent_destructive"; // no allow_conversation
inline constexpr char kCardIdPrefix[] = "consent:"; // + the call's transcript id
inline constexpr char kAllowOnce[] = "allow_once";
inline constexpr char kAllowConversation[] = "allow_conversation";
inline constexpr char kDeny[] = "deny";
bool registerKind(); // both kinds; idempotent; false (logged) only when a plugin registered a name first
bool isConsentKind(const QString &kindName); // kKind or kDestructiveKind
bool isConsentCardId(const QString &cardId);
// A consent card's detail field value: 1..500 characters (the detail schema), one line. What a server
// named is shown with its bidi controls as visible markers and right-to-left runs isolated, so a tool
// called "evil\u202Egnp.exe" cannot read as something else on the card the person decides on.
std::string fieldValue(const QString &text);
} // namespace ToolConsent

// An MCP App's own tools/call (issue 16 "MCP Apps"; app/mcpappconsent.h, session/conversationsession.h
// putAppToolConsent): asked on a card of its own, kind "app_tool_consent", a detail card with two
// actions (Allow once, Deny; a card nobody decides expires, and the app is refused). The stored line is
// {"role":"tool","name":"tessera","content":…,"tessera_notice":"app_tool_consent","tessera_app_consent":
// {tool, server, app},"structured":{"cardId":"appconsent:RANDOM","card":…}}, with no turn_id: it belongs
// to no model turn, and neither it nor its card_decision is ever told to the model.
namespace AppToolConsent {
inline constexpr char kKind[] = "app_tool_consent";
inline constexpr char kNotice[] = "app_tool_consent";
inline constexpr char kCardIdPrefix[] = "appconsent:"; // + a random id (newCardId)
bool registerKind(); // idempotent; called by ToolConsent::registerKind
bool isAppConsentCardId(const QString &cardId);
QString newCardId();
// The stored line above. tool: the server's name for the tool; argumentsJson: the arguments as JSON text;
// app: the tool (or resource) whose view asks. Each field is one line of at most 500 characters, its bidi
// controls visible (as on the model's consent card).
QByteArray consentLine(const QString &cardId, const QString &tool, const QString &server,
                       const QByteArray &argumentsJson, const QString &app);
} // namespace AppToolConsent

// A tool's request for input (MCP elicitation) as a line of the turn (issue 16): a tool line answering no
// call, {"role":"tool","name":"tessera","tessera_notice":"tool_input","tessera_input":{server, callId,
// params},"structured":{"cardId":"input:CALLID:KEY"}}. The person's answer is the session's card_decision
// on that id (action accept/decline/cancel, outcome: the values sent as JSON text, "{}" otherwise).
namespace ToolInput {
inline constexpr char kNotice[] = "tool_input";
inline constexpr char kCardIdPrefix[] = "input:"; // + the call's transcript id + ":" + the key
bool isInputCardId(const QString &cardId);
bool isAnswer(const QString &action); // accept, decline, cancel
// The input card id of a tool input line, "" for any other message.
QString cardIdOf(const Message &message);
} // namespace ToolInput

} // namespace Tessera
