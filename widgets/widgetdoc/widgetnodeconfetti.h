#pragma once

// A short confetti burst (seed 003: the ui action {"action": "celebrate"} and a celebrating mood): a
// transparent, click-through overlay over the widget document that throws kPieces pieces (or an emoji
// glyph) from the origin widget's centre, lets them fall for kDurationMs and deletes itself. Skipped
// (burst returns nullptr) when widgetCanAnimate(origin, reduceMotion) is false: reduced motion or a headless render.

#include <QElapsedTimer>
#include <QList>
#include <QWidget>

class QTimer;

namespace Tessera {

class WidgetNodeConfetti : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kPieces = 48;
    static constexpr int kDurationMs = 1400;

    // emoji: "" draws colored pieces; else that glyph. Not owned by the caller (deletes itself).
    static WidgetNodeConfetti *burst(QWidget *origin, const QString &emoji, bool reduceMotion);

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    WidgetNodeConfetti(QWidget *host, QPointF from, const QString &emoji);

    struct Piece
    {
        QPointF velocity; // px/s
        qreal spin;       // degrees/s
        int color;
    };
    QPointF m_from;
    QString m_emoji;
    QList<Piece> m_pieces;
    QElapsedTimer m_clock;
    QTimer *m_timer = nullptr;
};

} // namespace Tessera
