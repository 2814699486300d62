#include <app/popoutwindow.h>

#include <QKeyEvent>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

#include <cards/bidicontrols.h>
#include <widgets/card/cardactions.h>
#include <widgets/card/popout.h>
#include <widgets/conversation/blockwidgets.h>

namespace Tessera {

PopOutWindow::PopOutWindow(const QString &conversation, const QString &conversationTitle, const Card &card,
                           const RenderSettings &settings, QWidget *parent)
    : QWidget(parent, Qt::Tool)
    , m_conversation(conversation)
    , m_conversationTitle(conversationTitle)
    , m_card(card)
    , m_follows(isBoardCard(card))
    , m_settings(settings)
    , m_actions(new CardActions(this))
{
    setObjectName(QStringLiteral("popOutWindow"));
    setAttribute(Qt::WA_DeleteOnClose);
    build();
    showCard(card);
    m_replacements = 0;
}

PopOutWindow::PopOutWindow(const QString &conversation, const QString &conversationTitle, const Message &app,
                           const RenderSettings &settings, QWidget *parent)
    : QWidget(parent, Qt::Tool)
    , m_conversation(conversation)
    , m_conversationTitle(conversationTitle)
    , m_appKey(appKeyOf(app))
    , m_settings(settings)
    , m_actions(new CardActions(this))
{
    setObjectName(QStringLiteral("popOutWindow"));
    setAttribute(Qt::WA_DeleteOnClose);
    build();
    showApp(app);
    m_replacements = 0;
}

QString PopOutWindow::appKeyOf(const Message &app)
{
    return app.toolCallId.isEmpty() ? QStringLiteral("line:%1").arg(qHash(app.rawLine)) : app.toolCallId;
}

bool PopOutWindow::event(QEvent *event)
{
    // A tool window shares its main window's shortcuts: Esc would reach Backend → Stop Turn. Here it
    // is this window's own key.
    if (event->type() == QEvent::ShortcutOverride) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Escape && key->modifiers() == Qt::NoModifier) {
            event->accept();
            return true;
        }
    }
    return QWidget::event(event);
}

void PopOutWindow::keyPressEvent(QKeyEvent *event)
{
    // Esc dismisses the view (a control inside passes the key up when it has no use for it).
    if (event->key() == Qt::Key_Escape && event->modifiers() == Qt::NoModifier) {
        close();
        return;
    }
    QWidget::keyPressEvent(event);
}

void PopOutWindow::build()
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 10);
    layout->setSpacing(6);
    m_origin = new QLabel(this);
    m_origin->setObjectName(QStringLiteral("popOutOrigin"));
    m_origin->setWordWrap(true);
    m_origin->setTextFormat(Qt::PlainText);
    m_origin->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_origin);
    m_scroll = new QScrollArea(this);
    m_scroll->setObjectName(QStringLiteral("popOutScroll"));
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    layout->addWidget(m_scroll, 1);
    updateOrigin();
}

void PopOutWindow::setConversationTitle(const QString &title)
{
    m_conversationTitle = title;
    updateOrigin();
}

void PopOutWindow::updateOrigin()
{
    const QString from = m_conversationTitle.isEmpty()
        ? tr("From the conversation")
        : tr("From “%1”").arg(isolatedTitle(m_conversationTitle, layoutDirection()));
    m_origin->setText(m_follows ? tr("%1 · follows the newest board").arg(from) : from);
}

void PopOutWindow::showCard(const Card &card)
{
    m_card = card;
    RenderContext context;
    context.actions = m_actions;
    context.settings = m_settings;
    context.offerPopOut = false; // this is the popped-out copy
    auto *holder = new QWidget;
    QWidget *drawn = RendererRegistry::createCardWidget(card, context, holder);
    const QString spoken = RendererRegistry::spokenKindName(card.kind());
    placeContent(holder, drawn, card.title().isEmpty() ? (spoken.isEmpty() ? tr("Widget") : spoken) : card.title());
}

void PopOutWindow::showApp(const Message &app)
{
    m_appKey = appKeyOf(app);
    RenderContext context;
    context.actions = m_actions;
    context.settings = m_settings;
    context.offerPopOut = false;
    auto *holder = new QWidget;
    QWidget *drawn = createToolAppWidget(app, context, holder);
    if (!drawn) {
        auto *label = new QLabel(tr("This app cannot be shown here."), holder);
        label->setObjectName(QStringLiteral("popOutError"));
        label->setWordWrap(true);
        drawn = label;
    }
    placeContent(holder, drawn, tr("App %1").arg(app.toolName));
}

void PopOutWindow::placeContent(QWidget *holder, QWidget *drawn, const QString &name)
{
    auto *column = new QVBoxLayout(holder);
    column->setContentsMargins(0, 0, 0, 0);
    column->addWidget(drawn);
    column->addStretch(1);
    m_scroll->setWidget(holder); // the previous content is deleted with its holder
    m_cardWidget = drawn;
    ++m_replacements;

    setWindowTitle(tr("%1 — Tessera").arg(name));
    setAccessibleName(tr("Popped out: %1").arg(name));
    if (!isVisible()) {
        const int inner = kWidth - 20;
        const int wanted = drawn->hasHeightForWidth() ? drawn->heightForWidth(inner) : drawn->sizeHint().height();
        resize(kWidth, qBound(160, wanted + m_origin->sizeHint().height() + 40, kMaxHeight));
    }
}

} // namespace Tessera
