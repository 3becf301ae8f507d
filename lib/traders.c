/* SPDX-License-Identifier: MIT */
/*
 * Traders & Builders, first edition (doc/users/rules.md#traders):
 * goods tokens for completing cities and their majorities at the end,
 * the builder with its second tile, and the pig.
 *
 * The builder and the pig are not followers: they live outside the
 * players' follower slots (game_state.builder, .pig), never count in
 * NW_OCC or a majority, and are deployed in the deployment step instead
 * of a follower (hooks called from deploy.c).  The builder's second tile
 * is a decision point of its own (CARC_PHASE_SECOND_TILE) under
 * CARC_BUILDER_TURN_OPTIONAL, reached from carc__game_next_turn().
 */
#include "config.h"

#include <string.h>

#include "carc-private.h"

/* Whether @player has a follower (or his phantom) on the set @root. */
static bool
has_follower(const struct carc_game *g, uint32_t player, uint32_t root)
{
	/* most sets hold no figure at all (NW_OCC counts the followers, as
	 * carc__figures_on() relies on) */
	if (node_occ(&g->nodes[root]) == 0)
		return false;
	for (uint32_t k = 0; k < MAX_FIGURE_SLOTS; k++) {
		uint32_t n = g->s.figs[player][k];

		if (n != NODE_NONE && carc__find(g, n) == root)
			return true;
	}
	return false;
}

/* The roads and cities of a tile type (bit = local index): neither
 * fields nor the monastery. */
static inline uint32_t
roads_and_cities(const struct tile_info *ti)
{
	uint32_t monastery = (uint32_t)(ti->monastery >= 0)
			     << (ti->monastery & 15);

	return ((1u << ti->n_feats) - 1) & ~(uint32_t)ti->field_mask &
	       ~monastery;
}

/* After a placement: did the tile extend a road or city holding the
 * player's builder?  Only in the first part of a turn
 * (doc/users/rules.md#traders-second-tile); the builder must have been
 * there before this tile, which it was, as it stands on an earlier
 * tile. */
void
carc__traders_placed(struct carc_game *g)
{
	const struct placed *p = &g->tiles[g->s.last_tile];
	const struct tile_info *ti = &g->ti[p->type];
	uint32_t b = g->s.builder[g->s.player], root, hit = 0;
	uint32_t roads_cities = roads_and_cities(ti);

	if (b == NODE_NONE || g->s.second_part)
		return;
	root = carc__find(g, b);
	/* every place of the tile without a branch, as the deployment mask
	 * (deploy.c): a loop whose exit or early return varied with the
	 * tile; the fields, the monastery and the places past the tile's
	 * features (which read its first) are masked out */
	for (uint32_t i = 0; i < MAX_TILE_FEATS; i++) {
		uint32_t n = p->node_base + (i < ti->n_feats ? i : 0);

		hit |= roads_cities >> i & (carc__find(g, n) == root);
	}
	if (hit)
		g->s.builder_due = 1;
}

/* Whether the builder may go on road or city node @node of the tile just
 * placed as far as its completion goes: always under
 * CARC_OPT_BUILDER_ON_COMPLETED = 1, else only while the feature is open
 * (doc/users/rules.md#builder-on-completed).  The root's open sides, not
 * the tile's completed bits: those mark one piece of a feature that the
 * tile joins twice. */
static bool
builder_may_complete(const struct carc_game *g, uint32_t node)
{
	return OPT(g->rules, CARC_OPT_BUILDER_ON_COMPLETED) ||
	       node_open(&g->nodes[carc__find(g, node)]) != 0;
}

/* Whether @figure (builder or pig) may go on local feature @i of the tile
 * just placed (doc/users/rules.md#traders-builder, #traders-pig). */
static int
target_ok(const struct carc_game *g, uint32_t figure, int i)
{
	const struct placed *p = &g->tiles[g->s.last_tile];
	uint32_t kind = g->ti[p->type].code[i] >> 4;
	uint32_t player = g->s.player;

	if (figure == CARC_FIGURE_BUILDER) {
		if (kind != CARC_FEATURE_CITY && kind != CARC_FEATURE_ROAD)
			return CARC_E_NOT_ALLOWED;
		if (g->s.builder[player] != NODE_NONE)
			return CARC_E_NO_MEEPLE;
		if (!builder_may_complete(g, p->node_base + (uint32_t)i))
			return CARC_E_NOT_ALLOWED;
	} else {
		if (kind != CARC_FEATURE_FIELD ||
		    !OPT(g->rules, CARC_OPT_FARMERS))
			return CARC_E_NOT_ALLOWED;
		if (g->s.pig[player] != NODE_NONE)
			return CARC_E_NO_MEEPLE;
	}
	if (!has_follower(g, player,
			  carc__find(g, p->node_base + (uint32_t)i)))
		return CARC_E_NOT_ALLOWED;
	return CARC_OK;
}

/* The builder's and the pig's deployments, appended to the deployment
 * step's listing after the followers' (doc/api/moves.md). */
void
carc__traders_list(const struct carc_game *g, carc_move_t *moves, size_t cap,
		   uint32_t *n)
{
	const struct placed *p = &g->tiles[g->s.last_tile];
	const struct tile_info *ti = &g->ti[p->type];
	uint32_t player = g->s.player, held = 0, ways = 0;
	/* the tile's features each figure may go on, as target_ok() tells
	 * them, as masks: no test of a feature's kind in the loops, and
	 * none of whether the figure is in the supply, which changes from
	 * turn to turn */
	uint32_t builder = roads_and_cities(ti) &
			   -(uint32_t)(g->s.builder[player] == NODE_NONE);
	uint32_t pig = ti->field_mask &
		       -(uint32_t)(g->s.pig[player] == NODE_NONE) &
		       -(uint32_t)(OPT(g->rules, CARC_OPT_FARMERS) != 0);

	/* of those, the features whose set holds a follower of the player,
	 * found once for both figures; only a set some figure stands on
	 * can, and the deployment mask, made when the tile was placed, has
	 * the others (with or without fields: the pig needs farmers) */
	uint32_t cand = ~g->s.deploy_mask & (builder | pig);
	const uint16_t *figs = g->s.figs[player];
	uint32_t used;

	/* three tiles in four have no such feature */
	if (!cand)
		return;
	/* the player's slots in use, found once for all the features: the
	 * search of each feature visits those alone, where has_follower()
	 * branches on every slot, a coin toss the predictor misses */
	used = ~carc__slots_holding(figs, NODE_NONE) &
	       ((1u << MAX_FIGURE_SLOTS) - 1);
	for (uint32_t m = cand; m; m &= m - 1) {
		uint32_t i = (uint32_t)carc__ctz32(m);
		uint32_t root = carc__find(g, p->node_base + i);

		for (uint32_t u = used; u; u &= u - 1)
			if (carc__find(g, figs[carc__ctz32(u)]) == root) {
				held |= 1u << i;
				break;
			}
	}
	/* the builder on a road or city the tile completed
	 * (doc/users/rules.md#builder-on-completed) */
	for (uint32_t m = held & builder; m; m &= m - 1) {
		uint32_t i = (uint32_t)carc__ctz32(m);

		if (builder_may_complete(g, p->node_base + i))
			ways |= 1u << i;
	}
	for (uint32_t m = ways; m; m &= m - 1)
		emit(moves, cap, n,
		     pack(CARC_MOVE_DEPLOY, CARC_FIGURE_BUILDER, 0,
			  ti->code[carc__ctz32(m)], p->x, p->y));
	for (uint32_t m = held & pig; m; m &= m - 1)
		emit(moves, cap, n,
		     pack(CARC_MOVE_DEPLOY, CARC_FIGURE_PIG, 0,
			  ti->code[carc__ctz32(m)], p->x, p->y));
}

int
carc__traders_check(const struct carc_game *g, carc_move_t m)
{
	const struct placed *p = &g->tiles[g->s.last_tile];
	int i;

	if (!carc__tb(g))
		return CARC_E_NOT_ALLOWED;
	if (M_X(m) != p->x || M_Y(m) != p->y)
		return CARC_E_WRONG_TILE;
	i = tile_feat(&g->ti[p->type], M_FEATURE(m));
	if (i < 0)
		return CARC_E_NO_FEATURE;
	return target_ok(g, M_FIGURE(m), i);
}

void
carc__traders_apply(struct carc_game *g, uint32_t figure, uint32_t node)
{
	uint32_t player = g->s.player;

	if (figure == CARC_FIGURE_BUILDER)
		g->s.builder[player] = (uint16_t)node;
	else
		g->s.pig[player] = (uint16_t)node;
	g->s.figure_now = 1;
	g->s.hash_figs += carc__figure_key(g, player, figure, node);
}

/* A follower of @player left the set @root: his builder or pig there
 * goes back to his supply when none of his followers is left in it
 * (doc/users/rules.md#traders-builder-return, #traders-pig-return). */
void
carc__traders_left(struct carc_game *g, uint32_t player, uint32_t root)
{
	uint16_t *figs[2] = { &g->s.builder[player], &g->s.pig[player] };
	static const uint32_t kinds[2] = { CARC_FIGURE_BUILDER,
					   CARC_FIGURE_PIG };

	for (int k = 0; k < 2; k++) {
		uint32_t n = *figs[k];

		if (n == NODE_NONE || carc__find(g, n) != root ||
		    has_follower(g, player, root))
			continue;
		g->s.hash_figs -= carc__figure_key(g, player, kinds[k], n);
		*figs[k] = NODE_NONE;
	}
}

/* Goods symbols of @kind on the pieces of the city rooted at @root. */
uint32_t
carc__traders_goods_of(const struct carc_game *g, uint32_t root,
		       uint32_t kind)
{
	uint32_t m = root, n = 0;

	if (node_kind(g, root) != CARC_FEATURE_CITY)
		return 0;
	do {
		const struct node *nd = &g->nodes[m];
		const struct placed *pl = &g->tiles[node_tile(nd)];

		n += carc__tiles[pl->type].feats[m - pl->node_base].goods ==
		     kind;
		m = nd->next;
	} while (m != root);
	return n;
}

/* A city rooted at @root was completed by the player who placed the
 * tile: he takes its goods (doc/users/rules.md#traders-goods).  Returns
 * the tokens taken.  The city's event gives them per kind from the city itself,
 * which never changes once complete (carc_game_event_get()). */
uint32_t
carc__traders_completed(struct carc_game *g, uint32_t root)
{
	uint32_t total = 0;

	for (uint32_t kind = CARC_GOODS_WINE; kind <= CARC_GOODS_CLOTH;
	     kind++) {
		uint32_t n = carc__traders_goods_of(g, root, kind);
		uint32_t have = g->s.goods[g->s.player][kind - 1] + n;

		/* saturated: only a custom stack holds 255 of a kind */
		g->s.goods[g->s.player][kind - 1] =
			(uint8_t)(have > 255 ? 255 : have);
		total += n;
	}
	return total;
}

/* The end of the game: 10 points to every player holding the most
 * tokens of a kind, one event per kind somebody holds
 * (doc/users/rules.md#traders-goods-final). */
void
carc__traders_final(struct carc_game *g)
{
	for (uint32_t kind = CARC_GOODS_WINE; kind <= CARC_GOODS_CLOTH;
	     kind++) {
		uint32_t best = 0, scorers = 0;
		struct event *e;

		for (uint32_t p = 0; p < g->s.n_players; p++)
			if (g->s.goods[p][kind - 1] > best)
				best = g->s.goods[p][kind - 1];
		if (best == 0)
			continue;
		e = carc__new_goods_event(g);
		e->cities = (uint8_t)kind;	/* the kind, in a goods event */
		for (uint32_t p = 0; p < g->s.n_players; p++) {
			uint32_t have = g->s.goods[p][kind - 1];

			event_figures(e, g->s.n_players)[p] =
				(uint8_t)(have > 255 ? 255 : have);
			if (have != best)
				continue;
			scorers |= 1u << p;
			event_points(e)[p] = 10;
			g->s.score[p] += 10;
		}
		e->scorers = (uint8_t)scorers;
	}
}

/* ---- the builder's second tile (CARC_PHASE_SECOND_TILE) --------------- */

/* From carc__game_next_turn() while builder_due: the second part of the
 * turn, at once under CARC_BUILDER_TURN_MANDATORY, else the player's
 * choice.  False when there is none: the stack is empty (the game ends
 * as after any turn). */
bool
carc__second_tile_start(struct carc_game *g)
{
	g->s.builder_due = 0;
	if (g->s.stack_pos >= g->s.stack_len)
		return false;
	g->s.player = g->s.active;
	if (OPT(g->rules, CARC_OPT_BUILDER_TURN) ==
	    CARC_BUILDER_TURN_MANDATORY) {
		carc__game_second_part(g);
		return true;
	}
	g->s.phase = CARC_PHASE_SECOND_TILE;
	return true;
}

uint32_t
carc__second_tile_list(const struct carc_game *g, carc_move_t *moves,
		       size_t cap)
{
	uint32_t n = 0;

	(void)g;
	emit(moves, cap, &n, (carc_move_t)CARC_MOVE_SECOND_TILE);
	emit(moves, cap, &n, MOVE_PASS);
	return n;
}

int
carc__second_tile_check(const struct carc_game *g, carc_move_t m,
			struct place_hint *h)
{
	(void)g;
	(void)h;
	if (M_KIND(m) == CARC_MOVE_SECOND_TILE || M_KIND(m) == CARC_MOVE_PASS)
		return CARC_OK;
	return CARC_E_WRONG_PHASE;
}

void
carc__second_tile_apply(struct carc_game *g, carc_move_t m, uint32_t node,
			const struct place_hint *h)
{
	(void)node;
	(void)h;
	if (M_KIND(m) == CARC_MOVE_SECOND_TILE)
		carc__game_second_part(g);
	else
		carc__game_next_turn(g);
}

CARC_EXPORT int
carc_game_turn_part(const struct carc_game *game)
{
	if (!game)
		return CARC_E_INVALID;
	if (game->s.phase == CARC_PHASE_GAME_OVER)
		return CARC_E_GAME_OVER;
	if (game->s.second_part)
		return CARC_TURN_SECOND;
	/* builder_due is consumed on the way into the choice */
	return game->s.builder_due ||
			       game->s.phase == CARC_PHASE_SECOND_TILE ?
		       CARC_TURN_FIRST_BUILDER :
		       CARC_TURN_FIRST;
}
