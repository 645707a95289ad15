#!/bin/sh
# expect_output.sh EXPECTED_FILE CMD [ARGS...]
# Runs CMD; passes when it exits 0 and its standard output equals EXPECTED_FILE exactly.
expected=$1; shift
out=$(mktemp)
"$@" >"$out"
rc=$?
if [ "$rc" -ne 0 ]; then
  echo "exit status $rc"; cat "$out"; rm -f "$out"; exit 1
fi
if ! diff -u "$expected" "$out"; then
  rm -f "$out"; exit 1
fi
echo "ok: output matches $(basename "$expected")"
rm -f "$out"; exit 0
