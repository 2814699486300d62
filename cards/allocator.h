#pragma once

// Which malloc this process allocates through (issue 17, cmake/TesseraAllocator.cmake): the programs
// link mimalloc, the libraries do not, so a test program or a sanitizer build runs glibc's.

#include <QString>

namespace Tessera {

// "mimalloc 2.0.9" when a block from malloc() lies in mimalloc's heap (so mimalloc replaced malloc,
// not merely got loaded), else "glibc malloc". Asked at run time, never from a build flag.
QString mallocImplementation();

} // namespace Tessera
