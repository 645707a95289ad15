/* How long the scheduler lets a PE run before others on its CPU get a turn (see timeslice.c). */
#ifndef SHOAL_SYNC_TIMESLICE_H
#define SHOAL_SYNC_TIMESLICE_H

/* Read SHOAL_SLICE_US; fatal on a bad value. Before the bootstrap starts. */
void shoal_timeslice_check_env(void);

/* After shoal_placement_init: oversubscribed PEs ask for short time slices. */
void shoal_timeslice_init(void);

/* At shmem_finalize: back to the slice the process had. */
void shoal_timeslice_fini(void);

#endif
