/* A wait with a CPU per PE spins for a time, not a count of polls (sync/relax.h,
 * SHOAL_SPIN_MORE_NS: about 86 us), before it naps: PE 1 waits for a flag that PE 0 stores
 * after 40 us of work, round after round, and no more than a quarter of those waits may go
 * past their spin to nap (counted from shmemx_wait_stats). Counted in polls tuned for one CPU's pause, the spin ended
 * 25 us in on a CPU whose pause is 4x shorter, and every such wait napped (1 MiB ping-pong
 * 54 us one way instead of 31). A quarter leaves room for a PE that another process holds
 * off for a time slice (such a wait naps dozens of times: its waits are counted, not its
 * naps). Also checks the values arrived. */
#define _GNU_SOURCE
#include <stdio.h>

#include <shmem.h>
#include <shmemx.h>

#include "beside_load.h"
#include "worked_rounds.h"

#define ROUNDS 200
#define WORK_NS 40000.0

static long to_one, to_zero;

int main(void)
{
    shmem_init();
    const int me = shmem_my_pe();
    int failures = 0;
    if (shmem_n_pes() != 2) {
        if (me == 0) fprintf(stderr, "wait_spin_time: run on 2 PEs\n");
        return job_result(1);
    }
    const struct worked_rounds_waits w = worked_rounds(me, ROUNDS, WORK_NS, &to_one, &to_zero);
    if (me == 1) {
        const unsigned long long naps = w.naps, past = w.past_spin;
        printf("wait_spin_time: %d waits of 40 us: %llu past their spin, %llu naps\n", ROUNDS, past,
               naps);
        if (past * 4 > ROUNDS) {
            fprintf(stderr, "wait_spin_time: %llu of %d waits of 40 us napped (limit %d): the spin "
                    "before napping is shorter than SHOAL_SPIN_MORE_NS\n", past, ROUNDS, ROUNDS / 4);
            failures++;
        }
    }
    failures += worked_rounds_check("wait_spin_time", me, ROUNDS, &to_one, &to_zero);
    return job_result(failures);
}
