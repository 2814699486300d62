#include <app/mcpserverdialog.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

namespace Tessera {

namespace {

using json = nlohmann::json;

QString quoted(const QString &arg)
{
    if (!arg.isEmpty() && !arg.contains(QLatin1Char(' ')) && !arg.contains(QLatin1Char('"')))
        return arg;
    QString escaped = arg;
    escaped.replace(QLatin1Char('"'), QLatin1String("\"\"\""));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

QString pairsText(const QMap<QString, QString> &values, const QString &separator)
{
    QStringList lines;
    for (auto it = values.cbegin(); it != values.cend(); ++it)
        lines.append(it.key() + separator + it.value());
    return lines.join(QLatin1Char('\n'));
}

// "NAME=value" or "Name: value" lines into an object; false with *error naming the line.
bool readPairs(const QString &text, QChar separator, const QString &field, json *out, QString *error)
{
    *out = json::object();
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        const QString line = lines.at(i).trimmed();
        if (line.isEmpty())
            continue;
        const qsizetype at = line.indexOf(separator);
        if (at <= 0) {
            *error = McpServerDialog::tr("%1, line %2: write NAME%3value").arg(field).arg(i + 1).arg(separator);
            return false;
        }
        (*out)[line.left(at).trimmed().toStdString()] = line.mid(at + 1).trimmed().toStdString();
    }
    return true;
}

} // namespace

McpServerDialog::McpServerDialog(QWidget *parent)
    : QDialog(parent)
    , m_name(new QLineEdit(this))
    , m_transport(new QComboBox(this))
    , m_command(new QLineEdit(this))
    , m_arguments(new QLineEdit(this))
    , m_url(new QLineEdit(this))
    , m_env(new QPlainTextEdit(this))
    , m_headers(new QPlainTextEdit(this))
    , m_enabled(new QCheckBox(tr("&Enabled"), this))
    , m_error(new QLabel(this))
{
    setObjectName(QStringLiteral("mcpServerDialog"));
    setWindowTitle(tr("MCP Server"));
    m_name->setObjectName(QStringLiteral("mcpServerName"));
    m_name->setPlaceholderText(tr("files"));
    m_transport->setObjectName(QStringLiteral("mcpServerTransport"));
    m_transport->addItem(tr("Command (stdio)"), QStringLiteral("stdio"));
    m_transport->addItem(tr("URL (Streamable HTTP)"), QStringLiteral("http"));
    m_command->setObjectName(QStringLiteral("mcpServerCommand"));
    m_command->setPlaceholderText(QStringLiteral("npx"));
    m_arguments->setObjectName(QStringLiteral("mcpServerArguments"));
    m_arguments->setPlaceholderText(QStringLiteral("-y @modelcontextprotocol/server-filesystem /tmp"));
    m_url->setObjectName(QStringLiteral("mcpServerUrl"));
    m_url->setPlaceholderText(QStringLiteral("https://example.org/mcp"));
    m_env->setObjectName(QStringLiteral("mcpServerEnv"));
    m_env->setPlaceholderText(tr("API_KEY=value, one a line"));
    m_env->setTabChangesFocus(true);
    m_headers->setObjectName(QStringLiteral("mcpServerHeaders"));
    m_headers->setPlaceholderText(tr("Authorization: Bearer …, one a line"));
    m_headers->setTabChangesFocus(true);
    m_enabled->setObjectName(QStringLiteral("mcpServerEnabled"));
    m_enabled->setChecked(true);
    m_error->setObjectName(QStringLiteral("mcpServerError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: palette(highlight)"));
    m_error->hide();

    auto *form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Connect by:"), m_transport);
    form->addRow(tr("Co&mmand:"), m_command);
    form->addRow(tr("&Arguments:"), m_arguments);
    form->addRow(tr("&Environment:"), m_env);
    form->addRow(tr("&URL:"), m_url);
    form->addRow(tr("&Headers:"), m_headers);
    auto *note = new QLabel(tr("Environment and header values are kept in the desktop's keyring, never in a file."), this);
    note->setWordWrap(true);
    note->setForegroundRole(QPalette::PlaceholderText);
    form->addRow(QString(), note);
    form->addRow(QString(), m_enabled);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &McpServerDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(buttons);

    connect(m_transport, &QComboBox::currentIndexChanged, this, &McpServerDialog::updateTransport);
    updateTransport();
}

void McpServerDialog::updateTransport()
{
    const bool stdio = m_transport->currentData().toString() == QLatin1String("stdio");
    auto *form = qobject_cast<QFormLayout *>(static_cast<QVBoxLayout *>(layout())->itemAt(0)->layout());
    for (QWidget *w : {static_cast<QWidget *>(m_command), static_cast<QWidget *>(m_arguments), static_cast<QWidget *>(m_env)})
        form->setRowVisible(w, stdio);
    for (QWidget *w : {static_cast<QWidget *>(m_url), static_cast<QWidget *>(m_headers)})
        form->setRowVisible(w, !stdio);
}

void McpServerDialog::setServer(const McpServerConfig &server)
{
    m_name->setText(server.name);
    m_transport->setCurrentIndex(server.transport == McpServerConfig::Transport::Stdio ? 0 : 1);
    m_command->setText(server.command);
    QStringList args;
    for (const QString &arg : server.args)
        args.append(quoted(arg));
    m_arguments->setText(args.join(QLatin1Char(' ')));
    m_url->setText(server.url.toString());
    m_env->setPlainText(pairsText(server.env, QStringLiteral("=")));
    m_headers->setPlainText(pairsText(server.headers, QStringLiteral(": ")));
    m_enabled->setChecked(server.enabled);
}

bool McpServerDialog::server(McpServerConfig *out, QString *error) const
{
    json entry = json::object();
    if (m_transport->currentData().toString() == QLatin1String("stdio")) {
        entry["command"] = m_command->text().trimmed().toStdString();
        json args = json::array();
        for (const QString &arg : QProcess::splitCommand(m_arguments->text()))
            args.push_back(arg.toStdString());
        entry["args"] = args;
        json env;
        if (!readPairs(m_env->toPlainText(), QLatin1Char('='), tr("Environment"), &env, error))
            return false;
        if (!env.empty())
            entry["env"] = env;
    } else {
        entry["url"] = m_url->text().trimmed().toStdString();
        json headers;
        if (!readPairs(m_headers->toPlainText(), QLatin1Char(':'), tr("Headers"), &headers, error))
            return false;
        if (!headers.empty())
            entry["headers"] = headers;
    }
    const std::string name = m_name->text().trimmed().toStdString();
    const json config = {{"mcpServers", {{name, entry}}}};
    McpConfig parsed;
    if (!parseMcpConfig(QByteArray::fromStdString(config.dump()), &parsed, error))
        return false;
    *out = parsed.servers.first();
    out->enabled = m_enabled->isChecked();
    return true;
}

void McpServerDialog::accept()
{
    McpServerConfig checked;
    QString error;
    if (!server(&checked, &error)) {
        m_error->setText(error);
        m_error->show();
        return;
    }
    QDialog::accept();
}

} // namespace Tessera
