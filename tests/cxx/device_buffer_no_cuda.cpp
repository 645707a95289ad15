// A device buffer where CUDA cannot be used stops every PE with the runtime's one line
// (tests/cxx/meson.build runs it with the CUDA plugin out of reach).
#include <shoal/shoal.hpp>

int main()
{
    shoal::Runtime rt;
    shoal::SymmetricBuffer<float> x(1024, shoal::on_device);
    return x.placement() == shoal::Placement::device ? 0 : 1;
}
