#include <workbench/canvascommand.h>

#include <array>

#include <QDir>
#include <QFileInfo>
#include <QObject>
#include <QUrl>

#include <nlohmann/json.hpp>

#include <cards/dialects/widgetdocument.h>
#include <cards/jsonaccess.h>
#include <cards/strictjson.h>
#include <cards/tesseraassert.h>
#include <workbench/logging.h>

namespace Tessera {

using json = nlohmann::json;

namespace {

QByteArray compact(const json &value)
{
    const std::string text = value.dump(-1, ' ', false, json::error_handler_t::replace);
    return QByteArray(text.data(), qsizetype(text.size()));
}

void addIssue(QList<CanvasIssue> *issues, const QString &pointer, const QString &message)
{
    if (issues)
        issues->append({pointer, message});
}

bool checkString(const json &value, const QString &pointer, qsizetype maxChars, QList<CanvasIssue> *issues)
{
    if (!value.is_string()) {
        addIssue(issues, pointer, QStringLiteral("must be a string"));
        return false;
    }
    if (fromStdString(value.get_ref<const std::string &>()).size() > maxChars) {
        addIssue(issues, pointer, QStringLiteral("must be at most %1 characters").arg(maxChars));
        return false;
    }
    return true;
}

// --- the content table: one checker per type ------------------------------------------------------

using ContentCheck = bool (*)(const json &content, const QString &pointer, QList<CanvasIssue> *issues);

bool checkText(const json &content, const QString &pointer, QList<CanvasIssue> *issues)
{
    return checkString(content, pointer, kCanvasMaxTextChars, issues);
}

bool checkJson(const json &content, const QString &pointer, QList<CanvasIssue> *issues)
{
    // Any value is a document; a string is JSON text, judged when drawn (it may be broken on purpose).
    return !content.is_string() || checkString(content, pointer, kCanvasMaxTextChars, issues);
}

bool checkWidget(const json &content, const QString &pointer, QList<CanvasIssue> *issues)
{
    if (!content.is_object()) {
        addIssue(issues, pointer, QStringLiteral("must be a widget document object {version, root}"));
        return false;
    }
    QList<ValidationIssue> found;
    validateWidgetDocument(content, found);
    for (const ValidationIssue &issue : std::as_const(found)) {
        QString at = issue.pointer;
        if (at.startsWith(QLatin1String("/payload")))
            at = pointer + at.mid(8);
        addIssue(issues, at, issue.message);
    }
    return found.isEmpty();
}

bool checkCanvas(const json &content, const QString &pointer, QList<CanvasIssue> *issues)
{
    json payload = content;
    if (content.is_string())
        payload = json{{"html", content}};
    if (!payload.is_object()) {
        addIssue(issues, pointer, QStringLiteral("must be the HTML as a string or a canvas object {html | template, data?}"));
        return false;
    }
    // Every rule of the canvas kind: the card validator judges it as a canvas card would be.
    const json envelope = {{"kind", "canvas"}, {"specVersion", 1}, {"payload", payload}};
    const Card card = Card::fromEnvelopeText(compact(envelope));
    for (const ValidationIssue &issue : card.issues()) {
        QString at = issue.pointer;
        at = at.startsWith(QLatin1String("/payload")) ? pointer + at.mid(8) : pointer;
        addIssue(issues, at, issue.message);
    }
    return card.isValid();
}

bool checkAddress(const json &content, const QString &pointer, QList<CanvasIssue> *issues, const char *dataPrefix)
{
    if (!checkString(content, pointer, kCanvasMaxAddressChars, issues))
        return false;
    const QString address = fromStdString(content.get_ref<const std::string &>()).trimmed();
    QString reason;
    const CanvasAddressKind kind = classifyCanvasAddress(address, &reason);
    if (kind == CanvasAddressKind::Refused || kind == CanvasAddressKind::Http) {
        addIssue(issues, pointer, kind == CanvasAddressKind::Http
                                          ? QStringLiteral("http:// is refused: only https:// is fetched, after a click")
                                          : reason);
        return false;
    }
    if (kind == CanvasAddressKind::Data && !address.startsWith(QLatin1String(dataPrefix), Qt::CaseInsensitive)) {
        addIssue(issues, pointer, QStringLiteral("a data: URI here must be typed %1…").arg(QLatin1String(dataPrefix)));
        return false;
    }
    return true;
}

bool checkImage(const json &content, const QString &pointer, QList<CanvasIssue> *issues)
{
    return checkAddress(content, pointer, issues, "data:image/");
}

bool checkPdf(const json &content, const QString &pointer, QList<CanvasIssue> *issues)
{
    return checkAddress(content, pointer, issues, "data:application/pdf");
}

bool checkWebAddress(const json &content, const QString &pointer, QList<CanvasIssue> *issues)
{
    if (!checkString(content, pointer, 2048, issues))
        return false;
    const QUrl url(fromStdString(content.get_ref<const std::string &>()).trimmed(), QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || scheme != QLatin1String("https") || url.host().isEmpty()) {
        addIssue(issues, pointer, QStringLiteral("must be an https:// address with a host"));
        return false;
    }
    return true;
}

// mcp_app: {toolCallId} and nothing else. The app's HTML, server and arguments come only from the
// stored tool result the id names (an agent cannot make an app view of its own).
bool checkMcpApp(const json &content, const QString &pointer, QList<CanvasIssue> *issues)
{
    if (!content.is_object()) {
        addIssue(issues, pointer, QStringLiteral("must be an object {toolCallId}: the id of a tool result with an app view"));
        return false;
    }
    bool ok = true;
    for (const auto &member : content.items()) {
        if (member.key() != "toolCallId") {
            addIssue(issues, pointer + QLatin1Char('/') + fromStdString(member.key()),
                     QStringLiteral("is not a member of an mcp_app tab: it shows a stored app result, named by toolCallId"));
            ok = false;
        }
    }
    const auto id = content.find("toolCallId");
    if (id == content.end()) {
        addIssue(issues, pointer + QStringLiteral("/toolCallId"), QStringLiteral("is required"));
        return false;
    }
    if (!checkString(*id, pointer + QStringLiteral("/toolCallId"), kCanvasMaxIdChars, issues))
        return false;
    if (id->get_ref<const std::string &>().empty()) {
        addIssue(issues, pointer + QStringLiteral("/toolCallId"), QStringLiteral("must not be empty"));
        return false;
    }
    return ok;
}

struct ContentTypeRow
{
    CanvasContentType type;
    const char *name;
    ContentCheck check;
    bool editable;
};

// The one table of content types (STYLE.md rule 2); the panel's view table follows it.
constexpr std::array<ContentTypeRow, 11> kContentTypes{{
    {CanvasContentType::Widget, "widget", checkWidget, false},
    {CanvasContentType::Markdown, "markdown", checkText, true},
    {CanvasContentType::File, "file", checkText, true},
    {CanvasContentType::Csv, "csv", checkText, false},
    {CanvasContentType::Json, "json", checkJson, false},
    {CanvasContentType::Image, "image", checkImage, false},
    {CanvasContentType::Pdf, "pdf", checkPdf, false},
    {CanvasContentType::Canvas, "canvas", checkCanvas, false},
    {CanvasContentType::Url, "url", checkWebAddress, false},
    {CanvasContentType::Browser, "browser", checkWebAddress, false},
    {CanvasContentType::McpApp, "mcp_app", checkMcpApp, false},
}};

const ContentTypeRow &rowOf(CanvasContentType type)
{
    for (const ContentTypeRow &row : kContentTypes) {
        if (row.type == type)
            return row;
    }
    TESSERA_CHECK(false);
    return kContentTypes.front();
}

struct OpRow
{
    CanvasOp op;
    const char *name;
    bool agent;
};

constexpr std::array<OpRow, 7> kOps{{
    {CanvasOp::Open, "open", true},
    {CanvasOp::Update, "update", true},
    {CanvasOp::Close, "close", true},
    {CanvasOp::Edit, "edit", false},
    {CanvasOp::Apply, "apply", false},
    {CanvasOp::Discard, "discard", false},
    {CanvasOp::Done, "done", false},
}};

// An optional string member; an issue when present and not a string (or too long).
bool optionalString(const json &object, const char *key, const QString &base, qsizetype maxChars, QString *out,
                    QList<CanvasIssue> *issues)
{
    const auto it = object.find(key);
    if (it == object.end() || it->is_null())
        return true;
    const QString pointer = base + QLatin1Char('/') + QLatin1String(key);
    if (!checkString(*it, pointer, maxChars, issues))
        return false;
    *out = fromStdString(it->get_ref<const std::string &>());
    return true;
}

// The tab named by tabId or source (update, close, the person's commands).
bool parseTarget(const json &object, CanvasCommand *command, QList<CanvasIssue> *issues, bool sourceAllowed)
{
    bool ok = optionalString(object, "tabId", QString(), kCanvasMaxIdChars, &command->tabId, issues);
    if (sourceAllowed)
        ok = optionalString(object, "source", QString(), kCanvasMaxIdChars, &command->source, issues) && ok;
    if (ok && command->tabId.isEmpty() && command->source.isEmpty()) {
        addIssue(issues, sourceAllowed ? QString() : QStringLiteral("/tabId"),
                 sourceAllowed ? QStringLiteral("tabId or source is required") : QStringLiteral("is required"));
        return false;
    }
    return ok;
}

// The content member of a tab, under its seed 003 aliases: definition (widget), src / url (addresses),
// text (strings). Returns the member's name, or nullptr when none is there.
const char *contentKey(const json &tab)
{
    for (const char *key : {"content", "definition", "src", "url", "text"}) {
        if (tab.contains(key))
            return key;
    }
    return nullptr;
}

bool parseOpen(const json &object, CanvasCommand *command, QList<CanvasIssue> *issues)
{
    const char *tabKey = object.contains("tab") ? "tab" : "content";
    const auto tabIt = object.find(tabKey);
    if (tabIt == object.end()) {
        addIssue(issues, QStringLiteral("/tab"), QStringLiteral("is required"));
        return false;
    }
    const QString base = QLatin1Char('/') + QLatin1String(tabKey);
    if (!tabIt->is_object()) {
        addIssue(issues, base, QStringLiteral("must be an object {type, title?, source?, content}"));
        return false;
    }
    const json &tab = *tabIt;
    bool ok = true;
    const auto typeIt = tab.find("type");
    if (typeIt == tab.end()) {
        addIssue(issues, base + QStringLiteral("/type"), QStringLiteral("is required"));
        ok = false;
    } else if (!typeIt->is_string()
               || !canvasContentTypeFromName(fromStdString(typeIt->get_ref<const std::string &>()), &command->type)) {
        const QString name = typeIt->is_string() ? fromStdString(typeIt->get_ref<const std::string &>()) : QString();
        addIssue(issues, base + QStringLiteral("/type"),
                 name == QLatin1String("model3d")
                         ? QStringLiteral("\"%1\" is not drawn by Tessera yet; must be one of: %2")
                                   .arg(name, canvasContentTypeNames().join(QStringLiteral(", ")))
                         : QStringLiteral("must be one of: %1").arg(canvasContentTypeNames().join(QStringLiteral(", "))));
        ok = false;
    }
    ok = optionalString(tab, "id", base, kCanvasMaxIdChars, &command->tabId, issues) && ok;
    ok = optionalString(tab, "title", base, kCanvasMaxTitleChars, &command->title, issues) && ok;
    ok = optionalString(tab, "source", base, kCanvasMaxIdChars, &command->source, issues) && ok;
    ok = optionalString(tab, "language", base, 32, &command->language, issues) && ok;
    if (!ok)
        return false;
    const char *key = contentKey(tab);
    if (!key) {
        addIssue(issues, base + QStringLiteral("/content"), QStringLiteral("is required"));
        return false;
    }
    const json &content = tab.at(key);
    if (!rowOf(command->type).check(content, base + QLatin1Char('/') + QLatin1String(key), issues))
        return false;
    command->hasContent = true;
    command->contentJson = compact(content);
    // An address is its own dedupe key when none is given (seed 003: reopening the same file).
    if (command->source.isEmpty() && content.is_string()
        && (command->type == CanvasContentType::Image || command->type == CanvasContentType::Pdf
            || command->type == CanvasContentType::Url || command->type == CanvasContentType::Browser)) {
        const QString address = fromStdString(content.get_ref<const std::string &>()).trimmed();
        if (address.size() <= kCanvasMaxIdChars)
            command->source = address;
    }
    // An app result is its own dedupe key too: opening the same result again re-activates its tab.
    if (command->source.isEmpty() && command->type == CanvasContentType::McpApp) {
        const QString id = QStringLiteral("mcp_app:") + fromStdString(content.at("toolCallId").get_ref<const std::string &>());
        if (id.size() <= kCanvasMaxIdChars)
            command->source = id;
    }
    return true;
}

bool parseContent(const json &object, CanvasCommand *command, QList<CanvasIssue> *issues, bool required)
{
    const auto it = object.find("content");
    if (it == object.end()) {
        if (required)
            addIssue(issues, QStringLiteral("/content"), QStringLiteral("is required"));
        return !required;
    }
    // The type is the tab's, known only when applied: here only the shape every type shares is checked;
    // CanvasPanelState checks it against the tab's own type.
    if (it->is_string() && fromStdString(it->get_ref<const std::string &>()).size() > kCanvasMaxAddressChars) {
        addIssue(issues, QStringLiteral("/content"), QStringLiteral("must be at most %1 characters").arg(kCanvasMaxAddressChars));
        return false;
    }
    command->hasContent = true;
    command->contentJson = compact(*it);
    return true;
}

} // namespace

QString canvasContentTypeName(CanvasContentType type)
{
    return QLatin1String(rowOf(type).name);
}

bool canvasContentTypeFromName(const QString &name, CanvasContentType *type)
{
    for (const ContentTypeRow &row : kContentTypes) {
        if (name == QLatin1String(row.name)) {
            *type = row.type;
            return true;
        }
    }
    return false;
}

QStringList canvasContentTypeNames()
{
    QStringList names;
    for (const ContentTypeRow &row : kContentTypes)
        names.append(QLatin1String(row.name));
    return names;
}

bool isEditableCanvasType(CanvasContentType type)
{
    return rowOf(type).editable;
}

QString canvasOpName(CanvasOp op)
{
    for (const OpRow &row : kOps) {
        if (row.op == op)
            return QLatin1String(row.name);
    }
    return {};
}

bool canvasOpFromName(const QString &name, CanvasOp *op)
{
    for (const OpRow &row : kOps) {
        if (name == QLatin1String(row.name)) {
            *op = row.op;
            return true;
        }
    }
    return false;
}

bool isAgentCanvasOp(CanvasOp op)
{
    for (const OpRow &row : kOps) {
        if (row.op == op)
            return row.agent;
    }
    return false;
}

QString canvasIssuesText(const QList<CanvasIssue> &issues)
{
    QStringList lines;
    for (const CanvasIssue &issue : issues)
        lines.append((issue.pointer.isEmpty() ? QStringLiteral("(command)") : issue.pointer) + QStringLiteral(": ") + issue.message);
    return lines.join(QLatin1Char('\n'));
}

bool checkCanvasContent(CanvasContentType type, const QByteArray &contentJson, const QString &pointer,
                        QList<CanvasIssue> *issues)
{
    const StrictJsonResult parsed = parseStrictJson(std::string_view(contentJson.constData(), size_t(contentJson.size())));
    if (!parsed.ok()) {
        addIssue(issues, pointer, QStringLiteral("not JSON: %1").arg(fromStdString(parsed.error)));
        return false;
    }
    return rowOf(type).check(*parsed.value, pointer, issues);
}

bool parseCanvasCommand(CanvasOp op, const json &object, CanvasCommand *command, QList<CanvasIssue> *issues)
{
    CanvasCommand parsed;
    parsed.op = op;
    if (!object.is_object()) {
        addIssue(issues, QString(), QStringLiteral("a canvas command is a JSON object"));
        return false;
    }
    bool ok = false;
    switch (op) {
    case CanvasOp::Open:
        ok = parseOpen(object, &parsed, issues);
        break;
    case CanvasOp::Update:
        ok = parseTarget(object, &parsed, issues, true);
        ok = optionalString(object, "title", QString(), kCanvasMaxTitleChars, &parsed.title, issues) && ok;
        ok = parseContent(object, &parsed, issues, parsed.title.isEmpty()) && ok;
        break;
    case CanvasOp::Close:
        ok = parseTarget(object, &parsed, issues, true);
        break;
    case CanvasOp::Edit: {
        ok = parseTarget(object, &parsed, issues, false);
        const auto it = object.find("content");
        if (it == object.end() || !checkText(*it, QStringLiteral("/content"), issues)) {
            if (it == object.end())
                addIssue(issues, QStringLiteral("/content"), QStringLiteral("is required"));
            ok = false;
        } else {
            parsed.hasContent = true;
            parsed.contentJson = compact(*it);
        }
        break;
    }
    case CanvasOp::Apply:
    case CanvasOp::Discard:
    case CanvasOp::Done:
        ok = parseTarget(object, &parsed, issues, false);
        break;
    }
    if (!ok)
        return false;
    json stored = object;
    stored.erase("type");
    stored.erase("action");
    stored.erase("command");
    parsed.objectJson = compact(stored);
    if (command)
        *command = std::move(parsed);
    return true;
}

bool parseCanvasCommandText(CanvasOp op, const QByteArray &objectJson, CanvasCommand *command, QList<CanvasIssue> *issues)
{
    const StrictJsonResult parsed = parseStrictJson(std::string_view(objectJson.constData(), size_t(objectJson.size())));
    if (!parsed.ok()) {
        addIssue(issues, fromStdString(parsed.errorPointer), QStringLiteral("not JSON: %1").arg(fromStdString(parsed.error)));
        return false;
    }
    if (!parsed.duplicateKeys.empty()) {
        addIssue(issues, fromStdString(parsed.duplicateKeys.front()), QStringLiteral("appears more than once"));
        return false;
    }
    return parseCanvasCommand(op, *parsed.value, command, issues);
}

QByteArray canvasCommandLine(const CanvasCommand &command, const QString &summary)
{
    json object = json::object();
    try {
        object = json::parse(command.objectJson.constData(), command.objectJson.constData() + command.objectJson.size());
    } catch (const std::exception &error) {
        qCWarning(lcWorkbench) << "canvas command not JSON:" << error.what();
    }
    if (!object.is_object())
        object = json::object();
    object["command"] = canvasOpName(command.op).toStdString();
    nlohmann::ordered_json line = nlohmann::ordered_json::object();
    line["role"] = "system";
    line["content"] = summary.toStdString();
    line["canvas"] = object;
    const std::string text = line.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    return QByteArray(text.data(), qsizetype(text.size()));
}

bool canvasCommandFromLine(const json &lineJson, CanvasCommand *command, QList<CanvasIssue> *issues)
{
    const json &object = jsonMember(lineJson, "canvas");
    if (!object.is_object())
        return false;
    CanvasOp op;
    if (!canvasOpFromName(jsonString(object, "command"), &op)) {
        addIssue(issues, QStringLiteral("/canvas/command"), QStringLiteral("unknown canvas command"));
        return false;
    }
    return parseCanvasCommand(op, object, command, issues);
}

bool mayBeCanvasLine(const QByteArray &rawLine)
{
    return rawLine.contains("\"canvas\"");
}

QString canvasAppToolCallId(const QByteArray &contentJson)
{
    const StrictJsonResult parsed = parseStrictJson(std::string_view(contentJson.constData(), size_t(contentJson.size())));
    return parsed.ok() ? jsonString(*parsed.value, "toolCallId") : QString();
}

CanvasAddressKind classifyCanvasAddress(const QString &address, QString *reason)
{
    const QString trimmed = address.trimmed();
    if (trimmed.isEmpty()) {
        *reason = QStringLiteral("the address is empty");
        return CanvasAddressKind::Refused;
    }
    // A scheme is letters, digits, + - . before the first ':' (RFC 3986); a Windows drive letter is not one.
    const qsizetype colon = trimmed.indexOf(QLatin1Char(':'));
    const qsizetype slash = trimmed.indexOf(QLatin1Char('/'));
    if (colon <= 0 || (slash >= 0 && slash < colon))
        return CanvasAddressKind::LocalPath;
    const QString scheme = trimmed.left(colon).toLower();
    for (QChar c : scheme) {
        if (!(c.isLetterOrNumber() || c == QLatin1Char('+') || c == QLatin1Char('-') || c == QLatin1Char('.')))
            return CanvasAddressKind::LocalPath;
    }
    if (scheme == QLatin1String("data"))
        return CanvasAddressKind::Data;
    if (scheme == QLatin1String("https"))
        return isHttpsUrl(trimmed) ? CanvasAddressKind::Https : (*reason = QStringLiteral("an https:// address needs a host"), CanvasAddressKind::Refused);
    if (scheme == QLatin1String("http"))
        return CanvasAddressKind::Http;
    if (scheme == QLatin1String("file"))
        return CanvasAddressKind::LocalPath;
    *reason = QStringLiteral("the %1: scheme is refused: only data:, https:// and files inside the working directory are shown")
                      .arg(scheme);
    return CanvasAddressKind::Refused;
}

QString canvasLocalPath(const QString &address, const QString &workingDir, QString *reason)
{
    if (workingDir.isEmpty()) {
        *reason = QObject::tr("no working directory is set, so no local file is shown");
        return {};
    }
    QString path = address.trimmed();
    if (path.startsWith(QLatin1String("file:"), Qt::CaseInsensitive)) {
        const QUrl url(path);
        if (!url.isLocalFile() || !url.host().isEmpty()) {
            *reason = QObject::tr("only file: URLs of this computer are shown");
            return {};
        }
        path = url.toLocalFile();
    }
    const QDir base(workingDir);
    const QString root = QFileInfo(base.absolutePath()).canonicalFilePath();
    const QFileInfo info(QDir::isAbsolutePath(path) ? path : base.absoluteFilePath(path));
    const QString canonical = info.canonicalFilePath(); // symbolic links and ".." resolved; "" if missing
    if (canonical.isEmpty()) {
        *reason = QObject::tr("%1 does not exist").arg(path);
        return {};
    }
    if (root.isEmpty() || !(canonical.startsWith(root + QLatin1Char('/')))) {
        *reason = QObject::tr("%1 is outside the working directory %2, so it is not shown").arg(path, workingDir);
        return {};
    }
    return canonical;
}

} // namespace Tessera
