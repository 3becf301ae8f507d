/* SPDX-License-Identifier: MIT */
/*
 * The setup of a JCZ saved game (jcz-private.h): import of both layouts
 * through tables from a JCZ name to a function that sets rule options,
 * and the setup that export writes.  doc/users/jcz.md has the same tables in
 * prose.
 *
 * JCZ 4:  "setup": { "expansions": ["BASIC"] or { "BASIC": 1 },
 *                    "rules": { "TINY_CITY_2_POINTS": true, ... },
 *                    "capabilities": ["StandardGame"] },
 *         "slots": [ one per player ]
 * JCZ 5:  "setup": { "sets": { "basic:1": 1 },
 *                    "elements": { "small-follower": 7, "farmers": true },
 *                    "rules": { "tiny-city-scoring": "4", ... },
 *                    "start": [ { "tile": "BA/RCr", "x": 0, "y": 0,
 *                                 "rotation": 0 } ] },
 *         "players": [ one per player ]
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "jcz-private.h"

int
carc__jcz_set_option(struct jcz_import *im, uint32_t option, int32_t value,
		     const char *name)
{
	int rc = carc_rules_builder_set(im->builder, option, value);

	if (rc < 0)
		return carc__jcz_fail(im, rc,
				      "setting '%s': option %s cannot be %d",
				      name, carc_option_name(option),
				      (int)value);
	return 0;
}

static bool
truthy(const struct carc_json_value *v)
{
	int64_t n;

	if (carc_json_type(v) == CARC_JSON_NUMBER)
		return carc_json_int(v, &n) && n != 0;
	return carc_json_is_true(v);
}

/* a setting that needs nothing */
static int
setting_ok(struct jcz_import *im, const char *name,
	   const struct carc_json_value *v)
{
	(void)im;
	(void)name;
	(void)v;
	return 0;
}

/* a setting without effect on the games the library plays, accepted
 * whatever its value */
#define setting_ignored setting_ok

/* the base game, at most once */
static int
setting_basic(struct jcz_import *im, const char *name,
	      const struct carc_json_value *v)
{
	int64_t n = 1;

	if (carc_json_type(v) == CARC_JSON_NUMBER &&
	    (!carc_json_int(v, &n) || n != 1))
		return carc__jcz_fail(im, CARC_E_UNKNOWN_OPTION,
				      "'%s' is not 1: the library has one base "
				      "set", name);
	return 0;
}

static int
element_followers(struct jcz_import *im, const char *name,
		  const struct carc_json_value *v)
{
	int64_t n;

	if (!carc_json_int(v, &n) || n < 1 || n > 15)
		return carc__jcz_fail(im, CARC_E_UNKNOWN_OPTION,
				      "element '%s': the library plays 1 to 15 "
				      "followers",
				      name);
	return carc__jcz_set_option(im, CARC_OPT_FOLLOWERS, (int32_t)n, name);
}

/* JCZ's engine plays farmers when the key is there, whatever its value
 * (Engine.createSetupFromMessage tests containsKey("farmers")) */
static int
element_farmers(struct jcz_import *im, const char *name,
		const struct carc_json_value *v)
{
	(void)v;
	return carc__jcz_set_option(im, CARC_OPT_FARMERS, 1, name);
}

/* the capability is on when the key is there, whatever its value */
static int
element_little_buildings(struct jcz_import *im, const char *name,
			 const struct carc_json_value *v)
{
	(void)v;
	return carc__jcz_setting_little_buildings(im, name, NULL);
}

/* JCZ 4 TINY_CITY_2_POINTS: true */
static int
rule_tiny_city_bool(struct jcz_import *im, const char *name,
		    const struct carc_json_value *v)
{
	return carc__jcz_set_option(im, CARC_OPT_SMALL_CITY, truthy(v) ? 1 : 0,
				    name);
}

/* JCZ 5 tiny-city-scoring: "4" or "2" */
static int
rule_tiny_city(struct jcz_import *im, const char *name,
	       const struct carc_json_value *v)
{
	const char *s = carc_json_string(v);

	if (s && strcmp(s, "4") == 0)
		return carc__jcz_set_option(im, CARC_OPT_SMALL_CITY, 0, name);
	if (s && strcmp(s, "2") == 0)
		return carc__jcz_set_option(im, CARC_OPT_SMALL_CITY, 1, name);
	return carc__jcz_fail(im, CARC_E_UNKNOWN_OPTION,
			      "rule '%s' is neither \"4\" nor \"2\"", name);
}

/* The expansions the library reads from JCZ 5 files only (jcz-parts.c):
 * JCZ 4's name, ours, JCZ 5's tile set. */
static const struct {
	const char *jcz4, *title, *set5;
} jcz5_only[] = {
	{ "RIVER", "The River", "river/1:1" },
	{ "INNS_AND_CATHEDRALS", "Inns & Cathedrals", "inns-and-cathedrals:1" },
	{ "TRADERS_AND_BUILDERS", "Traders & Builders",
	  "traders-and-builders:1" },
};

/* JCZ 4 RIVER, INNS_AND_CATHEDRALS, TRADERS_AND_BUILDERS: refused with
 * the JCZ 5 set that brings the expansion (off is no refusal, as for
 * the expansions the library does not have) */
static int
expansion4_jcz5_only(struct jcz_import *im, const char *name,
		     const struct carc_json_value *v)
{
	size_t i = 0;

	if (v && !truthy(v))
		return 0;
	while (strcmp(jcz5_only[i].jcz4, name) != 0)
		i++;
	return carc__jcz_fail(im, CARC_E_UNKNOWN_OPTION,
			      "expansion '%s': the library reads %s from JCZ "
			      "5 files only (tile set '%s'), not from JCZ 4 "
			      "files",
			      name, jcz5_only[i].title, jcz5_only[i].set5);
}

/* JCZ 4 expansions (names of its Expansion enum) */
static const struct jcz_setting expansions4[] = {
	{ "BASIC", setting_basic },
	{ "PHANTOM", carc__jcz_expansion_phantom },
	{ "CORN_CIRCLES", carc__jcz_setting_crop_i },
	{ "CORN_CIRCLES_II", carc__jcz_setting_crop_ii },
	{ "LITTLE_BUILDINGS", carc__jcz_setting_little_buildings },
	{ "RIVER", expansion4_jcz5_only },
	{ "INNS_AND_CATHEDRALS", expansion4_jcz5_only },
	{ "TRADERS_AND_BUILDERS", expansion4_jcz5_only },
	{ NULL, NULL },
};

/* JCZ 4 capabilities */
static const struct jcz_setting capabilities4[] = {
	{ "StandardGame", setting_ok },
	{ NULL, NULL },
};

/* JCZ 5 tile sets */
static const struct jcz_setting sets5[] = {
	{ "basic", setting_basic },
	{ "basic:1", setting_basic },
	{ "corn-circles/1", carc__jcz_setting_crop_i },
	{ "corn-circles/2", carc__jcz_setting_crop_ii },
	/* jcz-parts.c */
	{ "river/1:1", carc__jcz_part_set },
	{ "inns-and-cathedrals:1", carc__jcz_part_set },
	{ "traders-and-builders:1", carc__jcz_part_set },
	{ NULL, NULL },
};

/* JCZ 5 elements: a figure or a feature kind in play */
static const struct jcz_setting elements5[] = {
	{ "small-follower", element_followers },
	{ "farmers", element_farmers },
	{ "phantom", carc__jcz_element_phantom },
	{ "little-buildings", element_little_buildings },
	/* the crop-circle action comes with the tile sets above */
	{ "corn-circle", setting_ok },
	/* jcz-parts.c */
	{ "river", carc__jcz_part_flag },
	{ "big-follower", carc__jcz_part_figure },
	{ "inn", carc__jcz_part_flag },
	{ "cathedral", carc__jcz_part_flag },
	{ "builder", carc__jcz_part_figure },
	{ "pig", carc__jcz_part_figure },
	{ "traders", carc__jcz_part_flag },
	/* pig herds are on tiles the library does not have */
	{ "pig-herd", setting_ok },
	{ NULL, NULL },
};

/* JCZ 4 rules: unknown ones are of expansions the setup does not use
 * (an expansion the library lacks is refused by itself) */
static const struct jcz_setting rules4[] = {
	{ "TINY_CITY_2_POINTS", rule_tiny_city_bool },
	{ "RANDOM_SEATING_ORDER", setting_ignored },
	{ "CLOCK_PLAYER_TIME", setting_ignored },
	{ "BULDINGS_DIFFERENT_VALUE", carc__jcz_rule_lb_different_value },
	{ "little-buildings-scoring", carc__jcz_rule_lb_scoring },
	{ NULL, NULL },
};

/* JCZ 5 rules */
static const struct jcz_setting rules5[] = {
	{ "tiny-city-scoring", rule_tiny_city },
	{ "little-buildings-scoring", carc__jcz_rule_lb_scoring },
	{ NULL, NULL },
};

static const struct jcz_setting *
find_setting(const struct jcz_setting *table, const char *name)
{
	for (; table->name; table++)
		if (strcmp(table->name, name) == 0)
			return table;
	return NULL;
}

/* Apply every member of an object (or every string of an array, with
 * value true) through @p table; unknown names fail with @p refusal,
 * or are ignored when @p refusal is NULL.  An unknown member switched
 * off (false or 0) is no refusal, unless @p presence: JCZ 5 elements,
 * which JCZ's engine turns on by the key alone. */
static int
apply_settings(struct jcz_import *im, const struct carc_json_value *v,
	       const struct jcz_setting *table, const char *what,
	       const char *refusal, bool presence)
{
	size_t n = carc_json_count(v);
	bool array = carc_json_type(v) == CARC_JSON_ARRAY;

	if (!v)
		return 0;
	if (!array && carc_json_type(v) != CARC_JSON_OBJECT) {
		im->err_line = carc_json_line(v);
		return carc__jcz_fail(im, CARC_E_PARSE,
				      "%s is not an object", what);
	}
	for (size_t i = 0; i < n; i++) {
		const struct carc_json_value *val = carc_json_at(v, i);
		const char *name = array ? carc_json_string(val)
					 : carc_json_key_at(v, i);
		const struct jcz_setting *s;
		int rc;

		if (!name) {
			im->err_line = carc_json_line(val);
			return carc__jcz_fail(im, CARC_E_PARSE,
					      "%s: entry %zu is not a string",
					      what, i);
		}
		s = find_setting(table, name);
		if (!s) {
			if (!refusal || (!array && !presence && !truthy(val)))
				continue;
			im->err_line = carc_json_line(val);
			return carc__jcz_fail(im, CARC_E_UNKNOWN_OPTION,
					      "%s '%s': %s",
					      what, name, refusal);
		}
		rc = s->apply(im, name, array ? NULL : val);
		if (rc < 0) {
			if (!im->err_line)
				im->err_line = carc_json_line(val);
			return rc;
		}
	}
	return 0;
}

static int
count_players(struct jcz_import *im, const struct carc_json_value *list,
	      const char *what)
{
	size_t n = carc_json_count(list);

	if (carc_json_type(list) != CARC_JSON_ARRAY)
		return carc__jcz_fail(im, CARC_E_PARSE, "no array '%s'", what);
	if (n < 2 || n > 6) {
		im->err_line = carc_json_line(list);
		return carc__jcz_fail(im, CARC_E_NOT_ALLOWED,
				      "%zu players: the library plays with 2 "
				      "to 6", n);
	}
	im->players = (uint32_t)n;
	return 0;
}

static int
check_start(struct jcz_import *im, const struct carc_json_value *start)
{
	const struct carc_json_value *s = carc_json_at(start, 0);
	int64_t x = 1, y = 1, r = 1;
	const char *tile = carc_json_string(carc_json_get(s, "tile"));

	if (!start)
		return 0;
	if (carc_json_type(start) != CARC_JSON_ARRAY ||
	    carc_json_count(start) != 1 || !tile ||
	    !carc_json_int(carc_json_get(s, "x"), &x) ||
	    !carc_json_int(carc_json_get(s, "y"), &y) ||
	    !carc_json_int(carc_json_get(s, "rotation"), &r) ||
	    carc__jcz_tile_from_id(tile) != (int)carc__jcz_start_tile(im) ||
	    x || y || r) {
		char id[32];

		im->err_line = carc_json_line(start);
		return carc__jcz_fail(im, CARC_E_NOT_ALLOWED,
				      "setup.start: the library starts with "
				      "one %s at 0,0, rotation 0",
				      carc__jcz_tile_id5(
					      carc__jcz_start_tile(im), id,
					      sizeof(id)));
	}
	return 0;
}

int
carc__jcz_import_setup(struct jcz_import *im)
{
	const struct carc_json_value *setup;
	int rc = carc__jcz_get_object(im, im->root, "setup", "the document",
				      &setup);

	if (rc < 0)
		return rc;
	if (carc_json_get(setup, "sets")) {
		im->layout = JCZ_LAYOUT_5;
		rc = count_players(im, carc_json_get(im->root, "players"),
				   "players");
		if (rc >= 0)
			rc = carc__jcz_set_option(im, CARC_OPT_FARMERS, 0,
						  "elements");
		if (rc >= 0)
			rc = apply_settings(im, carc_json_get(setup, "sets"),
					    sets5, "tile set",
					    "the library does not have it",
					    false);
		if (rc >= 0 && !carc_json_get(carc_json_get(setup, "elements"),
					      "small-follower"))
			rc = carc__jcz_fail(im, CARC_E_UNKNOWN_OPTION,
					    "setup.elements: no "
					    "'small-follower' (the library "
					    "plays with followers)");
		if (rc >= 0)
			rc = apply_settings(im,
					    carc_json_get(setup, "elements"),
					    elements5, "element",
					    "the library does not have it",
					    true);
		if (rc >= 0) {
			rc = carc__jcz_parts_finish(im);
			/* the sets and elements together: the setup's line */
			if (rc < 0 && !im->err_line)
				im->err_line = carc_json_line(setup);
		}
		if (rc >= 0)
			rc = apply_settings(im, carc_json_get(setup, "rules"),
					    rules5, "rule", NULL, false);
		if (rc >= 0)
			rc = check_start(im, carc_json_get(setup, "start"));
		return rc;
	}
	im->layout = JCZ_LAYOUT_4;
	rc = count_players(im, carc_json_get(im->root, "slots"), "slots");
	if (rc >= 0 && !carc_json_get(setup, "expansions"))
		rc = carc__jcz_fail(im, CARC_E_PARSE,
				    "setup: neither 'sets' (JCZ 5) nor "
				    "'expansions' (JCZ 4)");
	if (rc >= 0)
		rc = apply_settings(im, carc_json_get(setup, "expansions"),
				    expansions4, "expansion",
				    "the library does not have it",
				    false);
	if (rc >= 0)
		rc = apply_settings(im, carc_json_get(setup, "capabilities"),
				    capabilities4, "capability",
				    "the library does not have it",
				    false);
	if (rc >= 0)
		rc = apply_settings(im, carc_json_get(setup, "rules"), rules4,
				    "rule", NULL, false);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Export                                                               */
/* ------------------------------------------------------------------ */

/* Options that the setup below writes; every other option must keep its
 * default, which is what JCZ plays (farm-scoring: JCZ scores each field
 * on its own). */
static const uint32_t exported_options[] = {
	CARC_OPT_FARMERS,
	CARC_OPT_SMALL_CITY,
	CARC_OPT_FOLLOWERS,
};

int
carc__jcz_refuse(char *msg, size_t n, const char *fmt, ...)
{
	va_list ap;

	if (n) {
		va_start(ap, fmt);
		vsnprintf(msg, n, fmt, ap);
		va_end(ap);
	}
	return CARC_E_NOT_ALLOWED;
}

/* a value's word, or its number */
static const char *
value_word(uint32_t opt, int32_t v, char *buf, size_t n)
{
	const char *w = carc_option_value_name(opt, v);

	if (w)
		return w;
	snprintf(buf, n, "%d", (int)v);
	return buf;
}

int
carc__jcz_export_check_rules(const struct carc_rules *rules, char *msg,
			     size_t n)
{
	int rc;

	for (uint32_t opt = 1; carc_option_info(opt, NULL, NULL, NULL) >= 0;
	     opt++) {
		int32_t v = 0, def = 0;
		bool mapped = false;
		char a[16], b[16];

		for (size_t i = 0;
		     i < sizeof(exported_options) / sizeof(exported_options[0]);
		     i++)
			if (exported_options[i] == opt)
				mapped = true;
		if (mapped || carc__jcz_expansions_option_exported(opt) ||
		    carc__jcz_parts_option_exported(opt))
			continue;
		carc_option_info(opt, NULL, NULL, &def);
		carc_rules_get(rules, opt, &v);
		if (v != def)
			return carc__jcz_refuse(
				msg, n,
				"option %s is %s: JCloisterZone plays only %s",
				carc_option_name(opt),
				value_word(opt, v, a, sizeof(a)),
				value_word(opt, def, b, sizeof(b)));
	}
	rc = carc__jcz_parts_check_rules(rules, msg, n);
	return rc < 0 ? rc : carc__jcz_expansions_check_rules(rules, msg, n);
}

void
carc__jcz_export_setup(struct jcz_export *ex)
{
	struct carc_json_writer *w = ex->w;
	int32_t farmers = 1, small_city = 0, followers = 7;

	carc_rules_get(ex->rules, CARC_OPT_FARMERS, &farmers);
	carc_rules_get(ex->rules, CARC_OPT_SMALL_CITY, &small_city);
	carc_rules_get(ex->rules, CARC_OPT_FOLLOWERS, &followers);

	carc_json_key(w, "sets");
	carc_json_begin_object(w);
	carc_json_key(w, "basic:1");
	carc_json_write_int(w, 1);
	carc__jcz_crop_export_setup(ex, JCZ_SETUP_SETS);
	carc__jcz_parts_export_setup(ex, JCZ_SETUP_SETS);
	carc_json_end_object(w);

	carc_json_key(w, "elements");
	carc_json_begin_object(w);
	carc_json_key(w, "small-follower");
	carc_json_write_int(w, followers);
	/* JCZ plays farmers when the key is there, whatever its value
	 * (Engine.createSetupFromMessage); its client deletes an element
	 * switched off */
	if (farmers) {
		carc_json_key(w, "farmers");
		carc_json_write_bool(w, true);
	}
	carc__jcz_phantom_export_setup(ex, JCZ_SETUP_ELEMENTS);
	carc__jcz_crop_export_setup(ex, JCZ_SETUP_ELEMENTS);
	carc__jcz_buildings_export_setup(ex, JCZ_SETUP_ELEMENTS);
	carc__jcz_parts_export_setup(ex, JCZ_SETUP_ELEMENTS);
	carc_json_end_object(w);

	carc_json_key(w, "rules");
	carc_json_begin_object(w);
	carc_json_key(w, "tiny-city-scoring");
	carc_json_write_string(w, small_city ? "2" : "4");
	carc__jcz_buildings_export_setup(ex, JCZ_SETUP_RULES);
	carc_json_end_object(w);
}
