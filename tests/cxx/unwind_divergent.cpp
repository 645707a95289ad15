// Only PE 0 throws while a SymmetricBuffer is alive; the others go on to a barrier. PE 0's
// buffer destructor must not wait in the collective free (the others never reach it): it
// stops every PE with a message naming the destructor. Registered with expect_fail.sh on 2
// and 4 PEs (SHOAL_UNWIND_TIMEOUT=1); must fail, never hang.
#include <shoal/shoal.hpp>

#include <cstdio>
#include <stdexcept>

int main()
{
    shoal::Runtime runtime;
    try {
        shoal::SymmetricBuffer<int> buffer(16);
        if (runtime.my_pe() == 0)
            throw std::runtime_error("only PE 0 fails");
        shoal::barrier(shoal::world()); // PE 0 never arrives
    } catch (const std::exception &e) {
        std::printf("PE %d caught: %s\n", runtime.my_pe(), e.what());
    }
    std::printf("PE %d: should not get here\n", runtime.my_pe());
    return 0;
}
