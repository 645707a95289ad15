// The plugin's loader: a launcher (stream_kernels.h) that loads each kernel instead of
// enqueueing it, so that stream::for_every_kernel loads them all when the plugin starts. The
// includer first defines shoal_plugin::rt (plugin.hpp's header says what it holds).
#ifndef SHOAL_DEVICE_SRC_LOADER_HPP
#define SHOAL_DEVICE_SRC_LOADER_HPP

#include <shoal/device/stream_kernels.h>

namespace shoal_plugin {

/** rc: the first failure. */
struct loader {
    static constexpr int invalid = rt::invalid;
    int rc = 0;
    template <class Body, class... A> int launch(const shoal::device::geometry::plan &, A...)
    {
        const int r = rt::launcher::template preload<Body, A...>();
        if (r && !rc) rc = r;
        return r;
    }
};

} // namespace shoal_plugin

#endif
