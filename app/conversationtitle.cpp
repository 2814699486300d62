#include <app/conversationtitle.h>

#include <store/conversationstore.h>

namespace Tessera {

QString titleFromFirstUserMessage(ConversationStore *store, const QString &id, const QString &text)
{
    if (!store || !store->isOpen() || id.isEmpty())
        return {};
    StoreStatus status;
    if (!text.trimmed().isEmpty() && store->userMessageCount(id, &status) == 1 && status.ok()) {
        // NotFound here means the person renamed it: their title stays, as the store promises.
        store->setAutomaticTitle(id, text);
    }
    return store->conversation(id).title;
}

} // namespace Tessera
