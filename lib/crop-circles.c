/* SPDX-License-Identifier: MIT */
/*
 * The Crop Circles expansion (I and II; doc/users/rules.md#crop-circles): its
 * tiles' place in the stack, and its two decision points, the active player's choice
 * (CARC_PHASE_CROP_CHOICE) and every player's response
 * (CARC_PHASE_CROP_RESPONSE), each with its listing, check and
 * application (doc/contributors/internals.md).
 *
 * After the scoring of a turn whose tile shows a crop circle, the active
 * player chooses deploy or remove; then, from the player on his left
 * round to himself, every player with a figure on a feature of the kind
 * the symbol names either adds a figure next to one (deploy) or takes
 * one back (remove).
 */
#include "config.h"

#include "carc-private.h"

/* Tiles of a switched-off set never enter the stack. */
bool
carc__crop_tile_enabled(const int32_t *opt, uint32_t tile)
{
	if (tile >= CARC_TILE_CCI_1 && tile <= CARC_TILE_CCI_6)
		return opt[CARC_OPT_CROP_CIRCLES_I] != 0;
	if (tile >= CARC_TILE_CCII_1 && tile <= CARC_TILE_CCII_6)
		return opt[CARC_OPT_CROP_CIRCLES_II] != 0;
	return true;
}

/* The feature kind a crop circle on tile @t affects: a pitchfork is
 * ignored without farmers (doc/users/rules.md#crop-pitchfork-no-farmers). */
uint32_t
carc__crop_kind_of(const int32_t *opt, uint32_t t)
{
	switch (carc__tiles[t].symbol) {
	case CARC_SYMBOL_PITCHFORK:
		return opt[CARC_OPT_FARMERS] ? CARC_FEATURE_FIELD : 0;
	case CARC_SYMBOL_CLUB:
		return CARC_FEATURE_ROAD;
	case CARC_SYMBOL_SHIELD:
		return CARC_FEATURE_CITY;
	}
	return 0;
}

/* The slots that may take part in the crop-circle action: all but the
 * phantom's when CARC_OPT_CROP_PHANTOM is 0. */
static inline uint32_t
crop_slot_mask(const struct carc_game *g)
{
	return OPT(g->rules, CARC_OPT_CROP_PHANTOM)
		       ? (1u << MAX_FIGURE_SLOTS) - 1
		       : ((1u << MAX_FIGURE_SLOTS) - 1) & ~(1u << PHANTOM_SLOT);
}

/* The slots of @player's figures that take part in the crop-circle
 * action, bit k for slot k: on the board, on a feature of the affected
 * kind, and not the phantom when CARC_OPT_CROP_PHANTOM is 0.  Only the
 * slots in use are visited: a player has few figures out. */
static uint32_t
crop_slots(const struct carc_game *g, uint32_t player, uint32_t kind)
{
	const uint16_t *figs = g->s.figs[player];
	uint32_t used = ~carc__slots_holding(figs, NODE_NONE) &
			crop_slot_mask(g);
	uint32_t slots = 0, w = kind << NW_KIND_SHIFT;

	/* node_kind() compared in place, without the shift */
	for (; used != 0; used &= used - 1) {
		uint32_t k = (uint32_t)carc__ctz32(used);

		slots |= (uint32_t)((g->nodes[figs[k]].w &
				     7u << NW_KIND_SHIFT) == w) << k;
	}
	return slots;
}

/* Figures @player may add in a crop-circle deploy: bit per carc_figure. */
static uint32_t
crop_deployable(const struct carc_game *g, uint32_t player)
{
	uint32_t figs = 0;

	/* "phantom is always last", read strictly
	 * (doc/users/rules.md#crop-after-phantom) */
	if (player == g->s.active && g->s.phantom_now &&
	    !OPT(g->rules, CARC_OPT_CROP_AFTER_PHANTOM))
		return 0;
	if (g->s.supply[player] > 0)
		figs |= 1u << CARC_FIGURE_FOLLOWER;
	if (g->s.phantom[player] && OPT(g->rules, CARC_OPT_CROP_PHANTOM))
		figs |= 1u << CARC_FIGURE_PHANTOM;
	/* the large follower is a follower (doc/users/rules.md#ic-crop) */
	if (g->s.large[player])
		figs |= 1u << CARC_FIGURE_LARGE_FOLLOWER;
	return figs;
}

/* A player is skipped when he has no figure of the kind on the board,
 * or, for deploy, nothing he may add (doc/users/rules.md#crop-responses). */
static bool
crop_can_act(const struct carc_game *g, uint32_t player)
{
	uint32_t kind = carc__crop_kind(g);

	if (crop_slots(g, player, kind) == 0)
		return false;
	return g->s.crop_choice == CARC_CROP_REMOVE ||
	       crop_deployable(g, player) != 0;
}

/* The pieces next to which @player may deploy, ascending: where his own
 * figures of the kind stand, or anybody's with CARC_OPT_CROP_DEPLOY_ANY.
 * @nodes holds MAX_PLAYERS * MAX_FIGURE_SLOTS entries. */
static int
crop_anchors(const struct carc_game *g, uint32_t player, uint16_t *nodes)
{
	uint32_t kind = carc__crop_kind(g);
	bool any = OPT(g->rules, CARC_OPT_CROP_DEPLOY_ANY) != 0;
	int n = 0;

	for (uint32_t p = 0; p < g->s.n_players; p++) {
		if (p != player && !any)
			continue;
		for (uint32_t s = crop_slots(g, p, kind); s != 0; s &= s - 1)
			carc__insert_unique(nodes, &n,
					    g->s.figs[p][carc__ctz32(s)]);
	}
	return n;
}

/* Visit the next player of the crop-circle round who can act, left of
 * the active player first and the active player last
 * (doc/users/rules.md#crop-responses). */
static void
crop_advance(struct carc_game *g)
{
	while (g->s.crop_step < g->s.n_players) {
		/* (active + step) modulo the players, step <= players: one
		 * subtraction instead of a division */
		uint32_t q = g->s.active + ++g->s.crop_step;

		q -= g->s.n_players & -(uint32_t)(q >= g->s.n_players);

		if (crop_can_act(g, q)) {
			g->s.player = q;
			g->s.phase = CARC_PHASE_CROP_RESPONSE;
			return;
		}
	}
	carc__game_next_turn(g);
}

/* The crop-circle choice begins (carc__crop_begin()). */
void
carc__crop_start(struct carc_game *g)
{
	g->s.player = g->s.active;
	g->s.phase = CARC_PHASE_CROP_CHOICE;
}

/* CARC_PHASE_CROP_CHOICE: deploy or remove. */

uint32_t
carc__crop_choice_list(const struct carc_game *g, carc_move_t *moves,
		       size_t cap)
{
	uint32_t n = 0;

	(void)g;
	emit(moves, cap, &n,
	     pack(CARC_MOVE_CROP_CHOICE, CARC_CROP_DEPLOY, 0, 0, 0, 0));
	emit(moves, cap, &n,
	     pack(CARC_MOVE_CROP_CHOICE, CARC_CROP_REMOVE, 0, 0, 0, 0));
	return n;
}

int
carc__crop_choice_check(const struct carc_game *g, carc_move_t m,
			struct place_hint *h)
{
	(void)g;
	(void)h;
	return M_KIND(m) == CARC_MOVE_CROP_CHOICE ? CARC_OK
						  : CARC_E_WRONG_PHASE;
}

void
carc__crop_choice_apply(struct carc_game *g, carc_move_t m, uint32_t node,
			const struct place_hint *h)
{
	(void)node;
	(void)h;
	g->s.crop_choice = M_FIGURE(m);
	g->s.crop_step = 0;
	crop_advance(g);
}

/* CARC_PHASE_CROP_RESPONSE: a figure added, one taken back, or a pass. */

static carc_move_t
node_move(const struct carc_game *g, uint32_t kind, uint32_t figure,
	  uint32_t node)
{
	const struct placed *p = node_placed(g, node);

	return pack(kind, figure, 0, g->ti[p->type].code[node - p->node_base],
		    p->x, p->y);
}

uint32_t
carc__crop_response_list(const struct carc_game *g, carc_move_t *moves,
			 size_t cap)
{
	uint32_t p = g->s.player, n = 0;

	if (g->s.crop_choice == CARC_CROP_DEPLOY) {
		static const uint8_t order[] = {
			CARC_FIGURE_FOLLOWER, CARC_FIGURE_PHANTOM,
			CARC_FIGURE_LARGE_FOLLOWER,
		};
		uint16_t anchors[MAX_PLAYERS * MAX_FIGURE_SLOTS];
		uint32_t figs = crop_deployable(g, p);
		int na = crop_anchors(g, p, anchors);

		for (int k = 0; k < na; k++)
			for (uint32_t i = 0; i < sizeof(order); i++) {
				uint32_t f = order[i];

				if (figs & (1u << f))
					emit(moves, cap, &n,
					     node_move(g, CARC_MOVE_DEPLOY, f,
						       anchors[k]));
			}
		if (!OPT(g->rules, CARC_OPT_CROP_DEPLOY_MANDATORY))
			emit(moves, cap, &n, MOVE_PASS);
	} else {
		uint32_t slots = crop_slots(g, p, carc__crop_kind(g));
		uint16_t done[MAX_FIGURE_SLOTS];
		int nd = 0;

		/* one move per distinct (piece, figure kind); followers,
		 * then the phantom, then the large follower, pieces in
		 * ascending order */
		for (uint32_t s = slots & ((1u << PHANTOM_SLOT) - 1); s != 0;
		     s &= s - 1)
			carc__insert_unique(done, &nd,
					    g->s.figs[p][carc__ctz32(s)]);
		for (int k = 0; k < nd; k++)
			emit(moves, cap, &n,
			     node_move(g, CARC_MOVE_REMOVE,
				       CARC_FIGURE_FOLLOWER, done[k]));
		if (slots & (1u << PHANTOM_SLOT))
			emit(moves, cap, &n,
			     node_move(g, CARC_MOVE_REMOVE, CARC_FIGURE_PHANTOM,
				       g->s.figs[p][PHANTOM_SLOT]));
		if (slots & (1u << LARGE_SLOT))
			emit(moves, cap, &n,
			     node_move(g, CARC_MOVE_REMOVE, CARC_FIGURE_LARGE_FOLLOWER,
				       g->s.figs[p][LARGE_SLOT]));
	}
	return n;
}

int
carc__crop_response_check(const struct carc_game *g, carc_move_t m,
			  struct place_hint *h)
{
	uint32_t p = g->s.player, fig = M_FIGURE(m), node, slots;
	bool deploy = g->s.crop_choice == CARC_CROP_DEPLOY;
	uint16_t anchors[MAX_PLAYERS * MAX_FIGURE_SLOTS];
	int rc, n;

	(void)h;
	switch (M_KIND(m)) {
	case CARC_MOVE_PASS:
		if (!deploy)
			return CARC_E_NOT_ALLOWED;	/* removal is a must */
		return OPT(g->rules, CARC_OPT_CROP_DEPLOY_MANDATORY)
			       ? CARC_E_NOT_ALLOWED : CARC_OK;
	case CARC_MOVE_DEPLOY:
		if (!deploy)
			return CARC_E_WRONG_PHASE;
		if (is_building(fig))
			return CARC_E_NOT_ALLOWED;
		if (fig == CARC_FIGURE_PHANTOM &&
		    !OPT(g->rules, CARC_OPT_CROP_PHANTOM))
			return CARC_E_NOT_ALLOWED;
		if (!(crop_deployable(g, p) & (1u << fig)))
			return CARC_E_NO_MEEPLE;
		rc = carc__feature_node(g, M_X(m), M_Y(m), M_FEATURE(m),
					&node);
		if (rc < 0)
			return rc;
		n = crop_anchors(g, p, anchors);
		for (int k = 0; k < n; k++)
			if (anchors[k] == node)
				return CARC_OK;
		return CARC_E_NOT_ALLOWED;
	case CARC_MOVE_REMOVE:
		if (deploy)
			return CARC_E_WRONG_PHASE;
		if (fig == CARC_FIGURE_PHANTOM &&
		    !OPT(g->rules, CARC_OPT_CROP_PHANTOM))
			return CARC_E_NOT_ALLOWED;
		rc = carc__feature_node(g, M_X(m), M_Y(m), M_FEATURE(m),
					&node);
		if (rc < 0)
			return rc;
		/* a slot of the figure named that holds the piece, whose
		 * kind is then the piece's */
		slots = carc__slots_holding(g->s.figs[p], node) &
			crop_slot_mask(g);
		slots &= fig == CARC_FIGURE_FOLLOWER ? (1u << PHANTOM_SLOT) - 1
			 : fig == CARC_FIGURE_PHANTOM ? 1u << PHANTOM_SLOT
			 : fig == CARC_FIGURE_LARGE_FOLLOWER ? 1u << LARGE_SLOT
							     : 0;
		if (slots != 0 && node_kind(g, node) == carc__crop_kind(g))
			return CARC_OK;
		return CARC_E_NOT_FOUND;
	}
	return CARC_E_WRONG_PHASE;
}

void
carc__crop_response_apply(struct carc_game *g, carc_move_t m, uint32_t node,
			  const struct place_hint *h)
{
	(void)h;
	if (M_KIND(m) == CARC_MOVE_DEPLOY)
		carc__game_put_figure(g, g->s.player, M_FIGURE(m), node);
	else if (M_KIND(m) == CARC_MOVE_REMOVE)
		carc__game_take_figure(g, g->s.player, M_FIGURE(m), node);
	crop_advance(g);
}
