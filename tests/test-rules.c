/* SPDX-License-Identifier: MIT */
/* Rules builder and built rules: defaults, options, tile counts. */
#include <check.h>

#include "test-common.h"

static struct carc_rules_builder *b;

static void
builder_setup(void)
{
	b = NULL;
	assert_ok(carc_rules_builder_new(&b));
	ck_assert_ptr_nonnull(b);
}

static void
builder_teardown(void)
{
	carc_rules_builder_free(b);
	b = NULL;
}

static int32_t
option_of(const struct carc_rules *rules, uint32_t option)
{
	int32_t v = -777;

	assert_ok(carc_rules_get(rules, option, &v));
	return v;
}

static struct carc_rules *
build(void)
{
	struct carc_rules *rules = NULL;

	assert_ok(carc_rules_builder_build(b, &rules));
	ck_assert_ptr_nonnull(rules);
	return rules;
}

/* Counts of the draw stack (start tile excluded),
 * doc/users/rules.md#tiles-base. */
static const int default_counts[CARC_TILE_TYPES] = {
	/* A  B  C  D  E  F  G  H  I  J  K  L */
	   2, 4, 1, 3, 5, 2, 1, 3, 2, 3, 3, 3,
	/* M  N  O  P  Q  R  S  T  U  V  W  X */
	   2, 3, 2, 3, 1, 3, 2, 1, 8, 9, 4, 1,
};

START_TEST(rules_defaults)
{
	struct carc_rules *rules = build();

	ck_assert_int_eq(option_of(rules, CARC_OPT_FARM_SCORING),
			 CARC_FARM_PER_FIELD);
	ck_assert_int_eq(option_of(rules, CARC_OPT_FARMERS), 1);
	ck_assert_int_eq(option_of(rules, CARC_OPT_SMALL_CITY), 0);
	ck_assert_int_eq(option_of(rules, CARC_OPT_FOLLOWERS), 7);
	carc_rules_unref(rules);
}
END_TEST

START_TEST(rules_default_tile_counts)
{
	struct carc_rules *rules = build();
	int total = 0;

	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
		ck_assert_int_eq(carc_rules_tile_count(rules, t),
				 default_counts[t]);
		total += carc_rules_tile_count(rules, t);
	}
	ck_assert_int_eq(total, 71);
	carc_rules_unref(rules);
}
END_TEST

START_TEST(rules_set_each_option)
{
	static const struct {
		uint32_t option;
		int32_t value;
	} set[] = {
		{ CARC_OPT_FARM_SCORING, CARC_FARM_PER_CITY },
		{ CARC_OPT_FARM_SCORING, CARC_FARM_PER_FIELD_ONCE },
		{ CARC_OPT_FARM_SCORING, CARC_FARM_PER_FIELD },
		{ CARC_OPT_FARMERS, 0 },
		{ CARC_OPT_FARMERS, 1 },
		{ CARC_OPT_SMALL_CITY, 1 },
		{ CARC_OPT_SMALL_CITY, 0 },
		{ CARC_OPT_FOLLOWERS, 1 },
		{ CARC_OPT_FOLLOWERS, 15 },
		{ CARC_OPT_FOLLOWERS, 9 },
	};

	for (size_t i = 0; i < sizeof(set) / sizeof(set[0]); i++) {
		struct carc_rules *rules;

		assert_ok(carc_rules_builder_set(b, set[i].option,
						 set[i].value));
		rules = build();
		ck_assert_int_eq(option_of(rules, set[i].option),
				 set[i].value);
		carc_rules_unref(rules);
	}
}
END_TEST

START_TEST(rules_out_of_range_values)
{
	static const struct {
		uint32_t option;
		int32_t value;
	} bad[] = {
		{ CARC_OPT_FARM_SCORING, -1 },
		{ CARC_OPT_FARM_SCORING, 3 },
		{ CARC_OPT_FARMERS, -1 },
		{ CARC_OPT_FARMERS, 2 },
		{ CARC_OPT_SMALL_CITY, -1 },
		{ CARC_OPT_SMALL_CITY, 2 },
		{ CARC_OPT_FOLLOWERS, 0 },
		{ CARC_OPT_FOLLOWERS, 16 },
		{ CARC_OPT_FOLLOWERS, -7 },
		{ CARC_OPT_FOLLOWERS, INT32_MAX },
	};
	struct carc_rules *rules;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_status_eq(carc_rules_builder_set(b, bad[i].option,
							bad[i].value),
				 CARC_E_INVALID);

	/* A rejected set changes nothing. */
	rules = build();
	ck_assert_int_eq(option_of(rules, CARC_OPT_FARM_SCORING), 0);
	ck_assert_int_eq(option_of(rules, CARC_OPT_FARMERS), 1);
	ck_assert_int_eq(option_of(rules, CARC_OPT_SMALL_CITY), 0);
	ck_assert_int_eq(option_of(rules, CARC_OPT_FOLLOWERS), 7);
	carc_rules_unref(rules);
}
END_TEST

START_TEST(rules_unknown_option)
{
	struct carc_rules *rules;
	int32_t v = 42;

	assert_status_eq(carc_rules_builder_set(b, 0, 0),
			 CARC_E_UNKNOWN_OPTION);
	/* 99: a number no option uses (5 is now CARC_OPT_PHANTOM) */
	assert_status_eq(carc_rules_builder_set(b, 99, 0),
			 CARC_E_UNKNOWN_OPTION);
	assert_status_eq(carc_rules_builder_set(b, 1000, 1),
			 CARC_E_UNKNOWN_OPTION);
	rules = build();
	assert_status_eq(carc_rules_get(rules, 0, &v), CARC_E_UNKNOWN_OPTION);
	assert_status_eq(carc_rules_get(rules, 99, &v), CARC_E_UNKNOWN_OPTION);
	ck_assert_int_eq(v, 42); /* not written on failure */
	carc_rules_unref(rules);
}
END_TEST

START_TEST(rules_null_arguments)
{
	struct carc_rules *rules = build();
	int32_t v;

	assert_status_eq(carc_rules_builder_new(NULL), CARC_E_INVALID);
	assert_status_eq(carc_rules_builder_set(NULL, CARC_OPT_FARMERS, 0),
			 CARC_E_INVALID);
	assert_status_eq(carc_rules_builder_set_tile_count(NULL, 0, 1),
			 CARC_E_INVALID);
	assert_status_eq(carc_rules_builder_build(NULL, &rules),
			 CARC_E_INVALID);
	assert_status_eq(carc_rules_builder_build(b, NULL), CARC_E_INVALID);
	assert_status_eq(carc_rules_get(NULL, CARC_OPT_FARMERS, &v),
			 CARC_E_INVALID);
	assert_status_eq(carc_rules_get(rules, CARC_OPT_FARMERS, NULL),
			 CARC_E_INVALID);
	assert_status_eq(carc_rules_tile_count(NULL, CARC_TILE_A),
			 CARC_E_INVALID);
	carc_rules_unref(rules);
}
END_TEST

START_TEST(rules_tile_count_set)
{
	struct carc_rules *rules;

	assert_ok(carc_rules_builder_set_tile_count(b, CARC_TILE_C, 0));
	assert_ok(carc_rules_builder_set_tile_count(b, CARC_TILE_V, 30));
	assert_ok(carc_rules_builder_set_tile_count(b, CARC_TILE_D, 0));
	rules = build();
	ck_assert_int_eq(carc_rules_tile_count(rules, CARC_TILE_C), 0);
	ck_assert_int_eq(carc_rules_tile_count(rules, CARC_TILE_V), 30);
	ck_assert_int_eq(carc_rules_tile_count(rules, CARC_TILE_D), 0);
	ck_assert_int_eq(carc_rules_tile_count(rules, CARC_TILE_U), 8);
	carc_rules_unref(rules);
}
END_TEST

START_TEST(rules_tile_count_errors)
{
	struct carc_rules *rules;

	assert_status_eq(carc_rules_builder_set_tile_count(b,
			 CARC_TILE_TYPES, 1), CARC_E_UNKNOWN_TILE);
	assert_status_eq(carc_rules_builder_set_tile_count(b, 1000, 1),
			 CARC_E_UNKNOWN_TILE);
	assert_status_eq(carc_rules_builder_set_tile_count(b, CARC_TILE_A,
							   4001),
			 CARC_E_INVALID);
	rules = build();
	ck_assert_int_eq(carc_rules_tile_count(rules, CARC_TILE_A), 2);
	assert_status_eq(carc_rules_tile_count(rules, CARC_TILE_TYPES),
			 CARC_E_UNKNOWN_TILE);
	carc_rules_unref(rules);
}
END_TEST

/* carc_rules_default_tile_count(): the counts of the defaults, whatever
 * custom counts the rules have, and the crop-circle tiles of the sets
 * switched on. */
START_TEST(rules_default_tile_count_custom)
{
	struct carc_rules *rules;

	assert_ok(carc_rules_builder_set_tile_count(b, CARC_TILE_C, 0));
	assert_ok(carc_rules_builder_set_tile_count(b, CARC_TILE_V, 30));
	assert_ok(carc_rules_builder_set_tile_count(b, CARC_TILE_CCI_1, 5));
	rules = build();
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		ck_assert_int_eq(carc_rules_default_tile_count(rules, t),
				 default_counts[t]);
	ck_assert_int_eq(carc_rules_tile_count(rules, CARC_TILE_C), 0);
	ck_assert_int_eq(carc_rules_tile_count(rules, CARC_TILE_V), 30);
	/* Crop Circles I is off: its tiles are in neither count */
	ck_assert_int_eq(carc_rules_tile_count(rules, CARC_TILE_CCI_1), 0);
	carc_rules_unref(rules);

	assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_I, 1));
	rules = build();
	ck_assert_int_eq(carc_rules_tile_count(rules, CARC_TILE_CCI_1), 5);
	ck_assert_int_eq(carc_rules_default_tile_count(rules,
						       CARC_TILE_CCI_1), 1);
	ck_assert_int_eq(carc_rules_default_tile_count(rules,
						       CARC_TILE_V), 9);
	carc_rules_unref(rules);
}
END_TEST

/* For rules without custom counts, in each crop-circle configuration
 * (loop index: bit 0 set I, bit 1 set II), the default counts are the
 * counts, and the sets add their six tiles each. */
START_TEST(rules_default_tile_count_sets)
{
	const int32_t one = _i & 1, two = _i >> 1 & 1;
	struct carc_rules *rules;
	int total = 0;

	assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_I, one));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_II, two));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_FARM_SCORING,
					 CARC_FARM_PER_CITY));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_LITTLE_BUILDINGS, 1));
	rules = build();
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
		int want = t >= CARC_TILE_RI_1	 ? 0
			 : t >= CARC_TILE_CCII_1 ? two
			 : t >= CARC_TILE_CCI_1	 ? one
						 : default_counts[t];

		ck_assert_int_eq(carc_rules_default_tile_count(rules, t),
				 want);
		ck_assert_int_eq(carc_rules_tile_count(rules, t), want);
		total += carc_rules_default_tile_count(rules, t);
	}
	ck_assert_int_eq(total, 71 + 6 * one + 6 * two);
	carc_rules_unref(rules);
}
END_TEST

START_TEST(rules_default_tile_count_errors)
{
	struct carc_rules *rules = build();

	assert_status_eq(carc_rules_default_tile_count(NULL, CARC_TILE_A),
			 CARC_E_INVALID);
	assert_status_eq(carc_rules_default_tile_count(rules,
						       CARC_TILE_TYPES),
			 CARC_E_UNKNOWN_TILE);
	assert_status_eq(carc_rules_default_tile_count(rules, UINT32_MAX),
			 CARC_E_UNKNOWN_TILE);
	ck_assert_int_eq(carc_rules_default_tile_count(rules, CARC_TILE_A),
			 2);
	carc_rules_unref(rules);
}
END_TEST

START_TEST(rules_stack_limit)
{
	struct carc_rules *rules = NULL;

	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		assert_ok(carc_rules_builder_set_tile_count(b, t, 0));
	assert_ok(carc_rules_builder_set_tile_count(b, CARC_TILE_U, 4000));
	assert_ok(carc_rules_builder_build(b, &rules));
	ck_assert_int_eq(carc_rules_tile_count(rules, CARC_TILE_U), 4000);
	carc_rules_unref(rules);

	/* 4001 tiles in all: refused at build time, out untouched. */
	assert_ok(carc_rules_builder_set_tile_count(b, CARC_TILE_V, 1));
	rules = NULL;
	assert_status_eq(carc_rules_builder_build(b, &rules), CARC_E_INVALID);
	ck_assert_ptr_null(rules);
}
END_TEST

START_TEST(rules_builder_reuse)
{
	struct carc_rules *first, *second;

	assert_ok(carc_rules_builder_set(b, CARC_OPT_FOLLOWERS, 3));
	first = build();
	assert_ok(carc_rules_builder_set(b, CARC_OPT_FOLLOWERS, 5));
	assert_ok(carc_rules_builder_set_tile_count(b, CARC_TILE_B, 0));
	second = build();

	/* Built rules are frozen: later builder changes do not leak in. */
	ck_assert_int_eq(option_of(first, CARC_OPT_FOLLOWERS), 3);
	ck_assert_int_eq(carc_rules_tile_count(first, CARC_TILE_B), 4);
	ck_assert_int_eq(option_of(second, CARC_OPT_FOLLOWERS), 5);
	ck_assert_int_eq(carc_rules_tile_count(second, CARC_TILE_B), 0);
	carc_rules_unref(first);
	carc_rules_unref(second);
}
END_TEST

START_TEST(rules_builder_free_after_build)
{
	struct carc_rules *rules = build();

	carc_rules_builder_free(b);
	b = NULL;
	ck_assert_int_eq(option_of(rules, CARC_OPT_FOLLOWERS), 7);
	carc_rules_unref(rules);
}
END_TEST

START_TEST(rules_followers_option_in_game)
{
	struct carc_rules *rules;
	struct carc_game *game;

	assert_ok(carc_rules_builder_set(b, CARC_OPT_FOLLOWERS, 4));
	rules = build();
	game = make_game(rules, 3, 9);
	for (uint32_t p = 0; p < 3; p++)
		ck_assert_int_eq(carc_game_supply(game, p,
						  CARC_FIGURE_FOLLOWER), 4);
	carc_game_free(game);
	carc_rules_unref(rules);
}
END_TEST

START_TEST(rules_stack_in_game)
{
	struct carc_rules *rules;
	struct carc_game *game;

	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		assert_ok(carc_rules_builder_set_tile_count(b, t, 0));
	assert_ok(carc_rules_builder_set_tile_count(b, CARC_TILE_U, 3));
	assert_ok(carc_rules_builder_set_tile_count(b, CARC_TILE_B, 2));
	rules = build();
	game = make_game(rules, 2, 5);
	/* Five tiles: one in hand, four in the stack. */
	ck_assert_int_eq(carc_game_remaining_total(game), 4);
	ck_assert_int_eq(carc_game_remaining(game, CARC_TILE_U) +
			 carc_game_remaining(game, CARC_TILE_B), 4);
	ck_assert_int_eq(carc_game_remaining(game, CARC_TILE_D), 0);
	carc_game_free(game);
	carc_rules_unref(rules);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("rules");
	TCase *tc;

	tc = tcase_create("options");
	tcase_add_checked_fixture(tc, builder_setup, builder_teardown);
	tcase_add_test(tc, rules_defaults);
	tcase_add_test(tc, rules_set_each_option);
	tcase_add_test(tc, rules_out_of_range_values);
	tcase_add_test(tc, rules_unknown_option);
	tcase_add_test(tc, rules_null_arguments);
	tcase_add_test(tc, rules_followers_option_in_game);
	suite_add_tcase(s, tc);

	tc = tcase_create("tile_counts");
	tcase_add_checked_fixture(tc, builder_setup, builder_teardown);
	tcase_add_test(tc, rules_default_tile_counts);
	tcase_add_test(tc, rules_tile_count_set);
	tcase_add_test(tc, rules_tile_count_errors);
	tcase_add_test(tc, rules_default_tile_count_custom);
	tcase_add_loop_test(tc, rules_default_tile_count_sets, 0, 4);
	tcase_add_test(tc, rules_default_tile_count_errors);
	tcase_add_test(tc, rules_stack_limit);
	tcase_add_test(tc, rules_stack_in_game);
	suite_add_tcase(s, tc);

	tc = tcase_create("builder");
	tcase_add_checked_fixture(tc, builder_setup, builder_teardown);
	tcase_add_test(tc, rules_builder_reuse);
	tcase_add_test(tc, rules_builder_free_after_build);
	suite_add_tcase(s, tc);

	return s;
}
