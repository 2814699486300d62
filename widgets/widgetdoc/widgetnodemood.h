#pragma once

// seed 003 mood: a small painted face. Each emotion has its own pose (brows, eyes, mouth, extras:
// blush, tear, thought dots, sparkles, heart eyes) and its own idle tell (happy bounces, thinking looks
// around, celebrating bounces under sparkles, sheepish sways, determined's brows tense, surprised pops,
// sad droops, love beats) plus a blink. The pose is drawn at rest first; the tell runs only while
// widgetCanAnimate() (reduced motion keeps the pose; a headless render never animates). celebrating
// fires one confetti burst when motion is allowed.

#include <QElapsedTimer>
#include <QWidget>

class QTimer;

namespace Tessera {

class WidgetNodeMood : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kSize = 72; // px

    // emotion: one of seed 003's eight; anything else draws "happy"'s pose.
    // reduceMotion: RenderSettings::reduceMotion of the document drawn.
    WidgetNodeMood(const QString &emotion, bool reduceMotion, QWidget *parent = nullptr);

    QString emotion() const { return m_emotion; }
    bool isAnimating() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    QString m_emotion;
    QTimer *m_timer = nullptr;
    QElapsedTimer m_clock;
    bool m_burstDone = false;
    bool m_reduceMotion = false;
};

} // namespace Tessera
