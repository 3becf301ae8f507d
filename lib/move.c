/* SPDX-License-Identifier: MIT */
/*
 * Moves: the frozen 64-bit encoding (doc/moves.md), validation against
 * the current decision point, and legal-move enumeration.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "carc-private.h"

static bool
coord_ok(int32_t v)
{
	return v >= INT16_MIN && v <= INT16_MAX;
}

CARC_EXPORT carc_move_t
carc_move_place(int32_t x, int32_t y, uint32_t rotation)
{
	if (!coord_ok(x) || !coord_ok(y) || rotation > 3)
		return CARC_MOVE_NONE;
	return pack(CARC_MOVE_PLACE, 0, rotation, 0, x, y);
}

/* Figures that stand on a feature (buildings stand on a tile). */
static bool
is_follower(uint32_t figure)
{
	return figure == CARC_FIGURE_FOLLOWER || figure == CARC_FIGURE_PHANTOM;
}

CARC_EXPORT carc_move_t
carc_move_deploy(uint32_t figure, int32_t x, int32_t y, uint32_t feature)
{
	if (!coord_ok(x) || !coord_ok(y) || !is_follower(figure) ||
	    !carc__feature_name(feature))
		return CARC_MOVE_NONE;
	return pack(CARC_MOVE_DEPLOY, figure, 0, feature, x, y);
}

CARC_EXPORT carc_move_t
carc_move_pass(void)
{
	return pack(CARC_MOVE_PASS, 0, 0, 0, 0, 0);
}

CARC_EXPORT carc_move_t
carc_move_build(uint32_t figure, int32_t x, int32_t y)
{
	if (!coord_ok(x) || !coord_ok(y) || !is_building(figure))
		return CARC_MOVE_NONE;
	return pack(CARC_MOVE_DEPLOY, figure, 0, 0, x, y);
}

CARC_EXPORT carc_move_t
carc_move_crop_choice(uint32_t choice)
{
	if (choice != CARC_CROP_DEPLOY && choice != CARC_CROP_REMOVE)
		return CARC_MOVE_NONE;
	return pack(CARC_MOVE_CROP_CHOICE, choice, 0, 0, 0, 0);
}

CARC_EXPORT carc_move_t
carc_move_remove(uint32_t figure, int32_t x, int32_t y, uint32_t feature)
{
	if (!coord_ok(x) || !coord_ok(y) || !is_follower(figure) ||
	    !carc__feature_name(feature))
		return CARC_MOVE_NONE;
	return pack(CARC_MOVE_REMOVE, figure, 0, feature, x, y);
}

CARC_EXPORT uint32_t
carc_move_kind(carc_move_t move)
{
	return M_KIND(move);
}

CARC_EXPORT int32_t
carc_move_x(carc_move_t move)
{
	return M_X(move);
}

CARC_EXPORT int32_t
carc_move_y(carc_move_t move)
{
	return M_Y(move);
}

CARC_EXPORT uint32_t
carc_move_rotation(carc_move_t move)
{
	return M_ROT(move);
}

CARC_EXPORT uint32_t
carc_move_figure(carc_move_t move)
{
	return M_FIGURE(move);
}

CARC_EXPORT uint32_t
carc_move_feature(carc_move_t move)
{
	return M_FEATURE(move);
}

/* Whether @m is well formed: a known kind, its fields in range and every
 * field its kind does not use zero. */
static bool
well_formed(carc_move_t m)
{
	uint32_t fig = M_FIGURE(m), feat = M_FEATURE(m);

	/* Placements are half of all moves: test them before the switch,
	 * whose jump table the alternating phases would mispredict. */
	if (M_KIND(m) == CARC_MOVE_PLACE)
		return m == pack(CARC_MOVE_PLACE, 0, M_ROT(m), 0, M_X(m),
				 M_Y(m)) && M_ROT(m) <= 3;
	switch (M_KIND(m)) {
	case CARC_MOVE_DEPLOY:
		if (m != pack(CARC_MOVE_DEPLOY, fig, 0, feat, M_X(m), M_Y(m)) ||
		    fig < CARC_FIGURE_FOLLOWER || fig > CARC_FIGURE_SHED)
			return false;
		return is_building(fig) ? feat == 0
					: carc__feature_name(feat) != NULL;
	case CARC_MOVE_PASS:
		return m == pack(CARC_MOVE_PASS, 0, 0, 0, 0, 0);
	case CARC_MOVE_CROP_CHOICE:
		return (fig == CARC_CROP_DEPLOY || fig == CARC_CROP_REMOVE) &&
		       m == pack(CARC_MOVE_CROP_CHOICE, fig, 0, 0, 0, 0);
	case CARC_MOVE_REMOVE:
		return m == pack(CARC_MOVE_REMOVE, fig, 0, feat, M_X(m),
				 M_Y(m)) && is_follower(fig) &&
		       carc__feature_name(feat);
	}
	return false;
}

CARC_EXPORT int
carc_move_describe(carc_move_t move, char *buf, size_t n)
{
	int len = 0;

	if ((!buf && n > 0) || !well_formed(move))
		return CARC_E_INVALID;
	switch (M_KIND(move)) {
	case CARC_MOVE_PLACE:
		len = snprintf(buf, n, "place %d,%d r%u", (int)M_X(move),
			       (int)M_Y(move), (unsigned)M_ROT(move));
		break;
	case CARC_MOVE_DEPLOY:
		if (is_building(M_FIGURE(move)))
			len = snprintf(buf, n, "build %s at %d,%d",
				       carc__figure_name(M_FIGURE(move)),
				       (int)M_X(move), (int)M_Y(move));
		else
			len = snprintf(buf, n, "deploy %s %s at %d,%d",
				       carc__figure_name(M_FIGURE(move)),
				       carc__feature_name(M_FEATURE(move)),
				       (int)M_X(move), (int)M_Y(move));
		break;
	case CARC_MOVE_PASS:
		len = snprintf(buf, n, "pass");
		break;
	case CARC_MOVE_CROP_CHOICE:
		len = snprintf(buf, n, "crop %s",
			       carc__crop_choice_name(M_FIGURE(move)));
		break;
	case CARC_MOVE_REMOVE:
		len = snprintf(buf, n, "remove %s %s at %d,%d",
			       carc__figure_name(M_FIGURE(move)),
			       carc__feature_name(M_FEATURE(move)),
			       (int)M_X(move), (int)M_Y(move));
		break;
	}
	return len < 0 ? CARC_E_INVALID : len;
}

/* A follower or phantom on the tile just placed (steps 2a and 2b). */
static int
check_tile_deploy(const struct carc_game *g, carc_move_t m, bool available)
{
	const struct placed *p = &g->tiles[g->s.last_tile];
	int i;

	if (M_X(m) != p->x || M_Y(m) != p->y)
		return CARC_E_WRONG_TILE;
	i = tile_feat(&g->ti[p->type], M_FEATURE(m));
	if (i < 0)
		return CARC_E_NO_FEATURE;
	if (M_FEATURE(m) >> 4 == CARC_FEATURE_FIELD &&
	    !OPT(g->rules, CARC_OPT_FARMERS))
		return CARC_E_NOT_ALLOWED;
	if (!available)
		return CARC_E_NO_MEEPLE;
	if (!(g->s.deploy_mask & (1u << i)))
		return CARC_E_FEATURE_OCCUPIED;
	return CARC_OK;
}

int
carc__deploy_check_tile(const struct carc_game *g, carc_move_t m,
			bool available)
{
	return check_tile_deploy(g, m, available);
}

static int
check_deploy_step(const struct carc_game *g, carc_move_t m)
{
	uint32_t fig = M_FIGURE(m);

	if (M_KIND(m) == CARC_MOVE_PASS)
		return CARC_OK;
	if (M_KIND(m) != CARC_MOVE_DEPLOY)
		return CARC_E_WRONG_PHASE;
	if (fig == CARC_FIGURE_FOLLOWER)
		return check_tile_deploy(g, m, g->s.supply[g->s.player] > 0);
	if (fig == CARC_FIGURE_PHANTOM)
		return carc__phantom_in_deploy_step(g);
	return carc__buildings_check(g, m);
}

int
carc__check_move(const struct carc_game *g, carc_move_t m,
		 struct place_hint *h)
{
	struct place_hint unused;

	if (!well_formed(m))
		return CARC_E_INVALID;

	/* the two common steps first, as in well_formed() */
	if (g->s.phase == CARC_PHASE_PLACE_TILE) {
		if (M_KIND(m) != CARC_MOVE_PLACE)
			return CARC_E_WRONG_PHASE;
		return carc__board_check_place(g, M_X(m), M_Y(m), M_ROT(m),
					       g->s.hand, h ? h : &unused);
	}
	if (g->s.phase == CARC_PHASE_DEPLOY)
		return check_deploy_step(g, m);
	switch (g->s.phase) {
	case CARC_PHASE_PHANTOM:
		return carc__phantom_check(g, m, NULL);
	case CARC_PHASE_CROP_CHOICE:
		return carc__crop_choice_check(g, m, NULL);
	case CARC_PHASE_CROP_RESPONSE:
		return carc__crop_response_check(g, m, NULL);
	case CARC_PHASE_GAME_OVER:
		return CARC_E_GAME_OVER;
	}
	return CARC_E_WRONG_PHASE;
}

CARC_EXPORT int
carc_game_is_legal(const struct carc_game *game, carc_move_t move)
{
	if (!game)
		return CARC_E_INVALID;
	return carc__check_move(game, move, NULL) >= 0;
}

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

/* Deployments on unoccupied features of the tile just placed. */
static void
emit_tile_deploys(const struct carc_game *g, uint32_t figure,
		  carc_move_t *moves, size_t cap, uint32_t *n)
{
	const struct placed *p = &g->tiles[g->s.last_tile];
	const uint8_t *code = g->ti[p->type].code;
	carc_move_t base = pack(CARC_MOVE_DEPLOY, figure, 0, 0, p->x, p->y);

	for (uint32_t m = g->s.deploy_mask; m; m &= m - 1)
		emit(moves, cap, n,
		     base | (carc_move_t)code[carc__ctz32(m)] << 24);
}

void
carc__deploy_tile_moves(const struct carc_game *g, uint32_t figure,
			carc_move_t *moves, size_t cap, uint32_t *n)
{
	emit_tile_deploys(g, figure, moves, cap, n);
}

/* Placements of the tile in hand, by (y, x, rotation). */
static uint32_t
list_placements(const struct carc_game *g, carc_move_t *moves, size_t n_moves)
{
	const uint8_t *fit = g->fit[g->s.hand];
	/* local copies: the stores to @moves could alias the game */
	const struct fcell *f = g->frontier;
	uint32_t nf = g->s.n_frontier, n = 0, i = 0;

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
		uint32_t end = i + (uint32_t)((n_moves - n) / 4);

		if (end > nf)
			end = nf;
		for (; i < end; i++) {
			uint32_t rots = fit[f[i].req];
			carc_move_t base = (carc_move_t)(f[i].key ^ 0x80008000u)
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
	for (; i < nf; i++) {
		uint32_t rots = fit[f[i].req];
		carc_move_t base;

		if (!rots)
			continue;
		base = CARC_MOVE_PLACE |
		       (carc_move_t)(f[i].key ^ 0x80008000u) << 32;
		for (uint32_t r = 0; r < 4; r++)
			if (rots & (1u << r))
				emit(moves, n_moves, &n,
				     base | (carc_move_t)r << 16);
	}
	return n;
}

CARC_EXPORT int
carc_game_legal_moves(const struct carc_game *game, carc_move_t *moves,
		      size_t n_moves)
{
	const struct carc_game *g = game;
	uint32_t n = 0;

	if (!g || (!moves && n_moves > 0))
		return CARC_E_INVALID;

	if (g->s.phase == CARC_PHASE_PLACE_TILE)
		return (int)list_placements(g, moves, n_moves);
	switch (g->s.phase) {
	case CARC_PHASE_DEPLOY:
		if (g->s.supply[g->s.player] > 0)
			emit_tile_deploys(g, CARC_FIGURE_FOLLOWER, moves,
					  n_moves, &n);
		if (OPT(g->rules, CARC_OPT_LITTLE_BUILDINGS))
			carc__buildings_list(g, moves, n_moves, &n);
		emit(moves, n_moves, &n, MOVE_PASS);
		break;
	case CARC_PHASE_PHANTOM:
		return (int)carc__phantom_list(g, moves, n_moves);
	case CARC_PHASE_CROP_CHOICE:
		return (int)carc__crop_choice_list(g, moves, n_moves);
	case CARC_PHASE_CROP_RESPONSE:
		return (int)carc__crop_response_list(g, moves, n_moves);
	default:
		break;
	}
	return (int)n;
}
