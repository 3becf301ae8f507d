#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write emscripten's EXPORTED_FUNCTIONS list from lib/carcassonne.map.

    exports.py lib/carcassonne.map OUT.json

The WebAssembly module exports exactly the functions of the shared
library's symbol map (every global name of every node), with the
leading underscore emscripten wants, plus malloc and free, which the
JavaScript package uses for its buffers, and sbrk, whose sbrk(0) (the
top of the malloc heap) the package's leak test reads.  Generated at build time, so the
list never drifts from the map.
"""
import json
import re
import sys


def symbols(text):
    text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
    names = []
    for body in re.findall(r'\{(.*?)\}', text, flags=re.S):
        body = body.split('local:')[0]
        for word in re.findall(r'([A-Za-z_][A-Za-z0-9_]*)\s*;', body):
            names.append(word)
    return names


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: exports.py MAP OUT.json')
    with open(sys.argv[1]) as f:
        names = symbols(f.read())
    if not names or any(not n.startswith('carc_') for n in names):
        sys.exit('exports.py: unexpected symbols in %s' % sys.argv[1])
    out = ['_' + n for n in sorted(set(names))] + ['_malloc', '_free', '_sbrk']
    with open(sys.argv[2], 'w') as f:
        json.dump(out, f, indent=0)
        f.write('\n')


if __name__ == '__main__':
    main()
