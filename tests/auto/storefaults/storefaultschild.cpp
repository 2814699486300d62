// The writer that tst_storefaults kills with SIGKILL: appends messages in turns, forever.
//
//   storefaults_child DATA_DIR
// Prints "conversation ID", then "committed SEQ" after each append returns (so every printed SEQ is on
// disk), completes turns t1..t4 (3 lines each), then starts t5, prints "streaming" after its first line
// and keeps appending to t5 (never completed) until killed. Exit 2 on any store error.

#include <cstdio>

#include <QCoreApplication>
#include <QThread>

#include <store/conversationstore.h>

using namespace Tessera;

namespace {

QByteArray lineFor(qint64 seq, const QString &turn)
{
    return QStringLiteral(R"({"role":"%1","content":"message %2","turn_id":"%3"})")
        .arg(seq % 3 == 1 ? QStringLiteral("user") : QStringLiteral("assistant"))
        .arg(seq)
        .arg(turn)
        .toUtf8();
}

bool append(ConversationStore &store, const QString &id, const QString &turn, qint64 expected)
{
    qint64 seq = 0;
    const StoreStatus status = store.appendMessage(id, lineFor(expected, turn), &seq);
    if (!status.ok() || seq != expected) {
        std::fprintf(stderr, "append failed: %s\n", qPrintable(status.message));
        return false;
    }
    std::printf("committed %lld\n", static_cast<long long>(seq));
    std::fflush(stdout);
    return true;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    if (argc < 2)
        return 2;
    ConversationStore store;
    StoreStatus status = store.open(QString::fromLocal8Bit(argv[1]));
    QString id;
    if (status.ok())
        status = store.createConversation(QStringLiteral("Killed mid-turn"), QStringLiteral("storefaults_child"), &id);
    if (!status.ok()) {
        std::fprintf(stderr, "%s\n", qPrintable(status.message));
        return 2;
    }
    std::printf("conversation %s\n", qPrintable(id));
    std::fflush(stdout);

    qint64 seq = 0;
    for (int t = 1; t <= 4; ++t) {
        const QString turn = QStringLiteral("t%1").arg(t);
        if (!store.beginTurn(id, turn).ok())
            return 2;
        for (int i = 0; i < 3; ++i) {
            if (!append(store, id, turn, ++seq))
                return 2;
        }
        if (!store.completeTurn(id, turn).ok())
            return 2;
    }
    if (!store.beginTurn(id, QStringLiteral("t5")).ok() || !append(store, id, QStringLiteral("t5"), ++seq))
        return 2;
    std::printf("streaming\n");
    std::fflush(stdout);
    for (;;) {
        if (!append(store, id, QStringLiteral("t5"), ++seq))
            return 2;
        QThread::usleep(500);
    }
}
