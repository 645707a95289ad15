// expect-error: no matching function
// A borrowed team cannot become an owner by accident.
#include <shoal/shoal.hpp>
#include <optional>
void f(shoal::TeamRef ref, std::optional<shoal::Team> &owned)
{
#if SHOAL_MISUSE
    shoal::Team t(ref);
#else
    shoal::Team t = shoal::Team::from_native_handle(ref.native_handle());
#endif
    owned.emplace(std::move(t));
}
