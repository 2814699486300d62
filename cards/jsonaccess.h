#pragma once

// Small readers that turn nlohmann::json members into Qt values, shared by the cards library and the
// renderers (which read payloads once, when their widget is built).

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

} // namespace Tessera
