#pragma once

#include "cardframe.h"

namespace Tessera {

class DataTableCard : public CardFrame
{
    Q_OBJECT

public:
    explicit DataTableCard(const Card &card, QWidget *parent = nullptr);
};

} // namespace Tessera
