/* SPDX-License-Identifier: MIT */
/*
 * A person at the keyboard: carcassonne play --human P.
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

/*
 * A person's decision (--human P): the legal moves are listed with numbers
 * on stdout and the number is read from stdin.  Returns CARC_MOVE_NONE at
 * the end of the input.
 */
carc_move_t
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
