# SPDX-License-Identifier: MIT
"""The C prototypes of the functions the package calls: ctypes
checks every argument and converts every result by them."""

from __future__ import annotations

import ctypes
from typing import Any

from ._loader import _L


_c_int, _c_u32, _c_i32, _c_u64 = (ctypes.c_int, ctypes.c_uint32,
                                  ctypes.c_int32, ctypes.c_uint64)
_size, _cp, _vp = ctypes.c_size_t, ctypes.c_char_p, ctypes.c_void_p
_P = ctypes.POINTER
_byref = ctypes.byref


def _proto(name: str, restype: Any, *argtypes: Any) -> Any:
    """Declare the C function ``name`` of the library (its result and
    argument types) and return it; for the package's own modules."""
    f = getattr(_L, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


_proto('carc_version_string', _cp)
_proto('carc_version_number', _c_u32)
_proto('carc_strerror', _cp, _c_int)
_proto('carc_tile_name', _cp, _c_u32)
_proto('carc_tile_from_name', _c_int, _cp)
_proto('carc_tile_edge', _c_int, _c_u32, _c_u32, _c_u32)
_proto('carc_tile_features', _c_int, _c_u32, _P(_c_u32), _size)
_proto('carc_tile_feature_sides', _c_int, _c_u32, _c_u32, _c_u32)
_proto('carc_tile_feature_pennants', _c_int, _c_u32, _c_u32)
_proto('carc_tile_field_cities', _c_int, _c_u32, _c_u32)
_proto('carc_tile_feature_flags', _c_int, _c_u32, _c_u32)
_proto('carc_tile_symbol', _c_int, _c_u32)
_proto('carc_tile_feature_goods', _c_int, _c_u32, _c_u32)
_proto('carc_tile_feature_point', _c_int, _c_u32, _c_u32, _c_u32,
       _P(_c_i32), _P(_c_i32))
_proto('carc_tile_feature_shape', _c_int, _c_u32, _c_u32, _c_u32,
       _P(_c_i32), _size)
_proto('carc_tile_symbol_area', _c_int, _c_u32, _c_u32, _P(_c_i32),
       _P(_c_i32), _P(_c_i32))
_proto('carc_feature_name', _cp, _c_u32)
_proto('carc_feature_from_name', _c_int, _cp)
_proto('carc_rules_builder_new', _c_int, _P(_vp))
_proto('carc_rules_builder_set', _c_int, _vp, _c_u32, _c_i32)
_proto('carc_rules_builder_set_tile_count', _c_int, _vp, _c_u32, _c_u32)
_proto('carc_rules_builder_build', _c_int, _vp, _P(_vp))
_proto('carc_rules_builder_free', None, _vp)
_proto('carc_rules_ref', _vp, _vp)
_proto('carc_rules_unref', None, _vp)
_proto('carc_rules_get', _c_int, _vp, _c_u32, _P(_c_i32))
_proto('carc_rules_tile_count', _c_int, _vp, _c_u32)
_proto('carc_rules_default_tile_count', _c_int, _vp, _c_u32)
_proto('carc_option_name', _cp, _c_u32)
_proto('carc_option_from_name', _c_int, _cp)
_proto('carc_option_info', _c_int, _c_u32, _P(_c_i32), _P(_c_i32),
       _P(_c_i32))
_proto('carc_option_value_name', _cp, _c_u32, _c_i32)
_proto('carc_option_value_from_name', _c_int, _c_u32, _cp, _P(_c_i32))
_proto('carc_option_is_expansion', _c_int, _c_u32)
_proto('carc_option_explain', _c_int, _cp, _cp, _cp, _size)
_proto('carc_figure_name', _cp, _c_u32)
_proto('carc_figure_from_name', _c_int, _cp)
_proto('carc_feature_kind_name', _cp, _c_u32)
_proto('carc_feature_kind_from_name', _c_int, _cp)
_proto('carc_phase_name', _cp, _c_u32)
_proto('carc_phase_from_name', _c_int, _cp)
_proto('carc_move_parse', _c_int, _cp, _P(_c_u64))
_proto('carc_game_new', _c_int, _vp, _c_u32, _c_u64, _P(_vp))
_proto('carc_game_clone', _c_int, _vp, _P(_vp))
_proto('carc_game_copy', _c_int, _vp, _vp)
_proto('carc_game_free', None, _vp)
_proto('carc_game_memory_size', _c_int, _vp)
_proto('carc_game_rules', _vp, _vp)
_proto('carc_game_player_count', _c_int, _vp)
_proto('carc_game_phase', _c_int, _vp)
_proto('carc_game_is_over', _c_int, _vp)
_proto('carc_game_current_player', _c_int, _vp)
_proto('carc_game_current_tile', _c_int, _vp)
_proto('carc_game_legal_moves', _c_int, _vp, _P(_c_u64), _size)
_proto('carc_game_legal_moves_max', _c_int, _vp)
_proto('carc_game_is_legal', _c_int, _vp, _c_u64)
_proto('carc_game_apply', _c_int, _vp, _c_u64)
_proto('carc_game_score', _c_int, _vp, _c_u32)
_proto('carc_game_supply', _c_int, _vp, _c_u32, _c_u32)
_proto('carc_game_goods', _c_int, _vp, _c_u32, _c_u32)
_proto('carc_game_hash', _c_u64, _vp)
_proto('carc_game_remaining', _c_int, _vp, _c_u32)
_proto('carc_game_remaining_total', _c_int, _vp)
_proto('carc_game_set_draw_order', _c_int, _vp, _P(_c_u32), _size)
_proto('carc_game_set_stack_order', _c_int, _vp, _P(_c_u32), _size)
_proto('carc_game_set_next_tile', _c_int, _vp, _c_u32)
_proto('carc_game_shuffle_stack', _c_int, _vp, _c_u64)
_proto('carc_game_sort_stack', _c_int, _vp)
_proto('carc_game_draw_counts', _c_int, _vp, _P(_c_u32), _size)
_proto('carc_game_reset', _c_int, _vp, _c_u64)
_proto('carc_game_discard_count', _c_int, _vp)
_proto('carc_game_discard_at', _c_int, _vp, _c_u32)
_proto('carc_game_draw_order', _c_int, _vp, _P(_c_u32), _size)
_proto('carc_game_drawn_count', _c_int, _vp)
_proto('carc_game_history_count', _c_int, _vp)
_proto('carc_game_history_at', _c_int, _vp, _c_u32, _P(_c_u64))
_proto('carc_game_undo', _c_int, _vp)
_proto('carc_game_tile_count', _c_int, _vp)
_proto('carc_game_tile_at', _c_int, _vp, _c_u32, _P(_c_i32), _P(_c_i32),
       _P(_c_u32), _P(_c_u32))
_proto('carc_game_tile_find', _c_int, _vp, _c_i32, _c_i32)
_proto('carc_game_figure_count', _c_int, _vp)
_proto('carc_game_figure_at', _c_int, _vp, _c_u32, _P(_c_u32), _P(_c_u32),
       _P(_c_i32), _P(_c_i32), _P(_c_u32))
_proto('carc_game_building_count', _c_int, _vp)
_proto('carc_game_building_at', _c_int, _vp, _c_u32, _P(_c_i32), _P(_c_i32),
       _P(_c_u32))
_proto('carc_game_crop_action', _c_int, _vp)
_proto('carc_game_turn_part', _c_int, _vp)
_proto('carc_game_feature_is_complete', _c_int, _vp, _c_i32, _c_i32,
       _c_u32)
_proto('carc_game_feature_figures', _c_int, _vp, _c_i32, _c_i32, _c_u32,
       _c_u32)
_proto('carc_game_bounds', _c_int, _vp, _P(_c_i32), _P(_c_i32), _P(_c_i32),
       _P(_c_i32))
_proto('carc_game_feature_get', _c_int, _vp, _c_i32, _c_i32, _c_u32, _c_u32,
       _P(_c_i32))
_proto('carc_game_feature_piece_at', _c_int, _vp, _c_i32, _c_i32, _c_u32,
       _c_u32, _P(_c_i32), _P(_c_i32), _P(_c_u32))
_proto('carc_game_feature_city_at', _c_int, _vp, _c_i32, _c_i32, _c_u32,
       _c_u32, _P(_c_i32), _P(_c_i32), _P(_c_u32))
_proto('carc_game_event_count', _c_int, _vp)
_proto('carc_game_event_get', _c_int, _vp, _c_u32, _c_u32, _P(_c_i32))
_proto('carc_game_save', _c_int, _vp, _cp, _size)
_proto('carc_game_load', _c_int, _cp, _size, _P(_vp), _P(_c_u32), _P(_c_u32),
       _cp, _size)
_proto('carc_game_render_svg', _c_int, _vp, _vp, _vp, _size)
_proto('carc_render_default_colour', _c_int, _c_u32,
       ctypes.POINTER(ctypes.c_uint32), _cp, _size)
# the words (since 0.5)
_proto('carc_tile_describe_feature', _c_int, _c_u32, _c_u32, _c_u32, _cp,
       _size)
_proto('carc_game_describe_feature', _c_int, _vp, _c_i32, _c_i32, _c_u32,
       _cp, _size)
_proto('carc_game_explain_move', _c_int, _vp, _c_u64, _cp, _size)
_proto('carc_game_explain_refusal', _c_int, _vp, _c_u64, _cp, _size)
_proto('carc_game_describe_event', _c_int, _vp, _c_u32, _cp, _size)
# <carcassonne/jcz.h>: JCloisterZone saved games (since 0.4)
_proto('carc_jcz_import', _c_int, _cp, _size, _P(_vp), _P(_c_u32), _P(_c_u32),
       _cp, _size)
_proto('carc_jcz_export', _c_int, _vp, _cp, _size)
_proto('carc_jcz_export_check', _c_int, _vp, _cp, _size)
_proto('carc_move_place', _c_u64, _c_i32, _c_i32, _c_u32)
_proto('carc_move_deploy', _c_u64, _c_u32, _c_i32, _c_i32, _c_u32)
_proto('carc_move_build', _c_u64, _c_u32, _c_i32, _c_i32)
_proto('carc_move_pass', _c_u64)
_proto('carc_move_second_tile', _c_u64)
_proto('carc_move_crop_choice', _c_u64, _c_u32)
_proto('carc_move_remove', _c_u64, _c_u32, _c_i32, _c_i32, _c_u32)
_proto('carc_move_kind', _c_u32, _c_u64)
_proto('carc_move_x', _c_i32, _c_u64)
_proto('carc_move_y', _c_i32, _c_u64)
_proto('carc_move_rotation', _c_u32, _c_u64)
_proto('carc_move_figure', _c_u32, _c_u64)
_proto('carc_move_feature', _c_u32, _c_u64)
_proto('carc_move_describe', _c_int, _c_u64, _cp, _size)
