// expect-error: must be trivially copyable
#include <shoal/shoal.hpp>
#include <vector>
struct Holder {
    std::vector<int> v;
};
struct Plain {
    int v[4];
};
#if SHOAL_MISUSE
using T = Holder;
#else
using T = Plain;
#endif
void f() { shoal::SymmetricBuffer<T> b(4); }
