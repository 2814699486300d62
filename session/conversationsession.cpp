#include "conversationsession.h"

// Placeholder until the session work lands.

#include "backend.h"

namespace Tessera {

ConversationSession::ConversationSession(ConversationModel *model, ConversationStore *store, QObject *parent)
    : QObject(parent)
    , m_model(model)
    , m_store(store)
{
}

ConversationSession::~ConversationSession() = default;

void ConversationSession::setBackend(Backend *backend)
{
    m_backend = backend;
}

void ConversationSession::setConversationId(const QString &id) { m_conversationId = id; }
void ConversationSession::setTurnTimeout(int ms) { m_turnTimeoutMs = ms; }
bool ConversationSession::sendUserMessage(const QString &, QString *) { return false; }
bool ConversationSession::sendCardDecision(const QString &, const QString &, const QString &, const QString &, QString *) { return false; }
bool ConversationSession::sendWidgetAction(const QString &, const QString &, const QByteArray &, QString *) { return false; }
void ConversationSession::stopTurn() {}
void ConversationSession::onEvent(const WireEvent &) {}

} // namespace Tessera
