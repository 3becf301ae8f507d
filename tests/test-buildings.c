/* SPDX-License-Identifier: MIT */
/*
 * Little Buildings (doc/users/rules.md#little-buildings, rulings
 * doc/users/rules.md#ruling-8 to #ruling-13 and #ruling-17, and the worked
 * examples doc/users/rules.md#examples E2-E5, E7, E10, E11): token
 * distribution, where and when a building may be put, and building
 * points under every scoring path.
 * Red (Alice) is player 0, Blue (Bob) player 1 unless stated.
 */
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

static carc_move_t
build_move(uint32_t kind)
{
	int32_t x, y;

	last_tile_xy(g, &x, &y);
	return carc_move_build(kind, x, y);
}

static void
build(uint32_t kind)
{
	assert_ok(carc_game_apply(g, build_move(kind)));
}

static int32_t
ev_attr(uint32_t index, uint32_t attr)
{
	int32_t v = -999;

	assert_ok(carc_game_event_get(g, index, attr, &v));
	return v;
}

/* Sums over the events of the last apply. */
static int
ev_points(uint32_t player)
{
	int n = carc_game_event_count(g), sum = 0;

	for (int i = 0; i < n; i++)
		sum += ev_attr((uint32_t)i, CARC_EVENT_POINTS + player);
	return sum;
}

static int
ev_bpoints(uint32_t player)
{
	int n = carc_game_event_count(g), sum = 0;

	for (int i = 0; i < n; i++)
		sum += ev_attr((uint32_t)i,
			       CARC_EVENT_BUILDING_POINTS + player);
	return sum;
}

static void
assert_scores(int red, int blue)
{
	ck_assert_int_eq(carc_game_score(g, RED), red);
	ck_assert_int_eq(carc_game_score(g, BLUE), blue);
}

static int
supply(uint32_t player, uint32_t kind)
{
	return carc_game_supply(g, player, kind);
}

/* Whether the legal moves list the building @kind. */
static int
lists_build(uint32_t kind)
{
	carc_move_t m[64];
	int n = carc_game_legal_moves(g, m, 64);

	ck_assert_int_le(n, 64);
	for (int i = 0; i < n; i++)
		if (m[i] == build_move(kind))
			return 1;
	return 0;
}

/* ---- distribution (doc/users/rules.md#lb-distribution,
 * #lb-distribution-4p) */

/* Loop index: players 2-6 times mode 0 rules, 1 JCZ, 2 3/2/1 + rules
 * distribution, 3 3/2/1 + JCZ distribution. */
START_TEST(distribution)
{
	uint32_t n = 2 + (uint32_t)_i / 4;
	int mode = _i % 4;
	int lb_scoring = mode >= 2 ? CARC_LB_321 : CARC_LB_STANDARD;
	int dist = mode % 2 ? CARC_LB_DIST_JCZ : CARC_LB_DIST_RULES;
	int pooled = mode == 0;
	int each = pooled ? 18 / (int)n : 6 / (int)n;

	g = make_scenario_n(n, "UU", CARC_OPT_LITTLE_BUILDINGS, 1,
			    CARC_OPT_LB_SCORING, lb_scoring,
			    CARC_OPT_LB_DISTRIBUTION, dist, 0);
	for (uint32_t p = 0; p < n; p++) {
		ck_assert_int_eq(supply(p, CARC_FIGURE_TOWER), each);
		ck_assert_int_eq(supply(p, CARC_FIGURE_HOUSE), each);
		ck_assert_int_eq(supply(p, CARC_FIGURE_SHED), each);
		ck_assert_int_eq(supply(p, CARC_FIGURE_FOLLOWER), 7);
	}
	play(g, CARC_TILE_U, 1, 0, 0);
	ck_assert_int_eq(lists_build(CARC_FIGURE_TOWER), 1);
	ck_assert_int_eq(lists_build(CARC_FIGURE_HOUSE), 1);
	ck_assert_int_eq(lists_build(CARC_FIGURE_SHED), 1);
	build(CARC_FIGURE_HOUSE);
	if (pooled) {
		/* interchangeable tokens: one pool, any kind named */
		ck_assert_int_eq(supply(0, CARC_FIGURE_TOWER), each - 1);
		ck_assert_int_eq(supply(0, CARC_FIGURE_HOUSE), each - 1);
		ck_assert_int_eq(supply(0, CARC_FIGURE_SHED), each - 1);
	} else {
		ck_assert_int_eq(supply(0, CARC_FIGURE_TOWER), each);
		ck_assert_int_eq(supply(0, CARC_FIGURE_HOUSE), each - 1);
		ck_assert_int_eq(supply(0, CARC_FIGURE_SHED), each);
	}
	ck_assert_int_eq(supply(1, CARC_FIGURE_HOUSE), each);
	ck_assert_int_eq(supply(0, CARC_FIGURE_FOLLOWER), 7);
}
END_TEST

START_TEST(distribution_table)
{
	/* the reference's numbers written out: standard game by the rules,
	 * then per kind for JCZ and the 3/2/1 variant */
	static const int std[7] = { 0, 0, 9, 6, 4, 3, 3 };
	static const int kind[7] = { 0, 0, 3, 2, 1, 1, 1 };

	for (uint32_t n = 2; n <= 6; n++) {
		g = make_scenario_n(n, "U", CARC_OPT_LITTLE_BUILDINGS, 1, 0);
		ck_assert_int_eq(supply(n - 1, CARC_FIGURE_SHED), std[n]);
		carc_game_free(g);
		g = make_scenario_n(n, "U", CARC_OPT_LITTLE_BUILDINGS, 1,
				    CARC_OPT_LB_DISTRIBUTION,
				    CARC_LB_DIST_JCZ, 0);
		ck_assert_int_eq(supply(n - 1, CARC_FIGURE_TOWER), kind[n]);
		carc_game_free(g);
		g = make_scenario_n(n, "U", CARC_OPT_LITTLE_BUILDINGS, 1,
				    CARC_OPT_LB_SCORING, CARC_LB_321, 0);
		ck_assert_int_eq(supply(n - 1, CARC_FIGURE_HOUSE), kind[n]);
		carc_game_free(g);
		g = NULL;
	}
	/* 4 players: 4 tokens by the rules, 3 (1 + 1 + 1) JCZ's way */
	g = make_scenario_n(4, "U", CARC_OPT_LITTLE_BUILDINGS, 1, 0);
	ck_assert_int_eq(supply(0, CARC_FIGURE_TOWER), 4);
	carc_game_free(g);
	g = make_scenario_n(4, "U", CARC_OPT_LITTLE_BUILDINGS, 1,
			    CARC_OPT_LB_DISTRIBUTION, CARC_LB_DIST_JCZ, 0);
	ck_assert_int_eq(supply(0, CARC_FIGURE_TOWER) +
			 supply(0, CARC_FIGURE_HOUSE) +
			 supply(0, CARC_FIGURE_SHED), 3);
}
END_TEST

START_TEST(no_tokens_without_option)
{
	g = make_scenario("UU", 0);
	ck_assert_int_eq(supply(0, CARC_FIGURE_TOWER), 0);
	ck_assert_int_eq(supply(0, CARC_FIGURE_HOUSE), 0);
	ck_assert_int_eq(supply(1, CARC_FIGURE_SHED), 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	ck_assert_int_eq(lists_build(CARC_FIGURE_TOWER), 0);
	apply_expect(g, build_move(CARC_FIGURE_TOWER), CARC_E_NOT_ALLOWED);
	ck_assert_int_eq(carc_game_building_count(g), 0);
}
END_TEST

/* ---- placing --------------------------------------------------------- */

START_TEST(build_only_on_tile_just_placed)
{
	g = make_scenario("UUU", CARC_OPT_LITTLE_BUILDINGS, 1, 0);
	/* not before a tile is placed */
	apply_expect(g, carc_move_build(CARC_FIGURE_TOWER, 0, 0),
		     CARC_E_WRONG_PHASE);
	play(g, CARC_TILE_U, 1, 0, 0);
	/* never on the start tile, another tile or an empty position */
	apply_expect(g, carc_move_build(CARC_FIGURE_TOWER, 0, 0),
		     CARC_E_WRONG_TILE);
	apply_expect(g, carc_move_build(CARC_FIGURE_TOWER, 2, 0),
		     CARC_E_WRONG_TILE);
	ck_assert(carc_move_build(CARC_FIGURE_FOLLOWER, 1, 0) ==
		  CARC_MOVE_NONE);
	ck_assert(carc_move_build(CARC_FIGURE_PHANTOM, 1, 0) ==
		  CARC_MOVE_NONE);
	{
		int32_t x = 9, y = 9;
		uint32_t k = 0;
		carc_move_t want[] = {
			deploy_move(g, CARC_R1), deploy_move(g, CARC_F1),
			deploy_move(g, CARC_F2),
			build_move(CARC_FIGURE_TOWER),
			build_move(CARC_FIGURE_HOUSE),
			build_move(CARC_FIGURE_SHED), carc_move_pass(),
		};
		carc_move_t got[16];

		/* followers in feature order, buildings, pass */
		ck_assert_int_eq(carc_game_legal_moves(g, got, 16), 7);
		for (int i = 0; i < 7; i++)
			ck_assert(got[i] == want[i]);
		build(CARC_FIGURE_TOWER);
		ck_assert_int_eq(carc_game_building_count(g), 1);
		assert_ok(carc_game_building_at(g, 0, &x, &y, &k));
		ck_assert_int_eq(x, 1);
		ck_assert_int_eq(y, 0);
		ck_assert_uint_eq(k, CARC_FIGURE_TOWER);
		assert_status_eq(carc_game_building_at(g, 1, &x, &y, &k),
				 CARC_E_INVALID);
	}
	/* the building ends the deployment: the turn is over */
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	ck_assert_int_eq(carc_game_current_player(g), BLUE);
	ck_assert_int_eq(supply(RED, CARC_FIGURE_FOLLOWER), 7);
	apply_expect(g, carc_move_build(CARC_FIGURE_HOUSE, 1, 0),
		     CARC_E_WRONG_PHASE);
	/* Blue builds on his own tile; not on Red's */
	play(g, CARC_TILE_U, 2, 0, 0);
	apply_expect(g, carc_move_build(CARC_FIGURE_HOUSE, 1, 0),
		     CARC_E_WRONG_TILE);
	build(CARC_FIGURE_SHED);
	ck_assert_int_eq(carc_game_building_count(g), 2);
	{
		int32_t x = 9, y = 9;
		uint32_t k = 0;

		assert_ok(carc_game_building_at(g, 1, &x, &y, &k));
		ck_assert_int_eq(x, 2);
		ck_assert_uint_eq(k, CARC_FIGURE_SHED);
		assert_ok(carc_game_building_at(g, 0, NULL, NULL, &k));
		ck_assert_uint_eq(k, CARC_FIGURE_TOWER);
	}
}
END_TEST

START_TEST(never_with_follower)
{
	g = make_scenario("UU", CARC_OPT_LITTLE_BUILDINGS, 1,
			  CARC_OPT_PHANTOM, 1, 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_R1);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PHANTOM);
	apply_expect(g, build_move(CARC_FIGURE_TOWER), CARC_E_WRONG_PHASE);
	ck_assert_int_eq(lists_build(CARC_FIGURE_TOWER), 0);
	pass(g);
	ck_assert_int_eq(carc_game_building_count(g), 0);
	ck_assert_int_eq(supply(RED, CARC_FIGURE_TOWER), 9);
}
END_TEST

START_TEST(one_building_then_phantom)
{
	g = make_scenario("UU", CARC_OPT_LITTLE_BUILDINGS, 1,
			  CARC_OPT_PHANTOM, 1, 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	build(CARC_FIGURE_SHED);
	/* the phantom may follow; no second building, no follower */
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PHANTOM);
	apply_expect(g, build_move(CARC_FIGURE_TOWER), CARC_E_WRONG_PHASE);
	apply_expect(g, deploy_move(g, CARC_R1), CARC_E_WRONG_PHASE);
	assert_ok(carc_game_apply(g, carc_move_deploy(CARC_FIGURE_PHANTOM, 1,
						      0, CARC_R1)));
	ck_assert_int_eq(carc_game_building_count(g), 1);
	ck_assert_int_eq(carc_game_figure_count(g), 1);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
}
END_TEST

START_TEST(kind_exhausted_321)
{
	/* 3/2/1 with 5 players: one of each kind */
	g = make_scenario_n(5, "UUUUUUU", CARC_OPT_LITTLE_BUILDINGS, 1,
			    CARC_OPT_LB_SCORING, CARC_LB_321, 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	build(CARC_FIGURE_TOWER);
	for (int32_t x = 2; x <= 5; x++) {
		play(g, CARC_TILE_U, x, 0, 0);
		pass(g);
	}
	play(g, CARC_TILE_U, 6, 0, 0);		/* player 0 again */
	ck_assert_int_eq(carc_game_current_player(g), 0);
	ck_assert_int_eq(supply(0, CARC_FIGURE_TOWER), 0);
	ck_assert_int_eq(lists_build(CARC_FIGURE_TOWER), 0);
	ck_assert_int_eq(lists_build(CARC_FIGURE_HOUSE), 1);
	ck_assert_int_eq(lists_build(CARC_FIGURE_SHED), 1);
	apply_expect(g, build_move(CARC_FIGURE_TOWER), CARC_E_NO_MEEPLE);
	build(CARC_FIGURE_HOUSE);
	ck_assert_int_eq(supply(0, CARC_FIGURE_HOUSE), 0);
	ck_assert_int_eq(supply(0, CARC_FIGURE_SHED), 1);
}
END_TEST

START_TEST(pool_exhausted_rules)
{
	/* standard game, 6 players: 3 interchangeable tokens each */
	static const uint32_t kinds[3] = { CARC_FIGURE_TOWER,
					   CARC_FIGURE_TOWER,
					   CARC_FIGURE_SHED };

	g = make_scenario_n(6, "UUUUUUUUUUUUUUUUUUUU",
			    CARC_OPT_LITTLE_BUILDINGS, 1, 0);
	for (int32_t x = 1; x <= 18; x++) {
		play(g, CARC_TILE_U, x, 0, 0);
		if ((x - 1) % 6 == 0)
			build(kinds[(x - 1) / 6]);
		else
			pass(g);
	}
	ck_assert_int_eq(supply(0, CARC_FIGURE_TOWER), 0);
	ck_assert_int_eq(supply(0, CARC_FIGURE_HOUSE), 0);
	ck_assert_int_eq(supply(1, CARC_FIGURE_HOUSE), 3);
	play(g, CARC_TILE_U, 19, 0, 0);
	ck_assert_int_eq(carc_game_current_player(g), 0);
	ck_assert_int_eq(lists_build(CARC_FIGURE_TOWER), 0);
	ck_assert_int_eq(lists_build(CARC_FIGURE_HOUSE), 0);
	ck_assert_int_eq(lists_build(CARC_FIGURE_SHED), 0);
	apply_expect(g, build_move(CARC_FIGURE_HOUSE), CARC_E_NO_MEEPLE);
	apply_expect(g, build_move(CARC_FIGURE_SHED), CARC_E_NO_MEEPLE);
	pass(g);
	ck_assert_int_eq(carc_game_building_count(g), 3);
}
END_TEST

/* ---- worked examples, loop index 0 standard, 1 3/2/1 ----------------- */

START_TEST(e2_road_with_tower)
{
	int v = _i;

	g = make_scenario("AW", CARC_OPT_LITTLE_BUILDINGS, 1,
			  CARC_OPT_LB_SCORING, v, 0);
	play(g, CARC_TILE_A, 1, 0, 1);
	deploy(g, CARC_R1);
	play(g, CARC_TILE_W, -1, 0, 0);
	build(CARC_FIGURE_TOWER);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	assert_scores(v ? 6 : 4, 0);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_TYPE), CARC_EVENT_COMPLETED);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_TILES), 3);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_POINTS + RED), 3);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_BUILDING_POINTS + RED),
			 v ? 3 : 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_BUILDING_POINTS + BLUE), 0);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_POINTS + BLUE), 0);
	/* the building stays */
	ck_assert_int_eq(carc_game_building_count(g), 1);
}
END_TEST

START_TEST(e3_building_for_two_features)
{
	int v = _i;
	int i_road, i_city;

	g = make_scenario("WNNL", CARC_OPT_LITTLE_BUILDINGS, 1,
			  CARC_OPT_LB_SCORING, v, 0);
	play(g, CARC_TILE_W, 1, 0, 0);		/* Red */
	deploy(g, CARC_R3);
	play(g, CARC_TILE_N, 0, -1, 3);		/* Blue */
	deploy(g, CARC_C1);
	play(g, CARC_TILE_N, -1, -1, 2);	/* Red */
	pass(g);
	play(g, CARC_TILE_L, -1, 0, 0);		/* Blue */
	build(CARC_FIGURE_HOUSE);
	assert_scores(v ? 5 : 4, v ? 10 : 9);
	ck_assert_int_eq(carc_game_event_count(g), 2);
	i_road = ev_attr(0, CARC_EVENT_FEATURE_KIND) == CARC_FEATURE_ROAD ? 0
									    : 1;
	i_city = 1 - i_road;
	ck_assert_int_eq(ev_attr(i_road, CARC_EVENT_FEATURE_KIND),
			 CARC_FEATURE_ROAD);
	ck_assert_int_eq(ev_attr(i_road, CARC_EVENT_TILES), 3);
	ck_assert_int_eq(ev_attr(i_road, CARC_EVENT_POINTS + RED), 3);
	ck_assert_int_eq(ev_attr(i_road, CARC_EVENT_BUILDING_POINTS + RED),
			 v ? 2 : 1);
	ck_assert_int_eq(ev_attr(i_city, CARC_EVENT_FEATURE_KIND),
			 CARC_FEATURE_CITY);
	ck_assert_int_eq(ev_attr(i_city, CARC_EVENT_TILES), 4);
	ck_assert_int_eq(ev_attr(i_city, CARC_EVENT_POINTS + BLUE), 8);
	ck_assert_int_eq(ev_attr(i_city, CARC_EVENT_BUILDING_POINTS + BLUE),
			 v ? 2 : 1);
	ck_assert_int_eq(ev_bpoints(BLUE), v ? 2 : 1);
}
END_TEST

START_TEST(e4_tile_crossed_twice)
{
	int v = _i;

	g = make_scenario("INNN", CARC_OPT_LITTLE_BUILDINGS, 1,
			  CARC_OPT_LB_SCORING, v, 0);
	play(g, CARC_TILE_I, 0, 1, 2);		/* Red */
	build(CARC_FIGURE_HOUSE);
	play(g, CARC_TILE_N, 1, 1, 3);		/* Blue */
	deploy(g, CARC_C1);
	play(g, CARC_TILE_N, 0, 2, 1);		/* Red */
	pass(g);
	play(g, CARC_TILE_N, 1, 2, 0);		/* Blue: the ring closes */
	pass(g);
	assert_scores(0, v ? 10 : 9);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_TILES), 4);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_POINTS + BLUE), 8);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_BUILDING_POINTS + BLUE),
			 v ? 2 : 1);
}
END_TEST

START_TEST(e5_monastery_area)
{
	int v = _i;

	g = make_scenario("BVBUUBBEA", CARC_OPT_LITTLE_BUILDINGS, 1,
			  CARC_OPT_LB_SCORING, v, 0);
	play(g, CARC_TILE_B, 0, 1, 0);		/* Red: monk */
	deploy(g, CARC_MONASTERY);
	play(g, CARC_TILE_V, 1, 0, 0);		/* Blue */
	build(CARC_FIGURE_TOWER);
	play(g, CARC_TILE_B, 2, 0, 0);		/* Red: outside the area */
	build(CARC_FIGURE_SHED);
	play(g, CARC_TILE_U, -1, 0, 0);
	pass(g);
	play(g, CARC_TILE_U, 1, 1, 1);
	pass(g);
	play(g, CARC_TILE_B, -1, 1, 0);
	pass(g);
	play(g, CARC_TILE_B, -1, 2, 0);		/* Red */
	build(CARC_FIGURE_HOUSE);
	play(g, CARC_TILE_E, 0, 2, 2);
	pass(g);
	ck_assert_int_eq(carc_game_score(g, RED), 0);
	play(g, CARC_TILE_A, 1, 2, 2);		/* completes the monastery */
	pass(g);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	assert_scores(v ? 14 : 11, 0);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_FEATURE_KIND),
			 CARC_FEATURE_MONASTERY);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_TILES), 9);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_POINTS + RED), 9);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_BUILDING_POINTS + RED),
			 v ? 5 : 2);
	ck_assert_int_eq(carc_game_building_count(g), 3);
}
END_TEST

static void
e7_play(int v, int zero_field)
{
	g = make_scenario("FGBU", CARC_OPT_LITTLE_BUILDINGS, 1,
			  CARC_OPT_LB_SCORING, v, CARC_OPT_LB_ZERO_FIELD,
			  zero_field, 0);
	play(g, CARC_TILE_F, 0, -1, 1);		/* Red: knight */
	deploy(g, CARC_C1);
	play(g, CARC_TILE_G, 0, -2, 1);		/* Blue */
	build(CARC_FIGURE_TOWER);
	play(g, CARC_TILE_B, 0, 1, 0);		/* Red: farmer */
	deploy(g, CARC_F1);
	play(g, CARC_TILE_U, 1, 0, 0);		/* Blue */
	build(CARC_FIGURE_SHED);
	ck_assert_int_eq(carc_game_is_over(g), 1);
}

START_TEST(e7_final_and_building_only_field)
{
	int v = _i;
	int ic, ifarm;

	e7_play(v, 1);
	assert_scores(v ? 8 : 6, 0);
	ck_assert_int_eq(carc_game_event_count(g), 2);
	ic = ev_attr(0, CARC_EVENT_TYPE) == CARC_EVENT_FINAL ? 0 : 1;
	ifarm = 1 - ic;
	ck_assert_int_eq(ev_attr(ic, CARC_EVENT_TYPE), CARC_EVENT_FINAL);
	ck_assert_int_eq(ev_attr(ic, CARC_EVENT_FEATURE_KIND),
			 CARC_FEATURE_CITY);
	ck_assert_int_eq(ev_attr(ic, CARC_EVENT_POINTS + RED), 4);
	ck_assert_int_eq(ev_attr(ic, CARC_EVENT_BUILDING_POINTS + RED),
			 v ? 3 : 1);
	ck_assert_int_eq(ev_attr(ifarm, CARC_EVENT_TYPE), CARC_EVENT_FARM);
	ck_assert_int_eq(ev_attr(ifarm, CARC_EVENT_CITIES), 0);
	ck_assert_int_eq(ev_attr(ifarm, CARC_EVENT_POINTS + RED), 0);
	ck_assert_int_eq(ev_attr(ifarm, CARC_EVENT_BUILDING_POINTS + RED), 1);
}
END_TEST

START_TEST(e7_zero_field_skipped)
{
	int v = _i;

	e7_play(v, 0);
	/* the field without a completed city pays nothing at all */
	assert_scores(v ? 7 : 5, 0);
	ck_assert_int_eq(ev_bpoints(RED), v ? 3 : 1);
}
END_TEST

START_TEST(e10_jcz_city)
{
	int v = _i;

	g = make_scenario("GFFE", CARC_OPT_LITTLE_BUILDINGS, 1,
			  CARC_OPT_LB_SCORING, v, 0);
	play(g, CARC_TILE_G, 0, -1, 1);		/* Alice */
	build(CARC_FIGURE_SHED);
	play(g, CARC_TILE_F, 0, -2, 1);		/* Bob */
	deploy(g, CARC_C1);
	play(g, CARC_TILE_F, 0, -3, 1);		/* Alice */
	build(CARC_FIGURE_TOWER);
	play(g, CARC_TILE_E, 0, -4, 2);		/* Bob */
	build(CARC_FIGURE_HOUSE);
	assert_scores(0, v ? 20 : 17);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_TILES), 5);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_PENNANTS), 2);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_POINTS + BLUE), 14);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_BUILDING_POINTS + BLUE),
			 v ? 6 : 3);
}
END_TEST

START_TEST(e11_jcz_alternative)
{
	int v = _i;

	g = make_scenario("VGRFSJMHWD", CARC_OPT_LITTLE_BUILDINGS, 1,
			  CARC_OPT_LB_SCORING, v, 0);
	play(g, CARC_TILE_V, 1, 0, 0);		/* Alice */
	build(CARC_FIGURE_SHED);
	play(g, CARC_TILE_G, 0, -1, 1);		/* Bob */
	deploy(g, CARC_C1);
	play(g, CARC_TILE_R, 0, -2, 1);		/* Alice */
	build(CARC_FIGURE_SHED);
	play(g, CARC_TILE_F, 1, -2, 0);		/* Bob */
	pass(g);
	play(g, CARC_TILE_S, 2, -2, 0);		/* Alice */
	build(CARC_FIGURE_TOWER);
	play(g, CARC_TILE_J, 3, -2, 3);		/* Bob */
	build(CARC_FIGURE_SHED);
	play(g, CARC_TILE_M, 0, -3, 3);		/* Alice */
	build(CARC_FIGURE_TOWER);
	play(g, CARC_TILE_H, -1, -3, 1);	/* Bob */
	build(CARC_FIGURE_TOWER);
	play(g, CARC_TILE_W, 2, -1, 3);		/* Alice */
	pass(g);
	ck_assert_int_eq(carc_game_score(g, BLUE), 0);
	play(g, CARC_TILE_D, 2, -3, 2);		/* Bob: the city closes */
	build(CARC_FIGURE_HOUSE);
	assert_scores(0, v ? 37 : 30);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_TILES), 9);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_PENNANTS), 3);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_POINTS + BLUE), 24);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_BUILDING_POINTS + BLUE),
			 v ? 13 : 6);
}
END_TEST

/* ---- tied scorers (doc/users/rules.md#lb-ties) ---------------------- */

START_TEST(tie_full_bonus_each)
{
	/* E9(a) with a tower on Blue's A tile: 7 tiles, 1 : 1 */
	int v = _i;

	g = make_scenario("UVVVAA", CARC_OPT_PHANTOM, 1,
			  CARC_OPT_LITTLE_BUILDINGS, 1, CARC_OPT_LB_SCORING,
			  v, 0);
	play(g, CARC_TILE_U, -1, 0, 0);		/* Blue (player 0) */
	deploy(g, CARC_R1);
	pass(g);
	play(g, CARC_TILE_V, -1, 1, 0);		/* Red (player 1) */
	pass(g);
	assert_ok(carc_game_apply(g, carc_move_deploy(CARC_FIGURE_PHANTOM, -1,
						      1, CARC_R1)));
	play(g, CARC_TILE_V, -2, 0, 3);
	pass(g);
	pass(g);
	play(g, CARC_TILE_V, -2, 1, 2);
	pass(g);
	play(g, CARC_TILE_A, 1, 0, 1);		/* Blue: tower */
	build(CARC_FIGURE_TOWER);
	pass(g);
	play(g, CARC_TILE_A, -1, 2, 2);		/* Red */
	pass(g);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	ck_assert_int_eq(carc_game_score(g, 0), v ? 10 : 8);
	ck_assert_int_eq(carc_game_score(g, 1), v ? 10 : 8);
	ck_assert_int_eq(ev_points(0), 7);
	ck_assert_int_eq(ev_points(1), 7);
	ck_assert_int_eq(ev_bpoints(0), v ? 3 : 1);
	ck_assert_int_eq(ev_bpoints(1), v ? 3 : 1);
}
END_TEST

/* ---- buildings and the farm rules ------------------------------------ */

/*
 * SD.  Red: F(1)@(0,-1), farmer in the western field.  Blue: E(2)@(0,-2),
 * knight: the city SD + F + E completes, Blue 8.  Red: B(0)@(1,-1),
 * farmer (joins the eastern field of F).  Blue: B(0)@(-1,-1), house (on
 * the western field).  Red: U(0)@(1,0), shed: its northern field joins
 * the eastern one, its southern field SD's southern field.  Blue:
 * B(0)@(0,1), farmer in that southern field, which borders no city.
 *
 *   west  (Red 1):  F f2, B(-1,-1) [house]  -> city X
 *   east  (Red 1):  F f1, B(1,-1), SD f1, U f1 [shed] -> city X
 *   south (Blue 1): SD f2, U f2 [shed], B(0,1) -> no city
 *
 * Expected, standard (3/2/1: the house is worth 2):
 * - per field: Red 3 + 1 and 3 + 1 = 8 (9); Blue 8 + 1 = 9.
 * - per field, once per city: Red collects city X once (3) but both
 *   fields still pay their buildings: 3 + 1 + 1 = 5 (6); Blue 9.
 * - per city, LB_PER_CITY_FIELDS 1: city X is scored once for the farmer
 *   majority over all its fields (Red 2 : 0) = 4; then every field with
 *   farmers pays its buildings to its own farmer majority, as the
 *   field-based rules do: Red + 1 (west) + 1 (east) = 6 (7), Blue
 *   8 + 1 (south, no city, LB_ZERO_FIELD 1) = 9.
 * - per city, LB_PER_CITY_FIELDS 0: only the city: Red 4, Blue 8.
 */
static void
farm_play(int32_t rule, int v, int per_city_fields, int zero_field)
{
	g = make_scenario("FEBBUB", CARC_OPT_LITTLE_BUILDINGS, 1,
			  CARC_OPT_LB_SCORING, v, CARC_OPT_FARM_SCORING, rule,
			  CARC_OPT_LB_PER_CITY_FIELDS, per_city_fields,
			  CARC_OPT_LB_ZERO_FIELD, zero_field, 0);
	play(g, CARC_TILE_F, 0, -1, 1);
	deploy(g, CARC_F2);
	play(g, CARC_TILE_E, 0, -2, 2);
	deploy(g, CARC_C1);
	assert_scores(0, 8);
	play(g, CARC_TILE_B, 1, -1, 0);
	deploy(g, CARC_F1);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, -1, CARC_F1, RED), 1);
	play(g, CARC_TILE_B, -1, -1, 0);
	build(CARC_FIGURE_HOUSE);
	ck_assert_int_eq(carc_game_feature_figures(g, -1, -1, CARC_F1, RED),
			 1);
	play(g, CARC_TILE_U, 1, 0, 0);
	build(CARC_FIGURE_SHED);
	ck_assert_int_eq(carc_game_feature_figures(g, 1, 0, CARC_F1, RED), 1);
	play(g, CARC_TILE_B, 0, 1, 0);
	deploy(g, CARC_F1);
	ck_assert_int_eq(carc_game_feature_figures(g, 1, 0, CARC_F2, BLUE),
			 1);
	ck_assert_int_eq(carc_game_is_over(g), 1);
}

static int
count_farm_events(int32_t kind)
{
	int n = carc_game_event_count(g), c = 0;

	for (int i = 0; i < n; i++)
		c += ev_attr((uint32_t)i, CARC_EVENT_TYPE) == CARC_EVENT_FARM &&
		     ev_attr((uint32_t)i, CARC_EVENT_FEATURE_KIND) == kind;
	return c;
}

START_TEST(farm_per_field)
{
	int v = _i;

	farm_play(CARC_FARM_PER_FIELD, v, 1, 1);
	assert_scores(v ? 9 : 8, 9);
	ck_assert_int_eq(count_farm_events(CARC_FEATURE_FIELD), 3);
	ck_assert_int_eq(ev_points(RED), 6);
	ck_assert_int_eq(ev_bpoints(RED), v ? 3 : 2);
	ck_assert_int_eq(ev_points(BLUE), 0);
	ck_assert_int_eq(ev_bpoints(BLUE), 1);
}
END_TEST

START_TEST(farm_per_field_zero_field_skip)
{
	int v = _i;

	farm_play(CARC_FARM_PER_FIELD, v, 1, 0);
	assert_scores(v ? 9 : 8, 8);
}
END_TEST

START_TEST(farm_per_field_once)
{
	int v = _i;

	farm_play(CARC_FARM_PER_FIELD_ONCE, v, 1, 1);
	assert_scores(v ? 6 : 5, 9);
	ck_assert_int_eq(ev_points(RED), 3);
	ck_assert_int_eq(ev_bpoints(RED), v ? 3 : 2);
}
END_TEST

START_TEST(farm_per_city_fields_pay)
{
	int v = _i;
	int n = 0;

	farm_play(CARC_FARM_PER_CITY, v, 1, 1);
	assert_scores(v ? 7 : 6, 9);
	ck_assert_int_eq(count_farm_events(CARC_FEATURE_CITY), 1);
	ck_assert_int_eq(count_farm_events(CARC_FEATURE_FIELD), 3);
	for (int i = 0; i < carc_game_event_count(g); i++) {
		uint32_t u = (uint32_t)i;

		if (ev_attr(u, CARC_EVENT_FEATURE_KIND) == CARC_FEATURE_CITY) {
			ck_assert_int_eq(ev_attr(u, CARC_EVENT_POINTS + RED), 4);
			ck_assert_int_eq(ev_attr(u, CARC_EVENT_FIGURES + RED),
					 2);
			ck_assert_int_eq(ev_attr(u,
				CARC_EVENT_BUILDING_POINTS + RED), 0);
			n++;
		} else {
			/* field events carry building points only */
			ck_assert_int_eq(ev_attr(u, CARC_EVENT_POINTS + RED), 0);
			ck_assert_int_eq(ev_attr(u, CARC_EVENT_POINTS + BLUE),
					 0);
		}
	}
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(ev_bpoints(RED), v ? 3 : 2);
	ck_assert_int_eq(ev_bpoints(BLUE), 1);
}
END_TEST

START_TEST(farm_per_city_fields_silent)
{
	int v = _i;

	farm_play(CARC_FARM_PER_CITY, v, 0, 1);
	assert_scores(4, 8);
	ck_assert_int_eq(count_farm_events(CARC_FEATURE_FIELD), 0);
	ck_assert_int_eq(count_farm_events(CARC_FEATURE_CITY), 1);
	ck_assert_int_eq(ev_bpoints(RED), 0);
	ck_assert_int_eq(ev_bpoints(BLUE), 0);
}
END_TEST

START_TEST(farm_per_city_zero_field_skip)
{
	int v = _i;

	farm_play(CARC_FARM_PER_CITY, v, 1, 0);
	assert_scores(v ? 7 : 6, 8);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("buildings");
	TCase *tc;

	tc = tcase_create("distribution");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_loop_test(tc, distribution, 0, 5 * 4);
	tcase_add_test(tc, distribution_table);
	tcase_add_test(tc, no_tokens_without_option);
	suite_add_tcase(s, tc);

	tc = tcase_create("placing");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, build_only_on_tile_just_placed);
	tcase_add_test(tc, never_with_follower);
	tcase_add_test(tc, one_building_then_phantom);
	tcase_add_test(tc, kind_exhausted_321);
	tcase_add_test(tc, pool_exhausted_rules);
	suite_add_tcase(s, tc);

	tc = tcase_create("examples");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_loop_test(tc, e2_road_with_tower, 0, 2);
	tcase_add_loop_test(tc, e3_building_for_two_features, 0, 2);
	tcase_add_loop_test(tc, e4_tile_crossed_twice, 0, 2);
	tcase_add_loop_test(tc, e5_monastery_area, 0, 2);
	tcase_add_loop_test(tc, e7_final_and_building_only_field, 0, 2);
	tcase_add_loop_test(tc, e10_jcz_city, 0, 2);
	tcase_add_loop_test(tc, e11_jcz_alternative, 0, 2);
	suite_add_tcase(s, tc);

	tc = tcase_create("ties_and_fields");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_loop_test(tc, tie_full_bonus_each, 0, 2);
	tcase_add_loop_test(tc, e7_zero_field_skipped, 0, 2);
	tcase_add_loop_test(tc, farm_per_field, 0, 2);
	tcase_add_loop_test(tc, farm_per_field_zero_field_skip, 0, 2);
	tcase_add_loop_test(tc, farm_per_field_once, 0, 2);
	tcase_add_loop_test(tc, farm_per_city_fields_pay, 0, 2);
	tcase_add_loop_test(tc, farm_per_city_fields_silent, 0, 2);
	tcase_add_loop_test(tc, farm_per_city_zero_field_skip, 0, 2);
	suite_add_tcase(s, tc);

	return s;
}
