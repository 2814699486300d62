#include <cards/cardvalidator.h>

#include <cards/cardkindregistry.h>
#include <cards/cardkinds.h>
#include <cards/kindhooks.h>
#include <cards/tesseraassert.h>
#include <cards/dialects/jsonrenderspec.h>
#include <cards/dialects/widgetdocument.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <QFile>
#include <QRegularExpression>
#include <QtDebug>

#include <nlohmann/json.hpp>
#include <simdjson.h>

#include <cards/jsontape.h>

#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include <cards/jsonaccess.h>
#include <cards/strictjson.h>
#include <cards/logging.h>

namespace Tessera {

using nlohmann::json;

// The keywords one item under CardKindInfo::shallowItems uses (type, required, properties' type; a
// metric_chart point), compiled once, with valijson's verdicts and translate()'s messages. Outside the
// anonymous namespace: kindhooks.h names it.
struct ShallowSchema
{
    unsigned type = ~0u;
    QString typeMessage;
    struct Property
    {
        std::string name;
        unsigned type;
        QString typeMessage;
        bool required;
    };
    std::vector<Property> properties;
};

namespace {

constexpr std::size_t kCanvasDataMaxChars = 32768; // seed 000, canvas: data "max 32 768 chars serialized"
constexpr std::size_t kKindNameShown = 40;         // an unknown kind is quoted at most this long

ShallowSchema compileShallow(const json &schemaNode);

// True when a schema uses only what ShallowSchema can check, so nothing is silently skipped if
// the point schema grows a keyword later (then valijson keeps checking points, only slower).
bool isShallow(const json &schemaNode, bool allowProperties = true)
{
    if (!schemaNode.is_object())
        return false;
    for (auto it = schemaNode.begin(); it != schemaNode.end(); ++it) {
        const std::string &keyword = it.key();
        if (keyword == "type" || keyword == "description" || keyword == "title")
            continue;
        if (allowProperties && keyword == "required")
            continue;
        if (allowProperties && keyword == "properties" && it->is_object()) {
            for (const json &property : *it)
                if (!isShallow(property, false))
                    return false;
            continue;
        }
        return false;
    }
    return true;
}

// A catalog schema compiled once into a tree the payload is walked against with no allocation unless an
// issue is found (issue 17): the draft-7 keywords the catalog uses, with valijson's semantics (each keyword
// applies only to the JSON types it is about; every keyword is checked, none stops the others) and the
// messages translate() gives valijson's errors. A schema using any other keyword is not compiled and
// valijson checks it as before.
struct CompiledNode
{
    unsigned type = ~0u; // typeMask(); ~0u: no "type"
    QString typeMessage;
    bool hasEnum = false;
    std::vector<std::string> enumValues; // strings only (else not compiled)
    QString enumMessage;
    std::uint64_t minLength = 0, maxLength = UINT64_MAX, minItems = 0, maxItems = UINT64_MAX;
    QString minLengthMessage, maxLengthMessage, minItemsMessage, maxItemsMessage;
    struct Required
    {
        std::string name;
        std::string escaped; // pointer token
        std::ptrdiff_t property = -1; // its place in `properties`, -1 when it has no schema of its own
    };
    std::vector<Required> required;
    struct Property
    {
        std::string name;
        std::string escaped;
        std::unique_ptr<CompiledNode> schema;
    };
    std::vector<Property> properties;
    std::unique_ptr<CompiledNode> items;
};

struct KindSchema
{
    json document;            // the schema file as written (payloadSchema())
    valijson::Schema checked; // what valijson runs: the file minus what C++ checks itself
    std::unique_ptr<CompiledNode> compiled; // the same as `checked`, when every keyword in it is compiled
    std::unique_ptr<ShallowSchema> pointSchema; // metric_chart: one point, checked in C++ (see loadSchema)
    bool ok = false;
};

std::unique_ptr<CompiledNode> compileNode(const json &schemaNode);

// Set by CardValidator::validateWithValijson (the differential test) for its own calls.
thread_local bool t_forceValijson = false;

// One compiled schema per catalog kind, indexed by CardKind: the kind table keeps the catalog first
// and in enum order (static_assert'ed in cardkinds.cpp).
constexpr std::size_t kKindCount = kCatalogKindCount;

std::size_t kindIndex(CardKind kind)
{
    return std::size_t(kind);
}

// The parts of a schema file that C++ checks instead of valijson, with exact messages:
//  - canvas "oneOf" (exactly one of html/template): valijson's oneOf reports every child's
//    failure, which is noise for a reader;
//  - "pattern": valijson runs std::regex, whose libstdc++ matcher recurses per character and can
//    overflow the stack on a long hostile string.
void stripCheckedInCpp(json &schemaNode)
{
    if (!schemaNode.is_object())
        return;
    schemaNode.erase("oneOf");
    schemaNode.erase("pattern");
    auto properties = schemaNode.find("properties");
    if (properties != schemaNode.end() && properties->is_object()) {
        for (json &child : *properties)
            stripCheckedInCpp(child);
    }
    for (const char *key : {"items", "additionalProperties"}) {
        auto child = schemaNode.find(key);
        if (child != schemaNode.end())
            stripCheckedInCpp(*child);
    }
}

std::unique_ptr<KindSchema> loadSchema(CardKind kind)
{
    auto schema = std::make_unique<KindSchema>();
    const CardKindInfo *info = cardKindInfo(kind);
    TESSERA_ASSERT(info && info->schema, return schema);
    const QString path = QString::fromLatin1(info->schema);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        qCWarning(lcCards, "cannot open the schema %s", qPrintable(path));
        return schema;
    }
    const QByteArray bytes = file.readAll();
    schema->document = json::parse(bytes.constBegin(), bytes.constEnd(), nullptr, false);
    if (schema->document.is_discarded() || !schema->document.is_object()) {
        qCWarning(lcCards, "schema %s is not a JSON object", qPrintable(path));
        schema->document = json();
        return schema;
    }
    json forValijson = schema->document;
    stripCheckedInCpp(forValijson);
    if (info->shallowItems) {
        // Up to 800 metric_chart points: valijson copies its path vector for every item and member
        // (about 1.5 µs a point), so the items' own shape is checked by checkShallow() below, from the
        // same schema; their count (1-200) stays with valijson.
        const json::json_pointer items(info->shallowItems);
        if (forValijson.contains(items) && isShallow(forValijson.at(items))) {
            schema->pointSchema = std::make_unique<ShallowSchema>(compileShallow(schema->document.at(items)));
            forValijson.at(items.parent_pointer()).erase("items");
        }
    }
    try {
        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        valijson::adapters::NlohmannJsonAdapter adapter(forValijson);
        parser.populateSchema(adapter, schema->checked);
        schema->ok = true;
    } catch (const std::exception &e) {
        qCWarning(lcCards, "schema %s: %s", qPrintable(path), e.what());
    }
    if (schema->ok) {
        schema->compiled = compileNode(forValijson);
        if (!schema->compiled)
            qCInfo(lcCards, "schema %s uses a keyword the compiled check lacks: valijson checks it", qPrintable(path));
    }
    return schema;
}

// Loaded and parsed once, on first use; C++ guarantees thread-safe initialisation of the static.
const std::array<std::unique_ptr<KindSchema>, kKindCount> &schemas()
{
    static const std::array<std::unique_ptr<KindSchema>, kKindCount> all = [] {
        std::array<std::unique_ptr<KindSchema>, kKindCount> loaded;
        for (CardKind kind : knownCardKinds())
            loaded[kindIndex(kind)] = loadSchema(kind);
        return loaded;
    }();
    return all;
}

// Code points in UTF-8 text: every byte that is not a continuation byte starts one.
std::size_t codePointCount(std::string_view s)
{
    std::size_t n = 0;
    for (unsigned char c : s)
        n += (c & 0xC0) != 0x80;
    return n;
}

// An issue found while walking the payload, with its pointer relative to /payload (kindhooks.h).
using Found = PayloadFinding;

namespace dom = simdjson::dom;

// ---------------------------------------------------------------------------------------------
// Walk 1: every number finite, nesting bounded, and whether any string holds U+0000.

struct ScanResult
{
    bool hasNul = false;
    bool tooDeep = false;
    bool nonFinite = false;
};

struct PathToken
{
    const std::string *key = nullptr; // object member name, or
    std::size_t index = 0;            // array index when key is null
};

std::string pointerOf(const std::vector<PathToken> &path)
{
    std::string out;
    for (const PathToken &t : path) {
        out += '/';
        out += t.key ? escapePointerToken(*t.key) : std::to_string(t.index);
    }
    return out;
}

// Locate == false: only sets the flags (the common, clean case builds no path); Locate == true:
// a second walk, run only when something was found, that reports each place with its pointer.
template<bool Locate>
void scan(const json &node, int depth, std::vector<PathToken> &path, ScanResult &result, std::vector<Found> &found)
{
    switch (node.type()) {
    case json::value_t::number_float:
        if (!std::isfinite(node.get_ref<const json::number_float_t &>())) {
            result.nonFinite = true;
            if constexpr (Locate)
                found.push_back({pointerOf(path), QStringLiteral("must be a finite number")});
        }
        return;
    case json::value_t::string:
        if (node.get_ref<const std::string &>().find('\0') != std::string::npos)
            result.hasNul = true;
        return;
    case json::value_t::object:
    case json::value_t::array:
        break;
    default:
        return;
    }
    // Only an envelope built in code can get here this deep: the strict parser stops at kMaxJsonDepth.
    if (depth >= kMaxJsonDepth) {
        if (Locate && !result.tooDeep)
            found.push_back({pointerOf(path), QStringLiteral("is nested more than %1 levels deep").arg(kMaxJsonDepth)});
        result.tooDeep = true;
        return;
    }
    if (node.is_object()) {
        for (const auto &[key, value] : node.get_ref<const json::object_t &>()) {
            if constexpr (Locate)
                path.push_back({&key, 0});
            scan<Locate>(value, depth + 1, path, result, found);
            if constexpr (Locate)
                path.pop_back();
        }
    } else {
        std::size_t i = 0;
        for (const json &child : node.get_ref<const json::array_t &>()) {
            if constexpr (Locate)
                path.push_back({nullptr, i++});
            scan<Locate>(child, depth + 1, path, result, found);
            if constexpr (Locate)
                path.pop_back();
        }
    }
}

// A copy in which every U+0000 in a string value is U+0001: valijson measures lengths with a
// C-string walk that stops at U+0000 (so "a\u0000b" would count as 1). Same code-point lengths,
// and no enum value or name contains either character, so the verdicts are those of the original.
json withoutNul(const json &node)
{
    if (node.is_string()) {
        std::string s = node.get<std::string>();
        std::replace(s.begin(), s.end(), '\0', '\x01');
        return s;
    }
    if (node.is_object()) {
        json out = json::object();
        for (auto it = node.begin(); it != node.end(); ++it)
            out[it.key()] = withoutNul(it.value());
        return out;
    }
    if (node.is_array()) {
        json out = json::array();
        for (const json &child : node)
            out.push_back(withoutNul(child));
        return out;
    }
    return node;
}

// ---------------------------------------------------------------------------------------------
// valijson errors -> issues.

// "must be a string", "must be a string or number", "must be a string, number or null".
QString typeMessage(const json *schemaNode)
{
    QStringList names;
    if (schemaNode && schemaNode->is_object()) {
        auto it = schemaNode->find("type");
        if (it != schemaNode->end()) {
            if (it->is_string())
                names.append(fromStdString(it->get_ref<const std::string &>()));
            else if (it->is_array())
                for (const json &t : *it)
                    if (t.is_string())
                        names.append(fromStdString(t.get_ref<const std::string &>()));
        }
    }
    if (names.isEmpty())
        return QStringLiteral("has the wrong type");
    auto article = [](const QString &name) -> QString {
        if (name == QLatin1String("null"))
            return name;
        const bool vowel = name.startsWith(QLatin1Char('a')) || name.startsWith(QLatin1Char('o')) ||
                           name.startsWith(QLatin1Char('i'));
        return (vowel ? QStringLiteral("an ") : QStringLiteral("a ")) + name;
    };
    QString text = article(names.first());
    for (int i = 1; i < names.size(); ++i)
        text += (i + 1 == names.size() ? QStringLiteral(" or ") : QStringLiteral(", ")) + names.at(i);
    return QStringLiteral("must be ") + text;
}

QString enumMessage(const json *schemaNode)
{
    QStringList values;
    if (schemaNode && schemaNode->is_object()) {
        auto it = schemaNode->find("enum");
        if (it != schemaNode->end() && it->is_array())
            for (const json &v : *it)
                values.append(v.is_string() ? fromStdString(v.get_ref<const std::string &>()) : fromStdString(v.dump()));
    }
    return QStringLiteral("must be one of: ") + values.join(QStringLiteral(", "));
}

// The number valijson put after a prefix, e.g. "String should be no more than 120 characters".
bool numberAfter(std::string_view text, std::string_view prefix, unsigned long long &value)
{
    if (!text.starts_with(prefix))
        return false;
    text.remove_prefix(prefix.size());
    return std::from_chars(text.data(), text.data() + text.size(), value).ec == std::errc();
}

QString plural(unsigned long long n, const char *one, const char *many)
{
    return QString::number(n) + QLatin1Char(' ') + QLatin1String(n == 1 ? one : many);
}

// Maps one valijson error to an issue; false for the "failed to validate child" noise its
// parent levels add, which the child's own error already says better.
bool translate(const valijson::ValidationResults::Error &error, const json &target, const json &schema, Found &out)
{
    // Context tokens: "<root>", then "[3]" for an item, "[name]" for a member. The brackets make
    // indices and names look alike, so each token is resolved against the document itself.
    const json *node = &target;
    const json *schemaNode = &schema;
    std::string pointer;
    for (std::size_t i = 1; i < error.context.size(); ++i) {
        const std::string &token = error.context[i];
        if (token.size() < 2 || token.front() != '[' || token.back() != ']')
            return false;
        const std::string_view inner = std::string_view(token).substr(1, token.size() - 2);
        const json *childSchema = nullptr;
        if (node && node->is_array()) {
            std::size_t index = 0;
            if (std::from_chars(inner.data(), inner.data() + inner.size(), index).ec != std::errc())
                return false;
            node = index < node->size() ? &(*node)[index] : nullptr;
            if (schemaNode && schemaNode->is_object() && schemaNode->contains("items"))
                childSchema = &(*schemaNode)["items"];
        } else {
            const std::string key(inner);
            if (node && node->is_object()) {
                auto it = node->find(key);
                node = it != node->end() ? &*it : nullptr;
            } else {
                node = nullptr;
            }
            if (schemaNode && schemaNode->is_object()) {
                auto props = schemaNode->find("properties");
                if (props != schemaNode->end() && props->is_object() && props->contains(key))
                    childSchema = &(*props)[key];
            }
        }
        pointer += '/';
        pointer += escapePointerToken(inner);
        schemaNode = childSchema;
    }

    const std::string &d = error.description;
    unsigned long long n = 0;
    static constexpr std::string_view kRequired = "Missing required property '";
    if (d.starts_with(kRequired) && d.size() > kRequired.size() + 2) {
        const std::string_view name = std::string_view(d).substr(kRequired.size(), d.size() - kRequired.size() - 2);
        out = {pointer + '/' + escapePointerToken(name), QStringLiteral("is required")};
    } else if (numberAfter(d, "String should be no more than ", n)) {
        out = {pointer, QStringLiteral("must be at most ") + plural(n, "character", "characters")};
    } else if (numberAfter(d, "String should be no fewer than ", n)) {
        out = {pointer, n == 1 ? QStringLiteral("must not be empty")
                               : QStringLiteral("must be at least ") + plural(n, "character", "characters")};
    } else if (numberAfter(d, "Array should contain no more than ", n)) {
        out = {pointer, QStringLiteral("must have at most ") + plural(n, "item", "items")};
    } else if (numberAfter(d, "Array should contain no fewer than ", n)) {
        out = {pointer, QStringLiteral("must have at least ") + plural(n, "item", "items")};
    } else if (d.starts_with("Failed to match against any enum values")) {
        out = {pointer, enumMessage(schemaNode)};
    } else if (d.starts_with("Value type not permitted")) {
        out = {pointer, typeMessage(schemaNode), true};
    } else if (d.starts_with("Failed to validate") || d.starts_with("Cannot validate")) {
        return false;
    } else {
        out = {pointer, QStringLiteral("is invalid")};
    }
    return true;
}

// ---------------------------------------------------------------------------------------------
// Cross-field rules JSON Schema cannot say.

// JSON types as bits, so a compiled "type" keyword is one mask test: a value's type (typeBit) against
// what a schema's "type" allows (typeMask).
enum TypeBit : unsigned {
    kNullType = 1u << 0,
    kBooleanType = 1u << 1,
    kIntegerType = 1u << 2,
    kNumberType = 1u << 3,
    kStringType = 1u << 4,
    kArrayType = 1u << 5,
    kObjectType = 1u << 6,
};

unsigned typeBit(const json &value)
{
    switch (value.type()) {
    case json::value_t::null:
        return kNullType;
    case json::value_t::boolean:
        return kBooleanType;
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
        return kIntegerType | kNumberType; // an integer is also a number
    case json::value_t::number_float:
        return kNumberType;
    case json::value_t::string:
        return kStringType;
    case json::value_t::array:
        return kArrayType;
    case json::value_t::object:
        return kObjectType;
    default:
        return 0;
    }
}

// A table by the element type's character (simdjson spells its types '{', '[', '"', 'l', …), small
// enough to inline where each chart point and table cell is checked.
inline unsigned typeBit(dom::element value)
{
    static constexpr auto kBits = [] {
        std::array<unsigned char, 256> bits{};
        bits[std::size_t(dom::element_type::NULL_VALUE)] = kNullType;
        bits[std::size_t(dom::element_type::BOOL)] = kBooleanType;
        bits[std::size_t(dom::element_type::INT64)] = kIntegerType | kNumberType; // an integer is also a number
        bits[std::size_t(dom::element_type::UINT64)] = kIntegerType | kNumberType;
        bits[std::size_t(dom::element_type::DOUBLE)] = kNumberType;
        bits[std::size_t(dom::element_type::STRING)] = kStringType;
        bits[std::size_t(dom::element_type::ARRAY)] = kArrayType;
        bits[std::size_t(dom::element_type::OBJECT)] = kObjectType;
        return bits;
    }();
    return kBits[static_cast<unsigned char>(value.type())];
}

unsigned typeMask(const json &schemaNode)
{
    static constexpr std::pair<std::string_view, unsigned> kNames[] = {
        {"null", kNullType}, {"boolean", kBooleanType}, {"integer", kIntegerType}, {"number", kNumberType},
        {"string", kStringType}, {"array", kArrayType}, {"object", kObjectType},
    };
    auto type = schemaNode.is_object() ? schemaNode.find("type") : schemaNode.end();
    if (!schemaNode.is_object() || type == schemaNode.end())
        return ~0u;
    unsigned mask = 0;
    auto add = [&](const json &name) {
        for (const auto &[n, bit] : kNames)
            if (name.is_string() && name.get_ref<const std::string &>() == n)
                mask |= bit;
    };
    if (type->is_array())
        for (const json &t : *type)
            add(t);
    else
        add(*type);
    // "integer" accepts only integers; typeBit() gives integers both bits, floats only "number".
    return mask;
}

ShallowSchema compileShallow(const json &schemaNode)
{
    ShallowSchema out;
    out.type = typeMask(schemaNode);
    out.typeMessage = typeMessage(&schemaNode);
    const json noRequired = json::array();
    auto r = schemaNode.find("required");
    const json &required = r != schemaNode.end() && r->is_array() ? *r : noRequired;
    auto isRequired = [&](const std::string &name) {
        return std::find(required.begin(), required.end(), json(name)) != required.end();
    };
    static const json noProperties = json::object();
    auto p = schemaNode.find("properties");
    const json &properties = p != schemaNode.end() && p->is_object() ? *p : noProperties;
    for (auto it = properties.begin(); it != properties.end(); ++it)
        out.properties.push_back({it.key(), typeMask(it.value()), typeMessage(&it.value()), isRequired(it.key())});
    // A required name with no schema of its own: any value will do, but it must be there.
    for (const json &name : required) {
        if (name.is_string() && !properties.contains(name.get_ref<const std::string &>()))
            out.properties.push_back({name.get<std::string>(), ~0u, QString(), true});
    }
    return out;
}

// pointer() builds the value's pointer, only when there is something to report.
template<typename Value, typename MakePointer>
void checkShallow(const Value &value, const ShallowSchema &schema, MakePointer &&pointer, std::vector<Found> &found)
{
    if (!(typeBit(value) & schema.type)) {
        found.push_back({pointer(), schema.typeMessage, true});
        return;
    }
    if (!isObject(value))
        return;
    if constexpr (std::is_same_v<Value, dom::element>) {
        // On the tape one pass over the members, not a walk per property (a chart has thousands of
        // points). A clean tape has no repeated key; the findings' order may differ from the tree's, which
        // does not matter there: any finding sends the card the exact way, which names them.
        if (schema.properties.size() <= 32) {
            std::uint32_t seen = 0;
            for (dom::key_value_pair member : tapeValue<dom::object>(value)) {
                for (std::size_t i = 0; i < schema.properties.size(); ++i) {
                    const ShallowSchema::Property &property = schema.properties[i];
                    if (!sameKey(member.key, property.name))
                        continue;
                    seen |= 1u << i;
                    if (!(typeBit(member.value) & property.type))
                        found.push_back(
                            {pointer() + '/' + escapePointerToken(property.name), property.typeMessage, true});
                    break;
                }
            }
            for (std::size_t i = 0; i < schema.properties.size(); ++i) {
                if (!(seen & (1u << i)) && schema.properties[i].required)
                    found.push_back({pointer() + '/' + escapePointerToken(schema.properties[i].name),
                                     QStringLiteral("is required")});
            }
            return;
        }
    }
    for (const ShallowSchema::Property &property : schema.properties) {
        const auto member = memberOf(value, property.name);
        if (!member) {
            if (property.required)
                found.push_back({pointer() + '/' + escapePointerToken(property.name), QStringLiteral("is required")});
        } else if (!(typeBit(*member) & property.type)) {
            found.push_back({pointer() + '/' + escapePointerToken(property.name), property.typeMessage, true});
        }
    }
}

template<typename Value>
void checkChartPoints(const Value &payload, const ShallowSchema &pointSchema, std::vector<Found> &found)
{
    const auto series = memberOf(payload, "series");
    if (!series || !isArray(*series))
        return;
    forEachElement(*series, [&](std::size_t s, const auto &one) {
        const auto points = memberOf(one, "points");
        if (!points || !isArray(*points))
            return;
        forEachElement(*points, [&](std::size_t p, const auto &point) {
            checkShallow(
                point, pointSchema, [s, p] { return "/series/" + std::to_string(s) + "/points/" + std::to_string(p); },
                found);
        });
    });
}

template<typename Value>
bool isCell(const Value &v)
{
    return typeBit(v) & (kNullType | kNumberType | kStringType);
}

// Seed 000, data_table: column keys identify cells, so they are unique; rows and totals hold
// string, number or null under each column key (other keys are ignored, PRODUCT.md §1).
template<typename Value>
void checkDataTable(const Value &payload, std::vector<Found> &found)
{
    std::vector<std::string_view> keys; // each distinct column key, in column order
    std::vector<std::size_t> keyColumns; // the column that first has it
    const auto columns = memberOf(payload, "columns");
    if (columns && isArray(*columns)) {
        forEachElement(*columns, [&](std::size_t j, const auto &column) {
            const auto key = memberOf(column, "key");
            if (!key || !isString(*key))
                return;
            const std::string_view name = stringOf(*key);
            const auto same = std::find(keys.begin(), keys.end(), name);
            if (same != keys.end()) {
                found.push_back({"/columns/" + std::to_string(j) + "/key",
                                 QStringLiteral("must be unique (column %1 has the same key)")
                                         .arg(keyColumns[std::size_t(same - keys.begin())])});
            } else {
                keys.push_back(name);
                keyColumns.push_back(j);
            }
        });
    }
    auto checkRow = [&](const auto &row, const auto &rowPointer) {
        if (!isObject(row))
            return;
        if constexpr (std::is_same_v<Value, dom::element>) {
            // One pass over the row's members (see checkShallow); a member that is no column is ignored.
            for (dom::key_value_pair member : tapeValue<dom::object>(row)) {
                const auto column = std::find_if(keys.cbegin(), keys.cend(),
                                                 [&](std::string_view key) { return sameKey(key, member.key); });
                if (column != keys.cend() && !isCell(member.value))
                    found.push_back({rowPointer() + '/' + escapePointerToken(*column),
                                     QStringLiteral("must be a string, number or null")});
            }
            return;
        }
        for (std::string_view key : keys) {
            const auto cell = memberOf(row, key);
            if (cell && !isCell(*cell))
                found.push_back({rowPointer() + '/' + escapePointerToken(key),
                                 QStringLiteral("must be a string, number or null")});
        }
    };
    const auto rows = memberOf(payload, "rows");
    if (rows && isArray(*rows)) {
        forEachElement(*rows, [&](std::size_t i, const auto &row) {
            checkRow(row, [i] { return "/rows/" + std::to_string(i); });
        });
    }
    if (const auto totals = memberOf(payload, "totals"))
        checkRow(*totals, [] { return std::string("/totals"); });
}

bool startsWithNoCase(std::string_view text, std::string_view prefix)
{
    if (text.size() < prefix.size())
        return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        char c = text[i];
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
        if (c != prefix[i])
            return false;
    }
    return true;
}

bool isSchemeChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' || c == '-' ||
           c == '.';
}

// Seed 000, item_list: an id is "a stable identifier, never a URL". "cli:ethos" is an identifier;
// "scheme://…", "//host", "www.…" and the script/data schemes a client might follow are URLs.
bool looksLikeUrl(std::string_view id)
{
    // Browsers ignore leading spaces and control characters before a scheme.
    while (!id.empty() && static_cast<unsigned char>(id.front()) <= 0x20)
        id.remove_prefix(1);
    if (id.starts_with("//") || id.starts_with("\\\\"))
        return true;
    for (std::string_view prefix : {"javascript:", "data:", "mailto:", "file:", "vbscript:", "www."}) {
        if (startsWithNoCase(id, prefix))
            return true;
    }
    const std::size_t colon = id.find("://");
    if (colon == std::string_view::npos || colon == 0)
        return false;
    const char first = id.front();
    if (!((first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z')))
        return false;
    return std::all_of(id.begin(), id.begin() + std::ptrdiff_t(colon), isSchemeChar);
}

template<typename Value>
void checkItemList(const Value &payload, std::vector<Found> &found)
{
    const auto items = memberOf(payload, "items");
    if (!items || !isArray(*items))
        return;
    forEachElement(*items, [&](std::size_t i, const auto &item) {
        const auto id = memberOf(item, "id");
        if (id && isString(*id) && looksLikeUrl(stringOf(*id)))
            found.push_back({"/items/" + std::to_string(i) + "/id", QStringLiteral("must be an identifier, not a URL")});
    });
}

// Counts serialised code points as nlohmann's dump() would write them, without building the string.
class CountingOutput final : public nlohmann::detail::output_adapter_protocol<char>
{
public:
    void write_character(char c) override { m_count += (static_cast<unsigned char>(c) & 0xC0) != 0x80; }
    void write_characters(const char *s, std::size_t length) override
    {
        m_count += codePointCount(std::string_view(s, length));
    }
    std::size_t count() const { return m_count; }

private:
    std::size_t m_count = 0;
};

std::size_t serializedChars(const json &value)
{
    auto output = std::make_shared<CountingOutput>();
    // replace: a malformed string built in code must not throw here (parsed text is valid UTF-8).
    nlohmann::detail::serializer<json> serializer(output, ' ', json::error_handler_t::replace);
    serializer.dump(value, false, false, 0);
    return output->count();
}

// The same count over the tape: nlohmann's dump() writes '"', '\\' and the bytes below 0x20 escaped (the
// five with a short escape as two characters, the rest as \u00XX), everything else as it is; a double as
// its to_chars() text; no spaces. serializedStringChars: one string, a value or a member name, with its
// quotes.
std::size_t serializedStringChars(std::string_view text)
{
    std::size_t count = 2;
    for (unsigned char c : text) {
        if (c == '"' || c == '\\' || c == '\b' || c == '\t' || c == '\n' || c == '\f' || c == '\r')
            count += 2;
        else if (c < 0x20)
            count += 6;
        else
            count += (c & 0xC0) != 0x80;
    }
    return count;
}

std::size_t serializedChars(dom::element value)
{
    switch (value.type()) {
    case dom::element_type::STRING:
        return serializedStringChars(stringOf(value));
    case dom::element_type::INT64:
    case dom::element_type::UINT64:
    case dom::element_type::DOUBLE: {
        std::array<char, 64> buffer{};
        char *end = buffer.data();
        if (value.type() == dom::element_type::INT64)
            end = std::to_chars(buffer.data(), buffer.data() + buffer.size(), tapeValue<std::int64_t>(value)).ptr;
        else if (value.type() == dom::element_type::UINT64)
            end = std::to_chars(buffer.data(), buffer.data() + buffer.size(), tapeValue<std::uint64_t>(value)).ptr;
        else
            end = nlohmann::detail::to_chars(buffer.data(), buffer.data() + buffer.size(), tapeValue<double>(value));
        return std::size_t(end - buffer.data());
    }
    case dom::element_type::BOOL:
        return tapeValue<bool>(value) ? 4 : 5;
    case dom::element_type::NULL_VALUE:
        return 4;
    case dom::element_type::ARRAY: {
        std::size_t count = 2;
        std::size_t n = 0;
        for (dom::element child : tapeValue<simdjson::dom::array>(value)) {
            count += serializedChars(child);
            ++n;
        }
        return count + (n > 0 ? n - 1 : 0);
    }
    case dom::element_type::OBJECT: {
        std::size_t count = 2;
        std::size_t n = 0;
        for (dom::key_value_pair member : tapeValue<simdjson::dom::object>(value)) {
            count += serializedStringChars(member.key) + 1 + serializedChars(member.value);
            ++n;
        }
        return count + (n > 0 ? n - 1 : 0);
    }
    }
    return 0;
}

bool isTemplateName(std::string_view name)
{
    // PRODUCT.md §5 / seed 000: names [A-Za-z0-9_-]+ only (the schema's pattern, checked here).
    return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    });
}

template<typename Value>
void checkCanvas(const Value &payload, bool tooDeep, std::vector<Found> &found)
{
    // Seed 000, render_ui: "requires exactly one of html or template".
    const bool hasHtml = bool(memberOf(payload, "html"));
    const auto tmpl = memberOf(payload, "template");
    const bool hasTemplate = bool(tmpl);
    if (hasHtml == hasTemplate)
        found.push_back({"", hasHtml ? QStringLiteral("must have html or template, not both")
                                     : QStringLiteral("must have html or template")});
    if (hasTemplate && isString(*tmpl) && !isTemplateName(stringOf(*tmpl)))
        found.push_back({"/template", QStringLiteral("must contain only letters, digits, hyphens and underscores")});

    const auto data = memberOf(payload, "data");
    if (data && !tooDeep && serializedChars(*data) > kCanvasDataMaxChars)
        found.push_back({"/data", QStringLiteral("must be at most %1 characters when serialized").arg(kCanvasDataMaxChars)});
}

// --- the compiled catalog schema --------------------------------------------------------------

bool readCount(const json &node, const char *keyword, std::uint64_t *out)
{
    const auto it = node.find(keyword);
    if (it == node.end())
        return true;
    if (!it->is_number_unsigned())
        return false;
    *out = it->get<std::uint64_t>();
    return true;
}

// Null when the schema uses anything but the keywords below (then valijson checks it).
std::unique_ptr<CompiledNode> compileNode(const json &schemaNode)
{
    static constexpr std::string_view kKnown[] = {"$schema", "title", "description", "type", "enum", "minLength",
                                                  "maxLength", "minItems", "maxItems", "required", "properties",
                                                  "items"};
    if (!schemaNode.is_object())
        return nullptr;
    for (auto it = schemaNode.begin(); it != schemaNode.end(); ++it) {
        if (std::find(std::begin(kKnown), std::end(kKnown), it.key()) == std::end(kKnown))
            return nullptr;
    }
    auto node = std::make_unique<CompiledNode>();
    if (const auto type = schemaNode.find("type"); type != schemaNode.end()) {
        static constexpr std::string_view kTypes[] = {"null", "boolean", "integer", "number", "string", "array", "object"};
        const auto known = [](const json &name) {
            return name.is_string() && std::find(std::begin(kTypes), std::end(kTypes), name.get_ref<const std::string &>()) != std::end(kTypes);
        };
        if (type->is_array() ? !std::all_of(type->begin(), type->end(), known) || type->empty() : !known(*type))
            return nullptr;
        node->type = typeMask(schemaNode);
        node->typeMessage = typeMessage(&schemaNode);
    }
    if (const auto values = schemaNode.find("enum"); values != schemaNode.end()) {
        if (!values->is_array() || values->empty())
            return nullptr;
        for (const json &value : *values) {
            if (!value.is_string())
                return nullptr;
            node->enumValues.push_back(value.get<std::string>());
        }
        node->hasEnum = true;
        node->enumMessage = enumMessage(&schemaNode);
    }
    if (!readCount(schemaNode, "minLength", &node->minLength) || !readCount(schemaNode, "maxLength", &node->maxLength)
        || !readCount(schemaNode, "minItems", &node->minItems) || !readCount(schemaNode, "maxItems", &node->maxItems))
        return nullptr;
    // translate()'s wording of valijson's messages.
    node->minLengthMessage = node->minLength == 1 ? QStringLiteral("must not be empty")
                                                  : QStringLiteral("must be at least ") + plural(node->minLength, "character", "characters");
    node->maxLengthMessage = QStringLiteral("must be at most ") + plural(node->maxLength, "character", "characters");
    node->minItemsMessage = QStringLiteral("must have at least ") + plural(node->minItems, "item", "items");
    node->maxItemsMessage = QStringLiteral("must have at most ") + plural(node->maxItems, "item", "items");
    if (const auto required = schemaNode.find("required"); required != schemaNode.end()) {
        if (!required->is_array())
            return nullptr;
        for (const json &name : *required) {
            if (!name.is_string())
                return nullptr;
            node->required.push_back({name.get<std::string>(), escapePointerToken(name.get_ref<const std::string &>())});
        }
    }
    if (const auto properties = schemaNode.find("properties"); properties != schemaNode.end()) {
        if (!properties->is_object())
            return nullptr;
        for (auto it = properties->begin(); it != properties->end(); ++it) {
            std::unique_ptr<CompiledNode> child = compileNode(it.value());
            if (!child)
                return nullptr;
            node->properties.push_back({it.key(), escapePointerToken(it.key()), std::move(child)});
        }
    }
    if (const auto items = schemaNode.find("items"); items != schemaNode.end()) {
        node->items = compileNode(*items); // an array of schemas (tuple form) is not compiled
        if (!node->items)
            return nullptr;
    }
    for (CompiledNode::Required &name : node->required) {
        const auto property = std::find_if(node->properties.cbegin(), node->properties.cend(),
                                           [&](const CompiledNode::Property &p) { return p.name == name.name; });
        if (property != node->properties.cend())
            name.property = property - node->properties.cbegin();
    }
    return node;
}

// An object's members named by its schema are looked up together (namedMembers) up to this many names.
constexpr std::size_t kMostNamedAtOnce = 8;

// Appends what valijson (through translate()) reports for `value` at `pointer`; `pointer` is a buffer
// grown and cut back in place, so a clean payload costs no allocation. False when a string to measure is
// not UTF-8 (only an envelope built in code): valijson's count differs there, so valijson is asked instead.
template<typename Value>
bool checkCompiled(const CompiledNode &node, const Value &value, std::string &pointer, std::vector<Found> &found)
{
    if (node.type != ~0u && !(typeBit(value) & node.type))
        found.push_back({pointer, node.typeMessage, true});
    if (node.hasEnum) {
        const bool listed = isString(value)
                && std::find(node.enumValues.begin(), node.enumValues.end(), stringOf(value)) != node.enumValues.end();
        if (!listed)
            found.push_back({pointer, node.enumMessage});
    }
    if (isString(value)) {
        if (node.minLength == 0 && node.maxLength == UINT64_MAX)
            return true;
        const std::string_view text = stringOf(value);
        // The tape's strings were validated with the whole text; nlohmann's may have been built in code.
        if (std::is_same_v<Value, json> && !simdjson::validate_utf8(text.data(), text.size()))
            return false;
        // UTF-8 spends one to four bytes on a code point: most strings are within the limits by their
        // size alone, and only the rest are counted.
        if (text.size() <= node.maxLength && (text.size() + 3) / 4 >= node.minLength)
            return true;
        const std::size_t length = codePointCount(text);
        if (length < node.minLength)
            found.push_back({pointer, node.minLengthMessage});
        if (length > node.maxLength)
            found.push_back({pointer, node.maxLengthMessage});
    } else if (isArray(value)) {
        const std::size_t size = arraySize(value);
        if (size < node.minItems)
            found.push_back({pointer, node.minItemsMessage});
        if (size > node.maxItems)
            found.push_back({pointer, node.maxItemsMessage});
        if (node.items) {
            const std::size_t length = pointer.size();
            bool ok = true;
            forEachElement(value, [&](std::size_t i, const auto &element) {
                if (!ok)
                    return;
                std::array<char, 24> digits{};
                const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), i).ptr;
                pointer += '/';
                pointer.append(digits.data(), std::size_t(end - digits.data()));
                ok = checkCompiled(*node.items, element, pointer, found);
                pointer.resize(length);
            });
            if (!ok)
                return false;
        }
    } else if (isObject(value)) {
        // The named members looked up together (one pass on the tape), unless there are too many to hold.
        using Member = decltype(memberOf(value, std::string_view()));
        std::array<Member, kMostNamedAtOnce> members{};
        const bool together = node.properties.size() <= members.size();
        if (together)
            namedMembers(
                value, node.properties, [](const CompiledNode::Property &p) -> std::string_view { return p.name; },
                members.data());
        const auto memberAt = [&](std::size_t i) {
            return together ? members[i] : memberOf(value, node.properties[i].name);
        };
        const std::size_t length = pointer.size();
        for (const CompiledNode::Required &name : node.required) {
            if (!(name.property >= 0 ? memberAt(std::size_t(name.property)) : memberOf(value, name.name)))
                found.push_back({pointer + '/' + name.escaped, QStringLiteral("is required")});
        }
        for (std::size_t i = 0; i < node.properties.size(); ++i) {
            const CompiledNode::Property &property = node.properties[i];
            const auto member = memberAt(i);
            if (!member)
                continue;
            pointer += '/';
            pointer += property.escaped;
            if (!checkCompiled(*property.schema, *member, pointer, found))
                return false;
            pointer.resize(length);
        }
    }
    return true;
}

void collectValijsonIssues(const KindSchema *schema, const json &payload, const ScanResult &scanned, std::vector<Found> &found);

// What a schema (and, for a catalog kind, its C++ rules) finds in a payload, unordered.
void collectIssues(const KindSchema *schema, CardKind kind, const json &payload, std::vector<Found> &found)
{
    ScanResult scanned;
    std::vector<PathToken> path;
    path.reserve(16);
    scan<false>(payload, 0, path, scanned, found);
    if (scanned.nonFinite || scanned.tooDeep) {
        scanned = {};
        scan<true>(payload, 0, path, scanned, found);
    }

    if (schema->compiled && !scanned.tooDeep && !t_forceValijson) {
        // Recurses only as deep as the schema does, as valijson. (Too deep, only from code: valijson
        // measures that payload's strings only up to a U+0000, which stays its own.)
        std::string pointer;
        pointer.reserve(64);
        const std::size_t before = found.size();
        if (!checkCompiled(*schema->compiled, payload, pointer, found)) {
            found.resize(before);
            collectValijsonIssues(schema, payload, scanned, found);
        }
    } else {
        collectValijsonIssues(schema, payload, scanned, found);
    }

    // A registered kind's own schema (kind Unknown here) has no extra rules; its renderer's run after.
    const CardKindInfo *info = cardKindInfo(kind);
    if (info && info->rules)
        info->rules({&payload, nullptr, scanned.tooDeep, schema->pointSchema.get()}, found);
}

void collectValijsonIssues(const KindSchema *schema, const json &payload, const ScanResult &scanned, std::vector<Found> &found)
{
    // valijson recurses only as deep as the schema does, so a deeply nested unknown field is safe.
    json sanitized;
    const json &target = scanned.hasNul && !scanned.tooDeep ? (sanitized = withoutNul(payload)) : payload;
    valijson::Validator validator(valijson::Validator::kStrongTypes);
    valijson::ValidationResults results;
    const valijson::adapters::NlohmannJsonAdapter adapter(target);
    bool valid = false;
    try {
        valid = validator.validate(schema->checked, adapter, &results);
    } catch (const std::exception &e) {
        found.push_back({"", QStringLiteral("could not be validated: ") + QString::fromLocal8Bit(e.what())});
    }
    if (!valid) {
        for (const valijson::ValidationResults::Error &error : results) {
            Found f;
            if (translate(error, target, schema->document, f))
                found.push_back(std::move(f));
        }
    }
}

void appendOrdered(std::vector<Found> &found, QList<ValidationIssue> &issues)
{
    if (found.empty())
        return;
    std::stable_sort(found.begin(), found.end(),
                     [](const Found &a, const Found &b) { return jsonPointerLess(a.pointer, b.pointer); }); // document order
    // Issues at one pointer are now adjacent: keep each message once, only the type when it is wrong.
    for (auto group = found.begin(); group != found.end();) {
        auto end = std::find_if(group, found.end(), [&](const Found &f) { return f.pointer != group->pointer; });
        const bool wrongType = std::any_of(group, end, [](const Found &f) { return f.wrongType; });
        const QString pointer = QStringLiteral("/payload") + fromStdString(group->pointer);
        for (auto f = group; f != end; ++f) {
            if ((wrongType && !f->wrongType) ||
                std::any_of(group, f, [&](const Found &earlier) { return earlier.message == f->message; }))
                continue;
            issues.append({pointer, f->message});
        }
        group = end;
    }
}

void validatePayload(CardKind kind, const json &payload, QList<ValidationIssue> &issues)
{
    const KindSchema *schema = schemas()[kindIndex(kind)].get();
    if (!schema || !schema->ok) {
        issues.append({QStringLiteral("/payload"), QStringLiteral("cannot be checked: the schema of this kind is missing")});
        return;
    }
    std::vector<Found> found;
    collectIssues(schema, kind, payload, found);
    appendOrdered(found, issues);
}

// f(payload) with the tree the input holds.
template<typename F>
void withPayload(const KindRuleInput &input, F &&f)
{
    TESSERA_ASSERT(input.payload || input.tapePayload, return);
    if (input.payload)
        f(*input.payload);
    else
        f(*input.tapePayload);
}

} // namespace

// The kind table's rules (cardkinds.cpp): the checks above, by kind.
void KindRule::dataTable(const KindRuleInput &input, std::vector<PayloadFinding> &found)
{
    withPayload(input, [&](const auto &payload) { checkDataTable(payload, found); });
}

void KindRule::itemList(const KindRuleInput &input, std::vector<PayloadFinding> &found)
{
    withPayload(input, [&](const auto &payload) { checkItemList(payload, found); });
}

void KindRule::canvas(const KindRuleInput &input, std::vector<PayloadFinding> &found)
{
    withPayload(input, [&](const auto &payload) { checkCanvas(payload, input.tooDeep, found); });
}

void KindRule::metricChart(const KindRuleInput &input, std::vector<PayloadFinding> &found)
{
    if (input.shallowItems)
        withPayload(input, [&](const auto &payload) { checkChartPoints(payload, *input.shallowItems, found); });
}

namespace {

// ---------------------------------------------------------------------------------------------
// Descriptor schemas (cardkindregistry.h). "pattern" and "format" never reach valijson: its std::regex
// recurses per character of the checked string, so a long hostile string could overflow the stack.
// They are checked here with QRegularExpression (PCRE2: bounded, no recursion per character).

struct PatternNode
{
    std::unique_ptr<QRegularExpression> pattern;
    std::string patternText;
    std::string format; // "date", "time" or "date-time" (other formats are annotations, not checked)
    std::vector<std::pair<std::string, std::unique_ptr<PatternNode>>> properties;
    std::unique_ptr<PatternNode> items;      // "items" as one schema
    std::unique_ptr<PatternNode> additional; // "additionalProperties" as a schema

    bool isEmpty() const { return !pattern && format.empty() && properties.empty() && !items && !additional; }
};

// Keywords whose values are data, not schemas.
bool isDataKeyword(const std::string &key)
{
    static constexpr std::string_view kData[] = {"enum", "const", "default", "examples", "required", "type",
                                                 "title", "description", "$comment", "$schema", "$id", "$ref"};
    return std::find(std::begin(kData), std::end(kData), key) != std::end(kData);
}

// Keywords whose value is an object of named schemas.
bool isSchemaMapKeyword(const std::string &key)
{
    return key == "properties" || key == "definitions" || key == "$defs" || key == "dependencies";
}

// A schema off the properties / items / additionalProperties path from the root (inside allOf, anyOf,
// not, if, definitions, …): which value it checks is not known here, so a pattern there is refused and a
// format dropped (draft 7: format is an annotation unless a validator chooses to assert it).
bool prepareOffPath(json &node, const std::string &at, ValidationIssue *error)
{
    if (node.is_array()) {
        std::size_t i = 0;
        for (json &child : node)
            if (!prepareOffPath(child, at + '/' + std::to_string(i++), error))
                return false;
        return true;
    }
    if (!node.is_object())
        return true;
    for (const char *keyword : {"pattern", "patternProperties"}) {
        if (node.contains(keyword)) {
            *error = {fromStdString(at + '/' + keyword),
                      QStringLiteral("a pattern is checked only under properties, items and additionalProperties")};
            return false;
        }
    }
    node.erase("format");
    for (auto it = node.begin(); it != node.end(); ++it) {
        const std::string key = it.key();
        if (isDataKeyword(key))
            continue;
        const std::string here = at + '/' + escapePointerToken(key);
        if (isSchemaMapKeyword(key) && it->is_object()) {
            for (auto member = it->begin(); member != it->end(); ++member)
                if (!prepareOffPath(*member, here + '/' + escapePointerToken(member.key()), error))
                    return false;
        } else if (!prepareOffPath(*it, here, error)) {
            return false;
        }
    }
    return true;
}

bool prepareOnPath(json &node, PatternNode &out, const std::string &at, ValidationIssue *error)
{
    if (!node.is_object())
        return true;
    if (auto pattern = node.find("pattern"); pattern != node.end()) {
        if (!pattern->is_string()) {
            *error = {fromStdString(at + "/pattern"), QStringLiteral("must be a string")};
            return false;
        }
        out.patternText = pattern->get<std::string>();
        out.pattern = std::make_unique<QRegularExpression>(fromStdString(out.patternText));
        if (!out.pattern->isValid()) {
            *error = {fromStdString(at + "/pattern"),
                      QStringLiteral("is not a valid regular expression: ") + out.pattern->errorString()};
            return false;
        }
        node.erase("pattern");
    }
    if (auto format = node.find("format"); format != node.end()) {
        if (format->is_string()) {
            const std::string &name = format->get_ref<const std::string &>();
            if (name == "date" || name == "time" || name == "date-time")
                out.format = name;
        }
        node.erase("format");
    }
    if (node.contains("patternProperties")) {
        *error = {fromStdString(at + "/patternProperties"), QStringLiteral("is not supported; use properties")};
        return false;
    }
    for (auto it = node.begin(); it != node.end(); ++it) {
        const std::string key = it.key();
        if (isDataKeyword(key))
            continue;
        const std::string here = at + '/' + escapePointerToken(key);
        if (key == "properties" && it->is_object()) {
            for (auto member = it->begin(); member != it->end(); ++member) {
                auto child = std::make_unique<PatternNode>();
                if (!prepareOnPath(*member, *child, here + '/' + escapePointerToken(member.key()), error))
                    return false;
                if (!child->isEmpty())
                    out.properties.emplace_back(member.key(), std::move(child));
            }
        } else if ((key == "items" || key == "additionalProperties") && it->is_object()) {
            auto child = std::make_unique<PatternNode>();
            if (!prepareOnPath(*it, *child, here, error))
                return false;
            if (!child->isEmpty())
                (key == "items" ? out.items : out.additional) = std::move(child);
        } else if (isSchemaMapKeyword(key) && it->is_object()) {
            for (auto member = it->begin(); member != it->end(); ++member)
                if (!prepareOffPath(*member, here + '/' + escapePointerToken(member.key()), error))
                    return false;
        } else if (!prepareOffPath(*it, here, error)) {
            return false;
        }
    }
    return true;
}

// The same shapes valijson's format checks accept (RFC 3339 full-date, full-time, date-time).
bool matchesFormat(const std::string &format, const QString &text)
{
    static const QRegularExpression date(QStringLiteral("^[0-9]+-(0[1-9]|1[012])-(0[1-9]|[12][0-9]|3[01])$"));
    static const QRegularExpression time(QStringLiteral(
        "^([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$"));
    static const QRegularExpression dateTime(QStringLiteral(
        "^[0-9]+-(0[1-9]|1[012])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)"
        "(\\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$"));
    const QRegularExpression &re = format == "date" ? date : format == "time" ? time : dateTime;
    return re.match(text).hasMatch();
}

void checkPatterns(const PatternNode &node, const json &value, const std::string &pointer, std::vector<Found> &found)
{
    if (value.is_string()) {
        const QString text = fromStdString(value.get_ref<const std::string &>());
        if (node.pattern && !node.pattern->match(text).hasMatch()) {
            constexpr qsizetype kShown = 60;
            QString shown = fromStdString(node.patternText);
            if (shown.size() > kShown)
                shown = shown.left(kShown) + QChar(0x2026);
            found.push_back({pointer, QStringLiteral("must match the pattern %1").arg(shown)});
        }
        if (!node.format.empty() && !matchesFormat(node.format, text))
            found.push_back({pointer, QStringLiteral("must be a %1 (RFC 3339)").arg(fromStdString(node.format))});
    } else if (value.is_object()) {
        for (auto it = value.begin(); it != value.end(); ++it) {
            const PatternNode *child = node.additional.get();
            for (const auto &[name, property] : node.properties) {
                if (name == it.key()) {
                    child = property.get();
                    break;
                }
            }
            if (child)
                checkPatterns(*child, *it, pointer + '/' + escapePointerToken(it.key()), found);
        }
    } else if (value.is_array() && node.items) {
        std::size_t i = 0;
        for (const json &item : value)
            checkPatterns(*node.items, item, pointer + '/' + std::to_string(i++), found);
    }
}

} // namespace

struct CardValidator::CompiledSchema
{
    KindSchema schema;
    PatternNode checks;
};

std::shared_ptr<const CardValidator::CompiledSchema> CardValidator::compilePayloadSchema(const json &schema,
                                                                                        ValidationIssue *error)
{
    ValidationIssue ignored;
    ValidationIssue &why = error ? *error : ignored;
    if (!schema.is_object()) {
        why = {QString(), QStringLiteral("must be an object")};
        return nullptr;
    }
    auto compiled = std::make_shared<CompiledSchema>();
    json forValijson = schema;
    if (!prepareOnPath(forValijson, compiled->checks, "", &why))
        return nullptr;
    try {
        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        valijson::adapters::NlohmannJsonAdapter adapter(forValijson);
        parser.populateSchema(adapter, compiled->schema.checked);
    } catch (const std::exception &e) {
        why = {QString(), QStringLiteral("is not a usable JSON Schema: ") + QString::fromLocal8Bit(e.what())};
        return nullptr;
    }
    compiled->schema.document = schema;
    compiled->schema.ok = true;
    return compiled;
}

void CardValidator::validateRegisteredPayload(const CompiledSchema &schema, CardKind renderer, const json &payload,
                                              QList<ValidationIssue> &issues)
{
    std::vector<Found> found;
    collectIssues(&schema.schema, CardKind::Unknown, payload, found);
    checkPatterns(schema.checks, payload, std::string(), found);
    const KindSchema *builtIn = kindIndex(renderer) < kKindCount ? schemas()[kindIndex(renderer)].get() : nullptr;
    if (builtIn && builtIn->ok)
        collectIssues(builtIn, renderer, payload, found);
    else
        found.push_back({"", QStringLiteral("cannot be checked: the schema of its renderer is missing")});
    appendOrdered(found, issues);
}

QList<ValidationIssue> CardValidator::validate(const json &envelope)
{
    QList<ValidationIssue> issues;
    if (!envelope.is_object()) {
        issues.append({QString(), QStringLiteral("must be an object")});
        return issues;
    }

    CardKind kind = CardKind::Unknown;
    auto kindIt = envelope.find("kind");
    if (kindIt == envelope.end()) {
        issues.append({QStringLiteral("/kind"), QStringLiteral("is required")});
    } else if (!kindIt->is_string()) {
        issues.append({QStringLiteral("/kind"), QStringLiteral("must be a string")});
    } else {
        const QString name = fromStdString(kindIt->get_ref<const std::string &>());
        kind = cardKindFromName(name);
        if (kind == CardKind::Unknown) {
            const QString shown = name.size() > qsizetype(kKindNameShown)
                                      ? name.left(qsizetype(kKindNameShown)) + QChar(0x2026)
                                      : name;
            issues.append({QStringLiteral("/kind"), QStringLiteral("unknown kind \"%1\"").arg(shown)});
        }
    }

    // Seed 000, "Envelope": CARD_SPEC_VERSION is 1; only the integer 1 (not "1", not 1.0).
    auto version = envelope.find("specVersion");
    if (version == envelope.end())
        issues.append({QStringLiteral("/specVersion"), QStringLiteral("is required")});
    else if (!version->is_number_integer() || *version != kCardSpecVersion)
        issues.append({QStringLiteral("/specVersion"), QStringLiteral("must be 1")});

    auto payload = envelope.find("payload");
    if (payload == envelope.end())
        issues.append({QStringLiteral("/payload"), QStringLiteral("is required")});
    else if (!payload->is_object())
        issues.append({QStringLiteral("/payload"), QStringLiteral("must be an object")});
    else if (kind == CardKind::JsonRender)
        validateJsonRenderSpec(*payload, issues);
    else if (kind == CardKind::WidgetDocument)
        validateWidgetDocument(*payload, issues);
    else if (kind == CardKind::Registered)
        CardKindRegistry::validatePayload(fromStdString(kindIt->get_ref<const std::string &>()), *payload, issues);
    else if (kind != CardKind::Unknown)
        validatePayload(kind, *payload, issues);
    return issues;
}

QList<ValidationIssue> CardValidator::validateWithValijson(const json &envelope)
{
    t_forceValijson = true;
    QList<ValidationIssue> issues = validate(envelope);
    t_forceValijson = false;
    return issues;
}

bool CardValidator::readCleanEnvelope(std::string_view text, CleanEnvelope *out)
{
    dom::element envelope;
    return readCleanTape(text, &envelope) && readCleanEnvelope(envelope, out);
}

namespace {

// The clean way's check of a card's kind and payload, wherever they come from (an envelope, or an
// emit_card call's arguments with the envelope stamped around them).
bool readCleanKindAndPayload(std::optional<dom::element> kindName, std::optional<dom::element> payload,
                             CardValidator::CleanEnvelope *out)
{
    if (!kindName || !isString(*kindName))
        return false;
    const QString name = fromStdString(stringOf(*kindName));
    const CardKind kind = cardKindFromName(name);
    const CardKindInfo *info = cardKindInfo(kind);
    if (!info || !info->catalog)
        return false; // a dialect, a registered kind or none: the exact way
    if (!payload || !isObject(*payload))
        return false;
    const KindSchema *schema = schemas()[kindIndex(kind)].get();
    if (!schema || !schema->ok || !schema->compiled || t_forceValijson)
        return false;
    // No allocation unless something is found; then the exact way names it.
    std::vector<Found> found;
    std::string pointer;
    if (!checkCompiled(*schema->compiled, *payload, pointer, found) || !found.empty())
        return false;
    if (info->rules)
        info->rules({nullptr, &*payload, false, schema->pointSchema.get()}, found);
    if (!found.empty())
        return false;
    out->kindName = name;
    out->kind = kind;
    const auto title = memberOf(*payload, "title");
    out->title = title && isString(*title) ? fromStdString(stringOf(*title)) : QString();
    return true;
}

} // namespace

bool CardValidator::readCleanEnvelope(const dom::element &envelope, CleanEnvelope *out)
{
    if (!isObject(envelope))
        return false;
    // Seed 000, "Envelope": only the integer 1.
    const auto version = memberOf(envelope, "specVersion");
    std::int64_t versionNumber = 0;
    if (!version || version->get_int64().get(versionNumber) || versionNumber != kCardSpecVersion)
        return false;
    return readCleanKindAndPayload(memberOf(envelope, "kind"), memberOf(envelope, "payload"), out);
}

bool CardValidator::readCleanEmitCardArguments(std::string_view arguments, CleanEnvelope *out)
{
    dom::element root;
    if (!readCleanTape(arguments, &root) || !isObject(root))
        return false;
    // Seed 000: canvas is the one kind emit_card cannot produce; the exact way says so.
    return readCleanKindAndPayload(memberOf(root, "kind"), memberOf(root, "payload"), out)
        && out->kind != CardKind::Canvas;
}

void CardValidator::loadCatalog()
{
    schemas();
}

const json &CardValidator::payloadSchema(CardKind kind)
{
    static const json null;
    if (kind == CardKind::Unknown || kindIndex(kind) >= kKindCount)
        return null;
    const KindSchema *schema = schemas()[kindIndex(kind)].get();
    return schema ? schema->document : null;
}

} // namespace Tessera
