/* SPDX-License-Identifier: MIT */
/* Helpers shared by the unit tests. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include <carcassonne/carcassonne-version.h>	/* CARC_HAVE_JCZ */
#include <carcassonne/jcz.h>

#include "test-common.h"

uint32_t
tile_of(char letter)
{
	char name[2] = { letter, '\0' };
	int t = carc_tile_from_name(name);

	ck_assert_msg(t >= 0, "unknown tile letter '%c'", letter);
	return (uint32_t)t;
}

static struct carc_rules *
make_rules_va(const char *stack, va_list ap)
{
	struct carc_rules_builder *b = NULL;
	struct carc_rules *rules = NULL;
	uint32_t counts[CARC_TILE_TYPES] = { 0 };
	int option;

	assert_ok(carc_rules_builder_new(&b));
	ck_assert_ptr_nonnull(b);

	while ((option = va_arg(ap, int)) != 0) {
		int value = va_arg(ap, int);

		assert_ok(carc_rules_builder_set(b, (uint32_t)option,
						 (int32_t)value));
	}

	if (stack != NULL) {
		for (const char *p = stack; *p != '\0'; p++) {
			if (*p == ' ')
				continue;
			counts[tile_of(*p)]++;
		}
		for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
			assert_ok(carc_rules_builder_set_tile_count(b, t,
								    counts[t]));
	}

	assert_ok(carc_rules_builder_build(b, &rules));
	ck_assert_ptr_nonnull(rules);
	carc_rules_builder_free(b);
	return rules;
}

struct carc_rules *
make_rules(const char *stack, ...)
{
	struct carc_rules *rules;
	va_list ap;

	va_start(ap, stack);
	rules = make_rules_va(stack, ap);
	va_end(ap);
	return rules;
}

struct carc_game *
make_game(const struct carc_rules *rules, uint32_t n_players, uint64_t seed)
{
	struct carc_game *game = NULL;

	assert_ok(carc_game_new(rules, n_players, seed, &game));
	ck_assert_ptr_nonnull(game);
	return game;
}

struct carc_game *
make_stacked_game(struct carc_rules_builder *b, uint32_t n_players,
		  const uint32_t *tiles, size_t n)
{
	struct carc_rules *rules = NULL;
	struct carc_game *game;
	uint32_t counts[CARC_TILE_TYPES] = { 0 };

	for (size_t i = 0; i < n; i++) {
		ck_assert_uint_lt(tiles[i], CARC_TILE_TYPES);
		counts[tiles[i]]++;
	}
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		assert_ok(carc_rules_builder_set_tile_count(b, t, counts[t]));
	assert_ok(carc_rules_builder_build(b, &rules));
	carc_rules_builder_free(b);
	game = make_game(rules, n_players, 1);
	carc_rules_unref(rules);
	if (n > 0)
		assert_ok(carc_game_set_draw_order(game, tiles, n));
	return game;
}

static struct carc_game *
make_scenario_va(uint32_t n_players, const char *order, va_list ap)
{
	struct carc_rules *rules = make_rules_va(order, ap);
	struct carc_game *game = make_game(rules, n_players, 1);
	uint32_t tiles[256];
	size_t n = 0;

	carc_rules_unref(rules);

	for (const char *p = order; *p != '\0'; p++) {
		if (*p == ' ')
			continue;
		ck_assert(n < sizeof(tiles) / sizeof(tiles[0]));
		tiles[n++] = tile_of(*p);
	}
	if (n > 0)
		assert_ok(carc_game_set_draw_order(game, tiles, n));
	return game;
}

struct carc_game *
make_scenario(const char *order, ...)
{
	struct carc_game *game;
	va_list ap;

	va_start(ap, order);
	game = make_scenario_va(2, order, ap);
	va_end(ap);
	return game;
}

struct carc_game *
make_scenario_n(uint32_t n_players, const char *order, ...)
{
	struct carc_game *game;
	va_list ap;

	va_start(ap, order);
	game = make_scenario_va(n_players, order, ap);
	va_end(ap);
	return game;
}

void
play(struct carc_game *game, uint32_t tile, int32_t x, int32_t y,
     uint32_t rot)
{
	carc_move_t m = carc_move_place(x, y, rot);
	int rc;

	ck_assert(m != CARC_MOVE_NONE);
	assert_ok(carc_game_set_next_tile(game, tile));
	assert_status_eq(carc_game_current_tile(game), (int)tile);
	rc = carc_game_apply(game, m);
	ck_assert_msg(rc == CARC_OK, "place %s(%u)@(%d,%d): %d (%s)",
		      carc_tile_name(tile), rot, x, y, rc, carc_strerror(rc));
}

void
last_tile_xy(const struct carc_game *game, int32_t *x, int32_t *y)
{
	int n = carc_game_tile_count(game);

	ck_assert_int_ge(n, 1);
	assert_ok(carc_game_tile_at(game, (uint32_t)(n - 1), x, y, NULL, NULL));
}

carc_move_t
deploy_move(const struct carc_game *game, uint32_t feature)
{
	int32_t x = 0, y = 0;

	last_tile_xy(game, &x, &y);
	return carc_move_deploy(CARC_FIGURE_FOLLOWER, x, y, feature);
}

void
deploy(struct carc_game *game, uint32_t feature)
{
	carc_move_t m = deploy_move(game, feature);

	ck_assert(m != CARC_MOVE_NONE);
	assert_ok(carc_game_apply(game, m));
}

void
pass(struct carc_game *game)
{
	assert_ok(carc_game_apply(game, carc_move_pass()));
}

void
apply_expect(struct carc_game *game, carc_move_t move, int want)
{
	uint64_t before = carc_game_hash(game);

	assert_status_eq(carc_game_apply(game, move), want);
	if (want != CARC_OK) {
		ck_assert_msg(carc_game_hash(game) == before,
			      "hash changed by a rejected move");
		ck_assert_int_eq(carc_game_is_legal(game, move), 0);
	}
}

static int32_t
event_attr(const struct carc_game *game, uint32_t index, uint32_t attr)
{
	int32_t v = -12345;

	assert_ok(carc_game_event_get(game, index, attr, &v));
	return v;
}

int
collect_events(const struct carc_game *game, struct event *ev, int max)
{
	int n = carc_game_event_count(game);
	int players = carc_game_player_count(game);

	ck_assert_int_ge(n, 0);
	ck_assert_int_ge(players, 2);
	for (int i = 0; i < n && i < max; i++) {
		uint32_t u = (uint32_t)i;

		memset(&ev[i], 0, sizeof(ev[i]));
		ev[i].type = event_attr(game, u, CARC_EVENT_TYPE);
		ev[i].kind = event_attr(game, u, CARC_EVENT_FEATURE_KIND);
		ev[i].x = event_attr(game, u, CARC_EVENT_X);
		ev[i].y = event_attr(game, u, CARC_EVENT_Y);
		ev[i].feature = event_attr(game, u, CARC_EVENT_FEATURE);
		ev[i].tiles = event_attr(game, u, CARC_EVENT_TILES);
		ev[i].pennants = event_attr(game, u, CARC_EVENT_PENNANTS);
		ev[i].cities = event_attr(game, u, CARC_EVENT_CITIES);
		ev[i].scorers = event_attr(game, u, CARC_EVENT_SCORERS);
		for (int p = 0; p < players && p < MAX_PLAYERS; p++) {
			ev[i].points[p] = event_attr(game, u,
				CARC_EVENT_POINTS + (uint32_t)p);
			ev[i].figures[p] = event_attr(game, u,
				CARC_EVENT_FIGURES + (uint32_t)p);
		}
	}
	return n;
}

int
find_event(const struct event *ev, int n, int32_t type, int32_t kind)
{
	for (int i = 0; i < n; i++) {
		if (ev[i].type == type && ev[i].kind == kind)
			return i;
	}
	return -1;
}

int
figures_on_board(const struct carc_game *game, uint32_t player)
{
	int n = carc_game_figure_count(game);
	int mine = 0;

	ck_assert_int_ge(n, 0);
	for (int i = 0; i < n; i++) {
		uint32_t owner = 99;

		assert_ok(carc_game_figure_at(game, (uint32_t)i, &owner, NULL,
					      NULL, NULL, NULL));
		if (owner == player)
			mine++;
	}
	return mine;
}

uint64_t
test_rand(uint64_t *state)
{
	uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

void
random_game_start(struct random_game *r, struct carc_game *game,
		  uint64_t seed)
{
	memset(r, 0, sizeof(*r));
	r->game = game;
	r->rng = seed;
}

bool
random_game_next(struct random_game *r)
{
	int max;

	if (carc_game_is_over(r->game)) {
		r->n = 0;
		return false;
	}
	/* plain tests: Check's assertions are slow in a loop this hot */
	max = carc_game_legal_moves_max(r->game);
	if (max <= 0)
		ck_abort_msg("legal_moves_max %d", max);
	if ((size_t)max > r->cap) {
		free(r->moves);
		r->moves = malloc((size_t)max * sizeof(*r->moves));
		if (!r->moves)
			ck_abort_msg("out of memory");
		r->cap = (size_t)max;
	}
	r->n = carc_game_legal_moves(r->game, r->moves, r->cap);
	if (r->n <= 0 || r->n > max)
		ck_abort_msg("%d legal moves, at most %d said", r->n, max);
	return true;
}

carc_move_t
random_game_pick(struct random_game *r)
{
	if (r->n <= 0)
		ck_abort_msg("no legal move to pick");
	return r->moves[test_rand(&r->rng) % (uint64_t)r->n];
}

carc_move_t
random_game_play(struct random_game *r)
{
	carc_move_t m = random_game_pick(r);
	int rc = carc_game_apply(r->game, m);

	if (rc != CARC_OK)
		ck_abort_msg("apply %#llx: %s", (unsigned long long)m,
			     carc_strerror(rc));
	r->played++;
	return m;
}

void
random_game_end(struct random_game *r)
{
	free(r->moves);
	r->moves = NULL;
	r->cap = 0;
	r->n = 0;
}

carc_move_t
random_legal_move(const struct carc_game *game, uint64_t *rng)
{
	struct random_game r;
	carc_move_t m;

	/* the harness's buffer and checks, on a game it does not change */
	random_game_start(&r, (struct carc_game *)(uintptr_t)game, *rng);
	ck_assert_msg(random_game_next(&r), "the game is over");
	m = random_game_pick(&r);
	*rng = r.rng;
	random_game_end(&r);
	return m;
}

char *
read_fixture(const char *dir_var, const char *name, size_t *len)
{
	const char *dir = getenv(dir_var);
	char path[4096];
	FILE *f;
	char *buf;
	long n;

	ck_assert_msg(dir != NULL, "%s is not set", dir_var);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	ck_assert_int_ge(n, 0);
	rewind(f);
	buf = malloc((size_t)n + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	if (len)
		*len = (size_t)n;
	return buf;
}

#if CARC_HAVE_JCZ	/* a build without the jcz layer */
struct carc_game *
jcz_import_ok(const char *text, size_t len, const char *what)
{
	struct carc_game *g = NULL;
	uint32_t line = UINT32_MAX, col = UINT32_MAX;
	char msg[512] = "x";
	int rc = carc_jcz_import(text, len, &g, &line, &col, msg, sizeof(msg));

	ck_assert_msg(rc == CARC_OK, "%s: %d (%s) line %u: %s", what, rc,
		      carc_strerror(rc), line, msg);
	ck_assert_ptr_nonnull(g);
	ck_assert_uint_eq(line, 0);
	ck_assert_uint_eq(col, 0);
	ck_assert_str_eq(msg, "");
	return g;
}

struct carc_game *
jcz_import_fixture(const char *dir_var, const char *name)
{
	size_t len;
	char *text = read_fixture(dir_var, name, &len);
	struct carc_game *g = jcz_import_ok(text, len, name);

	free(text);
	return g;
}
#endif
