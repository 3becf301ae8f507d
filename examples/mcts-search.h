/* SPDX-License-Identifier: CC0-1.0 */
/*
 * mcts-search: an information-set Monte Carlo tree search on the public
 * API of libcarcassonne (see mcts-search.c).  Free to copy.
 */
#ifndef MCTS_SEARCH_H
#define MCTS_SEARCH_H

#include <stdint.h>

#include <carcassonne/carcassonne.h>

struct mcts;

/* A search of @playouts iterations per decision, for games with the rules
 * and player count of @like.  NULL when out of memory. */
struct mcts *mcts_new(const struct carc_game *like, int playouts);

void mcts_free(struct mcts *m);

/* The move the search chooses for the player to move in @game, or
 * CARC_MOVE_NONE on an error.  @rng is the caller's generator state. */
carc_move_t mcts_choose(struct mcts *m, const struct carc_game *game,
			uint64_t *rng);

/* 1 for a win, 1/2 each for a shared win, 0 for a loss, per player. */
void mcts_rewards(const struct carc_game *g, int n_players, double *out);

/* splitmix64, and a draw below @n from it. */
uint64_t mcts_random(uint64_t *s);
uint32_t mcts_below(uint64_t *s, uint32_t n);

#endif /* MCTS_SEARCH_H */
