/* SPDX-License-Identifier: MIT */
/*
 * The placement step (CARC_PHASE_PLACE_TILE, doc/users/rules.md#placement):
 * its listing, check and application (doc/contributors/internals.md).  The
 * listing is the hottest loop of a bot's game and is written for the branch
 * predictor; the board (board.c) does the placing.
 */
#include "config.h"

#include <string.h>

#include "carc-private.h"

/* For a 4-bit set of fitting rotations: the placements in ascending
 * order of rotation, without their position, and how many there are.
 * Rows are 32-byte aligned: the listing ORs them in 16 bytes at a time. */
#define R(r) ((carc_move_t)CARC_MOVE_PLACE | (carc_move_t)(r) << 16)
static _Alignas(32) const carc_move_t rot_seq[16][4] = {
	{ 0 }, { R(0) }, { R(1) }, { R(0), R(1) },
	{ R(2) }, { R(0), R(2) }, { R(1), R(2) }, { R(0), R(1), R(2) },
	{ R(3) }, { R(0), R(3) }, { R(1), R(3) }, { R(0), R(1), R(3) },
	{ R(2), R(3) }, { R(0), R(2), R(3) }, { R(1), R(2), R(3) },
	{ R(0), R(1), R(2), R(3) },
};
#undef R

static const uint8_t rot_count[16] = {
	0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4
};

/* The placements of cells @i to @nf - 1 when fewer than four slots of
 * @moves are left: one at a time, counting those that do not fit. */
static uint32_t
list_rest(const struct fcell *f, const uint8_t *fit, size_t i, size_t nf,
	  carc_move_t *moves, size_t n_moves, uint32_t n)
{
	for (; i < nf; i++) {
		uint32_t rots = fit[f[i].req];
		carc_move_t base;

		if (!rots)
			continue;
		base = CARC_MOVE_PLACE |
		       (carc_move_t)(fcell_key(&f[i]) ^ 0x80008000u) << 32;
		for (uint32_t r = 0; r < 4; r++)
			if (rots & (1u << r))
				emit(moves, n_moves, &n,
				     base | (carc_move_t)r << 16);
	}
	return n;
}

/* Placements of the tile in hand, by (y, x, rotation), from the fit
 * table. */
static inline uint32_t
list_fitting(const struct carc_game *g, carc_move_t *moves, size_t n_moves)
{
	const uint8_t *fit = g->rules->fit[g->s.hand];
	/* local copies: the stores to @moves could alias the game */
	const struct fcell *f = g->frontier;
	/* size_t, not uint32_t: an index of 32 bits is widened again at
	 * every store, an instruction per cell */
	size_t nf = g->s.n_frontier, n = 0, i = 0;

	/*
	 * Whether a tile fits a cell is a coin toss for the branch
	 * predictor, so while four slots are free every cell writes
	 * all four candidate rotations and only the count advances
	 * by the number that fit (documented: entries past the
	 * returned count are unspecified).
	 *
	 * The key is x and y with their sign bits flipped, in the
	 * same places as in a move's high half.
	 */
	while (i < nf && n + 4 <= n_moves) {
		/* cells that surely fit in the buffer, at most 4 moves each */
		size_t end = i + (n_moves - n) / 4;

		if (end > nf)
			end = nf;
		for (; i < end; i++) {
			size_t rots = fit[f[i].req];
			carc_move_t base =
				(carc_move_t)(fcell_key(&f[i]) ^ 0x80008000u)
				<< 32;
#if HAVE_VECTOR_SIZE
			/* the four rotations as two vectors: two ORs and two
			 * stores of 16 bytes instead of four of each */
			carc__v2u64 b = { base, base }, lo, hi;

			memcpy(&lo, &rot_seq[rots][0], sizeof(lo));
			memcpy(&hi, &rot_seq[rots][2], sizeof(hi));
			lo |= b;
			hi |= b;
			memcpy(moves + n, &lo, sizeof(lo));
			memcpy(moves + n + 2, &hi, sizeof(hi));
#else
			for (uint32_t r = 0; r < 4; r++)
				moves[n + r] = rot_seq[rots][r] | base;
#endif
			n += rot_count[rots];
		}
	}
	return list_rest(f, fit, i, nf, moves, n_moves, (uint32_t)n);
}

/* Placements of the tile in hand, by (y, x, rotation). */
uint32_t
carc__place_list(const struct carc_game *g, carc_move_t *moves,
		 size_t n_moves)
{
	if (g->s.river_mode)
		return carc__river_place_list(g, moves, n_moves);
	return list_fitting(g, moves, n_moves);
}

uint32_t
carc__place_list_base(const struct carc_game *g, carc_move_t *moves,
		      size_t n_moves)
{
	return list_fitting(g, moves, n_moves);
}

int
carc__place_check(const struct carc_game *g, carc_move_t m,
		  struct place_hint *h)
{
	if (M_KIND(m) != CARC_MOVE_PLACE)
		return CARC_E_WRONG_PHASE;
	if (g->s.river_mode)
		return carc__river_check(g, m, h);
	return carc__board_check_place(g, M_X(m), M_Y(m), M_ROT(m), g->s.hand,
				       h);
}

int
carc__place_check_base(const struct carc_game *g, carc_move_t m,
		       struct place_hint *h)
{
	if (M_KIND(m) != CARC_MOVE_PLACE)
		return CARC_E_WRONG_PHASE;
	return carc__board_check_place(g, M_X(m), M_Y(m), M_ROT(m), g->s.hand,
				       h);
}

/* The expansions' business with the tile just placed: the river's new
 * open end, the builder's second tile. */
static void
placed_hooks(struct carc_game *g)
{
	const struct placed *p = &g->tiles[g->s.last_tile];

	if (g->ti[p->type].river_rot[0] != 0)
		carc__river_placed(g, g->s.last_tile);
	/* Traders & Builders: the builder's second tile is due? */
	if ((g->ext & EXT_TB) && g->s.builder[g->s.player] != NODE_NONE)
		carc__traders_placed(g);
}

static inline void
place(struct carc_game *g, carc_move_t m, const struct place_hint *h,
      bool hooks)
{
	carc__board_place(g, M_X(m), M_Y(m), M_ROT(m), g->s.hand, h);
	g->s.last_tile = g->s.n_tiles - 1;
	if (hooks && (g->ext & (EXT_RIVER | EXT_TB)))
		placed_hooks(g);
	carc__deploy_mask(g);
	g->s.phase = CARC_PHASE_DEPLOY;
}

void
carc__place_apply(struct carc_game *g, carc_move_t m, uint32_t node,
		  const struct place_hint *h)
{
	(void)node;
	place(g, m, h, true);
}

void
carc__place_apply_base(struct carc_game *g, carc_move_t m, uint32_t node,
		       const struct place_hint *h)
{
	(void)node;
	place(g, m, h, false);
}
