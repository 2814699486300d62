#pragma once

// What a card asks of the application. Card widgets emit their own signals; the renderer registry
// forwards them here, so the conversation view and the main window connect to one object.

#include <QObject>
#include <QString>

namespace Tessera {

class CardActions : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

Q_SIGNALS:
    // A recommend_actions pill: put this text into the composer, do not send it (seed 000).
    void promptRequested(const QString &prompt);
    // An item_list item was activated; the id is an identifier, never a URL (seed 000).
    void itemActivated(const QString &itemId);
};

} // namespace Tessera
