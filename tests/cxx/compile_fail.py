#!/usr/bin/env python3
"""Compile-failure test of the C++ facade.

    compile_fail.py SNIPPET.cpp -- COMPILER [FLAGS...]

SNIPPET.cpp holds a line "// expect-error: TEXT" and code under `#if SHOAL_MISUSE`. The test
passes only when
  1. the snippet compiles with -DSHOAL_MISUSE=0 (the control: the headers are fine and the
     correct use is accepted), and
  2. it fails to compile with -DSHOAL_MISUSE=1, with TEXT in the compiler's output.
So it fails if the facade stops rejecting the misuse, or rejects it for another reason.
"""
import re
import subprocess
import sys


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return p.returncode, p.stdout


def main():
    if "--" not in sys.argv:
        print(__doc__)
        return 2
    sep = sys.argv.index("--")
    snippet = sys.argv[1]
    compiler = sys.argv[sep + 1:]
    with open(snippet, encoding="utf-8") as f:
        m = re.search(r"//\s*expect-error:\s*(.+)", f.read())
    if not m:
        print(f"{snippet}: no '// expect-error:' line")
        return 2
    expected = m.group(1).strip()
    base = compiler + ["-fsyntax-only", "-x", "c++", snippet]

    rc, out = run(base + ["-DSHOAL_MISUSE=0"])
    if rc != 0:
        print(f"control (SHOAL_MISUSE=0) failed to compile; the test proves nothing:\n{out}")
        return 1
    rc, out = run(base + ["-DSHOAL_MISUSE=1"])
    if rc == 0:
        print(f"the misuse in {snippet} COMPILED: the facade no longer rejects it")
        return 1
    if expected not in out:
        print(f"the misuse failed to compile, but the output lacks '{expected}':\n{out}")
        return 1
    first = next((l for l in out.splitlines() if expected in l), "")
    print(f"ok: rejected with: {first.strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
