/* SPDX-License-Identifier: MIT */
#ifndef TEST_COMMON_H
#define TEST_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <check.h>

#include <carcassonne/carcassonne.h>

/* Defined once by each test program; run by test-main.c. */
Suite *test_suite(void);

/* Followers per player under the default rules. */
#define DEFAULT_FOLLOWERS 7
/* Largest player count the API accepts. */
#define MAX_PLAYERS 6

/*
 * Compare two status codes; on failure print both with carc_strerror().
 */
#define assert_status_eq(got_, want_)                                      \
	do {                                                               \
		int g__ = (int)(got_);                                     \
		int w__ = (int)(want_);                                    \
		ck_assert_msg(g__ == w__,                                  \
			      "%s: got %d (%s), want %d (%s)", #got_, g__, \
			      carc_strerror(g__), w__, carc_strerror(w__));\
	} while (0)

#define assert_ok(expr_) assert_status_eq((expr_), CARC_OK)

/*
 * Integer equality asserted only when it fails: Check's assertions are
 * slow inside loops over many values.
 */
#define EQ(a_, b_)                                                         \
	do {                                                               \
		long x__ = (long)(a_), y__ = (long)(b_);                   \
		if (x__ != y__)                                            \
			ck_abort_msg("%s == %ld, %s == %ld", #a_, x__, #b_, \
				     y__);                                 \
	} while (0)

/*
 * Build rules.  @p stack lists the draw stack as tile letters, one letter
 * per tile ("EFB" = one E, one F, one B; blanks are ignored); NULL keeps
 * the default first-edition stack, "" gives an empty stack.  The variable
 * arguments are (int option, int value) pairs ended by a 0 option.
 */
struct carc_rules *make_rules(const char *stack, ...);

/*
 * A scenario game: its stack holds exactly the tiles of @p order (letters
 * as above), which also becomes the draw order, first letter in hand.
 * Options follow as in make_rules().  The rules are released at once; the
 * game keeps its own reference.  Player count 2, seed 1.
 */
struct carc_game *make_scenario(const char *order, ...);

/* Like make_scenario() with an explicit player count. */
struct carc_game *make_scenario_n(uint32_t n_players, const char *order, ...);

/* A default-rules game, asserted to be created. */
struct carc_game *make_game(const struct carc_rules *rules,
			    uint32_t n_players, uint64_t seed);

/* Builds @b (and frees it) with exactly the tiles of @tiles as its
 * stack, then a game of @n_players (seed 1) drawing them in that order
 * (n == 0: the rules' own order). */
struct carc_game *make_stacked_game(struct carc_rules_builder *b,
				    uint32_t n_players, const uint32_t *tiles,
				    size_t n);

/* Tile type of a letter, asserted to exist. */
uint32_t tile_of(char letter);

/*
 * Put @p tile in hand with carc_game_set_next_tile(), then place it at
 * (x, y) with @p rot; both asserted to return CARC_OK.
 */
void play(struct carc_game *game, uint32_t tile, int32_t x, int32_t y,
	  uint32_t rot);

/* Deploy a follower on @p feature of the tile just placed; asserts OK. */
void deploy(struct carc_game *game, uint32_t feature);

/* The deploy move for @p feature of the tile just placed. */
carc_move_t deploy_move(const struct carc_game *game, uint32_t feature);

/* Position of the tile placed last. */
void last_tile_xy(const struct carc_game *game, int32_t *x, int32_t *y);

/* Apply the pass move; asserts OK. */
void pass(struct carc_game *game);

/* Apply @p move, assert the status and, on failure, an unchanged hash. */
void apply_expect(struct carc_game *game, carc_move_t move, int want);

/* One scoring event, every attribute read. */
struct event {
	int32_t type;
	int32_t kind;
	int32_t x;
	int32_t y;
	int32_t feature;
	int32_t tiles;
	int32_t pennants;
	int32_t cities;
	int32_t scorers;
	int32_t points[MAX_PLAYERS];
	int32_t figures[MAX_PLAYERS];
};

/*
 * Read the events of the last apply into @p ev (up to @p max); returns
 * the event count.  Every attribute read is asserted to succeed.
 */
int collect_events(const struct carc_game *game, struct event *ev,
		   int max);

/* Index of the first event of @p type and feature @p kind, or -1. */
int find_event(const struct event *ev, int n, int32_t type, int32_t kind);

/* Figures on the board owned by @p player. */
int figures_on_board(const struct carc_game *game, uint32_t player);

/*
 * The tests' one generator, splitmix64 (the library's own, documented for
 * carc_game_playout()): the next output of the stream whose state is
 * *state.  Any state is a good seed, 0 included; the same on every
 * platform.
 */
uint64_t test_rand(uint64_t *state);

/*
 * The seeded random-game harness: every test that plays random games
 * walks them with it, so that a seed means the same game everywhere.
 *
 *     struct random_game r;
 *
 *     random_game_start(&r, game, seed);
 *     while (random_game_next(&r)) {
 *             ... look at r.moves[0 .. r.n - 1] ...
 *             random_game_play(&r);
 *     }
 *     random_game_end(&r);
 *
 * random_game_next() lists the legal moves of the decision point (false
 * at the end of the game; asserts at least one move otherwise), and
 * random_game_play() applies r.moves[test_rand(&r.rng) % r.n], asserting
 * CARC_OK.  r.rng may also be drawn from for other choices.  The game
 * stays the caller's.
 */
struct random_game {
	struct carc_game *game;
	uint64_t rng;		/* test_rand() state */
	carc_move_t *moves;	/* the legal moves of the decision point */
	int n;			/* their count */
	int played;		/* moves applied by random_game_play() */
	size_t cap;		/* room in moves */
};

void random_game_start(struct random_game *r, struct carc_game *game,
		       uint64_t seed);
bool random_game_next(struct random_game *r);
/* A legal move drawn with r->rng, not applied. */
carc_move_t random_game_pick(struct random_game *r);
/* Apply random_game_pick(); returns the move. */
carc_move_t random_game_play(struct random_game *r);
/* Free the move buffer (not the game). */
void random_game_end(struct random_game *r);

/* One legal move of @p game drawn with @p rng as the harness draws it
 * (the game must not be over). */
carc_move_t random_legal_move(const struct carc_game *game, uint64_t *rng);

/*
 * The whole file @p name of the directory named by the environment
 * variable @p dir_var (set by tests/meson.build), NUL-terminated, its
 * length in *len when @p len is not NULL; free() it.  Fails the test when
 * the variable is unset or the file cannot be read.
 */
char *read_fixture(const char *dir_var, const char *name, size_t *len);

/*
 * carc_jcz_import() of @p text, which must succeed with line and column 0
 * and an empty message; @p what names the text in a failure.
 */
struct carc_game *jcz_import_ok(const char *text, size_t len,
				const char *what);

/* jcz_import_ok() of the fixture @p name of the directory in @p dir_var. */
struct carc_game *jcz_import_fixture(const char *dir_var, const char *name);

#endif /* TEST_COMMON_H */
