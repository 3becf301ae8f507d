/* SPDX-License-Identifier: CC0-1.0 */
/*
 * board-extents: how large do boards of random games grow?
 *
 * Plays seeded games of uniformly random legal moves and measures, for
 * each game:
 *
 * - the final board's width and height (carc_game_bounds());
 * - the reach from the board's centre: the largest distance, over every
 *   tile placement the game offered (every legal placement, not only
 *   the one played), between the placement's position and the centre of
 *   the board's bounding box at that moment, (min + max) / 2 rounded
 *   down, in each axis; a square window of 2R + 1 cells around that
 *   centre holds every placement of the game if R is at least this reach;
 * - the same reach from the start tile (0, 0).
 *
 * It prints one table per rule set (base game; the four expansions of
 * 0.3, The Phantom, Crop Circles I and II, Little Buildings; all six,
 * with The River, Inns & Cathedrals and Traders & Builders too),
 * each as counts per value and cumulative percentages; doc/api/observation.md
 * quotes them and chooses the window of the learning interface from them.
 *
 *     board-extents [--games N] [--seed S]
 *
 * The player count cycles 2, 3, 4, 5, 6 from game to game.
 *
 * Free to copy; see COPYING in this directory.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#define MAXV 128

struct hist {
	uint64_t width[MAXV], height[MAXV], side[MAXV];
	uint64_t reach_centre[MAXV], reach_origin[MAXV];
	uint64_t games;
};

static uint64_t
splitmix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint32_t
clampv(int32_t v)
{
	return v < 0 ? 0 : v >= MAXV ? MAXV - 1 : (uint32_t)v;
}

static int32_t
iabs(int32_t v)
{
	return v < 0 ? -v : v;
}

/* Floor of (a + b) / 2 for any signs. */
static int32_t
mid(int32_t a, int32_t b)
{
	int32_t s = a + b;

	return s >= 0 ? s / 2 : -((-s + 1) / 2);
}

static int
play(const struct carc_rules *rules, uint32_t players, uint64_t seed,
     uint64_t *rng, carc_move_t *moves, size_t cap, struct hist *h)
{
	struct carc_game *g;
	int32_t reach_c = 0, reach_o = 0, x0, y0, x1, y1;

	if (carc_game_new(rules, players, seed, &g) < 0)
		return -1;
	while (!carc_game_is_over(g)) {
		int n = carc_game_legal_moves(g, moves, cap);

		if (n <= 0 || (size_t)n > cap) {
			carc_game_free(g);
			return -1;
		}
		if (carc_game_phase(g) == CARC_PHASE_PLACE_TILE) {
			int32_t cx, cy;

			carc_game_bounds(g, &x0, &y0, &x1, &y1);
			cx = mid(x0, x1);
			cy = mid(y0, y1);
			for (int i = 0; i < n; i++) {
				int32_t x = carc_move_x(moves[i]);
				int32_t y = carc_move_y(moves[i]);
				int32_t dc = iabs(x - cx) > iabs(y - cy)
						     ? iabs(x - cx)
						     : iabs(y - cy);
				int32_t d0 = iabs(x) > iabs(y) ? iabs(x)
							       : iabs(y);

				if (dc > reach_c)
					reach_c = dc;
				if (d0 > reach_o)
					reach_o = d0;
			}
		}
		if (carc_game_apply(g, moves[splitmix(rng) % (uint64_t)n]) <
		    0) {
			carc_game_free(g);
			return -1;
		}
	}
	carc_game_bounds(g, &x0, &y0, &x1, &y1);
	h->width[clampv(x1 - x0 + 1)]++;
	h->height[clampv(y1 - y0 + 1)]++;
	h->side[clampv(x1 - x0 > y1 - y0 ? x1 - x0 + 1 : y1 - y0 + 1)]++;
	h->reach_centre[clampv(reach_c)]++;
	h->reach_origin[clampv(reach_o)]++;
	h->games++;
	carc_game_free(g);
	return 0;
}

static void
print_column(const char *title, const uint64_t *v, uint64_t games)
{
	uint64_t cum = 0;
	uint32_t lo = MAXV, hi = 0;

	for (uint32_t i = 0; i < MAXV; i++)
		if (v[i]) {
			if (i < lo)
				lo = i;
			hi = i;
		}
	printf("\n%s\n| value | games | cumulative %% |\n| ---: | ---: | ---: |\n",
	       title);
	for (uint32_t i = lo; i <= hi && lo < MAXV; i++) {
		cum += v[i];
		printf("| %u | %" PRIu64 " | %.3f |\n", i, v[i],
		       100.0 * (double)cum / (double)games);
	}
}

int
main(int argc, char **argv)
{
	uint64_t games = 100000, seed = 1;
	static struct hist h[3];
	static const char *const titles[3] = {
		"base game", "all expansions", "all six expansions",
	};
	carc_move_t *moves;
	size_t cap = 40000;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--games") && i + 1 < argc)
			games = strtoull(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
			seed = strtoull(argv[++i], NULL, 10);
		else {
			fprintf(stderr,
				"usage: board-extents [--games N] [--seed S]\n");
			return 2;
		}
	}
	moves = malloc(cap * sizeof(*moves));
	if (!moves)
		return 1;
	for (int set = 0; set < 3; set++) {
		struct carc_rules_builder *b;
		struct carc_rules *rules;
		uint64_t rng = seed * 1000003u + (uint64_t)set;

		if (carc_rules_builder_new(&b) < 0)
			return 1;
		if (set >= 1) {
			carc_rules_builder_set(b, CARC_OPT_PHANTOM, 1);
			carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_I, 1);
			carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_II, 1);
			carc_rules_builder_set(b, CARC_OPT_LITTLE_BUILDINGS, 1);
		}
		if (set == 2) {
			carc_rules_builder_set(b, CARC_OPT_RIVER, 1);
			carc_rules_builder_set(b, CARC_OPT_INNS_CATHEDRALS, 1);
			carc_rules_builder_set(b, CARC_OPT_TRADERS_BUILDERS, 1);
		}
		if (carc_rules_builder_build(b, &rules) < 0)
			return 1;
		carc_rules_builder_free(b);
		for (uint64_t i = 0; i < games; i++)
			if (play(rules, 2 + (uint32_t)(i % 5), seed + i, &rng,
				 moves, cap, &h[set]) < 0) {
				fprintf(stderr, "board-extents: game %" PRIu64
						" failed\n", i);
				return 1;
			}
		carc_rules_unref(rules);
		printf("\n## %s: %" PRIu64 " games, 2-6 players\n",
		       titles[set], h[set].games);
		print_column("### final width", h[set].width, h[set].games);
		print_column("### final height", h[set].height, h[set].games);
		print_column("### final larger side", h[set].side, h[set].games);
		print_column("### reach from the bounding-box centre (R)",
			     h[set].reach_centre, h[set].games);
		print_column("### reach from the start tile",
			     h[set].reach_origin, h[set].games);
	}
	free(moves);
	return 0;
}
