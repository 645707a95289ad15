// Remote views: a symmetric address plus the PE it names (UPC++'s global_ptr idea). They are
// small values; RMA and atomics are free functions on them, so the remote side is visible at
// every call site:  shoal::put(buffer.on(peer), local_values);  shoal::atomic_inc(counter.at(0, peer));
//
// The address stored is this PE's address of the symmetric object (what the C API takes);
// the view never dereferences it for the remote PE.
#ifndef SHOAL_CXX_REMOTE_HPP
#define SHOAL_CXX_REMOTE_HPP

#include <shoal/error.hpp>

#include <cstddef>
#include <span>
#include <type_traits>

namespace shoal {

namespace detail {
template <class T>
inline constexpr bool symmetric_element_ok = std::is_trivially_copyable_v<T>;
#define SHOAL_DETAIL_REQUIRE_TRIVIAL(T, WHERE)                                                 \
    static_assert(::shoal::detail::symmetric_element_ok<T>,                                    \
                  WHERE ": T must be trivially copyable (symmetric memory is copied byte-wise " \
                        "between PEs)")
} // namespace detail

/// One element of symmetric memory on PE pe().
template <class T>
class RemotePtr {
    SHOAL_DETAIL_REQUIRE_TRIVIAL(T, "shoal::RemotePtr<T>");

  public:
    constexpr RemotePtr() noexcept = default;
    /// symmetric_address: this PE's address of a symmetric object (heap, global or static).
    constexpr RemotePtr(T *symmetric_address, int pe) noexcept : addr_(symmetric_address), pe_(pe) {}

    [[nodiscard]] constexpr T *address() const noexcept { return addr_; }
    [[nodiscard]] constexpr int pe() const noexcept { return pe_; }
    [[nodiscard]] constexpr RemotePtr operator+(std::ptrdiff_t n) const noexcept { return {addr_ + n, pe_}; }
    friend constexpr bool operator==(RemotePtr, RemotePtr) noexcept = default;

  private:
    T *addr_ = nullptr;
    int pe_ = -1;
};

/// A contiguous run of symmetric elements on PE pe().
template <class T>
class RemoteSpan {
    SHOAL_DETAIL_REQUIRE_TRIVIAL(T, "shoal::RemoteSpan<T>");

  public:
    constexpr RemoteSpan() noexcept = default;
    constexpr RemoteSpan(T *symmetric_address, std::size_t size, int pe) noexcept
        : addr_(symmetric_address), size_(size), pe_(pe)
    {}
    template <std::size_t E>
    constexpr RemoteSpan(std::span<T, E> symmetric, int pe) noexcept
        : RemoteSpan(symmetric.data(), symmetric.size(), pe)
    {}
    /// A symmetric array (a global or static).
    template <std::size_t N>
    constexpr RemoteSpan(T (&symmetric)[N], int pe) noexcept : RemoteSpan(symmetric, N, pe)
    {}

    [[nodiscard]] constexpr T *address() const noexcept { return addr_; }
    [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }
    [[nodiscard]] constexpr bool empty() const noexcept { return size_ == 0; }
    [[nodiscard]] constexpr int pe() const noexcept { return pe_; }
    /// The same elements on another PE.
    [[nodiscard]] constexpr RemoteSpan on(int pe) const noexcept { return {addr_, size_, pe}; }

    [[nodiscard]] RemotePtr<T> operator[](std::size_t i) const noexcept
    {
        if (i >= size_) [[unlikely]]
            detail::fatal("shoal::RemoteSpan::operator[]", "index out of range");
        return {addr_ + i, pe_};
    }
    [[nodiscard]] RemoteSpan subspan(std::size_t offset, std::size_t count) const noexcept
    {
        if (offset > size_ || count > size_ - offset) [[unlikely]]
            detail::fatal("shoal::RemoteSpan::subspan", "range out of bounds");
        return {addr_ + offset, count, pe_};
    }
    [[nodiscard]] RemoteSpan subspan(std::size_t offset) const noexcept
    {
        return subspan(offset, offset <= size_ ? size_ - offset : 1);
    }
    [[nodiscard]] RemoteSpan first(std::size_t count) const noexcept { return subspan(0, count); }
    [[nodiscard]] RemoteSpan last(std::size_t count) const noexcept
    {
        return subspan(count <= size_ ? size_ - count : 1, count);
    }

  private:
    T *addr_ = nullptr;
    std::size_t size_ = 0;
    int pe_ = -1;
};

template <class T, std::size_t E>
RemoteSpan(std::span<T, E>, int) -> RemoteSpan<T>;
template <class T, std::size_t N>
RemoteSpan(T (&)[N], int) -> RemoteSpan<T>;

/// A symmetric object (a global, a static, an element of symmetric memory) on pe. For a run
/// of elements, RemoteSpan(symmetric_span_or_array, pe).
template <class T>
    requires(!std::is_array_v<T>)
[[nodiscard]] constexpr RemotePtr<T> remote(T &symmetric_object, int pe) noexcept
{
    return {&symmetric_object, pe};
}

} // namespace shoal

#endif
