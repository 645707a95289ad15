/* Which transport reaches which peer: the same node -> shm (its segments get mapped here),
 * another node -> the off-node transport. SHOAL_TRANSPORT=mpi forces the off-node transport
 * for every peer but this PE itself, so the off-node path is tested on one machine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bootstrap/bootstrap.h"
#include "core/env_agree.h"
#include "core/error.h"
#include "core/state.h"
#include "transport/transport.h"

enum choice { CHOOSE_AUTO, CHOOSE_SHM, CHOOSE_MPI };
static enum choice choice;
/* SHOAL_MPI_ATOMICS=rma: MPI-3 atomics for every host AMO (one domain: theirs); am: the
 * owner's CPU atomics, off-node ones as messages to the owner (transport/mpi_am.c). */
static int rma_atomics;

void shoal_transport_check_env(void)
{
    const char *t = getenv("SHOAL_TRANSPORT");
    if (!t || !*t || !strcmp(t, "auto")) choice = CHOOSE_AUTO;
    else if (!strcmp(t, "shm")) choice = CHOOSE_SHM;
    else if (!strcmp(t, "mpi")) choice = CHOOSE_MPI;
    else shoal_fatal("shmem_init", "SHOAL_TRANSPORT=%s is not auto, shm or mpi", t);
    const char *a = getenv("SHOAL_MPI_ATOMICS");
    if (!a || !*a || !strcmp(a, "am")) rma_atomics = 0;
    else if (!strcmp(a, "rma")) rma_atomics = 1;
    else shoal_fatal("shmem_init", "SHOAL_MPI_ATOMICS=%s is not am or rma", a);
}

static const struct shoal_transport_ops *off_node(const char *why)
{
    if (shoal_transport_mpi) return shoal_transport_mpi;
    shoal_fatal("shmem_init", "%s, but this build has no off-node transport (build with MPI: "
                "meson setup -Dmpi=enabled)", why);
}

void shoal_transport_select(const struct shoal_peer_info *info, int *map)
{
    const int me = shoal_g.me, n = shoal_g.npes;
    /* Nodes numbered in order of their lowest PE, the same on every PE. */
    shoal_g.n_nodes = 0;
    for (int pe = 0; pe < n; pe++) {
        int first = pe; /* the lowest PE of pe's host */
        for (int q = 0; q < pe && first == pe; q++)
            if (info[q].host == info[pe].host) first = q;
        shoal_g.peers[pe].node = first < pe ? shoal_g.peers[first].node : shoal_g.n_nodes++;
        shoal_g.peers[pe].mapset = choice == CHOOSE_MPI ? pe : first;
    }
    if (choice == CHOOSE_SHM && shoal_g.n_nodes > 1)
        shoal_fatal("shmem_init", "SHOAL_TRANSPORT=shm, but the job spans %d nodes (shm reaches "
                    "only PEs of this node)", shoal_g.n_nodes);
    shoal_g.remote = NULL;
    shoal_g.all_mapped = 1;
    for (int pe = 0; pe < n; pe++) {
        const int same_node = info[pe].host == info[me].host;
        const int mapped = pe == me || (same_node && choice != CHOOSE_MPI);
        map[pe] = mapped;
        if (mapped) {
            shoal_g.peers[pe].ops = &shoal_transport_shm;
            continue;
        }
        shoal_g.all_mapped = 0;
        shoal_g.remote = off_node(choice == CHOOSE_MPI ? "SHOAL_TRANSPORT=mpi"
                                                       : "the job spans several nodes");
        shoal_g.peers[pe].ops = shoal_g.remote;
    }
    /* Off-node transports are collective to start: every PE sees every host, so every PE
     * reaches the same verdict on whether any pair of PEs needs one. */
    if (shoal_g.n_nodes > 1 || (choice == CHOOSE_MPI && n > 1))
        shoal_g.remote = off_node(choice == CHOOSE_MPI ? "SHOAL_TRANSPORT=mpi"
                                                       : "the job spans several nodes");
    /* Both ways at once would hang (the am side's communicator is created collectively) or
     * mix atomicity domains. */
    if (shoal_g.remote) shoal_env_agree("SHOAL_MPI_ATOMICS (1: rma)", rma_atomics);
    shoal_g.amo_remote = rma_atomics ? shoal_g.remote : NULL;
}

static void check(const char *what, int rc)
{
    if (rc) shoal_fatal("shmem_init", "the %s transport: %s: %s", shoal_g.remote->name, what,
                        shoal_status_string(rc));
}

void shoal_transport_start(void)
{
    if (!shoal_g.remote) return;
    check("init", shoal_g.remote->init());
    for (int s = 0; s < SHOAL_MAX_SEGS; s++)
        if (shoal_g.seg[s].base && shoal_g.seg[s].kind == SHOAL_SEG_HOST)
            check("attach", shoal_g.remote->attach(s));
}

void shoal_transport_stop(void)
{
    if (!shoal_g.remote) return;
    for (int s = 0; s < SHOAL_MAX_SEGS; s++)
        if (shoal_g.seg[s].base && shoal_g.seg[s].kind == SHOAL_SEG_HOST) shoal_g.remote->detach(s);
    shoal_g.remote->fini();
    shoal_g.remote = NULL;
    shoal_g.amo_remote = NULL;
}

void shoal_transport_print_map(FILE *f)
{
    fprintf(f, "shoal: PE %d reaches", shoal_g.me);
    for (int pe = 0; pe < shoal_g.npes;) {
        const char *name = shoal_transport_name(pe);
        int last = pe;
        while (last + 1 < shoal_g.npes && !strcmp(shoal_transport_name(last + 1), name)) last++;
        if (last == pe) fprintf(f, "%s PE %d %s", pe ? "," : "", pe, name);
        else fprintf(f, "%s PEs %d-%d %s", pe ? "," : "", pe, last, name);
        pe = last + 1;
    }
    if (shoal_g.amo_remote) fprintf(f, "; atomics through %s\n", shoal_g.amo_remote->name);
    else if (shoal_g.remote) fprintf(f, "; atomics by the word's PE (off-node: %s messages)\n",
                                     shoal_g.remote->name);
    else fprintf(f, "; atomics through the CPU\n");
}

const char *shoal_transport_name(int pe)
{
    if (pe == shoal_g.me) return "self";
    return shoal_g.peers[pe].ops ? shoal_g.peers[pe].ops->name : "none";
}
