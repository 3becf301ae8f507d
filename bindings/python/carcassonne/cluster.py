# SPDX-License-Identifier: MIT
"""Matches and self-play spread over a Dask cluster.

``python3 -m carcassonne.cluster --bot greedy --bot mcts:playouts=200
--games 100 --workers 2 --out games/`` plays 100 games between two of the
library's built-in bots on a local Dask cluster of two worker processes,
writes every game as a record and prints a summary.  Given
``--scheduler tcp://host:8786`` it uses an existing cluster instead (every
worker needs this package installed, the same version).

Every game is a pure function of its :class:`GameSpec`: the rules, the
seed of the tile stack, the bots in seat order and their playout budgets
(time budgets are refused: they would make a game depend on the machine).
The bots draw their seeds as ``carcassonne match`` seeds its built-in
bots: one generator per seat, seeded from the game's seed and the seat,
and each decision made on a copy of the game whose unseen stack is
reshuffled from a second generator of the seat.  So a task that Dask runs
again after a worker died gives the same game, and the result for a key
is kept once: after a run every game exists exactly once, and the records
equal those of a serial run of the same seeds (:func:`run_serial`).

The games are those of ``carcassonne match`` with the same bots, ``--seed``
and rules: game ``n`` (from 0) is in round ``n // players``, whose stack
seed is ``seed + round``, and the bot given ``k``-th sits in seat
``(k + n) % players``; with bots A and B, seed ``s`` is played as (A, B)
and as (B, A).  The same moves, the same scores; only the comments of the
records differ (``# carcassonne.cluster: ...`` and each seat's bot).

Dask (Debian's ``python3-distributed``) is needed only for
:func:`run_cluster` and the command line; :func:`play_game` and
:func:`run_serial` need nothing but the package.
"""

from __future__ import annotations

import argparse
import importlib
import dataclasses
import math
import os
import sys
import time
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

import carcassonne
from carcassonne import search

__all__ = ['BotSpec', 'GameSpec', 'GameResult', 'parse_bot', 'match_specs',
           'play_game', 'run_serial', 'run_cluster', 'summarize',
           'write_record', 'main']

_MASK64 = (1 << 64) - 1
_KINDS = ('random', 'greedy', 'mcts')


@dataclasses.dataclass(frozen=True)
class BotSpec:
    """A built-in bot of the library's search part and its budget.

    ``text`` is the form the command line takes: ``random``, ``greedy``,
    ``mcts`` or ``mcts:playouts=N``.
    """

    kind: str
    playouts: int = 0

    @property
    def text(self) -> str:
        """The bot as written on the command line."""
        if self.kind == 'mcts' and self.playouts:
            return f'mcts:playouts={self.playouts}'
        return self.kind


def parse_bot(text: str) -> BotSpec:
    """Parse ``random``, ``greedy``, ``mcts`` or ``mcts:playouts=N``.

    Raises ValueError for anything else, including time budgets, which
    would make games unrepeatable.
    """
    if not isinstance(text, str):
        raise TypeError(f'bot must be str, not {type(text).__name__}')
    kind, _, params = text.partition(':')
    if kind not in _KINDS:
        raise ValueError(f'unknown bot {text!r}: expected one of '
                         f'{", ".join(_KINDS)}')
    playouts = 0
    for item in filter(None, params.split(',')):
        key, eq, value = item.partition('=')
        if kind != 'mcts' or key != 'playouts' or not eq:
            raise ValueError(f'bot {text!r}: unknown parameter {item!r} '
                             '(only mcts:playouts=N; time budgets are not '
                             'repeatable)')
        if not value.isdigit() or not 1 <= int(value) <= 10**7:
            raise ValueError(f'bot {text!r}: playouts must be an integer '
                             'from 1 to 10000000')
        playouts = int(value)
    return BotSpec(kind, playouts)


@dataclasses.dataclass(frozen=True)
class GameSpec:
    """One game: everything that decides it.

    ``seats`` are the bots in seat order; ``options`` the rule options as
    (name, value) pairs (record names, see :class:`carcassonne.Rules`).
    """

    seed: int
    seats: Tuple[BotSpec, ...]
    options: Tuple[Tuple[str, Any], ...] = ()
    rotation: int = 0
    number: int = 0
    """The game's number in its match, from 1 (0: not in a match)."""

    @property
    def key(self) -> str:
        """The name of the game, unique within a match: seed and rotation."""
        return f'game-{self.seed:016x}-r{self.rotation}'


@dataclasses.dataclass(frozen=True)
class GameResult:
    """What a game gave: its final scores and its record."""

    key: str
    seed: int
    seats: Tuple[str, ...]
    scores: Tuple[int, ...]
    record: str
    moves: int
    seconds: float

    def points(self) -> List[float]:
        """Each seat's share of the win: 1 for a sole winner, 1/k for each
        of k tied winners, 0 otherwise."""
        best = max(self.scores)
        winners = sum(1 for s in self.scores if s == best)
        return [1.0 / winners if s == best else 0.0 for s in self.scores]


# carcassonne match's seeds of its built-in bots (cli/referee.c): seat s
# of a game of seed S draws from splitmix64 seeded S ^ (GOLDEN (s + 1)),
# and reshuffles its copy of the game from another seeded that ^ VIEW
_GOLDEN = 0x9E3779B97F4A7C15
_VIEW = 0x5851F42D4C957F2D


def _comments(spec: GameSpec) -> str:
    players = len(spec.seats)
    head = (f'# carcassonne.cluster: game {spec.number}, round '
            f'{(spec.number - 1) // players + 1}, seating '
            f'{spec.rotation + 1}, seed {spec.seed}\n'
            if spec.number else
            f'# carcassonne.cluster: seed {spec.seed}, seating '
            f'{spec.rotation + 1}\n')
    return head + ''.join(f'# seat P{s}: {_name(b)} ({b.text})\n'
                          for s, b in enumerate(spec.seats))


def _name(bot: BotSpec) -> str:
    # as carcassonne match names a built-in bot: with its budget
    if bot.kind == 'mcts':
        return f'mcts:playouts={bot.playouts or search.DEFAULT_PLAYOUTS}'
    return bot.kind


def play_game(spec: GameSpec) -> GameResult:
    """Play one game to the end, in this process, and return its result.

    The same spec always gives the same game (the function is pure), which
    is what lets a cluster run a task again after a failure; it is the
    game ``carcassonne match`` plays with the same seed and seating.  The
    record says in comments which game of the match it is and who sat
    where (``# seat P0: greedy``), and ends with ``# result:`` and the
    scores, as the records of ``carcassonne match`` do.
    """
    started = time.perf_counter()
    rules = carcassonne.Rules(dict(spec.options))
    players = len(spec.seats)
    moves = 0
    rng = [search._Random(spec.seed ^ ((_GOLDEN * (s + 1)) & _MASK64))
           for s in range(players)]
    shuffle = [search._Random(r.s ^ _VIEW) for r in rng]
    with carcassonne.Game(rules, players=players, seed=spec.seed) as game, \
            carcassonne.Game(rules, players=players, seed=spec.seed) as view:
        while not game.is_over():
            seat = game.current_player()
            bot = spec.seats[seat]
            # what the player sees: the unseen stack in an order of its own
            view.copy_from(game)
            view.shuffle_stack(shuffle[seat].next())
            if bot.kind == 'random':
                # the random bot takes the generator's state itself
                seed = rng[seat].s
                rng[seat].s = (rng[seat].s + _GOLDEN) & _MASK64
            else:
                seed = rng[seat].next()
            move = search.choose(view, kind=bot.kind,
                                 playouts=bot.playouts, seed=seed)
            game.apply(move)
            moves += 1
        scores = tuple(game.scores())
        text = game.save()
        head, _, body = text.partition('\n')
        body = body[:body.rindex('end\n')]
        record = (head + '\n' + _comments(spec) + body + '# result: '
                  + ' '.join(f'P{s} {v}' for s, v in enumerate(scores))
                  + '\nend\n')
        return GameResult(spec.key, spec.seed,
                          tuple(b.text for b in spec.seats),
                          scores, record, moves,
                          time.perf_counter() - started)


def match_specs(bots: Sequence[BotSpec], games: int, players: int = 2,
                seed: int = 1,
                options: Iterable[Tuple[str, Any]] = ()) -> List[GameSpec]:
    """The games of a match: ``games`` games, seeds replayed for every
    rotation of the seats, those of ``carcassonne match`` with the same
    bots, ``seed`` and rules.

    The bots fill the seats in turn (one bot plays every seat: self-play).
    ``games`` must be a multiple of ``players`` so that every seed is
    played in every rotation.  Round ``g`` (from 0) uses the stack seed
    ``seed + g``; in its game ``r`` (from 0) the ``k``-th of the seats
    filled in turn sits in seat ``(k + r) % players``.
    """
    if not bots:
        raise ValueError('a match needs at least one bot')
    if not 2 <= players <= 6:
        raise ValueError('players must be from 2 to 6')
    if games < 1 or games % players:
        raise ValueError(f'games must be a positive multiple of the player '
                         f'count ({players}), so that every seed is played '
                         'in every seating')
    opts = tuple(options)
    # validate the rules once, here, rather than in every task
    carcassonne.Rules(dict(opts))
    base = [bots[i % len(bots)] for i in range(players)]
    if not 0 <= seed or seed + games // players > _MASK64:
        raise ValueError(f'seed must be from 0 to 2^64 - 1 - rounds, not '
                         f'{seed}')
    specs = []
    for g in range(games // players):
        for r in range(players):
            seats = tuple(base[(i - r) % players] for i in range(players))
            specs.append(GameSpec(seed + g, seats, opts, r,
                                  g * players + r + 1))
    return specs


def run_serial(specs: Sequence[GameSpec]) -> Dict[str, GameResult]:
    """Play every game in this process, one after the other."""
    return {s.key: play_game(s) for s in specs}


def write_record(out_dir: str, result: GameResult) -> str:
    """Write a game's record as ``OUT_DIR/KEY.rec`` (atomically: a crash
    never leaves half a file) and return the path."""
    path = os.path.join(out_dir, result.key + '.rec')
    tmp = f'{path}.tmp{os.getpid()}'
    with open(tmp, 'w', encoding='utf-8') as f:
        f.write(result.record)
    os.replace(tmp, path)
    return path


def run_cluster(specs: Sequence[GameSpec], scheduler: Optional[str] = None,
                workers: int = 2, out_dir: Optional[str] = None,
                progress: Optional[Callable[[int, int, float], None]] = None,
                client: Any = None) -> Dict[str, GameResult]:
    """Play the games on a Dask cluster and return them by key.

    With ``client`` given, use it; else with ``scheduler`` (an address such
    as ``tcp://host:8786``) connect to that cluster; else start a local
    cluster of ``workers`` single-threaded worker processes for the run.
    Each game is one task whose key is the game's key, so a game is
    computed again only when its worker died, and kept once.  Records are
    written to ``out_dir`` as results arrive.  ``progress(done, total,
    seconds)`` is called after every game.
    """
    try:
        distributed: Any = importlib.import_module('distributed')
    except ImportError as e:
        raise ImportError('carcassonne.cluster needs Dask: apt-get install '
                          'python3-distributed') from e
    keys = [s.key for s in specs]
    if len(set(keys)) != len(keys):
        raise ValueError('two games of the run have the same key')
    cluster = None
    own_client = client is None
    if client is None:
        if scheduler:
            client = distributed.Client(scheduler)
        else:
            cluster = distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True,
                dashboard_address=None)
            client = distributed.Client(cluster)
    if out_dir:
        os.makedirs(out_dir, exist_ok=True)
    results: Dict[str, GameResult] = {}
    try:
        started = time.perf_counter()
        futures = client.map(play_game, list(specs),
                             key=[f'carcassonne-{k}' for k in keys],
                             pure=False, retries=3)
        for future in distributed.as_completed(futures):
            result = future.result()
            if result.key in results:
                continue
            results[result.key] = result
            if out_dir:
                write_record(out_dir, result)
            if progress:
                progress(len(results), len(specs),
                         time.perf_counter() - started)
    finally:
        if own_client:
            client.close()
        if cluster is not None:
            cluster.close()
    missing = set(keys) - set(results)
    if missing:
        raise RuntimeError(f'{len(missing)} games have no result')
    return results


def summarize(results: Iterable[GameResult],
              bots: Optional[Sequence[str]] = None
              ) -> Dict[str, Dict[str, float]]:
    """Per bot: seats played, wins (ties share the point), win share,
    average score with its 95% interval, and for two bots the Elo
    difference of the first bot with the Elo of the ends of Wilson's 95%
    interval of its share (finite when it won or lost every game: a share
    is kept 1 / (2 n) away from 0 and 1).  The bots come in the order of ``bots`` (their
    texts), else in order of appearance.
    """
    per: Dict[str, Dict[str, List[float]]] = {}
    for bot in bots or ():
        per[bot] = {'scores': [], 'points': []}
    for r in results:
        for bot, score, point in zip(r.seats, r.scores, r.points()):
            d = per.setdefault(bot, {'scores': [], 'points': []})
            d['scores'].append(score)
            d['points'].append(point)
    out: Dict[str, Dict[str, float]] = {}
    for bot, d in per.items():
        n = len(d['scores'])
        if not n:
            continue
        mean = sum(d['scores']) / n
        var = (sum((x - mean) ** 2 for x in d['scores']) / (n - 1)
               if n > 1 else 0.0)
        wins = sum(d['points'])
        out[bot] = {'seats': n, 'wins': wins, 'share': wins / n,
                    'mean_score': mean,
                    'score_ci95': 1.96 * math.sqrt(var / n)}
    if len(out) == 2:
        first = next(iter(out))
        pts = per[first]['points']
        n = len(pts)
        share = sum(pts) / n
        # Wilson's score interval, inside [0, 1]; the Elo of a share kept
        # 1 / (2 n) away from 0 and 1, so finite after a clean sweep (the
        # rule of carcassonne match, cli/referee.h)
        z = 1.959963984540054
        centre = (share + z * z / (2 * n)) / (1 + z * z / n)
        half = (z / (1 + z * z / n)) * math.sqrt(
            share * (1 - share) / n + z * z / (4 * n * n))

        def elo(p: float) -> float:
            p = min(max(p, 1 / (2 * n)), 1 - 1 / (2 * n))
            return -400 * math.log10(1 / p - 1)

        out[first]['elo'] = elo(share)
        out[first]['elo_low'] = elo(max(centre - half, 0.0))
        out[first]['elo_high'] = elo(min(centre + half, 1.0))
    return out


def _option(text: str) -> Tuple[str, Any]:
    name, eq, value = text.partition('=')
    if not eq or not name:
        raise argparse.ArgumentTypeError(f'expected NAME=VALUE, not {text!r}')
    return name.replace('-', '_'), int(value) if value.lstrip('-').isdigit() \
        else value


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line: ``python3 -m carcassonne.cluster --help``."""
    p = argparse.ArgumentParser(
        prog='python3 -m carcassonne.cluster',
        description='Play matches or self-play games of the built-in bots '
                    'over a Dask cluster; every game is written as a record.')
    p.add_argument('--bot', action='append', required=True,
                   help='random, greedy, mcts or mcts:playouts=N; give it '
                        'once per distinct bot (one bot: self-play)')
    p.add_argument('--games', type=int, default=10,
                   help='games in all, a multiple of --players (default 10)')
    p.add_argument('--players', type=int, default=2)
    p.add_argument('--seed', type=int, default=1,
                   help='seed of the run; game seeds derive from it')
    p.add_argument('--option', action='append', default=[], type=_option,
                   help='a rule option NAME=VALUE as in game records '
                        '(e.g. phantom=1); repeatable')
    p.add_argument('--scheduler', help='address of an existing Dask '
                   'scheduler (default: start a local cluster)')
    p.add_argument('--workers', type=int, default=2,
                   help='worker processes of the local cluster (default 2)')
    p.add_argument('--out', help='directory for the records (KEY.rec)')
    p.add_argument('--serial', action='store_true',
                   help='play in this process, without Dask')
    p.add_argument('--quiet', action='store_true', help='no progress lines')
    a = p.parse_args(argv)
    try:
        bots = [parse_bot(b) for b in a.bot]
        specs = match_specs(bots, a.games, a.players, a.seed, a.option)
    except (ValueError, TypeError, carcassonne.CarcError) as e:
        p.error(str(e))
    if a.workers < 1:
        p.error('--workers must be at least 1')

    tty = sys.stderr.isatty()
    shown = [0.0]
    timing = [0.0]

    def progress(done: int, total: int, seconds: float) -> None:
        timing[0] = seconds
        if a.quiet:
            return
        if tty:
            print(f'\r{done}/{total} games, {done / seconds:.2f} games/s',
                  end='' if done < total else '\n', file=sys.stderr,
                  flush=True)
        elif done == total or seconds - shown[0] >= 5:
            shown[0] = seconds
            print(f'{done}/{total} games, {done / seconds:.2f} games/s',
                  file=sys.stderr, flush=True)

    started = time.perf_counter()
    if a.serial:
        results = {}
        for spec in specs:
            results[spec.key] = play_game(spec)
            if a.out:
                os.makedirs(a.out, exist_ok=True)
                write_record(a.out, results[spec.key])
            progress(len(results), len(specs), time.perf_counter() - started)
    else:
        results = run_cluster(specs, scheduler=a.scheduler,
                              workers=a.workers, out_dir=a.out,
                              progress=progress)
    seconds = timing[0] or time.perf_counter() - started
    overhead = time.perf_counter() - started - seconds
    line = (f'{len(results)} games in {seconds:.1f} s '
            f'({len(results) / seconds:.2f} games/s')
    if not a.serial:
        line += f'; {overhead:.1f} s more to start and stop the cluster'
    print(line + ')')
    order = list(dict.fromkeys(b.text for b in bots))
    for bot, s in summarize(results.values(), order).items():
        line = (f'{bot:>24}: wins {s["wins"]:g}/{s["seats"]:g} '
                f'({100 * s["share"]:.1f}%), score {s["mean_score"]:.1f} '
                f'± {s["score_ci95"]:.1f}')
        if 'elo' in s:
            line += (f', Elo {s["elo"]:+.0f} [{s["elo_low"]:+.0f}, '
                     f'{s["elo_high"]:+.0f}]')
        print(line)
    return 0


if __name__ == '__main__':
    sys.exit(main())
