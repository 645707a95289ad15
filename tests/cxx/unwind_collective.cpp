// Every PE throws (the same way) while symmetric buffers are alive, and every PE catches:
// the unwinding agreement finds every PE unwinding, so the buffers are freed collectively and
// the program goes on. Also: heap exhaustion (thrown on every PE) unwinding through a live
// buffer, and a Runtime guard with a thread level whose scope an exception leaves. Exits 0 and
// prints "unwind_collective: OK" only when every check holds.
#include <shmemx.h>
#include <shoal/shoal.hpp>

#include <cstdio>
#include <new>
#include <stdexcept>

namespace {
int failures = 0;
int me = -1; // kept for messages after finalize
void check(bool ok, const char *what)
{
    if (!ok) {
        std::fprintf(stderr, "PE %d: FAILED: %s\n", me, what);
        ++failures;
    }
}
} // namespace

int main()
{
    bool caught_outside = false;
    try {
        shoal::Runtime runtime(shoal::ThreadLevel::serialized);
        me = runtime.my_pe();
        check(runtime.thread_level() >= shoal::ThreadLevel::single, "thread level");
        const std::size_t heap = shmemx_heap_free();

        // 1. A collective exception (every PE throws) unwinds through two buffers.
        for (int round = 0; round < 3; ++round) {
            try {
                shoal::SymmetricBuffer<double> a(100);
                shoal::SymmetricBuffer<int> b(7, 1);
                throw std::runtime_error("everyone");
            } catch (const std::runtime_error &) {
            }
        }
        check(shmemx_heap_free() == heap, "buffers freed after a collective exception");

        // 2. Heap exhaustion throws on every PE, unwinding through a live buffer.
        bool exhausted = false;
        try {
            shoal::SymmetricBuffer<long> live(10);
            shoal::SymmetricBuffer<char> huge(shmemx_heap_free() + 1);
        } catch (const std::bad_alloc &) {
            exhausted = true;
        }
        check(exhausted, "heap exhaustion throws bad_alloc");
        check(shmemx_heap_free() == heap, "heap intact after exhaustion");

        // 3. The buffers still work afterwards.
        shoal::SymmetricBuffer<long> x(1, static_cast<long>(shmem_my_pe()));
        shoal::SymmetricBuffer<long> y(1);
        shoal::reduce(shoal::world(), y.local(), x.local(), shoal::sum);
        const long n = shmem_n_pes();
        check(y[0] == n * (n - 1) / 2, "a reduction after the exceptions");

        // 4. An exception leaves the Runtime's scope on every PE: finalize still runs once.
        throw std::logic_error("leave the runtime scope");
    } catch (const std::logic_error &) {
        caught_outside = true;
    }
    check(caught_outside, "exception reached main");
    check(!shoal::Runtime::alive(), "the runtime finalized");
    if (failures == 0)
        std::printf("unwind_collective: OK\n");
    return failures == 0 ? 0 : 1;
}
