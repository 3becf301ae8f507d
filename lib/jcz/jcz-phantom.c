/* SPDX-License-Identifier: MIT */
/*
 * The Phantom in JCZ saved games (jcz-private.h), and the steps of a turn
 * that JCZ leaves out of its replay.
 *
 * JCZ's phantom is an ordinary DEPLOY_MEEPLE with the meeple id
 * "PLAYER.phantom.1".  Two differences from the engine's turn
 * (doc/users/rules.md#phantom):
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

/* Legal moves at a deployment or phantom step: 31 at most, with every
 * expansion (carc_game_legal_moves_max()). */
#define STEP_MOVES 40

bool
carc__jcz_builder_refused(const struct carc_game *game, carc_move_t move)
{
	return carc_move_kind(move) == CARC_MOVE_DEPLOY &&
	       carc_move_figure(move) == CARC_FIGURE_BUILDER &&
	       carc_game_feature_is_complete(game, carc_move_x(move),
					     carc_move_y(move),
					     carc_move_feature(move)) > 0;
}

/* the legal moves that JCZ offers too */
static int
count_moves(const struct carc_game *game)
{
	carc_move_t moves[STEP_MOVES];
	int n = carc_game_legal_moves_max(game), k = 0;

	if (n < 0 || n > STEP_MOVES)
		return n < 0 ? n : STEP_MOVES + 1;
	n = carc_game_legal_moves(game, moves, STEP_MOVES);
	for (int i = 0; i < n; i++)
		k += !carc__jcz_builder_refused(game, moves[i]);
	return k;
}

/* Whether the phantom of the player to move could go on the tile just
 * placed, were he to pass the deployment step: the phantom goes where a
 * follower could (doc/users/rules.md#phantom-follower), on a feature of that
 * tile that no figure occupies, not on a field with farmers off.  Read
 * from the board, without a copy of the game (nothing to allocate). */
static bool
phantom_has_place(const struct carc_game *game)
{
	const struct carc_rules *rules = carc_game_rules(game);
	int32_t phantom = 0, farmers = 1;
	int player = carc_game_current_player(game);
	int n = carc_game_history_count(game), idx, nf;
	uint32_t features[16], tile = 0, rotation = 0;
	carc_move_t last = 0;
	int32_t x, y;

	carc_rules_get(rules, CARC_OPT_PHANTOM, &phantom);
	carc_rules_get(rules, CARC_OPT_FARMERS, &farmers);
	if (!phantom || player < 0 || n <= 0 ||
	    carc_game_supply(game, (uint32_t)player, CARC_FIGURE_PHANTOM) <=
		    0 ||
	    carc_game_history_at(game, (uint32_t)n - 1, &last) < 0 ||
	    carc_move_kind(last) != CARC_MOVE_PLACE)
		return false;
	x = carc_move_x(last);
	y = carc_move_y(last);
	idx = carc_game_tile_find(game, x, y);
	if (idx < 0 || carc_game_tile_at(game, (uint32_t)idx, NULL, NULL, &tile,
					 &rotation) < 0)
		return false;
	nf = carc_tile_features(tile, features, 16);
	for (int i = 0; i < nf && i < 16; i++) {
		int figures = 0;

		if ((features[i] >> 4) == CARC_FEATURE_FIELD && !farmers)
			continue;
		for (int p = 0; p < carc_game_player_count(game); p++) {
			int c = carc_game_feature_figures(
				game, x, y, features[i], (uint32_t)p);

			figures += c > 0 ? c : 0;
		}
		if (figures == 0)
			return true;
	}
	return false;
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

	/* a count: JCZ's engine refuses true or false (it parses the
	 * value as a number); 0 gives no phantom */
	if (!carc_json_int(v, &n) || n < 0 || n > 1)
		return carc__jcz_fail(
			im, CARC_E_UNKNOWN_OPTION,
			"element '%s': the library plays with one phantom "
			"per player, or none",
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
carc__jcz_phantom_fill_no_phantom(struct jcz_import *im, const char *type)
{
	if (!im->no_phantom)
		return 0;
	im->no_phantom = false;
	if (carc_game_phase(im->game) != CARC_PHASE_PHANTOM ||
	    (type && (strcmp(type, "PASS") == 0 ||
		      strcmp(type, "DEPLOY_MEEPLE") == 0)))
		return 0;
	return carc__jcz_apply(im, carc_move_pass(),
			       "the phantom step after a PASS cannot be "
			       "passed");
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

/* JCZ's turn has one action phase for a follower (or building) and the
 * phantom, then a phantom phase if a follower went down.  A PASS in the
 * action phase ends both (Phase.handlePass sets NO_PHANTOM), and the
 * phantom alone goes down in the action phase.  So the engine's pass in
 * the deployment step, when its phantom step follows, is held back:
 * the phantom step's DEPLOY_MEEPLE replaces it, or its pass becomes the
 * one PASS (none when JCZ's action phase offered nothing at all). */
bool
carc__jcz_phantom_export_pass(struct jcz_export *ex)
{
	int phase = carc_game_phase(ex->replay);
	int32_t phantom = 0;

	carc_rules_get(ex->rules, CARC_OPT_PHANTOM, &phantom);
	if (phase == CARC_PHASE_DEPLOY && phantom) {
		ex->pass_pending = true;
		ex->pass_pending_written = !carc__jcz_step_skipped(ex->replay);
		ex->pass_pending_player =
			(uint32_t)carc_game_current_player(ex->replay);
		return false;
	}
	if (phase == CARC_PHASE_PHANTOM && ex->pass_pending) {
		ex->pass_pending = false;
		return ex->pass_pending_written;
	}
	if (phase == CARC_PHASE_DEPLOY || phase == CARC_PHASE_PHANTOM)
		return !carc__jcz_step_skipped(ex->replay);
	return true;
}

void
carc__jcz_phantom_export_flush(struct jcz_export *ex)
{
	if (!ex->pass_pending ||
	    carc_game_phase(ex->replay) == CARC_PHASE_PHANTOM)
		return;
	/* the deployment step's pass had no phantom step after it */
	ex->pass_pending = false;
	if (ex->pass_pending_written)
		carc__jcz_write_pass_entry(ex, ex->pass_pending_player);
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
	else if (figure == CARC_FIGURE_LARGE_FOLLOWER)	/* jcz-parts.c */
		w = snprintf(buf, n, "%u.big.1", player);
	else if (figure == CARC_FIGURE_BUILDER)
		w = snprintf(buf, n, "%u.builder.1", player);
	else if (figure == CARC_FIGURE_PIG)
		w = snprintf(buf, n, "%u.pig.1", player);
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
