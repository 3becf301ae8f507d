/* SPDX-License-Identifier: MIT */
/*
 * Allocation failures, injected without touching the library: the test
 * links the static archive with -Wl,--wrap=malloc (and calloc, realloc,
 * free), so every allocation of the library goes through the wrappers
 * below.  They count live blocks and can fail the n-th allocation.
 *
 * Check itself is a static archive on some systems (libcheck_pic.a), so
 * its allocations go through the wrappers too: they count and fail only
 * while armed, which is during the library calls that allocate
 * (builder_new, builder_build, game_new, game_clone, game_copy,
 * game_save and game_load: the only callers of malloc, calloc and
 * realloc in lib/; since 0.3 also carc_game_playout() and
 * carc_bot_choose() of the search layer, lib/search/; since 0.4
 * carc_jcz_import() and carc_jcz_export(), lib/jcz/, and
 * carc_game_render_svg(), lib/picture/).  Frees are matched against
 * the blocks allocated while armed, whenever they happen.
 *
 * Each scenario runs again and again with n = 1, 2, 3, ... failing, until
 * a run makes no allocation fail (n is past the last one).  In every run
 * a call during which an allocation failed must return CARC_E_NOMEM and
 * nothing else may, its outputs and the objects it was given must be as
 * before, the objects must stay usable, and at the end of the run every
 * block must have been freed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include <carcassonne/carcassonne-version.h>	/* CARC_HAVE_* */
#include <carcassonne/search.h>
#include <carcassonne/learn.h>
#include <carcassonne/jcz.h>

#include "test-common.h"
#if CARC_HAVE_JCZ
#include "jcz/json.h"	/* internal: the JCloisterZone layer's JSON */
#endif

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void __real_free(void *p);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
void __wrap_free(void *p);

#define MAX_LIVE 4096

static struct {
	int armed;		/* inside a library call */
	unsigned long count;	/* allocations so far */
	unsigned long fail_nth;	/* 0: never fail */
	unsigned long failures;	/* allocations made to fail */
	void *live[MAX_LIVE];
	int n_live;
} mem;

static void
track(void *p)
{
	if (!mem.armed)
		return;
	if (mem.n_live == MAX_LIVE)
		abort();	/* no ck_assert: this may run inside Check */
	mem.live[mem.n_live++] = p;
}

/* Forget @p; 0 if it was not one of ours. */
static int
untrack(void *p)
{
	for (int i = mem.n_live - 1; i >= 0; i--)
		if (mem.live[i] == p) {
			mem.live[i] = mem.live[--mem.n_live];
			return 1;
		}
	return 0;
}

static int
should_fail(void)
{
	if (!mem.armed)
		return 0;
	if (++mem.count != mem.fail_nth)
		return 0;
	mem.failures++;
	return 1;
}

void *
__wrap_malloc(size_t size)
{
	void *p;

	if (should_fail())
		return NULL;
	p = __real_malloc(size);
	if (p)
		track(p);
	return p;
}

void *
__wrap_calloc(size_t n, size_t size)
{
	void *p;

	if (should_fail())
		return NULL;
	p = __real_calloc(n, size);
	if (p)
		track(p);
	return p;
}

void *
__wrap_realloc(void *old, size_t size)
{
	void *p;

	if (should_fail())
		return NULL;	/* @old stays valid, as realloc promises */
	p = __real_realloc(old, size);
	if (p) {
		if (old)
			untrack(old);
		track(p);
	}
	return p;
}

void
__wrap_free(void *p)
{
	if (p)
		untrack(p);
	__real_free(p);
}

/* CARC_TEST_QUICK, set by the valgrind test setup. */
static int
quick(void)
{
	static int q = -1;

	if (q < 0) {
		const char *v = getenv("CARC_TEST_QUICK");

		q = v && *v && strcmp(v, "0") != 0;
	}
	return q;
}

/* Call @expr_ into @rc_: CARC_E_NOMEM exactly when an allocation failed
 * during the call. */
#define CALL(rc_, expr_)                                                   \
	do {                                                               \
		unsigned long f0__ = mem.failures;                         \
		mem.armed = 1;                                             \
		(rc_) = (expr_);                                           \
		mem.armed = 0;                                             \
		ck_assert_msg(((rc_) == CARC_E_NOMEM) ==                   \
			      (mem.failures != f0__),                      \
			      "%s: %d (%s) with %lu failed allocations",   \
			      #expr_, (rc_), carc_strerror(rc_),           \
			      mem.failures - f0__);                        \
	} while (0)

/* Retry until OK; a NOMEM must leave @out_ as it was. */
static struct carc_rules_builder *
builder_new(void)
{
	struct carc_rules_builder *b = (void *)&mem;
	int rc;

	for (;;) {
		CALL(rc, carc_rules_builder_new(&b));
		if (rc == CARC_OK)
			return b;
		assert_status_eq(rc, CARC_E_NOMEM);
		ck_assert(b == (void *)&mem);
	}
}

static struct carc_rules *
build(const struct carc_rules_builder *b)
{
	struct carc_rules *r = (void *)&mem;
	int rc;

	for (;;) {
		CALL(rc, carc_rules_builder_build(b, &r));
		if (rc == CARC_OK)
			return r;
		assert_status_eq(rc, CARC_E_NOMEM);
		ck_assert(r == (void *)&mem);
	}
}

static struct carc_game *
game_new(const struct carc_rules *rules, uint32_t n, uint64_t seed)
{
	struct carc_game *g = (void *)&mem;
	int rc;

	for (;;) {
		CALL(rc, carc_game_new(rules, n, seed, &g));
		if (rc == CARC_OK)
			return g;
		assert_status_eq(rc, CARC_E_NOMEM);
		ck_assert(g == (void *)&mem);
	}
}

/* A clone, or NULL when the allocation failed (the source unchanged). */
static struct carc_game *
try_clone(const struct carc_game *g)
{
	struct carc_game *c = (void *)&mem;
	uint64_t h = carc_game_hash(g);
	int rc;

	CALL(rc, carc_game_clone(g, &c));
	ck_assert(carc_game_hash(g) == h);
	if (rc == CARC_E_NOMEM) {
		ck_assert(c == (void *)&mem);
		return NULL;
	}
	assert_ok(rc);
	ck_assert(carc_game_hash(c) == h);
	return c;
}

/* Copy @src into @dst; on failure @dst must be untouched and usable. */
static void
try_copy(struct carc_game *dst, const struct carc_game *src)
{
	uint64_t hd = carc_game_hash(dst), hs = carc_game_hash(src);
	const struct carc_rules *rd = carc_game_rules(dst);
	int rc, phase = carc_game_phase(dst);
	int tiles = carc_game_tile_count(dst);

	CALL(rc, carc_game_copy(dst, src));
	ck_assert(carc_game_hash(src) == hs);
	if (rc == CARC_OK) {
		ck_assert(carc_game_hash(dst) == hs);
		ck_assert(carc_game_rules(dst) == carc_game_rules(src));
		return;
	}
	assert_status_eq(rc, CARC_E_NOMEM);
	ck_assert(carc_game_hash(dst) == hd);
	ck_assert(carc_game_rules(dst) == rd);
	ck_assert_int_eq(carc_game_phase(dst), phase);
	ck_assert_int_eq(carc_game_tile_count(dst), tiles);
	/* still playable: every query walks its memory */
	for (int i = 0; i < tiles; i++) {
		int32_t x, y;

		assert_ok(carc_game_tile_at(dst, (uint32_t)i, &x, &y, NULL,
					    NULL));
		ck_assert_int_eq(carc_game_tile_find(dst, x, y), i);
	}
	ck_assert_int_ge(carc_game_legal_moves(dst, NULL, 0), 0);
}

/* Undo the last move of @g; on failure @g must be untouched. */
static void
try_undo(struct carc_game *g)
{
	uint64_t h = carc_game_hash(g);
	int n = carc_game_history_count(g), rc;

	CALL(rc, carc_game_undo(g));
	if (rc == CARC_OK) {
		ck_assert_int_eq(carc_game_history_count(g), n - 1);
		return;
	}
	assert_status_eq(rc, CARC_E_NOMEM);
	ck_assert(carc_game_hash(g) == h);
	ck_assert_int_eq(carc_game_history_count(g), n);
}

/* Save @g and load the record; NOMEM from either leaves nothing. */
static void
save_and_load(const struct carc_game *g)
{
	struct carc_game *l = (void *)&mem;
	char *text;
	int len, rc;

	CALL(len, carc_game_save(g, NULL, 0));
	if (len == CARC_E_NOMEM)
		return;
	ck_assert_int_gt(len, 0);
	text = malloc((size_t)len + 1);
	ck_assert_ptr_nonnull(text);
	CALL(rc, carc_game_save(g, text, (size_t)len + 1));
	if (rc == CARC_E_NOMEM) {
		free(text);
		return;
	}
	ck_assert_int_eq(rc, len);
	CALL(rc, carc_game_load(text, (size_t)len, &l, NULL, NULL, NULL, 0));
	if (rc == CARC_OK) {
		ck_assert(carc_game_hash(l) == carc_game_hash(g));
		carc_game_free(l);
	} else {
		assert_status_eq(rc, CARC_E_NOMEM);
		ck_assert(l == (void *)&mem);
	}
	free(text);
}

static void
play_one(struct carc_game *g, uint64_t *rng)
{
	carc_move_t moves[1024];
	int n = carc_game_legal_moves(g, moves, 1024);

	ck_assert_int_gt(n, 0);
	ck_assert_int_le(n, 1024);
	assert_ok(carc_game_apply(g, moves[test_rand(rng) % (uint64_t)n]));
}

/* Run @scenario with the n-th allocation failing, n = 1, 2, ..., until a
 * run fails none; check for leaks after each run. */
static void
each_failure(const char *name, void (*scenario)(void),
	     unsigned long max_runs)
{
	unsigned long n;

	if (quick()) {
		/* a run without failures first: search_calls() counts the
		 * allocations of each search (skip_search()) */
		mem.count = 0;
		mem.failures = 0;
		mem.fail_nth = 0;
		mem.n_live = 0;
		scenario();
		ck_assert_int_eq(mem.n_live, 0);
	}
	for (n = 1; n <= max_runs; n++) {
		mem.count = 0;
		mem.failures = 0;
		mem.fail_nth = n;
		mem.n_live = 0;
		scenario();
		mem.fail_nth = 0;
		ck_assert_msg(mem.n_live == 0,
			      "allocation %lu failing: %d block(s) leaked", n,
			      mem.n_live);
		if (mem.failures == 0) {
			printf("%s: %lu allocation(s) failed in turn\n", name,
			       n - 1);
			return;
		}
	}
	ck_abort_msg("more than %lu allocations", max_runs);
}

/* Builder, rules, games, clone and copy, each step once. */
static void
lifecycle(void)
{
	struct carc_rules_builder *b = builder_new();
	struct carc_rules *big, *small;
	struct carc_game *g, *s, *c;
	uint64_t rng = 3;

	assert_ok(carc_rules_builder_set(b, CARC_OPT_PHANTOM, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_I, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_LITTLE_BUILDINGS, 1));
	big = build(b);
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		assert_ok(carc_rules_builder_set_tile_count(b, t, t % 3));
	small = build(b);
	carc_rules_builder_free(b);

	g = game_new(big, 3, 11);
	s = game_new(small, 2, 12);
	/* the games hold their own references */
	carc_rules_unref(big);
	for (int i = 0; i < 6; i++)
		play_one(g, &rng);
	try_undo(g);
	play_one(g, &rng);
	c = try_clone(g);
	if (c)
		play_one(c, &rng);

	/* bigger into smaller, then smaller into bigger */
	try_copy(s, g);
	if (c) {
		struct carc_game *s2 = game_new(small, 4, 13);

		try_copy(c, s2);
		try_copy(s2, c);
		carc_game_free(s2);
	}
	play_one(s, &rng);
	play_one(g, &rng);
	save_and_load(g);
	carc_rules_unref(small);
	carc_game_free(c);
	carc_game_free(s);
	carc_game_free(g);
}

/* A whole game, with a clone and a copy between rules of two sizes at
 * every decision. */
static void
full_game(void)
{
	struct carc_rules_builder *b = builder_new();
	struct carc_rules *rules, *other;
	struct carc_game *g, *spare;
	uint64_t rng = 5;
	int turn = 0;

	assert_ok(carc_rules_builder_set(b, CARC_OPT_PHANTOM, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_II, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_LITTLE_BUILDINGS, 1));
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		assert_ok(carc_rules_builder_set_tile_count(b, t, t % 2));
	rules = build(b);
	assert_ok(carc_rules_builder_set_tile_count(b, CARC_TILE_B, 9));
	other = build(b);
	carc_rules_builder_free(b);

	g = game_new(rules, 4, 99);
	spare = game_new(other, 2, 98);
	while (!carc_game_is_over(g)) {
		struct carc_game *c = try_clone(g);

		carc_game_free(c);
		try_copy(spare, g);
		if (turn++ % 5 == 0) {
			/* back to the other size */
			carc_game_free(spare);
			spare = game_new(other, 2, (uint64_t)turn);
		}
		play_one(g, &rng);
	}
	ck_assert_int_eq(carc_game_remaining_total(g), 0);
	carc_game_free(spare);
	carc_game_free(g);
	carc_rules_unref(rules);
	carc_rules_unref(other);
}

#if CARC_HAVE_SEARCH
/*
 * Under valgrind (quick) search_calls() runs only the search in which the
 * allocation made to fail falls.  A search whose allocations all come
 * before it, or any search after it, would only repeat the run without
 * failures (the searches leave the game as it was), so it is skipped, its
 * allocations counted as made: each_failure() makes a run without
 * failures first, which records how many each search makes.  Every
 * allocation still fails in turn, in the search that makes it.  Every
 * other build runs all the searches in every run, so a failure that
 * spoils a later call is caught there, under AddressSanitizer too.
 */
struct search_count {
	int known;
	unsigned long allocs;
};

/* Whether to skip the search counted in *c. */
static int
skip_search(struct search_count *c)
{
	if (!quick())
		return 0;
	if (mem.failures > 0)
		return 1;
	if (mem.fail_nth == 0 || !c->known ||
	    mem.fail_nth <= mem.count + c->allocs)
		return 0;
	mem.count += c->allocs;
	return 1;
}

/* Evaluations of the Star2.5 bot in search_calls(). */
#define STAR_EVALS 3000

/* The search layer (lib/search/): a playout and each bot, at a placement
 * and at the deployment after it (where the search takes the turn back
 * with carc_game_undo() to forget the stack's order); one thread, as the
 * wrappers count without locks. */
static void
search_calls(void)
{
	struct carc_rules_builder *b = builder_new();
	struct carc_rules *rules;
	struct carc_game *g;
	uint64_t rng = 7;

	assert_ok(carc_rules_builder_set(b, CARC_OPT_PHANTOM, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_LITTLE_BUILDINGS, 1));
	rules = build(b);
	carc_rules_builder_free(b);
	g = game_new(rules, 2, 17);
	for (int i = 0; i < 6; i++)
		play_one(g, &rng);
	for (int step = 0; step < 2; step++) {
		uint64_t hash = carc_game_hash(g);
		int32_t scores[2] = { -1, -1 };
		int rc;

		CALL(rc, carc_game_playout(g, 3, 0, scores, 2));
		if (rc == CARC_E_NOMEM) {
			ck_assert_int_eq(scores[0], -1);
			ck_assert_int_eq(scores[1], -1);
		} else {
			ck_assert_int_eq(rc, 2);
		}
		for (uint32_t kind = CARC_BOT_RANDOM;
		     kind <= CARC_BOT_MCTS_RAVE; kind++) {
			static struct search_count counts[2][CARC_BOT_MCTS_RAVE + 1];
			struct search_count *c = &counts[step][kind];
			struct carc_bot_options o;
			struct carc_bot_stats st;
			carc_move_t m = 1;
			unsigned long count0 = mem.count, failures0 = mem.failures;

			if (skip_search(c))
				continue;

			memset(&o, 0, sizeof(o));
			o.size = sizeof(o);
			o.kind = kind;
			/* Star2.5 counts evaluations: enough for a search
			 * three turns deep, with its chance nodes */
			o.playouts = kind == CARC_BOT_STAR25 ? STAR_EVALS : 12;
			memset(&st, 0, sizeof(st));
			st.size = sizeof(st);
			CALL(rc, carc_bot_choose(g, &o, &m, &st));
			if (mem.failures == failures0) {
				c->known = 1;
				c->allocs = mem.count - count0;
			}
			if (rc == CARC_E_NOMEM) {
				ck_assert(m == 1);
				ck_assert_int_eq(st.moves, 0);
			} else {
				assert_ok(rc);
				ck_assert_int_eq(carc_game_is_legal(g, m), 1);
			}
		}
		ck_assert(carc_game_hash(g) == hash);
		/* to the deployment (or whatever follows the placement) */
		while (carc_game_phase(g) != CARC_PHASE_PLACE_TILE)
			play_one(g, &rng);
		play_one(g, &rng);
	}
	carc_game_free(g);
	carc_rules_unref(rules);
}

/* Star2.5 through the end of a game of three tiles (its probes and chance
 * nodes at every depth), and a playout of a stack of more than 128
 * tiles: the same results as without failures, or NOMEM
 * with nothing written. */
static void
search_deep_calls(void)
{
	struct carc_game *g = make_scenario("EUK", 0);
	struct carc_rules_builder *b;
	struct carc_rules *rules;
	struct carc_bot_options o;
	carc_move_t m = 1;
	/* the move without failures: the first run's, which every run
	 * after it must find again */
	static carc_move_t want = CARC_MOVE_NONE;
	int32_t scores[2] = { -1, -1 }, want_scores[2];
	uint64_t hash = carc_game_hash(g);
	int rc;

	memset(&o, 0, sizeof(o));
	o.size = sizeof(o);
	o.kind = CARC_BOT_STAR25;
	if (want == CARC_MOVE_NONE)
		assert_ok(carc_bot_choose(g, &o, &want, NULL));
	CALL(rc, carc_bot_choose(g, &o, &m, NULL));
	if (rc == CARC_E_NOMEM) {
		ck_assert(m == 1);
	} else {
		assert_ok(rc);
		ck_assert(m == want);
	}
	ck_assert(carc_game_hash(g) == hash);
	carc_game_free(g);

	assert_ok(carc_rules_builder_new(&b));
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		assert_ok(carc_rules_builder_set_tile_count(b, t, 6));
	assert_ok(carc_rules_builder_build(b, &rules));
	carc_rules_builder_free(b);
	g = make_game(rules, 2, 3);
	carc_rules_unref(rules);
	ck_assert_int_gt(carc_game_remaining_total(g), 128);
	ck_assert_int_eq(carc_game_playout(g, 5, 0, want_scores, 2), 2);
	CALL(rc, carc_game_playout(g, 5, 0, scores, 2));
	if (rc == CARC_E_NOMEM) {
		ck_assert_int_eq(scores[0], -1);
		ck_assert_int_eq(scores[1], -1);
	} else {
		ck_assert_int_eq(rc, 2);
		ck_assert_int_eq(scores[0], want_scores[0]);
		ck_assert_int_eq(scores[1], want_scores[1]);
	}
	carc_game_free(g);
}

#endif

#if CARC_HAVE_JCZ
/* The JSON parser and writer (lib/jcz/json.c): a failed parse leaves
 * *out alone and reports line 0, column 0, "out of memory"; a writer
 * reports the failure from finish, once, and frees everything. */
static void
json_calls(void)
{
	char text[2048];
	struct carc_json_doc *doc = (void *)&mem;
	struct carc_json_writer *w = (void *)&mem;
	uint32_t line = 5, col = 5;
	char msg[32] = "";
	const char *out = "keep";
	size_t len = 0, n;
	unsigned long f0;
	int rc;

	n = (size_t)snprintf(text, sizeof(text),
			     "{\"setup\": {\"sets\": {\"basic:1\": 1}}, "
			     "\"replay\": [[1, 2.5, \"\\u00e9\"], {}, []]");
	for (int i = 0; i < 40; i++)	/* past the small-object scan */
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      ", \"k%d\": [%d]", i, i);
	text[n++] = '}';
	CALL(rc, carc_json_parse(text, n, &doc, &line, &col, msg,
				 sizeof(msg)));
	if (rc == CARC_E_NOMEM) {
		ck_assert(doc == (void *)&mem);
		ck_assert_uint_eq(line, 0);
		ck_assert_uint_eq(col, 0);
		ck_assert_str_eq(msg, "out of memory");
		return;
	}
	assert_ok(rc);
	CALL(rc, carc_json_writer_new(&w, 2));
	if (rc == CARC_E_NOMEM) {
		ck_assert(w == (void *)&mem);
		carc_json_free(doc);
		return;
	}
	f0 = mem.failures;
	mem.armed = 1;
	carc_json_write_value(w, carc_json_root(doc));
	rc = carc_json_writer_finish(w, &out, &len);
	mem.armed = 0;
	if (mem.failures != f0) {
		assert_status_eq(rc, CARC_E_NOMEM);
		ck_assert_str_eq(out, "keep");
	} else {
		assert_ok(rc);
		ck_assert_uint_gt(len, n);
	}
	carc_json_writer_free(w);
	carc_json_free(doc);
}

/* JCloisterZone saved games (lib/jcz/): export of a game cut after 40
 * moves, import of that text, and import of a game that ends early
 * (GAME_OVER: imported twice, the second time with a stack of the tiles
 * played).  A failed export leaves the empty string, a failed import
 * leaves *out alone and says "out of memory". */
static void
jcz_calls(void)
{
	static const char early[] =
		"{\"setup\":{\"expansions\":[\"BASIC\"]},\"slots\":[{},{}],"
		"\"replay\":[{\"type\":\"PLACE_TILE\",\"payload\":{\"tileId\":"
		"\"BA.C\",\"rotation\":\"R180\",\"position\":[0,-1]}},"
		"{\"type\":\"PASS\",\"payload\":{}},"
		"{\"type\":\"COMMIT\",\"payload\":{}},"
		"{\"type\":\"GAME_OVER\",\"payload\":{}}]}";
	struct carc_rules *rules;
	struct carc_game *g, *l = (void *)&mem;
	uint64_t rng = 7;
	char msg[64];
	char *text;
	int len, rc;

	mem.armed = 0;
	rules = make_rules(NULL, 0);
	g = make_game(rules, 3, 5);
	carc_rules_unref(rules);
	for (int i = 0; i < 40; i++)
		play_one(g, &rng);
	CALL(len, carc_jcz_export(g, NULL, 0));
	if (len == CARC_E_NOMEM)
		goto out;
	ck_assert_int_gt(len, 0);
	text = malloc((size_t)len + 1);
	ck_assert_ptr_nonnull(text);
	text[0] = 'x';
	CALL(rc, carc_jcz_export(g, text, (size_t)len + 1));
	if (rc == CARC_E_NOMEM) {
		ck_assert_int_eq(text[0], '\0');
		free(text);
		goto out;
	}
	ck_assert_int_eq(rc, len);
	CALL(rc, carc_jcz_import(text, (size_t)len, &l, NULL, NULL, msg,
				 sizeof(msg)));
	free(text);
	if (rc == CARC_OK) {
		ck_assert(carc_game_hash(l) == carc_game_hash(g));
		carc_game_free(l);
	} else {
		ck_assert(l == (void *)&mem);
		ck_assert_str_eq(msg, "out of memory");
		goto out;
	}
	l = (void *)&mem;
	CALL(rc, carc_jcz_import(early, sizeof(early) - 1, &l, NULL, NULL,
				 msg, sizeof(msg)));
	if (rc == CARC_OK) {
		ck_assert_int_eq(carc_game_is_over(l), 1);
		carc_game_free(l);
	} else {
		ck_assert(l == (void *)&mem);
		ck_assert_str_eq(msg, "out of memory");
	}
out:
	carc_game_free(g);
}

START_TEST(oom_jcz)
{
	each_failure("jcz", jcz_calls, 400);
}
END_TEST

START_TEST(oom_json)
{
	each_failure("json", json_calls, 200);
}
END_TEST

#endif

#if CARC_HAVE_PICTURE
/* The picture (lib/picture/): a game with figures on the board, drawn
 * with a highlighted feature and the placements of the tile in hand.  A
 * failed drawing returns CARC_E_NOMEM and leaves the empty string. */
static void
picture_calls(void)
{
	struct carc_render_options o;
	struct carc_rules *rules;
	struct carc_game *g;
	uint64_t rng = 11;
	char buf[8] = "x";
	int32_t x = 0, y = 0;
	uint32_t tile = 0;
	int rc, n;

	mem.armed = 0;
	rules = make_rules(NULL, 0);
	g = make_game(rules, 2, 3);
	carc_rules_unref(rules);
	for (int i = 0; i < 24; i++)
		play_one(g, &rng);
	while (carc_game_phase(g) != CARC_PHASE_PLACE_TILE)
		play_one(g, &rng);
	assert_ok(carc_game_tile_at(g, 0, &x, &y, &tile, NULL));
	memset(&o, 0, sizeof(o));
	o.size = sizeof(o);
	o.flags = CARC_RENDER_FEATURE | CARC_RENDER_PLACEMENTS;
	o.feature_x = x;
	o.feature_y = y;
	o.feature_id = (uint32_t)carc_feature_from_name("c1");
	CALL(n, carc_game_render_svg(g, &o, NULL, 0));
	if (n != CARC_E_NOMEM) {
		ck_assert_int_gt(n, 1000);
		CALL(rc, carc_game_render_svg(g, &o, buf, sizeof(buf)));
		if (rc == CARC_E_NOMEM)
			ck_assert_str_eq(buf, "");
		else
			ck_assert_int_eq(rc, n);
	}
	carc_game_free(g);
}

START_TEST(oom_picture)
{
	each_failure("picture", picture_calls, 400);
}
END_TEST

#endif

#if CARC_HAVE_SEARCH
START_TEST(oom_search)
{
	each_failure("search", search_calls, 2000);
}
END_TEST

START_TEST(oom_search_deep)
{
	each_failure("search-deep", search_deep_calls, 2000);
}
END_TEST

#endif

START_TEST(oom_lifecycle)
{
	each_failure("lifecycle", lifecycle, 200);
}
END_TEST

START_TEST(oom_full_game)
{
	each_failure("full game", full_game, 2000);
}
END_TEST

/* The wrappers are in the link: a game allocates through them. */
START_TEST(wrappers_active)
{
	struct carc_rules_builder *b = NULL;

	int rc;

	mem.count = 0;
	mem.n_live = 0;
	mem.fail_nth = 1;
	mem.failures = 0;
	CALL(rc, carc_rules_builder_new(&b));
	assert_status_eq(rc, CARC_E_NOMEM);
	ck_assert_ptr_null(b);
	ck_assert_int_eq(mem.failures, 1);
	mem.fail_nth = 0;
	CALL(rc, carc_rules_builder_new(&b));
	assert_ok(rc);
	ck_assert_int_eq(mem.n_live, 1);
	carc_rules_builder_free(b);
	ck_assert_int_eq(mem.n_live, 0);
}
END_TEST

/*
 * No allocation on the hot path: the calls a bot makes millions of times never allocate:
 * carc_game_legal_moves(), carc_game_is_legal(), carc_game_apply(),
 * carc_game_hash() and carc_game_copy() between games of the same rules
 * and player count, and the feature queries (0.2), over whole random games (loop index: even = base
 * game, odd = every expansion; seed and player count vary with it).
 * The wrappers count every allocation while armed (wrappers_active shows
 * they see the library's).
 */
START_TEST(bot_calls_never_allocate)
{
	/* the base game, the four expansions of 0.3, all six (observation
	 * layout 2) */
	struct carc_rules *rules =
		_i % 3 == 0
			? make_rules(NULL, 0)
		: _i % 3 == 1
			? make_rules(NULL, CARC_OPT_PHANTOM, 1,
				     CARC_OPT_CROP_CIRCLES_I, 1,
				     CARC_OPT_CROP_CIRCLES_II, 1,
				     CARC_OPT_LITTLE_BUILDINGS, 1, 0)
			: make_rules(NULL, CARC_OPT_PHANTOM, 1,
				     CARC_OPT_CROP_CIRCLES_I, 1,
				     CARC_OPT_CROP_CIRCLES_II, 1,
				     CARC_OPT_LITTLE_BUILDINGS, 1,
				     CARC_OPT_RIVER, 1,
				     CARC_OPT_INNS_CATHEDRALS, 1,
				     CARC_OPT_TRADERS_BUILDERS, 1, 0);
	uint32_t players = 2 + (uint32_t)(_i / 2) % 3;
	struct carc_game *g = make_game(rules, players, (uint64_t)_i + 1);
	struct carc_game *copy = make_game(rules, players, 99);
	carc_move_t moves[512];
	uint64_t rng = (uint64_t)_i + 1, hash = 0;
	int decisions = 0;

	mem.count = 0;
	mem.fail_nth = 0;
	for (;;) {
		int n, max, legal, rc_apply, rc_copy;
		carc_move_t m;

		mem.armed = 1;
		n = carc_game_legal_moves(g, moves, 512);
		max = carc_game_legal_moves_max(g);
		mem.armed = 0;
		ck_assert_int_ge(n, 0);
		ck_assert_int_le(n, 512);
		ck_assert_int_le(n, max);
		if (n == 0)
			break;
		m = moves[test_rand(&rng) % (uint64_t)n];
		mem.armed = 1;
		legal = carc_game_is_legal(g, m);
		rc_apply = carc_game_apply(g, m);
		hash ^= carc_game_hash(g);
		rc_copy = carc_game_copy(copy, g);
		mem.armed = 0;
		ck_assert_int_eq(legal, 1);
		assert_ok(rc_apply);
		assert_ok(rc_copy);
		decisions++;
		/* the feature queries read only, fields included */
		if (carc_game_figure_count(g) > 0) {
			int32_t x, y, v[4];
			uint32_t f;
			int rc[4];

			assert_ok(carc_game_figure_at(g, 0, NULL, NULL, &x, &y,
						      &f));
			mem.armed = 1;
			rc[0] = carc_game_feature_get(g, x, y, f,
						      CARC_FEATURE_ATTR_POINTS,
						      &v[0]);
			rc[1] = carc_game_feature_get(
				g, x, y, f, CARC_FEATURE_ATTR_FARM_SCORERS,
				&v[1]);
			rc[2] = carc_game_feature_piece_at(g, x, y, f, 0, NULL,
							   NULL, NULL);
			rc[3] = carc_game_feature_city_at(g, x, y, f, 0, NULL,
							  NULL, NULL);
			mem.armed = 0;
			assert_ok(rc[0]);
			assert_ok(rc[1]);
			assert_ok(rc[2]);
			ck_assert(rc[3] == CARC_OK || rc[3] == CARC_E_INVALID);
		}
	}
	ck_assert_int_eq(carc_game_is_over(g), 1);
	ck_assert_int_gt(decisions, 100);
	ck_assert_uint_eq(carc_game_hash(copy), carc_game_hash(g));
	ck_assert_uint_ne(hash, 0);
	ck_assert_uint_eq(mem.count, 0);
	carc_game_free(copy);
	carc_game_free(g);
	carc_rules_unref(rules);
}
END_TEST

#if CARC_HAVE_LEARN
/*
 * The learning interface (carcassonne/learn.h): carc_learn_new() fails
 * cleanly at every allocation, and the per-step calls never allocate:
 * masks, observations, action <-> move, batched steps with automatic
 * resets (carc_game_reset()) over whole games.
 */
START_TEST(oom_learn_new)
{
	struct carc_rules *rules = make_rules(NULL, CARC_OPT_PHANTOM, 1,
					      CARC_OPT_CROP_CIRCLES_I, 1, 0);
	unsigned long n;

	for (n = 1;; n++) {
		struct carc_learn *l = (void *)&mem;
		int rc;

		mem.count = 0;
		mem.n_live = 0;
		mem.fail_nth = n;
		mem.failures = 0;
		CALL(rc, carc_learn_new(rules, 3, NULL, &l));
		mem.fail_nth = 0;
		if (rc == CARC_OK) {
			ck_assert_int_eq(mem.failures, 0);
			carc_learn_free(l);
			ck_assert_int_eq(mem.n_live, 0);
			break;
		}
		assert_status_eq(rc, CARC_E_NOMEM);
		ck_assert(l == (void *)&mem);
		ck_assert_int_eq(mem.n_live, 0);	/* nothing leaked */
	}
	ck_assert_uint_gt(n, 2);	/* it does allocate, more than once */
	carc_rules_unref(rules);
}
END_TEST

START_TEST(learn_calls_never_allocate)
{
	enum { N = 4 };
	/* under valgrind (CARC_TEST_QUICK) until the first game ends */
	const int want_ended = quick() ? 1 : N + 2;
	/* the base game, the four expansions of 0.3, all six (observation
	 * layout 2) */
	struct carc_rules *rules =
		_i % 3 == 0
			? make_rules(NULL, 0)
		: _i % 3 == 1
			? make_rules(NULL, CARC_OPT_PHANTOM, 1,
				     CARC_OPT_CROP_CIRCLES_I, 1,
				     CARC_OPT_CROP_CIRCLES_II, 1,
				     CARC_OPT_LITTLE_BUILDINGS, 1, 0)
			: make_rules(NULL, CARC_OPT_PHANTOM, 1,
				     CARC_OPT_CROP_CIRCLES_I, 1,
				     CARC_OPT_CROP_CIRCLES_II, 1,
				     CARC_OPT_LITTLE_BUILDINGS, 1,
				     CARC_OPT_RIVER, 1,
				     CARC_OPT_INNS_CATHEDRALS, 1,
				     CARC_OPT_TRADERS_BUILDERS, 1, 0);
	uint32_t players = 2 + (uint32_t)_i % 5;
	struct carc_learn *l = NULL;
	struct carc_learn_shape s = { .size = sizeof(s) };
	struct carc_game *games[N];
	uint8_t *masks, *planes;
	int32_t *vectors, rewards[N * 6], finals[N * 6];
	uint32_t to_move[N], actions[N];
	uint64_t seeds[N], rng = (uint64_t)_i + 7;
	uint8_t done[N];
	struct carc_learn_batch b;
	size_t plane_bytes;
	int ended = 0, rc;

	assert_ok(carc_learn_new(rules, players, NULL, &l));
	assert_ok(carc_learn_shape(l, &s));
	plane_bytes = (size_t)s.n_planes * s.window * s.window;
	masks = malloc(N * s.n_actions);
	planes = malloc(N * plane_bytes);
	vectors = malloc(N * s.vector_length * sizeof(*vectors));
	ck_assert(masks && planes && vectors);
	for (int i = 0; i < N; i++) {
		games[i] = make_game(rules, players, (uint64_t)_i * 10 + 1 + i);
		seeds[i] = 100 + (uint64_t)i;
	}
	memset(&b, 0, sizeof(b));
	b.size = sizeof(b);
	b.flags = CARC_LEARN_AUTO_RESET;
	b.reset_seeds = seeds;
	b.rewards = rewards;
	b.done = done;
	b.final_scores = finals;
	b.to_move = to_move;
	b.masks = masks;
	b.planes = planes;
	b.vectors = vectors;
	mem.count = 0;
	mem.fail_nth = 0;
	mem.armed = 1;
	rc = carc_learn_observe_batch(l, (const struct carc_game *const *)games,
				      N, &b);
	mem.armed = 0;
	assert_ok(rc);
	while (ended < want_ended) {

		for (int i = 0; i < N; i++) {
			uint32_t k, n = 0, a;
			carc_move_t m;

			for (a = 0; a < s.n_actions; a++)
				n += masks[(size_t)i * s.n_actions + a];
			ck_assert_uint_gt(n, 0);
			k = (uint32_t)(test_rand(&rng) % n);
			for (a = 0; a < s.n_actions; a++)
				if (masks[(size_t)i * s.n_actions + a] &&
				    k-- == 0)
					break;
			actions[i] = a;
			/* the single-game calls, armed */
			mem.armed = 1;
			rc = carc_learn_action_to_move(l, games[i], a, &m);
			if (rc == CARC_OK)
				rc = carc_learn_move_to_action(l, games[i], m,
							       &k);
			if (rc == CARC_OK)
				rc = carc_learn_mask(l, games[i], masks +
						     (size_t)i * s.n_actions,
						     s.n_actions) > 0
					     ? CARC_OK
					     : CARC_E_INVALID;
			if (rc == CARC_OK)
				rc = carc_learn_observe(
					l, games[i], CARC_LEARN_TO_MOVE,
					planes, plane_bytes, vectors,
					s.vector_length);
			mem.armed = 0;
			assert_ok(rc);
			ck_assert_uint_eq(k, a);
		}
		mem.armed = 1;
		rc = carc_learn_step_batch(l, games, N, actions, &b);
		mem.armed = 0;
		ck_assert_int_ge(rc, 0);
		ended += rc;
		for (int i = 0; i < N; i++)
			seeds[i] += N;
	}
	ck_assert_uint_eq(mem.count, 0);
	for (int i = 0; i < N; i++)
		carc_game_free(games[i]);
	free(masks);
	free(planes);
	free(vectors);
	carc_learn_free(l);
	carc_rules_unref(rules);
}
END_TEST

#endif /* CARC_HAVE_LEARN */

Suite *
test_suite(void)
{
	Suite *s = suite_create("oom");
	TCase *tc = tcase_create("oom");

	tcase_add_test(tc, wrappers_active);
	tcase_add_test(tc, oom_lifecycle);
	tcase_add_test(tc, oom_full_game);
#if CARC_HAVE_SEARCH
	tcase_add_test(tc, oom_search);
	tcase_add_test(tc, oom_search_deep);
#endif
#if CARC_HAVE_PICTURE
	tcase_add_test(tc, oom_picture);
#endif
#if CARC_HAVE_JCZ
	tcase_add_test(tc, oom_json);
	tcase_add_test(tc, oom_jcz);
#endif
	tcase_add_loop_test(tc, bot_calls_never_allocate, 0, 12);
#if CARC_HAVE_LEARN
	tcase_add_test(tc, oom_learn_new);
	tcase_add_loop_test(tc, learn_calls_never_allocate, 0, 6);
#endif
	tcase_set_timeout(tc, 240);
	suite_add_tcase(s, tc);
	return s;
}
