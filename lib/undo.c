/* SPDX-License-Identifier: MIT */
/*
 * Undo: one decision point back, by playing the game again from its start
 * with the same draw order and every move but the last.  A game keeps no
 * log of what each move changed (that would cost every carc_game_apply()
 * and every copy in a search), so going back costs one apply per move
 * played, which is what a person's "undo" or an editor can afford.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "carc-private.h"

CARC_EXPORT int
carc_game_undo(struct carc_game *game)
{
	struct carc_game *g = game, *again;
	uint32_t n, len;
	carc_move_t *moves;
	uint8_t *order;
	int rc = CARC_OK;

	if (!g)
		return CARC_E_INVALID;
	n = g->s.n_history;
	if (n == 0)
		return CARC_E_NOT_FOUND;
	len = g->s.stack_len;
	moves = malloc((size_t)n * sizeof(*moves) + len);
	if (!moves)
		return CARC_E_NOMEM;
	order = (uint8_t *)(moves + n);
	/* the moves, read while the board that names their tiles is there,
	 * and the whole draw order as it stands: drawn tiles (discards
	 * included) in the order they came, then the stack */
	for (uint32_t i = 0; i + 1 < n; i++)
		carc_game_history_at(g, i, &moves[i]);
	memcpy(order, g->stack, len);

	/* replay into a clone, so that the game is untouched on failure */
	if (carc_game_clone(g, &again) < 0) {
		free(moves);
		return CARC_E_NOMEM;
	}
	memset(&again->s, 0, sizeof(again->s));
	memset(again->cells, 0, g->rules->hash_size * sizeof(*again->cells));
	carc__game_start(again, g->s.n_players, order, 0);
	for (uint32_t i = 0; i + 1 < n && rc == CARC_OK; i++)
		rc = carc_game_apply(again, moves[i]);
	/* same rules and layout: the copy cannot fail */
	if (rc == CARC_OK)
		rc = carc_game_copy(g, again);
	carc_game_free(again);
	free(moves);
	return rc < 0 ? rc : CARC_OK;
}
