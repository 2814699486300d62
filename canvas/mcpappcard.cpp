#include <canvas/mcpappcard.h>

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QDesktopServices>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
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

QString oneLine(const json &value, int max)
{
    QString text = QString::fromStdString(value.dump(-1, ' ', false, json::error_handler_t::replace)).simplified();
    return text.size() > max ? text.left(max - 1) + QStringLiteral("…") : text;
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

    m_consent = new QFrame(this);
    m_consent->setObjectName(QStringLiteral("mcpAppConsent"));
    m_consent->setFrameShape(QFrame::StyledPanel);
    m_consentLabel = new QLabel(m_consent);
    m_consentLabel->setTextFormat(Qt::PlainText);
    m_consentLabel->setWordWrap(true);
    m_allow = new QPushButton(tr("Allow once"), m_consent);
    m_allow->setObjectName(QStringLiteral("mcpAppAllow"));
    m_deny = new QPushButton(tr("Deny"), m_consent);
    m_deny->setObjectName(QStringLiteral("mcpAppDeny"));
    m_deny->setDefault(true);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_allow);
    buttons->addWidget(m_deny);
    auto *consentLayout = new QVBoxLayout(m_consent);
    consentLayout->addWidget(m_consentLabel);
    consentLayout->addLayout(buttons);
    m_consent->hide();
    connect(m_allow, &QPushButton::clicked, this, &McpAppCard::allowPendingCall);
    connect(m_deny, &QPushButton::clicked, this, &McpAppCard::denyPendingCall);

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
    layout->addWidget(m_consent);
    layout->addWidget(m_view);
    setAccessibleName(tr("App %1 from %2").arg(record.tool, record.server));
}

McpAppCard::~McpAppCard()
{
    if (m_run)
        m_run->cancel();
    if (!m_view)
        return;
    // ui/resource-teardown before the view goes: it lives on, hidden, until answered (bounded).
    McpAppView *view = m_view;
    m_view = nullptr;
    view->bridge()->disconnect(this);
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

QString McpAppCard::consentText() const
{
    return isConsentPending() ? m_consentLabel->text() : QString();
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
    m_pendingId = id;
    m_pendingTool = name;
    m_pendingArguments = arguments;
    m_consentLabel->setText(tr("The app asks to run %1 from %2.\nArguments: %3")
                                .arg(name.left(128), m_record.server, oneLine(arguments, 500)));
    m_consent->show();
    m_deny->setFocus(Qt::OtherFocusReason);
    updateGeometry();
}

void McpAppCard::finishConsent()
{
    m_pendingId.clear();
    m_pendingTool.clear();
    m_pendingArguments = json();
    m_consent->hide();
    updateGeometry();
}

void McpAppCard::denyPendingCall()
{
    if (!isConsentPending())
        return;
    const QString id = m_pendingId;
    const QString tool = m_pendingTool;
    finishConsent();
    m_view->bridge()->failToolCall(id, QStringLiteral("The user denied this call: %1 was not run.").arg(tool));
}

void McpAppCard::allowPendingCall()
{
    if (!isConsentPending())
        return;
    const QString id = m_pendingId;
    const QString tool = m_pendingTool;
    const json arguments = m_pendingArguments;
    finishConsent();
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
