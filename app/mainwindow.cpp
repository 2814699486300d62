#include <app/mainwindow.h>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocalServer>
#include <QLocale>
#include <QLocalSocket>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QThread>
#include <QUrl>
#include <QVBoxLayout>

#include <app/aboutdialog.h>
#include <app/backendcommand.h>
#include <app/backendlogwindow.h>
#include <app/connectdialog.h>
#include <app/conversationlist.h>
#include <app/conversationtitle.h>
#include <app/mcpappconsent.h>
#include <app/mcpcontroller.h>
#include <app/mcpserverspage.h>
#include <app/popoutcontroller.h>
#include <app/settingsdialog.h>
#include <app/settingskeys.h>
#include <app/shortcutsdialog.h>
#include <app/systempromptdialog.h>
#include <backend/backend.h>
#include <backend/backendprofiles.h>
#include <backend/openaibackend.h>
#include <backend/toolhost.h>
#include <cards/bidicontrols.h>
#include <cards/conversationmodel.h>
#include <cards/transcript.h>
#include <cards/transcriptfile.h>
#include <mcp/mcpapphost.h>
#include <mcp/stdiotransport.h>
#include <session/conversationsession.h>
#include <workbench/canvaspanel.h>
#include <store/conversationstore.h>
#include <widgets/card/cardactions.h>
#include <widgets/card/cardexport.h>
#include <widgets/common/theme.h>
#include <widgets/conversation/blockwidgets.h>
#include <widgets/conversation/composer.h>
#include <widgets/conversation/conversationview.h>
#include <widgets/conversation/findbar.h>
#include <widgets/jsonrender/jsonrendercard.h>

namespace Tessera {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_model(new ConversationModel(this))
    , m_view(new ConversationView(this))
    , m_composer(new Composer(this))
    , m_list(new ConversationList(this))
    , m_banner(new QLabel(this))
    , m_mcp(new McpController(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    connect(m_mcp, &McpController::problemsFound, this,
            [this](const QString &problems) { statusBar()->showMessage(tr("Some MCP servers offer no tools: %1").arg(problems)); });
    connect(m_mcp, &McpController::toolsLeftOut, this, [this](const QString &note) { statusBar()->showMessage(note); });
    connect(m_model, &ConversationModel::olderMessagesFailed, this, [this](const QString &error) {
        statusBar()->showMessage(tr("The older lines could not be read: %1").arg(error));
    });
    m_view->setRenderSettings(SettingsDialog::storedRenderSettings()); // read once; again after the dialog
    m_view->setModel(m_model);

    m_banner->setObjectName(QStringLiteral("notSavingBanner"));
    m_banner->setWordWrap(true);
    m_banner->setContentsMargins(12, 6, 12, 6);
    m_banner->setAutoFillBackground(true);
    m_banner->setBackgroundRole(QPalette::ToolTipBase);
    m_banner->setForegroundRole(QPalette::ToolTipText);
    m_banner->hide();

    auto *conversation = new QWidget(this);
    auto *layout = new QVBoxLayout(conversation);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_banner);
    layout->addWidget(m_view, 1);
    layout->addWidget(new FindBar(m_view, conversation)); // Ctrl+F (issue 18); hidden until asked for
    layout->addWidget(createFirstRunLine());
    layout->addWidget(m_composer);

    // The canvas panel beside the conversation (issue 15), hidden until it has a tab.
    m_canvasPanel = new CanvasPanel(this);
    m_canvasPanel->hide();
    auto *workbench = new QSplitter(Qt::Horizontal, this);
    workbench->setObjectName(QStringLiteral("canvasSplitter"));
    workbench->addWidget(conversation);
    workbench->addWidget(m_canvasPanel);
    workbench->setStretchFactor(0, 3);
    workbench->setStretchFactor(1, 2);
    workbench->setChildrenCollapsible(false);
    CanvasViewContext canvasContext;
    canvasContext.workingDir = QDir::currentPath();
    canvasContext.render.actions = m_view->cardActions();
    canvasContext.render.settings = SettingsDialog::storedRenderSettings();
    canvasContext.openLink = [this](const QString &url) { confirmLink(url); };
    m_canvasPanel->setContext(canvasContext);
    connect(m_canvasPanel, &CanvasPanel::commandRequested, this, &MainWindow::recordCanvasCommand);
    connect(m_canvasPanel, &CanvasPanel::currentTabChanged, this, [this](int index) { m_canvasState.activate(index); });

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("mainSplitter"));
    splitter->addWidget(m_list);
    splitter->addWidget(workbench);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({260, 840});
    setCentralWidget(splitter);
    connect(m_list, &ConversationList::conversationActivated, this, &MainWindow::openStored);
    connect(m_list, &ConversationList::exportRequested, this, &MainWindow::exportConversation);
    connect(m_list, &ConversationList::conversationDeleted, this, &MainWindow::onConversationDeleted);
    connect(m_list, &ConversationList::conversationRenamed, this, [this](const QString &id, const QString &title) {
        if (id == m_currentId)
            setWindowTitle(tr("%1 — Tessera").arg(title));
    });
    connect(m_list, &ConversationList::problem, this, [this](const QString &message) { statusBar()->showMessage(message, 10000); });

    // Pills fill the composer; only the user sends (seed 000, recommend_actions).
    connect(m_view, &ConversationView::promptRequested, m_composer, &Composer::setText);
    connect(m_view, &ConversationView::itemActivated, this,
            [this](const QString &id) { statusBar()->showMessage(tr("Item %1").arg(id), 5000); });
    connect(m_composer, &Composer::sendRequested, this, &MainWindow::sendMessage);
    // MCP Apps (issue 16): an app's ui/message fills the composer; the person sends it, or not.
    connect(McpAppHost::instance(), &McpAppHost::composerTextRequested, m_composer, &Composer::setText);

    // Live backend (issue 5): the connection state and a turn in progress, always visible.
    m_connectionLabel = new QLabel(this);
    m_connectionLabel->setObjectName(QStringLiteral("connectionState"));
    m_turnIndicator = new QWidget(this);
    m_turnIndicator->setObjectName(QStringLiteral("turnIndicator"));
    auto *turnLayout = new QHBoxLayout(m_turnIndicator);
    turnLayout->setContentsMargins(0, 0, 0, 0);
    m_turnLabel = new QLabel(tr("The agent is answering…"), m_turnIndicator);
    m_turnLabel->setObjectName(QStringLiteral("turnLabel"));
    turnLayout->addWidget(m_turnLabel);
    m_stopButton = new QPushButton(tr("Stop"), m_turnIndicator);
    m_stopButton->setObjectName(QStringLiteral("stopTurn"));
    m_stopButton->setToolTip(tr("Stop this turn (Esc)"));
    turnLayout->addWidget(m_stopButton);
    // Out of the window while no turn runs: a hidden widget is still in the accessible tree (issue 18).
    m_turnIndicator->hide();
    m_turnIndicator->setParent(nullptr);
    statusBar()->addPermanentWidget(m_connectionLabel);
    connect(m_stopButton, &QPushButton::clicked, this, [this] {
        // The button hides when the turn ends: hand focus to the composer first, or Qt gives it to
        // the next widget in the chain (a card far up the conversation) and the view jumps there.
        m_composer->setFocus(Qt::OtherFocusReason);
        if (m_session)
            m_session->stopTurn();
    });
    createBackendButton();
    updateConnectionLabel();

    // Cards that talk back (issue 6): each request goes through the session and is answered; no queue.
    CardActions *actions = m_view->cardActions();
    connect(actions, &CardActions::decisionRequested, this,
            [this, actions](int request, const QString &cardId, const QString &action, const QString &outcome,
                            const QString &note) {
        QString error = tr("no agent backend is connected");
        // A tool call's consent (issue 16) says who decided, so a replay shows it.
        const QString said = ToolConsent::isConsentCardId(cardId) || ToolInput::isInputCardId(cardId)
                || AppToolConsent::isAppConsentCardId(cardId)
            ? QStringLiteral("[%1 decided] %2").arg(JsonRenderCard::presserName(SettingsDialog::storedRenderSettings().pressName), note)
            : note;
        const bool ok = m_session && m_session->sendCardDecision(cardId, action, outcome, said, &error);
        actions->finishRequest(request, ok, ok ? QString() : error);
        if (!ok)
            showSendProblem(error);
    });
    connect(actions, &CardActions::widgetActionRequested, this,
            [this, actions](int request, const QString &widget, const QString &action, const QByteArray &payload) {
        QString error = tr("no agent backend is connected");
        const bool ok = m_session && m_session->sendWidgetAction(widget, action, payload, &error);
        actions->finishRequest(request, ok, ok ? QString() : error);
        if (!ok)
            showSendProblem(error);
    });
    connect(actions, &CardActions::linkRequested, this, &MainWindow::confirmLink);
    createPopOuts();

    createMenus();
    statusBar();
    QSettings settings;
    if (!restoreGeometry(settings.value(SettingsKeys::kWindowGeometry).toByteArray()))
        resize(1100, 820);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New Conversation"), this, &MainWindow::newConversation)->setShortcut(QKeySequence::New);
    QAction *open = file->addAction(tr("&Open Conversation…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open Conversation"), QString(),
                                                          tr("Conversations (*.jsonl);;All files (*)"));
        if (!path.isEmpty())
            openFile(path);
    });
    open->setShortcut(QKeySequence::Open);
    file->addAction(tr("&Import Conversation…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Import Conversation"), QString(),
                                                          tr("Conversations (*.jsonl);;All files (*)"));
        if (!path.isEmpty())
            importFile(path);
    });
    QAction *exportAction = file->addAction(tr("&Export Conversation…"), this, [this] { exportConversation(m_currentId); });
    exportAction->setObjectName(QStringLiteral("exportCurrentConversation"));
    file->addAction(tr("Open &Demo"), this, &MainWindow::openDemo);
    // Ctrl+F finds in the open conversation (Edit menu); the list's search has a shortcut of its own.
    QAction *search = file->addAction(tr("&Find Conversation"), this, [this] { m_list->focusSearch(); });
    search->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    file->addSeparator();
    QAction *settings = file->addAction(tr("&Settings…"), this, &MainWindow::showSettings);
    settings->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    settings->setMenuRole(QAction::PreferencesRole);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    // Copy the card that has keyboard focus (issue 7); a right click on a card offers the same.
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(tr("Copy Card as &Text"), this, [this] { copyFocusedCard(int(CardCopyFormat::Text)); })
            ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    edit->addAction(tr("Copy Card as &JSON"), this, [this] { copyFocusedCard(int(CardCopyFormat::Json)); })
            ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_J));
    edit->addAction(tr("Copy Card as &Image"), this, [this] { copyFocusedCard(int(CardCopyFormat::Image)); })
            ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    // The same card as another surface's message (issue 14); over a limit a dialog lists the issues.
    edit->addSeparator();
    for (const ExportSurface surface : copySurfaces()) {
        const QString name = QString::fromLatin1(exportSurfaceInfo(surface).displayName);
        edit->addAction(tr("Copy Card for %1").arg(name), this, [this, surface] { copyFocusedCardFor(int(surface)); });
    }
    edit->addSeparator();
    QAction *find = edit->addAction(tr("&Find in Conversation"), this, [this] {
        if (auto *bar = findChild<FindBar *>(QStringLiteral("findBar")))
            bar->activate();
    });
    find->setObjectName(QStringLiteral("findInConversation"));
    find->setShortcut(QKeySequence::Find);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *focusComposer = view->addAction(tr("Focus &Composer"), this, [this] { m_composer->setFocus(); });
    focusComposer->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    QAction *focusConversation = view->addAction(tr("Focus Con&versation"), this, [this] { m_view->setFocus(); });
    focusConversation->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    m_canvasAction = view->addAction(tr("Canvas &Panel"));
    m_canvasAction->setObjectName(QStringLiteral("toggleCanvasPanel"));
    m_canvasAction->setCheckable(true);
    m_canvasAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    connect(m_canvasAction, &QAction::toggled, this, [this](bool on) { m_canvasPanel->setVisible(on); });
    view->addSeparator();
    QMenu *themeMenu = view->addMenu(tr("&Theme"));
    auto *themes = new QActionGroup(this);
    const QString current = QSettings().value(SettingsKeys::kTheme, QStringLiteral("system")).toString();
    const struct { QString key; QString label; } entries[] = {
        {QStringLiteral("system"), tr("Follow &System")},
        {QStringLiteral("light"), tr("&Light")},
        {QStringLiteral("dark"), tr("&Dark")},
    };
    for (const auto &entry : entries) {
        QAction *action = themeMenu->addAction(entry.label);
        action->setCheckable(true);
        action->setChecked(entry.key == current);
        action->setData(QString(QStringLiteral("theme:") + entry.key)); // kept in step with the settings dialog
        themes->addAction(action);
        const QString key = entry.key;
        connect(action, &QAction::triggered, this, [key] {
            ThemeMode mode = ThemeMode::System;
            themeModeFromString(key, &mode);
            applyTheme(mode);
            QSettings().setValue(SettingsKeys::kTheme, key);
        });
    }

    QMenu *backend = menuBar()->addMenu(tr("&Backend"));
    QAction *connectAction = backend->addAction(tr("&Connect…"), this, &MainWindow::openConnectDialog);
    connectAction->setObjectName(QStringLiteral("connectAction"));
    connectAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    backend->addSeparator();
    QAction *stop = backend->addAction(tr("S&top Turn"), this, [this] {
        if (m_session && (m_session->isBusy() || m_session->isAppToolConsentWaiting()))
            m_session->stopTurn();
    });
    stop->setShortcut(QKeySequence(Qt::Key_Escape));
    backend->addAction(tr("&Restart Backend"), this, [this] {
        if (m_session && m_session->backend())
            m_session->backend()->restart();
        else
            statusBar()->showMessage(tr("No agent backend is connected: start Tessera with %1, %2 or %3.")
                                             .arg(leftToRightIsolate(QStringLiteral("--backend-cmd")),
                                                  leftToRightIsolate(QStringLiteral("--backend")),
                                                  leftToRightIsolate(QStringLiteral("--openai"))),
                                     8000);
    });
    QAction *log = backend->addAction(tr("Open Backend &Log"), this, [this] {
        // In a window of Tessera's own that follows the file (issue 18), not handed to xdg-open.
        // The backend's own log, then each stdio MCP server's stderr (issue 16: a server's stderr goes
        // to the backend log, never into the conversation).
        QList<BackendLogWindow::Source> sources;
        if (const QString path = m_session && m_session->backend() ? m_session->backend()->logFilePath() : QString();
            !path.isEmpty())
            sources.append({tr("Backend"), path});
        for (const McpServerConfig &server : m_mcp->servers()) {
            if (server.transport == McpServerConfig::Transport::Stdio)
                sources.append({tr("MCP server %1").arg(server.name), mcpServerLogPath(server.name)});
        }
        if (sources.isEmpty()) {
            statusBar()->showMessage(tr("This backend has no log."), 5000);
            return;
        }
        if (!m_logWindow)
            m_logWindow = new BackendLogWindow(this);
        m_logWindow->setLogFiles(sources);
        m_logWindow->show();
        m_logWindow->raise();
        m_logWindow->activateWindow();
    });
    log->setObjectName(QStringLiteral("openBackendLog"));

    createConversationMenu();

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::showShortcuts)->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&About Tessera"), this, &MainWindow::showAbout);
}

BackendLogWindow *MainWindow::backendLogWindow() const
{
    return m_logWindow;
}

bool MainWindow::openFile(const QString &path)
{
    // A FIFO would hold the window in open(), a device such as /dev/zero would be read for ever.
    if (const QFileInfo info(path); info.exists() && !info.isFile()) {
        warnCannotRead(path, tr("It is not a regular file."));
        return false;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        warnCannotRead(path, file.errorString());
        return false;
    }
    const QFileInfo info(path);
    leaveConversation(QString());
    m_currentId.clear();
    m_currentSource = info.absoluteFilePath();
    QSettings().setValue(SettingsKeys::kLastConversationFile, m_currentSource);
    QSettings().remove(SettingsKeys::kLastConversationId);
    if (file.size() >= TranscriptFile::kPagedBytes) {
        readPagedConversation(info.fileName(), m_currentSource, file.size());
        return true;
    }
    if (file.size() >= kReadInPlaceBytes) {
        readConversation(info.fileName(), m_currentSource, file.size()); // says "Opened from a file" when shown
        return true;
    }
    m_view->scrollToBottomOnReset(); // at its end, as a stored conversation and a large file open
    showConversation(info.fileName(), file.readAll());
    noteOpenedFromFile();
    return true;
}

void MainWindow::warnCannotRead(const QString &path, const QString &reason)
{
    QMessageBox::warning(this, tr("Cannot open conversation"),
                         tr("Tessera could not read %1:\n%2").arg(QDir::toNativeSeparators(path), reason));
}

void MainWindow::noteOpenedFromFile()
{
    if (m_store && m_store->isOpen())
        statusBar()->showMessage(tr("Opened from a file: use File → Import Conversation to keep it in Tessera."));
}

void MainWindow::readConversation(const QString &title, const QString &path, qint64 bytes)
{
    // Nothing of the file is parsed on this thread: a 300 MB file took seconds (issue 17). The view
    // shows an empty conversation meanwhile, and nothing can be sent into it (sendMessage).
    const quint64 generation = beginReading(title, bytes);

    struct Read
    {
        Transcript transcript;
        QString error;
    };
    const auto read = std::make_shared<Read>();
    const auto work = [path, read] {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            read->error = file.errorString();
            return;
        }
        read->transcript = Transcript::fromJsonLines(file.readAll());
    };
    runReader(generation, work, [this, read, title, path] {
        m_reading = false;
        m_readingBar->hide();
        if (!read->error.isEmpty()) {
            statusBar()->clearMessage();
            warnCannotRead(path, read->error);
            return;
        }
        m_view->scrollToBottomOnReset();
        showTranscript(title, read->transcript);
        noteOpenedFromFile();
    });
}

void MainWindow::runReader(quint64 generation, const std::function<void()> &work, const std::function<void()> &done)
{
    QThread *reader = QThread::create(work);
    reader->setParent(this);
    m_readers.append(reader);
    connect(reader, &QThread::finished, this, [this, reader, generation, done] {
        m_readers.removeOne(reader);
        reader->deleteLater();
        if (generation == m_readGeneration) // else another conversation was opened meanwhile
            done();
    });
    reader->start();
}

quint64 MainWindow::beginReading(const QString &title, qint64 bytes)
{
    m_reading = true;
    m_model->setTranscript(Transcript());
    reloadCanvas();
    setWindowTitle(tr("%1 — Tessera").arg(title));
    statusBar()->showMessage(tr("Reading %1 (%2 MB)…").arg(title, QLocale().toString(double(bytes) / 1e6, 'f', 1)));
    if (!m_readingBar) {
        m_readingBar = new QProgressBar(this);
        m_readingBar->setObjectName(QStringLiteral("readingBar"));
        m_readingBar->setRange(0, 0); // busy: the parse reports no progress of its own
        m_readingBar->setMaximumWidth(120);
        m_readingBar->setAccessibleName(tr("Reading the conversation"));
        statusBar()->addPermanentWidget(m_readingBar);
    }
    m_readingBar->show();
    return ++m_readGeneration;
}

void MainWindow::readPagedConversation(const QString &title, const QString &path, qint64 bytes)
{
    // As readConversation, but what the thread reads is where the lines are and the newest page: a
    // 1 GB file is on screen in a fraction of a second and holds tens of MB, not GBs (issue 17).
    const quint64 generation = beginReading(title, bytes);

    struct Read
    {
        std::shared_ptr<TranscriptFile> file = std::make_shared<TranscriptFile>();
        QList<Message> newest;
        QString error;
    };
    const auto read = std::make_shared<Read>();
    const auto work = [path, read] {
        if (read->file->open(path, &read->error))
            read->newest = read->file->readOlder(ConversationModel::kFetchPageSize, &read->error);
    };
    runReader(generation, work, [this, read, generation, path] {
        m_reading = false;
        if (!read->error.isEmpty()) {
            m_readingBar->hide();
            statusBar()->clearMessage();
            warnCannotRead(path, read->error);
            return;
        }
        m_pagedFile = read->file;
        Transcript newest;
        newest.messages = read->newest;
        m_view->scrollToBottomOnReset();
        m_model->setTranscript(newest);
        // Older pages are read on a thread (a page may hold a line of tens of MB); a failure comes back
        // as olderMessagesFailed.
        m_model->setOlderMessagesReader([file = read->file](int count, QString *error) {
            return file->readOlder(count, error);
        });
        reloadCanvas();
        m_view->scrollToBottom();
        statusBar()->showMessage(tr("%n message(s); counting the cards…", nullptr, int(read->file->messageCount())));

        // The counts read every line once more, on a thread; the busy bar stays until they are in.
        const auto stop = std::make_shared<std::atomic_bool>(false);
        m_countStop = stop;
        const auto counts = std::make_shared<TranscriptFile::Counts>();
        runReader(generation, [file = read->file, stop, counts] { *counts = file->count(stop.get()); }, [this, counts] {
            m_readingBar->hide();
            if (!counts->complete) {
                statusBar()->showMessage(tr("The conversation could not be counted: %1").arg(counts->error));
                return;
            }
            showCounts(counts->messages, counts->cards, counts->fallbacks);
            noteOpenedFromFile();
        });
    });
}

void MainWindow::openDemo()
{
    QFile file(QStringLiteral(":/tessera/demo/demo.jsonl"));
    file.open(QIODevice::ReadOnly);
    leaveConversation(QString());
    m_currentId.clear();
    m_currentSource = QStringLiteral("demo");
    showConversation(tr("Demo conversation"), file.readAll());
}

namespace {

// Two parts of the status bar's summary: the language's own comma (Arabic "،"), not always ", ".
QString listed(const QString &first, const QString &second)
{
    return MainWindow::tr("%1, %2", "two parts of a summary").arg(first, second);
}

} // namespace

QString MainWindow::countsText(int messages, int cards)
{
    return listed(tr("%n message(s)", nullptr, messages), tr("%n card(s)", nullptr, cards));
}

void MainWindow::showConversation(const QString &title, const QByteArray &jsonLines)
{
    showTranscript(title, Transcript::fromJsonLines(jsonLines));
}

void MainWindow::showTranscript(const QString &title, const Transcript &transcript)
{
    m_model->setTranscript(transcript);
    reloadCanvas();
    setWindowTitle(tr("%1 — Tessera").arg(title));
    showCounts(transcript.messages.size(), transcript.cardCount(), transcript.fallbackCount());
}

void MainWindow::showCounts(qint64 messages, qint64 cards, qint64 fallbacks)
{
    QString summary = countsText(int(messages), int(cards));
    if (fallbacks > 0)
        summary = listed(summary, tr("%n block(s) could not be drawn natively", nullptr, int(fallbacks)));
    statusBar()->showMessage(summary);
}

bool MainWindow::ensureStoredConversation(const QString &firstText)
{
    if (m_reading)
        return false; // never store the empty stand-in of a file still being read
    if (m_currentId.isEmpty() && m_store && m_store->isOpen()) {
        QString id;
        StoreStatus imported;
        if (m_model->transcript().messages.isEmpty()) {
            // A new conversation (Ctrl+N) is stored with its first message, titled by it.
            if (firstText.trimmed().isEmpty())
                return false;
            imported = m_store->createConversation(firstText, QString(), &id);
        } else {
            // A file or the demo becomes a stored conversation on the first message, so nothing typed
            // is lost when the window closes.
            QByteArray lines;
            if (m_pagedFile) {
                // Read by pages: the model holds the pages read so far; the file, as it was opened, every line.
                QString error;
                if (!m_pagedFile->readText(&lines, &error)) {
                    showNotSaving(tr("%1 could not be read again: %2").arg(m_pagedFile->path(), error));
                    return false;
                }
            } else {
                for (const Message &m : m_model->transcript().messages)
                    lines += m.rawLine + '\n';
            }
            imported = m_store->importData(lines, windowTitle().section(QStringLiteral(" — "), 0, 0), m_currentSource, &id);
        }
        if (imported.ok()) {
            m_popOuts->rebind(popOutKey(), id);
            m_currentId = id;
            m_list->refresh(id);
            QSettings().setValue(SettingsKeys::kLastConversationId, id);
            // The stored conversation is named by its first user line, as the list shows it.
            const ConversationSummary summary = m_store->conversation(id);
            if (!summary.title.isEmpty())
                setWindowTitle(tr("%1 — Tessera").arg(summary.title));
        } else {
            showNotSaving(imported.message);
        }
    }
    return !m_currentId.isEmpty() && m_store && m_store->isOpen();
}

void MainWindow::titleFromFirstMessage(const QString &text)
{
    const QString title = titleFromFirstUserMessage(m_store.get(), m_currentId, text);
    if (title.isEmpty())
        return;
    setWindowTitle(tr("%1 — Tessera").arg(title));
    m_list->refresh(m_currentId);
}

void MainWindow::sendMessage(const QString &text)
{
    if (refuseReadOnly())
        return;
    if (m_reading) {
        // The draft stays; the conversation it would join is not on screen yet (readConversation).
        showSendProblem(tr("the conversation is still being read"));
        return;
    }
    // Sending into the demo keeps it as the person's own conversation (docs/decisions.md, issue 18).
    const bool intoDemo = m_currentId.isEmpty() && m_currentSource == QLatin1String("demo") && m_store && m_store->isOpen();
    const auto demoNotice = [this, intoDemo] {
        return intoDemo && !m_currentId.isEmpty() ? tr("The demo is now saved as a conversation of yours.") : QString();
    };
    if (m_session && m_session->backend()) {
        // Live (issue 5): refused while a turn runs (the draft stays); otherwise stored, then sent.
        if (m_session->isBusy()) {
            showSendProblem(tr("the agent is busy with your last turn"));
            return;
        }
        // A new, empty conversation is created by the session with the line it stores (titled by it), so
        // a send refused before that leaves nothing empty behind.
        if (ensureStoredConversation()) {
            m_session->setConversationId(m_currentId);
            QSettings settings(backendSettingsFile(), QSettings::IniFormat);
            saveBackendConfig(settings, m_currentId, m_backendConfig);
        }
        const qsizetype before = m_model->transcript().messages.size();
        QString error;
        const bool sent = m_session->sendUserMessage(text, &error);
        updateTurnIndicator(); // awaiting the agent's turn from now
        if (m_model->transcript().messages.size() > before) { // kept: in the conversation (and stored)
            m_composer->clear();
            m_view->scrollToBottom();
            if (!m_currentId.isEmpty())
                m_list->refresh(m_currentId);
            if (!m_saveFailure.isEmpty())
                updateBanner(); // the saved count moved on
            titleFromFirstMessage(text);
            if (const QString notice = demoNotice(); !notice.isEmpty())
                statusBar()->showMessage(notice, 15000);
        }
        if (!sent && m_model->transcript().messages.size() > before)
            showSendProblem(tr("your message is kept in the conversation, but %1").arg(error));
        else if (!sent)
            showSendProblem(error);
        return;
    }
    // No backend: keep what the user wrote in the conversation and say so.
    const QByteArray line = QJsonDocument(QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                                                      {QStringLiteral("content"), text}})
                                    .toJson(QJsonDocument::Compact);
    QString saved;
    ensureStoredConversation(text);
    if (!m_currentId.isEmpty() && m_store && m_store->isOpen()) {
        const StoreStatus status = m_store->appendMessage(m_currentId, line);
        if (status.ok()) {
            saved = tr(" It is saved.");
            m_list->refresh(m_currentId);
            titleFromFirstMessage(text);
        } else {
            showNotSaving(status.message);
        }
    }
    if (!m_saveFailure.isEmpty())
        updateBanner();
    m_model->appendMessage(parseTranscriptLine(line, 0));
    m_composer->clear();
    m_view->scrollToBottom();
    const QString notice = demoNotice();
    statusBar()->showMessage((notice.isEmpty() ? QString() : notice + QLatin1Char(' '))
                             + tr("No agent backend is connected: the message is in the conversation but was not sent.") + saved);
}

StoreStatus MainWindow::openStore(const QString &dataDir)
{
    auto store = std::make_unique<ConversationStore>();
    StoreStatus status = store->open(dataDir);
    if (status.code == StoreError::NotWritable) {
        // Reading needs no write access: a read-only data dir is still listed and opened (issue 13).
        const StoreStatus readOnly = store->open(dataDir, ConversationStore::OpenMode::ReadOnly);
        if (readOnly.ok()) {
            m_store = std::move(store);
            m_list->setStore(m_store.get());
            m_saveFailure.clear();
            updateBanner();
            return readOnly;
        }
    }
    if (!status.ok()) {
        showNotSaving(status.message);
        m_list->setStore(nullptr);
        return status;
    }
    m_store = std::move(store);
    m_list->setStore(m_store.get());
    m_saveFailure.clear();
    updateBanner();
    if (const int cut = m_store->turnsMarkedIncompleteOnOpen(); cut > 0)
        statusBar()->showMessage(tr("%n turn(s) cut off when Tessera last stopped, marked incomplete.", nullptr, cut));
    return status;
}

bool MainWindow::openStored(const QString &id)
{
    if (!m_store || !m_store->isOpen() || id.isEmpty())
        return false;
    StoreStatus status;
    const ConversationSummary summary = m_store->conversation(id, &status);
    if (!status.ok()) {
        statusBar()->showMessage(status.message);
        return false;
    }
    if (summary.isDeleted())
        return false; // in Recently deleted: restored first, never written to from there
    // The newest page first; older pages when the reader scrolls up (ConversationModel::fetchMore).
    const QList<Message> newest = m_store->loadLast(id, ConversationModel::kFetchPageSize, &status);
    if (!status.ok()) {
        statusBar()->showMessage(status.message);
        return false;
    }
    Transcript transcript; // loadRange marks the lines of cut-off turns
    transcript.messages = newest;
    leaveConversation(id);
    m_currentId = id;
    m_view->scrollToBottomOnReset();
    m_model->setTranscript(transcript);
    qint64 oldest = newest.isEmpty() ? 1 : newest.first().lineNumber;
    if (oldest > 1) {
        ConversationStore *store = m_store.get();
        m_model->setOlderMessagesLoader([store, id, oldest](int count) mutable {
            const qint64 first = qMax<qint64>(1, oldest - count);
            const QList<Message> page = store->loadRange(id, first, int(oldest - first));
            oldest = first;
            return page;
        });
    }
    reloadCanvas();
    m_view->scrollToBottom();
    setWindowTitle(tr("%1 — Tessera").arg(summary.title));
    statusBar()->showMessage(countsText(summary.messageCount, summary.cardCount));
    m_list->refresh(id);
    if (!m_saveFailure.isEmpty())
        updateBanner(); // the count now names the conversation opened
    QSettings().setValue(SettingsKeys::kLastConversationId, id);
    return true;
}

void MainWindow::newConversation()
{
    // In memory until the first message is sent (ensureStoredConversation stores it, titled by it).
    leaveConversation(QString());
    m_currentId.clear();
    m_currentSource.clear();
    m_model->setTranscript(Transcript());
    reloadCanvas();
    if (!m_saveFailure.isEmpty())
        updateBanner();
    setWindowTitle(tr("%1 — Tessera").arg(tr("New conversation")));
    m_list->refresh(QString());
    statusBar()->clearMessage();
    m_composer->setFocus();
}

bool MainWindow::openMostRecentStored()
{
    if (!m_store || !m_store->isOpen())
        return false;
    const QList<ConversationSummary> conversations = m_store->listConversations(); // newest activity first
    return !conversations.isEmpty() && openStored(conversations.first().id);
}

bool MainWindow::importFile(const QString &path)
{
    if (!m_store || !m_store->isOpen()) {
        QMessageBox::warning(this, tr("Cannot import"), tr("Conversations are not being saved: %1").arg(savingProblem()));
        return false;
    }
    QString id;
    const StoreStatus status = m_store->importFile(path, &id);
    if (!status.ok()) {
        QMessageBox::warning(this, tr("Cannot import"), status.message);
        return false;
    }
    return openStored(id);
}

namespace {

// A file name from a title: characters file systems refuse become "-", at most 60 of them.
QString exportFileName(const QString &title)
{
    QString name = title.simplified();
    for (QChar &c : name) {
        if (c.category() == QChar::Other_Control || QStringLiteral("/\\:*?\"<>|").contains(c))
            c = QLatin1Char('-');
    }
    name = name.left(60).trimmed();
    while (name.startsWith(QLatin1Char('.')))
        name.remove(0, 1); // not a hidden file
    return name.isEmpty() ? QStringLiteral("conversation") : name;
}

} // namespace

void MainWindow::exportConversation(const QString &id)
{
    if (!m_store || !m_store->isOpen() || id.isEmpty()) {
        statusBar()->showMessage(tr("Only a stored conversation can be exported: import it first."), 8000);
        return;
    }
    const ConversationSummary summary = m_store->conversation(id);
    const QStringList filters = {tr("JSON Lines (*.jsonl)"), tr("Markdown (*.md)")};
    QFileDialog dialog(this, tr("Export Conversation"));
    dialog.setObjectName(QStringLiteral("exportDialog"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setNameFilters(filters);
    dialog.setDefaultSuffix(QStringLiteral("jsonl"));
    dialog.setDirectory(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation));
    dialog.selectFile(exportFileName(summary.title) + QStringLiteral(".jsonl"));
    connect(&dialog, &QFileDialog::filterSelected, &dialog, [&dialog, filters](const QString &filter) {
        dialog.setDefaultSuffix(filter == filters.at(1) ? QStringLiteral("md") : QStringLiteral("jsonl"));
    });
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    const QString path = dialog.selectedFiles().first();
    // The name's suffix wins over the filter: "notes.md" typed under JSON Lines is Markdown.
    const QString suffix = QFileInfo(path).suffix().toLower();
    const bool markdown = suffix == QLatin1String("md") || suffix == QLatin1String("markdown")
        || (suffix != QLatin1String("jsonl") && dialog.selectedNameFilter() == filters.at(1));
    const StoreStatus status = m_store->exportConversation(
        id, path, markdown ? ConversationStore::ExportFormat::Markdown : ConversationStore::ExportFormat::JsonLines);
    statusBar()->showMessage(status.ok() ? tr("Exported to %1.").arg(QDir::toNativeSeparators(path))
                                         : tr("Could not export: %1").arg(status.message), 8000);
}

void MainWindow::onConversationDeleted(const QString &id)
{
    m_popOuts->closeConversation(id);
    if (id != m_currentId)
        return;
    // The next conversation in the list takes its place; with none left, a new empty one.
    if (m_list->count() > 0 && openStored(m_list->idAt(0)))
        return;
    newConversation();
}

void MainWindow::showNotSaving(const QString &why)
{
    m_saveFailure = why;
    updateBanner();
}

void MainWindow::updateBanner()
{
    if (m_store && m_store->isOpen() && m_store->isReadOnly()) {
        m_banner->setText(tr("Read-only: %1 cannot be written. Stored conversations can be read; nothing new is saved.")
                              .arg(QDir::toNativeSeparators(m_store->dataDir())));
        m_banner->show();
        return;
    }
    if (m_saveFailure.isEmpty()) {
        m_banner->hide();
        return;
    }
    QString text = tr("Conversations are not being saved: %1.").arg(m_saveFailure);
    if (m_store && m_store->isOpen()) {
        // Every line is its own transaction: what was saved before the failure stays saved, so the
        // banner names how much, from the same summary the conversation list draws.
        StoreStatus status;
        const ConversationSummary summary =
                m_currentId.isEmpty() ? ConversationSummary() : m_store->conversation(m_currentId, &status);
        if (m_currentId.isEmpty() || !status.ok())
            text += QLatin1Char(' ') + tr("Nothing of the conversation on screen is saved.");
        else
            text += QLatin1Char(' ')
                    + tr("Saved of “%1”: %n message(s); anything shown after them is on screen only.", nullptr,
                         summary.messageCount)
                              .arg(isolatedTitle(summary.title, layoutDirection()));
    }
    m_banner->setText(text);
    m_banner->show();
}

bool MainWindow::refuseReadOnly()
{
    if (!m_store || !m_store->isOpen() || !m_store->isReadOnly())
        return false;
    statusBar()->showMessage(tr("Not sent: %1 is read-only, so nothing new can be kept. Your text is still in the composer.")
                                     .arg(QDir::toNativeSeparators(m_store->dataDir())));
    return true;
}

QString MainWindow::savingProblem() const
{
    return m_banner->isHidden() ? QString() : m_banner->text();
}

void MainWindow::listenForOtherInstances()
{
    if (!m_store || !m_store->isOpen() || m_instanceServer)
        return;
    const QString name = ConversationStore::instanceServerName(m_store->dataDir());
    m_instanceServer = new QLocalServer(this);
    QLocalServer::removeServer(name); // a socket left by a crashed instance (we hold the lock now)
    if (!m_instanceServer->listen(name))
        return;
    connect(m_instanceServer, &QLocalServer::newConnection, this, [this] {
        while (QLocalSocket *socket = m_instanceServer->nextPendingConnection()) {
            socket->write("raised\n");
            socket->flush();
            socket->disconnectFromServer();
            connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
        }
        setWindowState((windowState() & ~Qt::WindowMinimized) | Qt::WindowActive);
        show();
        raise();
        activateWindow();
    });
}

bool MainWindow::raiseOtherInstance(const QString &dataDir)
{
    QLocalSocket socket;
    socket.connectToServer(ConversationStore::instanceServerName(dataDir));
    if (!socket.waitForConnected(1000))
        return false;
    return socket.waitForReadyRead(2000) && socket.readAll().startsWith("raised");
}

MainWindow::~MainWindow()
{
    // A file still being read finishes first: its thread is a child of this window.
    if (m_countStop)
        m_countStop->store(true);
    for (QThread *reader : std::as_const(m_readers))
        reader->wait();
    // Blocks that go with the window must not expire a card into the store, which goes first.
    delete m_appConsent;
    if (!m_turnIndicator->parentWidget())
        delete m_turnIndicator; // idle: not a child of the window (updateTurnIndicator)
}

void MainWindow::showShortcuts()
{
    ShortcutsDialog dialog(menuBar(), this);
    dialog.exec();
}

void MainWindow::showAbout()
{
    AboutDialog dialog(this);
    dialog.exec();
}

void MainWindow::showSettings()
{
    SettingsDialog dialog(this);
    // A new font size changes every block's height and new render settings change what blocks draw:
    // rebuild the view's rows from the same model, where the reader was (issue 18).
    // Settings → Tools saves each change at once; the window takes it between turns (mcpcontroller.h).
    connect(dialog.toolsPage(), &McpServersPage::serversChanged, m_mcp, &McpController::reload);
    connect(dialog.toolsPage(), &McpServersPage::autoAllowReadOnlyChanged, m_mcp, &McpController::applyReadOnlySetting);
    connect(&dialog, &SettingsDialog::settingsApplied, this, [this, &dialog] {
        m_view->setRenderSettings(SettingsDialog::storedRenderSettings());
        m_popOuts->setRenderSettings(SettingsDialog::storedRenderSettings());
        m_view->redrawInPlace();
        const QString theme = QStringLiteral("theme:") + themeModeKey(dialog.themeMode());
        for (QAction *action : menuBar()->findChildren<QAction *>()) {
            if (action->data().toString() == theme)
                action->setChecked(true);
        }
    });
    dialog.exec();
}

int MainWindow::focusedCardRow() const
{
    const QWidget *focus = QApplication::focusWidget();
    if (!focus)
        return -1;
    for (const int row : m_view->liveRows()) {
        const QWidget *block = m_view->widgetForRow(row);
        if (block && (block == focus || block->isAncestorOf(focus)) && m_model->card(row))
            return row;
    }
    return -1;
}

void MainWindow::copyFocusedCardFor(int surface)
{
    const int row = focusedCardRow();
    if (row < 0) {
        statusBar()->showMessage(tr("Move the keyboard focus into a card to copy it."), 5000);
        return;
    }
    const ExportResult result = copyCardFor(*m_model->card(row), ExportSurface(surface), this);
    const QString name = QString::fromLatin1(exportSurfaceInfo(ExportSurface(surface)).displayName);
    statusBar()->showMessage(result.ok() ? tr("Card copied for %1.").arg(name)
                                         : tr("The card cannot go to %1 as it is; see the issues.").arg(name),
                             5000);
}

void MainWindow::copyFocusedCard(int format)
{
    const int row = focusedCardRow();
    if (row < 0) {
        statusBar()->showMessage(tr("Move the keyboard focus into a card to copy it."), 5000);
        return;
    }
    copyCard(*m_model->card(row), m_view->widgetForRow(row), CardCopyFormat(format));
    statusBar()->showMessage(tr("Card copied."), 3000);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    m_canvasPanel->flushEdits();
    QSettings().setValue(SettingsKeys::kWindowGeometry, saveGeometry());
    event->accept();
}

// --- live backend (issue 5) ---------------------------------------------------------------------------

void MainWindow::setMcpConfig(const McpConfig &commandLine)
{
    m_mcp->setCommandLineConfig(commandLine);
}

void MainWindow::setMcpServers(const QList<McpServerConfig> &servers)
{
    m_mcp->setServers(servers);
}

// Issue 16: an OpenAI-compatible backend offers the MCP servers' tools; each call asks with a consent card.
void MainWindow::attachTools(Backend *backend)
{
    m_mcp->attach(backend, m_session);
}

void MainWindow::setBackendConfig(const BackendConfig &config, bool fromFlags)
{
    m_backendFromFlags = fromFlags;
    m_backendConfig = config;
    if (!m_session) {
        m_session = new ConversationSession(m_model, m_store.get(), this);
        m_session->setConversationId(m_currentId);
        connect(m_session, &ConversationSession::turnStarted, this, &MainWindow::updateTurnIndicator);
        connect(m_session, &ConversationSession::turnFinished, this,
                [this](const QString &, TurnOutcome outcome, const QString &reason) {
            updateTurnIndicator();
            if (!m_currentId.isEmpty())
                m_list->refresh(m_currentId);
            if (!m_saveFailure.isEmpty())
                updateBanner();
            if (outcome == TurnOutcome::Failed || outcome == TurnOutcome::TimedOut) {
                statusBar()->showMessage(tr("The turn did not complete: %1").arg(reason));
            } else if (m_store && m_store->isOpen() && !m_currentId.isEmpty()) {
                // The counts shown when the conversation opened are stale once a turn added to it.
                StoreStatus status;
                const ConversationSummary summary = m_store->conversation(m_currentId, &status);
                if (status.ok())
                    statusBar()->showMessage(countsText(summary.messageCount, summary.cardCount));
            }
        });
        connect(m_session, &ConversationSession::notice, this,
                [this](const QString &message) { statusBar()->showMessage(message, 10000); });
        connect(m_session, &ConversationSession::storeFailed, this, &MainWindow::showNotSaving);
        connect(m_session, &ConversationSession::canvasCommandStored, this, &MainWindow::applyCanvasLine);
        // A result with an app view may be shown in an mcp_app tab by a later command (its check).
        connect(m_session, &ConversationSession::messageAdded, this, [this](const Message &message) {
            if (carriesToolApp(message))
                m_canvasState.noteAppLine(message.rawLine);
        });
        m_popOuts->watchSession(m_session);
        // MCP Apps (issue 16): an app's own tool call asks on a stored card of this conversation.
        m_appConsent = new McpAppConsent(m_session, m_session);
        connect(m_session, &ConversationSession::appToolConsentsChanged, this, &MainWindow::updateTurnIndicator);
        // The first turn waits for the MCP servers' tools (issue 16): said beside Stop, which still works.
        connect(m_session, &ConversationSession::waitingForToolsChanged, this, &MainWindow::updateTurnIndicator);
        connect(m_session, &ConversationSession::conversationCreated, this, [this](const QString &id) {
            m_popOuts->rebind(QStringLiteral("unsaved:") + m_currentSource, id);
            m_currentId = id;
            m_list->refresh(id);
            QSettings settings(backendSettingsFile(), QSettings::IniFormat);
            saveBackendConfig(settings, id, m_backendConfig);
        });
    }
    QString error;
    Backend *backend = config.isNone() ? nullptr : createBackend(config, nullptr, &error);
    attachTools(backend);
    m_session->setBackend(backend); // the old one (if any) stops; a turn in progress fails
    if (backend) {
        connect(backend, &Backend::stateChanged, this, [this] {
            updateConnectionLabel();
            updateTurnIndicator();
        });
        backend->start();
    } else if (!config.isNone()) {
        statusBar()->showMessage(tr("Cannot connect: %1").arg(error));
    }
    updateConnectionLabel();
    updateTurnIndicator();
}

QString MainWindow::backendSettingsFile() const
{
    // Beside the conversations they belong to; with no store, the default data dir's.
    return backendSettingsPath(m_store && m_store->isOpen() ? m_store->dataDir() : ConversationStore::defaultDataDir());
}

QString MainWindow::connectionText() const
{
    return m_connectionLabel->text();
}

bool MainWindow::isTurnIndicatorVisible() const
{
    return !m_turnIndicator->isHidden();
}

void MainWindow::updateConnectionLabel()
{
    Backend *backend = m_session ? m_session->backend() : nullptr;
    if (!backend) {
        m_connectionLabel->setText(tr("No agent backend"));
        m_connectionLabel->setToolTip(tr("Backend → Connect… sets up an agent to talk to."));
        updateConnectParts();
        return;
    }
    const QString detail = backend->stateDetail();
    QString text;
    switch (backend->state()) {
    case ConnectionState::Disconnected:
        text = tr("Not connected");
        break;
    case ConnectionState::Connecting:
        text = tr("Connecting to %1…").arg(backend->description());
        break;
    case ConnectionState::Connected:
        text = tr("Connected to %1").arg(backend->description());
        break;
    case ConnectionState::Reconnecting:
        text = detail.isEmpty() ? tr("Reconnecting…") : tr("Reconnecting: %1").arg(detail);
        break;
    case ConnectionState::Failed:
        text = detail.isEmpty() ? tr("Backend stopped") : tr("Backend stopped: %1").arg(detail);
        break;
    }
    // The label stays short; the whole text is in its tooltip and accessible name.
    m_connectionLabel->setText(text.size() > 60 ? text.left(59) + QChar(0x2026) : text);
    m_connectionLabel->setToolTip(text);
    m_connectionLabel->setAccessibleName(text);
    updateConnectParts();
}

void MainWindow::updateTurnIndicator()
{
    // An app's waiting tool call is stopped like a turn (ConversationSession::stopTurn expires its card).
    const bool appWaits = m_session && m_session->isAppToolConsentWaiting();
    const bool busy = m_session && (m_session->isBusy() || appWaits);
    const bool toolsWait = m_session && m_session->isWaitingForTools();
    m_turnLabel->setText(appWaits    ? tr("An app's tool call waits for your decision…")
                         : toolsWait ? tr("Waiting for MCP servers…")
                                     : tr("The agent is answering…"));
    if (!busy && m_stopButton->hasFocus())
        m_composer->setFocus(Qt::OtherFocusReason); // not the next widget in the chain: the view would jump
    if (busy && !m_turnIndicator->parentWidget())
        statusBar()->insertPermanentWidget(0, m_turnIndicator);
    m_turnIndicator->setVisible(busy);
    if (!busy && m_turnIndicator->parentWidget()) {
        statusBar()->removeWidget(m_turnIndicator);
        m_turnIndicator->setParent(nullptr);
    }
    updateRevisionActions();
}

void MainWindow::reloadCanvas()
{
    if (!m_currentId.isEmpty() && m_store && m_store->isOpen()) {
        StoreStatus status;
        m_canvasState = CanvasPanelState::replayLines(m_store->rawLines(m_currentId, &status));
        if (!status.ok())
            statusBar()->showMessage(tr("The canvas panel could not be read: %1").arg(status.message), 10000);
    } else {
        m_canvasState = CanvasPanelState::replay(m_model->transcript().messages);
    }
    showCanvasState(true);
}

void MainWindow::showCanvasState(bool revealOnTab)
{
    m_canvasPanel->setState(m_canvasState);
    // Hidden until there is a tab; a new tab shows the panel again after the person hid it.
    const bool visible = m_canvasState.isEmpty() ? false : (revealOnTab || m_canvasPanel->isVisible());
    m_canvasAction->setChecked(visible);
    m_canvasPanel->setVisible(visible);
}

void MainWindow::applyCanvasLine(const QString &conversationId, const QByteArray &line)
{
    if (conversationId != m_currentId)
        return; // stored for that conversation; it shows when it is opened
    const int opens = m_canvasState.openCount();
    const QString active = m_canvasState.activeTab() ? m_canvasState.activeTab()->id : QString();
    m_canvasState.applyLine(line);
    const bool revealed = m_canvasState.openCount() != opens
                          || (m_canvasState.activeTab() && m_canvasState.activeTab()->id != active);
    showCanvasState(revealed);
}

void MainWindow::recordCanvasCommand(CanvasOp op, const QByteArray &objectJson)
{
    QString error;
    if (m_session) {
        if (m_session->conversationId() != m_currentId)
            m_session->setConversationId(m_currentId);
        if (!m_session->recordCanvasCommand(op, objectJson, &error))
            statusBar()->showMessage(tr("The canvas change was not kept: %1").arg(error), 10000);
        return;
    }
    CanvasCommand command;
    QList<CanvasIssue> issues;
    CanvasApplyResult result;
    if (parseCanvasCommandText(op, objectJson, &command, &issues))
        result = m_canvasState.check(command);
    else
        result.issues = issues;
    if (!result.ok) {
        statusBar()->showMessage(tr("The canvas change was not kept: %1").arg(canvasIssuesText(result.issues)), 10000);
        return;
    }
    const QByteArray line = canvasCommandLine(command, QStringLiteral("canvas: ") + result.summary);
    if (!m_currentId.isEmpty() && m_store && m_store->isOpen()) {
        const StoreStatus status = m_store->appendMessage(m_currentId, line);
        if (!status.ok()) {
            showNotSaving(status.message);
            return;
        }
    }
    applyCanvasLine(m_currentId, line);
}

void MainWindow::leaveConversation(const QString &nextId)
{
    // A file still being read is not shown over the next conversation (readConversation).
    ++m_readGeneration;
    m_reading = false;
    if (m_countStop)
        m_countStop->store(true); // a paged file's count is for the file being left
    m_countStop.reset();
    m_pagedFile.reset();
    if (m_readingBar)
        m_readingBar->hide();
    m_canvasPanel->flushEdits(); // the person's last typing belongs to the conversation being left
    if (m_session && m_session->isBusy() && nextId != m_currentId)
        m_session->stopTurn(); // its events must not land in the next conversation's view
    if (!m_backendFromFlags)
        applyRememberedBackend(nextId);
    if (m_session)
        m_session->setConversationId(nextId);
    updateTurnIndicator();
}

void MainWindow::showSendProblem(const QString &reason)
{
    const QString text = tr("Could not send: %1. Try again in a moment.").arg(reason);
    statusBar()->showMessage(text, 10000);
    // Non-modal: the user may keep reading and typing; one box at a time.
    if (!m_sendProblem) {
        m_sendProblem = new QMessageBox(QMessageBox::Information, tr("Not sent"), text, QMessageBox::Ok, this);
        m_sendProblem->setObjectName(QStringLiteral("sendProblem"));
        m_sendProblem->setWindowModality(Qt::NonModal);
        m_sendProblem->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_sendProblem->setText(text);
    m_sendProblem->show();
}

void MainWindow::confirmLink(const QString &url)
{
    // Only https:// ever opens, and only after the user saw the whole address (seed 001, seed 003).
    const QUrl parsed(url.trimmed());
    if (!parsed.isValid() || parsed.scheme() != QLatin1String("https") || parsed.host().isEmpty()) {
        statusBar()->showMessage(tr("Refused to open a link that is not https://: %1").arg(url.left(200)), 8000);
        return;
    }
    QDialog dialog(this);
    dialog.setObjectName(QStringLiteral("confirmLink"));
    dialog.setWindowTitle(tr("Open Link"));
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(new QLabel(tr("Open this address in your browser?"), &dialog));
    // The FULL address as plain text, never elided or interpreted, wrapped anywhere.
    // Exactly what the browser gets (encoded: no look-alike characters, nothing hidden).
    auto *address = new QPlainTextEdit(parsed.toString(QUrl::FullyEncoded), &dialog);
    address->setObjectName(QStringLiteral("linkAddress"));
    address->setReadOnly(true);
    address->setWordWrapMode(QTextOption::WrapAnywhere);
    address->setAccessibleName(tr("Address"));
    address->setMaximumHeight(address->fontMetrics().lineSpacing() * 6 + 12);
    layout->addWidget(address);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Yes | QDialogButtonBox::No, &dialog);
    buttons->button(QDialogButtonBox::No)->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog.resize(520, dialog.sizeHint().height());
    if (dialog.exec() == QDialog::Accepted && !QDesktopServices::openUrl(parsed))
        statusBar()->showMessage(tr("No browser opened %1.").arg(url.left(200)), 8000);
}

// --- turn versions (issue 12) ------------------------------------------------------------------------

void MainWindow::createConversationMenu()
{
    QMenu *menu = menuBar()->addMenu(tr("&Conversation"));
    m_regenerateAction = menu->addAction(tr("&Regenerate"), this, &MainWindow::regenerateLastTurn);
    m_regenerateAction->setObjectName(QStringLiteral("regenerateAction"));
    m_regenerateAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_editResendAction = menu->addAction(tr("&Edit and Resend"), this, &MainWindow::editLastQuestion);
    m_editResendAction->setObjectName(QStringLiteral("editResendAction"));
    m_editResendAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_view->setTurnActions({m_regenerateAction, m_editResendAction});
    menu->addSeparator();
    m_systemPromptAction = menu->addAction(tr("System &Prompt…"), this, &MainWindow::editSystemPrompt);
    m_systemPromptAction->setObjectName(QStringLiteral("systemPromptAction"));
    m_systemPromptAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    menu->setToolTipsVisible(true); // a disabled System Prompt… says why
    connect(m_view, &ConversationView::versionRequested, this, &MainWindow::chooseVersion);
    connect(m_composer, &Composer::editResendRequested, this, &MainWindow::resendEdited);
    // The last exchange changes with every line and every conversation opened.
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateRevisionActions);
    connect(m_model, &QAbstractItemModel::modelReset, this, &MainWindow::updateRevisionActions);
    updateRevisionActions();
}

void MainWindow::updateRevisionActions()
{
    if (!m_regenerateAction)
        return; // before the menus exist
    // Hidden, not disabled, for stdio and WebSocket agents: they own their history (docs/decisions.md).
    const bool offered = m_session && m_session->canReviseTurns();
    const bool possible = offered && m_session->canReviseLastTurn();
    for (QAction *action : {m_regenerateAction, m_editResendAction}) {
        action->setVisible(offered);
        action->setEnabled(possible);
    }
    if (!offered && m_composer->isEditing())
        m_composer->cancelEditing();
    updateSystemPromptAction();
}

void MainWindow::updateSystemPromptAction()
{
    if (!m_systemPromptAction)
        return;
    // Disabled rather than hidden: the person looking for it learns why it does not apply.
    QString reason;
    if (!m_session || !m_session->backend())
        reason = tr("Connect an OpenAI-compatible backend to give this conversation a system prompt.");
    else if (!m_session->acceptsSystemPrompt())
        reason = tr("This agent keeps its own instructions: a system prompt is for OpenAI-compatible backends only.");
    else if (m_session->isBusy())
        reason = tr("The agent is answering: change the system prompt when the turn ends.");
    m_systemPromptAction->setEnabled(reason.isEmpty());
    const QString tip = reason.isEmpty() ? tr("Instructions for the model in this conversation, sent before Tessera's card rules")
                                         : reason;
    m_systemPromptAction->setToolTip(tip);
    m_systemPromptAction->setStatusTip(tip);
}

void MainWindow::editSystemPrompt()
{
    if (!m_session || !m_session->acceptsSystemPrompt() || m_session->isBusy())
        return;
    SystemPromptDialog dialog(m_session->systemPrompt(), windowTitle().section(QStringLiteral(" — "), 0, 0), this);
    if (dialog.exec() != QDialog::Accepted || dialog.prompt() == m_session->systemPrompt())
        return;
    // Kept with the conversation: a file on screen becomes a stored one first, as when a message is sent.
    if (ensureStoredConversation()) {
        m_session->setConversationId(m_currentId);
        m_list->refresh(m_currentId);
    }
    QString error;
    if (!m_session->setSystemPrompt(dialog.prompt(), &error))
        statusBar()->showMessage(tr("The system prompt was not saved: %1").arg(error), 10000);
    else
        statusBar()->showMessage(dialog.prompt().isEmpty() ? tr("This conversation has no system prompt from the next message on.")
                                                           : tr("The system prompt applies from the next message."),
                                 8000);
}

bool MainWindow::prepareRevision()
{
    if (!m_session || !m_session->canReviseTurns() || refuseReadOnly())
        return false;
    if (ensureStoredConversation())
        m_session->setConversationId(m_currentId);
    return true;
}

void MainWindow::regenerateLastTurn()
{
    if (!prepareRevision())
        return;
    QString error;
    const bool sent = m_session->regenerateLastTurn(&error);
    updateTurnIndicator();
    m_view->scrollToBottom();
    if (!sent)
        showSendProblem(error);
}

void MainWindow::editLastQuestion()
{
    if (!m_session || !m_session->canReviseLastTurn())
        return;
    m_composer->beginEditing(m_session->lastQuestion());
}

void MainWindow::resendEdited(const QString &text)
{
    if (!prepareRevision())
        return;
    QString error;
    const qsizetype before = m_model->transcript().messages.size();
    const bool sent = m_session->resendEdited(text, &error);
    updateTurnIndicator();
    if (m_model->transcript().messages.size() > before) // kept as a new version: the edit is done
        m_composer->finishEditing();
    m_view->scrollToBottom();
    if (!sent)
        showSendProblem(error);
}

void MainWindow::chooseVersion(const QString &group, int version)
{
    QString error;
    // A file on screen is kept (imported) on its first change, as when a message is sent.
    const bool stored = ensureStoredConversation();
    if (stored)
        m_list->refresh(m_currentId);
    if (m_session) {
        if (stored)
            m_session->setConversationId(m_currentId);
        if (!m_session->chooseVersion(group, version, &error))
            statusBar()->showMessage(tr("Cannot show that version: %1").arg(error), 8000);
        return;
    }
    // No backend was ever set: the choice is still the person's to keep.
    const int g = m_model->versions().groupIndex(group);
    if (g < 0 || version < 1 || version > m_model->versions().groups().at(g).count())
        return;
    const QByteArray line =
            ConversationSession::versionChoiceLine(group, version, m_model->versions().groups().at(g).count());
    qint64 seq = 0;
    if (!m_currentId.isEmpty() && m_store && m_store->isOpen()) {
        const StoreStatus status = m_store->appendMessage(m_currentId, line, &seq);
        if (!status.ok())
            showNotSaving(status.message);
    }
    m_model->appendMessage(parseTranscriptLine(line, int(seq)));
}

// --- named backends (issue 12) ------------------------------------------------------------------------

QWidget *MainWindow::createFirstRunLine()
{
    m_firstRun = new QWidget(this);
    m_firstRun->setObjectName(QStringLiteral("firstRunLine"));
    auto *row = new QHBoxLayout(m_firstRun);
    row->setContentsMargins(12, 8, 12, 4);
    auto *text = new QLabel(tr("No agent is connected."), m_firstRun);
    text->setObjectName(QStringLiteral("firstRunText"));
    auto *button = new QPushButton(tr("Connect…"), m_firstRun);
    button->setObjectName(QStringLiteral("firstRunConnect"));
    row->addStretch(1);
    row->addWidget(text);
    row->addWidget(button);
    row->addStretch(1);
    connect(button, &QPushButton::clicked, this, &MainWindow::openConnectDialog);
    m_firstRun->hide();
    return m_firstRun;
}

void MainWindow::createBackendButton()
{
    m_backendButton = new QPushButton(this);
    m_backendButton->setObjectName(QStringLiteral("composerBackend"));
    m_backendButton->setFlat(true);
    m_backendButton->setToolTip(tr("The backend this conversation talks to; click to switch"));
    m_composer->setBackendWidget(m_backendButton);
    connect(m_backendButton, &QPushButton::clicked, this, &MainWindow::showBackendPicker);
}

void MainWindow::openConnectDialog()
{
    ConnectDialog dialog(BackendProfiles::defaultSettingsPath(), this);
    dialog.selectProfile(m_backendConfig.profileName);
    if (dialog.exec() == QDialog::Accepted)
        useBackend(dialog.chosenConfig(), true);
    updateConnectParts(); // profiles may have been added or removed without connecting
}

void MainWindow::useBackend(BackendConfig config, bool remember)
{
    QString error;
    if (completeBackendConfig(&config, &error) != 0) {
        statusBar()->showMessage(tr("Cannot connect: %1").arg(error), 10000);
        return;
    }
    if (remember) {
        // From the next turn on, and for this conversation when it is opened again.
        QSettings settings(backendSettingsFile(), QSettings::IniFormat);
        saveBackendConfig(settings, m_currentId, config);
        if (!config.profileName.isEmpty())
            BackendProfiles().setLastUsed(config.profileName);
    }
    setBackendConfig(config, false);
}

void MainWindow::applyRememberedBackend(const QString &conversationId)
{
    QSettings settings(backendSettingsFile(), QSettings::IniFormat);
    BackendConfig remembered = conversationId.isEmpty() ? BackendConfig() : loadBackendConfig(settings, conversationId);
    if (remembered.isNone() && !(m_session && m_session->backend()))
        remembered = loadLastBackendConfig(settings); // a new conversation starts with the last one used
    if (remembered.isNone())
        return;
    BackendConfig current = m_backendConfig;
    current.apiKey.clear(); // only in memory: never part of what is remembered
    const bool sameProfile = !remembered.profileName.isEmpty() && remembered.profileName == current.profileName;
    if (!sameProfile && remembered != current)
        useBackend(remembered, false);
}

void MainWindow::updateConnectParts()
{
    Backend *backend = m_session ? m_session->backend() : nullptr;
    const bool none = !backend && BackendProfiles().profiles().isEmpty();
    if (none && m_firstRun->isHidden()) // said once when it appears: later messages must not be buried
        statusBar()->showMessage(tr("No agent is connected: Backend → Connect… (%1) sets one up.")
                                         .arg(leftToRightIsolate(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K)
                                                                         .toString(QKeySequence::NativeText))));
    m_firstRun->setVisible(none);
    QString name = m_backendConfig.profileName;
    if (name.isEmpty() && backend)
        name = backendTypeName(m_backendConfig.type);
    QString text = name.isEmpty() ? tr("Backend: none") : tr("Backend: %1").arg(name);
    if (!name.isEmpty() && !m_backendConfig.model.isEmpty())
        text += QStringLiteral(" · ") + m_backendConfig.model;
    m_backendButton->setText(text.size() > 48 ? text.left(47) + QChar(0x2026) : text);
    m_backendButton->setAccessibleName(text);
}

void MainWindow::showBackendPicker()
{
    QMenu menu(this);
    menu.setObjectName(QStringLiteral("backendPicker"));
    for (const BackendConfig &profile : BackendProfiles().profiles()) {
        QAction *action = menu.addAction(profile.model.isEmpty() ? profile.profileName
                                                                 : tr("%1 · %2").arg(profile.profileName, profile.model));
        action->setCheckable(true);
        action->setChecked(profile.profileName == m_backendConfig.profileName);
        connect(action, &QAction::triggered, this, [this, profile] { useBackend(profile, true); });
    }
    if (!menu.isEmpty())
        menu.addSeparator();
    menu.addAction(tr("Connect…"), this, &MainWindow::openConnectDialog);
    if (m_systemPromptAction) {
        menu.addAction(m_systemPromptAction); // beside the backend it is for
        menu.setToolTipsVisible(true);
    }
    menu.exec(m_backendButton->mapToGlobal(QPoint(0, 0)) - QPoint(0, menu.sizeHint().height()));
}

// --- pop-out (issue 15) -----------------------------------------------------------------------------

QString MainWindow::popOutKey() const
{
    return m_currentId.isEmpty() ? QStringLiteral("unsaved:") + m_currentSource : m_currentId;
}

void MainWindow::createPopOuts()
{
    m_popOuts = new PopOutController(m_view->cardActions(), this);
    m_popOuts->setRenderSettings(SettingsDialog::storedRenderSettings());
    m_popOuts->setPrepare([this](const QString &key, QString *error) { return preparePopOut(key, error); });
    connect(m_view->cardActions(), &CardActions::popOutRequested, this, [this](const Card &card) {
        m_popOuts->popOut(popOutKey(), windowTitle().section(QStringLiteral(" — "), 0, 0), card);
    });
    // An MCP App block's Pop Out comes through the app host (mcp/mcpapphost.h), as its ui/message does.
    connect(McpAppHost::instance(), &McpAppHost::popOutRequested, this, [this](const QByteArray &line) {
        m_popOuts->popOutApp(popOutKey(), windowTitle().section(QStringLiteral(" — "), 0, 0), parseTranscriptLine(line, 0));
    });
    connect(m_popOuts, &PopOutController::problem, this, [this](const QString &message) { statusBar()->showMessage(message, 10000); });
}

bool MainWindow::preparePopOut(const QString &key, QString *error)
{
    if (key == popOutKey())
        return true;
    // One session talks for the conversation on screen: the popped-out one comes back on screen first,
    // never at the cost of a turn in progress.
    if (m_session && m_session->isBusy()) {
        *error = tr("the agent is answering in the conversation on screen; try again when it is done");
        return false;
    }
    if (key.startsWith(QLatin1String("unsaved:")) || !openStored(key)) {
        *error = tr("the conversation it came from is not open any more");
        return false;
    }
    return true;
}

} // namespace Tessera
