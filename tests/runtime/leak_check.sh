#!/bin/sh
# leak_check.sh SHOALRUN PROG [ARGS...]
# Runs `SHOALRUN -n 2 PROG ARGS`, a job in which one PE dies by SIGKILL (leak_kill.c), and
# passes when the job fails (non-zero exit) and leaves nothing behind in /dev/shm:
#   - no object the PEs reported ("shm-object: PATH" on stderr) may still exist;
#   - no entry that appeared in /dev/shm during the job may still exist unless some live
#     process has it open or mapped (that is another job on this machine, not ours).
# Prints "leaked: PATH" for each offender and exits 1. Entries named shoal-leaktest-* (made on
# purpose by the checker's self-test) are removed after being reported.
set -u
shoalrun=$1; shift
shm=/dev/shm
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ls -A "$shm" | sort >"$tmp/before"
"$shoalrun" -n 2 --timeout 15 "$@" 2>"$tmp/err" >/dev/null
rc=$?
if [ "$rc" -eq 0 ]; then
  echo "the job exited 0 although PE 1 was killed"; cat "$tmp/err"; exit 1
fi
sleep 0.5
ls -A "$shm" | sort >"$tmp/after"

in_use() { # is $1 (a full path) open or mapped by a live process?
  grep -qsF "$1" /proc/[0-9]*/maps 2>/dev/null && return 0
  find /proc/[0-9]*/fd -lname "$1" 2>/dev/null | grep -q . && return 0
  return 1
}

: >"$tmp/leaked"
# Objects the PEs reported, unless they were already unlinked when reported.
grep '^shm-object: ' "$tmp/err" | sed 's/^shm-object: //' | grep -v ' (deleted)$' | sort -u |
while read -r path; do
  [ -e "$path" ] && echo "$path" >>"$tmp/leaked"
done
# New entries still present and used by nobody.
comm -13 "$tmp/before" "$tmp/after" | while read -r name; do
  path="$shm/$name"
  [ -e "$path" ] || continue
  in_use "$path" && continue
  echo "$path" >>"$tmp/leaked"
done

status=0
for path in $(sort -u "$tmp/leaked"); do
  echo "leaked: $path"
  status=1
  case "$(basename "$path")" in shoal-leaktest-*) rm -f "$path" ;; esac
done
if [ "$status" -ne 0 ]; then
  echo "--- job stderr (exit $rc) ---"; cat "$tmp/err"
  echo "leaked /dev/shm entries after a PE was killed" >&2
  exit 1
fi
echo "ok: job exit $rc; $(grep -c '^shm-object: ' "$tmp/err") shm objects reported by the PEs, none left in $shm"
exit 0
