/* SPDX-License-Identifier: MIT */
/*
 * carcassonne replay: load a record, replay it and report.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "common.h"

/* The board as the terminal game draws it (board.c), without colour,
 * the whole of it, then its legend. */
static void
print_board(const struct carc_game *g, FILE *f)
{
	const struct board_view view = { .colour = false };
	int32_t x0, y0, x1, y1;

	carc_game_bounds(g, &x0, &y0, &x1, &y1);
	fprintf(f, "board: x %d..%d, y %d..%d\n", (int)x0, (int)x1, (int)y0,
		(int)y1);
	board_draw(g, &view, f);
	board_legend(false, f);
}

/* ------------------------------------------------------------------ */
/* replay                                                               */
/* ------------------------------------------------------------------ */

static void
json_string(const char *s, FILE *f)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", (unsigned)(unsigned char)*s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

/* One JSON array of @n per-player (or per-goods) values of event @i:
 * attributes @base + 0 .. @base + n - 1. */
static void
json_values(const struct carc_game *g, int i, uint32_t base, int n, FILE *f)
{
	fputc('[', f);
	for (int k = 0; k < n; k++) {
		int32_t v = 0;

		carc_game_event_get(g, (uint32_t)i, base + (uint32_t)k, &v);
		fprintf(f, "%s%d", k ? "," : "", (int)v);
	}
	fputc(']', f);
}

/* One JSON object of a move: see "JSON LINES" in carcassonne(1). */
static void
json_move(const char *path, const struct carc_game *g, int move_no,
	  int player, carc_move_t m, FILE *f)
{
	int n = carc_game_event_count(g), np = carc_game_player_count(g);
	char text[160];

	carc_move_describe(m, text, sizeof(text));
	fprintf(f, "{\"file\":");
	json_string(path, f);
	fprintf(f, ",\"move\":%d,\"player\":%d,\"text\":", move_no, player);
	json_string(text, f);
	fprintf(f, ",\"events\":[");
	for (int i = 0; i < n; i++) {
		int32_t a[CARC_EVENT_GOODS_KIND + 1] = { 0 };
		const char *fname, *kind;

		for (uint32_t k = 1; k <= CARC_EVENT_GOODS_KIND; k++)
			carc_game_event_get(g, (uint32_t)i, k, &a[k]);
		fname = carc_feature_name((uint32_t)a[CARC_EVENT_FEATURE]);
		/* a goods event has no feature: its kind is the goods' */
		kind = a[CARC_EVENT_TYPE] == CARC_EVENT_GOODS
			       ? goods_word(a[CARC_EVENT_GOODS_KIND])
			       : kind_word(a[CARC_EVENT_FEATURE_KIND]);
		fprintf(f, "%s{\"type\":\"%s\",\"kind\":\"%s\",\"x\":%d,"
			   "\"y\":%d,\"feature\":\"%s\",\"tiles\":%d,"
			   "\"pennants\":%d,\"cities\":%d,\"points\":",
			i ? "," : "", event_type_word(a[CARC_EVENT_TYPE]), kind,
			(int)a[CARC_EVENT_X], (int)a[CARC_EVENT_Y],
			fname ? fname : "?", (int)a[CARC_EVENT_TILES],
			(int)a[CARC_EVENT_PENNANTS], (int)a[CARC_EVENT_CITIES]);
		json_values(g, i, CARC_EVENT_POINTS, np, f);
		fprintf(f, ",\"building_points\":");
		json_values(g, i, CARC_EVENT_BUILDING_POINTS, np, f);
		fprintf(f, ",\"goods\":");
		json_values(g, i, CARC_EVENT_WINE, 3, f);
		fprintf(f, ",\"tokens\":");
		json_values(g, i, CARC_EVENT_TOKENS, np, f);
		fputc('}', f);
	}
	fprintf(f, "],\"scores\":[");
	for (int p = 0; p < np; p++)
		fprintf(f, "%s%d", p ? "," : "",
			carc_game_score(g, (uint32_t)p));
	fprintf(f, "]}\n");
}

/* The whole game again, move by move, with its events. */
static struct carc_game *
replay_events(const char *path, const struct carc_game *full, bool json)
{
	struct carc_game *g = replay_prefix(full, 0, false);
	int total = carc_game_history_count(full);

	for (int i = 0; g && i < total; i++) {
		carc_move_t m;
		int player = carc_game_current_player(g);

		carc_game_history_at(full, (uint32_t)i, &m);
		if (carc_game_apply(g, m) < 0) {
			fprintf(stderr, "%s: %s: replay failed at move %d\n",
				progname, path, i + 1);
			carc_game_free(g);
			return NULL;
		}
		if (json)
			json_move(path, g, i + 1, player, m, stdout);
		else
			print_events(g, i + 1, stdout);
	}
	return g;
}

static bool
is_statement(const char *line, size_t len, const char *word)
{
	size_t k = strlen(word);

	while (len > 0 && (*line == ' ' || *line == '\t')) {
		line++;
		len--;
	}
	return len >= k && memcmp(line, word, k) == 0 &&
	       (len == k || line[k] == ' ' || line[k] == '\t' ||
		line[k] == '\r' || line[k] == '#');
}

/* The option name of an "option NAME VALUE" line, or "" */
static void
option_name(const char *line, size_t len, char *name, size_t n)
{
	const char *e = line + len, *p = line, *q;

	name[0] = '\0';
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	p += 6;			/* "option" */
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	for (q = p; q < e && *q != ' ' && *q != '\t' && *q != '\r'; q++)
		;
	if ((size_t)(q - p) < n) {
		memcpy(name, p, (size_t)(q - p));
		name[q - p] = '\0';
	}
}

/*
 * Load a record with rule options overridden: the option lines of @p hdr
 * go right after the record's first line (replacing the record's own
 * lines for the same options), and the recorded scores are not checked.
 * Errors are reported with the line of the original file.
 */
static struct carc_game *
load_with_options(const char *path, const char *hdr)
{
	size_t len, cap, out_len = 0, first = (size_t)-1;
	char *text = read_file(path, &len), *out;
	uint32_t n_hdr = 0, line_no = 0, eline = 0, ecol = 0;
	struct carc_game *game = NULL;
	char msg[256];
	int rc;

	if (!text)
		return NULL;
	for (const char *h = hdr; *h; h++)
		n_hdr += *h == '\n';
	/* each line may grow: a replaced option line becomes a comment of
	 * up to 32 bytes, a scores line gains a '#' */
	cap = len + strlen(hdr) + 64;
	for (size_t i = 0; i < len; i++)
		cap += text[i] == '\n' ? 32 : 0;
	out = malloc(cap);
	if (!out) {
		free(text);
		return NULL;
	}
	for (size_t a = 0; a < len;) {
		size_t b = a;
		const char *l = text + a;
		char name[64], key[80];

		while (b < len && text[b] != '\n')
			b++;
		line_no++;
		if (is_statement(l, b - a, "option")) {
			option_name(l, b - a, name, sizeof(name));
			snprintf(key, sizeof(key), "option %s ", name);
			if (strstr(hdr, key)) {
				l = "# option replaced by --option";
				memcpy(out + out_len, l, strlen(l));
				out_len += strlen(l);
				out[out_len++] = '\n';
				a = b + 1;
				continue;
			}
		}
		if (is_statement(l, b - a, "scores")) {
			memcpy(out + out_len, "#", 1);
			out_len++;
		}
		memcpy(out + out_len, l, b - a);
		out_len += b - a;
		out[out_len++] = '\n';
		if (first == (size_t)-1 &&
		    is_statement(l, b - a, "carcassonne-record")) {
			first = line_no;
			memcpy(out + out_len, hdr, strlen(hdr));
			out_len += strlen(hdr);
		}
		a = b + 1;
	}
	free(text);
	rc = carc_game_load(out, out_len, &game, &eline, &ecol, msg,
			    sizeof(msg));
	free(out);
	if (rc < 0) {
		if (first != (size_t)-1 && eline > first &&
		    eline <= first + n_hdr)
			fprintf(stderr, "%s: --option: %s\n", progname, msg);
		else
			fprintf(stderr, "%s:%u:%u: %s (under the changed "
					"rules)\n",
				path,
				(unsigned)(first != (size_t)-1 &&
						   eline > first + n_hdr
					   ? eline - n_hdr
					   : eline),
				(unsigned)ecol, msg[0] ? msg : carc_strerror(rc));
		return NULL;
	}
	return game;
}

static int
replay_one(const char *path, const char *hdr, bool events, bool board,
	   bool json)
{
	struct carc_game *game, *shown;
	int np;

	game = hdr[0] ? load_with_options(path, hdr) : load_record(path);
	if (!game)
		return 1;
	shown = game;
	if (events || json) {
		shown = replay_events(path, game, json);
		if (!shown) {
			carc_game_free(game);
			return 1;
		}
	}
	if (board)
		print_board(shown, json ? stderr : stdout);
	if (json) {
		np = carc_game_player_count(shown);
		fprintf(stdout, "{\"file\":");
		json_string(path, stdout);
		fprintf(stdout, ",\"moves\":%d,\"over\":%s,\"scores\":[",
			carc_game_history_count(shown),
			carc_game_is_over(shown) == 1 ? "true" : "false");
		for (int p = 0; p < np; p++)
			fprintf(stdout, "%s%d", p ? "," : "",
				carc_game_score(shown, (uint32_t)p));
		fprintf(stdout, "]}\n");
	} else {
		fprintf(stdout, "moves: %d%s\n", carc_game_history_count(shown),
			carc_game_is_over(shown) == 1 ? ", game over" : "");
		print_scores(shown, stdout);
	}
	if (shown != game)
		carc_game_free(shown);
	carc_game_free(game);
	return 0;
}

int
cmd_replay(int argc, char **argv)
{
	struct rule_flags rf = { 0 };
	char hdr[4096] = "";
	bool events = false, board = false, json = false;
	int n_files = 0, rc = 0, k;

	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			usage(stdout);
			return 0;
		} else if (strcmp(argv[i], "--events") == 0) {
			events = true;
		} else if (strcmp(argv[i], "--board") == 0) {
			board = true;
		} else if (strcmp(argv[i], "--json") == 0) {
			json = true;
		} else if ((k = parse_rule_flag(argc, argv, &i, &rf)) != 0) {
			if (k == -1)
				return usage_error("too many rule options");
			if (k < 0)
				return 2;
		} else if (argv[i][0] == '-' && argv[i][1] != '\0') {
			return unknown_flag(argv[i]);
		} else {
			n_files++;
		}
	}
	if (n_files == 0)
		return usage_error("replay: no record given");
	if (rule_flags_text(&rf, hdr, sizeof(hdr)) < 0)
		return usage_error("too many rule options");
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--option") == 0 ||
		    strcmp(a, "--farm-scoring") == 0) {
			i++;
			continue;
		}
		if (a[0] == '-' && a[1] != '\0')
			continue;
		if (n_files > 1 && !json)
			printf("%s:\n", a);
		if (replay_one(a, hdr, events, board, json) != 0)
			rc = 1;
	}
	return rc;
}
