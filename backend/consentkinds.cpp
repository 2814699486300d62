// The consent card kinds (backend/toolhost.h) on their own: `tessera validate` registers them, and this
// file names nothing of the backends, so the program that validates links none of their libraries
// (Qt Network, WebSockets, the keyring; issue 17).
#include <backend/toolhost.h>

#include <backend/logging.h>
#include <cards/cardkindregistry.h>

namespace Tessera {

namespace {

bool registerOne(const char *kind, const QByteArray &descriptor)
{
    const QString path = QStringLiteral(":tessera/") + QLatin1String(kind);
    if (CardKindRegistry::descriptor(QString::fromLatin1(kind)).path == path)
        return true;
    QString error;
    if (CardKindRegistry::registerDescriptor(descriptor, path, &error))
        return true;
    qCWarning(lcBackend).noquote() << "the tool consent card kind" << kind << "could not be registered:" << error;
    return false;
}

// Every consent kind is a detail card: title, then Tool / Server / Arguments (and Note) fields; the buttons
// decide. Only the plain kind offers a grant for the whole conversation.
enum class ConversationGrant { Offered, NotOffered };

QByteArray consentDescriptor(const char *kind, const char *title, ConversationGrant grant)
{
    QByteArray actions = R"({"id": "allow_once", "label": "Allow once", "outcome": "allowed_once"}, )";
    if (grant == ConversationGrant::Offered)
        actions += R"({"id": "allow_conversation", "label": "Allow for this conversation", )"
                   R"("outcome": "allowed_for_conversation"}, )";
    actions += R"({"id": "deny", "label": "Deny", "outcome": "denied"})";
    return QByteArray(R"({"kind": ")") + kind + R"(", "renderer": "detail", "title": ")" + title
        + R"(", "schema": {"type": "object", "required": ["title", "fields"]}, "actions": [)" + actions + "]}";
}

} // namespace

namespace ToolConsent {

bool registerKind()
{
    const bool plain = registerOne(kKind, consentDescriptor(kKind, "Tool call", ConversationGrant::Offered));
    const bool app = AppToolConsent::registerKind();
    // A destructive tool asks before every call, so a grant for the conversation is not offered.
    const bool destructive = registerOne(
        kDestructiveKind, consentDescriptor(kDestructiveKind, "Destructive tool call", ConversationGrant::NotOffered));
    return destructive && plain && app;
}

} // namespace ToolConsent

namespace AppToolConsent {

bool registerKind()
{
    // An app's call is asked every time, never granted for the conversation.
    return registerOne(kKind, consentDescriptor(kKind, "App tool call", ConversationGrant::NotOffered));
}

} // namespace AppToolConsent

} // namespace Tessera
