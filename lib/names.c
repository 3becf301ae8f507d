/* SPDX-License-Identifier: MIT */
/*
 * Names: the words of game records and of carc_move_describe() for
 * options, option values, figures, feature kinds and decision points,
 * and carc_move_parse(), the inverse of carc_move_describe().
 *
 * This is the library's one table of these words: the record code
 * (record.c) and the move text (move.c) take them from here, and the
 * public calls give them to the tool, the examples and the bindings.
 * The ranges and defaults of the options stay with the rules (rules.c).
 */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "carc-private.h"

/* ---- options --------------------------------------------------------- */

struct option_names {
	const char *name;
	uint8_t type;			/* enum carc_option_type */
	const char *const *values;	/* CHOICE: indexed by the value */
	uint8_t n_values;
	bool expansion;			/* switches an expansion on */
};

static const char *const farm_values[] = {
	[CARC_FARM_PER_FIELD] = "per-field",
	[CARC_FARM_PER_CITY] = "per-city",
	[CARC_FARM_PER_FIELD_ONCE] = "per-field-once",
};
static const char *const lb_scoring_values[] = {
	[CARC_LB_STANDARD] = "standard",
	[CARC_LB_321] = "3-2-1",
};
static const char *const lb_dist_values[] = {
	[CARC_LB_DIST_RULES] = "rules",
	[CARC_LB_DIST_JCZ] = "jcz",
};
static const char *const builder_turn_values[] = {
	[CARC_BUILDER_TURN_OPTIONAL] = "optional",
	[CARC_BUILDER_TURN_MANDATORY] = "mandatory",
};
static const char *const switch_values[] = { "off", "on" };
static const char *const river_start_values[] = {
	[CARC_RIVER_START_REMOVED] = "removed",
	[CARC_RIVER_START_AFTER_RIVER] = "after-river",
	[CARC_RIVER_START_IN_RIVER_STACK] = "in-river-stack",
};
static const char *const river_u_turn_values[] = {
	[CARC_RIVER_U_ADJACENT] = "adjacent",
	[CARC_RIVER_U_SUCCESSIVE] = "successive",
	[CARC_RIVER_U_ALLOWED] = "allowed",
	[CARC_RIVER_U_JCZ] = "jcz",
};
static const char *const river_lake_turn_values[] = {
	[CARC_RIVER_LAKE_TURN] = "turn",
	[CARC_RIVER_LAKE_AUTOMATIC] = "automatic",
};

/* every field spelt out: clang's -Wmissing-field-initializers */
#define CHOICE(a) CARC_OPTION_CHOICE, (a), sizeof(a) / sizeof((a)[0]), false
#define SWITCH CARC_OPTION_SWITCH, switch_values, 2, false
#define NUMBER CARC_OPTION_NUMBER, NULL, 0, false
#define EXPANSION CARC_OPTION_SWITCH, switch_values, 2, true

/* Indexed by enum carc_option; every option from 1 to N_OPTS - 1 has an
 * entry (tests/test-names.c walks them all). */
static const struct option_names options[N_OPTS] = {
	[CARC_OPT_FARM_SCORING] = { "farm-scoring", CHOICE(farm_values) },
	[CARC_OPT_FARMERS] = { "farmers", SWITCH },
	[CARC_OPT_SMALL_CITY] = { "small-city", SWITCH },
	[CARC_OPT_FOLLOWERS] = { "followers", NUMBER },
	[CARC_OPT_PHANTOM] = { "phantom", EXPANSION },
	[CARC_OPT_CROP_CIRCLES_I] = { "crop-circles-i", EXPANSION },
	[CARC_OPT_CROP_CIRCLES_II] = { "crop-circles-ii", EXPANSION },
	[CARC_OPT_LITTLE_BUILDINGS] = { "little-buildings", EXPANSION },
	[CARC_OPT_LB_SCORING] = { "lb-scoring", CHOICE(lb_scoring_values) },
	[CARC_OPT_LB_DISTRIBUTION] = { "lb-distribution",
				       CHOICE(lb_dist_values) },
	[CARC_OPT_LB_ZERO_FIELD] = { "lb-zero-field", SWITCH },
	[CARC_OPT_LB_PER_CITY_FIELDS] = { "lb-per-city-fields", SWITCH },
	[CARC_OPT_CROP_DEPLOY_ANY] = { "crop-deploy-any", SWITCH },
	[CARC_OPT_CROP_DEPLOY_MANDATORY] = { "crop-deploy-mandatory", SWITCH },
	[CARC_OPT_CROP_PHANTOM] = { "crop-phantom", SWITCH },
	[CARC_OPT_CROP_AFTER_PHANTOM] = { "crop-after-phantom", SWITCH },
	[CARC_OPT_RIVER] = { "river", EXPANSION },
	[CARC_OPT_RIVER_START_TILE] = { "river-start-tile",
					CHOICE(river_start_values) },
	[CARC_OPT_RIVER_U_TURN] = { "river-u-turn",
				    CHOICE(river_u_turn_values) },
	[CARC_OPT_INNS_CATHEDRALS] = { "inns-cathedrals", EXPANSION },
	[CARC_OPT_TRADERS_BUILDERS] = { "traders-builders", EXPANSION },
	[CARC_OPT_BUILDER_TURN] = { "builder-turn",
				    CHOICE(builder_turn_values) },
	[CARC_OPT_PHANTOM_WITH_FIGURE] = { "phantom-with-figure", SWITCH },
	[CARC_OPT_BUILDER_ON_COMPLETED] = { "builder-on-completed", SWITCH },
	[CARC_OPT_RIVER_LAKE_TURN] = { "river-lake-turn",
				       CHOICE(river_lake_turn_values) },
};

/* Other words accepted for a value; carc_option_value_name() never gives
 * them. */
static const struct {
	uint32_t option;
	const char *name;
	int32_t value;
} value_aliases[] = {
	{ CARC_OPT_LB_SCORING, "321", CARC_LB_321 },
};

static const struct option_names *
option_names(uint32_t option)
{
	if (option < 1 || option >= N_OPTS || !options[option].name)
		return NULL;
	return &options[option];
}

CARC_EXPORT const char *
carc_option_name(uint32_t option)
{
	const struct option_names *d = option_names(option);

	return d ? d->name : NULL;
}

CARC_EXPORT int
carc_option_from_name(const char *name)
{
	if (!name)
		return CARC_E_INVALID;
	for (uint32_t o = 1; o < N_OPTS; o++)
		if (options[o].name && strcmp(options[o].name, name) == 0)
			return (int)o;
	return CARC_E_UNKNOWN_OPTION;
}

CARC_EXPORT int
carc_option_info(uint32_t option, int32_t *min_out, int32_t *max_out,
		 int32_t *default_out)
{
	const struct option_names *d = option_names(option);
	int32_t min, max, def;

	if (!d || !carc__rules_option_limits(option, &min, &max, &def))
		return CARC_E_UNKNOWN_OPTION;
	if (min_out)
		*min_out = min;
	if (max_out)
		*max_out = max;
	if (default_out)
		*default_out = def;
	return d->type;
}

CARC_EXPORT int
carc_option_is_expansion(uint32_t option)
{
	const struct option_names *d = option_names(option);

	if (!d)
		return CARC_E_UNKNOWN_OPTION;
	return d->expansion ? 1 : 0;
}

CARC_EXPORT const char *
carc_option_value_name(uint32_t option, int32_t value)
{
	const struct option_names *d = option_names(option);

	if (!d || value < 0 || (uint32_t)value >= d->n_values)
		return NULL;
	return d->values[value];
}

/* A decimal number: an optional sign and at least one digit, nothing
 * else; false also when it lies outside min..max. */
static bool
parse_decimal(const char *s, int32_t min, int32_t max, int32_t *out)
{
	bool neg = false;
	int64_t v = 0;

	if (*s == '+' || *s == '-')
		neg = *s++ == '-';
	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return false;
		v = v * 10 + (*s - '0');
		if (v > (int64_t)INT32_MAX + 1)
			return false;
	}
	if (neg)
		v = -v;
	if (v < min || v > max)
		return false;
	*out = (int32_t)v;
	return true;
}

CARC_EXPORT int
carc_option_value_from_name(uint32_t option, const char *name,
			    int32_t *value_out)
{
	const struct option_names *d = option_names(option);
	int32_t min, max, v;

	if (!name || !value_out)
		return CARC_E_INVALID;
	if (!d || !carc__rules_option_limits(option, &min, &max, &v))
		return CARC_E_UNKNOWN_OPTION;
	for (uint32_t k = 0; k < d->n_values; k++) {
		if (strcmp(d->values[k], name) == 0) {
			*value_out = (int32_t)k;
			return CARC_OK;
		}
	}
	for (size_t k = 0; k < sizeof(value_aliases) / sizeof(value_aliases[0]);
	     k++) {
		if (value_aliases[k].option == option &&
		    strcmp(value_aliases[k].name, name) == 0) {
			*value_out = value_aliases[k].value;
			return CARC_OK;
		}
	}
	if (!parse_decimal(name, min, max, &v))
		return CARC_E_INVALID;
	*value_out = v;
	return CARC_OK;
}

/* ---- what an option accepts, for messages --------------------------- */

/* Append to a snprintf-style buffer; @len counts what would be written. */
static void
put(char *buf, size_t size, size_t *len, const char *s)
{
	for (; *s; s++, (*len)++)
		if (*len + 1 < size)
			buf[*len] = *s;
}

/* A name as the bindings spell it ('_' for '-', any case) in record form,
 * at most @n - 1 characters; false if longer. */
static bool
normalise(const char *name, char *out, size_t n)
{
	size_t i = 0;

	for (; name[i]; i++) {
		char c = name[i];

		if (i + 1 >= n) {
			out[i] = '\0'; /* truncated, still a string */
			return false;
		}
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		out[i] = c == '_' ? '-' : c;
	}
	out[i] = '\0';
	return true;
}

/* Edit distance (insert, delete, substitute one character). */
static size_t
distance(const char *a, const char *b)
{
	size_t row[64], la = strlen(a), lb = strlen(b);

	if (lb >= sizeof(row) / sizeof(row[0]))
		return SIZE_MAX;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

/* @in with the digits 1 to 3 written as Roman numerals ("crop-circles-2"
 * -> "crop-circles-ii", as the expansions are named); false if longer than
 * @n - 1. */
static bool
roman(const char *in, char *out, size_t n)
{
	static const char *const numeral[] = { "i", "ii", "iii" };
	size_t len = 0;

	for (; *in; in++) {
		const char *w = *in >= '1' && *in <= '3' ?
				numeral[*in - '1'] : (char[]){ *in, '\0' };

		for (; *w; w++) {
			if (len + 1 >= n)
				return false;
			out[len++] = *w;
		}
	}
	out[len] = '\0';
	return true;
}

/* "a", "a or b", "a, b or c" of the options marked in @pick. */
static void
put_list(char *buf, size_t size, size_t *len, const bool *pick,
	 const char *quote)
{
	uint32_t n = 0, k = 0;

	for (uint32_t o = 1; o < N_OPTS; o++)
		n += pick[o];
	for (uint32_t o = 1; o < N_OPTS; o++) {
		if (!pick[o])
			continue;
		if (k)
			put(buf, size, len, k + 1 == n ? " or " : ", ");
		put(buf, size, len, quote);
		put(buf, size, len, options[o].name);
		put(buf, size, len, quote);
		k++;
	}
}

static void
put_int(char *buf, size_t size, size_t *len, int32_t v)
{
	char digits[16];
	size_t n = 0;
	uint32_t u = v < 0 ? 0u - (uint32_t)v : (uint32_t)v;

	do
		digits[n++] = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		put(buf, size, len, "-");
	while (n)
		put(buf, size, len, (char[]){ digits[--n], '\0' });
}

/* What option @o takes: "on or off (1 or 0)", "1 to 15",
 * "per-field, per-city or per-field-once". */
static void
put_allowed(char *buf, size_t size, size_t *len, uint32_t o)
{
	const struct option_names *d = &options[o];
	int32_t min, max, def;

	(void)carc__rules_option_limits(o, &min, &max, &def);
	if (d->type == CARC_OPTION_NUMBER) {
		put_int(buf, size, len, min);
		put(buf, size, len, " to ");
		put_int(buf, size, len, max);
		return;
	}
	for (uint32_t k = 0; k < d->n_values; k++) {
		if (k)
			put(buf, size, len, k + 1 == d->n_values ? " or " : ", ");
		put(buf, size, len, d->values[d->type == CARC_OPTION_SWITCH ?
					      d->n_values - 1 - k : k]);
	}
	put(buf, size, len, d->type == CARC_OPTION_SWITCH ? " (1 or 0)" :
	    " (");
	if (d->type != CARC_OPTION_SWITCH) {
		put_int(buf, size, len, min);
		put(buf, size, len, " to ");
		put_int(buf, size, len, max);
		put(buf, size, len, ")");
	}
}

CARC_EXPORT int
carc_option_explain(const char *name, const char *value, char *buf,
		    size_t size)
{
	char norm[64] = "";
	bool pick[N_OPTS] = { false };
	size_t len = 0, best = SIZE_MAX;
	bool any = false;
	int option;

	if (!name || (!buf && size))
		return CARC_E_INVALID;
	option = normalise(name, norm, sizeof(norm)) ?
		 carc_option_from_name(norm) : CARC_E_UNKNOWN_OPTION;
	if (option > 0) {
		const struct option_names *d = &options[option];
		int32_t v;

		put(buf, size, &len, d->name);
		if (!value ||
		    carc_option_value_from_name((uint32_t)option, value,
						&v) == CARC_OK) {
			put(buf, size, &len, " takes ");
			put_allowed(buf, size, &len, (uint32_t)option);
		} else {
			bool number = parse_decimal(value, INT32_MIN,
						    INT32_MAX, &v);

			put(buf, size, &len, " must be ");
			put_allowed(buf, size, &len, (uint32_t)option);
			put(buf, size, &len, number ? ", not " : ", not '");
			put(buf, size, &len, value);
			put(buf, size, &len, number ? "" : "'");
		}
	} else {
		/* the options nearest by edit distance, if near enough;
		 * else those that contain the name */
		size_t n = strlen(norm);
		char alt[sizeof(norm)] = "";
		bool has_alt = n < sizeof(norm) - 1 &&
			       roman(norm, alt, sizeof(alt));

		for (uint32_t o = 1; o < N_OPTS && n < sizeof(norm) - 1; o++) {
			size_t d = distance(norm, options[o].name);
			size_t limit = strlen(options[o].name) / 3;

			if (has_alt && distance(alt, options[o].name) < d)
				d = distance(alt, options[o].name);

			if (d > (limit > 2 ? limit : 2) || d > best)
				continue;
			if (d < best)
				memset(pick, 0, sizeof(pick));
			best = d;
			pick[o] = true;
		}
		for (uint32_t o = 1; best == SIZE_MAX && o < N_OPTS; o++)
			pick[o] = n >= 3 && n < sizeof(norm) - 1 &&
				  strstr(options[o].name, norm) != NULL;
		put(buf, size, &len, "unknown rule option '");
		put(buf, size, &len, name);
		put(buf, size, &len, "'");
		for (uint32_t o = 1; o < N_OPTS; o++)
			any |= pick[o];
		if (any) {
			put(buf, size, &len, "; did you mean ");
			put_list(buf, size, &len, pick, "'");
			put(buf, size, &len, "?");
		} else {
			for (uint32_t o = 1; o < N_OPTS; o++)
				pick[o] = options[o].name != NULL;
			put(buf, size, &len, "; the options are ");
			put_list(buf, size, &len, pick, "");
		}
	}
	if (size)
		buf[len < size ? len : size - 1] = '\0';
	return len > INT32_MAX ? INT32_MAX : (int)len;
}

/* ---- figures, feature kinds, decision points --------------------------- */

static const char *const figure_names[] = {
	[CARC_FIGURE_FOLLOWER] = "follower",
	[CARC_FIGURE_PHANTOM] = "phantom",
	[CARC_FIGURE_TOWER] = "tower",
	[CARC_FIGURE_HOUSE] = "house",
	[CARC_FIGURE_SHED] = "shed",
	[CARC_FIGURE_LARGE_FOLLOWER] = "large-follower",
	[CARC_FIGURE_BUILDER] = "builder",
	[CARC_FIGURE_PIG] = "pig",
};

static const char *const feature_kind_names[] = {
	[CARC_FEATURE_CITY] = "city",
	[CARC_FEATURE_ROAD] = "road",
	[CARC_FEATURE_FIELD] = "field",
	[CARC_FEATURE_MONASTERY] = "monastery",
};

static const char *const phase_names[] = {
	[CARC_PHASE_PLACE_TILE] = "place-tile",
	[CARC_PHASE_DEPLOY] = "deploy",
	[CARC_PHASE_PHANTOM] = "phantom",
	[CARC_PHASE_CROP_CHOICE] = "crop-choice",
	[CARC_PHASE_CROP_RESPONSE] = "crop-response",
	[CARC_PHASE_GAME_OVER] = "game-over",
	[CARC_PHASE_SECOND_TILE] = "second-tile",
};

static const char *const crop_choice_names[] = {
	[CARC_CROP_DEPLOY] = "deploy",
	[CARC_CROP_REMOVE] = "remove",
};

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* Entry @i of a table whose index 0 is unused. */
static const char *
lookup(const char *const *table, size_t n, uint32_t i)
{
	return i >= 1 && i < n ? table[i] : NULL;
}

/* The index (>= 1) of @name in a table whose index 0 is unused. */
static int
find(const char *const *table, size_t n, const char *name)
{
	if (!name)
		return CARC_E_INVALID;
	for (size_t i = 1; i < n; i++)
		if (table[i] && strcmp(table[i], name) == 0)
			return (int)i;
	return CARC_E_INVALID;
}

const char *
carc__figure_name(uint32_t figure)
{
	return lookup(figure_names, N_OF(figure_names), figure);
}

const char *
carc__crop_choice_name(uint32_t choice)
{
	return lookup(crop_choice_names, N_OF(crop_choice_names), choice);
}

CARC_EXPORT const char *
carc_figure_name(uint32_t figure)
{
	return carc__figure_name(figure);
}

CARC_EXPORT int
carc_figure_from_name(const char *name)
{
	return find(figure_names, N_OF(figure_names), name);
}

CARC_EXPORT const char *
carc_feature_kind_name(uint32_t kind)
{
	return lookup(feature_kind_names, N_OF(feature_kind_names), kind);
}

CARC_EXPORT int
carc_feature_kind_from_name(const char *name)
{
	return find(feature_kind_names, N_OF(feature_kind_names), name);
}

CARC_EXPORT const char *
carc_phase_name(uint32_t phase)
{
	return lookup(phase_names, N_OF(phase_names), phase);
}

CARC_EXPORT int
carc_phase_from_name(const char *name)
{
	return find(phase_names, N_OF(phase_names), name);
}

/* ---- moves ------------------------------------------------------------ */

/*
 * The longest text carc_move_describe() writes is
 * "remove follower monastery at -32768,-32768" (42 characters); longer
 * input is refused before it is read.
 */
#define MAX_MOVE_TEXT 63

/* Take the literal @lit at *@p. */
static bool
take(const char **p, const char *lit)
{
	size_t n = strlen(lit);

	if (strncmp(*p, lit, n) != 0)
		return false;
	*p += n;
	return true;
}

/* Take a word of lower-case letters and digits (up to @n - 1 of them)
 * into @buf. */
static bool
take_word(const char **p, char *buf, size_t n)
{
	size_t k = 0;

	/* '-': "large-follower" */
	while ((**p >= 'a' && **p <= 'z') || (**p >= '0' && **p <= '9') ||
	       (**p == '-' && k > 0)) {
		if (k + 1 == n)
			return false;
		buf[k++] = *(*p)++;
	}
	buf[k] = '\0';
	return k > 0;
}

/* Take an integer of the int16 range.  Other spellings of the number
 * than carc_move_describe()'s ("+1", "01") pass here and fail the final
 * comparison in carc_move_parse(). */
static bool
take_coord(const char **p, int32_t *out)
{
	bool neg = **p == '-';
	int32_t v = 0;
	int digits = 0;

	if (neg)
		(*p)++;
	while (**p >= '0' && **p <= '9') {
		if (++digits > 5)
			return false;
		v = v * 10 + (*(*p)++ - '0');
	}
	if (digits == 0)
		return false;
	v = neg ? -v : v;
	if (v < INT16_MIN || v > INT16_MAX)
		return false;
	*out = v;
	return true;
}

/* " at X,Y" followed by the end of the text. */
static bool
take_at(const char **p, int32_t *x, int32_t *y)
{
	return take(p, " at ") && take_coord(p, x) && take(p, ",") &&
	       take_coord(p, y) && **p == '\0';
}

/* The move a text names, or CARC_MOVE_NONE; not yet checked to be in
 * carc_move_describe()'s own spelling. */
static carc_move_t
read_move(const char *p)
{
	char word[16];
	int32_t x, y;
	int fig, feat;
	bool deploy;

	if (take(&p, "place ")) {
		uint32_t r;

		if (!take_coord(&p, &x) || !take(&p, ",") ||
		    !take_coord(&p, &y) || !take(&p, " r") || *p < '0' ||
		    *p > '3')
			return CARC_MOVE_NONE;
		r = (uint32_t)(*p++ - '0');
		return *p == '\0' ? carc_move_place(x, y, r) : CARC_MOVE_NONE;
	}
	deploy = take(&p, "deploy ");
	if (deploy || take(&p, "remove ")) {
		if (!take_word(&p, word, sizeof(word)))
			return CARC_MOVE_NONE;
		fig = carc_figure_from_name(word);
		if (!take(&p, " ") || !take_word(&p, word, sizeof(word)))
			return CARC_MOVE_NONE;
		feat = carc_feature_from_name(word);
		if (fig < 0 || feat < 0 || !take_at(&p, &x, &y))
			return CARC_MOVE_NONE;
		/* the constructors refuse buildings and bad features */
		return deploy ? carc_move_deploy((uint32_t)fig, x, y,
						 (uint32_t)feat)
			      : carc_move_remove((uint32_t)fig, x, y,
						 (uint32_t)feat);
	}
	if (take(&p, "build ")) {
		if (!take_word(&p, word, sizeof(word)))
			return CARC_MOVE_NONE;
		fig = carc_figure_from_name(word);
		if (fig < 0 || !take_at(&p, &x, &y))
			return CARC_MOVE_NONE;
		return carc_move_build((uint32_t)fig, x, y);
	}
	if (take(&p, "crop ")) {
		int c = find(crop_choice_names, N_OF(crop_choice_names), p);

		return c > 0 ? carc_move_crop_choice((uint32_t)c)
			     : CARC_MOVE_NONE;
	}
	if (strcmp(p, "pass") == 0)
		return carc_move_pass();
	if (strcmp(p, "second-tile") == 0)
		return carc_move_second_tile();
	return CARC_MOVE_NONE;
}

CARC_EXPORT int
carc_move_parse(const char *text, carc_move_t *move_out)
{
	char again[MAX_MOVE_TEXT + 1];
	carc_move_t m;
	size_t len = 0;

	if (!text || !move_out)
		return CARC_E_INVALID;
	while (text[len]) {
		if (++len > MAX_MOVE_TEXT)
			return CARC_E_INVALID;
	}
	m = read_move(text);
	if (m == CARC_MOVE_NONE)
		return CARC_E_INVALID;
	/* Strict: only carc_move_describe()'s own spelling of the move. */
	if (carc_move_describe(m, again, sizeof(again)) != (int)len ||
	    memcmp(again, text, len) != 0)
		return CARC_E_INVALID;
	*move_out = m;
	return CARC_OK;
}
