/* SPDX-License-Identifier: MIT */
/*
 * Moves: the frozen 64-bit encoding (doc/moves.md), validation against
 * the current decision point, and legal-move enumeration.
 */
#include "config.h"

#include <stdio.h>

#include "carc-private.h"

#define M_KIND(m) ((uint32_t)((m) & 0xff))
#define M_FIGURE(m) ((uint32_t)(((m) >> 8) & 0xff))
#define M_ROT(m) ((uint32_t)(((m) >> 16) & 0xff))
#define M_FEATURE(m) ((uint32_t)(((m) >> 24) & 0xff))
#define M_X(m) ((int32_t)(int16_t)(uint16_t)((m) >> 32))
#define M_Y(m) ((int32_t)(int16_t)(uint16_t)((m) >> 48))

static inline carc_move_t
pack(uint32_t kind, uint32_t figure, uint32_t rot, uint32_t feature,
     int32_t x, int32_t y)
{
	return (carc_move_t)kind | (carc_move_t)figure << 8 |
	       (carc_move_t)rot << 16 | (carc_move_t)feature << 24 |
	       (carc_move_t)(uint16_t)x << 32 | (carc_move_t)(uint16_t)y << 48;
}

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

CARC_EXPORT carc_move_t
carc_move_deploy(uint32_t figure, int32_t x, int32_t y, uint32_t feature)
{
	if (!coord_ok(x) || !coord_ok(y) || figure < 1 || figure > 0xff ||
	    !carc_feature_name(feature))
		return CARC_MOVE_NONE;
	return pack(CARC_MOVE_DEPLOY, figure, 0, feature, x, y);
}

CARC_EXPORT carc_move_t
carc_move_pass(void)
{
	return pack(CARC_MOVE_PASS, 0, 0, 0, 0, 0);
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

static const char *
figure_name(uint32_t figure)
{
	switch (figure) {
	case CARC_FIGURE_FOLLOWER: return "follower";
	}
	return NULL;
}

CARC_EXPORT int
carc_move_describe(carc_move_t move, char *buf, size_t n)
{
	int len;

	if (!buf && n > 0)
		return CARC_E_INVALID;
	switch (M_KIND(move)) {
	case CARC_MOVE_PLACE:
		if (move != pack(CARC_MOVE_PLACE, 0, M_ROT(move), 0,
				 M_X(move), M_Y(move)) || M_ROT(move) > 3)
			return CARC_E_INVALID;
		len = snprintf(buf, n, "place %d,%d r%u", (int)M_X(move),
			       (int)M_Y(move), (unsigned)M_ROT(move));
		break;
	case CARC_MOVE_DEPLOY:
		if (move != pack(CARC_MOVE_DEPLOY, M_FIGURE(move), 0,
				 M_FEATURE(move), M_X(move), M_Y(move)) ||
		    !figure_name(M_FIGURE(move)) ||
		    !carc_feature_name(M_FEATURE(move)))
			return CARC_E_INVALID;
		len = snprintf(buf, n, "deploy %s %s at %d,%d",
			       figure_name(M_FIGURE(move)),
			       carc_feature_name(M_FEATURE(move)),
			       (int)M_X(move), (int)M_Y(move));
		break;
	case CARC_MOVE_PASS:
		if (move != carc_move_pass())
			return CARC_E_INVALID;
		len = snprintf(buf, n, "pass");
		break;
	default:
		return CARC_E_INVALID;
	}
	return len < 0 ? CARC_E_INVALID : len;
}

static int
check_deploy(const struct carc_game *g, carc_move_t m)
{
	const struct placed *p = &g->tiles[g->s.last_tile];
	int i;

	if (M_FIGURE(m) != CARC_FIGURE_FOLLOWER)
		return M_FIGURE(m) == 0 ? CARC_E_INVALID : CARC_E_NOT_ALLOWED;
	if (M_X(m) != p->x || M_Y(m) != p->y)
		return CARC_E_WRONG_TILE;
	i = carc__tile_feat_index(p->type, M_FEATURE(m));
	if (i < 0)
		return CARC_E_NO_FEATURE;
	if (carc__tiles[p->type].feats[i].kind == CARC_FEATURE_FIELD &&
	    !OPT(g->rules, CARC_OPT_FARMERS))
		return CARC_E_NOT_ALLOWED;
	if (g->s.supply[g->s.player] == 0)
		return CARC_E_NO_MEEPLE;
	if (!(g->s.deploy_mask & (1u << i)))
		return CARC_E_FEATURE_OCCUPIED;
	return CARC_OK;
}

/* >= 0 if @m is legal now (for a placement, the frontier index of its
 * position), else the specific error. */
int
carc__check_move(const struct carc_game *g, carc_move_t m)
{
	uint32_t kind = M_KIND(m);

	switch (kind) {
	case CARC_MOVE_PLACE:
		if (m != pack(kind, 0, M_ROT(m), 0, M_X(m), M_Y(m)) ||
		    M_ROT(m) > 3)
			return CARC_E_INVALID;
		break;
	case CARC_MOVE_DEPLOY:
		if (m != pack(kind, M_FIGURE(m), 0, M_FEATURE(m), M_X(m),
			      M_Y(m)) || !carc_feature_name(M_FEATURE(m)))
			return CARC_E_INVALID;
		break;
	case CARC_MOVE_PASS:
		if (m != carc_move_pass())
			return CARC_E_INVALID;
		break;
	default:
		return CARC_E_INVALID;
	}
	if (g->s.phase == CARC_PHASE_GAME_OVER)
		return CARC_E_GAME_OVER;

	switch (g->s.phase) {
	case CARC_PHASE_PLACE_TILE: {
		if (kind != CARC_MOVE_PLACE)
			return CARC_E_WRONG_PHASE;
		return carc__board_check_place(g, M_X(m), M_Y(m), M_ROT(m),
					       g->s.hand);
	}
	case CARC_PHASE_DEPLOY:
		if (kind == CARC_MOVE_PASS)
			return CARC_OK;
		if (kind != CARC_MOVE_DEPLOY)
			return CARC_E_WRONG_PHASE;
		return check_deploy(g, m);
	}
	return CARC_E_WRONG_PHASE;
}

CARC_EXPORT int
carc_game_is_legal(const struct carc_game *game, carc_move_t move)
{
	if (!game)
		return CARC_E_INVALID;
	return carc__check_move(game, move) >= 0;
}

/* For a 4-bit set of fitting rotations: the rotations in ascending order
 * as move bits, and how many there are. */
#define R(r) ((carc_move_t)(r) << 16)
static const carc_move_t rot_seq[16][4] = {
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

static inline void
emit(carc_move_t *moves, size_t cap, uint32_t *n, carc_move_t m)
{
	if (*n < cap)
		moves[*n] = m;
	(*n)++;
}

CARC_EXPORT int
carc_game_legal_moves(const struct carc_game *game, carc_move_t *moves,
		      size_t n_moves)
{
	const struct carc_game *g = game;
	uint32_t n = 0;

	if (!g || (!moves && n_moves > 0))
		return CARC_E_INVALID;

	switch (g->s.phase) {
	case CARC_PHASE_PLACE_TILE: {
		const uint8_t *fit = g->rules->fit[g->s.hand];
		uint32_t i = 0;

		/*
		 * Whether a tile fits a cell is a coin toss for the branch
		 * predictor, so while four slots are free every cell writes
		 * all four candidate rotations and only the count advances
		 * by the number that fit (documented: entries past the
		 * returned count are unspecified).
		 */
		/* the key is x and y with their sign bits flipped, in the
		 * same places as in a move's high half */
		for (; i < g->s.n_frontier && n + 4 <= n_moves; i++) {
			const struct fcell *c = &g->frontier[i];
			uint32_t rots = fit[c->req];
			carc_move_t base = CARC_MOVE_PLACE |
				(carc_move_t)(c->key ^ 0x80008000u) << 32;
			carc_move_t *o = moves + n;

			o[0] = base | rot_seq[rots][0];
			o[1] = base | rot_seq[rots][1];
			o[2] = base | rot_seq[rots][2];
			o[3] = base | rot_seq[rots][3];
			n += rot_count[rots];
		}
		for (; i < g->s.n_frontier; i++) {
			const struct fcell *c = &g->frontier[i];
			uint32_t rots = fit[c->req];
			carc_move_t base;

			if (!rots)
				continue;
			base = CARC_MOVE_PLACE |
			       (carc_move_t)(c->key ^ 0x80008000u) << 32;
			if (rots & 1)
				emit(moves, n_moves, &n, base);
			if (rots & 2)
				emit(moves, n_moves, &n, base | 1ull << 16);
			if (rots & 4)
				emit(moves, n_moves, &n, base | 2ull << 16);
			if (rots & 8)
				emit(moves, n_moves, &n, base | 3ull << 16);
		}
		break;
	}
	case CARC_PHASE_DEPLOY: {
		const struct placed *p = &g->tiles[g->s.last_tile];
		const struct tile_def *d = &carc__tiles[p->type];
		if (g->s.supply[g->s.player] > 0)
			for (uint32_t i = 0; i < d->n_feats; i++)
				if (g->s.deploy_mask & (1u << i))
					emit(moves, n_moves, &n,
					     pack(CARC_MOVE_DEPLOY,
						  CARC_FIGURE_FOLLOWER, 0,
						  (uint32_t)d->feats[i].kind << 4 |
							  d->feats[i].num,
						  p->x, p->y));
		emit(moves, n_moves, &n, carc_move_pass());
		break;
	}
	default:
		break;
	}
	return (int)n;
}
