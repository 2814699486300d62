#pragma once

// A read-only view of Markdown (GitHub dialect) that never loads anything: used for text cards and
// assistant prose (PRODUCT.md §2: assistant content is Markdown).
//
// Safety rules:
//  - No image or other resource is ever loaded from disk or network: loadResource() of the view and
//    of its document return nothing, and every image is replaced by its alt text ("[image: alt]")
//    before the document is laid out, so Qt's image handler (which falls back to reading files)
//    never runs.
//  - Links are shown but never followed; a click emits linkActivated(url) and nothing else.
//  - Raw HTML is not interpreted (shown as text): Qt 6.4.2 drops text from table cells that mix
//    inline HTML with emphasis or links (e.g. "**a**<br>**b**<br/>[c](d)" renders empty), and HTML
//    is also where md4c has looped forever before. "<br>" / "<br/>" outside code becomes a line
//    break (U+2028), which is what authors mean by it in table cells.
//
// Long words: a run of more than kBreakEvery characters with no space gets a zero-width space (U+200B)
// after every kBreakStep of them in the drawn document, so Qt's line breaking stays linear (issue 13:
// a 100 KB word took 12 s) and the run wraps at the view's width. Copying a selection strips U+200B;
// renderInto() adds none (plain-text copies of a message are built from it).
//
// Sizing: hasHeightForWidth(); heightForWidth(w) is the document height laid out at w (no scroll bars).

#include <QHash>
#include <QTextBrowser>

class QTextDocument;

namespace Tessera {

class MarkdownView : public QTextBrowser
{
    Q_OBJECT

public:
    // A chunk of a longer text (ProseView) may continue the paragraph of the chunk above or below it:
    // it is drawn without the margins on that side, so the paragraph reads as one.
    // HidesTableHeader: the chunk continues a table; its first row repeats the header and is removed.
    enum Join { NoJoin = 0, JoinsAbove = 1, JoinsBelow = 2, HidesTableHeader = 4 };
    Q_DECLARE_FLAGS(Joins, Join)

    static constexpr int kBreakEvery = 64; // runs longer than this get break opportunities,
    static constexpr int kBreakStep = 16;  // one after every this many characters

    explicit MarkdownView(const QString &markdown, QWidget *parent = nullptr);
    MarkdownView(const QString &markdown, Joins joins, QWidget *parent = nullptr);

    QString markdown() const { return m_markdown; }

    // Replaces the document's content with the rendered Markdown, images replaced by alt text.
    // Works on any QTextDocument in any thread (the tests parse hostile input in a worker thread).
    static void renderInto(QTextDocument *document, const QString &markdown);
    // "<br>" / "<br/>" / "<br />" outside code spans and fenced blocks -> U+2028; everything else unchanged.
    static QString preprocess(const QString &markdown);
    // Inserts U+200B into every run of more than kBreakEvery non-space characters (see above).
    static void breakLongRuns(QTextDocument *document);

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    // Always returns a null QVariant: nothing is ever loaded (see the rules above).
    QVariant loadResource(int type, const QUrl &name) override;

Q_SIGNALS:
    // A link was clicked or activated with the keyboard. Never opened by the view.
    void linkActivated(const QUrl &url);

protected:
    void changeEvent(QEvent *event) override;
    QMimeData *createMimeDataFromSelection() const override;

private:
    void rebuild();

    void applyJoins(QTextDocument *document) const;

    QString m_markdown;
    Joins m_joins;
    QTextDocument *m_shown = nullptr;   // the displayed document; owned (child)
    mutable QTextDocument *m_measure = nullptr; // same content, laid out at other widths; owned (child), lazy
    mutable QHash<int, int> m_heightCache;
};

} // namespace Tessera

Q_DECLARE_OPERATORS_FOR_FLAGS(Tessera::MarkdownView::Joins)
