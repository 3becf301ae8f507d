/* SPDX-License-Identifier: MIT */
/*
 * native-search: the bots of <carcassonne/search.h> on a seeded game, for
 * the JavaScript package's tests to compare with (bindings/js/test/
 * search.test.mjs): the WebAssembly build must choose the same moves and
 * play the same playouts.
 *
 *     native-search SEED PLAYERS EXPANSIONS DECISIONS PLAYOUTS
 *
 * EXPANSIONS is the bit set of bindings/seeded-rules.h.  At each of
 * the first DECISIONS decision points (the game is played on by
 * seeded-game's rule, legal move number hash mod count) it prints one line:
 * the move of each bot kind (random, greedy, mcts with PLAYOUTS playouts
 * and 2 threads), each with seed = the decision's number, and the scores
 * of carc_game_playout() with that seed, e.g.
 *     3 random place 0,-1 r2 | greedy ... | mcts ... | playout 12 7
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>
#include <carcassonne/search.h>

#include "../seeded-rules.h"

static int
print_move(carc_move_t m)
{
	char buf[96];

	if (carc_move_describe(m, buf, sizeof(buf)) < 0)
		return -1;
	fputs(buf, stdout);
	return 0;
}

int
main(int argc, char **argv)
{
	struct carc_game *game;
	carc_move_t moves[1024];
	unsigned long players, exp, decisions, playouts;
	uint64_t seed;

	if (argc != 6) {
		fprintf(stderr, "usage: %s SEED PLAYERS EXPANSIONS DECISIONS "
			"PLAYOUTS\n", argv[0]);
		return 2;
	}
	seed = strtoull(argv[1], NULL, 0);
	players = strtoul(argv[2], NULL, 0);
	exp = strtoul(argv[3], NULL, 0);
	decisions = strtoul(argv[4], NULL, 0);
	playouts = strtoul(argv[5], NULL, 0);
	if (seeded_game_new(seed, (uint32_t)players, exp, &game) < 0)
		return 1;
	for (unsigned long d = 0; d < decisions && !carc_game_is_over(game);
	     d++) {
		static const char *const kinds[] = { "random", "greedy", "mcts" };
		int32_t scores[6];
		int n;

		printf("%lu", d);
		for (uint32_t k = 0; k < 3; k++) {
			struct carc_bot_options o;
			carc_move_t m;

			memset(&o, 0, sizeof(o));
			o.size = sizeof(o);
			o.kind = k + 1;
			o.playouts = (uint32_t)playouts;
			o.threads = 2;
			o.seed = d;
			if (carc_bot_choose(game, &o, &m, NULL) < 0)
				return 1;
			printf(" %s%s ", k ? "| " : "", kinds[k]);
			if (print_move(m) < 0)
				return 1;
		}
		n = carc_game_playout(game, d, 0, scores, 6);
		if (n < 0)
			return 1;
		printf(" | playout");
		for (int p = 0; p < n; p++)
			printf(" %d", (int)scores[p]);
		printf("\n");
		n = carc_game_legal_moves(game, moves, 1024);
		if (n <= 0 || n > 1024)
			return 1;
		if (carc_game_apply(game,
				    moves[carc_game_hash(game) % (uint64_t)n]) < 0)
			return 1;
	}
	carc_game_free(game);
	return 0;
}
