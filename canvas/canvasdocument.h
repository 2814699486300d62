#pragma once

// The HTML document a canvas view loads (PRODUCT.md §5). Layout, in this order:
//   <meta charset>, the Content-Security-Policy <meta> (first: it covers everything after it),
//   <meta name=referrer content=no-referrer>,
//   an inline script that defines window.ethosData as the deep-frozen payload data (before any page script),
//   one <script src="tessera-lib:NAME"> per requested library,
//   then the card's html as the body.
// Qt 6.4's QWebEngineUrlRequestJob cannot set response headers (setAdditionalResponseHeaders is 6.7),
// so the CSP travels as the document's first <meta http-equiv>; the opaque origin comes from the scheme
// (QWebEngineUrlScheme::NoAccessAllowed), not from a CSP sandbox directive (ignored in <meta>).

#include <QByteArray>
#include <QString>

namespace Tessera {

struct CanvasSource;

// The policy on every canvas document. No 'unsafe-eval'; only the library scheme for script src.
QString canvasContentSecurityPolicy();

// A JavaScript string literal (with quotes) holding text, safe inside an inline <script>:
// backslash, quotes, '<', '>', '&', line and paragraph separators and control characters are escaped.
QByteArray javaScriptStringLiteral(const QByteArray &utf8);

// The full document for a resolved (not refused) source, UTF-8.
QByteArray buildCanvasDocument(const CanvasSource &source);

} // namespace Tessera
