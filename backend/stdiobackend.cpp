#include <backend/stdiobackend.h>

#include <cstring>

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QPointer>
#include <QStandardPaths>
#include <QTimer>

#include <backend/logging.h>

namespace Tessera {

namespace {

constexpr qsizetype kReadChunk = 64 * 1024;

QString defaultLogPath(const QString &commandLine)
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    if (dir.isEmpty() || !QDir().mkpath(dir + QLatin1String("/backend-logs")))
        dir = QDir::tempPath() + QLatin1String("/tessera");
    // One log per command, so two conversations with different backends do not interleave.
    const QByteArray hash = QCryptographicHash::hash(commandLine.toUtf8(), QCryptographicHash::Sha1).toHex().left(10);
    return dir + QLatin1String("/backend-logs/stdio-") + QString::fromLatin1(hash) + QLatin1String(".log");
}

QString oversizeMessage()
{
    return StdioBackend::tr("event over %1 MiB skipped").arg(kMaxWireEventBytes / (1024 * 1024));
}

} // namespace

StdioBackend::StdioBackend(const QString &commandLine, QObject *parent)
    : Backend(parent), m_commandLine(commandLine), m_logFilePath(defaultLogPath(commandLine))
{
}

StdioBackend::~StdioBackend()
{
    // Children still running (the current one, or old ones being stopped) are killed, not orphaned.
    const QList<QProcess *> processes = findChildren<QProcess *>(Qt::FindDirectChildrenOnly);
    for (QProcess *process : processes) {
        process->disconnect(this);
        if (process->state() != QProcess::NotRunning) {
            process->kill();
            process->waitForFinished(1000);
        }
    }
}

QString StdioBackend::description() const
{
    return QStringLiteral("stdio: ") + m_commandLine;
}

void StdioBackend::setLogFilePath(const QString &path)
{
    m_logFilePath = path;
}

void StdioBackend::start()
{
    if (m_process && m_process->state() != QProcess::NotRunning)
        return;
    releaseProcess();
    m_lines.reset();
    m_childLog.clearLines();

    const QStringList parts = QProcess::splitCommand(m_commandLine);
    if (parts.isEmpty()) {
        setState(ConnectionState::Failed, tr("the backend command is empty"));
        return;
    }
    m_program = parts.first();

    if (QString error; !m_childLog.open(m_logFilePath, &error))
        qCWarning(lcBackend, "cannot write the backend log %s: %s", qPrintable(m_logFilePath), qPrintable(error));
    m_childLog.append(QStringLiteral("=== %1 starting: %2\n")
                      .arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODate), m_commandLine)
                      .toUtf8());

    m_process = new QProcess(this);
    m_process->setProgram(m_program);
    dieWithTessera(m_process); // even after kill -9 (STYLE.md rule 6)
    m_process->setArguments(parts.mid(1));
    if (!m_workingDirectory.isEmpty())
        m_process->setWorkingDirectory(m_workingDirectory);
    connect(m_process, &QProcess::started, this, &StdioBackend::onStarted);
    connect(m_process, &QProcess::readyReadStandardOutput, this, &StdioBackend::readStdout);
    connect(m_process, &QProcess::readyReadStandardError, this, &StdioBackend::readStderr);
    connect(m_process, &QProcess::errorOccurred, this, &StdioBackend::onErrorOccurred);
    connect(m_process, &QProcess::finished, this, &StdioBackend::onFinished);
    setState(ConnectionState::Connecting, QStringLiteral("starting %1").arg(m_program));
    m_process->start();
}

void StdioBackend::stop()
{
    QProcess *old = m_process;
    releaseProcess();
    if (old && old->state() != QProcess::NotRunning) {
        // Closing stdin lets a well-behaved backend finish; terminate asks; kill insists.
        old->closeWriteChannel();
        old->terminate();
        QTimer::singleShot(kStopGraceMs, old, [old] { old->kill(); });
        connect(old, &QProcess::finished, old, &QObject::deleteLater);
        m_childLog.append("=== stopped by the user\n");
    } else if (old) {
        old->deleteLater();
    }
    m_lines.reset();
    setState(ConnectionState::Disconnected, QStringLiteral("stopped"));
}

void StdioBackend::releaseProcess()
{
    if (!m_process)
        return;
    m_process->disconnect(this);
    if (m_process->state() == QProcess::NotRunning)
        m_process->deleteLater();
    m_process = nullptr;
}

bool StdioBackend::writeEvent(const QByteArray &event, QString *error)
{
    if (event.isEmpty() || event.contains('\n')) {
        if (error)
            *error = event.isEmpty() ? tr("the event is not valid JSON and was not sent")
                                     : tr("the event contains a line break and was not sent");
        return false;
    }
    if (!m_process || m_process->state() != QProcess::Running) {
        if (error)
            *error = tr("the backend is not running");
        return false;
    }
    QByteArray line = event;
    line.append('\n');
    // QProcess buffers what the child has not read yet: this never blocks.
    if (m_process->write(line) != line.size()) {
        if (error)
            *error = tr("could not write to the backend: %1").arg(m_process->errorString());
        return false;
    }
    return true;
}

void StdioBackend::onStarted()
{
    if (!m_process)
        return;
    m_childLog.append(QStringLiteral("=== started, pid %1\n").arg(m_process->processId()).toUtf8());
    setState(ConnectionState::Connected, QStringLiteral("pid %1").arg(m_process->processId()));
}

void StdioBackend::readStdout()
{
    m_readScheduled = false;
    QPointer<StdioBackend> self(this);
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
        // A slot reacting to an event may have stopped, restarted or deleted this backend.
        if (!self || m_process != process)
            return;
        budget -= qsizetype(n);
    }
    if (process->bytesAvailable() > 0 && !m_readScheduled) {
        // Let the event loop paint and handle input before the next megabyte.
        m_readScheduled = true;
        QTimer::singleShot(0, this, &StdioBackend::readStdout);
    }
}

void StdioBackend::consume(const char *data, qsizetype size)
{
    QPointer<StdioBackend> self(this);
    QProcess *process = m_process;
    // A slot reacting to an event may have stopped, restarted or deleted this backend.
    const auto stillOurs = [&] { return self && m_process == process; };
    m_lines.feed(
            data, size, kMaxWireEventBytes,
            [&](QByteArray line, qint64 number) {
                receiveEvent(line, QStringLiteral("line %1").arg(number));
                return stillOurs();
            },
            [&](qint64 number) {
                Q_EMIT protocolError(tr("line %1: ").arg(number) + oversizeMessage());
                return stillOurs();
            });
}

void StdioBackend::readStderr()
{
    if (!m_process)
        return;
    m_childLog.appendStderr(m_process->readAllStandardError());
}

void StdioBackend::onErrorOccurred(QProcess::ProcessError error)
{
    if (!m_process)
        return;
    if (error == QProcess::FailedToStart) {
        const QString detail = tr("could not start %1: %2").arg(m_program, m_process->errorString());
        m_childLog.append(("=== " + detail + '\n').toUtf8());
        releaseProcess();
        setState(ConnectionState::Failed, detail);
        return;
    }
    // Crashes arrive through finished(); a failed write is already reported to the sender.
    m_childLog.append(QStringLiteral("=== %1\n").arg(m_process->errorString()).toUtf8());
}

void StdioBackend::onFinished(int exitCode, QProcess::ExitStatus status)
{
    QProcess *process = m_process;
    if (!process)
        return;
    QPointer<StdioBackend> self(this);
    // What the child wrote before it exited belongs to the conversation: read it all.
    char buffer[kReadChunk];
    for (qint64 n = process->read(buffer, kReadChunk); n > 0; n = process->read(buffer, kReadChunk)) {
        consume(buffer, qsizetype(n));
        if (!self || m_process != process)
            return;
    }
    readStderr();

    if (m_lines.endsMidLine()) {
        const qint64 line = m_lines.unfinishedLineNumber();
        m_lines.reset();
        Q_EMIT protocolError(tr("line %1: the backend closed in the middle of an event").arg(line));
        if (!self || m_process != process)
            return;
    }
    m_lines.reset();

    QString detail = status == QProcess::CrashExit
            ? tr("the backend crashed")
            : tr("the backend exited with code %1").arg(exitCode);
    const QString reason = m_childLog.lastLine();
    if (!reason.isEmpty())
        detail += QLatin1String(": ") + reason;
    m_childLog.append(("=== " + detail + '\n').toUtf8());
    releaseProcess();
    setState(ConnectionState::Failed, detail);
}

} // namespace Tessera
