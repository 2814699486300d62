#pragma once

// Reads of simdjson's DOM tape, for the clean path (strictjson.cpp, cardvalidator.cpp, transcript.cpp),
// and the same few reads over nlohmann's tree: the exact way (which names every issue) and the clean way
// (where any doubt sends the text the exact way) are written once, as templates over the two.

#include <cstddef>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>
#include <simdjson.h>

#include <cards/tesseraassert.h>

namespace Tessera {

// The value of an element whose type the caller has checked, held by name (never a reference into a
// temporary result).
template<typename T>
T tapeValue(simdjson::dom::element element)
{
    T out{};
    const bool read = element.get(out) == simdjson::SUCCESS;
    TESSERA_ASSERT(read, return T{}); // the wrong type: a caller's bug, read as empty
    return out;
}

// Two member names equal: most are a few bytes long, compared here without a call to memcmp.
[[gnu::always_inline]] inline bool sameKey(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    if (a.size() > 16)
        return a == b;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i] != b[i])
            return false;
    }
    return true;
}

inline bool isObject(const nlohmann::json &v) { return v.is_object(); }
inline bool isObject(simdjson::dom::element v) { return v.type() == simdjson::dom::element_type::OBJECT; }
inline bool isArray(const nlohmann::json &v) { return v.is_array(); }
inline bool isArray(simdjson::dom::element v) { return v.type() == simdjson::dom::element_type::ARRAY; }
inline bool isString(const nlohmann::json &v) { return v.is_string(); }
inline bool isString(simdjson::dom::element v) { return v.type() == simdjson::dom::element_type::STRING; }
inline bool isNull(const nlohmann::json &v) { return v.is_null(); }
inline bool isNull(simdjson::dom::element v) { return v.type() == simdjson::dom::element_type::NULL_VALUE; }
inline std::string_view stringOf(const nlohmann::json &v) { return v.get_ref<const std::string &>(); }
inline std::string_view stringOf(simdjson::dom::element v) { return tapeValue<std::string_view>(v); }

// The member `key` of an object; null when `v` is not an object or has no such member.
inline const nlohmann::json *memberOf(const nlohmann::json &v, std::string_view key)
{
    if (!v.is_object())
        return nullptr;
    const auto it = v.find(key);
    return it == v.end() ? nullptr : &*it;
}

inline std::optional<simdjson::dom::element> memberOf(simdjson::dom::element v, std::string_view key)
{
    if (!isObject(v))
        return std::nullopt;
    for (simdjson::dom::key_value_pair member : tapeValue<simdjson::dom::object>(v)) {
        if (sameKey(member.key, key))
            return member.value;
    }
    return std::nullopt;
}

// The values of several members of an object at once: out[i] is names[i]'s member (nameOf(names[i]) is its
// name), left empty when there is none; out holds names.size() empty values when called. On simdjson's tape
// one pass over the members, stopping when every name is found (a tape the clean way accepted holds no
// repeated key, so the first match is the member); on nlohmann's tree a look-up per name.
template<typename Names, typename NameOf>
void namedMembers(simdjson::dom::element object, const Names &names, NameOf &&nameOf,
                  std::optional<simdjson::dom::element> *out)
{
    std::size_t left = names.size();
    if (left == 0 || !isObject(object))
        return;
    for (simdjson::dom::key_value_pair member : tapeValue<simdjson::dom::object>(object)) {
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (!out[i] && sameKey(member.key, nameOf(names[i]))) {
                out[i] = member.value;
                if (--left == 0)
                    return;
                break;
            }
        }
    }
}

template<typename Names, typename NameOf>
void namedMembers(const nlohmann::json &object, const Names &names, NameOf &&nameOf, const nlohmann::json **out)
{
    for (std::size_t i = 0; i < names.size(); ++i)
        out[i] = memberOf(object, nameOf(names[i]));
}

inline std::size_t arraySize(const nlohmann::json &v) { return v.size(); }
inline std::size_t arraySize(simdjson::dom::element v) { return tapeValue<simdjson::dom::array>(v).size(); }

// f(index, element) for each element of an array.
template<typename F>
void forEachElement(const nlohmann::json &v, F &&f)
{
    std::size_t i = 0;
    for (const nlohmann::json &child : v.get_ref<const nlohmann::json::array_t &>())
        f(i++, child);
}

template<typename F>
void forEachElement(simdjson::dom::element v, F &&f)
{
    std::size_t i = 0;
    for (simdjson::dom::element child : tapeValue<simdjson::dom::array>(v))
        f(i++, child);
}

} // namespace Tessera
