/* Status codes of the runtime's internal interfaces (transports, device library): 0 is
 * success, negative values name what failed; shoal_status_string() gives the words. */
#ifndef SHOAL_CORE_STATUS_H
#define SHOAL_CORE_STATUS_H

enum shoal_status {
    SHOAL_OK = 0,
    SHOAL_ERR_UNSUPPORTED = -1, /* this transport or memory cannot do that */
    SHOAL_ERR_NO_MEMORY = -2,
    SHOAL_ERR_TRANSPORT = -3,   /* the layer below failed (MPI, CUDA): see its message */
    SHOAL_ERR_PEER_GONE = -4,   /* the peer's process or node is gone */
    SHOAL_ERR_NOT_ATTACHED = -5 /* the segment is not reachable through this transport */
};

const char *shoal_status_string(int status);

#endif
