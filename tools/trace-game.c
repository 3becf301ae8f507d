/* SPDX-License-Identifier: MIT */
/*
 * trace-game: play seeded random games and print, after every move, the
 * game hash, the legal-move count and the error codes carc_game_apply()
 * gives for a sample of wrong moves.  tools/compare-baseline.sh builds it
 * against two builds of the library and compares the traces, so that a
 * refactoring of the engine can show it changed no outcome, hash or
 * error code.  Public API only.
 *
 * Usage: trace-game PLAYERS SEED [OPTION=VALUE]...  (numeric CARC_OPT_*)
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include <carcassonne/carcassonne.h>

static uint64_t
next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* A move from raw fields, well-formed or not. */
static carc_move_t
raw(uint64_t kind, uint64_t fig, uint64_t rot, uint64_t feat, int x, int y)
{
	return kind | fig << 8 | rot << 16 | feat << 24 |
	       (uint64_t)(uint16_t)x << 32 | (uint64_t)(uint16_t)y << 48;
}

/* A well-formed move of a kind @v picks. */
static carc_move_t
well_formed(uint64_t v, int x, int y)
{
	static const uint32_t features[] = {
		CARC_FEATURE_CITY << 4 | 1, CARC_FEATURE_CITY << 4 | 2,
		CARC_FEATURE_ROAD << 4 | 1, CARC_FEATURE_ROAD << 4 | 2,
		CARC_FEATURE_MONASTERY << 4 | 1, CARC_FEATURE_FIELD << 4 | 1,
		CARC_FEATURE_FIELD << 4 | 2, CARC_FEATURE_FIELD << 4 | 3,
	};
	uint32_t f = features[(v >> 20) % 8];
	uint32_t fig = (v >> 12) & 1 ? CARC_FIGURE_PHANTOM
				     : CARC_FIGURE_FOLLOWER;

	switch ((v >> 8) % 7) {
	case 0:
		return carc_move_place(x, y, (uint32_t)(v >> 16) % 4);
	case 1:
	case 2:
		return carc_move_deploy(fig, x, y, f);
	case 3:
		return carc_move_build(CARC_FIGURE_TOWER +
					       (uint32_t)(v >> 12) % 3, x, y);
	case 4:
		return carc_move_pass();
	case 5:
		return carc_move_crop_choice(1 + (uint32_t)(v >> 12) % 2);
	}
	return raw(CARC_MOVE_REMOVE, fig, 0, f, x, y);
}

int
main(int argc, char **argv)
{
	static const uint64_t feats[] = { 0, 0x11, 0x12, 0x21, 0x22, 0x23,
					  0x31, 0x41, 0x42, 0x43, 0x15 };
	struct carc_rules_builder *b;
	struct carc_rules *r;
	struct carc_game *g, *scratch;
	carc_move_t moves[4096];
	uint64_t rng;
	uint32_t players;

	if (argc < 3)
		return 2;
	players = (uint32_t)atoi(argv[1]);
	rng = strtoull(argv[2], NULL, 10);
	if (carc_rules_builder_new(&b) < 0)
		return 1;
	for (int i = 3; i < argc; i++) {
		unsigned o;
		int v;

		if (sscanf(argv[i], "%u=%d", &o, &v) != 2 ||
		    carc_rules_builder_set(b, o, v) < 0)
			return 2;
	}
	if (carc_rules_builder_build(b, &r) < 0 ||
	    carc_game_new(r, players, rng, &g) < 0 ||
	    carc_game_clone(g, &scratch) < 0)
		return 1;
	for (int turn = 0; !carc_game_is_over(g); turn++) {
		int n = carc_game_legal_moves(g, moves, 4096);
		int32_t x = 0, y = 0;
		int last = carc_game_tile_count(g) - 1;
		carc_move_t pick;

		if (n <= 0)
			return 1;
		carc_game_tile_at(g, (uint32_t)last, &x, &y, NULL, NULL);
		printf("%d p%d ph%d n%d h%016" PRIx64 " rc", turn,
		       carc_game_current_player(g), carc_game_phase(g), n,
		       carc_game_hash(g));
		/* wrong or odd moves: what the checks answer */
		for (int k = 0; k < 24; k++) {
			uint64_t v = next(&rng);
			carc_move_t m;

			if (k < 4)	/* a legal move with one field changed */
				m = moves[v % (uint64_t)n] ^
				    (1ull << (8 * ((v >> 20) % 8) + (v >> 40) % 3));
			else if (k % 4 == 0)	/* anything */
				m = raw((v >> 8) % 6, (v >> 12) % 7,
					k % 5 == 0 ? (v >> 16) % 4 : 0,
					feats[(v >> 20) % 11],
					x + (int)((v >> 28) % 3) - 1,
					y + (int)((v >> 32) % 3) - 1);
			else	/* well-formed, near the last tile */
				m = well_formed(v, x + (int)((v >> 28) % 3) - 1,
						y + (int)((v >> 32) % 3) - 1);
			carc_game_copy(scratch, g);
			printf(" %d:%d", carc_game_is_legal(g, m),
			       carc_game_apply(scratch, m));
		}
		pick = moves[next(&rng) % (uint64_t)n];
		if (carc_game_apply(g, pick) < 0)
			return 1;
		printf(" ev%d\n", carc_game_event_count(g));
	}
	for (uint32_t p = 0; p < players; p++)
		printf("%d ", carc_game_score(g, p));
	printf("h%016" PRIx64 "\n", carc_game_hash(g));
	carc_game_free(scratch);
	carc_game_free(g);
	carc_rules_unref(r);
	carc_rules_builder_free(b);
	return 0;
}
