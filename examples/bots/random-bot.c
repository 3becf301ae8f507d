/* SPDX-License-Identifier: CC0-1.0 */
/*
 * random-bot: a bot for the bot protocol of libcarcassonne
 * (doc/bindings/bot-protocol.md) that plays a random legal move.  Play it with
 *
 *     carcassonne match greedy ./random-bot
 *
 * It keeps the lines the referee sends and, when asked to move, rebuilds
 * the game as a record: the rules lines, a deck of the tiles drawn so far
 * followed by the unseen ones in an order the rules allow, and the move
 * lines, which are record lines already.  Free to copy; see examples/COPYING.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

static char rules[16384], drawn[65536], moves[1 << 20], text[1 << 21];

/* Append the strings to @buf of size @n; 0 when they do not fit. */
static int
add(char *buf, size_t n, const char *a, const char *b)
{
	size_t len = strlen(buf);

	if (len + strlen(a) + strlen(b) >= n)
		return 0;
	strcat(strcat(buf + len, a), b);
	return 1;
}

static struct carc_game *
load(const char *record)
{
	struct carc_game *g = NULL;
	char msg[200] = "";

	if (carc_game_load(record, strlen(record), &g, NULL, NULL, msg,
			   sizeof(msg)) < 0)
		printf("info cannot rebuild the game: %s\n", msg);
	return g;
}

/* The game as it stands now, the unseen tiles in an arbitrary order. */
static struct carc_game *
rebuild(void)
{
	static uint32_t order[4096];
	static char names[sizeof(drawn)];
	int n, t;
	struct carc_game *g;

	/* every tile of the stack of these rules, in an order the rules
	 * allow (with The River the river's tiles first, the lake after) */
	snprintf(text, sizeof(text), "carcassonne-record 1\n%send\n", rules);
	if (!(g = load(text)))
		return NULL;
	n = carc_game_draw_order(g, order, 4096);
	carc_game_free(g);
	if (n > 4096)
		n = 4096;
	/* the tiles drawn so far out of it (marked past the tile types) */
	strcpy(names, drawn);
	for (char *s = strtok(names, " "); s; s = strtok(NULL, " "))
		if ((t = carc_tile_from_name(s)) >= 0)
			for (int i = 0; i < n; i++)
				if (order[i] == (uint32_t)t) {
					order[i] = CARC_TILE_TYPES;
					break;
				}
	/* the deck: the tiles drawn, in order, then the unseen ones */
	snprintf(text, sizeof(text), "carcassonne-record 1\n%sdeck%s", rules,
		 drawn);
	for (int i = 0; i < n; i++)
		if (order[i] < CARC_TILE_TYPES)
			add(text, sizeof(text), " ", carc_tile_name(order[i]));
	if (!add(text, sizeof(text), "\n", moves) ||
	    !add(text, sizeof(text), "end\n", ""))
		return NULL;
	return load(text);
}

int
main(void)
{
	static carc_move_t legal[65536];
	char line[4096], out[128];
	uint64_t seed = 1, rng = 1;
	int version = 2;

	setvbuf(stdout, NULL, _IOLBF, 0);	/* a line at a time */
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (strncmp(line, "protocol ", 9) == 0) {
			printf("id name random-bot\n");
			printf("id author libcarcassonne examples\n");
			printf("option seed int 1\n");
			/* version 2 has request ids; an older referee
			 * speaks 1 */
			version = atoi(line + 9) >= 2 ? 2 : 1;
			printf("protocolok %d\n", version);
		} else if (strcmp(line, "isready") == 0) {
			printf("readyok\n");
		} else if (strncmp(line, "setoption seed ", 15) == 0) {
			seed = strtoull(line + 15, NULL, 10) | 1;
		} else if (strcmp(line, "newgame") == 0) {
			/* every game from the seed */
			rules[0] = drawn[0] = moves[0] = '\0';
			rng = seed;
		} else if (strncmp(line, "players ", 8) == 0 ||
			   strncmp(line, "option ", 7) == 0 ||
			   strncmp(line, "tiles ", 6) == 0) {
			add(rules, sizeof(rules), line, "\n");
		} else if (strncmp(line, "draw ", 5) == 0 ||
			   strncmp(line, "discard ", 8) == 0) {
			add(drawn, sizeof(drawn), strchr(line, ' '), "");
		} else if (line[0] == 'P' && line[1] >= '0' && line[1] <= '9') {
			add(moves, sizeof(moves), line, "\n");
		} else if (strncmp(line, "go", 2) == 0) {
			struct carc_game *g = rebuild();
			int n = g ? carc_game_legal_moves(g, legal, 65536) : 0;

			carc_game_free(g);
			if (n <= 0) {
				printf("info no legal move\n");
				return 1;
			}
			/* xorshift64 */
			rng ^= rng << 13;
			rng ^= rng >> 7;
			rng ^= rng << 17;
			carc_move_describe(legal[rng % (uint64_t)n], out,
					   sizeof(out));
			/* "go ID ..." is answered "move ID ..." */
			if (version >= 2 && line[2] == ' ')
				printf("move %.*s %s\n",
				       (int)strcspn(line + 3, " "), line + 3,
				       out);
			else
				printf("move %s\n", out);
		} else if (strcmp(line, "quit") == 0) {
			return 0;
		}
		/* seat, cpu (the CPU time per decision, far more than we
		 * need), scores, forfeit, end, unknown lines: nothing to do */
	}
	return 0;
}
