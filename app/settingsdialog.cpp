#include <app/settingsdialog.h>

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QCheckBox>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

#include <app/mcpserverspage.h>
#include <app/settingskeys.h>

namespace Tessera {

namespace {

// The application font as the platform gave it, before any size from the settings.
QFont &defaultFont()
{
    static QFont font = QApplication::font();
    return font;
}

} // namespace

QString themeModeKey(ThemeMode mode)
{
    switch (mode) {
    case ThemeMode::Light:
        return QStringLiteral("light");
    case ThemeMode::Dark:
        return QStringLiteral("dark");
    case ThemeMode::System:
        break;
    }
    return QStringLiteral("system");
}

SettingsDialog::SettingsDialog(QWidget *parent)
    : QDialog(parent)
    , m_theme(new QComboBox(this))
    , m_fontSize(new QSpinBox(this))
    , m_language(new QComboBox(this))
{
    setObjectName(QStringLiteral("settingsDialog"));
    setWindowTitle(tr("Settings"));

    m_theme->setObjectName(QStringLiteral("themeCombo"));
    m_theme->addItem(tr("Follow the system"), QStringLiteral("system"));
    m_theme->addItem(tr("Light"), QStringLiteral("light"));
    m_theme->addItem(tr("Dark"), QStringLiteral("dark"));

    m_fontSize->setObjectName(QStringLiteral("fontSizeSpin"));
    m_fontSize->setRange(kMinFontSize - 1, kMaxFontSize);
    m_fontSize->setSpecialValueText(tr("System default"));
    m_fontSize->setSuffix(tr(" pt"));

    m_language->setObjectName(QStringLiteral("languageCombo"));
    m_language->addItem(tr("Follow the system"), QString());
    // Each language in its own name, so anyone can find theirs.
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(QStringLiteral("Deutsch"), QStringLiteral("de"));
    m_language->addItem(QStringLiteral("العربية"), QStringLiteral("ar"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Theme:"), m_theme);
    form->addRow(tr("&Font size:"), m_fontSize);
    form->addRow(tr("&Language:"), m_language);
    auto *languageNote = new QLabel(tr("A new language is used from the next start."), this);
    languageNote->setWordWrap(true);
    languageNote->setForegroundRole(QPalette::PlaceholderText);
    form->addRow(QString(), languageNote);

    m_reduceMotion = new QCheckBox(tr("&Reduce motion in widgets"), this);
    m_reduceMotion->setObjectName(QStringLiteral("reduceMotionCheck"));
    form->addRow(QString(), m_reduceMotion);
    m_remoteImages = new QCheckBox(tr("Load &images from the web in widgets without asking"), this);
    m_remoteImages->setObjectName(QStringLiteral("remoteImagesCheck"));
    form->addRow(QString(), m_remoteImages);
    m_displayName = new QLineEdit(this);
    m_displayName->setObjectName(QStringLiteral("displayNameEdit"));
    m_displayName->setPlaceholderText(qEnvironmentVariable("USER"));
    m_displayName->setMaxLength(100);
    form->addRow(tr("&Name on button presses:"), m_displayName);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::Apply, this);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        apply();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, &SettingsDialog::apply);

    // Appearance and the rest of the preferences on one page; MCP servers on their own (issue 16).
    auto *general = new QWidget(this);
    general->setLayout(form);
    m_tools = new McpServersPage(this);
    m_pages = new QTabWidget(this);
    m_pages->setObjectName(QStringLiteral("settingsPages"));
    m_pages->addTab(general, tr("&General"));
    m_pages->addTab(m_tools, tr("T&ools"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_pages);
    layout->addWidget(buttons);

    QSettings settings;
    ThemeMode mode = ThemeMode::System;
    themeModeFromString(settings.value(SettingsKeys::kTheme, QStringLiteral("system")).toString(), &mode);
    setThemeMode(mode);
    setFontSize(settings.value(SettingsKeys::kFontSize, 0).toInt());
    setLanguage(settings.value(SettingsKeys::kLanguage).toString());
    m_reduceMotion->setChecked(settings.value(SettingsKeys::kReduceMotion, false).toBool());
    m_remoteImages->setChecked(settings.value(SettingsKeys::kLoadRemoteImages, false).toBool());
    m_displayName->setText(settings.value(SettingsKeys::kDisplayName).toString());
}

void SettingsDialog::showPage(int index)
{
    m_pages->setCurrentIndex(index);
}

ThemeMode SettingsDialog::themeMode() const
{
    ThemeMode mode = ThemeMode::System;
    themeModeFromString(m_theme->currentData().toString(), &mode);
    return mode;
}

void SettingsDialog::setThemeMode(ThemeMode mode)
{
    m_theme->setCurrentIndex(qMax(0, m_theme->findData(themeModeKey(mode))));
}

int SettingsDialog::fontSize() const
{
    return m_fontSize->value() < kMinFontSize ? 0 : m_fontSize->value();
}

void SettingsDialog::setFontSize(int points)
{
    m_fontSize->setValue(points < kMinFontSize ? m_fontSize->minimum() : qMin(points, kMaxFontSize));
}

QString SettingsDialog::language() const
{
    return m_language->currentData().toString();
}

void SettingsDialog::setLanguage(const QString &language)
{
    m_language->setCurrentIndex(qMax(0, m_language->findData(language)));
}

void SettingsDialog::apply()
{
    QSettings settings;
    settings.setValue(SettingsKeys::kTheme, themeModeKey(themeMode()));
    settings.setValue(SettingsKeys::kFontSize, fontSize());
    settings.setValue(SettingsKeys::kLanguage, language());
    settings.setValue(SettingsKeys::kReduceMotion, m_reduceMotion->isChecked());
    settings.setValue(SettingsKeys::kLoadRemoteImages, m_remoteImages->isChecked());
    settings.setValue(SettingsKeys::kDisplayName, m_displayName->text().trimmed());
    applyTheme(themeMode());
    applyFontSize(fontSize());
    Q_EMIT settingsApplied();
}

RenderSettings SettingsDialog::storedRenderSettings()
{
    QSettings settings;
    RenderSettings render;
    render.reduceMotion = settings.value(SettingsKeys::kReduceMotion, false).toBool();
    render.loadRemoteImages = settings.value(SettingsKeys::kLoadRemoteImages, false).toBool();
    render.pressName = settings.value(SettingsKeys::kDisplayName).toString().trimmed();
    return render;
}

void SettingsDialog::applyStoredSettings()
{
    QSettings settings;
    ThemeMode mode = ThemeMode::System;
    themeModeFromString(settings.value(SettingsKeys::kTheme, QStringLiteral("system")).toString(), &mode);
    applyTheme(mode);
    applyFontSize(settings.value(SettingsKeys::kFontSize, 0).toInt());
}

void SettingsDialog::applyFontSize(int points)
{
    QFont font = defaultFont();
    if (points >= kMinFontSize)
        font.setPointSize(qMin(points, kMaxFontSize));
    QApplication::setFont(font);
}

} // namespace Tessera
