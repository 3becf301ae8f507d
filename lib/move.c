/* SPDX-License-Identifier: MIT */
/*
 * Moves: the frozen 64-bit encoding (doc/api/moves.md), and the public
 * listing and check of moves, which go to the current decision point's
 * operations (phases.c, doc/contributors/internals.md).
 */
#include "config.h"

#include <stdio.h>

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

/* Followers: the figures a crop circle removes. */
static bool
is_follower(uint32_t figure)
{
	return is_follower_kind(figure);
}

/* Figures that stand on a feature (buildings stand on a tile). */
static bool
on_feature(uint32_t figure)
{
	return is_follower(figure) || figure == CARC_FIGURE_BUILDER ||
	       figure == CARC_FIGURE_PIG;
}

CARC_EXPORT carc_move_t
carc_move_deploy(uint32_t figure, int32_t x, int32_t y, uint32_t feature)
{
	if (!coord_ok(x) || !coord_ok(y) || !on_feature(figure) ||
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
carc_move_second_tile(void)
{
	return pack(CARC_MOVE_SECOND_TILE, 0, 0, 0, 0, 0);
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

CARC_EXPORT int
carc_move_describe(carc_move_t move, char *buf, size_t n)
{
	int len = 0;

	if ((!buf && n > 0) || !carc__well_formed(move))
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
	case CARC_MOVE_SECOND_TILE:
		len = snprintf(buf, n, "second-tile");
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

int
carc__check_move(const struct carc_game *g, carc_move_t m,
		 struct place_hint *h)
{
	struct place_hint unused;

	if (!carc__well_formed(m))
		return CARC_E_INVALID;
	return g->phases[g->s.phase].check(g, m, h ? h : &unused);
}

CARC_EXPORT int
carc_game_is_legal(const struct carc_game *game, carc_move_t move)
{
	if (!game)
		return CARC_E_INVALID;
	return carc__check_move(game, move, NULL) >= 0;
}

CARC_EXPORT int
carc_game_legal_moves(const struct carc_game *game, carc_move_t *moves,
		      size_t n_moves)
{
	if (!game || (!moves && n_moves > 0))
		return CARC_E_INVALID;
	return (int)game->phases[game->s.phase].list(game, moves, n_moves);
}
