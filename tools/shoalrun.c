/* shoalrun: start N PEs of one program on this machine, without MPI.
 *
 *   shoalrun -n N [--timeout SEC] [--] prog [args...]
 *
 * Contract with the runtime's "local" bootstrap: runtime/src/core/local_protocol.h.
 * One anonymous memfd (the rendezvous segment) is inherited by every child, which learns
 * its fd, PE number and the PE count from SHOAL_LOCAL_FD / SHOAL_LOCAL_PE / SHOAL_LOCAL_NPES.
 *
 * Exit status: 0 when every PE exits 0; otherwise the status of the first PE that failed
 * (128+signal when it was killed by a signal), after stopping the others (SIGTERM, then
 * SIGKILL ~2 s later); 124 on --timeout; 2 on bad usage; 127 when the program cannot be
 * executed. SIGINT, SIGTERM and SIGHUP are forwarded to every PE. Children die with the
 * launcher (PR_SET_PDEATHSIG), so nothing outlives a killed shoalrun.
 *
 * A PE that exits 0 without shmem_finalize while others run (they would wait for it forever),
 * or before shmem_init while others are in the job, stops the job with a message and status 1:
 * the launcher reads the PEs' state bytes in the rendezvous segment (local_protocol.h).
 *
 * shmem_global_exit(status) from one PE: the PE sends its status to the launcher with
 * sigqueue(getppid(), SHOAL_LOCAL_ABORT_SIGNAL, {.sival_int = status}) before it exits; the
 * launcher stops the other PEs and exits with that status, even when it is 0.
 *
 * The parent blocks every signal it cares about and waits in sigtimedwait(): no polling. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "local_protocol.h"

#define MAX_PES 4096
#define KILL_GRACE_SEC 2.0
#ifndef SHOAL_LOCAL_ABORT_SIGNAL
#define SHOAL_LOCAL_ABORT_SIGNAL SIGUSR1
#endif

static const char *usage_text =
    "usage: shoalrun -n N [--timeout SEC] [--] prog [args...]\n"
    "  -n N, -np N      start N processing elements (PEs) of prog on this machine\n"
    "  --timeout SEC    stop every PE after SEC seconds and exit 124\n"
    "  -h, --help       this text\n"
    "Exit status: 0 if every PE exits 0, else the first failing PE's status\n"
    "(128+signal if it was killed), 124 on timeout, 2 on bad usage, 127 if prog cannot run.\n";

static void die_usage(const char *fmt, const char *value)
{
    fputs("shoalrun: ", stderr);
    fprintf(stderr, fmt, value);
    fputs(" (see shoalrun --help)\n", stderr);
    exit(2);
}

static bool parse_npes(const char *s, int *out)
{
    char *end = NULL;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || v < 1 || v > MAX_PES)
        return false;
    *out = (int)v;
    return true;
}

static bool parse_seconds(const char *s, double *out)
{
    char *end = NULL;
    errno = 0;
    double v = strtod(s, &end);
    if (errno != 0 || end == s || *end != '\0' || !(v > 0.0) || !isfinite(v) || v > 1e9)
        return false;
    *out = v;
    return true;
}

static double now_sec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The same search execvp() does, so a missing program is reported once, not once per PE. */
static bool find_program(const char *prog, int *err)
{
    if (strchr(prog, '/') != NULL) {
        struct stat st;
        if (stat(prog, &st) != 0) {
            *err = errno;
            return false;
        }
        if (S_ISDIR(st.st_mode)) {
            *err = EISDIR;
            return false;
        }
        if (access(prog, X_OK) != 0) {
            *err = errno;
            return false;
        }
        return true;
    }
    const char *path = getenv("PATH");
    if (path == NULL || *path == '\0')
        path = "/usr/local/bin:/bin:/usr/bin";
    *err = ENOENT;
    size_t plen = strlen(prog);
    for (const char *p = path;; ) {
        const char *colon = strchr(p, ':');
        size_t dlen = colon ? (size_t)(colon - p) : strlen(p);
        char buf[PATH_MAX];
        if (dlen + 1 + plen + 1 <= sizeof buf) {
            if (dlen == 0) {
                memcpy(buf, prog, plen + 1); /* empty entry = current directory */
            } else {
                memcpy(buf, p, dlen);
                buf[dlen] = '/';
                memcpy(buf + dlen + 1, prog, plen + 1);
            }
            struct stat st;
            if (stat(buf, &st) == 0 && !S_ISDIR(st.st_mode)) {
                if (access(buf, X_OK) == 0)
                    return true;
                *err = EACCES;
            }
        }
        if (colon == NULL)
            break;
        p = colon + 1;
    }
    return false;
}

typedef struct {
    pid_t pid;
    bool alive;
} child_t;

static child_t *children;
static int npes;
static int alive_count;

static void signal_all(int sig)
{
    for (int i = 0; i < npes; i++)
        if (children[i].alive)
            kill(children[i].pid, sig);
}

static unsigned char *pe_state; /* the PEs' state bytes in the rendezvous segment */
static void *seg_map;           /* the whole segment (wait-site records) */

/* On --timeout: where each PE still running waits, from the records the runtime publishes
 * once a wait is slow (local_protocol.h). */
static void dump_sites(double t)
{
    for (int pe = 0; pe < npes; pe++) {
        if (!children[pe].alive) continue;
        const struct shoal_local_site *s = shoal_local_site(seg_map, npes, pe);
        if (!__atomic_load_n(&s->active, __ATOMIC_ACQUIRE)) {
            unsigned char st = __atomic_load_n(&pe_state[pe], __ATOMIC_RELAXED);
            fprintf(stderr, "shoalrun: PE %d is not waiting in Shoal (%s)\n", pe,
                    st == SHOAL_LOCAL_NEW ? "shmem_init not called yet" : "running its own code");
            continue;
        }
        char routine[sizeof s->routine];
        memcpy(routine, s->routine, sizeof routine);
        routine[sizeof routine - 1] = '\0';
        const int from = s->pe;
        const double since = s->since;
        if (from >= 0)
            fprintf(stderr, "shoalrun: PE %d waits in %s for PE %d (for %.1f s)\n", pe, routine,
                    from, t - since);
        else
            fprintf(stderr, "shoalrun: PE %d waits in %s (for %.1f s)\n", pe, routine, t - since);
    }
}

/* Why a PE that exited 0 leaves the others stranded (NULL: it does not). A PE that never
 * joined is marked gone first, so that a PE joining later sees it (local.c). */
static const char *left_early(int pe, int *other)
{
    unsigned char st = __atomic_load_n(&pe_state[pe], __ATOMIC_SEQ_CST);
    if (st == SHOAL_LOCAL_NEW) {
        __atomic_store_n(&pe_state[pe], SHOAL_LOCAL_GONE, __ATOMIC_SEQ_CST);
        for (int i = 0; i < npes; i++)
            if (children[i].alive && __atomic_load_n(&pe_state[i], __ATOMIC_SEQ_CST) == SHOAL_LOCAL_JOINED) {
                *other = i;
                return "before calling shmem_init";
            }
        return NULL;
    }
    *other = -1;
    if (st == SHOAL_LOCAL_JOINED && alive_count > 0) return "without calling shmem_finalize";
    return NULL;
}

static int pe_of_pid(pid_t pid)
{
    for (int i = 0; i < npes; i++)
        if (children[i].pid == pid)
            return i;
    return -1;
}

int main(int argc, char **argv)
{
    npes = 0;
    double timeout = 0.0;
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        if (a[0] != '-' || a[1] == '\0')
            break;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(usage_text, stdout);
            return 0;
        }
        if (strcmp(a, "-n") == 0 || strcmp(a, "-np") == 0 || strcmp(a, "--np") == 0) {
            if (i + 1 >= argc)
                die_usage("%s needs a PE count", a);
            if (!parse_npes(argv[++i], &npes))
                die_usage("bad PE count '%s' (want an integer from 1 to 4096)", argv[i]);
        } else if (strncmp(a, "-n", 2) == 0 && a[2] >= '0' && a[2] <= '9') {
            if (!parse_npes(a + 2, &npes))
                die_usage("bad PE count '%s' (want an integer from 1 to 4096)", a + 2);
        } else if (strcmp(a, "--timeout") == 0) {
            if (i + 1 >= argc)
                die_usage("%s needs a number of seconds", a);
            if (!parse_seconds(argv[++i], &timeout))
                die_usage("bad timeout '%s' (want seconds > 0)", argv[i]);
        } else if (strncmp(a, "--timeout=", 10) == 0) {
            if (!parse_seconds(a + 10, &timeout))
                die_usage("bad timeout '%s' (want seconds > 0)", a + 10);
        } else {
            die_usage("unknown option '%s'", a);
        }
    }
    if (npes == 0)
        die_usage("missing -n N (the number of PEs to start)%s", "");
    if (i >= argc)
        die_usage("no program to run%s", "");
    char **prog_argv = &argv[i];

    int err = 0;
    if (!find_program(prog_argv[0], &err)) {
        fprintf(stderr, "shoalrun: cannot execute '%s': %s\n", prog_argv[0], strerror(err));
        return 127;
    }

    /* The rendezvous segment: anonymous, inherited across exec (no MFD_CLOEXEC). */
    int seg = memfd_create("shoal-local", 0);
    if (seg < 0) {
        fprintf(stderr, "shoalrun: memfd_create: %s\n", strerror(errno));
        return 1;
    }
    /* memfds are created 0777: only this user's processes may open it through /proc. */
    if (fchmod(seg, 0600) != 0) {
        fprintf(stderr, "shoalrun: fchmod of the rendezvous segment: %s\n", strerror(errno));
        return 1;
    }
    if (ftruncate(seg, (off_t)shoal_local_segment_size(npes)) != 0) {
        fprintf(stderr, "shoalrun: ftruncate of the %zu-byte segment: %s\n",
                shoal_local_segment_size(npes), strerror(errno));
        return 1;
    }
    seg_map = mmap(NULL, shoal_local_segment_size(npes), PROT_READ | PROT_WRITE, MAP_SHARED,
                         seg, 0);
    if (seg_map == MAP_FAILED) {
        fprintf(stderr, "shoalrun: mmap of the rendezvous segment: %s\n", strerror(errno));
        return 1;
    }
    pe_state = shoal_local_state(seg_map, npes);
    int fdflags = fcntl(seg, F_GETFD);
    if (fdflags >= 0 && (fdflags & FD_CLOEXEC))
        fcntl(seg, F_SETFD, fdflags & ~FD_CLOEXEC);

    children = calloc((size_t)npes, sizeof *children);
    if (children == NULL) {
        fputs("shoalrun: out of memory\n", stderr);
        return 1;
    }

    /* Block the signals we wait for before any child exists, so none is lost. An inherited
     * SIGCHLD=SIG_IGN would make the kernel reap children for us: undo it. */
    signal(SIGCHLD, SIG_DFL);
    sigset_t waitset, oldmask;
    sigemptyset(&waitset);
    sigaddset(&waitset, SIGCHLD);
    sigaddset(&waitset, SIGINT);
    sigaddset(&waitset, SIGTERM);
    sigaddset(&waitset, SIGHUP);
    sigaddset(&waitset, SHOAL_LOCAL_ABORT_SIGNAL);
    sigprocmask(SIG_BLOCK, &waitset, &oldmask);

    pid_t parent = getpid();
    char fd_str[16], npes_str[16];
    snprintf(fd_str, sizeof fd_str, "%d", seg);
    snprintf(npes_str, sizeof npes_str, "%d", npes);
    fflush(NULL);

    int status = 0;      /* what we will exit with */
    bool failed = false; /* a PE failed, or we were told to stop: the others are being stopped */
    double kill_at = 0;  /* when to escalate to SIGKILL (0 = not scheduled) */

    for (int pe = 0; pe < npes; pe++) {
        pid_t pid = fork();
        if (pid < 0) {
            fprintf(stderr, "shoalrun: fork of PE %d: %s\n", pe, strerror(errno));
            status = 1;
            failed = true;
            npes = pe; /* only these exist */
            signal_all(SIGKILL);
            break;
        }
        if (pid == 0) {
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            if (getppid() != parent) /* the launcher died before prctl took effect */
                _exit(1);
            char pe_str[16];
            snprintf(pe_str, sizeof pe_str, "%d", pe);
            setenv(SHOAL_ENV_LOCAL_FD, fd_str, 1);
            setenv(SHOAL_ENV_LOCAL_PE, pe_str, 1);
            setenv(SHOAL_ENV_LOCAL_NPES, npes_str, 1);
            unsetenv(SHOAL_ENV_LOCAL_OWNER); /* a job of its own, even when a PE started us */
            sigprocmask(SIG_SETMASK, &oldmask, NULL);
            execvp(prog_argv[0], prog_argv);
            fprintf(stderr, "shoalrun: PE %d: cannot execute '%s': %s\n", pe, prog_argv[0],
                    strerror(errno));
            _exit(127);
        }
        children[pe].pid = pid;
        children[pe].alive = true;
        alive_count++;
    }
    close(seg);

    double deadline = timeout > 0 ? now_sec() + timeout : 0;
    bool timed_out = false;
    int forwarded = 0;

    while (alive_count > 0) {
        /* Reap whatever has exited. */
        for (;;) {
            int ws;
            pid_t pid = waitpid(-1, &ws, WNOHANG);
            if (pid <= 0)
                break;
            int pe = pe_of_pid(pid);
            if (pe < 0 || !children[pe].alive)
                continue;
            children[pe].alive = false;
            alive_count--;
            int code = WIFEXITED(ws) ? WEXITSTATUS(ws) : WIFSIGNALED(ws) ? 128 + WTERMSIG(ws) : 1;
            int other;
            const char *why = code == 0 && !failed ? left_early(pe, &other) : NULL;
            if (why) {
                failed = true;
                status = 1;
                if (other >= 0)
                    fprintf(stderr, "shoalrun: PE %d (pid %d) exited %s while PE %d is in the "
                            "job; stopping the other PEs\n", pe, (int)pid, why, other);
                else
                    fprintf(stderr, "shoalrun: PE %d (pid %d) exited %s; stopping the other "
                            "PEs\n", pe, (int)pid, why);
                signal_all(SIGTERM);
                kill_at = now_sec() + KILL_GRACE_SEC;
            } else if (code != 0 && !failed) {
                failed = true;
                status = code;
                if (WIFSIGNALED(ws))
                    fprintf(stderr, "shoalrun: PE %d (pid %d) was killed by signal %d (%s)%s\n",
                            pe, (int)pid, WTERMSIG(ws), strsignal(WTERMSIG(ws)),
                            alive_count > 0 ? "; stopping the other PEs" : "");
                else
                    fprintf(stderr, "shoalrun: PE %d (pid %d) exited with status %d%s\n", pe,
                            (int)pid, code, alive_count > 0 ? "; stopping the other PEs" : "");
                signal_all(SIGTERM);
                kill_at = now_sec() + KILL_GRACE_SEC;
            }
        }
        if (alive_count == 0)
            break;

        /* Sleep until a signal, the timeout, or the SIGKILL escalation. */
        double wake = 0;
        if (deadline > 0 && !timed_out)
            wake = deadline;
        if (kill_at > 0 && (wake == 0 || kill_at < wake))
            wake = kill_at;
        siginfo_t si;
        int sig;
        if (wake > 0) {
            double left = wake - now_sec();
            if (left < 0)
                left = 0;
            struct timespec ts = {(time_t)left, (long)((left - (double)(time_t)left) * 1e9)};
            sig = sigtimedwait(&waitset, &si, &ts);
        } else {
            sig = sigwaitinfo(&waitset, &si);
        }
        if (sig < 0) {
            if (errno != EAGAIN)
                continue; /* EINTR (e.g. SIGCONT): just look again */
            double t = now_sec();
            if (kill_at > 0 && t >= kill_at) {
                signal_all(SIGKILL);
                kill_at = 0;
            }
            if (deadline > 0 && !timed_out && t >= deadline) {
                timed_out = true;
                fprintf(stderr, "shoalrun: timeout after %g s; stopping %d PE%s\n", timeout,
                        alive_count, alive_count == 1 ? "" : "s");
                dump_sites(t);
                failed = true;
                signal_all(SIGTERM);
                kill_at = now_sec() + KILL_GRACE_SEC;
            }
            continue;
        }
        if (sig == SIGCHLD)
            continue;
        if (sig == SHOAL_LOCAL_ABORT_SIGNAL) {
            /* A PE's shmem_global_exit; anything else sending this signal is ignored. */
            int pe = si.si_code == SI_QUEUE ? pe_of_pid(si.si_pid) : -1;
            if (pe >= 0 && !failed) {
                failed = true;
                status = si.si_value.sival_int & 0xff;
                if (alive_count - (children[pe].alive ? 1 : 0) > 0)
                    fprintf(stderr, "shoalrun: PE %d called shmem_global_exit(%d); stopping the "
                            "other PEs\n", pe, si.si_value.sival_int);
                signal_all(SIGTERM);
                kill_at = now_sec() + KILL_GRACE_SEC;
            }
            continue;
        }
        /* SIGINT / SIGTERM / SIGHUP: pass it on; each PE decides how to end, and the first
         * one that ends badly stops the rest as above. A second such signal means "now". */
        if (forwarded++ > 0) {
            signal_all(SIGKILL);
            kill_at = 0;
        } else {
            signal_all(sig);
        }
    }

    free(children);
    if (timed_out)
        return 124;
    return status;
}
