// shoal::SymmetricBuffer<T>: a move-only owner of symmetric heap memory.
//
//     shoal::SymmetricBuffer<double> halo(2 * n);          // collective, zero-filled
//     std::span<double> mine = halo.local();               // this PE's elements
//     shoal::put(halo.on(right).first(n), mine.last(n));   // a remote view
//
// Allocation and release are collective over the world (shmem_calloc / shmem_align /
// shmem_free): every PE constructs and destroys its buffers in the same order. Exhaustion of
// the heap throws shoal::HeapExhausted (a std::bad_alloc) on every PE. Release runs from the
// destructor; when it runs because an exception unwinds this PE, the Runtime's unwinding
// agreement (runtime.hpp) either confirms that every PE unwinds or stops every PE.
//
//     shoal::SymmetricBuffer<float> x(n, shoal::on_device);  // on the device heap (GPU)
//
// A device buffer's local() and data() are GPU addresses: pass them to kernels (with a
// shoal::device::Context, <shoal/device.hpp>) or to the RMA calls, not to host loads.
#ifndef SHOAL_CXX_BUFFER_HPP
#define SHOAL_CXX_BUFFER_HPP

#include <shmem.h>
#include <shmemx.h>
#include <shoal/error.hpp>
#include <shoal/handle.hpp>
#include <shoal/remote.hpp>
#include <shoal/runtime.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <memory>
#include <span>
#include <type_traits>

namespace shoal {

/// Tag: allocate without initialising the elements (no synchronisation beyond the allocation).
struct NoInit {
    explicit NoInit() = default;
};
inline constexpr NoInit no_init{};

/// Tag: allocate on the device (GPU) heap (shmemx_device_calloc / shmemx_device_align).
struct OnDevice {
    explicit OnDevice() = default;
};
inline constexpr OnDevice on_device{};

/// Where a buffer's memory lives.
enum class Placement { host, device };

/// Alignment of a symmetric block in bytes (a power of two, at least alignof(T)). A distinct
/// type, so that SymmetricBuffer<int>(n, 64) can only mean "n copies of 64".
struct Alignment {
    std::size_t bytes;
};

template <class T>
class SymmetricBuffer {
    static_assert(std::is_trivially_copyable_v<T>,
                  "shoal::SymmetricBuffer<T>: T must be trivially copyable (symmetric memory is "
                  "copied byte-wise between PEs)");
    static_assert(!std::is_const_v<T> && !std::is_volatile_v<T>,
                  "shoal::SymmetricBuffer<T>: T must not be const or volatile");

    struct Block {
        T *data;
        std::size_t size;
        std::size_t alignment;
        int exceptions_at_alloc;
        Placement placement;
    };
    struct Policy {
        using value_type = Block;
        static constexpr Block null() noexcept { return {nullptr, 0, 0, 0, Placement::host}; }
        static constexpr bool is_null(const Block &b) noexcept { return b.data == nullptr; }
        void operator()(Block b) const noexcept
        {
            detail::collective_free(b.data, b.exceptions_at_alloc, "shoal::SymmetricBuffer::~SymmetricBuffer");
        }
    };

  public:
    using element_type = T;
    using value_type = T;
    using size_type = std::size_t;
    using iterator = typename std::span<T>::iterator;

    /// Empty (owns nothing; not collective).
    SymmetricBuffer() noexcept = default;

    /// Collective: count zero-filled elements.
    explicit SymmetricBuffer(std::size_t count, Alignment alignment = {alignof(T)})
        : handle_(allocate(count, alignment.bytes, Init::zero, nullptr))
    {}
    /// Collective: count elements, each a copy of value.
    SymmetricBuffer(std::size_t count, const T &value, Alignment alignment = {alignof(T)})
        : handle_(allocate(count, alignment.bytes, Init::fill, &value))
    {}
    /// Collective: count elements left uninitialised.
    SymmetricBuffer(std::size_t count, NoInit, Alignment alignment = {alignof(T)})
        : handle_(allocate(count, alignment.bytes, Init::none, nullptr))
    {}

    /// Collective: count zero-filled elements on the device heap.
    SymmetricBuffer(std::size_t count, OnDevice, Alignment alignment = {alignof(T)})
        : handle_(allocate_on_device(count, alignment.bytes, true))
    {}
    /// Collective: count elements on the device heap, left uninitialised.
    SymmetricBuffer(std::size_t count, OnDevice, NoInit, Alignment alignment = {alignof(T)})
        : handle_(allocate_on_device(count, alignment.bytes, false))
    {}

    SymmetricBuffer(const SymmetricBuffer &) = delete;
    SymmetricBuffer &operator=(const SymmetricBuffer &) = delete;
    SymmetricBuffer(SymmetricBuffer &&) noexcept = default;
    /// Collective when this buffer owned memory (it is freed first).
    SymmetricBuffer &operator=(SymmetricBuffer &&) noexcept = default;
    /// Collective when the buffer owns memory.
    ~SymmetricBuffer() = default;

    [[nodiscard]] std::size_t size() const noexcept { return handle_.get().size; }
    [[nodiscard]] std::size_t size_bytes() const noexcept { return size() * sizeof(T); }
    [[nodiscard]] bool empty() const noexcept { return size() == 0; }
    [[nodiscard]] std::size_t alignment() const noexcept { return handle_.get().alignment; }
    /// Host or device heap (an empty buffer says host).
    [[nodiscard]] Placement placement() const noexcept { return handle_.get().placement; }
    /// This PE's address of the block (the symmetric address the C API takes).
    [[nodiscard]] T *data() const noexcept { return handle_.get().data; }

    /// This PE's elements.
    [[nodiscard]] std::span<T> local() const noexcept { return {data(), size()}; }
    [[nodiscard]] T &operator[](std::size_t i) const noexcept { return data()[i]; }
    [[nodiscard]] iterator begin() const noexcept { return local().begin(); }
    [[nodiscard]] iterator end() const noexcept { return local().end(); }

    /// The same elements on PE pe.
    [[nodiscard]] RemoteSpan<T> on(int pe) const noexcept { return {data(), size(), pe}; }
    /// Element i on PE pe.
    [[nodiscard]] RemotePtr<T> at(std::size_t i, int pe) const noexcept
    {
        if (i >= size()) [[unlikely]]
            detail::fatal("shoal::SymmetricBuffer::at", "index out of range");
        return {data() + i, pe};
    }

    /// Collective: free now (as the destructor would); the buffer becomes empty.
    void reset() noexcept { handle_.reset(); }

  private:
    enum class Init { none, zero, fill };

    static void check_alignment(std::size_t alignment)
    {
        if (alignment < alignof(T) || (alignment & (alignment - 1)) != 0)
            throw Error(errc::invalid_argument, "shoal::SymmetricBuffer: alignment");
    }

    static Block allocate_on_device(std::size_t count, std::size_t alignment, bool zero)
    {
        if (count == 0)
            return Policy::null();
        check_alignment(alignment);
        // Zeroing is shmemx_device_calloc's (no CUDA in this header), which has no alignment.
        if (zero && alignment > alignof(std::max_align_t))
            throw Error(errc::invalid_argument, "shoal::SymmetricBuffer: zero-filled device memory "
                                                "with an alignment above alignof(max_align_t); use no_init");
        if (count > SIZE_MAX / sizeof(T))
            throw HeapExhausted(SIZE_MAX, shmemx_device_heap_free());
        const std::size_t bytes = count * sizeof(T);
        const int exceptions = std::uncaught_exceptions();
        // Collective and identical on every PE, so a NULL is every PE's answer.
        void *p = alignment <= alignof(std::max_align_t)
                      ? (zero ? shmemx_device_calloc(count, sizeof(T)) : shmemx_device_malloc(bytes))
                      : shmemx_device_align(alignment, bytes);
        if (p == nullptr)
            throw HeapExhausted(bytes, shmemx_device_heap_free());
        return {static_cast<T *>(p), count, alignment, exceptions, Placement::device};
    }

    static Block allocate(std::size_t count, std::size_t alignment, Init init, const T *value)
    {
        if (count == 0)
            return Policy::null();
        check_alignment(alignment);
        if (count > SIZE_MAX / sizeof(T))
            throw HeapExhausted(SIZE_MAX, shmemx_heap_free());
        const std::size_t bytes = count * sizeof(T);
        // The heap is identical on every PE, so this test has the same outcome everywhere.
        const std::size_t available = shmemx_heap_free();
        if (bytes > available)
            throw HeapExhausted(bytes, available);
        const int exceptions = std::uncaught_exceptions();
        void *p = nullptr;
        const bool small_align = alignment <= alignof(std::max_align_t);
        if (init == Init::zero && small_align)
            p = shmem_calloc(count, sizeof(T)); // zeroed on every PE before it returns
        else if (small_align)
            p = shmem_malloc(bytes);
        else
            p = shmem_align(alignment, bytes);
        if (p == nullptr)
            throw HeapExhausted(bytes, shmemx_heap_free());
        T *data = static_cast<T *>(p);
        if (init == Init::fill || (init == Init::zero && !small_align)) {
            if (init == Init::fill)
                std::uninitialized_fill_n(data, count, *value);
            else
                std::memset(p, 0, bytes);
            // No PE may write into a peer's block before the peer has initialised it.
            shmem_sync_all();
        }
        return {data, count, alignment, exceptions, Placement::host};
    }

    UniqueHandle<Policy> handle_;
};

} // namespace shoal

#endif
