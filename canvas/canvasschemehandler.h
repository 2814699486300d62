#pragma once

// Serves tessera-canvas:doc/<uuid> (one-shot documents held by CanvasSandbox) and
// tessera-lib:<name> (allowlisted library scripts). GET only; anything else fails with UrlNotFound.

#include <QWebEngineUrlSchemeHandler>

namespace Tessera {

class CanvasSandbox;

class CanvasSchemeHandler : public QWebEngineUrlSchemeHandler
{
    Q_OBJECT

public:
    explicit CanvasSchemeHandler(CanvasSandbox *sandbox); // Not owned.

    void requestStarted(QWebEngineUrlRequestJob *job) override;

private:
    CanvasSandbox *m_sandbox;
};

} // namespace Tessera
