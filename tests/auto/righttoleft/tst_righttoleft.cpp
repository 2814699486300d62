// Tessera under --lang ar (issue 18): titles in the conversation list isolated in their own direction,
// command-line flags and menu shortcuts isolated left to right, one number system (QLocale's) for counts,
// dates and the status bar's comma, and every table's header aligned as its cells. Checks the strings
// and flags, and where order is the point, where Qt's own layout puts the characters.
//
// TESSERA_SHOTS=DIR: the Arabic window and its list as PNGs, to look at.

#include <QAbstractItemModel>
#include <QApplication>
#include <QFile>
#include <QHeaderView>
#include <QListView>
#include <QLocale>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextLayout>

#include <memory>

#include <app/bidistyle.h>
#include <app/conversationlist.h>
#include <app/localization.h>
#include <app/mainwindow.h>
#include <cards/bidicontrols.h>
#include <store/conversationstore.h>
#include <tests/support/cardhelpers.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/widgetdoc/widgetdocumentcard.h>

using namespace Tessera;

namespace {

const QChar kLri(0x2066);
const QChar kFsi(0x2068);
const QChar kPdi(0x2069);

const QString kEnglishTitle = QStringLiteral("Morning. Which sessions do I have open, and can I trust the quotes right now?");

// The x of the character at `index` when `text` is laid out as one right-to-left paragraph, the way
// a label, a list row or a menu of the Arabic window lays it out.
qreal xOf(const QString &text, int index)
{
    QTextLayout layout(text, QApplication::font());
    QTextOption option;
    option.setTextDirection(Qt::RightToLeft);
    layout.setTextOption(option);
    layout.beginLayout();
    QTextLine line = layout.createLine();
    line.setLineWidth(4000);
    layout.endLayout();
    return line.cursorToX(index);
}

// True when the characters of `part` inside `text` are drawn left to right, in their logical order:
// the cursor positions between them (not at its ends, which border other runs) grow from left to right.
bool drawnLeftToRight(const QString &text, const QString &part)
{
    const int from = int(text.indexOf(part));
    if (from < 0 || part.size() < 3)
        return false;
    for (int i = from + 1; i + 1 < from + part.size(); ++i) {
        if (!(xOf(text, i) < xOf(text, i + 1)))
            return false;
    }
    return true;
}

bool hasAsciiDigit(const QString &text)
{
    return text.contains(QRegularExpression(QStringLiteral("[0-9]")));
}

Qt::Alignment alignmentOf(const QVariant &value)
{
    if (value.metaType() == QMetaType::fromType<Qt::Alignment>())
        return value.value<Qt::Alignment>();
    return Qt::Alignment(value.toInt());
}

void saveShot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("TESSERA_SHOTS");
    if (!dir.isEmpty())
        widget->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

QAction *menuAction(QMainWindow &window, const QString &text)
{
    for (QAction *action : window.menuBar()->findChildren<QAction *>()) {
        if (action->text() == text)
            return action;
    }
    return nullptr;
}

} // namespace

class tst_RightToLeft : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void isolates();
    void conversationListTitles();
    void numbersFollowTheLocale();
    void flagsInTheStatusHint();
    void menuShortcuts();
    void tableAlignment_data();
    void tableAlignment();
};

void tst_RightToLeft::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TesseraTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_righttoleft"));
    QSettings().clear();
    QCOMPARE(installTranslations(QStringLiteral("ar")), QStringLiteral("ar"));
    QCOMPARE(QGuiApplication::layoutDirection(), Qt::RightToLeft);
    installWidgetDocumentRenderer();
}

void tst_RightToLeft::isolates()
{
    QCOMPARE(firstStrongIsolate(QStringLiteral("Hi?")), kFsi + QStringLiteral("Hi?") + kPdi);
    QCOMPARE(leftToRightIsolate(QStringLiteral("--openai")), kLri + QStringLiteral("--openai") + kPdi);
    QCOMPARE(leftToRightIsolate(QString()), QString());
    // Left to right, a title of left-to-right letters is left alone; under right to left always isolated.
    QCOMPARE(isolatedTitle(kEnglishTitle, Qt::LeftToRight), kEnglishTitle);
    QCOMPARE(isolatedTitle(kEnglishTitle, Qt::RightToLeft), kFsi + kEnglishTitle + kPdi);
    const QString arabic = QStringLiteral("هل الطلب جاهز؟");
    QCOMPARE(isolatedTitle(arabic, Qt::LeftToRight), kFsi + arabic + kPdi);
    // A control inside a title is shown, not obeyed.
    QCOMPARE(isolatedTitle(QStringLiteral("a\u202Eb"), Qt::RightToLeft), kFsi + QStringLiteral("a\u27E8U+202E\u27E9b") + kPdi);

    // In a right-to-left line the question mark of an English title ends up at its left ("?and can I")
    // unless the title is isolated: then it stays after "now", at the right.
    const QString plain = QStringLiteral("عنوان: ") + kEnglishTitle;
    const QString isolated = QStringLiteral("عنوان: ") + firstStrongIsolate(kEnglishTitle);
    QVERIFY(xOf(plain, int(plain.indexOf(u'?'))) < xOf(plain, int(plain.indexOf(QStringLiteral("now")))));
    QVERIFY(xOf(isolated, int(isolated.indexOf(u'?'))) > xOf(isolated, int(isolated.indexOf(QStringLiteral("now")))));
}

void tst_RightToLeft::conversationListTitles()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    MainWindow window;
    QVERIFY(window.openStore(dir.filePath(QStringLiteral("data"))).ok());
    QString id;
    const QByteArray lines = "{\"role\":\"user\",\"content\":\"" + kEnglishTitle.toUtf8() + "\"}\n"
                             "{\"role\":\"assistant\",\"content\":\"Two are open.\"}\n"
                             "{\"role\":\"user\",\"content\":\"Thanks.\"}\n";
    QVERIFY(window.store()->importData(lines, QString(), QString(), &id).ok());
    window.conversationList()->refresh();
    QAbstractItemModel *rows = window.conversationList()->view()->model();
    QCOMPARE(rows->rowCount(), 1);
    const QString text = rows->index(0, 0).data().toString();
    // The title in its own isolate, then the counts and the date in the locale's digits.
    QVERIFY2(text.startsWith(kFsi + kEnglishTitle + kPdi + QLatin1Char('\n')), qPrintable(text));
    const QString details = text.mid(text.indexOf(QLatin1Char('\n')) + 1);
    QVERIFY2(details.startsWith(QStringLiteral("٣ رسائل · ")), qPrintable(details));
    QVERIFY2(!hasAsciiDigit(details), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("٢")), qPrintable(details)); // the date's year: 2…

    QVERIFY(window.openStored(id));
    const QString status = window.statusBar()->currentMessage();
    QVERIFY2(status.contains(QStringLiteral("٣ رسائل، ")), qPrintable(status));
    QVERIFY2(!status.contains(QLatin1String(", ")) && !hasAsciiDigit(status), qPrintable(status));
    window.resize(900, 600);
    saveShot(&window, QStringLiteral("righttoleft-window"));
}

void tst_RightToLeft::numbersFollowTheLocale()
{
    // One number system: QLocale's for Arabic (Arabic-Indic digits), for counts as for dates.
    const QLocale locale;
    QCOMPARE(locale.language(), QLocale::Arabic);
    QCOMPARE(locale.toString(12), QStringLiteral("١٢"));
    QCOMPARE(QCoreApplication::translate("Tessera::MainWindow", "%n message(s)", nullptr, 12), QStringLiteral("١٢ رسالة"));
    QCOMPARE(QCoreApplication::translate("Tessera::ConversationList", "%n card(s)", nullptr, 150), QStringLiteral("١٥٠ بطاقة"));
    QCOMPARE(QCoreApplication::translate("Tessera::MainWindow", "%1, %2", "two parts of a summary"), QStringLiteral("%1، %2"));
    const QString date = locale.toString(QDateTime(QDate(2026, 12, 2), QTime(2, 32)), QLocale::ShortFormat);
    QVERIFY2(date.contains(QStringLiteral("٢٠٢٦")) && !hasAsciiDigit(date), qPrintable(date));
}

void tst_RightToLeft::flagsInTheStatusHint()
{
    MainWindow window;
    QAction *restart = menuAction(window, QCoreApplication::translate("Tessera::MainWindow", "&Restart Backend"));
    QVERIFY(restart);
    restart->trigger(); // nothing connected: the hint names the flags
    const QString hint = window.statusBar()->currentMessage();
    window.resize(900, 600);
    saveShot(&window, QStringLiteral("righttoleft-flags"));
    for (const char *flag : {"--backend-cmd", "--backend", "--openai"}) {
        const QString isolated = kLri + QLatin1String(flag) + kPdi;
        QVERIFY2(hint.contains(isolated), qPrintable(hint));
        QVERIFY2(drawnLeftToRight(hint, isolated.mid(1, isolated.size() - 2)), flag); // "--backend-cmd", not "backend-cmd--"
    }
    // What the hint said before: the flag's dashes took the sentence's direction.
    const QString before = QStringLiteral("لا توجد خدمة وكيل متصلة: شغّل Tessera مع --backend-cmd أو --openai.");
    QVERIFY(!drawnLeftToRight(before, QStringLiteral("--backend-cmd")));
}

void tst_RightToLeft::menuShortcuts()
{
    QVERIFY(qobject_cast<BidiStyle *>(QApplication::style()));
    const QString shortcut = QKeySequence(Qt::CTRL | Qt::Key_Comma).toString(QKeySequence::NativeText);
    QCOMPARE(shortcut, QStringLiteral("Ctrl+,"));
    const QString item = QStringLiteral("الإعدادات…\t") + shortcut;
    const QString drawn = BidiStyle::menuItemText(item, Qt::RightToLeft);
    QCOMPARE(drawn, QStringLiteral("الإعدادات…\t") + kLri + shortcut + kPdi);
    QCOMPARE(BidiStyle::menuItemText(item, Qt::LeftToRight), item);
    QCOMPARE(BidiStyle::menuItemText(QStringLiteral("الإعدادات…"), Qt::RightToLeft), QStringLiteral("الإعدادات…"));
    // The shortcut column alone, as the style draws it: "Ctrl+," and not "+,Ctrl".
    const QString column = drawn.mid(drawn.indexOf(QLatin1Char('\t')) + 1);
    QVERIFY(drawnLeftToRight(column, shortcut));
    QVERIFY(!drawnLeftToRight(shortcut, shortcut)); // without the isolate the comma moves
}

void tst_RightToLeft::tableAlignment_data()
{
    QTest::addColumn<QByteArray>("envelope");
    QTest::addColumn<QList<int>>("numericColumns");
    QFile table(QStringLiteral(TESSERA_TEST_DATA "/cards/data_table/valid/example.json"));
    QVERIFY(table.open(QIODevice::ReadOnly));
    QTest::newRow("data_table") << table.readAll() << QList<int>{1};
    QFile spec(QStringLiteral(TESSERA_TEST_DATA "/cards/json_render/valid/example.json"));
    QVERIFY(spec.open(QIODevice::ReadOnly));
    QTest::newRow("json_render Table") << spec.readAll() << QList<int>{1};
    QTest::newRow("dorkos_ui table")
            << TestSupport::envelopeText("dorkos_ui", R"({"version":1,"root":{"type":"table","columns":[{"key":"item","label":"Item"},)"
                                                      R"({"key":"qty","label":"On hand"},{"key":"note","label":"Note"}],"rows":[)"
                                                      R"({"item":"Oat milk","qty":4,"note":"low"},{"item":"Cups","qty":150,"note":7}]}})")
            << QList<int>{1};
}

void tst_RightToLeft::tableAlignment()
{
    // Every column: its header and each of its cells carry the same alignment (numbers right, the rest
    // left, both mirrored by Qt in this right-to-left window); a mixed column is not a number column.
    QFETCH(QByteArray, envelope);
    QFETCH(QList<int>, numericColumns);
    const Card card = TestSupport::validCard(envelope);
    QVERIFY(card.isValid());
    std::unique_ptr<QWidget> widget(RendererRegistry::createCardWidget(card, RenderContext(), nullptr));
    QVERIFY(widget);
    QVERIFY(widget->isRightToLeft());
    auto *view = widget->findChild<QTableView *>();
    QVERIFY(view);
    const QAbstractItemModel *model = view->model();
    QVERIFY(model->columnCount() >= 2 && model->rowCount() >= 1);
    for (int c = 0; c < model->columnCount(); ++c) {
        const Qt::Alignment header = alignmentOf(model->headerData(c, Qt::Horizontal, Qt::TextAlignmentRole));
        const Qt::Alignment expected = (numericColumns.contains(c) ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter;
        QCOMPARE(int(header & Qt::AlignHorizontal_Mask), int(expected & Qt::AlignHorizontal_Mask));
        for (int r = 0; r < model->rowCount(); ++r) {
            const QVariant cell = model->data(model->index(r, c), Qt::TextAlignmentRole);
            if (model->data(model->index(r, c)).toString().isEmpty() && !cell.isValid())
                continue; // a cell the payload does not have
            QCOMPARE(int(alignmentOf(cell) & Qt::AlignHorizontal_Mask), int(header & Qt::AlignHorizontal_Mask));
        }
    }
}

QTEST_MAIN(tst_RightToLeft)
#include "tst_righttoleft.moc"
