// Keeping conversations in order from the window (issue 12): rename with F2, delete with a confirmation
// and an Undo, Recently deleted with Restore and Empty, the same menu on every row, export through
// File → Export Conversation…, and copying a message or a whole answer from the conversation view.

#include <QAbstractScrollArea>
#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QMenuBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QStatusBar>
#include <QTest>

#include <app/conversationlist.h>
#include <app/mainwindow.h>
#include <app/plurals.h>
#include <cards/cardkinds.h>
#include <cards/conversationmodel.h>
#include <store/conversationstore.h>
#include <widgets/conversation/conversationview.h>

using namespace Tessera;

namespace {

// Two short conversations (tests/data/store/): "Where did the money go?" (an answer with an alert card
// and prose) and "Hello there".
QByteArray fixture(const char *name)
{
    QFile file(QStringLiteral(TESSERA_TEST_DATA "/store/") + QLatin1String(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QAction *findAction(QWidget *widget, const QString &name)
{
    for (QAction *action : widget->findChildren<QAction *>()) {
        if (action->objectName() == name)
            return action;
    }
    return nullptr;
}

// TESSERA_SHOTS=DIR: the window and its menus as PNGs, to look at (no display needed).
void saveShot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("TESSERA_SHOTS");
    if (!dir.isEmpty())
        widget->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

} // namespace

class tst_ConversationList : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void countsHavePluralForms();
    void renameWithF2();
    void deleteAsksThenUndoBringsItBack();
    void deleteCancelledKeepsIt();
    void recentlyDeletedRestoreAndEmpty();
    void sameMenuOnEveryRow();
    void exportFromTheWindow_data();
    void exportFromTheWindow();
    void copyMessageAndAnswer();

private:
    QString import(const QByteArray &lines, const QString &title);
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<MainWindow> m_window;
    QStringList m_questions; // what the confirmations asked
    bool m_answer = true;
};

void tst_ConversationList::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_window = std::make_unique<MainWindow>();
    QVERIFY(m_window->openStore(m_dir->filePath(QStringLiteral("data"))).ok());
    m_questions.clear();
    m_answer = true;
    m_window->conversationList()->setConfirmation([this](const QString &, const QString &question, const QString &) {
        m_questions.append(question);
        return m_answer;
    });
    m_window->resize(1000, 700);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void tst_ConversationList::countsHavePluralForms()
{
    // "1 message · 1 card", never "1 message(s)" (translations/tessera_en.ts), as the status bar says it.
    QVERIFY(installEnglishPlurals());
    const QString one = import(R"({"role":"user","content":"One question"})" "\n"
                               R"({"role":"tool","content":"x","structured":{"card":{"kind":"text","specVersion":1,"payload":{"text":"hi"}}}})" "\n"
                               R"({"role":"assistant","content":"An answer"})" "\n", QStringLiteral("one"));
    QVERIFY(!one.isEmpty());
    QAbstractItemModel *rows = m_window->conversationList()->view()->model();
    QCOMPARE(rows->rowCount(), 1);
    const QString text = rows->index(0, 0).data().toString();
    QVERIFY2(text.startsWith(QStringLiteral("One question\n3 messages \u00b7 1 card \u00b7 ")), qPrintable(text));
    QVERIFY(m_window->openStored(one));
    QCOMPARE(m_window->statusBar()->currentMessage(), QStringLiteral("3 messages, 1 card"));
}

void tst_ConversationList::cleanup()
{
    m_window.reset();
    m_dir.reset();
}

QString tst_ConversationList::import(const QByteArray &lines, const QString &title)
{
    QString id;
    if (!m_window->store()->importData(lines, title, QString(), &id).ok())
        return {};
    m_window->conversationList()->refresh(m_window->currentConversationId());
    return id;
}

void tst_ConversationList::renameWithF2()
{
    const QString id = import(fixture("order-money.jsonl"), QStringLiteral("money"));
    QVERIFY(m_window->openStored(id));
    ConversationList *list = m_window->conversationList();
    list->view()->setFocus();
    QCOMPARE(list->view()->currentIndex().row(), 0);
    QTest::keyClick(list->view(), Qt::Key_F2);
    auto *editor = list->view()->findChild<QLineEdit *>(QStringLiteral("renameEditor"));
    QVERIFY(editor);
    QCOMPARE(editor->text(), QStringLiteral("Where did the money go?")); // the title alone, not the counts
    editor->setText(QStringLiteral("Weekly flows"));
    QTest::keyClick(editor, Qt::Key_Return);
    QTRY_COMPARE(m_window->store()->conversation(id).title, QStringLiteral("Weekly flows"));
    QVERIFY(m_window->store()->conversation(id).titleByUser);
    QTRY_VERIFY(list->view()->model()->index(0, 0).data().toString().startsWith(QStringLiteral("Weekly flows\n")));
    QCOMPARE(m_window->windowTitle(), QStringLiteral("Weekly flows — Tessera"));
}

void tst_ConversationList::deleteAsksThenUndoBringsItBack()
{
    const QString hello = import(fixture("order-hello.jsonl"), QStringLiteral("hello"));
    const QString money = import(fixture("order-money.jsonl"), QStringLiteral("money"));
    QVERIFY(m_window->openStored(money));
    ConversationList *list = m_window->conversationList();
    QCOMPARE(list->count(), 2);
    list->view()->setFocus();
    QCOMPARE(list->idAt(list->view()->currentIndex().row()), money);
    QTest::keyClick(list->view(), Qt::Key_Delete);

    QCOMPARE(m_questions.size(), 1);
    QVERIFY2(m_questions.first().contains(QStringLiteral("“Where did the money go?”")), qPrintable(m_questions.first()));
    QCOMPARE(list->count(), 1);
    QCOMPARE(list->idAt(0), hello);
    QCOMPARE(m_window->currentConversationId(), hello); // the window left the deleted one
    QVERIFY(list->undoBar()->isVisible());
    saveShot(m_window.get(), QStringLiteral("deleted-undo"));
    QVERIFY(list->undoBar()->findChild<QLabel *>()->text().contains(QStringLiteral("Deleted “Where did the money go?”")));
    QCOMPARE(m_window->store()->rawLines(money).size(), 4); // nothing is lost

    QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(list->count(), 2);
    QVERIFY(!list->undoBar()->isVisible());
    QVERIFY(!m_window->store()->conversation(money).isDeleted());
    QVERIFY(m_window->openStored(money));
}

void tst_ConversationList::deleteCancelledKeepsIt()
{
    const QString id = import(fixture("order-hello.jsonl"), QStringLiteral("hello"));
    m_answer = false;
    ConversationList *list = m_window->conversationList();
    QVERIFY(!list->deleteWithConfirmation(id));
    QCOMPARE(m_questions.size(), 1);
    QCOMPARE(list->count(), 1);
    QVERIFY(!list->undoBar()->isVisible());
    QVERIFY(!m_window->store()->conversation(id).isDeleted());
}

void tst_ConversationList::recentlyDeletedRestoreAndEmpty()
{
    const QString hello = import(fixture("order-hello.jsonl"), QStringLiteral("hello"));
    const QString money = import(fixture("order-money.jsonl"), QStringLiteral("money"));
    ConversationList *list = m_window->conversationList();
    QVERIFY(list->deleteWithConfirmation(hello));
    QVERIFY(list->deleteWithConfirmation(money));
    QCOMPARE(list->count(), 0);
    auto *toggle = list->findChild<QWidget *>(QStringLiteral("recentlyDeletedToggle"));
    QVERIFY(toggle && toggle->isVisible());
    QTest::mouseClick(toggle, Qt::LeftButton);
    QVERIFY(list->isShowingRecentlyDeleted());
    QCOMPARE(list->count(), 2);
    QCOMPARE(list->idAt(0), money); // the latest deletion first
    saveShot(m_window.get(), QStringLiteral("recently-deleted"));

    // Restore from the row's menu.
    list->view()->setCurrentIndex(list->view()->model()->index(1, 0));
    std::unique_ptr<QMenu> menu(list->createRowMenu(nullptr));
    QStringList texts;
    for (QAction *action : menu->actions()) {
        if (!action->isSeparator())
            texts.append(action->text());
    }
    QCOMPARE(texts, (QStringList{QStringLiteral("Re&store"), QStringLiteral("&Export…"), QStringLiteral("Delete &Forever…")}));
    findAction(list, QStringLiteral("restoreConversation"))->trigger();
    QCOMPARE(list->count(), 1);
    QCOMPARE(m_window->store()->listConversations().size(), 1);

    auto *empty = list->findChild<QWidget *>(QStringLiteral("emptyRecentlyDeleted"));
    QVERIFY(empty && empty->isVisible());
    QTest::mouseClick(empty, Qt::LeftButton);
    QVERIFY(m_questions.last().contains(QStringLiteral("forever")));
    QCOMPARE(list->count(), 0);
    QCOMPARE(m_window->store()->conversation(money).id, QString()); // gone for good
    QCOMPARE(m_window->store()->rawLines(hello).size(), 2);
}

void tst_ConversationList::sameMenuOnEveryRow()
{
    import(fixture("order-hello.jsonl"), QStringLiteral("hello"));
    import(fixture("order-money.jsonl"), QStringLiteral("money"));
    ConversationList *list = m_window->conversationList();
    for (int row = 0; row < list->count(); ++row) {
        list->view()->setCurrentIndex(list->view()->model()->index(row, 0));
        std::unique_ptr<QMenu> menu(list->createRowMenu(nullptr));
        QStringList texts;
        for (QAction *action : menu->actions()) {
            if (!action->isSeparator() && action->isVisible())
                texts.append(action->text());
        }
        QCOMPARE(texts, (QStringList{QStringLiteral("&Open"), QStringLiteral("&Rename"), QStringLiteral("&Export…"),
                                     QStringLiteral("&Delete…")}));
    }
    // Shift+F10 opens it at the current row.
    list->view()->setFocus();
    QTest::keyClick(list->view(), Qt::Key_F10, Qt::ShiftModifier);
    QMenu *shown = nullptr;
    QTRY_VERIFY((shown = qobject_cast<QMenu *>(QApplication::activePopupWidget())));
    QCOMPARE(shown->objectName(), QStringLiteral("conversationRowMenu"));
    saveShot(m_window.get(), QStringLiteral("list-window"));
    saveShot(shown, QStringLiteral("list-row-menu"));
    shown->close();
}

void tst_ConversationList::exportFromTheWindow_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<bool>("markdown");
    QTest::newRow("jsonl") << QStringLiteral("out.jsonl") << false;
    QTest::newRow("markdown") << QStringLiteral("out.md") << true;
}

void tst_ConversationList::exportFromTheWindow()
{
    QFETCH(QString, fileName);
    QFETCH(bool, markdown);
    const QString id = import(fixture("order-money.jsonl"), QStringLiteral("money"));
    QVERIFY(m_window->openStored(id));
    const QString path = m_dir->filePath(fileName);
    QString suggested;
    // The dialog is modal: answer it from the event loop it runs.
    QTimer::singleShot(0, this, [&] {
        auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        QCOMPARE(dialog->nameFilters().size(), 2);
        suggested = dialog->selectedFiles().value(0);
        dialog->selectFile(path);
        static_cast<QDialog *>(dialog)->accept(); // QFileDialog::accept is protected; it checks the name
    });
    findAction(m_window.get(), QStringLiteral("exportCurrentConversation"))->trigger();
    QVERIFY2(suggested.endsWith(QStringLiteral("/Where did the money go-.jsonl")), qPrintable(suggested));

    QFile written(path);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QByteArray bytes = written.readAll();
    if (markdown) {
        const QString reference = m_dir->filePath(QStringLiteral("reference.md"));
        QVERIFY(m_window->store()->exportConversation(id, reference, ConversationStore::ExportFormat::Markdown).ok());
        QFile expected(reference);
        QVERIFY(expected.open(QIODevice::ReadOnly));
        QCOMPARE(bytes, expected.readAll());
        QVERIFY(bytes.startsWith("# Where did the money go?"));
    } else {
        QCOMPARE(bytes, fixture("order-money.jsonl")); // every line byte for byte
    }
}

void tst_ConversationList::copyMessageAndAnswer()
{
    const QString id = import(fixture("order-money.jsonl"), QStringLiteral("money"));
    QVERIFY(m_window->openStored(id));
    ConversationView *view = m_window->conversationView();
    ConversationModel *model = m_window->model();
    int userRow = -1, proseRow = -1, cardRow = -1;
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->blockType(row) == BlockType::UserText)
            userRow = row;
        else if (model->blockType(row) == BlockType::AssistantProse)
            proseRow = row;
        else if (model->blockType(row) == BlockType::Card)
            cardRow = row;
    }
    QVERIFY(userRow >= 0 && proseRow >= 0 && cardRow >= 0);

    std::unique_ptr<QMenu> userMenu(view->createCopyMenu(userRow, nullptr));
    QVERIFY(userMenu);
    QCOMPARE(userMenu->actions().size(), 1); // a user turn is not an answer
    userMenu->actions().first()->trigger();
    QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("Where did the money go?"));

    std::unique_ptr<QMenu> proseMenu(view->createCopyMenu(proseRow, nullptr));
    QVERIFY(proseMenu);
    findAction(proseMenu.get(), QStringLiteral("copyMessageText"))->trigger();
    QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("Mostly pharma, see the alert."));
    findAction(proseMenu.get(), QStringLiteral("copyAnswerMarkdown"))->trigger();
    const QString cardMarkdown = kindMarkdown(*model->card(cardRow));
    QVERIFY(cardMarkdown.contains(QStringLiteral("Feed delayed.")));
    QCOMPARE(QApplication::clipboard()->text(), cardMarkdown + QStringLiteral("\n\nMostly **pharma**, see the alert."));
    QVERIFY(!view->createCopyMenu(cardRow, nullptr)); // cards keep their own copy menu

    // A right click on the built block's prose opens that menu (the prose passes it up to the block).
    QWidget *block = view->widgetForRow(proseRow);
    QVERIFY(block);
    auto *prose = qobject_cast<QAbstractScrollArea *>(block);
    if (!prose)
        prose = block->findChild<QAbstractScrollArea *>();
    QVERIFY(prose);
    QWidget *target = prose->viewport(); // where the pointer is
    QContextMenuEvent click(QContextMenuEvent::Mouse, QPoint(5, 5), target->mapToGlobal(QPoint(5, 5)));
    QApplication::sendEvent(target, &click);
    QMenu *shown = nullptr;
    QTRY_VERIFY((shown = qobject_cast<QMenu *>(QApplication::activePopupWidget())));
    QCOMPARE(shown->objectName(), QStringLiteral("messageCopyMenu"));
    saveShot(shown, QStringLiteral("message-copy-menu"));
    QCOMPARE(shown->actions().size(), 2);
    shown->close();
}

QTEST_MAIN(tst_ConversationList)
#include "tst_conversationlist.moc"
