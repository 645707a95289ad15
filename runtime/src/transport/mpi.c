/* The MPI-3 RMA transport: not built yet. */
#include "transport/transport.h"

const struct shoal_transport_ops *const shoal_transport_mpi = NULL;
