/* SPDX-License-Identifier: MIT */
/*
 * The reference move generator (see reference-moves.h).  Plain code for
 * clarity, not speed: every placement is found by trying every empty
 * position next to the board in every rotation and comparing every side;
 * every deployment by walking the board feature of every feature of the
 * placed tile.  Board facts come only from the public API (tiles and
 * figures on the board, supplies, options, the move history); the rules
 * are those of doc/users/rules.md, cited at each step.
 */
#include <stdlib.h>
#include <string.h>

#include "reference-moves.h"

#define MAX_PLAYERS 6
#define MAX_FEATURES 16
/* slots per tile in the walk's visited array: feature ids are
 * kind * 16 + number with kind 1-4 */
#define SLOTS 80

static const int32_t DX[4] = { 0, 1, 0, -1 };
static const int32_t DY[4] = { -1, 0, 1, 0 };

/* Everything on the board, read once per call. */
struct board {
	const struct carc_game *g;
	int n;				/* tiles */
	int32_t *x, *y;
	uint32_t *type, *rot;
	int nf;				/* figures */
	uint32_t *fplayer, *ffig, *ffeat;
	int *ftile;			/* placement index of the figure's tile */
	unsigned char *seen;		/* n * SLOTS, for the walks */
};

static void
board_free(struct board *b)
{
	free(b->x);
	free(b->y);
	free(b->type);
	free(b->rot);
	free(b->fplayer);
	free(b->ffig);
	free(b->ffeat);
	free(b->ftile);
	free(b->seen);
}

static int
board_read(const struct carc_game *g, struct board *b)
{
	int n = carc_game_tile_count(g), nf = carc_game_figure_count(g);
	size_t sn = n > 0 ? (size_t)n : 1, sf = nf > 0 ? (size_t)nf : 1;

	memset(b, 0, sizeof(*b));
	b->g = g;
	if (n < 1 || nf < 0)
		return -1;
	b->n = n;
	b->nf = nf;
	b->x = calloc(sn, sizeof(*b->x));
	b->y = calloc(sn, sizeof(*b->y));
	b->type = calloc(sn, sizeof(*b->type));
	b->rot = calloc(sn, sizeof(*b->rot));
	b->fplayer = calloc(sf, sizeof(*b->fplayer));
	b->ffig = calloc(sf, sizeof(*b->ffig));
	b->ffeat = calloc(sf, sizeof(*b->ffeat));
	b->ftile = calloc(sf, sizeof(*b->ftile));
	b->seen = calloc(sn * SLOTS, 1);
	if (!b->x || !b->y || !b->type || !b->rot || !b->fplayer ||
	    !b->ffig || !b->ffeat || !b->ftile || !b->seen)
		return -1;
	for (int i = 0; i < n; i++)
		if (carc_game_tile_at(g, (uint32_t)i, &b->x[i], &b->y[i],
				      &b->type[i], &b->rot[i]) != CARC_OK)
			return -1;
	/* the followers only: Traders & Builders' builder and pig are no
	 * followers (doc/users/rules.md#traders-builder, #traders-pig) and
	 * stand only where their owner has one */
	b->nf = 0;
	for (int i = 0; i < nf; i++) {
		int32_t fx, fy;
		int k = b->nf;

		if (carc_game_figure_at(g, (uint32_t)i, &b->fplayer[k],
					&b->ffig[k], &fx, &fy,
					&b->ffeat[k]) != CARC_OK)
			return -1;
		if (b->ffig[k] == CARC_FIGURE_BUILDER ||
		    b->ffig[k] == CARC_FIGURE_PIG)
			continue;
		b->ftile[k] = carc_game_tile_find(g, fx, fy);
		if (b->ftile[k] < 0)
			return -1;
		b->nf++;
	}
	return 0;
}

/* Placement index of the tile at (x, y), or -1 for an empty position. */
static int
tile_index(const struct board *b, int32_t x, int32_t y)
{
	int i = carc_game_tile_find(b->g, x, y);

	return i >= 0 ? i : -1;
}

static int
slot(uint32_t feature)
{
	return (int)(((feature >> 4) - 1) * 16 + (feature & 15));
}

/* The feature of kind @kind of tile @t that reaches border bit @bit
 * (a side for cities and roads, a half-edge for fields), or 0. */
static uint32_t
feature_at_border(const struct board *b, int t, uint32_t kind, int bit)
{
	uint32_t feats[MAX_FEATURES];
	int n = carc_tile_features(b->type[t], feats, MAX_FEATURES);

	for (int i = 0; i < n; i++) {
		int mask;

		if (feats[i] >> 4 != kind)
			continue;
		mask = carc_tile_feature_sides(b->type[t], b->rot[t],
					       feats[i]);
		if (mask > 0 && (mask >> bit & 1))
			return feats[i];
	}
	return 0;
}

/*
 * Walk the board feature containing @feature of tile @t
 * (doc/users/rules.md#connectivity): a city or road piece joins the piece of
 * the same kind on the opposite side of the neighbour across each of its
 * sides; a field piece joins the field across each of its half-edges,
 * half h meeting half ((h / 2 + 2) % 4) * 2 + 1 - h % 2
 * (doc/users/rules.md#half-edges).  Marks the pieces in b->seen and returns
 * whether some side of a city or road piece faces an empty position.
 */
static int
walk(struct board *b, int t, uint32_t feature)
{
	int *stack_t, *stack_f, top = 0, open = 0;
	uint32_t kind = feature >> 4;
	size_t cap = (size_t)b->n * SLOTS;

	memset(b->seen, 0, cap);
	if (kind == CARC_FEATURE_MONASTERY) {
		b->seen[t * SLOTS + slot(feature)] = 1;
		return 0;
	}
	stack_t = malloc(cap * sizeof(*stack_t));
	stack_f = malloc(cap * sizeof(*stack_f));
	if (!stack_t || !stack_f) {
		free(stack_t);
		free(stack_f);
		return -1;
	}
	b->seen[t * SLOTS + slot(feature)] = 1;
	stack_t[top] = t;
	stack_f[top++] = (int)feature;
	while (top > 0) {
		int pt = stack_t[--top];
		uint32_t pf = (uint32_t)stack_f[top];
		int mask = carc_tile_feature_sides(b->type[pt], b->rot[pt], pf);
		int bits = kind == CARC_FEATURE_FIELD ? 8 : 4;

		for (int bit = 0; bit < bits; bit++) {
			int side = kind == CARC_FEATURE_FIELD ? bit / 2 : bit;
			int other, nt;
			uint32_t nf;

			if (!(mask >> bit & 1))
				continue;
			nt = tile_index(b, b->x[pt] + DX[side],
					b->y[pt] + DY[side]);
			if (nt < 0) {
				open = 1;
				continue;
			}
			other = kind == CARC_FEATURE_FIELD
				? ((bit / 2 + 2) % 4) * 2 + 1 - bit % 2
				: (bit + 2) % 4;
			nf = feature_at_border(b, nt, kind, other);
			if (nf == 0 || b->seen[nt * SLOTS + slot(nf)])
				continue;
			b->seen[nt * SLOTS + slot(nf)] = 1;
			stack_t[top] = nt;
			stack_f[top++] = (int)nf;
		}
	}
	free(stack_t);
	free(stack_f);
	return open;
}

/* Figures on the board feature of @feature of tile @t, per player. */
static int
figures_on(struct board *b, int t, uint32_t feature, int *per_player)
{
	int total = 0;

	if (per_player)
		memset(per_player, 0, MAX_PLAYERS * sizeof(*per_player));
	if (walk(b, t, feature) < 0)
		return -1;
	for (int i = 0; i < b->nf; i++) {
		if (!b->seen[b->ftile[i] * SLOTS + slot(b->ffeat[i])])
			continue;
		total++;
		if (per_player && b->fplayer[i] < MAX_PLAYERS)
			per_player[b->fplayer[i]]++;
	}
	return total;
}

int
ref_feature_figures(const struct carc_game *game, int32_t x, int32_t y,
		    uint32_t feature, int *player_counts)
{
	struct board b;
	int t, rc = -1;

	if (board_read(game, &b) == 0 && (t = tile_index(&b, x, y)) >= 0)
		rc = figures_on(&b, t, feature, player_counts);
	board_free(&b);
	return rc;
}

int
ref_feature_is_complete(const struct carc_game *game, int32_t x, int32_t y,
			uint32_t feature)
{
	struct board b;
	int t, rc = -1;

	if (board_read(game, &b) == 0 && (t = tile_index(&b, x, y)) >= 0) {
		if (feature >> 4 == CARC_FEATURE_FIELD) {
			rc = 0;		/* fields never complete */
		} else if (feature >> 4 == CARC_FEATURE_MONASTERY) {
			rc = 1;		/* all eight neighbours present */
			for (int dy = -1; dy <= 1; dy++)
				for (int dx = -1; dx <= 1; dx++)
					if (tile_index(&b, x + dx, y + dy) < 0)
						rc = 0;
		} else {
			int open = walk(&b, t, feature);

			rc = open < 0 ? -1 : !open;
		}
	}
	board_free(&b);
	return rc;
}

/*
 * doc/users/rules.md#traders-second-tile: the tile just placed extends a
 * road or city holding @player's builder when one of its road or city
 * pieces joins the board feature of the builder's piece.  The builder
 * stands on an earlier tile (it is deployed after the placement), so it
 * was there before this tile.
 */
int
ref_builder_extended(const struct carc_game *game, uint32_t player)
{
	struct board b;
	int nf = carc_game_figure_count(game), bt = -1, rc = -1;
	uint32_t bfeat = 0;

	if (nf < 0 || board_read(game, &b) < 0) {
		board_free(&b);
		return -1;
	}
	for (int i = 0; i < nf; i++) {
		uint32_t p, fig, f;
		int32_t x, y;

		if (carc_game_figure_at(game, (uint32_t)i, &p, &fig, &x, &y,
					&f) != CARC_OK)
			goto out;
		if (p == player && fig == CARC_FIGURE_BUILDER) {
			bt = tile_index(&b, x, y);
			bfeat = f;
		}
	}
	rc = 0;
	if (bt >= 0 && bt != b.n - 1) {
		int t = b.n - 1;
		uint32_t feats[MAX_FEATURES];
		int nfeat = carc_tile_features(b.type[t], feats, MAX_FEATURES);

		for (int i = 0; i < nfeat && rc == 0; i++) {
			uint32_t kind = feats[i] >> 4;

			if (kind != CARC_FEATURE_ROAD && kind != CARC_FEATURE_CITY)
				continue;
			if (walk(&b, t, feats[i]) < 0) {
				rc = -1;
				break;
			}
			rc = b.seen[bt * SLOTS + slot(bfeat)];
		}
	}
out:
	board_free(&b);
	return rc;
}

/* ---- the decision points ------------------------------------------ */

struct out {
	carc_move_t *moves;
	size_t cap;
	int n;
	int overflow;
};

static void
emit(struct out *o, carc_move_t m)
{
	if ((size_t)o->n < o->cap)
		o->moves[o->n] = m;
	else
		o->overflow = 1;
	o->n++;
}

static int32_t
opt(const struct carc_game *g, uint32_t option)
{
	int32_t v = 0;

	carc_rules_get(carc_game_rules(g), option, &v);
	return v;
}

/* The lowest side in the side bits @v (not 0). */
static uint32_t
first_side(uint32_t v)
{
	uint32_t s = 0;

	while (!(v & (1u << s)))
		s++;
	return s;
}

/* The river sides of @tile in rotation @r, as side bits. */
static uint32_t
river_sides(uint32_t tile, uint32_t r)
{
	uint32_t v = 0;

	for (uint32_t s = 0; s < 4; s++)
		if (carc_tile_edge(tile, r, s) == CARC_EDGE_RIVER)
			v |= 1u << s;
	return v;
}

/*
 * The river on the board (doc/users/rules.md#river): followed from the
 * spring, the first tile, along its river sides.  Gives whether it has
 * an open end, the position there and the direction it flows into it,
 * the turn of the last river tile (0 straight or the spring, 1 right,
 * 3 left) and of the last curve (0 before any).
 */
struct river {
	int open;
	int32_t x, y;
	uint32_t dir, last, curve;
};

static void
follow_river(const struct board *b, struct river *rv)
{
	uint32_t v = river_sides(b->type[0], b->rot[0]);
	int32_t x = b->x[0], y = b->y[0];

	memset(rv, 0, sizeof(*rv));
	if (v == 0)
		return;
	rv->dir = first_side(v);
	for (;;) {
		int t;
		uint32_t exit;

		x += DX[rv->dir];
		y += DY[rv->dir];
		t = tile_index(b, x, y);
		if (t < 0) {
			rv->open = 1;
			rv->x = x;
			rv->y = y;
			return;
		}
		exit = river_sides(b->type[t], b->rot[t]) &
		       ~(1u << ((rv->dir + 2) % 4));
		if (exit == 0)
			return;		/* the lake */
		rv->last = (first_side(exit) - rv->dir) & 3;
		if (rv->last)
			rv->curve = rv->last;
		rv->dir = first_side(exit);
	}
}

int
ref_river_check(const struct carc_game *game)
{
	struct board b;
	struct river rv;
	int32_t x, y;
	uint32_t dir, v;
	int on_course = 0, river_tiles = 0, rc = -1, lake = 0;

	if (board_read(game, &b) < 0)
		goto out;
	for (int i = 0; i < b.n; i++) {
		if (river_sides(b.type[i], b.rot[i]) != 0)
			river_tiles++;
		lake |= b.type[i] == CARC_TILE_RI_2;
	}
	v = river_sides(b.type[0], b.rot[0]);
	if (v == 0) {
		rc = river_tiles == 0;
		goto out;
	}
	/* the spring, then every tile the river flows through */
	on_course = 1;
	x = b.x[0];
	y = b.y[0];
	dir = first_side(v);
	for (;;) {
		int t;
		uint32_t exit;

		x += DX[dir];
		y += DY[dir];
		t = tile_index(&b, x, y);
		if (t < 0)
			break;
		on_course++;
		exit = river_sides(b.type[t], b.rot[t]) &
		       ~(1u << ((dir + 2) % 4));
		if (exit == 0)
			break;
		dir = first_side(exit);
	}
	follow_river(&b, &rv);
	rc = on_course == river_tiles && (!lake || !rv.open);
out:
	board_free(&b);
	return rc;
}

/* doc/users/rules.md#river-placement, #river-u-turn: a river tile goes
 * only on the river's open end, and the U-turn option may refuse it. */
static int
river_allows(const struct board *b, const struct river *rv, uint32_t tile,
	     int32_t x, int32_t y, uint32_t r)
{
	uint32_t v = river_sides(tile, 0), exit, e, turn;

	if (v == 0)
		return 1;		/* not a river tile */
	if (!rv->open || x != rv->x || y != rv->y)
		return 0;
	v = river_sides(tile, r);
	if (!(v & (1u << ((rv->dir + 2) % 4))))
		return 0;
	exit = v & ~(1u << ((rv->dir + 2) % 4));
	if (exit == 0)
		return 1;		/* the lake */
	e = first_side(exit);
	turn = (e - rv->dir) & 3;
	switch (opt(b->g, CARC_OPT_RIVER_U_TURN)) {
	case CARC_RIVER_U_ADJACENT:
		return turn == 0 || turn != rv->last;
	case CARC_RIVER_U_SUCCESSIVE:
		return turn == 0 || turn != rv->curve;
	case CARC_RIVER_U_JCZ: {
		/* five positions ahead: beside the next one, the one after
		 * it and beside that */
		int32_t ax = x + DX[e], ay = y + DY[e];
		int32_t bx = ax + DX[e], by = ay + DY[e];
		uint32_t left = (e + 3) % 4, right = (e + 1) % 4;

		return tile_index(b, ax + DX[left], ay + DY[left]) < 0 &&
		       tile_index(b, ax + DX[right], ay + DY[right]) < 0 &&
		       tile_index(b, bx, by) < 0 &&
		       tile_index(b, bx + DX[left], by + DY[left]) < 0 &&
		       tile_index(b, bx + DX[right], by + DY[right]) < 0;
	}
	default:
		return 1;
	}
}

/*
 * doc/users/rules.md#placement: an empty position sharing at least one side
 * with a placed tile, every shared side matching (a river side only a
 * river side).  Candidates are all neighbours of placed tiles, sorted by
 * y, then x; rotations 0-3.  A river tile besides continues the river
 * (river_allows()).  With river-lake-turn automatic the lake is never a
 * player's tile (doc/users/rules.md#river-lake-turn): a lake in hand is
 * an error.
 */
static int
list_placements(struct board *b, struct out *o)
{
	int tile = carc_game_current_tile(b->g);
	int32_t minx = 0, maxx = 0, miny = 0, maxy = 0;
	struct river rv;

	if (tile < 0)
		return -1;
	if (tile == CARC_TILE_RI_2 &&
	    opt(b->g, CARC_OPT_RIVER_LAKE_TURN) == CARC_RIVER_LAKE_AUTOMATIC)
		return -1;
	follow_river(b, &rv);
	for (int i = 0; i < b->n; i++) {
		minx = b->x[i] < minx ? b->x[i] : minx;
		maxx = b->x[i] > maxx ? b->x[i] : maxx;
		miny = b->y[i] < miny ? b->y[i] : miny;
		maxy = b->y[i] > maxy ? b->y[i] : maxy;
	}
	/* every position of the bounding box grown by one, north to south,
	 * west to east: a superset of the empty neighbours */
	for (int32_t y = miny - 1; y <= maxy + 1; y++) {
		for (int32_t x = minx - 1; x <= maxx + 1; x++) {
			if (tile_index(b, x, y) >= 0)
				continue;
			for (uint32_t r = 0; r < 4; r++) {
				int neighbours = 0, fits = 1;

				for (uint32_t s = 0; s < 4; s++) {
					int nt = tile_index(b, x + DX[s],
							    y + DY[s]);

					if (nt < 0)
						continue;
					neighbours++;
					if (carc_tile_edge((uint32_t)tile, r, s) !=
					    carc_tile_edge(b->type[nt],
							   b->rot[nt],
							   (s + 2) % 4))
						fits = 0;
				}
				if (neighbours > 0 && fits &&
				    river_allows(b, &rv, (uint32_t)tile, x, y,
						 r))
					emit(o, carc_move_place(x, y, r));
			}
		}
	}
	return 0;
}

/* @figure of @player on each feature of the tile just placed whose board
 * feature holds no figure, no field without farmers. */
static int
list_figure_on_tile(struct board *b, struct out *o, uint32_t player,
		    uint32_t figure)
{
	int t = b->n - 1;	/* the tile just placed is the last one */
	uint32_t feats[MAX_FEATURES];
	int nfeat = carc_tile_features(b->type[t], feats, MAX_FEATURES);
	int farmers = opt(b->g, CARC_OPT_FARMERS);

	if (carc_game_supply(b->g, player, figure) <= 0)
		return 0;
	for (int i = 0; i < nfeat; i++) {
		int on;

		if (feats[i] >> 4 == CARC_FEATURE_FIELD && !farmers)
			continue;
		on = figures_on(b, t, feats[i], NULL);
		if (on < 0)
			return -1;
		if (on == 0)
			emit(o, carc_move_deploy(figure, b->x[t], b->y[t],
						 feats[i]));
	}
	return 0;
}

/*
 * doc/users/rules.md#deployment (and #phantom-step for the phantom): a figure
 * on a feature of the tile just placed whose board feature holds no
 * figure; no field without farmers; in the deployment step then the large
 * follower the same way (doc/users/rules.md#ic-large-follower), then with
 * Little Buildings each kind of building left in the supply
 * (doc/users/rules.md#lb-building); then pass.
 */
static int
list_tile_deploys(struct board *b, struct out *o, uint32_t player,
		  uint32_t figure)
{
	int t = b->n - 1;

	if (list_figure_on_tile(b, o, player, figure) < 0)
		return -1;
	if (figure == CARC_FIGURE_FOLLOWER &&
	    opt(b->g, CARC_OPT_INNS_CATHEDRALS) &&
	    list_figure_on_tile(b, o, player, CARC_FIGURE_LARGE_FOLLOWER) < 0)
		return -1;
	/* doc/users/rules.md#traders-builder, #traders-pig: the builder on a
	 * road or city, the pig in a field, of the tile just placed, whose
	 * board feature holds a follower of the player; with
	 * builder-on-completed off not on a road or city that has no side
	 * left facing an empty position (#builder-on-completed) */
	if (figure == CARC_FIGURE_FOLLOWER &&
	    opt(b->g, CARC_OPT_TRADERS_BUILDERS)) {
		uint32_t feats[MAX_FEATURES];
		int nfeat = carc_tile_features(b->type[t], feats, MAX_FEATURES);

		for (uint32_t fig = CARC_FIGURE_BUILDER;
		     fig <= CARC_FIGURE_PIG; fig++) {
			if (carc_game_supply(b->g, player, fig) <= 0)
				continue;
			for (int i = 0; i < nfeat; i++) {
				uint32_t kind = feats[i] >> 4;
				int per[MAX_PLAYERS];

				if (fig == CARC_FIGURE_BUILDER
					    ? kind != CARC_FEATURE_CITY &&
						      kind != CARC_FEATURE_ROAD
					    : kind != CARC_FEATURE_FIELD ||
						      !opt(b->g,
							   CARC_OPT_FARMERS))
					continue;
				if (figures_on(b, t, feats[i], per) < 0)
					return -1;
				if (fig == CARC_FIGURE_BUILDER &&
				    !opt(b->g, CARC_OPT_BUILDER_ON_COMPLETED)) {
					int open = walk(b, t, feats[i]);

					if (open < 0)
						return -1;
					if (!open)
						continue;
				}
				if (per[player] > 0)
					emit(o, carc_move_deploy(fig, b->x[t],
								 b->y[t],
								 feats[i]));
			}
		}
	}
	if (figure == CARC_FIGURE_FOLLOWER &&
	    opt(b->g, CARC_OPT_LITTLE_BUILDINGS)) {
		static const uint32_t kinds[3] = { CARC_FIGURE_TOWER,
			CARC_FIGURE_HOUSE, CARC_FIGURE_SHED };

		for (int k = 0; k < 3; k++)
			if (carc_game_supply(b->g, player, kinds[k]) > 0)
				emit(o, carc_move_build(kinds[k], b->x[t],
							b->y[t]));
	}
	emit(o, carc_move_pass());
	return 0;
}

/* The player who made the crop-circle choice of the current round: the
 * player to move at that decision (doc/users/rules.md#crop-choice: the
 * active player chooses), found by taking the moves since back on a
 * clone (test-reference.c checks the player of every decision that is
 * not a response against its own count of the turns). */
static int
crop_chooser(const struct carc_game *g, int choice_at, uint32_t *active)
{
	struct carc_game *c = NULL;
	int rc = -1, p;

	if (carc_game_clone(g, &c) != CARC_OK)
		return -1;
	while (carc_game_history_count(c) > choice_at)
		if (carc_game_undo(c) != CARC_OK)
			goto out;
	p = carc_game_current_player(c);
	if (p >= 0 && carc_game_phase(c) == CARC_PHASE_CROP_CHOICE) {
		*active = (uint32_t)p;
		rc = 0;
	}
out:
	carc_game_free(c);
	return rc;
}

/* The turn so far, from the history: the active player (player 0
 * places first and the turns go round, doc/users/rules.md#turn) and whether he
 * put his phantom on the board in this turn's phantom step. */
static int
turn_facts(const struct carc_game *g, uint32_t *active, int *phantom_now)
{
	int h = carc_game_history_count(g), places = 0, since = -1;
	int n = carc_game_player_count(g), choice_at = -1;

	if (h < 0 || n < 2)
		return -1;
	for (int i = 0; i < h; i++) {
		carc_move_t m;

		if (carc_game_history_at(g, (uint32_t)i, &m) != CARC_OK)
			return -1;
		/* the builder's second tile: the same player places again
		 * (doc/users/rules.md#traders-second-tile; a mandatory
		 * second tile leaves no mark, see below) */
		if (carc_move_kind(m) == CARC_MOVE_SECOND_TILE)
			places--;
		if (carc_move_kind(m) == CARC_MOVE_CROP_CHOICE)
			choice_at = i;
		if (carc_move_kind(m) == CARC_MOVE_PLACE) {
			places++;
			since = i;
		}
	}
	if (since < 0)
		return -1;
	*active = (uint32_t)((places - 1) % n);
	/* a mandatory second tile (doc/users/rules.md#builder-turn-optional)
	 * leaves no move in the history: the active player of a crop-circle
	 * round is then the one who chose, at the choice itself the player
	 * to move */
	if (opt(g, CARC_OPT_TRADERS_BUILDERS) &&
	    opt(g, CARC_OPT_BUILDER_TURN) == CARC_BUILDER_TURN_MANDATORY) {
		int phase = carc_game_phase(g);

		if (phase == CARC_PHASE_CROP_CHOICE) {
			int p = carc_game_current_player(g);

			if (p < 0)
				return -1;
			*active = (uint32_t)p;
		} else if (phase == CARC_PHASE_CROP_RESPONSE &&
			   (choice_at < since ||
			    crop_chooser(g, choice_at, active) < 0)) {
			return -1;
		}
	}
	*phantom_now = 0;
	for (int i = since + 1; i < h; i++) {
		carc_move_t m;

		carc_game_history_at(g, (uint32_t)i, &m);
		if (carc_move_kind(m) == CARC_MOVE_CROP_CHOICE)
			break;
		if (carc_move_kind(m) == CARC_MOVE_DEPLOY &&
		    carc_move_figure(m) == CARC_FIGURE_PHANTOM)
			*phantom_now = 1;
	}
	return 0;
}

/* The feature kind the crop circle of the tile just placed affects
 * (doc/users/rules.md#crop-symbols), 0 when it has none or when it is a
 * pitchfork without farmers (doc/users/rules.md#crop-pitchfork-no-farmers). */
static uint32_t
crop_kind(const struct board *b)
{
	switch (carc_tile_symbol(b->type[b->n - 1])) {
	case CARC_SYMBOL_PITCHFORK:
		return opt(b->g, CARC_OPT_FARMERS) ? CARC_FEATURE_FIELD : 0;
	case CARC_SYMBOL_CLUB:
		return CARC_FEATURE_ROAD;
	case CARC_SYMBOL_SHIELD:
		return CARC_FEATURE_CITY;
	}
	return 0;
}

/* Whether figure i takes part in the crop-circle action: it stands on a
 * feature of the kind, and is not the phantom when the phantom is kept
 * out (doc/users/rules.md#crop-options). */
static int
crop_takes_part(const struct board *b, int i, uint32_t kind)
{
	return b->ffeat[i] >> 4 == kind &&
	       (b->ffig[i] != CARC_FIGURE_PHANTOM ||
		opt(b->g, CARC_OPT_CROP_PHANTOM));
}

/* Figures @player may add under deploy: bit per carc_figure. */
static uint32_t
crop_addable(const struct board *b, uint32_t player, uint32_t active,
	     int phantom_now)
{
	uint32_t figs = 0;

	/* doc/users/rules.md#crop-after-phantom */
	if (player == active && phantom_now &&
	    !opt(b->g, CARC_OPT_CROP_AFTER_PHANTOM))
		return 0;
	if (carc_game_supply(b->g, player, CARC_FIGURE_FOLLOWER) > 0)
		figs |= 1u << CARC_FIGURE_FOLLOWER;
	if (opt(b->g, CARC_OPT_CROP_PHANTOM) &&
	    carc_game_supply(b->g, player, CARC_FIGURE_PHANTOM) > 0)
		figs |= 1u << CARC_FIGURE_PHANTOM;
	/* doc/users/rules.md#ic-crop: the large follower is a follower */
	if (carc_game_supply(b->g, player, CARC_FIGURE_LARGE_FOLLOWER) > 0)
		figs |= 1u << CARC_FIGURE_LARGE_FOLLOWER;
	return figs;
}

/* doc/users/rules.md#crop-responses: a player acts when he has a figure of the
 * kind on the board and, under deploy, something he may add. */
static int
crop_can_act(const struct board *b, uint32_t player, uint32_t choice,
	     uint32_t kind, uint32_t active, int phantom_now)
{
	int own = 0;

	for (int i = 0; i < b->nf; i++)
		if (b->fplayer[i] == player && crop_takes_part(b, i, kind))
			own = 1;
	if (!own)
		return 0;
	return choice == CARC_CROP_REMOVE ||
	       crop_addable(b, player, active, phantom_now) != 0;
}

/* Whether piece (tile t, feature f) holds a figure that the current
 * player may add next to (doc/users/rules.md#crop-deploy, #crop-deploy-any). */
static int
crop_anchor(const struct board *b, int t, uint32_t f, uint32_t player,
	    uint32_t kind)
{
	int any = opt(b->g, CARC_OPT_CROP_DEPLOY_ANY);

	for (int i = 0; i < b->nf; i++)
		if (b->ftile[i] == t && b->ffeat[i] == f &&
		    (any || b->fplayer[i] == player) &&
		    crop_takes_part(b, i, kind))
			return 1;
	return 0;
}

/*
 * doc/users/rules.md#crop-deploy and #crop-remove, in the order of
 * doc/api/moves.md: pieces in board order (tiles in placement order, then
 * the tile's feature order).
 */
static int
list_crop_response(struct board *b, struct out *o, uint32_t player)
{
	uint32_t active, kind = crop_kind(b);
	int phantom_now, choice = carc_game_crop_action(b->g);

	if (turn_facts(b->g, &active, &phantom_now) < 0 || kind == 0)
		return -1;
	for (int t = 0; t < b->n; t++) {
		uint32_t feats[MAX_FEATURES];
		int nfeat = carc_tile_features(b->type[t], feats,
					       MAX_FEATURES);

		for (int k = 0; k < nfeat; k++) {
			uint32_t f = feats[k];

			if (choice == CARC_CROP_DEPLOY) {
				uint32_t add = crop_addable(b, player, active,
							    phantom_now);

				if (!crop_anchor(b, t, f, player, kind))
					continue;
				if (add & 1u << CARC_FIGURE_FOLLOWER)
					emit(o, carc_move_deploy(
						CARC_FIGURE_FOLLOWER, b->x[t],
						b->y[t], f));
				if (add & 1u << CARC_FIGURE_PHANTOM)
					emit(o, carc_move_deploy(
						CARC_FIGURE_PHANTOM, b->x[t],
						b->y[t], f));
				if (add & 1u << CARC_FIGURE_LARGE_FOLLOWER)
					emit(o, carc_move_deploy(
						CARC_FIGURE_LARGE_FOLLOWER,
						b->x[t], b->y[t], f));
				continue;
			}
			/* remove: his followers of the kind, piece by piece */
			for (int i = 0; i < b->nf; i++) {
				if (b->ftile[i] == t && b->ffeat[i] == f &&
				    b->fplayer[i] == player &&
				    b->ffig[i] == CARC_FIGURE_FOLLOWER &&
				    crop_takes_part(b, i, kind)) {
					emit(o, carc_move_remove(
						CARC_FIGURE_FOLLOWER, b->x[t],
						b->y[t], f));
					break;
				}
			}
		}
	}
	if (choice == CARC_CROP_REMOVE) {
		/* then his phantom, then his large follower, if it stands
		 * on a feature of the kind */
		static const uint32_t last[2] = { CARC_FIGURE_PHANTOM,
			CARC_FIGURE_LARGE_FOLLOWER };

		for (int k = 0; k < 2; k++)
			for (int i = 0; i < b->nf; i++)
				if (b->fplayer[i] == player &&
				    b->ffig[i] == last[k] &&
				    crop_takes_part(b, i, kind))
					emit(o, carc_move_remove(
						last[k], b->x[b->ftile[i]],
						b->y[b->ftile[i]],
						b->ffeat[i]));
	} else if (!opt(b->g, CARC_OPT_CROP_DEPLOY_MANDATORY)) {
		emit(o, carc_move_pass());
	}
	return 0;
}

int
ref_legal_moves(const struct carc_game *game, carc_move_t *moves,
		size_t cap)
{
	struct board b;
	struct out o = { moves, cap, 0, 0 };
	int phase = carc_game_phase(game), player;
	int rc = 0;

	player = carc_game_current_player(game);
	if (phase < 0 || player < 0)
		return -1;
	if (phase == CARC_PHASE_GAME_OVER)
		return 0;
	if (board_read(game, &b) < 0) {
		board_free(&b);
		return -1;
	}
	switch (phase) {
	case CARC_PHASE_PLACE_TILE:
		rc = list_placements(&b, &o);
		break;
	case CARC_PHASE_DEPLOY:
		rc = list_tile_deploys(&b, &o, (uint32_t)player,
				       CARC_FIGURE_FOLLOWER);
		break;
	case CARC_PHASE_PHANTOM:
		rc = list_tile_deploys(&b, &o, (uint32_t)player,
				       CARC_FIGURE_PHANTOM);
		break;
	case CARC_PHASE_CROP_CHOICE:	/* doc/users/rules.md#crop-choice */
		emit(&o, carc_move_crop_choice(CARC_CROP_DEPLOY));
		emit(&o, carc_move_crop_choice(CARC_CROP_REMOVE));
		break;
	case CARC_PHASE_CROP_RESPONSE:
		rc = list_crop_response(&b, &o, (uint32_t)player);
		break;
	case CARC_PHASE_SECOND_TILE:	/* doc/users/rules.md#traders-second-tile */
		emit(&o, carc_move_second_tile());
		emit(&o, carc_move_pass());
		break;
	default:
		rc = -1;
	}
	board_free(&b);
	if (rc < 0 || o.overflow)
		return -1;
	return o.n;
}

int
ref_crop_responders(const struct carc_game *game, uint32_t choice,
		    uint32_t *players)
{
	struct board b;
	uint32_t active, kind;
	int phantom_now, n = 0, np = carc_game_player_count(game);

	if (carc_game_phase(game) != CARC_PHASE_CROP_CHOICE ||
	    board_read(game, &b) < 0 ||
	    turn_facts(game, &active, &phantom_now) < 0) {
		board_free(&b);
		return -1;
	}
	kind = crop_kind(&b);
	/* left of the active player first, the active player last */
	for (int k = 1; k <= np; k++) {
		uint32_t p = (active + (uint32_t)k) % (uint32_t)np;

		if (crop_can_act(&b, p, choice, kind, active, phantom_now))
			players[n++] = p;
	}
	board_free(&b);
	return n;
}
