/* SPDX-License-Identifier: MIT */
/*
 * A reference move generator: every legal move at the current decision
 * point of a game, computed the slow and obvious way from the public API
 * and the rules of doc/users/rules.md, without any code of lib/move.c.  The
 * property test tests/robust/test-reference.c compares it with
 * carc_game_legal_moves() move for move.
 */
#ifndef REFERENCE_MOVES_H
#define REFERENCE_MOVES_H

#include <stddef.h>
#include <stdint.h>

#include <carcassonne/carcassonne.h>

/*
 * Write every legal move of @game's current decision point into @moves,
 * in the canonical order of doc/api/moves.md#canonical-order-of-legal-moves.
 *
 * @return the number of moves (0 once the game is over), or -1 when
 *         more than @cap moves are legal or a public query fails.
 */
int ref_legal_moves(const struct carc_game *game, carc_move_t *moves,
		    size_t cap);

/*
 * Figures of any player on the board feature that contains @feature of
 * the tile at (x, y), found by walking the tiles with
 * carc_tile_feature_sides() (doc/users/rules.md#connectivity); @player_counts,
 * if not NULL, receives the count per player (6 entries).
 *
 * @return the number of figures, or -1 when a public query fails.
 */
int ref_feature_figures(const struct carc_game *game, int32_t x, int32_t y,
			uint32_t feature, int *player_counts);

/*
 * Whether the board feature that contains @feature of the tile at (x, y)
 * is complete (doc/users/rules.md#completion), found by the same walk.
 *
 * @return 1, 0, or -1 when a public query fails.
 */
int ref_feature_is_complete(const struct carc_game *game, int32_t x,
			    int32_t y, uint32_t feature);

/*
 * The players who will answer the crop-circle choice @choice made now,
 * in the order doc/users/rules.md#crop-responses gives, at
 * CARC_PHASE_CROP_CHOICE.  Writes them into @players (6 entries).
 *
 * @return how many, or -1 at another decision point.
 */
int ref_crop_responders(const struct carc_game *game, uint32_t choice,
			uint32_t *players);

/*
 * Whether the tile placed last extends a road or city holding @player's
 * builder (doc/users/rules.md#traders-second-tile), by the same walk; to
 * be asked right after the placement, before the part's scoring.
 *
 * @return 1, 0, or -1 when a public query fails.
 */
int ref_builder_extended(const struct carc_game *game, uint32_t player);

/*
 * doc/users/rules.md#river-placement, #river-lake-turn: every river tile
 * on the board lies on the river's course from the spring, and once the
 * lake is on the board the river has no open end.
 *
 * @return 1 when that holds (also without the river), 0 when not, -1
 *         when a public query fails.
 */
int ref_river_check(const struct carc_game *game);

#endif
