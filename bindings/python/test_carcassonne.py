# SPDX-License-Identifier: MIT
"""Tests of the ctypes binding (suite 'ffi').

Run by meson with CARCASSONNE_LIBRARY (the built library),
CARCASSONNE_SEEDED_GAME (the C helper seeded-game) and RECORD_EXAMPLES
(tests/record/examples) set; by hand:

    CARCASSONNE_LIBRARY=build/libcarcassonne.so \\
    CARCASSONNE_SEEDED_GAME=build/bindings/python/seeded-game \\
    python3 -m unittest -v test_carcassonne
"""
import os
import subprocess
import tempfile
import unittest

import carcassonne as carc


def play_fixed_rule(seed, players, expansions):
    """The rule of seeded-game.c: move number hash mod count."""
    rules = carc.Rules(phantom=bool(expansions & 1),
                       crop_circles_i=bool(expansions & 2),
                       crop_circles_ii=bool(expansions & 4),
                       little_buildings=bool(expansions & 8))
    game = carc.Game(rules, players=players, seed=seed)
    while not game.is_over():
        moves = game.legal_moves()
        game.apply(moves[game.hash() % len(moves)])
    return game


class TestAgainstC(unittest.TestCase):
    def test_same_game_as_c(self):
        helper = os.environ.get('CARCASSONNE_SEEDED_GAME')
        if not helper:
            self.skipTest('CARCASSONNE_SEEDED_GAME is not set')
        for seed, players, exp in [(1, 2, 0), (2, 3, 1), (3, 4, 15),
                                   (4, 2, 6), (5, 5, 8), (6, 6, 15)]:
            with self.subTest(seed=seed, players=players, expansions=exp):
                out = subprocess.run([helper, str(seed), str(players),
                                      str(exp)], check=True,
                                     capture_output=True, text=True).stdout
                game = play_fixed_rule(seed, players, exp)
                mine = 'hash %016x scores %s' % (
                    game.hash(), ' '.join(map(str, game.scores())))
                self.assertEqual(mine, out.strip())


class TestGame(unittest.TestCase):
    def test_clone_is_independent(self):
        game = carc.Game(carc.Rules(), players=2, seed=9)
        copy = game.clone()
        self.assertEqual(copy.hash(), game.hash())
        copy.apply(copy.legal_moves()[0])
        self.assertNotEqual(copy.hash(), game.hash())
        self.assertEqual(len(game.history()), 0)
        self.assertEqual(len(copy.history()), 1)

    def test_queries(self):
        game = carc.Game(carc.Rules(), players=3, seed=4)
        self.assertEqual(game.players(), 3)
        self.assertEqual(game.phase(), carc.PHASE_PLACE_TILE)
        self.assertEqual(game.current_player(), 0)
        self.assertEqual(game.tiles(), [(0, 0, 'D', 0)])
        self.assertEqual(game.remaining(), 70)
        self.assertEqual(game.scores(), [0, 0, 0])
        self.assertEqual(game.supply(0), 7)
        game.set_next_tile('E')
        self.assertEqual(game.current_tile(), 'E')
        game.apply(carc.move_place(0, -1, 2))
        game.apply(carc.move_deploy(carc.FIGURE_FOLLOWER, 0, -1, 'c1'))
        self.assertEqual(game.scores(), [4, 0, 0])
        self.assertEqual(game.events()[0]['points'], [4, 0, 0])
        self.assertEqual(carc.describe(game.history()[0]), 'place 0,-1 r2')

    def test_errors_carry_strerror(self):
        game = carc.Game(carc.Rules(), players=2, seed=4)
        with self.assertRaises(carc.CarcError) as cm:
            game.apply(carc.move_pass())
        self.assertEqual(cm.exception.code, carc.E_WRONG_PHASE)
        self.assertIn(carc.strerror(carc.E_WRONG_PHASE), str(cm.exception))
        with self.assertRaises(carc.CarcError) as cm:
            carc.Rules(no_such_option=1)
        self.assertEqual(cm.exception.code, carc.E_UNKNOWN_OPTION)
        with self.assertRaises(carc.CarcError):
            carc.Rules(followers=99)
        with self.assertRaises(carc.CarcError):
            carc.Game(carc.Rules(), players=9)
        self.assertEqual(carc.strerror(carc.E_PARSE), 'malformed record')

    def test_rules(self):
        rules = carc.Rules(farm_scoring='per-city', phantom=True,
                           tiles={'*': 0, 'E': 2})
        self.assertEqual(rules.get('farm-scoring'), 1)
        self.assertEqual(rules.get('phantom'), 1)
        self.assertEqual(rules.tile_count('E'), 2)
        self.assertEqual(rules.tile_count('U'), 0)
        game = carc.Game(rules, players=2)
        del rules       # the game keeps its own reference
        self.assertEqual(game.remaining(), 1)


class TestPicture(unittest.TestCase):
    def test_repr_svg(self):
        import xml.etree.ElementTree as ET
        game = carc.Game(players=3, seed=4)
        for _ in range(30):
            game.apply(game.legal_moves()[0])
        svg = game._repr_svg_()
        root = ET.fromstring(svg.encode())
        self.assertEqual(root.tag, '{http://www.w3.org/2000/svg}svg')
        tiles = [g for g in root.iter('{http://www.w3.org/2000/svg}g')
                 if g.get('id', '').startswith('tile-')]
        self.assertEqual(len(tiles), len(game.tiles()))
        self.assertEqual(svg, game.clone()._repr_svg_())
        game.close()
        with self.assertRaises(ValueError):
            game._repr_svg_()


class TestNames(unittest.TestCase):
    """Option and move words come from the library (carc_option_name,
    carc_option_value_from_name, carc_move_parse)."""

    def test_options_from_the_library(self):
        self.assertEqual(carc.OPTIONS['farm-scoring'], 1)
        self.assertEqual(carc.OPTIONS['crop-after-phantom'], 16)
        self.assertEqual(sorted(carc.OPTIONS.values()),
                         list(range(1, len(carc.OPTIONS) + 1)))
        for name, number in carc.OPTIONS.items():
            self.assertEqual(carc.option_name(number), name)
        self.assertEqual(carc.OPTION_VALUES, {
            'farm-scoring': {'per-field': 0, 'per-city': 1,
                             'per-field-once': 2},
            'lb-scoring': {'standard': 0, '3-2-1': 1},
            'lb-distribution': {'rules': 0, 'jcz': 1}})
        with self.assertRaises(carc.CarcError) as cm:
            carc.option_name(len(carc.OPTIONS) + 1)
        self.assertEqual(cm.exception.code, carc.E_UNKNOWN_OPTION)

    def test_rules_take_record_words(self):
        r = carc.Rules({'lb-scoring': '321', 'farm_scoring': 'per-city',
                        'crop-phantom': 'on', 'farmers': 'off',
                        'followers': '+5'})
        self.assertEqual([r.get(o) for o in ('lb_scoring', 'farm-scoring',
                                             'crop-phantom', 'farmers',
                                             'followers')],
                         [1, 1, 1, 0, 5])
        with self.assertRaises(carc.CarcError) as cm:
            carc.Rules(farm_scoring='per-town')
        self.assertEqual(cm.exception.code, carc.E_INVALID)
        with self.assertRaises(carc.CarcError) as cm:
            carc.Rules({'Farm-Scoring': 1})
        self.assertEqual(cm.exception.code, carc.E_UNKNOWN_OPTION)

    def test_parse_move_inverts_describe(self):
        game = carc.Game(carc.Rules(phantom=True, little_buildings=True,
                                    crop_circles_i=True), 3, 5)
        seen = 0
        while not game.is_over():
            moves = game.legal_moves()
            for m in moves:
                self.assertEqual(carc.parse_move(carc.describe(m)), m)
            seen += len(moves)
            game.apply(moves[game.hash() % len(moves)])
        self.assertGreater(seen, 1000)
        self.assertEqual(carc.parse_move('place 0,-1 r2'),
                         carc.move_place(0, -1, 2))
        self.assertEqual(carc.parse_move('deploy phantom f2 at 3,-4'),
                         carc.move_deploy(carc.FIGURE_PHANTOM, 3, -4, 'f2'))
        self.assertEqual(carc.parse_move('pass'), carc.move_pass())
        for text in ('Pass', ' pass', 'place 0,-1 r4', 'place +1,0 r0',
                     'deploy follower c1 at 0,-1 ', ''):
            with self.assertRaises(carc.CarcError) as cm:
                carc.parse_move(text)
            self.assertEqual(cm.exception.code, carc.E_INVALID)
        with self.assertRaises(ValueError):
            carc.parse_move('pass\0junk')
        with self.assertRaises(TypeError):
            carc.parse_move(b'pass')


class TestLibrarySearch(unittest.TestCase):
    def test_sanitizer_builds_need_their_runtime(self):
        # dlopen() of an ASan build without the ASan runtime ends the
        # process, so the build-tree search leaves such builds out
        with tempfile.TemporaryDirectory() as top:
            for d, content in (('build', b'plain'),
                               ('build-asan', b'.. libasan.so.8 ..'),
                               ('build-tsan', b'.. libtsan.so.2 ..'),
                               ('build-ubsan', b'.. libubsan.so.1 ..')):
                os.mkdir(os.path.join(top, d))
                with open(os.path.join(top, d, 'libcarcassonne.so'),
                          'wb') as f:
                    f.write(content)

            def found(loaded):
                return [os.path.relpath(p, top) for p in
                        carc._build_tree_candidates(top, loaded)]
            self.assertEqual(found(set()),
                             ['build-ubsan/libcarcassonne.so',
                              'build/libcarcassonne.so'])
            self.assertEqual(found({b'libasan.so'}),
                             ['build-asan/libcarcassonne.so',
                              'build-ubsan/libcarcassonne.so',
                              'build/libcarcassonne.so'])


class TestRecords(unittest.TestCase):
    def test_round_trip(self):
        game = carc.Game(carc.Rules(phantom=True, little_buildings=True,
                                    crop_circles_i=True), players=3, seed=8)
        n = 0
        while not game.is_over():
            moves = game.legal_moves()
            game.apply(moves[(n * 7) % len(moves)])
            n += 1
            if n % 25 == 0:
                self.assertEqual(carc.Game.load(game.save()).hash(),
                                 game.hash())
        again = carc.Game.load(game.save())
        self.assertEqual(again.hash(), game.hash())
        self.assertEqual(again.scores(), game.scores())
        self.assertEqual(again.save(), game.save())

    def test_bad_record(self):
        text = ('carcassonne-record 1\nplayers 2\n'
                'P0 place E 0,-1 r0\nend\n')
        with self.assertRaises(carc.RecordError) as cm:
            carc.Game.load(text)
        e = cm.exception
        self.assertEqual((e.line, e.column), (3, 4))
        self.assertEqual(e.code, carc.E_EDGE_MISMATCH)
        self.assertIn('tile side does not match', str(e))

    def test_worked_example(self):
        d = os.environ.get('RECORD_EXAMPLES')
        if not d:
            self.skipTest('RECORD_EXAMPLES is not set')
        with open(os.path.join(d, 'e10-jcz-lb-3-2-1.rec')) as f:
            game = carc.Game.load(f.read())
        self.assertEqual(game.scores(), [0, 20])
        self.assertTrue(game.is_over())


if __name__ == '__main__':
    unittest.main()
