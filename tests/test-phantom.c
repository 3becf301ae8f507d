/* SPDX-License-Identifier: MIT */
/*
 * The Phantom (doc/users/rules.md#phantom,
 * doc/users/rules.md#turn-with-expansions and the worked examples
 * doc/users/rules.md#example-e8, doc/users/rules.md#example-e9 (a)): the
 * separate phantom step after the normal deployment, the phantom as a normal
 * follower in majorities, its return to the supply and reuse.  Red is player 0
 * and Blue player 1, except in E9 where Blue starts.
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

/* Position of the tile placed last. */
static carc_move_t
phantom_move(uint32_t feature)
{
	int32_t x, y;

	last_tile_xy(g, &x, &y);
	return carc_move_deploy(CARC_FIGURE_PHANTOM, x, y, feature);
}

static carc_move_t
follower_move(uint32_t feature)
{
	int32_t x, y;

	last_tile_xy(g, &x, &y);
	return carc_move_deploy(CARC_FIGURE_FOLLOWER, x, y, feature);
}

static void
phantom(uint32_t feature)
{
	assert_ok(carc_game_apply(g, phantom_move(feature)));
}

static int32_t
ev_attr(uint32_t index, uint32_t attr)
{
	int32_t v = -999;

	assert_ok(carc_game_event_get(g, index, attr, &v));
	return v;
}

/* The legal moves are exactly @want (in any order), each is_legal. */
static void
expect_moves(const carc_move_t *want, int n_want)
{
	carc_move_t got[64];
	int n = carc_game_legal_moves(g, got, 64);

	ck_assert_int_eq(n, n_want);
	for (int i = 0; i < n_want; i++) {
		int found = 0;

		for (int k = 0; k < n; k++)
			found += got[k] == want[i];
		ck_assert_msg(found == 1, "move %d (%#llx) listed %d times", i,
			      (unsigned long long)want[i], found);
		ck_assert_int_eq(carc_game_is_legal(g, want[i]), 1);
	}
}

/* Whether any listed move deploys the phantom. */
static int
lists_phantom(void)
{
	carc_move_t got[64];
	int n = carc_game_legal_moves(g, got, 64);

	ck_assert_int_le(n, 64);
	for (int i = 0; i < n; i++)
		if (carc_move_kind(got[i]) == CARC_MOVE_DEPLOY &&
		    carc_move_figure(got[i]) == CARC_FIGURE_PHANTOM)
			return 1;
	return 0;
}

static int
phantom_supply(uint32_t player)
{
	return carc_game_supply(g, player, CARC_FIGURE_PHANTOM);
}

/* Index of the figure of @player and @figure kind, or -1. */
static int
find_figure(uint32_t player, uint32_t figure, int32_t *x, int32_t *y,
	    uint32_t *feature)
{
	int n = carc_game_figure_count(g);

	for (int i = 0; i < n; i++) {
		uint32_t p, f;

		assert_ok(carc_game_figure_at(g, (uint32_t)i, &p, &f, x, y,
					      feature));
		if (p == player && f == figure)
			return i;
	}
	return -1;
}

/* ---- the phantom step ------------------------------------------------ */

START_TEST(phantom_step_offered_when_option_on)
{
	g = make_scenario("EUUU", CARC_OPT_PHANTOM, 1, 0);
	ck_assert_int_eq(phantom_supply(RED), 1);
	ck_assert_int_eq(phantom_supply(BLUE), 1);
	play(g, CARC_TILE_E, 0, -1, 2);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_DEPLOY);
	ck_assert_int_eq(lists_phantom(), 0);
	pass(g);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PHANTOM);
	ck_assert_int_eq(carc_game_current_player(g), RED);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_E);
	{
		carc_move_t want[] = { phantom_move(CARC_C1),
				       phantom_move(CARC_F1),
				       carc_move_pass() };
		expect_moves(want, 3);
	}
	/* the phantom as farmer stays on the board */
	phantom(CARC_F1);
	ck_assert_int_eq(phantom_supply(RED), 0);
	ck_assert_int_eq(carc_game_supply(g, RED, CARC_FIGURE_FOLLOWER), 7);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	ck_assert_int_eq(carc_game_current_player(g), BLUE);

	/* Blue still has his: offered, declined */
	play(g, CARC_TILE_U, 1, 0, 0);
	pass(g);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PHANTOM);
	ck_assert_int_eq(carc_game_current_player(g), BLUE);
	pass(g);
	ck_assert_int_eq(phantom_supply(BLUE), 1);

	/* Red's phantom is on the board: no phantom step for him */
	play(g, CARC_TILE_U, 2, 0, 0);
	pass(g);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	ck_assert_int_eq(carc_game_current_player(g), BLUE);
}
END_TEST

START_TEST(phantom_step_absent_when_option_off)
{
	g = make_scenario("EUU", 0);
	ck_assert_int_eq(phantom_supply(RED), 0);
	ck_assert_int_eq(phantom_supply(BLUE), 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	ck_assert_int_eq(lists_phantom(), 0);
	/* no phantom in this game: forbidden by the rules in force */
	apply_expect(g, phantom_move(CARC_F1), CARC_E_NOT_ALLOWED);
	pass(g);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	ck_assert_int_eq(carc_game_current_player(g), BLUE);
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_R1);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	ck_assert_int_eq(carc_game_current_player(g), RED);
}
END_TEST

START_TEST(phantom_alone_completes_city)
{
	g = make_scenario("EU", CARC_OPT_PHANTOM, 1, 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	pass(g);
	phantom(CARC_C1);
	/* the two-tile city completes: the phantom scores like a knight */
	ck_assert_int_eq(carc_game_score(g, RED), 4);
	ck_assert_int_eq(carc_game_score(g, BLUE), 0);
	ck_assert_int_eq(phantom_supply(RED), 1);
	ck_assert_int_eq(carc_game_supply(g, RED, CARC_FIGURE_FOLLOWER), 7);
	ck_assert_int_eq(carc_game_figure_count(g), 0);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_TYPE), CARC_EVENT_COMPLETED);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_FEATURE_KIND),
			 CARC_FEATURE_CITY);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_TILES), 2);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_SCORERS), 1 << RED);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_POINTS + RED), 4);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_FIGURES + RED), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_PHANTOM + RED), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_PHANTOM + BLUE), 0);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_FIGURES + BLUE), 0);
}
END_TEST

START_TEST(phantom_only_pass_when_tile_full)
{
	/* C has a single feature: after the knight nothing is left, the
	 * step is still reached (phantom in supply) and offers only pass */
	g = make_scenario("CU", CARC_OPT_PHANTOM, 1, 0);
	play(g, CARC_TILE_C, 0, -1, 0);
	deploy(g, CARC_C1);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PHANTOM);
	{
		carc_move_t want[] = { carc_move_pass() };
		expect_moves(want, 1);
	}
	apply_expect(g, phantom_move(CARC_C1), CARC_E_FEATURE_OCCUPIED);
	pass(g);
	ck_assert_int_eq(phantom_supply(RED), 1);
}
END_TEST

/* ---- sequencing ------------------------------------------------------- */

START_TEST(follower_then_phantom_other_feature)
{
	g = make_scenario("EU", CARC_OPT_PHANTOM, 1, 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	deploy(g, CARC_C1);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PHANTOM);
	ck_assert_int_eq(carc_game_current_player(g), RED);
	/* the knight's city is claimed: only the field and pass remain */
	{
		carc_move_t want[] = { phantom_move(CARC_F1),
				       carc_move_pass() };
		expect_moves(want, 2);
	}
	apply_expect(g, phantom_move(CARC_C1), CARC_E_FEATURE_OCCUPIED);
	/* scoring waits for the phantom step */
	ck_assert_int_eq(carc_game_score(g, RED), 0);
	ck_assert_int_eq(carc_game_supply(g, RED, CARC_FIGURE_FOLLOWER), 6);
	phantom(CARC_F1);
	ck_assert_int_eq(carc_game_score(g, RED), 4);
	ck_assert_int_eq(carc_game_supply(g, RED, CARC_FIGURE_FOLLOWER), 7);
	ck_assert_int_eq(phantom_supply(RED), 0);
}
END_TEST

START_TEST(phantom_never_first)
{
	int32_t x, y;

	g = make_scenario("EU", CARC_OPT_PHANTOM, 1, 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	last_tile_xy(g, &x, &y);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_DEPLOY);
	/* at DEPLOY the phantom belongs to the next step */
	apply_expect(g, phantom_move(CARC_C1), CARC_E_WRONG_PHASE);
	apply_expect(g, phantom_move(CARC_F1), CARC_E_WRONG_PHASE);
	ck_assert_int_eq(lists_phantom(), 0);
	{
		carc_move_t want[] = { follower_move(CARC_C1),
				       follower_move(CARC_F1),
				       carc_move_pass() };
		expect_moves(want, 3);
	}
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_DEPLOY);
	ck_assert_int_eq(phantom_supply(RED), 1);
}
END_TEST

START_TEST(nothing_after_phantom)
{
	g = make_scenario("EUU", CARC_OPT_PHANTOM, 1,
			  CARC_OPT_LITTLE_BUILDINGS, 1, 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	pass(g);
	/* at the phantom step neither a follower nor a building */
	apply_expect(g, follower_move(CARC_F1), CARC_E_WRONG_PHASE);
	apply_expect(g, follower_move(CARC_C1), CARC_E_WRONG_PHASE);
	apply_expect(g, carc_move_build(CARC_FIGURE_TOWER, 0, -1),
		     CARC_E_WRONG_PHASE);
	apply_expect(g, carc_move_place(1, 0, 0), CARC_E_WRONG_PHASE);
	apply_expect(g, carc_move_crop_choice(CARC_CROP_DEPLOY),
		     CARC_E_WRONG_PHASE);
	phantom(CARC_F1);
	/* the turn is over at once */
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	ck_assert_int_eq(carc_game_current_player(g), BLUE);
	apply_expect(g, carc_move_deploy(CARC_FIGURE_FOLLOWER, 0, -1, CARC_C1),
		     CARC_E_WRONG_PHASE);
	apply_expect(g, carc_move_build(CARC_FIGURE_SHED, 0, -1),
		     CARC_E_WRONG_PHASE);
	ck_assert_int_eq(carc_game_figure_count(g), 1);
	ck_assert_int_eq(carc_game_building_count(g), 0);
	ck_assert_int_eq(carc_game_supply(g, RED, CARC_FIGURE_FOLLOWER), 7);
}
END_TEST

START_TEST(phantom_after_building)
{
	g = make_scenario("EU", CARC_OPT_PHANTOM, 1,
			  CARC_OPT_LITTLE_BUILDINGS, 1, 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	assert_ok(carc_game_apply(g, carc_move_build(CARC_FIGURE_TOWER, 0,
						     -1)));
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PHANTOM);
	{
		carc_move_t want[] = { phantom_move(CARC_C1),
				       phantom_move(CARC_F1),
				       carc_move_pass() };
		expect_moves(want, 3);
	}
	phantom(CARC_C1);
	/* 2-tile city 4, the tower on the completing tile 1 */
	ck_assert_int_eq(carc_game_score(g, RED), 5);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_POINTS + RED), 4);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_BUILDING_POINTS + RED), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_PHANTOM + RED), 1);
	ck_assert_int_eq(carc_game_building_count(g), 1);
	ck_assert_int_eq(phantom_supply(RED), 1);
}
END_TEST

START_TEST(phantom_on_claimed_board_feature)
{
	/* Blue's thief holds the road; Red extends it: neither his
	 * follower nor his phantom may join it, the field is free */
	g = make_scenario("UUU", CARC_OPT_PHANTOM, 1, 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	pass(g);
	pass(g);
	play(g, CARC_TILE_U, -1, 0, 0);
	deploy(g, CARC_R1);
	pass(g);
	play(g, CARC_TILE_U, 2, 0, 0);
	apply_expect(g, follower_move(CARC_R1), CARC_E_FEATURE_OCCUPIED);
	pass(g);
	apply_expect(g, phantom_move(CARC_R1), CARC_E_FEATURE_OCCUPIED);
	{
		carc_move_t want[] = { phantom_move(CARC_F1),
				       phantom_move(CARC_F2),
				       carc_move_pass() };
		expect_moves(want, 3);
	}
}
END_TEST

START_TEST(phantom_rejections_keep_hash)
{
	g = make_scenario("EUU", CARC_OPT_PHANTOM, 1, CARC_OPT_FARMERS, 0, 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	pass(g);
	/* another tile, a missing feature, a field without farmers, the
	 * figure kind of another step, an out-of-place move kind */
	apply_expect(g, carc_move_deploy(CARC_FIGURE_PHANTOM, 0, 0, CARC_C1),
		     CARC_E_WRONG_TILE);
	apply_expect(g, phantom_move(CARC_R1), CARC_E_NO_FEATURE);
	apply_expect(g, phantom_move(CARC_C2), CARC_E_NO_FEATURE);
	apply_expect(g, phantom_move(CARC_F1), CARC_E_NOT_ALLOWED);
	apply_expect(g, follower_move(CARC_C1), CARC_E_WRONG_PHASE);
	apply_expect(g, carc_move_remove(CARC_FIGURE_PHANTOM, 0, -1, CARC_C1),
		     CARC_E_WRONG_PHASE);
	{
		carc_move_t want[] = { phantom_move(CARC_C1),
				       carc_move_pass() };
		expect_moves(want, 2);
	}
	phantom(CARC_C1);
	ck_assert_int_eq(carc_game_score(g, RED), 4);
	/* Blue at DEPLOY: phantom too early */
	play(g, CARC_TILE_U, 1, 0, 0);
	apply_expect(g, phantom_move(CARC_R1), CARC_E_WRONG_PHASE);
}
END_TEST

/* ---- E8: phantom and follower on one tile ---------------------------- */

static void
e8_play(int32_t farm_rule)
{
	int32_t x = 99, y = 99;
	uint32_t f = 0;

	g = make_scenario("EU", CARC_OPT_PHANTOM, 1, CARC_OPT_FARM_SCORING,
			  farm_rule, 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	deploy(g, CARC_C1);
	phantom(CARC_F1);
	ck_assert_int_eq(carc_game_score(g, RED), 4);
	ck_assert_int_eq(carc_game_supply(g, RED, CARC_FIGURE_FOLLOWER), 7);
	ck_assert_int_eq(phantom_supply(RED), 0);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	/* the knight scored alone: the phantom is on another feature */
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_FIGURES + RED), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_PHANTOM + RED), 0);
	ck_assert_int_eq(carc_game_figure_count(g), 1);
	ck_assert_int_eq(find_figure(RED, CARC_FIGURE_PHANTOM, &x, &y, &f), 0);
	ck_assert_int_eq(x, 0);
	ck_assert_int_eq(y, -1);
	ck_assert_uint_eq(f, CARC_F1);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, -1, CARC_F1, RED), 1);
	/* Blue's last tile, far from the farm */
	play(g, CARC_TILE_U, 1, 0, 0);
	pass(g);
	pass(g);
	ck_assert_int_eq(carc_game_is_over(g), 1);
}

START_TEST(e8_field_rule)
{
	e8_play(CARC_FARM_PER_FIELD);
	ck_assert_int_eq(carc_game_score(g, RED), 7);
	ck_assert_int_eq(carc_game_score(g, BLUE), 0);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_TYPE), CARC_EVENT_FARM);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_POINTS + RED), 3);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_CITIES), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_FIGURES + RED), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_PHANTOM + RED), 1);
	/* farmers stay on the board at the end */
	ck_assert_int_eq(phantom_supply(RED), 0);
}
END_TEST

START_TEST(e8_city_rule)
{
	e8_play(CARC_FARM_PER_CITY);
	ck_assert_int_eq(carc_game_score(g, RED), 8);
	ck_assert_int_eq(carc_game_score(g, BLUE), 0);
}
END_TEST

START_TEST(e8_intermediate_rule)
{
	e8_play(CARC_FARM_PER_FIELD_ONCE);
	ck_assert_int_eq(carc_game_score(g, RED), 7);
}
END_TEST

/* ---- E9(a): a phantom ties with a thief ------------------------------ */

#define E9_BLUE 0
#define E9_RED 1

START_TEST(e9a_tie)
{
	g = make_scenario("UVVVAA", CARC_OPT_PHANTOM, 1, 0);
	play(g, CARC_TILE_U, -1, 0, 0);		/* Blue */
	deploy(g, CARC_R1);
	pass(g);
	play(g, CARC_TILE_V, -1, 1, 0);		/* Red */
	pass(g);
	phantom(CARC_R1);
	ck_assert_int_eq(phantom_supply(E9_RED), 0);
	play(g, CARC_TILE_V, -2, 0, 3);		/* Blue */
	pass(g);
	pass(g);
	play(g, CARC_TILE_V, -2, 1, 2);		/* Red: the roads join */
	pass(g);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, 0, CARC_R1, E9_RED),
			 1);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, 0, CARC_R1, E9_BLUE),
			 1);
	play(g, CARC_TILE_A, 1, 0, 1);		/* Blue */
	pass(g);
	pass(g);
	play(g, CARC_TILE_A, -1, 2, 2);		/* Red: road complete */
	pass(g);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	ck_assert_int_eq(carc_game_score(g, E9_RED), 7);
	ck_assert_int_eq(carc_game_score(g, E9_BLUE), 7);
	ck_assert_int_eq(phantom_supply(E9_RED), 1);
	ck_assert_int_eq(carc_game_supply(g, E9_BLUE, CARC_FIGURE_FOLLOWER),
			 7);
	ck_assert_int_eq(carc_game_figure_count(g), 0);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_TYPE), CARC_EVENT_COMPLETED);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_FEATURE_KIND),
			 CARC_FEATURE_ROAD);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_TILES), 7);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_SCORERS),
			 (1 << E9_RED) | (1 << E9_BLUE));
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_POINTS + E9_RED), 7);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_POINTS + E9_BLUE), 7);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_FIGURES + E9_RED), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_FIGURES + E9_BLUE), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_PHANTOM + E9_RED), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_PHANTOM + E9_BLUE), 0);
}
END_TEST

START_TEST(phantom_and_follower_same_player)
{
	/* follower + phantom of one player outnumber one thief */
	g = make_scenario("UUU", CARC_OPT_PHANTOM, 1, 0);
	play(g, CARC_TILE_U, 1, 0, 0);		/* Red: thief + phantom */
	deploy(g, CARC_R1);
	phantom(CARC_F1);
	play(g, CARC_TILE_U, -1, 0, 0);		/* Blue */
	pass(g);
	pass(g);
	play(g, CARC_TILE_U, 2, 0, 0);		/* Red: no road left */
	ck_assert_int_eq(carc_game_is_legal(g, follower_move(CARC_R1)), 0);
	pass(g);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	/* road 4 tiles to Red; his phantom farmer's field borders the
	 * (incomplete) SD city only: 0 */
	ck_assert_int_eq(carc_game_score(g, RED), 4);
	ck_assert_int_eq(carc_game_score(g, BLUE), 0);
}
END_TEST

/* ---- return to the supply and reuse ---------------------------------- */

START_TEST(phantom_returns_and_is_reused)
{
	int32_t x = 99, y = 99;
	uint32_t f = 0;
	int i;

	g = make_scenario("EUUU", CARC_OPT_PHANTOM, 1, 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	pass(g);
	phantom(CARC_C1);
	ck_assert_int_eq(phantom_supply(RED), 1);
	play(g, CARC_TILE_U, 1, 0, 0);		/* Blue */
	pass(g);
	pass(g);
	play(g, CARC_TILE_U, -1, 0, 0);		/* Red again */
	pass(g);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PHANTOM);
	ck_assert_int_eq(lists_phantom(), 1);
	phantom(CARC_R1);
	ck_assert_int_eq(phantom_supply(RED), 0);
	i = find_figure(RED, CARC_FIGURE_PHANTOM, &x, &y, &f);
	ck_assert_int_ge(i, 0);
	ck_assert_int_eq(x, -1);
	ck_assert_int_eq(y, 0);
	ck_assert_uint_eq(f, CARC_R1);
	ck_assert_int_eq(find_figure(RED, CARC_FIGURE_FOLLOWER, NULL, NULL,
				     NULL), -1);
	ck_assert_int_eq(figures_on_board(g, RED), 1);
	ck_assert_int_eq(carc_game_feature_figures(g, 1, 0, CARC_R1, RED), 1);
	/* the last tile; the phantom thief scores the 4-tile road at the
	 * end like a normal thief and stays on the board */
	play(g, CARC_TILE_U, 2, 0, 0);
	pass(g);
	pass(g);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	ck_assert_int_eq(carc_game_score(g, RED), 4 + 4);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_TYPE), CARC_EVENT_FINAL);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_PHANTOM + RED), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_FIGURES + RED), 1);
	ck_assert_int_eq(carc_game_figure_count(g), 1);
}
END_TEST

START_TEST(figure_at_reports_both_kinds)
{
	int32_t x = 99, y = 99;
	uint32_t f = 0, p = 9, kind = 9;
	int i;

	g = make_scenario("UU", CARC_OPT_PHANTOM, 1, 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_R1);
	phantom(CARC_F2);
	ck_assert_int_eq(carc_game_figure_count(g), 2);
	i = find_figure(RED, CARC_FIGURE_FOLLOWER, &x, &y, &f);
	ck_assert_int_ge(i, 0);
	ck_assert_int_eq(x, 1);
	ck_assert_int_eq(y, 0);
	ck_assert_uint_eq(f, CARC_R1);
	i = find_figure(RED, CARC_FIGURE_PHANTOM, &x, &y, &f);
	ck_assert_int_ge(i, 0);
	ck_assert_int_eq(x, 1);
	ck_assert_int_eq(y, 0);
	ck_assert_uint_eq(f, CARC_F2);
	assert_ok(carc_game_figure_at(g, (uint32_t)i, &p, &kind, NULL, NULL,
				      NULL));
	ck_assert_uint_eq(p, RED);
	ck_assert_uint_eq(kind, CARC_FIGURE_PHANTOM);
	assert_status_eq(carc_game_figure_at(g, 2, NULL, NULL, NULL, NULL,
					     NULL), CARC_E_INVALID);
	ck_assert_int_eq(carc_game_supply(g, RED, CARC_FIGURE_FOLLOWER), 6);
	ck_assert_int_eq(phantom_supply(RED), 0);
	ck_assert_int_eq(phantom_supply(BLUE), 1);
}
END_TEST

START_TEST(phantom_in_hash_and_clone)
{
	struct carc_game *a = NULL, *b = NULL;

	/* thief + phantom farmer and phantom thief + follower farmer give
	 * different states */
	g = make_scenario("UU", CARC_OPT_PHANTOM, 1, 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	assert_ok(carc_game_clone(g, &a));
	assert_ok(carc_game_clone(g, &b));
	assert_ok(carc_game_apply(a, carc_move_deploy(CARC_FIGURE_FOLLOWER, 1,
						      0, CARC_R1)));
	assert_ok(carc_game_apply(a, carc_move_deploy(CARC_FIGURE_PHANTOM, 1,
						      0, CARC_F1)));
	assert_ok(carc_game_apply(b, carc_move_deploy(CARC_FIGURE_FOLLOWER, 1,
						      0, CARC_F1)));
	assert_ok(carc_game_apply(b, carc_move_deploy(CARC_FIGURE_PHANTOM, 1,
						      0, CARC_R1)));
	ck_assert(carc_game_hash(a) != carc_game_hash(b));
	carc_game_free(a);
	carc_game_free(b);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("phantom");
	TCase *tc;

	tc = tcase_create("step");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, phantom_step_offered_when_option_on);
	tcase_add_test(tc, phantom_step_absent_when_option_off);
	tcase_add_test(tc, phantom_alone_completes_city);
	tcase_add_test(tc, phantom_only_pass_when_tile_full);
	suite_add_tcase(s, tc);

	tc = tcase_create("sequencing");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, follower_then_phantom_other_feature);
	tcase_add_test(tc, phantom_never_first);
	tcase_add_test(tc, nothing_after_phantom);
	tcase_add_test(tc, phantom_after_building);
	tcase_add_test(tc, phantom_on_claimed_board_feature);
	tcase_add_test(tc, phantom_rejections_keep_hash);
	suite_add_tcase(s, tc);

	tc = tcase_create("e8");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, e8_field_rule);
	tcase_add_test(tc, e8_city_rule);
	tcase_add_test(tc, e8_intermediate_rule);
	suite_add_tcase(s, tc);

	tc = tcase_create("majority");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, e9a_tie);
	tcase_add_test(tc, phantom_and_follower_same_player);
	suite_add_tcase(s, tc);

	tc = tcase_create("supply");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, phantom_returns_and_is_reused);
	tcase_add_test(tc, figure_at_reports_both_kinds);
	tcase_add_test(tc, phantom_in_hash_and_clone);
	suite_add_tcase(s, tc);

	return s;
}
