#pragma once

// Renderer for "alert" cards (seed 000, alert: severity info|success|warning|error, title max 120,
// message 1–500 chars). Severity is never color alone: the word ("Warning") is always shown, the
// icon's shape and symbol differ per severity, and the tone color (theme.h) tints the icon, the
// word and a left accent bar. The title sits beside the severity word, not in CardFrame's header.

#include <widgets/card/cardframe.h>
#include <widgets/common/theme.h>

class QLabel;

namespace Tessera {

class AlertCard : public CardFrame
{
    Q_OBJECT

public:
    enum class Severity { Info, Success, Warning, Error };

    explicit AlertCard(const Card &card, QWidget *parent = nullptr);

    Severity severity() const { return m_severity; }
    QString severityWord() const;      // "Info", "Success", "Warning", "Error" (translated)
    QString message() const { return m_message; }
    QString titleText() const { return m_title; } // "" when absent

    // Info for anything unexpected (the schema allows only the four values).
    static Severity severityFromName(QStringView name);
    static StatusTone toneFor(Severity severity);

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyTone();

    Severity m_severity = Severity::Info;
    QString m_message;
    QString m_title;
    QLabel *m_word = nullptr;
};

} // namespace Tessera
