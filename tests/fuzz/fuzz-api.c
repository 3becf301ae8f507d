/* SPDX-License-Identifier: MIT */
/*
 * A fuzz harness for the public API.
 *
 * The first bytes of an input choose the rules (every option, sometimes
 * with a value out of range), maybe a small custom stack, a second rule
 * set of another size, the player count (sometimes invalid) and the
 * seed.  Every following byte picks an operation: apply a legal move, a
 * mangled or arbitrary move, choose the next tile or the draw order,
 * reshuffle, clone, copy, or one of the queries with fuzzed arguments.
 *
 * After every call the harness checks what the header promises and what
 * the rules conserve, and calls abort() on a violation so that libFuzzer
 * (or fuzz-replay) reports the input:
 *
 * - a failed call leaves carc_game_hash() and the scores unchanged;
 * - a move is accepted exactly when carc_game_is_legal() says 1, exactly
 *   when it is in carc_game_legal_moves();
 * - followers on the board plus the supply equal CARC_OPT_FOLLOWERS for
 *   every player; the phantom is on the board or in the supply when
 *   CARC_OPT_PHANTOM is 1, never both; so are the large follower (Inns &
 *   Cathedrals), the builder and the pig (Traders & Builders); building
 *   tokens are conserved;
 * - goods tokens (Traders & Builders) only rise, by exactly the goods of
 *   the cities each call's events complete, and never outnumber the
 *   symbols of the tiles;
 * - tiles on the board, discarded, in the stack and in hand add up to the
 *   stack of the rules plus the start tile;
 * - scores never decrease, and each call raises them by exactly what its
 *   events report (CARC_EVENT_POINTS + CARC_EVENT_BUILDING_POINTS);
 * - clones and copies hash like the original and play on identically;
 * - every event attribute is readable.
 *
 * The expected values come from the header's documentation only.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "fuzz-api.h"

/* The options fuzzed: CARC_OPT_FARM_SCORING .. _RIVER_LAKE_TURN
 * (The River, Inns & Cathedrals and Traders & Builders included). */
#define N_OPTIONS 25
#define PLAYERS_MAX 6
#define FOLLOWERS_MAX 15
#define STACK_MAX 4000
/* Per input, to bound the run time: an input is a short sequence (a
 * game of a small custom stack plays to its end within it; the soak,
 * tools/soak.sh, plays the long games). */
#define OPS_MAX 256
#define MOVES_MAX 96		/* moves applied, op_run's included */

/* The documented range of each option. */
static const struct {
	int32_t min, max;
} opt_range[N_OPTIONS + 1] = {
	[CARC_OPT_FARM_SCORING] = { 0, 2 },
	[CARC_OPT_FARMERS] = { 0, 1 },
	[CARC_OPT_SMALL_CITY] = { 0, 1 },
	[CARC_OPT_FOLLOWERS] = { 1, FOLLOWERS_MAX },
	[CARC_OPT_PHANTOM] = { 0, 1 },
	[CARC_OPT_CROP_CIRCLES_I] = { 0, 1 },
	[CARC_OPT_CROP_CIRCLES_II] = { 0, 1 },
	[CARC_OPT_LITTLE_BUILDINGS] = { 0, 1 },
	[CARC_OPT_LB_SCORING] = { 0, 1 },
	[CARC_OPT_LB_DISTRIBUTION] = { 0, 1 },
	[CARC_OPT_LB_ZERO_FIELD] = { 0, 1 },
	[CARC_OPT_LB_PER_CITY_FIELDS] = { 0, 1 },
	[CARC_OPT_CROP_DEPLOY_ANY] = { 0, 1 },
	[CARC_OPT_CROP_DEPLOY_MANDATORY] = { 0, 1 },
	[CARC_OPT_CROP_PHANTOM] = { 0, 1 },
	[CARC_OPT_CROP_AFTER_PHANTOM] = { 0, 1 },
	[CARC_OPT_RIVER] = { 0, 1 },
	[CARC_OPT_RIVER_START_TILE] = { CARC_RIVER_START_REMOVED,
					CARC_RIVER_START_IN_RIVER_STACK },
	[CARC_OPT_RIVER_U_TURN] = { CARC_RIVER_U_ADJACENT, CARC_RIVER_U_JCZ },
	[CARC_OPT_INNS_CATHEDRALS] = { 0, 1 },
	[CARC_OPT_TRADERS_BUILDERS] = { 0, 1 },
	[CARC_OPT_BUILDER_TURN] = { CARC_BUILDER_TURN_OPTIONAL,
				    CARC_BUILDER_TURN_MANDATORY },
	[CARC_OPT_PHANTOM_WITH_FIGURE] = { 0, 1 },
	[CARC_OPT_BUILDER_ON_COMPLETED] = { 0, 1 },
	[CARC_OPT_RIVER_LAKE_TURN] = { CARC_RIVER_LAKE_TURN,
				       CARC_RIVER_LAKE_AUTOMATIC },
};

/* The figures of a player's supply at the start, by the documentation
 * of the options that give them; figures are on the board or in the
 * supply, never both. */
static const uint32_t figure_kinds[] = {
	CARC_FIGURE_FOLLOWER, CARC_FIGURE_PHANTOM,
	CARC_FIGURE_LARGE_FOLLOWER, CARC_FIGURE_BUILDER, CARC_FIGURE_PIG,
};
#define N_FIGURE_KINDS (sizeof(figure_kinds) / sizeof(figure_kinds[0]))

static int32_t
figure_start(const int32_t *opt, uint32_t fig)
{
	switch (fig) {
	case CARC_FIGURE_FOLLOWER: return opt[CARC_OPT_FOLLOWERS];
	case CARC_FIGURE_PHANTOM: return opt[CARC_OPT_PHANTOM];
	case CARC_FIGURE_LARGE_FOLLOWER: return opt[CARC_OPT_INNS_CATHEDRALS];
	case CARC_FIGURE_BUILDER:
	case CARC_FIGURE_PIG: return opt[CARC_OPT_TRADERS_BUILDERS];
	default: return 0;
	}
}

/* The first option number that names no option. */
static uint32_t
first_unknown_option(void)
{
	uint32_t o = 1;

	while (carc_option_name(o))
		o++;
	return o;
}

struct input {
	const uint8_t *p;
	size_t n;
};

struct fuzz {
	struct input in;
	struct carc_rules *rules;	/* rules of game */
	struct carc_rules *alt;		/* another size, for copies: built
					 * on first use from alt_how */
	uint8_t alt_how;
	struct carc_game *game;
	struct carc_game *spare;	/* NULL or a game to copy into */
	uint32_t n_players;
	int32_t opt[N_OPTIONS + 1];
	uint32_t tiles_total;		/* start tile plus the stack */
	int lb_shared;			/* one token count for all kinds */
	int32_t score[PLAYERS_MAX];
	int32_t tokens[PLAYERS_MAX][3];	/* expected building supply */
	int32_t tokens_total[3];
	int32_t figures_total;		/* every player's figures, all kinds */
	int32_t goods[PLAYERS_MAX][3];	/* expected goods tokens */
	int32_t goods_total[3];		/* symbols on the start tile and
					 * the stack */
	carc_move_t *moves;		/* the legal moves, n_moves of them */
	size_t cap;
	int n_moves;
	/* the state before each move of the history, for carc_game_undo() */
	struct snap {
		uint64_t hash;
		int32_t score[PLAYERS_MAX];
		int32_t tokens[PLAYERS_MAX][3];
		int32_t goods[PLAYERS_MAX][3];
	} *snaps;
	size_t depth, snaps_cap;
	int applied;			/* moves applied, up to MOVES_MAX */
	int saved;			/* a save/load round trip was made */
	uint64_t seed;			/* of carc_game_new() */
};

static void
fail_at(int line, const char *what)
{
	fprintf(stderr, "fuzz-api.c:%d: invariant violated: %s\n", line, what);
	abort();
}

#define CHECK(cond_) do { if (!(cond_)) fail_at(__LINE__, #cond_); } while (0)

static struct carc_rules *make_alt_rules(uint8_t how);
static char *save_text(const struct carc_game *g, int *len);
static struct carc_game *load_saved(const char *text, int len);

static uint8_t
take8(struct fuzz *f)
{
	if (f->in.n == 0)
		return 0;
	f->in.n--;
	return *f->in.p++;
}

static uint32_t
take32(struct fuzz *f)
{
	uint32_t v = 0;

	for (int i = 0; i < 4; i++)
		v = v << 8 | take8(f);
	return v;
}

static uint64_t
take64(struct fuzz *f)
{
	uint64_t hi = take32(f);

	return hi << 32 | take32(f);
}

/* Two bytes, big-endian.  Reads are sequenced statements throughout, so
 * that an input means the same with every compiler. */
static uint32_t
take16(struct fuzz *f)
{
	uint32_t hi = take8(f);

	return hi << 8 | take8(f);
}

/* A fuzzed coordinate: mostly near the board, sometimes anything. */
static int32_t
take_coord(struct fuzz *f)
{
	uint8_t b = take8(f);

	if (b < 0xf0)
		return (int32_t)(int8_t)b / 4;
	return (int32_t)take32(f);
}

static int
is_error_code(int rc)
{
	return rc >= CARC_E_PARSE && rc <= CARC_E_INVALID;
}

static void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	CHECK(p != NULL);
	return p;
}

/*
 * Fill f->moves with the legal moves and check the buffer contract (a
 * cheap check, done after every call).  The list is asked for in one
 * call into a buffer with room to spare (the entries past the count are
 * unspecified, the one past the capacity given must keep its canary);
 * the size query (NULL and 0) is checked by check_moves() at the end of
 * an input, and short buffers by op_short_buffer().
 */
static int
legal(struct fuzz *f)
{
	const carc_move_t canary = 0xdeadbeefcafef00dull;
	int n;

	if (f->cap == 0) {
		f->cap = 256;
		f->moves = xrealloc(NULL, f->cap * sizeof(*f->moves));
	}
	for (;;) {
		f->moves[f->cap - 1] = canary;
		n = carc_game_legal_moves(f->game, f->moves, f->cap - 1);
		CHECK(n >= 0);
		CHECK(f->moves[f->cap - 1] == canary);
		if ((size_t)n < f->cap)
			break;
		/* too many: the buffer got the first cap - 1 */
		f->cap = (size_t)n + 64;
		f->moves = xrealloc(f->moves, f->cap * sizeof(*f->moves));
	}
	f->n_moves = n;
	return n;
}

/* The expensive checks of the move list (done at the end of an input):
 * the canonical order of placements, no duplicates, every listed move is
 * legal, the bound of carc_game_legal_moves_max(). */
static void
check_moves(struct fuzz *f)
{
	int n = legal(f);

	CHECK(carc_game_legal_moves(f->game, NULL, 0) == n);
	CHECK(carc_game_legal_moves(f->game, NULL, 1) == CARC_E_INVALID);
	CHECK(carc_game_legal_moves_max(f->game) >= n);
	if (carc_game_phase(f->game) == CARC_PHASE_PLACE_TILE) {
		/* canonical order: by y, then x, then rotation */
		for (int i = 0; i < n; i++) {
			carc_move_t a = f->moves[i], b;
			int64_t ka, kb;

			CHECK(carc_move_kind(a) == CARC_MOVE_PLACE);
			if (i == 0)
				continue;
			b = f->moves[i - 1];
			ka = ((int64_t)carc_move_y(a) * 65536 +
			      carc_move_x(a)) * 4 + carc_move_rotation(a);
			kb = ((int64_t)carc_move_y(b) * 65536 +
			      carc_move_x(b)) * 4 + carc_move_rotation(b);
			CHECK(kb < ka);
		}
	} else {
		for (int i = 0; i < n; i++)
			for (int j = 0; j < i; j++)
				CHECK(f->moves[i] != f->moves[j]);
	}
	for (int i = 0; i < n; i++)
		CHECK(carc_game_is_legal(f->game, f->moves[i]) == 1);
}

static int
in_legal_list(const struct fuzz *f, carc_move_t m)
{
	for (int i = 0; i < f->n_moves; i++)
		if (f->moves[i] == m)
			return 1;
	return 0;
}

/* Sum of the points every event of the last apply gave each player,
 * and of the goods tokens its completed cities gave. */
static void
event_points(const struct fuzz *f, int32_t *sum, int32_t *goods)
{
	int n = carc_game_event_count(f->game);

	CHECK(n >= 0);
	memset(sum, 0, PLAYERS_MAX * sizeof(*sum));
	memset(goods, 0, 3 * sizeof(*goods));
	for (int i = 0; i < n; i++) {
		int32_t v, type, kind, x, y, feature, scorers, gkind;

		CHECK(carc_game_event_get(f->game, (uint32_t)i, CARC_EVENT_TYPE,
					  &type) == CARC_OK);
		CHECK(type >= CARC_EVENT_COMPLETED && type <= CARC_EVENT_GOODS);
		CHECK(type != CARC_EVENT_GOODS ||
		      f->opt[CARC_OPT_TRADERS_BUILDERS]);
		CHECK(carc_game_event_get(f->game, (uint32_t)i,
					  CARC_EVENT_FEATURE_KIND,
					  &kind) == CARC_OK);
		CHECK(carc_game_event_get(f->game, (uint32_t)i, CARC_EVENT_X,
					  &x) == CARC_OK);
		CHECK(carc_game_event_get(f->game, (uint32_t)i, CARC_EVENT_Y,
					  &y) == CARC_OK);
		CHECK(carc_game_event_get(f->game, (uint32_t)i,
					  CARC_EVENT_FEATURE,
					  &feature) == CARC_OK);
		CHECK(carc_game_event_get(f->game, (uint32_t)i,
					  CARC_EVENT_GOODS_KIND,
					  &gkind) == CARC_OK);
		if (type == CARC_EVENT_GOODS) {
			/* no feature; the kind some player holds */
			CHECK(kind == 0 && x == 0 && y == 0 && feature == 0);
			CHECK(gkind >= CARC_GOODS_WINE &&
			      gkind <= CARC_GOODS_CLOTH);
		} else {
			CHECK(kind >= CARC_FEATURE_CITY &&
			      kind <= CARC_FEATURE_MONASTERY);
			CHECK(gkind == 0);
			CHECK(carc_game_tile_find(f->game, x, y) >= 0);
			CHECK(feature >> 4 == kind);
			CHECK(carc_game_feature_figures(f->game, x, y,
							(uint32_t)feature,
							0) >= 0);
		}
		for (uint32_t a = CARC_EVENT_TILES; a <= CARC_EVENT_CITIES; a++) {
			CHECK(carc_game_event_get(f->game, (uint32_t)i, a,
						  &v) == CARC_OK);
			CHECK(v >= 0);
		}
		for (uint32_t k = 0; k < 3; k++) {
			CHECK(carc_game_event_get(f->game, (uint32_t)i,
						  CARC_EVENT_WINE + k,
						  &v) == CARC_OK);
			CHECK(v >= 0);
			/* only a completed city gives goods */
			if (type != CARC_EVENT_COMPLETED ||
			    kind != CARC_FEATURE_CITY)
				CHECK(v == 0);
			goods[k] += v;
		}
		CHECK(carc_game_event_get(f->game, (uint32_t)i,
					  CARC_EVENT_SCORERS,
					  &scorers) == CARC_OK);
		CHECK(scorers >= 0 && scorers < (1 << f->n_players));
		for (uint32_t p = 0; p < PLAYERS_MAX; p++) {
			static const uint32_t base[] = {
				CARC_EVENT_POINTS, CARC_EVENT_FIGURES,
				CARC_EVENT_BUILDING_POINTS, CARC_EVENT_PHANTOM,
				CARC_EVENT_TOKENS,
			};
			int32_t pts = 0, bpts = 0;

			for (size_t k = 0; k < sizeof(base) / sizeof(base[0]);
			     k++) {
				int rc = carc_game_event_get(f->game,
							     (uint32_t)i,
							     base[k] + p, &v);
				if (p >= f->n_players) {
					CHECK(rc == CARC_E_INVALID);
					continue;
				}
				CHECK(rc == CARC_OK);
				CHECK(v >= 0);
				if (base[k] == CARC_EVENT_POINTS)
					pts = v;
				else if (base[k] == CARC_EVENT_BUILDING_POINTS)
					bpts = v;
				else if (base[k] == CARC_EVENT_PHANTOM)
					CHECK(v <= 1);
				else if (base[k] == CARC_EVENT_TOKENS)
					/* a player's tokens of the kind,
					 * as carc_game_goods() counts
					 * them; 0 in other events */
					CHECK(type == CARC_EVENT_GOODS ?
					      v == carc_game_goods(f->game, p,
							(uint32_t)gkind) :
					      v == 0);
			}
			if (p >= f->n_players)
				continue;
			if (!(scorers & (1 << p)))
				CHECK(pts == 0 && bpts == 0);
			sum[p] += pts + bpts;
		}
		CHECK(carc_game_event_get(f->game, (uint32_t)i,
					  CARC_EVENT_TYPE, NULL) ==
		      CARC_E_INVALID);
		CHECK(carc_game_event_get(f->game, (uint32_t)i, 0, &v) ==
		      CARC_E_INVALID);
	}
	{
		int32_t v;

		CHECK(carc_game_event_get(f->game, (uint32_t)n,
					  CARC_EVENT_TYPE, &v) ==
		      CARC_E_INVALID);
	}
}

/* What must hold between any two calls and costs little: run after every
 * call.  The per-item walks are in check_full(). */
static void
check_cheap(struct fuzz *f)
{
	struct carc_game *g = f->game;
	int phase = carc_game_phase(g), over = carc_game_is_over(g);
	int tc = carc_game_tile_count(g), dc = carc_game_discard_count(g);
	int rt = carc_game_remaining_total(g), fc = carc_game_figure_count(g);
	int supply = 0, n;

	CHECK(phase >= CARC_PHASE_PLACE_TILE &&
	      phase <= CARC_PHASE_SECOND_TILE);
	CHECK(phase != CARC_PHASE_SECOND_TILE ||
	      (f->opt[CARC_OPT_TRADERS_BUILDERS] &&
	       f->opt[CARC_OPT_BUILDER_TURN] == CARC_BUILDER_TURN_OPTIONAL));
	CHECK(over == (phase == CARC_PHASE_GAME_OVER));
	CHECK(carc_game_current_player(g) >= 0 &&
	      carc_game_current_player(g) < (int)f->n_players);
	CHECK(tc >= 1 && dc >= 0 && rt >= 0 && fc >= 0);
	CHECK((uint32_t)(tc + dc + rt + (phase == CARC_PHASE_PLACE_TILE)) ==
	      f->tiles_total);
	CHECK(carc_game_history_count(g) == (int)f->depth);
	/* figures of every kind: on the board plus in the supplies */
	for (uint32_t p = 0; p < f->n_players; p++)
		for (size_t k = 0; k < N_FIGURE_KINDS; k++)
			supply += carc_game_supply(g, p, figure_kinds[k]);
	CHECK(supply + fc == f->figures_total);
	/* goods: as the events gave them */
	for (uint32_t p = 0; p < f->n_players; p++)
		for (uint32_t k = 0; k < 3; k++)
			CHECK(carc_game_goods(g, p, CARC_GOODS_WINE + k) ==
			      f->goods[p][k]);
	if (f->opt[CARC_OPT_LITTLE_BUILDINGS])
		for (uint32_t p = 0; p < f->n_players; p++)
			for (int k = 0; k < 3; k++)
				CHECK(carc_game_supply(g, p,
						CARC_FIGURE_TOWER + (uint32_t)k) ==
				      (f->lb_shared ? f->tokens[p][0]
						    : f->tokens[p][k]));
	n = legal(f);
	CHECK((n == 0) == over);
}

/* Everything that must hold between any two calls, item by item: run at
 * the end of an input and where a game is replaced by its clone. */
static void
check_full(struct fuzz *f)
{
	struct carc_game *g = f->game;
	int phase = carc_game_phase(g), over = carc_game_is_over(g);
	int tc = carc_game_tile_count(g), dc = carc_game_discard_count(g);
	int rt = carc_game_remaining_total(g), fc, bc, sum = 0, n;
	int figs[PLAYERS_MAX][CARC_FIGURE_PIG + 1];
	int on_board[3] = { 0 };
	int32_t goods_held[3] = { 0, 0, 0 };

	memset(figs, 0, sizeof(figs));
	CHECK(phase >= CARC_PHASE_PLACE_TILE &&
	      phase <= CARC_PHASE_SECOND_TILE);
	CHECK(over == (phase == CARC_PHASE_GAME_OVER));
	CHECK(carc_game_player_count(g) == (int)f->n_players);
	CHECK(carc_game_current_player(g) >= 0 &&
	      carc_game_current_player(g) < (int)f->n_players);
	CHECK(carc_game_rules(g) == f->rules);

	/* tiles: board + discarded + stack + hand = start tile + stack */
	CHECK(tc >= 1 && dc >= 0 && rt >= 0);
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
		int r = carc_game_remaining(g, t);

		CHECK(r >= 0 && r <= carc_rules_tile_count(f->rules, t));
		sum += r;
	}
	CHECK(sum == rt);
	CHECK((uint32_t)(tc + dc + rt + (phase == CARC_PHASE_PLACE_TILE)) ==
	      f->tiles_total);
	if (over) {
		CHECK(rt == 0);
		CHECK(carc_game_current_tile(g) == CARC_E_GAME_OVER);
	} else {
		CHECK(carc_game_current_tile(g) >= 0 &&
		      carc_game_current_tile(g) < CARC_TILE_TYPES);
	}
	for (int i = 0; i < tc; i++) {
		int32_t x, y;
		uint32_t tile, rot;

		CHECK(carc_game_tile_at(g, (uint32_t)i, &x, &y, &tile, &rot) ==
		      CARC_OK);
		CHECK(tile < CARC_TILE_TYPES && rot <= 3);
		CHECK(carc_game_tile_find(g, x, y) == i);
		if (i == 0)
			/* the start tile; the spring with the river */
			CHECK(x == 0 && y == 0 && rot == 0 &&
			      tile == (f->opt[CARC_OPT_RIVER] ?
				       CARC_TILE_RI_1 : CARC_TILE_D));
	}
	CHECK(carc_game_tile_at(g, (uint32_t)tc, NULL, NULL, NULL, NULL) ==
	      CARC_E_INVALID);
	for (int i = 0; i < dc; i++) {
		int t = carc_game_discard_at(g, (uint32_t)i);
		CHECK(t >= 0 && t < CARC_TILE_TYPES);
	}

	/* figures */
	fc = carc_game_figure_count(g);
	CHECK(fc >= 0);
	for (int i = 0; i < fc; i++) {
		uint32_t p, fig, feat;
		int32_t x, y;

		CHECK(carc_game_figure_at(g, (uint32_t)i, &p, &fig, &x, &y,
					  &feat) == CARC_OK);
		CHECK(p < f->n_players);
		CHECK(fig <= CARC_FIGURE_PIG && figure_start(f->opt, fig) > 0);
		CHECK(carc_game_tile_find(g, x, y) >= 0);
		/* the builder and the pig stand by their owner's follower
		 * or farmer, counted or not */
		if (fig != CARC_FIGURE_BUILDER && fig != CARC_FIGURE_PIG)
			CHECK(carc_game_feature_figures(g, x, y, feat, p) >= 1);
		figs[p][fig]++;
	}
	CHECK(carc_game_figure_at(g, (uint32_t)fc, NULL, NULL, NULL, NULL,
				  NULL) == CARC_E_INVALID);
	for (uint32_t p = 0; p < f->n_players; p++) {
		for (size_t k = 0; k < N_FIGURE_KINDS; k++) {
			uint32_t fig = figure_kinds[k];

			CHECK(figs[p][fig] + carc_game_supply(g, p, fig) ==
			      figure_start(f->opt, fig));
		}
		CHECK(carc_game_score(g, p) >= 0);
		for (uint32_t k = 0; k < 3; k++) {
			int v = carc_game_goods(g, p, CARC_GOODS_WINE + k);

			CHECK(v >= 0 && v <= 255);
			CHECK(f->opt[CARC_OPT_TRADERS_BUILDERS] || v == 0);
			goods_held[k] += v;
		}
		CHECK(carc_game_goods(g, p, CARC_GOODS_NONE) ==
		      CARC_E_INVALID);
		CHECK(carc_game_goods(g, p, CARC_GOODS_CLOTH + 1) ==
		      CARC_E_INVALID);
	}
	CHECK(carc_game_goods(g, f->n_players, CARC_GOODS_WINE) ==
	      CARC_E_INVALID);
	for (uint32_t k = 0; k < 3; k++)
		CHECK(goods_held[k] <= f->goods_total[k]);

	/* buildings */
	bc = carc_game_building_count(g);
	CHECK(bc >= 0);
	for (int i = 0; i < bc; i++) {
		int32_t x, y;
		uint32_t fig;

		CHECK(carc_game_building_at(g, (uint32_t)i, &x, &y, &fig) ==
		      CARC_OK);
		CHECK(fig >= CARC_FIGURE_TOWER && fig <= CARC_FIGURE_SHED);
		CHECK(carc_game_tile_find(g, x, y) >= 0);
		on_board[fig - CARC_FIGURE_TOWER]++;
	}
	CHECK(carc_game_building_at(g, (uint32_t)bc, NULL, NULL, NULL) ==
	      CARC_E_INVALID);
	{
		int32_t left[3] = { 0, 0, 0 };

		for (uint32_t p = 0; p < f->n_players; p++)
			for (int k = 0; k < 3; k++) {
				int s = carc_game_supply(g, p,
						CARC_FIGURE_TOWER + (uint32_t)k);
				int want = f->lb_shared ? f->tokens[p][0]
							: f->tokens[p][k];
				CHECK(s == want);
				left[k] += s;
			}
		if (f->lb_shared)
			CHECK(left[0] + bc == f->tokens_total[0]);
		else
			for (int k = 0; k < 3; k++)
				CHECK(left[k] + on_board[k] ==
				      f->tokens_total[k]);
	}

	/* the crop-circle action */
	if (phase == CARC_PHASE_CROP_RESPONSE)
		CHECK(carc_game_crop_action(g) == CARC_CROP_DEPLOY ||
		      carc_game_crop_action(g) == CARC_CROP_REMOVE);
	else
		CHECK(carc_game_crop_action(g) == 0);

	/* the part of the turn: a second tile earned at its decision, none
	 * without the builder, no part after the end */
	{
		int part = carc_game_turn_part(g);

		if (over)
			CHECK(part == CARC_E_GAME_OVER);
		else if (phase == CARC_PHASE_SECOND_TILE)
			CHECK(part == CARC_TURN_FIRST_BUILDER);
		else if (!f->opt[CARC_OPT_TRADERS_BUILDERS])
			CHECK(part == CARC_TURN_FIRST);
		else
			CHECK(part >= CARC_TURN_FIRST &&
			      part <= CARC_TURN_SECOND);
	}

	/* every decision point has a move; the end has none */
	check_moves(f);
	n = f->n_moves;
	CHECK((n == 0) == over);
}

enum call_kind {
	CALL_APPLY,		/* scores rise by the events' points */
	CALL_DRAW,		/* set_next_tile, set_draw_order: only a draw
				 * that ends the game may score */
	CALL_QUIET,		/* no score may change */
};

/* Checks after a call that returned @rc, given the hash before it. */
static void
after_call(struct fuzz *f, int rc, uint64_t hash_before, int events_before,
	   enum call_kind kind, int was_over)
{
	int32_t sum[PLAYERS_MAX], goods[3];

	CHECK(rc == CARC_OK || is_error_code(rc));
	if (rc < 0) {
		CHECK(carc_game_hash(f->game) == hash_before);
		CHECK(carc_game_event_count(f->game) == events_before);
		kind = CALL_QUIET;
	}
	if (kind == CALL_DRAW && !(carc_game_is_over(f->game) && !was_over))
		kind = CALL_QUIET;
	if (kind != CALL_QUIET) {
		event_points(f, sum, goods);
		/* the goods of the completed cities went to the players */
		for (uint32_t k = 0; k < 3; k++) {
			int32_t rise = 0, sat = 0;

			for (uint32_t p = 0; p < f->n_players; p++) {
				int32_t v = carc_game_goods(f->game, p,
							CARC_GOODS_WINE + k);

				CHECK(v >= f->goods[p][k]);
				rise += v - f->goods[p][k];
				sat |= v == 255;
				f->goods[p][k] = v;
			}
			CHECK(rise == goods[k] || (sat && rise < goods[k]));
		}
	}
	for (uint32_t p = 0; p < f->n_players; p++) {
		int32_t s = carc_game_score(f->game, p);

		CHECK(s >= f->score[p]);
		if (kind == CALL_QUIET)
			CHECK(s == f->score[p]);
		else
			CHECK(s - f->score[p] == sum[p]);
		f->score[p] = s;
	}
	check_cheap(f);
}

/* Apply @m, which is legal; keep the building tracker in step. */
static void
apply_legal(struct fuzz *f, carc_move_t m)
{
	uint64_t h = carc_game_hash(f->game);
	int ev = carc_game_event_count(f->game);
	int player = carc_game_current_player(f->game);
	int was_over = carc_game_is_over(f->game);

	struct snap *sn;

	if (f->depth == f->snaps_cap) {
		f->snaps_cap = f->snaps_cap * 2 + 64;
		f->snaps = xrealloc(f->snaps, f->snaps_cap * sizeof(*f->snaps));
	}
	sn = &f->snaps[f->depth];
	sn->hash = h;
	memcpy(sn->score, f->score, sizeof(sn->score));
	memcpy(sn->tokens, f->tokens, sizeof(sn->tokens));
	memcpy(sn->goods, f->goods, sizeof(sn->goods));
	CHECK(carc_game_is_legal(f->game, m) == 1);
	CHECK(carc_game_apply(f->game, m) == CARC_OK);
	f->depth++;
	f->applied++;
	if (carc_move_kind(m) == CARC_MOVE_DEPLOY &&
	    carc_move_figure(m) >= CARC_FIGURE_TOWER &&
	    carc_move_figure(m) <= CARC_FIGURE_SHED) {
		uint32_t k = f->lb_shared ? 0
				: carc_move_figure(m) - CARC_FIGURE_TOWER;
		f->tokens[player][k]--;
	}
	after_call(f, CARC_OK, h, ev, CALL_APPLY, was_over);
}

static void
op_legal_move(struct fuzz *f)
{
	uint32_t pick = take16(f);

	if (f->n_moves == 0)
		return;
	apply_legal(f, f->moves[pick % (uint32_t)f->n_moves]);
}

/* A move that is probably illegal: arbitrary bits, a mangled legal move
 * or one built by the constructors around the last tile. */
static carc_move_t
odd_move(struct fuzz *f)
{
	uint8_t how = take8(f) % 8;
	uint32_t a = take8(f), b = take8(f), c = take8(f);
	carc_move_t base = f->n_moves ?
		f->moves[a % (uint32_t)f->n_moves] : carc_move_pass();
	int32_t x = 0, y = 0, fx, fy;

	carc_game_tile_at(f->game,
			  (uint32_t)carc_game_tile_count(f->game) - 1, &x, &y,
			  NULL, NULL);
	switch (how) {
	case 0:
		return take64(f);
	case 1:
		return base ^ (1ull << (b % 64));
	case 2:
		return base ^ ((carc_move_t)b << (8 * (c % 8)));
	case 3:
		return carc_move_place(x + (int32_t)(a % 5) - 2,
				       y + (int32_t)(b % 5) - 2, c % 5);
	case 4:
		return carc_move_deploy(a % 10, x, y, b % 0x50);
	case 5:
		return carc_move_build(a % 7, x + (int32_t)(b % 3) - 1, y);
	case 6:
		fx = take_coord(f);
		fy = take_coord(f);
		return carc_move_remove(a % 4, fx, fy, b % 0x50);
	default:
		return c & 2 ? carc_move_second_tile() :
		       c & 1 ? carc_move_pass() : carc_move_crop_choice(a % 4);
	}
}

static void
op_odd_move(struct fuzz *f)
{
	carc_move_t m = odd_move(f);
	uint64_t h = carc_game_hash(f->game);
	int ev = carc_game_event_count(f->game);
	int was_over = carc_game_is_over(f->game);
	int listed = in_legal_list(f, m), is_legal, rc;
	uint32_t kind = carc_move_kind(m);

	is_legal = carc_game_is_legal(f->game, m);
	CHECK(is_legal == listed);
	if (listed) {
		apply_legal(f, m);
		return;
	}
	rc = carc_game_apply(f->game, m);
	CHECK(rc < 0);
	if (kind < CARC_MOVE_PLACE || kind > CARC_MOVE_SECOND_TILE)
		CHECK(rc == CARC_E_INVALID);
	if (was_over)
		CHECK(rc == CARC_E_INVALID || rc == CARC_E_GAME_OVER);
	after_call(f, rc, h, ev, CALL_APPLY, was_over);
}

static void
op_set_next_tile(struct fuzz *f)
{
	uint8_t b = take8(f);
	uint32_t t = b < 0xf8 ? b % (CARC_TILE_TYPES + 4) : UINT32_MAX - b % 4;
	uint64_t h = carc_game_hash(f->game);
	int ev = carc_game_event_count(f->game);
	int phase = carc_game_phase(f->game);
	int cur = carc_game_current_tile(f->game);
	int dc = carc_game_discard_count(f->game);
	int want, rc;

	if (phase == CARC_PHASE_GAME_OVER)
		want = CARC_E_GAME_OVER;
	else if (phase != CARC_PHASE_PLACE_TILE)
		want = CARC_E_WRONG_PHASE;
	else if (t >= CARC_TILE_TYPES)
		want = CARC_E_UNKNOWN_TILE;
	else if ((int)t == cur || carc_game_remaining(f->game, t) > 0)
		want = CARC_OK;
	else
		want = CARC_E_UNKNOWN_TILE;
	rc = carc_game_set_next_tile(f->game, t);
	CHECK(rc == want || (want == CARC_OK && f->opt[CARC_OPT_RIVER] &&
			     rc == CARC_E_NOT_ALLOWED));
	if (rc == CARC_OK && carc_game_phase(f->game) == CARC_PHASE_PLACE_TILE)
		/* in hand, or it fit nowhere and was discarded */
		CHECK(carc_game_current_tile(f->game) == (int)t ||
		      carc_game_discard_count(f->game) > dc);
	after_call(f, rc, h, ev, CALL_DRAW, phase == CARC_PHASE_GAME_OVER);
}

/* Shuffle order[0..n) with the input's bytes, then damage it as @how
 * says: 1 one tile too many, 2 one too few, 3 an unknown tile, 4 a tile
 * of another type (other values: none).  Sets *len to the length to pass
 * and returns the code a draw or stack setter must give for the damage. */
static int
shuffle_and_damage(struct fuzz *f, uint8_t how, uint32_t *order, size_t n,
		   size_t *len)
{
	int want = CARC_OK;

	for (size_t i = n; i > 1; i--) {
		size_t j = take16(f) % i;
		uint32_t tmp = order[i - 1];

		order[i - 1] = order[j];
		order[j] = tmp;
	}
	*len = n;
	switch (how) {
	case 1:
		*len = n + 1;
		order[n] = n > 0 ? order[0] : 0;
		want = CARC_E_INVALID;
		break;
	case 2:
		if (n > 0) {
			*len = n - 1;
			want = CARC_E_INVALID;
		}
		break;
	case 3:
		if (n > 0) {
			size_t i = take8(f) % n;

			order[i] = CARC_TILE_TYPES + take8(f);
			want = CARC_E_UNKNOWN_TILE;
		}
		break;
	case 4:
		if (n > 0) {
			size_t i = take8(f) % n;
			uint32_t t = take8(f) % CARC_TILE_TYPES;

			if (order[i] != t) {
				order[i] = t;
				want = CARC_E_UNKNOWN_TILE;
			}
		}
		break;
	}
	return want;
}

static void
op_set_draw_order(struct fuzz *f)
{
	uint8_t how = take8(f) % 8;
	uint64_t h = carc_game_hash(f->game);
	int ev = carc_game_event_count(f->game);
	int phase = carc_game_phase(f->game);
	int dc = carc_game_discard_count(f->game);
	int dn = carc_game_draw_order(f->game, NULL, 0);
	size_t n = 0, len;
	uint32_t *order;
	int want, rc, at_start, whole = 0;

	/* before the first move of a game whose first draw discarded
	 * tiles, a list as long as the whole draw order starts it again */
	CHECK(dn >= 0 && dn < (int)f->tiles_total);
	at_start = f->depth == 0 && dn > 0 &&
		   (dc > 0 || phase == CARC_PHASE_GAME_OVER);
	order = xrealloc(NULL, (f->tiles_total + 2) * sizeof(*order));
	if (at_start && how != 0 && (take8(f) & 1)) {
		/* the whole draw order, discarded tiles included */
		whole = 1;
		n = (size_t)dn;
		CHECK(carc_game_draw_order(f->game, order, n) == dn);
	} else {
		if (phase == CARC_PHASE_PLACE_TILE)
			order[n++] =
				(uint32_t)carc_game_current_tile(f->game);
		for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
			for (int c = carc_game_remaining(f->game, t); c > 0;
			     c--)
				order[n++] = t;
	}
	want = shuffle_and_damage(f, how, order, n, &len);
	if (how == 0) {
		want = CARC_E_INVALID;	/* NULL list */
	} else if (at_start && len == (size_t)dn) {
		/* a restart: the list must be a permutation of the whole
		 * draw order */
		int32_t diff[CARC_TILE_TYPES] = { 0 };
		uint32_t *all = xrealloc(NULL, (size_t)dn * sizeof(*all));

		CHECK(carc_game_draw_order(f->game, all, (size_t)dn) == dn);
		want = CARC_OK;
		for (size_t i = 0; i < len; i++) {
			diff[all[i]]++;
			if (order[i] >= CARC_TILE_TYPES)
				want = CARC_E_UNKNOWN_TILE;
			else
				diff[order[i]]--;
		}
		for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
			if (diff[t] != 0)
				want = CARC_E_UNKNOWN_TILE;
		free(all);
	} else if (phase == CARC_PHASE_GAME_OVER) {
		want = CARC_E_GAME_OVER;
	} else if (phase != CARC_PHASE_PLACE_TILE) {
		want = CARC_E_WRONG_PHASE;
	} else if (whole) {
		/* the whole order, one tile more or less: the usual checks
		 * of a list from now on, whatever they say */
		want = INT_MIN;
	}
	rc = carc_game_set_draw_order(f->game, how == 0 ? NULL : order, len);
	if (want == INT_MIN)
		want = rc;
	/* with The River a shuffle may take river tiles out of the river
	 * part of the stack, or move its lake */
	CHECK(rc == want || (want == CARC_OK && f->opt[CARC_OPT_RIVER] &&
			     rc == CARC_E_NOT_ALLOWED));
	if (rc == CARC_OK && at_start && len == (size_t)dn) {
		/* the game started again: its draw order is the list */
		uint32_t *again = xrealloc(NULL, len * sizeof(*again));

		CHECK(carc_game_draw_order(f->game, again, len) == (int)len);
		CHECK(memcmp(again, order, len * sizeof(*again)) == 0);
		free(again);
	}
	if (rc == CARC_OK && carc_game_phase(f->game) == CARC_PHASE_PLACE_TILE)
		/* in hand, or it fit nowhere and was discarded */
		CHECK(carc_game_current_tile(f->game) == (int)order[0] ||
		      carc_game_discard_count(f->game) >
				(at_start && len == (size_t)dn ? 0 : dc));
	free(order);
	after_call(f, rc, h, ev, CALL_DRAW, phase == CARC_PHASE_GAME_OVER);
}

/* carc_game_set_stack_order(): a shuffled stack, or one changed as in
 * op_set_draw_order(); on success the draw order is the tiles drawn
 * followed by the list, on failure as it was; nothing else changes. */
static void
op_set_stack_order(struct fuzz *f)
{
	uint8_t how = take8(f) % 8;
	uint64_t h = carc_game_hash(f->game);
	int ev = carc_game_event_count(f->game);
	int phase = carc_game_phase(f->game);
	int drawn = carc_game_drawn_count(f->game);
	int dn = carc_game_draw_order(f->game, NULL, 0);
	size_t n = 0, len;
	uint32_t *order, *before, *after;
	int want, rc;

	CHECK(drawn >= 0 && dn >= drawn);
	order = xrealloc(NULL, (f->tiles_total + 2) * sizeof(*order));
	before = xrealloc(NULL, ((size_t)dn + 1) * sizeof(*before));
	after = xrealloc(NULL, ((size_t)dn + 1) * sizeof(*after));
	CHECK(carc_game_draw_order(f->game, before, (size_t)dn) == dn);
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		for (int c = carc_game_remaining(f->game, t); c > 0; c--)
			order[n++] = t;
	CHECK(n == (size_t)(dn - drawn));
	want = shuffle_and_damage(f, how, order, n, &len);
	if (how == 0 && n > 0)
		want = CARC_E_INVALID;	/* NULL list */
	/* over, the stack is empty: a NULL list has length 0 */
	if (phase == CARC_PHASE_GAME_OVER)
		want = CARC_E_GAME_OVER;
	rc = carc_game_set_stack_order(f->game, how == 0 ? NULL : order, len);
	CHECK(rc == want || (want == CARC_OK && f->opt[CARC_OPT_RIVER] &&
			     rc == CARC_E_NOT_ALLOWED));
	CHECK(carc_game_phase(f->game) == phase);
	CHECK(carc_game_drawn_count(f->game) == drawn);
	CHECK(carc_game_draw_order(f->game, after, (size_t)dn) == dn);
	CHECK(memcmp(after, before, (size_t)drawn * sizeof(*after)) == 0);
	CHECK(memcmp(after + drawn, rc == CARC_OK ? order : before + drawn,
		     n * sizeof(*after)) == 0);
	CHECK(carc_game_hash(f->game) == h);
	CHECK(carc_game_event_count(f->game) == ev);
	free(order);
	free(before);
	free(after);
	after_call(f, rc, h, ev, CALL_QUIET, 0);
}

static void
op_shuffle(struct fuzz *f)
{
	uint64_t h = carc_game_hash(f->game);
	int ev = carc_game_event_count(f->game);

	/* the hash covers the multiset of the stack, not its order */
	CHECK(carc_game_shuffle_stack(f->game, take64(f)) == CARC_OK);
	CHECK(carc_game_hash(f->game) == h);
	after_call(f, CARC_OK, h, ev, CALL_QUIET, 0);
}

/* @a and @b hold the same state: compare them through the API. */
static void
check_same(struct carc_game *a, struct carc_game *b)
{
	CHECK(carc_game_hash(a) == carc_game_hash(b));
	CHECK(carc_game_rules(a) == carc_game_rules(b));
	CHECK(carc_game_phase(a) == carc_game_phase(b));
	CHECK(carc_game_current_player(a) == carc_game_current_player(b));
	CHECK(carc_game_current_tile(a) == carc_game_current_tile(b));
	CHECK(carc_game_tile_count(a) == carc_game_tile_count(b));
	CHECK(carc_game_figure_count(a) == carc_game_figure_count(b));
	CHECK(carc_game_building_count(a) == carc_game_building_count(b));
	CHECK(carc_game_remaining_total(a) == carc_game_remaining_total(b));
	CHECK(carc_game_discard_count(a) == carc_game_discard_count(b));
	CHECK(carc_game_event_count(a) == carc_game_event_count(b));
	for (uint32_t p = 0; p < (uint32_t)carc_game_player_count(a); p++)
		CHECK(carc_game_score(a, p) == carc_game_score(b, p));
}

/* Play the same legal move on f->game and @other; they must agree.  The
 * stack order is hidden from the hash, so draws are compared through
 * the tile in hand as well. */
static void
play_both(struct fuzz *f, struct carc_game *other)
{
	carc_move_t m;

	if (f->n_moves == 0)
		return;
	m = f->moves[take8(f) % (uint32_t)f->n_moves];
	CHECK(carc_game_apply(other, m) == CARC_OK);
	apply_legal(f, m);
	check_same(f->game, other);
}

static void
op_clone(struct fuzz *f)
{
	struct carc_game *c = NULL;
	uint64_t h = carc_game_hash(f->game);
	uint8_t how = take8(f);

	CHECK(carc_game_clone(f->game, &c) == CARC_OK);
	CHECK(c != NULL && c != f->game);
	check_same(f->game, c);
	if (how & 1)
		play_both(f, c);
	else
		CHECK(carc_game_hash(f->game) == h);
	if ((how & 0x1c) == 0x1c && !f->saved) {
		/* a saved record loads to the same state (rarely: a save
		 * costs more than a short input) */
		struct carc_game *l = NULL;
		int len;
		char *text = save_text(f->game, &len);

		l = load_saved(text, len);
		CHECK(carc_game_hash(l) == carc_game_hash(f->game));
		CHECK(carc_game_history_count(l) ==
		      carc_game_history_count(f->game));
		carc_game_free(l);
		free(text);
		f->saved = 1;
	}
	if (how & 2) {
		/* go on with the clone; the original must not be needed */
		carc_game_free(f->game);
		f->game = c;
		check_cheap(f);
	} else {
		carc_game_free(c);
	}
}

static struct carc_game *
new_spare(struct fuzz *f)
{
	struct carc_game *g = NULL;
	uint32_t n = 2 + take8(f) % 5;
	uint64_t seed = take64(f);

	if (!f->alt) {
		/* built once per kind, like the rules of make_rules() */
		static struct carc_rules *alt_cache[256];

		if (!alt_cache[f->alt_how])
			alt_cache[f->alt_how] = make_alt_rules(f->alt_how);
		f->alt = carc_rules_ref(alt_cache[f->alt_how]);
	}
	CHECK(carc_game_new(f->alt, n, seed, &g) == CARC_OK);
	return g;
}

static void
op_copy(struct fuzz *f)
{
	uint64_t h = carc_game_hash(f->game);
	uint8_t how = take8(f);

	if (!f->spare)
		f->spare = new_spare(f);
	CHECK(carc_game_copy(f->game, f->game) == CARC_OK);
	CHECK(carc_game_copy(NULL, f->game) == CARC_E_INVALID);
	CHECK(carc_game_copy(f->spare, NULL) == CARC_E_INVALID);
	CHECK(carc_game_hash(f->game) == h);
	CHECK(carc_game_copy(f->spare, f->game) == CARC_OK);
	check_same(f->game, f->spare);
	if (how & 1)
		play_both(f, f->spare);
	if (how & 2) {
		struct carc_game *old = f->game;

		f->game = f->spare;
		f->spare = NULL;
		carc_game_free(old);
		check_cheap(f);
	} else if (how & 8) {
		/* back into a game of the other size */
		carc_game_free(f->spare);
		f->spare = NULL;
	}
}

/* Queries with fuzzed arguments: results within the documented set and
 * nothing changed. */
static void
op_query(struct fuzz *f)
{
	struct carc_game *g = f->game;
	uint64_t h = carc_game_hash(g);
	uint8_t what = take8(f) % 10;
	uint32_t n = f->n_players;
	int tc = carc_game_tile_count(g), rc;
	int32_t x = 0, y = 0, v;
	uint32_t tile = 0, feats[16], feat, player, idx;
	uint8_t sel = take8(f), a = take8(f), b = take8(f);
	int nf;

	idx = sel & 0x80 ? take32(f) : take8(f);
	/* a real tile and one of its features, or fuzzed ones */
	if (sel & 1) {
		CHECK(carc_game_tile_at(g, a % (uint32_t)tc, &x, &y, &tile,
					NULL) == CARC_OK);
	} else {
		x = take_coord(f);
		y = take_coord(f);
	}
	nf = carc_tile_features(tile, feats, 16);
	CHECK(nf >= 1 && nf <= 16);
	feat = sel & 2 ? feats[b % (uint32_t)nf] : b;
	player = take8(f) % (n + 2);

	switch (what) {
	case 0:
		rc = carc_game_tile_at(g, idx, NULL, &y, NULL, NULL);
		CHECK(rc == ((int64_t)idx < tc ? CARC_OK : CARC_E_INVALID));
		break;
	case 1:
		rc = carc_game_tile_find(g, x, y);
		CHECK(rc >= 0 || rc == CARC_E_NOT_FOUND);
		break;
	case 2:
		rc = carc_game_feature_is_complete(g, x, y, feat);
		CHECK(rc == 0 || rc == 1 || rc == CARC_E_NOT_FOUND ||
		      rc == CARC_E_NO_FEATURE);
		if (rc == 1)
			CHECK(feat >> 4 != CARC_FEATURE_FIELD);
		break;
	case 3:
		rc = carc_game_feature_figures(g, x, y, feat, player);
		if (player >= n)
			CHECK(rc == CARC_E_INVALID);
		else
			CHECK(rc >= 0 || rc == CARC_E_NOT_FOUND ||
			      rc == CARC_E_NO_FEATURE);
		break;
	case 4:
		rc = carc_game_figure_at(g, idx, NULL, NULL, NULL, NULL, NULL);
		CHECK(rc == ((int64_t)idx < carc_game_figure_count(g) ?
			     CARC_OK : CARC_E_INVALID));
		rc = carc_game_building_at(g, idx, NULL, NULL, NULL);
		CHECK(rc == ((int64_t)idx < carc_game_building_count(g) ?
			     CARC_OK : CARC_E_INVALID));
		break;
	case 5:
		rc = carc_game_discard_at(g, idx);
		if ((int64_t)idx < carc_game_discard_count(g))
			CHECK(rc >= 0 && rc < CARC_TILE_TYPES);
		else
			CHECK(rc == CARC_E_INVALID);
		rc = carc_game_remaining(g, idx);
		if (idx >= CARC_TILE_TYPES)
			CHECK(rc == CARC_E_UNKNOWN_TILE);
		break;
	case 6:
		rc = carc_game_supply(g, player, idx);
		if (player >= n || idx < CARC_FIGURE_FOLLOWER ||
		    idx > CARC_FIGURE_PIG)
			CHECK(rc == CARC_E_INVALID);
		else
			CHECK(rc >= 0);
		rc = carc_game_score(g, player);
		CHECK(player >= n ? rc == CARC_E_INVALID : rc >= 0);
		break;
	case 7:
		rc = carc_game_event_get(g, idx, take32(f), &v);
		CHECK(rc == CARC_OK || rc == CARC_E_INVALID);
		if ((int64_t)idx >= carc_game_event_count(g))
			CHECK(rc == CARC_E_INVALID);
		break;
	case 8:
		rc = carc_rules_get(f->rules, idx, &v);
		if (idx >= 1 && idx <= N_OPTIONS)
			CHECK(rc == CARC_OK && v == f->opt[idx]);
		else if (idx >= 1 && idx < first_unknown_option())
			CHECK(rc == CARC_OK);
		else
			CHECK(rc == CARC_E_UNKNOWN_OPTION);
		rc = carc_rules_tile_count(f->rules, idx);
		CHECK(idx < CARC_TILE_TYPES ? rc >= 0
					    : rc == CARC_E_UNKNOWN_TILE);
		break;
	default:
		rc = carc_game_is_legal(g, take64(f));
		CHECK(rc == 0 || rc == 1);
		break;
	}
	CHECK(carc_game_hash(g) == h);
}

/* The stateless functions: tiles, features, names, moves. */
static void
op_static(struct fuzz *f)
{
	uint32_t t = take8(f) % (CARC_TILE_TYPES + 3);
	uint32_t rot = take8(f) % 6, side = take8(f) % 6;
	uint32_t feats[17];
	char buf[64];
	int rc, nf;

	/* edges rotate with the tile */
	rc = carc_tile_edge(t, rot, side);
	if (t >= CARC_TILE_TYPES)
		CHECK(rc == CARC_E_UNKNOWN_TILE ||
		      (rc == CARC_E_INVALID && (rot > 3 || side > 3)));
	else if (rot > 3 || side > 3)
		CHECK(rc == CARC_E_INVALID);
	else
		CHECK(rc >= CARC_EDGE_CITY && rc <= CARC_EDGE_RIVER &&
		      rc == carc_tile_edge(t, 0, (side + 4 - rot) & 3));

	nf = carc_tile_features(t, NULL, 0);
	if (t >= CARC_TILE_TYPES) {
		CHECK(nf == CARC_E_UNKNOWN_TILE);
		CHECK(carc_tile_name(t) == NULL);
		CHECK(carc_tile_symbol(t) == CARC_E_UNKNOWN_TILE);
		return;
	}
	CHECK(nf >= 1 && nf <= 16);
	CHECK(carc_tile_features(t, NULL, 1) == CARC_E_INVALID);
	{
		size_t cap = take8(f) % (size_t)(nf + 1);

		feats[cap] = 0xabcdu;
		CHECK(carc_tile_features(t, feats, cap) == nf);
		CHECK(feats[cap] == 0xabcdu || cap == (size_t)nf);
		CHECK(carc_tile_features(t, feats, 16) == nf);
	}
	CHECK(carc_tile_from_name(carc_tile_name(t)) == (int)t);
	rc = carc_tile_symbol(t);
	CHECK(rc >= CARC_SYMBOL_NONE && rc <= CARC_SYMBOL_SHIELD);

	for (int i = 0; i < nf; i++) {
		uint32_t k = feats[i] >> 4, r = rot & 3;
		int m0 = carc_tile_feature_sides(t, 0, feats[i]);
		int mr = carc_tile_feature_sides(t, r, feats[i]);

		CHECK(carc_feature_from_name(carc_feature_name(feats[i])) ==
		      (int)feats[i]);
		CHECK(m0 >= 0 && mr >= 0);
		if (k == CARC_FEATURE_CITY || k == CARC_FEATURE_ROAD) {
			CHECK(mr == (((m0 << r) | (m0 >> (4 - r))) & 15));
			for (uint32_t s = 0; s < 4; s++)
				if (m0 & (1 << s))
					CHECK(carc_tile_edge(t, 0, s) ==
					      (k == CARC_FEATURE_CITY ?
					       CARC_EDGE_CITY : CARC_EDGE_ROAD));
		} else if (k == CARC_FEATURE_FIELD) {
			CHECK(mr == (((m0 << 2 * r) | (m0 >> (8 - 2 * r))) &
				     255));
			for (uint32_t h = 0; h < 8; h++)
				if (m0 & (1 << h))
					CHECK(carc_tile_edge(t, 0, h / 2) !=
					      CARC_EDGE_CITY);
		} else {
			CHECK(k == CARC_FEATURE_MONASTERY && m0 == 0);
		}
		rc = carc_tile_feature_pennants(t, feats[i]);
		CHECK(rc >= 0 && (k == CARC_FEATURE_CITY || rc == 0));
		rc = carc_tile_field_cities(t, feats[i]);
		CHECK(rc >= 0 && (k == CARC_FEATURE_FIELD || rc == 0));
	}
	rc = carc_tile_feature_sides(t, rot, take8(f));
	CHECK(rc >= 0 || rc == CARC_E_NO_FEATURE || rc == CARC_E_INVALID);

	/* names from fuzzed bytes */
	{
		size_t len = take8(f) % 8;

		for (size_t i = 0; i < len; i++)
			buf[i] = (char)take8(f);
		buf[len] = '\0';
		rc = carc_tile_from_name(buf);
		CHECK(rc == CARC_E_UNKNOWN_TILE ||
		      (rc >= 0 && strcmp(carc_tile_name((uint32_t)rc), buf) == 0));
		rc = carc_feature_from_name(buf);
		CHECK(rc == CARC_E_INVALID ||
		      (rc > 0 &&
		       strcmp(carc_feature_name((uint32_t)rc), buf) == 0));
	}
	CHECK(carc_strerror((int)take32(f)) != NULL);
}

/* Constructors, accessors and carc_move_describe. */
static void
op_move_values(struct fuzz *f)
{
	int32_t x = take_coord(f), y = take_coord(f);
	uint32_t rot = take8(f) % 6, fig = take8(f) % 10, feat = take8(f);
	int coords_ok = x >= -32768 && x <= 32767 && y >= -32768 &&
			y <= 32767;
	carc_move_t m = carc_move_place(x, y, rot);
	char buf[80], full[80];
	int len;
	size_t cap;

	if (!coords_ok || rot > 3) {
		CHECK(m == CARC_MOVE_NONE);
	} else {
		CHECK(carc_move_kind(m) == CARC_MOVE_PLACE &&
		      carc_move_x(m) == x && carc_move_y(m) == y &&
		      carc_move_rotation(m) == rot);
	}
	m = carc_move_deploy(fig, x, y, feat);
	if (m != CARC_MOVE_NONE)
		CHECK(coords_ok && carc_move_kind(m) == CARC_MOVE_DEPLOY &&
		      carc_move_figure(m) == fig &&
		      carc_move_feature(m) == feat && carc_move_x(m) == x &&
		      carc_move_y(m) == y &&
		      carc_feature_name(feat) != NULL);
	m = carc_move_build(fig, x, y);
	CHECK((m != CARC_MOVE_NONE) ==
	      (coords_ok && fig >= CARC_FIGURE_TOWER &&
	       fig <= CARC_FIGURE_SHED));
	m = carc_move_crop_choice(fig);
	CHECK((m != CARC_MOVE_NONE) ==
	      (fig == CARC_CROP_DEPLOY || fig == CARC_CROP_REMOVE));

	m = take8(f) & 1 ? take64(f) : odd_move(f);
	len = carc_move_describe(m, NULL, 0);
	CHECK(len >= 0 || len == CARC_E_INVALID);
	CHECK(carc_move_describe(m, NULL, 3) == CARC_E_INVALID);
	if (len < 0 || len >= (int)sizeof(full))
		return;
	CHECK(carc_move_describe(m, full, sizeof(full)) == len);
	CHECK(strlen(full) == (size_t)len);
	/* carc_move_parse() is the exact inverse; a text changed in one
	 * byte is refused or is the very text of the move it gives */
	{
		carc_move_t back = CARC_MOVE_NONE;
		char text[80], again[80];
		size_t at;

		CHECK(carc_move_parse(full, &back) == CARC_OK && back == m);
		memcpy(text, full, (size_t)len + 1);
		at = take8(f) % (size_t)len;
		text[at] = (char)take8(f);
		back = CARC_MOVE_NONE;
		if (carc_move_parse(text, &back) == CARC_OK)
			CHECK(carc_move_describe(back, again, sizeof(again)) ==
				      (int)strlen(text) &&
			      strcmp(again, text) == 0);
		else
			CHECK(back == CARC_MOVE_NONE);
	}
	cap = take8(f) % sizeof(buf);
	memset(buf, 'Z', sizeof(buf));
	CHECK(carc_move_describe(m, buf, cap) == len);
	if (cap > 0) {
		size_t kept = cap - 1 < (size_t)len ? cap - 1 : (size_t)len;

		CHECK(buf[kept] == '\0' && memcmp(buf, full, kept) == 0);
	}
	if (cap < sizeof(buf))
		CHECK(buf[cap] == 'Z');
}

/* The buffer contract with a short buffer. */
static void
op_short_buffer(struct fuzz *f)
{
	int n = f->n_moves;
	size_t cap;
	carc_move_t *tmp;

	if (n == 0)
		return;
	cap = take8(f) % (size_t)n;
	tmp = xrealloc(NULL, (cap + 1) * sizeof(*tmp));
	tmp[cap] = 0x1234;
	CHECK(carc_game_legal_moves(f->game, tmp, cap) == n);
	CHECK(tmp[cap] == 0x1234);
	CHECK(cap == 0 || memcmp(tmp, f->moves, cap * sizeof(*tmp)) == 0);
	free(tmp);
}

/* carc_game_undo(): back to the decision point before the last move,
 * with its hash, scores and supplies. */
static void
op_undo(struct fuzz *f)
{
	uint64_t h = carc_game_hash(f->game);
	int ev = carc_game_event_count(f->game);
	const struct snap *sn;
	int rc = carc_game_undo(f->game);

	if (f->depth == 0) {
		CHECK(rc == CARC_E_NOT_FOUND);
		after_call(f, rc, h, ev, CALL_QUIET, 0);
		return;
	}
	CHECK(rc == CARC_OK);
	sn = &f->snaps[--f->depth];
	CHECK(carc_game_hash(f->game) == sn->hash);
	for (uint32_t p = 0; p < f->n_players; p++)
		CHECK(carc_game_score(f->game, p) == sn->score[p]);
	memcpy(f->score, sn->score, sizeof(f->score));
	memcpy(f->tokens, sn->tokens, sizeof(f->tokens));
	memcpy(f->goods, sn->goods, sizeof(f->goods));
	check_cheap(f);
}

/* A stretch of play: up to 32 legal moves chosen by a small generator
 * seeded from the input, so that short inputs get further into a game. */
static void
op_run(struct fuzz *f)
{
	uint32_t steps = take8(f) % 32 + 1, state = take8(f) * 2654435761u + 1;

	for (uint32_t i = 0; i < steps && f->n_moves > 0 &&
	     f->applied < MOVES_MAX; i++) {
		state ^= state << 13;
		state ^= state >> 17;
		state ^= state << 5;
		apply_legal(f, f->moves[state % (uint32_t)f->n_moves]);
	}
}

/*
 * The text of carc_game_save() as a buffer of exactly *len bytes with no
 * NUL after it, so that AddressSanitizer reports a load that reads past
 * the length it is given.  A save replays the whole history (and builds
 * the default rules to compare tile counts), so the text is asked for in
 * one call into a scratch buffer that nearly always holds it, not by a
 * size query and a second call; the buffer contract (NULL with 0,
 * truncation) is checked by check_save_contract().
 */
static char *
save_text(const struct carc_game *g, int *len)
{
	static char *scratch;		/* kept between inputs */
	static size_t cap;
	char *text;
	int n;

	if (!scratch) {
		cap = 8192;
		scratch = xrealloc(NULL, cap);
	}
	n = carc_game_save(g, scratch, cap);
	if (n <= 0)
		fprintf(stderr, "fuzz-api: carc_game_save() gives %d (%s)\n",
			n, carc_strerror(n));
	CHECK(n > 0);
	if ((size_t)n >= cap) {
		/* truncated: the first cap - 1 bytes and a NUL */
		CHECK(strlen(scratch) == cap - 1);
		cap = (size_t)n + 1024;
		scratch = xrealloc(scratch, cap);
		CHECK(carc_game_save(g, scratch, cap) == n);
	}
	CHECK(scratch[n] == '\0' && strlen(scratch) == (size_t)n);
	text = xrealloc(NULL, (size_t)n);
	memcpy(text, scratch, (size_t)n);
	*len = n;
	return text;
}

/* The snprintf-style contract of carc_game_save() on @g, whose text is
 * @text (@len bytes): the size query with NULL and 0, or a buffer of a
 * fuzzed size that gets a prefix and a NUL and nothing beyond. */
static void
check_save_contract(const struct carc_game *g, const char *text, int len,
		    uint8_t how)
{
	char *buf;
	size_t cap;

	if (how & 1) {
		CHECK(carc_game_save(g, NULL, 0) == len);
		CHECK(carc_game_save(g, NULL, 1) == CARC_E_INVALID);
		return;
	}
	cap = (size_t)(how >> 1) * (size_t)len / 63;	/* 0 .. len */
	buf = xrealloc(NULL, cap + 1);
	buf[cap] = 'Z';
	CHECK(carc_game_save(g, buf, cap) == len);
	CHECK(buf[cap] == 'Z');
	if (cap > 0)
		CHECK(strlen(buf) == cap - 1 &&
		      memcmp(buf, text, cap - 1) == 0);
	free(buf);
}

/* Load a record carc_game_save() wrote: it must load (the message and
 * the record go to stderr when it does not). */
static struct carc_game *
load_saved(const char *text, int len)
{
	struct carc_game *l = NULL;
	char msg[160];
	uint32_t line = 0, col = 0;
	int rc = carc_game_load(text, (size_t)len, &l, &line, &col, msg,
				sizeof(msg));

	if (rc != CARC_OK)
		fprintf(stderr, "fuzz-api: the saved record does not load: "
			"%d, line %u column %u: %s\n%.*s\n", rc, line, col,
			msg, len, text);
	CHECK(rc == CARC_OK && l != NULL);
	return l;
}

/*
 * A saved record loads to the same state, which saves to the same text,
 * under rules equal to the game's, and the save keeps its buffer
 * contract.  Once per input: a round trip costs more than the rest of a
 * short input (each save replays the history, the load applies every
 * move again, and both build rules), and libFuzzer favoured inputs that
 * repeat it, as every save of a longer record reached new counters in
 * the record writer.  Over a campaign every kind of state still gets
 * its round trips; the record parser has its own harness (fuzz-record).
 */
static void
op_save_load(struct fuzz *f)
{
	struct carc_game *l = NULL;
	uint8_t how = take8(f);
	int len, len2;
	char *text, *again;

	if (f->saved)
		return;
	f->saved = 1;
	text = save_text(f->game, &len);
	l = load_saved(text, len);
	CHECK(carc_game_hash(l) == carc_game_hash(f->game));
	CHECK(carc_game_history_count(l) == carc_game_history_count(f->game));
	again = save_text(l, &len2);
	CHECK(len2 == len && memcmp(again, text, (size_t)len) == 0);
	check_save_contract(l, text, len, how >> 1);
	free(again);
	free(text);
	if (how & 1) {
		/* the loaded rules are an equal object of their own */
		const struct carc_rules *r = carc_game_rules(l);
		int32_t v;

		for (uint32_t o = 1; o <= N_OPTIONS; o++)
			CHECK(carc_rules_get(r, o, &v) == CARC_OK &&
			      v == f->opt[o]);
		for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
			CHECK(carc_rules_tile_count(r, t) ==
			      carc_rules_tile_count(f->rules, t));
	}
	carc_game_free(l);
}

/* The history and the draw order, read back with fuzzed indices and
 * buffer sizes. */
static void
op_history(struct fuzz *f)
{
	uint32_t idx = take8(f);
	int hc = carc_game_history_count(f->game), dn, drawn, rc;
	carc_move_t m = 0x5a5a;
	uint32_t buf[8];
	size_t cap = take8(f) % 9;

	rc = carc_game_history_at(f->game, idx, &m);
	if ((int)idx < hc)
		CHECK(rc == CARC_OK && carc_move_kind(m) >= CARC_MOVE_PLACE &&
		      carc_move_kind(m) <= CARC_MOVE_SECOND_TILE);
	else
		CHECK(rc == CARC_E_INVALID && m == 0x5a5a);
	CHECK(carc_game_history_at(f->game, 0, NULL) == CARC_E_INVALID);
	dn = carc_game_draw_order(f->game, NULL, 0);
	CHECK(dn == (int)f->tiles_total - 1);
	for (size_t i = 0; i < 8; i++)
		buf[i] = 0xabcdu;
	CHECK(carc_game_draw_order(f->game, buf, cap) == dn);
	for (size_t i = (size_t)dn < cap ? (size_t)dn : cap; i < 8; i++)
		CHECK(buf[i] == 0xabcdu);
	for (size_t i = 0; i < cap && i < (size_t)dn; i++)
		CHECK(buf[i] < CARC_TILE_TYPES);
	CHECK(carc_game_draw_order(f->game, NULL, 1) == CARC_E_INVALID);
	drawn = carc_game_drawn_count(f->game);
	CHECK(drawn >= 0 && drawn <= dn);
	CHECK(dn - drawn == carc_game_remaining_total(f->game));
}

/* The board-level feature queries of 0.2 on a placed tile. */
static void
op_feature(struct fuzz *f)
{
	struct carc_game *g = f->game;
	uint64_t h = carc_game_hash(g);
	int tc = carc_game_tile_count(g), nf, rc;
	uint32_t tile, feats[16], feat, idx = take8(f) % 20, attr;
	int32_t x, y, v = 77, x0, y0, x1, y1, pieces = -1;
	uint8_t a = take8(f), b = take8(f);

	CHECK(carc_game_tile_at(g, a % (uint32_t)tc, &x, &y, &tile, NULL) ==
	      CARC_OK);
	nf = carc_tile_features(tile, feats, 16);
	CHECK(nf >= 1);
	feat = feats[b % (uint32_t)nf];
	attr = take8(f) < 0xf0 ? (uint32_t)1 << (take8(f) % 11)
			       : take32(f);
	rc = carc_game_feature_get(g, x, y, feat, attr, &v);
	CHECK(rc == CARC_OK || (rc == CARC_E_INVALID && v == 77));
	CHECK(carc_game_feature_get(g, x, y, feat, CARC_FEATURE_ATTR_PIECES,
				    &pieces) == CARC_OK);
	CHECK(pieces >= 1);
	rc = carc_game_feature_piece_at(g, x, y, feat, idx, &x0, &y0, NULL);
	CHECK(((int32_t)idx < pieces) == (rc == CARC_OK));
	if (rc == CARC_OK)
		CHECK(carc_game_tile_find(g, x0, y0) >= 0);
	rc = carc_game_feature_city_at(g, x, y, feat, idx % 4, NULL, NULL,
				       NULL);
	CHECK(rc == CARC_OK || rc == CARC_E_INVALID);
	CHECK(carc_game_feature_get(g, x + 1000, y, feat,
				    CARC_FEATURE_ATTR_PIECES, &v) ==
	      CARC_E_NOT_FOUND);
	CHECK(carc_game_bounds(g, &x0, &y0, &x1, &y1) == CARC_OK);
	CHECK(x0 <= x && x <= x1 && y0 <= y && y <= y1);
	CHECK(carc_game_memory_size(g) > 0);
	CHECK(carc_game_hash(g) == h);
}

/* The expensive end-of-input checks: every item of the state, the move
 * list, and the game recomputed from scratch (a new game with the same
 * draw order, replaying the history, hashes and scores the same).  The
 * save/load round trip is an operation of its own (op_save_load), as it
 * costs more than a short input. */
static void
check_end(struct fuzz *f)
{
	struct carc_game *g = NULL;
	uint32_t *order;
	int dn = carc_game_draw_order(f->game, NULL, 0);
	int hc = carc_game_history_count(f->game);

	check_full(f);
	CHECK(dn >= 0 && hc == (int)f->depth);
	order = xrealloc(NULL, ((size_t)dn + 1) * sizeof(*order));
	CHECK(carc_game_draw_order(f->game, order, (size_t)dn) == dn);
	CHECK(carc_game_new(f->rules, f->n_players, f->seed, &g) == CARC_OK);
	/* an empty list is refused like NULL; a new game of an empty stack
	 * has nothing to order */
	if (dn > 0)
		CHECK(carc_game_set_draw_order(g, order, (size_t)dn) ==
		      CARC_OK);
	for (int i = 0; i < hc; i++) {
		carc_move_t m;

		CHECK(carc_game_history_at(f->game, (uint32_t)i, &m) ==
		      CARC_OK);
		CHECK(carc_game_apply(g, m) == CARC_OK);
	}
	CHECK(carc_game_hash(g) == carc_game_hash(f->game));
	for (uint32_t p = 0; p < f->n_players; p++)
		CHECK(carc_game_score(g, p) == carc_game_score(f->game, p));
	carc_game_free(g);
	free(order);
}

/*
 * A cache of built rules, by their options and tile counts: a build
 * costs more than a short input, and libFuzzer picks its next input to
 * mutate from the whole corpus (thousands of rule sets), so a cache of a
 * few recent entries missed nearly always.  Rules are immutable and
 * reference-counted, so the inputs share them as threads would; the
 * cache keeps one reference (reachable, so LeakSanitizer does not report
 * it).  An entry is found by a hash of its key; a collision replaces the
 * older rules, which the game of the current input may still hold.
 */
#define RULES_CACHE 1024	/* a power of two; ~20 KB of rules each */

static struct {
	int32_t opt[N_OPTIONS + 1];
	uint32_t counts[CARC_TILE_TYPES];
	struct carc_rules *rules;
} rules_cache[RULES_CACHE];

static unsigned
rules_slot(const struct fuzz *f, const uint32_t *counts)
{
	uint32_t h = 2166136261u;	/* FNV-1a over the key's values */

	for (uint32_t o = 0; o <= N_OPTIONS; o++)
		h = (h ^ (uint32_t)f->opt[o]) * 16777619u;
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		h = (h ^ counts[t]) * 16777619u;
	return (h ^ h >> 16) & (RULES_CACHE - 1);
}

static struct carc_rules *
cached_rules(const struct fuzz *f, const uint32_t *counts)
{
	unsigned i = rules_slot(f, counts);

	if (rules_cache[i].rules &&
	    memcmp(rules_cache[i].opt, f->opt, sizeof(f->opt)) == 0 &&
	    memcmp(rules_cache[i].counts, counts,
		   sizeof(rules_cache[i].counts)) == 0)
		return rules_cache[i].rules;
	return NULL;
}

static void
cache_rules(const struct fuzz *f, const uint32_t *counts,
	    struct carc_rules *r)
{
	unsigned i = rules_slot(f, counts);

	carc_rules_unref(rules_cache[i].rules);
	memcpy(rules_cache[i].opt, f->opt, sizeof(f->opt));
	memcpy(rules_cache[i].counts, counts, sizeof(rules_cache[i].counts));
	carc_rules_ref(r);
	rules_cache[i].rules = r;
}

/* Whether tiles of type @t enter the stack under the options of @f, by
 * the documentation of the expansions' options. */
static int
tile_on(const struct fuzz *f, uint32_t t)
{
	if (t >= CARC_TILE_CCI_1 && t < CARC_TILE_CCII_1)
		return f->opt[CARC_OPT_CROP_CIRCLES_I];
	if (t >= CARC_TILE_CCII_1 && t < CARC_TILE_RI_1)
		return f->opt[CARC_OPT_CROP_CIRCLES_II];
	if (t >= CARC_TILE_RI_1 && t < CARC_TILE_IC_1)
		return f->opt[CARC_OPT_RIVER];
	if (t >= CARC_TILE_IC_1 && t < CARC_TILE_TB_1)
		return f->opt[CARC_OPT_INNS_CATHEDRALS];
	if (t >= CARC_TILE_TB_1)
		return f->opt[CARC_OPT_TRADERS_BUILDERS];
	return 1;
}

/* The first-edition count of every tile type with every expansion on
 * (built once, kept: rules are immutable). */
static int
expansion_count(uint32_t t)
{
	static struct carc_rules *all;

	if (!all) {
		static const uint32_t on[] = {
			CARC_OPT_CROP_CIRCLES_I, CARC_OPT_CROP_CIRCLES_II,
			CARC_OPT_RIVER, CARC_OPT_INNS_CATHEDRALS,
			CARC_OPT_TRADERS_BUILDERS,
		};
		struct carc_rules_builder *b = NULL;

		CHECK(carc_rules_builder_new(&b) == CARC_OK);
		for (size_t i = 0; i < sizeof(on) / sizeof(on[0]); i++)
			CHECK(carc_rules_builder_set(b, on[i], 1) == CARC_OK);
		CHECK(carc_rules_builder_build(b, &all) == CARC_OK);
		carc_rules_builder_free(b);
	}
	return carc_rules_default_tile_count(all, t);
}

/* Read the rules from the input; check the builder's answers. */
static struct carc_rules *
make_rules(struct fuzz *f, const struct carc_rules *defaults)
{
	struct carc_rules_builder *b = NULL;
	struct carc_rules *r = NULL;
	uint32_t counts[CARC_TILE_TYPES];
	uint8_t stack = take8(f);
	int32_t v;
	uint32_t extra_d;

	CHECK(carc_rules_builder_new(NULL) == CARC_E_INVALID);
	CHECK(carc_rules_builder_new(&b) == CARC_OK && b != NULL);
	for (uint32_t o = 1; o <= N_OPTIONS; o++) {
		uint8_t c = take8(f);
		int32_t lo = opt_range[o].min, hi = opt_range[o].max;

		CHECK(carc_rules_get(defaults, o, &f->opt[o]) == CARC_OK);
		if (c < 0xe0) {
			v = lo + c % (hi - lo + 1);
			CHECK(carc_rules_builder_set(b, o, v) == CARC_OK);
			f->opt[o] = v;
		} else if (c >= 0xf0) {
			/* out of range: refused, the value stays */
			const int32_t bad[] = { lo - 1, hi + 1, INT32_MIN,
						INT32_MAX };

			CHECK(carc_rules_builder_set(b, o, bad[c & 3]) ==
			      CARC_E_INVALID);
		}
	}
	CHECK(carc_rules_builder_set(b, 0, 0) == CARC_E_UNKNOWN_OPTION);
	CHECK(carc_rules_builder_set(b, first_unknown_option() + take8(f),
				     0) == CARC_E_UNKNOWN_OPTION);
	CHECK(carc_rules_builder_set(NULL, CARC_OPT_FARMERS, 0) ==
	      CARC_E_INVALID);

	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		counts[t] = t >= CARC_TILE_CCI_1 ? (uint32_t)expansion_count(t)
				: (uint32_t)carc_rules_tile_count(defaults, t);
	if (stack & 1) {
		/* a small custom stack: short games reach the end */
		int k = take8(f) % 12;

		if (stack & 2)
			for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
				CHECK(carc_rules_builder_set_tile_count(b, t,
									0) ==
				      CARC_OK);
				counts[t] = 0;
			}
		for (int i = 0; i < k; i++) {
			uint32_t t = take8(f) % (CARC_TILE_TYPES + 2);
			uint32_t c = take8(f) % 6;
			int rc = carc_rules_builder_set_tile_count(b, t, c);

			if (t >= CARC_TILE_TYPES) {
				CHECK(rc == CARC_E_UNKNOWN_TILE);
				continue;
			}
			CHECK(rc == CARC_OK);
			counts[t] = c;
		}
	}
	CHECK(carc_rules_builder_set_tile_count(b, 0, STACK_MAX + 1) ==
	      CARC_E_INVALID);
	CHECK(carc_rules_builder_build(b, NULL) == CARC_E_INVALID);
	CHECK(carc_rules_builder_build(NULL, &r) == CARC_E_INVALID);
	r = cached_rules(f, counts);
	if (r) {
		carc_rules_ref(r);
	} else {
		CHECK(carc_rules_builder_build(b, &r) == CARC_OK && r != NULL);
		cache_rules(f, counts, r);
	}

	/* the rules are frozen: changing the builder afterwards does not
	 * reach them */
	CHECK(carc_rules_builder_set(b, CARC_OPT_FOLLOWERS,
				     f->opt[CARC_OPT_FOLLOWERS] % 15 + 1) ==
	      CARC_OK);
	CHECK(carc_rules_builder_set_tile_count(b, CARC_TILE_A, 7) ==
	      CARC_OK);
	carc_rules_builder_free(b);

	f->tiles_total = 1;
	for (uint32_t o = 1; o <= N_OPTIONS; o++) {
		CHECK(carc_rules_get(r, o, &v) == CARC_OK);
		CHECK(v == f->opt[o]);
	}
	/* with the river and a start tile that stays in the game, the
	 * spring starts it and the start tile D is drawn as a fourth D */
	extra_d = f->opt[CARC_OPT_RIVER] &&
		  f->opt[CARC_OPT_RIVER_START_TILE] != CARC_RIVER_START_REMOVED;
	memset(f->goods_total, 0, sizeof(f->goods_total));
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
		int on = tile_on(f, t);
		uint32_t c = on ? counts[t] : 0, feats[16];
		int nf;

		if (t == CARC_TILE_D)
			c += extra_d;
		CHECK(carc_rules_tile_count(r, t) == (int)c);
		f->tiles_total += c;
		/* the goods symbols of the stack, and of the start tile */
		if (t == (f->opt[CARC_OPT_RIVER] ? CARC_TILE_RI_1
						 : CARC_TILE_D))
			c++;
		if (c == 0 || !f->opt[CARC_OPT_TRADERS_BUILDERS])
			continue;
		nf = carc_tile_features(t, feats, 16);
		CHECK(nf >= 0 && nf <= 16);
		for (int i = 0; i < nf; i++) {
			int gk = carc_tile_feature_goods(t, feats[i]);

			CHECK(gk >= CARC_GOODS_NONE && gk <= CARC_GOODS_CLOTH);
			if (gk != CARC_GOODS_NONE)
				f->goods_total[gk - 1] += (int32_t)c;
		}
	}
	return r;
}

/* Another rule set, usually of another size. */
static struct carc_rules *
make_alt_rules(uint8_t how)
{
	struct carc_rules_builder *b = NULL;
	struct carc_rules *r = NULL;

	CHECK(carc_rules_builder_new(&b) == CARC_OK);
	if (how & 1)
		for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
			CHECK(carc_rules_builder_set_tile_count(b, t,
					t % 7 == how % 7 ? 2u : 0u) ==
			      CARC_OK);
	if (how & 2) {
		CHECK(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_I, 1) ==
		      CARC_OK);
		CHECK(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_II, 1) ==
		      CARC_OK);
	}
	if (how & 4)
		CHECK(carc_rules_builder_set_tile_count(b, CARC_TILE_E,
							how) == CARC_OK);
	CHECK(carc_rules_builder_build(b, &r) == CARC_OK);
	carc_rules_builder_free(b);
	return r;
}

static void
start_game(struct fuzz *f)
{
	struct carc_game *sentinel = (struct carc_game *)&f->in;
	struct carc_game *g = sentinel;
	uint8_t pb = take8(f);
	uint64_t seed;
	int lb = f->opt[CARC_OPT_LITTLE_BUILDINGS];

	if (pb & 0x80) {
		static const uint32_t bad[] = { 0, 1, 7, UINT32_MAX };

		CHECK(carc_game_new(f->rules, bad[pb & 3], 1, &g) ==
		      CARC_E_INVALID);
		CHECK(g == sentinel);
	}
	CHECK(carc_game_new(NULL, 2, 1, &g) == CARC_E_INVALID);
	CHECK(carc_game_new(f->rules, 2, 1, NULL) == CARC_E_INVALID);
	CHECK(g == sentinel);
	f->n_players = 2 + pb % 5;
	seed = take64(f);
	f->seed = seed;
	CHECK(carc_game_new(f->rules, f->n_players, seed, &g) == CARC_OK);
	CHECK(g != NULL && g != sentinel);
	f->game = g;

	/* building tokens by the documentation of CARC_OPT_LB_* */
	f->lb_shared = f->opt[CARC_OPT_LB_SCORING] == CARC_LB_STANDARD &&
		       f->opt[CARC_OPT_LB_DISTRIBUTION] == CARC_LB_DIST_RULES;
	memset(f->tokens_total, 0, sizeof(f->tokens_total));
	f->figures_total = 0;
	memset(f->goods, 0, sizeof(f->goods));
	for (uint32_t p = 0; p < f->n_players; p++) {
		f->score[p] = 0;
		for (size_t k = 0; k < N_FIGURE_KINDS; k++)
			f->figures_total += figure_start(f->opt,
							 figure_kinds[k]);
		for (int k = 0; k < 3; k++) {
			int32_t each = !lb ? 0 : f->lb_shared ?
				18 / (int32_t)f->n_players :
				6 / (int32_t)f->n_players;

			f->tokens[p][k] = each;
			if (!f->lb_shared || k == 0)
				f->tokens_total[k] += each;
		}
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz f;
	/* The default rules, built once: rules are immutable and shared,
	 * and a build costs more than a short input (the cache stays
	 * reachable, so LeakSanitizer does not report it). */
	static struct carc_rules *defaults;

	/* the move list and the undo snapshots keep their buffers from
	 * one input to the next (the harness's own, not the library's) */
	static carc_move_t *moves_kept;
	static size_t cap_kept, snaps_cap_kept;
	static struct snap *snaps_kept;

	memset(&f, 0, sizeof(f));
	f.in.p = data;
	f.in.n = size;
	f.moves = moves_kept;
	f.cap = cap_kept;
	f.snaps = snaps_kept;
	f.snaps_cap = snaps_cap_kept;

	if (!defaults) {
		struct carc_rules_builder *b = NULL;

		CHECK(carc_rules_builder_new(&b) == CARC_OK);
		CHECK(carc_rules_builder_build(b, &defaults) == CARC_OK);
		carc_rules_builder_free(b);
	}
	f.rules = make_rules(&f, defaults);
	f.alt_how = take8(&f);
	start_game(&f);
	/* the game holds its own reference */
	if (take8(&f) & 1) {
		carc_rules_ref(f.rules);
		carc_rules_unref(f.rules);
	}
	after_call(&f, CARC_OK, 0, 0, CALL_QUIET, 0);

	for (int ops = 0; f.in.n > 0 && ops < OPS_MAX &&
	     f.applied < MOVES_MAX; ops++) {
		uint8_t op = take8(&f);

		if (op < 0xc0) {
			/* most bytes choose a legal move by its index */
			if (f.n_moves > 0)
				apply_legal(&f, f.moves[f.n_moves <= 0xc0 ?
					op % f.n_moves :
					op * f.n_moves / 0xc0]);
			continue;
		}
		switch (op & 0x3f) {
		case 0: case 1: case 2: case 3: case 4: case 5:
			op_odd_move(&f);
			break;
		case 6: case 7:
			op_set_next_tile(&f);
			break;
		case 8:
			op_set_draw_order(&f);
			break;
		case 9:
			op_shuffle(&f);
			break;
		case 10: case 11:
			op_clone(&f);
			break;
		case 12: case 13:
			op_copy(&f);
			break;
		case 14: case 15: case 16: case 17:
			op_query(&f);
			break;
		case 18: case 19:
			op_static(&f);
			break;
		case 20: case 21:
			op_move_values(&f);
			break;
		case 22:
			op_short_buffer(&f);
			break;
		case 23: case 24: case 25: case 26:
			op_undo(&f);
			break;
		case 27: case 28: case 29: case 30:
			op_run(&f);
			break;
		case 31: case 37:
			op_save_load(&f);
			break;
		case 32: case 33:
			op_history(&f);
			break;
		case 34: case 35: case 36:
			op_feature(&f);
			break;
		case 38:
			op_set_stack_order(&f);
			break;
		default:
			/* a legal move by a two-byte index */
			op_legal_move(&f);
			break;
		}
	}
	check_end(&f);

#ifdef FUZZ_VERBOSE
	/* -DFUZZ_VERBOSE: how far each input got */
	fprintf(stderr, "players %u phase %d tiles %d left %d figures %d "
		"buildings %d score0 %d\n", f.n_players,
		carc_game_phase(f.game), carc_game_tile_count(f.game),
		carc_game_remaining_total(f.game),
		carc_game_figure_count(f.game),
		carc_game_building_count(f.game), carc_game_score(f.game, 0));
#endif
	carc_game_free(f.game);
	carc_game_free(f.spare);
	carc_game_free(NULL);
	carc_rules_unref(f.rules);
	carc_rules_unref(f.alt);
	carc_rules_unref(NULL);
	moves_kept = f.moves;
	cap_kept = f.cap;
	snaps_kept = f.snaps;
	snaps_cap_kept = f.snaps_cap;
	return 0;
}
