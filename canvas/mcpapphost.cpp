#include <canvas/mcpapphost.h>

#include <QCoreApplication>
#include <QDesktopServices>
#include <QMessageBox>

#include <mcp/mcptoolhost.h>

namespace Tessera {

McpAppHost *McpAppHost::instance()
{
    static QPointer<McpAppHost> host;
    if (!host)
        host = new McpAppHost(QCoreApplication::instance());
    return host;
}

McpAppHost::McpAppHost(QObject *parent)
    : QObject(parent)
{
}

bool McpAppHost::openLink(QWidget *parent, const QUrl &url)
{
    if (url.scheme() != QLatin1String("https"))
        return false; // the bridge refuses them already; this is the second lock
    bool yes = false;
    if (m_confirmer) {
        yes = m_confirmer(parent, url);
    } else {
        yes = QMessageBox::question(parent, tr("Open Link"),
                                    tr("An app asks to open this address in your browser:\n\n%1")
                                        .arg(url.toDisplayString()),
                                    QMessageBox::Open | QMessageBox::Cancel, QMessageBox::Cancel)
            == QMessageBox::Open;
        if (yes)
            QDesktopServices::openUrl(url);
    }
    if (yes)
        Q_EMIT linkOpened(url);
    return yes;
}

} // namespace Tessera
