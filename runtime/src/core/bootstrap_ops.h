/* What a bootstrap does (the implementations are in bootstrap/, picked by
 * shoal_bootstrap_start at init): exchange small blobs and stop the job. Every layer reaches
 * the one in use through shoal_g.boot, so none depends on which it is. */
#ifndef SHOAL_CORE_BOOTSTRAP_OPS_H
#define SHOAL_CORE_BOOTSTRAP_OPS_H

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
    /* The "mpi" bootstrap's private communicator (points to an MPI_Comm) that the mpi transport
     * duplicates: its ranks are the world PEs. NULL for the others. */
    const void *mpi_comm;
};

#endif
