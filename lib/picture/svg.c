/* SPDX-License-Identifier: MIT */
/*
 * carc_game_render_svg(): the picture of a game.
 *
 * A layer on the public API: the tile art comes from the geometry calls
 * (carc_tile_feature_shape() and friends), the position from the board
 * queries.  Every coordinate is an integer in tile units (1000 per tile
 * side); the viewBox scales them to pixels, so the text is the same on
 * every platform and locale.
 */
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "picture.h"

#define TU CARC_TILE_UNITS
#define MARGIN 300
#define TITLE_H 320
#define SCORES_H 380
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
#define FIG_SPREAD 200		/* shift between figures on one spot */

static const uint32_t default_colours[6] = {
	0xd7301f, 0x2166ac, 0xfee034, 0x1a1a1a, 0xe377c2, 0x9e9e9e,
};

/* One piece of a highlighted feature. */
struct piece {
	int32_t x, y;
	uint32_t feature;
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
};

static uint32_t
kind_of(uint32_t feature)
{
	return feature >> 4;
}

/* ------------------------------------------------------------------ */
/* Style and shapes                                                     */
/* ------------------------------------------------------------------ */

static void
put_style(struct pic_out *o)
{
	pic_printf(o,
		"<style>\n"
		"text{font-family:DejaVu Sans,Verdana,Arial,sans-serif}\n"
		".page{fill:#f6f3ea}\n"
		".bg{fill:#8dc26f}\n"
		".field.hl{fill:#f2f27a;stroke:#c2008a;stroke-width:24}\n"
		".city{fill:#e3c38a;stroke:#7a4a1c;stroke-width:14;"
		"stroke-linejoin:round}\n"
		".road{fill:#f5f0e1;stroke:#6b5a45;stroke-width:12;"
		"stroke-linejoin:round}\n"
		".mon{fill:#a9806a;stroke:#4a2a12;stroke-width:12;"
		"stroke-linejoin:round}\n"
		".city.hl,.road.hl,.mon.hl{fill:#ffe45c;stroke:#c2008a;"
		"stroke-width:28}\n"
		".crop{fill:#efe3a0;stroke:#9a8a30;stroke-width:12}\n"
		".sym{fill:#5a4a10;stroke:none}\n"
		".pennant{fill:#1f4fb4;stroke:#ffffff;stroke-width:10}\n"
		".edge{fill:none;stroke:#2f3b22;stroke-width:8}\n"
		".lbl{font-size:80px;fill:#1a1a1a;fill-opacity:0.75}\n"
		".crd{text-anchor:end}\n"
		".fig{stroke:#000000;stroke-width:9;stroke-linejoin:round}\n"
		".ghost{fill-opacity:0.3;stroke-width:14;"
		"stroke-dasharray:28,14}\n"
		".pn{font-size:70px;font-weight:bold;text-anchor:middle}\n"
		".bld{fill:#c8a060;stroke:#3a2a10;stroke-width:9;"
		"stroke-linejoin:round}\n"
		".bldbase{fill:#ffffff;fill-opacity:0.7;stroke:none}\n"
		".last{fill:none;stroke:#ffffff;stroke-width:40}\n"
		".last2{fill:none;stroke:#c2008a;stroke-width:16}\n"
		".spot{fill:#ffffff;fill-opacity:0.35;stroke:#2f3b22;"
		"stroke-width:14;stroke-dasharray:50,30}\n"
		".spotn{font-size:150px;text-anchor:middle;fill:#2f3b22}\n"
		".title{font-size:190px;font-weight:bold;fill:#1a1a1a}\n"
		".score{font-size:170px;fill:#1a1a1a}\n"
		".leg{font-size:130px;fill:#1a1a1a}\n"
		"</style>\n");
}

/*
 * Figures and symbols, drawn around (0, 0) in tile units.  A standing
 * follower is about 150 wide and 170 high.
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
		/* knight: a follower with a pointed helmet and a crest */
		"<path id='knight' transform='scale(1.2)'"
		" d='M-75,80 L-25,80 L0,40 L25,80 L75,80 "
		"L35,0 L78,-12 L68,-38 L30,-40 L30,-80 L0,-108 L-30,-80 "
		"L-30,-40 L-68,-38 L-78,-12 L-35,0 Z M0,-108 L0,-130'/>\n"
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
		/* a pennant: a small coat of arms */
		"<path id='pennant' d='M-45,-50 L45,-50 L45,5 Q45,38 0,58 "
		"Q-45,38 -45,5 Z'/>\n"
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

/* A follower or phantom of @player at (x, y). */
static void
put_figure(struct pic *p, int32_t x, int32_t y, uint32_t feature_kind,
	   bool phantom, int player, bool key)
{
	struct pic_out *o = p->o;
	uint32_t rgb = player >= 0 ? p->colour[player] : 0xffffff;
	bool lying = feature_kind == CARC_FEATURE_FIELD;

	/* a style attribute: the class's stroke must not win */
	pic_printf(o, "<use href='#%s' class='fig%s%s' x='%d' y='%d' "
		      "style='fill:",
		   figure_shape(feature_kind), phantom ? " ghost" : "",
		   key ? " key" : "", (int)x, (int)y);
	put_colour(o, rgb);
	if (phantom) {
		pic_printf(o, ";stroke:");
		put_colour(o, player >= 0 ? rgb : 0x000000);
	}
	pic_printf(o, "'/>");
	if (player >= 0)
		pic_printf(o, "<text class='pn' x='%d' y='%d' fill='%s'>%d"
			      "</text>",
			   (int)x + (lying ? 35 : 0),
			   (int)y + (lying ? 25 : 52),
			   phantom ? "#000000" : ink_on(rgb), player);
	pic_printf(o, "\n");
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
	pic_printf(o, "<circle class='bldbase' cx='%d' cy='%d' r='95'/>"
		      "<use href='#%s' class='bld%s' x='%d' y='%d'/>\n",
		   (int)x, (int)y, building_shape(figure), key ? " key" : "",
		   (int)x, (int)y);
}

/* A scale factor r / 100 as text with two decimals. */
static void
put_scale(struct pic_out *o, int32_t r)
{
	pic_printf(o, "%d.%02d", (int)(r / 100), (int)(r % 100));
}

static void
put_symbol(struct pic_out *o, int symbol, int32_t x, int32_t y, int32_t r,
	   bool key)
{
	static const char *const names[4] = {
		"", "pitchfork", "club", "shield",
	};

	pic_printf(o, "<circle class='crop%s' cx='%d' cy='%d' r='%d'/>",
		   key ? " key" : "", (int)x, (int)y, (int)r);
	if (symbol < 1 || symbol > 3)
		return;
	pic_printf(o, "<use href='#%s' class='sym' transform='translate(%d,%d) "
		      "scale(", names[symbol], (int)x, (int)y);
	put_scale(o, r * 80 / 100);
	pic_printf(o, ")'/>\n");
}

/* ------------------------------------------------------------------ */
/* Tiles                                                                */
/* ------------------------------------------------------------------ */

static bool
is_highlighted(const struct pic *p, int32_t x, int32_t y, uint32_t feature)
{
	for (int i = 0; i < p->n_hl; i++)
		if (p->hl[i].x == x && p->hl[i].y == y &&
		    p->hl[i].feature == feature)
			return true;
	return false;
}

static void
put_shape(struct pic_out *o, const char *cls, bool hl, uint32_t tile,
	  uint32_t rot, uint32_t feature, int32_t ox, int32_t oy)
{
	int32_t xy[2 * CARC_SHAPE_MAX_POINTS];
	int n = carc_tile_feature_shape(tile, rot, feature, xy,
					CARC_SHAPE_MAX_POINTS);

	if (n <= 0)
		return;
	if (n > CARC_SHAPE_MAX_POINTS)
		n = CARC_SHAPE_MAX_POINTS;
	pic_printf(o, "<path class='%s%s' d='M", cls, hl ? " hl" : "");
	for (int i = 0; i < n; i++)
		pic_printf(o, "%s%d,%d", i == 0 ? "" : i == 1 ? " L" : " ",
			   (int)(ox + xy[2 * i]), (int)(oy + xy[2 * i + 1]));
	pic_printf(o, " Z'/>\n");
}

/*
 * One tile with its upper-left corner at (ox, oy).  @bx, @by: its board
 * position, for the highlight and the labels (labels only when
 * @labels).
 */
static void
put_tile(struct pic *p, uint32_t tile, uint32_t rot, int32_t ox, int32_t oy,
	 int32_t bx, int32_t by, bool labels)
{
	static const struct {
		uint32_t kind;
		const char *cls;
	} layers[4] = {
		{ CARC_FEATURE_FIELD, "field" },
		{ CARC_FEATURE_CITY, "city" },
		{ CARC_FEATURE_ROAD, "road" },
		{ CARC_FEATURE_MONASTERY, "mon" },
	};
	struct pic_out *o = p->o;
	uint32_t feats[16];
	int n = carc_tile_features(tile, feats, 16);
	int32_t cx, cy, cr;

	if (n < 0)
		return;
	if (n > 16)
		n = 16;
	if (labels)
		pic_printf(o, "<g id='tile-%d-%d' class='tile'>\n", (int)bx,
			   (int)by);
	else
		pic_printf(o, "<g class='tile key'>\n");
	pic_printf(o, "<rect class='bg' x='%d' y='%d' width='%d' "
		      "height='%d'/>\n",
		   (int)ox, (int)oy, TU, TU);
	for (int l = 0; l < 4; l++)
		for (int i = 0; i < n; i++) {
			bool hl = labels &&
				  is_highlighted(p, bx, by, feats[i]);

			if (kind_of(feats[i]) != layers[l].kind)
				continue;
			/* a field is the tile itself unless highlighted */
			if (layers[l].kind == CARC_FEATURE_FIELD && !hl)
				continue;
			put_shape(o, layers[l].cls, hl, tile, rot, feats[i],
				  ox, oy);
		}
	/* pennants, beside the figure point of their city */
	for (int i = 0; i < n; i++) {
		int32_t fx, fy;

		if (kind_of(feats[i]) != CARC_FEATURE_CITY ||
		    carc_tile_feature_pennants(tile, feats[i]) <= 0)
			continue;
		carc_tile_feature_point(tile, rot, feats[i], &fx, &fy);
		pic_printf(o, "<use href='#pennant' class='pennant' x='%d' "
			      "y='%d'/>\n",
			   (int)(ox + fx + 190), (int)(oy + fy - 140));
	}
	if (carc_tile_symbol_area(tile, rot, &cx, &cy, &cr) == CARC_OK)
		put_symbol(o, carc_tile_symbol(tile), ox + cx, oy + cy, cr,
			   false);
	pic_printf(o, "<rect class='edge' x='%d' y='%d' width='%d' "
		      "height='%d'/>\n",
		   (int)ox, (int)oy, TU, TU);
	if (labels && !(p->flags & CARC_RENDER_NO_LABELS)) {
		pic_printf(o, "<text class='lbl' x='%d' y='%d'>",
			   (int)(ox + 25), (int)(oy + 85));
		pic_escaped(o, carc_tile_name(tile));
		pic_printf(o, "</text><text class='lbl crd' x='%d' y='%d'>"
			      "%d,%d</text>\n",
			   (int)(ox + TU - 25), (int)(oy + TU - 25), (int)bx,
			   (int)by);
	}
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
				 "height='%d'/><rect class='last2' x='%d' "
				 "y='%d' width='%d' height='%d'/>\n",
			   (int)x + 20, (int)y + 20, TU - 40, TU - 40,
			   (int)x + 20, (int)y + 20, TU - 40, TU - 40);
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
				 "height='%d' rx='60'/><text class='spotn' "
				 "x='%d' y='%d'>%d</text>\n",
			   (int)cell_x(p, x) + 40, (int)cell_y(p, y) + 40,
			   TU - 80, TU - 80, (int)cell_x(p, x) + TU / 2,
			   (int)cell_y(p, y) + TU / 2 + 55, rots);
	}
}

static void
put_figures(struct pic *p)
{
	int n = carc_game_figure_count(p->g);

	for (int i = 0; i < n; i++) {
		uint32_t player, fig, feat, tile, rot;
		int32_t x, y, fx, fy;
		int ti, same = 0;

		if (carc_game_figure_at(p->g, (uint32_t)i, &player, &fig, &x,
					&y, &feat) < 0)
			continue;
		ti = carc_game_tile_find(p->g, x, y);
		if (ti < 0 || carc_game_tile_at(p->g, (uint32_t)ti, NULL, NULL,
						&tile, &rot) < 0 ||
		    carc_tile_feature_point(tile, rot, feat, &fx, &fy) < 0)
			continue;
		/* figures sharing one feature of one tile stand side by
		 * side: +1, -1, +2, ... steps */
		for (int j = 0; j < i; j++) {
			uint32_t fj;
			int32_t xj, yj;

			if (carc_game_figure_at(p->g, (uint32_t)j, NULL, NULL,
						&xj, &yj, &fj) == CARC_OK &&
			    xj == x && yj == y && fj == feat)
				same++;
		}
		if (same > 0) {
			int step = (same + 1) / 2;

			fx += (same & 1 ? 1 : -1) * step * FIG_SPREAD;
			if (fx < 90)
				fx = 90;
			if (fx > TU - 90)
				fx = TU - 90;
		}
		put_figure(p, cell_x(p, x) + fx, cell_y(p, y) + fy,
			   kind_of(feat), fig == CARC_FIGURE_PHANTOM,
			   (int)(player % 6), false);
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

static void
put_title(struct pic *p)
{
	int moves = carc_game_history_count(p->g);
	int tile = carc_game_current_tile(p->g);

	pic_printf(p->o, "<text class='title' x='%d' y='%d'>Carcassonne: ",
		   MARGIN, MARGIN + 180);
	if (carc_game_is_over(p->g) == 1)
		pic_printf(p->o, "game over after %d moves", moves);
	else {
		pic_printf(p->o, "move %d, P%d to ", moves + 1,
			   carc_game_current_player(p->g));
		switch (carc_game_phase(p->g)) {
		case CARC_PHASE_PLACE_TILE:
			pic_printf(p->o, "place ");
			pic_escaped(p->o, tile >= 0 ? carc_tile_name(
							      (uint32_t)tile)
						    : "?");
			break;
		case CARC_PHASE_DEPLOY:
			pic_printf(p->o, "deploy or pass");
			break;
		case CARC_PHASE_PHANTOM:
			pic_printf(p->o, "deploy the phantom or pass");
			break;
		case CARC_PHASE_CROP_CHOICE:
			pic_printf(p->o, "choose for the crop circle");
			break;
		default:
			pic_printf(p->o, "answer the crop circle");
			break;
		}
	}
	pic_printf(p->o, "</text>\n");
}

static void
put_scores(struct pic *p)
{
	int players = carc_game_player_count(p->g);
	int32_t y = MARGIN + TITLE_H + 200;

	for (int i = 0; i < players; i++) {
		int32_t x = MARGIN + 80 + i * SCORE_W;

		put_figure(p, x, y - 40, CARC_FEATURE_ROAD, false, i, true);
		pic_printf(p->o, "<text class='score' x='%d' y='%d'>P%d",
			   (int)(x + 110), (int)y, i);
		if (!(p->flags & CARC_RENDER_NO_SCORES))
			pic_printf(p->o, ": %d", carc_game_score(p->g,
							       (uint32_t)i));
		pic_printf(p->o, "</text>\n");
	}
}

static int32_t
legend_items(const struct pic *p, bool draw, int32_t top, int32_t width)
{
	const struct carc_rules *r = carc_game_rules(p->g);
	int32_t phantom = 0, lb = 0, cc1 = 0, cc2 = 0;
	int per_row = (int)((width - 2 * MARGIN) / LEGEND_ITEM_W);
	int k = 0;
	struct pic_out *o = p->o;
	static const uint32_t legend_kinds[4] = {
		CARC_FEATURE_ROAD, CARC_FEATURE_CITY, CARC_FEATURE_MONASTERY,
		CARC_FEATURE_FIELD,
	};

	carc_rules_get(r, CARC_OPT_PHANTOM, &phantom);
	carc_rules_get(r, CARC_OPT_LITTLE_BUILDINGS, &lb);
	carc_rules_get(r, CARC_OPT_CROP_CIRCLES_I, &cc1);
	carc_rules_get(r, CARC_OPT_CROP_CIRCLES_II, &cc2);
	if (per_row < 1)
		per_row = 1;
	for (int item = 0; item < 16; item++) {
		static const char *const label[16] = {
			"thief (road)", "knight (city)", "monk (monastery)",
			"farmer (field)", "phantom", "tower", "house", "shed",
			"pitchfork: farmers", "club: thieves",
			"shield: knights", "pennant", "last tile placed",
			"tile fits here", "", "",
		};
		int32_t x, y;

		if ((item == 4 && !phantom) ||
		    (item >= 5 && item <= 7 && !lb) ||
		    (item >= 8 && item <= 10 && !cc1 && !cc2) ||
		    (item == 12 && !(p->flags & CARC_RENDER_LAST_MOVE)) ||
		    (item == 13 && p->n_moves == 0) || item >= 14)
			continue;
		x = MARGIN + (k % per_row) * LEGEND_ITEM_W + 120;
		y = top + (k / per_row) * LEGEND_ROW_H + 150;
		k++;
		if (!draw)
			continue;
		if (item <= 3)
			put_figure((struct pic *)p, x, y, legend_kinds[item],
				   false, -1, true);
		else if (item == 4)
			put_figure((struct pic *)p, x, y, CARC_FEATURE_ROAD,
				   true, -1, true);
		else if (item <= 7)
			put_building(o, x, y, item == 5 ? CARC_FIGURE_TOWER
					      : item == 6 ? CARC_FIGURE_HOUSE
							  : CARC_FIGURE_SHED,
				     true);
		else if (item <= 10)
			put_symbol(o, item - 7, x, y, 110, true);
		else if (item == 11)
			pic_printf(o, "<use href='#pennant' class='pennant "
				      "key' x='%d' y='%d'/>\n", (int)x, (int)y);
		else if (item == 12)
			pic_printf(o, "<rect class='last key' x='%d' y='%d' "
				      "width='200' height='200'/><rect "
				      "class='last2 key' x='%d' y='%d' "
				      "width='200' height='200'/>\n",
				   (int)x - 100, (int)y - 100, (int)x - 100,
				   (int)y - 100);
		else
			pic_printf(o, "<rect class='spot key' x='%d' y='%d' "
				      "width='200' height='200' rx='30'/>\n",
				   (int)x - 100, (int)y - 100);
		pic_printf(o, "<text class='leg' x='%d' y='%d'>%s</text>\n",
			   (int)x + 150, (int)y + 45, label[item]);
	}
	return (int32_t)((k + per_row - 1) / per_row) * LEGEND_ROW_H;
}

/* The tile in hand, drawn small, with its name. */
static void
put_hand(struct pic *p, int32_t top)
{
	int tile = carc_game_current_tile(p->g);

	pic_printf(p->o, "<text class='leg' x='%d' y='%d'>tile in hand: ",
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
	pic_printf(p->o, "<text class='leg hlcap' x='%d' y='%d'>highlighted: "
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
	p->oy = MARGIN + TITLE_H + SCORES_H;
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
		      "width='%lld' height='%lld' viewBox='0 0 %d %d'>\n",
		   (long long)wpx, (long long)hpx, (int)w, (int)h);
	put_style(o);
	put_defs(o);
	pic_printf(o, "<rect class='page' width='%d' height='%d'/>\n",
		   (int)w, (int)h);
	put_title(p);
	put_scores(p);
	put_board(p);
	if (p->flags & CARC_RENDER_LAST_MOVE)
		put_last_move(p);
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
	return rc;
}
