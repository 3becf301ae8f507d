/* SPDX-License-Identifier: MIT */
/*
 * picture-samples OUTDIR: writes the pictures that
 * tests/picture/compare-renderers.py draws with two SVG renderers:
 *
 *   crowded.svg    the moment with most figures on one feature of one
 *                  tile among seeded games where every player deploys
 *                  whenever he can and crop circles always add figures
 *   full.svg       the end of the most crowded of those games: every
 *                  tile (junctions L, W and X among them), every figure
 *                  kind, phantoms, buildings, crop circles, pennants
 *   junctions.svg  every base tile once, a thief on a road of each
 *                  junction and a phantom beside it, the places the
 *                  tile in hand fits, the last tile outlined
 *   narrow.svg     a two-tile board at the phantom step (a long title on
 *                  the narrowest picture), the start city highlighted
 *   expansions.svg The River, Inns & Cathedrals and Traders & Builders:
 *                  the first moment of a seeded game with a builder, a
 *                  pig and a large follower on the board, goods still in
 *                  an open city and goods in a player's hand
 *
 * Only the public API.  Prints one line per picture: its name and the
 * largest crowd.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#define GAMES 24
#define MAX_MOVES 1024

static void
die(const char *what, int rc)
{
	fprintf(stderr, "picture-samples: %s: %s\n", what,
		rc < 0 ? carc_strerror(rc) : "failed");
	exit(1);
}

static uint64_t
next_rand(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static struct carc_rules *
rules_with(const int *opt)
{
	struct carc_rules_builder *b = NULL;
	struct carc_rules *r = NULL;
	int rc = carc_rules_builder_new(&b);

	for (; rc == CARC_OK && opt[0]; opt += 2)
		rc = carc_rules_builder_set(b, (uint32_t)opt[0], opt[1]);
	if (rc == CARC_OK)
		rc = carc_rules_builder_build(b, &r);
	carc_rules_builder_free(b);
	if (rc < 0)
		die("rules", rc);
	return r;
}

static const int all_expansions[] = {
	CARC_OPT_PHANTOM, 1, CARC_OPT_CROP_CIRCLES_I, 1,
	CARC_OPT_CROP_CIRCLES_II, 1, CARC_OPT_LITTLE_BUILDINGS, 1, 0,
};

/* A crowd-seeking move: deploy whenever possible, crop circles add. */
static carc_move_t
crowd_move(const struct carc_game *g, uint64_t *s)
{
	static carc_move_t mv[4096];
	int n = carc_game_legal_moves(g, mv, 4096), deploys = 0;

	if (n <= 0 || n > 4096)
		die("legal moves", n);
	for (int i = 0; i < n; i++) {
		uint32_t k = carc_move_kind(mv[i]);

		if (k == CARC_MOVE_CROP_CHOICE &&
		    carc_move_figure(mv[i]) == CARC_CROP_DEPLOY)
			return mv[i];
		if (k == CARC_MOVE_DEPLOY)
			mv[deploys++] = mv[i];
	}
	if (deploys > 0 && carc_game_phase(g) != CARC_PHASE_PLACE_TILE &&
	    next_rand(s) % 8 != 0)
		return mv[next_rand(s) % (uint64_t)deploys];
	n = carc_game_legal_moves(g, mv, 4096);
	return mv[next_rand(s) % (uint64_t)n];
}

/* Most figures on one feature of one tile; a phantom among them counts
 * a little more. */
static int
crowd(const struct carc_game *g)
{
	int n = carc_game_figure_count(g), best = 0;

	for (int i = 0; i < n; i++) {
		uint32_t fi, fig;
		int32_t xi, yi;
		int here = 0;
		bool phantom = false;

		if (carc_game_figure_at(g, (uint32_t)i, NULL, NULL, &xi, &yi,
					&fi) < 0)
			continue;
		for (int j = 0; j < n; j++) {
			uint32_t fj;
			int32_t xj, yj;

			if (carc_game_figure_at(g, (uint32_t)j, NULL, &fig, &xj,
						&yj, &fj) == CARC_OK &&
			    xj == xi && yj == yi && fj == fi) {
				here += 2;
				phantom |= fig == CARC_FIGURE_PHANTOM;
			}
		}
		here += phantom;
		if (here > best)
			best = here;
	}
	return best;
}

static void
write_svg(const struct carc_game *g, const struct carc_render_options *o,
	  const char *dir, const char *name)
{
	int len = carc_game_render_svg(g, o, NULL, 0);
	char path[4096], *svg;
	FILE *f;

	if (len < 0)
		die(name, len);
	svg = malloc((size_t)len + 1);
	if (!svg || carc_game_render_svg(g, o, svg, (size_t)len + 1) != len)
		die(name, 0);
	snprintf(path, sizeof(path), "%s/%s.svg", dir, name);
	f = fopen(path, "w");
	if (!f || fwrite(svg, 1, (size_t)len, f) != (size_t)len ||
	    fclose(f) != 0)
		die(path, 0);
	free(svg);
}

static struct carc_game *
new_game(const int *opt, uint32_t players, uint64_t seed)
{
	struct carc_rules *r = rules_with(opt);
	struct carc_game *g = NULL;
	int rc = carc_game_new(r, players, seed, &g);

	carc_rules_unref(r);
	if (rc < 0)
		die("game", rc);
	return g;
}

static void
apply(struct carc_game *g, carc_move_t m)
{
	int rc = carc_game_apply(g, m);

	if (rc < 0)
		die("apply", rc);
}

/* Plays seeded crowd-seeking games; replays the best moment into
 * @moment and the end of that game into @end. */
static int
crowded_games(struct carc_game **moment, struct carc_game **end)
{
	int best = -1, best_move = 0;
	uint64_t best_seed = 1;

	for (uint64_t seed = 1; seed <= GAMES; seed++) {
		struct carc_game *g = new_game(all_expansions, 4, seed);
		uint64_t s = seed * 2654435761u + 7;

		for (int m = 0; m < MAX_MOVES && !carc_game_is_over(g); m++) {
			int c;

			apply(g, crowd_move(g, &s));
			c = crowd(g);
			if (c > best) {
				best = c;
				best_seed = seed;
				best_move = m + 1;
			}
		}
		carc_game_free(g);
	}
	*moment = new_game(all_expansions, 4, best_seed);
	{
		uint64_t s = best_seed * 2654435761u + 7;

		for (int m = 0; m < best_move; m++)
			apply(*moment, crowd_move(*moment, &s));
		if (carc_game_clone(*moment, end) < 0)
			die("clone", 0);
		while (!carc_game_is_over(*end))
			apply(*end, crowd_move(*end, &s));
	}
	return best / 2;
}

/* Every base tile once, each at its first legal place; a thief and a
 * phantom on the roads of each junction. */
static struct carc_game *
junctions(void)
{
	static const int opt[] = { CARC_OPT_PHANTOM, 1, 0 };
	static const char order[] = "LWXABCEFGHIJKMNOPQRSTUV";
	struct carc_game *g = new_game(opt, 3, 5);

	for (const char *t = order; *t; t++) {
		char name[2] = { *t, '\0' };
		carc_move_t mv[512];
		int n, rc = carc_game_set_next_tile(
			       g, (uint32_t)carc_tile_from_name(name));
		bool junction = strchr("LWX", *t) != NULL;

		if (rc < 0)
			die(name, rc);
		n = carc_game_legal_moves(g, mv, 512);
		if (n <= 0)
			die(name, n);
		/* the place nearest the start tile: a compact board */
		for (int i = 1; i < n; i++) {
			int32_t xi = carc_move_x(mv[i]), yi = carc_move_y(mv[i]);
			int32_t x0 = carc_move_x(mv[0]), y0 = carc_move_y(mv[0]);

			if (xi * xi + yi * yi < x0 * x0 + y0 * y0)
				mv[0] = mv[i];
		}
		apply(g, mv[0]);
		while (carc_game_phase(g) == CARC_PHASE_DEPLOY ||
		       carc_game_phase(g) == CARC_PHASE_PHANTOM) {
			carc_move_t pick = carc_move_pass();

			n = carc_game_legal_moves(g, mv, 512);
			for (int i = 0; junction && i < n; i++)
				if (carc_move_kind(mv[i]) == CARC_MOVE_DEPLOY &&
				    carc_move_feature(mv[i]) >> 4 ==
					    CARC_FEATURE_ROAD) {
					pick = mv[i];
					break;
				}
			apply(g, pick);
		}
	}
	return g;
}

static struct carc_game *
narrow(void)
{
	static const int opt[] = { CARC_OPT_PHANTOM, 1, 0 };
	struct carc_game *g = new_game(opt, 2, 3);
	carc_move_t mv[512];
	int n;

	if (carc_game_set_next_tile(g, (uint32_t)carc_tile_from_name("E")) < 0)
		die("narrow", 0);
	n = carc_game_legal_moves(g, mv, 512);
	if (n <= 0)
		die("narrow", n);
	apply(g, mv[0]);
	n = carc_game_legal_moves(g, mv, 512);
	for (int i = 0; i < n; i++)
		if (carc_move_kind(mv[i]) == CARC_MOVE_DEPLOY) {
			apply(g, mv[i]);
			break;
		}
	return g;
}

/* Expansion figures on the board: bit 0 builder, 1 pig, 2 large
 * follower; bit 3 an open city with goods, bit 4 a player's goods. */
static unsigned
expansion_marks(const struct carc_game *g)
{
	int n = carc_game_figure_count(g), np = carc_game_player_count(g);
	unsigned m = 0;

	for (int i = 0; i < n; i++) {
		uint32_t fig, f;
		int32_t x, y;

		if (carc_game_figure_at(g, (uint32_t)i, NULL, &fig, &x, &y,
					&f) < 0)
			continue;
		m |= fig == CARC_FIGURE_BUILDER		 ? 1u
		     : fig == CARC_FIGURE_PIG		 ? 2u
		     : fig == CARC_FIGURE_LARGE_FOLLOWER ? 4u
							 : 0u;
	}
	for (int i = 0; i < carc_game_tile_count(g); i++) {
		uint32_t tile, feats[16];
		int32_t x, y, done = 1;
		int nf;

		carc_game_tile_at(g, (uint32_t)i, &x, &y, &tile, NULL);
		nf = carc_tile_features(tile, feats, 16);
		for (int k = 0; k < nf && k < 16; k++)
			if (carc_tile_feature_goods(tile, feats[k]) > 0 &&
			    carc_game_feature_get(g, x, y, feats[k],
						  CARC_FEATURE_ATTR_COMPLETE,
						  &done) == CARC_OK &&
			    !done)
				m |= 8u;
	}
	for (int p = 0; p < np; p++)
		for (uint32_t k = 1; k <= 3; k++)
			if (carc_game_goods(g, (uint32_t)p, k) > 0)
				m |= 16u;
	return m;
}

/* A move that puts out the builder, the pig or the large follower when
 * it can, else a follower on a road or city, else at random. */
static carc_move_t
expansion_move(const struct carc_game *g, uint64_t *s)
{
	static carc_move_t mv[4096];
	int n = carc_game_legal_moves(g, mv, 4096), k = -1;

	if (n <= 0 || n > 4096)
		die("legal moves", n);
	for (int i = 0; i < n && k < 0; i++)
		if (carc_move_kind(mv[i]) == CARC_MOVE_DEPLOY &&
		    carc_move_figure(mv[i]) != CARC_FIGURE_FOLLOWER)
			k = i;
	for (int i = 0; i < n && k < 0; i++)
		if (carc_move_kind(mv[i]) == CARC_MOVE_DEPLOY &&
		    carc_move_feature(mv[i]) >> 4 != CARC_FEATURE_FIELD &&
		    next_rand(s) % 2 == 0)
			k = i;
	return mv[k >= 0 ? k : (int)(next_rand(s) % (uint64_t)n)];
}

static struct carc_game *
expansions(void)
{
	static const int opt[] = {
		CARC_OPT_RIVER, 1, CARC_OPT_INNS_CATHEDRALS, 1,
		CARC_OPT_TRADERS_BUILDERS, 1, 0,
	};

	for (uint64_t seed = 1; seed <= 200; seed++) {
		struct carc_game *g = new_game(opt, 3, seed);
		uint64_t s = seed * 2654435761u + 3;

		for (int m = 0; m < MAX_MOVES && !carc_game_is_over(g); m++) {
			apply(g, expansion_move(g, &s));
			if (carc_game_phase(g) == CARC_PHASE_PLACE_TILE &&
			    expansion_marks(g) == 31u)
				return g;
		}
		carc_game_free(g);
	}
	die("no game shows every expansion", 0);
	return NULL;
}

int
main(int argc, char **argv)
{
	struct carc_render_options o;
	struct carc_game *moment, *end, *g;
	int most;

	if (argc != 2) {
		fprintf(stderr, "usage: picture-samples OUTDIR\n");
		return 2;
	}
	memset(&o, 0, sizeof(o));
	o.size = sizeof(o);
	o.tile_size = 100;
	most = crowded_games(&moment, &end);
	o.flags = CARC_RENDER_LAST_MOVE;
	write_svg(moment, &o, argv[1], "crowded");
	printf("crowded %d\n", most);
	o.flags = 0;
	write_svg(end, &o, argv[1], "full");
	printf("full %d\n", crowd(end) / 2);
	carc_game_free(moment);
	carc_game_free(end);
	g = junctions();
	o.flags = CARC_RENDER_LAST_MOVE | CARC_RENDER_PLACEMENTS;
	write_svg(g, &o, argv[1], "junctions");
	printf("junctions %d\n", crowd(g) / 2);
	carc_game_free(g);
	g = narrow();
	o.flags = CARC_RENDER_FEATURE;
	o.feature_x = 0;
	o.feature_y = 0;
	o.feature_id = CARC_C1;
	write_svg(g, &o, argv[1], "narrow");
	printf("narrow %d\n", crowd(g) / 2);
	carc_game_free(g);
	g = expansions();
	o.flags = CARC_RENDER_LAST_MOVE;
	write_svg(g, &o, argv[1], "expansions");
	printf("expansions %d\n", crowd(g) / 2);
	carc_game_free(g);
	return 0;
}
