#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""carcassonne match and carcassonne bot end to end (suite 'referee').

usage: referee-test.py   (paths in the environment, see tests/referee/meson.build)

- the protocol of doc/bindings/bot-protocol.md with real child processes: the
  handshake of `carcassonne bot`, and a game refereed from here with the
  Python binding;
- known outcomes: two copies of one deterministic bot score exactly 50 %
  over fair pairs; `carcassonne bot greedy` plays the very games of the
  built-in greedy; random against greedy over fixed seeds gives pinned
  totals, which `carcassonne replay` of the written records confirms;
  --jobs 2 writes the same records as --jobs 1; the SPRT stops early;
- the sample bots (examples/bots) play whole games without a forfeit;
- broken bots (tests/referee/broken-bot.py) lose with the right reason,
  the referee finishes in bounded time and leaves no process behind, also
  when it is interrupted by SIGINT.
"""
import json
import math
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

CARC = os.environ['CARC_BIN']
RANDOM_BOT = os.environ['RANDOM_BOT']
BROKEN = os.environ['BROKEN_BOT']
SAMPLE_PY = os.environ['SAMPLE_PY']
PY = sys.executable     # the interpreter meson runs this with


def session_processes(sid):
    """Processes of session ``sid`` (the referee's, which the test started
    with start_new_session), zombies included."""
    found = []
    for pid in os.listdir('/proc'):
        if not pid.isdigit():
            continue
        try:
            with open(f'/proc/{pid}/stat') as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(')') + 2:].split()
        if int(fields[3]) == sid:
            found.append((int(pid), stat[:80]))
    return found


def match(args, timeout=120, check=True, env=None):
    """Run carcassonne match in a session of its own; (rc, out, err,
    seconds).  No process of that session may outlive it."""
    start = time.monotonic()
    p = subprocess.Popen([CARC, 'match'] + args, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True,
                         start_new_session=True, env=env)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        raise AssertionError(f'match {args} did not end in {timeout} s')
    seconds = time.monotonic() - start
    time.sleep(0.05)
    left = session_processes(p.pid)
    assert not left, f'processes left behind by match {args}: {left}'
    if check and p.returncode != 0:
        raise AssertionError(f'match {args}: exit {p.returncode}\n{err}')
    return p.returncode, out, err, seconds


def records(d):
    return sorted(os.path.join(d, f) for f in os.listdir(d)
                  if f.endswith('.rec'))


def moves_of(path):
    """The lines of a record that are not comments."""
    with open(path) as f:
        return [l for l in f if not l.startswith('#')]


def result_comment(path):
    with open(path) as f:
        for line in f:
            if line.startswith('# result:'):
                return line
    return None


class Protocol(unittest.TestCase):
    def start(self, spec):
        p = subprocess.Popen([CARC, 'bot', spec], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, bufsize=1)
        self.addCleanup(lambda: (p.kill(), p.wait(), p.stdin.close(),
                                 p.stdout.close()))
        return p

    def ask(self, p, line, until):
        p.stdin.write(line + '\n')
        p.stdin.flush()
        got = []
        while True:
            reply = p.stdout.readline()
            self.assertTrue(reply, f'no answer to {line!r}: {got}')
            got.append(reply.rstrip('\n'))
            if reply.startswith(until):
                return got

    def test_handshake(self):
        p = self.start('mcts:playouts=30')
        self.assertEqual(self.ask(p, 'protocol 1', 'protocolok'),
                         ['id name carcassonne-bot mcts:playouts=30',
                          'id author the libcarcassonne authors',
                          'option seed int 1',
                          'option playouts int 30',
                          'option threads int 1',
                          'option time int 0',
                          'protocolok 1'])
        self.assertEqual(self.ask(p, 'isready', 'readyok'), ['readyok'])
        # unknown commands get a line on the info channel, no crash
        self.assertEqual(self.ask(p, 'frobnicate 3', 'info'),
                         ["info unknown command 'frobnicate 3'"])
        self.assertEqual(self.ask(p, 'setoption threads 65', 'info'),
                         ["info threads: '65' is not a number from 1 to "
                          "64"])
        p.stdin.write('quit\n')
        p.stdin.flush()
        self.assertEqual(p.wait(timeout=5), 0)

    def test_cpu_line(self):
        """"cpu MS" gives a search without a time of its own that much CPU
        time per decision (and no playout limit but its own); a bad value
        gets an info line; greedy and a search with a time keep theirs."""
        p = self.start('mcts:playouts=300')
        self.ask(p, 'protocol 2', 'protocolok')
        self.assertEqual(self.ask(p, 'cpu 0', 'info'),
                         ["info cpu: '0' is not a number of milliseconds"])
        self.assertEqual(self.ask(p, 'cpu 25', 'info'),
                         ['info searching for 25 ms of CPU time per '
                          'decision (mcts:playouts=300,cpu=25)'])
        self.assertEqual(self.ask(p, 'isready', 'readyok'), ['readyok'])
        for spec in ('mcts:time=5', 'greedy'):
            p = self.start(spec)
            self.ask(p, 'protocol 2', 'protocolok')
            p.stdin.write('cpu 25\n')
            self.assertEqual(self.ask(p, 'isready', 'readyok'), ['readyok'])

    def test_versions(self):
        """A referee of version 2 gets version 2 and request ids; an older
        referee gets version 1 and moves without ids."""
        head = ['newgame', 'players 2', 'seat 0', 'draw V']
        for version, go, move in (('2', 'go 17 movetime 500', 'move 17 '),
                                  ('1', 'go movetime 500', 'move ')):
            p = self.start('greedy')
            self.assertEqual(self.ask(p, f'protocol {version}',
                                      'protocolok')[-1],
                             f'protocolok {version}')
            for line in head:
                p.stdin.write(line + '\n')
            reply = self.ask(p, go, 'move')
            self.assertEqual(len(reply), 1, reply)
            self.assertTrue(reply[0].startswith(move + 'place '), reply)

    def test_referee_from_python(self):
        """This test is the referee: three `carcassonne bot` processes
        play a whole game (all expansions, 3 players) told only what the
        protocol tells them; every move they send is legal."""
        import carcassonne as carc
        rules = carc.Rules(phantom=True, crop_circles_i=True,
                           crop_circles_ii=True, little_buildings=True)
        game = carc.Game(rules, players=3, seed=77)
        bots = [self.start(s) for s in ('greedy', 'random', 'greedy')]
        head = [l for l in game.save().splitlines()
                if l.split(' ')[0] in ('players', 'option', 'tiles')]
        # players, then every rule option, the expansions' on
        self.assertEqual(head[0], 'players 3')
        for name in ('phantom', 'crop-circles-i', 'crop-circles-ii',
                     'little-buildings'):
            self.assertIn(f'option {name} on', head)
        self.assertTrue(all(l.startswith('option ') for l in head[1:]))
        for seat, b in enumerate(bots):
            self.ask(b, 'protocol 1', 'protocolok')
            for line in ['newgame'] + head + [f'seat {seat}']:
                b.stdin.write(line + '\n')
            b.stdin.write(f'draw {game.current_tile()}\n')
        moves = 0
        while not game.is_over():
            who = game.current_player()
            reply = self.ask(bots[who], 'go movetime 5000', 'move')[-1]
            move = carc.parse_move(reply[5:])
            self.assertTrue(game.is_legal(move), reply)
            left = game.remaining()
            game.apply(move)
            moves += 1
            for b in bots:
                b.stdin.write(f'P{who} {carc.describe(move)}\n')
            # a turn ended: the next tile (this seed discards none)
            if not game.is_over() and game.remaining() != left:
                self.assertEqual(game.remaining(), left - 1)
                for b in bots:
                    b.stdin.write(f'draw {game.current_tile()}\n')
        self.assertGreater(moves, 100)
        for b in bots:
            b.stdin.write('scores ' + ' '.join(map(str, game.scores()))
                          + '\nend\nquit\n')
            b.stdin.flush()
            self.assertEqual(b.wait(timeout=5), 0)


class KnownOutcomes(unittest.TestCase):
    def test_same_bot_is_even(self):
        for bots, games in ((['greedy', 'greedy'], 8),
                            (['greedy'] * 3, 6),
                            (['random', 'random'], 6)):
            rep = json.loads(match(bots + ['--games', str(games),
                                           '--json', '--quiet'])[1])
            for b in rep['bots']:
                self.assertEqual(b['score']['mean'], 0.5, bots)
                # won once and lost P - 1 times in every seating
                self.assertEqual(b['wins'] * (len(bots) - 1), b['losses'],
                                 bots)
                self.assertEqual(b['games'], games)
            if len(bots) == 2:
                self.assertEqual(rep['bots'][0]['margin']['mean'], 0)

    def test_protocol_bot_plays_like_builtin(self):
        with tempfile.TemporaryDirectory() as d1, \
                tempfile.TemporaryDirectory() as d2:
            match(['greedy', 'greedy', '--games', '2', '--seed', '1',
                   '--records', d1, '--quiet', '--all'])
            match(['greedy', f'exec {CARC} bot greedy --seed 1',
                   '--games', '2', '--seed', '1', '--records', d2,
                   '--quiet', '--all'])
            a, b = records(d1), records(d2)
            self.assertEqual(len(a), 2)
            for x, y in zip(a, b):
                self.assertEqual(moves_of(x), moves_of(y))

    def test_version_1_bot_plays_like_version_2(self):
        """A bot of version 1 (no request ids) is still accepted: the
        games of `carcassonne bot random` spoken to in version 1 are
        those spoken to in version 2."""
        with tempfile.TemporaryDirectory() as d1, \
                tempfile.TemporaryDirectory() as d2:
            match(['greedy', f'exec {CARC} bot random', '--games', '2',
                   '--records', d1, '--quiet'])
            match(['greedy', f'exec {PY} {BROKEN} old', '--games', '2',
                   '--records', d2, '--quiet'])
            a, b = records(d1), records(d2)
            self.assertEqual(len(a), 2)
            for x, y in zip(a, b):
                self.assertEqual(moves_of(x), moves_of(y))

    def test_keep_bots(self):
        """--keep-bots: one process per external bot and job, told
        "newgame" for each of its games, and the very games of fresh
        processes."""
        with tempfile.TemporaryDirectory() as d:
            count = os.path.join(d, 'count')
            env = dict(os.environ, COUNT_FILE=count)
            bot = f'exec {PY} {BROKEN} count'
            for extra, counts in (([], [1] * 6),
                                  (['--keep-bots'], [6]),
                                  (['--keep-bots', '--jobs', '2'], [3, 3]),
                                  (['--keep-bots', '--jobs', '4'],
                                   [1, 1, 2, 2])):
                with self.subTest(extra=extra):
                    recs = os.path.join(d, 'r' + ''.join(extra))
                    if os.path.exists(count):
                        os.remove(count)
                    rep = json.loads(match(
                        ['greedy', bot, '--games', '6', '--records', recs,
                         '--json', '--quiet'] + extra, env=env)[1])
                    self.assertEqual(rep['bots'][1]['forfeits'], {})
                    self.assertEqual(rep['bots'][1]['name'],
                                     'carcassonne-bot random')
                    with open(count) as f:
                        seen = [int(l.split()[1]) for l in f]
                    self.assertEqual(sorted(seen), counts)
                    if extra:
                        first = os.path.join(d, 'r')
                        for x, y in zip(records(first), records(recs)):
                            with open(x) as a, open(y) as b:
                                self.assertEqual(a.read(), b.read())
            # a kept bot that loses a game is started again for the next
            rep = json.loads(match(
                ['greedy', f'exec {PY} {BROKEN} crash@2', '--games', '4',
                 '--keep-bots', '--json', '--quiet'])[1])
            self.assertEqual(rep['bots'][1]['forfeits'], {'crash': 4})

    def test_mcts_with_threads_over_the_protocol(self):
        """The library's MCTS on two threads behind `carcassonne bot`
        plays the games of the built-in one: exactly even."""
        spec = 'mcts:playouts=30,threads=2'
        rep = json.loads(match([spec, f'exec {CARC} bot {spec}', '--games',
                                '2', '--seed', '1', '--json',
                                '--quiet'])[1])
        self.assertEqual([b['name'] for b in rep['bots']],
                         [spec, 'carcassonne-bot ' + spec])
        self.assertEqual(rep['bots'][0]['score']['mean'], 0.5)
        self.assertEqual(rep['bots'][0]['margin']['mean'], 0)

    def test_paper_parameters(self):
        """The papers' settings (c, b, reward, probing, depth) reach the
        library the same way inside the referee and behind `carcassonne
        bot`: mirrored games, exactly even; the name says them in one
        order; and they change the play."""
        for spec, name in (
                ('mcts-rave:playouts=30,reward=margin,b=10000,c=8485',
                 'mcts-rave:playouts=30,c=8485,b=10000,reward=margin'),
                ('star2.5:playouts=3000,probing=4,depth=3',
                 'star2.5:playouts=3000,probing=4,depth=3')):
            rep = json.loads(match([spec, f'exec {CARC} bot {spec}',
                                    '--games', '2', '--json',
                                    '--quiet'])[1])
            self.assertEqual(rep['bots'][1]['name'],
                             ('carcassonne-bot ' + name)[:60])
            self.assertEqual(rep['bots'][0]['score']['mean'], 0.5)
            self.assertEqual(rep['bots'][0]['margin']['mean'], 0)
        # two copies of a bot play the same game in both seatings of a
        # round; the papers' reward and constant are the defaults, and
        # 0.4's reward (with its constant) plays otherwise
        for other, same in (('mcts:playouts=30', True),
                            ('mcts:playouts=30,c=8485,reward=margin',
                             True),
                            ('mcts:playouts=30,reward=win', False)):
            with tempfile.TemporaryDirectory() as d:
                match(['mcts:playouts=30', other, '--games', '2',
                       '--records', d, '--quiet'])
                first, second = (moves_of(p) for p in records(d))
                self.assertEqual(first == second, same, other)

    def test_random_against_greedy_pinned(self):
        with tempfile.TemporaryDirectory() as d:
            rep = json.loads(match(['random', 'greedy', '--games', '10',
                                    '--seed', '1', '--records', d,
                                    '--json', '--quiet'])[1])
            rnd, gre = rep['bots']
            self.assertEqual((rep['rounds'], rep['games']), (5, 10))
            self.assertEqual((gre['wins'], gre['draws'], gre['losses']),
                             PINNED['greedy'])
            self.assertEqual(rnd['wins'] + gre['wins'] + gre['draws'], 10)
            # 10-0-0: a Wilson interval inside [0, 1], a finite Elo
            self.assertEqual((gre['score']['mean'], gre['score']['hi']),
                             (1, 1))
            self.assertAlmostEqual(gre['score']['lo'], 10 / (10 + 1.96**2),
                                   places=3)
            self.assertEqual(rnd['score']['lo'], 0)
            self.assertAlmostEqual(gre['elo']['value'],
                                   400 * math.log10(19), places=3)
            self.assertAlmostEqual(rnd['elo']['value'],
                                   -400 * math.log10(19), places=3)
            # the totals of the records, replayed by carcassonne replay
            totals = [0, 0]
            files = records(d)
            self.assertEqual(len(files), 10)
            for g, path in enumerate(files):
                out = subprocess.run([CARC, 'replay', path],
                                     capture_output=True, text=True,
                                     check=True).stdout
                scores = [int(s) for s in
                          out.split('scores:')[-1].split()[:2]]
                self.assertEqual(result_comment(path),
                                 f'# result: P0 {scores[0]} '
                                 f'P1 {scores[1]}\n')
                # seating g % 2: random in seat 0, then in seat 1
                totals[0] += scores[g % 2]
                totals[1] += scores[1 - g % 2]
            self.assertEqual(totals, PINNED['points'])
            self.assertAlmostEqual(rnd['points']['mean'], totals[0] / 10)
            self.assertAlmostEqual(gre['points']['mean'], totals[1] / 10)
            self.assertAlmostEqual(gre['margin']['mean'],
                                   (totals[1] - totals[0]) / 10)

    def test_jobs_write_the_same_games(self):
        with tempfile.TemporaryDirectory() as d1, \
                tempfile.TemporaryDirectory() as d2:
            j1 = match(['random', 'greedy', '--games', '6', '--records', d1,
                        '--json', '--quiet'])[1]
            j2 = match(['random', 'greedy', '--games', '6', '--records', d2,
                        '--json', '--quiet', '--jobs', '2'])[1]
            for x, y in zip(records(d1), records(d2)):
                self.assertEqual(moves_of(x), moves_of(y))
            timed = ('think_ms', 'cpu_ms', 'ms_per_move')
            strip = (lambda r: [{k: v for k, v in b.items()
                                 if k not in timed} for b in r['bots']])
            self.assertEqual(strip(json.loads(j1)), strip(json.loads(j2)))
            # CPU time beside wall time, per move: the decisions of both
            # bots are every decision of the games
            r1 = json.loads(j1)
            total = sum(sum(l[0] == 'P' and l[1].isdigit() for l in
                            moves_of(x)) for x in records(d1))
            self.assertEqual(sum(b['decisions'] for b in r1['bots']), total)
            for b in r1['bots']:
                self.assertGreaterEqual(b['cpu_ms'], 0)
                # think_ms counts the ms boundaries each decision
                # crossed, the mean wall time per move microseconds
                self.assertGreater(b['ms_per_move']['wall'],
                                   b['think_ms'] / b['decisions'] - 1)
                self.assertLess(b['ms_per_move']['wall'],
                                b['think_ms'] / b['decisions'] + 1)
                self.assertGreaterEqual(b['ms_per_move']['cpu'], 0)

    def test_sprt_stops_early(self):
        for bots, bounds, result, rounds in (
                (['greedy', 'random'], '-150,0,0.05,0.05', 'H1', 2),
                (['random', 'greedy'], '-150,0,0.05,0.05', 'H0', 3)):
            rep = json.loads(match(bots + ['--games', '400',
                                    '--sprt', bounds, '--json',
                                    '--quiet'])[1])
            self.assertEqual(rep['sprt']['result'], result)
            self.assertEqual(rep['rounds'], rounds)
            llr = rep['sprt']['llr']
            if result == 'H1':
                self.assertGreaterEqual(llr, rep['sprt']['upper'])
            else:
                self.assertLessEqual(llr, rep['sprt']['lower'])

    def test_text_report(self):
        out = match(['greedy', 'random', '--games', '4'])[1]
        lines = out.splitlines()
        self.assertEqual(lines[0], '4 games in 2 rounds of 2 seatings, '
                         'seeds 1..2')
        self.assertTrue(lines[1].startswith('bot     games  wins draws'))
        self.assertTrue(lines[-1].startswith('Elo greedy - random: '))

    def test_bad_arguments(self):
        for args in (['greedy'], ['greedy', 'mcts:playouts=x'],
                     ['greedy', 'mcts:threads=0'], ['greedy', 'greedy:time=5'],
                     ['greedy', 'greedy', '--sprt', '10,0,0.05,0.05'],
                     ['--bot-option', 'seed=1', 'greedy', 'random'],
                     ['greedy', 'greedy', '--bot-option', 'depth=3'],
                     ['greedy', 'mcts:probing=3'], ['greedy', 'mcts:b=5'],
                     ['greedy', 'star2.5:depth=9'],
                     ['greedy', 'star2.5:c=600'],
                     ['greedy', 'mcts:reward=points'],
                     ['greedy', 'random', '--games', '0']):
            rc, _, err, _ = match(args, check=False)
            self.assertEqual(rc, 2, (args, err))
            self.assertIn('carcassonne: ', err)


class SampleBots(unittest.TestCase):
    def check_clean(self, args):
        with tempfile.TemporaryDirectory() as d:
            rep = json.loads(match(args + ['--records', d, '--json',
                                           '--quiet'])[1])
            for b in rep['bots']:
                self.assertEqual(b['forfeits'], {}, b)
            for path in records(d):
                subprocess.run([CARC, 'replay', path], check=True,
                               capture_output=True)
            return rep

    def test_c_bot(self):
        rep = self.check_clean(['greedy', RANDOM_BOT, f'{CARC} bot random',
                                '--games', '3', '--all'])
        self.assertEqual([b['name'] for b in rep['bots']],
                         ['greedy', 'random-bot', 'carcassonne-bot random'])

    def test_python_bot(self):
        rep = self.check_clean(['random', f'{PY} {SAMPLE_PY}',
                                '--games', '2', '--all'])
        self.assertEqual(rep['bots'][1]['name'], 'bot.py')

    def test_sample_bots_kept(self):
        """The sample bots start every game from their seed: the games of
        one process for the match (--keep-bots) are those of a process
        per game."""
        for bot in (RANDOM_BOT, f'exec {PY} {SAMPLE_PY}'):
            with self.subTest(bot=bot), tempfile.TemporaryDirectory() as d:
                runs = []
                for extra in ([], ['--keep-bots']):
                    out = os.path.join(d, str(len(runs)))
                    match(['random', bot, '--games', '4', '--bot-option',
                           'seed=5', '--records', out, '--quiet'] + extra)
                    runs.append([open(f).read() for f in records(out)])
                self.assertEqual(len(runs[0]), 4)
                self.assertEqual(runs[0], runs[1])

    def test_python_bot_plays_the_turn(self):
        # tile E in hand: only E at (0,-1) turned twice completes the start
        # tile's city, and only a follower deployed on it then scores the
        # 4 points; the sample bot, like the built-in greedy, sees both
        script = '''
import importlib.util, random, sys
import carcassonne as carc
spec = importlib.util.spec_from_file_location('bot', sys.argv[1])
bot = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bot)
follow = bot.Follower()
follow.rules, follow.drawn = ['players 2\\n'], ['E']
for seed in range(6):
    game = follow.game()
    first = carc.describe(bot.choose(game, random.Random(seed)))
    game.apply(carc.parse_move(first))
    second = carc.describe(bot.choose(game, random.Random(seed)))
    game.apply(carc.parse_move(second))
    print(first, '/', second, '/', game.score(0))
'''
        out = subprocess.run([PY, '-c', script, SAMPLE_PY],
                             capture_output=True, text=True, timeout=120,
                             check=True).stdout
        self.assertEqual(out.splitlines(),
                         ['place 0,-1 r2 / deploy follower c1 at 0,-1 / 4'] * 6)


# reason of the forfeit and the most seconds a 2-game match may take
BROKEN_MODES = {
    'illegal@5': 'illegal', 'garbage': 'malformed', 'chatter': 'malformed',
    'control': 'malformed',
    'slow': 'time', 'hang': 'time', 'crash': 'crash',
    'close-stdout': 'closed', 'flood': 'flood', 'flood-lines': 'flood',
    'exit-handshake': 'crash', 'hang-handshake': 'handshake',
    'version': 'handshake', 'unasked@2': 'malformed',
    'unasked-v1@2': 'malformed',
}


class BrokenBots(unittest.TestCase):
    def test_each_loses_with_its_reason(self):
        for mode, reason in BROKEN_MODES.items():
            with self.subTest(mode=mode), \
                    tempfile.TemporaryDirectory() as d:
                # a short limit where the bot must run out of it, a long
                # one where it must not (the machine may be busy)
                waits = mode in ('slow', 'hang')
                rc, out, err, secs = match(
                    ['greedy', f'exec {PY} {BROKEN} {mode}', '--games',
                     '2', '--jobs', '2',
                     '--move-time', '300' if waits else '5000',
                     '--handshake-time',
                     '1000' if mode == 'hang-handshake' else '10000',
                     '--records', d, '--json'], timeout=60)
                rep = json.loads(out)
                self.assertEqual(rep['bots'][1]['forfeits'], {reason: 2},
                                 err)
                self.assertEqual(rep['bots'][0]['wins'], 2)
                self.assertLess(secs, 30)
                files = records(d)
                for g, path in enumerate(files):
                    with open(path) as f:
                        text = f.read()
                    self.assertIn(f'# forfeit: P{1 - g} {reason}: ', text)
                    # the bot's text is in the record as printable ASCII
                    self.assertTrue(text.isascii() and all(
                        c.isprintable() for c in text.replace('\n', '')))
                    subprocess.run([CARC, 'replay', path], check=True,
                                   capture_output=True)
                self.assertIn(f'forfeits ({reason}: ', err)
                if mode == 'illegal@5':
                    # four moves of its own before the illegal one
                    self.assertGreaterEqual(
                        sum(l.startswith('P1 ') for l in
                            moves_of(files[0])), 4)

    def test_stale_answer_is_never_taken(self):
        """A bot that answers a request twice, in two lines flushed apart
        (0 to 50 ms), loses for its unrequested line every time, whether
        that line comes before the next request or while the referee
        waits for its answer, and the stale line is never played: after
        its N-th answer the bot made N moves.  Version 2 tells answers
        apart by their request ids; version 1 by the readyok the referee
        asks for before every request."""
        games = 12
        for mode, stale in (('twice@1', "'move 1 pass'"),
                            ('twice@2', "'move 2 pass'"),
                            ('twice-v1@1', "'move pass'"),
                            ('twice-v1@2', "'move pass'")):
            with self.subTest(mode=mode), \
                    tempfile.TemporaryDirectory() as d:
                rep = json.loads(match(
                    ['greedy', f'exec {PY} {BROKEN} {mode}', '--games',
                     str(games), '--jobs', '2', '--move-time', '20000',
                     '--records', d, '--json', '--quiet'], timeout=120)[1])
                self.assertEqual(rep['bots'][1]['forfeits'],
                                 {'malformed': games})
                n = int(mode.split('@')[1])
                files = records(d)
                self.assertEqual(len(files), games)
                for g, path in enumerate(files):
                    seat = 1 - g % 2
                    with open(path) as f:
                        text = f.read()
                    self.assertIn(f'# forfeit: P{seat} malformed: '
                                  f'unrequested line {stale}\n', text)
                    self.assertEqual(sum(l.startswith(f'P{seat} ')
                                         for l in moves_of(path)), n)

    def test_shell_commands(self):
        """A command that is one program is started with exec, so its
        signal and its closed output are its own; through a shell that
        stays (an operator), status 128 + N is read as signal N."""
        for bot, reason, says in (
                (f'{PY} {BROKEN} crash', 'crash',
                 'killed by signal 11 (SIGSEGV) during '),
                (f'{PY} {BROKEN} crash || exit $?', 'crash',
                 'killed by signal 11 (SIGSEGV, status 139 from the '
                 'shell) during '),
                (f'{PY} {BROKEN} close-stdout', 'closed',
                 'closed its output during ')):
            with self.subTest(bot=bot), tempfile.TemporaryDirectory() as d:
                rc, out, err, secs = match(
                    ['greedy', bot, '--games', '2', '--move-time', '20000',
                     '--records', d, '--json', '--quiet'], timeout=60)
                rep = json.loads(out)
                self.assertEqual(rep['bots'][1]['forfeits'], {reason: 2})
                self.assertLess(secs, 15)
                for g, path in enumerate(records(d)):
                    with open(path) as f:
                        self.assertIn(f'# forfeit: P{1 - g} {reason}: '
                                      f'{says}', f.read())

    def test_escaped_grandchild_is_killed(self):
        """A bot's child in a session of its own escapes the kill of the
        bot's process group; it passes to the referee (the subreaper),
        which kills it before it exits."""
        with tempfile.TemporaryDirectory() as d:
            pids = os.path.join(d, 'pids')
            os.environ['ESCAPE_PIDS'] = pids
            try:
                rep = json.loads(match(
                    ['greedy', f'exec {PY} {BROKEN} escape', '--games',
                     '2', '--move-time', '300', '--json', '--quiet'],
                    timeout=30)[1])
            finally:
                with open(pids) as f:
                    escaped = [int(l) for l in f]
                alive = [p for p in escaped
                         if os.path.exists(f'/proc/{p}')]
                for pid in alive:   # not to leave them when failing
                    os.kill(pid, signal.SIGKILL)
            self.assertEqual(rep['bots'][1]['forfeits'], {'time': 2})
            self.assertEqual(len(escaped), 2)
            self.assertEqual(alive, [])

    def test_game_time(self):
        rep = json.loads(match(
            ['greedy', f'exec {PY} {BROKEN} slow', '--games', '2',
             '--move-time', '60000', '--game-time', '200', '--json',
             '--quiet'], timeout=30)[1])
        self.assertEqual(rep['bots'][1]['forfeits'], {'time': 2})

    def test_signals_leave_nothing(self):
        for sig, extra in ((signal.SIGINT, []), (signal.SIGTERM, []),
                           (signal.SIGTERM, ['--keep-bots'])):
            with self.subTest(signal=sig, extra=extra):
                self.interrupt(sig, extra)

    def interrupt(self, sig, extra):
        p = subprocess.Popen(
            [CARC, 'match', 'greedy', f'exec {PY} {BROKEN} hang',
             f'exec {PY} {BROKEN} hang', '--games', '6', '--jobs', '2',
             '--move-time', '600000'] + extra, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, start_new_session=True)
        time.sleep(1.5)
        self.assertIsNone(p.poll())
        # two workers, each with two bots (and their inner bots and
        # sleeping grandchildren)
        self.assertGreater(len(session_processes(p.pid)), 4)
        start = time.monotonic()
        p.send_signal(sig)
        out, err = p.communicate(timeout=10)
        self.assertLess(time.monotonic() - start, 5)
        self.assertEqual(p.returncode, 128 + sig, err)
        self.assertIn(f'stopped by signal {int(sig)}', err)
        self.assertIn('0 games in 0 rounds', out)
        time.sleep(0.05)
        self.assertEqual(session_processes(p.pid), [])


DOC = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..',
                   'doc', 'bindings', 'bot-protocol.md')
LOG_BOT = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       'log-bot.py')
MARK = '<!-- produced by tests/referee/referee-test.py: '


class DocTranscripts(unittest.TestCase):
    """The transcripts of doc/bindings/bot-protocol.md are those of real
    matches, through a bot that logs both sides (log-bot.py); with
    UPDATE_DOCS=1 the page is written with them instead."""

    cpu_run = None

    def logs(self, args, report=None):
        """The logs of the match's external bot, by its seat; the match's
        standard output goes to the list @report."""
        with tempfile.TemporaryDirectory() as d:
            _, stdout, _, _ = match(args, env=dict(os.environ, LOG_DIR=d))
            if report is not None:
                report.append(stdout)
            out = {}
            for name in os.listdir(d):
                with open(os.path.join(d, name)) as f:
                    lines = f.read().splitlines()
                seat = next(l for l in lines if l.startswith('> seat '))
                out[int(seat.split()[2])] = lines
            return out

    def blocks(self):
        game = self.logs(['greedy', f'exec {PY} {LOG_BOT} {CARC} bot greedy',
                          '--seed', '3', '--bot-option', 'seed=7',
                          '--quiet'])[0]
        draws = [i for i, l in enumerate(game) if l.startswith('> draw ')]
        transcript = (game[:draws[4] + 1] + ['  … the rest of the game …']
                      + game[-12:])
        # the record rebuilt for the third move
        third = [i for i, l in enumerate(game) if l.startswith('> go ')][2]
        before = [l[2:] for l in game[:third] if l.startswith('> ')]
        rules = [l for l in before if l.split(' ')[0] in
                 ('players', 'option', 'tiles')]
        options = [l for l in rules if l.startswith('option ')]
        tiles = [l.split()[1] for l in before
                 if l.split(' ')[0] in ('draw', 'discard')]
        record = (['carcassonne-record 1']
                  + [l for l in rules if not l.startswith('option ')]
                  + [options[0], '…', options[-1]]
                  + ['deck ' + ' '.join(tiles) + ' …']
                  + [l for l in before if l[:1] == 'P' and l[1].isdigit()]
                  + ['end'])
        stale = self.logs(['greedy', f'exec {PY} {LOG_BOT} {PY} {BROKEN} '
                           'twice@1', '--seed', '3', '--move-time', '1000',
                           '--quiet'])[1]
        seat = stale.index('> seat 1')
        stale = ['  … the handshake and the rules …'] + stale[seat:]
        logs, _ = self.cpu_match()
        cpu = logs[0][:logs[0].index('> newgame') + 1]
        return {'transcript': transcript, 'record': record, 'stale': stale,
                'cpu': cpu}

    def cpu_match(self):
        """One round of mcts against mcts behind the protocol with a CPU
        time per decision: the logs and the JSON report (played once)."""
        if DocTranscripts.cpu_run is None:
            out = []
            logs = self.logs(['mcts', f'exec {PY} {LOG_BOT} {CARC} bot mcts',
                              '--move-cpu', '30', '--bot-option', 'seed=7',
                              '--json', '--quiet'], out)
            DocTranscripts.cpu_run = (logs, json.loads(out[0]))
        return DocTranscripts.cpu_run

    def test_cpu_is_told_and_taken(self):
        """--move-cpu MS: every external bot is told "cpu MS" after its
        options and before isready, in each game's handshake; a search
        behind the protocol and a built-in search both take it and think
        about that long (the built-in's CPU time per move, the decisions
        with one legal move included, between 15 and 40 ms for 30; 7 ms
        without it)."""
        logs, report = self.cpu_match()
        self.assertEqual(sorted(logs), [0, 1])
        for lines in logs.values():
            self.assertEqual(lines[lines.index('< protocolok 2') + 1:
                                   lines.index('> newgame')],
                             ['> setoption seed 7', '> cpu 30', '> isready',
                              '< info searching for 30 ms of CPU time per '
                              'decision (mcts:cpu=30)', '< readyok'])
        self.assertEqual(report['move_cpu'], 30)
        self.assertEqual(report['games'], 2)
        builtin, external = report['bots']
        self.assertGreater(builtin['ms_per_move']['cpu'], 15, builtin)
        self.assertLess(builtin['ms_per_move']['cpu'], 40, builtin)
        # the referee sees the CPU time of log-bot.py, not of the bot it
        # runs; the wall time is at least the bot's CPU time
        self.assertGreater(external['ms_per_move']['wall'], 15, external)
        # without --move-cpu nobody is told a CPU time
        game = self.logs(['greedy', f'exec {PY} {LOG_BOT} {CARC} bot greedy',
                          '--games', '2', '--quiet'])
        for lines in game.values():
            self.assertFalse([l for l in lines if l.startswith('> cpu')])

    def test_page_has_the_transcripts(self):
        with open(DOC, encoding='utf-8') as f:
            page = f.read()
        made = self.blocks()
        out, at, found = [], 0, []
        while True:
            k = page.find(MARK, at)
            if k < 0:
                break
            name = page[k + len(MARK):page.index(' -->', k)]
            start = page.index('```\n', k) + 4
            end = page.index('```\n', start)
            found.append(name)
            out.append(page[at:start])
            out.append(''.join(l + '\n' for l in made[name]))
            if os.environ.get('UPDATE_DOCS') != '1':
                self.assertEqual(page[start:end].splitlines(), made[name],
                                 f'{DOC}: block {name!r} differs from '
                                 'the real match (a new rule option? '
                                 'UPDATE_DOCS=1 meson test referee '
                                 'writes it)')
            at = end
        out.append(page[at:])
        self.assertEqual(sorted(found), sorted(made))
        if os.environ.get('UPDATE_DOCS') == '1':
            with open(DOC, 'w', encoding='utf-8') as f:
                f.write(''.join(out))
        # what the page says of the stale line: it came at the second
        # request, and was the last line of the bot
        self.assertEqual(made['stale'][-2:], ['> go 2 movetime 1000',
                                              '< move 1 pass'])


# greedy against random, seeds 1 to 5 in both seatings: greedy's wins,
# draws and losses, and the points of random and greedy in all 10 games
PINNED = {'greedy': (10, 0, 0), 'points': [201, 438]}

if __name__ == '__main__':
    unittest.main(verbosity=2)
