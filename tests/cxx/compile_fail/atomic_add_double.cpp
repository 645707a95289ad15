// expect-error: T has no OpenSHMEM atomic of this kind
// fetch_add is a standard AMO: integer types only.
#include <shoal/shoal.hpp>
#if SHOAL_MISUSE
using T = double;
#else
using T = long;
#endif
T f(shoal::SymmetricBuffer<T> &a) { return shoal::atomic_fetch_add(a.at(0, 1), T{1}); }
