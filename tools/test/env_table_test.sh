#!/bin/bash
# env_table_test.sh SHOAL_INFO SOURCE_ROOT: every variable the sources read (a "SHOAL_..."
# string, or getenv("SHMEM_...")) is in the environment table (runtime/src/core/env_table.h,
# printed by shoal-info), and docs/environment.md documents every row of it.
set -u
info=$("$1" 2>&1)
root=$2
failures=0
read_vars=$(grep -rhoE '"SHOAL_[A-Z0-9_]+"|getenv\("SHMEM_[A-Z0-9_]+"\)' "$root/runtime/src" \
    "$root/cxx/include" "$root/device" 2>/dev/null | grep -oE '(SHOAL|SHMEM)_[A-Z0-9_]+' | sort -u)
table_vars=$(grep -oE '^ +(SHOAL|SHMEM)_[A-Z0-9_]+' <<<"$info" | tr -d ' ' | sort -u)
for v in $read_vars; do
    case $v in SHOAL_LOCAL_*) continue ;; esac  # the launcher's protocol, not a setting
    grep -qx "$v" <<<"$table_vars" || { echo "FAIL: $v is read but not in the table (shoal-info)"; failures=$((failures + 1)); }
done
for v in $table_vars; do
    grep -qF "| \`$v\` |" "$root/docs/environment.md" || { echo "FAIL: $v is not in docs/environment.md's table"; failures=$((failures + 1)); }
done
echo "$(wc -w <<<"$table_vars") variables in the table; $failures failure(s)"
[ "$failures" -eq 0 ]
