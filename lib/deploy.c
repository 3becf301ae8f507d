/* SPDX-License-Identifier: MIT */
/*
 * The deployment step (CARC_PHASE_DEPLOY, doc/users/rules.md#deployment): a
 * follower on a free feature of the tile just placed, a building
 * (buildings.c), or a pass; its listing, check and application
 * (doc/contributors/internals.md).  The phantom step (phantom.c) reuses the
 * follower part.
 */
#include "config.h"

#include "carc-private.h"

/* The features of the tile just placed open to a deployment, for the
 * deployment step and the phantom step. */
void
carc__deploy_mask(struct carc_game *g)
{
	const struct placed *p = &g->tiles[g->s.last_tile];
	const struct tile_info *ti = &g->ti[p->type];
	uint32_t mask = 0;

	/* without branches, not even the loop's exit, which varies with the
	 * tile: all MAX_TILE_FEATS places, those past the tile's features
	 * reading its first one and masked out */
	for (uint32_t i = 0; i < MAX_TILE_FEATS; i++) {
		uint32_t n = p->node_base + (i < ti->n_feats ? i : 0);

		/* the occupied ones, NW_OCC where it is shifted by i,
		 * inverted and brought down once at the end */
		mask |= node_occ(&g->nodes[carc__find(g, n)]) << i;
	}
	mask = ~mask / NW_OCC & ((1u << ti->n_feats) - 1);
	if (!OPT(g->rules, CARC_OPT_FARMERS))
		mask &= ~(uint32_t)ti->field_mask;
	g->s.deploy_mask = mask;
}

/* A follower or phantom on the tile just placed (steps 2a and 2b).
 * Inline: the deployment step checks one move of two with it. */
static inline int
check_tile_deploy(const struct carc_game *g, carc_move_t m, bool available)
{
	const struct placed *p = &g->tiles[g->s.last_tile];
	int i;

	if (M_X(m) != p->x || M_Y(m) != p->y)
		return CARC_E_WRONG_TILE;
	i = tile_feat(&g->ti[p->type], M_FEATURE(m));
	if (i < 0)
		return CARC_E_NO_FEATURE;
	if (M_FEATURE(m) >> 4 == CARC_FEATURE_FIELD &&
	    !OPT(g->rules, CARC_OPT_FARMERS))
		return CARC_E_NOT_ALLOWED;
	if (!available)
		return CARC_E_NO_MEEPLE;
	if (!(g->s.deploy_mask & (1u << i)))
		return CARC_E_FEATURE_OCCUPIED;
	return CARC_OK;
}

int
carc__deploy_check_tile(const struct carc_game *g, carc_move_t m,
			bool available)
{
	return check_tile_deploy(g, m, available);
}

/* Deployments on unoccupied features of the tile just placed. */
static void
emit_tile_deploys(const struct carc_game *g, uint32_t figure,
		  carc_move_t *moves, size_t cap, uint32_t *n)
{
	const struct placed *p = &g->tiles[g->s.last_tile];
	const uint8_t *code = g->ti[p->type].code;
	carc_move_t base = pack(CARC_MOVE_DEPLOY, figure, 0, 0, p->x, p->y);
	uint32_t mask = g->s.deploy_mask;

	/* with room for all of them, each feature's move is stored and the
	 * count advances by its bit: a loop of a fixed count instead of one
	 * per free feature, whose number no predictor foresees (the slots
	 * past the count are the listing's to overwrite, as in place.c) */
	if (cap >= MAX_TILE_FEATS && *n <= cap - MAX_TILE_FEATS) {
		uint32_t k = *n;

		for (uint32_t i = 0; i < MAX_TILE_FEATS; i++) {
			moves[k] = base | (carc_move_t)code[i] << 24;
			k += mask >> i & 1;
		}
		*n = k;
		return;
	}
	for (uint32_t m = mask; m; m &= m - 1)
		emit(moves, cap, n,
		     base | (carc_move_t)code[carc__ctz32(m)] << 24);
}

void
carc__deploy_tile_moves(const struct carc_game *g, uint32_t figure,
			carc_move_t *moves, size_t cap, uint32_t *n)
{
	emit_tile_deploys(g, figure, moves, cap, n);
}

/* The expansions' deployments, in the order of doc/api/moves.md: the
 * large follower (Inns & Cathedrals), the builder and the pig (Traders &
 * Builders), the buildings (Little Buildings). */
static void
expansion_deploys(const struct carc_game *g, carc_move_t *moves, size_t cap,
		  uint32_t *n)
{
	if (g->s.large[g->s.player])
		emit_tile_deploys(g, CARC_FIGURE_LARGE_FOLLOWER, moves, cap, n);
	if (g->ext & EXT_TB)
		carc__traders_list(g, moves, cap, n);
	if (g->ext & EXT_LB)
		carc__buildings_list(g, moves, cap, n);
}

uint32_t
carc__deploy_list(const struct carc_game *g, carc_move_t *moves, size_t cap)
{
	uint32_t n = 0;

	if (g->s.supply[g->s.player] > 0)
		emit_tile_deploys(g, CARC_FIGURE_FOLLOWER, moves, cap, &n);
	if (g->ext & EXT_DEPLOY)
		expansion_deploys(g, moves, cap, &n);
	emit(moves, cap, &n, MOVE_PASS);
	return n;
}

uint32_t
carc__deploy_list_base(const struct carc_game *g, carc_move_t *moves,
		       size_t cap)
{
	uint32_t n = 0;

	if (g->s.supply[g->s.player] > 0)
		emit_tile_deploys(g, CARC_FIGURE_FOLLOWER, moves, cap, &n);
	emit(moves, cap, &n, MOVE_PASS);
	return n;
}

int
carc__deploy_check(const struct carc_game *g, carc_move_t m,
		   struct place_hint *h)
{
	uint32_t fig = M_FIGURE(m);

	(void)h;
	if (M_KIND(m) == CARC_MOVE_PASS)
		return CARC_OK;
	if (M_KIND(m) != CARC_MOVE_DEPLOY)
		return CARC_E_WRONG_PHASE;
	if (fig == CARC_FIGURE_FOLLOWER)
		return check_tile_deploy(g, m, g->s.supply[g->s.player] > 0);
	if (fig == CARC_FIGURE_PHANTOM)
		return carc__phantom_in_deploy_step(g);
	if (fig == CARC_FIGURE_LARGE_FOLLOWER) {
		if (!(g->ext & EXT_IC))
			return CARC_E_NOT_ALLOWED;
		return check_tile_deploy(g, m, g->s.large[g->s.player] != 0);
	}
	if (fig == CARC_FIGURE_BUILDER || fig == CARC_FIGURE_PIG)
		return carc__traders_check(g, m);
	return carc__buildings_check(g, m);
}

/* End of step 2a: the phantom step follows while the phantom is in the
 * supply; otherwise scoring. */
static void
after_deploy(struct carc_game *g)
{
	if (carc__phantom_begin(g))
		return;
	carc__game_end_turn(g);
}

void
carc__deploy_apply(struct carc_game *g, carc_move_t m, uint32_t node,
		   const struct place_hint *h)
{
	uint32_t fig = M_FIGURE(m);

	(void)h;
	if (M_KIND(m) == CARC_MOVE_DEPLOY) {
		if (is_building(fig))
			carc__buildings_apply(g, fig);
		else if (fig == CARC_FIGURE_BUILDER || fig == CARC_FIGURE_PIG)
			carc__traders_apply(g, fig, node);
		else
			carc__game_put_figure(g, g->s.player, fig, node);
	}
	after_deploy(g);
}
