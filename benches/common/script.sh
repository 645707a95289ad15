# Helpers shared by the shell scripts in benches/ (sourced, not run).

# script_help FILE: print FILE's header comment, its usage text.
script_help() {
    awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$1"
}

# script_build_dir NAME [DIR]: the absolute path of a Shoal build directory (default ./build);
# on failure prints "NAME: no build directory ..." and returns 2.
script_build_dir() {
    local dir=${2:-./build}
    (cd "$dir" 2>/dev/null && pwd) || { echo "$1: no build directory '$dir'" >&2; return 2; }
}
