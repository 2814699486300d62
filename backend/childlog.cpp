#include <backend/childlog.h>

#include <csignal>

#include <sys/prctl.h>
#include <unistd.h>

#include <QDir>
#include <QFileInfo>
#include <QProcess>

namespace Tessera {

bool ChildLog::open(const QString &path, QString *error)
{
    m_file.close();
    if (path.isEmpty())
        return true;
    QDir().mkpath(QFileInfo(path).absolutePath());
    m_file.setFileName(path);
    if (m_file.open(QIODevice::WriteOnly | QIODevice::Append))
        return true;
    if (error)
        *error = m_file.errorString();
    return false;
}

void ChildLog::append(const QByteArray &bytes)
{
    if (!m_file.isOpen())
        return;
    if (m_file.size() > kMaxBytes) {
        const QString path = m_file.fileName();
        m_file.close();
        const QString previous = path + QLatin1String(".1");
        QFile::remove(previous);
        QFile::rename(path, previous);
        m_file.setFileName(path);
        if (!m_file.open(QIODevice::WriteOnly | QIODevice::Append))
            return;
    }
    m_file.write(bytes);
    m_file.flush();
}

QStringList ChildLog::appendStderr(const QByteArray &data)
{
    if (data.isEmpty())
        return {};
    append(data);
    m_partial.append(data);
    QStringList completed;
    qsizetype start = 0;
    for (qsizetype nl = m_partial.indexOf('\n'); nl >= 0; nl = m_partial.indexOf('\n', start)) {
        const QString text = QString::fromUtf8(m_partial.constData() + start, nl - start).trimmed();
        if (!text.isEmpty()) {
            completed.append(text.left(500));
            m_lines.append(completed.last());
            while (m_lines.size() > kKeptLines)
                m_lines.removeFirst();
        }
        start = nl + 1;
    }
    m_partial.remove(0, start);
    if (m_partial.size() > kLineCap)
        m_partial = m_partial.right(kLineCap);
    return completed;
}

QString ChildLog::lastLine() const
{
    const QString partial = QString::fromUtf8(m_partial).trimmed();
    if (!partial.isEmpty())
        return partial.right(500);
    return m_lines.isEmpty() ? QString() : m_lines.last();
}

void dieWithTessera(QProcess *process)
{
    const pid_t tessera = ::getpid();
    process->setChildProcessModifier([tessera] {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        // Tessera may have died between fork and prctl: then nobody would ever signal the child.
        if (::getppid() != tessera)
            ::_exit(127);
    });
}

} // namespace Tessera
