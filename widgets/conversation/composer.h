#pragma once

// The composer: where the user writes the next message. Pills insert text here; only the user sends.
// Keys: Ctrl+Enter (or Ctrl+Return) sends; Enter inserts a newline.
// Editing (Edit and resend, issue 12): a hint row says "Editing — Esc to cancel"; Enter or Ctrl+Enter
// resends (Shift+Enter: a newline), Esc cancels and brings back the draft that was there before.
// Long text (a line over kLongestLine characters, or over kMostEditorChars in all: a minified JSON blob, a
// log) is not put in the editor, whose layout of one long paragraph took 144 ms a key for a 1 MB line:
// it is held beside it, shown as a row "Pasted text: 1.2 MiB" with a button that removes it, and
// sent after what the editor holds.

#include <QWidget>

class QKeyEvent;

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QToolButton;

namespace Tessera {

class Composer : public QWidget
{
    Q_OBJECT

public:
    explicit Composer(QWidget *parent = nullptr);

    static constexpr qsizetype kLongestLine = 10000;
    static constexpr qsizetype kMostEditorChars = 1000000;
    static bool isLongText(QStringView text);

    // What Send sends: the editor's text, then the long text held beside it (if any).
    QString text() const;
    // The long text held beside the editor; empty when there is none.
    QString heldText() const { return m_held; }
    // Replaces the draft with text, puts the cursor at its end and focuses the editor (long text is held
    // beside it instead). Never sends.
    void setText(const QString &text);
    // Holds long text beside the editor (replacing any held before); empty text removes it.
    void holdText(const QString &text);
    void clear();
    // Shows widget at the row's start, left of the editor (the window's backend button).
    // The composer takes ownership.
    void setBackendWidget(QWidget *widget);
    QPlainTextEdit *editor() const { return m_editor; } // Not owned by the caller.

    // Puts text in the editor to be edited and resent; the current draft is kept for cancelEditing.
    void beginEditing(const QString &text);
    // Back to the draft from before beginEditing.
    void cancelEditing();
    // The edit was resent: the editor is emptied, the draft from before comes back.
    void finishEditing();
    bool isEditing() const { return m_editing; }

Q_SIGNALS:
    // The user asked to send; the text is non-empty after trimming.
    void sendRequested(const QString &text);
    // While editing: the user asked to resend; the text is non-empty after trimming.
    void editResendRequested(const QString &text);
    void editingChanged(bool editing);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void send();
    void updateSendButton();
    void setEditing(bool editing);
    bool editingKey(QKeyEvent *key); // Enter / Esc while editing; true when handled

    QPlainTextEdit *m_editor = nullptr;
    QPushButton *m_sendButton = nullptr;
    QLabel *m_editingHint = nullptr;
    QWidget *m_heldRow = nullptr;     // "Pasted text: …" and its remove button
    QLabel *m_heldLabel = nullptr;
    QToolButton *m_removeHeld = nullptr;
    QString m_held;
    bool m_editing = false;
    QString m_savedDraft; // the draft beginEditing replaced
    QWidget *m_backendWidget = nullptr;
};

} // namespace Tessera
