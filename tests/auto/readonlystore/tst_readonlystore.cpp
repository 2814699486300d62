// A data dir nobody may write (issue 13): reading a conversation needs no write access. The directory
// and the database are made read-only, then `tessera list`, `export` and `validate` run against it. As
// root (CI) permissions do not stop writes, so the commands run as the unprivileged user "nobody"
// (setpriv), as a person with a read-only mount would.

#include <unistd.h>

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <tests/support/clirunner.h>

using namespace Tessera::TestSupport;

class tst_ReadOnlyStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void listsAndExportsWithoutWriteAccess();

private:
    CliResult run(const QStringList &arguments, bool unprivileged);

    QTemporaryDir m_dir;
    QString m_setpriv;
    QString m_binary = QStringLiteral(TESSERA_BINARY);
};

void tst_ReadOnlyStore::initTestCase()
{
    QVERIFY(m_dir.isValid());
    if (::geteuid() == 0) {
        m_setpriv = QStandardPaths::findExecutable(QStringLiteral("setpriv"));
        QVERIFY2(!m_setpriv.isEmpty(), "setpriv (util-linux) is needed to read as an unprivileged user");
        // "nobody" may not reach the build tree: a copy of the binary where it can (Qt is a system library).
        // The window's program goes where the front looks for it (app/frontmain.cpp, issue 17).
        m_binary = m_dir.filePath(QStringLiteral("tessera"));
        const QString window = m_dir.filePath(QStringLiteral("libexec/tessera/tessera"));
        QVERIFY(QDir().mkpath(QFileInfo(window).path()));
        QVERIFY(QFile::copy(QStringLiteral(TESSERA_BINARY), m_binary));
        QVERIFY(QFile::copy(QStringLiteral(TESSERA_WINDOW_BINARY), window));
        for (const QString &program : {m_binary, window}) {
            QVERIFY(QFile::setPermissions(program, QFileDevice::ReadOwner | QFileDevice::ExeOwner | QFileDevice::ReadOther
                                                       | QFileDevice::ExeOther));
        }
    }
}

CliResult tst_ReadOnlyStore::run(const QStringList &arguments, bool unprivileged)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("HOME"), m_dir.path());
    if (unprivileged && !m_setpriv.isEmpty()) {
        return runProgram(m_setpriv,
                          QStringList{QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                                      QStringLiteral("--clear-groups"), m_binary}
                              + arguments,
                          env);
    }
    return runProgram(m_binary, arguments, env);
}

void tst_ReadOnlyStore::listsAndExportsWithoutWriteAccess()
{
    const QString data = m_dir.filePath(QStringLiteral("data"));
    const CliResult imported = run({QStringLiteral("import"), QStringLiteral(TESSERA_SOURCE_DIR "/resources/demo/demo.jsonl"),
                           QStringLiteral("--data-dir"), data},
                          false);
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
    const QString id = imported.out.trimmed().split(QLatin1Char('\n')).last();
    QVERIFY(!id.isEmpty());

    // Readable by everyone, writable by no one: the temporary dir, the data dir and every file in it.
    const QFileDevice::Permissions readOnlyDir = QFileDevice::ReadOwner | QFileDevice::ExeOwner | QFileDevice::ReadGroup
            | QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::ExeOther;
    const QFileDevice::Permissions readOnlyFile = QFileDevice::ReadOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther;
    QDirIterator files(data, QDir::Files | QDir::Hidden);
    while (files.hasNext())
        QVERIFY(QFile::setPermissions(files.next(), readOnlyFile));
    QVERIFY(QFile::setPermissions(data, readOnlyDir));
    QVERIFY(QFile::setPermissions(m_dir.path(), readOnlyDir | QFileDevice::WriteOwner));

    const CliResult listed = run({QStringLiteral("list"), QStringLiteral("--data-dir"), data}, true);
    QVERIFY2(listed.exitCode == 0, qPrintable(listed.err));
    QVERIFY2(listed.out.startsWith(id + QLatin1Char('\t')), qPrintable(listed.out));
    QVERIFY2(listed.out.contains(QStringLiteral("\t43\t")), qPrintable(listed.out)); // the demo's 43 lines

    const CliResult validated = run({QStringLiteral("validate"), id, QStringLiteral("--data-dir"), data}, true);
    QVERIFY2(validated.exitCode == 0, qPrintable(validated.out + validated.err));

    // Nothing was written: no lock, no WAL files appeared in the directory nobody may write.
    const QStringList entries = QDir(data).entryList(QDir::Files | QDir::Hidden);
    QVERIFY2(!entries.contains(QStringLiteral("tessera.lock")), qPrintable(entries.join(u' ')));

    // Restore write access so QTemporaryDir can clean up.
    QVERIFY(QFile::setPermissions(data, readOnlyDir | QFileDevice::WriteOwner));
}

QTEST_GUILESS_MAIN(tst_ReadOnlyStore)

#include "tst_readonlystore.moc"
