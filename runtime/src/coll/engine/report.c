/* The engine's fatal reports: memory it cannot reach, and members that disagree on a size. */
#include "coll/engine/group.h"

noreturn void shoal_coll_unmapped(const void *addr, int pe)
{
    shoal_fatal("collective", "address %p on PE %d is not symmetric or not mapped here", addr, pe);
}

noreturn void shoal_coll_len_mismatch(const char *routine, int from_pe, size_t got, size_t want)
{
    if (got == (size_t)-1)
        shoal_fatal(routine, "PE %d passes a different size (nelems) than this PE's %zu bytes: the "
                    "same value is required on every PE", from_pe, want);
    shoal_fatal(routine, "size mismatch: PE %d passes %zu bytes, this PE %zu bytes (nelems must be "
                "the same on every PE)", from_pe, got, want);
}
