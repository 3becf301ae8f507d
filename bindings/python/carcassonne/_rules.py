# SPDX-License-Identifier: MIT
"""Rule sets: the Rules class."""

from __future__ import annotations

import ctypes
from typing import Any, Dict, Optional, Tuple, Union

from ._loader import _L
from ._protos import _byref, _c_i32, _vp
from ._constants import E_UNKNOWN_OPTION, OptionType, TILE_TYPES
from ._args import _u32
from ._errors import _check
from ._names import (OPTIONS, _option_number, _option_value, _tile,
                     option_info, option_is_expansion, option_name,
                     option_value_name, tile_name)


# Only code of the package holds this object; Game._wrap and Rules._wrap
# refuse to wrap a handle without it, so no caller can make a Game or
# Rules out of a foreign integer.
_TOKEN = object()


def _own_handle(handle: Any, token: object, what: str) -> ctypes.c_void_p:
    if token is not _TOKEN:
        raise TypeError(f'{what} objects are made by the library only')
    if type(handle) is not _vp or not handle.value:
        raise TypeError(f'{what} handle must be a c_void_p from the library')
    return handle


def _mapping(value: Any, name: str) -> Any:
    if not hasattr(value, 'items'):
        raise TypeError(f'{name} must be a mapping, not '
                        f'{type(value).__name__}')
    return value


class Rules:
    """Immutable rules, built from keyword options and tile counts.

    ``Rules(phantom=True, farm_scoring='per-city', tiles={'E': 1})``.
    Option names are those of game records, with '_' for '-'; values are
    ints, bools or the record's words ('per-city', '3-2-1', 'jcz').
    ``tiles`` maps tile names (or numbers) to stack counts; the key '*'
    sets every type first.

        >>> Rules(phantom=True, farm_scoring='per-city')
        Rules(farm_scoring='per-city', phantom=True)

    Rules are immutable in the library and may be shared by any number of
    games and threads at once, so they need no lock: a Rules object holds
    one library reference, dropped when the object goes away, and every
    game holds a reference of its own.  ``copy.copy`` and
    ``copy.deepcopy`` return the object itself (as for a tuple);
    ``pickle`` stores the option values and tile counts.  Two Rules are
    equal when their options and tile counts are.
    """

    _h: Optional[ctypes.c_void_p] = None

    def __init__(self, options: Optional[Any] = None,
                 tiles: Optional[Any] = None, **kw: Any) -> None:
        if self._h is not None:
            raise TypeError('Rules are immutable; __init__ runs once')
        merged: Dict[Any, Any] = {}
        if options is not None:
            merged.update(_mapping(options, 'options'))
        merged.update(kw)
        tiles = dict(_mapping(tiles, 'tiles')) if tiles is not None else {}
        builder = _vp()
        _check(_L.carc_rules_builder_new(_byref(builder)))
        try:
            for name, value in merged.items():
                number = _option_number(name)
                _check(_L.carc_rules_builder_set(
                    builder, number, _option_value(number, value)),
                    str(name))
            if '*' in tiles:
                count = _u32(tiles.pop('*'), 'tile count')
                for t in range(TILE_TYPES):
                    _check(_L.carc_rules_builder_set_tile_count(
                        builder, t, count))
            for t, count in tiles.items():
                _check(_L.carc_rules_builder_set_tile_count(
                    builder, _tile(t), _u32(count, 'tile count')), str(t))
            handle = _vp()
            _check(_L.carc_rules_builder_build(builder, _byref(handle)))
        finally:
            _L.carc_rules_builder_free(builder)
        self._h = handle

    @classmethod
    def all_expansions(cls, options: Optional[Any] = None,
                       tiles: Optional[Any] = None, **kw: Any) -> Rules:
        """Rules with every expansion of the library switched on (each
        option :func:`option_is_expansion` marks), then ``options``,
        ``tiles`` and keywords as :class:`Rules` takes them.

            >>> Rules.all_expansions()
            Rules(phantom=True, crop_circles_i=True, crop_circles_ii=True,
            little_buildings=True, river=True, inns_cathedrals=True,
            traders_builders=True)
        """
        merged: Dict[Any, Any] = {
            name: 1 for name, number in OPTIONS.items()
            if option_is_expansion(number)}
        if options is not None:
            merged.update(_mapping(options, 'options'))
        merged.update(kw)
        return cls(merged, tiles)

    @classmethod
    def _wrap(cls, handle: Any, token: object) -> Rules:
        """Wrap a rules reference the library gave (private)."""
        self = cls.__new__(cls)
        self._h = _own_handle(handle, token, 'Rules')
        return self

    def __del__(self, _unref: Any = _L.carc_rules_unref) -> None:
        # The ctypes function is bound as a default so that it is still
        # there when module globals are cleared at interpreter exit.
        h, self._h = self._h, None
        if h:
            _unref(h)

    def _live(self) -> ctypes.c_void_p:
        if self._h is None:
            raise ValueError('Rules object was not initialised')
        return self._h

    def __copy__(self) -> Rules:
        return self

    def __deepcopy__(self, memo: Any) -> Rules:
        return self

    def __reduce__(self) -> Tuple[Any, ...]:
        return (Rules, (self.options(), self.tile_counts()))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rules):
            return NotImplemented
        return (self.options() == other.options() and
                self.tile_counts() == other.tile_counts())

    def __hash__(self) -> int:
        return hash((tuple(sorted(self.options().items())),
                     tuple(sorted(self.tile_counts().items()))))

    def __repr__(self) -> str:
        if self._h is None:
            return '<Rules (not initialised)>'
        parts = []
        for number, value in sorted(self.options().items()):
            info = option_info(number)
            if value == info.default:
                continue
            key = option_name(number).replace('-', '_')
            if info.type == OptionType.SWITCH:
                parts.append(f'{key}={bool(value)!r}')
            elif info.type == OptionType.CHOICE:
                parts.append(f'{key}={option_value_name(number, value)!r}')
            else:
                parts.append(f'{key}={value!r}')
        tiles = {tile_name(t): c for t, c in self.tile_counts().items()
                 if c != self.default_tile_count(t)}
        if tiles:
            parts.append(f'tiles={tiles!r}')
        return f'Rules({", ".join(parts)})'

    def get(self, option: Union[int, str]) -> int:
        """The value of an option, given by name ('farm-scoring' or
        'farm_scoring') or number."""
        number = _option_number(option)
        v = _c_i32()
        _check(_L.carc_rules_get(self._live(), number, _byref(v)),
               str(option))
        return v.value

    def options(self) -> Dict[int, int]:
        """Every option's value, as {option number: value}."""
        out: Dict[int, int] = {}
        v = _c_i32()
        number = 1
        while True:
            rc = _L.carc_rules_get(self._live(), number, _byref(v))
            if rc == E_UNKNOWN_OPTION:
                return out
            _check(rc)
            out[number] = v.value
            number += 1

    def tile_count(self, tile: Union[int, str]) -> int:
        """Tiles of a type (name or number) in the draw stack."""
        return _check(_L.carc_rules_tile_count(self._live(), _tile(tile)))

    def default_tile_count(self, tile: Union[int, str]) -> int:
        """Tiles of a type in the stack of rules with the same options
        and no tile count set (a crop-circle tile counts 1 only while its
        set is on)."""
        return _check(_L.carc_rules_default_tile_count(self._live(),
                                                       _tile(tile)))

    def tile_counts(self) -> Dict[int, int]:
        """The stack, as {tile number: count} for every tile type."""
        return {t: self.tile_count(t) for t in range(TILE_TYPES)}
