// Host emulation of kernel launches: host threads stand in for a grid as a GPU runs one. A
// launch has a grid and a block shape (3-D each, as dim3); the threads of a block share its
// block barrier and their warp's barrier, warps being 32 consecutive linear thread numbers
// with a partial last warp (geometry.h's warp_width, the function the GPU code uses too). The
// blocks of a plain launch run a few at a time, in order, as a GPU gives no more: blocks that
// wait for each other need a cooperative launch, where every block runs at once. A block or
// warp sync reached while a thread of that block or warp has returned is undefined on a GPU;
// here it stops the program with one line. Host only, and C++17: nvcc's host pass sees this
// header in every CUDA user's translation unit.
#ifndef SHOAL_DEVICE_EMULATE_H
#define SHOAL_DEVICE_EMULATE_H

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include <shoal/device/geometry.h>

namespace shoal::device::emulate {

inline constexpr int warp_size = geometry::warp_lanes;

/** Stop: the emulated kernel did what a GPU leaves undefined. */
[[noreturn]] inline void misuse(const char *what)
{
    std::fprintf(stderr, "shoal: emulated kernel: %s\n", what);
    std::fflush(stderr);
    std::abort();
}

/** A reusable barrier of n threads (std::barrier is C++20) that knows which of its threads
 *  have returned from the kernel: none of them will ever arrive. */
class barrier {
  public:
    explicit barrier(int n = 0, const char *what = "block") : n_(n), what_(what) {}
    void reset(int n)
    {
        std::lock_guard<std::mutex> lock(m_);
        n_ = n;
        arrived_ = 0;
        left_ = 0;
    }
    void arrive_and_wait()
    {
        std::unique_lock<std::mutex> lock(m_);
        if (left_) stranded();
        const unsigned long gen = gen_;
        if (++arrived_ == n_) {
            arrived_ = 0;
            gen_++;
            cv_.notify_all();
            return;
        }
        cv_.wait(lock, [&] { return gen_ != gen; });
    }
    /** A thread of this barrier returned from the kernel. */
    void leave()
    {
        std::lock_guard<std::mutex> lock(m_);
        ++left_;
        if (arrived_) stranded();
    }

  private:
    [[noreturn]] void stranded()
    {
        char msg[160];
        std::snprintf(msg, sizeof msg, "a %s sync was reached while %d of its %d threads had returned "
                      "(undefined on a GPU: every thread of the %s must reach it)", what_, left_, n_, what_);
        misuse(msg);
    }
    std::mutex m_;
    std::condition_variable cv_;
    int n_;
    const char *what_;
    int arrived_ = 0, left_ = 0;
    unsigned long gen_ = 0;
};

/** The shape of one launch. */
struct grid_info {
    extent grid, block;
    unsigned blocks, threads;
    bool cooperative;
};

/** One block being run: its number and the barriers behind block and warp sync. */
struct block_state {
    explicit block_state(unsigned threads) : block(static_cast<int>(threads), "block")
    {
        for (unsigned w = 0; w * warp_size < threads; w++)
            warps.push_back(std::make_unique<barrier>(
                geometry::warp_width(static_cast<int>(threads), static_cast<int>(w) * warp_size), "warp"));
    }
    void reset(unsigned threads, unsigned index_)
    {
        index = index_;
        block.reset(static_cast<int>(threads));
        for (unsigned w = 0; w < warps.size(); w++)
            warps[w]->reset(geometry::warp_width(static_cast<int>(threads), static_cast<int>(w) * warp_size));
    }
    unsigned index = 0;
    barrier block;
    std::vector<std::unique_ptr<barrier>> warps;
};

/** Who the calling host thread is in an emulated kernel (rank 0 of 1 block of 1 thread outside
 *  a launch; g is null there). */
struct lane {
    int rank = 0;
    block_state *g = nullptr;
    const grid_info *grid = nullptr;
};
inline thread_local lane self;

inline int block_rank() { return self.rank; }
inline int block_size() { return self.grid ? static_cast<int>(self.grid->threads) : 1; }
inline int warp_rank() { return self.rank % warp_size; }
inline int warp_size_here() { return geometry::warp_width(block_size(), self.rank); }
inline void block_sync()
{
    if (self.g) self.g->block.arrive_and_wait();
}
inline void warp_sync()
{
    if (self.g) self.g->warps[static_cast<std::size_t>(self.rank / warp_size)]->arrive_and_wait();
}
inline unsigned grid_rank() { return self.g ? self.g->index : 0; }
inline unsigned grid_size() { return self.grid ? self.grid->blocks : 1; }
inline bool cooperative() { return self.grid && self.grid->cooperative; }
inline extent thread_index() { return self.grid ? self.grid->block.at(static_cast<unsigned>(self.rank)) : extent{0, 0, 0}; }
inline extent block_index() { return self.grid ? self.grid->grid.at(grid_rank()) : extent{0, 0, 0}; }
inline extent block_dim() { return self.grid ? self.grid->block : extent{}; }
inline extent grid_dim() { return self.grid ? self.grid->grid : extent{}; }

/** How a launch runs: cooperative (every block at once, as cudaLaunchCooperativeKernel and
 *  nvshmemx_collective_launch give), else at most `resident` blocks at a time. */
struct launch_options {
    bool cooperative = false;
    unsigned resident = 2;
};

/** Most threads a cooperative launch may have at once here. */
inline constexpr unsigned max_cooperative_threads = 16384;

/** Run f() as a kernel of `grid` blocks of `block` threads; returns when every block is done. */
template <class F> void launch(extent grid, extent block, F &&f, launch_options o = {})
{
    const grid_info info{grid, block, grid.count(), block.count(), o.cooperative};
    if (info.blocks == 0 || info.threads == 0) misuse("a launch of no blocks or no threads");
    if (info.threads > 1024) misuse("a block of more than 1024 threads");
    if (o.cooperative && info.blocks * info.threads > max_cooperative_threads)
        misuse("a cooperative launch of more threads than can run at once");
    const unsigned slots = o.cooperative ? info.blocks : std::min(info.blocks, std::max(1u, o.resident));
    // Each slot is one resident block's threads: they run block after block, taking the next
    // block number in order; the gate separates one block from the next.
    struct slot {
        explicit slot(unsigned threads) : state(threads), gate(static_cast<int>(threads), "slot") {}
        block_state state;
        barrier gate;
        unsigned index = 0;
    };
    std::atomic<unsigned> next{0};
    std::vector<std::unique_ptr<slot>> slot_list;
    for (unsigned s = 0; s < slots; s++) slot_list.push_back(std::make_unique<slot>(info.threads));
    std::vector<std::thread> threads;
    threads.reserve(static_cast<std::size_t>(slots) * info.threads);
    for (unsigned s = 0; s < slots; s++)
        for (unsigned r = 0; r < info.threads; r++)
            threads.emplace_back([&info, &next, &f, sl = slot_list[s].get(), r] {
                for (;;) {
                    if (r == 0) {
                        sl->index = next.fetch_add(1);
                        if (sl->index < info.blocks) sl->state.reset(info.threads, sl->index);
                    }
                    sl->gate.arrive_and_wait();
                    if (sl->index >= info.blocks) break;
                    self = lane{static_cast<int>(r), &sl->state, &info};
                    f();
                    sl->state.block.leave();
                    sl->state.warps[r / warp_size]->leave();
                    self = lane{};
                    sl->gate.arrive_and_wait();
                }
            });
    for (auto &t : threads) t.join();
}

/** Run f() on n threads forming one block. */
template <class F> void launch(int n, F &&f)
{
    if (n < 1) misuse("a launch of no threads");
    launch(extent{1, 1, 1}, extent{static_cast<unsigned>(n), 1, 1}, std::forward<F>(f));
}

/** A cooperative launch: every block runs at once, so they may wait for each other (the device
 *  barriers and collectives of a grid of several blocks need it, as on a GPU). */
template <class F> void launch_cooperative(extent grid, extent block, F &&f)
{
    launch(grid, block, std::forward<F>(f), launch_options{true, 0});
}

/** What the emulated copies moved, by word width (1, 2, 4, 8, 16 bytes): words[i] counts
 *  words of 1 << i bytes. Shows whether a copy ran as wide as its alignment allows. */
struct copy_counts {
    std::atomic<unsigned long long> words[5] = {};
    void reset()
    {
        for (auto &w : words) w.store(0);
    }
};
inline copy_counts copies;

} // namespace shoal::device::emulate

#endif
