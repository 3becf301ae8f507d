/* SPDX-License-Identifier: MIT */
/*
 * seeded-game: play one game with a fixed move-choice rule and print its
 * final hash and scores, for the Python binding's tests to compare with.
 *
 *     seeded-game SEED PLAYERS EXPANSIONS
 *
 * EXPANSIONS is a bit set: 1 The Phantom, 2 Crop Circles I, 4 Crop
 * Circles II, 8 Little Buildings, 16 The River, 32 Inns & Cathedrals,
 * 64 Traders & Builders.  The rule: at every decision point play
 * legal move number (carc_game_hash(game) mod count).
 * Output: "hash 0123456789abcdef scores 12 7".
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include <carcassonne/carcassonne.h>

#include "../seeded-rules.h"

int
main(int argc, char **argv)
{
	struct carc_game *game;
	carc_move_t moves[1024];
	unsigned long long seed;
	unsigned long players, exp;

	if (argc != 4) {
		fprintf(stderr, "usage: %s SEED PLAYERS EXPANSIONS\n", argv[0]);
		return 2;
	}
	seed = strtoull(argv[1], NULL, 0);
	players = strtoul(argv[2], NULL, 0);
	exp = strtoul(argv[3], NULL, 0);
	if (seeded_game_new(seed, (uint32_t)players, exp, &game) < 0)
		return 1;
	while (carc_game_is_over(game) == 0) {
		int n = carc_game_legal_moves(game, moves, 1024);

		if (n <= 0 || n > 1024)
			return 1;
		if (carc_game_apply(game,
				    moves[carc_game_hash(game) % (uint64_t)n]) < 0)
			return 1;
	}
	printf("hash %016" PRIx64 " scores", carc_game_hash(game));
	for (unsigned long p = 0; p < players; p++)
		printf(" %d", carc_game_score(game, (uint32_t)p));
	printf("\n");
	carc_game_free(game);
	return 0;
}
