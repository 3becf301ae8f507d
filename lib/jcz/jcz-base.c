/* SPDX-License-Identifier: MIT */
/*
 * The base game's JCZ messages, import and export (jcz-private.h):
 * PLACE_TILE, DEPLOY_MEEPLE (followers), PASS, COMMIT and GAME_OVER.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jcz-private.h"

/* ------------------------------------------------------------------ */
/* Import                                                               */
/* ------------------------------------------------------------------ */

static int
parse_rotation(struct jcz_import *im, const char *r, uint32_t *out)
{
	static const char *const names[4] = { "R0", "R90", "R180", "R270" };

	for (uint32_t i = 0; i < 4; i++)
		if (strcmp(r, names[i]) == 0) {
			*out = i;
			return 0;
		}
	return carc__jcz_fail(im, CARC_E_PARSE,
			      "rotation '%s' is none of R0, R90, R180, R270",
			      r);
}

int
carc__jcz_apply_place_tile(struct jcz_import *im,
			   const struct carc_json_value *payload)
{
	const char *id = NULL, *rot = NULL;
	uint32_t rotation = 0;
	int32_t x = 0, y = 0;
	int tile, hand, rc;
	char a[32];

	rc = carc__jcz_get_string(im, payload, "tileId", "payload", &id);
	if (rc >= 0)
		rc = carc__jcz_get_string(im, payload, "rotation", "payload",
					  &rot);
	if (rc >= 0)
		rc = parse_rotation(im, rot, &rotation);
	if (rc >= 0)
		rc = carc__jcz_get_position(im, payload, "position", "payload",
					    &x, &y);
	if (rc < 0)
		return rc;
	/* a known tile: carc__jcz_scan_place_tile() refused the others
	 * before any move was applied */
	tile = carc__jcz_tile_from_id(id);
	if (carc_game_phase(im->game) != CARC_PHASE_PLACE_TILE)
		return carc__jcz_fail(im, CARC_E_WRONG_PHASE,
				      "no tile is to be placed here "
				      "(the game is %s)",
				      carc_game_is_over(im->game)
					      ? "over"
					      : "at another decision point");
	hand = carc_game_current_tile(im->game);
	if (hand != tile)
		return carc__jcz_fail(im, CARC_E_UNKNOWN_TILE,
				      "the tile in hand is %s, not %s (the "
				      "library discarded a tile JCZ placed?)",
				      hand >= 0 &&
				      carc__jcz_tile_id5((uint32_t)hand, a,
							 sizeof(a))
					      ? a
					      : "none",
				      id);
	return carc__jcz_apply(im, carc_move_place(x, y, rotation),
			       "%s cannot go at %d,%d with rotation %s", id,
			       (int)x, (int)y, rot);
}

int
carc__jcz_parse_meeple_id(struct jcz_import *im, const char *id,
			  uint32_t *player, uint32_t *figure, uint32_t *number)
{
	static const struct {
		const char *kind;
		uint32_t figure;
	} kinds[] = {
		{ "small", CARC_FIGURE_FOLLOWER },
		{ "phantom", CARC_FIGURE_PHANTOM },	/* jcz-phantom.c */
		/* jcz-parts.c: JCZ's BigFollower, Builder, Pig */
		{ "big", CARC_FIGURE_LARGE_FOLLOWER },
		{ "builder", CARC_FIGURE_BUILDER },
		{ "pig", CARC_FIGURE_PIG },
	};
	const char *p = id, *dot, *end;
	unsigned long pl;
	char *stop;

	/* PLAYER "." KIND [ "." NUMBER ] */
	if (*p < '0' || *p > '9')
		return carc__jcz_fail(im, CARC_E_PARSE,
				      "meeple id '%s' is not "
				      "PLAYER.KIND.NUMBER", id);
	pl = strtoul(p, &stop, 10);
	if (*stop != '.' || pl > 5)
		return carc__jcz_fail(im, CARC_E_PARSE,
				      "meeple id '%s' is not "
				      "PLAYER.KIND.NUMBER", id);
	p = stop + 1;
	dot = strchr(p, '.');
	end = dot ? dot : p + strlen(p);
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strlen(kinds[i].kind) == (size_t)(end - p) &&
		    memcmp(kinds[i].kind, p, (size_t)(end - p)) == 0) {
			unsigned long num = 0;

			if (dot) {
				if (dot[1] >= '0' && dot[1] <= '9')
					num = strtoul(dot + 1, &stop, 10);
				if (num < 1 || num > 99 || *stop)
					return carc__jcz_fail(
						im, CARC_E_PARSE,
						"meeple id '%s' is not "
						"PLAYER.KIND.NUMBER",
						id);
			}
			*player = (uint32_t)pl;
			*figure = kinds[i].figure;
			*number = (uint32_t)num;
			return 0;
		}
	if (dot && (dot[1] < '0' || dot[1] > '9' || strchr(dot + 1, '.')))
		return carc__jcz_fail(im, CARC_E_PARSE,
				      "meeple id '%s' is not "
				      "PLAYER.KIND.NUMBER", id);
	return carc__jcz_fail(im, CARC_E_UNKNOWN_OPTION,
			      "meeple '%s': the library has no figure '%.*s'",
			      id, (int)(end - p), p);
}

static uint32_t
feature_hint(const char *name)
{
	if (!name)
		return 0;
	if (strcmp(name, "City") == 0)
		return CARC_FEATURE_CITY;
	if (strcmp(name, "Road") == 0)
		return CARC_FEATURE_ROAD;
	if (strcmp(name, "Field") == 0)
		return CARC_FEATURE_FIELD;
	if (strcmp(name, "Monastery") == 0)
		return CARC_FEATURE_MONASTERY;
	return 0;
}

int
carc__jcz_apply_deploy_meeple(struct jcz_import *im,
			      const struct carc_json_value *payload)
{
	const struct carc_json_value *ptr;
	const char *loc, *id;
	uint32_t player = 0, figure = 0, number = 0, tile = 0, rotation = 0;
	int32_t x = 0, y = 0, mask;
	int32_t followers = 0;
	int rc, idx, feature;

	rc = carc__jcz_get_object(im, payload, "pointer", "payload", &ptr);
	if (rc >= 0)
		rc = carc__jcz_get_position(im, ptr, "position", "pointer",
					    &x, &y);
	if (rc >= 0)
		rc = carc__jcz_get_string(im, ptr, "location", "pointer", &loc);
	if (rc >= 0)
		rc = carc__jcz_get_string(im, payload, "meepleId", "payload",
					  &id);
	if (rc >= 0)
		rc = carc__jcz_parse_meeple_id(im, id, &player, &figure,
					       &number);
	if (rc < 0)
		return rc;
	if (carc_game_is_over(im->game))
		return carc__jcz_fail(im, CARC_E_GAME_OVER, "the game is over");
	if ((int)player != carc_game_current_player(im->game))
		return carc__jcz_fail(im, CARC_E_WRONG_PHASE,
				      "meeple '%s' is not of player %d, "
				      "who is to move",
				      id, carc_game_current_player(im->game));
	carc_rules_get(carc_game_rules(im->game), CARC_OPT_FOLLOWERS,
		       &followers);
	if (figure == CARC_FIGURE_FOLLOWER && number > (uint32_t)followers)
		return carc__jcz_fail(im, CARC_E_NO_MEEPLE,
				      "meeple '%s': the player has %d "
				      "followers", id, (int)followers);
	if (figure != CARC_FIGURE_FOLLOWER && number > 1)
		return carc__jcz_fail(im, CARC_E_NO_MEEPLE,
				      "meeple '%s': the player has one %s", id,
				      carc_figure_name(figure));
	if (number &&
	    carc__jcz_meeples_has(&im->meeples, player, figure, number))
		return carc__jcz_fail(im, CARC_E_NO_MEEPLE,
				      "meeple '%s' is already on the board",
				      id);
	mask = carc__jcz_location_parse(loc);
	if (mask < 0)
		return carc__jcz_fail(im, CARC_E_PARSE,
				      "unknown location '%s'", loc);
	idx = carc_game_tile_find(im->game, x, y);
	if (idx < 0)
		return carc__jcz_fail(im, CARC_E_NOT_FOUND, "no tile at %d,%d",
				      (int)x, (int)y);
	rc = carc__jcz_phantom_before_deploy(im, figure);
	if (rc < 0)
		return rc;
	carc_game_tile_at(im->game, (uint32_t)idx, NULL, NULL, &tile,
			  &rotation);
	feature = carc__jcz_location_feature(
		tile, rotation, (uint32_t)mask,
		feature_hint(carc_json_string(carc_json_get(ptr, "feature"))));
	if (feature < 0)
		return carc__jcz_fail(im, CARC_E_NO_FEATURE,
				      "the tile at %d,%d has no feature at "
				      "location '%s'",
				      (int)x, (int)y, loc);
	rc = carc__jcz_apply(im,
			     carc_move_deploy(figure, x, y, (uint32_t)feature),
			     "no %s can go on location '%s' of the tile "
			     "at %d,%d",
			     carc_figure_name(figure), loc, (int)x, (int)y);
	if (rc >= 0 && number)
		carc__jcz_meeples_add(&im->meeples, player, figure, number, x,
				      y, (uint32_t)feature);
	return rc;
}

int
carc__jcz_apply_pass(struct jcz_import *im,
		     const struct carc_json_value *payload)
{
	int before = carc_game_phase(im->game), rc;

	(void)payload;
	if (carc_game_is_over(im->game))
		return carc__jcz_fail(im, CARC_E_GAME_OVER, "the game is over");
	rc = carc__jcz_apply(im, carc_move_pass(),
			     "the player cannot pass here");
	/* JCZ's action phase ends, its phantom phase with it
	 * (jcz-phantom.c) */
	if (rc >= 0 && before == CARC_PHASE_DEPLOY &&
	    carc_game_phase(im->game) == CARC_PHASE_PHANTOM)
		im->no_phantom = true;
	return rc;
}

int
carc__jcz_apply_commit(struct jcz_import *im,
		       const struct carc_json_value *payload)
{
	int phase = carc_game_phase(im->game);

	(void)payload;
	if (phase != CARC_PHASE_PLACE_TILE && phase != CARC_PHASE_GAME_OVER &&
	    !carc__jcz_crop_commit_ok(im))
		return carc__jcz_fail(im, CARC_E_WRONG_PHASE,
				      "the turn is not over: the game waits "
				      "for a %s move",
				      carc_phase_name((uint32_t)phase));
	return 0;
}

int
carc__jcz_apply_game_over(struct jcz_import *im,
			  const struct carc_json_value *payload)
{
	(void)payload;
	if (carc_game_is_over(im->game))
		return 0;
	if (im->stack == JCZ_STACK_FULL)
		im->retry_played = true;
	return carc__jcz_fail(im, CARC_E_PARSE,
			      "JCZ ends the game here, the library's game "
			      "goes on (%d tiles left)",
			      carc_game_remaining_total(im->game) + 1);
}

/* ------------------------------------------------------------------ */
/* Export                                                               */
/* ------------------------------------------------------------------ */

static const char *const rotation_names[4] = { "R0", "R90", "R180", "R270" };

void
carc__jcz_write_entry_start(struct jcz_export *ex, const char *type)
{
	carc_json_begin_object(ex->w);
	carc_json_key(ex->w, "type");
	carc_json_write_string(ex->w, type);
	carc_json_key(ex->w, "player");
	carc_json_write_int(ex->w, carc_game_current_player(ex->replay));
	carc_json_key(ex->w, "payload");
	carc_json_begin_object(ex->w);
}

static void
write_position(struct jcz_export *ex, int32_t x, int32_t y)
{
	carc_json_key(ex->w, "position");
	carc_json_begin_array(ex->w);
	carc_json_write_int(ex->w, x);
	carc_json_write_int(ex->w, y);
	carc_json_end_array(ex->w);
}

int
carc__jcz_write_place(struct jcz_export *ex, carc_move_t move)
{
	int tile = carc_game_current_tile(ex->replay);
	char id[32];

	if (tile < 0 || !carc__jcz_tile_id5((uint32_t)tile, id, sizeof(id)))
		return CARC_E_NOT_ALLOWED;
	carc__jcz_write_entry_start(ex, "PLACE_TILE");
	carc_json_key(ex->w, "tileId");
	carc_json_write_string(ex->w, id);
	carc_json_key(ex->w, "rotation");
	carc_json_write_string(ex->w,
			       rotation_names[carc_move_rotation(move) & 3]);
	write_position(ex, carc_move_x(move), carc_move_y(move));
	carc_json_end_object(ex->w);
	carc_json_end_object(ex->w);
	return 0;
}

bool
carc__jcz_meeples_has(const struct jcz_meeples *ms, uint32_t player,
		      uint32_t figure, uint32_t number)
{
	for (size_t i = 0; i < ms->n; i++)
		if (ms->v[i].player == player && ms->v[i].figure == figure &&
		    ms->v[i].number == number)
			return true;
	return false;
}

void
carc__jcz_meeples_add(struct jcz_meeples *ms, uint32_t player, uint32_t figure,
		      uint32_t number, int32_t x, int32_t y, uint32_t feature)
{
	struct jcz_meeple *m;

	ms->expected++;
	if (ms->n >= JCZ_MAX_MEEPLES)
		return;
	m = &ms->v[ms->n++];
	m->player = player;
	m->figure = figure;
	m->number = number;
	m->x = x;
	m->y = y;
	m->feature = feature;
}

void
carc__jcz_meeples_sync(struct jcz_meeples *ms, const struct carc_game *game)
{
	struct jcz_meeple on[JCZ_MAX_MEEPLES];
	int nf = carc_game_figure_count(game);
	size_t n_on = 0, keep = 0;
	/* each figure on the board vouches for one entry: a crop-circle
	 * deployment stacks two of a player's figures on one feature */
	bool used[JCZ_MAX_MEEPLES] = { false };

	/* nothing left the board: nothing to forget */
	if (nf >= ms->expected || ms->n == 0) {
		ms->expected = nf;
		return;
	}
	ms->expected = nf;
	/* the figures on the board, read once */
	for (int j = 0; j < nf && n_on < JCZ_MAX_MEEPLES; j++) {
		struct jcz_meeple *f = &on[n_on];

		if (carc_game_figure_at(game, (uint32_t)j, &f->player,
					&f->figure, &f->x, &f->y,
					&f->feature) >= 0)
			n_on++;
	}
	for (size_t i = 0; i < ms->n; i++) {
		const struct jcz_meeple *m = &ms->v[i];
		bool found = false;

		for (size_t j = 0; j < n_on && !found; j++) {
			if (used[j] || on[j].player != m->player ||
			    on[j].figure != m->figure || on[j].x != m->x ||
			    on[j].y != m->y || on[j].feature != m->feature)
				continue;
			used[j] = found = true;
		}
		if (found)
			ms->v[keep++] = *m;
	}
	ms->n = keep;
}

uint32_t
carc__jcz_meeple_take(struct jcz_export *ex, uint32_t player, uint32_t figure,
		      int32_t x, int32_t y, uint32_t feature)
{
	uint32_t number = 1;

	while (carc__jcz_meeples_has(&ex->meeples, player, figure, number))
		number++;
	carc__jcz_meeples_add(&ex->meeples, player, figure, number, x, y,
			      feature);
	return number;
}

int
carc__jcz_write_deploy(struct jcz_export *ex, carc_move_t move)
{
	uint32_t figure = carc_move_figure(move),
		 feature = carc_move_feature(move);
	uint32_t player = (uint32_t)carc_game_current_player(ex->replay);
	uint32_t tile = 0, rotation = 0, number;
	int32_t x = carc_move_x(move), y = carc_move_y(move);
	char loc[32], id[48];
	int idx;

	if (figure == CARC_FIGURE_TOWER || figure == CARC_FIGURE_HOUSE ||
	    figure == CARC_FIGURE_SHED)
		return carc__jcz_write_build(ex, move); /* jcz-buildings.c */
	if (carc__jcz_builder_refused(ex->replay, move))
		return carc__jcz_refuse(ex->msg, ex->msg_len,
					"move %d: a builder on a road or city "
					"that its tile completes: JCloisterZone "
					"does not allow it",
					ex->move_index + 1);
	if (!carc__jcz_meeple_id(player, figure, 1, id, sizeof(id)))
		return CARC_E_NOT_ALLOWED;
	idx = carc_game_tile_find(ex->replay, x, y);
	if (idx < 0)
		return CARC_E_NOT_ALLOWED;
	carc_game_tile_at(ex->replay, (uint32_t)idx, NULL, NULL, &tile,
			  &rotation);
	if (!carc__jcz_location_name(tile, rotation, feature, loc, sizeof(loc)))
		return CARC_E_NOT_ALLOWED;
	number = carc__jcz_meeple_take(ex, player, figure, x, y, feature);
	if (!carc__jcz_meeple_id(player, figure, number, id, sizeof(id)))
		return CARC_E_NOT_ALLOWED;
	/* the phantom in JCZ's action phase stands for the held-back pass
	 * of the deployment step (jcz-phantom.c) */
	ex->pass_pending = false;
	carc__jcz_write_entry_start(ex, "DEPLOY_MEEPLE");
	carc_json_key(ex->w, "pointer");
	if (carc__jcz_write_feature_pointer(ex, x, y, feature) < 0)
		return CARC_E_NOT_ALLOWED;
	carc_json_key(ex->w, "meepleId");
	carc_json_write_string(ex->w, id);
	carc_json_end_object(ex->w);
	carc_json_end_object(ex->w);
	return 0;
}

void
carc__jcz_write_pass_entry(struct jcz_export *ex, uint32_t player)
{
	carc_json_begin_object(ex->w);
	carc_json_key(ex->w, "type");
	carc_json_write_string(ex->w, "PASS");
	carc_json_key(ex->w, "player");
	carc_json_write_int(ex->w, player);
	carc_json_key(ex->w, "payload");
	carc_json_begin_object(ex->w);
	carc_json_end_object(ex->w);
	carc_json_end_object(ex->w);
}

int
carc__jcz_write_pass(struct jcz_export *ex, carc_move_t move)
{
	(void)move;
	/* JCZ skips the step, or the pass waits for the phantom's step
	 * (jcz-phantom.c) */
	if (carc__jcz_phantom_export_pass(ex))
		carc__jcz_write_pass_entry(
			ex, (uint32_t)carc_game_current_player(ex->replay));
	return 0;
}
