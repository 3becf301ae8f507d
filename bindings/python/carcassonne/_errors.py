# SPDX-License-Identifier: MIT
"""The exceptions and the status code -> exception mapping."""

from __future__ import annotations

from typing import Any, Optional, Tuple

from ._loader import _L
from ._constants import ErrorCode, _ARGUMENT_ERRORS
from ._args import _c_int_arg


class CarcassonneError(Exception):
    """A failed library call.  ``code`` is the negative CARC_E_* value
    (an :class:`ErrorCode` when the library knows it) and the message is
    ``carc_strerror(code)``, after the detail when one is given."""

    code: int
    detail: Optional[str]

    def __init__(self, code: int, detail: Optional[str] = None) -> None:
        self.code = _error_code(code)
        self.detail = detail
        text = strerror(code)
        super().__init__(f'{detail}: {text}' if detail else text)

    def __reduce__(self) -> Tuple[Any, ...]:
        # pickle (and so multiprocessing) rebuilds it from its arguments
        return (type(self), (int(self.code), self.detail))


#: The name of :class:`CarcassonneError` in 0.1 and 0.2.
CarcError = CarcassonneError


class InvalidArgumentError(CarcassonneError, ValueError):
    """The library refused an argument's value: an unknown tile, option,
    feature or name, a position without a tile, a value out of the
    library's range (E_INVALID, E_UNKNOWN_TILE, E_UNKNOWN_OPTION,
    E_NO_FEATURE, E_NOT_FOUND).  Also a ValueError."""


class IllegalMoveError(CarcassonneError, ValueError):
    """A move the game refused (the game is unchanged).  ``move`` is the
    move (a :class:`Move` when it is well-formed, else the int given),
    ``code`` says why: E_WRONG_PHASE for a move of another decision
    point, E_GAME_OVER, E_EDGE_MISMATCH, E_INVALID for a malformed
    value, ...  ``reason`` is the refusal in words when known
    (:meth:`Game.explain_refusal`: the error, then the rule or option
    that forbids the move), and the message ends with it; else ''.
    Also a ValueError."""

    move: int
    reason: str

    def __init__(self, code: int, move: int, reason: str = '') -> None:
        self.move = move
        self.reason = reason
        from ._moves import describe_or_hex   # _moves imports this module
        super().__init__(code, describe_or_hex(move))
        if reason:
            self.args = (f'{self.detail}: {reason}',)

    def __reduce__(self) -> Tuple[Any, ...]:
        return (type(self), (int(self.code), self.move, self.reason))


class RecordError(CarcassonneError, ValueError):
    """A game record that does not load: ``line``, ``column`` (1-based;
    0 when no single word is at fault) and the loader's ``reason``.  Also
    a ValueError."""

    line: int
    column: int
    reason: str

    def __init__(self, code: int, line: int, column: int,
                 reason: str) -> None:
        self.line = line
        self.column = column
        self.reason = reason
        Exception.__init__(self, f'{line}:{column}: {reason}')
        self.code = _error_code(code)
        self.detail = None

    def __reduce__(self) -> Tuple[Any, ...]:
        return (type(self), (int(self.code), self.line, self.column,
                             self.reason))


class JczError(RecordError):
    """A JCloisterZone saved game that does not load (Game.from_jcz):
    ``line`` of the JSON text, ``column`` (of a JSON syntax error, else
    0) and the ``reason``, which names a replay entry at fault
    ("replay[12] DEPLOY_MEEPLE: ...")."""


def _error_code(code: int) -> int:
    try:
        return ErrorCode(code)
    except ValueError:
        return code


def _error(rc: int, detail: Optional[str] = None) -> CarcassonneError:
    if rc in _ARGUMENT_ERRORS:
        return InvalidArgumentError(rc, detail)
    return CarcassonneError(rc, detail)


def _check(rc: int, detail: Optional[str] = None) -> int:
    """``rc`` when it is >= 0; else raise the exception of the status
    (InvalidArgumentError for argument errors, else CarcassonneError)."""
    if rc < 0:
        raise _error(rc, detail)
    return rc


def strerror(code: int) -> str:
    """The library's English text for a status code, e.g. -16 ->
    'malformed record'."""
    return str(_L.carc_strerror(_c_int_arg(code, 'code')).decode())
