// All-reduce and broadcast with the C++ facade: on the world team, on a team of the even PEs
// (split_strided; the odd PEs get no team), and on an active set with pooled pSync arrays.
// Every result is checked against a closed form; prints the results and exits non-zero when
// one is wrong.
//
//   shoalrun -n 4 ./allreduce
#include <shoal/shoal.hpp>

#include <cstdio>
#include <numeric>
#include <vector>

int main()
{
    shoal::Runtime runtime;
    const int me = runtime.my_pe(), n = runtime.n_pes();
    int wrong = 0;
    auto expect = [&](bool ok, const char *what) {
        if (!ok) {
            std::fprintf(stderr, "allreduce: PE %d: wrong %s\n", me, what);
            ++wrong;
        }
    };

    // 1. World: sum and max of 1000 doubles; PE p contributes (p + 1) * i.
    constexpr std::size_t len = 1000;
    shoal::SymmetricBuffer<double> x(len), sum(len), max(len);
    for (std::size_t i = 0; i < len; ++i)
        x[i] = (me + 1) * static_cast<double>(i);
    shoal::reduce(shoal::world(), sum.local(), x.local(), shoal::sum);
    shoal::reduce(shoal::world(), max.local(), x.local(), shoal::max);
    const double factor = n * (n + 1) / 2.0;
    bool ok = true;
    for (std::size_t i = 0; i < len; ++i)
        ok = ok && sum[i] == factor * static_cast<double>(i) && max[i] == n * static_cast<double>(i);
    expect(ok, "world sum / max");

    // 2. Broadcast a parameter block from the last PE.
    struct Params {
        int iterations;
        double tolerance;
    };
    shoal::SymmetricBuffer<Params> params(1);
    if (me == n - 1)
        params[0] = Params{42, 1e-6};
    shoal::SymmetricBuffer<Params> got(1);
    shoal::broadcast(shoal::world(), got.local(), params.local(), n - 1);
    expect(got[0].iterations == 42 && got[0].tolerance == 1e-6, "broadcast");

    // 3. The even PEs only: an in-place bitwise-or of one bit per member.
    shoal::SymmetricBuffer<unsigned long> bits(1, 1ul << me);
    if (auto evens = shoal::world().split_strided(0, 2, (n + 1) / 2)) {
        shoal::reduce(*evens, bits.local(), shoal::bit_or);
        unsigned long expected = 0;
        for (int pe : evens->members())
            expected |= 1ul << pe;
        expect(bits[0] == expected, "even-team bit_or");
    }

    // 4. Active set of every PE: a thousand all-reduces in a row, pSync recycled for us.
    shoal::ActiveSetCollectives all(shoal::ActiveSet::world());
    shoal::SymmetricBuffer<long> v(1), r(1);
    long last = 0;
    for (int k = 0; k < 1000; ++k) {
        v[0] = me + k;
        all.reduce(r.local(), v.local(), shoal::sum);
        ok = r[0] == static_cast<long>(n) * k + static_cast<long>(n) * (n - 1) / 2;
        if (!ok) {
            expect(false, "active-set sum");
            break;
        }
        last = r[0];
    }

    // Every PE's verdict, summed.
    shoal::SymmetricBuffer<int> mine(1, wrong), total(1);
    shoal::reduce(shoal::world(), total.local(), mine.local(), shoal::sum);
    if (me == 0)
        std::printf("allreduce: %d PEs: sum[999] = %.0f, max[999] = %.0f, broadcast %d/%g, "
                    "1000 active-set sums (last %ld, %llu pSync recycles): %s\n",
                    n, sum[999], max[999], got[0].iterations, got[0].tolerance, last,
                    static_cast<unsigned long long>(all.pool().recycles()),
                    total[0] == 0 ? "OK" : "WRONG");
    return total[0] == 0 ? 0 : 1;
}
