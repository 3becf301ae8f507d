/* SPDX-License-Identifier: MIT */
/*
 * The learning interface (include/carcassonne/learn.h, doc/observation.md):
 * the action layout, action <-> move round trips and masks over random
 * positions of every expansion and player count, observations of
 * hand-built positions, batched stepping, carc_game_reset(), and bad
 * arguments.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include <carcassonne/learn.h>

#include "test-common.h"

#define W CARC_LEARN_WINDOW_DEFAULT

/* Assertions for the inner loops: Check's ck_assert*() write a mark to
 * a pipe on every success, which would cost more than the calls tested;
 * these report only failures. */
#define REQUIRE(expr_)                                                     \
	do {                                                               \
		if (!(expr_))                                              \
			ck_abort_msg("%s:%d: %s", __FILE__, __LINE__, #expr_); \
	} while (0)
#define REQUIRE_RC(got_, want_)                                            \
	do {                                                               \
		int g__ = (int)(got_), w__ = (int)(want_);                 \
		if (g__ != w__)                                            \
			ck_abort_msg("%s:%d: %s: got %d (%s), want %d",    \
				     __FILE__, __LINE__, #got_, g__,       \
				     carc_strerror(g__), w__);             \
	} while (0)

static uint64_t
rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* The rule sets of the round-trip tests: base, each expansion, all. */
static struct carc_rules *
config_rules(int config)
{
	switch (config) {
	case 0:
		return make_rules(NULL, 0);
	case 1:
		return make_rules(NULL, CARC_OPT_PHANTOM, 1, 0);
	case 2:
		return make_rules(NULL, CARC_OPT_CROP_CIRCLES_I, 1,
				  CARC_OPT_CROP_CIRCLES_II, 1, 0);
	case 3:
		return make_rules(NULL, CARC_OPT_LITTLE_BUILDINGS, 1, 0);
	case 4:
		return make_rules(NULL, CARC_OPT_PHANTOM, 1,
				  CARC_OPT_CROP_CIRCLES_I, 1,
				  CARC_OPT_CROP_CIRCLES_II, 1,
				  CARC_OPT_LITTLE_BUILDINGS, 1, 0);
	default:	/* all, with the crop variants that widen responses */
		return make_rules(NULL, CARC_OPT_PHANTOM, 1,
				  CARC_OPT_CROP_CIRCLES_I, 1,
				  CARC_OPT_CROP_CIRCLES_II, 1,
				  CARC_OPT_LITTLE_BUILDINGS, 1,
				  CARC_OPT_CROP_DEPLOY_ANY, 1, 0);
	}
}

static struct carc_learn *
make_learn(const struct carc_rules *rules, uint32_t players, uint32_t window)
{
	struct carc_learn_options o = { sizeof(o), window, 0 };
	struct carc_learn *l = NULL;

	assert_ok(carc_learn_new(rules, players, &o, &l));
	ck_assert_ptr_nonnull(l);
	return l;
}

static struct carc_learn_shape
shape_of(const struct carc_learn *l)
{
	struct carc_learn_shape s;

	memset(&s, 0, sizeof(s));
	s.size = sizeof(s);
	assert_ok(carc_learn_shape(l, &s));
	return s;
}

#define REQUIRE_EQ(a_, b_) REQUIRE((a_) == (b_))
#define REQUIRE_GT(a_, b_) REQUIRE((a_) > (b_))
#define REQUIRE_GE(a_, b_) REQUIRE((a_) >= (b_))
#define REQUIRE_OK(expr_) REQUIRE_RC((expr_), CARC_OK)

/* ---- shapes ---------------------------------------------------------- */

START_TEST(shape_base_game)
{
	struct carc_rules *r = make_rules(NULL, 0);
	struct carc_learn *l = make_learn(r, 2, 0);
	struct carc_learn_shape s = shape_of(l);

	ck_assert_uint_eq(s.players, 2);
	ck_assert_uint_eq(s.window, 25);
	ck_assert_uint_eq(s.features_per_tile, 8);	/* X: 4 roads, 4 fields */
	ck_assert_uint_eq(s.place_first, 0);
	ck_assert_uint_eq(s.place_count, 25 * 25 * 4);
	ck_assert_uint_eq(s.follower_first, 2500);
	ck_assert_uint_eq(s.follower_count, 8);
	ck_assert_uint_eq(s.phantom_first, 2508);
	ck_assert_uint_eq(s.phantom_count, 0);
	ck_assert_uint_eq(s.build_count, 0);
	ck_assert_uint_eq(s.pass_first, 2508);
	ck_assert_uint_eq(s.pass_count, 1);
	ck_assert_uint_eq(s.crop_choice_count, 0);
	ck_assert_uint_eq(s.crop_response_count, 0);
	ck_assert_uint_eq(s.fallback_first, 2509);
	ck_assert_uint_eq(s.fallback_count, 1);
	ck_assert_uint_eq(s.n_actions, 2510);
	ck_assert_uint_eq(s.n_planes, 33 + 2 * 6);
	ck_assert_uint_eq(s.vector_length, 160);
	ck_assert_uint_eq(s.mask_dtype, CARC_LEARN_UINT8);
	ck_assert_uint_eq(s.plane_dtype, CARC_LEARN_UINT8);
	ck_assert_uint_eq(s.vector_dtype, CARC_LEARN_INT32);
	ck_assert_uint_eq(s.reward_dtype, CARC_LEARN_INT32);
	carc_learn_free(l);
	carc_rules_unref(r);
}
END_TEST

START_TEST(shape_all_expansions)
{
	struct carc_rules *r = config_rules(4);
	struct carc_learn *l = make_learn(r, 5, 7);
	struct carc_learn_shape s = shape_of(l);
	uint32_t k = s.features_per_tile;

	ck_assert_uint_eq(s.window, 7);
	ck_assert_uint_eq(k, 8);
	ck_assert_uint_eq(s.place_count, 49 * 4);
	ck_assert_uint_eq(s.follower_first, 196);
	ck_assert_uint_eq(s.phantom_first, 196 + k);
	ck_assert_uint_eq(s.phantom_count, k);
	ck_assert_uint_eq(s.build_first, 196 + 2 * k);
	ck_assert_uint_eq(s.build_count, 3);
	ck_assert_uint_eq(s.pass_first, 196 + 2 * k + 3);
	ck_assert_uint_eq(s.crop_choice_first, 196 + 2 * k + 4);
	ck_assert_uint_eq(s.crop_choice_count, 2);
	ck_assert_uint_eq(s.crop_response_first, 196 + 2 * k + 6);
	ck_assert_uint_eq(s.crop_response_count, 49 * k * 2);
	ck_assert_uint_eq(s.fallback_first, 196 + 2 * k + 6 + 49 * k * 2);
	ck_assert_uint_eq(s.n_actions, s.fallback_first + 1);
	ck_assert_uint_eq(s.n_planes, 33 + 5 * 6);
	carc_learn_free(l);
	carc_rules_unref(r);
}
END_TEST

/* ---- round trips and masks over random positions -------------------- */

struct tally {
	uint64_t positions, moves, outside, fallbacks;
};

/* Check every legal move of @g and the mask against each other. */
static void
check_position(struct carc_learn *l, const struct carc_learn_shape *s,
	       const struct carc_game *g, carc_move_t *moves, uint8_t *mask,
	       uint8_t *want, struct tally *t)
{
	int n = carc_game_legal_moves(g, moves, 40000), set;
	uint32_t inside = 0;

	REQUIRE(n >= 1);
	memset(want, 0, s->n_actions);
	for (int i = 0; i < n; i++) {
		uint32_t a = 0xdeadbeef;
		carc_move_t back = 0;
		int rc = carc_learn_move_to_action(l, g, moves[i], &a);

		if (rc == CARC_E_NOT_FOUND) {
			/* only a board position outside the window */
			uint32_t kind = carc_move_kind(moves[i]);
			int32_t x0, y0, x = carc_move_x(moves[i]),
					y = carc_move_y(moves[i]);

			REQUIRE(kind == CARC_MOVE_PLACE || kind == CARC_MOVE_DEPLOY ||
				kind == CARC_MOVE_REMOVE);
			REQUIRE_RC(carc_learn_window(l, g, &x0, &y0), CARC_OK);
			REQUIRE(x < x0 || y < y0 || x >= x0 + (int32_t)s->window ||
				  y >= y0 + (int32_t)s->window);
			t->outside++;
			continue;
		}
		REQUIRE_RC(rc, CARC_OK);
		REQUIRE(a < s->fallback_first);
		REQUIRE(!want[a]);	/* no two moves share an action */
		want[a] = 1;
		inside++;
		REQUIRE_RC(carc_learn_action_to_move(l, g, a, &back), CARC_OK);
		REQUIRE(back == moves[i]);
	}
	if (inside == 0) {
		carc_move_t m = 0;

		want[s->fallback_first] = 1;
		REQUIRE_RC(carc_learn_action_to_move(l, g, s->fallback_first,
						     &m), CARC_OK);
		REQUIRE(m == moves[0]);
		t->fallbacks++;
	} else {
		carc_move_t m;

		REQUIRE_RC(carc_learn_action_to_move(l, g, s->fallback_first,
						     &m), CARC_E_NOT_FOUND);
	}
	memset(mask, 0xaa, s->n_actions);
	set = carc_learn_mask(l, g, mask, s->n_actions);
	REQUIRE(set == (inside ? (int)inside : 1));
	REQUIRE(memcmp(mask, want, s->n_actions) == 0);
	t->positions++;
	t->moves += (uint64_t)n;
}

/* Play random games of every rule set and player count, checking each
 * position, until @positions are checked; return the tally. */
static struct tally
round_trips(uint32_t window, uint64_t positions)
{
	carc_move_t *moves = malloc(40000 * sizeof(*moves));
	struct tally t = { 0, 0, 0, 0 };
	uint64_t rng = 12345;
	uint8_t *mask = NULL, *want = NULL;

	ck_assert_ptr_nonnull(moves);
	for (uint32_t game = 0; t.positions < positions; game++) {
		int config = (int)(game % 6);
		uint32_t players = 2 + game / 6 % 5;
		struct carc_rules *r = config_rules(config);
		struct carc_learn *l = make_learn(r, players, window);
		struct carc_learn_shape s = shape_of(l);
		struct carc_game *g = make_game(r, players, 1000 + game);

		mask = realloc(mask, s.n_actions);
		want = realloc(want, s.n_actions);
		ck_assert(mask && want);
		while (!carc_game_is_over(g) && t.positions < positions) {
			int n;

			check_position(l, &s, g, moves, mask, want, &t);
			n = carc_game_legal_moves(g, moves, 40000);
			REQUIRE_RC(carc_game_apply(
				g, moves[rng_next(&rng) % (uint64_t)n]), CARC_OK);
		}
		if (carc_game_is_over(g)) {
			carc_move_t m;

			ck_assert_int_eq(carc_learn_mask(l, g, mask,
							 s.n_actions),
					 0);
			for (uint32_t a = 0; a < s.n_actions; a++)
				REQUIRE(mask[a] == 0);
			assert_status_eq(carc_learn_action_to_move(l, g, 0, &m),
					 CARC_E_GAME_OVER);
		}
		carc_game_free(g);
		carc_learn_free(l);
		carc_rules_unref(r);
	}
	free(mask);
	free(want);
	free(moves);
	return t;
}

START_TEST(round_trip_10000_positions)
{
	struct tally t = round_trips(0, 10000);

	printf("learn: %llu positions, %llu legal moves, %llu outside the "
	       "window, %llu fallbacks (window %u)\n",
	       (unsigned long long)t.positions, (unsigned long long)t.moves,
	       (unsigned long long)t.outside,
	       (unsigned long long)t.fallbacks, W);
	ck_assert_uint_eq(t.positions, 10000);
	/* the measured reach of random games stays inside 25 x 25 */
	ck_assert_uint_eq(t.outside, 0);
	ck_assert_uint_eq(t.fallbacks, 0);
}
END_TEST

/* A 3 x 3 window leaves most placements outside: the fallback and the
 * NOT_FOUND answers get exercised. */
START_TEST(round_trip_small_window)
{
	struct tally t = round_trips(3, 2000);

	printf("learn: window 3: %llu positions, %llu legal moves, %llu "
	       "outside, %llu fallbacks\n",
	       (unsigned long long)t.positions, (unsigned long long)t.moves,
	       (unsigned long long)t.outside,
	       (unsigned long long)t.fallbacks);
	ck_assert_uint_gt(t.outside, 0);
	ck_assert_uint_gt(t.fallbacks, 0);
}
END_TEST

/* ---- carc_game_reset ------------------------------------------------- */

START_TEST(reset_equals_new)
{
	struct carc_rules *r = config_rules(4);
	carc_move_t moves[600];

	for (uint32_t players = 2; players <= 6; players++) {
		struct carc_game *g = make_game(r, players, 5);
		struct carc_game *fresh = make_game(r, players, 77);
		uint32_t a[200], b[200];
		int n;

		for (int i = 0; i < 30; i++) {
			n = carc_game_legal_moves(g, moves, 600);
			REQUIRE_OK(carc_game_apply(g, moves[i % n]));
		}
		REQUIRE_OK(carc_game_reset(g, 77));
		REQUIRE(carc_game_hash(g) == carc_game_hash(fresh));
		REQUIRE_EQ(carc_game_draw_order(g, a, 200),
				 carc_game_draw_order(fresh, b, 200));
		REQUIRE(memcmp(a, b, sizeof(uint32_t) *
				 (size_t)carc_game_draw_order(g, NULL, 0)) == 0);
		REQUIRE_EQ(carc_game_history_count(g), 0);
		REQUIRE_EQ(carc_game_tile_count(g), 1);
		REQUIRE_EQ(carc_game_figure_count(g), 0);
		REQUIRE_EQ(carc_game_discard_count(g), 0);
		/* and it plays the same game */
		while (!carc_game_is_over(g)) {
			n = carc_game_legal_moves(g, moves, 600);
			REQUIRE_EQ(n, carc_game_legal_moves(fresh, NULL, 0));
			REQUIRE_OK(carc_game_apply(g, moves[n / 2]));
			REQUIRE_OK(carc_game_apply(fresh, moves[n / 2]));
			REQUIRE(carc_game_hash(g) == carc_game_hash(fresh));
		}
		assert_status_eq(carc_game_reset(NULL, 1), CARC_E_INVALID);
		carc_game_free(g);
		carc_game_free(fresh);
	}
	carc_rules_unref(r);
}
END_TEST

/* ---- batched stepping ------------------------------------------------ */

/* Step 8 games with random legal actions to their ends and beyond
 * (auto-reset), checking rewards against the scores and the outputs
 * against the single-game calls. */
START_TEST(step_batch_matches_single_calls)
{
	enum { N = 8 };
	struct carc_rules *r = config_rules(4);
	struct carc_learn *l = make_learn(r, 3, 0);
	struct carc_learn_shape s = shape_of(l);
	struct carc_game *games[N], *shadow[N];
	size_t plane_bytes = (size_t)s.n_planes * s.window * s.window;
	uint8_t *masks = malloc(N * s.n_actions), *planes = malloc(N * plane_bytes);
	uint8_t *one_mask = malloc(s.n_actions), *one_planes = malloc(plane_bytes);
	int32_t vectors[N][CARC_LEARN_VEC_LENGTH], one_vec[CARC_LEARN_VEC_LENGTH];
	int32_t rewards[N][3], finals[N][3];
	uint32_t to_move[N], actions[N];
	uint64_t seeds[N], rng = 99;
	uint8_t done[N];
	struct carc_learn_batch b;
	int ended_total = 0;

	REQUIRE(masks && planes && one_mask && one_planes);
	for (int i = 0; i < N; i++) {
		games[i] = make_game(r, 3, 500 + (uint64_t)i);
		shadow[i] = make_game(r, 3, 500 + (uint64_t)i);
	}
	memset(&b, 0, sizeof(b));
	b.size = sizeof(b);
	b.flags = CARC_LEARN_AUTO_RESET;
	b.reset_seeds = seeds;
	b.rewards = &rewards[0][0];
	b.done = done;
	b.final_scores = &finals[0][0];
	b.to_move = to_move;
	b.masks = masks;
	b.planes = planes;
	b.vectors = &vectors[0][0];
	REQUIRE_OK(carc_learn_observe_batch(l, (const struct carc_game *const *)games,
					   N, &b));
	for (int step = 0; step < 400; step++) {
		int ended;

		for (int i = 0; i < N; i++) {
			uint32_t legal[4096], n = 0;

			for (uint32_t a = 0; a < s.n_actions; a++)
				if (masks[(size_t)i * s.n_actions + a])
					legal[n++] = a;
			REQUIRE_GT(n, 0);
			actions[i] = legal[rng_next(&rng) % n];
			seeds[i] = 7000 + (uint64_t)step * N + (uint64_t)i;
		}
		ended = carc_learn_step_batch(l, games, N, actions, &b);
		REQUIRE_GE(ended, 0);
		for (int i = 0; i < N; i++) {
			int32_t before[3];
			carc_move_t m;

			for (uint32_t p = 0; p < 3; p++)
				before[p] = carc_game_score(shadow[i], p);
			REQUIRE_OK(carc_learn_action_to_move(l, shadow[i],
							    actions[i], &m));
			REQUIRE_OK(carc_game_apply(shadow[i], m));
			for (uint32_t p = 0; p < 3; p++)
				REQUIRE_EQ(rewards[i][p],
						 carc_game_score(shadow[i], p) -
							 before[p]);
			REQUIRE_EQ(done[i], carc_game_is_over(shadow[i]));
			if (done[i]) {
				ended--;
				ended_total++;
				for (uint32_t p = 0; p < 3; p++)
					REQUIRE_EQ(finals[i][p],
							 carc_game_score(shadow[i], p));
				REQUIRE_OK(carc_game_reset(shadow[i], seeds[i]));
			} else {
				for (uint32_t p = 0; p < 3; p++)
					REQUIRE_EQ(finals[i][p], 0);
			}
			REQUIRE(carc_game_hash(shadow[i]) ==
				  carc_game_hash(games[i]));
			REQUIRE_EQ(to_move[i], (uint32_t)
					  carc_game_current_player(shadow[i]));
			carc_learn_mask(l, shadow[i], one_mask, s.n_actions);
			REQUIRE(memcmp(one_mask, masks + (size_t)i * s.n_actions,
					 s.n_actions) == 0);
			REQUIRE_OK(carc_learn_observe(l, shadow[i],
						     CARC_LEARN_TO_MOVE,
						     one_planes, plane_bytes,
						     one_vec,
						     CARC_LEARN_VEC_LENGTH));
			REQUIRE(memcmp(one_planes, planes + (size_t)i * plane_bytes,
					 plane_bytes) == 0);
			REQUIRE(memcmp(one_vec, vectors[i], sizeof(one_vec)) == 0);
		}
		REQUIRE_EQ(ended, 0);
	}
	REQUIRE_GT(ended_total, 0);	/* games did end and restart */
	for (int i = 0; i < N; i++) {
		carc_game_free(games[i]);
		carc_game_free(shadow[i]);
	}
	free(masks);
	free(planes);
	free(one_mask);
	free(one_planes);
	carc_learn_free(l);
	carc_rules_unref(r);
}
END_TEST

/* A refused action anywhere in the batch plays nothing and writes
 * nothing. */
START_TEST(step_batch_refusal_changes_nothing)
{
	struct carc_rules *r = make_rules(NULL, 0);
	struct carc_learn *l = make_learn(r, 2, 0);
	struct carc_learn_shape s = shape_of(l);
	struct carc_game *games[2] = { make_game(r, 2, 1), make_game(r, 2, 2) };
	uint8_t *mask = malloc(s.n_actions);
	uint32_t actions[2];
	uint64_t h0 = carc_game_hash(games[0]), h1 = carc_game_hash(games[1]);
	int32_t rewards[4] = { 55, 55, 55, 55 };
	uint8_t done[2] = { 9, 9 };
	struct carc_learn_batch b;

	memset(&b, 0, sizeof(b));
	b.size = sizeof(b);
	b.rewards = rewards;
	b.done = done;
	ck_assert_ptr_nonnull(mask);
	ck_assert_int_gt(carc_learn_mask(l, games[0], mask, s.n_actions), 0);
	for (actions[0] = 0; !mask[actions[0]]; actions[0]++)
		;
	actions[1] = s.pass_first;	/* not at a deployment */
	assert_status_eq(carc_learn_step_batch(l, games, 2, actions, &b),
			 CARC_E_NOT_ALLOWED);
	actions[1] = s.n_actions;	/* out of range */
	assert_status_eq(carc_learn_step_batch(l, games, 2, actions, &b),
			 CARC_E_INVALID);
	actions[1] = s.fallback_first;	/* not on offer */
	assert_status_eq(carc_learn_step_batch(l, games, 2, actions, &b),
			 CARC_E_NOT_ALLOWED);
	ck_assert(carc_game_hash(games[0]) == h0);
	ck_assert(carc_game_hash(games[1]) == h1);
	ck_assert_int_eq(rewards[0], 55);
	ck_assert_uint_eq(done[0], 9);
	/* bad batches */
	b.size = 4;
	assert_status_eq(carc_learn_step_batch(l, games, 2, actions, &b),
			 CARC_E_INVALID);
	b.size = sizeof(b);
	b.flags = CARC_LEARN_AUTO_RESET;	/* without seeds */
	assert_status_eq(carc_learn_step_batch(l, games, 2, actions, &b),
			 CARC_E_INVALID);
	b.flags = 2;
	assert_status_eq(carc_learn_step_batch(l, games, 2, actions, &b),
			 CARC_E_INVALID);
	b.flags = 0;
	assert_status_eq(carc_learn_step_batch(NULL, games, 2, actions, &b),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_step_batch(l, NULL, 2, actions, &b),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_step_batch(l, games, 2, NULL, &b),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_step_batch(l, games, 2, actions, NULL),
			 CARC_E_INVALID);
	ck_assert_int_eq(carc_learn_step_batch(l, games, 0, NULL, &b), 0);
	ck_assert(carc_game_hash(games[0]) == h0);
	ck_assert(carc_game_hash(games[1]) == h1);
	carc_game_free(games[0]);
	carc_game_free(games[1]);
	free(mask);
	carc_learn_free(l);
	carc_rules_unref(r);
}
END_TEST

/* ---- bad arguments --------------------------------------------------- */

START_TEST(bad_arguments)
{
	struct carc_rules *r = make_rules(NULL, 0);
	struct carc_rules *other = make_rules(NULL, CARC_OPT_PHANTOM, 1, 0);
	struct carc_rules *same = make_rules(NULL, 0);	/* equal, not shared */
	struct carc_learn *l = NULL, *keep = (struct carc_learn *)&r;
	struct carc_learn_options o = { sizeof(o), 0, 0 };
	struct carc_learn_shape s;
	struct carc_game *g, *g3, *gother, *gsame;
	uint8_t mask[3000];
	uint8_t planes[45 * W * W];
	int32_t vec[CARC_LEARN_VEC_LENGTH + 1];
	carc_move_t m = 12345;
	uint32_t a = 777;
	int32_t x0 = 5, y0 = 5;

	l = keep;
	assert_status_eq(carc_learn_new(NULL, 2, NULL, &l), CARC_E_INVALID);
	assert_status_eq(carc_learn_new(r, 1, NULL, &l), CARC_E_INVALID);
	assert_status_eq(carc_learn_new(r, 7, NULL, &l), CARC_E_INVALID);
	assert_status_eq(carc_learn_new(r, 2, NULL, NULL), CARC_E_INVALID);
	o.size = 4;
	assert_status_eq(carc_learn_new(r, 2, &o, &l), CARC_E_INVALID);
	o.size = sizeof(o);
	o.window = 24;
	assert_status_eq(carc_learn_new(r, 2, &o, &l), CARC_E_INVALID);
	o.window = 1;
	assert_status_eq(carc_learn_new(r, 2, &o, &l), CARC_E_INVALID);
	o.window = CARC_LEARN_WINDOW_MAX + 2;
	assert_status_eq(carc_learn_new(r, 2, &o, &l), CARC_E_INVALID);
	o.window = 0;
	o.flags = 1;
	assert_status_eq(carc_learn_new(r, 2, &o, &l), CARC_E_INVALID);
	ck_assert_ptr_eq(l, keep);	/* untouched */
	assert_ok(carc_learn_new(r, 2, NULL, &l));
	carc_learn_free(NULL);

	memset(&s, 0x5a, sizeof(s));
	s.size = sizeof(s) - 4;
	assert_status_eq(carc_learn_shape(l, &s), CARC_E_INVALID);
	ck_assert_uint_eq(s.n_actions, 0x5a5a5a5a);
	s.size = sizeof(s);
	assert_status_eq(carc_learn_shape(NULL, &s), CARC_E_INVALID);
	assert_status_eq(carc_learn_shape(l, NULL), CARC_E_INVALID);

	g = make_game(r, 2, 3);
	g3 = make_game(r, 3, 3);
	gother = make_game(other, 2, 3);
	gsame = make_game(same, 2, 3);
	/* a game of other rules or player count */
	assert_status_eq(carc_learn_mask(l, g3, mask, sizeof(mask)),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_mask(l, gother, mask, sizeof(mask)),
			 CARC_E_INVALID);
	/* equal rules from another builder are accepted */
	ck_assert_int_gt(carc_learn_mask(l, gsame, mask, sizeof(mask)), 0);
	assert_status_eq(carc_learn_mask(NULL, g, mask, sizeof(mask)),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_mask(l, NULL, mask, sizeof(mask)),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_mask(l, g, NULL, sizeof(mask)),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_mask(l, g, mask, 2509), CARC_E_INVALID);

	assert_status_eq(carc_learn_window(NULL, g, &x0, &y0), CARC_E_INVALID);
	assert_status_eq(carc_learn_window(l, g3, &x0, &y0), CARC_E_INVALID);
	ck_assert_int_eq(x0, 5);
	assert_ok(carc_learn_window(l, g, &x0, &y0));
	ck_assert_int_eq(x0, -12);
	ck_assert_int_eq(y0, -12);
	assert_ok(carc_learn_window(l, g, NULL, NULL));

	assert_status_eq(carc_learn_action_to_move(l, g, 2510, &m),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_action_to_move(l, g, 0, NULL),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_action_to_move(l, g, 2500, &m),
			 CARC_E_WRONG_PHASE);
	assert_status_eq(carc_learn_action_to_move(l, g, 2508, &m),
			 CARC_E_WRONG_PHASE);
	ck_assert(m == 12345);
	/* cell (0, 0) rotation 0 is (-12, -12) */
	assert_ok(carc_learn_action_to_move(l, g, 0, &m));
	ck_assert(m == carc_move_place(-12, -12, 0));

	assert_status_eq(carc_learn_move_to_action(l, g, 0, &a),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_move_to_action(l, g, 0xff, &a),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_move_to_action(l, g, carc_move_pass(), NULL),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_move_to_action(l, g, carc_move_pass(), &a),
			 CARC_E_WRONG_PHASE);
	assert_status_eq(carc_learn_move_to_action(
				 l, g, carc_move_place(13, 0, 0), &a),
			 CARC_E_NOT_FOUND);
	ck_assert_uint_eq(a, 777);
	assert_ok(carc_learn_move_to_action(l, g, carc_move_place(12, 12, 3),
					    &a));
	ck_assert_uint_eq(a, 2499);

	memset(vec, 0x11, sizeof(vec));
	assert_status_eq(carc_learn_observe(l, g, 2, NULL, 0, vec, 160),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_observe(l, g, 0, NULL, 0, vec, 159),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_observe(l, g, 0, NULL, 5, vec, 160),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_observe(l, g, 0, planes, 45 * W * W - 1,
					    vec, 160),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_observe(l, g, 0, NULL, 0, NULL, 160),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_observe(l, g3, 0, NULL, 0, vec, 160),
			 CARC_E_INVALID);
	ck_assert_int_eq(vec[0], 0x11111111);
	assert_ok(carc_learn_observe(l, g, 0, NULL, 0, NULL, 0));
	assert_ok(carc_learn_observe(l, g, 1, planes, sizeof(planes), vec,
				     161));

	carc_game_free(g);
	carc_game_free(g3);
	carc_game_free(gother);
	carc_game_free(gsame);
	carc_learn_free(l);
	carc_rules_unref(r);
	carc_rules_unref(other);
	carc_rules_unref(same);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("learn");
	TCase *tc = tcase_create("learn");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, shape_base_game);
	tcase_add_test(tc, shape_all_expansions);
	tcase_add_test(tc, round_trip_10000_positions);
	tcase_add_test(tc, round_trip_small_window);
	tcase_add_test(tc, reset_equals_new);
	tcase_add_test(tc, step_batch_matches_single_calls);
	tcase_add_test(tc, step_batch_refusal_changes_nothing);
	tcase_add_test(tc, bad_arguments);
	suite_add_tcase(s, tc);
	return s;
}
