// Launch geometry, single source: how many blocks and threads a kernel gets, which part of the
// work each block takes, and the shape of a warp. The CUDA plugin's launches, the host
// emulation and the kernel bodies all call these functions, so a slicing or warp-size error
// shows in the emulation exactly as it would on a GPU.
#ifndef SHOAL_DEVICE_GEOMETRY_H
#define SHOAL_DEVICE_GEOMETRY_H

#include <shoal/device/config.h>

namespace shoal::device {

/** A 3-D launch extent (CUDA's dim3), or an index within one. */
struct extent {
    unsigned x = 1, y = 1, z = 1;
    SHOAL_HD constexpr unsigned count() const { return x * y * z; }
    /** Linear number of index i in this extent, x fastest (CUDA's thread and block order). */
    SHOAL_HD constexpr unsigned linear(extent i) const { return i.x + x * (i.y + y * i.z); }
    /** The index whose linear number is n (the inverse of linear). */
    SHOAL_HD constexpr extent at(unsigned n) const { return {n % x, n / x % y, n / (x * y)}; }
};

namespace geometry {

/** Threads of a full warp: a warp is 32 consecutive linear thread numbers of one block. */
inline constexpr int warp_lanes = 32;

/** Lanes of the warp holding linear thread tid of a block of `threads`: 32, or fewer for a
 *  last warp that the block does not fill (a block of 16 or 33 threads). */
SHOAL_HD constexpr int warp_width(int threads, int tid)
{
    const int base = tid / warp_lanes * warp_lanes;
    return threads - base < warp_lanes ? threads - base : warp_lanes;
}

/** The __syncwarp mask of a warp of `width` lanes (only lanes that exist). */
SHOAL_HD constexpr unsigned warp_mask(int width)
{
    return width >= warp_lanes ? 0xffffffffu : (1u << width) - 1u;
}

/** Items [begin, end) of one part. */
struct range {
    std::size_t begin, end;
    SHOAL_HD constexpr std::size_t size() const { return end - begin; }
};

/** Part b of n items cut into `parts` parts of a whole number of `align` items each (the last
 *  takes what is left; parts past the end are empty). Every item is in exactly one part. */
SHOAL_HD constexpr range slice(std::size_t n, unsigned parts, unsigned b, std::size_t align = 1)
{
    std::size_t per = (n + parts - 1) / parts;
    per = (per + align - 1) / align * align;
    const std::size_t begin = per * b < n ? per * b : n;
    return {begin, n - begin < per ? n : begin + per};
}

/** One launch: the grid and the block. */
struct plan {
    extent grid, block;
};

/** Copies on a stream (put, get, iput, iget): a block per 64 KiB, at most 32, of 256 threads. */
inline constexpr unsigned rma_threads = 256;
inline constexpr unsigned rma_max_blocks = 32;
inline constexpr std::size_t rma_block_bytes = std::size_t(64) << 10;
/** Bytes each block's slice of a copy is a multiple of: slices stay as aligned as the whole. */
inline constexpr std::size_t rma_align = 16;

/** Collectives on a stream: a block per 16 KiB per member, at most SHOAL_DEVICE_STREAM_BLOCKS
 *  (each block syncs with its counterpart on every member over counters of its own). A block
 *  moves 4 KiB a round (256 threads, 4 loads each in flight): more per block is rounds of
 *  latency one after the other. */
inline constexpr unsigned coll_threads = 256;
inline constexpr std::size_t coll_block_bytes = std::size_t(16) << 10;

/** A large reduction on a stream as one kernel without syncs inside, between two sync kernels
 *  (stream_kernels.h's push_body): a block per 8 KiB of this member's part, at most 1024 (as
 *  many as an H100 or H200 holds at once), so that the whole GPU pulls. From push_min_bytes
 *  per member when there are several members: a sync kernel costs 5-20 us between processes
 *  sharing a GPU (an H200, 2 and 4 PEs, at 1 MiB: the push path 20 and 42 us, the one kernel
 *  26 and 63; at 512 KiB the one kernel 21 and 44); at any size for a team of one, which needs
 *  no sync and copies in this shape. */
inline constexpr unsigned push_threads = 256;
inline constexpr unsigned push_max_blocks = 1024;
inline constexpr std::size_t push_block_bytes = std::size_t(8) << 10;
inline constexpr std::size_t push_min_bytes = std::size_t(1) << 20;

SHOAL_HD constexpr unsigned blocks_for(std::size_t bytes, std::size_t per_block, unsigned most)
{
    const std::size_t b = (bytes + per_block - 1) / per_block;
    return b < 1 ? 1u : b > most ? most : static_cast<unsigned>(b);
}

SHOAL_HD constexpr plan rma(std::size_t bytes)
{
    return {{blocks_for(bytes, rma_block_bytes, rma_max_blocks), 1, 1}, {rma_threads, 1, 1}};
}

SHOAL_HD constexpr plan collective(std::size_t bytes_per_member)
{
    return {{blocks_for(bytes_per_member, coll_block_bytes, SHOAL_DEVICE_STREAM_BLOCKS), 1, 1}, {coll_threads, 1, 1}};
}

SHOAL_HD constexpr plan push(std::size_t part_bytes)
{
    return {{blocks_for(part_bytes, push_block_bytes, push_max_blocks), 1, 1}, {push_threads, 1, 1}};
}

SHOAL_HD constexpr plan one_block() { return {{1, 1, 1}, {coll_threads, 1, 1}}; }
SHOAL_HD constexpr plan one_thread() { return {{1, 1, 1}, {1, 1, 1}}; }

} // namespace geometry
} // namespace shoal::device

#endif
