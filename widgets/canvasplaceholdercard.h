#pragma once

#include "cardframe.h"

namespace Tessera {

class CanvasPlaceholderCard : public CardFrame
{
    Q_OBJECT

public:
    explicit CanvasPlaceholderCard(const Card &card, QWidget *parent = nullptr);
};

} // namespace Tessera
