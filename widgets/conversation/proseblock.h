#pragma once

// Assistant prose that holds ```dorkos-ui fences (seed 003 "Widgets in Chat"): the Markdown is split at
// its fences (findWidgetFences) and drawn in order as prose (MarkdownView), widget, prose, … so each
// widget sits where its fence was. A fence's widget is its card (the message's ProseFence cards, in
// order; built here when the message has none, e.g. a provisional streaming message), drawn through the
// renderer registry: a valid document is a WidgetDocumentCard, an invalid one the fallback card with its
// first issue and the raw JSON. The raw fence is never shown. An unclosed fence while the message is
// streaming is a ProseSkeleton; once the message is complete an unclosed fence is judged like a closed
// one (its text up to the end).
//
// Sizing: a QVBoxLayout of height-for-width parts; heightForWidth() is the layout's.

#include <QList>
#include <QWidget>

#include <cards/card.h>

namespace Tessera {

class Message;
struct RenderContext;

class ProseBlock : public QWidget
{
    Q_OBJECT

public:
    // owner names cards built here ("<message id or line N>#widget-K").
    ProseBlock(const QString &markdown, const QList<Card> &fenceCards, const QString &owner, bool streaming,
               const RenderContext &context, QWidget *parent = nullptr);

    // True when markdown has at least one dorkos-ui fence (cheap check first).
    static bool hasWidgetFences(const QString &markdown);
    // The same for a message's content. Prose longer than ProseView::kSplitInThreadChars is not scanned
    // on the GUI thread (issue 13: 40 MB take longer than a frame to read): its fences are the
    // message's CardSource::ProseFence cards, which the transcript parser and the session add for
    // every fence they find.
    static bool hasWidgetFences(const Message &message);
    // Whether "dorkos-ui" occurs at all: the cheap check, a Horspool search that skips most characters
    // (a 40 MB message is looked through in a few milliseconds, issue 13).
    static bool mentionsWidgets(QStringView markdown);

    // The parts in order: MarkdownView (ProseView for a segment longer than kProseChunkChars), card
    // widgets and skeletons.
    QList<QWidget *> parts() const { return m_parts; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;

Q_SIGNALS:
    void linkActivated(const QUrl &url);

private:
    QList<QWidget *> m_parts;
};

} // namespace Tessera
