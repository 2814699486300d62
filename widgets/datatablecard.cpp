#include "datatablecard.h"

#include <QLabel>
#include <QVBoxLayout>

#include "card.h"

namespace Tessera {

// Stub: replaced by the real renderer.
DataTableCard::DataTableCard(const Card &card, QWidget *parent)
    : CardFrame(card, parent)
{
    bodyLayout()->addWidget(new QLabel(card.kindName(), this));
}

} // namespace Tessera
