/* SPDX-License-Identifier: MIT */
/*
 * The bots of carcassonne play: random, greedy and mcts, all from the
 * library (<carcassonne/search.h>); this file only feeds them seeds.
 */
#include "config.h"

#include <string.h>

#include <carcassonne/carcassonne.h>
#include <carcassonne/search.h>

#include "common.h"

uint64_t
rng_next(uint64_t *s)
{
	/* splitmix64: the tool's stream of seeds for the bots */
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

int
bot_move(const struct carc_game *game, uint32_t kind, uint32_t playouts,
	 uint64_t *rng, carc_move_t *out)
{
	struct carc_bot_options o;

	memset(&o, 0, sizeof(o));
	o.size = sizeof(o);
	o.kind = kind;
	o.playouts = playouts;
	if (kind == CARC_BOT_RANDOM) {
		/* the random bot takes the first output of the generator
		 * seeded with o.seed, which is rng_next(rng): the moves of
		 * the tool's random games are those of version 0.2 */
		o.seed = *rng;
		*rng += 0x9e3779b97f4a7c15ull;
	} else {
		o.seed = rng_next(rng);
	}
	return carc_bot_choose(game, &o, out, NULL);
}
