#pragma once

#include <QTextBrowser>

namespace Tessera {

// Stub: replaced by the real safe Markdown view.
class MarkdownView : public QTextBrowser
{
    Q_OBJECT

public:
    explicit MarkdownView(const QString &markdown, QWidget *parent = nullptr);
};

} // namespace Tessera
