/* SPDX-License-Identifier: MIT */
/*
 * Inns & Cathedrals (doc/users/rules.md#inns-cathedrals): its tiles and their
 * flags, the large follower (doc/users/rules.md#ic-large-follower), inns
 * (doc/users/rules.md#ic-inn) and cathedrals (doc/users/rules.md#ic-cathedral) in
 * the worked examples of doc/users/rules.md#ic-examples, played on hand-built
 * boards.  Red is player 0 and Blue player 1.
 */
#include <check.h>
#include <string.h>

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

static uint32_t
tile(const char *name)
{
	int t = carc_tile_from_name(name);

	ck_assert_msg(t >= 0, "unknown tile %s", name);
	return (uint32_t)t;
}

/*
 * A two-player game with Inns & Cathedrals whose stack holds exactly the
 * tiles named in @stack (space-separated names, drawn in that order),
 * with the options @opt (pairs, ended by 0).
 */
static struct carc_game *
ic_game(const char *stack, const int *opt)
{
	struct carc_rules_builder *b = NULL;
	uint32_t order[64];
	size_t n = 0;
	char buf[256], *save = NULL;

	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_INNS_CATHEDRALS, 1));
	for (; opt && *opt; opt += 2)
		assert_ok(carc_rules_builder_set(b, (uint32_t)opt[0], opt[1]));
	ck_assert_uint_lt(strlen(stack), sizeof(buf));
	strcpy(buf, stack);
	for (char *w = strtok_r(buf, " ", &save); w;
	     w = strtok_r(NULL, " ", &save)) {
		order[n++] = tile(w);
	}
	return make_stacked_game(b, 2, order, n);
}

static void
place(const char *name, int32_t x, int32_t y, uint32_t rot)
{
	play(g, tile(name), x, y, rot);
}

static carc_move_t
figure_move(uint32_t figure, uint32_t feature)
{
	int32_t x, y;

	last_tile_xy(g, &x, &y);
	return carc_move_deploy(figure, x, y, feature);
}

static void
deploy_large(uint32_t feature)
{
	apply_expect(g, figure_move(CARC_FIGURE_LARGE_FOLLOWER, feature),
		     CARC_OK);
}

/* ---- tiles ------------------------------------------------------------ */

START_TEST(stack_with_and_without)
{
	struct carc_rules *off = make_rules(NULL, 0);
	struct carc_rules *on = make_rules(NULL, CARC_OPT_INNS_CATHEDRALS, 1,
					   0);
	int total_off = 0, total_on = 0;

	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
		total_off += carc_rules_tile_count(off, t);
		total_on += carc_rules_tile_count(on, t);
		if (t >= CARC_TILE_IC_1 && t <= CARC_TILE_IC_17) {
			ck_assert_int_eq(carc_rules_tile_count(off, t), 0);
			ck_assert_int_eq(carc_rules_default_tile_count(off, t),
					 0);
			ck_assert_int_eq(carc_rules_tile_count(on, t),
					 t == CARC_TILE_IC_1 ? 2 : 1);
		}
	}
	ck_assert_int_eq(total_off, 71);
	ck_assert_int_eq(total_on, 71 + 18);
	ck_assert_int_eq(CARC_TILE_IC_17, 62);
	ck_assert_str_eq(carc_tile_name(CARC_TILE_IC_1), "IC-1");
	ck_assert_str_eq(carc_tile_name(CARC_TILE_IC_17), "IC-17");
	carc_rules_unref(off);
	carc_rules_unref(on);
}
END_TEST

START_TEST(feature_flags)
{
	int inns = 0, cathedrals = 0;

	ck_assert_int_eq(carc_tile_feature_flags(tile("IC-1"), CARC_C1),
			 CARC_FLAG_CATHEDRAL);
	ck_assert_int_eq(carc_tile_feature_flags(tile("IC-15"), CARC_R1),
			 CARC_FLAG_INN);
	ck_assert_int_eq(carc_tile_feature_flags(tile("IC-14"), CARC_R1),
			 CARC_FLAG_INN);
	ck_assert_int_eq(carc_tile_feature_flags(tile("IC-14"), CARC_R2), 0);
	ck_assert_int_eq(carc_tile_feature_flags(tile("IC-15"), CARC_F1), 0);
	ck_assert_int_eq(carc_tile_feature_flags(tile("D"), CARC_C1), 0);
	assert_status_eq(carc_tile_feature_flags(tile("D"), CARC_C2),
			 CARC_E_NO_FEATURE);
	assert_status_eq(carc_tile_feature_flags(CARC_TILE_TYPES, CARC_C1),
			 CARC_E_UNKNOWN_TILE);
	/* 6 inns and 2 cathedrals in the 18 tiles (IC-1 twice) */
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
		uint32_t f[16];
		int n = carc_tile_features(t, f, 16);
		int copies = t == CARC_TILE_IC_1 ? 2 : 1;

		for (int i = 0; i < n; i++) {
			int fl = carc_tile_feature_flags(t, f[i]);

			ck_assert_int_ge(fl, 0);
			inns += (fl & CARC_FLAG_INN) ? copies : 0;
			cathedrals += (fl & CARC_FLAG_CATHEDRAL) ? copies : 0;
			if (fl)
				ck_assert_uint_ge(t, CARC_TILE_IC_1);
		}
	}
	ck_assert_int_eq(inns, 6);
	ck_assert_int_eq(cathedrals, 2);
}
END_TEST

/* ---- inns ------------------------------------------------------------- */

/* The road west of the start tile ends at W's junction (-1, 0), runs
 * through D (0, 0) and the inn tile IC-15 (1, 0); Red's thief stands on
 * it. */
static void
inn_road(void)
{
	place("IC-15", 1, 0, 0);
	deploy(g, CARC_R1);
	place("W", -1, 0, 0);
	pass(g);
}

START_TEST(inn_completed_scores_two_per_tile)
{
	struct event ev[8];
	int n, k;

	g = ic_game("IC-15 W A U U", NULL);
	inn_road();
	/* A turned so that its road comes from the west ends the road at
	 * its monastery: 4 tiles, 2 points each */
	place("A", 2, 0, 1);
	pass(g);
	n = collect_events(g, ev, 8);
	k = find_event(ev, n, CARC_EVENT_COMPLETED, CARC_FEATURE_ROAD);
	ck_assert_int_ge(k, 0);
	ck_assert_int_eq(ev[k].tiles, 4);
	ck_assert_int_eq(ev[k].scorers, 1 << RED);
	ck_assert_int_eq(ev[k].points[RED], 8);
	ck_assert_int_eq(carc_game_score(g, RED), 8);
	ck_assert_int_eq(carc_game_supply(g, RED, CARC_FIGURE_FOLLOWER),
			 DEFAULT_FOLLOWERS);
}
END_TEST

START_TEST(inn_open_at_end_scores_nothing)
{
	struct event ev[8];
	int n, k;

	g = ic_game("IC-15 W", NULL);
	inn_road();
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_GAME_OVER);
	n = collect_events(g, ev, 8);
	k = find_event(ev, n, CARC_EVENT_FINAL, CARC_FEATURE_ROAD);
	ck_assert_int_ge(k, 0);
	ck_assert_int_eq(ev[k].tiles, 3);
	ck_assert_int_eq(ev[k].scorers, 1 << RED);
	ck_assert_int_eq(ev[k].points[RED], 0);
	ck_assert_int_eq(carc_game_score(g, RED), 0);
}
END_TEST

/* The same road without the inn (U instead of IC-15) scores its 3 tiles
 * at the end: the inn is what takes them away. */
START_TEST(plain_road_open_at_end_scores)
{
	g = ic_game("U W", NULL);
	place("U", 1, 0, 0);
	deploy(g, CARC_R1);
	place("W", -1, 0, 0);
	pass(g);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_GAME_OVER);
	ck_assert_int_eq(carc_game_score(g, RED), 3);
}
END_TEST

/* ---- cathedrals ------------------------------------------------------- */

/* The cathedral IC-1 at (0, -1) above the start tile's city, Red's
 * knight in it, F (pennant) east of it and caps north and west: 5 tiles
 * so far, the east end of F still open. */
static void
cathedral_city(void)
{
	place("IC-1", 0, -1, 0);
	deploy(g, CARC_C1);
	place("F", 1, -1, 0);
	pass(g);
	place("E", 0, -2, 2);
	pass(g);
	place("E", -1, -1, 1);
	pass(g);
}

START_TEST(cathedral_completed_scores_three)
{
	struct event ev[8];
	int n, k;

	g = ic_game("IC-1 F E E E U", NULL);
	cathedral_city();
	place("E", 2, -1, 3);
	pass(g);
	n = collect_events(g, ev, 8);
	k = find_event(ev, n, CARC_EVENT_COMPLETED, CARC_FEATURE_CITY);
	ck_assert_int_ge(k, 0);
	ck_assert_int_eq(ev[k].tiles, 6);
	ck_assert_int_eq(ev[k].pennants, 1);
	ck_assert_int_eq(ev[k].points[RED], 21);	/* 3 x 6 + 3 x 1 */
	ck_assert_int_eq(carc_game_score(g, RED), 21);
}
END_TEST

START_TEST(cathedral_open_at_end_scores_nothing)
{
	struct event ev[8];
	int n, k;
	int32_t v = -1;

	g = ic_game("IC-1 F E E", NULL);
	cathedral_city();
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_GAME_OVER);
	n = collect_events(g, ev, 8);
	k = find_event(ev, n, CARC_EVENT_FINAL, CARC_FEATURE_CITY);
	ck_assert_int_ge(k, 0);
	ck_assert_int_eq(ev[k].tiles, 5);
	ck_assert_int_eq(ev[k].points[RED], 0);
	ck_assert_int_eq(carc_game_score(g, RED), 0);
	/* the queries agree */
	assert_ok(carc_game_feature_get(g, 0, -1, CARC_C1,
					CARC_FEATURE_ATTR_VALUE, &v));
	ck_assert_int_eq(v, 0);
	assert_ok(carc_game_feature_get(g, 1, -1, CARC_C1,
					CARC_FEATURE_ATTR_FLAGS, &v));
	ck_assert_int_eq(v, CARC_FLAG_CATHEDRAL);
	/* the start tile's road has no inn */
	assert_ok(carc_game_feature_get(g, 0, 0, CARC_R1,
					CARC_FEATURE_ATTR_FLAGS, &v));
	ck_assert_int_eq(v, 0);
}
END_TEST

/* ---- the large follower ----------------------------------------------- */

START_TEST(large_follower_supply_and_moves)
{
	carc_move_t moves[64];
	int n, large = 0, followers = 0;

	g = ic_game("IC-15 U U", NULL);
	ck_assert_int_eq(carc_game_supply(g, RED, CARC_FIGURE_LARGE_FOLLOWER),
			 1);
	ck_assert_int_eq(carc_game_supply(g, BLUE, CARC_FIGURE_LARGE_FOLLOWER),
			 1);
	place("IC-15", 1, 0, 0);
	n = carc_game_legal_moves(g, moves, 64);
	ck_assert_int_gt(n, 0);
	for (int i = 0; i < n; i++) {
		if (carc_move_kind(moves[i]) != CARC_MOVE_DEPLOY)
			continue;
		if (carc_move_figure(moves[i]) == CARC_FIGURE_LARGE_FOLLOWER) {
			large++;
			/* after every follower deployment */
			ck_assert_int_eq(followers, 3);
		} else {
			followers++;
		}
	}
	/* r1, f1, f2 each for both figures */
	ck_assert_int_eq(large, 3);
	ck_assert_int_eq(followers, 3);
	deploy_large(CARC_R1);
	ck_assert_int_eq(carc_game_supply(g, RED, CARC_FIGURE_LARGE_FOLLOWER),
			 0);
	ck_assert_int_eq(carc_game_supply(g, RED, CARC_FIGURE_FOLLOWER),
			 DEFAULT_FOLLOWERS);
	ck_assert_int_eq(carc_game_figure_count(g), 1);
	{
		int32_t v = -1;

		assert_ok(carc_game_feature_get(
			g, 0, 0, CARC_R1,
			CARC_FEATURE_ATTR_LARGE_FOLLOWERS + RED, &v));
		ck_assert_int_eq(v, 1);
		assert_ok(carc_game_feature_get(
			g, 0, 0, CARC_R1,
			CARC_FEATURE_ATTR_LARGE_FOLLOWERS + BLUE, &v));
		ck_assert_int_eq(v, 0);
		assert_ok(carc_game_feature_get(
			g, 0, 0, CARC_R1, CARC_FEATURE_ATTR_FOLLOWERS + RED,
			&v));
		ck_assert_int_eq(v, 0);
		assert_ok(carc_game_feature_get(g, 0, 0, CARC_R1,
						CARC_FEATURE_ATTR_FLAGS, &v));
		ck_assert_int_eq(v, CARC_FLAG_INN);
		ck_assert_int_eq(carc_game_feature_figures(g, 0, 0, CARC_R1,
							   RED), 1);
	}
	{
		uint32_t player = 9, figure = 0, feature = 0;
		int32_t x = 0, y = 0;

		assert_ok(carc_game_figure_at(g, 0, &player, &figure, &x, &y,
					      &feature));
		ck_assert_uint_eq(player, RED);
		ck_assert_uint_eq(figure, CARC_FIGURE_LARGE_FOLLOWER);
		ck_assert_int_eq(x, 1);
		ck_assert_int_eq(feature, CARC_R1);
	}
	/* Red's next turn: no large follower left to deploy */
	place("U", 2, 0, 0);
	pass(g);
	place("U", 3, 0, 0);
	apply_expect(g, figure_move(CARC_FIGURE_LARGE_FOLLOWER, CARC_F1),
		     CARC_E_NO_MEEPLE);
}
END_TEST

START_TEST(large_follower_off)
{
	g = make_scenario("U", 0);
	ck_assert_int_eq(carc_game_supply(g, RED, CARC_FIGURE_LARGE_FOLLOWER),
			 0);
	play(g, tile_of('U'), 1, 0, 0);
	apply_expect(g, figure_move(CARC_FIGURE_LARGE_FOLLOWER, CARC_R1),
		     CARC_E_NOT_ALLOWED);
}
END_TEST

/*
 * The city of the start tile grows north-east: N (0, -1) turned to S+E
 * with Red's large follower (or a follower); a second D at (1, 0) whose
 * cap holds Blue's knight; N (1, -1) turned to W+S joins and closes
 * them: 4 tiles, no pennant, 8 points.
 */
static void
two_knights(uint32_t red_figure, struct event *ev, int *n)
{
	g = ic_game("N D N U", NULL);
	place("N", 0, -1, 2);
	apply_expect(g, figure_move(red_figure, CARC_C1), CARC_OK);
	place("D", 1, 0, 0);
	deploy(g, CARC_C1);
	place("N", 1, -1, 3);
	pass(g);
	*n = collect_events(g, ev, 8);
}

START_TEST(large_follower_wins_majority)
{
	struct event ev[8];
	int n, k;

	two_knights(CARC_FIGURE_LARGE_FOLLOWER, ev, &n);
	k = find_event(ev, n, CARC_EVENT_COMPLETED, CARC_FEATURE_CITY);
	ck_assert_int_ge(k, 0);
	ck_assert_int_eq(ev[k].tiles, 4);
	ck_assert_int_eq(ev[k].pennants, 0);
	ck_assert_int_eq(ev[k].scorers, 1 << RED);
	/* it scores like one follower: the city's value, once */
	ck_assert_int_eq(ev[k].points[RED], 8);
	ck_assert_int_eq(ev[k].points[BLUE], 0);
	/* the figures an event reports are the strength */
	ck_assert_int_eq(ev[k].figures[RED], 2);
	ck_assert_int_eq(ev[k].figures[BLUE], 1);
	ck_assert_int_eq(carc_game_score(g, RED), 8);
	ck_assert_int_eq(carc_game_score(g, BLUE), 0);
	/* both back in the supply */
	ck_assert_int_eq(carc_game_supply(g, RED, CARC_FIGURE_LARGE_FOLLOWER),
			 1);
	ck_assert_int_eq(carc_game_supply(g, BLUE, CARC_FIGURE_FOLLOWER),
			 DEFAULT_FOLLOWERS);
	ck_assert_int_eq(carc_game_figure_count(g), 0);
}
END_TEST

START_TEST(follower_ties_majority)
{
	struct event ev[8];
	int n, k;

	two_knights(CARC_FIGURE_FOLLOWER, ev, &n);
	k = find_event(ev, n, CARC_EVENT_COMPLETED, CARC_FEATURE_CITY);
	ck_assert_int_ge(k, 0);
	ck_assert_int_eq(ev[k].scorers, (1 << RED) | (1 << BLUE));
	ck_assert_int_eq(ev[k].points[RED], 8);
	ck_assert_int_eq(ev[k].points[BLUE], 8);
}
END_TEST

/* The phantom (one) and the large follower (two) in one turn. */
START_TEST(large_follower_and_phantom)
{
	static const int opt[] = { CARC_OPT_PHANTOM, 1, 0 };

	g = ic_game("U U", opt);
	place("U", 1, 0, 0);
	deploy_large(CARC_R1);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PHANTOM);
	apply_expect(g, figure_move(CARC_FIGURE_PHANTOM, CARC_F1), CARC_OK);
	ck_assert_int_eq(carc_game_figure_count(g), 2);
	ck_assert_int_eq(carc_game_supply(g, RED, CARC_FIGURE_LARGE_FOLLOWER),
			 0);
	ck_assert_int_eq(carc_game_supply(g, RED, CARC_FIGURE_PHANTOM), 0);
}
END_TEST

/* Undo of a large-follower deployment restores the hash and the
 * supply. */
START_TEST(large_follower_undo)
{
	uint64_t before;

	g = ic_game("U U", NULL);
	place("U", 1, 0, 0);
	before = carc_game_hash(g);
	deploy_large(CARC_R1);
	ck_assert(carc_game_hash(g) != before);
	assert_ok(carc_game_undo(g));
	ck_assert(carc_game_hash(g) == before);
	ck_assert_int_eq(carc_game_supply(g, RED, CARC_FIGURE_LARGE_FOLLOWER),
			 1);
}
END_TEST

/* Describe and parse agree on the new figure's moves. */
START_TEST(large_follower_move_text)
{
	char buf[64];
	carc_move_t m = carc_move_deploy(CARC_FIGURE_LARGE_FOLLOWER, 2, -1,
					 CARC_C1), back = 0;

	ck_assert(m != CARC_MOVE_NONE);
	ck_assert_int_gt(carc_move_describe(m, buf, sizeof(buf)), 0);
	ck_assert_str_eq(buf, "deploy large-follower c1 at 2,-1");
	assert_ok(carc_move_parse(buf, &back));
	ck_assert(back == m);
	ck_assert_str_eq(carc_figure_name(CARC_FIGURE_LARGE_FOLLOWER),
			 "large-follower");
}
END_TEST

/* The words of lib/words: the move and the feature. */
START_TEST(large_follower_words)
{
	char buf[256];
	carc_move_t m;

	g = ic_game("IC-15 U", NULL);
	place("IC-15", 1, 0, 0);
	m = figure_move(CARC_FIGURE_LARGE_FOLLOWER, CARC_R1);
	ck_assert_int_gt(carc_game_explain_move(g, m, buf, sizeof(buf)), 0);
	ck_assert_str_eq(buf, "put the large follower on the road from east "
			      "to west at 1,0: 2 tiles, with an inn, 2 open "
			      "ends, worth 0 as it stands");
	apply_expect(g, m, CARC_OK);
	ck_assert_int_gt(carc_game_describe_feature(g, 1, 0, CARC_R1, buf,
						    sizeof(buf)), 0);
	ck_assert_str_eq(buf, "the road from east to west at 1,0: 2 tiles, "
			      "with an inn, 2 open ends, worth 0 as it "
			      "stands; taken by P0's large follower");
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("inns-cathedrals");
	TCase *tc;

	tc = tcase_create("tiles");
	tcase_add_test(tc, stack_with_and_without);
	tcase_add_test(tc, feature_flags);
	suite_add_tcase(s, tc);

	tc = tcase_create("scoring");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, inn_completed_scores_two_per_tile);
	tcase_add_test(tc, inn_open_at_end_scores_nothing);
	tcase_add_test(tc, plain_road_open_at_end_scores);
	tcase_add_test(tc, cathedral_completed_scores_three);
	tcase_add_test(tc, cathedral_open_at_end_scores_nothing);
	suite_add_tcase(s, tc);

	tc = tcase_create("large-follower");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, large_follower_supply_and_moves);
	tcase_add_test(tc, large_follower_off);
	tcase_add_test(tc, large_follower_wins_majority);
	tcase_add_test(tc, follower_ties_majority);
	tcase_add_test(tc, large_follower_and_phantom);
	tcase_add_test(tc, large_follower_undo);
	tcase_add_test(tc, large_follower_move_text);
	tcase_add_test(tc, large_follower_words);
	suite_add_tcase(s, tc);
	return s;
}
