#pragma once

#include <QSyntaxHighlighter>

namespace Tessera {

// Stub: replaced by the source-highlight based highlighter.
class CodeHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT

public:
    CodeHighlighter(const QString &language, QTextDocument *document);

protected:
    void highlightBlock(const QString &text) override;
};

} // namespace Tessera
