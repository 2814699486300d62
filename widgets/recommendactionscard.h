#pragma once

#include "cardframe.h"

namespace Tessera {

class RecommendActionsCard : public CardFrame
{
    Q_OBJECT

public:
    explicit RecommendActionsCard(const Card &card, QWidget *parent = nullptr);

Q_SIGNALS:
    void actionActivated(const QString &prompt);
};

} // namespace Tessera
