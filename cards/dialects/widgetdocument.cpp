#include <cards/dialects/widgetdocument.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <iterator>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include <cards/jsonaccess.h>
#include <cards/strictjson.h>

namespace Tessera {

using nlohmann::json;

// --- fences ----------------------------------------------------------------------------------------

namespace {

struct Line
{
    qsizetype begin = 0; // offset of the line
    qsizetype end = 0;   // offset of its line end (or the text's end)
    qsizetype next = 0;  // offset of the next line
};

Line lineAt(QStringView text, qsizetype at)
{
    Line line;
    line.begin = at;
    qsizetype nl = text.indexOf(u'\n', at);
    line.next = nl < 0 ? text.size() : nl + 1;
    line.end = nl < 0 ? text.size() : nl;
    if (line.end > line.begin && text.at(line.end - 1) == u'\r')
        --line.end;
    return line;
}

qsizetype leadingSpaces(QStringView line)
{
    qsizetype n = 0;
    while (n < line.size() && line.at(n) == u' ')
        ++n;
    return n;
}

qsizetype runOf(QStringView line, qsizetype at, QChar c)
{
    qsizetype n = 0;
    while (at + n < line.size() && line.at(at + n) == c)
        ++n;
    return n;
}

struct Opening
{
    QChar fenceChar;
    qsizetype length = 0;
    qsizetype indent = 0;
    bool isWidget = false;
};

// A fence opening line (CommonMark 4.5): up to 3 spaces, 3+ backticks or tildes, an info string (no
// backtick in it for a backtick fence).
bool parseOpening(QStringView line, Opening *opening)
{
    const qsizetype indent = leadingSpaces(line);
    if (indent > 3 || indent >= line.size())
        return false;
    const QChar c = line.at(indent);
    if (c != u'`' && c != u'~')
        return false;
    const qsizetype n = runOf(line, indent, c);
    if (n < 3)
        return false;
    const QStringView info = line.mid(indent + n).trimmed();
    if (c == u'`' && info.contains(u'`'))
        return false;
    qsizetype wordEnd = 0;
    while (wordEnd < info.size() && !info.at(wordEnd).isSpace())
        ++wordEnd;
    opening->fenceChar = c;
    opening->length = n;
    opening->indent = indent;
    opening->isWidget = info.first(wordEnd) == u"dorkos-ui";
    return true;
}

bool isClosing(QStringView line, const Opening &opening)
{
    const qsizetype indent = leadingSpaces(line);
    if (indent > 3)
        return false;
    const qsizetype n = runOf(line, indent, opening.fenceChar);
    if (n < opening.length)
        return false;
    return line.mid(indent + n).trimmed().isEmpty();
}

} // namespace

QList<ProseFence> findWidgetFences(QStringView markdown)
{
    QList<ProseFence> fences;
    qsizetype at = 0;
    while (at < markdown.size()) {
        const Line open = lineAt(markdown, at);
        at = open.next;
        Opening opening;
        if (!parseOpening(markdown.sliced(open.begin, open.end - open.begin), &opening))
            continue;
        ProseFence fence;
        fence.begin = open.begin;
        QStringList content;
        while (at < markdown.size()) {
            const Line line = lineAt(markdown, at);
            at = line.next;
            const QStringView text = markdown.sliced(line.begin, line.end - line.begin);
            if (isClosing(text, opening)) {
                fence.closed = true;
                break;
            }
            if (opening.isWidget) {
                // CommonMark: remove up to the opening's indent of spaces from each content line.
                const qsizetype strip = qMin(leadingSpaces(text), opening.indent);
                content.append(text.mid(strip).toString());
            }
        }
        fence.end = at;
        if (!opening.isWidget)
            continue;
        fence.json = content.join(u'\n');
        fences.append(fence);
    }
    return fences;
}

Card widgetFenceCard(const ProseFence &fence, const QString &owner, int index)
{
    Card card = Card::fromEnvelopeText(fence.json.toUtf8(), CardSource::ProseFence);
    card.setCardId(owner + QStringLiteral("#widget-") + QString::number(index));
    return card;
}

QList<Card> widgetFenceCards(QStringView markdown, const QString &owner)
{
    QList<Card> cards;
    if (!markdown.contains(u"dorkos-ui"))
        return cards;
    const QList<ProseFence> fences = findWidgetFences(markdown);
    for (qsizetype i = 0; i < fences.size(); ++i)
        cards.append(widgetFenceCard(fences.at(i), owner, int(i) + 1));
    return cards;
}

// --- validation --------------------------------------------------------------------------------------

namespace {

std::size_t codePoints(std::string_view s)
{
    std::size_t n = 0;
    for (char c : s)
        n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

QString oneOf(std::initializer_list<const char *> words)
{
    QStringList list;
    for (const char *w : words)
        list.append(QString::fromLatin1(w));
    return QStringLiteral("must be one of: ") + list.join(QLatin1String(", "));
}

bool isIn(const std::string &value, std::initializer_list<const char *> words)
{
    for (const char *w : words) {
        if (value == w)
            return true;
    }
    return false;
}

bool isCellValue(const json &v)
{
    return v.is_string() || v.is_number() || v.is_boolean() || v.is_null();
}

// seed 003 "Node Catalog": the one list of node types. The checker's table (kNodeRules) and the builder's
// (WidgetNodeBuilder::nodeTypes) each cover exactly this list; tst_widgetdocument compares them.
constexpr const char *kNodeTypeNames[] = {
    "stack", "card", "divider",                                           // layout
    "heading", "text", "badge",                                           // text
    "stat", "keyValue", "progress", "table", "list", "chart", "timeline", // data
    "checklist", "compare", "rating",
    "mood", "board", "reveal",                                            // delight
    "image",                                                              // media
    "button", "input", "select", "form",                                  // actions and fields
};
static_assert(std::size(kNodeTypeNames) == kWidgetNodeTypeCount);

constexpr std::initializer_list<const char *> kTones = {"default", "success", "warning", "error", "info"};

// What a widget template (seed 003 "Skill Widget Templates") may hold: a {{name}} token; see
// widgetPlaceholders() in widgetdocument.h.
struct PlaceholderScan
{
    int tokens = 0;        // well-formed {{name}} tokens
    bool malformed = false; // a "{{" that does not start one
    bool whole = false;    // the whole string is exactly one token
};

bool isPlaceholderNameChar(char c, bool first)
{
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    return first ? letter : letter || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

PlaceholderScan scanPlaceholders(std::string_view s, QStringList *names = nullptr)
{
    PlaceholderScan scan;
    std::size_t at = 0;
    while ((at = s.find("{{", at)) != std::string_view::npos) {
        std::size_t end = at + 2;
        while (end < s.size() && end - at - 2 < std::size_t(kWidgetMaxPlaceholderName)
               && isPlaceholderNameChar(s[end], end == at + 2))
            ++end;
        if (end == at + 2 || s.substr(end, 2) != "}}") {
            scan.malformed = true;
            at += 2;
            continue;
        }
        ++scan.tokens;
        if (names)
            names->append(fromStdString(s.substr(at + 2, end - at - 2)));
        scan.whole = at == 0 && end + 2 == s.size() && scan.tokens == 1;
        at = end + 2;
    }
    if (scan.tokens != 1)
        scan.whole = false;
    return scan;
}

bool hasPlaceholder(const json &v)
{
    if (!v.is_string())
        return false;
    const PlaceholderScan scan = scanPlaceholders(v.get_ref<const std::string &>());
    return scan.tokens > 0 || scan.malformed;
}

class Checker
{
public:
    // base: the pointer the document sits at ("/payload" for a card, "/document" for a template).
    // templateMode: the document is a template: placeholders are checked by seed 003's rules.
    explicit Checker(QList<ValidationIssue> &issues, std::string base = "/payload", bool templateMode = false)
        : m_issues(issues)
        , m_base(std::move(base))
        , m_template(templateMode)
    {}

    void document(const json &payload);

    struct NodeRule
    {
        std::string_view type;
        void (Checker::*check)(const json &n, int depth);
    };
    static const NodeRule kNodeRules[]; // one per type of kNodeTypeNames

private:
    // Pushes a pointer token for the lifetime of the scope.
    class Step
    {
    public:
        Step(Checker &checker, const std::string &token)
            : m_checker(checker)
        {
            m_checker.m_path.push_back(escapePointerToken(token));
        }
        Step(Checker &checker, std::size_t index)
            : m_checker(checker)
        {
            m_checker.m_path.push_back(std::to_string(index));
        }
        ~Step() { m_checker.m_path.pop_back(); }
        Step(const Step &) = delete;
        Step &operator=(const Step &) = delete;

    private:
        Checker &m_checker;
    };

    QString pointer(const char *member = nullptr) const
    {
        std::string p = m_base;
        for (const std::string &token : m_path)
            p += '/' + token;
        if (member)
            p += '/' + escapePointerToken(member);
        return fromStdString(p);
    }
    void add(const char *member, const QString &message) { m_issues.append({pointer(member), message}); }

    // Template mode: true (with an issue) when object[key] is a string holding a placeholder in a field
    // of the given shape, where seed 003 allows none ("number-only", "enum", …).
    bool placeholderRefused(const json &object, const char *key, const char *shape)
    {
        if (!m_template || !object.is_object())
            return false;
        auto it = object.find(key);
        if (it == object.end() || !hasPlaceholder(*it))
            return false;
        add(key, QStringLiteral("a placeholder is not allowed in %1 field").arg(QLatin1String(shape)));
        return true;
    }
    // Template mode: a malformed "{{" in a free-form string is an issue (it would never be filled).
    void placeholderForm(const char *key, std::string_view s)
    {
        if (m_template && scanPlaceholders(s).malformed)
            add(key, QStringLiteral("has a malformed placeholder (write {{name}}: a letter or _, then letters, "
                                    "digits, _, - or .)"));
    }

    // Each returns the member when it is present with the right type, else nullptr (issue added when
    // required and missing, or present with the wrong type).
    const json *member(const json &object, const char *key, bool required)
    {
        auto it = object.find(key);
        if (it == object.end()) {
            if (required)
                add(key, QStringLiteral("is required"));
            return nullptr;
        }
        return &*it;
    }
    const json *string(const json &object, const char *key, bool required, int maxChars = kWidgetMaxString,
                       bool nonEmpty = false)
    {
        const json *v = member(object, key, required);
        if (!v)
            return nullptr;
        if (!v->is_string()) {
            add(key, QStringLiteral("must be a string"));
            return nullptr;
        }
        const std::string &s = v->get_ref<const std::string &>();
        if (nonEmpty && s.empty())
            add(key, QStringLiteral("must not be empty"));
        else if (codePoints(s) > std::size_t(maxChars))
            add(key, QStringLiteral("must be at most %1 characters").arg(maxChars));
        placeholderForm(key, s);
        return v;
    }
    void stringOrNumber(const json &object, const char *key, bool required)
    {
        const json *v = member(object, key, required);
        if (!v)
            return;
        if (v->is_string())
            string(object, key, required);
        else if (!v->is_number())
            add(key, QStringLiteral("must be a string or a number"));
    }
    const json *number(const json &object, const char *key, bool required)
    {
        const json *v = member(object, key, required);
        if (!v || placeholderRefused(object, key, "a number-only"))
            return nullptr;
        if (!v->is_number()) {
            add(key, QStringLiteral("must be a number"));
            return nullptr;
        }
        if (!std::isfinite(v->get<double>())) {
            add(key, QStringLiteral("must be a finite number"));
            return nullptr;
        }
        return v;
    }
    void atLeastZero(const json &object, const char *key, bool required)
    {
        if (const json *v = number(object, key, required); v && v->get<double>() < 0)
            add(key, QStringLiteral("must be at least 0"));
    }
    void boolean(const json &object, const char *key)
    {
        if (const json *v = member(object, key, false); v && !placeholderRefused(object, key, "a boolean")
                                                         && !v->is_boolean())
            add(key, QStringLiteral("must be a boolean"));
    }
    void enumeration(const json &object, const char *key, bool required, std::initializer_list<const char *> words)
    {
        const json *v = member(object, key, required);
        if (!v || placeholderRefused(object, key, "an enum"))
            return;
        if (!v->is_string())
            add(key, QStringLiteral("must be a string"));
        else if (!isIn(v->get_ref<const std::string &>(), words))
            add(key, oneOf(words));
    }
    const json *array(const json &object, const char *key, bool required, int maxItems, int minItems = 0)
    {
        const json *v = member(object, key, required);
        if (!v || placeholderRefused(object, key, "an array-shaped"))
            return nullptr;
        if (!v->is_array()) {
            add(key, QStringLiteral("must be an array"));
            return nullptr;
        }
        if (v->size() > std::size_t(maxItems)) {
            add(key, QStringLiteral("must have at most %1 items").arg(maxItems));
            return nullptr;
        }
        if (v->size() < std::size_t(minItems)) {
            add(key, QStringLiteral("must have at least %1 item").arg(minItems));
            return nullptr;
        }
        return v;
    }
    // The current path's value must be an object; false (with an issue) when it is not.
    bool isObject(const json &v)
    {
        if (v.is_object())
            return true;
        add(nullptr, QStringLiteral("must be an object"));
        return false;
    }
    // The objects of an array member, each checked with the pointer stepped to it (".../items/3");
    // an entry that is not an object is reported once and skipped.
    template<typename Check>
    void eachObject(const json &object, const char *key, bool required, int maxItems, int minItems, Check check)
    {
        const json *items = array(object, key, required, maxItems, minItems);
        if (!items)
            return;
        Step step(*this, key);
        std::size_t index = 0;
        for (const json &item : *items) {
            Step at(*this, index++);
            if (isObject(item))
                check(item);
        }
    }
    void imageSource(const json &object, const char *key, bool required)
    {
        const json *v = member(object, key, required);
        if (!v)
            return;
        if (!v->is_string()) {
            add(key, QStringLiteral("must be a string"));
            return;
        }
        if (httpsRefinedPlaceholder(key, v->get_ref<const std::string &>()))
            return;
        const QString src = fromStdString(v->get_ref<const std::string &>());
        if (!isWidgetImageSource(src)) {
            add(key, QStringLiteral("must start with https:// or data:"));
            return;
        }
        const bool isData = src.startsWith(QLatin1String("data:"), Qt::CaseInsensitive);
        const int max = isData ? kWidgetMaxDataUri : kWidgetMaxUrl;
        if (codePoints(v->get_ref<const std::string &>()) > std::size_t(max))
            add(key, QStringLiteral("must be at most %1 characters").arg(max));
    }

    // Template mode, an https-refined field (image.src, a url action's href): a placeholder only as the
    // whole value (seed 003). True when the value holds one (an issue added unless it is the whole value),
    // so the URL rules are left to the filled document.
    bool httpsRefinedPlaceholder(const char *key, std::string_view s)
    {
        if (!m_template)
            return false;
        const PlaceholderScan scan = scanPlaceholders(s);
        if (scan.tokens == 0 && !scan.malformed)
            return false;
        if (!scan.whole)
            add(key, QStringLiteral("a placeholder must be the whole value in an https-only field"));
        return true;
    }

    void action(const json &value);
    void nodes(const json &object, const char *key, bool required, int depth, bool allowSingleNode = false);
    void node(const json &value, int depth);
    void nodeFields(const std::string &type, const json &n, int depth);
    void fieldName(const json &n);

    // One per node type; depth is the node's own level (its children are one deeper).
    void checkStack(const json &n, int depth);
    void checkCard(const json &n, int depth);
    void checkDivider(const json &n, int depth);
    void checkHeading(const json &n, int depth);
    void checkText(const json &n, int depth);
    void checkBadge(const json &n, int depth);
    void checkStat(const json &n, int depth);
    void checkKeyValue(const json &n, int depth);
    void checkProgress(const json &n, int depth);
    void checkTable(const json &n, int depth);
    void checkList(const json &n, int depth);
    void checkChart(const json &n, int depth);
    void checkTimeline(const json &n, int depth);
    void checkChecklist(const json &n, int depth);
    void checkCompare(const json &n, int depth);
    void checkRating(const json &n, int depth);
    void checkMood(const json &n, int depth);
    void checkBoard(const json &n, int depth);
    void checkReveal(const json &n, int depth);
    void checkImage(const json &n, int depth);
    void checkButton(const json &n, int depth);
    void checkInput(const json &n, int depth);
    void checkSelect(const json &n, int depth);
    void checkForm(const json &n, int depth);
    // Parts of the checkers above.
    void listItem(const json &item);
    void listAction(const json &entry);
    void compareValues(const json &row, std::size_t optionCount);
    void boardCell(const json &cell, std::size_t c);

    QList<ValidationIssue> &m_issues;
    std::string m_base;
    bool m_template = false;
    std::vector<std::string> m_path;
    int m_nodeCount = 0;
    bool m_tooMany = false;
    std::vector<std::set<std::string>> m_forms; // field names of each enclosing form
};

void Checker::document(const json &payload)
{
    if (const json *v = member(payload, "version", true);
        v && !placeholderRefused(payload, "version", "a literal") && (!v->is_number_integer() || *v != 1))
        add("version", QStringLiteral("must be 1"));
    string(payload, "title", false, kWidgetMaxTitle);
    if (member(payload, "root", true)) {
        Step step(*this, "root");
        node(payload.at("root"), 1);
    }
}

void Checker::action(const json &value)
{
    if (!isObject(value))
        return;
    const json *kind = member(value, "kind", true);
    if (!kind || placeholderRefused(value, "kind", "an enum"))
        return;
    if (!kind->is_string()) {
        add("kind", QStringLiteral("must be a string"));
        return;
    }
    const std::string &k = kind->get_ref<const std::string &>();
    if (k == "agent") {
        string(value, "id", true, kWidgetMaxTitle, true);
        string(value, "label", false);
        if (const json *payload = member(value, "payload", false); payload && !payload->is_object())
            add("payload", QStringLiteral("must be an object"));
    } else if (k == "ui") {
        if (const json *command = member(value, "command", true)) {
            Step step(*this, "command");
            if (isObject(*command))
                string(*command, "action", true, kWidgetMaxTitle, true);
        }
    } else if (k == "url") {
        if (const json *href = string(value, "href", true, kWidgetMaxUrl);
            href && !httpsRefinedPlaceholder("href", href->get_ref<const std::string &>())) {
            if (!isHttpsUrl(fromStdString(href->get_ref<const std::string &>())))
                add("href", QStringLiteral("must be an https:// URL"));
        }
    } else {
        add("kind", oneOf({"agent", "ui", "url"}));
    }
}

void Checker::nodes(const json &object, const char *key, bool required, int depth, bool allowSingleNode)
{
    auto it = object.find(key);
    if (allowSingleNode && it != object.end() && it->is_object()) {
        Step step(*this, key);
        node(*it, depth);
        return;
    }
    const json *list = array(object, key, required, kWidgetMaxChildren);
    if (!list)
        return;
    Step step(*this, key);
    std::size_t i = 0;
    for (const json &child : *list) {
        if (m_tooMany)
            return;
        Step at(*this, i++);
        node(child, depth);
    }
}

void Checker::node(const json &value, int depth)
{
    if (m_tooMany)
        return;
    if (++m_nodeCount > kWidgetMaxNodes) {
        m_tooMany = true;
        add(nullptr, QStringLiteral("the document must have at most %1 nodes").arg(kWidgetMaxNodes));
        return;
    }
    if (depth > kWidgetMaxDepth) {
        add(nullptr, QStringLiteral("nodes must nest at most %1 levels deep").arg(kWidgetMaxDepth));
        return;
    }
    if (m_template && hasPlaceholder(value)) {
        add(nullptr, QStringLiteral("a placeholder is not allowed in place of a node"));
        return;
    }
    if (!isObject(value))
        return;
    const json *type = member(value, "type", true);
    if (!type || placeholderRefused(value, "type", "the type"))
        return;
    if (!type->is_string()) {
        add("type", QStringLiteral("must be a string"));
        return;
    }
    nodeFields(type->get_ref<const std::string &>(), value, depth);
}

void Checker::fieldName(const json &n)
{
    const json *name = string(n, "name", true, kWidgetMaxTitle, true);
    if (!name || m_forms.empty())
        return;
    const std::string &text = name->get_ref<const std::string &>();
    if (!text.empty() && !m_forms.back().insert(text).second)
        add("name", QStringLiteral("must be unique within its form"));
}

// --- one checker per node type (seed 003 "Node Catalog"; the fields are listed in widgetdocument.h) ----

void Checker::checkStack(const json &n, int depth)
{
    enumeration(n, "direction", true, {"vertical", "horizontal"});
    atLeastZero(n, "gap", false);
    nodes(n, "children", true, depth + 1);
}

void Checker::checkCard(const json &n, int depth)
{
    string(n, "title", false);
    string(n, "description", false);
    nodes(n, "children", true, depth + 1);
    nodes(n, "footer", false, depth + 1, true);
}

void Checker::checkDivider(const json &, int)
{
}

void Checker::checkHeading(const json &n, int)
{
    string(n, "text", true);
    if (const json *level = member(n, "level", false);
        level && !placeholderRefused(n, "level", "a literal") && (!level->is_number_integer() || *level < 1 || *level > 3))
        add("level", QStringLiteral("must be 1, 2 or 3"));
}

void Checker::checkText(const json &n, int)
{
    string(n, "text", true);
}

void Checker::checkBadge(const json &n, int)
{
    string(n, "text", true);
    enumeration(n, "tone", false, kTones);
}

void Checker::checkStat(const json &n, int)
{
    string(n, "label", true);
    stringOrNumber(n, "value", true);
    if (const json *delta = member(n, "delta", false)) {
        Step step(*this, "delta");
        if (isObject(*delta)) {
            stringOrNumber(*delta, "value", true);
            enumeration(*delta, "direction", true, {"up", "down", "flat"});
        }
    }
    string(n, "hint", false);
    if (const json *trend = array(n, "trend", false, kWidgetMaxItems)) {
        Step step(*this, "trend");
        for (std::size_t i = 0; i < trend->size(); ++i) {
            if (m_template && hasPlaceholder((*trend)[i]))
                m_issues.append({pointer(std::to_string(i).c_str()),
                                 QStringLiteral("a placeholder is not allowed in a number-only field")});
            else if (!(*trend)[i].is_number())
                m_issues.append({pointer(std::to_string(i).c_str()), QStringLiteral("must be a number")});
        }
    }
}

void Checker::checkKeyValue(const json &n, int)
{
    eachObject(n, "items", true, kWidgetMaxItems, 0, [&](const json &item) {
        string(item, "key", true);
        if (const json *v = member(item, "value", true); v && !isCellValue(*v))
            add("value", QStringLiteral("must be a string, number, boolean or null"));
        else if (v && v->is_string())
            string(item, "value", true);
    });
}

void Checker::checkProgress(const json &n, int)
{
    if (const json *v = number(n, "value", true)) {
        const double value = v->get<double>();
        if (value < 0)
            add("value", QStringLiteral("must be at least 0"));
        else if (value > 100)
            add("value", QStringLiteral("must be at most 100"));
    }
    string(n, "label", false);
}

void Checker::checkTable(const json &n, int)
{
    std::vector<std::string> keys;
    eachObject(n, "columns", true, kWidgetMaxColumns, 1, [&](const json &column) {
        if (const json *key = string(column, "key", true, kWidgetMaxTitle, true)) {
            const std::string &k = key->get_ref<const std::string &>();
            if (std::find(keys.begin(), keys.end(), k) != keys.end())
                add("key", QStringLiteral("must be unique"));
            else
                keys.push_back(k);
        }
        string(column, "label", true);
        enumeration(column, "align", false, {"left", "center", "right"});
    });
    eachObject(n, "rows", true, kWidgetMaxItems, 0, [&](const json &row) {
        for (const std::string &key : keys) {
            auto cell = row.find(key);
            if (cell == row.end())
                continue;
            if (!isCellValue(*cell))
                add(key.c_str(), QStringLiteral("must be a string, number, boolean or null"));
            else if (cell->is_string())
                string(row, key.c_str(), false);
        }
    });
}

// One entry of a list item's actions: {label, action} or an action itself.
void Checker::listAction(const json &entry)
{
    if (entry.is_object() && !entry.contains("kind") && entry.contains("action")) {
        string(entry, "label", true);
        Step act(*this, "action");
        action(entry.at("action"));
    } else {
        action(entry);
    }
}

void Checker::listItem(const json &item)
{
    string(item, "title", true);
    string(item, "subtitle", false);
    string(item, "icon", false, kWidgetMaxTitle);
    imageSource(item, "image", false);
    stringOrNumber(item, "meta", false);
    if (const json *badge = member(item, "badge", false)) {
        if (badge->is_string()) {
            string(item, "badge", false);
        } else {
            Step b(*this, "badge");
            if (isObject(*badge)) {
                string(*badge, "text", true);
                enumeration(*badge, "tone", false, kTones);
            }
        }
    }
    if (const json *actions = array(item, "actions", false, kWidgetMaxActions)) {
        Step a(*this, "actions");
        std::size_t j = 0;
        for (const json &entry : *actions) {
            Step at(*this, j++);
            listAction(entry);
        }
    }
}

void Checker::checkList(const json &n, int)
{
    eachObject(n, "items", true, kWidgetMaxItems, 0, [&](const json &item) { listItem(item); });
}

void Checker::checkChart(const json &n, int)
{
    enumeration(n, "kind", true, {"bar", "line", "area", "pie"});
    eachObject(n, "data", true, kWidgetMaxItems, 1, [&](const json &point) {
        string(point, "label", true);
        atLeastZero(point, "value", true); // seed 003: values must be non-negative
    });
    atLeastZero(n, "height", false);
}

void Checker::checkTimeline(const json &n, int)
{
    eachObject(n, "items", true, kWidgetMaxItems, 0, [&](const json &item) {
        string(item, "title", true);
        string(item, "time", false);
        string(item, "subtitle", false);
        string(item, "icon", false, kWidgetMaxTitle);
        enumeration(item, "status", false, {"done", "active", "upcoming"});
    });
}

void Checker::checkChecklist(const json &n, int)
{
    eachObject(n, "items", true, kWidgetMaxItems, 0, [&](const json &item) {
        string(item, "label", true);
        boolean(item, "checked");
        string(item, "note", false);
    });
    if (const json *a = member(n, "action", false)) {
        Step step(*this, "action");
        action(*a);
    }
    string(n, "submitLabel", false, kWidgetMaxTitle);
}

// A compare row's values; optionCount 0 = the options were not usable (no length check then).
void Checker::compareValues(const json &row, std::size_t optionCount)
{
    const json *values = array(row, "values", true, kWidgetMaxItems);
    if (!values)
        return;
    // seed 003: shorter rows pad to blank; longer ones would hide cells, so they are an issue.
    if (optionCount > 0 && values->size() > optionCount) {
        add("values", QStringLiteral("must have at most %1 items (one per option)").arg(optionCount));
        return;
    }
    Step v(*this, "values");
    for (std::size_t j = 0; j < values->size(); ++j) {
        const json &cell = (*values)[j];
        if (!isCellValue(cell))
            add(std::to_string(j).c_str(), QStringLiteral("must be a string, number, boolean or null"));
        else if (cell.is_string() && codePoints(cell.get_ref<const std::string &>()) > kWidgetMaxString)
            add(std::to_string(j).c_str(), QStringLiteral("must be at most %1 characters").arg(kWidgetMaxString));
    }
}

void Checker::checkCompare(const json &n, int)
{
    std::size_t optionCount = 0;
    if (const json *options = array(n, "options", true, kWidgetMaxOptions, 1)) {
        optionCount = options->size();
        Step step(*this, "options");
        std::size_t i = 0;
        for (const json &option : *options) {
            Step at(*this, i++);
            if (!isObject(option))
                continue;
            string(option, "name", true);
            boolean(option, "recommended");
        }
    }
    if (const json *rows = array(n, "rows", true, kWidgetMaxItems)) {
        Step step(*this, "rows");
        std::size_t i = 0;
        for (const json &row : *rows) {
            Step at(*this, i++);
            if (!isObject(row))
                continue;
            string(row, "label", true);
            compareValues(row, optionCount);
        }
    }
}

void Checker::checkRating(const json &n, int)
{
    number(n, "value", true); // seed 003: clamped to 0–5 when drawn, never an issue
    atLeastZero(n, "count", false);
    string(n, "label", false);
}

void Checker::checkMood(const json &n, int)
{
    enumeration(n, "emotion", true,
                {"happy", "thinking", "celebrating", "sheepish", "determined", "surprised", "sad", "love"});
    string(n, "message", false);
}

// One board cell at column c of the current row.
void Checker::boardCell(const json &cell, std::size_t c)
{
    if (cell.is_string()) {
        if (codePoints(cell.get_ref<const std::string &>()) > kWidgetMaxTitle)
            add(std::to_string(c).c_str(), QStringLiteral("must be at most %1 characters").arg(kWidgetMaxTitle));
        return;
    }
    if (cell.is_null())
        return;
    Step cellStep(*this, c);
    if (!cell.is_object()) {
        add(nullptr, QStringLiteral("must be a string, null or an object"));
        return;
    }
    string(cell, "glyph", false, kWidgetMaxTitle);
    string(cell, "icon", false, kWidgetMaxTitle);
    enumeration(cell, "tone", false, kTones);
    if (const json *a = member(cell, "action", false)) {
        Step act(*this, "action");
        action(*a);
    }
}

void Checker::checkBoard(const json &n, int)
{
    string(n, "label", false);
    const json *rows = member(n, "rows", true);
    if (!rows || placeholderRefused(n, "rows", "an array-shaped"))
        return;
    if (!rows->is_array()) {
        add("rows", QStringLiteral("must be an array"));
        return;
    }
    // seed 003: rows and each row past 12 are sliced rather than rejected, so they are not checked.
    Step step(*this, "rows");
    for (std::size_t r = 0; r < rows->size() && r < std::size_t(kWidgetBoardMax); ++r) {
        const json &row = (*rows)[r];
        if (m_template && hasPlaceholder(row)) {
            add(std::to_string(r).c_str(), QStringLiteral("a placeholder is not allowed in an array-shaped field"));
            continue;
        }
        if (!row.is_array()) {
            add(std::to_string(r).c_str(), QStringLiteral("must be an array"));
            continue;
        }
        Step at(*this, r);
        for (std::size_t c = 0; c < row.size() && c < std::size_t(kWidgetBoardMax); ++c)
            boardCell(row[c], c);
    }
}

void Checker::checkReveal(const json &n, int)
{
    enumeration(n, "kind", true, {"coin", "d6", "d20", "8ball"});
    stringOrNumber(n, "result", true);
    string(n, "label", false);
}

void Checker::checkImage(const json &n, int)
{
    imageSource(n, "src", true);
    string(n, "alt", true);
    string(n, "caption", false);
}

void Checker::checkButton(const json &n, int)
{
    string(n, "label", true, kWidgetMaxTitle);
    enumeration(n, "variant", false, {"default", "secondary", "destructive", "outline"});
    if (const json *a = member(n, "action", true)) {
        Step step(*this, "action");
        action(*a);
    }
}

void Checker::checkInput(const json &n, int)
{
    fieldName(n);
    string(n, "label", false);
    string(n, "placeholder", false);
    enumeration(n, "kind", false, {"text", "number"});
}

void Checker::checkSelect(const json &n, int)
{
    fieldName(n);
    string(n, "label", false);
    eachObject(n, "options", true, kWidgetMaxItems, 1, [&](const json &option) {
        string(option, "label", true);
        if (const json *v = member(option, "value", true);
            v && !(v->is_string() || v->is_number() || v->is_boolean()))
            add("value", QStringLiteral("must be a string, number or boolean"));
    });
}

void Checker::checkForm(const json &n, int depth)
{
    m_forms.emplace_back();
    nodes(n, "children", true, depth + 1);
    m_forms.pop_back();
    const json *submit = member(n, "submit", true);
    if (!submit)
        return;
    Step step(*this, "submit");
    if (!isObject(*submit))
        return;
    string(*submit, "label", true, kWidgetMaxTitle);
    if (const json *a = member(*submit, "action", true)) {
        Step act(*this, "action");
        action(*a);
    }
}

// The table behind node(): one checker per type of kNodeTypeNames (a test compares the two lists).
const Checker::NodeRule Checker::kNodeRules[] = {
    {"stack", &Checker::checkStack},
    {"card", &Checker::checkCard},
    {"divider", &Checker::checkDivider},
    {"heading", &Checker::checkHeading},
    {"text", &Checker::checkText},
    {"badge", &Checker::checkBadge},
    {"stat", &Checker::checkStat},
    {"keyValue", &Checker::checkKeyValue},
    {"progress", &Checker::checkProgress},
    {"table", &Checker::checkTable},
    {"list", &Checker::checkList},
    {"chart", &Checker::checkChart},
    {"timeline", &Checker::checkTimeline},
    {"checklist", &Checker::checkChecklist},
    {"compare", &Checker::checkCompare},
    {"rating", &Checker::checkRating},
    {"mood", &Checker::checkMood},
    {"board", &Checker::checkBoard},
    {"reveal", &Checker::checkReveal},
    {"image", &Checker::checkImage},
    {"button", &Checker::checkButton},
    {"input", &Checker::checkInput},
    {"select", &Checker::checkSelect},
    {"form", &Checker::checkForm},
};
static_assert(std::size(Checker::kNodeRules) == std::size(kNodeTypeNames), "one checker per node type");

void Checker::nodeFields(const std::string &type, const json &n, int depth)
{
    const auto rule = std::find_if(std::begin(kNodeRules), std::end(kNodeRules),
                                   [&](const NodeRule &r) { return r.type == type; });
    if (rule != std::end(kNodeRules)) {
        (this->*rule->check)(n, depth);
        return;
    }
    // seed 003: the catalog is fixed; an unrecognised type fails validation.
    constexpr std::size_t kShown = 40;
    QString shown = fromStdString(type);
    if (shown.size() > qsizetype(kShown))
        shown = shown.left(qsizetype(kShown)) + QChar(0x2026);
    add("type", QStringLiteral("unknown node type \"%1\"").arg(shown));
}

} // namespace

QStringList widgetNodeTypeNames()
{
    QStringList names;
    for (const char *name : kNodeTypeNames)
        names.append(QLatin1String(name));
    return names;
}

QStringList widgetDocumentCheckedTypes()
{
    QStringList names;
    for (const auto &rule : Checker::kNodeRules)
        names.append(QLatin1String(rule.type.data(), qsizetype(rule.type.size())));
    return names;
}

void validateWidgetDocument(const json &payload, QList<ValidationIssue> &issues)
{
    if (!payload.is_object())
        return; // CardValidator already says "/payload: must be an object"
    Checker(issues).document(payload);
}

void validateWidgetTemplateDocument(const json &document, QList<ValidationIssue> &issues)
{
    if (!document.is_object()) {
        issues.append({QStringLiteral("/document"), QStringLiteral("must be an object")});
        return;
    }
    Checker(issues, "/document", true).document(document);
}

QStringList widgetPlaceholderNames(std::string_view text)
{
    QStringList names;
    scanPlaceholders(text, &names);
    return names;
}

// --- normalisation -----------------------------------------------------------------------------------

bool isHttpsUrl(QStringView url)
{
    if (!url.startsWith(u"https://", Qt::CaseInsensitive))
        return false;
    const QStringView rest = url.mid(8);
    if (rest.isEmpty())
        return false;
    const QChar first = rest.front();
    return first != u'/' && first != u'\\' && first != u'?' && first != u'#' && !first.isSpace();
}

bool isWidgetImageSource(QStringView src)
{
    return isHttpsUrl(src) || src.startsWith(u"data:", Qt::CaseInsensitive);
}

WidgetAction widgetAction(const json &action)
{
    WidgetAction out;
    if (!action.is_object())
        return out;
    const QString kind = jsonString(action, "kind");
    if (kind == QLatin1String("agent")) {
        out.id = jsonString(action, "id");
        if (out.id.isEmpty())
            return out;
        out.kind = WidgetAction::Kind::Agent;
        out.label = jsonString(action, "label");
        auto payload = action.find("payload");
        out.payloadJson = payload != action.end() && payload->is_object()
            ? QByteArray::fromStdString(payload->dump(-1, ' ', false, json::error_handler_t::replace))
            : QByteArrayLiteral("{}");
    } else if (kind == QLatin1String("ui")) {
        auto command = action.find("command");
        if (command == action.end() || !command->is_object())
            return out;
        out.command = jsonString(*command, "action");
        if (out.command.isEmpty())
            return out;
        out.kind = WidgetAction::Kind::Ui;
        out.commandJson = QByteArray::fromStdString(command->dump(-1, ' ', false, json::error_handler_t::replace));
    } else if (kind == QLatin1String("url")) {
        out.href = jsonString(action, "href");
        if (!isHttpsUrl(out.href)) {
            out.href.clear();
            return out;
        }
        out.kind = WidgetAction::Kind::Url;
    }
    return out;
}

double widgetRatingValue(double value)
{
    if (std::isnan(value))
        return 0;
    return std::clamp(value, 0.0, 5.0);
}

QString widgetRevealText(const json &result)
{
    if (result.is_string())
        return fromStdString(result.get_ref<const std::string &>());
    if (result.is_number_integer())
        return fromStdString(result.dump());
    if (result.is_number_float()) {
        const double v = result.get<double>();
        if (std::isfinite(v) && std::trunc(v) == v && std::abs(v) < 1e15)
            return QString::number(qint64(v)); // JavaScript's String(7.0) is "7"
        return fromStdString(result.dump());
    }
    return {};
}

QString widgetCellText(const json &cell, const QString &numberText)
{
    if (cell.is_string())
        return fromStdString(cell.get_ref<const std::string &>());
    if (cell.is_number())
        return numberText.isEmpty() ? fromStdString(cell.dump()) : numberText;
    if (cell.is_boolean())
        return cell.get<bool>() ? QStringLiteral("\u2713") : QStringLiteral("\u2717");
    if (cell.is_null())
        return QStringLiteral("\u2014");
    return {};
}

QList<QList<WidgetBoardCell>> widgetBoardCells(const json &rows)
{
    QList<QList<WidgetBoardCell>> out;
    if (!rows.is_array())
        return out;
    for (std::size_t r = 0; r < rows.size() && r < std::size_t(kWidgetBoardMax); ++r) {
        const json &row = rows[r];
        QList<WidgetBoardCell> cells;
        if (row.is_array()) {
            for (std::size_t c = 0; c < row.size() && c < std::size_t(kWidgetBoardMax); ++c) {
                const json &value = row[c];
                WidgetBoardCell cell;
                if (value.is_string()) {
                    cell.glyph = fromStdString(value.get_ref<const std::string &>()); // "" = blank
                } else if (value.is_object()) {
                    cell.glyph = jsonString(value, "glyph");
                    cell.icon = jsonString(value, "icon");
                    cell.tone = jsonString(value, "tone");
                    auto a = value.find("action");
                    if (a != value.end() && a->is_object())
                        cell.action = &*a;
                }
                cells.append(cell);
            }
        }
        out.append(cells);
    }
    return out;
}

namespace {

bool isStateBlank(const QString &value)
{
    return value.isEmpty() || value == QLatin1String(".") || value == QLatin1String("-") || value == QLatin1String("_")
        || value == QLatin1String(" ");
}

// The recorded state as rows of cell values; empty when there is none or it does not read.
QList<QStringList> boardState(const json &state)
{
    QList<QStringList> rows;
    if (state.is_string()) {
        const QString text = fromStdString(state.get_ref<const std::string &>());
        if (text.size() > kWidgetBoardMax * (kWidgetBoardMax + 1))
            return {};
        QStringList row;
        for (const QChar c : text) {
            if (c == u'/' || c == u'|' || c == u'\n') {
                rows.append(row);
                row.clear();
            } else if (c != u'\r') {
                row.append(QString(c));
            }
        }
        rows.append(row);
        return rows;
    }
    if (!state.is_array() || state.size() > std::size_t(kWidgetBoardMax))
        return {};
    for (const json &r : state) {
        if (!r.is_array() || r.size() > std::size_t(kWidgetBoardMax))
            return {};
        QStringList row;
        for (const json &v : r)
            row.append(v.is_string() ? fromStdString(v.get_ref<const std::string &>()) : QString());
        rows.append(row);
    }
    return rows;
}

const json *cellPayload(const WidgetBoardCell &cell)
{
    if (!cell.action || !cell.action->is_object() || jsonString(*cell.action, "kind") != QLatin1String("agent"))
        return nullptr;
    auto payload = cell.action->find("payload");
    return payload != cell.action->end() && payload->is_object() ? &*payload : nullptr;
}

} // namespace

int healWidgetBoard(QList<QList<WidgetBoardCell>> &cells)
{
    const json *state = nullptr;
    for (const QList<WidgetBoardCell> &row : std::as_const(cells)) {
        for (const WidgetBoardCell &cell : row) {
            const json *payload = cellPayload(cell);
            if (!state && payload && payload->contains("state"))
                state = &payload->at("state");
        }
    }
    if (!state)
        return 0;
    QList<QStringList> rows = boardState(*state);
    // One string without separators: split by the drawn rows' lengths.
    if (rows.size() == 1 && cells.size() > 1) {
        const QStringList flat = rows.first();
        rows.clear();
        qsizetype at = 0;
        for (const QList<WidgetBoardCell> &row : std::as_const(cells)) {
            rows.append(flat.mid(at, row.size()));
            at += row.size();
        }
        if (at != flat.size())
            return 0;
    }
    if (rows.size() != cells.size())
        return 0;
    for (qsizetype r = 0; r < rows.size(); ++r) {
        if (rows.at(r).size() != cells.at(r).size())
            return 0;
    }
    int healed = 0;
    for (qsizetype r = 0; r < rows.size(); ++r) {
        for (qsizetype c = 0; c < rows.at(r).size(); ++c) {
            WidgetBoardCell &cell = cells[r][c];
            const QString &recorded = rows.at(r).at(c);
            if (!cell.isBlank() || isStateBlank(recorded) || recorded.size() > kWidgetMaxTitle)
                continue;
            cell.glyph = recorded;
            cell.healed = true;
            ++healed;
        }
    }
    return healed;
}

QString widgetBoardUserMark(const QList<QList<WidgetBoardCell>> &cells, const WidgetBoardCell &clicked)
{
    if (const json *payload = cellPayload(clicked)) {
        const QString mark = jsonString(*payload, "mark");
        const qsizetype length = mark.toUcs4().size();
        if (length >= 1 && length <= 4)
            return mark;
    }
    int xs = 0;
    int os = 0;
    for (const QList<WidgetBoardCell> &row : cells) {
        for (const WidgetBoardCell &cell : row) {
            xs += cell.glyph.compare(QLatin1String("X"), Qt::CaseInsensitive) == 0;
            os += cell.glyph.compare(QLatin1String("O"), Qt::CaseInsensitive) == 0;
        }
    }
    return xs > os ? QStringLiteral("O") : QStringLiteral("X");
}

WidgetCelebration widgetCelebration(const json &command)
{
    static const struct { const char *name; WidgetCelebration::Kind kind; } kKinds[] = {
        {"burst", WidgetCelebration::Kind::Burst}, {"fireworks", WidgetCelebration::Kind::Fireworks},
        {"cannons", WidgetCelebration::Kind::Cannons}, {"stars", WidgetCelebration::Kind::Stars},
        {"rain", WidgetCelebration::Kind::Rain}, {"emoji", WidgetCelebration::Kind::Emoji},
    };
    WidgetCelebration out;
    const QString kind = jsonString(command, "kind");
    for (const auto &k : kKinds) {
        if (kind == QLatin1String(k.name))
            out.kind = k.kind;
    }
    if (out.kind == WidgetCelebration::Kind::Emoji) {
        out.emoji = jsonString(command, "emoji").left(16);
        if (out.emoji.trimmed().isEmpty())
            out.emoji = QStringLiteral("\U0001F389");
    }
    return out;
}

QString widgetCelebrationKindName(WidgetCelebration::Kind kind)
{
    switch (kind) {
    case WidgetCelebration::Kind::Burst:
        return QStringLiteral("burst");
    case WidgetCelebration::Kind::Fireworks:
        return QStringLiteral("fireworks");
    case WidgetCelebration::Kind::Cannons:
        return QStringLiteral("cannons");
    case WidgetCelebration::Kind::Stars:
        return QStringLiteral("stars");
    case WidgetCelebration::Kind::Rain:
        return QStringLiteral("rain");
    case WidgetCelebration::Kind::Emoji:
        return QStringLiteral("emoji");
    }
    return QStringLiteral("burst");
}

QStringList widgetCompareRow(const json &values, int optionCount)
{
    QStringList cells;
    if (values.is_array()) {
        for (const json &v : values)
            cells.append(widgetCellText(v));
    }
    while (cells.size() < optionCount)
        cells.append(QString()); // seed 003: missing cells pad to a blank
    return cells;
}

} // namespace Tessera
