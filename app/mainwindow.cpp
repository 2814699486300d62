#include "mainwindow.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QVBoxLayout>

#include "composer.h"
#include "conversationmodel.h"
#include "conversationview.h"
#include "theme.h"
#include "transcript.h"

namespace Tessera {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_model(new ConversationModel(this))
    , m_view(new ConversationView(this))
    , m_composer(new Composer(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    m_view->setModel(m_model);

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_composer);
    setCentralWidget(central);

    // Pills fill the composer; only the user sends (seed 000, recommend_actions).
    connect(m_view, &ConversationView::promptRequested, m_composer, &Composer::setText);
    connect(m_view, &ConversationView::itemActivated, this,
            [this](const QString &id) { statusBar()->showMessage(tr("Item %1").arg(id), 5000); });
    connect(m_composer, &Composer::sendRequested, this, &MainWindow::sendMessage);

    createMenus();
    statusBar();
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        resize(1100, 820);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open Conversation…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open Conversation"), QString(),
                                                          tr("Conversations (*.jsonl);;All files (*)"));
        if (!path.isEmpty())
            openFile(path);
    });
    open->setShortcut(QKeySequence::Open);
    file->addAction(tr("Open &Demo"), this, &MainWindow::openDemo);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *focusComposer = view->addAction(tr("Focus &Composer"), this, [this] { m_composer->setFocus(); });
    focusComposer->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    QAction *focusConversation = view->addAction(tr("Focus Con&versation"), this, [this] { m_view->setFocus(); });
    focusConversation->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    view->addSeparator();
    QMenu *themeMenu = view->addMenu(tr("&Theme"));
    auto *themes = new QActionGroup(this);
    const QString current = QSettings().value(QStringLiteral("ui/theme"), QStringLiteral("system")).toString();
    const struct { QString key; QString label; } entries[] = {
        {QStringLiteral("system"), tr("Follow &System")},
        {QStringLiteral("light"), tr("&Light")},
        {QStringLiteral("dark"), tr("&Dark")},
    };
    for (const auto &entry : entries) {
        QAction *action = themeMenu->addAction(entry.label);
        action->setCheckable(true);
        action->setChecked(entry.key == current);
        themes->addAction(action);
        const QString key = entry.key;
        connect(action, &QAction::triggered, this, [key] {
            ThemeMode mode = ThemeMode::System;
            themeModeFromString(key, &mode);
            applyTheme(mode);
            QSettings().setValue(QStringLiteral("ui/theme"), key);
        });
    }

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::showShortcuts)->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&About Tessera"), this, &MainWindow::showAbout);
}

bool MainWindow::openFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        QMessageBox::warning(this, tr("Cannot open conversation"),
                             tr("Tessera could not read %1:\n%2").arg(QDir::toNativeSeparators(path), file.errorString()));
        return false;
    }
    showConversation(QFileInfo(path).fileName(), file.readAll());
    QSettings().setValue(QStringLiteral("conversation/lastFile"), QFileInfo(path).absoluteFilePath());
    return true;
}

void MainWindow::openDemo()
{
    QFile file(QStringLiteral(":/tessera/demo/demo.jsonl"));
    file.open(QIODevice::ReadOnly);
    showConversation(tr("Demo conversation"), file.readAll());
}

void MainWindow::showConversation(const QString &title, const QByteArray &data)
{
    const Transcript transcript = Transcript::fromJsonLines(data);
    m_model->setTranscript(transcript);
    setWindowTitle(tr("%1 — Tessera").arg(title));
    const int fallbacks = transcript.fallbackCount();
    const int messages = int(transcript.messages.size());
    const int cards = transcript.cardCount();
    QString summary = (messages == 1 ? tr("1 message") : tr("%1 messages").arg(messages)) + QLatin1String(", ")
            + (cards == 1 ? tr("1 card") : tr("%1 cards").arg(cards));
    if (fallbacks > 0)
        summary += QLatin1String(", ")
                + (fallbacks == 1 ? tr("1 block could not be drawn natively")
                                  : tr("%1 blocks could not be drawn natively").arg(fallbacks));
    statusBar()->showMessage(summary);
}

void MainWindow::sendMessage(const QString &text)
{
    // No backend yet (the backends issue): keep what the user wrote in the conversation and say so.
    const QByteArray line = QJsonDocument(QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                                                      {QStringLiteral("content"), text}})
                                    .toJson(QJsonDocument::Compact);
    m_model->appendMessage(parseTranscriptLine(line, 0));
    m_composer->clear();
    m_view->scrollToBottom();
    statusBar()->showMessage(tr("No agent backend is connected: the message is in the conversation but was not sent."));
}

void MainWindow::showShortcuts()
{
    QMessageBox::information(this, tr("Keyboard Shortcuts"),
                             tr("Ctrl+O\tOpen a conversation\n"
                                "Ctrl+L\tFocus the composer\n"
                                "Ctrl+K\tFocus the conversation\n"
                                "Ctrl+Enter\tSend the message\n"
                                "Tab / Shift+Tab\tMove between cards, pills, items and tables\n"
                                "Enter / Space\tActivate a pill or an item\n"
                                "Ctrl+C\tCopy the selected table cells as TSV\n"
                                "Page Up / Page Down\tScroll the conversation\n"
                                "Ctrl+Q\tQuit"));
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Tessera"),
                       tr("<p><b>Tessera</b> %1</p><p>A desktop client for agent conversations: cards drawn "
                          "natively, conversations replayed offline.</p><p>Qt %2</p>")
                               .arg(QStringLiteral(TESSERA_VERSION), QString::fromLatin1(qVersion())));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings().setValue(QStringLiteral("window/geometry"), saveGeometry());
    event->accept();
}

} // namespace Tessera
