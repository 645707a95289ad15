#!/usr/bin/env python3
"""Run the code blocks of a Markdown guide, so a guide cannot rot.

Usage: run_blocks.py GUIDE.md --build BUILD_DIR [--list]

Rules a guide follows (each block is one of these):
  - a block preceded by `<!-- file: NAME -->` is written to NAME in a scratch folder;
  - a ```sh block runs there with bash -e, in order, with the build's tools (shoalcc, shoalc++,
    shoalrun, shoal-info) first on PATH and $SHOAL_BUILD / $SHOAL_SRC set;
  - a block preceded by `<!-- doc-test: skip REASON -->` is not run (REASON says why: it needs a
    GPU, a second host, or it is the set-up CI runs itself); the reason is printed;
  - a block preceded by `<!-- doc-test: expect-fail -->` must exit non-zero;
  - `<!-- doc-test: needs PROGRAM -->` skips the block (saying so) where PROGRAM is missing;
  - `<!-- doc-test: env NAME=VALUE -->` sets a variable for the blocks after it.
A code block in any other language that is neither saved nor skipped is an error, and so is a
saved source file that no later command names. Exits 0 when every block passed.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^```\s*([A-Za-z0-9_+-]*)\s*$")
DIRECTIVE = re.compile(r"^<!--\s*(file:|doc-test:)\s*(.*?)\s*-->\s*$")


def parse(path):
    """Yield (lineno, lang, text, directives) for every fenced block."""
    lines = open(path, encoding="utf-8").read().split("\n")
    pending, i = [], 0
    while i < len(lines):
        line = lines[i]
        d = DIRECTIVE.match(line)
        if d:
            pending.append((d.group(1), d.group(2)))
            i += 1
            continue
        m = FENCE.match(line)
        if m:
            start, body = i + 1, []
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            yield start, m.group(1), "\n".join(body) + "\n", pending
            pending = []
        elif line.strip():
            # Directives bind to the next block; plain prose in between keeps file: and
            # skip bound only when they are right above it (blank lines allowed).
            pending = [p for p in pending if p[0] == "doc-test:" and p[1].startswith("env ")]
        i += 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("guide")
    ap.add_argument("--build", required=True)
    ap.add_argument("--list", action="store_true", help="print the blocks and what would happen")
    args = ap.parse_args()
    guide = os.path.abspath(args.guide)
    build = os.path.abspath(args.build)
    src = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    name = os.path.relpath(guide, src)

    env = dict(os.environ)
    env["PATH"] = os.path.join(build, "tools") + os.pathsep + env.get("PATH", "")
    env["SHOAL_BUILD"], env["SHOAL_SRC"] = build, src
    scratch = tempfile.mkdtemp(prefix="shoal-doc-")
    saved, commands, failed, ran, skipped = {}, "", 0, 0, 0
    try:
        for lineno, lang, text, directives in parse(guide):
            where = f"{name}:{lineno}"
            skip = expect_fail = False
            target = None
            for kind, value in directives:
                if kind == "file:":
                    target = value
                elif value.startswith("skip"):
                    skip = value[4:].strip() or "no reason given"
                elif value == "expect-fail":
                    expect_fail = True
                elif value.startswith("env "):
                    k, _, v = value[4:].partition("=")
                    env[k.strip()] = v.strip()
                elif value.startswith("needs "):
                    prog = value[6:].strip()
                    if shutil.which(prog, path=env["PATH"]) is None:
                        skip = f"needs {prog}, which is not installed here"
                else:
                    print(f"{where}: unknown directive '{value}'")
                    return 1
            if skip:
                skipped += 1
                print(f"{where}: skipped ({skip})")
                continue
            if target:
                os.makedirs(os.path.dirname(os.path.join(scratch, target)), exist_ok=True)
                with open(os.path.join(scratch, target), "w", encoding="utf-8") as f:
                    f.write(text)
                saved[target] = where
                print(f"{where}: saved {target}")
                continue
            if lang not in ("sh", "bash", "console"):
                print(f"{where}: a ```{lang or 'plain'} block must be saved (<!-- file: NAME -->) or "
                      f"skipped with a reason (<!-- doc-test: skip REASON -->)")
                failed += 1
                continue
            commands += text
            if args.list:
                print(f"{where}: would run:\n{text}")
                continue
            ran += 1
            print(f"{where}: $ " + text.strip().replace("\n", "\n    "), flush=True)
            proc = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", text], cwd=scratch, env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                  timeout=600)
            out = proc.stdout.strip()
            if out:
                print("    " + out.replace("\n", "\n    "))
            ok = (proc.returncode != 0) if expect_fail else (proc.returncode == 0)
            if not ok:
                print(f"{where}: FAILED (exit {proc.returncode}"
                      f"{', expected a failure' if expect_fail else ''})")
                failed += 1
        implicit = {"Makefile": "make ", "CMakeLists.txt": "cmake "}  # read by name
        for target, where in saved.items():
            if target not in commands and implicit.get(os.path.basename(target), "\0") not in commands:
                print(f"{where}: {target} is saved but no command uses it")
                failed += 1
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"{name}: {ran} commands run, {len(saved)} files, {skipped} skipped, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
