#pragma once

// Small readers that turn nlohmann::json members into Qt values, shared by the cards library and the
// renderers (which read payloads once, when their widget is built).

#include <algorithm>
#include <string_view>

#include <QString>

#include <nlohmann/json.hpp>

namespace Tessera {

inline QString fromStdString(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

// object[key] when object is an object and that member is a string; otherwise an empty string.
inline QString jsonString(const nlohmann::json &object, const char *key)
{
    if (!object.is_object())
        return {};
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? fromStdString(it->get_ref<const std::string &>()) : QString();
}

// object[key] when object is an object that has the member; otherwise a null value.
inline const nlohmann::json &jsonMember(const nlohmann::json &object, const char *key)
{
    static const nlohmann::json null;
    if (!object.is_object())
        return null;
    const auto it = object.find(key);
    return it == object.end() ? null : *it;
}

// Document order of two JSON Pointers, for listing issues: tokens compared one by one (array indices
// numerically: "/rows/10" after "/rows/9"; member names bytewise, as nlohmann::json orders them), a
// parent before its children.
inline bool jsonPointerLess(std::string_view a, std::string_view b)
{
    const auto isIndex = [](std::string_view t) {
        return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    while (!a.empty() && !b.empty()) {
        a.remove_prefix(1); // the '/'
        b.remove_prefix(1);
        const std::string_view ta = a.substr(0, std::min(a.find('/'), a.size()));
        const std::string_view tb = b.substr(0, std::min(b.find('/'), b.size()));
        if (ta != tb) {
            if (isIndex(ta) && isIndex(tb) && ta.size() != tb.size())
                return ta.size() < tb.size(); // no leading zeros in indices, so longer is larger
            return ta < tb;
        }
        a.remove_prefix(ta.size());
        b.remove_prefix(tb.size());
    }
    return a.empty() && !b.empty();
}

} // namespace Tessera
