/* SPDX-License-Identifier: MIT */
/*
 * A person at the terminal: carcassonne play --human P.
 *
 * Every decision shows what the person needs (the board around the last
 * move, the tile in hand in its four rotations, the legal placements as
 * short labels, what each feature label means) and reads one command.
 * Bot moves are reported as they happen, with the points they score.
 */
#include "config.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "common.h"

struct human {
	bool colour;
	FILE *out;
};

struct human *
human_new(bool colour, FILE *out)
{
	struct human *h = calloc(1, sizeof(*h));

	if (h) {
		h->colour = colour;
		h->out = out;
	}
	return h;
}

void
human_free(struct human *h)
{
	free(h);
}

static void
print_status(struct human *h, const struct carc_game *g)
{
	int np = carc_game_player_count(g);

	fprintf(h->out, "scores:");
	for (int p = 0; p < np; p++)
		fprintf(h->out, "  P%d %d", p, carc_game_score(g, (uint32_t)p));
	fprintf(h->out, "   followers left:");
	for (int p = 0; p < np; p++)
		fprintf(h->out, " %d",
			carc_game_supply(g, (uint32_t)p, CARC_FIGURE_FOLLOWER));
	fprintf(h->out, "   tiles left: %d\n", carc_game_remaining_total(g));
}

static void
show_help(struct human *h)
{
	fprintf(h->out,
		"Type the label of a move (a0, b3, c1, f2, pass ...) or its "
		"number, or:\n"
		"  ?, help     this help\n"
		"  board       the whole board\n"
		"  list        the screen of this decision again\n"
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
		"f field, as listed for the tile just placed.\n");
	board_legend(h->colour, h->out);
}

/* Why @m is not a move now, in the engine's words (carc_strerror() of
 * what carc_game_apply() says on a copy); NULL if it is one. */
static const char *
engine_reason(const struct carc_game *g, carc_move_t m)
{
	struct carc_game *copy = NULL;
	int rc;

	if (m == CARC_MOVE_NONE)
		return carc_strerror(CARC_E_INVALID);
	if (carc_game_clone(g, &copy) < 0)
		return "cannot check it (out of memory)";
	rc = carc_game_apply(copy, m);
	carc_game_free(copy);
	return rc < 0 ? carc_strerror(rc) : NULL;
}

/* The features of the tile just placed that no listed move takes, with
 * why: taken by someone, or what the engine says. */
static void
list_closed(struct human *h, const struct carc_game *g,
	    const carc_move_t *moves, int n, int32_t x, int32_t y,
	    uint32_t tile)
{
	uint32_t feats[16];
	int nf = carc_tile_features(tile, feats, 16);
	uint32_t fig = carc_game_phase(g) == CARC_PHASE_PHANTOM
			       ? CARC_FIGURE_PHANTOM
			       : CARC_FIGURE_FOLLOWER;
	char words[512];

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
							       feats[i]));
		if (!why)
			continue;
		if (carc_game_describe_feature(g, x, y, feats[i], words,
					       sizeof(words)) < 0)
			continue;
		fprintf(h->out, "   -  %-9s (%s) ", carc_feature_name(feats[i]),
			why);
		print_wrapped(h->out, 19 + (int)strlen(why), 16, 79, words);
	}
}

/* The screen of a decision: board, tile, choices. */
static void
show_decision(struct human *h, const struct carc_game *g,
	      const carc_move_t *moves, int n)
{
	int phase = carc_game_phase(g), player = carc_game_current_player(g);
	struct board_view v = { h->colour, 0, 0, 15, 7, NULL, 0 };
	uint32_t lt = 0, lr = 0;
	char label[32], words[512];
	int col = 0;

	last_placed(g, &v.cx, &v.cy, &lt, &lr);
	fprintf(h->out, "\n");
	print_status(h, g);
	if (phase == CARC_PHASE_PLACE_TILE) {
		uint32_t tile = (uint32_t)carc_game_current_tile(g);
		bool fits[4] = { false, false, false, false };

		v.spots = moves;
		v.n_spots = n;
		board_draw(g, &v, h->out);
		for (int i = 0; i < n; i++)
			fits[carc_move_rotation(moves[i]) & 3] = true;
		fprintf(h->out, "P%d, your tile is %s (%d more in the stack); "
				"its four turns (- fits nowhere):\n",
			player, carc_tile_name(tile),
			carc_game_remaining(g, tile));
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
			if (col + len + 2 > 78) {
				fprintf(h->out, "\n ");
				col = 0;
			}
			fprintf(h->out, "%s ", item);
			col += len + 1;
		}
		fprintf(h->out, "\n");
		return;
	}
	v.cols = 5;
	v.rows = 3;
	board_draw(g, &v, h->out);
	if (phase == CARC_PHASE_DEPLOY)
		fprintf(h->out, "P%d, you placed %s at %d,%d. Put a figure "
				"on it (%d followers left)?\n",
			player, carc_tile_name(lt), (int)v.cx, (int)v.cy,
			carc_game_supply(g, (uint32_t)player,
					 CARC_FIGURE_FOLLOWER));
	else if (phase == CARC_PHASE_PHANTOM)
		fprintf(h->out, "P%d, put your phantom on the tile at %d,%d?\n",
			player, (int)v.cx, (int)v.cy);
	else if (phase == CARC_PHASE_CROP_CHOICE)
		fprintf(h->out, "P%d, your crop circle acts on the figures in "
				"%s; choose for everybody:\n",
			player, crop_kind_words(g));
	else if (carc_game_crop_action(g) == CARC_CROP_DEPLOY)
		fprintf(h->out, "P%d, crop circle: you may add a follower "
				"beside one of yours in %s:\n",
			player, crop_kind_words(g));
	else
		fprintf(h->out, "P%d, crop circle: take back one of your "
				"figures in %s:\n",
			player, crop_kind_words(g));
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
		fprintf(h->out, "  %2d  %-9s ", i + 1, label);
		print_wrapped(h->out, 16, 16, 79, words);
	}
	if (phase == CARC_PHASE_DEPLOY || phase == CARC_PHASE_PHANTOM)
		list_closed(h, g, moves, n, v.cx, v.cy, lt);
}

static void
why_not(struct human *h, const struct carc_game *g, const char *cmd,
	carc_move_t m)
{
	const char *why = engine_reason(g, m);

	if (why)
		fprintf(h->out, "illegal move '%s': %s\n", cmd, why);
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
		fprintf(h->out, "%c%lu: %s (see 'where it fits')\n", cmd[0],
			turn,
			engine_reason(g, carc_move_place(
						 carc_move_x(moves[k]),
						 carc_move_y(moves[k]),
						 (uint32_t)turn)));
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
		const char *why = engine_reason(g, m);

		fprintf(h->out, "%s: %s\n", cmd,
			why ? why : "not one of the moves listed");
		return true;
	}
	if ((fig = carc_figure_from_name(cmd)) >= CARC_FIGURE_TOWER) {
		const char *why = engine_reason(
			g, carc_move_build((uint32_t)fig, lx, ly));

		fprintf(h->out, "%s: %s\n", cmd,
			why ? why : "not one of the moves listed");
		return true;
	}
	return false;
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
	char input[256], label[32];
	bool place = carc_game_phase(game) == CARC_PHASE_PLACE_TILE;

	*action = HUMAN_MOVE;
	show_decision(h, game, moves, n);
	for (;;) {
		char *cmd;
		char *end;
		unsigned long k;
		int found = -1, n_found = 0;

		fprintf(h->out, "P%d %s> ", carc_game_current_player(game),
			place ? "place" : "choose");
		fflush(h->out);
		if (!fgets(input, sizeof(input), stdin)) {
			fprintf(h->out, "\n");
			*action = HUMAN_EOF;
			return CARC_MOVE_NONE;
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

void
human_report(struct human *h, const struct carc_game *before,
	     const struct carc_game *after, carc_move_t m, bool is_human)
{
	int player = carc_game_current_player(before);
	int tile = carc_game_current_tile(before);
	const char *who = is_human ? "  you:" : "  bot:";
	char words[512];

	switch (carc_move_kind(m)) {
	case CARC_MOVE_PLACE:
		fprintf(h->out, "%s P%d places %s at %d,%d r%u\n",
			is_human ? "  you:" : "  bot:", player,
			carc_tile_name((uint32_t)tile), (int)carc_move_x(m),
			(int)carc_move_y(m), (unsigned)carc_move_rotation(m));
		break;
	case CARC_MOVE_DEPLOY:
	case CARC_MOVE_REMOVE:
		if (carc_game_explain_move(before, m, words, sizeof(words)) < 0)
			carc_move_describe(m, words, sizeof(words));
		fprintf(h->out, "%s P%d chose to ", who, player);
		print_wrapped(h->out, 20, 8, 79, words);
		break;
	case CARC_MOVE_PASS:
		fprintf(h->out, "%s P%d passes\n", is_human ? "  you:" : "  bot:",
			player);
		break;
	default:
		carc_move_describe(m, words, sizeof(words));
		fprintf(h->out, "%s P%d %s\n", is_human ? "  you:" : "  bot:",
			player, words);
		break;
	}
	report_events(h, after);
	if (carc_game_event_count(after) > 0) {
		fprintf(h->out, "      ");
		print_status(h, after);
	}
	fflush(h->out);
}

void
human_game_over(struct human *h, const struct carc_game *g)
{
	struct board_view v = { h->colour, 0, 0, 0, 0, NULL, 0 };
	int np = carc_game_player_count(g), best = -1;

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
	fprintf(h->out, "\n");
}
