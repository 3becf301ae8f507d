#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""End-to-end test of the carcassonne tool.

usage: cli-test.py CARCASSONNE EXAMPLES_DIR

play --record, replay (scores, --events, --board), render (the SVG must
parse as XML and show every tile), and the errors of a bad record.
"""
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SVG = '{http://www.w3.org/2000/svg}'
failures = []


def run(*args, ok=True, stdin=None):
    p = subprocess.run([TOOL, *args], capture_output=True, text=True,
                       input=stdin)
    if ok and p.returncode != 0:
        fail(f'{args}: exit {p.returncode}: {p.stderr}')
    return p


def fail(msg):
    failures.append(msg)
    print('FAIL:', msg)


def last_line(text):
    lines = text.strip().splitlines()
    return lines[-1] if lines else ''


def check_svg(path, want_tiles=None):
    root = ET.parse(path).getroot()
    if root.tag != SVG + 'svg':
        fail(f'{path}: root element is {root.tag}')
    tiles = [g for g in root.iter(SVG + 'g')
             if g.get('id', '').startswith('tile-')]
    if want_tiles is not None and len(tiles) != want_tiles:
        fail(f'{path}: {len(tiles)} tiles drawn, want {want_tiles}')
    return root


def check_human():
    # a person as player 0 who always answers 1 (the first legal move),
    # with one bad answer first: the game reaches its end
    answers = 'x\n' + '1\n' * 400
    p = run('play', '--human', '0', '--seed', '5', stdin=answers)
    if not re.fullmatch(r'scores:( \d+)+', last_line(p.stdout)):
        fail(f'play --human: last line {last_line(p.stdout)!r}')
    if 'your move' not in p.stdout:
        fail('play --human: no move list shown')
    p = run('play', '--human', '1', stdin='1\n', ok=False)
    if p.returncode == 0 or 'end of input' not in p.stderr:
        fail('play --human: end of input not reported')


def main():
    global TOOL
    TOOL, examples = sys.argv[1], sys.argv[2]
    check_human()
    with tempfile.TemporaryDirectory() as tmp:
        for n, opts in enumerate([[], ['--all'], ['--phantom',
                                                  '--little-buildings'],
                                  ['--crop-circles', '--bot', 'greedy'],
                                  ['--phantom', '--bot', 'mcts',
                                   '--playouts', '20'],
                                  ['--players', '4', '--option',
                                   'farm-scoring=per-city']]):
            rec = os.path.join(tmp, f'game{n}.rec')
            p = run('play', '--seed', str(11 + n), '--record', rec, *opts)
            scores = last_line(p.stdout)
            if not re.fullmatch(r'scores:( \d+)+', scores):
                fail(f'play {opts}: last line {scores!r}')
            if len(re.findall(r'^turn \d+: P\d ', p.stdout, re.M)) < 50:
                fail(f'play {opts}: too few turn lines')
            r = run('replay', rec)
            if last_line(r.stdout) != scores:
                fail(f'replay {rec}: {last_line(r.stdout)!r} != {scores!r}')
            r = run('replay', '--events', '--board', rec)
            if last_line(r.stdout) != scores:
                fail(f'replay --events: {last_line(r.stdout)!r}')
            if 'event: move' not in r.stdout or 'board:' not in r.stdout:
                fail('replay --events --board: no events or no board')
            svg = os.path.join(tmp, f'game{n}.svg')
            run('render', rec, '-o', svg)
            check_svg(svg)
            run('render', rec, '-o', svg, '--move', '10')
            # ten moves: at most ten placements plus the start tile
            root = check_svg(svg)
            n_tiles = len([g for g in root.iter(SVG + 'g')
                           if g.get('id', '').startswith('tile-')])
            if not 2 <= n_tiles <= 11:
                fail(f'render --move 10: {n_tiles} tiles')

        # the same seed plays the same game
        a = run('play', '--seed', '5', '--all').stdout
        b = run('play', '--seed', '5', '--all').stdout
        if a != b:
            fail('play is not reproducible')

        # a worked example: exact scores and a known board
        ex = os.path.join(examples, 'e11-jcz-lb-alt-3-2-1.rec')
        r = run('replay', ex)
        if last_line(r.stdout) != 'scores: 0 37':
            fail(f'E11: {last_line(r.stdout)!r}')
        svg = os.path.join(tmp, 'e11.svg')
        run('render', ex, '-o', svg)
        check_svg(svg, want_tiles=11)

        # a bad record: non-zero exit, FILE:LINE:COLUMN: reason
        bad = os.path.join(tmp, 'bad.rec')
        with open(bad, 'w') as f:
            f.write('carcassonne-record 1\nplayers 2\n'
                    'P0 place E 0,-1 r0\nend\n')
        r = run('replay', bad, ok=False)
        if r.returncode == 0:
            fail('bad record: exit status 0')
        if f'{bad}:3:4: illegal move' not in r.stderr:
            fail(f'bad record: stderr {r.stderr!r}')
        r = run('render', bad, '-o', os.path.join(tmp, 'x.svg'), ok=False)
        if r.returncode == 0:
            fail('render of a bad record: exit status 0')
        r = run('play', '--option', 'frobnicate=on', ok=False)
        if r.returncode == 0 or 'unknown option' not in r.stderr:
            fail(f'play with an unknown option: {r.stderr!r}')
        r = run('replay', os.path.join(tmp, 'missing.rec'), ok=False)
        if r.returncode == 0:
            fail('missing file: exit status 0')

    if failures:
        print(f'{len(failures)} failure(s)')
        return 1
    print('ok')
    return 0


if __name__ == '__main__':
    sys.exit(main())
