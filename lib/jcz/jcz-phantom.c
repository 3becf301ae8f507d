/* SPDX-License-Identifier: MIT */
/*
 * The Phantom in JCZ saved games (jcz-private.h), and the steps of a turn
 * that JCZ leaves out of its replay.
 *
 * JCZ's phantom is an ordinary DEPLOY_MEEPLE with the meeple id
 * "PLAYER.phantom.1".  Two differences from the engine's turn
 * (doc/rules.md#phantom):
 *
 * - JCZ offers the phantom in the ordinary action phase too, as an
 *   alternative to a follower; the engine offers it only in its own step
 *   after the deployment step.  A phantom put down in JCZ's action phase
 *   is the engine's pass in the deployment step, then the phantom in the
 *   phantom step: the same position (JCZ then skips its phantom phase,
 *   the phantom being on the board).
 * - JCZ skips a phase that offers nothing: its action phase when the
 *   player can put down no follower, no phantom and no building, its
 *   phantom phase when the phantom has nowhere to go.  The engine stops
 *   at both with pass as the only move.  carc__jcz_step_skipped() tells the two
 *   apart: the importer plays the pass for JCZ, the exporter writes no
 *   PASS for it.
 */
#include <stdio.h>
#include <string.h>

#include "jcz-private.h"

/* Legal moves at a deployment or phantom step: 13 at most
 * (carc_game_legal_moves_max()). */
#define STEP_MOVES 16

static int
count_moves(const struct carc_game *game)
{
	carc_move_t moves[STEP_MOVES];
	int n = carc_game_legal_moves_max(game);

	if (n < 0 || n > STEP_MOVES)
		return n < 0 ? n : STEP_MOVES + 1;
	return carc_game_legal_moves(game, moves, STEP_MOVES);
}

/* Whether the phantom of the player to move could go on the tile just
 * placed, were he to pass the deployment step. */
static bool
phantom_has_place(const struct carc_game *game)
{
	struct carc_game *g = NULL;
	int32_t phantom = 0;
	int player = carc_game_current_player(game);
	bool found = false;

	if (carc_rules_get(carc_game_rules(game), CARC_OPT_PHANTOM, &phantom) <
		    0 ||
	    !phantom || player < 0 ||
	    carc_game_supply(game, (uint32_t)player, CARC_FIGURE_PHANTOM) <= 0)
		return false;
	if (carc_game_clone(game, &g) < 0)
		return true; /* cannot tell: assume JCZ asks */
	if (carc_game_apply(g, carc_move_pass()) >= 0 &&
	    carc_game_phase(g) == CARC_PHASE_PHANTOM)
		found = count_moves(g) > 1;
	carc_game_free(g);
	return found;
}

bool
carc__jcz_step_skipped(const struct carc_game *game)
{
	switch (carc_game_phase(game)) {
	case CARC_PHASE_DEPLOY:
		return count_moves(game) == 1 && !phantom_has_place(game);
	case CARC_PHASE_PHANTOM:
		return count_moves(game) == 1;
	default:
		return false;
	}
}

/* ------------------------------------------------------------------ */
/* Import                                                               */
/* ------------------------------------------------------------------ */

/* JCZ 5 element "phantom": the number of phantoms per player */
int
carc__jcz_element_phantom(struct jcz_import *im, const char *name,
			  const struct carc_json_value *v)
{
	int64_t n = 0;

	if (carc_json_type(v) == CARC_JSON_TRUE)
		n = 1;
	else if (carc_json_type(v) == CARC_JSON_FALSE)
		n = 0;
	else if (!carc_json_int(v, &n) || n < 0 || n > 1)
		return carc__jcz_fail(
			im, CARC_E_UNKNOWN_OPTION,
			"element '%s': the library plays with one phantom per player, or none",
			name);
	return carc__jcz_set_option(im, CARC_OPT_PHANTOM, n ? 1 : 0, name);
}

/* JCZ 4 expansion "PHANTOM" */
int
carc__jcz_expansion_phantom(struct jcz_import *im, const char *name,
			    const struct carc_json_value *v)
{
	return carc__jcz_set_option(im, CARC_OPT_PHANTOM,
				    carc__jcz_truthy_or_listed(v) ? 1 : 0,
				    name);
}

int
carc__jcz_phantom_before_deploy(struct jcz_import *im, uint32_t figure)
{
	if (figure != CARC_FIGURE_PHANTOM ||
	    carc_game_phase(im->game) != CARC_PHASE_DEPLOY)
		return 0;
	/* the phantom in JCZ's action phase: nothing in the deployment step */
	return carc__jcz_apply(im, carc_move_pass(),
			       "the phantom cannot be put down in this turn");
}

int
carc__jcz_fill_skipped_steps(struct jcz_import *im)
{
	/* at most the deployment step and the phantom step */
	for (int i = 0; i < 2; i++) {
		int rc;

		if (!carc__jcz_step_skipped(im->game))
			return 0;
		rc = carc__jcz_apply(im, carc_move_pass(),
				     "the step JCZ skipped cannot be passed");
		if (rc < 0)
			return rc;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Export                                                               */
/* ------------------------------------------------------------------ */

bool
carc__jcz_phantom_export_pass(const struct jcz_export *ex)
{
	int phase = carc_game_phase(ex->replay);

	if (phase == CARC_PHASE_DEPLOY || phase == CARC_PHASE_PHANTOM)
		return !carc__jcz_step_skipped(ex->replay);
	return true;
}

/* ------------------------------------------------------------------ */
/* Shared by the expansions                                             */
/* ------------------------------------------------------------------ */

bool
carc__jcz_truthy_or_listed(const struct carc_json_value *v)
{
	int64_t n;

	if (!v) /* a name in a JCZ 4 list */
		return true;
	if (carc_json_type(v) == CARC_JSON_NUMBER)
		return carc_json_int(v, &n) && n != 0;
	return carc_json_is_true(v);
}

const char *
carc__jcz_meeple_id(uint32_t player, uint32_t figure, uint32_t number,
		    char *buf, size_t n)
{
	int w;

	if (figure == CARC_FIGURE_FOLLOWER)
		w = snprintf(buf, n, "%u.small.%u", player, number);
	else if (figure == CARC_FIGURE_PHANTOM)
		w = snprintf(buf, n, "%u.phantom.1", player);
	else
		return NULL;
	return w > 0 && (size_t)w < n ? buf : NULL;
}

void
carc__jcz_phantom_export_setup(struct jcz_export *ex, enum jcz_setup_part part)
{
	int32_t phantom = 0;

	carc_rules_get(ex->rules, CARC_OPT_PHANTOM, &phantom);
	if (part == JCZ_SETUP_ELEMENTS && phantom) {
		carc_json_key(ex->w, "phantom");
		carc_json_write_int(ex->w, 1);
	}
}
