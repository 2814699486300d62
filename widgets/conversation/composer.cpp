#include <widgets/conversation/composer.h>

#include <functional>
#include <utility>

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <widgets/common/wraptext.h>

namespace Tessera {

namespace {

// The editor: a paste of long text goes to `hold` instead of into the document.
class ComposerEditor : public QPlainTextEdit
{
public:
    ComposerEditor(std::function<void(const QString &)> hold, QWidget *parent)
        : QPlainTextEdit(parent), m_hold(std::move(hold))
    {
    }

protected:
    void insertFromMimeData(const QMimeData *source) override
    {
        if (source && source->hasText()) {
            const QString text = source->text();
            if (Composer::isLongText(text)) {
                m_hold(text);
                return;
            }
        }
        QPlainTextEdit::insertFromMimeData(source);
    }

private:
    std::function<void(const QString &)> m_hold;
};

} // namespace

bool Composer::isLongText(QStringView text)
{
    return text.size() > kMostEditorChars || hasLineLongerThan(text, kLongestLine);
}

Composer::Composer(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("composer"));
    m_editor = new ComposerEditor([this](const QString &text) { holdText(text); }, this);
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
    connect(m_editor, &QPlainTextEdit::textChanged, this, &Composer::updateSendButton);

    m_heldRow = new QWidget(this);
    m_heldRow->setObjectName(QStringLiteral("composerHeldText"));
    m_heldLabel = new QLabel(m_heldRow);
    m_heldLabel->setForegroundRole(QPalette::PlaceholderText);
    m_removeHeld = new QToolButton(m_heldRow);
    m_removeHeld->setObjectName(QStringLiteral("composerRemoveHeldText"));
    m_removeHeld->setIcon(style()->standardIcon(QStyle::SP_DialogCloseButton));
    m_removeHeld->setToolTip(tr("Remove the pasted text"));
    m_removeHeld->setAccessibleName(tr("Remove the pasted text"));
    m_removeHeld->setAutoRaise(true);
    connect(m_removeHeld, &QToolButton::clicked, this, [this] {
        holdText(QString());
        m_editor->setFocus(Qt::OtherFocusReason);
    });
    auto *heldLayout = new QHBoxLayout(m_heldRow);
    heldLayout->setContentsMargins(0, 0, 0, 0);
    heldLayout->addWidget(m_heldLabel, 1);
    heldLayout->addWidget(m_removeHeld);
    m_heldRow->hide();

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
    layout->addWidget(m_heldRow);
    layout->addLayout(row);
    setFocusProxy(m_editor);
}

QString Composer::text() const
{
    const QString typed = m_editor->toPlainText();
    if (m_held.isEmpty())
        return typed;
    return QStringView(typed).trimmed().isEmpty() ? m_held : typed + QStringLiteral("\n\n") + m_held;
}

void Composer::setText(const QString &text)
{
    const bool isLong = isLongText(text);
    holdText(isLong ? text : QString());
    m_editor->setPlainText(isLong ? QString() : text);
    m_editor->moveCursor(QTextCursor::End);
    m_editor->setFocus(Qt::OtherFocusReason);
}

void Composer::holdText(const QString &text)
{
    m_held = text;
    if (!text.isEmpty()) {
        m_heldLabel->setText(tr("Pasted text: %1 \u2014 sent after what you write")
                                 .arg(QLocale().formattedDataSize(text.toUtf8().size())));
    }
    m_heldRow->setVisible(!text.isEmpty());
    updateSendButton();
}

void Composer::updateSendButton()
{
    m_sendButton->setEnabled(!m_held.isEmpty() || !QStringView(m_editor->toPlainText()).trimmed().isEmpty());
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
    holdText(QString());
}

void Composer::send()
{
    const QString text = this->text();
    if (QStringView(text).trimmed().isEmpty())
        return;
    if (m_editing)
        Q_EMIT editResendRequested(text);
    else
        Q_EMIT sendRequested(text);
}

void Composer::beginEditing(const QString &text)
{
    if (!m_editing)
        m_savedDraft = this->text();
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
