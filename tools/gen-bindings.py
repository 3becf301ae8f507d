#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The binding tables of libcarcassonne, generated from its public headers.

Usage: gen-bindings.py INCLUDE_DIR KIND OUTPUT
   KIND: python   the module carcassonne/_abi.py (enums, constants,
                  ctypes structures, the error-code -> exception table)
         js       the module carcassonne-abi.mjs of the JavaScript
                  package (constants, struct layouts for wasm32, the
                  error-code -> exception table)
         ts       carcassonne-abi.d.mts, the TypeScript declarations of
                  carcassonne-abi.mjs (the constants with their literal
                  types), the name types derived from enums and the
                  interfaces derived from structs, which the package's
                  hand-written index.d.ts re-exports
         c-check  a C file of _Static_assert()s: every value and layout
                  this script read equals what the C compiler makes of the
                  headers (compiled in every build, native and wasm, so a
                  misread header fails the build)

The headers (include/carcassonne/*.h) are the only source of the numbers:
enum members, integer #defines and struct members are read from them.
What the bindings call each table, which enums each binding exposes and
which status codes are argument errors is the binding description below
(BINDINGS, ARGUMENT_ERRORS); a public enum or struct it does not mention
is an error, so a header addition cannot go unnoticed by the bindings.

Standard library only; run by meson (bindings/meson.build) at build time.
"""

import os
import re
import sys

HEADERS = ('carcassonne.h', 'search.h', 'learn.h', 'jcz.h')

# ---------------------------------------------------------------------
# The binding description
# ---------------------------------------------------------------------

# Status codes for which both bindings raise their invalid-argument
# exception (Python InvalidArgumentError, JS InvalidArgumentError; both a
# CarcassonneError with the code): the caller passed a value the library
# does not know or that names nothing (a malformed argument, an unknown
# tile, feature or option, a position or index with nothing there).  The
# other codes are refusals of the game state or of the rules (wrong phase,
# occupied feature, ...), a malformed record or no memory: plain
# CarcassonneError (IllegalMoveError / RecordError where the call is a
# move or a load).
ARGUMENT_ERRORS = ('CARC_E_INVALID', 'CARC_E_UNKNOWN_TILE',
                   'CARC_E_NO_FEATURE', 'CARC_E_UNKNOWN_OPTION',
                   'CARC_E_NOT_FOUND')

# enum -> how the bindings expose it:
#   prefix  stripped from member names (the longest matching one)
#   py      Python class name (None: not a Python enum)
#   base    Python base class ('IntEnum', 'IntFlag', '_Named' or
#           '_FeatureNamed' of carcassonne/_enumbase.py)
#   doc     the Python docstring
#   js      JavaScript constant object name (None: not exported)
#   skip    members that are counts/limits, not values of the enum:
#           exported as plain constants (name in `consts`)
#   rename  member renames where the stripped name is not an identifier
#   flat    Python module-level constants "PREFIX + name" instead of a
#           class (learn.h's tables, as carcassonne._learn has them)
#   names   TypeScript: (type, style) of the union of the members' names
#           as the JavaScript package writes them: 'lower' (FOLLOWER ->
#           'follower') or 'kebab' (PLACE_TILE -> 'place-tile')
#   name_rename  TypeScript: members whose name the style does not give
BINDINGS = {
    'carc_error': dict(
        prefix=('CARC_E_', 'CARC_'), py='ErrorCode', base='IntEnum',
        js='ErrorCode',
        doc='Status codes of the library (``enum carc_error``): OK is 0, '
            'every\n    error is negative.'),
    'carc_tile': dict(
        prefix=('CARC_TILE_',), py='Tile', base='_Named', js=None,
        skip={'CARC_TILE_TYPES': 'TILE_TYPES'},
        doc="Tile types (``enum carc_tile``); ``word`` is the reference "
            "name\n    ('A'..'X', 'CCI-1'.., 'CCII-1'.., 'RI-1'..)."),
    'carc_symbol': dict(
        prefix=('CARC_SYMBOL_',), py='Symbol', base='IntEnum',
        js='CropSymbol',
        doc='Crop-circle symbols (``enum carc_symbol``), from\n    '
            ':func:`tile_symbol`.'),
    'carc_feature_flag': dict(
        prefix=('CARC_FLAG_',), py='FeatureFlag', base='IntFlag',
        js='FeatureFlag',
        doc='What a tile feature carries (``enum carc_feature_flag``), '
            'from\n    :func:`tile_feature_flags`: an inn, a cathedral.'),
    'carc_goods': dict(
        prefix=('CARC_GOODS_',), py='Goods', base='IntEnum', js='Goods',
        doc='Goods of Traders & Builders (``enum carc_goods``), from\n    '
            ':func:`tile_feature_goods`.'),
    'carc_turn_part': dict(
        prefix=('CARC_TURN_',), py='TurnPart', base='IntEnum',
        js='TurnPart',
        doc='Parts of a turn (``enum carc_turn_part``), from\n    '
            ':meth:`Game.turn_part`: the builder\'s double turn.'),
    'carc_edge': dict(
        prefix=('CARC_EDGE_',), py='Edge', base='IntEnum', js='Edge',
        doc='Side types of a tile (``enum carc_edge``), from '
            ':func:`tile_edge`.'),
    'carc_feature_kind': dict(
        prefix=('CARC_FEATURE_',), py='FeatureKind', base='_Named',
        js='FeatureKind',
        names=('FeatureKindName', 'lower'),
        doc='Feature kinds (``enum carc_feature_kind``), the high nibble '
            'of a\n    feature id.'),
    'carc_feature': dict(
        prefix=('CARC_',), py='Feature', base='_FeatureNamed', js=None,
        doc="Feature ids of one tile (``enum carc_feature``): kind * 16 "
            "+\n    number; ``word`` is the name 'c1', 'r2', 'f3', "
            "'monastery'."),
    'carc_option': dict(
        prefix=('CARC_OPT_',), py='Option', base='_Named', js=None,
        doc="Rule options (``enum carc_option``); ``word`` is the name "
            "game\n    records use ('farm-scoring', ...)."),
    'carc_lb_scoring': dict(
        prefix=('CARC_LB_',), py='LbScoring', base='_Named', js=None,
        rename={'CARC_LB_321': 'THREE_TWO_ONE'},
        doc="Values of Option.LB_SCORING (``enum carc_lb_scoring``);\n"
            "    THREE_TWO_ONE is the library's '3-2-1' (CARC_LB_321)."),
    'carc_lb_distribution': dict(
        prefix=('CARC_LB_DIST_',), py='LbDistribution', base='_Named',
        js=None,
        doc='Values of Option.LB_DISTRIBUTION (``enum '
            'carc_lb_distribution``).'),
    'carc_farm_scoring': dict(
        prefix=('CARC_FARM_',), py='FarmScoring', base='_Named', js=None,
        doc='Values of Option.FARM_SCORING (``enum carc_farm_scoring``).'),
    'carc_river_start': dict(
        prefix=('CARC_RIVER_START_',), py='RiverStart', base='_Named',
        js=None,
        doc='Values of Option.RIVER_START_TILE (``enum '
            'carc_river_start``).'),
    'carc_river_u_turn': dict(
        prefix=('CARC_RIVER_U_',), py='RiverUTurn', base='_Named',
        js=None,
        doc='Values of Option.RIVER_U_TURN (``enum carc_river_u_turn``).'),
    'carc_builder_turn': dict(
        prefix=('CARC_BUILDER_TURN_',), py='BuilderTurn', base='_Named',
        js=None,
        doc='Values of Option.BUILDER_TURN (``enum carc_builder_turn``).'),
    'carc_river_lake_turn': dict(
        prefix=('CARC_RIVER_LAKE_',), py='RiverLakeTurn', base='_Named',
        js=None,
        doc='Values of Option.RIVER_LAKE_TURN (``enum '
            'carc_river_lake_turn``).'),
    'carc_option_type': dict(
        prefix=('CARC_OPTION_',), py='OptionType', base='IntEnum',
        js='OptionType',
        doc='What kind of value an option takes (``enum '
            'carc_option_type``).'),
    'carc_phase': dict(
        prefix=('CARC_PHASE_',), py='Phase', base='_Named', js='Phase',
        names=('PhaseName', 'kebab'),
        doc="Decision points (``enum carc_phase``); ``word`` gives the\n"
            "    library's name ('place-tile', 'deploy', ...)."),
    'carc_figure': dict(
        prefix=('CARC_FIGURE_',), py='Figure', base='_Named', js='Figure',
        names=('FigureName', 'lower'),
        doc='Figure kinds (``enum carc_figure``): follower, phantom, '
            'the\n    Little Buildings tower, house and shed, the builder '
            'and the pig.'),
    'carc_feature_attr': dict(
        prefix=('CARC_FEATURE_ATTR_',), py='FeatureAttr', base='IntEnum',
        js='FeatureAttr',
        doc='Attributes of a board-level feature (``enum '
            'carc_feature_attr``);\n    the per-player ones (0x100 and up) '
            'are a base plus the player.'),
    'carc_event_type': dict(
        prefix=('CARC_EVENT_',), py='EventType', base='IntEnum',
        js='EventType',
        names=('EventTypeName', 'lower'),
        doc='Kinds of scoring events (``enum carc_event_type``).'),
    'carc_event_attr': dict(
        prefix=('CARC_EVENT_',), py='EventAttr', base='IntEnum',
        js='EventAttr',
        doc='Attributes of a scoring event (``enum carc_event_attr``); '
            'the\n    per-player ones (0x100 and up) are a base plus the '
            'player.'),
    'carc_move_kind': dict(
        prefix=('CARC_MOVE_',), py='MoveKind', base='IntEnum',
        js='MoveKind',
        doc='Move kinds (``enum carc_move_kind``); a building is a DEPLOY '
            'with\n    a building figure and no feature.'),
    'carc_crop_choice': dict(
        prefix=('CARC_CROP_',), py='CropChoice', base='IntEnum',
        js='CropChoice',
        doc='The crop-circle choices (``enum carc_crop_choice``).'),
    'carc_render_flag': dict(
        prefix=('CARC_RENDER_',), py='RenderFlag', base='IntFlag',
        js='RenderFlag',
        doc='Flags of the picture (``enum carc_render_flag``); see\n'
            '    :meth:`Game.svg`.'),
    'carc_playout_flag': dict(
        prefix=('CARC_PLAYOUT_',), py=None, js='PlayoutFlag',
        flat='PLAYOUT_'),
    'carc_bot_kind': dict(
        prefix=('CARC_BOT_',), py='BotKind', base='IntEnum', js='BotKind',
        names=('BotKindName', 'kebab'), name_rename={'STAR25': 'star2.5'},
        doc="The library's bots (``enum carc_bot_kind``)."),
    'carc_bot_flag': dict(
        prefix=('CARC_BOT_',), py=None, js='BotFlag', flat='BOT_'),
    'carc_bot_reward': dict(
        prefix=('CARC_BOT_REWARD_',), py='BotReward', base='IntEnum',
        js='BotReward',
        doc='Rewards of the tree searches\' playouts (``enum '
            'carc_bot_reward``).'),
    'carc_learn_dtype': dict(
        prefix=('CARC_LEARN_',), py=None, js='LearnDtype',
        names=('LearnDtypeName', 'lower'),
        flat='DTYPE_'),
    'carc_learn_plane': dict(
        prefix=('CARC_LEARN_PLANE_',), py=None, js='LearnPlane',
        flat='PLANE_'),
    'carc_learn_player_plane': dict(
        prefix=('CARC_LEARN_PP_', 'CARC_LEARN_'), py=None,
        js='LearnPlayerPlane', flat='PP_',
        rename={'CARC_LEARN_PLANES_PER_PLAYER': 'PLANES_PER_PLAYER'},
        flat_rename={'CARC_LEARN_PLANES_PER_PLAYER': 'PLANES_PER_PLAYER'}),
    'carc_learn_ext_plane': dict(
        prefix=('CARC_LEARN_XP_',), py=None, js='LearnExtPlane',
        flat='XP_'),
    'carc_learn_ext_player_plane': dict(
        prefix=('CARC_LEARN_XPP_',), py=None, js='LearnExtPlayerPlane',
        flat='XPP_'),
    'carc_learn_vec': dict(
        prefix=('CARC_LEARN_VEC_',), py=None, js='LearnVec', flat='VEC_'),
    'carc_learn_batch_flag': dict(
        prefix=('CARC_LEARN_',), py=None, js='LearnBatchFlag',
        flat=''),
}

# #define name -> (Python name or None, JS name or None, JS internal?)
CONSTANTS = {
    'CARC_MOVE_NONE': (None, None, False),
    'CARC_TILE_UNITS': ('TILE_UNITS', 'TILE_UNITS', False),
    'CARC_SHAPE_MAX_POINTS': ('SHAPE_MAX_POINTS', 'SHAPE_MAX_POINTS', False),
    'CARC_RENDER_COLOUR': ('RENDER_COLOUR', 'RENDER_COLOUR', True),
    'CARC_LEARN_WINDOW_DEFAULT': ('LEARN_WINDOW_DEFAULT',
                                  'LEARN_WINDOW_DEFAULT', False),
    'CARC_LEARN_WINDOW_MIN': ('LEARN_WINDOW_MIN', 'LEARN_WINDOW_MIN', False),
    'CARC_LEARN_WINDOW_MAX': ('LEARN_WINDOW_MAX', 'LEARN_WINDOW_MAX', False),
    'CARC_LEARN_TO_MOVE': ('LEARN_TO_MOVE', 'LEARN_TO_MOVE', True),
    'CARC_LEARN_LAYOUT_VERSION': ('LEARN_LAYOUT_VERSION',
                                  'LEARN_LAYOUT_VERSION', False),
    'CARC_BOT_DEFAULT_PLAYOUTS': ('BOT_DEFAULT_PLAYOUTS',
                                  'BOT_DEFAULT_PLAYOUTS', True),
    'CARC_BOT_MAX_THREADS': ('BOT_MAX_THREADS', 'BOT_MAX_THREADS', True),
    'CARC_BOT_MAX_PROBING': ('BOT_MAX_PROBING', 'BOT_MAX_PROBING', True),
    'CARC_BOT_MAX_DEPTH': ('BOT_MAX_DEPTH', 'BOT_MAX_DEPTH', True),
    'CARC_BOT_DEFAULT_EVALUATIONS': ('BOT_DEFAULT_EVALUATIONS',
                                     'BOT_DEFAULT_EVALUATIONS', True),
}

# The public structs, all of them bound (ctypes classes in Python,
# offsets in JavaScript).
STRUCTS = ('carc_render_options', 'carc_bot_options', 'carc_bot_stats',
           'carc_learn_options', 'carc_learn_shape', 'carc_learn_layout',
           'carc_learn_batch')

# Structs the JavaScript package returns as plain objects, member by
# member in camelCase: their TypeScript interfaces.
#   ts        the interface name
#   skip      members left out (the size member, reserved ones)
#   types     member -> TypeScript type other than number (an enum
#             member as its name: the 'names' type of that enum)
#   readonly  the properties are readonly (a frozen object)
#   doc       what returns it
TS_STRUCTS = {
    'carc_learn_shape': dict(
        ts='LearnShape', skip=('size',), readonly=True,
        doc='What Learn.shape() returns (a frozen object)',
        types={'mask_dtype': 'LearnDtypeName',
               'plane_dtype': 'LearnDtypeName',
               'vector_dtype': 'LearnDtypeName',
               'reward_dtype': 'LearnDtypeName'}),
    'carc_learn_layout': dict(
        ts='LearnLayout', skip=('size',), readonly=True,
        doc='What Learn.shape() adds to LearnShape since 0.5 (a frozen '
            'object of both)'),
    'carc_bot_stats': dict(ts='BotStats', skip=('size',),
                           doc="The stats of Game.botMove({ stats: true })"),
}

# ---------------------------------------------------------------------
# Reading the headers
# ---------------------------------------------------------------------

# C type -> (size, alignment, ctypes name); pointers and size_t by model
SCALARS = {
    'uint8_t': (1, 'c_uint8'), 'int8_t': (1, 'c_int8'),
    'uint16_t': (2, 'c_uint16'), 'int16_t': (2, 'c_int16'),
    'uint32_t': (4, 'c_uint32'), 'int32_t': (4, 'c_int32'),
    'uint64_t': (8, 'c_uint64'), 'int64_t': (8, 'c_int64'),
}


class HeaderError(Exception):
    pass


def strip_comments(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    return re.sub(r'//[^\n]*', ' ', text)


def c_int(expr, known, where):
    """The value of a C integer constant expression of the headers."""
    e = re.sub(r'\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\b', r'\1', expr.strip())
    for name in sorted(set(re.findall(r'\b[A-Za-z_]\w*\b', e)),
                       key=len, reverse=True):
        if name not in known:
            raise HeaderError(f'{where}: unknown name {name} in "{expr}"')
        e = re.sub(r'\b%s\b' % name, '(%d)' % known[name], e)
    if not re.fullmatch(r'[\s0-9a-fA-FxX()+\-*|<>&~]*', e):
        raise HeaderError(f'{where}: cannot evaluate "{expr}"')
    return int(eval(e, {'__builtins__': {}}))  # digits and operators only


def read_headers(incdir):
    """(enums, defines, structs) of the public headers, in header order:
    enums {name: [(member, value)]}, defines {name: value} (integer
    #defines only), structs {name: [(member, type, count)]}."""
    enums, defines, structs = {}, {}, {}
    known = {}
    for h in HEADERS:
        path = os.path.join(incdir, h)
        with open(path, encoding='utf-8') as f:
            text = strip_comments(f.read())
        for m in re.finditer(r'^#define\s+(CARC_\w+)\s+(\S[^\n]*)$', text,
                             re.M):
            name, value = m.group(1), m.group(2).strip()
            if re.fullmatch(r'(0[xX][0-9a-fA-F]+|\d+)[uU]?', value):
                defines[name] = known[name] = c_int(value, known, h)
        for m in re.finditer(r'\benum\s+(carc_\w+)\s*\{(.*?)\}\s*;', text,
                             re.S):
            name, body = m.group(1), m.group(2)
            members, value = [], -1
            for item in body.split(','):
                item = item.strip()
                if not item:
                    continue
                mm = re.fullmatch(r'(CARC_\w+)\s*(?:=\s*(.+))?', item, re.S)
                if not mm:
                    raise HeaderError(f'{h}: enum {name}: cannot read '
                                      f'"{item}"')
                value = (c_int(mm.group(2), known, f'{h}: {mm.group(1)}')
                         if mm.group(2) else value + 1)
                known[mm.group(1)] = value
                members.append((mm.group(1), value))
            enums[name] = members
        for m in re.finditer(r'\bstruct\s+(carc_\w+)\s*\{(.*?)\}\s*;', text,
                             re.S):
            fields = []
            for decl in m.group(2).split(';'):
                decl = ' '.join(decl.split())
                if not decl:
                    continue
                fm = re.fullmatch(r'(?:const )?(\w+)\s*(\*?)\s*(\w+)'
                                  r'(?:\[(\w+)\])?', decl)
                if not fm:
                    raise HeaderError(f'{h}: struct {m.group(1)}: cannot '
                                      f'read "{decl}"')
                ctype, ptr, fname, count = fm.groups()
                if not ptr and ctype not in SCALARS:
                    raise HeaderError(f'{h}: struct {m.group(1)}: type '
                                      f'{ctype} of {fname}')
                fields.append((fname, 'pointer' if ptr else ctype,
                               c_int(count, known, h) if count else 0))
            structs[m.group(1)] = fields
    return enums, defines, structs


def doc_text(raw):
    """A Doxygen comment's text as plain words: its first paragraph, the
    markup (@c, #name) dropped, on one line."""
    lines = [re.sub(r'^\s*\*?\s?', '', line) for line in raw.split('\n')]
    para = []
    for line in lines:
        if not line.strip():
            if para:
                break
            continue
        if line.strip().startswith('@') and not line.strip().startswith(
                ('@c ', '@p ')):
            break
        para.append(line.strip())
    text = ' '.join(para)
    text = re.sub(r'@[cp] ', '', text)
    text = re.sub(r'#(\w)', r'\1', text)
    return ' '.join(text.replace('*/', '* /').split())


def read_docs(incdir):
    """The doc comments of the headers' enums, #defines, structs and
    struct members: {('enum'|'define'|'struct', name): (header, text),
    ('member', struct, member): (header, text)}."""
    docs = {}
    doc = r'/\*\*((?:(?!\*/).)*)\*/\s*'
    for h in HEADERS:
        with open(os.path.join(incdir, h), encoding='utf-8') as f:
            text = f.read()
        for kind, pat in (('enum', r'enum\s+(carc_\w+)\s*\{'),
                          ('struct', r'struct\s+(carc_\w+)\s*\{'),
                          ('define', r'#define\s+(CARC_\w+)\s')):
            for m in re.finditer(doc + pat, text, re.S):
                docs[(kind, m.group(2))] = (h, doc_text(m.group(1)))
        for m in re.finditer(r'\bstruct\s+(carc_\w+)\s*\{(.*?)\}\s*;',
                             text, re.S):
            for mm in re.finditer(doc + r'[^;/]*?(\w+)(?:\[\w+\])?\s*;',
                                  m.group(2), re.S):
                docs[('member', m.group(1), mm.group(2))] = (
                    h, doc_text(mm.group(1)))
    return docs


def layout(fields, pointer_size):
    """(size, [(member, offset)]) under the C rules every target of the
    library follows (natural alignment)."""
    offset, align, out = 0, 1, []
    for name, ctype, count in fields:
        size = pointer_size if ctype == 'pointer' else SCALARS[ctype][0]
        offset = (offset + size - 1) // size * size
        out.append((name, offset))
        offset += size * max(count, 1)
        align = max(align, size)
    return (offset + align - 1) // align * align, out


def member_name(binding, member):
    if member in binding.get('rename', {}):
        return binding['rename'][member]
    for p in sorted(binding['prefix'], key=len, reverse=True):
        if member.startswith(p):
            return member[len(p):]
    raise HeaderError(f'{member}: no prefix of {binding["prefix"]}')


def check_description(enums, defines, structs):
    """Every public enum, #define and struct is described, and the
    description names nothing the headers lack."""
    problems = []
    for kind, have, described in (('enum', enums, BINDINGS),
                                  ('#define', defines, CONSTANTS),
                                  ('struct', structs, STRUCTS)):
        for n in have:
            if n not in described:
                problems.append(f'{kind} {n} of the headers is not in the '
                                'binding description of '
                                'tools/gen-bindings.py')
        for n in described:
            if n not in have:
                problems.append(f'{kind} {n} of tools/gen-bindings.py is '
                                'not in the headers')
    name_types = {b['names'][0] for b in BINDINGS.values() if 'names' in b}
    for n, t in TS_STRUCTS.items():
        if n not in STRUCTS:
            problems.append(f'TS_STRUCTS: {n} is not in STRUCTS')
            continue
        have = [f for f, _, _ in structs.get(n, [])]
        for f in tuple(t.get('skip', ())) + tuple(t.get('types', {})):
            if n in structs and f not in have:
                problems.append(f'TS_STRUCTS: struct {n} has no member {f}')
        for ty in t.get('types', {}).values():
            if ty not in name_types:
                problems.append(f'TS_STRUCTS: {n}: {ty} is no enum\'s '
                                'names type')
    codes = dict(enums.get('carc_error', []))
    for n in ARGUMENT_ERRORS:
        if n not in codes:
            problems.append(f'ARGUMENT_ERRORS: {n} is not in enum carc_error')
    if problems:
        raise HeaderError('\n'.join(problems))


def members(enums, name):
    """(binding name, value) of the enum's members, skips left out."""
    b = BINDINGS[name]
    return [(member_name(b, m), v) for m, v in enums[name]
            if m not in b.get('skip', {})]


def skipped(enums, name):
    b = BINDINGS[name]
    return [(b['skip'][m], v) for m, v in enums[name]
            if m in b.get('skip', {})]


# ---------------------------------------------------------------------
# Outputs
# ---------------------------------------------------------------------

BANNER = ('Generated by tools/gen-bindings.py from the headers of '
          'include/carcassonne/ '
          'at build time;\n{c} do not edit (change the header or the '
          'binding description there).')


def gen_python(enums, defines, structs):
    out = ['# SPDX-License-Identifier: MIT',
           '# ' + BANNER.format(c='#'),
           '"""The tables of the public headers: enums, constants, struct',
           'layouts and the status codes that are argument errors."""',
           '',
           'from __future__ import annotations',
           '',
           'import ctypes',
           'import enum',
           '',
           'from ._enumbase import _FeatureNamed, _Named',
           '']
    for name, b in BINDINGS.items():
        if not b.get('py'):
            continue
        base = {'IntEnum': 'enum.IntEnum', 'IntFlag': 'enum.IntFlag'}.get(
            b['base'], b['base'])
        out += ['', '', f'class {b["py"]}({base}):',
                f'    """{b["doc"]}"""']
        for m, v in members(enums, name):
            noqa = '  # noqa: E741' if m in ('I', 'O', 'l') else ''
            out.append(f'    {m} = {v:#x}{noqa}' if v >= 0x100
                       else f'    {m} = {v}{noqa}')
    out += ['', '']
    for name, b in BINDINGS.items():
        for m, v in skipped(enums, name):
            out.append(f'{m} = {v}')
    for name, b in BINDINGS.items():
        if 'flat' not in b:
            continue
        out.append(f'# enum {name}')
        for m, v in enums[name]:
            n = b.get('flat_rename', {}).get(m) or b['flat'] + \
                member_name(b, m)
            out.append(f'{n} = {v}')
    for name, (py, _, _) in CONSTANTS.items():
        if py:
            out.append(f'{py} = {defines[name]:#x}'
                       if defines[name] > 0xffff
                       else f'{py} = {defines[name]}')
    codes = dict(enums['carc_error'])
    out += ['', '#: The status codes bindings raise InvalidArgumentError for.',
            'ARGUMENT_ERRORS = frozenset({%s})'
            % ', '.join(str(codes[n]) for n in ARGUMENT_ERRORS)]
    ctypes_of = dict((k, v[1]) for k, v in SCALARS.items())
    for name in STRUCTS:
        cls = ''.join(w.capitalize() for w in name.split('_'))
        out += ['', '', f'class {cls}(ctypes.Structure):',
                f'    """struct {name}."""', '    _fields_ = [']
        for fname, ctype, count in structs[name]:
            t = ('ctypes.c_void_p' if ctype == 'pointer'
                 else 'ctypes.' + ctypes_of[ctype])
            if count:
                t += f' * {count}'
            out.append(f"        ('{fname}', {t}),")
        out.append('    ]')
    return '\n'.join(out) + '\n'


def js_name(member):
    """FEATURE_KIND -> featureKind."""
    words = member.lower().split('_')
    return words[0] + ''.join(w.capitalize() for w in words[1:])


def gen_js(enums, defines, structs):
    out = ['// SPDX-License-Identifier: MIT',
           '// ' + BANNER.format(c='//'),
           '// The tables of the public headers for carcassonne.mjs: the',
           '// constants it exports, struct layouts of wasm32 and the',
           '// status codes that are argument errors.',
           '']
    for name, b in BINDINGS.items():
        for m, v in skipped(enums, name):
            out.append(f'/** of enum {name} */')
            out.append(f'export const {m} = {v};')
        if not b.get('js'):
            continue
        items = ', '.join(f'{m}: {v}' for m, v in members(enums, name))
        out.append(f'/** enum {name} */')
        out.append(f'export const {b["js"]} = Object.freeze({{ {items} }});')
    for name, (_, js, _) in CONSTANTS.items():
        if js:
            out.append(f'/** {name} */')
            out.append(f'export const {js} = {defines[name]:#x};'
                       if defines[name] > 0xffff
                       else f'export const {js} = {defines[name]};')
    codes = dict(enums['carc_error'])
    out += ['/** Status codes InvalidArgumentError is thrown for. */',
            'export const ARGUMENT_ERRORS = Object.freeze(new Set([%s]));'
            % ', '.join(str(codes[n]) for n in ARGUMENT_ERRORS),
            '/** The public structs on wasm32: sizeof and the offsets of '
            'the members\n *  (bytes), by their names in camelCase. */',
            'export const Layout = Object.freeze({']
    for name in STRUCTS:
        size, offs = layout(structs[name], 4)
        fields = ', '.join(f'{js_name(f)}: {o}' for f, o in offs)
        out.append(f'\t{name[5:]}: Object.freeze({{ sizeof: {size}, '
                   f'{fields} }}),')
    out.append('});')
    return '\n'.join(out) + '\n'


def ts_wrap(items, indent='\t', width=76, sep=' '):
    """Items joined with sep into lines of at most width columns (a tab
    counts 8)."""
    lines, line = [], ''
    room = width - indent.count('\t') * 8 - len(indent.replace('\t', ''))
    for item in items:
        if line and len(line) + len(sep) + len(item) > room:
            lines.append(indent + line)
            line = item
        else:
            line = line + sep + item if line else item
    if line:
        lines.append(indent + line)
    return lines


def ts_doc(text, indent=''):
    """A /** */ comment of text, wrapped."""
    if not text:
        return []
    body = ts_wrap(text.split(), indent=indent + ' *  ', width=73)
    body[0] = indent + '/** ' + body[0][len(indent) + 4:]
    body[-1] += ' */'
    return body


def ts_names(binding, members_):
    style = binding['names'][1]
    names = [m.lower() for m, _ in members_]
    if style == 'kebab':
        names = [n.replace('_', '-') for n in names]
    renames = binding.get('name_rename', {})
    return [renames.get(m, n) for (m, _), n in zip(members_, names)]


def gen_ts(enums, defines, structs, docs):
    out = ['// SPDX-License-Identifier: MIT',
           '// ' + BANNER.format(c='//'),
           '// The TypeScript declarations of carcassonne-abi.mjs: the',
           '// constants of the public headers with their values as',
           '// literal types, the names the JavaScript package gives the',
           '// members of some enums, and the objects it makes of some',
           '// structs.  bindings/js/index.d.ts re-exports what the',
           '// package exports.',
           '']

    def where(kind, name):
        h, text = docs.get((kind, name), ('', ''))
        what = {'enum': 'enum ', 'struct': 'struct ', 'define': ''}[kind]
        return f'{what}{name} ({h})' + (f': {text}' if text else '')

    for name, b in BINDINGS.items():
        for (m, v), (cm, _) in zip(skipped(enums, name),
                                   [x for x in enums[name]
                                    if x[0] in b.get('skip', {})]):
            out += ts_doc(f'{cm}, of enum {name}.')
            out.append(f'export declare const {m}: {v};')
        if b.get('js'):
            out += ts_doc(where('enum', name))
            out.append(f'export declare const {b["js"]}: Readonly<{{')
            out += ts_wrap([f'{m}: {v};' for m, v in members(enums, name)])
            out.append('}>;')
        if b.get('names'):
            t = b['names'][0]
            out += ts_doc(f'The names of the members of enum {name}, as '
                          'the package writes them.')
            items = [f"'{n}'" for n in ts_names(b, members(enums, name))]
            out.append(f'export type {t} =')
            lines = ts_wrap(items, sep=' | ')
            lines = [lines[0]] + ['\t| ' + ln[1:] for ln in lines[1:]]
            out += lines
            out[-1] += ';'
    for name, (_, js, _) in CONSTANTS.items():
        if js:
            out += ts_doc(where('define', name))
            v = defines[name]
            out.append(f'export declare const {js}: '
                       + (f'{v:#x};' if v > 0xffff else f'{v};'))
    out += ts_doc('The status codes InvalidArgumentError is thrown for.')
    out.append('export declare const ARGUMENT_ERRORS: ReadonlySet<number>;')
    out += ts_doc('The public structs on wasm32: sizeof and the offsets '
                  'of the members (bytes), by their names in camelCase.')
    out.append('export declare const Layout: Readonly<{')
    for name in STRUCTS:
        size, offs = layout(structs[name], 4)
        out.append(f'\t{name[5:]}: Readonly<{{')
        out += ts_wrap([f'sizeof: {size};'] +
                       [f'{js_name(f)}: {o};' for f, o in offs],
                       indent='\t\t')
        out.append('\t}>;')
    out.append('}>;')
    for name, t in TS_STRUCTS.items():
        out.append('')
        first = docs.get(('struct', name), ('', ''))[1].split('. ')[0]
        out += ts_doc(f'{t["doc"]}: struct {name} '
                      f'({docs.get(("struct", name), ("",))[0]}), its '
                      f'members in camelCase but {", ".join(t["skip"])}. '
                      + (first.rstrip('.') + '.' if first else ''))
        out.append(f'export interface {t["ts"]} {{')
        for f, _, _ in structs[name]:
            if f in t.get('skip', ()):
                continue
            out += ts_doc(docs.get(('member', name, f), ('', ''))[1],
                          indent='\t')
            ro = 'readonly ' if t.get('readonly') else ''
            out.append(f'\t{ro}{js_name(f)}: '
                       f'{t.get("types", {}).get(f, "number")};')
        out.append('}')
    return '\n'.join(out) + '\n'


def gen_c_check(enums, defines, structs):
    out = ['/* ' + BANNER.format(c=' *') + ' */',
           '/* What tools/gen-bindings.py read from the headers, checked by',
           ' * the compiler. */',
           '#include <stddef.h>',
           '#include <carcassonne/carcassonne.h>',
           '#include <carcassonne/search.h>',
           '#include <carcassonne/learn.h>',
           '#include <carcassonne/jcz.h>',
           '',
           '#define CHECK(e) _Static_assert(e, #e)']
    for members_ in enums.values():
        for m, v in members_:
            out.append(f'CHECK({m} == {v});')
    for name, v in defines.items():
        out.append(f'CHECK({name} == {v}u);' if v >= 0
                   else f'CHECK({name} == {v});')
    for name in STRUCTS:
        for model in (8, 4):
            size, offs = layout(structs[name], model)
            cond = f'sizeof(void *) != {model} || '
            out.append(f'CHECK({cond}sizeof(struct {name}) == {size});')
            for f, o in offs:
                out.append(f'CHECK({cond}offsetof(struct {name}, {f}) '
                           f'== {o});')
    out += ['', '/* ISO C wants a declaration in every unit. */',
            'int carc_gen_bindings_checked(void);',
            'int carc_gen_bindings_checked(void) { return 1; }']
    return '\n'.join(out) + '\n'


def main(argv):
    if len(argv) != 4 or argv[2] not in ('python', 'js', 'ts', 'c-check'):
        sys.stderr.write(__doc__.split('\n\n')[1] + '\n')
        return 2
    try:
        tables = read_headers(argv[1])
        check_description(*tables)
        if argv[2] == 'ts':
            text = gen_ts(*tables, read_docs(argv[1]))
        else:
            text = {'python': gen_python, 'js': gen_js,
                    'c-check': gen_c_check}[argv[2]](*tables)
    except HeaderError as e:
        sys.stderr.write(f'gen-bindings: {e}\n')
        return 1
    tmp = argv[3] + '.tmp'
    with open(tmp, 'w', encoding='utf-8') as f:
        f.write(text)
    os.replace(tmp, argv[3])
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
