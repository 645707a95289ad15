/* Leak test program (run by leak_check.sh under shoalrun -n 2): after shmem_init every PE
 * reports the /dev/shm objects it has open or mapped ("shm-object: PATH"), then PE 1 kills
 * itself with SIGKILL while PE 0 waits on a flag nobody sets; the launcher must stop PE 0 and
 * fail the job, and nothing may stay behind in /dev/shm.
 * With argv[1] == "leak", PE 0 first creates a named /dev/shm file on purpose: the checker's
 * self-test, proving that leak_check.sh can fail. */
#define _GNU_SOURCE
#include <shmem.h>

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int flag;

static void report_shm_objects(void)
{
    char line[4096];
    FILE *maps = fopen("/proc/self/maps", "r");
    if (maps) {
        while (fgets(line, sizeof line, maps)) {
            char *p = strstr(line, "/dev/shm/");
            if (p) fprintf(stderr, "shm-object: %s", p); /* keeps " (deleted)" if unlinked */
        }
        fclose(maps);
    }
    DIR *d = opendir("/proc/self/fd");
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            char path[512], target[4096];
            snprintf(path, sizeof path, "/proc/self/fd/%s", e->d_name);
            ssize_t len = readlink(path, target, sizeof target - 1);
            if (len <= 0) continue;
            target[len] = '\0';
            if (strncmp(target, "/dev/shm/", 9) == 0) fprintf(stderr, "shm-object: %s\n", target);
        }
        closedir(d);
    }
}

int main(int argc, char **argv)
{
    const int leak = argc > 1 && strcmp(argv[1], "leak") == 0;
    shmem_init();
    const int me = shmem_my_pe();
    if (leak && me == 0) {
        char name[128];
        snprintf(name, sizeof name, "/dev/shm/shoal-leaktest-%d", (int)getpid());
        int fd = open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
        if (fd >= 0 && ftruncate(fd, 4096) == 0) (void)mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    }
    report_shm_objects();
    shmem_barrier_all();
    if (me == 1) raise(SIGKILL);
    shmem_int_wait_until(&flag, SHMEM_CMP_EQ, 1);
    fprintf(stderr, "leak_kill: PE %d woke up, which it should never do\n", me);
    shmem_finalize();
    return 0;
}
