#pragma once

// Renderer for "recommend_actions" cards (seed 000, recommend_actions: question max 200 chars,
// 1–3 actions {label 1–60 — the pill text; prompt 1–500 — the exact text injected into the composer}).
//
// The question (if any), then one rounded pill per action (QPushButton, objectName "actionPill").
// Clicking a pill, or Space/Enter/Return while it has focus, emits actionActivated(prompt) with the
// action's exact prompt. Pills wrap onto several lines when the card is narrow.

#include <QStringList>

#include <widgets/card/cardframe.h>

class QPushButton;

namespace Tessera {

class RecommendActionsCard : public CardFrame
{
    Q_OBJECT

public:
    explicit RecommendActionsCard(const Card &card, QWidget *parent = nullptr);

    QString question() const { return m_question; } // "" when absent
    QList<QPushButton *> pills() const { return m_pills; }
    QStringList prompts() const { return m_prompts; }

Q_SIGNALS:
    void actionActivated(const QString &prompt);

private:
    QString m_question;
    QList<QPushButton *> m_pills; // children
    QStringList m_prompts;
};

} // namespace Tessera
