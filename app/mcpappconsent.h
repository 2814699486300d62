#pragma once

// The window's side of an MCP App's own tools/call (issue 16 "MCP Apps"): the consent card the call waits
// on is a stored card of the conversation, like the model's tool consent (backend/toolhost.h
// AppToolConsent), not a strip inside the app's block. This joins the two halves:
//  - the app block (canvas/mcpappcard.h) asks McpAppHost::requestToolConsent; this asks the session
//    (ConversationSession::putAppToolConsent), which stores the card and appends it to the conversation;
//  - the person's Allow once / Deny is the session's card_decision; it reaches the waiting block as
//    McpAppHost::toolConsentDecided, an expiry (Stop, a conversation switch) as toolConsentExpired;
//  - a block whose view goes away withdraws its card (McpAppHost::toolConsentWithdrawn): it expires.
// One at a time is McpAppHost's asker: the newest wins; a destroyed one stops asking.

#include <QObject>
#include <QPointer>

namespace Tessera {

class ConversationSession;

class McpAppConsent : public QObject
{
    Q_OBJECT

public:
    // session: Not owned; while it is gone, every app's call is refused.
    explicit McpAppConsent(ConversationSession *session, QObject *parent = nullptr);
    ~McpAppConsent() override;

private:
    QString ask(const QString &tool, const QString &server, const QByteArray &argumentsJson, const QString &app,
                QString *error);

    QPointer<ConversationSession> m_session;
};

} // namespace Tessera
