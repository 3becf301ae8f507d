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

#define N_THREADS 4
#define N_GAMES 100

struct result {
	uint64_t hash;
	int32_t score[6];
	int32_t moves;
};

static struct carc_rules *shared_rules;
static struct result expected[N_GAMES];

static uint64_t
next_random(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Play game @i to the end; every 16th move goes through a clone and a
 * copy so that those paths run concurrently too. */
static int
play(int i, struct result *out)
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

		if (play(i, &r) < 0 || memcmp(&r, &expected[i], sizeof(r)) != 0)
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
		ck_assert_int_eq(play(i, &expected[i]), 0);
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

Suite *test_suite(void);

Suite *
test_suite(void)
{
	Suite *s = suite_create("threads");
	TCase *tc = tcase_create("threads");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, threads_match_single_thread);
	tcase_add_test(tc, rules_refcount_is_atomic);
	suite_add_tcase(s, tc);
	return s;
}
