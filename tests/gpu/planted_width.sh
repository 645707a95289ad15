#!/bin/bash
# planted_width.sh NVCC ARCH SRC_ROOT: the device build check must catch a wrong atomic width.
# Copies device/include, makes atomic_fetch_add use a 16-bit integer atomicAdd (which no GPU has),
# and compiles the atomics part of tests/gpu/device_api_build_check.cu against it as the check
# does (device code only, for ARCH, tests/gpu/meson.build): the test
# passes only if that compile fails on the planted line, so a check that stopped generating
# device code for the atomics would fail here.
set -u
nvcc=$1 arch=$2 src=$3
w=$(mktemp -d); trap 'rm -rf "$w"' EXIT
cp -r "$src/device/include" "$w/inc"
amo=$w/inc/shoal/device/amo.h
line='    return detail::amo_at(c, dest, pe, "atomic_fetch_add").fetch_add(value, detail::amo_order);'
grep -qF "$line" "$amo" || { echo "planted_width.sh: atomic_fetch_add's body changed; update the plant"; exit 1; }
python3 - "$amo" "$line" <<'PY'
import sys
p, line = sys.argv[1], sys.argv[2]
s = open(p).read().replace(line, '    return static_cast<T>(atomicAdd(reinterpret_cast<unsigned short *>(dest), static_cast<unsigned short>(value)));')
open(p, "w").write(s)
PY
if "$nvcc" --std=c++17 -O3 -arch="$arch" -I"$src/runtime/include" -I"$w/inc" -DSHOAL_CHECK_FAMILY=2 \
    -DSHOAL_CHECK_SCOPE=0 -cubin "$src/tests/gpu/device_api_build_check.cu" -o "$w/check.cubin" >"$w/log" 2>&1; then
    echo "FAIL: the build check compiled a 16-bit atomicAdd"; exit 1
fi
if grep -q 'amo.h.*error.*atomicAdd' "$w/log"; then
    echo "ok: the build check stops on the planted atomic width:"; grep -m1 'error' "$w/log"; exit 0
fi
echo "FAIL: the compile failed, but not on the planted line:"; head -5 "$w/log"; exit 1
