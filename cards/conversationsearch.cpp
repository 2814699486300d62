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
    if (needle.isEmpty())
        return matches;
    const int rows = model.rowCount();
    for (int row = 0; row < rows && matches.size() < limit; ++row) {
        const QString text = blockSearchText(model, row);
        int occurrence = 0;
        for (qsizetype at = text.indexOf(needle, 0, Qt::CaseInsensitive); at >= 0 && matches.size() < limit;
             at = text.indexOf(needle, at + needle.size(), Qt::CaseInsensitive)) {
            matches.append({row, model.messageIndex(row), occurrence++, int(at), int(needle.size())});
        }
    }
    return matches;
}

} // namespace Tessera
