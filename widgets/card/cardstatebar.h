#pragma once

// The lifecycle strip drawn inside a card (seed 002: filed → decided → expired; cardstate.h): a chip
// with a symbol and a word ("• Filed", "✓ Decided: approve", "⊘ Expired" — never colour alone), then
// what the last card.update carried besides cardId and state, one "name: value" line each
// ("ref: proposal #124"; "fields" as an object or a [{label, value}] list gives one line per field).
// At most kMaxLines lines, each value at most kMaxValueChars characters; what is left out is named
// ("… 3 more"), never dropped in silence.
// Words from the card (state, decision, detail names and values) show bidi controls as visible markers
// and are isolated when they hold right-to-left letters (cards/bidicontrols.h): "\u202Eevil" is drawn
// "• ⟨U+202E⟩evil", never as "live".

#include <QFrame>
#include <QStringList>

#include <cards/cardstate.h>

namespace Tessera {

class CardStateBar : public QFrame
{
    Q_OBJECT

public:
    static constexpr int kMaxLines = 12;
    static constexpr int kMaxValueChars = 300;

    explicit CardStateBar(const CardState &state, QWidget *parent = nullptr);

    QStringList chipTexts() const { return m_chips; }   // e.g. {"✓ Decided: approve"}
    QStringList detailLines() const { return m_details; } // e.g. {"ref: proposal #124"}
    // One sentence for screen readers and copies: "Decided: approve. ref: proposal #124".
    QString summary() const { return m_summary; }

    // The chip text for a state word alone ("filed" -> "• Filed").
    static QString stateChipText(const QString &state);

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QStringList m_chips;
    QStringList m_details;
    QString m_summary;
};

} // namespace Tessera
