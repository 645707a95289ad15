// expect-error: OpenSHMEM defines this team reduction only for
// A reduction needs a C arithmetic type: a struct has no sum routine.
#include <shoal/shoal.hpp>
struct V {
    float x, y;
};
#if SHOAL_MISUSE
using T = V;
#else
using T = float;
#endif
void f(shoal::SymmetricBuffer<T> &a) { shoal::reduce(shoal::world(), a.local(), shoal::sum); }
