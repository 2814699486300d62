#pragma once

// One read of simdjson's DOM tape, for the clean path (strictjson.cpp, cardvalidator.cpp): the value of an
// element whose type the caller has checked, held by name (never a reference into a temporary result).

#include <simdjson.h>

namespace Tessera {

template<typename T>
T tapeValue(simdjson::dom::element element)
{
    T out{};
    if (element.get(out) != simdjson::SUCCESS)
        return T{}; // the wrong type: a caller's bug, read as empty
    return out;
}

} // namespace Tessera
