#include <app/connectdialog.h>

#include <iterator>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include <backend/backendprofiles.h>
#include <backend/connectiontest.h>
#include <backend/secretstore.h>

namespace Tessera {

namespace {

// The kind combo's rows, in the order of the form's pages.
constexpr BackendConfig::Type kKinds[] = {BackendConfig::Type::OpenAi, BackendConfig::Type::WebSocket,
                                          BackendConfig::Type::Stdio};

int pageOf(BackendConfig::Type type)
{
    for (int i = 0; i < int(std::size(kKinds)); ++i) {
        if (kKinds[i] == type)
            return i;
    }
    return 0;
}

QLineEdit *lineEdit(const char *objectName, const QString &placeholder, QWidget *parent)
{
    auto *edit = new QLineEdit(parent);
    edit->setObjectName(QString::fromLatin1(objectName));
    edit->setPlaceholderText(placeholder);
    return edit;
}

} // namespace

ConnectDialog::ConnectDialog(const QString &settingsPath, QWidget *parent)
    : QDialog(parent)
    , m_profiles(std::make_unique<BackendProfiles>(settingsPath))
    , m_test(new ConnectionTest(this))
    , m_secrets(new SecretStore(this))
{
    setObjectName(QStringLiteral("connectDialog"));
    setWindowTitle(tr("Connect to an Agent"));
    auto *panes = new QHBoxLayout;
    panes->addWidget(createListPane());
    panes->addWidget(createFormPane(), 1);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("connectStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_busy = new QProgressBar(this);
    m_busy->setObjectName(QStringLiteral("connectBusy"));
    m_busy->setRange(0, 0); // no progress to report: the test either answers or times out
    m_busy->setMaximumHeight(8);
    m_busy->setTextVisible(false);
    m_busy->hide();

    auto *buttons = new QDialogButtonBox(this);
    m_testButton = buttons->addButton(tr("&Test Connection"), QDialogButtonBox::ActionRole);
    m_testButton->setObjectName(QStringLiteral("testConnection"));
    m_saveAnyway = buttons->addButton(tr("Save &Anyway"), QDialogButtonBox::ActionRole);
    m_saveAnyway->setObjectName(QStringLiteral("saveAnyway"));
    m_saveAnyway->setToolTip(tr("Save this backend although its test failed"));
    m_saveAnyway->hide();
    m_connect = buttons->addButton(tr("&Connect"), QDialogButtonBox::AcceptRole);
    m_connect->setObjectName(QStringLiteral("connectButton"));
    m_connect->setDefault(true);
    QPushButton *close = buttons->addButton(QDialogButtonBox::Close);
    close->setObjectName(QStringLiteral("closeButton"));
    // The box's own accepted() would close the dialog before the test ran: Connect is handled here.
    connect(m_connect, &QPushButton::clicked, this, &ConnectDialog::connectClicked);
    connect(close, &QPushButton::clicked, this, &QDialog::reject);
    connect(m_testButton, &QPushButton::clicked, this, [this] { startTest(AfterTest::Nothing); });
    connect(m_saveAnyway, &QPushButton::clicked, this, &ConnectDialog::save);
    connect(m_test, &ConnectionTest::finished, this, &ConnectDialog::onTestFinished);
    connect(m_secrets, &SecretStore::keyWritten, this, &ConnectDialog::onKeyWritten);
    connect(m_secrets, &SecretStore::keyRead, this, &ConnectDialog::onKeyRead);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(panes, 1);
    layout->addWidget(m_status);
    layout->addWidget(m_busy);
    layout->addWidget(buttons);
    resize(760, 460);
    reloadList(m_profiles->lastUsed());
    if (m_list->count() == 0)
        addProfile();
}

ConnectDialog::~ConnectDialog() = default;

QWidget *ConnectDialog::createListPane()
{
    auto *pane = new QWidget(this);
    auto *layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *title = new QLabel(tr("&Backends"), pane);
    m_list = new QListWidget(pane);
    m_list->setObjectName(QStringLiteral("backendList"));
    m_list->setMinimumWidth(180);
    title->setBuddy(m_list);
    m_add = new QPushButton(tr("A&dd"), pane);
    m_add->setObjectName(QStringLiteral("addBackend"));
    m_edit = new QPushButton(tr("&Edit"), pane);
    m_edit->setObjectName(QStringLiteral("editBackend"));
    m_remove = new QPushButton(tr("&Remove…"), pane);
    m_remove->setObjectName(QStringLiteral("removeBackend"));
    auto *row = new QHBoxLayout;
    row->addWidget(m_add);
    row->addWidget(m_edit);
    row->addWidget(m_remove);
    layout->addWidget(title);
    layout->addWidget(m_list, 1);
    layout->addLayout(row);
    connect(m_list, &QListWidget::currentTextChanged, this, &ConnectDialog::showProfile);
    connect(m_add, &QPushButton::clicked, this, &ConnectDialog::addProfile);
    connect(m_edit, &QPushButton::clicked, this, [this] { m_name->setFocus(Qt::TabFocusReason); });
    connect(m_remove, &QPushButton::clicked, this, &ConnectDialog::removeProfile);
    return pane;
}

QWidget *ConnectDialog::createFormPane()
{
    // One form for every kind, rows shown per kind: the labels of all rows share one column.
    auto *pane = new QWidget(this);
    m_form = new QFormLayout(pane);
    m_form->setContentsMargins(0, 0, 0, 0);
    m_kind = new QComboBox(pane);
    m_kind->setObjectName(QStringLiteral("backendKind"));
    m_kind->addItems({tr("OpenAI-compatible endpoint"), tr("WebSocket agent"), tr("Local program")});
    m_name = lineEdit("backendName", tr("A name for this backend"), pane);
    m_name->setMaxLength(BackendProfiles::kMaxNameLength);
    addRow(tr("&Kind:"), m_kind, m_kind);
    addRow(tr("&Name:"), m_name, m_name);
    addOpenAiRows(pane);
    addWebSocketRows(pane);
    addProgramRows(pane);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &ConnectDialog::showKindRows);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &ConnectDialog::formEdited);
    connect(m_name, &QLineEdit::textEdited, this, &ConnectDialog::formEdited);
    showKindRows(0);
    return pane;
}

int ConnectDialog::addRow(const QString &label, QWidget *buddy, QWidget *field)
{
    auto *text = new QLabel(label, field);
    text->setBuddy(buddy); // the mnemonic focuses the field, also when the field is a row of widgets
    m_form->addRow(text, field);
    return m_form->rowCount() - 1;
}

QWidget *ConnectDialog::rowOf(QWidget *main, QPushButton *button)
{
    auto *row = new QWidget(this);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    main->setParent(row);
    button->setParent(row);
    layout->addWidget(main, 1);
    layout->addWidget(button);
    return row;
}

void ConnectDialog::addOpenAiRows(QWidget *pane)
{
    m_preset = new QComboBox(pane);
    m_preset->setObjectName(QStringLiteral("backendPreset"));
    m_preset->addItem(tr("Custom"));
    for (const BackendPreset &preset : backendPresets())
        m_preset->addItem(preset.label, preset.id);
    m_baseUrl = lineEdit("baseUrl", QStringLiteral("http://localhost:11434/v1"), pane);
    m_model = new QComboBox(pane);
    m_model->setObjectName(QStringLiteral("modelCombo"));
    m_model->setEditable(true); // servers that list nothing still take a model name
    m_model->setInsertPolicy(QComboBox::NoInsert);
    m_loadModels = new QPushButton(tr("&Load Models"), pane);
    m_loadModels->setObjectName(QStringLiteral("loadModels"));
    m_apiKey = lineEdit("apiKey", tr("Not needed by most local servers"), pane);
    m_apiKey->setEchoMode(QLineEdit::Password);
    m_keyringNote = new QLabel(pane);
    m_keyringNote->setObjectName(QStringLiteral("keyringNote"));
    m_keyringNote->setWordWrap(true);
    m_apiKeyEnv = lineEdit("apiKeyEnv", QStringLiteral("OPENAI_API_KEY"), pane);
    QList<int> &rows = m_kindRows[0];
    rows << addRow(tr("&Preset:"), m_preset, m_preset) << addRow(tr("Base &URL:"), m_baseUrl, m_baseUrl)
         << addRow(tr("&Model:"), m_model, rowOf(m_model, m_loadModels)) << addRow(tr("API &key:"), m_apiKey, m_apiKey);
    m_form->addRow(m_keyringNote); // shown only when no keyring answered (showNoKeyring)
    m_keyringNoteRow = m_form->rowCount() - 1;
    rows << addRow(tr("Key from &variable:"), m_apiKeyEnv, m_apiKeyEnv);
    connect(m_preset, &QComboBox::activated, this, &ConnectDialog::applyPreset);
    connect(m_loadModels, &QPushButton::clicked, this, &ConnectDialog::loadModels);
    for (QLineEdit *edit : {m_baseUrl, m_apiKey, m_apiKeyEnv})
        connect(edit, &QLineEdit::textEdited, this, &ConnectDialog::formEdited);
    connect(m_model, &QComboBox::currentTextChanged, this, &ConnectDialog::formEdited);
}

void ConnectDialog::addWebSocketRows(QWidget *pane)
{
    m_wsUrl = lineEdit("webSocketUrl", QStringLiteral("ws://localhost:8765/agent"), pane);
    m_kindRows[1] << addRow(tr("&URL:"), m_wsUrl, m_wsUrl);
    connect(m_wsUrl, &QLineEdit::textEdited, this, &ConnectDialog::formEdited);
}

void ConnectDialog::addProgramRows(QWidget *pane)
{
    m_command = lineEdit("commandLine", tr("program --and arguments"), pane);
    m_workDir = lineEdit("workingDirectory", tr("Tessera's own"), pane);
    auto *browse = new QPushButton(tr("B&rowse…"), pane);
    browse->setObjectName(QStringLiteral("browseDirectory"));
    m_kindRows[2] << addRow(tr("&Command line:"), m_command, m_command)
                  << addRow(tr("&Working directory:"), m_workDir, rowOf(m_workDir, browse));
    connect(browse, &QPushButton::clicked, this, &ConnectDialog::browseDirectory);
    for (QLineEdit *edit : {m_command, m_workDir})
        connect(edit, &QLineEdit::textEdited, this, &ConnectDialog::formEdited);
}

void ConnectDialog::showKindRows(int kind)
{
    for (int k = 0; k < int(std::size(m_kindRows)); ++k) {
        for (int row : m_kindRows[k])
            m_form->setRowVisible(row, k == kind);
    }
    m_form->setRowVisible(m_keyringNoteRow, kind == 0 && !m_keyringNote->text().isEmpty());
}

// --- the list ---------------------------------------------------------------------------------------

void ConnectDialog::reloadList(const QString &select)
{
    const QSignalBlocker blocker(m_list);
    m_list->clear();
    for (const BackendConfig &config : m_profiles->profiles())
        m_list->addItem(config.profileName);
    m_remove->setEnabled(m_list->count() > 0);
    m_edit->setEnabled(m_list->count() > 0);
    const QList<QListWidgetItem *> found = m_list->findItems(select, Qt::MatchExactly);
    if (!found.isEmpty())
        m_list->setCurrentItem(found.first());
    else if (m_list->count() > 0)
        m_list->setCurrentRow(0);
    if (m_list->currentItem())
        showProfile(m_list->currentItem()->text());
}

void ConnectDialog::selectProfile(const QString &name)
{
    const QList<QListWidgetItem *> found = m_list->findItems(name, Qt::MatchExactly);
    if (!found.isEmpty())
        m_list->setCurrentItem(found.first());
}

void ConnectDialog::showProfile(const QString &name)
{
    const BackendConfig config = m_profiles->profile(name);
    m_filling = true;
    m_kind->setCurrentIndex(pageOf(config.isNone() ? BackendConfig::Type::OpenAi : config.type));
    m_name->setText(config.isNone() ? QString() : config.profileName);
    m_preset->setCurrentIndex(0);
    m_baseUrl->setText(config.type == BackendConfig::Type::OpenAi ? config.url.toString() : QString());
    m_model->clear();
    m_model->setEditText(config.model);
    m_apiKey->clear();
    m_keyStored = config.apiKeyInKeyring;
    m_storedKey.clear();
    m_apiKey->setPlaceholderText(m_keyStored ? tr("Kept in the keyring (type to replace)")
                                             : tr("Not needed by most local servers"));
    m_apiKeyEnv->setText(config.apiKeyEnv);
    m_wsUrl->setText(config.type == BackendConfig::Type::WebSocket ? config.url.toString() : QString());
    m_command->setText(config.command);
    m_workDir->setText(config.workingDirectory);
    m_filling = false;
    m_testedOk = false;
    m_saveAnyway->hide();
    showStatus(QString(), false);
}

void ConnectDialog::addProfile()
{
    {
        const QSignalBlocker blocker(m_list);
        m_list->clearSelection();
        m_list->setCurrentItem(nullptr);
    }
    showProfile(QString());
    // A first name that is free: "Local", "Local 2", …
    QString name = tr("Local");
    for (int n = 2; m_profiles->contains(name); ++n)
        name = tr("Local %1").arg(n);
    m_name->setText(name);
    m_preset->setCurrentIndex(1); // the first preset (Ollama): the commonest local server
    applyPreset(1);
    m_name->setFocus(Qt::OtherFocusReason);
    m_name->selectAll();
}

void ConnectDialog::removeProfile()
{
    QListWidgetItem *item = m_list->currentItem();
    if (!item)
        return;
    const QString name = item->text();
    QMessageBox ask(QMessageBox::Question, tr("Remove Backend"),
                    tr("Remove the backend “%1” and its API key? Conversations that used it keep their messages.").arg(name),
                    QMessageBox::Cancel, this);
    ask.setObjectName(QStringLiteral("confirmRemoveBackend"));
    QPushButton *removeButton = ask.addButton(tr("Remove"), QMessageBox::DestructiveRole);
    ask.setDefaultButton(QMessageBox::Cancel);
    ask.exec();
    if (ask.clickedButton() != removeButton)
        return;
    QString error;
    if (!m_profiles->remove(name, &error))
        return showStatus(error, true);
    m_secrets->removeKey(name); // NotFound is fine: it may never have had one
    reloadList(QString());
    showStatus(tr("Removed “%1”.").arg(name), false);
}

void ConnectDialog::applyPreset(int index)
{
    const BackendPreset preset = backendPreset(m_preset->itemData(index).toString());
    if (preset.id.isEmpty())
        return;
    m_baseUrl->setText(preset.baseUrl.toString());
    formEdited();
}

void ConnectDialog::browseDirectory()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Working Directory"),
                                                          m_workDir->text().isEmpty() ? QDir::homePath() : m_workDir->text());
    if (dir.isEmpty())
        return;
    m_workDir->setText(QDir::toNativeSeparators(dir));
    formEdited();
}

// --- the form ---------------------------------------------------------------------------------------

BackendConfig ConnectDialog::formConfig() const
{
    BackendConfig config;
    config.type = kKinds[qBound(0, m_kind->currentIndex(), int(std::size(kKinds)) - 1)];
    config.profileName = m_name->text().trimmed();
    switch (config.type) {
    case BackendConfig::Type::OpenAi:
        config.url = QUrl::fromUserInput(m_baseUrl->text().trimmed());
        config.model = m_model->currentText().trimmed();
        config.apiKey = m_apiKey->text().isEmpty() ? m_storedKey : m_apiKey->text();
        config.apiKeyInKeyring = !m_apiKey->text().isEmpty() || m_keyStored;
        config.apiKeyEnv = config.apiKeyInKeyring ? QString() : m_apiKeyEnv->text().trimmed();
        break;
    case BackendConfig::Type::WebSocket:
        config.url = QUrl(m_wsUrl->text().trimmed());
        break;
    case BackendConfig::Type::Stdio:
        config.command = m_command->text().trimmed();
        config.workingDirectory = m_workDir->text().trimmed();
        break;
    case BackendConfig::Type::None:
        break;
    }
    return config;
}

void ConnectDialog::formEdited()
{
    if (m_filling)
        return;
    m_testedOk = false; // a test passed for what the form said before
    m_saveAnyway->hide();
}

// --- test, then save --------------------------------------------------------------------------------

void ConnectDialog::startTest(AfterTest after)
{
    m_afterTest = after;
    const QString problem = BackendProfiles::nameProblem(m_name->text().trimmed());
    if (!problem.isEmpty())
        return showStatus(problem, true);
    if (m_kind->currentIndex() == 0 && m_apiKey->text().isEmpty() && m_keyStored && m_storedKey.isEmpty()) {
        // The stored key is needed for the test: read it first, then test (onKeyRead).
        setBusy(true, tr("Reading the API key from the keyring…"));
        m_secrets->readKey(m_name->text().trimmed());
        return;
    }
    setBusy(true, tr("Testing the connection…"));
    m_listingOnly = false;
    m_test->test(formConfig());
}

void ConnectDialog::loadModels()
{
    m_afterTest = AfterTest::Nothing;
    m_listingOnly = true;
    setBusy(true, tr("Asking the server for its models…"));
    m_test->listModels(formConfig());
}

void ConnectDialog::onTestFinished(const ConnectionResult &result)
{
    setBusy(false, QString());
    if (!result.models.isEmpty()) {
        const QString typed = m_model->currentText();
        const QSignalBlocker blocker(m_model); // filling the list is not an edit of the form
        m_model->clear();
        m_model->addItems(result.models);
        m_model->setEditText(typed.isEmpty() ? result.models.first() : typed);
    }
    if (m_listingOnly) { // a model list is not a test: the chat request was not made
        m_listingOnly = false;
        return showStatus(result.ok() ? tr("Models loaded: %1").arg(result.message) : result.message, !result.ok());
    }
    showStatus(result.ok() ? tr("Works: %1").arg(result.message) : result.message, !result.ok());
    if (!result.ok()) {
        m_afterTest = AfterTest::Nothing;
        m_saveAnyway->show();
        return;
    }
    m_testedOk = true;
    if (m_afterTest == AfterTest::Save)
        save();
    m_afterTest = AfterTest::Nothing;
}

void ConnectDialog::connectClicked()
{
    if (m_test->isRunning())
        return; // Enter while a test runs: its answer decides
    if (m_testedOk)
        save();
    else
        startTest(AfterTest::Save);
}

void ConnectDialog::save()
{
    const BackendConfig config = formConfig();
    QString error;
    if (!m_profiles->save(config, &error))
        return showStatus(error, true);
    if (config.type == BackendConfig::Type::OpenAi && !m_apiKey->text().isEmpty()) {
        // The profile says "in the keyring"; it is done only when the keyring took the key.
        m_pendingSave = config;
        setBusy(true, tr("Storing the API key in the keyring…"));
        m_secrets->writeKey(config.profileName, m_apiKey->text());
        return;
    }
    finishSave(config);
}

void ConnectDialog::onKeyWritten(const QString &profileName, const SecretResult &result)
{
    setBusy(false, QString());
    if (profileName != m_pendingSave.profileName)
        return;
    if (result.ok())
        return finishSave(m_pendingSave);
    // Without a keyring the profile must not claim a key it does not have.
    BackendConfig keyless = m_pendingSave;
    keyless.apiKeyInKeyring = false;
    keyless.apiKey.clear();
    QString error;
    m_profiles->save(keyless, &error);
    if (result.status == SecretResult::Status::NoKeyring)
        showNoKeyring(result.message);
    else
        showStatus(tr("The API key was not stored: %1").arg(result.message), true);
}

void ConnectDialog::onKeyRead(const QString &profileName, const QString &key, const SecretResult &result)
{
    setBusy(false, QString());
    if (profileName != m_name->text().trimmed())
        return;
    if (!result.ok()) {
        if (result.status == SecretResult::Status::NoKeyring)
            return showNoKeyring(result.message);
        return showStatus(tr("The API key could not be read from the keyring: %1").arg(result.message), true);
    }
    m_storedKey = key;
    startTest(m_afterTest);
}

void ConnectDialog::finishSave(const BackendConfig &saved)
{
    m_profiles->setLastUsed(saved.profileName);
    m_chosen = saved;
    m_chosen.apiKey = saved.apiKeyInKeyring ? (m_apiKey->text().isEmpty() ? m_storedKey : m_apiKey->text()) : QString();
    accept();
}

void ConnectDialog::showNoKeyring(const QString &why)
{
    m_keyringNote->setText(tr("No keyring answered, so Tessera cannot keep the key (%1). Put the key in an "
                              "environment variable, write its name below, and start Tessera from where it is set.")
                                   .arg(why));
    showKindRows(m_kind->currentIndex());
    m_apiKey->clear();
    m_keyStored = false;
    m_apiKeyEnv->setFocus(Qt::OtherFocusReason);
    showStatus(tr("The backend was saved without its key."), true);
}

void ConnectDialog::setBusy(bool busy, const QString &text)
{
    m_busy->setVisible(busy);
    m_testButton->setEnabled(!busy);
    m_loadModels->setEnabled(!busy);
    m_saveAnyway->setEnabled(!busy);
    if (busy)
        showStatus(text, false);
}

void ConnectDialog::showStatus(const QString &text, bool failure)
{
    m_status->setText(text);
    m_status->setProperty("failure", failure);
    m_status->setStyleSheet(failure ? QStringLiteral("font-weight: bold;") : QString());
}

} // namespace Tessera
