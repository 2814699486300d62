// One libFuzzer harness: fuzz/CMakeLists.txt compiles this file once per row of harnesses()
// (fuzzentries.h) with TESSERA_FUZZ_HARNESS naming the row, and links libFuzzer's main.

#include <cstdio>
#include <cstdlib>

#include "fuzzentries.h"

namespace {

Tessera::Fuzz::Entry harnessEntry()
{
    const Tessera::Fuzz::Harness *harness = Tessera::Fuzz::findHarness(TESSERA_FUZZ_HARNESS);
    if (!harness) {
        std::fprintf(stderr, "fuzz: no harness named %s\n", TESSERA_FUZZ_HARNESS);
        std::abort();
    }
    return harness->entry;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Tessera::Fuzz::setUpFuzzing();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static const Tessera::Fuzz::Entry entry = harnessEntry();
    entry(data, size);
    return 0;
}
