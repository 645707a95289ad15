/* The runtime's side of the device API: the context kernels receive (device_host/context.h).
 * On a CPU-only run the context describes the host heap, so the device algorithms' host
 * emulation runs over real PEs' memory. */
#ifndef SHOAL_DEVICE_DEVICE_H
#define SHOAL_DEVICE_DEVICE_H

/* At shmem_init, after the teams: reserve the device barrier area (symmetric). */
void shoal_device_init(void);
void shoal_device_fini(void);

#endif
