// expect-error: T has no OpenSHMEM wait/test routine
#include <shoal/shoal.hpp>
#if SHOAL_MISUSE
using T = double;
#else
using T = long;
#endif
void f(shoal::SymmetricBuffer<T> &a) { shoal::wait_until(a[0], shoal::ge(1)); }
