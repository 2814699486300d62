#pragma once

// seed 003 progress: a painted bar filled to value (0–100, validated; anything outside is clamped when
// drawn, never trusted). The label and the "42%" text are separate labels the builder adds.

#include <QWidget>

namespace Tessera {

class WidgetNodeProgress : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kBarHeight = 8; // px

    explicit WidgetNodeProgress(double value, QWidget *parent = nullptr);

    double value() const { return m_value; } // as drawn: within [0, 100]

    QSize sizeHint() const override { return {160, kBarHeight}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    double m_value;
};

} // namespace Tessera
