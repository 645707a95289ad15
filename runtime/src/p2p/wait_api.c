/* wait_until / test and their all/any/some/vector forms for every point-to-point type. The
 * ivars are this PE's own symmetric words; waits poll them with acquire loads and back off. */
#include <stdint.h>

#include <shmem.h>

#include "core/check.h"
#include "p2p/compare.h"

#define LOAD(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
/* Entry i takes part unless status[i] is nonzero. */
#define ACTIVE(status, i) (!(status) || !(status)[i])
#define VALUE_OF(values, i) (values)[i]
#define SCALAR_OF(value, i) (value)

/* Where the next test_any/wait_until_any scan starts (per thread: no sharing, no race). */
static _Thread_local size_t shoal_any_start __attribute__((tls_model("initial-exec")));

/* Test forms over a comparison value picker (SCALAR_OF for one value, VALUE_OF per entry):
 * each is a body (one scan, no checks) that the wait forms poll, and a public routine that
 * checks its arguments, scans once, and progresses the transport when nothing matched. */
#define SHOAL_CHECK_TEST(routine, cmp)                                                           \
    do {                                                                                         \
        SHOAL_CHECK_INIT(routine);                                                               \
        shoal_check_cmp(routine, cmp);                                                           \
    } while (0)
#define SHOAL_CHECK_INDICES(routine, indices, nelems)                                            \
    do {                                                                                         \
        if (SHOAL_UNLIKELY(!(indices) && (nelems)))                                              \
            shoal_fatal(routine, "indices is NULL (nelems %zu)", (size_t)(nelems));              \
    } while (0)
#define SHOAL_DEF_TESTS(T, N, SUFFIX, VT, PICK)                                                  \
    static inline int test_all_##N##SUFFIX(T *ivars, size_t nelems, const int *status, int cmp,  \
                                           VT v)                                                 \
    {                                                                                            \
        for (size_t i = 0; i < nelems; i++)                                                      \
            if (ACTIVE(status, i) && !SHOAL_COMPARE(cmp, LOAD(&ivars[i]), PICK(v, i))) return 0; \
        return 1;                                                                                \
    }                                                                                            \
    /* Start after the index returned last, wrapping: repeated calls return every matching     \
     * index in turn (the spec's fairness), not always the lowest. */                           \
    static inline size_t test_any_##N##SUFFIX(T *ivars, size_t nelems, const int *status,       \
                                              int cmp, VT v)                                     \
    {                                                                                            \
        size_t i = nelems ? shoal_any_start % nelems : 0;                                        \
        for (size_t k = 0; k < nelems; k++, i = i + 1 == nelems ? 0 : i + 1)                     \
            if (ACTIVE(status, i) && SHOAL_COMPARE(cmp, LOAD(&ivars[i]), PICK(v, i))) {          \
                shoal_any_start = i + 1;                                                         \
                return i;                                                                        \
            }                                                                                    \
        return SIZE_MAX;                                                                         \
    }                                                                                            \
    static inline size_t test_some_##N##SUFFIX(T *ivars, size_t nelems, size_t *indices,         \
                                               const int *status, int cmp, VT v)                 \
    {                                                                                            \
        size_t n = 0;                                                                            \
        for (size_t i = 0; i < nelems; i++)                                                      \
            if (ACTIVE(status, i) && SHOAL_COMPARE(cmp, LOAD(&ivars[i]), PICK(v, i)))            \
                indices[n++] = i;                                                                \
        return n;                                                                                \
    }                                                                                            \
    int shmem_##N##_test_all##SUFFIX(T *ivars, size_t nelems, const int *status, int cmp, VT v)  \
    {                                                                                            \
        SHOAL_CHECK_TEST("shmem_" #N "_test_all" #SUFFIX, cmp);                                  \
        const int r = test_all_##N##SUFFIX(ivars, nelems, status, cmp, v);                       \
        if (!r) shoal_poll_progress();                                                           \
        return r;                                                                                \
    }                                                                                            \
    size_t shmem_##N##_test_any##SUFFIX(T *ivars, size_t nelems, const int *status, int cmp,     \
                                        VT v)                                                    \
    {                                                                                            \
        SHOAL_CHECK_TEST("shmem_" #N "_test_any" #SUFFIX, cmp);                                  \
        const size_t i = test_any_##N##SUFFIX(ivars, nelems, status, cmp, v);                    \
        if (i == SIZE_MAX) shoal_poll_progress();                                                \
        return i;                                                                                \
    }                                                                                            \
    size_t shmem_##N##_test_some##SUFFIX(T *ivars, size_t nelems, size_t *indices,               \
                                         const int *status, int cmp, VT v)                       \
    {                                                                                            \
        SHOAL_CHECK_TEST("shmem_" #N "_test_some" #SUFFIX, cmp);                                 \
        SHOAL_CHECK_INDICES("shmem_" #N "_test_some" #SUFFIX, indices, nelems);                  \
        const size_t n = test_some_##N##SUFFIX(ivars, nelems, indices, status, cmp, v);          \
        if (n == 0) shoal_poll_progress();                                                       \
        return n;                                                                                \
    }                                                                                            \
    void shmem_##N##_wait_until_all##SUFFIX(T *ivars, size_t nelems, const int *status, int cmp, \
                                            VT v)                                                \
    {                                                                                            \
        SHOAL_CHECK_TEST("shmem_" #N "_wait_until_all" #SUFFIX, cmp);                            \
        SHOAL_WAIT_ON("shmem_" #N "_wait_until_all" #SUFFIX, ivars, nelems * sizeof(T),           \
                      test_all_##N##SUFFIX(ivars, nelems, status, cmp, v));                      \
    }                                                                                            \
    size_t shmem_##N##_wait_until_any##SUFFIX(T *ivars, size_t nelems, const int *status,        \
                                              int cmp, VT v)                                     \
    {                                                                                            \
        SHOAL_CHECK_TEST("shmem_" #N "_wait_until_any" #SUFFIX, cmp);                            \
        size_t active = 0, i;                                                                    \
        for (i = 0; i < nelems; i++) active += ACTIVE(status, i);                                \
        if (!active) return SIZE_MAX;                                                            \
        SHOAL_WAIT_ON("shmem_" #N "_wait_until_any" #SUFFIX, ivars, nelems * sizeof(T),           \
                      (i = test_any_##N##SUFFIX(ivars, nelems, status, cmp, v)) != SIZE_MAX);    \
        return i;                                                                                \
    }                                                                                            \
    size_t shmem_##N##_wait_until_some##SUFFIX(T *ivars, size_t nelems, size_t *indices,         \
                                               const int *status, int cmp, VT v)                 \
    {                                                                                            \
        SHOAL_CHECK_TEST("shmem_" #N "_wait_until_some" #SUFFIX, cmp);                           \
        SHOAL_CHECK_INDICES("shmem_" #N "_wait_until_some" #SUFFIX, indices, nelems);            \
        size_t active = 0, n;                                                                    \
        for (size_t i = 0; i < nelems; i++) active += ACTIVE(status, i);                         \
        if (!active) return 0;                                                                   \
        SHOAL_WAIT_ON("shmem_" #N "_wait_until_some" #SUFFIX, ivars, nelems * sizeof(T),          \
                      (n = test_some_##N##SUFFIX(ivars, nelems, indices, status, cmp, v)) > 0);  \
        return n;                                                                                \
    }

#define SHOAL_DEF_P2P(T, N, A)                                                                   \
    int shmem_##N##_test(T *ivar, int cmp, T cmp_value)                                          \
    {                                                                                            \
        SHOAL_CHECK_TEST("shmem_" #N "_test", cmp);                                              \
        const int r = SHOAL_COMPARE(cmp, LOAD(ivar), cmp_value);                                 \
        if (!r) shoal_poll_progress();                                                           \
        return r;                                                                                \
    }                                                                                            \
    void shmem_##N##_wait_until(T *ivar, int cmp, T cmp_value)                                   \
    {                                                                                            \
        SHOAL_CHECK_TEST("shmem_" #N "_wait_until", cmp);                                        \
        SHOAL_WAIT_ON("shmem_" #N "_wait_until", ivar, sizeof(T),                                 \
                      SHOAL_COMPARE(cmp, LOAD(ivar), cmp_value));                                \
    }                                                                                            \
    SHOAL_DEF_TESTS(T, N, , T, SCALAR_OF)                                                        \
    SHOAL_DEF_TESTS(T, N, _vector, T *, VALUE_OF)
SHOAL_P2P_TYPES(SHOAL_DEF_P2P, _)
