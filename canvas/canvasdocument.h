#pragma once

// The HTML document a canvas view loads (PRODUCT.md §5). Layout, in this order:
//   <meta charset>, the Content-Security-Policy <meta> (first: it covers everything after it),
//   <meta name=referrer content=no-referrer>,
//   <meta name=color-scheme> and a <style> telling the page the app's theme (CanvasTheme, issue 18),
//   an inline script that defines window.ethosData as the deep-frozen payload data (before any page script),
//   one <script src="tessera-lib:NAME"> per requested library,
//   then the card's html as the body.
// Qt 6.4's QWebEngineUrlRequestJob cannot set response headers (setAdditionalResponseHeaders is 6.7),
// so the CSP travels as the document's first <meta http-equiv>; the opaque origin comes from the scheme
// (QWebEngineUrlScheme::NoAccessAllowed), not from a CSP sandbox directive (ignored in <meta>).

#include <QByteArray>
#include <QColor>
#include <QString>

class QPalette;

namespace Tessera {

struct CanvasSource;

// The policy on every canvas document. No 'unsafe-eval'; only the library scheme for script src.
QString canvasContentSecurityPolicy();

// A JavaScript string literal (with quotes) holding text, safe inside an inline <script>:
// backslash, quotes, '<', '>', '&', line and paragraph separators and control characters are escaped.
QByteArray javaScriptStringLiteral(const QByteArray &utf8);

// What a page is told of the app's theme, before any of its scripts or styles (issue 18):
//   color-scheme "light" or "dark" (a <meta> and the root's CSS property: form controls, scroll bars
//   and Chromium's own defaults follow it);
//   --tessera-theme: light | dark, --tessera-background and --tessera-foreground (#rrggbb) on :root;
//   the root's background and text colour set to those two with zero specificity (:where), so a page
//   that sets none is drawn on the card's colours and any rule of the page's own wins.
struct CanvasTheme
{
    bool dark = false;
    QColor background = QColor(0xff, 0xff, 0xff);
    QColor foreground = QColor(0x00, 0x00, 0x00);

    QString name() const { return dark ? QStringLiteral("dark") : QStringLiteral("light"); }
};

// The theme of a card drawn with this palette: dark when isDarkPalette, the Base and Text colours.
CanvasTheme canvasThemeFor(const QPalette &palette);

// The <meta name=color-scheme> and <style> elements buildCanvasDocument puts in <head>.
QByteArray canvasThemeHead(const CanvasTheme &theme);

// The full document for a resolved (not refused) source, UTF-8.
QByteArray buildCanvasDocument(const CanvasSource &source, const CanvasTheme &theme = CanvasTheme());

} // namespace Tessera
