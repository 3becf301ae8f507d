/* SPDX-License-Identifier: MIT */
/*
 * The labels of the terminal game: square letters of the placements and
 * the labels a person types for moves (a0, c1, pass ...).  What features,
 * moves and scorings mean in words comes from the library
 * (carc_game_explain_move() and friends).
 */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "common.h"

char
spot_letter(int k)
{
	return k < 26 ? (char)('a' + k) : k < 52 ? (char)('A' + k - 26) : '+';
}

int
spot_index(const carc_move_t *spots, int n_spots, int32_t x, int32_t y)
{
	int k = 0;

	/* spots are the placements; the letters go to distinct squares in
	 * the order the placements come */
	for (int i = 0; i < n_spots; i++) {
		bool seen = false;

		for (int j = 0; j < i && !seen; j++)
			seen = carc_move_x(spots[j]) == carc_move_x(spots[i]) &&
			       carc_move_y(spots[j]) == carc_move_y(spots[i]);
		if (seen)
			continue;
		if (carc_move_x(spots[i]) == x && carc_move_y(spots[i]) == y)
			return k;
		k++;
	}
	return -1;
}

const char *
figure_word(uint32_t figure)
{
	const char *name = carc_figure_name(figure);

	return name ? name : "?";
}

/* The tile placed last (from the history), or false before any. */
bool
last_placed(const struct carc_game *g, int32_t *x, int32_t *y,
	    uint32_t *tile, uint32_t *rot)
{
	int i = carc_game_tile_count(g) - 1;
	int h = carc_game_history_count(g);

	for (int k = h - 1; k >= 0; k--) {
		carc_move_t m;

		carc_game_history_at(g, (uint32_t)k, &m);
		if (carc_move_kind(m) == CARC_MOVE_PLACE) {
			*x = carc_move_x(m);
			*y = carc_move_y(m);
			i = carc_game_tile_find(g, *x, *y);
			carc_game_tile_at(g, (uint32_t)i, NULL, NULL, tile,
					  rot);
			return true;
		}
	}
	if (i >= 0)
		carc_game_tile_at(g, (uint32_t)i, x, y, tile, rot);
	return false;
}

/* The short label a person types for a move ("" when only its number). */
void
move_label(const struct carc_game *g, const carc_move_t *moves, int n,
	   int i, char *buf, size_t len)
{
	carc_move_t m = moves[i];
	int32_t lx = 0, ly = 0;
	uint32_t lt = 0, lr = 0;
	const char *name;

	buf[0] = '\0';
	switch (carc_move_kind(m)) {
	case CARC_MOVE_PLACE:
		snprintf(buf, len, "%c%u",
			 spot_letter(spot_index(moves, n, carc_move_x(m),
						carc_move_y(m))),
			 (unsigned)carc_move_rotation(m));
		return;
	case CARC_MOVE_PASS:
		snprintf(buf, len, "pass");
		return;
	case CARC_MOVE_CROP_CHOICE: {
		/* the choice's word: "crop deploy" less "crop " */
		char text[32] = "";
		const char *word;

		carc_move_describe(m, text, sizeof(text));
		word = strchr(text, ' ');
		snprintf(buf, len, "%s", word ? word + 1 : "?");
		return;
	}
	case CARC_MOVE_DEPLOY:
		last_placed(g, &lx, &ly, &lt, &lr);
		if (carc_move_feature(m) == 0) {
			snprintf(buf, len, "%s",
				 figure_word(carc_move_figure(m)));
			return;
		}
		if (carc_move_x(m) != lx || carc_move_y(m) != ly ||
		    carc_game_phase(g) == CARC_PHASE_CROP_RESPONSE)
			return;
		name = carc_feature_name(carc_move_feature(m));
		/* a follower takes the feature's label; the large follower,
		 * the builder and the pig add their name: large-c1,
		 * builder-r1, pig-f2 */
		switch (carc_move_figure(m)) {
		case CARC_FIGURE_LARGE_FOLLOWER:
			snprintf(buf, len, "large-%s", name ? name : "");
			return;
		case CARC_FIGURE_BUILDER:
		case CARC_FIGURE_PIG:
			snprintf(buf, len, "%s-%s",
				 figure_word(carc_move_figure(m)),
				 name ? name : "");
			return;
		default:
			snprintf(buf, len, "%s", name ? name : "");
			return;
		}
	case CARC_MOVE_SECOND_TILE:
		snprintf(buf, len, "second");
		return;
	default:
		return;
	}
}

/* The features a crop circle acts on: "fields", "roads", "cities". */
const char *
crop_kind_words(const struct carc_game *g)
{
	int32_t x, y;
	uint32_t tile = 0, rot;
	int sym;

	last_placed(g, &x, &y, &tile, &rot);
	sym = carc_tile_symbol(tile);
	return sym == CARC_SYMBOL_PITCHFORK ? "fields"
	       : sym == CARC_SYMBOL_CLUB    ? "roads"
	       : sym == CARC_SYMBOL_SHIELD  ? "cities"
					    : "features";
}

void
print_wrapped(FILE *f, int col, int indent, int width, const char *text)
{
	const char *p = text;

	while (*p) {
		int room = width - col, len = (int)strlen(p), cut = len;

		if (len > room) {
			/* the last space that leaves the line within width */
			cut = 0;
			for (int k = 0; k <= room && k < len; k++)
				if (p[k] == ' ')
					cut = k;
			if (cut == 0)
				cut = room > 0 ? room : len;
		}
		fprintf(f, "%.*s\n", cut, p);
		p += cut;
		while (*p == ' ')
			p++;
		if (*p)
			fprintf(f, "%*s", indent, "");
		col = indent;
	}
	if (!*text)
		fprintf(f, "\n");
}
