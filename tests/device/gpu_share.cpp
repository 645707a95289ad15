// Creates the device heap (every PE allocates device memory), so that PEs sharing a GPU hear
// whether MPS serves them. With "mps": MPS is made to look started first (a control pipe in a
// directory of this PE's own, named by CUDA_MPS_PIPE_DIRECTORY), as clients find it.
#include <shmem.h>
#include <shmemx.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <unistd.h>

int main(int argc, char **argv)
{
    std::string dir;
    if (argc > 1 && !std::strcmp(argv[1], "mps")) {
        char tmpl[] = "/tmp/shoal-mps-XXXXXX";
        dir = mkdtemp(tmpl);
        std::FILE *pipe = std::fopen((dir + "/control").c_str(), "w");
        if (!pipe) return 2;
        std::fclose(pipe);
        setenv("CUDA_MPS_PIPE_DIRECTORY", dir.c_str(), 1);
    }
    shmem_init();
    void *p = shmemx_device_malloc(64);
    const int rc = p ? 0 : 1;
    shmemx_device_free(p);
    shmem_finalize();
    if (!dir.empty()) {
        std::remove((dir + "/control").c_str());
        rmdir(dir.c_str());
    }
    return rc;
}
