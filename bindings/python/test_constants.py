# SPDX-License-Identifier: MIT
"""The binding's constants equal the enums of the public header (suite
'ffi').

The header is read from CARCASSONNE_HEADER (set by meson), else from
include/carcassonne/carcassonne.h of this source tree:

    CARCASSONNE_LIBRARY=build/libcarcassonne.so \\
    python3 -m pytest -q test_constants.py
"""
import os
import re

import pytest

import carcassonne as carc

HERE = os.path.dirname(os.path.abspath(__file__))
HEADER = os.environ.get('CARCASSONNE_HEADER') or os.path.join(
    HERE, '..', '..', 'include', 'carcassonne', 'carcassonne.h')


def parse_enums(text):
    """{enum name: {member: value}} of every named enum in C text.

    Knows what the header uses: comments, members with or without
    '= value' (a decimal or hex literal, possibly negative, or an earlier
    member), and implicit values counting on from the previous member.
    """
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    text = re.sub(r'//[^\n]*', ' ', text)
    enums = {}
    for name, body in re.findall(r'\benum\s+(\w+)\s*\{([^}]*)\}\s*;', text):
        members, known, nxt = {}, {}, 0
        for item in body.split(','):
            item = item.strip()
            if not item:
                continue
            m = re.fullmatch(r'(\w+)\s*(?:=\s*(.+))?', item)
            if not m:
                raise ValueError(f'enum {name}: cannot read {item!r}')
            member, expr = m.group(1), m.group(2)
            if expr is not None:
                expr = expr.strip()
                if re.fullmatch(r'-?\s*(0[xX][0-9a-fA-F]+|[0-9]+)', expr):
                    nxt = int(expr.replace(' ', ''), 0)
                elif expr in known:
                    nxt = known[expr]
                else:
                    raise ValueError(f'enum {name}: cannot evaluate '
                                     f'{expr!r}')
            members[member] = known[member] = nxt
            nxt += 1
        enums[name] = members
    return enums


def test_parse_enums():
    assert parse_enums(
        '/* enum no { X = 9 }; */\n'
        'enum a { A0, A1 = -3, /** doc, with comma */ A2,\n'
        '  A3 = 0x10, A4 = A1, A5 };\n'
        'enum b { B = 1, };  // trailing comma\n') == \
        {'a': {'A0': 0, 'A1': -3, 'A2': -2, 'A3': 16, 'A4': -3, 'A5': -2},
         'b': {'B': 1}}


@pytest.fixture(scope='module')
def enums():
    with open(HEADER) as f:
        return parse_enums(f.read())


@pytest.mark.parametrize('enum,prefix,module_prefix,extra', [
    ('carc_error', 'CARC_', 'E_', ['OK']),
    ('carc_phase', 'CARC_PHASE_', 'PHASE_', []),
    ('carc_move_kind', 'CARC_MOVE_', 'MOVE_', []),
    ('carc_figure', 'CARC_FIGURE_', 'FIGURE_', []),
    ('carc_crop_choice', 'CARC_CROP_', 'CROP_', [])])
def test_module_constants(enums, enum, prefix, module_prefix, extra):
    """Every member of the header's enum is a module constant of the
    same value (the names of 0.1), and every module constant with the
    prefix is in the enum."""
    members = enums[enum]
    assert members
    mine = {n: v for n, v in vars(carc).items()
            if n.startswith(module_prefix) and n.isupper()}
    mine.update({n: getattr(carc, n) for n in extra})
    theirs = {'CARC_' + n: v for n, v in mine.items()}
    assert theirs == {n: v for n, v in members.items()
                      if n.startswith(prefix)}


def test_tile_types(enums):
    assert carc.TILE_TYPES == enums['carc_tile']['CARC_TILE_TYPES']
    assert enums['carc_tile']['CARC_TILE_X'] == 23


def test_options(enums):
    header = {n[len('CARC_OPT_'):].lower().replace('_', '-'): v
              for n, v in enums['carc_option'].items()}
    assert carc.OPTIONS == header
    assert len(header) == 25


def test_option_values(enums):
    values = {
        'farm-scoring': 'carc_farm_scoring',
        'lb-scoring': 'carc_lb_scoring',
        'lb-distribution': 'carc_lb_distribution',
        'river-start-tile': 'carc_river_start',
        'river-u-turn': 'carc_river_u_turn',
        'builder-turn': 'carc_builder_turn',
        'river-lake-turn': 'carc_river_lake_turn',
    }
    assert set(carc.OPTION_VALUES) == set(values)
    for option, enum in values.items():
        assert sorted(carc.OPTION_VALUES[option].values()) == \
            sorted(enums[enum].values())


# The enums of the package: header enum -> (Python enum, prefix of the
# header's members, names that differ from the header's)
ENUMS = {
    'carc_error': (carc.ErrorCode, 'CARC_E_', {'CARC_OK': 'OK'}),
    'carc_phase': (carc.Phase, 'CARC_PHASE_', {}),
    'carc_figure': (carc.Figure, 'CARC_FIGURE_', {}),
    'carc_move_kind': (carc.MoveKind, 'CARC_MOVE_', {}),
    'carc_crop_choice': (carc.CropChoice, 'CARC_CROP_', {}),
    'carc_edge': (carc.Edge, 'CARC_EDGE_', {}),
    'carc_feature_flag': (carc.FeatureFlag, 'CARC_FLAG_', {}),
    'carc_symbol': (carc.Symbol, 'CARC_SYMBOL_', {}),
    'carc_feature_kind': (carc.FeatureKind, 'CARC_FEATURE_', {}),
    'carc_feature': (carc.Feature, 'CARC_', {}),
    'carc_tile': (carc.Tile, 'CARC_TILE_', {}),
    'carc_option': (carc.Option, 'CARC_OPT_', {}),
    'carc_option_type': (carc.OptionType, 'CARC_OPTION_', {}),
    'carc_farm_scoring': (carc.FarmScoring, 'CARC_FARM_', {}),
    'carc_lb_scoring': (carc.LbScoring, 'CARC_LB_',
                        {'CARC_LB_321': 'THREE_TWO_ONE'}),
    'carc_lb_distribution': (carc.LbDistribution, 'CARC_LB_DIST_', {}),
    'carc_river_start': (carc.RiverStart, 'CARC_RIVER_START_', {}),
    'carc_river_u_turn': (carc.RiverUTurn, 'CARC_RIVER_U_', {}),
    'carc_event_type': (carc.EventType, 'CARC_EVENT_', {}),
    'carc_event_attr': (carc.EventAttr, 'CARC_EVENT_', {}),
    'carc_feature_attr': (carc.FeatureAttr, 'CARC_FEATURE_ATTR_', {}),
    'carc_render_flag': (carc.RenderFlag, 'CARC_RENDER_', {}),
    'carc_goods': (carc.Goods, 'CARC_GOODS_', {}),
    'carc_builder_turn': (carc.BuilderTurn, 'CARC_BUILDER_TURN_', {}),
    'carc_river_lake_turn': (carc.RiverLakeTurn, 'CARC_RIVER_LAKE_', {}),
    'carc_turn_part': (carc.TurnPart, 'CARC_TURN_', {}),
}


def test_every_header_enum_is_a_python_enum():
    """Each enum of the header is an IntEnum of the package with the same
    members and values (CARC_TILE_TYPES is the constant TILE_TYPES)."""
    with open(HEADER) as f:
        enums = parse_enums(f.read())
    assert set(enums) == set(ENUMS)
    for name, (enum, prefix, renamed) in ENUMS.items():
        header = {renamed.get(m, m[len(prefix):]): v
                  for m, v in enums[name].items() if m != 'CARC_TILE_TYPES'}
        assert {m.name: int(m) for m in enum} == header, name
    assert carc.TILE_TYPES == enums['carc_tile']['CARC_TILE_TYPES']


def test_defines():
    with open(HEADER) as f:
        text = f.read()
    defines = dict(re.findall(r'^#define (CARC_\w+) (\w+)$', text, re.M))
    assert int(defines['CARC_TILE_UNITS']) == carc.TILE_UNITS
    assert int(defines['CARC_SHAPE_MAX_POINTS']) == carc.SHAPE_MAX_POINTS
    assert int(defines['CARC_RENDER_COLOUR'], 0) == 0x1000000
    assert int(defines['CARC_MOVE_NONE']) == 0
