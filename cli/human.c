/* SPDX-License-Identifier: MIT */
/*
 * A person at the terminal: carcassonne play --human P.
 *
 * Every decision shows what the person needs (the board around the last
 * move, the tile in hand in its four rotations, the legal placements as
 * short labels, what each feature label means) and reads one command.
 * Bot moves are reported as they happen, with the points they score.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream, fileno */
#include "config.h"

#include <ctype.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#if HAVE_LIBEDIT
#include <editline/readline.h>
#endif

#include <carcassonne/carcassonne.h>

#include "common.h"

#define LOG_LINES 64	/* lines of the log kept for the full screen */

struct human {
	bool colour;
	FILE *out;		/* where the game is written: the terminal, or
				 * in full-screen mode a buffer (pending) */
	/* full-screen mode: the terminal, its size, the log, a message */
	bool full;
	FILE *term;
	char *pending_buf;
	size_t pending_len;
	int cols, lines;
	char *log[LOG_LINES];
	int n_log;		/* lines ever logged; the last LOG_LINES kept */
	char msg[512];
	const struct carc_game *game;	/* the decision being painted */
	const carc_move_t *moves;
	int n_moves;
};

/* Smallest terminal for the full screen: the board, a panel of
 * PANEL_W columns beside it, the log and the prompt under them. */
enum { FULL_MIN_COLS = 100, FULL_MIN_LINES = 30, PANEL_W = 50, LOG_ROWS = 6 };

static volatile sig_atomic_t alt_screen_on;

/* Leave the alternate screen on a signal, then die of it. */
static void
on_signal(int sig)
{
	static const char leave[] = "\033[?1049l\033[?25h";

	if (alt_screen_on) {
		ssize_t k = write(STDOUT_FILENO, leave, sizeof(leave) - 1);

		(void)k;
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static bool
term_size(FILE *f, int *cols, int *lines)
{
#ifdef TIOCGWINSZ
	struct winsize ws;

	if (ioctl(fileno(f), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 &&
	    ws.ws_row > 0) {
		*cols = ws.ws_col;
		*lines = ws.ws_row;
		return true;
	}
#else
	(void)f;
#endif
	*cols = *lines = 0;
	return false;
}

/* A fresh buffer for what the game writes in full-screen mode. */
static void
pending_open(struct human *h)
{
	h->pending_buf = NULL;
	h->pending_len = 0;
	h->out = open_memstream(&h->pending_buf, &h->pending_len);
	if (!h->out) {		/* no memory: write to the terminal */
		h->out = h->term;
		h->full = false;
	}
}

/* What the game wrote since the last call, malloc'd ("" if nothing). */
static char *
pending_take(struct human *h)
{
	char *text;

	if (!h->full || h->out == h->term)
		return NULL;
	fclose(h->out);
	text = h->pending_buf ? h->pending_buf : calloc(1, 1);
	pending_open(h);
	return text;
}

static void
full_leave(struct human *h)
{
	char *rest;

	if (!h->full)
		return;
	rest = pending_take(h);
	fclose(h->out);
	free(h->pending_buf);
	h->out = h->term;
	h->full = false;
	fprintf(h->term, "\033[?25h\033[?1049l");
	alt_screen_on = 0;
	if (rest)
		fputs(rest, h->term);
	free(rest);
	fflush(h->term);
}

struct human *
human_new(bool colour, bool line_mode, FILE *out)
{
	struct human *h = calloc(1, sizeof(*h));
	const char *term = getenv("TERM");

	if (!h)
		return NULL;
	h->colour = colour;
	h->out = h->term = out;
	/* the full screen: a terminal that is big enough and not dumb */
	if (!line_mode && isatty(fileno(out)) && isatty(fileno(stdin)) &&
	    term && *term && strcmp(term, "dumb") != 0 &&
	    term_size(out, &h->cols, &h->lines) &&
	    h->cols >= FULL_MIN_COLS && h->lines >= FULL_MIN_LINES) {
		h->full = true;
		pending_open(h);
		if (h->full) {
			fprintf(h->term, "\033[?1049h\033[H\033[2J");
			fflush(h->term);
			alt_screen_on = 1;
			signal(SIGINT, on_signal);
			signal(SIGTERM, on_signal);
			signal(SIGHUP, on_signal);
		}
	}
	return h;
}

void
human_free(struct human *h)
{
	if (!h)
		return;
	full_leave(h);
	for (int i = 0; i < LOG_LINES; i++)
		free(h->log[i]);
	free(h);
}

FILE *
human_stream(struct human *h)
{
	return h->out;
}

/* Keep the lines of @text in the log (the full screen's bottom). */
static void
log_lines(struct human *h, const char *text)
{
	while (text && *text) {
		size_t len = strcspn(text, "\n");
		char *line = malloc(len + 1);

		if (line) {
			memcpy(line, text, len);
			line[len] = '\0';
			free(h->log[h->n_log % LOG_LINES]);
			h->log[h->n_log % LOG_LINES] = line;
			h->n_log++;
		}
		text += len;
		if (*text == '\n')
			text++;
	}
}

/* Whether the game is played with @option on. */
static bool
rule_on(const struct carc_game *g, uint32_t option)
{
	int32_t v = 0;

	return carc_rules_get(carc_game_rules(g), option, &v) == CARC_OK &&
	       v != 0;
}

/* Traders & Builders: each player's goods tokens, "goods (wine grain
 * cloth): P0 1 0 2  P1 0 0 0"; nothing without the expansion. */
static void
print_goods(FILE *f, const struct carc_game *g, const char *before)
{
	int np = carc_game_player_count(g);

	if (!rule_on(g, CARC_OPT_TRADERS_BUILDERS))
		return;
	fprintf(f, "%sgoods (wine grain cloth):", before);
	for (int p = 0; p < np; p++)
		fprintf(f, "  P%d %d %d %d", p,
			carc_game_goods(g, (uint32_t)p, CARC_GOODS_WINE),
			carc_game_goods(g, (uint32_t)p, CARC_GOODS_GRAIN),
			carc_game_goods(g, (uint32_t)p, CARC_GOODS_CLOTH));
}

/* The scores, followers and tiles left; the goods on a line of their
 * own, or on the same line with @one_line (the full screen's top row). */
static void
print_status_line(struct human *h, const struct carc_game *g, bool one_line)
{
	int np = carc_game_player_count(g);

	fprintf(h->out, "scores:");
	for (int p = 0; p < np; p++)
		fprintf(h->out, "  P%d %d", p, carc_game_score(g, (uint32_t)p));
	fprintf(h->out, "   followers left:");
	for (int p = 0; p < np; p++)
		fprintf(h->out, " %d",
			carc_game_supply(g, (uint32_t)p, CARC_FIGURE_FOLLOWER));
	fprintf(h->out, "   tiles left: %d", carc_game_remaining_total(g));
	print_goods(h->out, g, one_line ? "   " : "\n");
	fprintf(h->out, "\n");
}

static void
print_status(struct human *h, const struct carc_game *g)
{
	print_status_line(h, g, false);
}

/* "5 followers, the large follower and the builder": a player's figures
 * in his supply that a deployment may take. */
static void
supply_words(const struct carc_game *g, int player, char *buf, size_t n)
{
	static const struct {
		uint32_t figure;
		const char *name;
	} extra[3] = { { CARC_FIGURE_LARGE_FOLLOWER, "the large follower" },
		       { CARC_FIGURE_BUILDER, "the builder" },
		       { CARC_FIGURE_PIG, "the pig" } };
	int k = carc_game_supply(g, (uint32_t)player, CARC_FIGURE_FOLLOWER);
	int more = 0, shown = 0;
	size_t len;

	for (int i = 0; i < 3; i++)
		more += carc_game_supply(g, (uint32_t)player,
					 extra[i].figure) > 0;
	snprintf(buf, n, "%d %s", k, k == 1 ? "follower" : "followers");
	for (int i = 0; i < 3; i++) {
		if (carc_game_supply(g, (uint32_t)player, extra[i].figure) <= 0)
			continue;
		len = strlen(buf);
		snprintf(buf + len, n - len, "%s%s",
			 ++shown == more ? " and " : ", ", extra[i].name);
	}
}

static void
show_help(struct human *h)
{
	fprintf(h->out,
		"Type the label of a move (a0, b3, c1, f2, pass ...) or its "
		"number, or:\n"
		"  ?, help     this help\n"
		"  board       the whole board\n"
		"  list        every choice of this decision again\n"
		"  undo        back to your previous decision\n"
		"  save FILE   write the game record to FILE\n"
		"  quit        stop here (the record keeps the game so far)\n"
		"A move may also be typed in full, e.g. 'place 1,0 r2' or\n"
		"'deploy follower c1 at 1,0'.\n"
		"Placements: the letter is a free square marked on the board, "
		"the digit the turn\n"
		"of the tile (r0 as drawn, r1 a quarter turn clockwise, ...); "
		"a lone letter is\n"
		"enough when the tile fits that square one way only.  "
		"Features: c city, r road,\n"
		"f field, as listed for the tile just placed; large-c1, "
		"builder-r1 and pig-f2\n"
		"put the large follower, the builder or the pig there, "
		"and 'second' takes the\n"
		"second tile the builder gives.\n");
	board_legend(h->colour, h->out);
}

/* Why @m is not a move now, in the library's words
 * (carc_game_explain_refusal(): the error, then the rule or option that
 * forbids it) written to @why; NULL if it is one. */
static const char *
engine_reason(const struct carc_game *g, carc_move_t m, char *why, size_t n)
{
	int rc = carc_game_explain_refusal(g, m, why, n);

	if (rc < 0)	/* a malformed move, or no memory to check it */
		return carc_strerror(rc);
	return rc > 0 ? why : NULL;
}

/* "@head@text" wrapped to 79 columns, the lines after the first
 * indented: a refusal and its rule can be long. */
static void
answer(struct human *h, const char *head, const char *text)
{
	fputs(head, h->out);
	print_wrapped(h->out, (int)strlen(head), 4, 79, text);
}

/* "@label: why", or that @label is not a listed move. */
static void
label_answer(struct human *h, const char *label, const char *why)
{
	char head[128];

	snprintf(head, sizeof(head), "%s: ", label);
	answer(h, head, why ? why : "not one of the moves listed");
}

/* The features of the tile just placed that no listed move takes, with
 * why: taken by someone, or what the engine says. */
static void
list_closed(struct human *h, const struct carc_game *g,
	    const carc_move_t *moves, int n, int32_t x, int32_t y,
	    uint32_t tile, int width)
{
	uint32_t feats[16];
	int nf = carc_tile_features(tile, feats, 16);
	uint32_t fig = carc_game_phase(g) == CARC_PHASE_PHANTOM
			       ? CARC_FIGURE_PHANTOM
			       : CARC_FIGURE_FOLLOWER;
	char words[512], reason[256];

	for (int i = 0; i < nf && i < 16; i++) {
		bool listed = false, held = false;
		int np = carc_game_player_count(g);
		const char *why;

		for (int k = 0; k < n && !listed; k++)
			listed = carc_move_kind(moves[k]) == CARC_MOVE_DEPLOY &&
				 carc_move_feature(moves[k]) == feats[i] &&
				 carc_move_x(moves[k]) == x &&
				 carc_move_y(moves[k]) == y;
		if (listed)
			continue;
		for (int p = 0; p < np; p++)
			held |= carc_game_feature_figures(g, x, y, feats[i],
							  (uint32_t)p) > 0;
		why = held ? "taken"
			   : engine_reason(g, carc_move_deploy(fig, x, y,
							       feats[i]),
					   reason, sizeof(reason));
		if (!why)
			continue;
		/* the error alone in the list; the rule when asked */
		if (why == reason)
			reason[strcspn(reason, ":")] = '\0';
		if (carc_game_describe_feature(g, x, y, feats[i], words,
					       sizeof(words)) < 0)
			continue;
		fprintf(h->out, "   -  %-9s (%s) ", carc_feature_name(feats[i]),
			why);
		print_wrapped(h->out, 19 + (int)strlen(why), 16, width, words);
	}
}

/* The question and choices of a decision, wrapped to @width columns:
 * the tile in hand and where it fits, or the numbered choices. */
static void
decision_panel(struct human *h, const struct carc_game *g,
	       const carc_move_t *moves, int n, int width)
{
	int phase = carc_game_phase(g), player = carc_game_current_player(g);
	int32_t lx = 0, ly = 0;
	uint32_t lt = 0, lr = 0;
	char label[32], words[512];
	int col = 0;

	last_placed(g, &lx, &ly, &lt, &lr);
	if (phase == CARC_PHASE_PLACE_TILE) {
		uint32_t tile = (uint32_t)carc_game_current_tile(g);
		bool fits[4] = { false, false, false, false };

		for (int i = 0; i < n; i++)
			fits[carc_move_rotation(moves[i]) & 3] = true;
		snprintf(words, sizeof(words),
			 "P%d, your tile is %s (%d more in the stack); its "
			 "four turns (- fits nowhere):",
			 player, carc_tile_name(tile),
			 carc_game_remaining(g, tile));
		print_wrapped(h->out, 0, 0, width, words);
		board_draw_tile_rotations(tile, fits, h->colour, h->out);
		fprintf(h->out, "where it fits (square: turns):\n ");
		for (int i = 0; i < n; i++) {
			int k = spot_index(moves, n, carc_move_x(moves[i]),
					   carc_move_y(moves[i]));
			bool first = true;
			char item[96];
			int len;

			for (int j = 0; j < i && first; j++)
				first = spot_index(moves, n,
						   carc_move_x(moves[j]),
						   carc_move_y(moves[j])) != k;
			if (!first)
				continue;
			len = snprintf(item, sizeof(item), " %c %d,%d:",
				       spot_letter(k),
				       (int)carc_move_x(moves[i]),
				       (int)carc_move_y(moves[i]));
			for (int j = i; j < n; j++)
				if (carc_move_x(moves[j]) ==
					    carc_move_x(moves[i]) &&
				    carc_move_y(moves[j]) ==
					    carc_move_y(moves[i]))
					len += snprintf(
						item + len,
						sizeof(item) - (size_t)len,
						" %c%u", spot_letter(k),
						(unsigned)carc_move_rotation(
							moves[j]));
			if (col + len + 2 > width - 1) {
				fprintf(h->out, "\n ");
				col = 0;
			}
			fprintf(h->out, "%s ", item);
			col += len + 1;
		}
		fprintf(h->out, "\n");
		return;
	}
	if (phase == CARC_PHASE_DEPLOY) {
		char left[128];

		supply_words(g, player, left, sizeof(left));
		snprintf(words, sizeof(words),
			 "P%d, you placed %s at %d,%d. Put a figure on it (%s "
			 "left)?",
			 player, carc_tile_name(lt), (int)lx, (int)ly, left);
	} else if (phase == CARC_PHASE_SECOND_TILE)
		snprintf(words, sizeof(words),
			 "P%d, your tile extended a feature with your builder: "
			 "take a second tile this turn?",
			 player);
	else if (phase == CARC_PHASE_PHANTOM)
		snprintf(words, sizeof(words),
			 "P%d, put your phantom on the tile at %d,%d?", player,
			 (int)lx, (int)ly);
	else if (phase == CARC_PHASE_CROP_CHOICE)
		snprintf(words, sizeof(words),
			 "P%d, your crop circle acts on the figures in %s; "
			 "choose for everybody:",
			 player, crop_kind_words(g));
	else if (carc_game_crop_action(g) == CARC_CROP_DEPLOY)
		snprintf(words, sizeof(words),
			 "P%d, crop circle: you may add a follower beside one "
			 "of yours in %s:",
			 player, crop_kind_words(g));
	else
		snprintf(words, sizeof(words),
			 "P%d, crop circle: take back one of your figures in "
			 "%s:",
			 player, crop_kind_words(g));
	print_wrapped(h->out, 0, 0, width, words);
	for (int i = 0; i < n; i++) {
		move_label(g, moves, n, i, label, sizeof(label));
		/* a follower's feature: the feature's words; else the move's */
		if (!(carc_move_kind(moves[i]) == CARC_MOVE_DEPLOY &&
		      carc_move_feature(moves[i]) != 0 &&
		      carc_move_figure(moves[i]) == CARC_FIGURE_FOLLOWER &&
		      carc_game_describe_feature(
			      g, carc_move_x(moves[i]), carc_move_y(moves[i]),
			      carc_move_feature(moves[i]), words,
			      sizeof(words)) >= 0) &&
		    carc_game_explain_move(g, moves[i], words,
					   sizeof(words)) < 0)
			carc_move_describe(moves[i], words, sizeof(words));
		/* builder-r1 is longer than the column */
		print_wrapped(h->out,
			      fprintf(h->out, "  %2d  %-9s ", i + 1, label), 16,
			      width, words);
	}
	if (phase == CARC_PHASE_DEPLOY || phase == CARC_PHASE_PHANTOM)
		list_closed(h, g, moves, n, lx, ly, lt, width);
}

/* The board around the last move, @cols x @rows tiles. */
static void
decision_board(struct human *h, const struct carc_game *g,
	       const carc_move_t *moves, int n, int cols, int rows)
{
	struct board_view v = { h->colour, 0, 0, cols, rows, NULL, 0 };
	uint32_t lt = 0, lr = 0;

	last_placed(g, &v.cx, &v.cy, &lt, &lr);
	if (carc_game_phase(g) == CARC_PHASE_PLACE_TILE) {
		v.spots = moves;
		v.n_spots = n;
	}
	board_draw(g, &v, h->out);
}

static void paint(struct human *h, const struct carc_game *g,
		  const carc_move_t *moves, int n);

/* The screen of a decision: board, tile, choices. */
static void
show_decision(struct human *h, const struct carc_game *g,
	      const carc_move_t *moves, int n)
{
	bool place = carc_game_phase(g) == CARC_PHASE_PLACE_TILE;

	if (h->full) {
		paint(h, g, moves, n);
		return;
	}
	fprintf(h->out, "\n");
	print_status(h, g);
	decision_board(h, g, moves, n, place ? 15 : 5, place ? 7 : 3);
	decision_panel(h, g, moves, n, 79);
}

static void
why_not(struct human *h, const struct carc_game *g, const char *cmd,
	carc_move_t m)
{
	char reason[256], head[128];
	const char *why = engine_reason(g, m, reason, sizeof(reason));

	snprintf(head, sizeof(head), "illegal move '%s': ", cmd);
	if (why)
		answer(h, head, why);
	else
		fprintf(h->out, "'%s' is not one of the moves listed\n", cmd);
}

/* A label that names no listed move: a square and turn, a feature of the
 * tile just placed or a building, answered with what is wrong.  False if
 * @cmd is not such a label. */
static bool
explain_label(struct human *h, const struct carc_game *g,
	      const carc_move_t *moves, int n, const char *cmd)
{
	int phase = carc_game_phase(g);
	int32_t lx = 0, ly = 0;
	uint32_t lt = 0, lr = 0;
	char reason[256];
	int f, fig;

	if (phase == CARC_PHASE_PLACE_TILE && isalpha((unsigned char)cmd[0]) &&
	    isdigit((unsigned char)cmd[1])) {
		char *end;
		unsigned long turn = strtoul(cmd + 1, &end, 10);
		int k = -1, last = -1;

		if (*end)
			return false;
		for (int i = 0; i < n; i++) {
			int s = spot_index(moves, n, carc_move_x(moves[i]),
					   carc_move_y(moves[i]));

			last = s > last ? s : last;
			if (spot_letter(s) == cmd[0])
				k = i;
		}
		if (k < 0) {
			fprintf(h->out, "no square '%c': the squares marked on "
					"the board are %c to %c\n",
				cmd[0], spot_letter(0), spot_letter(last));
			return true;
		}
		if (turn > 3) {
			fprintf(h->out, "no turn %lu: the turns are r0 to r3\n",
				turn);
			return true;
		}
		{
			char text[300], head[32];
			const char *why = engine_reason(
				g,
				carc_move_place(carc_move_x(moves[k]),
						carc_move_y(moves[k]),
						(uint32_t)turn),
				reason, sizeof(reason));

			snprintf(head, sizeof(head), "%c%lu: ", cmd[0], turn);
			snprintf(text, sizeof(text), "%s (see 'where it fits')",
				 why ? why : "a move listed");
			answer(h, head, text);
		}
		return true;
	}
	if (phase != CARC_PHASE_DEPLOY && phase != CARC_PHASE_PHANTOM)
		return false;
	last_placed(g, &lx, &ly, &lt, &lr);
	if ((f = carc_feature_from_name(cmd)) > 0) {
		carc_move_t m = carc_move_deploy(
			phase == CARC_PHASE_PHANTOM ? CARC_FIGURE_PHANTOM
						    : CARC_FIGURE_FOLLOWER,
			lx, ly, (uint32_t)f);
		const char *why = engine_reason(g, m, reason, sizeof(reason));

		label_answer(h, cmd, why);
		return true;
	}
	/* large-c1, builder-r1, pig-f2 */
	{
		static const struct {
			const char *prefix;
			uint32_t figure;
		} with[3] = { { "large-", CARC_FIGURE_LARGE_FOLLOWER },
			      { "builder-", CARC_FIGURE_BUILDER },
			      { "pig-", CARC_FIGURE_PIG } };

		for (int i = 0; i < 3; i++) {
			size_t k = strlen(with[i].prefix);
			const char *why;

			if (strncmp(cmd, with[i].prefix, k) != 0 ||
			    (f = carc_feature_from_name(cmd + k)) <= 0)
				continue;
			why = engine_reason(g,
					    carc_move_deploy(with[i].figure,
							     lx, ly,
							     (uint32_t)f),
					    reason, sizeof(reason));
			label_answer(h, cmd, why);
			return true;
		}
	}
	if ((fig = carc_figure_from_name(cmd)) >= CARC_FIGURE_TOWER &&
	    fig <= CARC_FIGURE_SHED) {
		const char *why = engine_reason(
			g, carc_move_build((uint32_t)fig, lx, ly), reason,
			sizeof(reason));

		label_answer(h, cmd, why);
		return true;
	}
	return false;
}

/* @line on @f cut to @width columns: escape sequences take none, a UTF-8
 * character one (every glyph of the board is one column wide). */
static void
put_clipped(FILE *f, const char *line, int width)
{
	int col = 0;
	bool cut = false;

	for (const char *p = line; *p && *p != '\n'; p++) {
		if (*p == '\033') {
			const char *q = p + 1;

			if (*q == '[')
				for (q++; *q && !isalpha((unsigned char)*q); q++)
					;
			fwrite(p, 1, (size_t)(q - p) + (*q ? 1 : 0), f);
			p = *q ? q : q - 1;
			continue;
		}
		if ((*p & 0xc0) != 0x80) {
			if (col == width) {
				cut = true;
				continue;
			}
			col++;
		} else if (cut) {
			continue;
		}
		fputc(*p, f);
	}
	fputs("\033[0m", f);
}

/* What @fn writes for the decision, as one text (malloc'd). */
static char *
render(struct human *h, void (*fn)(struct human *, const struct carc_game *,
				   const carc_move_t *, int, int, int),
       int a, int b)
{
	FILE *saved = h->out;
	char *buf = NULL;
	size_t len = 0;

	h->out = open_memstream(&buf, &len);
	if (!h->out) {
		h->out = saved;
		return NULL;
	}
	fn(h, h->game, h->moves, h->n_moves, a, b);
	fclose(h->out);
	h->out = saved;
	return buf;
}

static void
status_part(struct human *h, const struct carc_game *g,
	    const carc_move_t *moves, int n, int a, int b)
{
	(void)moves;
	(void)n;
	(void)a;
	(void)b;
	print_status_line(h, g, true);
}

static void
board_part(struct human *h, const struct carc_game *g,
	   const carc_move_t *moves, int n, int cols, int rows)
{
	decision_board(h, g, moves, n, cols, rows);
}

static void
panel_part(struct human *h, const struct carc_game *g,
	   const carc_move_t *moves, int n, int width, int b)
{
	(void)b;
	decision_panel(h, g, moves, n, width);
}

/* Lines @from.. of @text at rows @row.. (at most @rows of them) from
 * column @col, each cut to @width; a last line "..." when more follow. */
static void
put_region(struct human *h, const char *text, int row, int col, int rows,
	   int width)
{
	int k = 0;

	while (text && *text && k < rows) {
		fprintf(h->term, "\033[%d;%dH", row + k, col);
		if (k == rows - 1 && strchr(text, '\n') &&
		    strchr(text, '\n')[1]) {
			put_clipped(h->term, "(more: type 'list' to see all)",
				    width);
			break;
		}
		put_clipped(h->term, text, width);
		text += strcspn(text, "\n");
		if (*text)
			text++;
		k++;
	}
}

/* The rows of the full screen: 1 status, 2..body_end the board and the
 * panel, a rule, the log, the prompt and the message line. */
static int
body_end(const struct human *h)
{
	return h->lines - LOG_ROWS - 3;
}

static void
paint_bottom(struct human *h)
{
	int top = body_end(h) + 1;

	fprintf(h->term, "\033[%d;1H\033[2K\033[2m", top);
	for (int i = 0; i < h->cols; i++)
		fputs(i == 2 ? " log " : "─", h->term);
	fputs("\033[0m", h->term);
	for (int r = 0; r < LOG_ROWS; r++) {
		int i = h->n_log - LOG_ROWS + r;

		fprintf(h->term, "\033[%d;1H\033[2K", top + 1 + r);
		if (i >= 0 && h->log[i % LOG_LINES])
			put_clipped(h->term, h->log[i % LOG_LINES], h->cols);
	}
	fprintf(h->term, "\033[%d;1H\033[2K", h->lines);
	put_clipped(h->term, h->msg, h->cols);
	fflush(h->term);
}

/* The whole screen of the decision in h->game. */
static void
paint_all(struct human *h)
{
	/* the board as wide as 15 tiles or what the panel leaves; the
	 * panel takes the rest */
	int bw = h->cols - PANEL_W - 3, bh = body_end(h) - 1;
	int tcols, trows = (bh - 3) / 3, pw;
	char *status, *board, *panel;

	bw = bw > 4 + 5 * 15 ? 4 + 5 * 15 : bw;
	tcols = (bw - 4) / 5;
	pw = h->cols - bw - 3;

	tcols = tcols > 15 ? 15 : tcols < 1 ? 1 : tcols;
	trows = trows < 1 ? 1 : trows;
	status = render(h, status_part, 0, 0);
	board = render(h, board_part, tcols, trows);
	panel = render(h, panel_part, pw, 0);
	fprintf(h->term, "\033[?25l\033[H\033[2J\033[1;1H\033[7m");
	put_clipped(h->term, status ? status : "", h->cols);
	put_region(h, board, 2, 1, bh, bw);
	put_region(h, panel, 2, bw + 3, bh, pw + 1);
	free(status);
	free(board);
	free(panel);
	paint_bottom(h);
}

/* The full screen of a decision; the line mode from now on when the
 * terminal has become too small. */
static void
paint(struct human *h, const struct carc_game *g, const carc_move_t *moves,
      int n)
{
	h->game = g;
	h->moves = moves;
	h->n_moves = n;
	if (!term_size(h->term, &h->cols, &h->lines) ||
	    h->cols < FULL_MIN_COLS || h->lines < FULL_MIN_LINES) {
		full_leave(h);
		show_decision(h, g, moves, n);
		return;
	}
	paint_all(h);
}

/* A line of input after @prompt, without its newline: false at the end
 * of the input.  With libedit: line editing and history. */
static bool
read_line(struct human *h, const char *prompt, char *buf, size_t size)
{
	if (h->full)
		fprintf(h->term, "\033[%d;1H\033[2K\033[?25h", h->lines - 1);
#if HAVE_LIBEDIT
	if (isatty(fileno(stdin)) && isatty(fileno(h->term))) {
		char *line;

		rl_instream = stdin;
		rl_outstream = h->term;
		fflush(h->term);
		line = readline(prompt);
		if (!line)
			return false;
		if (*line)
			add_history(line);
		snprintf(buf, size, "%s", line);
		free(line);
		return true;
	}
#endif
	fputs(prompt, h->term);
	fflush(h->term);
	if (!fgets(buf, (int)size, stdin))
		return false;
	buf[strcspn(buf, "\n")] = '\0';
	return true;
}

/* Text of several lines on a page of its own, until Enter. */
static void
page(struct human *h, const char *text)
{
	char line[64];

	fprintf(h->term, "\033[H\033[2J");
	for (const char *p = text; *p;) {
		size_t len = strcspn(p, "\n");

		fwrite(p, 1, len, h->term);
		fputs("\033[0m\033[K\n", h->term);
		p += len;
		if (*p)
			p++;
	}
	fprintf(h->term, "\033[%d;1H\033[7m press Enter to go back \033[0m",
		h->lines);
	fflush(h->term);
	if (!fgets(line, sizeof(line), stdin))
		line[0] = '\0';
	paint(h, h->game, h->moves, h->n_moves);
}

/* What the last command wrote: one line on the message line, more on a
 * page of their own. */
static void
show_pending(struct human *h)
{
	char *text = pending_take(h);
	size_t len;

	if (!text)
		return;
	len = strlen(text);
	while (len > 0 && text[len - 1] == '\n')
		text[--len] = '\0';
	if (strchr(text, '\n')) {
		page(h, text);
	} else if (len > 0) {
		snprintf(h->msg, sizeof(h->msg), "%s", text);
		paint_bottom(h);
	}
	free(text);
}

static char *
trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

carc_move_t
human_pick(struct human *h, struct carc_game *game, const carc_move_t *moves,
	   int n, int *action)
{
	char input[256], label[32], prompt[32];
	bool place = carc_game_phase(game) == CARC_PHASE_PLACE_TILE;

	*action = HUMAN_MOVE;
	if (h->full) {
		/* what came since the last decision (undo ...) */
		char *text = pending_take(h);

		if (text && *text) {
			text[strcspn(text, "\n")] = '\0';
			snprintf(h->msg, sizeof(h->msg), "%s", text);
		}
		free(text);
	}
	show_decision(h, game, moves, n);
	snprintf(prompt, sizeof(prompt), "P%d %s> ",
		 carc_game_current_player(game), place ? "place" : "choose");
	for (;;) {
		char *cmd;
		char *end;
		unsigned long k;
		int found = -1, n_found = 0;

		if (h->full)
			show_pending(h);
		if (!read_line(h, prompt, input, sizeof(input))) {
			fprintf(h->out, "\n");
			*action = HUMAN_EOF;
			return CARC_MOVE_NONE;
		}
		if (h->full && h->msg[0]) {
			h->msg[0] = '\0';
			paint_bottom(h);
		}
		cmd = trim(input);
		if (*cmd == '\0')
			continue;
		if (strcmp(cmd, "?") == 0 || strcmp(cmd, "help") == 0) {
			show_help(h);
			continue;
		}
		if (strcmp(cmd, "board") == 0) {
			struct board_view v = { h->colour, 0, 0, 0, 0, NULL, 0 };

			if (place) {
				v.spots = moves;
				v.n_spots = n;
			}
			board_draw(game, &v, h->out);
			continue;
		}
		if (strcmp(cmd, "list") == 0) {
			/* full screen: every choice on a page */
			if (h->full)
				decision_panel(h, game, moves, n, h->cols - 1);
			else
				show_decision(h, game, moves, n);
			continue;
		}
		if (strcmp(cmd, "undo") == 0) {
			*action = HUMAN_UNDO;
			return CARC_MOVE_NONE;
		}
		if (strcmp(cmd, "quit") == 0 || strcmp(cmd, "exit") == 0) {
			*action = HUMAN_QUIT;
			return CARC_MOVE_NONE;
		}
		if (strncmp(cmd, "save", 4) == 0 &&
		    (cmd[4] == '\0' || isspace((unsigned char)cmd[4]))) {
			char *path = trim(cmd + 4);

			if (*path == '\0')
				fprintf(h->out, "save needs a file name: "
						"save FILE\n");
			else if (save_record_atomic(game, path) == 0)
				fprintf(h->out, "saved the game so far to "
						"%s\n", path);
			continue;
		}
		k = strtoul(cmd, &end, 10);
		if (isdigit((unsigned char)*cmd) && *end == '\0') {
			if (k >= 1 && k <= (unsigned long)n)
				return moves[k - 1];
			fprintf(h->out, "no move %s: the moves are numbered "
					"1 to %d\n", cmd, n);
			continue;
		}
		for (int i = 0; i < n; i++) {
			move_label(game, moves, n, i, label, sizeof(label));
			if (strcmp(label, cmd) == 0) {
				found = i;
				n_found++;
			}
		}
		/* a lone square letter: enough when one turn fits there */
		for (int i = 0; n_found == 0 && place && strlen(cmd) == 1 &&
				i < n;
		     i++) {
			move_label(game, moves, n, i, label, sizeof(label));
			if (label[0] == cmd[0]) {
				found = i;
				n_found = -1;
			}
		}
		if (n_found < 0) {
			int ways = 0;

			for (int i = 0; i < n; i++) {
				move_label(game, moves, n, i, label,
					   sizeof(label));
				ways += label[0] == cmd[0];
			}
			n_found = ways;
		}
		if (n_found == 1)
			return moves[found];
		if (n_found > 1 && place && strlen(cmd) == 1) {
			fprintf(h->out, "square %s takes the tile in %d ways: "
					"add the turn, e.g. %s%u\n",
				cmd, n_found, cmd,
				(unsigned)carc_move_rotation(moves[found]));
			continue;
		}
		/* a move in the words of carc_move_describe() */
		{
			carc_move_t m;

			if (carc_move_parse(cmd, &m) >= 0) {
				for (int i = 0; i < n; i++)
					if (moves[i] == m)
						return m;
				why_not(h, game, cmd, m);
				continue;
			}
		}
		if (explain_label(h, game, moves, n, cmd))
			continue;
		fprintf(h->out, "unknown command '%s' (type ? for help)\n",
			cmd);
	}
}

/* The scorings of the last move, in the library's words. */
static void
report_events(struct human *h, const struct carc_game *g)
{
	int n = carc_game_event_count(g);
	char words[512];

	for (int i = 0; i < n; i++)
		if (carc_game_describe_event(g, (uint32_t)i, words,
					     sizeof(words)) >= 0) {
			fprintf(h->out, "      ");
			print_wrapped(h->out, 6, 8, 79, words);
		}
}

/* Tiles drawn after the move that fit nowhere (a river tile with no
 * place on the river, say): they leave the game. */
static void
report_discards(struct human *h, const struct carc_game *before,
		const struct carc_game *after)
{
	int from = carc_game_discard_count(before);
	int to = carc_game_discard_count(after);

	for (int i = from; i >= 0 && i < to; i++) {
		int t = carc_game_discard_at(after, (uint32_t)i);

		if (t >= 0)
			fprintf(h->out, "      tile %s fits nowhere on the "
					"board: discarded\n",
				carc_tile_name((uint32_t)t));
	}
}

void
human_report(struct human *h, const struct carc_game *before,
	     const struct carc_game *after, carc_move_t m, bool is_human)
{
	int player = carc_game_current_player(before);
	int tile = carc_game_current_tile(before);
	const char *who = is_human ? "  you:" : "  bot:";
	char words[512];

	switch (carc_move_kind(m)) {
	case CARC_MOVE_PLACE: {
		/* a river tile: where the river goes on, in the library's
		 * words after "; " */
		const char *river = NULL;

		if (carc_game_explain_move(before, m, words, sizeof(words)) >= 0)
			river = strstr(words, "; the ");
		fprintf(h->out, "%s P%d places %s at %d,%d r%u%s\n",
			is_human ? "  you:" : "  bot:", player,
			carc_tile_name((uint32_t)tile), (int)carc_move_x(m),
			(int)carc_move_y(m), (unsigned)carc_move_rotation(m),
			river ? river : "");
		break;
	}
	case CARC_MOVE_DEPLOY:
	case CARC_MOVE_REMOVE:
		if (carc_game_explain_move(before, m, words, sizeof(words)) < 0)
			carc_move_describe(m, words, sizeof(words));
		fprintf(h->out, "%s P%d chose to ", who, player);
		print_wrapped(h->out, 20, 8, 79, words);
		break;
	case CARC_MOVE_PASS:
		fprintf(h->out, "%s P%d passes%s\n",
			is_human ? "  you:" : "  bot:", player,
			carc_game_phase(before) == CARC_PHASE_SECOND_TILE
				? ": no second tile"
				: "");
		break;
	case CARC_MOVE_SECOND_TILE:
		fprintf(h->out, "%s P%d takes the second tile the builder "
				"gives\n",
			who, player);
		break;
	default:
		if (carc_game_explain_move(before, m, words, sizeof(words)) < 0)
			carc_move_describe(m, words, sizeof(words));
		fprintf(h->out, "%s P%d chooses ", who, player);
		print_wrapped(h->out, 18, 8, 79, words);
		break;
	}
	report_events(h, after);
	report_discards(h, before, after);
	/* Traders & Builders, the second tile always taken: the same
	 * player places again */
	if (carc_move_kind(m) != CARC_MOVE_SECOND_TILE &&
	    carc_move_kind(m) != CARC_MOVE_PLACE &&
	    carc_game_phase(after) == CARC_PHASE_PLACE_TILE &&
	    carc_game_current_player(after) == player)
		fprintf(h->out, "      the builder gives P%d a second tile this "
				"turn\n",
			player);
	if (carc_game_event_count(after) > 0) {
		fprintf(h->out, "      ");
		print_status(h, after);
	}
	fflush(h->out);
	if (h->full) {
		char *text = pending_take(h);
		char *status = NULL;

		log_lines(h, text);
		free(text);
		h->game = after;
		status = render(h, status_part, 0, 0);
		fprintf(h->term, "\033[1;1H\033[2K\033[7m");
		put_clipped(h->term, status ? status : "", h->cols);
		free(status);
		paint_bottom(h);
	}
}

void
human_leave(struct human *h)
{
	if (h)
		full_leave(h);
}

void
human_game_over(struct human *h, const struct carc_game *g)
{
	struct board_view v = { h->colour, 0, 0, 0, 0, NULL, 0 };
	int np = carc_game_player_count(g), best = -1;

	full_leave(h);
	fprintf(h->out, "\nThe game is over.\n");
	board_draw(g, &v, h->out);
	for (int p = 0; p < np; p++)
		if (carc_game_score(g, (uint32_t)p) > best)
			best = carc_game_score(g, (uint32_t)p);
	fprintf(h->out, "final scores:");
	for (int p = 0; p < np; p++)
		fprintf(h->out, "  P%d %d%s", p, carc_game_score(g, (uint32_t)p),
			carc_game_score(g, (uint32_t)p) == best ? " (wins)"
								: "");
	print_goods(h->out, g, "\n");
	fprintf(h->out, "\n");
}
