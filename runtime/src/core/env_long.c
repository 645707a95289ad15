#include "core/env_long.h"

#include <errno.h>
#include <stdlib.h>

#include "core/error.h"

long shoal_env_long_of(const char *name, const char *value, long min, long max, const char *what,
                       const char *or_words)
{
    /* strtol alone takes leading blanks and a '+', and saturates on overflow */
    const int digit = (value[0] >= '0' && value[0] <= '9') ||
                      (value[0] == '-' && value[1] >= '0' && value[1] <= '9');
    char *end = NULL;
    errno = 0;
    const long v = digit ? strtol(value, &end, 10) : 0;
    if (!digit || *end || errno || v < min || v > max)
        shoal_fatal("shmem_init", "%s=%s is not %s from %ld to %ld%s%s%s", name, value, what, min,
                    max, or_words ? " (or " : "", or_words ? or_words : "", or_words ? ")" : "");
    return v;
}

long shoal_env_long(const char *name, long min, long max, const char *what, long fallback)
{
    const char *v = getenv(name);
    return v && *v ? shoal_env_long_of(name, v, min, max, what, NULL) : fallback;
}
