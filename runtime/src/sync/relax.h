/* The pause of a spinning wait: tells the CPU (and a hypervisor) that this thread only polls. */
#ifndef SHOAL_SYNC_RELAX_H
#define SHOAL_SYNC_RELAX_H

static inline void shoal_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* Nanoseconds one poll of a spinning wait (a load and the pause above) takes on this CPU,
 * measured (about 30 us): the pause takes 42 ns on the AMD EPYC of benches/RESULTS.md and 10
 * on the Intel Xeon, so a spin meant to last a given time is counted from this. */
double shoal_poll_ns(void);

/* How long a wait spins after its budget before napping when every PE has a core: a writer
 * that is merely a little late (a put of 1 MiB takes 35 us) costs no wake-up. Counted in this
 * CPU's polls at init (shoal_g.spin_more: sync/placement.c), 2048 of the AMD EPYC's; as 2048
 * polls of the Intel Xeon's 10 ns pause the spin ended 25 us in, and a 1 MiB ping-pong
 * napped once a round trip: 54 us one way against Open MPI's 37. */
#define SHOAL_SPIN_MORE_NS 86000u

/* How much longer such a wait spins unless a spin lost its CPU to another task lately
 * (sync/cpu_taken.h): it costs nobody there, and a PE whose peer shares a CPU with a busy
 * process waits out that process's time slice (1-3 ms) now and then; napping through it, the
 * PE woke a nap and a wake-up late each time, and the pair's calls took 10-20% longer (2 PEs
 * beside one busy process). A wait past it naps: the peer computes. SHOAL_SPIN_FREE_US
 * replaces it (placement.c; 0: nap at the nap point). */
#define SHOAL_SPIN_FREE_NS 10000000u

#endif
