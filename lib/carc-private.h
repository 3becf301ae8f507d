/* SPDX-License-Identifier: MIT */
/*
 * Private definitions shared by the library's source files.
 *
 * Data flows one way: const tile tables (tiles.c) -> derived per-rules
 * tables (rules.c) -> board and features (board.c) -> scoring (scoring.c)
 * -> turn state machine and queries (game.c, move.c) -> public API.
 */
#ifndef CARC_PRIVATE_H
#define CARC_PRIVATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "compat.h"	/* CARC_EXPORT, builtins and their fallbacks */

/* Limits of this implementation. */
#define MAX_PLAYERS 6
#define MIN_PLAYERS 2
#define MAX_TILE_FEATS 9	/* X has 8: four roads, four fields */
#define MAX_STACK 4000		/* tiles in a custom stack */
#define MAX_NODES ((MAX_STACK + 1) * MAX_TILE_FEATS)	/* in a game */
#define MAX_FIGURE_SLOTS 17	/* per player: followers, the phantom, the
				 * large follower */
#define MAX_FOLLOWERS 15
#define PHANTOM_SLOT 15
#define LARGE_SLOT 16		/* Inns & Cathedrals */
#define N_OPTS 26
#define NODE_NONE 0xffffu

/* Side bits for cities and roads, half-edge bits for fields. */
enum { SIDE_N = 1, SIDE_E = 2, SIDE_S = 4, SIDE_W = 8 };
enum {
	H_NL = 1 << 0, H_NR = 1 << 1, H_EL = 1 << 2, H_ER = 1 << 3,
	H_SL = 1 << 4, H_SR = 1 << 5, H_WL = 1 << 6, H_WR = 1 << 7,
};

/* One feature of a tile in its canonical orientation. */
struct feat_def {
	uint8_t kind;		/* enum carc_feature_kind */
	uint8_t num;		/* 1-based number of that kind on the tile */
	uint8_t sides;		/* city/road: side bits; field: half-edge bits */
	uint8_t pennants;	/* city only */
	uint8_t cities;		/* field only: bit i = bordered city at local index i */
	uint8_t flags;		/* FEAT_* */
	uint8_t goods;		/* city only: enum carc_goods */
	uint8_t pad;		/* 0: eight bytes, an index is a shift */
};
_Static_assert(sizeof(struct feat_def) == 8, "a feat_def takes 8 bytes");

/* feat_def.flags: a road with an inn, a city with a cathedral (Inns &
 * Cathedrals); its pieces carry PA_SPECIAL (tile_info.attr) */
#define FEAT_SPECIAL 1u

struct tile_def {
	const char *name;
	uint8_t stack_count;	/* first-edition copies in the draw stack */
	uint8_t edges[4];	/* canonical N, E, S, W: enum carc_edge */
	uint8_t n_feats;
	struct feat_def feats[MAX_TILE_FEATS];
	uint8_t symbol;		/* enum carc_symbol */
};

extern const struct tile_def carc__tiles[CARC_TILE_TYPES];

/* carc_feature_name() for the library's own use. */
const char *carc__feature_name(uint32_t feature);

/* carc_figure_name() for the library's own use (names.c), and the word
 * of a #carc_crop_choice ("deploy", "remove"); NULL for unknown ones. */
const char *carc__figure_name(uint32_t figure);
const char *carc__crop_choice_name(uint32_t choice);

/* Range and default of an option (rules.c); false for an unknown one. */
bool carc__rules_option_limits(uint32_t option, int32_t *min, int32_t *max,
			       int32_t *def);

/* Local feature index of @feature on @tile, or -1. */
int carc__tile_feat_index(uint32_t tile, uint32_t feature);
/* Whether an Inns & Cathedrals @tile may enter the stack under @opt
 * (tiles.c; true for other tiles). */
bool carc__ic_tile_enabled(const int32_t *opt, uint32_t tile);

/*
 * A union-find node: one feature piece of one placed tile.  Totals are
 * valid on roots only and are merged on union.
 *
 * Quick-find: @parent is the root for every member, not just a step
 * towards it, so a find is one load and no loop.  A union relabels the
 * smaller set by walking its circular member list (@next), which every
 * set has anyway for counting its tiles; by always relabelling the
 * smaller side a piece is relabelled at most log2(n) times in a game.
 * The loops of a classic find were a fifth of all mispredicted branches.
 * Which set is the smaller is found by walking both member lists in
 * step until one ends (board.c, unite()): as many steps as the
 * relabelling, where a size on every root would take 16 bits.
 *
 * 8 bytes, since the nodes are half of a game's memory: @w holds the
 * placed tile's index (NW_TILE), the piece's kind (NW_KIND) and, on a
 * root, the set's open sides (NW_OPEN, cities and roads) and whether
 * figures stand on it (NW_OCC).  Which figures, and whose, is not kept
 * here: scoring, which needs it, looks it up in the players' figure
 * slots (carc__figures_on()), and so does the rare removal of one figure
 * (a crop circle's) to tell whether others stay; only "is anyone there"
 * is asked on every turn.  The rest of what a piece is (pennants, inn or
 * cathedral) follows from its tile's type and its local index, node -
 * placed.node_base: tile_info.attr, node_attr().  A city's pennants are
 * the sum over its pieces, counted when it is scored.
 */
struct node {
	uint16_t parent;	/* root of the set (every member) */
	uint16_t next;		/* circular list of the set's members */
	uint32_t w;		/* tile << 20 | kind << 14 | figures << 13 |
				 * open (root) */
};

#define NW_OPEN 0x1fffu		/* open sides (root, cities and roads) */
#define NW_OCC 0x2000u		/* figures stand on the set (root) */
#define NW_KIND_SHIFT 14	/* enum carc_feature_kind, 3 bits */
#define NW_TILE_SHIFT 20	/* the placed tile's index, 12 bits */
_Static_assert(sizeof(struct node) == 8, "a node takes 8 bytes");
_Static_assert(MAX_STACK + 1 < 4096, "a tile index fits in NW_TILE");
_Static_assert(CARC_FEATURE_MONASTERY < 8 &&
		       NW_KIND_SHIFT + 3 <= NW_TILE_SHIFT,
	       "a feature kind fits in NW_KIND");
/* A set's open sides face empty positions, one side of one tile each:
 * at most the board's perimeter, which for n tiles is 2n + 2 sides (the
 * largest site perimeter of n connected cells), plus the 4 sides of a
 * tile being placed before board_place() joins them. */
_Static_assert(2 * (MAX_STACK + 1) + 2 + 4 <= NW_OPEN,
	       "a set's open sides fit in NW_OPEN");
_Static_assert((MAX_STACK + 1) * MAX_TILE_FEATS < NODE_NONE,
	       "node indices fit in 16 bits, below NODE_NONE");

/* tile_info.attr: what a piece is */
#define PA_PENNANTS 0x03u	/* the piece's own pennants (0 to 3) */
#define PA_SPECIAL 0x04u	/* an inn (road) or a cathedral (city):
				 * FEAT_SPECIAL */
#define PA_SIBLING 0x08u	/* a lower-numbered piece of its kind is on
				 * the same tile (scoring.c, first_on_tile) */

/* Derived, per tile type; computed once per rules object. */
struct tile_info {
	uint8_t edges_rot[4];	/* 2 bits per side (N at bits 0-1), per rotation;
				 * a river side reads as a field side */
	uint8_t river_rot[4];	/* river sides (bit = board side), per rotation */
	int8_t side_feat[4];	/* canonical side -> local city/road index */
	int8_t half_feat[8];	/* canonical half-edge -> local field index */
	int8_t monastery;	/* local index of the monastery or -1 */
	uint8_t n_feats;
	uint16_t field_mask;	/* bit i: local feature i is a field */
	/* the nodes of a newly placed tile with node_base 0 and tile
	 * index 0: board_place() adds the real ones to all nine at once */
	struct node node0[MAX_TILE_FEATS];
	uint8_t attr[MAX_TILE_FEATS];	/* local index -> PA_* */
	int8_t feat_at[5][5];	/* [kind][num] -> local index or -1 */
	uint8_t code[MAX_TILE_FEATS];	/* local index -> carc_feature */
	uint8_t crop_kind;	/* feature kind its crop circle affects, or 0 */
};

/* The local index of @feature (a carc_feature value) on a tile, or -1:
 * a table lookup, where carc__tile_feat_index() searches. */
static inline int
tile_feat(const struct tile_info *ti, uint32_t feature)
{
	uint32_t kind = feature >> 4, num = feature & 15;

	if (kind > 4 || num > 4)
		return -1;
	return ti->feat_at[kind][num];
}

struct carc_rules_builder {
	int32_t opt[N_OPTS];
	uint16_t counts[CARC_TILE_TYPES];
};

struct carc_rules {
	carc__refcount refcount;
	int32_t opt[N_OPTS];
	uint16_t counts[CARC_TILE_TYPES];
	uint32_t stack_total;
	/* capacities of a game under these rules */
	uint32_t cap_tiles, cap_nodes, cap_frontier, cap_city_events;
	uint32_t hash_size;
	uint32_t cap_monasteries;
	uint32_t cap_history;	/* without the crop-circle rounds */
	uint32_t crop_tiles;	/* crop-circle tiles in the stack */
	/* The River: the stack's first river_len tiles are the river stack,
	 * whose last river_fixed (the lake, then the start tile with
	 * CARC_RIVER_START_AFTER_RIVER) keep their places */
	uint32_t river_len, river_fixed;
	uint64_t stack_hash;	/* the full stack's part of carc_game_hash */
	uint64_t stack_key[CARC_TILE_TYPES];	/* per type (rules.c) */
	uint8_t stack0[MAX_STACK];	/* the stack in tile order */
	struct tile_info ti[CARC_TILE_TYPES];
	/* fit[t][req]: bit r set when tile t in rotation r satisfies a
	 * frontier cell's side requirements req (4 x 2 bits, 0 = no
	 * neighbour on that side).  One lookup replaces four edge tests. */
	uint8_t fit[CARC_TILE_TYPES][256];
	bool avx2;		/* the listing may use AVX2 (carc__cpu_avx2()) */
	bool avx512;		/* and AVX-512 (carc__cpu_avx512()) */
};

/* Fields of a move (doc/api/moves.md).  The library uses these rather than
 * its exported carc_move_*() accessors, which a shared library would
 * call through the PLT. */
#define M_KIND(m) ((uint32_t)((m) & 0xff))
#define M_FIGURE(m) ((uint32_t)(((m) >> 8) & 0xff))
#define M_ROT(m) ((uint32_t)(((m) >> 16) & 0xff))
#define M_FEATURE(m) ((uint32_t)(((m) >> 24) & 0xff))
#define M_X(m) ((int32_t)(int16_t)(uint16_t)((m) >> 32))
#define M_Y(m) ((int32_t)(int16_t)(uint16_t)((m) >> 48))

/* Option indices in opt[] are the CARC_OPT_* values. */
#define OPT(r, o) ((r)->opt[(o)])

/* A tile on the board: 8 bytes.  x and y come first: the position hash
 * compares them as one 32-bit value (board.c). */
struct placed {
	int16_t x, y;
	uint16_t node_base;	/* first union-find node of its features */
	uint8_t type;
	unsigned rot : 2;
	unsigned building : 3;	/* CARC_FIGURE_TOWER/HOUSE/SHED or 0 */
};

static inline uint32_t node_tile(const struct node *n)
{
	return n->w >> NW_TILE_SHIFT;
}
/* Whether figures stand on the set, valid on a root. */
static inline uint32_t node_occ(const struct node *n)
{
	return n->w & NW_OCC;
}
/* Open sides of a city or road, valid on a root. */
static inline uint32_t node_open(const struct node *n)
{
	return n->w & NW_OPEN;
}

#define FIG_BITS 5
#define FIG_MASK 31u
static inline uint32_t
fig_count(uint32_t packed, uint32_t player)
{
	return (packed >> (player * FIG_BITS)) & FIG_MASK;
}

/* A monastery on the board, with its position at hand for the test
 * "is it next to the tile just placed" of every turn. */
struct monastery {
	int16_t x, y;
	uint16_t node, tile;
};

/*
 * The open positions next to the board (the frontier) are two parallel
 * arrays sorted by key: carc_game.front_key holds each position's
 * pos_key(), (y, x) biased so that it sorts in canonical order, and
 * carc_game.front_req the side types it requires, 2 bits per side (N at
 * bits 0-1), 0 for a side without a neighbour.  Apart, the requirements
 * of sixteen positions are one vector load for the placement listing
 * (place.c), and a position takes five bytes.
 */

/* A scoring event: this header, then uint16_t points[n_players] and
 * uint8_t figures[n_players] (event_points(), event_figures()), so that a
 * two-player game does not keep room for six. */
struct event {
	uint8_t type, kind, feature, scorers;
	int16_t x, y;
	uint16_t tiles;
	uint8_t pennants, cities;
	uint8_t phantoms;	/* bit p: p's phantom is on the feature */
	uint8_t pad;
	uint16_t bpoints;	/* Little Buildings points, to each scorer */
};

_Static_assert(sizeof(struct event) == 16, "an event header is 16 bytes");

/* Bytes of one event of a game of @n_players (even: points stay
 * aligned). */
static inline size_t
event_size(uint32_t n_players)
{
	return (sizeof(struct event) + 3 * n_players + 1) & ~(size_t)1;
}

static inline uint16_t *
event_points(struct event *e)
{
	return (uint16_t *)(void *)(e + 1);
}

static inline uint8_t *
event_figures(struct event *e, uint32_t n_players)
{
	return (uint8_t *)(e + 1) + 2 * n_players;
}

/* Plain-data part of a game: copied by value. */
struct game_state {
	uint32_t n_players;
	uint32_t phase;
	uint32_t player;
	uint32_t hand;		/* tile in hand, or just placed */
	uint32_t last_tile;	/* placed index of the tile just placed */
	uint32_t deploy_mask;	/* local features open to deployment */
	uint32_t completed;	/* local roads and cities of the tile just
				 * placed that it completed (board.c) */
	uint64_t mon_held;	/* bit k: monasteries[k] holds figures (the
				 * first 64 monasteries; scoring.c) */
	uint32_t n_tiles, n_nodes, n_frontier, n_events, n_discards;
	uint32_t stack_pos, stack_len;
	uint32_t n_monasteries;
	uint32_t n_history;
	uint32_t active;	/* whose turn it is (player decides) */
	uint32_t crop_choice;	/* CARC_CROP_* during the response round */
	uint32_t crop_step;	/* responders visited so far, 1..n */
	uint8_t phantom_now;	/* the active player placed his phantom */
	uint8_t builder_due;	/* Traders & Builders (traders.c): this
				 * part's tile extended the player's builder
				 * feature (first part only) */
	uint8_t second_part;	/* this is the second part of the turn */
	uint8_t figure_now;	/* builder or pig deployed in this part */
	/* The River (river.c), all following from the board and the hand */
	uint8_t river_open;	/* the river has an open end on the board */
	uint8_t river_mode;	/* river_open, or the tile in hand is a river
				 * tile: placements go through river.c */
	uint8_t river_dir;	/* the side the river leaves its last tile by */
	uint8_t river_prev;	/* turn of the last river tile: 0 straight,
				 * 1 right, 3 left */
	uint8_t river_curve;	/* turn of the last curve, 0 before any */
	uint8_t river_fits;	/* a river tile in hand: the rotations it
				 * fits the open end in by the edges and the
				 * river (high nibble), those of them the
				 * U-turn option allows (low), from drawing */
	uint8_t river_pad[2];
	uint32_t river_key;	/* the open position the river flows into
				 * (valid while river_open) */
	uint64_t hash_board;	/* sum of placed tile keys */
	uint64_t hash_figs;	/* sum of figure keys */
	uint64_t hash_stack;	/* sum of (tile type, count left) keys */
	int32_t score[MAX_PLAYERS];
	uint8_t supply[MAX_PLAYERS];	/* followers */
	uint8_t phantom[MAX_PLAYERS];	/* 1 while the phantom is in supply */
	uint8_t large[MAX_PLAYERS];	/* 1 while the large follower is */
	/* buildings: [0] interchangeable tokens (standard mode by the rules),
	 * [CARC_FIGURE_TOWER..SHED - 2] per kind otherwise */
	uint8_t bsupply[MAX_PLAYERS][4];
	uint16_t remaining[CARC_TILE_TYPES];
	uint16_t figs[MAX_PLAYERS][MAX_FIGURE_SLOTS];	/* node or NODE_NONE */
	/* Traders & Builders (traders.c): each player's builder and pig
	 * (node, or NODE_NONE in the supply or out of the game), goods
	 * tokens by kind (index 1..3), and the turn's two parts */
	uint16_t builder[MAX_PLAYERS];
	uint16_t pig[MAX_PLAYERS];
	uint8_t goods[MAX_PLAYERS][3];	/* by kind - 1, saturating at 255 */
};

struct phase_ops;

struct carc_game {
	struct carc_rules *rules;
	/* from the rules (set_rules() in game.c); the fit table is read
	 * from them, at the same cost */
	const struct tile_info *ti;
	/* the decision points: carc__base_phases when ext is 0 */
	const struct phase_ops *phases;
	uint32_t hash_mask;
	uint32_t ext;		/* EXT_*: the expansions whose hooks run */
	void *mem;		/* one block holding every array below: right
				 * after the handle, or its own allocation
				 * after a carc_game_copy() that resized it */
	size_t inline_size;	/* bytes allocated after the handle */
	struct placed *tiles;
	struct node *nodes;
	uint16_t *cells;	/* position hash: placed index + 1, 0 = empty */
	uint32_t *front_key;	/* the open positions' keys, ascending */
	uint8_t *front_req;	/* their required side types */
	uint8_t *stack;
	uint8_t *discards;
	struct monastery *monasteries;	/* the monasteries on the board */
	struct event *events;	/* event_size() apart: game_event() */
	uint8_t *history;	/* every move applied, 3 bytes each (game.c) */
	struct game_state s;
};

/*
 * carc_game.ext: the expansions that have hooks on the base game's hot
 * path (placement, deployment, the end of a turn, scoring), from the
 * options in set_rules().  A hook tests its bit, one load from the
 * handle, so that a game without the expansion pays a test and no call.
 */
#define EXT_RIVER 1u		/* CARC_OPT_RIVER */
#define EXT_IC 2u		/* CARC_OPT_INNS_CATHEDRALS */
#define EXT_TB 4u		/* CARC_OPT_TRADERS_BUILDERS */
#define EXT_LB 8u		/* CARC_OPT_LITTLE_BUILDINGS */
/* what the deployment step lists beyond the follower and the pass */
#define EXT_DEPLOY (EXT_IC | EXT_TB | EXT_LB)

/* The @i-th event of the last carc_game_apply(). */
static inline struct event *
game_event(const struct carc_game *g, uint32_t i)
{
	return (struct event *)(void *)((char *)g->events +
					i * event_size(g->s.n_players));
}

/* rng (splitmix64): identical on every platform */
static inline uint64_t
carc__rng_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static inline uint64_t
carc__mix(uint64_t v)
{
	uint64_t s = v;
	return carc__rng_next(&s);
}

/* Sort @a[0..@n) by tile type (carc_game_sort_stack()): a counting sort,
 * one pass to count and one to write. */
static inline void
carc__sort_tiles(uint8_t *a, uint32_t n)
{
	uint16_t count[CARC_TILE_TYPES] = { 0 };
	uint32_t k = 0;

	for (uint32_t i = 0; i < n; i++)
		count[a[i]]++;
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		for (uint32_t c = count[t]; c > 0; c--)
			a[k++] = (uint8_t)t;
}

/* One step of carc__shuffle(): position @i - 1 swapped with one below
 * @i drawn from *@rng.  The bounded draw is Lemire's multiply-and-
 * reject, unbiased and free of divisions but for rare rejections. */
static inline void
carc__shuffle_step(uint8_t *a, uint32_t i, uint64_t *rng)
{
	uint64_t m = (carc__rng_next(rng) >> 32) * i;
	uint32_t v;
	uint8_t t;

	if ((uint32_t)m < i) {
		uint32_t floor = (uint32_t)-i % i;
		while ((uint32_t)m < floor)
			m = (carc__rng_next(rng) >> 32) * i;
	}
	v = (uint32_t)(m >> 32);
	t = a[i - 1];
	a[i - 1] = a[v];
	a[v] = t;
}

#if HAVE_AVX2_TARGET
/* @x times @c in each 64-bit lane, from AVX2's 32-by-32-bit products
 * (the high halves' product falls out of the low 64 bits). */
CARC_TARGET_AVX2 static inline __m256i
carc__mul64_avx2(__m256i x, uint64_t c)
{
	__m256i cl = _mm256_set1_epi64x((long long)(c & 0xffffffffu));
	__m256i ch = _mm256_set1_epi64x((long long)(c >> 32));
	__m256i cross = _mm256_add_epi64(
		_mm256_mul_epu32(_mm256_srli_epi64(x, 32), cl),
		_mm256_mul_epu32(x, ch));

	return _mm256_add_epi64(_mm256_mul_epu32(x, cl),
				_mm256_slli_epi64(cross, 32));
}

/* carc__shuffle() four steps at a time where the processor has AVX2:
 * splitmix64 hashes a counter, so the next four draws are computed at
 * once, in a vector, and the four swaps follow in order.  A block where
 * a draw might be rejected (a chance of i in 2^32 each) is done by
 * carc__shuffle_step() instead, which draws again as it must. */
CARC_TARGET_AVX2 static inline void
carc__shuffle_avx2(uint8_t *a, uint32_t n, uint64_t seed)
{
	const uint64_t inc = 0x9e3779b97f4a7c15ull;
	const __m256i lo32 = _mm256_set1_epi64x(0xffffffffll);
	const __m256i four = _mm256_set1_epi64x(4);
	const __m256i inc4 = _mm256_set1_epi64x((long long)(4 * inc));
	const __m256i incs = _mm256_set_epi64x(
		(long long)(4 * inc), (long long)(3 * inc),
		(long long)(2 * inc), (long long)inc);
	uint64_t rng = seed;
	uint32_t i = n;
	/* the states of the next four draws, and their bounds: i down to
	 * i - 3 */
	__m256i st = _mm256_add_epi64(_mm256_set1_epi64x((long long)rng),
				      incs);
	__m256i bound = _mm256_set_epi64x(i - 3, i - 2, i - 1, i);

	while (i >= 5) {
		__m256i z = st, m, low;
		_Alignas(32) uint32_t v[8];

		z = _mm256_xor_si256(z, _mm256_srli_epi64(z, 30));
		z = carc__mul64_avx2(z, 0xbf58476d1ce4e5b9ull);
		z = _mm256_xor_si256(z, _mm256_srli_epi64(z, 27));
		z = carc__mul64_avx2(z, 0x94d049bb133111ebull);
		z = _mm256_xor_si256(z, _mm256_srli_epi64(z, 31));
		m = _mm256_mul_epu32(_mm256_srli_epi64(z, 32), bound);
		/* below 2^32 both: a signed compare serves */
		low = _mm256_cmpgt_epi64(bound, _mm256_and_si256(m, lo32));
		if (!_mm256_testz_si256(low, low)) {
			for (uint32_t j = 0; j < 4; j++, i--)
				carc__shuffle_step(a, i, &rng);
			st = _mm256_add_epi64(
				_mm256_set1_epi64x((long long)rng), incs);
			bound = _mm256_set_epi64x(i - 3, i - 2, i - 1, i);
			continue;
		}
		/* the positions drawn, the high halves of m (x86 is
		 * little-endian) */
		_mm256_store_si256((__m256i *)(void *)v, m);
		for (uint32_t j = 0; j < 4; j++, i--) {
			uint8_t t = a[i - 1];

			a[i - 1] = a[v[2 * j + 1]];
			a[v[2 * j + 1]] = t;
		}
		rng += 4 * inc;
		st = _mm256_add_epi64(st, inc4);
		bound = _mm256_sub_epi64(bound, four);
	}
	for (; i > 1; i--)
		carc__shuffle_step(a, i, &rng);
}
#endif

/* Shuffle @a[0..@n) from @seed (the stack, the river's stack):
 * Fisher-Yates, from the last position down, the same permutation with
 * or without AVX2. */
static inline void
carc__shuffle(uint8_t *a, uint32_t n, uint64_t seed)
{
	uint64_t rng = seed;

#if HAVE_AVX2_TARGET
	if (carc__cpu_has_avx2()) {
		carc__shuffle_avx2(a, n, seed);
		return;
	}
#endif
	for (uint32_t i = n; i > 1; i--)
		carc__shuffle_step(a, i, &rng);
}

/* board.c */

/* The root of node @n's set (see struct node: one load). */
static inline uint32_t
carc__find(const struct carc_game *g, uint32_t n)
{
	return g->nodes[n].parent;
}

static inline uint32_t
pos_key(int32_t x, int32_t y)
{
	return ((uint32_t)((uint16_t)y ^ 0x8000u) << 16) |
	       (uint32_t)((uint16_t)x ^ 0x8000u);
}
int carc__board_lookup(const struct carc_game *g, int32_t x, int32_t y);
/* The union-find node of @feature on the tile at (x, y), or
 * CARC_E_NOT_FOUND (no tile there) or CARC_E_NO_FEATURE. */
int carc__feature_node(const struct carc_game *g, int32_t x, int32_t y,
		       uint32_t feature, uint32_t *node);
bool carc__board_placeable(const struct carc_game *g, uint32_t type);
/* The frontier index of the open position @key, or UINT32_MAX if it is
 * not open. */
uint32_t carc__frontier_find(const struct carc_game *g, uint32_t key);

#if HAVE_VECTOR_SIZE
/* A tile's edges in each rotation, in every byte of a vector: what
 * fit16() compares sixteen open positions with at once. */
struct fit16 {
	carc__v16u8 e[4];
};

static inline void
fit16_init(struct fit16 *f, const struct tile_info *ti)
{
	for (uint32_t r = 0; r < 4; r++) {
		carc__v16u8 zero = { 0 };

		f->e[r] = zero + ti->edges_rot[r];
	}
}

/*
 * The rotations of the tile of @f that fit each of the sixteen open
 * positions whose requirements start at @req, times four: bit r + 2 of
 * byte k is set when rotation r fits position k.  As the fit table
 * (rules.c), computed: a rotation fits when, on every side the position
 * requires, the tile's edge type is the required one (a tile's side is
 * never 0).  Times four, so that a byte indexes rows of four moves.
 */
static inline carc__v16u8
fit16(const struct fit16 *f, const uint8_t *req)
{
	carc__v16u8 q, side, r4;

	memcpy(&q, req, sizeof(q));
	/* both bits of every 2-bit side that has a requirement (shifted as
	 * 16-bit lanes, which the mask makes right for bytes) */
	side = (q | (carc__v16u8)((carc__v8u16)q >> 1)) & 0x55;
	side |= side << 1;
	r4 = (carc__v16u8)(((q ^ f->e[0]) & side) == 0) & 4;
	r4 |= (carc__v16u8)(((q ^ f->e[1]) & side) == 0) & 8;
	r4 |= (carc__v16u8)(((q ^ f->e[2]) & side) == 0) & 16;
	r4 |= (carc__v16u8)(((q ^ f->e[3]) & side) == 0) & 32;
	return r4;
}

/* Bit k set when the tile fits position k in some rotation, from
 * fit16()'s bytes (0 or 4 to 60: adding 0x7c sets the top bit of all
 * but 0). */
static inline uint32_t
fit16_any(carc__v16u8 r4)
{
	return carc__movemask16(r4 + 0x7c);
}
#endif

/* Where a legal placement's cells are in the frontier: its own, and
 * where its north and south neighbours' cells are or would go. */
struct place_hint {
	uint32_t north, own, south;
};

/* CARC_OK if @type fits at (x, y) in rotation @rot, filling @h, else
 * the specific error. */
int carc__board_check_place(const struct carc_game *g, int32_t x, int32_t y,
			    uint32_t rot, uint32_t type, struct place_hint *h);
/* Place @type at a legal position; @h from the check, NULL for the
 * start tile. */
void carc__board_place(struct carc_game *g, int32_t x, int32_t y,
		       uint32_t rot, uint32_t type,
		       const struct place_hint *h);
int carc__monastery_neighbours(const struct carc_game *g, uint32_t tile);
/* Figures on the set rooted at @root, packed FIG_BITS per player: from
 * the players' figure slots (struct node keeps only their total). */
uint32_t carc__figures_on(const struct carc_game *g, uint32_t root);
uint64_t carc__figure_key(const struct carc_game *g, uint32_t player,
			  uint32_t figure, uint32_t node);

/* scoring.c */
void carc__monastery_held(struct carc_game *g, uint32_t node, bool held);
void carc__score_turn(struct carc_game *g);
void carc__score_final(struct carc_game *g);


/* What a board-level feature would score now: the one computation that
 * real scoring and the feature queries (query.c) share.  A road, city or
 * monastery gives its completion value when complete and its end-of-game
 * value when not; a field its farm at the end of the game now. */
struct feature_value {
	uint32_t kind;		/* enum carc_feature_kind */
	uint32_t complete;	/* 1 or 0; fields 0 */
	uint32_t tiles;		/* distinct tiles; monastery: 3x3 area */
	uint32_t pennants;	/* a city's */
	uint32_t cities;	/* a field's distinct completed cities */
	uint32_t figures;	/* on it, packed FIG_BITS per player */
	uint32_t scorers;	/* bit p: p holds the majority */
	uint32_t value;		/* points to a scorer, other fields apart */
	uint32_t bvalue;	/* building points to each scorer */
	uint32_t points[MAX_PLAYERS];	/* points per player, buildings
					 * apart, other fields counted */
};

/* The value of the set rooted at @root with the figures on it now.
 * Reads only. */
void carc__feature_value(const struct carc_game *g, uint32_t root,
			 struct feature_value *v);
/* Players the completed city rooted at @city pays as farmers at the end
 * of the game now (0 for anything else).  Reads only. */
uint32_t carc__city_farm_scorers(const struct carc_game *g, uint32_t city);

/* game.c */
void carc__game_start(struct carc_game *g, uint32_t n_players,
		      const uint8_t *order, uint64_t seed);
void carc__game_end_turn(struct carc_game *g);
void carc__game_next_turn(struct carc_game *g);
void carc__game_put_figure(struct carc_game *g, uint32_t player,
			   uint32_t figure, uint32_t node);
void carc__game_take_figure(struct carc_game *g, uint32_t player,
			    uint32_t figure, uint32_t node);

/* move.c */
/* CARC_OK if @m is legal now, else the specific error; a placement
 * fills @h (may be NULL). */
int carc__check_move(const struct carc_game *g, carc_move_t m,
		     struct place_hint *h);
/* The deployment of a follower (or phantom) on the tile just placed:
 * its check, which needs to know whether the figure is @available, and
 * its moves, appended to a listing. */
int carc__deploy_check_tile(const struct carc_game *g, carc_move_t m,
			    bool available);
void carc__deploy_tile_moves(const struct carc_game *g, uint32_t figure,
			     carc_move_t *moves, size_t cap, uint32_t *n);

static inline carc_move_t
pack(uint32_t kind, uint32_t figure, uint32_t rot, uint32_t feature,
     int32_t x, int32_t y)
{
	return (carc_move_t)kind | (carc_move_t)figure << 8 |
	       (carc_move_t)rot << 16 | (carc_move_t)feature << 24 |
	       (carc_move_t)(uint16_t)x << 32 | (carc_move_t)(uint16_t)y << 48;
}

#define MOVE_PASS ((carc_move_t)CARC_MOVE_PASS)

static inline bool
is_building(uint32_t figure)
{
	return figure >= CARC_FIGURE_TOWER && figure <= CARC_FIGURE_SHED;
}

/* A figure that stands on a feature: follower, phantom, large
 * follower. */
static inline bool
is_follower_kind(uint32_t figure)
{
	return figure == CARC_FIGURE_FOLLOWER || figure == CARC_FIGURE_PHANTOM ||
	       figure == CARC_FIGURE_LARGE_FOLLOWER;
}

/* Whether @feature, at most 0xff, is a carc_feature value: c1 to c4, r1
 * to r4, f1 to f4 or the monastery (tiles.c names them).  A bit per kind
 * and number, where carc__feature_name() is a call through a table. */
static inline bool
feature_ok(uint32_t feature)
{
	uint32_t kind = (feature >> 4) - 1, num = (feature & 15) - 1;

	return (kind | num) < 4 && (0x1fffu >> (kind * 4 + num) & 1);
}

/* Whether @m is well formed: a known kind, its fields in range and every
 * field its kind does not use zero.  Inline: carc_game_apply() tests
 * every move with it. */
static inline bool
carc__well_formed(carc_move_t m)
{
	uint32_t fig = M_FIGURE(m), feat = M_FEATURE(m);

	/* Placements are half of all moves, deployments and passes most of
	 * the rest: tested first, each by a mask of the fields it must
	 * leave zero (a placement's figure, feature and rotation past 3, a
	 * deployment's rotation) rather than a comparison with a move
	 * packed again. */
	if (M_KIND(m) == CARC_MOVE_PLACE)
		return (m & 0xfffcff00u) == 0;
	if (M_KIND(m) == CARC_MOVE_DEPLOY) {
		if ((m & 0xff0000u) != 0 || fig < CARC_FIGURE_FOLLOWER ||
		    fig > CARC_FIGURE_PIG)
			return false;
		return is_building(fig) ? feat == 0 : feature_ok(feat);
	}
	if (M_KIND(m) == CARC_MOVE_PASS)
		return m == pack(CARC_MOVE_PASS, 0, 0, 0, 0, 0);
	switch (M_KIND(m)) {
	case CARC_MOVE_SECOND_TILE:
		return m == pack(CARC_MOVE_SECOND_TILE, 0, 0, 0, 0, 0);
	case CARC_MOVE_CROP_CHOICE:
		return (fig == CARC_CROP_DEPLOY || fig == CARC_CROP_REMOVE) &&
		       m == pack(CARC_MOVE_CROP_CHOICE, fig, 0, 0, 0, 0);
	case CARC_MOVE_REMOVE:
		return (m & 0xff0000u) == 0 && is_follower_kind(fig) &&
		       feature_ok(feat);
	}
	return false;
}

/* Append @m to a listing of capacity @cap: counted always, stored while
 * there is room. */
static inline void
emit(carc_move_t *moves, size_t cap, uint32_t *n, carc_move_t m)
{
	if (*n < cap)
		moves[*n] = m;
	(*n)++;
}

/*
 * A decision point (enum carc_phase, doc/contributors/internals.md): its legal
 * moves, the check of one move, and the application of a move the check
 * accepted.  list() writes at most @cap moves and returns how many there
 * are; check() returns CARC_OK or the specific error, and for a
 * placement fills @h (never NULL); apply() gets the union-find node of
 * the feature the move names (a deployment's or removal's; 0 for a move
 * without a feature) and the check's @h.  @by_position: a move names
 * its tile by position, not implicitly the tile just placed (the
 * history, game.c).
 */
struct phase_ops {
	uint32_t (*list)(const struct carc_game *g, carc_move_t *moves,
			 size_t cap);
	int (*check)(const struct carc_game *g, carc_move_t m,
		     struct place_hint *h);
	void (*apply)(struct carc_game *g, carc_move_t m, uint32_t node,
		      const struct place_hint *h);
	bool by_position;
};

/* phases.c: every decision point's operations, by enum carc_phase; a
 * game goes through carc_game.phases, one of these two */
#define N_PHASES (CARC_PHASE_SECOND_TILE + 1)
extern const struct phase_ops carc__phases[N_PHASES];
extern const struct phase_ops carc__base_phases[N_PHASES];

/* place.c: the placement step; the _base functions, for
 * carc__base_phases, leave out the tests of carc_game.ext */
uint32_t carc__place_list(const struct carc_game *g, carc_move_t *moves,
			  size_t n_moves);
uint32_t carc__place_list_base(const struct carc_game *g, carc_move_t *moves,
			       size_t n_moves);
int carc__place_check_base(const struct carc_game *g, carc_move_t m,
			   struct place_hint *h);
void carc__place_apply_base(struct carc_game *g, carc_move_t m, uint32_t node,
			    const struct place_hint *h);
int carc__place_check(const struct carc_game *g, carc_move_t m,
		      struct place_hint *h);
void carc__place_apply(struct carc_game *g, carc_move_t m, uint32_t node,
		       const struct place_hint *h);
/* the placements at open positions @from to @to - 1 after the @n listed
 * (the river's listing) */
uint32_t carc__place_list_part(const struct carc_game *g, uint32_t from,
			       uint32_t to, carc_move_t *moves, size_t n_moves,
			       uint32_t n);

/* deploy.c: the deployment step */
void carc__deploy_mask(struct carc_game *g);
uint32_t carc__deploy_list(const struct carc_game *g, carc_move_t *moves,
			   size_t cap);
uint32_t carc__deploy_list_base(const struct carc_game *g,
				carc_move_t *moves, size_t cap);
int carc__deploy_check(const struct carc_game *g, carc_move_t m,
		       struct place_hint *h);
void carc__deploy_apply(struct carc_game *g, carc_move_t m, uint32_t node,
			const struct place_hint *h);

/* phantom.c: The Phantom */
void carc__phantom_init(struct carc_game *g, uint32_t player);
void carc__phantom_start(struct carc_game *g);
int carc__phantom_in_deploy_step(const struct carc_game *g);
uint32_t carc__phantom_list(const struct carc_game *g, carc_move_t *moves,
			    size_t cap);
int carc__phantom_check(const struct carc_game *g, carc_move_t m,
			struct place_hint *h);
void carc__phantom_apply(struct carc_game *g, carc_move_t m, uint32_t node,
			 const struct place_hint *h);

/* buildings.c: Little Buildings, hooks of the deployment step and of
 * scoring */
void carc__buildings_init(struct carc_game *g, uint32_t player);
uint32_t carc__buildings_around(const struct carc_game *g, uint32_t tile);
void carc__buildings_list(const struct carc_game *g, carc_move_t *moves,
			  size_t cap, uint32_t *n);
int carc__buildings_check(const struct carc_game *g, carc_move_t m);
void carc__buildings_apply(struct carc_game *g, uint32_t figure);

/* rules.c: whether a type enters the stack under the options */
bool carc__tile_enabled(const int32_t *opt, uint32_t tile);

/* river.c: The River */
bool carc__river_tile_enabled(const int32_t *opt, uint32_t tile);
/* the stack's extra start tile, and the river part's length, by the
 * options */
uint32_t carc__river_extra_start(const int32_t *opt);
void carc__river_stack_parts(const int32_t *opt, const uint16_t *counts,
			     uint32_t *len, uint32_t *fixed);
/* the start of a game: the stack in river order (the rules' stack
 * shuffled by @seed), then the spring */
void carc__river_deal(struct carc_game *g, uint64_t seed);
/* after a river tile was placed as tile @idx (carc__place_apply(), the
 * spring at the start) */
void carc__river_placed(struct carc_game *g, uint32_t idx);
int carc__river_hand_rules(struct carc_game *g, uint32_t type);
/* draw(): whether the tile drawn fits (1) or is discarded (0), with the
 * river's rules while they apply (sets game_state.river_mode); 2 when
 * river.c placed it itself (the lake under CARC_RIVER_LAKE_AUTOMATIC).
 * Inline for the tiles after the lake, nearly all of a river game's,
 * which the fit table alone places: a call per draw cost more than
 * their test. */
static inline int
carc__river_hand(struct carc_game *g, uint32_t type)
{
	if (g->s.river_open | g->ti[type].river_rot[0])
		return carc__river_hand_rules(g, type);
	if (!carc__board_placeable(g, type))
		return 0;
	g->s.river_mode = 0;
	return 1;
}
uint32_t carc__river_place_list(const struct carc_game *g, carc_move_t *moves,
				size_t cap);
int carc__river_check(const struct carc_game *g, carc_move_t m,
		      struct place_hint *h);
/* whether @tiles, the new order of the stack from @from on, keeps the
 * river stack's tiles and fixed places */
bool carc__river_order_ok(const struct carc_game *g, uint32_t from,
			  const uint32_t *tiles, size_t n);
void carc__river_shuffle(struct carc_game *g, uint64_t seed);
void carc__river_sort(struct carc_game *g);
void carc__river_part(const struct carc_game *g, uint32_t at, uint32_t *to);
/* traders.c: Traders & Builders */
static inline bool
carc__tb(const struct carc_game *g)
{
	return (g->ext & EXT_TB) != 0;
}
void carc__traders_placed(struct carc_game *g);
void carc__traders_list(const struct carc_game *g, carc_move_t *moves,
			size_t cap, uint32_t *n);
int carc__traders_check(const struct carc_game *g, carc_move_t m);
void carc__traders_apply(struct carc_game *g, uint32_t figure,
			 uint32_t node);
void carc__traders_left(struct carc_game *g, uint32_t player, uint32_t root);
uint32_t carc__traders_completed(struct carc_game *g, uint32_t root);
void carc__traders_final(struct carc_game *g);
uint32_t carc__traders_goods_of(const struct carc_game *g, uint32_t root,
				uint32_t kind);
bool carc__second_tile_start(struct carc_game *g);
uint32_t carc__second_tile_list(const struct carc_game *g, carc_move_t *moves,
				size_t cap);
int carc__second_tile_check(const struct carc_game *g, carc_move_t m,
			    struct place_hint *h);
void carc__second_tile_apply(struct carc_game *g, carc_move_t m,
			     uint32_t node, const struct place_hint *h);
/* game.c: the second part of a turn begins (the same player draws) */
void carc__game_second_part(struct carc_game *g);
struct event *carc__new_goods_event(struct carc_game *g);

/* crop-circles.c: The Crop Circles */
bool carc__crop_tile_enabled(const int32_t *opt, uint32_t tile);
uint32_t carc__crop_kind_of(const int32_t *opt, uint32_t tile);
void carc__crop_start(struct carc_game *g);
uint32_t carc__crop_choice_list(const struct carc_game *g,
				carc_move_t *moves, size_t cap);
int carc__crop_choice_check(const struct carc_game *g, carc_move_t m,
			    struct place_hint *h);
void carc__crop_choice_apply(struct carc_game *g, carc_move_t m,
			     uint32_t node, const struct place_hint *h);
uint32_t carc__crop_response_list(const struct carc_game *g,
				  carc_move_t *moves, size_t cap);
int carc__crop_response_check(const struct carc_game *g, carc_move_t m,
			      struct place_hint *h);
void carc__crop_response_apply(struct carc_game *g, carc_move_t m,
			       uint32_t node, const struct place_hint *h);

static inline uint32_t
slot_figure(uint32_t slot)
{
	return slot == PHANTOM_SLOT ? CARC_FIGURE_PHANTOM
	       : slot == LARGE_SLOT ? CARC_FIGURE_LARGE_FOLLOWER
				    : CARC_FIGURE_FOLLOWER;
}

/* The figure slots in use: the large follower's only with Inns &
 * Cathedrals, so that the base game's loops over a player's figures stop
 * at LARGE_SLOT. */
static inline uint32_t
fig_slots(const struct carc_game *g)
{
	return (g->ext & EXT_IC) ? MAX_FIGURE_SLOTS : LARGE_SLOT;
}

/* The slots of @figs (a player's) that hold node @v (NODE_NONE: that
 * are empty), bit k for slot k.  Which slots hold what is a coin toss
 * for the predictor; with SSE2 the sixteen first are two compares and
 * one byte mask instead of a test each (crop-circles.c, traders.c). */
static inline uint32_t
carc__slots_holding(const uint16_t *figs, uint32_t v)
{
#if HAVE_SSE2
	const __m128i w = _mm_set1_epi16((short)v);
	__m128i a = _mm_loadu_si128((const __m128i *)(const void *)figs);
	__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(figs + 8));

	_Static_assert(MAX_FIGURE_SLOTS == 17, "16 slots in vectors, 1 apart");
	/* the compares give 0 or -1 per slot, which the signed packing
	 * keeps as one byte each, slot k in byte k */
	return (uint32_t)_mm_movemask_epi8(_mm_packs_epi16(
		       _mm_cmpeq_epi16(a, w), _mm_cmpeq_epi16(b, w))) |
	       (uint32_t)(figs[LARGE_SLOT] == v) << LARGE_SLOT;
#else
	uint32_t m = 0;

	for (uint32_t k = 0; k < MAX_FIGURE_SLOTS; k++)
		m |= (uint32_t)(figs[k] == v) << k;
	return m;
#endif
}

/* What the figure in slot @slot counts for a majority: the large
 * follower two (doc/users/rules.md#ic-large-follower), the others one. */
static inline uint32_t
slot_strength(uint32_t slot)
{
	return slot == LARGE_SLOT ? 2u : 1u;
}

static inline uint32_t
bslot(const struct carc_game *g, uint32_t kind);

static inline const struct tile_info *
tinfo(const struct carc_game *g, uint32_t tile_index)
{
	return &g->ti[g->tiles[tile_index].type];
}

/* The placed tile node @n belongs to. */
static inline const struct placed *
node_placed(const struct carc_game *g, uint32_t n)
{
	return &g->tiles[node_tile(&g->nodes[n])];
}

/* The local feature index of node @n on its tile. */
static inline uint32_t
node_local(const struct carc_game *g, uint32_t n)
{
	return n - node_placed(g, n)->node_base;
}

/* What node @n is: PA_* (tile_info.attr). */
static inline uint32_t
node_attr(const struct carc_game *g, uint32_t n)
{
	const struct placed *p = node_placed(g, n);

	return g->ti[p->type].attr[n - p->node_base];
}

/* The feature kind of node @n (enum carc_feature_kind). */
static inline uint32_t
node_kind(const struct carc_game *g, uint32_t n)
{
	return g->nodes[n].w >> NW_KIND_SHIFT & 7u;
}

/* The feature kind the pending crop circle affects, 0 for none (from
 * the rules' table, rules.c). */
static inline uint32_t
carc__crop_kind(const struct carc_game *g)
{
	return tinfo(g, g->s.last_tile)->crop_kind;
}

/* Insert @v into the ascending array @a of *@n distinct values unless it
 * is there already. */
static inline void
carc__insert_unique(uint16_t *a, int *n, uint16_t v)
{
	int i = *n;

	for (int k = 0; k < *n; k++)
		if (a[k] == v)
			return;
	while (i > 0 && a[i - 1] > v) {
		a[i] = a[i - 1];
		i--;
	}
	a[i] = v;
	(*n)++;
}

/* Where a player's tokens of building @kind are counted. */
static inline uint32_t
bslot(const struct carc_game *g, uint32_t kind)
{
	if (OPT(g->rules, CARC_OPT_LB_SCORING) == CARC_LB_STANDARD &&
	    OPT(g->rules, CARC_OPT_LB_DISTRIBUTION) == CARC_LB_DIST_RULES)
		return 0;
	return kind - CARC_FIGURE_TOWER + 1;
}

/* Points a building of @kind (CARC_FIGURE_TOWER..SHED, 0 for none) adds
 * to a feature through its tile: 1, or under the 3/2/1 variant tower 3,
 * house 2, shed 1.  Inline and without a branch on the kind: scoring
 * asks it for every tile of a feature, most of them without a
 * building. */
static inline uint32_t
carc__building_value(const struct carc_game *g, uint32_t kind)
{
	uint32_t v = OPT(g->rules, CARC_OPT_LB_SCORING) == CARC_LB_STANDARD
			     ? 1
			     : CARC_FIGURE_SHED + 1 - kind;

	return kind != 0 ? v : 0;
}

/*
 * The links of the turn's chain of decision points that belong to an
 * expansion (doc/contributors/internals.md): each tells whether its step
 * follows and if so begins it.  Inline, so that in a game without the expansion
 * the answer "no" costs a load and no call.
 */

/* After the deployment step: the phantom step while the active
 * player's phantom is in his supply (doc/users/rules.md#phantom-step; never
 * without CARC_OPT_PHANTOM, which alone gives a phantom). */
static inline bool
carc__phantom_begin(struct carc_game *g)
{
	if (!g->s.phantom[g->s.player] || !OPT(g->rules, CARC_OPT_PHANTOM))
		return false;
	/* doc/users/rules.md#traders-phantom */
	if (g->s.figure_now &&
	    !OPT(g->rules, CARC_OPT_PHANTOM_WITH_FIGURE))
		return false;
	carc__phantom_start(g);
	return true;
}

/* After the scoring of a turn: the crop-circle choice, if the tile just
 * placed shows a crop circle that affects a kind
 * (doc/users/rules.md#crop-action). */
static inline bool
carc__crop_begin(struct carc_game *g)
{
	if (carc__crop_kind(g) == 0)
		return false;
	carc__crop_start(g);
	return true;
}

#endif /* CARC_PRIVATE_H */
