// Host emulation of a kernel launch: `launch(n, f)` runs f on n host threads that form one
// block (warps of 32), so warp and block algorithms run unchanged on the CPU. Host only,
// and C++17: nvcc's host pass sees it in every CUDA user's translation unit.
#ifndef SHOAL_DEVICE_EMULATE_H
#define SHOAL_DEVICE_EMULATE_H

#include <algorithm>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace shoal::device::emulate {

inline constexpr int warp_size = 32;

/** A reusable barrier of n threads (std::barrier is C++20). */
class barrier {
  public:
    explicit barrier(int n) : n_(n) {}
    void arrive_and_wait()
    {
        std::unique_lock<std::mutex> lock(m_);
        const unsigned long gen = gen_;
        if (++arrived_ == n_) {
            arrived_ = 0;
            gen_++;
            cv_.notify_all();
            return;
        }
        cv_.wait(lock, [&] { return gen_ != gen; });
    }

  private:
    std::mutex m_;
    std::condition_variable cv_;
    int n_;
    int arrived_ = 0;
    unsigned long gen_ = 0;
};

/** One emulated block: its size and the barriers behind block and warp sync. */
struct group {
    explicit group(int n) : size(n), block(n)
    {
        for (int w = 0; w * warp_size < n; w++)
            warps.push_back(std::make_unique<barrier>(std::min(warp_size, n - w * warp_size)));
    }
    int size;
    barrier block;
    std::vector<std::unique_ptr<barrier>> warps;
};

/** Who the calling host thread is in its emulated block (rank 0 of 1 outside a launch). */
struct lane {
    int rank = 0;
    group *g = nullptr;
};
inline thread_local lane self;

inline int block_rank() { return self.rank; }
inline int block_size() { return self.g ? self.g->size : 1; }
inline int warp_rank() { return self.rank % warp_size; }
inline int warp_size_here()
{
    return self.g ? std::min(warp_size, self.g->size - self.rank / warp_size * warp_size) : 1;
}
inline void block_sync()
{
    if (self.g) self.g->block.arrive_and_wait();
}
inline void warp_sync()
{
    if (self.g) self.g->warps[static_cast<std::size_t>(self.rank / warp_size)]->arrive_and_wait();
}

/** Run f() on n threads forming one block; returns when all have finished. */
template <class F> void launch(int n, F &&f)
{
    group g(n);
    std::vector<std::thread> threads;
    threads.reserve(static_cast<std::size_t>(n));
    for (int r = 0; r < n; r++)
        threads.emplace_back([&g, &f, r] {
            self = lane{r, &g};
            f();
            self = lane{};
        });
    for (auto &t : threads) t.join();
}

} // namespace shoal::device::emulate

#endif
