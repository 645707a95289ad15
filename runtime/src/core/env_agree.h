/* Settings that size symmetric memory must be the same on every PE (same reservations, same
 * offsets): a collective check at shmem_init. */
#ifndef SHOAL_CORE_ENV_AGREE_H
#define SHOAL_CORE_ENV_AGREE_H

/* Stops the job with one line naming the variable and a PE with another value. */
void shoal_env_agree(const char *name, int value);

#endif
