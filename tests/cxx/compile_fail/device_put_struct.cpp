// expect-error: T is not in the OpenSHMEM type table for this operation
// Typed device calls take only the type table's element types.
#include <shoal/device.hpp>
struct Pair {
    int a, b;
};
#if SHOAL_MISUSE
using T = Pair;
#else
using T = long;
#endif
void f(const shoal::device::Context &c, T *d, const T *s) { shoal::device::put(c, shoal::device::span<T>(d, 4), shoal::device::span<const T>(s, 4), 0); }
