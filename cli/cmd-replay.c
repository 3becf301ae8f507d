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

/* ------------------------------------------------------------------ */
/* ASCII board                                                          */
/* ------------------------------------------------------------------ */

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

int
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
