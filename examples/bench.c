/* SPDX-License-Identifier: CC0-1.0 */
/*
 * bench: how fast does libcarcassonne play random games?
 *
 * Plays complete base games with the default rules (farmers on, per-field
 * farm scoring), then the same number of games with all three expansions
 * (The Phantom, Crop Circles I and II, Little Buildings, each with its
 * default options), asking carc_game_legal_moves() at every decision and
 * picking a move with a small inline generator, so the time measured is
 * the library's.  Every repetition replays the same seeds; the figures
 * reported for each rule set are the medians over the repetitions:
 *
 * - games/s and decisions/s of whole games (a decision is one
 *   carc_game_legal_moves() + carc_game_apply() pair);
 * - the mean time of one carc_game_legal_moves() call, timed call by call
 *   in a second pass over a quarter of the games, minus the cost of
 *   reading the clock; from it, the moves a call returns, its cost per
 *   move returned and the time per tile placed without the listing;
 * - carc_game_clone() of a mid-game state, timed over 1000 clones kept
 *   alive (so it includes the first touch of fresh memory), then over
 *   1000 clone + carc_game_free() pairs (memory reused);
 * - carc_game_copy() of the same state into one reused game.
 *
 * A closing note compares the games/s of the two rule sets with the
 * project's targets.  --rules base or --rules all runs only one table;
 * --rules inns, traders and river play the base game with one of the
 * three later expansions, --rules six with all six expansions together;
 * --scaling compares stacks of 1, 2, 4 and 8 copies of every tile.
 *
 * This is a benchmark, not a test: it fails only when the library returns
 * an error or the repetitions disagree on the games played.
 *
 * Free to copy; see COPYING in this directory.
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <carcassonne/carcassonne.h>

#define CLONES 1000
#define COPIES 100000

/* The project's targets, 2 players: games/s for a front end, then what
 * a bot's search needs (games/s, copy time, bytes per game; the figures
 * measured are in doc/contributors/performance.md). */
#define TARGET_BASE 20000.0
#define TARGET_ALL 15000.0
#define TARGET_BOT_BASE 50000.0
#define TARGET_BOT_ALL 30000.0
#define TARGET_COPY_NS 300.0
#define TARGET_BYTES 8192.0
/* all six expansions together (--rules six), for a bot's search */
#define TARGET_SIX 30000.0
#define TARGET_SIX_COPY_NS 100.0
#define TARGET_SIX_BYTES 12288.0

static const char *progname = "bench";
static uint32_t scale = 1;	/* --scale: copies of every tile */

struct bench {
	struct carc_rules *rules;
	uint32_t players;
	carc_move_t *moves;
	size_t capacity;
	struct carc_game *clones[CLONES];
};

struct rep_result {
	double games_per_s;
	double decisions_per_s;
	double enum_ns;
	double clone_us;
	double clone_free_us;
	double copy_ns;
	double state_bytes;
	double tiles;		/* tiles placed per game, the start tile included */
	double moves_listed;	/* legal moves returned per decision */
	double tile_rest_us;	/* us per tile placed, the listing excluded */
	double move_ns;		/* listing time per legal move returned */
	uint64_t checksum;
};

static uint64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * UINT64_C(1000000000) +
	       (uint64_t)ts.tv_nsec;
}

/* splitmix64, inlined: a few cycles per call. */
static inline uint64_t
next_random(uint64_t *state)
{
	uint64_t z;

	*state += UINT64_C(0x9e3779b97f4a7c15);
	z = *state;
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

static inline uint32_t
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

/* carc_game_legal_moves() into the shared buffer, growing it if needed. */
static int
legal_moves(struct bench *b, const struct carc_game *game)
{
	int n = carc_game_legal_moves(game, b->moves, b->capacity);

	if (n >= 0 && (size_t)n > b->capacity) {
		carc_move_t *bigger = realloc(b->moves,
					      (size_t)n * sizeof(*bigger));

		if (bigger == NULL)
			return CARC_E_NOMEM;
		b->moves = bigger;
		b->capacity = (size_t)n;
		n = carc_game_legal_moves(game, b->moves, b->capacity);
	}
	return n;
}

/*
 * Play one decision: returns 1 after a move, 0 when the game is over, or
 * -1.  With @p enum_ns set, the legal-move call is timed and added to it.
 */
static inline int
step(struct bench *b, struct carc_game *game, uint64_t *rng,
     uint64_t *enum_ns, uint64_t *listed)
{
	uint64_t t0 = 0;
	int n, rc;

	if (enum_ns != NULL)
		t0 = now_ns();
	n = legal_moves(b, game);
	if (enum_ns != NULL && n > 0) {
		*enum_ns += now_ns() - t0;
		*listed += (uint64_t)n;
	}
	if (n < 0)
		return fail("carc_game_legal_moves", n);
	if (n == 0) {
		rc = carc_game_is_over(game);
		if (rc == 1)
			return 0;
		fprintf(stderr, "%s: no legal move in a running game\n",
			progname);
		return -1;
	}
	rc = carc_game_apply(game, b->moves[random_below(rng, (uint32_t)n)]);
	if (rc < 0)
		return fail("carc_game_apply", rc);
	return 1;
}

static uint64_t
move_seed(uint64_t seed)
{
	return seed * UINT64_C(0xd1b54a32d192ed03) + 1;
}

/* Play a whole game; add its decisions and final scores to the totals. */
static int
play_game(struct bench *b, uint64_t seed, uint64_t *decisions,
	  uint64_t *enum_ns, uint64_t *listed, uint64_t *checksum)
{
	struct carc_game *game = NULL;
	uint64_t rng = move_seed(seed);
	uint32_t p;
	int rc;

	rc = carc_game_new(b->rules, b->players, seed, &game);
	if (rc < 0)
		return fail("carc_game_new", rc);
	while ((rc = step(b, game, &rng, enum_ns, listed)) > 0)
		(*decisions)++;
	for (p = 0; rc == 0 && p < b->players; p++) {
		int score = carc_game_score(game, p);

		if (score < 0)
			rc = fail("carc_game_score", score);
		else
			*checksum = *checksum * 31 + (uint64_t)score;
	}
	carc_game_free(game);
	return rc;
}

/* The cost of one now_ns() pair, to subtract from timed calls. */
static double
clock_overhead_ns(void)
{
	uint64_t sum = 0;
	int i;

	for (i = 0; i < 100000; i++) {
		uint64_t t0 = now_ns();

		sum += now_ns() - t0;
	}
	return (double)sum / 100000.0;
}

static int
measure_copies(struct bench *b, uint64_t seed, struct rep_result *res)
{
	struct carc_game *src = NULL, *dst = NULL;
	uint64_t rng = move_seed(seed), t0, t1;
	int rc, i, n = 0, half;

	rc = carc_game_new(b->rules, b->players, seed, &src);
	if (rc < 0)
		return fail("carc_game_new", rc);
	/* Half of the stack placed (35 of 71 base tiles left, 41 of 83 with
	 * the crop circles): a typical state for a search. */
	half = carc_game_remaining_total(src);
	if (half < 0) {
		rc = fail("carc_game_remaining_total", half);
		goto out;
	}
	half /= 2;
	while (rc >= 0) {
		rc = carc_game_remaining_total(src);
		if (rc < 0) {
			fail("carc_game_remaining_total", rc);
			break;
		}
		if (rc <= half) {
			rc = 0;
			break;
		}
		rc = step(b, src, &rng, NULL, NULL);
		if (rc == 0) {
			rc = -1;	/* over already: cannot happen */
			fprintf(stderr, "%s: game ended early\n", progname);
		}
	}
	if (rc < 0)
		goto out;

	t0 = now_ns();
	for (n = 0; n < CLONES; n++) {
		rc = carc_game_clone(src, &b->clones[n]);
		if (rc < 0)
			break;
	}
	t1 = now_ns();
	for (i = 0; i < n; i++)
		carc_game_free(b->clones[i]);
	if (rc < 0) {
		fail("carc_game_clone", rc);
		goto out;
	}
	res->clone_us = (double)(t1 - t0) / CLONES / 1000.0;

	/* The same with each clone freed at once, so malloc reuses memory
	 * that is already mapped: the cost without fresh pages. */
	t0 = now_ns();
	for (i = 0; i < CLONES && rc >= 0; i++) {
		struct carc_game *c = NULL;

		rc = carc_game_clone(src, &c);
		carc_game_free(c);
	}
	t1 = now_ns();
	if (rc < 0) {
		fail("carc_game_clone", rc);
		goto out;
	}
	res->clone_free_us = (double)(t1 - t0) / CLONES / 1000.0;

	rc = carc_game_clone(src, &dst);
	if (rc < 0) {
		fail("carc_game_clone", rc);
		goto out;
	}
	t0 = now_ns();
	for (i = 0; i < COPIES && rc >= 0; i++)
		rc = carc_game_copy(dst, src);
	t1 = now_ns();
	if (rc < 0) {
		fail("carc_game_copy", rc);
		goto out;
	}
	if (carc_game_hash(dst) != carc_game_hash(src)) {
		fprintf(stderr, "%s: copy and source hash differ\n", progname);
		rc = -1;
		goto out;
	}
	res->copy_ns = (double)(t1 - t0) / COPIES;
	res->state_bytes = carc_game_memory_size(src);
out:
	carc_game_free(dst);
	carc_game_free(src);
	return rc < 0 ? -1 : 0;
}

static int
run_rep(struct bench *b, uint32_t games, double overhead,
	struct rep_result *res)
{
	uint64_t decisions = 0, enum_decisions = 0, enum_ns = 0, t0, t1;
	uint64_t enum_checksum = 0, listed = 0;
	uint32_t g, enum_games = games / 4 ? games / 4 : 1;
	double secs, game_us, enum_us;

	res->checksum = 0;
	t0 = now_ns();
	for (g = 0; g < games; g++)
		if (play_game(b, g + 1, &decisions, NULL, NULL,
			      &res->checksum) < 0)
			return -1;
	t1 = now_ns();
	secs = (double)(t1 - t0) / 1e9;
	res->games_per_s = games / secs;
	res->decisions_per_s = (double)decisions / secs;

	for (g = 0; g < enum_games; g++)
		if (play_game(b, g + 1, &enum_decisions, &enum_ns, &listed,
			      &enum_checksum) < 0)
			return -1;
	res->enum_ns = (double)enum_ns / (double)enum_decisions - overhead;
	res->moves_listed = (double)listed / (double)enum_decisions;
	res->move_ns = res->enum_ns / res->moves_listed;

	res->tiles = 1;		/* the start tile */
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		res->tiles += carc_rules_tile_count(b->rules, t);
	/* a game's time less its listing time (the same games are played
	 * in both passes) */
	game_us = 1e6 / res->games_per_s;
	enum_us = res->enum_ns * (double)enum_decisions / enum_games / 1e3;
	res->tile_rest_us = (game_us - enum_us) / res->tiles;
	return measure_copies(b, games / 2 + 1, res);
}

static int
compare_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double
median(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), compare_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

/* The median of one double member, at @p offset, of the results. */
static double
median_of(const struct rep_result *res, uint32_t reps, double *col,
	  size_t offset)
{
	uint32_t r;

	for (r = 0; r < reps; r++)
		memcpy(&col[r], (const char *)&res[r] + offset, sizeof(*col));
	return median(col, reps);
}

static int
parse_count(const char *s, uint32_t min, uint32_t max, uint32_t *out)
{
	char *end;
	unsigned long v;

	if (s == NULL || *s == '\0' || *s == '-')
		return -1;
	v = strtoul(s, &end, 10);
	if (*end != '\0' || v < min || v > max)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

static void
usage(FILE *f)
{
	fprintf(f,
		"Usage: %s [--games N] [--reps R] [--players N]\n"
		"       [--rules base|all|both|inns|traders|river|six]\n"
		"       [--scale K]\n"
		"       [--scaling] [--play-only]\n"
		"Plays N random games R times (defaults 20000, 5, 2 players)\n"
		"and prints the median speed of libcarcassonne: base game,\n"
		"then all three expansions (--rules both, the default);\n"
		"--rules inns the base game with Inns & Cathedrals, --rules\n"
		"traders with Traders & Builders, --rules river with The\n"
		"River, --rules six with all six expansions together.\n"
		"--scale K plays with K copies of every tile (a longer stack;\n"
		"compare 'us per tile placed' across K); --scaling runs the\n"
		"base game with K = 1, 2, 4, 8 (N / K games) and compares.\n"
		"--play-only plays the N games of each table once, untimed,\n"
		"and prints their checksum (for counting instructions with\n"
		"valgrind --tool=callgrind).\n",
		progname);
}

/* Which tables to print. */
enum rule_sets {
	RULES_BASE = 1,
	RULES_ALL = 2,
	RULES_BOTH = 3,
	RULES_INNS = 4,		/* the base game with Inns & Cathedrals */
	RULES_TRADERS = 8,	/* the base game with Traders & Builders */
	RULES_RIVER = 16,	/* the base game with The River */
	RULES_SIX = 32,		/* all six expansions together */
};

static int
parse_rule_sets(const char *s, uint32_t *out)
{
	if (s == NULL)
		return -1;
	if (strcmp(s, "base") == 0)
		*out = RULES_BASE;
	else if (strcmp(s, "all") == 0)
		*out = RULES_ALL;
	else if (strcmp(s, "both") == 0)
		*out = RULES_BOTH;
	else if (strcmp(s, "inns") == 0)
		*out = RULES_INNS;
	else if (strcmp(s, "traders") == 0)
		*out = RULES_TRADERS;
	else if (strcmp(s, "river") == 0)
		*out = RULES_RIVER;
	else if (strcmp(s, "six") == 0)
		*out = RULES_SIX;
	else
		return -1;
	return 0;
}

/*
 * The rules of one table.  The base defaults are farmers and per-field
 * farms; set them anyway so the benchmark means the same in every
 * version.  @p all 1 adds the three expansions with their default options,
 * 2 Inns & Cathedrals alone, 3 Traders & Builders alone, 4 The River
 * alone, 5 all six together.
 */
static int
build_rules(int all, struct carc_rules **out)
{
	int inns = all == 2 || all == 5;

	static const uint32_t expansions[] = {
		CARC_OPT_PHANTOM, CARC_OPT_CROP_CIRCLES_I,
		CARC_OPT_CROP_CIRCLES_II, CARC_OPT_LITTLE_BUILDINGS,
	};
	struct carc_rules_builder *builder = NULL;
	size_t k;
	int rc;

	rc = carc_rules_builder_new(&builder);
	if (rc < 0)
		return fail("carc_rules_builder_new", rc);
	if ((rc = carc_rules_builder_set(builder, CARC_OPT_FARMERS, 1)) < 0 ||
	    (rc = carc_rules_builder_set(builder, CARC_OPT_FARM_SCORING,
					 CARC_FARM_PER_FIELD)) < 0)
		goto out;
	if (inns && (rc = carc_rules_builder_set(
			     builder, CARC_OPT_INNS_CATHEDRALS, 1)) < 0)
		goto out;
	if ((all == 3 || all == 5) && (rc = carc_rules_builder_set(
				 builder, CARC_OPT_TRADERS_BUILDERS, 1)) < 0)
		goto out;
	if ((all == 4 || all == 5) && (rc = carc_rules_builder_set(builder, CARC_OPT_RIVER,
						     1)) < 0)
		goto out;
	for (k = 0; (all == 1 || all == 5) && k < sizeof(expansions) / sizeof(expansions[0]);
	     k++)
		if ((rc = carc_rules_builder_set(builder, expansions[k],
						 1)) < 0)
			goto out;
	rc = carc_rules_builder_build(builder, out);
	/* --scale K: K copies of every tile, to show that the cost of a
	 * game grows linearly with its number of tiles */
	for (uint32_t t = 0; rc >= 0 && scale > 1 && t < CARC_TILE_TYPES; t++)
		rc = carc_rules_builder_set_tile_count(
			builder, t,
			scale * (uint32_t)carc_rules_tile_count(*out, t));
	if (rc >= 0 && scale > 1) {
		carc_rules_unref(*out);
		*out = NULL;
		rc = carc_rules_builder_build(builder, out);
	}
out:
	carc_rules_builder_free(builder);
	if (rc < 0)
		return fail("building the rules", rc);
	return 0;
}

/* Peak resident memory of the process in KiB (Linux), or -1. */
static long
peak_kib(void)
{
	char line[256];
	long kib = -1;
	FILE *f = fopen("/proc/self/status", "r");

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL)
		if (strncmp(line, "VmHWM:", 6) == 0)
			kib = strtol(line + 6, NULL, 10);
	fclose(f);
	return kib;
}

/*
 * Run one table: @p reps repetitions of @p games games with the rules in
 * @p b, each repetition printed, then the medians.  The median games/s
 * goes to @p games_per_s.
 */
static int
run_table(struct bench *b, const char *what, uint32_t games, uint32_t reps,
	  double overhead, struct rep_result *res, double *col,
	  struct rep_result *median_out)
{
	double *games_per_s = &median_out->games_per_s;
	uint32_t r;

	printf("libcarcassonne %s: %" PRIu32 " players, %" PRIu32
	       " games x %" PRIu32 " repetitions, farms per field%s\n",
	       carc_version_string(), b->players, games, reps, what);

	for (r = 0; r < reps; r++) {
		if (run_rep(b, games, overhead, &res[r]) < 0)
			return -1;
		if (res[r].checksum != res[0].checksum) {
			fprintf(stderr, "%s: repetition %" PRIu32 " played "
				"different games\n", progname, r + 1);
			return -1;
		}
		printf("rep %" PRIu32 ": %.0f games/s, %.0f decisions/s, "
		       "legal moves %.0f ns, clone %.2f us (%.2f us with free), "
		       "copy %.0f ns\n",
		       r + 1, res[r].games_per_s, res[r].decisions_per_s,
		       res[r].enum_ns, res[r].clone_us, res[r].clone_free_us,
		       res[r].copy_ns);
		fflush(stdout);
	}

	*games_per_s = median_of(res, reps, col,
				 offsetof(struct rep_result, games_per_s));
	printf("median of %" PRIu32 " repetitions:\n", reps);
	printf("  games/s              %12.0f\n", *games_per_s);
	/* other work on the machine only ever slows a repetition down, so
	 * on a shared machine the best one is the steadier figure */
	printf("  games/s, best rep    %12.0f\n", col[reps - 1]);
	printf("  decisions/s          %12.0f\n",
	       median_of(res, reps, col, offsetof(struct rep_result,
						    decisions_per_s)));
	printf("  legal moves (ns)     %12.0f\n",
	       median_of(res, reps, col, offsetof(struct rep_result,
						    enum_ns)));
	printf("  carc_game_clone (us) %12.2f\n",
	       median_of(res, reps, col, offsetof(struct rep_result,
						    clone_us)));
	printf("  clone + free (us)    %12.2f\n",
	       median_of(res, reps, col, offsetof(struct rep_result,
						    clone_free_us)));
	median_out->copy_ns = median_of(res, reps, col,
					offsetof(struct rep_result, copy_ns));
	median_out->state_bytes = median_of(
		res, reps, col, offsetof(struct rep_result, state_bytes));
	printf("  carc_game_copy (ns)  %12.0f\n", median_out->copy_ns);
	printf("  bytes per game       %12.0f\n", median_out->state_bytes);
	printf("  tiles per game       %12.1f\n", res[0].tiles);
	printf("  us per tile placed   %12.3f\n",
	       1e6 / *games_per_s / res[0].tiles);
	median_out->tiles = res[0].tiles;
	median_out->tile_rest_us = median_of(
		res, reps, col, offsetof(struct rep_result, tile_rest_us));
	median_out->moves_listed = median_of(
		res, reps, col, offsetof(struct rep_result, moves_listed));
	median_out->move_ns = median_of(res, reps, col,
					offsetof(struct rep_result, move_ns));
	printf("  ... listing excluded %12.3f\n", median_out->tile_rest_us);
	printf("  moves per listing    %12.1f\n", median_out->moves_listed);
	printf("  ns per move listed   %12.2f\n", median_out->move_ns);
	printf("  clock overhead (ns)  %12.1f\n", overhead);
	fflush(stdout);
	return 0;
}

static const char *
verdict(double value, double target)
{
	return value >= target ? "met" : "NOT met";
}

/* One rule set's figures against its targets ("n/a" when the run is not
 * the two-player first-edition game the targets are for), a copy's time
 * and a game's bytes against @p copy_ns and @p bytes. */
static void
print_verdicts_for(const char *name, const struct rep_result *m,
		   double target, double bot_target, uint32_t players,
		   double copy_ns, double bytes)
{
	int applies = players == 2 && scale == 1;

	printf("%s %8.0f games/s (target %.0f: %s; bots %.0f: %s)\n", name,
	       m->games_per_s, target,
	       applies ? verdict(m->games_per_s, target) : "n/a", bot_target,
	       applies ? verdict(m->games_per_s, bot_target) : "n/a");
	printf("%s %8.0f ns per copy (target %.0f: %s), %.0f bytes per "
	       "game (target %.0f: %s)\n", name, m->copy_ns, copy_ns,
	       verdict(copy_ns, m->copy_ns), m->state_bytes, bytes,
	       applies ? verdict(bytes, m->state_bytes) : "n/a");
}

static void
print_verdicts(const char *name, const struct rep_result *m,
	       double target, double bot_target, uint32_t players)
{
	print_verdicts_for(name, m, target, bot_target, players,
			   TARGET_COPY_NS, TARGET_BYTES);
}

/*
 * --scaling: the base game with 1, 2, 4 and 8 copies of every tile (up to
 * 569 tiles), games / K games each, then one line per stack.  A game's
 * cost is linear in its tiles when "listing excluded" stays flat; the
 * listing itself grows with the moves it returns (the open positions of
 * a random board), at a cost per move returned that is shown beside it.
 */
static int
run_scaling(struct bench *b, uint32_t games, uint32_t reps, double overhead,
	    struct rep_result *res, double *col)
{
	static const uint32_t ks[] = { 1, 2, 4, 8 };
	struct rep_result m[sizeof(ks) / sizeof(ks[0])];
	size_t k;

	memset(m, 0, sizeof(m));
	for (k = 0; k < sizeof(ks) / sizeof(ks[0]); k++) {
		uint32_t n = games / ks[k] ? games / ks[k] : 1;
		char what[64];

		scale = ks[k];
		snprintf(what, sizeof(what), ", %" PRIu32 " copies of every "
			 "tile", ks[k]);
		if (build_rules(0, &b->rules) < 0 ||
		    run_table(b, what, n, reps, overhead, res, col, &m[k]) < 0)
			return -1;
		carc_rules_unref(b->rules);
		b->rules = NULL;
		printf("\n");
	}
	printf("scaling, base game (medians; x = relative to 1 copy):\n"
	       "copies tiles  us/tile          listing excluded "
	       "moves/listing ns/move\n");
	for (k = 0; k < sizeof(ks) / sizeof(ks[0]); k++) {
		double per_tile = 1e6 / m[k].games_per_s / m[k].tiles;
		double per_tile0 = 1e6 / m[0].games_per_s / m[0].tiles;

		printf("%6" PRIu32 " %5.0f  %.3f (x%.2f)    %.3f (x%.2f)    "
		       "%13.1f %7.2f\n", ks[k], m[k].tiles, per_tile,
		       per_tile / per_tile0, m[k].tile_rest_us,
		       m[k].tile_rest_us / m[0].tile_rest_us,
		       m[k].moves_listed, m[k].move_ns);
	}
	return 0;
}

/*
 * --play-only: the games of each table once, untimed, with nothing else
 * (no clones, copies or clock), and their checksum: what
 * `valgrind --tool=callgrind` counts is then the library's work for
 * those games, comparable between two builds.
 */
static int
run_play_only(struct bench *b, uint32_t games, uint32_t sets)
{
	static const char *const names[] = {
		"base", "all", "inns", "traders", "river", "six",
	};

	for (int k = 0; k < 6; k++) {
		uint64_t decisions = 0, checksum = 0;

		if (!(sets & (1u << k)))
			continue;
		if (build_rules(k, &b->rules) < 0)
			return -1;
		for (uint32_t g = 0; g < games; g++)
			if (play_game(b, g + 1, &decisions, NULL, NULL,
				      &checksum) < 0)
				return -1;
		printf("%s: %" PRIu32 " games, %" PRIu64 " decisions, "
		       "checksum %016" PRIx64 "\n", names[k], games,
		       decisions, checksum);
		carc_rules_unref(b->rules);
		b->rules = NULL;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct bench b;
	struct rep_result *res = NULL;
	double *col = NULL, overhead;
	struct rep_result base = { 0 }, all = { 0 }, inns = { 0 },
			  traders = { 0 }, river = { 0 }, six = { 0 };
	uint32_t games = 20000, reps = 5, sets = RULES_BOTH;
	int i, scaling = 0, play_only = 0, status = EXIT_FAILURE;

	memset(&b, 0, sizeof(b));
	b.players = 2;
	/* Every option but --help, --scaling and --play-only takes a
	 * value. */
	for (i = 1; i < argc; i += 2) {
		const char *val = i + 1 < argc ? argv[i + 1] : NULL;
		int bad = 0;

		if (strcmp(argv[i], "--scaling") == 0) {
			scaling = 1;
			i--;
		} else if (strcmp(argv[i], "--play-only") == 0) {
			play_only = 1;
			i--;
		} else if (strcmp(argv[i], "--games") == 0)
			bad = parse_count(val, 1, 100000000, &games);
		else if (strcmp(argv[i], "--reps") == 0)
			bad = parse_count(val, 1, 1000, &reps);
		else if (strcmp(argv[i], "--players") == 0)
			bad = parse_count(val, 2, 6, &b.players);
		else if (strcmp(argv[i], "--rules") == 0)
			bad = parse_rule_sets(val, &sets);
		else if (strcmp(argv[i], "--scale") == 0)
			bad = parse_count(val, 1, 40, &scale);
		else if (strcmp(argv[i], "--help") == 0) {
			usage(stdout);
			return EXIT_SUCCESS;
		} else
			bad = -1;
		if (bad < 0) {
			usage(stderr);
			return EXIT_FAILURE;
		}
	}

	b.capacity = 1024;
	b.moves = malloc(b.capacity * sizeof(*b.moves));
	res = calloc(reps, sizeof(*res));
	col = calloc(reps, sizeof(*col));
	if (b.moves == NULL || res == NULL || col == NULL) {
		fail("allocating", CARC_E_NOMEM);
		goto out;
	}

	overhead = clock_overhead_ns();
	if (play_only) {
		if (run_play_only(&b, games, sets) == 0)
			status = EXIT_SUCCESS;
		goto out;
	}
	if (scaling) {
		if (run_scaling(&b, games, reps, overhead, res, col) == 0)
			status = EXIT_SUCCESS;
		goto out;
	}
	if (sets & RULES_BASE) {
		if (build_rules(0, &b.rules) < 0 ||
		    run_table(&b, "", games, reps, overhead, res, col,
			      &base) < 0)
			goto out;
		carc_rules_unref(b.rules);
		b.rules = NULL;
	}
	if (sets & RULES_ALL) {
		if (sets & RULES_BASE)
			printf("\n");
		if (build_rules(1, &b.rules) < 0 ||
		    run_table(&b, ", phantom, crop circles I+II, "
			      "little buildings", games, reps, overhead, res,
			      col, &all) < 0)
			goto out;
	}

	if (sets & RULES_INNS) {
		carc_rules_unref(b.rules);
		b.rules = NULL;
		if (build_rules(2, &b.rules) < 0 ||
		    run_table(&b, ", inns & cathedrals", games, reps, overhead,
			      res, col, &inns) < 0)
			goto out;
	}

	if (sets & RULES_TRADERS) {
		carc_rules_unref(b.rules);
		b.rules = NULL;
		if (build_rules(3, &b.rules) < 0 ||
		    run_table(&b, ", traders & builders", games, reps,
			      overhead, res, col, &traders) < 0)
			goto out;
	}

	if (sets & RULES_RIVER) {
		carc_rules_unref(b.rules);
		b.rules = NULL;
		if (build_rules(4, &b.rules) < 0 ||
		    run_table(&b, ", the river", games, reps, overhead, res,
			      col, &river) < 0)
			goto out;
	}

	if (sets & RULES_SIX) {
		carc_rules_unref(b.rules);
		b.rules = NULL;
		if (build_rules(5, &b.rules) < 0 ||
		    run_table(&b, ", phantom, crop circles I+II, little "
			      "buildings, the river, inns & cathedrals, "
			      "traders & builders", games, reps, overhead, res,
			      col, &six) < 0)
			goto out;
	}

	/* The closing note; the targets are for 2 players and the
	 * first-edition stack. */
	printf("\n");
	if (sets & RULES_BASE)
		print_verdicts("base game:     ", &base, TARGET_BASE,
			       TARGET_BOT_BASE, b.players);
	if (sets & RULES_ALL)
		print_verdicts("all expansions:", &all, TARGET_ALL,
			       TARGET_BOT_ALL, b.players);
	if (sets & RULES_INNS)
		print_verdicts("inns & cathedrals:", &inns, TARGET_BASE,
			       TARGET_BOT_BASE, b.players);
	if (sets & RULES_TRADERS)
		print_verdicts("traders & builders:", &traders, TARGET_BASE,
			       TARGET_BOT_BASE, b.players);
	if (sets & RULES_RIVER)
		print_verdicts("the river:", &river, TARGET_BASE,
			       TARGET_BOT_BASE, b.players);
	if (sets & RULES_SIX)
		print_verdicts_for("all six expansions:", &six, TARGET_SIX,
				   TARGET_SIX, b.players, TARGET_SIX_COPY_NS,
				   TARGET_SIX_BYTES);
	if (sets == RULES_BOTH && base.games_per_s > 0.0)
		printf("all expansions run at %.0f%% of the base game's "
		       "speed\n", 100.0 * all.games_per_s / base.games_per_s);
	printf("peak memory: %ld KiB\n", peak_kib());
	status = EXIT_SUCCESS;
out:
	free(col);
	free(res);
	free(b.moves);
	carc_rules_unref(b.rules);
	return status;
}
