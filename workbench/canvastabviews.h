#pragma once

// One native view per canvas content type (issue 15; the table follows canvasContentTypes() in
// workbench/canvascommand.cpp, and tst_canvaspanel checks that every type has its row).
//
//   widget    the widget-document renderer of the chat (RendererRegistry, kind dorkos_ui)
//   markdown  an editor beside the rendered view (the chat's chunked ProseView, following the editor
//             after a pause in the typing); its links go to context.openLink, https only (others are
//             refused with the reason shown at the click)
//   file      an editor with the code card's highlighter (CodeHighlighter; language from the tab, else
//             the source's suffix); plain text, with a note saying why ("canvasNote"), past
//             kMaxHighlightedChars or with a line longer than kMaxHighlightedLine; a theme change
//             re-highlights it in slices (EditorLoader::rehighlight)
//   Both editors are filled in slices (EditorLoader): no tab costs the GUI thread more than a frame at a
//   time, however long (a tab holds up to 4 Mi characters); canvasTabLoading() says when they are full.
//   csv       a QTableView (CsvTableModel: numbers right-aligned, at most kMaxColumns / kMaxRows shown)
//   json      a collapsible tree (the strict parser: nesting past 100 is an error shown in the tab;
//             at most kMaxJsonNodes items are built)
//   image     data: and local files inside the working directory decoded through QImageReader with its
//             size checked first (WidgetNodeImage's limit); https:// only after the person clicks
//   pdf       QtPdf (QPdfView); bytes that are not a PDF show QtPdf's error; https:// is shown as an
//             address that opens in the system browser after confirmation
//   canvas    the canvas kind's sandbox (RendererRegistry, kind canvas: every rule of PRODUCT.md §5)
//   url, browser  never loaded: the address, and a button that asks the window to confirm and open it
//   mcp_app   the stored tool result line the tab names, drawn by the conversation's app block
//             (blockwidgets.h createToolAppWidget: canvas/mcpappcard.h, installed by main())
// A view that cannot draw its content shows one line saying why (object name "canvasError").

#include <QAbstractTableModel>
#include <QString>
#include <QStringList>

#include <widgets/card/rendererregistry.h>
#include <workbench/canvaspanelstate.h>

class QPlainTextEdit;
class QWidget;

namespace Tessera {

struct CanvasViewContext
{
    QString workingDir;    // the session's working directory: local files must be inside it
    RenderContext render;  // widget and canvas tabs draw with it (actions may be null: headless)
    // url/browser and https pdf tabs, and https links clicked in a markdown tab's rendered side: called
    // with the address when the person asks to open it (the window confirms before opening).
    std::function<void(const QString &url)> openLink;
};

// The content view of one tab; never null, never throws (bad content -> a "canvasError" line).
QWidget *createCanvasTabView(const CanvasTab &tab, const CanvasViewContext &context, QWidget *parent);
// The types the view table has a row for (in table order).
QList<CanvasContentType> canvasViewTypes();
// The editor of a markdown or file view (for edits and tests); null for other views.
QPlainTextEdit *canvasTabEditor(QWidget *view);
// Whether the view's editor is still being filled (read-only until it is; its text is not an edit).
bool canvasTabLoading(QWidget *view);
// Headless (CanvasPanel::renderToImage), on a shown, laid-out view: makes it draw what it holds before it
// is painted. The card of a widget, canvas or mcp_app tab is asked for its height at its width, as the
// conversation's render asks its blocks: a canvas or an app loads and keeps its frame then (bounded:
// canvascard.h, mcpappview.h; one that does not draw says why in its place, "canvas stopped: …", "app
// stopped: …"). Long Markdown builds the chunks within height px of the top.
void prepareCanvasTabViewHeadless(QWidget *view, int height);

// CSV as a table: RFC 4180 quoting, the first row is the header. Cells that read as numbers are
// right-aligned. Bounded: columns past kMaxColumns and rows past kMaxRows are not shown (a note says how
// many there were).
class CsvTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    static constexpr int kMaxColumns = 200;
    static constexpr int kMaxRows = 10000;

    explicit CsvTableModel(const QString &text, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    int totalColumns() const { return m_totalColumns; } // in the widest row, before the bound
    int totalRows() const { return m_totalRows; }       // data rows, before the bound
    QString note() const; // "" when everything is shown

private:
    QStringList m_header;
    QList<QStringList> m_rows;
    int m_totalColumns = 0;
    int m_totalRows = 0;
};

inline constexpr int kMaxJsonNodes = 20000;
// File tabs: highlighting costs about a millisecond per kilobyte of code, a line in one go.
inline constexpr qsizetype kMaxHighlightedChars = 1024 * 1024;
inline constexpr qsizetype kMaxHighlightedLine = 10000;

} // namespace Tessera
