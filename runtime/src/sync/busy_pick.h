/* Which CPUs to leave, from one window's reading of each (sync/avoid_busy.c's first windows). */
#ifndef SHOAL_SYNC_BUSY_PICK_H
#define SHOAL_SYNC_BUSY_PICK_H

/* others[k]: share of CPU k that neither the node's PEs nor idle took over the window;
 * idled[k]: its idle share. Sets avoid[k] (0 or 1) for every k and returns 1 where the PEs
 * should leave the CPUs so marked now; 0 (avoid untouched) otherwise. */
int shoal_busy_pick(int ncpu, const double *others, const double *idled, int *avoid);

/* Where others hold every CPU and none is free: which CPUs the PEs leave so that the load may
 * gather there and leave them the rest. movable[k]: what holds CPU k may run on another.
 * Keeps ncpu / 2 CPUs (at least one), the first movable ones from turn on (mod ncpu); sets
 * avoid[k] for the others and returns 1, or 0 (avoid untouched) where fewer are movable. */
int shoal_busy_pile(int ncpu, const int *movable, int turn, int *avoid);

#endif
