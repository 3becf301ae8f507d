/* SPDX-License-Identifier: MIT */
/*
 * Every error code reachable through the API; a rejected apply leaves the
 * hash unchanged (apply_expect() checks it each time).
 */
#include <check.h>

#include "test-common.h"

static struct carc_game *g;

static void
teardown(void)
{
	carc_game_free(g);
	g = NULL;
}

/* U in hand, B and E below it. */
static void
setup(void)
{
	g = make_scenario("UBEV", 0);
}

/* ---- wrong phase ----------------------------------------------------- */

START_TEST(pass_during_place)
{
	apply_expect(g, carc_move_pass(), CARC_E_WRONG_PHASE);
}
END_TEST

START_TEST(deploy_during_place)
{
	apply_expect(g, carc_move_deploy(CARC_FIGURE_FOLLOWER, 0, 0, CARC_C1),
		     CARC_E_WRONG_PHASE);
}
END_TEST

START_TEST(place_during_deploy)
{
	play(g, CARC_TILE_U, 1, 0, 0);
	apply_expect(g, carc_move_place(-1, 0, 0), CARC_E_WRONG_PHASE);
	apply_expect(g, carc_move_place(0, 1, 0), CARC_E_WRONG_PHASE);
}
END_TEST

START_TEST(stack_calls_during_deploy)
{
	uint32_t order[3] = { CARC_TILE_B, CARC_TILE_E, CARC_TILE_V };
	uint64_t h;

	play(g, CARC_TILE_U, 1, 0, 0);
	h = carc_game_hash(g);
	assert_status_eq(carc_game_set_next_tile(g, CARC_TILE_B),
			 CARC_E_WRONG_PHASE);
	assert_status_eq(carc_game_set_draw_order(g, order, 3),
			 CARC_E_WRONG_PHASE);
	ck_assert_uint_eq(carc_game_hash(g), h);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_U);
}
END_TEST

/* ---- placement -------------------------------------------------------- */

START_TEST(placement_errors)
{
	apply_expect(g, carc_move_place(2, 0, 0), CARC_E_NOT_ADJACENT);
	apply_expect(g, carc_move_place(1, 1, 0), CARC_E_NOT_ADJACENT);
	apply_expect(g, carc_move_place(0, -1, 0), CARC_E_EDGE_MISMATCH);
	apply_expect(g, carc_move_place(0, 0, 0), CARC_E_POSITION_TAKEN);
}
END_TEST

/* ---- deployment ------------------------------------------------------ */

START_TEST(feature_occupied)
{
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_R1);
	play(g, CARC_TILE_B, 0, 1, 0);
	pass(g);
	/* Red again: the same road, through the start tile. */
	play(g, CARC_TILE_V, -1, 0, 3);
	apply_expect(g, deploy_move(g, CARC_R1), CARC_E_FEATURE_OCCUPIED);
	ck_assert_int_eq(carc_game_current_player(g), 0);
	deploy(g, CARC_F1);
}
END_TEST

START_TEST(feature_occupied_by_other_player)
{
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_R1);
	play(g, CARC_TILE_V, -1, 0, 3);
	apply_expect(g, deploy_move(g, CARC_R1), CARC_E_FEATURE_OCCUPIED);
	ck_assert_int_eq(carc_game_current_player(g), 1);
}
END_TEST

START_TEST(no_meeple)
{
	g = make_scenario("UUBV", CARC_OPT_FOLLOWERS, 1, 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_R1);
	play(g, CARC_TILE_U, -1, 0, 0);
	pass(g);
	play(g, CARC_TILE_B, 0, 1, 0);
	ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER), 0);
	apply_expect(g, deploy_move(g, CARC_MONASTERY), CARC_E_NO_MEEPLE);
	apply_expect(g, deploy_move(g, CARC_F1), CARC_E_NO_MEEPLE);
	pass(g);
}
END_TEST

START_TEST(no_feature)
{
	play(g, CARC_TILE_U, 1, 0, 0);
	apply_expect(g, deploy_move(g, CARC_R2), CARC_E_NO_FEATURE);
	apply_expect(g, deploy_move(g, CARC_C1), CARC_E_NO_FEATURE);
	apply_expect(g, deploy_move(g, CARC_F3), CARC_E_NO_FEATURE);
	apply_expect(g, deploy_move(g, CARC_MONASTERY), CARC_E_NO_FEATURE);
}
END_TEST

START_TEST(wrong_tile)
{
	play(g, CARC_TILE_U, 1, 0, 0);
	apply_expect(g, carc_move_deploy(CARC_FIGURE_FOLLOWER, 0, 0, CARC_C1),
		     CARC_E_WRONG_TILE);
	apply_expect(g, carc_move_deploy(CARC_FIGURE_FOLLOWER, 5, 5, CARC_R1),
		     CARC_E_WRONG_TILE);
}
END_TEST

START_TEST(farmer_not_allowed)
{
	g = make_scenario("UB", CARC_OPT_FARMERS, 0, 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	apply_expect(g, deploy_move(g, CARC_F1), CARC_E_NOT_ALLOWED);
	apply_expect(g, deploy_move(g, CARC_F2), CARC_E_NOT_ALLOWED);
	deploy(g, CARC_R1);
}
END_TEST

/* ---- malformed moves -------------------------------------------------- */

START_TEST(invalid_moves)
{
	carc_move_t place = carc_move_place(1, 0, 0);

	apply_expect(g, CARC_MOVE_NONE, CARC_E_INVALID);
	apply_expect(g, 0x77, CARC_E_INVALID);
	/* Reserved (unused) fields set. */
	apply_expect(g, place | ((carc_move_t)CARC_FIGURE_FOLLOWER << 8),
		     CARC_E_INVALID);
	apply_expect(g, place | ((carc_move_t)CARC_C1 << 24), CARC_E_INVALID);
	/* Rotation 4 through the raw value. */
	apply_expect(g, place | ((carc_move_t)4 << 16), CARC_E_INVALID);
	apply_expect(g, carc_move_pass() | ((carc_move_t)1 << 32),
		     CARC_E_INVALID);
	ck_assert_int_eq(carc_game_is_legal(g, place), 1);
}
END_TEST

START_TEST(invalid_deploy_moves)
{
	play(g, CARC_TILE_U, 1, 0, 0);
	apply_expect(g, carc_move_pass() | ((carc_move_t)1 << 16),
		     CARC_E_INVALID);
	apply_expect(g, deploy_move(g, CARC_R1) | ((carc_move_t)2 << 16),
		     CARC_E_INVALID);
	apply_expect(g, carc_move_place(1, 0, 0) | (carc_move_t)0x0f,
		     CARC_E_INVALID);
}
END_TEST

START_TEST(invalid_indices)
{
	int32_t v;

	assert_status_eq(carc_game_score(g, 2), CARC_E_INVALID);
	assert_status_eq(carc_game_score(g, UINT32_MAX), CARC_E_INVALID);
	assert_status_eq(carc_game_supply(g, 2, CARC_FIGURE_FOLLOWER),
			 CARC_E_INVALID);
	assert_status_eq(carc_game_supply(g, 0, 0), CARC_E_INVALID);
	assert_status_eq(carc_game_supply(g, 0, 99), CARC_E_INVALID);
	assert_status_eq(carc_game_discard_at(g, 0), CARC_E_INVALID);
	assert_status_eq(carc_game_figure_at(g, 0, NULL, NULL, NULL, NULL,
					     NULL), CARC_E_INVALID);
	assert_status_eq(carc_game_event_get(g, 0, CARC_EVENT_TYPE, &v),
			 CARC_E_INVALID);
	assert_status_eq(carc_game_remaining(g, CARC_TILE_TYPES),
			 CARC_E_UNKNOWN_TILE);
}
END_TEST

/* ---- the stack -------------------------------------------------------- */

START_TEST(unknown_tile_next)
{
	uint64_t h = carc_game_hash(g);

	assert_status_eq(carc_game_set_next_tile(g, CARC_TILE_TYPES),
			 CARC_E_UNKNOWN_TILE);
	assert_status_eq(carc_game_set_next_tile(g, 1000), CARC_E_UNKNOWN_TILE);
	/* A real type, but none left in the stack. */
	assert_status_eq(carc_game_set_next_tile(g, CARC_TILE_X),
			 CARC_E_UNKNOWN_TILE);
	ck_assert_uint_eq(carc_game_hash(g), h);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_U);
}
END_TEST

START_TEST(unknown_tile_draw_order)
{
	uint32_t not_perm[4] = { CARC_TILE_U, CARC_TILE_B, CARC_TILE_E,
				 CARC_TILE_X };
	uint32_t twice[4] = { CARC_TILE_U, CARC_TILE_B, CARC_TILE_B,
			      CARC_TILE_V };
	uint32_t bad_type[4] = { CARC_TILE_U, CARC_TILE_B, CARC_TILE_E, 77 };
	uint32_t good[4] = { CARC_TILE_V, CARC_TILE_E, CARC_TILE_B,
			     CARC_TILE_U };
	uint64_t h = carc_game_hash(g);

	assert_status_eq(carc_game_set_draw_order(g, not_perm, 4),
			 CARC_E_UNKNOWN_TILE);
	assert_status_eq(carc_game_set_draw_order(g, twice, 4),
			 CARC_E_UNKNOWN_TILE);
	assert_status_eq(carc_game_set_draw_order(g, bad_type, 4),
			 CARC_E_UNKNOWN_TILE);
	assert_status_eq(carc_game_set_draw_order(g, good, 3), CARC_E_INVALID);
	assert_status_eq(carc_game_set_draw_order(g, good, 5), CARC_E_INVALID);
	assert_status_eq(carc_game_set_draw_order(g, NULL, 4), CARC_E_INVALID);
	ck_assert_uint_eq(carc_game_hash(g), h);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_U);
	assert_ok(carc_game_set_draw_order(g, good, 4));
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_V);
}
END_TEST

/* ---- game over ---------------------------------------------------------- */

START_TEST(game_over_errors)
{
	g = make_scenario("U", 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	pass(g);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	apply_expect(g, carc_move_pass(), CARC_E_GAME_OVER);
	apply_expect(g, carc_move_place(-1, 0, 0), CARC_E_GAME_OVER);
	apply_expect(g, carc_move_deploy(CARC_FIGURE_FOLLOWER, 1, 0, CARC_R1),
		     CARC_E_GAME_OVER);
	assert_status_eq(carc_game_current_tile(g), CARC_E_GAME_OVER);
	ck_assert_int_eq(carc_game_legal_moves(g, NULL, 0), 0);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_GAME_OVER);
	/* The player who would have moved next. */
	ck_assert_int_eq(carc_game_current_player(g), 1);
}
END_TEST

/* ---- options ------------------------------------------------------------ */

START_TEST(unknown_option)
{
	struct carc_rules_builder *b = NULL;
	struct carc_rules *rules = NULL;
	int32_t v;

	assert_ok(carc_rules_builder_new(&b));
	assert_status_eq(carc_rules_builder_set(b, 99, 1),
			 CARC_E_UNKNOWN_OPTION);
	assert_ok(carc_rules_builder_build(b, &rules));
	assert_status_eq(carc_rules_get(rules, 99, &v), CARC_E_UNKNOWN_OPTION);
	carc_rules_unref(rules);
	carc_rules_builder_free(b);
}
END_TEST

START_TEST(not_found)
{
	assert_status_eq(carc_game_tile_find(g, 3, 3), CARC_E_NOT_FOUND);
	assert_status_eq(carc_game_feature_is_complete(g, 3, 3, CARC_C1),
			 CARC_E_NOT_FOUND);
	assert_status_eq(carc_game_feature_figures(g, 3, 3, CARC_C1, 0),
			 CARC_E_NOT_FOUND);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("errors");
	TCase *tc;

	tc = tcase_create("wrong_phase");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, pass_during_place);
	tcase_add_test(tc, deploy_during_place);
	tcase_add_test(tc, place_during_deploy);
	tcase_add_test(tc, stack_calls_during_deploy);
	suite_add_tcase(s, tc);

	tc = tcase_create("placement");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, placement_errors);
	suite_add_tcase(s, tc);

	tc = tcase_create("deployment");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, feature_occupied);
	tcase_add_test(tc, feature_occupied_by_other_player);
	tcase_add_test(tc, no_feature);
	tcase_add_test(tc, wrong_tile);
	suite_add_tcase(s, tc);

	tc = tcase_create("deployment_rules");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, no_meeple);
	tcase_add_test(tc, farmer_not_allowed);
	tcase_add_test(tc, game_over_errors);
	suite_add_tcase(s, tc);

	tc = tcase_create("invalid");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, invalid_moves);
	tcase_add_test(tc, invalid_deploy_moves);
	tcase_add_test(tc, invalid_indices);
	suite_add_tcase(s, tc);

	tc = tcase_create("stack");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, unknown_tile_next);
	tcase_add_test(tc, unknown_tile_draw_order);
	suite_add_tcase(s, tc);

	tc = tcase_create("lookups");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, unknown_option);
	tcase_add_test(tc, not_found);
	suite_add_tcase(s, tc);

	return s;
}
