#!/usr/bin/env python3
"""check_layers_test.py CHECK_LAYERS: runs tools/check_layers.py on small trees. Trees with a
back edge (by include, or by a call alone), a sideways edge, a circle (between sources, or
between a header's inline code and another source) or a file outside the layers must fail
and name the file; a tree whose lower layer reaches up through a hook installed from above,
and names that only look like a higher layer's (members, parameters, locals, tags, comments)
must pass."""
import os
import subprocess
import sys
import tempfile

CHECK = sys.argv[1]
failures = 0


def run(name, layers, files, want_rc, want=()):
    """Writes files ({path: text}) and layers under a fresh folder, runs the check on it: it
    must exit with want_rc and print exactly one line per string of want, containing it."""
    global failures
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, 'src')
        for path, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(src, path)), exist_ok=True)
            with open(os.path.join(src, path), 'w') as f:
                f.write(text)
        with open(os.path.join(d, 'layers.txt'), 'w') as f:
            f.write(layers)
        r = subprocess.run([sys.executable, CHECK, '--layers', os.path.join(d, 'layers.txt'), src],
                           capture_output=True, text=True)
    lines = r.stdout.splitlines()
    missing = [w for w in want if not any(w in line for line in lines)]
    if r.returncode != want_rc or missing or len(lines) != len(want):
        failures += 1
        print(f'FAIL {name}: exit {r.returncode} (want {want_rc}); missing {missing}')
        print('  ' + '\n  '.join(lines + r.stderr.splitlines()))
    else:
        print(f'ok   {name}: exit {r.returncode}, {len(lines)} line(s)')
    return lines


LAYERS = 'low\nhigh  # above low\n'
LOW_H = 'void low_fn(void);\n'
LOW_C = '#include "low/low.h"\nvoid low_fn(void) {}\n'

# What is allowed: high calls down; low calls up only through a hook high installs.
run('hook installed from above', LAYERS, {
    'low/low.h': LOW_H + 'extern void (*low_hook)(int pe);\nvoid low_run(void);\n',
    'low/low.c': '#include "low/low.h"\nvoid (*low_hook)(int pe);\nvoid low_fn(void) {}\n'
                 'void low_run(void) { if (low_hook) low_hook(0); }\n',
    'high/high.h': 'void high_serve(int pe);\n',
    'high/high.c': '#include "high/high.h"\n#include "low/low.h"\n'
                   'void high_serve(int pe) { (void)pe; low_fn(); }\n'
                   'void high_init(void) { low_hook = high_serve; }\n',
}, 0)

# Names spelled like high's that are not uses of it.
run('members, parameters, locals, tags, comments', LAYERS, {
    'low/low.h': LOW_H + 'struct high_serve { int high_count; };\n'
                 'struct ops { void (*high_serve)(void); int high_count; };\n',
    'low/low.c': LOW_C + '/* high_serve() is called from high */\n'
                 'static int f(int high_count, struct ops *o) { int high_serve = 1;\n'
                 '    o->high_serve(); return high_count + high_serve + (int)sizeof(struct high_serve); }\n'
                 'const char *name = "high_serve";\n',
    'high/high.c': '#include "low/low.h"\nint high_count;\nvoid high_serve(void) { low_fn(); }\n',
}, 0)

run('back edge by include', LAYERS, {
    'low/low.h': LOW_H,
    'low/low.c': LOW_C + '#include "high/high.h"\n',
    'high/high.h': 'void high_fn(void);\n',
    'high/high.c': '#include "high/high.h"\nvoid high_fn(void) {}\n',
}, 1, ['low/low.c:3: back edge: low/low (low, layer 1) -> high/high (high, layer 2)'])

run('back edge by a call alone', LAYERS, {
    'low/low.h': LOW_H,
    'low/low.c': LOW_C + 'void high_fn(void);\nvoid low_more(void) { high_fn(); }\n',
    'high/high.c': 'void high_fn(void) {}\n',
}, 1, ['low/low.c:4: back edge: low/low (low, layer 1) -> high/high (high, layer 2): uses high_fn'])

run('sideways in one layer', 'left right\n', {
    'left/a.c': '#include "right/b.h"\n',
    'right/b.h': 'int b;\n',
}, 1, ['left/a.c:1: sideways: left/a (left) -> right/b (right)'])

run('circle between sources', 'low\n', {
    'low/a.h': 'void a_fn(void);\n',
    'low/a.c': '#include "low/a.h"\n#include "low/b.h"\nvoid a_fn(void) { b_fn(); }\n',
    'low/b.h': 'void b_fn(void);\n',
    'low/b.c': '#include "low/b.h"\n#include "low/a.h"\nvoid b_fn(void) { a_fn(); }\n',
}, 1, ['circle: low/a -> low/b (low/a.c:2: #include "low/b.h"); low/b -> low/a'])

run('circle through a header\'s inline code', 'low\n', {
    'low/fast.h': 'int slow_path(int x);\n'
                  'static inline int fast(int x) { return x > 0 ? x : slow_path(x); }\n',
    'low/slow.c': '#include "low/fast.h"\nint slow_path(int x) { return x ? fast(-x) : 0; }\n',
}, 1, ['circle: low/fast -> low/slow (low/fast.h:2: uses slow_path); low/slow -> low/fast'])

run('a folder in no layer', 'low\n', {
    'low/low.h': LOW_H,
    'stray/s.c': '#include "low/low.h"\n',
}, 1, ['stray/s.c: its folder is in no layer'])

print(f'{failures} failure(s)')
sys.exit(1 if failures else 0)
