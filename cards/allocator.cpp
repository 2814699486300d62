#include <cards/allocator.h>

#include <cstdlib>

#include <dlfcn.h>

namespace Tessera {

QString mallocImplementation()
{
    // Looked up, not linked: the libraries must not depend on mimalloc themselves.
    using InHeap = bool (*)(const void *);
    using Version = int (*)();
    const auto inHeap = reinterpret_cast<InHeap>(dlsym(RTLD_DEFAULT, "mi_is_in_heap_region"));
    const auto version = reinterpret_cast<Version>(dlsym(RTLD_DEFAULT, "mi_version"));
    void *block = std::malloc(64);
    const bool mimalloc = inHeap && version && block && inHeap(block);
    std::free(block);
    if (!mimalloc)
        return QStringLiteral("glibc malloc");
    const int v = version(); // 209 for 2.0.9
    return QStringLiteral("mimalloc %1.%2.%3").arg(v / 100).arg(v / 10 % 10).arg(v % 10);
}

} // namespace Tessera
