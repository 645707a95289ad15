#!/usr/bin/env python3
"""Checks the layering of runtime/src (docs/architecture.md describes the layers).

usage: check_layers.py [--layers FILE] [--list] [SRC]

SRC (default: runtime/src beside this script's folder) is read as a graph of components: a
component is a header and the source of the same name (sync/doorbell.h + sync/doorbell.c), or
a lone header or source. Component A depends on component B when a file of A
  - includes a file of B (#include "..."; resolved like the compiler does, first in the
    including file's folder, then in SRC), or
  - names something B defines: a function or variable that B.c defines without `static`, or a
    function, macro, enum constant, typedef or variable that B.h defines. A call, a function
    installed as a hook (its address taken) and a read of a global all count; a prototype,
    an extern declaration, a member name, a struct tag, a parameter or local of the same
    spelling, comments and strings do not.
Names are read from the C text, not from the compiler: definitions made by macros (the typed
API's X-macros) are not seen, so calls of those entry points count through the includes only.

FILE (default: layers.txt beside this script) lists the layers, lowest first, one per line:
the folders of SRC in it (a file belongs to the longest listed folder that holds it). The
check prints one line per problem and exits 1 when there is any:
  - back edge: a component depends on one in a higher layer;
  - sideways: it depends on one in another folder of its own line (folders of one line know
    nothing of each other);
  - circle: components depend on each other in a circle, within a folder or across;
  - a file in no listed folder, a listed folder that does not exist.
Files outside SRC (the public headers of runtime/include, the generated shoal_config.h) are
not in the graph: the public ABI is below every layer, and includes nothing of SRC.
--list prints the dependencies between folders instead, one example each.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

KEYWORDS = set("""auto break case char const continue default do double else enum extern float
for goto if inline int long register restrict return short signed sizeof static struct switch
typedef union unsigned void volatile while _Alignas _Alignof _Atomic _Bool _Complex _Generic
_Imaginary _Noreturn _Static_assert _Thread_local __attribute__ __typeof__ typeof __asm__
__volatile__ __extension__ __restrict __inline noreturn""".split())
TYPE_WORDS = {'char', 'short', 'int', 'long', 'float', 'double', 'void', 'signed', 'unsigned',
              'const', 'volatile', '_Bool', '_Complex', 'struct', 'union', 'enum', 'static'}
TAGS = ('struct', 'union', 'enum')
NOT_A_USE = ('.', '->') + TAGS  # what comes before a member name or a tag

TOKEN = re.compile(r"[A-Za-z_]\w*|\.?[0-9](?:[eEpP][+-]|[\w.])*|->|\.\.\.|[^\sA-Za-z_0-9]")
NAME = re.compile(r'[A-Za-z_]\w*$')
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
DEFINE = re.compile(r'^\s*#\s*define\s+([A-Za-z_]\w*)(\([^)]*\))?(.*)$', re.S)
# An object-like macro that makes a definition file-local (SHOAL_HOT_INLINE).
STATIC_MACRO = re.compile(r'^\s*#\s*define\s+([A-Za-z_]\w*)\s[^\n]*\bstatic\b', re.M)


def is_name(t):
    return bool(NAME.match(t)) and t not in KEYWORDS


def strip_comments_and_strings(text):
    """text with comments blanked and string and character literals emptied, lines kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif text.startswith('//', i):
            j = text.find('\n', i)
            i = n if j < 0 else j
        elif c in '"\'':
            j = i + 1
            while j < n and text[j] not in (c, '\n'):
                j += 2 if text[j] == '\\' else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def logical_lines(text):
    """(number of the first line, line) with backslash-newlines joined."""
    lines = text.split('\n')
    i = 0
    while i < len(lines):
        start, cur = i + 1, lines[i]
        while cur.endswith('\\') and i + 1 < len(lines):
            i += 1
            cur = cur[:-1] + ' ' + lines[i]
        yield start, cur
        i += 1


def split_top(tokens, sep):
    """tokens split at the separators outside parentheses and brackets."""
    parts, cur, depth = [], [], 0
    for t in tokens:
        depth += (t in ('(', '[')) - (t in (')', ']'))
        if t == sep and depth == 0:
            parts.append(cur)
            cur = []
        else:
            cur.append(t)
    parts.append(cur)
    return parts


def drop_attributes(tokens):
    out, i = [], 0
    while i < len(tokens):
        if tokens[i] != '__attribute__':
            out.append(tokens[i])
            i += 1
            continue
        depth, i = 0, i + 1
        while i < len(tokens):
            depth += (tokens[i] == '(') - (tokens[i] == ')')
            i += 1
            if depth == 0:
                break
    return out


def matching_open(tokens, close):
    depth = 0
    for k in range(close, -1, -1):
        depth += (tokens[k] == ')') - (tokens[k] == '(')
        if depth == 0:
            return k
    return -1


def pointer_name(part):
    """name when part declares a pointer to a function, `... ( * name ) ( ... )`; else None."""
    if '(' not in part:
        return None
    j = part.index('(') + 1
    if j >= len(part) or part[j] != '*':
        return None
    while j < len(part) and part[j] in ('*', 'const'):
        j += 1
    return part[j] if j < len(part) and is_name(part[j]) else None


def function_name(item):
    """The function that the declaration `item`, followed by a body, defines; None if none."""
    toks = drop_attributes(item)
    if not toks or toks[-1] != ')':
        return None
    k = matching_open(toks, len(toks) - 1)
    if k <= 0:
        return None
    if toks[k - 1] == ')':  # void (name)(args): a name kept from a function-like macro
        inner = toks[matching_open(toks, k - 1) + 1:k - 1]
        return inner[0] if len(inner) == 1 and is_name(inner[0]) else None
    return toks[k - 1] if is_name(toks[k - 1]) else None


def parameter_names(item):
    """The parameters of the last parenthesised list of item."""
    toks = drop_attributes(item)
    k = matching_open(toks, len(toks) - 1)
    names = set()
    for part in split_top(toks[k + 1:-1], ','):
        part = split_top(part, '[')[0]
        name = pointer_name(part) or (part[-1] if len(part) >= 2 and is_name(part[-1]) else None)
        if name:
            names.add(name)
    return names


def local_names(body):
    """What a function body declares: `TYPE [*...] name` before = ; , [ or )."""
    return {t for before, t, after in zip(body, body[1:], body[2:])
            if is_name(t) and after in ('=', ';', ',', '[', ')') and
            (before == '*' or before in TYPE_WORDS or is_name(before))}


def member_names(body):
    """Positions in a struct or union body of the names of its members."""
    out, depth = [], 0
    for k, t in enumerate(body[:-1]):
        depth += (t in ('(', '{', '[')) - (t in (')', '}', ']'))
        if not is_name(t):
            continue
        if depth == 0 and body[k + 1] in (';', ',', '[', ':'):
            out.append(k)
        elif depth == 1 and k > 0 and body[k - 1] == '*' and body[k + 1] == ')':  # (*name)(...)
            out.append(k)
    return out


def variable_names(item):
    """The variables a declaration (ending in ;) defines: none for prototypes and macro calls."""
    names = []
    for decl in split_top(drop_attributes(item), ','):
        decl = split_top(decl, '=')[0]
        name = pointer_name(decl)
        if name:
            names.append(name)
        elif '(' not in decl:
            decl = split_top(decl, '[')[0]
            if len([t for t in decl if is_name(t)]) >= 2 and is_name(decl[-1]):
                names.append(decl[-1])
    return names


def prototype_positions(item):
    """Positions in item of the names its function prototypes declare, parameters included."""
    out, depth, opened = [], 0, None
    for k, t in enumerate(item):
        if t == '(':
            if depth == 0 and k > 0 and is_name(item[k - 1]):
                out.append(k - 1)
                opened = k
            depth += 1
        elif t == ')':
            depth -= 1
            if depth == 0 and opened is not None:
                params = item[opened + 1:k]
                names = parameter_names(['('] + params + [')'])
                out.extend(opened + 1 + j for j, x in enumerate(params) if x in names)
                opened = None
    return out


def typedef_names(item):
    toks = drop_attributes(item)
    name = pointer_name(toks)
    if name:
        return [name]
    toks = split_top(toks, '[')[0]
    return [toks[-1]] if toks and is_name(toks[-1]) else []


def block_end(toks, i):
    """The position of the } that closes the { at i."""
    depth = 0
    for j in range(i, len(toks)):
        depth += (toks[j] == '{') - (toks[j] == '}')
        if depth == 0:
            return j
    return len(toks)


class Component:
    def __init__(self, name):
        self.name = name        # "sync/doorbell"
        self.files = []         # paths relative to SRC
        self.local = set()      # every name its files define
        self.exported = set()   # what other components may name
        self.includes = []      # (file, line, included path relative to SRC)
        self.uses = []          # (file, line, name)

    def read(self, src, rel, static_macros):
        """Adds the definitions, includes and uses of file rel."""
        self.files.append(rel)
        header = rel.endswith('.h')
        with open(os.path.join(src, rel), encoding='utf-8', errors='replace') as f:
            raw = f.read()
        for no, line in enumerate(raw.split('\n'), 1):
            m = INCLUDE.match(line)
            if m:
                for cand in (os.path.join(os.path.dirname(rel), m.group(1)), m.group(1)):
                    cand = os.path.normpath(cand)
                    if os.path.isfile(os.path.join(src, cand)):
                        self.includes.append((rel, no, cand))
                        break
        code = []  # (token, line) outside preprocessor lines
        for no, line in logical_lines(strip_comments_and_strings(raw)):
            if not line.lstrip().startswith('#'):
                code.extend((t, no) for t in TOKEN.findall(line))
                continue
            m = DEFINE.match(line.lstrip())
            if not m:
                continue
            self.local.add(m.group(1))
            if header and not m.group(1).endswith('_H'):
                self.exported.add(m.group(1))
            params = set(re.findall(r'\w+', m.group(2) or ''))
            body = TOKEN.findall(m.group(3))
            for prev, t in zip([''] + body, body):
                if is_name(t) and t not in params and prev not in NOT_A_USE + ('#', '##'):
                    self.uses.append((rel, no, t))
        toks = [t for t, _ in code]
        skip = self.definitions(toks, header, static_macros)
        for k, (t, no) in enumerate(code):
            if is_name(t) and (k == 0 or toks[k - 1] not in NOT_A_USE) and k not in skip:
                self.uses.append((rel, no, t))

    def define(self, name, header, local_only):
        self.local.add(name)
        if header or not local_only:
            self.exported.add(name)

    def definitions(self, toks, header, static_macros):
        """Records what the file defines at file scope; returns the positions of tokens that
        are no uses (declared names, parameters, locals, members)."""
        skip = set()
        item, at, paren, i = [], [], 0, 0
        while i < len(toks):
            t = toks[i]
            paren += (t in ('(', '[')) - (t in (')', ']'))
            if paren == 0 and t in ('{', ';'):
                local_only = any(x == 'static' or x in static_macros for x in item)
            if t == '{' and paren == 0:
                j = block_end(toks, i)
                body = toks[i + 1:j]
                aggregate = bool(item) and (item[-1] in TAGS or (len(item) > 1 and item[-2] in TAGS))
                name = None if aggregate or '=' in item else function_name(item)
                if name:
                    self.define(name, header, local_only)
                    hidden = parameter_names(item) | local_names(body)
                    skip.update(i + 1 + k for k, x in enumerate(body) if x in hidden)
                    skip.update(at[k] for k, x in enumerate(item) if x in hidden)
                    item, at = [], []
                else:
                    if aggregate and 'enum' in item[-2:]:
                        if header:
                            for part in split_top(body, ','):
                                if part and is_name(part[0]):
                                    self.define(part[0], header, False)
                    elif aggregate:
                        skip.update(i + 1 + k for k in member_names(body))
                    item.append('{}')
                    at.append(-1)
                i = j + 1
                continue
            if t == ';' and paren == 0:
                if 'typedef' in item:
                    for name in typedef_names(item):
                        self.define(name, header, True)
                elif 'extern' in item:
                    names = variable_names([x for x in item if x != 'extern'])
                    skip.update(at[k] for k, x in enumerate(item) if x in names)
                    skip.update(at[k] for k in prototype_positions(item))
                else:
                    for name in variable_names(item):
                        self.define(name, header, local_only)
                    skip.update(at[k] for k in prototype_positions(item))
                item, at = [], []
            else:
                item.append(t)
                at.append(i)
            i += 1
        return skip


def folder_of(component):
    return os.path.dirname(component)


def scan_tree(src):
    """{component name: Component} for every .c and .h file under src."""
    files = []
    for d, dirs, names in os.walk(src):
        dirs.sort()
        files += [os.path.relpath(os.path.join(d, n), src) for n in sorted(names)
                  if n.endswith(('.c', '.h'))]
    static_macros = set()
    for rel in files:
        with open(os.path.join(src, rel), encoding='utf-8', errors='replace') as f:
            static_macros.update(STATIC_MACRO.findall(f.read()))
    comps = {}
    for rel in files:
        name = os.path.splitext(rel)[0]
        comps.setdefault(name, Component(name)).read(src, rel, static_macros)
    return comps


def build_edges(comps):
    """{(a, b): (file, line, why)}: the first reason component a depends on b. A name that
    two components define is ignored (none does in a tree that links)."""
    owner = {}
    for c in comps.values():
        for name in c.exported:
            owner.setdefault(name, set()).add(c.name)
    edges = {}
    for c in comps.values():
        for rel, no, inc in c.includes:
            b = os.path.splitext(inc)[0]
            if b != c.name:
                edges.setdefault((c.name, b), (rel, no, f'#include "{inc}"'))
        for rel, no, name in c.uses:
            owners = owner.get(name, ())
            if name in c.local or len(owners) != 1:
                continue
            b = next(iter(owners))
            if b != c.name:
                edges.setdefault((c.name, b), (rel, no, f'uses {name}'))
    return edges


def read_layers(path):
    """[[folder, ...], ...], lowest first; # starts a comment."""
    with open(path, encoding='utf-8') as f:
        lines = [line.split('#', 1)[0].split() for line in f]
    return [[x.strip('/') for x in line] for line in lines if line]


def layer_of(folder, index):
    """(layer number, listed folder) of the longest listed folder holding folder."""
    best = None
    for listed in index:
        if (folder == listed or folder.startswith(listed + '/')) and \
                (best is None or len(listed) > len(best)):
            best = listed
    return (index[best], best) if best is not None else (None, None)


def circles(nodes, edges):
    """The strongly connected components of more than one node (Tarjan's, iteratively)."""
    succ = {v: [] for v in nodes}
    for a, b in sorted(edges):
        succ[a].append(b)
    index, low, on, stack, out = {}, {}, set(), [], []
    for root in sorted(nodes):
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            v, k = work.pop()
            if k == 0:
                index[v] = low[v] = len(index)
                stack.append(v)
                on.add(v)
            if k < len(succ[v]):
                work.append((v, k + 1))
                w = succ[v][k]
                if w not in index:
                    work.append((w, 0))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            if low[v] == index[v]:
                scc = []
                while not scc or scc[-1] != v:
                    scc.append(stack.pop())
                    on.discard(scc[-1])
                if len(scc) > 1:
                    out.append(sorted(scc))
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
    return out


def shortest_circle(scc, edges):
    """A shortest circle through scc's first node: [first, ..., first]."""
    members = set(scc)
    succ = {v: sorted(b for a, b in edges if a == v and b in members) for v in scc}
    start, prev, queue = scc[0], {scc[0]: None}, [scc[0]]
    while queue:
        v = queue.pop(0)
        for w in succ[v]:
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return path[::-1] + [start]
            if w not in prev:
                prev[w] = v
                queue.append(w)
    return scc + [start]


def check(src, layers_path):
    """The problems, one line each."""
    problems, index = [], {}
    for lv, folders in enumerate(read_layers(layers_path)):
        for fd in folders:
            if fd in index:
                problems.append(f'{layers_path}: {fd} is listed twice')
            if not os.path.isdir(os.path.join(src, fd)):
                problems.append(f'{layers_path}: {fd} is not a folder of {src}')
            index[fd] = lv
    comps = scan_tree(src)
    edges = build_edges(comps)
    for c in sorted(comps):
        if layer_of(folder_of(c), index)[0] is None:
            problems += [f'{rel}: its folder is in no layer of {layers_path}'
                         for rel in comps[c].files]
    for (a, b), (rel, no, why) in sorted(edges.items()):
        la, fa = layer_of(folder_of(a), index)
        lb, fb = layer_of(folder_of(b), index)
        if la is None or lb is None or fa == fb:
            continue
        if la < lb:
            problems.append(f'{rel}:{no}: back edge: {a} ({fa}, layer {la + 1}) -> {b} ({fb}, '
                            f'layer {lb + 1}): {why}')
        elif la == lb:
            problems.append(f'{rel}:{no}: sideways: {a} ({fa}) -> {b} ({fb}), both in layer '
                            f'{la + 1}: {why}')
    for scc in circles(comps, edges):
        path = shortest_circle(scc, edges)
        steps = ['{} -> {} ({}:{}: {})'.format(a, b, *edges[(a, b)])
                 for a, b in zip(path, path[1:])]
        rest = f' (one circle holds {len(scc)}: {", ".join(scc)})' if len(scc) > len(path) - 1 else ''
        problems.append('circle: ' + '; '.join(steps) + rest)
    return problems


def list_edges(src, layers_path):
    index = {fd: lv for lv, fds in enumerate(read_layers(layers_path)) for fd in fds}
    seen = {}
    for (a, b), why in sorted(build_edges(scan_tree(src)).items()):
        fa, fb = layer_of(folder_of(a), index)[1], layer_of(folder_of(b), index)[1]
        if fa != fb:
            seen.setdefault((fa, fb), (a, b, why))
    order = lambda kv: (index.get(kv[0][0], -1), index.get(kv[0][1], -1), kv[0])
    for (fa, fb), (a, b, (rel, no, why)) in sorted(seen.items(), key=order):
        print(f'{fa} -> {fb}: {a} -> {b} ({rel}:{no}: {why})')


def main(args):
    layers_path = os.path.join(HERE, 'layers.txt')
    src = os.path.join(os.path.dirname(HERE), 'runtime', 'src')
    listing = False
    while args:
        a = args.pop(0)
        if a == '--layers' and args:
            layers_path = args.pop(0)
        elif a == '--list':
            listing = True
        elif a.startswith('-'):
            print(__doc__.split('\n\n')[1], file=sys.stderr)
            return 2
        else:
            src = a
    if listing:
        list_edges(src, layers_path)
        return 0
    problems = check(src, layers_path)
    for p in problems:
        print(p)
    if problems:
        print(f'check_layers: {len(problems)} problem(s) in {src}', file=sys.stderr)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
