#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write the version script of a build from lib/carcassonne.map.

    map-layers.py MAP OUT [--leave-out LAYER]...

lib/carcassonne.map lists every function of every layer; a function of a
layer on the public API carries the layer's name in a comment on its
line, e.g.

    carc_bot_choose;		/* search */

OUT is MAP without the lines of the layers left out (meson options
picture, search, learn, jcz), so that the shared library exports exactly
what it defines.  The nodes stay, even when one loses every name: a
program linked against a fuller build then fails to load with a clear
symbol-version error.  An unknown layer name in MAP or on the command
line is an error, so a typo cannot keep a symbol in every build.
"""
import re
import sys

LAYERS = ('picture', 'search', 'learn', 'jcz')

SYMBOL_LINE = re.compile(r'^\s*(carc_\w+)\s*;\s*(?:/\*\s*(\w+)\s*\*/)?\s*$')


def main(argv):
    if len(argv) < 3:
        sys.exit('usage: map-layers.py MAP OUT [--leave-out LAYER]...')
    src, out, rest = argv[1], argv[2], argv[3:]
    leave_out = set()
    while rest:
        if rest[0] != '--leave-out' or len(rest) < 2:
            sys.exit('map-layers.py: unexpected arguments %r' % rest)
        if rest[1] not in LAYERS:
            sys.exit('map-layers.py: unknown layer %r (one of %s)'
                     % (rest[1], ', '.join(LAYERS)))
        leave_out.add(rest[1])
        rest = rest[2:]
    kept = []
    with open(src, encoding='utf-8') as f:
        for lineno, line in enumerate(f, 1):
            m = SYMBOL_LINE.match(line)
            if m and m.group(2) is not None:
                if m.group(2) not in LAYERS:
                    sys.exit('%s:%d: %s: unknown layer %r (one of %s)'
                             % (src, lineno, m.group(1), m.group(2),
                                ', '.join(LAYERS)))
                if m.group(2) in leave_out:
                    continue
            kept.append(line)
    # A node whose every name was left out keeps no empty 'global:'.
    text = re.sub(r'\{\s*global:\s*\}', '{\n}', ''.join(kept))
    with open(out, 'w', encoding='utf-8') as f:
        f.write(text)


if __name__ == '__main__':
    main(sys.argv)
