#pragma once

// The lifecycle state of one drawn card (seed 002: Card = {id, kind, …, ref, state}; PRODUCT.md §4
// card.update / card.decision). Computed by the conversation model from the lines after the card:
//  - a system line carrying "card_update": {"cardId", "state", …any other fields, e.g. "ref", "fields"}
//    (the latest wins; what it carries besides cardId/state is kept as JSON text);
//  - a user line carrying "card_decision": {"cardId", "action", "outcome"} (the first one decides: a card
//    cannot be decided twice).
// A replay of the stored conversation computes the same state, so it shows the last state.

#include <QByteArray>
#include <QString>

namespace Tessera {

struct CardState
{
    QString state;          // "filed", "decided", "expired", … as the last card.update said; "" = none
    QByteArray updateJson;  // the last card_update object as received ("" = none): ref, fields, …
    QString decisionAction; // the user's decision (card_decision.action); "" = not decided
    QString decisionOutcome;

    bool isDecided() const { return !decisionAction.isEmpty(); }
    bool isEmpty() const { return state.isEmpty() && updateJson.isEmpty() && decisionAction.isEmpty(); }
    friend bool operator==(const CardState &, const CardState &) = default;
};

} // namespace Tessera
