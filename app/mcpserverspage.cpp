#include <app/mcpserverspage.h>

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <app/mcpserverdialog.h>
#include <app/settingskeys.h>
#include <mcp/mcpclient.h>
#include <mcp/mcpserversettings.h>

namespace Tessera {

McpServersPage::McpServersPage(QWidget *parent, SecretStore *secrets)
    : QWidget(parent)
    , m_store(new McpServerSettings(secrets))
    , m_list(new QTreeWidget(this))
    , m_message(new QLabel(this))
{
    setObjectName(QStringLiteral("mcpServersPage"));
    m_list->setObjectName(QStringLiteral("mcpServerList"));
    m_list->setHeaderLabels({tr("Name"), tr("Command or URL"), tr("Enabled"), tr("State")});
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->header()->setSectionResizeMode(CommandColumn, QHeaderView::Stretch);
    m_list->header()->setStretchLastSection(false);
    m_list->setAccessibleName(tr("MCP servers"));

    auto *add = new QPushButton(tr("&Add…"), this);
    add->setObjectName(QStringLiteral("mcpAdd"));
    m_edit = new QPushButton(tr("&Edit…"), this);
    m_edit->setObjectName(QStringLiteral("mcpEdit"));
    m_remove = new QPushButton(tr("&Remove"), this);
    m_remove->setObjectName(QStringLiteral("mcpRemove"));
    auto *paste = new QPushButton(tr("&Paste Configuration…"), this);
    paste->setObjectName(QStringLiteral("mcpPaste"));
    auto *check = new QPushButton(tr("&Check"), this);
    check->setObjectName(QStringLiteral("mcpCheck"));
    check->setToolTip(tr("Connect to each enabled server once and show how many tools it has"));
    m_undo = new QPushButton(tr("&Undo Remove"), this);
    m_undo->setObjectName(QStringLiteral("mcpUndo"));
    m_undo->hide();
    m_message->setObjectName(QStringLiteral("mcpMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *buttons = new QHBoxLayout;
    for (QPushButton *b : {add, m_edit, m_remove, paste, check})
        buttons->addWidget(b);
    buttons->addStretch();
    auto *messageRow = new QHBoxLayout;
    messageRow->addWidget(m_message, 1);
    messageRow->addWidget(m_undo);
    auto *intro = new QLabel(tr("MCP servers give the agent tools. Nothing runs without your consent; "
                                "environment and header values are kept in the desktop's keyring. A change here "
                                "reaches the open window after the answer in progress, if any."), this);
    intro->setWordWrap(true);
    // Saved at once, like the servers (decisions.md "MCP in the conversation").
    m_autoAllowReadOnly = new QCheckBox(tr("Run &read-only tools without asking"), this);
    m_autoAllowReadOnly->setObjectName(QStringLiteral("mcpAutoAllowReadOnly"));
    m_autoAllowReadOnly->setToolTip(tr("Tools their server marks as read-only run without a consent card; "
                                       "tools marked destructive always ask"));
    m_autoAllowReadOnly->setChecked(QSettings().value(SettingsKeys::kToolsAutoAllowReadOnly, false).toBool());
    connect(m_autoAllowReadOnly, &QCheckBox::toggled, this, [this](bool on) {
        QSettings().setValue(SettingsKeys::kToolsAutoAllowReadOnly, on);
        Q_EMIT autoAllowReadOnlyChanged(on);
    });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_list, 1);
    layout->addLayout(buttons);
    layout->addLayout(messageRow);
    layout->addWidget(m_autoAllowReadOnly);

    connect(add, &QPushButton::clicked, this, &McpServersPage::addClicked);
    connect(m_edit, &QPushButton::clicked, this, &McpServersPage::editClicked);
    connect(m_remove, &QPushButton::clicked, this, &McpServersPage::removeClicked);
    connect(paste, &QPushButton::clicked, this, &McpServersPage::pasteClicked);
    connect(check, &QPushButton::clicked, this, &McpServersPage::checkServers);
    connect(m_undo, &QPushButton::clicked, this, [this] {
        QString error;
        undoRemove(&error);
    });
    connect(m_list, &QTreeWidget::itemChanged, this, &McpServersPage::itemChanged);
    connect(m_list, &QTreeWidget::itemDoubleClicked, this, &McpServersPage::editClicked);
    connect(m_list, &QTreeWidget::itemSelectionChanged, this, [this] {
        m_edit->setEnabled(!selectedName().isEmpty());
        m_remove->setEnabled(!selectedName().isEmpty());
    });
    reload();
}

McpServersPage::~McpServersPage()
{
    for (const QPointer<McpClient> &client : std::as_const(m_checks))
        delete client.data();
    delete m_store;
}

void McpServersPage::reload()
{
    const QString selected = selectedName();
    m_filling = true;
    m_list->clear();
    QStringList problems;
    for (const McpServerConfig &server : m_store->servers(&problems)) {
        auto *item = new QTreeWidgetItem(m_list);
        item->setText(NameColumn, server.name);
        item->setText(CommandColumn, server.describe());
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(EnabledColumn, server.enabled ? Qt::Checked : Qt::Unchecked);
        item->setText(StateColumn, server.enabled ? tr("not checked") : tr("disabled"));
        if (server.name == selected)
            m_list->setCurrentItem(item);
    }
    m_filling = false;
    if (!problems.isEmpty())
        showMessage(problems.join(QLatin1Char('\n')), true);
    m_edit->setEnabled(!selectedName().isEmpty());
    m_remove->setEnabled(!selectedName().isEmpty());
}

QString McpServersPage::message() const
{
    return m_message->text();
}

void McpServersPage::showMessage(const QString &text, bool error)
{
    m_message->setText(text);
    m_message->setForegroundRole(error ? QPalette::Highlight : QPalette::WindowText);
}

QString McpServersPage::selectedName() const
{
    const QTreeWidgetItem *item = m_list->currentItem();
    return item ? item->text(NameColumn) : QString();
}

bool McpServersPage::addFromConfiguration(const QByteArray &json, QString *error)
{
    McpConfig config;
    if (!parseMcpConfig(json, &config, error))
        return false;
    if (config.servers.isEmpty()) {
        *error = tr("/mcpServers: names no server");
        return false;
    }
    QStringList added;
    QStringList replaced;
    QStringList failures;
    for (const McpServerConfig &server : std::as_const(config.servers)) {
        const bool existed = m_store->contains(server.name);
        QString problem;
        if (!m_store->save(server, &problem)) {
            failures.append(problem);
            continue;
        }
        (existed ? replaced : added).append(server.name);
    }
    m_hasRemoved = false;
    m_undo->hide();
    reload();
    QStringList said;
    if (!added.isEmpty())
        said.append(tr("Added %1.").arg(added.join(QStringLiteral(", "))));
    if (!replaced.isEmpty())
        said.append(tr("Replaced %1.").arg(replaced.join(QStringLiteral(", "))));
    said.append(failures);
    *error = failures.join(QLatin1Char('\n'));
    showMessage(said.join(QLatin1Char(' ')), !failures.isEmpty());
    Q_EMIT serversChanged();
    return true;
}

bool McpServersPage::saveServer(const McpServerConfig &server, const QString &replacing, QString *error)
{
    if (!m_store->save(server, error)) {
        showMessage(*error, true);
        return false;
    }
    if (!replacing.isEmpty() && replacing != server.name) {
        QString ignored;
        m_store->remove(replacing, &ignored);
    }
    m_hasRemoved = false;
    m_undo->hide();
    reload();
    showMessage(tr("Saved %1.").arg(server.name), false);
    Q_EMIT serversChanged();
    return true;
}

bool McpServersPage::removeServer(const QString &name, QString *error)
{
    McpServerConfig removed;
    bool found = false;
    for (const McpServerConfig &server : m_store->servers()) {
        if (server.name == name) {
            removed = server;
            found = true;
        }
    }
    if (!found) {
        *error = tr("No MCP server named %1 is stored.").arg(name);
        return false;
    }
    QString problem;
    if (!m_store->readSecrets(&removed, &problem)) {
        // Without its secrets Undo could not give the server back as it was: keep it.
        *error = problem;
        showMessage(problem, true);
        return false;
    }
    if (!m_store->remove(name, error)) {
        showMessage(*error, true);
        reload();
        return false;
    }
    m_removed = removed;
    m_hasRemoved = true;
    reload();
    showMessage(tr("Removed %1.").arg(name), false);
    m_undo->show();
    Q_EMIT serversChanged();
    return true;
}

bool McpServersPage::undoRemove(QString *error)
{
    if (!m_hasRemoved) {
        *error = tr("Nothing to undo.");
        return false;
    }
    if (!m_store->save(m_removed, error)) {
        showMessage(*error, true);
        return false;
    }
    m_hasRemoved = false;
    m_undo->hide();
    reload();
    showMessage(tr("%1 is back.").arg(m_removed.name), false);
    Q_EMIT serversChanged();
    return true;
}

bool McpServersPage::setServerEnabled(const QString &name, bool enabled)
{
    if (!m_store->setEnabled(name, enabled))
        return false;
    reload();
    Q_EMIT serversChanged();
    return true;
}

void McpServersPage::itemChanged(QTreeWidgetItem *item, int column)
{
    if (m_filling || column != EnabledColumn)
        return;
    const QString name = item->text(NameColumn);
    const bool enabled = item->checkState(EnabledColumn) == Qt::Checked;
    // Later in the event loop: reload() deletes the item this signal is about.
    QMetaObject::invokeMethod(this, [this, name, enabled] { setServerEnabled(name, enabled); }, Qt::QueuedConnection);
}

void McpServersPage::setState(const QString &name, const QString &state)
{
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        if (m_list->topLevelItem(i)->text(NameColumn) == name)
            m_list->topLevelItem(i)->setText(StateColumn, state);
    }
}

void McpServersPage::checkServers()
{
    for (McpServerConfig server : m_store->servers()) {
        if (!server.enabled || m_checks.value(server.name))
            continue;
        QString problem;
        if (!m_store->readSecrets(&server, &problem)) {
            setState(server.name, problem);
            continue;
        }
        auto *client = new McpClient(server, this);
        m_checks.insert(server.name, client);
        setState(server.name, tr("checking…"));
        const QString name = server.name;
        connect(client, &McpClient::failed, this, [this, client, name](const QString &error) {
            setState(name, error);
            client->deleteLater();
        });
        connect(client, &McpClient::ready, this, [this, client, name] {
            McpReply *reply = client->listTools();
            connect(reply, &McpReply::finished, this, [this, client, reply, name] {
                QList<McpTool> tools;
                QString why;
                if (reply->error() == McpReply::Error::None && parseMcpTools(reply->result(), &tools, &why))
                    setState(name, tr("%n tool(s)", nullptr, int(tools.size())));
                else
                    setState(name, why.isEmpty() ? reply->errorString() : why);
                client->close();
                client->deleteLater();
            });
        });
        client->start();
    }
}

void McpServersPage::addClicked()
{
    McpServerDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    McpServerConfig server;
    QString error;
    if (dialog.server(&server, &error))
        saveServer(server, QString(), &error);
}

void McpServersPage::editClicked()
{
    const QString name = selectedName();
    McpServerConfig server;
    for (const McpServerConfig &stored : m_store->servers()) {
        if (stored.name == name)
            server = stored;
    }
    if (server.name.isEmpty())
        return;
    QString error;
    if (!m_store->readSecrets(&server, &error)) {
        showMessage(error, true);
        return;
    }
    McpServerDialog dialog(this);
    dialog.setServer(server);
    if (dialog.exec() != QDialog::Accepted)
        return;
    McpServerConfig edited;
    if (dialog.server(&edited, &error))
        saveServer(edited, name, &error);
}

void McpServersPage::removeClicked()
{
    QString error;
    if (const QString name = selectedName(); !name.isEmpty())
        removeServer(name, &error);
}

void McpServersPage::pasteClicked()
{
    QDialog dialog(this);
    dialog.setObjectName(QStringLiteral("mcpPasteDialog"));
    dialog.setWindowTitle(tr("Paste MCP Configuration"));
    auto *intro = new QLabel(tr("Paste the {\"mcpServers\": {…}} configuration another MCP client uses."), &dialog);
    intro->setWordWrap(true);
    auto *text = new QPlainTextEdit(&dialog);
    text->setObjectName(QStringLiteral("mcpPasteText"));
    text->setPlaceholderText(QStringLiteral("{\"mcpServers\": {\"files\": {\"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-filesystem\", \"/tmp\"]}}}"));
    auto *error = new QLabel(&dialog);
    error->setObjectName(QStringLiteral("mcpPasteError"));
    error->setWordWrap(true);
    error->setForegroundRole(QPalette::Highlight);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, [this, &dialog, text, error] {
        QString problem;
        if (addFromConfiguration(text->toPlainText().toUtf8(), &problem))
            dialog.accept();
        else
            error->setText(tr("Not read: %1").arg(problem));
    });
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(intro);
    layout->addWidget(text, 1);
    layout->addWidget(error);
    layout->addWidget(buttons);
    dialog.resize(560, 320);
    dialog.exec();
}

} // namespace Tessera
