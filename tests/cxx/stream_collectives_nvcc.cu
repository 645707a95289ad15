// The nvcc half of stream_collectives_test.cpp (see stream_collectives_two_tu.hpp). Compiled as
// C++20 on purpose: it includes the C++ facade.
#include "stream_collectives_two_tu.hpp"

#include <typeinfo>

namespace two_tu {
std::size_t nvcc_sizeof() { return sizeof(shoal::StreamCollectives); }
const char *nvcc_type_name() { return typeid(shoal::StreamCollectives).name(); }
void nvcc_sum(shoal::StreamCollectives &coll, std::span<long> dest, std::span<const long> source)
{
    coll.reduce(dest, source, shoal::sum);
}
shoal::StreamCollectives nvcc_make(shoal::TeamRef team) { return shoal::StreamCollectives(team, nullptr); }
} // namespace two_tu
