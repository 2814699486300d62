#pragma once

// Conversation → System Prompt… (issue 12): the conversation's own instructions for an
// OpenAI-compatible backend, kept with the conversation (ConversationStore::systemPrompt). The model
// is sent them first, then Tessera's card rules (OpenAiBackend::setSystemPrompt); a change applies
// from the next message. Stdio and WebSocket agents keep their own instructions: the window offers
// this only for OpenAI-compatible backends.
//
// Keyboard: the text field has focus on open; Tab leaves it (a tab character is not typed), Ctrl+Enter
// saves, Esc cancels. Over ConversationStore::kMaxSystemPromptLength characters Save is disabled and
// the count says why.

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;

namespace Tessera {

class SystemPromptDialog : public QDialog
{
    Q_OBJECT

public:
    // prompt: the conversation's current one ("" = none); title: the conversation's, for the heading.
    SystemPromptDialog(const QString &prompt, const QString &title, QWidget *parent = nullptr);

    QString prompt() const; // trimmed
    QPlainTextEdit *editor() const { return m_edit; } // for tests

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateCount();

    QPlainTextEdit *m_edit = nullptr;
    QLabel *m_count = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace Tessera
