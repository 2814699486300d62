#include <workbench/canvaspanelstate.h>

#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <cards/jsonaccess.h>
#include <cards/strictjson.h>
#include <cards/transcript.h>
#include <workbench/logging.h>

namespace Tessera {

using json = nlohmann::json;

namespace {

QString stringOf(const QByteArray &contentJson)
{
    if (!contentJson.startsWith('"'))
        return {};
    // The strict reader (simdjson): a 4 Mi-character tab decodes in a few milliseconds, where
    // nlohmann's lexer took 35 ms of a frame's GUI-thread time (issue 15).
    const StrictJsonResult parsed = parseStrictJson(std::string_view(contentJson.constData(), size_t(contentJson.size())));
    return parsed.ok() && parsed.value->is_string() ? fromStdString(parsed.value->get_ref<const std::string &>()) : QString();
}

QString derivedTitle(const CanvasCommand &command, int number)
{
    if (!command.title.isEmpty())
        return command.title;
    if (command.type == CanvasContentType::Widget) {
        try {
            const json doc = json::parse(command.contentJson.constData(), command.contentJson.constData() + command.contentJson.size());
            const QString title = jsonString(doc, "title");
            if (!title.isEmpty())
                return title.left(kCanvasMaxTitleChars);
        } catch (const std::exception &) {
        }
    }
    if (!command.source.isEmpty() && !command.source.startsWith(QLatin1String("data:"), Qt::CaseInsensitive)) {
        const QString name = QFileInfo(command.source).fileName();
        if (!name.isEmpty())
            return name.left(kCanvasMaxTitleChars);
    }
    QString type = canvasContentTypeName(command.type);
    type[0] = type.at(0).toUpper();
    return QStringLiteral("%1 %2").arg(type).arg(number);
}

CanvasApplyResult refusal(const QString &pointer, const QString &message)
{
    CanvasApplyResult result;
    result.issues.append({pointer, message});
    return result;
}

} // namespace

QString CanvasTab::contentText() const
{
    return stringOf(contentJson);
}

QString CanvasTab::heldText() const
{
    return stringOf(heldJson);
}

int CanvasPanelState::indexOf(const QString &tabId) const
{
    for (int i = 0; i < m_tabs.size(); ++i) {
        if (m_tabs.at(i).id == tabId)
            return i;
    }
    return -1;
}

int CanvasPanelState::indexOfSource(const QString &source) const
{
    if (source.isEmpty())
        return -1;
    for (int i = 0; i < m_tabs.size(); ++i) {
        if (m_tabs.at(i).source == source)
            return i;
    }
    return -1;
}

int CanvasPanelState::target(const CanvasCommand &command, CanvasApplyResult *result) const
{
    if (!command.tabId.isEmpty()) {
        const int index = indexOf(command.tabId);
        if (index < 0)
            result->issues.append({QStringLiteral("/tabId"), QStringLiteral("no open tab has the id \"%1\"").arg(command.tabId)});
        return index;
    }
    const int index = indexOfSource(command.source);
    if (index < 0)
        result->issues.append({QStringLiteral("/source"), QStringLiteral("no open tab has the source \"%1\"").arg(command.source)});
    return index;
}

CanvasApplyResult CanvasPanelState::check(const CanvasCommand &command) const
{
    CanvasPanelState copy = *this;
    return copy.apply(command);
}

bool CanvasPanelState::noteAppLine(const QByteArray &rawLine)
{
    if (!rawLine.contains("\"tessera_app\""))
        return false;
    json line;
    try {
        line = json::parse(rawLine.constData(), rawLine.constData() + rawLine.size());
    } catch (const std::exception &) {
        return false;
    }
    if (!line.is_object() || jsonString(line, "role") != QLatin1String("tool"))
        return false;
    const QString id = jsonString(line, "tool_call_id");
    const json &app = jsonMember(line, "tessera_app");
    if (id.isEmpty() || id.size() > kCanvasMaxIdChars || !app.is_object())
        return false;
    m_apps.insert(id, {rawLine, jsonString(app, "tool")});
    return true;
}

QByteArray CanvasPanelState::appLine(const QString &toolCallId) const
{
    return m_apps.value(toolCallId).line;
}

bool CanvasPanelState::resolveApp(const QByteArray &contentJson, const QString &pointer, QByteArray *line, QString *tool,
                                  CanvasApplyResult *result) const
{
    const QString id = canvasAppToolCallId(contentJson);
    const auto found = m_apps.constFind(id);
    if (found == m_apps.constEnd()) {
        result->issues.append({pointer + QStringLiteral("/toolCallId"),
                               QStringLiteral("no tool result with an app view has the id \"%1\" in this conversation").arg(id)});
        return false;
    }
    *line = found->line;
    if (tool)
        *tool = found->tool;
    return true;
}

void CanvasPanelState::setContent(CanvasTab &tab, const QByteArray &contentJson, const QString &title)
{
    if (!contentJson.isEmpty() && contentJson != tab.contentJson) {
        tab.contentJson = contentJson;
        ++tab.revision;
    }
    if (!title.isEmpty())
        tab.title = title;
}

CanvasApplyResult CanvasPanelState::apply(const CanvasCommand &command)
{
    CanvasApplyResult result;
    switch (command.op) {
    case CanvasOp::Open: {
        QByteArray appLine;
        QString appTool;
        if (command.type == CanvasContentType::McpApp
            && !resolveApp(command.contentJson, QStringLiteral("/tab/content"), &appLine, &appTool, &result))
            return result;
        const int existing = indexOfSource(command.source);
        if (existing >= 0) {
            CanvasTab &tab = m_tabs[existing];
            if (tab.type != command.type)
                return refusal(QStringLiteral("/tab/type"), QStringLiteral("the tab with this source is a %1 tab")
                                                                     .arg(canvasContentTypeName(tab.type)));
            m_active = existing;
            result.ok = true;
            result.tabId = tab.id;
            result.change = CanvasChange::Activated;
            result.summary = QStringLiteral("showed %1 again").arg(tab.title);
            if (command.contentJson != tab.contentJson) {
                if (tab.editing) {
                    tab.hasHeld = true;
                    tab.heldJson = command.contentJson;
                    tab.heldTitle = command.title;
                    result.change = CanvasChange::Held;
                } else {
                    setContent(tab, command.contentJson, command.title);
                    tab.appLine = appLine;
                    result.change = CanvasChange::Updated;
                }
            }
            return result;
        }
        if (m_tabs.size() >= kCanvasMaxTabs)
            return refusal(QStringLiteral("/tab"), QStringLiteral("the panel holds at most %1 tabs; close one first").arg(kCanvasMaxTabs));
        CanvasTab tab;
        tab.id = command.tabId.isEmpty() ? QStringLiteral("tab-%1").arg(m_opened + 1) : command.tabId;
        if (indexOf(tab.id) >= 0)
            return refusal(QStringLiteral("/tab/id"), QStringLiteral("a tab with the id \"%1\" is open already").arg(tab.id));
        tab.type = command.type;
        tab.source = command.source;
        tab.language = command.language;
        tab.contentJson = command.contentJson;
        tab.appLine = appLine;
        tab.title = command.title.isEmpty() && !appTool.isEmpty() ? appTool.left(kCanvasMaxTitleChars)
                                                                  : derivedTitle(command, m_opened + 1);
        ++m_opened;
        m_tabs.append(tab);
        m_active = int(m_tabs.size()) - 1;
        result.ok = true;
        result.tabId = tab.id;
        result.change = CanvasChange::Opened;
        result.summary = QStringLiteral("opened %1").arg(tab.title);
        return result;
    }
    case CanvasOp::Update: {
        const int index = target(command, &result);
        if (index < 0)
            return result;
        CanvasTab &tab = m_tabs[index];
        if (command.hasContent
            && !checkCanvasContent(tab.type, command.contentJson, QStringLiteral("/content"), &result.issues))
            return result;
        QByteArray appLine = tab.appLine;
        if (command.hasContent && tab.type == CanvasContentType::McpApp
            && !resolveApp(command.contentJson, QStringLiteral("/content"), &appLine, nullptr, &result))
            return result;
        result.ok = true;
        result.tabId = tab.id;
        if (tab.editing && command.hasContent) {
            tab.hasHeld = true;
            tab.heldJson = command.contentJson;
            tab.heldTitle = command.title;
            result.change = CanvasChange::Held;
            result.summary = QStringLiteral("held an update of %1 back: it is being edited").arg(tab.title);
            return result;
        }
        setContent(tab, command.contentJson, command.title);
        tab.appLine = appLine;
        result.change = CanvasChange::Updated;
        result.summary = QStringLiteral("updated %1").arg(tab.title);
        return result;
    }
    case CanvasOp::Close: {
        const int index = target(command, &result);
        if (index < 0)
            return result;
        result.ok = true;
        result.tabId = m_tabs.at(index).id;
        result.change = CanvasChange::Closed;
        result.summary = QStringLiteral("closed %1").arg(m_tabs.at(index).title);
        m_tabs.removeAt(index);
        if (m_tabs.isEmpty())
            m_active = -1;
        else if (m_active > index || m_active >= m_tabs.size())
            m_active = qMin(int(m_tabs.size()) - 1, m_active > index ? m_active - 1 : m_active);
        return result;
    }
    case CanvasOp::Edit: {
        const int index = target(command, &result);
        if (index < 0)
            return result;
        CanvasTab &tab = m_tabs[index];
        if (!isEditableCanvasType(tab.type))
            return refusal(QStringLiteral("/tabId"), QStringLiteral("a %1 tab is not edited").arg(canvasContentTypeName(tab.type)));
        tab.editing = true;
        setContent(tab, command.contentJson, QString());
        result.ok = true;
        result.tabId = tab.id;
        result.change = CanvasChange::Edited;
        result.summary = QStringLiteral("the person edited %1").arg(tab.title);
        return result;
    }
    case CanvasOp::Apply:
    case CanvasOp::Discard:
    case CanvasOp::Done: {
        const int index = target(command, &result);
        if (index < 0)
            return result;
        CanvasTab &tab = m_tabs[index];
        if (command.op != CanvasOp::Done && !tab.hasHeld)
            return refusal(QStringLiteral("/tabId"), QStringLiteral("no update of this tab is held back"));
        if (command.op == CanvasOp::Apply)
            setContent(tab, tab.heldJson, tab.heldTitle);
        result.summary = command.op == CanvasOp::Apply     ? QStringLiteral("the person applied the agent's update of %1").arg(tab.title)
                         : command.op == CanvasOp::Discard ? QStringLiteral("the person discarded the agent's update of %1").arg(tab.title)
                                                           : QStringLiteral("the person finished editing %1").arg(tab.title);
        tab.editing = false;
        tab.hasHeld = false;
        tab.heldJson.clear();
        tab.heldTitle.clear();
        result.ok = true;
        result.tabId = tab.id;
        result.change = CanvasChange::Resolved;
        return result;
    }
    }
    return result;
}

void CanvasPanelState::activate(int index)
{
    if (index >= 0 && index < m_tabs.size())
        m_active = index;
}

bool CanvasPanelState::applyLine(const QByteArray &rawLine)
{
    if (noteAppLine(rawLine))
        return false; // a tool result, not a canvas command
    if (!mayBeCanvasLine(rawLine))
        return false;
    json line;
    try {
        line = json::parse(rawLine.constData(), rawLine.constData() + rawLine.size());
    } catch (const std::exception &) {
        return false; // an unreadable line is the transcript's to report
    }
    if (jsonString(line, "role") != QLatin1String("system"))
        return false;
    CanvasCommand command;
    QList<CanvasIssue> issues;
    if (!canvasCommandFromLine(line, &command, &issues)) {
        if (!issues.isEmpty())
            qCWarning(lcWorkbench).noquote() << "stored canvas command skipped:" << canvasIssuesText(issues);
        return false;
    }
    const CanvasApplyResult result = apply(command);
    if (!result.ok)
        qCInfo(lcWorkbench).noquote() << "stored canvas command not applied:" << canvasIssuesText(result.issues);
    return result.ok;
}

CanvasPanelState CanvasPanelState::replay(const QList<Message> &messages)
{
    CanvasPanelState state;
    for (const Message &message : messages) {
        if (message.role == MessageRole::System || message.role == MessageRole::Tool)
            state.applyLine(message.rawLine);
    }
    return state;
}

CanvasPanelState CanvasPanelState::replayLines(const QList<QByteArray> &rawLines)
{
    CanvasPanelState state;
    for (const QByteArray &line : rawLines)
        state.applyLine(line);
    return state;
}

} // namespace Tessera
