// expect-error: T has no OpenSHMEM atomic of this kind
#include <shoal/shoal.hpp>
struct P {
    int a;
};
#if SHOAL_MISUSE
using T = P;
#else
using T = float;
#endif
T f(shoal::SymmetricBuffer<T> &a, T v) { return shoal::atomic_swap(a.at(0, 1), v); }
