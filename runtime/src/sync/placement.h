/* Where this node's PEs run, and what that means for waiting (see placement.c). */
#ifndef SHOAL_SYNC_PLACEMENT_H
#define SHOAL_SYNC_PLACEMENT_H

#include <sched.h>

/* Read SHOAL_BIND and SHOAL_SPIN_POLLS; fatal on a bad value. Before the bootstrap starts, so
 * every PE reports the same error. */
void shoal_placement_check_env(void);

/* Collective over the job, after the segments are set up: detect oversubscription, bind to a
 * CPU if SHOAL_BIND says so, and fill shoal_g's wait policy and peers[].core_mate. */
void shoal_placement_init(void);

/* The CPUs this node's PEs were dealt over, in order (PE of local index i on cpus[i % n]),
 * into cpus (CPU_SETSIZE entries); 0 when placement dealt none (not oversubscribed or not
 * bound). */
int shoal_placement_dealt_cpus(int *cpus);

/* Before shoal_placement_init: 0 deals the PEs over every CPU whatever runs there (set by
 * sync/avoid_busy.c from SHOAL_AVOID_BUSY). */
void shoal_placement_avoid_load(int on);

/* The CPUs of those that other processes held at init, which the PEs were not dealt over
 * (the rest, in order: local index i on the (i % n)-th); empty when none. */
void shoal_placement_held_at_init(cpu_set_t *held);

/* At shmem_finalize: give the process back the CPU set it had before shmem_init. */
void shoal_placement_fini(void);

#endif
