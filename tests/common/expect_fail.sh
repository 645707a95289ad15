#!/bin/sh
# expect_fail.sh EXPECTED_TEXT CMD [ARGS...]
# Runs CMD; passes when it exits non-zero and its stderr contains EXPECTED_TEXT; exit 77 (the
# case does not apply on this machine) is passed on: skipped.
expected=$1; shift
err=$(mktemp)
"$@" 2>"$err" >/dev/null
rc=$?
if [ "$rc" -eq 77 ]; then
  echo "skipped (exit 77)"; cat "$err"; rm -f "$err"; exit 77
fi
if [ "$rc" -eq 0 ]; then
  echo "expected a non-zero exit, got 0"; cat "$err"; rm -f "$err"; exit 1
fi
if ! grep -qF -- "$expected" "$err"; then
  echo "exit $rc, but stderr lacks: $expected"; cat "$err"; rm -f "$err"; exit 1
fi
lines=$(grep -c "^shoal: " "$err")
echo "ok: exit $rc; $(grep -m1 -F -- "$expected" "$err") ($lines shoal: lines)"
rm -f "$err"; exit 0
