/* SPDX-License-Identifier: MIT */
/*
 * Crop Circles I and II in JCZ saved games (jcz-private.h).  JCZ calls
 * them corn circles.
 *
 * Setup: JCZ 5 tile sets "corn-circles/1" and "corn-circles/2" (and the
 * element "corn-circle"), JCZ 4 expansions "CORN_CIRCLES" and
 * "CORN_CIRCLES_II".  JCZ has no rule settings for them; it plays what
 * the engine's crop-circle options default to (doc/users/jcz.md), so the import
 * sets those four options to their defaults and the export requires
 * them.
 *
 * The action (doc/users/rules.md#crop-action) after the turn's COMMIT:
 *
 *   CIRCLE_REMOVE_OR_DEPLOY {"value": "DEPLOY" | "REMOVE"}   turn player
 *   then per responding player, the turn player last:
 *     DEPLOY_MEEPLE {pointer: the feature of one of his figures of the
 *                    kind, meepleId: a figure from his supply}, COMMIT
 *     PASS                                   (deploy only)
 *     RETURN_MEEPLE {pointer: {featurePointer: {...}, meepleId},
 *                    source: "CORN_CIRCLE"}, COMMIT
 *
 * JCZ skips the whole action when no figure at all stands on the board;
 * the engine still asks for the choice (ruling 5), which then changes
 * nothing.  The importer chooses for JCZ, the exporter writes no choice.
 */
#include <stdio.h>
#include <string.h>

#include "jcz-private.h"

/* ------------------------------------------------------------------ */
/* Tiles                                                                */
/* ------------------------------------------------------------------ */

/* The twelve tiles, each in our rotation 0 = JCZ's R0 (tests/
 * test-jcz-expansions.c checks every row against the layout of JCZ's
 * tile definitions). */
static const struct {
	const char *id4; /* JCZ 4: expansion code "CC" or "C2" + id */
	const char *id5; /* JCZ 5: "CC.1/..." or "CC.2/..." */
	uint32_t tile;
} crop_tiles[] = {
	{ "CC.Cc.1", "CC.1/Cc.1", CARC_TILE_CCI_1 },
	{ "CC.CC.2", "CC.1/CC.2", CARC_TILE_CCI_2 },
	{ "CC.CR", "CC.1/CR", CARC_TILE_CCI_3 },
	{ "CC.Rr", "CC.1/Rr", CARC_TILE_CCI_4 },
	{ "CC.RrC", "CC.1/RrC", CARC_TILE_CCI_5 },
	{ "CC.RRR", "CC.1/RRR", CARC_TILE_CCI_6 },
	{ "C2.RRr", "CC.2/RRr", CARC_TILE_CCII_1 },
	{ "C2.RRRr", "CC.2/RRRr", CARC_TILE_CCII_2 },
	{ "C2.CFR", "CC.2/CFR", CARC_TILE_CCII_3 },
	{ "C2.RCR", "CC.2/RCR", CARC_TILE_CCII_4 },
	{ "C2.CFC", "CC.2/CFC", CARC_TILE_CCII_5 },
	{ "C2.CcCc", "CC.2/CcCc", CARC_TILE_CCII_6 },
};

#define N_CROP_TILES (sizeof(crop_tiles) / sizeof(crop_tiles[0]))

/* @p id: not NULL (carc__jcz_tile_from_id() checks it) */
int
carc__jcz_crop_tile_from_id(const char *id)
{
	for (size_t i = 0; i < N_CROP_TILES; i++)
		if (strcmp(id, crop_tiles[i].id4) == 0 ||
		    strcmp(id, crop_tiles[i].id5) == 0)
			return (int)crop_tiles[i].tile;
	return -1;
}

const char *
carc__jcz_crop_tile_id(uint32_t tile, bool layout5)
{
	for (size_t i = 0; i < N_CROP_TILES; i++)
		if (crop_tiles[i].tile == tile)
			return layout5 ? crop_tiles[i].id5 : crop_tiles[i].id4;
	return NULL;
}

/* ------------------------------------------------------------------ */
/* Setup                                                                */
/* ------------------------------------------------------------------ */

/* JCZ plays the crop-circle action as the engine's defaults do */
static int
crop_rules_of_jcz(struct jcz_import *im, const char *name)
{
	static const uint32_t options[] = {
		CARC_OPT_CROP_DEPLOY_ANY,
		CARC_OPT_CROP_DEPLOY_MANDATORY,
		CARC_OPT_CROP_PHANTOM,
		CARC_OPT_CROP_AFTER_PHANTOM,
	};

	for (size_t i = 0; i < sizeof(options) / sizeof(options[0]); i++) {
		int32_t def = 0;
		int rc;

		carc_option_info(options[i], NULL, NULL, &def);
		rc = carc__jcz_set_option(im, options[i], def, name);
		if (rc < 0)
			return rc;
	}
	return 0;
}

static int
crop_set(struct jcz_import *im, const char *name,
	 const struct carc_json_value *v, uint32_t option)
{
	int64_t n = 1;
	int rc;

	if (carc_json_type(v) == CARC_JSON_NUMBER &&
	    (!carc_json_int(v, &n) || n < 0 || n > 1))
		return carc__jcz_fail(
			im, CARC_E_UNKNOWN_OPTION,
			"tile set '%s' %lld times: the library has each "
			"crop-circle tile once",
			name, (long long)n);
	if (!carc__jcz_truthy_or_listed(v))
		return 0;
	rc = carc__jcz_set_option(im, option, 1, name);
	return rc < 0 ? rc : crop_rules_of_jcz(im, name);
}

/* JCZ 5 set "corn-circles/1", JCZ 4 expansion "CORN_CIRCLES" */
int
carc__jcz_setting_crop_i(struct jcz_import *im, const char *name,
			 const struct carc_json_value *v)
{
	return crop_set(im, name, v, CARC_OPT_CROP_CIRCLES_I);
}

/* JCZ 5 set "corn-circles/2", JCZ 4 expansion "CORN_CIRCLES_II" */
int
carc__jcz_setting_crop_ii(struct jcz_import *im, const char *name,
			  const struct carc_json_value *v)
{
	return crop_set(im, name, v, CARC_OPT_CROP_CIRCLES_II);
}

/* ------------------------------------------------------------------ */
/* Import                                                               */
/* ------------------------------------------------------------------ */

static uint32_t
kind_of_feature_name(const char *name)
{
	static const struct {
		const char *name;
		uint32_t kind;
	} names[] = {
		{ "City", CARC_FEATURE_CITY },
		{ "Road", CARC_FEATURE_ROAD },
		{ "Field", CARC_FEATURE_FIELD },
		{ "Monastery", CARC_FEATURE_MONASTERY },
	};

	for (size_t i = 0; name && i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(name, names[i].name) == 0)
			return names[i].kind;
	return 0;
}

/* The feature id at JCZ location @p loc of the tile at x,y, or a failure */
static int
pointer_feature(struct jcz_import *im, const struct carc_json_value *fp,
		int32_t x, int32_t y, const char *loc)
{
	uint32_t tile = 0, rotation = 0;
	int32_t mask = carc__jcz_location_parse(loc);
	int idx, feature;

	if (mask < 0)
		return carc__jcz_fail(im, CARC_E_PARSE, "unknown location '%s'",
				      loc);
	idx = carc_game_tile_find(im->game, x, y);
	if (idx < 0)
		return carc__jcz_fail(im, CARC_E_NOT_FOUND, "no tile at %d,%d",
				      (int)x, (int)y);
	carc_game_tile_at(im->game, (uint32_t)idx, NULL, NULL, &tile,
			  &rotation);
	feature = carc__jcz_location_feature(
		tile, rotation, (uint32_t)mask,
		kind_of_feature_name(
			carc_json_string(carc_json_get(fp, "feature"))));
	if (feature < 0)
		return carc__jcz_fail(
			im, CARC_E_NO_FEATURE,
			"the tile at %d,%d has no feature at location '%s'",
			(int)x, (int)y, loc);
	return feature;
}

/* A choice JCZ did not ask: the crop-circle action on an empty board */
static int
fill_skipped_choice(struct jcz_import *im)
{
	if (carc_game_phase(im->game) != CARC_PHASE_CROP_CHOICE ||
	    carc_game_figure_count(im->game) != 0)
		return 0;
	return carc__jcz_apply(
		im, carc_move_crop_choice(CARC_CROP_DEPLOY),
		"the crop-circle choice JCZ skipped cannot be made");
}

int
carc__jcz_fill_skipped(struct jcz_import *im, const char *type)
{
	int rc = carc__jcz_phantom_fill_no_phantom(im, type);

	if (rc < 0)
		return rc;
	if (!type || strcmp(type, "PLACE_TILE") == 0 ||
	    strcmp(type, "GAME_OVER") == 0)
		return fill_skipped_choice(im);
	if (strcmp(type, "COMMIT") == 0)
		return carc__jcz_fill_skipped_steps(im);
	return 0;
}

bool
carc__jcz_crop_commit_ok(const struct jcz_import *im)
{
	int phase = carc_game_phase(im->game);

	/* the turn's COMMIT comes before the choice, a response's after it */
	return phase == CARC_PHASE_CROP_CHOICE ||
	       phase == CARC_PHASE_CROP_RESPONSE;
}

int
carc__jcz_apply_circle_choice(struct jcz_import *im,
			      const struct carc_json_value *payload)
{
	const char *value;
	uint32_t choice;
	int rc = carc__jcz_get_string(im, payload, "value", "payload", &value);

	if (rc < 0)
		return rc;
	if (strcmp(value, "DEPLOY") == 0)
		choice = CARC_CROP_DEPLOY;
	else if (strcmp(value, "REMOVE") == 0)
		choice = CARC_CROP_REMOVE;
	else
		return carc__jcz_fail(im, CARC_E_PARSE,
				      "value '%s' is neither DEPLOY nor REMOVE",
				      value);
	if (carc_game_phase(im->game) != CARC_PHASE_CROP_CHOICE)
		return carc__jcz_fail(
			im, CARC_E_WRONG_PHASE,
			"no crop-circle choice is due here "
			"(the game waits for a %s move)",
			carc_phase_name((uint32_t)carc_game_phase(im->game)));
	return carc__jcz_apply(im, carc_move_crop_choice(choice),
			       "the crop-circle choice %s is not allowed",
			       value);
}

/* Forget the figure of that number (it leaves the board): the one named,
 * not another of the player's standing on the same feature. */
static void
meeples_remove(struct jcz_meeples *ms, uint32_t player, uint32_t figure,
	       uint32_t number)
{
	for (size_t i = 0; i < ms->n; i++)
		if (ms->v[i].player == player && ms->v[i].figure == figure &&
		    ms->v[i].number == number) {
			ms->v[i] = ms->v[--ms->n];
			return;
		}
}

int
carc__jcz_apply_return_meeple(struct jcz_import *im,
			      const struct carc_json_value *payload)
{
	const struct carc_json_value *ptr, *fp;
	const char *source, *loc, *id;
	uint32_t player = 0, figure = 0, number = 0;
	int32_t x = 0, y = 0;
	int rc, feature;

	rc = carc__jcz_get_string(im, payload, "source", "payload", &source);
	if (rc < 0)
		return rc;
	if (strcmp(source, "CORN_CIRCLE") != 0)
		return carc__jcz_fail(
			im, CARC_E_UNKNOWN_OPTION,
			"source '%s': the library returns figures only "
			"for a crop circle",
			source);
	rc = carc__jcz_get_object(im, payload, "pointer", "payload", &ptr);
	if (rc < 0)
		return rc;
	/* JCZ 5 nests the place in "featurePointer"; a flat pointer
	 * {position, location, meepleId} is read too */
	fp = carc_json_get(ptr, "featurePointer");
	if (!fp)
		fp = ptr;
	else if (carc_json_type(fp) != CARC_JSON_OBJECT)
		return carc__jcz_fail(
			im, CARC_E_PARSE,
			"pointer: 'featurePointer' is not an object");
	rc = carc__jcz_get_position(im, fp, "position", "pointer", &x, &y);
	if (rc >= 0)
		rc = carc__jcz_get_string(im, fp, "location", "pointer", &loc);
	if (rc >= 0)
		rc = carc__jcz_get_string(im, ptr, "meepleId", "pointer", &id);
	if (rc >= 0)
		rc = carc__jcz_parse_meeple_id(im, id, &player, &figure,
					       &number);
	if (rc < 0)
		return rc;
	if (carc_game_phase(im->game) != CARC_PHASE_CROP_RESPONSE ||
	    carc_game_crop_action(im->game) != CARC_CROP_REMOVE)
		return carc__jcz_fail(im, CARC_E_WRONG_PHASE,
				      "no crop-circle removal is due here");
	if ((int)player != carc_game_current_player(im->game))
		return carc__jcz_fail(
			im, CARC_E_WRONG_PHASE,
			"meeple '%s' is not of player %d, who is to remove one",
			id, carc_game_current_player(im->game));
	feature = pointer_feature(im, fp, x, y, loc);
	if (feature < 0)
		return feature;
	/* a numbered id must be the figure standing there */
	if (number) {
		bool there = false;

		for (size_t i = 0; i < im->meeples.n; i++) {
			const struct jcz_meeple *m = &im->meeples.v[i];

			if (m->player == player && m->figure == figure &&
			    m->number == number)
				there = m->x == x && m->y == y &&
					m->feature == (uint32_t)feature;
		}
		if (!there)
			return carc__jcz_fail(
				im, CARC_E_NOT_FOUND,
				"meeple '%s' is not on location '%s' of the "
				"tile at %d,%d",
				id, loc, (int)x, (int)y);
	}
	rc = carc__jcz_apply(
		im, carc_move_remove(figure, x, y, (uint32_t)feature),
		"meeple '%s' is not on location '%s' of the tile at %d,%d", id,
		loc, (int)x, (int)y);
	if (rc >= 0 && number)
		meeples_remove(&im->meeples, player, figure, number);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Export                                                               */
/* ------------------------------------------------------------------ */

static const char *
feature_kind_name(uint32_t feature)
{
	switch (feature >> 4) {
	case CARC_FEATURE_CITY:
		return "City";
	case CARC_FEATURE_ROAD:
		return "Road";
	case CARC_FEATURE_FIELD:
		return "Field";
	default:
		return "Monastery";
	}
}

int
carc__jcz_write_feature_pointer(struct jcz_export *ex, int32_t x, int32_t y,
				uint32_t feature)
{
	uint32_t tile = 0, rotation = 0;
	char loc[32];
	int idx = carc_game_tile_find(ex->replay, x, y);

	if (idx < 0)
		return CARC_E_NOT_ALLOWED;
	carc_game_tile_at(ex->replay, (uint32_t)idx, NULL, NULL, &tile,
			  &rotation);
	if (!carc__jcz_location_name(tile, rotation, feature, loc, sizeof(loc)))
		return CARC_E_NOT_ALLOWED;
	carc_json_begin_object(ex->w);
	carc_json_key(ex->w, "position");
	carc_json_begin_array(ex->w);
	carc_json_write_int(ex->w, x);
	carc_json_write_int(ex->w, y);
	carc_json_end_array(ex->w);
	carc_json_key(ex->w, "location");
	carc_json_write_string(ex->w, loc);
	carc_json_key(ex->w, "feature");
	carc_json_write_string(ex->w, feature_kind_name(feature));
	carc_json_end_object(ex->w);
	return 0;
}

int
carc__jcz_write_crop_choice(struct jcz_export *ex, carc_move_t move)
{
	if (carc_game_figure_count(ex->replay) == 0)
		return 0; /* JCZ skips the action on an empty board */
	carc__jcz_write_entry_start(ex, "CIRCLE_REMOVE_OR_DEPLOY");
	carc_json_key(ex->w, "value");
	carc_json_write_string(ex->w, carc_move_figure(move) == CARC_CROP_REMOVE
					      ? "REMOVE"
					      : "DEPLOY");
	carc_json_end_object(ex->w);
	carc_json_end_object(ex->w);
	return 0;
}

int
carc__jcz_write_remove(struct jcz_export *ex, carc_move_t move)
{
	uint32_t figure = carc_move_figure(move),
		 feature = carc_move_feature(move);
	uint32_t player = (uint32_t)carc_game_current_player(ex->replay);
	int32_t x = carc_move_x(move), y = carc_move_y(move);
	const struct jcz_meeple *m = NULL;
	char id[48];

	for (size_t i = 0; i < ex->meeples.n && !m; i++)
		if (ex->meeples.v[i].player == player &&
		    ex->meeples.v[i].figure == figure &&
		    ex->meeples.v[i].x == x && ex->meeples.v[i].y == y &&
		    ex->meeples.v[i].feature == feature)
			m = &ex->meeples.v[i];
	if (!m ||
	    !carc__jcz_meeple_id(player, figure, m->number, id, sizeof(id)))
		return CARC_E_NOT_ALLOWED;
	meeples_remove(&ex->meeples, player, figure, m->number);
	carc__jcz_write_entry_start(ex, "RETURN_MEEPLE");
	carc_json_key(ex->w, "pointer");
	carc_json_begin_object(ex->w);
	carc_json_key(ex->w, "featurePointer");
	if (carc__jcz_write_feature_pointer(ex, x, y, feature) < 0)
		return CARC_E_NOT_ALLOWED;
	carc_json_key(ex->w, "meepleId");
	carc_json_write_string(ex->w, id);
	carc_json_end_object(ex->w);
	carc_json_key(ex->w, "source");
	carc_json_write_string(ex->w, "CORN_CIRCLE");
	carc_json_end_object(ex->w);
	carc_json_end_object(ex->w);
	return 0;
}

bool
carc__jcz_export_commit_after(int phase_before, carc_move_t move,
			      int phase_after)
{
	bool action_before = phase_before == CARC_PHASE_DEPLOY ||
			     phase_before == CARC_PHASE_PHANTOM;
	bool action_after = phase_after == CARC_PHASE_DEPLOY ||
			    phase_after == CARC_PHASE_PHANTOM;
	uint32_t kind = carc_move_kind(move);

	/* the turn's COMMIT ends its action part */
	if (action_before && !action_after)
		return true;
	/* each deployment or removal of the crop-circle action is
	 * confirmed; a pass is not */
	return phase_before == CARC_PHASE_CROP_RESPONSE &&
	       (kind == CARC_MOVE_DEPLOY || kind == CARC_MOVE_REMOVE);
}

void
carc__jcz_crop_export_setup(struct jcz_export *ex, enum jcz_setup_part part)
{
	int32_t one = 0, two = 0;

	carc_rules_get(ex->rules, CARC_OPT_CROP_CIRCLES_I, &one);
	carc_rules_get(ex->rules, CARC_OPT_CROP_CIRCLES_II, &two);
	if (part == JCZ_SETUP_SETS) {
		if (one) {
			carc_json_key(ex->w, "corn-circles/1");
			carc_json_write_int(ex->w, 1);
		}
		if (two) {
			carc_json_key(ex->w, "corn-circles/2");
			carc_json_write_int(ex->w, 1);
		}
	} else if (part == JCZ_SETUP_ELEMENTS && (one || two)) {
		carc_json_key(ex->w, "corn-circle");
		carc_json_write_bool(ex->w, true);
	}
}
