// expect-error: OpenSHMEM defines this team reduction only for
// OpenSHMEM has no bitwise reduction of floating types.
#include <shoal/shoal.hpp>
void f(shoal::SymmetricBuffer<double> &a, shoal::SymmetricBuffer<double> &b)
{
#if SHOAL_MISUSE
    shoal::reduce(shoal::world(), a.local(), b.local(), shoal::bit_xor);
#else
    shoal::reduce(shoal::world(), a.local(), b.local(), shoal::max);
#endif
}
