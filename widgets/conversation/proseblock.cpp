#include <widgets/conversation/proseblock.h>

#include <algorithm>
#include <array>
#include <iterator>

#include <QLayout>
#include <QVBoxLayout>

#include <cards/dialects/widgetdocument.h>
#include <cards/transcript.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/common/markdownview.h>
#include <widgets/common/proseview.h>
#include <widgets/conversation/proseskeleton.h>

namespace Tessera {

bool ProseBlock::mentionsWidgets(QStringView markdown)
{
    // Horspool with a skip table on the low byte: a character that shares it with one of the word's
    // skips as that one would, never too far.
    static constexpr char16_t kWord[] = u"dorkos-ui";
    constexpr qsizetype n = std::size(kWord) - 1;
    static const std::array<quint8, 256> skip = [] {
        std::array<quint8, 256> table;
        table.fill(quint8(n));
        for (qsizetype i = 0; i + 1 < n; ++i)
            table[kWord[i] & 0xFF] = qMin(table[kWord[i] & 0xFF], quint8(n - 1 - i));
        return table;
    }();
    const char16_t *s = markdown.utf16();
    for (qsizetype at = 0; at + n <= markdown.size();) {
        const char16_t last = s[at + n - 1];
        if (last == kWord[n - 1] && std::equal(kWord, kWord + n - 1, s + at))
            return true;
        at += skip[last & 0xFF];
    }
    return false;
}

bool ProseBlock::hasWidgetFences(const QString &markdown)
{
    return mentionsWidgets(markdown) && !findWidgetFences(markdown).isEmpty();
}

bool ProseBlock::hasWidgetFences(const Message &message)
{
    if (message.content.size() <= ProseView::kSplitInThreadChars)
        return hasWidgetFences(message.content);
    return std::any_of(message.cards.cbegin(), message.cards.cend(),
                       [](const Card &card) { return card.source() == CardSource::ProseFence; });
}

ProseBlock::ProseBlock(const QString &markdown, const QList<Card> &fenceCards, const QString &owner, bool streaming,
                       const RenderContext &context, QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("assistantProse"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(8);
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);

    auto addProse = [&](QStringView text) {
        if (text.trimmed().isEmpty())
            return;
        // A long segment is drawn in chunks (issue 13); a short one is one view.
        QWidget *part = nullptr;
        if (text.size() > kProseChunkChars) {
            auto *view = new ProseView(text.toString(), this);
            connect(view, &ProseView::linkActivated, this, &ProseBlock::linkActivated);
            part = view;
        } else {
            auto *view = new MarkdownView(text.toString(), this);
            connect(view, &MarkdownView::linkActivated, this, &ProseBlock::linkActivated);
            part = view;
        }
        part->setObjectName(QStringLiteral("assistantProseSegment"));
        layout->addWidget(part);
        m_parts.append(part);
    };

    const QList<ProseFence> fences = findWidgetFences(markdown);
    // The message's own cards when they match its fences one to one; else built from the text.
    QList<Card> cards;
    for (const Card &card : fenceCards) {
        if (card.source() == CardSource::ProseFence)
            cards.append(card);
    }
    const bool useGiven = cards.size() == fences.size();
    qsizetype at = 0;
    for (qsizetype i = 0; i < fences.size(); ++i) {
        const ProseFence &fence = fences.at(i);
        addProse(QStringView(markdown).sliced(at, fence.begin - at));
        at = fence.end;
        QWidget *part = nullptr;
        if (!fence.closed && streaming) {
            part = new ProseSkeleton(context.settings.reduceMotion, this);
        } else {
            const Card card = useGiven ? cards.at(i) : widgetFenceCard(fence, owner, int(i) + 1);
            part = RendererRegistry::createCardWidget(card, context, this);
        }
        layout->addWidget(part);
        m_parts.append(part);
    }
    addProse(QStringView(markdown).sliced(qMin(at, markdown.size())));
    setAccessibleName(tr("Assistant"));
}

int ProseBlock::heightForWidth(int width) const
{
    QLayout *l = layout();
    l->activate();
    // A lone skeleton is not height-for-width, and such a layout answers -1.
    return l->hasHeightForWidth() ? l->totalHeightForWidth(width)
                                  : qMax(l->totalSizeHint().height(), l->totalMinimumSize().height());
}

QSize ProseBlock::sizeHint() const
{
    const int w = width() > 50 ? width() : 480;
    return {w, heightForWidth(w)};
}

} // namespace Tessera
