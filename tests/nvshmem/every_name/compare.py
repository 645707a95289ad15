#!/usr/bin/env python3
"""Which public identifiers of an NVSHMEM include directory every_name.cu does not name.

    compare.py NVSHMEM_INCLUDE_DIR [nvcc]

Preprocesses NVSHMEM's nvshmem.h and nvshmemx.h (device and host passes, with stand-ins for
the two headers its build generates), collects the routines, types, enumerators and macros
whose names start nvshmem_/nvshmemx_/NVSHMEM_/NVSHMEMX_, and prints those that do not occur
in every_name.cu's list (preprocessed with EVERY_NAME_LIST), less the ones it leaves out on
purpose (see every_name.cu's head). Exit 1 when some are missing. Not run by CI (NVSHMEM's
headers are not part of Shoal): run it when NVSHMEM's API moves, then extend the list."""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LEFT_OUT = re.compile(r'^(nvshmem_attr|nvshmem_device_lib_version|nvshmemx_put6_signal.*|tile_.*|NVSHMEM_(TYPE|TYPENAME|GETSIZE|PUTSIZE|IGETSIZE|IPUTSIZE)_.*'
                      r'|NVSHMEM_(ALWAYS_STATIC|HOST_H|TYPES_H)|.*complex[fd]_.*)$')


def preprocess(nvcc, inc, src, extra):
    with tempfile.TemporaryDirectory() as tmp:
        gen = os.path.join(tmp, 'non_abi')
        os.makedirs(os.path.join(gen, 'device', 'pt-to-pt'))
        for name, text in (('nvshmem_build_options.h', '#pragma once\n'),
                           ('nvshmem_version.h', '#pragma once\n#define NVSHMEM_VENDOR_MAJOR_VERSION 3\n'
                            '#define NVSHMEM_VENDOR_MINOR_VERSION 4\n#define NVSHMEM_VENDOR_PATCH_VERSION 5\n'
                            '#define NVSHMEM_VENDOR_PACKAGE_VERSION 0\n#define NVSHMEM_BUILD_VARS ""\n')):
            with open(os.path.join(gen, name), 'w') as f:
                f.write(text)
        tin = os.path.join(inc, 'non_abi', 'device', 'pt-to-pt', 'transfer_device.cuh.in')
        if os.path.exists(tin):
            with open(tin) as f, open(os.path.join(gen, 'device', 'pt-to-pt', 'transfer_device.cuh'), 'w') as g:
                g.write(re.sub(r'@[A-Z_]+@', '', f.read()))
        main = os.path.join(tmp, 'all.cu')
        with open(main, 'w') as f:
            f.write(src)
        out = subprocess.run([nvcc, '-std=c++17', '-E', '-I' + tmp, '-I' + inc, main] + extra,
                             check=True, capture_output=True, text=True).stdout
        return out


def nvshmem_names(nvcc, inc):
    names = set()
    for extra in ([], ['-Xcompiler', '-dM']):
        text = preprocess(nvcc, inc, '#include <nvshmem.h>\n#include <nvshmemx.h>\n', extra)
        if extra:
            names |= set(re.findall(r'#define ((?:NVSHMEMX?|nvshmemx?)_\w+)', text))
        else:
            body = re.sub(r'^#.*$', '', text, flags=re.M)
            body = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', body)  # not what string literals name
            names |= set(re.findall(r'\b((?:nvshmemx?|NVSHMEMX?)_\w+)\b', body))
    return {n for n in names if not LEFT_OUT.match(n)}


def listed(nvcc):
    src = open(os.path.join(HERE, 'every_name.cu')).read()
    out = subprocess.run([nvcc, '-std=c++17', '-E', '-DEVERY_NAME_LIST', '-x', 'cu', '-'], input=src,
                         check=True, capture_output=True, text=True).stdout
    return set(re.findall(r'\b\w+\b', out))


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    nvcc = sys.argv[2] if len(sys.argv) > 2 else 'nvcc'
    missing = sorted(nvshmem_names(nvcc, sys.argv[1]) - listed(nvcc))
    for n in missing:
        print(n)
    print(f'{len(missing)} public NVSHMEM names are not in every_name.cu', file=sys.stderr)
    return 1 if missing else 0


if __name__ == '__main__':
    sys.exit(main())
