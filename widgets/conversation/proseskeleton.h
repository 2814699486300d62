#pragma once

// What stands in for a ```dorkos-ui fence while it is still streaming (seed 003: "While the agent is
// still typing, you see a loading skeleton in its place"): a rounded panel with three placeholder bars
// and a muted "Building a widget…" line. It never shows the fence's text. The bars shimmer only while
// widgetCanAnimate() (reduced motion and a headless render get the still panel). Fixed height kHeight.

#include <QElapsedTimer>
#include <QFrame>

class QTimer;

namespace Tessera {

class ProseSkeleton : public QFrame
{
    Q_OBJECT

public:
    static constexpr int kHeight = 104; // px

    // reduceMotion: RenderSettings::reduceMotion of the view drawing it.
    explicit ProseSkeleton(bool reduceMotion, QWidget *parent = nullptr);

    bool isShimmering() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    QTimer *m_timer = nullptr;
    QElapsedTimer m_clock;
    bool m_reduceMotion = false;
};

} // namespace Tessera
