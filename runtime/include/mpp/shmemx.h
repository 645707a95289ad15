/* <mpp/shmemx.h>: the mpp directory's name for <shmemx.h> (Shoal's extensions). */
#ifndef SHOAL_MPP_SHMEMX_H
#define SHOAL_MPP_SHMEMX_H
#include <shmemx.h>
#endif
