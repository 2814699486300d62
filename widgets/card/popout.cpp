#include <widgets/card/popout.h>

#include <QAction>
#include <QApplication>
#include <QToolButton>

#include <nlohmann/json.hpp>

#include <cards/card.h>
#include <cards/cardkinds.h>
#include <widgets/card/cardactions.h>
#include <widgets/card/cardframe.h>

namespace Tessera {

using nlohmann::json;

namespace {

// Validated documents are shallow; the bound only keeps a walk of a hostile tree finite.
constexpr int kMaxWalkDepth = 256;

bool isInteractiveType(const std::string &type)
{
    return type == "board" || type == "form" || type == "checklist" || type == "button" || type == "input"
           || type == "select";
}

// Walks every object of the tree; test() decides on each one.
template<typename Test>
bool anyObject(const json &value, const Test &test, int depth = 0)
{
    if (depth > kMaxWalkDepth)
        return false;
    if (value.is_object()) {
        if (test(value))
            return true;
        for (const auto &member : value.items()) {
            if (anyObject(member.value(), test, depth + 1))
                return true;
        }
    } else if (value.is_array()) {
        for (const json &item : value) {
            if (anyObject(item, test, depth + 1))
                return true;
        }
    }
    return false;
}

std::string typeOf(const json &object)
{
    const auto type = object.find("type");
    return type != object.end() && type->is_string() ? type->get<std::string>() : std::string();
}

bool isWidgetDocument(const Card &card)
{
    return card.isValid() && card.kind() == CardKind::WidgetDocument;
}

} // namespace

bool canPopOut(const Card &card)
{
    if (!card.isValid())
        return false;
    if (card.kind() == CardKind::Canvas)
        return true;
    if (!isWidgetDocument(card))
        return false;
    const json payload = card.payload();
    return anyObject(payload.is_object() ? payload.value("root", json()) : json(), [](const json &object) {
        if (isInteractiveType(typeOf(object)))
            return true;
        const auto actions = object.find("actions"); // a list item's actions
        return actions != object.end() && actions->is_array() && !actions->empty();
    });
}

bool isBoardCard(const Card &card)
{
    if (!isWidgetDocument(card))
        return false;
    const json payload = card.payload();
    return anyObject(payload.is_object() ? payload.value("root", json()) : json(),
                     [](const json &object) { return typeOf(object) == "board"; });
}

QToolButton *createPopOutButton(QWidget *owner, const QString &title, const std::function<void()> &trigger)
{
    auto *action = new QAction(QApplication::translate("Tessera::PopOut", "Pop &Out"), owner);
    action->setObjectName(QStringLiteral("popOutAction"));
    const QString tip = QApplication::translate("Tessera::PopOut",
                                                "Show this in a small window of its own; the conversation keeps it too");
    action->setToolTip(tip);
    action->setStatusTip(tip);
    QObject::connect(action, &QAction::triggered, owner, trigger);

    auto *button = new QToolButton(owner);
    button->setObjectName(QStringLiteral("popOutButton"));
    button->setDefaultAction(action);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    button->setAutoRaise(true);
    button->setFocusPolicy(Qt::StrongFocus); // a Tab stop like the card's other controls
    button->setToolTip(tip);
    button->setAccessibleName(title.isEmpty() ? QApplication::translate("Tessera::PopOut", "Pop out")
                                              : QApplication::translate("Tessera::PopOut", "Pop out %1").arg(title));
    button->setAccessibleDescription(tip);
    return button;
}

void addPopOutControl(CardFrame *frame, const Card &card, CardActions *actions)
{
    if (!frame || !actions)
        return;
    QToolButton *button = createPopOutButton(frame, card.title(), [actions, card] { actions->requestPopOut(card); });
    frame->addHeaderWidget(button);
}

QAction *popOutAction(const QWidget *cardWidget)
{
    if (!cardWidget)
        return nullptr;
    // Only the card's own frame: a conversation block holds one card (a prose block's fences have menus
    // of their own).
    const auto *frame = qobject_cast<const CardFrame *>(cardWidget);
    if (!frame)
        frame = cardWidget->findChild<CardFrame *>(QString(), Qt::FindDirectChildrenOnly);
    return frame ? frame->findChild<QAction *>(QStringLiteral("popOutAction"), Qt::FindDirectChildrenOnly) : nullptr;
}

} // namespace Tessera
