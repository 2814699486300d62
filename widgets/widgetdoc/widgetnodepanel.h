#pragma once

// A nested seed 003 "card" node inside a widget document: a rounded panel on AlternateBase with a thin
// border, holding header, body and footer layouts set by the builder.

#include <QFrame>

namespace Tessera {

class WidgetNodePanel : public QFrame
{
    Q_OBJECT

public:
    explicit WidgetNodePanel(QWidget *parent = nullptr);

protected:
    void paintEvent(QPaintEvent *event) override;
};

} // namespace Tessera
