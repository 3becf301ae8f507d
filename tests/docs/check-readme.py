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
- a meson option -DNAME that is neither in meson_options.txt (or
  meson.options) nor one of meson's own;
- a --flag of a program the line runs (a script under tools/, an example
  program) that the program's source never spells;
- a command of the carcassonne tool that it does not have, or a --flag
  its help for that command does not list (with --tool, the built tool is
  asked: 'carcassonne help COMMAND'; without, its source is searched);
- a test suite (meson test --suite NAME, or "suite `NAME`" in the text)
  or a test ("test `NAME`") that no meson.build defines, and a target of
  meson compile, ninja or make that no build file defines;
- in the source-tree table, a name in a row that is not in that row's
  directory (`lib/` ... `carcassonne.map` must be lib/carcassonne.map).

    check-readme.py [--root DIR] [--file README.md] [--tool CARCASSONNE]
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
import subprocess
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
TOOL_NAMES = ('carcassonne', 'build/cli/carcassonne')
# "test `a`", "suite `b`", "suites `c`, `d` and `e`"
NAMED_TESTS = re.compile(r'\b(tests?|suites?)\s+((?:`[^`]+`(?:,\s*|\s+and\s+'
                         r'|\s+or\s+)?)+)')
TARGET_FUNCS = ('executable', 'custom_target', 'run_target', 'alias_target',
                'shared_library', 'static_library', 'library',
                'both_libraries', 'shared_module')
TABLE_ROW = re.compile(r'^\|\s*(.+?)\s*\|\s*(.+?)\s*\|\s*$')
FILEISH = re.compile(r'^[\w*][\w.*+-]*(?:/[\w.*+-]+)*(?:\.[\w.]+|/)$')
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
        self.options = set()
        for name in ('meson_options.txt', 'meson.options'):
            if os.path.isfile(os.path.join(root, name)):
                self.options |= set(re.findall(
                    r"option\('([\w-]+)'", read(os.path.join(root, name))))
        self.build_files = {}
        for path in glob.glob(os.path.join(root, '**', 'meson.build'),
                              recursive=True):
            rel = os.path.relpath(os.path.dirname(path), root)
            rel = '' if rel == '.' else rel
            if not any(part.startswith('.') or part == 'subprojects'
                       for part in rel.split(os.sep)):
                self.build_files[rel.replace(os.sep, '/')] = read(path)
        every = '\n'.join(self.build_files.values())
        self.suites = set()
        for value in re.findall(r"\bsuite:\s*(\[[^\]]*\]|'[^']*')", every):
            self.suites.update(re.findall(r"'([^']+)'", value))
        self.tests = set(re.findall(r"\btest\(\s*'([^']+)'", every))
        self.tool = None
        self.tool_help = {}
        self.api = sources(root, ['include/carcassonne/*.h',
                                  'include/carcassonne/*.h.in'])
        self.names = self.api + sources(root, ['lib/**/*.c', 'lib/**/*.h',
                                               'cli/*.c', 'cli/*.h',
                                               'tools/*', 'meson.build'])
        self.cache = {}

    def target_exists(self, target):
        """Whether meson compile / ninja can build TARGET: a target name,
        or DIR/NAME with NAME a target or an output of DIR/meson.build."""
        d, _, base = target.rpartition('/')
        texts = ([self.build_files.get(d, '')] if d
                 else list(self.build_files.values()))
        for text in texts:
            if re.search(r"\b(?:%s)\(\s*'%s'" % ('|'.join(TARGET_FUNCS),
                                               re.escape(base)), text):
                return True
            if re.search(r"\boutput:\s*\[?[^\]\n]*'%s'" % re.escape(base),
                         text):
                return True
        return False

    def make_target_exists(self, target):
        for name in ('Makefile', 'GNUmakefile', 'makefile'):
            path = os.path.join(self.root, name)
            if os.path.isfile(path) and re.search(
                    r'^%s\s*:' % re.escape(target), read(path), re.M):
                return True
        return False

    def tool_command_help(self, command):
        """The help text of one command of the built tool, or None when
        the tool has no such command."""
        if command not in self.tool_help:
            try:
                r = subprocess.run([self.tool, 'help', command],
                                   capture_output=True, text=True,
                                   timeout=30)
                self.tool_help[command] = (r.stdout if r.returncode == 0
                                           else None)
            except OSError as e:
                sys.exit('cannot run %s: %s' % (self.tool, e))
        return self.tool_help[command]

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


def check(root, readme, tool=None):
    tree = Tree(root)
    tree.tool = tool
    text = read(readme)
    problems = []
    name = os.path.basename(readme)

    def problem(n, msg):
        problems.append('%s:%d: %s' % (name, n, msg))

    for n, code in code_of(text):
        words = [w.strip('\'"') for w in re.split(r'[\s|;&()]+', code)]
        words = [w for w in words if w]
        targets = check_build_commands(tree, words,
                                       lambda msg: problem(n, msg))
        for rel in PATH.findall(code):
            if rel in targets:
                continue        # a build target (doc/html), checked above
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
        if tree.tool:
            check_tool_commands(tree, code, lambda msg: problem(n, msg))
        # --flags belong to the last program named before them
        program = None
        for i, word in enumerate(words):
            if tree.tool and word in TOOL_NAMES:
                program = None      # check_tool_commands() has its flags
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
        for m in NAMED_TESTS.finditer(line):
            kind = 'suite' if m.group(1).startswith('suite') else 'test'
            known = tree.suites if kind == 'suite' else tree.tests
            for named in re.findall(r'`([^`]+)`', m.group(2)):
                if named not in known:
                    problem(n, 'names the %s %s, which no meson.build '
                            'defines' % (kind, named))
        row = TABLE_ROW.match(line)
        if row and not re.match(r'^[-| :]+$', line):
            check_table_row(tree, row.group(1), row.group(2),
                            lambda msg: problem(n, msg))
        for target in LINK.findall(line):
            if re.match(r'[a-z]+:', target) or target.startswith('#'):
                continue
            path = target.split('#', 1)[0]
            if path and not os.path.exists(os.path.join(root, path)):
                problem(n, 'links to %s, which is not in the tree' % path)
    return problems


def check_build_commands(tree, words, problem):
    """meson test --suite/--no-suite NAME, meson compile and ninja
    targets, make targets.  Returns the targets named."""
    named = set()
    for i, word in enumerate(words):
        rest = words[i + 1:]
        if word == 'meson' and rest[:1] == ['test']:
            for j, w in enumerate(rest):
                if w in ('--suite', '--no-suite') and j + 1 < len(rest):
                    suite = rest[j + 1].split(':')[-1]
                    if suite not in tree.suites:
                        problem('meson test %s %s: no meson.build defines '
                                'that suite' % (w, suite))
        targets = []
        if (word == 'meson' and rest[:1] == ['compile']) or word == 'ninja':
            args = rest[1:] if word == 'meson' else rest
            skip = False
            for w in args:
                if skip:
                    skip = False
                    continue
                if w in ('-C', '-j', '-l', '-k', '--jobs'):
                    skip = True
                    continue
                if w.startswith('-') or w == 'build' and not targets:
                    continue
                if w in ('meson', 'ninja', 'sudo', 'cc', 'python3', 'make'):
                    break
                targets.append(w)
            named.update(targets)
            for t in targets:
                if not tree.target_exists(t):
                    problem('%s %s: no build file defines that target'
                            % (word if word == 'ninja' else 'meson compile',
                               t))
        if word == 'make':
            for w in rest:
                if w.startswith('-'):
                    continue
                if not re.match(r'^[\w.-]+$', w) or '=' in w:
                    break
                if not tree.make_target_exists(w):
                    problem('make %s: no Makefile defines that target' % w)
                break
    return named


def check_tool_commands(tree, code, problem):
    """Each command line that starts with the tool: its command must be
    one the built tool has, and its --flags in that command's help."""
    for segment in re.split(r'[|;&]+|\$\(|[()]', code):
        words = [w.strip('\'"') for w in segment.split()]
        while words and (words[0] == 'sudo' or '=' in words[0]):
            words.pop(0)
        if len(words) < 2 or words[0].lstrip('./') not in TOOL_NAMES:
            continue
        command = words[1]
        if command.startswith('-'):
            command = 'help'    # carcassonne --help, --version
            text = tree.tool_command_help('help') + ' --help --version'
        else:
            text = tree.tool_command_help(command)
            if text is None:
                problem('carcassonne %s: the tool has no such command'
                        % command)
                continue
        for w in words[1:]:
            m = FLAG.match(w)
            if m and not re.search(r'(?<![\w-])--%s(?![\w-])'
                                   % re.escape(m.group(1)), text):
                problem('carcassonne %s --%s: its help lists no such flag'
                        % (command, m.group(1)))


def check_table_row(tree, first, rest, problem):
    """A row of the source-tree table: a directory (`lib/`) whose other
    cells name files in it, or root files (`meson.build`, ...)."""
    heads = re.findall(r'`([^`]+)`', first)
    if not heads:
        return
    for head in heads:
        if PATH.match(head):
            continue            # checked with the other paths
        if not os.path.exists(os.path.join(tree.root, head)):
            problem('the source-tree table names %s, which is not in the '
                    'tree' % head)
    if len(heads) != 1 or not heads[0].endswith('/'):
        return
    base = heads[0]
    for name in re.findall(r'`([^`]+)`', rest):
        if not FILEISH.match(name) or name.startswith(('/', '.')):
            continue
        if re.match(r'(?:%s)/' % '|'.join(TREE_DIRS), name):
            continue            # a path from the top, checked elsewhere
        if os.path.isfile(os.path.join(tree.root, 'include', 'carcassonne',
                                       name)):
            continue            # the public header a layer implements
        pattern = os.path.join(tree.root, base, name.rstrip('/'))
        if not glob.glob(pattern) and not glob.glob(
                os.path.join(tree.root, base, '**', name.rstrip('/')),
                recursive=True):
            problem('the source-tree table puts %s in %s, which has no '
                    'such file' % (name, base))


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
        # the build's names, the tool's help and the source-tree table
        write('meson.options', "option('docs', type: 'feature')\n")
        write('meson.build', "test('readme-example', exe, suite: 'docs')\n"
              "test('unit-a', exe, suite: ['unit', 'threads'])\n")
        write('doc/meson.build', "custom_target('doc-html',\n"
              "\toutput: 'html')\n")
        write('lib/x.map', '')
        tool = os.path.join(root, 'fake-tool')
        write('fake-tool', '#!/bin/sh\ncase "$1 $2" in\n'
              '"help play") echo "usage: play [--players N]" ;;\n'
              '"help help") echo "usage: play, help" ;;\n'
              '*) exit 2 ;;\nesac\n')
        os.chmod(tool, 0o755)
        good = ('The test `readme-example` of suite `docs`; suites `unit` '
                'and `threads`.\n\n| Path | Contents |\n| --- | --- |\n'
                '| `lib/` | `x.map`, `carcassonne.h` |\n'
                '| `meson.build`, `meson.options` | the build |\n\n```sh\n'
                'meson setup build -Ddocs=enabled\n'
                'meson test -C build --suite docs --no-suite threads\n'
                'meson compile -C build doc-html && ninja -C build doc/html\n'
                'carcassonne play --players 2 | carcassonne --help\n'
                '```\n\n`carcassonne play` and '
                '`import carcassonne; print(carcassonne.version())`\n')
        write('README.md', good)
        found = check(root, os.path.join(root, 'README.md'), tool)
        if found:
            print('self-test FAILED: a good README was refused with the '
                  'tool:\n  ' + '\n  '.join(found))
            return 1
        bad = ('The test `readme-sample` of suite `doc`.\n\n'
               '| Path | Contents |\n| --- | --- |\n'
               '| `lib/` | `y.map` |\n| `meson.opts` | the build |\n\n'
               '```sh\nmeson test -C build --suite nodocs\n'
               'meson compile -C build doc-pdf\nninja -C build doc/pdf\n'
               'make install\ncarcassonne play --plyers 2\n'
               'sudo carcassonne ply\n```\n')
        write('README.md', bad)
        found2 = check(root, os.path.join(root, 'README.md'), tool)
        wanted2 = ['test readme-sample', 'suite doc,', 'y.map', 'meson.opts',
                   'nodocs', 'doc-pdf', 'doc/pdf', 'make install',
                   '--plyers', 'carcassonne ply:']
        missed = [w for w in wanted2
                  if not any(w in p + ',' for p in found2)]
        if missed or len(found2) != len(wanted2):
            print('self-test FAILED: with the tool, expected one problem '
                  'each for %s, got:\n  %s'
                  % (', '.join(wanted2), '\n  '.join(found2)))
            return 1
    print('self-test passed: %d bad names found, the good ones accepted'
          % (len(wanted) + len(wanted2)))
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
    ap.add_argument('--tool', metavar='CARCASSONNE',
                    help='the built carcassonne tool, asked for the help '
                    'of each command the README runs')
    ap.add_argument('--self-test', action='store_true')
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    root = os.path.abspath(args.root)
    problems = check(root, os.path.join(root, args.file), args.tool)
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
