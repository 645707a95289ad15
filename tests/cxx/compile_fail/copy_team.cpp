// expect-error: deleted
// A Team is an owner: copying it would destroy the team twice.
#include <shoal/shoal.hpp>
void f(shoal::Team &team)
{
#if SHOAL_MISUSE
    shoal::Team copy = team;
#else
    shoal::Team moved = std::move(team);
#endif
}
