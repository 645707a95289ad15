// One device benchmark program: the operation (BENCH_NAME, BENCH_GET, BENCH_BW from
// benches/gpu/meson.build) over the CUDA or the emulated build of device_rma.hpp.
int bench_device_main(int argc, char **argv, const char *name, bool get, bool bw);

int main(int argc, char **argv) { return bench_device_main(argc, argv, BENCH_NAME, BENCH_GET, BENCH_BW); }
