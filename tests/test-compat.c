/* SPDX-License-Identifier: MIT */
/*
 * lib/compat.h: the builtins and their plain C11 fallbacks give the same
 * answers.  The program is built like the library (config.h, private
 * headers), so a default build tests the builtins and a -Dportable=true
 * build the fallbacks, each against the obvious loop below.
 */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compat.h"
#include "test-common.h"

/* The index of the lowest set bit, one bit at a time. */
static int
ctz_slow(uint64_t x)
{
	int i = 0;

	while (!(x & 1u)) {
		x >>= 1;
		i++;
	}
	return i;
}

/* xorshift64*: a fixed sequence of test values. */
static uint64_t
next(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545F4914F6CDD1DULL;
}

/* How many random values each comparison tries: 100,000, or 10,000
 * under valgrind (CARC_TEST_QUICK), where every one costs 50 times more
 * and nothing here touches memory. */
static int
n_values(void)
{
	const char *q = getenv("CARC_TEST_QUICK");

	return q && *q && strcmp(q, "0") != 0 ? 10000 : 100000;
}

START_TEST(ctz32_single_bits)
{
	for (int i = 0; i < 32; i++) {
		ck_assert_int_eq(carc__ctz32(UINT32_C(1) << i), i);
		ck_assert_int_eq(carc__ctz32(UINT32_MAX << i), i);
	}
}
END_TEST

START_TEST(ctz32_values)
{
	uint64_t s = 0x9E3779B97F4A7C15ULL;

	ck_assert_int_eq(carc__ctz32(0x80000000u), 31);
	ck_assert_int_eq(carc__ctz32(0xfff00u), 8);
	ck_assert_int_eq(carc__ctz32(6u), 1);
	for (int k = 0, n = n_values(); k < n; k++) {
		uint32_t x = (uint32_t)next(&s);
		/* shift the low set bit to every position in turn */
		x = (x | 1u) << (k % 32);
		ck_assert_int_eq(carc__ctz32(x), ctz_slow(x));
	}
}
END_TEST

START_TEST(ctz64_values)
{
	uint64_t s = 0x0123456789ABCDEFULL;

	for (int i = 0; i < 64; i++) {
		ck_assert_int_eq(carc__ctz64(UINT64_C(1) << i), i);
		ck_assert_int_eq(carc__ctz64(UINT64_MAX << i), i);
	}
	ck_assert_int_eq(carc__ctz64(UINT64_C(0x100000000)), 32);
	ck_assert_int_eq(carc__ctz64(UINT64_C(0x8000000000000000)), 63);
	for (int k = 0, n = n_values(); k < n; k++) {
		uint64_t x = (next(&s) | 1u) << (k % 64);
		ck_assert_int_eq(carc__ctz64(x), ctz_slow(x));
	}
}
END_TEST

START_TEST(refcount_counts)
{
	carc__refcount r;

	ck_assert_int_eq(carc__refcount_init(&r, 1), 0);
	carc__refcount_inc(&r);
	carc__refcount_inc(&r);
	ck_assert(!carc__refcount_dec(&r));
	ck_assert(!carc__refcount_dec(&r));
	ck_assert(carc__refcount_dec(&r));
	carc__refcount_fini(&r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("compat");
	TCase *tc = tcase_create("compat");

	tcase_add_test(tc, ctz32_single_bits);
	tcase_add_test(tc, ctz32_values);
	tcase_add_test(tc, ctz64_values);
	tcase_add_test(tc, refcount_counts);
	suite_add_tcase(s, tc);
	return s;
}
