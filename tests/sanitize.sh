#!/bin/bash
# tests/sanitize.sh [asan|tsan|threads|all]: the runtime under the sanitizers, in build dirs of
# their own (build-asan, build-tsan; the normal build is untouched).
#   asan: -Db_sanitize=address,undefined, the runtime suite (shoalrun jobs; the mpirun ones are
#         left out: Open MPI itself reports leaks and races of its own under ASan).
#   tsan: -Db_sanitize=thread, the SHMEM_THREAD_MULTIPLE tests (thread_test at 1, 2, 4 PEs) and
#         the device emulation at 2 PEs (kernels as host threads, emulated streams and the
#         CUDA plugin over them: device_emu_np2, stream_emu_np2).
#   threads: the THREAD_MULTIPLE tests alone under -Db_sanitize=thread (what CI runs: the device
#         emulation's TSan build and its two tests take 4 minutes more on 2 cores).
# Any sanitizer report fails the test it happened in (halt_on_error, exitcode 66).
# Exits non-zero if a test failed. Run from anywhere.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
what=${1:-all}
rc=0
common=(-Dbuildtype=debugoptimized -Dcuda=disabled)

if [ "$what" = asan ] || [ "$what" = all ]; then
    [ -d build-asan ] || meson setup build-asan "${common[@]}" -Db_sanitize=address,undefined \
        -Db_lundef=false || exit 1
    # detect_leaks: the runtime frees what it allocates at finalize; a leak is a finding.
    export ASAN_OPTIONS=halt_on_error=1:exitcode=66:detect_leaks=1:abort_on_error=0
    export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=66
    meson test -C build-asan --print-errorlogs --suite runtime --no-suite mpi || rc=1
fi

if [ "$what" = tsan ] || [ "$what" = threads ] || [ "$what" = all ]; then
    # -Wno-tsan: libcu++'s host fences (the device emulation) warn once per inlined call site,
    # hundreds of lines that would bury the test results in CI's log.
    [ -d build-tsan ] || meson setup build-tsan "${common[@]}" -Db_sanitize=thread \
        -Db_lundef=false -Dc_args=-Wno-tsan -Dcpp_args=-Wno-tsan || exit 1
    export TSAN_OPTIONS=halt_on_error=1:exitcode=66
    # Only what these tests need: a whole TSan build doubles the time for nothing.
    targets=(tests/runtime/thread_test tools/shoalrun)
    tests=(thread_test_np1 thread_test_np2 thread_test_np4)
    # The device emulation is built where libcu++ is (the CUDA toolkit's include/cccl). grep
    # reads the whole list: with -q it would stop early, and ninja's SIGPIPE fail the pipe.
    if [ "$what" != threads ] &&
        ninja -C build-tsan -t targets all | grep '^tests/device/stream_emu_test:' > /dev/null; then
        targets+=(tests/device/device_emu_test tests/device/stream_emu_test device/libshoal_cuda_emu.so)
        tests+=(device_emu_np2 stream_emu_np2)
    fi
    ninja -C build-tsan "${targets[@]}" &&
        meson test -C build-tsan --no-rebuild --print-errorlogs "${tests[@]}" || rc=1
fi
exit "$rc"
