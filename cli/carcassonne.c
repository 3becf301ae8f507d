/* SPDX-License-Identifier: MIT */
/*
 * carcassonne: play, replay and draw games of libcarcassonne.
 *
 *     carcassonne play [--players N] [--seed S] [--bot random|greedy|mcts]
 *                      [--playouts N] [--human P]
 *                      [--phantom] [--crop-circles] [--little-buildings]
 *                      [--option NAME=VALUE]... [--record FILE] [--quiet]
 *     carcassonne replay FILE [--events] [--board]
 *     carcassonne render FILE -o OUT.svg [--move N]
 *
 * See carcassonne(1).  The program uses only the public API; rule
 * options are given to the library as a game-record header, so they have
 * the same names here as in records (doc/record-format.md).
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "mcts-search.h"	/* examples/: the search of --bot mcts */

#define MAX_MOVES 4096

static const char *progname = "carcassonne";

static void
usage(FILE *f)
{
	fprintf(f,
		"usage: %s play [--players N] [--seed S] [--bot random|greedy|mcts]\n"
		"           [--playouts N] [--human P]\n"
		"           [--phantom] [--crop-circles] [--crop-circles-i]\n"
		"           [--crop-circles-ii] [--little-buildings] [--all]\n"
		"           [--farm-scoring per-field|per-city|per-field-once]\n"
		"           [--option NAME=VALUE]... [--record FILE] [--quiet]\n"
		"       %s replay FILE [--events] [--board]\n"
		"       %s render FILE -o OUT.svg [--move N]\n"
		"       %s --version\n",
		progname, progname, progname, progname);
}

/* ------------------------------------------------------------------ */
/* Files and records                                                    */
/* ------------------------------------------------------------------ */

static char *
read_file(const char *path, size_t *len_out)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0;

	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", progname, path,
			strerror(errno));
		return NULL;
	}
	for (;;) {
		size_t k;

		if (cap - len < 4096) {
			char *nb = realloc(buf, cap ? 2 * cap : 65536);

			if (!nb) {
				fprintf(stderr, "%s: out of memory\n",
					progname);
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
			cap = cap ? 2 * cap : 65536;
		}
		k = fread(buf + len, 1, cap - len, f);
		len += k;
		if (k == 0)
			break;
	}
	if (buf && ferror(f)) {
		fprintf(stderr, "%s: %s: read error\n", progname, path);
		free(buf);
		buf = NULL;
	}
	if (f != stdin)
		fclose(f);
	*len_out = len;
	return buf;
}

static int
write_file(const char *path, const char *data, size_t len)
{
	FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "wb");

	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", progname, path,
			strerror(errno));
		return -1;
	}
	if (fwrite(data, 1, len, f) != len || (f != stdout && fclose(f))) {
		fprintf(stderr, "%s: %s: write error\n", progname, path);
		return -1;
	}
	return 0;
}

/* Load a record; on error print "FILE:LINE:COLUMN: reason". */
static struct carc_game *
load_record(const char *path)
{
	struct carc_game *game = NULL;
	uint32_t line = 0, col = 0;
	char msg[256];
	size_t len;
	char *text = read_file(path, &len);
	int rc;

	if (!text)
		return NULL;
	rc = carc_game_load(text, len, &game, &line, &col, msg, sizeof(msg));
	free(text);
	if (rc < 0) {
		fprintf(stderr, "%s:%u:%u: %s\n", path, (unsigned)line,
			(unsigned)col, msg[0] ? msg : carc_strerror(rc));
		return NULL;
	}
	return game;
}

static int
save_record(const struct carc_game *game, const char *path)
{
	int len = carc_game_save(game, NULL, 0);
	char *text;
	int rc;

	if (len < 0) {
		fprintf(stderr, "%s: cannot save: %s\n", progname,
			carc_strerror(len));
		return -1;
	}
	text = malloc((size_t)len + 1);
	if (!text)
		return -1;
	carc_game_save(game, text, (size_t)len + 1);
	rc = write_file(path, text, (size_t)len);
	free(text);
	return rc;
}

static void
print_events(const struct carc_game *game, int move_no, FILE *f)
{
	static const char *const types[] = { "?", "completed", "final",
					     "farm" };
	static const char *const kinds[] = { "?", "city", "road", "field",
					     "monastery" };
	int n = carc_game_event_count(game);
	int players = carc_game_player_count(game);

	for (int i = 0; i < n; i++) {
		int32_t type = 0, kind = 0, x = 0, y = 0, feat = 0, tiles = 0;
		int32_t pennants = 0, cities = 0;
		const char *fname;

		carc_game_event_get(game, (uint32_t)i, CARC_EVENT_TYPE, &type);
		carc_game_event_get(game, (uint32_t)i,
				    CARC_EVENT_FEATURE_KIND, &kind);
		carc_game_event_get(game, (uint32_t)i, CARC_EVENT_X, &x);
		carc_game_event_get(game, (uint32_t)i, CARC_EVENT_Y, &y);
		carc_game_event_get(game, (uint32_t)i, CARC_EVENT_FEATURE,
				    &feat);
		carc_game_event_get(game, (uint32_t)i, CARC_EVENT_TILES,
				    &tiles);
		carc_game_event_get(game, (uint32_t)i, CARC_EVENT_PENNANTS,
				    &pennants);
		carc_game_event_get(game, (uint32_t)i, CARC_EVENT_CITIES,
				    &cities);
		fname = carc_feature_name((uint32_t)feat);
		fprintf(f, "event: move %d: %s %s at %d,%d %s: %d tiles",
			move_no, type >= 1 && type <= 3 ? types[type] : "?",
			kind >= 1 && kind <= 4 ? kinds[kind] : "?", (int)x,
			(int)y, fname ? fname : "?", (int)tiles);
		if (kind == CARC_FEATURE_CITY)
			fprintf(f, ", %d pennants", (int)pennants);
		if (type == CARC_EVENT_FARM)
			fprintf(f, ", %d cities", (int)cities);
		for (int p = 0; p < players; p++) {
			int32_t pts = 0, bpts = 0;

			carc_game_event_get(game, (uint32_t)i,
					    CARC_EVENT_POINTS + (uint32_t)p,
					    &pts);
			carc_game_event_get(game, (uint32_t)i,
					    CARC_EVENT_BUILDING_POINTS +
						    (uint32_t)p,
					    &bpts);
			if (pts || bpts)
				fprintf(f, "; P%d +%d", p, (int)(pts + bpts));
			if (bpts)
				fprintf(f, " (%d for buildings)", (int)bpts);
		}
		fprintf(f, "\n");
	}
}

/*
 * A fresh game with the rules, players and draw order of @p full, with
 * its first @p n_moves moves replayed (all of them when n_moves < 0).
 */
static struct carc_game *
replay_prefix(const struct carc_game *full, int n_moves, bool events)
{
	struct carc_game *g = NULL;
	int n_order = carc_game_draw_order(full, NULL, 0);
	int total = carc_game_history_count(full);
	uint32_t *order;
	int rc;

	if (n_moves < 0 || n_moves > total)
		n_moves = total;
	order = malloc(((size_t)n_order + 1) * sizeof(*order));
	if (!order)
		return NULL;
	carc_game_draw_order(full, order, (size_t)n_order);
	rc = carc_game_new(carc_game_rules(full),
			   (uint32_t)carc_game_player_count(full), 0, &g);
	if (rc == 0 && n_order > 0)
		rc = carc_game_set_draw_order(g, order, (size_t)n_order);
	free(order);
	for (int i = 0; rc == 0 && i < n_moves; i++) {
		carc_move_t m;

		carc_game_history_at(full, (uint32_t)i, &m);
		rc = carc_game_apply(g, m);
		if (rc == 0 && events)
			print_events(g, i + 1, stdout);
	}
	if (rc < 0) {
		fprintf(stderr, "%s: replay failed: %s\n", progname,
			carc_strerror(rc));
		carc_game_free(g);
		return NULL;
	}
	return g;
}

static void
print_scores(const struct carc_game *game, FILE *f)
{
	int n = carc_game_player_count(game);

	fprintf(f, "scores:");
	for (int p = 0; p < n; p++)
		fprintf(f, " %d", carc_game_score(game, (uint32_t)p));
	fprintf(f, "\n");
}

/* ------------------------------------------------------------------ */
/* ASCII board                                                          */
/* ------------------------------------------------------------------ */

static void
board_bounds(const struct carc_game *g, int32_t *x0, int32_t *y0,
	     int32_t *x1, int32_t *y1)
{
	int n = carc_game_tile_count(g);

	*x0 = *y0 = INT32_MAX;
	*x1 = *y1 = INT32_MIN;
	for (int i = 0; i < n; i++) {
		int32_t x, y;

		carc_game_tile_at(g, (uint32_t)i, &x, &y, NULL, NULL);
		*x0 = x < *x0 ? x : *x0;
		*y0 = y < *y0 ? y : *y0;
		*x1 = x > *x1 ? x : *x1;
		*y1 = y > *y1 ? y : *y1;
	}
}

/* The digit of the first player with a figure on the tile at (x, y). */
static char
figure_mark(const struct carc_game *g, int32_t x, int32_t y)
{
	int n = carc_game_figure_count(g);

	for (int i = 0; i < n; i++) {
		uint32_t p, fig;
		int32_t fx, fy;

		carc_game_figure_at(g, (uint32_t)i, &p, &fig, &fx, &fy, NULL);
		if (fx == x && fy == y)
			return (char)('0' + p);
	}
	return 0;
}

/*
 * Three text rows per tile row, three columns per tile:
 *     .#.    side marks: '#' city, '|' or '-' road, '.' field
 *     -U-    centre: the owner's digit of a figure standing on the tile,
 *     .|.    else the tile letter ('*' for crop-circle tiles)
 */
static void
print_board(const struct carc_game *g, FILE *f)
{
	int32_t x0, y0, x1, y1;

	board_bounds(g, &x0, &y0, &x1, &y1);
	fprintf(f, "board: x %d..%d, y %d..%d\n", (int)x0, (int)x1, (int)y0,
		(int)y1);
	for (int32_t y = y0; y <= y1; y++) {
		for (int row = 0; row < 3; row++) {
			if (row == 1)
				fprintf(f, "%4d ", (int)y);
			else
				fprintf(f, "     ");
			for (int32_t x = x0; x <= x1; x++) {
				int i = carc_game_tile_find(g, x, y);
				uint32_t tile, rot;
				char c[3];

				if (i < 0) {
					fprintf(f, "   ");
					continue;
				}
				carc_game_tile_at(g, (uint32_t)i, NULL, NULL,
						  &tile, &rot);
				for (int k = 0; k < 3; k++) {
					int side = -1;
					char mark;

					if (row == 0 && k == 1)
						side = 0;
					else if (row == 1 && k == 2)
						side = 1;
					else if (row == 2 && k == 1)
						side = 2;
					else if (row == 1 && k == 0)
						side = 3;
					if (side < 0) {
						c[k] = ' ';
						continue;
					}
					switch (carc_tile_edge(tile, rot,
							       (uint32_t)side)) {
					case CARC_EDGE_CITY:
						mark = '#';
						break;
					case CARC_EDGE_ROAD:
						mark = side % 2 ? '-' : '|';
						break;
					default:
						mark = '.';
						break;
					}
					c[k] = mark;
				}
				if (row == 1) {
					char m = figure_mark(g, x, y);

					c[1] = m ? m
						 : carc_tile_symbol(tile) > 0
						       ? '*'
						       : carc_tile_name(tile)[0];
				} else {
					c[0] = c[2] = '+';
				}
				fprintf(f, "%c%c%c", c[0], c[1], c[2]);
			}
			fprintf(f, "\n");
		}
	}
}

/* ------------------------------------------------------------------ */
/* replay                                                               */
/* ------------------------------------------------------------------ */

static int
cmd_replay(int argc, char **argv)
{
	const char *path = NULL;
	bool events = false, board = false;
	struct carc_game *game, *shown;

	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--events") == 0)
			events = true;
		else if (strcmp(argv[i], "--board") == 0)
			board = true;
		else if (argv[i][0] == '-' && argv[i][1] != '\0')
			goto bad;
		else if (!path)
			path = argv[i];
		else
			goto bad;
	}
	if (!path)
		goto bad;
	game = load_record(path);
	if (!game)
		return 1;
	shown = game;
	if (events) {
		shown = replay_prefix(game, -1, true);
		if (!shown) {
			carc_game_free(game);
			return 1;
		}
	}
	if (board)
		print_board(shown, stdout);
	fprintf(stdout, "moves: %d%s\n", carc_game_history_count(shown),
		carc_game_is_over(shown) == 1 ? ", game over" : "");
	print_scores(shown, stdout);
	if (shown != game)
		carc_game_free(shown);
	carc_game_free(game);
	return 0;
bad:
	usage(stderr);
	return 2;
}

/* ------------------------------------------------------------------ */
/* play                                                                 */
/* ------------------------------------------------------------------ */

static uint64_t
rng_next(uint64_t *s)
{
	/* splitmix64: a small PRNG of the tool's own for the bots */
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Own score minus the best opponent's. */
static int
margin(const struct carc_game *g, uint32_t player)
{
	int n = carc_game_player_count(g);
	int best = -1000000;

	for (int p = 0; p < n; p++)
		if ((uint32_t)p != player &&
		    carc_game_score(g, (uint32_t)p) > best)
			best = carc_game_score(g, (uint32_t)p);
	return carc_game_score(g, player) - best;
}

/*
 * The greedy bot: for every legal move, play it on a scratch copy and
 * measure (own score - best opponent's score) right after it, forced
 * scoring included.  The best margin wins; ties go to a random one of
 * the tied moves.  A follower that is placed is worth a small bonus
 * while the player keeps at least two in reserve, so the bot does claim
 * features instead of always passing.
 */
static carc_move_t
pick_greedy(const struct carc_game *game, const carc_move_t *moves, int n,
	    struct carc_game *scratch, uint64_t *rng)
{
	uint32_t me = (uint32_t)carc_game_current_player(game);
	int best = -1000000, n_best = 0;
	carc_move_t choice = moves[0];

	for (int i = 0; i < n; i++) {
		int v;

		carc_game_copy(scratch, game);
		if (carc_game_apply(scratch, moves[i]) < 0)
			continue;
		v = 4 * margin(scratch, me);
		if (carc_move_kind(moves[i]) == CARC_MOVE_DEPLOY &&
		    carc_game_phase(game) == CARC_PHASE_DEPLOY &&
		    carc_game_supply(game, me, CARC_FIGURE_FOLLOWER) > 2)
			v += 3;
		if (v > best) {
			best = v;
			n_best = 0;
		}
		if (v == best && rng_next(rng) % (uint64_t)++n_best == 0)
			choice = moves[i];
	}
	return choice;
}

static int
add_option(char *hdr, size_t n, const char *name, const char *value)
{
	size_t len = strlen(hdr);
	int k = snprintf(hdr + len, n - len, "option %s %s\n", name, value);

	return k < 0 || (size_t)k >= n - len ? -1 : 0;
}

/*
 * A person's decision (--human P): the legal moves are listed with numbers
 * on stdout and the number is read from stdin.  Returns CARC_MOVE_NONE at
 * the end of the input.
 */
static carc_move_t
pick_human(const struct carc_game *game, const carc_move_t *moves, int n)
{
	char text[160], input[64];

	printf("P%d, tile %s, score %d; your move:\n",
	       carc_game_current_player(game),
	       carc_tile_name((uint32_t)carc_game_current_tile(game)),
	       carc_game_score(game,
			       (uint32_t)carc_game_current_player(game)));
	for (int i = 0; i < n; i++) {
		carc_move_describe(moves[i], text, sizeof(text));
		printf("  %3d  %s\n", i + 1, text);
	}
	for (;;) {
		unsigned long k;
		char *end;

		printf("move (1-%d)? ", n);
		fflush(stdout);
		if (!fgets(input, sizeof(input), stdin))
			return CARC_MOVE_NONE;
		k = strtoul(input, &end, 10);
		if (end != input && k >= 1 && k <= (unsigned long)n)
			return moves[k - 1];
	}
}

static int
cmd_play(int argc, char **argv)
{
	char hdr[4096] = "";
	unsigned long players = 2;
	unsigned long long seed = 1;
	const char *bot = "random", *record = NULL;
	unsigned long playouts = 1000;
	long human = -1;
	struct mcts *search = NULL;
	bool quiet = false;
	struct carc_game *game = NULL, *scratch = NULL;
	carc_move_t *moves = NULL;
	char line[1024] = "", text[160], msg[256];
	uint64_t rng;
	uint32_t eline, ecol;
	int turn = 0, rc = 1;

	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		char name[64];
		const char *eq;

		if (strcmp(a, "--players") == 0 && v) {
			players = strtoul(v, NULL, 10);
			i++;
		} else if (strcmp(a, "--seed") == 0 && v) {
			seed = strtoull(v, NULL, 0);
			i++;
		} else if (strcmp(a, "--human") == 0 && v) {
			human = strtol(v, NULL, 10);
			if (human < 0 || human > 5)
				goto bad;
			i++;
		} else if (strcmp(a, "--playouts") == 0 && v) {
			playouts = strtoul(v, NULL, 10);
			if (playouts < 1 || playouts > 10000000)
				goto bad;
			i++;
		} else if (strcmp(a, "--bot") == 0 && v) {
			bot = v;
			i++;
		} else if (strcmp(a, "--record") == 0 && v) {
			record = v;
			i++;
		} else if (strcmp(a, "--quiet") == 0) {
			quiet = true;
		} else if (strcmp(a, "--phantom") == 0) {
			add_option(hdr, sizeof(hdr), "phantom", "on");
		} else if (strcmp(a, "--crop-circles") == 0) {
			add_option(hdr, sizeof(hdr), "crop-circles-i", "on");
			add_option(hdr, sizeof(hdr), "crop-circles-ii", "on");
		} else if (strcmp(a, "--crop-circles-i") == 0) {
			add_option(hdr, sizeof(hdr), "crop-circles-i", "on");
		} else if (strcmp(a, "--crop-circles-ii") == 0) {
			add_option(hdr, sizeof(hdr), "crop-circles-ii", "on");
		} else if (strcmp(a, "--little-buildings") == 0) {
			add_option(hdr, sizeof(hdr), "little-buildings", "on");
		} else if (strcmp(a, "--all") == 0) {
			add_option(hdr, sizeof(hdr), "phantom", "on");
			add_option(hdr, sizeof(hdr), "crop-circles-i", "on");
			add_option(hdr, sizeof(hdr), "crop-circles-ii", "on");
			add_option(hdr, sizeof(hdr), "little-buildings", "on");
		} else if (strcmp(a, "--farm-scoring") == 0 && v) {
			add_option(hdr, sizeof(hdr), "farm-scoring", v);
			i++;
		} else if (strcmp(a, "--option") == 0 && v &&
			   (eq = strchr(v, '=')) != NULL &&
			   (size_t)(eq - v) < sizeof(name)) {
			memcpy(name, v, (size_t)(eq - v));
			name[eq - v] = '\0';
			if (add_option(hdr, sizeof(hdr), name, eq + 1) < 0)
				goto bad;
			i++;
		} else {
			goto bad;
		}
	}
	if (strcmp(bot, "random") != 0 && strcmp(bot, "greedy") != 0 &&
	    strcmp(bot, "mcts") != 0)
		goto bad;
	if (players < 2 || players > 6) {
		fprintf(stderr, "%s: --players must be 2 to 6\n", progname);
		return 2;
	}

	/* The rules and the seeded stack come from a record header, so the
	 * options have the same names and checks as in records. */
	{
		char rec[8192];
		int k = snprintf(rec, sizeof(rec),
				 "carcassonne-record 1\nplayers %lu\n"
				 "seed %llu\n%send\n",
				 players, seed, hdr);

		if (k < 0 || (size_t)k >= sizeof(rec))
			goto bad;
		rc = carc_game_load(rec, (size_t)k, &game, &eline, &ecol, msg,
				    sizeof(msg));
		if (rc < 0) {
			fprintf(stderr, "%s: %s\n", progname, msg);
			return 2;
		}
	}
	rc = 1;
	moves = malloc(MAX_MOVES * sizeof(*moves));
	if (!moves || carc_game_clone(game, &scratch) < 0)
		goto out;
	if (strcmp(bot, "mcts") == 0 &&
	    !(search = mcts_new(game, (int)playouts)))
		goto out;
	rng = seed ^ 0x5eedull;

	while (carc_game_is_over(game) == 0) {
		int n = carc_game_legal_moves(game, moves, MAX_MOVES);
		int phase = carc_game_phase(game);
		int player = carc_game_current_player(game);
		int tile = carc_game_current_tile(game);
		carc_move_t m;

		if (n <= 0)
			break;
		if (player == human) {
			m = pick_human(game, moves, n);
			if (m == CARC_MOVE_NONE) {
				fprintf(stderr, "%s: end of input\n", progname);
				goto out;
			}
		} else if (search)
			m = mcts_choose(search, game, &rng);
		else if (strcmp(bot, "greedy") == 0)
			m = pick_greedy(game, moves, n, scratch, &rng);
		else
			m = moves[rng_next(&rng) % (uint64_t)n];
		if (phase == CARC_PHASE_PLACE_TILE) {
			if (!quiet && line[0])
				printf("%s\n", line);
			snprintf(line, sizeof(line), "turn %d: P%d %s", ++turn,
				 player, carc_tile_name((uint32_t)tile));
		}
		carc_move_describe(m, text, sizeof(text));
		{
			size_t len = strlen(line);

			if (phase == CARC_PHASE_CROP_RESPONSE)
				snprintf(line + len, sizeof(line) - len,
					 "; P%d %s", player, text);
			else
				snprintf(line + len, sizeof(line) - len,
					 "%s %s",
					 phase == CARC_PHASE_PLACE_TILE ? ":"
									: ";",
					 text);
		}
		if (carc_game_apply(game, m) < 0) {
			fprintf(stderr, "%s: the bot chose an illegal move\n",
				progname);
			goto out;
		}
		if (carc_game_event_count(game) > 0) {
			size_t len = strlen(line);
			int np = carc_game_player_count(game);

			snprintf(line + len, sizeof(line) - len, " [");
			for (int p = 0; p < np; p++) {
				len = strlen(line);
				snprintf(line + len, sizeof(line) - len,
					 "%s%d", p ? " " : "",
					 carc_game_score(game, (uint32_t)p));
			}
			len = strlen(line);
			snprintf(line + len, sizeof(line) - len, "]");
		}
	}
	if (!quiet && line[0])
		printf("%s\n", line);
	printf("tiles discarded: %d\n", carc_game_discard_count(game));
	print_scores(game, stdout);
	rc = 0;
	if (record && save_record(game, record) < 0)
		rc = 1;
out:
	free(moves);
	mcts_free(search);
	carc_game_free(scratch);
	carc_game_free(game);
	return rc;
bad:
	usage(stderr);
	return 2;
}

/* ------------------------------------------------------------------ */
/* render                                                               */
/* ------------------------------------------------------------------ */

#define TS 100			/* tile size in SVG units */
#define MARGIN 40

static const char *const player_colours[] = {
	"#d62728", "#1f5fd4", "#f2c80f", "#222222", "#9b4fd1", "#ff7f0e",
};

struct pt {
	double x, y;
};

/* Side s runs from corner s to corner s + 1, clockwise from NW. */
static const struct pt corners[4] = {
	{ 0, 0 }, { TS, 0 }, { TS, TS }, { 0, TS },
};
static const struct pt side_mid[4] = {
	{ TS / 2, 0 }, { TS, TS / 2 }, { TS / 2, TS }, { 0, TS / 2 },
};
/* Half-edges NL NR EL ER SL SR WL WR, a little inside the tile. */
static const struct pt half_pt[8] = {
	{ 25, 10 }, { 75, 10 }, { 90, 25 }, { 90, 75 },
	{ 75, 90 }, { 25, 90 }, { 10, 75 }, { 10, 25 },
};

static double
fabs_d(double v)
{
	return v < 0 ? -v : v;
}

static struct pt
mix(struct pt a, struct pt b, double t)
{
	struct pt r = { a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t };

	return r;
}

/*
 * A city as a polygon: along each side it reaches, and from the end of
 * one run of sides to the start of the next by a curve bowing toward
 * the tile centre.
 */
static void
svg_city(FILE *f, double ox, double oy, uint32_t sides)
{
	int start = -1;
	bool first = true;

	if ((sides & 15) == 15) {
		fprintf(f, "<rect x='%g' y='%g' width='%d' height='%d' "
			   "class='city'/>\n", ox, oy, TS, TS);
		return;
	}
	/* begin at a side whose predecessor is not part of the city */
	for (int s = 0; s < 4; s++)
		if ((sides & (1u << s)) && !(sides & (1u << ((s + 3) & 3)))) {
			start = s;
			break;
		}
	if (start < 0)
		return;
	fprintf(f, "<path class='city' d='");
	for (int k = 0; k < 4; k++) {
		int s = (start + k) & 3;

		if (!(sides & (1u << s)))
			continue;
		if (first)
			fprintf(f, "M%g,%g ", ox + corners[s].x,
				oy + corners[s].y);
		first = false;
		fprintf(f, "L%g,%g ", ox + corners[(s + 1) & 3].x,
			oy + corners[(s + 1) & 3].y);
		if (!(sides & (1u << ((s + 1) & 3)))) {
			/* close this run back to the next run's start */
			int t = (s + 1) & 3;

			while (!(sides & (1u << t)))
				t = (t + 1) & 3;
			fprintf(f, "Q%g,%g %g,%g ", ox + TS * 0.5,
				oy + TS * 0.5, ox + corners[t].x,
				oy + corners[t].y);
		}
	}
	fprintf(f, "Z'/>\n");
}

static struct pt
road_point(uint32_t sides)
{
	struct pt c = { TS / 2, TS / 2 }, a = c, b = c;
	int k = 0;

	for (int s = 0; s < 4; s++)
		if (sides & (1u << s)) {
			if (k++ == 0)
				a = side_mid[s];
			else
				b = side_mid[s];
		}
	if (k == 1)
		return mix(a, c, 0.45);
	/* the middle of the quadratic a -> c -> b */
	c.x = 0.25 * a.x + 0.5 * c.x + 0.25 * b.x;
	c.y = 0.25 * a.y + 0.5 * c.y + 0.25 * b.y;
	return c;
}

/* @end: how far a road that ends on the tile runs toward the centre. */
static void
svg_road(FILE *f, double ox, double oy, uint32_t sides, double end)
{
	struct pt c = { TS / 2, TS / 2 }, a = c, b = c;
	int k = 0;

	for (int s = 0; s < 4; s++)
		if (sides & (1u << s)) {
			if (k++ == 0)
				a = side_mid[s];
			else
				b = side_mid[s];
		}
	if (k == 1) {
		/* ends at a junction, monastery, city gate or crop circle */
		struct pt e = mix(a, c, end);

		for (int pass = 0; pass < 2; pass++)
			fprintf(f, "<path class='%s' d='M%g,%g L%g,%g'/>\n",
				pass ? "road" : "roadedge", ox + a.x,
				oy + a.y, ox + e.x, oy + e.y);
		return;
	}
	for (int pass = 0; pass < 2; pass++)
		fprintf(f, "<path class='%s' d='M%g,%g Q%g,%g %g,%g'/>\n",
			pass ? "road" : "roadedge", ox + a.x, oy + a.y,
			ox + c.x, oy + c.y, ox + b.x, oy + b.y);
}

static struct pt
city_point(uint32_t sides)
{
	static const struct pt inner[4] = {
		{ 50, 14 }, { 86, 50 }, { 50, 86 }, { 14, 50 },
	};
	struct pt p = { 0, 0 };
	int k = 0;

	for (int s = 0; s < 4; s++)
		if (sides & (1u << s)) {
			p.x += inner[s].x;
			p.y += inner[s].y;
			k++;
		}
	if (k == 0 || k == 4) {
		p.x = p.y = TS / 2;
		return p;
	}
	p.x /= k;
	p.y /= k;
	return p;
}

static struct pt
field_point(uint32_t tile, uint32_t halves, int n_cities, bool busy_centre)
{
	struct pt p = { 0, 0 }, c = { TS / 2, TS / 2 };
	int k = 0;

	for (int h = 0; h < 8; h++)
		if (halves & (1u << h)) {
			p.x += half_pt[h].x;
			p.y += half_pt[h].y;
			k++;
		}
	if (k == 0)
		return c;
	p.x /= k;
	p.y /= k;
	/* fields along a city wall: away from the wall, toward the centre */
	if (n_cities > 0 && k <= 4)
		p = mix(p, c, 0.3);
	if (busy_centre && fabs_d(p.x - c.x) < 20 && fabs_d(p.y - c.y) < 20) {
		p.x = 24;
		p.y = 76;
	}
	(void)tile;
	return p;
}

static void
svg_meeple(FILE *f, double x, double y, uint32_t player, bool phantom)
{
	const char *col = player_colours[player % 6];

	fprintf(f, "<g class='%s' fill='%s'%s>"
		   "<path d='M%g,%g l5,-11 l-6,-3 q-1,-4 4,-4 l12,0 "
		   "q5,0 4,4 l-6,3 l5,11 l-7,0 l-2,-5 l-2,5 z'/>"
		   "<circle cx='%g' cy='%g' r='4.5'/></g>\n",
		   phantom ? "phantom" : "follower", col,
		   phantom ? " fill-opacity='0.45' stroke-dasharray='2,1.5'"
			   : "",
		   x - 10, y + 11, x, y - 12);
}

static void
svg_monastery(FILE *f, double x, double y)
{
	fprintf(f, "<g class='monastery'><rect x='%g' y='%g' width='24' "
		   "height='18'/><path d='M%g,%g l15,-12 l15,12 z'/>"
		   "<rect x='%g' y='%g' width='6' height='9' "
		   "fill='#5a3a1a'/></g>\n",
		x - 12, y - 6, x - 15, y - 6, x - 3, y + 3);
}

static void
svg_tile(FILE *f, const struct carc_game *g, uint32_t index, double ox,
	 double oy)
{
	static const char symbol_letter[] = { ' ', 'P', 'C', 'S' };
	uint32_t tile, rot, feats[16];
	int32_t x, y;
	int n, sym, n_single_roads = 0;
	bool monastery = false, city = false;
	double road_end;

	carc_game_tile_at(g, index, &x, &y, &tile, &rot);
	n = carc_tile_features(tile, feats, 16);
	sym = carc_tile_symbol(tile);
	for (int i = 0; i < n; i++) {
		int sides = carc_tile_feature_sides(tile, rot, feats[i]);

		city |= feats[i] >> 4 == CARC_FEATURE_CITY;
		monastery |= feats[i] >> 4 == CARC_FEATURE_MONASTERY;
		if (feats[i] >> 4 == CARC_FEATURE_ROAD)
			n_single_roads += (sides & (sides - 1)) == 0;
	}
	/* a lone road with a city on the tile ends at the city gate */
	road_end = sym > 0		   ? 0.7
		   : n_single_roads >= 3 ? 0.8
		   : monastery		   ? 0.75
		   : city		   ? 0.45
					   : 0.8;
	fprintf(f, "<g id='tile-%d-%d'>\n<rect class='field' x='%g' y='%g' "
		   "width='%d' height='%d'/>\n",
		(int)x, (int)y, ox, oy, TS, TS);
	/* cities, then roads above them, then the centre pieces */
	for (int i = 0; i < n; i++) {
		int sides = carc_tile_feature_sides(tile, rot, feats[i]);

		if (feats[i] >> 4 == CARC_FEATURE_CITY)
			svg_city(f, ox, oy, (uint32_t)sides);
	}
	for (int i = 0; i < n; i++) {
		int sides = carc_tile_feature_sides(tile, rot, feats[i]);

		if (feats[i] >> 4 == CARC_FEATURE_ROAD)
			svg_road(f, ox, oy, (uint32_t)sides, road_end);
	}
	/* pennants: a small blue shield in each city that has one */
	for (int i = 0; i < n; i++) {
		int sides = carc_tile_feature_sides(tile, rot, feats[i]);
		struct pt p;

		if (feats[i] >> 4 != CARC_FEATURE_CITY ||
		    carc_tile_feature_pennants(tile, feats[i]) <= 0)
			continue;
		p = city_point((uint32_t)sides);
		fprintf(f, "<path class='pennant' d='M%g,%g l10,0 l0,7 "
			   "q0,6 -5,9 q-5,-3 -5,-9 z'/>\n",
			ox + p.x + 10, oy + p.y - 14);
	}
	if (monastery)
		svg_monastery(f, ox + TS / 2, oy + TS / 2);
	if (n_single_roads >= 3)
		fprintf(f, "<rect class='junction' x='%g' y='%g' width='14' "
			   "height='14'/>\n", ox + TS / 2 - 7, oy + TS / 2 - 7);
	if (sym > 0) {
		double cx = ox + TS / 2, cy = oy + TS / 2;

		/* where roads meet at a crossing (CCI-6) the circle lies in
		 * the field on the side without a road, not on the crossing */
		if (n_single_roads >= 3)
			for (uint32_t s = 0; s < 4; s++)
				if (carc_tile_edge(tile, rot, s) ==
				    CARC_EDGE_FIELD) {
					static const int dx[4] = { 0, 1, 0, -1 };
					static const int dy[4] = { -1, 0, 1, 0 };
					cx += dx[s] * TS / 4.0;
					cy += dy[s] * TS / 4.0;
				}
		fprintf(f, "<circle class='crop' cx='%g' cy='%g' r='14'/>"
			   "<text class='crop' x='%g' y='%g'>%c</text>\n",
			cx, cy, cx, cy + 5, symbol_letter[sym & 3]);
	}
	fprintf(f, "<rect class='border' x='%g' y='%g' width='%d' "
		   "height='%d'/>\n<text class='name' x='%g' y='%g'>%s</text>"
		   "<text class='coord' x='%g' y='%g'>%d,%d</text>\n</g>\n",
		ox, oy, TS, TS, ox + 3, oy + 11, carc_tile_name(tile),
		ox + TS - 3, oy + TS - 3, (int)x, (int)y);
}

/* Where a figure on @feature of a tile is drawn, in tile units. */
static struct pt
feature_point(uint32_t tile, uint32_t rot, uint32_t feature)
{
	int sides = carc_tile_feature_sides(tile, rot, feature);
	struct pt c = { TS / 2, TS / 2 };
	uint32_t feats[16];
	int n, cities = 0;
	bool busy = carc_tile_symbol(tile) > 0;

	switch (feature >> 4) {
	case CARC_FEATURE_CITY:
		return city_point((uint32_t)sides);
	case CARC_FEATURE_ROAD:
		return road_point((uint32_t)sides);
	case CARC_FEATURE_MONASTERY:
		c.y -= 2;
		return c;
	default:
		break;
	}
	n = carc_tile_features(tile, feats, 16);
	for (int i = 0; i < n; i++)
		if (feats[i] >> 4 == CARC_FEATURE_MONASTERY ||
		    feats[i] >> 4 == CARC_FEATURE_ROAD)
			busy = true;
	for (int m = carc_tile_field_cities(tile, feature); m > 0; m >>= 1)
		cities += m & 1;
	return field_point(tile, (uint32_t)sides, cities, busy);
}

static int
write_svg(const struct carc_game *g, FILE *f, const char *title)
{
	static const char *const building_letter[] = { "", "", "", "T",
						       "H", "S" };
	int32_t x0, y0, x1, y1;
	int n_tiles = carc_game_tile_count(g);
	int n_figs = carc_game_figure_count(g);
	int n_build = carc_game_building_count(g);
	int players = carc_game_player_count(g);
	double w, h;
	int header = 30;

	board_bounds(g, &x0, &y0, &x1, &y1);
	w = (double)(x1 - x0 + 1) * TS + 2 * MARGIN;
	h = (double)(y1 - y0 + 1) * TS + 2 * MARGIN + header;
	if (w < 360)
		w = 360;
	fprintf(f, "<?xml version='1.0' encoding='UTF-8'?>\n"
		   "<svg xmlns='http://www.w3.org/2000/svg' width='%g' "
		   "height='%g' viewBox='0 0 %g %g'>\n", w, h, w, h);
	fprintf(f,
		"<style>\n"
		".field{fill:#8cc063}\n"
		".city{fill:#d9b26f;stroke:#7a4a1c;stroke-width:2}\n"
		".roadedge{fill:none;stroke:#6b5a45;stroke-width:11;"
		"stroke-linecap:butt}\n"
		".road{fill:none;stroke:#f4efe2;stroke-width:7;"
		"stroke-linecap:butt}\n"
		".monastery rect{fill:#c9533a;stroke:#4a2a12}\n"
		".monastery path{fill:#8e2f1e;stroke:#4a2a12}\n"
		".junction{fill:#6b5a45}\n"
		".crop{fill:#f3e6a0;stroke:#9a8a30;stroke-width:2}\n"
		"text.crop{fill:#5a4a10;stroke:none;font:bold 14px sans-serif;"
		"text-anchor:middle}\n"
		".pennant{fill:#2a62c9;stroke:#fff;stroke-width:1}\n"
		".border{fill:none;stroke:#2f3b22;stroke-width:1}\n"
		".name{font:bold 10px sans-serif;fill:#1a1a1a}\n"
		".coord{font:9px sans-serif;fill:#1a1a1a;text-anchor:end}\n"
		".follower,.phantom{stroke:#fff;stroke-width:1.2}\n"
		".building{stroke:#000;stroke-width:1}\n"
		"text.building{font:bold 11px sans-serif;fill:#000;"
		"stroke:none;text-anchor:middle}\n"
		".title{font:bold 14px sans-serif}\n"
		"</style>\n"
		"<rect width='100%%' height='100%%' fill='#f6f3ea'/>\n");
	fprintf(f, "<text class='title' x='%d' y='22'>%s</text>\n", MARGIN,
		title);
	for (int p = 0; p < players; p++)
		fprintf(f, "<text class='title' x='%d' y='%d' fill='%s'>P%d: "
			   "%d</text>\n",
			MARGIN + 70 * p, 44, player_colours[p % 6], p,
			carc_game_score(g, (uint32_t)p));
	for (int i = 0; i < n_tiles; i++) {
		int32_t x, y;

		carc_game_tile_at(g, (uint32_t)i, &x, &y, NULL, NULL);
		svg_tile(f, g, (uint32_t)i,
			 MARGIN + (double)(x - x0) * TS,
			 MARGIN + header + (double)(y - y0) * TS);
	}
	for (int i = 0; i < n_build; i++) {
		int32_t x, y;
		uint32_t fig;
		double bx, by;

		carc_game_building_at(g, (uint32_t)i, &x, &y, &fig);
		bx = MARGIN + (double)(x - x0) * TS + TS - 20;
		by = MARGIN + header + (double)(y - y0) * TS + 4;
		fprintf(f, "<rect class='building' x='%g' y='%g' width='16' "
			   "height='16' fill='%s'/><text class='building' "
			   "x='%g' y='%g'>%s</text>\n",
			bx, by,
			fig == CARC_FIGURE_TOWER   ? "#b0b0b0"
			: fig == CARC_FIGURE_HOUSE ? "#e07850"
						   : "#c8a060",
			bx + 8, by + 12, fig < 6 ? building_letter[fig] : "?");
	}
	for (int i = 0; i < n_figs; i++) {
		uint32_t p, fig, feat, tile, rot;
		int32_t x, y;
		struct pt pt;
		int ti;

		carc_game_figure_at(g, (uint32_t)i, &p, &fig, &x, &y, &feat);
		ti = carc_game_tile_find(g, x, y);
		if (ti < 0)
			continue;
		carc_game_tile_at(g, (uint32_t)ti, NULL, NULL, &tile, &rot);
		pt = feature_point(tile, rot, feat);
		/* a second figure on the same feature of the same tile
		 * (crop circles, phantom) is shifted a little */
		for (int j = 0; j < i; j++) {
			uint32_t fj;
			int32_t xj, yj;

			carc_game_figure_at(g, (uint32_t)j, NULL, NULL, &xj,
					    &yj, &fj);
			if (xj == x && yj == y && fj == feat)
				pt.x += 12;
		}
		svg_meeple(f, MARGIN + (double)(x - x0) * TS + pt.x,
			   MARGIN + header + (double)(y - y0) * TS + pt.y, p,
			   fig == CARC_FIGURE_PHANTOM);
	}
	fprintf(f, "</svg>\n");
	return ferror(f) ? -1 : 0;
}

static int
cmd_render(int argc, char **argv)
{
	const char *path = NULL, *outp = NULL;
	long move = -1;
	struct carc_game *game, *shown;
	char title[256];
	FILE *f;
	int rc;

	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			outp = argv[++i];
		else if (strcmp(argv[i], "--move") == 0 && i + 1 < argc)
			move = strtol(argv[++i], NULL, 10);
		else if (argv[i][0] == '-' && argv[i][1] != '\0')
			goto bad;
		else if (!path)
			path = argv[i];
		else
			goto bad;
	}
	if (!path || !outp)
		goto bad;
	game = load_record(path);
	if (!game)
		return 1;
	shown = replay_prefix(game, move < 0 ? -1 : (int)move, false);
	carc_game_free(game);
	if (!shown)
		return 1;
	snprintf(title, sizeof(title), "after move %d of the record%s",
		 carc_game_history_count(shown),
		 carc_game_is_over(shown) == 1 ? " (game over)" : "");
	f = strcmp(outp, "-") == 0 ? stdout : fopen(outp, "w");
	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", progname, outp,
			strerror(errno));
		carc_game_free(shown);
		return 1;
	}
	rc = write_svg(shown, f, title);
	if (f != stdout && fclose(f) != 0)
		rc = -1;
	carc_game_free(shown);
	if (rc < 0) {
		fprintf(stderr, "%s: %s: write error\n", progname, outp);
		return 1;
	}
	return 0;
bad:
	usage(stderr);
	return 2;
}

int
main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (strcmp(argv[1], "play") == 0)
		return cmd_play(argc - 2, argv + 2);
	if (strcmp(argv[1], "replay") == 0)
		return cmd_replay(argc - 2, argv + 2);
	if (strcmp(argv[1], "render") == 0)
		return cmd_render(argc - 2, argv + 2);
	if (strcmp(argv[1], "--version") == 0) {
		printf("carcassonne %s\n", carc_version_string());
		return 0;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		usage(stdout);
		return 0;
	}
	usage(stderr);
	return 2;
}
