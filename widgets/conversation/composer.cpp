#include <widgets/conversation/composer.h>

#include <utility>

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Tessera {

Composer::Composer(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("composer"));
    m_editor = new QPlainTextEdit(this);
    m_editor->setObjectName(QStringLiteral("composerEditor"));
    m_editor->setPlaceholderText(tr("Message the agent (Ctrl+Enter to send)"));
    m_editor->setTabChangesFocus(true);
    m_editor->setAccessibleName(tr("Composer"));
    m_editor->setAccessibleDescription(tr("Write a message; Ctrl+Enter sends it"));
    m_editor->installEventFilter(this);
    const int lineHeight = m_editor->fontMetrics().lineSpacing();
    m_editor->setFixedHeight(lineHeight * 3 + 16);

    m_sendButton = new QPushButton(tr("&Send"), this);
    m_sendButton->setObjectName(QStringLiteral("composerSend"));
    m_sendButton->setToolTip(tr("Send (Ctrl+Enter)"));
    m_sendButton->setEnabled(false);
    connect(m_sendButton, &QPushButton::clicked, this, &Composer::send);
    connect(m_editor, &QPlainTextEdit::textChanged, this,
            [this] { m_sendButton->setEnabled(!m_editor->toPlainText().trimmed().isEmpty()); });

    m_editingHint = new QLabel(tr("Editing \u2014 Esc to cancel"), this);
    m_editingHint->setObjectName(QStringLiteral("composerEditingHint"));
    m_editingHint->setForegroundRole(QPalette::PlaceholderText);
    m_editingHint->hide();

    auto *row = new QHBoxLayout;
    row->addWidget(m_editor, 1);
    row->addWidget(m_sendButton, 0, Qt::AlignBottom);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 8);
    layout->setSpacing(2);
    layout->addWidget(m_editingHint);
    layout->addLayout(row);
    setFocusProxy(m_editor);
}

QString Composer::text() const
{
    return m_editor->toPlainText();
}

void Composer::setText(const QString &text)
{
    m_editor->setPlainText(text);
    m_editor->moveCursor(QTextCursor::End);
    m_editor->setFocus(Qt::OtherFocusReason);
}

void Composer::setBackendWidget(QWidget *widget)
{
    delete m_backendWidget;
    m_backendWidget = widget;
    widget->setParent(this);
    static_cast<QBoxLayout *>(layout())->insertWidget(0, widget, 0, Qt::AlignBottom);
}

void Composer::clear()
{
    m_editor->clear();
}

void Composer::send()
{
    const QString text = m_editor->toPlainText();
    if (text.trimmed().isEmpty())
        return;
    if (m_editing)
        Q_EMIT editResendRequested(text);
    else
        Q_EMIT sendRequested(text);
}

void Composer::beginEditing(const QString &text)
{
    if (!m_editing)
        m_savedDraft = m_editor->toPlainText();
    setEditing(true);
    setText(text);
}

void Composer::cancelEditing()
{
    if (!m_editing)
        return;
    setEditing(false);
    setText(std::exchange(m_savedDraft, {}));
}

void Composer::finishEditing()
{
    cancelEditing(); // the resent text is in the conversation now; the draft from before comes back
}

void Composer::setEditing(bool editing)
{
    if (m_editing == editing)
        return;
    m_editing = editing;
    m_editingHint->setVisible(editing);
    m_sendButton->setText(editing ? tr("&Resend") : tr("&Send"));
    m_editor->setAccessibleDescription(editing ? tr("Editing your last message; Enter resends it, Esc cancels")
                                               : tr("Write a message; Ctrl+Enter sends it"));
    Q_EMIT editingChanged(editing);
}

bool Composer::editingKey(QKeyEvent *key)
{
    if (key->key() == Qt::Key_Escape) {
        cancelEditing();
        return true;
    }
    if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter)
        && !key->modifiers().testFlag(Qt::ShiftModifier)) {
        send();
        return true;
    }
    return false;
}

bool Composer::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_editor && m_editing && event->type() == QEvent::ShortcutOverride
        && static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape) {
        event->accept(); // Esc cancels the edit here, before the window's Stop Turn sees it
        return true;
    }
    if (watched == m_editor && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (m_editing && editingKey(key))
            return true;
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter)
            && key->modifiers().testFlag(Qt::ControlModifier)) {
            send();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace Tessera
