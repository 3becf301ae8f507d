/* SPDX-License-Identifier: MIT */
/*
 * The River, first edition (doc/users/rules.md#river): its tiles' place
 * in the stack, the spring at the start, and the placement of a tile
 * while the river has an open end or a river tile is in hand.
 *
 * The board keeps a river side as a field side in the 2-bit edge code
 * (tile_info.edges_rot), so the fit table stays as it is; what tells a
 * river side apart is tile_info.river_rot and the one open position
 * the river flows into, game_state.river_key.  While the river has an open
 * end or a river tile is in hand (game_state.river_mode) the placement
 * step asks this file instead of the fit table alone; once the lake is
 * placed the game is back on the base game's path.
 */
#include "config.h"

#include <assert.h>
#include <string.h>

#include "carc-private.h"

static const int dx[4] = { 0, 1, 0, -1 };
static const int dy[4] = { -1, 0, 1, 0 };

static bool
river_type(uint32_t tile)
{
	return tile >= CARC_TILE_RI_1 && tile <= CARC_TILE_RI_10;
}

/* River tiles enter the stack only with the river; the spring never
 * does (it is placed at the start). */
bool
carc__river_tile_enabled(const int32_t *opt, uint32_t tile)
{
	return !river_type(tile) || opt[CARC_OPT_RIVER] != 0;
}

/* 1 when the base start tile is drawn as an ordinary tile. */
uint32_t
carc__river_extra_start(const int32_t *opt)
{
	return opt[CARC_OPT_RIVER] &&
	       opt[CARC_OPT_RIVER_START_TILE] != CARC_RIVER_START_REMOVED;
}

void
carc__river_stack_parts(const int32_t *opt, const uint16_t *counts,
			uint32_t *len, uint32_t *fixed)
{
	uint32_t n = 0;

	*len = *fixed = 0;
	if (!opt[CARC_OPT_RIVER])
		return;
	for (uint32_t t = CARC_TILE_RI_2; t <= CARC_TILE_RI_10; t++)
		n += counts[t];
	*fixed = counts[CARC_TILE_RI_2];
	if (carc__river_extra_start(opt)) {
		n++;
		if (opt[CARC_OPT_RIVER_START_TILE] ==
		    CARC_RIVER_START_AFTER_RIVER)
			(*fixed)++;
	}
	*len = n;
}

/* The seed of the river stack's shuffle, apart from the main stack's. */
static uint64_t
river_seed(uint64_t seed)
{
	return carc__mix(seed ^ 0x5249564552000000ull);
}

/*
 * The stack of a river game: the course tiles (and the start tile with
 * in-river-stack) shuffled, the lake, the start tile with after-river,
 * then every other tile shuffled (doc/users/rules.md#river-setup).
 *
 * The rules' stack in tile order (carc_rules.stack0) holds every part
 * already, each type's tiles together: the types before the river's
 * (the start tile, D, among them), the spring's, the lake's, the
 * course's and those after.  Copied in runs, not tile by tile, which
 * was half the cost of a game's setup.
 */
void
carc__river_deal(struct carc_game *g, uint64_t seed)
{
	const struct carc_rules *r = g->rules;
	const uint16_t *counts = r->counts;
	const uint8_t *s0 = r->stack0;
	uint32_t start = (uint32_t)OPT(r, CARC_OPT_RIVER_START_TILE);
	uint32_t extra = carc__river_extra_start(r->opt);
	uint32_t spring = 0, lake, course, end, d_at, n, take;

	/* where the river's types start in stack0, and the start tile */
	for (uint32_t t = 0; t < CARC_TILE_RI_1; t++)
		spring += counts[t];
	d_at = 0;
	for (uint32_t t = 0; t < CARC_TILE_D; t++)
		d_at += counts[t];
	lake = spring + counts[CARC_TILE_RI_1];
	course = lake + counts[CARC_TILE_RI_2];
	end = course;
	for (uint32_t t = CARC_TILE_RI_3; t <= CARC_TILE_RI_10; t++)
		end += counts[t];
	/* the start tile leaves the rest of the stack where it joins the
	 * river's stack */
	take = extra && (start == CARC_RIVER_START_IN_RIVER_STACK ||
			 start == CARC_RIVER_START_AFTER_RIVER);

	n = end - course;
	memcpy(g->stack, s0 + course, n);
	if (take && start == CARC_RIVER_START_IN_RIVER_STACK)
		g->stack[n++] = CARC_TILE_D;
	carc__shuffle(g->stack, n, river_seed(seed));
	memcpy(g->stack + n, s0 + lake, course - lake);
	n += course - lake;
	if (take && start == CARC_RIVER_START_AFTER_RIVER)
		g->stack[n++] = CARC_TILE_D;
	/* the rest in tile order: stack0 without the river's types but
	 * the spring's, one D fewer if the start tile was taken */
	memcpy(g->stack + n, s0, d_at);
	n += d_at;
	memcpy(g->stack + n, s0 + d_at + take, lake - d_at - take);
	n += lake - d_at - take;
	memcpy(g->stack + n, s0 + end, r->stack_total - end);
	n += r->stack_total - end;
	carc__shuffle(g->stack + r->river_len, n - r->river_len, seed);
}

/*
 * The two parts of the stack still to draw that carc_game_shuffle_stack()
 * and carc_game_sort_stack() reorder apart, the fixed places between
 * them kept: the course tiles from the draw position, then everything
 * after the river stack (each *len 0 when that part is drawn already).
 */
struct stack_parts {
	uint32_t course_from, course_len;
	uint32_t rest_from, rest_len;
};

static struct stack_parts
stack_parts(const struct carc_game *g)
{
	const struct carc_rules *r = g->rules;
	uint32_t pos = g->s.stack_pos, course = r->river_len - r->river_fixed;
	struct stack_parts p = { pos, 0, pos, 0 };

	if (pos < course)
		p.course_len = course - pos;
	if (p.rest_from < r->river_len)
		p.rest_from = r->river_len;
	p.rest_len = g->s.stack_len - p.rest_from;
	return p;
}

/* carc_game_shuffle_stack(): each part apart, the fixed places kept. */
void
carc__river_shuffle(struct carc_game *g, uint64_t seed)
{
	struct stack_parts p = stack_parts(g);

	if (p.course_len)
		carc__shuffle(g->stack + p.course_from, p.course_len,
			      river_seed(seed));
	carc__shuffle(g->stack + p.rest_from, p.rest_len, seed);
}

/* carc_game_draw_counts(): the end of the part of the stack that
 * position @at (from 0) is in: the course, a fixed place alone, or the
 * rest of the stack (*to as it is). */
void
carc__river_part(const struct carc_game *g, uint32_t at, uint32_t *to)
{
	const struct carc_rules *r = g->rules;
	uint32_t course = r->river_len - r->river_fixed;

	if (at < course)
		*to = course;
	else if (at < r->river_len)
		*to = at + 1;
}

/* carc_game_sort_stack(): each part sorted apart, the fixed places kept. */
void
carc__river_sort(struct carc_game *g)
{
	struct stack_parts p = stack_parts(g);

	if (p.course_len)
		carc__sort_tiles(g->stack + p.course_from, p.course_len);
	carc__sort_tiles(g->stack + p.rest_from, p.rest_len);
}

bool
carc__river_order_ok(const struct carc_game *g, uint32_t from,
		     const uint32_t *tiles, size_t n)
{
	const struct carc_rules *r = g->rules;
	uint32_t course = r->river_len - r->river_fixed;
	int32_t diff[CARC_TILE_TYPES] = { 0 };

	if (r->river_len == 0 || from >= r->river_len)
		return true;
	for (uint32_t i = from; i < r->river_len && i - from < n; i++) {
		uint32_t t = tiles[i - from];

		if (i >= course) {
			/* the lake and the start tile after it stay */
			if (t != g->stack[i])
				return false;
			continue;
		}
		diff[t]++;
		diff[g->stack[i]]--;
	}
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		if (diff[t] != 0)
			return false;
	return true;
}

/* Sides of the open position with requirements @req that face a placed
 * tile. */
static uint32_t
present(uint32_t req)
{
	/* a side's two bits ORed into its low one, then the four low bits
	 * (0, 2, 4, 6) moved together */
	uint32_t p = (req | req >> 1) & 0x55;

	p = (p | p >> 1) & 0x33;
	return (p | p >> 2) & 0x0f;
}

static bool
empty_at(const struct carc_game *g, int32_t x, int32_t y)
{
	return carc__board_lookup(g, x, y) < 0;
}

/* Whether a river tile at (x, y) whose river leaves it by the sides
 * @exit (none for the lake) obeys CARC_OPT_RIVER_U_TURN
 * (doc/users/rules.md#river-u-turn). */
static bool
turn_ok(const struct carc_game *g, int32_t x, int32_t y, uint32_t exit)
{
	uint32_t e, turn;

	if (exit == 0)
		return true;
	e = (uint32_t)carc__ctz32(exit);
	turn = (e - g->s.river_dir) & 3;
	switch (OPT(g->rules, CARC_OPT_RIVER_U_TURN)) {
	case CARC_RIVER_U_ADJACENT:
		return turn == 0 || turn != g->s.river_prev;
	case CARC_RIVER_U_SUCCESSIVE:
		return turn == 0 || turn != g->s.river_curve;
	case CARC_RIVER_U_JCZ: {
		/* JCloisterZone: the two positions beside the one the river
		 * flows into, the next one straight on and the two beside
		 * it are empty */
		int32_t ax = x + dx[e], ay = y + dy[e];
		int32_t bx = ax + dx[e], by = ay + dy[e];
		uint32_t l = (e + 3) & 3, rr = (e + 1) & 3;

		return empty_at(g, ax + dx[l], ay + dy[l]) &&
		       empty_at(g, ax + dx[rr], ay + dy[rr]) &&
		       empty_at(g, bx, by) &&
		       empty_at(g, bx + dx[l], by + dy[l]) &&
		       empty_at(g, bx + dx[rr], by + dy[rr]);
	}
	default:
		return true;
	}
}

/* The rotations in which @type fits the open position @i by the edges
 * and the river's continuation, and in *@turns those of them the U-turn
 * option allows too. */
static uint32_t
river_rots(const struct carc_game *g, uint32_t i, uint32_t type,
	   uint32_t *turns)
{
	const struct tile_info *ti = &g->ti[type];
	uint32_t req = g->front_req[i], key = g->front_key[i];
	uint32_t rots = g->rules->fit[type][req], have, ok = 0, allowed = 0;
	/* the side of the position that faces the river's open end */
	uint32_t river = g->s.river_open && key == g->s.river_key
				 ? 1u << ((g->s.river_dir + 2) & 3)
				 : 0;

	if (!ti->river_rot[0]) {
		/* not a river tile: never against the river */
		*turns = river ? 0 : rots;
		return *turns;
	}
	/* a river tile continues the river, at its open end only */
	if (!river) {
		*turns = 0;
		return 0;
	}
	have = present(req);
	for (uint32_t r = 0; r < 4; r++) {
		uint32_t v = ti->river_rot[r];

		if (!((rots >> r) & 1) || (v & have) != river)
			continue;
		ok |= 1u << r;
		if (turn_ok(g, (int32_t)(int16_t)(uint16_t)(key ^ 0x8000u),
			    (int32_t)(int16_t)(uint16_t)((key >> 16) ^ 0x8000u),
			    v & ~river))
			allowed |= 1u << r;
	}
	*turns = allowed;
	return ok;
}

/* The frontier index of the open position the river flows into, or
 * UINT32_MAX while the river has no open end. */
static uint32_t
river_cell(const struct carc_game *g)
{
	return g->s.river_open ? carc__frontier_find(g, g->s.river_key)
			       : UINT32_MAX;
}

/* Whether @type can be placed while the river's rules apply: a river
 * tile at the river's open end only, another tile anywhere else
 * (river_rots()).  For a river tile, game_state.river_fits keeps the
 * rotations, which the listing and the check of this turn read: the
 * board stays as it is until the tile is placed. */
static bool
river_placeable(struct carc_game *g, uint32_t type)
{
	const uint8_t *fit = g->rules->fit[type];
	uint32_t c, ok, turns;

	if (!g->ti[type].river_rot[0]) {
		/* the river is open: its open end is the one position
		 * left out */
		for (uint32_t i = 0; i < g->s.n_frontier; i++)
			if (fit[g->front_req[i]] &&
			    g->front_key[i] != g->s.river_key)
				return true;
		return false;
	}
	c = river_cell(g);
	ok = turns = 0;
	if (c != UINT32_MAX)
		ok = river_rots(g, c, type, &turns);
	g->s.river_fits = (uint8_t)(ok << 4 | turns);
	return turns != 0;
}

/* CARC_RIVER_LAKE_AUTOMATIC (doc/users/rules.md#river-lake-turn): the
 * lake, drawn and placeable, goes to its one position at the river's open
 * end (one river side, one rotation), and what it completes (a monastery
 * beside it; it has no road or city) is scored, with no deployment. */
static void
place_lake(struct carc_game *g)
{
	carc_move_t m[4];
	struct place_hint h;
	uint32_t n;

	g->s.hand = CARC_TILE_RI_2;
	n = carc__river_place_list(g, m, 4);
	assert(n == 1);
	(void)n;
	if (carc__river_check(g, m[0], &h) < 0)
		assert(!"the lake's listed position is legal");
	carc__board_place(g, M_X(m[0]), M_Y(m[0]), M_ROT(m[0]), CARC_TILE_RI_2,
			  &h);
	g->s.last_tile = g->s.n_tiles - 1;
	carc__river_placed(g, g->s.last_tile);
	carc__score_turn(g);
}

/* carc__river_hand() (carc-private.h) while the river is open or
 * @type is a river tile: whether tile @type, just drawn, can be placed
 * (1, or 0 to discard it), the placement step taking it through this
 * file (game_state.river_mode); the fit table alone takes the others.
 * 2: the engine placed it (the lake under CARC_RIVER_LAKE_AUTOMATIC),
 * the player draws again. */
int
carc__river_hand_rules(struct carc_game *g, uint32_t type)
{
	if (!river_placeable(g, type))
		return 0;
	g->s.river_mode = 1;
	if (type == CARC_TILE_RI_2 &&
	    OPT(g->rules, CARC_OPT_RIVER_LAKE_TURN) ==
		    CARC_RIVER_LAKE_AUTOMATIC) {
		place_lake(g);
		return 2;
	}
	return 1;
}

/* Append the placements at the open position with key @key in the
 * rotations @rots.  Every rotation is stored while there is room and
 * the count advances by those in @rots: which rotations fit is a coin
 * toss, and a branch on each mispredicted (entries past the count are
 * unspecified). */
static void
emit_rots(uint32_t key, uint32_t rots, carc_move_t *moves, size_t cap,
	  uint32_t *n)
{
	carc_move_t base = CARC_MOVE_PLACE |
			   (carc_move_t)(key ^ 0x80008000u) << 32;
	uint32_t k = *n;

	for (uint32_t r = 0; r < 4; r++) {
		if (k < cap)
			moves[k] = base | (carc_move_t)r << 16;
		k += (rots >> r) & 1;
	}
	*n = k;
}

/*
 * As river_placeable(): a river tile at the river's open end alone, in
 * the rotations found when it was drawn; another tile anywhere else,
 * listed as the base game does on the open positions before the river's
 * and then on those after it.  After a dead end (the river tiles left
 * cannot continue the river) the river stays open to the game's end, so
 * the second is every turn of such a game.
 */
uint32_t
carc__river_place_list(const struct carc_game *g, carc_move_t *moves,
		       size_t cap)
{
	uint32_t n = 0, nf = g->s.n_frontier, c;

	if (g->ti[g->s.hand].river_rot[0]) {
		emit_rots(g->s.river_key, g->s.river_fits & 15, moves, cap,
			  &n);
		return n;
	}
	c = river_cell(g);
	if (c >= nf)
		return carc__place_list_part(g, 0, nf, moves, cap, 0);
	n = carc__place_list_part(g, 0, c, moves, cap, 0);
	return carc__place_list_part(g, c + 1, nf, moves, cap, n);
}

/* The placement step's check while the river's rules apply: the board's
 * (the position, the edges), then the river's: a river tile at the open
 * end in the rotations found when it was drawn (some of those the edges
 * allow), another tile anywhere else (river_rots()). */
int
carc__river_check(const struct carc_game *g, carc_move_t m,
		  struct place_hint *h)
{
	uint32_t rot = M_ROT(m), fits = g->s.river_fits;
	int rc = carc__board_check_place(g, M_X(m), M_Y(m), rot, g->s.hand,
					 h);
	bool at_end;

	if (rc < 0)
		return rc;
	at_end = g->s.river_open && g->front_key[h->own] == g->s.river_key;
	if (!g->ti[g->s.hand].river_rot[0])
		return at_end ? CARC_E_EDGE_MISMATCH : CARC_OK;
	if (!at_end || !((fits >> (4 + rot)) & 1))
		return CARC_E_EDGE_MISMATCH;
	if (!((fits >> rot) & 1))
		return CARC_E_NOT_ALLOWED;
	return CARC_OK;
}

/* After river tile @idx was placed (place.c, game.c): the river's new
 * open end, the open position beyond it, and the turn it took. */
void
carc__river_placed(struct carc_game *g, uint32_t idx)
{
	const struct placed *p = &g->tiles[idx];
	uint32_t v = g->ti[p->type].river_rot[p->rot], exit = 0, e;

	for (uint32_t s = 0; s < 4; s++)
		if (((v >> s) & 1) && empty_at(g, p->x + dx[s], p->y + dy[s]))
			exit |= 1u << s;
	if (exit == 0) {
		/* the lake */
		g->s.river_open = 0;
		return;
	}
	e = (uint32_t)carc__ctz32(exit);
	if (v & ~exit) {
		/* a course tile: it entered where the river left the last */
		uint32_t turn = (e - g->s.river_dir) & 3;

		g->s.river_prev = (uint8_t)turn;
		if (turn)
			g->s.river_curve = (uint8_t)turn;
	}
	g->s.river_dir = (uint8_t)e;
	g->s.river_open = 1;
	g->s.river_key = pos_key(p->x + dx[e], p->y + dy[e]);
}
