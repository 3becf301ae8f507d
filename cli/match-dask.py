#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The Dask driver of `carcassonne match --dask ADDRESS` (doc/bindings/cluster.md).

usage: match-dask.py ADDRESS     (started by carcassonne match, not by hand)

`carcassonne match` writes on our stdin the command of one game of its
match as a JSON list (the program, "match" and the match's arguments),
then one line "game G" per game it wants played.  Each game becomes one
Dask task that runs the command with "--play-game G" on a worker and
returns what it printed: the game's result frame ("result G LENGTH" and
LENGTH bytes of outcome and record), which we copy to our stdout as it
comes.  The match counts, writes the records and reports, exactly as for
its own worker processes.  A game whose command fails is reported as
"failed G REASON".  When a worker dies, Dask runs its games again
elsewhere: a game is a pure function of the match's arguments and its
number, so the result is the same, and each game is reported once.

At the end of our stdin (no more games) we wait for the games asked for,
then exit; if the match stops early (its SPRT decided, or it was killed)
the games not yet done are cancelled.  Needs Debian's python3-distributed.
"""

import json
import queue
import signal
import subprocess
import sys
import threading
import uuid


def play(command, game):
    """On a Dask worker: one game, its result frame as bytes."""
    p = subprocess.run(command + ['--play-game', str(game)],
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       check=False)
    if p.returncode != 0 or not p.stdout.startswith(b'result '):
        raise RuntimeError(f'game {game + 1}: {command[0]} exited with '
                           f'status {p.returncode}')
    return p.stdout


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: match-dask.py ADDRESS')
    try:
        import distributed
    except ImportError:
        sys.exit('carcassonne match --dask needs Dask: apt-get install '
                 'python3-distributed (for /usr/bin/python3)')
    command = json.loads(sys.stdin.readline())
    run = uuid.uuid4().hex[:12]
    done = queue.Queue()
    futures = []            # held, or Dask forgets the tasks
    asked = [0]
    ended = threading.Event()
    stopped = threading.Event()
    try:
        client = distributed.Client(sys.argv[1], timeout=30)
    except (OSError, ValueError, TimeoutError) as e:
        sys.exit(f'match-dask.py: no Dask scheduler at {sys.argv[1]}: {e}')

    def requests():
        for line in sys.stdin:
            words = line.split()
            if words == ['stop']:
                stopped.set()
                break
            if len(words) != 2 or words[0] != 'game':
                continue
            # one key per game of this run: Dask computes it once, and
            # again only when the worker that had it died
            asked[0] += 1
            f = client.submit(play, command, int(words[1]),
                              key=f'carcassonne-{run}-{int(words[1])}',
                              pure=False)
            futures.append(f)
            f.add_done_callback(done.put)
        ended.set()
        done.put(None)

    # killed by the match (SIGTERM): cancel what is left, as at a stop
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    threading.Thread(target=requests, daemon=True).start()
    out = sys.stdout.buffer
    reported = 0
    try:
        while not stopped.is_set() and not (ended.is_set()
                                            and reported == asked[0]):
            try:
                f = done.get(timeout=1)
            except queue.Empty:
                continue
            if f is None:
                continue
            g = int(f.key.rsplit('-', 1)[1])
            reported += 1
            if f.status == 'finished':
                out.write(f.result())
            else:
                reason = ' '.join(str(f.exception()).split())
                out.write(f'failed {g} {reason}\n'.encode())
            out.flush()
    except BrokenPipeError:
        pass
    finally:
        # the games not done yet are cancelled with the client
        client.cancel(futures)
        client.close()
    return 0


if __name__ == '__main__':
    sys.exit(main())
