// Bad symmetric addresses on device calls in the host emulation (nvshmem.h's device path in a
// g++ "kernel"): NULL, an address outside the symmetric heap, an unaligned one. One line
// naming the NVSHMEM call and the address, every PE stops, where a GPU would fault.
#include <cstring>

#include <nvshmem.h>
#include <nvshmemx.h>
#include <shoal/device/emulate.h>

int main(int argc, char **argv)
{
    const char *c = argc > 1 ? argv[1] : "";
    nvshmem_init();
    long *sym = static_cast<long *>(nvshmem_calloc(4, sizeof(long)));
    long local = 0;
    long *bad = std::strcmp(c, "null") == 0        ? nullptr
                : std::strcmp(c, "not_symmetric") == 0 ? &local
                : std::strcmp(c, "unaligned") == 0     ? reinterpret_cast<long *>(reinterpret_cast<char *>(sym) + 1)
                                                       : sym;
    shoal::device::emulate::launch(4, [&] { nvshmem_long_p(bad, 1, 0); });
    nvshmem_free(sym);
    nvshmem_finalize();
    return bad == sym ? 0 : 1;
}
