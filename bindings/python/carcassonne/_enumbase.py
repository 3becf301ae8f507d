# SPDX-License-Identifier: MIT
"""Base classes of the generated enums of carcassonne._abi: members that
have a name in the library's names API (``word``, ``from_word``)."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Type, TypeVar

if TYPE_CHECKING:
    from ._abi import FeatureKind

_E = TypeVar('_E', bound='_Named')


class _Named(enum.IntEnum):
    """An enum whose members have names in the library's names API."""

    @property
    def word(self) -> str:
        """The library's name of the member, as game records and move
        descriptions write it (e.g. 'place-tile', 'per-city', 'c1')."""
        from ._names import _WORD_OF
        return _WORD_OF[type(self)](int(self))

    @classmethod
    def from_word(cls: Type[_E], word: str) -> _E:
        """The member the library's name ``word`` names;
        InvalidArgumentError for an unknown word."""
        from ._names import _FROM_WORD
        return cls(_FROM_WORD[cls](word))


class _FeatureNamed(_Named):
    """A feature id: kind * 16 + number."""

    @property
    def kind(self) -> FeatureKind:
        """The kind of the feature (its high nibble)."""
        from ._abi import FeatureKind
        return FeatureKind(int(self) >> 4)
