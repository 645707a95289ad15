// C++ through shoal::cxx (C++20 comes with the target): a sum over the world team.
#include <shoal/shoal.hpp>

#include <cstdio>

int main()
{
    shoal::Runtime runtime;
    const int me = runtime.my_pe(), n = runtime.n_pes();
    shoal::SymmetricBuffer<long> x(1, me + 1), sum(1);
    shoal::reduce(shoal::world(), sum.local(), x.local(), shoal::sum);
    const bool ok = sum[0] == static_cast<long>(n) * (n + 1) / 2;
    std::printf("hello_cxx: PE %d of %d: %s\n", me, n, ok ? "ok" : "WRONG");
    return ok ? 0 : 1;
}
