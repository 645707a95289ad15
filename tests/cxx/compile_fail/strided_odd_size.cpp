// expect-error: strided transfers need a C type or an element of 1, 2, 4, 8 or 16 bytes
#include <shoal/shoal.hpp>
#include <vector>
struct Odd {
    char c[12];
};
struct Even {
    char c[8];
};
#if SHOAL_MISUSE
using T = Odd;
#else
using T = Even;
#endif
void f(shoal::SymmetricBuffer<T> &a, std::vector<T> &v) { shoal::iput(a.on(1), v, {2, 1}, 2); }
