/* A stand-in PE for testing shoalrun without libshoal: checks the local_protocol.h variables
 * and segment, meets the other PEs in it, then does what argv asks:
 *   ok                 exit 0 (PE 0 prints "probe: N PEs met")
 *   exit PE CODE       PE exits with CODE, the others wait forever
 *   kill PE            PE kills itself with SIGKILL, the others wait forever
 *   hang               every PE waits forever
 *   ignterm PE CODE    every PE ignores SIGTERM; PE exits with CODE, the others wait forever
 *   global PE CODE     PE does what shmem_global_exit(CODE) does under shoalrun
 *   leave PE           every PE marks itself joined (as shmem_init does); PE exits 0, the
 *                      others wait forever (a PE that skips shmem_finalize)
 *   early PE           PE exits 0 without joining; the others join and wait forever */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "local_protocol.h"

static int env_int(const char *name)
{
    const char *s = getenv(name);
    if (s == NULL) {
        fprintf(stderr, "probe: %s is not set\n", name);
        exit(90);
    }
    return atoi(s);
}

int main(int argc, char **argv)
{
    int fd = env_int(SHOAL_ENV_LOCAL_FD);
    int pe = env_int(SHOAL_ENV_LOCAL_PE);
    int npes = env_int(SHOAL_ENV_LOCAL_NPES);
    struct stat st;
    if (fstat(fd, &st) != 0 || (size_t)st.st_size != shoal_local_segment_size(npes)) {
        fprintf(stderr, "probe: PE %d: fd %d is not a %zu-byte segment\n", pe, fd,
                shoal_local_segment_size(npes));
        return 91;
    }
    unsigned *seg = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (seg == MAP_FAILED) {
        perror("probe: mmap");
        return 92;
    }
    __atomic_add_fetch(&seg[0], 1, __ATOMIC_ACQ_REL);
    while (__atomic_load_n(&seg[0], __ATOMIC_ACQUIRE) < (unsigned)npes)
        usleep(1000);

    const char *mode = argc > 1 ? argv[1] : "ok";
    int target = argc > 2 ? atoi(argv[2]) : 0;
    int code = argc > 3 ? atoi(argv[3]) : 0;
    if (strcmp(mode, "ok") == 0) {
        if (pe == 0)
            printf("probe: %d PEs met\n", npes);
        return 0;
    }
    if (strcmp(mode, "ignterm") == 0)
        signal(SIGTERM, SIG_IGN);
    unsigned char *state = shoal_local_state(seg, npes);
    if (strcmp(mode, "leave") == 0 || (strcmp(mode, "early") == 0 && pe != target))
        __atomic_store_n(&state[pe], SHOAL_LOCAL_JOINED, __ATOMIC_SEQ_CST);
    if (pe == target && (strcmp(mode, "leave") == 0 || strcmp(mode, "early") == 0)) {
        if (strcmp(mode, "early") == 0) /* leave once the others have joined */
            for (int i = 0; i < npes; i++)
                while (i != pe && __atomic_load_n(&state[i], __ATOMIC_SEQ_CST) != SHOAL_LOCAL_JOINED)
                    usleep(1000);
        return 0;
    }
    if (pe == target) {
        if (strcmp(mode, "kill") == 0)
            raise(SIGKILL);
        if (strcmp(mode, "exit") == 0 || strcmp(mode, "ignterm") == 0)
            return code;
        if (strcmp(mode, "global") == 0) {
            sigqueue(getppid(), SIGUSR1, (union sigval){.sival_int = code});
            _exit(code);
        }
    }
    for (;;)
        pause();
}
