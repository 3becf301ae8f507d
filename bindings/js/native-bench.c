/* SPDX-License-Identifier: MIT */
/*
 * native-bench: the games of bindings/js/bench.mjs played by the native
 * library, for its comparison (doc/bindings/wasm.md, "Speed and size"): random
 * 2-player games with seeds 1 to GAMES, each move chosen by the same
 * generator (mulberry32, seeded with the game's seed) as the JavaScript
 * benchmark, so both play exactly the same games.
 *
 *     native-bench EXPANSIONS GAMES REPS
 *
 * EXPANSIONS is the bit set of bindings/seeded-rules.h (0 base, 15 all).
 * Prints one line: the best games/s over REPS repetitions by CPU time
 * (CLOCK_PROCESS_CPUTIME_ID) and by wall clock, and the decisions of all
 * the games, which bench.mjs checks against its own count:
 *     cpu 52900 wall 51000 decisions 146000
 */
#define _POSIX_C_SOURCE 200809L	/* clock_gettime() */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <carcassonne/carcassonne.h>

#include "../seeded-rules.h"

/* mulberry32, as bench.mjs has it: a number in [0, 1). */
static double
next_random(uint32_t *a)
{
	uint32_t t;

	*a += 0x6d2b79f5u;
	t = (*a ^ (*a >> 15)) * (1u | *a);
	t = (t + ((t ^ (t >> 7)) * (61u | t))) ^ t;
	return (double)(t ^ (t >> 14)) / 4294967296.0;
}

static double
seconds(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	carc_move_t moves[4096];
	unsigned long exp, games, reps, decisions = 0;
	double best_cpu = 0, best_wall = 0;

	if (argc != 4) {
		fprintf(stderr, "usage: %s EXPANSIONS GAMES REPS\n", argv[0]);
		return 2;
	}
	exp = strtoul(argv[1], NULL, 0);
	games = strtoul(argv[2], NULL, 0);
	reps = strtoul(argv[3], NULL, 0);
	if (games == 0 || reps == 0) {
		fprintf(stderr, "native-bench: GAMES and REPS must be positive\n");
		return 2;
	}
	for (unsigned long rep = 0; rep < reps; rep++) {
		double c0 = seconds(CLOCK_PROCESS_CPUTIME_ID);
		double w0 = seconds(CLOCK_MONOTONIC);
		double cpu, wall;

		decisions = 0;
		for (unsigned long i = 1; i <= games; i++) {
			struct carc_game *game;
			uint32_t r = (uint32_t)i;
			int n;

			if (seeded_game_new(i, 2, exp, &game) < 0)
				return 1;
			while ((n = carc_game_legal_moves(game, moves, 4096)) > 0) {
				int k = (int)(next_random(&r) * n);

				if (carc_game_apply(game, moves[k]) < 0) {
					fprintf(stderr, "native-bench: apply failed\n");
					return 1;
				}
				decisions++;
			}
			carc_game_free(game);
			if (n < 0)
				return 1;
		}
		cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
		wall = seconds(CLOCK_MONOTONIC) - w0;
		if (cpu > 0 && (double)games / cpu > best_cpu)
			best_cpu = (double)games / cpu;
		if (wall > 0 && (double)games / wall > best_wall)
			best_wall = (double)games / wall;
	}
	printf("cpu %.0f wall %.0f decisions %lu\n", best_cpu, best_wall,
	       decisions);
	return 0;
}
