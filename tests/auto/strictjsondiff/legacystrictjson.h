#pragma once

// The pre-issue-17 strict parser (nlohmann SAX), test-only: the reference of tst_strictjsondiff.

#include <cards/strictjson.h>

namespace Tessera::Legacy {

StrictJsonResult parseStrictJsonLegacy(std::string_view text, const StrictJsonOptions &options = {});

} // namespace Tessera::Legacy
