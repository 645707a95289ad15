/* Where this node's PEs run, and what that means for waiting (see placement.c). */
#ifndef SHOAL_SYNC_PLACEMENT_H
#define SHOAL_SYNC_PLACEMENT_H

/* Read SHOAL_BIND, SHOAL_SPIN_POLLS and SHOAL_SPIN_FREE_US; fatal on a bad value. Before the
 * bootstrap starts, so every PE reports the same error. */
void shoal_placement_check_env(void);

/* Collective over the job, after the segments are set up: detect oversubscription, bind to a
 * CPU if SHOAL_BIND says so, and fill shoal_g's wait policy and peers[].core_mate. */
void shoal_placement_init(void);

/* The CPUs this node's PEs were dealt over, in order (PE of local index i on cpus[i % n]),
 * into cpus (CPU_SETSIZE entries); 0 when placement dealt none (not oversubscribed or not
 * bound). */
int shoal_placement_dealt_cpus(int *cpus);

/* At shmem_finalize: give the process back the CPU set it had before shmem_init. */
void shoal_placement_fini(void);

#endif
