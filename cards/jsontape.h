#pragma once

// Reads of simdjson's DOM tape, for the clean path (strictjson.cpp, cardvalidator.cpp).

#include <string_view>

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
inline bool sameKey(std::string_view a, std::string_view b)
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

} // namespace Tessera
