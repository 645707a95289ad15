// expect-error: OpenSHMEM defines this active-set reduction (_to_all) only for
// The _to_all tables have no unsigned types.
#include <shoal/shoal.hpp>
#if SHOAL_MISUSE
using T = unsigned;
#else
using T = int;
#endif
void f(shoal::ActiveSetCollectives &c, shoal::SymmetricBuffer<T> &a) { c.reduce(a.local(), shoal::sum); }
