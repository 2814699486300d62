#include <backend/openaitools.h>

#include <nlohmann/json.hpp>

#include <algorithm>

#include <cards/card.h>
#include <cards/cardkinds.h>
#include <cards/cardvalidator.h>
#include <cards/jsonaccess.h>
#include <cards/strictjson.h>

namespace Tessera {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

std::string toStd(const QString &text)
{
    return text.toStdString();
}

// A catalog payload schema as a tool parameter schema: "$schema" removed at every level.
ordered_json toolSchema(const json &schema)
{
    if (schema.is_object()) {
        ordered_json out = ordered_json::object();
        for (auto it = schema.begin(); it != schema.end(); ++it) {
            if (it.key() == "$schema")
                continue;
            out[it.key()] = toolSchema(it.value());
        }
        return out;
    }
    if (schema.is_array()) {
        ordered_json out = ordered_json::array();
        for (const json &item : schema)
            out.push_back(toolSchema(item));
        return out;
    }
    return ordered_json(schema);
}

// "eight" for the number of emit_card kinds, so the prompt never states a stale count.
QString countWord(qsizetype n)
{
    static const char *const kWords[] = {"no", "one", "two", "three", "four", "five", "six",
                                         "seven", "eight", "nine", "ten", "eleven", "twelve"};
    return n >= 0 && n < qsizetype(std::size(kWords)) ? QString::fromLatin1(kWords[n]) : QString::number(n);
}

// "the eight card kinds": the kinds emit_card draws, counted from the kind table.
QString emitKindsPhrase()
{
    return QStringLiteral("the %1 card kinds").arg(countWord(OpenAiTools::emitCardKinds().size()));
}

// Composition rule 4's pairs ("a series is a metric_chart, rows are a data_table, …") from the rows
// that name the shape of data they are for, in their promptOrder.
QString shapeRule()
{
    std::vector<const CardKindInfo *> named;
    for (const CardKindInfo &info : cardKindTable()) {
        if (info.promptShape)
            named.push_back(&info);
    }
    std::sort(named.begin(), named.end(),
              [](const CardKindInfo *a, const CardKindInfo *b) { return a->promptOrder < b->promptOrder; });
    QStringList pairs;
    for (const CardKindInfo *info : named)
        pairs.append(QLatin1String(info->promptShape));
    return pairs.join(QStringLiteral(", "));
}

// The catalog's one-line description of a kind, without its full stop (the tool lists them).
QString schemaDescription(CardKind kind)
{
    QString text = jsonString(CardValidator::payloadSchema(kind), "description").trimmed();
    if (text.endsWith(QLatin1Char('.')))
        text.chop(1);
    return text;
}

ordered_json emitCardTool()
{
    const QStringList kinds = OpenAiTools::emitCardKinds();
    ordered_json kindEnum = ordered_json::array();
    ordered_json payloads = ordered_json::array();
    QStringList kindLines;
    for (const QString &name : kinds) {
        const CardKind kind = cardKindFromName(name);
        kindEnum.push_back(toStd(name));
        ordered_json schema = toolSchema(CardValidator::payloadSchema(kind));
        schema["title"] = toStd(name); // the branch names its kind, so the model can pair them
        payloads.push_back(std::move(schema));
        kindLines.append(QStringLiteral("%1: %2").arg(name, schemaDescription(kind)));
    }
    const QString description = QStringLiteral(
        "Draw a card in the user's chat client: a typed block of structured data that the client renders "
        "natively. kind picks the card; payload carries only data, shaped as the payload schema titled with "
        "that kind (no colors, HTML, chart specs or URLs). Kinds: %1 The answer is \"rendered: KIND: TITLE\" "
        "when the card was drawn, or {\"ok\":false,\"code\":\"input_invalid\",\"issues\":[{\"path\",\"message\"}]} "
        "naming the fields to fix (paths point into these arguments): that card was not drawn, so fix it "
        "and call again.")
        .arg(kindLines.join(QStringLiteral("; ")) + QLatin1Char('.'));

    ordered_json parameters = {
        {"type", "object"},
        {"properties",
         {
             {"kind",
              {{"type", "string"}, {"enum", kindEnum}, {"description", "Which card to draw."}}},
             {"payload",
              {{"type", "object"},
               {"description", "The card's data; use the schema below whose title is the kind."},
               {"anyOf", payloads}}},
         }},
        {"required", ordered_json::array({"kind", "payload"})},
    };
    return {{"type", "function"},
            {"function", {{"name", "emit_card"}, {"description", toStd(description)}, {"parameters", parameters}}}};
}

ordered_json renderUiTool()
{
    ordered_json parameters = toolSchema(CardValidator::payloadSchema(CardKind::Canvas));
    parameters.erase("oneOf"); // said in the description instead (OpenAI refuses it at the top level)
    parameters.erase("title");
    const QString description = QStringLiteral(
        "Draw a canvas: a sandboxed HTML document with no network access, for shapes %1 of "
        "emit_card cannot express. Give exactly one of html (the document body) or template (the name of a "
        "template). data is any JSON value, injected read-only as window.ethosData; libraries may name "
        "echarts@1. The answer is \"rendered: canvas: TITLE\", or {\"ok\":false,\"code\":\"input_invalid\","
        "\"issues\":[…]} naming the fields to fix before calling again.")
        .arg(emitKindsPhrase());
    return {{"type", "function"},
            {"function", {{"name", "render_ui"}, {"description", toStd(description)}, {"parameters", parameters}}}};
}

ordered_json controlUiTool()
{
    const ordered_json types = [] {
        ordered_json list = ordered_json::array();
        for (const QString &name : canvasContentTypeNames())
            list.push_back(toStd(name));
        return list;
    }();
    const QString description = QStringLiteral(
        "Show documents in the canvas panel beside the chat, each in its own tab; no approval is needed. "
        "open_canvas {tab: {type, title?, source?, content}} adds a tab and switches to it (a source already "
        "open re-activates its tab). update_canvas {tabId or source, content, title?} replaces a tab's content; "
        "close_canvas {tabId or source} closes it. content by type: widget: a widget document {version: 1, "
        "root}; markdown, file, csv: the text; json: any JSON value; image, pdf: a data: URI, an https:// "
        "address or a path inside the working directory; canvas: HTML; url, browser: an https:// address "
        "(shown, never loaded); mcp_app: {toolCallId} naming one of your earlier tool calls whose result "
        "showed an app, which the tab shows again (no HTML of your own). While the user edits a markdown or file tab your update to it is held until "
        "they apply it. The answer is \"canvas: …\" or {\"ok\":false,\"code\":\"input_invalid\",\"issues\":[…]}.");
    ordered_json tab = {
        {"type", "object"},
        {"properties",
         {{"type", {{"type", "string"}, {"enum", types}}},
          {"title", {{"type", "string"}}},
          {"source", {{"type", "string"}, {"description", "What the tab shows (a file path, a name); reopening it re-activates the tab."}}},
          {"language", {{"type", "string"}, {"description", "file tabs: the language, e.g. python"}}},
          {"content", {{"description", "The tab's content, shaped by its type."}}}}},
        {"required", ordered_json::array({"type", "content"})},
    };
    ordered_json parameters = {
        {"type", "object"},
        {"properties",
         {{"action", {{"type", "string"}, {"enum", ordered_json::array({"open_canvas", "update_canvas", "close_canvas"})}}},
          {"tab", tab},
          {"tabId", {{"type", "string"}}},
          {"source", {{"type", "string"}}},
          {"title", {{"type", "string"}}},
          {"content", {{"description", "update_canvas: the new content."}}}}},
        {"required", ordered_json::array({"action"})},
    };
    return {{"type", "function"},
            {"function", {{"name", "control_ui"}, {"description", toStd(description)}, {"parameters", parameters}}}};
}

QString refusal(const char *code, const ordered_json &detail)
{
    ordered_json out = {{"ok", false}, {"code", code}};
    for (auto it = detail.begin(); it != detail.end(); ++it)
        out[it.key()] = it.value();
    return QString::fromStdString(out.dump(-1, ' ', false, json::error_handler_t::replace));
}

QString invalid(const QList<ValidationIssue> &issues)
{
    ordered_json list = ordered_json::array();
    for (qsizetype i = 0; i < issues.size() && i < OpenAiTools::kMaxReportedIssues; ++i)
        list.push_back({{"path", toStd(issues.at(i).pointer)}, {"message", toStd(issues.at(i).message)}});
    if (issues.size() > OpenAiTools::kMaxReportedIssues) {
        list.push_back({{"path", ""},
                        {"message", toStd(QStringLiteral("and %1 more issues")
                                              .arg(issues.size() - OpenAiTools::kMaxReportedIssues))}});
    }
    return refusal("input_invalid", {{"issues", list}});
}

// Valid JSON text on one line: raw line ends can only be whitespace between tokens.
QByteArray oneLine(QByteArray text)
{
    text.replace('\r', ' ');
    text.replace('\n', ' ');
    return text.trimmed();
}

} // namespace

QStringList OpenAiTools::emitCardKinds()
{
    QStringList kinds;
    for (const CardKindInfo &info : cardKindTable()) {
        if (info.emitCard)
            kinds.append(QLatin1String(info.name));
    }
    return kinds;
}

bool OpenAiTools::isCardTool(const QString &name)
{
    return name == QLatin1String("emit_card") || name == QLatin1String("render_ui");
}

QByteArray OpenAiTools::toolsJson()
{
    static const QByteArray tools = [] {
        const ordered_json list = ordered_json::array({emitCardTool(), renderUiTool(), controlUiTool()});
        return QByteArray::fromStdString(list.dump(-1, ' ', false, json::error_handler_t::replace));
    }();
    return tools;
}

QString OpenAiTools::systemPrompt()
{
    return QStringLiteral(
        "You are talking with the user through Tessera, a desktop chat client that draws cards: typed blocks "
        "of structured data (tables, charts, lists, records, alerts, code, action pills) rendered natively "
        "beside your prose. Call emit_card to draw one of %1, and render_ui for a "
        "sandboxed HTML canvas. A payload describes what the data is, never how it looks: no colors, no HTML, "
        "no chart specs, no URLs. Every call is answered: \"rendered: …\" means the card is on the user's "
        "screen; {\"ok\":false,…} means it was not drawn, and its issues name the fields to fix before you "
        "call again.\n"
        "\n"
        "Composition rules:\n"
        "1. Your prose is the lasting answer. A card adds to the explanation and never stands in for it.\n"
        "2. Order within a turn: data cards first, then at most one short prose caption, then "
        "recommend_actions last.\n"
        "3. Emit recommend_actions only when there is a genuine next step, and never with more than three "
        "actions.\n"
        "4. Match the kind to the shape of the data: %2.\n"
        "5. Use render_ui only for shapes %1 cannot express.\n"
        "\n"
        "Call control_ui to put a document (a widget, Markdown, a file, a table of CSV, JSON, an image, a PDF) "
        "in the canvas panel beside the chat when it deserves more room than a card.")
        .arg(emitKindsPhrase(), shapeRule())
        + templatePromptSection();
}

namespace {
QList<WidgetTemplate> s_widgetTemplates;
} // namespace

void OpenAiTools::setWidgetTemplates(const QList<WidgetTemplate> &templates)
{
    s_widgetTemplates = templates;
}

QList<WidgetTemplate> OpenAiTools::widgetTemplates()
{
    return s_widgetTemplates;
}

QString OpenAiTools::templatePromptSection()
{
    if (s_widgetTemplates.isEmpty())
        return {};
    QString section = QStringLiteral(
        "\n\nWidget templates: this personality ships widget documents to reuse. To show one, copy its "
        "document, replace every {{placeholder}} with a real value, and send the result in your prose as a fenced block labelled dorkos-ui:\n"
        "```dorkos-ui\n{\"version\":1,\"root\":{…}}\n```\n"
        "Never send a template with placeholders left in it. The templates (name: description):");
    for (const WidgetTemplate &t : std::as_const(s_widgetTemplates)) {
        QString entry = QStringLiteral("\n- %1: %2").arg(t.name, t.description);
        const QString details = QStringLiteral("\n  placeholders: %1\n  document: %2")
                                    .arg(t.placeholders.isEmpty() ? QStringLiteral("none") : t.placeholders.join(QLatin1String(", ")),
                                         QString::fromUtf8(t.documentJson));
        if ((section + entry + details).toUtf8().size() <= kMaxTemplatePromptBytes)
            entry += details;
        section += entry;
    }
    return section;
}

QString OpenAiTools::ack(const QString &kindName, const QString &title)
{
    return title.isEmpty() ? QStringLiteral("rendered: %1").arg(kindName)
                           : QStringLiteral("rendered: %1: %2").arg(kindName, title);
}

namespace {

QString canvasInvalid(const QList<CanvasIssue> &issues)
{
    QList<ValidationIssue> list;
    for (const CanvasIssue &issue : issues)
        list.append({issue.pointer, issue.message});
    return invalid(list);
}

OpenAiToolAnswer answerControlUi(const QByteArray &arguments, CanvasPanelState *panel)
{
    OpenAiToolAnswer result;
    const StrictJsonResult parsed = parseStrictJson(std::string_view(arguments.constData(), size_t(arguments.size())));
    if (!parsed.ok()) {
        result.content = invalid({{QString(), QStringLiteral("arguments are not JSON: %1").arg(QString::fromStdString(parsed.error))}});
        return result;
    }
    const json &args = *parsed.value;
    const QString action = jsonString(args, "action");
    struct ActionRow
    {
        const char *action;
        CanvasOp op;
        const char *event;
    };
    static constexpr ActionRow kActions[] = {
        {"open_canvas", CanvasOp::Open, "canvas.open"},
        {"update_canvas", CanvasOp::Update, "canvas.update"},
        {"close_canvas", CanvasOp::Close, "canvas.close"},
    };
    const ActionRow *row = nullptr;
    for (const ActionRow &candidate : kActions) {
        if (action == QLatin1String(candidate.action))
            row = &candidate;
    }
    if (!row) {
        result.content = invalid({{QStringLiteral("/action"), QStringLiteral("must be one of: open_canvas, update_canvas, close_canvas")}});
        return result;
    }
    CanvasCommand command;
    QList<CanvasIssue> issues;
    if (!parseCanvasCommand(row->op, args, &command, &issues)) {
        result.content = canvasInvalid(issues);
        return result;
    }
    CanvasApplyResult applied;
    if (panel) {
        applied = panel->apply(command);
        if (!applied.ok) {
            result.content = canvasInvalid(applied.issues);
            return result;
        }
    }
    json event = json::parse(command.objectJson.constData(), command.objectJson.constData() + command.objectJson.size(), nullptr, false);
    if (!event.is_object())
        event = json::object();
    event["type"] = row->event;
    const std::string text = event.dump(-1, ' ', false, json::error_handler_t::replace);
    result.canvasEvent = QByteArray(text.data(), qsizetype(text.size()));
    result.content = panel ? QStringLiteral("canvas: %1 (tab %2)").arg(applied.summary, applied.tabId)
                           : QStringLiteral("canvas: %1 accepted").arg(action);
    return result;
}

} // namespace

OpenAiToolAnswer OpenAiTools::answer(const QString &toolName, const QByteArray &arguments)
{
    return answer(toolName, arguments, nullptr);
}

OpenAiToolAnswer OpenAiTools::answer(const QString &toolName, const QByteArray &arguments, CanvasPanelState *panel)
{
    return answer(toolName, arguments, panel, {});
}

QString OpenAiTools::unknownToolMessage(const QString &toolName, const QStringList &hostedTools)
{
    if (hostedTools.isEmpty())
        return QStringLiteral("there is no tool named \"%1\"; the tools are emit_card, render_ui and control_ui").arg(toolName);
    QStringList names = {QStringLiteral("emit_card"), QStringLiteral("render_ui"), QStringLiteral("control_ui")};
    names += hostedTools.mid(0, kMaxListedToolNames);
    QString list = names.join(QStringLiteral(", "));
    if (const qsizetype more = hostedTools.size() - kMaxListedToolNames; more > 0)
        list += QStringLiteral(" and %1 more").arg(more);
    return QStringLiteral("there is no tool named \"%1\"; the tools are %2").arg(toolName, list);
}

OpenAiToolAnswer OpenAiTools::answer(const QString &toolName, const QByteArray &arguments, CanvasPanelState *panel,
                                     const QStringList &hostedTools)
{
    OpenAiToolAnswer result;
    if (isControlTool(toolName))
        return answerControlUi(arguments, panel);
    if (!isCardTool(toolName)) {
        result.content = refusal("not_available", {{"message", toStd(unknownToolMessage(toolName, hostedTools))}});
        return result;
    }
    const bool renderUi = toolName == QLatin1String("render_ui");
    StrictJsonOptions options;
    if (!renderUi)
        options.spanPointer = "/payload";
    const StrictJsonResult parsed = parseStrictJson(std::string_view(arguments.constData(), size_t(arguments.size())),
                                                    options);
    if (!parsed.ok()) {
        result.content = invalid({{QString(), QStringLiteral("arguments are not JSON: %1")
                                                  .arg(QString::fromStdString(parsed.error))}});
        return result;
    }
    if (!renderUi && parsed.value->is_object()) {
        // emit_card draws the table's emitCard kinds; canvas is render_ui's, the other dialects are not its to draw.
        const auto kind = parsed.value->find("kind");
        if (kind != parsed.value->end() && kind->is_string()
            && !emitCardKinds().contains(fromStdString(kind->get_ref<const std::string &>()))) {
            QString message = QStringLiteral("must be one of: ") + emitCardKinds().join(QStringLiteral(", "));
            if (kind->get_ref<const std::string &>() == "canvas")
                message += QStringLiteral(" (a canvas comes from render_ui)");
            result.content = invalid({{QStringLiteral("/kind"), message}});
            return result;
        }
    }

    const Card card = Card::fromToolCall(toolName, arguments);
    QList<ValidationIssue> issues = card.issues();
    QByteArray envelope;
    if (issues.isEmpty()) {
        // The envelope the tool broadcasts, with the payload's bytes exactly as the model wrote them.
        QByteArray payload;
        if (renderUi)
            payload = arguments;
        else if (parsed.spanBegin != std::string::npos && parsed.spanEnd != std::string::npos)
            payload = arguments.mid(qsizetype(parsed.spanBegin), qsizetype(parsed.spanEnd - parsed.spanBegin));
        const std::string kindText = json(toStd(card.kindName())).dump();
        envelope = QByteArray("{\"kind\":") + QByteArray::fromStdString(kindText) + ",\"specVersion\":"
                   + QByteArray::number(kCardSpecVersion) + ",\"payload\":" + oneLine(payload) + '}';
        const Card check = Card::fromEnvelopeText(envelope);
        if (!check.isValid())
            issues = check.issues(); // never expected: the same bytes were just judged valid
    }
    if (!issues.isEmpty()) {
        if (renderUi) {
            // The canvas payload is the arguments object itself: point into the arguments.
            for (ValidationIssue &issue : issues) {
                if (issue.pointer.startsWith(QLatin1String("/payload")))
                    issue.pointer.remove(0, 8);
            }
        }
        result.content = invalid(issues);
        return result;
    }
    result.drawn = true;
    result.envelope = envelope;
    result.kindName = card.kindName();
    result.content = ack(card.kindName(), card.title());
    return result;
}

} // namespace Tessera
