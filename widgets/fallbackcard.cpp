#include "fallbackcard.h"

#include <QLabel>
#include <QVBoxLayout>

#include "card.h"

namespace Tessera {

// Stub: replaced by the real renderer.
FallbackCard::FallbackCard(const Card &card, QWidget *parent)
    : CardFrame(card, parent)
{
    bodyLayout()->addWidget(new QLabel(card.kindName(), this));
}

} // namespace Tessera

namespace Tessera {

FallbackCard::FallbackCard(const QString &label, const QString &reason, const QByteArray &, QWidget *parent)
    : CardFrame(QString(), label, parent)
{
    bodyLayout()->addWidget(new QLabel(reason, this));
}

} // namespace Tessera
