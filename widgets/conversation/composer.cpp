#include <widgets/conversation/composer.h>

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QPlainTextEdit>
#include <QPushButton>

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

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 8);
    layout->addWidget(m_editor, 1);
    layout->addWidget(m_sendButton, 0, Qt::AlignBottom);
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
    Q_EMIT sendRequested(text);
}

bool Composer::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_editor && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter)
            && key->modifiers().testFlag(Qt::ControlModifier)) {
            send();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace Tessera
