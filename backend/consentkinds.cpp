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

} // namespace

namespace ToolConsent {

bool registerKind()
{
    // A detail card: title, then Tool / Server / Arguments (and Note) fields; the buttons decide.
    static const QByteArray consent = R"({
        "kind": "tool_consent",
        "renderer": "detail",
        "title": "Tool call",
        "schema": {"type": "object", "required": ["title", "fields"]},
        "actions": [
            {"id": "allow_once", "label": "Allow once", "outcome": "allowed_once"},
            {"id": "allow_conversation", "label": "Allow for this conversation", "outcome": "allowed_for_conversation"},
            {"id": "deny", "label": "Deny", "outcome": "denied"}
        ]})";
    // A destructive tool asks before every call, so a grant for the conversation is not offered.
    static const QByteArray destructive = R"({
        "kind": "tool_consent_destructive",
        "renderer": "detail",
        "title": "Destructive tool call",
        "schema": {"type": "object", "required": ["title", "fields"]},
        "actions": [
            {"id": "allow_once", "label": "Allow once", "outcome": "allowed_once"},
            {"id": "deny", "label": "Deny", "outcome": "denied"}
        ]})";
    const bool plain = registerOne(kKind, consent);
    const bool app = AppToolConsent::registerKind();
    return registerOne(kDestructiveKind, destructive) && plain && app;
}

} // namespace ToolConsent

namespace AppToolConsent {

bool registerKind()
{
    // Allow once and Deny only: an app's call is asked every time, never granted for the conversation.
    static const QByteArray descriptor = R"({
        "kind": "app_tool_consent",
        "renderer": "detail",
        "title": "App tool call",
        "schema": {"type": "object", "required": ["title", "fields"]},
        "actions": [
            {"id": "allow_once", "label": "Allow once", "outcome": "allowed_once"},
            {"id": "deny", "label": "Deny", "outcome": "denied"}
        ]})";
    return registerOne(kKind, descriptor);
}

} // namespace AppToolConsent

} // namespace Tessera
