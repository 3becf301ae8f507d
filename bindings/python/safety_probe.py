# SPDX-License-Identifier: MIT
"""Call every public function and method of the binding with wrong values.

Run by test_safety.py in a subprocess, so that a crash of the interpreter
shows as a failed test with its exit code.  Each call gets valid
arguments except one, which is replaced by each of BAD in turn; the call
must raise TypeError, ValueError, OverflowError or CarcError, unless the
replaced value is valid there (ALLOWED).  Every method also gets one
argument too many (TypeError).  A public name missing from the tables
below is an error too, so that new functions get probed.

Exit status 0 and a last line "probe: N calls, 0 unexpected" when all is
well; status 1 and the unexpected outcomes otherwise.
"""
import sys

import carcassonne as carc

BAD = [None, 'x', 1.5, -1, 2 ** 70, object()]
EXPECTED = (TypeError, ValueError, OverflowError, carc.CarcError)

RULES = carc.Rules()
MOVE = carc.move_place(0, -1, 2)
RECORD = carc.Game(RULES, 2, 1).save()

# name -> (callable, valid arguments)
FUNCTIONS = {
    'strerror': (carc.strerror, [-1]),
    'version': (carc.version, []),
    'tile_name': (carc.tile_name, [4]),
    'tile_from_name': (carc.tile_from_name, ['E']),
    'feature_name': (carc.feature_name, [0x11]),
    'feature_from_name': (carc.feature_from_name, ['c1']),
    'move_place': (carc.move_place, [0, -1, 2]),
    'move_deploy': (carc.move_deploy, [1, 0, -1, 'c1']),
    'move_build': (carc.move_build, [3, 0, -1]),
    'move_pass': (carc.move_pass, []),
    'move_second_tile': (carc.move_second_tile, []),
    'move_crop_choice': (carc.move_crop_choice, [1]),
    'move_remove': (carc.move_remove, [1, 0, -1, 'c1']),
    'move_kind': (carc.move_kind, [MOVE]),
    'move_x': (carc.move_x, [MOVE]),
    'move_y': (carc.move_y, [MOVE]),
    'move_rotation': (carc.move_rotation, [MOVE]),
    'move_figure': (carc.move_figure, [MOVE]),
    'move_feature': (carc.move_feature, [MOVE]),
    'describe': (carc.describe, [MOVE]),
    'parse_move': (carc.parse_move, ['place 0,-1 r2']),
    'option_name': (carc.option_name, [1]),
    'Rules': (carc.Rules, [{'followers': 4}, {'E': 2}]),
    'Rules(option=)': (lambda v: carc.Rules(followers=v), [4]),
    'Rules(switch=)': (lambda v: carc.Rules(phantom=v), [True]),
    'Rules(options={k})': (lambda k: carc.Rules({k: 1}), ['phantom']),
    'Rules(tiles={k})': (lambda k: carc.Rules(tiles={k: 1}), ['E']),
    'Rules(tiles={E: v})': (lambda v: carc.Rules(tiles={'E': v}), [1]),
    'Game': (carc.Game, [RULES, 2, 1]),
    'Game.load': (carc.Game.load, [RECORD]),
    'version_number': (carc.version_number, []),
    'tile_edge': (carc.tile_edge, [4, 1, 2]),
    'tile_features': (carc.tile_features, ['E']),
    'tile_feature_sides': (carc.tile_feature_sides, [4, 1, 'c1']),
    'tile_feature_pennants': (carc.tile_feature_pennants, [4, 'c1']),
    'tile_field_cities': (carc.tile_field_cities, [4, 'f1']),
    'tile_feature_flags': (carc.tile_feature_flags, ['IC-15', 'r1']),
    'tile_describe_feature': (carc.tile_describe_feature, [4, 1, 'c1']),
    'tile_symbol': (carc.tile_symbol, ['CCI-1']),
    'tile_feature_goods': (carc.tile_feature_goods, ['TB-1', 'c1']),
    'tile_feature_point': (carc.tile_feature_point, [4, 1, 'c1']),
    'tile_feature_shape': (carc.tile_feature_shape, [4, 1, 'c1']),
    'tile_symbol_area': (carc.tile_symbol_area, ['CCI-1', 0]),
    'figure_name': (carc.figure_name, [1]),
    'figure_from_name': (carc.figure_from_name, ['follower']),
    'feature_kind_name': (carc.feature_kind_name, [1]),
    'feature_kind_from_name': (carc.feature_kind_from_name, ['city']),
    'phase_name': (carc.phase_name, [1]),
    'phase_from_name': (carc.phase_from_name, ['deploy']),
    'option_from_name': (carc.option_from_name, ['phantom']),
    'option_info': (carc.option_info, ['followers']),
    'option_explain': (carc.option_explain, ['followers', '99']),
    'option_is_expansion': (carc.option_is_expansion, ['phantom']),
    'render_default_colour': (carc.render_default_colour, [4]),
    'option_value_name': (carc.option_value_name, [1, 1]),
    'option_value_from_name': (carc.option_value_from_name,
                               [1, 'per-city']),
    'Move': (carc.Move, [MOVE]),
    'Move.parse': (carc.Move.parse, ['pass']),
    'Move.place': (carc.Move.place, [0, -1, 2]),
    'Move.deploy': (carc.Move.deploy, ['follower', 0, -1, 'c1']),
    'Move.build': (carc.Move.build, ['tower', 0, -1]),
    'Move.remove': (carc.Move.remove, ['phantom', 0, -1, 'c1']),
    'Move.crop': (carc.Move.crop, [2]),
    'MoveList': (carc.MoveList, [[MOVE]]),
}

# method name -> valid arguments (called on a fresh game or rules)
GAME_METHODS = {
    'apply': [MOVE], 'is_legal': [MOVE], 'set_next_tile': ['E'],
    'shuffle_stack': [5], 'score': [0], 'supply': [0, 1], 'goods': [0, 1],
    'remaining': ['E'], 'copy_from': ['GAME'], 'push': [MOVE],
    'tile_at': [0, 0], 'feature': [0, 0, 'c1'],
    'feature_get': [0, 0, 'c1', 1], 'feature_pieces': [0, 0, 'c1'],
    'feature_cities': [0, 0, 'f1'], 'feature_is_complete': [0, 0, 'c1'],
    'feature_figures': [0, 0, 'c1', 0], 'set_draw_order': ['DRAW'],
    'set_stack_order': ['STACK'],
    'describe_feature': [0, 0, 'c1'], 'explain_move': [MOVE],
    'explain_refusal': [MOVE],
    'describe_event': [0],
}
RULES_METHODS = {'get': ['phantom'], 'tile_count': ['E']}

# (name, argument index, bad value) that are valid calls
ALLOWED = {
    ('strerror', 0, -1),
    ('Rules', 0, None), ('Rules', 1, None),
    ('Game', 0, None),              # default rules
    ('Game.remaining', 0, None),    # the whole stack
    ('Move', 0, 'x'),               # a str is parsed: InvalidArgumentError
    ('MoveList', 0, 'x'),           # an iterable: its items are checked
    # explains any name and value: an unknown name, no value, a refused one
    ('option_explain', 0, 'x'), ('option_explain', 1, None),
    ('option_explain', 1, 'x'),
    ('Rules(switch=)', 0, -1),      # any int32 is taken as 'on'
}
# x and y are signed: -1 is a valid coordinate
ALLOWED |= {(name, i, -1) for name, i in [
    ('move_place', 0), ('move_place', 1), ('move_deploy', 1),
    ('move_deploy', 2), ('move_build', 1), ('move_build', 2),
    ('move_remove', 1), ('move_remove', 2), ('Move.place', 0),
    ('Move.place', 1), ('Move.deploy', 1), ('Move.deploy', 2),
    ('Move.build', 1), ('Move.build', 2), ('Move.remove', 1),
    ('Move.remove', 2), ('Game.tile_at', 0), ('Game.tile_at', 1)]}

NOT_PROBED = {'library', 'library_path', 'library_version', 'CarcError',
              'RecordError',
              'OPTIONS', 'OPTION_VALUES', 'TILE_TYPES', 'TILE_UNITS',
              'SHAPE_MAX_POINTS', 'MIN_PLAYERS', 'MAX_PLAYERS',
              'describe_or_hex'}  # never raises: checked separately
# classes without arguments to probe: exceptions, enums, records of
# results, and the views a Game makes itself
NOT_PROBED |= {name for name in carc.__all__
               if isinstance(getattr(carc, name), type) and
               name not in ('Game', 'Rules', 'Move', 'MoveList')}


def main():
    unexpected = []
    calls = 0

    def probe(name, make_call, good):
        nonlocal calls
        for i in range(len(good)):
            for bad in BAD:
                args = list(good)
                args[i] = bad
                calls += 1
                try:
                    make_call()(*args)
                except EXPECTED:
                    continue
                except Exception as e:       # noqa: BLE001 - reported
                    unexpected.append(f'{name} arg {i} = {bad!r}: '
                                      f'{type(e).__name__}: {e}')
                    continue
                if (name, i, bad) not in ALLOWED:
                    unexpected.append(f'{name} arg {i} = {bad!r}: '
                                      'returned')
        calls += 1
        try:
            make_call()(*good, object())
            unexpected.append(f'{name}: one argument too many returned')
        except TypeError:
            pass
        except Exception as e:               # noqa: BLE001 - reported
            unexpected.append(f'{name}: one argument too many: '
                              f'{type(e).__name__}: {e}')

    for name in carc.__all__:
        if name not in FUNCTIONS and name not in NOT_PROBED:
            unexpected.append(f'{name} is not probed')
    for name, (fn, good) in FUNCTIONS.items():
        probe(name, lambda fn=fn: fn, good)

    for cls, table in ((carc.Game, GAME_METHODS),
                       (carc.Rules, RULES_METHODS)):
        for name in sorted(dir(cls)):
            if name.startswith('_') or name in ('load', 'closed'):
                continue
            good = [carc.Game(RULES, 2, 1) if a == 'GAME' else
                    carc.Game(RULES, 2, 1).draw_order() if a == 'DRAW'
                    else carc.Game(RULES, 2, 1).draw_order()[1:]
                    if a == 'STACK' else a for a in table.get(name, [])]

            def bound(name=name, cls=cls):
                obj = (carc.Game(RULES, 2, 1) if cls is carc.Game
                       else carc.Rules())
                return getattr(obj, name)
            probe(f'{cls.__name__}.{name}', bound, good)
    # a Rules where a Game is expected, and the reverse
    for bad in BAD + [RULES]:
        calls += 1
        try:
            carc.Game(RULES, 2, 1).copy_from(bad)
            unexpected.append(f'copy_from({bad!r}) returned')
        except EXPECTED:
            pass
    for bad in BAD + [carc.Game(RULES, 2, 1)]:
        calls += 1
        try:
            carc.Game(bad, 2, 1)
            if bad is not None:
                unexpected.append(f'Game({bad!r}) returned')
        except EXPECTED:
            pass

    for bad in BAD + [2 ** 64 - 1, 0]:
        calls += 1
        if not isinstance(carc.describe_or_hex(bad), str):
            unexpected.append(f'describe_or_hex({bad!r}) is not a str')

    for line in unexpected:
        print(line)
    print(f'probe: {calls} calls, {len(unexpected)} unexpected')
    return 1 if unexpected else 0


if __name__ == '__main__':
    sys.exit(main())
