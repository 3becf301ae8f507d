/* SPDX-License-Identifier: MIT */
/*
 * Little Buildings (doc/users/rules.md#little-buildings): tower, house and shed
 * tokens built on the tile just placed instead of deploying a follower,
 * worth points to whoever scores a feature through the tile (or the
 * monastery area or farm around it).  The deployment step (deploy.c)
 * lists, checks and applies building moves through the hooks here;
 * scoring (scoring.c) asks the tokens' values.
 */
#include "config.h"

#include "carc-private.h"

/* A new game's tokens for @player (doc/users/rules.md#lb-distribution): the
 * 18 tokens shared out evenly, the rest to the box; kinds counted apart
 * under 3/2/1 and JCZ's distribution (6 of each kind shared evenly). */
void
carc__buildings_init(struct carc_game *g, uint32_t player)
{
	uint32_t n_players = g->s.n_players;

	if (!OPT(g->rules, CARC_OPT_LITTLE_BUILDINGS))
		return;
	if (bslot(g, CARC_FIGURE_TOWER) == 0) {
		g->s.bsupply[player][0] = (uint8_t)(18 / n_players);
	} else {
		for (uint32_t k = 1; k <= 3; k++)
			g->s.bsupply[player][k] = (uint8_t)(6 / n_players);
	}
}

/* Buildings in the 3x3 area of a monastery on placed tile @tile
 * (doc/users/rules.md#lb-tiles). */
uint32_t
carc__buildings_around(const struct carc_game *g, uint32_t tile)
{
	const struct placed *p = &g->tiles[tile];
	uint32_t b = 0;

	if (!OPT(g->rules, CARC_OPT_LITTLE_BUILDINGS))
		return 0;
	for (int j = -1; j <= 1; j++)
		for (int i = -1; i <= 1; i++) {
			int k = carc__board_lookup(g, p->x + i, p->y + j);
			if (k >= 0)
				b += carc__building_value(g,
							  g->tiles[k].building);
		}
	return b;
}

/* The deployment step's building moves: one per kind in the active
 * player's supply, on the tile just placed. */
void
carc__buildings_list(const struct carc_game *g, carc_move_t *moves,
		     size_t cap, uint32_t *n)
{
	const struct placed *p = &g->tiles[g->s.last_tile];
	const uint8_t *supply = g->s.bsupply[g->s.player];
	carc_move_t base = pack(CARC_MOVE_DEPLOY, 0, 0, 0, p->x, p->y);
	/* bslot(), once for the three kinds */
	uint32_t shared = bslot(g, CARC_FIGURE_TOWER) == 0;

	for (uint32_t f = CARC_FIGURE_TOWER; f <= CARC_FIGURE_SHED; f++)
		if (supply[shared ? 0 : f - CARC_FIGURE_TOWER + 1])
			emit(moves, cap, n, base | (carc_move_t)f << 8);
}

/* The check of a building move @m in the deployment step. */
int
carc__buildings_check(const struct carc_game *g, carc_move_t m)
{
	const struct placed *p = &g->tiles[g->s.last_tile];

	if (!OPT(g->rules, CARC_OPT_LITTLE_BUILDINGS))
		return CARC_E_NOT_ALLOWED;
	if (M_X(m) != p->x || M_Y(m) != p->y)
		return CARC_E_WRONG_TILE;
	if (g->s.bsupply[g->s.player][bslot(g, M_FIGURE(m))] == 0)
		return CARC_E_NO_MEEPLE;
	return CARC_OK;
}

/* Build @figure on the tile just placed. */
void
carc__buildings_apply(struct carc_game *g, uint32_t figure)
{
	struct placed *p = &g->tiles[g->s.last_tile];

	p->building = figure & 7;
	g->s.bsupply[g->s.player][bslot(g, figure)]--;
	g->s.hash_board += carc__mix(0x4255000000000000ull ^
				     (uint64_t)pos_key(p->x, p->y) << 8 ^
				     figure);
}
