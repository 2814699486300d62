#pragma once

// Conversation files (PRODUCT.md §2): JSON Lines, UTF-8, one OpenAI Chat Completions message per line.
//
//  - A tool message's structured.card is the card, parsed from its exact bytes in the line.
//  - An emit_card / render_ui tool call with no such result builds its card from the call's arguments,
//    unless a tool result refused it (Message::refusesCall): a refused call is not drawn, on replay too.
//  - A tool message's content is the short ack: kept, never shown as prose.
//  - Optional per line: id, created_at, turn_id; unknown fields are kept (rawLine and json()).
//  - A line that is not JSON or not UTF-8 becomes an unreadable message; the other lines still load.
//    A failure inside structured.card (too deep, a number overflow) becomes a fallback card instead.
// Blank lines are skipped; a UTF-8 byte order mark and CR line ends are tolerated.

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringView>

#include <nlohmann/json_fwd.hpp>

#include <cards/card.h>

namespace Tessera {

enum class MessageRole { User, Assistant, Tool, System, Unknown };

struct ToolCall
{
    QString id;
    QString name;         // function name, e.g. "emit_card"
    QByteArray arguments; // the arguments string as received (JSON text)
};

class Message
{
public:
    int lineNumber = 0;  // 1-based line in the file; 0 for messages that did not come from a file
    QByteArray rawLine;  // exactly as received, without the line end
    QString readError;   // non-empty: the line is unreadable ("not valid JSON: …")

    MessageRole role = MessageRole::Unknown;
    QString roleName;    // as received
    QString content;     // prose (assistant/user/system) or ack (tool); text parts joined
    QList<ToolCall> toolCalls;
    QString toolCallId;  // tool messages
    QString toolName;    // tool messages: "name"
    // A tool result that refused its call: content is a JSON object with "ok": false (seed 000 "Refusals",
    // e.g. {"ok":false,"code":"input_invalid","issues":[…]}). The refused call draws no card, on replay too.
    bool refusesCall = false;
    QString id;
    QString turnId;
    QString createdAt;   // ISO-8601 as received

    QList<Card> cards;   // the cards this message draws, in order
    bool incomplete = false; // part of a turn that was cut off and never completed (store: marked on open)

    bool isReadable() const { return readError.isEmpty(); }
    // The whole line parsed again from rawLine (unknown fields included), or a null JSON value for an
    // unreadable line. Not cached: a 10,000-message conversation would otherwise hold every line twice.
    nlohmann::json json() const;
};

class Transcript
{
public:
    // Parses JSON Lines text. Never throws; bad lines become unreadable messages.
    static Transcript fromJsonLines(const QByteArray &data);
    // Reads a file; returns false with a reason when it cannot be read at all.
    static bool readFile(const QString &path, Transcript *transcript, QString *error);

    QList<Message> messages;

    int cardCount() const;     // every card, valid or not
    int fallbackCount() const; // invalid or unknown cards plus unreadable lines
};

// The tools whose calls carry a card (the one list every reader of calls uses): emit_card and
// render_ui (seed 000), send_card (seed 001: {spec, text} -> json_render).
bool isCardToolName(QStringView name);

// Parses one line on its own (no cross-line tool-call resolution). Exposed for live backends.
Message parseTranscriptLine(const QByteArray &line, int lineNumber);

// The id of message.cards[index] from its base id (card.h, Card::cardId): base itself, or "base#N"
// (N = index + 1) when an earlier card of the line already has that id; "" when base is "".
QString cardIdInLine(const Message &message, int index, const QString &base);

// Prose is never drawn twice (issue 13; docs/decisions.md, Live sessions). A backend may stream a turn's
// prose, send cards, then the whole answer as one assistant line that starts with the prose already
// shown. Such a line keeps in `content` only what follows the repeat; its raw line stays as received.
// `shown` is the prose the same turn's earlier assistant lines showed, in order. Nothing is cut when the
// line does not start with it (leading white space aside), when it is empty, or when the repeat holds a
// ``` fence (widget fences are drawn by position). Returns the prose the line adds to `shown`.
QString elideRepeatedTurnProse(Message *message, const QString &shown);
// The same rule over whole lines in order (a file, a stored conversation, a page of one).
void elideRepeatedTurnProse(QList<Message> *messages);

} // namespace Tessera
