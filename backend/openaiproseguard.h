#pragma once

// The prose of one model round, watched for tool calls the model wrote instead of making them (seed 002,
// finding 17; docs/decisions.md "Fumbled tool calls"). Small local models do three things:
//
//  - ToolNameAsText: the answer's last word is a hosted tool's name (`emit_card`, `render_ui`, also in
//    backticks or bold, with one trailing . : or !). Stripped, unless the round made a real call.
//  - ImitatedCall: a fenced block (``` with no info string, json, jsonc or tool_call), or the whole answer
//    up to its first object, is one JSON object shaped as a call: {"kind": KIND, "payload": {…}} with a
//    kind of seed 000's catalog, or {"name": "emit_card"|"render_ui", "arguments"|"parameters": …}.
//    Stripped, never drawn, never left as raw JSON.
//  - Narrated card: with cards drawn earlier in the turn ("on screen"), a part of the prose that repeats
//    one of them exactly: such a fenced or imitated block whose kind and payload (or payload alone) equal
//    a drawn card's; a Markdown table whose header cells are a drawn data_table's column labels, in order
//    (case-insensitive); a list whose items are, one for one and in order, a drawn item_list's item names
//    or recommend_actions' labels (each item containing its name, case-insensitive). Stripped: the card
//    carries it.
//
// feed() gives back the text that can be shown now: always a prefix of the final content, so streamed
// prose is never taken back. What might still be stripped is held: a line that may open such a block
// until the block ends, and a last word that may be a tool's name until more words follow.

#include <memory>

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <nlohmann/json_fwd.hpp>

namespace Tessera {

enum class OpenAiFumble {
    None,
    ToolNameAsText,
    ImitatedCall,
};

struct OpenAiProseVerdict
{
    QString content;         // the answer as kept
    QString unshown;         // the end of content feed() has not given out yet
    OpenAiFumble fumble = OpenAiFumble::None; // the first one of the round
    QString tool;            // the tool the fumble names
    int narratedCards = 0;   // copies of drawn cards stripped
};

class OpenAiProseGuard
{
public:
    // A new round. cardsOnScreen: envelopes {kind, specVersion, payload} drawn earlier in this turn.
    void begin(const QList<QByteArray> &cardsOnScreen);
    // Appends a content delta; returns the part that can be shown now.
    QString feed(const QString &delta);
    // What is kept if the round breaks off now: everything received except blocks already stripped,
    // with what is still held kept as received.
    QString received() const;
    // The round ended. roundCalledTools: a real call was made, so a trailing tool name is its narration.
    OpenAiProseVerdict finish(bool roundCalledTools);

private:
    enum class BlockKind { None, Fence, Table, List };
    enum class Shape { Prose, Imitation, CopyOfCard };
    struct OnScreen
    {
        std::string kind;
        std::shared_ptr<const nlohmann::json> payload;
    };

    void pushText(const QString &text);
    void endLine(const QString &line, bool hadNewline);
    bool continueBlock(const QString &line, bool hadNewline);
    void closeBlock();
    void releasePartialLine();
    void release(const QString &text);
    bool mayOpenBlock(const QString &partial) const;
    BlockKind opensBlock(const QString &line) const;
    void strip(Shape shape, const QString &tool);
    Shape classify(const QString &jsonText, QString *tool) const;
    Shape classifyObject(const nlohmann::json &value, QString *tool) const;
    bool isOnScreen(const std::string &kind, const nlohmann::json &payload) const;
    bool tableNarratesCard(const QStringList &lines) const;
    bool listNarratesCard(const QStringList &lines) const;
    void finishWholeJson();

    QList<OnScreen> m_cards;
    bool m_watchTables = false;
    bool m_watchLists = false;

    QString m_lead;            // text before the first non-space character, or the whole answer held as JSON
    bool m_leadDecided = false;
    bool m_wholeJson = false;  // the answer opened with "{": held to the end
    QString m_line;            // the line being received
    qsizetype m_lineShown = 0; // of m_line, passed to release()
    BlockKind m_block = BlockKind::None;
    QStringList m_blockLines;
    QString m_blockText;       // the held block as received, line ends included
    QString m_tail;            // a last word held: it may be a tool's name
    QString m_out;             // the content kept so far, m_tail excepted
    qsizetype m_shown = 0;     // of m_out, given out by feed()
    bool m_skipBlank = false;  // a block was stripped: one blank line after it goes too
    bool m_inOtherFence = false; // inside a fence of another language: shown as it comes

    OpenAiProseVerdict m_verdict;
};

} // namespace Tessera
