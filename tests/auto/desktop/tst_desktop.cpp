// Desktop integration (issue 7): settings round trip, live theme and font switching on a rendered
// card, the About and Keyboard Shortcuts dialogs, translations (German, Arabic right to left) and
// the --lang option.

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QScrollBar>
#include <QTimer>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenuBar>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <memory>

#include <app/aboutdialog.h>
#include <app/commandline.h>
#include <app/localization.h>
#include <app/mainwindow.h>
#include <app/settingsdialog.h>
#include <app/shortcutsdialog.h>
#include <cards/card.h>
#include <cards/cardkinds.h>
#include <cards/conversationmodel.h>
#include <widgets/card/cardexport.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/common/theme.h>
#include <widgets/conversation/composer.h>
#include <widgets/conversation/conversationview.h>

using namespace Tessera;

namespace {

// Set TESSERA_RENDER_DIR to a folder to get the dialogs as PNGs, for a look.
void saveForLook(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("TESSERA_RENDER_DIR");
    if (dir.isEmpty())
        return;
    widget->adjustSize();
    widget->show();
    QTest::qWait(50); // let views re-measure at the final size
    widget->grab().save(dir + QLatin1Char('/') + name + QLatin1String(".png"));
}

} // namespace

class tst_Desktop : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void settingsRoundTrip_data();
    void settingsRoundTrip();
    void settingsOutOfRange();
    void themeSwitchRepaintsCards_data();
    void themeSwitchRepaintsCards();
    void fontSizeAppliesLive();
    void settingsFromMenu();
    void settingsApplyKeepsPlace();
    void copyFocusedCardFromEditMenu();
    void aboutDialog();
    void shortcutsListEveryMenuShortcut();
    void translationsComplete_data();
    void translationsComplete();
    void languageOption_data();
    void languageOption();
    // Last: installs translators for the rest of the process.
    void translations();
    void renderArabicMirrors();
};

void tst_Desktop::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TesseraTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_desktop"));
}

void tst_Desktop::init()
{
    QSettings().clear();
    applyTheme(ThemeMode::Light);
    SettingsDialog::applyFontSize(0);
}

void tst_Desktop::settingsRoundTrip_data()
{
    QTest::addColumn<int>("mode");
    QTest::addColumn<QString>("themeKey");
    QTest::addColumn<int>("fontSize");
    QTest::addColumn<QString>("language");
    QTest::newRow("system, default font, system language") << int(ThemeMode::System) << "system" << 0 << "";
    QTest::newRow("light, 11 pt, German") << int(ThemeMode::Light) << "light" << 11 << "de";
    QTest::newRow("dark, 18 pt, Arabic") << int(ThemeMode::Dark) << "dark" << 18 << "ar";
    QTest::newRow("dark, 32 pt, English") << int(ThemeMode::Dark) << "dark" << 32 << "en";
}

void tst_Desktop::settingsRoundTrip()
{
    QFETCH(int, mode);
    QFETCH(QString, themeKey);
    QFETCH(int, fontSize);
    QFETCH(QString, language);
    {
        SettingsDialog dialog;
        dialog.setThemeMode(ThemeMode(mode));
        dialog.setFontSize(fontSize);
        dialog.setLanguage(language);
        dialog.apply();
    }
    QSettings settings;
    QCOMPARE(settings.value(QStringLiteral("ui/theme")).toString(), themeKey);
    QCOMPARE(settings.value(QStringLiteral("ui/fontSize")).toInt(), fontSize);
    QCOMPARE(settings.value(QStringLiteral("ui/language")).toString(), language);

    SettingsDialog reread;
    QCOMPARE(int(reread.themeMode()), mode);
    QCOMPARE(reread.fontSize(), fontSize);
    QCOMPARE(reread.language(), language);
    // The widgets show the stored values too (not only the getters).
    QCOMPARE(reread.findChild<QComboBox *>(QStringLiteral("themeCombo"))->currentData().toString(), themeKey);
    QCOMPARE(reread.findChild<QComboBox *>(QStringLiteral("languageCombo"))->currentData().toString(), language);
}

void tst_Desktop::settingsOutOfRange()
{
    // Hand-edited settings files: unknown theme -> system, sizes clamp, unknown language -> system.
    QSettings settings;
    settings.setValue(QStringLiteral("ui/theme"), QStringLiteral("purple"));
    settings.setValue(QStringLiteral("ui/fontSize"), 99);
    settings.setValue(QStringLiteral("ui/language"), QStringLiteral("xx"));
    SettingsDialog dialog;
    QCOMPARE(int(dialog.themeMode()), int(ThemeMode::System));
    QCOMPARE(dialog.fontSize(), SettingsDialog::kMaxFontSize);
    QCOMPARE(dialog.language(), QString());
    settings.setValue(QStringLiteral("ui/fontSize"), 3);
    SettingsDialog small;
    QCOMPARE(small.fontSize(), 0);
}

void tst_Desktop::themeSwitchRepaintsCards_data()
{
    QTest::addColumn<int>("mode");
    QTest::newRow("dark") << int(ThemeMode::Dark);
    QTest::newRow("light") << int(ThemeMode::Light);
}

void tst_Desktop::themeSwitchRepaintsCards()
{
    QFETCH(int, mode);
    const Card card = Card::fromEnvelopeText(
        R"({"kind":"alert","specVersion":1,"payload":{"severity":"warning","title":"Disk","message":"Low space"}})");
    QVERIFY(card.isValid());
    std::unique_ptr<QWidget> widget(RendererRegistry::createCardWidget(card, RenderContext(), nullptr));
    widget->resize(500, widget->heightForWidth(500) > 0 ? widget->heightForWidth(500) : 120);

    // Start from the other palette so the switch is visible.
    applyTheme(ThemeMode(mode) == ThemeMode::Dark ? ThemeMode::Light : ThemeMode::Dark);
    SettingsDialog dialog;
    dialog.setThemeMode(ThemeMode(mode));
    dialog.apply();
    // The application palette reaches existing widgets through posted events (the event loop's job).
    QCoreApplication::sendPostedEvents();

    const QPalette expected = themePalette(ThemeMode(mode));
    QCOMPARE(QApplication::palette().color(QPalette::Base), expected.color(QPalette::Base));
    QCOMPARE(QApplication::palette(widget.get()).color(QPalette::Base), expected.color(QPalette::Base));
    QCOMPARE(widget->palette().color(QPalette::Base), expected.color(QPalette::Base));
    QCOMPARE(widget->palette().color(QPalette::Text), expected.color(QPalette::Text));
    QCOMPARE(isDarkPalette(widget->palette()), ThemeMode(mode) == ThemeMode::Dark);
    // And the pixels: the card's panel is painted in the new Base color.
    const QImage image = widget->grab().toImage();
    const QColor centre = image.pixelColor(image.width() / 2, image.height() - 4);
    QCOMPARE(isDarkPalette([&] { QPalette p; p.setColor(QPalette::Window, centre); return p; }()),
             ThemeMode(mode) == ThemeMode::Dark);
}

void tst_Desktop::fontSizeAppliesLive()
{
    const int before = QApplication::font().pointSize();
    SettingsDialog dialog;
    dialog.setFontSize(19);
    dialog.apply();
    QCOMPARE(QApplication::font().pointSize(), 19);
    QWidget probe;
    QCOMPARE(probe.font().pointSize(), 19);
    dialog.setFontSize(0);
    dialog.apply();
    QCOMPARE(QApplication::font().pointSize(), before);
}

namespace {

QAction *menuAction(QMainWindow &window, const QString &text)
{
    for (QAction *action : window.menuBar()->findChildren<QAction *>()) {
        if (action->text() == text)
            return action;
    }
    return nullptr;
}

} // namespace

void tst_Desktop::settingsFromMenu()
{
    MainWindow window;
    QAction *settings = menuAction(window, QStringLiteral("&Settings…"));
    QVERIFY(settings);
    QCOMPARE(settings->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Comma));
    QAction *darkItem = menuAction(window, QStringLiteral("&Dark"));
    QVERIFY(darkItem && !darkItem->isChecked());

    // The dialog is modal: choose Dark in it and press OK from inside its event loop.
    bool sawDialog = false;
    QTimer::singleShot(0, this, [&] {
        auto *dialog = qobject_cast<SettingsDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        sawDialog = true;
        auto *combo = dialog->findChild<QComboBox *>(QStringLiteral("themeCombo"));
        combo->setCurrentIndex(combo->findData(QStringLiteral("dark")));
        dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
    });
    settings->trigger();
    QVERIFY(sawDialog);
    QCOMPARE(QSettings().value(QStringLiteral("ui/theme")).toString(), QStringLiteral("dark"));
    QCOMPARE(QApplication::palette().color(QPalette::Window), themePalette(ThemeMode::Dark).color(QPalette::Window));
    QVERIFY(darkItem->isChecked()); // the View → Theme menu follows
}

namespace {

// The row at the top of the conversation's viewport: the one whose span holds the scroll position.
int topRow(ConversationView *view)
{
    const int y = view->verticalScrollBar()->value();
    const int rows = view->model()->rowCount();
    for (int row = 0; row + 1 < rows; ++row) {
        if (view->rowTop(row + 1) > y)
            return row;
    }
    return rows - 1;
}

} // namespace

void tst_Desktop::settingsApplyKeepsPlace()
{
    // Issue 18: Apply in Settings rebuilt the view from a reset model, which jumped to the top.
    MainWindow window;
    window.openDemo();
    window.resize(900, 600);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ConversationView *view = window.conversationView();
    const int rows = window.model()->rowCount();
    QVERIFY(rows > 30);
    view->scrollToRow(20);
    const int top = topRow(view);
    QVERIFY2(top >= 18 && top <= 20, qPrintable(QString::number(top)));
    const int topBefore = view->rowTop(top);
    QAction *settings = menuAction(window, QStringLiteral("&Settings…"));
    QVERIFY(settings);

    bool sawDialog = false;
    QTimer::singleShot(0, this, [&] {
        auto *dialog = qobject_cast<SettingsDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        sawDialog = true;
        dialog->setFontSize(20); // every block's height changes
        dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Apply)->click();
        dialog->reject();
    });
    settings->trigger();
    QVERIFY(sawDialog);
    QCOMPARE(QApplication::font().pointSize(), 20);
    QCOMPARE(window.model()->rowCount(), rows);
    QVERIFY(view->rowTop(top) != topBefore); // the rows above were measured again at the new size
    QCOMPARE(topRow(view), top);
    QVERIFY(view->widgetForRow(top)); // rebuilt, on screen
}

void tst_Desktop::copyFocusedCardFromEditMenu()
{
    MainWindow window;
    window.openDemo();
    window.resize(900, 800);
    window.show();
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    ConversationView *view = window.conversationView();
    ConversationModel *model = window.model();
    int row = -1;
    QTRY_VERIFY([&] {
        for (const int r : view->liveRows()) {
            if (model->card(r) && model->card(r)->kind() == CardKind::DataTable) {
                row = r;
                return true;
            }
        }
        return false;
    }());
    QWidget *card = view->widgetForRow(row);
    card->setFocus(Qt::TabFocusReason); // the table, through the card's focus proxy
    QVERIFY(card->isAncestorOf(QApplication::focusWidget()) || QApplication::focusWidget() == card);

    QAction *copyText = menuAction(window, QStringLiteral("Copy Card as &Text"));
    QVERIFY(copyText);
    QCOMPARE(copyText->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    QApplication::clipboard()->clear();
    copyText->trigger();
    QCOMPARE(QApplication::clipboard()->text(), cardPlainText(*model->card(row)));
    QVERIFY(QApplication::clipboard()->text().contains(QLatin1Char('\t')));

    menuAction(window, QStringLiteral("Copy Card as &JSON"))->trigger();
    QCOMPARE(QApplication::clipboard()->text(), cardJsonText(*model->card(row)));

    menuAction(window, QStringLiteral("Copy Card as &Image"))->trigger();
    QCOMPARE(QApplication::clipboard()->image().size(), card->size() * card->devicePixelRatioF());

    // Copy Card for Slack (issue 14): the data_table as a Block Kit message with a table block.
    menuAction(window, QStringLiteral("Copy Card for Slack"))->trigger();
    const QJsonObject slack = QJsonDocument::fromJson(QApplication::clipboard()->text().toUtf8()).object();
    QStringList blockTypes;
    for (const QJsonValue &block : slack.value(QStringLiteral("blocks")).toArray())
        blockTypes.append(block.toObject().value(QStringLiteral("type")).toString());
    QVERIFY2(blockTypes.contains(QStringLiteral("table")), qPrintable(blockTypes.join(QLatin1Char(' '))));
    QCOMPARE(slack.value(QStringLiteral("text")).toString(), kindPlainText(*model->card(row)));

    // No card focused: nothing is copied, the status bar says why.
    window.composer()->setFocus();
    QApplication::clipboard()->setText(QStringLiteral("unchanged"));
    copyText->trigger();
    QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("unchanged"));
}

void tst_Desktop::aboutDialog()
{
    AboutDialog dialog;
    saveForLook(&dialog, QStringLiteral("about"));
    const QString text = dialog.text();
    QVERIFY2(text.contains(QStringLiteral("Tessera " TESSERA_VERSION)), qPrintable(text));
    QVERIFY2(text.contains(QString::fromLatin1(qVersion())), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("MIT")), qPrintable(text));
    const QString data = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QVERIFY(!data.isEmpty());
    QVERIFY2(text.contains(data), qPrintable(text));
    QVERIFY2(text.contains(QSettings().fileName()), qPrintable(text));
}

void tst_Desktop::shortcutsListEveryMenuShortcut()
{
    MainWindow window;
    window.openDemo();
    saveForLook(&window, QStringLiteral("mainwindow-en"));
    ShortcutsDialog dialog(window.menuBar());
    saveForLook(&dialog, QStringLiteral("shortcuts"));
    QTableWidget *table = dialog.table();
    QStringList listed;
    for (int row = 0; row < table->rowCount(); ++row)
        listed.append(table->item(row, 0)->text().remove(QChar(0x200E)) + QLatin1Char('|') + table->item(row, 1)->text());

    int withShortcut = 0;
    const QList<QAction *> actions = window.menuBar()->findChildren<QAction *>();
    for (const QAction *action : actions) {
        if (action->shortcut().isEmpty() || action->menu())
            continue;
        ++withShortcut;
        const QString keys = action->shortcut().toString(QKeySequence::NativeText);
        const bool found = std::any_of(listed.cbegin(), listed.cend(),
                                       [&](const QString &row) { return row.startsWith(keys + QLatin1Char('|')); });
        QVERIFY2(found, qPrintable(keys + QLatin1String(" missing; listed: ") + listed.join(QLatin1String(", "))));
    }
    // Open, Settings, three card copies, two focus moves, the shortcuts list (Quit's standard key
    // is platform-defined and may be empty offscreen).
    QVERIFY2(withShortcut >= 8, qPrintable(QString::number(withShortcut)));
    const QString copyText = QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C).toString(QKeySequence::NativeText);
    QVERIFY(listed.contains(copyText + QLatin1String("|Copy Card as Text")));
    QVERIFY(listed.contains(QKeySequence(Qt::CTRL | Qt::Key_Comma).toString(QKeySequence::NativeText)
                            + QLatin1String("|Settings")));
}

void tst_Desktop::translationsComplete_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("pluralForms");
    QTest::addColumn<int>("minMessages");
    QTest::newRow("German") << QStringLiteral(TESSERA_SOURCE_DIR "/translations/tessera_de.ts") << "de" << 2 << 150;
    QTest::newRow("Arabic") << QStringLiteral(TESSERA_SOURCE_DIR "/translations/tessera_ar.ts") << "ar" << 6 << 150;
    // English holds only the plural forms (app/plurals.h): "1 message", never "1 message(s)".
    QTest::newRow("English plural forms") << QStringLiteral(TESSERA_SOURCE_DIR "/translations/tessera_en.ts") << "en" << 2 << 20;
}

void tst_Desktop::translationsComplete()
{
    // Every message lupdate found has a finished translation with all the language's plural forms.
    QFETCH(QString, file);
    QFETCH(QString, language);
    QFETCH(int, pluralForms);
    QFETCH(int, minMessages);
    QFile ts(file);
    QVERIFY(ts.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&ts);
    int messages = 0;
    QString context, source;
    int forms = 0;
    bool numerus = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("TS")) {
            QCOMPARE(xml.attributes().value(QLatin1String("language")).toString(), language);
        } else if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("message")) {
            ++messages;
            numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            const QString where = context + QLatin1String(": ") + source;
            QVERIFY2(xml.attributes().value(QLatin1String("type")).isEmpty(),
                     qPrintable(QLatin1String("unfinished or obsolete: ") + where));
            if (!numerus) {
                QVERIFY2(!xml.readElementText().isEmpty(), qPrintable(QLatin1String("empty: ") + where));
                continue;
            }
            forms = 0;
            while (xml.readNextStartElement()) {
                QVERIFY2(!xml.readElementText().isEmpty(), qPrintable(QLatin1String("empty plural form: ") + where));
                ++forms;
            }
            QVERIFY2(forms == pluralForms, qPrintable(QStringLiteral("%1 plural forms: ").arg(forms) + where));
        }
    }
    QVERIFY(!xml.hasError());
    QVERIFY2(messages >= minMessages, qPrintable(QString::number(messages)));
}

void tst_Desktop::languageOption_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("command");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("file");
    QTest::newRow("render --lang ar")
            << QStringList{"tessera", "render", "a.jsonl", "-o", "a.png", "--lang", "ar"} << int(CommandLine::Command::Render)
            << "ar" << "a.jsonl";
    QTest::newRow("--lang first") << QStringList{"tessera", "--lang", "de", "render", "a.jsonl", "-o", "a.png"}
                                  << int(CommandLine::Command::Render) << "de" << "a.jsonl";
    QTest::newRow("window") << QStringList{"tessera", "--lang", "de", "b.jsonl"} << int(CommandLine::Command::Open) << "de"
                            << "b.jsonl";
    QTest::newRow("window, no file") << QStringList{"tessera", "--lang", "ar"} << int(CommandLine::Command::Open) << "ar"
                                     << "";
    QTest::newRow("missing code") << QStringList{"tessera", "render", "a.jsonl", "-o", "a.png", "--lang"}
                                  << int(CommandLine::Command::Error) << "" << "";
    QTest::newRow("option as code") << QStringList{"tessera", "--lang", "--width", "400"} << int(CommandLine::Command::Error)
                                    << "" << "";
}

void tst_Desktop::languageOption()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, command);
    QFETCH(QString, language);
    QFETCH(QString, file);
    const CommandLine c = parseCommandLine(arguments);
    QCOMPARE(int(c.command), command);
    if (command == int(CommandLine::Command::Error)) {
        QVERIFY(c.error.contains(QStringLiteral("--lang")));
        return;
    }
    QCOMPARE(c.language, language);
    QCOMPARE(c.file, file);
}

void tst_Desktop::translations()
{
    QCOMPARE(availableLanguages(), (QStringList{QStringLiteral("ar"), QStringLiteral("de")}));

    QString note;
    QCOMPARE(installTranslations(QStringLiteral("xx"), &note), QStringLiteral("en"));
    QVERIFY(note.contains(QStringLiteral("xx")));
    // English plural forms come from translations/tessera_en.ts.
    QCOMPARE(QCoreApplication::translate("Tessera::ItemListCard", "%n item(s)", nullptr, 1), QStringLiteral("1 item"));
    QCOMPARE(QCoreApplication::translate("Tessera::ItemListCard", "%n item(s)", nullptr, 0), QStringLiteral("0 items"));
    QCOMPARE(QCoreApplication::translate("Tessera::MainWindow", "%n message(s)", nullptr, 1), QStringLiteral("1 message"));

    QCOMPARE(installTranslations(QStringLiteral("de")), QStringLiteral("de"));
    QCOMPARE(QLocale().language(), QLocale::German);
    QCOMPARE(QGuiApplication::layoutDirection(), Qt::LeftToRight);
    QCOMPARE(QCoreApplication::translate("Tessera::MainWindow", "&File"), QStringLiteral("&Datei"));
    QCOMPARE(QCoreApplication::translate("Tessera::ItemListCard", "%n item(s)", nullptr, 3), QStringLiteral("3 Einträge"));
    QCOMPARE(QCoreApplication::translate("Tessera::MainWindow", "%n message(s)", nullptr, 1), QStringLiteral("1 Nachricht"));
    {
        SettingsDialog dialog;
        saveForLook(&dialog, QStringLiteral("settings-de"));
        QCOMPARE(dialog.windowTitle(), QStringLiteral("Einstellungen"));
    }

    QCOMPARE(installTranslations(QStringLiteral("ar")), QStringLiteral("ar"));
    QCOMPARE(QLocale().language(), QLocale::Arabic);
    QCOMPARE(QGuiApplication::layoutDirection(), Qt::RightToLeft);
    QCOMPARE(QCoreApplication::translate("QGuiApplication", "QT_LAYOUT_DIRECTION"), QStringLiteral("RTL"));
    QCOMPARE(QCoreApplication::translate("Tessera::MainWindow", "&File"), QStringLiteral("&ملف"));
    // Arabic plural forms: 2 is dual, 5 is a minority plural.
    QCOMPARE(QCoreApplication::translate("Tessera::ItemListCard", "%n item(s)", nullptr, 2), QStringLiteral("عنصران"));
    QCOMPARE(QCoreApplication::translate("Tessera::ItemListCard", "%n item(s)", nullptr, 5), QStringLiteral("٥ عناصر"));
    QCOMPARE(QCoreApplication::translate("Tessera::ConversationList", "%n card(s)", nullptr, 2), QStringLiteral("بطاقتان"));
    {
        SettingsDialog dialog;
        saveForLook(&dialog, QStringLiteral("settings-ar"));
        MainWindow window;
        window.openDemo();
        window.resize(900, 700);
        saveForLook(&window, QStringLiteral("mainwindow-ar"));
        ShortcutsDialog shortcuts(window.menuBar());
        saveForLook(&shortcuts, QStringLiteral("shortcuts-ar"));
    }
    // A widget made now is mirrored.
    QWidget widget;
    QCOMPARE(widget.layoutDirection(), Qt::RightToLeft);
    QVERIFY(widget.isRightToLeft());
}

void tst_Desktop::renderArabicMirrors()
{
    // A user turn is a bubble indented from the leading edge: at the right under English, at the
    // left under --lang ar. Sample the render 40 px in from each side at the bubble's height.
    QTemporaryDir dir;
    const QString conversation = dir.filePath(QStringLiteral("one.jsonl"));
    {
        QFile file(conversation);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"role":"user","content":"Which sessions are open?"})" "\n");
    }
    auto render = [&](const QString &language, const QString &name) {
        QStringList arguments{QStringLiteral("tessera"), QStringLiteral("render"), conversation, QStringLiteral("-o"),
                              dir.filePath(name), QStringLiteral("--width"), QStringLiteral("600")};
        if (!language.isEmpty())
            arguments << QStringLiteral("--lang") << language;
        const CommandLine c = parseCommandLine(arguments);
        return runRender(c) == 0 ? QImage(dir.filePath(name)) : QImage();
    };
    QGuiApplication::setLayoutDirection(Qt::LeftToRight);
    const QImage ltr = render(QString(), QStringLiteral("ltr.png"));
    const QImage rtl = render(QStringLiteral("ar"), QStringLiteral("rtl.png"));
    QVERIFY(!ltr.isNull());
    QVERIFY(!rtl.isNull());
    QCOMPARE(QGuiApplication::layoutDirection(), Qt::RightToLeft);
    const QColor window = themePalette(ThemeMode::Light).color(QPalette::Window);
    const int y = ltr.height() / 2;
    QCOMPARE(ltr.pixelColor(40, y), window);
    QVERIFY(ltr.pixelColor(ltr.width() - 40, y) != window);
    QVERIFY(rtl.pixelColor(40, y) != window);
    QCOMPARE(rtl.pixelColor(rtl.width() - 40, y), window);
}

QTEST_MAIN(tst_Desktop)
#include "tst_desktop.moc"
