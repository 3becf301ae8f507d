/* SPDX-License-Identifier: MIT */
/*
 * Names: options and their values, figures, feature kinds, decision
 * points, and carc_move_parse() as the inverse of carc_move_describe().
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "test-common.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* A value no call of this file ever writes: an output that still holds it
 * was not written. */
#define UNTOUCHED 0x5a5a5a5a
#define MOVE_UNTOUCHED ((carc_move_t)0x0123456789abcdefull)

/* ---- options ----------------------------------------------------------- */

/* Every option as documented in the header and doc/users/record-format.md. */
static const struct {
	uint32_t option;
	const char *name;
	int type;
	int32_t min, max, def;
	const char *values[4];		/* CHOICE and SWITCH: by value */
} option_table[] = {
	{ CARC_OPT_FARM_SCORING, "farm-scoring", CARC_OPTION_CHOICE, 0, 2,
	  CARC_FARM_PER_FIELD, { "per-field", "per-city", "per-field-once" } },
	{ CARC_OPT_FARMERS, "farmers", CARC_OPTION_SWITCH, 0, 1, 1,
	  { "off", "on" } },
	{ CARC_OPT_SMALL_CITY, "small-city", CARC_OPTION_SWITCH, 0, 1, 0,
	  { "off", "on" } },
	{ CARC_OPT_FOLLOWERS, "followers", CARC_OPTION_NUMBER, 1, 15, 7,
	  { NULL } },
	{ CARC_OPT_PHANTOM, "phantom", CARC_OPTION_SWITCH, 0, 1, 0,
	  { "off", "on" } },
	{ CARC_OPT_CROP_CIRCLES_I, "crop-circles-i", CARC_OPTION_SWITCH, 0, 1,
	  0, { "off", "on" } },
	{ CARC_OPT_CROP_CIRCLES_II, "crop-circles-ii", CARC_OPTION_SWITCH, 0,
	  1, 0, { "off", "on" } },
	{ CARC_OPT_LITTLE_BUILDINGS, "little-buildings", CARC_OPTION_SWITCH,
	  0, 1, 0, { "off", "on" } },
	{ CARC_OPT_LB_SCORING, "lb-scoring", CARC_OPTION_CHOICE, 0, 1,
	  CARC_LB_STANDARD, { "standard", "3-2-1" } },
	{ CARC_OPT_LB_DISTRIBUTION, "lb-distribution", CARC_OPTION_CHOICE, 0,
	  1, CARC_LB_DIST_RULES, { "rules", "jcz" } },
	{ CARC_OPT_LB_ZERO_FIELD, "lb-zero-field", CARC_OPTION_SWITCH, 0, 1,
	  1, { "off", "on" } },
	{ CARC_OPT_LB_PER_CITY_FIELDS, "lb-per-city-fields",
	  CARC_OPTION_SWITCH, 0, 1, 1, { "off", "on" } },
	{ CARC_OPT_CROP_DEPLOY_ANY, "crop-deploy-any", CARC_OPTION_SWITCH, 0,
	  1, 0, { "off", "on" } },
	{ CARC_OPT_CROP_DEPLOY_MANDATORY, "crop-deploy-mandatory",
	  CARC_OPTION_SWITCH, 0, 1, 0, { "off", "on" } },
	{ CARC_OPT_CROP_PHANTOM, "crop-phantom", CARC_OPTION_SWITCH, 0, 1, 1,
	  { "off", "on" } },
	{ CARC_OPT_CROP_AFTER_PHANTOM, "crop-after-phantom",
	  CARC_OPTION_SWITCH, 0, 1, 1, { "off", "on" } },
	{ CARC_OPT_RIVER, "river", CARC_OPTION_SWITCH, 0, 1, 0,
	  { "off", "on" } },
	{ CARC_OPT_RIVER_START_TILE, "river-start-tile", CARC_OPTION_CHOICE, 0,
	  2, CARC_RIVER_START_REMOVED,
	  { "removed", "after-river", "in-river-stack" } },
	{ CARC_OPT_RIVER_U_TURN, "river-u-turn", CARC_OPTION_CHOICE, 0, 3,
	  CARC_RIVER_U_ADJACENT,
	  { "adjacent", "successive", "allowed", "jcz" } },
	{ CARC_OPT_INNS_CATHEDRALS, "inns-cathedrals", CARC_OPTION_SWITCH, 0,
	  1, 0, { "off", "on" } },
	{ CARC_OPT_TRADERS_BUILDERS, "traders-builders", CARC_OPTION_SWITCH,
	  0, 1, 0, { "off", "on" } },
	{ CARC_OPT_BUILDER_TURN, "builder-turn", CARC_OPTION_CHOICE, 0, 1,
	  CARC_BUILDER_TURN_OPTIONAL, { "optional", "mandatory" } },
	{ CARC_OPT_PHANTOM_WITH_FIGURE, "phantom-with-figure",
	  CARC_OPTION_SWITCH, 0, 1, 1, { "off", "on" } },
	{ CARC_OPT_BUILDER_ON_COMPLETED, "builder-on-completed",
	  CARC_OPTION_SWITCH, 0, 1, 1, { "off", "on" } },
	{ CARC_OPT_RIVER_LAKE_TURN, "river-lake-turn", CARC_OPTION_CHOICE, 0,
	  1, CARC_RIVER_LAKE_TURN, { "turn", "automatic" } },
};

#define N_OPTIONS ((uint32_t)N_OF(option_table))

START_TEST(option_names_exact)
{
	/* numbered 1..N without gaps, in the order of the table */
	for (uint32_t i = 0; i < N_OPTIONS; i++) {
		ck_assert_uint_eq(option_table[i].option, i + 1);
		ck_assert_str_eq(carc_option_name(option_table[i].option),
				 option_table[i].name);
		ck_assert_int_eq(carc_option_from_name(option_table[i].name),
				 (int)option_table[i].option);
	}
	ck_assert_ptr_null(carc_option_name(0));
	ck_assert_ptr_null(carc_option_name(N_OPTIONS + 1));
	ck_assert_ptr_null(carc_option_name(UINT32_MAX));
}
END_TEST

START_TEST(option_from_name_bad)
{
	static const char *const bad[] = {
		"", "farm_scoring", "Farm-scoring", "FARMERS", " farmers",
		"farmers ", "farmer", "farmerss", "farm-scoring\n",
		"crop-circles", "crop-circles-iii", "-", "1", "on",
	};

	for (size_t i = 0; i < N_OF(bad); i++)
		assert_status_eq(carc_option_from_name(bad[i]),
				 CARC_E_UNKNOWN_OPTION);
	assert_status_eq(carc_option_from_name(NULL), CARC_E_INVALID);
}
END_TEST

START_TEST(option_info_exact)
{
	for (uint32_t i = 0; i < N_OPTIONS; i++) {
		int32_t min = UNTOUCHED, max = UNTOUCHED, def = UNTOUCHED;
		uint32_t o = option_table[i].option;

		ck_assert_int_eq(carc_option_info(o, &min, &max, &def),
				 option_table[i].type);
		ck_assert_int_eq(min, option_table[i].min);
		ck_assert_int_eq(max, option_table[i].max);
		ck_assert_int_eq(def, option_table[i].def);
		/* any output may be NULL */
		ck_assert_int_eq(carc_option_info(o, NULL, NULL, NULL),
				 option_table[i].type);
		max = UNTOUCHED;
		ck_assert_int_eq(carc_option_info(o, NULL, &max, NULL),
				 option_table[i].type);
		ck_assert_int_eq(max, option_table[i].max);
	}
}
END_TEST

/* The range and default the info gives are those the builder uses. */
START_TEST(option_info_matches_builder)
{
	struct carc_rules_builder *b = NULL;
	struct carc_rules *rules = NULL;

	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_build(b, &rules));
	for (uint32_t o = 1; carc_option_info(o, NULL, NULL, NULL) >= 0; o++) {
		int32_t min, max, def, got = UNTOUCHED;

		ck_assert_uint_le(o, N_OPTIONS);
		assert_status_eq(carc_option_info(o, &min, &max, &def),
				 option_table[o - 1].type);
		assert_ok(carc_rules_get(rules, o, &got));
		ck_assert_int_eq(got, def);
		assert_ok(carc_rules_builder_set(b, o, min));
		assert_ok(carc_rules_builder_set(b, o, max));
		assert_status_eq(carc_rules_builder_set(b, o, min - 1),
				 CARC_E_INVALID);
		assert_status_eq(carc_rules_builder_set(b, o, max + 1),
				 CARC_E_INVALID);
		assert_ok(carc_rules_builder_set(b, o, def));
	}
	carc_rules_unref(rules);
	carc_rules_builder_free(b);
}
END_TEST

START_TEST(option_info_unknown)
{
	static const uint32_t bad[] = { 0, N_OPTIONS + 1, N_OPTIONS + 2, 1000,
					UINT32_MAX };
	struct carc_rules_builder *b = NULL;

	assert_ok(carc_rules_builder_new(&b));
	for (size_t i = 0; i < N_OF(bad); i++) {
		int32_t min = UNTOUCHED, max = UNTOUCHED, def = UNTOUCHED;

		assert_status_eq(carc_option_info(bad[i], &min, &max, &def),
				 CARC_E_UNKNOWN_OPTION);
		ck_assert_int_eq(min, UNTOUCHED);
		ck_assert_int_eq(max, UNTOUCHED);
		ck_assert_int_eq(def, UNTOUCHED);
		assert_status_eq(carc_option_info(bad[i], NULL, NULL, NULL),
				 CARC_E_UNKNOWN_OPTION);
		/* the builder agrees: no such option */
		assert_status_eq(carc_rules_builder_set(b, bad[i], 0),
				 CARC_E_UNKNOWN_OPTION);
	}
	carc_rules_builder_free(b);
}
END_TEST

START_TEST(option_values_round_trip)
{
	for (uint32_t i = 0; i < N_OPTIONS; i++) {
		uint32_t o = option_table[i].option;

		for (int32_t v = option_table[i].min; v <= option_table[i].max;
		     v++) {
			const char *want = option_table[i].type ==
							   CARC_OPTION_NUMBER
						   ? NULL
						   : option_table[i].values[v];
			const char *name = carc_option_value_name(o, v);
			char num[16];
			int32_t got = UNTOUCHED;

			if (want) {
				ck_assert_str_eq(name, want);
				assert_ok(carc_option_value_from_name(o, name,
								      &got));
				ck_assert_int_eq(got, v);
			} else {
				ck_assert_ptr_null(name);
			}
			/* every value also as its number */
			snprintf(num, sizeof(num), "%d", (int)v);
			got = UNTOUCHED;
			assert_ok(carc_option_value_from_name(o, num, &got));
			ck_assert_int_eq(got, v);
		}
		/* no names outside the range */
		ck_assert_ptr_null(carc_option_value_name(o,
							  option_table[i].min - 1));
		ck_assert_ptr_null(carc_option_value_name(o,
							  option_table[i].max + 1));
		ck_assert_ptr_null(carc_option_value_name(o, INT32_MIN));
		ck_assert_ptr_null(carc_option_value_name(o, INT32_MAX));
	}
	ck_assert_ptr_null(carc_option_value_name(0, 0));
	ck_assert_ptr_null(carc_option_value_name(N_OPTIONS + 1, 0));
	ck_assert_ptr_null(carc_option_value_name(UINT32_MAX, 1));
}
END_TEST

START_TEST(option_value_exact)
{
	int32_t v = UNTOUCHED;

	ck_assert_str_eq(carc_option_value_name(CARC_OPT_FARM_SCORING,
						CARC_FARM_PER_CITY),
			 "per-city");
	ck_assert_str_eq(carc_option_value_name(CARC_OPT_LB_SCORING,
						CARC_LB_321),
			 "3-2-1");
	ck_assert_str_eq(carc_option_value_name(CARC_OPT_LB_DISTRIBUTION,
						CARC_LB_DIST_JCZ),
			 "jcz");
	ck_assert_str_eq(carc_option_value_name(CARC_OPT_PHANTOM, 1), "on");
	ck_assert_str_eq(carc_option_value_name(CARC_OPT_FARMERS, 0), "off");
	ck_assert_ptr_null(carc_option_value_name(CARC_OPT_FOLLOWERS, 7));

	assert_ok(carc_option_value_from_name(CARC_OPT_FARM_SCORING,
					      "per-field-once", &v));
	ck_assert_int_eq(v, CARC_FARM_PER_FIELD_ONCE);
	assert_ok(carc_option_value_from_name(CARC_OPT_FOLLOWERS, "15", &v));
	ck_assert_int_eq(v, 15);
	/* an optional sign and leading zeros, as records always allowed */
	assert_ok(carc_option_value_from_name(CARC_OPT_FOLLOWERS, "+7", &v));
	ck_assert_int_eq(v, 7);
	assert_ok(carc_option_value_from_name(CARC_OPT_FOLLOWERS, "007", &v));
	ck_assert_int_eq(v, 7);
	assert_ok(carc_option_value_from_name(CARC_OPT_PHANTOM, "-0", &v));
	ck_assert_int_eq(v, 0);
	assert_ok(carc_option_value_from_name(CARC_OPT_FARM_SCORING, "2",
					      &v));
	ck_assert_int_eq(v, CARC_FARM_PER_FIELD_ONCE);
}
END_TEST

START_TEST(option_value_aliases)
{
	int32_t v = UNTOUCHED;

	assert_ok(carc_option_value_from_name(CARC_OPT_LB_SCORING, "321", &v));
	ck_assert_int_eq(v, CARC_LB_321);
	/* the alias is not the name the library gives */
	ck_assert_str_eq(carc_option_value_name(CARC_OPT_LB_SCORING, v),
			 "3-2-1");
	/* an alias belongs to its option only */
	v = UNTOUCHED;
	assert_status_eq(carc_option_value_from_name(CARC_OPT_FARM_SCORING,
						     "321", &v),
			 CARC_E_INVALID);
	assert_status_eq(carc_option_value_from_name(CARC_OPT_FOLLOWERS, "321",
						     &v),
			 CARC_E_INVALID);
	ck_assert_int_eq(v, UNTOUCHED);
}
END_TEST

START_TEST(option_is_expansion_exact)
{
	/* the expansions of doc/users/rules.md, and nothing else */
	for (uint32_t o = 1; o <= N_OPTIONS; o++)
		ck_assert_int_eq(carc_option_is_expansion(o),
				 o == CARC_OPT_PHANTOM ||
				 o == CARC_OPT_CROP_CIRCLES_I ||
				 o == CARC_OPT_CROP_CIRCLES_II ||
				 o == CARC_OPT_LITTLE_BUILDINGS ||
				 o == CARC_OPT_RIVER ||
				 o == CARC_OPT_INNS_CATHEDRALS ||
				 o == CARC_OPT_TRADERS_BUILDERS);
	assert_status_eq(carc_option_is_expansion(0), CARC_E_UNKNOWN_OPTION);
	assert_status_eq(carc_option_is_expansion(N_OPTIONS + 1),
			 CARC_E_UNKNOWN_OPTION);
	assert_status_eq(carc_option_is_expansion(UINT32_MAX),
			 CARC_E_UNKNOWN_OPTION);
}
END_TEST

START_TEST(option_explain_exact)
{
	static const struct {
		const char *name, *value, *text;
	} cases[] = {
		{ "crop_circles_1", NULL, "unknown rule option "
		  "'crop_circles_1'; did you mean 'crop-circles-i'?" },
		{ "buildings", "1", "unknown rule option 'buildings'; did you "
		  "mean 'little-buildings'?" },
		{ "CROP-CIRCLES-2", NULL, "unknown rule option "
		  "'CROP-CIRCLES-2'; did you mean 'crop-circles-ii'?" },
		{ "crop-circle", NULL, "unknown rule option 'crop-circle'; "
		  "did you mean 'crop-circles-i'?" },
		{ "farm", NULL, "unknown rule option 'farm'; did you mean "
		  "'farm-scoring' or "
		  "'farmers'?" },
		{ "qqqq", NULL, "unknown rule option 'qqqq'; the options are "
		  "farm-scoring, farmers, small-city, followers, phantom, "
		  "crop-circles-i, crop-circles-ii, little-buildings, "
		  "lb-scoring, lb-distribution, lb-zero-field, "
		  "lb-per-city-fields, crop-deploy-any, crop-deploy-mandatory, "
		  "crop-phantom, crop-after-phantom, river, river-start-tile, "
		  "river-u-turn, inns-cathedrals, traders-builders, "
		  "builder-turn, phantom-with-figure, builder-on-completed or "
		  "river-lake-turn" },
		{ "followers", "99", "followers must be 1 to 15, not 99" },
		{ "Followers", "-3", "followers must be 1 to 15, not -3" },
		{ "followers", "x", "followers must be 1 to 15, not 'x'" },
		{ "followers", NULL, "followers takes 1 to 15" },
		{ "followers", "7", "followers takes 1 to 15" },
		{ "farm_scoring", "per-town", "farm-scoring must be per-field, "
		  "per-city or per-field-once (0 to 2), not 'per-town'" },
		{ "phantom", "7", "phantom must be on or off (1 or 0), not 7" },
		{ "lb-scoring", NULL, "lb-scoring takes standard or 3-2-1 "
		  "(0 to 1)" },
	};
	char buf[512];

	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		int n = carc_option_explain(cases[k].name, cases[k].value, buf,
					    sizeof(buf));

		ck_assert_str_eq(buf, cases[k].text);
		ck_assert_int_eq(n, (int)strlen(cases[k].text));
		/* the length alone, and a cut copy, as snprintf() */
		ck_assert_int_eq(carc_option_explain(cases[k].name,
						     cases[k].value, NULL, 0),
				 n);
		memset(buf, 'z', sizeof(buf));
		ck_assert_int_eq(carc_option_explain(cases[k].name,
						     cases[k].value, buf, 10),
				 n);
		ck_assert_int_eq((int)strlen(buf), 9);
		ck_assert_int_eq(strncmp(buf, cases[k].text, 9), 0);
		ck_assert_int_eq(buf[10], 'z');
	}
	/* a name longer than any option is unknown, with every option */
	char longname[300];

	memset(longname, 'a', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	ck_assert_int_gt(carc_option_explain(longname, NULL, NULL, 0), 300);
	/* 62 digits '3', whose Roman spelling ("iii" each) is too long to
	 * try: unknown, with no option near it */
	memset(longname, '3', 62);
	longname[62] = '\0';
	ck_assert_int_gt(carc_option_explain(longname, NULL, buf, sizeof(buf)),
			 62);
	ck_assert_int_eq(strncmp(buf, "unknown rule option '333", 24), 0);
	assert_status_eq(carc_option_explain(NULL, NULL, buf, sizeof(buf)),
			 CARC_E_INVALID);
	assert_status_eq(carc_option_explain("phantom", NULL, NULL, 5),
			 CARC_E_INVALID);
}
END_TEST

START_TEST(option_value_bad)
{
	static const struct {
		uint32_t option;
		const char *text;
	} bad[] = {
		{ CARC_OPT_PHANTOM, "" },
		{ CARC_OPT_PHANTOM, "On" },
		{ CARC_OPT_PHANTOM, "ON" },
		{ CARC_OPT_PHANTOM, "yes" },
		{ CARC_OPT_PHANTOM, "true" },
		{ CARC_OPT_PHANTOM, " on" },
		{ CARC_OPT_PHANTOM, "on " },
		{ CARC_OPT_PHANTOM, "2" },
		{ CARC_OPT_PHANTOM, "-1" },
		{ CARC_OPT_PHANTOM, "per-city" },
		{ CARC_OPT_FARM_SCORING, "per_city" },
		{ CARC_OPT_FARM_SCORING, "Per-City" },
		{ CARC_OPT_FARM_SCORING, "per-city " },
		{ CARC_OPT_FARM_SCORING, "on" },
		{ CARC_OPT_FARM_SCORING, "3" },
		{ CARC_OPT_FARM_SCORING, "jcz" },
		{ CARC_OPT_LB_SCORING, "3-2" },
		{ CARC_OPT_LB_SCORING, "3_2_1" },
		{ CARC_OPT_LB_DISTRIBUTION, "JCZ" },
		{ CARC_OPT_FOLLOWERS, "0" },
		{ CARC_OPT_FOLLOWERS, "16" },
		{ CARC_OPT_FOLLOWERS, "-7" },
		{ CARC_OPT_FOLLOWERS, "seven" },
		{ CARC_OPT_FOLLOWERS, "on" },
		{ CARC_OPT_FOLLOWERS, "+" },
		{ CARC_OPT_FOLLOWERS, "-" },
		{ CARC_OPT_FOLLOWERS, "+-7" },
		{ CARC_OPT_FOLLOWERS, "7 " },
		{ CARC_OPT_FOLLOWERS, " 7" },
		{ CARC_OPT_FOLLOWERS, "7x" },
		{ CARC_OPT_FOLLOWERS, "0x7" },
		{ CARC_OPT_FOLLOWERS, "7.0" },
		{ CARC_OPT_FOLLOWERS, "1e1" },
		{ CARC_OPT_FOLLOWERS, "2147483647" },
		{ CARC_OPT_FOLLOWERS, "2147483648" },
		{ CARC_OPT_FOLLOWERS, "-2147483648" },
		{ CARC_OPT_FOLLOWERS, "-2147483649" },
		{ CARC_OPT_FOLLOWERS, "4294967303" },	/* 2^32 + 7 */
		{ CARC_OPT_FOLLOWERS, "18446744073709551623" },	/* 2^64 + 7 */
		{ CARC_OPT_FOLLOWERS,
		  "00000000000000000000000000000000000000000000000007x" },
	};

	for (size_t i = 0; i < N_OF(bad); i++) {
		int32_t v = UNTOUCHED;

		ck_assert_msg(carc_option_value_from_name(bad[i].option,
							  bad[i].text, &v) ==
				      CARC_E_INVALID,
			      "option %u value '%s' accepted",
			      (unsigned)bad[i].option, bad[i].text);
		ck_assert_int_eq(v, UNTOUCHED);
	}
}
END_TEST

START_TEST(option_value_bad_arguments)
{
	int32_t v = UNTOUCHED;

	assert_status_eq(carc_option_value_from_name(CARC_OPT_PHANTOM, NULL,
						     &v),
			 CARC_E_INVALID);
	assert_status_eq(carc_option_value_from_name(CARC_OPT_PHANTOM, "on",
						     NULL),
			 CARC_E_INVALID);
	assert_status_eq(carc_option_value_from_name(0, "on", &v),
			 CARC_E_UNKNOWN_OPTION);
	assert_status_eq(carc_option_value_from_name(N_OPTIONS + 1, "1", &v),
			 CARC_E_UNKNOWN_OPTION);
	assert_status_eq(carc_option_value_from_name(UINT32_MAX, "0", &v),
			 CARC_E_UNKNOWN_OPTION);
	ck_assert_int_eq(v, UNTOUCHED);
}
END_TEST

/* ---- figures, feature kinds, decision points ---------------------------- */

typedef const char *(*name_fn)(uint32_t);
typedef int (*from_name_fn)(const char *);

/* names[i] is the name of value i + 1; every other value has none. */
static void
check_enum_names(name_fn name, from_name_fn from_name,
		 const char *const *names, uint32_t n)
{
	static const char *const bad[] = { "", "x", " city", "follower ",
					   "Follower", "PHASE", "place_tile",
					   "monasteries", "0", "1" };

	for (uint32_t i = 0; i < n; i++) {
		ck_assert_str_eq(name(i + 1), names[i]);
		ck_assert_int_eq(from_name(names[i]), (int)(i + 1));
	}
	ck_assert_ptr_null(name(0));
	ck_assert_ptr_null(name(n + 1));
	ck_assert_ptr_null(name(255));
	ck_assert_ptr_null(name(UINT32_MAX));
	for (size_t i = 0; i < N_OF(bad); i++)
		assert_status_eq(from_name(bad[i]), CARC_E_INVALID);
	assert_status_eq(from_name(NULL), CARC_E_INVALID);
}

START_TEST(figure_names)
{
	static const char *const names[] = { "follower", "phantom", "tower",
					     "house", "shed",
					     "large-follower", "builder",
					     "pig" };

	ck_assert_int_eq(CARC_FIGURE_FOLLOWER, 1);
	ck_assert_int_eq(CARC_FIGURE_SHED, 5);
	ck_assert_int_eq(CARC_FIGURE_PIG, 8);
	check_enum_names(carc_figure_name, carc_figure_from_name, names,
			 N_OF(names));
	assert_status_eq(carc_figure_from_name("city"), CARC_E_INVALID);
}
END_TEST

START_TEST(feature_kind_names)
{
	static const char *const names[] = { "city", "road", "field",
					     "monastery" };

	ck_assert_int_eq(CARC_FEATURE_CITY, 1);
	ck_assert_int_eq(CARC_FEATURE_MONASTERY, 4);
	check_enum_names(carc_feature_kind_name, carc_feature_kind_from_name,
			 names, N_OF(names));
	/* kinds, not features */
	assert_status_eq(carc_feature_kind_from_name("c1"), CARC_E_INVALID);
	ck_assert_ptr_null(carc_feature_kind_name(CARC_C1));
}
END_TEST

START_TEST(phase_names)
{
	static const char *const names[] = { "place-tile", "deploy",
					     "phantom", "crop-choice",
					     "crop-response", "game-over",
					     "second-tile" };

	ck_assert_int_eq(CARC_PHASE_PLACE_TILE, 1);
	ck_assert_int_eq(CARC_PHASE_GAME_OVER, 6);
	ck_assert_int_eq(CARC_PHASE_SECOND_TILE, 7);
	check_enum_names(carc_phase_name, carc_phase_from_name, names,
			 N_OF(names));
}
END_TEST

/* ---- carc_move_parse ---------------------------------------------------- */

/* parse(text) == m, and describe(m) == text. */
static void
check_parse(const char *text, carc_move_t want)
{
	carc_move_t m = MOVE_UNTOUCHED;
	char buf[64];

	ck_assert(want != CARC_MOVE_NONE);
	ck_assert_msg(carc_move_parse(text, &m) == CARC_OK,
		      "'%s' not parsed", text);
	ck_assert_msg(m == want, "'%s': got %#llx, want %#llx", text,
		      (unsigned long long)m, (unsigned long long)want);
	ck_assert_int_eq(carc_move_describe(m, buf, sizeof(buf)),
			 (int)strlen(text));
	ck_assert_str_eq(buf, text);
}

START_TEST(parse_exact)
{
	check_parse("place 0,0 r0", carc_move_place(0, 0, 0));
	check_parse("place 1,-2 r3", carc_move_place(1, -2, 3));
	check_parse("place -32768,32767 r1",
		    carc_move_place(-32768, 32767, 1));
	check_parse("place 32767,-32768 r2",
		    carc_move_place(32767, -32768, 2));
	check_parse("deploy follower c1 at 1,-2",
		    carc_move_deploy(CARC_FIGURE_FOLLOWER, 1, -2, CARC_C1));
	check_parse("deploy follower monastery at 0,-1",
		    carc_move_deploy(CARC_FIGURE_FOLLOWER, 0, -1,
				     CARC_MONASTERY));
	check_parse("deploy phantom f4 at -10,20",
		    carc_move_deploy(CARC_FIGURE_PHANTOM, -10, 20, CARC_F4));
	check_parse("deploy phantom r3 at 0,0",
		    carc_move_deploy(CARC_FIGURE_PHANTOM, 0, 0, CARC_R3));
	check_parse("build tower at 3,4",
		    carc_move_build(CARC_FIGURE_TOWER, 3, 4));
	check_parse("build house at -3,-4",
		    carc_move_build(CARC_FIGURE_HOUSE, -3, -4));
	check_parse("build shed at 0,0",
		    carc_move_build(CARC_FIGURE_SHED, 0, 0));
	check_parse("pass", carc_move_pass());
	check_parse("second-tile", carc_move_second_tile());
	check_parse("deploy builder r2 at 3,-1",
		    carc_move_deploy(CARC_FIGURE_BUILDER, 3, -1, CARC_R2));
	check_parse("deploy pig f1 at 0,7",
		    carc_move_deploy(CARC_FIGURE_PIG, 0, 7, CARC_F1));
	check_parse("crop deploy", carc_move_crop_choice(CARC_CROP_DEPLOY));
	check_parse("crop remove", carc_move_crop_choice(CARC_CROP_REMOVE));
	check_parse("remove follower c2 at 5,-5",
		    carc_move_remove(CARC_FIGURE_FOLLOWER, 5, -5, CARC_C2));
	check_parse("remove phantom monastery at -32768,-32768",
		    carc_move_remove(CARC_FIGURE_PHANTOM, -32768, -32768,
				     CARC_MONASTERY));
}
END_TEST

START_TEST(parse_malformed)
{
	static const char *const bad[] = {
		"",
		" ",
		"deploy ",
		"remove ",
		"build ",
		"deploy followerfollowerfoll c1 at 0,0",
		"place 1,2",
		"place 1,2 r4",
		"place 1,2 r",
		"place 1,2 r-1",
		"place 1,2 r01",
		"place 1,2 r0 ",
		" place 1,2 r0",
		"place  1,2 r0",
		"place 1, 2 r0",
		"place 1,2 r0\n",
		"place 1,2 r0x",
		"place 1,2,3 r0",
		"place 1 r0",
		"place ,2 r0",
		"place 1, r0",
		"place 1,2 R0",
		"Place 1,2 r0",
		"place E 1,2 r0",
		"place +1,2 r0",
		"place 01,2 r0",
		"place -0,2 r0",
		"place 1,-02 r0",
		"place 32768,0 r0",
		"place 0,-32769 r0",
		"place 99999,0 r0",
		"place 100000,0 r0",
		"place 4294967296,0 r0",
		"place 0,18446744073709551616 r0",
		"place 000000000000000000000000000001,0 r0",
		"place --1,0 r0",
		"place -,0 r0",
		"deploy follower c9 at 0,0",
		"deploy follower c0 at 0,0",
		"deploy follower f5 at 0,0",
		"deploy follower m1 at 0,0",
		"deploy follower monastery2 at 0,0",
		"deploy follower c1",
		"deploy follower c1 at",
		"deploy follower c1 at 0",
		"deploy follower c1 at 0,",
		"deploy follower c1 at 0,0 ",
		"deploy follower c1 at 0,0,",
		"deploy follower c1 at 0,0 pass",
		"deploy follower c1 0,0",
		"deploy follower  c1 at 0,0",
		"deploy follower C1 at 0,0",
		"deploy tower c1 at 0,0",
		"deploy shed at 0,0",
		"deploy knight c1 at 0,0",
		"deploy c1 at 0,0",
		"deploy follower at 0,0",
		"deploy follower c1 at 0,32768",
		"build follower at 0,0",
		"build phantom at 0,0",
		"build tower c1 at 0,0",
		"build tower",
		"build tower at 0,0 r0",
		"build castle at 0,0",
		"remove tower c1 at 0,0",
		"remove house at 0,0",
		"remove follower c9 at 0,0",
		"remove follower c1",
		"pass x",
		"pass ",
		" pass",
		"Pass",
		"PASS",
		"passs",
		"pas",
		"crop",
		"crop ",
		"crop deploy ",
		"crop add",
		"crop Deploy",
		"crop deployremove",
		"crop deploy remove",
		"place",
		"deploy",
		"build",
		"remove",
		"\tpass",
		"pass\t",
		"place 1,2 r0\0junk",	/* the NUL ends the text: accepted */
	};

	for (size_t i = 0; i < N_OF(bad); i++) {
		carc_move_t m = MOVE_UNTOUCHED;
		int want = i + 1 == N_OF(bad) ? CARC_OK : CARC_E_INVALID;

		ck_assert_msg(carc_move_parse(bad[i], &m) == want,
			      "'%s': want %d", bad[i], want);
		if (want == CARC_OK)
			ck_assert(m == carc_move_place(1, 2, 0));
		else
			ck_assert(m == MOVE_UNTOUCHED);
	}
}
END_TEST

START_TEST(parse_bad_arguments)
{
	carc_move_t m = MOVE_UNTOUCHED;
	char longer[200];

	assert_status_eq(carc_move_parse(NULL, &m), CARC_E_INVALID);
	assert_status_eq(carc_move_parse("pass", NULL), CARC_E_INVALID);
	assert_status_eq(carc_move_parse(NULL, NULL), CARC_E_INVALID);
	ck_assert(m == MOVE_UNTOUCHED);

	/* overlong text, whatever it holds */
	memset(longer, ' ', sizeof(longer) - 1);
	longer[sizeof(longer) - 1] = '\0';
	memcpy(longer, "pass", 4);
	assert_status_eq(carc_move_parse(longer, &m), CARC_E_INVALID);
	memset(longer, '0', sizeof(longer) - 1);
	memcpy(longer, "place 1", 7);
	strcpy(longer + 150, ",2 r0");
	assert_status_eq(carc_move_parse(longer, &m), CARC_E_INVALID);
	ck_assert(m == MOVE_UNTOUCHED);
}
END_TEST

/* describe, parse, compare; for every move value describe accepts. */
static void
round_trip(carc_move_t m)
{
	char buf[64];
	carc_move_t back = MOVE_UNTOUCHED;
	int len = carc_move_describe(m, buf, sizeof(buf));

	ck_assert_int_gt(len, 0);
	ck_assert_int_lt(len, (int)sizeof(buf));
	ck_assert_msg(carc_move_parse(buf, &back) == CARC_OK,
		      "'%s' not parsed", buf);
	ck_assert_msg(back == m, "'%s': got %#llx, want %#llx", buf,
		      (unsigned long long)back, (unsigned long long)m);
}

/* Every figure and feature value, with coordinates at the edges. */
START_TEST(parse_every_constructed_move)
{
	static const int32_t xs[] = { 0, 1, -1, 9, -10, 99, -100, 12345,
				      32767, -32768 };
	uint32_t n = 0;

	for (size_t i = 0; i < N_OF(xs); i++) {
		for (size_t j = 0; j < N_OF(xs); j++) {
			int32_t x = xs[i], y = xs[j];

			for (uint32_t r = 0; r < 4; r++, n++)
				round_trip(carc_move_place(x, y, r));
			for (uint32_t fig = 0; fig < 8; fig++) {
				carc_move_t m = carc_move_build(fig, x, y);

				if (m != CARC_MOVE_NONE) {
					round_trip(m);
					n++;
				}
				for (uint32_t f = 0; f < 0x100; f++) {
					m = carc_move_deploy(fig, x, y, f);
					if (m != CARC_MOVE_NONE) {
						round_trip(m);
						n++;
					}
					m = carc_move_remove(fig, x, y, f);
					if (m != CARC_MOVE_NONE) {
						round_trip(m);
						n++;
					}
				}
			}
		}
	}
	round_trip(carc_move_pass());
	round_trip(carc_move_second_tile());
	round_trip(carc_move_crop_choice(CARC_CROP_DEPLOY));
	round_trip(carc_move_crop_choice(CARC_CROP_REMOVE));
	/* 100 positions: 4 rotations, 3 buildings, 13 features for each
	 * of 5 figures deployed and 2 removed */
	ck_assert_uint_eq(n, 100 * (4 + 3 + (5 + 2) * 13));
}
END_TEST

/* Random 64-bit values: describe and parse agree on which are moves.
 * Fewer under valgrind (CARC_TEST_QUICK). */
START_TEST(parse_random_values)
{
	uint64_t state = 0x9e3779b97f4a7c15ull;
	uint32_t described = 0;
	int n = getenv("CARC_TEST_QUICK") != NULL ? 20000 : 200000;

	for (int i = 0; i < n; i++) {
		uint64_t r = test_rand(&state);
		/* mostly small kinds, figures and features, so that many
		 * values are moves */
		carc_move_t m = r & 0xffff000000000000ull;

		m |= (r >> 8 & 0xffff) << 32;
		m |= (carc_move_t)(r % 7);
		m |= (carc_move_t)(r >> 20 & 7) << 8;
		if (r >> 30 & 1)
			m |= (carc_move_t)(r >> 31 & 3) << 16;
		else
			m |= (carc_move_t)(r >> 33 & 0x4f) << 24;
		if (carc_move_describe(m, NULL, 0) > 0) {
			round_trip(m);
			described++;
		}
	}
	ck_assert_uint_gt(described, (uint32_t)n / 70);
}
END_TEST

/* Every legal move of many random games with every expansion. */
static void
parse_games(uint32_t n_games, uint64_t seed0)
{
	static const int32_t opts[][2] = {
		{ CARC_OPT_PHANTOM, 1 },
		{ CARC_OPT_CROP_CIRCLES_I, 1 },
		{ CARC_OPT_CROP_CIRCLES_II, 1 },
		{ CARC_OPT_LITTLE_BUILDINGS, 1 },
	};
	uint64_t state = seed0;
	uint32_t seen[8] = { 0 };

	for (uint32_t g = 0; g < n_games; g++) {
		struct carc_rules_builder *b = NULL;
		struct carc_rules *rules = NULL;
		struct carc_game *game;
		struct random_game r;
		uint32_t players = 2 + g % 5;

		assert_ok(carc_rules_builder_new(&b));
		for (size_t k = 0; k < N_OF(opts); k++)
			assert_ok(carc_rules_builder_set(b, (uint32_t)opts[k][0],
							 opts[k][1]));
		/* vary the crop-circle options between games */
		assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_DEPLOY_ANY,
						 (int32_t)(g & 1)));
		assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_PHANTOM,
						 (int32_t)(g >> 1 & 1)));
		assert_ok(carc_rules_builder_build(b, &rules));
		carc_rules_builder_free(b);
		game = make_game(rules, players, seed0 + g);
		carc_rules_unref(rules);

		random_game_start(&r, game, state);
		while (random_game_next(&r)) {
			for (int i = 0; i < r.n; i++) {
				round_trip(r.moves[i]);
				seen[carc_move_kind(r.moves[i])]++;
			}
			random_game_play(&r);
		}
		state = r.rng;
		random_game_end(&r);
		carc_game_free(game);
	}
	/* every kind was met */
	for (uint32_t k = CARC_MOVE_PLACE; k <= CARC_MOVE_REMOVE; k++)
		ck_assert_msg(seen[k] > 0, "no move of kind %u", (unsigned)k);
}

START_TEST(parse_legal_moves_of_games)
{
	/* 40 games, 8 under valgrind (CARC_TEST_QUICK) */
	parse_games(getenv("CARC_TEST_QUICK") != NULL ? 8 : 40, 1000);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("names");
	TCase *tc;

	tc = tcase_create("options");
	tcase_add_test(tc, option_names_exact);
	tcase_add_test(tc, option_from_name_bad);
	tcase_add_test(tc, option_info_exact);
	tcase_add_test(tc, option_info_matches_builder);
	tcase_add_test(tc, option_info_unknown);
	tcase_add_test(tc, option_values_round_trip);
	tcase_add_test(tc, option_value_exact);
	tcase_add_test(tc, option_value_aliases);
	tcase_add_test(tc, option_value_bad);
	tcase_add_test(tc, option_value_bad_arguments);
	tcase_add_test(tc, option_is_expansion_exact);
	tcase_add_test(tc, option_explain_exact);
	suite_add_tcase(s, tc);

	tc = tcase_create("enums");
	tcase_add_test(tc, figure_names);
	tcase_add_test(tc, feature_kind_names);
	tcase_add_test(tc, phase_names);
	suite_add_tcase(s, tc);

	tc = tcase_create("moves");
	tcase_add_test(tc, parse_exact);
	tcase_add_test(tc, parse_malformed);
	tcase_add_test(tc, parse_bad_arguments);
	tcase_add_test(tc, parse_every_constructed_move);
	tcase_add_test(tc, parse_random_values);
	tcase_add_test(tc, parse_legal_moves_of_games);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);

	return s;
}
