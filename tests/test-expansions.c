/* SPDX-License-Identifier: MIT */
/*
 * All three expansions together (doc/users/rules.md#turn-with-expansions):
 * one turn using every step, and a seeded random-game property test
 * over every player
 * count and random option combinations.
 */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "test-common.h"

static struct carc_game *g;

static void
teardown(void)
{
	carc_game_free(g);
	g = NULL;
}

static int32_t
ev_attr(uint32_t index, uint32_t attr)
{
	int32_t v = -999;

	assert_ok(carc_game_event_get(g, index, attr, &v));
	return v;
}

/* A game whose draw order is @tiles (tile ids), all expansions on. */
static struct carc_game *
scen_all(const uint32_t *tiles, size_t n, int lb_scoring)
{
	struct carc_rules_builder *b = NULL;

	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_PHANTOM, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_I, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_II, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_LITTLE_BUILDINGS, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_LB_SCORING, lb_scoring));
	return make_stacked_game(b, 2, tiles, n);
}

/* ---- interactions ------------------------------------------------------ */

START_TEST(one_turn_every_step)
{
	/* Red: CCI-4(0)@(1,0) (club; its road joins SD's), a tower on it,
	 * his phantom on the road; the crop circle: deploy, and Red adds a
	 * follower next to his phantom.  Blue extends the road last. */
	static const uint32_t order[] = { CARC_TILE_CCI_4, CARC_TILE_U };
	int v = _i;

	g = scen_all(order, 2, v);
	play(g, CARC_TILE_CCI_4, 1, 0, 0);
	assert_ok(carc_game_apply(g, carc_move_build(CARC_FIGURE_TOWER, 1, 0)));
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PHANTOM);
	assert_ok(carc_game_apply(g, carc_move_deploy(CARC_FIGURE_PHANTOM, 1,
						      0, CARC_R1)));
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_CROP_CHOICE);
	ck_assert_int_eq(carc_game_current_player(g), 0);
	assert_ok(carc_game_apply(g, carc_move_crop_choice(CARC_CROP_DEPLOY)));
	/* Blue has no thief: skipped; Red answers next to his phantom */
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_CROP_RESPONSE);
	ck_assert_int_eq(carc_game_current_player(g), 0);
	{
		carc_move_t m[8];

		ck_assert_int_eq(carc_game_legal_moves(g, m, 8), 2);
		ck_assert(m[0] == carc_move_deploy(CARC_FIGURE_FOLLOWER, 1, 0,
						   CARC_R1) ||
			  m[1] == carc_move_deploy(CARC_FIGURE_FOLLOWER, 1, 0,
						   CARC_R1));
	}
	assert_ok(carc_game_apply(g, carc_move_deploy(CARC_FIGURE_FOLLOWER, 1,
						      0, CARC_R1)));
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	ck_assert_int_eq(carc_game_current_player(g), 1);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, 0, CARC_R1, 0), 2);
	play(g, CARC_TILE_U, -1, 0, 0);
	pass(g);
	pass(g);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	/* incomplete road of 3 tiles, the tower on one of them */
	ck_assert_int_eq(carc_game_score(g, 0), 3 + (v ? 3 : 1));
	ck_assert_int_eq(carc_game_score(g, 1), 0);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_TYPE), CARC_EVENT_FINAL);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_POINTS + 0), 3);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_BUILDING_POINTS + 0),
			 v ? 3 : 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_FIGURES + 0), 2);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_PHANTOM + 0), 1);
}
END_TEST

START_TEST(e9b_with_tower_on_crop_tile)
{
	/* E9(b), and Blue puts a tower on the crop-circle tile: both
	 * tied players get the road's 8 and the tower */
	static const uint32_t order[] = {
		CARC_TILE_U, CARC_TILE_V, CARC_TILE_V, CARC_TILE_V,
		CARC_TILE_CCI_4, CARC_TILE_A, CARC_TILE_A,
	};
	int v = _i;

	g = scen_all(order, 7, v);
	play(g, CARC_TILE_U, -1, 0, 0);		/* Blue */
	deploy(g, CARC_R1);
	pass(g);
	play(g, CARC_TILE_V, -1, 1, 0);		/* Red */
	pass(g);
	assert_ok(carc_game_apply(g, carc_move_deploy(CARC_FIGURE_PHANTOM, -1,
						      1, CARC_R1)));
	play(g, CARC_TILE_V, -2, 0, 3);
	pass(g);
	pass(g);
	play(g, CARC_TILE_V, -2, 1, 2);
	pass(g);
	play(g, CARC_TILE_CCI_4, 1, 0, 0);	/* Blue: tower, no phantom */
	assert_ok(carc_game_apply(g, carc_move_build(CARC_FIGURE_TOWER, 1, 0)));
	pass(g);
	assert_ok(carc_game_apply(g, carc_move_crop_choice(CARC_CROP_DEPLOY)));
	ck_assert_int_eq(carc_game_current_player(g), 1);
	assert_ok(carc_game_apply(g, carc_move_deploy(CARC_FIGURE_FOLLOWER, -1,
						      1, CARC_R1)));
	ck_assert_int_eq(carc_game_current_player(g), 0);
	assert_ok(carc_game_apply(g, carc_move_deploy(CARC_FIGURE_FOLLOWER, -1,
						      0, CARC_R1)));
	play(g, CARC_TILE_A, -1, 2, 2);		/* Red */
	pass(g);
	play(g, CARC_TILE_A, 1, 1, 2);		/* Blue */
	pass(g);
	pass(g);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	ck_assert_int_eq(carc_game_score(g, 0), 8 + (v ? 3 : 1));
	ck_assert_int_eq(carc_game_score(g, 1), 8 + (v ? 3 : 1));
}
END_TEST

/* ---- random games ------------------------------------------------------ */

/* Options switched at random; the four expansions always on. */
static const struct {
	uint32_t option;
	int32_t max;
} random_options[] = {
	{ CARC_OPT_FARM_SCORING, 2 },
	{ CARC_OPT_SMALL_CITY, 1 },
	{ CARC_OPT_LB_SCORING, 1 },
	{ CARC_OPT_LB_DISTRIBUTION, 1 },
	{ CARC_OPT_LB_ZERO_FIELD, 1 },
	{ CARC_OPT_LB_PER_CITY_FIELDS, 1 },
	{ CARC_OPT_CROP_DEPLOY_ANY, 1 },
	{ CARC_OPT_CROP_DEPLOY_MANDATORY, 1 },
	{ CARC_OPT_CROP_PHANTOM, 1 },
	{ CARC_OPT_CROP_AFTER_PHANTOM, 1 },
};

static const uint32_t all_features[] = {
	CARC_C1, CARC_C2, CARC_C3, CARC_C4, CARC_R1, CARC_R2, CARC_R3,
	CARC_R4, CARC_F1, CARC_F2, CARC_F3, CARC_F4, CARC_MONASTERY,
};

/* Building tokens in all supplies: one pool per player when the kinds
 * are interchangeable (standard game by the rules). */
static int
token_supply(const struct carc_game *game, uint32_t players, int pooled)
{
	int sum = 0;

	for (uint32_t p = 0; p < players; p++) {
		int t = carc_game_supply(game, p, CARC_FIGURE_TOWER);
		int h = carc_game_supply(game, p, CARC_FIGURE_HOUSE);
		int s = carc_game_supply(game, p, CARC_FIGURE_SHED);

		ck_assert(t >= 0 && h >= 0 && s >= 0);
		if (pooled) {
			ck_assert_int_eq(t, h);
			ck_assert_int_eq(t, s);
			sum += t;
		} else {
			sum += t + h + s;
		}
	}
	return sum;
}

static void
check_figures(const struct carc_game *game, uint32_t players)
{
	int fol[MAX_PLAYERS] = { 0 }, pha[MAX_PLAYERS] = { 0 };
	int n = carc_game_figure_count(game);

	ck_assert_int_ge(n, 0);
	for (int i = 0; i < n; i++) {
		uint32_t p = 99, f = 99, feat = 0;
		int32_t x, y;

		assert_ok(carc_game_figure_at(game, (uint32_t)i, &p, &f, &x,
					      &y, &feat));
		ck_assert_uint_lt(p, players);
		ck_assert(f == CARC_FIGURE_FOLLOWER || f == CARC_FIGURE_PHANTOM);
		ck_assert_int_ge(carc_game_tile_find(game, x, y), 0);
		if (f == CARC_FIGURE_FOLLOWER)
			fol[p]++;
		else
			pha[p]++;
	}
	for (uint32_t p = 0; p < players; p++) {
		ck_assert_int_eq(fol[p] + carc_game_supply(game, p,
				 CARC_FIGURE_FOLLOWER), DEFAULT_FOLLOWERS);
		ck_assert_int_eq(pha[p] + carc_game_supply(game, p,
				 CARC_FIGURE_PHANTOM), 1);
	}
}

static int
listed(const carc_move_t *moves, int n, carc_move_t m)
{
	for (int i = 0; i < n; i++)
		if (moves[i] == m)
			return 1;
	return 0;
}

/* A random move near the action: often well-formed, rarely legal. */
static carc_move_t
random_move(const struct carc_game *game, uint64_t *rng)
{
	int n = carc_game_tile_count(game);
	int32_t x = 0, y = 0;
	uint32_t feat = all_features[test_rand(rng) % 13];
	uint32_t fig = 1 + (uint32_t)(test_rand(rng) % 5);

	assert_ok(carc_game_tile_at(game, (uint32_t)(test_rand(rng) %
						     (uint64_t)n),
				    &x, &y, NULL, NULL));
	if (test_rand(rng) % 3 == 0) {
		x += (int32_t)(test_rand(rng) % 3) - 1;
		y += (int32_t)(test_rand(rng) % 3) - 1;
	}
	switch (test_rand(rng) % 8) {
	case 0:
		return carc_move_place(x, y, (uint32_t)(test_rand(rng) % 4));
	case 1:
	case 2:
		return carc_move_deploy(fig <= 2 ? fig : 1, x, y, feat);
	case 3:
		return carc_move_build(fig >= 3 ? fig : 3, x, y);
	case 4:
		return carc_move_pass();
	case 5:
		return carc_move_crop_choice(1 + (uint32_t)(test_rand(rng) % 2));
	case 6:
		return carc_move_remove(fig <= 2 ? fig : 1, x, y, feat);
	default:
		/* raw bits: mostly malformed */
		return test_rand(rng);
	}
}

/* Decision points met by random_game(), to check that the games reach
 * every step of the expansions. */
static int phases_seen[CARC_PHASE_GAME_OVER + 1];

static void
random_game(uint64_t seed, uint32_t players, int check_all)
{
	struct carc_rules_builder *b = NULL;
	struct carc_rules *rules = NULL;
	struct carc_game *game, *scratch = NULL;
	struct random_game r;
	uint64_t rng = seed;
	int32_t opt[32] = { 0 };
	int64_t ev_sum[MAX_PLAYERS] = { 0 };
	int score[MAX_PLAYERS] = { 0 };
	int pooled, tokens, steps = 0;

	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_PHANTOM, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_I, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_II, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_LITTLE_BUILDINGS, 1));
	/* farmers off in one game out of six */
	opt[CARC_OPT_FARMERS] = test_rand(&rng) % 6 != 0;
	assert_ok(carc_rules_builder_set(b, CARC_OPT_FARMERS,
					 opt[CARC_OPT_FARMERS]));
	for (size_t i = 0; i < sizeof(random_options) /
			       sizeof(random_options[0]); i++) {
		uint32_t o = random_options[i].option;

		opt[o] = (int32_t)(test_rand(&rng) %
				   (uint64_t)(random_options[i].max + 1));
		assert_ok(carc_rules_builder_set(b, o, opt[o]));
	}
	assert_ok(carc_rules_builder_build(b, &rules));
	carc_rules_builder_free(b);
	ck_assert_int_eq(carc_rules_tile_count(rules, CARC_TILE_CCII_6), 1);
	game = make_game(rules, players, seed);
	carc_rules_unref(rules);
	assert_ok(carc_game_clone(game, &scratch));

	pooled = opt[CARC_OPT_LB_SCORING] == CARC_LB_STANDARD &&
		 opt[CARC_OPT_LB_DISTRIBUTION] == CARC_LB_DIST_RULES;
	tokens = token_supply(game, players, pooled);
	ck_assert_int_eq(tokens, pooled ? 18 / (int)players * (int)players
					: 3 * (6 / (int)players) *
					  (int)players);
	ck_assert_int_eq(carc_game_remaining_total(game), 82);

	/* the options' draws, then the game's, from one stream */
	random_game_start(&r, game, rng);
	while (random_game_next(&r)) {
		const carc_move_t *moves = r.moves;
		int n = r.n, n_ev;
		uint64_t before;

		ck_assert_int_lt(++steps, 5000);
		phases_seen[carc_game_phase(game)]++;

		/* every listed move is legal, and (fully or a sample of
		 * them) applies to a copy */
		for (int i = 0; i < n; i++) {
			ck_assert_int_eq(carc_game_is_legal(game, moves[i]), 1);
			if (!check_all && test_rand(&r.rng) % 16 != 0)
				continue;
			assert_ok(carc_game_copy(scratch, game));
			assert_ok(carc_game_apply(scratch, moves[i]));
		}

		/* moves not listed are refused and change nothing */
		before = carc_game_hash(game);
		for (int k = 0; k < 6; k++) {
			carc_move_t m = random_move(game, &r.rng);

			if (listed(moves, n, m))
				continue;
			ck_assert_int_eq(carc_game_is_legal(game, m), 0);
			ck_assert_int_lt(carc_game_apply(game, m), 0);
			ck_assert_msg(carc_game_hash(game) == before,
				      "seed %llu: hash changed by a refused "
				      "move %#llx", (unsigned long long)seed,
				      (unsigned long long)m);
		}

		random_game_play(&r);

		/* scores only grow, by exactly the points of the events */
		n_ev = carc_game_event_count(game);
		ck_assert_int_ge(n_ev, 0);
		for (uint32_t p = 0; p < players; p++) {
			int s = carc_game_score(game, p);
			int delta = 0;

			for (int e = 0; e < n_ev; e++) {
				int32_t pts = -1, bp = -1;

				assert_ok(carc_game_event_get(game, (uint32_t)e,
					CARC_EVENT_POINTS + p, &pts));
				assert_ok(carc_game_event_get(game, (uint32_t)e,
					CARC_EVENT_BUILDING_POINTS + p, &bp));
				ck_assert(pts >= 0 && bp >= 0);
				delta += pts + bp;
			}
			ck_assert_int_ge(s, score[p]);
			ck_assert_msg(s - score[p] == delta,
				      "seed %llu player %u: score +%d, events %d",
				      (unsigned long long)seed, p,
				      s - score[p], delta);
			ev_sum[p] += delta;
			score[p] = s;
		}

		check_figures(game, players);
		ck_assert_int_eq(carc_game_building_count(game) +
				 token_supply(game, players, pooled), tokens);
	}

	/* the end: empty stack, nothing left to do, every tile accounted */
	ck_assert_int_eq(carc_game_phase(game), CARC_PHASE_GAME_OVER);
	ck_assert_int_eq(carc_game_remaining_total(game), 0);
	ck_assert_int_eq(carc_game_legal_moves(game, NULL, 0), 0);
	assert_status_eq(carc_game_current_tile(game), CARC_E_GAME_OVER);
	ck_assert_int_eq(carc_game_tile_count(game) +
			 carc_game_discard_count(game), 84);
	for (uint32_t p = 0; p < players; p++)
		ck_assert_int_eq(ev_sum[p], carc_game_score(game, p));
	random_game_end(&r);
	carc_game_free(scratch);
	carc_game_free(game);
}

START_TEST(random_games)
{
	/* 100 games in 10 chunks, player counts 2-6 in turn; every listed
	 * move applied in the first game of each chunk.  2 per chunk under
	 * valgrind (CARC_TEST_QUICK). */
	int n = getenv("CARC_TEST_QUICK") != NULL ? 2 : 10;

	memset(phases_seen, 0, sizeof(phases_seen));
	for (int i = 0; i < n; i++) {
		uint64_t seed = (uint64_t)_i * 10 + (uint64_t)i + 1;

		random_game(seed, 2 + (uint32_t)(seed % 5), i == 0);
	}
	/* twelve crop tiles a game: every step is reached */
	ck_assert_int_gt(phases_seen[CARC_PHASE_PHANTOM], 0);
	ck_assert_int_gt(phases_seen[CARC_PHASE_CROP_CHOICE], 0);
	ck_assert_int_gt(phases_seen[CARC_PHASE_CROP_RESPONSE], 0);
}
END_TEST

START_TEST(random_games_slow)
{
	for (int i = 0; i < 50; i++) {
		uint64_t seed = 500000 + (uint64_t)_i * 50 + (uint64_t)i;

		random_game(seed, 2 + (uint32_t)(seed % 5), 1);
	}
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("expansions");
	TCase *tc;

	tc = tcase_create("interactions");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_loop_test(tc, one_turn_every_step, 0, 2);
	tcase_add_loop_test(tc, e9b_with_tower_on_crop_tile, 0, 2);
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
