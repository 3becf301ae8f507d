/* SPDX-License-Identifier: MIT */
/*
 * The decision points, registered: for every phase of the turn (enum
 * carc_phase) the functions that list, check and apply its moves
 * (struct phase_ops, doc/contributors/internals.md).  carc_game_legal_moves(),
 * carc_game_is_legal() and carc_game_apply() go through this table; an
 * expansion with a decision point of its own adds its phase here.
 */
#include "config.h"

#include "carc-private.h"

/* CARC_PHASE_GAME_OVER: no move. */

static uint32_t
over_list(const struct carc_game *g, carc_move_t *moves, size_t cap)
{
	(void)g;
	(void)moves;
	(void)cap;
	return 0;
}

static int
over_check(const struct carc_game *g, carc_move_t m, struct place_hint *h)
{
	(void)g;
	(void)m;
	(void)h;
	return CARC_E_GAME_OVER;
}

static void
over_apply(struct carc_game *g, carc_move_t m, uint32_t node,
	   const struct place_hint *h)
{
	/* never called: over_check() accepts nothing */
	(void)g;
	(void)m;
	(void)node;
	(void)h;
}

#define OVER { over_list, over_check, over_apply, false }

/* The decision points that are the same in every game. */
#define SHARED_PHASES \
	[0] = OVER,	/* no game is ever in phase 0 */ \
	[CARC_PHASE_PHANTOM] = { \
		carc__phantom_list, carc__phantom_check, carc__phantom_apply, \
		false \
	}, \
	[CARC_PHASE_CROP_CHOICE] = { \
		carc__crop_choice_list, carc__crop_choice_check, \
		carc__crop_choice_apply, false \
	}, \
	[CARC_PHASE_CROP_RESPONSE] = { \
		carc__crop_response_list, carc__crop_response_check, \
		carc__crop_response_apply, true \
	}, \
	[CARC_PHASE_GAME_OVER] = OVER, \
	[CARC_PHASE_SECOND_TILE] = { \
		carc__second_tile_list, carc__second_tile_check, \
		carc__second_tile_apply, false \
	}

const struct phase_ops carc__phases[N_PHASES] = {
	SHARED_PHASES,
	[CARC_PHASE_PLACE_TILE] = {
		carc__place_list, carc__place_check, carc__place_apply, false
	},
	[CARC_PHASE_DEPLOY] = {
		carc__deploy_list, carc__deploy_check, carc__deploy_apply,
		false
	},
};

/* A game whose rules have none of the expansions of carc_game.ext: the
 * placement and deployment steps without their tests of it (set_rules()
 * in game.c chooses the table). */
const struct phase_ops carc__base_phases[N_PHASES] = {
	SHARED_PHASES,
	[CARC_PHASE_PLACE_TILE] = {
		carc__place_list_base, carc__place_check_base,
		carc__place_apply_base, false
	},
	[CARC_PHASE_DEPLOY] = {
		carc__deploy_list_base, carc__deploy_check,
		carc__deploy_apply, false
	},
};
