/* shoal_env_agree: one allgather of the value at shmem_init. */
#include <stdlib.h>

#include "core/bootstrap_ops.h"
#include "core/env_agree.h"
#include "core/error.h"
#include "core/state.h"

void shoal_env_agree(const char *name, int value)
{
    int *all = malloc((size_t)shoal_g.npes * sizeof *all);
    if (!all) shoal_fatal("shmem_init", "out of memory");
    shoal_g.boot->allgather(&value, all, sizeof value);
    for (int pe = 0; pe < shoal_g.npes; pe++)
        if (all[pe] != value)
            shoal_fatal("shmem_init", "%s is %d here but %d on PE %d: every PE must use the same "
                        "value", name, value, all[pe], pe);
    free(all);
}
