#include "markdownview.h"

namespace Tessera {

MarkdownView::MarkdownView(const QString &markdown, QWidget *parent)
    : QTextBrowser(parent)
{
    setPlainText(markdown);
}

} // namespace Tessera
