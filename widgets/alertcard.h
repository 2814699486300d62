#pragma once

#include "cardframe.h"

namespace Tessera {

class AlertCard : public CardFrame
{
    Q_OBJECT

public:
    explicit AlertCard(const Card &card, QWidget *parent = nullptr);
};

} // namespace Tessera
