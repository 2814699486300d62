#pragma once

// The composer: where the user writes the next message. Pills insert text here; only the user sends.
// Keys: Ctrl+Enter (or Ctrl+Return) sends; Enter inserts a newline.

#include <QWidget>

class QPlainTextEdit;
class QPushButton;

namespace Tessera {

class Composer : public QWidget
{
    Q_OBJECT

public:
    explicit Composer(QWidget *parent = nullptr);

    QString text() const;
    // Replaces the draft with text, puts the cursor at its end and focuses the editor. Never sends.
    void setText(const QString &text);
    void clear();
    // Shows widget at the row's start, left of the editor (the window's backend button).
    // The composer takes ownership.
    void setBackendWidget(QWidget *widget);
    QPlainTextEdit *editor() const { return m_editor; } // Not owned by the caller.

Q_SIGNALS:
    // The user asked to send; the text is non-empty after trimming.
    void sendRequested(const QString &text);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void send();

    QPlainTextEdit *m_editor = nullptr;
    QPushButton *m_sendButton = nullptr;
    QWidget *m_backendWidget = nullptr;
};

} // namespace Tessera
