#pragma once

#include "cardframe.h"

namespace Tessera {

class FallbackCard : public CardFrame
{
    Q_OBJECT

public:
    explicit FallbackCard(const Card &card, QWidget *parent = nullptr);
    FallbackCard(const QString &label, const QString &reason, const QByteArray &rawText, QWidget *parent = nullptr);
};

} // namespace Tessera
