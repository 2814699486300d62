#pragma once

// Settings → Tools (issue 16): the MCP servers a person set up, stored by McpServerSettings (QSettings, and
// the keyring for every `env` and `headers` value). Each action is saved at once, not on OK: a secret
// must never wait in a dialog for a later Apply, and a server added is there for `tessera mcp list` at once.
//
//  - The list (objectName "mcpServerList"): name, command or URL, enabled (a check box), state ("not
//    checked", "checking…", "12 tools", or the error) — Check connects to each enabled server once.
//  - Add… and Edit… open McpServerDialog; Remove takes the server out at once and offers Undo until the
//    next action (its secrets are kept in memory for that, and written back by Undo).
//  - Paste configuration… reads the {"mcpServers": {...}} JSON other clients use; bad JSON is refused
//    with the pointer and what was wrong ("/mcpServers/files/args/1: must be a string"). A pasted server
//    replaces a stored one of the same name (the message names them).
//  - "Run read-only tools without asking" (tools/autoAllowReadOnly, default off), saved when toggled.
// The window applies every change between turns (McpController): a turn in flight keeps its servers.

#include <QHash>
#include <QPointer>
#include <QWidget>

#include <mcp/mcpconfig.h>

class QCheckBox;
class QLabel;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace Tessera {

class McpClient;
class McpServerSettings;
class SecretStore;

class McpServersPage : public QWidget
{
    Q_OBJECT

public:
    enum Column { NameColumn, CommandColumn, EnabledColumn, StateColumn };

    // `secrets` is not owned; null: the session's keyring.
    explicit McpServersPage(QWidget *parent = nullptr, SecretStore *secrets = nullptr);
    ~McpServersPage() override;

    // What Paste configuration… does with the text: false with *error (the parser's pointer and why), and
    // nothing saved, when it is not the shape; else every server saved, *error empty or naming what failed.
    bool addFromConfiguration(const QByteArray &json, QString *error);
    // Adds or replaces a server; `replacing` is the stored name it was edited from (a rename removes it).
    bool saveServer(const McpServerConfig &server, const QString &replacing, QString *error);
    // Removes at once and offers Undo.
    bool removeServer(const QString &name, QString *error);
    bool undoRemove(QString *error);
    bool setServerEnabled(const QString &name, bool enabled);
    // Connects to every enabled server (initialize, tools/list) and writes the state column.
    void checkServers();
    void reload();

    QTreeWidget *list() const { return m_list; }
    QString message() const; // the line under the list: the last action's result or error

    // "Run read-only tools without asking" (tools/autoAllowReadOnly), saved when toggled.
    QCheckBox *autoAllowReadOnlyBox() const { return m_autoAllowReadOnly; }

Q_SIGNALS:
    void serversChanged();
    void autoAllowReadOnlyChanged(bool allow);

private:
    void showMessage(const QString &text, bool error);
    QString selectedName() const;
    void addClicked();
    void editClicked();
    void removeClicked();
    void pasteClicked();
    void itemChanged(QTreeWidgetItem *item, int column);
    void setState(const QString &name, const QString &state);

    McpServerSettings *m_store = nullptr; // Owned.
    QTreeWidget *m_list = nullptr;
    QLabel *m_message = nullptr;
    QPushButton *m_edit = nullptr;
    QPushButton *m_remove = nullptr;
    QPushButton *m_undo = nullptr;
    QCheckBox *m_autoAllowReadOnly = nullptr;
    bool m_filling = false;
    bool m_hasRemoved = false;
    McpServerConfig m_removed; // with its secrets, for Undo
    QHash<QString, QPointer<McpClient>> m_checks;
};

} // namespace Tessera
