// 2D heat diffusion (Jacobi) on a grid of PEs made by split_2d, with halo exchange by RMA.
//
// The global NX x NY plate is cut into px x py blocks, one per PE; PE (x, y) owns a block
// with a one-cell halo. Each step puts the block's edge rows to the neighbours above and below
// (contiguous puts) and its edge columns to the left and right (strided iput), then updates
// the interior. Neighbours come from the row team (x_axis) and the column team (y_axis).
// The top edge of the plate is held at 1, the other edges at 0.
//
// Check: every PE also runs the same computation serially over the whole plate and compares
// its block; the largest difference is reduced over the world. Prints the result and exits
// non-zero when it is wrong.
//
//   shoalrun -n 4 ./heat2d [steps]
#include <shoal/shoal.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

namespace {

constexpr int NX = 96, NY = 96; // plate interior
constexpr double ALPHA = 0.2;

/// The serial reference: the whole plate with its fixed edges, after steps updates.
std::vector<double> serial(int steps)
{
    const int W = NX + 2;
    std::vector<double> u(static_cast<std::size_t>(W * (NY + 2)), 0.0), v;
    for (int x = 0; x < W; ++x)
        u[static_cast<std::size_t>(x)] = 1.0; // top edge (row 0)
    v = u;
    for (int s = 0; s < steps; ++s) {
        for (int y = 1; y <= NY; ++y)
            for (int x = 1; x <= NX; ++x) {
                const auto i = static_cast<std::size_t>(y * W + x);
                v[i] = u[i] + ALPHA * (u[i - 1] + u[i + 1] + u[i - W] + u[i + W] - 4 * u[i]);
            }
        std::swap(u, v);
    }
    return u;
}

int largest_divisor_at_most_sqrt(int n)
{
    int best = 1;
    for (int d = 1; d * d <= n; ++d)
        if (n % d == 0)
            best = d;
    return best;
}

} // namespace

int main(int argc, char **argv)
{
    const int steps = argc > 1 ? std::atoi(argv[1]) : 200;
    shoal::Runtime runtime;
    const int me = runtime.my_pe(), npes = runtime.n_pes();
    const int px = largest_divisor_at_most_sqrt(npes), py = npes / px;
    if (NX % px != 0 || NY % py != 0) {
        if (me == 0)
            std::fprintf(stderr, "heat2d: %d PEs do not tile a %dx%d plate\n", npes, NX, NY);
        return 2;
    }

    // The PE grid: x_axis = my row of PEs (index = my x), y_axis = my column (index = my y).
    auto [row, column] = shoal::world().split_2d(px);
    const int gx = row.my_pe(), gy = column.my_pe();
    const int left = gx > 0 ? row.world_pe(gx - 1) : -1;
    const int right = gx + 1 < row.n_pes() ? row.world_pe(gx + 1) : -1;
    const int up = gy > 0 ? column.world_pe(gy - 1) : -1;
    const int down = gy + 1 < column.n_pes() ? column.world_pe(gy + 1) : -1;

    const int nx = NX / px, ny = NY / py, W = nx + 2;
    const auto cells = static_cast<std::size_t>(W * (ny + 2));
    shoal::SymmetricBuffer<double> u(cells), v(cells);
    auto at = [W](int x, int y) { return static_cast<std::size_t>(y * W + x); };
    // The plate's top edge lives in the halo row of the top PEs; it never changes.
    if (gy == 0)
        for (int x = 0; x < W; ++x)
            u[at(x, 0)] = v[at(x, 0)] = 1.0;
    shoal::barrier(shoal::world());

    for (int s = 0; s < steps; ++s) {
        const std::span<double> mine = u.local();
        // Edge rows to the PEs above and below (into their halo rows).
        if (up >= 0)
            shoal::put(u.on(up).subspan(at(1, ny + 1), static_cast<std::size_t>(nx)),
                       mine.subspan(at(1, 1), static_cast<std::size_t>(nx)));
        if (down >= 0)
            shoal::put(u.on(down).subspan(at(1, 0), static_cast<std::size_t>(nx)),
                       mine.subspan(at(1, ny), static_cast<std::size_t>(nx)));
        // Edge columns to the PEs left and right (strided: one element per row).
        const shoal::Strides by_row{.dest = W, .source = W};
        if (left >= 0)
            shoal::iput(u.on(left).subspan(at(nx + 1, 1)), mine.subspan(at(1, 1)), by_row,
                        static_cast<std::size_t>(ny));
        if (right >= 0)
            shoal::iput(u.on(right).subspan(at(0, 1)), mine.subspan(at(nx, 1)), by_row,
                        static_cast<std::size_t>(ny));
        shoal::barrier(shoal::world()); // halos complete everywhere

        for (int y = 1; y <= ny; ++y)
            for (int x = 1; x <= nx; ++x) {
                const std::size_t i = at(x, y);
                v[i] = u[i] + ALPHA * (u[i - 1] + u[i + 1] + u[i - static_cast<std::size_t>(W)] +
                                       u[i + static_cast<std::size_t>(W)] - 4 * u[i]);
            }
        std::swap(u, v);
        shoal::sync(shoal::world()); // nobody writes a halo that is still being read
    }

    // Compare with the serial plate.
    const std::vector<double> ref = serial(steps);
    shoal::SymmetricBuffer<double> err(1), max_err(1), heat(1), total(1);
    for (int y = 1; y <= ny; ++y)
        for (int x = 1; x <= nx; ++x) {
            const int X = gx * nx + x, Y = gy * ny + y;
            const double d = std::fabs(u[at(x, y)] - ref[static_cast<std::size_t>(Y * (NX + 2) + X)]);
            err[0] = std::fmax(err[0], d);
            heat[0] += u[at(x, y)];
        }
    shoal::reduce(shoal::world(), max_err.local(), err.local(), shoal::max);
    shoal::reduce(shoal::world(), total.local(), heat.local(), shoal::sum);
    // Row and column teams agree with the world on the total heat.
    shoal::SymmetricBuffer<double> row_heat(1), col_total(1);
    shoal::reduce(row, row_heat.local(), heat.local(), shoal::sum);
    shoal::reduce(column, col_total.local(), row_heat.local(), shoal::sum);

    double ref_total = 0;
    for (int Y = 1; Y <= NY; ++Y)
        for (int X = 1; X <= NX; ++X)
            ref_total += ref[static_cast<std::size_t>(Y * (NX + 2) + X)];
    const bool ok = max_err[0] < 1e-12 && std::fabs(total[0] - ref_total) < 1e-9 &&
                    std::fabs(col_total[0] - total[0]) < 1e-9;
    if (me == 0)
        std::printf("heat2d: %dx%d plate on a %dx%d PE grid, %d steps: heat %.9f (serial %.9f), "
                    "max difference %.3g: %s\n",
                    NX, NY, px, py, steps, total[0], ref_total, max_err[0], ok ? "OK" : "WRONG");
    return ok ? 0 : 1;
}
