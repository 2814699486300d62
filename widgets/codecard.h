#pragma once

#include "cardframe.h"

namespace Tessera {

class CodeCard : public CardFrame
{
    Q_OBJECT

public:
    explicit CodeCard(const Card &card, QWidget *parent = nullptr);
};

} // namespace Tessera
