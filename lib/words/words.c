/* SPDX-License-Identifier: MIT */
/*
 * The words: English sentences about features, moves, refusals and
 * scorings for a front end's menus and log (carc_tile_describe_feature(),
 * carc_game_describe_feature(), carc_game_explain_move(),
 * carc_game_explain_refusal(), carc_game_describe_event()).
 *
 * A layer on the public API: it reads the tile geometry, the board
 * queries and the events like any other program, and writes the text
 * snprintf-style.  The carcassonne tool's menus and reports, the Python
 * and JavaScript bindings and the web page's log all print these
 * sentences.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <carcassonne/carcassonne.h>

#include "compat.h"

/* A snprintf-style sink: writes what fits, counts everything. */
struct out {
	char *buf;
	size_t n;
	size_t len;
	bool failed;
};

static void put(struct out *o, const char *fmt, ...) CARC_PRINTF(2, 3);

static void
put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (o->failed)
		return;
	va_start(ap, fmt);
	if (o->len + 1 < o->n)
		k = vsnprintf(o->buf + o->len, o->n - o->len, fmt, ap);
	else
		k = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (k < 0 || (size_t)k > (size_t)INT_MAX - o->len) {
		o->failed = true;
		return;
	}
	o->len += (size_t)k;
}

/* The result of a call: the length, or the error with an empty buffer. */
static int
finish(struct out *o, int rc)
{
	if (rc >= 0 && o->failed)
		rc = CARC_E_INVALID;
	if (rc < 0) {
		if (o->n > 0)
			o->buf[0] = '\0';
		return rc;
	}
	return (int)o->len;
}

static const char *const side_word[4] = { "north", "east", "south", "west" };
static const char *const corner_word[4] = { "north-west", "north-east",
					    "south-east", "south-west" };
/* half-edge (NL NR EL ER SL SR WL WR) -> corner it lies in */
static const int half_corner[8] = { 0, 1, 1, 2, 2, 3, 3, 0 };

static const char *
plural(int32_t k, const char *one, const char *many)
{
	return k == 1 ? one : many;
}

/* "the city on the north edge, with a pennant": a feature of one tile;
 * @at, when not NULL, is put after the place on the tile ("at 1,0"). */
static int
tile_words(struct out *o, uint32_t tile, uint32_t rot, uint32_t feature,
	   const char *at)
{
	int m = carc_tile_feature_sides(tile, rot, feature);
	const char *w[4] = { "", "", "", "" };
	unsigned corners = 0;
	int k = 0, pennants;

	if (m < 0)
		return m;
	switch (feature >> 4) {
	case CARC_FEATURE_MONASTERY:
		put(o, "the monastery%s", at ? at : "");
		return 0;
	case CARC_FEATURE_CITY:
		for (int s = 0; s < 4; s++)
			if (m & (1 << s))
				w[k++] = side_word[s];
		if (k == 4)
			put(o, "the city on all four edges");
		else if (k == 3)
			put(o, "the city on the %s, %s and %s edges", w[0],
			    w[1], w[2]);
		else if (k == 2)
			put(o, "the city on the %s and %s edges", w[0], w[1]);
		else
			put(o, "the city on the %s edge", w[0]);
		put(o, "%s", at ? at : "");
		pennants = carc_tile_feature_pennants(tile, feature);
		if (pennants == 1)
			put(o, ", with a pennant");
		else if (pennants > 1)
			put(o, ", with %d pennants", pennants);
		return 0;
	case CARC_FEATURE_ROAD:
		for (int s = 0; s < 4; s++)
			if (m & (1 << s))
				w[k++] = side_word[s];
		if (k == 1)
			put(o, "the road ending at the %s edge", w[0]);
		else
			put(o, "the road from %s to %s", w[0], w[1]);
		put(o, "%s", at ? at : "");
		return 0;
	default:
		break;
	}
	for (int h = 0; h < 8; h++)
		if (m & (1 << h))
			corners |= 1u << half_corner[h];
	if (m == 0xff) {
		put(o, "the field all around%s", at ? at : "");
		return 0;
	}
	if (corners == 15) {
		/* a band or a field but for one side: the sides it fills */
		for (int s = 0; s < 4; s++)
			if ((m >> (2 * s) & 3) == 3)
				w[k++] = side_word[s];
		if (k == 3)
			put(o, "the field along the %s, %s and %s edges", w[0],
			    w[1], w[2]);
		else if (k == 2)
			put(o, "the field along the %s and %s edges", w[0],
			    w[1]);
		else
			put(o, "the field around the tile");
		put(o, "%s", at ? at : "");
		return 0;
	}
	switch (corners) {
	case 3:
	case 6:
	case 12:
	case 9:
		put(o, "the field to the %s",
		    side_word[corners == 3 ? 0 : corners == 6 ? 1
					     : corners == 12 ? 2 : 3]);
		put(o, "%s", at ? at : "");
		return 0;
	default:
		break;
	}
	for (int i = 0; i < 4; i++)
		if (corners & (1u << i))
			w[k++] = corner_word[i];
	if (k == 3) {
		for (int i = 0; i < 4; i++)
			if (!(corners & (1u << i)))
				put(o, "the field except the %s corner",
				    corner_word[i]);
	} else if (k == 2) {
		put(o, "the field %s and %s", w[0], w[1]);
	} else {
		put(o, "the field %s", w[0]);
	}
	put(o, "%s", at ? at : "");
	return 0;
}

CARC_EXPORT int
carc_tile_describe_feature(uint32_t tile, uint32_t rotation,
			   uint32_t feature, char *buf, size_t n)
{
	struct out o = { buf, n, 0, false };

	if (n > 0 && buf)
		buf[0] = '\0';
	if (!buf && n > 0)
		return CARC_E_INVALID;
	return finish(&o, tile_words(&o, tile, rotation, feature, NULL));
}

static int32_t
attr(const struct carc_game *g, int32_t x, int32_t y, uint32_t f,
     uint32_t a)
{
	int32_t v = 0;

	carc_game_feature_get(g, x, y, f, a, &v);
	return v;
}

/* "; taken by P0 with 2 followers and P1": who stands on a feature. */
static void
holders(struct out *o, const struct carc_game *g, int32_t x, int32_t y,
	uint32_t f)
{
	int np = carc_game_player_count(g), k = 0, total = 0;

	for (int p = 0; p < np; p++)
		total += attr(g, x, y, f,
			      CARC_FEATURE_ATTR_FOLLOWERS + (uint32_t)p) > 0 ||
			 attr(g, x, y, f,
			      CARC_FEATURE_ATTR_PHANTOMS + (uint32_t)p) > 0 ||
			 attr(g, x, y, f,
			      CARC_FEATURE_ATTR_LARGE_FOLLOWERS +
				      (uint32_t)p) > 0;
	if (total == 0)
		return;
	for (int p = 0; p < np; p++) {
		int32_t fl = attr(g, x, y, f,
				  CARC_FEATURE_ATTR_FOLLOWERS + (uint32_t)p);
		int32_t ph = attr(g, x, y, f,
				  CARC_FEATURE_ATTR_PHANTOMS + (uint32_t)p);
		int32_t lg = attr(g, x, y, f,
				  CARC_FEATURE_ATTR_LARGE_FOLLOWERS +
					  (uint32_t)p);

		if (fl == 0 && ph == 0 && lg <= 0)
			continue;
		put(o, "%s", k == 0		 ? "; taken by "
			     : k == total - 1 ? " and "
					      : ", ");
		k++;
		if (lg > 0 && fl == 0 && ph == 0)
			put(o, "P%d's large follower", p);
		else if (lg > 0 && fl == 0)
			put(o, "P%d with the large follower and the phantom",
			    p);
		else if (lg > 0)
			put(o, "P%d with %d %s, the large follower%s", p,
			    (int)fl, plural(fl, "follower", "followers"),
			    ph ? " and the phantom" : "");
		else if (fl == 0)
			put(o, "P%d's phantom", p);
		else if (ph)
			put(o, "P%d with %d %s and the phantom", p, (int)fl,
			    plural(fl, "follower", "followers"));
		else if (fl > 1)
			put(o, "P%d with %d followers", p, (int)fl);
		else
			put(o, "P%d", p);
	}
}

/* "; P0's builder is there": the builders and pigs on a feature (Traders &
 * Builders), who count for no majority. */
static void
helpers(struct out *o, const struct carc_game *g, int32_t x, int32_t y,
	uint32_t f)
{
	static const struct {
		uint32_t attr;
		const char *name;
	} kinds[2] = { { CARC_FEATURE_ATTR_BUILDERS, "builder" },
		       { CARC_FEATURE_ATTR_PIGS, "pig" } };
	int np = carc_game_player_count(g);

	for (int k = 0; k < 2; k++) {
		int n = 0, shown = 0;

		for (int p = 0; p < np; p++)
			n += attr(g, x, y, f, kinds[k].attr + (uint32_t)p) > 0;
		for (int p = 0; p < np; p++) {
			if (attr(g, x, y, f, kinds[k].attr + (uint32_t)p) <= 0)
				continue;
			put(o, "%sP%d's", shown == 0	 ? "; "
					  : shown == n - 1 ? " and "
							   : ", ",
			    p);
			shown++;
		}
		if (n > 0)
			put(o, " %s %s there", n == 1 ? kinds[k].name
						      : k == 0 ? "builders"
							       : "pigs",
			    n == 1 ? "is" : "are");
	}
}

/* The goods symbols of a city, "1 wine and 2 grain"; false if none. */
static bool
goods_list(struct out *o, int32_t wine, int32_t grain, int32_t cloth)
{
	const int32_t k[3] = { wine, grain, cloth };
	static const char *const name[3] = { "wine", "grain", "cloth" };
	int n = (wine > 0) + (grain > 0) + (cloth > 0), shown = 0;

	for (int i = 0; i < 3; i++) {
		if (k[i] <= 0)
			continue;
		put(o, "%s%d %s", shown == 0	     ? ""
				  : shown == n - 1 ? " and "
						   : ", ",
		    (int)k[i], name[i]);
		shown++;
	}
	return n > 0;
}

/* The board-level feature: where, how big, what it is worth, whose. */
static int
game_feature_words(struct out *o, const struct carc_game *g, int32_t x,
		   int32_t y, uint32_t f)
{
	int32_t kind, tiles, open, done, value, pennants, cities;
	uint32_t tile = 0, rot = 0;
	int i = carc_game_tile_find(g, x, y), rc;
	char at[32];

	if (i < 0)
		return i;
	rc = carc_game_tile_at(g, (uint32_t)i, NULL, NULL, &tile, &rot);
	if (rc < 0)
		return rc;
	rc = carc_game_feature_get(g, x, y, f, CARC_FEATURE_ATTR_KIND, &kind);
	if (rc < 0)
		return rc;
	tiles = attr(g, x, y, f, CARC_FEATURE_ATTR_TILES);
	open = attr(g, x, y, f, CARC_FEATURE_ATTR_OPEN);
	done = attr(g, x, y, f, CARC_FEATURE_ATTR_COMPLETE);
	value = attr(g, x, y, f, CARC_FEATURE_ATTR_VALUE);
	pennants = attr(g, x, y, f, CARC_FEATURE_ATTR_PENNANTS);
	cities = attr(g, x, y, f, CARC_FEATURE_ATTR_CITIES);
	snprintf(at, sizeof(at), " at %d,%d", (int)x, (int)y);
	rc = tile_words(o, tile, rot, f, at);
	if (rc < 0)
		return rc;
	put(o, ": ");
	switch (kind) {
	case CARC_FEATURE_FIELD:
		if (cities == 0)
			put(o, "borders no completed city yet");
		else
			put(o, "borders %d completed %s, worth %d at the "
			       "end as it stands",
			    (int)cities, plural(cities, "city", "cities"),
			    (int)value);
		break;
	case CARC_FEATURE_MONASTERY:
		if (done)
			put(o, "complete, worth %d", (int)value);
		else
			put(o, "%d of 9 tiles around it, worth %d as it "
			       "stands",
			    (int)tiles, (int)value);
		break;
	default:
		put(o, "%s%d %s", done ? "complete, " : "", (int)tiles,
		    plural(tiles, "tile", "tiles"));
		if (pennants > 0)
			put(o, ", %d %s", (int)pennants,
			    plural(pennants, "pennant", "pennants"));
		/* Inns & Cathedrals */
		if (attr(g, x, y, f, CARC_FEATURE_ATTR_FLAGS) > 0)
			put(o, kind == CARC_FEATURE_ROAD ? ", with an inn"
							 : ", with a cathedral");
		/* Traders & Builders: the goods its completion gives */
		if (kind == CARC_FEATURE_CITY) {
			int32_t w = attr(g, x, y, f, CARC_FEATURE_ATTR_WINE);
			int32_t gr = attr(g, x, y, f, CARC_FEATURE_ATTR_GRAIN);
			int32_t c = attr(g, x, y, f, CARC_FEATURE_ATTR_CLOTH);

			if (w + gr + c > 0) {
				put(o, ", goods ");
				goods_list(o, w, gr, c);
			}
		}
		if (done)
			put(o, ", worth %d", (int)value);
		else
			put(o, ", %d open %s, worth %d as it stands",
			    (int)open,
			    kind == CARC_FEATURE_ROAD
				    ? plural(open, "end", "ends")
				    : plural(open, "side", "sides"),
			    (int)value);
	}
	holders(o, g, x, y, f);
	helpers(o, g, x, y, f);
	return 0;
}

CARC_EXPORT int
carc_game_describe_feature(const struct carc_game *game, int32_t x,
			   int32_t y, uint32_t feature, char *buf, size_t n)
{
	struct out o = { buf, n, 0, false };

	if (n > 0 && buf)
		buf[0] = '\0';
	if (!game || (!buf && n > 0))
		return CARC_E_INVALID;
	return finish(&o, game_feature_words(&o, game, x, y, feature));
}

/* The tile placed last, from the history; false before any. */
static bool
last_placed(const struct carc_game *g, uint32_t *tile)
{
	for (int k = carc_game_history_count(g) - 1; k >= 0; k--) {
		carc_move_t m;
		int i;

		if (carc_game_history_at(g, (uint32_t)k, &m) < 0 ||
		    carc_move_kind(m) != CARC_MOVE_PLACE)
			continue;
		i = carc_game_tile_find(g, carc_move_x(m), carc_move_y(m));
		return i >= 0 && carc_game_tile_at(g, (uint32_t)i, NULL, NULL,
						   tile, NULL) >= 0;
	}
	return false;
}

/* The features a crop circle acts on: "roads", "cities", "fields". */
static const char *
crop_words(const struct carc_game *g)
{
	uint32_t tile = 0;
	int sym;

	if (!last_placed(g, &tile))
		return "features";
	sym = carc_tile_symbol(tile);
	return sym == CARC_SYMBOL_PITCHFORK ? "fields"
	       : sym == CARC_SYMBOL_CLUB    ? "roads"
	       : sym == CARC_SYMBOL_SHIELD  ? "cities"
					    : "features";
}

/* The River: where the river flows on after placing a river tile,
 * "; the river flows on to the east", or "; the lake ends the river". */
static void
river_words(struct out *o, const struct carc_game *g, uint32_t tile,
	    carc_move_t m)
{
	uint32_t rot = carc_move_rotation(m) & 3;
	int32_t x = carc_move_x(m), y = carc_move_y(m);
	static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
	int river = 0, open = -1;

	for (int s = 0; s < 4; s++) {
		if (carc_tile_edge(tile, rot, (uint32_t)s) != CARC_EDGE_RIVER)
			continue;
		river++;
		if (carc_game_tile_find(g, x + dx[s], y + dy[s]) < 0)
			open = s;
	}
	if (river == 0)
		return;
	if (river == 1)
		put(o, "; the lake ends the river");
	else if (open >= 0)
		put(o, "; the river flows on to the %s", side_word[open]);
}

static const char *const turn_word[4] = {
	"as drawn", "a quarter turn clockwise", "half a turn",
	"a quarter turn anticlockwise"
};

static int
move_words(struct out *o, const struct carc_game *g, carc_move_t m)
{
	uint32_t kind = carc_move_kind(m), fig = carc_move_figure(m);
	int phase = carc_game_phase(g), tile;
	const char *name;

	if (phase < 0)
		return phase;
	if (carc_move_describe(m, NULL, 0) < 0)
		return CARC_E_INVALID;
	switch (kind) {
	case CARC_MOVE_PLACE:
		tile = carc_game_current_tile(g);
		if (phase == CARC_PHASE_PLACE_TILE && tile >= 0)
			put(o, "place tile %s", carc_tile_name((uint32_t)tile));
		else
			put(o, "place the tile");
		put(o, " at %d,%d, turned %s (r%u)", (int)carc_move_x(m),
		    (int)carc_move_y(m),
		    turn_word[carc_move_rotation(m) & 3],
		    (unsigned)carc_move_rotation(m));
		if (phase == CARC_PHASE_PLACE_TILE && tile >= 0)
			river_words(o, g, (uint32_t)tile, m);
		return 0;
	case CARC_MOVE_PASS:
		put(o, "%s",
		    phase == CARC_PHASE_DEPLOY	 ? "pass: put no figure on the "
						   "tile"
		    : phase == CARC_PHASE_PHANTOM ? "pass: keep the phantom"
		    : phase == CARC_PHASE_CROP_RESPONSE
			    ? "pass: add no follower"
		    : phase == CARC_PHASE_SECOND_TILE
			    ? "pass: no second tile this turn"
			    : "pass");
		return 0;
	case CARC_MOVE_SECOND_TILE:
		put(o, "take the second tile the builder gives: draw and "
		       "place another tile");
		return 0;
	case CARC_MOVE_CROP_CHOICE:
		if (fig == CARC_CROP_DEPLOY)
			put(o, "crop circle: every player may add a follower "
			       "beside one of his in %s",
			    crop_words(g));
		else
			put(o, "crop circle: every player takes back one of "
			       "his followers in %s",
			    crop_words(g));
		return 0;
	case CARC_MOVE_DEPLOY:
		name = carc_figure_name(fig);
		if (carc_move_feature(m) == 0) {
			if (carc_game_tile_find(g, carc_move_x(m),
						carc_move_y(m)) < 0)
				return CARC_E_NOT_FOUND;
			put(o, "build a %s on the tile at %d,%d", name,
			    (int)carc_move_x(m), (int)carc_move_y(m));
			return 0;
		}
		if (fig == CARC_FIGURE_PHANTOM)
			put(o, "put the phantom on ");
		else if (fig == CARC_FIGURE_LARGE_FOLLOWER)
			put(o, "put the large follower on ");
		else if (fig == CARC_FIGURE_BUILDER)
			put(o, "put the builder on ");
		else if (fig == CARC_FIGURE_PIG)
			put(o, "put the pig on ");
		else
			put(o, "put a %s on ", name);
		return game_feature_words(o, g, carc_move_x(m),
					  carc_move_y(m),
					  carc_move_feature(m));
	case CARC_MOVE_REMOVE:
		put(o, "take back the %s from ",
		    fig == CARC_FIGURE_LARGE_FOLLOWER ? "large follower"
						      : carc_figure_name(fig));
		return game_feature_words(o, g, carc_move_x(m),
					  carc_move_y(m),
					  carc_move_feature(m));
	default:
		return CARC_E_INVALID;
	}
}

CARC_EXPORT int
carc_game_explain_move(const struct carc_game *game, carc_move_t move,
		       char *buf, size_t n)
{
	struct out o = { buf, n, 0, false };

	if (n > 0 && buf)
		buf[0] = '\0';
	if (!game || (!buf && n > 0))
		return CARC_E_INVALID;
	return finish(&o, move_words(&o, game, move));
}

static int32_t
event(const struct carc_game *g, uint32_t i, uint32_t a)
{
	int32_t v = 0;

	carc_game_event_get(g, i, a, &v);
	return v;
}

/* The player who made the last move, the one whose tile completed a
 * city of the last carc_game_apply() (its goods go to him): the player
 * to move once that move is taken back on a copy; -1 if unknown. */
static int
goods_taker(const struct carc_game *g)
{
	struct carc_game *copy = NULL;
	int who = -1;

	if (carc_game_clone(g, &copy) < 0)
		return -1;
	if (carc_game_undo(copy) == CARC_OK)
		who = carc_game_current_player(copy);
	carc_game_free(copy);
	return who;
}

static const char *const goods_word[4] = { "goods", "wine", "grain",
					   "cloth" };

/* Traders & Builders at the end: "wine: P0 holds 3, P1 holds 3 (a tie):
 * P0 scores 10, P1 scores 10". */
static int
goods_event_words(struct out *o, const struct carc_game *g, uint32_t i)
{
	int32_t kind = event(g, i, CARC_EVENT_GOODS_KIND);
	int32_t scorers = event(g, i, CARC_EVENT_SCORERS);
	int np = carc_game_player_count(g), k = 0, tied = 0;

	put(o, "the %s tokens at the end:", goods_word[kind >= 1 && kind <= 3 ? kind
									: 0]);
	for (int p = 0; p < np; p++) {
		int32_t t = event(g, i, CARC_EVENT_TOKENS + (uint32_t)p);

		if (t <= 0)
			continue;
		put(o, "%s P%d holds %d", k ? "," : "", p, (int)t);
		k++;
	}
	for (int p = 0; p < np; p++)
		tied += (scorers >> p) & 1;
	put(o, "%s", tied > 1 ? ", a tie for the most" : "");
	k = 0;
	for (int p = 0; p < np; p++) {
		if (!(scorers & (1 << p)))
			continue;
		put(o, "%s P%d scores %d", k ? "," : ":", p,
		    (int)event(g, i, CARC_EVENT_POINTS + (uint32_t)p));
		k++;
	}
	if (k == 0)
		put(o, ": nobody scores");
	return 0;
}

static int
event_words(struct out *o, const struct carc_game *g, uint32_t i)
{
	int32_t type, kind, x, y, tiles, cities, flags;
	int np = carc_game_player_count(g), k = 0, n = carc_game_event_count(g);
	const char *what;

	if (n < 0)
		return n;
	if (i >= (uint32_t)n)
		return CARC_E_INVALID;
	type = event(g, i, CARC_EVENT_TYPE);
	kind = event(g, i, CARC_EVENT_FEATURE_KIND);
	x = event(g, i, CARC_EVENT_X);
	y = event(g, i, CARC_EVENT_Y);
	tiles = event(g, i, CARC_EVENT_TILES);
	cities = event(g, i, CARC_EVENT_CITIES);
	what = carc_feature_kind_name((uint32_t)kind);
	if (!what)
		what = "feature";
	if (type == CARC_EVENT_GOODS)
		return goods_event_words(o, g, i);
	if (type == CARC_EVENT_FARM && kind == CARC_FEATURE_CITY)
		put(o, "farm points for the completed city at %d,%d",
		    (int)x, (int)y);
	else if (type == CARC_EVENT_FARM)
		put(o, "the farm at %d,%d (%d completed %s)", (int)x, (int)y,
		    (int)cities, plural(cities, "city", "cities"));
	else
		put(o, "the %s at %d,%d, %s with %d %s", what, (int)x, (int)y,
		    type == CARC_EVENT_COMPLETED ? "completed"
						 : "unfinished at the end",
		    (int)tiles, plural(tiles, "tile", "tiles"));
	/* Inns & Cathedrals: what the inn or cathedral did to the value */
	flags = attr(g, x, y, (uint32_t)event(g, i, CARC_EVENT_FEATURE),
		     CARC_FEATURE_ATTR_FLAGS);
	if (type != CARC_EVENT_FARM && flags > 0 &&
	    (kind == CARC_FEATURE_ROAD || kind == CARC_FEATURE_CITY))
		put(o, type == CARC_EVENT_COMPLETED
			       ? (kind == CARC_FEATURE_ROAD
					  ? " and an inn (2 a tile)"
					  : " and a cathedral (3 a tile and "
					    "pennant)")
			       : (kind == CARC_FEATURE_ROAD
					  ? " and an inn, so worth nothing"
					  : " and a cathedral, so worth "
					    "nothing"));
	for (int p = 0; p < np; p++) {
		int32_t pts = event(g, i, CARC_EVENT_POINTS + (uint32_t)p);
		int32_t b = event(g, i,
				  CARC_EVENT_BUILDING_POINTS + (uint32_t)p);

		if (!(event(g, i, CARC_EVENT_SCORERS) & (1 << p)) &&
		    pts + b == 0)
			continue;
		put(o, "%s P%d scores %d", k ? "," : ":", p, (int)(pts + b));
		if (b)
			put(o, " (%d for buildings)", (int)b);
		/* Traders & Builders: a pig in a farm its owner wins */
		if (type == CARC_EVENT_FARM && kind == CARC_FEATURE_FIELD &&
		    attr(g, x, y, (uint32_t)event(g, i, CARC_EVENT_FEATURE),
			 CARC_FEATURE_ATTR_PIGS + (uint32_t)p) > 0 &&
		    (event(g, i, CARC_EVENT_SCORERS) & (1 << p)))
			put(o, " (with the pig, 4 a city)");
		k++;
	}
	if (k == 0)
		put(o, ": nobody scores");
	/* Traders & Builders: the goods of a completed city */
	if (type == CARC_EVENT_COMPLETED &&
	    event(g, i, CARC_EVENT_WINE) + event(g, i, CARC_EVENT_GRAIN) +
			    event(g, i, CARC_EVENT_CLOTH) > 0) {
		int taker = goods_taker(g);

		if (taker >= 0)
			put(o, "; P%d, who completed it, takes ", taker);
		else
			put(o, "; the player who completed it takes ");
		goods_list(o, event(g, i, CARC_EVENT_WINE),
			   event(g, i, CARC_EVENT_GRAIN),
			   event(g, i, CARC_EVENT_CLOTH));
	}
	return 0;
}

CARC_EXPORT int
carc_game_describe_event(const struct carc_game *game, uint32_t index,
			 char *buf, size_t n)
{
	struct out o = { buf, n, 0, false };

	if (n > 0 && buf)
		buf[0] = '\0';
	if (!game || (!buf && n > 0))
		return CARC_E_INVALID;
	return finish(&o, event_words(&o, game, index));
}

/*
 * Why carc_game_apply() refuses a move (carc_game_explain_refusal()).
 * The code comes from a clone, so the game is not changed; the reason
 * behind CARC_E_NOT_ALLOWED is worked out again from the rules and the
 * public queries, in the order the engine checks them.
 */

static int32_t
opt(const struct carc_game *g, uint32_t option)
{
	int32_t v = 0;

	carc_rules_get(carc_game_rules(g), option, &v);
	return v;
}

static bool
on_field(carc_move_t m)
{
	return carc_move_feature(m) >> 4 == CARC_FEATURE_FIELD;
}

/* The River's turns, the one rule that refuses a placement so. */
static void
river_refusal(struct out *o, const struct carc_game *g)
{
	switch (opt(g, CARC_OPT_RIVER_U_TURN)) {
	case CARC_RIVER_U_JCZ:
		put(o, "the river would have no room ahead "
		       "(option river-u-turn jcz)");
		break;
	case CARC_RIVER_U_SUCCESSIVE:
		put(o, "the river may not turn the same way twice in a "
		       "row, even with straight tiles between (option "
		       "river-u-turn successive)");
		break;
	default:
		put(o, "the river may not turn back on itself "
		       "(option river-u-turn)");
		break;
	}
}

static const char farmers_off[] =
	"no figure goes into a field: farmers are not in play "
	"(option farmers off)";

/* The builder and the pig (doc/users/rules.md#traders-builder, -pig). */
static void
traders_refusal(struct out *o, const struct carc_game *g, carc_move_t m)
{
	uint32_t kind = carc_move_feature(m) >> 4;

	if (!opt(g, CARC_OPT_TRADERS_BUILDERS)) {
		put(o, "the builder and the pig come only with Traders & "
		       "Builders (option traders-builders off)");
	} else if (carc_move_figure(m) == CARC_FIGURE_PIG) {
		if (kind == CARC_FEATURE_FIELD &&
		    !opt(g, CARC_OPT_FARMERS))
			put(o, "the pig needs a farmer of yours, and farmers "
			       "are not in play (option farmers off)");
		else
			put(o, "the pig goes only into a field of the tile "
			       "just placed that holds one of your farmers");
	} else if ((kind == CARC_FEATURE_ROAD || kind == CARC_FEATURE_CITY) &&
		   !opt(g, CARC_OPT_BUILDER_ON_COMPLETED) &&
		   carc_game_feature_is_complete(g, carc_move_x(m),
						 carc_move_y(m),
						 carc_move_feature(m)) == 1) {
		put(o, "the builder may not go onto a road or city that the "
		       "tile just placed completes (option "
		       "builder-on-completed off)");
	} else {
		put(o, "the builder goes only onto a road or city of the "
		       "tile just placed that holds one of your followers");
	}
}

/* The deployment and phantom steps. */
static void
deploy_refusal(struct out *o, const struct carc_game *g, carc_move_t m)
{
	uint32_t fig = carc_move_figure(m);

	switch (fig) {
	case CARC_FIGURE_BUILDER:
	case CARC_FIGURE_PIG:
		traders_refusal(o, g, m);
		return;
	case CARC_FIGURE_TOWER:
	case CARC_FIGURE_HOUSE:
	case CARC_FIGURE_SHED:
		put(o, "buildings come only with Little Buildings "
		       "(option little-buildings off)");
		return;
	case CARC_FIGURE_LARGE_FOLLOWER:
		if (!opt(g, CARC_OPT_INNS_CATHEDRALS)) {
			put(o, "the large follower comes only with Inns & "
			       "Cathedrals (option inns-cathedrals off)");
			return;
		}
		break;
	case CARC_FIGURE_PHANTOM:
		if (!opt(g, CARC_OPT_PHANTOM)) {
			put(o, "the phantom comes only with The Phantom "
			       "(option phantom off)");
			return;
		}
		break;
	default:
		break;
	}
	if (on_field(m) && !opt(g, CARC_OPT_FARMERS))
		put(o, "%s", farmers_off);
}

/* A crop-circle response (doc/users/rules.md#crop-action). */
static void
crop_refusal(struct out *o, const struct carc_game *g, carc_move_t m)
{
	bool deploy = carc_game_crop_action(g) == CARC_CROP_DEPLOY;
	uint32_t fig = carc_move_figure(m);

	switch (carc_move_kind(m)) {
	case CARC_MOVE_PASS:
		if (!deploy)
			put(o, "the crop circle's removal is a must: take "
			       "back one of your followers in %s",
			    crop_words(g));
		else
			put(o, "a player who can must add a follower beside "
			       "one of his in %s (option "
			       "crop-deploy-mandatory on)",
			    crop_words(g));
		return;
	case CARC_MOVE_DEPLOY:
	case CARC_MOVE_REMOVE:
		if (fig == CARC_FIGURE_TOWER || fig == CARC_FIGURE_HOUSE ||
		    fig == CARC_FIGURE_SHED) {
			put(o, "a crop circle adds followers, not buildings");
		} else if (fig == CARC_FIGURE_PHANTOM &&
			   !opt(g, CARC_OPT_CROP_PHANTOM)) {
			put(o, "the phantom takes no part in a crop circle's "
			       "action (option crop-phantom off)");
		} else if (carc_move_kind(m) == CARC_MOVE_DEPLOY) {
			if (opt(g, CARC_OPT_CROP_DEPLOY_ANY))
				put(o, "the crop circle adds a follower only "
				       "to %s that hold a follower",
				    crop_words(g));
			else
				put(o, "the crop circle adds a follower only "
				       "to %s that hold one of yours (option "
				       "crop-deploy-any off)",
				    crop_words(g));
		}
		return;
	default:
		return;
	}
}

/* What the decision point now asks for, after CARC_E_WRONG_PHASE. */
static void
phase_refusal(struct out *o, const struct carc_game *g, carc_move_t m)
{
	int phase = carc_game_phase(g), p = carc_game_current_player(g);
	int tile = carc_game_current_tile(g), h = carc_game_history_count(g);
	carc_move_t last = CARC_MOVE_NONE;

	if (h > 0)
		carc_game_history_at(g, (uint32_t)h - 1, &last);
	/* doc/users/rules.md#traders-phantom */
	if (carc_move_kind(m) == CARC_MOVE_DEPLOY &&
	    carc_move_figure(m) == CARC_FIGURE_PHANTOM &&
	    phase != CARC_PHASE_PHANTOM && opt(g, CARC_OPT_PHANTOM) &&
	    !opt(g, CARC_OPT_PHANTOM_WITH_FIGURE) &&
	    carc_move_kind(last) == CARC_MOVE_DEPLOY &&
	    (carc_move_figure(last) == CARC_FIGURE_BUILDER ||
	     carc_move_figure(last) == CARC_FIGURE_PIG))
		put(o, "the phantom does not follow the builder or the pig "
		       "in the same turn (option phantom-with-figure off); ");
	switch (phase) {
	case CARC_PHASE_PLACE_TILE:
		if (tile >= 0)
			put(o, "P%d is to place tile %s", p,
			    carc_tile_name((uint32_t)tile));
		else
			put(o, "P%d is to place a tile", p);
		break;
	case CARC_PHASE_DEPLOY:
		put(o, "P%d is to put a figure on the tile just placed, or "
		       "pass", p);
		break;
	case CARC_PHASE_PHANTOM:
		put(o, "P%d is to put the phantom on the tile just placed, "
		       "or pass", p);
		break;
	case CARC_PHASE_CROP_CHOICE:
		put(o, "P%d is to choose the crop circle's action: add or "
		       "take back followers", p);
		break;
	case CARC_PHASE_CROP_RESPONSE:
		if (carc_game_crop_action(g) == CARC_CROP_DEPLOY)
			put(o, "P%d is to add a follower in %s, or pass", p,
			    crop_words(g));
		else
			put(o, "P%d is to take back one of his followers in "
			       "%s", p, crop_words(g));
		break;
	case CARC_PHASE_SECOND_TILE:
		put(o, "P%d is to take the builder's second tile, or pass",
		    p);
		break;
	default:
		return;
	}
	put(o, " (phase %s)", carc_phase_name((uint32_t)phase));
}

static int
refusal_words(struct out *o, const struct carc_game *g, carc_move_t m)
{
	struct carc_game *copy = NULL;
	size_t len;
	int rc, phase;

	rc = carc_game_is_legal(g, m);
	if (rc < 0)
		return rc;
	if (rc == 1)
		return 0;
	rc = carc_game_clone(g, &copy);
	if (rc < 0)
		return rc;
	rc = carc_game_apply(copy, m);
	carc_game_free(copy);
	if (rc >= 0)	/* legal after all: nothing to say */
		return 0;
	put(o, "%s", carc_strerror(rc));
	len = o->len;
	put(o, ": ");
	phase = carc_game_phase(g);
	if (rc == CARC_E_WRONG_PHASE) {
		phase_refusal(o, g, m);
	} else if (rc == CARC_E_NOT_ALLOWED) {
		if (carc_move_kind(m) == CARC_MOVE_PLACE)
			river_refusal(o, g);
		else if (phase == CARC_PHASE_CROP_RESPONSE)
			crop_refusal(o, g, m);
		else if (phase == CARC_PHASE_DEPLOY ||
			 phase == CARC_PHASE_PHANTOM)
			deploy_refusal(o, g, m);
	}
	if (o->len == len + 2) {	/* no reason known: the bare text */
		o->len = len;
		if (o->n > 0)
			o->buf[len < o->n ? len : o->n - 1] = '\0';
	}
	return 0;
}

CARC_EXPORT int
carc_game_explain_refusal(const struct carc_game *game, carc_move_t move,
			  char *buf, size_t n)
{
	struct out o = { buf, n, 0, false };

	if (n > 0 && buf)
		buf[0] = '\0';
	if (!game || (!buf && n > 0))
		return CARC_E_INVALID;
	return finish(&o, refusal_words(&o, game, move));
}
