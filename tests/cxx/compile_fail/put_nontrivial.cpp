// expect-error: must be trivially copyable
// RMA copies bytes between PEs: a std::string would carry a pointer into another PE's heap.
#include <shoal/shoal.hpp>
#include <string>
#include <vector>
#if SHOAL_MISUSE
using T = std::string;
#else
using T = long;
#endif
void f(T *symmetric, std::vector<T> &local)
{
    shoal::put(shoal::RemoteSpan<T>(symmetric, local.size(), 1), std::span<const T>(local));
}
