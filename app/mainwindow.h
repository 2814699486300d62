#pragma once

// The main window only assembles parts (STYLE.md rule 9): the conversation list, the conversation
// view, the composer, menus and the status bar. Each part is its own class with its own signals.
//
// Stored conversations (issue 4) open lazily: the newest page first, older pages as the reader
// scrolls up. A file opened from disk is shown as it is and kept only when imported. When the store
// cannot be opened or written, a banner says that messages are not being saved; nothing else stops.

#include <atomic>
#include <functional>
#include <memory>

#include <QMainWindow>
#include <QPointer>

#include <backend/backendconfig.h>
#include <mcp/mcpconfig.h>
#include <workbench/canvaspanelstate.h>

class QAction;
class QLabel;
class QLocalServer;
class QMessageBox;
class QProgressBar;
class QPushButton;
class QThread;

namespace Tessera {

class McpAppConsent;

class Backend;
class BackendLogWindow;
class CanvasPanel;
class Composer;
class ConversationList;
class ConversationModel;
class ConversationSession;
class ConversationStore;
class ConversationView;
class TranscriptFile;
class McpController;
class PopOutController;
class Transcript;
struct StoreStatus;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens the store in dataDir (taking its lock). On failure the window works from memory and shows
    // why. Returns the store's status; StoreError::Locked means another Tessera has it.
    StoreStatus openStore(const QString &dataDir);
    // Opens a stored conversation; false when it does not exist.
    bool openStored(const QString &id);
    // Starts an empty conversation and focuses the composer. It is stored (titled by it) when its first
    // message is sent, never before: Ctrl+N leaves nothing empty in the list (issue 18).
    void newConversation();
    // The stored conversation with the latest activity (a fresh settings directory starts there rather
    // than in the demo); false when none is stored.
    bool openMostRecentStored();
    // Imports a JSON Lines file into the store and opens it.
    bool importFile(const QString &path);
    // Answers a second instance started on the same data dir by raising this window.
    void listenForOtherInstances();
    // Asks the instance holding dataDir to raise its window; true when one answered.
    static bool raiseOtherInstance(const QString &dataDir);

    // Opens a conversation file, shown at its end; on failure (also for what is not a regular file) shows
    // why and keeps the current conversation. A file of kReadInPlaceBytes or more is read and parsed on a
    // thread of its own (issue 17): the window stays responsive, the status bar says "Reading…" with a
    // busy bar, sending waits, and the conversation is shown when it is read (unless another one was
    // opened meanwhile). isReading() says whether one is. A file of TranscriptFile::kPagedBytes or more
    // is read by pages from its end (readPagedConversation).
    bool openFile(const QString &path);
    static constexpr qint64 kReadInPlaceBytes = 1024 * 1024;
    bool isReading() const { return m_reading; }
    int readsRunning() const { return int(m_readers.size()); } // reads not finished, also dropped ones
    // Opens the conversation bundled with the app.
    void openDemo();
    // File → Export Conversation… and the list's Export…: asks where (JSON Lines or Markdown, named
    // after the title) and writes the store's export (ConversationStore::exportConversation).
    void exportConversation(const QString &id);

    ConversationView *conversationView() const { return m_view; }
    Composer *composer() const { return m_composer; }
    ConversationModel *model() const { return m_model; }
    ConversationList *conversationList() const { return m_list; }
    ConversationStore *store() const { return m_store.get(); }
    QString currentConversationId() const { return m_currentId; }
    QString savingProblem() const; // the banner's text, empty while saving works

    // --- live backend (issue 5) ---------------------------------------------------------------------
    // Connects the window to a backend (Type::None: none; sending then only keeps the message). A
    // command-line config (fromFlags) stays for every conversation opened; otherwise opening a
    // conversation that remembers a backend (QSettings, backendconfig.h) switches to it, and one that
    // remembers none keeps the current one. The backend used for a conversation is remembered when a
    // message is sent. Call after openStore (the session stores into it).
    void setBackendConfig(const BackendConfig &config, bool fromFlags);
    // MCP servers whose tools an OpenAI-compatible backend offers (issue 16; app/mcpcontroller.h): the
    // enabled ones of Settings → Tools with --mcp-config's over them; changes in Settings → Tools apply
    // between turns. Started with the first such backend; call before setBackendConfig.
    void setMcpConfig(const McpConfig &commandLine);
    // Exactly these servers, not Settings → Tools' (tests).
    void setMcpServers(const QList<McpServerConfig> &servers);
    McpController *mcpController() const { return m_mcp; }
    BackendConfig backendConfig() const { return m_backendConfig; }
    ConversationSession *session() const { return m_session; } // null until a backend was set
    QString connectionText() const; // the status bar's connection label
    QWidget *firstRunLine() const { return m_firstRun; }        // for tests
    QPushButton *backendButton() const { return m_backendButton; } // for tests
    bool isTurnIndicatorVisible() const;
    BackendLogWindow *backendLogWindow() const; // null until Backend → Open Backend Log

    // --- the canvas panel (issue 15) -----------------------------------------------------------------
    // Beside the conversation in a splitter, hidden until the conversation has a tab (View → Canvas
    // Panel toggles it). It shows the conversation's stored canvas lines folded (CanvasPanelState);
    // the session's accepted commands for the conversation on screen are applied as they come.
    CanvasPanel *canvasPanel() const { return m_canvasPanel; }
    QAction *canvasPanelAction() const { return m_canvasAction; }
    const CanvasPanelState &canvasState() const { return m_canvasState; }

    // --- pop-out (issue 15; app/popoutcontroller.h) ----------------------------------------------------
    // A card's "Pop Out" opens a window bound to the conversation on screen (its key: the stored id,
    // else "unsaved:" and the file or demo on screen); interacting in it brings that conversation back.
    PopOutController *popOuts() const { return m_popOuts; }
    QString popOutKey() const;

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    QString backendSettingsFile() const; // <data dir>/backends.ini (backendconfig.h)
    void createMenus();
    void showConversation(const QString &title, const QByteArray &jsonLines);
    void showTranscript(const QString &title, const Transcript &transcript);
    // openFile's large files: read and parsed on a QThread, shown by showTranscript when done.
    void readConversation(const QString &title, const QString &path, qint64 bytes);
    // openFile's files of TranscriptFile::kPagedBytes or more (issue 17, scale): their lines found and the
    // newest page read on a QThread, older pages as the reader scrolls up, the counts on a thread after.
    void readPagedConversation(const QString &title, const QString &path, qint64 bytes);
    // What both reads show meanwhile (an empty conversation titled by the file, "Reading NAME (N MB)…" and
    // the busy bar); returns the read's generation (m_readGeneration).
    quint64 beginReading(const QString &title, qint64 bytes);
    // `work` on a QThread of its own (in m_readers, so closing the window waits for it), then `done` on
    // this thread, unless another conversation was shown meanwhile (generation).
    void runReader(quint64 generation, const std::function<void()> &work, const std::function<void()> &done);
    // The conversation's counts in the status bar: "37 messages, 14 cards[, N blocks could not be drawn…]".
    void showCounts(qint64 messages, qint64 cards, qint64 fallbacks);
    // openFile's two endings: a file that cannot be read says why; a file shown says how to keep it.
    void warnCannotRead(const QString &path, const QString &reason);
    void noteOpenedFromFile();
    // "37 messages, 14 cards" for the status bar.
    static QString countsText(int messages, int cards);
    void sendMessage(const QString &text);
    void showShortcuts();
    void showAbout();
    void showSettings();
    // The card block holding keyboard focus (row in the model), or -1.
    int focusedCardRow() const;
    void copyFocusedCard(int format); // int(CardCopyFormat)
    void copyFocusedCardFor(int surface); // int(ExportSurface): Copy for Slack / Teams / WhatsApp / Telegram

    // A store write failed: the banner says why and what of the conversation on screen is saved.
    void showNotSaving(const QString &why);
    // The banner tells the store's story (issue 13, docs/decisions.md): read-only, or the last failed
    // write and how many messages of the conversation on screen are saved (the count the list shows,
    // read from the store). Hidden while everything is saved.
    void updateBanner();
    // A read-only store keeps nothing new: sending is refused and the draft stays (issue 13). True
    // when refused, after saying so in the status bar.
    bool refuseReadOnly();
    // A file or the demo on screen becomes a stored conversation (on the first message), a new empty
    // one is created titled by firstText (nothing when firstText is empty); false when nothing is stored
    // (the store is not open or the import failed).
    bool ensureStoredConversation(const QString &firstText = {});
    // After a user line was stored: the first one titles the conversation (app/conversationtitle.h).
    void titleFromFirstMessage(const QString &text);
    // Before another conversation is shown: a turn in progress is stopped (its prose is kept).
    void leaveConversation(const QString &nextId);
    void updateConnectionLabel();
    void updateTurnIndicator();
    // "Could not send: REASON. Try again in a moment." as a non-modal message (one at a time).
    void showSendProblem(const QString &reason);
    void confirmLink(const QString &url);
    // The list moved a conversation to Recently deleted: leave it if it is on screen.
    void onConversationDeleted(const QString &id);

    // The panel of the conversation now on screen, from the store (or the file's lines).
    void reloadCanvas();
    void applyCanvasLine(const QString &conversationId, const QByteArray &line);
    // The person's edit / apply / discard / done: through the session when there is one, else stored here.
    void recordCanvasCommand(CanvasOp op, const QByteArray &objectJson);
    void showCanvasState(bool revealOnTab);
    void createPopOuts();
    bool preparePopOut(const QString &key, QString *error);

    // --- turn versions (issue 12): the Conversation menu's Regenerate / Edit and resend, the switcher
    void createConversationMenu();
    void updateRevisionActions(); // hidden unless the backend's history is Tessera's (OpenAI-compatible)
    bool prepareRevision();       // the conversation on screen is the session's (stored first)
    void regenerateLastTurn();
    void editLastQuestion();
    void resendEdited(const QString &text);
    void chooseVersion(const QString &group, int version);
    // Conversation → System Prompt… (issue 12; systempromptdialog.h): enabled for OpenAI-compatible
    // backends only, with the reason in its tooltip otherwise.
    void updateSystemPromptAction();
    void editSystemPrompt();

    // --- named backends (issue 12): Backend → Connect…, the first-run line, the composer's backend button
    QWidget *createFirstRunLine();
    void createBackendButton();
    void attachTools(Backend *backend);
    void openConnectDialog();
    // Connects to config (a named profile's key is read from the keyring first) and remembers it for
    // the conversation on screen and as the last one used.
    void useBackend(BackendConfig config, bool remember);
    // What a conversation opened next talks to: what it remembers, else (nothing connected yet) the
    // backend used last.
    void applyRememberedBackend(const QString &conversationId);
    void updateConnectParts();
    void showBackendPicker();

    ConversationModel *m_model = nullptr;
    ConversationView *m_view = nullptr;
    Composer *m_composer = nullptr;
    ConversationList *m_list = nullptr;
    QLabel *m_banner = nullptr;
    QString m_saveFailure; // the last store write that failed (StoreStatus::message); empty: none
    std::unique_ptr<ConversationStore> m_store;
    QLocalServer *m_instanceServer = nullptr;
    QString m_currentId; // stored conversation on screen; empty for a file or the demo
    QString m_currentSource; // the file (or "demo") on screen while it is not stored
    bool m_reading = false;          // the file on screen is still being read (readConversation)
    quint64 m_readGeneration = 0;    // bumped by every conversation shown: a read finishing late is dropped
    QList<QThread *> m_readers;      // Owned (children): file reads still running, waited for on close
    QProgressBar *m_readingBar = nullptr; // busy bar in the status bar while a file is read
    std::shared_ptr<TranscriptFile> m_pagedFile; // the file on screen when it is read by pages
    std::shared_ptr<std::atomic_bool> m_countStop; // set to stop the paged file's count (leaveConversation)

    ConversationSession *m_session = nullptr; // owns the backend
    BackendConfig m_backendConfig;
    McpController *m_mcp = nullptr; // Owned (child): the MCP servers and their tool host
    bool m_backendFromFlags = false;
    QLabel *m_connectionLabel = nullptr;
    QWidget *m_turnIndicator = nullptr; // "The agent is answering…" + Stop, while a turn runs
    McpAppConsent *m_appConsent = nullptr; // a child of m_session; deleted first (~MainWindow)
    QLabel *m_turnLabel = nullptr;      // or "An app's tool call waits…" while an app's consent card waits
    QPushButton *m_stopButton = nullptr;
    QPointer<QMessageBox> m_sendProblem;
    QAction *m_regenerateAction = nullptr;
    QAction *m_editResendAction = nullptr;
    QAction *m_systemPromptAction = nullptr; // also in the composer's backend picker
    QWidget *m_firstRun = nullptr;         // "No agent is connected." + Connect…
    QPushButton *m_backendButton = nullptr; // "Backend: NAME · MODEL" beside the composer
    QPointer<BackendLogWindow> m_logWindow; // Backend → Open Backend Log, made on first use
    CanvasPanel *m_canvasPanel = nullptr;
    QAction *m_canvasAction = nullptr;      // View → Canvas Panel
    CanvasPanelState m_canvasState;         // the panel of the conversation on screen
    PopOutController *m_popOuts = nullptr;  // Owned (child)
};

} // namespace Tessera
