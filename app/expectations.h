#pragma once

// `tessera validate FILE --expect …` (issue 18): the eval checks of seed 002, so a reference set of
// conversations can assert, say, a decision card in every case.
//   cardsAtLeast:N   at least N valid cards in the conversation (N from 0 to 1000000)
//   cardKind:KIND    at least one valid card of the wire kind KIND ("data_table", a plugin's kind, …)
// Only valid cards count: an invalid one is reported by validate already and is not what the agent meant
// to show. Spaces after the colon are allowed ("cardKind: decision", as the seed writes it).

#include <QList>
#include <QString>
#include <QStringList>

namespace Tessera {

class Transcript;

struct Expectation
{
    enum class Type { CardsAtLeast, CardKind };

    Type type = Type::CardsAtLeast;
    int count = 0; // CardsAtLeast
    QString kind;  // CardKind

    QString text() const; // "cardsAtLeast:3", "cardKind:decision"
};

// false when text is neither form (an unknown name, a missing or negative N, an empty KIND).
bool parseExpectation(const QString &text, Expectation *out);

// One line per unmet expectation, in the order given, e.g.
//   "expectation not met: cardsAtLeast:3: the conversation has 2 valid cards"
//   "expectation not met: cardKind:decision: no valid decision card (valid kinds: data_table, text)"
QStringList unmetExpectations(const Transcript &transcript, const QList<Expectation> &expectations);

} // namespace Tessera
