#include <mcp/stdiotransport.h>

#include <cstring>

#include <QDateTime>
#include <QDir>
#include <QPointer>
#include <QStandardPaths>
#include <QTimer>

#include <mcp/logging.h>

namespace Tessera {

namespace {

constexpr qsizetype kReadChunk = 64 * 1024;

} // namespace

QString mcpLogDirectory()
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    if (dir.isEmpty() || !QDir().mkpath(dir + QLatin1String("/mcp-logs")))
        dir = QDir::tempPath() + QLatin1String("/tessera");
    return dir + QLatin1String("/mcp-logs");
}

QString mcpServerLogPath(const QString &serverName)
{
    return mcpLogDirectory() + QLatin1Char('/') + (serverName.isEmpty() ? QStringLiteral("unnamed") : serverName)
           + QLatin1String(".log");
}

StdioTransport::StdioTransport(const McpServerConfig &config, QObject *parent)
    : McpTransport(parent), m_config(config), m_logFilePath(mcpServerLogPath(config.name))
{
}

StdioTransport::~StdioTransport()
{
    // A child still running is killed, not orphaned (STYLE.md rule 6).
    const QList<QProcess *> processes = findChildren<QProcess *>(Qt::FindDirectChildrenOnly);
    for (QProcess *process : processes) {
        process->disconnect(this);
        if (process->state() != QProcess::NotRunning) {
            process->kill();
            process->waitForFinished(1000);
        }
    }
}

QString StdioTransport::description() const
{
    return QStringLiteral("stdio: ") + m_config.describe();
}

qint64 StdioTransport::processId() const
{
    return m_process && m_process->state() == QProcess::Running ? m_process->processId() : 0;
}

void StdioTransport::open()
{
    if (m_process)
        return;
    m_lines.reset();
    m_childLog.clearLines();

    if (QString error; !m_childLog.open(m_logFilePath, &error))
        qCWarning(lcMcp, "cannot write the MCP server log %s: %s", qPrintable(m_logFilePath), qPrintable(error));
    m_childLog.append(QStringLiteral("=== %1 starting: %2\n")
                      .arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODate), m_config.describe())
                      .toUtf8());

    m_process = new QProcess(this);
    m_process->setProgram(m_config.command);
    m_process->setArguments(m_config.args);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (auto it = m_config.env.cbegin(); it != m_config.env.cend(); ++it)
        environment.insert(it.key(), it.value());
    m_process->setProcessEnvironment(environment);
    dieWithTessera(m_process); // even after kill -9 (STYLE.md rule 6)
    connect(m_process, &QProcess::started, this, [this] {
        m_childLog.append(QStringLiteral("=== started, pid %1\n").arg(m_process->processId()).toUtf8());
        Q_EMIT opened();
    });
    connect(m_process, &QProcess::readyReadStandardOutput, this, &StdioTransport::readStdout);
    connect(m_process, &QProcess::readyReadStandardError, this, &StdioTransport::readStderr);
    connect(m_process, &QProcess::errorOccurred, this, &StdioTransport::onErrorOccurred);
    connect(m_process, &QProcess::finished, this, &StdioTransport::onFinished);
    m_process->start();
}

void StdioTransport::send(const QByteArray &message, const QString &requestKey)
{
    if (!m_process || m_process->state() != QProcess::Running) {
        // Queued, so the sender has registered the request before it learns its fate.
        QTimer::singleShot(0, this, [this, requestKey] {
            Q_EMIT requestFailed(requestKey, tr("the server is not running"));
        });
        return;
    }
    // A serialised JSON value has no raw line break; the client never sends one, but the rule is the wire's.
    if (message.contains('\n')) {
        qCWarning(lcMcp, "a message with a line break was not sent");
        return;
    }
    m_process->write(message + '\n'); // buffered by QProcess: never blocks
}

void StdioTransport::close()
{
    QProcess *old = m_process;
    if (!old)
        return;
    old->disconnect(this);
    m_process = nullptr;
    if (old->state() == QProcess::NotRunning) {
        old->deleteLater();
        return;
    }
    // Closing stdin lets a well-behaved server finish (the MCP stdio shutdown); terminate asks; kill insists.
    old->closeWriteChannel();
    old->terminate();
    QTimer::singleShot(kStopGraceMs, old, [old] { old->kill(); });
    connect(old, &QProcess::finished, old, &QObject::deleteLater);
    m_childLog.append("=== closed by Tessera\n");
}

void StdioTransport::readStdout()
{
    m_readScheduled = false;
    QPointer<StdioTransport> self(this);
    QProcess *process = m_process;
    if (!process)
        return;
    char buffer[kReadChunk];
    qsizetype budget = kReadBudgetBytes;
    while (budget > 0) {
        const qint64 n = process->read(buffer, qMin<qsizetype>(kReadChunk, budget));
        if (n <= 0)
            break;
        consume(buffer, qsizetype(n));
        if (!self || m_process != process) // a slot closed or deleted us
            return;
        budget -= qsizetype(n);
    }
    if (process->bytesAvailable() > 0 && !m_readScheduled) {
        m_readScheduled = true; // let the event loop breathe before the next megabyte
        QTimer::singleShot(0, this, &StdioTransport::readStdout);
    }
}

void StdioTransport::consume(const char *data, qsizetype size)
{
    QPointer<StdioTransport> self(this);
    QProcess *process = m_process;
    const auto stillOurs = [&] { return self && m_process == process; }; // a slot may close or delete us
    m_lines.feed(
            data, size, maxMessageBytes(),
            [&](QByteArray line, qint64 number) {
                Q_EMIT messageReceived(line, tr("line %1").arg(number));
                return stillOurs();
            },
            [&](qint64 number) {
                Q_EMIT requestFailed(QString(), tr("line %1: the server sent a message over %2; it was refused")
                                                        .arg(number)
                                                        .arg(maxMessageText()));
                return stillOurs();
            });
}

void StdioTransport::readStderr()
{
    if (!m_process)
        return;
    for (const QString &line : m_childLog.appendStderr(m_process->readAllStandardError()))
        qCDebug(lcMcp, "%s stderr: %s", qPrintable(m_config.name), qPrintable(line));
}

void StdioTransport::release(const QString &failure)
{
    m_childLog.append(("=== " + failure + '\n').toUtf8());
    if (m_process) {
        m_process->disconnect(this);
        m_process->deleteLater();
        m_process = nullptr;
    }
    Q_EMIT failed(failure);
}

void StdioTransport::onErrorOccurred(QProcess::ProcessError error)
{
    if (!m_process)
        return;
    if (error == QProcess::FailedToStart) {
        release(tr("could not start %1: %2").arg(m_config.command, m_process->errorString()));
        return;
    }
    m_childLog.append(QStringLiteral("=== %1\n").arg(m_process->errorString()).toUtf8()); // crashes come through finished()
}

void StdioTransport::onFinished(int exitCode, QProcess::ExitStatus status)
{
    QProcess *process = m_process;
    if (!process)
        return;
    QPointer<StdioTransport> self(this);
    // What the child wrote before it exited still counts (an answer, then exit).
    char buffer[kReadChunk];
    for (qint64 n = process->read(buffer, kReadChunk); n > 0; n = process->read(buffer, kReadChunk)) {
        consume(buffer, qsizetype(n));
        if (!self || m_process != process)
            return;
    }
    readStderr();
    QString detail = status == QProcess::CrashExit ? tr("the server crashed")
                                                   : tr("the server exited with code %1").arg(exitCode);
    if (m_lines.endsMidLine())
        detail += tr(" in the middle of a message");
    if (const QString reason = m_childLog.lastLine(); !reason.isEmpty())
        detail += QLatin1String(": ") + reason;
    release(detail);
}

} // namespace Tessera
