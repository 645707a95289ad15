// An NVSHMEM host program built by plain nvcc -std=c++17, as NVSHMEM programs are: start by a
// unique id, team kinds, symmetric memory with the half and bfloat16 rows, the reductions
// OpenSHMEM lacks (16-bit rows, reducescatter), team ids, registration, queue pairs. It calls
// no kernel, so it runs on CPU PEs: nvshmem_init and the rest must not touch CUDA there (the
// translation unit's __constant__ context waits for a GPU). Values are written by one PE and
// checked on another; symmetric memory is read and written through nvshmem calls only, so the
// program also runs where nvshmem_malloc gives GPU memory.
#include <cstdlib>
#include <cstring>
#include <vector>

#include <dirent.h>

#include <nvshmem.h>
#include <nvshmemx.h>

#include "../nvshmem_check.h"

namespace {

int me, npes;

template <class T> void store(T *sym, const std::vector<T> &v) { nvshmem_putmem(sym, v.data(), v.size() * sizeof(T), me); }
template <class T> std::vector<T> load(const T *sym, std::size_t n, int pe)
{
    std::vector<T> v(n);
    nvshmem_getmem(v.data(), sym, n * sizeof(T), pe);
    return v;
}

int env_int(const char *name, int fallback)
{
    const char *v = std::getenv(name);
    return v ? std::atoi(v) : fallback;
}

bool driver_lists_gpus()
{
    DIR *d = opendir("/proc/driver/nvidia/gpus");
    if (d) closedir(d);
    return d != nullptr;
}

void start_by_unique_id()
{
    NVI_CHECK(nvshmemx_init_status() == NVSHMEM_STATUS_NOT_INITIALIZED, "status %d before start", nvshmemx_init_status());
    // The id names the job: every process can make it (NVSHMEM programs make it on one and
    // send it); the rank comes from the launcher (shoalrun, or one process alone).
    nvshmemx_uniqueid_t id = NVSHMEMX_UNIQUEID_INITIALIZER;
    NVI_CHECK(nvshmemx_get_uniqueid(&id) == NVSHMEMX_SUCCESS, "nvshmemx_get_uniqueid failed");
    nvshmemx_init_attr_t attr = NVSHMEMX_INIT_ATTR_INITIALIZER;
    const int rank = env_int("SHOAL_LOCAL_PE", 0); // shoalrun's (it takes the variables back at start)
    NVI_CHECK(nvshmemx_set_attr_uniqueid_args(rank, env_int("SHOAL_LOCAL_NPES", 1), &id, &attr) == NVSHMEMX_SUCCESS,
              "nvshmemx_set_attr_uniqueid_args failed");
    NVI_CHECK(nvshmemx_init_attr(NVSHMEMX_INIT_WITH_UNIQUEID, &attr) == 0, "nvshmemx_init_attr failed");
    NVI_CHECK(nvshmemx_init_status() == NVSHMEM_STATUS_IS_INITIALIZED, "status %d after start", nvshmemx_init_status());
    me = nvshmem_my_pe();
    npes = nvshmem_n_pes();
    NVI_CHECK(me == rank, "rank %d started as PE %d", rank, me);
}

void team_kinds()
{
    NVI_CHECK(nvshmem_team_n_pes(NVSHMEMX_TEAM_NODE) == npes && nvshmem_team_my_pe(NVSHMEMX_TEAM_NODE) == me,
              "NVSHMEMX_TEAM_NODE: %d of %d", nvshmem_team_my_pe(NVSHMEMX_TEAM_NODE), nvshmem_team_n_pes(NVSHMEMX_TEAM_NODE));
    // One node: my index on it is mine alone.
    NVI_CHECK(nvshmem_team_n_pes(NVSHMEMX_TEAM_SAME_MYPE_NODE) == 1 && nvshmem_team_my_pe(NVSHMEMX_TEAM_SAME_MYPE_NODE) == 0,
              "NVSHMEMX_TEAM_SAME_MYPE_NODE has %d PEs", nvshmem_team_n_pes(NVSHMEMX_TEAM_SAME_MYPE_NODE));
    const int gpu_pes = nvshmem_team_n_pes(NVSHMEMX_TEAM_SAME_GPU);
    NVI_CHECK(gpu_pes >= 1 && nvshmem_team_my_pe(NVSHMEMX_TEAM_SAME_GPU) >= 0, "NVSHMEMX_TEAM_SAME_GPU: %d PEs", gpu_pes);
    if (!driver_lists_gpus()) NVI_CHECK(gpu_pes == 1, "no GPU, yet %d PEs share mine", gpu_pes);
    NVI_CHECK(nvshmem_team_translate_pe(NVSHMEMX_TEAM_SAME_MYPE_NODE, 0, NVSHMEM_TEAM_WORLD) == me, "translate");
}

void half_rows()
{
    constexpr std::size_t n = 37;
    const int right = (me + 1) % npes, left = (me + npes - 1) % npes;
    half *h = static_cast<half *>(nvshmem_calloc(n, sizeof(half)));
    half *hsrc = static_cast<half *>(nvshmem_malloc(n * sizeof(half)));
    __nv_bfloat16 *b = static_cast<__nv_bfloat16 *>(nvshmem_calloc(2 * n, sizeof(__nv_bfloat16)));
    std::vector<half> hv(n);
    for (std::size_t i = 0; i < n; i++) hv[i] = __float2half(static_cast<float>(me * 64 + static_cast<int>(i)));
    store(hsrc, hv);
    nvshmem_barrier_all();
    nvshmem_half_put(h, hsrc, n, right);
    nvshmem_bfloat16_p(b + 3, __float2bfloat16(static_cast<float>(me + 1) * 0.5f), right);
    nvshmem_barrier_all();
    const std::vector<half> got = load(h, n, me);
    for (std::size_t i = 0; i < n; i++)
        NVI_CHECK(__half2float(got[i]) == static_cast<float>(left * 64 + static_cast<int>(i)), "half put [%zu] = %g", i,
                  static_cast<double>(__half2float(got[i])));
    const float g = __bfloat162float(nvshmem_bfloat16_g(b + 3, right));
    NVI_CHECK(g == static_cast<float>(me + 1) * 0.5f, "bfloat16 g from PE %d: %g", right, static_cast<double>(g)); // I put it

    // Reductions of the 16-bit rows (computed in float, rounded as the GPU rounds).
    for (std::size_t i = 0; i < n; i++) hv[i] = __float2half(static_cast<float>(me + static_cast<int>(i % 4)));
    store(hsrc, hv);
    NVI_CHECK(nvshmem_half_sum_reduce(NVSHMEM_TEAM_WORLD, h, hsrc, n) == 0, "half sum");
    std::vector<__nv_bfloat16> bv(n);
    for (std::size_t i = 0; i < n; i++) bv[i] = __float2bfloat16(static_cast<float>(2 * me + static_cast<int>(i % 3)));
    store(b + n, bv);
    NVI_CHECK(nvshmem_bfloat16_max_reduce(NVSHMEM_TEAM_WORLD, b, b + n, n) == 0, "bfloat16 max");
    const std::vector<half> hs = load(h, n, me);
    const std::vector<__nv_bfloat16> bm = load(b, n, me);
    for (std::size_t i = 0; i < n; i++) {
        const float want_sum = static_cast<float>(npes * (npes - 1) / 2 + npes * static_cast<int>(i % 4));
        NVI_CHECK(__half2float(hs[i]) == want_sum, "half sum [%zu] = %g, want %g", i, static_cast<double>(__half2float(hs[i])),
                  static_cast<double>(want_sum));
        NVI_CHECK(__bfloat162float(bm[i]) == static_cast<float>(2 * (npes - 1) + static_cast<int>(i % 3)), "bfloat16 max [%zu]", i);
    }
    nvshmem_free(b);
    nvshmem_free(hsrc);
    nvshmem_free(h);
}

void reducescatter()
{
    constexpr std::size_t k = 5;
    const std::size_t n = k * static_cast<std::size_t>(npes);
    int *is = static_cast<int *>(nvshmem_malloc(n * sizeof(int))), *id = static_cast<int *>(nvshmem_malloc(k * sizeof(int)));
    float *fs = static_cast<float *>(nvshmem_malloc(n * sizeof(float)));
    unsigned *us = static_cast<unsigned *>(nvshmem_malloc(n * sizeof(unsigned)));
    std::vector<int> iv(n);
    std::vector<float> fv(n);
    std::vector<unsigned> uv(n);
    for (std::size_t b = 0; b < static_cast<std::size_t>(npes); b++)
        for (std::size_t j = 0; j < k; j++) {
            iv[b * k + j] = me * 1000 + static_cast<int>(b * 10 + j);
            fv[b * k + j] = static_cast<float>(me) + static_cast<float>(b + j);
            uv[b * k + j] = 1u << ((me + static_cast<int>(j)) % 32);
        }
    store(is, iv);
    store(fs, fv);
    store(us, uv);
    NVI_CHECK(nvshmem_int_sum_reducescatter(NVSHMEM_TEAM_WORLD, id, is, k) == 0, "int sum reducescatter");
    const std::vector<int> isum = load(id, k, me);
    NVI_CHECK(nvshmem_float_max_reducescatter(NVSHMEM_TEAM_WORLD, fs, fs, k) == 0, "float max reducescatter in place");
    const std::vector<float> fmax = load(fs, k, me);
    NVI_CHECK(nvshmem_uint_xor_reducescatter(NVSHMEM_TEAM_WORLD, us, us, k) == 0, "uint xor reducescatter");
    const std::vector<unsigned> uxor = load(us, k, me);
    for (std::size_t j = 0; j < k; j++) {
        const int want = 1000 * npes * (npes - 1) / 2 + npes * static_cast<int>(static_cast<std::size_t>(me) * 10 + j);
        NVI_CHECK(isum[j] == want, "int sum reducescatter [%zu] = %d, want %d", j, isum[j], want);
        NVI_CHECK(fmax[j] == static_cast<float>(npes - 1 + me + static_cast<int>(j)), "float max reducescatter [%zu]", j);
        unsigned x = 0;
        for (int pe = 0; pe < npes; pe++) x ^= 1u << ((pe + static_cast<int>(j)) % 32);
        NVI_CHECK(uxor[j] == x, "uint xor reducescatter [%zu] = %#x, want %#x", j, uxor[j], x);
    }
    nvshmem_free(us);
    nvshmem_free(fs);
    nvshmem_free(id);
    nvshmem_free(is);
}

void team_ids_and_config()
{
    nvshmem_team_config_t c = NVSHMEM_TEAM_CONFIG_INITIALIZER;
    nvshmem_team_get_config(NVSHMEM_TEAM_WORLD, &c);
    NVI_CHECK(c.version == (2 << 16) + static_cast<int>(sizeof c) && c.num_contexts == 0, "config version %#x, %d contexts", c.version, c.num_contexts);
    // A team in reverse order, from an id PE 0 makes and hands out.
    uint64_t *slot = static_cast<uint64_t *>(nvshmem_calloc(1, sizeof(uint64_t)));
    if (me == 0) {
        nvshmemx_team_uniqueid_t uid = NVSHMEM_TEAM_UNIQUID_INITIALIZER;
        NVI_CHECK(nvshmemx_team_get_uniqueid(&uid) == 0 && uid != NVSHMEM_TEAM_UNIQUID_INITIALIZER, "team uniqueid");
        for (int pe = 0; pe < npes; pe++) nvshmem_uint64_p(slot, uid, pe);
    }
    nvshmem_barrier_all();
    c.uniqueid = load(slot, 1, me)[0];
    nvshmem_team_t rev = NVSHMEM_TEAM_INVALID;
    NVI_CHECK(nvshmemx_team_init(&rev, &c, NVSHMEM_TEAM_CONFIG_MASK_UNIQUEID, npes, npes - 1 - me) == 0, "team_init");
    NVI_CHECK(nvshmem_team_my_pe(rev) == npes - 1 - me && nvshmem_team_translate_pe(rev, 0, NVSHMEM_TEAM_WORLD) == npes - 1,
              "reversed team: index %d", nvshmem_team_my_pe(rev));
    nvshmem_team_destroy(rev);
    nvshmem_free(slot);
}

void registration_and_queues()
{
    std::vector<long> local(64);
    for (std::size_t i = 0; i < local.size(); i++) local[i] = me * 100 + static_cast<long>(i);
    NVI_CHECK(nvshmemx_buffer_register(local.data(), local.size() * sizeof(long)) == NVSHMEMX_SUCCESS, "register");
    NVI_CHECK(nvshmemx_buffer_unregister(local.data()) == NVSHMEMX_SUCCESS, "unregister");
    NVI_CHECK(nvshmemx_buffer_register(nullptr, 8) == NVSHMEMX_ERROR_INVALID_VALUE, "register NULL");
    long *sym = static_cast<long *>(nvshmemx_buffer_register_symmetric(local.data(), local.size() * sizeof(long), 0));
    NVI_CHECK(sym != nullptr, "register_symmetric");
    nvshmem_barrier_all();
    const int right = (me + 1) % npes;
    const std::vector<long> theirs = load(sym, local.size(), right);
    for (std::size_t i = 0; i < theirs.size(); i++) NVI_CHECK(theirs[i] == right * 100 + static_cast<long>(i), "symmetric copy [%zu]", i);
    nvshmem_barrier_all();
    NVI_CHECK(nvshmemx_buffer_unregister_symmetric(sym, local.size() * sizeof(long)) == NVSHMEMX_SUCCESS, "unregister_symmetric");
    nvshmemx_qp_handle_t *qps = nullptr;
    NVI_CHECK(nvshmemx_qp_create(3, &qps) == NVSHMEMX_SUCCESS && qps && qps[2] == NVSHMEMX_QP_DEFAULT, "qp_create");
    NVI_CHECK(nvshmemx_qp_create(0, &qps) == NVSHMEMX_ERROR_INVALID_VALUE, "qp_create 0");
    int major = 0, minor = 0, patch = 0;
    nvshmemx_vendor_get_version_info(&major, &minor, &patch);
    NVI_CHECK(major == NVSHMEM_VENDOR_MAJOR_VERSION && minor == NVSHMEM_VENDOR_MINOR_VERSION, "vendor %d.%d", major, minor);
    NVI_CHECK(nvshmemx_mc_ptr(NVSHMEM_TEAM_WORLD, sym) == nullptr, "no multicast");
}

} // namespace

int main()
{
    start_by_unique_id();
    team_kinds();
    half_rows();
    reducescatter();
    team_ids_and_config();
    registration_and_queues();
    nvshmem_barrier_all();
    nvshmem_finalize();
    return nvshmemx_init_status() == NVSHMEM_STATUS_NOT_INITIALIZED ? 0 : 1;
}
