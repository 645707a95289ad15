#!/usr/bin/env bash
# The C++ facade against the C API, operation by operation, on this machine.
#
#   benches/cxx/compare_facade.sh [-q] [-n NPES] [-r N] [-a "ARGS"] [BUILD_DIR]
#
#   BUILD_DIR  a built Shoal build directory (default ./build): BUILD_DIR/tools/shoalrun and
#              BUILD_DIR/benches/cxx/facade_<name>_{c,cxx} are used as they are
#   -q         quick (-q to every program: few iterations, small sizes; for smoke tests)
#   -n NPES    PEs per run (default 2)
#   -r N       run each program N times, C and C++ interleaved, and keep each row's best
#              (lowest) latency: steadier on a shared, noisy machine (default 5)
#   -a ARGS    extra arguments for every program (e.g. "-i 50000")
#
# For each pair (put, get, atomic, reduce latency) it prints one table, rows as the programs
# print them, with the ratio C++/C (1.00 = the same; > 1 = the facade is slower), and the
# geometric mean of the ratios per pair and overall. Exit status: non-zero when a program
# fails or reports WRONG data; the ratios themselves never fail the script (timings on a
# shared machine are noisy), they are for reading.
set -u
quick=0
npes=2
repeat=5
extra=""
while getopts "qn:r:a:h" opt; do
  case $opt in
    q) quick=1 ;;
    n) npes=$OPTARG ;;
    r) repeat=$OPTARG ;;
    a) extra=$OPTARG ;;
    *) sed -n '2,22p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
build=${1:-build}
run=$build/tools/shoalrun
[ -x "$run" ] || { echo "compare_facade.sh: no $run (build first)"; exit 2; }
args=$extra
[ "$quick" = 1 ] && args="$args -q"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

echo "# C++ facade vs C API: $npes PEs, best of $repeat runs, ratio = C++ / C"
all_ratios="$tmp/all"
: > "$all_ratios"
for name in put_latency get_latency atomic_latency reduce_latency; do
  for lang in c cxx; do
    [ -x "$build/benches/cxx/facade_${name}_$lang" ] || { echo "missing facade_${name}_$lang"; exit 2; }
    : > "$tmp/$name.$lang"
  done
  for ((r = 0; r < repeat; r++)); do
    for lang in c cxx; do
      out="$tmp/$name.$lang.$r"
      # shellcheck disable=SC2086
      if ! timeout 300 "$run" -n "$npes" "$build/benches/cxx/facade_${name}_$lang" $args >"$out" 2>"$out.err"; then
        echo "FAILED: facade_${name}_$lang (run $r):"; cat "$out.err"; status=1
      fi
      grep -v '^#' "$out" >> "$tmp/$name.$lang"
    done
  done
  echo
  echo "## $name"
  # Best (minimum) per row key in each language, then the ratio.
  awk -v ratios="$all_ratios" '
    FNR == 1 { lang++ }
    NF >= 2 {
      key = $1; v = $2 + 0
      if (!(key in seen)) { order[++n] = key; seen[key] = 1 }
      if (lang == 1) { if (!(key in c) || v < c[key]) c[key] = v }
      else { if (!(key in x) || v < x[key]) x[key] = v }
    }
    END {
      printf "%-14s %12s %12s %8s\n", "row", "C (us)", "C++ (us)", "C++/C"
      sum = 0; k = 0
      for (i = 1; i <= n; i++) {
        key = order[i]
        if (!(key in c) || !(key in x)) continue
        r = (c[key] > 0) ? x[key] / c[key] : 1
        printf "%-14s %12.3f %12.3f %8.3f\n", key, c[key], x[key], r
        if (r > 0) { sum += log(r); k++; print r >> ratios }
      }
      if (k > 0) printf "%-14s %12s %12s %8.3f\n", "geomean", "", "", exp(sum / k)
    }' "$tmp/$name.c" "$tmp/$name.cxx"
done
echo
awk '{ s += log($1); k++ } END { if (k) printf "# overall geometric mean C++/C over %d rows: %.3f\n", k, exp(s / k) }' "$all_ratios"
exit $status
