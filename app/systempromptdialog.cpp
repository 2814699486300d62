#include <app/systempromptdialog.h>

#include <limits>

#include <QDialogButtonBox>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <store/conversationstore.h>

namespace Tessera {

SystemPromptDialog::SystemPromptDialog(const QString &prompt, const QString &title, QWidget *parent)
    : QDialog(parent)
    , m_edit(new QPlainTextEdit(this))
    , m_count(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("systemPromptDialog"));
    setWindowTitle(tr("System Prompt"));
    auto *heading = new QLabel(title.isEmpty() ? tr("&Instructions for the model in this conversation:")
                                               : tr("&Instructions for the model in “%1”:").arg(title.left(80)),
                               this);
    heading->setWordWrap(true);
    heading->setBuddy(m_edit);
    auto *explanation = new QLabel(tr("Sent before each of your messages from the next one on, followed by "
                                      "Tessera's own rules for drawing cards. Only this conversation uses it; "
                                      "leave it empty for none."),
                                   this);
    explanation->setObjectName(QStringLiteral("systemPromptExplanation"));
    explanation->setWordWrap(true);
    explanation->setForegroundRole(QPalette::PlaceholderText);

    m_edit->setObjectName(QStringLiteral("systemPromptEdit"));
    m_edit->setAccessibleName(tr("System prompt"));
    m_edit->setPlaceholderText(tr("For example: Answer in French. Keep answers short."));
    m_edit->setTabChangesFocus(true); // the keyboard must reach the buttons
    m_edit->setPlainText(prompt);
    m_edit->moveCursor(QTextCursor::End);
    m_count->setObjectName(QStringLiteral("systemPromptCount"));
    m_count->setForegroundRole(QPalette::PlaceholderText);
    m_buttons->setObjectName(QStringLiteral("systemPromptButtons"));
    m_buttons->button(QDialogButtonBox::Save)->setObjectName(QStringLiteral("systemPromptSave"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_edit, &QPlainTextEdit::textChanged, this, &SystemPromptDialog::updateCount);
    m_edit->installEventFilter(this); // Ctrl+Enter saves (eventFilter)

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading);
    layout->addWidget(m_edit, 1);
    layout->addWidget(explanation);
    layout->addWidget(m_count);
    layout->addWidget(m_buttons);
    updateCount();
    resize(560, 360);
    m_edit->setFocus(Qt::OtherFocusReason);
}

bool SystemPromptDialog::eventFilter(QObject *watched, QEvent *event)
{
    // Enter is a new line in the text; Ctrl+Enter saves, as in the composer. Caught before the editor
    // types it (a shortcut would depend on which window the system calls active).
    if (watched == m_edit && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && key->modifiers().testFlag(Qt::ControlModifier)) {
            if (m_buttons->button(QDialogButtonBox::Save)->isEnabled())
                accept();
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

QString SystemPromptDialog::prompt() const
{
    return m_edit->toPlainText().trimmed();
}

void SystemPromptDialog::updateCount()
{
    const qsizetype length = prompt().size();
    const bool tooLong = length > ConversationStore::kMaxSystemPromptLength;
    const int n = int(qMin<qsizetype>(length, std::numeric_limits<int>::max()));
    m_count->setText(tooLong ? tr("%Ln character(s): at most %1 can be kept.", nullptr, n)
                                       .arg(QLocale().toString(ConversationStore::kMaxSystemPromptLength))
                             : tr("%Ln character(s)", nullptr, n));
    m_buttons->button(QDialogButtonBox::Save)->setEnabled(!tooLong);
}

} // namespace Tessera
