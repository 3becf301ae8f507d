/* SPDX-License-Identifier: MIT */
/*
 * Object lifetimes and the small contracts every handle follows: NULL
 * handles, releasing NULL, reference counts, clone and copy, version
 * and error strings.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include <carcassonne/carcassonne-version.h>

#include "test-common.h"

/* ---- version -------------------------------------------------------- */

START_TEST(version_matches_header)
{
	uint32_t v = carc_version_number();
	const char *str = carc_version_string();
	char buf[64];

	ck_assert_uint_eq(v, CARC_VERSION_NUMBER);
	ck_assert_ptr_nonnull(str);
	snprintf(buf, sizeof(buf), "%u.%u.%u", v / 10000, v / 100 % 100,
		 v % 100);
	ck_assert_str_eq(str, buf);
	ck_assert_ptr_eq(carc_version_string(), str);
#ifdef CARC_VERSION_STRING
	ck_assert_str_eq(str, CARC_VERSION_STRING);
#endif
#if defined(CARC_VERSION_MAJOR) && defined(CARC_VERSION_MINOR) && \
	defined(CARC_VERSION_MICRO)
	ck_assert_uint_eq(v, CARC_VERSION_MAJOR * 10000 +
			     CARC_VERSION_MINOR * 100 + CARC_VERSION_MICRO);
#endif
}
END_TEST

/* ---- strerror ------------------------------------------------------- */

START_TEST(strerror_every_code)
{
	const char *seen[17];

	for (int code = 0; code >= CARC_E_PARSE; code--) {
		const char *s = carc_strerror(code);

		ck_assert_ptr_nonnull(s);
		ck_assert_msg(strlen(s) > 0, "empty string for %d", code);
		ck_assert_msg(strcmp(s, "unknown error") != 0,
			      "code %d has no description", code);
		for (int j = 0; j < -code; j++)
			ck_assert_msg(strcmp(s, seen[j]) != 0,
				      "codes %d and %d share \"%s\"", code,
				      -j, s);
		seen[-code] = s;
	}
}
END_TEST

START_TEST(strerror_unknown_code)
{
	static const int unknown[] = { 1, 77, CARC_E_PARSE - 1, -100,
				       INT_MIN, INT_MAX };

	for (size_t i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++) {
		const char *s = carc_strerror(unknown[i]);

		ck_assert_ptr_nonnull(s);
		ck_assert_str_eq(s, "unknown error");
	}
}
END_TEST

START_TEST(error_numbers_frozen)
{
	ck_assert_int_eq(CARC_OK, 0);
	ck_assert_int_eq(CARC_E_INVALID, -1);
	ck_assert_int_eq(CARC_E_NOMEM, -2);
	ck_assert_int_eq(CARC_E_WRONG_PHASE, -3);
	ck_assert_int_eq(CARC_E_NOT_ADJACENT, -4);
	ck_assert_int_eq(CARC_E_EDGE_MISMATCH, -5);
	ck_assert_int_eq(CARC_E_POSITION_TAKEN, -6);
	ck_assert_int_eq(CARC_E_FEATURE_OCCUPIED, -7);
	ck_assert_int_eq(CARC_E_NO_MEEPLE, -8);
	ck_assert_int_eq(CARC_E_UNKNOWN_TILE, -9);
	ck_assert_int_eq(CARC_E_GAME_OVER, -10);
	ck_assert_int_eq(CARC_E_NO_FEATURE, -11);
	ck_assert_int_eq(CARC_E_WRONG_TILE, -12);
	ck_assert_int_eq(CARC_E_NOT_ALLOWED, -13);
	ck_assert_int_eq(CARC_E_UNKNOWN_OPTION, -14);
	ck_assert_int_eq(CARC_E_NOT_FOUND, -15);
	ck_assert_int_eq(CARC_E_PARSE, -16);
}
END_TEST

/* ---- releasing and NULL handles ------------------------------------- */

START_TEST(release_null)
{
	carc_rules_builder_free(NULL);
	carc_rules_unref(NULL);
	carc_game_free(NULL);
	ck_assert_ptr_null(carc_rules_ref(NULL));
}
END_TEST

START_TEST(game_new_errors)
{
	struct carc_rules *rules = make_rules(NULL, 0);
	struct carc_game *game = NULL;

	assert_status_eq(carc_game_new(NULL, 2, 1, &game), CARC_E_INVALID);
	assert_status_eq(carc_game_new(rules, 2, 1, NULL), CARC_E_INVALID);
	assert_status_eq(carc_game_new(rules, 0, 1, &game), CARC_E_INVALID);
	assert_status_eq(carc_game_new(rules, 1, 1, &game), CARC_E_INVALID);
	assert_status_eq(carc_game_new(rules, 7, 1, &game), CARC_E_INVALID);
	assert_status_eq(carc_game_new(rules, UINT32_MAX, 1, &game),
			 CARC_E_INVALID);
	ck_assert_ptr_null(game);

	for (uint32_t n = 2; n <= 6; n++) {
		assert_ok(carc_game_new(rules, n, 1, &game));
		ck_assert_int_eq(carc_game_player_count(game), (int)n);
		carc_game_free(game);
		game = NULL;
	}
	carc_rules_unref(rules);
}
END_TEST

START_TEST(game_null_queries)
{
	carc_move_t m;
	int32_t v;
	uint32_t u;

	assert_status_eq(carc_game_player_count(NULL), CARC_E_INVALID);
	assert_status_eq(carc_game_phase(NULL), CARC_E_INVALID);
	assert_status_eq(carc_game_is_over(NULL), CARC_E_INVALID);
	assert_status_eq(carc_game_current_player(NULL), CARC_E_INVALID);
	assert_status_eq(carc_game_current_tile(NULL), CARC_E_INVALID);
	assert_status_eq(carc_game_legal_moves(NULL, NULL, 0),
			 CARC_E_INVALID);
	assert_status_eq(carc_game_legal_moves(NULL, &m, 1), CARC_E_INVALID);
	assert_status_eq(carc_game_is_legal(NULL, carc_move_pass()),
			 CARC_E_INVALID);
	assert_status_eq(carc_game_apply(NULL, carc_move_pass()),
			 CARC_E_INVALID);
	assert_status_eq(carc_game_score(NULL, 0), CARC_E_INVALID);
	assert_status_eq(carc_game_supply(NULL, 0, CARC_FIGURE_FOLLOWER),
			 CARC_E_INVALID);
	ck_assert_uint_eq(carc_game_hash(NULL), 0);
	ck_assert_ptr_null(carc_game_rules(NULL));
	assert_status_eq(carc_game_remaining(NULL, 0), CARC_E_INVALID);
	assert_status_eq(carc_game_remaining_total(NULL), CARC_E_INVALID);
	assert_status_eq(carc_game_set_draw_order(NULL, &u, 1),
			 CARC_E_INVALID);
	assert_status_eq(carc_game_set_next_tile(NULL, 0), CARC_E_INVALID);
	assert_status_eq(carc_game_shuffle_stack(NULL, 1), CARC_E_INVALID);
	assert_status_eq(carc_game_discard_count(NULL), CARC_E_INVALID);
	assert_status_eq(carc_game_discard_at(NULL, 0), CARC_E_INVALID);
	assert_status_eq(carc_game_tile_count(NULL), CARC_E_INVALID);
	assert_status_eq(carc_game_tile_at(NULL, 0, NULL, NULL, NULL, NULL),
			 CARC_E_INVALID);
	assert_status_eq(carc_game_tile_find(NULL, 0, 0), CARC_E_INVALID);
	assert_status_eq(carc_game_figure_count(NULL), CARC_E_INVALID);
	assert_status_eq(carc_game_figure_at(NULL, 0, NULL, NULL, NULL, NULL,
					     NULL), CARC_E_INVALID);
	assert_status_eq(carc_game_feature_is_complete(NULL, 0, 0, CARC_C1),
			 CARC_E_INVALID);
	assert_status_eq(carc_game_feature_figures(NULL, 0, 0, CARC_C1, 0),
			 CARC_E_INVALID);
	assert_status_eq(carc_game_event_count(NULL), CARC_E_INVALID);
	assert_status_eq(carc_game_event_get(NULL, 0, CARC_EVENT_TYPE, &v),
			 CARC_E_INVALID);
	assert_status_eq(carc_game_clone(NULL, NULL), CARC_E_INVALID);
	assert_status_eq(carc_game_copy(NULL, NULL), CARC_E_INVALID);
}
END_TEST

/* ---- rules references ------------------------------------------------ */

START_TEST(rules_ref_returns_argument)
{
	struct carc_rules *rules = make_rules(NULL, 0);

	ck_assert_ptr_eq(carc_rules_ref(rules), rules);
	carc_rules_unref(rules);
	/* Still alive: one reference left. */
	ck_assert_int_eq(carc_rules_tile_count(rules, CARC_TILE_V), 9);
	carc_rules_unref(rules);
}
END_TEST

START_TEST(rules_released_before_game)
{
	struct carc_rules *rules = make_rules(NULL, CARC_OPT_FOLLOWERS, 5, 0);
	struct carc_game *game = make_game(rules, 2, 3);
	struct carc_game *other = make_game(rules, 3, 4);
	const struct carc_rules *held;
	int32_t v = 0;

	carc_rules_unref(rules);
	held = carc_game_rules(game);
	ck_assert_ptr_eq(held, rules);
	assert_ok(carc_rules_get(held, CARC_OPT_FOLLOWERS, &v));
	ck_assert_int_eq(v, 5);
	ck_assert_ptr_eq(carc_game_rules(other), held);
	carc_game_free(game);
	/* The second game still holds the rules. */
	assert_ok(carc_rules_get(carc_game_rules(other), CARC_OPT_FOLLOWERS,
				 &v));
	ck_assert_int_eq(v, 5);
	ck_assert_int_eq(carc_game_supply(other, 2, CARC_FIGURE_FOLLOWER), 5);
	carc_game_free(other);
}
END_TEST

START_TEST(rules_ref_from_game_outlives_game)
{
	struct carc_rules *rules = make_rules(NULL, CARC_OPT_SMALL_CITY, 1, 0);
	struct carc_game *game = make_game(rules, 2, 3);
	struct carc_rules *kept;
	int32_t v = 0;

	carc_rules_unref(rules);
	kept = carc_rules_ref((struct carc_rules *)carc_game_rules(game));
	carc_game_free(game);
	assert_ok(carc_rules_get(kept, CARC_OPT_SMALL_CITY, &v));
	ck_assert_int_eq(v, 1);
	carc_rules_unref(kept);
}
END_TEST

/* ---- a fresh game ---------------------------------------------------- */

START_TEST(game_initial_state)
{
	struct carc_rules *rules = make_rules(NULL, 0);
	struct carc_game *game = make_game(rules, 4, 11);
	int32_t x = 9, y = 9;
	uint32_t tile = 99, rot = 99;

	carc_rules_unref(rules);
	ck_assert_int_eq(carc_game_player_count(game), 4);
	ck_assert_int_eq(carc_game_phase(game), CARC_PHASE_PLACE_TILE);
	ck_assert_int_eq(carc_game_is_over(game), 0);
	ck_assert_int_eq(carc_game_current_player(game), 0);
	ck_assert_int_ge(carc_game_current_tile(game), 0);
	ck_assert_int_lt(carc_game_current_tile(game), CARC_TILE_TYPES);
	ck_assert_int_eq(carc_game_tile_count(game), 1);
	assert_ok(carc_game_tile_at(game, 0, &x, &y, &tile, &rot));
	ck_assert_int_eq(x, 0);
	ck_assert_int_eq(y, 0);
	ck_assert_uint_eq(tile, CARC_TILE_D);
	ck_assert_uint_eq(rot, 0);
	ck_assert_int_eq(carc_game_figure_count(game), 0);
	ck_assert_int_eq(carc_game_discard_count(game), 0);
	ck_assert_int_eq(carc_game_event_count(game), 0);
	ck_assert_int_eq(carc_game_remaining_total(game), 70);
	for (uint32_t p = 0; p < 4; p++) {
		ck_assert_int_eq(carc_game_score(game, p), 0);
		ck_assert_int_eq(carc_game_supply(game, p,
						  CARC_FIGURE_FOLLOWER), 7);
	}
	carc_game_free(game);
}
END_TEST

START_TEST(game_empty_stack_is_over)
{
	struct carc_game *game = make_scenario("", 0);
	carc_move_t m;

	ck_assert_int_eq(carc_game_is_over(game), 1);
	ck_assert_int_eq(carc_game_phase(game), CARC_PHASE_GAME_OVER);
	ck_assert_int_eq(carc_game_legal_moves(game, NULL, 0), 0);
	ck_assert_int_eq(carc_game_legal_moves(game, &m, 1), 0);
	assert_status_eq(carc_game_current_tile(game), CARC_E_GAME_OVER);
	ck_assert_int_eq(carc_game_remaining_total(game), 0);
	ck_assert_int_eq(carc_game_tile_count(game), 1);
	ck_assert_int_eq(carc_game_event_count(game), 0);
	ck_assert_int_eq(carc_game_score(game, 0), 0);
	ck_assert_int_eq(carc_game_score(game, 1), 0);
	carc_game_free(game);
}
END_TEST

/* ---- clone and copy -------------------------------------------------- */

static struct carc_game *cl_game;

static void
clone_setup(void)
{
	struct carc_rules *rules = make_rules(NULL, 0);

	cl_game = make_game(rules, 3, 2024);
	carc_rules_unref(rules);
	/* A few turns in, so the state is not trivial. */
	for (int i = 0; i < 9; i++) {
		carc_move_t moves[512];
		int n = carc_game_legal_moves(cl_game, moves, 512);

		ck_assert_int_gt(n, 0);
		assert_ok(carc_game_apply(cl_game, moves[(i * 7) % n]));
	}
}

static void
clone_teardown(void)
{
	carc_game_free(cl_game);
	cl_game = NULL;
}

static void
assert_same_game(const struct carc_game *a, const struct carc_game *b)
{
	carc_move_t ma[512], mb[512];
	int na = carc_game_legal_moves(a, ma, 512);
	int nb = carc_game_legal_moves(b, mb, 512);

	ck_assert_uint_eq(carc_game_hash(a), carc_game_hash(b));
	ck_assert_int_eq(na, nb);
	ck_assert_int_ge(na, 0);
	ck_assert_int_le(na, 512);
	ck_assert_mem_eq(ma, mb, (size_t)na * sizeof(ma[0]));
	ck_assert_int_eq(carc_game_phase(a), carc_game_phase(b));
	ck_assert_int_eq(carc_game_current_player(a),
			 carc_game_current_player(b));
	ck_assert_int_eq(carc_game_current_tile(a), carc_game_current_tile(b));
	ck_assert_int_eq(carc_game_tile_count(a), carc_game_tile_count(b));
	ck_assert_int_eq(carc_game_figure_count(a), carc_game_figure_count(b));
	ck_assert_int_eq(carc_game_remaining_total(a),
			 carc_game_remaining_total(b));
	for (uint32_t p = 0; p < (uint32_t)carc_game_player_count(a); p++)
		ck_assert_int_eq(carc_game_score(a, p), carc_game_score(b, p));
}

/* Play the same moves on both games and compare after each. */
static void
play_both(struct carc_game *a, struct carc_game *b, int turns)
{
	for (int i = 0; i < turns && !carc_game_is_over(a); i++) {
		carc_move_t moves[512];
		int n = carc_game_legal_moves(a, moves, 512);

		ck_assert_int_gt(n, 0);
		assert_ok(carc_game_apply(a, moves[n / 2]));
		assert_ok(carc_game_apply(b, moves[n / 2]));
		assert_same_game(a, b);
	}
}

START_TEST(clone_is_equal)
{
	struct carc_game *c = NULL;

	assert_ok(carc_game_clone(cl_game, &c));
	ck_assert_ptr_nonnull(c);
	ck_assert_ptr_eq(carc_game_rules(c), carc_game_rules(cl_game));
	assert_same_game(cl_game, c);
	play_both(cl_game, c, 12);
	carc_game_free(c);
}
END_TEST

START_TEST(clone_is_independent)
{
	struct carc_game *c = NULL;
	uint64_t h = carc_game_hash(cl_game);
	carc_move_t moves[512];
	int n;

	assert_ok(carc_game_clone(cl_game, &c));
	n = carc_game_legal_moves(c, moves, 512);
	ck_assert_int_gt(n, 0);
	assert_ok(carc_game_apply(c, moves[0]));
	ck_assert_uint_ne(carc_game_hash(c), h);
	ck_assert_uint_eq(carc_game_hash(cl_game), h);
	carc_game_free(c);
	/* The original still plays after its clone is gone. */
	ck_assert_int_gt(carc_game_legal_moves(cl_game, NULL, 0), 0);
}
END_TEST

START_TEST(clone_outlives_original)
{
	struct carc_game *c = NULL;
	uint64_t h = carc_game_hash(cl_game);

	assert_ok(carc_game_clone(cl_game, &c));
	carc_game_free(cl_game);
	cl_game = c;
	ck_assert_uint_eq(carc_game_hash(c), h);
	ck_assert_int_gt(carc_game_legal_moves(c, NULL, 0), 0);
}
END_TEST

START_TEST(clone_null_out)
{
	assert_status_eq(carc_game_clone(cl_game, NULL), CARC_E_INVALID);
}
END_TEST

START_TEST(copy_same_rules)
{
	struct carc_rules *rules = make_rules(NULL, 0);
	struct carc_game *dst = make_game(rules, 3, 1);

	carc_rules_unref(rules);
	assert_ok(carc_game_copy(dst, cl_game));
	assert_same_game(cl_game, dst);
	play_both(cl_game, dst, 10);
	carc_game_free(dst);
}
END_TEST

START_TEST(copy_other_rules_and_size)
{
	struct carc_rules *rules = make_rules("UUVB", CARC_OPT_FOLLOWERS, 2,
					      0);
	struct carc_game *dst = make_game(rules, 6, 1);

	carc_rules_unref(rules);
	assert_ok(carc_game_copy(dst, cl_game));
	ck_assert_ptr_eq(carc_game_rules(dst), carc_game_rules(cl_game));
	ck_assert_int_eq(carc_game_player_count(dst), 3);
	assert_same_game(cl_game, dst);
	play_both(cl_game, dst, 6);
	carc_game_free(dst);
}
END_TEST

/* A game's block depends on its number of players (events), so a copy
 * between player counts must resize the destination. */
START_TEST(copy_other_player_count)
{
	struct carc_rules *rules = make_rules(NULL, 0);
	struct carc_game *two = make_game(rules, 2, 5);
	struct carc_game *six = make_game(rules, 6, 5);
	int size;

	carc_rules_unref(rules);
	ck_assert_int_lt(carc_game_memory_size(two),
			 carc_game_memory_size(six));
	assert_ok(carc_game_copy(two, cl_game));
	ck_assert_int_eq(carc_game_player_count(two), 3);
	/* its arrays moved to a block of their own, the first one stays */
	ck_assert_int_gt(carc_game_memory_size(two),
			 carc_game_memory_size(cl_game));
	assert_same_game(cl_game, two);
	/* a smaller game fits in the block a six-player game has */
	size = carc_game_memory_size(six);
	assert_ok(carc_game_copy(six, cl_game));
	ck_assert_int_eq(carc_game_memory_size(six), size);
	assert_same_game(cl_game, six);
	play_both(cl_game, six, 200);
	ck_assert(carc_game_is_over(six));
	carc_game_free(six);
	carc_game_free(two);
}
END_TEST

/* Copies through three sizes: the destination's own block gives way to
 * a larger one, then to the block after its handle when the game fits
 * there again; each copy plays on like its source. */
START_TEST(copy_through_three_sizes)
{
	struct carc_rules *rules = make_rules(NULL, 0);
	struct carc_game *two = make_game(rules, 2, 5);
	struct carc_game *six = make_game(rules, 6, 5);
	struct carc_game *other = make_game(rules, 2, 9);
	struct carc_game *dst = make_game(rules, 2, 7);
	int size = carc_game_memory_size(dst);

	carc_rules_unref(rules);
	assert_ok(carc_game_copy(dst, cl_game));	/* three players */
	ck_assert_int_gt(carc_game_memory_size(dst), size);
	assert_same_game(cl_game, dst);
	assert_ok(carc_game_copy(dst, six));
	ck_assert_int_gt(carc_game_memory_size(dst),
			 carc_game_memory_size(six));
	assert_same_game(six, dst);
	play_both(six, dst, 8);
	assert_ok(carc_game_copy(dst, two));
	ck_assert_int_eq(carc_game_memory_size(dst), size);
	assert_same_game(two, dst);
	play_both(two, dst, 8);
	/* and again, from the block after the handle */
	assert_ok(carc_game_copy(dst, six));
	assert_same_game(six, dst);
	assert_ok(carc_game_copy(dst, other));
	ck_assert_int_eq(carc_game_memory_size(dst), size);
	assert_same_game(other, dst);
	play_both(other, dst, 8);
	carc_game_free(dst);
	carc_game_free(other);
	carc_game_free(six);
	carc_game_free(two);
}
END_TEST

START_TEST(copy_then_free_source)
{
	struct carc_game *src = NULL;
	struct carc_game *dst;
	struct carc_rules *rules = make_rules(NULL, 0);
	uint64_t h;

	dst = make_game(rules, 2, 77);
	carc_rules_unref(rules);
	assert_ok(carc_game_clone(cl_game, &src));
	h = carc_game_hash(src);
	assert_ok(carc_game_copy(dst, src));
	carc_game_free(src);
	ck_assert_uint_eq(carc_game_hash(dst), h);
	assert_same_game(cl_game, dst);
	carc_game_free(dst);
}
END_TEST

START_TEST(copy_null)
{
	assert_status_eq(carc_game_copy(NULL, cl_game), CARC_E_INVALID);
	assert_status_eq(carc_game_copy(cl_game, NULL), CARC_E_INVALID);
}
END_TEST

/* A game's memory follows the size of its stack, and a clone's equals
 * its source's. */
START_TEST(memory_size_follows_stack)
{
	struct carc_rules_builder *b;
	struct carc_rules *small, *big;
	struct carc_game *g1, *g2, *c;

	assert_status_eq(carc_rules_builder_new(&b), CARC_OK);
	assert_status_eq(carc_rules_builder_build(b, &small), CARC_OK);
	assert_status_eq(carc_rules_builder_set_tile_count(b, CARC_TILE_U,
							   800), CARC_OK);
	assert_status_eq(carc_rules_builder_build(b, &big), CARC_OK);
	carc_rules_builder_free(b);
	assert_status_eq(carc_game_new(small, 2, 1, &g1), CARC_OK);
	assert_status_eq(carc_game_new(big, 2, 1, &g2), CARC_OK);
	assert_status_eq(carc_game_clone(g1, &c), CARC_OK);
	ck_assert_int_gt(carc_game_memory_size(g1), 1000);
	ck_assert_int_gt(carc_game_memory_size(g2),
			 2 * carc_game_memory_size(g1));
	ck_assert_int_eq(carc_game_memory_size(c), carc_game_memory_size(g1));
	assert_status_eq(carc_game_memory_size(NULL), CARC_E_INVALID);
	carc_game_free(c);
	carc_game_free(g2);
	carc_game_free(g1);
	carc_rules_unref(big);
	carc_rules_unref(small);
}
END_TEST

/* A small game for bots that clone it: a two-player game fits in 8 KB, in the base game and with
 * all three expansions (twelve more tiles, the phantom step, crop-circle
 * rounds in the history). */
START_TEST(memory_size_two_players)
{
	struct carc_rules *base = make_rules(NULL, 0);
	struct carc_rules *all = make_rules(
		NULL, CARC_OPT_PHANTOM, 1, CARC_OPT_CROP_CIRCLES_I, 1,
		CARC_OPT_CROP_CIRCLES_II, 1, CARC_OPT_LITTLE_BUILDINGS, 1, 0);
	struct carc_game *g = make_game(base, 2, 1);
	struct carc_game *h = make_game(all, 2, 1);

	ck_assert_int_le(carc_game_memory_size(g), 8192);
	ck_assert_int_le(carc_game_memory_size(h), 8192);
	ck_assert_int_gt(carc_game_memory_size(h), carc_game_memory_size(g));
	carc_game_free(h);
	carc_game_free(g);
	carc_rules_unref(all);
	carc_rules_unref(base);
}
END_TEST

/* A bot's search over all six expansions together (137 tiles, 508
 * feature pieces) keeps a two-player game in 12 KB. */
START_TEST(memory_size_six_expansions)
{
	struct carc_rules *six = make_rules(
		NULL, CARC_OPT_PHANTOM, 1, CARC_OPT_CROP_CIRCLES_I, 1,
		CARC_OPT_CROP_CIRCLES_II, 1, CARC_OPT_LITTLE_BUILDINGS, 1,
		CARC_OPT_INNS_CATHEDRALS, 1, CARC_OPT_TRADERS_BUILDERS, 1,
		CARC_OPT_RIVER, 1, 0);
	struct carc_game *g = make_game(six, 2, 1);

	ck_assert_int_le(carc_game_memory_size(g), 12288);
	carc_game_free(g);
	carc_rules_unref(six);
}
END_TEST

/* The history keeps moves packed: every move applied in a whole game
 * with every expansion comes back exactly, crop-circle responses and
 * buildings included. */
START_TEST(history_returns_every_move)
{
	struct carc_rules *rules = make_rules(
		NULL, CARC_OPT_PHANTOM, 1, CARC_OPT_CROP_CIRCLES_I, 1,
		CARC_OPT_CROP_CIRCLES_II, 1, CARC_OPT_LITTLE_BUILDINGS, 1, 0);
	carc_move_t applied[2048], got;
	uint32_t kinds = 0;
	int n_applied = 0;

	for (uint64_t seed = 1; seed <= 6; seed++) {
		struct carc_game *g = make_game(rules, 2 + seed % 5, seed);
		struct random_game r;

		n_applied = 0;
		random_game_start(&r, g, seed);
		while (random_game_next(&r)) {
			applied[n_applied] = random_game_play(&r);
			kinds |= 1u << carc_move_kind(applied[n_applied]);
			n_applied++;
			ck_assert_int_lt(n_applied, 2048);
		}
		random_game_end(&r);
		ck_assert_int_eq(carc_game_history_count(g), n_applied);
		for (int i = 0; i < n_applied; i++) {
			assert_ok(carc_game_history_at(g, (uint32_t)i, &got));
			ck_assert_uint_eq(got, applied[i]);
		}
		carc_game_free(g);
	}
	/* every kind of move was seen */
	ck_assert_uint_eq(kinds, 1u << CARC_MOVE_PLACE | 1u << CARC_MOVE_DEPLOY |
				 1u << CARC_MOVE_PASS |
				 1u << CARC_MOVE_CROP_CHOICE |
				 1u << CARC_MOVE_REMOVE);
	carc_rules_unref(rules);
}
END_TEST

/* The longest stack the library accepts (4000 tiles, every type, every
 * expansion) plays to its end, and its history, whose entries keep a
 * tile index in 12 bits and a feature as its index on that tile, gives
 * back every move; the last placements name tiles past index 3000. */
START_TEST(longest_stack_plays_to_the_end)
{
	struct carc_rules_builder *b = NULL;
	struct carc_rules *rules = NULL;
	struct carc_game *g;
	carc_move_t *applied, moves[1024], got;
	uint64_t rng = 7;
	int n_applied = 0, cap = 20000, placed = 0;

	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_PHANTOM, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_I, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_II, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_LITTLE_BUILDINGS, 1));
	/* 111 of each type and 4 more U: 4000 */
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		assert_ok(carc_rules_builder_set_tile_count(
			b, t, t == CARC_TILE_U ? 115 : 111));
	assert_ok(carc_rules_builder_build(b, &rules));
	carc_rules_builder_free(b);
	g = make_game(rules, 2, 3);
	applied = malloc((size_t)cap * sizeof(*applied));
	ck_assert_ptr_nonnull(applied);

	while (!carc_game_is_over(g)) {
		int n = carc_game_legal_moves(g, moves, 1024);

		ck_assert_int_gt(n, 0);
		ck_assert_int_le(n, 1024);
		rng = rng * 6364136223846793005ull + 1442695040888963407ull;
		applied[n_applied] = moves[(rng >> 33) % (uint64_t)n];
		placed += carc_move_kind(applied[n_applied]) == CARC_MOVE_PLACE;
		assert_ok(carc_game_apply(g, applied[n_applied]));
		n_applied++;
		ck_assert_int_lt(n_applied, cap);
	}
	/* nearly every tile placed (a few may fit nowhere) */
	ck_assert_int_gt(placed, 3000);
	ck_assert_int_eq(placed + carc_game_discard_count(g), 4000);
	ck_assert_int_eq(carc_game_history_count(g), n_applied);
	for (int i = 0; i < n_applied; i++) {
		assert_ok(carc_game_history_at(g, (uint32_t)i, &got));
		ck_assert_uint_eq(got, applied[i]);
	}
	free(applied);
	carc_game_free(g);
	carc_rules_unref(rules);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("lifecycle");
	TCase *tc;

	tc = tcase_create("version");
	tcase_add_test(tc, version_matches_header);
	suite_add_tcase(s, tc);

	tc = tcase_create("strerror");
	tcase_add_test(tc, strerror_every_code);
	tcase_add_test(tc, strerror_unknown_code);
	tcase_add_test(tc, error_numbers_frozen);
	suite_add_tcase(s, tc);

	tc = tcase_create("null_handles");
	tcase_add_test(tc, release_null);
	tcase_add_test(tc, game_new_errors);
	tcase_add_test(tc, game_null_queries);
	tcase_add_test(tc, memory_size_follows_stack);
	tcase_add_test(tc, memory_size_two_players);
	tcase_add_test(tc, memory_size_six_expansions);
	tcase_add_test(tc, longest_stack_plays_to_the_end);
	tcase_add_test(tc, history_returns_every_move);
	suite_add_tcase(s, tc);

	tc = tcase_create("rules_refcount");
	tcase_add_test(tc, rules_ref_returns_argument);
	tcase_add_test(tc, rules_released_before_game);
	tcase_add_test(tc, rules_ref_from_game_outlives_game);
	suite_add_tcase(s, tc);

	tc = tcase_create("new_game");
	tcase_add_test(tc, game_initial_state);
	tcase_add_test(tc, game_empty_stack_is_over);
	suite_add_tcase(s, tc);

	tc = tcase_create("clone_copy");
	tcase_add_checked_fixture(tc, clone_setup, clone_teardown);
	tcase_add_test(tc, clone_is_equal);
	tcase_add_test(tc, clone_is_independent);
	tcase_add_test(tc, clone_outlives_original);
	tcase_add_test(tc, clone_null_out);
	tcase_add_test(tc, copy_same_rules);
	tcase_add_test(tc, copy_other_rules_and_size);
	tcase_add_test(tc, copy_other_player_count);
	tcase_add_test(tc, copy_through_three_sizes);
	tcase_add_test(tc, copy_then_free_source);
	tcase_add_test(tc, copy_null);
	suite_add_tcase(s, tc);

	return s;
}
