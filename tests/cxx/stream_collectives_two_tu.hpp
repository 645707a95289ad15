// What stream_collectives_nvcc.cu (built by nvcc) offers stream_collectives_test.cpp (built by
// the host compiler): the same shoal::StreamCollectives crosses between them.
#pragma once

#include <shoal/shoal.hpp>

#include <cstddef>
#include <span>

namespace two_tu {
std::size_t nvcc_sizeof();
const char *nvcc_type_name();
/// coll.reduce(dest, source, sum), from nvcc's code.
void nvcc_sum(shoal::StreamCollectives &coll, std::span<long> dest, std::span<const long> source);
/// An object made in nvcc's code, on the default stream.
shoal::StreamCollectives nvcc_make(shoal::TeamRef team);
} // namespace two_tu
