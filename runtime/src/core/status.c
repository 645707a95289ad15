/* Words for the internal status codes (core/status.h). */
#include "core/status.h"

const char *shoal_status_string(int status)
{
    switch (status) {
    case SHOAL_OK: return "success";
    case SHOAL_ERR_UNSUPPORTED: return "not supported by this transport or memory";
    case SHOAL_ERR_NO_MEMORY: return "out of memory";
    case SHOAL_ERR_TRANSPORT: return "the layer below failed (see its message above)";
    case SHOAL_ERR_PEER_GONE: return "the peer is gone";
    case SHOAL_ERR_NOT_ATTACHED: return "the memory is not reachable through this transport";
    default: return "unknown status";
    }
}
