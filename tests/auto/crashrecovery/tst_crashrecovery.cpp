// kill -9 mid-turn (issue 13, PRODUCT.md §6): what the person saw stream survives, the turn reads as cut
// off on the next start, and the backend child dies with Tessera. Run as a user would: `tessera ask`
// against the scripted stdio backend, killed with SIGKILL while the answer streams.

#include <csignal>

#include <QDeadlineTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <store/conversationstore.h>

using namespace Tessera;

namespace {

// 'Z' (a zombie nobody reaped yet) counts as dead: it runs nothing and holds nothing open.
bool processAlive(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray text = stat.readAll();
    const qsizetype close = text.lastIndexOf(')');
    return close > 0 && close + 2 < text.size() && text.at(close + 2) != 'Z';
}

} // namespace

class tst_CrashRecovery : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void killedMidTurnKeepsTheStreamedAnswer();
};

void tst_CrashRecovery::killedMidTurnKeepsTheStreamedAnswer()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString pidFile = dir.filePath(QStringLiteral("backend.pid"));
    const QString scriptPath = dir.filePath(QStringLiteral("script.jsonl"));
    QFile script(scriptPath);
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write(QStringLiteral(R"({"expect":"user.message"}
{"pidFile":"%1"}
{"send":{"type":"turn.started","turnId":"t1"}}
{"send":{"type":"message.delta","turnId":"t1","text":"partial "}}
{"send":{"type":"message.delta","turnId":"t1","text":"answer"}}
{"hang":true}
)").arg(pidFile).toUtf8());
    script.close();

    QProcess tessera;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
    tessera.setProcessEnvironment(env);
    const QString dataDir = dir.filePath(QStringLiteral("data"));
    tessera.start(QStringLiteral(TESSERA_BINARY),
                  {QStringLiteral("ask"), QStringLiteral("--backend-cmd"),
                   QStringLiteral("\"%1\" \"%2\"").arg(QStringLiteral(SCRIPTED_BACKEND), scriptPath),
                   QStringLiteral("--data-dir"), dataDir, QStringLiteral("--timeout"), QStringLiteral("60"),
                   QStringLiteral("Where did the money go?")});
    QVERIFY(tessera.waitForStarted(10000));
    // The person has seen "partial answer" once ask printed it.
    QByteArray seen;
    QDeadlineTimer deadline(30000);
    while (!seen.contains("partial answer") && !deadline.hasExpired() && tessera.state() == QProcess::Running) {
        tessera.waitForReadyRead(200);
        seen += tessera.readAllStandardOutput();
    }
    QVERIFY2(seen.contains("partial answer"), seen.constData());
    QFile pid(pidFile);
    QVERIFY(pid.open(QIODevice::ReadOnly));
    const qint64 backendPid = pid.readAll().trimmed().toLongLong();
    QVERIFY(backendPid > 0 && processAlive(backendPid));
    // Streamed prose reaches the store within about a second (ConversationSession::kStreamSaveMs).
    QThread::msleep(1800);
    ::kill(pid_t(tessera.processId()), SIGKILL);
    QVERIFY(tessera.waitForFinished(10000));
    QCOMPARE(tessera.exitStatus(), QProcess::CrashExit);

    // The backend dies with Tessera, not left behind as an orphan.
    QDeadlineTimer orphan(5000);
    while (processAlive(backendPid) && !orphan.hasExpired())
        QThread::msleep(50);
    QVERIFY2(!processAlive(backendPid), "the backend outlived a Tessera killed with SIGKILL");

    // The next start: the user's line, the streamed answer as the turn's line, the turn cut off.
    ConversationStore store;
    const StoreStatus opened = store.open(dataDir);
    QVERIFY2(opened.ok(), qPrintable(opened.message));
    const QList<ConversationSummary> conversations = store.listConversations();
    QCOMPARE(conversations.size(), 1);
    const Transcript transcript = store.loadTranscript(conversations.first().id);
    QCOMPARE(transcript.messages.size(), 2);
    QCOMPARE(transcript.messages.at(0).content, QStringLiteral("Where did the money go?"));
    QCOMPARE(transcript.messages.at(1).role, MessageRole::Assistant);
    QCOMPARE(transcript.messages.at(1).content, QStringLiteral("partial answer"));
    QVERIFY(transcript.messages.at(1).incomplete);
    QCOMPARE(store.turnsMarkedIncompleteOnOpen(), 1);
}

QTEST_GUILESS_MAIN(tst_CrashRecovery)

#include "tst_crashrecovery.moc"
