/* SPDX-License-Identifier: MIT */
/*
 * The River, Inns & Cathedrals and Traders & Builders in JCZ saved games
 * (jcz-private.h; doc/users/jcz.md#expansions-new has the same in prose).
 *
 * JCZ 5 turns each on by a tile set and elements:
 *
 *   The River              set "river/1:1", element "river", and the
 *                          spring "RI/s" as setup.start
 *   Inns & Cathedrals      set "inns-and-cathedrals:1", elements
 *                          "big-follower": 1, "inn", "cathedral"
 *   Traders & Builders     set "traders-and-builders:1", elements
 *                          "builder": 1, "pig": 1, "traders" (goods)
 *
 * The engine has one option per expansion (its tiles and figures
 * together), so the importer accepts a set only with all its elements
 * (without them JCZ would score the set's inns, cathedrals or goods as
 * plain features), and elements without their set as the expansion with
 * none of its tiles (JCZ's engine test of the pig has "pig" alone).
 *
 * The figures are ordinary DEPLOY_MEEPLE messages (jcz-base.c):
 * "P.big.1" (JCZ's BigFollower), "P.builder.1", "P.pig.1".  Goods are
 * JCZ's own bookkeeping: no message.  JCZ plays the builder's second tile
 * always (CleanUpTurnPartPhase), without a message: the same player's
 * next PLACE_TILE.  Its river rule is the engine's CARC_RIVER_U_JCZ; its
 * tile pack draws the river group, then the lake, then the main stack
 * with all four BA/RCr (the spring is the start tile).
 */
#include <stdio.h>
#include <string.h>

#include "jcz-private.h"

static const struct {
	const char *name;
	uint32_t part;
} part_names[] = {
	{ "river/1:1", JCZ_PART_RIVER_SET },
	{ "river", JCZ_PART_RIVER },
	{ "inns-and-cathedrals:1", JCZ_PART_IC_SET },
	{ "big-follower", JCZ_PART_BIG },
	{ "inn", JCZ_PART_INN },
	{ "cathedral", JCZ_PART_CATHEDRAL },
	{ "traders-and-builders:1", JCZ_PART_TB_SET },
	{ "builder", JCZ_PART_BUILDER },
	{ "pig", JCZ_PART_PIG },
	{ "traders", JCZ_PART_TRADERS },
};

#define N_PART_NAMES (sizeof(part_names) / sizeof(part_names[0]))

/* @p name: one of part_names[] (the setup tables call with those) */
static uint32_t
part_of(const char *name)
{
	size_t i = 0;

	while (strcmp(part_names[i].name, name) != 0)
		i++;
	return part_names[i].part;
}

/* @p part: one of part_names[] */
static const char *
part_name(uint32_t part)
{
	size_t i = 0;

	while (part_names[i].part != part)
		i++;
	return part_names[i].name;
}

/* ------------------------------------------------------------------ */
/* Import                                                               */
/* ------------------------------------------------------------------ */

/* a tile set: once */
int
carc__jcz_part_set(struct jcz_import *im, const char *name,
		   const struct carc_json_value *v)
{
	int64_t n = 1;

	if (carc_json_type(v) == CARC_JSON_NUMBER &&
	    (!carc_json_int(v, &n) || n != 1))
		return carc__jcz_fail(im, CARC_E_UNKNOWN_OPTION,
				      "tile set '%s' is not 1: the library "
				      "has one copy of it", name);
	im->parts |= part_of(name);
	return 0;
}

/* a figure element: JCZ's engine reads a count (0: none) */
int
carc__jcz_part_figure(struct jcz_import *im, const char *name,
		      const struct carc_json_value *v)
{
	int64_t n = 0;

	if (!carc_json_int(v, &n) || n < 0 || n > 1)
		return carc__jcz_fail(im, CARC_E_UNKNOWN_OPTION,
				      "element '%s': the library plays one "
				      "per player, or none", name);
	if (n)
		im->parts |= part_of(name);
	return 0;
}

/* an element turned on by its key, whatever its value (as JCZ) */
int
carc__jcz_part_flag(struct jcz_import *im, const char *name,
		    const struct carc_json_value *v)
{
	(void)v;
	im->parts |= part_of(name);
	return 0;
}

#define JCZ_PARTS_IC                                                           \
	(JCZ_PART_IC_SET | JCZ_PART_BIG | JCZ_PART_INN | JCZ_PART_CATHEDRAL)
#define JCZ_PARTS_TB                                                           \
	(JCZ_PART_TB_SET | JCZ_PART_BUILDER | JCZ_PART_PIG | JCZ_PART_TRADERS)

/* Each expansion: its set, the elements the set needs, its name. */
static const struct {
	uint32_t set, elements;
	const char *name;
} expansions[] = {
	{ JCZ_PART_RIVER_SET, JCZ_PART_RIVER, "The River" },
	{ JCZ_PART_IC_SET, JCZ_PARTS_IC & ~JCZ_PART_IC_SET,
	  "Inns & Cathedrals" },
	{ JCZ_PART_TB_SET, JCZ_PARTS_TB & ~JCZ_PART_TB_SET,
	  "Traders & Builders" },
};

/* The options the parts set: when any of @p parts is in the setup,
 * @p option is @p value (JCZ's rules where ours have a choice). */
static const struct {
	uint32_t parts, option;
	int32_t value;
	const char *name;
} part_options[] = {
	{ JCZ_PART_RIVER_SET, CARC_OPT_RIVER, 1, "river/1:1" },
	/* JCZ's river rule; the fourth D in the main stack
	 * (carc__jcz_parts_stack) */
	{ JCZ_PART_RIVER_SET, CARC_OPT_RIVER_U_TURN, CARC_RIVER_U_JCZ,
	  "river/1:1" },
	{ JCZ_PART_RIVER_SET, CARC_OPT_RIVER_START_TILE,
	  CARC_RIVER_START_REMOVED, "river/1:1" },
	/* JCZ's lake is an ordinary turn */
	{ JCZ_PART_RIVER_SET, CARC_OPT_RIVER_LAKE_TURN, CARC_RIVER_LAKE_TURN,
	  "river/1:1" },
	{ JCZ_PARTS_IC, CARC_OPT_INNS_CATHEDRALS, 1, "inns-and-cathedrals:1" },
	{ JCZ_PARTS_TB, CARC_OPT_TRADERS_BUILDERS, 1,
	  "traders-and-builders:1" },
	/* JCZ always plays the second tile, and offers the phantom after
	 * the builder or the pig */
	{ JCZ_PARTS_TB, CARC_OPT_BUILDER_TURN, CARC_BUILDER_TURN_MANDATORY,
	  "traders-and-builders:1" },
	{ JCZ_PARTS_TB, CARC_OPT_PHANTOM_WITH_FIGURE, 1,
	  "traders-and-builders:1" },
	/* JCZ's builder never goes on a feature its tile completes
	 * (Builder.java) */
	{ JCZ_PARTS_TB, CARC_OPT_BUILDER_ON_COMPLETED, 0,
	  "traders-and-builders:1" },
};

int
carc__jcz_parts_finish(struct jcz_import *im)
{
	uint32_t p = im->parts;

	/* a set comes with all its elements */
	for (size_t i = 0; i < sizeof(expansions) / sizeof(expansions[0]); i++)
		for (uint32_t bit = 1; bit <= expansions[i].elements; bit <<= 1)
			if ((p & expansions[i].set) &&
			    (expansions[i].elements & bit) && !(p & bit))
				return carc__jcz_fail(
					im, CARC_E_UNKNOWN_OPTION,
					"tile set '%s' without element '%s': "
					"the library plays %s with all its "
					"parts",
					part_name(expansions[i].set),
					part_name(bit), expansions[i].name);
	if ((p & JCZ_PART_RIVER) && !(p & JCZ_PART_RIVER_SET))
		return carc__jcz_fail(im, CARC_E_UNKNOWN_OPTION,
				      "element 'river' without tile set "
				      "'river/1:1': the library has no other "
				      "river");
	for (size_t i = 0; i < sizeof(part_options) / sizeof(part_options[0]);
	     i++) {
		int rc;

		if (!(p & part_options[i].parts))
			continue;
		rc = carc__jcz_set_option(im, part_options[i].option,
					  part_options[i].value,
					  part_options[i].name);
		if (rc < 0)
			return rc;
	}
	return 0;
}

uint32_t
carc__jcz_start_tile(const struct jcz_import *im)
{
	return (im->parts & JCZ_PART_RIVER_SET) ? CARC_TILE_RI_1 : CARC_TILE_D;
}

void
carc__jcz_parts_stack(struct jcz_import *im)
{
	/* JCZ's main stack keeps all four BA/RCr when the spring starts;
	 * the figures without their tiles (counts the builder accepts) */
	if (im->parts & JCZ_PART_RIVER_SET)
		carc_rules_builder_set_tile_count(im->builder, CARC_TILE_D, 4);
	for (uint32_t t = CARC_TILE_IC_1; t <= CARC_TILE_IC_17; t++)
		if (!(im->parts & JCZ_PART_IC_SET))
			carc_rules_builder_set_tile_count(im->builder, t, 0);
	for (uint32_t t = CARC_TILE_TB_1; t <= CARC_TILE_TB_24; t++)
		if (!(im->parts & JCZ_PART_TB_SET))
			carc_rules_builder_set_tile_count(im->builder, t, 0);
}

/* ------------------------------------------------------------------ */
/* Export                                                               */
/* ------------------------------------------------------------------ */

static int32_t
option(const struct carc_rules *rules, uint32_t opt)
{
	int32_t v = 0;

	carc_rules_get(rules, opt, &v);
	return v;
}

uint32_t
carc__jcz_pack_count(const struct carc_rules *rules, uint32_t tile)
{
	int def = carc_rules_default_tile_count(rules, tile);

	/* with the spring as start tile, JCZ's main stack has four D */
	if (tile == CARC_TILE_D && option(rules, CARC_OPT_RIVER))
		return 4;
	return def > 0 ? (uint32_t)def : 0;
}

uint32_t
carc__jcz_export_start_tile(const struct carc_rules *rules)
{
	return option(rules, CARC_OPT_RIVER) ? CARC_TILE_RI_1 : CARC_TILE_D;
}

static void
write_key_int(struct carc_json_writer *w, const char *key, int64_t v)
{
	carc_json_key(w, key);
	carc_json_write_int(w, v);
}

static void
write_key_true(struct carc_json_writer *w, const char *key)
{
	carc_json_key(w, key);
	carc_json_write_bool(w, true);
}

void
carc__jcz_parts_export_setup(struct jcz_export *ex, enum jcz_setup_part part)
{
	struct carc_json_writer *w = ex->w;
	bool river = option(ex->rules, CARC_OPT_RIVER);
	bool ic = option(ex->rules, CARC_OPT_INNS_CATHEDRALS);
	bool tb = option(ex->rules, CARC_OPT_TRADERS_BUILDERS);

	if (part == JCZ_SETUP_SETS) {
		if (river)
			write_key_int(w, "river/1:1", 1);
		if (ic)
			write_key_int(w, "inns-and-cathedrals:1", 1);
		if (tb)
			write_key_int(w, "traders-and-builders:1", 1);
	} else if (part == JCZ_SETUP_ELEMENTS) {
		if (river)
			write_key_true(w, "river");
		if (ic) {
			write_key_int(w, "big-follower", 1);
			write_key_true(w, "inn");
			write_key_true(w, "cathedral");
		}
		if (tb) {
			write_key_int(w, "builder", 1);
			write_key_int(w, "pig", 1);
			write_key_true(w, "traders");
		}
	}
}

bool
carc__jcz_parts_option_exported(uint32_t opt)
{
	switch (opt) {
	case CARC_OPT_RIVER:
	case CARC_OPT_RIVER_START_TILE:
	case CARC_OPT_RIVER_U_TURN:
	case CARC_OPT_INNS_CATHEDRALS:
	case CARC_OPT_TRADERS_BUILDERS:
	case CARC_OPT_BUILDER_TURN:
	case CARC_OPT_PHANTOM_WITH_FIGURE:
	case CARC_OPT_BUILDER_ON_COMPLETED:
	case CARC_OPT_RIVER_LAKE_TURN:
		return true;
	default:
		return false;
	}
}

static int
refuse(char *msg, size_t n, const struct carc_rules *rules, uint32_t opt,
       const char *why)
{
	return carc__jcz_refuse(msg, n, "option %s is %s: %s",
				carc_option_name(opt),
				carc_option_value_name(opt, option(rules, opt)),
				why);
}

int
carc__jcz_parts_check_rules(const struct carc_rules *rules, char *msg,
			    size_t n)
{
	bool river = option(rules, CARC_OPT_RIVER);
	bool tb = option(rules, CARC_OPT_TRADERS_BUILDERS);

	if (river && option(rules, CARC_OPT_RIVER_U_TURN) != CARC_RIVER_U_JCZ)
		return refuse(msg, n, rules, CARC_OPT_RIVER_U_TURN,
			      "JCloisterZone has only its own river rule "
			      "(river-u-turn jcz)");
	if (river && option(rules, CARC_OPT_RIVER_START_TILE) ==
			     CARC_RIVER_START_IN_RIVER_STACK)
		return refuse(msg, n, rules, CARC_OPT_RIVER_START_TILE,
			      "JCloisterZone draws the whole river before any "
			      "other tile (river-start-tile removed or "
			      "after-river)");
	if (river && option(rules, CARC_OPT_RIVER_LAKE_TURN) !=
			     CARC_RIVER_LAKE_TURN)
		return refuse(msg, n, rules, CARC_OPT_RIVER_LAKE_TURN,
			      "JCloisterZone draws and places the lake as an "
			      "ordinary turn (river-lake-turn turn)");
	if (tb && option(rules, CARC_OPT_BUILDER_TURN) !=
			  CARC_BUILDER_TURN_MANDATORY)
		return refuse(msg, n, rules, CARC_OPT_BUILDER_TURN,
			      "JCloisterZone always plays the builder's "
			      "second tile (builder-turn mandatory)");
	if (tb && !option(rules, CARC_OPT_PHANTOM_WITH_FIGURE))
		return refuse(msg, n, rules, CARC_OPT_PHANTOM_WITH_FIGURE,
			      "JCloisterZone offers the phantom after the "
			      "builder or the pig (phantom-with-figure on)");
	return 0;
}
