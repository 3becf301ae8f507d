/* SPDX-License-Identifier: MIT */
/*
 * Compiler portability: every compiler builtin, attribute and extension
 * the library uses goes through this header, each with a plain C11
 * fallback.
 *
 * The HAVE_* values come from config.h: meson tests the compiler for
 * each feature; `meson setup -Dportable=true` sets those that change the
 * generated code to 0 (and CARC_PORTABLE to 1) and compiles with
 * -pedantic-errors, so the fallbacks are built and tested with GCC and
 * Clang as well (tools/setup-and-test.sh, stage 'portable').  The
 * fallbacks give the same results as the fast paths, only more slowly.
 *
 * Included by carc-private.h; the names are private (carc__, CARC_).
 */
#ifndef CARC_COMPAT_H
#define CARC_COMPAT_H

#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* Symbol visibility is part of how the shared library is linked, not of
 * the language, so the portable build keeps it where the compiler has
 * it; without it, every extern symbol is visible and the version script
 * alone decides what is exported. */
#if HAVE_FUNC_ATTRIBUTE_VISIBILITY
#define CARC_EXPORT __attribute__((visibility("default")))
#else
#define CARC_EXPORT
#endif

/* printf-style argument checking: diagnostics only. */
#if HAVE_FUNC_ATTRIBUTE_FORMAT
#define CARC_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define CARC_PRINTF(fmt, args)
#endif

/* The index of the lowest set bit of x, which must not be 0. */
static inline int
carc__ctz32(uint32_t x)
{
#if HAVE_BUILTIN_CTZ
	return __builtin_ctz(x);
#else
	/* x & -x keeps the lowest set bit; multiplying by a de Bruijn
	 * sequence puts a distinct 5-bit pattern in the top bits */
	static const uint8_t pos[32] = {
		0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
		31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9,
	};

	return pos[((x & (0u - x)) * 0x077CB531u) >> 27];
#endif
}

/* The same for 64 bits. */
static inline int
carc__ctz64(uint64_t x)
{
#if HAVE_BUILTIN_CTZLL
	return __builtin_ctzll(x);
#else
	uint32_t lo = (uint32_t)x;

	return lo ? carc__ctz32(lo) : 32 + carc__ctz32((uint32_t)(x >> 32));
#endif
}

/* Two 64-bit lanes in one 16-byte vector (GCC and Clang extension), for
 * the placement listing (place.c), which has a plain loop for compilers
 * without it. */
#if HAVE_VECTOR_SIZE
typedef uint64_t carc__v2u64 __attribute__((vector_size(16)));
/* Sixteen bytes, and four 32-bit lanes, in one vector: the placement
 * listing tests sixteen open positions at once (carc-private.h,
 * fit16()); without the extension it takes them one at a time. */
typedef uint8_t carc__v16u8 __attribute__((vector_size(16)));
typedef uint16_t carc__v8u16 __attribute__((vector_size(16)));
typedef uint32_t carc__v4u32 __attribute__((vector_size(16)));

#if HAVE_SSE2
#include <emmintrin.h>
#endif

/* *@p in the high half of both 64-bit lanes, the low halves 0.  Reads
 * p[1] too (whatever it holds; it must be readable): with SSE2 one 8-byte
 * load and one shuffle. */
static inline carc__v2u64
carc__high2(const uint32_t *p)
{
#if HAVE_SSE2
	__m128i v = _mm_loadl_epi64((const __m128i *)(const void *)p);

	/* lanes (p[0], p[1], 0, 0) to (0, p[0], 0, p[0]) */
	return (carc__v2u64)_mm_shuffle_epi32(v, _MM_SHUFFLE(0, 2, 0, 2));
#else
	uint64_t k = (uint64_t)p[0] << 32;
	carc__v2u64 v = { k, k };

	return v;
#endif
}

/* Bit k set when byte k of @v has its top bit set: one instruction with
 * SSE2, else a multiplication per half gathers the bits. */
static inline uint32_t
carc__movemask16(carc__v16u8 v)
{
#if HAVE_SSE2
	return (uint32_t)_mm_movemask_epi8((__m128i)v);
#else
	uint64_t h[2];
	uint32_t m = 0;

	memcpy(h, &v, sizeof(h));
	for (int k = 0; k < 2; k++) {
		/* byte i's top bit as bit 8i, then each bit i moved to bit
		 * 56 + i by the product (no two partial products meet) */
		uint64_t b = (h[k] >> 7) & 0x0101010101010101ull;

		m |= (uint32_t)((b * 0x0102040810204080ull) >> 56) << (8 * k);
	}
	return m;
#endif
}
#endif

/* Whether the processor runs the AVX2 listing (place.c; with BMI1's
 * bit instructions, which every processor with AVX2 has): never without
 * the compiler's support, nor with the environment variable
 * CARC_NO_AVX2 set (to measure and test the SSE2 listing on a machine
 * with AVX2).  Asked once per rules object (rules.c). */
#if HAVE_AVX2_TARGET
#include <immintrin.h>
#include <stdlib.h>
#define CARC_TARGET_AVX2 __attribute__((target("avx2,bmi")))
#endif

static inline bool
carc__cpu_avx2(void)
{
#if HAVE_AVX2_TARGET
	const char *off = getenv("CARC_NO_AVX2");

	return __builtin_cpu_supports("avx2") &&
	       __builtin_cpu_supports("bmi") && !(off && *off);
#else
	return false;
#endif
}

/* Whether the processor runs the AVX-512 listing (place.c: AVX-512 F, BW,
 * VL and VBMI2, whose cpuid bits the compiler's runtime reports only where the
 * system saves the vector state): never without the compiler's support,
 * nor with CARC_NO_AVX512 set (to test the AVX2 listing on a machine with
 * AVX-512), nor where carc__cpu_avx2() says no.  Asked once per rules
 * object (rules.c). */
#if HAVE_AVX512_TARGET
#define CARC_TARGET_AVX512                                              \
	__attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi2,"     \
			      "bmi,popcnt")))
#endif

static inline bool
carc__cpu_avx512(void)
{
#if HAVE_AVX512_TARGET && HAVE_AVX2_TARGET
	const char *off = getenv("CARC_NO_AVX512");

	return carc__cpu_avx2() && __builtin_cpu_supports("avx512f") &&
	       __builtin_cpu_supports("avx512bw") &&
	       __builtin_cpu_supports("avx512vl") &&
	       __builtin_cpu_supports("avx512vbmi2") &&
	       __builtin_cpu_supports("popcnt") && !(off && *off);
#else
	return false;
#endif
}

/* Whether the processor has AVX2, for code that gives the same results
 * with it or without (the shuffle, carc-private.h): a bit of the
 * processor's model, without the environment, asked at every call. */
static inline bool
carc__cpu_has_avx2(void)
{
#if HAVE_AVX2_TARGET
	return __builtin_cpu_supports("avx2");
#else
	return false;
#endif
}

/*
 * Reference counts shared between threads: C11 atomics, or a POSIX mutex
 * per count where the compiler has no <stdatomic.h> (tcc 0.9.27 lacks
 * the header without defining __STDC_NO_ATOMICS__).
 *
 * carc__refcount_init() returns 0, or -1 if the count could not be set
 * up; carc__refcount_dec() returns true when the count reached 0, after
 * which carc__refcount_fini() releases it.
 */
#if defined(__STDC_NO_ATOMICS__) || defined(__TINYC__)
#include <pthread.h>

typedef struct {
	pthread_mutex_t lock;
	int n;
} carc__refcount;

static inline int
carc__refcount_init(carc__refcount *r, int n)
{
	r->n = n;
	return pthread_mutex_init(&r->lock, NULL) == 0 ? 0 : -1;
}

static inline void
carc__refcount_fini(carc__refcount *r)
{
	pthread_mutex_destroy(&r->lock);
}

static inline void
carc__refcount_inc(carc__refcount *r)
{
	pthread_mutex_lock(&r->lock);
	r->n++;
	pthread_mutex_unlock(&r->lock);
}

static inline bool
carc__refcount_dec(carc__refcount *r)
{
	int n;

	pthread_mutex_lock(&r->lock);
	n = --r->n;
	pthread_mutex_unlock(&r->lock);
	return n == 0;
}
#else
#include <stdatomic.h>

typedef atomic_int carc__refcount;

static inline int
carc__refcount_init(carc__refcount *r, int n)
{
	atomic_init(r, n);
	return 0;
}

static inline void
carc__refcount_fini(carc__refcount *r)
{
	(void)r;
}

static inline void
carc__refcount_inc(carc__refcount *r)
{
	atomic_fetch_add_explicit(r, 1, memory_order_relaxed);
}

static inline bool
carc__refcount_dec(carc__refcount *r)
{
	return atomic_fetch_sub_explicit(r, 1, memory_order_acq_rel) == 1;
}
#endif

#endif /* CARC_COMPAT_H */
