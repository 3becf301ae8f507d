#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check that every document the repository cites is in the repository.

Scans the tracked text files for citations of documents: paths ending in
.md (optionally with a #anchor), and the old citations of rules and style
files that lived outside the repository.  It fails when a cited file is
not in the repository or a cited anchor does not exist in it, and when a
link of a Markdown page does not lead to a file relative to that page (as
a browser follows it).  Anchors of
a Markdown file are its explicit <a id="..."> / <a name="..."> anchors,
its Doxygen labels {#...} and the GitHub slugs of its headings.

    check-citations.py [--root DIR]       scan the repository
    check-citations.py --self-test        check the checker on a made-up tree
    check-citations.py --tiles LIBRARY    compare the tile tables of
                                          doc/users/rules.md with the library
"""

import argparse
import ctypes
import os
import re
import subprocess
import sys
import tempfile

# A path ending in .md, with an optional #anchor.  URLs are skipped, and so
# are paths under a shell variable ($pkg/README.md): files a script makes.
MD_CITE = re.compile(r'(?<![\w./$-])([\w][\w./-]*\.md)(?:#([\w-]+))?(?![\w])')
URL_BEFORE = re.compile(r'[a-z]+://\S*$')
# Citations of the rules and style documents that are not in the
# repository: "REFERENCE 7.3", "REFERENCE.md", "reference 4.4", "7.3 #4".
OLD_CITES = [
    (re.compile(r'\bREFERENCE\b'), 'the rules REFERENCE'),
    (re.compile(r'\breference\s+(?:section\s+)?\d+(?:\.\d+)*\b',
                re.IGNORECASE), 'a numbered reference section'),
    (re.compile(r'\b\d+\.\d+\s+(?:#|item\s)\d+'), 'a numbered ruling'),
]


# Pages that moved when doc/ was grouped by reader: a citation of the old
# path fails with a hint to the new one.
MOVED = {'doc/%s.md' % name: 'doc/%s/%s.md' % (group, name)
         for group, names in (
             ('users', ('rules', 'rules-expansions', 'record-format', 'jcz',
                        'web')),
             ('api', ('moves', 'api-rules', 'observation')),
             ('bindings', ('python', 'python-env', 'wasm', 'ffi', 'bots',
                           'bot-protocol', 'cluster')),
             ('contributors', ('internals', 'testing', 'coverage',
                               'performance', 'determinism',
                               'api-stability')))
         for name in names}

# A Markdown link; its target must be where a reader's browser looks: next
# to the page, not anywhere in the tree with that name.
MD_LINK = re.compile(r'\]\(([^)\s]+)\)')

ANCHOR_TAG = re.compile(r'<a\s+(?:id|name)\s*=\s*"([^"]+)"', re.IGNORECASE)
LABEL = re.compile(r'\{#([\w-]+)\}')
HEADING = re.compile(r'^(#{1,6})\s+(.*?)\s*#*\s*$')


def github_slug(text):
    """The id GitHub gives a heading with this text."""
    text = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', text)   # links
    text = re.sub(r'<[^>]+>', '', text)                    # HTML tags
    text = text.replace('`', '').replace('*', '')
    text = text.strip().lower()
    text = re.sub(r'[^\w\- ]', '', text)
    return text.replace(' ', '-')


def anchors_of(text):
    """Every anchor a Markdown text defines."""
    found = set(ANCHOR_TAG.findall(text))
    seen = {}
    fence = False
    for line in text.splitlines():
        if line.lstrip().startswith('```'):
            fence = not fence
            continue
        if fence:
            continue
        m = HEADING.match(line)
        if not m:
            continue
        title = m.group(2)
        found.update(LABEL.findall(title))
        for t in {title, LABEL.sub('', title).strip()}:
            slug = github_slug(t)
            n = seen.get(slug, 0)
            seen[slug] = n + 1
            found.add(slug if n == 0 else '%s-%d' % (slug, n))
    return found


def tracked_files(root):
    """The repository's files, relative to root, with / separators."""
    if os.path.exists(os.path.join(root, '.git')):
        try:
            out = subprocess.run(['git', '-C', root, 'ls-files', '-z'],
                                 check=True, capture_output=True).stdout
            files = set(f for f in out.decode('utf-8').split('\0') if f)
            return sorted(f for f in files
                          if os.path.isfile(os.path.join(root, f)))
        except (OSError, subprocess.CalledProcessError):
            pass
    # a source tarball: walk it, leaving out build directories
    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith('.') and
                       not os.path.exists(os.path.join(dirpath, d,
                                                       'meson-private'))]
        for f in filenames:
            rel = os.path.relpath(os.path.join(dirpath, f), root)
            files.append(rel.replace(os.sep, '/'))
    return sorted(files)


def read_text(path):
    try:
        with open(path, 'rb') as f:
            data = f.read(4 << 20)
    except OSError:
        return None
    if b'\0' in data:
        return None
    try:
        return data.decode('utf-8')
    except UnicodeDecodeError:
        return None


def check_tree(root, skip=()):
    """Return the list of problems, one string each."""
    files = tracked_files(root)
    fileset = set(files)
    basenames = {}
    for f in files:
        basenames.setdefault(f.rsplit('/', 1)[-1], []).append(f)
    anchor_cache = {}
    problems = []

    def resolve(citing, target):
        here = citing.rsplit('/', 1)[0] if '/' in citing else ''
        cands = [os.path.normpath(os.path.join(here, target)),
                 os.path.normpath(target)]
        for c in cands:
            c = c.replace(os.sep, '/')
            if c in fileset:
                return c
        if '/' not in target and len(basenames.get(target, [])) == 1:
            return basenames[target][0]
        return None

    for rel in files:
        if rel in skip:
            continue
        text = read_text(os.path.join(root, rel))
        if text is None:
            continue
        is_md = rel.endswith('.md')
        here = rel.rsplit('/', 1)[0] if '/' in rel else ''
        for lineno, line in enumerate(text.splitlines(), 1):
            for target in MD_LINK.findall(line) if is_md else ():
                path = target.split('#', 1)[0]
                if not path or re.match(r'[a-z]+:', target):
                    continue
                full = os.path.normpath(os.path.join(here, path))
                if not os.path.exists(os.path.join(root, full)):
                    problems.append('%s:%d: links to %s, which is not there '
                                    'relative to the page'
                                    % (rel, lineno, path))
            for pat, what in OLD_CITES:
                for m in pat.finditer(line):
                    problems.append('%s:%d: cites %s, which is not in the '
                                    'repository: "%s"'
                                    % (rel, lineno, what, m.group(0)))
            for m in MD_CITE.finditer(line):
                if URL_BEFORE.search(line[:m.start()]):
                    continue
                target, anchor = m.group(1), m.group(2)
                found = resolve(rel, target)
                if found is None:
                    moved = MOVED.get(os.path.normpath(target)
                                      .replace(os.sep, '/'))
                    problems.append('%s:%d: cites %s, which is not in the '
                                    'repository%s'
                                    % (rel, lineno, target,
                                       ' (it moved to %s)' % moved
                                       if moved else ''))
                    continue
                if anchor is None:
                    continue
                if found not in anchor_cache:
                    anchor_cache[found] = anchors_of(
                        read_text(os.path.join(root, found)) or '')
                if anchor not in anchor_cache[found]:
                    problems.append('%s:%d: cites %s#%s, but %s has no '
                                    'anchor "%s"' % (rel, lineno, target,
                                                     anchor, found, anchor))
    return problems


STABLE = 'tests/docs/stable-anchors.txt'
STABLE_DOCS = ('doc/users/rules.md', 'doc/api/api-rules.md')


def stable_gaps(root):
    """Anchors of the rules and API documents that stable-anchors.txt
    does not cite: a new anchor must be listed there, or it could be
    renamed without a test noticing."""
    listed = set(read_text(os.path.join(root, STABLE)).split())
    problems = []
    for doc in STABLE_DOCS:
        for a in ANCHOR_TAG.findall(read_text(os.path.join(root, doc))):
            if '%s#%s' % (doc, a) not in listed:
                problems.append('%s: anchor %s is not in %s'
                                % (doc, a, STABLE))
    return problems


def manual_pages(root):
    """The doc/ pages Doxygen reads: doc/**/*.md and *.dox but those
    doc/Doxyfile.in excludes."""
    conf = read_text(os.path.join(root, 'doc', 'Doxyfile.in')) or ''
    m = re.search(r'^EXCLUDE\s*=((?:.*\\\n)*.*)$', conf, re.M)
    excluded = set()
    if m:
        for word in m.group(1).replace('\\\n', ' ').split():
            excluded.add(word.replace('@TOP_SRCDIR@/', ''))
    pages = []
    for dirpath, _, filenames in os.walk(os.path.join(root, 'doc')):
        for f in sorted(filenames):
            if f.endswith(('.md', '.dox')):
                rel = os.path.relpath(os.path.join(dirpath, f), root)
                rel = rel.replace(os.sep, '/')
                if rel not in excluded:
                    pages.append(rel)
    return sorted(pages)


def label_clashes(root):
    """Doxygen's anchors are global: an <a id> or {#label} defined on two
    pages of the manual stops the HTML build."""
    where = {}
    for rel in manual_pages(root):
        text = read_text(os.path.join(root, rel)) or ''
        for label in set(ANCHOR_TAG.findall(text)) | set(LABEL.findall(text)):
            where.setdefault(label, []).append(rel)
    return ['anchor "%s" is defined in %s: Doxygen needs it in one page'
            % (label, ' and '.join(pages))
            for label, pages in sorted(where.items()) if len(pages) > 1]


def self_test():
    """Run the checker on a small tree with known good and bad citations."""
    with tempfile.TemporaryDirectory() as root:
        def write(rel, text):
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, 'w', encoding='utf-8') as f:
                f.write(text)
        write('doc/a.md', '# Page {#page}\n\n<a id="good-anchor"></a>\n'
              '## A `Heading`, with words\n\n## A `Heading`, with words\n'
              '```\n## not a heading\n```\n')
        write('README.md', 'See [a](doc/a.md#good-anchor) and '
              '[b](doc/a.md#a-heading-with-words-1), doc/a.md#page, '
              'https://example.org/STYLE.md and a.md.\n')
        write('doc/b.md', 'Relative: [x](a.md#a-heading-with-words).\n'
              '<a id="good-anchor"></a>\n')
        write('doc/Doxyfile.in', 'EXCLUDE = @TOP_SRCDIR@/doc/c.md \\\n'
              '          @TOP_SRCDIR@/doc/d.md\n')
        write('doc/c.md', '<a id="good-anchor"></a>\n')
        write('doc/sub/c.md', 'Up: [x](../a.md), [y](../../README.md); '
              'beside: [z](a.md).\n')
        write('lib/x.c', '/* doc/a.md#good-anchor, doc/a.md */\n'
              '/* doc/a.md#missing-anchor */\n'
              '/* doc/nothere.md#x and STYLE.md section 5 */\n'
              '/* REFERENCE 7.3 #9, reference 4.4 */\n'
              '/* doc/a.md#not-a-heading */\n')
        got = sorted(check_tree(root) + label_clashes(root))
        want = sorted([
            'lib/x.c:2: cites doc/a.md#missing-anchor, but doc/a.md has '
            'no anchor "missing-anchor"',
            'lib/x.c:3: cites doc/nothere.md, which is not in the '
            'repository',
            'lib/x.c:3: cites STYLE.md, which is not in the repository',
            'lib/x.c:4: cites the rules REFERENCE, which is not in the '
            'repository: "REFERENCE"',
            'lib/x.c:4: cites a numbered reference section, which is not '
            'in the repository: "REFERENCE 7.3"',
            'lib/x.c:4: cites a numbered reference section, which is not '
            'in the repository: "reference 4.4"',
            'lib/x.c:4: cites a numbered ruling, which is not in the '
            'repository: "7.3 #9"',
            'lib/x.c:5: cites doc/a.md#not-a-heading, but doc/a.md has no '
            'anchor "not-a-heading"',
            'doc/sub/c.md:1: links to a.md, which is not there relative to '
            'the page',
            'anchor "good-anchor" is defined in doc/a.md and doc/b.md: '
            'Doxygen needs it in one page',
        ])
        if got != want:
            print('self-test failed')
            for p in got:
                print('  got:  ' + p)
            for p in want:
                print('  want: ' + p)
            return 1
        # the same tree with the bad files removed passes
        os.remove(os.path.join(root, 'lib/x.c'))
        write('doc/sub/c.md', 'Up: [x](../a.md), [y](../../README.md).\n')
        write('doc/b.md', 'Relative: [x](a.md#a-heading-with-words).\n')
        rest = check_tree(root) + label_clashes(root)
        if rest:
            print('self-test failed on the good files:\n  ' +
                  '\n  '.join(rest))
            return 1
    print('self-test passed: %d bad citations found, good ones accepted'
          % len(want))
    return 0


# ---- the tile tables of doc/users/rules.md against the library -------------

SIDES = 'NESW'
HALVES = ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR']
SYMBOLS = {'pitchfork': 1, 'club': 2, 'shield': 3}
GOODS = {'—': 0, 'wine': 1, 'grain': 2, 'cloth': 3}


def table_rows(text, anchor):
    """Rows (lists of cells) of the first table after <a id="anchor">."""
    start = text.index('<a id="%s"></a>' % anchor)
    rows = []
    for line in text[start:].splitlines()[1:]:
        if line.startswith('|'):
            rows.append([c.strip() for c in line.strip().strip('|')
                         .split('|')])
        elif rows:
            break
    return rows[2:]            # without the header and the rule


FLAG_INN, FLAG_CATHEDRAL = 1, 2


def parse_tile(cities, roads, fields, mono):
    """The features of one table row as {name: (mask, pennants, cities,
    flags)}: flags an inn on a road (', inn'), a cathedral in a city
    (', cathedral')."""
    feats = {}
    for part in filter(None, (p.strip() for p in cities.split(';'))):
        if part == '—':
            continue
        m = re.match(r'(c\d): ([NESW+]+)(, (\d) pennants?)?(, cathedral)?$',
                     part)
        assert m, part
        mask = sum(1 << SIDES.index(s) for s in m.group(2).split('+'))
        feats[m.group(1)] = (mask, int(m.group(4) or 0), 0,
                             FLAG_CATHEDRAL if m.group(5) else 0)
    if roads != '—':
        for part in roads.split(';'):
            part = re.sub(r' *\(.*\)$', '', part.strip())
            inn = part.endswith(', inn')
            if inn:
                part = part[:-len(', inn')]
            part = re.sub(r',? *(each )?ends (at|on) .*$', '', part)
            for sub in filter(None, part.split(' and ')):
                m = re.match(r'(r\d): ([NESW+]+)$', sub.strip())
                assert m, roads
                mask = sum(1 << SIDES.index(s)
                           for s in m.group(2).split('+'))
                feats[m.group(1)] = (mask, 0, 0, FLAG_INN if inn else 0)
    if not fields.startswith('—'):
        for part in fields.split(';'):
            m = re.match(r'(f\d): ([A-Za-z ]+?)(?: → (.*))?$', part.strip())
            assert m, fields
            halves = m.group(2).strip()
            if halves == 'all eight halves':
                mask = 0xff
            elif halves == 'middle':
                mask = 0
            else:
                mask = sum(1 << HALVES.index(h) for h in halves.split())
            cmask = 0
            for c in (m.group(3) or '').split(','):
                if c.strip():
                    cmask |= 1 << (int(c.strip()[1:]) - 1)
            feats[m.group(1)] = (mask, 0, cmask, 0)
    if mono == 'yes':
        feats['monastery'] = (0, 0, 0, 0)
    return feats


def stack_count(lib, tile, option=None):
    """Tiles of type tile in the draw stack of rules with option on."""
    rules = ctypes.c_void_p()
    b = ctypes.c_void_p()
    lib.carc_rules_builder_new(ctypes.byref(b))
    if option:
        lib.carc_rules_builder_set(b, lib.carc_option_from_name(option), 1)
    lib.carc_rules_builder_build(b, ctypes.byref(rules))
    lib.carc_rules_builder_free(b)
    got = lib.carc_rules_tile_count(rules, tile)
    lib.carc_rules_unref(rules)
    return got


def check_tiles(root, library):
    lib = ctypes.CDLL(library)
    lib.carc_tile_name.restype = ctypes.c_char_p
    lib.carc_feature_name.restype = ctypes.c_char_p
    text = read_text(os.path.join(root, 'doc', 'users', 'rules.md'))
    problems = []
    rows = [(r, None) for r in table_rows(text, 'tiles-base')]
    rows += [(r, 'crop') for r in table_rows(text, 'tiles-crop')]
    rows += [(r, 'river') for r in table_rows(text, 'tiles-river')]
    rows += [(r, 'ic') for r in table_rows(text, 'tiles-ic')]
    rows += [(r, 'tb') for r in table_rows(text, 'tiles-tb')]
    if len(rows) != 87:
        problems.append('doc/users/rules.md: %d tile rows, want 87' % len(rows))
    for cells, crop in rows:
        name = cells[0]
        t = lib.carc_tile_from_name(name.encode())
        if t < 0:
            problems.append('%s: not a tile of the library' % name)
            continue
        if crop == 'ic':
            sides, cities, roads, fields, mono = cells[2:7]
            got = stack_count(lib, t, b'inns-cathedrals')
            if got != (2 if name == 'IC-1' else 1):
                problems.append('%s: %d in the draw stack' % (name, got))
        elif crop == 'tb':
            goods, sides, cities, roads, fields, mono = cells[2:8]
            # once each in the stack with the expansion; the goods on c1,
            # none on any other city (the text above the table)
            got = stack_count(lib, t, b'traders-builders')
            if got != 1:
                problems.append('%s: %d in the draw stack' % (name, got))
            for c in range(1, 5):
                want = GOODS[goods] if c == 1 else 0
                have = lib.carc_tile_feature_goods(t, 0x10 + c)
                if have != want and not (want == 0 and have < 0):
                    problems.append('%s: goods %d on c%d, the table '
                                    'gives %s' % (name, have, c,
                                                  goods if c == 1 else '—'))
        elif crop == 'river':
            count, sides, cities, roads, fields, mono = cells[1:7]
            # in the stack with the river on; the spring is placed
            want = 0 if name == 'RI-1' else int(count)
            got = stack_count(lib, t, b'river')
            if got != want:
                problems.append('%s: %d in the draw stack with the river, '
                                'the table gives %s in the set'
                                % (name, got, count))
        elif crop:
            sym, sides, cities, roads, fields = cells[1:6]
            mono, count = '', 1
            if lib.carc_tile_symbol(t) != SYMBOLS[sym]:
                problems.append('%s: symbol %s' % (name, sym))
        else:
            count, sides, cities, roads, fields, mono = cells[1:7]
            count = int(count)
            want = (count - 1 if name == 'D' else count)
            got = stack_count(lib, t)
            if got != want:
                problems.append('%s: %d in the draw stack, the table '
                                'gives %d in the set' % (name, got, count))
        edges = ''.join('?CRFV'[lib.carc_tile_edge(t, 0, s)]
                        for s in range(4))
        if edges != sides.replace(' ', ''):
            problems.append('%s: sides %s, library %s' % (name, sides, edges))
        doc = parse_tile(cities, roads, fields, mono)
        ids = (ctypes.c_uint32 * 16)()
        n = lib.carc_tile_features(t, ids, 16)
        have = {}
        for i in range(n):
            f = ids[i]
            fname = lib.carc_feature_name(f).decode()
            have[fname] = (lib.carc_tile_feature_sides(t, 0, f),
                           lib.carc_tile_feature_pennants(t, f),
                           lib.carc_tile_field_cities(t, f),
                           lib.carc_tile_feature_flags(t, f))
        if have != doc:
            problems.append('%s: doc/users/rules.md gives %r, the library %r'
                            % (name, sorted(doc.items()),
                               sorted(have.items())))
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument('--root', default=os.path.dirname(os.path.dirname(here)))
    ap.add_argument('--self-test', action='store_true')
    ap.add_argument('--tiles', metavar='LIBRARY')
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    if args.tiles:
        problems = check_tiles(args.root, args.tiles)
        what = 'tile tables'
    else:
        me = os.path.relpath(os.path.abspath(__file__), args.root)
        problems = check_tree(args.root, skip={me.replace(os.sep, '/')})
        problems += label_clashes(args.root)
        problems += stable_gaps(args.root)
        what = 'citations'
    for p in problems:
        print(p)
    if problems:
        print('%d problem(s) in the %s' % (len(problems), what))
        return 1
    print('%s: no problems' % what)
    return 0


if __name__ == '__main__':
    sys.exit(main())
