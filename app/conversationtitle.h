#pragma once

// Automatic conversation titles (issue 18): every conversation is titled from its first user message
// unless the person renamed it (ConversationStore::renameConversation marks a title as theirs).
// A conversation started with Ctrl+N is stored only when its first message is sent, already titled by
// it; one imported or kept from a file without a question (titled by its file name) takes its first
// question's title here.

#include <QString>

namespace Tessera {

class ConversationStore;

// Call after a user line with `text` was stored in conversation `id`: when it is the conversation's only
// user line, the title becomes that text (simplified and cut as the store cuts titles). Returns the
// stored title afterwards (unchanged, or the person's own), empty when the store cannot say.
QString titleFromFirstUserMessage(ConversationStore *store, const QString &id, const QString &text);

} // namespace Tessera
