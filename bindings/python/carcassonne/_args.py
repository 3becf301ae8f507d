# SPDX-License-Identifier: MIT
"""Checking arguments before they cross ctypes.

ctypes converts a Python int to a C integer by truncating it silently
(2**32 + 2 becomes 2) and takes a float for an int in some places, so
every integer is checked here first: a type that is not an integer
raises TypeError, a value outside the C type's range OverflowError.
bool is an int in Python; it is accepted only where the library means
a switch (rule option values)."""

from __future__ import annotations

import operator
from typing import Any


def _int(value: Any, name: str, lo: int, hi: int,
         allow_bool: bool = False) -> int:
    if isinstance(value, bool) and not allow_bool:
        raise TypeError(f'{name} must be an integer, not bool')
    try:
        value = operator.index(value)
    except TypeError:
        raise TypeError(f'{name} must be an integer, not '
                        f'{type(value).__name__}') from None
    if not lo <= value <= hi:
        raise OverflowError(f'{name} {value} is out of range {lo}..{hi}')
    return int(value)


def _u32(value: Any, name: str) -> int:
    """``value`` as a C uint32_t (0..2**32-1), checked."""
    return _int(value, name, 0, 0xffffffff)


def _i32(value: Any, name: str, allow_bool: bool = False) -> int:
    """``value`` as a C int32_t (-2**31..2**31-1), checked."""
    return _int(value, name, -0x80000000, 0x7fffffff, allow_bool)


def _u64(value: Any, name: str) -> int:
    """``value`` as a C uint64_t (0..2**64-1), checked."""
    return _int(value, name, 0, 0xffffffffffffffff)


def _c_int_arg(value: Any, name: str) -> int:
    return _int(value, name, -0x80000000, 0x7fffffff)


def _text(value: Any, name: str) -> bytes:
    """A str argument as NUL-free bytes for the library."""
    if not isinstance(value, str):
        raise TypeError(f'{name} must be a str, not {type(value).__name__}')
    if '\0' in value:
        raise ValueError(f'{name} contains a NUL character')
    return value.encode('utf-8')
