#include <cards/conversationmodel.h>

#include <QSet>
#include <QThread>

#include <utility>

#include <cards/jsonaccess.h>
#include <cards/strictjson.h>

namespace Tessera {

namespace {

// Puts `front` before the list's items without copying them: QList keeps free room at its start, so each
// page of older history costs its own size, not the conversation's (a copy of the whole list per page made
// loading a million-line file's history quadratic).
template<typename T>
void prependAll(QList<T> &list, const QList<T> &front)
{
    for (auto it = front.crbegin(); it != front.crend(); ++it)
        list.prepend(*it);
}

// Card lifecycle (seed 002, cardstate.h): a system line's "card_update" sets its card's state (the
// latest wins; a state left out keeps the one before); a user line's "card_decision" decides the card
// (the first wins: a card cannot be decided twice). Lines are applied in line order.
void applyCardLine(const Message &message, QHash<QString, CardState> &states, QSet<QString> *changed)
{
    const bool update = message.role == MessageRole::System;
    if (!message.isReadable() || (!update && message.role != MessageRole::User))
        return;
    const char *member = update ? "card_update" : "card_decision";
    if (!message.rawLine.contains(member)) // cheap: most lines carry neither
        return;
    StrictJsonOptions options;
    options.spanPointer = std::string("/") + member;
    const StrictJsonResult parsed =
        parseStrictJson(std::string_view(message.rawLine.constData(), size_t(message.rawLine.size())), options);
    if (!parsed.ok() || !parsed.value->is_object())
        return;
    const auto it = parsed.value->find(member);
    if (it == parsed.value->end() || !it->is_object())
        return;
    const QString cardId = jsonString(*it, "cardId");
    if (cardId.isEmpty())
        return;
    CardState state = states.value(cardId);
    if (update) {
        if (const QString word = jsonString(*it, "state"); !word.isEmpty())
            state.state = word;
        state.updateJson = parsed.spanBegin != std::string::npos && parsed.spanEnd != std::string::npos
                ? message.rawLine.mid(qsizetype(parsed.spanBegin), qsizetype(parsed.spanEnd - parsed.spanBegin))
                : QByteArray::fromStdString(it->dump());
    } else {
        const QString action = jsonString(*it, "action");
        if (action.isEmpty() || state.isDecided())
            return;
        state.decisionAction = action;
        state.decisionOutcome = jsonString(*it, "outcome");
    }
    if (states.value(cardId) == state)
        return;
    states.insert(cardId, state);
    if (changed)
        changed->insert(cardId);
}

// Each Card row whose card has one of these ids is redrawn (the turn around it is not).
void emitCardRowsChanged(ConversationModel *model, const QSet<QString> &ids)
{
    if (ids.isEmpty())
        return;
    for (int row = 0; row < model->rowCount(); ++row) {
        const Card *card = model->card(row);
        if (card && ids.contains(card->cardId()))
            Q_EMIT model->dataChanged(model->index(row), model->index(row), {ConversationModel::CardStateRole});
    }
}

} // namespace

ConversationModel::ConversationModel(QObject *parent)
    : QAbstractListModel(parent)
{}

ConversationModel::~ConversationModel()
{
    // A page still being read holds what its reader captured (the file), never the model: it ends on its
    // own, within one page's read.
    for (QThread *thread : std::as_const(m_olderThreads)) {
        thread->disconnect(this);
        thread->wait();
        delete thread;
    }
}

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
        if (!QStringView(message.content).trimmed().isEmpty()) // no copy of a long message
            blocks->append({BlockType::AssistantProse, messageIndex, -1});
        for (const ToolCall &call : message.toolCalls) {
            if (!isCardToolName(call.name))
                blocks->append({BlockType::ToolActivity, messageIndex, -1});
        }
        break;
    case MessageRole::Tool:
        // A card tool's ack is kept in the transcript, never shown as prose (PRODUCT.md §2).
        if (message.cards.isEmpty() && !isCardToolName(message.toolName))
            blocks->append({BlockType::ToolActivity, messageIndex, -1});
        break;
    case MessageRole::System:
        break;
    case MessageRole::Unknown:
        if (!message.content.isEmpty())
            blocks->append({BlockType::AssistantProse, messageIndex, -1});
        break;
    }
    for (int i = 0; i < message.cards.size(); ++i) {
        // A ```dorkos-ui fence's card is drawn in place by its prose block (seed 003), not as a block.
        if (message.cards.at(i).source() != CardSource::ProseFence)
            blocks->append({BlockType::Card, messageIndex, i});
    }
}

QList<ConversationModel::Block> ConversationModel::blocksFor(const QList<Message> &messages, int firstIndex,
                                                             const TurnVersions *versions)
{
    QList<Block> blocks;
    for (int i = 0; i < messages.size(); ++i) {
        const Message &m = messages.at(i);
        const int index = firstIndex + i;
        if (versions && !versions->isShown(index))
            continue; // a version of its turn not chosen: kept in the transcript, not drawn
        appendBlocks(m, index, &blocks);
        const bool turnGoesOn = i + 1 < messages.size() && messages.at(i + 1).incomplete
                && messages.at(i + 1).turnId == m.turnId;
        if (m.incomplete && !turnGoesOn)
            blocks.append({BlockType::CutOff, index, -1});
        const int group = versions ? versions->groupOf(index) : -1;
        if (group >= 0 && versions->switcherAnchor(group) == index)
            blocks.append({BlockType::VersionSwitcher, index, group});
    }
    return blocks;
}

bool ConversationModel::isVersionLine(const Message &message)
{
    return !message.versionMark.group.isEmpty() || !message.versionChoice.group.isEmpty();
}

void ConversationModel::rebuildWithVersions()
{
    m_versions = TurnVersions::of(m_transcript.messages);
    m_blocks = blocksFor(m_transcript.messages, 0, &m_versions);
    if (m_hasStreaming) {
        QList<Block> streaming;
        appendBlocks(m_streaming, kStreamingIndex, &streaming);
        m_blocks.append(streaming);
        m_streamingBlocks = int(streaming.size());
    }
}

int ConversationModel::lastExchangeStart() const
{
    const QList<Message> &messages = m_transcript.messages;
    for (int i = int(messages.size()) - 1; i >= 0; --i) {
        if (messages.at(i).isReadable() && messages.at(i).role == MessageRole::User) {
            // An edited question opens a version: the exchange is the whole group, version 1 included.
            const int group = m_versions.groupOf(i);
            return group >= 0 ? m_versions.firstMessage(group) : i;
        }
    }
    return -1;
}

bool ConversationModel::isInLastExchange(int row) const
{
    if (row < 0 || row >= m_blocks.size())
        return false;
    const int start = lastExchangeStart();
    const int message = m_blocks.at(row).message;
    return start >= 0 && (message == kStreamingIndex || message >= start);
}

void ConversationModel::setTranscript(const Transcript &transcript)
{
    beginResetModel();
    forgetOlderSource();
    m_transcript = transcript;
    m_versions = TurnVersions::of(m_transcript.messages);
    m_blocks = blocksFor(m_transcript.messages, 0, &m_versions);
    m_cardStates.clear();
    for (const Message &m : std::as_const(m_transcript.messages))
        applyCardLine(m, m_cardStates, nullptr);
    m_hasStreaming = false; // a new conversation: whatever streamed belonged to the old one
    m_streaming = Message();
    m_streamingBlocks = 0;
    endResetModel();
}

void ConversationModel::appendMessage(const Message &message)
{
    if (isVersionLine(message)) {
        // Blocks before the end appear or go: the whole list is redrawn.
        Q_EMIT versionsAboutToRedraw();
        beginResetModel();
        m_transcript.messages.append(message);
        applyCardLine(message, m_cardStates, nullptr);
        rebuildWithVersions();
        endResetModel();
        return;
    }
    m_transcript.messages.append(message);
    if (!m_versions.isEmpty())
        m_versions = TurnVersions::of(m_transcript.messages); // the line joins the version it follows
    const QList<Block> added = blocksFor({message}, int(m_transcript.messages.size()) - 1,
                                         m_versions.isEmpty() ? nullptr : &m_versions);
    QSet<QString> changedCards;
    applyCardLine(message, m_cardStates, &changedCards);
    emitCardRowsChanged(this, changedCards);
    if (added.isEmpty())
        return;
    // Before the streaming message, which stays last while it streams.
    const int at = int(m_blocks.size()) - m_streamingBlocks;
    beginInsertRows(QModelIndex(), at, at + int(added.size()) - 1);
    for (int i = 0; i < added.size(); ++i)
        m_blocks.insert(at + i, added.at(i));
    endInsertRows();
}

void ConversationModel::forgetOlderSource()
{
    m_olderLoader = nullptr;
    m_olderReader = nullptr;
    m_hasOlder = false;
    ++m_olderGeneration;
    if (std::exchange(m_olderThread, nullptr)) // still listed in m_olderThreads until it finishes
        Q_EMIT fetchingOlderChanged(false);
}

void ConversationModel::setOlderMessagesLoader(OlderMessagesLoader loader)
{
    forgetOlderSource();
    m_olderLoader = std::move(loader);
    m_hasOlder = bool(m_olderLoader);
}

void ConversationModel::setOlderMessagesReader(OlderMessagesReader reader)
{
    forgetOlderSource();
    if (reader)
        m_olderReader = std::make_shared<OlderMessagesReader>(std::move(reader));
    m_hasOlder = bool(m_olderReader);
}

bool ConversationModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_hasOlder;
}

void ConversationModel::fetchMore(const QModelIndex &parent)
{
    if (parent.isValid() || !m_hasOlder || m_olderThread)
        return;
    if (m_olderLoader) {
        const QList<Message> older = m_olderLoader(kFetchPageSize);
        if (older.isEmpty()) {
            m_hasOlder = false;
            return;
        }
        prependMessages(older);
        return;
    }
    struct Read
    {
        QList<Message> page;
        QString error;
    };
    const auto read = std::make_shared<Read>();
    QThread *thread = QThread::create([reader = m_olderReader, read] { read->page = (*reader)(kFetchPageSize, &read->error); });
    thread->setObjectName(QStringLiteral("Tessera older page"));
    m_olderThread = thread;
    m_olderThreads.append(thread);
    const quint64 generation = m_olderGeneration;
    connect(thread, &QThread::finished, this, [this, thread, generation, read] {
        takeOlderPage(thread, generation, read->page, read->error);
    });
    thread->start();
    Q_EMIT fetchingOlderChanged(true);
}

void ConversationModel::takeOlderPage(QThread *thread, quint64 generation, const QList<Message> &page,
                                      const QString &error)
{
    m_olderThreads.removeOne(thread);
    thread->wait(); // finished is emitted just before the thread's end
    delete thread;
    if (generation != m_olderGeneration)
        return; // another conversation, or another source, since it was asked for
    m_olderThread = nullptr;
    if (!error.isEmpty()) {
        m_hasOlder = false;
        Q_EMIT olderMessagesFailed(error);
    } else if (page.isEmpty()) {
        m_hasOlder = false;
    } else {
        prependMessages(page);
    }
    Q_EMIT fetchingOlderChanged(false); // after the rows: a reader waiting for them finds them in
}

void ConversationModel::prependMessages(const QList<Message> &older)
{
    if (older.isEmpty())
        return;
    {
        // Older lines come first: an older update yields to a newer one, an older decision wins.
        QHash<QString, CardState> olderStates;
        for (const Message &m : older)
            applyCardLine(m, olderStates, nullptr);
        QSet<QString> changedCards;
        for (auto it = olderStates.cbegin(); it != olderStates.cend(); ++it) {
            const CardState newer = m_cardStates.value(it.key());
            CardState merged = newer;
            if (newer.updateJson.isEmpty())
                merged.updateJson = it->updateJson;
            if (newer.state.isEmpty())
                merged.state = it->state;
            if (it->isDecided()) {
                merged.decisionAction = it->decisionAction;
                merged.decisionOutcome = it->decisionOutcome;
            }
            if (merged != newer || !m_cardStates.contains(it.key())) {
                m_cardStates.insert(it.key(), merged);
                changedCards.insert(it.key());
            }
        }
        emitCardRowsChanged(this, changedCards); // rows loaded so far; the older rows are built with it
    }
    if (!m_versions.isEmpty() || !TurnVersions::of(older).isEmpty()) {
        // A version's first lines may be in the older page: the groups are found anew.
        Q_EMIT olderMessagesAboutToRedraw(int(older.size()));
        beginResetModel();
        prependAll(m_transcript.messages, older);
        rebuildWithVersions();
        endResetModel();
        return;
    }
    const QList<Block> added = blocksFor(older, 0, nullptr);
    const int shift = int(older.size());
    if (added.isEmpty()) {
        for (Block &block : m_blocks)
            block.message += block.message == kStreamingIndex ? 0 : shift;
        prependAll(m_transcript.messages, older);
        return;
    }
    beginInsertRows(QModelIndex(), 0, int(added.size()) - 1);
    for (Block &block : m_blocks)
        block.message += block.message == kStreamingIndex ? 0 : shift;
    prependAll(m_transcript.messages, older);
    prependAll(m_blocks, added);
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

const Message &ConversationModel::messageAt(int index) const
{
    return index == kStreamingIndex ? m_streaming : m_transcript.messages.at(index);
}

const Message &ConversationModel::message(int row) const
{
    return messageAt(m_blocks.at(row).message);
}

int ConversationModel::messageIndex(int row) const
{
    return m_blocks.at(row).message; // kStreamingIndex is -1
}

const Card *ConversationModel::card(int row) const
{
    const Block &block = m_blocks.at(row);
    if (block.type != BlockType::Card)
        return nullptr;
    return &messageAt(block.message).cards.at(block.card);
}

QString ConversationModel::blockText(int row) const
{
    const Block &block = m_blocks.at(row);
    const Message &m = messageAt(block.message);
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
            if (isCardToolName(call.name))
                continue;
            if (nth-- == 0)
                return tr("Tool call: %1").arg(call.name.isEmpty() ? tr("unnamed") : call.name);
        }
        return tr("Tool call");
    }
    case BlockType::Unreadable:
        return tr("Unreadable line %1: %2").arg(m.lineNumber).arg(m.readError);
    case BlockType::CutOff:
        if (m.role == MessageRole::System && m.rawLine.isEmpty() && m.lineNumber == 0 && !m.content.isEmpty())
            return m.content; // appendNotice
        return tr("This turn was cut off: Tessera stopped before it completed.");
    case BlockType::VersionSwitcher: {
        const TurnVersions::Group &group = m_versions.groups().at(block.card);
        return QStringLiteral("\u2039 %1/%2 \u203A").arg(group.chosen).arg(group.count());
    }
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
        return messageAt(block.message).lineNumber;
    case StreamingRole:
        return block.message == kStreamingIndex;
    case CardKindRole:
        return block.type == BlockType::Card ? QVariant(card(row)->kindName()) : QVariant();
    case CardValidRole:
        return block.type == BlockType::Card ? QVariant(card(row)->isValid()) : QVariant();
    case CardIdRole:
        return block.type == BlockType::Card ? QVariant(card(row)->cardId()) : QVariant();
    case CardStateRole:
        return block.type == BlockType::Card ? QVariant::fromValue(cardState(card(row)->cardId())) : QVariant();
    case VersionGroupRole:
    case VersionRole:
    case VersionCountRole:
        return versionData(block, role);
    default:
        return {};
    }
}

QVariant ConversationModel::versionData(const Block &block, int role) const
{
    if (block.type != BlockType::VersionSwitcher)
        return {};
    const TurnVersions::Group &group = m_versions.groups().at(block.card);
    if (role == VersionGroupRole)
        return group.id;
    return role == VersionRole ? group.chosen : group.count();
}

QHash<int, QByteArray> ConversationModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(BlockTypeRole, "blockType");
    names.insert(LineNumberRole, "lineNumber");
    names.insert(CardKindRole, "cardKind");
    names.insert(CardValidRole, "cardValid");
    names.insert(CardIdRole, "cardId");
    names.insert(StreamingRole, "streaming");
    names.insert(CardStateRole, "cardState");
    names.insert(VersionGroupRole, "versionGroup");
    names.insert(VersionRole, "version");
    names.insert(VersionCountRole, "versionCount");
    return names;
}

} // namespace Tessera

// --- placeholders until the streaming (issue 5) and lifecycle (issue 6) work lands ---------------------
namespace Tessera {

void ConversationModel::setStreamingMessage(const Message &message)
{
    QList<Block> blocks;
    appendBlocks(message, kStreamingIndex, &blocks);
    const int first = int(m_blocks.size()) - m_streamingBlocks;
    if (m_hasStreaming && blocks.size() == m_streamingBlocks) {
        // The usual case, one prose block growing: redraw it in place.
        // Prose that only grew changes its text; a block that became another type may change every role.
        bool textOnly = true;
        for (int i = 0; i < blocks.size(); ++i) {
            textOnly = textOnly && blocks.at(i).type == m_blocks.at(first + i).type && blocks.at(i).type != BlockType::Card;
            m_blocks[first + i] = blocks.at(i);
        }
        m_streaming = message;
        if (!blocks.isEmpty())
            Q_EMIT dataChanged(index(first), index(first + int(blocks.size()) - 1),
                               textOnly ? QList<int>{Qt::DisplayRole} : QList<int>{});
        m_hasStreaming = true;
        return;
    }
    if (m_streamingBlocks > 0) {
        beginRemoveRows(QModelIndex(), first, first + m_streamingBlocks - 1);
        m_blocks.resize(first);
        m_streamingBlocks = 0;
        endRemoveRows();
    }
    m_streaming = message;
    m_hasStreaming = true;
    if (!blocks.isEmpty()) {
        beginInsertRows(QModelIndex(), first, first + int(blocks.size()) - 1);
        m_blocks.append(blocks);
        m_streamingBlocks = int(blocks.size());
        endInsertRows();
    }
}

void ConversationModel::clearStreamingMessage()
{
    if (m_streamingBlocks > 0) {
        const int first = int(m_blocks.size()) - m_streamingBlocks;
        beginRemoveRows(QModelIndex(), first, int(m_blocks.size()) - 1);
        m_blocks.resize(first);
        m_streamingBlocks = 0;
        endRemoveRows();
    }
    m_hasStreaming = false;
    m_streaming = Message();
}

void ConversationModel::appendNotice(const QString &text)
{
    Message notice;
    notice.role = MessageRole::System;
    notice.content = text;
    notice.incomplete = true; // draws the one CutOff-style line; the text comes from content (blockText)
    appendMessage(notice);
}

CardState ConversationModel::cardState(const QString &cardId) const
{
    return m_cardStates.value(cardId);
}

int ConversationModel::rowOfCard(const QString &cardId) const
{
    if (cardId.isEmpty())
        return -1;
    for (int row = int(m_blocks.size()) - 1; row >= 0; --row) { // recent cards are the ones updated
        const Card *c = card(row);
        if (c && c->cardId() == cardId)
            return row;
    }
    return -1;
}

bool ConversationModel::hasCard(const QString &cardId) const
{
    if (cardId.isEmpty())
        return false;
    const QList<Message> &messages = m_transcript.messages;
    for (auto it = messages.crbegin(); it != messages.crend(); ++it) { // recent cards are the ones updated
        for (const Card &c : it->cards) {
            if (c.cardId() == cardId)
                return true;
        }
    }
    return false;
}

} // namespace Tessera
