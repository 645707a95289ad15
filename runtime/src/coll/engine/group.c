/* The out-of-line half of group.h: the engine's fatal reports (memory it cannot reach,
 * members that disagree on a size) and the names they print. */
#include "coll/engine/group.h"

unsigned shoal_coll_spin_remote = 256;

noreturn void shoal_coll_unmapped(const void *addr, int pe)
{
    shoal_fatal("collective", "address %p on PE %d is not symmetric or not mapped here", addr, pe);
}

static const char *kind_name(size_t tag)
{
    static const char *const names[] = {"a call of unknown kind", "a broadcast", "a reduction",
                                        "an fcollect", "a collect", "an alltoall"};
    const size_t k = tag >> 56;
    return k < sizeof names / sizeof names[0] ? names[k] : names[0];
}

/* In the order of enum shoal_red_kind (engine.h). */
static const char *type_name(unsigned kind)
{
    static const char *const names[] = {
        "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
        "float", "double", "long double", "float complex", "double complex"};
    return kind < sizeof names / sizeof names[0] ? names[kind] : "?";
}

/* In the order of enum shoal_red_op (engine.h). */
const char *shoal_op_name(int op)
{
    static const char *names[] = {"and", "or", "xor", "max", "min", "sum", "prod"};
    return op >= 0 && op < (int)(sizeof names / sizeof names[0]) ? names[op] : "?";
}

noreturn void shoal_coll_len_mismatch(const char *routine, int from_pe, size_t got, size_t want)
{
    if (got == (size_t)-1)
        shoal_fatal(routine, "PE %d passes a different size (nelems) than this PE's %zu bytes: the "
                    "same value is required on every PE", from_pe, want & SHOAL_TAG_BYTES_MASK);
    const size_t gb = got & SHOAL_TAG_BYTES_MASK, wb = want & SHOAL_TAG_BYTES_MASK;
    const unsigned gd = (unsigned)(got >> SHOAL_TAG_SIZE_BITS) & 0xffff;
    const unsigned wd = (unsigned)(want >> SHOAL_TAG_SIZE_BITS) & 0xffff;
    if (got >> 56 != want >> 56)
        shoal_fatal(routine, "collective mismatch: PE %d is in %s of %zu bytes while this PE is "
                    "in %s of %zu bytes (every PE must make the same collective calls in the "
                    "same order)", from_pe, kind_name(got), gb, kind_name(want), wb);
    if (gd != wd && want >> 56 == SHOAL_CK_BCAST)
        shoal_fatal(routine, "collective mismatch: a broadcast from root %u (set index) reached "
                    "this PE, which broadcasts from root %u (PE_root must be the same on every "
                    "PE)", gd, wd);
    if (gd != wd)
        shoal_fatal(routine, "collective mismatch: PE %d reduces %s with %s, this PE %s with %s "
                    "(the same operation and type are required on every PE)", from_pe,
                    type_name(gd & 15), shoal_op_name((int)gd >> 4), type_name(wd & 15),
                    shoal_op_name((int)wd >> 4));
    shoal_fatal(routine, "size mismatch: PE %d passes %zu bytes, this PE %zu bytes (nelems must be "
                "the same on every PE)", from_pe, gb, wb);
}
