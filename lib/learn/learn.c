/* SPDX-License-Identifier: MIT */
/*
 * The learning interface (include/carcassonne/learn.h): a fixed action
 * space over a window that follows the board, action masks, observation
 * planes and vectors, and batched stepping.  A layer on the public API
 * only, like the picture: it includes <carcassonne/learn.h> and the C
 * library, nothing of the engine.  doc/api/observation.md is its manual.
 *
 * Every call that takes a game works on the scratch memory of the learn
 * object (the legal-move list, the window grid, the figures), allocated
 * once by carc_learn_new(), so that masks, observations and steps never
 * allocate.
 */
#include "config.h"

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/learn.h>

/* CARC_EXPORT: the library is compiled with hidden visibility. */
#include "compat.h"

#define MAX_SLOTS 16		/* feature slots a tile may have (K) */
#define MAX_OPTIONS 32		/* rule options compared and observed */
/* figures on a board: 6 players x (15 followers, the phantom, the large
 * follower, the builder, the pig) */
#define MAX_FIGURES (6 * 19)
#define N_TILES CARC_TILE_TYPES
/* tile types with an entry in layout 1's one-hot and counts
 * (CARC_LEARN_VEC_TILE, CARC_LEARN_VEC_REMAINING): the 36 of the base
 * game and the crop circles; layout 2 has the others at
 * CARC_LEARN_VEC_TILE_EXT and CARC_LEARN_VEC_REMAINING_EXT */
#define N_VEC_TILES 36
#define N_EXT_TILES (N_TILES - N_VEC_TILES)
/* what each expansion of 0.5 adds to the default window side: a ring
 * of cells (CARC_LEARN_WINDOW_DEFAULT) */
#define WINDOW_STEP 2
/* figure kinds of enum carc_figure, 1 … 8 */
#define N_FIGURE_KINDS 9

_Static_assert(CARC_LEARN_VEC_TILE_EXT + N_EXT_TILES ==
		       CARC_LEARN_VEC_REMAINING_EXT &&
	       CARC_LEARN_VEC_REMAINING_EXT + N_EXT_TILES ==
		       CARC_LEARN_VEC_RULES_EXT &&
	       CARC_LEARN_VEC_RULES_EXT + 16 == CARC_LEARN_VEC_TURN_PART &&
	       CARC_LEARN_VEC_TURN_PART + 2 == CARC_LEARN_VEC_LENGTH_MAX,
	       "layout 2's vector entries follow each other");

/* A tile of the board, as carc_game_tile_at() gives it. */
struct placed_tile {
	int32_t x, y;
	uint8_t type, rot;
};

/* What one observation learns about a board-level feature, keyed by its
 * CARC_FEATURE_ATTR_ID (valid for the call: the game does not change). */
struct feat_entry {
	int32_t id;
	uint32_t gen;			/* the call that filled it */
	uint8_t figures[6];		/* each player's figures on it */
	uint8_t open_known, complete;
};

struct carc_learn {
	struct carc_rules *rules;	/* a reference: the fast rules check */
	uint32_t players, w, r, k, f;
	uint32_t n_options;
	/* layout 2 (The River, Inns & Cathedrals or Traders & Builders):
	 * the expansion planes from ext_first and the longer vector */
	bool ext;
	uint32_t ext_first, vec_len;
	/* figure kind -> its place in a crop response's figures + 1 (0:
	 * none there) */
	uint8_t crop_slot[N_FIGURE_KINDS];
	uint8_t crop_fig[3];			/* place -> figure kind */
	int32_t options[MAX_OPTIONS + 1];	/* by option number */
	int32_t counts[N_TILES];
	struct carc_learn_shape shape;
	struct carc_learn_layout lay;	/* the sections of 0.5, layout */
	uint32_t n_planes, plane_bytes;

	/* tile tables, from the public tile calls */
	uint8_t n_feats[N_TILES];
	uint8_t feats[N_TILES][MAX_SLOTS];	/* slot -> feature id */
	uint8_t slot_of[N_TILES][0x50];		/* feature id -> slot + 1 */
	uint8_t edges[N_TILES][4][4];		/* [rot][side] -> carc_edge */
	uint8_t pennants[N_TILES];
	uint8_t symbol[N_TILES];
	uint8_t monastery[N_TILES];
	uint8_t inn[N_TILES], cathedral[N_TILES];
	uint8_t goods[N_TILES][3];		/* wine, grain, cloth symbols */
	uint8_t river[N_TILES][4];		/* [rot] -> river sides, bit s */

	/* scratch */
	carc_move_t *moves;
	size_t cap;
	uint16_t *grid;			/* window cell -> tile index + 1 */
	struct placed_tile *tiles;	/* the board, read once per call */
	uint32_t cap_tiles;
	struct feat_entry *feats_seen;	/* board features met in a call */
	uint32_t feats_mask;		/* entries - 1, a power of 2 less 1 */
	uint32_t gen;			/* entries of older calls are stale */
};

/* What every call needs to know about the current decision point. */
struct ctx {
	int phase;
	int32_t x0, y0;			/* board position of cell (0, 0) */
	int32_t min_x, min_y, max_x, max_y;
	uint32_t n_tiles;
	int32_t last_x, last_y;		/* the tile placed last */
	uint32_t last_type, last_rot;
	int crop;			/* carc_game_crop_action() */
};

/* Floor of (a + b) / 2 for any signs. */
static int32_t
mid(int32_t a, int32_t b)
{
	int64_t s = (int64_t)a + b;

	return (int32_t)(s >= 0 ? s / 2 : -((-s + 1) / 2));
}

static bool
same_rules(const struct carc_learn *l, const struct carc_rules *r)
{
	int32_t v;

	if (!r)
		return false;
	if (r == l->rules)
		return true;
	for (uint32_t o = 1; o <= l->n_options; o++)
		if (carc_rules_get(r, o, &v) < 0 || v != l->options[o])
			return false;
	for (uint32_t t = 0; t < N_TILES; t++)
		if (carc_rules_tile_count(r, t) != l->counts[t])
			return false;
	return true;
}

/* Check @g against @l and read the decision point into @c. */
static int
load_ctx(const struct carc_learn *l, const struct carc_game *g,
	 struct ctx *c)
{
	int n;

	if (!l || !g || carc_game_player_count(g) != (int)l->players ||
	    !same_rules(l, carc_game_rules(g)))
		return CARC_E_INVALID;
	c->phase = carc_game_phase(g);
	carc_game_bounds(g, &c->min_x, &c->min_y, &c->max_x, &c->max_y);
	c->x0 = mid(c->min_x, c->max_x) - (int32_t)l->r;
	c->y0 = mid(c->min_y, c->max_y) - (int32_t)l->r;
	n = carc_game_tile_count(g);
	c->n_tiles = (uint32_t)n;
	carc_game_tile_at(g, (uint32_t)n - 1, &c->last_x, &c->last_y,
			  &c->last_type, &c->last_rot);
	c->crop = c->phase == CARC_PHASE_CROP_RESPONSE
			  ? carc_game_crop_action(g)
			  : 0;
	return CARC_OK;
}

/* Window cell of board position (x, y), or -1 outside. */
static int64_t
cell_of(const struct carc_learn *l, const struct ctx *c, int32_t x,
	int32_t y)
{
	int64_t col = (int64_t)x - c->x0, row = (int64_t)y - c->y0;

	if (col < 0 || row < 0 || col >= l->w || row >= l->w)
		return -1;
	return row * l->w + col;
}

/* The crop-response action naming @figure on @feature of the tile at
 * (x, y), or a negative error. */
static int64_t
crop_index(const struct carc_learn *l, const struct carc_game *g,
	   const struct ctx *c, uint32_t figure, int32_t x, int32_t y,
	   uint32_t feature)
{
	int64_t cell = cell_of(l, c, x, y);
	uint32_t type, slot;
	int i;

	if (l->shape.crop_response_count == 0 ||
	    figure >= N_FIGURE_KINDS || !l->crop_slot[figure] || cell < 0 ||
	    feature >= 0x50)
		return CARC_E_NOT_FOUND;
	i = carc_game_tile_find(g, x, y);
	if (i < 0 || carc_game_tile_at(g, (uint32_t)i, NULL, NULL, &type,
				       NULL) < 0)
		return CARC_E_NOT_FOUND;
	slot = l->slot_of[type][feature];
	if (!slot)
		return CARC_E_NOT_FOUND;
	return l->shape.crop_response_first +
	       ((uint64_t)cell * l->k + slot - 1) * l->f +
	       l->crop_slot[figure] - 1;
}

/* The action of a deployment of @fig on @feat of the tile just placed,
 * in the section from @first (count @count), or a negative error. */
static int64_t
tile_slot_index(const struct carc_learn *l, const struct ctx *c,
		uint32_t first, uint32_t count, int32_t x, int32_t y,
		uint32_t feat)
{
	if (!count || x != c->last_x || y != c->last_y || feat >= 0x50 ||
	    !l->slot_of[c->last_type][feat])
		return CARC_E_NOT_FOUND;
	return first + l->slot_of[c->last_type][feat] - 1;
}

/* The action of @m at the decision point @c, or a negative error.  @m is
 * well formed. */
static int64_t
index_of(const struct carc_learn *l, const struct carc_game *g,
	 const struct ctx *c, carc_move_t m)
{
	const struct carc_learn_shape *s = &l->shape;
	uint32_t kind = carc_move_kind(m), fig, feat;
	int32_t x = carc_move_x(m), y = carc_move_y(m);
	int64_t cell;

	if (c->phase == CARC_PHASE_GAME_OVER)
		return CARC_E_GAME_OVER;
	switch (kind) {
	case CARC_MOVE_PLACE:
		if (c->phase != CARC_PHASE_PLACE_TILE)
			return CARC_E_WRONG_PHASE;
		cell = cell_of(l, c, x, y);
		if (cell < 0)
			return CARC_E_NOT_FOUND;
		return s->place_first + cell * 4 + carc_move_rotation(m);
	case CARC_MOVE_DEPLOY:
		fig = carc_move_figure(m);
		feat = carc_move_feature(m);
		if (c->phase == CARC_PHASE_CROP_RESPONSE &&
		    c->crop == CARC_CROP_DEPLOY)
			return crop_index(l, g, c, fig, x, y, feat);
		if (fig == CARC_FIGURE_PHANTOM) {
			if (c->phase != CARC_PHASE_PHANTOM)
				return CARC_E_WRONG_PHASE;
			return tile_slot_index(l, c, s->phantom_first,
					       s->phantom_count, x, y, feat);
		}
		if (c->phase != CARC_PHASE_DEPLOY)
			return CARC_E_WRONG_PHASE;
		switch (fig) {
		case CARC_FIGURE_TOWER:
		case CARC_FIGURE_HOUSE:
		case CARC_FIGURE_SHED:
			if (!s->build_count || x != c->last_x ||
			    y != c->last_y)
				return CARC_E_NOT_FOUND;
			return s->build_first + fig - CARC_FIGURE_TOWER;
		case CARC_FIGURE_FOLLOWER:
			return tile_slot_index(l, c, s->follower_first,
					       s->follower_count, x, y, feat);
		case CARC_FIGURE_LARGE_FOLLOWER:
			return tile_slot_index(l, c, l->lay.large_follower_first,
					       l->lay.large_follower_count, x, y,
					       feat);
		case CARC_FIGURE_BUILDER:
			return tile_slot_index(l, c, l->lay.builder_first,
					       l->lay.builder_count, x, y, feat);
		case CARC_FIGURE_PIG:
			return tile_slot_index(l, c, l->lay.pig_first,
					       l->lay.pig_count, x, y, feat);
		}
		return CARC_E_NOT_FOUND;
	case CARC_MOVE_PASS:
		if (c->phase != CARC_PHASE_DEPLOY &&
		    c->phase != CARC_PHASE_PHANTOM &&
		    c->phase != CARC_PHASE_CROP_RESPONSE &&
		    c->phase != CARC_PHASE_SECOND_TILE)
			return CARC_E_WRONG_PHASE;
		return s->pass_first;
	case CARC_MOVE_SECOND_TILE:
		if (c->phase != CARC_PHASE_SECOND_TILE)
			return CARC_E_WRONG_PHASE;
		if (!l->lay.second_tile_count)
			return CARC_E_NOT_FOUND;
		return l->lay.second_tile_first;
	case CARC_MOVE_CROP_CHOICE:
		if (c->phase != CARC_PHASE_CROP_CHOICE)
			return CARC_E_WRONG_PHASE;
		return s->crop_choice_first + carc_move_figure(m) - 1;
	case CARC_MOVE_REMOVE:
		if (c->phase != CARC_PHASE_CROP_RESPONSE ||
		    c->crop != CARC_CROP_REMOVE)
			return CARC_E_WRONG_PHASE;
		return crop_index(l, g, c, carc_move_figure(m), x, y,
				  carc_move_feature(m));
	}
	return CARC_E_INVALID;
}

/* List the legal moves into the scratch buffer. */
static int
list_moves(const struct carc_learn *l, const struct carc_game *g)
{
	int n = carc_game_legal_moves_max(g);

	if (n < 0 || (size_t)n > l->cap)
		return CARC_E_INVALID;	/* not reached for a checked game */
	return carc_game_legal_moves(g, l->moves, l->cap);
}

/* The fallback's move: the first legal move if none has an index. */
static int
fallback_move(const struct carc_learn *l, const struct carc_game *g,
	      const struct ctx *c, carc_move_t *out)
{
	int n = list_moves(l, g);

	if (n < 0)
		return n;
	for (int i = 0; i < n; i++)
		if (index_of(l, g, c, l->moves[i]) >= 0)
			return CARC_E_NOT_FOUND;
	if (n == 0)
		return CARC_E_NOT_FOUND;
	*out = l->moves[0];
	return CARC_OK;
}

/* The move of @action at @c (checked for range by the caller). */
static int
move_of(const struct carc_learn *l, const struct carc_game *g,
	const struct ctx *c, uint32_t action, carc_move_t *out)
{
	const struct carc_learn_shape *s = &l->shape;
	carc_move_t m = CARC_MOVE_NONE;
	uint32_t a, cell, slot, fig;
	int32_t x, y;

	if (c->phase == CARC_PHASE_GAME_OVER)
		return CARC_E_GAME_OVER;
	if (action < s->place_first + s->place_count) {
		if (c->phase != CARC_PHASE_PLACE_TILE)
			return CARC_E_WRONG_PHASE;
		a = action - s->place_first;
		cell = a / 4;
		m = carc_move_place(c->x0 + (int32_t)(cell % l->w),
				    c->y0 + (int32_t)(cell / l->w), a % 4);
	} else if (action < s->follower_first + s->follower_count) {
		if (c->phase != CARC_PHASE_DEPLOY)
			return CARC_E_WRONG_PHASE;
		slot = action - s->follower_first;
		if (slot >= l->n_feats[c->last_type])
			return CARC_E_NOT_FOUND;
		m = carc_move_deploy(CARC_FIGURE_FOLLOWER, c->last_x,
				     c->last_y, l->feats[c->last_type][slot]);
	} else if (action < s->phantom_first + s->phantom_count) {
		if (c->phase != CARC_PHASE_PHANTOM)
			return CARC_E_WRONG_PHASE;
		slot = action - s->phantom_first;
		if (slot >= l->n_feats[c->last_type])
			return CARC_E_NOT_FOUND;
		m = carc_move_deploy(CARC_FIGURE_PHANTOM, c->last_x,
				     c->last_y, l->feats[c->last_type][slot]);
	} else if (action < s->build_first + s->build_count) {
		if (c->phase != CARC_PHASE_DEPLOY)
			return CARC_E_WRONG_PHASE;
		m = carc_move_build(CARC_FIGURE_TOWER + action - s->build_first,
				    c->last_x, c->last_y);
	} else if (action < s->pass_first + s->pass_count) {
		if (c->phase != CARC_PHASE_DEPLOY &&
		    c->phase != CARC_PHASE_PHANTOM &&
		    c->phase != CARC_PHASE_CROP_RESPONSE &&
		    c->phase != CARC_PHASE_SECOND_TILE)
			return CARC_E_WRONG_PHASE;
		m = carc_move_pass();
	} else if (action < s->crop_choice_first + s->crop_choice_count) {
		if (c->phase != CARC_PHASE_CROP_CHOICE)
			return CARC_E_WRONG_PHASE;
		m = carc_move_crop_choice(1 + action - s->crop_choice_first);
	} else if (action < s->crop_response_first + s->crop_response_count) {
		uint32_t type;
		int i;

		if (c->phase != CARC_PHASE_CROP_RESPONSE)
			return CARC_E_WRONG_PHASE;
		a = action - s->crop_response_first;
		fig = l->crop_fig[a % l->f];
		slot = a / l->f % l->k;
		cell = a / l->f / l->k;
		x = c->x0 + (int32_t)(cell % l->w);
		y = c->y0 + (int32_t)(cell / l->w);
		i = carc_game_tile_find(g, x, y);
		if (i < 0 || carc_game_tile_at(g, (uint32_t)i, NULL, NULL,
					       &type, NULL) < 0 ||
		    slot >= l->n_feats[type])
			return CARC_E_NOT_FOUND;
		m = c->crop == CARC_CROP_DEPLOY
			    ? carc_move_deploy(fig, x, y, l->feats[type][slot])
			    : carc_move_remove(fig, x, y, l->feats[type][slot]);
	} else if (action < s->fallback_first) {
		/* the sections of 0.5, between the crop responses and the
		 * fallback: one figure on a slot of the tile just placed,
		 * or the second tile */
		if (action >= l->lay.second_tile_first) {
			if (c->phase != CARC_PHASE_SECOND_TILE)
				return CARC_E_WRONG_PHASE;
			m = carc_move_second_tile();
		} else {
			if (c->phase != CARC_PHASE_DEPLOY)
				return CARC_E_WRONG_PHASE;
			if (action >= l->lay.pig_first) {
				fig = CARC_FIGURE_PIG;
				slot = action - l->lay.pig_first;
			} else if (action >= l->lay.builder_first) {
				fig = CARC_FIGURE_BUILDER;
				slot = action - l->lay.builder_first;
			} else {
				fig = CARC_FIGURE_LARGE_FOLLOWER;
				slot = action - l->lay.large_follower_first;
			}
			if (slot >= l->n_feats[c->last_type])
				return CARC_E_NOT_FOUND;
			m = carc_move_deploy(fig, c->last_x, c->last_y,
					     l->feats[c->last_type][slot]);
		}
	} else {
		return fallback_move(l, g, c, out);
	}
	if (m == CARC_MOVE_NONE)
		return CARC_E_NOT_FOUND;	/* beyond the move encoding */
	*out = m;
	return CARC_OK;
}

/* Build the action layout of @l from its rules. */
static void
layout(struct carc_learn *l)
{
	struct carc_learn_shape *s = &l->shape;
	uint32_t next = 0;
	bool phantom = l->options[CARC_OPT_PHANTOM] != 0;
	bool crop = l->options[CARC_OPT_CROP_CIRCLES_I] != 0 ||
		    l->options[CARC_OPT_CROP_CIRCLES_II] != 0;
	bool lb = l->options[CARC_OPT_LITTLE_BUILDINGS] != 0;
	bool ic = l->n_options >= CARC_OPT_INNS_CATHEDRALS &&
		  l->options[CARC_OPT_INNS_CATHEDRALS] != 0;
	bool tb = l->n_options >= CARC_OPT_TRADERS_BUILDERS &&
		  l->options[CARC_OPT_TRADERS_BUILDERS] != 0;
	bool second = tb && l->n_options >= CARC_OPT_BUILDER_TURN &&
		      l->options[CARC_OPT_BUILDER_TURN] ==
			      CARC_BUILDER_TURN_OPTIONAL;

	/* the figures a crop response names: follower, then the phantom
	 * and the large follower when the rules have them */
	l->f = 0;
	memset(l->crop_slot, 0, sizeof(l->crop_slot));
	l->crop_fig[l->f++] = CARC_FIGURE_FOLLOWER;
	if (phantom)
		l->crop_fig[l->f++] = CARC_FIGURE_PHANTOM;
	if (ic)
		l->crop_fig[l->f++] = CARC_FIGURE_LARGE_FOLLOWER;
	for (uint32_t i = 0; i < l->f; i++)
		l->crop_slot[l->crop_fig[i]] = (uint8_t)(i + 1);
	l->ext = (l->n_options >= CARC_OPT_RIVER &&
		  l->options[CARC_OPT_RIVER] != 0) ||
		 ic || tb;
	memset(s, 0, sizeof(*s));
	s->size = sizeof(*s);
	s->players = l->players;
	s->window = l->w;
	l->n_planes = CARC_LEARN_PLANE_PLAYERS +
		      l->players * CARC_LEARN_PLANES_PER_PLAYER;
	l->ext_first = l->n_planes;
	memset(&l->lay, 0, sizeof(l->lay));
	l->lay.size = sizeof(l->lay);
	l->lay.layout_version = l->ext ? 2 : 1;
	l->lay.ext_plane_first = l->ext_first;
	if (l->ext) {
		l->lay.ext_plane_count = CARC_LEARN_XP_PLAYERS +
					 l->players * CARC_LEARN_XPP_PER_PLAYER;
		l->n_planes += l->lay.ext_plane_count;
	}
	l->vec_len = l->ext ? CARC_LEARN_VEC_LENGTH_MAX
			    : CARC_LEARN_VEC_LENGTH;
	l->plane_bytes = l->n_planes * l->w * l->w;
	s->n_planes = l->n_planes;
	s->vector_length = l->vec_len;
	s->mask_dtype = CARC_LEARN_UINT8;
	s->plane_dtype = CARC_LEARN_UINT8;
	s->vector_dtype = CARC_LEARN_INT32;
	s->reward_dtype = CARC_LEARN_INT32;
	s->features_per_tile = l->k;
#define SECTION(name, count) do { s->name##_first = next; \
	s->name##_count = (count); next += (count); } while (0)
#define SECTION_0_5(name, count) do { l->lay.name##_first = next; \
	l->lay.name##_count = (count); next += (count); } while (0)
	SECTION(place, l->w * l->w * 4);
	SECTION(follower, l->k);
	SECTION(phantom, phantom ? l->k : 0);
	SECTION(build, lb ? 3 : 0);
	SECTION(pass, 1);
	SECTION(crop_choice, crop ? 2 : 0);
	SECTION(crop_response, crop ? l->w * l->w * l->k * l->f : 0);
	SECTION_0_5(large_follower, ic ? l->k : 0);
	SECTION_0_5(builder, tb ? l->k : 0);
	SECTION_0_5(pig, tb ? l->k : 0);
	SECTION_0_5(second_tile, second ? 1 : 0);
	SECTION(fallback, 1);
#undef SECTION_0_5
#undef SECTION
	s->n_actions = next;
}

static void
tile_tables(struct carc_learn *l)
{
	for (uint32_t t = 0; t < N_TILES; t++) {
		uint32_t ids[MAX_SLOTS];
		int n = carc_tile_features(t, ids, MAX_SLOTS);

		if (n < 0)
			n = 0;
		if (n > MAX_SLOTS)
			n = MAX_SLOTS;	/* not reached: tiles have 9 or fewer */
		l->n_feats[t] = (uint8_t)n;
		for (int i = 0; i < n; i++) {
			int pn = carc_tile_feature_pennants(t, ids[i]);
			int fl = carc_tile_feature_flags(t, ids[i]);
			int gd = carc_tile_feature_goods(t, ids[i]);

			l->feats[t][i] = (uint8_t)ids[i];
			if (ids[i] < 0x50)
				l->slot_of[t][ids[i]] = (uint8_t)(i + 1);
			if (ids[i] == CARC_MONASTERY)
				l->monastery[t] = 1;
			if (pn > 0)
				l->pennants[t] = (uint8_t)(l->pennants[t] + pn);
			if (fl > 0 && (fl & CARC_FLAG_INN))
				l->inn[t] = 1;
			if (fl > 0 && (fl & CARC_FLAG_CATHEDRAL))
				l->cathedral[t] = 1;
			if (gd >= CARC_GOODS_WINE && gd <= CARC_GOODS_CLOTH)
				l->goods[t][gd - 1]++;
		}
		for (uint32_t r = 0; r < 4; r++)
			for (uint32_t side = 0; side < 4; side++) {
				int e = carc_tile_edge(t, r, side);

				/* a river side shows as a field side, its
				 * banks, and in layout 2's river planes
				 * (doc/api/observation.md) */
				if (e == CARC_EDGE_RIVER) {
					l->river[t][r] |= (uint8_t)(1u << side);
					e = CARC_EDGE_FIELD;
				}
				l->edges[t][r][side] = (uint8_t)(e > 0 ? e : 0);
			}
		l->symbol[t] = (uint8_t)(carc_tile_symbol(t) > 0
						 ? carc_tile_symbol(t)
						 : 0);
	}
}

CARC_EXPORT int
carc_learn_new(const struct carc_rules *rules, uint32_t n_players,
	       const struct carc_learn_options *options,
	       struct carc_learn **out)
{
	struct carc_learn *l;
	uint32_t w = 0;		/* 0: the default of the rules */
	uint64_t tiles = 1;	/* the start tile */

	if (!rules || !out || n_players < 2 || n_players > 6)
		return CARC_E_INVALID;
	if (options) {
		if (options->size != sizeof(*options) || options->flags)
			return CARC_E_INVALID;
		if (options->window) {
			w = options->window;
			if (w % 2 == 0 || w < CARC_LEARN_WINDOW_MIN ||
			    w > CARC_LEARN_WINDOW_MAX)
				return CARC_E_INVALID;
		}
	}
	l = calloc(1, sizeof(*l));
	if (!l)
		return CARC_E_NOMEM;
	l->players = n_players;
	for (uint32_t o = 1; o <= MAX_OPTIONS; o++) {
		if (carc_rules_get(rules, o, &l->options[o]) < 0)
			break;
		l->n_options = o;
	}
	/* the default window: one ring of cells more for each expansion
	 * of 0.5, whose tiles and river make the board larger
	 * (doc/api/observation.md#window) */
	if (!w) {
		static const uint32_t longer[] = {
			CARC_OPT_RIVER, CARC_OPT_INNS_CATHEDRALS,
			CARC_OPT_TRADERS_BUILDERS,
		};

		w = CARC_LEARN_WINDOW_DEFAULT;
		for (size_t i = 0; i < sizeof(longer) / sizeof(longer[0]); i++)
			if (longer[i] <= l->n_options && l->options[longer[i]])
				w += WINDOW_STEP;
	}
	l->w = w;
	l->r = w / 2;
	tile_tables(l);
	/* the start tile: D, or the spring with The River, where D may
	 * come on top of the stack's tiles */
	l->k = l->n_feats[CARC_TILE_D];
	if (l->n_feats[CARC_TILE_RI_1] > l->k)
		l->k = l->n_feats[CARC_TILE_RI_1];
	tiles++;
	for (uint32_t t = 0; t < N_TILES; t++) {
		int n = carc_rules_tile_count(rules, t);

		l->counts[t] = n;
		if (n > 0) {
			tiles += (uint64_t)n;
			if (l->n_feats[t] > l->k)
				l->k = l->n_feats[t];
		}
	}
	layout(l);
	/* every listing fits: 8 placements per tile on the board and 8
	 * more, 3 crop responses per figure and the pass */
	l->cap = (size_t)(8 * tiles + 8);
	if (l->cap < 3 * MAX_FIGURES + 1)
		l->cap = 3 * MAX_FIGURES + 1;
	l->moves = malloc(l->cap * sizeof(*l->moves));
	l->grid = malloc((size_t)w * w * sizeof(*l->grid));
	l->cap_tiles = (uint32_t)tiles;
	l->tiles = malloc(tiles * sizeof(*l->tiles));
	/* a table at most half full: a board has at most tiles x K
	 * features */
	l->feats_mask = 63;
	while (l->feats_mask + 1 < 2 * tiles * l->k)
		l->feats_mask = l->feats_mask * 2 + 1;
	l->feats_seen = calloc((size_t)l->feats_mask + 1,
			       sizeof(*l->feats_seen));
	if (!l->moves || !l->grid || !l->tiles || !l->feats_seen) {
		carc_learn_free(l);
		return CARC_E_NOMEM;
	}
	l->rules = carc_rules_ref((struct carc_rules *)rules);
	*out = l;
	return CARC_OK;
}

CARC_EXPORT void
carc_learn_free(struct carc_learn *learn)
{
	if (!learn)
		return;
	carc_rules_unref(learn->rules);
	free(learn->moves);
	free(learn->grid);
	free(learn->tiles);
	free(learn->feats_seen);
	free(learn);
}

CARC_EXPORT int
carc_learn_shape(const struct carc_learn *learn,
		 struct carc_learn_shape *shape)
{
	if (!learn || !shape || shape->size != sizeof(*shape))
		return CARC_E_INVALID;
	*shape = learn->shape;
	return CARC_OK;
}

CARC_EXPORT int
carc_learn_layout(const struct carc_learn *learn,
		  struct carc_learn_layout *layout)
{
	if (!learn || !layout || layout->size != sizeof(*layout))
		return CARC_E_INVALID;
	*layout = learn->lay;
	return CARC_OK;
}

CARC_EXPORT int
carc_learn_window(struct carc_learn *learn, const struct carc_game *game,
		  int32_t *x0_out, int32_t *y0_out)
{
	struct ctx c;
	int rc = load_ctx(learn, game, &c);

	if (rc < 0)
		return rc;
	if (x0_out)
		*x0_out = c.x0;
	if (y0_out)
		*y0_out = c.y0;
	return CARC_OK;
}

CARC_EXPORT int
carc_learn_action_to_move(struct carc_learn *learn,
			  const struct carc_game *game, uint32_t action,
			  carc_move_t *move_out)
{
	struct ctx c;
	int rc = load_ctx(learn, game, &c);

	if (rc < 0)
		return rc;
	if (!move_out || action >= learn->shape.n_actions)
		return CARC_E_INVALID;
	return move_of(learn, game, &c, action, move_out);
}

CARC_EXPORT int
carc_learn_move_to_action(struct carc_learn *learn,
			  const struct carc_game *game, carc_move_t move,
			  uint32_t *action_out)
{
	struct ctx c;
	int64_t a;
	int rc = load_ctx(learn, game, &c);

	if (rc < 0)
		return rc;
	/* carc_move_describe() refuses exactly the malformed moves */
	if (!action_out || carc_move_describe(move, NULL, 0) < 0)
		return CARC_E_INVALID;
	a = index_of(learn, game, &c, move);
	if (a < 0)
		return (int)a;
	*action_out = (uint32_t)a;
	return CARC_OK;
}

/* Write the mask of @g at @c into @mask (n_actions bytes). */
static int
write_mask(const struct carc_learn *l, const struct carc_game *g,
	   const struct ctx *c, uint8_t *mask)
{
	int n, set = 0;

	memset(mask, 0, l->shape.n_actions);
	if (c->phase == CARC_PHASE_GAME_OVER)
		return 0;
	n = list_moves(l, g);
	if (n < 0)
		return n;
	if (c->phase == CARC_PHASE_PLACE_TILE) {
		/* the common case, inline */
		uint8_t *place = mask + l->shape.place_first;

		for (int i = 0; i < n; i++) {
			carc_move_t m = l->moves[i];
			int64_t cell = cell_of(l, c, carc_move_x(m),
					       carc_move_y(m));

			if (cell >= 0) {
				place[cell * 4 + carc_move_rotation(m)] = 1;
				set++;
			}
		}
	} else {
		for (int i = 0; i < n; i++) {
			int64_t a = index_of(l, g, c, l->moves[i]);

			if (a >= 0) {
				mask[a] = 1;
				set++;
			}
		}
	}
	if (set == 0 && n > 0) {
		mask[l->shape.fallback_first] = 1;
		set = 1;
	}
	return set;
}

CARC_EXPORT int
carc_learn_mask(struct carc_learn *learn, const struct carc_game *game,
		uint8_t *mask, size_t n)
{
	struct ctx c;
	int rc = load_ctx(learn, game, &c);

	if (rc < 0)
		return rc;
	if (!mask || n < learn->shape.n_actions)
		return CARC_E_INVALID;
	return write_mask(learn, game, &c, mask);
}

/* The entry of board feature @id in this call's table, made if new. */
static struct feat_entry *
feat_entry(struct carc_learn *l, int32_t id)
{
	uint32_t i = ((uint32_t)id * 0x9e3779b1u >> 7) & l->feats_mask;

	for (;;) {
		struct feat_entry *e = &l->feats_seen[i];

		if (e->gen != l->gen) {
			memset(e, 0, sizeof(*e));
			e->id = id;
			e->gen = l->gen;
			return e;
		}
		if (e->id == id)
			return e;
		i = (i + 1) & l->feats_mask;
	}
}

/* Bit p set for each player with the most figures on the feature. */
static uint32_t
majority(const struct feat_entry *e, uint32_t players)
{
	uint32_t best = 0, mask = 0;

	for (uint32_t p = 0; p < players; p++)
		if (e->figures[p] > best)
			best = e->figures[p];
	for (uint32_t p = 0; best && p < players; p++)
		if (e->figures[p] == best)
			mask |= 1u << p;
	return mask;
}

static void
write_planes(struct carc_learn *l, const struct carc_game *g,
	     const struct ctx *c, uint32_t me, uint8_t *planes)
{
	static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
	const uint32_t w = l->w, area = w * w, P = l->players;
	uint32_t kinds = 0, n_tiles = c->n_tiles;
	int nf;

#define PL(plane, cell) planes[(size_t)(plane) * area + (cell)]
#define PP(p, k) (CARC_LEARN_PLANE_PLAYERS + \
		  ((p) + P - me) % P * CARC_LEARN_PLANES_PER_PLAYER + (k))
#define XPP(p, k) (l->ext_first + CARC_LEARN_XP_PLAYERS + \
		   ((p) + P - me) % P * CARC_LEARN_XPP_PER_PLAYER + (k))
	memset(planes, 0, l->plane_bytes);
	memset(l->grid, 0, (size_t)area * sizeof(*l->grid));
	if (P == 0)
		return;	/* not reached: carc_learn_new() takes 2 to 6 */
	if (++l->gen == 0) {	/* wrapped: forget every entry */
		memset(l->feats_seen, 0,
		       ((size_t)l->feats_mask + 1) * sizeof(*l->feats_seen));
		l->gen = 1;
	}
	if (n_tiles > l->cap_tiles)
		n_tiles = l->cap_tiles;	/* not reached for a checked game */

	/* figures: their tiles and the features they hold */
	nf = carc_game_figure_count(g);
	for (int i = 0; i < nf; i++) {
		uint32_t p, fig, feat;
		int32_t x, y, id;
		int64_t cell;

		if (carc_game_figure_at(g, (uint32_t)i, &p, &fig, &x, &y,
					&feat) < 0 || p >= P)
			continue;
		cell = cell_of(l, c, x, y);
		if (cell >= 0) {
			switch (fig) {
			case CARC_FIGURE_FOLLOWER:
				PL(PP(p, CARC_LEARN_PP_FOLLOWERS), cell)++;
				break;
			case CARC_FIGURE_PHANTOM:
				PL(PP(p, CARC_LEARN_PP_PHANTOM), cell) = 1;
				break;
			case CARC_FIGURE_LARGE_FOLLOWER:
			case CARC_FIGURE_BUILDER:
			case CARC_FIGURE_PIG:
				/* only in layout 2's planes */
				if (l->ext)
					PL(XPP(p, fig == CARC_FIGURE_PIG
							  ? CARC_LEARN_XPP_PIG
							  : fig == CARC_FIGURE_BUILDER
								    ? CARC_LEARN_XPP_BUILDER
								    : CARC_LEARN_XPP_LARGE_FOLLOWER),
					   cell) = 1;
				break;
			}
		}
		/* the builder and the pig never count for a majority, the
		 * large follower counts two */
		if (fig == CARC_FIGURE_BUILDER || fig == CARC_FIGURE_PIG ||
		    carc_game_feature_get(g, x, y, feat, CARC_FEATURE_ATTR_ID,
					  &id) < 0)
			continue;
		feat_entry(l, id)->figures[p] +=
			fig == CARC_FIGURE_LARGE_FOLLOWER ? 2 : 1;
		kinds |= 1u << (feat >> 4);
	}

	/* tiles */
	for (uint32_t i = 0; i < n_tiles; i++) {
		struct placed_tile *pt = &l->tiles[i];
		uint32_t t, r;
		int64_t cell;

		carc_game_tile_at(g, i, &pt->x, &pt->y, &t, &r);
		pt->type = (uint8_t)t;
		pt->rot = (uint8_t)r;
		cell = cell_of(l, c, pt->x, pt->y);
		if (cell < 0)
			continue;
		l->grid[cell] = (uint16_t)(i + 1);
		PL(CARC_LEARN_PLANE_TILE, cell) = 1;
		PL(CARC_LEARN_PLANE_LAST, cell) = i + 1 == c->n_tiles;
		PL(CARC_LEARN_PLANE_START, cell) = i == 0;
		for (uint32_t s = 0; s < 4; s++)
			if (l->edges[t][r][s])
				PL(CARC_LEARN_PLANE_EDGES + 3 * s +
					   l->edges[t][r][s] - 1,
				   cell) = 1;
		PL(CARC_LEARN_PLANE_MONASTERY, cell) = l->monastery[t];
		PL(CARC_LEARN_PLANE_PENNANTS, cell) = l->pennants[t];
		if (l->symbol[t])
			PL(CARC_LEARN_PLANE_SYMBOL + l->symbol[t] - 1, cell) = 1;
		PL(CARC_LEARN_PLANE_TILE_TYPE, cell) = (uint8_t)(t + 1);
		PL(CARC_LEARN_PLANE_ROTATION, cell) = (uint8_t)(r + 1);
		if (l->ext) {
			const uint32_t x0 = l->ext_first;

			PL(x0 + CARC_LEARN_XP_INN, cell) = l->inn[t];
			PL(x0 + CARC_LEARN_XP_CATHEDRAL, cell) =
				l->cathedral[t];
			for (uint32_t k = 0; k < 3; k++)
				PL(x0 + CARC_LEARN_XP_GOODS + k, cell) =
					l->goods[t][k];
			for (uint32_t s = 0; s < 4; s++)
				PL(x0 + CARC_LEARN_XP_RIVER + s, cell) =
					(uint8_t)(l->river[t][r] >> s & 1);
		}
		for (uint32_t k = 0; k < l->n_feats[t]; k++) {
			uint32_t feat = l->feats[t][k], kind = feat >> 4, held;
			struct feat_entry *e;
			int32_t v;

			/* a field matters only for its farmers */
			if (kind == CARC_FEATURE_FIELD &&
			    !(kinds >> CARC_FEATURE_FIELD & 1))
				continue;
			if (carc_game_feature_get(g, pt->x, pt->y, feat,
						  CARC_FEATURE_ATTR_ID, &v) < 0)
				continue;
			e = feat_entry(l, v);
			if (kind != CARC_FEATURE_FIELD) {
				if (!e->open_known) {
					e->open_known = 1;
					e->complete =
						carc_game_feature_get(
							g, pt->x, pt->y, feat,
							CARC_FEATURE_ATTR_OPEN,
							&v) == 0 &&
						v == 0;
				}
				if (e->complete)
					PL(kind == CARC_FEATURE_CITY
						   ? CARC_LEARN_PLANE_CITY_DONE
						   : kind == CARC_FEATURE_ROAD
							     ? CARC_LEARN_PLANE_ROAD_DONE
							     : CARC_LEARN_PLANE_MONASTERY_DONE,
					   cell) = 1;
			}
			if (!(kinds >> kind & 1))
				continue;
			for (held = majority(e, P); held; held &= held - 1) {
				uint32_t p = (uint32_t)carc__ctz32(held);

				PL(PP(p, CARC_LEARN_PP_CITY + kind - 1), cell) =
					1;
			}
		}
	}

	/* empty positions next to the board */
	for (uint32_t i = 0; i < n_tiles; i++)
		for (int s = 0; s < 4; s++) {
			int64_t cell = cell_of(l, c, l->tiles[i].x + dx[s],
					       l->tiles[i].y + dy[s]);

			if (cell >= 0 && !l->grid[cell])
				PL(CARC_LEARN_PLANE_OPEN, cell) = 1;
		}

	/* where the tile in hand fits */
	if (c->phase == CARC_PHASE_PLACE_TILE) {
		int n = list_moves(l, g);

		for (int i = 0; i < n; i++) {
			carc_move_t m = l->moves[i];
			int64_t cell = cell_of(l, c, carc_move_x(m),
					       carc_move_y(m));

			if (cell >= 0)
				PL(CARC_LEARN_PLANE_FITS +
					   carc_move_rotation(m),
				   cell) = 1;
		}
	}

	/* buildings */
	nf = carc_game_building_count(g);
	for (int i = 0; i < nf; i++) {
		int32_t x, y;
		uint32_t fig;
		int64_t cell;

		carc_game_building_at(g, (uint32_t)i, &x, &y, &fig);
		cell = cell_of(l, c, x, y);
		if (cell >= 0)
			PL(CARC_LEARN_PLANE_BUILDINGS + fig - CARC_FIGURE_TOWER,
			   cell) = 1;
	}
#undef XPP
#undef PP
#undef PL
}

static int32_t
nonneg(int v)
{
	return v > 0 ? v : 0;
}

/* Layout 2's entries of the vector (already zero). */
static void
write_vector_ext(const struct carc_learn *l, const struct carc_game *g,
		 const struct ctx *c, uint32_t me, int32_t *v)
{
	const uint32_t P = l->players;
	int t;

	for (uint32_t i = 0; i < P; i++) {
		uint32_t p = (me + i) % P;

		v[CARC_LEARN_VEC_LARGE_FOLLOWERS + i] = nonneg(
			carc_game_supply(g, p, CARC_FIGURE_LARGE_FOLLOWER));
		v[CARC_LEARN_VEC_BUILDERS + i] =
			nonneg(carc_game_supply(g, p, CARC_FIGURE_BUILDER));
		v[CARC_LEARN_VEC_PIGS + i] =
			nonneg(carc_game_supply(g, p, CARC_FIGURE_PIG));
		for (uint32_t k = 0; k < 3; k++)
			v[CARC_LEARN_VEC_GOODS + CARC_LEARN_VEC_SEATS * k + i] =
				nonneg(carc_game_goods(g, p,
						       CARC_GOODS_WINE + k));
	}
	if (c->phase > CARC_PHASE_GAME_OVER &&
	    c->phase <= CARC_PHASE_GAME_OVER + 2)
		v[CARC_LEARN_VEC_PHASE_EXT + c->phase - CARC_PHASE_GAME_OVER -
		  1] = 1;
	t = c->phase == CARC_PHASE_PLACE_TILE ? carc_game_current_tile(g)
	    : c->phase != CARC_PHASE_GAME_OVER ? (int)c->last_type
					       : -1;
	if (t >= N_VEC_TILES && t < N_TILES)
		v[CARC_LEARN_VEC_TILE_EXT + t - N_VEC_TILES] = 1;
	for (uint32_t k = 0; k < N_EXT_TILES; k++)
		v[CARC_LEARN_VEC_REMAINING_EXT + k] =
			nonneg(carc_game_remaining(g, N_VEC_TILES + k));
	for (uint32_t o = 17; o <= l->n_options && o <= 32; o++)
		v[CARC_LEARN_VEC_RULES_EXT + o - 17] = l->options[o];
	/* the builder's double turn: 0 (no entry) in a plain first part,
	 * CARC_E_GAME_OVER (no entry) after the end */
	t = carc_game_turn_part(g);
	if (t == CARC_TURN_FIRST_BUILDER || t == CARC_TURN_SECOND)
		v[CARC_LEARN_VEC_TURN_PART + t - CARC_TURN_FIRST_BUILDER] = 1;
}

static void
write_vector(const struct carc_learn *l, const struct carc_game *g,
	     const struct ctx *c, uint32_t me, int32_t *v)
{
	const uint32_t P = l->players;
	int64_t last;

	memset(v, 0, l->vec_len * sizeof(*v));
	if (P == 0)
		return;	/* not reached: carc_learn_new() takes 2 to 6 */
	for (uint32_t i = 0; i < P; i++) {
		uint32_t p = (me + i) % P;

		v[CARC_LEARN_VEC_SCORES + i] = nonneg(carc_game_score(g, p));
		v[CARC_LEARN_VEC_FOLLOWERS + i] =
			nonneg(carc_game_supply(g, p, CARC_FIGURE_FOLLOWER));
		v[CARC_LEARN_VEC_PHANTOMS + i] =
			nonneg(carc_game_supply(g, p, CARC_FIGURE_PHANTOM));
		v[CARC_LEARN_VEC_TOWERS + i] =
			nonneg(carc_game_supply(g, p, CARC_FIGURE_TOWER));
		v[CARC_LEARN_VEC_HOUSES + i] =
			nonneg(carc_game_supply(g, p, CARC_FIGURE_HOUSE));
		v[CARC_LEARN_VEC_SHEDS + i] =
			nonneg(carc_game_supply(g, p, CARC_FIGURE_SHED));
		v[CARC_LEARN_VEC_PRESENT + i] = 1;
	}
	v[CARC_LEARN_VEC_TO_MOVE +
	  ((uint32_t)nonneg(carc_game_current_player(g)) + P - me) % P] = 1;
	if (c->phase >= CARC_PHASE_PLACE_TILE &&
	    c->phase <= CARC_PHASE_GAME_OVER)
		v[CARC_LEARN_VEC_PHASE + c->phase - 1] = 1;
	if (c->phase == CARC_PHASE_PLACE_TILE) {
		int t = carc_game_current_tile(g);

		if (t >= 0 && t < N_VEC_TILES)
			v[CARC_LEARN_VEC_TILE + t] = 1;
	} else if (c->phase != CARC_PHASE_GAME_OVER) {
		if (c->last_type < N_VEC_TILES)
			v[CARC_LEARN_VEC_TILE + c->last_type] = 1;
		v[CARC_LEARN_VEC_ROTATION + c->last_rot] = 1;
	}
	for (uint32_t t = 0; t < N_VEC_TILES; t++)
		v[CARC_LEARN_VEC_REMAINING + t] =
			nonneg(carc_game_remaining(g, t));
	v[CARC_LEARN_VEC_REMAINING_TOTAL] =
		nonneg(carc_game_remaining_total(g));
	if (c->crop == CARC_CROP_DEPLOY || c->crop == CARC_CROP_REMOVE)
		v[CARC_LEARN_VEC_CROP_ACTION + c->crop - 1] = 1;
	if ((c->phase == CARC_PHASE_CROP_CHOICE ||
	     c->phase == CARC_PHASE_CROP_RESPONSE) &&
	    l->symbol[c->last_type])
		v[CARC_LEARN_VEC_CROP_SYMBOL + l->symbol[c->last_type] - 1] = 1;
	v[CARC_LEARN_VEC_TILES_PLACED] = (int32_t)c->n_tiles;
	v[CARC_LEARN_VEC_DISCARDS] = nonneg(carc_game_discard_count(g));
	v[CARC_LEARN_VEC_WINDOW_X] = c->x0;
	v[CARC_LEARN_VEC_WINDOW_Y] = c->y0;
	v[CARC_LEARN_VEC_BOARD_WIDTH] = c->max_x - c->min_x + 1;
	v[CARC_LEARN_VEC_BOARD_HEIGHT] = c->max_y - c->min_y + 1;
	last = cell_of(l, c, c->last_x, c->last_y);
	v[CARC_LEARN_VEC_LAST_COL] = last < 0 ? -1 : (int32_t)(last % l->w);
	v[CARC_LEARN_VEC_LAST_ROW] = last < 0 ? -1 : (int32_t)(last / l->w);
	for (uint32_t o = 1; o <= l->n_options && o <= 16; o++)
		v[CARC_LEARN_VEC_RULES + o - 1] = l->options[o];
	if (l->ext)
		write_vector_ext(l, g, c, me, v);
}

CARC_EXPORT int
carc_learn_observe(struct carc_learn *learn, const struct carc_game *game,
		   uint32_t player, uint8_t *planes, size_t n_planes_bytes,
		   int32_t *vector, size_t n_vector)
{
	struct ctx c;
	int rc = load_ctx(learn, game, &c);

	if (rc < 0)
		return rc;
	if (player == CARC_LEARN_TO_MOVE)
		player = (uint32_t)carc_game_current_player(game);
	if (player >= learn->players ||
	    (planes && n_planes_bytes < learn->plane_bytes) ||
	    (!planes && n_planes_bytes) ||
	    (vector && n_vector < learn->vec_len) ||
	    (!vector && n_vector))
		return CARC_E_INVALID;
	if (planes)
		write_planes(learn, game, &c, player, planes);
	if (vector)
		write_vector(learn, game, &c, player, vector);
	return CARC_OK;
}

/* The outputs of a batch for game @i, now. */
static void
write_outputs(struct carc_learn *l, const struct carc_game *g,
	      size_t i, const struct carc_learn_batch *b)
{
	struct ctx c;
	uint32_t me;

	if (load_ctx(l, g, &c) < 0)
		return;	/* not reached: every game was checked */
	me = (uint32_t)carc_game_current_player(g);
	if (b->to_move)
		b->to_move[i] = me;
	if (b->masks)
		write_mask(l, g, &c, b->masks + i * l->shape.n_actions);
	if (b->planes)
		write_planes(l, g, &c, me, b->planes + i * l->plane_bytes);
	if (b->vectors)
		write_vector(l, g, &c, me,
			     b->vectors + i * l->vec_len);
}

static bool
batch_ok(const struct carc_learn_batch *b)
{
	return b && b->size == sizeof(*b) &&
	       !(b->flags & ~(uint32_t)CARC_LEARN_AUTO_RESET) &&
	       (!(b->flags & CARC_LEARN_AUTO_RESET) || b->reset_seeds);
}

/* The move of action @a of @g if it is legal (or the fallback on
 * offer). */
static int
checked_move(const struct carc_learn *l, const struct carc_game *g,
	     uint32_t a, carc_move_t *m)
{
	struct ctx c;
	int rc = load_ctx(l, g, &c);

	if (rc < 0)
		return rc;
	if (c.phase == CARC_PHASE_GAME_OVER)
		return CARC_E_GAME_OVER;
	if (a >= l->shape.n_actions)
		return CARC_E_INVALID;
	if (move_of(l, g, &c, a, m) < 0 || carc_game_is_legal(g, *m) != 1)
		return CARC_E_NOT_ALLOWED;
	return CARC_OK;
}

CARC_EXPORT int
carc_learn_step_batch(struct carc_learn *learn,
		      struct carc_game *const *games, size_t n,
		      const uint32_t *actions,
		      const struct carc_learn_batch *batch)
{
	struct carc_learn *l = learn;
	int ended = 0, rc, worst = CARC_OK;

	if (!l || !batch_ok(batch) || (n && (!games || !actions)) ||
	    n > INT_MAX)
		return CARC_E_INVALID;
	/* check every action first, so that a refusal changes nothing;
	 * CARC_E_INVALID outranks the others */
	for (size_t i = 0; i < n; i++) {
		carc_move_t m;

		rc = checked_move(l, games[i], actions[i], &m);
		if (rc == CARC_E_INVALID)
			return rc;
		if (rc < 0 && worst == CARC_OK)
			worst = rc;
	}
	if (worst < 0)
		return worst;
	for (size_t i = 0; i < n; i++) {
		struct carc_game *g = games[i];
		const uint32_t P = l->players;
		int32_t before[6];
		carc_move_t m;
		struct ctx c;
		bool over;

		/* checked above; fails only for a game listed twice */
		if (load_ctx(l, g, &c) < 0)
			return CARC_E_INVALID;
		for (uint32_t p = 0; p < P; p++)
			before[p] = carc_game_score(g, p);
		if (move_of(l, g, &c, actions[i], &m) < 0 ||
		    carc_game_apply(g, m) < 0)
			return CARC_E_INVALID;
		over = carc_game_is_over(g) == 1;
		for (uint32_t p = 0; p < P; p++) {
			int32_t now = carc_game_score(g, p);

			if (batch->rewards)
				batch->rewards[i * P + p] = now - before[p];
			if (batch->final_scores)
				batch->final_scores[i * P + p] = over ? now : 0;
		}
		if (batch->done)
			batch->done[i] = over;
		if (over) {
			ended++;
			if (batch->flags & CARC_LEARN_AUTO_RESET)
				carc_game_reset(g, batch->reset_seeds[i]);
		}
		write_outputs(l, g, i, batch);
	}
	return ended;
}

CARC_EXPORT int
carc_learn_observe_batch(struct carc_learn *learn,
			 const struct carc_game *const *games, size_t n,
			 const struct carc_learn_batch *batch)
{
	struct ctx c;

	if (!learn || !batch || batch->size != sizeof(*batch) ||
	    (n && !games))
		return CARC_E_INVALID;
	for (size_t i = 0; i < n; i++)
		if (load_ctx(learn, games[i], &c) < 0)
			return CARC_E_INVALID;
	for (size_t i = 0; i < n; i++)
		write_outputs(learn, games[i], i, batch);
	return CARC_OK;
}
