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

/* How big a feature of the board is and what it is worth now. */
static void
feature_status(const struct carc_game *g, int32_t x, int32_t y,
	       uint32_t f, char *buf, size_t n)
{
	int32_t kind = 0, tiles = 0, open = 0, done = 0, value = 0, cities = 0;

	carc_game_feature_get(g, x, y, f, CARC_FEATURE_ATTR_KIND, &kind);
	carc_game_feature_get(g, x, y, f, CARC_FEATURE_ATTR_TILES, &tiles);
	carc_game_feature_get(g, x, y, f, CARC_FEATURE_ATTR_OPEN, &open);
	carc_game_feature_get(g, x, y, f, CARC_FEATURE_ATTR_COMPLETE, &done);
	carc_game_feature_get(g, x, y, f, CARC_FEATURE_ATTR_VALUE, &value);
	carc_game_feature_get(g, x, y, f, CARC_FEATURE_ATTR_CITIES, &cities);
	switch (kind) {
	case CARC_FEATURE_FIELD:
		snprintf(buf, n, "borders %d completed %s: %d points at the "
				 "end as it stands",
			 (int)cities, cities == 1 ? "city" : "cities",
			 (int)value);
		break;
	case CARC_FEATURE_MONASTERY:
		snprintf(buf, n, "%d of 9 tiles around it%s: worth %d now",
			 (int)tiles, done ? ", complete" : "", (int)value);
		break;
	default:
		if (done)
			snprintf(buf, n, "complete with %d tiles: scores %d at "
					 "once",
				 (int)tiles, (int)value);
		else
			snprintf(buf, n, "%d %s, %d open %s: worth %d as it "
					 "stands",
				 (int)tiles, tiles == 1 ? "tile" : "tiles",
				 (int)open,
				 kind == CARC_FEATURE_ROAD
					 ? (open == 1 ? "end" : "ends")
					 : (open == 1 ? "side" : "sides"),
				 (int)value);
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
	char label[32], words[160];
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
		carc_move_t m = moves[i];
		uint32_t f = carc_move_feature(m);

		move_label(g, moves, n, i, label, sizeof(label));
		bool here = carc_move_kind(m) == CARC_MOVE_DEPLOY && f &&
			    phase != CARC_PHASE_CROP_RESPONSE &&
			    carc_move_x(m) == v.cx && carc_move_y(m) == v.cy;

		if (here) {
			feature_words(lt, lr, f, words, sizeof(words));
			if (carc_tile_feature_pennants(lt, f) > 0)
				strcat(words, ", with a pennant");
		} else {
			move_words(g, m, words, sizeof(words));
		}
		fprintf(h->out, "  %2d  %-9s %s\n", i + 1, label, words);
		if (here) {
			feature_status(g, v.cx, v.cy, f, words, sizeof(words));
			fprintf(h->out, "%16s%s\n", "", words);
		}
	}
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

			if (carc_move_parse(cmd, &m) >= 0)
				for (int i = 0; i < n; i++)
					if (moves[i] == m)
						return m;
		}
		if (place && isalpha((unsigned char)cmd[0]) &&
		    cmd[1] >= '0' && cmd[1] <= '3' && cmd[2] == '\0') {
			fprintf(h->out, "the tile does not fit square %c "
					"turned r%c; the labels listed under "
					"'where it fits' do\n",
				cmd[0], cmd[1]);
			continue;
		}
		fprintf(h->out, "unknown command '%s' (type ? for help)\n",
			cmd);
	}
}

/* One scoring event in words. */
static void
report_events(struct human *h, const struct carc_game *g)
{
	int n = carc_game_event_count(g), np = carc_game_player_count(g);

	for (int i = 0; i < n; i++) {
		int32_t type = 0, kind = 0, x = 0, y = 0;
		bool any = false;

		carc_game_event_get(g, (uint32_t)i, CARC_EVENT_TYPE, &type);
		carc_game_event_get(g, (uint32_t)i, CARC_EVENT_FEATURE_KIND,
				    &kind);
		carc_game_event_get(g, (uint32_t)i, CARC_EVENT_X, &x);
		carc_game_event_get(g, (uint32_t)i, CARC_EVENT_Y, &y);
		fprintf(h->out, "      %s %s at %d,%d:",
			kind_word(kind),
			type == CARC_EVENT_COMPLETED ? "completed"
						     : "scored at the end",
			(int)x, (int)y);
		for (int p = 0; p < np; p++) {
			int32_t pts = 0, bpts = 0;

			carc_game_event_get(g, (uint32_t)i,
					    CARC_EVENT_POINTS + (uint32_t)p,
					    &pts);
			carc_game_event_get(g, (uint32_t)i,
					    CARC_EVENT_BUILDING_POINTS +
						    (uint32_t)p,
					    &bpts);
			if (pts + bpts) {
				fprintf(h->out, " P%d +%d", p,
					(int)(pts + bpts));
				any = true;
			}
		}
		fprintf(h->out, "%s\n", any ? "" : " nobody scores");
	}
}

void
human_report(struct human *h, const struct carc_game *before,
	     const struct carc_game *after, carc_move_t m, bool is_human)
{
	int player = carc_game_current_player(before);
	int tile = carc_game_current_tile(before);
	char words[160], fw[96];
	int i;
	uint32_t t = 0, r = 0;

	switch (carc_move_kind(m)) {
	case CARC_MOVE_PLACE:
		fprintf(h->out, "%s P%d places %s at %d,%d r%u\n",
			is_human ? "  you:" : "  bot:", player,
			carc_tile_name((uint32_t)tile), (int)carc_move_x(m),
			(int)carc_move_y(m), (unsigned)carc_move_rotation(m));
		break;
	case CARC_MOVE_DEPLOY:
		i = carc_game_tile_find(after, carc_move_x(m), carc_move_y(m));
		if (i >= 0)
			carc_game_tile_at(after, (uint32_t)i, NULL, NULL, &t,
					  &r);
		if (carc_move_feature(m))
			feature_words(t, r, carc_move_feature(m), fw,
				      sizeof(fw));
		else
			fw[0] = '\0';
		if (!carc_move_feature(m)) {
			fprintf(h->out, "%s P%d builds a %s\n",
				is_human ? "  you:" : "  bot:", player,
				figure_word(carc_move_figure(m)));
			break;
		}
		i = carc_game_tile_find(before, carc_move_x(m),
					carc_move_y(m));
		fprintf(h->out, "%s P%d puts a %s on %s", is_human ? "  you:"
								   : "  bot:",
			player, figure_word(carc_move_figure(m)),
			carc_feature_name(carc_move_feature(m)));
		if (i >= 0 && carc_game_phase(before) == CARC_PHASE_CROP_RESPONSE)
			fprintf(h->out, " at %d,%d", (int)carc_move_x(m),
				(int)carc_move_y(m));
		fprintf(h->out, " (%s)\n", fw);
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
