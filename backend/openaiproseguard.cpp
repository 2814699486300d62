#include <backend/openaiproseguard.h>

#include <utility>

#include <QRegularExpression>

#include <nlohmann/json.hpp>

#include <backend/openaitools.h>
#include <cards/strictjson.h>

namespace Tessera {

using nlohmann::json;

namespace {

const QStringList &toolNames()
{
    static const QStringList names = {QStringLiteral("emit_card"), QStringLiteral("render_ui")};
    return names;
}

// The token without up to two leading backticks or asterisks (Markdown code or bold).
QString unwrapped(const QString &token)
{
    qsizetype from = 0;
    while (from < 2 && from < token.size() && (token.at(from) == QLatin1Char('`') || token.at(from) == QLatin1Char('*')))
        ++from;
    return token.mid(from);
}

// What may follow a tool's name in the last word: closing backticks or asterisks, one . : or !.
bool isNameSuffix(QStringView suffix)
{
    static const QRegularExpression pattern(QStringLiteral("^[`*]{0,2}[.:!]?$"));
    return pattern.match(suffix.toString()).hasMatch();
}

// The tool a whole last word names ("emit_card", "`render_ui`.", "**emit_card**"), or "".
QString toolToken(const QString &token)
{
    const QString rest = unwrapped(token);
    for (const QString &name : toolNames()) {
        if (rest.startsWith(name) && isNameSuffix(QStringView(rest).mid(name.size())))
            return name;
    }
    return {};
}

// A word that is, or may still grow into, a tool's name as the last word.
bool mayBeToolToken(const QString &token)
{
    const QString rest = unwrapped(token);
    for (const QString &name : toolNames()) {
        if (name.startsWith(rest) || (rest.startsWith(name) && isNameSuffix(QStringView(rest).mid(name.size()))))
            return true;
    }
    return false;
}

QString leftTrimmed(const QString &text)
{
    qsizetype from = 0;
    while (from < text.size() && text.at(from).isSpace())
        ++from;
    return text.mid(from);
}

// A fence opener whose block may hold JSON: ``` with no info string, json, jsonc or tool_call.
bool isJsonFence(const QString &line)
{
    const QString text = leftTrimmed(line);
    if (!text.startsWith(QLatin1String("```")))
        return false;
    const QString info = text.mid(3).trimmed().toLower();
    return info.isEmpty() || info == QLatin1String("json") || info == QLatin1String("jsonc")
        || info == QLatin1String("tool_call");
}

bool isFenceClose(const QString &line)
{
    const QString text = line.trimmed();
    return text.size() >= 3 && text.count(QLatin1Char('`')) == text.size();
}

const QRegularExpression &listItemPattern()
{
    static const QRegularExpression pattern(QStringLiteral("^\\s{0,3}(?:[-*+]|\\d{1,3}[.)])\\s+(.*)$"));
    return pattern;
}

// The item's text, or a null string when the line is no list item.
QString listItemText(const QString &line)
{
    const QRegularExpressionMatch match = listItemPattern().match(line);
    return match.hasMatch() ? match.captured(1) : QString();
}

// A partial line that may still become a list item ("-", "12", "3.").
bool mayBeListItem(const QString &partial)
{
    static const QRegularExpression prefix(QStringLiteral("^\\s{0,3}(?:[-*+]|\\d{1,3}[.)]?)$"));
    return prefix.match(partial).hasMatch() || listItemPattern().match(partial).hasMatch();
}

QStringList tableCells(const QString &line)
{
    QString text = line.trimmed();
    if (text.startsWith(QLatin1Char('|')))
        text.remove(0, 1);
    if (text.endsWith(QLatin1Char('|')))
        text.chop(1);
    QStringList cells = text.split(QLatin1Char('|'));
    for (QString &cell : cells)
        cell = cell.trimmed();
    return cells;
}

// The labels a drawn card lists, in order: a data_table's columns, an item_list's item names,
// recommend_actions' labels.
QStringList cardLabels(const json &payload, const char *array, const char *member)
{
    QStringList labels;
    const auto list = payload.find(array);
    if (list == payload.end() || !list->is_array())
        return labels;
    for (const json &entry : *list) {
        const auto label = entry.is_object() ? entry.find(member) : entry.end();
        if (!entry.is_object() || label == entry.end() || !label->is_string())
            return {};
        labels.append(QString::fromStdString(label->get<std::string>()).trimmed());
    }
    return labels;
}

// Where the JSON object the text opens with ends (one past its closing brace), or -1.
qsizetype leadingObjectEnd(const QString &text)
{
    int depth = 0;
    bool inString = false;
    bool escaped = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == QLatin1Char('\\'))
                escaped = true;
            else if (c == QLatin1Char('"'))
                inString = false;
        } else if (c == QLatin1Char('"')) {
            inString = true;
        } else if (c == QLatin1Char('{') || c == QLatin1Char('[')) {
            ++depth;
        } else if (c == QLatin1Char('}') || c == QLatin1Char(']')) {
            if (--depth == 0)
                return i + 1;
        }
    }
    return -1;
}

} // namespace

void OpenAiProseGuard::begin(const QList<QByteArray> &cardsOnScreen)
{
    *this = OpenAiProseGuard();
    for (const QByteArray &envelope : cardsOnScreen) {
        const StrictJsonResult parsed = parseStrictJson(std::string_view(envelope.constData(), size_t(envelope.size())));
        if (!parsed.ok() || !parsed.value->is_object())
            continue;
        const auto kind = parsed.value->find("kind");
        const auto payload = parsed.value->find("payload");
        if (kind == parsed.value->end() || !kind->is_string() || payload == parsed.value->end())
            continue;
        m_cards.append({kind->get<std::string>(), std::make_shared<const json>(*payload)});
        m_watchTables = m_watchTables || m_cards.last().kind == "data_table";
        m_watchLists = m_watchLists || m_cards.last().kind == "item_list" || m_cards.last().kind == "recommend_actions";
    }
}

QString OpenAiProseGuard::feed(const QString &delta)
{
    const qsizetype before = m_out.size();
    if (m_wholeJson) {
        m_lead += delta;
    } else if (!m_leadDecided) {
        m_lead += delta;
        const QString text = leftTrimmed(m_lead);
        if (!text.isEmpty()) {
            m_leadDecided = true;
            m_wholeJson = text.startsWith(QLatin1Char('{'));
            if (!m_wholeJson)
                pushText(std::exchange(m_lead, {}));
        }
    } else {
        pushText(delta);
    }
    m_shown = m_out.size();
    return m_out.mid(before);
}

QString OpenAiProseGuard::received() const
{
    return m_out + m_tail + m_blockText + m_line.mid(m_lineShown) + m_lead;
}

void OpenAiProseGuard::pushText(const QString &text)
{
    qsizetype from = 0;
    for (qsizetype end = text.indexOf(QLatin1Char('\n')); end >= 0; end = text.indexOf(QLatin1Char('\n'), from)) {
        m_line += QStringView(text).mid(from, end - from);
        endLine(std::exchange(m_line, {}), true);
        from = end + 1;
    }
    m_line += QStringView(text).mid(from);
    releasePartialLine();
}

void OpenAiProseGuard::endLine(const QString &line, bool hadNewline)
{
    const qsizetype shown = std::exchange(m_lineShown, 0);
    const QString end = hadNewline ? QStringLiteral("\n") : QString();
    if (m_block != BlockKind::None && continueBlock(line, hadNewline))
        return;
    if (m_block != BlockKind::None)
        closeBlock(); // the line is not the block's: it is judged on its own below
    if (m_inOtherFence) {
        m_inOtherFence = !isFenceClose(line); // code is never a block of its own
    } else if (shown == 0) {
        if (const BlockKind kind = opensBlock(line); kind != BlockKind::None) {
            m_block = kind;
            m_blockLines = {line};
            m_blockText = line + end;
            return;
        }
        if (std::exchange(m_skipBlank, false) && line.trimmed().isEmpty())
            return;
        m_inOtherFence = leftTrimmed(line).startsWith(QLatin1String("```"));
    }
    release(line.mid(shown) + end);
}

bool OpenAiProseGuard::continueBlock(const QString &line, bool hadNewline)
{
    bool belongs = false;
    switch (m_block) {
    case BlockKind::Fence:
        belongs = true;
        break;
    case BlockKind::Table:
        belongs = leftTrimmed(line).startsWith(QLatin1Char('|'));
        break;
    case BlockKind::List:
        belongs = !listItemText(line).isNull() || (!line.trimmed().isEmpty() && line.at(0).isSpace());
        break;
    case BlockKind::None:
        break;
    }
    if (!belongs)
        return false;
    m_blockLines.append(line);
    m_blockText += line + (hadNewline ? QStringLiteral("\n") : QString());
    if (m_block == BlockKind::Fence && isFenceClose(line))
        closeBlock();
    return true;
}

void OpenAiProseGuard::closeBlock()
{
    const BlockKind kind = std::exchange(m_block, BlockKind::None);
    const QStringList lines = std::exchange(m_blockLines, {});
    const QString text = std::exchange(m_blockText, {});
    Shape shape = Shape::Prose;
    QString tool;
    if (kind == BlockKind::Fence) {
        const bool closed = lines.size() > 1 && isFenceClose(lines.last());
        shape = classify(lines.mid(1, lines.size() - (closed ? 2 : 1)).join(QLatin1Char('\n')), &tool);
    } else if (kind == BlockKind::Table && tableNarratesCard(lines)) {
        shape = Shape::CopyOfCard;
    } else if (kind == BlockKind::List && listNarratesCard(lines)) {
        shape = Shape::CopyOfCard;
    }
    if (shape == Shape::Prose)
        release(text);
    else
        strip(shape, tool);
}

void OpenAiProseGuard::strip(Shape shape, const QString &tool)
{
    m_skipBlank = true;
    if (shape == Shape::CopyOfCard) {
        ++m_verdict.narratedCards;
    } else if (m_verdict.fumble == OpenAiFumble::None) {
        m_verdict.fumble = OpenAiFumble::ImitatedCall;
        m_verdict.tool = tool;
    }
}

void OpenAiProseGuard::releasePartialLine()
{
    if (m_block != BlockKind::None || (m_lineShown == 0 && mayOpenBlock(m_line)))
        return;
    if (m_lineShown == 0 && m_skipBlank && m_line.trimmed().isEmpty())
        return;
    if (m_lineShown < m_line.size())
        m_skipBlank = false;
    release(m_line.mid(m_lineShown));
    m_lineShown = m_line.size();
}

bool OpenAiProseGuard::mayOpenBlock(const QString &partial) const
{
    if (m_inOtherFence)
        return false;
    const QString text = leftTrimmed(partial);
    if (text.isEmpty())
        return !partial.isEmpty(); // indentation: what follows decides
    if (text.startsWith(QLatin1Char('`')) && (QStringLiteral("```").startsWith(text) || text.startsWith(QLatin1String("```"))))
        return true;
    if (m_watchTables && text.startsWith(QLatin1Char('|')))
        return true;
    return m_watchLists && mayBeListItem(partial);
}

OpenAiProseGuard::BlockKind OpenAiProseGuard::opensBlock(const QString &line) const
{
    if (isJsonFence(line))
        return BlockKind::Fence;
    if (m_watchTables && leftTrimmed(line).startsWith(QLatin1Char('|')))
        return BlockKind::Table;
    if (m_watchLists && !listItemText(line).isNull())
        return BlockKind::List;
    return BlockKind::None;
}

void OpenAiProseGuard::release(const QString &text)
{
    const QString all = std::exchange(m_tail, {}) + text;
    // The last word is held while it may be a tool's name the answer ends with.
    qsizetype end = all.size();
    while (end > 0 && all.at(end - 1).isSpace())
        --end;
    qsizetype start = end;
    while (start > 0 && !all.at(start - 1).isSpace())
        --start;
    if (end > start && mayBeToolToken(all.mid(start, end - start))) {
        m_out += QStringView(all).left(start);
        m_tail = all.mid(start);
    } else {
        m_out += all;
    }
}

OpenAiProseGuard::Shape OpenAiProseGuard::classify(const QString &jsonText, QString *tool) const
{
    const QByteArray bytes = jsonText.trimmed().toUtf8();
    if (!bytes.startsWith('{'))
        return Shape::Prose;
    const StrictJsonResult parsed = parseStrictJson(std::string_view(bytes.constData(), size_t(bytes.size())));
    if (!parsed.ok() || !parsed.value->is_object())
        return Shape::Prose;
    return classifyObject(*parsed.value, tool);
}

OpenAiProseGuard::Shape OpenAiProseGuard::classifyObject(const json &value, QString *tool) const
{
    auto member = [&value](const char *key) { return value.find(key); };
    json arguments;
    if (const auto name = member("name"); name != value.end() && name->is_string()
        && toolNames().contains(QString::fromStdString(name->get<std::string>()))) {
        auto args = member("arguments");
        if (args == value.end())
            args = member("parameters"); // Llama 3's spelling
        if (args == value.end())
            return Shape::Prose;
        *tool = QString::fromStdString(name->get<std::string>());
        arguments = *args;
        if (arguments.is_string()) {
            const std::string text = arguments.get<std::string>();
            const StrictJsonResult inner = parseStrictJson(text);
            arguments = inner.ok() ? *inner.value : json();
        }
    } else {
        arguments = value;
    }
    if (!arguments.is_object())
        return Shape::Imitation; // a call to a hosted tool, with arguments nothing could draw
    const auto kind = arguments.find("kind");
    const auto payload = arguments.find("payload");
    if (kind != arguments.end() && kind->is_string() && payload != arguments.end() && payload->is_object()) {
        const std::string kindName = kind->get<std::string>();
        const QString kindText = QString::fromStdString(kindName);
        if (!OpenAiTools::emitCardKinds().contains(kindText) && kindText != QLatin1String("canvas"))
            return tool->isEmpty() ? Shape::Prose : Shape::Imitation;
        if (tool->isEmpty())
            *tool = kindText == QLatin1String("canvas") ? QStringLiteral("render_ui") : QStringLiteral("emit_card");
        return isOnScreen(kindName, *payload) ? Shape::CopyOfCard : Shape::Imitation;
    }
    if (isOnScreen({}, arguments))
        return Shape::CopyOfCard; // a drawn payload (or render_ui's arguments) shown again
    return tool->isEmpty() ? Shape::Prose : Shape::Imitation;
}

bool OpenAiProseGuard::isOnScreen(const std::string &kind, const json &payload) const
{
    for (const OnScreen &card : m_cards) {
        if ((kind.empty() || card.kind == kind) && *card.payload == payload)
            return true;
    }
    return false;
}

bool OpenAiProseGuard::tableNarratesCard(const QStringList &lines) const
{
    static const QRegularExpression separator(QStringLiteral("^\\s*\\|?\\s*:?-+:?\\s*(\\|\\s*:?-+:?\\s*)*\\|?\\s*$"));
    if (lines.size() < 2 || !separator.match(lines.at(1)).hasMatch())
        return false;
    const QStringList header = tableCells(lines.first());
    for (const OnScreen &card : m_cards) {
        if (card.kind != "data_table")
            continue;
        const QStringList labels = cardLabels(*card.payload, "columns", "label");
        if (!labels.isEmpty() && labels.size() == header.size()
            && std::equal(labels.begin(), labels.end(), header.begin(),
                          [](const QString &a, const QString &b) { return a.compare(b, Qt::CaseInsensitive) == 0; }))
            return true;
    }
    return false;
}

bool OpenAiProseGuard::listNarratesCard(const QStringList &lines) const
{
    QStringList items;
    for (const QString &line : lines) {
        const QString text = listItemText(line);
        if (!text.isNull())
            items.append(text);
    }
    for (const OnScreen &card : m_cards) {
        QStringList labels;
        if (card.kind == "item_list")
            labels = cardLabels(*card.payload, "items", "name");
        else if (card.kind == "recommend_actions")
            labels = cardLabels(*card.payload, "actions", "label");
        if (labels.isEmpty() || labels.size() != items.size())
            continue;
        bool all = true;
        for (qsizetype i = 0; i < items.size() && all; ++i)
            all = !labels.at(i).isEmpty() && items.at(i).contains(labels.at(i), Qt::CaseInsensitive);
        if (all)
            return true;
    }
    return false;
}

void OpenAiProseGuard::finishWholeJson()
{
    const QString text = std::exchange(m_lead, {});
    const qsizetype start = text.indexOf(QLatin1Char('{'));
    const qsizetype end = leadingObjectEnd(text.mid(start));
    QString tool;
    const Shape shape = end < 0 ? Shape::Prose : classify(text.mid(start, end), &tool);
    if (shape == Shape::Prose) {
        pushText(text);
        return;
    }
    strip(shape, tool);
    pushText(leftTrimmed(text.mid(start + end)));
}

OpenAiProseVerdict OpenAiProseGuard::finish(bool roundCalledTools)
{
    if (m_wholeJson)
        finishWholeJson();
    else if (!m_lead.isEmpty())
        pushText(std::exchange(m_lead, {})); // only spaces came
    if (!m_line.isEmpty() || m_lineShown > 0)
        endLine(std::exchange(m_line, {}), false);
    if (m_block != BlockKind::None)
        closeBlock();
    const QString tail = std::exchange(m_tail, {});
    const QString tool = toolToken(tail.trimmed());
    if (tool.isEmpty() || roundCalledTools) {
        m_out += tail;
    } else if (m_verdict.fumble == OpenAiFumble::None) {
        m_verdict.fumble = OpenAiFumble::ToolNameAsText;
        m_verdict.tool = tool;
    }
    if (m_verdict.fumble != OpenAiFumble::None || m_verdict.narratedCards > 0) {
        while (!m_out.isEmpty() && m_out.back().isSpace())
            m_out.chop(1); // what led up to the stripped part
    }
    OpenAiProseVerdict verdict = std::exchange(m_verdict, {});
    verdict.content = m_out;
    verdict.unshown = m_out.size() > m_shown ? m_out.mid(m_shown) : QString();
    return verdict;
}

} // namespace Tessera
