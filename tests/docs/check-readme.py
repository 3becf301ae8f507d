#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check that the README names only things that exist.

Reads the code blocks, code spans and link targets of README.md and
fails on

- a file or directory of the source tree that is not there (a path under
  doc/, tools/, examples/, bindings/, include/, lib/, tests/, cli/, web/,
  .ci/, or a link to a local file); build/examples/NAME and
  build/cli/carcassonne stand for the sources of those programs;
- a header <carcassonne/NAME.h> that include/carcassonne/ does not have;
- a function carc_NAME( or a name CARC_NAME that no public header,
  library source or tool declares;
- a meson option -DNAME that is neither in meson_options.txt nor one of
  meson's own;
- a --flag of a program the line runs (a script under tools/, an example
  program, the carcassonne tool) that the program's source never spells.

    check-readme.py [--root DIR] [--file README.md]
    check-readme.py --self-test        check the checker on a made-up tree
    check-readme.py --extract-c README OUT
                                       write the README's one C example
                                       to OUT (the test readme-example
                                       builds and runs it)

Exit status: 0 when everything named exists, 1 otherwise.
"""

import argparse
import glob
import os
import re
import sys
import tempfile

# meson's own options that a README may pass with -D.
MESON_BUILTIN = {
    'buildtype', 'prefix', 'libdir', 'includedir', 'werror',
    'warning_level', 'optimization', 'debug', 'default_library',
    'b_sanitize', 'b_coverage', 'b_lundef', 'b_ndebug', 'c_std',
    'c_args', 'c_link_args', 'cpp_std', 'strip', 'unity',
}

TREE_DIRS = ('doc', 'tools', 'examples', 'bindings', 'include', 'lib',
             'tests', 'cli', 'web', '.ci')

FENCE = re.compile(r'^\s*```')
CODE_SPAN = re.compile(r'`([^`\n]+)`')
LINK = re.compile(r'\]\(([^)\s]+)\)')
HEADER = re.compile(r'<carcassonne/([\w.-]+\.h)>')
FUNCTION = re.compile(r'\b(carc_\w+)\s*\(')
CONSTANT = re.compile(r'\b(CARC_[A-Z][A-Z0-9_]*)\b')
MESON_OPT = re.compile(r'(?<![\w-])-D([a-z][\w-]*)')
FLAG = re.compile(r'^--([a-z][\w-]*)')
PATH = re.compile(r'(?<![\w./-])((?:\./)?(?:%s)/[\w./+-]*)'
                  % '|'.join(re.escape(d) for d in TREE_DIRS))


def read(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        return f.read()


def code_of(text):
    """[(line number, code text)] of the code blocks and code spans."""
    out = []
    fence = False
    for n, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fence = not fence
            continue
        if fence:
            out.append((n, line))
        else:
            out.extend((n, span) for span in CODE_SPAN.findall(line))
    return out


def sources(root, patterns):
    text = []
    for pattern in patterns:
        for path in sorted(glob.glob(os.path.join(root, pattern),
                                     recursive=True)):
            if os.path.isfile(path):
                text.append(read(path))
    return '\n'.join(text)


class Tree:
    """What the source tree declares, read once."""

    def __init__(self, root):
        self.root = root
        self.options = set(re.findall(r"option\('([\w-]+)'",
                                      read(os.path.join(root,
                                                        'meson_options.txt'))))
        self.api = sources(root, ['include/carcassonne/*.h',
                                  'include/carcassonne/*.h.in'])
        self.names = self.api + sources(root, ['lib/**/*.c', 'lib/**/*.h',
                                               'cli/*.c', 'cli/*.h',
                                               'tools/*', 'meson.build'])
        self.cache = {}

    def exists(self, rel):
        rel = rel.rstrip('.,;:)')
        if rel.startswith('./'):
            rel = rel[2:]
        m = re.match(r'build/examples/([\w-]+)$', rel)
        if m:
            return self.example_source(m.group(1)) is not None
        if rel.startswith('build/cli/'):
            return os.path.isdir(os.path.join(self.root, 'cli'))
        if rel.startswith('build/'):
            return True     # another build output: not checked
        return os.path.exists(os.path.join(self.root, rel))

    def example_source(self, name):
        for cand in ('examples/%s.c' % name, 'examples/bots/%s.c' % name):
            if os.path.isfile(os.path.join(self.root, cand)):
                return cand
        return None

    def program_text(self, word):
        """The source text of the program WORD runs, or None."""
        word = word[2:] if word.startswith('./') else word
        key = word
        if key in self.cache:
            return self.cache[key]
        text = None
        m = re.match(r'(?:build/)?examples/([\w-]+)$', word)
        if m and self.example_source(m.group(1)):
            text = read(os.path.join(self.root,
                                     self.example_source(m.group(1))))
        elif word in ('carcassonne', 'build/cli/carcassonne'):
            text = sources(self.root, ['cli/*.c', 'cli/*.h'])
        elif re.match(r'tools/[\w.-]+$', word) and \
                os.path.isfile(os.path.join(self.root, word)):
            text = read(os.path.join(self.root, word))
            # a script that hands its arguments on ("$@") to a program
            # takes that program's flags too
            self.cache[key] = text
            for line in text.splitlines():
                if '"$@"' in line:
                    for other in line.split():
                        if other != word and other.startswith('build/'):
                            more = self.program_text(other)
                            if more:
                                text += '\n' + more
        self.cache[key] = text
        return text


def check(root, readme):
    tree = Tree(root)
    text = read(readme)
    problems = []
    name = os.path.basename(readme)

    def problem(n, msg):
        problems.append('%s:%d: %s' % (name, n, msg))

    for n, code in code_of(text):
        for rel in PATH.findall(code):
            if not tree.exists(rel):
                problem(n, 'names %s, which is not in the tree' % rel)
        for m in re.finditer(r'(?<![\w./-])(build/[\w./-]+)', code):
            if not tree.exists(m.group(1)):
                problem(n, 'runs %s, whose source is not in the tree'
                        % m.group(1))
        for header in HEADER.findall(code):
            if not (os.path.isfile(os.path.join(root, 'include',
                                                'carcassonne', header)) or
                    os.path.isfile(os.path.join(root, 'include',
                                                'carcassonne',
                                                header + '.in'))):
                problem(n, 'names <carcassonne/%s>, which is not a '
                        'public header' % header)
        for func in FUNCTION.findall(code):
            if not re.search(r'\b%s\s*\(' % re.escape(func), tree.api):
                problem(n, 'calls %s(), which no public header declares'
                        % func)
        for const in CONSTANT.findall(code):
            if not re.search(r'\b%s\b' % re.escape(const), tree.names):
                problem(n, 'names %s, which nothing defines' % const)
        for opt in MESON_OPT.findall(code):
            if opt not in tree.options and opt not in MESON_BUILTIN:
                problem(n, 'passes -D%s, which is not a meson option' % opt)
        # --flags belong to the last program named before them
        program = None
        for word in re.split(r'[\s|;&()]+', code):
            word = word.strip('\'"')
            if not word:
                continue
            if tree.program_text(word) is not None:
                program = word
                continue
            if word in ('meson', 'ninja', 'python3', 'node', 'npm', 'pip',
                        'cc', 'apt-get', 'sudo', 'pkg-config'):
                program = None
                continue
            m = FLAG.match(word)
            if m and program is not None:
                flag = m.group(1)
                if not re.search(r'(?<![\w-])(?:--)?%s(?![\w-])'
                                 % re.escape(flag),
                                 tree.program_text(program)):
                    problem(n, '%s --%s: the program has no such flag'
                            % (program, flag))
    for n, line in enumerate(text.splitlines(), 1):
        for target in LINK.findall(line):
            if re.match(r'[a-z]+:', target) or target.startswith('#'):
                continue
            path = target.split('#', 1)[0]
            if path and not os.path.exists(os.path.join(root, path)):
                problem(n, 'links to %s, which is not in the tree' % path)
    return problems


def self_test():
    with tempfile.TemporaryDirectory() as root:
        def write(rel, text):
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, 'w', encoding='utf-8') as f:
                f.write(text)
        write('meson_options.txt', "option('tests', type: 'feature')\n")
        write('include/carcassonne/carcassonne.h',
              '#define CARC_OK 0\nint carc_game_new(void);\n')
        write('tools/run.sh', 'case "$1" in --quick) ;; esac\n')
        write('examples/demo.c', 'if (!strcmp(a, "--seed")) ;\n')
        write('cli/main.c', '{ "players", 1 },\n')
        write('doc/a.txt', '# A\n')
        good = ('See [a](doc/a.txt) and `doc/a.txt`.\n\n```sh\n'
                'tools/run.sh --quick\nbuild/examples/demo --seed 3\n'
                'build/cli/carcassonne play --players 2\n'
                'meson setup build -Dtests=enabled -Dbuildtype=release\n'
                '```\n\n`carc_game_new()` returns `CARC_OK`; '
                '`#include <carcassonne/carcassonne.h>`\n')
        write('README.md', good)
        found = check(root, os.path.join(root, 'README.md'))
        if found:
            print('self-test FAILED: a good README was refused:\n  '
                  + '\n  '.join(found))
            return 1
        bad = ('See [b](doc/b.txt).\n\n```sh\n'
               'tools/run.sh --slow\nbuild/examples/nodemo\n'
               'build/examples/demo --sed 3\n'
               'build/cli/carcassonne play --player 2\n'
               'meson setup build -Dtest=enabled\n'
               'tools/missing.sh\n'
               '```\n\n`carc_game_old()` returns `CARC_E_GONE`; '
               '`#include <carcassonne/gone.h>`\n')
        write('README.md', bad)
        found = check(root, os.path.join(root, 'README.md'))
        wanted = ['doc/b.txt', '--slow', 'build/examples/nodemo', '--sed',
                  '--player', '-Dtest', 'tools/missing.sh',
                  'carc_game_old', 'CARC_E_GONE', 'gone.h']
        missed = [w for w in wanted if not any(w in p for p in found)]
        if missed or len(found) != len(wanted):
            print('self-test FAILED: expected one problem each for %s, got:'
                  '\n  %s' % (', '.join(wanted), '\n  '.join(found)))
            return 1
    print('self-test passed: %d bad names found, the good ones accepted'
          % len(wanted))
    return 0


def extract_c(readme, out):
    blocks = re.findall(r'^```c\n(.*?)^```$', read(readme), re.S | re.M)
    if len(blocks) != 1:
        print('%s: expected one ```c block, found %d'
              % (readme, len(blocks)))
        return 1
    with open(out, 'w', encoding='utf-8') as f:
        f.write('/* Generated from %s by check-readme.py */\n'
                % os.path.basename(readme))
        f.write(blocks[0])
    return 0


def main():
    if len(sys.argv) == 4 and sys.argv[1] == '--extract-c':
        return extract_c(sys.argv[2], sys.argv[3])
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--root', default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..', '..'))
    ap.add_argument('--file', default='README.md',
                    help='the file to check, relative to the root')
    ap.add_argument('--self-test', action='store_true')
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    root = os.path.abspath(args.root)
    problems = check(root, os.path.join(root, args.file))
    for p in problems:
        print(p)
    if problems:
        print('%d problem(s) in %s' % (len(problems), args.file))
        return 1
    print('%s: every file, header, function, option and flag it names '
          'exists' % args.file)
    return 0


if __name__ == '__main__':
    sys.exit(main())
