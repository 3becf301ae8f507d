/* SPDX-License-Identifier: MIT */
/*
 * Traders & Builders (doc/users/rules.md#traders): the tiles and their
 * goods, goods to the player who completes a city and the majorities at
 * the end, the builder's deployment and its second tile (optional and
 * mandatory), the pig's deployment and its point per city under the
 * three farm rules.  Hand-built positions with exact outcomes; Red is
 * player 0, Blue player 1.
 */
#include <check.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"

#define RED 0
#define BLUE 1
#define TB(n) ((uint32_t)CARC_TILE_TB_1 + (n) - 1)

static struct carc_game *g;

static void
teardown(void)
{
	carc_game_free(g);
	g = NULL;
}

/*
 * A two-player game with Traders & Builders whose stack is exactly
 * @tiles (@n of them), drawn in that order; options follow as
 * (option, value) pairs ended by 0.
 */
static struct carc_game *
scenario(const uint32_t *tiles, size_t n, ...)
{
	struct carc_rules_builder *b = NULL;
	va_list ap;
	int option;

	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_TRADERS_BUILDERS, 1));
	va_start(ap, n);
	while ((option = va_arg(ap, int)) != 0)
		assert_ok(carc_rules_builder_set(b, (uint32_t)option,
						 (int32_t)va_arg(ap, int)));
	va_end(ap);
	return make_stacked_game(b, 2, tiles, n);
}

static carc_move_t
figure_move(uint32_t figure, uint32_t feature)
{
	int32_t x, y;

	last_tile_xy(g, &x, &y);
	return carc_move_deploy(figure, x, y, feature);
}

static int32_t
ev(uint32_t index, uint32_t attr)
{
	int32_t v = -999;

	assert_ok(carc_game_event_get(g, index, attr, &v));
	return v;
}

/* The index of the first event of @type, or -1. */
static int
event_of(int32_t type)
{
	int n = carc_game_event_count(g);

	for (int i = 0; i < n; i++)
		if (ev((uint32_t)i, CARC_EVENT_TYPE) == type)
			return i;
	return -1;
}

/* ---- tiles -------------------------------------------------------------- */

START_TEST(tiles_goods_and_stack)
{
	static const int wine[] = { 2, 4, 8, 12, 13, 14, 15, 18, 19 };
	int counts[4] = { 0 };
	struct carc_rules *on, *off;

	ck_assert_str_eq(carc_tile_name(CARC_TILE_TB_1), "TB-1");
	ck_assert_int_eq(carc_tile_from_name("TB-24"), CARC_TILE_TB_24);
	ck_assert_int_eq(CARC_TILE_TB_24 + 1, CARC_TILE_TYPES);
	for (uint32_t t = CARC_TILE_TB_1; t <= CARC_TILE_TB_24; t++) {
		uint32_t f[16];
		int n = carc_tile_features(t, f, 16);

		for (int i = 0; i < n; i++) {
			int k = carc_tile_feature_goods(t, f[i]);

			ck_assert_int_ge(k, 0);
			/* only the first city carries goods */
			if (f[i] != CARC_C1)
				ck_assert_int_eq(k, CARC_GOODS_NONE);
			counts[k]++;
		}
	}
	EQ(counts[CARC_GOODS_WINE], 9);
	EQ(counts[CARC_GOODS_GRAIN], 6);
	EQ(counts[CARC_GOODS_CLOTH], 5);
	for (size_t i = 0; i < sizeof(wine) / sizeof(wine[0]); i++)
		EQ(carc_tile_feature_goods(TB(wine[i]), CARC_C1),
		   CARC_GOODS_WINE);
	EQ(carc_tile_feature_goods(TB(16), CARC_C1), CARC_GOODS_NONE);
	assert_status_eq(carc_tile_feature_goods(TB(16), CARC_C2),
			 CARC_E_NO_FEATURE);
	assert_status_eq(carc_tile_feature_goods(CARC_TILE_TYPES, CARC_C1),
			 CARC_E_UNKNOWN_TILE);
	/* the bridge: two roads that do not meet, four fields */
	EQ(carc_tile_feature_sides(TB(24), 0, CARC_R1), 1 | 4);
	EQ(carc_tile_feature_sides(TB(24), 0, CARC_R2), 2 | 8);
	/* an enclosed field reaches no side but borders both cities */
	EQ(carc_tile_feature_sides(TB(3), 0, CARC_F2), 0);
	EQ(carc_tile_field_cities(TB(3), CARC_F2), 3);

	on = make_rules(NULL, CARC_OPT_TRADERS_BUILDERS, 1, 0);
	off = make_rules(NULL, 0);
	for (uint32_t t = CARC_TILE_TB_1; t <= CARC_TILE_TB_24; t++) {
		EQ(carc_rules_tile_count(on, t), 1);
		EQ(carc_rules_tile_count(off, t), 0);
	}
	g = make_game(on, 2, 5);
	EQ(carc_game_remaining_total(g), 94);	/* 95, one in hand */
	EQ(carc_game_supply(g, RED, CARC_FIGURE_BUILDER), 1);
	EQ(carc_game_supply(g, BLUE, CARC_FIGURE_PIG), 1);
	carc_game_free(g);
	g = make_game(off, 2, 5);
	EQ(carc_game_supply(g, RED, CARC_FIGURE_BUILDER), 0);
	EQ(carc_game_goods(g, RED, CARC_GOODS_WINE), 0);
	assert_status_eq(carc_game_goods(g, RED, 0), CARC_E_INVALID);
	assert_status_eq(carc_game_goods(g, 2, 1), CARC_E_INVALID);
	carc_rules_unref(on);
	carc_rules_unref(off);
}
END_TEST

/* ---- goods -------------------------------------------------------------- */

/* Red's knight holds a city with one wine; Blue completes it: Red scores
 * the city, Blue takes the wine and at the end scores its majority. */
START_TEST(goods_go_to_the_completer)
{
	static const uint32_t order[] = { TB(2), CARC_TILE_E };
	int e;

	g = scenario(order, 2, 0);
	/* city N+W turned to S+E, its south on the start tile's city */
	play(g, TB(2), 0, -1, 2);
	deploy(g, CARC_C1);
	/* a cap turned west closes it: D + TB-2 + E, scored after Blue's
	 * deployment step, the last of the game: Blue's wine scores 10 */
	play(g, CARC_TILE_E, 1, -1, 3);
	pass(g);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	e = event_of(CARC_EVENT_COMPLETED);
	ck_assert_int_ge(e, 0);
	EQ(ev((uint32_t)e, CARC_EVENT_FEATURE_KIND), CARC_FEATURE_CITY);
	EQ(ev((uint32_t)e, CARC_EVENT_POINTS + RED), 6);
	EQ(ev((uint32_t)e, CARC_EVENT_WINE), 1);
	EQ(ev((uint32_t)e, CARC_EVENT_GRAIN), 0);
	EQ(carc_game_goods(g, BLUE, CARC_GOODS_WINE), 1);
	EQ(carc_game_goods(g, RED, CARC_GOODS_WINE), 0);
	/* the city's symbols as a feature */
	{
		int32_t v = -1;

		assert_ok(carc_game_feature_get(g, 0, -1, CARC_C1,
						CARC_FEATURE_ATTR_WINE, &v));
		EQ(v, 1);
	}
	e = event_of(CARC_EVENT_GOODS);
	ck_assert_int_ge(e, 0);
	EQ(ev((uint32_t)e, CARC_EVENT_GOODS_KIND), CARC_GOODS_WINE);
	EQ(ev((uint32_t)e, CARC_EVENT_SCORERS), 1 << BLUE);
	EQ(ev((uint32_t)e, CARC_EVENT_POINTS + BLUE), 10);
	EQ(ev((uint32_t)e, CARC_EVENT_POINTS + RED), 0);
	EQ(ev((uint32_t)e, CARC_EVENT_TOKENS + BLUE), 1);
	EQ(ev((uint32_t)e, CARC_EVENT_TOKENS + RED), 0);
	EQ(carc_game_event_count(g), e + 1);	/* one kind held */
	EQ(carc_game_score(g, BLUE), 10);
	EQ(carc_game_score(g, RED), 6);
}
END_TEST

/* A city with goods that nobody holds still gives its tokens, and an
 * event reports them. */
START_TEST(goods_of_an_empty_city)
{
	static const uint32_t order[] = { TB(2), CARC_TILE_E, CARC_TILE_B };
	int e;

	g = scenario(order, 3, 0);
	play(g, TB(2), 0, -1, 2);
	pass(g);
	play(g, CARC_TILE_E, 1, -1, 3);
	pass(g);
	e = event_of(CARC_EVENT_COMPLETED);
	ck_assert_int_ge(e, 0);
	EQ(ev((uint32_t)e, CARC_EVENT_SCORERS), 0);
	EQ(ev((uint32_t)e, CARC_EVENT_WINE), 1);
	EQ(carc_game_goods(g, BLUE, CARC_GOODS_WINE), 1);
}
END_TEST

/* Blue completes one wine city, Red another: tied for wine, each scores
 * the 10 points of the majority (doc/users/rules.md#traders-goods-final). */
START_TEST(goods_tie_pays_every_tied_player)
{
	static const uint32_t order[] = {
		TB(2), CARC_TILE_E, TB(2), CARC_TILE_E, CARC_TILE_E,
	};
	int e;

	g = scenario(order, 5, 0);
	play(g, TB(2), 0, -1, 2);		/* city S+E on D's city */
	pass(g);
	play(g, CARC_TILE_E, 1, -1, 3);		/* Blue closes it */
	pass(g);
	EQ(carc_game_goods(g, BLUE, CARC_GOODS_WINE), 1);
	play(g, TB(2), -1, -1, 0);		/* a second city N+W */
	pass(g);
	play(g, CARC_TILE_E, -1, -2, 2);
	pass(g);
	play(g, CARC_TILE_E, -2, -1, 1);	/* Red closes it */
	pass(g);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	EQ(carc_game_goods(g, RED, CARC_GOODS_WINE), 1);
	e = event_of(CARC_EVENT_GOODS);
	ck_assert_int_ge(e, 0);
	EQ(ev((uint32_t)e, CARC_EVENT_GOODS_KIND), CARC_GOODS_WINE);
	EQ(ev((uint32_t)e, CARC_EVENT_SCORERS), (1 << RED) | (1 << BLUE));
	EQ(ev((uint32_t)e, CARC_EVENT_POINTS + RED), 10);
	EQ(ev((uint32_t)e, CARC_EVENT_POINTS + BLUE), 10);
	EQ(carc_game_score(g, RED), 10);
	EQ(carc_game_score(g, BLUE), 10);
}
END_TEST

/* ---- the builder -------------------------------------------------------- */

/* Red's road along the start tile: a follower at (1,0), the builder at
 * (2,0); Blue fills the field south of it.  Returns with Red to place
 * the tile that extends the builder's road again. */
static void
builder_road(int option_value)
{
	static const uint32_t order[] = {
		CARC_TILE_U, CARC_TILE_B, CARC_TILE_U, CARC_TILE_B,
		CARC_TILE_U, CARC_TILE_U, CARC_TILE_B, CARC_TILE_B,
	};

	g = scenario(order, 8, CARC_OPT_BUILDER_TURN, option_value, 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_R1);
	play(g, CARC_TILE_B, 0, 1, 0);
	pass(g);
	play(g, CARC_TILE_U, 2, 0, 0);
	/* the builder goes on the road with Red's thief, not in a field
	 * or with no follower of his; no pig without a farmer */
	EQ(carc_game_is_legal(g, figure_move(CARC_FIGURE_BUILDER, CARC_R1)),
	   1);
	apply_expect(g, figure_move(CARC_FIGURE_BUILDER, CARC_F1),
		     CARC_E_NOT_ALLOWED);
	apply_expect(g, figure_move(CARC_FIGURE_PIG, CARC_F1),
		     CARC_E_NOT_ALLOWED);
	assert_ok(carc_game_apply(g, figure_move(CARC_FIGURE_BUILDER,
						 CARC_R1)));
	EQ(carc_game_supply(g, RED, CARC_FIGURE_BUILDER), 0);
	/* placing the builder's own tile gave no second tile */
	EQ(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	EQ(carc_game_current_player(g), BLUE);
	play(g, CARC_TILE_B, 1, 1, 0);
	pass(g);
	{
		int32_t v = -1;

		assert_ok(carc_game_feature_get(g, 1, 0, CARC_R1,
						CARC_FEATURE_ATTR_BUILDERS + RED,
						&v));
		EQ(v, 1);
		/* Blue has no builder out; Red's is not in the start
		 * tile's city */
		assert_ok(carc_game_feature_get(g, 1, 0, CARC_R1,
						CARC_FEATURE_ATTR_BUILDERS + BLUE,
						&v));
		EQ(v, 0);
		v = -1;
		assert_ok(carc_game_feature_get(g, 0, 0, CARC_C1,
						CARC_FEATURE_ATTR_BUILDERS + RED,
						&v));
		EQ(v, 0);
		/* not a follower: one of Red's figures counts there */
		EQ(carc_game_feature_figures(g, 2, 0, CARC_R1, RED), 1);
	}
	EQ(carc_game_current_player(g), RED);
}

START_TEST(builder_second_tile_optional_taken)
{
	carc_move_t moves[8];

	builder_road(CARC_BUILDER_TURN_OPTIONAL);
	play(g, CARC_TILE_U, 3, 0, 0);
	pass(g);
	EQ(carc_game_phase(g), CARC_PHASE_SECOND_TILE);
	EQ(carc_game_current_player(g), RED);
	EQ(carc_game_legal_moves(g, moves, 8), 2);
	ck_assert(moves[0] == carc_move_second_tile());
	ck_assert(moves[1] == carc_move_pass());
	apply_expect(g, carc_move_place(4, 0, 0), CARC_E_WRONG_PHASE);
	assert_ok(carc_game_apply(g, carc_move_second_tile()));
	EQ(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	EQ(carc_game_current_player(g), RED);
	/* the second part extends the road again: no third tile */
	play(g, CARC_TILE_U, 4, 0, 0);
	pass(g);
	EQ(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	EQ(carc_game_current_player(g), BLUE);
	/* the next turn of Red's works again, the undo goes back */
	{
		uint64_t h = carc_game_hash(g);

		play(g, CARC_TILE_B, 2, 1, 0);
		assert_ok(carc_game_undo(g));
		ck_assert(carc_game_hash(g) == h);
	}
	/* the record keeps the second tile (doc/users/record-format.md) */
	{
		char buf[8192];
		int len = carc_game_save(g, buf, sizeof(buf));
		struct carc_game *back = NULL;

		ck_assert_int_gt(len, 0);
		ck_assert_int_lt(len, (int)sizeof(buf));
		ck_assert_ptr_nonnull(strstr(buf, "P0 second-tile\n"));
		ck_assert_ptr_nonnull(strstr(buf, "P0 deploy builder r1"));
		assert_ok(carc_game_load(buf, (size_t)len, &back, NULL, NULL,
					 NULL, 0));
		ck_assert(carc_game_hash(back) == carc_game_hash(g));
		carc_game_free(back);
	}
}
END_TEST

/* A record with the second tile taken saves and loads back: the loader
 * knows the move "second-tile" that carc_move_describe() writes. */
START_TEST(builder_second_tile_record)
{
	struct carc_game *l = NULL;
	char text[8192], again[8192];
	int n;

	builder_road(CARC_BUILDER_TURN_OPTIONAL);
	play(g, CARC_TILE_U, 3, 0, 0);
	pass(g);
	assert_ok(carc_game_apply(g, carc_move_second_tile()));
	n = carc_game_save(g, text, sizeof(text));
	ck_assert_int_gt(n, 0);
	ck_assert_int_lt(n, (int)sizeof(text));
	ck_assert_ptr_nonnull(strstr(text, "\nP0 second-tile\n"));
	assert_ok(carc_game_load(text, (size_t)n, &l, NULL, NULL, NULL, 0));
	ck_assert(carc_game_hash(l) == carc_game_hash(g));
	EQ(carc_game_save(l, again, sizeof(again)), n);
	ck_assert_str_eq(again, text);
	carc_game_free(l);
}
END_TEST

START_TEST(builder_second_tile_declined)
{
	builder_road(CARC_BUILDER_TURN_OPTIONAL);
	play(g, CARC_TILE_U, 3, 0, 0);
	/* the builder is out already; a road tile has no city C2 */
	apply_expect(g, figure_move(CARC_FIGURE_BUILDER, CARC_R1),
		     CARC_E_NO_MEEPLE);
	apply_expect(g, figure_move(CARC_FIGURE_BUILDER, CARC_C2),
		     CARC_E_NO_FEATURE);
	apply_expect(g, figure_move(CARC_FIGURE_PIG, CARC_C2),
		     CARC_E_NO_FEATURE);
	pass(g);
	EQ(carc_game_phase(g), CARC_PHASE_SECOND_TILE);
	pass(g);
	EQ(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	EQ(carc_game_current_player(g), BLUE);
}
END_TEST

START_TEST(builder_second_tile_mandatory)
{
	builder_road(CARC_BUILDER_TURN_MANDATORY);
	play(g, CARC_TILE_U, 3, 0, 0);
	pass(g);
	EQ(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	EQ(carc_game_current_player(g), RED);
	play(g, CARC_TILE_U, 4, 0, 0);
	pass(g);
	EQ(carc_game_current_player(g), BLUE);
}
END_TEST

/* carc_game_turn_part() through a double turn, optional then mandatory:
 * the first part earns the second tile when the tile extends the
 * builder's road, the second part earns no third, and the next player
 * starts afresh. */
START_TEST(builder_turn_part)
{
	EQ(carc_game_turn_part(NULL), CARC_E_INVALID);
	builder_road(CARC_BUILDER_TURN_OPTIONAL);
	EQ(carc_game_turn_part(g), CARC_TURN_FIRST);
	play(g, CARC_TILE_U, 3, 0, 0);
	EQ(carc_game_phase(g), CARC_PHASE_DEPLOY);
	EQ(carc_game_turn_part(g), CARC_TURN_FIRST_BUILDER);
	pass(g);
	EQ(carc_game_phase(g), CARC_PHASE_SECOND_TILE);
	EQ(carc_game_turn_part(g), CARC_TURN_FIRST_BUILDER);
	assert_ok(carc_game_apply(g, carc_move_second_tile()));
	EQ(carc_game_turn_part(g), CARC_TURN_SECOND);
	play(g, CARC_TILE_U, 4, 0, 0);		/* extends the road again */
	EQ(carc_game_turn_part(g), CARC_TURN_SECOND);
	pass(g);
	EQ(carc_game_current_player(g), BLUE);
	EQ(carc_game_turn_part(g), CARC_TURN_FIRST);
	/* the undo brings the part back with the position */
	assert_ok(carc_game_undo(g));
	EQ(carc_game_phase(g), CARC_PHASE_DEPLOY);
	EQ(carc_game_turn_part(g), CARC_TURN_SECOND);
	assert_ok(carc_game_undo(g));
	assert_ok(carc_game_undo(g));
	EQ(carc_game_phase(g), CARC_PHASE_SECOND_TILE);
	EQ(carc_game_turn_part(g), CARC_TURN_FIRST_BUILDER);
	/* declined: Blue's turn is a first part */
	pass(g);
	EQ(carc_game_current_player(g), BLUE);
	EQ(carc_game_turn_part(g), CARC_TURN_FIRST);
	carc_game_free(g);

	builder_road(CARC_BUILDER_TURN_MANDATORY);
	play(g, CARC_TILE_U, 3, 0, 0);
	EQ(carc_game_turn_part(g), CARC_TURN_FIRST_BUILDER);
	pass(g);
	EQ(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	EQ(carc_game_current_player(g), RED);
	EQ(carc_game_turn_part(g), CARC_TURN_SECOND);
	play(g, CARC_TILE_U, 4, 0, 0);
	pass(g);
	EQ(carc_game_turn_part(g), CARC_TURN_FIRST);
	/* to the end: no part after it */
	while (!carc_game_is_over(g)) {
		carc_move_t m[256];

		ck_assert_int_gt(carc_game_legal_moves(g, m, 256), 0);
		ck_assert_int_ge(carc_game_turn_part(g), CARC_TURN_FIRST);
		assert_ok(carc_game_apply(g, m[0]));
	}
	EQ(carc_game_turn_part(g), CARC_E_GAME_OVER);
}
END_TEST

/* The builder's road extended by the last tile: the part says a second
 * tile was earned, but the stack is empty and the game ends. */
START_TEST(builder_turn_part_last_tile)
{
	static const uint32_t order[] = {
		CARC_TILE_U, CARC_TILE_B, CARC_TILE_U, CARC_TILE_B,
		CARC_TILE_U,
	};

	g = scenario(order, 5, 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_R1);
	play(g, CARC_TILE_B, 0, 1, 0);
	pass(g);
	play(g, CARC_TILE_U, 2, 0, 0);
	assert_ok(carc_game_apply(g, figure_move(CARC_FIGURE_BUILDER,
						 CARC_R1)));
	play(g, CARC_TILE_B, 1, 1, 0);
	pass(g);
	EQ(carc_game_remaining_total(g), 0);
	play(g, CARC_TILE_U, 3, 0, 0);
	EQ(carc_game_turn_part(g), CARC_TURN_FIRST_BUILDER);
	pass(g);
	EQ(carc_game_is_over(g), 1);
	EQ(carc_game_turn_part(g), CARC_E_GAME_OVER);
}
END_TEST

/* Without Traders & Builders every turn is a first part. */
START_TEST(turn_part_base_game)
{
	struct carc_rules *r = make_rules(NULL, 0);
	int turns = 0;

	g = make_game(r, 3, 7);
	carc_rules_unref(r);
	while (!carc_game_is_over(g)) {
		carc_move_t m[256];
		int n = carc_game_legal_moves(g, m, 256);

		ck_assert_int_gt(n, 0);
		EQ(carc_game_turn_part(g), CARC_TURN_FIRST);
		turns += carc_game_phase(g) == CARC_PHASE_PLACE_TILE;
		assert_ok(carc_game_apply(g, m[n - 1]));
	}
	/* one turn per tile of the stack but those discarded */
	EQ(turns + carc_game_discard_count(g), 71);
	EQ(carc_game_turn_part(g), CARC_E_GAME_OVER);
}
END_TEST

/* Blue's thief holds the road: Red may not put his builder with it. */
START_TEST(builder_needs_own_follower)
{
	static const uint32_t order[] = {
		CARC_TILE_U, CARC_TILE_U, CARC_TILE_U, CARC_TILE_B,
	};

	g = scenario(order, 4, 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	pass(g);
	play(g, CARC_TILE_U, 2, 0, 0);
	deploy(g, CARC_R1);			/* Blue's thief */
	play(g, CARC_TILE_U, 3, 0, 0);
	EQ(carc_game_is_legal(g, figure_move(CARC_FIGURE_BUILDER, CARC_R1)),
	   0);
	apply_expect(g, figure_move(CARC_FIGURE_BUILDER, CARC_R1),
		     CARC_E_NOT_ALLOWED);
	EQ(carc_game_supply(g, RED, CARC_FIGURE_BUILDER), 1);
}
END_TEST

/* Red's tile completes the road with his thief and builder: the road
 * scores, both come back, and the second part follows all the same
 * (doc/users/rules.md#traders-second-tile, #traders-builder-return). */
START_TEST(builder_completed_returns_and_second_tile)
{
	static const uint32_t order[] = {
		CARC_TILE_U, CARC_TILE_A, CARC_TILE_U, CARC_TILE_B,
		CARC_TILE_A, CARC_TILE_B, CARC_TILE_B,
	};

	g = scenario(order, 7, CARC_OPT_BUILDER_TURN,
		     CARC_BUILDER_TURN_MANDATORY, 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_R1);			/* Red's thief */
	play(g, CARC_TILE_A, -1, 0, 3);		/* ends the road's west */
	pass(g);
	play(g, CARC_TILE_U, 2, 0, 0);
	assert_ok(carc_game_apply(g, figure_move(CARC_FIGURE_BUILDER,
						 CARC_R1)));
	play(g, CARC_TILE_B, 0, 1, 0);
	pass(g);
	EQ(carc_game_current_player(g), RED);
	play(g, CARC_TILE_A, 3, 0, 1);		/* ends the road's east */
	pass(g);
	/* five tiles of road for Red, thief and builder back */
	EQ(carc_game_score(g, RED), 5);
	EQ(carc_game_supply(g, RED, CARC_FIGURE_BUILDER), 1);
	EQ(carc_game_supply(g, RED, CARC_FIGURE_FOLLOWER), 7);
	/* the second part: Red again */
	EQ(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	EQ(carc_game_current_player(g), RED);
	play(g, CARC_TILE_B, 1, 1, 0);
	pass(g);
	EQ(carc_game_current_player(g), BLUE);
}
END_TEST

/* Red's tile completes the road holding his thief
 * (doc/users/rules.md#builder-on-completed): with builder-on-completed
 * on (_i 1, the default) his builder may go onto the road's piece on
 * that tile and comes back at once with the thief when the road scores;
 * off (_i 0, JCloisterZone) the move is neither listed nor legal.  The
 * score, the supply and the next player are the same either way; on an
 * open road the builder goes under both values. */
START_TEST(builder_on_completed)
{
	static const uint32_t order[] = {
		CARC_TILE_U, CARC_TILE_A, CARC_TILE_A, CARC_TILE_U,
		CARC_TILE_B, CARC_TILE_U,
	};
	carc_move_t moves[32], builder;
	int n, listed = 0;

	g = scenario(order, 6, CARC_OPT_BUILDER_ON_COMPLETED, _i, 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_R1);			/* Red's thief */
	play(g, CARC_TILE_A, -1, 0, 3);		/* ends the road's west */
	pass(g);
	play(g, CARC_TILE_A, 2, 0, 1);		/* ends its east: 4 tiles */
	EQ(carc_game_feature_is_complete(g, 2, 0, CARC_R1), 1);
	builder = figure_move(CARC_FIGURE_BUILDER, CARC_R1);
	n = carc_game_legal_moves(g, moves, 32);
	ck_assert_int_gt(n, 0);
	for (int k = 0; k < n; k++)
		listed += moves[k] == builder;
	EQ(listed, _i);
	EQ(carc_game_is_legal(g, builder), _i);
	if (_i) {
		assert_ok(carc_game_apply(g, builder));
	} else {
		apply_expect(g, builder, CARC_E_NOT_ALLOWED);
		EQ(carc_game_phase(g), CARC_PHASE_DEPLOY);
		pass(g);
	}
	/* four tiles of road for Red; thief and builder in his supply; no
	 * second tile (the builder was not on the road before this tile) */
	EQ(carc_game_score(g, RED), 4);
	EQ(carc_game_score(g, BLUE), 0);
	EQ(carc_game_supply(g, RED, CARC_FIGURE_BUILDER), 1);
	EQ(carc_game_supply(g, RED, CARC_FIGURE_FOLLOWER), 7);
	EQ(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	EQ(carc_game_current_player(g), BLUE);
	/* an open road: Blue's thief, then his builder beside it */
	play(g, CARC_TILE_U, 0, 1, 0);
	deploy(g, CARC_R1);
	play(g, CARC_TILE_B, 3, 0, 0);
	pass(g);
	play(g, CARC_TILE_U, 1, 1, 0);
	EQ(carc_game_feature_is_complete(g, 1, 1, CARC_R1), 0);
	EQ(carc_game_is_legal(g, figure_move(CARC_FIGURE_BUILDER, CARC_R1)),
	   1);
	/* the record names the value and plays back to the same game */
	{
		char text[8192];
		int len = carc_game_save(g, text, sizeof(text));
		struct carc_game *back = NULL;

		ck_assert_int_gt(len, 0);
		ck_assert_int_lt(len, (int)sizeof(text));
		ck_assert_ptr_nonnull(strstr(text,
			_i ? "option builder-on-completed on\n"
			   : "option builder-on-completed off\n"));
		assert_ok(carc_game_load(text, (size_t)len, &back, NULL, NULL,
					 NULL, 0));
		ck_assert(carc_game_hash(back) == carc_game_hash(g));
		carc_game_free(back);
	}
}
END_TEST

/* A crop circle takes Red's only thief off the builder's road: the
 * builder goes back with it, and is never itself removed
 * (doc/users/rules.md#traders-builder-return, #traders-together). */
START_TEST(builder_returns_when_crop_circle_removes_thief)
{
	static const uint32_t order[] = {
		CARC_TILE_U, CARC_TILE_B, CARC_TILE_U, CARC_TILE_CCI_4,
		CARC_TILE_B,
	};
	carc_move_t moves[8];

	g = scenario(order, 5, CARC_OPT_CROP_CIRCLES_I, 1, 0);
	play(g, CARC_TILE_U, -1, 0, 0);
	deploy(g, CARC_R1);			/* Red's thief */
	play(g, CARC_TILE_B, 0, 1, 0);
	pass(g);
	play(g, CARC_TILE_U, -2, 0, 0);
	assert_ok(carc_game_apply(g, figure_move(CARC_FIGURE_BUILDER,
						 CARC_R1)));
	play(g, CARC_TILE_CCI_4, 1, 0, 0);	/* Blue: a club */
	pass(g);
	EQ(carc_game_phase(g), CARC_PHASE_CROP_CHOICE);
	assert_ok(carc_game_apply(g, carc_move_crop_choice(CARC_CROP_REMOVE)));
	EQ(carc_game_phase(g), CARC_PHASE_CROP_RESPONSE);
	EQ(carc_game_current_player(g), RED);
	EQ(carc_game_legal_moves(g, moves, 8), 1);
	ck_assert(moves[0] ==
		  carc_move_remove(CARC_FIGURE_FOLLOWER, -1, 0, CARC_R1));
	assert_ok(carc_game_apply(g, moves[0]));
	EQ(carc_game_supply(g, RED, CARC_FIGURE_BUILDER), 1);
	EQ(carc_game_supply(g, RED, CARC_FIGURE_FOLLOWER), 7);
	EQ(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	EQ(carc_game_current_player(g), RED);
}
END_TEST

/* ---- the pig ------------------------------------------------------------ */

/* carc_game_feature_get() of CARC_FEATURE_ATTR_PIGS + @player. */
static int32_t
pigs_at(int32_t x, int32_t y, uint32_t feature, uint32_t player)
{
	int32_t v = -1;

	assert_ok(carc_game_feature_get(g, x, y, feature,
					CARC_FEATURE_ATTR_PIGS + player, &v));
	return v;
}

/* Red's farmer by the city D + E, then (with @pig) his pig joins the
 * field on the monastery tile at (1,-1).  Red's final score. */
static int
pig_game(int farm_rule, bool pig)
{
	static const uint32_t order[] = {
		CARC_TILE_E, CARC_TILE_B, CARC_TILE_B, CARC_TILE_B,
	};
	int score;

	g = scenario(order, 4, CARC_OPT_FARM_SCORING, farm_rule, 0);
	/* the cap turned south closes the start tile's city */
	play(g, CARC_TILE_E, 0, -1, 2);
	deploy(g, CARC_F1);
	play(g, CARC_TILE_B, 0, 1, 0);
	pass(g);
	play(g, CARC_TILE_B, 1, -1, 0);
	/* a pig only where Red has a farmer, never on the monastery */
	apply_expect(g, figure_move(CARC_FIGURE_PIG, CARC_MONASTERY),
		     CARC_E_NOT_ALLOWED);
	if (pig)
		assert_ok(carc_game_apply(g, figure_move(CARC_FIGURE_PIG,
							 CARC_F1)));
	else
		pass(g);
	play(g, CARC_TILE_B, -1, 1, 0);
	pass(g);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	score = carc_game_score(g, RED);
	carc_game_free(g);
	g = NULL;
	return score;
}

START_TEST(pig_per_field)
{
	EQ(pig_game(CARC_FARM_PER_FIELD, false), 3);
	EQ(pig_game(CARC_FARM_PER_FIELD, true), 4);
}
END_TEST

START_TEST(pig_per_field_once)
{
	EQ(pig_game(CARC_FARM_PER_FIELD_ONCE, false), 3);
	EQ(pig_game(CARC_FARM_PER_FIELD_ONCE, true), 4);
}
END_TEST

START_TEST(pig_per_city)
{
	EQ(pig_game(CARC_FARM_PER_CITY, false), 4);
	EQ(pig_game(CARC_FARM_PER_CITY, true), 5);
}
END_TEST

/* Red's farmer and pig, Blue's two farmers in the field: Blue scores
 * it, Red's pig gives nothing (doc/users/rules.md#traders-pig-score). */
START_TEST(pig_of_a_loser_scores_nothing)
{
	static const uint32_t order[] = {
		CARC_TILE_E, CARC_TILE_B, CARC_TILE_B, CARC_TILE_L,
		CARC_TILE_A, CARC_TILE_A,
	};

	g = scenario(order, 6, CARC_OPT_FARM_SCORING, CARC_FARM_PER_FIELD, 0);
	play(g, CARC_TILE_E, 0, -1, 2);		/* closes D's city */
	deploy(g, CARC_F1);			/* Red, north of the road */
	play(g, CARC_TILE_B, 0, 1, 0);
	deploy(g, CARC_F1);			/* Blue, south of it */
	play(g, CARC_TILE_B, -1, -1, 0);
	assert_ok(carc_game_apply(g, figure_move(CARC_FIGURE_PIG, CARC_F1)));
	play(g, CARC_TILE_L, 1, 0, 0);		/* the road's junction */
	deploy(g, CARC_F2);			/* Blue, south-east of it */
	/* road ends that join the three fields into one */
	play(g, CARC_TILE_A, 1, 1, 2);
	/* Red's pig is out already */
	apply_expect(g, figure_move(CARC_FIGURE_PIG, CARC_F1),
		     CARC_E_NO_MEEPLE);
	pass(g);
	play(g, CARC_TILE_A, -1, 0, 3);
	pass(g);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	EQ(carc_game_feature_figures(g, 0, 0, CARC_F1, BLUE), 2);
	EQ(carc_game_feature_figures(g, 0, 0, CARC_F1, RED), 1);
	/* Blue's majority scores D + E's city; Red's pig gives nothing */
	EQ(carc_game_score(g, BLUE), 3);
	EQ(carc_game_score(g, RED), 0);
}
END_TEST

/* Without farmers (CARC_OPT_FARMERS 0) there is no pig to deploy. */
START_TEST(pig_needs_farmers)
{
	static const uint32_t order[] = { CARC_TILE_E, CARC_TILE_B };

	g = scenario(order, 2, CARC_OPT_FARMERS, 0, 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	apply_expect(g, figure_move(CARC_FIGURE_PIG, CARC_F1),
		     CARC_E_NOT_ALLOWED);
	EQ(carc_game_is_legal(g, figure_move(CARC_FIGURE_PIG, CARC_F1)), 0);
	EQ(carc_game_supply(g, RED, CARC_FIGURE_PIG), 1);
}
END_TEST

/* A crop circle takes Red's only farmer from the pig's field: the pig
 * goes back with it (doc/users/rules.md#traders-pig-return). */
START_TEST(pig_returns_when_crop_circle_removes_farmer)
{
	static const uint32_t order[] = {
		CARC_TILE_E, CARC_TILE_B, CARC_TILE_B, CARC_TILE_CCI_3,
		CARC_TILE_B,
	};
	carc_move_t moves[8];

	g = scenario(order, 5, CARC_OPT_CROP_CIRCLES_I, 1, 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	deploy(g, CARC_F1);			/* Red's farmer */
	play(g, CARC_TILE_B, 0, 1, 0);
	pass(g);
	play(g, CARC_TILE_B, 1, -1, 0);
	assert_ok(carc_game_apply(g, figure_move(CARC_FIGURE_PIG, CARC_F1)));
	EQ(carc_game_supply(g, RED, CARC_FIGURE_PIG), 0);
	/* the pig is Red's, in the farmer's field (joined through (1,-1)),
	 * not in the start tile's other field */
	EQ(pigs_at(1, -1, CARC_F1, RED), 1);
	EQ(pigs_at(0, -1, CARC_F1, RED), 1);
	EQ(pigs_at(1, -1, CARC_F1, BLUE), 0);
	EQ(pigs_at(0, 0, CARC_F2, RED), 0);
	play(g, CARC_TILE_CCI_3, 0, 2, 2);	/* Blue: a pitchfork */
	pass(g);
	EQ(carc_game_phase(g), CARC_PHASE_CROP_CHOICE);
	assert_ok(carc_game_apply(g, carc_move_crop_choice(CARC_CROP_REMOVE)));
	EQ(carc_game_current_player(g), RED);
	EQ(carc_game_legal_moves(g, moves, 8), 1);
	ck_assert(moves[0] ==
		  carc_move_remove(CARC_FIGURE_FOLLOWER, 0, -1, CARC_F1));
	assert_ok(carc_game_apply(g, moves[0]));
	EQ(carc_game_supply(g, RED, CARC_FIGURE_PIG), 1);
	EQ(pigs_at(1, -1, CARC_F1, RED), 0);
	EQ(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
}
END_TEST

/* ---- random games ------------------------------------------------------- */

/* Every listed move is legal, scores never fall, every figure is on the
 * board or in a supply, at most 20 goods tokens are taken, and undo
 * gives the earlier hash; with the other expansions on every second
 * game. */
START_TEST(random_games_properties)
{
	uint64_t rng = 0x7b;
	carc_move_t *moves = malloc(4096 * sizeof(*moves));
	int second = 0, builders = 0, pigs = 0;

	ck_assert_ptr_nonnull(moves);
	for (int gi = 0; gi < 60; gi++) {
		bool all = gi & 1;
		struct carc_rules *r = make_rules(
			NULL, CARC_OPT_TRADERS_BUILDERS, 1,
			CARC_OPT_BUILDER_TURN, gi % 3 == 0,
			CARC_OPT_FARM_SCORING, gi % 3, CARC_OPT_PHANTOM, all,
			CARC_OPT_CROP_CIRCLES_I, all,
			CARC_OPT_CROP_CIRCLES_II, all,
			CARC_OPT_LITTLE_BUILDINGS, all, 0);
		uint32_t np = 2 + (uint32_t)gi % 5;
		int prev[6] = { 0 }, steps = 0;

		g = make_game(r, np, (uint64_t)gi);
		carc_rules_unref(r);
		while (!carc_game_is_over(g)) {
			int n = carc_game_legal_moves(g, moves, 4096), k;
			int figs, supply = 0, tokens = 0;
			uint64_t h = carc_game_hash(g);

			ck_assert(n > 0 && n <= 4096);
			ck_assert_int_le(n, carc_game_legal_moves_max(g));
			for (int i = 0; i < n; i++)
				EQ(carc_game_is_legal(g, moves[i]), 1);
			k = (int)(test_rand(&rng) % (uint64_t)n);
			if (carc_move_kind(moves[k]) == CARC_MOVE_PASS && n > 1 &&
			    test_rand(&rng) % 3)
				k = (int)(test_rand(&rng) % (uint64_t)(n - 1));
			second += carc_game_phase(g) == CARC_PHASE_SECOND_TILE;
			builders += carc_move_figure(moves[k]) ==
				    CARC_FIGURE_BUILDER;
			pigs += carc_move_figure(moves[k]) == CARC_FIGURE_PIG;
			assert_ok(carc_game_apply(g, moves[k]));
			if (steps++ % 11 == 0) {
				assert_ok(carc_game_undo(g));
				ck_assert(carc_game_hash(g) == h);
				assert_ok(carc_game_apply(g, moves[k]));
			}
			figs = carc_game_figure_count(g);
			for (uint32_t p = 0; p < np; p++) {
				int s = carc_game_score(g, p);

				ck_assert_int_ge(s, prev[p]);
				prev[p] = s;
				for (uint32_t f = CARC_FIGURE_FOLLOWER;
				     f <= CARC_FIGURE_PIG; f++)
					if (f == CARC_FIGURE_FOLLOWER ||
					    f == CARC_FIGURE_PHANTOM ||
					    f >= CARC_FIGURE_BUILDER)
						supply += carc_game_supply(
							g, p, f);
				for (uint32_t kind = 1; kind <= 3; kind++)
					tokens += carc_game_goods(g, p, kind);
			}
			EQ(figs + supply, (int)np * (7 + 2 + (all ? 1 : 0)));
			ck_assert_int_le(tokens, 20);
		}
		carc_game_free(g);
		g = NULL;
	}
	free(moves);
	/* the random players met every new decision */
	ck_assert_int_gt(second, 0);
	ck_assert_int_gt(builders, 0);
	ck_assert_int_gt(pigs, 0);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("traders");
	TCase *tc;

	tc = tcase_create("tiles");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, tiles_goods_and_stack);
	suite_add_tcase(s, tc);

	tc = tcase_create("goods");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, goods_go_to_the_completer);
	tcase_add_test(tc, goods_of_an_empty_city);
	tcase_add_test(tc, goods_tie_pays_every_tied_player);
	suite_add_tcase(s, tc);

	tc = tcase_create("builder");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, builder_second_tile_optional_taken);
	tcase_add_test(tc, builder_second_tile_record);
	tcase_add_test(tc, builder_second_tile_declined);
	tcase_add_test(tc, builder_second_tile_mandatory);
	tcase_add_test(tc, builder_turn_part);
	tcase_add_test(tc, builder_turn_part_last_tile);
	tcase_add_test(tc, turn_part_base_game);
	tcase_add_test(tc, builder_needs_own_follower);
	tcase_add_test(tc, builder_completed_returns_and_second_tile);
	tcase_add_loop_test(tc, builder_on_completed, 0, 2);
	tcase_add_test(tc, builder_returns_when_crop_circle_removes_thief);
	suite_add_tcase(s, tc);

	tc = tcase_create("pig");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, pig_per_field);
	tcase_add_test(tc, pig_per_field_once);
	tcase_add_test(tc, pig_per_city);
	tcase_add_test(tc, pig_of_a_loser_scores_nothing);
	tcase_add_test(tc, pig_needs_farmers);
	tcase_add_test(tc, pig_returns_when_crop_circle_removes_farmer);
	suite_add_tcase(s, tc);

	tc = tcase_create("random");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, random_games_properties);
	suite_add_tcase(s, tc);

	return s;
}
