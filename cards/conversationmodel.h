#pragma once

// The conversation as a flat list of blocks, one row each, in the order they are drawn.
//
// A message becomes zero or more blocks: its prose (user or assistant), one block per card, a
// compact line for a non-card tool call or result, or an "unreadable line N" block. The block type
// is a render kind kept apart from the wire's role (the view picks a delegate by it, not by role).
// System messages and card-tool acks draw nothing but stay in the transcript.
// A turn with versions (transcript.h, "Turn versions") shows only its chosen version's blocks, and one
// VersionSwitcher row ("‹ 2/2 ›") after the version's question (or before its first block).

#include <functional>
#include <memory>

#include <QAbstractListModel>
#include <QList>

QT_BEGIN_NAMESPACE
class QThread;
QT_END_NAMESPACE

#include <cards/cardstate.h>
#include <cards/transcript.h>

namespace Tessera {

enum class BlockType {
    UserText,       // a user turn, plain text
    AssistantProse, // assistant Markdown
    Card,           // one card (valid: native renderer; invalid or unknown: fallback)
    ToolActivity,   // a non-card tool call or result, one muted line
    Unreadable,     // "unreadable line N"
    CutOff,         // after the last message of a turn that was cut off: one line saying so
    VersionSwitcher, // a turn with versions: "‹ N/M ›", which one is shown (issue 12)
};

class ConversationModel : public QAbstractListModel
{
    Q_OBJECT

public:
    enum Roles {
        BlockTypeRole = Qt::UserRole + 1, // int(BlockType)
        LineNumberRole,                   // int, 1-based source line
        CardKindRole,                     // QString kind name for Card blocks
        CardValidRole,                    // bool for Card blocks
        CardIdRole,                       // QString Card::cardId() for Card blocks
        StreamingRole,                    // bool: the provisional block of prose still streaming
        CardStateRole,                    // CardState (QVariant::fromValue) for Card blocks
        VersionGroupRole,                 // QString group id for VersionSwitcher blocks
        VersionRole,                      // int, the version shown (1-based), for VersionSwitcher blocks
        VersionCountRole,                 // int, how many versions, for VersionSwitcher blocks
    };

    explicit ConversationModel(QObject *parent = nullptr);
    ~ConversationModel() override;

    void setTranscript(const Transcript &transcript);
    const Transcript &transcript() const { return m_transcript; }
    // Appends one message (live backends); emits rowsInserted for its blocks.
    void appendMessage(const Message &message);

    // --- live streaming (issue 5) -----------------------------------------------------------------
    // A provisional assistant message at the end, not part of transcript() until committed: set (first
    // call appends its blocks, later calls replace them: dataChanged when the block count is the same,
    // else rows removed and inserted), then cleared when the prose is committed as a real line (which
    // the caller appends with appendMessage) or the turn is dropped.
    void setStreamingMessage(const Message &message);
    void clearStreamingMessage();
    bool hasStreamingMessage() const { return m_hasStreaming; }
    // A line of the live session's own, never stored and never in a file ("The agent reported an error:
    // …", "The agent sent no answer."): one muted CutOff-style block with this text, before the
    // streaming message. In transcript() as a system message with no raw line (nothing to export).
    void appendNotice(const QString &text);

    // --- card lifecycle (issue 6, seed 002) ----------------------------------------------------------
    // The state of a card by id, computed from the card_update / card_decision lines loaded so far
    // (appendMessage of such a line emits dataChanged for the card's block).
    CardState cardState(const QString &cardId) const;
    // The row of the Card block with this id, or -1.
    int rowOfCard(const QString &cardId) const;
    // True when a loaded message draws a card with this id: a block of its own or a widget fence drawn
    // inside prose. Says nothing about older pages not loaded yet (canFetchMore).
    bool hasCard(const QString &cardId) const;

    // Lazy history (STYLE.md: canFetchMore/fetchMore). The loader returns up to `count` messages older
    // than everything loaded, oldest first, and an empty list when there are none left. Used for stored
    // conversations: the first screen comes from the newest page, older pages as the user scrolls up.
    using OlderMessagesLoader = std::function<QList<Message>(int count)>;
    void setOlderMessagesLoader(OlderMessagesLoader loader);
    // The same, read on a thread of its own (issue 17: a page of a very large file may hold a line of tens
    // of MB, which no input may make the GUI thread parse). fetchMore starts one page and returns; the
    // page is put in front when it is back, and fetchMore does nothing meanwhile (isFetchingOlder). The
    // reader must not touch the model or any widget: it may still run when the model has moved on (its
    // page is then dropped). A non-empty *error ends the history and is emitted as olderMessagesFailed.
    using OlderMessagesReader = std::function<QList<Message>(int count, QString *error)>;
    void setOlderMessagesReader(OlderMessagesReader reader);
    bool isFetchingOlder() const { return m_olderThread != nullptr; }
    bool canFetchMore(const QModelIndex &parent = QModelIndex()) const override;
    void fetchMore(const QModelIndex &parent = QModelIndex()) override;
    // Puts older messages in front of the loaded ones; emits rowsInserted at row 0, or, when version groups
    // must be found anew, olderMessagesAboutToRedraw and then modelReset.
    void prependMessages(const QList<Message> &older);
    static constexpr int kFetchPageSize = 200; // messages per fetchMore

Q_SIGNALS:
    // Just before a version line redraws the list (modelReset follows): the view keeps the reader's place.
    void versionsAboutToRedraw();
    // Just before older messages redraw the list (modelReset follows): every loaded message's index grows
    // by `count`, so the view and the find bar can find again what the reader was looking at.
    void olderMessagesAboutToRedraw(int count);
    // An older page read on a thread (setOlderMessagesReader) could not be read; no older page follows.
    void olderMessagesFailed(const QString &error);
    // A page began (true) or ended (false) being read on a thread: isFetchingOlder() changed.
    void fetchingOlderChanged(bool fetching);

public:
    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    // --- turn versions (issue 12) ----------------------------------------------------------------------
    // A version line (one opening a version or recording a choice) appended or loaded redraws the whole
    // list (modelReset): blocks in the middle appear and disappear.
    const TurnVersions &versions() const { return m_versions; }
    // Where the last exchange starts in transcript(): the last user line loaded, or the first line of
    // the version group it belongs to; -1 when there is none.
    int lastExchangeStart() const;
    // True for the rows of the last exchange (and the streaming message).
    bool isInLastExchange(int row) const;

    BlockType blockType(int row) const;
    const Message &message(int row) const;
    // The index into transcript().messages of a row's message; -1 for the streaming message.
    int messageIndex(int row) const;
    // The card of a Card block; nullptr for other rows.
    const Card *card(int row) const;
    // The text a block shows: prose, the tool line, or the unreadable reason.
    QString blockText(int row) const;

private:
    struct Block
    {
        BlockType type;
        int message; // index into the transcript, or kStreamingIndex
        int card; // index into the message's cards, the version group (VersionSwitcher), or -1
    };
    // A block's message: index -1 is the streaming message (kStreamingIndex), else the transcript's.
    static constexpr int kStreamingIndex = -1;
    const Message &messageAt(int index) const;
    static void appendBlocks(const Message &message, int messageIndex, QList<Block> *blocks);
    // Blocks for a run of messages; a cut-off turn gets its notice after its last message in the run.
    // `versions` covers the whole transcript (firstIndex counts into it); null: everything shown.
    static QList<Block> blocksFor(const QList<Message> &messages, int firstIndex, const TurnVersions *versions);
    static bool isVersionLine(const Message &message);
    QVariant versionData(const Block &block, int role) const;
    // m_versions and every block anew, inside beginResetModel/endResetModel.
    void rebuildWithVersions();
    // No older page from the loader or reader set before is taken any more (one still being read is dropped).
    void forgetOlderSource();
    void takeOlderPage(QThread *thread, quint64 generation, const QList<Message> &page, const QString &error);

    Transcript m_transcript;
    QList<Block> m_blocks;
    OlderMessagesLoader m_olderLoader;
    std::shared_ptr<OlderMessagesReader> m_olderReader; // shared with the page's thread, one call at a time
    bool m_hasOlder = false;
    QThread *m_olderThread = nullptr;  // the page being read for the current source, if any
    QList<QThread *> m_olderThreads;   // every page thread not yet finished (the destructor waits for them)
    quint64 m_olderGeneration = 0;     // grows with each new source: a page read for an older one is dropped
    bool m_hasStreaming = false;
    Message m_streaming;
    int m_streamingBlocks = 0; // rows at the end that belong to the streaming message
    QHash<QString, CardState> m_cardStates;
    TurnVersions m_versions;
};

} // namespace Tessera
