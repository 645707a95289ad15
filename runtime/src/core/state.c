/* The one instance of the runtime's per-process state (core/state.h). */
#include "core/state.h"

struct shoal_state shoal_g;
