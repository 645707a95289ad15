/* Short time slices for oversubscribed PEs. With more PEs than cores every wait for a
 * core-mate hands the core over; when unrelated processes are runnable too (a build, a
 * busy loop), the kernel may give the core to one of them for a whole default slice
 * (milliseconds) at each hand-over, and a 4-PE barrier on 2 cores went from 6 us to
 * 3000-5000 us. Linux 6.12+ (EEVDF) lets a SCHED_OTHER task ask for a shorter slice
 * (sched_attr.sched_runtime, 100 us at least): its deadline comes sooner, so a waking PE
 * preempts the busy process at once and a yielding one gets the core back within a short
 * slice. Its share of the CPU is unchanged (that is the nice value). Older kernels ignore
 * the field. Only oversubscribed PEs ask: PEs with a core each sleep in naps instead of
 * yielding (sync/backoff.h), and a short slice would only add preemptions to computation.
 *
 * SHOAL_SLICE_US: the slice asked for in us (default 100; 0: leave the kernel's). */
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/env_long.h"
#include "core/state.h"
#include "sync/timeslice.h"

#define SLICE_DEFAULT_US 100
#define SLICE_MAX_US 100000 /* the kernel's upper bound: 100 ms */

/* struct sched_attr of sched_setattr(2); glibc 2.36 has no wrapper. */
struct slice_attr {
    uint32_t size, policy;
    uint64_t flags;
    int32_t nice;
    uint32_t priority;
    uint64_t runtime, deadline, period;
};

static long slice_us = SLICE_DEFAULT_US;
static int changed;

void shoal_timeslice_check_env(void)
{
    slice_us = shoal_env_long("SHOAL_SLICE_US", 0, SLICE_MAX_US, "a time in us", SLICE_DEFAULT_US);
}

/* Ask for a slice of ns nanoseconds (0: the kernel's default), keeping policy and nice. */
static int set_slice(uint64_t ns)
{
    if (sched_getscheduler(0) != SCHED_OTHER) return -1; /* a real-time or batch user choice */
    struct slice_attr a;
    memset(&a, 0, sizeof a);
    a.size = sizeof a;
    a.policy = SCHED_OTHER;
    errno = 0;
    const int nice = getpriority(PRIO_PROCESS, 0);
    if (errno) return -1;
    a.nice = nice;
    a.runtime = ns;
    return (int)syscall(SYS_sched_setattr, 0, &a, 0);
}

void shoal_timeslice_init(void)
{
    changed = 0;
    if (!shoal_g.oversubscribed || slice_us == 0) return;
    changed = set_slice((uint64_t)slice_us * 1000) == 0;
}

void shoal_timeslice_fini(void)
{
    if (changed) set_slice(0);
    changed = 0;
}
