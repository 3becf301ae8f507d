/* SPDX-License-Identifier: MIT */
/*
 * Game records: carc_game_save() and carc_game_load().
 *
 * - round trips over seeded random games of every expansion combination,
 *   checked at every move of the game;
 * - the worked examples of doc/users/rules.md#examples as hand-written records
 *   (the .rec files of tests/record/examples) replaying to the scores
 *   given there;
 * - one test per error class of the loader.
 */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include <carcassonne/carcassonne.h>

#include "test-common.h"

/* ------------------------------------------------------------------ */
/* helpers                                                              */
/* ------------------------------------------------------------------ */

static uint64_t
rnd(uint64_t *s)
{
	/* xorshift64* */
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dull;
}

static char *
save_text(const struct carc_game *game)
{
	int len = carc_game_save(game, NULL, 0);
	char *text;

	ck_assert_int_gt(len, 0);
	text = malloc((size_t)len + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_int_eq(carc_game_save(game, text, (size_t)len + 1), len);
	ck_assert_uint_eq(strlen(text), (size_t)len);
	return text;
}

static struct carc_game *
load_ok(const char *text)
{
	struct carc_game *game = NULL;
	uint32_t line = 99, col = 99;
	char msg[256];
	int rc;

	rc = carc_game_load(text, strlen(text), &game, &line, &col, msg,
			    sizeof(msg));
	ck_assert_msg(rc == CARC_OK, "load failed: %d (%s) at %u:%u: %s", rc,
		      carc_strerror(rc), line, col, msg);
	ck_assert_ptr_nonnull(game);
	ck_assert_uint_eq(line, 0);
	ck_assert_str_eq(msg, "");
	return game;
}

/* load(save(game)) has the same hash, history and scores as game, and
 * saving it again gives the same text. */
static void
check_round_trip(const struct carc_game *game)
{
	char *text = save_text(game), *again;
	struct carc_game *copy = load_ok(text);
	int n = carc_game_player_count(game);

	ck_assert_uint_eq(carc_game_hash(copy), carc_game_hash(game));
	ck_assert_int_eq(carc_game_history_count(copy),
			 carc_game_history_count(game));
	ck_assert_int_eq(carc_game_phase(copy), carc_game_phase(game));
	for (int p = 0; p < n; p++)
		ck_assert_int_eq(carc_game_score(copy, (uint32_t)p),
				 carc_game_score(game, (uint32_t)p));
	again = save_text(copy);
	ck_assert_str_eq(again, text);
	free(again);
	free(text);
	carc_game_free(copy);
}

static struct carc_rules *
rules_for(int combo)
{
	struct carc_rules_builder *b;
	struct carc_rules *rules;

	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_PHANTOM, combo & 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_I,
					 (combo >> 1) & 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_II,
					 (combo >> 2) & 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_LITTLE_BUILDINGS,
					 (combo >> 3) & 1));
	/* vary the other options with the combination too */
	assert_ok(carc_rules_builder_set(b, CARC_OPT_FARM_SCORING, combo % 3));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_LB_SCORING, combo % 2));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_DEPLOY_ANY,
					 (combo >> 2) & 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_PHANTOM,
					 !(combo & 4)));
	/* 16-19: The River, Inns & Cathedrals, Traders & Builders, then
	 * the three with the four above */
	if (combo >= 16) {
		assert_ok(carc_rules_builder_set(b, CARC_OPT_RIVER,
						 combo == 16 || combo == 19));
		assert_ok(carc_rules_builder_set(b, CARC_OPT_INNS_CATHEDRALS,
						 combo == 17 || combo == 19));
		assert_ok(carc_rules_builder_set(b, CARC_OPT_TRADERS_BUILDERS,
						 combo >= 18));
	}
	for (uint32_t o = CARC_OPT_PHANTOM;
	     combo == 19 && o <= CARC_OPT_LITTLE_BUILDINGS; o++)
		assert_ok(carc_rules_builder_set(b, o, 1));
	assert_ok(carc_rules_builder_build(b, &rules));
	carc_rules_builder_free(b);
	return rules;
}

/* ------------------------------------------------------------------ */
/* round trips                                                          */
/* ------------------------------------------------------------------ */

/* The moves of the big expansions a game made (round_trip_every_move). */
enum {
	SEEN_LARGE = 1, SEEN_BUILDER = 2, SEEN_PIG = 4, SEEN_SECOND = 8,
	SEEN_DECLINED = 16,
};

/* The SEEN_* bit of @m, played in @phase, or 0. */
static int
seen_bit(carc_move_t m, int phase)
{
	if (carc_move_kind(m) == CARC_MOVE_SECOND_TILE)
		return SEEN_SECOND;
	if (carc_move_kind(m) == CARC_MOVE_PASS)
		return phase == CARC_PHASE_SECOND_TILE ? SEEN_DECLINED : 0;
	if (carc_move_kind(m) != CARC_MOVE_DEPLOY)
		return 0;
	switch (carc_move_figure(m)) {
	case CARC_FIGURE_LARGE_FOLLOWER:
		return SEEN_LARGE;
	case CARC_FIGURE_BUILDER:
		return SEEN_BUILDER;
	case CARC_FIGURE_PIG:
		return SEEN_PIG;
	default:
		return 0;
	}
}

/* _i: expansion combination 0-15 (phantom, CCI, CCII, Little Buildings),
 * 16-19 the big three (rules_for()).  Where the large follower, the
 * builder, the pig or the second tile may be played, one of them is
 * chosen one time in two, so that the records have them all. */
START_TEST(round_trip_every_move)
{
	struct carc_rules *rules = rules_for(_i);
	struct carc_game *game;
	carc_move_t moves[1024];
	uint64_t rng = 0x9e37u + (uint64_t)_i;
	/* Inns & Cathedrals with six players; two for Traders & Builders,
	 * whose builders then extend their roads and cities often enough */
	uint32_t players = _i < 16 ? 2 + (uint32_t)_i % 5
			   : _i == 16 ? 3 : _i == 17 ? 6 : 2;
	/* under valgrind, every 16th position is enough */
	int every = getenv("CARC_TEST_QUICK") ? 16 : 1, k = 0, seen = 0;
	int tb = SEEN_BUILDER | SEEN_PIG | SEEN_SECOND | SEEN_DECLINED;
	int want = (_i == 17 || _i == 19 ? SEEN_LARGE : 0) | (_i >= 18 ? tb : 0);

	/* 16-19: seeds whose games have every special move of want (a
	 * change of the rules or of the move order may need others) */
	uint64_t seed = (_i < 16 ? 1000 : 1100) + (uint64_t)_i;

	assert_ok(carc_game_new(rules, players, seed, &game));
	carc_rules_unref(rules);
	check_round_trip(game);
	while (carc_game_is_over(game) == 0) {
		int n = carc_game_legal_moves(game, moves, 1024), special = 0;
		int phase = carc_game_phase(game);
		carc_move_t m;

		ck_assert_int_gt(n, 0);
		/* the special moves first (none in combinations 0-15, whose
		 * games stay as they were) */
		for (int j = 0; j < n; j++)
			if (seen_bit(moves[j], phase) & ~SEEN_DECLINED) {
				m = moves[special];
				moves[special++] = moves[j];
				moves[j] = m;
			}
		/* the second tile taken the first time, declined the
		 * second, then either */
		if (phase == CARC_PHASE_SECOND_TILE && !(seen & SEEN_SECOND))
			m = carc_move_second_tile();
		else if (phase == CARC_PHASE_SECOND_TILE &&
			 !(seen & SEEN_DECLINED))
			m = carc_move_pass();
		else if (special > 0 && rnd(&rng) % 2 == 0)
			m = moves[rnd(&rng) % (uint64_t)special];
		else
			m = moves[rnd(&rng) % (uint64_t)n];
		seen |= seen_bit(m, phase);
		assert_ok(carc_game_apply(game, m));
		if (++k % every == 0 || carc_game_is_over(game) == 1)
			check_round_trip(game);
	}
	ck_assert_int_eq(seen, want);
	carc_game_free(game);
}
END_TEST

START_TEST(round_trip_custom_stack)
{
	struct carc_rules_builder *b;
	struct carc_rules *rules;
	struct carc_game *game;
	carc_move_t moves[1024];
	uint64_t rng = 5;
	char *text;

	assert_ok(carc_rules_builder_new(&b));
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		assert_ok(carc_rules_builder_set_tile_count(b, t, t % 3));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_II, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_FOLLOWERS, 3));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_FARMERS, 0));
	assert_ok(carc_rules_builder_build(b, &rules));
	carc_rules_builder_free(b);
	assert_ok(carc_game_new(rules, 3, 77, &game));
	carc_rules_unref(rules);
	while (carc_game_is_over(game) == 0) {
		int n = carc_game_legal_moves(game, moves, 1024);

		assert_ok(carc_game_apply(game, moves[rnd(&rng) % (uint64_t)n]));
	}
	check_round_trip(game);
	text = save_text(game);
	ck_assert_ptr_nonnull(strstr(text, "\ntiles "));
	ck_assert_ptr_nonnull(strstr(text, "\noption followers 3\n"));
	ck_assert_ptr_nonnull(strstr(text, "\noption farmers off\n"));
	free(text);
	carc_game_free(game);
}
END_TEST

START_TEST(round_trip_empty_stack)
{
	struct carc_rules_builder *b;
	struct carc_rules *rules;
	struct carc_game *game;

	assert_ok(carc_rules_builder_new(&b));
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		assert_ok(carc_rules_builder_set_tile_count(b, t, 0));
	assert_ok(carc_rules_builder_build(b, &rules));
	carc_rules_builder_free(b);
	assert_ok(carc_game_new(rules, 2, 1, &game));
	carc_rules_unref(rules);
	ck_assert_int_eq(carc_game_is_over(game), 1);
	check_round_trip(game);
	carc_game_free(game);
}
END_TEST

START_TEST(save_buffer_contract)
{
	struct carc_rules *rules = rules_for(0);
	struct carc_game *game;
	char small[16], *full;
	int len;

	assert_ok(carc_game_new(rules, 2, 3, &game));
	carc_rules_unref(rules);
	full = save_text(game);
	len = (int)strlen(full);
	memset(small, 'x', sizeof(small));
	ck_assert_int_eq(carc_game_save(game, small, sizeof(small)), len);
	ck_assert_int_eq(small[sizeof(small) - 1], '\0');
	ck_assert_int_eq(strncmp(small, full, sizeof(small) - 1), 0);
	ck_assert_int_eq(carc_game_save(NULL, small, sizeof(small)),
			 CARC_E_INVALID);
	ck_assert_int_eq(carc_game_save(game, NULL, 5), CARC_E_INVALID);
	ck_assert_str_eq(carc_strerror(CARC_E_PARSE), "malformed record");
	free(full);
	carc_game_free(game);
}
END_TEST

/* A record without a deck names the tiles with each placement; the
 * loader puts them in hand with carc_game_set_next_tile(). */
START_TEST(load_without_deck)
{
	static const char text[] =
		"carcassonne-record 1\n"
		"players 3\n"
		"seed 42\n"
		"P0 place E 0,-1 r2\n"
		"P0 deploy follower c1\n"
		"P1 place U 1,0 r0\n"
		"P1 deploy follower r1 at 1,0\n"
		"end\n";
	struct carc_game *game = load_ok(text);

	ck_assert_int_eq(carc_game_score(game, 0), 4);
	ck_assert_int_eq(carc_game_player_count(game), 3);
	ck_assert_int_eq(carc_game_current_player(game), 2);
	ck_assert_int_eq(carc_game_tile_count(game), 3);
	/* seed 42 then draws C, which fits nowhere on this board */
	ck_assert_int_eq(carc_game_discard_count(game), 1);
	ck_assert_int_eq(carc_game_remaining_total(game), 71 - 4);
	check_round_trip(game);
	carc_game_free(game);
}
END_TEST

/* ------------------------------------------------------------------ */
/* doc/users/rules.md#examples as records                                    */
/* ------------------------------------------------------------------ */

static const struct example {
	const char *file;
	int scores[2];
} examples[] = {
	{ "e01-two-tile-city.rec", { 4, 0 } },
	{ "e01-two-tile-city-small.rec", { 2, 0 } },
	{ "e02-road-tower-standard.rec", { 4, 0 } },
	{ "e02-road-tower-3-2-1.rec", { 6, 0 } },
	{ "e03-two-features-standard.rec", { 4, 9 } },
	{ "e03-two-features-3-2-1.rec", { 5, 10 } },
	{ "e04-ring-city-standard.rec", { 0, 9 } },
	{ "e04-ring-city-3-2-1.rec", { 0, 10 } },
	{ "e05-monastery-standard.rec", { 11, 0 } },
	{ "e05-monastery-3-2-1.rec", { 14, 0 } },
	{ "e06-farms-per-field.rec", { 6, 8 } },
	{ "e06-farms-per-city.rec", { 4, 8 } },
	{ "e06-farms-per-field-once.rec", { 3, 8 } },
	{ "e07-final-standard.rec", { 6, 0 } },
	{ "e07-final-3-2-1.rec", { 8, 0 } },
	{ "e08-phantom-per-field.rec", { 7, 0 } },
	{ "e08-phantom-per-city.rec", { 8, 0 } },
	{ "e09a-phantom-tie.rec", { 7, 7 } },
	{ "e09b-crop-deploy-both.rec", { 8, 8 } },
	{ "e09b-crop-deploy-declined.rec", { 0, 8 } },
	{ "e09c-crop-remove.rec", { 0, 0 } },
	{ "e10-jcz-lb-standard.rec", { 0, 17 } },
	{ "e10-jcz-lb-3-2-1.rec", { 0, 20 } },
	{ "e11-jcz-lb-alt-3-2-1.rec", { 0, 37 } },
	{ "e11-jcz-lb-alt-standard.rec", { 0, 30 } },
	/* Inns & Cathedrals, doc/users/rules.md#ic-examples */
	{ "ic1-inn-road.rec", { 8, 0 } },
	{ "ic2-inn-road-open.rec", { 0, 0 } },
	{ "ic3-cathedral-city.rec", { 21, 0 } },
	{ "ic4-large-follower.rec", { 8, 0 } },
	/* The River, doc/users/rules.md#river-play */
	{ "ri1-city-on-river.rec", { 4, 0 } },
	{ "ri2-banks-meet.rec", { 3, 0 } },
	/* Traders & Builders, doc/users/rules.md#traders-examples (tb3 has
	 * three players: Yellow's 6 is checked in the record) */
	{ "tb1-goods-completer.rec", { 20, 10 } },
	{ "tb2-goods-at-the-end.rec", { 20, 20 } },
	{ "tb3-pig.rec", { 8, 8 } },
	{ "tb4-builder.rec", { 15, 0 } },
};

#define N_EXAMPLES (int)(sizeof(examples) / sizeof(examples[0]))

START_TEST(worked_example)
{
	const struct example *e = &examples[_i];
	char *text = read_fixture("RECORD_EXAMPLES", e->file, NULL);
	struct carc_game *game = load_ok(text);

	ck_assert_msg(carc_game_score(game, 0) == e->scores[0] &&
			      carc_game_score(game, 1) == e->scores[1],
		      "%s: scores %d %d, want %d %d", e->file,
		      carc_game_score(game, 0), carc_game_score(game, 1),
		      e->scores[0], e->scores[1]);
	ck_assert_int_eq(carc_game_is_over(game), 1);
	check_round_trip(game);
	carc_game_free(game);
	free(text);
}
END_TEST

/* ------------------------------------------------------------------ */
/* loader errors                                                        */
/* ------------------------------------------------------------------ */

#define HEAD "carcassonne-record 1\nplayers 2\ntiles *=0 E=1 U=1\n"

/* Load @text, expect @code at @line (and @col unless it is -1) with
 * @needle in the message, and *out untouched. */
static void
expect_error(const char *text, int code, uint32_t line, int col,
	     const char *needle)
{
	struct carc_game *sentinel = (struct carc_game *)&sentinel;
	struct carc_game *out = sentinel;
	uint32_t l = 0, c = 0;
	char msg[256];
	int rc;

	rc = carc_game_load(text, strlen(text), &out, &l, &c, msg,
			    sizeof(msg));
	ck_assert_msg(rc == code, "got %d (%s), want %d (%s); message: %s", rc,
		      carc_strerror(rc), code, carc_strerror(code), msg);
	ck_assert_ptr_eq(out, sentinel);
	ck_assert_uint_eq(l, line);
	if (col >= 0)
		ck_assert_uint_eq(c, (uint32_t)col);
	ck_assert_msg(strstr(msg, needle) != NULL,
		      "message '%s' lacks '%s'", msg, needle);
}

START_TEST(error_unknown_tile)
{
	expect_error(HEAD "P0 place Z 0,-1 r2\nend\n", CARC_E_UNKNOWN_TILE,
		     4, 10, "unknown tile 'Z'");
	expect_error(HEAD "deck E Y\nend\n", CARC_E_UNKNOWN_TILE, 4, 8,
		     "unknown tile 'Y'");
	expect_error(HEAD "deck E XX\nend\n", CARC_E_UNKNOWN_TILE, 4, 8,
		     "unknown tile 'XX'");
	/* a known tile that is not in the stack */
	expect_error(HEAD "P0 place C 0,-1 r2\nend\n", CARC_E_UNKNOWN_TILE,
		     4, 10, "no tile C left");
}
END_TEST

START_TEST(error_bad_coordinates)
{
	expect_error(HEAD "P0 place E 0;-1 r2\nend\n", CARC_E_PARSE, 4, 12,
		     "bad coordinates '0;-1'");
	expect_error(HEAD "P0 place E 0,-x r2\nend\n", CARC_E_PARSE, 4, 12,
		     "bad coordinates");
	expect_error(HEAD "P0 place E 40000,0 r2\nend\n", CARC_E_PARSE, 4,
		     12, "bad coordinates");
	expect_error(HEAD "P0 place E 0,-1\nend\n", CARC_E_PARSE, 4, 10,
		     "bad coordinates 'E'");
}
END_TEST

START_TEST(error_illegal_move)
{
	/* E in rotation 0 shows a field to the start tile's city */
	expect_error(HEAD "P0 place E 0,-1 r0\nend\n", CARC_E_EDGE_MISMATCH,
		     4, 4, "illegal move: tile side does not match");
	expect_error(HEAD "P0 place E 5,5 r2\nend\n", CARC_E_NOT_ADJACENT, 4,
		     4, "illegal move");
	expect_error(HEAD "P0 place E 0,-1 r2\nP0 deploy follower r1\nend\n",
		     CARC_E_NO_FEATURE, 5, 4, "no such feature");
	expect_error(HEAD "P0 place E 0,-1 r2\nP0 pass\nP1 pass\nend\n",
		     CARC_E_WRONG_PHASE, 6, 4, "illegal move");
}
END_TEST

START_TEST(error_wrong_player)
{
	expect_error(HEAD "P1 place E 0,-1 r2\nend\n", CARC_E_WRONG_PHASE, 4,
		     1, "wrong player: P0 is to move, not P1");
	expect_error(HEAD "P0 place E 0,-1 r2\nP0 pass\nP0 place U 1,0 r0\n"
			  "end\n",
		     CARC_E_WRONG_PHASE, 6, 1, "wrong player");
	expect_error(HEAD "P2 place E 0,-1 r2\nend\n", CARC_E_PARSE, 4, 1,
		     "no player P2");
}
END_TEST

/* The River's U-turn (doc/users/rules.md#river-u-turn): after a curve
 * from east to south, a second curve to the west is refused at its line
 * under the default, and loads with river-u-turn allowed. */
START_TEST(error_river_u_turn)
{
#define RIVER_HEAD "carcassonne-record 1\nplayers 2\noption river on\n"
#define U_TURN "tiles *=0 RI-10=2 RI-2=1\n" \
	       "P0 place RI-10 1,0 r0\nP0 pass\n" \
	       "P1 place RI-10 1,1 r1\nP1 pass\nend\n"
	struct carc_game *game;

	expect_error(RIVER_HEAD U_TURN, CARC_E_NOT_ALLOWED, 7, 4,
		     "illegal move: not allowed by the rules in force: the "
		     "river may not turn back on itself (option "
		     "river-u-turn)");
	/* JCloisterZone's rule: the spring lies ahead of the new end */
	expect_error(RIVER_HEAD "option river-u-turn jcz\n" U_TURN,
		     CARC_E_NOT_ALLOWED, 8, 4,
		     "the river would have no room ahead (option river-u-turn "
		     "jcz)");
	game = load_ok(RIVER_HEAD "option river-u-turn allowed\n" U_TURN);
	ck_assert_int_eq(carc_game_history_count(game), 4);
	carc_game_free(game);
#undef U_TURN
#undef RIVER_HEAD
}
END_TEST

/* A 'scores' line may follow any move (and precede the first): each is
 * checked against the scores at that point of the replay. */
START_TEST(per_turn_scores)
{
	static const char good[] =
		"carcassonne-record 1\nplayers 2\ntiles *=0 E=1\n"
		"scores 0 0\n"
		"P0 place E 0,-1 r2\n"
		"scores 0 0\n"
		"P0 deploy follower c1\n"
		"scores 4 0\n"
		"scores 4 0\n"
		"end\n";
	struct carc_game *game = load_ok(good);

	ck_assert_int_eq(carc_game_history_count(game), 2);
	ck_assert_int_eq(carc_game_score(game, 0), 4);
	ck_assert_int_eq(carc_game_score(game, 1), 0);
	carc_game_free(game);

	/* a wrong score after a move names its line, column and player */
	expect_error("carcassonne-record 1\nplayers 2\ntiles *=0 E=1\n"
		     "P0 place E 0,-1 r2\nscores 0 0\n"
		     "P0 deploy follower c1\nscores 0 4\nend\n",
		     CARC_E_PARSE, 7, 8, "P0 scores 4, not 0 as recorded");
	expect_error("carcassonne-record 1\nplayers 2\ntiles *=0 E=1\n"
		     "P0 place E 0,-1 r2\nscores 4 0\n"
		     "P0 deploy follower c1\nend\n",
		     CARC_E_PARSE, 5, 8, "P0 scores 0, not 4 as recorded");
	/* before the first move, and too few scores */
	expect_error("carcassonne-record 1\nplayers 2\ntiles *=0 E=1\n"
		     "scores 0 1\nend\n",
		     CARC_E_PARSE, 4, 10, "P1 scores 0, not 1 as recorded");
	expect_error("carcassonne-record 1\nplayers 2\ntiles *=0 E=1\n"
		     "P0 place E 0,-1 r2\nscores 0\nend\n",
		     CARC_E_PARSE, 5, 0, "1 scores for 2 players");
	/* a scores line ends the settings, as a move does */
	expect_error("carcassonne-record 1\nplayers 2\nscores 0 0\n"
		     "option phantom on\nend\n",
		     CARC_E_PARSE, 4, 1, "must come before the first move");
}
END_TEST

/* A random game of @p rules in which a tile was discarded, or NULL. */
static struct carc_game *
game_with_discard(struct carc_rules *rules)
{
	carc_move_t moves[4096];

	for (uint64_t seed = 1; seed < 3000; seed++) {
		struct carc_game *g;
		uint64_t r = seed * 7919 + 1;

		assert_ok(carc_game_new(rules, 2, seed, &g));
		while (carc_game_is_over(g) == 0) {
			int n = carc_game_legal_moves(g, moves, 4096);

			ck_assert_int_gt(n, 0);
			assert_ok(carc_game_apply(g, moves[rnd(&r) % (uint64_t)n]));
		}
		if (carc_game_discard_count(g) > 0 &&
		    carc_game_discard_count(g) < carc_game_drawn_count(g))
			return g;
		carc_game_free(g);
	}
	return NULL;
}

/*
 * The save of @p game with a line "discard TILE" after each move that
 * discarded a tile.  @p wrong >= 0 spoils the wrong-th of these lines:
 * with @p early it goes one move too early, else it names another tile.
 * *line_out: the line of the spoilt one.
 */
static char *
with_discards(const struct carc_game *game, int wrong, bool early,
	      uint32_t *line_out)
{
	char *text = save_text(game), *out;
	int n_hist = carc_game_history_count(game);
	int n_disc = carc_game_discard_count(game), k = 0;
	int *place = calloc((size_t)n_disc + 1, sizeof(int));
	bool *done = calloc((size_t)n_disc + 1, sizeof(bool));
	int n_order = carc_game_draw_order(game, NULL, 0);
	uint32_t *order = malloc((size_t)n_order * sizeof(*order));
	struct carc_game *g = NULL;
	size_t len = 0;
	uint32_t lineno = 0;
	const char *p = text;

	ck_assert_ptr_nonnull(place);
	ck_assert_ptr_nonnull(done);
	ck_assert_ptr_nonnull(order);
	/* place[d]: the number of moves after which discard d happened */
	carc_game_draw_order(game, order, (size_t)n_order);
	assert_ok(carc_game_new(carc_game_rules(game), 2, 0, &g));
	assert_ok(carc_game_set_draw_order(g, order, (size_t)n_order));
	ck_assert_int_eq(carc_game_discard_count(g), 0);
	for (int i = 0; i < n_hist; i++) {
		carc_move_t m;
		int before = carc_game_discard_count(g);

		assert_ok(carc_game_history_at(game, (uint32_t)i, &m));
		assert_ok(carc_game_apply(g, m));
		for (int d = before; d < carc_game_discard_count(g); d++)
			place[d] = i + 1 - (d == wrong && early);
	}
	ck_assert_int_eq(carc_game_discard_count(g), n_disc);
	carc_game_free(g);
	free(order);
	out = malloc(strlen(text) + 32 * ((size_t)n_disc + 1));
	ck_assert_ptr_nonnull(out);
	while (*p) {
		const char *e = strchr(p, '\n');
		size_t l = e ? (size_t)(e - p) + 1 : strlen(p);

		/* before a move or the closing lines: the discards due */
		if (p[0] == 'P' || strncmp(p, "scores", 6) == 0) {
			for (int d = 0; d < n_disc; d++) {
				const char *name;

				if (done[d] || place[d] > k)
					continue;
				name = carc_tile_name((uint32_t)
					carc_game_discard_at(game, (uint32_t)d));
				if (d == wrong && !early)
					name = strcmp(name, "A") ? "A" : "B";
				len += (size_t)sprintf(out + len,
						       "discard %s\n", name);
				if (++lineno && d == wrong)
					*line_out = lineno;
				done[d] = true;
			}
			k += p[0] == 'P';
		}
		memcpy(out + len, p, l);
		len += l;
		lineno++;
		p += l;
	}
	out[len] = '\0';
	free(place);
	free(done);
	free(text);
	return out;
}

/* 'discard TILE' lines are checked against the discards of the replay. */
START_TEST(discard_lines)
{
	struct carc_rules *rules = rules_for(0);
	struct carc_game *game = game_with_discard(rules), *copy;
	uint32_t line = 0;
	char *text, needle[64];

	carc_rules_unref(rules);
	ck_assert_msg(game != NULL, "no random game with a discard");
	text = with_discards(game, -1, false, &line);
	ck_assert_ptr_nonnull(strstr(text, "\ndiscard "));
	copy = load_ok(text);
	ck_assert_uint_eq(carc_game_hash(copy), carc_game_hash(game));
	carc_game_free(copy);
	free(text);

	/* the wrong tile */
	text = with_discards(game, 0, false, &line);
	snprintf(needle, sizeof(needle), "the tile discarded here is %s",
		 carc_tile_name((uint32_t)carc_game_discard_at(game, 0)));
	expect_error(text, CARC_E_PARSE, line, 9, needle);
	free(text);
	/* before the move that discards it */
	text = with_discards(game, 0, true, &line);
	expect_error(text, CARC_E_PARSE, line, 9, "no tile left to discard");
	free(text);
	/* more discard lines than discards, and no tile named */
	expect_error("carcassonne-record 1\nplayers 2\ntiles *=0 E=1\n"
		     "P0 place E 0,-1 r2\ndiscard E\nend\n",
		     CARC_E_PARSE, 5, 9, "no tile left to discard here");
	expect_error("carcassonne-record 1\nplayers 2\ntiles *=0 E=1\n"
		     "discard\nend\n",
		     CARC_E_PARSE, 4, 8, "a tile expected");
	expect_error("carcassonne-record 1\nplayers 2\ntiles *=0 E=1\n"
		     "discard Q9\nend\n",
		     CARC_E_UNKNOWN_TILE, 4, 9, "unknown tile 'Q9'");
	carc_game_free(game);
}
END_TEST

START_TEST(error_truncated)
{
	/* no 'end': the error is on the line after the last one */
	expect_error(HEAD "P0 place E 0,-1 r2\n", CARC_E_PARSE, 5, 0,
		     "truncated record");
	expect_error(HEAD "P0 place E 0,-1 r2", CARC_E_PARSE, 4, 0,
		     "truncated record");
	/* cut inside a line */
	expect_error(HEAD "P0 place E 0,", CARC_E_PARSE, 4, -1, "");
	expect_error(HEAD "P0 deploy", CARC_E_PARSE, 4, 10,
		     "line ends early");
	expect_error("carcassonne-rec", CARC_E_PARSE, 1, 1,
		     "not a game record");
	expect_error("", CARC_E_PARSE, 1, 0, "not a game record");
	expect_error(HEAD "end\nP0 pass\n", CARC_E_PARSE, 5, 1,
		     "text after 'end'");
}
END_TEST

START_TEST(error_unknown_option)
{
	expect_error("carcassonne-record 1\nplayers 2\noption foo on\nend\n",
		     CARC_E_UNKNOWN_OPTION, 3, 8, "unknown option 'foo'");
	expect_error("carcassonne-record 1\nplayers 2\n"
		     "option farm-scoring sometimes\nend\n",
		     CARC_E_PARSE, 3, 21, "bad value 'sometimes'");
	expect_error("carcassonne-record 1\nplayers 2\noption followers 99\n"
		     "end\n",
		     CARC_E_INVALID, 3, 18, "followers");
	expect_error(HEAD "P0 place E 0,-1 r2\noption phantom on\nend\n",
		     CARC_E_PARSE, 5, 1, "before the first move");
}
END_TEST

START_TEST(error_other)
{
	struct carc_game *out = NULL;

	expect_error("carcassonne-record 2\nend\n", CARC_E_PARSE, 1, 20,
		     "unsupported record version");
	expect_error(HEAD "end\nscores 1 0\n", CARC_E_PARSE, 5, 1,
		     "text after 'end'");
	expect_error(HEAD "scores 1 0\nend\n", CARC_E_PARSE, 4, 8,
		     "P0 scores 0, not 1");
	expect_error(HEAD "deck E\nend\n", CARC_E_INVALID, 4, 0,
		     "deck lists 1 tiles");
	expect_error(HEAD "deck E E\nend\n", CARC_E_UNKNOWN_TILE, 4, 0,
		     "deck does not match");
	expect_error(HEAD "deck U E\nP0 place E 0,-1 r2\nend\n",
		     CARC_E_UNKNOWN_TILE, 5, 10, "deck puts tile U in hand");
	expect_error("carcassonne-record 1\nP0 pass\nend\n", CARC_E_PARSE, 2,
		     0, "no 'players' line");
	expect_error(HEAD "frobnicate\nend\n", CARC_E_PARSE, 4, 1,
		     "unknown line 'frobnicate'");
	expect_error(HEAD "P0 place E 0,-1 r2 # ok\nP0 build tower\nend\n",
		     CARC_E_NOT_ALLOWED, 5, 4, "illegal move");
	expect_error(HEAD "P0 place E 0,-1 r2\x01\nend\n", CARC_E_PARSE, 4,
		     19, "control character");
	ck_assert_int_eq(carc_game_load(NULL, 3, &out, NULL, NULL, NULL, 0),
			 CARC_E_INVALID);
	ck_assert_int_eq(carc_game_load("x", 1, NULL, NULL, NULL, NULL, 0),
			 CARC_E_INVALID);
	ck_assert_ptr_null(out);
}
END_TEST

/* Every malformed header and move line is named with its column. */
START_TEST(error_each_line_kind)
{
	static const struct {
		const char *body;	/* after HEAD: line 4 on */
		int code;
		uint32_t line;
		int col;
		const char *msg;
	} cases[] = {
		{ "tiles E=5000\n", CARC_E_PARSE, 4, 7,
		  "bad tile count 'E=5000' (want NAME=COUNT, "
		  "0 <= COUNT <= 4000)" },
		{ "tiles E\n", CARC_E_PARSE, 4, 7,
		  "bad tile count 'E' (want NAME=COUNT, 0 <= COUNT <= 4000)" },
		{ "tiles Q2=1\n", CARC_E_UNKNOWN_TILE, 4, 7,
		  "unknown tile 'Q2'" },
		{ "P0 deploy follower c1\n", CARC_E_PARSE, 4, 0,
		  "no tile placed yet: give 'at X,Y'" },
		{ "P0 build\n", CARC_E_PARSE, 4, 9,
		  "line ends early: building expected" },
		{ "P0 crop\n", CARC_E_PARSE, 4, 8,
		  "line ends early: deploy or remove expected" },
		{ "P0 crop deploy now\n", CARC_E_PARSE, 4, 16,
		  "unexpected 'now' at the end of the line" },
		{ "P0 crop stay\n", CARC_E_PARSE, 4, 9,
		  "bad crop-circle choice 'stay' (deploy or remove)" },
		{ "P0 pass now\n", CARC_E_PARSE, 4, 9,
		  "unexpected 'now' at the end of the line" },
		{ "P0 second-tile now\n", CARC_E_PARSE, 4, 16,
		  "unexpected 'now' at the end of the line" },
		{ "P0 place E 0,-1 r2 now\n", CARC_E_PARSE, 4, 20,
		  "unexpected 'now' at the end of the line" },
		{ "P0 place E 0,-1 r2\nP0 deploy knight c1\n", CARC_E_PARSE,
		  5, 11, "unknown figure 'knight' (follower, phantom, "
		  "large-follower, builder or pig)" },
		{ "P0 place E 0,-1 r2\nP0 build follower\n", CARC_E_PARSE, 5,
		  10, "unknown building 'follower' (tower, house or shed)" },
		{ "P0 place E 0,-1 r2\nP0 deploy follower c99\n",
		  CARC_E_PARSE, 5, 20,
		  "unknown feature 'c99' (c1, r2, f3, monastery, ...)" },
		{ "P0 place E 0,-1 r2\nP0 deploy follower c1 on 0,-1\n",
		  CARC_E_PARSE, 5, 23,
		  "unexpected 'on' ('at X,Y' or nothing expected)" },
		{ "P0 place E 0,-1 r2\nP0 deploy follower c1 at 0,-1 now\n",
		  CARC_E_PARSE, 5, 31,
		  "unexpected 'now' at the end of the line" },
		{ "P0 place E 0,-1 r2\nP0 deploy follower c1 at\n",
		  CARC_E_PARSE, 5, 25, "line ends early: X,Y expected" },
		{ "P0\n", CARC_E_PARSE, 4, 3, "line ends early: a move expected" },
		{ "P0 jump\n", CARC_E_PARSE, 4, 4, "unknown move 'jump'" },
		{ "P9 pass\n", CARC_E_PARSE, 4, 1, "unknown line 'P9'" },
		{ "P0 place E 0,-1 r2\nP0 pass\nP1 place U 0,-2 r0\n"
		  "P1 pass\nP0 pass\n", CARC_E_GAME_OVER, 8, 4,
		  "illegal move: the game is over" },
		{ "deck E\nscores 0 0\n", CARC_E_INVALID, 4, 0,
		  "the deck lists 1 tiles but the rules give a stack of 2" },
		{ "scores x\n", CARC_E_PARSE, 4, 8, "bad score 'x'" },
		{ "scores 0 0 0\n", CARC_E_PARSE, 4, 12,
		  "more scores than players" },
		{ "end now\n", CARC_E_PARSE, 4, 5,
		  "unexpected 'now' at the end of the line" },
		{ "seed\n", CARC_E_PARSE, 4, 5,
		  "line ends early: a number expected" },
		{ "seed 12a\n", CARC_E_PARSE, 4, 6, "bad seed '12a'" },
		{ "seed 123456789012345678901\n", CARC_E_PARSE, 4, 6,
		  "bad seed '123456789012345678901'" },
		{ "seed 18446744073709551616\n", CARC_E_PARSE, 4, 6,
		  "bad seed '18446744073709551616'" },
		{ "seed 1 2\n", CARC_E_PARSE, 4, 8,
		  "unexpected '2' at the end of the line" },
		{ "players 10000000000000\n", CARC_E_PARSE, 4, 9,
		  "bad player count '10000000000000' (2 to 6)" },
		{ "players -\n", CARC_E_PARSE, 4, 9,
		  "bad player count '-' (2 to 6)" },
		{ "players +\n", CARC_E_PARSE, 4, 9,
		  "bad player count '+' (2 to 6)" },
	};
	char text[512];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct carc_game *out = (struct carc_game *)&out;
		uint32_t l = 0, c = 0;
		char msg[256];
		int rc;

		snprintf(text, sizeof(text), HEAD "%send\n", cases[i].body);
		rc = carc_game_load(text, strlen(text), &out, &l, &c, msg,
				    sizeof(msg));
		ck_assert_msg(rc == cases[i].code && l == cases[i].line &&
				      c == (uint32_t)cases[i].col &&
				      strcmp(msg, cases[i].msg) == 0,
			      "case %zu: %d at %u:%u '%s'", i, rc, l, c, msg);
		ck_assert_ptr_eq(out, (struct carc_game *)&out);
	}
}
END_TEST

/* A token longer than 40 characters is quoted by its first 40. */
#define LONG45 "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrs"
#define FIRST40 "abcdefghijklmnopqrstuvwxyzabcdefghijklmn"
#define ZEROS60 "000000000000000000000000000000000000000000000000000000000000"
#define DIGITS45 "123456789012345678901234567890123456789012345"

START_TEST(error_long_tokens)
{
	static const struct {
		const char *body;	/* after HEAD: line 4 on */
		int code;
		int col;
		const char *msg;
	} cases[] = {
		{ "P0 place E " LONG45 " r2\n", CARC_E_PARSE, 12,
		  "bad coordinates '" FIRST40 "' (want X,Y with -32768 <= X, "
		  "Y <= 32767)" },
		{ "P0 place " LONG45 " 0,-1 r2\n", CARC_E_UNKNOWN_TILE, 10,
		  "unknown tile '" FIRST40 "'" },
		{ "P0 pass " LONG45 "\n", CARC_E_PARSE, 9,
		  "unexpected '" FIRST40 "' at the end of the line" },
		{ "option " LONG45 LONG45 " on\n", CARC_E_UNKNOWN_OPTION, 8,
		  "unknown option '" FIRST40 "'" },
		{ "option followers " ZEROS60 "99\n", CARC_E_INVALID, 18,
		  "value '" "0000000000000000000000000000000000000000"
		  "' of option followers: invalid argument" },
		{ "option followers " LONG45 LONG45 "\n", CARC_E_PARSE, 18,
		  "bad value '" FIRST40 "' for option followers" },
		{ "tiles " LONG45 "\n", CARC_E_PARSE, 7,
		  "bad tile count '" FIRST40 "' (want NAME=COUNT, 0 <= COUNT "
		  "<= 4000)" },
		{ "P0 place E 0,-1 r2\nP0 deploy " LONG45 " c1\n",
		  CARC_E_PARSE, 11,
		  "unknown figure '" FIRST40 "' (follower, phantom, "
		  "large-follower, builder or pig)" },
		{ "P0 place E 0,-1 r2\nP0 deploy follower " LONG45 "\n",
		  CARC_E_PARSE, 20,
		  "unknown feature '" FIRST40 "' (c1, r2, f3, monastery, ...)" },
		{ "P0 place E 0,-1 r2\nP0 deploy follower c1 " LONG45 "\n",
		  CARC_E_PARSE, 23,
		  "unexpected '" FIRST40 "' ('at X,Y' or nothing expected)" },
		{ "P" LONG45 " pass\n", CARC_E_PARSE, 1,
		  "unknown line 'P" "abcdefghijklmnopqrstuvwxyzabcdefghijklm"
		  "'" },
		{ "P0 place E 0,-1 " LONG45 "\n", CARC_E_PARSE, 17,
		  "bad rotation '" FIRST40 "' (r0, r1, r2 or r3)" },
		{ "P0 crop " LONG45 "\n", CARC_E_PARSE, 9,
		  "bad crop-circle choice '" FIRST40 "' (deploy or remove)" },
		{ "P0 " LONG45 "\n", CARC_E_PARSE, 4,
		  "unknown move '" FIRST40 "'" },
		{ "scores " LONG45 "\n", CARC_E_PARSE, 8,
		  "bad score '" FIRST40 "'" },
		{ LONG45 "\n", CARC_E_PARSE, 1,
		  "unknown line '" FIRST40 "'" },
		{ "seed " DIGITS45 "\n", CARC_E_PARSE, 6,
		  "bad seed '" "1234567890123456789012345678901234567890"
		  "'" },
		{ "seed 1-2\n", CARC_E_PARSE, 6, "bad seed '1-2'" },
		{ "players " DIGITS45 "\n", CARC_E_PARSE, 9,
		  "bad player count '"
		  "1234567890123456789012345678901234567890' (2 to 6)" },
	};
	char text[512];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct carc_game *out = (struct carc_game *)&out;
		uint32_t l = 0, c = 0, want_line;
		char msg[256];
		int rc;

		snprintf(text, sizeof(text), HEAD "%send\n", cases[i].body);
		want_line = strncmp(cases[i].body, "P0 place E 0,-1 r2\n",
				    19) == 0 ? 5 : 4;
		rc = carc_game_load(text, strlen(text), &out, &l, &c, msg,
				    sizeof(msg));
		ck_assert_msg(rc == cases[i].code && l == want_line &&
				      c == (uint32_t)cases[i].col &&
				      strcmp(msg, cases[i].msg) == 0,
			      "case %zu: %d at %u:%u '%s'", i, rc, l, c, msg);
		ck_assert_ptr_eq(out, (struct carc_game *)&out);
	}
	/* the version line */
	expect_error("carcassonne-record\nend\n", CARC_E_PARSE, 1, 19,
		     "line ends early: format version expected");
	expect_error("carcassonne-record " DIGITS45 "\nend\n", CARC_E_PARSE,
		     1, 20,
		     "unsupported record version "
		     "'1234567890123456789012345678901234567890'");
	/* a message buffer without a text is a caller error */
	{
		struct carc_game *out = NULL;

		ck_assert_int_eq(carc_game_load(HEAD "end\n",
						strlen(HEAD "end\n"), &out,
						NULL, NULL, NULL, 8),
				 CARC_E_INVALID);
		ck_assert_ptr_null(out);
	}
}
END_TEST

/* A deck line may list at most 65536 tiles. */
START_TEST(error_deck_too_long)
{
	size_t n = 65537, k;
	char *text = malloc(strlen(HEAD) + 8 + 2 * n + 8);

	ck_assert_ptr_nonnull(text);
	k = (size_t)sprintf(text, HEAD "deck");
	for (size_t i = 0; i < n; i++)
		k += (size_t)sprintf(text + k, " E");
	sprintf(text + k, "\nend\n");
	expect_error(text, CARC_E_PARSE, 4, (int)(4 + 2 * 65536 + 2),
		     "deck too long");
	free(text);
}
END_TEST

/* Comments, blank lines, CR LF line ends and a text that is not
 * NUL-terminated are all fine. */
START_TEST(load_lenient_layout)
{
	static const char text[] =
		"# a game on a table\r\n"
		"\r\n"
		"carcassonne-record 1   # version\r\n"
		"  players\t2\r\n"
		"tiles *=0 E=1\r\n"
		"P0 place E 0,-1 r2\r\n"
		"P0 deploy follower c1 at 0,-1\r\n"
		"scores 4 0\r\n"
		"end\r\n"
		"# trailing comment\r\n"
		"GARBAGE THAT IS NOT PART OF THE LENGTH";
	struct carc_game *game = NULL;
	char msg[128];
	uint32_t line, col;
	size_t len = strlen(text) - strlen("GARBAGE THAT IS NOT PART OF THE "
					   "LENGTH");

	assert_ok(carc_game_load(text, len, &game, &line, &col, msg,
				 sizeof(msg)));
	ck_assert_int_eq(carc_game_score(game, 0), 4);
	carc_game_free(game);
}
END_TEST

/* Option values as words, aliases or numbers (carc_option_value_from_name());
 * a save writes the words again. */
START_TEST(load_option_values)
{
	static const char text[] =
		"carcassonne-record 1\nplayers 2\n"
		"option phantom 1\noption lb-scoring 321\n"
		"option farm-scoring 2\noption followers +5\n"
		"option farmers off\noption lb-distribution jcz\nend\n";
	struct carc_game *game = load_ok(text);
	const struct carc_rules *rules = carc_game_rules(game);
	int32_t v = -1;
	char *saved;

	assert_ok(carc_rules_get(rules, CARC_OPT_PHANTOM, &v));
	ck_assert_int_eq(v, 1);
	assert_ok(carc_rules_get(rules, CARC_OPT_LB_SCORING, &v));
	ck_assert_int_eq(v, CARC_LB_321);
	assert_ok(carc_rules_get(rules, CARC_OPT_FARM_SCORING, &v));
	ck_assert_int_eq(v, CARC_FARM_PER_FIELD_ONCE);
	assert_ok(carc_rules_get(rules, CARC_OPT_FOLLOWERS, &v));
	ck_assert_int_eq(v, 5);
	assert_ok(carc_rules_get(rules, CARC_OPT_FARMERS, &v));
	ck_assert_int_eq(v, 0);
	assert_ok(carc_rules_get(rules, CARC_OPT_LB_DISTRIBUTION, &v));
	ck_assert_int_eq(v, CARC_LB_DIST_JCZ);
	saved = save_text(game);
	ck_assert_ptr_nonnull(strstr(saved,
		"\noption farm-scoring per-field-once\noption farmers off\n"
		"option small-city off\noption followers 5\n"
		"option phantom on\n"));
	ck_assert_ptr_nonnull(strstr(saved,
		"\noption lb-scoring 3-2-1\noption lb-distribution jcz\n"));
	free(saved);
	carc_game_free(game);

	expect_error("carcassonne-record 1\nplayers 2\noption phantom 5\n"
		     "end\n",
		     CARC_E_INVALID, 3, 16,
		     "value '5' of option phantom: invalid argument");
	expect_error("carcassonne-record 1\nplayers 2\noption phantom yes\n"
		     "end\n",
		     CARC_E_PARSE, 3, 16, "bad value 'yes' for option phantom");
	expect_error("carcassonne-record 1\nplayers 2\n"
		     "option farm_scoring per-city\nend\n",
		     CARC_E_UNKNOWN_OPTION, 3, 8,
		     "unknown option 'farm_scoring'");
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("record");
	TCase *tc;

	tc = tcase_create("round_trip");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, round_trip_every_move, 0, 20);
	tcase_add_test(tc, round_trip_custom_stack);
	tcase_add_test(tc, round_trip_empty_stack);
	tcase_add_test(tc, save_buffer_contract);
	tcase_add_test(tc, load_without_deck);
	tcase_add_test(tc, load_lenient_layout);
	tcase_add_test(tc, load_option_values);
	suite_add_tcase(s, tc);

	tc = tcase_create("worked_examples");
	tcase_add_loop_test(tc, worked_example, 0, N_EXAMPLES);
	suite_add_tcase(s, tc);

	tc = tcase_create("errors");
	tcase_add_test(tc, error_unknown_tile);
	tcase_add_test(tc, error_bad_coordinates);
	tcase_add_test(tc, error_illegal_move);
	tcase_add_test(tc, error_wrong_player);
	tcase_add_test(tc, error_river_u_turn);
	tcase_add_test(tc, error_truncated);
	tcase_add_test(tc, per_turn_scores);
	tcase_add_test(tc, discard_lines);
	tcase_add_test(tc, error_unknown_option);
	tcase_add_test(tc, error_other);
	tcase_add_test(tc, error_each_line_kind);
	tcase_add_test(tc, error_deck_too_long);
	tcase_add_test(tc, error_long_tokens);
	suite_add_tcase(s, tc);
	return s;
}
