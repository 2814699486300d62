#include <cards/conversationsearch.h>

#include <cards/card.h>
#include <cards/cardkinds.h>
#include <cards/conversationmodel.h>

namespace Tessera {

QString blockSearchText(const ConversationModel &model, int row)
{
    if (row < 0 || row >= model.rowCount())
        return {};
    if (const Card *card = model.card(row)) {
        if (card->isValid())
            return kindFindText(*card);
        return QString::fromUtf8(card->rawText());
    }
    if (model.blockType(row) == BlockType::VersionSwitcher)
        return {}; // "‹ 2/3 ›" is a control, not text of the conversation
    return model.blockText(row);
}

QList<ConversationMatch> findInConversation(const ConversationModel &model, const QString &needle, int limit)
{
    QList<ConversationMatch> matches;
    findInRows(model, needle, 0, model.rowCount(), &matches, limit);
    return matches;
}

void findInRows(const ConversationModel &model, const QString &needle, int from, int to,
                QList<ConversationMatch> *matches, int limit)
{
    if (needle.isEmpty())
        return;
    to = qMin(to, model.rowCount());
    for (int row = qMax(0, from); row < to && matches->size() < limit; ++row) {
        const QString text = blockSearchText(model, row);
        int occurrence = 0;
        for (qsizetype at = text.indexOf(needle, 0, Qt::CaseInsensitive); at >= 0 && matches->size() < limit;
             at = text.indexOf(needle, at + needle.size(), Qt::CaseInsensitive)) {
            matches->append({row, model.messageIndex(row), occurrence++, int(at), int(needle.size())});
        }
    }
}

} // namespace Tessera
