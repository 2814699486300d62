#include <widgets/conversation/blockwidgets.h>

#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>

#include <cards/card.h>
#include <cards/conversationmodel.h>
#include <widgets/card/fallbackcard.h>
#include <widgets/card/rendererregistry.h>
#include <widgets/common/markdownview.h>
#include <widgets/conversation/proseblock.h>

namespace Tessera {

UserBubble::UserBubble(const QString &text, QWidget *parent)
    : QFrame(parent)
{
    setObjectName(QStringLiteral("userBubble"));
    auto *label = new QLabel(text, this);
    label->setObjectName(QStringLiteral("userText"));
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    auto *who = new QLabel(tr("You"), this);
    QFont font = who->font();
    font.setBold(true);
    who->setFont(font);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(14, 10, 14, 10);
    layout->setSpacing(4);
    layout->addWidget(who);
    layout->addWidget(label);
    setAccessibleName(tr("You said"));
    setAccessibleDescription(text.left(500));
}

void UserBubble::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    QColor tint = palette().color(QPalette::Highlight);
    tint.setAlpha(38);
    painter.setPen(Qt::NoPen);
    painter.setBrush(tint);
    painter.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 10, 10);
}

ToolActivityLine::ToolActivityLine(const QString &text, QWidget *parent)
    : QFrame(parent)
{
    setObjectName(QStringLiteral("toolActivity"));
    auto *label = new QLabel(text, this);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setForegroundRole(QPalette::PlaceholderText);
    QFont font = label->font();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    label->setFont(font);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(14, 0, 14, 0);
    layout->addWidget(label);
    setAccessibleName(text);
}

QWidget *createBlockWidget(const ConversationModel &model, int row, const RenderContext &context, QWidget *parent)
{
    switch (model.blockType(row)) {
    case BlockType::UserText:
        return new UserBubble(model.blockText(row), parent);
    case BlockType::AssistantProse: {
        // Seed 003: ```dorkos-ui fences are drawn in place as widgets (a skeleton while still streaming).
        const Message &m = model.message(row);
        if (m.role == MessageRole::Assistant && ProseBlock::hasWidgetFences(m.content)) {
            const bool streaming = context.streaming
                || model.data(model.index(row), ConversationModel::StreamingRole).toBool();
            const QString owner = m.id.isEmpty() ? QStringLiteral("line %1").arg(m.lineNumber) : m.id;
            return new ProseBlock(m.content, m.cards, owner, streaming, context, parent);
        }
        auto *view = new MarkdownView(model.blockText(row), parent);
        view->setObjectName(QStringLiteral("assistantProse"));
        return view;
    }
    case BlockType::Card: {
        // The card's lifecycle state as the model computed it (seed 002), unless the caller gave one:
        // the view and the headless render both draw the last state.
        const Card &card = *model.card(row);
        const CardState state = model.cardState(card.cardId());
        RenderContext withState = context;
        if (!withState.state)
            withState.state = &state;
        return RendererRegistry::createCardWidget(card, withState, parent);
    }
    case BlockType::ToolActivity:
        return new ToolActivityLine(model.blockText(row), parent);
    case BlockType::CutOff: {
        auto *line = new ToolActivityLine(QStringLiteral("\u26A0 ") + model.blockText(row), parent);
        line->setObjectName(QStringLiteral("cutOffNotice"));
        return line;
    }
    case BlockType::Unreadable: {
        const Message &m = model.message(row);
        return new FallbackCard(QObject::tr("Unreadable line %1").arg(m.lineNumber), m.readError, m.rawLine, parent);
    }
    }
    return new QLabel(parent);
}

int estimateBlockHeight(const ConversationModel &model, int row, int width)
{
    const int usable = qMax(200, width - 28);
    const int charsPerLine = qMax(20, usable * 2 / 15);
    auto textHeight = [&](const QString &text) {
        int lines = 0;
        for (const QStringView line : QStringView(text).split(u'\n'))
            lines += 1 + int(line.size()) / charsPerLine;
        return lines * 17;
    };
    switch (model.blockType(row)) {
    case BlockType::UserText:
        return 38 + textHeight(model.blockText(row));
    case BlockType::AssistantProse: {
        // Each ```dorkos-ui fence is a widget, not its text (seed 003).
        const QString text = model.blockText(row);
        const int fences = text.contains(QLatin1String("dorkos-ui")) ? int(text.count(QLatin1String("```dorkos-ui"))) : 0;
        return 4 + (fences > 0 ? 8 + 220 * fences + textHeight(text) / 3 : textHeight(text));
    }
    case BlockType::ToolActivity:
    case BlockType::CutOff:
        return 22;
    case BlockType::Unreadable:
        return 90;
    case BlockType::Card:
        break;
    }
    // Cards: counted from the raw text, which is cheap, instead of parsing the payload. The constants
    // are the renderers' median heights at 900 px (tessera-bench, "layout" figures).
    const Card *card = model.card(row);
    if (!card->isValid())
        return 90;
    const QByteArray &raw = card->rawText();
    switch (card->kind()) {
    case CardKind::MetricChart:
        return 348;
    case CardKind::DataTable: {
        const int columns = int(raw.count("\"key\""));
        const int rows = qMax(1, int(raw.count('{')) - columns - 3);
        return 90 + 25 * rows;
    }
    case CardKind::Code:
        return 70 + 17 * qMin(24, 1 + int(raw.count("\\n")));
    case CardKind::ItemList:
        return 35 + 41 * qMax(1, int(raw.count("\"id\"")));
    case CardKind::Detail:
        return 62 + 24 * qMax(1, int(raw.count("\"label\"")));
    case CardKind::Text:
        return 60 + textHeight(QString::fromUtf8(raw).left(8000)) * 7 / 10;
    case CardKind::Alert:
        return 56;
    case CardKind::RecommendActions:
        return 74;
    case CardKind::Canvas:
        return 82;
    case CardKind::JsonRender: // containers draw no row of their own: about 18 px per element (seed 001)
        return 50 + 18 * qBound(1, int(raw.count("\"type\"")), 60);
    case CardKind::WidgetDocument: // about one row per node (seed 003)
        return 60 + 44 * qBound(1, int(raw.count("\"type\"")), 12);
    case CardKind::Unknown:
    case CardKind::Registered:
        break;
    }
    return 100;
}

int blockHeightForWidth(QWidget *widget, int width)
{
    if (widget->hasHeightForWidth()) {
        const int h = widget->heightForWidth(width);
        if (h > 0)
            return h;
    }
    if (QLayout *layout = widget->layout()) {
        layout->activate();
        if (layout->hasHeightForWidth())
            return layout->totalHeightForWidth(width);
    }
    return qMax(widget->sizeHint().height(), widget->minimumSizeHint().height());
}

} // namespace Tessera
