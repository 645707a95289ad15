#!/usr/bin/env python3
"""architecture_doc_test.py ROOT: docs/architecture.md names only files and folders that exist,
and its layer diagram lists the folders of tools/layers.txt in the same order.

A path is a `quoted` word with a / or a file suffix. With a /, it is relative to ROOT or to
runtime/src; without one, relative to the folder of its table row ("What each folder owns"),
else a file of that name must exist in the project. * matches as in a shell."""
import fnmatch
import glob
import os
import re
import sys

ROOT = sys.argv[1]
SRC = os.path.join(ROOT, 'runtime', 'src')
DOC = os.path.join(ROOT, 'docs', 'architecture.md')
SUFFIX = re.compile(r'\.(c|h|cu|cuh|hpp|cpp|md|txt|py|sh|build)$')
failures = []


def exists(path, bases):
    return any(glob.glob(os.path.join(b, path.rstrip('/'))) for b in bases)


all_names = set()
for top in ('runtime', 'device', 'cxx', 'tools', 'docs', 'tests', 'benches', 'examples'):
    for _, _, names in os.walk(os.path.join(ROOT, top)):
        all_names.update(names)

with open(DOC, encoding='utf-8') as f:
    lines = f.read().split('\n')

named = 0
for no, line in enumerate(lines, 1):
    row = re.match(r'\| `([a-z/_]+)` \|', line)
    for word in re.findall(r'`([^`\s]+)`', line):
        word = re.sub(r'[:,]$', '', word)
        if not ('/' in word or SUFFIX.search(word)) or word.startswith(('-', 'http')):
            continue
        named += 1
        here = [os.path.join(SRC, row.group(1))] if row else []
        if '/' in word:
            ok = exists(word, [ROOT, SRC] + here)
        elif row:
            ok = exists(word, here)
        else:
            ok = any(fnmatch.fnmatch(n, word) for n in all_names)
        if not ok:
            failures.append(f'{DOC}:{no}: `{word}` does not exist')

# The diagram: the first text block under "## Layers", highest layer first; each line starts
# with its folders, two spaces or more before what they own.
start = lines.index('## Layers')
begin = next(i for i in range(start, len(lines)) if lines[i].startswith('```'))
end = next(i for i in range(begin + 1, len(lines)) if lines[i].startswith('```'))
drawn = []
for line in lines[begin + 1:end]:
    folders = re.split(r'\s{2,}', line.strip())[0].split()
    if folders and all(os.path.isdir(os.path.join(SRC, w)) for w in folders):
        drawn.append(folders)
    elif line.strip():
        failures.append(f'{DOC}:{begin + 1 + lines[begin:end].index(line)}: the diagram line '
                        f'"{line.strip()}" does not start with folders of runtime/src')
with open(os.path.join(ROOT, 'tools', 'layers.txt'), encoding='utf-8') as f:
    listed = [l.split('#', 1)[0].split() for l in f]
listed = [l for l in listed if l][::-1]
if drawn != listed:
    failures.append(f'{DOC}:{begin + 1}: the diagram draws {drawn}, tools/layers.txt lists '
                    f'{listed} (highest first)')

for line in failures:
    print('FAIL ' + line)
print(f'{named} paths and {len(drawn)} layers checked; {len(failures)} failure(s)')
sys.exit(1 if failures else 0)
