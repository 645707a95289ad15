#!/bin/sh
# tests/coll/beside_load.sh HOGS COMMAND...: run COMMAND beside HOGS busy processes (unrelated
# load on the cores) and exit with its status. Oversubscribed PEs then see other runnable work
# and their waits sleep from the first yield (sync/doorbell.c): the results must stay right.
hogs=$1
shift
pids=""
i=0
while [ "$i" -lt "$hogs" ]; do
    (while :; do :; done) &
    pids="$pids $!"
    i=$((i + 1))
done
"$@"
rc=$?
kill $pids 2>/dev/null
wait 2>/dev/null
exit $rc
