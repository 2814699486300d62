#include <app/mcpcommand.h>

#include <QEventLoop>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QTimer>

#include <cards/strictjson.h>
#include <cards/toolcarddescriptor.h>
#include <mcp/mcpclient.h>
#include <mcp/mcpconfig.h>
#include <mcp/mcpserversettings.h>
#include <mcp/stdiotransport.h>

namespace Tessera {

using json = nlohmann::json;

namespace {

CommandLine failure(const QString &error)
{
    CommandLine c;
    c.command = CommandLine::Command::Error;
    c.error = error;
    return c;
}

// What a server sends is printed so that it cannot forge a line or a column of this output, nor
// drive the terminal (issue 16, a hostile review): C0 controls, DEL, C1 controls, the bidi controls and
// the line and paragraph separators are written as visible escapes (\t, \n, \r, \x1b, \u0085, \u202e).
// Backslashes are kept as they are. Every field of list and tools, every message on stderr.
bool isHiddenControl(char16_t u)
{
    return (u >= 0x80 && u <= 0x9f) || (u >= 0x202a && u <= 0x202e) || (u >= 0x2066 && u <= 0x2069) || u == 0x200e
           || u == 0x200f || u == 0x061c || u == 0x2028 || u == 0x2029 || u == 0x7f;
}

enum class Breaks { Escape, Keep };

QString printable(const QString &text, Breaks breaks = Breaks::Escape)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (breaks == Breaks::Keep && (u == u'\n' || u == u'\t')) {
            out += c;
        } else if (u == u'\t') {
            out += QLatin1String("\\t");
        } else if (u == u'\n') {
            out += QLatin1String("\\n");
        } else if (u == u'\r') {
            out += QLatin1String("\\r");
        } else if (u < 0x20) {
            out += QStringLiteral("\\x%1").arg(uint(u), 2, 16, QLatin1Char('0'));
        } else if (isHiddenControl(u)) {
            out += QStringLiteral("\\u%1").arg(uint(u), 4, 16, QLatin1Char('0'));
        } else {
            out += c;
        }
    }
    return out;
}

// Compact JSON text, still valid JSON: the dump already escapes C0 controls; what it writes raw of the
// hidden controls (only ever inside strings) becomes \uXXXX.
QString compact(const json &value)
{
    const QString text = QString::fromStdString(value.dump(-1, ' ', false, json::error_handler_t::replace));
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        if (isHiddenControl(c.unicode()))
            out += QStringLiteral("\\u%1").arg(uint(c.unicode()), 4, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out;
}

// A tool result's text for `mcp call`: its line breaks and tabs are kept (results are prose, often of
// several lines), every other control escaped as printable() does; a line that would read as one of the
// lines Tessera prints after the text ("structuredContent: …", "card: …") gets a backslash in front.
QString printableResult(const QString &text)
{
    QStringList lines = printable(text, Breaks::Keep).split(QLatin1Char('\n'));
    for (QString &line : lines) {
        if (line.startsWith(QLatin1String("structuredContent: ")) || line.startsWith(QLatin1String("card: ")))
            line.prepend(QLatin1Char('\\'));
    }
    return lines.join(QLatin1Char('\n'));
}

void printError(const QString &text)
{
    printErr(QStringLiteral("tessera: ") + printable(text));
}

// Runs the event loop until `done` says so or `ms` have passed (a second guard beside the client's own
// timeouts, so nothing here can wait for ever).
template<typename Done>
void waitUntil(QObject *source, Done done, int ms)
{
    if (done())
        return;
    QEventLoop loop;
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
        if (done())
            loop.quit();
    });
    tick.start(20);
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    QObject::connect(source, &QObject::destroyed, &loop, &QEventLoop::quit);
    loop.exec();
}

bool startClient(McpClient *client, QString *error)
{
    client->start();
    waitUntil(client, [client] { return client->state() != McpClient::State::Starting; },
              client->timeoutMs() + McpClient::kDefaultInitializeTimeoutMs);
    if (client->state() == McpClient::State::Ready)
        return true;
    *error = client->state() == McpClient::State::Failed ? client->errorString() : QStringLiteral("the server did not start in time");
    return false;
}

bool waitReply(McpClient *client, McpReply *reply)
{
    waitUntil(reply, [reply] { return reply->isFinished(); }, McpClient::kMaxCallMs + 5000);
    Q_UNUSED(client)
    return reply->isFinished();
}

// The server named on the command line: from the configuration, or --url URL.
bool chosenServer(const CommandLine &c, McpServerConfig *server, QString *error)
{
    if (!c.mcpUrl.isEmpty()) {
        server->name = QStringLiteral("url");
        server->transport = McpServerConfig::Transport::Http;
        server->url = QUrl(c.mcpUrl, QUrl::StrictMode);
        if (const QString problem = mcpUrlProblem(server->url); !problem.isEmpty()) {
            *error = QStringLiteral("--url %1: %2").arg(c.mcpUrl, problem);
            return false;
        }
        return true;
    }
    McpConfig config;
    if (!loadMcpConfigArgument(c, &config, error))
        return false;
    if (const McpServerConfig *found = config.server(c.mcpServer)) {
        *server = *found;
        return true;
    }
    McpServerSettings stored;
    for (McpServerConfig candidate : stored.servers()) {
        if (candidate.name != c.mcpServer)
            continue;
        if (!stored.readSecrets(&candidate, error)) // asked for by name: used even when disabled
            return false;
        *server = candidate;
        return true;
    }
    *error = c.mcpConfig.isEmpty()
            ? QStringLiteral("no MCP server named %1 in Settings → Tools: add it there or give --mcp-config FILE (or --url URL)").arg(c.mcpServer)
            : QStringLiteral("no MCP server named %1 in %2 or in Settings → Tools (see tessera mcp list)").arg(c.mcpServer, c.mcpConfig);
    return false;
}

void configure(McpClient *client, const CommandLine &c)
{
    if (c.timeoutSeconds > 0) {
        client->setTimeoutMs(c.timeoutSeconds * 1000);
        client->setInitializeTimeoutMs(c.timeoutSeconds * 1000);
    }
}

int runList(const CommandLine &c)
{
    McpConfig fromFile;
    QString error;
    if (!loadMcpConfigArgument(c, &fromFile, &error)) {
        printError(error);
        return 2;
    }
    // Settings → Tools' servers, then --mcp-config's (which replace one of the same name).
    McpServerSettings stored;
    QStringList problems;
    const QList<McpServerConfig> servers = stored.effectiveServers(fromFile, &problems);
    for (const QString &problem : std::as_const(problems))
        printError(problem);
    if (servers.isEmpty()) {
        printError(c.mcpConfig.isEmpty() ? QStringLiteral("no MCP servers: add one in Settings → Tools or give --mcp-config FILE")
                                         : QStringLiteral("no MCP servers in %1 or in Settings → Tools").arg(c.mcpConfig));
        return c.mcpConfig.isEmpty() ? 2 : 0;
    }
    int failures = 0;
    bool anyStdio = false;
    for (const McpServerConfig &server : servers) {
        anyStdio = anyStdio || server.transport == McpServerConfig::Transport::Stdio;
        if (!server.enabled) {
            printOut(QStringLiteral("%1\t%2\tdisabled").arg(printable(server.name), server.transportName()));
            continue;
        }
        McpClient client(server);
        configure(&client, c);
        QString problem;
        QString state;
        if (startClient(&client, &problem)) {
            McpReply *reply = client.listTools();
            QList<McpTool> tools;
            if (waitReply(&client, reply) && reply->error() == McpReply::Error::None && parseMcpTools(reply->result(), &tools, &problem))
                state = QStringLiteral("ok\t%1 %2\t%3 tools")
                            .arg(printable(client.serverName()), printable(client.serverVersion()))
                            .arg(tools.size());
            else if (problem.isEmpty())
                problem = reply->isFinished() ? reply->errorString() : QStringLiteral("tools/list did not finish");
        }
        if (state.isEmpty()) {
            ++failures;
            state = QStringLiteral("error\t") + printable(problem);
        }
        printOut(QStringLiteral("%1\t%2\t%3").arg(printable(server.name), server.transportName(), state));
        client.close();
    }
    // On stderr: stdout stays one line per server for scripts.
    if (anyStdio)
        printError(QStringLiteral("the stdio servers' stderr is logged in %1/NAME.log").arg(mcpLogDirectory()));
    return failures == 0 ? 0 : 1;
}

int runTools(McpClient *client)
{
    McpReply *reply = client->listTools();
    QList<McpTool> tools;
    QString problem;
    if (!waitReply(client, reply) || reply->error() != McpReply::Error::None) {
        printError(reply->isFinished() ? reply->errorString() : QStringLiteral("tools/list did not finish"));
        return 2;
    }
    if (!parseMcpTools(reply->result(), &tools, &problem)) {
        printError(QStringLiteral("the server's tools/list answer: ") + problem);
        return 2;
    }
    for (const McpTool &tool : std::as_const(tools))
        printOut(QStringLiteral("%1\t%2\t%3").arg(printable(tool.name), compact(tool.annotations), compact(tool.inputSchema)));
    return 0;
}

// A server's form, answered as --elicitation says (decline unless told): the form's message and fields go
// to stderr, so a person debugging a server sees what it asked.
void answerForms(McpClient *client, const CommandLine &c)
{
    if (c.mcpElicitation.isEmpty() || c.mcpElicitation == QLatin1String("decline"))
        return; // the client declines by itself
    if (c.mcpElicitation == QLatin1String("cancel")) {
        client->setElicitationPolicy(McpClient::ElicitationPolicy::Cancel);
        return;
    }
    client->setElicitationPolicy(McpClient::ElicitationPolicy::Ask);
    QObject::connect(client, &McpClient::elicitationRequested, client, [client, c](qint64 key, const McpElicitationForm &form) {
        printErr(QStringLiteral("elicitation: %1").arg(printable(form.message)));
        json values = json::object();
        if (c.mcpElicitation.startsWith(QLatin1String("accept="))) {
            const QByteArray text = c.mcpElicitation.mid(7).toUtf8();
            const StrictJsonResult parsed = parseStrictJson(std::string_view(text.constData(), size_t(text.size())));
            if (parsed.ok())
                values = *parsed.value;
        }
        json content;
        QString problem;
        if (!form.content(values, &content, &problem)) {
            printErr(QStringLiteral("elicitation: cancelled, the answer does not fit the form: %1").arg(printable(problem)));
            client->answerElicitation(key, QStringLiteral("cancel"));
            return;
        }
        printErr(QStringLiteral("elicitation: accepted %1").arg(compact(content)));
        client->answerElicitation(key, QStringLiteral("accept"), content);
    });
}

int runCall(McpClient *client, const CommandLine &c, const json &arguments)
{
    answerForms(client, c);
    McpReply *reply = client->callTool(c.toolName, arguments);
    QObject::connect(reply, &McpReply::progress, reply, [](double done, double total, const QString &message) {
        QString line = total > 0 ? QStringLiteral("progress %1/%2").arg(done).arg(total) : QStringLiteral("progress %1").arg(done);
        if (!message.isEmpty())
            line += QLatin1Char(' ') + printable(message);
        printErr(line);
    });
    if (!waitReply(client, reply) || reply->error() != McpReply::Error::None) {
        printError(reply->isFinished() ? reply->errorString() : QStringLiteral("tools/call did not finish"));
        return 2;
    }
    McpToolResult result;
    QString problem;
    if (!parseMcpToolResult(reply->result(), &result, &problem)) {
        printError(QStringLiteral("the server's tools/call answer: ") + problem);
        return 2;
    }
    if (const QString text = result.text(); !text.isEmpty())
        printOut(printableResult(text));
    if (!result.structuredContent.is_null())
        printOut(QStringLiteral("structuredContent: ") + compact(result.structuredContent));
    // A result-to-card descriptor of --plugins DIR/tools (issue 16, seed 002): the card it makes, or why not.
    ToolCardDescriptor descriptor;
    if (!result.isError && ToolCardDescriptors::find(client->config().name, c.toolName, &descriptor)) {
        const ToolCardOutcome card = cardFromToolResult(descriptor, result.structuredContent);
        printOut(card.ok ? QStringLiteral("card: ") + printable(QString::fromUtf8(card.card.rawText()))
                         : QStringLiteral("card: not made (%1): %2").arg(printable(QFileInfo(descriptor.path).fileName()),
                                                                         printable(card.describe())));
    }
    if (result.isError) {
        printError(QStringLiteral("%1 reported an error (isError)").arg(c.toolName));
        return 1;
    }
    return 0;
}

} // namespace

bool loadMcpConfigArgument(const CommandLine &commandLine, McpConfig *config, QString *error)
{
    if (commandLine.mcpConfig.isEmpty()) {
        *config = McpConfig();
        return true;
    }
    if (!loadMcpConfigFile(commandLine.mcpConfig, config, error)) {
        *error = QStringLiteral("--mcp-config ") + *error;
        return false;
    }
    return true;
}

CommandLine parseMcpCommand(CommandLine c, const QStringList &args)
{
    c.command = CommandLine::Command::Mcp;
    c.mcpVerb = args.value(0);
    static const QStringList verbs = {QStringLiteral("list"), QStringLiteral("tools"), QStringLiteral("call")};
    if (!verbs.contains(c.mcpVerb))
        return failure(QStringLiteral("mcp takes list, tools or call"));
    QStringList positional;
    for (int i = 1; i < args.size(); ++i) {
        const QString &a = args.at(i);
        if (a == QLatin1String("--url") && c.mcpVerb != QLatin1String("list")) {
            if (i + 1 >= args.size() || args.at(i + 1).isEmpty())
                return failure(QStringLiteral("--url needs the server's URL"));
            c.mcpUrl = args.at(++i);
        } else if (a == QLatin1String("--elicitation") && c.mcpVerb == QLatin1String("call")) {
            c.mcpElicitation = args.value(++i);
            static const QStringList answers = {QStringLiteral("decline"), QStringLiteral("cancel"), QStringLiteral("accept")};
            if (!answers.contains(c.mcpElicitation) && !c.mcpElicitation.startsWith(QLatin1String("accept=")))
                return failure(QStringLiteral("--elicitation takes decline, cancel, accept (the defaults) or accept=JSON (values over them)"));
        } else if (a == QLatin1String("--timeout")) {
            bool ok = false;
            c.timeoutSeconds = args.value(++i).toInt(&ok);
            if (!ok || c.timeoutSeconds < 1 || c.timeoutSeconds > 3600)
                return failure(QStringLiteral("--timeout takes a number of seconds from 1 to 3600"));
        } else if (a.startsWith(QLatin1String("--"))) {
            return failure(QStringLiteral("unknown option %1 for mcp %2").arg(a, c.mcpVerb));
        } else {
            positional.append(a);
        }
    }
    if (c.mcpVerb == QLatin1String("list")) {
        if (!positional.isEmpty())
            return failure(QStringLiteral("unexpected argument %1").arg(positional.first()));
        return c;
    }
    if (c.mcpUrl.isEmpty()) {
        if (positional.isEmpty())
            return failure(QStringLiteral("mcp %1 needs a server: NAME (from --mcp-config) or --url URL").arg(c.mcpVerb));
        c.mcpServer = positional.takeFirst();
    }
    if (c.mcpVerb == QLatin1String("call")) {
        if (positional.isEmpty())
            return failure(QStringLiteral("mcp call needs the tool's name"));
        c.toolName = positional.takeFirst();
        if (!positional.isEmpty())
            c.toolArguments = positional.takeFirst();
    }
    if (!positional.isEmpty())
        return failure(QStringLiteral("unexpected argument %1 (quote ARGUMENTS_JSON: one argument)").arg(positional.first()));
    return c;
}

int runMcpCommand(const CommandLine &c)
{
    // The command prints what matters itself; the library's progress lines would say it twice.
    if (qEnvironmentVariableIsEmpty("QT_LOGGING_RULES"))
        QLoggingCategory::setFilterRules(QStringLiteral("tessera.mcp.info=false\ntessera.mcp.warning=false"));
    if (c.mcpVerb == QLatin1String("list"))
        return runList(c);
    json arguments = json::object();
    if (!c.toolArguments.isEmpty()) {
        const QByteArray text = c.toolArguments.toUtf8();
        const StrictJsonResult parsed = parseStrictJson(std::string_view(text.constData(), size_t(text.size())));
        if (!parsed.ok() || !parsed.value->is_object()) {
            printError(QStringLiteral("ARGUMENTS_JSON must be a JSON object, e.g. '{\"message\": \"hi\"}'%1")
                               .arg(parsed.ok() ? QString() : QStringLiteral(": ") + QString::fromStdString(parsed.error)));
            return 2;
        }
        arguments = *parsed.value;
    }
    McpServerConfig server;
    QString error;
    if (!chosenServer(c, &server, &error)) {
        printError(error);
        return 2;
    }
    McpClient client(server);
    configure(&client, c);
    if (!startClient(&client, &error)) {
        printError(QStringLiteral("MCP server %1: %2").arg(server.name, error));
        return 2;
    }
    const int code = c.mcpVerb == QLatin1String("tools") ? runTools(&client) : runCall(&client, c, arguments);
    client.close();
    return code;
}

} // namespace Tessera
