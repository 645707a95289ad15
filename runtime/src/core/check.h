/* Cheap argument checks of the API layer. They stay on (DESIGN.md: errors); defining
 * SHOAL_NO_CHECKS at build time compiles them out. */
#ifndef SHOAL_CORE_CHECK_H
#define SHOAL_CORE_CHECK_H

#include "core/error.h"
#include "core/state.h"

#ifndef SHOAL_NO_CHECKS
#define SHOAL_CHECK_INIT(routine)                                                                \
    do {                                                                                         \
        if (SHOAL_UNLIKELY(!shoal_g.initialized))                                                \
            shoal_fatal(routine, "called before shmem_init (or after shmem_finalize)");          \
    } while (0)
#define SHOAL_CHECK_PE(routine, pe)                                                              \
    do {                                                                                         \
        if (SHOAL_UNLIKELY((unsigned)(pe) >= (unsigned)shoal_g.npes))                            \
            shoal_fatal(routine, "pe %d is out of range (0..%d)", (int)(pe), shoal_g.npes - 1);  \
    } while (0)
/* nelems * elem_size must not overflow size_t. */
#define SHOAL_CHECK_LEN(routine, nelems, elem_size)                                              \
    do {                                                                                         \
        if (SHOAL_UNLIKELY((elem_size) != 0 && (size_t)(nelems) > SIZE_MAX / (elem_size)))       \
            shoal_fatal(routine, "nelems %zu times %zu bytes overflows", (size_t)(nelems),       \
                        (size_t)(elem_size));                                                    \
    } while (0)
#else
#define SHOAL_CHECK_INIT(routine) ((void)0)
#define SHOAL_CHECK_PE(routine, pe) ((void)0)
#define SHOAL_CHECK_LEN(routine, nelems, elem_size) ((void)0)
#endif

#endif
