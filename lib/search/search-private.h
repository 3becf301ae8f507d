/* SPDX-License-Identifier: MIT */
/*
 * Private definitions of the search layer (lib/search/): the bots and
 * the playouts of <carcassonne/search.h>.  Like the picture layer, it
 * sits on the public API only: it includes the public headers and the C
 * library, nothing of the engine.
 */
#ifndef CARC_SEARCH_PRIVATE_H
#define CARC_SEARCH_PRIVATE_H

#include <stddef.h>
#include <stdint.h>

#include <carcassonne/carcassonne.h>
#include <carcassonne/search.h>

/* CARC_EXPORT (the library is compiled with hidden visibility) and
 * HAVE_PTHREAD: compiler and platform portability, not the engine. */
#include "compat.h"

/* splitmix64: the next output of the generator whose state is *s. */
static inline uint64_t
srch_random(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* A draw below n (n >= 1) from the top 32 bits, without division. */
static inline uint32_t
srch_below(uint64_t *s, uint32_t n)
{
	return (uint32_t)(((srch_random(s) >> 32) * n) >> 32);
}

/* A growable buffer of moves: enough for every position of a search. */
struct srch_moves {
	carc_move_t *v;
	size_t cap;
	int heap;	/* v was allocated by carc__srch_list_moves() */
};

/* The legal moves of g into m, grown to fit: their count (> 0 unless
 * the game is over), or a negative error. */
int carc__srch_list_moves(struct srch_moves *m, const struct carc_game *g);

/* Play g itself to the end with uniformly random moves drawn from *rng
 * (the documented sequence of carc_game_playout()). */
int carc__srch_play_out(struct carc_game *g, struct srch_moves *m, uint64_t *rng);

/* Forget the hidden order of g's stack: carc_game_sort_stack(), the
 * tiles left in a canonical order (by tile type, the river's parts
 * apart); nothing else changes (the same carc_game_hash()), and a game
 * at its end is left alone.  A carc_game_shuffle_stack() afterwards
 * gives an order that depends on the seed and on public information
 * only. */
int carc__srch_forget_order(struct carc_game *g);

/* Monotonic time in microseconds. */
uint64_t carc__srch_now_us(void);

/* CPU time of the calling thread in microseconds (the monotonic clock
 * where the platform has no thread CPU clock). */
uint64_t carc__srch_cpu_us(void);

/* A time limit: stop once clock() (carc__srch_now_us or
 * carc__srch_cpu_us) reaches deadline; deadline 0 for none. */
struct srch_clock {
	uint64_t (*clock)(void);
	uint64_t deadline;
};

/* Start a limit of budget_us from now on the wall clock, or with cpu on
 * the calling thread's CPU time; budget 0 for none. */
static inline void
srch_clock_start(struct srch_clock *c, int cpu, uint64_t budget_us)
{
	c->clock = cpu ? carc__srch_cpu_us : carc__srch_now_us;
	c->deadline = budget_us ? c->clock() + budget_us : 0;
}

static inline int
srch_clock_expired(const struct srch_clock *c)
{
	return c->deadline && c->clock() >= c->deadline;
}

/* The greedy bot's enumeration of a whole turn: the decisions one player
 * makes in a row until a tile is to be placed again, another player is
 * to move, or the game is over. */
#define SRCH_TURN_MAX 6

static inline int
srch_turn_over(const struct carc_game *g, uint32_t me)
{
	int phase = carc_game_phase(g);

	return phase == CARC_PHASE_PLACE_TILE ||
	       phase == CARC_PHASE_GAME_OVER || phase < 0 ||
	       (uint32_t)carc_game_current_player(g) != me;
}

/* The MCTS bot (mcts.c), with RAVE for CARC_BOT_MCTS_RAVE.  Fills
 * move_out and the statistics it knows. */
int carc__srch_mcts_choose(const struct carc_game *game,
		     const struct carc_bot_options *o, int cpu,
		     carc_move_t *move_out, struct carc_bot_stats *st);

/* The Star2.5 bot (star.c). */
int carc__srch_star_choose(const struct carc_game *game,
			   const struct carc_bot_options *o, int cpu,
			   carc_move_t *move_out, struct carc_bot_stats *st);

#endif /* CARC_SEARCH_PRIVATE_H */
