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
 * It is free to copy; see COPYING in this directory.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

static const char *progname = "random-game";

struct options {
	uint32_t players;
	uint64_t seed;
	int32_t farm_scoring;
	int32_t farmers;
	int32_t small_city;
};

struct session {
	struct carc_game *game;
	carc_move_t *moves;	/* grown on demand, never shrunk */
	size_t capacity;
	uint64_t rng;
	uint32_t players;
	int discards_seen;
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
		"       [--farm per-field|per-city|per-field-once]\n"
		"       [--no-farmers] [--small-city]\n"
		"Plays one game of random legal moves and prints every turn.\n"
		"Defaults: 2 players, seed 1, per-field farms, farmers on.\n",
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

static int
parse_options(int argc, char **argv, struct options *opt)
{
	uint64_t v;
	int i;

	opt->players = 2;
	opt->seed = 1;
	opt->farm_scoring = CARC_FARM_PER_FIELD;
	opt->farmers = 1;
	opt->small_city = 0;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *val = i + 1 < argc ? argv[i + 1] : NULL;

		if (strcmp(a, "--players") == 0) {
			if (parse_u64(val, &v) < 0 || v > 1000) {
				fprintf(stderr, "%s: bad --players\n", progname);
				return -1;
			}
			opt->players = (uint32_t)v;
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
			} else if (strcmp(val, "per-field") == 0) {
				opt->farm_scoring = CARC_FARM_PER_FIELD;
			} else if (strcmp(val, "per-city") == 0) {
				opt->farm_scoring = CARC_FARM_PER_CITY;
			} else if (strcmp(val, "per-field-once") == 0) {
				opt->farm_scoring = CARC_FARM_PER_FIELD_ONCE;
			} else {
				fprintf(stderr, "%s: unknown farm rule '%s'\n",
					progname, val);
				return -1;
			}
			i++;
		} else if (strcmp(a, "--no-farmers") == 0) {
			opt->farmers = 0;
		} else if (strcmp(a, "--small-city") == 0) {
			opt->small_city = 1;
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
	return 0;
}

static int
build_rules(const struct options *opt, struct carc_rules **out)
{
	struct carc_rules_builder *b = NULL;
	int rc;

	rc = carc_rules_builder_new(&b);
	if (rc < 0)
		return fail("carc_rules_builder_new", rc);

	rc = carc_rules_builder_set(b, CARC_OPT_FARM_SCORING,
				    opt->farm_scoring);
	if (rc < 0) {
		fail("setting the farm rule", rc);
		goto out;
	}
	rc = carc_rules_builder_set(b, CARC_OPT_FARMERS, opt->farmers);
	if (rc < 0) {
		fail("setting farmers", rc);
		goto out;
	}
	rc = carc_rules_builder_set(b, CARC_OPT_SMALL_CITY, opt->small_city);
	if (rc < 0) {
		fail("setting the small-city rule", rc);
		goto out;
	}
	rc = carc_rules_builder_build(b, out);
	if (rc < 0)
		fail("carc_rules_builder_build", rc);
out:
	carc_rules_builder_free(b);
	return rc < 0 ? -1 : 0;
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

/* Add the points of this apply's events of type @type to @gained. */
static int
sum_points(const struct session *s, int32_t type, int32_t *gained)
{
	int n = carc_game_event_count(s->game);
	uint32_t i, p;

	if (n < 0)
		return fail("carc_game_event_count", n);
	for (i = 0; i < (uint32_t)n; i++) {
		int32_t t, pts;

		if (event_attr(s->game, i, CARC_EVENT_TYPE, &t) < 0)
			return -1;
		if (t != type)
			continue;
		for (p = 0; p < s->players; p++) {
			if (event_attr(s->game, i, CARC_EVENT_POINTS + p,
				       &pts) < 0)
				return -1;
			gained[p] += pts;
		}
	}
	return 0;
}

static const char *
kind_name(int32_t kind)
{
	switch (kind) {
	case CARC_FEATURE_CITY: return "city";
	case CARC_FEATURE_ROAD: return "road";
	case CARC_FEATURE_FIELD: return "field";
	case CARC_FEATURE_MONASTERY: return "monastery";
	default: return "?";
	}
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
		int32_t scorers, pts, figures;
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
			    event_attr(s->game, i, CARC_EVENT_FIGURES + p,
				       &figures) < 0)
				return -1;
			if (scorers & (INT32_C(1) << p))
				printf(" P%" PRIu32 "+%" PRId32, p, pts);
			else if (figures > 0)
				printf(" (P%" PRIu32 " %" PRId32 " fig.)",
				       p, figures);
		}
		printf("\n");
	}
	return 0;
}

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
	return 0;
}

/* One turn: the tile placement, then any deployment steps. */
static int
play_turn(struct session *s, unsigned turn, int32_t *gained)
{
	char place[64], deploy[64];
	carc_move_t move;
	int player, tile, phase;
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

	memset(gained, 0, s->players * sizeof(*gained));
	if (pick_move(s, &move) < 0 ||
	    apply_move(s, move, place, sizeof(place)) < 0 ||
	    sum_points(s, CARC_EVENT_COMPLETED, gained) < 0)
		return -1;

	strcpy(deploy, "-");
	for (;;) {
		phase = carc_game_phase(s->game);
		if (phase < 0)
			return fail("carc_game_phase", phase);
		if (phase != CARC_PHASE_DEPLOY)
			break;
		if (pick_move(s, &move) < 0 ||
		    apply_move(s, move, deploy, sizeof(deploy)) < 0 ||
		    sum_points(s, CARC_EVENT_COMPLETED, gained) < 0)
			return -1;
	}

	printf("turn %3u P%d %s %-16s %-36s scored:", turn, player,
	       tname ? tname : "?", place, deploy);
	for (p = 0; p < s->players; p++) {
		if (gained[p] != 0) {
			printf(" P%" PRIu32 "+%" PRId32, p, gained[p]);
			any = 1;
		}
	}
	printf("%s\n", any ? "" : " -");
	return phase;
}

static int
play(const struct options *opt, struct session *s)
{
	struct carc_rules *rules = NULL;
	int32_t *gained = NULL;
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
	/* Different stream from the library's shuffle of the same seed. */
	s->rng = opt->seed ^ UINT64_C(0x6a09e667f3bcc908);
	gained = calloc(s->players, sizeof(*gained));
	if (gained == NULL)
		return fail("allocating", CARC_E_NOMEM);

	printf("libcarcassonne %s: %" PRIu32 " players, seed %" PRIu64
	       ", farms %s%s%s\n", carc_version_string(), opt->players,
	       opt->seed,
	       opt->farm_scoring == CARC_FARM_PER_CITY ? "per-city" :
	       opt->farm_scoring == CARC_FARM_PER_FIELD_ONCE ?
	       "per-field-once" : "per-field",
	       opt->farmers ? "" : ", no farmers",
	       opt->small_city ? ", small-city rule" : "");

	rc = -1;
	if (report_discards(s) < 0)
		goto out;
	for (;;) {
		phase = carc_game_phase(s->game);
		if (phase < 0) {
			fail("carc_game_phase", phase);
			goto out;
		}
		if (phase == CARC_PHASE_GAME_OVER)
			break;
		if (phase != CARC_PHASE_PLACE_TILE) {
			fprintf(stderr, "%s: unexpected phase %d\n",
				progname, phase);
			goto out;
		}
		if (play_turn(s, ++turn, gained) < 0 ||
		    report_discards(s) < 0)
			goto out;
	}

	/* The last apply of the game also carries the final scoring. */
	if (print_final_events(s) < 0)
		goto out;
	printf("scores:");
	for (p = 0; p < s->players; p++) {
		int score = carc_game_score(s->game, p);

		if (score < 0) {
			fail("carc_game_score", score);
			goto out;
		}
		printf(" %d", score);
	}
	printf("\n");
	rc = 0;
out:
	free(gained);
	return rc;
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
