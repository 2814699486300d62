#pragma once

// Process-wide bookkeeping for canvas views (the canvas issue: "only a few canvases are live at once").
// At most cap() cards hold a live QWebEngineView. A card asking to go live gets a slot when one is free,
// or by evicting the least recently shown live card that is not on screen (it is replaced by a
// snapshot of its last frame); when every live card is on screen the request is refused and the card
// keeps showing its snapshot. Snapshots are cached by the card's raw text so a widget the
// conversation view destroyed and rebuilt shows its last frame at once. GUI thread only.

#include <QByteArray>
#include <QList>
#include <QPixmap>

namespace Tessera {

class CanvasCard;

class CanvasPool
{
public:
    static int cap(); // 4 unless changed
    static void setCap(int cap);

    // True when the card may (now) hold a live view; it is then the most recently shown.
    static bool requestLive(CanvasCard *card);
    static void touch(CanvasCard *card);
    static void release(CanvasCard *card);
    static int liveCount();
    static int peakLiveCount(); // highest liveCount() seen since resetPeak()
    static void resetPeak();
    static QList<CanvasCard *> liveCards(); // most recently shown first

    // Every existing card registers; while any exists a 300 ms timer asks the suspended ones that are
    // on screen to go live (scrolling moves their parent, not them, so they get no event of their own).
    static void registerCard(CanvasCard *card);
    static void unregisterCard(CanvasCard *card);

    // Snapshot cache: at most 64 MB of pixmaps, least recently used dropped first.
    struct Snapshot
    {
        QPixmap pixmap;
        int contentHeight = 0; // CSS px of the document when the snapshot was taken
    };
    static void storeSnapshot(const QByteArray &key, const Snapshot &snapshot);
    static bool findSnapshot(const QByteArray &key, Snapshot *snapshot);
    static void clearSnapshots();
};

} // namespace Tessera
