/* SPDX-License-Identifier: MIT */
/*
 * The expansions in JCloisterZone saved games (include/carcassonne/jcz.h,
 * doc/users/jcz.md): The Phantom, Crop Circles I and II, Little Buildings.
 *
 * - the hand-made games of tests/jcz/expansions/ (one .jcz written from
 *   JCZ's message formats and one .rec of the same moves, whose outcome
 *   was worked out by hand): the import gives the record's game, move for
 *   move and hash for hash, and the scores of the test's assertions;
 * - JCZ's own Little Buildings tests (tests/jcz/expansions/jcz-suite/);
 * - the twelve crop-circle tiles: JCZ's ids in both spellings map to our
 *   types, whose layout is JCZ's tile definition;
 * - export: what JCZ leaves out is left out, the rest written, the
 *   options JCZ cannot play refused;
 * - (round trips over random games of every expansion configuration are
 *   in tests/test-jcz.c, round_trip_random_games);
 * - bad input for each message: a clear error naming the replay entry.
 *
 * JCZ_EXPANSIONS_DIR (set by tests/meson.build) names the fixture
 * directory.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include <carcassonne/jcz.h>

#include "test-common.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static struct carc_game *
load_fixture(const char *name)
{
	size_t len;
	char *text = read_fixture("JCZ_EXPANSIONS_DIR", name, &len);
	struct carc_game *g = NULL;
	uint32_t line = 0, col = 0;
	char msg[256];
	int rc = carc_game_load(text, len, &g, &line, &col, msg, sizeof(msg));

	ck_assert_msg(rc == CARC_OK, "%s:%u: %s", name, line, msg);
	free(text);
	return g;
}

static void
assert_same_game(const struct carc_game *a, const struct carc_game *b)
{
	int n = carc_game_history_count(a);

	ck_assert_int_eq(carc_game_history_count(b), n);
	for (int i = 0; i < n; i++) {
		carc_move_t ma = 0, mb = 0;
		char da[64], db[64];

		assert_ok(carc_game_history_at(a, (uint32_t)i, &ma));
		assert_ok(carc_game_history_at(b, (uint32_t)i, &mb));
		carc_move_describe(ma, da, sizeof(da));
		carc_move_describe(mb, db, sizeof(db));
		ck_assert_msg(ma == mb, "move %d: %s, not %s", i, db, da);
	}
	ck_assert_int_eq(carc_game_phase(a), carc_game_phase(b));
	ck_assert_uint_eq(carc_game_hash(a), carc_game_hash(b));
}

static char *
export_game(const struct carc_game *g)
{
	int len = carc_jcz_export(g, NULL, 0);
	char *text;

	ck_assert_msg(len > 0, "export: %d (%s)", len, carc_strerror(len));
	text = malloc((size_t)len + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_int_eq(carc_jcz_export(g, text, (size_t)len + 1), len);
	return text;
}

/* A new game with the rules and the draw order of @p g. */
static struct carc_game *
fresh_copy(const struct carc_game *g)
{
	struct carc_game *f = NULL;
	int n = carc_game_draw_order(g, NULL, 0);
	uint32_t *order =
		malloc(((size_t)(n > 0 ? n : 0) + 1) * sizeof(*order));

	ck_assert_ptr_nonnull(order);
	ck_assert_int_eq(carc_game_draw_order(g, order, (size_t)n), n);
	assert_ok(carc_game_new(carc_game_rules(g),
				(uint32_t)carc_game_player_count(g), 0, &f));
	if (n > 0)
		assert_ok(carc_game_set_draw_order(f, order, (size_t)n));
	free(order);
	return f;
}

/* Export @p g, import the text: the same game.  The one thing JCZ does
 * not record is a crop-circle choice made while no figure stands on the
 * board (JCZ skips the action; the import chooses deploy): there the
 * choices may differ, nothing else. */
static void
assert_round_trip(const struct carc_game *g, const char *what)
{
	char *text = export_game(g);
	struct carc_game *back = jcz_import_ok(text, strlen(text), what);
	struct carc_game *at = fresh_copy(g);
	int n = carc_game_history_count(g);

	ck_assert_int_eq(carc_game_history_count(back), n);
	for (int i = 0; i < n; i++) {
		carc_move_t ma = 0, mb = 0;
		char da[64], db[64];

		assert_ok(carc_game_history_at(g, (uint32_t)i, &ma));
		assert_ok(carc_game_history_at(back, (uint32_t)i, &mb));
		carc_move_describe(ma, da, sizeof(da));
		carc_move_describe(mb, db, sizeof(db));
		ck_assert_msg(ma == mb || (carc_move_kind(ma) ==
						   CARC_MOVE_CROP_CHOICE &&
					   mb == carc_move_crop_choice(
							 CARC_CROP_DEPLOY) &&
					   carc_game_figure_count(at) == 0),
			      "%s: move %d: %s, not %s", what, i, db, da);
		assert_ok(carc_game_apply(at, ma));
	}
	ck_assert_int_eq(carc_game_phase(g), carc_game_phase(back));
	ck_assert_uint_eq(carc_game_hash(g), carc_game_hash(back));
	ck_assert_uint_eq(carc_game_hash(at), carc_game_hash(back));
	carc_game_free(at);
	carc_game_free(back);
	free(text);
}

static int
count_substr(const char *text, const char *needle)
{
	int n = 0;

	for (const char *p = text; (p = strstr(p, needle)) != NULL; p++)
		n++;
	return n;
}

static char *replace(const char *text, const char *old, const char *new,
		     int nth);

/* ------------------------------------------------------------------ */
/* The hand-made games                                                  */
/* ------------------------------------------------------------------ */

static const struct fixture {
	const char *name; /* NAME.jcz and NAME.rec */
	uint32_t players;
	int32_t scores[3];
} fixtures[] = {
	{ "phantom-follower-and-phantom", 2, { 7, 0 } },
	{ "phantom-in-action-phase", 2, { 4, 2 } },
	{ "phantom-phase-skipped", 2, { 3, 0 } },
	{ "crop-deploy", 2, { 8, 8 } },
	{ "crop-remove", 2, { 0, 0 } },
	{ "crop-no-figures", 2, { 0, 2 } },
	{ "crop-three-players", 3, { 8, 3, 0 } },
	{ "lb-road-tower", 2, { 4, 0 } },
	{ "lb-road-tower-321", 2, { 6, 0 } },
	{ "lb-phantom", 2, { 5, 0 } },
};

#define N_FIXTURES (sizeof(fixtures) / sizeof(fixtures[0]))

START_TEST(fixture_imports_as_its_record)
{
	const struct fixture *f = &fixtures[_i];
	char name[128];
	struct carc_game *jcz, *rec;

	snprintf(name, sizeof(name), "%s.jcz", f->name);
	jcz = jcz_import_fixture("JCZ_EXPANSIONS_DIR", name);
	snprintf(name, sizeof(name), "%s.rec", f->name);
	rec = load_fixture(name);
	assert_same_game(rec, jcz);
	ck_assert_int_eq(carc_game_player_count(jcz), (int)f->players);
	ck_assert_int_eq(carc_game_is_over(jcz), 1);
	for (uint32_t p = 0; p < f->players; p++)
		ck_assert_int_eq(carc_game_score(jcz, p), f->scores[p]);
	assert_round_trip(jcz, f->name);
	carc_game_free(jcz);
	carc_game_free(rec);
}
END_TEST

/* The import selects what JCZ plays: the options of the rules of a
 * hand-made game, and the building supplies JCZ deals. */
static const struct options_case {
	const char *fixture;
	int32_t options[8][2];	/* option, value; until option 0 */
	int32_t supplies[4][3];	/* player, figure, count; to figure 0 */
} options_cases[] = {
	{ "crop-three-players.jcz",
	  { { CARC_OPT_CROP_CIRCLES_I, 1 },
	    { CARC_OPT_CROP_CIRCLES_II, 1 },
	    { CARC_OPT_PHANTOM, 0 },
	    { CARC_OPT_CROP_DEPLOY_ANY, 0 },
	    { CARC_OPT_CROP_DEPLOY_MANDATORY, 0 },
	    { CARC_OPT_CROP_PHANTOM, 1 },
	    { CARC_OPT_CROP_AFTER_PHANTOM, 1 } },
	  { { 0 } } },
	/* JCZ deals 3 of each kind to each of 2 players: Blue built a
	 * tower */
	{ "lb-road-tower-321.jcz",
	  { { CARC_OPT_LITTLE_BUILDINGS, 1 },
	    { CARC_OPT_LB_SCORING, CARC_LB_321 },
	    { CARC_OPT_LB_DISTRIBUTION, CARC_LB_DIST_JCZ } },
	  { { 1, CARC_FIGURE_TOWER, 2 },
	    { 1, CARC_FIGURE_HOUSE, 3 },
	    { 0, CARC_FIGURE_TOWER, 3 } } },
	{ "phantom-in-action-phase.jcz",
	  { { CARC_OPT_PHANTOM, 1 } },
	  { { 0 } } },
};

#define N_OPTIONS_CASES (sizeof(options_cases) / sizeof(options_cases[0]))

START_TEST(import_selects_jcz_options)
{
	const struct options_case *c = &options_cases[_i];
	struct carc_game *g = jcz_import_fixture("JCZ_EXPANSIONS_DIR",
						 c->fixture);
	const struct carc_rules *r = carc_game_rules(g);

	for (size_t k = 0; k < 8 && c->options[k][0]; k++) {
		int32_t v = -1;

		assert_ok(carc_rules_get(r, (uint32_t)c->options[k][0], &v));
		ck_assert_msg(v == c->options[k][1], "%s: option %s is %d",
			      c->fixture,
			      carc_option_name((uint32_t)c->options[k][0]), v);
	}
	for (size_t k = 0; k < 4 && c->supplies[k][1]; k++)
		ck_assert_int_eq(carc_game_supply(g,
						  (uint32_t)c->supplies[k][0],
						  (uint32_t)c->supplies[k][1]),
				 c->supplies[k][2]);
	carc_game_free(g);
}
END_TEST

/* The JCZ 4 layout: expansions by name, the old 3/2/1 rule, and the same
 * game as phantom-follower-and-phantom.jcz with a building first. */
START_TEST(jcz4_layout)
{
	static const char doc[] =
		"{\"setup\": {\"expansions\": [\"BASIC\", \"PHANTOM\", "
		"\"LITTLE_BUILDINGS\"],\n"
		" \"rules\": {\"BULDINGS_DIFFERENT_VALUE\": true}},\n"
		" \"slots\": [{\"number\": 0}, {\"number\": 1}, "
		"{\"number\": 2}],\n"
		" \"annotations\": {\"tilePack\": {\"params\": {\"drawOrder\": "
		"[\"BA.C\", \"#END\"]}}},\n"
		" \"replay\": [\n"
		"  {\"type\": \"PLACE_TILE\", \"payload\": {\"tileId\": "
		"\"BA.C\", \"rotation\": \"R180\", \"position\": [0, -1]}},\n"
		"  {\"type\": \"PLACE_TOKEN\", \"payload\": {\"token\": "
		"\"LB_TOWER\", \"pointer\": [0, -1]}},\n"
		"  {\"type\": \"DEPLOY_MEEPLE\", \"payload\": {\"pointer\": "
		"{\"position\": [0, -1], \"location\": \"S\"}, \"meepleId\": "
		"\"0.phantom.1\"}},\n"
		"  {\"type\": \"COMMIT\", \"payload\": {\"salt\": 0}},\n"
		"  {\"type\": \"GAME_OVER\", \"payload\": {}}]}";
	struct carc_game *g = jcz_import_ok(doc, strlen(doc), "JCZ 4");
	const struct carc_rules *r = carc_game_rules(g);
	int32_t v = -1;

	assert_ok(carc_rules_get(r, CARC_OPT_PHANTOM, &v));
	ck_assert_int_eq(v, 1);
	assert_ok(carc_rules_get(r, CARC_OPT_LITTLE_BUILDINGS, &v));
	ck_assert_int_eq(v, 1);
	assert_ok(carc_rules_get(r, CARC_OPT_LB_SCORING, &v));
	ck_assert_int_eq(v, CARC_LB_321);
	assert_ok(carc_rules_get(r, CARC_OPT_LB_DISTRIBUTION, &v));
	ck_assert_int_eq(v, CARC_LB_DIST_JCZ);
	/* the phantom knight: a 2-tile city, 4, and the tower, 3 */
	ck_assert_int_eq(carc_game_is_over(g), 1);
	ck_assert_int_eq(carc_game_score(g, 0), 7);
	/* 3 players: 2 of each kind; the phantom is back in the supply */
	ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_TOWER), 1);
	ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_SHED), 2);
	ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_PHANTOM), 1);
	ck_assert_int_eq(carc_game_history_count(g),
			 3); /* place, build, phantom */
	carc_game_free(g);
}
END_TEST

/* JCZ's Little Buildings tests (JCloisterZone-Client engine-tests). */
START_TEST(jcz_suite_little_buildings)
{
	static const struct {
		const char *name;
		int32_t bob;
	} tests[] = {
		{ "jcz-suite/lb-standard.jcz", 17 }, /* "Bob has 17 points" */
		{ "jcz-suite/lb-321.jcz", 20 },      /* "Bob has 20 points" */
		/* "Bob has 37 points": a 9-tile city with 3 pennants (24)
		 * and buildings on 6 of its tiles, 1 + 3 + 1 + 3 + 3 + 2 = 13
		 * (doc/users/rules.md E11) */
		{ "jcz-suite/lb-321-alt.jcz", 37 },
	};

	for (size_t i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		struct carc_game *g = jcz_import_fixture(
			"JCZ_EXPANSIONS_DIR", tests[i].name);

		ck_assert_int_eq(carc_game_score(g, 1), tests[i].bob);
		ck_assert_int_eq(carc_game_score(g, 0), 0);
		ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
		assert_round_trip(g, tests[i].name);
		carc_game_free(g);
	}
}
END_TEST

/* Whether @p player scored a feature of @p kind (road, city, ...) for
 * @p points in @p g, at any move: the assertions "NAME scored city for N
 * points" of JCZ's engine tests.  A player scores a feature he has
 * figures on, whatever the points (0 for an open road with an inn). */
static bool
scored(const struct carc_game *g, uint32_t player, uint32_t kind,
       int32_t points)
{
	struct carc_game *at = fresh_copy(g);
	bool found = false;

	for (int i = 0; i < carc_game_history_count(g); i++) {
		carc_move_t m = 0;

		assert_ok(carc_game_history_at(g, (uint32_t)i, &m));
		assert_ok(carc_game_apply(at, m));
		for (int e = 0; e < carc_game_event_count(at); e++) {
			int32_t k = 0, fig = 0, pts = -1;

			carc_game_event_get(at, (uint32_t)e,
					    CARC_EVENT_FEATURE_KIND, &k);
			carc_game_event_get(at, (uint32_t)e,
					    CARC_EVENT_FIGURES + player, &fig);
			carc_game_event_get(at, (uint32_t)e,
					    CARC_EVENT_POINTS + player, &pts);
			found |= (uint32_t)k == kind && fig > 0 &&
				 pts == points;
		}
	}
	carc_game_free(at);
	return found;
}

/* JCZ's engine tests of Inns & Cathedrals and Traders & Builders
 * (JCloisterZone-Client 5.12.1 engine-tests/inns-and-cathedrals/ and
 * traders-and-builders/), with every assertion of their "test" member:
 * the points of each player, and who scored which feature for how much. */
START_TEST(jcz_suite_inns_and_traders)
{
	static const struct {
		const char *name;
		int32_t points[2];
		/* "NAME scored KIND for N points": player, kind, points */
		int scorings[2][3];
	} tests[] = {
		/* "Alice has 36 points", "Alice scored city for 36 points" */
		{ "jcz-suite/cathedrals-scoring-2.jcz", { 36, 0 },
		  { { 0, CARC_FEATURE_CITY, 36 }, { -1 } } },
		/* "Alice has 15 points", "Bob has 0 points", "Alice scored
		 * city for 15 points", "Bob scored city for 0 points" */
		{ "jcz-suite/cathedrals-scoring.jcz", { 15, 0 },
		  { { 0, CARC_FEATURE_CITY, 15 }, { 1, CARC_FEATURE_CITY, 0 } } },
		/* the same with roads and 6 points */
		{ "jcz-suite/inns-scoring.jcz", { 6, 0 },
		  { { 0, CARC_FEATURE_ROAD, 6 }, { 1, CARC_FEATURE_ROAD, 0 } } },
		/* "Alice has 10 points", "Bob has 10 points": a tie in
		 * cloth */
		{ "jcz-suite/cloth-scoring-tie.jcz", { 10, 10 }, { { -1 } } },
		/* "Alice has 10 points", "Bob has 0 points" */
		{ "jcz-suite/grain-scoring.jcz", { 10, 0 }, { { -1 } } },
		/* "Alice has 8 points", "Bob has 6 points": the pig adds one
		 * per city (element "pig" without the tile set) */
		{ "jcz-suite/pig-scoring.jcz", { 8, 6 }, { { -1 } } },
		/* "Oskar has 10 points", "Carol has 6 points" (Carol
		 * first) */
		{ "jcz-suite/wine-scoring.jcz", { 6, 10 }, { { -1 } } },
	};

	for (size_t i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		struct carc_game *g = jcz_import_fixture(
			"JCZ_EXPANSIONS_DIR", tests[i].name);

		for (uint32_t p = 0; p < 2; p++)
			ck_assert_msg(carc_game_score(g, p) ==
					      tests[i].points[p],
				      "%s: player %u has %d", tests[i].name,
				      p, carc_game_score(g, p));
		for (size_t k = 0; k < 2 && tests[i].scorings[k][0] >= 0; k++)
			ck_assert_msg(scored(g, (uint32_t)tests[i].scorings[k][0],
					     (uint32_t)tests[i].scorings[k][1],
					     tests[i].scorings[k][2]),
				      "%s: scoring %zu", tests[i].name, k);
		assert_round_trip(g, tests[i].name);
		carc_game_free(g);
	}
	/* a game of the river, inns, traders and the phantom exported by
	 * the library, which JCZ's engine replays to 16 3 13: the spring
	 * as start tile, the whole river first, large followers, a pig */
	{
		struct carc_game *g = jcz_import_fixture(
			"JCZ_EXPANSIONS_DIR", "river-inns-traders.jcz");
		int32_t river = 0;

		ck_assert_int_eq(carc_game_score(g, 0), 16);
		ck_assert_int_eq(carc_game_score(g, 1), 3);
		ck_assert_int_eq(carc_game_score(g, 2), 13);
		ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_GAME_OVER);
		assert_ok(carc_rules_get(carc_game_rules(g),
					 CARC_OPT_RIVER_U_TURN, &river));
		ck_assert_int_eq(river, CARC_RIVER_U_JCZ);
		assert_round_trip(g, "river-inns-traders.jcz");
		carc_game_free(g);
	}
	/* a set named with true, as JCZ 4's lists did: the same game */
	{
		size_t len;
		char *text = read_fixture("JCZ_EXPANSIONS_DIR",
					  "jcz-suite/inns-scoring.jcz", &len);
		char *doc = replace(text, "\"inns-and-cathedrals:1\": 1",
				    "\"inns-and-cathedrals:1\": true", 1);
		struct carc_game *g = jcz_import_ok(doc, strlen(doc), "true");

		ck_assert_int_eq(carc_game_score(g, 0), 6);
		ck_assert_int_eq(carc_game_score(g, 1), 0);
		carc_game_free(g);
		free(doc);
		free(text);
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* The crop-circle tiles                                                */
/* ------------------------------------------------------------------ */

/* JCZ's definition of a crop-circle tile (tile-definitions/
 * corn_circles.xml and corn_circles_ii.xml): its features as the sides
 * or half sides they reach, and the circle's type. */
static const struct crop_tile {
	const char *id5, *id4;
	uint32_t tile;
	int symbol;
	const char *features[4]; /* "city N W", "road E", "farm ..." */
} crop_tiles[] = {
	{ "CC.1/Cc.1",
	  "CC.Cc.1",
	  CARC_TILE_CCI_1,
	  CARC_SYMBOL_SHIELD,
	  { "city N W", "farm SL SR EL ER" } },
	{ "CC.1/CC.2",
	  "CC.CC.2",
	  CARC_TILE_CCI_2,
	  CARC_SYMBOL_SHIELD,
	  { "city N", "city E", "farm SL SR WL WR" } },
	{ "CC.1/CR",
	  "CC.CR",
	  CARC_TILE_CCI_3,
	  CARC_SYMBOL_PITCHFORK,
	  { "city N", "road E", "farm WL WR SL SR EL ER" } },
	{ "CC.1/Rr",
	  "CC.Rr",
	  CARC_TILE_CCI_4,
	  CARC_SYMBOL_CLUB,
	  { "road W S", "farm WR NL NR EL ER SL", "farm SR WL" } },
	{ "CC.1/RrC",
	  "CC.RrC",
	  CARC_TILE_CCI_5,
	  CARC_SYMBOL_PITCHFORK,
	  { "road S W", "city N", "farm WR EL ER SL", "farm WL SR" } },
	{ "CC.1/RRR",
	  "CC.RRR",
	  CARC_TILE_CCI_6,
	  CARC_SYMBOL_CLUB,
	  { "road N", "road W", "road S", "farm NR EL ER SL" } },
	{ "CC.2/RRr",
	  "C2.RRr",
	  CARC_TILE_CCII_1,
	  CARC_SYMBOL_CLUB,
	  { "road W S", "road E", "farm WR NL NR EL", "farm ER SL" } },
	{ "CC.2/RRRr",
	  "C2.RRRr",
	  CARC_TILE_CCII_2,
	  CARC_SYMBOL_CLUB,
	  { "road W S", "road N", "road E", "farm WR NL ER SL" } },
	{ "CC.2/CFR",
	  "C2.CFR",
	  CARC_TILE_CCII_3,
	  CARC_SYMBOL_PITCHFORK,
	  { "city N", "road S", "farm WR WL SL SR EL ER" } },
	{ "CC.2/RCR",
	  "C2.RCR",
	  CARC_TILE_CCII_4,
	  CARC_SYMBOL_PITCHFORK,
	  { "city N", "road W", "road E", "farm ER SL SR WL" } },
	{ "CC.2/CFC",
	  "C2.CFC",
	  CARC_TILE_CCII_5,
	  CARC_SYMBOL_SHIELD,
	  { "city N", "city S", "farm WL WR", "farm EL ER" } },
	{ "CC.2/CcCc",
	  "C2.CcCc",
	  CARC_TILE_CCII_6,
	  CARC_SYMBOL_SHIELD,
	  { "city W N", "city E S" } },
};

#define N_CROP_TILES (sizeof(crop_tiles) / sizeof(crop_tiles[0]))

/* The mask of carc_tile_feature_sides() for JCZ's parts: sides N E S W
 * are bits 0-3, half sides NL ... WR bits 0-7. */
static uint32_t
parts_mask(const char *parts, bool farm)
{
	static const char *const halves[8] = { "NL", "NR", "EL", "ER",
					       "SL", "SR", "WL", "WR" };
	static const char sides[4] = { 'N', 'E', 'S', 'W' };
	uint32_t mask = 0;
	char buf[64], *save = NULL;

	snprintf(buf, sizeof(buf), "%s", parts);
	for (char *t = strtok_r(buf, " ", &save); t;
	     t = strtok_r(NULL, " ", &save))
		for (uint32_t i = 0; i < (farm ? 8u : 4u); i++)
			if (farm ? strcmp(t, halves[i]) == 0
				 : (t[0] == sides[i] && t[1] == '\0'))
				mask |= 1u << i;
	return mask;
}

START_TEST(crop_tiles_match_jcz_definitions)
{
	const struct crop_tile *c = &crop_tiles[_i];
	uint32_t features[16];
	int n = carc_tile_features(c->tile, features, 16);

	ck_assert_int_eq(carc_tile_symbol(c->tile), c->symbol);
	ck_assert_int_gt(n, 0);
	/* every JCZ feature listed is one of ours, same kind, same sides */
	for (size_t k = 0; k < 4 && c->features[k]; k++) {
		const char *def = c->features[k];
		bool farm = strncmp(def, "farm", 4) == 0;
		uint32_t kind = farm ? CARC_FEATURE_FIELD
				: strncmp(def, "city", 4) == 0
					? CARC_FEATURE_CITY
					: CARC_FEATURE_ROAD;
		uint32_t want = parts_mask(def + 5, farm);
		bool found = false;

		for (int i = 0; i < n; i++)
			if ((features[i] >> 4) == kind &&
			    carc_tile_feature_sides(c->tile, 0, features[i]) ==
				    (int)want)
				found = true;
		ck_assert_msg(found, "%s: no %s", c->id5, def);
	}
	/* no pennant, no monastery on a crop-circle tile */
	for (int i = 0; i < n; i++) {
		ck_assert_uint_ne(features[i] >> 4, CARC_FEATURE_MONASTERY);
		if ((features[i] >> 4) == CARC_FEATURE_CITY)
			ck_assert_int_eq(carc_tile_feature_pennants(
						 c->tile, features[i]),
					 0);
	}
}
END_TEST

/* A document whose draw order lists the twelve tiles (and ends the
 * game with them), in the JCZ 5 or the JCZ 4 layout. */
static char *
crop_order_doc(bool layout5)
{
	size_t cap = 4096, len = 0;
	char *d = malloc(cap);

	ck_assert_ptr_nonnull(d);
	if (layout5)
		len += (size_t)snprintf(
			d + len, cap - len,
			"{\"setup\": {\"sets\": {\"basic:1\": 1, "
			"\"corn-circles/1\": 1, \"corn-circles/2\": 1},"
			" \"elements\": {\"small-follower\": 7, "
			"\"farmers\": true}, \"rules\": {}},"
			" \"players\": [{\"name\": \"A\", \"slot\": 0}, "
			"{\"name\": \"B\", \"slot\": 1}],"
			" \"replay\": [], "
			"\"gameAnnotations\": {\"drawOrder\": [");
	else
		len += (size_t)snprintf(
			d + len, cap - len,
			"{\"setup\": {\"expansions\": {\"BASIC\": 1, "
			"\"CORN_CIRCLES\": 1, \"CORN_CIRCLES_II\": 1},"
			" \"rules\": {}}, \"slots\": [{\"number\": 0}, "
			"{\"number\": 1}],"
			" \"replay\": [], \"annotations\": {\"tilePack\": "
			"{\"params\": {\"drawOrder\": [");
	for (size_t i = 0; i < N_CROP_TILES; i++)
		len += (size_t)snprintf(d + len, cap - len, "\"%s\", ",
					layout5 ? crop_tiles[i].id5
						: crop_tiles[i].id4);
	snprintf(d + len, cap - len, "\"#END\"]}%s}", layout5 ? "" : "}}");
	return d;
}

START_TEST(crop_tile_ids_both_spellings)
{
	for (int layout5 = 0; layout5 < 2; layout5++) {
		char *doc = crop_order_doc(layout5);
		struct carc_game *g = jcz_import_ok(doc, strlen(doc), doc);
		uint32_t order[32];

		ck_assert_int_eq(carc_game_draw_order(g, order, 32),
				 (int)N_CROP_TILES);
		for (size_t i = 0; i < N_CROP_TILES; i++)
			ck_assert_uint_eq(order[i], crop_tiles[i].tile);
		/* and the export writes the JCZ 5 spelling */
		{
			char *text = export_game(g);

			for (size_t i = 0; i < N_CROP_TILES; i++) {
				char q[32];

				snprintf(q, sizeof(q), "\"%s\"",
					 crop_tiles[i].id5);
				ck_assert_msg(strstr(text, q), "no %s", q);
			}
			ck_assert_ptr_null(strstr(text, "\"C2."));
			free(text);
		}
		carc_game_free(g);
		free(doc);
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* Export                                                               */
/* ------------------------------------------------------------------ */

/* What the export of a hand-made game holds: JCZ leaves out what it
 * skips, the rest is written.  Each text is counted in the export. */
static const struct export_case {
	const char *fixture;
	struct {
		const char *text;
		int count;
	} want[6];	/* until text NULL */
} export_cases[] = {
	/* no crop-circle choice on an empty board */
	{ "crop-no-figures.jcz",
	  { { "CIRCLE_REMOVE_OR_DEPLOY", 0 },
	    { "\"corn-circles/2\"", 1 },
	    { "\"corn-circle\": true", 1 },
	    { "\"CC.2/CFC\"", 2 } } },
	/* no phantom phase when the phantom has nowhere to go */
	{ "phantom-phase-skipped.jcz",
	  { { "\"PASS\"", 0 },
	    { "\"COMMIT\"", 1 },
	    { "\"phantom\": 1", 1 } } },
	/* the crop-circle action: a COMMIT after each removal */
	{ "crop-remove.jcz",
	  { { "\"CIRCLE_REMOVE_OR_DEPLOY\"", 1 },
	    { "\"REMOVE\"", 1 },
	    { "\"RETURN_MEEPLE\"", 2 },
	    { "\"CORN_CIRCLE\"", 2 },
	    { "\"1.phantom.1\"", 2 },
	    { "\"COMMIT\"", 7 + 2 } } },
	{ "crop-deploy.jcz",
	  { { "\"DEPLOY\"", 1 },
	    { "\"1.small.1\"", 1 },
	    { "\"0.small.2\"", 1 },
	    { "\"COMMIT\"", 7 + 2 } } },
	/* buildings */
	{ "lb-phantom.jcz",
	  { { "\"PLACE_TOKEN\"", 1 },
	    { "\"LB_HOUSE\"", 1 },
	    { "\"little-buildings\": 1", 1 },
	    { "\"little-buildings-scoring\": \"1/1/1\"", 1 },
	    { "\"0.phantom.1\"", 1 } } },
};

#define N_EXPORT_CASES (sizeof(export_cases) / sizeof(export_cases[0]))

START_TEST(export_leaves_out_what_jcz_skips)
{
	const struct export_case *c = &export_cases[_i];
	struct carc_game *g = jcz_import_fixture("JCZ_EXPANSIONS_DIR",
						 c->fixture);
	char *text = export_game(g);

	for (size_t k = 0; k < 6 && c->want[k].text; k++) {
		int n = count_substr(text, c->want[k].text);

		ck_assert_msg(n == c->want[k].count, "%s: %d times %s, want %d",
			      c->fixture, n, c->want[k].text,
			      c->want[k].count);
	}
	free(text);
	carc_game_free(g);
}
END_TEST

/* Options of the expansions JCZ does not play are refused, and
 * carc_jcz_export_check() names them. */
START_TEST(export_refuses_what_jcz_cannot_play)
{
	static const struct {
		int32_t opts[12];
		const char *why; /* NULL: exported */
	} cases[] = {
		/* standard values with the rules' interchangeable tokens */
		{ { CARC_OPT_LITTLE_BUILDINGS, 1, 0 },
		  "option lb-distribution is rules: with standard values "
		  "JCloisterZone deals the tokens by kind (lb-distribution "
		  "jcz)" },
		{ { CARC_OPT_LITTLE_BUILDINGS, 1, CARC_OPT_LB_DISTRIBUTION,
		    CARC_LB_DIST_JCZ, 0 },
		  NULL },
		/* with 3/2/1 both distributions are JCZ's */
		{ { CARC_OPT_LITTLE_BUILDINGS, 1, CARC_OPT_LB_SCORING,
		    CARC_LB_321, 0 },
		  NULL },
		{ { CARC_OPT_LITTLE_BUILDINGS, 1, CARC_OPT_LB_DISTRIBUTION,
		    CARC_LB_DIST_JCZ, CARC_OPT_LB_ZERO_FIELD, 0, 0 },
		  "option lb-zero-field is off: JCloisterZone plays only on" },
		{ { CARC_OPT_CROP_CIRCLES_I, 1, CARC_OPT_CROP_DEPLOY_ANY, 1,
		    0 },
		  "option crop-deploy-any is on: JCloisterZone plays only off" },
		{ { CARC_OPT_CROP_CIRCLES_II, 1, CARC_OPT_CROP_DEPLOY_MANDATORY,
		    1, 0 },
		  "option crop-deploy-mandatory is on: JCloisterZone plays only "
		  "off" },
		{ { CARC_OPT_PHANTOM, 1, CARC_OPT_CROP_PHANTOM, 0, 0 },
		  "option crop-phantom is off: JCloisterZone plays only on" },
		{ { CARC_OPT_PHANTOM, 1, CARC_OPT_CROP_AFTER_PHANTOM, 0, 0 },
		  "option crop-after-phantom is off: JCloisterZone plays only "
		  "on" },
		{ { CARC_OPT_PHANTOM, 1, CARC_OPT_CROP_CIRCLES_I, 1,
		    CARC_OPT_CROP_CIRCLES_II, 1, 0 },
		  NULL },
		/* The River: JCZ's river rule, no D in the river stack */
		{ { CARC_OPT_RIVER, 1, 0 },
		  "option river-u-turn is adjacent: JCloisterZone has only its "
		  "own river rule (river-u-turn jcz)" },
		{ { CARC_OPT_RIVER, 1, CARC_OPT_RIVER_U_TURN,
		    CARC_RIVER_U_SUCCESSIVE, 0 },
		  "option river-u-turn is successive: JCloisterZone has only "
		  "its own river rule (river-u-turn jcz)" },
		{ { CARC_OPT_RIVER, 1, CARC_OPT_RIVER_U_TURN, CARC_RIVER_U_JCZ,
		    0 },
		  NULL },
		{ { CARC_OPT_RIVER, 1, CARC_OPT_RIVER_U_TURN, CARC_RIVER_U_JCZ,
		    CARC_OPT_RIVER_START_TILE, CARC_RIVER_START_AFTER_RIVER,
		    0 },
		  NULL },
		{ { CARC_OPT_RIVER, 1, CARC_OPT_RIVER_U_TURN, CARC_RIVER_U_JCZ,
		    CARC_OPT_RIVER_START_TILE, CARC_RIVER_START_IN_RIVER_STACK,
		    0 },
		  "option river-start-tile is in-river-stack: JCloisterZone "
		  "draws the whole river before any other tile "
		  "(river-start-tile removed or after-river)" },
		/* JCZ's lake is an ordinary turn */
		{ { CARC_OPT_RIVER, 1, CARC_OPT_RIVER_U_TURN, CARC_RIVER_U_JCZ,
		    CARC_OPT_RIVER_LAKE_TURN, CARC_RIVER_LAKE_AUTOMATIC, 0 },
		  "option river-lake-turn is automatic: JCloisterZone draws "
		  "and places the lake as an ordinary turn (river-lake-turn "
		  "turn)" },
		/* Inns & Cathedrals as it is */
		{ { CARC_OPT_INNS_CATHEDRALS, 1, 0 }, NULL },
		/* Traders & Builders: the second tile always, the phantom
		 * after the builder or pig */
		{ { CARC_OPT_TRADERS_BUILDERS, 1, 0 },
		  "option builder-turn is optional: JCloisterZone always plays "
		  "the builder's second tile (builder-turn mandatory)" },
		{ { CARC_OPT_TRADERS_BUILDERS, 1, CARC_OPT_BUILDER_TURN,
		    CARC_BUILDER_TURN_MANDATORY, 0 },
		  NULL },
		{ { CARC_OPT_TRADERS_BUILDERS, 1, CARC_OPT_BUILDER_TURN,
		    CARC_BUILDER_TURN_MANDATORY, CARC_OPT_PHANTOM_WITH_FIGURE, 0,
		    0 },
		  "option phantom-with-figure is off: JCloisterZone offers the "
		  "phantom after the builder or the pig (phantom-with-figure "
		  "on)" },
		/* the builder on a feature its tile completes: both values
		 * export (only such a move is refused) */
		{ { CARC_OPT_TRADERS_BUILDERS, 1, CARC_OPT_BUILDER_TURN,
		    CARC_BUILDER_TURN_MANDATORY, CARC_OPT_BUILDER_ON_COMPLETED,
		    0, 0 },
		  NULL },
		/* options without JCZ value names: plain numbers would show */
		{ { CARC_OPT_FARM_SCORING, CARC_FARM_PER_CITY, 0 },
		  "option farm-scoring is per-city: JCloisterZone plays only "
		  "per-field" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct carc_rules_builder *b = NULL;
		struct carc_rules *r = NULL;
		struct carc_game *g = NULL;
		char buf[8] = "x", why[256] = "x";
		int rc;

		assert_ok(carc_rules_builder_new(&b));
		for (size_t k = 0; cases[i].opts[k]; k += 2)
			assert_ok(carc_rules_builder_set(
				b, (uint32_t)cases[i].opts[k],
				cases[i].opts[k + 1]));
		assert_ok(carc_rules_builder_build(b, &r));
		carc_rules_builder_free(b);
		assert_ok(carc_game_new(r, 2, 7, &g));
		carc_rules_unref(r);
		rc = carc_jcz_export(g, buf, sizeof(buf));
		if (cases[i].why) {
			ck_assert_msg(rc == CARC_E_NOT_ALLOWED, "case %zu: %d",
				      i, rc);
			ck_assert_str_eq(buf, "");
			ck_assert_int_eq(carc_jcz_export_check(g, why,
							       sizeof(why)),
					 CARC_E_NOT_ALLOWED);
			ck_assert_str_eq(why, cases[i].why);
		} else {
			ck_assert_msg(rc > 0, "case %zu: %d", i, rc);
			assert_ok(carc_jcz_export_check(g, why, sizeof(why)));
			ck_assert_str_eq(why, "");
		}
		carc_game_free(g);
	}
}
END_TEST

/* The stack: no more tiles of a kind than JCZ's sets, and the whole
 * river; a builder on a feature its tile completes; bad arguments. */
START_TEST(export_check_stack_and_moves)
{
	struct carc_rules_builder *b = NULL;
	struct carc_rules *r = NULL;
	struct carc_game *g = NULL;
	char why[256];
	bool found = false;

	/* a river without one of its tiles */
	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_RIVER, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_RIVER_U_TURN,
					 CARC_RIVER_U_JCZ));
	assert_ok(carc_rules_builder_set_tile_count(b, CARC_TILE_RI_10, 1));
	assert_ok(carc_rules_builder_build(b, &r));
	assert_ok(carc_game_new(r, 2, 7, &g));
	carc_rules_unref(r);
	ck_assert_int_eq(carc_jcz_export(g, NULL, 0), CARC_E_NOT_ALLOWED);
	ck_assert_int_eq(carc_jcz_export_check(g, why, sizeof(why)),
			 CARC_E_NOT_ALLOWED);
	ck_assert_str_eq(why, "the stack leaves out river tiles (RI.1/II): "
			      "JCloisterZone draws the whole river first");
	carc_game_free(g);
	/* five D: the start tile after the river and four more */
	assert_ok(carc_rules_builder_set_tile_count(b, CARC_TILE_RI_10, 2));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_RIVER_START_TILE,
					 CARC_RIVER_START_AFTER_RIVER));
	assert_ok(carc_rules_builder_set_tile_count(b, CARC_TILE_D, 4));
	assert_ok(carc_rules_builder_build(b, &r));
	assert_ok(carc_game_new(r, 2, 7, &g));
	carc_rules_unref(r);
	ck_assert_int_eq(carc_jcz_export_check(g, why, sizeof(why)),
			 CARC_E_NOT_ALLOWED);
	ck_assert_str_eq(why, "the stack holds 5 tiles D (BA/RCr), "
			      "JCloisterZone's tile sets 4");
	/* a message cut to its buffer; no buffer */
	ck_assert_int_eq(carc_jcz_export_check(g, why, 4), CARC_E_NOT_ALLOWED);
	ck_assert_str_eq(why, "the");
	ck_assert_int_eq(carc_jcz_export_check(g, NULL, 0), CARC_E_NOT_ALLOWED);
	ck_assert_int_eq(carc_jcz_export_check(g, NULL, 4), CARC_E_INVALID);
	ck_assert_int_eq(carc_jcz_export_check(NULL, why, sizeof(why)),
			 CARC_E_INVALID);
	carc_game_free(g);
	carc_rules_builder_free(b);

	/* a builder on the road or city its tile completes: legal for the
	 * engine, refused by JCZ */
	r = NULL;
	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_TRADERS_BUILDERS, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_BUILDER_TURN,
					 CARC_BUILDER_TURN_MANDATORY));
	assert_ok(carc_rules_builder_build(b, &r));
	carc_rules_builder_free(b);
	for (uint64_t seed = 1; seed < 200 && !found; seed++) {
		struct random_game rg;

		assert_ok(carc_game_new(r, 2, seed, &g));
		random_game_start(&rg, g, seed);
		while (!found && random_game_next(&rg)) {
			for (int k = 0; k < rg.n && !found; k++) {
				carc_move_t m = rg.moves[k];

				if (carc_move_kind(m) != CARC_MOVE_DEPLOY ||
				    carc_move_figure(m) != CARC_FIGURE_BUILDER ||
				    carc_game_feature_is_complete(
					    g, carc_move_x(m), carc_move_y(m),
					    carc_move_feature(m)) <= 0)
					continue;
				assert_ok(carc_game_apply(g, m));
				found = true;
			}
			if (!found)
				random_game_play(&rg);
		}
		random_game_end(&rg);
		if (found) {
			char want[128];

			snprintf(want, sizeof(want),
				 "move %d: a builder on a road or city that "
				 "its tile completes: JCloisterZone does not "
				 "allow it",
				 carc_game_history_count(g));
			ck_assert_int_eq(carc_jcz_export(g, NULL, 0),
					 CARC_E_NOT_ALLOWED);
			ck_assert_int_eq(carc_jcz_export_check(g, why,
							       sizeof(why)),
					 CARC_E_NOT_ALLOWED);
			ck_assert_str_eq(why, want);
		}
		carc_game_free(g);
	}
	ck_assert(found);
	carc_rules_unref(r);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Bad input                                                            */
/* ------------------------------------------------------------------ */

/* Replace the @p nth (from 1) occurrence of @p old in @p text. */
static char *
replace(const char *text, const char *old, const char *new, int nth)
{
	const char *p = text;
	size_t lo = strlen(old), ln = strlen(new), lt = strlen(text);
	char *out;

	for (int i = 0; i < nth; i++) {
		p = strstr(i ? p + 1 : p, old);
		ck_assert_msg(p != NULL, "'%s' not found %d times", old, nth);
	}
	out = malloc(lt - lo + ln + 1);
	ck_assert_ptr_nonnull(out);
	memcpy(out, text, (size_t)(p - text));
	memcpy(out + (p - text), new, ln);
	memcpy(out + (p - text) + ln, p + lo, lt - (size_t)(p - text) - lo + 1);
	return out;
}

static const struct bad {
	const char *fixture, *old, *new;
	int nth, code;
	const char *msg; /* the whole message */
} bad_inputs[] = {
	{ "crop-remove.jcz", "\"REMOVE\"", "\"MAYBE\"", 1, CARC_E_PARSE,
	  "replay[18] CIRCLE_REMOVE_OR_DEPLOY: value 'MAYBE' is neither DEPLOY "
	  "nor REMOVE" },
	{ "crop-remove.jcz", "\"value\": \"REMOVE\"", "\"choice\": \"REMOVE\"",
	  1, CARC_E_PARSE,
	  "replay[18] CIRCLE_REMOVE_OR_DEPLOY: payload: no member 'value'" },
	{ "crop-remove.jcz", "\"CORN_CIRCLE\"", "\"FESTIVAL\"", 1,
	  CARC_E_UNKNOWN_OPTION,
	  "replay[19] RETURN_MEEPLE: source 'FESTIVAL': the library returns "
	  "figures only for a crop circle" },
	{ "crop-remove.jcz", "\"meepleId\": \"1.phantom.1\"",
	  "\"meepleId\": \"0.small.1\"", 2, CARC_E_WRONG_PHASE,
	  "replay[19] RETURN_MEEPLE: meeple '0.small.1' is not of player 1, "
	  "who is to remove one" },
	{ "crop-remove.jcz", "\"meepleId\": \"1.phantom.1\"",
	  "\"meepleId\": \"1.small.1\"", 2, CARC_E_NOT_FOUND,
	  "replay[19] RETURN_MEEPLE: meeple '1.small.1' is not on location "
	  "'SW' of the tile at -1,1" },
	{ "crop-remove.jcz", "\"location\": \"SW\",\n            \"feature\"",
	  "\"location\": \"NE\",\n            \"feature\"", 1,
	  CARC_E_NO_FEATURE,
	  "replay[19] RETURN_MEEPLE: the tile at -1,1 has no feature at "
	  "location 'NE'" },
	{ "crop-remove.jcz", "\"featurePointer\"", "\"where\"", 1, CARC_E_PARSE,
	  "replay[19] RETURN_MEEPLE: pointer: no member 'position'" },
	{ "crop-remove.jcz", "\"location\": \"SW\",\n            \"feature\"",
	  "\"location\": \"QQ\",\n            \"feature\"", 1, CARC_E_PARSE,
	  "replay[19] RETURN_MEEPLE: unknown location 'QQ'" },
	{ "crop-remove.jcz", "[\n              -1,\n              1\n            ]",
	  "[9, 9]", 1, CARC_E_NOT_FOUND,
	  "replay[19] RETURN_MEEPLE: no tile at 9,9" },
	{ "crop-remove.jcz", "\"featurePointer\": {",
	  "\"featurePointer\": 5, \"x\": {", 1, CARC_E_PARSE,
	  "replay[19] RETURN_MEEPLE: pointer: 'featurePointer' is not an "
	  "object" },
	{ "crop-remove.jcz", "\"source\": \"CORN_CIRCLE\"",
	  "\"origin\": \"CORN_CIRCLE\"", 1, CARC_E_PARSE,
	  "replay[19] RETURN_MEEPLE: payload: no member 'source'" },
	{ "crop-remove.jcz", "\"pointer\": {\n          \"featurePointer\"",
	  "\"pointr\": {\n          \"featurePointer\"", 1, CARC_E_PARSE,
	  "replay[19] RETURN_MEEPLE: payload: no member 'pointer'" },
	{ "crop-deploy.jcz", "\"DEPLOY\"", "\"REMOVE\"", 1, CARC_E_WRONG_PHASE,
	  "replay[19] DEPLOY_MEEPLE: no follower can go on location 'SW' of "
	  "the tile at -1,1 (move not allowed at this decision point)" },
	{ "crop-deploy.jcz",
	  "\"player\": 0\n    },\n    {\n      \"type\": \"CIRCLE",
	  "\"player\": 0\n    },\n    {\n      \"type\": \"PASS\", "
	  "\"payload\": {}\n    },\n    {\n      \"type\": \"CIRCLE",
	  1, CARC_E_WRONG_PHASE,
	  "replay[18] PASS: the player cannot pass here (move not allowed at "
	  "this decision point)" },
	{ "crop-three-players.jcz",
	  "\"player\": 2\n    },\n    {\n      \"type\": \"RETURN",
	  "\"player\": 1\n    },\n    {\n      \"type\": \"RETURN", 1,
	  CARC_E_WRONG_PHASE,
	  "replay[9] CIRCLE_REMOVE_OR_DEPLOY: player 1 is not to move "
	  "(player 2 is)" },
	/* The River, Inns & Cathedrals, Traders & Builders: a set with all
	 * its elements, figures one each (jcz-parts.c) */
	{ "jcz-suite/inns-scoring.jcz", "\"inns-and-cathedrals:1\": 1",
	  "\"inns-and-cathedrals:1\": 2", 1, CARC_E_UNKNOWN_OPTION,
	  "tile set 'inns-and-cathedrals:1' is not 1: the library has one "
	  "copy of it" },
	{ "jcz-suite/inns-scoring.jcz", "\"big-follower\": 1",
	  "\"big-follower\": 2", 1, CARC_E_UNKNOWN_OPTION,
	  "element 'big-follower': the library plays one per player, or "
	  "none" },
	{ "jcz-suite/inns-scoring.jcz", "\"big-follower\": 1",
	  "\"big-follower\": -1", 1, CARC_E_UNKNOWN_OPTION,
	  "element 'big-follower': the library plays one per player, or "
	  "none" },
	{ "jcz-suite/inns-scoring.jcz", "\"big-follower\": 1",
	  "\"big-follower\": 0", 1, CARC_E_UNKNOWN_OPTION,
	  "tile set 'inns-and-cathedrals:1' without element 'big-follower': "
	  "the library plays Inns & Cathedrals with all its parts" },
	{ "jcz-suite/inns-scoring.jcz", "\"cathedral\": true,", "", 1,
	  CARC_E_UNKNOWN_OPTION,
	  "tile set 'inns-and-cathedrals:1' without element 'cathedral': the "
	  "library plays Inns & Cathedrals with all its parts" },
	{ "jcz-suite/grain-scoring.jcz", "\"traders\": true,", "", 1,
	  CARC_E_UNKNOWN_OPTION,
	  "tile set 'traders-and-builders:1' without element 'traders': the "
	  "library plays Traders & Builders with all its parts" },
	{ "jcz-suite/pig-scoring.jcz", "\"pig\": 1", "\"pig\": true", 1,
	  CARC_E_UNKNOWN_OPTION,
	  "element 'pig': the library plays one per player, or none" },
	{ "jcz-suite/pig-scoring.jcz", "\"farmers\": true,",
	  "\"farmers\": true, \"river\": true,", 1, CARC_E_UNKNOWN_OPTION,
	  "element 'river' without tile set 'river/1:1': the library has no "
	  "other river" },
	{ "jcz-suite/pig-scoring.jcz", "\"basic:1\": 1",
	  "\"basic:1\": 1, \"river/1:1\": 1", 1, CARC_E_UNKNOWN_OPTION,
	  "tile set 'river/1:1' without element 'river': the library plays "
	  "The River with all its parts" },
	/* no pig: the element's 0 */
	{ "jcz-suite/pig-scoring.jcz", "\"pig\": 1", "\"pig\": 0", 1,
	  CARC_E_NOT_ALLOWED,
	  "replay[7] DEPLOY_MEEPLE: no pig can go on location "
	  "'NL.NR.EL.ER.SL.SR' of the tile at -1,-1 (not allowed by the rules "
	  "in force)" },
	{ "jcz-suite/pig-scoring.jcz", "\"0.pig.1\"", "\"0.pig.2\"", 1,
	  CARC_E_NO_MEEPLE,
	  "replay[7] DEPLOY_MEEPLE: meeple '0.pig.2': the player has one pig" },
	/* the spring starts a river game */
	{ "jcz-suite/pig-scoring.jcz",
	  "\"basic:1\": 1\n    },\n    \"elements\": {",
	  "\"basic:1\": 1, \"river/1:1\": 1\n    },\n    \"elements\": "
	  "{\"river\": true,", 1, CARC_E_NOT_ALLOWED,
	  "setup.start: the library starts with one RI/s at 0,0, rotation 0" },
	{ "lb-road-tower.jcz", "\"LB_TOWER\"", "\"LB_CASTLE\"", 1,
	  CARC_E_UNKNOWN_OPTION,
	  "replay[4] PLACE_TOKEN: token 'LB_CASTLE': the library has only the "
	  "little buildings LB_SHED, LB_HOUSE and LB_TOWER" },
	{ "lb-road-tower.jcz", "\"token\": \"LB_TOWER\"", "\"token\": 3", 1,
	  CARC_E_PARSE,
	  "replay[4] PLACE_TOKEN: payload: 'token' is neither a name nor "
	  "[class, name]" },
	{ "lb-road-tower.jcz", "\"pointer\": [\n          -1,",
	  "\"pointer\": [\n          1,", 1, CARC_E_WRONG_TILE,
	  "replay[4] PLACE_TOKEN: no LB_TOWER can go on the tile at 1,0 "
	  "(figures go only on the tile just placed)" },
	{ "lb-road-tower.jcz",
	  "\"pointer\": [\n          -1,\n          0\n        ]",
	  "\"pointer\": {\"position\": [-1, 0]}", 1, CARC_E_PARSE,
	  "replay[4] PLACE_TOKEN: payload: 'pointer' is not an array" },
	/* without the element (0 would still turn it on, as in JCZ) */
	{ "lb-road-tower.jcz", "\"farmers\": true,\n      "
	  "\"little-buildings\": 1", "\"farmers\": true", 1,
	  CARC_E_NOT_ALLOWED,
	  "replay[4] PLACE_TOKEN: no LB_TOWER can go on the tile at -1,0 (not "
	  "allowed by the rules in force)" },
	{ "lb-road-tower.jcz", "\"1/1/1\"", "\"2/2/2\"", 1,
	  CARC_E_UNKNOWN_OPTION,
	  "rule 'little-buildings-scoring' is neither \"1/1/1\" nor "
	  "\"3/2/1\"" },
	{ "phantom-follower-and-phantom.jcz", "\"phantom\": 1",
	  "\"phantom\": 2", 1, CARC_E_UNKNOWN_OPTION,
	  "element 'phantom': the library plays with one phantom per player, "
	  "or none" },
	/* no phantom: the follower's city ends the 1-tile game */
	{ "phantom-follower-and-phantom.jcz", "\"phantom\": 1",
	  "\"phantom\": 0", 1, CARC_E_GAME_OVER,
	  "replay[2] DEPLOY_MEEPLE: the game is over" },
	{ "phantom-follower-and-phantom.jcz", "0.phantom.1", "0.phantom2.1", 1,
	  CARC_E_UNKNOWN_OPTION,
	  "replay[2] DEPLOY_MEEPLE: meeple '0.phantom2.1': the library has no "
	  "figure 'phantom2'" },
	{ "phantom-in-action-phase.jcz",
	  "    {\n      \"type\": \"PASS\",\n      \"payload\": {},\n      "
	  "\"player\": 1\n    },\n",
	  "", 1, CARC_E_WRONG_PHASE,
	  "replay[5] COMMIT: the turn is not over: the game waits for a "
	  "phantom move" },
	{ "crop-deploy.jcz", "\"corn-circles/1\": 1", "\"corn-circles/1\": 2",
	  1, CARC_E_UNKNOWN_OPTION,
	  "tile set 'corn-circles/1' 2 times: the library has each crop-circle "
	  "tile once" },
	{ "crop-deploy.jcz", "\"corn-circles/1\": 1", "\"corn-circles/3\": 1",
	  1, CARC_E_UNKNOWN_OPTION,
	  "tile set 'corn-circles/3': the library does not have it" },
	{ "crop-deploy.jcz", "\"CC.1/Rr\"", "\"CC.3/Rr\"", 1,
	  CARC_E_UNKNOWN_TILE,
	  "replay[14] PLACE_TILE: unknown tile 'CC.3/Rr' (a tile of an "
	  "expansion or edition the library does not have)" },
};

#define N_BAD (sizeof(bad_inputs) / sizeof(bad_inputs[0]))

START_TEST(bad_input_is_named)
{
	const struct bad *b = &bad_inputs[_i];
	size_t len;
	char *text = read_fixture("JCZ_EXPANSIONS_DIR", b->fixture, &len);
	char *doc = replace(text, b->old, b->new, b->nth);
	struct carc_game *g = (struct carc_game *)&len; /* must stay */
	uint32_t line = 0, col = 99;
	char msg[512];
	int rc = carc_jcz_import(doc, strlen(doc), &g, &line, &col, msg,
				 sizeof(msg));

	ck_assert_msg(rc == b->code, "case %d: %d (%s): %s", _i, rc,
		      carc_strerror(rc), msg);
	ck_assert_str_eq(msg, b->msg);
	ck_assert_ptr_eq(g, (struct carc_game *)&len);
	ck_assert_uint_gt(line, 0);
	ck_assert_uint_eq(col, 0);
	free(doc);
	free(text);
}
END_TEST

/* The phantom and PASS: JCZ's PASS in the action phase ends the phantom's
 * chance too (Phase.handlePass, NO_PHANTOM); the phantom alone goes down
 * in the action phase.  The order libcarcassonne 0.4 wrote (a PASS, then
 * the phantom step's PASS or DEPLOY_MEEPLE) is still read.  Export
 * writes JCZ's order: one PASS, or the phantom's DEPLOY_MEEPLE alone. */
#define PH_HEAD \
	"{\"setup\": {\"sets\": {\"basic:1\": 1}, \"elements\": " \
	"{\"small-follower\": 7, \"farmers\": true, \"phantom\": 1}, " \
	"\"rules\": {}},\n \"players\": [{\"name\": \"A\"}, {\"name\": " \
	"\"B\"}],\n \"replay\": [\n" \
	"  {\"type\": \"PLACE_TILE\", \"payload\": {\"tileId\": \"BA/C\", " \
	"\"rotation\": \"R180\", \"position\": [0, -1]}},\n"
#define PH_PASS "  {\"type\": \"PASS\", \"payload\": {}},\n"
#define PH_PHANTOM \
	"  {\"type\": \"DEPLOY_MEEPLE\", \"payload\": {\"pointer\": " \
	"{\"position\": [0, -1], \"location\": \"S\", \"feature\": " \
	"\"City\"}, \"meepleId\": \"0.phantom.1\"}},\n"
#define PH_TAIL "  {\"type\": \"COMMIT\", \"payload\": {\"random\": 0.0}}]}"

static const struct {
	const char *doc;
	bool phantom;	/* the phantom went down, else both steps passed */
} phantom_orders[] = {
	{ PH_HEAD PH_PASS PH_TAIL, false },		/* JCZ */
	{ PH_HEAD PH_PHANTOM PH_TAIL, true },		/* JCZ */
	{ PH_HEAD PH_PASS PH_PASS PH_TAIL, false },	/* 0.4 */
	{ PH_HEAD PH_PASS PH_PHANTOM PH_TAIL, true },	/* 0.4 */
	{ PH_HEAD PH_PASS "  {\"type\": \"PLACE_TILE\", \"payload\": "
	  "{\"tileId\": \"BA/C\", \"rotation\": \"R180\", \"position\": "
	  "[0, 1]}}]}", false },			/* no COMMIT */
};

#define N_PHANTOM_ORDERS (sizeof(phantom_orders) / sizeof(phantom_orders[0]))

START_TEST(phantom_pass_order)
{
	const char *doc = phantom_orders[_i].doc;
	struct carc_game *g = jcz_import_ok(doc, strlen(doc), doc);
	carc_move_t m = 0;
	int len = carc_jcz_export(g, NULL, 0);
	char *text = malloc((size_t)len + 1);
	const char *p;
	int passes = 0;

	ck_assert_ptr_nonnull(text);
	ck_assert_int_ge(carc_game_history_count(g), 3);
	assert_ok(carc_game_history_at(g, 1, &m));
	ck_assert_uint_eq(m, carc_move_pass());
	assert_ok(carc_game_history_at(g, 2, &m));
	if (phantom_orders[_i].phantom)
		ck_assert_uint_eq(m, carc_move_deploy(CARC_FIGURE_PHANTOM, 0,
						      -1, CARC_C1));
	else
		ck_assert_uint_eq(m, carc_move_pass());
	ck_assert_int_eq(carc_game_current_player(g), 1);
	ck_assert_int_eq(carc_jcz_export(g, text, (size_t)len + 1), len);
	for (p = text; (p = strstr(p, "\"PASS\"")) != NULL; p++)
		passes++;
	ck_assert_int_eq(passes, phantom_orders[_i].phantom ? 0 : 1);
	ck_assert_int_eq(strstr(text, "\"0.phantom.1\"") != NULL,
			 phantom_orders[_i].phantom);
	free(text);
	carc_game_free(g);
}
END_TEST

#define PHANTOM_ELEMENT(value)                                              \
	"{\"setup\": {\"sets\": {\"basic:1\": 1}, \"elements\": "           \
	"{\"small-follower\": 7, \"phantom\": " value "}},\n"                \
	" \"players\": [{}, {}], \"replay\": []}"
#define PHANTOM_COUNT_MSG                                                   \
	"element 'phantom': the library plays with one phantom per player, "  \
	"or none"

/* The element "phantom" is a count (JCZ's engine refuses a boolean there:
 * it parses the value as a number), and messages of the expansions where
 * the game does not expect them. */
START_TEST(phantom_element_and_misplaced_messages)
{
	static const struct {
		const char *doc;
		int code;
		const char *msg;
	} cases[] = {
		{ PHANTOM_ELEMENT("1"), 0, "" },
		{ PHANTOM_ELEMENT("0"), 0, "" },
		{ PHANTOM_ELEMENT("true"), CARC_E_UNKNOWN_OPTION,
		  PHANTOM_COUNT_MSG },
		{ PHANTOM_ELEMENT("false"), CARC_E_UNKNOWN_OPTION,
		  PHANTOM_COUNT_MSG },
		{ PHANTOM_ELEMENT("\"1\""), CARC_E_UNKNOWN_OPTION,
		  PHANTOM_COUNT_MSG },
		{ PH_HEAD "  {\"type\": \"CIRCLE_REMOVE_OR_DEPLOY\", "
		  "\"payload\": {\"value\": \"DEPLOY\"}}]}", CARC_E_WRONG_PHASE,
		  "replay[1] CIRCLE_REMOVE_OR_DEPLOY: no crop-circle choice is "
		  "due here (the game waits for a deploy move)" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct carc_game *g = NULL;
		char msg[256];
		int rc = carc_jcz_import(cases[i].doc, strlen(cases[i].doc), &g,
					 NULL, NULL, msg, sizeof(msg));
		int32_t v = -1;

		ck_assert_msg(rc == cases[i].code, "case %zu: %d %s", i, rc,
			      msg);
		ck_assert_str_eq(msg, cases[i].msg);
		if (rc == 0) {
			assert_ok(carc_rules_get(carc_game_rules(g),
						 CARC_OPT_PHANTOM, &v));
			ck_assert_int_eq(v, i == 0);
			carc_game_free(g);
		} else {
			ck_assert_ptr_null(g);
		}
	}
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("jcz-expansions");
	TCase *tc = tcase_create("fixtures");

	tcase_add_loop_test(tc, fixture_imports_as_its_record, 0, N_FIXTURES);
	tcase_add_loop_test(tc, import_selects_jcz_options, 0,
			    N_OPTIONS_CASES);
	tcase_add_test(tc, jcz4_layout);
	tcase_add_test(tc, jcz_suite_little_buildings);
	tcase_add_test(tc, jcz_suite_inns_and_traders);
	tcase_add_loop_test(tc, crop_tiles_match_jcz_definitions, 0,
			    N_CROP_TILES);
	tcase_add_test(tc, crop_tile_ids_both_spellings);
	suite_add_tcase(s, tc);

	tc = tcase_create("export");
	tcase_add_loop_test(tc, export_leaves_out_what_jcz_skips, 0,
			    N_EXPORT_CASES);
	tcase_add_test(tc, export_refuses_what_jcz_cannot_play);
	tcase_add_test(tc, export_check_stack_and_moves);
	tcase_add_loop_test(tc, phantom_pass_order, 0, N_PHANTOM_ORDERS);
	tcase_add_test(tc, phantom_element_and_misplaced_messages);
	suite_add_tcase(s, tc);

	tc = tcase_create("bad_input");
	tcase_add_loop_test(tc, bad_input_is_named, 0, N_BAD);
	suite_add_tcase(s, tc);
	return s;
}
