#pragma once

#include "cardframe.h"

namespace Tessera {

class ItemListCard : public CardFrame
{
    Q_OBJECT

public:
    explicit ItemListCard(const Card &card, QWidget *parent = nullptr);

Q_SIGNALS:
    void itemActivated(const QString &itemId);
};

} // namespace Tessera
