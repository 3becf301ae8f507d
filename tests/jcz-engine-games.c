/* SPDX-License-Identifier: MIT */
/*
 * The library's side of tests/jcz/jcz-engine-check.py, which checks
 * .jcz files against JCloisterZone's own engine (../shared/jcz/jcz-score).
 *
 *   jcz-engine-games export DIR COUNT
 *       Plays COUNT random games to their end, cycling through every
 *       configuration carc_jcz_export() accepts (2-6 players; no
 *       expansion, each expansion alone and all together; farmers on and
 *       off; small cities; 1-15 followers; one game in five with the
 *       whole stack, the others with custom stacks of 12 to 36 tiles), and
 *       writes each as DIR/NNNN.jcz.  About three games in fifty also get
 *       a planted copy, DIR/NNNN-moved.jcz: the same game with one
 *       follower (or large follower) put on another feature of its tile,
 *       which changes the final points.  DIR/expected.txt has one line per file:
 *           FILE KIND CONFIG POINTS...
 *       KIND "clean" or "moved", CONFIG a word naming the configuration,
 *       POINTS our final points in player order (for a planted copy,
 *       those of the clean game: JCZ must disagree).
 *
 *   jcz-engine-games import FILE...
 *       Imports each file with carc_jcz_import() and prints
 *           FILE: points A B ...       or      FILE: error: MESSAGE
 *
 * Exit status 0 unless an argument or a file cannot be used (export) or
 * a game's export fails.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>
#include <carcassonne/jcz.h>

#define MAX_MOVES 4096

static uint64_t
next_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* The expansions' configurations: none, each alone, all together. */
static const struct {
	const char *name;
	int32_t options[24]; /* option, value, ..., 0 */
} configs[] = {
	{ "base", { 0 } },
	{ "phantom", { CARC_OPT_PHANTOM, 1, 0 } },
	{ "crop1", { CARC_OPT_CROP_CIRCLES_I, 1, 0 } },
	{ "crop2", { CARC_OPT_CROP_CIRCLES_II, 1, 0 } },
	{ "crop12", { CARC_OPT_CROP_CIRCLES_I, 1, CARC_OPT_CROP_CIRCLES_II, 1,
		      0 } },
	{ "lb", { CARC_OPT_LITTLE_BUILDINGS, 1, CARC_OPT_LB_DISTRIBUTION,
		  CARC_LB_DIST_JCZ, 0 } },
	{ "lb321", { CARC_OPT_LITTLE_BUILDINGS, 1, CARC_OPT_LB_SCORING,
		     CARC_LB_321, 0 } },
	{ "all", { CARC_OPT_PHANTOM, 1, CARC_OPT_CROP_CIRCLES_I, 1,
		   CARC_OPT_CROP_CIRCLES_II, 1, CARC_OPT_LITTLE_BUILDINGS, 1,
		   CARC_OPT_LB_DISTRIBUTION, CARC_LB_DIST_JCZ, 0 } },
	{ "all321", { CARC_OPT_PHANTOM, 1, CARC_OPT_CROP_CIRCLES_I, 1,
		      CARC_OPT_CROP_CIRCLES_II, 1, CARC_OPT_LITTLE_BUILDINGS,
		      1, CARC_OPT_LB_SCORING, CARC_LB_321, 0 } },
	{ "river", { CARC_OPT_RIVER, 1, CARC_OPT_RIVER_U_TURN,
		     CARC_RIVER_U_JCZ, 0 } },
	{ "river-after", { CARC_OPT_RIVER, 1, CARC_OPT_RIVER_U_TURN,
			   CARC_RIVER_U_JCZ, CARC_OPT_RIVER_START_TILE,
			   CARC_RIVER_START_AFTER_RIVER, 0 } },
	{ "inns", { CARC_OPT_INNS_CATHEDRALS, 1, 0 } },
	{ "traders", { CARC_OPT_TRADERS_BUILDERS, 1, CARC_OPT_BUILDER_TURN,
		       CARC_BUILDER_TURN_MANDATORY, 0 } },
	{ "new3", { CARC_OPT_RIVER, 1, CARC_OPT_RIVER_U_TURN,
		    CARC_RIVER_U_JCZ, CARC_OPT_INNS_CATHEDRALS, 1,
		    CARC_OPT_TRADERS_BUILDERS, 1, CARC_OPT_BUILDER_TURN,
		    CARC_BUILDER_TURN_MANDATORY, 0 } },
	{ "every", { CARC_OPT_PHANTOM, 1, CARC_OPT_CROP_CIRCLES_I, 1,
		     CARC_OPT_CROP_CIRCLES_II, 1, CARC_OPT_LITTLE_BUILDINGS, 1,
		     CARC_OPT_LB_SCORING, CARC_LB_321, CARC_OPT_RIVER, 1,
		     CARC_OPT_RIVER_U_TURN, CARC_RIVER_U_JCZ,
		     CARC_OPT_INNS_CATHEDRALS, 1, CARC_OPT_TRADERS_BUILDERS, 1,
		     CARC_OPT_BUILDER_TURN, CARC_BUILDER_TURN_MANDATORY, 0 } },
};

#define N_CONFIGS (sizeof(configs) / sizeof(configs[0]))

static int
check(int rc, const char *what)
{
	if (rc < 0) {
		fprintf(stderr, "jcz-engine-games: %s: %s\n", what,
			carc_strerror(rc));
		exit(1);
	}
	return rc;
}

static struct carc_rules_builder *
config_builder(int i, size_t c)
{
	struct carc_rules_builder *b = NULL;

	check(carc_rules_builder_new(&b), "rules");
	check(carc_rules_builder_set(b, CARC_OPT_FARMERS, i % 3 != 0),
	      "farmers");
	check(carc_rules_builder_set(b, CARC_OPT_SMALL_CITY, (i / 2) % 2),
	      "small city");
	check(carc_rules_builder_set(b, CARC_OPT_FOLLOWERS, 1 + (i * 7) % 15),
	      "followers");
	for (size_t k = 0; configs[c].options[k]; k += 2)
		check(carc_rules_builder_set(b,
					     (uint32_t)configs[c].options[k],
					     configs[c].options[k + 1]),
		      configs[c].name);
	return b;
}

/* The rules of game @p i and a word naming them into name[n].  One game
 * in five uses the configuration's whole stack; the others a custom stack
 * of 12 to 36 of its tiles, drawn at random (export writes endTurn, and
 * JCZ ends the game there): shorter games, so that 500 of them replay in
 * JCZ's engine in about 20 s of CPU. */
static struct carc_rules *
game_rules(int i, char *name, size_t n)
{
	size_t c = (size_t)(i / 5) % N_CONFIGS;
	bool full = (i / 7) % 5 == 0;
	struct carc_rules_builder *b = config_builder(i, c);
	struct carc_rules *r = NULL;
	int tiles = 12 + (i * 13) % 25;

	check(carc_rules_builder_build(b, &r), "build rules");
	if (!full) {
		uint32_t pool[256], counts[CARC_TILE_TYPES] = { 0 };
		uint64_t rng = 77 + (uint64_t)i;
		size_t np = 0;

		int32_t start = CARC_RIVER_START_REMOVED, river = 0;

		carc_rules_get(r, CARC_OPT_RIVER, &river);
		carc_rules_get(r, CARC_OPT_RIVER_START_TILE, &start);
		for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
			bool whole = t >= CARC_TILE_RI_1 &&
				     t <= CARC_TILE_RI_10;

			/* JCZ draws its whole river first: a custom
			 * stack keeps all of it */
			for (int k = carc_rules_tile_count(r, t);
			     k > 0 && np < 256; k--) {
				if (whole)
					counts[t]++;
				else
					pool[np++] = t;
			}
		}
		/* the start tile drawn after the river counts among the D
		 * but comes on top of a custom count */
		if (river && start == CARC_RIVER_START_AFTER_RIVER)
			for (size_t j = 0; j < np; j++)
				if (pool[j] == CARC_TILE_D) {
					pool[j] = pool[--np];
					break;
				}
		for (int k = 0; k < tiles && np > 0; k++) {
			size_t j = (size_t)(next_random(&rng) % np);

			counts[pool[j]]++;
			pool[j] = pool[--np];
		}
		for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
			check(carc_rules_builder_set_tile_count(b, t,
								counts[t]),
			      "tile count");
		carc_rules_unref(r);
		r = NULL;
		check(carc_rules_builder_build(b, &r), "build rules");
	}
	carc_rules_builder_free(b);
	snprintf(name, n, "%s,farmers-%s,small-city-%s,followers-%d,%s",
		 configs[c].name, i % 3 != 0 ? "on" : "off",
		 (i / 2) % 2 ? "on" : "off", 1 + (i * 7) % 15,
		 full ? "full-stack" : "custom-stack");
	return r;
}

/* Play random legal moves to the end; the moves into moves[]. */
static int
play_random(struct carc_game *g, uint64_t *rng, carc_move_t *moves)
{
	carc_move_t legal[MAX_MOVES];
	int n = 0;

	while (!carc_game_is_over(g) && n < MAX_MOVES) {
		int k = check(carc_game_legal_moves(g, legal, MAX_MOVES),
			      "legal moves");

		if (k <= 0)
			return -1;
		/* JCZ puts no builder on a feature its tile completes
		 * (export refuses such a game) */
		for (int j = 0; j < k; j++)
			if (carc_move_kind(legal[j]) == CARC_MOVE_DEPLOY &&
			    carc_move_figure(legal[j]) == CARC_FIGURE_BUILDER &&
			    carc_game_feature_is_complete(
				    g, carc_move_x(legal[j]),
				    carc_move_y(legal[j]),
				    carc_move_feature(legal[j])) > 0)
				legal[j--] = legal[--k];
		moves[n] = legal[next_random(rng) % (uint64_t)k];
		check(carc_game_apply(g, moves[n]), "apply");
		n++;
	}
	return n;
}

static bool
same_scores(const struct carc_game *a, const struct carc_game *b)
{
	for (int p = 0; p < carc_game_player_count(a); p++)
		if (carc_game_score(a, (uint32_t)p) !=
		    carc_game_score(b, (uint32_t)p))
			return false;
	return true;
}

/* The game with one follower moved: at a follower's deployment (latest
 * first), another follower deployment of that turn, the rest of the game
 * unchanged; the first such game that stays legal to its end and whose
 * points differ.  NULL if there is none. */
static struct carc_game *
move_a_follower(const struct carc_rules *rules, uint32_t players,
		uint64_t seed, const carc_move_t *moves, int n,
		const struct carc_game *clean)
{
	carc_move_t legal[MAX_MOVES];

	for (int k = n - 1; k >= 0; k--) {
		struct carc_game *at = NULL;
		int count;

		uint32_t figure = carc_move_figure(moves[k]);

		if (carc_move_kind(moves[k]) != CARC_MOVE_DEPLOY ||
		    (figure != CARC_FIGURE_FOLLOWER &&
		     figure != CARC_FIGURE_LARGE_FOLLOWER))
			continue;
		check(carc_game_new(rules, players, seed, &at), "new game");
		for (int j = 0; j < k; j++)
			check(carc_game_apply(at, moves[j]), "replay");
		count = check(carc_game_legal_moves(at, legal, MAX_MOVES),
			      "legal moves");
		for (int a = 0; a < count; a++) {
			struct carc_game *alt = NULL;
			bool ok = true;

			if (legal[a] == moves[k] ||
			    carc_move_kind(legal[a]) != CARC_MOVE_DEPLOY ||
			    carc_move_figure(legal[a]) != figure)
				continue;
			check(carc_game_clone(at, &alt), "clone");
			check(carc_game_apply(alt, legal[a]), "apply");
			for (int j = k + 1; j < n && ok; j++)
				ok = carc_game_apply(alt, moves[j]) >= 0;
			if (ok && carc_game_is_over(alt) &&
			    !same_scores(alt, clean)) {
				carc_game_free(at);
				return alt;
			}
			carc_game_free(alt);
		}
		carc_game_free(at);
	}
	return NULL;
}

static void
write_jcz(const char *dir, const char *file, const struct carc_game *g)
{
	char path[4096];
	int len = check(carc_jcz_export(g, NULL, 0), "export");
	char *text = malloc((size_t)len + 1);
	FILE *f;

	if (!text)
		check(CARC_E_NOMEM, "export");
	check(carc_jcz_export(g, text, (size_t)len + 1), "export");
	snprintf(path, sizeof(path), "%s/%s", dir, file);
	f = fopen(path, "wb");
	if (!f || fwrite(text, 1, (size_t)len, f) != (size_t)len ||
	    fclose(f) != 0) {
		fprintf(stderr, "jcz-engine-games: cannot write %s\n", path);
		exit(1);
	}
	free(text);
}

static void
expected_line(FILE *out, const char *file, const char *kind,
	      const char *config, const struct carc_game *g)
{
	fprintf(out, "%s %s %s", file, kind, config);
	for (int p = 0; p < carc_game_player_count(g); p++)
		fprintf(out, " %d", carc_game_score(g, (uint32_t)p));
	fputc('\n', out);
}

static int
export_games(const char *dir, int count)
{
	carc_move_t *moves = malloc(MAX_MOVES * sizeof(*moves));
	char path[4096];
	FILE *out;

	snprintf(path, sizeof(path), "%s/expected.txt", dir);
	out = fopen(path, "w");
	if (!out || !moves) {
		fprintf(stderr, "jcz-engine-games: cannot write %s\n", path);
		return 1;
	}
	for (int i = 0; i < count; i++) {
		uint64_t seed = 1000 + (uint64_t)i;
		uint64_t rng = seed * 0x9e3779b97f4a7c15ull + 1;
		uint32_t players = 2 + (uint32_t)i % 5;
		char config[128], file[64];
		struct carc_rules *rules = game_rules(i, config, sizeof(config));
		struct carc_game *g = NULL, *moved;
		int n;

		check(carc_game_new(rules, players, seed, &g), "new game");
		n = play_random(g, &rng, moves);
		if (n < 0 || !carc_game_is_over(g)) {
			fprintf(stderr, "jcz-engine-games: game %d does not "
				"end\n", i);
			return 1;
		}
		snprintf(file, sizeof(file), "%04d.jcz", i);
		write_jcz(dir, file, g);
		expected_line(out, file, "clean", config, g);
		/* the configurations in turn: the Phantom, Crop Circles I,
		 * the river, Inns & Cathedrals, Traders & Builders, ... */
		if (i % 50 == 7 || i % 50 == 12 || i % 50 == 47) {
			moved = move_a_follower(rules, players, seed, moves, n,
						g);
			if (moved) {
				snprintf(file, sizeof(file), "%04d-moved.jcz",
					 i);
				write_jcz(dir, file, moved);
				/* the clean game's points: JCZ must differ */
				expected_line(out, file, "moved", config, g);
				carc_game_free(moved);
			}
		}
		carc_game_free(g);
		carc_rules_unref(rules);
	}
	free(moves);
	return fclose(out) == 0 ? 0 : 1;
}

static int
import_files(int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		char *text = NULL, msg[256];
		size_t len = 0, cap = 0, got;
		struct carc_game *g = NULL;
		int rc;

		if (!f) {
			printf("%s: error: cannot open\n", argv[i]);
			continue;
		}
		do {
			if (len + 4096 > cap) {
				cap = 2 * cap + 4096;
				text = realloc(text, cap);
				if (!text)
					return 1;
			}
			got = fread(text + len, 1, cap - len, f);
			len += got;
		} while (got > 0);
		fclose(f);
		rc = carc_jcz_import(text, len, &g, NULL, NULL, msg,
				     sizeof(msg));
		if (rc < 0) {
			printf("%s: error: %s\n", argv[i], msg);
		} else {
			printf("%s: points", argv[i]);
			for (int p = 0; p < carc_game_player_count(g); p++)
				printf(" %d", carc_game_score(g, (uint32_t)p));
			putchar('\n');
		}
		carc_game_free(g);
		free(text);
	}
	return 0;
}

int
main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "export") == 0 && atoi(argv[3]) > 0)
		return export_games(argv[2], atoi(argv[3]));
	if (argc >= 2 && strcmp(argv[1], "import") == 0)
		return import_files(argc - 2, argv + 2);
	fprintf(stderr, "usage: jcz-engine-games export DIR COUNT\n"
			"       jcz-engine-games import FILE...\n");
	return 2;
}
