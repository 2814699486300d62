#pragma once

// Sandbox layer 5 (canvassandbox.h): the page of one canvas view. Accepts exactly one navigation, the
// main-frame load of its own document URL; refuses every later navigation (links, location, forms,
// meta refresh, history) and every subframe. No new windows, no JavaScript dialogs, no file chooser,
// every permission denied, full screen and file-system access refused. Uncaught script errors are kept
// for the card's status line.

#include <QStringList>
#include <QUrl>
#include <QWebEnginePage>

namespace Tessera {

class CanvasPage : public QWebEnginePage
{
    Q_OBJECT

public:
    // Uses CanvasSandbox's profile. documentUrl: the one URL this page may load.
    CanvasPage(const QUrl &documentUrl, QObject *parent = nullptr);

    QUrl documentUrl() const { return m_documentUrl; }
    int refusedNavigationCount() const { return m_refusedNavigations; }
    QStringList scriptErrors() const { return m_errors; }

Q_SIGNALS:
    void navigationRefused(const QUrl &url);
    void scriptError(const QString &message);

protected:
    bool acceptNavigationRequest(const QUrl &url, NavigationType type, bool isMainFrame) override;
    QWebEnginePage *createWindow(WebWindowType type) override;
    void javaScriptAlert(const QUrl &securityOrigin, const QString &msg) override;
    bool javaScriptConfirm(const QUrl &securityOrigin, const QString &msg) override;
    bool javaScriptPrompt(const QUrl &securityOrigin, const QString &msg, const QString &defaultValue,
                          QString *result) override;
    void javaScriptConsoleMessage(JavaScriptConsoleMessageLevel level, const QString &message, int lineNumber,
                                  const QString &sourceID) override;
    QStringList chooseFiles(FileSelectionMode mode, const QStringList &oldFiles,
                            const QStringList &acceptedMimeTypes) override;

private:
    QUrl m_documentUrl;
    bool m_loaded = false;
    int m_refusedNavigations = 0;
    QStringList m_errors;
};

} // namespace Tessera
