#pragma once

// Widgets for the blocks that are not cards (user text, assistant prose, tool activity, unreadable
// lines), and the one function the conversation view and the headless render use to build any block.

#include <QFrame>

class QLabel;
class QProgressBar;
class QToolButton;
class QUrl;

namespace Tessera {

class CardActions;
class ConversationModel;
class Message;
struct RenderContext;

// Builds the widget for one model row. Never returns nullptr. A link clicked in assistant prose goes
// through followProseLink with the context's actions.
QWidget *createBlockWidget(const ConversationModel &model, int row, const RenderContext &context,
                           QWidget *parent);

// A tool line carrying "tessera_notice": NOTICE drawn by a library above this one (issue 16: the app's
// form for a tool's request for input). The context's state is the model's for the line's
// structured.cardId. Call on the GUI thread at start-up; nullptr uninstalls. Without one: a muted line.
using NoticeBlockFactory = QWidget *(*)(const Message &message, const RenderContext &context, QWidget *parent);
void setNoticeBlockFactory(const QString &notice, NoticeBlockFactory factory);

// A link clicked (or activated by keyboard) in the assistant's own prose, as in the canvas panel's
// markdown tab: an https address with a host goes to actions->requestLink (the window shows it whole and
// asks before the browser opens it); anything else (javascript:, file:, http:, a relative path), or no
// actions (a headless render), is refused here: a tooltip where it was clicked says why, and a log line.
void followProseLink(const QUrl &url, CardActions *actions, QWidget *from);

// A cheap height guess for a row at a width, before its widget is ever built.
int estimateBlockHeight(const ConversationModel &model, int row, int width);

// The height a built block wants at a width.
int blockHeightForWidth(QWidget *widget, int width);

// A user turn: a tinted bubble with plain text (no Markdown: what the user typed is shown as typed).
class UserBubble : public QFrame
{
    Q_OBJECT

public:
    explicit UserBubble(const QString &text, QWidget *parent = nullptr);

protected:
    void paintEvent(QPaintEvent *event) override;
};

// A non-card tool call or result: one muted, selectable line.
class ToolActivityLine : public QFrame
{
    Q_OBJECT

public:
    explicit ToolActivityLine(const QString &text, QWidget *parent = nullptr);
};

// A hosted tool's result (issue 16; a tool line carrying "tessera_tool"): one collapsed line, "⚙ NAME ·
// 0.3 s · allowed once by the user" (" · error" when it failed), and a toggle that shows the result's text
// content below it (at most kMaxShownChars; the whole text stays in the stored line). Never raw JSON-RPC.
class ToolResultLine : public QFrame
{
    Q_OBJECT

public:
    static constexpr int kMaxShownChars = 4000;

    ToolResultLine(const QString &summary, const QString &text, QWidget *parent = nullptr);

    QString summary() const;
    bool isExpanded() const;
    void setExpanded(bool expanded);
    QString shownText() const; // what the expanded line shows
    // Why the tool's result-to-card descriptor made no card ("/pointer: why"), under the line.
    void setCardNote(const QString &note);
    QString cardNote() const;
    // A running call: a progress bar under the line (total 0: busy, no value); the toggle goes.
    void setProgress(double progress, double total);
    QProgressBar *progressBar() const { return m_progress; }

private:
    QProgressBar *m_progress = nullptr;
    QLabel *m_summary = nullptr;
    QToolButton *m_toggle = nullptr;
    QLabel *m_text = nullptr;
    QLabel *m_note = nullptr;
};

// "⚙ NAME · DURATION · CONSENT" for a tool line with "tessera_tool" ("⚙ NAME · running: MESSAGE" for a
// running call's progress line); "" for any other message.
QString toolResultSummary(const Message &message);

// MCP Apps (issue 16): a hosted tool's result line that carries "tessera_app" (its view's HTML) is drawn
// by this factory when one is installed (tessera_canvas: installMcpAppRenderer, from main() and the
// tests), else as the ToolResultLine. summary is toolResultSummary(message). nullptr uninstalls.
using ToolAppFactory = QWidget *(*)(const Message &message, const QString &summary, const RenderContext &context,
                                    QWidget *parent);
void setToolAppFactory(ToolAppFactory factory);
bool carriesToolApp(const Message &message);
// The app block of such a line drawn outside the conversation (a pop-out window, an mcp_app tab of the
// canvas panel): the installed factory's widget, or nullptr when none is installed or the line carries
// no app.
QWidget *createToolAppWidget(const Message &message, const RenderContext &context, QWidget *parent);

// A turn with versions (issue 12): "‹ 2/3 ›". The arrows are Tab stops (Left/Right on the row too);
// the row's accessible name is "Version 2 of 3". It only asks: the view passes the choice on, and the
// model redraws the turn once the choice is recorded.
class VersionSwitcherRow : public QFrame
{
    Q_OBJECT

public:
    VersionSwitcherRow(const QString &group, int version, int count, QWidget *parent = nullptr);

    QString group() const { return m_group; }
    int version() const { return m_version; }
    int count() const { return m_count; }

Q_SIGNALS:
    void versionRequested(const QString &group, int version);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void request(int version);

    QString m_group;
    int m_version;
    int m_count;
    QToolButton *m_previous = nullptr;
    QToolButton *m_next = nullptr;
};

} // namespace Tessera
