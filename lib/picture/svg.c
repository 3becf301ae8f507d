/* SPDX-License-Identifier: MIT */
/*
 * carc_game_render_svg(): the picture of a game.
 *
 * A layer on the public API: the tile art comes from the geometry calls
 * (carc_tile_feature_shape() and friends), the position from the board
 * queries.  Every coordinate is an integer in tile units (1000 per tile
 * side); the viewBox scales them to pixels, so the text is the same on
 * every platform and locale.
 *
 * Every style is a presentation attribute (fill='...', stroke='...'):
 * no <style> sheet and no CSS, so renderers that read only attributes
 * (QtSvg, librsvg, Inkscape, browsers) draw the same picture.  The class
 * attributes stay as names for scripts and tests; nothing needs them to
 * draw.
 */
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "picture.h"

#define TU CARC_TILE_UNITS
#define MARGIN 300
#define TITLE_H 320
#define TITLE_FONT 190
#define TITLE_MIN_FONT 100
#define SCORES_H 380
#define GOODS_ROW_H 170		/* Traders & Builders: goods under scores */
#define GOODS_SCALE 150		/* a goods token on its tile, percent */
#define LEGEND_ITEM_W 1800
#define LEGEND_ROW_H 330
#define HAND_ROW_H 640
#define CAPTION_H 300
#define MIN_WIDTH 4600
#define SCORE_W 1100		/* a player's score chip */
#define DEFAULT_TILE_PX 100
#define MIN_TILE_PX 16
#define MAX_TILE_PX 512
#define KNOWN_FLAGS 63u
#define MAX_FEATURES 16
#define GRID 20			/* step of the figure layout's search */
#define HUB_R 110		/* half side of a road junction's square */
#define EDGE_GAP 8		/* figures keep this far from a tile edge */
#define FIG_GAP 6		/* and this far from each other */

/*
 * The players' colours, from the Okabe-Ito palette for colour-blind
 * readers: vermillion, blue, yellow, black, sky blue and grey.  Every pair
 * stays at least 19 apart (CIEDE2000) for normal eyes and for simulated
 * deuteranopia, protanopia and tritanopia, and at least 15 from the
 * pennant's white (tests/test-picture.c measures it).
 */
static const uint32_t default_colours[6] = {
	0xd55e00, 0x0072b2, 0xf0e442, 0x000000, 0x56b4e9, 0x999999,
};
static const char *const default_colour_names[6] = {
	"vermillion", "blue", "yellow", "black", "sky blue", "grey",
};

/* Presentation attributes of each kind of thing drawn. */
#define A_PAGE "fill='#f6f3ea'"
#define A_BG "fill='#8dc26f'"
#define A_CITY "fill='#e3c38a' stroke='#7a4a1c' stroke-width='14' " \
	       "stroke-linejoin='round'"
#define A_ROAD "fill='#f5f0e1' stroke='#6b5a45' stroke-width='12' " \
	       "stroke-linejoin='round'"
#define A_MON "fill='#a9806a' stroke='#4a2a12' stroke-width='12' " \
	      "stroke-linejoin='round'"
#define A_HL "fill='#ffe45c' stroke='#c2008a' stroke-width='28' " \
	     "stroke-linejoin='round'"
#define A_FIELD_HL "fill='#f2f27a' stroke='#c2008a' stroke-width='24' " \
		   "stroke-linejoin='round'"
#define A_HUB "fill='#b7a58c' stroke='#4a3a28' stroke-width='12' " \
	      "stroke-linejoin='round'"
#define A_CROP "fill='#efe3a0' stroke='#9a8a30' stroke-width='12'"
#define A_SYM "fill='#5a4a10' stroke='none'"
#define A_RIVER "fill='none' stroke='#4f8fd6' stroke-width='150' " \
		"stroke-linecap='butt'"
#define A_POND "fill='#4f8fd6' stroke='#2f6fb6' stroke-width='10'"
#define A_EDGE "fill='none' stroke='#2f3b22' stroke-width='8'"
#define A_LBL "font-size='70' fill='#1a1a1a' fill-opacity='0.8'"
#define A_BLD "fill='#c8a060' stroke='#3a2a10' stroke-width='9' " \
	      "stroke-linejoin='round'"
#define A_BLDBASE "fill='#ffffff' fill-opacity='0.7' stroke='none'"
#define A_LAST "fill='none' stroke='#ffffff' stroke-width='34'"
#define A_LAST2 "fill='none' stroke='#c2008a' stroke-width='16'"
#define A_SPOT "fill='#ffffff' fill-opacity='0.35' stroke='#2f3b22' " \
	       "stroke-width='14' stroke-dasharray='50,30'"
#define A_SPOTN "font-size='150' text-anchor='middle' fill='#2f3b22'"
#define A_TITLE "font-weight='bold' fill='#1a1a1a'"
#define A_SCORE "font-size='170' fill='#1a1a1a'"
#define A_LEG "font-size='130' fill='#1a1a1a'"
#define A_NGOODS "font-size='130' fill='#1a1a1a'"
#define A_BADGE "fill='#ffffff' stroke='#1a1a1a' stroke-width='8'"
#define A_BADGEN "font-weight='bold' text-anchor='middle' fill='#1a1a1a'"

/* One piece of a highlighted feature. */
struct piece {
	int32_t x, y;
	uint32_t feature;
};

/* A figure on the board and where the layout puts it. */
struct fig {
	uint32_t player, figure, feature;
	int32_t x, y;		/* its tile */
	int index;		/* in carc_game_figure_at() order */
	int32_t ax, ay;		/* anchor, in units of its tile */
	int32_t scale;		/* percent */
	bool drawn;
	int32_t badge;		/* drawn: stands for this many ("x3") */
	bool plus;		/* not drawn: "+badge" at (bx, by) */
	int32_t bx, by;
};

struct pic {
	const struct carc_game *g;
	struct pic_out *o;
	uint32_t flags;
	uint32_t colour[6];
	int32_t bx0, by0, bx1, by1;	/* drawn board cells */
	int32_t ox, oy;		/* units of cell (bx0, by0) */
	struct piece *hl;	/* highlighted pieces */
	int n_hl;
	int32_t hl_x, hl_y;	/* the piece that named it */
	uint32_t hl_feature;
	carc_move_t *moves;	/* legal placements */
	int n_moves;
	struct fig *figs;	/* the figures, laid out */
	int n_figs;
};

static uint32_t
kind_of(uint32_t feature)
{
	return feature >> 4;
}

/* ------------------------------------------------------------------ */
/* Shapes                                                               */
/* ------------------------------------------------------------------ */

/*
 * Figures and symbols, drawn around (0, 0) in tile units.  A standing
 * follower is about 190 wide and 210 high.  A figure's colour comes
 * from its <use>; a knight's helmet and sword are steel whatever the
 * player, so thief and knight differ in colour as well as outline.
 */
static void
put_defs(struct pic_out *o)
{
	pic_printf(o,
		"<defs>\n"
		/* thief: the plain standing follower */
		"<path id='thief' transform='scale(1.2)'"
		" d='M-75,80 L-25,80 L0,40 L25,80 L75,80 "
		"L35,0 L78,-12 L68,-38 L27,-40 A33,33 0 1 0 -27,-40 "
		"L-68,-38 L-78,-12 L-35,0 Z'/>\n"
		/* knight: the follower in a pointed helmet, sword raised */
		"<g id='knight' transform='scale(1.2)'>"
		"<path d='M-75,80 L-25,80 L0,40 L25,80 L75,80 "
		"L35,0 L78,-12 L68,-38 L27,-40 L-27,-40 "
		"L-68,-38 L-78,-12 L-35,0 Z'/>"
		"<path fill='#c9ced6' d='M-31,-34 L-31,-84 L0,-112 L31,-84 "
		"L31,-34 Z M62,-20 L62,-112 L72,-130 L82,-112 L82,-20 Z "
		"M50,-40 L94,-40 L94,-28 L50,-28 Z'/></g>\n"
		/* monk: a robe without legs, a hooded head */
		"<path id='monk' transform='scale(1.2)'"
		" d='M-70,80 Q-62,-6 -34,-34 A36,36 0 1 1 "
		"34,-34 Q62,-6 70,80 Z'/>\n"
		/* farmer: the follower lying on its back, head west */
		"<path id='farmer' transform='scale(1.2)'"
		" d='M80,-62 L80,-20 L40,0 L80,20 L80,62 "
		"L0,28 L-12,66 L-38,57 L-40,21 A33,33 0 1 1 -40,-21 "
		"L-38,-57 L-12,-66 L0,-28 Z'/>\n"
		/* buildings, standing on a white base */
		"<path id='tower' d='M-40,70 L-40,-50 L-50,-50 L-50,-90 "
		"L-30,-90 L-30,-70 L-10,-70 L-10,-90 L10,-90 L10,-70 "
		"L30,-70 L30,-90 L50,-90 L50,-50 L40,-50 L40,70 Z'/>\n"
		"<path id='house' d='M-55,60 L-55,-15 L0,-70 L55,-15 "
		"L55,60 Z'/>\n"
		"<path id='shed' d='M-75,50 L-75,-5 L75,-40 L75,50 Z'/>\n"
		/* crop-circle symbols, in a disc of radius 100 */
		"<path id='pitchfork' d='M-8,80 L-8,-10 L-45,-10 L-45,-75 "
		"L-30,-75 L-30,-25 L-8,-25 L-8,-75 L8,-75 L8,-25 L30,-25 "
		"L30,-75 L45,-75 L45,-10 L8,-10 L8,80 Z'/>\n"
		"<path id='club' transform='rotate(-35)'"
		" d='M-10,80 L-14,-5 A38,38 0 1 1 14,-5 "
		"L10,80 Z'/>\n"
		"<path id='shield' d='M-60,-70 L60,-70 L60,0 Q60,50 0,80 "
		"Q-60,50 -60,0 Z'/>\n"
		/* a pennant: a white swallow-tailed flag on a dark pole */
		"<g id='pennant'>"
		"<path fill='#3a2a10' d='M-50,-60 L-38,-60 L-38,62 L-50,62 Z'/>"
		"<path fill='#ffffff' stroke='#3a2a10' stroke-width='9' "
		"stroke-linejoin='round' d='M-38,-58 L56,-36 L22,-14 L56,8 "
		"L-38,24 Z'/></g>\n"
		"</defs>\n");
}

static void
put_colour(struct pic_out *o, uint32_t rgb)
{
	pic_printf(o, "#%06x", (unsigned)(rgb & 0xffffff));
}

/* Black or white, whichever reads better on @rgb. */
static const char *
ink_on(uint32_t rgb)
{
	uint32_t r = (rgb >> 16) & 255, g = (rgb >> 8) & 255, b = rgb & 255;

	return 299 * r + 587 * g + 114 * b > 140000 ? "#000000" : "#ffffff";
}

static const char *
figure_shape(uint32_t feature_kind)
{
	switch (feature_kind) {
	case CARC_FEATURE_CITY:
		return "knight";
	case CARC_FEATURE_MONASTERY:
		return "monk";
	case CARC_FEATURE_FIELD:
		return "farmer";
	default:
		return "thief";
	}
}

/* The box a figure covers around its anchor at scale 100. */
struct box {
	int32_t x0, y0, x1, y1;
};

static struct box
figure_box(uint32_t feature_kind, int32_t scale)
{
	struct box b;

	switch (feature_kind) {
	case CARC_FEATURE_CITY:
		b = (struct box){ -94, -156, 113, 96 };
		break;
	case CARC_FEATURE_MONASTERY:
		b = (struct box){ -84, -99, 84, 96 };
		break;
	case CARC_FEATURE_FIELD:
		b = (struct box){ -118, -80, 96, 80 };
		break;
	default:
		b = (struct box){ -94, -111, 94, 96 };
		break;
	}
	b.x0 = b.x0 * scale / 100;
	b.y0 = b.y0 * scale / 100;
	b.x1 = b.x1 * scale / 100;
	b.y1 = b.y1 * scale / 100;
	return b;
}

/* "1.00" for 100 */
static void
put_scale(struct pic_out *o, int32_t percent)
{
	pic_printf(o, "%d.%02d", (int)(percent / 100), (int)(percent % 100));
}

/* A follower, phantom or large follower (@figure, a carc_figure) of
 * @player at (x, y), @scale percent; the large follower a size larger
 * with a bold outline. */
static void
put_figure(struct pic *p, int32_t x, int32_t y, uint32_t feature_kind,
	   uint32_t figure, int player, bool key, int32_t scale)
{
	struct pic_out *o = p->o;
	uint32_t rgb = player >= 0 ? p->colour[player] : 0xffffff;
	bool lying = feature_kind == CARC_FEATURE_FIELD;
	bool phantom = figure == CARC_FIGURE_PHANTOM;
	bool large = figure == CARC_FIGURE_LARGE_FOLLOWER;
	/* Traders & Builders: the builder and the pig a size smaller, their
	 * player's number followed by B or P */
	const char *mark = figure == CARC_FIGURE_BUILDER ? "B"
			   : figure == CARC_FIGURE_PIG	  ? "P"
							  : "";

	if (large)
		scale = scale * 125 / 100;
	if (*mark)
		scale = scale * 70 / 100;
	pic_printf(o, "<use href='#%s' class='fig%s%s%s' ",
		   figure_shape(feature_kind), phantom ? " ghost" : "",
		   large ? " large" : "", key ? " key" : "");
	if (scale == 100) {
		pic_printf(o, "x='%d' y='%d'", (int)x, (int)y);
	} else {
		pic_printf(o, "transform='translate(%d,%d) scale(", (int)x,
			   (int)y);
		put_scale(o, scale);
		pic_printf(o, ")'");
	}
	pic_printf(o, " fill='");
	put_colour(o, rgb);
	if (phantom) {
		/* a pale ghost with a dashed outline in the player's colour */
		pic_printf(o, "' fill-opacity='0.3' stroke='");
		put_colour(o, player >= 0 ? rgb : 0x000000);
		pic_printf(o, "' stroke-width='14' stroke-dasharray='28,14' "
			      "stroke-linejoin='round'/>");
	} else {
		pic_printf(o, "' stroke='#000000' stroke-width='%d' "
			      "stroke-linejoin='round'/>", large ? 24 : 9);
	}
	if (player < 0 && *mark)
		pic_printf(o, "<text class='pn' x='%d' y='%d' font-size='%d' "
			      "font-weight='bold' text-anchor='middle' "
			      "fill='#000000'>%s</text>",
			   (int)(x + (lying ? 35 : 0) * scale / 100),
			   (int)(y + (lying ? 35 : 60) * scale / 100),
			   (int)(110 * scale / 100), mark);
	if (player >= 0)
		pic_printf(o, "<text class='pn' x='%d' y='%d' font-size='%d' "
			      "font-weight='bold' text-anchor='middle' "
			      "fill='%s'>%d%s</text>",
			   (int)(x + (lying ? 35 : 0) * scale / 100),
			   (int)(y + (lying ? 25 : 52) * scale / 100),
			   (int)(70 * scale / 100),
			   phantom ? "#000000" : ink_on(rgb), player, mark);
	pic_printf(o, "\n");
}

/* A count beside a figure: "x3" three such figures, "+2" two more. */
static void
put_badge(struct pic_out *o, int32_t x, int32_t y, int32_t count, bool more,
	  int32_t scale)
{
	int32_t r = 52 * scale / 100;

	pic_printf(o, "<rect class='badge' x='%d' y='%d' width='%d' "
		      "height='%d' rx='%d' " A_BADGE "/><text class='badgen' "
		      "x='%d' y='%d' font-size='%d' " A_BADGEN ">%s%d</text>\n",
		   (int)(x - r * 3 / 2), (int)(y - r), (int)(3 * r),
		   (int)(2 * r), (int)r, (int)x, (int)(y + r * 2 / 3),
		   (int)(r * 2), more ? "+" : "x", (int)count);
}

static const char *
building_shape(uint32_t figure)
{
	return figure == CARC_FIGURE_TOWER   ? "tower"
	       : figure == CARC_FIGURE_HOUSE ? "house"
					     : "shed";
}

static void
put_building(struct pic_out *o, int32_t x, int32_t y, uint32_t figure,
	     bool key)
{
	pic_printf(o, "<circle class='bldbase' cx='%d' cy='%d' r='95' "
		      A_BLDBASE "/><use href='#%s' class='bld%s' x='%d' "
		      "y='%d' " A_BLD "/>\n",
		   (int)x, (int)y, building_shape(figure), key ? " key" : "",
		   (int)x, (int)y);
}

static void
put_symbol(struct pic_out *o, int symbol, int32_t x, int32_t y, int32_t r,
	   bool key)
{
	static const char *const names[4] = {
		"", "pitchfork", "club", "shield",
	};

	pic_printf(o, "<circle class='crop%s' cx='%d' cy='%d' r='%d' "
		      A_CROP "/>",
		   key ? " key" : "", (int)x, (int)y, (int)r);
	if (symbol < 1 || symbol > 3)
		return;
	pic_printf(o, "<use href='#%s' class='sym' transform='translate(%d,%d) "
		      "scale(", names[symbol], (int)x, (int)y);
	put_scale(o, r * 80 / 100);
	pic_printf(o, ")' " A_SYM "/>\n");
}

static void
put_pennant(struct pic_out *o, int32_t x, int32_t y, bool key)
{
	pic_printf(o, "<use href='#pennant' class='pennant%s' x='%d' y='%d'/>\n",
		   key ? " key" : "", (int)x, (int)y);
}

/* An inn (Inns & Cathedrals): a small house with a red roof. */
static void
put_inn(struct pic_out *o, int32_t x, int32_t y, bool key)
{
	pic_printf(o, "<path class='inn%s' transform='translate(%d,%d)' "
		      "d='M-55,0 L0,-50 L55,0 Z' fill='#b03a2e' "
		      "stroke='#000000' stroke-width='8'/><rect class='inn%s' "
		      "x='%d' y='%d' width='80' height='60' fill='#f5f0e1' "
		      "stroke='#000000' stroke-width='8'/>\n",
		   key ? " key" : "", (int)x, (int)y, key ? " key" : "",
		   (int)x - 40, (int)y);
}

/* A cathedral (Inns & Cathedrals): a white cross. */
static void
put_cathedral(struct pic_out *o, int32_t x, int32_t y, bool key)
{
	pic_printf(o, "<path class='cathedral%s' transform='translate(%d,%d)' "
		      "d='M-20,-80 H20 V-40 H55 V0 H20 V80 H-20 V0 H-55 "
		      "V-40 H-20 Z' fill='#ffffff' stroke='#000000' "
		      "stroke-width='8'/>\n",
		   key ? " key" : "", (int)x, (int)y);
}

/* A goods token (Traders & Builders) centred at (x, y), @scale percent:
 * wine a bunch of grapes, grain a sheaf, cloth a bolt of blue cloth.
 * @cls: "" on a tile, " held" in the scores, " key" in the legend. */
static void
put_goods(struct pic_out *o, int kind, int32_t x, int32_t y, int32_t scale,
	  const char *cls)
{
	static const char *const name[4] = { "", "wine", "grain", "cloth" };

	if (kind < 1 || kind > 3)
		return;
	pic_printf(o, "<g class='goods %s%s' transform='translate(%d,%d)",
		   name[kind], cls, (int)x, (int)y);
	if (scale != 100) {
		pic_printf(o, " scale(");
		put_scale(o, scale);
		pic_printf(o, ")");
	}
	pic_printf(o, "' stroke='#000000' stroke-width='7'>");
	if (kind == CARC_GOODS_WINE)
		pic_printf(o, "<path d='M0,-52 L14,-72' fill='none' "
			      "stroke='#3d6b22' stroke-width='12'/>"
			      "<circle cx='-28' cy='-24' r='22' fill='#7b2d7f'/>"
			      "<circle cx='0' cy='-28' r='22' fill='#7b2d7f'/>"
			      "<circle cx='28' cy='-24' r='22' fill='#7b2d7f'/>"
			      "<circle cx='-15' cy='10' r='22' fill='#7b2d7f'/>"
			      "<circle cx='15' cy='10' r='22' fill='#7b2d7f'/>"
			      "<circle cx='0' cy='42' r='22' fill='#7b2d7f'/>");
	else if (kind == CARC_GOODS_GRAIN)
		pic_printf(o, "<ellipse cx='0' cy='-18' rx='17' ry='48' "
			      "fill='#e8b923' transform='rotate(-28)'/>"
			      "<ellipse cx='0' cy='-18' rx='17' ry='48' "
			      "fill='#e8b923' transform='rotate(28)'/>"
			      "<ellipse cx='0' cy='-22' rx='17' ry='48' "
			      "fill='#e8b923'/>"
			      "<rect x='-30' y='22' width='60' height='36' "
			      "rx='6' fill='#b07d1a'/>");
	else
		pic_printf(o, "<rect x='-55' y='-40' width='110' height='80' "
			      "rx='10' fill='#2f6db5'/><path d='M-55,-8 "
			      "H55 M-55,14 H55' fill='none' stroke='#a9c8ee' "
			      "stroke-width='10'/>");
	pic_printf(o, "</g>\n");
}

/* ------------------------------------------------------------------ */
/* Tiles                                                                */
/* ------------------------------------------------------------------ */

static int
layer_of(uint32_t feature)
{
	switch (kind_of(feature)) {
	case CARC_FEATURE_FIELD:
		return 0;
	case CARC_FEATURE_CITY:
		return 1;
	case CARC_FEATURE_ROAD:
		return 2;
	default:
		return 3;
	}
}

/* A tile's art in its own units: outlines, circle, pennants, junction. */
struct geo {
	int n;
	uint32_t feat[MAX_FEATURES];
	int np[MAX_FEATURES];
	int32_t xy[MAX_FEATURES][2 * CARC_SHAPE_MAX_POINTS];
	bool crop;
	int32_t cx, cy, cr;
	bool hub;		/* three or more roads end in the middle */
	int n_pen;
	struct box pen[MAX_FEATURES];
	bool building;
};

static void
load_geo(struct geo *t, uint32_t tile, uint32_t rot)
{
	int roads = 0;

	t->n_pen = 0;
	t->building = false;
	t->n = carc_tile_features(tile, t->feat, MAX_FEATURES);
	if (t->n < 0)
		t->n = 0;
	if (t->n > MAX_FEATURES)
		t->n = MAX_FEATURES;
	for (int i = 0; i < t->n; i++) {
		int k = carc_tile_feature_shape(tile, rot, t->feat[i],
						t->xy[i],
						CARC_SHAPE_MAX_POINTS);
		int32_t fx, fy;

		t->np[i] = k < 0 ? 0 : k > CARC_SHAPE_MAX_POINTS
					       ? CARC_SHAPE_MAX_POINTS
					       : k;
		roads += kind_of(t->feat[i]) == CARC_FEATURE_ROAD;
		if (kind_of(t->feat[i]) == CARC_FEATURE_CITY &&
		    carc_tile_feature_pennants(tile, t->feat[i]) > 0 &&
		    carc_tile_feature_point(tile, rot, t->feat[i], &fx,
					    &fy) == CARC_OK)
			t->pen[t->n_pen++] = (struct box){
				fx + 190 - 50, fy - 140 - 60, fx + 190 + 56,
				fy - 140 + 62
			};
	}
	t->crop = carc_tile_symbol_area(tile, rot, &t->cx, &t->cy, &t->cr) ==
		  CARC_OK;
	t->hub = roads >= 3;
}

/* Even-odd rule; points on the outline count as outside. */
static bool
inside(const int32_t *xy, int n, int32_t px, int32_t py)
{
	bool in = false;

	for (int i = 0, j = n - 1; i < n; j = i++) {
		int64_t xi = xy[2 * i], yi = xy[2 * i + 1];
		int64_t xj = xy[2 * j], yj = xy[2 * j + 1];

		if ((yi > py) != (yj > py)) {
			int64_t lhs = (px - xi) * (yj - yi);
			int64_t rhs = (xj - xi) * (py - yi);

			if (yj > yi ? lhs < rhs : lhs > rhs)
				in = !in;
		}
	}
	return in;
}

static void
put_shape(struct pic_out *o, const char *cls, const char *attrs, bool hl,
	  const int32_t *xy, int n, int32_t ox, int32_t oy)
{
	if (n <= 0)
		return;
	pic_printf(o, "<path class='%s%s' %s d='M", cls, hl ? " hl" : "",
		   attrs);
	for (int i = 0; i < n; i++)
		pic_printf(o, "%s%d,%d", i == 0 ? "" : i == 1 ? " L" : " ",
			   (int)(ox + xy[2 * i]), (int)(oy + xy[2 * i + 1]));
	pic_printf(o, " Z'/>\n");
}

static bool
is_highlighted(const struct pic *p, int32_t x, int32_t y, uint32_t feature)
{
	for (int i = 0; i < p->n_hl; i++)
		if (p->hl[i].x == x && p->hl[i].y == y &&
		    p->hl[i].feature == feature)
			return true;
	return false;
}

/*
 * One tile with its upper-left corner at (ox, oy).  @bx, @by: its board
 * position, for the highlight and its id (@on_board), or the tile in
 * hand.
 */
/* The River: a blue band between the river sides of the tile, bending
 * through the middle; at the spring and the lake it ends in a pool.  It
 * lies on the fields, under cities and roads (a road bridges it). */
static void
put_river(struct pic_out *o, uint32_t tile, uint32_t rot, int32_t ox,
	  int32_t oy)
{
	static const int32_t mx[4] = { TU / 2, TU, TU / 2, 0 };
	static const int32_t my[4] = { 0, TU / 2, TU, TU / 2 };
	int side[2], n = 0;

	for (uint32_t s = 0; s < 4; s++)
		if (carc_tile_edge(tile, rot, s) == CARC_EDGE_RIVER && n < 2)
			side[n++] = (int)s;
	if (n == 0)
		return;
	if (n == 1) {
		pic_printf(o, "<path class='river' d='M%d %dL%d %d' "
			      A_RIVER "/>\n",
			   (int)(ox + mx[side[0]]), (int)(oy + my[side[0]]),
			   (int)(ox + TU / 2), (int)(oy + TU / 2));
		pic_printf(o, "<circle class='river' cx='%d' cy='%d' r='%d' "
			      A_POND "/>\n",
			   (int)(ox + TU / 2), (int)(oy + TU / 2), TU / 5);
		return;
	}
	pic_printf(o, "<path class='river' d='M%d %dQ%d %d %d %d' "
		      A_RIVER "/>\n",
		   (int)(ox + mx[side[0]]), (int)(oy + my[side[0]]),
		   (int)(ox + TU / 2), (int)(oy + TU / 2),
		   (int)(ox + mx[side[1]]), (int)(oy + my[side[1]]));
}

/* Where a city's goods token goes: near its figure point (*x, *y) but
 * clear of the figures standing there, wholly inside the city, off its
 * roads and pennants; the figure point itself if no such place. */
static void
goods_spot(const struct geo *t, int i, int32_t *x, int32_t *y)
{
	static const int32_t dir[8][2] = {
		{ 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 },
		{ 1, 1 }, { -1, 1 }, { -1, -1 }, { 1, -1 },
	};
	/* half the token's size at GOODS_SCALE, and a margin */
	const int32_t hw = 55 * GOODS_SCALE / 100 + 20;
	const int32_t hh = 72 * GOODS_SCALE / 100 + 20;

	for (int32_t d = 230; d <= 380; d += 75)
		for (int k = 0; k < 8; k++) {
			int32_t gx = *x + dir[k][0] * d, gy = *y + dir[k][1] * d;
			bool ok = true;

			for (int c = 0; c < 5 && ok; c++) {
				int32_t px = gx + (c == 1 ? hw : c == 2 ? -hw : 0);
				int32_t py = gy + (c == 3 ? hh : c == 4 ? -hh : 0);

				ok = inside(t->xy[i], t->np[i], px, py);
				for (int j = 0; j < t->n && ok; j++)
					ok = kind_of(t->feat[j]) !=
						     CARC_FEATURE_ROAD ||
					     !inside(t->xy[j], t->np[j], px,
						     py);
			}
			for (int j = 0; j < t->n_pen && ok; j++)
				ok = gx + hw < t->pen[j].x0 ||
				     gx - hw > t->pen[j].x1 ||
				     gy + hh < t->pen[j].y0 ||
				     gy - hh > t->pen[j].y1;
			if (ok) {
				*x = gx;
				*y = gy;
				return;
			}
		}
}

static void
put_tile(struct pic *p, uint32_t tile, uint32_t rot, int32_t ox, int32_t oy,
	 int32_t bx, int32_t by, bool on_board)
{
	static const struct {
		uint32_t kind;
		const char *cls, *attrs;
	} layers[4] = {
		{ CARC_FEATURE_FIELD, "field", A_FIELD_HL },
		{ CARC_FEATURE_CITY, "city", A_CITY },
		{ CARC_FEATURE_ROAD, "road", A_ROAD },
		{ CARC_FEATURE_MONASTERY, "mon", A_MON },
	};
	struct pic_out *o = p->o;
	struct geo t;

	load_geo(&t, tile, rot);
	if (on_board)
		pic_printf(o, "<g id='tile-%d-%d' class='tile'>\n", (int)bx,
			   (int)by);
	else
		pic_printf(o, "<g class='tile key'>\n");
	pic_printf(o, "<rect class='bg' x='%d' y='%d' width='%d' "
		      "height='%d' " A_BG "/>\n",
		   (int)ox, (int)oy, TU, TU);
	for (int l = 0; l < 4; l++) {
		for (int i = 0; i < t.n; i++) {
			bool hl = on_board &&
				  is_highlighted(p, bx, by, t.feat[i]);

			if (kind_of(t.feat[i]) != layers[l].kind)
				continue;
			/* a field is the tile itself unless highlighted */
			if (layers[l].kind == CARC_FEATURE_FIELD && !hl)
				continue;
			put_shape(o, layers[l].cls,
				  hl && l > 0 ? A_HL : layers[l].attrs, hl,
				  t.xy[i], t.np[i], ox, oy);
		}
		/* the roads of a junction end at a square in the middle */
		if (layers[l].kind == CARC_FEATURE_ROAD && t.hub)
			pic_printf(o, "<rect class='hub' x='%d' y='%d' "
				      "width='%d' height='%d' rx='24' "
				      A_HUB "/>\n",
				   (int)(ox + TU / 2 - HUB_R),
				   (int)(oy + TU / 2 - HUB_R), 2 * HUB_R,
				   2 * HUB_R);
		if (l == 0)
			put_river(o, tile, rot, ox, oy);
	}
	for (int i = 0; i < t.n_pen; i++)
		put_pennant(o, ox + (t.pen[i].x0 + 50), oy + (t.pen[i].y0 + 60),
			    false);
	if (t.crop)
		put_symbol(o, carc_tile_symbol(tile), ox + t.cx, oy + t.cy,
			   t.cr, false);
	/* inns and cathedrals, beside the feature's figure point */
	for (int i = 0; i < t.n; i++) {
		int fl = carc_tile_feature_flags(tile, t.feat[i]);
		int32_t fx = TU / 2, fy = TU / 2;

		if (fl <= 0)
			continue;
		carc_tile_feature_point(tile, rot, t.feat[i], &fx, &fy);
		fx += fx < TU / 2 ? 170 : -170;
		fy += fy < TU / 2 ? 170 : -170;
		if (fl & CARC_FLAG_INN)
			put_inn(o, ox + fx, oy + fy, false);
		else
			put_cathedral(o, ox + fx, oy + fy, false);
	}
	/* goods in a city until its completion takes them, beside the
	 * city's figure point, away from the middle of the tile */
	for (int i = 0; i < t.n; i++) {
		int kind = carc_tile_feature_goods(tile, t.feat[i]);
		int32_t fx = TU / 2, fy = TU / 2, done = 0;

		if (kind <= 0 ||
		    (on_board &&
		     (carc_game_feature_get(p->g, bx, by, t.feat[i],
					    CARC_FEATURE_ATTR_COMPLETE,
					    &done) < 0 ||
		      done)))
			continue;
		carc_tile_feature_point(tile, rot, t.feat[i], &fx, &fy);
		goods_spot(&t, i, &fx, &fy);
		put_goods(o, kind, ox + fx, oy + fy, GOODS_SCALE, "");
	}
	pic_printf(o, "<rect class='edge' x='%d' y='%d' width='%d' "
		      "height='%d' " A_EDGE "/>\n",
		   (int)ox, (int)oy, TU, TU);
	pic_printf(o, "</g>\n");
}

static int32_t
cell_x(const struct pic *p, int32_t x)
{
	return p->ox + (x - p->bx0) * TU;
}

static int32_t
cell_y(const struct pic *p, int32_t y)
{
	return p->oy + (y - p->by0) * TU;
}

static void
put_board(struct pic *p)
{
	int n = carc_game_tile_count(p->g);

	for (int i = 0; i < n; i++) {
		int32_t x, y;
		uint32_t tile, rot;

		if (carc_game_tile_at(p->g, (uint32_t)i, &x, &y, &tile,
				      &rot) < 0)
			continue;
		put_tile(p, tile, rot, cell_x(p, x), cell_y(p, y), x, y,
			 true);
	}
}

/* Tile names and coordinates, inside the corners, over any outline. */
static void
put_labels(struct pic *p)
{
	int n = carc_game_tile_count(p->g);

	if (p->flags & CARC_RENDER_NO_LABELS)
		return;
	for (int i = 0; i < n; i++) {
		int32_t x, y, ox, oy;
		uint32_t tile;

		if (carc_game_tile_at(p->g, (uint32_t)i, &x, &y, &tile,
				      NULL) < 0)
			continue;
		ox = cell_x(p, x);
		oy = cell_y(p, y);
		pic_printf(p->o, "<text class='lbl' x='%d' y='%d' " A_LBL ">",
			   (int)(ox + 48), (int)(oy + 110));
		pic_escaped(p->o, carc_tile_name(tile));
		pic_printf(p->o, "</text><text class='lbl crd' x='%d' y='%d' "
				 "text-anchor='end' " A_LBL ">%d,%d</text>\n",
			   (int)(ox + TU - 48), (int)(oy + TU - 48), (int)x,
			   (int)y);
	}
}

/* The last tile placed: an outline along its edge, clear of the labels. */
static void
put_last_move(struct pic *p)
{
	int n = carc_game_history_count(p->g);

	for (int i = n - 1; i >= 0; i--) {
		carc_move_t m;
		int32_t x, y;

		if (carc_game_history_at(p->g, (uint32_t)i, &m) < 0 ||
		    carc_move_kind(m) != CARC_MOVE_PLACE)
			continue;
		x = cell_x(p, carc_move_x(m));
		y = cell_y(p, carc_move_y(m));
		pic_printf(p->o, "<rect class='last' x='%d' y='%d' width='%d' "
				 "height='%d' " A_LAST "/><rect class='last2' "
				 "x='%d' y='%d' width='%d' height='%d' "
				 A_LAST2 "/>\n",
			   (int)x + 17, (int)y + 17, TU - 34, TU - 34,
			   (int)x + 17, (int)y + 17, TU - 34, TU - 34);
		return;
	}
}

static void
put_placements(struct pic *p)
{
	for (int i = 0; i < p->n_moves; i++) {
		int32_t x = carc_move_x(p->moves[i]);
		int32_t y = carc_move_y(p->moves[i]);
		int rots = 0;
		bool seen = false;

		for (int j = 0; j < p->n_moves; j++) {
			if (carc_move_x(p->moves[j]) != x ||
			    carc_move_y(p->moves[j]) != y)
				continue;
			if (j < i)
				seen = true;
			rots++;
		}
		if (seen)
			continue;
		pic_printf(p->o, "<rect class='spot' x='%d' y='%d' width='%d' "
				 "height='%d' rx='60' " A_SPOT "/><text "
				 "class='spotn' x='%d' y='%d' " A_SPOTN
				 ">%d</text>\n",
			   (int)cell_x(p, x) + 40, (int)cell_y(p, y) + 40,
			   TU - 80, TU - 80, (int)cell_x(p, x) + TU / 2,
			   (int)cell_y(p, y) + TU / 2 + 55, rots);
	}
}

/* ------------------------------------------------------------------ */
/* Figures: laid out inside their features                              */
/* ------------------------------------------------------------------ */

/*
 * Figures on one feature of one tile (crop circles add them, a phantom
 * joins a follower) stand side by side inside the feature: each takes
 * the free place nearest the feature's point where its body lies inside
 * the feature and its whole box inside the tile, clear of the other
 * figures, the crop circle, a building and the pennants.  When they do
 * not fit at full size they shrink; when they still do not fit, one
 * figure per player stands for several with a count ("x3"), and at
 * worst a "+N" counts the ones left out.
 */

/* Room taken by boxes already placed on a tile. */
struct room {
	struct box *box;
	int n;
};

static bool
boxes_meet(struct box a, struct box b, int32_t gap)
{
	return a.x0 < b.x1 + gap && b.x0 < a.x1 + gap && a.y0 < b.y1 + gap &&
	       b.y0 < a.y1 + gap;
}

static bool
box_meets_disc(struct box a, int32_t cx, int32_t cy, int32_t r)
{
	int64_t dx = cx < a.x0 ? a.x0 - cx : cx > a.x1 ? cx - a.x1 : 0;
	int64_t dy = cy < a.y0 ? a.y0 - cy : cy > a.y1 ? cy - a.y1 : 0;

	return dx * dx + dy * dy < (int64_t)r * r;
}

/* (x, y) inside feature @i and under no feature painted over it. */
static bool
on_feature(const struct geo *t, int i, int32_t x, int32_t y)
{
	if (!inside(t->xy[i], t->np[i], x, y))
		return false;
	for (int j = 0; j < t->n; j++)
		if (j != i && layer_of(t->feat[j]) >= layer_of(t->feat[i]) &&
		    inside(t->xy[j], t->np[j], x, y))
			return false;
	return true;
}

/*
 * Can a figure's box @b (tile units, anchor at (x, y)) stand there for
 * feature @i?  The body (the middle of the box; for a thief on a narrow
 * road only its middle point) on the feature, the box in the tile and
 * clear of everything placed.
 */
static bool
fits(const struct geo *t, int i, struct box b, int32_t x, int32_t y,
     const struct room *room)
{
	struct box a = { x + b.x0, y + b.y0, x + b.x1, y + b.y1 };
	int32_t hw = (b.x1 - b.x0) / 4, hh = (b.y1 - b.y0) / 4;
	int32_t mx = x + (b.x0 + b.x1) / 2, my = y + (b.y0 + b.y1) / 2;

	if (a.x0 < EDGE_GAP || a.y0 < EDGE_GAP || a.x1 > TU - EDGE_GAP ||
	    a.y1 > TU - EDGE_GAP)
		return false;
	if (t->crop && box_meets_disc(a, t->cx, t->cy, t->cr + FIG_GAP))
		return false;
	if (t->building && box_meets_disc(a, 860, 150, 95 + FIG_GAP))
		return false;
	for (int k = 0; k < t->n_pen; k++)
		if (boxes_meet(a, t->pen[k], FIG_GAP))
			return false;
	for (int k = 0; k < room->n; k++)
		if (boxes_meet(a, room->box[k], FIG_GAP))
			return false;
	if (t->hub && boxes_meet((struct box){ x, y, x, y },
				 (struct box){ TU / 2 - HUB_R,
					       TU / 2 - HUB_R,
					       TU / 2 + HUB_R,
					       TU / 2 + HUB_R }, 0))
		return false;
	if (!on_feature(t, i, x, y))
		return false;
	if (kind_of(t->feat[i]) == CARC_FEATURE_ROAD)
		return true;
	for (int dy = -1; dy <= 1; dy++)
		for (int dx = -1; dx <= 1; dx++)
			if (!on_feature(t, i, mx + dx * hw, my + dy * hh))
				return false;
	return true;
}

/* The free place for box @b nearest (px, py); false if there is none. */
static bool
find_place(const struct geo *t, int i, struct box b, int32_t px, int32_t py,
	   const struct room *room, int32_t *x_out, int32_t *y_out)
{
	int64_t best = -1;
	struct box in = { TU, TU, 0, 0 };	/* the feature's extent */

	if (fits(t, i, b, px, py, room)) {
		*x_out = px;
		*y_out = py;
		return true;
	}
	for (int k = 0; k < t->np[i]; k++) {
		int32_t x = t->xy[i][2 * k], y = t->xy[i][2 * k + 1];

		in.x0 = x < in.x0 ? x : in.x0;
		in.x1 = x > in.x1 ? x : in.x1;
		in.y0 = y < in.y0 ? y : in.y0;
		in.y1 = y > in.y1 ? y : in.y1;
	}
	/* square rings of grid points around the point, nearest first:
	 * ring r is at least r * GRID away */
	for (int32_t r = 1; r <= TU / GRID; r++) {
		if (best >= 0 && best <= (int64_t)(r * GRID) * (r * GRID))
			break;
		for (int32_t dy = -r; dy <= r; dy++)
			for (int32_t dx = -r; dx <= r;
			     dx += dy == -r || dy == r ? 1 : 2 * r) {
				int32_t x = px + dx * GRID, y = py + dy * GRID;
				int64_t d = (int64_t)(x - px) * (x - px) +
					    (int64_t)(y - py) * (y - py);

				if (x <= in.x0 || x >= in.x1 || y <= in.y0 ||
				    y >= in.y1 || (best >= 0 && d >= best) ||
				    !fits(t, i, b, x, y, room))
					continue;
				best = d;
				*x_out = x;
				*y_out = y;
			}
	}
	return best >= 0;
}

/* A figure's box, widened on the right for its count badge. */
static struct box
fig_box(const struct fig *f, int32_t scale, bool badge)
{
	struct box b = figure_box(kind_of(f->feature), scale);

	if (badge)
		b.x1 += 156 * scale / 100 + FIG_GAP;
	return b;
}

static void
place(struct fig *f, struct box b, int32_t x, int32_t y, int32_t scale,
      struct room *room)
{
	f->ax = x;
	f->ay = y;
	f->scale = scale;
	f->drawn = true;
	room->box[room->n++] = (struct box){ x + b.x0, y + b.y0, x + b.x1,
					     y + b.y1 };
}

/* Every figure of @g[0..k) at @scale, or nothing (room unchanged). */
static bool
place_each(const struct geo *t, int i, struct fig **g, int k, int32_t px,
	   int32_t py, int32_t scale, struct room *room)
{
	int n0 = room->n;

	for (int j = 0; j < k; j++) {
		bool badge = g[j]->badge > 1;
		struct box b = fig_box(g[j], scale, badge);
		int32_t x, y;

		if (!find_place(t, i, b, px, py, room, &x, &y)) {
			room->n = n0;
			for (int m = 0; m < k; m++)
				g[m]->drawn = false;
			return false;
		}
		place(g[j], b, x, y, scale, room);
	}
	return true;
}

static bool
same_group(const struct fig *a, const struct fig *b)
{
	return a->player == b->player && a->figure == b->figure;
}

/* The figures @g[0..k) of feature @i of one tile. */
static void
lay_out_feature(const struct geo *t, int i, uint32_t tile, uint32_t rot,
		struct fig **g, int k, struct room *room)
{
	static const int32_t scales[3] = { 100, 80, 64 };
	int32_t px = TU / 2, py = TU / 2;
	int groups = 0;

	carc_tile_feature_point(tile, rot, t->feat[i], &px, &py);
	for (int j = 0; j < k; j++) {
		g[j]->badge = 1;
		g[j]->plus = false;
	}
	for (int s = 0; s < 3; s++)
		if (place_each(t, i, g, k, px, py, scales[s], room))
			return;
	/* one figure per player (and kind) with a count */
	for (int j = 0; j < k; j++) {
		int m = 0;

		while (m < groups && !same_group(g[m], g[j]))
			m++;
		if (m < groups) {
			g[m]->badge++;
			g[j]->badge = 0;
			continue;
		}
		/* keep the group's first figure at the front */
		{
			struct fig *tmp = g[groups];

			g[groups] = g[j];
			g[j] = tmp;
		}
		groups++;
	}
	/* figures moved behind the groups carry badge 0 */
	for (int s = 1; s < 3; s++)
		if (place_each(t, i, g, groups, px, py, scales[s], room))
			return;
	/* as many groups as fit, then "+N" for the rest */
	for (int placed = groups - 1; placed >= 0; placed--) {
		struct box bb = { -78 * 64 / 100, -52 * 64 / 100,
				  78 * 64 / 100, 52 * 64 / 100 };
		int32_t x, y, left = 0;

		for (int j = placed; j < k; j++)
			left += j < groups ? g[j]->badge : 0;
		if (placed > 0 &&
		    !place_each(t, i, g, placed, px, py, scales[2], room))
			continue;
		if (!find_place(t, i, bb, px, py, room, &x, &y)) {
			if (placed == 0) {
				x = px;
				y = py;
			} else {
				room->n -= placed;
				for (int j = 0; j < placed; j++)
					g[j]->drawn = false;
				continue;
			}
		}
		room->box[room->n++] = (struct box){ x + bb.x0, y + bb.y0,
						     x + bb.x1, y + bb.y1 };
		g[placed]->drawn = false;
		g[placed]->badge = left;
		g[placed]->plus = true;
		g[placed]->bx = x;
		g[placed]->by = y;
		g[placed]->scale = scales[2];
		for (int j = placed + 1; j < k; j++)
			g[j]->badge = 0;
		return;
	}
}

static int
by_place(const void *a, const void *b)
{
	const struct fig *f = *(const struct fig *const *)a;
	const struct fig *h = *(const struct fig *const *)b;

	if (f->y != h->y)
		return f->y < h->y ? -1 : 1;
	if (f->x != h->x)
		return f->x < h->x ? -1 : 1;
	if (f->feature != h->feature)
		return f->feature < h->feature ? -1 : 1;
	return f->index < h->index ? -1 : f->index > h->index;
}

static bool
has_building(const struct pic *p, int32_t x, int32_t y)
{
	int n = carc_game_building_count(p->g);

	for (int i = 0; i < n; i++) {
		int32_t bx, by;

		if (carc_game_building_at(p->g, (uint32_t)i, &bx, &by, NULL) ==
			    CARC_OK &&
		    bx == x && by == y)
			return true;
	}
	return false;
}

/* The figures of one tile, @f[0..n), sorted by feature. */
static void
lay_out_tile(const struct pic *p, struct fig **f, int n, struct room *room)
{
	struct geo t;
	uint32_t tile, rot;
	int ti = carc_game_tile_find(p->g, f[0]->x, f[0]->y);

	if (ti < 0 || carc_game_tile_at(p->g, (uint32_t)ti, NULL, NULL, &tile,
					&rot) < 0)
		return;
	load_geo(&t, tile, rot);
	t.building = has_building(p, f[0]->x, f[0]->y);
	room->n = 0;
	/* lone figures first, at their points; crowds fill in around */
	for (int size = 1; size <= n; size++)
		for (int a = 0, b; a < n; a = b) {
			int i = 0;

			for (b = a + 1; b < n && f[b]->feature == f[a]->feature;
			     b++)
				;
			if (b - a != size)
				continue;
			while (i < t.n && t.feat[i] != f[a]->feature)
				i++;
			if (i < t.n)
				lay_out_feature(&t, i, tile, rot, f + a, size,
						room);
		}
}

static int
lay_out(struct pic *p)
{
	int n = carc_game_figure_count(p->g), m = 0;
	struct fig **order;
	struct room room;

	if (n <= 0)
		return CARC_OK;
	p->figs = calloc((size_t)n, sizeof(*p->figs));
	order = malloc((size_t)n * sizeof(*order));
	room.box = malloc((size_t)(2 * n + 1) * sizeof(*room.box));
	if (!p->figs || !order || !room.box) {
		free(order);
		free(room.box);
		return CARC_E_NOMEM;
	}
	for (int i = 0; i < n; i++) {
		struct fig *f = &p->figs[m];

		if (carc_game_figure_at(p->g, (uint32_t)i, &f->player,
					&f->figure, &f->x, &f->y,
					&f->feature) < 0)
			continue;
		f->index = i;
		f->scale = 100;
		f->badge = 1;
		order[m] = f;
		m++;
	}
	p->n_figs = m;
	qsort(order, (size_t)m, sizeof(*order), by_place);
	for (int a = 0, b; a < m; a = b) {
		for (b = a + 1; b < m && order[b]->x == order[a]->x &&
				order[b]->y == order[a]->y;
		     b++)
			;
		lay_out_tile(p, order + a, b - a, &room);
	}
	/* a figure the layout could not reach stands at its point */
	for (int i = 0; i < m; i++) {
		struct fig *f = &p->figs[i];
		int ti;
		uint32_t tile, rot;

		if (f->drawn || f->plus || f->badge != 1)
			continue;
		ti = carc_game_tile_find(p->g, f->x, f->y);
		f->ax = f->ay = TU / 2;
		if (ti >= 0 && carc_game_tile_at(p->g, (uint32_t)ti, NULL, NULL,
						 &tile, &rot) == CARC_OK)
			carc_tile_feature_point(tile, rot, f->feature, &f->ax,
						&f->ay);
		f->scale = 100;
		f->drawn = true;
	}
	free(order);
	free(room.box);
	return CARC_OK;
}

static void
put_figures(struct pic *p)
{
	for (int i = 0; i < p->n_figs; i++) {
		const struct fig *f = &p->figs[i];
		int32_t x = cell_x(p, f->x), y = cell_y(p, f->y);

		if (f->drawn) {
			struct box b = figure_box(kind_of(f->feature),
						  f->scale);

			put_figure(p, x + f->ax, y + f->ay, kind_of(f->feature),
				   f->figure,
				   (int)(f->player % 6), false, f->scale);
			if (f->badge > 1)
				put_badge(p->o,
					  x + f->ax + b.x1 + FIG_GAP +
						  78 * f->scale / 100,
					  y + f->ay + b.y0 + 52 * f->scale / 100,
					  f->badge, false, f->scale);
		} else if (f->plus) {
			put_badge(p->o, x + f->bx, y + f->by, f->badge, true,
				  f->scale);
		}
	}
}

static void
put_buildings(struct pic *p)
{
	int n = carc_game_building_count(p->g);

	for (int i = 0; i < n; i++) {
		int32_t x, y;
		uint32_t fig;

		if (carc_game_building_at(p->g, (uint32_t)i, &x, &y, &fig) < 0)
			continue;
		put_building(p->o, cell_x(p, x) + 860, cell_y(p, y) + 150,
			     fig, false);
	}
}

/* ------------------------------------------------------------------ */
/* Header and legend                                                    */
/* ------------------------------------------------------------------ */

/*
 * Advance widths of DejaVu Sans Bold, ' ' to '~', in hundredths of the
 * font size: the title is measured with them to fit the picture.
 */
static const uint8_t bold_width[95] = {
	35, 46, 52, 84, 70, 100, 87, 31, 46, 46, 52, 84, 38, 42, 38, 37,
	70, 70, 70, 70, 70, 70, 70, 70, 70, 70, 40, 40, 84, 84, 84, 58,
	100, 77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 77, 64, 100, 84, 85,
	73, 85, 77, 72, 68, 81, 77, 110, 77, 72, 73, 46, 37, 46, 84, 50,
	50, 67, 72, 59, 72, 68, 44, 72, 71, 34, 34, 67, 34, 104, 71, 69,
	72, 72, 49, 60, 48, 71, 65, 92, 65, 65, 58, 71, 37, 71, 84,
};

/* Width of @s in hundredths of the font size (non-ASCII as 'W'). */
static int32_t
text_width(const char *s)
{
	int32_t w = 0;

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		w += c >= 32 && c < 127 ? bold_width[c - 32] : 110;
	}
	return w;
}

/*
 * The title: who is to do what after how many moves.  "after move N"
 * counts the moves shown (`render --move 31` shows "after move 31").
 * On a narrow picture it drops "Carcassonne", then shrinks.
 */
static void
put_title(struct pic *p, int32_t width)
{
	int moves = carc_game_history_count(p->g);
	int tile = carc_game_current_tile(p->g);
	char head[48], what[96];
	const char *todo;
	int32_t room = width - 2 * MARGIN, font = TITLE_FONT, w;
	bool with_name = true;

	if (carc_game_is_over(p->g) == 1) {
		snprintf(head, sizeof(head), "game over after %d moves", moves);
		what[0] = '\0';
	} else {
		if (moves == 0)
			snprintf(head, sizeof(head), "start: ");
		else
			snprintf(head, sizeof(head), "after move %d: ", moves);
		switch (carc_game_phase(p->g)) {
		case CARC_PHASE_PLACE_TILE:
			todo = "place ";
			break;
		case CARC_PHASE_DEPLOY:
			todo = "deploy a figure or pass";
			break;
		case CARC_PHASE_PHANTOM:
			todo = "deploy the phantom or pass";
			break;
		case CARC_PHASE_CROP_CHOICE:
			todo = "choose for the crop circle";
			break;
		default:
			todo = "answer the crop circle";
			break;
		}
		snprintf(what, sizeof(what), "P%d to %s%s",
			 carc_game_current_player(p->g), todo,
			 carc_game_phase(p->g) != CARC_PHASE_PLACE_TILE ? ""
			 : tile >= 0 ? carc_tile_name((uint32_t)tile)
				     : "?");
	}
	w = text_width(head) + text_width(what);
	if ((int64_t)w * font / 100 + text_width("Carcassonne, ") * font / 100 >
	    room)
		with_name = false;
	else
		w += text_width("Carcassonne, ");
	if ((int64_t)w * font / 100 > room)
		font = (int32_t)((int64_t)room * 100 / w);
	if (font < TITLE_MIN_FONT)
		font = TITLE_MIN_FONT;
	pic_printf(p->o, "<text class='title' x='%d' y='%d' font-size='%d' "
			 A_TITLE ">%s", MARGIN, MARGIN + 180, (int)font,
		   with_name ? "Carcassonne, " : "");
	if (!with_name && head[0] >= 'a' && head[0] <= 'z')
		head[0] = (char)(head[0] - 'a' + 'A');
	pic_escaped(p->o, head);
	pic_escaped(p->o, what);
	pic_printf(p->o, "</text>\n");
}

/* Whether the game is played with Traders & Builders (goods). */
static bool
has_goods(const struct pic *p)
{
	int32_t v = 0;

	return carc_rules_get(carc_game_rules(p->g),
			      CARC_OPT_TRADERS_BUILDERS, &v) == CARC_OK &&
	       v != 0;
}

/* The row of the scores; with goods a second row under each score. */
static int32_t
scores_h(const struct pic *p)
{
	return SCORES_H + (has_goods(p) ? GOODS_ROW_H : 0);
}

static void
put_scores(struct pic *p)
{
	int players = carc_game_player_count(p->g);
	int32_t y = MARGIN + TITLE_H + 200;

	for (int i = 0; i < players; i++) {
		int32_t x = MARGIN + 80 + i * SCORE_W;

		put_figure(p, x, y - 40, CARC_FEATURE_ROAD,
			   CARC_FIGURE_FOLLOWER, i, true,
			   100);
		pic_printf(p->o, "<text class='score' x='%d' y='%d' " A_SCORE
				 ">P%d",
			   (int)(x + 110), (int)y, i);
		if (!(p->flags & CARC_RENDER_NO_SCORES))
			pic_printf(p->o, ": %d", carc_game_score(p->g,
							       (uint32_t)i));
		pic_printf(p->o, "</text>\n");
		/* Traders & Builders: the player's goods under his score */
		for (int k = 1; k <= 3 && has_goods(p); k++) {
			int32_t gx = x + 40 + (k - 1) * 330;

			put_goods(p->o, k, gx, y + 170, 90, " held");
			pic_printf(p->o, "<text class='ngoods' x='%d' y='%d' "
					 A_NGOODS ">%d</text>\n",
				   (int)(gx + 75), (int)(y + 215),
				   carc_game_goods(p->g, (uint32_t)i,
						   (uint32_t)k));
		}
	}
}

static int32_t
legend_items(const struct pic *p, bool draw, int32_t top, int32_t width)
{
	const struct carc_rules *r = carc_game_rules(p->g);
	int32_t phantom = 0, lb = 0, cc1 = 0, cc2 = 0, ic = 0, tb = 0;
	int32_t river = 0;
	int per_row = (int)((width - 2 * MARGIN) / LEGEND_ITEM_W);
	int k = 0;
	bool badges = false;
	struct pic_out *o = p->o;
	static const uint32_t legend_kinds[4] = {
		CARC_FEATURE_ROAD, CARC_FEATURE_CITY, CARC_FEATURE_MONASTERY,
		CARC_FEATURE_FIELD,
	};

	carc_rules_get(r, CARC_OPT_PHANTOM, &phantom);
	carc_rules_get(r, CARC_OPT_LITTLE_BUILDINGS, &lb);
	carc_rules_get(r, CARC_OPT_CROP_CIRCLES_I, &cc1);
	carc_rules_get(r, CARC_OPT_CROP_CIRCLES_II, &cc2);
	carc_rules_get(r, CARC_OPT_INNS_CATHEDRALS, &ic);
	carc_rules_get(r, CARC_OPT_TRADERS_BUILDERS, &tb);
	carc_rules_get(r, CARC_OPT_RIVER, &river);
	for (int i = 0; i < p->n_figs; i++)
		badges |= p->figs[i].badge > 1 || p->figs[i].plus;
	if (per_row < 1)
		per_row = 1;
	for (int item = 0; item < 24; item++) {
		static const char *const label[24] = {
			"thief (road)", "knight (city)", "monk (monastery)",
			"farmer (field)", "phantom", "tower", "house", "shed",
			"pitchfork: farmers", "club: thieves",
			"shield: knights", "pennant", "last tile placed",
			"tile fits here", "figures of one player",
			"large follower", "inn (road)",
			"cathedral (city)", "builder (road, city)",
			"pig (field)", "wine (goods)", "grain (goods)",
			"cloth (goods)", "river",
		};
		int32_t x, y;

		if ((item == 4 && !phantom) ||
		    (item >= 5 && item <= 7 && !lb) ||
		    (item >= 8 && item <= 10 && !cc1 && !cc2) ||
		    (item == 12 && !(p->flags & CARC_RENDER_LAST_MOVE)) ||
		    (item == 13 && p->n_moves == 0) ||
		    (item == 14 && !badges) ||
		    (item >= 15 && item <= 17 && !ic) ||
		    (item >= 18 && item <= 22 && !tb) ||
		    (item == 23 && !river))
			continue;
		x = MARGIN + (k % per_row) * LEGEND_ITEM_W + 120;
		y = top + (k / per_row) * LEGEND_ROW_H + 150;
		k++;
		if (!draw)
			continue;
		if (item <= 3)
			put_figure((struct pic *)p, x, y, legend_kinds[item],
				   CARC_FIGURE_FOLLOWER, -1, true, 100);
		else if (item == 4)
			put_figure((struct pic *)p, x, y, CARC_FEATURE_ROAD,
				   CARC_FIGURE_PHANTOM, -1, true, 100);
		else if (item == 15)
			put_figure((struct pic *)p, x, y, CARC_FEATURE_ROAD,
				   CARC_FIGURE_LARGE_FOLLOWER, -1, true, 100);
		else if (item == 16)
			put_inn(o, x, y, true);
		else if (item == 17)
			put_cathedral(o, x, y, true);
		else if (item == 18 || item == 19)
			put_figure((struct pic *)p, x, y,
				   item == 18 ? CARC_FEATURE_ROAD
					      : CARC_FEATURE_FIELD,
				   item == 18 ? CARC_FIGURE_BUILDER
					      : CARC_FIGURE_PIG,
				   -1, true, 143);
		else if (item >= 20 && item <= 22)
			put_goods(o, item - 19, x, y, 100, " key");
		else if (item == 23)
			pic_printf(o, "<path class='river key' d='M%d %dH%d' "
				      "fill='none' stroke='#4f8fd6' "
				      "stroke-width='90'/>\n",
				   (int)x - 100, (int)y, (int)x + 100);
		else if (item <= 7)
			put_building(o, x, y, item == 5 ? CARC_FIGURE_TOWER
					      : item == 6 ? CARC_FIGURE_HOUSE
							  : CARC_FIGURE_SHED,
				     true);
		else if (item <= 10)
			put_symbol(o, item - 7, x, y, 110, true);
		else if (item == 11)
			put_pennant(o, x, y, true);
		else if (item == 12)
			pic_printf(o, "<rect class='last key' x='%d' y='%d' "
				      "width='200' height='200' " A_LAST
				      "/><rect class='last2 key' x='%d' y='%d' "
				      "width='200' height='200' " A_LAST2
				      "/>\n",
				   (int)x - 100, (int)y - 100, (int)x - 100,
				   (int)y - 100);
		else if (item == 13)
			pic_printf(o, "<rect class='spot key' x='%d' y='%d' "
				      "width='200' height='200' rx='30' "
				      A_SPOT "/>\n",
				   (int)x - 100, (int)y - 100);
		else
			put_badge(o, x, y, 3, false, 100);
		pic_printf(o, "<text class='leg' x='%d' y='%d' " A_LEG
			      ">%s</text>\n",
			   (int)x + 150, (int)y + 45, label[item]);
	}
	return (int32_t)((k + per_row - 1) / per_row) * LEGEND_ROW_H;
}

/* The tile in hand, drawn small, with its name. */
static void
put_hand(struct pic *p, int32_t top)
{
	int tile = carc_game_current_tile(p->g);

	pic_printf(p->o, "<text class='leg' x='%d' y='%d' " A_LEG
			 ">tile in hand: ",
		   MARGIN, (int)top + 300);
	pic_escaped(p->o, carc_tile_name((uint32_t)tile));
	pic_printf(p->o, "</text>\n<g transform='translate(%d,%d) "
			 "scale(0.5)'>\n",
		   MARGIN + 1200, (int)top + 40);
	put_tile(p, (uint32_t)tile, 0, 0, 0, 0, 0, false);
	pic_printf(p->o, "</g>\n");
}

/* ------------------------------------------------------------------ */
/* Options and the entry point                                          */
/* ------------------------------------------------------------------ */

static int
read_options(struct pic *p, const struct carc_render_options *opt,
	     uint32_t *tile_px)
{
	*tile_px = DEFAULT_TILE_PX;
	p->flags = 0;
	memcpy(p->colour, default_colours, sizeof(p->colour));
	if (!opt)
		return CARC_OK;
	if (opt->size != sizeof(struct carc_render_options))
		return CARC_E_INVALID;
	if (opt->tile_size != 0 && (opt->tile_size < MIN_TILE_PX ||
				    opt->tile_size > MAX_TILE_PX))
		return CARC_E_INVALID;
	if (opt->flags & ~KNOWN_FLAGS)
		return CARC_E_INVALID;
	for (int i = 0; i < 6; i++) {
		uint32_t c = opt->colours[i];

		if (c == 0)
			continue;
		if ((c & ~0xffffffu) != CARC_RENDER_COLOUR)
			return CARC_E_INVALID;
		p->colour[i] = c & 0xffffff;
	}
	if (opt->tile_size)
		*tile_px = opt->tile_size;
	p->flags = opt->flags;
	return CARC_OK;
}
/* The pieces of the highlighted feature (the board-feature queries). */
static int
collect_feature(struct pic *p, const struct carc_render_options *opt)
{
	int32_t n;

	if (carc_game_feature_get(p->g, opt->feature_x, opt->feature_y,
				  opt->feature_id, CARC_FEATURE_ATTR_PIECES,
				  &n) < 0 || n <= 0)
		return CARC_E_INVALID;
	p->hl = malloc((size_t)n * sizeof(*p->hl));
	if (!p->hl)
		return CARC_E_NOMEM;
	for (int32_t i = 0; i < n; i++)
		if (carc_game_feature_piece_at(p->g, opt->feature_x,
					       opt->feature_y, opt->feature_id,
					       (uint32_t)i, &p->hl[i].x,
					       &p->hl[i].y,
					       &p->hl[i].feature) < 0)
			return CARC_E_INVALID;
	p->n_hl = (int)n;
	p->hl_x = opt->feature_x;
	p->hl_y = opt->feature_y;
	p->hl_feature = opt->feature_id;
	return CARC_OK;
}

/* One line on the highlighted feature: what it is and is worth now. */
static void
put_feature_caption(struct pic *p, int32_t top)
{
	static const char *const kinds[5] = {
		"feature", "city", "road", "field", "monastery",
	};
	int32_t kind = 0, tiles = 0, open = 0, complete = 0, value = 0;

	carc_game_feature_get(p->g, p->hl_x, p->hl_y, p->hl_feature,
			      CARC_FEATURE_ATTR_KIND, &kind);
	carc_game_feature_get(p->g, p->hl_x, p->hl_y, p->hl_feature,
			      CARC_FEATURE_ATTR_TILES, &tiles);
	carc_game_feature_get(p->g, p->hl_x, p->hl_y, p->hl_feature,
			      CARC_FEATURE_ATTR_OPEN, &open);
	carc_game_feature_get(p->g, p->hl_x, p->hl_y, p->hl_feature,
			      CARC_FEATURE_ATTR_COMPLETE, &complete);
	carc_game_feature_get(p->g, p->hl_x, p->hl_y, p->hl_feature,
			      CARC_FEATURE_ATTR_VALUE, &value);
	if (kind < 0 || kind > 4)
		kind = 0;
	pic_printf(p->o, "<text class='leg hlcap' x='%d' y='%d' " A_LEG
			 ">highlighted: "
			 "the %s at %d,%d ", MARGIN, (int)top + 200,
		   kinds[kind], (int)p->hl_x, (int)p->hl_y);
	pic_escaped(p->o, carc_feature_name(p->hl_feature));
	pic_printf(p->o, ", %d tile%s, %s, worth %d now</text>\n",
		   (int)tiles, tiles == 1 ? "" : "s",
		   complete == 1 ? "complete" : open == 1 ? "1 open side"
						      : "open",
		   (int)value);
}

static int
collect_moves(struct pic *p)
{
	int n;

	if (carc_game_phase(p->g) != CARC_PHASE_PLACE_TILE)
		return CARC_OK;
	n = carc_game_legal_moves(p->g, NULL, 0);
	if (n <= 0)
		return n < 0 ? n : CARC_OK;
	p->moves = malloc((size_t)n * sizeof(*p->moves));
	if (!p->moves)
		return CARC_E_NOMEM;
	p->n_moves = carc_game_legal_moves(p->g, p->moves, (size_t)n);
	if (p->n_moves < 0 || p->n_moves > n)
		p->n_moves = 0;
	return CARC_OK;
}

static void
draw(struct pic *p, uint32_t tile_px)
{
	struct pic_out *o = p->o;
	int32_t cols = p->bx1 - p->bx0 + 1, rows = p->by1 - p->by0 + 1;
	int32_t w = 2 * MARGIN + cols * TU, h, top, legend_h = 0, hand_h = 0;
	int32_t caption_h = 0;
	int64_t wpx, hpx;
	int32_t players = carc_game_player_count(p->g);

	if (w < MIN_WIDTH)
		w = MIN_WIDTH;
	/* room for every player's score */
	if (w < 2 * MARGIN + players * SCORE_W)
		w = 2 * MARGIN + players * SCORE_W;
	p->ox = (w - cols * TU) / 2;
	p->oy = MARGIN + TITLE_H + scores_h(p);
	top = p->oy + rows * TU + 150;
	if (p->n_moves > 0)
		hand_h = HAND_ROW_H;
	if (p->n_hl > 0)
		caption_h = CAPTION_H;
	if (!(p->flags & CARC_RENDER_NO_LEGEND))
		legend_h = legend_items(p, false, 0, w);
	h = top + caption_h + hand_h + legend_h + MARGIN;
	wpx = ((int64_t)w * tile_px + TU - 1) / TU;
	hpx = ((int64_t)h * tile_px + TU - 1) / TU;

	pic_printf(o, "<?xml version='1.0' encoding='UTF-8'?>\n"
		      "<svg xmlns='http://www.w3.org/2000/svg' "
		      "width='%lld' height='%lld' viewBox='0 0 %d %d' "
		      "font-family='DejaVu Sans,Verdana,Arial,sans-serif'>\n",
		   (long long)wpx, (long long)hpx, (int)w, (int)h);
	put_defs(o);
	pic_printf(o, "<rect class='page' width='%d' height='%d' " A_PAGE
		      "/>\n", (int)w, (int)h);
	put_title(p, w);
	put_scores(p);
	put_board(p);
	if (p->flags & CARC_RENDER_LAST_MOVE)
		put_last_move(p);
	put_labels(p);
	put_placements(p);
	put_buildings(p);
	put_figures(p);
	if (caption_h)
		put_feature_caption(p, top);
	if (hand_h)
		put_hand(p, top + caption_h);
	if (legend_h)
		legend_items(p, true, top + caption_h + hand_h, w);
	pic_printf(o, "</svg>\n");
}

CARC_EXPORT int
carc_render_default_colour(uint32_t seat, uint32_t *rgb, char *name,
			   size_t n)
{
	if (seat >= 6 || (!name && n)) {
		if (name && n)
			name[0] = '\0';
		return CARC_E_INVALID;
	}
	if (rgb)
		*rgb = default_colours[seat];
	return snprintf(name, n, "%s", default_colour_names[seat]);
}

CARC_EXPORT int
carc_game_render_svg(const struct carc_game *game,
		     const struct carc_render_options *options, char *buf,
		     size_t n)
{
	struct pic_out out = { buf, n, 0, false };
	struct pic p;
	uint32_t tile_px;
	int rc;

	if (n > 0 && buf)
		buf[0] = '\0';
	if (!game || (!buf && n > 0))
		return CARC_E_INVALID;
	memset(&p, 0, sizeof(p));
	p.g = game;
	p.o = &out;
	rc = read_options(&p, options, &tile_px);
	if (rc < 0)
		return rc;
	rc = carc_game_bounds(game, &p.bx0, &p.by0, &p.bx1, &p.by1);
	if (rc < 0)
		return rc;
	if (p.flags & CARC_RENDER_FEATURE) {
		rc = collect_feature(&p, options);
		if (rc < 0)
			goto out;
	}
	if (p.flags & CARC_RENDER_PLACEMENTS) {
		rc = collect_moves(&p);
		if (rc < 0)
			goto out;
		for (int i = 0; i < p.n_moves; i++) {
			int32_t x = carc_move_x(p.moves[i]);
			int32_t y = carc_move_y(p.moves[i]);

			p.bx0 = x < p.bx0 ? x : p.bx0;
			p.bx1 = x > p.bx1 ? x : p.bx1;
			p.by0 = y < p.by0 ? y : p.by0;
			p.by1 = y > p.by1 ? y : p.by1;
		}
	}
	rc = lay_out(&p);
	if (rc < 0)
		goto out;
	draw(&p, tile_px);
	if (out.failed) {
		rc = CARC_E_INVALID;
		goto out;
	}
	if (n > 0)
		buf[out.len < n ? out.len : n - 1] = '\0';
	rc = (int)out.len;
out:
	if (rc < 0 && n > 0)
		buf[0] = '\0';
	free(p.hl);
	free(p.moves);
	free(p.figs);
	return rc;
}
