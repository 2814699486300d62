#pragma once

// Celebrations (seed 003: the ui action {"action": "celebrate", "kind"?, "emoji"?} and a celebrating
// mood): a transparent, click-through overlay over the widget document (else the origin's window) that
// throws pieces from the origin widget — the control that was clicked — lets them fly for duration()
// and deletes itself. One shape per kind (WidgetCelebration, widgetdocument.h; unknown kinds are burst):
//   burst      kPieces coloured strips in an upward cone from the origin's centre
//   fireworks  three shells bursting in a ring above the origin, one after another
//   cannons    two streams from the origin's left and right edges, up and outward
//   stars      golden stars in every direction from the origin's centre
//   rain       a calm drizzle of strips from the host's top edge, above the origin
//   emoji      the glyph (default 🎉) thrown like a burst
// Skipped (celebrate returns nullptr) when widgetCanAnimate(origin, reduceMotion) is false: reduced
// motion (seed 003: every style is skipped) or a headless render.

#include <QElapsedTimer>
#include <QList>
#include <QWidget>

#include <cards/dialects/widgetdocument.h>

class QTimer;

namespace Tessera {

class WidgetNodeConfetti : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kPieces = 48;
    static constexpr int kDurationMs = 1400;

    // Not owned by the caller (deletes itself).
    static WidgetNodeConfetti *celebrate(QWidget *origin, const WidgetCelebration &celebration, bool reduceMotion);
    // A burst (emoji "": strips; else that glyph), as celebrate with Burst / Emoji.
    static WidgetNodeConfetti *burst(QWidget *origin, const QString &emoji, bool reduceMotion);

    WidgetCelebration::Kind kind() const { return m_kind; }
    QString emoji() const { return m_emoji; }
    // The origin's centre in this overlay's coordinates (where the pieces come from).
    QPointF origin() const { return m_from; }
    int pieceCount() const { return int(m_pieces.size()); }
    int duration() const { return m_duration; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    WidgetNodeConfetti(QWidget *host, QRectF from, const WidgetCelebration &celebration);
    void addPieces(QRectF from);

    struct Piece
    {
        QPointF start;    // px, overlay coordinates
        QPointF velocity; // px/s
        qreal spin;       // degrees/s
        qreal delay;      // s before it appears
        int color;
    };
    WidgetCelebration::Kind m_kind;
    QPointF m_from;
    QString m_emoji;
    qreal m_gravity = 520; // px/s²
    int m_duration = kDurationMs;
    QList<Piece> m_pieces;
    QElapsedTimer m_clock;
    QTimer *m_timer = nullptr;
};

} // namespace Tessera
