/* SPDX-License-Identifier: CC0-1.0 */
/*
 * mcts: a Monte Carlo tree search bot for libcarcassonne, using only the
 * public API.
 *
 * The search itself is in mcts-search.c (information-set UCT with the
 * unseen stack reshuffled per iteration); build both files:
 *     cc mcts.c mcts-search.c $(pkg-config --cflags --libs carcassonne) -lm
 *
 * Usage: mcts [--games N] [--playouts N] [--seed S] [--players N]
 *             [--all] [--quiet]
 * plays N games, the MCTS bot as player 0 against random players, and
 * prints the bot's wins.  The program exits 0 when it won at least 90% of
 * the games (the project's target), 1 otherwise.
 *
 * Free to copy; see COPYING in this directory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "mcts-search.h"


static int
parse_int(const char *s, long min, long max, long *out)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int
main(int argc, char **argv)
{
	long games = 20, playouts = 1000, players = 2, seed = 1;
	int all = 0, quiet = 0, wins = 0, rc = 0;
	struct carc_rules_builder *b = NULL;
	struct carc_rules *rules = NULL;
	struct carc_game *first = NULL;
	struct mcts *search = NULL;
	carc_move_t *moves = NULL;
	size_t cap = 0;
	double shared = 0;

	for (int i = 1; i < argc; i++) {
		long *dst = NULL, min = 1, max = 0;

		if (strcmp(argv[i], "--all") == 0) {
			all = 1;
			continue;
		}
		if (strcmp(argv[i], "--quiet") == 0) {
			quiet = 1;
			continue;
		}
		if (strcmp(argv[i], "--games") == 0) {
			dst = &games;
			max = 100000;
		} else if (strcmp(argv[i], "--playouts") == 0) {
			dst = &playouts;
			max = 10000000;
		} else if (strcmp(argv[i], "--players") == 0) {
			dst = &players;
			min = 2;
			max = 6;
		} else if (strcmp(argv[i], "--seed") == 0) {
			dst = &seed;
			min = 0;
			max = 2147483647;
		}
		if (!dst || i + 1 >= argc ||
		    parse_int(argv[++i], min, max, dst) < 0) {
			fprintf(stderr, "usage: %s [--games N] [--playouts N] "
					"[--seed S] [--players N] [--all] "
					"[--quiet]\n", argv[0]);
			return 2;
		}
	}

	if (carc_rules_builder_new(&b) < 0) {
		fprintf(stderr, "out of memory\n");
		rc = 2;
		goto out;
	}
	if (all) {
		carc_rules_builder_set(b, CARC_OPT_PHANTOM, 1);
		carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_I, 1);
		carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_II, 1);
		carc_rules_builder_set(b, CARC_OPT_LITTLE_BUILDINGS, 1);
	}
	if (carc_rules_builder_build(b, &rules) < 0 ||
	    carc_game_new(rules, (uint32_t)players, 0, &first) < 0 ||
	    !(search = mcts_new(first, (int)playouts))) {
		fprintf(stderr, "cannot create the game or the search\n");
		rc = 2;
		goto out;
	}

	for (long gi = 0; gi < games; gi++) {
		struct carc_game *g;
		uint64_t rng = (uint64_t)seed * 1000003u + (uint64_t)gi;
		double r[6];

		if (carc_game_new(rules, (uint32_t)players, rng, &g) < 0) {
			rc = 2;
			goto out;
		}
		while (!carc_game_is_over(g)) {
			carc_move_t m;

			if (carc_game_current_player(g) == 0) {
				m = mcts_choose(search, g, &rng);
			} else {
				/* the buffer follows the position's bound */
				int max = carc_game_legal_moves_max(g);
				int n = CARC_E_NOMEM;

				if (max > 0 && (size_t)max > cap) {
					carc_move_t *grown = realloc(
						moves, (size_t)max *
							       sizeof(*moves));
					if (grown) {
						moves = grown;
						cap = (size_t)max;
					}
				}
				if (max > 0 && (size_t)max <= cap)
					n = carc_game_legal_moves(g, moves,
								  cap);
				m = n > 0 ? moves[mcts_below(&rng, (uint32_t)n)]
					  : CARC_MOVE_NONE;
			}
			if (m == CARC_MOVE_NONE || carc_game_apply(g, m) < 0) {
				fprintf(stderr, "game %ld: no move\n", gi);
				carc_game_free(g);
				rc = 2;
				goto out;
			}
		}
		mcts_rewards(g, (int)players, r);
		wins += r[0] == 1.0;
		shared += r[0] > 0 && r[0] < 1.0;
		if (!quiet) {
			printf("game %ld:", gi + 1);
			for (long p = 0; p < players; p++)
				printf(" %d", carc_game_score(g, (uint32_t)p));
			printf("%s\n", r[0] == 1.0 ? "  (mcts wins)" : "");
		}
		carc_game_free(g);
	}
	printf("mcts won %d of %ld games (%.1f%%), shared %d, at %ld "
	       "playouts per move\n", wins, games, 100.0 * wins / games,
	       (int)shared, playouts);
	rc = wins * 10 >= games * 9 ? 0 : 1;
out:
	mcts_free(search);
	carc_game_free(first);
	carc_rules_unref(rules);
	carc_rules_builder_free(b);
	free(moves);
	return rc;
}
