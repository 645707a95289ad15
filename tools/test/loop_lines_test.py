#!/usr/bin/env python3
"""The payload loops of libshoal start on a 64-byte line (runtime/src/core/loop_align.h).

usage: loop_lines_test.py LIBSHOAL COMPILER_ID

Disassembles the reductions' combine functions, alltoalls' strided copy and the streamed copy,
and fails where more than 10% of their small loops (a backward branch less than 56 bytes
back) span two 64-byte lines (43% without the alignment), or where the combine functions
lack their AVX2 copies. A loop across two lines ran at half the rate here; where the linker
puts it otherwise decides. Skips (77) off x86-64, with another compiler than gcc, without
objdump or without the library's local symbols.
"""
import platform
import re
import shutil
import subprocess
import sys

PATTERN = re.compile(r"^(combine_(and|or|xor|max|min|sum|prod)_\w+|shoal_coll_scopy|shoal_copy_stream)$")


def main():
    lib, compiler = sys.argv[1], sys.argv[2]
    if platform.machine() not in ("x86_64", "AMD64") or compiler != "gcc" or not shutil.which("objdump"):
        print("skipped: x86-64 with gcc and objdump only")
        return 77
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", lib], capture_output=True,
                         text=True, check=True).stdout
    fn, names, small, spans = None, set(), 0, []
    for line in out.splitlines():
        m = re.match(r"^[0-9a-f]+ <(.+)>:$", line)
        if m:
            fn = m.group(1) if PATTERN.match(m.group(1).split(".")[0]) else None
            if fn:
                names.add(fn)
            continue
        m = fn and re.match(r"^\s+([0-9a-f]+):\s+j\w+\s+([0-9a-f]+) <", line)
        if m:
            at, to = int(m.group(1), 16), int(m.group(2), 16)
            if to < at and at - to < 56:
                small += 1
                if to // 64 != (at + 5) // 64:
                    spans.append(f"{fn} at {to:#x}, {at - to + 6} bytes")
    if small < 50:
        print(f"skipped: {small} small loops found (no local symbols?)")
        return 77
    bad = 0
    if "combine_sum_S64.avx2" not in names:
        print("FAIL: no combine_sum_S64.avx2 (the combine functions' AVX2 copies)")
        bad = 1
    print(f"{small} small loops in {len(names)} functions, {len(spans)} across two 64-byte lines")
    if len(spans) * 10 > small:
        print("FAIL: more than 10%:\n  " + "\n  ".join(spans[:20]))
        bad = 1
    return bad


if __name__ == "__main__":
    sys.exit(main())
