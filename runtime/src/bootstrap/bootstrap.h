/* Bootstraps exchange small blobs during init and team creation: "mpi" (mpirun), "local"
 * (shoalrun's shared segment), "single" (one PE). Chosen from the environment at init. */
#ifndef SHOAL_BOOTSTRAP_H
#define SHOAL_BOOTSTRAP_H

#include <stddef.h>

struct shoal_bootstrap {
    const char *name;
    int pe, npes;
    /* Every PE contributes len bytes; out receives npes * len bytes in PE order. */
    void (*allgather)(const void *in, void *out, size_t len);
    void (*barrier)(void);
    /* Stop the whole job with this status (does not return). */
    void (*abort)(int status);
    void (*fini)(void);
};

/* Pick and start the bootstrap for this process. */
const struct shoal_bootstrap *shoal_bootstrap_start(void);

const struct shoal_bootstrap *shoal_bootstrap_single(void);
const struct shoal_bootstrap *shoal_bootstrap_local(void);   /* NULL if not under shoalrun */
const struct shoal_bootstrap *shoal_bootstrap_mpi(void);     /* NULL if not under mpirun */

#endif
