/* Which CPUs unrelated processes are running on right now (sync/busy_scan.h).
 *
 * The measuring of sync/avoid_busy.c needs two windows of running PEs (0.2 s and more after
 * shmem_init, later with more PEs per CPU): a benchmark or a short job beside a busy process
 * that was there before it ran its first part dealt over the busy CPU. But a process that
 * spins is runnable at every look, and /proc/PID/stat says which CPU it is on (field 39), so
 * a few looks at init find it; the PEs then start on the other CPUs, and the busy process,
 * free to move, stays where they are not. A process caught runnable at one look only (a
 * daemon waking) is not counted: some process must run at every look, and the CPUs it is on
 * at the last are left. A load that runs longer than the looks and then sleeps as long is
 * caught all the same: avoid_busy.c deals the PEs over its CPU again when its windows do
 * not find it held. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sync/busy_scan.h"

/* Looks 3 ms apart, over 9 ms: longer than the busy half of a load that spins 5 ms and
 * sleeps 5 (such a load is better shared than avoided: sync/avoid_busy.c); once per job, on
 * one PE of a node, while the others wait for it in the bootstrap. */
#define LOOKS 4
#define LOOK_GAP_NS 3000000L

/* State and CPU of process pid from /proc/PID/stat; 0 when unreadable. */
static int stat_of(const char *pid, char *state, int *cpu, int *ppid)
{
    char path[300], buf[1024];
    snprintf(path, sizeof path, "/proc/%s/stat", pid);
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    const ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0) return 0;
    buf[n] = 0;
    const char *p = strrchr(buf, ')'); /* the name may hold spaces and parentheses */
    if (!p || p[1] != ' ') return 0;
    p += 2;
    *state = *p;
    /* fields after the state: 4 ppid ... 39 processor */
    int field = 3;
    const char *f = p;
    while (*f && field < 39) {
        if (*f++ == ' ') {
            field++;
            if (field == 4) *ppid = atoi(f);
        }
    }
    if (field != 39) return 0;
    *cpu = atoi(f);
    return 1;
}

/* One look: out[c] = 1 where a process other than this job's runs on CPU c of set. */
static void look(const cpu_set_t *set, int my_ppid, unsigned char *out)
{
    DIR *d = opendir("/proc");
    if (!d) return;
    const int self = getpid();
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] < '1' || e->d_name[0] > '9') continue;
        char state;
        int cpu, ppid = -1;
        if (atoi(e->d_name) == self || !stat_of(e->d_name, &state, &cpu, &ppid)) continue;
        /* this job's PEs (started by one launcher) and its launcher are not load */
        if (state != 'R' || ppid == my_ppid || atoi(e->d_name) == my_ppid) continue;
        if (cpu >= 0 && cpu < CPU_SETSIZE && CPU_ISSET(cpu, set)) out[cpu] = 1;
    }
    closedir(d);
}

int shoal_busy_scan(const cpu_set_t *set, cpu_set_t *held)
{
    unsigned char seen[LOOKS][CPU_SETSIZE];
    memset(seen, 0, sizeof seen);
    const int my_ppid = getppid();
    for (int k = 0; k < LOOKS; k++) {
        if (k) nanosleep(&(struct timespec){0, LOOK_GAP_NS}, NULL);
        look(set, my_ppid, seen[k]);
    }
    /* Held: where they are at the last look, if one ran at every look (a process that
     * spins; the scheduler may move it between looks while the PEs start, and once they are
     * bound to the other CPUs it stays where it is). */
    CPU_ZERO(held);
    int nheld = 0, nfree = 0;
    for (int k = 0; k < LOOKS; k++) {
        int any = 0;
        for (int c = 0; c < CPU_SETSIZE; c++) any |= seen[k][c];
        if (!any) return 0;
    }
    for (int c = 0; c < CPU_SETSIZE; c++) {
        if (!CPU_ISSET(c, set)) continue;
        if (seen[LOOKS - 1][c]) {
            CPU_SET(c, held);
            nheld++;
        } else {
            nfree++;
        }
    }
    if (nfree == 0) CPU_ZERO(held); /* nowhere better to go */
    return nfree ? nheld : 0;
}
