#pragma once

// Clocks the bench's sections share.

#include <ctime>

namespace Tessera {

// The calling thread's CPU time, ms: on a shared, loaded machine the wall clock also counts other
// processes, and the GUI thread's share is what a frame budget is about.
inline double threadCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

} // namespace Tessera
