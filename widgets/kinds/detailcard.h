#pragma once

// Renderer for "detail" cards (seed 000, detail: title 1–120 chars, optional status — one short
// state word, max 40 — and 1–12 fields {label 1–60, value 1–500}, both display text).
// Title in CardFrame's header, then a rounded status chip, then label/value rows: labels muted,
// values wrapped and selectable.

#include <QStringList>

#include <widgets/card/cardframe.h>

class QLabel;

namespace Tessera {

class DetailCard : public CardFrame
{
    Q_OBJECT

public:
    explicit DetailCard(const Card &card, QWidget *parent = nullptr);

    QString statusText() const { return m_status; } // "" when absent
    QStringList fieldLabels() const { return m_labels; }
    QStringList fieldValues() const { return m_values; }
    QLabel *statusChip() const { return m_chip; } // nullptr when there is no status

private:
    QString m_status;
    QStringList m_labels;
    QStringList m_values;
    QLabel *m_chip = nullptr;
};

} // namespace Tessera
