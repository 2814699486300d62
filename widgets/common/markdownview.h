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
// Sizing: hasHeightForWidth(); heightForWidth(w) is the document height laid out at w (no scroll bars).

#include <QHash>
#include <QTextBrowser>

class QTextDocument;

namespace Tessera {

class MarkdownView : public QTextBrowser
{
    Q_OBJECT

public:
    explicit MarkdownView(const QString &markdown, QWidget *parent = nullptr);

    QString markdown() const { return m_markdown; }

    // Replaces the document's content with the rendered Markdown, images replaced by alt text.
    // Works on any QTextDocument in any thread (the tests parse hostile input in a worker thread).
    static void renderInto(QTextDocument *document, const QString &markdown);
    // "<br>" / "<br/>" / "<br />" outside code spans and fenced blocks -> U+2028; everything else unchanged.
    static QString preprocess(const QString &markdown);

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

private:
    void rebuild();

    QString m_markdown;
    QTextDocument *m_shown = nullptr;   // the displayed document; owned (child)
    QTextDocument *m_measure = nullptr; // same content, laid out at the asked width; owned (child)
    mutable QHash<int, int> m_heightCache;
};

} // namespace Tessera
