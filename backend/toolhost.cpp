#include <backend/toolhost.h>

#include <QUuid>

#include <backend/logging.h>
#include <cards/bidicontrols.h>
#include <cards/card.h>
#include <cards/cardkindregistry.h>
#include <cards/jsonaccess.h>

#include <nlohmann/json.hpp>

namespace Tessera {

void ToolRun::finish(const QString &text, bool isError, const QString &error)
{
    if (m_finished)
        return;
    m_finished = true;
    m_text = text;
    m_isError = isError || !error.isEmpty();
    m_error = error;
    Q_EMIT finished();
}

void ToolRun::setCard(const QByteArray &envelope, const QString &note)
{
    m_cardEnvelope = envelope;
    m_cardNote = note;
}

void ToolRun::answerInput(qint64, const QString &, const QByteArray &)
{
}

const HostedTool *ToolHost::findTool(const QString &name) const
{
    for (const HostedTool &tool : m_tools) {
        if (tool.name == name)
            return &tool;
    }
    return nullptr;
}

void ToolHost::setToolList(const QList<HostedTool> &tools)
{
    m_tools = tools;
    Q_EMIT toolsChanged();
}

namespace ToolConsent {

bool isConsentKind(const QString &kindName)
{
    return kindName == QLatin1String(kKind) || kindName == QLatin1String(kDestructiveKind);
}

bool isConsentCardId(const QString &cardId)
{
    return cardId.startsWith(QLatin1String(kCardIdPrefix));
}

std::string fieldValue(const QString &text)
{
    QString value = isolatedText(text.simplified());
    if (value.isEmpty())
        value = QStringLiteral("(none)");
    if (value.size() > 500)
        value = value.left(499) + QStringLiteral("…");
    return value.toStdString();
}

} // namespace ToolConsent

namespace AppToolConsent {

bool isAppConsentCardId(const QString &cardId)
{
    return cardId.startsWith(QLatin1String(kCardIdPrefix)) && cardId.size() > qsizetype(qstrlen(kCardIdPrefix));
}

QString newCardId()
{
    return QLatin1String(kCardIdPrefix) + QUuid::createUuid().toString(QUuid::WithoutBraces);
}

QByteArray consentLine(const QString &cardId, const QString &tool, const QString &server,
                       const QByteArray &argumentsJson, const QString &app)
{
    using ordered = nlohmann::ordered_json;
    ordered fields = ordered::array();
    fields.push_back({{"label", "Tool"}, {"value", ToolConsent::fieldValue(tool)}});
    fields.push_back({{"label", "Server"}, {"value", ToolConsent::fieldValue(server)}});
    fields.push_back({{"label", "Arguments"}, {"value", ToolConsent::fieldValue(QString::fromUtf8(argumentsJson))}});
    fields.push_back({{"label", "App"}, {"value", ToolConsent::fieldValue(app)}});
    QString title = QStringLiteral("The app %1 asks to run %2 from %3")
                        .arg(isolatedText(app), isolatedText(tool), isolatedText(server));
    if (title.size() > 120)
        title = title.left(119) + QStringLiteral("…");
    const ordered card = {{"kind", kKind}, {"specVersion", kCardSpecVersion},
                          {"payload", {{"title", title.toStdString()}, {"fields", fields}}}};
    const ordered line = {
        {"role", "tool"},
        {"name", "tessera"},
        {"content", QStringLiteral("Tessera asks before an app runs %1 from %2.").arg(tool, server).toStdString()},
        {"tessera_notice", kNotice},
        {"tessera_app_consent", {{"tool", tool.toStdString()}, {"server", server.toStdString()}, {"app", app.toStdString()}}},
        {"structured", {{"cardId", cardId.toStdString()}, {"card", card}}}};
    return QByteArray::fromStdString(line.dump(-1, ' ', false, ordered::error_handler_t::replace));
}

} // namespace AppToolConsent

namespace ToolInput {

bool isInputCardId(const QString &cardId)
{
    return cardId.startsWith(QLatin1String(kCardIdPrefix)) && cardId.size() > qsizetype(qstrlen(kCardIdPrefix));
}

bool isAnswer(const QString &action)
{
    return action == QLatin1String("accept") || action == QLatin1String("decline") || action == QLatin1String("cancel");
}

QString cardIdOf(const Message &message)
{
    if (message.role != MessageRole::Tool || !message.rawLine.contains(kNotice))
        return {};
    const nlohmann::json line = message.json();
    if (!line.is_object() || line.value("tessera_notice", nlohmann::json()) != kNotice)
        return {};
    const auto structured = line.find("structured");
    const QString cardId = structured != line.end() && structured->is_object() ? jsonString(*structured, "cardId") : QString();
    return isInputCardId(cardId) ? cardId : QString();
}

} // namespace ToolInput

} // namespace Tessera
