#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""End-to-end test of the carcassonne tool.

usage: cli-test.py CARCASSONNE EXAMPLES_DIR

play --record, replay (scores, --events, --board, --json, several files,
--option), render (the SVG must parse as XML and show every tile), the
errors of a bad record, per-turn scores lines in records, and the usage
errors: each names the bad flag or value and exits 2.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SVG = '{http://www.w3.org/2000/svg}'
failures = []


def run(*args, ok=True, stdin=None):
    """The tool with these arguments; fails the test on a non-zero exit
    unless ok is False."""
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
    if 'where it fits' not in p.stdout or 'P0 place> ' not in p.stdout:
        fail('play --human: no placements shown')
    p = run('play', '--human', '1', stdin='1\n', ok=False)
    if p.returncode == 0 or 'end of input' not in p.stderr:
        fail('play --human: end of input not reported')


def usage_error(args, want):
    """A usage error: exit 2, nothing on stdout, the message on stderr."""
    p = run(*args, ok=False)
    if p.returncode != 2 or p.stdout or want not in p.stderr:
        fail(f'{args}: exit {p.returncode}, stdout {p.stdout!r}, '
             f'stderr {p.stderr!r}, want {want!r}')


COMMANDS = ('play', 'replay', 'render', 'match', 'bot', 'import-jcz',
            'export-jcz', 'help')


def check_help():
    # 'help CMD' and 'CMD --help' print that command's usage on stdout
    overview = run('--help').stdout
    if run('help').stdout != overview or not overview.startswith('usage:'):
        fail('help and --help differ')
    for cmd in COMMANDS:
        p = run('help', cmd)
        if not p.stdout.startswith(f'usage: carcassonne {cmd} ') or p.stderr:
            fail(f'help {cmd}: {p.stdout[:80]!r} {p.stderr!r}')
        if p.stdout == overview or cmd not in overview:
            fail(f'help {cmd} is the overview, or the overview lacks it')
        for flag in ('--help', '-h'):
            q = run(cmd, flag)
            if q.stdout != p.stdout:
                fail(f'{cmd} {flag} differs from help {cmd}: '
                     f'{q.stdout[:80]!r}')
        wide = [l for l in p.stdout.splitlines() if len(l) > 80]
        if wide:
            fail(f'help {cmd}: lines wider than 80 columns: {wide}')
    usage_error(['help', 'frob'], "help: unknown command 'frob'")
    usage_error(['help', 'play', 'replay'],
                "help: one command at a time, not also 'replay'")
    # a usage error points to the help of its command
    usage_error(['replay', '--frob'],
                "(run 'carcassonne help replay' for the usage)")
    usage_error(['--frob'], "(run 'carcassonne --help' for the usage)")


def check_hygiene(tmp):
    # --record - writes only the record on stdout: it pipes into replay -
    p = run('play', '--seed', '3', '--all', '--record', '-')
    if not p.stdout.startswith('carcassonne-record 1\n'):
        fail(f'--record -: stdout starts {p.stdout[:40]!r}')
    if 'turn 1:' not in p.stderr or 'scores:' not in p.stderr:
        fail('--record -: the game log is not on stderr')
    r = run('replay', '-', stdin=p.stdout)
    if last_line(r.stdout) != last_line(p.stderr):
        fail(f'--record - | replay -: {r.stdout!r} vs {last_line(p.stderr)!r}')

    # every bad flag or value is named
    usage_error(['play', '--human', '2', '--players', '2'],
                "--human: '2' is not a player of a 2-player game")
    # one kind of message for every bad seat, with the game's range
    usage_error(['play', '--human', '3'],
                "carcassonne: --human: '3' is not a player of a 2-player "
                "game (0 to 1)\n(run 'carcassonne help play' for the usage)")
    usage_error(['play', '--human', '9'],
                "carcassonne: --human: '9' is not a player of a 2-player "
                "game (0 to 1)\n")
    usage_error(['play', '--players', '6', '--human', '6'],
                "--human: '6' is not a player of a 6-player game (0 to 5)")
    usage_error(['play', '--human', 'x', '--players', '3'],
                "--human: 'x' is not a player of a 3-player game (0 to 2)")
    usage_error(['play', '--human', '0', '--human', '0'],
                '--human: player 0 is given twice')
    usage_error(['play', '--players', '3', '--human', '2', '--human', '1',
                 '--human', '2'], '--human: player 2 is given twice')
    usage_error(['play', '--players', '7'],
                "--players: '7' is not a number from 2 to 6")
    usage_error(['play', '--seed', '-5'], "carcassonne: --seed: '-5' is "
                "not a number from 0 to 18446744073709551615")
    usage_error(['play', '--seed', '12x'], "--seed: '12x' is not a number")
    usage_error(['play', '--foo'], "carcassonne: unknown option '--foo'")
    # a flag near a rule option gets the library's nearest names
    usage_error(['play', '--crop-circles-1'],
                "carcassonne: unknown option '--crop-circles-1' (as a rule "
                "option: unknown rule option 'crop-circles-1'; did you mean "
                "'crop-circles-i'?)\n(run 'carcassonne help play'")
    usage_error(['replay', '--farm-scorin', 'per-city', 'x.rec'],
                "unknown option '--farm-scorin' (as a rule option: unknown "
                "rule option 'farm-scorin'; did you mean 'farm-scoring'?)")
    usage_error(['match', '--farmers', 'random', 'random'],
                "unknown option '--farmers' (rule options are set with "
                "--option farmers=VALUE)")
    usage_error(['play', '--bot', 'smart'], "--bot: unknown bot 'smart'")
    usage_error(['play', '--seed'], "option '--seed' needs a value")
    usage_error(['play', '--option', 'phantom'],
                "--option: 'phantom' is not NAME=VALUE")
    usage_error(['replay', '--frob', 'x.rec'], "unknown option '--frob'")
    usage_error(['replay'], 'replay: no record given')
    usage_error(['frobnicate'], "unknown command 'frobnicate'")
    usage_error(['--frob'], "unknown option '--frob'")
    rec = os.path.join(tmp, 'h.rec')
    run('play', '--seed', '2', '--record', rec)
    usage_error(['render', rec, '-o', '-', '--move', '-1'],
                "--move: '-1' is not a number")
    usage_error(['render', rec, '-o', '-', '--move', 'abc'],
                "--move: 'abc' is not a number")
    usage_error(['render', rec], 'no output given')
    p = run('render', rec, '-o', '-', '--move', '100000', ok=False)
    if p.returncode != 2 or 'has only' not in p.stderr or p.stdout:
        fail(f'render --move beyond the end: {p.returncode} {p.stderr!r}')
    p = run('render', rec, '-o', '-', '--move', '0')
    if p.stdout.count("<g id='tile-") != 1:
        fail('render --move 0 does not show the start tile alone')
    usage_error(['render', rec, '-o', '-', '--tile-size', '10'],
                "--tile-size: '10' is not a number from 16 to 512")
    usage_error(['render', rec, '-o', '-', '--highlight', '0,0'],
                "--highlight: '0,0' is not X,Y,FEATURE")
    usage_error(['render', rec, '-o', '-', '--highlight', '0,0,c9'],
                "--highlight: '0,0,c9' is not X,Y,FEATURE")
    p = run('render', rec, '-o', '-', '--move', '0', '--highlight', '0,0,c1')
    if p.stdout.count("class='city hl'") != 1:
        fail('render --highlight 0,0,c1: the start city is not highlighted')
    p = run('render', rec, '-o', '-', '--highlight', '9,9,c1', ok=False)
    if p.returncode != 2 or p.stdout or 'no feature' not in p.stderr:
        fail(f'render --highlight 9,9,c1: {p.returncode} {p.stderr!r}')
    p = run('render', rec, '-o', '-', '--move', '0', '--placements',
            '--tile-size', '50', '--no-legend')
    if (p.stdout.count("class='spot'") < 1 or "width='230'" not in p.stdout
            or p.stdout.count("<g class='tile key'>") != 1
            or 'thief (road)' in p.stdout):
        fail('render --placements --tile-size 50 --no-legend: '
             f'{p.stdout[:300]!r}')
    # labels and scores off; the title counts the moves shown
    full = run('render', rec, '-o', '-', '--move', '3').stdout
    p = run('render', rec, '-o', '-', '--move', '3', '--no-labels',
            '--no-scores')
    if ("class='lbl'" not in full or "P0: " not in full
            or "class='lbl'" in p.stdout or "P0: " in p.stdout
            or "P0</text>" not in p.stdout
            or 'fter move 3: ' not in full):
        fail('render --no-labels --no-scores: labels or points drawn')
    for args in (['--help'], ['help'], ['-h'], ['play', '--help'],
                 ['replay', '--help'], ['render', '--help']):
        p = run(*args)
        if p.returncode != 0 or not p.stdout.startswith('usage:') or \
                p.stderr:
            fail(f'{args}: exit {p.returncode}, stdout {p.stdout[:30]!r}')
    p = run(ok=False)
    if p.returncode != 2 or p.stdout or 'usage:' not in p.stderr:
        fail('no arguments: not a usage error on stderr')

    # a bad --record path fails before the first move
    p = run('play', '--record', os.path.join(tmp, 'no', 'such', 'x.rec'),
            ok=False)
    if p.returncode != 1 or 'turn 1' in p.stdout or \
            'No such file' not in p.stderr:
        fail(f'bad --record path: {p.returncode} {p.stderr!r}')


def check_replay_many(tmp, examples):
    recs = []
    for n, opts in enumerate([[], ['--all'], ['--players', '3']]):
        rec = os.path.join(tmp, f'many{n}.rec')
        p = run('play', '--seed', str(40 + n), '--record', rec, *opts)
        recs.append((rec, last_line(p.stdout)))
    p = run('replay', *[r for r, _ in recs])
    for rec, scores in recs:
        if f'{rec}:\nmoves: ' not in p.stdout:
            fail(f'replay of several files does not name {rec}')
    got = re.findall(r'^scores:.*$', p.stdout, re.M)
    if got != [s for _, s in recs]:
        fail(f'replay of several files: {got!r}')
    # one bad file among good ones: the others are still replayed
    bad = os.path.join(tmp, 'missing.rec')
    p = run('replay', recs[0][0], bad, recs[1][0], ok=False)
    if p.returncode != 1 or len(re.findall('^scores:', p.stdout, re.M)) != 2:
        fail(f'replay with a missing file: {p.returncode} {p.stdout!r}')

    # --json: one object per move, then a summary per file
    p = run('replay', '--json', recs[1][0])
    objs = [json.loads(l) for l in p.stdout.splitlines()]
    moves = [o for o in objs if 'move' in o]
    summary = objs[-1]
    total = [0, 0]
    for o in moves:
        for e in o['events']:
            for k in ('type', 'kind', 'x', 'y', 'feature', 'points',
                      'building_points', 'goods', 'tokens'):
                if k not in e:
                    fail(f'--json event lacks {k}: {e}')
            for pl in range(2):
                total[pl] += e['points'][pl] + e['building_points'][pl]
        if total != o['scores']:
            fail(f'--json: events sum to {total}, scores {o["scores"]}')
            break
    if [o['move'] for o in moves] != list(range(1, len(moves) + 1)):
        fail('--json: moves not numbered 1, 2, ...')
    if summary.get('moves') != len(moves) or summary.get('over') is not True:
        fail(f'--json summary {summary}')
    if 'scores: ' + ' '.join(map(str, summary['scores'])) != recs[1][1]:
        fail(f'--json final scores {summary["scores"]} vs {recs[1][1]}')
    if not any(e['kind'] == 'field' and e['type'] == 'farm'
               for o in moves for e in o['events']):
        fail('--json: no farm event in a whole game')
    if moves[0]['player'] != 0 or not moves[0]['text'].startswith('place '):
        fail(f'--json first move {moves[0]}')

    # Traders & Builders: the goods a completer takes and the goods
    # majorities at the end, in words and in JSON (worked example TB1)
    ex = os.path.join(examples, 'tb1-goods-completer.rec')
    p = run('replay', '--events', ex)
    want = ['event: move 10: completed city at 2,0 c1: 5 tiles, '
            '0 pennants, 1 wine taken, 2 grain taken; P1 +10',
            'event: move 10: goods wine: P0 holds 1; P0 +10',
            'event: move 10: goods grain: P0 holds 2; P0 +10']
    got = [l for l in p.stdout.splitlines() if l.startswith('event:')]
    if got != want:
        fail(f'replay --events of TB1: {got!r}')
    p = run('replay', '--json', ex)
    last = [json.loads(l) for l in p.stdout.splitlines()][-2]
    got = [(e['type'], e['kind'], e['points'], e['goods'], e['tokens'])
           for e in last['events']]
    if got != [('completed', 'city', [0, 10], [1, 2, 0], [0, 0]),
               ('goods', 'wine', [10, 0], [0, 0, 0], [1, 0]),
               ('goods', 'grain', [10, 0], [0, 0, 0], [2, 0])] or \
            last['scores'] != [20, 10]:
        fail(f'replay --json of TB1: {last!r}')

    # --option: the same moves under changed rules
    ex = os.path.join(examples, 'e11-jcz-lb-alt-3-2-1.rec')
    p = run('replay', ex, '--option', 'lb-scoring=standard')
    if last_line(p.stdout) == 'scores: 0 37' or \
            not last_line(p.stdout).startswith('scores: '):
        fail(f'replay --option lb-scoring=standard: {p.stdout!r}')
    p = run('replay', recs[0][0], '--option', 'farm-scoring=per-city')
    if not last_line(p.stdout).startswith('scores: '):
        fail(f'replay --option farm-scoring: {p.stderr!r}')
    # fewer followers: a deploy becomes illegal, reported with its line
    with open(recs[0][0]) as f:
        lines = f.read().splitlines()
    deploys = [i + 1 for i, l in enumerate(lines) if ' deploy follower' in l]
    p = run('replay', recs[0][0], '--option', 'followers=1', ok=False)
    m = re.search(r':(\d+):\d+: illegal move: .*changed rules', p.stderr)
    if p.returncode != 1 or not m or int(m.group(1)) not in deploys:
        fail(f'replay --option followers=1: {p.stderr!r}')
    p = run('replay', recs[0][0], '--option', 'frob=on', ok=False)
    if p.returncode == 0 or \
            "--option: unknown rule option 'frob'; the options are " \
            "farm-scoring, farmers," not in p.stderr:
        fail(f'replay --option frob=on: {p.stderr!r}')
    # the library's words for what an option takes
    for arg, want in [('crop-circles-1=on', "unknown rule option "
                       "'crop-circles-1'; did you mean 'crop-circles-i'?"),
                      ('followers=99', 'followers must be 1 to 15, not 99')]:
        p = run('replay', recs[0][0], '--option', arg, ok=False)
        if p.returncode == 0 or f'--option: {want}' not in p.stderr:
            fail(f'replay --option {arg}: {p.stderr!r}')


def check_turn_scores(tmp):
    """A record may carry a 'scores' line after any move."""
    rec = os.path.join(tmp, 'turns.rec')
    run('play', '--seed', '21', '--phantom', '--record', rec)
    p = run('replay', '--json', rec)
    scores = [o['scores'] for o in map(json.loads, p.stdout.splitlines())
              if 'move' in o]
    with open(rec) as f:
        lines = f.read().splitlines()
    out, k = [], 0
    for line in lines:
        if line.startswith('scores'):
            continue
        out.append(line)
        if re.match(r'P\d ', line):
            out.append('scores ' + ' '.join(map(str, scores[k])))
            k += 1
    good = os.path.join(tmp, 'turns-good.rec')
    with open(good, 'w') as f:
        f.write('\n'.join(out) + '\n')
    p = run('replay', good)
    if last_line(p.stdout) != 'scores: ' + ' '.join(map(str, scores[-1])):
        fail(f'per-turn scores: {p.stdout!r} {p.stderr!r}')
    # one wrong per-turn score: the loader names its line and player
    idx = next(i for i, l in enumerate(out) if l.startswith('scores ') and
               l != 'scores 0 0')
    wrong = out[:idx] + ['scores 999 0'] + out[idx + 1:]
    bad = os.path.join(tmp, 'turns-bad.rec')
    with open(bad, 'w') as f:
        f.write('\n'.join(wrong) + '\n')
    p = run('replay', bad, ok=False)
    want = f'{bad}:{idx + 1}:8: P0 scores'
    if p.returncode != 1 or want not in p.stderr:
        fail(f'wrong per-turn score: {p.stderr!r}, want {want!r}')


def check_jcz(tmp, fixtures):
    """import-jcz and export-jcz: JCZ's saved game with the scores its
    Java test asserts, a round trip record -> .jcz -> record, a refused
    export, an illegal move naming its replay entry, usage errors."""
    rec = os.path.join(tmp, 'scoring.rec')
    run('import-jcz', os.path.join(fixtures, 'scoring.jcz'), '-o', rec)
    r = run('replay', rec)
    if last_line(r.stdout) != 'scores: 14 11':
        fail(f'import-jcz scoring.jcz: {last_line(r.stdout)!r}')
    game = os.path.join(tmp, 'jcz-game.rec')
    run('play', '--seed', '21', '--players', '3', '--option',
        'small-city=on', '--record', game)
    jcz = os.path.join(tmp, 'jcz-game.jcz')
    run('export-jcz', game, '-o', jcz)
    with open(jcz) as f:
        doc = json.load(f)
    if doc['setup']['rules'] != {'tiny-city-scoring': '2'} or \
            len(doc['players']) != 3 or len(doc['replay']) < 150:
        fail(f'export-jcz: setup {doc["setup"]}, {len(doc["replay"])} entries')
    back = run('import-jcz', jcz, '-o', '-').stdout
    with open(game) as f:
        original = f.read()
    strip = lambda t: [ln for ln in t.splitlines() if not ln.startswith('#')]
    if strip(back) != strip(original):
        fail('export-jcz then import-jcz does not give the record back')
    # rules JCZ does not play
    per_city = os.path.join(tmp, 'per-city.rec')
    run('play', '--seed', '2', '--option', 'farm-scoring=per-city',
        '--record', per_city)
    p = run('export-jcz', per_city, '-o', os.path.join(tmp, 'x.jcz'),
            ok=False)
    if p.returncode != 1 or ('cannot export: option farm-scoring is '
                             'per-city: JCloisterZone plays only '
                             'per-field') not in p.stderr:
        fail(f'export-jcz per-city: exit {p.returncode}, {p.stderr!r}')
    # Traders & Builders with the default optional second tile
    tb = os.path.join(tmp, 'tb.rec')
    run('play', '--seed', '3', '--option', 'traders-builders=on',
        '--record', tb)
    p = run('export-jcz', tb, '-o', os.path.join(tmp, 'x.jcz'), ok=False)
    if p.returncode != 1 or ('option builder-turn is optional: '
                             'JCloisterZone always plays the builder') \
            not in p.stderr:
        fail(f'export-jcz builder-turn: exit {p.returncode}, {p.stderr!r}')
    # an illegal move: the file, the entry's line, the entry
    doc['replay'][0]['payload']['position'] = [7, 7]
    bad = os.path.join(tmp, 'bad.jcz')
    with open(bad, 'w') as f:
        json.dump(doc, f, indent=1)
    p = run('import-jcz', bad, '-o', os.path.join(tmp, 'bad.rec'), ok=False)
    if p.returncode != 1 or not re.search(
            r'bad\.jcz:\d+: replay\[0\] PLACE_TILE: BA/\S+ cannot go at '
            r'7,7', p.stderr):
        fail(f'import-jcz bad move: exit {p.returncode}, {p.stderr!r}')
    if os.path.exists(os.path.join(tmp, 'bad.rec')):
        fail('import-jcz wrote a record for a bad game')
    with open(bad, 'w') as f:
        f.write('{\n  "setup": ]')
    p = run('import-jcz', bad, '-o', '-', ok=False)
    if p.returncode != 1 or not p.stderr.startswith(f'{bad}:2:'):
        fail(f'import-jcz bad JSON: {p.stderr!r}')
    usage_error(['import-jcz'], 'no .jcz file given')
    usage_error(['import-jcz', bad], 'no output given (-o GAME.rec)')
    usage_error(['export-jcz', game], 'no output given (-o GAME.jcz)')
    usage_error(['export-jcz', game, game, '-o', '-'],
                "unexpected argument")
    usage_error(['import-jcz', '--frob'], "unknown option '--frob'")
    check_jcz_expansions(tmp, fixtures)


def check_jcz_expansions(tmp, fixtures):
    """The expansions in .jcz files: a hand-made crop-circle game
    imports with its scores, a game with every expansion goes to .jcz with
    their messages and back to the same record, and Little Buildings with
    the rules' interchangeable tokens are refused."""
    rec = os.path.join(tmp, 'crop.rec')
    run('import-jcz', os.path.join(fixtures, 'expansions',
                                   'crop-three-players.jcz'), '-o', rec)
    r = run('replay', rec)
    if last_line(r.stdout) != 'scores: 8 3 0':
        fail(f'import-jcz crop-three-players.jcz: {last_line(r.stdout)!r}')
    game = os.path.join(tmp, 'all.rec')
    # --all with the options JCZ plays (doc/users/jcz.md); seed 6 deploys
    # a large follower, a builder and a pig
    run('play', '--seed', '6', '--players', '4', '--all',
        '--option', 'lb-distribution=jcz', '--option', 'river-u-turn=jcz',
        '--option', 'builder-turn=mandatory',
        '--option', 'phantom-with-figure=1',
        '--option', 'builder-on-completed=off', '--record', game)
    jcz = os.path.join(tmp, 'all.jcz')
    run('export-jcz', game, '-o', jcz)
    with open(jcz) as f:
        doc = json.load(f)
    types = {e['type'] for e in doc['replay']}
    want = {'CIRCLE_REMOVE_OR_DEPLOY', 'RETURN_MEEPLE', 'PLACE_TOKEN'}
    if not want <= types or doc['setup']['elements'].get('phantom') != 1:
        fail(f'export-jcz --all: messages {sorted(types)}')
    figures = {e['payload'].get('meepleId', '').split('.')[1]
               for e in doc['replay'] if e['type'] == 'DEPLOY_MEEPLE'}
    if not {'big', 'builder', 'pig', 'phantom', 'small'} <= figures:
        fail(f'export-jcz --all: figures {sorted(figures)}')
    default = os.path.join(tmp, 'all-default.rec')
    run('play', '--seed', '6', '--all', '--record', default)
    p = run('export-jcz', default, '-o', os.path.join(tmp, 'y.jcz'),
            ok=False)
    if p.returncode != 1 or 'river-u-turn is adjacent' not in p.stderr:
        fail(f'export-jcz of --all with our defaults: {p.stderr!r}')
    # the lake laid by the engine: a river game of 82 tiles has 81
    # placements in its record, and JCZ export refuses the option
    lake = os.path.join(tmp, 'lake.rec')
    run('play', '--seed', '6', '--river', '--option', 'river-u-turn=jcz',
        '--option', 'river-lake-turn=automatic', '--record', lake)
    with open(lake) as f:
        text = f.read()
    places = len(re.findall(r'^P\d place ', text, re.M))
    if 'option river-lake-turn automatic\n' not in text or places != 81:
        fail(f'play --option river-lake-turn=automatic: {places} places')
    p = run('export-jcz', lake, '-o', os.path.join(tmp, 'z.jcz'), ok=False)
    if p.returncode != 1 or ('option river-lake-turn is automatic: '
                             'JCloisterZone draws and places the lake as '
                             'an ordinary turn') not in p.stderr:
        fail(f'export-jcz river-lake-turn automatic: {p.stderr!r}')
    back = run('import-jcz', jcz, '-o', '-').stdout
    with open(game) as f:
        original = f.read()
    strip = lambda t: [ln for ln in t.splitlines() if not ln.startswith('#')]
    if strip(back) != strip(original):
        fail('export-jcz then import-jcz of a game with every expansion '
             'does not give the record back')
    rules_lb = os.path.join(tmp, 'lb-rules.rec')
    run('play', '--seed', '5', '--little-buildings', '--record', rules_lb)
    p = run('export-jcz', rules_lb, '-o', os.path.join(tmp, 'x.jcz'),
            ok=False)
    if p.returncode != 1 or 'option lb-distribution is rules' not in p.stderr:
        fail(f'export-jcz lb-distribution rules: exit {p.returncode}, '
             f'{p.stderr!r}')


def check_expansion_flags():
    """Each expansion flag of play turns on its rule option and no
    other; --all the seven."""
    def options(*flags):
        p = run('play', '--seed', '2', '--quiet', '--record', '-', *flags)
        return dict(re.findall(r'^option (\S+) (\S+)$', p.stdout, re.M))

    base = options()
    seven = ['phantom', 'crop-circles-i', 'crop-circles-ii',
             'little-buildings', 'river', 'inns-cathedrals',
             'traders-builders']
    if any(base.get(o) != 'off' for o in seven):
        fail(f'play without flags: options {base}')
    for flags, on in ((['--river'], ['river']),
                      (['--inns-cathedrals'], ['inns-cathedrals']),
                      (['--traders-builders'], ['traders-builders']),
                      (['--crop-circles'], seven[1:3]),
                      (['--all'], seven)):
        got = options(*flags)
        changed = sorted(o for o in got if got[o] != base.get(o))
        if changed != sorted(on) or any(got[o] != 'on' for o in on):
            fail(f'play {flags}: options changed {changed}, want {on} on')


def main():
    global TOOL
    TOOL, examples = sys.argv[1], sys.argv[2]
    check_human()
    check_help()
    check_expansion_flags()
    with tempfile.TemporaryDirectory() as tmp:
        check_hygiene(tmp)
        check_replay_many(tmp, examples)
        check_turn_scores(tmp)
        check_jcz(tmp, os.path.join(os.path.dirname(examples), '..', 'jcz'))
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
        if r.returncode == 0 or "unknown rule option 'frobnicate'" not in r.stderr:
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
