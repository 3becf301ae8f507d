/* SPDX-License-Identifier: MIT */
/*
 * Whole games: seeded determinism, the stack calls, and a property test
 * over seeded random self-play.
 */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "test-common.h"

#define MAX_MOVES 1024

/* ---- determinism ----------------------------------------------------- */

/* Moves are picked with the harness's generator (test-common.h), its
 * own stream, independent of the library's. */
#define pick random_legal_move

START_TEST(same_seed_same_game)
{
	struct carc_rules *rules = make_rules(NULL, 0);
	struct carc_game *a = make_game(rules, 3, 0xC0FFEE);
	struct carc_game *b = make_game(rules, 3, 0xC0FFEE);
	uint64_t ra = 5, rb = 5;

	carc_rules_unref(rules);
	ck_assert_uint_eq(carc_game_hash(a), carc_game_hash(b));
	while (!carc_game_is_over(a)) {
		carc_move_t ma = pick(a, &ra);
		carc_move_t mb = pick(b, &rb);

		ck_assert_uint_eq(ma, mb);
		assert_ok(carc_game_apply(a, ma));
		assert_ok(carc_game_apply(b, mb));
		ck_assert_uint_eq(carc_game_hash(a), carc_game_hash(b));
		ck_assert_int_eq(carc_game_current_tile(a),
				 carc_game_current_tile(b));
		for (uint32_t p = 0; p < 3; p++)
			ck_assert_int_eq(carc_game_score(a, p),
					 carc_game_score(b, p));
	}
	ck_assert_int_eq(carc_game_is_over(b), 1);
	ck_assert_int_eq(carc_game_discard_count(a),
			 carc_game_discard_count(b));
	carc_game_free(a);
	carc_game_free(b);
}
END_TEST

/* The sequence of tiles in hand when the first legal move is always
 * played. */
static int
draw_sequence(const struct carc_rules *rules, uint64_t seed, int *tiles,
	      int max)
{
	struct carc_game *game = make_game(rules, 2, seed);
	int n = 0;

	while (!carc_game_is_over(game)) {
		carc_move_t m;

		if (carc_game_phase(game) == CARC_PHASE_PLACE_TILE &&
		    n < max)
			tiles[n++] = carc_game_current_tile(game);
		ck_assert_int_gt(carc_game_legal_moves(game, &m, 1), 0);
		assert_ok(carc_game_apply(game, m));
	}
	carc_game_free(game);
	return n;
}

START_TEST(different_seeds_differ)
{
	struct carc_rules *rules = make_rules(NULL, 0);
	int a[80], b[80], c[80];
	int na = draw_sequence(rules, 1, a, 80);
	int nb = draw_sequence(rules, 2, b, 80);
	int nc = draw_sequence(rules, 1, c, 80);

	carc_rules_unref(rules);
	ck_assert(na != nb || memcmp(a, b, (size_t)na * sizeof(int)) != 0);
	ck_assert_int_eq(na, nc);
	ck_assert_mem_eq(a, c, (size_t)na * sizeof(int));
}
END_TEST

START_TEST(hash_ignores_stack_order)
{
	struct carc_rules *rules = make_rules(NULL, 0);
	struct carc_game *a = make_game(rules, 2, 17);
	uint64_t h = carc_game_hash(a);
	int tile = carc_game_current_tile(a);
	int before[CARC_TILE_TYPES];

	carc_rules_unref(rules);
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		before[t] = carc_game_remaining(a, t);
	assert_ok(carc_game_shuffle_stack(a, 99));
	ck_assert_uint_eq(carc_game_hash(a), h);
	ck_assert_int_eq(carc_game_current_tile(a), tile);
	ck_assert_int_eq(carc_game_remaining_total(a), 70);
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		ck_assert_int_eq(carc_game_remaining(a, t), before[t]);
	carc_game_free(a);
}
END_TEST

START_TEST(sort_stack_and_draw_counts)
{
	struct carc_rules *rules = make_rules(NULL, 0);
	struct carc_game *a = make_game(rules, 2, 17), *b = NULL;
	uint32_t order[80], counts[CARC_TILE_TYPES];
	uint64_t h = carc_game_hash(a);
	int n, tile = carc_game_current_tile(a);

	carc_rules_unref(rules);
	ck_assert_int_eq(carc_game_draw_counts(a, counts, CARC_TILE_TYPES),
			 71);
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		ck_assert_uint_eq(counts[t],
				  (uint32_t)carc_game_remaining(a, t) +
				  ((int)t == tile));
	/* n may be smaller than the tile types; 0 with NULL asks the total */
	ck_assert_int_eq(carc_game_draw_counts(a, counts, 2), 71);
	ck_assert_uint_eq(counts[0], 2);
	ck_assert_uint_eq(counts[1], 4);
	ck_assert_int_eq(carc_game_draw_counts(a, NULL, 0), 71);
	assert_ok(carc_game_sort_stack(a));
	ck_assert_uint_eq(carc_game_hash(a), h);
	ck_assert_int_eq(carc_game_current_tile(a), tile);
	n = carc_game_draw_order(a, order, 80);
	ck_assert_int_eq(n, 71);
	for (int i = 2; i < n; i++)
		ck_assert_uint_le(order[i - 1], order[i]);
	/* two games that differ only in the hidden order sort alike */
	assert_ok(carc_game_clone(a, &b));
	assert_ok(carc_game_shuffle_stack(b, 5));
	assert_ok(carc_game_sort_stack(b));
	{
		uint32_t again[80];

		ck_assert_int_eq(carc_game_draw_order(b, again, 80), n);
		ck_assert_mem_eq(order, again, (size_t)n * sizeof(*order));
	}
	/* bad input and the wrong phase change nothing */
	assert_status_eq(carc_game_sort_stack(NULL), CARC_E_INVALID);
	assert_status_eq(carc_game_draw_counts(NULL, counts, 1),
			 CARC_E_INVALID);
	assert_status_eq(carc_game_draw_counts(a, NULL, 1), CARC_E_INVALID);
	{
		carc_move_t m[256];

		ck_assert_int_gt(carc_game_legal_moves(b, m, 256), 0);
		assert_ok(carc_game_apply(b, m[0]));
		ck_assert_int_eq(carc_game_phase(b), CARC_PHASE_DEPLOY);
		h = carc_game_hash(b);
		assert_status_eq(carc_game_draw_counts(b, counts, 1),
				 CARC_E_WRONG_PHASE);
		/* sorting works at any phase but the end */
		assert_ok(carc_game_sort_stack(b));
		ck_assert_uint_eq(carc_game_hash(b), h);
		while (!carc_game_is_over(b)) {
			ck_assert_int_gt(carc_game_legal_moves(b, m, 256), 0);
			assert_ok(carc_game_apply(b, m[0]));
		}
		assert_status_eq(carc_game_sort_stack(b), CARC_E_GAME_OVER);
		assert_status_eq(carc_game_draw_counts(b, counts, 1),
				 CARC_E_GAME_OVER);
	}
	carc_game_free(b);
	carc_game_free(a);
}
END_TEST

START_TEST(hash_tracks_state)
{
	struct carc_game *a = make_scenario("UB", 0);
	struct carc_game *b = make_scenario("UB", 0);
	uint64_t h0 = carc_game_hash(a);

	ck_assert_uint_ne(h0, 0);
	ck_assert_uint_eq(carc_game_hash(b), h0);
	/* Another tile in hand is another state. */
	assert_ok(carc_game_set_next_tile(b, CARC_TILE_B));
	ck_assert_uint_ne(carc_game_hash(b), h0);
	assert_ok(carc_game_set_next_tile(b, CARC_TILE_U));
	ck_assert_uint_eq(carc_game_hash(b), h0);
	/* Placing and deploying change it; rotation matters. */
	play(a, CARC_TILE_U, 1, 0, 0);
	play(b, CARC_TILE_U, 1, 0, 2);
	ck_assert_uint_ne(carc_game_hash(a), h0);
	ck_assert_uint_ne(carc_game_hash(a), carc_game_hash(b));
	carc_game_free(a);
	carc_game_free(b);
}
END_TEST

START_TEST(hash_same_state_other_path)
{
	/* Two different move orders reaching the same position. */
	struct carc_game *a = make_scenario("UUBB", 0);
	struct carc_game *b = make_scenario("UUBB", 0);

	play(a, CARC_TILE_U, 1, 0, 0);
	pass(a);
	play(a, CARC_TILE_U, -1, 0, 0);
	pass(a);
	play(b, CARC_TILE_U, -1, 0, 0);
	pass(b);
	play(b, CARC_TILE_U, 1, 0, 0);
	pass(b);
	/* Board, figures, scores, supplies, tile in hand and stack agree;
	 * only the placement order differs. */
	ck_assert_uint_eq(carc_game_hash(a), carc_game_hash(b));
	carc_game_free(a);
	carc_game_free(b);
}
END_TEST

/* ---- the stack --------------------------------------------------------- */

START_TEST(draw_order_followed)
{
	static const char order[] = "UBVEAW";
	struct carc_game *game = make_scenario(order, 0);
	static const int32_t spots[][3] = {
		{ 1, 0, 0 }, { 0, 1, 0 }, { -1, 0, 3 }, { 0, -1, 2 },
		{ -1, 1, 2 }, { 2, 0, 0 },
	};

	for (int i = 0; i < 6; i++) {
		ck_assert_int_eq(carc_game_current_tile(game),
				 (int)tile_of(order[i]));
		ck_assert_int_eq(carc_game_remaining_total(game), 5 - i);
		ck_assert_int_eq(carc_game_current_player(game), i % 2);
		ck_assert_int_eq(carc_game_apply(game,
			carc_move_place(spots[i][0], spots[i][1],
					spots[i][2])), CARC_OK);
		pass(game);
	}
	ck_assert_int_eq(carc_game_is_over(game), 1);
	ck_assert_int_eq(carc_game_tile_count(game), 7);
	carc_game_free(game);
}
END_TEST

START_TEST(set_next_tile_swaps)
{
	/* Hand U, stack B V E; choosing V puts U where V was. */
	struct carc_game *game = make_scenario("UBVE", 0);

	ck_assert_int_eq(carc_game_remaining(game, CARC_TILE_V), 1);
	ck_assert_int_eq(carc_game_remaining(game, CARC_TILE_U), 0);
	assert_ok(carc_game_set_next_tile(game, CARC_TILE_V));
	ck_assert_int_eq(carc_game_current_tile(game), CARC_TILE_V);
	ck_assert_int_eq(carc_game_remaining(game, CARC_TILE_V), 0);
	ck_assert_int_eq(carc_game_remaining(game, CARC_TILE_U), 1);
	ck_assert_int_eq(carc_game_remaining_total(game), 3);
	/* Choosing the tile already in hand changes nothing. */
	assert_ok(carc_game_set_next_tile(game, CARC_TILE_V));
	ck_assert_int_eq(carc_game_current_tile(game), CARC_TILE_V);

	assert_ok(carc_game_apply(game, carc_move_place(1, 0, 0)));
	pass(game);
	ck_assert_int_eq(carc_game_current_tile(game), CARC_TILE_B);
	assert_ok(carc_game_apply(game, carc_move_place(0, 1, 0)));
	pass(game);
	ck_assert_int_eq(carc_game_current_tile(game), CARC_TILE_U);
	assert_ok(carc_game_apply(game, carc_move_place(-1, 0, 0)));
	pass(game);
	ck_assert_int_eq(carc_game_current_tile(game), CARC_TILE_E);
	carc_game_free(game);
}
END_TEST

START_TEST(set_draw_order_midgame)
{
	struct carc_game *game = make_scenario("UBVE", 0);
	uint32_t order[3] = { CARC_TILE_E, CARC_TILE_V, CARC_TILE_B };

	play(game, CARC_TILE_U, 1, 0, 0);
	pass(game);
	assert_ok(carc_game_set_draw_order(game, order, 3));
	ck_assert_int_eq(carc_game_current_tile(game), CARC_TILE_E);
	ck_assert_int_eq(carc_game_remaining_total(game), 2);
	assert_ok(carc_game_apply(game, carc_move_place(0, -1, 2)));
	pass(game);
	ck_assert_int_eq(carc_game_current_tile(game), CARC_TILE_V);
	assert_ok(carc_game_apply(game, carc_move_place(0, 1, 0)));
	pass(game);
	ck_assert_int_eq(carc_game_current_tile(game), CARC_TILE_B);
	carc_game_free(game);
}
END_TEST

/* carc_game_set_stack_order() at a deployment: the tile just placed
 * stays, the next draws follow the list. */
START_TEST(set_stack_order_at_deploy)
{
	struct carc_game *game = make_scenario("UBVE", 0);
	uint32_t order[3] = { CARC_TILE_E, CARC_TILE_B, CARC_TILE_V };
	uint32_t got[4] = { 0 };
	uint64_t h;

	play(game, CARC_TILE_U, 1, 0, 0);
	ck_assert_int_eq(carc_game_phase(game), CARC_PHASE_DEPLOY);
	h = carc_game_hash(game);
	/* no A is left; two E are not */
	order[0] = CARC_TILE_A;
	assert_status_eq(carc_game_set_stack_order(game, order, 3),
			 CARC_E_UNKNOWN_TILE);
	order[0] = CARC_TILE_E;
	order[1] = CARC_TILE_E;
	assert_status_eq(carc_game_set_stack_order(game, order, 3),
			 CARC_E_UNKNOWN_TILE);
	ck_assert_int_eq(carc_game_draw_order(game, got, 4), 4);
	ck_assert_int_eq(got[1], CARC_TILE_B);
	ck_assert_int_eq(got[2], CARC_TILE_V);
	ck_assert_int_eq(got[3], CARC_TILE_E);
	order[1] = CARC_TILE_B;
	assert_ok(carc_game_set_stack_order(game, order, 3));
	ck_assert_int_eq(carc_game_phase(game), CARC_PHASE_DEPLOY);
	ck_assert_int_eq(carc_game_current_tile(game), CARC_TILE_U);
	ck_assert_uint_eq(carc_game_hash(game), h);
	ck_assert_int_eq(carc_game_draw_order(game, got, 4), 4);
	ck_assert_int_eq(got[0], CARC_TILE_U);
	ck_assert_int_eq(got[1], CARC_TILE_E);
	ck_assert_int_eq(got[2], CARC_TILE_B);
	ck_assert_int_eq(got[3], CARC_TILE_V);
	pass(game);
	ck_assert_int_eq(carc_game_current_tile(game), CARC_TILE_E);
	/* at a placement the tile in hand is not part of the list */
	order[0] = CARC_TILE_V;
	order[1] = CARC_TILE_B;
	assert_ok(carc_game_set_stack_order(game, order, 2));
	ck_assert_int_eq(carc_game_current_tile(game), CARC_TILE_E);
	assert_ok(carc_game_apply(game, carc_move_place(0, -1, 2)));
	pass(game);
	ck_assert_int_eq(carc_game_current_tile(game), CARC_TILE_V);
	/* the last tile in hand: an empty stack, an empty list */
	assert_ok(carc_game_apply(game, carc_move_place(0, 1, 0)));
	pass(game);
	ck_assert_int_eq(carc_game_current_tile(game), CARC_TILE_B);
	ck_assert_int_eq(carc_game_remaining_total(game), 0);
	assert_ok(carc_game_set_stack_order(game, NULL, 0));
	assert_status_eq(carc_game_set_stack_order(game, order, 1),
			 CARC_E_INVALID);
	ck_assert_int_eq(carc_game_current_tile(game), CARC_TILE_B);
	carc_game_free(game);
}
END_TEST

/* The draw order of @g into @order (at most 256 tiles). */
static int
read_order(const struct carc_game *g, uint32_t *order)
{
	int n = carc_game_draw_order(g, order, 256);

	ck_assert_int_gt(n, 0);
	ck_assert_int_le(n, 256);
	return n;
}

/* Every bad call leaves @g as it was: hash and draw order. */
static void
stack_order_refused(struct carc_game *g)
{
	uint32_t before[256], after[256], list[256];
	int n = read_order(g, before), k = carc_game_drawn_count(g);
	int left = carc_game_remaining_total(g);
	uint64_t h = carc_game_hash(g);
	uint32_t absent = CARC_TILE_TYPES;

	ck_assert_int_eq(n - k, left);
	ck_assert_int_gt(left, 1);
	memcpy(list, before + k, (size_t)left * sizeof(*list));
	assert_status_eq(carc_game_set_stack_order(NULL, list, (size_t)left),
			 CARC_E_INVALID);
	assert_status_eq(carc_game_set_stack_order(g, NULL, (size_t)left),
			 CARC_E_INVALID);
	assert_status_eq(carc_game_set_stack_order(g, list, 0),
			 CARC_E_INVALID);
	assert_status_eq(carc_game_set_stack_order(g, list,
						   (size_t)left - 1),
			 CARC_E_INVALID);
	list[left] = list[0];
	assert_status_eq(carc_game_set_stack_order(g, list,
						   (size_t)left + 1),
			 CARC_E_INVALID);
	/* the tile in hand with the stack is the draw order's list */
	assert_status_eq(carc_game_set_stack_order(g, before + k - 1,
						   (size_t)left + 1),
			 CARC_E_INVALID);
	list[left - 1] = CARC_TILE_TYPES;
	assert_status_eq(carc_game_set_stack_order(g, list, (size_t)left),
			 CARC_E_UNKNOWN_TILE);
	list[left - 1] = UINT32_MAX;
	assert_status_eq(carc_game_set_stack_order(g, list, (size_t)left),
			 CARC_E_UNKNOWN_TILE);
	/* one tile of a type too many */
	for (int i = 1; i < left; i++)
		if (before[k + i] != before[k]) {
			memcpy(list, before + k, (size_t)left * sizeof(*list));
			list[0] = before[k + i];
			break;
		}
	ck_assert_uint_ne(list[0], before[k]);
	assert_status_eq(carc_game_set_stack_order(g, list, (size_t)left),
			 CARC_E_UNKNOWN_TILE);
	/* a type none of which is left (the tile in hand's, if so) */
	for (uint32_t t = 0; t < CARC_TILE_TYPES && absent == CARC_TILE_TYPES;
	     t++)
		if (carc_game_remaining(g, t) == 0)
			absent = t;
	if (absent < CARC_TILE_TYPES) {
		memcpy(list, before + k, (size_t)left * sizeof(*list));
		list[left - 1] = absent;
		assert_status_eq(carc_game_set_stack_order(g, list,
							   (size_t)left),
				 CARC_E_UNKNOWN_TILE);
	}

	ck_assert_uint_eq(carc_game_hash(g), h);
	ck_assert_int_eq(read_order(g, after), n);
	ck_assert_int_eq(carc_game_drawn_count(g), k);
	ck_assert_int_eq(memcmp(before, after, (size_t)n * sizeof(*after)),
			 0);
}

/* A game with the Phantom and both Crop Circles played with seeded
 * random moves until its phase is @phase; NULL if it ended first. */
static struct carc_game *
game_in_phase(int phase, uint64_t seed)
{
	struct carc_rules *rules = make_rules(NULL, CARC_OPT_PHANTOM, 1,
					      CARC_OPT_CROP_CIRCLES_I, 1,
					      CARC_OPT_CROP_CIRCLES_II, 1, 0);
	struct carc_game *g = make_game(rules, 3, seed);
	uint64_t rng = seed;

	carc_rules_unref(rules);
	/* a few turns first, so that tiles have been drawn */
	while (!carc_game_is_over(g) &&
	       (carc_game_phase(g) != phase ||
		carc_game_tile_count(g) < 6))
		assert_ok(carc_game_apply(g, pick(g, &rng)));
	if (carc_game_is_over(g)) {
		carc_game_free(g);
		return NULL;
	}
	return g;
}

/* At every decision point of a turn the stack takes the order given,
 * the rest of the game stays as it was, undo, clones and records keep
 * the order, and the tiles drawn from then on are the list's. */
START_TEST(set_stack_order_every_phase)
{
	static const int phases[] = {
		CARC_PHASE_PLACE_TILE, CARC_PHASE_DEPLOY, CARC_PHASE_PHANTOM,
		CARC_PHASE_CROP_CHOICE, CARC_PHASE_CROP_RESPONSE,
	};
	int phase = phases[_i];
	struct carc_game *g = NULL, *c;
	uint32_t before[256], after[256], list[256];
	carc_move_t mv_before[MAX_MOVES], mv_after[MAX_MOVES];
	int n, k, left, nm, events, player, tile, rc, j;
	uint64_t h, rng = 99, seed;
	char *text;

	for (seed = 1; seed < 50 && !g; seed++)
		g = game_in_phase(phase, seed);
	ck_assert_ptr_nonnull(g);
	stack_order_refused(g);

	n = read_order(g, before);
	k = carc_game_drawn_count(g);
	left = n - k;
	h = carc_game_hash(g);
	events = carc_game_event_count(g);
	player = carc_game_current_player(g);
	tile = carc_game_current_tile(g);
	nm = carc_game_legal_moves(g, mv_before, MAX_MOVES);
	/* the stack reversed */
	for (int i = 0; i < left; i++)
		list[i] = before[n - 1 - i];
	ck_assert_int_ne(memcmp(list, before + k,
				(size_t)left * sizeof(*list)), 0);
	assert_ok(carc_game_set_stack_order(g, list, (size_t)left));

	/* nothing but the order changed */
	ck_assert_int_eq(carc_game_phase(g), phase);
	ck_assert_uint_eq(carc_game_hash(g), h);
	ck_assert_int_eq(carc_game_event_count(g), events);
	ck_assert_int_eq(carc_game_current_player(g), player);
	ck_assert_int_eq(carc_game_current_tile(g), tile);
	ck_assert_int_eq(carc_game_drawn_count(g), k);
	ck_assert_int_eq(carc_game_remaining_total(g), left);
	ck_assert_int_eq(carc_game_legal_moves(g, mv_after, MAX_MOVES), nm);
	ck_assert_int_eq(memcmp(mv_before, mv_after,
				(size_t)nm * sizeof(*mv_after)), 0);
	ck_assert_int_eq(read_order(g, after), n);
	ck_assert_int_eq(memcmp(after, before, (size_t)k * sizeof(*after)),
			 0);
	ck_assert_int_eq(memcmp(after + k, list,
				(size_t)left * sizeof(*list)), 0);

	/* a clone and a saved record carry the order */
	assert_ok(carc_game_clone(g, &c));
	ck_assert_int_eq(read_order(c, after), n);
	ck_assert_int_eq(memcmp(after + k, list,
				(size_t)left * sizeof(*list)), 0);
	carc_game_free(c);
	rc = carc_game_save(g, NULL, 0);
	ck_assert_int_gt(rc, 0);
	text = malloc((size_t)rc + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_int_eq(carc_game_save(g, text, (size_t)rc + 1), rc);
	assert_ok(carc_game_load(text, (size_t)rc, &c, NULL, NULL, NULL, 0));
	free(text);
	ck_assert_uint_eq(carc_game_hash(c), h);
	ck_assert_int_eq(read_order(c, after), n);
	ck_assert_int_eq(memcmp(after + k, list,
				(size_t)left * sizeof(*list)), 0);
	carc_game_free(c);

	/* undo takes this turn's last move back and keeps the order; the
	 * move played again gives the same position */
	if (phase != CARC_PHASE_PLACE_TILE) {
		carc_move_t last;

		assert_ok(carc_game_history_at(g, (uint32_t)
					       carc_game_history_count(g) - 1,
					       &last));
		assert_ok(carc_game_clone(g, &c));
		assert_ok(carc_game_undo(c));
		ck_assert_int_eq(carc_game_drawn_count(c), k);
		ck_assert_int_eq(carc_game_current_tile(c), tile);
		ck_assert_uint_ne(carc_game_hash(c), h);
		ck_assert_int_eq(read_order(c, after), n);
		ck_assert_int_eq(memcmp(after + k, list,
					(size_t)left * sizeof(*list)), 0);
		assert_ok(carc_game_apply(c, last));
		ck_assert_uint_eq(carc_game_hash(c), h);
		ck_assert_int_eq(carc_game_phase(c), phase);
		ck_assert_int_eq(read_order(c, after), n);
		ck_assert_int_eq(memcmp(after + k, list,
					(size_t)left * sizeof(*list)), 0);
		carc_game_free(c);
	}

	/* the tiles drawn from now on: the list, in order, those that fit
	 * nowhere discarded */
	j = 0;
	while (!carc_game_is_over(g)) {
		int drawn, discards = carc_game_discard_count(g);

		assert_ok(carc_game_apply(g, pick(g, &rng)));
		drawn = carc_game_drawn_count(g) - k;
		if (drawn == j)
			continue;
		ck_assert_int_le(drawn, left);
		/* tiles j to drawn - 1 came off the stack: all discarded but
		 * the last, which is in hand unless the game is over */
		for (; j < drawn - 1; j++)
			ck_assert_int_eq(carc_game_discard_at(g, (uint32_t)
							      discards++),
					 list[j]);
		if (carc_game_is_over(g))
			ck_assert_int_eq(carc_game_discard_at(g, (uint32_t)
							      discards),
					 list[j]);
		else
			ck_assert_int_eq(carc_game_current_tile(g), list[j]);
		j++;
	}
	ck_assert_int_eq(j, left);
	ck_assert_int_eq(read_order(g, after), n);
	ck_assert_int_eq(memcmp(after + k, list,
				(size_t)left * sizeof(*list)), 0);

	/* over: nothing to order */
	assert_status_eq(carc_game_set_stack_order(g, NULL, 0),
			 CARC_E_GAME_OVER);
	assert_status_eq(carc_game_set_stack_order(g, list, 0),
			 CARC_E_GAME_OVER);
	assert_status_eq(carc_game_set_stack_order(g, list, 1),
			 CARC_E_GAME_OVER);
	assert_status_eq(carc_game_set_stack_order(g, NULL, 1),
			 CARC_E_INVALID);
	carc_game_free(g);
}
END_TEST

START_TEST(remaining_bookkeeping)
{
	struct carc_rules *rules = make_rules(NULL, 0);
	struct carc_game *game = make_game(rules, 2, 31337);
	uint64_t rng = 77;

	carc_rules_unref(rules);
	while (!carc_game_is_over(game)) {
		int seen[CARC_TILE_TYPES] = { 0 };
		int total = 0;

		/* Tiles on the board (minus the start tile), discarded and
		 * in hand, plus those left, make up the rules' stack. */
		for (int i = 1; i < carc_game_tile_count(game); i++) {
			uint32_t tt = 99;

			assert_ok(carc_game_tile_at(game, (uint32_t)i, NULL,
						    NULL, &tt, NULL));
			ck_assert_uint_lt(tt, CARC_TILE_TYPES);
			seen[tt]++;
		}
		for (int i = 0; i < carc_game_discard_count(game); i++)
			seen[carc_game_discard_at(game, (uint32_t)i)]++;
		if (carc_game_phase(game) == CARC_PHASE_PLACE_TILE)
			seen[carc_game_current_tile(game)]++;
		for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
			int left = carc_game_remaining(game, t);

			ck_assert_int_eq(left + seen[t],
					 carc_rules_tile_count(
						 carc_game_rules(game), t));
			total += left;
		}
		ck_assert_int_eq(total, carc_game_remaining_total(game));
		assert_ok(carc_game_apply(game, pick(game, &rng)));
	}
	ck_assert_int_eq(carc_game_remaining_total(game), 0);
	ck_assert_int_eq(carc_game_tile_count(game) +
			 carc_game_discard_count(game), 72);
	carc_game_free(game);
}
END_TEST

START_TEST(shuffle_keeps_multiset)
{
	struct carc_rules *rules = make_rules(NULL, 0);
	struct carc_game *a = make_game(rules, 2, 5);
	struct carc_game *b = NULL;
	int seq_a[80], seq_b[80];
	int na = 0, nb = 0;

	carc_rules_unref(rules);
	assert_ok(carc_game_clone(a, &b));
	assert_ok(carc_game_shuffle_stack(b, 6));
	ck_assert_uint_eq(carc_game_hash(a), carc_game_hash(b));
	/* Draw both stacks out by always playing the first move; the tiles
	 * seen are the same multiset in another order. */
	while (!carc_game_is_over(a)) {
		carc_move_t m;

		if (carc_game_phase(a) == CARC_PHASE_PLACE_TILE)
			seq_a[na++] = carc_game_current_tile(a);
		ck_assert_int_gt(carc_game_legal_moves(a, &m, 1), 0);
		assert_ok(carc_game_apply(a, m));
	}
	while (!carc_game_is_over(b)) {
		carc_move_t m;

		if (carc_game_phase(b) == CARC_PHASE_PLACE_TILE)
			seq_b[nb++] = carc_game_current_tile(b);
		ck_assert_int_gt(carc_game_legal_moves(b, &m, 1), 0);
		assert_ok(carc_game_apply(b, m));
	}
	{
		int ca[CARC_TILE_TYPES] = { 0 }, cb[CARC_TILE_TYPES] = { 0 };

		for (int i = 0; i < na; i++)
			ca[seq_a[i]]++;
		for (int i = 0; i < carc_game_discard_count(a); i++)
			ca[carc_game_discard_at(a, (uint32_t)i)]++;
		for (int i = 0; i < nb; i++)
			cb[seq_b[i]]++;
		for (int i = 0; i < carc_game_discard_count(b); i++)
			cb[carc_game_discard_at(b, (uint32_t)i)]++;
		ck_assert_mem_eq(ca, cb, sizeof(ca));
	}
	carc_game_free(a);
	carc_game_free(b);
}
END_TEST

/* ---- random self-play property test ------------------------------------ */

static void
random_game(uint64_t seed, int check_all_moves)
{
	struct carc_rules *rules = make_rules(NULL, 0);
	uint32_t players = 2 + (uint32_t)(seed % 5);
	struct carc_game *game = make_game(rules, players, seed);
	struct random_game r;
	int score[MAX_PLAYERS] = { 0 };
	int applies = 0;

	carc_rules_unref(rules);
	random_game_start(&r, game, seed);
	while (random_game_next(&r)) {
		int cur = carc_game_current_player(game);
		carc_move_t m;

		ck_assert(cur >= 0 && cur < (int)players);
		if (check_all_moves) {
			for (int i = 0; i < r.n; i++)
				ck_assert_int_eq(carc_game_is_legal(game,
								    r.moves[i]),
						 1);
		}
		m = random_game_pick(&r);
		ck_assert_int_eq(carc_game_is_legal(game, m), 1);
		assert_ok(carc_game_apply(game, m));
		applies++;

		for (uint32_t p = 0; p < players; p++) {
			int s = carc_game_score(game, p);
			int sup = carc_game_supply(game, p,
						   CARC_FIGURE_FOLLOWER);

			ck_assert_int_ge(s, score[p]);
			score[p] = s;
			ck_assert_int_ge(sup, 0);
			ck_assert_int_eq(sup + figures_on_board(game, p),
					 DEFAULT_FOLLOWERS);
		}
		ck_assert_int_lt(applies, 1000);
	}
	random_game_end(&r);
	ck_assert_int_eq(carc_game_phase(game), CARC_PHASE_GAME_OVER);
	ck_assert_int_eq(carc_game_remaining_total(game), 0);
	ck_assert_int_eq(carc_game_legal_moves(game, NULL, 0), 0);
	ck_assert_int_eq(carc_game_tile_count(game) +
			 carc_game_discard_count(game), 72);
	carc_game_free(game);
}

START_TEST(random_games)
{
	/* 200 games in 10 chunks; every listed move re-checked in the
	 * first game of each chunk.  Under valgrind (CARC_TEST_QUICK, set by
	 * the valgrind test setup) 2 games a chunk find the same memory
	 * errors in a tenth of the time. */
	int n = getenv("CARC_TEST_QUICK") != NULL ? 2 : 20;

	for (int i = 0; i < n; i++)
		random_game((uint64_t)_i * 20 + (uint64_t)i + 1, i == 0);
}
END_TEST

START_TEST(random_games_slow)
{
	for (int i = 0; i < 100; i++)
		random_game(100000 + (uint64_t)_i * 100 + (uint64_t)i, 1);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("game");
	TCase *tc;

	tc = tcase_create("determinism");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, same_seed_same_game);
	tcase_add_test(tc, different_seeds_differ);
	tcase_add_test(tc, hash_ignores_stack_order);
	tcase_add_test(tc, sort_stack_and_draw_counts);
	tcase_add_test(tc, hash_tracks_state);
	tcase_add_test(tc, hash_same_state_other_path);
	suite_add_tcase(s, tc);

	tc = tcase_create("stack");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, draw_order_followed);
	tcase_add_test(tc, set_next_tile_swaps);
	tcase_add_test(tc, set_draw_order_midgame);
	tcase_add_test(tc, set_stack_order_at_deploy);
	tcase_add_loop_test(tc, set_stack_order_every_phase, 0, 5);
	tcase_add_test(tc, remaining_bookkeeping);
	tcase_add_test(tc, shuffle_keeps_multiset);
	suite_add_tcase(s, tc);

	tc = tcase_create("random_games");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, random_games, 0, 10);
	suite_add_tcase(s, tc);

	/* Exhaustive variant, only when asked for (meson suite 'slow'). */
	if (getenv("CARC_TEST_SLOW") != NULL) {
		tc = tcase_create("random_games_slow");
		tcase_set_timeout(tc, 1200);
		tcase_add_loop_test(tc, random_games_slow, 0, 20);
		suite_add_tcase(s, tc);
	}

	return s;
}
