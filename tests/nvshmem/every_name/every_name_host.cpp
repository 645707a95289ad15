// every_name.cu's list built by g++ as host code, without the device headers: the routines
// NVSHMEM offers on the host (its H and HD rows) must exist there too.
#define EVERY_NAME_HOST_SIDE 1
#include "every_name.cu"
