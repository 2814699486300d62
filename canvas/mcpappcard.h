#pragma once

// The conversation block of a hosted tool's result that has an MCP App view (issue 16 "MCP Apps";
// blockwidgets.h setToolAppFactory): the tool line ("⚙ NAME · 12 ms · allowed once by the user"), a note
// when the view's _meta.ui.csp asked for network domains (refused: a view reaches no network), and the
// view itself (mcpappview.h), started when the block is first shown (headless: drawn at its width).
//  - The app's own tools/call waits on a stored consent card in the conversation (McpAppHost::
//    requestToolConsent; app/mcpappconsent.h): the tool, the server, the arguments, the app, Allow once /
//    Deny. Nothing runs before Allow once (McpAppHost::toolConsentDecided); denied or expired, the app
//    gets a JSON-RPC error. A second call while one waits is refused. When the view goes away a waiting
//    card is withdrawn (it expires) and the app is refused. While the view's server is not connected (a
//    replay offline) its tool calls are refused and the block says so.
//  - ui/message fills the composer (McpAppHost), never sends; ui/open-link goes to the window's link
//    confirmation (CardActions::requestLink), which asks before opening.
//  - When the block goes away the view is sent ui/resource-teardown and lives on, hidden, until the
//    app answers or the bridge's timeout passes.
//  - With card actions (a live window) and RenderContext::offerPopOut, a "Pop Out" button beside the
//    tool line asks McpAppHost::requestPopOut for the line: the window (app/popoutwindow.h) draws a second block of
//    its own from the same line (its own view and bridge, consent asked the same way), which is
//    torn down like this one when the window closes.

#include <QFrame>
#include <QPointer>

#include <mcp/mcpapp.h>
#include <widgets/card/cardactions.h>

class QHBoxLayout;
class QLabel;
class QToolButton;

namespace Tessera {

class McpAppView;
class Message;
class ToolResultLine;
class ToolRun;

// Installs McpAppCard as the tool-app factory of the conversation's blocks.
void installMcpAppRenderer();

class McpAppCard : public QFrame
{
    Q_OBJECT

public:
    McpAppCard(const McpAppRecord &record, const QString &summary, const QString &resultText,
               QWidget *parent = nullptr);
    ~McpAppCard() override;

    McpAppView *view() const { return m_view; } // Not owned by the caller.
    const McpAppRecord &record() const { return m_record; }
    bool isConsentPending() const { return !m_pendingId.isEmpty(); }
    // The consent card the app's call waits on ("appconsent:…"), "" when nothing waits.
    QString pendingConsentCardId() const { return m_pendingCard; }
    QString noticeText() const; // the csp / offline note, "" when none
    // Not owned; may be null (headless, tests): https links then ask with a question box.
    void setCardActions(CardActions *actions) { m_actions = actions; }
    // Adds the "Pop Out" button (after setCardActions; nothing without actions). message: the line.
    void offerPopOut(const Message &message);
    QToolButton *popOutButton() const { return m_popOut; } // null when not offered

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void showEvent(QShowEvent *event) override;

private:
    void onToolCallRequested(const QString &id, const QString &name, const nlohmann::json &arguments);
    void onConsentDecided(const QString &cardId, bool allowed);
    void onConsentExpired(const QString &cardId, const QString &reason);
    void runPendingCall(const QString &id, const QString &tool, const nlohmann::json &arguments);
    void withdrawConsent(); // the view goes away: the waiting card expires, the app is refused
    bool openLink(const QUrl &url);

    McpAppRecord m_record;
    ToolResultLine *m_line = nullptr;
    QHBoxLayout *m_header = nullptr;
    QToolButton *m_popOut = nullptr;
    QLabel *m_notice = nullptr;
    McpAppView *m_view = nullptr;
    QString m_pendingId;   // the app's JSON-RPC request waiting for consent
    QString m_pendingCard; // the consent card it waits on
    QString m_pendingTool;
    nlohmann::json m_pendingArguments;
    QPointer<ToolRun> m_run;
    QPointer<CardActions> m_actions;
};

} // namespace Tessera
