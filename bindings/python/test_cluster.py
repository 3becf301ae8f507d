# SPDX-License-Identifier: MIT
"""carcassonne.cluster: games keyed by seed, exactly once, on a local Dask
cluster of two worker processes with one of them killed in the middle.

Needs Dask's distributed for the interpreter that runs it (meson's
python-interpreter option; Debian: python3-distributed).  Without Dask
the suite is skipped (exit 77 under meson) locally and fails under
CI=true.
"""

import math
import os
import signal
import subprocess
import sys
import tempfile
import unittest

try:
    import distributed
except ImportError:
    distributed = None

import carcassonne  # noqa: E402
from carcassonne import cluster  # noqa: E402

ALL = (('phantom', 1), ('crop_circles_i', 1), ('crop_circles_ii', 1),
       ('little_buildings', 1))


def _comparable(results):
    return {k: (r.seed, r.seats, r.scores, r.record, r.moves)
            for k, r in results.items()}


class TestSpecs(unittest.TestCase):

    def test_parse_bot(self):
        self.assertEqual(cluster.parse_bot('random'),
                         cluster.BotSpec('random'))
        self.assertEqual(cluster.parse_bot('mcts:playouts=64'),
                         cluster.BotSpec('mcts', 64))
        self.assertEqual(cluster.parse_bot('mcts:playouts=64').text,
                         'mcts:playouts=64')
        for bad in ('', 'alphazero', 'mcts:time=100', 'greedy:playouts=3',
                    'mcts:playouts=0', 'mcts:playouts=x', 'mcts:playouts'):
            with self.assertRaises(ValueError, msg=bad):
                cluster.parse_bot(bad)
        with self.assertRaises(TypeError):
            cluster.parse_bot(3)

    def test_fair_rotations(self):
        a, b = cluster.BotSpec('random'), cluster.BotSpec('greedy')
        specs = cluster.match_specs([a, b], games=6, players=2, seed=9)
        self.assertEqual(len(specs), 6)
        self.assertEqual(len({s.key for s in specs}), 6)
        self.assertEqual(len({s.seed for s in specs}), 3)
        for first, second in zip(specs[::2], specs[1::2]):
            self.assertEqual(first.seed, second.seed)
            self.assertEqual(first.seats, (a, b))
            self.assertEqual(second.seats, (b, a))
        self.assertEqual([s.seed for s in specs], [9, 9, 10, 10, 11, 11])
        self.assertEqual([s.number for s in specs], [1, 2, 3, 4, 5, 6])
        # three players, two bots: seats cycle a, b, a and rotate as in
        # carcassonne match: the k-th sits in seat (k + r) % 3
        specs = cluster.match_specs([a, b], games=3, players=3, seed=9)
        self.assertEqual([s.seats for s in specs],
                         [(a, b, a), (a, a, b), (b, a, a)])
        for bad in (dict(games=5), dict(games=0), dict(players=7, games=7)):
            args = dict(games=4, players=2)
            args.update(bad)
            with self.assertRaises(ValueError, msg=str(bad)):
                cluster.match_specs([a, b], **args)
        with self.assertRaises(carcassonne.CarcError):
            cluster.match_specs([a], games=2, options=[('no_such', 1)])

    def test_play_game_is_pure(self):
        spec = cluster.match_specs([cluster.BotSpec('random'),
                                    cluster.BotSpec('greedy')],
                                   games=2, seed=5, options=ALL)[1]
        one, two = cluster.play_game(spec), cluster.play_game(spec)
        self.assertEqual(_comparable({0: one}), _comparable({0: two}))
        # the record replays to the same final scores
        game = carcassonne.Game.load(one.record)
        self.assertTrue(game.is_over())
        self.assertEqual(tuple(game.scores()), one.scores)
        self.assertEqual(len(game.history()), one.moves)
        self.assertEqual(one.seats, ('greedy', 'random'))
        # who sat where, and the result, in comments
        lines = one.record.splitlines()
        self.assertEqual(lines[1:4], [
            '# carcassonne.cluster: game 2, round 1, seating 2, seed 5',
            '# seat P0: greedy (greedy)', '# seat P1: random (random)'])
        self.assertEqual(lines[-2:], ['# result: P0 %d P1 %d' % one.scores,
                                      'end'])

    @unittest.skipIf(not os.environ.get('CARC_BIN'), 'no carcassonne tool')
    def test_the_games_of_carcassonne_match(self):
        """The same seeds, seatings and moves as carcassonne match: the
        records differ only in their comments."""
        bots = ['greedy', 'mcts:playouts=30', 'random']
        specs = cluster.match_specs([cluster.parse_bot(b) for b in bots],
                                    games=6, players=3, seed=3,
                                    options=[('phantom', 1)])
        results = cluster.run_serial(specs)
        with tempfile.TemporaryDirectory() as out:
            subprocess.run([os.environ['CARC_BIN'], 'match'] + bots +
                           ['--seed', '3', '--games', '6', '--phantom',
                            '--records', out, '--quiet'], check=True,
                           stdout=subprocess.DEVNULL, timeout=240)
            for spec in specs:
                with open(os.path.join(out, 'game-%04d.rec'
                                       % spec.number)) as f:
                    theirs = f.read().splitlines()
                ours = results[spec.key].record.splitlines()
                self.assertEqual(ours[0], theirs[0])
                self.assertEqual(ours[1].replace('carcassonne.cluster',
                                                 'carcassonne match'),
                                 theirs[1])
                self.assertEqual(ours[2:], theirs[2:])

    def test_summary(self):
        r = cluster.GameResult
        results = [r('a', 1, ('x', 'y'), (10, 5), '', 0, 0.0),
                   r('b', 1, ('y', 'x'), (7, 7), '', 0, 0.0),
                   r('c', 2, ('x', 'y'), (3, 9), '', 0, 0.0),
                   r('d', 2, ('y', 'x'), (1, 2), '', 0, 0.0)]
        s = cluster.summarize(results)
        self.assertEqual(s['x']['wins'], 2.5)
        self.assertEqual(s['y']['wins'], 1.5)
        self.assertEqual(s['x']['seats'], 4)
        self.assertEqual(s['x']['mean_score'], (10 + 7 + 3 + 2) / 4)
        self.assertAlmostEqual(s['x']['elo'], -400 * math.log10(
            1 / 0.625 - 1))
        self.assertLess(s['x']['elo_low'], s['x']['elo'])
        self.assertGreater(s['x']['elo_high'], s['x']['elo'])
        self.assertNotIn('elo', s['y'])
        # the order asked for; a clean sweep has a finite Elo: the share
        # kept 1 / (2 n) from 0, Wilson's interval from 0 to z^2 / (n + z^2)
        s = cluster.summarize(results[:1], bots=['y', 'x'])
        self.assertEqual(list(s), ['y', 'x'])
        self.assertAlmostEqual(s['y']['elo'], -400 * math.log10(1 / 0.5 - 1))
        s = cluster.summarize(results[:1] * 10, bots=['y', 'x'])
        self.assertAlmostEqual(s['y']['elo'], -400 * math.log10(19))
        self.assertEqual(s['y']['elo_low'], s['y']['elo'])
        z2 = 1.959963984540054 ** 2
        self.assertAlmostEqual(s['y']['elo_high'], -400 * math.log10(
            (10 + z2) / z2 - 1))


@unittest.skipIf(distributed is None, 'python3-distributed is not installed')
class TestLocalCluster(unittest.TestCase):

    def test_killed_worker_loses_and_duplicates_nothing(self):
        specs = cluster.match_specs([cluster.BotSpec('greedy'),
                                     cluster.BotSpec('mcts', 16)],
                                    games=16, seed=77, options=ALL)
        serial = cluster.run_serial(specs)
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1,
                                      processes=True,
                                      dashboard_address=None) as lc, \
                distributed.Client(lc) as client, \
                tempfile.TemporaryDirectory() as out:
            before = client.run(os.getpid)
            self.assertEqual(len(before), 2)
            victim = sorted(before.values())[0]
            killed = []

            def progress(done, total, seconds):
                if done == 4 and not killed:
                    os.kill(victim, signal.SIGKILL)
                    killed.append(done)
                    # the survivor cannot have done the rest yet
                    self.assertLess(done, total)

            results = cluster.run_cluster(specs, client=client, out_dir=out,
                                          progress=progress)
            self.assertEqual(killed, [4])
            # the victim is gone (its nanny may have started another)
            after = client.run(os.getpid)
            self.assertNotIn(victim, after.values())
            self.assertGreaterEqual(len(after), 1)
            self.assertEqual(sorted(results), sorted(s.key for s in specs))
            self.assertEqual(_comparable(results), _comparable(serial))
            files = sorted(os.listdir(out))
            self.assertEqual(files, sorted(s.key + '.rec' for s in specs))
            for k, r in serial.items():
                with open(os.path.join(out, k + '.rec')) as f:
                    self.assertEqual(f.read(), r.record)

    def test_command_line(self):
        with tempfile.TemporaryDirectory() as out:
            p = subprocess.run(
                [sys.executable, '-m', 'carcassonne.cluster', '--bot',
                 'random', '--bot', 'greedy', '--games', '4', '--seed', '3',
                 '--workers', '1', '--out', out],
                capture_output=True, text=True, timeout=240)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn('4 games in', p.stdout)
            self.assertIn('greedy: wins', p.stdout)
            self.assertEqual(len(os.listdir(out)), 4)
            serial = cluster.run_serial(cluster.match_specs(
                [cluster.BotSpec('random'), cluster.BotSpec('greedy')],
                games=4, seed=3))
            for k, r in serial.items():
                with open(os.path.join(out, k + '.rec')) as f:
                    self.assertEqual(f.read(), r.record)
        p = subprocess.run([sys.executable, '-m', 'carcassonne.cluster',
                            '--bot', 'mcts:time=5', '--games', '2'],
                           capture_output=True, text=True, timeout=60)
        self.assertEqual(p.returncode, 2)
        self.assertIn('not repeatable', p.stderr)


if __name__ == '__main__':
    if distributed is None and __name__ == '__main__':
        if os.environ.get('CI') == 'true':
            print('python3-distributed is missing (tools/install-deps.sh '
                  '--tests installs it)', file=sys.stderr)
            sys.exit(1)
        print('SKIP: python3-distributed is not installed', file=sys.stderr)
        sys.exit(77)
    unittest.main(verbosity=2)
