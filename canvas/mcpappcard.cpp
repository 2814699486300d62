#include <canvas/mcpappcard.h>

#include <utility>

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QDesktopServices>
#include <QLabel>
#include <QMessageBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <canvas/canvascard.h>
#include <canvas/logging.h>
#include <canvas/mcpappview.h>
#include <cards/strictjson.h>
#include <cards/transcript.h>
#include <mcp/mcpapphost.h>
#include <mcp/mcptoolhost.h>
#include <widgets/card/cardactions.h>
#include <widgets/card/popout.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/conversation/blockwidgets.h>

namespace Tessera {

using json = nlohmann::json;

namespace {

QWidget *createMcpAppBlock(const Message &message, const QString &summary, const RenderContext &context, QWidget *parent)
{
    const json line = message.json();
    McpAppRecord record;
    QString error;
    if (!line.is_object() || !McpAppRecord::fromJson(line.value("tessera_app", json()), &record, &error)) {
        qCWarning(lcCanvas).noquote() << "MCP app view not drawn:" << error;
        auto *fallback = new ToolResultLine(summary + QStringLiteral(" \u00B7 ") + McpAppCard::tr("app not drawn: %1").arg(error),
                                            message.content, parent);
        return fallback;
    }
    auto *card = new McpAppCard(record, summary, message.content, parent);
    card->setCardActions(context.actions);
    if (context.actions && context.offerPopOut)
        card->offerPopOut(message);
    return card;
}

} // namespace

void installMcpAppRenderer()
{
    setToolAppFactory(&createMcpAppBlock);
}

McpAppCard::McpAppCard(const McpAppRecord &record, const QString &summary, const QString &resultText, QWidget *parent)
    : QFrame(parent)
    , m_record(record)
{
    setObjectName(QStringLiteral("mcpAppCard"));
    m_line = new ToolResultLine(summary, resultText, this);
    m_notice = new QLabel(this);
    m_notice->setObjectName(QStringLiteral("mcpAppNotice"));
    m_notice->setTextFormat(Qt::PlainText);
    m_notice->setWordWrap(true);
    m_notice->setForegroundRole(QPalette::PlaceholderText);

    m_view = new McpAppView(record, this);
    McpToolHost *host = McpAppHost::instance()->toolHost();
    const bool connected = host && host->isServerReady(record.server);
    m_view->bridge()->setServerConnected(connected);

    QStringList notes;
    if (!record.cspRefused.isEmpty())
        notes.append(tr("The app asked for network access to %1; refused: an app view reaches no network.")
                         .arg(record.cspRefused.join(QStringLiteral(", "))));
    if (!connected)
        notes.append(tr("%1 is not connected: the app's tool calls are off.").arg(record.server));
    m_notice->setText(notes.join(QLatin1Char('\n')));
    m_notice->setVisible(!notes.isEmpty());

    McpAppBridge *bridge = m_view->bridge();
    connect(bridge, &McpAppBridge::toolCallRequested, this, &McpAppCard::onToolCallRequested);
    connect(McpAppHost::instance(), &McpAppHost::toolConsentDecided, this, &McpAppCard::onConsentDecided);
    connect(McpAppHost::instance(), &McpAppHost::toolConsentExpired, this, &McpAppCard::onConsentExpired);
    connect(m_view, &McpAppView::closed, this, &McpAppCard::withdrawConsent);
    connect(bridge, &McpAppBridge::messageRequested, this, [](const QString &text) {
        McpAppHost::instance()->requestComposerText(text);
    });
    connect(bridge, &McpAppBridge::openLinkRequested, this, [this](const QUrl &url, const QString &id) {
        if (m_view)
            m_view->bridge()->answerOpenLink(id, openLink(url));
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 4);
    layout->setSpacing(4);
    m_header = new QHBoxLayout;
    m_header->setContentsMargins(0, 0, 0, 0);
    m_header->addWidget(m_line, 1);
    layout->addLayout(m_header);
    layout->addWidget(m_notice);
    layout->addWidget(m_view);
    setAccessibleName(tr("App %1 from %2").arg(record.tool, record.server));
}

McpAppCard::~McpAppCard()
{
    if (m_run)
        m_run->cancel();
    if (!m_view)
        return;
    withdrawConsent(); // before the teardown: the app hears the refusal first
    // ui/resource-teardown before the view goes: it lives on, hidden, until answered (bounded).
    McpAppView *view = m_view;
    m_view = nullptr;
    view->bridge()->disconnect(this);
    disconnect(view, nullptr, this, nullptr);
    view->hide();
    view->setParent(nullptr);
    connect(view, &McpAppView::closed, view, &QObject::deleteLater);
    connect(QCoreApplication::instance(), &QCoreApplication::aboutToQuit, view, &QObject::deleteLater);
    view->close();
}

void McpAppCard::offerPopOut(const Message &message)
{
    if (m_popOut || !m_actions)
        return;
    const QByteArray line = message.rawLine;
    m_popOut = createPopOutButton(this, tr("App %1").arg(m_record.tool), [line] { McpAppHost::instance()->requestPopOut(line); });
    m_header->addWidget(m_popOut, 0, Qt::AlignTop);
}

// The window's own confirmation for https links when the block has card actions (the one every link in
// Tessera goes through); else a question box here. A confirmer set on McpAppHost wins (tests).
bool McpAppCard::openLink(const QUrl &url)
{
    if (McpAppHost::instance()->hasLinkConfirmer())
        return McpAppHost::instance()->confirmLink(url);
    if (m_actions) {
        m_actions->requestLink(url.toString(QUrl::FullyEncoded));
        return true; // handed to the window, which asks before opening
    }
    const bool yes = QMessageBox::question(this, tr("Open Link"),
                                           tr("An app asks to open this address in your browser:\n\n%1").arg(url.toDisplayString()),
                                           QMessageBox::Open | QMessageBox::Cancel, QMessageBox::Cancel)
        == QMessageBox::Open;
    if (yes)
        QDesktopServices::openUrl(url);
    return yes;
}

QString McpAppCard::noticeText() const
{
    return m_notice->isHidden() ? QString() : m_notice->text();
}

void McpAppCard::onToolCallRequested(const QString &id, const QString &name, const json &arguments)
{
    if (isConsentPending() || m_run) {
        m_view->bridge()->failToolCall(id, QStringLiteral("another call of this app is waiting"));
        return;
    }
    // A tool its server keeps for the model is refused before any consent card is asked.
    if (McpToolHost *host = McpAppHost::instance()->toolHost(); host && !host->isAppCallable(m_record.server, name)) {
        m_view->bridge()->failToolCall(id, QStringLiteral("%1 is for the model only: an app may not call it").arg(name));
        return;
    }
    QString error;
    const QByteArray argumentsJson = QByteArray::fromStdString(arguments.dump(-1, ' ', false, json::error_handler_t::replace));
    const QString cardId = McpAppHost::instance()->requestToolConsent(name, m_record.server, argumentsJson,
                                                                      m_record.tool, &error);
    if (cardId.isEmpty()) {
        m_view->bridge()->failToolCall(id, QStringLiteral("consent could not be asked: %1").arg(error));
        return;
    }
    m_pendingId = id;
    m_pendingCard = cardId;
    m_pendingTool = name;
    m_pendingArguments = arguments;
}

void McpAppCard::onConsentDecided(const QString &cardId, bool allowed)
{
    if (cardId.isEmpty() || cardId != m_pendingCard || !m_view)
        return;
    const QString id = std::exchange(m_pendingId, {});
    const QString tool = std::exchange(m_pendingTool, {});
    const json arguments = std::exchange(m_pendingArguments, json());
    m_pendingCard.clear();
    if (!allowed) {
        m_view->bridge()->failToolCall(id, QStringLiteral("The user denied this call: %1 was not run.").arg(tool));
        return;
    }
    runPendingCall(id, tool, arguments);
}

void McpAppCard::onConsentExpired(const QString &cardId, const QString &reason)
{
    if (cardId.isEmpty() || cardId != m_pendingCard || !m_view)
        return;
    const QString id = std::exchange(m_pendingId, {});
    const QString tool = std::exchange(m_pendingTool, {});
    m_pendingArguments = json();
    m_pendingCard.clear();
    m_view->bridge()->failToolCall(id, QStringLiteral("The consent card expired (%1): %2 was not run.").arg(reason, tool));
}

void McpAppCard::withdrawConsent()
{
    if (!isConsentPending())
        return;
    const QString cardId = m_pendingCard;
    // The session expires the card; its toolConsentExpired refuses the app (onConsentExpired).
    McpAppHost::instance()->withdrawToolConsent(cardId);
    if (m_pendingCard == cardId && m_view)
        onConsentExpired(cardId, QStringLiteral("the app's view was closed")); // nobody expired it
}

void McpAppCard::runPendingCall(const QString &id, const QString &tool, const json &arguments)
{
    McpToolHost *host = McpAppHost::instance()->toolHost();
    ToolRun *run = host ? host->callServerTool(m_record.server, tool, arguments) : nullptr;
    if (!run) {
        m_view->bridge()->failToolCall(id, QStringLiteral("%1 is not connected").arg(m_record.server));
        return;
    }
    m_run = run;
    connect(run, &ToolRun::finished, this, [this, run, id] {
        run->deleteLater();
        if (!m_view)
            return;
        if (!run->errorString().isEmpty()) {
            m_view->bridge()->failToolCall(id, run->errorString());
            return;
        }
        const QByteArray bytes = run->resultJson();
        const StrictJsonResult parsed = parseStrictJson(std::string_view(bytes.constData(), size_t(bytes.size())));
        m_view->bridge()->answerToolCall(id, parsed.value && parsed.value->is_object() ? *parsed.value : json::object());
    });
}

void McpAppCard::showEvent(QShowEvent *event)
{
    QFrame::showEvent(event);
    if (m_view && !CanvasCard::isHeadless() && m_view->state() == McpAppView::State::Idle)
        m_view->start();
}

int McpAppCard::heightForWidth(int width) const
{
    if (m_view && CanvasCard::isHeadless() && m_view->state() == McpAppView::State::Idle)
        m_view->renderNow(width);
    layout()->activate();
    const int h = layout()->hasHeightForWidth() ? layout()->totalHeightForWidth(width) : -1;
    return h > 0 ? h : layout()->totalSizeHint().height();
}

} // namespace Tessera
