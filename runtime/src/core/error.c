/* One-line errors and job abort (DESIGN.md: errors). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/bootstrap_ops.h"
#include "core/error.h"
#include "core/state.h"

static void vreport(const char *routine, const char *fmt, va_list ap)
{
    char line[1024];
    int n;
    if (shoal_g.boot || shoal_g.ever_finalized) /* after finalize: the PE it was */
        n = snprintf(line, sizeof line, "shoal: %s: PE %d: ", routine, shoal_g.me);
    else
        n = snprintf(line, sizeof line, "shoal: %s: ", routine);
    if (n < 0) n = 0;
    if ((size_t)n < sizeof line) vsnprintf(line + n, sizeof line - (size_t)n, fmt, ap);
    /* One write, so lines from several PEs do not interleave. */
    fprintf(stderr, "%s\n", line);
    fflush(stderr);
}

void shoal_warn(const char *routine, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(routine, fmt, ap);
    va_end(ap);
}

noreturn void shoal_abort_job(int status)
{
    fflush(NULL);
    if (shoal_g.boot && shoal_g.boot->abort) shoal_g.boot->abort(status);
    /* local/single: shoalrun sees this exit status and stops the other PEs. */
    _exit(status);
}

noreturn void shoal_fatal(const char *routine, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(routine, fmt, ap);
    va_end(ap);
    shoal_abort_job(1);
}
