# SPDX-License-Identifier: MIT
"""JCloisterZone saved games: Game.to_jcz() and Game.from_jcz()
(<carcassonne/jcz.h>)."""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, Any, Union

from ._loader import _L
from ._protos import _byref, _c_u32, _vp
from ._constants import E_NOT_ALLOWED, OptionType
from ._errors import JczError, _check, _error
from ._names import option_info, option_name, option_value_name
from ._moves import _record_bytes
from ._rules import Rules, _TOKEN

if TYPE_CHECKING:
    from ._game import Game


class _Jcz:
    """The JCloisterZone methods of :class:`Game` (a base class of it)."""

    if TYPE_CHECKING:
        _lock: Any

        def _live(self) -> ctypes.c_void_p: ...

        def rules(self) -> Rules: ...

        def players(self) -> int: ...

    def to_jcz(self) -> str:
        """The game as a JCloisterZone saved game (.jcz, JSON text; see
        doc/users/jcz.md).  Raises CarcassonneError (NOT_ALLOWED) when its rules
        have an option JCloisterZone does not play."""
        with self._lock:
            h = self._live()
            n = _L.carc_jcz_export(h, None, 0)
            if n == E_NOT_ALLOWED:
                raise _error(n, self._jcz_refusal())
            _check(n)
            buf = ctypes.create_string_buffer(n + 1)
            _check(_L.carc_jcz_export(h, buf, n + 1))
        return str(buf.value.decode('utf-8'))

    def _jcz_refusal(self) -> str:
        # Which rule JCZ does not play, asked of the library's own check:
        # the one-option changes (back to the default, or to another
        # word of a switch or choice) that make a new game of these rules
        # exportable.
        from . import _game     # it imports this module
        # the library's reason: the option, stack or move
        why = ctypes.create_string_buffer(256)
        _L.carc_jcz_export_check(self._live(), why, 256)
        reason = why.value.decode('utf-8')
        values = self.rules().options()
        found = []
        for number, value in values.items():
            info = option_info(number)
            tries = [info.default] if info.type == OptionType.NUMBER \
                else range(info.min, info.max + 1)
            for other in tries:
                if other == value:
                    continue
                changed = dict(values)
                changed[number] = other
                probe = _game.Game(Rules({option_name(n): v
                                    for n, v in changed.items()}),
                             self.players(), 0)
                try:
                    rc = _L.carc_jcz_export(probe._live(), None, 0)
                finally:
                    probe.close()
                if rc >= 0:
                    word = (str(other) if info.type == OptionType.NUMBER
                            else option_value_name(number, other))
                    found.append(f'{option_name(number)} {word}')
        if found:
            return (f'JCloisterZone does not play these rules; it would '
                    f'with {" or ".join(found)} ({reason}; '
                    f'doc/users/jcz.md)')
        if reason:
            return f'{reason} (doc/users/jcz.md)'
        return ('JCloisterZone does not play these rules or a move of '
                'this game (doc/users/jcz.md)')

    @classmethod
    def from_jcz(cls, text: Union[str, bytes, bytearray, memoryview]) -> Game:
        """Replay a JCloisterZone saved game (str or bytes); raises
        JczError (a RecordError: line, column, and a reason that names
        the replay entry at fault) for one that does not load."""
        if isinstance(text, str):
            data = _record_bytes(text, JczError)
        elif isinstance(text, (bytes, bytearray, memoryview)):
            data = bytes(text)
        else:
            raise TypeError(f'a .jcz document is str or bytes, not '
                            f'{type(text).__name__}')
        h = _vp()
        line, col = _c_u32(), _c_u32()
        msg = ctypes.create_string_buffer(512)
        from . import _game     # it imports this module
        rc = _L.carc_jcz_import(data, len(data), _byref(h), _byref(line),
                                _byref(col), msg, len(msg))
        if rc < 0:
            raise JczError(rc, line.value, col.value,
                           msg.value.decode(errors='replace'))
        return _game.Game._wrap(h, _TOKEN)
