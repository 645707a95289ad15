/* The monotonic clock in ns, for the waits and the measuring that time themselves. */
#ifndef SHOAL_CORE_CLOCK_H
#define SHOAL_CORE_CLOCK_H

#include <time.h>

static inline long shoal_now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000L + t.tv_nsec;
}

#endif
