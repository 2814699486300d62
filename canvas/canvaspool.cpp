#include <canvas/canvaspool.h>

#include <QCache>
#include <QCoreApplication>
#include <QPointer>
#include <QTimer>

#include <canvas/canvascard.h>

namespace Tessera {

namespace {

constexpr int kDefaultCap = 4;
constexpr int kSnapshotCacheKb = 64 * 1024;

struct PoolState
{
    int cap = kDefaultCap;
    int peak = 0;
    QList<CanvasCard *> live; // most recently shown first
    QCache<QByteArray, CanvasPool::Snapshot> snapshots{kSnapshotCacheKb};
    QList<CanvasCard *> all;
    QPointer<QTimer> wakeTimer;
};

constexpr int kWakeIntervalMs = 300;

PoolState &state()
{
    static PoolState s;
    return s;
}

} // namespace

int CanvasPool::cap()
{
    return state().cap;
}

void CanvasPool::setCap(int cap)
{
    state().cap = qMax(1, cap);
}

bool CanvasPool::requestLive(CanvasCard *card)
{
    PoolState &s = state();
    if (s.live.contains(card)) {
        touch(card);
        return true;
    }
    while (s.live.size() >= s.cap) {
        CanvasCard *victim = nullptr;
        for (qsizetype i = s.live.size() - 1; i >= 0; --i) {
            if (!s.live.at(i)->isOnScreen()) {
                victim = s.live.at(i);
                break;
            }
        }
        if (!victim)
            return false;
        s.live.removeOne(victim);
        victim->suspend(); // back to a snapshot; does not call release() again
    }
    s.live.prepend(card);
    s.peak = qMax(s.peak, int(s.live.size()));
    return true;
}

void CanvasPool::touch(CanvasCard *card)
{
    PoolState &s = state();
    const qsizetype index = s.live.indexOf(card);
    if (index > 0)
        s.live.move(index, 0);
}

void CanvasPool::release(CanvasCard *card)
{
    state().live.removeOne(card);
}

int CanvasPool::liveCount()
{
    return int(state().live.size());
}

int CanvasPool::peakLiveCount()
{
    return state().peak;
}

void CanvasPool::resetPeak()
{
    state().peak = liveCount();
}

QList<CanvasCard *> CanvasPool::liveCards()
{
    return state().live;
}

void CanvasPool::registerCard(CanvasCard *card)
{
    PoolState &s = state();
    s.all.append(card);
    if (!s.wakeTimer && QCoreApplication::instance()) {
        s.wakeTimer = new QTimer(QCoreApplication::instance());
        s.wakeTimer->setInterval(kWakeIntervalMs);
        QObject::connect(s.wakeTimer, &QTimer::timeout, [] {
            const QList<CanvasCard *> cards = state().all;
            for (CanvasCard *c : cards) {
                if (c->state() == CanvasCard::State::Suspended && c->isOnScreen())
                    c->wake();
            }
        });
    }
    if (s.wakeTimer && !s.wakeTimer->isActive())
        s.wakeTimer->start();
}

void CanvasPool::unregisterCard(CanvasCard *card)
{
    PoolState &s = state();
    s.all.removeOne(card);
    s.live.removeOne(card);
    if (s.all.isEmpty() && s.wakeTimer)
        s.wakeTimer->stop();
}

void CanvasPool::storeSnapshot(const QByteArray &key, const Snapshot &snapshot)
{
    if (snapshot.pixmap.isNull())
        return;
    const qint64 bytes = qint64(snapshot.pixmap.width()) * snapshot.pixmap.height() * 4;
    state().snapshots.insert(key, new Snapshot(snapshot), int(qMax<qint64>(1, bytes / 1024)));
}

bool CanvasPool::findSnapshot(const QByteArray &key, Snapshot *snapshot)
{
    const Snapshot *found = state().snapshots.object(key);
    if (!found)
        return false;
    if (snapshot)
        *snapshot = *found;
    return true;
}

void CanvasPool::clearSnapshots()
{
    state().snapshots.clear();
}

} // namespace Tessera
