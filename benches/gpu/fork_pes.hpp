// PEs without a launcher, for the benchmarks built against NVSHMEM and NCCL (no mpirun on the
// GPU machine): the program forks the others, rank 0 makes the unique id, and every rank gets it
// through shared memory, before anything touches CUDA.
#ifndef SHOAL_BENCH_FORK_PES_HPP
#define SHOAL_BENCH_FORK_PES_HPP

#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace bench {

/** This process's rank among n forked from the original (rank 0, which holds the children). */
struct forked {
    int rank = 0;
    std::vector<pid_t> children;
};

/** Fork n - 1 processes; rank 0 calls make(&id); every rank returns with that id. */
template <class Id, class Make> forked fork_pes(int n, Id *id, Make make)
{
    struct shared {
        volatile int ready;
        Id id;
    };
    auto *sh = static_cast<shared *>(mmap(nullptr, sizeof(shared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0));
    if (sh == MAP_FAILED) {
        std::perror("fork_pes: mmap");
        std::exit(2);
    }
    sh->ready = 0;
    forked f;
    for (int r = 1; r < n; r++) {
        const pid_t pid = fork();
        if (pid == 0) {
            f.rank = r;
            f.children.clear();
            break;
        }
        f.children.push_back(pid);
    }
    if (f.rank == 0) {
        make(&sh->id);
        __sync_synchronize();
        sh->ready = 1;
    } else {
        while (!sh->ready) usleep(1000);
        __sync_synchronize();
    }
    *id = sh->id;
    return f;
}

/** Rank 0 waits for the others and returns rc, or 1 when one of them failed; the others exit
 *  with rc here. */
inline int join_pes(const forked &f, int rc)
{
    if (f.rank != 0) std::_Exit(rc);
    for (pid_t k : f.children) {
        int st = 0;
        waitpid(k, &st, 0);
        if ((!WIFEXITED(st) || WEXITSTATUS(st) != 0) && rc == 0) rc = 1;
    }
    return rc;
}

} // namespace bench

#endif
