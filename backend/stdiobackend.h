#pragma once

// Wire protocol v1 over a child process's stdin/stdout (PRODUCT.md §4, issue 5: --backend-cmd).
//
//  - The command line is split like a shell would (QProcess::splitCommand: quotes group, no expansion).
//  - stdout: one event per line ('\n', a trailing '\r' is dropped, blank lines are skipped). Read
//    without blocking, at most kReadBudgetBytes per turn of the event loop so a flooding child never
//    starves the GUI. A line longer than kMaxWireEventBytes is refused (protocolError "line N: event
//    over 16 MiB skipped") and read to its end without being kept.
//  - stderr: appended to logFilePath(); the last lines are kept so an exit can say why.
//  - The child's exit is always a state change: Failed with "the backend exited with code 3: <last
//    stderr line>", "the backend crashed: …" or "could not start PROGRAM: …". A half line left at
//    exit is reported ("the backend closed in the middle of an event") and not applied.
//  - stop() closes stdin, asks the child to terminate and kills it after kStopGraceMs; restart() is
//    stop() then start() with a new process (the old one is reaped in the background).

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <backend/backend.h>
#include <backend/childlog.h>
#include <backend/stdoutlines.h>

namespace Tessera {

class StdioBackend : public Backend
{
    Q_OBJECT

public:
    static constexpr qsizetype kReadBudgetBytes = 1024 * 1024;
    static constexpr int kStopGraceMs = 2000;

    explicit StdioBackend(const QString &commandLine, QObject *parent = nullptr);
    ~StdioBackend() override;

    QString description() const override;
    void start() override;
    void stop() override;
    QString logFilePath() const override { return m_logFilePath; }
    // Where stderr goes; default: <CacheLocation>/backend-logs/stdio.log (a temp dir when that is
    // not writable). Takes effect at the next start().
    void setLogFilePath(const QString &path);

    // Where the child starts (a named backend's working directory, issue 12); empty = Tessera's own.
    // Takes effect at the next start().
    void setWorkingDirectory(const QString &directory) { m_workingDirectory = directory; }
    QString workingDirectory() const { return m_workingDirectory; }

    QString commandLine() const { return m_commandLine; }
    // The child's last stderr lines (at most ChildLog::kKeptLines), oldest first.
    QStringList recentStderr() const { return m_childLog.recentLines(); }

protected:
    bool writeEvent(const QByteArray &event, QString *error) override;

private:
    void readStdout();
    void consume(const char *data, qsizetype size);
    void readStderr();
    void onStarted();
    void onErrorOccurred(QProcess::ProcessError error);
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void releaseProcess();

    QString m_commandLine;
    QString m_program;
    QString m_workingDirectory;
    QProcess *m_process = nullptr; // Owned (child QObject); replaced on each start().
    ChildLog m_childLog; // the log file at m_logFilePath and the last stderr lines
    QString m_logFilePath;
    bool m_readScheduled = false;

    StdoutLines m_lines;           // stdout cut into lines of at most kMaxWireEventBytes
};

} // namespace Tessera
