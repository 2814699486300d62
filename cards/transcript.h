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
//
// Turn versions (issue 12; docs/decisions.md "Turn versions"). The file stays append-only: a regenerated
// answer or an edited message is a new version of the turn, written after the old one, never over it.
//  - An exchange is a user line and the lines after it up to the next user line.
//  - A version opens with a line carrying "turn_version": {"group": G, "version": N, "from": F}:
//      regenerate: {"role":"system","content":"…","turn_version":{"group":G,"version":N,"from":F}},
//        then the new answer's lines; the version asks what version F asked (its user line is F's);
//      edit and resend: {"role":"user","content":NEW TEXT,"turn_version":{"group":G,"version":N}},
//        then the answer's lines.
//    G names the group (a UUID Tessera makes); the first line with a new G makes the exchange just
//    before it version 1. Versions are numbered by their order in the file (N is written to match).
//  - The person's choice: {"role":"system","content":"…","version_choice":{"group":G,"version":N}};
//    the last one in the file wins; a new version is chosen when it opens.

#include <QByteArray>
#include <QByteArrayView>
#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringView>

#include <functional>

#include <nlohmann/json_fwd.hpp>

#include <cards/card.h>

class QIODevice;

namespace Tessera {

enum class MessageRole { User, Assistant, Tool, System, Unknown };

struct ToolCall
{
    QString id;
    QString name;         // function name, e.g. "emit_card"
    QByteArray arguments; // the arguments string as received (JSON text)
};

// A line's "turn_version" member; group empty when the line has none (or an unusable one).
struct TurnVersionMark
{
    QString group;
    int version = 0; // as written; readers number by order
    int from = 0;    // regenerate: the version whose question this one answers again; 0 = none (edit)
};

// A line's "version_choice" member; group empty when none.
struct VersionChoice
{
    QString group;
    int version = 0; // 1-based
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
    TurnVersionMark versionMark; // the line opens a version of a turn (see above)
    VersionChoice versionChoice; // the line records which version is shown

    bool isReadable() const { return readError.isEmpty(); }
    // The whole line parsed again from rawLine (unknown fields included), or a null JSON value for an
    // unreadable line. Not cached: a 10,000-message conversation would otherwise hold every line twice.
    nlohmann::json json() const;
};

class Transcript
{
public:
    // Parses JSON Lines text. Never throws; bad lines become unreadable messages.
    // Each line is read on its own (parseTranscriptLine), so a large text's lines are read on up to
    // four threads, in contiguous runs, and joined in file order before the passes across lines
    // (issue 17, open and import). `threads`: 0 picks by size (one thread below 1 MiB or 2,000
    // lines, else QThread::idealThreadCount() up to 4); a positive count forces that many runs, for
    // the test that compares them. The result does not depend on the count.
    static Transcript fromJsonLines(const QByteArray &data, int threads = 0);
    // Reads JSON Lines text as fromJsonLines does, but hands its messages to `consume` on the calling
    // thread in runs of `runLines` lines, in file order, while up to `threads` worker threads read the
    // runs after it (0 picks as fromJsonLines does; 1 reads on the calling thread). Workers stay at most a
    // few runs ahead, so a large text is never held as messages all at once. The messages are as
    // parseTranscriptLine gives them: the passes across lines (card calls resolved against their results,
    // repeated turn prose elided) are the consumer's. `consume` returns false to stop the read early.
    // Used where the work on each message is as long as its read (issue 17: the store's import).
    // `prepare`, when given, runs on the thread that read the run, before the run is handed over: work
    // that needs the run alone moves off the calling thread with it.
    static void readJsonLinesInRuns(const QByteArray &data, const std::function<bool(QList<Message> &run)> &consume,
                                    int threads = 0, qsizetype runLines = 256,
                                    const std::function<void(QList<Message> &run)> &prepare = {});
    // Reads a file; returns false with a reason when it cannot be read at all. A stream (a pipe, a device)
    // is read up to kMaxStreamBytes and refused past it, so /dev/zero cannot grow the process without end.
    static bool readFile(const QString &path, Transcript *transcript, QString *error);
    static constexpr qint64 kMaxStreamBytes = qint64(256) << 20;
    // Reads a stream (no size to check first) in pieces of 1 MiB, handing each to `take`, and refuses it
    // past kMaxStreamBytes: "cannot read PATH: it is a stream (a pipe or a device) of more than 256 MiB; …".
    // False with "cannot read PATH: why" when it cannot be read, is too long, or `take` says why not.
    static bool readStream(QIODevice *stream, const QString &path,
                           const std::function<bool(QByteArrayView piece, QString *why)> &take, QString *error);

    QList<Message> messages;

    int cardCount() const;     // every card, valid or not
    int fallbackCount() const; // invalid or unknown cards plus unreadable lines
};

// Where the non-blank lines of JSON Lines text are, as fromJsonLines reads them: a UTF-8 byte order mark
// first is skipped, CRs that end a line are not part of it, blank lines (spaces, tabs, CRs only) give no
// line but are counted. The text is fed a piece at a time (TranscriptFile reads a file in pieces;
// fromJsonLines feeds it whole), and `found` is called once per line, in order.
class LineFinder
{
public:
    struct Line
    {
        qint64 start = 0;  // byte offset in the text
        qint64 length = 0; // without the line end
        int number = 0;    // 1-based, blank lines counted
    };
    // `textStart`: 3 when the text starts with a byte order mark (bomLength), else 0; the first piece fed
    // starts there.
    LineFinder(qint64 textStart, std::function<void(const Line &)> found);
    static qint64 bomLength(const char *data, qint64 size);
    void feed(const char *piece, qint64 size);
    void finish(); // the text ends after the last piece

private:
    void takePart(const char *part, qint64 size);
    void endLine(qint64 end);

    std::function<void(const Line &)> m_found;
    qint64 m_at = 0;    // where the next piece starts
    qint64 m_start = 0; // where the line being read starts
    bool m_blank = true;
    qint64 m_carriageReturns = 0; // CRs that end the line so far
    int m_number = 0;
};

// The versions of the turns in a run of messages (see "Turn versions" above), computed in one pass.
// A run with no version lines has no groups and shows everything.
class TurnVersions
{
public:
    struct Group
    {
        QString id;
        int chosen = 0;       // 1-based
        QList<int> userLine;  // per version: the message index of its own user line, or -1
        QList<int> from;      // per version: the version it regenerated (0 = none)
        int count() const { return int(userLine.size()); }
    };

    static TurnVersions of(const QList<Message> &messages);

    bool isEmpty() const { return m_groups.isEmpty(); }
    const QList<Group> &groups() const { return m_groups; }
    int groupIndex(const QString &id) const;   // -1 when unknown
    int groupOf(int message) const;            // index into groups(), or -1
    int versionOf(int message) const;          // 1-based, or 0
    bool isShown(int message) const;           // false only for the versions not chosen
    // The message after whose blocks the group's "‹ N/M ›" switcher goes: the chosen version's user
    // line, else its first shown message; -1 when the chosen version has no lines.
    int switcherAnchor(int group) const;
    // The user line the chosen version asks with (its own, or that of the version it regenerated);
    // -1 when none.
    int question(int group) const;
    // The first message of the group (version 1's question, when it has one).
    int firstMessage(int group) const;

private:
    QList<Group> m_groups;
    QList<int> m_groupOf;
    QList<int> m_versionOf;
    QList<bool> m_shown;
    QList<int> m_anchor;
    QList<int> m_question;
    QList<int> m_first;
};

// The messages a backend continuing the conversation should see: every message shown (the chosen
// version of each turn), in order. The messages themselves when there are no versions.
QList<Message> chosenVersionMessages(const QList<Message> &messages);

// The tools whose calls carry a card (the one list every reader of calls uses): emit_card and
// render_ui (seed 000), send_card (seed 001: {spec, text} -> json_render).
bool isCardToolName(QStringView name);

// Parses one line on its own (no cross-line tool-call resolution). Exposed for live backends.
// A clean line is read whole on simdjson's tape (issue 17), any other the exact way; the message is the
// same either way. A card read on the tape finds its numbers' source digits (Card's number lexemes) from
// its raw text when first asked, so only the cards drawn or exported pay for them.
Message parseTranscriptLine(const QByteArray &line, int lineNumber);
// The two ways, for the test that compares them: the clean way (false, *message untouched, when the line
// needs the exact way: a repeated key, a card that is not valid, anything the tape cannot vouch for) and
// the exact way alone.
bool readCleanTranscriptLine(const QByteArray &line, int lineNumber, Message *message);
Message parseTranscriptLineExactly(const QByteArray &line, int lineNumber);

// A card fallbackCount() counts: not valid, or of no kind Tessera draws.
bool isFallbackCard(const Card &card);

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

// Card-tool calls across lines: a call draws its card from the arguments unless a tool result carrying
// a card, or refusing the call, answers it (its id is in `answeredCalls`); fromJsonLines's rule, for lines
// parsed one at a time (a stored page, a live line).
// The call a parsed line answers, else "".
QString answeredCardCall(const Message &message);
QSet<QString> answeredCardCalls(const QList<Message> &messages);
// Appends the cards of the message's calls that `answeredCalls` does not answer, with their ids.
void resolveCardCalls(Message *message, const QSet<QString> &answeredCalls);
void resolveCardCalls(QList<Message> *messages, const QSet<QString> &answeredCalls);
// A message resolved against `resolvedAgainst`, resolved again against `answered`, which holds every id
// of `resolvedAgainst`: the cards of the calls answered since are taken away; the others keep their
// order and get their ids again. It ends as resolveCardCalls against `answered` would leave it, without
// building a card twice.
void settleCardCalls(Message *message, const QSet<QString> &resolvedAgainst, const QSet<QString> &answered);
// True when a card call of the message has an id no result in `answeredCalls` answers.
bool waitsForCardResult(const Message &message, const QSet<QString> &answeredCalls);

// fromJsonLines's passes across lines for a text read in runs (readJsonLinesInRuns; issue 17, the
// store's import), one run at a time: card calls resolved against their results, repeated turn prose
// elided. prepare() runs on the reading thread (it builds the call cards, the costly part); settle() on
// the consuming thread, run after run in file order. A message leaves settle() as fromJsonLines gives it,
// except a card call whose result comes in a later run: the message draws that card until finish(),
// after the last run, hands it back without it.
class LinePasses
{
public:
    struct Changed
    {
        qsizetype index = 0;  // in the whole text, from 0
        Message message;      // as fromJsonLines gives it
        qsizetype cardsBefore = 0; // message.cards.size() when settle() handed it over
    };

    static void prepare(QList<Message> &run);
    void settle(QList<Message> &run);
    QList<Changed> finish();
    // Every call answered by the lines settled so far.
    const QSet<QString> &answered() const { return m_answered; }

private:
    struct Waiting
    {
        qsizetype index = 0;
        Message message;
        QSet<QString> resolvedAgainst; // the answers to its own calls when it was settled
    };
    QSet<QString> m_answered;
    QHash<QString, QString> m_shownProse; // turn id -> the prose its assistant lines showed so far
    QList<Waiting> m_waiting;
    qsizetype m_settled = 0;
};

} // namespace Tessera
