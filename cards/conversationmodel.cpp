#include "conversationmodel.h"

namespace Tessera {

ConversationModel::ConversationModel(QObject *parent)
    : QAbstractListModel(parent)
{}

void ConversationModel::appendBlocks(const Message &message, int messageIndex, QList<Block> *blocks)
{
    if (!message.isReadable()) {
        blocks->append({BlockType::Unreadable, messageIndex, -1});
        return;
    }
    switch (message.role) {
    case MessageRole::User:
        if (!message.content.isEmpty())
            blocks->append({BlockType::UserText, messageIndex, -1});
        break;
    case MessageRole::Assistant:
        if (!message.content.trimmed().isEmpty())
            blocks->append({BlockType::AssistantProse, messageIndex, -1});
        for (const ToolCall &call : message.toolCalls) {
            if (call.name != QLatin1String("emit_card") && call.name != QLatin1String("render_ui"))
                blocks->append({BlockType::ToolActivity, messageIndex, -1});
        }
        break;
    case MessageRole::Tool:
        // A card tool's ack is kept in the transcript, never shown as prose (PRODUCT.md §2).
        if (message.cards.isEmpty() && message.toolName != QLatin1String("emit_card")
            && message.toolName != QLatin1String("render_ui"))
            blocks->append({BlockType::ToolActivity, messageIndex, -1});
        break;
    case MessageRole::System:
        break;
    case MessageRole::Unknown:
        if (!message.content.isEmpty())
            blocks->append({BlockType::AssistantProse, messageIndex, -1});
        break;
    }
    for (int i = 0; i < message.cards.size(); ++i)
        blocks->append({BlockType::Card, messageIndex, i});
}

QList<ConversationModel::Block> ConversationModel::blocksFor(const QList<Message> &messages, int firstIndex)
{
    QList<Block> blocks;
    for (int i = 0; i < messages.size(); ++i) {
        const Message &m = messages.at(i);
        appendBlocks(m, firstIndex + i, &blocks);
        const bool turnGoesOn = i + 1 < messages.size() && messages.at(i + 1).incomplete
                && messages.at(i + 1).turnId == m.turnId;
        if (m.incomplete && !turnGoesOn)
            blocks.append({BlockType::CutOff, firstIndex + i, -1});
    }
    return blocks;
}

void ConversationModel::setTranscript(const Transcript &transcript)
{
    beginResetModel();
    m_olderLoader = nullptr;
    m_hasOlder = false;
    m_transcript = transcript;
    m_blocks = blocksFor(m_transcript.messages, 0);
    endResetModel();
}

void ConversationModel::appendMessage(const Message &message)
{
    const QList<Block> added = blocksFor({message}, int(m_transcript.messages.size()));
    m_transcript.messages.append(message);
    if (added.isEmpty())
        return;
    beginInsertRows(QModelIndex(), int(m_blocks.size()), int(m_blocks.size() + added.size() - 1));
    m_blocks.append(added);
    endInsertRows();
}

void ConversationModel::setOlderMessagesLoader(OlderMessagesLoader loader)
{
    m_olderLoader = std::move(loader);
    m_hasOlder = bool(m_olderLoader);
}

bool ConversationModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_hasOlder;
}

void ConversationModel::fetchMore(const QModelIndex &parent)
{
    if (parent.isValid() || !m_hasOlder)
        return;
    const QList<Message> older = m_olderLoader(kFetchPageSize);
    if (older.isEmpty()) {
        m_hasOlder = false;
        return;
    }
    prependMessages(older);
}

void ConversationModel::prependMessages(const QList<Message> &older)
{
    if (older.isEmpty())
        return;
    const QList<Block> added = blocksFor(older, 0);
    const int shift = int(older.size());
    if (added.isEmpty()) {
        for (Block &block : m_blocks)
            block.message += shift;
        m_transcript.messages = older + m_transcript.messages;
        return;
    }
    beginInsertRows(QModelIndex(), 0, int(added.size()) - 1);
    for (Block &block : m_blocks)
        block.message += shift;
    m_transcript.messages = older + m_transcript.messages;
    m_blocks = added + m_blocks;
    endInsertRows();
}

int ConversationModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_blocks.size());
}

BlockType ConversationModel::blockType(int row) const
{
    return m_blocks.at(row).type;
}

const Message &ConversationModel::message(int row) const
{
    return m_transcript.messages.at(m_blocks.at(row).message);
}

const Card *ConversationModel::card(int row) const
{
    const Block &block = m_blocks.at(row);
    if (block.type != BlockType::Card)
        return nullptr;
    return &m_transcript.messages.at(block.message).cards.at(block.card);
}

QString ConversationModel::blockText(int row) const
{
    const Block &block = m_blocks.at(row);
    const Message &m = m_transcript.messages.at(block.message);
    switch (block.type) {
    case BlockType::UserText:
    case BlockType::AssistantProse:
        return m.content;
    case BlockType::ToolActivity: {
        if (m.role == MessageRole::Tool)
            return tr("Tool result (%1): %2").arg(m.toolName.isEmpty() ? tr("unnamed") : m.toolName,
                                                 m.content.left(200));
        // The n-th non-card call of this message.
        int nth = 0;
        for (int r = row - 1; r >= 0 && m_blocks.at(r).message == block.message; --r) {
            if (m_blocks.at(r).type == BlockType::ToolActivity)
                ++nth;
        }
        for (const ToolCall &call : m.toolCalls) {
            if (call.name == QLatin1String("emit_card") || call.name == QLatin1String("render_ui"))
                continue;
            if (nth-- == 0)
                return tr("Tool call: %1").arg(call.name.isEmpty() ? tr("unnamed") : call.name);
        }
        return tr("Tool call");
    }
    case BlockType::Unreadable:
        return tr("Unreadable line %1: %2").arg(m.lineNumber).arg(m.readError);
    case BlockType::CutOff:
        return tr("This turn was cut off: Tessera stopped before it completed.");
    case BlockType::Card:
        break;
    }
    return {};
}

QVariant ConversationModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    const Block &block = m_blocks.at(row);
    switch (role) {
    case Qt::DisplayRole:
        if (block.type == BlockType::Card) {
            const Card *c = card(row);
            return c->title().isEmpty() ? c->kindName() : c->kindName() + QLatin1String(": ") + c->title();
        }
        return blockText(row);
    case BlockTypeRole:
        return int(block.type);
    case LineNumberRole:
        return m_transcript.messages.at(block.message).lineNumber;
    case CardKindRole:
        return block.type == BlockType::Card ? QVariant(card(row)->kindName()) : QVariant();
    case CardValidRole:
        return block.type == BlockType::Card ? QVariant(card(row)->isValid()) : QVariant();
    default:
        return {};
    }
}

QHash<int, QByteArray> ConversationModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(BlockTypeRole, "blockType");
    names.insert(LineNumberRole, "lineNumber");
    names.insert(CardKindRole, "cardKind");
    names.insert(CardValidRole, "cardValid");
    return names;
}

} // namespace Tessera

// --- placeholders until the streaming (issue 5) and lifecycle (issue 6) work lands ---------------------
namespace Tessera {

void ConversationModel::setStreamingMessage(const Message &message)
{
    m_streaming = message;
}

void ConversationModel::clearStreamingMessage()
{
    m_hasStreaming = false;
}

CardState ConversationModel::cardState(const QString &cardId) const
{
    return m_cardStates.value(cardId);
}

int ConversationModel::rowOfCard(const QString &) const
{
    return -1;
}

} // namespace Tessera
