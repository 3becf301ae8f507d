#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The meson test binding-tables (suite ffi): the tables of the bindings
come from the headers, and drift between them fails.

Environment (set by bindings/meson.build): GEN_BINDINGS (the generator),
CARCASSONNE_INCLUDE (include/carcassonne), PYTHON_ABI, JS_ABI and
JS_ABI_DTS (the modules and TypeScript declarations this build
generated).

1. A header change reaches both bindings or stops the build: an enum
   member added to a header copy appears in the generated Python and JS
   modules with its value, and in the TypeScript declarations with its
   value and its name; a new public enum, #define or struct that the
   binding description does not mention makes the generator fail, naming
   it; so does a description entry the headers lack.
2. The modules and declarations this build generated are what the
   generator makes of the headers now (no stale copy); index.d.ts
   declares none of the generated tables by hand.
3. Both bindings class the same status codes as argument errors: the
   Python and JS modules list the same set, the codes of enum carc_error
   by name.
4. The JS package's version (bindings/js/package.json) and the web
   page's (web/package.json) are meson's project version, as the Python
   package's is (PROJECT_VERSION, JS_PACKAGE_JSON, WEB_PACKAGE_JSON).
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

GEN = os.environ.get('GEN_BINDINGS', '')
INCLUDE = os.environ.get('CARCASSONNE_INCLUDE', '')
PYTHON_ABI = os.environ.get('PYTHON_ABI', '')
JS_ABI = os.environ.get('JS_ABI', '')
JS_ABI_DTS = os.environ.get('JS_ABI_DTS', '')


def generate(incdir, kind, out):
    return subprocess.run([sys.executable, GEN, incdir, kind, out],
                          capture_output=True, text=True)


class Tables(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix='carc-tables-')
        self.inc = os.path.join(self.tmp, 'carcassonne')
        shutil.copytree(INCLUDE, self.inc)

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def edit(self, header, old, new):
        path = os.path.join(self.inc, header)
        with open(path, encoding='utf-8') as f:
            text = f.read()
        self.assertEqual(text.count(old), 1, old)
        with open(path, 'w', encoding='utf-8') as f:
            f.write(text.replace(old, new))

    def out(self, kind):
        path = os.path.join(self.tmp, kind)
        r = generate(self.inc, kind, path)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(path, encoding='utf-8') as f:
            return f.read()

    def fails(self, kind, *words):
        r = generate(self.inc, kind, os.path.join(self.tmp, kind))
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        for w in words:
            self.assertIn(w, r.stderr)

    def test_new_member_reaches_both_bindings(self):
        self.edit('carcassonne.h', '\tCARC_PHASE_SECOND_TILE = 7,\n',
                  '\tCARC_PHASE_SECOND_TILE = 7,\n\tCARC_PHASE_AUCTION,\n')
        py = self.out('python')
        self.assertRegex(py, r'class Phase\(_Named\):(\n    .*)*'
                             r'\n    SECOND_TILE = 7\n    AUCTION = 8\n')
        js = self.out('js')
        self.assertRegex(js, r'export const Phase = Object\.freeze\(\{ .*'
                             r'SECOND_TILE: 7, AUCTION: 8 \}\);')
        ts = self.out('ts')
        self.assertRegex(ts, r'export declare const Phase: Readonly<\{\n'
                             r'(\t.*\n)*\t.*SECOND_TILE: 7; AUCTION: 8;\n\}>;')
        self.assertRegex(ts, r"export type PhaseName =\n(\t.*\n)*"
                             r"\t.*'second-tile' \| 'auction';\n")
        self.assertIn('CHECK(CARC_PHASE_AUCTION == 8);', self.out('c-check'))

    def test_struct_member_reaches_the_declarations(self):
        self.edit('learn.h', '\tuint32_t fallback_count;\n',
                  '\tuint32_t fallback_count;\n'
                  '\t/** Actions of the auction. */\n'
                  '\tuint32_t auction_count;\n')
        ts = self.out('ts')
        self.assertRegex(ts, r'export interface LearnShape \{\n(\t.*\n)*'
                             r'\t/\*\* Actions of the auction\. \*/\n'
                             r'\treadonly auctionCount: number;\n\}')
        self.assertIn('auctionCount: 108;', ts)

    def test_undescribed_additions_fail(self):
        self.edit('search.h', '#define CARC_BOT_MAX_THREADS 64\n',
                  '#define CARC_BOT_MAX_THREADS 64\n'
                  'enum carc_bot_mood { CARC_MOOD_GRUMPY = 1 };\n'
                  '#define CARC_BOT_MAX_MOOD 3\n'
                  'struct carc_bot_diary { uint32_t size; };\n')
        for kind in ('python', 'js', 'ts', 'c-check'):
            self.fails(kind, 'enum carc_bot_mood', '#define CARC_BOT_MAX_MOOD',
                       'struct carc_bot_diary')

    def test_removed_entries_fail(self):
        self.edit('carcassonne.h', '#define CARC_SHAPE_MAX_POINTS 64\n', '')
        self.fails('python', '#define CARC_SHAPE_MAX_POINTS')

    def test_unreadable_member_fails(self):
        self.edit('carcassonne.h', 'CARC_EDGE_FIELD = 3,',
                  'CARC_EDGE_FIELD = CARC_EDGE_WATER,')
        self.fails('js', 'unknown name CARC_EDGE_WATER')

    def test_built_modules_are_current(self):
        for kind, built in (('python', PYTHON_ABI), ('js', JS_ABI),
                            ('ts', JS_ABI_DTS)):
            with open(built, encoding='utf-8') as f:
                self.assertEqual(f.read(), self.out(kind), built)

    def test_index_d_ts_declares_no_table(self):
        # the tables reach index.d.ts only through carcassonne-abi.d.mts
        dts = os.path.join(os.path.dirname(os.environ['JS_PACKAGE_JSON']),
                           'index.d.ts')
        with open(dts, encoding='utf-8') as f:
            text = f.read()
        with open(JS_ABI_DTS, encoding='utf-8') as f:
            generated = f.read()
        found = re.findall(r'^export (declare const|type|interface) '
                           r'(\w+)', generated, re.M)
        self.assertIn(('declare const', 'Phase'), found)
        self.assertIn(('interface', 'LearnShape'), found)
        for kind, n in found:
            # a value and a type may share a name (LearnDtype)
            kinds = ('declare const',) if kind == 'declare const' \
                else ('type', 'interface')
            hand = [k for k in kinds if re.search(
                r'\bexport %s %s\b' % (k, n), text)]
            self.assertFalse(hand, f'index.d.ts declares {n}, which '
                             'carcassonne-abi.d.mts generates from the '
                             'headers: re-export it instead')
        self.assertIn("from './carcassonne-abi.mjs';", text)

    def test_same_argument_errors(self):
        with open(PYTHON_ABI, encoding='utf-8') as f:
            py = f.read()
        with open(JS_ABI, encoding='utf-8') as f:
            js = f.read()
        py_set = re.search(r'ARGUMENT_ERRORS = frozenset\(\{([-\d, ]+)\}\)',
                           py).group(1)
        js_set = re.search(r'ARGUMENT_ERRORS = Object\.freeze\(new Set\('
                           r'\[([-\d, ]+)\]\)\)', js).group(1)
        codes = {int(c) for c in py_set.split(',')}
        self.assertEqual(codes, {int(c) for c in js_set.split(',')})
        with open(os.path.join(INCLUDE, 'carcassonne.h'),
                  encoding='utf-8') as f:
            header = f.read()
        named = {int(v) for n, v in re.findall(
            r'\b(CARC_E_\w+) = (-\d+),', header)
            if n in ('CARC_E_INVALID', 'CARC_E_UNKNOWN_TILE',
                     'CARC_E_NO_FEATURE', 'CARC_E_UNKNOWN_OPTION',
                     'CARC_E_NOT_FOUND')}
        self.assertEqual(codes, named)

    def test_js_package_version_is_the_project_version(self):
        for var in ('JS_PACKAGE_JSON', 'WEB_PACKAGE_JSON'):
            with open(os.environ[var], encoding='utf-8') as f:
                package = json.load(f)
            self.assertEqual(package['version'],
                             os.environ['PROJECT_VERSION'],
                             f'{os.environ[var]}: set "version" to '
                             "meson.build's project version")


if __name__ == '__main__':
    if not (GEN and INCLUDE and PYTHON_ABI and JS_ABI and JS_ABI_DTS):
        sys.exit('test-tables.py: run it with meson test binding-tables')
    unittest.main(verbosity=2)
