#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""carcassonne match --dask (suite 'cluster'): the games of a match played
on a local Dask cluster of two worker processes, one of them killed with
SIGKILL in the middle of the match, give the records of the same match
played here byte for byte, and its report but for the times.

usage: dask-test.py   (CARC_BIN in the environment)

Needs Debian's python3-distributed, which serves /usr/bin/python3: run by
another interpreter without Dask, the test runs itself again with
/usr/bin/python3.  Without Dask it is skipped (exit 77 under meson)
locally and fails under CI=true.
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

try:
    import distributed
except ImportError:
    distributed = None
    if (__name__ == '__main__' and sys.executable != '/usr/bin/python3'
            and os.path.exists('/usr/bin/python3')
            and subprocess.run(['/usr/bin/python3', '-c',
                                'import distributed'],
                               stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL).returncode == 0):
        os.execv('/usr/bin/python3', ['/usr/bin/python3'] + sys.argv)

CARC = os.environ.get('CARC_BIN', '')
TIMED = ('think_ms', 'cpu_ms', 'ms_per_move')


def untimed(report):
    """The JSON report without the times, which no two runs share."""
    rep = json.loads(report)
    for b in rep['bots']:
        for k in TIMED:
            del b[k]
    return rep


def files(d):
    out = {}
    for name in sorted(os.listdir(d)):
        with open(os.path.join(d, name), 'rb') as f:
            out[name] = f.read()
    return out


@unittest.skipIf(distributed is None, 'python3-distributed is not installed')
class DaskMatch(unittest.TestCase):
    # an external bot of each version and a built-in one, three seats,
    # an expansion: 6 games, so 2 rounds of 3 seatings
    ARGS = ['greedy', f'exec {CARC} bot greedy',
            f'exec {CARC} bot mcts:playouts=20', '--games', '6',
            '--seed', '5', '--phantom', '--json']

    def test_killed_worker_same_match(self):
        with tempfile.TemporaryDirectory() as d:
            here, there = os.path.join(d, 'here'), os.path.join(d, 'there')
            local = subprocess.run([CARC, 'match'] + self.ARGS +
                                   ['--records', here, '--quiet'],
                                   capture_output=True, text=True,
                                   timeout=300, check=True)
            with distributed.LocalCluster(
                    n_workers=2, threads_per_worker=1, processes=True,
                    dashboard_address=None) as lc, \
                    distributed.Client(lc) as client:
                pids = sorted(client.run(os.getpid).values())
                self.assertEqual(len(pids), 2)
                p = subprocess.Popen(
                    [CARC, 'match'] + self.ARGS +
                    ['--records', there, '--dask', lc.scheduler_address],
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    text=True)
                games, killed, said = 0, None, []
                # a line per game on stderr: kill a worker after the
                # second, while the others are played
                for line in p.stderr:
                    said.append(line)
                    if line.startswith('game '):
                        games += 1
                    if games == 2 and killed is None:
                        os.kill(pids[0], signal.SIGKILL)
                        killed = games
                out = p.stdout.read()
                self.assertEqual(p.wait(timeout=300), 0,
                                 'the match said:\n' + ''.join(said))
                self.assertEqual(killed, 2)
                self.assertEqual(games, 6)
                after = client.run(os.getpid).values()
                self.assertNotIn(pids[0], after)
            self.assertEqual(untimed(out), untimed(local.stdout))
            self.assertEqual(sorted(os.listdir(there)),
                             [f'game-{g:04d}.rec' for g in range(1, 7)])
            self.assertEqual(files(there), files(here))

    def test_errors(self):
        # no scheduler there: the match fails, and says so
        p = subprocess.run([CARC, 'match', 'greedy', 'random', '--games',
                            '2', '--dask', 'nowhere://x'],
                           capture_output=True, text=True, timeout=180)
        self.assertEqual(p.returncode, 1, p.stderr)
        self.assertIn('match-dask.py: no Dask scheduler at nowhere://x: ',
                      p.stderr)
        self.assertIn('carcassonne: match: the Dask driver ended, 2 games '
                      'have no result', p.stderr)
        self.assertTrue(p.stdout.startswith('0 games in 0 rounds'))
        p = subprocess.run([CARC, 'match', 'greedy', 'random',
                            '--keep-bots', '--dask', 'tcp://127.0.0.1:9'],
                           capture_output=True, text=True, timeout=60)
        self.assertEqual(p.returncode, 2)
        self.assertIn('--keep-bots: not with --dask', p.stderr)


if __name__ == '__main__':
    if distributed is None:
        if os.environ.get('CI') == 'true':
            print('python3-distributed is missing (tools/install-deps.sh '
                  '--tests installs it)', file=sys.stderr)
            sys.exit(1)
        print('SKIP: python3-distributed is not installed', file=sys.stderr)
        sys.exit(77)
    unittest.main(verbosity=2)
