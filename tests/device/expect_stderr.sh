#!/bin/sh
# expect_stderr.sh [-n] TEXT CMD [ARGS...]
# Runs CMD; passes when it exits 0 and its stderr contains TEXT (with -n: does not contain it).
absent=0
if [ "$1" = "-n" ]; then absent=1; shift; fi
expected=$1; shift
err=$(mktemp)
"$@" 2>"$err" >/dev/null
rc=$?
if [ "$rc" -ne 0 ]; then
  echo "exit $rc"; cat "$err"; rm -f "$err"; exit 1
fi
if grep -qF -- "$expected" "$err"; then found=1; else found=0; fi
if [ "$found" -eq "$absent" ]; then
  if [ "$absent" -eq 1 ]; then echo "stderr has: $expected"; else echo "stderr lacks: $expected"; fi
  cat "$err"; rm -f "$err"; exit 1
fi
echo "ok: $(grep -m1 -F -- "$expected" "$err" || echo "no line with: $expected")"
rm -f "$err"; exit 0
