#pragma once

#include "cardframe.h"

namespace Tessera {

class TextCard : public CardFrame
{
    Q_OBJECT

public:
    explicit TextCard(const Card &card, QWidget *parent = nullptr);
};

} // namespace Tessera
