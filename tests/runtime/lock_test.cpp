// Distributed locks: shmem_set_lock/shmem_clear_lock protect a non-atomic read-modify-write
// (get + put) of a counter on PE 0 from every PE (no lost update means mutual exclusion
// held, and clear_lock completed the put before the next holder read); shmem_test_lock
// reports a held lock and can be used to spin; locks on the heap and on a global variable.
#include "runtime_test_util.hpp"

#include <sched.h>

using namespace shoal_test;

namespace {

long g_lock;      // symmetric, zero-initialised as the spec requires
long g_lock2;
int g_counter;

/** K critical sections per PE on counter (on PE 0) under lock. */
void increment_under_lock(long *lock, int *counter, int K, bool use_test_lock)
{
    for (int i = 0; i < K; ++i) {
        if (use_test_lock) {
            while (shmem_test_lock(lock) != 0) sched_yield();
        } else {
            shmem_set_lock(lock);
        }
        const int v = shmem_int_g(counter, 0);
        if ((i & 7) == 0) sched_yield(); // widen the window a lost update would need
        shmem_int_p(counter, v + 1, 0);
        shmem_clear_lock(lock);
    }
}

TEST(Lock, SetClearOnHeapLockNoLostUpdate)
{
    constexpr int K = 300;
    SymArray<long> lock(1);
    SymArray<int> counter(1);
    lock[0] = 0;
    counter[0] = 0;
    shmem_barrier_all();
    increment_under_lock(lock.get(), counter.get(), K, false);
    shmem_barrier_all();
    if (me() == 0) {
        EXPECT_EQ(counter[0], npes() * K);
    }
    EXPECT_EQ(shmem_int_g(counter.get(), 0), npes() * K);
    shmem_barrier_all();
}

TEST(Lock, SetClearOnGlobalLockNoLostUpdate)
{
    constexpr int K = 150;
    g_counter = 0;
    shmem_barrier_all();
    increment_under_lock(&g_lock, &g_counter, K, false);
    shmem_barrier_all();
    if (me() == 0) {
        EXPECT_EQ(g_counter, npes() * K);
    }
    shmem_barrier_all();
}

TEST(Lock, TestLockSpinNoLostUpdate)
{
    constexpr int K = 100;
    SymArray<int> counter(1);
    counter[0] = 0;
    shmem_barrier_all();
    increment_under_lock(&g_lock2, counter.get(), K, true);
    shmem_barrier_all();
    if (me() == 0) {
        EXPECT_EQ(counter[0], npes() * K);
    }
    shmem_barrier_all();
}

TEST(Lock, TestLockReportsHeldLock)
{
    SymArray<long> lock(1);
    lock[0] = 0;
    shmem_barrier_all();
    if (me() == 0) {
        EXPECT_EQ(shmem_test_lock(lock.get()), 0) << "free lock not acquired";
    }
    shmem_barrier_all();
    if (me() != 0) {
        EXPECT_EQ(shmem_test_lock(lock.get()), 1) << "held lock reported free";
    }
    shmem_barrier_all();
    if (me() == 0) shmem_clear_lock(lock.get());
    shmem_barrier_all();
    // Free again: the last PE takes it with test_lock, everybody else then sees it held.
    const int last = npes() - 1;
    if (me() == last) {
        EXPECT_EQ(shmem_test_lock(lock.get()), 0);
    }
    shmem_barrier_all();
    if (me() != last) {
        EXPECT_EQ(shmem_test_lock(lock.get()), 1);
    }
    shmem_barrier_all();
    if (me() == last) shmem_clear_lock(lock.get());
    shmem_barrier_all();
    // And set_lock works after test_lock use.
    shmem_set_lock(lock.get());
    shmem_clear_lock(lock.get());
    shmem_barrier_all();
}

TEST(Lock, TwoIndependentLocks)
{
    // Holding one lock does not block the other.
    SymArray<long> locks(2);
    locks[0] = 0;
    locks[1] = 0;
    shmem_barrier_all();
    if (me() == 0) shmem_set_lock(locks.get());
    shmem_barrier_all();
    if (me() == npes() - 1) {
        EXPECT_EQ(shmem_test_lock(locks.get() + 1), 0) << "second lock blocked by the first";
        shmem_clear_lock(locks.get() + 1);
    }
    shmem_barrier_all();
    if (me() == 0) shmem_clear_lock(locks.get());
    shmem_barrier_all();
}

} // namespace
