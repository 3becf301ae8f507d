/* SPDX-License-Identifier: MIT */
/*
 * The calls a bot makes millions of times never allocate (issue #5):
 * carc_game_legal_moves(), carc_game_is_legal(), carc_game_apply(),
 * carc_game_hash() and carc_game_copy() between games of the same rules
 * and player count, over whole random games of the base game and of
 * every expansion.
 *
 * This program replaces malloc(), calloc(), realloc() and free() with
 * counting wrappers around glibc's own allocator (the replacement the
 * glibc manual describes), which the shared library's calls reach too.
 * Meson builds it only on glibc and without sanitizers, whose allocators
 * would clash with the wrappers.
 */
#include <stdlib.h>

#include "test-common.h"

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *ptr, size_t size);
void __libc_free(void *ptr);

/* Allocations while @counting is set. */
static int counting;
static unsigned long allocations;

void *
malloc(size_t size)
{
	allocations += counting != 0;
	return __libc_malloc(size);
}

void *
calloc(size_t n, size_t size)
{
	allocations += counting != 0;
	return __libc_calloc(n, size);
}

void *
realloc(void *ptr, size_t size)
{
	allocations += counting != 0;
	return __libc_realloc(ptr, size);
}

void
free(void *ptr)
{
	__libc_free(ptr);
}

/* The wrappers see an allocation, so the tests below can fail: through
 * a volatile pointer, which the compiler cannot pair up and remove. */
START_TEST(wrappers_count)
{
	void *(*volatile alloc)(size_t) = malloc;
	void *p;

	allocations = 0;
	counting = 1;
	p = alloc(32);
	counting = 0;
	ck_assert_ptr_nonnull(p);
	free(p);
	ck_assert_uint_eq(allocations, 1);
}
END_TEST

static struct carc_rules *
rules_for(int all)
{
	if (!all)
		return make_rules(NULL, 0);
	return make_rules(NULL, CARC_OPT_PHANTOM, 1, CARC_OPT_CROP_CIRCLES_I, 1,
			  CARC_OPT_CROP_CIRCLES_II, 1,
			  CARC_OPT_LITTLE_BUILDINGS, 1, 0);
}

/* Whole random games (loop index: even = base game, odd = every
 * expansion; the seed and player count vary with it). */
START_TEST(bot_calls_never_allocate)
{
	struct carc_rules *rules = rules_for(_i % 2);
	uint32_t players = 2 + (uint32_t)(_i / 2) % 3;
	struct carc_game *g = make_game(rules, players, (uint64_t)_i + 1);
	struct carc_game *copy = make_game(rules, players, 99);
	carc_move_t moves[512];
	uint64_t rng = (uint64_t)_i * 0x9e3779b97f4a7c15ull + 1, hash = 0;
	int decisions = 0;

	allocations = 0;
	for (;;) {
		int n, legal, rc_apply, rc_copy;

		counting = 1;
		n = carc_game_legal_moves(g, moves, 512);
		counting = 0;
		ck_assert_int_ge(n, 0);
		ck_assert_int_le(n, 512);
		if (n == 0)
			break;
		rng = rng * 6364136223846793005ull + 1442695040888963407ull;
		counting = 1;
		legal = carc_game_is_legal(g, moves[(rng >> 33) % (uint64_t)n]);
		rc_apply = carc_game_apply(g, moves[(rng >> 33) % (uint64_t)n]);
		hash ^= carc_game_hash(g);
		rc_copy = carc_game_copy(copy, g);
		counting = 0;
		ck_assert_int_eq(legal, 1);
		assert_ok(rc_apply);
		assert_ok(rc_copy);
		decisions++;
	}
	ck_assert_int_eq(carc_game_is_over(g), 1);
	ck_assert_int_gt(decisions, 100);
	ck_assert_uint_eq(carc_game_hash(copy), carc_game_hash(g));
	ck_assert_uint_ne(hash, 0);
	ck_assert_uint_eq(allocations, 0);
	carc_game_free(copy);
	carc_game_free(g);
	carc_rules_unref(rules);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("noalloc");
	TCase *tc = tcase_create("noalloc");

	tcase_add_test(tc, wrappers_count);
	tcase_add_loop_test(tc, bot_calls_never_allocate, 0, 12);
	suite_add_tcase(s, tc);
	return s;
}
