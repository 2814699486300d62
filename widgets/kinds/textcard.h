#pragma once

// Renderer for "text" cards (seed 000, text: title max 120 chars, text 1–8 000 chars of Markdown).
// The title is CardFrame's; the body is a MarkdownView (no resource is ever loaded, links never
// followed — a clicked link is re-emitted as linkActivated).

#include <widgets/card/cardframe.h>

class QUrl;

namespace Tessera {

class MarkdownView;

class TextCard : public CardFrame
{
    Q_OBJECT

public:
    explicit TextCard(const Card &card, QWidget *parent = nullptr);

    MarkdownView *markdownView() const { return m_view; }

Q_SIGNALS:
    void linkActivated(const QUrl &url);

private:
    MarkdownView *m_view = nullptr;
};

} // namespace Tessera
