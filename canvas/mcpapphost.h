#pragma once

// What MCP App views need from the window (issue 16 "MCP Apps"), process-wide: the tool host whose
// servers the views' own tools/call go to, the composer that ui/message fills, and the confirmation an
// https link needs before it opens. The window sets them; tests replace the confirmation.

#include <functional>

#include <QObject>
#include <QPointer>
#include <QUrl>

#include <mcp/mcptoolhost.h>

class QWidget;

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

    // Asks the person whether to open an https address; true opens it (QDesktopServices). The default
    // shows a question box naming the address, with No as the default button.
    using LinkConfirmer = std::function<bool(QWidget *parent, const QUrl &url)>;
    void setLinkConfirmer(LinkConfirmer confirmer) { m_confirmer = std::move(confirmer); }
    bool openLink(QWidget *parent, const QUrl &url);

    // ui/message: the text goes into the composer, never sent (the window connects composerTextRequested).
    void requestComposerText(const QString &text) { Q_EMIT composerTextRequested(text); }

Q_SIGNALS:
    void composerTextRequested(const QString &text);
    void linkOpened(const QUrl &url);

private:
    explicit McpAppHost(QObject *parent);

    QPointer<McpToolHost> m_toolHost;
    LinkConfirmer m_confirmer;
};

} // namespace Tessera
