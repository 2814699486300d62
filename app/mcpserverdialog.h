#pragma once

// Add or edit one MCP server (Settings → Tools, issue 16): name, a command with its arguments or a URL, the
// `env` variables (NAME=value, one a line) or HTTP `headers` (Name: value, one a line), enabled. What it
// gives back is checked by the same rules as a pasted configuration (parseMcpConfig), so both doors take
// the same servers. The values of env and headers go to the keyring when saved (mcpserversettings.h).

#include <QDialog>

#include <mcp/mcpconfig.h>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace Tessera {

class McpServerDialog : public QDialog
{
    Q_OBJECT

public:
    explicit McpServerDialog(QWidget *parent = nullptr);

    void setServer(const McpServerConfig &server);
    // The form as a server; false with *error ("arguments: …", "/mcpServers/x/url: …") when it is not one.
    bool server(McpServerConfig *out, QString *error) const;

    void accept() override; // only when server() succeeds; else the error is shown and the form stays

private:
    void updateTransport();

    QLineEdit *m_name = nullptr;
    QComboBox *m_transport = nullptr;
    QLineEdit *m_command = nullptr;
    QLineEdit *m_arguments = nullptr;
    QLineEdit *m_url = nullptr;
    QPlainTextEdit *m_env = nullptr;
    QPlainTextEdit *m_headers = nullptr;
    QCheckBox *m_enabled = nullptr;
    QLabel *m_error = nullptr;
};

} // namespace Tessera
