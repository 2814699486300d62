#pragma once

// A seed 003 button (also form and checklist submits, list item actions): painted per variant from
// the palette at paint time (default = filled highlight, secondary = button color, destructive = filled
// error tone, outline = border only), so theme switches apply. While its action is being sent it is
// busy: disabled, its text followed by "…", accessible description "Sending" (seed 003: "the button
// shows a spinner and turns off, so you can't submit twice").

#include <QPushButton>

namespace Tessera {

class WidgetNodeButton : public QPushButton
{
    Q_OBJECT

public:
    WidgetNodeButton(const QString &label, const QString &variant, QWidget *parent = nullptr);

    QString label() const { return m_label; }
    QString variant() const { return m_variant; }
    bool isBusy() const { return m_busy; }
    void setBusy(bool busy);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QString m_label;
    QString m_variant;
    bool m_busy = false;
};

} // namespace Tessera
