/* Fatal errors: one line "shoal: ROUTINE: PE n: message" on stderr, then every PE stops with
 * a non-zero exit (MPI_Abort under mpirun; the peers are killed under shoalrun). */
#ifndef SHOAL_CORE_ERROR_H
#define SHOAL_CORE_ERROR_H

#include <stdnoreturn.h>

noreturn void shoal_fatal(const char *routine, const char *fmt, ...)
    __attribute__((format(printf, 2, 3), cold));
/* A warning line in the same format; the program goes on. */
void shoal_warn(const char *routine, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Stop every PE with status (shmem_global_exit and the fatal path share it). */
noreturn void shoal_abort_job(int status);

#endif
