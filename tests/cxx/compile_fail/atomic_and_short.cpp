// expect-error: T has no OpenSHMEM bitwise atomic
#include <shoal/shoal.hpp>
#if SHOAL_MISUSE
using T = short;
#else
using T = unsigned;
#endif
void f(shoal::SymmetricBuffer<T> &a) { shoal::atomic_and(a.at(0, 1), T{1}); }
