/* SHOAL_BIND (sync/placement.c), checked from the CPU sets the PEs end up with:
 *   core: every PE bound to one CPU of the set it started with, dealt round-robin: the first
 *         min(PEs, CPUs) PEs on distinct CPUs in increasing order, PE p on the CPU of PE
 *         p % that count;
 *   none: the CPU set is left as it was;
 *   auto: core when there are more PEs than CPUs, else every PE bound to its own run of
 *         floor or ceil(CPUs / PEs) CPUs of the starting set (no two PEs share a CPU).
 * After shmem_finalize every PE must have its starting CPU set back.
 * Time slice (sync/timeslice.c), where the kernel shows it (/proc/self/sched se.slice, Linux
 * 6.12+): SHOAL_SLICE_US (default 100) us when more PEs than CPUs, else unchanged; the
 * starting slice again after shmem_finalize.
 * Usage: placement_test auto|core|none (with SHOAL_BIND set to match). Exit status: failures
 * (every PE exits with PE 0's count). */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <shmem.h>

#define MAX_PES 256
static int cpu_of[MAX_PES], count_of[MAX_PES], in_start_set[MAX_PES];
static int failures;

static int first_cpu(const cpu_set_t *s)
{
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, s)) return c;
    return -1;
}

/* The scheduler's slice of this process in ns, -1 where the kernel does not show it. */
static long slice_ns(void)
{
    FILE *f = fopen("/proc/self/sched", "r");
    if (!f) return -1;
    char line[256];
    long v = -1;
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "se.slice", 8)) v = atol(strchr(line, ':') + 1);
    fclose(f);
    return v;
}

static void fail(const char *what, int pe)
{
    fprintf(stderr, "placement_test: %s (PE %d: CPU %d, %d CPUs in its set)\n", what, pe,
            cpu_of[pe], count_of[pe]);
    failures++;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "auto";
    cpu_set_t start, now;
    sched_getaffinity(0, sizeof start, &start);
    const int nstart = CPU_COUNT(&start);
    const long slice_start = slice_ns();
    const char *slice_env = getenv("SHOAL_SLICE_US");
    const long slice_want = slice_env ? atol(slice_env) * 1000 : 100000;
    shmem_init();
    const long slice_now = slice_ns();
    const int me = shmem_my_pe(), npes = shmem_n_pes();
    if (npes > MAX_PES) {
        if (me == 0) fprintf(stderr, "placement_test: at most %d PEs\n", MAX_PES);
        shmem_global_exit(2);
    }
    sched_getaffinity(0, sizeof now, &now);
    const int mine[3] = {first_cpu(&now), CPU_COUNT(&now), CPU_ISSET(first_cpu(&now), &start)};
    shmem_int_p(&cpu_of[me], mine[0], 0);
    shmem_int_p(&count_of[me], mine[1], 0);
    shmem_int_p(&in_start_set[me], mine[2], 0);
    if (slice_start >= 0) {
        const long want = npes > nstart && slice_want > 0 ? slice_want : slice_start;
        if (slice_now != want) {
            fprintf(stderr, "placement_test: PE %d: time slice %ld ns, expected %ld\n", me,
                    slice_now, want);
            shmem_int_atomic_inc(&failures, 0);
        }
    }
    shmem_barrier_all();
    if (me == 0) {
        const int bind = strcmp(mode, "none") != 0 && nstart > 1;
        const int spread = !strcmp(mode, "auto") && npes <= nstart;
        if (!bind || npes == 1) {
            for (int p = 0; p < npes; p++)
                if (count_of[p] != nstart) fail("CPU set changed although not binding", p);
        } else {
            const int used = npes < nstart ? npes : nstart;
            for (int p = 0; p < npes; p++) {
                if (spread && (count_of[p] < nstart / npes || count_of[p] > (nstart + npes - 1) / npes))
                    fail("not bound to its share of the CPUs", p);
                if (!spread && count_of[p] != 1) fail("not bound to one CPU", p);
                if (!in_start_set[p]) fail("bound outside the CPU set it started with", p);
                for (int q = 0; spread && q < p; q++)
                    if (cpu_of[q] == cpu_of[p]) fail("shares the first CPU of a lower PE although every PE can have its own", p);
                if (!spread && p > 0 && p < used && cpu_of[p] <= cpu_of[p - 1])
                    fail("the first PEs are not on distinct CPUs in order", p);
                if (p >= used && cpu_of[p] != cpu_of[p % used]) fail("not dealt round-robin", p);
            }
        }
        printf("placement_test %s: %d PEs, %d CPUs at start, %d failures\n", mode, npes, nstart, failures);
    }
    shmem_barrier_all();
    const int result = shmem_int_g(&failures, 0); /* every PE exits with PE 0's count */
    shmem_barrier_all();
    shmem_finalize();
    /* shmem_finalize gives back the CPU set the process started with. */
    sched_getaffinity(0, sizeof now, &now);
    if (!CPU_EQUAL(&now, &start)) {
        fprintf(stderr, "placement_test: PE %d: CPU set not restored by shmem_finalize (%d CPUs, "
                "started with %d)\n", me, CPU_COUNT(&now), nstart);
        return result + 1;
    }
    if (slice_ns() != slice_start) {
        fprintf(stderr, "placement_test: PE %d: time slice %ld ns after shmem_finalize, started "
                "with %ld\n", me, slice_ns(), slice_start);
        return result + 1;
    }
    return result;
}
