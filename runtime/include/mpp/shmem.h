/* <mpp/shmem.h>: the include line of SGI SHMEM programs and of the OpenSHMEM man pages (the
 * specification keeps the mpp directory for backwards compatibility). The same as <shmem.h>. */
#ifndef SHOAL_MPP_SHMEM_H
#define SHOAL_MPP_SHMEM_H
#include <shmem.h>
#endif
