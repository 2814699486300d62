#pragma once

// What MCP App views (canvas/mcpappcard.h) need from the window (issue 16 "MCP Apps"), process-wide:
// the tool host whose servers the views' own tools/call go to, the consent card each of those calls
// waits on (asked in the conversation: app/mcpappconsent.h), the composer that ui/message fills, the
// pop-out window an app block asks for, and
// (for tests and headless use) a confirmation for https links. Qt Core only, so the window sets it
// without linking the web engine.

#include <functional>

#include <QObject>
#include <QPointer>
#include <QUrl>

#include <mcp/mcptoolhost.h>

namespace Tessera {

class McpAppHost : public QObject
{
    Q_OBJECT

public:
    // Created on first use, owned by the application object.
    static McpAppHost *instance();

    // Not owned; may be null (no server connected: every app's tool calls are off).
    void setToolHost(McpToolHost *host) { m_toolHost = host; }
    McpToolHost *toolHost() const { return m_toolHost.data(); }

    // When set, ui/open-link asks this instead of the window (true: the address was opened).
    using LinkConfirmer = std::function<bool(const QUrl &url)>;
    void setLinkConfirmer(LinkConfirmer confirmer) { m_confirmer = std::move(confirmer); }
    bool hasLinkConfirmer() const { return bool(m_confirmer); }
    bool confirmLink(const QUrl &url);

    // ui/message: the text goes into the composer, never sent (the window connects composerTextRequested).
    void requestComposerText(const QString &text) { Q_EMIT composerTextRequested(text); }
    // An app block's "Pop Out" (canvas/mcpappcard.h): toolLine is the stored tool result line with the
    // view; the window shows it in a pop-out window of its own (app/popoutcontroller.h).
    void requestPopOut(const QByteArray &toolLine) { Q_EMIT popOutRequested(toolLine); }

    // An app's own tools/call asks the person first (backend/toolhost.h AppToolConsent). The asker (the
    // window's, app/mcpappconsent.h) puts up a stored consent card and returns its id, or "" with a
    // reason; exactly one of toolConsentDecided / toolConsentExpired follows for that id. The card that
    // asked withdraws it when its view goes away (toolConsentWithdrawn: the asker expires it).
    // tool: the server's name for it; argumentsJson: JSON text; app: the tool whose view asks.
    using ConsentAsker = std::function<QString(const QString &tool, const QString &server, const QByteArray &argumentsJson,
                                               const QString &app, QString *error)>;
    void setConsentAsker(ConsentAsker asker) { m_asker = std::move(asker); }
    bool hasConsentAsker() const { return bool(m_asker); }
    QString requestToolConsent(const QString &tool, const QString &server, const QByteArray &argumentsJson,
                               const QString &app, QString *error);
    void decideToolConsent(const QString &cardId, bool allowed) { Q_EMIT toolConsentDecided(cardId, allowed); }
    void expireToolConsent(const QString &cardId, const QString &reason) { Q_EMIT toolConsentExpired(cardId, reason); }
    void withdrawToolConsent(const QString &cardId) { Q_EMIT toolConsentWithdrawn(cardId); }

Q_SIGNALS:
    void toolConsentDecided(const QString &cardId, bool allowed);
    void toolConsentExpired(const QString &cardId, const QString &reason);
    void toolConsentWithdrawn(const QString &cardId);
    void composerTextRequested(const QString &text);
    void popOutRequested(const QByteArray &toolLine);
    void linkOpened(const QUrl &url);

private:
    explicit McpAppHost(QObject *parent);

    QPointer<McpToolHost> m_toolHost;
    LinkConfirmer m_confirmer;
    ConsentAsker m_asker;
};

} // namespace Tessera
