// gpu_probe: what the GPU run (benches/gpu/run.sh) must know before it starts several PEs on one
// GPU. Prints "PROBE key value" lines:
//   device   the GPU's name, compute capability and memory
//   context  whether this process can make a CUDA context (under an unusable MPS daemon it
//            cannot, and neither can any PE)
//   ipc      whether a second process can map this one's device memory with CUDA IPC and write
//            to it (Shoal's PEs on one node map each other's device heaps so)
// Exit 0 if a context works (whatever IPC said), 1 if not. Host calls only: no kernel.
#include <cuda_runtime.h>

#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

namespace {

struct shared {
    volatile int ready;  // 1: the handle is there; -1: the parent failed
    volatile int done;   // 1: the child wrote; -1: the child failed
    cudaIpcMemHandle_t handle;
    char error[200];
};

bool wait_for(volatile int *flag, double seconds)
{
    for (int i = 0; i < seconds * 1000 && *flag == 0; i++) usleep(1000);
    return *flag != 0;
}

int child(shared *sh)
{
    if (!wait_for(&sh->ready, 60) || sh->ready < 0) return 1;
    void *peer = nullptr;
    cudaError_t e = cudaSetDevice(0);
    if (e == cudaSuccess) e = cudaIpcOpenMemHandle(&peer, sh->handle, cudaIpcMemLazyEnablePeerAccess);
    if (e == cudaSuccess) e = cudaMemset(peer, 0x5a, 64);
    if (e == cudaSuccess) e = cudaDeviceSynchronize();
    if (peer != nullptr) (void)cudaIpcCloseMemHandle(peer);
    if (e != cudaSuccess) std::snprintf(sh->error, sizeof sh->error, "child: %s", cudaGetErrorString(e));
    __sync_synchronize();
    sh->done = e == cudaSuccess ? 1 : -1;
    return e == cudaSuccess ? 0 : 1;
}

} // namespace

int main()
{
    auto *sh = static_cast<shared *>(mmap(nullptr, sizeof(shared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0));
    if (sh == MAP_FAILED) {
        std::perror("gpu_probe: mmap");
        return 1;
    }
    std::memset(sh, 0, sizeof *sh);
    // Fork before either process touches CUDA: a forked CUDA context is unusable.
    const pid_t pid = fork();
    if (pid == 0) _exit(child(sh));

    int devices = 0;
    cudaError_t e = cudaGetDeviceCount(&devices);
    if (e == cudaSuccess && devices == 0) e = cudaErrorNoDevice;
    void *mem = nullptr;
    if (e == cudaSuccess) e = cudaSetDevice(0);
    if (e == cudaSuccess) e = cudaMalloc(&mem, 4096);
    if (e == cudaSuccess) e = cudaMemset(mem, 0, 4096);
    if (e == cudaSuccess) e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
        std::printf("PROBE context FAILED %s\n", cudaGetErrorString(e));
        sh->ready = -1;
        waitpid(pid, nullptr, 0);
        return 1;
    }
    cudaDeviceProp p{};
    (void)cudaGetDeviceProperties(&p, 0);
    int driver = 0, runtime = 0;
    (void)cudaDriverGetVersion(&driver);
    (void)cudaRuntimeGetVersion(&runtime);
    std::printf("PROBE device %s, sm_%d%d, %.0f GiB, %d SMs, %d GPU(s)\n", p.name, p.major, p.minor,
                static_cast<double>(p.totalGlobalMem) / (1 << 30), p.multiProcessorCount, devices);
    std::printf("PROBE context ok (driver %d, runtime %d)\n", driver, runtime);

    e = cudaIpcGetMemHandle(&sh->handle, mem);
    if (e != cudaSuccess) {
        std::printf("PROBE ipc FAILED cudaIpcGetMemHandle: %s\n", cudaGetErrorString(e));
        sh->ready = -1;
    } else {
        __sync_synchronize();
        sh->ready = 1;
        if (!wait_for(&sh->done, 60)) {
            std::printf("PROBE ipc FAILED the second process did not answer in 60 s\n");
        } else if (sh->done < 0) {
            std::printf("PROBE ipc FAILED %s\n", sh->error);
        } else {
            unsigned char back[64];
            e = cudaMemcpy(back, mem, sizeof back, cudaMemcpyDeviceToHost);
            bool seen = e == cudaSuccess;
            for (unsigned char b : back) seen = seen && b == 0x5a;
            std::printf("PROBE ipc %s\n", seen ? "ok (a second process wrote this one's device memory)"
                                               : "FAILED the second process's write is not visible");
        }
    }
    int status = 0;
    waitpid(pid, &status, 0);
    (void)cudaFree(mem);
    return 0;
}
