/* SPDX-License-Identifier: MIT */
/* Move values, their text form and the list of legal moves. */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "test-common.h"

/* ---- constructors and accessors ------------------------------------- */

START_TEST(move_place_round_trip)
{
	static const int32_t xy[][2] = {
		{ 0, 0 }, { 1, -2 }, { -3, 5 }, { -1, -1 },
		{ 32767, -32768 }, { -32768, 32767 }, { 1000, -1000 },
	};

	for (size_t i = 0; i < sizeof(xy) / sizeof(xy[0]); i++) {
		for (uint32_t r = 0; r < 4; r++) {
			carc_move_t m = carc_move_place(xy[i][0], xy[i][1], r);

			ck_assert(m != CARC_MOVE_NONE);
			ck_assert_uint_eq(carc_move_kind(m), CARC_MOVE_PLACE);
			ck_assert_int_eq(carc_move_x(m), xy[i][0]);
			ck_assert_int_eq(carc_move_y(m), xy[i][1]);
			ck_assert_uint_eq(carc_move_rotation(m), r);
			ck_assert_uint_eq(carc_move_figure(m), 0);
			ck_assert_uint_eq(carc_move_feature(m), 0);
		}
	}
}
END_TEST

START_TEST(move_deploy_round_trip)
{
	static const uint32_t features[] = { CARC_C1, CARC_C2, CARC_R1,
					     CARC_R4, CARC_F1, CARC_F4,
					     CARC_MONASTERY };

	for (size_t i = 0; i < sizeof(features) / sizeof(features[0]); i++) {
		carc_move_t m = carc_move_deploy(CARC_FIGURE_FOLLOWER, -7, 12,
						 features[i]);

		ck_assert(m != CARC_MOVE_NONE);
		ck_assert_uint_eq(carc_move_kind(m), CARC_MOVE_DEPLOY);
		ck_assert_uint_eq(carc_move_figure(m), CARC_FIGURE_FOLLOWER);
		ck_assert_int_eq(carc_move_x(m), -7);
		ck_assert_int_eq(carc_move_y(m), 12);
		ck_assert_uint_eq(carc_move_feature(m), features[i]);
		ck_assert_uint_eq(carc_move_rotation(m), 0);
	}
}
END_TEST

START_TEST(move_pass_fields)
{
	carc_move_t m = carc_move_pass();

	ck_assert(m != CARC_MOVE_NONE);
	ck_assert_uint_eq(carc_move_kind(m), CARC_MOVE_PASS);
	ck_assert_int_eq(carc_move_x(m), 0);
	ck_assert_int_eq(carc_move_y(m), 0);
	ck_assert_uint_eq(carc_move_rotation(m), 0);
	ck_assert_uint_eq(carc_move_figure(m), 0);
	ck_assert_uint_eq(carc_move_feature(m), 0);
	ck_assert_uint_eq(m, CARC_MOVE_PASS);
}
END_TEST

START_TEST(move_none_kind)
{
	ck_assert_uint_eq(carc_move_kind(CARC_MOVE_NONE), 0);
}
END_TEST

START_TEST(move_layout_frozen)
{
	/* doc/api/moves.md: kind 0-7, figure 8-15, rotation 16-23, feature
	 * 24-31, x 32-47, y 48-63 (int16). */
	uint64_t place = (uint64_t)CARC_MOVE_PLACE | (UINT64_C(3) << 16) |
			 ((uint64_t)(uint16_t)1 << 32) |
			 ((uint64_t)(uint16_t)-2 << 48);
	uint64_t dep = (uint64_t)CARC_MOVE_DEPLOY |
		       ((uint64_t)CARC_FIGURE_FOLLOWER << 8) |
		       ((uint64_t)CARC_C1 << 24) |
		       ((uint64_t)(uint16_t)-1 << 32) |
		       ((uint64_t)(uint16_t)-2 << 48);

	ck_assert_uint_eq(carc_move_place(1, -2, 3), place);
	ck_assert_uint_eq(carc_move_deploy(CARC_FIGURE_FOLLOWER, -1, -2,
					   CARC_C1), dep);
	ck_assert_uint_eq(carc_move_kind(place), CARC_MOVE_PLACE);
	ck_assert_int_eq(carc_move_y(dep), -2);
}
END_TEST

START_TEST(move_out_of_range)
{
	ck_assert_uint_eq(carc_move_place(32768, 0, 0), CARC_MOVE_NONE);
	ck_assert_uint_eq(carc_move_place(0, -32769, 0), CARC_MOVE_NONE);
	ck_assert_uint_eq(carc_move_place(INT32_MIN, 0, 0), CARC_MOVE_NONE);
	ck_assert_uint_eq(carc_move_place(0, INT32_MAX, 0), CARC_MOVE_NONE);
	ck_assert_uint_eq(carc_move_place(0, 0, 4), CARC_MOVE_NONE);
	ck_assert_uint_eq(carc_move_place(0, 0, UINT32_MAX), CARC_MOVE_NONE);
	ck_assert_uint_eq(carc_move_deploy(CARC_FIGURE_FOLLOWER, 40000, 0,
					   CARC_C1), CARC_MOVE_NONE);
	ck_assert_uint_eq(carc_move_deploy(CARC_FIGURE_FOLLOWER, 0, -40000,
					   CARC_C1), CARC_MOVE_NONE);
	ck_assert_uint_eq(carc_move_deploy(256, 0, 0, CARC_C1),
			  CARC_MOVE_NONE);
	ck_assert_uint_eq(carc_move_deploy(CARC_FIGURE_FOLLOWER, 0, 0, 256),
			  CARC_MOVE_NONE);
}
END_TEST

/* ---- describe ----------------------------------------------------- */

static void
assert_describe(carc_move_t m, const char *want)
{
	char buf[64];
	int len = (int)strlen(want);

	ck_assert_int_eq(carc_move_describe(m, NULL, 0), len);
	memset(buf, 'x', sizeof(buf));
	ck_assert_int_eq(carc_move_describe(m, buf, sizeof(buf)), len);
	ck_assert_str_eq(buf, want);
}

START_TEST(describe_texts)
{
	assert_describe(carc_move_place(1, -2, 3), "place 1,-2 r3");
	assert_describe(carc_move_place(0, 0, 0), "place 0,0 r0");
	assert_describe(carc_move_deploy(CARC_FIGURE_FOLLOWER, 1, -2,
					 CARC_C1),
			"deploy follower c1 at 1,-2");
	assert_describe(carc_move_deploy(CARC_FIGURE_FOLLOWER, -3, 4,
					 CARC_MONASTERY),
			"deploy follower monastery at -3,4");
	assert_describe(carc_move_pass(), "pass");
}
END_TEST

/* The rows of doc/api/moves.md's table of kinds for the three large
 * expansions: text and value. */
START_TEST(describe_newer_figures)
{
	struct {
		carc_move_t m;
		const char *text;
		uint64_t value;
	} rows[] = {
		{ carc_move_deploy(CARC_FIGURE_LARGE_FOLLOWER, 1, -2, CARC_C1),
		  "deploy large-follower c1 at 1,-2",
		  UINT64_C(0xfffe000111000602) },
		{ carc_move_deploy(CARC_FIGURE_BUILDER, 1, -2, CARC_R1),
		  "deploy builder r1 at 1,-2", UINT64_C(0xfffe000121000702) },
		{ carc_move_deploy(CARC_FIGURE_PIG, 1, -2, CARC_F1),
		  "deploy pig f1 at 1,-2", UINT64_C(0xfffe000131000802) },
		{ carc_move_second_tile(), "second-tile",
		  UINT64_C(0x0000000000000006) },
	};

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		carc_move_t back = CARC_MOVE_NONE;

		ck_assert_uint_eq(rows[i].m, rows[i].value);
		assert_describe(rows[i].m, rows[i].text);
		ck_assert_int_eq(carc_move_parse(rows[i].text, &back), CARC_OK);
		ck_assert_uint_eq(back, rows[i].value);
	}
}
END_TEST

START_TEST(describe_truncates)
{
	char buf[8];
	carc_move_t m = carc_move_place(1, -2, 3); /* "place 1,-2 r3" */

	memset(buf, 'x', sizeof(buf));
	ck_assert_int_eq(carc_move_describe(m, buf, 5), 13);
	ck_assert_str_eq(buf, "plac");
	ck_assert_int_eq(buf[5], 'x');

	memset(buf, 'x', sizeof(buf));
	ck_assert_int_eq(carc_move_describe(m, buf, 1), 13);
	ck_assert_int_eq(buf[0], '\0');
	ck_assert_int_eq(buf[1], 'x');

	/* n == 0: nothing written even with a buffer. */
	memset(buf, 'x', sizeof(buf));
	ck_assert_int_eq(carc_move_describe(m, buf, 0), 13);
	ck_assert_int_eq(buf[0], 'x');
}
END_TEST

START_TEST(describe_malformed)
{
	char buf[32] = "unchanged";

	assert_status_eq(carc_move_describe(CARC_MOVE_NONE, buf, sizeof(buf)),
			 CARC_E_INVALID);
	assert_status_eq(carc_move_describe(0x77, buf, sizeof(buf)),
			 CARC_E_INVALID);
	assert_status_eq(carc_move_describe(carc_move_pass() | (1u << 8),
					    NULL, 0), CARC_E_INVALID);
}
END_TEST

/* ---- legal moves at the start ---------------------------------------- */

/* Legal placements of tile @p letter next to the start tile alone,
 * worked out by hand: D(0)@(0,0) shows C north, R east, F south, R west.
 * Each triple is x, y, rotation, in canonical order. */
struct start_case {
	char tile;
	int n;
	int32_t moves[8][3];
};

static const struct start_case start_cases[] = {
	{ 'C', 4, { { 0, -1, 0 }, { 0, -1, 1 }, { 0, -1, 2 }, { 0, -1, 3 } } },
	{ 'B', 4, { { 0, 1, 0 }, { 0, 1, 1 }, { 0, 1, 2 }, { 0, 1, 3 } } },
	{ 'A', 5, { { -1, 0, 3 }, { 1, 0, 1 }, { 0, 1, 0 }, { 0, 1, 1 },
		    { 0, 1, 3 } } },
	{ 'D', 6, { { 0, -1, 2 }, { -1, 0, 0 }, { -1, 0, 2 }, { 1, 0, 0 },
		    { 1, 0, 2 }, { 0, 1, 2 } } },
	{ 'E', 4, { { 0, -1, 2 }, { 0, 1, 1 }, { 0, 1, 2 }, { 0, 1, 3 } } },
	{ 'H', 4, { { 0, -1, 0 }, { 0, -1, 2 }, { 0, 1, 1 }, { 0, 1, 3 } } },
	{ 'L', 7, { { 0, -1, 2 }, { -1, 0, 0 }, { -1, 0, 2 }, { -1, 0, 3 },
		    { 1, 0, 0 }, { 1, 0, 1 }, { 1, 0, 2 } } },
	{ 'X', 8, { { -1, 0, 0 }, { -1, 0, 1 }, { -1, 0, 2 }, { -1, 0, 3 },
		    { 1, 0, 0 }, { 1, 0, 1 }, { 1, 0, 2 }, { 1, 0, 3 } } },
	{ 'U', 6, { { -1, 0, 0 }, { -1, 0, 2 }, { 1, 0, 0 }, { 1, 0, 2 },
		    { 0, 1, 0 }, { 0, 1, 2 } } },
};

START_TEST(start_placements)
{
	const struct start_case *c = &start_cases[_i];
	char order[2] = { c->tile, '\0' };
	struct carc_game *game = make_scenario(order, 0);
	carc_move_t moves[64];
	int n;

	ck_assert_int_eq(carc_game_current_tile(game), (int)tile_of(c->tile));
	n = carc_game_legal_moves(game, moves, 64);
	ck_assert_msg(n == c->n, "tile %c: %d legal placements, want %d",
		      c->tile, n, c->n);
	for (int i = 0; i < n; i++) {
		ck_assert_uint_eq(moves[i], carc_move_place(c->moves[i][0],
							    c->moves[i][1],
							    c->moves[i][2]));
	}
	carc_game_free(game);
}
END_TEST

START_TEST(start_placement_counts_default_game)
{
	/* Same counts with the full stack: the tile in hand is chosen. */
	struct carc_rules *rules = make_rules(NULL, 0);
	struct carc_game *game = make_game(rules, 2, 99);

	carc_rules_unref(rules);
	for (size_t i = 0; i < sizeof(start_cases) / sizeof(start_cases[0]);
	     i++) {
		assert_ok(carc_game_set_next_tile(game,
						  tile_of(start_cases[i].tile)));
		ck_assert_int_eq(carc_game_legal_moves(game, NULL, 0),
				 start_cases[i].n);
	}
	carc_game_free(game);
}
END_TEST

/* ---- the snprintf contract ------------------------------------------ */

static struct carc_game *g;

static void
default_game_setup(void)
{
	struct carc_rules *rules = make_rules(NULL, 0);

	g = make_game(rules, 2, 4242);
	carc_rules_unref(rules);
	assert_ok(carc_game_set_next_tile(g, CARC_TILE_X));
}

static void
game_teardown(void)
{
	carc_game_free(g);
	g = NULL;
}

START_TEST(legal_moves_count_only)
{
	ck_assert_int_eq(carc_game_legal_moves(g, NULL, 0), 8);
}
END_TEST

START_TEST(legal_moves_small_buffer)
{
	carc_move_t all[16], some[4];

	ck_assert_int_eq(carc_game_legal_moves(g, all, 16), 8);
	for (int i = 0; i < 4; i++)
		some[i] = 0xabababab;
	ck_assert_int_eq(carc_game_legal_moves(g, some, 2), 8);
	ck_assert_uint_eq(some[0], all[0]);
	ck_assert_uint_eq(some[1], all[1]);
	ck_assert_uint_eq(some[2], 0xabababab);
	ck_assert_uint_eq(some[3], 0xabababab);
}
END_TEST

START_TEST(legal_moves_exact_buffer)
{
	carc_move_t all[9];

	all[8] = 0x5555;
	ck_assert_int_eq(carc_game_legal_moves(g, all, 8), 8);
	ck_assert_uint_eq(all[8], 0x5555);
	ck_assert_uint_eq(all[7], carc_move_place(1, 0, 3));
}
END_TEST

START_TEST(legal_moves_null_buffer)
{
	assert_status_eq(carc_game_legal_moves(g, NULL, 1), CARC_E_INVALID);
	assert_status_eq(carc_game_legal_moves(g, NULL, 100), CARC_E_INVALID);
}
END_TEST

/* ---- deployment lists -------------------------------------------------- */

static void
assert_deploy_list(struct carc_game *game, int32_t x, int32_t y,
		   const uint32_t *features, int n_features)
{
	carc_move_t moves[16];
	int n = carc_game_legal_moves(game, moves, 16);

	ck_assert_int_eq(carc_game_phase(game), CARC_PHASE_DEPLOY);
	ck_assert_int_eq(n, n_features + 1);
	for (int i = 0; i < n_features; i++)
		ck_assert_msg(moves[i] == carc_move_deploy(CARC_FIGURE_FOLLOWER,
							   x, y, features[i]),
			      "deploy move %d", i);
	ck_assert_uint_eq(moves[n - 1], carc_move_pass());
}

START_TEST(deploy_list_all_free)
{
	static const uint32_t want[] = { CARC_R1, CARC_F1, CARC_F2 };
	struct carc_game *game = make_scenario("UU", 0);

	play(game, CARC_TILE_U, 1, 0, 0);
	ck_assert_int_eq(carc_game_current_player(game), 0);
	ck_assert_int_eq(carc_game_current_tile(game), CARC_TILE_U);
	assert_deploy_list(game, 1, 0, want, 3);
	carc_game_free(game);
}
END_TEST

START_TEST(deploy_list_monastery_last)
{
	static const uint32_t want[] = { CARC_R1, CARC_F1, CARC_MONASTERY };
	struct carc_game *game = make_scenario("AU", 0);

	play(game, CARC_TILE_A, 1, 0, 1);
	assert_deploy_list(game, 1, 0, want, 3);
	carc_game_free(game);
}
END_TEST

START_TEST(deploy_list_skips_occupied_road)
{
	static const uint32_t want[] = { CARC_F1, CARC_F2 };
	struct carc_game *game = make_scenario("UUB", 0);

	play(game, CARC_TILE_U, 1, 0, 0);
	deploy(game, CARC_R1);
	play(game, CARC_TILE_U, -1, 0, 0);
	ck_assert_int_eq(carc_game_current_player(game), 1);
	assert_deploy_list(game, -1, 0, want, 2);
	carc_game_free(game);
}
END_TEST

START_TEST(deploy_list_skips_occupied_field)
{
	static const uint32_t want[] = { CARC_R1, CARC_F2 };
	struct carc_game *game = make_scenario("UUB", 0);

	play(game, CARC_TILE_U, 1, 0, 0);
	deploy(game, CARC_F1); /* joins the start tile's f1 */
	play(game, CARC_TILE_U, -1, 0, 0);
	assert_deploy_list(game, -1, 0, want, 2);
	carc_game_free(game);
}
END_TEST

START_TEST(deploy_list_farmers_off)
{
	static const uint32_t want[] = { CARC_MONASTERY };
	struct carc_game *game = make_scenario("BU", CARC_OPT_FARMERS, 0, 0);

	play(game, CARC_TILE_B, 0, 1, 0);
	assert_deploy_list(game, 0, 1, want, 1);
	carc_game_free(game);
}
END_TEST

START_TEST(deploy_list_no_follower_left)
{
	struct carc_game *game = make_scenario("UUBB", CARC_OPT_FOLLOWERS, 1,
					       0);

	play(game, CARC_TILE_U, 1, 0, 0);
	deploy(game, CARC_R1);
	play(game, CARC_TILE_U, -1, 0, 0);
	pass(game);
	play(game, CARC_TILE_B, 0, 1, 0);
	ck_assert_int_eq(carc_game_supply(game, 0, CARC_FIGURE_FOLLOWER), 0);
	assert_deploy_list(game, 0, 1, NULL, 0);
	carc_game_free(game);
}
END_TEST

/* ---- canonical order and consistency on played positions ------------ */

static int
feature_index(uint32_t tile, uint32_t feature)
{
	uint32_t ids[16];
	int n = carc_tile_features(tile, ids, 16);

	for (int i = 0; i < n; i++) {
		if (ids[i] == feature)
			return i;
	}
	return -1;
}

/* Check the listed moves of @p game against canonical order and against
 * carc_game_is_legal() on the moves around them. */
static void
check_position(struct carc_game *game)
{
	carc_move_t moves[1024];
	int n = carc_game_legal_moves(game, moves, 1024);
	int phase = carc_game_phase(game);

	ck_assert_int_gt(n, 0);
	ck_assert_int_le(n, 1024);
	for (int i = 0; i < n; i++) {
		struct carc_game *c = NULL;

		ck_assert_int_eq(carc_game_is_legal(game, moves[i]), 1);
		assert_ok(carc_game_clone(game, &c));
		assert_ok(carc_game_apply(c, moves[i]));
		carc_game_free(c);
	}

	if (phase == CARC_PHASE_PLACE_TILE) {
		int32_t minx = 0, maxx = 0, miny = 0, maxy = 0;
		int tiles = carc_game_tile_count(game);
		int k = 0;

		for (int i = 0; i < n; i++) {
			ck_assert_uint_eq(carc_move_kind(moves[i]),
					  CARC_MOVE_PLACE);
			if (i > 0) {
				int64_t a = (int64_t)carc_move_y(moves[i - 1]) * 1000000 +
					    carc_move_x(moves[i - 1]) * 10 +
					    carc_move_rotation(moves[i - 1]);
				int64_t b = (int64_t)carc_move_y(moves[i]) * 1000000 +
					    carc_move_x(moves[i]) * 10 +
					    carc_move_rotation(moves[i]);

				ck_assert_msg(a < b, "move %d out of order", i);
			}
		}
		for (int t = 0; t < tiles; t++) {
			int32_t x, y;

			assert_ok(carc_game_tile_at(game, (uint32_t)t, &x, &y,
						    NULL, NULL));
			minx = x < minx ? x : minx;
			maxx = x > maxx ? x : maxx;
			miny = y < miny ? y : miny;
			maxy = y > maxy ? y : maxy;
		}
		/* Every placement in the box around the board: legal exactly
		 * when listed, and listed in this very scan order. */
		for (int32_t y = miny - 2; y <= maxy + 2; y++) {
			for (int32_t x = minx - 2; x <= maxx + 2; x++) {
				for (uint32_t r = 0; r < 4; r++) {
					carc_move_t m = carc_move_place(x, y, r);
					int legal = carc_game_is_legal(game, m);

					ck_assert_int_ge(legal, 0);
					if (legal) {
						ck_assert_int_lt(k, n);
						ck_assert_uint_eq(moves[k], m);
						k++;
					}
				}
			}
		}
		ck_assert_int_eq(k, n);
	} else {
		uint32_t tile = (uint32_t)carc_game_current_tile(game);
		int last = -1;

		ck_assert_int_eq(phase, CARC_PHASE_DEPLOY);
		ck_assert_uint_eq(moves[n - 1], carc_move_pass());
		for (int i = 0; i < n - 1; i++) {
			int idx;

			ck_assert_uint_eq(carc_move_kind(moves[i]),
					  CARC_MOVE_DEPLOY);
			idx = feature_index(tile, carc_move_feature(moves[i]));
			ck_assert_int_gt(idx, last);
			last = idx;
		}
	}
}

START_TEST(canonical_order_random_positions)
{
	struct carc_rules *rules = make_rules(NULL, 0);
	struct carc_game *game = make_game(rules, 3, 1000 + (uint64_t)_i);
	uint64_t rng = 0x1234567ull + (uint64_t)_i;

	carc_rules_unref(rules);
	for (int step = 0; step < 40 && !carc_game_is_over(game); step++) {
		carc_move_t moves[1024];
		int n;

		check_position(game);
		n = carc_game_legal_moves(game, moves, 1024);
		assert_ok(carc_game_apply(game,
					  moves[test_rand(&rng) % (uint64_t)n]));
	}
	carc_game_free(game);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("moves");
	TCase *tc;

	tc = tcase_create("values");
	tcase_add_test(tc, move_place_round_trip);
	tcase_add_test(tc, move_deploy_round_trip);
	tcase_add_test(tc, move_pass_fields);
	tcase_add_test(tc, move_none_kind);
	tcase_add_test(tc, move_layout_frozen);
	tcase_add_test(tc, move_out_of_range);
	suite_add_tcase(s, tc);

	tc = tcase_create("describe");
	tcase_add_test(tc, describe_texts);
	tcase_add_test(tc, describe_newer_figures);
	tcase_add_test(tc, describe_truncates);
	tcase_add_test(tc, describe_malformed);
	suite_add_tcase(s, tc);

	tc = tcase_create("start_placements");
	tcase_add_loop_test(tc, start_placements, 0,
			    (int)(sizeof(start_cases) / sizeof(start_cases[0])));
	tcase_add_test(tc, start_placement_counts_default_game);
	suite_add_tcase(s, tc);

	tc = tcase_create("buffer_contract");
	tcase_add_checked_fixture(tc, default_game_setup, game_teardown);
	tcase_add_test(tc, legal_moves_count_only);
	tcase_add_test(tc, legal_moves_small_buffer);
	tcase_add_test(tc, legal_moves_exact_buffer);
	tcase_add_test(tc, legal_moves_null_buffer);
	suite_add_tcase(s, tc);

	tc = tcase_create("deploy_lists");
	tcase_add_test(tc, deploy_list_all_free);
	tcase_add_test(tc, deploy_list_monastery_last);
	tcase_add_test(tc, deploy_list_skips_occupied_road);
	tcase_add_test(tc, deploy_list_skips_occupied_field);
	tcase_add_test(tc, deploy_list_farmers_off);
	tcase_add_test(tc, deploy_list_no_follower_left);
	suite_add_tcase(s, tc);

	tc = tcase_create("canonical_order");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, canonical_order_random_positions, 0, 4);
	suite_add_tcase(s, tc);

	return s;
}
