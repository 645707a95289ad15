#!/bin/sh
# run_expect.sh STATUS [TEXT...] -- CMD [ARGS...]
# Runs CMD; passes when its exit status is STATUS (a number, or "nonzero") and its stderr
# contains every TEXT. For outcomes expect_fail.sh does not cover: a non-fatal error that
# must still print its line (exit 0), or an exact exit status (shmem_global_exit).
want=$1; shift
texts=$(mktemp); err=$(mktemp)
trap 'rm -f "$texts" "$err"' EXIT
while [ $# -gt 0 ] && [ "$1" != "--" ]; do printf '%s\n' "$1" >>"$texts"; shift; done
[ "${1:-}" = "--" ] && shift
"$@" 2>"$err" >/dev/null
rc=$?
ok=1
if [ "$want" = nonzero ]; then
  [ "$rc" -ne 0 ] || { echo "expected a non-zero exit, got 0"; ok=0; }
elif [ "$rc" -ne "$want" ]; then
  echo "expected exit $want, got $rc"; ok=0
fi
while IFS= read -r t; do
  grep -qF -- "$t" "$err" || { echo "stderr lacks: $t"; ok=0; }
done <"$texts"
if [ "$ok" -eq 0 ]; then echo "--- stderr ---"; cat "$err"; exit 1; fi
echo "ok: exit $rc; $(grep -m1 '^shoal' "$err")"
exit 0
