// Teams from kernels: a handle is the same integer as on the host (slot + 1, generation), looked up
// in the context's team view: the slot's view of that generation, written when the team was
// created and never rewritten while it lives (a handle of a destroyed team finds no live view).
#ifndef SHOAL_DEVICE_TEAM_H
#define SHOAL_DEVICE_TEAM_H

#include <shoal/device/config.h>

namespace shoal::device {

namespace detail {

SHOAL_HD inline const shoal_device_team *team_of(const context &c, shmem_team_t team)
{
    // The low bits hold slot + 1, the bits above them the slot's generation.
    const auto h = reinterpret_cast<std::uintptr_t>(team);
    const std::uintptr_t slot1 = h & ((std::uintptr_t(1) << SHOAL_DEVICE_TEAM_SLOT_BITS) - 1);
    if (slot1 == 0 || slot1 > static_cast<std::uintptr_t>(c.n_teams)) return nullptr;
    const auto gen = static_cast<std::uint32_t>(h >> SHOAL_DEVICE_TEAM_SLOT_BITS);
    const shoal_device_team *t = &c.teams[(slot1 - 1) * SHOAL_DEVICE_TEAM_GENERATIONS + gen % SHOAL_DEVICE_TEAM_GENERATIONS];
    return t->size > 0 && t->gen == gen ? t : nullptr;
}

/** The slot of a team found by team_of: its sync words and scratch in the context. */
SHOAL_HD inline std::size_t team_slot(const context &c, const shoal_device_team *t)
{
    return static_cast<std::size_t>(t - c.teams) / SHOAL_DEVICE_TEAM_GENERATIONS;
}

SHOAL_HD inline int team_world_pe(const shoal_device_team *t, int i)
{
    return t->list ? t->list[i] : t->start + i * t->stride;
}

} // namespace detail

/** My index in team, -1 if not a member or the handle is invalid. */
SHOAL_HD inline int team_my_pe(const context &c, shmem_team_t team)
{
    const shoal_device_team *t = detail::team_of(c, team);
    return t ? t->my_pe : -1;
}

/** Number of PEs in team, -1 for an invalid handle. */
SHOAL_HD inline int team_n_pes(const context &c, shmem_team_t team)
{
    const shoal_device_team *t = detail::team_of(c, team);
    return t ? t->size : -1;
}

/** Index in dest_team of src_team's member src_pe, -1 if it has none. */
SHOAL_HD inline int team_translate_pe(const context &c, shmem_team_t src_team, int src_pe, shmem_team_t dest_team)
{
    const shoal_device_team *s = detail::team_of(c, src_team);
    const shoal_device_team *d = detail::team_of(c, dest_team);
    if (!s || !d || src_pe < 0 || src_pe >= s->size) return -1;
    const int world = detail::team_world_pe(s, src_pe);
    for (int i = 0; i < d->size; i++)
        if (detail::team_world_pe(d, i) == world) return i;
    return -1;
}

} // namespace shoal::device

#endif
