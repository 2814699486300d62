#include <cards/transcript.h>

#include <QFile>
#include <QThread>
#include <QHash>
#include <QSet>

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include <cards/cardkinds.h>
#include <cards/dialects/widgetdocument.h>
#include <cards/jsonaccess.h>
#include <cards/jsontape.h>
#include <cards/strictjson.h>

namespace Tessera {

using nlohmann::json;

namespace {

const char kCardPointer[] = "/structured/card";

MessageRole roleFromName(const QString &name)
{
    if (name == QLatin1String("user"))
        return MessageRole::User;
    if (name == QLatin1String("assistant"))
        return MessageRole::Assistant;
    if (name == QLatin1String("tool"))
        return MessageRole::Tool;
    if (name == QLatin1String("system") || name == QLatin1String("developer"))
        return MessageRole::System;
    return MessageRole::Unknown;
}

// The members of a line are read by the templates below from either tree: nlohmann's (the exact way) or
// simdjson's tape (a line read clean, readCleanTranscriptLine), with the reads of jsontape.h, so both read
// alike.

template<typename Value>
QString stringMember(const Value &object, std::string_view key)
{
    const auto member = memberOf(object, key);
    return member && isString(*member) ? fromStdString(stringOf(*member)) : QString();
}

// content is a string, null, or an array of parts ({type: "text", text}) in the Chat Completions shape.
template<typename Value>
QString contentText(const Value &content)
{
    if (isString(content))
        return fromStdString(stringOf(content));
    QString text;
    if (isArray(content)) {
        forEachElement(content, [&](std::size_t, const auto &part) {
            if (isString(part)) {
                const QString partText = fromStdString(stringOf(part));
                if (!text.isEmpty() && !partText.isEmpty())
                    text += QLatin1String("\n\n");
                text += partText;
            } else if (isObject(part)) {
                const QString partText = stringMember(part, "text");
                if (!partText.isEmpty()) {
                    if (!text.isEmpty())
                        text += QLatin1String("\n\n");
                    text += partText;
                }
            }
        });
    }
    return text;
}

bool isCardTool(const QString &name)
{
    return isCardToolName(name);
}

// Seed 000 "Refusals": a tool result {"ok": false, …} refused its call.
bool isRefusal(const QString &content)
{
    const QString trimmed = content.trimmed();
    if (!trimmed.startsWith(QLatin1Char('{')))
        return false;
    const QByteArray text = trimmed.toUtf8();
    const StrictJsonResult parsed = parseStrictJson(std::string_view(text.constData(), size_t(text.size())));
    if (!parsed.ok() || !parsed.value->is_object())
        return false;
    const auto ok = parsed.value->find("ok");
    return ok != parsed.value->end() && ok->is_boolean() && !ok->get<bool>();
}

// An integer as a signed 64-bit value (one past its range wraps, as nlohmann's get<qint64> does).
std::optional<qint64> integerOf(const json &value)
{
    return value.is_number_integer() ? std::optional(value.get<qint64>()) : std::nullopt;
}

std::optional<qint64> integerOf(simdjson::dom::element value)
{
    if (value.type() == simdjson::dom::element_type::INT64)
        return tapeValue<std::int64_t>(value);
    if (value.type() == simdjson::dom::element_type::UINT64)
        return qint64(tapeValue<std::uint64_t>(value));
    return std::nullopt;
}

template<typename Value>
int intMember(const Value &object, std::string_view name)
{
    const auto member = memberOf(object, name);
    const std::optional<qint64> number = member ? integerOf(*member) : std::nullopt;
    return number ? int(qBound(qint64(0), *number, qint64(1) << 20)) : 0;
}

// "turn_version" and "version_choice" (transcript.h, Turn versions): read only from lines that may
// carry them; a member of the wrong shape is ignored (the line still draws as it would without).
template<typename Value>
void readVersionMembers(const Value &value, Message *message)
{
    if (message->role == MessageRole::System || message->role == MessageRole::User) {
        if (const auto mark = memberOf(value, "turn_version"); mark && isObject(*mark)) {
            message->versionMark.group = stringMember(*mark, "group");
            message->versionMark.version = intMember(*mark, "version");
            message->versionMark.from = message->role == MessageRole::System ? intMember(*mark, "from") : 0;
        }
    }
    if (message->role == MessageRole::System) {
        if (const auto choice = memberOf(value, "version_choice"); choice && isObject(*choice)) {
            message->versionChoice.group = stringMember(*choice, "group");
            message->versionChoice.version = intMember(*choice, "version");
        }
    }
}

// A tool call's arguments given as JSON rather than as a string: their text as nlohmann's dump() writes it.
// The tape does not write that text: false, and the line is read the exact way.
bool argumentsText(const json &arguments, QByteArray *out)
{
    *out = QByteArray::fromStdString(arguments.dump());
    return true;
}

bool argumentsText(simdjson::dom::element, QByteArray *)
{
    return false;
}

enum class MembersRead { Read, ToolCallsNotArray, NotOnTape };

// Every member of a message line but its card; *resultCardId is structured.cardId when a string.
template<typename Value>
MembersRead readMessageMembers(const Value &value, Message *message, QString *resultCardId)
{
    message->roleName = stringMember(value, "role");
    message->role = roleFromName(message->roleName);
    if (const auto content = memberOf(value, "content"))
        message->content = contentText(*content);
    message->id = stringMember(value, "id");
    message->turnId = stringMember(value, "turn_id");
    message->createdAt = stringMember(value, "created_at");
    message->toolCallId = stringMember(value, "tool_call_id");
    message->toolName = stringMember(value, "name");
    message->refusesCall = message->role == MessageRole::Tool && isRefusal(message->content);
    readVersionMembers(value, message);

    if (const auto calls = memberOf(value, "tool_calls")) {
        // A shape Tessera cannot read is shown as such, never dropped in silence.
        if (!isArray(*calls) && !isNull(*calls))
            return MembersRead::ToolCallsNotArray;
        bool written = true;
        if (isArray(*calls)) {
            forEachElement(*calls, [&](std::size_t, const auto &call) {
                if (!isObject(call))
                    return;
                ToolCall toolCall;
                toolCall.id = stringMember(call, "id");
                if (const auto function = memberOf(call, "function"); function && isObject(*function)) {
                    toolCall.name = stringMember(*function, "name");
                    if (const auto arguments = memberOf(*function, "arguments")) {
                        if (isString(*arguments)) {
                            const std::string_view text = stringOf(*arguments);
                            toolCall.arguments = QByteArray(text.data(), qsizetype(text.size()));
                        } else {
                            written = argumentsText(*arguments, &toolCall.arguments) && written;
                        }
                    }
                }
                message->toolCalls.append(toolCall);
            });
        }
        if (!written)
            return MembersRead::NotOnTape;
    }
    if (const auto structured = memberOf(value, "structured"); structured && isObject(*structured))
        *resultCardId = stringMember(*structured, "cardId");
    return MembersRead::Read;
}

// What every line that reads as a message ends with: card ids, and the prose's widget fences.
void finishMessage(Message *message, QString resultCardId)
{
    // Card identity (card.h, Card::cardId): structured.cardId, else the call it answers, else the line's id.
    if (resultCardId.isEmpty())
        resultCardId = message->toolCallId.isEmpty() ? message->id : message->toolCallId;
    for (int i = 0; i < message->cards.size(); ++i) {
        if (message->cards.at(i).source() == CardSource::ToolResult && message->cards.at(i).cardId().isEmpty())
            message->cards[i].setCardId(cardIdInLine(*message, i, resultCardId));
    }
    // Seed 003: every ```dorkos-ui fence of assistant prose is a card, drawn in place by the prose block.
    if (message->role == MessageRole::Assistant)
        message->cards.append(widgetFenceCards(message->content, message->id.isEmpty()
                                                                     ? QStringLiteral("line %1").arg(message->lineNumber)
                                                                     : message->id));
}

} // namespace

// The clean way (issue 17): the whole line on simdjson's tape (readCleanTape), its members read there and
// its card validated there (Card::fromCleanEnvelope), building no tree. Any doubt (a repeated key, depth,
// a card that is not valid, a tool call's arguments given as JSON, an escaped member name on the card's
// path) returns false, and the exact way reads the line. The tape holds this line until the next
// readCleanTape on this thread: nothing called below reads another text onto it (isRefusal and the widget
// fences read the exact way).
bool readCleanTranscriptLine(const QByteArray &line, int lineNumber, Message *out)
{
    const std::string_view text(line.constData(), size_t(line.size()));
    simdjson::dom::element value;
    if (!readCleanTape(text, &value) || !isObject(value)) // the cards find their digits when asked
        return false;
    Message message;
    message.lineNumber = lineNumber;
    message.rawLine = line;
    QString resultCardId;
    const MembersRead members = readMessageMembers(value, &message, &resultCardId);
    if (members == MembersRead::NotOnTape)
        return false;
    if (members == MembersRead::ToolCallsNotArray) {
        message.readError = QStringLiteral("tool_calls must be an array");
        *out = std::move(message);
        return true;
    }
    if (const auto structured = memberOf(value, "structured"); structured && isObject(*structured)) {
        if (const auto card = memberOf(*structured, "card")) {
            const auto span = isObject(*card) ? cleanResultCardSpan(text, value) : std::nullopt;
            if (!span)
                return false;
            std::optional<Card> read = Card::fromCleanEnvelope(
                line.mid(qsizetype(span->first), qsizetype(span->second - span->first)), *card);
            if (!read)
                return false;
            message.cards.append(std::move(*read));
        }
    }
    finishMessage(&message, resultCardId);
    *out = std::move(message);
    return true;
}

json Message::json() const
{
    if (!isReadable())
        return nullptr;
    StrictJsonResult result = parseStrictJson(std::string_view(rawLine.constData(), size_t(rawLine.size())));
    return result.ok() ? std::move(*result.value) : nlohmann::json();
}

bool isCardToolName(QStringView name)
{
    return name == QLatin1String("emit_card") || name == QLatin1String("render_ui")
        || name == QLatin1String("send_card");
}

Message parseTranscriptLine(const QByteArray &line, int lineNumber)
{
    Message message;
    if (readCleanTranscriptLine(line, lineNumber, &message))
        return message;
    return parseTranscriptLineExactly(line, lineNumber);
}

Message parseTranscriptLineExactly(const QByteArray &line, int lineNumber)
{
    Message message;
    message.lineNumber = lineNumber;
    message.rawLine = line;

    // The card is most of a tool line's bytes: the line is read stepping over it, and the card read the
    // clean way (Card::fromCleanEnvelopeText, no tree built). Anything short of a clean read of both, and
    // the line is read again whole, the exact way, so the message is the same either way (issue 17).
    StrictJsonOptions options;
    options.spanPointer = kCardPointer;
    std::optional<Card> cleanCard;
    StrictJsonResult result = parseStrictJsonAroundSpan(
        std::string_view(line.constData(), size_t(line.size())), options, [&](std::string_view span) {
            cleanCard = Card::fromCleanEnvelopeText(QByteArray(span.data(), qsizetype(span.size())));
            return cleanCard.has_value();
        });

    if (!result.ok()) {
        const QString pointer = fromStdString(result.errorPointer);
        if (result.spanBegin != std::string::npos && result.spanEnd == std::string::npos
            && pointer.startsWith(QLatin1String(kCardPointer))) {
            // The line broke inside the card: show the card's fallback rather than losing the message.
            message.role = MessageRole::Tool;
            message.roleName = QStringLiteral("tool");
            const QByteArray raw = line.mid(qsizetype(result.spanBegin));
            message.cards.append(Card::unparseable(raw, fromStdString(result.spanKind),
                                                   {pointer.mid(int(sizeof(kCardPointer)) - 1), fromStdString(result.error)}));
            return message;
        }
        message.readError = QStringLiteral("not valid JSON: ") + fromStdString(result.error);
        return message;
    }

    const json &value = *result.value;
    if (!value.is_object()) {
        message.readError = QStringLiteral("not a message object");
        return message;
    }
    for (const std::string &pointer : result.duplicateKeys) {
        // Inside the card, the card reports its own duplicates; "card" itself twice is the line's.
        if (QString::fromStdString(pointer).startsWith(QLatin1String(kCardPointer) + QLatin1Char('/')))
            continue;
        message.readError = QStringLiteral("key %1 appears more than once").arg(fromStdString(pointer));
        return message;
    }

    QString resultCardId;
    if (readMessageMembers(value, &message, &resultCardId) == MembersRead::ToolCallsNotArray) {
        message.readError = QStringLiteral("tool_calls must be an array");
        return message;
    }

    if (cleanCard) {
        message.cards.append(std::move(*cleanCard));
    } else if (result.spanBegin != std::string::npos && result.spanEnd != std::string::npos) {
        const QByteArray raw = line.mid(qsizetype(result.spanBegin), qsizetype(result.spanEnd - result.spanBegin));
        // The card's envelope is taken out of the line's value, not parsed again from raw (issue 17).
        StrictJsonResult card;
        if (takeSpanResult(result, options.spanPointer, &card))
            message.cards.append(Card::fromParsedEnvelope(raw, card));
        else
            message.cards.append(Card::fromEnvelopeText(raw, CardSource::ToolResult));
    } else if (auto structured = value.find("structured"); structured != value.end() && structured->is_object()) {
        if (auto card = structured->find("card"); card != structured->end()) {
            // Present but not an object: validation says so, with the value as its raw text.
            message.cards.append(Card::fromEnvelopeText(QByteArray::fromStdString(card->dump()), CardSource::ToolResult));
        }
    }
    finishMessage(&message, resultCardId);
    return message;
}

QString cardIdInLine(const Message &message, int index, const QString &base)
{
    if (base.isEmpty())
        return {};
    for (int i = 0; i < index && i < message.cards.size(); ++i) {
        if (message.cards.at(i).cardId() == base)
            return base + QLatin1Char('#') + QString::number(index + 1);
    }
    return base;
}

namespace {

struct LineSpan
{
    qsizetype start = 0;
    qsizetype length = 0;
    int lineNumber = 0;
};

// The non-blank lines of JSON Lines text, without their line ends (BOM and CR dropped).
QList<LineSpan> lineSpans(const QByteArray &data)
{
    QList<LineSpan> spans;
    const qint64 start = LineFinder::bomLength(data.constData(), data.size());
    LineFinder finder(start, [&spans](const LineFinder::Line &line) {
        spans.append({qsizetype(line.start), qsizetype(line.length), line.number});
    });
    finder.feed(data.constData() + start, data.size() - start);
    finder.finish();
    return spans;
}

void parseSpans(const QByteArray &data, const QList<LineSpan> &spans, qsizetype first, qsizetype last, QList<Message> *out)
{
    out->reserve(last - first);
    for (qsizetype i = first; i < last; ++i)
        out->append(parseTranscriptLine(data.mid(spans.at(i).start, spans.at(i).length), spans.at(i).lineNumber));
}

constexpr qsizetype kThreadedBytes = 1024 * 1024;
constexpr qsizetype kThreadedLines = 2000;
constexpr int kMostThreads = 4;

// `requested` threads, or when 0 or less, by size: one below 1 MiB or 2,000 lines, else
// QThread::idealThreadCount() up to kMostThreads.
int threadsFor(const QByteArray &data, const QList<LineSpan> &spans, int requested)
{
    if (requested > 0)
        return requested;
    return data.size() >= kThreadedBytes && spans.size() >= kThreadedLines ? qBound(1, QThread::idealThreadCount(), kMostThreads)
                                                                            : 1;
}

} // namespace

LineFinder::LineFinder(qint64 textStart, std::function<void(const Line &)> found)
    : m_found(std::move(found)), m_at(textStart), m_start(textStart)
{}

qint64 LineFinder::bomLength(const char *data, qint64 size)
{
    return size >= 3 && std::memcmp(data, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

void LineFinder::feed(const char *piece, qint64 size)
{
    for (qint64 i = 0; i < size;) {
        const auto *newline = static_cast<const char *>(std::memchr(piece + i, '\n', size_t(size - i)));
        const qint64 partEnd = newline ? newline - piece : size;
        takePart(piece + i, partEnd - i);
        if (newline)
            endLine(m_at + partEnd);
        i = partEnd + 1;
    }
    m_at += size;
}

void LineFinder::finish()
{
    if (m_start < m_at)
        endLine(m_at);
}

// What is known of the line being read, a part of it at a time: whether it is blank so far, and how many
// CRs end it so far.
void LineFinder::takePart(const char *part, qint64 size)
{
    if (size == 0)
        return;
    if (m_blank)
        m_blank = std::all_of(part, part + size, [](char c) { return c == ' ' || c == '\t' || c == '\r'; });
    qint64 trailing = 0;
    while (trailing < size && part[size - 1 - trailing] == '\r')
        ++trailing;
    m_carriageReturns = trailing == size ? m_carriageReturns + trailing : trailing;
}

void LineFinder::endLine(qint64 end)
{
    ++m_number;
    if (!m_blank)
        m_found({m_start, end - m_start - m_carriageReturns, m_number});
    m_start = end + 1;
    m_blank = true;
    m_carriageReturns = 0;
}

Transcript Transcript::fromJsonLines(const QByteArray &data, int threads)
{
    Transcript transcript;
    const QList<LineSpan> spans = lineSpans(data);
    threads = threadsFor(data, spans, threads);
    threads = int(qBound(qsizetype(1), qsizetype(threads), qMax(qsizetype(1), spans.size())));
    if (threads == 1) {
        parseSpans(data, spans, 0, spans.size(), &transcript.messages);
    } else {
        // Contiguous runs of about equal bytes; this thread reads the first, the others the rest.
        QList<qsizetype> bounds{0};
        const qsizetype perRun = data.size() / threads + 1;
        qsizetype bytes = 0;
        for (qsizetype i = 0; i < spans.size() && bounds.size() < threads; ++i) {
            bytes += spans.at(i).length + 1;
            if (bytes >= perRun * bounds.size())
                bounds.append(i + 1);
        }
        bounds.append(spans.size());
        std::vector<QList<Message>> runs(size_t(bounds.size() - 1));
        std::vector<std::thread> workers;
        for (size_t r = 1; r < runs.size(); ++r)
            workers.emplace_back(parseSpans, std::cref(data), std::cref(spans), bounds.at(qsizetype(r)),
                                 bounds.at(qsizetype(r) + 1), &runs[r]);
        parseSpans(data, spans, bounds.at(0), bounds.at(1), &runs[0]);
        for (std::thread &worker : workers)
            worker.join();
        transcript.messages.reserve(spans.size());
        for (QList<Message> &run : runs) {
            for (Message &m : run)
                transcript.messages.append(std::move(m));
        }
    }

    // Calls whose result carries structured.card draw the card there; refused calls draw nothing; the
    // others draw from arguments.
    resolveCardCalls(&transcript.messages, answeredCardCalls(transcript.messages));
    elideRepeatedTurnProse(&transcript.messages);
    return transcript;
}

QString answeredCardCall(const Message &message)
{
    if (message.role == MessageRole::Tool && (!message.cards.isEmpty() || message.refusesCall))
        return message.toolCallId;
    return {};
}

QSet<QString> answeredCardCalls(const QList<Message> &messages)
{
    QSet<QString> answered;
    for (const Message &m : messages) {
        if (const QString call = answeredCardCall(m); !call.isEmpty())
            answered.insert(call);
    }
    return answered;
}

void resolveCardCalls(Message *message, const QSet<QString> &answeredCalls)
{
    Message &m = *message;
    for (const ToolCall &call : std::as_const(m.toolCalls)) {
        if (isCardTool(call.name) && (call.id.isEmpty() || !answeredCalls.contains(call.id))) {
            m.cards.append(Card::fromToolCall(call.name, call.arguments));
            m.cards.last().setCardId(cardIdInLine(m, int(m.cards.size()) - 1, call.id.isEmpty() ? m.id : call.id));
        }
    }
}

void resolveCardCalls(QList<Message> *messages, const QSet<QString> &answeredCalls)
{
    for (Message &m : *messages)
        resolveCardCalls(&m, answeredCalls);
}

void settleCardCalls(Message *message, const QSet<QString> &resolvedAgainst, const QSet<QString> &answered)
{
    Message &m = *message;
    auto draws = [](const ToolCall &call, const QSet<QString> &set) {
        return isCardTool(call.name) && (call.id.isEmpty() || !set.contains(call.id));
    };
    qsizetype drawn = 0;
    for (const ToolCall &call : std::as_const(m.toolCalls))
        drawn += draws(call, resolvedAgainst) ? 1 : 0;
    Q_ASSERT(drawn <= m.cards.size());
    qsizetype index = m.cards.size() - drawn; // the first call's card; the line's own cards come before
    for (const ToolCall &call : std::as_const(m.toolCalls)) {
        if (!draws(call, resolvedAgainst))
            continue;
        if (!draws(call, answered)) {
            m.cards.removeAt(index);
            continue;
        }
        m.cards[index].setCardId(cardIdInLine(m, int(index), call.id.isEmpty() ? m.id : call.id));
        ++index;
    }
}

bool waitsForCardResult(const Message &message, const QSet<QString> &answeredCalls)
{
    for (const ToolCall &call : message.toolCalls) {
        if (isCardTool(call.name) && !call.id.isEmpty() && !answeredCalls.contains(call.id))
            return true;
    }
    return false;
}

void LinePasses::prepare(QList<Message> &run)
{
    resolveCardCalls(&run, answeredCardCalls(run));
}

void LinePasses::settle(QList<Message> &run)
{
    const QSet<QString> answeredInRun = answeredCardCalls(run); // what prepare() resolved against
    m_answered.unite(answeredInRun);
    // A turn's lines come together: its prose is looked up once per run of them, not per line. The
    // pointer is taken again after every insertion (which may move the hash's nodes).
    const QString *proseTurn = nullptr;
    QString *prose = nullptr;
    for (Message &m : run) {
        if (m.role == MessageRole::Assistant && !m.turnId.isEmpty()) {
            if (!prose || *proseTurn != m.turnId) {
                auto it = m_shownProse.find(m.turnId);
                if (it == m_shownProse.end())
                    it = m_shownProse.insert(m.turnId, QString());
                proseTurn = &it.key();
                prose = &it.value();
            }
            *prose += elideRepeatedTurnProse(&m, *prose);
        }
        settleCardCalls(&m, answeredInRun, m_answered);
        if (waitsForCardResult(m, m_answered)) {
            // What it was resolved against, as far as its own calls go (not a copy of every answer).
            QSet<QString> ownAnswered;
            for (const ToolCall &call : std::as_const(m.toolCalls)) {
                if (m_answered.contains(call.id))
                    ownAnswered.insert(call.id);
            }
            m_waiting.append({m_settled, m, ownAnswered});
        }
        ++m_settled;
    }
}

QList<LinePasses::Changed> LinePasses::finish()
{
    QList<Changed> changed;
    for (Waiting &w : m_waiting) {
        const qsizetype before = w.message.cards.size();
        settleCardCalls(&w.message, w.resolvedAgainst, m_answered);
        if (w.message.cards.size() != before) // a call answered later: its card is gone
            changed.append({w.index, std::move(w.message), before});
    }
    m_waiting.clear();
    return changed;
}

void Transcript::readJsonLinesInRuns(const QByteArray &data, const std::function<bool(QList<Message> &run)> &consume,
                                     int threads, qsizetype runLines, const std::function<void(QList<Message> &run)> &prepare)
{
    const QList<LineSpan> spans = lineSpans(data);
    runLines = qMax(qsizetype(1), runLines);
    const qsizetype runs = (spans.size() + runLines - 1) / runLines;
    threads = threadsFor(data, spans, threads);
    auto readRun = [&](qsizetype r) {
        QList<Message> run;
        parseSpans(data, spans, r * runLines, qMin(spans.size(), (r + 1) * runLines), &run);
        if (prepare)
            prepare(run);
        return run;
    };
    if (threads == 1 || runs <= 1) {
        for (qsizetype r = 0; r < runs; ++r) {
            QList<Message> run = readRun(r);
            if (!consume(run))
                return;
        }
        return;
    }

    // Workers claim runs in order and fill their slots; this thread consumes the results in order. A worker
    // waits while its run is more than `ahead` runs past the one being consumed (memory stays bounded).
    struct Slot
    {
        QList<Message> messages;
        bool ready = false;
    };
    std::vector<Slot> results(static_cast<size_t>(runs));
    const qsizetype ahead = 4 * threads;
    std::mutex mutex;
    std::condition_variable changed;
    qsizetype claimed = 0;  // the next run a worker takes
    qsizetype consumed = 0; // the run this thread reads next
    bool stopped = false;
    auto work = [&] {
        for (;;) {
            qsizetype r = 0;
            {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] { return stopped || claimed >= runs || claimed < consumed + ahead; });
                if (stopped || claimed >= runs)
                    return;
                r = claimed++;
            }
            QList<Message> run = readRun(r);
            {
                std::lock_guard lock(mutex);
                results[size_t(r)].messages = std::move(run);
                results[size_t(r)].ready = true;
            }
            changed.notify_all();
        }
    };
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
        workers.emplace_back(work);
    for (; consumed < runs;) {
        QList<Message> run;
        {
            std::unique_lock lock(mutex);
            changed.wait(lock, [&] { return results[size_t(consumed)].ready; });
            run = std::move(results[size_t(consumed)].messages);
        }
        const bool more = consume(run);
        {
            std::lock_guard lock(mutex);
            ++consumed;
            stopped = !more;
        }
        changed.notify_all();
        if (!more)
            break;
    }
    for (std::thread &worker : workers)
        worker.join();
}

QString elideRepeatedTurnProse(Message *message, const QString &shown)
{
    if (message->role != MessageRole::Assistant || message->turnId.isEmpty())
        return {};
    const QString repeat = shown.trimmed();
    if (repeat.isEmpty())
        return message->content;
    qsizetype start = 0;
    while (start < message->content.size() && message->content.at(start).isSpace())
        ++start;
    if (!QStringView(message->content).mid(start).startsWith(repeat) || repeat.contains(QLatin1String("```")))
        return message->content;
    qsizetype rest = start + repeat.size();
    while (rest < message->content.size() && message->content.at(rest).isSpace())
        ++rest;
    message->content = message->content.mid(rest);
    return message->content;
}

void elideRepeatedTurnProse(QList<Message> *messages)
{
    QHash<QString, QString> shown; // turn id -> prose its assistant lines showed so far
    for (Message &m : *messages) {
        if (m.role != MessageRole::Assistant || m.turnId.isEmpty())
            continue;
        QString &prose = shown[m.turnId];
        prose += elideRepeatedTurnProse(&m, prose);
    }
}

namespace {

// Builds the groups in one pass over the lines; see transcript.h, "Turn versions".
class VersionScan
{
public:
    explicit VersionScan(const QList<Message> &messages)
        : m_messages(messages)
        , m_groupOf(messages.size(), -1)
        , m_versionOf(messages.size(), 0)
    {}

    void run(QList<TurnVersions::Group> *groups)
    {
        m_groups = groups;
        for (int i = 0; i < m_messages.size(); ++i)
            step(i);
    }
    QList<int> groupOf() const { return m_groupOf; }
    QList<int> versionOf() const { return m_versionOf; }

private:
    void step(int i)
    {
        const Message &m = m_messages.at(i);
        if (!m.versionMark.group.isEmpty()) {
            openVersion(i, m);
        } else if (m.isReadable() && m.role == MessageRole::User) {
            m_exchangeStart = i; // a new exchange, in no group until a version line names it
            m_group = -1;
        } else if (m_group >= 0) {
            assign(i, m_group, m_version);
        }
        if (!m.versionChoice.group.isEmpty())
            choose(m.versionChoice);
    }

    void choose(const VersionChoice &choice)
    {
        for (TurnVersions::Group &group : *m_groups) {
            if (group.id == choice.group && choice.version >= 1 && choice.version <= group.count())
                group.chosen = choice.version; // the last choice wins; one naming no version is ignored
        }
    }

    void openVersion(int i, const Message &m)
    {
        int g = -1;
        for (int k = 0; k < m_groups->size() && g < 0; ++k)
            g = m_groups->at(k).id == m.versionMark.group ? k : -1;
        if (g < 0) {
            // The exchange just before the first version line is version 1.
            TurnVersions::Group group;
            group.id = m.versionMark.group;
            group.userLine.append(m_exchangeStart);
            group.from.append(0);
            m_groups->append(group);
            g = int(m_groups->size()) - 1;
            for (int k = qMax(0, m_exchangeStart); m_exchangeStart >= 0 && k < i; ++k) {
                if (m_groupOf.at(k) < 0)
                    assign(k, g, 1);
            }
        }
        TurnVersions::Group &group = (*m_groups)[g];
        const int version = group.count() + 1;
        group.userLine.append(m.role == MessageRole::User ? i : -1);
        group.from.append(m.versionMark.from >= 1 && m.versionMark.from < version ? m.versionMark.from : version - 1);
        group.chosen = version;
        m_group = g;
        m_version = version;
        if (m.role == MessageRole::User)
            m_exchangeStart = i;
        assign(i, g, version);
    }

    void assign(int i, int group, int version)
    {
        m_groupOf[i] = group;
        m_versionOf[i] = version;
    }

    const QList<Message> &m_messages;
    QList<TurnVersions::Group> *m_groups = nullptr;
    QList<int> m_groupOf;
    QList<int> m_versionOf;
    int m_exchangeStart = -1;
    int m_group = -1;
    int m_version = 0;
};

bool hasVersionLines(const QList<Message> &messages)
{
    for (const Message &m : messages) {
        if (!m.versionMark.group.isEmpty())
            return true;
    }
    return false;
}

// The user line a version asks with: its own, else that of the version it regenerated.
int questionOf(const TurnVersions::Group &group, int version)
{
    for (int hops = 0; version >= 1 && version <= group.count() && hops < group.count(); ++hops) {
        if (group.userLine.at(version - 1) >= 0 || group.from.at(version - 1) < 1)
            return group.userLine.at(version - 1);
        version = group.from.at(version - 1);
    }
    return -1;
}

} // namespace

TurnVersions TurnVersions::of(const QList<Message> &messages)
{
    TurnVersions versions;
    if (!hasVersionLines(messages))
        return versions;
    VersionScan scan(messages);
    scan.run(&versions.m_groups);
    versions.m_groupOf = scan.groupOf();
    versions.m_versionOf = scan.versionOf();
    versions.m_shown = QList<bool>(messages.size(), true);
    versions.m_anchor = QList<int>(versions.m_groups.size(), -1);
    versions.m_first = QList<int>(versions.m_groups.size(), -1);
    QList<int> &question = versions.m_question;
    question = QList<int>(versions.m_groups.size(), -1);
    for (int g = 0; g < versions.m_groups.size(); ++g)
        question[g] = questionOf(versions.m_groups.at(g), versions.m_groups.at(g).chosen);
    for (int i = 0; i < messages.size(); ++i) {
        const int g = versions.m_groupOf.at(i);
        if (g < 0)
            continue;
        if (versions.m_first.at(g) < 0)
            versions.m_first[g] = i;
        const bool shown = versions.m_versionOf.at(i) == versions.m_groups.at(g).chosen || i == question.at(g);
        versions.m_shown[i] = shown;
        if (shown && versions.m_anchor.at(g) < 0)
            versions.m_anchor[g] = i; // the question when there is one: it comes first
    }
    return versions;
}

int TurnVersions::groupIndex(const QString &id) const
{
    for (int g = 0; g < m_groups.size(); ++g) {
        if (m_groups.at(g).id == id)
            return g;
    }
    return -1;
}

int TurnVersions::groupOf(int message) const
{
    return message >= 0 && message < m_groupOf.size() ? m_groupOf.at(message) : -1;
}

int TurnVersions::versionOf(int message) const
{
    return message >= 0 && message < m_versionOf.size() ? m_versionOf.at(message) : 0;
}

bool TurnVersions::isShown(int message) const
{
    return message < 0 || message >= m_shown.size() || m_shown.at(message);
}

int TurnVersions::switcherAnchor(int group) const
{
    return group >= 0 && group < m_anchor.size() ? m_anchor.at(group) : -1;
}

int TurnVersions::question(int group) const
{
    return group >= 0 && group < m_question.size() ? m_question.at(group) : -1;
}

int TurnVersions::firstMessage(int group) const
{
    return group >= 0 && group < m_first.size() ? m_first.at(group) : -1;
}

QList<Message> chosenVersionMessages(const QList<Message> &messages)
{
    const TurnVersions versions = TurnVersions::of(messages);
    if (versions.isEmpty())
        return messages;
    QList<Message> shown;
    for (int i = 0; i < messages.size(); ++i) {
        if (versions.isShown(i))
            shown.append(messages.at(i));
    }
    return shown;
}

bool Transcript::readFile(const QString &path, Transcript *transcript, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
        return false;
    }
    if (!file.isSequential()) {
        *transcript = fromJsonLines(file.readAll());
        return true;
    }
    QByteArray text;
    const auto append = [&text](QByteArrayView piece, QString *) {
        text.append(piece);
        return true;
    };
    if (!readStream(&file, path, append, error))
        return false;
    *transcript = fromJsonLines(text);
    return true;
}

bool Transcript::readStream(QIODevice *stream, const QString &path,
                            const std::function<bool(QByteArrayView piece, QString *why)> &take, QString *error)
{
    QString why;
    QByteArray piece(qsizetype(1) << 20, Qt::Uninitialized);
    qint64 total = 0;
    for (;;) {
        const qint64 got = stream->read(piece.data(), piece.size());
        if (got < 0) {
            why = stream->errorString();
            break;
        }
        if (got == 0)
            return true;
        total += got;
        if (total > kMaxStreamBytes) {
            why = QStringLiteral("it is a stream (a pipe or a device) of more than %1 MiB; save it to a file first")
                      .arg(kMaxStreamBytes >> 20);
            break;
        }
        if (!take(QByteArrayView(piece.constData(), got), &why))
            break;
    }
    if (error)
        *error = QStringLiteral("cannot read %1: %2").arg(path, why);
    return false;
}

bool isFallbackCard(const Card &card)
{
    return !card.isValid() || card.kind() == CardKind::Unknown;
}

int Transcript::cardCount() const
{
    int count = 0;
    for (const Message &m : messages)
        count += int(m.cards.size());
    return count;
}

int Transcript::fallbackCount() const
{
    int count = 0;
    for (const Message &m : messages) {
        if (!m.isReadable())
            ++count;
        for (const Card &card : m.cards)
            count += isFallbackCard(card) ? 1 : 0;
    }
    return count;
}

} // namespace Tessera
