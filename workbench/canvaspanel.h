#pragma once

// The canvas panel beside the conversation (issue 15; seed 003 "Canvas"): one QTabWidget page per tab of
// a CanvasPanelState, each drawn by its type's view (workbench/canvastabviews.h).
//
// The panel only shows a state and asks for the person's commands; the window stores them (through the
// session) and hands the new state back with setState. Pages are kept across setState by tab id: a
// page is rebuilt only when its tab's content changed (revision), and an editor keeps the person's
// typing while an edit is on its way.
//
// Edit protection (seed 003): typing in a markdown or file tab asks for an "edit" command after
// kEditPauseMs of quiet (flushEdits() sends it at once). While a tab is being edited the bar "You are
// editing this document" offers Done; when the agent's update is held back, the bar says "The agent
// has an update" with Apply and Discard.

#include <QHash>
#include <QPointer>
#include <QWidget>

#include <workbench/canvastabviews.h>

class QLabel;
class QPushButton;
class QTabWidget;
class QTimer;

namespace Tessera {

class CanvasTabPage;

class CanvasPanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kEditPauseMs = 800;

    explicit CanvasPanel(QWidget *parent = nullptr);

    void setContext(const CanvasViewContext &context);
    // Shows state: tabs added, updated, removed and re-ordered to match; the active tab made current.
    void setState(const CanvasPanelState &state);
    const CanvasPanelState &state() const { return m_state; }

    QTabWidget *tabs() const { return m_tabs; }
    // The page of a tab by id (its bars and content view), or null.
    CanvasTabPage *page(const QString &tabId) const;
    // Sends every pending edit now (before the conversation changes or the window closes).
    void flushEdits();

    // Headless: the panel as it stands (tab strip and active tab) drawn at width x height.
    static QImage renderToImage(const CanvasPanelState &state, const CanvasViewContext &context, int width,
                                int height, const QPalette &palette);

Q_SIGNALS:
    // The person's command (edit, apply, discard, done) as a command object (canvascommand.h).
    void commandRequested(Tessera::CanvasOp op, const QByteArray &objectJson);
    // The person made another tab current (not stored).
    void currentTabChanged(int index);

private:
    QTabWidget *m_tabs = nullptr;
    CanvasPanelState m_state;
    CanvasViewContext m_context;
    QHash<QString, QPointer<CanvasTabPage>> m_pages;
    bool m_syncing = false;
};

// One tab: the bars of edit protection above its content view.
class CanvasTabPage : public QWidget
{
    Q_OBJECT

public:
    CanvasTabPage(const CanvasTab &tab, const CanvasViewContext &context, QWidget *parent = nullptr);

    // A new state of the same tab (rebuilds the view when the content changed and is not being typed).
    void setTab(const CanvasTab &tab, const CanvasViewContext &context);
    const CanvasTab &tab() const { return m_tab; }
    QWidget *view() const { return m_view; }
    QWidget *heldBar() const { return m_heldBar; }
    QWidget *editBar() const { return m_editBar; }
    QPushButton *applyButton() const { return m_apply; }
    QPushButton *discardButton() const { return m_discard; }
    QPushButton *doneButton() const { return m_done; }
    bool hasPendingEdit() const;
    void flushEdit();

Q_SIGNALS:
    void commandRequested(Tessera::CanvasOp op, const QByteArray &objectJson);

private:
    void rebuildView(const CanvasViewContext &context);
    void updateBars();
    void requestResolution(CanvasOp op);
    void onTextChanged();

    CanvasTab m_tab;
    QWidget *m_view = nullptr;
    QWidget *m_heldBar = nullptr;
    QWidget *m_editBar = nullptr;
    QPushButton *m_apply = nullptr;
    QPushButton *m_discard = nullptr;
    QPushButton *m_done = nullptr;
    QTimer *m_editTimer = nullptr;
};

} // namespace Tessera
