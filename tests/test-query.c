/* SPDX-License-Identifier: MIT */
/*
 * Board-level feature queries (carc_game_feature_get(), _piece_at(),
 * _city_at()): exact values on positions built tile by tile, bad
 * arguments, and a property test over random games with every expansion
 * and farm rule: what the queries say a feature would score is what the
 * scoring then awards.  Red is player 0, Blue player 1.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "test-common.h"

#define RED 0
#define BLUE 1

static struct carc_game *g;

static void
teardown(void)
{
	carc_game_free(g);
	g = NULL;
}

/* An attribute of a feature, asserted to be readable. */
static int32_t
fget(const struct carc_game *game, int32_t x, int32_t y, uint32_t feature,
     uint32_t attr)
{
	int32_t v = -12345;
	int rc = carc_game_feature_get(game, x, y, feature, attr, &v);

	/* Check's assertions report to the parent process each time: the
	 * property test below asserts only on failure */
	if (rc != CARC_OK)
		ck_abort_msg("feature_get(%d,%d,0x%x,0x%x): %d", x, y, feature,
			     attr, rc);
	return v;
}

/* ---- a city of three tiles with a pennant, then completed --------- */

/* D at (0,0) with its city north; F (pennant) at (0,-1) and G at (0,-2),
 * both turned to run north-south: a city of three tiles, one pennant and
 * one open side, Red's knight on it. */
static void
build_city(void)
{
	g = make_scenario("FGEBB", 0);
	play(g, CARC_TILE_F, 0, -1, 1);
	deploy(g, CARC_C1);			/* Red */
	play(g, CARC_TILE_G, 0, -2, 1);
	pass(g);				/* Blue */
}

START_TEST(city_open)
{
	int32_t id, x = 99, y = 99;
	uint32_t f = 0;

	build_city();
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_KIND),
			 CARC_FEATURE_CITY);
	ck_assert_int_eq(fget(g, 0, -1, CARC_C1, CARC_FEATURE_ATTR_TILES), 3);
	ck_assert_int_eq(fget(g, 0, -1, CARC_C1, CARC_FEATURE_ATTR_PIECES), 3);
	ck_assert_int_eq(fget(g, 0, -2, CARC_C1, CARC_FEATURE_ATTR_OPEN), 1);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_COMPLETE),
			 0);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_PENNANTS),
			 1);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_CITIES), 0);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_SCORERS),
			 1 << RED);
	/* incomplete: 1 per tile and pennant */
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_VALUE), 4);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_POINTS + RED),
			 4);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1,
			      CARC_FEATURE_ATTR_POINTS + BLUE), 0);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1,
			      CARC_FEATURE_ATTR_FOLLOWERS + RED), 1);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1,
			      CARC_FEATURE_ATTR_FOLLOWERS + BLUE), 0);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1,
			      CARC_FEATURE_ATTR_PHANTOMS + RED), 0);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1,
			      CARC_FEATURE_ATTR_BUILDING_VALUE), 0);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1,
			      CARC_FEATURE_ATTR_BUILDING_POINTS + RED), 0);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1,
			      CARC_FEATURE_ATTR_FARM_SCORERS), 0);

	/* one id from every piece, another for another feature */
	id = fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_ID);
	ck_assert_int_ge(id, 0);
	ck_assert_int_eq(fget(g, 0, -1, CARC_C1, CARC_FEATURE_ATTR_ID), id);
	ck_assert_int_eq(fget(g, 0, -2, CARC_C1, CARC_FEATURE_ATTR_ID), id);
	ck_assert_int_ne(fget(g, 0, 0, CARC_R1, CARC_FEATURE_ATTR_ID), id);

	/* the pieces in placement order, whichever piece names it */
	for (int32_t from = 0; from >= -2; from--) {
		for (uint32_t i = 0; i < 3; i++) {
			assert_ok(carc_game_feature_piece_at(g, 0, from, CARC_C1,
							     i, &x, &y, &f));
			ck_assert_int_eq(x, 0);
			ck_assert_int_eq(y, -(int32_t)i);
			ck_assert_int_eq(f, CARC_C1);
		}
	}
	/* NULL outputs are allowed */
	assert_ok(carc_game_feature_piece_at(g, 0, 0, CARC_C1, 2, NULL, NULL,
					     NULL));
}
END_TEST

START_TEST(city_completed)
{
	build_city();
	/* E at (0,-3) turned south closes the city: four tiles */
	play(g, CARC_TILE_E, 0, -3, 2);		/* Red */
	/* before the turn's scoring: the completion value */
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_COMPLETE),
			 1);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_OPEN), 0);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_TILES), 4);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_VALUE), 10);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_POINTS + RED),
			 10);
	pass(g);
	ck_assert_int_eq(carc_game_score(g, RED), 10);
	/* scored: the knight is home, nobody would score it again */
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_SCORERS), 0);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_POINTS + RED),
			 0);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1,
			      CARC_FEATURE_ATTR_FOLLOWERS + RED), 0);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_VALUE), 10);
}
END_TEST

/* Red's and Blue's separate caps south-east of D, joined by F: a tie. */
START_TEST(majority_tie)
{
	g = make_scenario("EDDEFBB", 0);
	play(g, CARC_TILE_E, 0, 1, 1);		/* Red: cap facing east */
	deploy(g, CARC_C1);
	play(g, CARC_TILE_D, 1, 0, 0);		/* Blue: the road goes on */
	pass(g);
	play(g, CARC_TILE_D, 2, 0, 0);		/* Red */
	pass(g);
	play(g, CARC_TILE_E, 2, 1, 3);		/* Blue: cap facing west */
	deploy(g, CARC_C1);
	ck_assert_int_ne(fget(g, 0, 1, CARC_C1, CARC_FEATURE_ATTR_ID),
			 fget(g, 2, 1, CARC_C1, CARC_FEATURE_ATTR_ID));
	ck_assert_int_eq(fget(g, 0, 1, CARC_C1, CARC_FEATURE_ATTR_SCORERS),
			 1 << RED);
	ck_assert_int_eq(fget(g, 2, 1, CARC_C1, CARC_FEATURE_ATTR_SCORERS),
			 1 << BLUE);
	play(g, CARC_TILE_F, 1, 1, 0);		/* Red: band west-east */
	ck_assert_int_eq(fget(g, 0, 1, CARC_C1, CARC_FEATURE_ATTR_ID),
			 fget(g, 2, 1, CARC_C1, CARC_FEATURE_ATTR_ID));
	ck_assert_int_eq(fget(g, 1, 1, CARC_C1, CARC_FEATURE_ATTR_COMPLETE),
			 1);
	ck_assert_int_eq(fget(g, 1, 1, CARC_C1, CARC_FEATURE_ATTR_SCORERS),
			 (1 << RED) | (1 << BLUE));
	/* three tiles, one pennant, complete: 8 to each */
	ck_assert_int_eq(fget(g, 1, 1, CARC_C1, CARC_FEATURE_ATTR_POINTS + RED),
			 8);
	ck_assert_int_eq(fget(g, 1, 1, CARC_C1,
			      CARC_FEATURE_ATTR_POINTS + BLUE), 8);
	pass(g);
	ck_assert_int_eq(carc_game_score(g, RED), 8);
	ck_assert_int_eq(carc_game_score(g, BLUE), 8);
}
END_TEST

/* ---- a field supplying two completed cities ------------------------ */

/* E at (0,-1) facing south closes D's city (city A); E at (0,-2) facing
 * north and E at (0,-3) facing south make city B.  The fields of the
 * first two E tiles join: one field supplying A and B, Red's farmer on
 * it. */
static void
build_field(int32_t farm_rule)
{
	g = make_scenario("EEEBB", CARC_OPT_FARM_SCORING, farm_rule, 0);
	play(g, CARC_TILE_E, 0, -1, 2);		/* Red */
	deploy(g, CARC_F1);
	play(g, CARC_TILE_E, 0, -2, 0);		/* Blue */
	pass(g);
	play(g, CARC_TILE_E, 0, -3, 2);		/* Red */
	pass(g);
}

START_TEST(field_two_cities)
{
	int32_t x = 99, y = 99;
	uint32_t f = 0;

	build_field(CARC_FARM_PER_FIELD);
	ck_assert_int_eq(fget(g, 0, -1, CARC_F1, CARC_FEATURE_ATTR_KIND),
			 CARC_FEATURE_FIELD);
	ck_assert_int_eq(fget(g, 0, -1, CARC_F1, CARC_FEATURE_ATTR_CITIES), 2);
	ck_assert_int_eq(fget(g, 0, -2, CARC_F1, CARC_FEATURE_ATTR_CITIES), 2);
	ck_assert_int_eq(fget(g, 0, -1, CARC_F1, CARC_FEATURE_ATTR_TILES), 2);
	ck_assert_int_eq(fget(g, 0, -1, CARC_F1, CARC_FEATURE_ATTR_PIECES), 2);
	/* east and west sides of both tiles, two halves each */
	ck_assert_int_eq(fget(g, 0, -1, CARC_F1, CARC_FEATURE_ATTR_OPEN), 8);
	ck_assert_int_eq(fget(g, 0, -1, CARC_F1, CARC_FEATURE_ATTR_COMPLETE),
			 0);
	ck_assert_int_eq(fget(g, 0, -1, CARC_F1, CARC_FEATURE_ATTR_VALUE), 6);
	ck_assert_int_eq(fget(g, 0, -1, CARC_F1, CARC_FEATURE_ATTR_POINTS + RED),
			 6);
	ck_assert_int_eq(fget(g, 0, -1, CARC_F1,
			      CARC_FEATURE_ATTR_POINTS + BLUE), 0);
	ck_assert_int_eq(fget(g, 0, -1, CARC_F1, CARC_FEATURE_ATTR_SCORERS),
			 1 << RED);

	/* city A named by its first piece, D's city at (0,0); then B */
	assert_ok(carc_game_feature_city_at(g, 0, -2, CARC_F1, 0, &x, &y, &f));
	ck_assert_int_eq(x, 0);
	ck_assert_int_eq(y, 0);
	ck_assert_int_eq(f, CARC_C1);
	assert_ok(carc_game_feature_city_at(g, 0, -2, CARC_F1, 1, &x, &y, &f));
	ck_assert_int_eq(x, 0);
	ck_assert_int_eq(y, -2);
	ck_assert_int_eq(f, CARC_C1);
	assert_status_eq(carc_game_feature_city_at(g, 0, -2, CARC_F1, 2, &x,
						   &y, &f), CARC_E_INVALID);
	/* D's own strip between city and road supplies city A only */
	ck_assert_int_eq(fget(g, 0, 0, CARC_F1, CARC_FEATURE_ATTR_CITIES), 1);
	/* both cities pay Red as a farmer */
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_FARM_SCORERS),
			 1 << RED);
	ck_assert_int_eq(fget(g, 0, -3, CARC_C1,
			      CARC_FEATURE_ATTR_FARM_SCORERS), 1 << RED);
	/* E at (0,-3)'s field borders city B but is another field */
	ck_assert_int_eq(fget(g, 0, -3, CARC_F1, CARC_FEATURE_ATTR_CITIES), 1);
	ck_assert_int_eq(fget(g, 0, -3, CARC_F1,
			      CARC_FEATURE_ATTR_POINTS + RED), 0);
}
END_TEST

START_TEST(field_rules)
{
	build_field(CARC_FARM_PER_CITY);
	ck_assert_int_eq(fget(g, 0, -1, CARC_F1, CARC_FEATURE_ATTR_VALUE), 8);
	ck_assert_int_eq(fget(g, 0, -1, CARC_F1, CARC_FEATURE_ATTR_POINTS + RED),
			 8);
	teardown();
	build_field(CARC_FARM_PER_FIELD_ONCE);
	ck_assert_int_eq(fget(g, 0, -1, CARC_F1, CARC_FEATURE_ATTR_POINTS + RED),
			 6);
}
END_TEST

/* Under the once-per-city rule a second field of Red's supplying city A
 * pays him nothing for it; under the per-city rule Blue's two farmers
 * next to city A take it from Red. */
START_TEST(field_interactions)
{
	/* per city: Red's farmer north of city A, Blue's on the strip of D
	 * at (1,0) between its cap and road, which runs on along D's strip
	 * at (0,0) south of city A: both supply A, a tie; B is Red's */
	g = make_scenario("EDEEBB", CARC_OPT_FARM_SCORING, CARC_FARM_PER_CITY,
			  0);
	play(g, CARC_TILE_E, 0, -1, 2);		/* Red: closes city A */
	deploy(g, CARC_F1);
	play(g, CARC_TILE_D, 1, 0, 0);		/* Blue: strip farmer */
	deploy(g, CARC_F1);
	play(g, CARC_TILE_E, 0, -2, 0);		/* Red */
	pass(g);
	play(g, CARC_TILE_E, 0, -3, 2);		/* Blue: closes city B */
	pass(g);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_FARM_SCORERS),
			 (1 << RED) | (1 << BLUE));
	ck_assert_int_eq(fget(g, 0, -3, CARC_C1,
			      CARC_FEATURE_ATTR_FARM_SCORERS), 1 << RED);
	ck_assert_int_eq(fget(g, 0, 0, CARC_F1, CARC_FEATURE_ATTR_ID),
			 fget(g, 1, 0, CARC_F1, CARC_FEATURE_ATTR_ID));
	ck_assert_int_eq(fget(g, 1, 0, CARC_F1, CARC_FEATURE_ATTR_CITIES), 1);
	ck_assert_int_eq(fget(g, 1, 0, CARC_F1,
			      CARC_FEATURE_ATTR_POINTS + BLUE), 4);
	ck_assert_int_eq(fget(g, 1, 0, CARC_F1, CARC_FEATURE_ATTR_POINTS + RED),
			 0);
	ck_assert_int_eq(fget(g, 0, -1, CARC_F1, CARC_FEATURE_ATTR_POINTS + RED),
			 8);
	ck_assert_int_eq(fget(g, 0, -1, CARC_F1,
			      CARC_FEATURE_ATTR_POINTS + BLUE), 0);
	/* D's cap at (1,0) is open: a city, but no farm scorers */
	ck_assert_int_eq(fget(g, 1, 0, CARC_C1, CARC_FEATURE_ATTR_FARM_SCORERS),
			 0);

	/* once per city: Red's northern field comes after the joint one in
	 * the final order (placed later), so B is paid already */
	teardown();
	g = make_scenario("EEEBB", CARC_OPT_FARM_SCORING,
			  CARC_FARM_PER_FIELD_ONCE, 0);
	play(g, CARC_TILE_E, 0, -1, 2);		/* Red */
	deploy(g, CARC_F1);
	play(g, CARC_TILE_E, 0, -2, 0);		/* Blue */
	pass(g);
	play(g, CARC_TILE_E, 0, -3, 2);		/* Red */
	deploy(g, CARC_F1);
	ck_assert_int_eq(fget(g, 0, -1, CARC_F1, CARC_FEATURE_ATTR_POINTS + RED),
			 6);
	ck_assert_int_eq(fget(g, 0, -3, CARC_F1, CARC_FEATURE_ATTR_VALUE), 3);
	ck_assert_int_eq(fget(g, 0, -3, CARC_F1, CARC_FEATURE_ATTR_POINTS + RED),
			 0);
	/* per field: paid again */
	teardown();
	g = make_scenario("EEEBB", 0);
	play(g, CARC_TILE_E, 0, -1, 2);		/* Red */
	deploy(g, CARC_F1);
	play(g, CARC_TILE_E, 0, -2, 0);		/* Blue */
	pass(g);
	play(g, CARC_TILE_E, 0, -3, 2);		/* Red */
	deploy(g, CARC_F1);
	ck_assert_int_eq(fget(g, 0, -3, CARC_F1, CARC_FEATURE_ATTR_POINTS + RED),
			 3);
}
END_TEST

/* ---- a monastery with five neighbours ------------------------------- */

START_TEST(monastery_five)
{
	int32_t x = 99, y = 99;
	uint32_t f = 0;

	g = make_scenario("BDDBBBB", 0);
	play(g, CARC_TILE_B, 0, 1, 0);		/* Red: monk */
	deploy(g, CARC_MONASTERY);
	play(g, CARC_TILE_D, 1, 0, 0);		/* Blue */
	pass(g);
	play(g, CARC_TILE_D, -1, 0, 0);		/* Red */
	pass(g);
	play(g, CARC_TILE_B, 1, 1, 0);		/* Blue */
	pass(g);
	play(g, CARC_TILE_B, -1, 1, 0);		/* Red */
	pass(g);
	ck_assert_int_eq(fget(g, 0, 1, CARC_MONASTERY, CARC_FEATURE_ATTR_KIND),
			 CARC_FEATURE_MONASTERY);
	ck_assert_int_eq(fget(g, 0, 1, CARC_MONASTERY, CARC_FEATURE_ATTR_TILES),
			 6);
	ck_assert_int_eq(fget(g, 0, 1, CARC_MONASTERY, CARC_FEATURE_ATTR_OPEN),
			 3);
	ck_assert_int_eq(fget(g, 0, 1, CARC_MONASTERY,
			      CARC_FEATURE_ATTR_PIECES), 1);
	ck_assert_int_eq(fget(g, 0, 1, CARC_MONASTERY,
			      CARC_FEATURE_ATTR_COMPLETE), 0);
	ck_assert_int_eq(fget(g, 0, 1, CARC_MONASTERY,
			      CARC_FEATURE_ATTR_POINTS + RED), 6);
	ck_assert_int_eq(fget(g, 0, 1, CARC_MONASTERY,
			      CARC_FEATURE_ATTR_SCORERS), 1 << RED);
	assert_ok(carc_game_feature_piece_at(g, 0, 1, CARC_MONASTERY, 0, &x,
					     &y, &f));
	ck_assert_int_eq(x, 0);
	ck_assert_int_eq(y, 1);
	ck_assert_int_eq(f, CARC_MONASTERY);
	assert_status_eq(carc_game_feature_piece_at(g, 0, 1, CARC_MONASTERY, 1,
						    &x, &y, &f),
			 CARC_E_INVALID);
	/* the other monasteries: (1,1) has three neighbours */
	ck_assert_int_eq(fget(g, 1, 1, CARC_MONASTERY, CARC_FEATURE_ATTR_TILES),
			 4);
	ck_assert_int_eq(fget(g, 1, 1, CARC_MONASTERY,
			      CARC_FEATURE_ATTR_SCORERS), 0);
	ck_assert_int_eq(fget(g, 1, 1, CARC_MONASTERY,
			      CARC_FEATURE_ATTR_VALUE), 4);
}
END_TEST

/* ---- Little Buildings ----------------------------------------------- */

static void
build_city_lb(int32_t lb_scoring)
{
	g = make_scenario("FGEBB", CARC_OPT_LITTLE_BUILDINGS, 1,
			  CARC_OPT_LB_SCORING, lb_scoring, 0);
	play(g, CARC_TILE_F, 0, -1, 1);
	deploy(g, CARC_C1);			/* Red */
	play(g, CARC_TILE_G, 0, -2, 1);		/* Blue builds a tower */
	assert_ok(carc_game_apply(g, carc_move_build(CARC_FIGURE_TOWER, 0,
							 -2)));
}

START_TEST(buildings_standard)
{
	build_city_lb(CARC_LB_STANDARD);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1,
			      CARC_FEATURE_ATTR_BUILDING_VALUE), 1);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1,
			      CARC_FEATURE_ATTR_BUILDING_POINTS + RED), 1);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1,
			      CARC_FEATURE_ATTR_BUILDING_POINTS + BLUE), 0);
	/* not part of the points */
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_POINTS + RED),
			 4);
	/* the road of D does not run through (0,-2) */
	ck_assert_int_eq(fget(g, 0, 0, CARC_R1,
			      CARC_FEATURE_ATTR_BUILDING_VALUE), 0);
}
END_TEST

START_TEST(buildings_321)
{
	build_city_lb(CARC_LB_321);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1,
			      CARC_FEATURE_ATTR_BUILDING_VALUE), 3);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1,
			      CARC_FEATURE_ATTR_BUILDING_POINTS + RED), 3);
	/* the field of G north of the city (Blue's tower is on its tile) */
	ck_assert_int_eq(fget(g, 0, -2, CARC_F1,
			      CARC_FEATURE_ATTR_BUILDING_VALUE), 3);
	/* the city completes: 10 points and 3 for the tower */
	play(g, CARC_TILE_E, 0, -3, 2);
	pass(g);
	ck_assert_int_eq(carc_game_score(g, RED), 13);
}
END_TEST

/* ---- The Phantom ----------------------------------------------------- */

START_TEST(phantom_counts)
{
	g = make_scenario("FGEBB", CARC_OPT_PHANTOM, 1, 0);
	play(g, CARC_TILE_F, 0, -1, 1);
	deploy(g, CARC_F1);			/* Red: farmer */
	assert_ok(carc_game_apply(g, carc_move_deploy(CARC_FIGURE_PHANTOM, 0,
							  -1, CARC_C1)));
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1,
			      CARC_FEATURE_ATTR_PHANTOMS + RED), 1);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1,
			      CARC_FEATURE_ATTR_FOLLOWERS + RED), 0);
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_SCORERS),
			 1 << RED);
	ck_assert_int_eq(fget(g, 0, -1, CARC_F1,
			      CARC_FEATURE_ATTR_FOLLOWERS + RED), 1);
	ck_assert_int_eq(fget(g, 0, -1, CARC_F1,
			      CARC_FEATURE_ATTR_PHANTOMS + RED), 0);
}
END_TEST

/* ---- bad arguments ---------------------------------------------------- */

START_TEST(bad_arguments)
{
	static const uint32_t bad_attrs[] = {
		0, 17, 0xff, 0x800, 0x1ff, CARC_FEATURE_ATTR_LARGE_FOLLOWERS + 2,
		CARC_FEATURE_ATTR_PIGS + 2, CARC_FEATURE_ATTR_POINTS + 2,
		CARC_FEATURE_ATTR_FOLLOWERS + 6, CARC_FEATURE_ATTR_PHANTOMS + 99,
		CARC_FEATURE_ATTR_BUILDING_POINTS + 2, 0xffffffffu,
	};
	int32_t v = 777, x = 777, y = 777;
	uint32_t f = 777;
	uint64_t h;

	build_city();
	h = carc_game_hash(g);
	assert_status_eq(carc_game_feature_get(NULL, 0, 0, CARC_C1,
					       CARC_FEATURE_ATTR_KIND, &v),
			 CARC_E_INVALID);
	assert_status_eq(carc_game_feature_get(g, 0, 0, CARC_C1,
					       CARC_FEATURE_ATTR_KIND, NULL),
			 CARC_E_INVALID);
	for (size_t i = 0; i < sizeof(bad_attrs) / sizeof(bad_attrs[0]); i++)
		assert_status_eq(carc_game_feature_get(g, 0, 0, CARC_C1,
						       bad_attrs[i], &v),
				 CARC_E_INVALID);
	assert_status_eq(carc_game_feature_get(g, 5, 5, CARC_C1,
					       CARC_FEATURE_ATTR_KIND, &v),
			 CARC_E_NOT_FOUND);
	assert_status_eq(carc_game_feature_get(g, 40000, 0, CARC_C1,
					       CARC_FEATURE_ATTR_KIND, &v),
			 CARC_E_NOT_FOUND);
	assert_status_eq(carc_game_feature_get(g, 0, 0, CARC_MONASTERY,
					       CARC_FEATURE_ATTR_KIND, &v),
			 CARC_E_NO_FEATURE);
	assert_status_eq(carc_game_feature_get(g, 0, 0, 0x99,
					       CARC_FEATURE_ATTR_KIND, &v),
			 CARC_E_NO_FEATURE);
	assert_status_eq(carc_game_feature_get(g, 0, 0, CARC_C2,
					       CARC_FEATURE_ATTR_KIND, &v),
			 CARC_E_NO_FEATURE);
	ck_assert_int_eq(v, 777);

	assert_status_eq(carc_game_feature_piece_at(NULL, 0, 0, CARC_C1, 0, &x,
						    &y, &f), CARC_E_INVALID);
	assert_status_eq(carc_game_feature_piece_at(g, 0, 0, CARC_C1, 3, &x,
						    &y, &f), CARC_E_INVALID);
	assert_status_eq(carc_game_feature_piece_at(g, 0, 0, CARC_C1,
						    0xffffffffu, &x, &y, &f),
			 CARC_E_INVALID);
	assert_status_eq(carc_game_feature_piece_at(g, 9, 0, CARC_C1, 0, &x,
						    &y, &f), CARC_E_NOT_FOUND);
	assert_status_eq(carc_game_feature_piece_at(g, 0, 0, CARC_F3, 0, &x,
						    &y, &f), CARC_E_NO_FEATURE);

	assert_status_eq(carc_game_feature_city_at(NULL, 0, 0, CARC_F1, 0, &x,
						   &y, &f), CARC_E_INVALID);
	/* a city is not a field */
	assert_status_eq(carc_game_feature_city_at(g, 0, 0, CARC_C1, 0, &x,
						   &y, &f), CARC_E_INVALID);
	/* D's strip borders an incomplete city: no city */
	assert_status_eq(carc_game_feature_city_at(g, 0, 0, CARC_F1, 0, &x,
						   &y, &f), CARC_E_INVALID);
	assert_status_eq(carc_game_feature_city_at(g, 0, 7, CARC_F1, 0, &x,
						   &y, &f), CARC_E_NOT_FOUND);
	assert_status_eq(carc_game_feature_city_at(g, 0, 0, CARC_F4, 0, &x,
						   &y, &f), CARC_E_NO_FEATURE);
	ck_assert_int_eq(x, 777);
	ck_assert_int_eq(y, 777);
	ck_assert_int_eq(f, 777);
	ck_assert(carc_game_hash(g) == h);
}
END_TEST

/* A call expected to succeed, asserted only when it fails. */
#define OK(e_) EQ((e_), CARC_OK)

/* ---- property test: the queries predict the scoring ------------------ */

struct opts {
	int32_t farm, lb_scoring, zero_field, per_city_fields, players;
};

static struct carc_game *
random_game(uint64_t seed, struct opts *o)
{
	struct carc_rules_builder *b;
	struct carc_rules *r;
	struct carc_game *game;
	uint64_t s = seed;

	o->farm = (int32_t)(test_rand(&s) % 3);
	o->lb_scoring = (int32_t)(test_rand(&s) % 2);
	o->zero_field = (int32_t)(test_rand(&s) % 2);
	o->per_city_fields = (int32_t)(test_rand(&s) % 2);
	o->players = 2 + (int32_t)(test_rand(&s) % 5);
	OK(carc_rules_builder_new(&b));
	OK(carc_rules_builder_set(b, CARC_OPT_FARM_SCORING,
					 o->farm));
	OK(carc_rules_builder_set(b, CARC_OPT_PHANTOM, 1));
	OK(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_I, 1));
	OK(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_II, 1));
	OK(carc_rules_builder_set(b, CARC_OPT_LITTLE_BUILDINGS, 1));
	OK(carc_rules_builder_set(b, CARC_OPT_LB_SCORING,
					 o->lb_scoring));
	OK(carc_rules_builder_set(b, CARC_OPT_LB_ZERO_FIELD,
					 o->zero_field));
	OK(carc_rules_builder_set(b, CARC_OPT_LB_PER_CITY_FIELDS,
					 o->per_city_fields));
	OK(carc_rules_builder_build(b, &r));
	carc_rules_builder_free(b);
	OK(carc_game_new(r, (uint32_t)o->players, seed, &game));
	carc_rules_unref(r);
	return game;
}

static int32_t
building_value(const struct opts *o, uint32_t figure)
{
	if (o->lb_scoring == CARC_LB_STANDARD)
		return 1;
	return (int32_t)(CARC_FIGURE_SHED + 1 - figure);
}

static uint32_t
majority_of(const int32_t *figs, int players)
{
	int32_t best = 0;
	uint32_t mask = 0;

	for (int p = 0; p < players; p++) {
		if (figs[p] == 0 || figs[p] < best)
			continue;
		if (figs[p] > best) {
			best = figs[p];
			mask = 0;
		}
		mask |= 1u << p;
	}
	return mask;
}

static int32_t
eattr(const struct carc_game *game, int i, uint32_t attr)
{
	int32_t v = -1;

	OK(carc_game_event_get(game, (uint32_t)i, attr, &v));
	return v;
}

/* Check the COMPLETED events of @after (from @m played on @before)
 * against the queries of @before. */
static void
check_completed(const struct carc_game *before, carc_move_t m,
		const struct carc_game *after, const struct opts *o,
		int *checked)
{
	int n = carc_game_event_count(after), players = o->players;

	for (int i = 0; i < n; i++) {
		int32_t x = eattr(after, i, CARC_EVENT_X);
		int32_t y = eattr(after, i, CARC_EVENT_Y);
		uint32_t f = (uint32_t)eattr(after, i, CARC_EVENT_FEATURE);
		int32_t figs[MAX_PLAYERS], value, bvalue;
		uint32_t scorers;
		bool same = false;

		EQ(eattr(after, i, CARC_EVENT_TYPE),
				 CARC_EVENT_COMPLETED);
		EQ(fget(before, x, y, f,
				      CARC_FEATURE_ATTR_COMPLETE), 1);
		EQ(fget(before, x, y, f, CARC_FEATURE_ATTR_KIND),
				 eattr(after, i, CARC_EVENT_FEATURE_KIND));
		EQ(fget(before, x, y, f, CARC_FEATURE_ATTR_TILES),
				 eattr(after, i, CARC_EVENT_TILES));
		EQ(fget(before, x, y, f,
				      CARC_FEATURE_ATTR_PENNANTS),
				 eattr(after, i, CARC_EVENT_PENNANTS));
		/* the move may put a figure on the feature or a building on
		 * one of its tiles (the tile just placed, which every
		 * feature the turn completes includes) */
		if (carc_move_kind(m) == CARC_MOVE_DEPLOY &&
		    carc_move_figure(m) <= CARC_FIGURE_PHANTOM)
			same = fget(before, carc_move_x(m), carc_move_y(m),
				    carc_move_feature(m),
				    CARC_FEATURE_ATTR_ID) ==
			       fget(before, x, y, f, CARC_FEATURE_ATTR_ID);
		for (int p = 0; p < players; p++) {
			uint32_t u = (uint32_t)p;

			figs[p] = fget(before, x, y, f,
				       CARC_FEATURE_ATTR_FOLLOWERS + u) +
				  fget(before, x, y, f,
				       CARC_FEATURE_ATTR_PHANTOMS + u);
			if (same && carc_game_current_player(before) == p)
				figs[p]++;
			EQ(figs[p],
					 eattr(after, i, CARC_EVENT_FIGURES + u));
		}
		scorers = majority_of(figs, players);
		EQ(scorers, eattr(after, i, CARC_EVENT_SCORERS));
		value = fget(before, x, y, f, CARC_FEATURE_ATTR_VALUE);
		bvalue = fget(before, x, y, f, CARC_FEATURE_ATTR_BUILDING_VALUE);
		if (carc_move_kind(m) == CARC_MOVE_DEPLOY &&
		    carc_move_figure(m) >= CARC_FIGURE_TOWER &&
		    carc_move_figure(m) <= CARC_FIGURE_SHED)
			bvalue += building_value(o, carc_move_figure(m));
		for (int p = 0; p < players; p++) {
			uint32_t u = (uint32_t)p;
			bool s = scorers >> p & 1;

			EQ(eattr(after, i, CARC_EVENT_POINTS + u),
					 s ? value : 0);
			EQ(eattr(after, i,
					       CARC_EVENT_BUILDING_POINTS + u),
					 s ? bvalue : 0);
			/* a move that changes nothing on the feature: the
			 * points now are the points scored, as they are */
			if (carc_move_kind(m) == CARC_MOVE_PASS) {
				EQ(
					fget(before, x, y, f,
					     CARC_FEATURE_ATTR_POINTS + u),
					eattr(after, i, CARC_EVENT_POINTS + u));
				EQ(
					fget(before, x, y, f,
					     CARC_FEATURE_ATTR_BUILDING_POINTS +
						     u),
					eattr(after, i,
					      CARC_EVENT_BUILDING_POINTS + u));
			}
		}
		/* scored: nobody stands on it any more */
		EQ(fget(after, x, y, f, CARC_FEATURE_ATTR_SCORERS),
				 0);
		EQ(fget(after, x, y, f, CARC_FEATURE_ATTR_VALUE),
				 value);
		(*checked)++;
	}
}

/* The final events of a finished game against its queries. */
static void
check_final(const struct carc_game *game, const struct opts *o, int *checked)
{
	int n = carc_game_event_count(game), players = o->players;

	for (int i = 0; i < n; i++) {
		int32_t type = eattr(game, i, CARC_EVENT_TYPE);
		int32_t kind = eattr(game, i, CARC_EVENT_FEATURE_KIND);
		int32_t x = eattr(game, i, CARC_EVENT_X);
		int32_t y = eattr(game, i, CARC_EVENT_Y);
		uint32_t f = (uint32_t)eattr(game, i, CARC_EVENT_FEATURE);
		int32_t scorers = eattr(game, i, CARC_EVENT_SCORERS);

		if (type == CARC_EVENT_COMPLETED)
			continue;
		(*checked)++;
		if (type == CARC_EVENT_FARM && kind == CARC_FEATURE_CITY) {
			/* per-city rule: 4 to the city's farmer majority */
			EQ(o->farm, CARC_FARM_PER_CITY);
			EQ(fget(game, x, y, f,
					      CARC_FEATURE_ATTR_FARM_SCORERS),
					 scorers);
			for (int p = 0; p < players; p++)
				EQ(eattr(game, i,
						       CARC_EVENT_POINTS +
							       (uint32_t)p),
						 (scorers >> p & 1) ? 4 : 0);
			continue;
		}
		EQ(fget(game, x, y, f, CARC_FEATURE_ATTR_KIND),
				 kind);
		EQ(fget(game, x, y, f, CARC_FEATURE_ATTR_SCORERS),
				 scorers);
		EQ(fget(game, x, y, f, CARC_FEATURE_ATTR_TILES),
				 eattr(game, i, CARC_EVENT_TILES));
		EQ(fget(game, x, y, f, CARC_FEATURE_ATTR_PENNANTS),
				 eattr(game, i, CARC_EVENT_PENNANTS));
		if (type == CARC_EVENT_FARM) {
			int32_t c = fget(game, x, y, f,
					 CARC_FEATURE_ATTR_CITIES);

			EQ(c > 255 ? 255 : c,
					 eattr(game, i, CARC_EVENT_CITIES));
		} else {
			EQ(fget(game, x, y, f,
					      CARC_FEATURE_ATTR_COMPLETE), 0);
		}
		for (int p = 0; p < players; p++) {
			uint32_t u = (uint32_t)p;

			if (type != CARC_EVENT_FARM ||
			    o->farm != CARC_FARM_PER_CITY)
				EQ(
					fget(game, x, y, f,
					     CARC_FEATURE_ATTR_POINTS + u),
					eattr(game, i, CARC_EVENT_POINTS + u));
			EQ(
				fget(game, x, y, f,
				     CARC_FEATURE_ATTR_BUILDING_POINTS + u),
				eattr(game, i, CARC_EVENT_BUILDING_POINTS + u));
			EQ(
				fget(game, x, y, f,
				     CARC_FEATURE_ATTR_FOLLOWERS + u) +
					fget(game, x, y, f,
					     CARC_FEATURE_ATTR_PHANTOMS + u),
				eattr(game, i, CARC_EVENT_FIGURES + u));
			EQ(fget(game, x, y, f,
					      CARC_FEATURE_ATTR_PHANTOMS + u),
					 eattr(game, i, CARC_EVENT_PHANTOM + u));
		}
	}
}

/* Invariants of one feature: the pieces name it back, the cities of a
 * field are completed cities, the per-city points add up. */
static void
check_feature(const struct carc_game *game, int32_t x, int32_t y,
	      uint32_t f, const struct opts *o)
{
	int32_t id = fget(game, x, y, f, CARC_FEATURE_ATTR_ID);
	int32_t pieces = fget(game, x, y, f, CARC_FEATURE_ATTR_PIECES);
	int32_t cities = fget(game, x, y, f, CARC_FEATURE_ATTR_CITIES);
	int32_t kind = fget(game, x, y, f, CARC_FEATURE_ATTR_KIND);
	int32_t farm_pts[MAX_PLAYERS] = { 0 };
	int32_t px, py;
	uint32_t pf;

	if (pieces < 1) ck_abort_msg("no pieces");
	for (uint32_t i = 0; i < (uint32_t)pieces; i++) {
		OK(carc_game_feature_piece_at(game, x, y, f, i, &px, &py,
						     &pf));
		EQ(fget(game, px, py, pf, CARC_FEATURE_ATTR_ID),
				 id);
	}
	EQ(carc_game_feature_piece_at(game, x, y, f,
						    (uint32_t)pieces, &px,
						    &py, &pf), CARC_E_INVALID);
	for (uint32_t i = 0; i < (uint32_t)cities; i++) {
		int32_t fs;

		OK(carc_game_feature_city_at(game, x, y, f, i, &px, &py,
						    &pf));
		EQ(fget(game, px, py, pf,
				      CARC_FEATURE_ATTR_COMPLETE), 1);
		EQ(fget(game, px, py, pf, CARC_FEATURE_ATTR_KIND),
				 CARC_FEATURE_CITY);
		fs = fget(game, px, py, pf, CARC_FEATURE_ATTR_FARM_SCORERS);
		for (int p = 0; p < o->players; p++)
			farm_pts[p] += (fs >> p & 1) ? 4 : 0;
	}
	if (kind == CARC_FEATURE_FIELD)
		EQ(carc_game_feature_city_at(game, x, y, f,
							   (uint32_t)cities,
							   &px, &py, &pf),
				 CARC_E_INVALID);
	if (kind == CARC_FEATURE_FIELD && o->farm == CARC_FARM_PER_CITY)
		for (int p = 0; p < o->players; p++) {
			uint32_t u = (uint32_t)p;
			bool present =
				fget(game, x, y, f,
				     CARC_FEATURE_ATTR_FOLLOWERS + u) +
					fget(game, x, y, f,
					     CARC_FEATURE_ATTR_PHANTOMS + u) >
				0;

			EQ(fget(game, x, y, f, CARC_FEATURE_ATTR_POINTS + u),
			   present ? farm_pts[p] : 0);
		}
}

/* The bound the header states from the rules alone. */
static int
rules_bound(const struct carc_game *game)
{
	switch (carc_game_phase(game)) {
	case CARC_PHASE_PLACE_TILE:
		return 8 * carc_game_tile_count(game) + 8;
	case CARC_PHASE_DEPLOY:
		return 13;
	case CARC_PHASE_PHANTOM:
		return 10;
	case CARC_PHASE_CROP_CHOICE:
		return 2;
	case CARC_PHASE_CROP_RESPONSE:
		return 2 * 6 * 16 + 1;
	}
	return 0;
}

static void
random_games(int games)
{
	int completed = 0, finals = 0, positions = 0;

	for (int s = 1; s <= games; s++) {
		struct opts o;
		struct carc_game *before = NULL;
		struct random_game r;

		g = random_game((uint64_t)s, &o);
		OK(carc_game_clone(g, &before));
		random_game_start(&r, g, (uint64_t)s * 7919u + 3);
		while (random_game_next(&r)) {
			int max = carc_game_legal_moves_max(g);
			carc_move_t m;
			int figs;

			if (max > rules_bound(g))
				ck_abort_msg("%d moves, bound %d, rules %d",
					     r.n, max, rules_bound(g));
			m = random_game_pick(&r);
			OK(carc_game_copy(before, g));
			OK(carc_game_apply(g, m));
			positions++;
			if (!carc_game_is_over(g))
				check_completed(before, m, g, &o, &completed);
			/* every feature holding a figure, now and then */
			figs = carc_game_figure_count(g);
			for (int i = 0; i < figs && positions % 7 == 0; i++) {
				int32_t x, y;
				uint32_t f;

				OK(carc_game_figure_at(g, (uint32_t)i,
							      NULL, NULL, &x,
							      &y, &f));
				check_feature(g, x, y, f, &o);
			}
		}
		random_game_end(&r);
		check_final(g, &o, &finals);
		carc_game_free(before);
		teardown();
	}
	if (getenv("CARC_TEST_VERBOSE"))
		fprintf(stderr, "%d games: %d positions, %d completions, %d final events\n",
			games, positions, completed, finals);
	ck_assert_int_gt(completed, games * 3);
	ck_assert_int_gt(finals, games * 3);
	ck_assert_int_gt(positions, games * 100);
}

START_TEST(property_points_now)
{
	random_games(getenv("CARC_TEST_SLOW") ? 3000 : 200);
}
END_TEST

/* carc_game_legal_moves_max() at each kind of decision point. */
START_TEST(bound_values)
{
	ck_assert_int_eq(carc_game_legal_moves_max(NULL), CARC_E_INVALID);
	g = make_scenario("DBB", CARC_OPT_PHANTOM, 1, 0);
	/* D alone: four open positions, four rotations */
	ck_assert_int_eq(carc_game_legal_moves_max(g), 16);
	ck_assert_int_le(carc_game_legal_moves(g, NULL, 0), 16);
	play(g, CARC_TILE_D, 1, 0, 0);
	/* D has four features: + three buildings + pass */
	ck_assert_int_eq(carc_game_legal_moves_max(g), 8);
	deploy(g, CARC_R1);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PHANTOM);
	ck_assert_int_eq(carc_game_legal_moves_max(g), 5);
	ck_assert_int_eq(carc_game_legal_moves(g, NULL, 0), 4);
	pass(g);
	/* two tiles in a row: six open positions */
	ck_assert_int_eq(carc_game_legal_moves_max(g), 24);
	play(g, CARC_TILE_B, 0, 1, 0);
	pass(g);
	pass(g);
	play(g, CARC_TILE_B, 1, 1, 0);
	pass(g);
	pass(g);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	ck_assert_int_eq(carc_game_legal_moves_max(g), 0);
}
END_TEST

/* The longest stack the library accepts, every expansion: the bound
 * holds at every decision point (the header's 8n + 8 too). */
START_TEST(bound_longest_stack)
{
	struct carc_rules_builder *b = NULL;
	struct carc_rules *rules = NULL;
	carc_move_t *moves;
	uint64_t rng = 11;
	int most = 0, decisions = 0;

	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_PHANTOM, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_I, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_II, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_LITTLE_BUILDINGS, 1));
	/* 111 of each type and 4 more U: 4000 */
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		assert_ok(carc_rules_builder_set_tile_count(
			b, t, t == CARC_TILE_U ? 115 : 111));
	assert_ok(carc_rules_builder_build(b, &rules));
	carc_rules_builder_free(b);
	g = make_game(rules, 6, 5);
	carc_rules_unref(rules);
	moves = malloc(32016 * sizeof(*moves));
	ck_assert_ptr_nonnull(moves);
	while (!carc_game_is_over(g)) {
		int max = carc_game_legal_moves_max(g);
		int n = carc_game_legal_moves(g, moves, (size_t)max);

		if (n <= 0 || n > max || max > rules_bound(g) || max > 32016)
			ck_abort_msg("%d moves, bound %d, rules %d", n, max,
				     rules_bound(g));
		most = n > most ? n : most;
		OK(carc_game_apply(g, moves[test_rand(&rng) % (uint64_t)n]));
		decisions++;
	}
	free(moves);
	/* the stack is long enough for far more than a fixed 512 */
	ck_assert_int_gt(decisions, 8000);
	ck_assert_int_gt(most, 512);
}
END_TEST

/* The largest city a game can hold open: the longest stack, all of it
 * C (a city on all four sides), in a line north of the start tile's
 * city.  Each tile adds two open sides: 2 * 4000 + 1 of them, near the
 * most a set can have (the board's perimeter, 2n + 2 for n tiles; the
 * root keeps them in 13 bits next to its kind and tile), and 4001
 * pieces, which no node keeps but a walk over the set counts. */
START_TEST(city_open_longest_line)
{
	struct carc_rules_builder *b = NULL;
	struct carc_rules *rules = NULL;
	int32_t pennants = carc_tile_feature_pennants(CARC_TILE_C, CARC_C1);

	assert_ok(carc_rules_builder_new(&b));
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		assert_ok(carc_rules_builder_set_tile_count(
			b, t, t == CARC_TILE_C ? 4000 : 0));
	assert_ok(carc_rules_builder_build(b, &rules));
	carc_rules_builder_free(b);
	g = make_game(rules, 2, 1);
	carc_rules_unref(rules);
	ck_assert_int_ge(pennants, 0);
	for (int32_t k = 1; k <= 4000; k++) {
		assert_status_eq(carc_game_current_tile(g), (int)CARC_TILE_C);
		assert_ok(carc_game_apply(g, carc_move_place(0, -k, 0)));
		if (k == 1)
			deploy(g, CARC_C1);	/* Red */
		else if (k < 4000)
			pass(g);
	}
	ck_assert_int_eq(fget(g, 0, 0, CARC_C1, CARC_FEATURE_ATTR_OPEN), 8001);
	ck_assert_int_eq(fget(g, 0, -4000, CARC_C1, CARC_FEATURE_ATTR_PIECES),
			 4001);
	ck_assert_int_eq(fget(g, 0, -2000, CARC_C1, CARC_FEATURE_ATTR_TILES),
			 4001);
	ck_assert_int_eq(fget(g, 0, -1, CARC_C1, CARC_FEATURE_ATTR_COMPLETE),
			 0);
	ck_assert_int_eq(fget(g, 0, -1, CARC_C1,
			      CARC_FEATURE_ATTR_FOLLOWERS + RED), 1);
	ck_assert_int_eq(fget(g, 0, -1, CARC_C1,
			      CARC_FEATURE_ATTR_FOLLOWERS + BLUE), 0);
	ck_assert_int_eq(fget(g, 0, -1, CARC_C1, CARC_FEATURE_ATTR_VALUE),
			 4001 + 4000 * pennants);
	/* the last deployment step ends the game: Red's knight scores the
	 * open city */
	pass(g);
	ck_assert(carc_game_is_over(g));
	ck_assert_int_eq(carc_game_score(g, RED), 4001 + 4000 * pennants);
	ck_assert_int_eq(carc_game_score(g, BLUE), 0);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("query");
	TCase *tc = tcase_create("features");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, city_open);
	tcase_add_test(tc, city_completed);
	tcase_add_test(tc, city_open_longest_line);
	tcase_add_test(tc, majority_tie);
	tcase_add_test(tc, field_two_cities);
	tcase_add_test(tc, field_rules);
	tcase_add_test(tc, field_interactions);
	tcase_add_test(tc, monastery_five);
	tcase_add_test(tc, buildings_standard);
	tcase_add_test(tc, buildings_321);
	tcase_add_test(tc, phantom_counts);
	tcase_add_test(tc, bad_arguments);
	tcase_add_test(tc, property_points_now);
	tcase_add_test(tc, bound_values);
	tcase_add_test(tc, bound_longest_stack);
	tcase_set_timeout(tc, 600);
	suite_add_tcase(s, tc);
	return s;
}
