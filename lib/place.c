/* SPDX-License-Identifier: MIT */
/*
 * The placement step (CARC_PHASE_PLACE_TILE, doc/users/rules.md#placement):
 * its listing, check and application (doc/contributors/internals.md).  The
 * listing is the hottest loop of a bot's game and is written for the branch
 * predictor; the board (board.c) does the placing.
 */
#include "config.h"

#include <string.h>

#include "carc-private.h"

/* The placements of positions @i to @nf - 1 one at a time, each
 * stored while there is room and counted always: the listing without
 * vectors, and its end when the buffer is nearly full. */
static uint32_t
list_rest(const uint32_t *key, const uint8_t *req, const uint8_t *fit,
	  size_t i, size_t nf, carc_move_t *moves, size_t n_moves, uint32_t n)
{
	for (; i < nf; i++) {
		uint32_t rots = fit[req[i]];
		carc_move_t base;

		if (!rots)
			continue;
		base = CARC_MOVE_PLACE |
		       (carc_move_t)(key[i] ^ 0x80008000u) << 32;
		for (uint32_t r = 0; r < 4; r++)
			if (rots & (1u << r))
				emit(moves, n_moves, &n,
				     base | (carc_move_t)r << 16);
	}
	return n;
}

#if HAVE_VECTOR_SIZE
/* For a 4-bit set of fitting rotations: the placements in ascending
 * order of rotation, their position's bits all 0 but x's and y's sign
 * bits, which are set, so that XORing a position's key (x and y with
 * their sign bits flipped) in the high half gives the moves; and how
 * many there are.  Rows of four moves, 32-byte aligned: the listing
 * XORs them in 16 bytes at a time.  Both are indexed by four times the
 * set (fit16()). */
#define R(r)                                                            \
	((carc_move_t)CARC_MOVE_PLACE | (carc_move_t)(r) << 16 |        \
	 (carc_move_t)0x80008000u << 32)
#define ROW(a, b, c, d) { (a), (b) }, { (c), (d) }
static _Alignas(32) const carc__v2u64 rot_seq[16 * 2] = {
	ROW(0, 0, 0, 0), ROW(R(0), 0, 0, 0), ROW(R(1), 0, 0, 0),
	ROW(R(0), R(1), 0, 0), ROW(R(2), 0, 0, 0), ROW(R(0), R(2), 0, 0),
	ROW(R(1), R(2), 0, 0), ROW(R(0), R(1), R(2), 0), ROW(R(3), 0, 0, 0),
	ROW(R(0), R(3), 0, 0), ROW(R(1), R(3), 0, 0),
	ROW(R(0), R(1), R(3), 0), ROW(R(2), R(3), 0, 0),
	ROW(R(0), R(2), R(3), 0), ROW(R(1), R(2), R(3), 0),
	ROW(R(0), R(1), R(2), R(3)),
};
#undef ROW
#undef R

static const uint8_t rot_count[16 * 4] = {
	0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0,
	1, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0,
	1, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0,
	2, 0, 0, 0, 3, 0, 0, 0, 3, 0, 0, 0, 4,
};
#endif

#if HAVE_VECTOR_SIZE
/* Stores at moves + @n the four rows of the rotations @r / 4 (a set,
 * times four) of the position whose key is at @key; returns n advanced
 * by the number of rotations. */
static inline size_t
put_rows(carc_move_t *moves, size_t n, const uint32_t *key, size_t r)
{
	/* the row of rotations r / 4, 32 bytes at 8r */
	const carc__v2u64 *row = (const carc__v2u64 *)(const void *)
				 ((const char *)rot_seq + 8 * r);
	/* reads key[1]: the key array has room for one more than the
	 * frontier's largest */
	carc__v2u64 b = carc__high2(key);
	carc__v2u64 lo = b ^ row[0], hi = b ^ row[1];

	memcpy(moves + n, &lo, sizeof(lo));
	memcpy(moves + n + 2, &hi, sizeof(hi));
	return n + rot_count[r];
}

/*
 * The placements of positions @i to @nf - 1 without a branch per
 * position: each writes the four rows of its fitting rotations, the
 * count advancing by their number, while four slots are free (the
 * listing of d7b20ca on the two arrays).  No loop over the set bits of
 * a mask: its end is a misprediction a vector of positions, which the
 * base game's small frontier does not pay back.  Returns the number of
 * moves; leaves in *@pi the position it stopped at.
 */
static inline size_t
list_cells(const uint32_t *key, const uint8_t *req, const uint8_t *fit,
	   size_t *pi, size_t nf, carc_move_t *moves, size_t n_moves,
	   size_t n)
{
	size_t i = *pi;

	while (i < nf && n + 4 <= n_moves) {
		/* positions that surely fit in the buffer, 4 moves each */
		size_t end = i + (n_moves - n) / 4;

		if (end > nf)
			end = nf;
		for (; i < end; i++)
			n = put_rows(moves, n, &key[i], 4u * fit[req[i]]);
	}
	*pi = i;
	return n;
}
#endif

#if HAVE_AVX2_TARGET && HAVE_VECTOR_SIZE
/* An AVX2 vector of 32 times byte @v. */
#define SET32(v) _mm256_set1_epi8((char)(v))

/* The rotations of the tile with edges @e (bit[r] = 4 << r, as in
 * fit16()) that fit each of the 32 open positions whose requirements
 * are at @req, times four: 0 where none fits. */
CARC_TARGET_AVX2 static inline __m256i
fit32(const uint8_t *req, const __m256i e[4], const __m256i bit[4])
{
	__m256i q = _mm256_loadu_si256((const __m256i *)(const void *)req);
	__m256i side = _mm256_and_si256(
		_mm256_or_si256(q, _mm256_srli_epi16(q, 1)), SET32(0x55));
	__m256i r4 = _mm256_setzero_si256();

	side = _mm256_or_si256(side, _mm256_add_epi8(side, side));
	for (uint32_t r = 0; r < 4; r++) {
		__m256i bad = _mm256_and_si256(_mm256_xor_si256(q, e[r]),
					       side);

		r4 = _mm256_or_si256(
			r4, _mm256_and_si256(
				    _mm256_cmpeq_epi8(bad,
						      _mm256_setzero_si256()),
				    bit[r]));
	}
	return r4;
}

/* Bit k set where byte k of @r4 is not 0 (adding 0x7c sets the top bit
 * of 4 to 60, never of 0). */
CARC_TARGET_AVX2 static inline uint32_t
fit32_mask(__m256i r4)
{
	return (uint32_t)_mm256_movemask_epi8(
		_mm256_add_epi8(r4, SET32(0x7c)));
}

/* Stores the four rows of the positions of mask @m (keys at @key, their
 * rotations times four in @rots) from moves + @n; returns the new n. */
#define EMIT_ROWS(m, ctz, key, rots, moves, n)                            \
	for (; (m); (m) &= (m) - 1) {                                     \
		size_t j = (uint32_t)ctz(m), r = (rots)[j];               \
		/* the key in the high half of the four lanes */          \
		__m256i k = _mm256_blend_epi32(                           \
			_mm256_setzero_si256(),                           \
			_mm256_set1_epi32((int)(key)[j]), 0xaa);          \
		__m256i row = _mm256_load_si256(                          \
			(const __m256i *)(const void *)                   \
			((const char *)rot_seq + 8 * r));                  \
                                                                          \
		_mm256_storeu_si256((__m256i *)(void *)((moves) + (n)),   \
				    _mm256_xor_si256(k, row));            \
		(n) += rot_count[r];                                      \
	}

/*
 * list_fitting()'s vector loop with AVX2, on a processor that has it
 * (carc_rules.avx2): the same test as fit16() (carc-private.h) on 32
 * positions a vector, and a position's four rows in one store.  Sixty-
 * four positions a step, two vectors: the loop over the fitting
 * positions of a step ends at a count no predictor foresees, so fewer,
 * longer steps mispredict less (a turn of all six expansions has about
 * 100 open positions: two steps instead of four of 32; the base game's
 * 33 to 63 one instead of two).  From position *@i (32 open positions
 * at least) while 256 slots are free, then 32 a step while 128 are;
 * returns the number of moves and leaves in *@i the position it
 * stopped at.
 */
CARC_TARGET_AVX2 static size_t
list32(const struct carc_game *g, carc_move_t *moves, size_t n_moves,
       size_t *pi)
{
	const uint32_t *key = g->front_key;
	const uint8_t *req = g->front_req;
	const uint8_t *edges = g->ti[g->s.hand].edges_rot;
	size_t nf = g->s.n_frontier, n = 0, i = *pi;
	__m256i e[4], bit[4];

	for (uint32_t r = 0; r < 4; r++) {
		e[r] = SET32(edges[r]);
		bit[r] = SET32(4u << r);
	}
	while (i < nf && n + 256 <= n_moves) {
		/* 64 positions from at, in two vectors from at and from
		 * hi; with fewer than 64 left the last 64, and with fewer
		 * than 64 in all (but 32 at least) the first 32 and the
		 * last 32, the positions where they overlap tested twice
		 * alike */
		size_t at = i + 64 <= nf ? i : nf >= 64 ? nf - 64 : 0;
		size_t hi = nf - at >= 64 ? at + 32 : nf - 32;
		__m256i r4lo = fit32(req + at, e, bit),
			r4hi = fit32(req + hi, e, bit);
		uint64_t m = ((uint64_t)fit32_mask(r4hi) << (hi - at) |
			      fit32_mask(r4lo)) &
			     (~UINT64_C(0) << (i - at));
		_Alignas(32) uint8_t rots[64];

		_mm256_store_si256((__m256i *)(void *)rots, r4lo);
		_mm256_storeu_si256((__m256i *)(void *)(rots + (hi - at)),
				    r4hi);
		EMIT_ROWS(m, carc__ctz64, key + at, rots, moves, n)
		i = hi + 32;
	}
	while (i < nf && n + 128 <= n_moves) {
		size_t at = i + 32 <= nf ? i : nf - 32;
		__m256i r4 = fit32(req + at, e, bit);
		uint32_t m = fit32_mask(r4) & (0xffffffffu << (i - at));
		_Alignas(32) uint8_t rots[32];

		_mm256_store_si256((__m256i *)(void *)rots, r4);
		EMIT_ROWS(m, carc__ctz32, key + at, rots, moves, n)
		i = at + 32;
	}
	*pi = i;
	return n;
}
#undef EMIT_ROWS
#undef SET32
#endif

#if HAVE_AVX512_TARGET && HAVE_AVX2_TARGET && HAVE_VECTOR_SIZE
/*
 * list_fitting()'s vector loop with AVX-512 (carc_rules.avx512).  Sixty-
 * four open positions a step: the rotations that fit are four masks of a
 * bit per position (fit32()'s test: a position fits rotation r where its
 * required sides and the edges differ nowhere); the keys and the rotation
 * sets of the positions where some rotation fits are packed to the front
 * of two small arrays, so that the loop that follows visits only those
 * (about half) and nothing tests a bit.  It takes them two at a time: one
 * vector holds both positions in the four rotations, in the listing's
 * order; a compress keeps the moves that fit, one store writes them at the
 * count, which advances by their number.  Loads past the frontier are
 * masked; a step writes within the 256 slots from the count it starts at.
 * From position *@pi while 256 slots are free; returns the number of
 * moves and leaves in *@pi the position it stopped at.
 */
CARC_TARGET_AVX512 static size_t
list64(const struct carc_game *g, carc_move_t *moves, size_t n_moves,
       size_t *pi)
{
#define R(r)                                                            \
	(long long)((carc_move_t)CARC_MOVE_PLACE | (carc_move_t)(r) << 16 | \
		    (carc_move_t)0x80008000u << 32)
	const uint32_t *key = g->front_key;
	const uint8_t *req = g->front_req;
	const uint8_t *edges = g->ti[g->s.hand].edges_rot;
	size_t nf = g->s.n_frontier, n = 0, i = *pi;
	/* the rotations of both positions of a pair; which of the pair's
	 * two keys goes to the high half of each lane */
	const __m512i rot = _mm512_set_epi64(R(3), R(2), R(1), R(0), R(3),
					     R(2), R(1), R(0));
	const __m512i from = _mm512_set_epi32(1, 0, 1, 0, 1, 0, 1, 0,
					      0, 0, 0, 0, 0, 0, 0, 0);
	__m512i e[4], bit[4];

	for (uint32_t r = 0; r < 4; r++) {
		e[r] = _mm512_set1_epi8((char)edges[r]);
		bit[r] = _mm512_set1_epi8((char)(1u << r));
	}
	while (i < nf && n + 256 <= n_moves) {
		size_t v = nf - i < 64 ? nf - i : 64, nfit = 0;
		__mmask64 valid = v == 64 ? ~(__mmask64)0
					  : ((__mmask64)1 << v) - 1, any = 0;
		__m512i q = _mm512_maskz_loadu_epi8(valid, req + i);
		__m512i side = _mm512_and_si512(
			_mm512_or_si512(q, _mm512_srli_epi16(q, 1)),
			_mm512_set1_epi8(0x55));
		__m512i rots = _mm512_setzero_si512(), pair;
		/* one more key than positions: a pair's second may be past
		 * the last, its rotations none */
		uint32_t fk[64 + 1];
		_Alignas(32) uint8_t pm[32];

		side = _mm512_or_si512(side, _mm512_add_epi8(side, side));
		for (uint32_t r = 0; r < 4; r++) {
			__mmask64 k = _mm512_mask_testn_epi8_mask(
				valid, _mm512_xor_si512(q, e[r]), side);

			any |= k;
			rots = _mm512_or_si512(
				rots, _mm512_maskz_mov_epi8(k, bit[r]));
		}
		/* the fitting positions' keys, sixteen at a time */
		for (size_t at = 0; at < v; at += 16) {
			__mmask16 f = (__mmask16)(any >> at);

			_mm512_storeu_si512(
				(void *)(fk + nfit),
				_mm512_maskz_compress_epi32(
					f, _mm512_maskz_loadu_epi32(
						   (__mmask16)(valid >> at),
						   key + i + at)));
			nfit += (uint32_t)__builtin_popcount(f);
		}
		/* their rotation sets, and per pair of them (a 16-bit lane)
		 * the first's four bits, then the second's */
		rots = _mm512_maskz_compress_epi8(any, rots);
		pair = _mm512_or_si512(rots, _mm512_srli_epi16(rots, 4));
		_mm256_store_si256((__m256i *)(void *)pm,
				   _mm512_cvtepi16_epi8(pair));
		for (size_t j = 0; j < nfit; j += 2) {
			uint32_t m = pm[j / 2];
			__m512i k = _mm512_maskz_permutexvar_epi32(
				0xaaaa, from,
				_mm512_castsi128_si512(_mm_loadl_epi64(
					(const __m128i *)(const void *)(fk + j))));

			_mm512_storeu_si512(
				(void *)(moves + n),
				_mm512_maskz_compress_epi64(
					(__mmask8)m, _mm512_xor_si512(k, rot)));
			n += (uint32_t)__builtin_popcount(m);
		}
		i += v;
	}
	*pi = i;
	return n;
#undef R
}
#endif

/*
 * Placements of the tile in hand, by (y, x, rotation).
 *
 * Sixteen open positions at a time: fit16() gives the rotations that fit
 * each, and only the positions where some rotation fits are visited (a
 * loop over the set bits of a mask; in a game of all six expansions a
 * little less than half of them fit), each writing all four rows of its
 * rotations while only the count advances by the number that fit
 * (documented: entries past the returned count are unspecified).  The
 * last sixteen overlap the ones before rather than read past the end.
 * A small frontier takes list_cells(), a nearly full buffer and
 * compilers without vectors list_rest().
 */
static inline uint32_t
list_fitting(const struct carc_game *g, carc_move_t *moves, size_t n_moves)
{
	const uint8_t *fit = g->rules->fit[g->s.hand];
	/* local copies: the stores to @moves could alias the game */
	const uint32_t *key = g->front_key;
	const uint8_t *req = g->front_req;
	/* size_t, not uint32_t: an index of 32 bits is widened again at
	 * every store */
	size_t nf = g->s.n_frontier, n = 0, i = 0;

#if HAVE_VECTOR_SIZE
	/* a small frontier (the base game's) goes faster without
	 * vectors of positions: below 32 with AVX2 (one vector), below
	 * 64 with SSE2 (performance.md, "The base game's time"); the
	 * AVX-512 loop, which tests no bit of a mask, is faster at every
	 * size */
	size_t small = 64;

#if HAVE_AVX2_TARGET
	if (g->rules->avx2)
		small = 32;
#endif
#if HAVE_AVX512_TARGET && HAVE_AVX2_TARGET
	if (g->rules->avx512)
		small = 0;
#endif
	if (nf < small) {
		n = list_cells(key, req, fit, &i, nf, moves, n_moves, n);
		return list_rest(key, req, fit, i, nf, moves, n_moves,
				 (uint32_t)n);
	}
#endif
#if HAVE_AVX512_TARGET && HAVE_AVX2_TARGET && HAVE_VECTOR_SIZE
	if (g->rules->avx512)
		n = list64(g, moves, n_moves, &i);
	else
#endif
#if HAVE_AVX2_TARGET && HAVE_VECTOR_SIZE
	if (nf >= 32 && g->rules->avx2)
		n = list32(g, moves, n_moves, &i);
#endif
#if HAVE_VECTOR_SIZE
	if (nf >= 16 && i < nf) {
		struct fit16 e;

		fit16_init(&e, &g->ti[g->s.hand]);
		/* sixteen positions write at most 64 moves */
		while (i < nf && n + 64 <= n_moves) {
			size_t at = i + 16 <= nf ? i : nf - 16;
			carc__v16u8 r4 = fit16(&e, req + at);
			uint32_t m = fit16_any(r4) & (0xffffu << (i - at));
			const uint32_t *keys = key + at;
			uint8_t rots[16];

			memcpy(rots, &r4, sizeof(rots));
			for (; m; m &= m - 1) {
				size_t j = (uint32_t)carc__ctz32(m);

				n = put_rows(moves, n, &keys[j], rots[j]);
			}
			i = at + 16;
		}
	}
#endif
	return list_rest(key, req, fit, i, nf, moves, n_moves, (uint32_t)n);
}

/* list_fitting() on open positions @from to @to - 1 alone, after the
 * @n moves listed already (counted always, stored while there is room):
 * the river's listing of a tile that is not a river tile (river.c).  It
 * lists on a copy of the handle whose frontier is that part of the
 * game's: the listing reads only the frontier, the hand and the rules,
 * and the copy (some 700 bytes) costs less than the parameters a part
 * would take, which cost the base game's listing about 0.1% of its
 * instructions. */
uint32_t
carc__place_list_part(const struct carc_game *g, uint32_t from, uint32_t to,
		      carc_move_t *moves, size_t n_moves, uint32_t n)
{
	struct carc_game part = *g;
	size_t at = n < n_moves ? n : n_moves;

	part.front_key += from;
	part.front_req += from;
	part.s.n_frontier = to - from;
	/* no room left: no pointer either, since @moves may be NULL (a
	 * count alone), which no offset may be added to */
	if (at == n_moves)
		return n + list_fitting(&part, NULL, 0);
	return n + list_fitting(&part, moves + at, n_moves - at);
}

/* Placements of the tile in hand, by (y, x, rotation). */
uint32_t
carc__place_list(const struct carc_game *g, carc_move_t *moves,
		 size_t n_moves)
{
	if (g->s.river_mode)
		return carc__river_place_list(g, moves, n_moves);
	return list_fitting(g, moves, n_moves);
}

uint32_t
carc__place_list_base(const struct carc_game *g, carc_move_t *moves,
		      size_t n_moves)
{
	return list_fitting(g, moves, n_moves);
}

int
carc__place_check(const struct carc_game *g, carc_move_t m,
		  struct place_hint *h)
{
	if (M_KIND(m) != CARC_MOVE_PLACE)
		return CARC_E_WRONG_PHASE;
	if (g->s.river_mode)
		return carc__river_check(g, m, h);
	return carc__board_check_place(g, M_X(m), M_Y(m), M_ROT(m), g->s.hand,
				       h);
}

int
carc__place_check_base(const struct carc_game *g, carc_move_t m,
		       struct place_hint *h)
{
	if (M_KIND(m) != CARC_MOVE_PLACE)
		return CARC_E_WRONG_PHASE;
	return carc__board_check_place(g, M_X(m), M_Y(m), M_ROT(m), g->s.hand,
				       h);
}

/* The expansions' business with the tile just placed: the river's new
 * open end, the builder's second tile. */
static void
placed_hooks(struct carc_game *g)
{
	/* a river tile is placed only in the river's mode: after the lake
	 * one byte says no */
	if (g->s.river_mode && g->ti[g->s.hand].river_rot[0] != 0)
		carc__river_placed(g, g->s.last_tile);
	/* Traders & Builders: the builder's second tile is due? */
	if ((g->ext & EXT_TB) && g->s.builder[g->s.player] != NODE_NONE)
		carc__traders_placed(g);
}

static inline void
place(struct carc_game *g, carc_move_t m, const struct place_hint *h,
      bool hooks)
{
	carc__board_place(g, M_X(m), M_Y(m), M_ROT(m), g->s.hand, h);
	g->s.last_tile = g->s.n_tiles - 1;
	if (hooks && (g->ext & (EXT_RIVER | EXT_TB)))
		placed_hooks(g);
	carc__deploy_mask(g);
	g->s.phase = CARC_PHASE_DEPLOY;
}

void
carc__place_apply(struct carc_game *g, carc_move_t m, uint32_t node,
		  const struct place_hint *h)
{
	(void)node;
	place(g, m, h, true);
}

void
carc__place_apply_base(struct carc_game *g, carc_move_t m, uint32_t node,
		       const struct place_hint *h)
{
	(void)node;
	place(g, m, h, false);
}
