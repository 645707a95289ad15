// expect-error: deleted
// The Runtime guard is the scope of the runtime: not even movable.
#include <shoal/shoal.hpp>
#include <utility>
void f(shoal::Runtime &rt)
{
#if SHOAL_MISUSE
    shoal::Runtime other(std::move(rt));
#else
    (void)rt.my_pe();
#endif
}
