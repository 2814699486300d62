#include <canvas/canvasdocument.h>

#include <QPalette>
#include <QUrl>

#include <canvas/canvasresolver.h>
#include <canvas/canvassandbox.h>
#include <widgets/common/theme.h>

namespace Tessera {

QString canvasContentSecurityPolicy()
{
    const QString lib = QString::fromLatin1(kCanvasLibraryScheme) + QLatin1Char(':');
    return QStringLiteral("default-src 'none'; script-src 'unsafe-inline' %1; style-src 'unsafe-inline'; "
                          "img-src data: blob:; font-src data: blob:; media-src 'none'; connect-src 'none'; "
                          "frame-src 'none'; child-src 'none'; worker-src 'none'; object-src 'none'; "
                          "manifest-src 'none'; form-action 'none'; base-uri 'none'")
        .arg(lib);
}

QByteArray javaScriptStringLiteral(const QByteArray &utf8)
{
    QByteArray out;
    out.reserve(utf8.size() + 16);
    out.append('"');
    for (qsizetype i = 0; i < utf8.size(); ++i) {
        const auto c = static_cast<unsigned char>(utf8.at(i));
        switch (c) {
        case '\\': out.append("\\\\"); break;
        case '"': out.append("\\\""); break;
        case '\'': out.append("\\'"); break;
        case '<': out.append("\\u003c"); break;
        case '>': out.append("\\u003e"); break;
        case '&': out.append("\\u0026"); break;
        case '\n': out.append("\\n"); break;
        case '\r': out.append("\\r"); break;
        default:
            if (c < 0x20) {
                out.append(QByteArray("\\u00") + QByteArray::number(c, 16).rightJustified(2, '0'));
            } else if (c == 0xE2 && i + 2 < utf8.size() && static_cast<unsigned char>(utf8.at(i + 1)) == 0x80
                       && (static_cast<unsigned char>(utf8.at(i + 2)) == 0xA8
                           || static_cast<unsigned char>(utf8.at(i + 2)) == 0xA9)) {
                // U+2028 / U+2029 end a line in older JavaScript parsers.
                out.append(static_cast<unsigned char>(utf8.at(i + 2)) == 0xA8 ? "\\u2028" : "\\u2029");
                i += 2;
            } else {
                out.append(char(c));
            }
        }
    }
    out.append('"');
    return out;
}

CanvasTheme canvasThemeFor(const QPalette &palette)
{
    CanvasTheme theme;
    theme.dark = isDarkPalette(palette);
    theme.background = palette.color(QPalette::Base);
    theme.foreground = palette.color(QPalette::Text);
    return theme;
}

QByteArray canvasThemeHead(const CanvasTheme &theme)
{
    // Only names and #rrggbb reach the page: nothing here comes from the card.
    const QByteArray scheme = theme.name().toLatin1();
    const QByteArray background = theme.background.name(QColor::HexRgb).toLatin1();
    const QByteArray foreground = theme.foreground.name(QColor::HexRgb).toLatin1();
    return "<meta name=\"color-scheme\" content=\"" + scheme + "\"><style>:where(:root){color-scheme:" + scheme
        + ";--tessera-theme:" + scheme + ";--tessera-background:" + background + ";--tessera-foreground:" + foreground
        + ";background-color:" + background + ";color:" + foreground + "}</style>";
}

QByteArray buildCanvasDocument(const CanvasSource &source, const CanvasTheme &theme)
{
    QByteArray doc;
    doc.reserve(source.html.size() * 2 + source.dataJson.size() + 2048);
    doc.append("<!DOCTYPE html><html><head><meta charset=\"utf-8\">");
    doc.append("<meta http-equiv=\"Content-Security-Policy\" content=\"");
    doc.append(canvasContentSecurityPolicy().toUtf8());
    doc.append("\"><meta name=\"referrer\" content=\"no-referrer\">");
    doc.append(canvasThemeHead(theme));
    // JSON.parse (not a literal): "__proto__" stays an ordinary key. Frozen depth-first, then defined
    // non-writable and non-configurable so no page script can replace it.
    doc.append("<script>(function(){\"use strict\";var d=JSON.parse(");
    doc.append(javaScriptStringLiteral(source.dataJson.isEmpty() ? QByteArrayLiteral("null") : source.dataJson));
    doc.append(");var f=function(o){if(o!==null&&typeof o===\"object\"&&!Object.isFrozen(o)){Object.freeze(o);"
               "Object.getOwnPropertyNames(o).forEach(function(k){f(o[k]);});}return o;};f(d);"
               "Object.defineProperty(window,\"ethosData\",{value:d,writable:false,enumerable:true,"
               "configurable:false});})();</script>");
    for (const QString &library : source.libraries) {
        doc.append("<script src=\"");
        doc.append(kCanvasLibraryScheme);
        doc.append(':');
        doc.append(QUrl::toPercentEncoding(library, "@"));
        doc.append("\"></script>");
    }
    doc.append("</head><body>");
    doc.append(source.html.toUtf8());
    doc.append("</body></html>");
    return doc;
}

} // namespace Tessera
