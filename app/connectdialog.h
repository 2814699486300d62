#pragma once

// Backend → Connect… (issue 12, "Backends, set up in the window"): the named backends
// (backend/backendprofiles.h) in a list with Add / Edit / Remove, and a form for the selected one by
// kind: an OpenAI-compatible endpoint (preset, base URL, model, API key), a WebSocket agent (URL), a
// local program (command line, working directory).
//
// Rules:
//  - "Test connection" runs ConnectionTest and shows its sentence; a busy bar while it runs (bounded by
//    the test's own timeout). A passed test fills the model picker.
//  - Nothing is saved as working until a test of the form as it is passed once: "Connect" tests first
//    and saves only on success; after a failure, "Save anyway" saves what the user insists on.
//  - The API key goes to the keyring (SecretStore), never into a file. When no keyring answers the
//    dialog says so and offers the environment-variable way (the variable's name is saved instead).
//  - Removal asks, then deletes the profile and its key.
//  - On accept, chosenConfig() is the profile to use, with its key in memory (apiKey) when the user
//    typed one; the window remembers it for the current conversation.

#include <memory>

#include <QDialog>
#include <QList>

#include <backend/backendconfig.h>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;

namespace Tessera {

class BackendProfiles;
class ConnectionTest;
class SecretStore;
struct ConnectionResult;
struct SecretResult;

class ConnectDialog : public QDialog
{
    Q_OBJECT

public:
    // settingsPath: where the profiles are (BackendProfiles::defaultSettingsPath() in the app).
    explicit ConnectDialog(const QString &settingsPath, QWidget *parent = nullptr);
    ~ConnectDialog() override;

    // Valid after accept(): the saved profile (profileName set), apiKey filled when the user typed it.
    BackendConfig chosenConfig() const { return m_chosen; }
    // Selects the profile named name (as the window's current one), if there is one.
    void selectProfile(const QString &name);

    ConnectionTest *connectionTest() const { return m_test; } // for tests: its timeout
    SecretStore *secretStore() const { return m_secrets; }

private:
    enum class AfterTest { Nothing, Save };

    QWidget *createListPane();
    QWidget *createFormPane();
    // Adds a labelled row to the form; its index.
    int addRow(const QString &label, QWidget *buddy, QWidget *field);
    QWidget *rowOf(QWidget *main, QPushButton *button);
    void addOpenAiRows(QWidget *pane);
    void addWebSocketRows(QWidget *pane);
    void addProgramRows(QWidget *pane);
    void showKindRows(int kind); // index in the kind combo
    void reloadList(const QString &select);
    void showProfile(const QString &name);
    void addProfile();
    void removeProfile();
    void applyPreset(int index);
    void browseDirectory();
    // The form as a config; apiKey is the typed key (or the stored one read for a test).
    BackendConfig formConfig() const;
    void formEdited();

    void startTest(AfterTest after);
    void loadModels();
    void onTestFinished(const ConnectionResult &result);
    void connectClicked();
    void save();
    void onKeyWritten(const QString &profileName, const SecretResult &result);
    void onKeyRead(const QString &profileName, const QString &key, const SecretResult &result);
    void finishSave(const BackendConfig &saved);
    void showNoKeyring(const QString &why);
    void setBusy(bool busy, const QString &text);
    void showStatus(const QString &text, bool failure);

    std::unique_ptr<BackendProfiles> m_profiles;
    ConnectionTest *m_test = nullptr;  // Owned (child).
    SecretStore *m_secrets = nullptr;  // Owned (child).

    QListWidget *m_list = nullptr;
    QPushButton *m_add = nullptr;
    QPushButton *m_edit = nullptr;
    QPushButton *m_remove = nullptr;
    QComboBox *m_kind = nullptr;
    QLineEdit *m_name = nullptr;
    QFormLayout *m_form = nullptr;
    QList<int> m_kindRows[3]; // the form's rows of each kind, in the kind combo's order
    int m_keyringNoteRow = -1;
    QComboBox *m_preset = nullptr;
    QLineEdit *m_baseUrl = nullptr;
    QComboBox *m_model = nullptr;
    QPushButton *m_loadModels = nullptr;
    QLineEdit *m_apiKey = nullptr;
    QLabel *m_keyringNote = nullptr;
    QLineEdit *m_apiKeyEnv = nullptr;
    QLineEdit *m_wsUrl = nullptr;
    QLineEdit *m_command = nullptr;
    QLineEdit *m_workDir = nullptr;
    QLabel *m_status = nullptr;
    QProgressBar *m_busy = nullptr;
    QPushButton *m_testButton = nullptr;
    QPushButton *m_saveAnyway = nullptr;
    QPushButton *m_connect = nullptr;

    QString m_storedKey;        // the selected profile's key, read from the keyring for a test
    bool m_keyStored = false;   // the selected profile keeps a key in the keyring
    bool m_testedOk = false;    // a test of the form as it is now passed
    bool m_listingOnly = false; // the running operation only lists models
    bool m_filling = false;     // showProfile() is filling the form: not an edit
    AfterTest m_afterTest = AfterTest::Nothing;
    BackendConfig m_pendingSave; // saved, waiting for the keyring
    BackendConfig m_chosen;
};

} // namespace Tessera
