/* SPDX-License-Identifier: MIT */
/*
 * The words of the terminal game: square letters of the placements, the
 * labels a person types for moves (a0, c1, pass ...) and what each feature
 * and move means ("c1 = the city on the north edge").
 */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "common.h"

static const char *const side_word[4] = { "north", "east", "south", "west" };

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
		snprintf(buf, len, "%s", name ? name : "");
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

/* What a move means, in words. */
void
move_words(const struct carc_game *g, carc_move_t m, char *buf, size_t len)
{
	int i = carc_game_tile_find(g, carc_move_x(m), carc_move_y(m));
	uint32_t tile = 0, rot = 0;
	char fw[96];

	switch (carc_move_kind(m)) {
	case CARC_MOVE_PLACE:
		snprintf(buf, len, "put the tile at %d,%d turned r%u",
			 (int)carc_move_x(m), (int)carc_move_y(m),
			 (unsigned)carc_move_rotation(m));
		return;
	case CARC_MOVE_PASS:
		snprintf(buf, len, "pass (place no figure)");
		return;
	case CARC_MOVE_DEPLOY:
	case CARC_MOVE_REMOVE:
		if (carc_move_feature(m) == 0) {
			snprintf(buf, len, "build a %s on the tile",
				 figure_word(carc_move_figure(m)));
			return;
		}
		if (i >= 0)
			carc_game_tile_at(g, (uint32_t)i, NULL, NULL, &tile,
					  &rot);
		feature_words(tile, rot, carc_move_feature(m), fw, sizeof(fw));
		snprintf(buf, len, "%s%s at %d,%d (%s)",
			 carc_move_figure(m) == CARC_FIGURE_PHANTOM ? "phantom "
								    : "",
			 carc_feature_name(carc_move_feature(m)),
			 (int)carc_move_x(m), (int)carc_move_y(m), fw);
		return;
	case CARC_MOVE_CROP_CHOICE:
		snprintf(buf, len, "%s",
			 carc_move_figure(m) == CARC_CROP_DEPLOY
				 ? "each player may add a follower beside one "
				   "of his"
				 : "each player takes back a follower");
		return;
	default:
		carc_move_describe(m, buf, len);
	}
}

void
feature_words(uint32_t tile, uint32_t rot, uint32_t feature, char *buf,
	      size_t n)
{
	static const char *const corner_word[4] = { "north-west", "north-east",
						    "south-east",
						    "south-west" };
	/* half-edge -> corner: NL NR EL ER SL SR WL WR */
	static const int half_corner[8] = { 0, 1, 1, 2, 2, 3, 3, 0 };
	int m = carc_tile_feature_sides(tile, rot, feature);
	const char *w[4];
	int k = 0;

	if (m < 0) {
		snprintf(buf, n, "?");
		return;
	}
	switch (feature >> 4) {
	case CARC_FEATURE_MONASTERY:
		snprintf(buf, n, "the monastery");
		return;
	case CARC_FEATURE_CITY:
	case CARC_FEATURE_ROAD:
		for (int s = 0; s < 4; s++)
			if (m & (1 << s))
				w[k++] = side_word[s];
		if ((feature >> 4) == CARC_FEATURE_ROAD)
			snprintf(buf, n,
				 k == 1	  ? "the road ending at the %s edge"
				 : k == 2 ? "the road from %s to %s"
					  : "the road",
				 w[0], k > 1 ? w[1] : "");
		else
			snprintf(buf, n,
				 k == 1	  ? "the city on the %s edge%s%s"
				 : k == 2 ? "the city on the %s and %s edges"
				 : k == 3 ? "the city on the %s, %s and %s edges"
					  : "the city on all four edges",
				 w[0], k > 1 ? w[1] : "", k > 2 ? w[2] : "");
		return;
	default:
		break;
	}
	{
		unsigned corners = 0;

		for (int h = 0; h < 8; h++)
			if (m & (1 << h))
				corners |= 1u << half_corner[h];
		switch (corners) {
		case 15:
			snprintf(buf, n, "the field all around");
			return;
		case 3:
			snprintf(buf, n, "the field to the north");
			return;
		case 6:
			snprintf(buf, n, "the field to the east");
			return;
		case 12:
			snprintf(buf, n, "the field to the south");
			return;
		case 9:
			snprintf(buf, n, "the field to the west");
			return;
		default:
			break;
		}
		k = 0;
		for (int i = 0; i < 4; i++)
			if (corners & (1u << i))
				w[k++] = corner_word[i];
		if (k == 3) {
			for (int i = 0; i < 4; i++)
				if (!(corners & (1u << i)))
					snprintf(buf, n,
						 "the field except the %s "
						 "corner",
						 corner_word[i]);
			return;
		}
		snprintf(buf, n, k == 1 ? "the field %s" : "the field %s and %s",
			 k > 0 ? w[0] : "?", k > 1 ? w[1] : "");
	}
}
