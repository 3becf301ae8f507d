/* SPDX-License-Identifier: MIT */
/*
 * The learning interface (include/carcassonne/learn.h, doc/api/observation.md):
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

/* Under valgrind (CARC_TEST_QUICK, set by the valgrind test setup) the
 * random-position tests check a tenth of the positions. */
static bool
quick(void)
{
	const char *q = getenv("CARC_TEST_QUICK");

	return q && *q && strcmp(q, "0") != 0;
}

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
	case 5:		/* all four, with the crop variants that widen
			 * responses */
		return make_rules(NULL, CARC_OPT_PHANTOM, 1,
				  CARC_OPT_CROP_CIRCLES_I, 1,
				  CARC_OPT_CROP_CIRCLES_II, 1,
				  CARC_OPT_LITTLE_BUILDINGS, 1,
				  CARC_OPT_CROP_DEPLOY_ANY, 1, 0);
	case 6:
		return make_rules(NULL, CARC_OPT_RIVER, 1, 0);
	case 7:
		return make_rules(NULL, CARC_OPT_INNS_CATHEDRALS, 1, 0);
	case 8:
		return make_rules(NULL, CARC_OPT_TRADERS_BUILDERS, 1, 0);
	case 9:		/* the other builder turn, the phantom after the
			 * builder or the pig */
		return make_rules(NULL, CARC_OPT_TRADERS_BUILDERS, 1,
				  CARC_OPT_BUILDER_TURN,
				  CARC_BUILDER_TURN_MANDATORY, CARC_OPT_PHANTOM,
				  1, CARC_OPT_PHANTOM_WITH_FIGURE, 1, 0);
	case 10:	/* all six */
		return make_rules(NULL, CARC_OPT_PHANTOM, 1,
				  CARC_OPT_CROP_CIRCLES_I, 1,
				  CARC_OPT_CROP_CIRCLES_II, 1,
				  CARC_OPT_LITTLE_BUILDINGS, 1, CARC_OPT_RIVER,
				  1, CARC_OPT_INNS_CATHEDRALS, 1,
				  CARC_OPT_TRADERS_BUILDERS, 1, 0);
	default:	/* all six, crop deploy next to anybody's figure,
			 * the start tile in the river's stack */
		return make_rules(NULL, CARC_OPT_PHANTOM, 1,
				  CARC_OPT_CROP_CIRCLES_I, 1,
				  CARC_OPT_CROP_CIRCLES_II, 1,
				  CARC_OPT_LITTLE_BUILDINGS, 1, CARC_OPT_RIVER,
				  1, CARC_OPT_RIVER_START_TILE,
				  CARC_RIVER_START_IN_RIVER_STACK,
				  CARC_OPT_INNS_CATHEDRALS, 1,
				  CARC_OPT_TRADERS_BUILDERS, 1,
				  CARC_OPT_CROP_DEPLOY_ANY, 1, 0);
	}
}

/* The rule sets of config_rules(). */
#define N_CONFIGS 12

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

static struct carc_learn_layout
layout_of(const struct carc_learn *l)
{
	struct carc_learn_layout lay;

	memset(&lay, 0, sizeof(lay));
	lay.size = sizeof(lay);
	assert_ok(carc_learn_layout(l, &lay));
	return lay;
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

/* The action sections, for the tally of actions seen. */
enum section {
	SEC_PLACE, SEC_FOLLOWER, SEC_PHANTOM, SEC_BUILD, SEC_PASS,
	SEC_CROP_CHOICE, SEC_CROP_RESPONSE, SEC_LARGE_FOLLOWER, SEC_BUILDER,
	SEC_PIG, SEC_SECOND_TILE, SEC_FALLBACK, N_SECTIONS
};

/* The section of action @a; every action is in exactly one. */
static enum section
section_of(const struct carc_learn_shape *s, const struct carc_learn_layout *x,
	   uint32_t a)
{
	const uint32_t first[N_SECTIONS] = {
		s->place_first, s->follower_first, s->phantom_first,
		s->build_first, s->pass_first, s->crop_choice_first,
		s->crop_response_first, x->large_follower_first,
		x->builder_first, x->pig_first, x->second_tile_first,
		s->fallback_first,
	};
	const uint32_t count[N_SECTIONS] = {
		s->place_count, s->follower_count, s->phantom_count,
		s->build_count, s->pass_count, s->crop_choice_count,
		s->crop_response_count, x->large_follower_count,
		x->builder_count, x->pig_count, x->second_tile_count,
		s->fallback_count,
	};
	int found = -1;

	for (int i = 0; i < N_SECTIONS; i++)
		if (a >= first[i] && a - first[i] < count[i]) {
			REQUIRE(found < 0);
			found = i;
		}
	REQUIRE(found >= 0);
	return (enum section)found;
}

struct tally {
	uint64_t positions, moves, outside, fallbacks;
	uint64_t sections[N_SECTIONS];	/* legal moves per section */
	uint64_t figures[10];		/* crop responses per figure kind */
	/* moves outside the window in games of the expansions of 0.5
	 * (config_rules() 6 and up), whose boards are larger */
	uint64_t outside_new, fallbacks_new;
};

/* Check the @n legal moves of @g and the mask against each other. */
static void
check_position(struct carc_learn *l, const struct carc_learn_shape *s,
	       const struct carc_game *g, const carc_move_t *moves, int n,
	       uint8_t *mask, uint8_t *want, struct tally *t)
{
	int set;
	uint32_t inside = 0;
	struct carc_learn_layout lay = { .size = sizeof(lay) };

	REQUIRE_OK(carc_learn_layout(l, &lay));
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
		t->sections[section_of(s, &lay, a)]++;
		if (section_of(s, &lay, a) == SEC_CROP_RESPONSE)
			t->figures[carc_move_figure(moves[i])]++;
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
	struct tally t;
	uint64_t rng = 12345;
	uint8_t *mask = NULL, *want = NULL;

	memset(&t, 0, sizeof(t));
	for (uint32_t game = 0; t.positions < positions; game++) {
		int config = (int)(game % N_CONFIGS);
		uint32_t players = 2 + game / N_CONFIGS % 5;
		struct carc_rules *r = config_rules(config);
		struct carc_learn *l = make_learn(r, players, window);
		struct carc_learn_shape s = shape_of(l);
		struct carc_game *g = make_game(r, players, 1000 + game);
		struct random_game rg;

		mask = realloc(mask, s.n_actions);
		want = realloc(want, s.n_actions);
		ck_assert(mask && want);
		/* one stream over all the games */
		random_game_start(&rg, g, rng);
		while (t.positions < positions && random_game_next(&rg)) {
			uint64_t out = t.outside, fb = t.fallbacks;

			check_position(l, &s, g, rg.moves, rg.n, mask, want,
				       &t);
			if (config >= 6) {
				t.outside_new += t.outside - out;
				t.fallbacks_new += t.fallbacks - fb;
			}
			random_game_play(&rg);
		}
		rng = rg.rng;
		random_game_end(&rg);
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
	return t;
}

START_TEST(round_trip_10000_positions)
{
	uint64_t want = quick() ? 3000 : 30000;
	struct tally t = round_trips(0, want);

	printf("learn: %llu positions, %llu legal moves, %llu outside the "
	       "window (%llu with the expansions of 0.5), %llu fallbacks "
	       "(%llu) (the default window of each rule set)\n",
	       (unsigned long long)t.positions, (unsigned long long)t.moves,
	       (unsigned long long)t.outside,
	       (unsigned long long)t.outside_new,
	       (unsigned long long)t.fallbacks,
	       (unsigned long long)t.fallbacks_new);
	ck_assert_uint_eq(t.positions, want);
	/* the measured reach of random games of the base game and the
	 * expansions of 0.3 stays inside 25 x 25, and that of the larger
	 * boards of The River, Inns & Cathedrals and Traders & Builders
	 * (up to 145 tiles) inside the default window of their rules, 2
	 * cells more per expansion (doc/api/observation.md); a window of 25
	 * leaves 100 of these moves outside */
	ck_assert_uint_eq(t.outside, 0);
	ck_assert_uint_eq(t.fallbacks, 0);
	{
		struct tally narrow = round_trips(25, want);

		ck_assert_uint_eq(narrow.outside - narrow.outside_new, 0);
		/* all in one game of the 30,000 positions */
		if (!quick())
			ck_assert_uint_eq(narrow.outside_new, 100);
	}
	/* every section and every figure of a crop response was met */
	for (int i = 0; i < SEC_FALLBACK; i++)
		ck_assert_msg(t.sections[i] > 0, "section %d never legal", i);
	ck_assert_uint_gt(t.figures[CARC_FIGURE_FOLLOWER], 0);
	ck_assert_uint_gt(t.figures[CARC_FIGURE_PHANTOM], 0);
	ck_assert_uint_gt(t.figures[CARC_FIGURE_LARGE_FOLLOWER], 0);
}
END_TEST

/* A window of 41 (reach 20; random games with all six expansions reach
 * 17 at most, doc/api/observation.md) gives every legal move of every
 * rule set an action. */
START_TEST(round_trip_wide_window)
{
	/* the games of round_trip_10000_positions, where the default
	 * window leaves moves outside */
	uint64_t want = quick() ? 3000 : 30000;
	struct tally t = round_trips(41, want);

	ck_assert_uint_eq(t.positions, want);
	ck_assert_uint_eq(t.outside, 0);
	ck_assert_uint_eq(t.fallbacks, 0);
	for (int i = 0; i < SEC_FALLBACK; i++)
		ck_assert_msg(t.sections[i] > 0, "section %d never legal", i);
}
END_TEST

/* A 3 x 3 window leaves most placements outside: the fallback and the
 * NOT_FOUND answers get exercised. */
START_TEST(round_trip_small_window)
{
	struct tally t = round_trips(3, quick() ? 300 : 2000);

	printf("learn: window 3: %llu positions, %llu legal moves, %llu "
	       "outside, %llu fallbacks\n",
	       (unsigned long long)t.positions, (unsigned long long)t.moves,
	       (unsigned long long)t.outside,
	       (unsigned long long)t.fallbacks);
	ck_assert_uint_gt(t.outside, 0);
	ck_assert_uint_gt(t.fallbacks, 0);
}
END_TEST

/* ---- observations of hand-built positions ---------------------------- */

/* Plane @plane of @planes (window @w) at window cell (col, row). */
static uint8_t
at(const uint8_t *planes, uint32_t w, uint32_t plane, uint32_t col,
   uint32_t row)
{
	return planes[(size_t)plane * w * w + row * w + col];
}

/* Sum of plane @plane. */
static uint32_t
plane_sum(const uint8_t *planes, uint32_t w, uint32_t plane)
{
	uint32_t sum = 0;

	for (uint32_t i = 0; i < w * w; i++)
		sum += planes[(size_t)plane * w * w + i];
	return sum;
}

/*
 * Two players, window 5.  P0 closes the start tile's city with E(2) at
 * (0,-1) and a knight (4 points, the knight comes back); P1 extends the
 * road with U(0) at (1,0) and a thief on it; P0 holds B, the last tile.
 * The bounding box is x 0..1, y -1..0, so the window's centre is (0,-1)
 * and cell (0,0) is (-2,-3): D is cell (2,3), E (2,2), U (3,3).
 */
START_TEST(observe_hand_built)
{
	struct carc_game *g = make_scenario("EUB", 0);
	struct carc_learn *l;
	struct carc_learn_shape s;
	uint8_t planes[45 * 25], mask[106];
	int32_t v[CARC_LEARN_VEC_LENGTH];
	uint32_t a;
	carc_move_t m;
	int32_t x0, y0;

	play(g, CARC_TILE_E, 0, -1, 2);
	deploy(g, CARC_C1);
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_R1);
	ck_assert_int_eq(carc_game_current_player(g), 0);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_B);
	ck_assert_int_eq(carc_game_score(g, 0), 4);

	l = make_learn(carc_game_rules(g), 2, 5);
	s = shape_of(l);
	ck_assert_uint_eq(s.features_per_tile, 4);	/* D: c1 r1 f1 f2 */
	ck_assert_uint_eq(s.n_actions, 106);
	ck_assert_uint_eq(s.n_planes, 45);
	assert_ok(carc_learn_window(l, g, &x0, &y0));
	ck_assert_int_eq(x0, -2);
	ck_assert_int_eq(y0, -3);

	assert_ok(carc_learn_observe(l, g, CARC_LEARN_TO_MOVE, planes,
				     sizeof(planes), v, CARC_LEARN_VEC_LENGTH));
	/* tiles */
	ck_assert_uint_eq(plane_sum(planes, 5, CARC_LEARN_PLANE_TILE), 3);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_TILE, 2, 3), 1);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_TILE, 2, 2), 1);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_TILE, 3, 3), 1);
	ck_assert_uint_eq(plane_sum(planes, 5, CARC_LEARN_PLANE_START), 1);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_START, 2, 3), 1);
	ck_assert_uint_eq(plane_sum(planes, 5, CARC_LEARN_PLANE_LAST), 1);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_LAST, 3, 3), 1);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_TILE_TYPE, 2, 3),
			  CARC_TILE_D + 1);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_TILE_TYPE, 2, 2),
			  CARC_TILE_E + 1);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_TILE_TYPE, 3, 3),
			  CARC_TILE_U + 1);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_ROTATION, 2, 2), 3);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_ROTATION, 2, 3), 1);
	/* edges: D is city N, road E, field S, road W; E turned twice has
	 * its city south */
	for (uint32_t side = 0; side < 4; side++) {
		static const uint32_t d[4] = { 1, 2, 3, 2 }, e[4] = { 3, 3, 1, 3 };

		for (uint32_t t = 1; t <= 3; t++) {
			ck_assert_uint_eq(at(planes, 5,
					     CARC_LEARN_PLANE_EDGES + 3 * side +
						     t - 1,
					     2, 3),
					  d[side] == t);
			ck_assert_uint_eq(at(planes, 5,
					     CARC_LEARN_PLANE_EDGES + 3 * side +
						     t - 1,
					     2, 2),
					  e[side] == t);
		}
	}
	ck_assert_uint_eq(plane_sum(planes, 5, CARC_LEARN_PLANE_EDGES), 1);
	ck_assert_uint_eq(plane_sum(planes, 5, CARC_LEARN_PLANE_EDGES + 8), 2);
	/* the closed city on D and E; the open road */
	ck_assert_uint_eq(plane_sum(planes, 5, CARC_LEARN_PLANE_CITY_DONE), 2);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_CITY_DONE, 2, 2), 1);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_CITY_DONE, 2, 3), 1);
	ck_assert_uint_eq(plane_sum(planes, 5, CARC_LEARN_PLANE_ROAD_DONE), 0);
	ck_assert_uint_eq(plane_sum(planes, 5, CARC_LEARN_PLANE_MONASTERY), 0);
	ck_assert_uint_eq(plane_sum(planes, 5, CARC_LEARN_PLANE_PENNANTS), 0);
	/* open positions: (0,1) (-1,0) (0,-2) (1,-1) (-1,-1) (2,0) (1,1) */
	ck_assert_uint_eq(plane_sum(planes, 5, CARC_LEARN_PLANE_OPEN), 7);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_OPEN, 2, 4), 1);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_OPEN, 1, 3), 1);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_OPEN, 2, 1), 1);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_OPEN, 3, 2), 1);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_OPEN, 1, 2), 1);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_OPEN, 4, 3), 1);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_OPEN, 3, 4), 1);
	/* B (all field) fits where no road meets it: not (-1,0), (2,0) */
	for (uint32_t r = 0; r < 4; r++) {
		uint32_t p = CARC_LEARN_PLANE_FITS + r;

		ck_assert_uint_eq(plane_sum(planes, 5, p), 5);
		ck_assert_uint_eq(at(planes, 5, p, 1, 3), 0);
		ck_assert_uint_eq(at(planes, 5, p, 4, 3), 0);
		ck_assert_uint_eq(at(planes, 5, p, 2, 4), 1);
	}
	/* figures: P1's thief on U; P0's knight went home.  Blocks: P0
	 * (observer) first */
	ck_assert_uint_eq(plane_sum(planes, 5, CARC_LEARN_PLANE_PLAYERS +
					       CARC_LEARN_PP_FOLLOWERS), 0);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_PLAYERS + 6 +
					      CARC_LEARN_PP_FOLLOWERS,
			     3, 3),
			  1);
	ck_assert_uint_eq(plane_sum(planes, 5, CARC_LEARN_PLANE_PLAYERS + 6 +
					       CARC_LEARN_PP_FOLLOWERS), 1);
	/* P1 holds the road through D and U */
	ck_assert_uint_eq(plane_sum(planes, 5, CARC_LEARN_PLANE_PLAYERS + 6 +
					       CARC_LEARN_PP_ROAD), 2);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_PLAYERS + 6 +
					      CARC_LEARN_PP_ROAD,
			     2, 3),
			  1);
	ck_assert_uint_eq(plane_sum(planes, 5, CARC_LEARN_PLANE_PLAYERS +
					       CARC_LEARN_PP_ROAD), 0);
	ck_assert_uint_eq(plane_sum(planes, 5, CARC_LEARN_PLANE_PLAYERS + 6 +
					       CARC_LEARN_PP_CITY), 0);
	/* the vector */
	ck_assert_int_eq(v[CARC_LEARN_VEC_SCORES], 4);
	ck_assert_int_eq(v[CARC_LEARN_VEC_SCORES + 1], 0);
	ck_assert_int_eq(v[CARC_LEARN_VEC_FOLLOWERS], 7);
	ck_assert_int_eq(v[CARC_LEARN_VEC_FOLLOWERS + 1], 6);
	ck_assert_int_eq(v[CARC_LEARN_VEC_FOLLOWERS + 2], 0);
	ck_assert_int_eq(v[CARC_LEARN_VEC_PHANTOMS], 0);
	ck_assert_int_eq(v[CARC_LEARN_VEC_PRESENT + 1], 1);
	ck_assert_int_eq(v[CARC_LEARN_VEC_PRESENT + 2], 0);
	ck_assert_int_eq(v[CARC_LEARN_VEC_TO_MOVE], 1);
	ck_assert_int_eq(v[CARC_LEARN_VEC_TO_MOVE + 1], 0);
	ck_assert_int_eq(v[CARC_LEARN_VEC_PHASE], 1);
	ck_assert_int_eq(v[CARC_LEARN_VEC_TILE + CARC_TILE_B], 1);
	ck_assert_int_eq(v[CARC_LEARN_VEC_REMAINING_TOTAL], 0);
	ck_assert_int_eq(v[CARC_LEARN_VEC_TILES_PLACED], 3);
	ck_assert_int_eq(v[CARC_LEARN_VEC_WINDOW_X], -2);
	ck_assert_int_eq(v[CARC_LEARN_VEC_WINDOW_Y], -3);
	ck_assert_int_eq(v[CARC_LEARN_VEC_BOARD_WIDTH], 2);
	ck_assert_int_eq(v[CARC_LEARN_VEC_BOARD_HEIGHT], 2);
	ck_assert_int_eq(v[CARC_LEARN_VEC_LAST_COL], 3);
	ck_assert_int_eq(v[CARC_LEARN_VEC_LAST_ROW], 3);
	ck_assert_int_eq(v[CARC_LEARN_VEC_RULES + CARC_OPT_FOLLOWERS - 1], 7);
	ck_assert_int_eq(v[CARC_LEARN_VEC_RULES + CARC_OPT_FARMERS - 1], 1);
	{
		int32_t sum = 0;

		for (int i = 0; i < CARC_LEARN_VEC_LENGTH; i++)
			sum += v[i];
		/* scores 4, supplies 7 + 6, 2 present, to-move, phase,
		 * tile, 3 tiles placed, window -2 -3, board 2 x 2, last
		 * tile 3,3, and the default rules: farmers 1, followers
		 * 7, lb-zero-field 1, lb-per-city-fields 1, crop-phantom
		 * 1, crop-after-phantom 1 */
		ck_assert_int_eq(sum, 4 + 7 + 6 + 2 + 1 + 1 + 1 + 3 - 2 - 3 +
					      2 + 2 + 3 + 3 +
					      (1 + 7 + 1 + 1 + 1 + 1));
	}
	/* the mask: the 20 placements of B */
	ck_assert_int_eq(carc_learn_mask(l, g, mask, sizeof(mask)), 20);
	ck_assert_uint_eq(mask[(4 * 5 + 2) * 4], 1);	/* (0,1) r0 */
	assert_ok(carc_learn_move_to_action(l, g, carc_move_place(1, -1, 3),
					    &a));
	ck_assert_uint_eq(a, (2 * 5 + 3) * 4 + 3);
	ck_assert_uint_eq(mask[a], 1);

	/* P1's view: his block first */
	assert_ok(carc_learn_observe(l, g, 1, planes, sizeof(planes), v,
				     CARC_LEARN_VEC_LENGTH));
	ck_assert_int_eq(v[CARC_LEARN_VEC_SCORES], 0);
	ck_assert_int_eq(v[CARC_LEARN_VEC_SCORES + 1], 4);
	ck_assert_int_eq(v[CARC_LEARN_VEC_TO_MOVE + 1], 1);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_PLAYERS +
					      CARC_LEARN_PP_FOLLOWERS,
			     3, 3),
			  1);
	ck_assert_uint_eq(plane_sum(planes, 5, CARC_LEARN_PLANE_PLAYERS +
					       CARC_LEARN_PP_ROAD), 2);

	/* P0 places B at (1,-1): the deployment step */
	assert_ok(carc_learn_action_to_move(l, g, a - 3, &m));
	ck_assert(m == carc_move_place(1, -1, 0));
	assert_ok(carc_game_apply(g, m));
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_DEPLOY);
	ck_assert_int_eq(carc_learn_mask(l, g, mask, sizeof(mask)), 3);
	ck_assert_uint_eq(mask[100], 1);	/* follower on f1 */
	ck_assert_uint_eq(mask[101], 1);	/* monk */
	ck_assert_uint_eq(mask[104], 1);	/* pass */
	assert_ok(carc_learn_action_to_move(l, g, 101, &m));
	ck_assert(m == carc_move_deploy(CARC_FIGURE_FOLLOWER, 1, -1,
					CARC_MONASTERY));
	assert_status_eq(carc_learn_action_to_move(l, g, 102, &m),
			 CARC_E_NOT_FOUND);	/* B has two features */
	assert_status_eq(carc_learn_action_to_move(l, g, 0, &m),
			 CARC_E_WRONG_PHASE);
	assert_status_eq(carc_learn_move_to_action(
				 l, g,
				 carc_move_deploy(CARC_FIGURE_FOLLOWER, 0, 0,
						  CARC_F1),
				 &a),
			 CARC_E_NOT_FOUND);	/* not the tile just placed */
	assert_ok(carc_learn_observe(l, g, CARC_LEARN_TO_MOVE, planes,
				     sizeof(planes), v, CARC_LEARN_VEC_LENGTH));
	ck_assert_int_eq(v[CARC_LEARN_VEC_PHASE + 1], 1);
	ck_assert_int_eq(v[CARC_LEARN_VEC_TILE + CARC_TILE_B], 1);
	ck_assert_int_eq(v[CARC_LEARN_VEC_ROTATION], 1);
	ck_assert_int_eq(v[CARC_LEARN_VEC_LAST_COL], 3);
	ck_assert_int_eq(v[CARC_LEARN_VEC_LAST_ROW], 2);
	ck_assert_uint_eq(plane_sum(planes, 5, CARC_LEARN_PLANE_FITS), 0);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_MONASTERY, 3, 2), 1);
	ck_assert_uint_eq(at(planes, 5, CARC_LEARN_PLANE_LAST, 3, 2), 1);
	ck_assert_uint_eq(plane_sum(planes, 5,
				    CARC_LEARN_PLANE_MONASTERY_DONE), 0);
	carc_game_free(g);
	carc_learn_free(l);
}
END_TEST

/*
 * Crop Circles I, two players, window 5: P0 puts a thief on the road of
 * D and U(0) at (1,0); P1 places the club tile CCI-4 turned twice at
 * (-1,0), on the same road, and passes: the crop-circle choice.  K = 4
 * (D), so the layout is place 0-99, followers 100-103, pass 104, crop
 * choice 105-106, crop responses 107-206, fallback 207.
 */
START_TEST(crop_circle_actions)
{
	for (uint32_t choice = CARC_CROP_DEPLOY; choice <= CARC_CROP_REMOVE;
	     choice++) {
		struct carc_game *g;
		struct carc_learn *l;
		struct carc_learn_shape s;
		uint8_t mask[208];
		int32_t v[CARC_LEARN_VEC_LENGTH];
		carc_move_t m;
		uint32_t a;

		{
			struct carc_rules_builder *b;
			struct carc_rules *r;
			uint32_t order[3] = { CARC_TILE_U, CARC_TILE_CCI_4,
					      CARC_TILE_U };

			assert_ok(carc_rules_builder_new(&b));
			for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
				assert_ok(carc_rules_builder_set_tile_count(
					b, t, 0));
			assert_ok(carc_rules_builder_set_tile_count(
				b, CARC_TILE_U, 2));
			assert_ok(carc_rules_builder_set_tile_count(
				b, CARC_TILE_CCI_4, 1));
			assert_ok(carc_rules_builder_set(
				b, CARC_OPT_CROP_CIRCLES_I, 1));
			assert_ok(carc_rules_builder_build(b, &r));
			carc_rules_builder_free(b);
			g = make_game(r, 2, 1);
			carc_rules_unref(r);
			assert_ok(carc_game_set_draw_order(g, order, 3));
		}
		play(g, CARC_TILE_U, 1, 0, 0);
		deploy(g, CARC_R1);
		play(g, CARC_TILE_CCI_4, -1, 0, 2);
		pass(g);
		ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_CROP_CHOICE);
		ck_assert_int_eq(carc_game_current_player(g), 1);

		l = make_learn(carc_game_rules(g), 2, 5);
		s = shape_of(l);
		ck_assert_uint_eq(s.features_per_tile, 4);
		ck_assert_uint_eq(s.pass_first, 104);
		ck_assert_uint_eq(s.crop_choice_first, 105);
		ck_assert_uint_eq(s.crop_response_first, 107);
		ck_assert_uint_eq(s.crop_response_count, 100);
		ck_assert_uint_eq(s.n_actions, 208);

		ck_assert_int_eq(carc_learn_mask(l, g, mask, sizeof(mask)), 2);
		ck_assert_uint_eq(mask[105], 1);
		ck_assert_uint_eq(mask[106], 1);
		assert_ok(carc_learn_observe(l, g, CARC_LEARN_TO_MOVE, NULL, 0,
					     v, CARC_LEARN_VEC_LENGTH));
		ck_assert_int_eq(v[CARC_LEARN_VEC_PHASE + 3], 1);
		ck_assert_int_eq(v[CARC_LEARN_VEC_CROP_SYMBOL + 1], 1); /* club */
		ck_assert_int_eq(v[CARC_LEARN_VEC_CROP_ACTION], 0);
		ck_assert_int_eq(v[CARC_LEARN_VEC_TILE + CARC_TILE_CCI_4], 1);
		ck_assert_int_eq(v[CARC_LEARN_VEC_ROTATION + 2], 1);
		assert_ok(carc_learn_action_to_move(l, g, 104 + choice, &m));
		ck_assert(m == carc_move_crop_choice(choice));
		assert_ok(carc_game_apply(g, m));

		/* P0 answers; the thief at (1,0) is window cell (3,2) */
		ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_CROP_RESPONSE);
		ck_assert_int_eq(carc_game_current_player(g), 0);
		a = 107 + (2 * 5 + 3) * 4 + 0;	/* r1: slot 0 of U */
		ck_assert_int_eq(carc_learn_mask(l, g, mask, sizeof(mask)),
				 choice == CARC_CROP_DEPLOY ? 2 : 1);
		ck_assert_uint_eq(mask[a], 1);
		ck_assert_uint_eq(mask[104], choice == CARC_CROP_DEPLOY);
		assert_ok(carc_learn_action_to_move(l, g, a, &m));
		ck_assert(m == (choice == CARC_CROP_DEPLOY
					? carc_move_deploy(CARC_FIGURE_FOLLOWER,
							   1, 0, CARC_R1)
					: carc_move_remove(CARC_FIGURE_FOLLOWER,
							   1, 0, CARC_R1)));
		assert_status_eq(carc_learn_action_to_move(l, g, a + 16, &m),
				 CARC_E_NOT_FOUND);	/* empty cell */
		assert_ok(carc_learn_move_to_action(l, g, m, &a));
		ck_assert_uint_eq(a, 107 + 13 * 4);
		assert_ok(carc_learn_observe(l, g, CARC_LEARN_TO_MOVE, NULL, 0,
					     v, CARC_LEARN_VEC_LENGTH));
		ck_assert_int_eq(v[CARC_LEARN_VEC_PHASE + 4], 1);
		ck_assert_int_eq(v[CARC_LEARN_VEC_CROP_ACTION + choice - 1], 1);
		ck_assert_int_eq(v[CARC_LEARN_VEC_TO_MOVE], 1);
		assert_ok(carc_game_apply(g, m));
		ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER),
				 choice == CARC_CROP_DEPLOY ? 5 : 7);
		carc_game_free(g);
		carc_learn_free(l);
	}
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
	enum { MAX_N = 8 };
	const int N = quick() ? 2 : MAX_N;
	struct carc_rules *r = config_rules(4);
	struct carc_learn *l = make_learn(r, 3, 0);
	struct carc_learn_shape s = shape_of(l);
	struct carc_game *games[MAX_N], *shadow[MAX_N];
	size_t plane_bytes = (size_t)s.n_planes * s.window * s.window;
	uint8_t *masks = malloc(MAX_N * s.n_actions), *planes = malloc(MAX_N * plane_bytes);
	uint8_t *one_mask = malloc(s.n_actions), *one_planes = malloc(plane_bytes);
	int32_t vectors[MAX_N][CARC_LEARN_VEC_LENGTH], one_vec[CARC_LEARN_VEC_LENGTH];
	int32_t rewards[MAX_N][3], finals[MAX_N][3];
	uint32_t to_move[MAX_N], actions[MAX_N];
	uint64_t seeds[MAX_N], rng = 99;
	uint8_t done[MAX_N];
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
			actions[i] = legal[test_rand(&rng) % n];
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
	/* a game listed twice: its first action is played, the second
	 * (checked on the old position) is refused */
	{
		struct carc_game *twice[2] = { games[0], games[0] };

		actions[1] = actions[0];
		assert_status_eq(carc_learn_step_batch(l, twice, 2, actions, &b),
				 CARC_E_INVALID);
		ck_assert_int_eq(carc_game_history_count(games[0]), 1);
		ck_assert_int_eq(carc_game_phase(games[0]), CARC_PHASE_DEPLOY);
	}
	carc_game_free(games[0]);
	carc_game_free(games[1]);
	free(mask);
	carc_learn_free(l);
	carc_rules_unref(r);
}
END_TEST

/* Without auto-reset a game that ends stays over: done, final scores,
 * an empty mask, and a further step is refused. */
START_TEST(step_batch_game_over)
{
	struct carc_game *g = make_scenario("E", 0);
	struct carc_learn *l = make_learn(carc_game_rules(g), 2, 5);
	struct carc_learn_shape s = shape_of(l);
	struct carc_game *games[1] = { g };
	const struct carc_game *cgames[1] = { g };
	int32_t rewards[2], finals[2];
	uint8_t done[1], mask[200];
	uint32_t to_move[1], action;
	struct carc_learn_batch b;
	uint64_t h;

	ck_assert_uint_le(s.n_actions, sizeof(mask));
	memset(&b, 0, sizeof(b));
	b.size = sizeof(b);
	b.rewards = rewards;
	b.done = done;
	b.final_scores = finals;
	b.to_move = to_move;
	b.masks = mask;
	/* E closes the start tile's city at (0,-1) turned twice; a knight
	 * on it scores 4 when the turn ends, which ends the game */
	assert_ok(carc_learn_move_to_action(l, g, carc_move_place(0, -1, 2),
					    &action));
	ck_assert_int_eq(carc_learn_step_batch(l, games, 1, &action, &b), 0);
	ck_assert_uint_eq(done[0], 0);
	ck_assert_int_eq(rewards[0], 0);
	ck_assert_int_eq(finals[0], 0);
	ck_assert_uint_eq(mask[s.follower_first], 1);	/* c1 */
	ck_assert_uint_eq(mask[s.pass_first], 1);
	action = s.follower_first;
	ck_assert_int_eq(carc_learn_step_batch(l, games, 1, &action, &b), 1);
	ck_assert_uint_eq(done[0], 1);
	ck_assert_int_eq(rewards[0], 4);
	ck_assert_int_eq(rewards[1], 0);
	ck_assert_int_eq(finals[0], 4);
	ck_assert_int_eq(finals[1], 0);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	for (uint32_t a = 0; a < s.n_actions; a++)
		ck_assert_uint_eq(mask[a], 0);
	h = carc_game_hash(g);
	done[0] = 7;
	assert_status_eq(carc_learn_step_batch(l, games, 1, &action, &b),
			 CARC_E_GAME_OVER);
	ck_assert_uint_eq(done[0], 7);
	ck_assert(carc_game_hash(g) == h);
	/* observe_batch of a finished game, and its bad arguments */
	memset(mask, 1, sizeof(mask));
	assert_ok(carc_learn_observe_batch(l, cgames, 1, &b));
	ck_assert_uint_eq(mask[0], 0);
	ck_assert_uint_eq(to_move[0], (uint32_t)carc_game_current_player(g));
	assert_status_eq(carc_learn_observe_batch(NULL, cgames, 1, &b),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_observe_batch(l, NULL, 1, &b),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_observe_batch(l, cgames, 1, NULL),
			 CARC_E_INVALID);
	b.size = 0;
	assert_status_eq(carc_learn_observe_batch(l, cgames, 1, &b),
			 CARC_E_INVALID);
	carc_game_free(g);
	carc_learn_free(l);
}
END_TEST

/* Every call refuses a game of other rules (here: the same options with
 * another stack) or another player count, and changes nothing; a game
 * listed twice in a step is refused when its second action comes. */
START_TEST(games_of_other_rules)
{
	struct carc_rules *r = make_rules("EEEE", 0);
	struct carc_rules *stack = make_rules("EEE", 0);
	struct carc_learn *l = make_learn(r, 2, 5);
	struct carc_learn_shape s = shape_of(l);
	struct carc_game *g = make_game(r, 2, 1), *g3 = make_game(r, 3, 1);
	struct carc_game *gs = make_game(stack, 2, 1);
	struct carc_game *twice[2] = { g, g }, *three[1] = { g3 };
	const struct carc_game *cthree[1] = { g3 }, *cstack[1] = { gs };
	uint8_t mask[200];
	uint32_t to_move[2], actions[2];
	struct carc_learn_batch b;
	carc_move_t m = 12345;
	uint32_t a = 777;
	uint64_t h3 = carc_game_hash(g3);

	ck_assert_uint_le(s.n_actions, sizeof(mask));
	memset(&b, 0, sizeof(b));
	b.size = sizeof(b);
	b.to_move = to_move;
	b.masks = mask;
	assert_status_eq(carc_learn_mask(l, gs, mask, sizeof(mask)),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_observe_batch(l, cstack, 1, &b),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_observe_batch(l, cthree, 1, &b),
			 CARC_E_INVALID);
	assert_status_eq(carc_learn_action_to_move(l, g3, 0, &m),
			 CARC_E_INVALID);
	ck_assert(m == 12345);
	assert_status_eq(carc_learn_move_to_action(l, g3, carc_move_pass(),
						   &a),
			 CARC_E_INVALID);
	ck_assert_uint_eq(a, 777);
	actions[0] = 0;
	assert_status_eq(carc_learn_step_batch(l, three, 1, actions, &b),
			 CARC_E_INVALID);
	ck_assert(carc_game_hash(g3) == h3);

	/* the same placement twice: the second is no longer of its
	 * decision point */
	ck_assert_int_gt(carc_learn_mask(l, g, mask, sizeof(mask)), 0);
	for (a = 0; a < s.n_actions && !mask[a]; a++)
		;
	ck_assert_uint_lt(a, s.place_first + s.place_count);
	actions[0] = actions[1] = a;
	assert_status_eq(carc_learn_step_batch(l, twice, 2, actions, &b),
			 CARC_E_INVALID);
	ck_assert_int_eq(carc_game_history_count(g), 1);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_DEPLOY);

	carc_game_free(g);
	carc_game_free(g3);
	carc_game_free(gs);
	carc_learn_free(l);
	carc_rules_unref(r);
	carc_rules_unref(stack);
}
END_TEST

/* ---- bad arguments --------------------------------------------------- */

/* Which probe move kinds and action sections belong to a decision point:
 * every other one is CARC_E_WRONG_PHASE, and after the end everything is
 * CARC_E_GAME_OVER. */
enum probe {
	PR_PLACE, PR_FOLLOWER, PR_PHANTOM, PR_BUILD, PR_PASS, PR_CHOICE,
	PR_REMOVE, PR_CROP, N_PROBES	/* PR_CROP: the crop responses */
};

static bool
probe_belongs(int phase, int crop, enum probe p)
{
	switch (phase) {
	case CARC_PHASE_PLACE_TILE:
		return p == PR_PLACE;
	case CARC_PHASE_DEPLOY:
		return p == PR_FOLLOWER || p == PR_BUILD || p == PR_PASS;
	case CARC_PHASE_PHANTOM:
		return p == PR_PHANTOM || p == PR_PASS;
	case CARC_PHASE_CROP_CHOICE:
		return p == PR_CHOICE;
	case CARC_PHASE_CROP_RESPONSE:
		/* a response deploys (any figure kind is read as one) or
		 * removes */
		return p == PR_PASS || p == PR_CROP ||
		       (crop == CARC_CROP_DEPLOY
				? p == PR_FOLLOWER || p == PR_PHANTOM ||
					  p == PR_BUILD
				: p == PR_REMOVE);
	default:
		return false;
	}
}

/* The action sections (PR_REMOVE has none: PR_CROP holds the responses) */
static bool
section_belongs(int phase, enum probe p)
{
	switch (p) {
	case PR_PLACE:
		return phase == CARC_PHASE_PLACE_TILE;
	case PR_FOLLOWER:
	case PR_BUILD:
		return phase == CARC_PHASE_DEPLOY;
	case PR_PHANTOM:
		return phase == CARC_PHASE_PHANTOM;
	case PR_PASS:
		return phase == CARC_PHASE_DEPLOY ||
		       phase == CARC_PHASE_PHANTOM ||
		       phase == CARC_PHASE_CROP_RESPONSE;
	case PR_CHOICE:
		return phase == CARC_PHASE_CROP_CHOICE;
	default:
		return phase == CARC_PHASE_CROP_RESPONSE;
	}
}

START_TEST(sections_of_each_decision_point)
{
	struct carc_rules *r = config_rules(5);
	struct carc_learn *l = NULL;
	struct carc_learn_shape s;
	uint32_t c1 = (uint32_t)carc_feature_from_name("c1");
	int seen[8] = { 0 };

	assert_ok(carc_learn_new(r, 2, NULL, &l));
	memset(&s, 0, sizeof(s));
	s.size = sizeof(s);
	assert_ok(carc_learn_shape(l, &s));
	for (uint64_t seed = 1; seed <= 6; seed++) {
		struct carc_game *g = make_game(r, 2, seed);
		struct random_game rg;
		int32_t lx = 0, ly = 0;
		bool more = true;

		random_game_start(&rg, g, seed);
		while (more) {
			int phase = carc_game_phase(g);
			int crop = carc_game_crop_action(g);
			const carc_move_t probes[] = {
				carc_move_place(lx + 1, ly, 0),
				carc_move_deploy(CARC_FIGURE_FOLLOWER, lx, ly,
						 c1),
				carc_move_deploy(CARC_FIGURE_PHANTOM, lx, ly,
						 c1),
				carc_move_build(CARC_FIGURE_TOWER, lx, ly),
				carc_move_pass(),
				carc_move_crop_choice(CARC_CROP_DEPLOY),
				carc_move_remove(CARC_FIGURE_FOLLOWER, lx, ly,
						 c1),
			};
			const uint32_t firsts[N_PROBES] = {
				s.place_first, s.follower_first,
				s.phantom_first, s.build_first, s.pass_first,
				s.crop_choice_first, s.crop_response_first,
				s.crop_response_first,
			};

			ck_assert_int_ge(phase, 0);
			seen[phase]++;
			for (int p = 0; p < N_PROBES; p++) {
				bool in = probe_belongs(phase, crop,
							(enum probe)p);
				uint32_t a = 99999;
				carc_move_t m = 12345;
				int rc;

				if (p < PR_CROP) {
					rc = carc_learn_move_to_action(
						l, g, probes[p], &a);
					if (phase == CARC_PHASE_GAME_OVER)
						assert_status_eq(
							rc, CARC_E_GAME_OVER);
					else if (!in)
						assert_status_eq(
							rc, CARC_E_WRONG_PHASE);
					else
						ck_assert(rc == CARC_OK ||
							  rc == CARC_E_NOT_FOUND);
					if (rc < 0)
						ck_assert_uint_eq(a, 99999);
				}
				if (p == PR_REMOVE)
					continue;	/* PR_CROP's section */
				rc = carc_learn_action_to_move(l, g, firsts[p],
							       &m);
				if (phase == CARC_PHASE_GAME_OVER)
					assert_status_eq(rc, CARC_E_GAME_OVER);
				else if (!section_belongs(phase,
							  (enum probe)p))
					assert_status_eq(rc,
							 CARC_E_WRONG_PHASE);
				else
					ck_assert(rc == CARC_OK ||
						  rc == CARC_E_NOT_FOUND);
				if (rc < 0)
					ck_assert(m == 12345);
			}
			more = random_game_next(&rg);
			if (more) {
				carc_move_t m = random_game_play(&rg);

				if (carc_move_kind(m) == CARC_MOVE_PLACE) {
					lx = carc_move_x(m);
					ly = carc_move_y(m);
				}
			}
		}
		random_game_end(&rg);
		carc_game_free(g);
	}
	/* every decision point was probed */
	ck_assert_int_gt(seen[CARC_PHASE_PLACE_TILE], 0);
	ck_assert_int_gt(seen[CARC_PHASE_DEPLOY], 0);
	ck_assert_int_gt(seen[CARC_PHASE_PHANTOM], 0);
	ck_assert_int_gt(seen[CARC_PHASE_CROP_CHOICE], 0);
	ck_assert_int_gt(seen[CARC_PHASE_CROP_RESPONSE], 0);
	ck_assert_int_eq(seen[CARC_PHASE_GAME_OVER], 6);
	carc_learn_free(l);
	carc_rules_unref(r);
}
END_TEST


/* The layout of every expansion of 0.5: the sections of 0.3 keep their
 * places, the new ones come before the fallback, layout 2 appends the
 * expansion planes and vector entries. */
START_TEST(shape_expansions_of_0_5)
{
	struct carc_rules *r = config_rules(10);
	/* layout 1's window, so that the figures compare with it */
	struct carc_learn *l = make_learn(r, 3, 25);
	struct carc_learn_shape s = shape_of(l);
	struct carc_learn_layout lay = layout_of(l), bad;
	uint32_t k = s.features_per_tile, resp = 625 * k * 3;

	ck_assert_uint_eq(k, 8);
	ck_assert_uint_eq(lay.layout_version, 2);
	ck_assert_uint_eq(s.follower_first, 2500);
	ck_assert_uint_eq(s.phantom_first, 2508);
	ck_assert_uint_eq(s.build_first, 2516);
	ck_assert_uint_eq(s.pass_first, 2519);
	ck_assert_uint_eq(s.crop_choice_first, 2520);
	ck_assert_uint_eq(s.crop_response_first, 2522);
	/* follower, phantom, large follower */
	ck_assert_uint_eq(s.crop_response_count, resp);
	ck_assert_uint_eq(lay.large_follower_first, 2522 + resp);
	ck_assert_uint_eq(lay.large_follower_count, k);
	ck_assert_uint_eq(lay.builder_first, 2522 + resp + k);
	ck_assert_uint_eq(lay.builder_count, k);
	ck_assert_uint_eq(lay.pig_first, 2522 + resp + 2 * k);
	ck_assert_uint_eq(lay.pig_count, k);
	ck_assert_uint_eq(lay.second_tile_first, 2522 + resp + 3 * k);
	ck_assert_uint_eq(lay.second_tile_count, 1);
	ck_assert_uint_eq(s.fallback_first, 2522 + resp + 3 * k + 1);
	ck_assert_uint_eq(s.n_actions, 17548);
	ck_assert_uint_eq(lay.ext_plane_first, 33 + 3 * 6);
	ck_assert_uint_eq(lay.ext_plane_count, 9 + 3 * 3);
	ck_assert_uint_eq(s.n_planes, 33 + 3 * 6 + 9 + 3 * 3);
	ck_assert_uint_eq(s.vector_length, CARC_LEARN_VEC_LENGTH_MAX);
	ck_assert_uint_eq(CARC_LEARN_VEC_LENGTH_MAX, 318);
	/* the size is checked; a refusal writes nothing */
	memset(&bad, 0x5a, sizeof(bad));
	bad.size = sizeof(bad) - 4;
	assert_status_eq(carc_learn_layout(l, &bad), CARC_E_INVALID);
	ck_assert_uint_eq(bad.layout_version, 0x5a5a5a5a);
	bad.size = sizeof(bad);
	assert_status_eq(carc_learn_layout(NULL, &bad), CARC_E_INVALID);
	assert_status_eq(carc_learn_layout(l, NULL), CARC_E_INVALID);
	carc_learn_free(l);
	carc_rules_unref(r);

	/* each alone: only its sections; the mandatory builder turn has
	 * no decision */
	for (int config = 6; config <= 9; config++) {
		r = config_rules(config);
		l = make_learn(r, 2, 0);
		s = shape_of(l);
		lay = layout_of(l);
		ck_assert_uint_eq(lay.layout_version, 2);
		ck_assert_uint_eq(s.vector_length, CARC_LEARN_VEC_LENGTH_MAX);
		ck_assert_uint_eq(lay.ext_plane_count, 9 + 3 * 2);
		ck_assert_uint_eq(lay.large_follower_count,
				  config == 7 ? s.features_per_tile : 0);
		ck_assert_uint_eq(lay.builder_count,
				  config >= 8 ? s.features_per_tile : 0);
		ck_assert_uint_eq(lay.pig_count, lay.builder_count);
		ck_assert_uint_eq(lay.second_tile_count, config == 8);
		ck_assert_uint_eq(s.crop_response_count, 0);
		ck_assert_uint_eq(s.fallback_first, s.n_actions - 1);
		ck_assert_uint_eq(lay.second_tile_first + lay.second_tile_count,
				  s.fallback_first);
		carc_learn_free(l);
		carc_rules_unref(r);
	}
	/* the base game and the expansions of 0.3 keep layout 1 */
	for (int config = 0; config <= 5; config++) {
		r = config_rules(config);
		l = make_learn(r, 2, 0);
		s = shape_of(l);
		lay = layout_of(l);
		ck_assert_uint_eq(lay.layout_version, 1);
		ck_assert_uint_eq(s.vector_length, CARC_LEARN_VEC_LENGTH);
		ck_assert_uint_eq(lay.ext_plane_count, 0);
		ck_assert_uint_eq(lay.ext_plane_first, s.n_planes);
		ck_assert_uint_eq(lay.large_follower_count + lay.builder_count +
					  lay.pig_count + lay.second_tile_count,
				  0);
		ck_assert_uint_eq(lay.large_follower_first, s.fallback_first);
		carc_learn_free(l);
		carc_rules_unref(r);
	}
}
END_TEST

/* The sections of 0.5 belong to their decision points: everywhere else
 * their actions and moves are of the wrong phase. */
START_TEST(sections_of_0_5_by_decision_point)
{
	int seen[9] = { 0 };

	for (int config = 9; config <= 10; config++) {
		struct carc_rules *r = config_rules(config);
		struct carc_learn *l = make_learn(r, 2, 0);
		struct carc_learn_shape s = shape_of(l);
		struct carc_learn_layout lay = layout_of(l);

		for (uint64_t seed = 1; seed <= 8; seed++) {
			struct carc_game *g = make_game(r, 2, seed);
			struct random_game rg;

			random_game_start(&rg, g, seed);
			while (random_game_next(&rg)) {
				int phase = carc_game_phase(g);
				int32_t x, y;
				uint32_t a = 99999, t;
				carc_move_t m = 12345;
				int rc;

				seen[phase]++;
				/* the new deploy sections: DEPLOY only */
				for (uint32_t first = lay.large_follower_first;
				     first < lay.second_tile_first;
				     first += s.features_per_tile) {
					rc = carc_learn_action_to_move(l, g, first,
								       &m);
					if (phase == CARC_PHASE_DEPLOY)
						REQUIRE(rc == CARC_OK ||
							rc == CARC_E_NOT_FOUND);
					else
						REQUIRE_RC(rc,
							   CARC_E_WRONG_PHASE);
				}
				if (lay.second_tile_count) {
					rc = carc_learn_action_to_move(
						l, g, lay.second_tile_first, &m);
					REQUIRE_RC(rc, phase == CARC_PHASE_SECOND_TILE
							       ? CARC_OK
							       : CARC_E_WRONG_PHASE);
				}
				rc = carc_learn_move_to_action(
					l, g, carc_move_second_tile(), &a);
				REQUIRE_RC(rc, phase != CARC_PHASE_SECOND_TILE
						       ? CARC_E_WRONG_PHASE
						       : lay.second_tile_count
							 ? CARC_OK
							 : CARC_E_NOT_FOUND);
				/* a builder, a large follower on the last
				 * tile: DEPLOY only */
				carc_game_tile_at(
					g, (uint32_t)carc_game_tile_count(g) - 1,
					&x, &y, &t, NULL);
				rc = carc_learn_move_to_action(
					l, g,
					carc_move_deploy(CARC_FIGURE_BUILDER, x, y,
							 CARC_F1),
					&a);
				if (phase != CARC_PHASE_DEPLOY &&
				    phase != CARC_PHASE_CROP_RESPONSE)
					REQUIRE_RC(rc, CARC_E_WRONG_PHASE);
				else if (phase == CARC_PHASE_CROP_RESPONSE)
					/* no figure of a response */
					REQUIRE_RC(rc, carc_game_crop_action(g) ==
							       CARC_CROP_DEPLOY
							       ? CARC_E_NOT_FOUND
							       : CARC_E_WRONG_PHASE);
				rc = carc_learn_move_to_action(
					l, g,
					carc_move_deploy(
						CARC_FIGURE_LARGE_FOLLOWER, x, y,
						CARC_F1),
					&a);
				if (phase != CARC_PHASE_DEPLOY &&
				    phase != CARC_PHASE_CROP_RESPONSE)
					REQUIRE_RC(rc, CARC_E_WRONG_PHASE);
				rc = carc_learn_move_to_action(
					l, g, carc_move_pass(), &a);
				if (phase == CARC_PHASE_SECOND_TILE)
					REQUIRE_RC(rc, CARC_OK);
				random_game_play(&rg);
			}
			random_game_end(&rg);
			carc_game_free(g);
		}
		carc_learn_free(l);
		carc_rules_unref(r);
	}
	ck_assert_int_gt(seen[CARC_PHASE_SECOND_TILE], 0);
	ck_assert_int_gt(seen[CARC_PHASE_CROP_RESPONSE], 0);
}
END_TEST

/* Relative seat of @p seen from @me. */
static uint32_t
rel(uint32_t p, uint32_t me, uint32_t players)
{
	return (p + players - me) % players;
}

/* Check the observation of @g for @me against the public queries: the
 * tile planes of every cell, the figure planes, and the vector's
 * supplies, goods, tiles and rule options. */
static void
check_observation(struct carc_learn *l, const struct carc_learn_shape *s,
		  const struct carc_learn_layout *lay,
		  const struct carc_game *g, uint32_t me, uint8_t *planes,
		  int32_t *vec)
{
	const uint32_t w = s->window, P = s->players,
		       x0p = lay->ext_plane_first;
	const bool ext = lay->layout_version == 2;
	int32_t x0, y0;
	int phase = carc_game_phase(g), nt = carc_game_tile_count(g);
	uint32_t large[6] = { 0 }, builders[6] = { 0 }, pigs[6] = { 0 };
	uint32_t sums[3] = { 0 };

	REQUIRE_OK(carc_learn_observe(l, g, me, planes,
				      (size_t)s->n_planes * w * w, vec,
				      s->vector_length));
	REQUIRE_OK(carc_learn_window(l, g, &x0, &y0));
	for (int i = 0; i < nt; i++) {
		int32_t x, y;
		uint32_t t, r, ids[16];
		int nf;
		uint8_t inn = 0, cath = 0, goods[3] = { 0 };

		REQUIRE_OK(carc_game_tile_at(g, (uint32_t)i, &x, &y, &t, &r));
		if (x < x0 || y < y0 || x >= x0 + (int32_t)w ||
		    y >= y0 + (int32_t)w)
			continue;
		REQUIRE_EQ(at(planes, w, CARC_LEARN_PLANE_TILE_TYPE,
			      (uint32_t)(x - x0), (uint32_t)(y - y0)),
			   t + 1);
		if (!ext)
			continue;
		nf = carc_tile_features(t, ids, 16);
		for (int k = 0; k < nf; k++) {
			int fl = carc_tile_feature_flags(t, ids[k]);
			int gd = carc_tile_feature_goods(t, ids[k]);

			inn |= (fl & CARC_FLAG_INN) != 0;
			cath |= (fl & CARC_FLAG_CATHEDRAL) != 0;
			if (gd > 0)
				goods[gd - 1]++;
		}
		REQUIRE_EQ(at(planes, w, x0p + CARC_LEARN_XP_INN,
			      (uint32_t)(x - x0), (uint32_t)(y - y0)),
			   inn);
		REQUIRE_EQ(at(planes, w, x0p + CARC_LEARN_XP_CATHEDRAL,
			      (uint32_t)(x - x0), (uint32_t)(y - y0)),
			   cath);
		for (uint32_t k = 0; k < 3; k++) {
			REQUIRE_EQ(at(planes, w, x0p + CARC_LEARN_XP_GOODS + k,
				      (uint32_t)(x - x0), (uint32_t)(y - y0)),
				   goods[k]);
			sums[k] += goods[k];
		}
		for (uint32_t side = 0; side < 4; side++)
			REQUIRE_EQ(at(planes, w, x0p + CARC_LEARN_XP_RIVER + side,
				      (uint32_t)(x - x0), (uint32_t)(y - y0)),
				   carc_tile_edge(t, r, side) ==
					   CARC_EDGE_RIVER);
	}
	if (ext)
		for (uint32_t k = 0; k < 3; k++)
			REQUIRE_EQ(plane_sum(planes, w,
					     x0p + CARC_LEARN_XP_GOODS + k),
				   sums[k]);
	/* figures: each kind in its plane of its owner's block */
	for (int i = 0; i < carc_game_figure_count(g); i++) {
		uint32_t p, fig, feat, b;
		int32_t x, y;
		uint32_t plane;

		REQUIRE_OK(carc_game_figure_at(g, (uint32_t)i, &p, &fig, &x, &y,
					       &feat));
		b = rel(p, me, P);
		if (x < x0 || y < y0 || x >= x0 + (int32_t)w ||
		    y >= y0 + (int32_t)w)
			continue;
		switch (fig) {
		case CARC_FIGURE_FOLLOWER:
			plane = CARC_LEARN_PLANE_PLAYERS +
				b * CARC_LEARN_PLANES_PER_PLAYER +
				CARC_LEARN_PP_FOLLOWERS;
			REQUIRE(at(planes, w, plane, (uint32_t)(x - x0),
				   (uint32_t)(y - y0)) >= 1);
			continue;
		case CARC_FIGURE_PHANTOM:
			plane = CARC_LEARN_PLANE_PLAYERS +
				b * CARC_LEARN_PLANES_PER_PLAYER +
				CARC_LEARN_PP_PHANTOM;
			break;
		case CARC_FIGURE_LARGE_FOLLOWER:
			large[b]++;
			plane = x0p + CARC_LEARN_XP_PLAYERS +
				b * CARC_LEARN_XPP_PER_PLAYER +
				CARC_LEARN_XPP_LARGE_FOLLOWER;
			break;
		case CARC_FIGURE_BUILDER:
			builders[b]++;
			plane = x0p + CARC_LEARN_XP_PLAYERS +
				b * CARC_LEARN_XPP_PER_PLAYER +
				CARC_LEARN_XPP_BUILDER;
			break;
		default:
			REQUIRE_EQ(fig, CARC_FIGURE_PIG);
			pigs[b]++;
			plane = x0p + CARC_LEARN_XP_PLAYERS +
				b * CARC_LEARN_XPP_PER_PLAYER +
				CARC_LEARN_XPP_PIG;
			break;
		}
		REQUIRE(ext || fig == CARC_FIGURE_PHANTOM);
		REQUIRE_EQ(at(planes, w, plane, (uint32_t)(x - x0),
			      (uint32_t)(y - y0)),
			   1);
	}
	if (ext)
		for (uint32_t b = 0; b < P; b++) {
			uint32_t base = x0p + CARC_LEARN_XP_PLAYERS +
					b * CARC_LEARN_XPP_PER_PLAYER;

			REQUIRE_EQ(plane_sum(planes, w,
					     base + CARC_LEARN_XPP_LARGE_FOLLOWER),
				   large[b]);
			REQUIRE_EQ(plane_sum(planes, w,
					     base + CARC_LEARN_XPP_BUILDER),
				   builders[b]);
			REQUIRE_EQ(plane_sum(planes, w, base + CARC_LEARN_XPP_PIG),
				   pigs[b]);
		}
	/* the vector */
	for (uint32_t b = 0; b < P; b++) {
		uint32_t p = (me + b) % P;

		REQUIRE_EQ(vec[CARC_LEARN_VEC_FOLLOWERS + b],
			   carc_game_supply(g, p, CARC_FIGURE_FOLLOWER));
		if (!ext)
			continue;
		REQUIRE_EQ(vec[CARC_LEARN_VEC_LARGE_FOLLOWERS + b],
			   carc_game_supply(g, p, CARC_FIGURE_LARGE_FOLLOWER));
		REQUIRE_EQ(vec[CARC_LEARN_VEC_BUILDERS + b],
			   carc_game_supply(g, p, CARC_FIGURE_BUILDER));
		REQUIRE_EQ(vec[CARC_LEARN_VEC_PIGS + b],
			   carc_game_supply(g, p, CARC_FIGURE_PIG));
		for (uint32_t k = 0; k < 3; k++)
			REQUIRE_EQ(vec[CARC_LEARN_VEC_GOODS + 6 * k + b],
				   carc_game_goods(g, p, 1 + k));
	}
	if (!ext)
		return;
	{
		int32_t hot = 0, tile = -1, left = 0;
		uint32_t t;

		for (t = 0; t < 36; t++)
			hot += vec[CARC_LEARN_VEC_TILE + t];
		for (t = 36; t < CARC_TILE_TYPES; t++) {
			hot += vec[CARC_LEARN_VEC_TILE_EXT + t - 36];
			if (vec[CARC_LEARN_VEC_TILE_EXT + t - 36])
				tile = (int32_t)t;
			REQUIRE_EQ(vec[CARC_LEARN_VEC_REMAINING_EXT + t - 36],
				   carc_game_remaining(g, t));
		}
		for (t = 0; t < CARC_TILE_TYPES; t++)
			left += t < 36 ? vec[CARC_LEARN_VEC_REMAINING + t]
				       : vec[CARC_LEARN_VEC_REMAINING_EXT + t - 36];
		REQUIRE_EQ(left, vec[CARC_LEARN_VEC_REMAINING_TOTAL]);
		REQUIRE_EQ(hot, phase == CARC_PHASE_GAME_OVER ? 0 : 1);
		if (tile >= 0 && phase == CARC_PHASE_PLACE_TILE)
			REQUIRE_EQ(tile, carc_game_current_tile(g));
		REQUIRE_EQ(vec[CARC_LEARN_VEC_PHASE_EXT],
			   phase == CARC_PHASE_SECOND_TILE);
		REQUIRE_EQ(vec[CARC_LEARN_VEC_PHASE_EXT + 1], 0);
		{
			int part = carc_game_turn_part(g);

			REQUIRE_EQ(vec[CARC_LEARN_VEC_TURN_PART],
				   part == CARC_TURN_FIRST_BUILDER);
			REQUIRE_EQ(vec[CARC_LEARN_VEC_TURN_PART + 1],
				   part == CARC_TURN_SECOND);
		}
		for (uint32_t o = 17; o <= 32; o++) {
			int32_t v = 0;

			if (carc_rules_get(carc_game_rules(g), o, &v) < 0)
				v = 0;
			REQUIRE_EQ(vec[CARC_LEARN_VEC_RULES_EXT + o - 17], v);
		}
	}
}

START_TEST(observe_expansions_of_0_5)
{
	uint64_t positions = 0;
	uint32_t tiles_seen = 0, figs = 0;

	for (int config = 6; config < N_CONFIGS; config++) {
		uint32_t players = 2 + (uint32_t)config % 5;
		struct carc_rules *r = config_rules(config);
		struct carc_learn *l = make_learn(r, players, 0);
		struct carc_learn_shape s = shape_of(l);
		struct carc_learn_layout lay = layout_of(l);
		uint8_t *planes = malloc((size_t)s.n_planes * s.window *
					 s.window);
		int32_t *vec = malloc(s.vector_length * sizeof(*vec));
		struct carc_game *g = make_game(r, players, (uint64_t)config);
		struct random_game rg;

		ck_assert(planes && vec);
		random_game_start(&rg, g, (uint64_t)config * 7);
		while (random_game_next(&rg)) {
			uint32_t me = (uint32_t)(positions % players);

			check_observation(l, &s, &lay, g, me, planes, vec);
			positions++;
			random_game_play(&rg);
		}
		check_observation(l, &s, &lay, g, 0, planes, vec);
		for (uint32_t k = 0; k < 3; k++)
			tiles_seen += plane_sum(planes, s.window,
						lay.ext_plane_first +
							CARC_LEARN_XP_GOODS + k);
		figs += carc_game_figure_count(g) > 0;
		random_game_end(&rg);
		carc_game_free(g);
		carc_learn_free(l);
		carc_rules_unref(r);
		free(planes);
		free(vec);
	}
	/* goods were on the board at the end of the traders' games, and
	 * figures at the end of each game */
	ck_assert_uint_gt(tiles_seen, 0);
	ck_assert_uint_eq(figs, N_CONFIGS - 6);
	ck_assert_uint_gt(positions, 1000);

	/* the base game is unchanged: layout 1 checked the same way */
	{
		struct carc_rules *r = config_rules(5);
		struct carc_learn *l = make_learn(r, 2, 0);
		struct carc_learn_shape s = shape_of(l);
		struct carc_learn_layout lay = layout_of(l);
		uint8_t *planes = malloc((size_t)s.n_planes * s.window *
					 s.window);
		int32_t vec[CARC_LEARN_VEC_LENGTH];
		struct carc_game *g = make_game(r, 2, 5);
		struct random_game rg;

		ck_assert_ptr_nonnull(planes);
		random_game_start(&rg, g, 5);
		while (random_game_next(&rg)) {
			check_observation(l, &s, &lay, g, 1, planes, vec);
			random_game_play(&rg);
		}
		random_game_end(&rg);
		carc_game_free(g);
		carc_learn_free(l);
		carc_rules_unref(r);
		free(planes);
	}
}
END_TEST

/* A cathedral, an inn, goods and a river, read off the tile tables. */
/* The builder's double turn in the vector, on a hand-made game of
 * Traders & Builders (the position of test-traders.c's builder_road):
 * Red's thief at (1,0) and builder at (2,0) on the start tile's road,
 * the tile at (3,0) extends it, the second tile at (4,0) again. */
static void
turn_part_seen(struct carc_learn *l, struct carc_game *g, uint32_t viewer,
	       int32_t earned, int32_t second)
{
	int32_t vec[CARC_LEARN_VEC_LENGTH_MAX];
	struct carc_learn_shape s = shape_of(l);
	size_t n = (size_t)s.n_planes * s.window * s.window;
	uint8_t *planes = malloc(n);

	ck_assert_ptr_nonnull(planes);
	assert_ok(carc_learn_observe(l, g, viewer, planes, n, vec,
				     CARC_LEARN_VEC_LENGTH_MAX));
	free(planes);
	ck_assert_int_eq(vec[CARC_LEARN_VEC_TURN_PART], earned);
	ck_assert_int_eq(vec[CARC_LEARN_VEC_TURN_PART + 1], second);
	ck_assert_int_eq(vec[CARC_LEARN_VEC_PHASE_EXT],
			 carc_game_phase(g) == CARC_PHASE_SECOND_TILE);
}

START_TEST(observe_turn_part)
{
	static const uint32_t order[] = {
		CARC_TILE_U, CARC_TILE_B, CARC_TILE_U, CARC_TILE_B,
		CARC_TILE_U, CARC_TILE_U, CARC_TILE_B, CARC_TILE_B,
	};
	struct carc_rules_builder *b = NULL;
	struct carc_learn *l;
	struct carc_game *g;
	int32_t x, y;

	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_TRADERS_BUILDERS, 1));
	g = make_stacked_game(b, 2, order, 8);
	l = make_learn(carc_game_rules(g), 2, 0);
	ck_assert_uint_eq(layout_of(l).layout_version, 2);
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_R1);
	play(g, CARC_TILE_B, 0, 1, 0);
	pass(g);
	play(g, CARC_TILE_U, 2, 0, 0);
	last_tile_xy(g, &x, &y);
	assert_ok(carc_game_apply(g, carc_move_deploy(CARC_FIGURE_BUILDER, x,
						      y, CARC_R1)));
	/* the builder's own tile earned nothing */
	turn_part_seen(l, g, CARC_LEARN_TO_MOVE, 0, 0);
	play(g, CARC_TILE_B, 1, 1, 0);
	pass(g);
	turn_part_seen(l, g, CARC_LEARN_TO_MOVE, 0, 0);
	play(g, CARC_TILE_U, 3, 0, 0);
	/* Red deploys; Blue sees the same public fact */
	turn_part_seen(l, g, CARC_LEARN_TO_MOVE, 1, 0);
	turn_part_seen(l, g, 1, 1, 0);
	pass(g);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_SECOND_TILE);
	turn_part_seen(l, g, CARC_LEARN_TO_MOVE, 1, 0);
	assert_ok(carc_game_apply(g, carc_move_second_tile()));
	turn_part_seen(l, g, CARC_LEARN_TO_MOVE, 0, 1);
	play(g, CARC_TILE_U, 4, 0, 0);
	turn_part_seen(l, g, CARC_LEARN_TO_MOVE, 0, 1);
	pass(g);
	ck_assert_int_eq(carc_game_current_player(g), 1);
	turn_part_seen(l, g, CARC_LEARN_TO_MOVE, 0, 0);
	carc_learn_free(l);
	carc_game_free(g);
}
END_TEST

/* The default window: 25 for every rule set of layout 1, 2 more for
 * each of The River, Inns & Cathedrals and Traders & Builders; a window
 * given is kept. */
START_TEST(default_window)
{
	static const uint32_t want[N_CONFIGS] = {
		25, 25, 25, 25, 25, 25, 27, 27, 27, 27, 31, 31,
	};

	for (int config = 0; config < N_CONFIGS; config++) {
		struct carc_rules *r = config_rules(config);
		struct carc_learn *l = make_learn(r, 2, 0);
		struct carc_learn *given = make_learn(r, 2, 25);
		struct carc_learn_shape s = shape_of(l);

		ck_assert_uint_eq(s.window, want[config]);
		ck_assert_uint_eq(s.place_count, want[config] * want[config] * 4);
		ck_assert_uint_eq(shape_of(given).window, 25);
		carc_learn_free(given);
		carc_learn_free(l);
		carc_rules_unref(r);
	}
	/* NULL options and zeroed ones agree; two expansions give 29 */
	{
		struct carc_rules *r =
			make_rules(NULL, CARC_OPT_RIVER, 1,
				   CARC_OPT_INNS_CATHEDRALS, 1, 0);
		struct carc_learn *l = NULL;

		assert_ok(carc_learn_new(r, 4, NULL, &l));
		ck_assert_uint_eq(shape_of(l).window, 29);
		carc_learn_free(l);
		carc_rules_unref(r);
	}
}
END_TEST

START_TEST(observe_tile_features_of_0_5)
{
	struct carc_rules *r = config_rules(10);
	struct carc_learn *l = make_learn(r, 2, 0);
	struct carc_learn_shape s = shape_of(l);
	struct carc_learn_layout lay = layout_of(l);
	uint8_t *planes = malloc((size_t)s.n_planes * s.window * s.window);
	int32_t vec[CARC_LEARN_VEC_LENGTH_MAX];
	struct carc_game *g = make_game(r, 2, 1);
	int32_t x0, y0;

	ck_assert_ptr_nonnull(planes);
	/* the spring at (0, 0) */
	assert_ok(carc_learn_observe(l, g, 0, planes,
				     (size_t)s.n_planes * s.window * s.window, vec,
				     CARC_LEARN_VEC_LENGTH_MAX));
	assert_ok(carc_learn_window(l, g, &x0, &y0));
	ck_assert_uint_eq(at(planes, s.window, CARC_LEARN_PLANE_TILE_TYPE,
			     (uint32_t)-x0, (uint32_t)-y0),
			  CARC_TILE_RI_1 + 1);
	ck_assert_uint_eq(plane_sum(planes, s.window, lay.ext_plane_first +
						       CARC_LEARN_XP_RIVER) +
				  plane_sum(planes, s.window,
					    lay.ext_plane_first +
						    CARC_LEARN_XP_RIVER + 1) +
				  plane_sum(planes, s.window,
					    lay.ext_plane_first +
						    CARC_LEARN_XP_RIVER + 2) +
				  plane_sum(planes, s.window,
					    lay.ext_plane_first +
						    CARC_LEARN_XP_RIVER + 3),
			  1);	/* the spring has one river side */
	/* the river's tile in hand is in the extension's one-hot */
	ck_assert_int_eq(vec[CARC_LEARN_VEC_TILE_EXT +
			     carc_game_current_tile(g) - 36], 1);
	ck_assert_int_eq(vec[CARC_LEARN_VEC_LARGE_FOLLOWERS], 1);
	ck_assert_int_eq(vec[CARC_LEARN_VEC_BUILDERS + 1], 1);
	ck_assert_int_eq(vec[CARC_LEARN_VEC_PIGS + 1], 1);
	ck_assert_int_eq(vec[CARC_LEARN_VEC_PIGS + 2], 0);	/* no seat */
	ck_assert_int_eq(vec[CARC_LEARN_VEC_RULES_EXT + CARC_OPT_RIVER - 17],
			 1);
	ck_assert_int_eq(vec[CARC_LEARN_VEC_RULES_EXT +
			     CARC_OPT_TRADERS_BUILDERS - 17], 1);
	/* the tables: IC-1 the cathedral, an inn on IC-15's road */
	ck_assert_int_eq(carc_tile_feature_flags(CARC_TILE_IC_1, CARC_C1),
			 CARC_FLAG_CATHEDRAL);
	ck_assert_int_eq(carc_tile_feature_flags(CARC_TILE_IC_15, CARC_R1),
			 CARC_FLAG_INN);
	carc_game_free(g);
	carc_learn_free(l);
	carc_rules_unref(r);
	free(planes);
}
END_TEST

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
	tcase_add_test(tc, round_trip_wide_window);
	tcase_add_test(tc, observe_hand_built);
	tcase_add_test(tc, crop_circle_actions);
	tcase_add_test(tc, reset_equals_new);
	tcase_add_test(tc, step_batch_matches_single_calls);
	tcase_add_test(tc, step_batch_refusal_changes_nothing);
	tcase_add_test(tc, step_batch_game_over);
	tcase_add_test(tc, bad_arguments);
	tcase_add_test(tc, sections_of_each_decision_point);
	tcase_add_test(tc, games_of_other_rules);
	tcase_add_test(tc, shape_expansions_of_0_5);
	tcase_add_test(tc, sections_of_0_5_by_decision_point);
	tcase_add_test(tc, observe_expansions_of_0_5);
	tcase_add_test(tc, observe_tile_features_of_0_5);
	tcase_add_test(tc, observe_turn_part);
	tcase_add_test(tc, default_window);
	suite_add_tcase(s, tc);
	return s;
}
