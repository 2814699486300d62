#include "fuzzentries.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include <sys/mman.h>
#include <unistd.h>

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QPointer>
#include <QString>
#include <QtGlobal>

#include <nlohmann/json.hpp>

#include <backend/openaisseparser.h>
#include <backend/wireevent.h>
#include <cards/card.h>
#include <cards/cardtext.h>
#include <cards/dialects/jsonrenderspec.h>
#include <cards/dialects/widgetdocument.h>
#include <cards/strictjson.h>
#include <cards/transcript.h>
#include <cards/transcriptfile.h>
#include <mcp/mcpclient.h>
#include <mcp/mcpconfig.h>
#include <mcp/mcptransport.h>

namespace Tessera::Fuzz {

namespace {

using nlohmann::json;

// A parser broke a rule its header states: abort, so libFuzzer keeps the input as a crash artifact.
[[noreturn]] void broken(const char *rule)
{
    std::fprintf(stderr, "fuzz: rule broken: %s\n", rule);
    std::abort();
}

void require(bool holds, const char *rule)
{
    if (!holds)
        broken(rule);
}

QByteArray bytes(const std::uint8_t *data, std::size_t size)
{
    // A null pointer is what libFuzzer passes for the empty input; QByteArray copies either way.
    return QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
}

void printIssues(const char *label, const QList<ValidationIssue> &issues)
{
    for (const ValidationIssue &issue : issues)
        std::fprintf(stderr, "fuzz: %s: %s: %s\n", label, qPrintable(issue.pointer), qPrintable(issue.message));
}

// What card.h and cardvalidator.h promise of every card, however it was built.
void checkCard(Card card)
{
    for (const ValidationIssue &issue : card.issues()) {
        require(issue.pointer.isEmpty() || issue.pointer.startsWith(QLatin1Char('/')),
                "an issue's pointer is \"\" or a JSON Pointer");
        require(!issue.message.isEmpty(), "an issue has a message");
    }
    const QList<ValidationIssue> first = card.issues();
    const json envelope = card.envelope();
    const json payload = card.payload();
    require(payload.is_null() || payload.is_object(), "payload() is an object or null");
    const QStringList lines = cardTextLines(card);
    require(card.isValid() || lines.isEmpty(), "cardTextLines is empty for an invalid card");
    (void)card.title();
    card.revalidate();
    if (card.issues() != first) {
        printIssues("first", first);
        printIssues("again", card.issues());
        broken("validating a card again finds the same issues");
    }
}

void checkMessage(const Message &message)
{
    for (const Card &card : message.cards)
        checkCard(card);
    for (const ToolCall &call : message.toolCalls) {
        if (isCardToolName(call.name))
            checkCard(Card::fromToolCall(call.name, call.arguments));
    }
    if (message.isReadable())
        (void)message.json();
}

void transcriptLine(const std::uint8_t *data, std::size_t size)
{
    const QByteArray line = bytes(data, size);
    const Message message = parseTranscriptLine(line, 1);
    require(message.rawLine == line, "rawLine is the line exactly as received");
    require(message.isReadable() || message.toolCalls.isEmpty(), "an unreadable line has no tool calls");
    checkMessage(message);
}

// The issues a card reports, for comparing two reads of the same card.
QString issuesText(const Card &card)
{
    QString text = card.kindName();
    for (const ValidationIssue &issue : card.issues())
        text += QLatin1Char('|') + issue.pointer + QLatin1Char(':') + issue.message;
    return text;
}

// The bytes as a conversation file in memory (a memfd: nothing is written to disk), read by TranscriptFile.
// Bytes 0 to 3 pick the piece size of its line search, the page size, the count's threads and its run
// length; they are the text's first bytes too.
void transcriptFile(const std::uint8_t *data, std::size_t size)
{
    const QByteArray text = bytes(data, size);
    const auto pick = [&](std::size_t at, int choices) { return at < size ? int(data[at]) % choices : 0; };
    const int fd = ::memfd_create("transcriptfile", MFD_CLOEXEC);
    if (fd < 0)
        return;
    bool written = true;
    for (qsizetype at = 0; written && at < text.size();) {
        const ssize_t wrote = ::write(fd, text.constData() + at, size_t(text.size() - at));
        written = wrote > 0;
        at += wrote > 0 ? wrote : 0;
    }
    if (!written) {
        ::close(fd);
        return;
    }
    TranscriptFile file;
    QString error;
    require(file.open(QStringLiteral("/proc/self/fd/%1").arg(fd), &error, 1 + pick(0, 16)), "a file in memory opens");
    const Transcript whole = Transcript::fromJsonLines(text);
    require(file.messageCount() == whole.messages.size(), "one message per line fromJsonLines reads");

    // Pages from the end hold the whole text's lines, each once, in order.
    QList<Message> pages;
    while (!file.allRead()) {
        const QList<Message> page = file.readOlder(1 + pick(1, 7), &error);
        require(!page.isEmpty(), "a page comes until every line is read");
        pages = page + pages;
    }
    require(pages.size() == whole.messages.size(), "the pages hold every line");
    for (qsizetype i = 0; i < pages.size(); ++i) {
        require(pages.at(i).lineNumber == whole.messages.at(i).lineNumber, "a page's line numbers are the file's");
        require(pages.at(i).rawLine == whole.messages.at(i).rawLine, "a page's lines are the file's bytes");
        require(pages.at(i).readError == whole.messages.at(i).readError, "a page's line reads as in the whole text");
    }

    // The counts and what validate reports are fromJsonLines', however the lines are split in runs.
    std::vector<TranscriptFile::Finding> findings;
    const TranscriptFile::Counts counts = file.count(nullptr, 1 + pick(2, 3), 1 + pick(3, 5), &findings);
    require(counts.complete, "a file in memory is counted");
    require(counts.messages == whole.messages.size(), "the count of messages is fromJsonLines'");
    require(counts.cards == whole.cardCount(), "the count of cards is fromJsonLines'");
    require(counts.fallbacks == whole.fallbackCount(), "the count of fallbacks is fromJsonLines'");
    std::size_t next = 0;
    for (const Message &m : whole.messages) {
        if (!m.isReadable()) {
            require(next < findings.size() && findings[next].line == m.lineNumber && findings[next].cardIndex < 0
                        && findings[next].readError == m.readError,
                    "an unreadable line is found where fromJsonLines has it");
            ++next;
        }
        for (const Card &card : m.cards) {
            if (card.isValid())
                continue;
            require(next < findings.size() && findings[next].line == m.lineNumber && findings[next].cardIndex >= 0
                        && issuesText(findings[next].card) == issuesText(card),
                    "a card that is not valid is found with fromJsonLines' issues, in file order");
            ++next;
        }
    }
    require(next == findings.size(), "nothing is found that fromJsonLines does not have");
    ::close(fd);
}

void cardEnvelope(const std::uint8_t *data, std::size_t size)
{
    const QByteArray text = bytes(data, size);
    const Card card = Card::fromEnvelopeText(text);
    require(card.rawText() == text, "rawText is the text exactly as received");
    checkCard(card);
    checkCard(Card::fromToolCall(QStringLiteral("emit_card"), text));
    checkCard(Card::fromToolCall(QStringLiteral("render_ui"), text));
}

// The input is the spec; it arrives both as a json_render payload and as send_card's arguments.
void jsonRenderSpec(const std::uint8_t *data, std::size_t size)
{
    const QByteArray spec = bytes(data, size);
    checkCard(Card::fromEnvelopeText(R"({"kind":"json_render","specVersion":1,"payload":)" + spec + '}'));
    checkCard(Card::fromToolCall(QStringLiteral("send_card"), R"({"text":"t","spec":)" + spec + '}'));
    // The note texts a Button press and a LinkButton draw from ids and URLs of any content.
    const QString text = QString::fromUtf8(spec);
    const QString note = buttonPressNote(text, text);
    require(note.count(QLatin1Char('[')) == 1 && note.count(QLatin1Char(';')) == 1,
            "a press note has exactly one [ and one ; however crafted its name and id");
    (void)jsonRenderLinkRefusal(text);
}

// Every normalisation function of widgetdocument.h over every value of the document.
void walkWidgetValues(const json &value)
{
    const WidgetAction action = widgetAction(value);
    require(action.kind != WidgetAction::Kind::Url || isHttpsUrl(action.href),
            "a url action's href is only ever https://");
    (void)widgetRevealText(value);
    (void)widgetCellText(value);
    if (value.is_number())
        require(widgetRatingValue(value.get<double>()) >= 0 && widgetRatingValue(value.get<double>()) <= 5,
                "a rating is drawn clamped to 0-5");
    if (value.is_array()) {
        const auto board = widgetBoardCells(value);
        require(board.size() <= kWidgetBoardMax, "a board is sliced to kWidgetBoardMax rows");
        for (const auto &row : board)
            require(row.size() <= kWidgetBoardMax, "a board row is sliced to kWidgetBoardMax cells");
        require(widgetCompareRow(value, 3).size() >= 3, "a compare row is padded to the option count");
    }
    if (value.is_structured()) {
        for (const json &child : value)
            walkWidgetValues(child);
    }
}

void widgetDocument(const std::uint8_t *data, std::size_t size)
{
    const QByteArray document = bytes(data, size);
    const Card card = Card::fromEnvelopeText(document, CardSource::ProseFence);
    checkCard(card);
    checkCard(Card::fromEnvelopeText(R"({"kind":"dorkos_ui","specVersion":1,"payload":)" + document + '}'));
    // The strict parser bounds the depth (kMaxJsonDepth), so this walk's recursion is bounded too.
    const StrictJsonResult parsed = parseStrictJson(std::string_view(document.constData(), size_t(document.size())));
    if (parsed.ok())
        walkWidgetValues(*parsed.value);
}

void widgetFence(const std::uint8_t *data, std::size_t size)
{
    const QString markdown = QString::fromUtf8(bytes(data, size));
    const QList<ProseFence> fences = findWidgetFences(markdown);
    qsizetype previousEnd = 0;
    for (const ProseFence &fence : fences) {
        require(fence.begin >= previousEnd && fence.begin < fence.end && fence.end <= markdown.size(),
                "fences are in order, not empty, and inside the text");
        require(fence.closed || fence.end == markdown.size(), "an unclosed fence runs to the text's end");
        previousEnd = fence.end;
    }
    const QList<Card> cards = widgetFenceCards(markdown, QStringLiteral("fuzz"));
    require(cards.size() == fences.size(), "one card per fence");
    for (const Card &card : cards)
        checkCard(card);
}

// Feeds one stream whole or in pieces; returns the events, whether every feed succeeded, and finish().
struct SseRun
{
    QList<QByteArray> events;
    bool fed = true;
    bool finished = false;
};

constexpr qsizetype kSseMaxEventBytes = 1024; // small, so inputs of a few KiB reach the limit

SseRun runSse(const QByteArray &stream, std::uint8_t seed)
{
    SseRun run;
    OpenAiSseParser parser(kSseMaxEventBytes);
    QString error;
    unsigned state = seed;
    for (qsizetype pos = 0; pos < stream.size() && run.fed;) {
        // seed 0: one feed; otherwise pieces of 1-32 bytes from a small linear congruential sequence.
        state = state * 1103515245u + 12345u;
        const qsizetype piece = seed == 0 ? stream.size() : qsizetype((state >> 16) % 32 + 1);
        run.fed = parser.feed(stream.mid(pos, piece), &run.events, &error);
        require(run.fed || !error.isEmpty(), "a failed feed says why");
        pos += piece;
    }
    run.finished = parser.finish(&run.events);
    return run;
}

void sseStream(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return;
    const QByteArray stream = bytes(data + 1, size - 1);
    const SseRun whole = runSse(stream, 0);
    const SseRun pieces = runSse(stream, data[0]);
    require(whole.events == pieces.events && whole.fed == pieces.fed && whole.finished == pieces.finished,
            "bytes split across feeds give the events of one feed");
    for (const QByteArray &event : whole.events)
        require(!event.contains('\r') && event.size() <= kSseMaxEventBytes,
                "an event's data has no CR and stays within maxEventBytes");
}

void wireEvent(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytesIn = bytes(data, size);
    WireEvent event;
    QString error;
    if (!parseWireEvent(bytesIn, &event, &error)) {
        require(!error.isEmpty(), "a malformed event has a reason");
        return;
    }
    require(error.isEmpty(), "a well-formed event sets no reason");
    require(event.raw == bytesIn, "raw is the event as received");
    if (event.type == WireEventType::TurnStarted || event.type == WireEventType::MessageDelta
        || event.type == WireEventType::TurnCompleted)
        require(!event.turnId.isEmpty(), "turn events name their turn");
    if (event.type == WireEventType::Message) {
        require(bytesIn.contains(event.message), "a message event's line is bytes of the event");
        checkMessage(parseTranscriptLine(event.message, 1));
    }
}

// --- JSON-RPC (MCP) ---------------------------------------------------------------------------------

// A transport that only keeps what the client sends; the harness plays the server by emitting
// messageReceived itself. No Q_OBJECT: it adds no signal of its own.
class FuzzTransport : public McpTransport
{
public:
    void open() override { m_opened = true; }
    void send(const QByteArray &message, const QString &) override
    {
        if (m_sent.size() < 64)
            m_sent.append(message);
        ++m_sentCount;
    }
    void close() override {}
    QString description() const override { return QStringLiteral("fuzz"); }

    bool m_opened = false;
    QList<QByteArray> m_sent;
    int m_sentCount = 0;
};

void ensureCoreApplication()
{
    if (QCoreApplication::instance())
        return;
    static int argc = 1;
    static char name[] = "fuzz";
    static char *argv[] = {name, nullptr};
    static QCoreApplication application(argc, argv);
}

// What mcpclient.h promises of a tools/list page and a tools/call result, whatever the server sent.
void checkToolShapes(const json &result)
{
    QList<McpTool> tools;
    QString error;
    if (parseMcpTools(result, &tools, &error)) {
        for (const McpTool &tool : tools)
            require(tool.inputSchema.is_object(), "a parsed tool's inputSchema is an object");
    } else {
        require(!error.isEmpty(), "a tools/list page that does not parse says why");
    }
    McpToolResult call;
    error.clear();
    if (parseMcpToolResult(result, &call, &error)) {
        require(call.content.is_array(), "a parsed tool result's content is an array");
        (void)call.text();
    } else {
        require(!error.isEmpty(), "a tool result that does not parse says why");
    }
}

// Every message Tessera sends is one JSON-RPC 2.0 object (mcpclient.h), whatever the server sent first.
void checkSent(const FuzzTransport &transport)
{
    for (const QByteArray &message : transport.m_sent) {
        const StrictJsonResult parsed = parseStrictJson(std::string_view(message.constData(), size_t(message.size())));
        require(parsed.ok() && parsed.value->is_object(), "what the client sends is a JSON object");
        const json &object = *parsed.value;
        require(object.contains("jsonrpc") && object["jsonrpc"] == "2.0", "what the client sends says \"jsonrpc\": \"2.0\"");
    }
}

// Byte 0: bit 0 answers initialize first (so the messages reach a ready client with requests pending),
// bit 1 cancels the tool call after the first message, bit 2 processes events after every message. The
// rest is the server's output, one message per line, as the stdio transport hands it over.
void jsonRpc(const std::uint8_t *data, std::size_t size)
{
    ensureCoreApplication();
    const std::uint8_t mode = size > 0 ? data[0] : 0;
    const QByteArray input = size > 0 ? bytes(data + 1, size - 1) : QByteArray();
    McpServerConfig config;
    config.name = QStringLiteral("fuzz");
    auto *transport = new FuzzTransport;
    McpClient client(config, transport);
    client.start();
    require(transport->m_opened, "start() opens the transport");
    Q_EMIT transport->opened();
    require(transport->m_sentCount == 1, "an opened transport gets initialize first");

    QList<QPointer<McpReply>> replies;
    if (mode & 1) {
        Q_EMIT transport->messageReceived(
            R"({"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"fuzz","version":"1"}}})",
            QStringLiteral("the answer to initialize"));
        QCoreApplication::processEvents();
        require(client.state() == McpClient::State::Ready, "a valid initialize answer makes the client ready");
        replies = {client.listTools(), client.callTool(QStringLiteral("echo"), json{{"message", "hi"}}), client.ping()};
    }
    const QList<QByteArray> lines = input.split('\n');
    int number = 0;
    for (const QByteArray &line : lines) {
        if (line.isEmpty())
            continue;
        const int sentBefore = transport->m_sentCount;
        const McpClient::State before = client.state();
        Q_EMIT transport->messageReceived(line, QStringLiteral("line %1").arg(++number));
        if (before == McpClient::State::Failed)
            require(transport->m_sentCount == sentBefore, "a failed client sends nothing more");
        if (client.state() == McpClient::State::Failed)
            require(!client.errorString().isEmpty(), "a failed client says why");
        if ((mode & 2) && number == 1 && replies.size() > 1 && replies[1])
            replies[1]->cancel();
        if (mode & 4)
            QCoreApplication::processEvents();
        const StrictJsonResult parsed = parseStrictJson(std::string_view(line.constData(), size_t(line.size())));
        if (parsed.ok() && parsed.value->is_object() && parsed.value->contains("result"))
            checkToolShapes((*parsed.value)["result"]);
    }
    QCoreApplication::processEvents();
    for (const QPointer<McpReply> &reply : replies) {
        if (!reply || !reply->isFinished())
            continue;
        if (reply->error() == McpReply::Error::None)
            require(reply->result().is_object(), "a reply without error has an object result");
        else
            require(!reply->errorString().isEmpty(), "a reply with an error says which");
    }
    checkSent(*transport);
}

// An "mcpServers" configuration, as pasted by a person or given by --mcp-config.
void mcpConfig(const std::uint8_t *data, std::size_t size)
{
    McpConfig config;
    QString error;
    if (!parseMcpConfig(bytes(data, size), &config, &error)) {
        require(!error.isEmpty(), "a configuration that does not parse says why");
        return;
    }
    for (qsizetype i = 0; i < config.servers.size(); ++i) {
        const McpServerConfig &server = config.servers.at(i);
        require(!server.name.isEmpty() && server.name.size() <= 64, "a server's name has 1 to 64 characters");
        require(config.server(server.name) == &config.servers.at(i), "a server is found by its name");
        if (i > 0)
            require(config.servers.at(i - 1).name < server.name, "servers are sorted by name, each once");
        if (server.transport == McpServerConfig::Transport::Stdio)
            require(!server.command.isEmpty(), "a stdio server has a command");
        else
            require(mcpUrlProblem(server.url).isEmpty(), "an http server's URL passed mcpUrlProblem");
        (void)server.describe();
    }
}

constexpr Harness kHarnesses[] = {
    {"transcriptline", &transcriptLine},
    {"transcriptfile", &transcriptFile},
    {"cardenvelope", &cardEnvelope},
    {"jsonrenderspec", &jsonRenderSpec},
    {"widgetdocument", &widgetDocument},
    {"widgetfence", &widgetFence},
    {"ssestream", &sseStream},
    {"wireevent", &wireEvent},
    {"jsonrpc", &jsonRpc},
    {"mcpconfig", &mcpConfig},
};

// Fatal messages still abort (Qt calls abort after the handler); the rest would flood the fuzzer's log.
void dropMessages(QtMsgType type, const QMessageLogContext &, const QString &message)
{
    if (type == QtFatalMsg)
        std::fprintf(stderr, "%s\n", qPrintable(message));
}

} // namespace

std::span<const Harness> harnesses()
{
    return kHarnesses;
}

const Harness *findHarness(const char *name)
{
    for (const Harness &harness : kHarnesses) {
        if (std::strcmp(harness.name, name) == 0)
            return &harness;
    }
    return nullptr;
}

void setUpFuzzing()
{
    qputenv("TESSERA_FATAL_ASSERTS", "1");
    qInstallMessageHandler(&dropMessages);
}

} // namespace Tessera::Fuzz
