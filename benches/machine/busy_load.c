/* Unrelated CPU load for the benchmarks' loaded rows: one process that spins, always or in
 * turns (busy B ms, idle I ms), until killed.
 *   busy_load           spin for ever (as `while :; do :; done`)
 *   busy_load B I       spin B ms, sleep I ms, over and over (an intermittent load) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

int main(int argc, char **argv)
{
    double busy = 0, idle = 0;
    if (argc == 3) {
        busy = atof(argv[1]);
        idle = atof(argv[2]);
    }
    if ((argc != 1 && argc != 3) || busy < 0 || idle < 0 || (argc == 3 && busy + idle <= 0)) {
        fprintf(stderr, "usage: busy_load [BUSY_MS IDLE_MS]\n");
        return 2;
    }
    volatile unsigned long spins = 0;
    for (;;) {
        const double end = now_ms() + busy;
        while (argc == 1 || now_ms() < end) spins++;
        struct timespec ts = {(time_t)(idle / 1e3), (long)(idle * 1e6) % 1000000000L};
        nanosleep(&ts, NULL);
    }
}
