/* SPDX-License-Identifier: MIT */
/*
 * Games: memory layout, lifecycle, the turn state machine and queries.
 *
 * A game's arrays live in one block sized from its rules.  The plain-data
 * part (struct game_state) is copied by value and of each array only the
 * used prefix is copied, so carc_game_copy costs what the game has grown
 * to, not what it could hold.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "carc-private.h"

#define ALIGN8(n) (((n) + 7) & ~(size_t)7)
#define HISTORY_BYTES 3		/* one move in the history (history_push()) */
#define NO_LOCAL 15
_Static_assert(sizeof(struct carc_game) % 8 == 0,
	       "the arrays after the handle stay aligned");

struct layout {
	size_t tiles, nodes, cells, front_key, front_req, stack, discards, monasteries,
		history, events, total;
};

/* Events one carc_game_apply() can report: a turn scores at most the
 * four roads and cities of its tile and the nine monasteries around it;
 * final scoring one event per feature holding figures, plus, under the
 * per-city farm rule, one per completed city (rules.c counts those). */
#define TURN_EVENTS 13

static uint32_t
events_cap(const struct carc_rules *r, uint32_t n_players)
{
	uint32_t figures = (uint32_t)OPT(r, CARC_OPT_FOLLOWERS) +
			   (OPT(r, CARC_OPT_PHANTOM) ? 1 : 0) +
			   (OPT(r, CARC_OPT_INNS_CATHEDRALS) ? 1 : 0);
	/* cap_city_events holds the goods events too (rules.c) */
	uint32_t final = n_players * figures + r->cap_city_events;

	return final > TURN_EVENTS ? final : TURN_EVENTS;
}

/* Where each array of a game of @n_players under @r lives in its block.
 * Capacities are exact bounds for the rules, so the block is as small as
 * it can be: 8 KB or less for a two-player base game. */
static void
compute_layout(const struct carc_rules *r, uint32_t n_players,
	       struct layout *l)
{
	size_t off = 0;

	memset(l, 0, sizeof(*l));
#define PUT(field, bytes) do { l->field = off; off += ALIGN8(bytes); } while (0)
	PUT(tiles, r->cap_tiles * sizeof(struct placed));
	PUT(nodes, r->cap_nodes * sizeof(struct node));
	PUT(cells, r->hash_size * sizeof(uint16_t));
	/* one more key than open positions: the listing reads past the
	 * last (place.c) */
	PUT(front_key, (r->cap_frontier + 1) * sizeof(uint32_t));
	PUT(front_req, r->cap_frontier);
	PUT(stack, r->cap_tiles);
	PUT(discards, r->cap_tiles);
	PUT(monasteries, (r->cap_monasteries + 1) * sizeof(struct monastery));
	PUT(history, (r->cap_history + r->crop_tiles * (1 + n_players)) *
			     HISTORY_BYTES);
	PUT(events, events_cap(r, n_players) * event_size(n_players));
#undef PUT
	l->total = off;
}

/* Point @g's arrays into @mem, laid out by @l.  Only the position hash
 * must start zeroed; every other array is written before it is read, so
 * a fresh block is not cleared and the untouched pages of a clone are
 * never faulted in. */
static void
attach(struct carc_game *g, void *mem, const struct layout *l,
       const struct carc_rules *r)
{
	char *base = mem;

	g->mem = mem;
	g->tiles = (struct placed *)(void *)(base + l->tiles);
	g->nodes = (struct node *)(void *)(base + l->nodes);
	g->cells = (uint16_t *)(void *)(base + l->cells);
	g->front_key = (uint32_t *)(void *)(base + l->front_key);
	g->front_req = (uint8_t *)(base + l->front_req);
	g->stack = (uint8_t *)(base + l->stack);
	g->discards = (uint8_t *)(base + l->discards);
	g->monasteries = (struct monastery *)(void *)(base + l->monasteries);
	g->events = (struct event *)(void *)(base + l->events);
	g->history = (uint8_t *)(base + l->history);
	memset(g->cells, 0, r->hash_size * sizeof(*g->cells));
}

/* Give @g the rules @r (the caller handles the references). */
static void
set_rules(struct carc_game *g, struct carc_rules *r)
{
	g->rules = r;
	g->ti = r->ti;
	g->hash_mask = r->hash_size - 1;
	g->ext = (OPT(r, CARC_OPT_RIVER) ? EXT_RIVER : 0) |
		 (OPT(r, CARC_OPT_INNS_CATHEDRALS) ? EXT_IC : 0) |
		 (OPT(r, CARC_OPT_TRADERS_BUILDERS) ? EXT_TB : 0) |
		 (OPT(r, CARC_OPT_LITTLE_BUILDINGS) ? EXT_LB : 0);
	g->phases = g->ext ? carc__phases : carc__base_phases;
}

static struct carc_game *
game_alloc(const struct carc_rules *rules, uint32_t n_players)
{
	struct carc_game *g;
	struct layout l;
	void *mem;

	/* the handle and its arrays in one allocation (the handle's size is
	 * a multiple of 8, so the arrays stay aligned); only the handle is
	 * cleared */
	compute_layout(rules, n_players, &l);
	g = malloc(sizeof(*g) + l.total);
	if (!g)
		return NULL;
	memset(g, 0, sizeof(*g));
	g->inline_size = l.total;
	mem = g + 1;
	attach(g, mem, &l, rules);
	set_rules(g, carc_rules_ref((struct carc_rules *)rules));
	return g;
}

static void
stack_count_add(struct carc_game *g, uint32_t t, int delta)
{
	uint32_t old = g->s.remaining[t];

	g->s.remaining[t] = (uint16_t)(old + (uint32_t)delta);
	g->s.hash_stack += (uint64_t)(int64_t)delta * g->rules->stack_key[t];
}

/* Draw tiles until one fits somewhere; end the game when none is left.
 * Inline: a call per turn costs more than the drawing of the base game.
 * The river may place a tile itself (its lake, river.c: 2), and the
 * player draws again. */
static inline void
draw(struct carc_game *g)
{
	while (g->s.stack_pos < g->s.stack_len) {
		uint32_t t = g->stack[g->s.stack_pos++];
		int fit;

		stack_count_add(g, t, -1);
		fit = g->ext & EXT_RIVER ? carc__river_hand(g, t)
					 : carc__board_placeable(g, t);
		if (fit == 1) {
			g->s.hand = t;
			g->s.phase = CARC_PHASE_PLACE_TILE;
			return;
		}
		if (fit == 0)
			g->discards[g->s.n_discards++] = (uint8_t)t;
	}
	g->s.phase = CARC_PHASE_GAME_OVER;
	carc__score_final(g);
}

/* Set up the start of a game in @g, whose state and position hash are
 * zero and whose rules and @n_players fixed its layout: the stack is
 * @order (the rules' stack_total tiles) or, for NULL, the rules' tiles
 * shuffled by @seed.  Used by carc_game_new() and carc_game_undo(). */
void
carc__game_start(struct carc_game *g, uint32_t n_players,
		 const uint8_t *order, uint64_t seed)
{
	const struct carc_rules *rules = g->rules;

	g->s.n_players = n_players;
	memset(g->s.figs, 0xff, sizeof(g->s.figs));
	memset(g->s.builder, 0xff, sizeof(g->s.builder));
	memset(g->s.pig, 0xff, sizeof(g->s.pig));
	for (uint32_t p = 0; p < n_players; p++) {
		g->s.supply[p] = (uint8_t)OPT(rules, CARC_OPT_FOLLOWERS);
		carc__phantom_init(g, p);
		carc__buildings_init(g, p);
		g->s.large[p] = OPT(rules, CARC_OPT_INNS_CATHEDRALS) ? 1 : 0;
	}
	/* the stack in tile order and its hash, from the rules */
	memcpy(g->stack, order ? order : rules->stack0, rules->stack_total);
	memcpy(g->s.remaining, rules->counts, sizeof(g->s.remaining));
	g->s.hash_stack = rules->stack_hash;
	g->s.stack_len = rules->stack_total;
	if (!order && OPT(rules, CARC_OPT_RIVER))
		carc__river_deal(g, seed);
	else if (!order)
		carc__shuffle(g->stack, g->s.stack_len, seed);

	/* the start tile: D, city north, at the origin; with the river the
	 * spring, the river leaving east (doc/users/rules.md#river-setup) */
	if (OPT(rules, CARC_OPT_RIVER)) {
		carc__board_place(g, 0, 0, 0, CARC_TILE_RI_1, NULL);
		carc__river_placed(g, 0);
	} else {
		carc__board_place(g, 0, 0, 0, CARC_TILE_D, NULL);
	}
	g->s.player = 0;
	g->s.active = 0;
	draw(g);
}

CARC_EXPORT int
carc_game_new(const struct carc_rules *rules, uint32_t n_players,
	      uint64_t seed, struct carc_game **out)
{
	struct carc_game *g;

	if (!rules || !out || n_players < MIN_PLAYERS ||
	    n_players > MAX_PLAYERS)
		return CARC_E_INVALID;
	g = game_alloc(rules, n_players);
	if (!g)
		return CARC_E_NOMEM;
	carc__game_start(g, n_players, NULL, seed);
	*out = g;
	return CARC_OK;
}

/* The same start as carc_game_new() in the memory @game already has:
 * every array is written before it is read but the position hash, so
 * clearing the state and the hash is all a fresh game needs (as in
 * carc_game_undo()). */
CARC_EXPORT int
carc_game_reset(struct carc_game *game, uint64_t seed)
{
	struct carc_game *g = game;
	uint32_t n_players;

	if (!g)
		return CARC_E_INVALID;
	n_players = g->s.n_players;
	memset(&g->s, 0, sizeof(g->s));
	memset(g->cells, 0, g->rules->hash_size * sizeof(*g->cells));
	carc__game_start(g, n_players, NULL, seed);
	return CARC_OK;
}

static void
copy_state(struct carc_game *dst, const struct carc_game *src)
{
	const struct game_state *s = &src->s;
	const struct carc_rules *r = src->rules;

	dst->s = *s;
	memcpy(dst->tiles, src->tiles, s->n_tiles * sizeof(*src->tiles));
	memcpy(dst->nodes, src->nodes, s->n_nodes * sizeof(*src->nodes));
	memcpy(dst->cells, src->cells, r->hash_size * sizeof(*src->cells));
	memcpy(dst->front_key, src->front_key,
	       s->n_frontier * sizeof(*src->front_key));
	memcpy(dst->front_req, src->front_req, s->n_frontier);
	memcpy(dst->stack, src->stack, s->stack_len);
	memcpy(dst->discards, src->discards, s->n_discards);
	memcpy(dst->monasteries, src->monasteries,
	       s->n_monasteries * sizeof(*src->monasteries));
	memcpy(dst->events, src->events, s->n_events * event_size(s->n_players));
	memcpy(dst->history, src->history, s->n_history * HISTORY_BYTES);
}

CARC_EXPORT int
carc_game_clone(const struct carc_game *game, struct carc_game **out)
{
	struct carc_game *g;

	if (!game || !out)
		return CARC_E_INVALID;
	g = game_alloc(game->rules, game->s.n_players);
	if (!g)
		return CARC_E_NOMEM;
	copy_state(g, game);
	*out = g;
	return CARC_OK;
}

/* Make @dst, a game with other rules or players than @src, ready to
 * hold a copy of it: its arrays laid out as @src's, its rules @src's. */
static int
adopt_layout(struct carc_game *dst, const struct carc_game *src)
{
	struct layout ld, ls;

	compute_layout(dst->rules, dst->s.n_players, &ld);
	compute_layout(src->rules, src->s.n_players, &ls);
	if (memcmp(&ld, &ls, sizeof(ld)) != 0 ||
	    dst->rules->hash_size != src->rules->hash_size) {
		/* the block after the handle if the new layout fits in it,
		 * else a block of its own */
		void *mem = dst + 1;

		if (ls.total > dst->inline_size) {
			mem = malloc(ls.total);
			if (!mem)
				return CARC_E_NOMEM;
		}
		if (dst->mem != (void *)(dst + 1))
			free(dst->mem);
		attach(dst, mem, &ls, src->rules);
	}
	if (dst->rules != src->rules) {
		carc_rules_unref(dst->rules);
		set_rules(dst, carc_rules_ref(src->rules));
	}
	return CARC_OK;
}

CARC_EXPORT int
carc_game_copy(struct carc_game *dst, const struct carc_game *src)
{
	if (!dst || !src)
		return CARC_E_INVALID;
	if (dst == src)
		return CARC_OK;
	/* the same rules and players, the usual case in a search, need no
	 * new layout */
	if (dst->rules != src->rules || dst->s.n_players != src->s.n_players) {
		int rc = adopt_layout(dst, src);

		if (rc < 0)
			return rc;
	}
	copy_state(dst, src);
	return CARC_OK;
}

CARC_EXPORT int
carc_game_memory_size(const struct carc_game *game)
{
	struct layout l;

	if (!game)
		return CARC_E_INVALID;
	/* the handle with the block allocated after it, and the block in
	 * use if a resizing copy moved it elsewhere */
	if (game->mem == (const void *)(game + 1))
		return (int)(sizeof(*game) + game->inline_size);
	compute_layout(game->rules, game->s.n_players, &l);
	return (int)(sizeof(*game) + game->inline_size + l.total);
}

CARC_EXPORT void
carc_game_free(struct carc_game *game)
{
	if (!game)
		return;
	carc_rules_unref(game->rules);
	if (game->mem != (void *)(game + 1))
		free(game->mem);
	free(game);
}

void
carc__game_next_turn(struct carc_game *g)
{
	uint32_t next;

	/* the builder's second tile (traders.c) */
	if (g->s.builder_due && carc__second_tile_start(g))
		return;
	/* the next player, without a branch: in a two-player game the
	 * answer alternates, which a predictor without history misses */
	next = g->s.active + 1;
	next &= -(uint32_t)(next != g->s.n_players);
	g->s.active = next;
	g->s.player = next;
	/* what belongs to a part of a turn starts afresh (builder_due is 0
	 * by now; the four bytes are side by side, one store) */
	g->s.phantom_now = 0;
	g->s.builder_due = 0;
	g->s.second_part = 0;
	g->s.figure_now = 0;
	g->s.crop_choice = 0;
	g->s.crop_step = 0;
	draw(g);
}

/* The second part of a turn (doc/users/rules.md#traders-second-tile): the same
 * player draws again; what belongs to a part starts afresh. */
void
carc__game_second_part(struct carc_game *g)
{
	g->s.player = g->s.active;
	g->s.second_part = 1;
	g->s.figure_now = 0;
	g->s.phantom_now = 0;
	g->s.crop_choice = 0;
	g->s.crop_step = 0;
	draw(g);
}

/* An event that names no feature (Traders & Builders' goods at the
 * end). */
struct event *
carc__new_goods_event(struct carc_game *g)
{
	struct event *e = game_event(g, g->s.n_events++);

	memset(e, 0, event_size(g->s.n_players));
	e->type = CARC_EVENT_GOODS;
	return e;
}

/* After the deployment steps: score, then the crop circle or next turn. */
void
carc__game_end_turn(struct carc_game *g)
{
	carc__score_turn(g);
	if (carc__crop_begin(g))
		return;
	carc__game_next_turn(g);
}

/* Put @player's @figure on union-find node @node. */
void
carc__game_put_figure(struct carc_game *g, uint32_t player, uint32_t figure,
		      uint32_t node)
{
	uint32_t root = carc__find(g, node);

	if (figure == CARC_FIGURE_PHANTOM) {
		g->s.figs[player][PHANTOM_SLOT] = (uint16_t)node;
		g->s.phantom[player] = 0;
	} else if (figure == CARC_FIGURE_LARGE_FOLLOWER) {
		g->s.figs[player][LARGE_SLOT] = (uint16_t)node;
		g->s.large[player] = 0;
	} else {
		/* the lowest free slot (one exists: the supply is not empty),
		 * found without a branch per slot */
		uint32_t free_slots = 0;

		for (uint32_t k = 0; k < PHANTOM_SLOT; k++)
			free_slots |= (uint32_t)(g->s.figs[player][k] ==
						 NODE_NONE) << k;
		g->s.figs[player][carc__ctz32(free_slots)] = (uint16_t)node;
		g->s.supply[player]--;
	}
	g->nodes[root].w |= NW_OCC;
	g->s.hash_figs += carc__figure_key(g, player, figure, node);
	if (node_kind(g, node) == CARC_FEATURE_MONASTERY)
		carc__monastery_held(g, node, true);
}

/* Whether a figure stands on the set rooted at @root, from the figure
 * slots. */
static bool
occupied(const struct carc_game *g, uint32_t root)
{
	uint32_t any = 0;

	for (uint32_t p = 0; p < g->s.n_players; p++)
		for (uint32_t k = 0; k < fig_slots(g); k++) {
			uint32_t n = g->s.figs[p][k], used = n != NODE_NONE;

			/* without a branch per slot, as carc__figures_on() */
			any |= used & (carc__find(g, used ? n : 0) == root);
		}
	return any != 0;
}

/* Take @player's @figure standing on node @node back to the supply. */
void
carc__game_take_figure(struct carc_game *g, uint32_t player,
		       uint32_t figure, uint32_t node)
{
	uint32_t first = figure == CARC_FIGURE_PHANTOM ? PHANTOM_SLOT
			 : figure == CARC_FIGURE_LARGE_FOLLOWER ? LARGE_SLOT
							: 0;
	uint32_t last = figure == CARC_FIGURE_FOLLOWER ? PHANTOM_SLOT - 1
						        : first;

	for (uint32_t k = first; k <= last; k++) {
		if (g->s.figs[player][k] != node)
			continue;
		g->s.figs[player][k] = NODE_NONE;
		if (figure == CARC_FIGURE_PHANTOM)
			g->s.phantom[player] = 1;
		else if (figure == CARC_FIGURE_LARGE_FOLLOWER)
			g->s.large[player] = 1;
		else
			g->s.supply[player]++;
		/* the set stays occupied while other figures stand on it
		 * (NW_OCC is a flag: a crop circle's removal, the only one of
		 * a single figure, is rare enough to look) */
		if (!occupied(g, carc__find(g, node)))
			g->nodes[carc__find(g, node)].w &= ~NW_OCC;
		g->s.hash_figs -= carc__figure_key(g, player, figure, node);
		/* crop circles never touch monasteries; kept exact anyway */
		if (node_kind(g, node) == CARC_FEATURE_MONASTERY &&
		    node_occ(&g->nodes[node]) == 0)
			carc__monastery_held(g, node, false);
		if (carc__tb(g))
			carc__traders_left(g, player, carc__find(g, node));
		return;
	}
}

/* The placed index of the tile a legal move names: the one it places,
 * the one a move of a decision point that names tiles by position
 * (phase_ops.by_position: a crop-circle response) names, else the tile
 * just placed (passes and crop choices name none and get that one).  By
 * phase, not by kind, which is a coin toss in the deploy step (pass or
 * deploy). */
static uint32_t
move_tile(const struct carc_game *g, const struct phase_ops *ops,
	  carc_move_t m)
{
	if (g->s.phase == CARC_PHASE_PLACE_TILE)
		return g->s.n_tiles;
	if (ops->by_position && M_KIND(m) != CARC_MOVE_PASS)
		return (uint32_t)carc__board_lookup(g, M_X(m), M_Y(m));
	return g->s.last_tile;
}

/*
 * The history keeps a move in 24 bits: kind (3 bits), one field of 4
 * bits that holds a placement's rotation and any other move's figure or
 * crop choice (a placement has no figure, the others no rotation), the
 * feature's local index on its tile (4) and the index of the placed tile
 * the move names (12), whose position and type are in the tiles array.
 * A move without a feature (a placement, a building, a pass) has
 * NO_LOCAL there.  Moves are canonical (carc__well_formed()), so nothing is
 * lost, and a game's history takes three eighths of the memory of the
 * 64-bit values.
 */
_Static_assert(CARC_MOVE_REMOVE < 8 && CARC_MOVE_CROP_CHOICE < 8 &&
		       CARC_MOVE_SECOND_TILE < 8 && CARC_FIGURE_PIG < 16 &&
		       CARC_FIGURE_LARGE_FOLLOWER < 16 &&
		       CARC_CROP_REMOVE < 16,
	       "kinds fit in 3 bits, figures and crop choices in 4");

/* Append @m, which names placed tile @tile (move_tile()) and the
 * feature with local index @local there (or NO_LOCAL). */
static void
history_push(struct carc_game *g, carc_move_t m, uint32_t tile,
	     uint32_t local)
{
	uint8_t *at = g->history + HISTORY_BYTES * g->s.n_history++;
	uint32_t aux = M_KIND(m) == CARC_MOVE_PLACE ? M_ROT(m) : M_FIGURE(m);
	uint32_t h = M_KIND(m) | aux << 3 | local << 7 | tile << 11;

	at[0] = (uint8_t)h;
	at[1] = (uint8_t)(h >> 8);
	at[2] = (uint8_t)(h >> 16);
}

static carc_move_t
history_move(const struct carc_game *g, uint32_t index)
{
	const uint8_t *at = g->history + HISTORY_BYTES * index;
	uint32_t h = at[0] | (uint32_t)at[1] << 8 | (uint32_t)at[2] << 16;
	uint32_t kind = h & 7, aux = h >> 3 & 15, local = h >> 7 & 15;
	carc_move_t m = (carc_move_t)kind |
			(carc_move_t)aux << (kind == CARC_MOVE_PLACE ? 16 : 8);

	if (kind == CARC_MOVE_PLACE || kind == CARC_MOVE_DEPLOY ||
	    kind == CARC_MOVE_REMOVE) {
		const struct placed *p = &g->tiles[h >> 11];

		m |= (carc_move_t)(uint16_t)p->x << 32 |
		     (carc_move_t)(uint16_t)p->y << 48;
		if (local != NO_LOCAL)
			m |= (carc_move_t)g->ti[p->type].code[local] << 24;
	}
	return m;
}

CARC_EXPORT int
carc_game_apply(struct carc_game *game, carc_move_t move)
{
	struct carc_game *g = game;
	const struct phase_ops *ops;
	struct place_hint hint;
	uint32_t tile, local = NO_LOCAL, node = 0;
	int rc;

	/* carc__check_move() inline, the decision point's operations
	 * looked up once for its check and its application */
	if (!g || !carc__well_formed(move))
		return CARC_E_INVALID;
	ops = &g->phases[g->s.phase];
	rc = ops->check(g, move, &hint);
	if (rc < 0)
		return rc;
	g->s.n_events = 0;
	/* the tile and feature the move names, found once for the history
	 * and the decision point */
	tile = move_tile(g, ops, move);
	if (M_FEATURE(move) != 0) {
		local = (uint32_t)tile_feat(tinfo(g, tile), M_FEATURE(move));
		/* a deployment's or removal's node */
		node = g->tiles[tile].node_base + local;
	}
	history_push(g, move, tile, local);
	ops->apply(g, move, node, &hint);
	return CARC_OK;
}

CARC_EXPORT const struct carc_rules *
carc_game_rules(const struct carc_game *game)
{
	return game ? game->rules : NULL;
}

CARC_EXPORT int
carc_game_player_count(const struct carc_game *game)
{
	return game ? (int)game->s.n_players : CARC_E_INVALID;
}

CARC_EXPORT int
carc_game_phase(const struct carc_game *game)
{
	return game ? (int)game->s.phase : CARC_E_INVALID;
}

CARC_EXPORT int
carc_game_is_over(const struct carc_game *game)
{
	if (!game)
		return CARC_E_INVALID;
	return game->s.phase == CARC_PHASE_GAME_OVER;
}

CARC_EXPORT int
carc_game_current_player(const struct carc_game *game)
{
	return game ? (int)game->s.player : CARC_E_INVALID;
}

CARC_EXPORT int
carc_game_current_tile(const struct carc_game *game)
{
	if (!game)
		return CARC_E_INVALID;
	if (game->s.phase == CARC_PHASE_GAME_OVER)
		return CARC_E_GAME_OVER;
	return (int)game->s.hand;
}

CARC_EXPORT int
carc_game_score(const struct carc_game *game, uint32_t player)
{
	if (!game || player >= game->s.n_players)
		return CARC_E_INVALID;
	return game->s.score[player];
}

CARC_EXPORT int
carc_game_supply(const struct carc_game *game, uint32_t player,
		 uint32_t figure)
{
	if (!game || player >= game->s.n_players)
		return CARC_E_INVALID;
	switch (figure) {
	case CARC_FIGURE_FOLLOWER:
		return game->s.supply[player];
	case CARC_FIGURE_PHANTOM:
		return game->s.phantom[player];
	case CARC_FIGURE_LARGE_FOLLOWER:
		return game->s.large[player];
	case CARC_FIGURE_TOWER:
	case CARC_FIGURE_HOUSE:
	case CARC_FIGURE_SHED:
		return game->s.bsupply[player][bslot(game, figure)];
	case CARC_FIGURE_BUILDER:
		return carc__tb(game) && game->s.builder[player] == NODE_NONE;
	case CARC_FIGURE_PIG:
		return carc__tb(game) && game->s.pig[player] == NODE_NONE;
	}
	return CARC_E_INVALID;
}

CARC_EXPORT int
carc_game_goods(const struct carc_game *game, uint32_t player, uint32_t kind)
{
	if (!game || player >= game->s.n_players || kind < CARC_GOODS_WINE ||
	    kind > CARC_GOODS_CLOTH)
		return CARC_E_INVALID;
	return game->s.goods[player][kind - 1];
}

CARC_EXPORT uint64_t
carc_game_hash(const struct carc_game *game)
{
	const struct game_state *s;
	uint64_t h;

	if (!game)
		return 0;
	s = &game->s;
	h = s->hash_board + s->hash_figs;
	h += carc__mix(0x5048 ^ (uint64_t)s->phase << 32 ^
		       (uint64_t)s->player << 16 ^ s->hand << 8 ^
		       s->n_players);
	h += carc__mix(0x4352000000000000ull ^ (uint64_t)s->active << 32 ^
		       (uint64_t)s->crop_choice << 24 ^
		       (uint64_t)s->crop_step << 8 ^ s->phantom_now);
	for (uint32_t p = 0; p < s->n_players; p++) {
		h += carc__mix(0x5343000000000000ull ^ (uint64_t)p << 40 ^
			       (uint64_t)(uint32_t)s->score[p]);
		h += carc__mix(0x4253000000000000ull ^ (uint64_t)p << 40 ^
			       (uint64_t)s->bsupply[p][0] << 24 ^
			       (uint64_t)s->bsupply[p][1] << 16 ^
			       (uint64_t)s->bsupply[p][2] << 8 ^
			       s->bsupply[p][3]);
	}
	h += s->hash_stack;
	/* Traders & Builders (its figures are in hash_figs); nothing in
	 * other games, whose hashes stay as they were */
	if (carc__tb(game)) {
		h += carc__mix(0x5442000000000000ull ^
			       (uint64_t)s->builder_due << 16 ^
			       (uint64_t)s->second_part << 8 ^ s->figure_now);
		for (uint32_t p = 0; p < s->n_players; p++)
			h += carc__mix(0x474f000000000000ull ^
				       (uint64_t)p << 48 ^
				       (uint64_t)s->goods[p][0] << 32 ^
				       (uint64_t)s->goods[p][1] << 16 ^
				       s->goods[p][2]);
	}
	return carc__mix(h);
}

CARC_EXPORT int
carc_game_history_count(const struct carc_game *game)
{
	return game ? (int)game->s.n_history : CARC_E_INVALID;
}

CARC_EXPORT int
carc_game_history_at(const struct carc_game *game, uint32_t index,
		     carc_move_t *move_out)
{
	if (!game || !move_out || index >= game->s.n_history)
		return CARC_E_INVALID;
	*move_out = history_move(game, index);
	return CARC_OK;
}

CARC_EXPORT int
carc_game_draw_order(const struct carc_game *game, uint32_t *tiles, size_t n)
{
	if (!game || (!tiles && n > 0))
		return CARC_E_INVALID;
	for (uint32_t i = 0; i < game->s.stack_len && i < n; i++)
		tiles[i] = game->stack[i];
	return (int)game->s.stack_len;
}

CARC_EXPORT int
carc_game_drawn_count(const struct carc_game *game)
{
	return game ? (int)game->s.stack_pos : CARC_E_INVALID;
}

CARC_EXPORT int
carc_game_remaining(const struct carc_game *game, uint32_t tile)
{
	if (!game)
		return CARC_E_INVALID;
	if (tile >= CARC_TILE_TYPES)
		return CARC_E_UNKNOWN_TILE;
	return game->s.remaining[tile];
}

CARC_EXPORT int
carc_game_remaining_total(const struct carc_game *game)
{
	if (!game)
		return CARC_E_INVALID;
	return (int)(game->s.stack_len - game->s.stack_pos);
}

/* Put the tile in hand back on top of the stack. */
static void
undraw(struct carc_game *g)
{
	g->s.stack_pos--;
	stack_count_add(g, g->stack[g->s.stack_pos], 1);
}

/* carc_game_set_draw_order() with the whole stack before the first move,
 * when the first draw discarded tiles: the game starts again with
 * @tiles as its stack (as carc_game_undo() starts its replay). */
static int
restart_with_order(struct carc_game *g, const uint32_t *tiles, size_t n)
{
	uint32_t want[CARC_TILE_TYPES], n_players = g->s.n_players;
	uint8_t *order;

	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		want[t] = g->rules->counts[t];
	for (size_t i = 0; i < n; i++) {
		if (tiles[i] >= CARC_TILE_TYPES || want[tiles[i]] == 0)
			return CARC_E_UNKNOWN_TILE;
		want[tiles[i]]--;
	}
	if (!carc__river_order_ok(g, 0, tiles, n))
		return CARC_E_NOT_ALLOWED;
	order = malloc(n);
	if (!order)
		return CARC_E_NOMEM;
	for (size_t i = 0; i < n; i++)
		order[i] = (uint8_t)tiles[i];
	memset(&g->s, 0, sizeof(g->s));
	memset(g->cells, 0, g->rules->hash_size * sizeof(*g->cells));
	carc__game_start(g, n_players, order, 0);
	free(order);
	return CARC_OK;
}

CARC_EXPORT int
carc_game_set_draw_order(struct carc_game *game, const uint32_t *tiles,
			 size_t n)
{
	struct carc_game *g = game;
	uint32_t want[CARC_TILE_TYPES];

	if (!g || !tiles)
		return CARC_E_INVALID;
	/* before the first move, the whole stack as carc_game_draw_order()
	 * lists it, tiles the first draw discarded included (all of them
	 * when none fitted and the game is over) */
	if (g->s.n_history == 0 && n > 0 && n == g->s.stack_len &&
	    (g->s.stack_pos > 1 || g->s.phase == CARC_PHASE_GAME_OVER))
		return restart_with_order(g, tiles, n);
	if (g->s.phase != CARC_PHASE_PLACE_TILE)
		return g->s.phase == CARC_PHASE_GAME_OVER ? CARC_E_GAME_OVER
							  : CARC_E_WRONG_PHASE;
	if (n != (size_t)(g->s.stack_len - g->s.stack_pos) + 1)
		return CARC_E_INVALID;
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		want[t] = g->s.remaining[t];
	want[g->s.hand]++;
	for (size_t i = 0; i < n; i++) {
		if (tiles[i] >= CARC_TILE_TYPES || want[tiles[i]] == 0)
			return CARC_E_UNKNOWN_TILE;
		want[tiles[i]]--;
	}
	if (!carc__river_order_ok(g, g->s.stack_pos - 1, tiles, n))
		return CARC_E_NOT_ALLOWED;
	undraw(g);
	for (size_t i = 0; i < n; i++)
		g->stack[g->s.stack_pos + i] = (uint8_t)tiles[i];
	g->s.n_events = 0;
	draw(g);
	return CARC_OK;
}

/* Only the order of stack[stack_pos..stack_len) changes: the counts
 * left, and so the hash, stay; nothing is drawn, so the tile in hand,
 * the phase and the events of the last move stay too. */
CARC_EXPORT int
carc_game_set_stack_order(struct carc_game *game, const uint32_t *tiles,
			  size_t n)
{
	struct carc_game *g = game;
	uint32_t want[CARC_TILE_TYPES];

	if (!g || (!tiles && n > 0))
		return CARC_E_INVALID;
	if (g->s.phase == CARC_PHASE_GAME_OVER)
		return CARC_E_GAME_OVER;
	if (n != (size_t)(g->s.stack_len - g->s.stack_pos))
		return CARC_E_INVALID;
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		want[t] = g->s.remaining[t];
	for (size_t i = 0; i < n; i++) {
		if (tiles[i] >= CARC_TILE_TYPES || want[tiles[i]] == 0)
			return CARC_E_UNKNOWN_TILE;
		want[tiles[i]]--;
	}
	if (!carc__river_order_ok(g, g->s.stack_pos, tiles, n))
		return CARC_E_NOT_ALLOWED;
	for (size_t i = 0; i < n; i++)
		g->stack[g->s.stack_pos + i] = (uint8_t)tiles[i];
	return CARC_OK;
}

CARC_EXPORT int
carc_game_set_next_tile(struct carc_game *game, uint32_t tile)
{
	struct carc_game *g = game;
	uint32_t k;

	if (!g)
		return CARC_E_INVALID;
	if (g->s.phase != CARC_PHASE_PLACE_TILE)
		return g->s.phase == CARC_PHASE_GAME_OVER ? CARC_E_GAME_OVER
							  : CARC_E_WRONG_PHASE;
	if (tile >= CARC_TILE_TYPES)
		return CARC_E_UNKNOWN_TILE;
	if (tile == g->s.hand)
		return CARC_OK;
	for (k = g->s.stack_pos; k < g->s.stack_len; k++)
		if (g->stack[k] == tile)
			break;
	if (k == g->s.stack_len)
		return CARC_E_UNKNOWN_TILE;
	if (g->rules->river_len > 0) {
		/* the swap must keep the river stack's tiles and places */
		uint32_t from = g->s.stack_pos - 1, n = g->s.stack_len - from;
		uint32_t order[MAX_STACK];

		for (uint32_t i = 0; i < n; i++)
			order[i] = g->stack[from + i];
		order[0] = tile;
		order[k - from] = g->s.hand;
		if (!carc__river_order_ok(g, from, order, n))
			return CARC_E_NOT_ALLOWED;
	}
	/* swap the chosen tile with the one in hand, then draw it */
	undraw(g);
	g->stack[k] = g->stack[g->s.stack_pos];
	g->stack[g->s.stack_pos] = (uint8_t)tile;
	g->s.n_events = 0;
	draw(g);
	return CARC_OK;
}

CARC_EXPORT int
carc_game_shuffle_stack(struct carc_game *game, uint64_t seed)
{
	if (!game)
		return CARC_E_INVALID;
	if (game->rules->river_len > 0)
		carc__river_shuffle(game, seed);
	else
		carc__shuffle(game->stack + game->s.stack_pos,
			      game->s.stack_len - game->s.stack_pos, seed);
	return CARC_OK;
}

CARC_EXPORT int
carc_game_draw_counts(const struct carc_game *game, uint32_t *counts,
		      size_t n)
{
	const struct carc_game *g = game;
	uint32_t c[CARC_TILE_TYPES] = { 0 }, from, to, total;

	if (!g || (!counts && n > 0))
		return CARC_E_INVALID;
	if (g->s.phase != CARC_PHASE_PLACE_TILE)
		return g->s.phase == CARC_PHASE_GAME_OVER ? CARC_E_GAME_OVER
							  : CARC_E_WRONG_PHASE;
	/* the tile in hand is stack[stack_pos - 1]; its part of the stack */
	from = g->s.stack_pos - 1;
	to = g->s.stack_len;
	if (g->rules->river_len > 0)
		carc__river_part(g, from, &to);
	total = to - from;
	if (to == g->s.stack_len) {
		/* the usual case: the counts left and the tile in hand */
		for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
			c[t] = g->s.remaining[t];
		c[g->s.hand]++;
	} else {
		for (uint32_t i = from; i < to; i++)
			c[g->stack[i]]++;
	}
	for (size_t t = 0; t < n && t < CARC_TILE_TYPES; t++)
		counts[t] = c[t];
	for (size_t t = CARC_TILE_TYPES; t < n; t++)
		counts[t] = 0;
	return (int)total;
}

CARC_EXPORT int
carc_game_sort_stack(struct carc_game *game)
{
	if (!game)
		return CARC_E_INVALID;
	if (game->s.phase == CARC_PHASE_GAME_OVER)
		return CARC_E_GAME_OVER;
	if (game->rules->river_len > 0)
		carc__river_sort(game);
	else
		carc__sort_tiles(game->stack + game->s.stack_pos,
				 game->s.stack_len - game->s.stack_pos);
	return CARC_OK;
}

CARC_EXPORT int
carc_game_discard_count(const struct carc_game *game)
{
	return game ? (int)game->s.n_discards : CARC_E_INVALID;
}

CARC_EXPORT int
carc_game_discard_at(const struct carc_game *game, uint32_t index)
{
	if (!game || index >= game->s.n_discards)
		return CARC_E_INVALID;
	return game->discards[index];
}

CARC_EXPORT int
carc_game_tile_count(const struct carc_game *game)
{
	return game ? (int)game->s.n_tiles : CARC_E_INVALID;
}

CARC_EXPORT int
carc_game_tile_at(const struct carc_game *game, uint32_t index,
		  int32_t *x_out, int32_t *y_out, uint32_t *tile_out,
		  uint32_t *rotation_out)
{
	const struct placed *p;

	if (!game || index >= game->s.n_tiles)
		return CARC_E_INVALID;
	p = &game->tiles[index];
	if (x_out)
		*x_out = p->x;
	if (y_out)
		*y_out = p->y;
	if (tile_out)
		*tile_out = p->type;
	if (rotation_out)
		*rotation_out = p->rot;
	return CARC_OK;
}

CARC_EXPORT int
carc_game_tile_find(const struct carc_game *game, int32_t x, int32_t y)
{
	int i;

	if (!game)
		return CARC_E_INVALID;
	if (x < INT16_MIN || x > INT16_MAX || y < INT16_MIN || y > INT16_MAX)
		return CARC_E_NOT_FOUND;
	i = carc__board_lookup(game, x, y);
	return i < 0 ? CARC_E_NOT_FOUND : i;
}

CARC_EXPORT int
carc_game_figure_count(const struct carc_game *game)
{
	int n = 0;

	if (!game)
		return CARC_E_INVALID;
	for (uint32_t p = 0; p < game->s.n_players; p++) {
		for (uint32_t k = 0; k < MAX_FIGURE_SLOTS; k++)
			n += game->s.figs[p][k] != NODE_NONE;
		n += game->s.builder[p] != NODE_NONE;
		n += game->s.pig[p] != NODE_NONE;
	}
	return n;
}

CARC_EXPORT int
carc_game_figure_at(const struct carc_game *game, uint32_t index,
		    uint32_t *player_out, uint32_t *figure_out,
		    int32_t *x_out, int32_t *y_out, uint32_t *feature_out)
{
	if (!game)
		return CARC_E_INVALID;
	/* per player his follower slots, then his builder and pig */
	for (uint32_t p = 0; p < game->s.n_players; p++)
		for (uint32_t k = 0; k < MAX_FIGURE_SLOTS + 2; k++) {
			const struct placed *pl;
			const struct feat_def *f;
			uint32_t n = k < MAX_FIGURE_SLOTS ? game->s.figs[p][k]
				   : k == MAX_FIGURE_SLOTS ? game->s.builder[p]
							   : game->s.pig[p];

			if (n == NODE_NONE || index-- > 0)
				continue;
			pl = node_placed(game, n);
			f = &carc__tiles[pl->type].feats[n - pl->node_base];
			if (player_out)
				*player_out = p;
			if (figure_out)
				*figure_out = k < MAX_FIGURE_SLOTS
						      ? slot_figure(k)
					      : k == MAX_FIGURE_SLOTS
						      ? CARC_FIGURE_BUILDER
						      : CARC_FIGURE_PIG;
			if (x_out)
				*x_out = pl->x;
			if (y_out)
				*y_out = pl->y;
			if (feature_out)
				*feature_out = (uint32_t)f->kind << 4 | f->num;
			return CARC_OK;
		}
	return CARC_E_INVALID;
}

CARC_EXPORT int
carc_game_building_count(const struct carc_game *game)
{
	int n = 0;

	if (!game)
		return CARC_E_INVALID;
	for (uint32_t i = 0; i < game->s.n_tiles; i++)
		n += game->tiles[i].building != 0;
	return n;
}

CARC_EXPORT int
carc_game_building_at(const struct carc_game *game, uint32_t index,
		      int32_t *x_out, int32_t *y_out, uint32_t *figure_out)
{
	if (!game)
		return CARC_E_INVALID;
	/* a building goes only on the tile just placed, so placement order
	 * is building order */
	for (uint32_t i = 0; i < game->s.n_tiles; i++) {
		const struct placed *p = &game->tiles[i];

		if (!p->building || index-- > 0)
			continue;
		if (x_out)
			*x_out = p->x;
		if (y_out)
			*y_out = p->y;
		if (figure_out)
			*figure_out = p->building;
		return CARC_OK;
	}
	return CARC_E_INVALID;
}

CARC_EXPORT int
carc_game_crop_action(const struct carc_game *game)
{
	if (!game)
		return CARC_E_INVALID;
	return game->s.phase == CARC_PHASE_CROP_RESPONSE ?
		       (int)game->s.crop_choice : 0;
}

CARC_EXPORT int
carc_game_feature_is_complete(const struct carc_game *game, int32_t x,
			      int32_t y, uint32_t feature)
{
	uint32_t node, root;
	int rc;

	if (!game)
		return CARC_E_INVALID;
	rc = carc__feature_node(game, x, y, feature, &node);
	if (rc < 0)
		return rc;
	root = carc__find(game, node);
	switch (node_kind(game, root)) {
	case CARC_FEATURE_MONASTERY:
		return carc__monastery_neighbours(game,
						  node_tile(&game->nodes[root])) == 8;
	case CARC_FEATURE_FIELD:
		return 0;
	default:
		return node_open(&game->nodes[root]) == 0;
	}
}

CARC_EXPORT int
carc_game_feature_figures(const struct carc_game *game, int32_t x, int32_t y,
			  uint32_t feature, uint32_t player)
{
	uint32_t node, root;
	int rc, n;

	if (!game || player >= game->s.n_players)
		return CARC_E_INVALID;
	rc = carc__feature_node(game, x, y, feature, &node);
	if (rc < 0)
		return rc;
	/* figures, not their strength: a large follower is one */
	n = 0;
	root = carc__find(game, node);
	for (uint32_t k = 0; k < MAX_FIGURE_SLOTS; k++) {
		uint32_t f = game->s.figs[player][k];

		n += f != NODE_NONE && carc__find(game, f) == root;
	}
	return n;
}

CARC_EXPORT int
carc_game_event_count(const struct carc_game *game)
{
	return game ? (int)game->s.n_events : CARC_E_INVALID;
}

CARC_EXPORT int
carc_game_event_get(const struct carc_game *game, uint32_t index,
		    uint32_t attr, int32_t *value_out)
{
	struct event *e;
	uint32_t p = attr & 0xff;
	int32_t v;

	if (!game || !value_out || index >= game->s.n_events)
		return CARC_E_INVALID;
	e = game_event(game, index);
	switch (attr) {
	case CARC_EVENT_TYPE: v = e->type; break;
	case CARC_EVENT_FEATURE_KIND: v = e->kind; break;
	case CARC_EVENT_X: v = e->x; break;
	case CARC_EVENT_Y: v = e->y; break;
	case CARC_EVENT_FEATURE: v = e->feature; break;
	case CARC_EVENT_TILES: v = e->tiles; break;
	case CARC_EVENT_PENNANTS: v = e->pennants; break;
	case CARC_EVENT_CITIES:
		v = e->type == CARC_EVENT_GOODS ? 0 : e->cities;
		break;
	case CARC_EVENT_SCORERS: v = e->scorers; break;
	case CARC_EVENT_WINE:
	case CARC_EVENT_GRAIN:
	case CARC_EVENT_CLOTH:
		v = 0;
		if (e->type == CARC_EVENT_COMPLETED &&
		    e->kind == CARC_FEATURE_CITY && carc__tb(game)) {
			uint32_t node;

			/* a completed city never changes: its symbols are
			 * the tokens its completion gave */
			if (carc__feature_node(game, e->x, e->y, e->feature,
					       &node) == CARC_OK)
				v = (int32_t)carc__traders_goods_of(
					game, carc__find(game, node),
					attr - CARC_EVENT_WINE + 1);
		}
		break;
	case CARC_EVENT_GOODS_KIND:
		v = e->type == CARC_EVENT_GOODS ? e->cities : 0;
		break;
	default:
		if (p >= game->s.n_players)
			return CARC_E_INVALID;
		if ((attr & ~0xffu) == CARC_EVENT_POINTS)
			v = event_points(e)[p];
		else if ((attr & ~0xffu) == CARC_EVENT_FIGURES)
			v = e->type == CARC_EVENT_GOODS
				    ? 0
				    : event_figures(e, game->s.n_players)[p];
		else if ((attr & ~0xffu) == CARC_EVENT_TOKENS)
			v = e->type == CARC_EVENT_GOODS
				    ? event_figures(e, game->s.n_players)[p]
				    : 0;
		else if ((attr & ~0xffu) == CARC_EVENT_BUILDING_POINTS)
			v = (e->scorers >> p & 1) ? e->bpoints : 0;
		else if ((attr & ~0xffu) == CARC_EVENT_PHANTOM)
			v = (e->phantoms >> p) & 1;
		else
			return CARC_E_INVALID;
	}
	*value_out = v;
	return CARC_OK;
}
