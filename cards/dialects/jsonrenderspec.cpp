#include <cards/dialects/jsonrenderspec.h>

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <QUrl>

#include <nlohmann/json.hpp>

#include <cards/jsonaccess.h>
#include <cards/strictjson.h>

namespace Tessera {

using nlohmann::json;

namespace {

enum class Component { Card, Section, Text, Fields, Field, Table, Divider, Image, Actions, Button, LinkButton, Unknown };

constexpr std::array<const char *, 11> kComponentNames{
    {"Card", "Section", "Text", "Fields", "Field", "Table", "Divider", "Image", "Actions", "Button", "LinkButton"}};

constexpr std::size_t kQuotedIdChars = 40; // an id or type quoted in a message is cut here

Component componentFromName(std::string_view name)
{
    for (std::size_t i = 0; i < kComponentNames.size(); ++i) {
        if (name == kComponentNames[i])
            return Component(i);
    }
    return Component::Unknown;
}

QString componentName(Component c)
{
    return c == Component::Unknown ? QString() : QString::fromLatin1(kComponentNames[std::size_t(c)]);
}

bool hasChildren(Component c)
{
    return c == Component::Card || c == Component::Section || c == Component::Fields || c == Component::Actions;
}

bool canContain(Component parent, Component child)
{
    switch (parent) {
    case Component::Card:
    case Component::Section:
        switch (child) {
        case Component::Section:
            return parent == Component::Card;
        case Component::Text:
        case Component::Fields:
        case Component::Table:
        case Component::Divider:
        case Component::Image:
        case Component::Actions:
            return true;
        default:
            return false;
        }
    case Component::Fields:
        return child == Component::Field;
    case Component::Actions:
        return child == Component::Button || child == Component::LinkButton;
    default:
        return false;
    }
}

// Why parent cannot hold child, as one short sentence.
QString containmentMessage(Component parent, Component child)
{
    if (parent == Component::Fields)
        return QStringLiteral("Fields can contain only Field elements");
    if (parent == Component::Actions)
        return QStringLiteral("Actions can contain only Button and LinkButton elements");
    if (child == Component::Field)
        return QStringLiteral("a Field belongs inside Fields");
    if (child == Component::Button || child == Component::LinkButton)
        return QStringLiteral("a %1 belongs inside Actions").arg(componentName(child));
    if (child == Component::Card)
        return QStringLiteral("a Card can only be the root");
    return QStringLiteral("%1 cannot contain %2").arg(componentName(parent), componentName(child));
}

std::size_t codePoints(std::string_view s)
{
    std::size_t n = 0;
    for (unsigned char c : s)
        n += (c & 0xC0) != 0x80;
    return n;
}

// A user string for a message: cut at kQuotedIdChars code points, JSON-quoted (so a line break inside
// stays "\n" and the message stays one line).
QString quotedId(std::string_view text)
{
    std::size_t bytes = 0;
    std::size_t chars = 0;
    while (bytes < text.size() && chars < kQuotedIdChars) {
        ++bytes;
        while (bytes < text.size() && (static_cast<unsigned char>(text[bytes]) & 0xC0) == 0x80)
            ++bytes;
        ++chars;
    }
    const bool cut = bytes < text.size();
    const std::string dumped = json(std::string(text.substr(0, bytes))).dump(-1, ' ', false, json::error_handler_t::replace);
    QString out = fromStdString(dumped);
    if (cut)
        out.insert(out.size() - 1, QChar(0x2026));
    return out;
}

QString plural(std::size_t n, const char *one, const char *many)
{
    return QString::number(n) + QLatin1Char(' ') + QLatin1String(n == 1 ? one : many);
}

struct Issue
{
    std::string pointer; // relative to /payload
    QString message;
};


class SpecChecker
{
public:
    explicit SpecChecker(const json &payload)
        : m_payload(payload)
    {}

    std::vector<Issue> run()
    {
        checkText();
        const json *elements = elementsObject();
        const std::string *root = rootId(elements);
        if (elements) {
            if (elements->size() > std::size_t(kJsonRenderMaxElements))
                add("/elements", QStringLiteral("must have at most %1 elements").arg(kJsonRenderMaxElements));
            if (root)
                walk(*elements, *root);
            checkElements(*elements);
        }
        std::stable_sort(m_issues.begin(), m_issues.end(),
                         [](const Issue &a, const Issue &b) { return jsonPointerLess(a.pointer, b.pointer); });
        return std::move(m_issues);
    }

private:
    void add(std::string pointer, QString message) { m_issues.push_back({std::move(pointer), std::move(message)}); }

    static std::string elementPointer(const std::string &id) { return "/elements/" + escapePointerToken(id); }
    static std::string childPointer(const std::string &id, std::size_t i)
    {
        return elementPointer(id) + "/children/" + std::to_string(i);
    }

    void checkText()
    {
        auto text = m_payload.find("text");
        if (text == m_payload.end())
            return;
        checkStringValue(*text, "/text", 0, kJsonRenderMaxPlainTextChars);
    }

    const json *elementsObject()
    {
        auto elements = m_payload.find("elements");
        if (elements == m_payload.end()) {
            add("/elements", QStringLiteral("is required"));
            return nullptr;
        }
        if (!elements->is_object()) {
            add("/elements", QStringLiteral("must be an object"));
            return nullptr;
        }
        return &*elements;
    }

    const std::string *rootId(const json *elements)
    {
        auto root = m_payload.find("root");
        if (root == m_payload.end()) {
            add("/root", QStringLiteral("is required"));
            return nullptr;
        }
        if (!root->is_string()) {
            add("/root", QStringLiteral("must be a string"));
            return nullptr;
        }
        const std::string &id = root->get_ref<const std::string &>();
        if (!elements)
            return nullptr;
        auto element = elements->find(id);
        if (element == elements->end()) {
            add("/root", QStringLiteral("%1 is not in elements").arg(quotedId(id)));
            return nullptr;
        }
        const Component c = typeOf(*element);
        if (c == Component::Field)
            add("/root", QStringLiteral("cannot be a Field (a Field belongs inside Fields)"));
        else if (c == Component::Button || c == Component::LinkButton)
            add("/root", QStringLiteral("cannot be a %1 (a %1 belongs inside Actions)").arg(componentName(c)));
        return &id;
    }

    static Component typeOf(const json &element)
    {
        if (!element.is_object())
            return Component::Unknown;
        auto type = element.find("type");
        if (type == element.end() || !type->is_string())
            return Component::Unknown;
        return componentFromName(type->get_ref<const std::string &>());
    }

    static const json *childrenOf(const json &element)
    {
        if (!element.is_object())
            return nullptr;
        auto children = element.find("children");
        return children != element.end() && children->is_array() ? &*children : nullptr;
    }

    // Depth first from root, with an explicit stack (a hostile chain of 100,000 ids must not recurse).
    void walk(const json &elements, const std::string &root)
    {
        struct Frame
        {
            const std::string *id;
            const json *children;
            std::size_t next;
        };
        std::unordered_map<std::string, const std::string *> parentOf; // reached ids -> first parent
        std::unordered_set<std::string> onPath;
        std::vector<Frame> stack;
        parentOf.emplace(root, nullptr);
        onPath.insert(root);
        stack.push_back({&root, childrenOf(elements.at(root)), 0});
        while (!stack.empty()) {
            Frame &top = stack.back();
            if (!top.children || top.next >= top.children->size()) {
                onPath.erase(*top.id);
                stack.pop_back();
                continue;
            }
            const std::size_t index = top.next++;
            const json &child = (*top.children)[index];
            if (!child.is_string())
                continue; // reported by checkChildren
            const std::string &childId = child.get_ref<const std::string &>();
            auto element = elements.find(childId);
            if (element == elements.end())
                continue; // reported by checkChildren
            const std::string slot = childPointer(*top.id, index);
            if (onPath.count(childId)) {
                add(slot, QStringLiteral("makes a cycle (%1 would contain itself)").arg(quotedId(childId)));
                m_structural.insert(slot);
                continue;
            }
            auto reached = parentOf.find(childId);
            if (reached != parentOf.end()) {
                add(slot, QStringLiteral("%1 is already a child of %2")
                              .arg(quotedId(childId), reached->second ? quotedId(*reached->second) : QStringLiteral("the root")));
                m_structural.insert(slot);
                continue;
            }
            const std::string *parent = top.id;
            auto inserted = parentOf.emplace(childId, parent).first;
            onPath.insert(childId);
            stack.push_back({&inserted->first, childrenOf(*element), 0}); // top is invalid from here
        }
    }

    void checkElements(const json &elements)
    {
        std::unordered_map<std::string, std::string> buttonIds; // Button id -> element id holding it first
        for (auto it = elements.begin(); it != elements.end(); ++it) {
            const std::string &id = it.key();
            const std::string base = elementPointer(id);
            const std::size_t idChars = codePoints(id);
            if (idChars == 0)
                add(base, QStringLiteral("id must not be empty"));
            else if (idChars > std::size_t(kJsonRenderMaxIdChars))
                add(base, QStringLiteral("id must be at most %1").arg(plural(kJsonRenderMaxIdChars, "character", "characters")));
            const json &element = it.value();
            if (!element.is_object()) {
                add(base, QStringLiteral("must be an object"));
                continue;
            }
            const Component c = checkType(element, base);
            const json *props = checkProps(element, base);
            if (c != Component::Unknown && props)
                checkComponentProps(c, *props, base + "/props");
            checkChildren(elements, id, element, c, base);
            if (c == Component::Button && props) {
                auto buttonId = props->find("id");
                if (buttonId != props->end() && buttonId->is_string()) {
                    const std::string &value = buttonId->get_ref<const std::string &>();
                    auto [first, isNew] = buttonIds.emplace(value, id);
                    if (!isNew)
                        add(base + "/props/id",
                            QStringLiteral("must be unique among the card's Buttons (%1 has the same id)").arg(quotedId(first->second)));
                }
            }
        }
    }

    Component checkType(const json &element, const std::string &base)
    {
        auto type = element.find("type");
        if (type == element.end()) {
            add(base + "/type", QStringLiteral("is required"));
            return Component::Unknown;
        }
        if (!type->is_string()) {
            add(base + "/type", QStringLiteral("must be a string"));
            return Component::Unknown;
        }
        const std::string &name = type->get_ref<const std::string &>();
        const Component c = componentFromName(name);
        if (c == Component::Unknown) {
            if (name == "Chart")
                add(base + "/type", QStringLiteral("Chart is not in the catalog: json-render cards have no charts (seed 001)"));
            else
                add(base + "/type", QStringLiteral("unknown component %1 (the catalog has %2)")
                                        .arg(quotedId(name), jsonRenderComponentNames().join(QStringLiteral(", "))));
        }
        return c;
    }

    const json *checkProps(const json &element, const std::string &base)
    {
        static const json empty = json::object();
        auto props = element.find("props");
        if (props == element.end())
            return &empty;
        if (!props->is_object()) {
            add(base + "/props", QStringLiteral("must be an object"));
            return nullptr;
        }
        return &*props;
    }

    // A string of min..max code points (min 1: "must not be empty").
    bool checkStringValue(const json &value, const std::string &pointer, int min, int max)
    {
        if (!value.is_string()) {
            add(pointer, QStringLiteral("must be a string"));
            return false;
        }
        const std::size_t n = codePoints(value.get_ref<const std::string &>());
        if (min > 0 && n == 0) {
            add(pointer, QStringLiteral("must not be empty"));
            return false;
        }
        if (n > std::size_t(max)) {
            add(pointer, QStringLiteral("must be at most %1").arg(plural(std::size_t(max), "character", "characters")));
            return false;
        }
        return true;
    }

    void checkString(const json &props, const char *key, const std::string &base, bool required, int min, int max)
    {
        auto value = props.find(key);
        const std::string pointer = base + '/' + key;
        if (value == props.end()) {
            if (required)
                add(pointer, QStringLiteral("is required"));
            return;
        }
        checkStringValue(*value, pointer, min, max);
    }

    void checkEnum(const json &props, const char *key, const std::string &base, std::initializer_list<const char *> allowed)
    {
        auto value = props.find(key);
        if (value == props.end())
            return;
        const std::string pointer = base + '/' + key;
        if (!value->is_string()) {
            add(pointer, QStringLiteral("must be a string"));
            return;
        }
        QStringList names;
        for (const char *a : allowed) {
            if (value->get_ref<const std::string &>() == a)
                return;
            names.append(QLatin1String(a));
        }
        add(pointer, QStringLiteral("must be one of: ") + names.join(QStringLiteral(", ")));
    }

    void checkComponentProps(Component c, const json &props, const std::string &base)
    {
        switch (c) {
        case Component::Card:
            checkString(props, "title", base, false, 0, kJsonRenderMaxTitleChars);
            checkString(props, "subtitle", base, false, 0, kJsonRenderMaxSubtitleChars);
            break;
        case Component::Section:
            checkString(props, "title", base, false, 0, kJsonRenderMaxTitleChars);
            break;
        case Component::Text:
            checkString(props, "text", base, true, 1, kJsonRenderMaxTextChars);
            checkEnum(props, "style", base, {"plain", "bold", "muted"});
            break;
        case Component::Field:
            checkString(props, "label", base, true, 1, kJsonRenderMaxLabelChars);
            checkString(props, "value", base, true, 0, kJsonRenderMaxValueChars);
            break;
        case Component::Table:
            checkTable(props, base);
            break;
        case Component::Image:
            checkString(props, "url", base, true, 1, kJsonRenderMaxUrlChars);
            checkString(props, "alt", base, false, 0, kJsonRenderMaxAltChars);
            break;
        case Component::Button:
            checkString(props, "id", base, true, 1, kJsonRenderMaxIdChars);
            checkString(props, "label", base, true, 1, kJsonRenderMaxLabelChars);
            checkEnum(props, "style", base, {"primary", "danger", "default"});
            break;
        case Component::LinkButton:
            checkString(props, "label", base, true, 1, kJsonRenderMaxLabelChars);
            checkString(props, "url", base, true, 1, kJsonRenderMaxUrlChars);
            break;
        case Component::Fields:
        case Component::Divider:
        case Component::Actions:
        case Component::Unknown:
            break;
        }
    }

    void checkTable(const json &props, const std::string &base)
    {
        std::size_t columnCount = 0;
        auto columns = props.find("columns");
        if (columns == props.end()) {
            add(base + "/columns", QStringLiteral("is required"));
        } else if (!columns->is_array()) {
            add(base + "/columns", QStringLiteral("must be an array"));
        } else if (columns->empty()) {
            add(base + "/columns", QStringLiteral("must have at least 1 item"));
        } else if (columns->size() > std::size_t(kJsonRenderMaxColumns)) {
            add(base + "/columns", QStringLiteral("must have at most %1 items").arg(kJsonRenderMaxColumns));
        } else {
            columnCount = columns->size();
            for (std::size_t j = 0; j < columns->size(); ++j)
                checkStringValue((*columns)[j], base + "/columns/" + std::to_string(j), 1, kJsonRenderMaxLabelChars);
        }
        auto rows = props.find("rows");
        if (rows == props.end()) {
            add(base + "/rows", QStringLiteral("is required"));
            return;
        }
        if (!rows->is_array()) {
            add(base + "/rows", QStringLiteral("must be an array"));
            return;
        }
        if (rows->size() > std::size_t(kJsonRenderMaxRows)) {
            add(base + "/rows", QStringLiteral("must have at most %1 items").arg(kJsonRenderMaxRows));
            return;
        }
        for (std::size_t i = 0; i < rows->size(); ++i) {
            const json &row = (*rows)[i];
            const std::string rowPointer = base + "/rows/" + std::to_string(i);
            if (!row.is_array()) {
                add(rowPointer, QStringLiteral("must be an array"));
                continue;
            }
            if (columnCount > 0 && row.size() != columnCount)
                add(rowPointer, QStringLiteral("must have %1 (one per column)").arg(plural(columnCount, "cell", "cells")));
            for (std::size_t j = 0; j < row.size(); ++j) {
                const json &cell = row[j];
                const std::string cellPointer = rowPointer + '/' + std::to_string(j);
                if (cell.is_string())
                    checkStringValue(cell, cellPointer, 0, kJsonRenderMaxValueChars);
                else if (!cell.is_number() && !cell.is_null())
                    add(cellPointer, QStringLiteral("must be a string, number or null"));
            }
        }
    }

    void checkChildren(const json &elements, const std::string &id, const json &element, Component c,
                       const std::string &base)
    {
        auto children = element.find("children");
        if (children == element.end())
            return;
        const std::string pointer = base + "/children";
        if (!children->is_array()) {
            add(pointer, QStringLiteral("must be an array"));
            return;
        }
        if (c != Component::Unknown && !hasChildren(c)) {
            if (!children->empty())
                add(pointer, QStringLiteral("must be empty: a %1 has no children").arg(componentName(c)));
            return;
        }
        for (std::size_t i = 0; i < children->size(); ++i) {
            const json &child = (*children)[i];
            const std::string slot = childPointer(id, i);
            if (!child.is_string()) {
                add(slot, QStringLiteral("must be a string"));
                continue;
            }
            const std::string &childId = child.get_ref<const std::string &>();
            auto target = elements.find(childId);
            if (target == elements.end()) {
                add(slot, QStringLiteral("%1 is not in elements").arg(quotedId(childId)));
                continue;
            }
            if (m_structural.count(slot))
                continue; // one structural issue per slot: the cycle or second parent says more
            const Component childType = typeOf(*target);
            if (c != Component::Unknown && childType != Component::Unknown && !canContain(c, childType))
                add(slot, containmentMessage(c, childType));
        }
    }

    const json &m_payload;
    std::vector<Issue> m_issues;
    std::unordered_set<std::string> m_structural; // child slots with a cycle or second-parent issue
};

bool isBidiControl(char32_t c)
{
    return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

bool isBracketOrSemicolon(char32_t c)
{
    return c == U'[' || c == U']' || c == U';' || c == 0xFF3B || c == 0xFF3D || c == 0xFF1B || c == 0xFE54
        || c == 0x037E;
}

bool isBreakOrControl(char32_t c)
{
    return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029;
}

// Seed 001: brackets, semicolons and line breaks removed (see the header for the exact set).
QString sanitizeNoteFieldImpl(const QString &text)
{
    QString out;
    out.reserve(text.size());
    bool pendingSpace = false;
    for (const char32_t c : text.toUcs4()) {
        if (isBracketOrSemicolon(c) || isBidiControl(c))
            continue;
        if (isBreakOrControl(c) || QChar::isSpace(c)) {
            pendingSpace = !out.isEmpty();
            continue;
        }
        if (pendingSpace) {
            out += QLatin1Char(' ');
            pendingSpace = false;
        }
        out += QString::fromUcs4(&c, 1);
    }
    return out;
}

} // namespace

QStringList jsonRenderComponentNames()
{
    QStringList names;
    for (const char *name : kComponentNames)
        names.append(QLatin1String(name));
    return names;
}

void validateJsonRenderSpec(const json &payload, QList<ValidationIssue> &issues)
{
    if (!payload.is_object())
        return; // CardValidator reports "/payload": "must be an object"
    SpecChecker checker(payload);
    for (Issue &issue : checker.run())
        issues.append({QStringLiteral("/payload") + fromStdString(issue.pointer), std::move(issue.message)});
}

QString sanitizeNoteField(const QString &text)
{
    return sanitizeNoteFieldImpl(text);
}

QString buttonPressNote(const QString &presserName, const QString &actionId)
{
    QString name = sanitizeNoteField(presserName);
    if (name.size() > kButtonPressMaxNameChars) {
        // Cut by code points, never inside a surrogate pair.
        const QList<uint> ucs4 = name.toUcs4();
        if (ucs4.size() > kButtonPressMaxNameChars)
            name = QString::fromUcs4(reinterpret_cast<const char32_t *>(ucs4.constData()), kButtonPressMaxNameChars).trimmed();
    }
    if (name.isEmpty())
        name = QStringLiteral("someone");
    return QStringLiteral("[Button pressed by %1; action=%2]").arg(name, sanitizeNoteField(actionId));
}

QString jsonRenderLinkRefusal(const QString &url)
{
    const QUrl parsed(url, QUrl::StrictMode);
    if (url.isEmpty() || !parsed.isValid())
        return QStringLiteral("not a valid address");
    const QString scheme = parsed.scheme().toLower();
    if (scheme.isEmpty())
        return QStringLiteral("not a full address (no https://)");
    if (scheme != QLatin1String("https"))
        return QStringLiteral("Tessera opens only https:// links, not %1:").arg(scheme);
    if (parsed.host().isEmpty())
        return QStringLiteral("the address has no host");
    if (!parsed.userInfo().isEmpty())
        return QStringLiteral("the address has a user name before its host");
    return {};
}

} // namespace Tessera
