/* SPDX-License-Identifier: MIT */
/*
 * Board-level feature queries: what a board view asks about the road,
 * city, monastery or field a feature of a placed tile belongs to.  The
 * points come from carc__feature_value(), the computation the real
 * scoring uses (scoring.c).  Everything here reads only.
 */
#include "config.h"

#include <string.h>

#include "carc-private.h"

static const int dx[4] = { 0, 1, 0, -1 };
static const int dy[4] = { -1, 0, 1, 0 };

/* Whether @attr is an attribute carc_game_feature_get() knows for a game
 * of @n_players. */
static bool
attr_known(uint32_t attr, uint32_t n_players)
{
	uint32_t base = attr & ~0xffu, p = attr & 0xffu;

	if (attr >= CARC_FEATURE_ATTR_KIND && attr <= CARC_FEATURE_ATTR_CLOTH)
		return true;
	return (base == CARC_FEATURE_ATTR_POINTS ||
		base == CARC_FEATURE_ATTR_FOLLOWERS ||
		base == CARC_FEATURE_ATTR_BUILDING_POINTS ||
		base == CARC_FEATURE_ATTR_PHANTOMS ||
		base == CARC_FEATURE_ATTR_LARGE_FOLLOWERS ||
		base == CARC_FEATURE_ATTR_BUILDERS ||
		base == CARC_FEATURE_ATTR_PIGS) &&
	       p < n_players;
}

/* Half-sides of the field rooted at @root that face an empty position. */
static uint32_t
field_open(const struct carc_game *g, uint32_t root)
{
	uint32_t m = root, open = 0;

	do {
		const struct node *piece = &g->nodes[m];
		const struct placed *pl = &g->tiles[node_tile(piece)];
		uint32_t halves = carc__tiles[pl->type]
					  .feats[m - pl->node_base].sides;

		/* canonical half h lies on board half (h + 2 rot) mod 8 */
		halves = (halves << (2 * pl->rot) | halves >> (8 - 2 * pl->rot)) &
			 0xffu;
		for (uint32_t s = 0; s < 4; s++) {
			uint32_t n = halves >> (2 * s) & 3;

			if (n && carc__board_lookup(g, pl->x + dx[s],
						    pl->y + dy[s]) < 0)
				open += (n & 1) + (n >> 1);
		}
		m = piece->next;
	} while (m != root);
	return open;
}

/* Followers (@phantom false) or the phantom of @player on the set
 * @root. */
static uint32_t
figures_of(const struct carc_game *g, uint32_t root, uint32_t player,
	   bool phantom)
{
	uint32_t n = 0;

	for (uint32_t k = phantom ? PHANTOM_SLOT : 0;
	     k < (phantom ? PHANTOM_SLOT + 1 : PHANTOM_SLOT); k++) {
		uint32_t node = g->s.figs[player][k];

		n += node != NODE_NONE && carc__find(g, node) == root;
	}
	return n;
}

/* Pieces of the set rooted at @root. */
static uint32_t
pieces(const struct carc_game *g, uint32_t root)
{
	uint32_t m = root, n = 0;

	do {
		n++;
		m = g->nodes[m].next;
	} while (m != root);
	return n;
}

/* The inn or cathedral of the set rooted at @root (carc_feature_flag). */
static uint32_t
feature_flags(const struct carc_game *g, uint32_t root)
{
	uint32_t m = root, kind = node_kind(g, root);

	if (kind != CARC_FEATURE_ROAD && kind != CARC_FEATURE_CITY)
		return 0;
	do {
		if (node_attr(g, m) & PA_SPECIAL)
			return kind == CARC_FEATURE_ROAD ? CARC_FLAG_INN
							 : CARC_FLAG_CATHEDRAL;
		m = g->nodes[m].next;
	} while (m != root);
	return 0;
}

CARC_EXPORT int
carc_game_feature_get(const struct carc_game *game, int32_t x, int32_t y,
		      uint32_t feature, uint32_t attr, int32_t *value_out)
{
	const struct carc_game *g = game;
	struct feature_value v;
	const struct node *r;
	uint32_t node, root, p = attr & 0xffu, kind;
	int rc;

	if (!g || !value_out || !attr_known(attr, g->s.n_players))
		return CARC_E_INVALID;
	rc = carc__feature_node(g, x, y, feature, &node);
	if (rc < 0)
		return rc;
	root = carc__find(g, node);
	r = &g->nodes[root];
	kind = node_kind(g, root);
	switch (attr) {
	case CARC_FEATURE_ATTR_KIND:
		*value_out = (int32_t)kind;
		return CARC_OK;
	case CARC_FEATURE_ATTR_ID:
		*value_out = (int32_t)root;
		return CARC_OK;
	case CARC_FEATURE_ATTR_PIECES:
		*value_out = (int32_t)pieces(g, root);
		return CARC_OK;
	case CARC_FEATURE_ATTR_OPEN:
		if (kind == CARC_FEATURE_MONASTERY)
			*value_out = 8 - carc__monastery_neighbours(
						 g, node_tile(r));
		else if (kind == CARC_FEATURE_FIELD)
			*value_out = (int32_t)field_open(g, root);
		else
			*value_out = (int32_t)node_open(r);
		return CARC_OK;
	case CARC_FEATURE_ATTR_FARM_SCORERS:
		*value_out = (int32_t)carc__city_farm_scorers(g, root);
		return CARC_OK;
	case CARC_FEATURE_ATTR_FLAGS:
		*value_out = (int32_t)feature_flags(g, root);
		return CARC_OK;
	case CARC_FEATURE_ATTR_WINE:
	case CARC_FEATURE_ATTR_GRAIN:
	case CARC_FEATURE_ATTR_CLOTH:
		*value_out = (int32_t)carc__traders_goods_of(
			g, root, attr - CARC_FEATURE_ATTR_WINE + CARC_GOODS_WINE);
		return CARC_OK;
	}
	switch (attr & ~0xffu) {
	case CARC_FEATURE_ATTR_BUILDERS:
		*value_out = g->s.builder[p] != NODE_NONE &&
			     carc__find(g, g->s.builder[p]) == root;
		return CARC_OK;
	case CARC_FEATURE_ATTR_PIGS:
		*value_out = g->s.pig[p] != NODE_NONE &&
			     carc__find(g, g->s.pig[p]) == root;
		return CARC_OK;
	case CARC_FEATURE_ATTR_FOLLOWERS:
		*value_out = (int32_t)figures_of(g, root, p, false);
		return CARC_OK;
	case CARC_FEATURE_ATTR_PHANTOMS:
		*value_out = (int32_t)figures_of(g, root, p, true);
		return CARC_OK;
	case CARC_FEATURE_ATTR_LARGE_FOLLOWERS:
		node = g->s.figs[p][LARGE_SLOT];
		*value_out = node != NODE_NONE && carc__find(g, node) == root;
		return CARC_OK;
	}
	carc__feature_value(g, root, &v);
	switch (attr) {
	case CARC_FEATURE_ATTR_TILES: *value_out = (int32_t)v.tiles; break;
	case CARC_FEATURE_ATTR_COMPLETE: *value_out = (int32_t)v.complete; break;
	case CARC_FEATURE_ATTR_PENNANTS: *value_out = (int32_t)v.pennants; break;
	case CARC_FEATURE_ATTR_CITIES: *value_out = (int32_t)v.cities; break;
	case CARC_FEATURE_ATTR_SCORERS: *value_out = (int32_t)v.scorers; break;
	case CARC_FEATURE_ATTR_VALUE: *value_out = (int32_t)v.value; break;
	case CARC_FEATURE_ATTR_BUILDING_VALUE:
		*value_out = (int32_t)v.bvalue;
		break;
	default:
		if ((attr & ~0xffu) == CARC_FEATURE_ATTR_POINTS)
			*value_out = (int32_t)v.points[p];
		else	/* CARC_FEATURE_ATTR_BUILDING_POINTS */
			*value_out = (v.scorers >> p & 1) ? (int32_t)v.bvalue
							  : 0;
	}
	return CARC_OK;
}

/* The lowest-numbered node of the set rooted at @root whose rank among
 * the set's nodes is @index, or NODE_NONE: the pieces in node order,
 * which is placement order and feature order on a tile. */
static uint32_t
nth_piece(const struct carc_game *g, uint32_t root, uint32_t index)
{
	for (uint32_t n = 0; n < g->s.n_nodes; n++)
		if (carc__find(g, n) == root && index-- == 0)
			return n;
	return NODE_NONE;
}

/* Name node @n as a position and a feature id. */
static void
name_piece(const struct carc_game *g, uint32_t n, int32_t *x_out,
	   int32_t *y_out, uint32_t *feature_out)
{
	const struct placed *pl = node_placed(g, n);

	if (x_out)
		*x_out = pl->x;
	if (y_out)
		*y_out = pl->y;
	if (feature_out)
		*feature_out = g->ti[pl->type].code[n - pl->node_base];
}

CARC_EXPORT int
carc_game_feature_piece_at(const struct carc_game *game, int32_t x,
			   int32_t y, uint32_t feature, uint32_t index,
			   int32_t *x_out, int32_t *y_out,
			   uint32_t *feature_out)
{
	uint32_t node, n;
	int rc;

	if (!game)
		return CARC_E_INVALID;
	rc = carc__feature_node(game, x, y, feature, &node);
	if (rc < 0)
		return rc;
	n = nth_piece(game, carc__find(game, node), index);
	if (n == NODE_NONE)
		return CARC_E_INVALID;
	name_piece(game, n, x_out, y_out, feature_out);
	return CARC_OK;
}

CARC_EXPORT int
carc_game_feature_city_at(const struct carc_game *game, int32_t x,
			  int32_t y, uint32_t feature, uint32_t index,
			  int32_t *x_out, int32_t *y_out,
			  uint32_t *feature_out)
{
	const struct carc_game *g = game;
	uint64_t seen[MAX_NODES / 64 + 1];
	uint32_t node, root;
	int rc;

	if (!g)
		return CARC_E_INVALID;
	rc = carc__feature_node(g, x, y, feature, &node);
	if (rc < 0)
		return rc;
	root = carc__find(g, node);
	if (node_kind(g, root) != CARC_FEATURE_FIELD)
		return CARC_E_INVALID;
	memset(seen, 0, (g->s.n_nodes / 64 + 1) * sizeof(seen[0]));
	/* the field's pieces in node order, and the cities each borders, as
	 * field_value() (scoring.c) counts them */
	for (uint32_t n = 0; n < g->s.n_nodes; n++) {
		const struct node *piece = &g->nodes[n];
		const struct placed *pl;
		uint32_t mask;

		if (carc__find(g, n) != root)
			continue;
		pl = &g->tiles[node_tile(piece)];
		mask = carc__tiles[pl->type].feats[n - pl->node_base].cities;
		for (; mask; mask &= mask - 1) {
			uint32_t c = (uint32_t)carc__ctz32(mask);
			uint32_t city = carc__find(g, pl->node_base + c);

			if (node_open(&g->nodes[city]) != 0 ||
			    (seen[city / 64] >> (city % 64) & 1))
				continue;
			seen[city / 64] |= 1ull << (city % 64);
			if (index-- == 0) {
				name_piece(g, nth_piece(g, city, 0), x_out,
					   y_out, feature_out);
				return CARC_OK;
			}
		}
	}
	return CARC_E_INVALID;
}

/*
 * The bound of carc_game_legal_moves(), step by step (the listings are in
 * move.c, phantom.c, buildings.c and crop-circles.c):
 *
 * - Placing a tile: a placement puts the tile in one of four rotations on
 *   an empty position next to the board, and the frontier holds every
 *   such position once, so there are at most 4 per frontier cell.  Over
 *   a game: the start tile has 4 empty neighbours, and each tile placed
 *   goes on one of them (one fewer) and brings at most 3 new ones (its
 *   other sides), so n tiles on the board have at most 2n + 2 (the
 *   largest site perimeter of a connected set of n cells).
 * - Deploying: one follower move per feature of the tile just placed (at
 *   most MAX_TILE_FEATS = 9), as many for the large follower (Inns &
 *   Cathedrals), at most one building move per kind (3) and the pass.
 * - The phantom step: one move per feature and the pass.
 * - The crop-circle choice: deploy or remove.
 * - A crop-circle response: deploying, a follower, a phantom and a
 *   large follower next to each distinct piece holding a figure of the
 *   symbol's kind (so at most three per figure on the board) and the pass; removing, one move per
 *   piece holding one of the player's figures, fewer than the figures.
 */
CARC_EXPORT int
carc_game_legal_moves_max(const struct carc_game *game)
{
	const struct carc_game *g = game;
	uint32_t figures = 0;

	if (!g)
		return CARC_E_INVALID;
	switch (g->s.phase) {
	case CARC_PHASE_PLACE_TILE:
		return (int)(4 * g->s.n_frontier);
	case CARC_PHASE_DEPLOY:
		/* a follower per feature, the large follower per feature,
		 * the builder or the pig per feature (one of them: roads and
		 * cities, fields), three buildings, pass */
		return tinfo(g, g->s.last_tile)->n_feats *
			       (1 +
				(OPT(g->rules, CARC_OPT_INNS_CATHEDRALS) ? 1
									 : 0) +
				(carc__tb(g) ? 1 : 0)) +
		       3 + 1;
	case CARC_PHASE_PHANTOM:
		return tinfo(g, g->s.last_tile)->n_feats + 1;
	case CARC_PHASE_CROP_CHOICE:
	case CARC_PHASE_SECOND_TILE:
		return 2;
	case CARC_PHASE_CROP_RESPONSE:
		for (uint32_t p = 0; p < g->s.n_players; p++)
			for (uint32_t k = 0; k < MAX_FIGURE_SLOTS; k++)
				figures += g->s.figs[p][k] != NODE_NONE;
		return (int)(3 * figures + 1);
	}
	return 0;	/* the game is over */
}
