#pragma once

// Recoverable asserts (STYLE.md rule 4). TESSERA_ASSERT(cond, action): when cond is false, logs the
// condition with file and line in the category "tessera.assert" and runs action (return, continue, a
// fallback value…); the program goes on. TESSERA_CHECK(cond) only logs.
//   TESSERA_ASSERT(row >= 0 && row < count, return nullptr);
// With TESSERA_FATAL_ASSERTS=1 in the environment a failed assert aborts, so a test run cannot miss one.

namespace Tessera {
void writeAssertLocation(const char *condition, const char *file, int line);
} // namespace Tessera

#define TESSERA_ASSERT(cond, action)                                   \
    if (cond) {                                                        \
    } else {                                                           \
        ::Tessera::writeAssertLocation(#cond, __FILE__, __LINE__);     \
        action;                                                        \
    }                                                                  \
    do {                                                               \
    } while (0)

#define TESSERA_CHECK(cond) TESSERA_ASSERT(cond, (void)0)
