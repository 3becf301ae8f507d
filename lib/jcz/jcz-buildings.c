/* SPDX-License-Identifier: MIT */
/*
 * Little Buildings in JCZ saved games (jcz-private.h).
 *
 * Setup: JCZ 5 element "little-buildings" and rule
 * "little-buildings-scoring" ("1/1/1" or "3/2/1"); JCZ 4 expansion
 * "LITTLE_BUILDINGS" and its old rule "BULDINGS_DIFFERENT_VALUE" (3/2/1
 * when true).  JCZ deals every player 6 / players tokens of EACH kind,
 * which is the engine's CARC_LB_DIST_JCZ: the import selects it.  JCZ
 * pays a field's buildings whatever its cities (lb-zero-field on, the
 * default) and scores fields one by one only (so lb-per-city-fields never
 * matters).
 *
 * A building is a PLACE_TOKEN in the action phase, instead of a follower:
 *
 *   PLACE_TOKEN {"token": "LB_SHED" | "LB_HOUSE" | "LB_TOWER",
 *                "pointer": [x, y]}
 *
 * The token is a plain name as JCZ's client writes it; the engine's own
 * writer gives [CLASS, NAME], which is read too.
 */
#include <stdio.h>
#include <string.h>

#include "jcz-private.h"

static const struct {
	const char *token;
	uint32_t figure;
} tokens[] = {
	{ "LB_SHED", CARC_FIGURE_SHED },
	{ "LB_HOUSE", CARC_FIGURE_HOUSE },
	{ "LB_TOWER", CARC_FIGURE_TOWER },
};

#define N_TOKENS (sizeof(tokens) / sizeof(tokens[0]))

/* The Java class of the tokens, as JCZ's TokenAdapter writes it */
#define TOKEN_CLASS                                                            \
	"com.jcloisterzone.game.capability."                                   \
	"LittleBuildingsCapability$LittleBuilding"

/* ------------------------------------------------------------------ */
/* Setup                                                                */
/* ------------------------------------------------------------------ */

/* JCZ 5 element "little-buildings", JCZ 4 expansion "LITTLE_BUILDINGS" */
int
carc__jcz_setting_little_buildings(struct jcz_import *im, const char *name,
				   const struct carc_json_value *v)
{
	int rc;

	if (!carc__jcz_truthy_or_listed(v))
		return 0;
	rc = carc__jcz_set_option(im, CARC_OPT_LITTLE_BUILDINGS, 1, name);
	if (rc >= 0)
		rc = carc__jcz_set_option(im, CARC_OPT_LB_DISTRIBUTION,
					  CARC_LB_DIST_JCZ, name);
	return rc;
}

/* JCZ 5 rule "little-buildings-scoring" */
int
carc__jcz_rule_lb_scoring(struct jcz_import *im, const char *name,
			  const struct carc_json_value *v)
{
	const char *s = carc_json_string(v);

	if (s && strcmp(s, "1/1/1") == 0)
		return carc__jcz_set_option(im, CARC_OPT_LB_SCORING,
					    CARC_LB_STANDARD, name);
	if (s && strcmp(s, "3/2/1") == 0)
		return carc__jcz_set_option(im, CARC_OPT_LB_SCORING,
					    CARC_LB_321, name);
	return carc__jcz_fail(im, CARC_E_UNKNOWN_OPTION,
			      "rule '%s' is neither \"1/1/1\" nor \"3/2/1\"",
			      name);
}

/* JCZ 4 rule "BULDINGS_DIFFERENT_VALUE" (sic) */
int
carc__jcz_rule_lb_different_value(struct jcz_import *im, const char *name,
				  const struct carc_json_value *v)
{
	return carc__jcz_set_option(
		im, CARC_OPT_LB_SCORING,
		carc__jcz_truthy_or_listed(v) ? CARC_LB_321 : CARC_LB_STANDARD,
		name);
}

/* ------------------------------------------------------------------ */
/* Import                                                               */
/* ------------------------------------------------------------------ */

int
carc__jcz_apply_place_token(struct jcz_import *im,
			    const struct carc_json_value *payload)
{
	const struct carc_json_value *tok = carc_json_get(payload, "token");
	const char *name = carc_json_string(tok);
	uint32_t figure = 0;
	int32_t x, y;
	int rc;

	if (carc_json_type(tok) == CARC_JSON_ARRAY &&
	    carc_json_count(tok) == 2 && carc_json_string(carc_json_at(tok, 0)))
		name = carc_json_string(carc_json_at(tok, 1));
	if (!name)
		return carc__jcz_fail(
			im, CARC_E_PARSE,
			"payload: 'token' is neither a name nor [class, name]");
	for (size_t i = 0; i < N_TOKENS; i++)
		if (strcmp(name, tokens[i].token) == 0)
			figure = tokens[i].figure;
	if (!figure)
		return carc__jcz_fail(
			im, CARC_E_UNKNOWN_OPTION,
			"token '%s': the library has only the little buildings "
			"LB_SHED, LB_HOUSE and LB_TOWER",
			name);
	rc = carc__jcz_get_position(im, payload, "pointer", "payload", &x, &y);
	if (rc < 0)
		return rc;
	if (carc_game_phase(im->game) != CARC_PHASE_DEPLOY)
		return carc__jcz_fail(
			im, CARC_E_WRONG_PHASE,
			"no building can be put down here "
			"(the game waits for a %s move)",
			carc_phase_name((uint32_t)carc_game_phase(im->game)));
	return carc__jcz_apply(im, carc_move_build(figure, x, y),
			       "no %s can go on the tile at %d,%d", name,
			       (int)x, (int)y);
}

/* ------------------------------------------------------------------ */
/* Export                                                               */
/* ------------------------------------------------------------------ */

int
carc__jcz_write_build(struct jcz_export *ex, carc_move_t move)
{
	const char *name = NULL;

	for (size_t i = 0; i < N_TOKENS; i++)
		if (tokens[i].figure == carc_move_figure(move))
			name = tokens[i].token;
	if (!name)
		return CARC_E_NOT_ALLOWED;
	carc__jcz_write_entry_start(ex, "PLACE_TOKEN");
	carc_json_key(ex->w, "token");
	carc_json_write_string(ex->w, name);
	carc_json_key(ex->w, "pointer");
	carc_json_begin_array(ex->w);
	carc_json_write_int(ex->w, carc_move_x(move));
	carc_json_write_int(ex->w, carc_move_y(move));
	carc_json_end_array(ex->w);
	carc_json_end_object(ex->w);
	carc_json_end_object(ex->w);
	return 0;
}

void
carc__jcz_buildings_export_setup(struct jcz_export *ex,
				 enum jcz_setup_part part)
{
	int32_t lb = 0, scoring = CARC_LB_STANDARD;

	carc_rules_get(ex->rules, CARC_OPT_LITTLE_BUILDINGS, &lb);
	carc_rules_get(ex->rules, CARC_OPT_LB_SCORING, &scoring);
	if (!lb)
		return;
	if (part == JCZ_SETUP_ELEMENTS) {
		carc_json_key(ex->w, "little-buildings");
		carc_json_write_int(ex->w, 1);
	} else if (part == JCZ_SETUP_RULES) {
		carc_json_key(ex->w, "little-buildings-scoring");
		carc_json_write_string(ex->w, scoring == CARC_LB_321 ? "3/2/1"
								     : "1/1/1");
	}
}

/* Options of the three expansions that the setup writes, and the values
 * JCZ can play. */
int
carc__jcz_expansions_check_rules(const struct carc_rules *rules, char *msg,
				  size_t n)
{
	int32_t lb = 0, scoring = CARC_LB_STANDARD, dist = CARC_LB_DIST_RULES;

	carc_rules_get(rules, CARC_OPT_LITTLE_BUILDINGS, &lb);
	carc_rules_get(rules, CARC_OPT_LB_SCORING, &scoring);
	carc_rules_get(rules, CARC_OPT_LB_DISTRIBUTION, &dist);
	/* JCZ deals the tokens by kind; with standard values the rules'
	 * distribution (interchangeable tokens) is another game */
	if (lb && scoring == CARC_LB_STANDARD && dist != CARC_LB_DIST_JCZ)
		return carc__jcz_refuse(msg, n,
					"option lb-distribution is %s: with "
					"standard values JCloisterZone deals "
					"the tokens by kind (lb-distribution "
					"jcz)",
					carc_option_value_name(
						CARC_OPT_LB_DISTRIBUTION, dist));
	return 0;
}

bool
carc__jcz_expansions_option_exported(uint32_t option)
{
	switch (option) {
	case CARC_OPT_PHANTOM:
	case CARC_OPT_CROP_CIRCLES_I:
	case CARC_OPT_CROP_CIRCLES_II:
	case CARC_OPT_LITTLE_BUILDINGS:
	case CARC_OPT_LB_SCORING:
	case CARC_OPT_LB_DISTRIBUTION:
		return true;
	default:
		return false;
	}
}
