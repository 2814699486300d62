#pragma once

// The canvas panel as data (issue 15): the tabs and which is active, the fold of a conversation's canvas
// commands (workbench/canvascommand.h). No widgets: the session, the OpenAI tool host, the window's
// panel and `tessera canvas-tabs` all fold the same lines the same way, so a reopened conversation shows
// the panel as it was at the end.
//
// Rules (seed 003 "Canvas"; docs/decisions.md "Canvas panel (issue 15)"):
//  - open adds a tab at the end and activates it; an open whose source names an open tab re-activates
//    that tab instead (dedupe by source), and its content, when it differs, is an update of that tab.
//    A tab without an id is given "tab-N", N counting the opens of the conversation (stable on replay).
//  - update names a tab by tabId (wins) or source; it replaces the content (checked against the tab's
//    type) and/or the title. It does not change which tab is active.
//  - close removes the tab; the tab to its right becomes active (else the one to its left).
//  - Edit protection: a markdown or file tab the person is editing holds the agent's update back (the
//    newest one wins) until the person applies or discards it; the person's text is the tab's content.
//  - A command naming no open tab (or an open past kCanvasMaxTabs) is an issue; nothing changes.
//  - mcp_app tabs (issue 16) name a hosted tool's result line of the same conversation that carried an
//    app view ("tessera_app"); the fold notes those lines as it passes them (noteAppLine), so an open
//    naming a result that is not (yet) in the conversation is an issue, live and on replay alike. The
//    tab keeps that line (appLine) and is drawn from it.

#include <QHash>
#include <QList>
#include <QString>

#include <workbench/canvascommand.h>

namespace Tessera {

class Message;

struct CanvasTab
{
    QString id;
    CanvasContentType type = CanvasContentType::Markdown;
    QString title;   // as given, else derived from the source or the type ("Markdown 2")
    QString source;  // the dedupe key; may be empty
    QString language; // file tabs
    QByteArray contentJson; // compact JSON text
    bool editing = false;   // the person is editing it (markdown, file)
    bool hasHeld = false;   // an agent update is held back while editing
    QByteArray heldJson;
    QString heldTitle;
    int revision = 0;       // grows with every change of content (the view rebuilds when it moves)
    QByteArray appLine;     // mcp_app: the stored tool result line the tab shows

    // The content as text when it is a JSON string (markdown, file, csv, addresses), else "".
    QString contentText() const;
    QString heldText() const;
};

enum class CanvasChange { None, Opened, Activated, Updated, Held, Closed, Edited, Resolved };

struct CanvasApplyResult
{
    bool ok = false;
    CanvasChange change = CanvasChange::None;
    QString tabId;       // the tab concerned
    QList<CanvasIssue> issues; // when !ok
    QString summary;     // a short English sentence for the stored line ("opened Weather")
};

class CanvasPanelState
{
public:
    const QList<CanvasTab> &tabs() const { return m_tabs; }
    int activeIndex() const { return m_active; } // -1 when there is no tab
    const CanvasTab *activeTab() const { return m_active >= 0 ? &m_tabs.at(m_active) : nullptr; }
    int indexOf(const QString &tabId) const;
    int indexOfSource(const QString &source) const;
    bool isEmpty() const { return m_tabs.isEmpty(); }
    int openCount() const { return m_opened; }

    // Applies one command; on an issue nothing changes.
    CanvasApplyResult apply(const CanvasCommand &command);
    // What apply would do, without changing anything (the session checks before it stores).
    CanvasApplyResult check(const CanvasCommand &command) const;
    // The person activates a tab (not stored: which tab is shown follows the agent's last open).
    void activate(int index);

    // Folds every canvas line of a conversation in order (unusable or refused ones are skipped, logged).
    static CanvasPanelState replay(const QList<Message> &messages);
    static CanvasPanelState replayLines(const QList<QByteArray> &rawLines);
    // Applies one stored line when it carries a canvas command; false otherwise. A tool result line
    // with an app view is noted (noteAppLine) on the way.
    bool applyLine(const QByteArray &rawLine);
    // A hosted tool's result line that carries "tessera_app" and a tool_call_id: mcp_app tabs may name
    // it from now on. False (nothing noted) for any other line.
    bool noteAppLine(const QByteArray &rawLine);
    // The noted result line of a tool call, "" when none.
    QByteArray appLine(const QString &toolCallId) const;

private:
    int target(const CanvasCommand &command, CanvasApplyResult *result) const;
    void setContent(CanvasTab &tab, const QByteArray &contentJson, const QString &title);
    // mcp_app content: the noted line its toolCallId names; false with the issue at pointer.
    bool resolveApp(const QByteArray &contentJson, const QString &pointer, QByteArray *line, QString *tool,
                    CanvasApplyResult *result) const;

    struct AppResult
    {
        QByteArray line; // the stored tool line, as it is (implicitly shared with the caller's copy)
        QString tool;    // the server's name of the tool, for the tab's title
    };

    QList<CanvasTab> m_tabs;
    QHash<QString, AppResult> m_apps; // tool_call_id -> its result line with an app view
    int m_active = -1;
    int m_opened = 0;
};

} // namespace Tessera
