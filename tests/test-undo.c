/* SPDX-License-Identifier: MIT */
/*
 * carc_game_undo(): after a move and its undo, the game is the one before
 * the move in everything a caller can ask (hash, decision point, turn
 * part, scores, goods,
 * supplies, figures, tiles, discards, draw order, legal moves, feature
 * queries); undoing a whole game leads back to its start; undo at the
 * start or on NULL changes nothing.
 */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "test-common.h"

#define MAX_FIGS 128
#define MAX_ORDER 4096

/* Everything a caller can read about a position. */
struct snap {
	uint64_t hash;
	int phase, player, tile, over, crop, part;
	int score[MAX_PLAYERS], supply[MAX_PLAYERS][8], goods[MAX_PLAYERS][3];
	int n_figs;
	uint32_t fig_player[MAX_FIGS], fig_kind[MAX_FIGS], fig_feature[MAX_FIGS];
	int32_t fig_x[MAX_FIGS], fig_y[MAX_FIGS];
	int32_t fig_id[MAX_FIGS], fig_points[MAX_FIGS], fig_value[MAX_FIGS];
	int n_tiles, n_buildings, n_discards, drawn, remaining, history;
	int n_events;
	int32_t event_points[64];
	int n_order;
	uint32_t order[MAX_ORDER];
	int n_moves;
	carc_move_t *moves;
	uint32_t tiles_hash;	/* over every placed tile */
};

static struct carc_game *g;

static void
teardown(void)
{
	carc_game_free(g);
	g = NULL;
}

static void
take(const struct carc_game *game, struct snap *s)
{
	int players = carc_game_player_count(game);

	memset(s, 0, sizeof(*s));
	s->hash = carc_game_hash(game);
	s->phase = carc_game_phase(game);
	s->player = carc_game_current_player(game);
	s->tile = carc_game_current_tile(game);
	s->over = carc_game_is_over(game);
	s->crop = carc_game_crop_action(game);
	s->part = carc_game_turn_part(game);
	for (int p = 0; p < players; p++) {
		s->score[p] = carc_game_score(game, (uint32_t)p);
		for (uint32_t f = CARC_FIGURE_FOLLOWER; f <= CARC_FIGURE_PIG;
		     f++)
			s->supply[p][f - 1] =
				carc_game_supply(game, (uint32_t)p, f);
		for (uint32_t k = 0; k < 3; k++)
			s->goods[p][k] = carc_game_goods(game, (uint32_t)p,
							 k + 1);
	}
	s->n_figs = carc_game_figure_count(game);
	if (s->n_figs > MAX_FIGS)
		ck_abort_msg("%d figures", s->n_figs);
	for (int i = 0; i < s->n_figs; i++) {
		EQ(carc_game_figure_at(game, (uint32_t)i, &s->fig_player[i],
				       &s->fig_kind[i], &s->fig_x[i],
				       &s->fig_y[i], &s->fig_feature[i]),
		   CARC_OK);
		EQ(carc_game_feature_get(game, s->fig_x[i], s->fig_y[i],
					 s->fig_feature[i],
					 CARC_FEATURE_ATTR_ID, &s->fig_id[i]),
		   CARC_OK);
		EQ(carc_game_feature_get(game, s->fig_x[i], s->fig_y[i],
					 s->fig_feature[i],
					 CARC_FEATURE_ATTR_POINTS +
						 s->fig_player[i],
					 &s->fig_points[i]),
		   CARC_OK);
		EQ(carc_game_feature_get(game, s->fig_x[i], s->fig_y[i],
					 s->fig_feature[i],
					 CARC_FEATURE_ATTR_VALUE,
					 &s->fig_value[i]),
		   CARC_OK);
	}
	s->n_tiles = carc_game_tile_count(game);
	s->tiles_hash = 2166136261u;
	for (int i = 0; i < s->n_tiles; i++) {
		int32_t x, y;
		uint32_t t, r;

		EQ(carc_game_tile_at(game, (uint32_t)i, &x, &y, &t, &r),
		   CARC_OK);
		s->tiles_hash = (s->tiles_hash ^ (uint32_t)(x * 7919 + y)) *
				16777619u;
		s->tiles_hash = (s->tiles_hash ^ (t * 4 + r)) * 16777619u;
	}
	s->n_buildings = carc_game_building_count(game);
	s->n_discards = carc_game_discard_count(game);
	s->drawn = carc_game_drawn_count(game);
	s->remaining = carc_game_remaining_total(game);
	s->history = carc_game_history_count(game);
	s->n_events = carc_game_event_count(game);
	for (int i = 0; i < s->n_events && i < 64; i++)
		EQ(carc_game_event_get(game, (uint32_t)i, CARC_EVENT_POINTS,
				       &s->event_points[i]),
		   CARC_OK);
	s->n_order = carc_game_draw_order(game, s->order, MAX_ORDER);
	if (s->n_order > MAX_ORDER)
		ck_abort_msg("%d tiles", s->n_order);
	s->n_moves = carc_game_legal_moves(game, NULL, 0);
	s->moves = malloc(((size_t)s->n_moves + 1) * sizeof(*s->moves));
	ck_assert_ptr_nonnull(s->moves);
	EQ(carc_game_legal_moves(game, s->moves, (size_t)s->n_moves),
	   s->n_moves);
}

static void
drop(struct snap *s)
{
	free(s->moves);
	s->moves = NULL;
}

static void
same(const struct snap *a, const struct snap *b)
{
	if (a->hash != b->hash)
		ck_abort_msg("hash differs");
	EQ(a->phase, b->phase);
	EQ(a->player, b->player);
	EQ(a->tile, b->tile);
	EQ(a->over, b->over);
	EQ(a->crop, b->crop);
	EQ(a->part, b->part);
	for (int p = 0; p < MAX_PLAYERS; p++) {
		EQ(a->score[p], b->score[p]);
		for (int f = 0; f < 8; f++)
			EQ(a->supply[p][f], b->supply[p][f]);
		for (int k = 0; k < 3; k++)
			EQ(a->goods[p][k], b->goods[p][k]);
	}
	EQ(a->n_figs, b->n_figs);
	for (int i = 0; i < a->n_figs; i++) {
		EQ(a->fig_player[i], b->fig_player[i]);
		EQ(a->fig_kind[i], b->fig_kind[i]);
		EQ(a->fig_x[i], b->fig_x[i]);
		EQ(a->fig_y[i], b->fig_y[i]);
		EQ(a->fig_feature[i], b->fig_feature[i]);
		EQ(a->fig_id[i], b->fig_id[i]);
		EQ(a->fig_points[i], b->fig_points[i]);
		EQ(a->fig_value[i], b->fig_value[i]);
	}
	EQ(a->n_tiles, b->n_tiles);
	EQ(a->tiles_hash, b->tiles_hash);
	EQ(a->n_buildings, b->n_buildings);
	EQ(a->n_discards, b->n_discards);
	EQ(a->drawn, b->drawn);
	EQ(a->remaining, b->remaining);
	EQ(a->history, b->history);
	EQ(a->n_events, b->n_events);
	for (int i = 0; i < a->n_events && i < 64; i++)
		EQ(a->event_points[i], b->event_points[i]);
	EQ(a->n_order, b->n_order);
	for (int i = 0; i < a->n_order; i++)
		EQ(a->order[i], b->order[i]);
	EQ(a->n_moves, b->n_moves);
	for (int i = 0; i < a->n_moves; i++)
		if (a->moves[i] != b->moves[i])
			ck_abort_msg("legal move %d differs", i);
}

/* Every expansion; the river's lake laid by the engine and the builder's
 * second tile played at once in every other game. */
static struct carc_game *
all_expansions_game(uint64_t seed, uint32_t players)
{
	struct carc_rules *r = make_rules(NULL, CARC_OPT_PHANTOM, 1,
					  CARC_OPT_CROP_CIRCLES_I, 1,
					  CARC_OPT_CROP_CIRCLES_II, 1,
					  CARC_OPT_LITTLE_BUILDINGS, 1,
					  CARC_OPT_RIVER, 1,
					  CARC_OPT_INNS_CATHEDRALS, 1,
					  CARC_OPT_TRADERS_BUILDERS, 1,
					  CARC_OPT_RIVER_LAKE_TURN,
					  (int)(seed & 1),
					  CARC_OPT_BUILDER_TURN,
					  (int)(seed >> 1 & 1),
					  CARC_OPT_FARM_SCORING,
					  (int)(seed % 3), 0);
	struct carc_game *game = make_game(r, players, seed);

	carc_rules_unref(r);
	return game;
}

/* Each move of random games: apply, undo, compare with before; apply
 * again, compare with after.  At the end, undo back to the start. */
START_TEST(undo_every_move)
{
	int games = getenv("CARC_TEST_SLOW") ? 60 : 8;
	long undone = 0;

	for (int s = 1; s <= games; s++) {
		uint64_t *hashes;
		struct snap before, after, back, start;
		struct random_game r;
		int moves = 0;

		g = all_expansions_game((uint64_t)s, 2 + (uint32_t)s % 5);
		hashes = malloc(4096 * sizeof(*hashes));
		ck_assert_ptr_nonnull(hashes);
		take(g, &start);
		random_game_start(&r, g, (uint64_t)s);
		while (random_game_next(&r)) {
			carc_move_t m;

			take(g, &before);
			hashes[moves++] = before.hash;
			m = random_game_pick(&r);
			EQ(carc_game_apply(g, m), CARC_OK);
			take(g, &after);
			EQ(carc_game_undo(g), CARC_OK);
			undone++;
			take(g, &back);
			same(&before, &back);
			drop(&back);
			EQ(carc_game_apply(g, m), CARC_OK);
			take(g, &back);
			same(&after, &back);
			drop(&back);
			drop(&before);
			drop(&after);
		}
		random_game_end(&r);
		/* all the way back */
		for (int i = moves - 1; i >= 0; i--) {
			EQ(carc_game_undo(g), CARC_OK);
			if (carc_game_hash(g) != hashes[i])
				ck_abort_msg("hash after undo to move %d", i);
		}
		take(g, &back);
		same(&start, &back);
		/* nothing left to undo */
		EQ(carc_game_undo(g), CARC_E_NOT_FOUND);
		drop(&back);
		take(g, &back);
		same(&start, &back);
		drop(&back);
		drop(&start);
		free(hashes);
		teardown();
	}
	ck_assert_int_gt(undone, games * 100);
}
END_TEST

/* The draw order is kept: a tile chosen with set_next_tile() before the
 * move is in hand again after the undo, and a reshuffle after the move
 * stays in effect for the stack. */
START_TEST(undo_keeps_draw_order)
{
	uint32_t order[80], order2[80];
	int n, n2;

	g = make_scenario("EEFBGHH", 0);
	play(g, CARC_TILE_E, 0, -1, 2);		/* the first tile */
	pass(g);
	assert_ok(carc_game_set_next_tile(g, CARC_TILE_H));
	assert_ok(carc_game_shuffle_stack(g, 99));
	n = carc_game_draw_order(g, order, 80);
	ck_assert_int_eq(n, 7);
	assert_ok(carc_game_undo(g));		/* the pass */
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_DEPLOY);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_E);
	assert_ok(carc_game_undo(g));		/* the placement */
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_E);
	ck_assert_int_eq(carc_game_tile_count(g), 1);
	ck_assert_int_eq(carc_game_history_count(g), 0);
	ck_assert_int_eq(carc_game_event_count(g), 0);
	n2 = carc_game_draw_order(g, order2, 80);
	ck_assert_int_eq(n2, n);
	for (int i = 0; i < n; i++)
		ck_assert_int_eq(order2[i], order[i]);
	ck_assert_int_eq(carc_game_drawn_count(g), 1);
	/* play again: after E, the tile set in hand then, H */
	play(g, CARC_TILE_E, 0, -1, 2);
	pass(g);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_H);
}
END_TEST

/* A completed city's points come off again, and the knight goes back. */
START_TEST(undo_scoring)
{
	g = make_scenario("EBB", 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	deploy(g, CARC_C1);
	ck_assert_int_eq(carc_game_score(g, 0), 4);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	assert_ok(carc_game_undo(g));
	ck_assert_int_eq(carc_game_score(g, 0), 0);
	ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER), 7);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_DEPLOY);
	ck_assert_int_eq(carc_game_current_player(g), 0);
	/* the events of the move before (the placement scored nothing) */
	ck_assert_int_eq(carc_game_event_count(g), 0);
}
END_TEST

START_TEST(undo_bad_arguments)
{
	uint64_t h;

	ck_assert_int_eq(carc_game_undo(NULL), CARC_E_INVALID);
	g = make_scenario("EBB", 0);
	h = carc_game_hash(g);
	ck_assert_int_eq(carc_game_undo(g), CARC_E_NOT_FOUND);
	ck_assert(carc_game_hash(g) == h);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_E);
	ck_assert_int_eq(carc_game_history_count(g), 0);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("undo");
	TCase *tc = tcase_create("undo");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, undo_every_move);
	tcase_add_test(tc, undo_keeps_draw_order);
	tcase_add_test(tc, undo_scoring);
	tcase_add_test(tc, undo_bad_arguments);
	tcase_set_timeout(tc, 600);
	suite_add_tcase(s, tc);
	return s;
}
