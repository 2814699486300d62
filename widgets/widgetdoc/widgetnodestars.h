#pragma once

// seed 003 rating: five painted stars with a fractional fill ("value: 0-5", clamped when drawn:
// 5.0001 draws 5, -1 draws 0; widgetRatingValue). Stars are outlined in the text color and filled amber,
// so an empty star still shows; the number is also written beside them by the builder.

#include <QWidget>

namespace Tessera {

class WidgetNodeStars : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kStarSize = 18; // px

    explicit WidgetNodeStars(double value, QWidget *parent = nullptr);

    double value() const { return m_value; } // as drawn, within [0, 5]
    // Fill of star i (0–4), 0–1.
    double fillOf(int star) const;

    QSize sizeHint() const override { return {5 * kStarSize + 4 * 2, kStarSize}; }
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    double m_value;
};

} // namespace Tessera
