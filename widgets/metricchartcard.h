#pragma once

#include "cardframe.h"

namespace Tessera {

class MetricChartCard : public CardFrame
{
    Q_OBJECT

public:
    explicit MetricChartCard(const Card &card, QWidget *parent = nullptr);
};

} // namespace Tessera
