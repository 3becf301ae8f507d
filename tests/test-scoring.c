/* SPDX-License-Identifier: MIT */
/*
 * Scoring, built move by move from the worked examples and rules of the
 * reference (sections 4 and 8).  Red is player 0, Blue player 1.
 */
#include <check.h>

#include "test-common.h"

#define RED 0
#define BLUE 1

static struct carc_game *g;
static struct event ev[64];
static int n_ev;

static void
teardown(void)
{
	carc_game_free(g);
	g = NULL;
}

static void
read_events(void)
{
	n_ev = collect_events(g, ev, 64);
	ck_assert_int_le(n_ev, 64);
}

static int
sum_points(int32_t type, int player)
{
	int sum = 0;

	for (int i = 0; i < n_ev; i++) {
		if (ev[i].type == type)
			sum += ev[i].points[player];
	}
	return sum;
}

static int
count_type(int32_t type)
{
	int n = 0;

	for (int i = 0; i < n_ev; i++)
		n += ev[i].type == type;
	return n;
}

static void
assert_scores(int red, int blue)
{
	ck_assert_int_eq(carc_game_score(g, RED), red);
	ck_assert_int_eq(carc_game_score(g, BLUE), blue);
}

static void
assert_supplies(int red, int blue)
{
	ck_assert_int_eq(carc_game_supply(g, RED, CARC_FIGURE_FOLLOWER), red);
	ck_assert_int_eq(carc_game_supply(g, BLUE, CARC_FIGURE_FOLLOWER),
			 blue);
}

/* ---- E1: two-tile city ------------------------------------------------ */

START_TEST(e1_two_tile_city)
{
	int i;

	g = make_scenario("EU", 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	ck_assert_int_eq(carc_game_feature_is_complete(g, 0, 0, CARC_C1), 1);
	ck_assert_int_eq(carc_game_feature_is_complete(g, 0, -1, CARC_C1), 1);
	deploy(g, CARC_C1);
	assert_scores(4, 0);
	assert_supplies(7, 7);
	ck_assert_int_eq(carc_game_figure_count(g), 0);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	ck_assert_int_eq(carc_game_current_player(g), BLUE);

	read_events();
	ck_assert_int_eq(n_ev, 1);
	i = find_event(ev, n_ev, CARC_EVENT_COMPLETED, CARC_FEATURE_CITY);
	ck_assert_int_eq(i, 0);
	ck_assert_int_eq(ev[i].tiles, 2);
	ck_assert_int_eq(ev[i].pennants, 0);
	ck_assert_int_eq(ev[i].scorers, 1 << RED);
	ck_assert_int_eq(ev[i].points[RED], 4);
	ck_assert_int_eq(ev[i].points[BLUE], 0);
	ck_assert_int_eq(ev[i].figures[RED], 1);
	ck_assert_int_eq(ev[i].figures[BLUE], 0);
	ck_assert_int_eq(ev[i].feature, CARC_C1);
	ck_assert(ev[i].x == 0 && (ev[i].y == 0 || ev[i].y == -1));
}
END_TEST

START_TEST(e1_small_city_rule)
{
	g = make_scenario("EU", CARC_OPT_SMALL_CITY, 1, 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	deploy(g, CARC_C1);
	assert_scores(2, 0);
	read_events();
	ck_assert_int_eq(n_ev, 1);
	ck_assert_int_eq(ev[0].points[RED], 2);
	ck_assert_int_eq(ev[0].tiles, 2);
}
END_TEST

START_TEST(e1_last_tile)
{
	/* The completing turn is also the last one: one apply, game over. */
	g = make_scenario("E", 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	deploy(g, CARC_C1);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	assert_scores(4, 0);
	assert_supplies(7, 7);
	read_events();
	ck_assert_int_eq(n_ev, 1);
	ck_assert_int_eq(ev[0].type, CARC_EVENT_COMPLETED);
}
END_TEST

START_TEST(completed_city_without_follower)
{
	g = make_scenario("EU", 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	pass(g);
	assert_scores(0, 0);
	read_events();
	ck_assert_int_eq(sum_points(CARC_EVENT_COMPLETED, RED), 0);
	ck_assert_int_eq(carc_game_feature_is_complete(g, 0, 0, CARC_C1), 1);
}
END_TEST

/* ---- city with two pennants (E10 without buildings) ------------------ */

START_TEST(city_five_tiles_two_pennants)
{
	int i;

	g = make_scenario("GFFE", 0);
	play(g, CARC_TILE_G, 0, -1, 1);
	pass(g);
	play(g, CARC_TILE_F, 0, -2, 1);
	deploy(g, CARC_C1);
	play(g, CARC_TILE_F, 0, -3, 1);
	pass(g);
	play(g, CARC_TILE_E, 0, -4, 2);
	ck_assert_int_eq(carc_game_score(g, BLUE), 0);
	pass(g);
	assert_scores(0, 14);
	read_events();
	i = find_event(ev, n_ev, CARC_EVENT_COMPLETED, CARC_FEATURE_CITY);
	ck_assert_int_ge(i, 0);
	ck_assert_int_eq(ev[i].tiles, 5);
	ck_assert_int_eq(ev[i].pennants, 2);
	ck_assert_int_eq(ev[i].scorers, 1 << BLUE);
	ck_assert_int_eq(ev[i].points[BLUE], 14);
	ck_assert_int_eq(ev[i].figures[BLUE], 1);
}
END_TEST

/* ---- E6: farms under the three rule sets ----------------------------- */

static void
e6_play(int32_t farm_rule)
{
	int i;

	g = make_scenario("FEB", CARC_OPT_FARM_SCORING, farm_rule, 0);
	play(g, CARC_TILE_F, 0, -1, 1);
	deploy(g, CARC_F2); /* western field of the F tile */
	play(g, CARC_TILE_E, 0, -2, 2);
	deploy(g, CARC_C1);
	assert_scores(0, 8);
	read_events();
	ck_assert_int_eq(n_ev, 1);
	i = find_event(ev, n_ev, CARC_EVENT_COMPLETED, CARC_FEATURE_CITY);
	ck_assert_int_eq(i, 0);
	ck_assert_int_eq(ev[i].tiles, 3);
	ck_assert_int_eq(ev[i].pennants, 1);
	ck_assert_int_eq(ev[i].points[BLUE], 8);
	play(g, CARC_TILE_B, 1, -1, 0);
	/* Joins the eastern field of F, which borders the same city. */
	ck_assert_int_eq(carc_game_feature_figures(g, 0, -1, CARC_F1, RED), 0);
	deploy(g, CARC_F1);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, -1, CARC_F1, RED), 1);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	read_events();
	/* Farmers stay on the board after final scoring. */
	ck_assert_int_eq(carc_game_figure_count(g), 2);
	assert_supplies(5, 7);
}

START_TEST(e6_per_field)
{
	e6_play(CARC_FARM_PER_FIELD);
	assert_scores(6, 8);
	ck_assert_int_eq(n_ev, 2);
	ck_assert_int_eq(count_type(CARC_EVENT_FARM), 2);
	for (int i = 0; i < 2; i++) {
		ck_assert_int_eq(ev[i].points[RED], 3);
		ck_assert_int_eq(ev[i].points[BLUE], 0);
		ck_assert_int_eq(ev[i].cities, 1);
		ck_assert_int_eq(ev[i].scorers, 1 << RED);
		ck_assert_int_eq(ev[i].figures[RED], 1);
		ck_assert_int_eq(ev[i].kind, CARC_FEATURE_FIELD);
	}
}
END_TEST

START_TEST(e6_per_city)
{
	e6_play(CARC_FARM_PER_CITY);
	assert_scores(4, 8);
	ck_assert_int_eq(n_ev, 1);
	ck_assert_int_eq(ev[0].type, CARC_EVENT_FARM);
	ck_assert_int_eq(ev[0].points[RED], 4);
	ck_assert_int_eq(ev[0].figures[RED], 2);
	ck_assert_int_eq(ev[0].scorers, 1 << RED);
}
END_TEST

START_TEST(e6_per_field_once)
{
	e6_play(CARC_FARM_PER_FIELD_ONCE);
	assert_scores(3, 8);
	ck_assert_int_eq(sum_points(CARC_EVENT_FARM, RED), 3);
	ck_assert_int_eq(sum_points(CARC_EVENT_FARM, BLUE), 0);
}
END_TEST

START_TEST(e6_small_city_rule_ignores_three_tiles)
{
	g = make_scenario("FEB", CARC_OPT_SMALL_CITY, 1, 0);
	play(g, CARC_TILE_F, 0, -1, 1);
	pass(g);
	play(g, CARC_TILE_E, 0, -2, 2);
	deploy(g, CARC_C1);
	assert_scores(0, 8);
}
END_TEST

/* A farmer on the field of the closing tile itself (E1 + farmer). */
static void
farmer_next_to_closed_city(int32_t farm_rule, int want)
{
	g = make_scenario("E", CARC_OPT_FARM_SCORING, farm_rule, 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	deploy(g, CARC_F1);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	assert_scores(want, 0);
	read_events();
	ck_assert_int_eq(sum_points(CARC_EVENT_FARM, RED), want);
	ck_assert_int_eq(count_type(CARC_EVENT_FARM), 1);
	ck_assert_int_eq(sum_points(CARC_EVENT_COMPLETED, RED), 0);
}

START_TEST(farm_closed_city_per_field)
{
	farmer_next_to_closed_city(CARC_FARM_PER_FIELD, 3);
}
END_TEST

START_TEST(farm_closed_city_per_city)
{
	farmer_next_to_closed_city(CARC_FARM_PER_CITY, 4);
}
END_TEST

START_TEST(farm_closed_city_per_field_once)
{
	farmer_next_to_closed_city(CARC_FARM_PER_FIELD_ONCE, 3);
}
END_TEST

/* ---- roads ------------------------------------------------------------ */

START_TEST(road_loop_of_four_curves)
{
	int i;

	g = make_scenario("VVVV", 0);
	play(g, CARC_TILE_V, 0, 1, 3);
	deploy(g, CARC_R1);
	play(g, CARC_TILE_V, 1, 1, 0);
	pass(g);
	play(g, CARC_TILE_V, 0, 2, 2);
	pass(g);
	ck_assert_int_eq(carc_game_feature_is_complete(g, 0, 1, CARC_R1), 0);
	play(g, CARC_TILE_V, 1, 2, 1);
	ck_assert_int_eq(carc_game_feature_is_complete(g, 0, 1, CARC_R1), 1);
	pass(g);
	assert_scores(4, 0);
	assert_supplies(7, 7);
	read_events();
	ck_assert_int_eq(n_ev, 1);
	i = find_event(ev, n_ev, CARC_EVENT_COMPLETED, CARC_FEATURE_ROAD);
	ck_assert_int_eq(i, 0);
	ck_assert_int_eq(ev[i].tiles, 4);
	ck_assert_int_eq(ev[i].points[RED], 4);
	ck_assert_int_eq(ev[i].feature, CARC_R1);
}
END_TEST

START_TEST(road_tie_scores_both)
{
	int i;

	g = make_scenario("UVVVAA", 0);
	play(g, CARC_TILE_U, -1, 0, 0);
	deploy(g, CARC_R1);
	play(g, CARC_TILE_V, 0, 1, 3);
	deploy(g, CARC_R1); /* a separate road for now */
	play(g, CARC_TILE_V, 1, 1, 1);
	pass(g);
	play(g, CARC_TILE_V, 1, 0, 0); /* joins the two roads */
	pass(g);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, 0, CARC_R1, RED), 1);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, 0, CARC_R1, BLUE), 1);
	play(g, CARC_TILE_A, -2, 0, 3);
	pass(g);
	assert_scores(0, 0);
	play(g, CARC_TILE_A, 0, 2, 2);
	pass(g);
	assert_scores(7, 7);
	assert_supplies(7, 7);
	read_events();
	ck_assert_int_eq(n_ev, 1);
	i = find_event(ev, n_ev, CARC_EVENT_COMPLETED, CARC_FEATURE_ROAD);
	ck_assert_int_eq(i, 0);
	ck_assert_int_eq(ev[i].tiles, 7);
	ck_assert_int_eq(ev[i].scorers, (1 << RED) | (1 << BLUE));
	ck_assert_int_eq(ev[i].points[RED], 7);
	ck_assert_int_eq(ev[i].points[BLUE], 7);
	ck_assert_int_eq(ev[i].figures[RED], 1);
	ck_assert_int_eq(ev[i].figures[BLUE], 1);
}
END_TEST

START_TEST(road_majority_scores_alone)
{
	int i;

	g = make_scenario("UVVUVVVAA", 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_R1);             /* Red: road through the start */
	play(g, CARC_TILE_V, 0, 1, 3);
	deploy(g, CARC_R1);             /* Blue: separate road */
	play(g, CARC_TILE_V, -1, 1, 1);
	deploy(g, CARC_R1);             /* Red: another separate road */
	play(g, CARC_TILE_U, 1, 1, 0);
	pass(g);
	play(g, CARC_TILE_V, 2, 1, 1);
	pass(g);
	play(g, CARC_TILE_V, 2, 0, 0); /* Red 1 : Blue 1 */
	pass(g);
	play(g, CARC_TILE_V, -1, 0, 3); /* Red 2 : Blue 1 */
	pass(g);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, 0, CARC_R1, RED), 2);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, 0, CARC_R1, BLUE), 1);
	play(g, CARC_TILE_A, 0, 2, 2);
	pass(g);
	play(g, CARC_TILE_A, -2, 1, 3);
	pass(g);
	assert_scores(10, 0);
	assert_supplies(7, 7);
	read_events();
	i = find_event(ev, n_ev, CARC_EVENT_COMPLETED, CARC_FEATURE_ROAD);
	ck_assert_int_ge(i, 0);
	ck_assert_int_eq(ev[i].tiles, 10);
	ck_assert_int_eq(ev[i].scorers, 1 << RED);
	ck_assert_int_eq(ev[i].points[RED], 10);
	ck_assert_int_eq(ev[i].points[BLUE], 0);
	ck_assert_int_eq(ev[i].figures[RED], 2);
	ck_assert_int_eq(ev[i].figures[BLUE], 1);
}
END_TEST

/* ---- a city through both caps of one tile (E4 without buildings) ------ */

START_TEST(city_ring_counts_tile_once)
{
	int i;

	g = make_scenario("INNN", 0);
	play(g, CARC_TILE_I, 0, 1, 2);
	pass(g);
	play(g, CARC_TILE_N, 1, 1, 3);
	deploy(g, CARC_C1);
	play(g, CARC_TILE_N, 0, 2, 1);
	pass(g);
	play(g, CARC_TILE_N, 1, 2, 0);
	pass(g);
	assert_scores(0, 8);
	read_events();
	ck_assert_int_eq(n_ev, 1);
	i = find_event(ev, n_ev, CARC_EVENT_COMPLETED, CARC_FEATURE_CITY);
	ck_assert_int_eq(i, 0);
	ck_assert_int_eq(ev[i].tiles, 4);
	ck_assert_int_eq(ev[i].pennants, 0);
	ck_assert_int_eq(ev[i].points[BLUE], 8);
	ck_assert_int_eq(carc_game_feature_is_complete(g, 0, 1, CARC_C1), 1);
	ck_assert_int_eq(carc_game_feature_is_complete(g, 0, 1, CARC_C2), 1);
}
END_TEST

/* ---- monastery (E5 without buildings) ---------------------------------- */

START_TEST(monastery_completed_later)
{
	int i;

	g = make_scenario("BVBUUBBEA", 0);
	play(g, CARC_TILE_B, 0, 1, 0);
	deploy(g, CARC_MONASTERY);
	play(g, CARC_TILE_V, 1, 0, 0);
	pass(g);
	play(g, CARC_TILE_B, 2, 0, 0);
	pass(g);
	play(g, CARC_TILE_U, -1, 0, 0);
	pass(g);
	play(g, CARC_TILE_U, 1, 1, 1);
	pass(g);
	play(g, CARC_TILE_B, -1, 1, 0);
	pass(g);
	play(g, CARC_TILE_B, -1, 2, 0);
	pass(g);
	play(g, CARC_TILE_E, 0, 2, 2);
	pass(g);
	ck_assert_int_eq(carc_game_feature_is_complete(g, 0, 1,
						       CARC_MONASTERY), 0);
	assert_scores(0, 0);
	play(g, CARC_TILE_A, 1, 2, 2);
	ck_assert_int_eq(carc_game_feature_is_complete(g, 0, 1,
						       CARC_MONASTERY), 1);
	pass(g);
	assert_scores(9, 0);
	assert_supplies(7, 7);
	read_events();
	ck_assert_int_eq(n_ev, 1);
	i = find_event(ev, n_ev, CARC_EVENT_COMPLETED, CARC_FEATURE_MONASTERY);
	ck_assert_int_eq(i, 0);
	ck_assert_int_eq(ev[i].tiles, 9);
	ck_assert_int_eq(ev[i].points[RED], 9);
	ck_assert_int_eq(ev[i].x, 0);
	ck_assert_int_eq(ev[i].y, 1);
	ck_assert_int_eq(ev[i].feature, CARC_MONASTERY);
}
END_TEST

/* ---- final scoring ----------------------------------------------------- */

START_TEST(final_incomplete_road)
{
	int i;

	g = make_scenario("U", 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_R1);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	assert_scores(2, 0);
	read_events();
	ck_assert_int_eq(n_ev, 1);
	i = find_event(ev, n_ev, CARC_EVENT_FINAL, CARC_FEATURE_ROAD);
	ck_assert_int_eq(i, 0);
	ck_assert_int_eq(ev[i].tiles, 2);
	ck_assert_int_eq(ev[i].points[RED], 2);
	ck_assert_int_eq(ev[i].figures[RED], 1);
	ck_assert_int_eq(ev[i].scorers, 1 << RED);
	/* At the end figures stay on the board. */
	ck_assert_int_eq(carc_game_figure_count(g), 1);
	assert_supplies(6, 7);
}
END_TEST

START_TEST(final_incomplete_city_with_pennant)
{
	int i;

	g = make_scenario("F", 0);
	play(g, CARC_TILE_F, 0, -1, 1);
	deploy(g, CARC_C1);
	assert_scores(3, 0);
	read_events();
	ck_assert_int_eq(n_ev, 1);
	i = find_event(ev, n_ev, CARC_EVENT_FINAL, CARC_FEATURE_CITY);
	ck_assert_int_eq(i, 0);
	ck_assert_int_eq(ev[i].tiles, 2);
	ck_assert_int_eq(ev[i].pennants, 1);
	ck_assert_int_eq(ev[i].points[RED], 3);
}
END_TEST

START_TEST(final_incomplete_monastery)
{
	int i;

	g = make_scenario("BU", 0);
	play(g, CARC_TILE_B, 0, 1, 0);
	deploy(g, CARC_MONASTERY);
	play(g, CARC_TILE_U, 1, 0, 0); /* a diagonal neighbour */
	pass(g);
	assert_scores(3, 0);
	read_events();
	ck_assert_int_eq(n_ev, 1);
	i = find_event(ev, n_ev, CARC_EVENT_FINAL, CARC_FEATURE_MONASTERY);
	ck_assert_int_eq(i, 0);
	ck_assert_int_eq(ev[i].tiles, 3);
	ck_assert_int_eq(ev[i].points[RED], 3);
	ck_assert_int_eq(ev[i].figures[RED], 1);
}
END_TEST

START_TEST(final_field_without_completed_city)
{
	g = make_scenario("B", 0);
	play(g, CARC_TILE_B, 0, 1, 0);
	deploy(g, CARC_F1); /* joins the start tile's southern field */
	ck_assert_int_eq(carc_game_is_over(g), 1);
	assert_scores(0, 0);
	read_events();
	ck_assert_int_eq(sum_points(CARC_EVENT_FARM, RED), 0);
	ck_assert_int_eq(carc_game_figure_count(g), 1);
}
END_TEST

START_TEST(final_field_next_to_open_city)
{
	/* D's northern strip borders the start city, which stays open. */
	g = make_scenario("U", 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_F1);
	assert_scores(0, 0);
}
END_TEST

START_TEST(final_mixed_features_two_players)
{
	/* Red: road thief (2 tiles).  Blue: knight on an open pennant city
	 * (2 tiles + 1 pennant).  Red: monk with two neighbours. */
	g = make_scenario("UFB", 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_R1);
	play(g, CARC_TILE_F, 0, -1, 1);
	deploy(g, CARC_C1);
	play(g, CARC_TILE_B, 1, 1, 0);
	deploy(g, CARC_MONASTERY);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	/* Road 2 + monastery 1 + (0,0), (1,0) = 3. */
	assert_scores(5, 3);
	read_events();
	ck_assert_int_eq(n_ev, 3);
	ck_assert_int_eq(count_type(CARC_EVENT_FINAL), 3);
	ck_assert_int_eq(sum_points(CARC_EVENT_FINAL, RED), 5);
	ck_assert_int_eq(sum_points(CARC_EVENT_FINAL, BLUE), 3);
	ck_assert_int_eq(carc_game_figure_count(g), 3);
}
END_TEST

START_TEST(farmers_off_no_farm_events)
{
	g = make_scenario("E", CARC_OPT_FARMERS, 0, 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	apply_expect(g, deploy_move(g, CARC_F1), CARC_E_NOT_ALLOWED);
	deploy(g, CARC_C1);
	assert_scores(4, 0);
	read_events();
	ck_assert_int_eq(count_type(CARC_EVENT_FARM), 0);
}
END_TEST

START_TEST(scores_only_from_own_events)
{
	/* Score totals equal the sum of all event points over the game. */
	int total[2] = { 0, 0 };

	g = make_scenario("UVVVAA", 0);
	play(g, CARC_TILE_U, -1, 0, 0);
	deploy(g, CARC_R1);
	read_events();
	ck_assert_int_eq(n_ev, 0);
	play(g, CARC_TILE_V, 0, 1, 3);
	deploy(g, CARC_F1);
	play(g, CARC_TILE_V, 1, 1, 1);
	pass(g);
	play(g, CARC_TILE_V, 1, 0, 0);
	pass(g);
	play(g, CARC_TILE_A, -2, 0, 3);
	deploy(g, CARC_MONASTERY);
	play(g, CARC_TILE_A, 0, 2, 2);
	pass(g);
	read_events();
	for (int i = 0; i < n_ev; i++) {
		total[0] += ev[i].points[0];
		total[1] += ev[i].points[1];
	}
	/* Road 7 completed for Red; Red's monk (-2,0): itself + (-1,0). */
	ck_assert_int_eq(carc_game_score(g, RED), 7 + 2);
	ck_assert_int_eq(total[0], 9);
	ck_assert_int_eq(total[1], carc_game_score(g, BLUE));
}
END_TEST

/* ---- event accessors ------------------------------------------------- */

START_TEST(event_get_errors)
{
	int32_t v = 1234;

	g = make_scenario("EU", 0);
	ck_assert_int_eq(carc_game_event_count(g), 0);
	assert_status_eq(carc_game_event_get(g, 0, CARC_EVENT_TYPE, &v),
			 CARC_E_INVALID);
	play(g, CARC_TILE_E, 0, -1, 2);
	/* Placing scores nothing yet. */
	ck_assert_int_eq(carc_game_event_count(g), 0);
	deploy(g, CARC_C1);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	assert_status_eq(carc_game_event_get(g, 1, CARC_EVENT_TYPE, &v),
			 CARC_E_INVALID);
	assert_status_eq(carc_game_event_get(g, 0, 0, &v), CARC_E_INVALID);
	assert_status_eq(carc_game_event_get(g, 0, 0x77, &v), CARC_E_INVALID);
	assert_status_eq(carc_game_event_get(g, 0, CARC_EVENT_POINTS + 2, &v),
			 CARC_E_INVALID);
	assert_status_eq(carc_game_event_get(g, 0, CARC_EVENT_FIGURES + 2,
					     &v), CARC_E_INVALID);
	assert_status_eq(carc_game_event_get(g, 0, CARC_EVENT_TYPE, NULL),
			 CARC_E_INVALID);
	ck_assert_int_eq(v, 1234);
	/* A failed apply keeps the record; the next success replaces it. */
	apply_expect(g, carc_move_pass(), CARC_E_WRONG_PHASE);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	play(g, CARC_TILE_U, 1, 0, 0);
	ck_assert_int_eq(carc_game_event_count(g), 0);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("scoring");
	TCase *tc;

	tc = tcase_create("cities");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, e1_two_tile_city);
	tcase_add_test(tc, e1_small_city_rule);
	tcase_add_test(tc, e1_last_tile);
	tcase_add_test(tc, completed_city_without_follower);
	tcase_add_test(tc, city_five_tiles_two_pennants);
	tcase_add_test(tc, city_ring_counts_tile_once);
	suite_add_tcase(s, tc);

	tc = tcase_create("farms");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, e6_per_field);
	tcase_add_test(tc, e6_per_city);
	tcase_add_test(tc, e6_per_field_once);
	tcase_add_test(tc, e6_small_city_rule_ignores_three_tiles);
	tcase_add_test(tc, farm_closed_city_per_field);
	tcase_add_test(tc, farm_closed_city_per_city);
	tcase_add_test(tc, farm_closed_city_per_field_once);
	tcase_add_test(tc, farmers_off_no_farm_events);
	suite_add_tcase(s, tc);

	tc = tcase_create("roads");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, road_loop_of_four_curves);
	tcase_add_test(tc, road_tie_scores_both);
	tcase_add_test(tc, road_majority_scores_alone);
	suite_add_tcase(s, tc);

	tc = tcase_create("monastery");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, monastery_completed_later);
	suite_add_tcase(s, tc);

	tc = tcase_create("final");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, final_incomplete_road);
	tcase_add_test(tc, final_incomplete_city_with_pennant);
	tcase_add_test(tc, final_incomplete_monastery);
	tcase_add_test(tc, final_field_without_completed_city);
	tcase_add_test(tc, final_field_next_to_open_city);
	tcase_add_test(tc, final_mixed_features_two_players);
	tcase_add_test(tc, scores_only_from_own_events);
	suite_add_tcase(s, tc);

	tc = tcase_create("events");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, event_get_errors);
	suite_add_tcase(s, tc);

	return s;
}
