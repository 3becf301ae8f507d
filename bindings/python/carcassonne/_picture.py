# SPDX-License-Identifier: MIT
"""The picture of a game: Game.svg() and the notebook's picture
(<carcassonne/carcassonne.h>'s carc_game_render_svg())."""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, Any, Optional, Sequence, Tuple, Union

from ._loader import _L
from ._constants import RenderFlag, _RENDER_COLOUR, _RenderOptions
from ._args import _i32, _int, _u32
from ._errors import _check
from ._names import _feature


class _Picture:
    """The picture methods of :class:`Game` (a base class of it)."""

    if TYPE_CHECKING:
        _lock: Any

        def _live(self) -> ctypes.c_void_p: ...

    def svg(self, *, tile_size: int = 0, legend: bool = True,
            scores: bool = True, labels: bool = True,
            last_move: bool = False, placements: bool = False,
            highlight: Optional[Tuple[int, int, Union[int, str]]] = None,
            colours: Optional[Sequence[Optional[int]]] = None) -> str:
        """The game as an SVG document (carc_game_render_svg()).

        ``tile_size`` is pixels per tile (16..512; 0 for 100);
        ``legend``, ``scores`` and ``labels`` switch those parts off;
        ``last_move`` outlines the tile placed last; ``placements`` marks
        where the tile in hand fits; ``highlight=(x, y, feature)`` shows
        the board-level feature of that tile; ``colours`` gives players
        colours as 0xRRGGBB (None or a missing entry keeps the default).
        """
        o = _RenderOptions()
        o.size = ctypes.sizeof(_RenderOptions)
        o.tile_size = _u32(tile_size, 'tile_size')
        flags = 0
        for on, flag in ((not legend, RenderFlag.NO_LEGEND),
                         (not scores, RenderFlag.NO_SCORES),
                         (not labels, RenderFlag.NO_LABELS),
                         (last_move, RenderFlag.LAST_MOVE),
                         (placements, RenderFlag.PLACEMENTS)):
            if on:
                flags |= flag
        if highlight is not None:
            if not isinstance(highlight, tuple) or len(highlight) != 3:
                raise TypeError('highlight must be a tuple (x, y, feature)')
            o.feature_x = _i32(highlight[0], 'x')
            o.feature_y = _i32(highlight[1], 'y')
            o.feature_id = _feature(highlight[2])
            flags |= RenderFlag.FEATURE
        o.flags = flags
        if colours is not None:
            colours = list(colours)
            if len(colours) > 6:
                raise ValueError('at most 6 player colours')
            for i, c in enumerate(colours):
                if c is not None:
                    o.colours[i] = _RENDER_COLOUR | _int(c, 'colour', 0,
                                                    0xffffff)
        return self._render(ctypes.byref(o))

    def _render(self, options: Any) -> str:
        with self._lock:
            h = self._live()
            n = _check(_L.carc_game_render_svg(h, options, None, 0))
            buf = ctypes.create_string_buffer(n + 1)
            _check(_L.carc_game_render_svg(h, options, buf, n + 1))
        return str(buf.value.decode('utf-8'))

    def _repr_svg_(self) -> str:
        """The board as an SVG picture (carc_game_render_svg() with its
        defaults), so that a notebook shows the game by itself."""
        return self._render(None)
