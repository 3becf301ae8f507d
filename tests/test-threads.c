/* SPDX-License-Identifier: MIT */
/*
 * Games on different threads share only immutable rules (header, "one game
 * may be used by one thread at a time; a struct carc_rules ... may be shared
 * freely"): several threads play the same seeded games at once, with games
 * created from, cloned from and copied between one shared rules object, and
 * every result must equal the single-threaded run.
 */
#include "config.h"

#include <check.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "test-common.h"

#define N_THREADS 4
#define N_GAMES 100

struct result {
	uint64_t hash;
	int32_t score[6];
	int32_t moves;
};

static struct carc_rules *shared_rules;
static struct result expected[N_GAMES];

/* The games are random ones drawn with test_rand() as the harness of
 * test-common.h draws them, but not with the harness itself: it asserts
 * with Check, which the worker threads must not call, and play_seeded() swaps
 * the game for a clone mid-game. */
#define next_random test_rand

/* Play game @i to the end; every 16th move goes through a clone and a
 * copy so that those paths run concurrently too. */
static int
play_seeded(int i, struct result *out)
{
	uint32_t players = 2 + (uint32_t)i % 5;
	uint64_t rng = 1000 + (uint64_t)i;
	carc_move_t moves[1024];
	struct carc_game *g, *spare = NULL;
	int n_moves = 0;

	if (carc_game_new(shared_rules, players, (uint64_t)i, &g) < 0)
		return -1;
	while (!carc_game_is_over(g)) {
		int n = carc_game_legal_moves(g, moves, 1024);

		if (n <= 0 || n > 1024)
			goto fail;
		if (carc_game_apply(g, moves[next_random(&rng) % (uint64_t)n]) < 0)
			goto fail;
		if (++n_moves % 16 == 0) {
			struct carc_game *c;

			if (carc_game_clone(g, &c) < 0)
				goto fail;
			if (!spare && carc_game_clone(c, &spare) < 0) {
				carc_game_free(c);
				goto fail;
			}
			if (carc_game_copy(spare, c) < 0 ||
			    carc_game_hash(spare) != carc_game_hash(g)) {
				carc_game_free(c);
				goto fail;
			}
			carc_game_free(g);
			g = c;
		}
	}
	memset(out, 0, sizeof(*out));
	out->hash = carc_game_hash(g);
	out->moves = n_moves;
	for (uint32_t p = 0; p < players; p++)
		out->score[p] = carc_game_score(g, p);
	carc_game_free(spare);
	carc_game_free(g);
	return 0;
fail:
	carc_game_free(spare);
	carc_game_free(g);
	return -1;
}

static void *
worker(void *arg)
{
	intptr_t bad = 0;

	(void)arg;
	for (int i = 0; i < N_GAMES; i++) {
		struct result r;

		if (play_seeded(i, &r) < 0 || memcmp(&r, &expected[i], sizeof(r)) != 0)
			bad++;
	}
	return (void *)bad;
}

static void
setup(void)
{
	struct carc_rules_builder *b;

	ck_assert_int_eq(carc_rules_builder_new(&b), CARC_OK);
	carc_rules_builder_set(b, CARC_OPT_PHANTOM, 1);
	carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_I, 1);
	carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_II, 1);
	carc_rules_builder_set(b, CARC_OPT_LITTLE_BUILDINGS, 1);
	ck_assert_int_eq(carc_rules_builder_build(b, &shared_rules), CARC_OK);
	carc_rules_builder_free(b);
}

static void
teardown(void)
{
	carc_rules_unref(shared_rules);
	shared_rules = NULL;
}

START_TEST(threads_match_single_thread)
{
	pthread_t th[N_THREADS];

	for (int i = 0; i < N_GAMES; i++)
		ck_assert_int_eq(play_seeded(i, &expected[i]), 0);
	for (int t = 0; t < N_THREADS; t++)
		ck_assert_int_eq(pthread_create(&th[t], NULL, worker, NULL), 0);
	for (int t = 0; t < N_THREADS; t++) {
		void *bad;

		ck_assert_int_eq(pthread_join(th[t], &bad), 0);
		ck_assert_int_eq((intptr_t)bad, 0);
	}
}
END_TEST

/* The rules' reference count is atomic: threads taking and dropping
 * references while games run leave it balanced. */
static void *
ref_worker(void *arg)
{
	(void)arg;
	for (int i = 0; i < 20000; i++)
		carc_rules_unref(carc_rules_ref(shared_rules));
	return NULL;
}

START_TEST(rules_refcount_is_atomic)
{
	pthread_t th[N_THREADS];
	struct carc_game *g;

	for (int t = 0; t < N_THREADS; t++)
		ck_assert_int_eq(pthread_create(&th[t], NULL, ref_worker, NULL),
				 0);
	for (int t = 0; t < N_THREADS; t++)
		ck_assert_int_eq(pthread_join(th[t], NULL), 0);
	/* still exactly one reference, ours: a game can use the rules */
	ck_assert_int_eq(carc_game_new(shared_rules, 2, 1, &g), CARC_OK);
	carc_game_free(g);
}
END_TEST

/*
 * Reference counting under contention: player threads take a rules
 * object from a shared slot, start a game on it and drop their own
 * reference (the game holds one), while creator threads build new rules
 * and replace the objects in the slots, dropping the slot's reference.
 * A rules object is freed by whichever thread drops its last reference,
 * often a player finishing a game on rules no slot holds any more.  Each
 * game must end as the same game played alone; ThreadSanitizer (the CI
 * stage 'tsan'), valgrind and AddressSanitizer see the rest.
 */
#define CHURN_CONFIGS 4
#define CHURN_SEEDS 8
#define CHURN_SLOTS 3
#define CHURN_PLAYERS 4
#define CHURN_CREATORS 2

static struct result churn_expected[CHURN_CONFIGS][CHURN_SEEDS];
static struct carc_rules *churn_slot[CHURN_SLOTS];
static pthread_mutex_t churn_lock = PTHREAD_MUTEX_INITIALIZER;

/* Quick under valgrind (CARC_TEST_QUICK): fewer games and rules. */
static int
churn_scale(int full, int quick)
{
	return getenv("CARC_TEST_QUICK") ? quick : full;
}

/* Rules of configuration @c: the option CARC_OPT_FOLLOWERS tells which. */
static struct carc_rules *
churn_rules(int c)
{
	struct carc_rules_builder *b;
	struct carc_rules *r = NULL;

	if (carc_rules_builder_new(&b) < 0)
		return NULL;
	carc_rules_builder_set(b, CARC_OPT_FOLLOWERS, 4 + c);
	carc_rules_builder_set(b, CARC_OPT_PHANTOM, c & 1);
	carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_I, c >> 1 & 1);
	carc_rules_builder_set(b, CARC_OPT_LITTLE_BUILDINGS, c >> 1 & 1);
	/* a short stack keeps the games quick */
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		carc_rules_builder_set_tile_count(b, t, t % 3 == 0 ? 1 : 0);
	if (carc_rules_builder_build(b, &r) < 0)
		r = NULL;
	carc_rules_builder_free(b);
	return r;
}

/* Play seed @s on @r to the end, as play_seeded() does. */
static int
churn_play(const struct carc_rules *r, int s, struct result *out)
{
	carc_move_t moves[1024];
	uint64_t rng = 77 + (uint64_t)s;
	uint32_t players = 2 + (uint32_t)s % 5;
	struct carc_game *g;

	if (carc_game_new(r, players, (uint64_t)s, &g) < 0)
		return -1;
	memset(out, 0, sizeof(*out));
	while (!carc_game_is_over(g)) {
		int n = carc_game_legal_moves(g, moves, 1024);

		if (n <= 0 || n > 1024 ||
		    carc_game_apply(g, moves[next_random(&rng) %
					     (uint64_t)n]) < 0) {
			carc_game_free(g);
			return -1;
		}
		out->moves++;
	}
	out->hash = carc_game_hash(g);
	for (uint32_t p = 0; p < players; p++)
		out->score[p] = carc_game_score(g, p);
	carc_game_free(g);
	return 0;
}

static void *
churn_player(void *arg)
{
	intptr_t bad = 0;
	int id = (int)(intptr_t)arg, games = churn_scale(60, 6);

	for (int i = 0; i < games; i++) {
		struct carc_rules *r;
		struct carc_game *g;
		struct result res;
		int32_t followers;
		int s = (id * 7 + i) % CHURN_SEEDS;

		pthread_mutex_lock(&churn_lock);
		r = carc_rules_ref(churn_slot[(id + i) % CHURN_SLOTS]);
		pthread_mutex_unlock(&churn_lock);
		/* a game keeps the rules alive once its creator lets go */
		if (carc_game_new(r, 2, 1, &g) < 0) {
			carc_rules_unref(r);
			bad++;
			continue;
		}
		if (carc_rules_get(r, CARC_OPT_FOLLOWERS, &followers) < 0)
			bad++;
		carc_rules_unref(r);
		if (churn_play(carc_game_rules(g), s, &res) < 0 ||
		    memcmp(&res, &churn_expected[followers - 4][s],
			   sizeof(res)) != 0)
			bad++;
		carc_game_free(g);
	}
	return (void *)bad;
}

static void *
churn_creator(void *arg)
{
	intptr_t bad = 0;
	int id = (int)(intptr_t)arg, n = churn_scale(300, 30);

	for (int i = 0; i < n; i++) {
		struct carc_rules *r = churn_rules((id + i) % CHURN_CONFIGS), *old;

		if (!r) {
			bad++;
			continue;
		}
		pthread_mutex_lock(&churn_lock);
		old = churn_slot[(id + i) % CHURN_SLOTS];
		churn_slot[(id + i) % CHURN_SLOTS] = r;
		pthread_mutex_unlock(&churn_lock);
		carc_rules_unref(old);	/* maybe the last reference */
	}
	return (void *)bad;
}

START_TEST(rules_churn_under_contention)
{
	pthread_t th[CHURN_PLAYERS + CHURN_CREATORS];
	int n = 0;

	for (int c = 0; c < CHURN_CONFIGS; c++) {
		struct carc_rules *r = churn_rules(c);

		ck_assert_ptr_nonnull(r);
		for (int s = 0; s < CHURN_SEEDS; s++)
			ck_assert_int_eq(churn_play(r, s,
						    &churn_expected[c][s]), 0);
		carc_rules_unref(r);
	}
	for (int i = 0; i < CHURN_SLOTS; i++) {
		churn_slot[i] = churn_rules(i % CHURN_CONFIGS);
		ck_assert_ptr_nonnull(churn_slot[i]);
	}
	for (int t = 0; t < CHURN_PLAYERS; t++)
		ck_assert_int_eq(pthread_create(&th[n++], NULL, churn_player,
						(void *)(intptr_t)t), 0);
	for (int t = 0; t < CHURN_CREATORS; t++)
		ck_assert_int_eq(pthread_create(&th[n++], NULL, churn_creator,
						(void *)(intptr_t)t), 0);
	for (int t = 0; t < n; t++) {
		void *bad;

		ck_assert_int_eq(pthread_join(th[t], &bad), 0);
		ck_assert_int_eq((intptr_t)bad, 0);
	}
	for (int i = 0; i < CHURN_SLOTS; i++) {
		carc_rules_unref(churn_slot[i]);
		churn_slot[i] = NULL;
	}
}
END_TEST


Suite *
test_suite(void)
{
	Suite *s = suite_create("threads");
	TCase *tc = tcase_create("threads");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, threads_match_single_thread);
	tcase_add_test(tc, rules_refcount_is_atomic);
	tcase_add_test(tc, rules_churn_under_contention);
	suite_add_tcase(s, tc);
	return s;
}
