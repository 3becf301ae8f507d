/* SPDX-License-Identifier: MIT */
/*
 * The bots of carcassonne play: random and greedy (mcts is in
 * examples/mcts-search.c).
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

uint64_t
rng_next(uint64_t *s)
{
	/* splitmix64: a small PRNG of the tool's own for the bots */
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Own score minus the best opponent's. */
static int
margin(const struct carc_game *g, uint32_t player)
{
	int n = carc_game_player_count(g);
	int best = -1000000;

	for (int p = 0; p < n; p++)
		if ((uint32_t)p != player &&
		    carc_game_score(g, (uint32_t)p) > best)
			best = carc_game_score(g, (uint32_t)p);
	return carc_game_score(g, player) - best;
}

/*
 * The greedy bot: for every legal move, play it on a scratch copy and
 * measure (own score - best opponent's score) right after it, forced
 * scoring included.  The best margin wins; ties go to a random one of
 * the tied moves.  A follower that is placed is worth a small bonus
 * while the player keeps at least two in reserve, so the bot does claim
 * features instead of always passing.
 */
carc_move_t
pick_greedy(const struct carc_game *game, const carc_move_t *moves, int n,
	    struct carc_game *scratch, uint64_t *rng)
{
	uint32_t me = (uint32_t)carc_game_current_player(game);
	int best = -1000000, n_best = 0;
	carc_move_t choice = moves[0];

	for (int i = 0; i < n; i++) {
		int v;

		carc_game_copy(scratch, game);
		if (carc_game_apply(scratch, moves[i]) < 0)
			continue;
		v = 4 * margin(scratch, me);
		if (carc_move_kind(moves[i]) == CARC_MOVE_DEPLOY &&
		    carc_game_phase(game) == CARC_PHASE_DEPLOY &&
		    carc_game_supply(game, me, CARC_FIGURE_FOLLOWER) > 2)
			v += 3;
		if (v > best) {
			best = v;
			n_best = 0;
		}
		if (v == best && rng_next(rng) % (uint64_t)++n_best == 0)
			choice = moves[i];
	}
	return choice;
}
