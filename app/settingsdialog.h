#pragma once

// Preferences (issue 7): theme (system / light / dark), font size, interface language.
// Stored with QSettings under "ui/theme" ("system"|"light"|"dark"), "ui/fontSize" (points, 0 = the
// platform's default, else 7..32) and "ui/language" ("" = system, "en", "de", "ar"; takes effect at
// the next start). Theme and font size apply live on Apply / OK.
// "appearance/reduceMotion" (bool): widget animations off, poses kept (seed 003). "widgets/loadRemoteImages"
// (bool, default false): https images in widgets load without asking first (seed 003 allows https and
// data sources; Tessera loads nothing remote unless the user allows it). "user/displayName": the name a
// json-render button press reports (seed 001); empty = the account's user name.
// Window geometry ("window/geometry") and the last conversation ("conversation/lastFile") are kept by
// the main window.
// The Tools page (McpServersPage, issue 16) lists the MCP servers; it saves each action at once, not on OK.

#include <QDialog>

#include <widgets/card/rendererregistry.h>
#include <widgets/common/theme.h>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;
class QTabWidget;

namespace Tessera {

class McpServersPage;

class SettingsDialog : public QDialog
{
    Q_OBJECT

public:
    // Loads the current values from QSettings.
    explicit SettingsDialog(QWidget *parent = nullptr);

    ThemeMode themeMode() const;
    void setThemeMode(ThemeMode mode);
    int fontSize() const; // points; 0 = default
    void setFontSize(int points);
    QString language() const; // "" = system
    void setLanguage(const QString &language);

    // Settings → Tools: the MCP servers.
    McpServersPage *toolsPage() const { return m_tools; }
    // Shows a page: 0 General, 1 Tools.
    void showPage(int index);

    // Writes the values to QSettings and applies theme and font size to the running application.
    void apply();

    // At start-up: applies the stored theme and font size (language is handled before, by main()).
    static void applyStoredSettings();
    // The stored settings renderers need, read once (whoever draws hands them down in a RenderContext).
    static RenderSettings storedRenderSettings();
    // Applies a font size to the whole application (0 restores the default font).
    static void applyFontSize(int points);

    static constexpr int kMinFontSize = 7;
    static constexpr int kMaxFontSize = 32;

Q_SIGNALS:
    void settingsApplied();

private:
    QComboBox *m_theme = nullptr;
    QSpinBox *m_fontSize = nullptr;
    QComboBox *m_language = nullptr;
    QCheckBox *m_reduceMotion = nullptr;
    QCheckBox *m_remoteImages = nullptr;
    QLineEdit *m_displayName = nullptr;
    QTabWidget *m_pages = nullptr;
    McpServersPage *m_tools = nullptr;
};

QString themeModeKey(ThemeMode mode); // "system" | "light" | "dark"

} // namespace Tessera
