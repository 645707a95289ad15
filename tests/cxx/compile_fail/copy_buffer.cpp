// expect-error: deleted
// A SymmetricBuffer is an owner: copying it would free the block twice.
#include <shoal/shoal.hpp>
void f(shoal::SymmetricBuffer<int> &a, shoal::SymmetricBuffer<int> &b)
{
#if SHOAL_MISUSE
    a = b;
#else
    a = std::move(b);
#endif
}
