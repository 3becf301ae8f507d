/* SPDX-License-Identifier: MIT */
/*
 * The Phantom (doc/users/rules.md#phantom): every player's second, translucent
 * follower, which has a deployment step of its own after the ordinary
 * one (CARC_PHASE_PHANTOM, doc/contributors/internals.md).  Its listing, check
 * and application are here; the figure itself lives in the players' slot
 * PHANTOM_SLOT and scores as a follower does (scoring.c).
 */
#include "config.h"

#include "carc-private.h"

/* A new game's supply: one phantom per player under the option. */
void
carc__phantom_init(struct carc_game *g, uint32_t player)
{
	g->s.phantom[player] = OPT(g->rules, CARC_OPT_PHANTOM) ? 1 : 0;
}

/* The phantom step begins (carc__phantom_begin()). */
void
carc__phantom_start(struct carc_game *g)
{
	carc__deploy_mask(g);
	g->s.phase = CARC_PHASE_PHANTOM;
}

/* The answer to a phantom offered in the ordinary deployment step. */
int
carc__phantom_in_deploy_step(const struct carc_game *g)
{
	/* the phantom has its own step after this one */
	return OPT(g->rules, CARC_OPT_PHANTOM) ? CARC_E_WRONG_PHASE
					       : CARC_E_NOT_ALLOWED;
}

uint32_t
carc__phantom_list(const struct carc_game *g, carc_move_t *moves, size_t cap)
{
	uint32_t n = 0;

	carc__deploy_tile_moves(g, CARC_FIGURE_PHANTOM, moves, cap, &n);
	emit(moves, cap, &n, MOVE_PASS);
	return n;
}

int
carc__phantom_check(const struct carc_game *g, carc_move_t m,
		    struct place_hint *h)
{
	(void)h;
	if (M_KIND(m) == CARC_MOVE_PASS)
		return CARC_OK;
	if (M_KIND(m) != CARC_MOVE_DEPLOY)
		return CARC_E_WRONG_PHASE;
	if (M_FIGURE(m) != CARC_FIGURE_PHANTOM)
		return CARC_E_WRONG_PHASE;
	return carc__deploy_check_tile(g, m, true);
}

void
carc__phantom_apply(struct carc_game *g, carc_move_t m, uint32_t node,
		    const struct place_hint *h)
{
	(void)h;
	if (M_KIND(m) == CARC_MOVE_DEPLOY) {
		carc__game_put_figure(g, g->s.player, CARC_FIGURE_PHANTOM,
				      node);
		g->s.phantom_now = 1;
	}
	carc__game_end_turn(g);
}
