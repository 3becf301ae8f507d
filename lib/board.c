/* SPDX-License-Identifier: MIT */
/*
 * The board: placed tiles (a position hash), the frontier of open
 * positions with the side types each requires, and the union-find over
 * feature pieces with merged totals (open sides, figure count).
 *
 * The frontier is kept sorted by (y, x) so that enumerating placements
 * is a linear scan that already yields the canonical order; lookups are
 * binary searches.  The hash of placed tiles stores indices only, so a
 * copy of a game is a handful of memcpy calls of the used parts.
 */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "carc-private.h"

static const int dx[4] = { 0, 1, 0, -1 };
static const int dy[4] = { -1, 0, 1, 0 };

static inline uint32_t
hash_slot(const struct carc_game *g, uint32_t key)
{
	return (uint32_t)((key * 0x9e3779b1u) >> 16) & g->hash_mask;
}

int
carc__board_lookup(const struct carc_game *g, int32_t x, int32_t y)
{
	uint32_t mask = g->hash_mask;
	uint32_t i = hash_slot(g, pos_key(x, y));
	/* x and y as they lie at the start of struct placed, whatever the
	 * byte order: one compare instead of two */
	int16_t xy[2] = { (int16_t)x, (int16_t)y };
	uint32_t want;

	memcpy(&want, xy, sizeof(want));

	for (;;) {
		uint32_t v = g->cells[i], at;

		if (v == 0)
			return -1;
		memcpy(&at, &g->tiles[v - 1], sizeof(at));
		if (at == want)
			return (int)(v - 1);
		i = (i + 1) & mask;
	}
}

/* The index of the tile at (x, y), which is there: no test for an empty
 * slot (a placement's neighbours, known from its open position's
 * requirements). */
static inline uint32_t
neighbour(const struct carc_game *g, int32_t x, int32_t y)
{
	uint32_t mask = g->hash_mask;
	uint32_t i = hash_slot(g, pos_key(x, y));
	int16_t xy[2] = { (int16_t)x, (int16_t)y };
	uint32_t want, at;

	memcpy(&want, xy, sizeof(want));
	for (;;) {
		uint32_t v = (uint32_t)g->cells[i] - 1;

		memcpy(&at, &g->tiles[v], sizeof(at));
		if (at == want)
			return v;
		i = (i + 1) & mask;
	}
}

int
carc__feature_node(const struct carc_game *g, int32_t x, int32_t y,
		   uint32_t feature, uint32_t *node)
{
	int t, i;

	if (x < INT16_MIN || x > INT16_MAX || y < INT16_MIN || y > INT16_MAX)
		return CARC_E_NOT_FOUND;
	t = carc__board_lookup(g, x, y);
	if (t < 0)
		return CARC_E_NOT_FOUND;
	i = tile_feat(tinfo(g, (uint32_t)t), feature);
	if (i < 0)
		return CARC_E_NO_FEATURE;
	*node = g->tiles[t].node_base + (uint32_t)i;
	return CARC_OK;
}

static void
hash_insert(struct carc_game *g, uint32_t key, uint32_t index)
{
	uint32_t mask = g->hash_mask;
	uint32_t i = hash_slot(g, key);

	while (g->cells[i] != 0)
		i = (i + 1) & mask;
	g->cells[i] = (uint16_t)(index + 1);
}

/* For each of three keys the first index of the frontier whose key is
 * not below it (n_frontier if none): three bisections in one loop, so
 * that their loads, each of which waits for the one before, overlap.
 * Branch-free, because the comparisons of a search are coin tosses: as
 * branches they were a fifth of all mispredictions. */
static void
lower_bound3(const struct carc_game *g, const uint32_t key[3],
	     uint32_t out[3])
{
	const uint32_t *f = g->front_key, *a = f, *b = f, *c = f;
	uint32_t n = g->s.n_frontier;

	if (n == 0) {
		out[0] = out[1] = out[2] = 0;
		return;
	}
	/* a step moves each pointer on by half or leaves it, a select
	 * (cmov): the chain of dependent steps is then load, compare and
	 * select, one link shorter than with a mask and an add (and a
	 * multiply would lengthen it) */
	while (n > 1) {
		uint32_t half = n / 2;
		const uint32_t *an = a + half, *bn = b + half, *cn = c + half;

		a = an[-1] < key[0] ? an : a;
		b = bn[-1] < key[1] ? bn : b;
		c = cn[-1] < key[2] ? cn : c;
		n -= half;
	}
	out[0] = (uint32_t)(a - f) + (*a < key[0]);
	out[1] = (uint32_t)(b - f) + (*b < key[1]);
	out[2] = (uint32_t)(c - f) + (*c < key[2]);
}

uint32_t
carc__frontier_find(const struct carc_game *g, uint32_t key)
{
	const uint32_t *f = g->front_key, *a = f;
	uint32_t n = g->s.n_frontier;

	if (n == 0)
		return UINT32_MAX;
	while (n > 1) {
		uint32_t half = n / 2;
		const uint32_t *an = a + half;

		/* a select, as in lower_bound3() */
		a = an[-1] < key ? an : a;
		n -= half;
	}
	return *a == key ? (uint32_t)(a - f) : UINT32_MAX;
}

bool
carc__board_placeable(const struct carc_game *g, uint32_t type)
{
	const uint8_t *fit = g->rules->fit[type];
	const uint8_t *f = g->front_req, *end = f + g->s.n_frontier;

	/* eight positions per test: most tiles fit one of the first few,
	 * and one branch per block mispredicts less than one per
	 * position */
	for (; end - f >= 8; f += 8)
		if (fit[f[0]] | fit[f[1]] | fit[f[2]] | fit[f[3]] |
		    fit[f[4]] | fit[f[5]] | fit[f[6]] | fit[f[7]])
			return true;
	for (; f < end; f++)
		if (fit[*f])
			return true;
	return false;
}

int
carc__board_check_place(const struct carc_game *g, int32_t x, int32_t y,
			uint32_t rot, uint32_t type, struct place_hint *h)
{
	uint32_t key[3] = { pos_key(x, y - 1), pos_key(x, y), pos_key(x, y + 1) };
	uint32_t at[3];

	/* the position's own cell, and where its north and south neighbours'
	 * cells are or go, for board_place() */
	lower_bound3(g, key, at);
	if (at[1] >= g->s.n_frontier || g->front_key[at[1]] != key[1]) {
		if (carc__board_lookup(g, x, y) >= 0)
			return CARC_E_POSITION_TAKEN;
		return CARC_E_NOT_ADJACENT;
	}
	if (!((g->rules->fit[type][g->front_req[at[1]]] >> rot) & 1))
		return CARC_E_EDGE_MISMATCH;
	h->north = at[0];
	h->own = at[1];
	h->south = at[2];
	return CARC_OK;
}

static uint32_t
unite(struct carc_game *g, uint32_t a, uint32_t b)
{
	struct node *nodes = g->nodes;
	uint32_t ra = nodes[a].parent, rb = nodes[b].parent, swap, m, ma, mb;
	uint16_t t;

	if (ra == rb)
		return ra;
	/* which set is the smaller: both member lists walked in step until
	 * one ends, as many steps as the relabelling below takes (mostly
	 * none: one side is a piece of the tile just placed, alone) */
	ma = nodes[ra].next;
	mb = nodes[rb].next;
	while (ma != ra && mb != rb) {
		ma = nodes[ma].next;
		mb = nodes[mb].next;
	}
	/* the larger set's root stays, a's if they are equal; which one
	 * that is is a coin toss, so the swap is arithmetic (compilers
	 * turned a conditional one back into a branch) */
	swap = (ra ^ rb) & -(uint32_t)(mb != rb);
	a = ra ^ swap;
	b = rb ^ swap;
	/* relabel the smaller set's members with the new root */
	m = b;
	do {
		nodes[m].parent = (uint16_t)a;
		m = nodes[m].next;
	} while (m != b);
	/* open sides add up without a carry out of their field
	 * (carc-private.h) */
	nodes[a].w = (nodes[a].w + (nodes[b].w & NW_OPEN)) |
		     (nodes[b].w & NW_OCC);
	/* splice the two circular member lists */
	t = nodes[a].next;
	nodes[a].next = nodes[b].next;
	nodes[b].next = t;
	return a;
}

/* Join the pieces of tile @a and its placed neighbour @b across side @s
 * (a board side of @a). */
static void
connect(struct carc_game *g, uint32_t a, uint32_t b, uint32_t s)
{
	const struct placed *pa = &g->tiles[a], *pb = &g->tiles[b];
	const struct tile_info *ta = tinfo(g, a), *tb = tinfo(g, b);
	uint32_t ca = (s + 4 - pa->rot) & 3;		/* canonical side on a */
	uint32_t cb = (s + 6 - pb->rot) & 3;		/* opposite side on b */
	int fa = ta->side_feat[ca], fb;

	if (fa >= 0) {
		uint32_t root;
		fb = tb->side_feat[cb];
		root = unite(g, pa->node_base + (uint32_t)fa,
			     pb->node_base + (uint32_t)fb);
		g->nodes[root].w -= 2;	/* NW_OPEN, in the low bits */
		/* completion is known here, so scoring need not look */
		g->s.completed |= (uint32_t)(node_open(&g->nodes[root]) == 0)
				  << fa;
	}
	/* fields: board half-edge h of a meets ((h/2+2)%4)*2 + (1-h%2);
	 * a side without a road has one field on both halves, joined once */
	{
		uint32_t h = 2 * s, p = ((s + 2) & 3) * 2;
		int ha0 = ta->half_feat[(h + 8 - 2 * pa->rot) & 7];
		int ha1 = ta->half_feat[(h + 9 - 2 * pa->rot) & 7];
		int hb0 = tb->half_feat[(p + 9 - 2 * pb->rot) & 7];
		int hb1 = tb->half_feat[(p + 8 - 2 * pb->rot) & 7];

		if (ha0 >= 0 && hb0 >= 0)
			unite(g, pa->node_base + (uint32_t)ha0,
			      pb->node_base + (uint32_t)hb0);
		if (ha1 >= 0 && hb1 >= 0 && (ha1 != ha0 || hb1 != hb0))
			unite(g, pa->node_base + (uint32_t)ha1,
			      pb->node_base + (uint32_t)hb1);
	}
}

/* Require @edge on @side of the open position @key, whose frontier index
 * is @i if @found, else its insertion point.  Returns 1 if a position was
 * inserted. */
static int
frontier_require(struct carc_game *g, uint32_t i, bool found, uint32_t key,
		 uint32_t side, uint32_t edge)
{
	if (!found) {
		uint32_t after = g->s.n_frontier - i;

		memmove(&g->front_key[i + 1], &g->front_key[i],
			after * sizeof(*g->front_key));
		memmove(&g->front_req[i + 1], &g->front_req[i], after);
		g->s.n_frontier++;
		g->front_key[i] = key;
		g->front_req[i] = 0;
	}
	g->front_req[i] = (uint8_t)(g->front_req[i] | edge << (2 * side));
	return !found;
}

static uint64_t
tile_key(int32_t x, int32_t y, uint32_t type, uint32_t rot)
{
	return carc__mix(0x7469 ^ (uint64_t)pos_key(x, y) << 16 ^
			 (uint64_t)type << 4 ^ rot);
}

uint32_t
carc__figures_on(const struct carc_game *g, uint32_t root)
{
	uint32_t packed = 0;

	if (node_occ(&g->nodes[root]) == 0)
		return 0;
	for (uint32_t p = 0; p < g->s.n_players; p++)
		for (uint32_t k = 0; k < LARGE_SLOT; k++) {
			uint32_t n = g->s.figs[p][k], used = n != NODE_NONE;

			/* without a branch per slot: an empty slot reads
			 * node 0 and is masked out */
			packed += (used & (carc__find(g, used ? n : 0) ==
					   root)) << (p * FIG_BITS);
		}
	/* the large follower counts two (doc/users/rules.md#ic-large-follower) */
	if (g->ext & EXT_IC)
		for (uint32_t p = 0; p < g->s.n_players; p++) {
			uint32_t n = g->s.figs[p][LARGE_SLOT];

			if (n != NODE_NONE && carc__find(g, n) == root)
				packed += 2u << (p * FIG_BITS);
		}
	return packed;
}

uint64_t
carc__figure_key(const struct carc_game *g, uint32_t player, uint32_t figure,
		 uint32_t node)
{
	const struct placed *p = node_placed(g, node);

	return carc__mix(0x6669670000000000ull ^
			 (uint64_t)pos_key(p->x, p->y) << 16 ^
			 (uint64_t)(node - p->node_base) << 8 ^
			 (uint64_t)figure << 4 ^ player);
}

void
carc__board_place(struct carc_game *g, int32_t x, int32_t y, uint32_t rot,
		  uint32_t type, const struct place_hint *h)
{
	const struct tile_info *ti = &g->ti[type];
	uint32_t idx = g->s.n_tiles++, lim;
	struct placed *p = &g->tiles[idx];

	g->s.completed = 0;
	memset(p, 0, sizeof(*p));	/* the bit-fields' spare bits too */
	p->x = (int16_t)x;
	p->y = (int16_t)y;
	p->type = (uint8_t)type;
	p->rot = rot & 3;
	p->node_base = (uint16_t)g->s.n_nodes;
	hash_insert(g, pos_key(x, y), idx);

	/* one node per feature, from the tile's template: no test of kinds.
	 * The template holds local indices where the node holds node and
	 * tile indices, so two word adds per node turn it into the real
	 * thing.  While there is room, all MAX_TILE_FEATS places are written
	 * (the ones past the tile's features are unused and overwritten by
	 * the next tile), so the loop's exit does not vary with the tile. */
	lim = g->s.n_nodes + MAX_TILE_FEATS <= g->rules->cap_nodes
		      ? MAX_TILE_FEATS : ti->n_feats;
	{
		/* as one word: the node's indices and the tile's go in
		 * lanes where no sum carries (all stay below 0x10000, the
		 * tile index below 0x1000), whatever the byte order */
		struct node dn = {
			.parent = (uint16_t)g->s.n_nodes,
			.next = (uint16_t)g->s.n_nodes,
			.w = idx << NW_TILE_SHIFT,
		};
		uint64_t d;
		struct node *dst = &g->nodes[g->s.n_nodes];

		memcpy(&d, &dn, sizeof(d));
#if HAVE_VECTOR_SIZE
		if (lim == MAX_TILE_FEATS) {
			/* two nodes a vector, in a fixed count: the
			 * compiler's own vectors of the loop below first
			 * tested whether the template and the nodes overlap */
			carc__v2u64 d2 = { d, d }, v;
			uint64_t w;
			uint32_t i;

			for (i = 0; i + 2 <= MAX_TILE_FEATS; i += 2) {
				memcpy(&v, &ti->node0[i], sizeof(v));
				v += d2;
				memcpy(&dst[i], &v, sizeof(v));
			}
			for (; i < MAX_TILE_FEATS; i++) {
				memcpy(&w, &ti->node0[i], sizeof(w));
				w += d;
				memcpy(&dst[i], &w, sizeof(w));
			}
		} else
#endif
		{
			for (uint32_t i = 0; i < lim; i++) {
				uint64_t w;

				memcpy(&w, &ti->node0[i], sizeof(w));
				w += d;
				memcpy(&dst[i], &w, sizeof(w));
			}
		}
	}
	if (ti->monastery >= 0)
		g->monasteries[g->s.n_monasteries++] = (struct monastery){
			.x = (int16_t)x,
			.y = (int16_t)y,
			.node = (uint16_t)(g->s.n_nodes +
					   (uint32_t)ti->monastery),
			.tile = (uint16_t)idx,
		};
	g->s.n_nodes += ti->n_feats;

	/*
	 * @h: where the position's own cell and its north and south
	 * neighbours' cells are, from the legality check; NULL for the
	 * start tile, which was never open.
	 *
	 * The frontier is sorted by (y, x): the west and east neighbours'
	 * cells can only sit right before and right after the placed
	 * position's own cell; north lies before it and south after it.  The
	 * updates go from the highest index down (S, E, W, N), so that an
	 * insertion never moves a cell still to be updated.  A new west or
	 * east cell takes over the placed position's own cell, which sits
	 * exactly where it belongs, saving a removal and an insertion.
	 */
	{
		bool have_c = h != NULL, new_e = false, new_w = false;
		uint32_t own = pos_key(x, y), e = ti->edges_rot[rot];
		/* the neighbours' keys: x and y are 16-bit fields of the key
		 * that never wrap on a board of at most MAX_STACK tiles */
		uint32_t nkey[4] = { own - 0x10000u, own + 1, own + 0x10000u,
				     own - 1 };
		uint32_t n = g->s.n_frontier, after, iN, iS, fi, req;
		uint32_t *fk = g->front_key;

		if (have_c) {
			iN = h->north;
			fi = h->own;
			iS = h->south;
			/* the sides with a neighbour: those the position
			 * requires (a side type is never 0) */
			req = g->front_req[fi];
		} else {
			uint32_t k[3] = { nkey[0], own, nkey[2] }, at[3];

			lower_bound3(g, k, at);
			iN = at[0];
			fi = at[1];
			iS = at[2];
			req = 0;
			for (uint32_t s = 0; s < 4; s++)
				if (carc__board_lookup(g, x + dx[s], y + dy[s]) >=
				    0)
					req |= 3u << (2 * s);
		}
		after = fi + have_c;	/* iN <= fi < after <= iS */

		/* one test per side, whether a tile is there, and the tile
		 * looked up only then (a river side as a field side,
		 * tile_info) */
		if (req & 3u << 4)
			connect(g, idx, neighbour(g, x, y + 1), 2);
		else
			frontier_require(g, iS, iS < n && fk[iS] == nkey[2],
					 nkey[2], 0, e >> 4 & 3);
		if (req & 3u << 2)
			connect(g, idx, neighbour(g, x + 1, y), 1);
		else if (after < g->s.n_frontier && fk[after] == nkey[1])
			frontier_require(g, after, true, nkey[1], 3,
					 e >> 2 & 3);
		else
			new_e = true;
		if (req & 3u << 6)
			connect(g, idx, neighbour(g, x - 1, y), 3);
		else if (fi > 0 && fk[fi - 1] == nkey[3])
			frontier_require(g, fi - 1, true, nkey[3], 1,
					 e >> 6 & 3);
		else
			new_w = true;

		if (have_c && (new_w || new_e)) {
			/* the west position if it is new, else the east one */
			uint32_t s = new_w ? 3 : 1;

			fk[fi] = nkey[s];
			g->front_req[fi] = (uint8_t)((e >> (2 * s) & 3)
						     << (2 * ((s + 2) & 3)));
			if (new_w && new_e)
				frontier_require(g, fi + 1, false, nkey[1], 3,
						 e >> 2 & 3);
		} else {
			if (have_c) {
				uint32_t rest = g->s.n_frontier - fi - 1;

				memmove(&fk[fi], &fk[fi + 1],
					rest * sizeof(*fk));
				memmove(&g->front_req[fi],
					&g->front_req[fi + 1], rest);
				g->s.n_frontier--;
			}
			if (new_e)
				frontier_require(g, fi, false, nkey[1], 3,
						 e >> 2 & 3);
			if (new_w)
				frontier_require(g, fi, false, nkey[3], 1,
						 e >> 6 & 3);
		}
		if (req & 3u)
			connect(g, idx, neighbour(g, x, y - 1), 0);
		else
			frontier_require(g, iN, iN < g->s.n_frontier &&
						fk[iN] == nkey[0],
					 nkey[0], 2, e & 3);
	}
	g->s.hash_board += tile_key(x, y, type, rot);
}

/* Tiles among the 8 positions around placed tile @tile. */
int
carc__monastery_neighbours(const struct carc_game *g, uint32_t tile)
{
	const struct placed *p = &g->tiles[tile];
	int n = 0;

	for (int j = -1; j <= 1; j++)
		for (int i = -1; i <= 1; i++)
			if ((i || j) &&
			    carc__board_lookup(g, p->x + i, p->y + j) >= 0)
				n++;
	return n;
}
