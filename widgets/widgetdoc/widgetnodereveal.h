#pragma once

// seed 003 reveal: a coin, a d6, a d20 or a magic 8-ball that settles on the agent's result (a number
// result is already text: widgetRevealText). At rest it shows the result; when widgetCanAnimate() on
// first show, a short suspense animation (coin spin, die roll through random faces, ball wiggle) runs for
// kSpinMs and settles on the same result. A headless render and reduced motion only ever show the result.
// A d6 with result "1"–"6" draws pips; everything else draws the result text.

#include <QElapsedTimer>
#include <QWidget>

class QTimer;

namespace Tessera {

class WidgetNodeReveal : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kSize = 72;    // px
    static constexpr int kSpinMs = 900; // suspense before settling

    // reduceMotion: RenderSettings::reduceMotion of the document drawn.
    WidgetNodeReveal(const QString &kind, const QString &result, bool reduceMotion, QWidget *parent = nullptr);

    QString kind() const { return m_kind; }
    QString result() const { return m_result; }
    bool isSettled() const;
    // What the face shows now: the result once settled.
    QString shownText() const;

Q_SIGNALS:
    // false when the suspense animation starts, true when it settles on the result.
    void settledChanged(bool settled);

protected:
    void paintEvent(QPaintEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    QString m_kind;
    QString m_result;
    QString m_rolling; // a random face while rolling
    QTimer *m_timer = nullptr;
    QElapsedTimer m_clock;
    bool m_played = false;
    bool m_reduceMotion = false;
};

} // namespace Tessera
