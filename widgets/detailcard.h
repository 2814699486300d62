#pragma once

#include "cardframe.h"

namespace Tessera {

class DetailCard : public CardFrame
{
    Q_OBJECT

public:
    explicit DetailCard(const Card &card, QWidget *parent = nullptr);
};

} // namespace Tessera
