/* SPDX-License-Identifier: MIT */
/* Tile placement legality, discards and board queries. */
#include <check.h>

#include "test-common.h"

static struct carc_game *g;

static void
teardown(void)
{
	carc_game_free(g);
	g = NULL;
}

/* U in hand, start tile alone on the board. */
static void
u_setup(void)
{
	g = make_scenario("UB", 0);
}

/* ---- placement errors --------------------------------------------- */

START_TEST(mismatch_new_tile_south)
{
	/* U(0) at (0,-1): its south side is a field, the start city faces it. */
	for (uint32_t r = 0; r < 4; r++)
		apply_expect(g, carc_move_place(0, -1, r),
			     CARC_E_EDGE_MISMATCH);
}
END_TEST

START_TEST(mismatch_new_tile_west)
{
	/* U(1): west side is a field, start road faces it. */
	apply_expect(g, carc_move_place(1, 0, 1), CARC_E_EDGE_MISMATCH);
	apply_expect(g, carc_move_place(1, 0, 3), CARC_E_EDGE_MISMATCH);
}
END_TEST

START_TEST(mismatch_new_tile_north)
{
	/* U(1): north side is a road, the start field faces it. */
	apply_expect(g, carc_move_place(0, 1, 1), CARC_E_EDGE_MISMATCH);
	apply_expect(g, carc_move_place(0, 1, 3), CARC_E_EDGE_MISMATCH);
}
END_TEST

START_TEST(mismatch_new_tile_east)
{
	apply_expect(g, carc_move_place(-1, 0, 1), CARC_E_EDGE_MISMATCH);
	apply_expect(g, carc_move_place(-1, 0, 3), CARC_E_EDGE_MISMATCH);
}
END_TEST

START_TEST(matching_placements_accepted)
{
	ck_assert_int_eq(carc_game_is_legal(g, carc_move_place(1, 0, 0)), 1);
	ck_assert_int_eq(carc_game_is_legal(g, carc_move_place(1, 0, 2)), 1);
	ck_assert_int_eq(carc_game_is_legal(g, carc_move_place(0, 1, 0)), 1);
	ck_assert_int_eq(carc_game_is_legal(g, carc_move_place(0, 1, 2)), 1);
	apply_expect(g, carc_move_place(-1, 0, 2), CARC_OK);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_DEPLOY);
}
END_TEST

START_TEST(corner_only_not_adjacent)
{
	static const int32_t corners[][2] = {
		{ 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 },
	};

	for (int i = 0; i < 4; i++) {
		for (uint32_t r = 0; r < 4; r++)
			apply_expect(g, carc_move_place(corners[i][0],
							corners[i][1], r),
				     CARC_E_NOT_ADJACENT);
	}
}
END_TEST

START_TEST(far_away_not_adjacent)
{
	apply_expect(g, carc_move_place(5, 5, 0), CARC_E_NOT_ADJACENT);
	apply_expect(g, carc_move_place(0, 2, 0), CARC_E_NOT_ADJACENT);
	apply_expect(g, carc_move_place(-2, 0, 0), CARC_E_NOT_ADJACENT);
	apply_expect(g, carc_move_place(-32768, 32767, 0),
		     CARC_E_NOT_ADJACENT);
}
END_TEST

START_TEST(position_taken_start)
{
	for (uint32_t r = 0; r < 4; r++)
		apply_expect(g, carc_move_place(0, 0, r),
			     CARC_E_POSITION_TAKEN);
}
END_TEST

START_TEST(position_taken_placed)
{
	play(g, CARC_TILE_U, 1, 0, 0);
	pass(g);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_B);
	apply_expect(g, carc_move_place(1, 0, 0), CARC_E_POSITION_TAKEN);
	apply_expect(g, carc_move_place(0, 0, 0), CARC_E_POSITION_TAKEN);
	/* Next to the new tile is adjacent now. */
	apply_expect(g, carc_move_place(1, 1, 0), CARC_OK);
}
END_TEST

START_TEST(mismatch_with_second_neighbour)
{
	/* U(0)@(1,0) and E(2)@(0,-1); at (1,-1) the south neighbour shows a
	 * field and the west neighbour a field: D matches one at most. */
	g = make_scenario("UEDB", 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	pass(g);
	play(g, CARC_TILE_E, 0, -1, 2);
	pass(g);
	assert_ok(carc_game_set_next_tile(g, CARC_TILE_D));
	for (uint32_t r = 0; r < 4; r++)
		apply_expect(g, carc_move_place(1, -1, r),
			     CARC_E_EDGE_MISMATCH);
	assert_ok(carc_game_set_next_tile(g, CARC_TILE_B));
	ck_assert_int_eq(carc_game_is_legal(g, carc_move_place(1, -1, 0)), 1);
	apply_expect(g, carc_move_place(1, -1, 3), CARC_OK);
}
END_TEST

/* ---- board queries -------------------------------------------------- */

START_TEST(tile_queries_start)
{
	int32_t x = 5, y = 5;
	uint32_t tile = 99, rot = 99;

	ck_assert_int_eq(carc_game_tile_count(g), 1);
	assert_ok(carc_game_tile_at(g, 0, &x, &y, &tile, &rot));
	ck_assert_int_eq(x, 0);
	ck_assert_int_eq(y, 0);
	ck_assert_uint_eq(tile, CARC_TILE_D);
	ck_assert_uint_eq(rot, 0);
	assert_ok(carc_game_tile_at(g, 0, NULL, NULL, NULL, NULL));
	ck_assert_int_eq(carc_game_tile_find(g, 0, 0), 0);
	assert_status_eq(carc_game_tile_find(g, 1, 0), CARC_E_NOT_FOUND);
	assert_status_eq(carc_game_tile_find(g, -32768, 32767),
			 CARC_E_NOT_FOUND);
	x = 5;
	assert_status_eq(carc_game_tile_at(g, 1, &x, NULL, NULL, NULL),
			 CARC_E_INVALID);
	ck_assert_int_eq(x, 5);
}
END_TEST

START_TEST(tile_queries_after_play)
{
	int32_t x, y;
	uint32_t tile, rot;

	play(g, CARC_TILE_U, -1, 0, 2);
	/* The tile is on the board as soon as it is placed. */
	ck_assert_int_eq(carc_game_tile_count(g), 2);
	ck_assert_int_eq(carc_game_tile_find(g, -1, 0), 1);
	pass(g);
	play(g, CARC_TILE_B, 0, 1, 3);
	ck_assert_int_eq(carc_game_tile_count(g), 3);
	assert_ok(carc_game_tile_at(g, 1, &x, &y, &tile, &rot));
	ck_assert_int_eq(x, -1);
	ck_assert_int_eq(y, 0);
	ck_assert_uint_eq(tile, CARC_TILE_U);
	ck_assert_uint_eq(rot, 2);
	assert_ok(carc_game_tile_at(g, 2, &x, &y, &tile, &rot));
	ck_assert_int_eq(x, 0);
	ck_assert_int_eq(y, 1);
	ck_assert_uint_eq(tile, CARC_TILE_B);
	ck_assert_uint_eq(rot, 3);
	ck_assert_int_eq(carc_game_tile_find(g, 0, 1), 2);
	ck_assert_int_eq(carc_game_tile_find(g, 0, 0), 0);
	assert_status_eq(carc_game_tile_find(g, 1, 0), CARC_E_NOT_FOUND);
	assert_status_eq(carc_game_tile_at(g, 3, NULL, NULL, NULL, NULL),
			 CARC_E_INVALID);
}
END_TEST

START_TEST(feature_queries)
{
	ck_assert_int_eq(carc_game_feature_is_complete(g, 0, 0, CARC_C1), 0);
	ck_assert_int_eq(carc_game_feature_is_complete(g, 0, 0, CARC_R1), 0);
	ck_assert_int_eq(carc_game_feature_is_complete(g, 0, 0, CARC_F1), 0);
	assert_status_eq(carc_game_feature_is_complete(g, 3, 3, CARC_C1),
			 CARC_E_NOT_FOUND);
	assert_status_eq(carc_game_feature_is_complete(g, 0, 0, CARC_C2),
			 CARC_E_NO_FEATURE);
	assert_status_eq(carc_game_feature_is_complete(g, 0, 0,
						       CARC_MONASTERY),
			 CARC_E_NO_FEATURE);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, 0, CARC_R1, 0), 0);
	assert_status_eq(carc_game_feature_figures(g, 0, 1, CARC_R1, 0),
			 CARC_E_NOT_FOUND);
	assert_status_eq(carc_game_feature_figures(g, 0, 0, CARC_R2, 0),
			 CARC_E_NO_FEATURE);
	assert_status_eq(carc_game_feature_figures(g, 0, 0, CARC_R1, 2),
			 CARC_E_INVALID);
}
END_TEST

START_TEST(feature_figures_follow_joins)
{
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_R1);
	/* The road through the start tile holds the follower. */
	ck_assert_int_eq(carc_game_feature_figures(g, 0, 0, CARC_R1, 0), 1);
	ck_assert_int_eq(carc_game_feature_figures(g, 1, 0, CARC_R1, 0), 1);
	ck_assert_int_eq(carc_game_feature_figures(g, 1, 0, CARC_R1, 1), 0);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, 0, CARC_F1, 0), 0);
	ck_assert_int_eq(carc_game_feature_is_complete(g, 1, 0, CARC_R1), 0);
}
END_TEST

START_TEST(figure_queries_order)
{
	uint32_t player = 9, figure = 9, feature = 0;
	int32_t x = 9, y = 9;

	g = make_scenario("UUBB", 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	pass(g);
	play(g, CARC_TILE_U, -1, 0, 0);
	deploy(g, CARC_F2); /* player 1 */
	play(g, CARC_TILE_B, 0, 1, 0);
	deploy(g, CARC_MONASTERY); /* player 0 */
	ck_assert_int_eq(carc_game_figure_count(g), 2);

	/* Ordered by player, not by time. */
	assert_ok(carc_game_figure_at(g, 0, &player, &figure, &x, &y,
				      &feature));
	ck_assert_uint_eq(player, 0);
	ck_assert_uint_eq(figure, CARC_FIGURE_FOLLOWER);
	ck_assert_int_eq(x, 0);
	ck_assert_int_eq(y, 1);
	ck_assert_uint_eq(feature, CARC_MONASTERY);
	assert_ok(carc_game_figure_at(g, 1, &player, &figure, &x, &y,
				      &feature));
	ck_assert_uint_eq(player, 1);
	ck_assert_int_eq(x, -1);
	ck_assert_int_eq(y, 0);
	ck_assert_uint_eq(feature, CARC_F2);
	assert_ok(carc_game_figure_at(g, 1, NULL, NULL, NULL, NULL, NULL));
	assert_status_eq(carc_game_figure_at(g, 2, &player, NULL, NULL, NULL,
					     NULL), CARC_E_INVALID);
	ck_assert_uint_eq(player, 1);
	ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER), 6);
	ck_assert_int_eq(carc_game_supply(g, 1, CARC_FIGURE_FOLLOWER), 6);
}
END_TEST

/* ---- discards ------------------------------------------------------ */

START_TEST(discard_on_draw)
{
	/* E(2)@(0,-1) closes the start city; C then fits nowhere. */
	g = make_scenario("ECB", 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	ck_assert_int_eq(carc_game_discard_count(g), 0);
	pass(g);
	ck_assert_int_eq(carc_game_discard_count(g), 1);
	ck_assert_int_eq(carc_game_discard_at(g, 0), CARC_TILE_C);
	assert_status_eq(carc_game_discard_at(g, 1), CARC_E_INVALID);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_B);
	ck_assert_int_eq(carc_game_current_player(g), 1);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	ck_assert_int_eq(carc_game_remaining_total(g), 0);
	ck_assert_int_eq(carc_game_remaining(g, CARC_TILE_C), 0);
	ck_assert_int_eq(carc_game_tile_count(g), 2);
}
END_TEST

START_TEST(discard_on_set_next_tile)
{
	g = make_scenario("EBC", 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	pass(g);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_B);
	ck_assert_int_eq(carc_game_remaining(g, CARC_TILE_C), 1);
	assert_ok(carc_game_set_next_tile(g, CARC_TILE_C));
	ck_assert_int_eq(carc_game_discard_count(g), 1);
	ck_assert_int_eq(carc_game_discard_at(g, 0), CARC_TILE_C);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_B);
	ck_assert_int_eq(carc_game_current_player(g), 1);
	ck_assert_int_eq(carc_game_remaining_total(g), 0);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	/* Gone for good. */
	assert_status_eq(carc_game_set_next_tile(g, CARC_TILE_C),
			 CARC_E_UNKNOWN_TILE);
}
END_TEST

START_TEST(discard_last_tile_ends_game)
{
	g = make_scenario("EC", 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	pass(g);
	ck_assert_int_eq(carc_game_discard_count(g), 1);
	ck_assert_int_eq(carc_game_discard_at(g, 0), CARC_TILE_C);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_GAME_OVER);
	ck_assert_int_eq(carc_game_tile_count(g), 2);
}
END_TEST

START_TEST(no_discard_while_placeable)
{
	/* With the start city still open, C fits at (0,-1). */
	g = make_scenario("UC", 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	pass(g);
	ck_assert_int_eq(carc_game_discard_count(g), 0);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_C);
	ck_assert_int_eq(carc_game_legal_moves(g, NULL, 0), 4);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("board");
	TCase *tc;

	tc = tcase_create("edge_mismatch");
	tcase_add_checked_fixture(tc, u_setup, teardown);
	tcase_add_test(tc, mismatch_new_tile_south);
	tcase_add_test(tc, mismatch_new_tile_west);
	tcase_add_test(tc, mismatch_new_tile_north);
	tcase_add_test(tc, mismatch_new_tile_east);
	tcase_add_test(tc, matching_placements_accepted);
	suite_add_tcase(s, tc);

	tc = tcase_create("adjacency");
	tcase_add_checked_fixture(tc, u_setup, teardown);
	tcase_add_test(tc, corner_only_not_adjacent);
	tcase_add_test(tc, far_away_not_adjacent);
	tcase_add_test(tc, position_taken_start);
	tcase_add_test(tc, position_taken_placed);
	suite_add_tcase(s, tc);

	tc = tcase_create("two_neighbours");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, mismatch_with_second_neighbour);
	suite_add_tcase(s, tc);

	tc = tcase_create("queries");
	tcase_add_checked_fixture(tc, u_setup, teardown);
	tcase_add_test(tc, tile_queries_start);
	tcase_add_test(tc, tile_queries_after_play);
	tcase_add_test(tc, feature_queries);
	tcase_add_test(tc, feature_figures_follow_joins);
	suite_add_tcase(s, tc);

	tc = tcase_create("figures");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, figure_queries_order);
	suite_add_tcase(s, tc);

	tc = tcase_create("discards");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, discard_on_draw);
	tcase_add_test(tc, discard_on_set_next_tile);
	tcase_add_test(tc, discard_last_tile_ends_game);
	tcase_add_test(tc, no_discard_while_placeable);
	suite_add_tcase(s, tc);

	return s;
}
