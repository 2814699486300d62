#pragma once

// Widgets for the blocks that are not cards (user text, assistant prose, tool activity, unreadable
// lines), and the one function the conversation view and the headless render use to build any block.

#include <QFrame>

class QLabel;

namespace Tessera {

class ConversationModel;
struct RenderContext;

// Builds the widget for one model row. Never returns nullptr.
QWidget *createBlockWidget(const ConversationModel &model, int row, const RenderContext &context,
                           QWidget *parent);

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

} // namespace Tessera
