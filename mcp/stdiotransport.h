#pragma once

// MCP over a child's stdin/stdout (MCP "stdio" transport; issue 16), with the rules of the stdio backend
// (backend/stdiobackend.h):
//  - The program is started with the config's arguments, no shell; its environment is Tessera's plus the
//    config's "env". The child dies with Tessera (PR_SET_PDEATHSIG), even after kill -9.
//  - stdout: one message per line ('\n'; a trailing '\r' and blank lines are dropped), read at most
//    kReadBudgetBytes per turn of the event loop. A line over maxMessageBytes() is refused as soon as it is
//    known (requestFailed with an empty key) and skipped to its end without being kept.
//  - stderr goes to logFilePath() (and the last lines are kept), never into a result.
//  - Every exit is failed(): "the server exited with code 3: <last stderr line>", "the server crashed: …",
//    "could not start PROGRAM: …".
//  - close() closes stdin, asks the child to terminate and kills it after kStopGraceMs.

#include <QProcess>
#include <QStringList>

#include <backend/childlog.h>
#include <backend/stdoutlines.h>
#include <mcp/mcpconfig.h>
#include <mcp/mcptransport.h>

namespace Tessera {

// Where stdio MCP servers' stderr is logged, the one place the path comes from (README, `tessera mcp
// list`, the window's Backend Log): <CacheLocation>/mcp-logs, i.e. ~/.cache/Tessera/Tessera/mcp-logs
// (XDG_CACHE_HOME is honoured), made if missing; <temp>/tessera/mcp-logs when that cannot be made.
QString mcpLogDirectory();
// mcpLogDirectory()/NAME.log ("unnamed.log" for a server without a name).
QString mcpServerLogPath(const QString &serverName);

class StdioTransport : public McpTransport
{
    Q_OBJECT

public:
    static constexpr qsizetype kReadBudgetBytes = 1024 * 1024;
    static constexpr int kStopGraceMs = 2000;

    explicit StdioTransport(const McpServerConfig &config, QObject *parent = nullptr);
    ~StdioTransport() override;

    void open() override;
    void send(const QByteArray &message, const QString &requestKey) override;
    void close() override;
    QString description() const override;

    // Default: mcpServerLogPath(the server's name). Before open().
    void setLogFilePath(const QString &path) { m_logFilePath = path; }
    QString logFilePath() const { return m_logFilePath; }
    QStringList recentStderr() const { return m_childLog.recentLines(); }
    // The child's pid while it runs, else 0.
    qint64 processId() const;

private:
    void readStdout();
    void consume(const char *data, qsizetype size);
    void readStderr();
    void onErrorOccurred(QProcess::ProcessError error);
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void release(const QString &failure);

    McpServerConfig m_config;
    QProcess *m_process = nullptr; // Owned (child QObject).
    ChildLog m_childLog; // the log file at m_logFilePath and the last stderr lines (backend/childlog.h)
    QString m_logFilePath;
    bool m_readScheduled = false;
    StdoutLines m_lines; // stdout cut into lines of at most maxMessageBytes() (backend/stdoutlines.h)
};

} // namespace Tessera
