// A device buffer where CUDA cannot be used stops every PE with the runtime's one line
// (tests/cxx/meson.build runs it with the CUDA plugin out of reach). Only PE 0 asks, so the
// line always names PE 0; it fails before the collective part, the others wait to be stopped.
#include <shoal/shoal.hpp>

int main()
{
    shoal::Runtime rt;
    if (shoal::world().my_pe() == 0) {
        shoal::SymmetricBuffer<float> x(1024, shoal::on_device);
        return x.placement() == shoal::Placement::device ? 0 : 1;
    }
    shoal::barrier(shoal::world());
    return 0;
}
