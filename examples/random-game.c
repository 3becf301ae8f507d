/* SPDX-License-Identifier: CC0-1.0 */
/*
 * random-game: play one seeded game of random legal moves and print it.
 *
 * This program uses only the installed public API, so it builds outside
 * the source tree:
 *
 *     cc random-game.c $(pkg-config --cflags --libs carcassonne)
 *
 * The same options and seed always print the same game, on every
 * platform: the library shuffles the stack with its own generator, lists
 * legal moves in a canonical order, and this program picks among them with
 * its own small generator (splitmix64) rather than rand().
 *
 * Every expansion the library knows can be switched on (The Phantom, Crop
 * Circles I and II, Little Buildings), and every decision point is shown:
 * the deployment, the phantom step, the crop-circle choice and each
 * player's response.  As a cheap self-check the program also verifies
 * that the points reported by the scoring events add up to the change in
 * the players' scores, and that the crop-circle responders come in the
 * order the rules give.
 *
 * It is free to copy; see COPYING in this directory.
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#define MAX_PLAYERS 6

static const char *progname = "random-game";

struct options {
	uint32_t players;
	uint64_t seed;
	int32_t farm_scoring;
	int32_t farmers;
	int32_t small_city;
	int32_t followers;	/* 0: the library's default */
	/* expansions */
	int32_t phantom;
	int32_t crop_1;
	int32_t crop_2;
	int32_t buildings;
	int32_t inns_cathedrals;
	int32_t traders_builders;
	/* their options, as carc_rules_builder_set() values */
	int32_t lb_scoring;
	int32_t lb_distribution;
	int32_t lb_zero_field;
	int32_t lb_per_city_fields;
	int32_t crop_any;
	int32_t crop_mandatory;
	int32_t crop_phantom;
	int32_t crop_after_phantom;
	int32_t river;
	int32_t river_start_tile;
	int32_t river_u_turn;
	int32_t builder_turn;
	int32_t phantom_with_figure;
	int32_t builder_on_completed;
	int32_t river_lake_turn;
};

struct session {
	struct carc_game *game;
	carc_move_t *moves;	/* grown on demand, never shrunk */
	size_t capacity;
	uint64_t rng;
	uint32_t players;
	int discards_seen;
	int phantom;		/* the phantom column is printed */
	int tile_width;		/* 6 with crop-circle tile names, else 1 */
	int farmers;
	/* per turn, per player: points shown on the turn line (completed
	 * features), their building part, and every point of every event
	 * (final scoring included) for the self-check */
	int32_t gained[MAX_PLAYERS];
	int32_t gained_bldg[MAX_PLAYERS];
	int32_t all_events[MAX_PLAYERS];
};

/* splitmix64 (Steele, Lea and Flood): tiny, fast and the same everywhere. */
static uint64_t
next_random(uint64_t *state)
{
	uint64_t z;

	*state += UINT64_C(0x9e3779b97f4a7c15);
	z = *state;
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* A number in [0, n): the high 32 bits scaled by n, without division. */
static uint32_t
random_below(uint64_t *state, uint32_t n)
{
	return (uint32_t)(((next_random(state) >> 32) * n) >> 32);
}

static int
fail(const char *what, int code)
{
	fprintf(stderr, "%s: %s: %s\n", progname, what, carc_strerror(code));
	return -1;
}

static void
usage(FILE *f)
{
	fprintf(f,
		"Usage: %s [--players N] [--seed S]\n"
		"       [--phantom] [--crop-circles] [--crop-circles-i]\n"
		"       [--crop-circles-ii] [--little-buildings] [--inns-cathedrals]\n"
		"       [--traders-builders] [--river] [--all]\n"
		"       [--farm-scoring per-field|per-city|per-field-once]\n"
		"       [--option NAME=VALUE]...\n"
		"       [--no-farmers] [--small-city] [--followers N]\n"
		"       [--lb-321] [--lb-jcz] [--lb-no-zero-field]\n"
		"       [--lb-no-per-city-fields]\n"
		"       [--crop-any] [--crop-mandatory] [--crop-no-phantom]\n"
		"       [--crop-no-after-phantom]\n"
		"Plays one game of random legal moves and prints every turn.\n"
		"Defaults: 2 players, seed 1, per-field farms, farmers on,\n"
		"base game only.  The rule flags of the first two lines and\n"
		"--farm-scoring and --option are those of `carcassonne play`\n"
		"(NAME and VALUE as in game records); --all plays every\n"
		"expansion the library has.  The older spellings --farm,\n"
		"--crop-circles-1, --crop-circles-2 and --buildings still work.\n",
		progname);
}

static int
parse_u64(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (s == NULL || *s == '\0' || *s == '-')
		return -1;
	v = strtoull(s, &end, 0);
	if (*end != '\0')
		return -1;
	*out = (uint64_t)v;
	return 0;
}

/* Switches without a value: each sets one member to one value. */
struct flag {
	const char *name;
	size_t offset;		/* of an int32_t in struct options */
	int32_t value;
};

static const struct flag flags[] = {
	{ "--no-farmers", offsetof(struct options, farmers), 0 },
	{ "--small-city", offsetof(struct options, small_city), 1 },
	{ "--phantom", offsetof(struct options, phantom), 1 },
	{ "--crop-circles-1", offsetof(struct options, crop_1), 1 },
	{ "--crop-circles-2", offsetof(struct options, crop_2), 1 },
	{ "--buildings", offsetof(struct options, buildings), 1 },
	{ "--inns-cathedrals", offsetof(struct options, inns_cathedrals), 1 },
	{ "--traders-builders", offsetof(struct options, traders_builders), 1 },
	{ "--lb-321", offsetof(struct options, lb_scoring), CARC_LB_321 },
	{ "--lb-jcz", offsetof(struct options, lb_distribution),
	  CARC_LB_DIST_JCZ },
	{ "--lb-no-zero-field", offsetof(struct options, lb_zero_field), 0 },
	{ "--lb-no-per-city-fields",
	  offsetof(struct options, lb_per_city_fields), 0 },
	{ "--crop-any", offsetof(struct options, crop_any), 1 },
	{ "--crop-mandatory", offsetof(struct options, crop_mandatory), 1 },
	{ "--crop-no-phantom", offsetof(struct options, crop_phantom), 0 },
	{ "--crop-no-after-phantom",
	  offsetof(struct options, crop_after_phantom), 0 },
	{ "--river", offsetof(struct options, river), 1 },
};

/* Every rule option and the member of struct options that holds it,
 * for the flags that name options as game records do. */
static const struct {
	uint32_t option;
	size_t offset;
} members[] = {
	{ CARC_OPT_FARM_SCORING, offsetof(struct options, farm_scoring) },
	{ CARC_OPT_FARMERS, offsetof(struct options, farmers) },
	{ CARC_OPT_SMALL_CITY, offsetof(struct options, small_city) },
	{ CARC_OPT_FOLLOWERS, offsetof(struct options, followers) },
	{ CARC_OPT_PHANTOM, offsetof(struct options, phantom) },
	{ CARC_OPT_CROP_CIRCLES_I, offsetof(struct options, crop_1) },
	{ CARC_OPT_CROP_CIRCLES_II, offsetof(struct options, crop_2) },
	{ CARC_OPT_LITTLE_BUILDINGS, offsetof(struct options, buildings) },
	{ CARC_OPT_INNS_CATHEDRALS,
	  offsetof(struct options, inns_cathedrals) },
	{ CARC_OPT_LB_SCORING, offsetof(struct options, lb_scoring) },
	{ CARC_OPT_LB_DISTRIBUTION, offsetof(struct options, lb_distribution) },
	{ CARC_OPT_LB_ZERO_FIELD, offsetof(struct options, lb_zero_field) },
	{ CARC_OPT_LB_PER_CITY_FIELDS,
	  offsetof(struct options, lb_per_city_fields) },
	{ CARC_OPT_CROP_DEPLOY_ANY, offsetof(struct options, crop_any) },
	{ CARC_OPT_CROP_DEPLOY_MANDATORY,
	  offsetof(struct options, crop_mandatory) },
	{ CARC_OPT_CROP_PHANTOM, offsetof(struct options, crop_phantom) },
	{ CARC_OPT_CROP_AFTER_PHANTOM,
	  offsetof(struct options, crop_after_phantom) },
	{ CARC_OPT_RIVER, offsetof(struct options, river) },
	{ CARC_OPT_RIVER_START_TILE,
	  offsetof(struct options, river_start_tile) },
	{ CARC_OPT_RIVER_U_TURN, offsetof(struct options, river_u_turn) },
	{ CARC_OPT_TRADERS_BUILDERS,
	  offsetof(struct options, traders_builders) },
	{ CARC_OPT_BUILDER_TURN, offsetof(struct options, builder_turn) },
	{ CARC_OPT_PHANTOM_WITH_FIGURE,
	  offsetof(struct options, phantom_with_figure) },
	{ CARC_OPT_BUILDER_ON_COMPLETED,
	  offsetof(struct options, builder_on_completed) },
	{ CARC_OPT_RIVER_LAKE_TURN, offsetof(struct options, river_lake_turn) },
};

/* Set option @name (as game records name it) to @value (a word or a
 * number); @flag names the command-line flag in messages, which the
 * library words (carc_option_explain: close names, ranges). */
static int
set_option(struct options *opt, const char *flag, const char *name,
	   const char *value)
{
	int o = carc_option_from_name(name);
	int32_t v;
	size_t k;
	char why[512];

	if (o < 0 || carc_option_value_from_name((uint32_t)o, value, &v) < 0) {
		carc_option_explain(name, o < 0 ? NULL : value, why,
				    sizeof(why));
		fprintf(stderr, "%s: %s: %s\n", progname, flag, why);
		return -1;
	}
	for (k = 0; k < sizeof(members) / sizeof(members[0]); k++) {
		if (members[k].option == (uint32_t)o) {
			memcpy((char *)opt + members[k].offset, &v, sizeof(v));
			return 0;
		}
	}
	fprintf(stderr, "%s: %s: option '%s' is newer than this program\n",
		progname, flag, name);
	return -1;
}

static int
parse_options(int argc, char **argv, struct options *opt)
{
	uint64_t v;
	size_t k;
	int i;

	memset(opt, 0, sizeof(*opt));
	opt->players = 2;
	opt->seed = 1;
	opt->farm_scoring = CARC_FARM_PER_FIELD;
	opt->farmers = 1;
	opt->lb_scoring = CARC_LB_STANDARD;
	opt->lb_distribution = CARC_LB_DIST_RULES;
	opt->lb_zero_field = 1;
	opt->lb_per_city_fields = 1;
	opt->crop_phantom = 1;
	opt->crop_after_phantom = 1;
	opt->builder_turn = CARC_BUILDER_TURN_OPTIONAL;
	opt->phantom_with_figure = 1;
	opt->builder_on_completed = 1;
	opt->river_lake_turn = CARC_RIVER_LAKE_TURN;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *val = i + 1 < argc ? argv[i + 1] : NULL;

		for (k = 0; k < sizeof(flags) / sizeof(flags[0]); k++)
			if (strcmp(a, flags[k].name) == 0)
				break;
		if (k < sizeof(flags) / sizeof(flags[0])) {
			memcpy((char *)opt + flags[k].offset, &flags[k].value,
			       sizeof(int32_t));
		} else if (strcmp(a, "--all") == 0) {
			/* every option the library marks as an expansion */
			uint32_t o;

			for (o = 1; carc_option_name(o); o++)
				if (carc_option_is_expansion(o) == 1 &&
				    set_option(opt, a, carc_option_name(o),
					       "on") < 0)
					return -1;
		} else if (strcmp(a, "--crop-circles-i") == 0 ||
			   strcmp(a, "--crop-circles-ii") == 0 ||
			   strcmp(a, "--little-buildings") == 0) {
			if (set_option(opt, a, a + 2, "on") < 0)
				return -1;
		} else if (strcmp(a, "--crop-circles") == 0) {
			opt->crop_1 = 1;
			opt->crop_2 = 1;
		} else if (strcmp(a, "--farm-scoring") == 0 ||
			   strcmp(a, "--option") == 0) {
			char name[64];
			const char *eq = val ? strchr(val, '=') : NULL;

			if (val == NULL) {
				fprintf(stderr, "%s: %s needs a value\n",
					progname, a);
				return -1;
			}
			if (a[2] == 'f') {
				if (set_option(opt, a, "farm-scoring", val) < 0)
					return -1;
			} else if (!eq || eq == val ||
				   (size_t)(eq - val) >= sizeof(name)) {
				fprintf(stderr, "%s: --option: '%s' is not "
					"NAME=VALUE\n", progname, val);
				return -1;
			} else {
				memcpy(name, val, (size_t)(eq - val));
				name[eq - val] = '\0';
				if (set_option(opt, a, name, eq + 1) < 0)
					return -1;
			}
			i++;
		} else if (strcmp(a, "--players") == 0) {
			if (parse_u64(val, &v) < 0 || v > 1000) {
				fprintf(stderr, "%s: bad --players\n", progname);
				return -1;
			}
			opt->players = (uint32_t)v;
			i++;
		} else if (strcmp(a, "--followers") == 0) {
			if (parse_u64(val, &v) < 0 || v < 1 || v > 1000) {
				fprintf(stderr, "%s: bad --followers\n",
					progname);
				return -1;
			}
			opt->followers = (int32_t)v;
			i++;
		} else if (strcmp(a, "--seed") == 0) {
			if (parse_u64(val, &opt->seed) < 0) {
				fprintf(stderr, "%s: bad --seed\n", progname);
				return -1;
			}
			i++;
		} else if (strcmp(a, "--farm") == 0) {
			if (val == NULL) {
				fprintf(stderr, "%s: --farm needs a value\n",
					progname);
				return -1;
			} else if (carc_option_value_from_name(
					   CARC_OPT_FARM_SCORING, val,
					   &opt->farm_scoring) < 0) {
				fprintf(stderr, "%s: unknown farm rule '%s'\n",
					progname, val);
				return -1;
			}
			i++;
		} else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			exit(EXIT_SUCCESS);
		} else {
			fprintf(stderr, "%s: unknown argument '%s'\n",
				progname, a);
			usage(stderr);
			return -1;
		}
	}
	/* The library checks the range; this program only needs the
	 * per-player arrays above to be large enough. */
	if (opt->players > MAX_PLAYERS) {
		fprintf(stderr, "%s: at most %d players\n", progname,
			MAX_PLAYERS);
		return -1;
	}
	return 0;
}

static int
build_rules(const struct options *opt, struct carc_rules **out)
{
	const struct {
		uint32_t option;
		int32_t value;
		const char *what;
	} settings[] = {
		{ CARC_OPT_FARM_SCORING, opt->farm_scoring, "the farm rule" },
		{ CARC_OPT_FARMERS, opt->farmers, "farmers" },
		{ CARC_OPT_SMALL_CITY, opt->small_city, "the small-city rule" },
		{ CARC_OPT_PHANTOM, opt->phantom, "The Phantom" },
		{ CARC_OPT_CROP_CIRCLES_I, opt->crop_1, "Crop Circles I" },
		{ CARC_OPT_CROP_CIRCLES_II, opt->crop_2, "Crop Circles II" },
		{ CARC_OPT_LITTLE_BUILDINGS, opt->buildings,
		  "Little Buildings" },
		{ CARC_OPT_INNS_CATHEDRALS, opt->inns_cathedrals,
		  "Inns & Cathedrals" },
		{ CARC_OPT_LB_SCORING, opt->lb_scoring, "building values" },
		{ CARC_OPT_LB_DISTRIBUTION, opt->lb_distribution,
		  "the building distribution" },
		{ CARC_OPT_LB_ZERO_FIELD, opt->lb_zero_field,
		  "buildings of city-less fields" },
		{ CARC_OPT_LB_PER_CITY_FIELDS, opt->lb_per_city_fields,
		  "buildings under the per-city farm rule" },
		{ CARC_OPT_CROP_DEPLOY_ANY, opt->crop_any,
		  "the crop-circle deploy target" },
		{ CARC_OPT_CROP_DEPLOY_MANDATORY, opt->crop_mandatory,
		  "mandatory crop-circle deploys" },
		{ CARC_OPT_CROP_PHANTOM, opt->crop_phantom,
		  "the phantom in crop circles" },
		{ CARC_OPT_CROP_AFTER_PHANTOM, opt->crop_after_phantom,
		  "crop-circle deploys after the phantom" },
		{ CARC_OPT_RIVER, opt->river, "The River" },
		{ CARC_OPT_RIVER_START_TILE, opt->river_start_tile,
		  "the start tile with the river" },
		{ CARC_OPT_RIVER_U_TURN, opt->river_u_turn,
		  "the river's U-turn rule" },
		{ CARC_OPT_TRADERS_BUILDERS, opt->traders_builders,
		  "Traders & Builders" },
		{ CARC_OPT_BUILDER_TURN, opt->builder_turn,
		  "the builder's second tile" },
		{ CARC_OPT_PHANTOM_WITH_FIGURE, opt->phantom_with_figure,
		  "the phantom with a builder or pig" },
		{ CARC_OPT_BUILDER_ON_COMPLETED, opt->builder_on_completed,
		  "the builder on a feature its tile completes" },
		{ CARC_OPT_RIVER_LAKE_TURN, opt->river_lake_turn,
		  "who places the lake" },
		{ CARC_OPT_FOLLOWERS, opt->followers, "followers" },
	};
	size_t n = sizeof(settings) / sizeof(settings[0]), k;
	struct carc_rules_builder *b = NULL;
	int rc;

	rc = carc_rules_builder_new(&b);
	if (rc < 0)
		return fail("carc_rules_builder_new", rc);

	for (k = 0; k < n; k++) {
		/* followers 0 means "leave the library's default" */
		if (settings[k].option == CARC_OPT_FOLLOWERS &&
		    settings[k].value == 0)
			continue;
		rc = carc_rules_builder_set(b, settings[k].option,
					    settings[k].value);
		if (rc < 0) {
			fprintf(stderr, "%s: setting %s: %s\n", progname,
				settings[k].what, carc_strerror(rc));
			goto out;
		}
	}
	rc = carc_rules_builder_build(b, out);
	if (rc < 0)
		fail("carc_rules_builder_build", rc);
out:
	carc_rules_builder_free(b);
	return rc < 0 ? -1 : 0;
}

/* The header line: the base options as ever, then what is switched on. */
static void
print_header(const struct options *opt)
{
	printf("libcarcassonne %s: %" PRIu32 " players, seed %" PRIu64
	       ", farms %s%s%s", carc_version_string(), opt->players,
	       opt->seed,
	       carc_option_value_name(CARC_OPT_FARM_SCORING,
				      opt->farm_scoring),
	       opt->farmers ? "" : ", no farmers",
	       opt->small_city ? ", small-city rule" : "");
	if (opt->followers != 0)
		printf(", %" PRId32 " followers", opt->followers);
	if (opt->phantom)
		printf(", phantom");
	if (opt->crop_1 || opt->crop_2)
		printf(", crop circles %s",
		       opt->crop_1 && opt->crop_2 ? "I+II" :
		       opt->crop_1 ? "I" : "II");
	if (opt->buildings)
		printf(", little buildings");
	if (opt->inns_cathedrals)
		printf(", inns & cathedrals");
	if (opt->traders_builders)
		printf(", traders & builders");
	/* non-default options of the expansions, whether used or not */
	if (opt->lb_scoring == CARC_LB_321)
		printf(", lb 3/2/1");
	if (opt->lb_distribution == CARC_LB_DIST_JCZ)
		printf(", lb jcz distribution");
	if (!opt->lb_zero_field)
		printf(", lb no zero-field bonus");
	if (!opt->lb_per_city_fields)
		printf(", lb no per-city field bonus");
	if (opt->crop_any)
		printf(", crop next to anyone");
	if (opt->crop_mandatory)
		printf(", crop deploy mandatory");
	if (!opt->crop_phantom)
		printf(", crop without phantom");
	if (!opt->crop_after_phantom)
		printf(", crop not after phantom");
	if (opt->river)
		printf(", river");
	if (opt->river_start_tile != CARC_RIVER_START_REMOVED)
		printf(", river start tile %s",
		       carc_option_value_name(CARC_OPT_RIVER_START_TILE,
					      opt->river_start_tile));
	if (opt->river_u_turn != CARC_RIVER_U_ADJACENT)
		printf(", river u-turn %s",
		       carc_option_value_name(CARC_OPT_RIVER_U_TURN,
					      opt->river_u_turn));
	if (opt->builder_turn != CARC_BUILDER_TURN_OPTIONAL)
		printf(", builder turn %s",
		       carc_option_value_name(CARC_OPT_BUILDER_TURN,
					      opt->builder_turn));
	if (!opt->phantom_with_figure)
		printf(", no phantom with a builder or pig");
	if (!opt->builder_on_completed)
		printf(", no builder on a completed feature");
	if (opt->river_lake_turn != CARC_RIVER_LAKE_TURN)
		printf(", river lake %s",
		       carc_option_value_name(CARC_OPT_RIVER_LAKE_TURN,
					      opt->river_lake_turn));
	printf("\n");
}

/* Print the tiles discarded since the last call. */
static int
report_discards(struct session *s)
{
	int n = carc_game_discard_count(s->game);

	if (n < 0)
		return fail("carc_game_discard_count", n);
	for (; s->discards_seen < n; s->discards_seen++) {
		int tile = carc_game_discard_at(s->game,
						(uint32_t)s->discards_seen);
		const char *name;

		if (tile < 0)
			return fail("carc_game_discard_at", tile);
		name = carc_tile_name((uint32_t)tile);
		printf("discard %s (fits nowhere)\n", name ? name : "?");
	}
	return 0;
}

/* Pick a random legal move, growing the move buffer if it is too small. */
static int
pick_move(struct session *s, carc_move_t *out)
{
	int n = carc_game_legal_moves(s->game, s->moves, s->capacity);

	if (n < 0)
		return fail("carc_game_legal_moves", n);
	if ((size_t)n > s->capacity) {
		carc_move_t *bigger = realloc(s->moves,
					      (size_t)n * sizeof(*bigger));

		if (bigger == NULL)
			return fail("growing the move buffer", CARC_E_NOMEM);
		s->moves = bigger;
		s->capacity = (size_t)n;
		n = carc_game_legal_moves(s->game, s->moves, s->capacity);
		if (n < 0)
			return fail("carc_game_legal_moves", n);
	}
	if (n == 0) {
		fprintf(stderr, "%s: no legal move although the game "
			"is not over\n", progname);
		return -1;
	}
	*out = s->moves[random_below(&s->rng, (uint32_t)n)];
	return 0;
}

static int
event_attr(const struct carc_game *game, uint32_t index, uint32_t attr,
	   int32_t *value)
{
	int rc = carc_game_event_get(game, index, attr, value);

	if (rc < 0)
		return fail("carc_game_event_get", rc);
	return 0;
}

/*
 * Account for the events of the last apply: every point goes into
 * all_events; those of completed features also into gained and
 * gained_bldg, which the turn line shows.  A player's total for an event
 * is its base points plus its building points.
 */
static int
collect_points(struct session *s)
{
	int n = carc_game_event_count(s->game);
	uint32_t i, p;

	if (n < 0)
		return fail("carc_game_event_count", n);
	for (i = 0; i < (uint32_t)n; i++) {
		int32_t t, pts, bpts;

		if (event_attr(s->game, i, CARC_EVENT_TYPE, &t) < 0)
			return -1;
		for (p = 0; p < s->players; p++) {
			if (event_attr(s->game, i, CARC_EVENT_POINTS + p,
				       &pts) < 0 ||
			    event_attr(s->game, i,
				       CARC_EVENT_BUILDING_POINTS + p,
				       &bpts) < 0)
				return -1;
			s->all_events[p] += pts + bpts;
			if (t == CARC_EVENT_COMPLETED) {
				s->gained[p] += pts + bpts;
				s->gained_bldg[p] += bpts;
			}
		}
	}
	return 0;
}

static const char *
kind_name(int32_t kind)
{
	const char *name = carc_feature_kind_name((uint32_t)kind);

	return name ? name : "?";
}

/* One line per end-of-game event of the last apply. */
static int
print_final_events(const struct session *s)
{
	int n = carc_game_event_count(s->game);
	uint32_t i, p;

	if (n < 0)
		return fail("carc_game_event_count", n);
	for (i = 0; i < (uint32_t)n; i++) {
		int32_t type, kind, x, y, feature, tiles, pennants, cities;
		int32_t scorers, pts, bpts, figures, phantom;
		const char *fname;

		if (event_attr(s->game, i, CARC_EVENT_TYPE, &type) < 0)
			return -1;
		if (type == CARC_EVENT_COMPLETED)
			continue;	/* already counted in the turn line */
		if (event_attr(s->game, i, CARC_EVENT_FEATURE_KIND, &kind) < 0 ||
		    event_attr(s->game, i, CARC_EVENT_X, &x) < 0 ||
		    event_attr(s->game, i, CARC_EVENT_Y, &y) < 0 ||
		    event_attr(s->game, i, CARC_EVENT_FEATURE, &feature) < 0 ||
		    event_attr(s->game, i, CARC_EVENT_SCORERS, &scorers) < 0)
			return -1;

		fname = carc_feature_name((uint32_t)feature);
		printf("%s %s %s at %" PRId32 ",%" PRId32 ":",
		       type == CARC_EVENT_FARM ? "farm" : "final",
		       kind_name(kind), fname ? fname : "?", x, y);
		if (type == CARC_EVENT_FARM) {
			if (event_attr(s->game, i, CARC_EVENT_CITIES,
				       &cities) < 0)
				return -1;
			printf(" cities %" PRId32, cities);
		} else {
			if (event_attr(s->game, i, CARC_EVENT_TILES,
				       &tiles) < 0)
				return -1;
			printf(" tiles %" PRId32, tiles);
		}
		if (kind == CARC_FEATURE_CITY && type != CARC_EVENT_FARM) {
			if (event_attr(s->game, i, CARC_EVENT_PENNANTS,
				       &pennants) < 0)
				return -1;
			printf(" pennants %" PRId32, pennants);
		}
		for (p = 0; p < s->players; p++) {
			if (event_attr(s->game, i, CARC_EVENT_POINTS + p,
				       &pts) < 0 ||
			    event_attr(s->game, i,
				       CARC_EVENT_BUILDING_POINTS + p,
				       &bpts) < 0 ||
			    event_attr(s->game, i, CARC_EVENT_FIGURES + p,
				       &figures) < 0 ||
			    event_attr(s->game, i, CARC_EVENT_PHANTOM + p,
				       &phantom) < 0)
				return -1;
			if (scorers & (INT32_C(1) << p)) {
				printf(" P%" PRIu32 "+%" PRId32, p, pts + bpts);
				if (bpts != 0)
					printf(" (+%" PRId32 " bldg)", bpts);
			} else if (figures > 0) {
				printf(" (P%" PRIu32 " %" PRId32 " fig.)",
				       p, figures);
			}
			if (phantom)
				printf(" [P%" PRIu32 " phantom]", p);
		}
		printf("\n");
	}
	return 0;
}

/* Describe @move into @text and play it; then collect its events. */
static int
apply_move(struct session *s, carc_move_t move, char *text, size_t n)
{
	int rc = carc_move_describe(move, text, n);

	if (rc < 0)
		return fail("carc_move_describe", rc);
	rc = carc_game_apply(s->game, move);
	if (rc < 0) {
		fprintf(stderr, "%s: playing '%s': %s\n", progname, text,
			carc_strerror(rc));
		return -1;
	}
	return collect_points(s);
}

static int
current_phase(const struct session *s)
{
	int phase = carc_game_phase(s->game);

	if (phase < 0)
		return fail("carc_game_phase", phase);
	return phase;
}

/*
 * The crop-circle action: the active player's choice, then one response
 * per player, left of the active player first and the active player last.
 * Players the engine skips (nothing of the kind on the board, or nothing
 * to deploy) are shown as "Pn -".  Prints one line.
 */
static int
play_crop_circle(struct session *s, uint32_t active)
{
	char text[80];
	carc_move_t move;
	uint32_t step = 1, q;
	int phase, choice, current;

	if (pick_move(s, &move) < 0 ||
	    apply_move(s, move, text, sizeof(text)) < 0)
		return -1;
	choice = (int)carc_move_figure(move);
	/* the choice's word: "crop deploy" less "crop " */
	printf("         crop: %s", strchr(text, ' ') + 1);

	for (;;) {
		if ((phase = current_phase(s)) < 0)
			return -1;
		if (phase != CARC_PHASE_CROP_RESPONSE)
			break;
		current = carc_game_current_player(s->game);
		if (current < 0)
			return fail("carc_game_current_player", current);
		if (carc_game_crop_action(s->game) != choice) {
			fprintf(stderr, "\n%s: carc_game_crop_action() "
				"disagrees with the choice\n", progname);
			return -1;
		}
		/* players the engine passed over */
		for (; step <= s->players; step++) {
			q = (active + step) % s->players;
			if (q == (uint32_t)current)
				break;
			printf("; P%" PRIu32 " -", q);
		}
		if (step > s->players) {
			fprintf(stderr, "\n%s: crop-circle response by P%d "
				"out of turn\n", progname, current);
			return -1;
		}
		step++;
		if (pick_move(s, &move) < 0 ||
		    apply_move(s, move, text, sizeof(text)) < 0)
			return -1;
		printf("; P%d %s", current, text);
	}
	for (; step <= s->players; step++)
		printf("; P%" PRIu32 " -", (active + step) % s->players);
	printf("\n");
	return 0;
}

/* One turn: the tile placement, the deployment steps, any crop circle. */
static int
play_turn(struct session *s, unsigned turn)
{
	char place[64], deploy[64], phantom[64];
	int32_t before[MAX_PLAYERS];
	carc_move_t move;
	int player, tile, phase, symbol;
	const char *tname;
	uint32_t p;
	int any = 0;

	player = carc_game_current_player(s->game);
	if (player < 0)
		return fail("carc_game_current_player", player);
	tile = carc_game_current_tile(s->game);
	if (tile < 0)
		return fail("carc_game_current_tile", tile);
	tname = carc_tile_name((uint32_t)tile);
	symbol = carc_tile_symbol((uint32_t)tile);
	if (symbol < 0)
		return fail("carc_tile_symbol", symbol);

	for (p = 0; p < s->players; p++) {
		int score = carc_game_score(s->game, p);

		if (score < 0)
			return fail("carc_game_score", score);
		before[p] = score;
		s->gained[p] = s->gained_bldg[p] = s->all_events[p] = 0;
	}

	if (pick_move(s, &move) < 0 ||
	    apply_move(s, move, place, sizeof(place)) < 0)
		return -1;

	/* step 2a: a follower, a building or nothing */
	strcpy(deploy, "-");
	if ((phase = current_phase(s)) < 0)
		return -1;
	if (phase == CARC_PHASE_DEPLOY) {
		if (pick_move(s, &move) < 0 ||
		    apply_move(s, move, deploy, sizeof(deploy)) < 0 ||
		    (phase = current_phase(s)) < 0)
			return -1;
	}

	/* step 2b: the phantom, only while it is in the supply */
	strcpy(phantom, "-");
	if (phase == CARC_PHASE_PHANTOM) {
		if (pick_move(s, &move) < 0 ||
		    apply_move(s, move, phantom, sizeof(phantom)) < 0 ||
		    (phase = current_phase(s)) < 0)
			return -1;
		if (carc_move_kind(move) == CARC_MOVE_PASS)
			strcpy(phantom, "phantom pass");
	}

	printf("turn %3u P%d %-*s %-16s %-36s", turn, player, s->tile_width,
	       tname ? tname : "?", place, deploy);
	if (s->phantom)
		printf(" %-36s", phantom);
	printf(" scored:");
	for (p = 0; p < s->players; p++) {
		if (s->gained[p] != 0) {
			printf(" P%" PRIu32 "+%" PRId32, p, s->gained[p]);
			if (s->gained_bldg[p] != 0)
				printf(" (+%" PRId32 " bldg)",
				       s->gained_bldg[p]);
			any = 1;
		}
	}
	printf("%s\n", any ? "" : " -");

	/* step 4: the crop-circle action */
	if (phase == CARC_PHASE_CROP_CHOICE) {
		if (symbol == CARC_SYMBOL_NONE) {
			fprintf(stderr, "%s: crop-circle choice after tile "
				"%s, which has no circle\n", progname,
				tname ? tname : "?");
			return -1;
		}
		if (play_crop_circle(s, (uint32_t)player) < 0)
			return -1;
	} else if (symbol == CARC_SYMBOL_PITCHFORK && !s->farmers) {
		printf("         crop: ignored (pitchfork, no farmers)\n");
	} else if (symbol != CARC_SYMBOL_NONE) {
		fprintf(stderr, "%s: tile %s has a crop circle but the game "
			"went on to phase %d\n", progname,
			tname ? tname : "?", phase);
		return -1;
	}

	/* self-check: the events account for every point */
	for (p = 0; p < s->players; p++) {
		int score = carc_game_score(s->game, p);

		if (score < 0)
			return fail("carc_game_score", score);
		if (score - before[p] != s->all_events[p]) {
			fprintf(stderr, "%s: turn %u: P%" PRIu32 " scored %d "
				"but the events report %" PRId32 "\n",
				progname, turn, p, score - before[p],
				s->all_events[p]);
			return -1;
		}
	}
	return 0;
}

static int
play(const struct options *opt, struct session *s)
{
	struct carc_rules *rules = NULL;
	unsigned turn = 0;
	int rc, phase;
	uint32_t p;

	if (build_rules(opt, &rules) < 0)
		return -1;
	rc = carc_game_new(rules, opt->players, opt->seed, &s->game);
	/* The game holds its own reference on the rules. */
	carc_rules_unref(rules);
	if (rc < 0)
		return fail("carc_game_new", rc);

	s->players = opt->players;
	s->phantom = opt->phantom != 0;
	/* the tile names of the expansions are longer than one letter */
	s->tile_width = opt->crop_1 || opt->crop_2 || opt->river ||
			opt->inns_cathedrals || opt->traders_builders ? 6 : 1;
	s->farmers = opt->farmers != 0;
	/* Different stream from the library's shuffle of the same seed. */
	s->rng = opt->seed ^ UINT64_C(0x6a09e667f3bcc908);

	print_header(opt);

	if (report_discards(s) < 0)
		return -1;
	for (;;) {
		if ((phase = current_phase(s)) < 0)
			return -1;
		if (phase == CARC_PHASE_GAME_OVER)
			break;
		if (phase == CARC_PHASE_SECOND_TILE) {
			/* Traders & Builders: the builder's road or city grew */
			char text[64];
			carc_move_t move;

			if (pick_move(s, &move) < 0 ||
			    apply_move(s, move, text, sizeof(text)) < 0)
				return -1;
			printf("         builder: %s\n", text);
			continue;
		}
		if (phase != CARC_PHASE_PLACE_TILE) {
			fprintf(stderr, "%s: unexpected phase %d\n",
				progname, phase);
			return -1;
		}
		if (play_turn(s, ++turn) < 0 || report_discards(s) < 0)
			return -1;
	}

	/* The last apply of the game also carries the final scoring. */
	if (print_final_events(s) < 0)
		return -1;
	printf("scores:");
	for (p = 0; p < s->players; p++) {
		int score = carc_game_score(s->game, p);

		if (score < 0)
			return fail("carc_game_score", score);
		printf(" %d", score);
	}
	printf("\n");
	return 0;
}

int
main(int argc, char **argv)
{
	struct options opt;
	struct session s;
	int rc;

	memset(&s, 0, sizeof(s));
	if (parse_options(argc, argv, &opt) < 0)
		return EXIT_FAILURE;

	rc = play(&opt, &s);
	carc_game_free(s.game);
	free(s.moves);

	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "%s: error writing the output\n", progname);
		rc = -1;
	}
	return rc < 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
