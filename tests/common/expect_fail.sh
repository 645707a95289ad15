#!/bin/sh
# expect_fail.sh EXPECTED_TEXT CMD [ARGS...]
# Runs CMD; passes when it exits non-zero and its stderr contains EXPECTED_TEXT, or one of its
# alternatives separated by " || " (which PE reports first may vary: the job stops at the
# first line); exit 77 (the case does not apply on this machine) is passed on: skipped.
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
found=""
rest=$expected
while :; do
  alt=${rest%%" || "*}
  if grep -qF -- "$alt" "$err"; then found=$alt; break; fi
  [ "$alt" = "$rest" ] && break
  rest=${rest#*" || "}
done
if [ -z "$found" ]; then
  echo "exit $rc, but stderr lacks: $expected"; cat "$err"; rm -f "$err"; exit 1
fi
lines=$(grep -c "^shoal: " "$err")
echo "ok: exit $rc; $(grep -m1 -F -- "$found" "$err") ($lines shoal: lines)"
rm -f "$err"; exit 0
