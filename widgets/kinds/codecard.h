#pragma once

// Renderer for "code" cards (seed 000, code: title max 120, language max 32 — a highlighting hint,
// code 1–16 000 chars, unfenced). Monospace, no wrapping (horizontal scrolling), read-only and
// selectable; height follows the line count up to kMaxVisibleLines, then the code scrolls inside.
//
// Copy puts the exact original code on the clipboard. The display differs from it only where an
// invisible or bidi control character (Trojan Source) is shown as a visible marker ⟨U+202E⟩, and
// CR LF shows as one line end.

#include <widgets/card/cardframe.h>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace Tessera {

class CodeHighlighter;

class CodeCard : public CardFrame
{
    Q_OBJECT

public:
    static constexpr int kMaxVisibleLines = 24;

    explicit CodeCard(const Card &card, QWidget *parent = nullptr);

    QString code() const { return m_code; }         // exactly as in the payload
    QString language() const { return m_language; } // the hint as given; "" when absent
    QString displayText() const;                    // what the viewer shows
    QPlainTextEdit *codeView() const { return m_view; }
    QPushButton *copyButton() const { return m_copy; }
    CodeHighlighter *highlighter() const { return m_highlighter; }

    // Copies the original code to the clipboard and shows "Copied" on the button for a moment.
    void copyCode();

protected:
    void changeEvent(QEvent *event) override;

private:
    QString m_code;
    QString m_language;
    QPlainTextEdit *m_view = nullptr;
    QPushButton *m_copy = nullptr;
    CodeHighlighter *m_highlighter = nullptr; // owned by the view's document
};

} // namespace Tessera
