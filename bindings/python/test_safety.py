# SPDX-License-Identifier: MIT
"""Regression tests: the ways Python code crashed the
interpreter or got silently wrong results through the binding (suite
'ffi').

Snippets that crashed run in a child interpreter, so that a crash fails
the test with its exit status instead of killing the test run.  By hand:

    CARCASSONNE_LIBRARY=build/libcarcassonne.so \\
    python3 -m unittest -v test_safety
"""
import copy
import ctypes
import os
import pickle
import subprocess
import sys
import threading
import time
import unittest

import carcassonne as carc

HERE = os.path.dirname(os.path.abspath(__file__))


def run_python(code):
    """Run code in a new interpreter with this one's library; return the
    CompletedProcess (text output)."""
    env = dict(os.environ)
    package_dir = os.path.dirname(os.path.dirname(
        os.path.abspath(carc.__file__)))
    env['PYTHONPATH'] = os.pathsep.join(
        [package_dir] + ([env['PYTHONPATH']] if env.get('PYTHONPATH')
                         else []))
    env.setdefault('CARCASSONNE_LIBRARY', carc.library._name)
    return subprocess.run([sys.executable, '-c', code], env=env,
                          capture_output=True, text=True, timeout=300,
                          cwd=HERE)


def step(game):
    """One move of the fixed rule of seeded-game.c: legal move number
    hash mod count."""
    moves = game.legal_moves()
    game.apply(moves[game.hash() % len(moves)])


ALL_EXPANSIONS = dict(phantom=True, crop_circles_i=True,
                      crop_circles_ii=True, little_buildings=True)


class SubprocessCase(unittest.TestCase):
    def assertRunsClean(self, code, expect_out=None):
        """code exits with status 0, prints nothing on stderr, and prints
        expect_out (when given) on stdout."""
        r = run_python(code)
        self.assertEqual(r.returncode, 0,
                         f'exit status {r.returncode}\n{r.stderr}')
        self.assertEqual(r.stderr, '')
        if expect_out is not None:
            self.assertEqual(r.stdout, expect_out)


class TestGameCopies(SubprocessCase):
    """copy.copy(game) shared one handle."""

    def test_copy_and_deepcopy_are_independent(self):
        for make in (copy.copy, copy.deepcopy, carc.Game.clone):
            with self.subTest(make=make.__name__):
                game = carc.Game(carc.Rules(), 2, 1)
                step(game)
                other = make(game)
                self.assertIsNot(other, game)
                self.assertNotEqual(other._h.value, game._h.value)
                self.assertEqual(other.hash(), game.hash())
                self.assertEqual(other.save(), game.save())
                before = game.hash()
                first = game.history()
                step(other)
                self.assertEqual(game.hash(), before)
                self.assertEqual(len(first), 1)
                self.assertEqual(len(other.history()), 2)
                del game            # the copy lives on alone
                while not other.is_over():
                    step(other)
                self.assertEqual(other.history()[:1], first)
                self.assertEqual(other.remaining(), 0)

    def test_copy_then_del_both(self):
        self.assertRunsClean(
            'import copy\n'
            'from carcassonne import Game, Rules\n'
            'g = Game(Rules(), 2, 1); h = copy.copy(g); del g; del h\n'
            'print("ok")\n', 'ok\n')

    def test_deepcopy_then_del_both(self):
        self.assertRunsClean(
            'import copy\n'
            'from carcassonne import Game, Rules\n'
            'g = Game(Rules(), 2, 1); h = copy.deepcopy(g); del h; del g\n'
            'print("ok")\n', 'ok\n')

    def test_cycle_alive_at_interpreter_exit(self):
        # a reference cycle holding a game and its copies, still alive
        # when the interpreter exits (collected during finalisation)
        self.assertRunsClean(
            'import copy\n'
            'from carcassonne import Game, Rules\n'
            'g = Game(Rules(), 2, 1); h = copy.copy(g)\n'
            'cycle = [g, h, copy.deepcopy(h)]\n'
            'cycle.append(cycle)\n'
            'g.cycle = cycle; h.cycle = cycle\n'
            'del g, h\n'
            'print("ok")\n', 'ok\n')

    def test_cycle_collected_by_gc(self):
        self.assertRunsClean(
            'import copy, gc\n'
            'from carcassonne import Game, Rules\n'
            'g = Game(Rules(), 2, 1); h = copy.copy(g)\n'
            'g.other = h; h.other = g\n'
            'del g, h\n'
            'print(gc.collect() > 0)\n', 'True\n')


class TestGamePickle(unittest.TestCase):
    """Pickle of a Game goes through its game record."""

    def positions(self):
        """Games at various decision points, each with a name."""
        yield 'start', carc.Game(carc.Rules(), 2, 1)
        g = carc.Game(carc.Rules(), 3, 2)
        step(g)
        yield 'deploy', g
        g = carc.Game(carc.Rules(**ALL_EXPANSIONS), 4, 3)
        for _ in range(60):
            step(g)
        yield 'expansions', g
        g = carc.Game(carc.Rules(farm_scoring='per-city',
                                 tiles={'*': 2, 'E': 5}), 2, 4)
        g.shuffle_stack(99)
        g.set_next_tile('E')
        yield 'reshuffled', g
        g = carc.Game(carc.Rules(**ALL_EXPANSIONS), 2, 5)
        while not g.is_over():
            step(g)
        yield 'over', g
        for phase in (carc.PHASE_PHANTOM, carc.PHASE_CROP_CHOICE,
                      carc.PHASE_CROP_RESPONSE):
            g = carc.Game(carc.Rules(**ALL_EXPANSIONS), 3, 6)
            while g.phase() != phase:
                step(g)
            yield f'phase {phase}', g

    def test_round_trip_same_hash_and_draw_order(self):
        for name, game in self.positions():
            for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
                with self.subTest(position=name, protocol=protocol):
                    again = pickle.loads(pickle.dumps(game, protocol))
                    self.assertIsInstance(again, carc.Game)
                    self.assertEqual(again.hash(), game.hash())
                    self.assertEqual(again.save(), game.save())
                    self.assertEqual(again.history(), game.history())
            # the draw order came along: both games go on identically
            original = game.clone()
            again = pickle.loads(pickle.dumps(game))
            while not original.is_over():
                self.assertEqual(again.current_tile(),
                                 original.current_tile())
                step(original)
                step(again)
                self.assertEqual(again.hash(), original.hash())
            self.assertTrue(again.is_over())
            self.assertEqual(again.scores(), original.scores())

    def test_damaged_pickle_raises(self):
        data = pickle.dumps(carc.Game(carc.Rules(), 2, 1))
        self.assertIn(b'players 2', data)
        with self.assertRaises(carc.RecordError):
            pickle.loads(data.replace(b'players 2', b'players 9'))
        with self.assertRaises(carc.RecordError):
            pickle.loads(data.replace(b'players 2', b'plazers 2'))

    def test_closed_game_does_not_pickle(self):
        g = carc.Game()
        g.close()
        with self.assertRaises(ValueError):
            pickle.dumps(g)
        with self.assertRaises(ValueError):
            copy.copy(g)
        with self.assertRaises(ValueError):
            copy.deepcopy(g)


class TestRules(SubprocessCase):
    """copy.copy(rules) dropped one reference twice."""

    def test_copy_then_del_both(self):
        self.assertRunsClean(
            'import copy\n'
            'from carcassonne import Rules\n'
            'r = Rules(); r2 = copy.copy(r); del r; del r2\n'
            'print("ok")\n', 'ok\n')

    def test_game_plays_after_every_rules_object_is_gone(self):
        self.assertRunsClean(
            'import copy, gc\n'
            'from carcassonne import Game, Rules\n'
            'r = Rules(phantom=True); g = Game(r, 2, 1)\n'
            'r2 = copy.copy(r); r3 = copy.deepcopy(r); r4 = g.rules()\n'
            'del r2, r, r4, r3\n'
            'gc.collect()\n'
            'while not g.is_over():\n'
            '    m = g.legal_moves(); g.apply(m[g.hash() % len(m)])\n'
            'print(g.rules().get("phantom"), g.is_over())\n', '1 True\n')

    def test_copies_are_the_same_immutable_object(self):
        r = carc.Rules(phantom=True)
        self.assertIs(copy.copy(r), r)
        self.assertIs(copy.deepcopy(r), r)
        self.assertEqual(carc.Game(copy.copy(r), 2, 1).save(),
                         carc.Game(r, 2, 1).save())

    def test_game_rules_holds_its_own_reference(self):
        g = carc.Game(carc.Rules(farm_scoring='per-field-once',
                                 tiles={'*': 1}), 2, 1)
        r = g.rules()
        del g
        self.assertEqual(r.get('farm-scoring'), 2)
        self.assertEqual(r.tile_count('E'), 1)

    def test_pickle_round_trip(self):
        for rules in (carc.Rules(), carc.Rules(**ALL_EXPANSIONS),
                      carc.Rules(farm_scoring='per-city', followers=3,
                                 lb_scoring='3-2-1', lb_distribution='jcz',
                                 little_buildings=True, small_city=0,
                                 crop_circles_ii=True,
                                 crop_deploy_mandatory=True,
                                 tiles={'*': 0, 'E': 4, 'CCII-3': 1})):
            for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
                again = pickle.loads(pickle.dumps(rules, protocol))
                self.assertIsNot(again, rules)
                self.assertEqual(again.options(), rules.options())
                self.assertEqual(again.tile_counts(), rules.tile_counts())
                self.assertEqual(carc.Game(again, 3, 7).save(),
                                 carc.Game(rules, 3, 7).save())
        r = carc.Rules(followers=3, tiles={'*': 0, 'E': 4})
        self.assertEqual(r.options()[carc.OPTIONS['followers']], 3)
        self.assertEqual(len(r.options()), len(carc.OPTIONS))
        self.assertEqual(sum(r.tile_counts().values()), 4)

    def test_rules_are_initialised_once(self):
        r = carc.Rules()
        with self.assertRaises(TypeError):
            r.__init__(phantom=True)
        self.assertEqual(r.get('phantom'), 0)
        blank = carc.Rules.__new__(carc.Rules)
        with self.assertRaises(ValueError):
            blank.get('phantom')
        with self.assertRaises(ValueError):
            carc.Game(blank)


class TestThreads(unittest.TestCase):
    """One Game used from two threads ran two library calls
    on one handle at once."""

    def setUp(self):
        self.interval = sys.getswitchinterval()
        sys.setswitchinterval(1e-6)

    def tearDown(self):
        sys.setswitchinterval(self.interval)

    def test_two_threads_on_one_game(self):
        rules = carc.Rules(**ALL_EXPANSIONS)
        start = carc.Game(rules, 2, 11)
        # the reference path of the fixed rule, single-threaded
        legal = {}
        ref = start.clone()
        while True:
            legal[ref.hash()] = ref.legal_moves()
            if ref.is_over():
                break
            step(ref)
        final = ref.hash()

        game = start.clone()
        stop = threading.Event()
        failures = []
        finished = [0]

        def player():
            # plays the fixed rule; each step under the game's (reentrant)
            # lock so that the other thread cannot come between reading
            # the position and applying the move
            try:
                while not stop.is_set():
                    with game._lock:
                        if game.is_over():
                            if game.hash() != final:
                                failures.append('wrong final position')
                            finished[0] += 1
                            game.copy_from(start)
                        else:
                            step(game)
            except Exception as e:          # noqa: BLE001 - reported
                failures.append(f'player: {e!r}')

        def meddler():
            other = carc.Game(rules, 2, 99)
            snapshots = []
            n = 0
            try:
                while n < 3000 or finished[0] < 2:
                    n += 1
                    op = n % 7
                    if op == 0:
                        c = game.clone()
                        self.check(c, legal, failures)
                        snapshots = (snapshots + [c])[-5:]
                    elif op == 1:
                        other.copy_from(game)
                        self.check(other, legal, failures)
                    elif op == 2 and snapshots and n % 21 == 2:
                        game.copy_from(snapshots[0])
                    elif op == 3:
                        if game.hash() not in legal:
                            failures.append('hash off the path')
                    elif op == 4:
                        moves = game.legal_moves()
                        if moves not in legal.values():
                            failures.append('legal moves off the path')
                    elif op == 5:
                        game.copy_from(game)
                        self.check(copy.copy(game), legal, failures)
                    else:
                        game.is_legal(carc.move_pass())
                    if time.monotonic() > deadline:
                        failures.append('too slow')
                        break
            except Exception as e:          # noqa: BLE001 - reported
                failures.append(f'meddler: {e!r}')
            finally:
                stop.set()

        deadline = time.monotonic() + 120
        threads = [threading.Thread(target=player),
                   threading.Thread(target=meddler)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(150)
            self.assertFalse(t.is_alive(), 'deadlock')
        self.assertEqual(failures, [])
        self.assertGreaterEqual(finished[0], 2)

    def test_two_threads_hammering_without_coordination(self):
        # Both threads play, copy and query one game with no lock of their
        # own: moves chosen from a position the other thread has changed
        # may be illegal (CarcError, game unchanged), but every state
        # must stay a legal game: a clone's record replays to the same
        # hash and lists the same legal moves.
        rules = carc.Rules(**ALL_EXPANSIONS)
        start = carc.Game(rules, 3, 12)
        game = start.clone()
        failures = []
        counts = [0, 0]

        def worker(me):
            snapshots = [start.clone()]
            try:
                for n in range(2500):
                    op = (n + me) % 6
                    if op in (0, 1, 2):
                        moves = game.legal_moves()
                        if not moves:
                            game.copy_from(start)
                            continue
                        try:
                            game.apply(moves[game.hash() % len(moves)])
                            counts[me] += 1
                        except carc.CarcError:
                            pass
                    elif op == 3:
                        c = copy.copy(game)
                        snapshots = (snapshots + [c])[-4:]
                        if n % 50 == 3:
                            again = carc.Game.load(c.save())
                            if again.hash() != c.hash():
                                failures.append('record differs')
                            if again.legal_moves() != c.legal_moves():
                                failures.append('legal moves differ')
                    elif op == 4:
                        game.copy_from(snapshots[n % len(snapshots)])
                    else:
                        snapshots[-1].copy_from(game)
                        game.is_legal(carc.move_pass())
                        game.scores()
            except Exception as e:          # noqa: BLE001 - reported
                failures.append(f'thread {me}: {e!r}')

        threads = [threading.Thread(target=worker, args=(i,))
                   for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(150)
            self.assertFalse(t.is_alive(), 'deadlock')
        self.assertEqual(failures, [])
        self.assertGreater(min(counts), 100)
        again = carc.Game.load(game.save())
        self.assertEqual(again.hash(), game.hash())

    @staticmethod
    def check(game, legal, failures):
        h = game.hash()
        if h not in legal:
            failures.append('a copy is off the path')
        elif game.legal_moves() != legal[h]:
            failures.append('a copy has other legal moves')

    def test_crossed_copies_do_not_deadlock(self):
        a = carc.Game(carc.Rules(), 2, 1)
        b = carc.Game(carc.Rules(), 3, 2)
        step(b)
        hashes = {a.hash(), b.hash()}
        failures = []

        def copier(dst, src):
            try:
                for _ in range(3000):
                    dst.copy_from(src)
                    dst.copy_from(dst)
                    if dst.hash() not in hashes:
                        failures.append('mixed state')
            except Exception as e:          # noqa: BLE001 - reported
                failures.append(repr(e))

        threads = [threading.Thread(target=copier, args=(a, b)),
                   threading.Thread(target=copier, args=(b, a))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
            self.assertFalse(t.is_alive(), 'deadlock')
        self.assertEqual(failures, [])
        self.assertEqual(a.hash(), b.hash())
        self.assertIn(a.hash(), hashes)

    def test_close_while_another_thread_plays(self):
        start = carc.Game(carc.Rules(), 2, 1)
        game = start.clone()
        errors = []

        def player():
            try:
                while True:
                    if game.is_over():
                        game.copy_from(start)
                    else:
                        step(game)
            except ValueError as e:
                errors.append(str(e))
            except Exception as e:          # noqa: BLE001 - reported
                errors.append(repr(e))

        t = threading.Thread(target=player)
        t.start()
        time.sleep(0.01)
        game.close()
        t.join(60)
        self.assertEqual(errors, ['game is closed'])


class TestIntegers(unittest.TestCase):
    """Integers wrapped silently at the ctypes boundary."""

    def test_out_of_range_values_raise(self):
        rules = carc.Rules()
        with self.assertRaises((ValueError, OverflowError)):
            carc.Game(rules, players=2 ** 32 + 2)
        game = carc.Game(rules, 2, 1)
        before = game.hash()
        with self.assertRaises((ValueError, OverflowError)):
            game.remaining(2 ** 64 + 3)
        with self.assertRaises(TypeError):
            carc.Rules(followers=1.5)
        with self.assertRaises(OverflowError):
            carc.move_place(2 ** 32 + 3, -1, 2 ** 32 + 1)
        self.assertEqual(game.hash(), before)

    def test_ranges(self):
        game = carc.Game(carc.Rules(), 2, 1)
        before = game.hash()
        for call in (lambda: carc.Game(seed=-1),
                     lambda: carc.Game(seed=2 ** 64),
                     lambda: carc.Game(players=-2),
                     lambda: carc.Rules(followers=2 ** 31),
                     lambda: carc.Rules(followers=-2 ** 31 - 1),
                     lambda: carc.Rules(tiles={'E': 2 ** 32}),
                     lambda: carc.Rules(tiles={2 ** 32 + 4: 1}),
                     lambda: carc.Rules({2 ** 32 + 5: 1}),
                     lambda: game.score(2 ** 32),
                     lambda: game.supply(0, 2 ** 32 + 1),
                     lambda: game.apply(2 ** 64 + game.legal_moves()[0]),
                     lambda: game.is_legal(-1),
                     lambda: game.shuffle_stack(2 ** 64),
                     lambda: game.set_next_tile(2 ** 32 + 4),
                     lambda: carc.move_deploy(1, 0, 2 ** 31, 'c1'),
                     lambda: carc.move_remove(1, 0, 0, 2 ** 32 + 0x11),
                     lambda: carc.move_build(2 ** 32 + 3, 0, 0),
                     lambda: carc.move_crop_choice(2 ** 32 + 1),
                     lambda: carc.move_x(2 ** 64),
                     lambda: carc.move_kind(-1),
                     lambda: carc.describe(2 ** 64 + 3),
                     lambda: carc.tile_name(2 ** 32 + 4),
                     lambda: carc.feature_name(-1),
                     lambda: carc.strerror(2 ** 31)):
            with self.assertRaises(OverflowError):
                call()
        self.assertEqual(game.hash(), before)
        # the extremes of each type are accepted
        self.assertEqual(carc.Game(seed=2 ** 64 - 1).players(), 2)
        carc.Game(seed=0).shuffle_stack(2 ** 64 - 1)
        self.assertEqual(carc.move_kind(2 ** 64 - 1), 0xff)
        with self.assertRaises(carc.CarcError):
            carc.Rules(followers=-2 ** 31)      # library: out of range
        with self.assertRaises(carc.CarcError):
            carc.Game(players=2 ** 32 - 1)      # library: not 2..6

    def test_types(self):
        game = carc.Game(carc.Rules(), 2, 1)
        before = game.hash()
        for call in (lambda: carc.Game(players=2.0),
                     lambda: carc.Game(players=True),
                     lambda: carc.Game(seed=1.0),
                     lambda: carc.Game(seed=False),
                     lambda: carc.Game(seed='1'),
                     lambda: carc.Game(rules=game),
                     lambda: carc.Game(rules={'phantom': 1}),
                     lambda: carc.Rules(followers=None),
                     lambda: carc.Rules(tiles={'E': True}),
                     lambda: carc.Rules(tiles={'E': 1.0}),
                     lambda: carc.Rules(tiles=['E']),
                     lambda: carc.Rules(options=5),
                     lambda: game.apply(float(game.legal_moves()[0])),
                     lambda: game.apply(True),
                     lambda: game.score(True),
                     lambda: game.remaining(1.0),
                     lambda: game.copy_from(carc.Rules()),
                     lambda: carc.Game.load(12),
                     lambda: carc.Game.load(None),
                     lambda: carc.move_place(0.0, 1, 0),
                     lambda: carc.move_deploy(1, 0, 0, 1.5),
                     lambda: carc.tile_from_name(4),
                     lambda: carc.feature_from_name(b'c1'),
                     lambda: carc.strerror(None)):
            with self.assertRaises(TypeError):
                call()
        self.assertEqual(game.hash(), before)
        # words and decimal numbers as in game records
        self.assertEqual(carc.Rules(followers='7').get('followers'), 7)
        for value in ('seven', '7.0', ' 7', '99'):
            with self.assertRaises(carc.CarcError) as cm:
                carc.Rules(followers=value)
            self.assertEqual(cm.exception.code, carc.E_INVALID)
        # a NUL inside a name would cut it short in C
        with self.assertRaises(ValueError):
            carc.tile_from_name('E\0junk')
        with self.assertRaises(ValueError):
            game.set_next_tile('E\0')

    def test_booleans_where_they_mean_a_switch(self):
        r = carc.Rules(phantom=True, farmers=False)
        self.assertEqual((r.get('phantom'), r.get('farmers')), (1, 0))

    def test_integer_like_objects_are_accepted(self):
        class Index:
            def __init__(self, v):
                self.v = v

            def __index__(self):
                return self.v
        game = carc.Game(carc.Rules(), Index(3), Index(4))
        self.assertEqual(game.players(), 3)
        self.assertEqual(game.save(), carc.Game(carc.Rules(), 3, 4).save())
        m = int(game.legal_moves()[0])
        game.apply(Index(m))
        self.assertEqual(game.history(), [m])


class TestClosedGame(unittest.TestCase):
    """A game whose handle is gone raises instead of
    answering 0."""

    def test_hash_of_closed_game_raises(self):
        game = carc.Game()
        self.assertFalse(game.closed)
        game.close()
        self.assertTrue(game.closed)
        with self.assertRaises(ValueError) as cm:
            game.hash()
        self.assertEqual(str(cm.exception), 'game is closed')
        game.close()                # idempotent
        self.assertTrue(game.closed)

    def test_every_method_of_a_closed_game_raises(self):
        game = carc.Game()
        move = game.legal_moves()[0]
        game.close()
        other = carc.Game()
        calls = {
            'clone': (), 'copy_from': (other,), 'save': (), 'rules': (),
            'to_jcz': (),
            'legal_moves': (), 'is_legal': (move,), 'apply': (move,),
            'history': (), 'set_next_tile': ('E',), 'shuffle_stack': (1,),
            'sort_stack': (), 'draw_counts': (),
            'reset': (1,),
            'players': (), 'phase': (), 'is_over': (),
            'current_player': (), 'current_tile': (), 'score': (0,),
            'scores': (), 'supply': (0,), 'goods': (0, 1), 'hash': (),
            'remaining': (),
            'tiles': (), 'figures': (), 'buildings': (), 'events': (),
            '__enter__': (), 'push': (move,), 'pop': (), 'undo': (),
            'legal_moves_max': (), 'memory_size': (), 'svg': (),
            '_repr_svg_': (), 'set_draw_order': (['E'],),
            'set_stack_order': (['E'],),
            'draw_order': (), 'drawn_count': (), 'discards': (),
            'crop_action': (), 'turn_part': (), 'tile_at': (0, 0),
            'bounds': (),
            'feature': (0, 0, 'c1'), 'feature_get': (0, 0, 'c1', 1),
            'feature_pieces': (0, 0, 'c1'), 'feature_cities': (0, 0, 'f1'),
            'feature_is_complete': (0, 0, 'c1'),
            'feature_figures': (0, 0, 'c1', 0),
            'describe_feature': (0, 0, 'c1'), 'explain_move': (move,),
            'explain_refusal': (move,),
            'describe_event': (0,),
        }
        public = {n for n in dir(carc.Game) if not n.startswith('_')}
        self.assertEqual(public - set(calls),
                         {'close', 'closed', 'load', 'from_jcz'})
        for name, args in calls.items():
            with self.subTest(method=name):
                with self.assertRaises(ValueError):
                    getattr(game, name)(*args)
        # the views of a closed game
        for use in (len, list, bool, repr):
            self.assertIn(use(game.history) if use is repr else 'x',
                          ('x', '<History of a closed game>'))
            if use is not repr:
                with self.assertRaises(ValueError):
                    use(game.legal_moves)
                with self.assertRaises(ValueError):
                    use(game.history)
        with self.assertRaises(ValueError):
            move in game.legal_moves
        with self.assertRaises(ValueError):
            game.history[0]
        self.assertEqual(repr(game), '<Game (closed)>')
        before = other.hash()
        with self.assertRaises(ValueError):
            other.copy_from(game)
        self.assertEqual(other.hash(), before)

    def test_context_manager(self):
        with carc.Game(carc.Rules(), 2, 1) as game:
            self.assertIsInstance(game, carc.Game)
            step(game)
            self.assertEqual(len(game.history()), 1)
        self.assertTrue(game.closed)
        with self.assertRaises(ValueError):
            game.legal_moves()
        # closed on the way out of an exception too, which propagates
        with self.assertRaises(KeyError):
            with carc.Game() as game:
                raise KeyError('x')
        self.assertTrue(game.closed)

    def test_uninitialised_game(self):
        blank = carc.Game.__new__(carc.Game)
        with self.assertRaises(ValueError):
            blank.hash()
        blank.close()
        game = carc.Game()
        with self.assertRaises(TypeError):
            game.__init__(carc.Rules(), 3)
        self.assertEqual(game.players(), 2)


class TestPrivateConstructor(unittest.TestCase):
    """Game(_handle=12345) segfaulted."""

    def test_handle_keyword_is_gone(self):
        with self.assertRaises(TypeError):
            carc.Game(_handle=12345)
        with self.assertRaises(carc.CarcError) as cm:
            carc.Rules(_handle=12345)       # just an unknown option
        self.assertEqual(cm.exception.code, carc.E_UNKNOWN_OPTION)

    def test_wrap_needs_the_token_and_a_library_pointer(self):
        for cls in (carc.Game, carc.Rules):
            with self.subTest(cls=cls.__name__):
                with self.assertRaises(TypeError):
                    cls._wrap(12345, carc._TOKEN)
                with self.assertRaises(TypeError):
                    cls._wrap(ctypes.c_void_p(12345), object())
                with self.assertRaises(TypeError):
                    cls._wrap(ctypes.c_void_p(12345), None)
                with self.assertRaises(TypeError):
                    cls._wrap(ctypes.c_void_p(), carc._TOKEN)

    def test_snippet_in_a_subprocess(self):
        r = run_python(
            'from carcassonne import Game\n'
            'try:\n'
            '    Game(_handle=12345)\n'
            'except TypeError:\n'
            '    print("TypeError")\n')
        self.assertEqual((r.returncode, r.stdout, r.stderr),
                         (0, 'TypeError\n', ''))


class TestWrongValuesProbe(unittest.TestCase):
    """Every public function and method with wrong values (None, 'x',
    1.5, -1, 2**70, object()) raises, in a child interpreter."""

    def test_probe(self):
        with open(os.path.join(HERE, 'safety_probe.py')) as f:
            code = f.read()
        r = run_python(code)
        self.assertEqual(r.returncode, 0,
                         f'exit status {r.returncode}\n{r.stdout}\n'
                         f'{r.stderr}')
        self.assertRegex(r.stdout, r'probe: [0-9]{3,} calls, 0 unexpected')
        self.assertEqual(r.stderr, '')


if __name__ == '__main__':
    unittest.main()
