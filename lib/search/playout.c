/* SPDX-License-Identifier: MIT */
/*
 * carc_game_playout(): a game played to the end with random moves, for
 * Monte Carlo searches in any language.  Public API only.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <time.h>

#include "search-private.h"

/* Moves a playout lists without touching the heap: more than any
 * position of the standard stacks offers (8 n + 8 placements for n tiles
 * on the board); longer custom stacks grow a heap buffer. */
#define STACK_MOVES 1024

int
carc__srch_list_moves(struct srch_moves *m, const struct carc_game *g)
{
	int n = carc_game_legal_moves(g, m->v, m->cap);

	if (n > 0 && (size_t)n > m->cap) {
		size_t cap = (size_t)n + (size_t)n / 2;
		carc_move_t *grown = malloc(cap * sizeof(*grown));

		/* the old contents are listed again: no copy */
		if (!grown)
			return CARC_E_NOMEM;
		if (m->heap)
			free(m->v);
		m->v = grown;
		m->heap = 1;
		m->cap = cap;
		n = carc_game_legal_moves(g, m->v, m->cap);
	}
	return n;
}

int
carc__srch_play_out(struct carc_game *g, struct srch_moves *m, uint64_t *rng)
{
	for (;;) {
		int n = carc__srch_list_moves(m, g);
		int rc;

		if (n <= 0)
			return n;	/* 0 once the game is over */
		rc = carc_game_apply(g, m->v[srch_below(rng, (uint32_t)n)]);
		if (rc < 0)
			return rc;
	}
}

/* The tiles left sorted by type (the tile in hand stays), so that
 * positions equal in public information get the same hidden order; a
 * game at its end has none to forget. */
int
carc__srch_forget_order(struct carc_game *g)
{
	int rc = carc_game_sort_stack(g);

	return rc == CARC_E_GAME_OVER ? CARC_OK : rc;
}

uint64_t
carc__srch_now_us(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		return 0;
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

uint64_t
carc__srch_cpu_us(void)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
		return (uint64_t)ts.tv_sec * 1000000u +
		       (uint64_t)ts.tv_nsec / 1000u;
#endif
	return carc__srch_now_us();
}

CARC_EXPORT int
carc_game_playout(const struct carc_game *game, uint64_t seed, uint32_t flags,
		  int32_t *scores, size_t n_scores)
{
	carc_move_t on_stack[STACK_MOVES];
	struct srch_moves m = { on_stack, STACK_MOVES, 0 };
	struct carc_game *copy = NULL;
	uint64_t rng = seed;
	int players, rc;

	if (!game || (!scores && n_scores > 0) ||
	    (flags & ~(uint32_t)CARC_PLAYOUT_KEEP_ORDER))
		return CARC_E_INVALID;
	players = carc_game_player_count(game);
	if (players < 0)
		return players;
	rc = carc_game_clone(game, &copy);
	if (rc < 0)
		return rc;
	if (!(flags & CARC_PLAYOUT_KEEP_ORDER)) {
		rc = carc__srch_forget_order(copy);
		if (rc >= 0)
			rc = carc_game_shuffle_stack(copy, seed);
	}
	if (rc >= 0)
		rc = carc__srch_play_out(copy, &m, &rng);
	if (rc >= 0)
		for (size_t p = 0; p < (size_t)players && p < n_scores; p++)
			scores[p] = carc_game_score(copy, (uint32_t)p);
	if (m.heap)
		free(m.v);
	carc_game_free(copy);
	return rc < 0 ? rc : players;
}
