/* Which transport reaches which peer: the same node -> shm (its segments get mapped here),
 * another node -> the off-node transport (SHOAL_OFFNODE: mpi, or tcp where no node has an RDMA
 * device to reach through MPI and UCX). SHOAL_TRANSPORT=mpi or tcp forces that transport for
 * every peer but this PE itself, so the off-node path is tested on one machine. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bootstrap/bootstrap.h"
#include "core/env_agree.h"
#include "core/error.h"
#include "core/state.h"
#include "transport/transport.h"

enum choice { CHOOSE_AUTO, CHOOSE_SHM, CHOOSE_MPI, CHOOSE_TCP };
static enum choice choice, offnode;
/* SHOAL_MPI_ATOMICS=rma: MPI-3 atomics for every host AMO (one domain: theirs); am: the
 * owner's CPU atomics, off-node ones as messages to the owner (transport/mpi_am.c). */
static int rma_atomics;

static enum choice parse(const char *var, const char *accepted)
{
    const char *t = getenv(var);
    if (!t || !*t || !strcmp(t, "auto")) return CHOOSE_AUTO;
    const char *names[] = {"auto", "shm", "mpi", "tcp"};
    for (int c = CHOOSE_SHM; c <= CHOOSE_TCP; c++)
        if (!strcmp(t, names[c]) && strstr(accepted, names[c])) return (enum choice)c;
    shoal_fatal("shmem_init", "%s=%s is not %s", var, t, accepted);
}

void shoal_transport_check_env(void)
{
    choice = parse("SHOAL_TRANSPORT", "auto, shm, mpi or tcp");
    offnode = parse("SHOAL_OFFNODE", "auto, mpi or tcp");
    const char *a = getenv("SHOAL_MPI_ATOMICS");
    if (!a || !*a || !strcmp(a, "am")) rma_atomics = 0;
    else if (!strcmp(a, "rma")) rma_atomics = 1;
    else shoal_fatal("shmem_init", "SHOAL_MPI_ATOMICS=%s is not am or rma", a);
}

/* An RDMA device (InfiniBand, RoCE, iWARP) is on this node: MPI over UCX reaches it. */
static int node_has_rdma(void)
{
    DIR *d = opendir("/sys/class/infiniband");
    const struct dirent *e;
    int found = 0;
    while (d && !found && (e = readdir(d))) found = e->d_name[0] != '.';
    if (d) closedir(d);
    return found;
}

/* The transport for peers on other nodes (collective: every PE calls it, or none). */
static const struct shoal_transport_ops *off_node(const char *why)
{
    enum choice c = choice == CHOOSE_AUTO ? offnode : choice;
    if (c == CHOOSE_AUTO) {
        /* mpi where MPI can do RDMA on every node, else tcp (below MPI and UCX over TCP). */
        int rdma = shoal_transport_mpi && !strcmp(shoal_g.boot->name, "mpi") && node_has_rdma();
        int *all = calloc((size_t)shoal_g.npes, sizeof *all);
        if (!all) shoal_fatal("shmem_init", "out of memory");
        shoal_g.boot->allgather(&rdma, all, sizeof rdma);
        for (int pe = 0; pe < shoal_g.npes; pe++) rdma &= all[pe];
        free(all);
        c = rdma ? CHOOSE_MPI : CHOOSE_TCP;
    }
    if (c == CHOOSE_TCP) return shoal_transport_tcp;
    if (shoal_transport_mpi) return shoal_transport_mpi;
    shoal_fatal("shmem_init", "%s asks for the mpi transport, but this build has no MPI (build "
                "with MPI: meson setup -Dmpi=enabled, or use SHOAL_OFFNODE=tcp)", why);
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
        shoal_g.peers[pe].mapset = choice == CHOOSE_MPI || choice == CHOOSE_TCP ? pe : first;
    }
    if (choice == CHOOSE_SHM && shoal_g.n_nodes > 1)
        shoal_fatal("shmem_init", "SHOAL_TRANSPORT=shm, but the job spans %d nodes (shm reaches "
                    "only PEs of this node)", shoal_g.n_nodes);
    /* Off-node transports are collective to start: every PE sees every host, so every PE
     * reaches the same verdict on whether any pair of PEs needs one. */
    const int forced = choice == CHOOSE_MPI || choice == CHOOSE_TCP;
    shoal_g.remote = NULL;
    if (shoal_g.n_nodes > 1 || (forced && n > 1))
        shoal_g.remote = off_node(forced ? "SHOAL_TRANSPORT" : "the job spans several nodes: "
                                                               "SHOAL_OFFNODE");
    shoal_g.all_mapped = 1;
    for (int pe = 0; pe < n; pe++) {
        const int same_node = info[pe].host == info[me].host;
        const int mapped = pe == me || (same_node && !forced);
        map[pe] = mapped;
        shoal_g.peers[pe].ops = mapped ? &shoal_transport_shm : shoal_g.remote;
        if (!mapped) shoal_g.all_mapped = 0;
    }
    /* Both ways at once would hang (the am side's communicator is created collectively) or
     * mix atomicity domains. Only the mpi transport has MPI-3 atomics. */
    const int mpi = shoal_g.remote && shoal_g.remote == shoal_transport_mpi;
    if (mpi) shoal_env_agree("SHOAL_MPI_ATOMICS (1: rma)", rma_atomics);
    else if (rma_atomics && shoal_g.remote && me == 0)
        shoal_warn("shmem_init", "SHOAL_MPI_ATOMICS=rma is for the mpi transport, and off-node PEs "
                   "are reached by %s: ignored (SHOAL_OFFNODE=mpi uses MPI)", shoal_g.remote->name);
    shoal_g.amo_remote = rma_atomics && mpi ? shoal_g.remote : NULL;
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
