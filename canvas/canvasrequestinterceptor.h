#pragma once

// Sandbox layer 4 (canvassandbox.h): blocks every request from a canvas that is not to the document
// or library scheme, data: or blob:. Counts what it blocked so tests can see the layer work.

#include <atomic>

#include <QWebEngineUrlRequestInterceptor>

namespace Tessera {

class CanvasRequestInterceptor : public QWebEngineUrlRequestInterceptor
{
    Q_OBJECT

public:
    explicit CanvasRequestInterceptor(QObject *parent = nullptr);

    void interceptRequest(QWebEngineUrlRequestInfo &info) override;
    int blockedCount() const { return m_blocked.load(); }
    static bool isAllowed(const QUrl &url);

Q_SIGNALS:
    void requestBlocked(const QUrl &url); // queued to the GUI thread when needed

private:
    std::atomic<int> m_blocked{0};
};

} // namespace Tessera
