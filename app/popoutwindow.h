#pragma once

// A card popped out of the conversation (issue 15, seed 003 "Widgets Talk Back"): a small floating
// window (a tool window of the main window: it stays above it) showing one interactive widget or
// canvas, drawn by the same renderer as in the conversation, which keeps its own copy. Closing it (the
// window's close button, Esc) only dismisses this view.
//
// Bound to one conversation (its key, PopOutController): a window opened on a board follows the newest
// board of that conversation (showCard), whichever conversation is on screen. Its controls talk through
// its own CardActions; the controller forwards them to the conversation's (app/popoutcontroller.h).
//
// An MCP App block pops out the same way (issue 16): the window draws the stored tool result line with
// the view through the conversation's tool-app factory (blockwidgets.h createToolAppWidget), so it
// is a live view of its own in the same sandbox, with the same bridge, consent strip and host; closing
// the window tears it down (ui/resource-teardown).

#include <QPointer>
#include <QWidget>

#include <cards/card.h>
#include <cards/transcript.h>
#include <widgets/card/rendererregistry.h>

class QLabel;
class QScrollArea;

namespace Tessera {

class CardActions;

class PopOutWindow : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kWidth = 440;      // px, the window's first width
    static constexpr int kMaxHeight = 640;  // px, the first height at most; taller content scrolls

    PopOutWindow(const QString &conversation, const QString &conversationTitle, const Card &card,
                 const RenderSettings &settings, QWidget *parent = nullptr);
    // An MCP App block: message is the tool result line that carries "tessera_app".
    PopOutWindow(const QString &conversation, const QString &conversationTitle, const Message &app,
                 const RenderSettings &settings, QWidget *parent = nullptr);
    // The key an app window is found by: the line's tool call id ("" for a card window).
    static QString appKeyOf(const Message &app);
    QString appKey() const { return m_appKey; }

    QString conversation() const { return m_conversation; }
    void setConversation(const QString &conversation) { m_conversation = conversation; }
    void setConversationTitle(const QString &title);
    Card card() const { return m_card; }
    // Opened on a board: the newest board of its conversation replaces what it shows.
    bool followsBoards() const { return m_follows; }
    CardActions *actions() const { return m_actions; }
    QWidget *cardWidget() const { return m_cardWidget; } // the card as drawn (the frame, or its wrapper)
    QLabel *originLabel() const { return m_origin; }
    // How many times the content was replaced since the window opened.
    int replacements() const { return m_replacements; }

    // Draws card in place of the one shown (a newer board, or the same card popped out again).
    void showCard(const Card &card);
    // Draws the app block of a tool result line in place of what is shown.
    void showApp(const Message &app);

protected:
    bool event(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void build();
    void updateOrigin();
    void placeContent(QWidget *holder, QWidget *drawn, const QString &name);

    QString m_conversation;
    QString m_conversationTitle;
    Card m_card;
    bool m_follows = false;
    QString m_appKey; // app windows only
    RenderSettings m_settings;
    CardActions *m_actions = nullptr; // Owned (child).
    QLabel *m_origin = nullptr;
    QScrollArea *m_scroll = nullptr;
    QPointer<QWidget> m_cardWidget;
    int m_replacements = 0;
};

} // namespace Tessera
