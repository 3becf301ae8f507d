/* SPDX-License-Identifier: MIT */
/**
 * @file carcassonne.h
 * @brief libcarcassonne: a rules engine for the board game Carcassonne.
 *
 * This header is the whole public API and its manual.  It holds no struct
 * layouts: every object is an opaque handle, and every value that crosses
 * the ABI is a fixed-width integer, a size_t capacity or a pointer.
 *
 * Conventions used by every function (see doc/mainpage.dox):
 *
 * - A function that can fail returns an @c int: #CARC_OK (0) or a
 *   non-negative result on success, a negative #carc_error on failure.
 *   Output parameters are written only on success.
 * - A pointer returned through a @c **out parameter belongs to the caller;
 *   a pointer returned as the function result is borrowed and its lifetime
 *   is documented with the function.
 * - Releasing NULL does nothing.
 * - A call that fails leaves the object exactly as it was.
 * - The library has no global mutable state, never prints, never exits and
 *   never aborts on a caller's mistake.  One game may be used by one thread
 *   at a time; a struct carc_rules is immutable and may be shared freely
 *   between threads and games.
 *
 * The header also passes through `cpp -P -DCARC_CDEF` for cffi: system
 * includes are guarded, prototypes carry no attribute macros.
 */
#ifndef CARCASSONNE_H
#define CARCASSONNE_H

#ifndef CARC_CDEF
#include <stddef.h>
#include <stdint.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup base Opaque objects and value types
 * @{
 */

/**
 * A mutable, short-lived set of rule options; it builds an immutable
 * struct carc_rules.  Owned by its creator.
 */
struct carc_rules_builder;

/**
 * An immutable, reference-counted rule set: options and the tile stack.
 * Safe to share between games and threads.
 */
struct carc_rules;

/**
 * A game in progress: board, stack, figures, scores and the current
 * decision point.  Mutable, one owner, one thread at a time.
 */
struct carc_game;

/**
 * A move: a plain 64-bit value, not a handle.  Its layout is frozen and
 * documented in doc/api/moves.md; build moves with the carc_move_*()
 * constructors and read them with the accessors.  #CARC_MOVE_NONE is never
 * a legal move.
 */
typedef uint64_t carc_move_t;

/** The invalid move, returned by constructors given bad arguments. */
#define CARC_MOVE_NONE 0

/** @} */

/**
 * @defgroup version Version
 * @{
 */

/**
 * The library version as a string, e.g. "0.1.0".
 *
 * @return a static string, valid for the life of the process.
 * @since 0.1
 */
const char *carc_version_string(void);

/**
 * The library version as a number: major * 10000 + minor * 100 + micro.
 *
 * Compare it with CARC_VERSION_NUMBER from <carcassonne/carcassonne-version.h>
 * to check the loaded library against the header a program was built with.
 *
 * @return the version number, e.g. 100 for 0.1.0.
 * @since 0.1
 */
uint32_t carc_version_number(void);

/** @} */

/**
 * @defgroup errors Errors
 * @{
 */

/**
 * Status codes.  #CARC_OK is zero, every error is negative.  Numbers are
 * never reused or renumbered; new codes are only appended.
 */
enum carc_error {
	/** Success. */
	CARC_OK = 0,
	/** A caller bug: NULL handle, index or value out of range, reserved
	 *  bits set in a move, malformed argument. */
	CARC_E_INVALID = -1,
	/** Memory allocation failed; nothing was changed. */
	CARC_E_NOMEM = -2,
	/** The move or call does not belong to the current decision point. */
	CARC_E_WRONG_PHASE = -3,
	/** The tile position shares no side with a placed tile. */
	CARC_E_NOT_ADJACENT = -4,
	/** A side of the tile does not match the neighbouring tile there. */
	CARC_E_EDGE_MISMATCH = -5,
	/** A tile already lies at that position. */
	CARC_E_POSITION_TAKEN = -6,
	/** The feature already holds a follower (of any player). */
	CARC_E_FEATURE_OCCUPIED = -7,
	/** The player has no figure of that kind left in the supply. */
	CARC_E_NO_MEEPLE = -8,
	/** Unknown tile type, or a tile type not in the current stack. */
	CARC_E_UNKNOWN_TILE = -9,
	/** The game is over; no further moves are possible. */
	CARC_E_GAME_OVER = -10,
	/** The tile has no such feature (e.g. "r2" on a tile with one road). */
	CARC_E_NO_FEATURE = -11,
	/** A figure may only go on the tile just placed. */
	CARC_E_WRONG_TILE = -12,
	/** The rules in force forbid it (e.g. a farmer with farmers off). */
	CARC_E_NOT_ALLOWED = -13,
	/** Unknown rule option. */
	CARC_E_UNKNOWN_OPTION = -14,
	/** Nothing found at that position or index. */
	CARC_E_NOT_FOUND = -15,
	/** A game record is malformed (carc_game_load()). */
	CARC_E_PARSE = -16,
};

/**
 * A short English description of a status code.
 *
 * @param code a #carc_error value (or any int).
 * @return a static string; never NULL.  Unknown codes give
 *         "unknown error".
 * @since 0.1
 */
const char *carc_strerror(int code);

/** @} */

/**
 * @defgroup tiles Tile types and features
 *
 * Tile types are numbered; the letters are those of `doc/users/rules.md#tiles`
 * (`A`–`X` for the 24 types of the first-edition base game).  Each type is
 * described in one canonical orientation (rotation 0); a placed tile has a
 * rotation 0–3, the number of quarter turns clockwise.  Sides are
 * numbered N=0, E=1, S=2, W=3; the neighbour across side N of (x, y) is
 * (x, y - 1): y grows to the south.
 *
 * Features of a tile are named as in `doc/users/rules.md#features`: cities c1,
 * c2, …, roads r1, …, fields f1, … and the monastery, numbered on the
 * canonical definition so that a name means the same feature in every rotation.
 * A feature id is `kind * 16 + number` (see #carc_feature_kind); the
 * monastery is number 1.
 * @{
 */

/** Tile types. */
enum carc_tile {
	CARC_TILE_A = 0, CARC_TILE_B, CARC_TILE_C, CARC_TILE_D, CARC_TILE_E,
	CARC_TILE_F, CARC_TILE_G, CARC_TILE_H, CARC_TILE_I, CARC_TILE_J,
	CARC_TILE_K, CARC_TILE_L, CARC_TILE_M, CARC_TILE_N, CARC_TILE_O,
	CARC_TILE_P, CARC_TILE_Q, CARC_TILE_R, CARC_TILE_S, CARC_TILE_T,
	CARC_TILE_U, CARC_TILE_V, CARC_TILE_W, CARC_TILE_X,
	/** Crop Circles I (names "CCI-1" … "CCI-6"), one tile each. */
	CARC_TILE_CCI_1 = 24, CARC_TILE_CCI_2, CARC_TILE_CCI_3,
	CARC_TILE_CCI_4, CARC_TILE_CCI_5, CARC_TILE_CCI_6,
	/** Crop Circles II (names "CCII-1" … "CCII-6"), one tile each. */
	CARC_TILE_CCII_1 = 30, CARC_TILE_CCII_2, CARC_TILE_CCII_3,
	CARC_TILE_CCII_4, CARC_TILE_CCII_5, CARC_TILE_CCII_6,
	/** The River (names "RI-1" … "RI-10", `doc/users/rules.md#tiles-river`):
	 *  RI-1 the spring, RI-2 the lake, RI-3 … RI-10 the course. */
	CARC_TILE_RI_1 = 36, CARC_TILE_RI_2, CARC_TILE_RI_3, CARC_TILE_RI_4,
	CARC_TILE_RI_5, CARC_TILE_RI_6, CARC_TILE_RI_7, CARC_TILE_RI_8,
	CARC_TILE_RI_9, CARC_TILE_RI_10,
	/** Inns & Cathedrals (names "IC-1" … "IC-17", `doc/users/rules.md#tiles-ic`),
	 *  in the order of JCloisterZone's tile set: IC-1 the cathedral (two
	 *  copies), the others one each.  @since 0.5 */
	CARC_TILE_IC_1 = 46, CARC_TILE_IC_2, CARC_TILE_IC_3, CARC_TILE_IC_4,
	CARC_TILE_IC_5, CARC_TILE_IC_6, CARC_TILE_IC_7, CARC_TILE_IC_8,
	CARC_TILE_IC_9, CARC_TILE_IC_10, CARC_TILE_IC_11, CARC_TILE_IC_12,
	CARC_TILE_IC_13, CARC_TILE_IC_14, CARC_TILE_IC_15, CARC_TILE_IC_16,
	CARC_TILE_IC_17,
	/** Traders & Builders, first edition (names "TB-1" … "TB-24", in
	 *  the order of `doc/users/rules.md#tiles-tb`), one tile each.
	 *  @since 0.5 */
	CARC_TILE_TB_1 = 63, CARC_TILE_TB_2, CARC_TILE_TB_3, CARC_TILE_TB_4,
	CARC_TILE_TB_5, CARC_TILE_TB_6, CARC_TILE_TB_7, CARC_TILE_TB_8,
	CARC_TILE_TB_9, CARC_TILE_TB_10, CARC_TILE_TB_11, CARC_TILE_TB_12,
	CARC_TILE_TB_13, CARC_TILE_TB_14, CARC_TILE_TB_15, CARC_TILE_TB_16,
	CARC_TILE_TB_17, CARC_TILE_TB_18, CARC_TILE_TB_19, CARC_TILE_TB_20,
	CARC_TILE_TB_21, CARC_TILE_TB_22, CARC_TILE_TB_23, CARC_TILE_TB_24,
	/** Number of tile types this version knows. */
	CARC_TILE_TYPES = 87
};

/** Crop-circle symbols (carc_tile_symbol()). */
enum carc_symbol {
	/** No crop circle. */
	CARC_SYMBOL_NONE = 0,
	/** Pitchfork: affects followers in fields (farmers). */
	CARC_SYMBOL_PITCHFORK = 1,
	/** Club: affects followers on roads (thieves). */
	CARC_SYMBOL_CLUB = 2,
	/** Shield: affects followers in cities (knights). */
	CARC_SYMBOL_SHIELD = 3,
};

/** Goods of Traders & Builders: the symbol of a city piece
 *  (carc_tile_feature_goods()) and the kinds of tokens.  @since 0.5 */
enum carc_goods {
	/** No goods symbol. */
	CARC_GOODS_NONE = 0,
	CARC_GOODS_WINE = 1,
	CARC_GOODS_GRAIN = 2,
	CARC_GOODS_CLOTH = 3,
};

/** Side types. */
enum carc_edge {
	CARC_EDGE_CITY = 1,
	CARC_EDGE_ROAD = 2,
	CARC_EDGE_FIELD = 3,
	/** A river side (The River): matches only another river side; the
	 *  fields on its two halves are the two banks. @since 0.5 */
	CARC_EDGE_RIVER = 4,
};

/** Feature kinds: the high nibble of a feature id. */
enum carc_feature_kind {
	CARC_FEATURE_CITY = 1,
	CARC_FEATURE_ROAD = 2,
	CARC_FEATURE_FIELD = 3,
	CARC_FEATURE_MONASTERY = 4,
};

/** Feature ids of the local names of `doc/users/rules.md#features`
 *  (kind * 16 + number). */
enum carc_feature {
	CARC_C1 = 0x11, CARC_C2 = 0x12, CARC_C3 = 0x13, CARC_C4 = 0x14,
	CARC_R1 = 0x21, CARC_R2 = 0x22, CARC_R3 = 0x23, CARC_R4 = 0x24,
	CARC_F1 = 0x31, CARC_F2 = 0x32, CARC_F3 = 0x33, CARC_F4 = 0x34,
	CARC_MONASTERY = 0x41,
};

/**
 * The reference name of a tile type: "A" … "X".
 *
 * @return a static string, or NULL for an unknown tile type.
 * @since 0.1
 */
const char *carc_tile_name(uint32_t tile);

/**
 * Look up a tile type by its reference name (case-sensitive, e.g. "D").
 *
 * @return the tile type (>= 0), or #CARC_E_UNKNOWN_TILE, or
 *         #CARC_E_INVALID for a NULL name.
 * @since 0.1
 */
int carc_tile_from_name(const char *name);

/**
 * The type of side @p side of @p tile placed with @p rotation.
 *
 * @return a #carc_edge value; #CARC_E_UNKNOWN_TILE; #CARC_E_INVALID when
 *         rotation or side is above 3.
 * @since 0.1
 */
int carc_tile_edge(uint32_t tile, uint32_t rotation, uint32_t side);

/**
 * The features of a tile type, in canonical order (cities, roads, fields,
 * monastery), snprintf-style: writes min(total, n) ids into @p features.
 *
 * @param tile a #carc_tile
 * @param[out] features buffer for feature ids, or NULL when @p n is 0
 * @param n capacity of @p features
 * @return the total number of features, #CARC_E_UNKNOWN_TILE or
 *         #CARC_E_INVALID (NULL buffer with non-zero n).
 * @since 0.1
 */
int carc_tile_features(uint32_t tile, uint32_t *features, size_t n);

/**
 * Where a feature touches the border of a tile placed with @p rotation.
 *
 * For a city or road: bit s (0–3) is set for each side s it reaches.
 * For a field: bit h (0–7) is set for each half-edge h it reaches, in the
 * order NL, NR, EL, ER, SL, SR, WL, WR (`doc/users/rules.md#half-edges`).
 * A monastery reaches no side (0).
 *
 * @return the mask (>= 0), #CARC_E_UNKNOWN_TILE, #CARC_E_NO_FEATURE or
 *         #CARC_E_INVALID.
 * @since 0.1
 */
int carc_tile_feature_sides(uint32_t tile, uint32_t rotation, uint32_t feature);

/**
 * Pennants (coats of arms) on a city feature of a tile; 0 for others.
 *
 * @return the count, #CARC_E_UNKNOWN_TILE or #CARC_E_NO_FEATURE.
 * @since 0.1
 */
int carc_tile_feature_pennants(uint32_t tile, uint32_t feature);

/**
 * The cities of the same tile that a field borders: bit n-1 set for city
 * cn.  0 for fields that border no city and for other features.
 *
 * @return the mask, #CARC_E_UNKNOWN_TILE or #CARC_E_NO_FEATURE.
 * @since 0.1
 */
int carc_tile_field_cities(uint32_t tile, uint32_t feature);

/** Bits of carc_tile_feature_flags().  @since 0.5 */
enum carc_feature_flag {
	/** A road with an inn (Inns & Cathedrals,
	 *  `doc/users/rules.md#ic-inn`). */
	CARC_FLAG_INN = 1,
	/** A city with a cathedral (Inns & Cathedrals,
	 *  `doc/users/rules.md#ic-cathedral`). */
	CARC_FLAG_CATHEDRAL = 2,
};

/**
 * What a feature of a tile carries besides its sides and pennants: a
 * mask of #carc_feature_flag (0 for most features).
 *
 * @return the mask, #CARC_E_UNKNOWN_TILE or #CARC_E_NO_FEATURE.
 * @since 0.5
 */
int carc_tile_feature_flags(uint32_t tile, uint32_t feature);

/**
 * The crop-circle symbol of a tile type.
 *
 * @return a #carc_symbol (#CARC_SYMBOL_NONE for tiles without a crop
 *         circle) or #CARC_E_UNKNOWN_TILE.
 * @since 0.1
 */
int carc_tile_symbol(uint32_t tile);

/**
 * The goods symbol (Traders & Builders) on a city feature of a tile.
 *
 * @return a #carc_goods (#CARC_GOODS_NONE for a city without one and for
 *         other features), #CARC_E_UNKNOWN_TILE or #CARC_E_NO_FEATURE.
 * @since 0.5
 */
int carc_tile_feature_goods(uint32_t tile, uint32_t feature);

/**
 * The reference name of a feature id: "c1", "r2", "f3", "monastery".
 *
 * @return a static string, or NULL for an invalid feature id.
 * @since 0.1
 */
const char *carc_feature_name(uint32_t feature);

/**
 * Parse a feature name ("c1", "r2", "f3", "monastery").
 *
 * @return the feature id (> 0) or #CARC_E_INVALID.
 * @since 0.1
 */
int carc_feature_from_name(const char *name);

/** @} */

/**
 * @defgroup geometry Geometry for drawing
 *
 * Where the features of a tile lie, so that a board view needs no tile
 * art of its own.  Coordinates are tile units from 0 to 1000: x grows to
 * the east, y to the south, (0, 0) is the north-west corner of the tile
 * as placed (with its rotation).  Turning a tile by one quarter maps a
 * point (x, y) to (1000 - y, x).
 *
 * The drawing model: paint the tile as field; then, in this order, the
 * fields, cities, roads and the monastery with carc_tile_feature_shape(),
 * then the crop circle with carc_tile_symbol_area(); figures go on
 * carc_tile_feature_point().  A later layer may cover part of an earlier
 * one: an outline is the feature's exact area only where no later layer
 * is painted (a field's outline may run under a city wall or along the
 * middle of a road).  carc_game_render_svg() draws with these calls.
 * @{
 */

/** Tile units per tile side in the geometry calls. */
#define CARC_TILE_UNITS 1000

/** Most points an outline of carc_tile_feature_shape() has. */
#define CARC_SHAPE_MAX_POINTS 64

/**
 * Where a figure or token on @p feature of @p tile, placed with
 * @p rotation, is drawn: a point inside the feature's area (clear of the
 * layers painted over it), different for each feature of the tile.
 *
 * @param tile a #carc_tile
 * @param rotation 0 to 3
 * @param feature a feature id of the tile
 * @param[out] x_out, y_out the point in tile units (0 to 1000); either
 *             may be NULL
 * @retval CARC_OK success
 * @retval CARC_E_UNKNOWN_TILE unknown tile type
 * @retval CARC_E_INVALID rotation above 3
 * @retval CARC_E_NO_FEATURE the tile has no such feature
 * @since 0.2
 */
int carc_tile_feature_point(uint32_t tile, uint32_t rotation,
			    uint32_t feature, int32_t *x_out, int32_t *y_out);

/**
 * The outline of @p feature of @p tile placed with @p rotation: a closed
 * polygon in tile units (the last point joins the first), snprintf-style.
 *
 * Cities follow their sides and walls, roads are strips 120 units wide
 * along their middle line, the monastery is the outline of its chapel,
 * fields are what lies between (see the drawing model of this group).
 * At most #CARC_SHAPE_MAX_POINTS points.
 *
 * @param tile a #carc_tile
 * @param rotation 0 to 3
 * @param feature a feature id of the tile
 * @param[out] xy buffer of 2 * @p n_points values: x0, y0, x1, y1, …;
 *             may be NULL when @p n_points is 0
 * @param n_points capacity of @p xy in points
 * @return the number of points of the whole outline (min(count,
 *         @p n_points) points are written), or
 * @retval CARC_E_UNKNOWN_TILE unknown tile type
 * @retval CARC_E_INVALID rotation above 3, or NULL @p xy with non-zero
 *         @p n_points
 * @retval CARC_E_NO_FEATURE the tile has no such feature
 * @since 0.2
 */
int carc_tile_feature_shape(uint32_t tile, uint32_t rotation,
			    uint32_t feature, int32_t *xy, size_t n_points);

/**
 * The crop circle of a tile placed with @p rotation: a disc with centre
 * (x, y) and radius r in tile units, painted over every feature.  Roads
 * that end at the circle end under it.
 *
 * @param tile a #carc_tile
 * @param rotation 0 to 3
 * @param[out] x_out, y_out, radius_out the disc; any may be NULL
 * @retval CARC_OK success
 * @retval CARC_E_NOT_FOUND the tile has no crop circle
 * @retval CARC_E_UNKNOWN_TILE unknown tile type
 * @retval CARC_E_INVALID rotation above 3
 * @since 0.2
 */
int carc_tile_symbol_area(uint32_t tile, uint32_t rotation, int32_t *x_out,
			  int32_t *y_out, int32_t *radius_out);

/** @} */

/**
 * @defgroup rules Rules
 *
 * Rules are configured through a builder and then frozen:
 * @code
 * struct carc_rules_builder *b;
 * struct carc_rules *rules;
 * if (carc_rules_builder_new(&b) < 0) return;
 * carc_rules_builder_set(b, CARC_OPT_FARM_SCORING, CARC_FARM_PER_CITY);
 * int rc = carc_rules_builder_build(b, &rules);
 * carc_rules_builder_free(b);
 * @endcode
 * @{
 */

/**
 * Rule options for carc_rules_builder_set().  The default of each option is
 * the current official rule; doc/users/rules.md explains each choice.
 */
enum carc_option {
	/** Farm scoring, a #carc_farm_scoring value.
	 *  Default #CARC_FARM_PER_FIELD. */
	CARC_OPT_FARM_SCORING = 1,
	/** Farmers in play: 1 (default) or 0.  With 0 nobody may deploy on a
	 *  field and fields are never scored. */
	CARC_OPT_FARMERS = 2,
	/** Old small-city rule: 1 scores a completed city of exactly two
	 *  tiles as 1 point per tile and pennant (2 points).  Default 0. */
	CARC_OPT_SMALL_CITY = 3,
	/** Followers per player, 1–15.  Default 7. */
	CARC_OPT_FOLLOWERS = 4,
	/** The Phantom: 1 gives each player a phantom.  Default 0. */
	CARC_OPT_PHANTOM = 5,
	/** Crop Circles I: 1 shuffles its six tiles into the stack.
	 *  Default 0. */
	CARC_OPT_CROP_CIRCLES_I = 6,
	/** Crop Circles II: 1 shuffles its six tiles into the stack.
	 *  Default 0. */
	CARC_OPT_CROP_CIRCLES_II = 7,
	/** Little Buildings: 1 gives players building tokens.  Default 0. */
	CARC_OPT_LITTLE_BUILDINGS = 8,
	/** Building values, a #carc_lb_scoring.  Default
	 *  #CARC_LB_STANDARD. */
	CARC_OPT_LB_SCORING = 9,
	/** Standard-mode token distribution with 4 players, a
	 *  #carc_lb_distribution.  Default #CARC_LB_DIST_RULES. */
	CARC_OPT_LB_DISTRIBUTION = 10,
	/** Building points for a field with farmers that borders no
	 *  completed city (`doc/users/rules.md#lb-zero-field`): 1 award
	 *  (default), 0 skip. */
	CARC_OPT_LB_ZERO_FIELD = 11,
	/** Building points of fields under #CARC_FARM_PER_CITY
	 *  (`doc/users/rules.md#lb-per-city-fields`): 1 (default) each field
	 *  with farmers pays its buildings to its own farmer majority; 0
	 *  fields pay none. */
	CARC_OPT_LB_PER_CITY_FIELDS = 12,
	/** Crop-circle deploy target (`doc/users/rules.md#crop-deploy-any`): 0
	 *  (default) next to one's own follower only, 1 next to any player's
	 *  follower of that kind. */
	CARC_OPT_CROP_DEPLOY_ANY = 13,
	/** Crop-circle deploy (`doc/users/rules.md#crop-deploy-mandatory`): 0
	 *  (default) optional, 1 mandatory for a player who is able. */
	CARC_OPT_CROP_DEPLOY_MANDATORY = 14,
	/** Phantom in the crop-circle action
	 *  (`doc/users/rules.md#crop-phantom`): 1 (default) it may be
	 *  deployed, removed and serve as the anchor; 0 it takes no part. */
	CARC_OPT_CROP_PHANTOM = 15,
	/** Crop-circle deploy by the active player after he placed his
	 *  phantom this turn (`doc/users/rules.md#crop-after-phantom`): 1
	 *  (default) allowed, 0 forbidden. */
	CARC_OPT_CROP_AFTER_PHANTOM = 16,
	/** The River (`doc/users/rules.md#river`): 1 starts the game with the spring
	 *  and plays the river tiles first.  Default 0.  @since 0.5 */
	CARC_OPT_RIVER = 17,
	/** The base start tile with The River, a #carc_river_start
	 *  (`doc/users/rules.md#river-start-tile`).  Default
	 *  #CARC_RIVER_START_REMOVED.  @since 0.5 */
	CARC_OPT_RIVER_START_TILE = 18,
	/** Which turns of the river are forbidden, a #carc_river_u_turn
	 *  (`doc/users/rules.md#river-u-turn`).  Default #CARC_RIVER_U_ADJACENT.
	 *  @since 0.5 */
	CARC_OPT_RIVER_U_TURN = 19,
	/** Inns & Cathedrals, first edition (`doc/users/rules.md#inns-cathedrals`):
	 *  1 shuffles its 18 tiles into the stack and gives each player a
	 *  large follower (#CARC_FIGURE_LARGE_FOLLOWER).  Default 0.  @since 0.5 */
	CARC_OPT_INNS_CATHEDRALS = 20,
	/** Traders & Builders (`doc/users/rules.md#traders`): 1 shuffles
	 *  its 24 tiles into the stack and gives each player a builder and a
	 *  pig; cities carry goods.  Default 0.  @since 0.5 */
	CARC_OPT_TRADERS_BUILDERS = 21,
	/** The builder's second tile
	 *  (`doc/users/rules.md#traders-second-tile`), a
	 *  #carc_builder_turn.  Default #CARC_BUILDER_TURN_OPTIONAL.
	 *  @since 0.5 */
	CARC_OPT_BUILDER_TURN = 22,
	/** The phantom in a turn whose deployment was the builder or the
	 *  pig (`doc/users/rules.md#traders-phantom`): 1 (default) allowed,
	 *  0 not.
	 *  @since 0.5 */
	CARC_OPT_PHANTOM_WITH_FIGURE = 23,
	/** The builder on a road or city that the tile just placed
	 *  completes (`doc/users/rules.md#builder-on-completed`): 1 (default)
	 *  allowed, it comes back at once in the scoring; 0 not
	 *  (JCloisterZone).  @since 0.5 */
	CARC_OPT_BUILDER_ON_COMPLETED = 24,
	/** Who places the lake (`doc/users/rules.md#river-lake-turn`), a
	 *  #carc_river_lake_turn.  Default #CARC_RIVER_LAKE_TURN.
	 *  @since 0.5 */
	CARC_OPT_RIVER_LAKE_TURN = 25,
};

/** Values of #CARC_OPT_RIVER_LAKE_TURN.  @since 0.5 */
enum carc_river_lake_turn {
	/** The lake is drawn and placed as an ordinary turn (place,
	 *  deploy, score), as the second edition has it. */
	CARC_RIVER_LAKE_TURN = 0,
	/** The engine puts the lake at the river's open end when it comes
	 *  up (no deployment; a monastery it completes is scored), and the
	 *  same player draws again. */
	CARC_RIVER_LAKE_AUTOMATIC = 1,
};

/** Values of #CARC_OPT_RIVER_START_TILE. @since 0.5 */
enum carc_river_start {
	/** The start tile leaves the game; the main stack keeps 71 tiles. */
	CARC_RIVER_START_REMOVED = 0,
	/** The start tile is the first tile drawn after the lake. */
	CARC_RIVER_START_AFTER_RIVER = 1,
	/** The start tile is shuffled with the river's course tiles. */
	CARC_RIVER_START_IN_RIVER_STACK = 2,
};

/** Values of #CARC_OPT_RIVER_U_TURN. @since 0.5 */
enum carc_river_u_turn {
	/** Two curves laid one after the other may not turn the same way
	 *  (Hans im Glück's ruling on the immediate U-turn). */
	CARC_RIVER_U_ADJACENT = 0,
	/** Two curves may not turn the same way one after the other, even
	 *  with straight tiles between them. */
	CARC_RIVER_U_SUCCESSIVE = 1,
	/** No restriction. */
	CARC_RIVER_U_ALLOWED = 2,
	/** JCloisterZone's rule: the new open end of the river must have
	 *  free room ahead of it. */
	CARC_RIVER_U_JCZ = 3,
};

/** Values of #CARC_OPT_BUILDER_TURN.  @since 0.5 */
enum carc_builder_turn {
	/** The player chooses whether to take the second tile
	 *  (#CARC_PHASE_SECOND_TILE), as the first-edition text reads. */
	CARC_BUILDER_TURN_OPTIONAL = 0,
	/** The second tile is always taken (JCloisterZone). */
	CARC_BUILDER_TURN_MANDATORY = 1,
};

/** Values of #CARC_OPT_LB_SCORING. */
enum carc_lb_scoring {
	/** Every building is worth 1 point. */
	CARC_LB_STANDARD = 0,
	/** Tower 3, house 2, shed 1; equal kinds per player. */
	CARC_LB_321 = 1,
};

/** Values of #CARC_OPT_LB_DISTRIBUTION
 * (`doc/users/rules.md#lb-distribution`). */
enum carc_lb_distribution {
	/** Standard mode by the rules: 18 tokens shared evenly (2: 9,
	 *  3: 6, 4: 4, 5: 3, 6: 3 each), any kind may be named for each. */
	CARC_LB_DIST_RULES = 0,
	/** JCloisterZone: floor(6 / players) of each kind, kinds counted
	 *  separately (4 players: 3 each). */
	CARC_LB_DIST_JCZ = 1,
};

/** Values of #CARC_OPT_FARM_SCORING (`doc/users/rules.md#farms`). */
enum carc_farm_scoring {
	/** Current rule: each field scores 3 points per completed city it
	 *  borders for its farmer majority. */
	CARC_FARM_PER_FIELD = 0,
	/** Original 2000 rule: each completed city scores 4 points once, for
	 *  the majority of farmers in all fields bordering it. */
	CARC_FARM_PER_CITY = 1,
	/** 2001 rule: per field as above, but a player scores each city only
	 *  once however many of his fields border it. */
	CARC_FARM_PER_FIELD_ONCE = 2,
};

/**
 * Create a rules builder holding the defaults.
 *
 * @param[out] out the new builder, owned by the caller
 * @retval CARC_OK success
 * @retval CARC_E_INVALID @p out is NULL
 * @retval CARC_E_NOMEM out of memory
 * @since 0.1
 */
int carc_rules_builder_new(struct carc_rules_builder **out);

/**
 * Set an option.
 *
 * @param b the builder
 * @param option a #carc_option
 * @param value its value
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL builder or value out of range
 * @retval CARC_E_UNKNOWN_OPTION no such option
 * @since 0.1
 */
int carc_rules_builder_set(struct carc_rules_builder *b, uint32_t option,
			   int32_t value);

/**
 * Set how many tiles of a type go into the draw stack (not counting the
 * start tile).  The default is the first-edition count; D defaults to 3
 * because the fourth D is the start tile; each crop-circle tile defaults
 * to 1 and enters the stack only while its set (#CARC_OPT_CROP_CIRCLES_I,
 * #CARC_OPT_CROP_CIRCLES_II) is switched on.  A longer custom stack (up
 * to 4000 tiles in all) is allowed.
 *
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL builder or count above 4000
 * @retval CARC_E_UNKNOWN_TILE unknown tile type
 * @since 0.1
 */
int carc_rules_builder_set_tile_count(struct carc_rules_builder *b,
				      uint32_t tile, uint32_t count);

/**
 * Freeze the builder's settings into new rules.  The builder stays valid
 * and may be changed and built again.
 *
 * @param b the builder
 * @param[out] out new rules with a reference count of 1, owned by the caller
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL argument, or a stack of more than 4000 tiles
 * @retval CARC_E_NOMEM out of memory
 * @since 0.1
 */
int carc_rules_builder_build(const struct carc_rules_builder *b,
			     struct carc_rules **out);

/** Release a builder.  NULL does nothing.  @since 0.1 */
void carc_rules_builder_free(struct carc_rules_builder *b);

/**
 * Take a reference on rules.
 *
 * @return @p rules (NULL for NULL).
 * @since 0.1
 */
struct carc_rules *carc_rules_ref(struct carc_rules *rules);

/**
 * Drop a reference; the rules are freed with the last one.  Games hold
 * their own reference, so rules may be released right after creating
 * games from them.  NULL does nothing.
 * @since 0.1
 */
void carc_rules_unref(struct carc_rules *rules);

/**
 * Read an option of built rules.
 *
 * @param rules the rules
 * @param option a #carc_option
 * @param[out] value_out the value
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL argument
 * @retval CARC_E_UNKNOWN_OPTION no such option
 * @since 0.1
 */
int carc_rules_get(const struct carc_rules *rules, uint32_t option,
		   int32_t *value_out);

/**
 * Number of tiles of a type in the draw stack of these rules.
 *
 * @return the count, #CARC_E_INVALID or #CARC_E_UNKNOWN_TILE.
 * @since 0.1
 */
int carc_rules_tile_count(const struct carc_rules *rules, uint32_t tile);

/**
 * Number of tiles of a type in the draw stack of rules with the same
 * options as @p rules and no tile count set: the first-edition count
 * (3 for D, whose fourth tile is the start tile), 1 for a crop-circle
 * tile whose set is switched on, 0 for one whose set is off.  Records
 * and other writers compare it with carc_rules_tile_count() to store
 * only the counts a custom stack changed.  It allocates nothing.
 *
 * @return the count, #CARC_E_INVALID (NULL rules) or
 *         #CARC_E_UNKNOWN_TILE.
 * @since 0.4
 */
int carc_rules_default_tile_count(const struct carc_rules *rules,
				  uint32_t tile);

/** @} */

/**
 * @defgroup names Names
 *
 * The words of game records (doc/users/record-format.md) and of
 * carc_move_describe(), for programs and bindings that read or show
 * options and moves: one table inside the library, so that no caller
 * keeps a copy.
 *
 * Options are numbered 1 to N without gaps (#carc_option); a program
 * that builds its list of options at run time asks carc_option_info()
 * for 1, 2, … until it returns #CARC_E_UNKNOWN_OPTION:
 * @code
 * for (uint32_t o = 1; ; o++) {
 *         int32_t min, max, def;
 *         int type = carc_option_info(o, &min, &max, &def);
 *         if (type == CARC_E_UNKNOWN_OPTION)
 *                 break;
 *         if (type == CARC_OPTION_NUMBER)
 *                 printf("%s %d to %d, default %d\n",
 *                        carc_option_name(o), min, max, def);
 *         else
 *                 printf("%s default %s\n", carc_option_name(o),
 *                        carc_option_value_name(o, def));
 * }
 * @endcode
 *
 * Names are ASCII, lower case, with words joined by '-'
 * ("farm-scoring", "per-field-once").  Lookups by name are
 * case-sensitive and accept exactly these words: a binding whose
 * keywords cannot hold a '-' (farm_scoring=...) translates '_' to '-'
 * itself.  A name returned as a @c const @c char* is a static string,
 * valid for the life of the process; an unknown number gives NULL.
 * @{
 */

/** What kind of value an option takes (carc_option_info()). */
enum carc_option_type {
	/** A number in a range, e.g. #CARC_OPT_FOLLOWERS; no value names. */
	CARC_OPTION_NUMBER = 0,
	/** A switch: 0 "off" or 1 "on". */
	CARC_OPTION_SWITCH = 1,
	/** One of a set of named values, e.g. #carc_farm_scoring. */
	CARC_OPTION_CHOICE = 2,
};

/**
 * The name of an option in game records, e.g. "farm-scoring" for
 * #CARC_OPT_FARM_SCORING.
 *
 * @return a static string, or NULL for an unknown option.
 * @since 0.2
 */
const char *carc_option_name(uint32_t option);

/**
 * Look up an option by its record name (exactly as carc_option_name()
 * gives it: "farm_scoring" or "Farm-Scoring" are not found).
 *
 * @return the #carc_option (> 0), #CARC_E_UNKNOWN_OPTION for an unknown
 *         name, or #CARC_E_INVALID for a NULL name.
 * @since 0.2
 */
int carc_option_from_name(const char *name);

/**
 * The range, default and type of an option, as carc_rules_builder_set()
 * checks them and carc_rules_builder_new() sets them.  Any output
 * pointer may be NULL.
 *
 * @param option a #carc_option
 * @param[out] min_out the smallest value
 * @param[out] max_out the largest value
 * @param[out] default_out the default value
 * @return the option's #carc_option_type (>= 0), or
 *         #CARC_E_UNKNOWN_OPTION for 0 and every number past the last
 *         option.
 * @since 0.2
 */
int carc_option_info(uint32_t option, int32_t *min_out, int32_t *max_out,
		     int32_t *default_out);

/**
 * The word game records write for a value of an option: "per-city" for
 * #CARC_FARM_PER_CITY of #CARC_OPT_FARM_SCORING, "3-2-1", "jcz", and
 * "on" or "off" for a switch (#CARC_OPTION_SWITCH).
 *
 * @return a static string; NULL for an unknown option, a value out of
 *         the option's range, or an option whose values are plain
 *         numbers (#CARC_OPTION_NUMBER, e.g. #CARC_OPT_FOLLOWERS).
 * @since 0.2
 */
const char *carc_option_value_name(uint32_t option, int32_t value);

/**
 * Whether an option switches an expansion on (#CARC_OPTION_SWITCH
 * options whose 1 adds tiles or figures: today #CARC_OPT_PHANTOM,
 * #CARC_OPT_CROP_CIRCLES_I, #CARC_OPT_CROP_CIRCLES_II and
 * #CARC_OPT_LITTLE_BUILDINGS).  "Every expansion" is every option for
 * which this gives 1, set to 1: the tool's `--all`, the bindings'
 * all-expansions rules, so that an expansion added to the library joins
 * them without a change elsewhere.  #CARC_OPT_TRADERS_BUILDERS is not
 * among them yet: it joins once every layer plays its figures.
 *
 * @param option a #carc_option
 * @retval 1 an expansion
 * @retval 0 another option
 * @retval CARC_E_UNKNOWN_OPTION no such option
 * @since 0.5
 */
int carc_option_is_expansion(uint32_t option);

/**
 * Say what an option accepts, for an error message, from the library's
 * table of options (names, kinds, ranges, value words), so that every
 * program and binding words it alike.  @p name may be spelled as in game
 * records ("crop-circles-i") or as the bindings spell keywords
 * ("crop_circles_i", any case).  snprintf-style: writes at most @p size
 * bytes, always NUL-terminated when @p size > 0.  What is written:
 *
 * - an unknown name: "unknown rule option 'crop_circles_1'; did you
 *   mean 'crop-circles-i'?" (the nearest names by edit distance, or
 *   those containing it), or "...; the options are farm-scoring, ..."
 *   when none is near;
 * - a known name and a @p value it does not take: "followers must be 1
 *   to 15, not 99", "farm-scoring must be per-field, per-city or
 *   per-field-once (0 to 2), not 'x'", "phantom must be on or off (1 or
 *   0), not 7";
 * - a known name and a NULL (or acceptable) @p value: "followers takes 1
 *   to 15".
 *
 * @param name the option name as the user gave it
 * @param value the refused value as text (as carc_option_value_from_name()
 *        reads it), or NULL
 * @param buf where to write, may be NULL when @p size is 0
 * @param size capacity of @p buf in bytes
 * @return the length of the whole message (without the NUL; as
 *         snprintf(), larger than @p size - 1 when cut), or
 * @retval CARC_E_INVALID NULL @p name, or NULL @p buf with @p size > 0
 * @since 0.5
 */
int carc_option_explain(const char *name, const char *value, char *buf,
			size_t size);

/**
 * Read a value of an option as game records write it: a word of
 * carc_option_value_name(), an alias ("321" for "3-2-1"), or a decimal
 * number within the option's range (an optional sign and the digits 0–9,
 * nothing else, e.g. "7" or "+7" for #CARC_OPT_FOLLOWERS, "1" for a
 * switch).
 *
 * @param option a #carc_option
 * @param name the word or number
 * @param[out] value_out the value, written only on success
 * @retval CARC_OK success
 * @retval CARC_E_UNKNOWN_OPTION no such option
 * @retval CARC_E_INVALID NULL argument, a word the option does not take,
 *         or a number out of its range
 * @since 0.2
 */
int carc_option_value_from_name(uint32_t option, const char *name,
				int32_t *value_out);

/**
 * The name of a figure kind: "follower", "phantom", "tower", "house",
 * "shed", as in carc_move_describe().
 *
 * @return a static string, or NULL for an unknown #carc_figure.
 * @since 0.2
 */
const char *carc_figure_name(uint32_t figure);

/**
 * Look up a figure kind by its name.
 *
 * @return the #carc_figure (> 0), or #CARC_E_INVALID for a NULL or
 *         unknown name.
 * @since 0.2
 */
int carc_figure_from_name(const char *name);

/**
 * The name of a feature kind: "city", "road", "field", "monastery".
 *
 * @return a static string, or NULL for an unknown #carc_feature_kind.
 * @since 0.2
 */
const char *carc_feature_kind_name(uint32_t kind);

/**
 * Look up a feature kind by its name.
 *
 * @return the #carc_feature_kind (> 0), or #CARC_E_INVALID for a NULL
 *         or unknown name.
 * @since 0.2
 */
int carc_feature_kind_from_name(const char *name);

/**
 * The name of a decision point: "place-tile", "deploy", "phantom",
 * "crop-choice", "crop-response", "game-over".
 *
 * @return a static string, or NULL for an unknown #carc_phase.
 * @since 0.2
 */
const char *carc_phase_name(uint32_t phase);

/**
 * Look up a decision point by its name.
 *
 * @return the #carc_phase (> 0), or #CARC_E_INVALID for a NULL or
 *         unknown name.
 * @since 0.2
 */
int carc_phase_from_name(const char *name);

/**
 * Read a move from the text carc_move_describe() writes: the exact
 * inverse, so that for every move @c m it describes,
 * carc_move_parse(text of m) gives back @c m, and describing a parsed
 * move gives back the text.  The forms are
 * @code
 * place X,Y rR
 * deploy follower|phantom|large-follower FEATURE at X,Y
 * build tower|house|shed at X,Y
 * remove follower|phantom|large-follower FEATURE at X,Y
 * crop deploy|remove
 * pass
 * @endcode
 * with FEATURE a name of carc_feature_from_name(), R 0–3 and X, Y
 * integers from -32768 to 32767 written as carc_move_describe() writes
 * them ("-3", "0", "12"; not "+3", "-0" or "012").  The text is strict:
 * lower case, words separated by exactly one space, no space before or
 * after, nothing after the last word.  Callers reading text typed by a
 * person trim it first.
 *
 * @param text the NUL-terminated text
 * @param[out] move_out the move, written only on success
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL argument or text that is not a move
 * @since 0.2
 */
int carc_move_parse(const char *text, carc_move_t *move_out);

/** @} */

/**
 * @defgroup game Games
 *
 * A game is always at exactly one decision point (#carc_phase) for one
 * player, carc_game_current_player().  carc_game_legal_moves() lists every
 * legal move there; carc_game_apply() plays one and performs every forced
 * step that follows (scoring, drawing the next tile, discarding tiles that
 * fit nowhere, final scoring).
 * carc_game_legal_moves_max() sizes the buffer (no fixed size suffices:
 * a long custom stack gives thousands of placements):
 * @code
 * carc_move_t *moves = NULL;
 * size_t cap = 0;
 * while (!carc_game_is_over(game)) {
 *         size_t max = (size_t)carc_game_legal_moves_max(game);
 *         if (max > cap) {
 *                 carc_move_t *grown = realloc(moves, max * sizeof(*moves));
 *                 if (!grown)
 *                         break;
 *                 moves = grown;
 *                 cap = max;
 *         }
 *         int n = carc_game_legal_moves(game, moves, cap);
 *         carc_game_apply(game, moves[pick(n)]);
 * }
 * free(moves);
 * @endcode
 * @{
 */

/** Decision points. */
enum carc_phase {
	/** Place the tile in hand (carc_game_current_tile()). */
	CARC_PHASE_PLACE_TILE = 1,
	/** Deploy a follower (or, with Little Buildings, a building) on the
	 *  tile just placed, or pass. */
	CARC_PHASE_DEPLOY = 2,
	/** The Phantom: deploy the phantom on another unoccupied feature of
	 *  the tile just placed, or pass.  Reached only while the player's
	 *  phantom is in his supply. */
	CARC_PHASE_PHANTOM = 3,
	/** Crop circles: the active player chooses deploy or remove for
	 *  everybody (#CARC_MOVE_CROP_CHOICE). */
	CARC_PHASE_CROP_CHOICE = 4,
	/** Crop circles: the current player adds a figure next to one of his
	 *  own of the symbol's kind (or passes), or removes one, as chosen.
	 *  Players who cannot act are skipped; the active player acts last. */
	CARC_PHASE_CROP_RESPONSE = 5,
	/** The game is over; final scoring is done. */
	CARC_PHASE_GAME_OVER = 6,
	/** Traders & Builders: the player's tile extended a road or city
	 *  holding his builder; he takes the second tile of his turn
	 *  (#CARC_MOVE_SECOND_TILE) or declines it (pass).  Reached only
	 *  under #CARC_BUILDER_TURN_OPTIONAL.  @since 0.5 */
	CARC_PHASE_SECOND_TILE = 7,
};

/**
 * Start a game: the start tile D lies at (0, 0) in rotation 0, the stack
 * is shuffled with the library's own PRNG seeded by @p seed (identical on
 * every platform), and player 0 holds the first tile.
 *
 * @param rules the rules; the game takes its own reference
 * @param n_players 2 to 6
 * @param seed shuffle seed
 * @param[out] out the new game, owned by the caller
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL argument or player count out of range
 * @retval CARC_E_NOMEM out of memory
 * @since 0.1
 */
int carc_game_new(const struct carc_rules *rules, uint32_t n_players,
		  uint64_t seed, struct carc_game **out);

/**
 * Make an independent copy of a game.
 *
 * @param game the game to copy
 * @param[out] out the copy, owned by the caller
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL argument
 * @retval CARC_E_NOMEM out of memory
 * @since 0.1
 */
int carc_game_clone(const struct carc_game *game, struct carc_game **out);

/**
 * Overwrite @p dst with the state of @p src, reusing dst's memory when the
 * two games have the same number of players and rules of the same size
 * (the common case for search).
 * @p dst afterwards refers to src's rules.
 *
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL argument
 * @retval CARC_E_NOMEM out of memory; dst is unchanged
 * @since 0.1
 */
int carc_game_copy(struct carc_game *dst, const struct carc_game *src);

/** Release a game and its reference on the rules.  NULL does nothing.
 *  @since 0.1 */
void carc_game_free(struct carc_game *game);

/**
 * Start a new game in place: @p game becomes exactly the game that
 * carc_game_new() with its rules, its player count and @p seed creates
 * (the same carc_game_hash(), draw order and everything else), reusing
 * its memory.  Allocates nothing, so it cannot fail on a valid game:
 * meant for environments and searches that play many games in a row.
 *
 * @param game the game
 * @param seed shuffle seed, as for carc_game_new()
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL game
 * @since 0.3
 */
int carc_game_reset(struct carc_game *game, uint64_t seed);

/**
 * The bytes of memory a game holds (its handle and its one block of
 * arrays, sized from its rules and number of players): what each game
 * of a search tree costs.  A two-player game takes under 8 KB: about
 * 6.7 KB for the base game, 8.0 KB with all three expansions.
 * carc_game_copy() copies only the part a game has used so far; a copy
 * from a larger game gives the destination a second block, and the size
 * counts both.
 *
 * @param game the game
 * @return the size in bytes, or #CARC_E_INVALID.
 * @since 0.1
 */
int carc_game_memory_size(const struct carc_game *game);

/**
 * The rules of a game.
 *
 * @return a borrowed pointer, valid while the game lives (take a
 *         reference to keep it longer); NULL for a NULL game.
 * @since 0.1
 */
const struct carc_rules *carc_game_rules(const struct carc_game *game);

/** Number of players, or #CARC_E_INVALID.  @since 0.1 */
int carc_game_player_count(const struct carc_game *game);

/** The current #carc_phase, or #CARC_E_INVALID.  @since 0.1 */
int carc_game_phase(const struct carc_game *game);

/** 1 when the game is over, 0 when not, or #CARC_E_INVALID.  @since 0.1 */
int carc_game_is_over(const struct carc_game *game);

/**
 * The player who must decide now (0-based).  After the game ends, the
 * player who would have moved next.
 *
 * @return the player index or #CARC_E_INVALID.
 * @since 0.1
 */
int carc_game_current_player(const struct carc_game *game);

/**
 * The tile in hand during #CARC_PHASE_PLACE_TILE, or the tile just placed
 * during the deployment steps.
 *
 * @return a #carc_tile, #CARC_E_GAME_OVER after the end, or
 *         #CARC_E_INVALID.
 * @since 0.1
 */
int carc_game_current_tile(const struct carc_game *game);

/**
 * List every legal move at the current decision point, in canonical order,
 * snprintf-style: writes min(total, n_moves) moves and returns the total.
 * Pass NULL, 0 to get the count.  Allocates nothing.  Entries of @p moves
 * past the returned count (but below @p n_moves) are unspecified
 * afterwards: the placement loop writes without branches for speed.
 *
 * Canonical order (doc/api/moves.md): tile placements by y, then x, then
 * rotation; follower deployments in the tile's feature order, then tower,
 * house, shed, then pass; phantom deployments in feature order, then
 * pass; the crop-circle choice deploy before remove; crop-circle
 * responses by the piece's place on the board (follower before phantom),
 * then pass.
 *
 * @return the number of legal moves (0 once the game is over), or
 *         #CARC_E_INVALID (NULL game, or NULL buffer with n_moves > 0).
 * @since 0.1
 */
int carc_game_legal_moves(const struct carc_game *game, carc_move_t *moves,
			  size_t n_moves);

/**
 * An upper bound of carc_game_legal_moves() at the current decision point,
 * never exceeded: the size of a buffer that always holds every legal move.
 * Cheap (no listing, no allocation).
 *
 * It is 4 per empty position next to the board when placing a tile (4
 * rotations), the tile's features + 4 when deploying (a follower per
 * feature, three building kinds, pass; with Inns & Cathedrals once more
 * the features, for the large follower, and with Traders & Builders once
 * more, for the builder or the pig), its features + 1 in the phantom
 * step, 2 for the crop-circle choice and for the builder's second tile, 3
 * per figure on the board + 1 for a crop-circle response, and 0 once the
 * game is over.
 *
 * Bounds by the rules alone, for a fixed buffer: with n tiles on the board
 * (the start tile included) there are at most 2n + 2 empty positions next
 * to it, so at most 8n + 8 placements, which is 32,016 for the longest
 * stack the library accepts (4,000 tiles and the start tile); the other
 * steps never exceed 13 (9 features, 3 buildings, pass; 22 with Inns &
 * Cathedrals or Traders & Builders, 31 with both), 10, 2 and 3 x 6 x 17 + 1 = 307 (six players, each with at
 * most 15 followers, a phantom and a large follower).  With 72 tiles of the base game: 8 x 72 + 8 = 584 at most.
 *
 * @return the bound (>= the count carc_game_legal_moves() returns), or
 *         #CARC_E_INVALID for a NULL game.
 * @since 0.2
 */
int carc_game_legal_moves_max(const struct carc_game *game);

/**
 * Check a move without playing it.
 *
 * @return 1 if legal, 0 if not, #CARC_E_INVALID for a NULL game.  Use
 *         carc_game_apply() to learn why a move is illegal, or
 *         carc_game_explain_refusal() for the reason in words.
 * @since 0.1
 */
int carc_game_is_legal(const struct carc_game *game, carc_move_t move);

/**
 * Play a move, then every forced step that follows it.
 *
 * On failure the game is unchanged (the same carc_game_hash()).  The
 * scoring events of this call are readable afterwards with
 * carc_game_event_count() and carc_game_event_get().
 *
 * @retval CARC_OK the move was played
 * @retval CARC_E_INVALID NULL game, unknown move kind or reserved bits set
 * @retval CARC_E_GAME_OVER the game is over
 * @retval CARC_E_WRONG_PHASE the move belongs to another decision point
 * @retval CARC_E_POSITION_TAKEN, CARC_E_NOT_ADJACENT, CARC_E_EDGE_MISMATCH
 *         illegal tile placement
 * @retval CARC_E_WRONG_TILE, CARC_E_NO_FEATURE, CARC_E_FEATURE_OCCUPIED,
 *         CARC_E_NO_MEEPLE illegal deployment
 * @retval CARC_E_NOT_ALLOWED illegal deployment, or, for a tile placement
 *         (only with The River), a river tile that continues the river
 *         but turns it the way #CARC_OPT_RIVER_U_TURN forbids;
 *         carc_game_explain_refusal() says which rule
 * @since 0.1
 */
int carc_game_apply(struct carc_game *game, carc_move_t move);

/**
 * A player's score.
 *
 * @return the score (>= 0) or #CARC_E_INVALID.
 * @since 0.1
 */
int carc_game_score(const struct carc_game *game, uint32_t player);

/**
 * Figures of a kind a player has in his supply.
 *
 * @param game the game
 * @param player the player, 0-based
 * @param figure a #carc_figure
 * @return the count or #CARC_E_INVALID.
 * @since 0.1
 */
int carc_game_supply(const struct carc_game *game, uint32_t player,
		     uint32_t figure);

/**
 * Goods tokens of a kind a player holds (Traders & Builders; 0 without
 * the expansion).
 *
 * @param game the game
 * @param player the player, 0-based
 * @param kind a #carc_goods other than #CARC_GOODS_NONE
 * @return the count (at most 255: a custom stack with more goods of a
 *         kind saturates it) or #CARC_E_INVALID.
 * @since 0.5
 */
int carc_game_goods(const struct carc_game *game, uint32_t player,
		    uint32_t kind);

/**
 * A 64-bit hash of the game state: board, figures, scores, players'
 * supplies, decision point, tile in hand and the multiset of tiles left in
 * the stack (not their order, which is hidden information).  Equal states
 * give equal hashes on every platform, whatever the move order that led
 * to them.
 *
 * @return the hash; 0 for a NULL game.
 * @since 0.1
 */
uint64_t carc_game_hash(const struct carc_game *game);

/** @} */

/**
 * @defgroup deck The tile stack
 * @{
 */

/**
 * Tiles of a type still in the stack (not counting the tile in hand).
 *
 * @return the count, #CARC_E_INVALID or #CARC_E_UNKNOWN_TILE.
 * @since 0.1
 */
int carc_game_remaining(const struct carc_game *game, uint32_t tile);

/** Number of tiles still in the stack (not counting the tile in hand),
 *  or #CARC_E_INVALID.  @since 0.1 */
int carc_game_remaining_total(const struct carc_game *game);

/**
 * Set the complete draw order from now on: @p tiles[0] becomes the tile
 * in hand, the rest the stack from top to bottom.  The list must be a
 * permutation of the tile in hand plus the stack.  A tile that fits
 * nowhere when it is drawn is discarded as usual.  Before the first move
 * of a game whose first draw discarded tiles (maybe every tile, which
 * ended the game), the list may also be the whole stack as
 * carc_game_draw_order() gives it, those tiles included: the game then
 * starts again with that order (since 0.5).
 *
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL argument, or @p n differs from the number
 *         of tiles in hand and stack
 * @retval CARC_E_WRONG_PHASE not at #CARC_PHASE_PLACE_TILE
 * @retval CARC_E_UNKNOWN_TILE the list is not a permutation of the
 *         remaining tiles
 * @retval CARC_E_NOT_ALLOWED with The River, the list changes which
 *         tiles form the river part of the stack or moves its lake (or
 *         the start tile drawn after it) (since 0.5)
 * @since 0.1
 */
int carc_game_set_draw_order(struct carc_game *game, const uint32_t *tiles,
			     size_t n);

/**
 * Set the order of the stack from now on, top first, at any phase but
 * the end of the game: @p tiles[0] is the next tile drawn.  Unlike
 * carc_game_set_draw_order() the tile in hand (or the tile just placed)
 * is not part of the list and nothing is drawn: the phase, the player to
 * move, the legal moves, the scoring events of the last move and
 * carc_game_hash() (which ignores the order) stay as they were.
 * carc_game_draw_order() reports the new order after the tiles drawn so
 * far, carc_game_undo() keeps it, and copies, clones and
 * carc_game_save() carry it.  A tile that fits nowhere when it is drawn
 * is discarded as usual.  It writes the stack and nothing else, so it
 * costs one pass over the list: meant for searches that give positions
 * equal in public information the same hidden order.
 *
 * @code
 * // the stack sorted by tile type
 * int left = carc_game_remaining_total(game), n = 0;
 * uint32_t *order = malloc(((size_t)left + 1) * sizeof(*order));
 * for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
 *     for (int k = carc_game_remaining(game, t); k > 0; k--)
 *         order[n++] = t;
 * carc_game_set_stack_order(game, order, (size_t)n);
 * @endcode
 *
 * @param game the game
 * @param tiles #carc_tile values, top of the stack first; may be NULL
 *        when @p n is 0
 * @param n the number of tiles in @p tiles, which must equal
 *        carc_game_remaining_total()
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL game, NULL @p tiles with non-zero @p n, or
 *         @p n differs from carc_game_remaining_total()
 * @retval CARC_E_GAME_OVER the game is over
 * @retval CARC_E_UNKNOWN_TILE the list is not a permutation of the
 *         tiles left in the stack
 * @retval CARC_E_NOT_ALLOWED with The River, as for
 *         carc_game_set_draw_order() (since 0.5)
 * @since 0.4
 */
int carc_game_set_stack_order(struct carc_game *game, const uint32_t *tiles,
			      size_t n);

/**
 * Choose the tile in hand: @p tile (the current one or one still in the
 * stack) takes the place of the tile in hand, which goes back into the
 * stack where @p tile was.  If @p tile fits nowhere it is discarded and
 * the next tile of the stack is drawn.
 *
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL game
 * @retval CARC_E_WRONG_PHASE not at #CARC_PHASE_PLACE_TILE
 * @retval CARC_E_UNKNOWN_TILE no tile of that type is left
 * @retval CARC_E_NOT_ALLOWED with The River, the swap would change
 *         which tiles form the river part of the stack or move its lake
 *         (since 0.5)
 * @since 0.1
 */
int carc_game_set_next_tile(struct carc_game *game, uint32_t tile);

/**
 * Reshuffle the tiles left in the stack (not the tile in hand) with a new
 * seed, e.g. to re-sample hidden draws on a copy of a game.
 *
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL game
 * @since 0.1
 */
int carc_game_shuffle_stack(struct carc_game *game, uint64_t seed);

/**
 * Sort the tiles left in the stack (not the tile in hand) by tile type,
 * lowest #carc_tile first, so that the hidden order depends only on
 * which tiles are left: two games equal in everything a player can see
 * get the same stack.  Searches call it on their copy of a game before
 * they reshuffle it, so that their choice cannot depend on the real
 * order.  With The River each part of the stack that
 * carc_game_shuffle_stack() shuffles is sorted apart: the river tiles
 * still come first, the lake and the start tile keep their places.  Like
 * carc_game_set_stack_order() it writes the stack and nothing else: the
 * phase, the legal moves, the events of the last move and
 * carc_game_hash() stay.
 *
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL game
 * @retval CARC_E_GAME_OVER the game is over
 * @since 0.5
 */
int carc_game_sort_stack(struct carc_game *game);

/**
 * The tiles the draw of the tile in hand chose from, by type: what a
 * player knows of the chances of that draw, e.g. for the chance nodes of
 * a search.  @p counts[t] is how many tiles of type t were in the part
 * of the stack the tile in hand came from, the tile in hand included;
 * carc_game_set_next_tile() accepts exactly the types counted.  In
 * most games the part is the whole stack, so @p counts[t] is
 * carc_game_remaining() plus one for the tile in hand.  With The River
 * the river tiles are drawn apart: while the river is played only the
 * river tiles left count, and the lake (or the start tile drawn after
 * it) counts alone.
 *
 * @param game the game, at #CARC_PHASE_PLACE_TILE
 * @param counts filled for the first @p n tile types (entries past
 *        #CARC_TILE_TYPES get 0); may be NULL when @p n is 0
 * @param n the room in @p counts, #CARC_TILE_TYPES for every type
 * @return the number of tiles counted (at least 1), or
 * @retval CARC_E_INVALID NULL game, or NULL @p counts with non-zero @p n
 * @retval CARC_E_WRONG_PHASE not at #CARC_PHASE_PLACE_TILE
 * @retval CARC_E_GAME_OVER the game is over
 * @since 0.5
 */
int carc_game_draw_counts(const struct carc_game *game, uint32_t *counts,
			  size_t n);

/** Number of tiles discarded so far because they fit nowhere, or
 *  #CARC_E_INVALID.  @since 0.1 */
int carc_game_discard_count(const struct carc_game *game);

/**
 * The @p index-th discarded tile, oldest first.
 *
 * @return a #carc_tile, or #CARC_E_INVALID.
 * @since 0.1
 */
int carc_game_discard_at(const struct carc_game *game, uint32_t index);

/**
 * The complete draw order of the game, snprintf-style: the tiles drawn so
 * far (discarded ones included, the tile in hand last) followed by the
 * stack from top to bottom.  This reveals hidden information; it is meant
 * for hosts and for saving a game so that it replays without the PRNG
 * (carc_game_set_draw_order() on a new game takes the same list).
 *
 * @param game the game
 * @param[out] tiles buffer for #carc_tile values, or NULL when @p n is 0
 * @param n capacity of @p tiles
 * @return the number of tiles in the whole order (not counting the start
 *         tile), or #CARC_E_INVALID.
 * @since 0.1
 */
int carc_game_draw_order(const struct carc_game *game, uint32_t *tiles,
			 size_t n);

/**
 * How many tiles of carc_game_draw_order() have been drawn, the tile in
 * hand included.
 *
 * @return the count, or #CARC_E_INVALID.
 * @since 0.1
 */
int carc_game_drawn_count(const struct carc_game *game);

/** @} */

/**
 * @defgroup history Move history
 *
 * Every move applied to a game, oldest first.  Copies and clones carry
 * the history along.
 * @{
 */

/** Number of moves applied so far, or #CARC_E_INVALID.  @since 0.1 */
int carc_game_history_count(const struct carc_game *game);

/**
 * The @p index-th move applied.
 *
 * @param game the game
 * @param index 0 to carc_game_history_count() - 1
 * @param[out] move_out the move
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL argument or index out of range
 * @since 0.1
 */
int carc_game_history_at(const struct carc_game *game, uint32_t index,
			 carc_move_t *move_out);

/**
 * Take back the last move applied: the game returns to the decision point
 * before it, with the same board, figures, scores, supplies, discards,
 * tile in hand and carc_game_hash(), so every query answers as it did
 * there.  The draw order is kept: the tiles drawn before that decision
 * point stay as they were, and the stack keeps its current order (a
 * carc_game_set_next_tile() or carc_game_shuffle_stack() since then
 * stays in effect for the tiles not yet drawn).  The scoring events are
 * those of the move before the one taken back (none at the start).
 * Call it again to go further back; a crop-circle choice and each
 * response are decision points of their own.
 *
 * The game is played again from its start with every move but the last,
 * so a call costs one carc_game_apply() per move played (a few
 * microseconds each) and allocates a copy of the game while it runs: meant
 * for people and editors, not for search, which should keep copies
 * (carc_game_copy()) instead.
 *
 * @param game the game
 * @retval CARC_OK the last move was taken back
 * @retval CARC_E_NOT_FOUND no move has been applied; nothing changes
 * @retval CARC_E_INVALID NULL game
 * @retval CARC_E_NOMEM out of memory; the game is unchanged
 * @since 0.2
 */
int carc_game_undo(struct carc_game *game);

/** @} */

/**
 * @defgroup board Board queries
 * @{
 */

/** Number of tiles on the board, the start tile included, or
 *  #CARC_E_INVALID.  @since 0.1 */
int carc_game_tile_count(const struct carc_game *game);

/**
 * The @p index-th placed tile, in placement order (index 0 is the start
 * tile).  Any output pointer may be NULL.
 *
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL game or index out of range
 * @since 0.1
 */
int carc_game_tile_at(const struct carc_game *game, uint32_t index,
		      int32_t *x_out, int32_t *y_out, uint32_t *tile_out,
		      uint32_t *rotation_out);

/**
 * The placement index of the tile at (x, y).
 *
 * @return the index for carc_game_tile_at(), #CARC_E_NOT_FOUND for an
 *         empty position, or #CARC_E_INVALID.
 * @since 0.1
 */
int carc_game_tile_find(const struct carc_game *game, int32_t x, int32_t y);

/** Figure kinds. */
enum carc_figure {
	/** A normal follower (thief, knight, monk or farmer). */
	CARC_FIGURE_FOLLOWER = 1,
	/** The phantom (The Phantom). */
	CARC_FIGURE_PHANTOM = 2,
	/** Little Buildings tower: it stands on a tile, not a feature. */
	CARC_FIGURE_TOWER = 3,
	/** Little Buildings house. */
	CARC_FIGURE_HOUSE = 4,
	/** Little Buildings shed. */
	CARC_FIGURE_SHED = 5,
	/** The large follower (Inns & Cathedrals): one per player, deployed
	 *  like a follower; it counts two for a majority and scores like
	 *  one.  @since 0.5 */
	CARC_FIGURE_LARGE_FOLLOWER = 6,
	/** Traders & Builders builder: on a road or city with its owner's
	 *  follower; never counted for a majority.  @since 0.5 */
	CARC_FIGURE_BUILDER = 7,
	/** Traders & Builders pig: in a field with its owner's farmer;
	 *  never counted for a majority.  @since 0.5 */
	CARC_FIGURE_PIG = 8,
};

/** Number of figures on the board, or #CARC_E_INVALID.  @since 0.1 */
int carc_game_figure_count(const struct carc_game *game);

/**
 * The @p index-th figure on the board (ordered by player, then by the
 * player's figure slots).  Any output pointer may be NULL.
 *
 * @param game the game
 * @param index 0 to carc_game_figure_count() - 1
 * @param[out] player_out owner
 * @param[out] figure_out a #carc_figure
 * @param[out] x_out, y_out the tile it stands on
 * @param[out] feature_out the feature id on that tile
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL game or index out of range
 * @since 0.1
 */
int carc_game_figure_at(const struct carc_game *game, uint32_t index,
			uint32_t *player_out, uint32_t *figure_out,
			int32_t *x_out, int32_t *y_out, uint32_t *feature_out);

/** Number of buildings on the board, or #CARC_E_INVALID.  @since 0.1 */
int carc_game_building_count(const struct carc_game *game);

/**
 * The @p index-th building on the board, in the order they were built.
 * Any output pointer may be NULL.
 *
 * @param game the game
 * @param index 0 to carc_game_building_count() - 1
 * @param[out] x_out, y_out the tile it stands on
 * @param[out] figure_out #CARC_FIGURE_TOWER, #CARC_FIGURE_HOUSE or
 *             #CARC_FIGURE_SHED
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL game or index out of range
 * @since 0.1
 */
int carc_game_building_at(const struct carc_game *game, uint32_t index,
			  int32_t *x_out, int32_t *y_out, uint32_t *figure_out);

/**
 * The crop-circle action in progress: during #CARC_PHASE_CROP_RESPONSE
 * the active player's choice (#CARC_CROP_DEPLOY or #CARC_CROP_REMOVE);
 * 0 at other decision points.
 *
 * @return the choice, 0, or #CARC_E_INVALID.
 * @since 0.1
 */
int carc_game_crop_action(const struct carc_game *game);

/** Values of carc_game_turn_part(): where the active player stands in
 *  his turn, which Traders & Builders' builder can make a double turn
 *  (`doc/users/rules.md#traders-second-tile`).  @since 0.5 */
enum carc_turn_part {
	/** The first part of a turn that has earned no second tile: the
	 *  tile in hand, or a tile just placed that extended no road or
	 *  city holding the player's builder.  Every turn of a game
	 *  without Traders & Builders. */
	CARC_TURN_FIRST = 0,
	/** The first part of a turn whose tile extended a road or city
	 *  holding the player's builder: after the deployment steps he
	 *  takes a second tile (#CARC_BUILDER_TURN_MANDATORY) or chooses
	 *  to (#CARC_PHASE_SECOND_TILE, which is in this part too), unless
	 *  the stack is empty. */
	CARC_TURN_FIRST_BUILDER = 1,
	/** The second part of a double turn: the tile in hand or just
	 *  placed is the builder's second tile, and it gives no third. */
	CARC_TURN_SECOND = 2,
};

/**
 * Which part of his turn the active player is in (the player whose
 * tile it is; crop-circle responses of other players belong to his
 * turn): whether the current tile is the builder's second tile, and
 * whether the first part has earned one.
 *
 * @return a #carc_turn_part, #CARC_E_GAME_OVER after the end, or
 *         #CARC_E_INVALID for a NULL game.
 * @since 0.5
 */
int carc_game_turn_part(const struct carc_game *game);

/**
 * Whether the board-level feature containing @p feature of the tile at
 * (x, y) is complete (roads and cities: no open side; monastery: all eight
 * neighbours placed; fields: never).
 *
 * @return 1, 0, #CARC_E_NOT_FOUND (no tile there), #CARC_E_NO_FEATURE or
 *         #CARC_E_INVALID.
 * @since 0.1
 */
int carc_game_feature_is_complete(const struct carc_game *game, int32_t x,
				  int32_t y, uint32_t feature);

/**
 * Number of figures of @p player standing on the board-level feature that
 * contains @p feature of the tile at (x, y).  A large follower counts one
 * here (it counts two for the majority, #CARC_FEATURE_ATTR_SCORERS).
 *
 * @return the count, #CARC_E_NOT_FOUND, #CARC_E_NO_FEATURE or
 *         #CARC_E_INVALID.
 * @since 0.1
 */
int carc_game_feature_figures(const struct carc_game *game, int32_t x,
			      int32_t y, uint32_t feature, uint32_t player);

/**
 * The board's bounding box: the smallest and largest x and y of the
 * placed tiles (the start tile included, so a game always has one).
 *
 * @param game the game
 * @param[out] min_x, min_y, max_x, max_y the box; any may be NULL
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL game
 * @since 0.2
 */
int carc_game_bounds(const struct carc_game *game, int32_t *min_x,
		     int32_t *min_y, int32_t *max_x, int32_t *max_y);

/** @} */

/**
 * @defgroup features Board features
 *
 * Questions a board view asks about a board-level feature: the whole road,
 * city, monastery or field that a feature of a placed tile belongs to,
 * named by that tile's position and the feature id on it.  Any piece of a
 * feature names the same feature.  The "points if scored now" attributes
 * come from the same code as the real scoring:
 *
 * - a complete road or city, or a complete monastery, gives the points its
 *   completion gives (it is scored at the end of the turn that completed
 *   it, so a position between the placement and that scoring, say during
 *   #CARC_PHASE_DEPLOY, shows what the scoring will award if nobody else
 *   deploys there; afterwards its figures are back in the supplies and no
 *   player scores it);
 * - an incomplete road, city or monastery gives its end-of-game value;
 * - a field gives its farm under the game's #CARC_OPT_FARM_SCORING rule and
 *   the cities completed now, including, under the rules where fields
 *   interact, the other fields' farmers.
 *
 * After the game is over the figures stay on the board, so the queries of
 * a finished game give exactly what the final scoring gave: the
 * #CARC_EVENT_FINAL and #CARC_EVENT_FARM events of the last
 * carc_game_apply() equal the attributes of the features they name
 * (tests/test-query.c checks this over thousands of random games).
 *
 * These calls read only: they never allocate and are safe on a game that
 * other threads also read.  Their cost grows with the size of the feature
 * (a field under the per-city or once-per-city rule also walks the cities
 * it borders).
 * @{
 */

/**
 * Attributes of a board-level feature for carc_game_feature_get().  The
 * per-player attributes are a base value plus the player index, e.g.
 * `CARC_FEATURE_ATTR_POINTS + 2` for player 2.
 */
enum carc_feature_attr {
	/** The #carc_feature_kind. */
	CARC_FEATURE_ATTR_KIND = 1,
	/** An identifier of the board-level feature, equal for every piece
	 *  of it and different for different features, >= 0.  It is valid
	 *  until the next successful carc_game_apply(), carc_game_undo() or
	 *  carc_game_copy() into the game (joining features changes it). */
	CARC_FEATURE_ATTR_ID = 2,
	/** Pieces (a feature of one placed tile) the feature consists of:
	 *  the count for carc_game_feature_piece_at().  A monastery has one.
	 *  A feature that passes through a tile twice has two pieces there. */
	CARC_FEATURE_ATTR_PIECES = 3,
	/** Distinct tiles the feature spans; for a monastery the tiles
	 *  placed in its 3x3 area, itself included (1 to 9), as scoring
	 *  counts them. */
	CARC_FEATURE_ATTR_TILES = 4,
	/** Open sides left.  Road or city: tile sides of the feature that
	 *  face an empty position (0 when complete).  Monastery: empty
	 *  positions among its eight neighbours.  Field: half-sides (each
	 *  tile side has two, left and right of the middle) of the field
	 *  that face an empty position; a field is never complete, however. */
	CARC_FEATURE_ATTR_OPEN = 5,
	/** 1 if complete, else 0, as carc_game_feature_is_complete(). */
	CARC_FEATURE_ATTR_COMPLETE = 6,
	/** Pennants of a city (0 for other kinds). */
	CARC_FEATURE_ATTR_PENNANTS = 7,
	/** Field: the distinct completed cities it supplies (borders), the
	 *  count for carc_game_feature_city_at(); 0 for other kinds. */
	CARC_FEATURE_ATTR_CITIES = 8,
	/** Bit p set for each player p who would score the feature now: the
	 *  players with the most figures (followers and phantom; a large
	 *  follower counts two) on it. */
	CARC_FEATURE_ATTR_SCORERS = 9,
	/** The points the feature is worth now to a player who holds its
	 *  majority, Little Buildings apart: a road's tiles, a city's
	 *  completed or end-of-game value, a monastery's area, a field's 3
	 *  (under #CARC_FARM_PER_CITY 4) per completed city it supplies,
	 *  other fields not counted.  Defined whoever stands on it. */
	CARC_FEATURE_ATTR_VALUE = 10,
	/** The Little Buildings points a scorer of the feature would get now
	 *  (0 without the expansion), whoever stands on it. */
	CARC_FEATURE_ATTR_BUILDING_VALUE = 11,
	/** Completed city: bit p set for each player the city pays farm
	 *  points to if the game ended now (#CARC_FARM_PER_CITY: the farmer
	 *  majority over all fields supplying it; the other rules: each
	 *  player holding the majority of some field supplying it); 0 for an
	 *  incomplete city, other kinds, or without farmers. */
	CARC_FEATURE_ATTR_FARM_SCORERS = 12,
	/** #carc_feature_flag bits of the feature: #CARC_FLAG_INN when a
	 *  piece of the road has an inn, #CARC_FLAG_CATHEDRAL when a piece
	 *  of the city has a cathedral (Inns & Cathedrals); 0 otherwise.
	 *  @since 0.5 */
	CARC_FEATURE_ATTR_FLAGS = 13,
	/** Traders & Builders: wine symbols on a city's pieces (0 for other
	 *  kinds); the tokens its completion gives.  @since 0.5 */
	CARC_FEATURE_ATTR_WINE = 14,
	/** Grain symbols, as #CARC_FEATURE_ATTR_WINE.  @since 0.5 */
	CARC_FEATURE_ATTR_GRAIN = 15,
	/** Cloth symbols, as #CARC_FEATURE_ATTR_WINE.  @since 0.5 */
	CARC_FEATURE_ATTR_CLOTH = 16,
	/** + player: points that player would score if the feature were
	 *  scored now (0 unless he is among the scorers), Little Buildings
	 *  apart.  For a field, the farm points at the end of the game now:
	 *  #CARC_FARM_PER_FIELD 3 per completed city it supplies;
	 *  #CARC_FARM_PER_FIELD_ONCE 3 per such city that no field before it
	 *  in the final scoring's order (fields holding farmers by
	 *  #CARC_FEATURE_ATTR_ID) already pays him; #CARC_FARM_PER_CITY, if
	 *  he has a farmer on the field, 4 per such city whose farmer
	 *  majority over all fields he holds (the final scoring reports
	 *  these in per-city events, so a city counts in each of his fields
	 *  supplying it here). */
	CARC_FEATURE_ATTR_POINTS = 0x100,
	/** + player: that player's followers on the feature (phantom not
	 *  counted). */
	CARC_FEATURE_ATTR_FOLLOWERS = 0x200,
	/** + player: Little Buildings points that player would score now
	 *  (#CARC_FEATURE_ATTR_BUILDING_VALUE if he is a scorer, else 0). */
	CARC_FEATURE_ATTR_BUILDING_POINTS = 0x300,
	/** + player: 1 if that player's phantom stands on the feature. */
	CARC_FEATURE_ATTR_PHANTOMS = 0x400,
	/** + player: 1 if that player's large follower (Inns & Cathedrals)
	 *  stands on the feature; it counts two in
	 *  #CARC_FEATURE_ATTR_SCORERS and is not counted in
	 *  #CARC_FEATURE_ATTR_FOLLOWERS.  @since 0.5 */
	CARC_FEATURE_ATTR_LARGE_FOLLOWERS = 0x500,
	/** + player: 1 if that player's builder stands on the feature.
	 *  @since 0.5 */
	CARC_FEATURE_ATTR_BUILDERS = 0x600,
	/** + player: 1 if that player's pig stands on the feature.
	 *  @since 0.5 */
	CARC_FEATURE_ATTR_PIGS = 0x700,
};

/**
 * Read an attribute of the board-level feature that contains @p feature of
 * the tile at (x, y).
 *
 * @param game the game
 * @param x, y a placed tile
 * @param feature a #carc_feature of that tile
 * @param attr a #carc_feature_attr (plus the player for per-player ones)
 * @param[out] value_out the value
 * @retval CARC_OK success
 * @retval CARC_E_NOT_FOUND no tile at (x, y)
 * @retval CARC_E_NO_FEATURE the tile has no such feature
 * @retval CARC_E_INVALID NULL argument, unknown attribute or player out of
 *         range
 * @since 0.2
 */
int carc_game_feature_get(const struct carc_game *game, int32_t x, int32_t y,
			  uint32_t feature, uint32_t attr, int32_t *value_out);

/**
 * The @p index-th piece of the board-level feature containing @p feature
 * of the tile at (x, y): a tile position and the feature id on that tile.
 * Pieces come in the order their tiles were placed, then in the tile's
 * feature order, and the list does not depend on which piece names the
 * feature.  Any output pointer may be NULL.  Each call walks the pieces
 * up to @p index.
 *
 * @param game the game
 * @param x, y a placed tile
 * @param feature a #carc_feature of that tile
 * @param index 0 to #CARC_FEATURE_ATTR_PIECES - 1
 * @param[out] x_out, y_out the position of the piece's tile
 * @param[out] feature_out the piece's feature id on that tile
 * @retval CARC_OK success
 * @retval CARC_E_NOT_FOUND no tile at (x, y)
 * @retval CARC_E_NO_FEATURE the tile has no such feature
 * @retval CARC_E_INVALID NULL game or index out of range
 * @since 0.2
 */
int carc_game_feature_piece_at(const struct carc_game *game, int32_t x,
			       int32_t y, uint32_t feature, uint32_t index,
			       int32_t *x_out, int32_t *y_out,
			       uint32_t *feature_out);

/**
 * The @p index-th completed city that the field containing @p feature of
 * the tile at (x, y) supplies, named by its first piece (the first of
 * carc_game_feature_piece_at() for the city).  Cities come in the order
 * the field's pieces reach them.  Any output pointer may be NULL.
 *
 * @param game the game
 * @param x, y a placed tile
 * @param feature a field of that tile
 * @param index 0 to #CARC_FEATURE_ATTR_CITIES - 1
 * @param[out] x_out, y_out the position of the city's first piece
 * @param[out] feature_out the city's feature id on that tile
 * @retval CARC_OK success
 * @retval CARC_E_NOT_FOUND no tile at (x, y)
 * @retval CARC_E_NO_FEATURE the tile has no such feature
 * @retval CARC_E_INVALID NULL game, not a field, or index out of range
 * @since 0.2
 */
int carc_game_feature_city_at(const struct carc_game *game, int32_t x,
			      int32_t y, uint32_t feature, uint32_t index,
			      int32_t *x_out, int32_t *y_out,
			      uint32_t *feature_out);

/** @} */

/**
 * @defgroup events Scoring events
 *
 * Every call of carc_game_apply() records what it scored: completed
 * features during play and, when the call ends the game, every final
 * score.  The record is replaced by the next successful apply.  Read it
 * with carc_game_event_count() and carc_game_event_get():
 * @code
 * int n = carc_game_event_count(game);
 * for (int i = 0; i < n; i++) {
 *         int32_t kind, pts;
 *         carc_game_event_get(game, i, CARC_EVENT_FEATURE_KIND, &kind);
 *         carc_game_event_get(game, i, CARC_EVENT_POINTS + 0, &pts);
 * }
 * @endcode
 * @{
 */

/** Values of #CARC_EVENT_TYPE. */
enum carc_event_type {
	/** A road, city or monastery completed during play. */
	CARC_EVENT_COMPLETED = 1,
	/** An incomplete road, city or monastery at the end of the game. */
	CARC_EVENT_FINAL = 2,
	/** A farm at the end of the game: one field.  Under
	 *  #CARC_FARM_PER_CITY the farm points come in one event per
	 *  completed city (feature kind city, the feature named is that
	 *  city); with Little Buildings and #CARC_OPT_LB_PER_CITY_FIELDS each
	 *  field with farmers then adds a field event with its building
	 *  points only. */
	CARC_EVENT_FARM = 3,
	/** Traders & Builders, at the end of the game: one goods kind
	 *  (#CARC_EVENT_GOODS_KIND) that some player holds; 10 points to
	 *  each player holding the most tokens of it.  No feature: kind, x,
	 *  y and feature are 0.  @since 0.5 */
	CARC_EVENT_GOODS = 4,
};

/**
 * Attributes of an event for carc_game_event_get().  The per-player
 * attributes are a base value plus the player index, e.g.
 * `CARC_EVENT_POINTS + 2` for player 2.
 */
enum carc_event_attr {
	/** A #carc_event_type. */
	CARC_EVENT_TYPE = 1,
	/** The #carc_feature_kind scored. */
	CARC_EVENT_FEATURE_KIND = 2,
	/** x of a tile holding a piece of the feature. */
	CARC_EVENT_X = 3,
	/** y of that tile. */
	CARC_EVENT_Y = 4,
	/** The feature id of that piece on that tile. */
	CARC_EVENT_FEATURE = 5,
	/** Distinct tiles of the feature (3x3 area tiles for a monastery). */
	CARC_EVENT_TILES = 6,
	/** Pennants of a city. */
	CARC_EVENT_PENNANTS = 7,
	/** For a farm: completed cities counted. */
	CARC_EVENT_CITIES = 8,
	/** Bit p set for each player p who scored. */
	CARC_EVENT_SCORERS = 9,
	/** + player: points that player scored. */
	CARC_EVENT_POINTS = 0x100,
	/** + player: that player's figures on the feature, phantom included
	 *  (during play they return to the supply; at the end they stay on
	 *  the board). */
	CARC_EVENT_FIGURES = 0x200,
	/** + player: Little Buildings points that player scored (included
	 *  in neither #CARC_EVENT_POINTS nor elsewhere). */
	CARC_EVENT_BUILDING_POINTS = 0x300,
	/** + player: 1 if that player's phantom is among his figures on the
	 *  feature. */
	CARC_EVENT_PHANTOM = 0x400,
	/** A completed city: wine tokens the player who completed it took
	 *  (Traders & Builders).  @since 0.5 */
	CARC_EVENT_WINE = 10,
	/** Grain tokens, as #CARC_EVENT_WINE.  @since 0.5 */
	CARC_EVENT_GRAIN = 11,
	/** Cloth tokens, as #CARC_EVENT_WINE.  @since 0.5 */
	CARC_EVENT_CLOTH = 12,
	/** A #CARC_EVENT_GOODS event: its #carc_goods kind.  @since 0.5 */
	CARC_EVENT_GOODS_KIND = 13,
	/** + player: a #CARC_EVENT_GOODS event: that player's tokens of the
	 *  kind.  @since 0.5 */
	CARC_EVENT_TOKENS = 0x500,
};

/** Number of events of the last successful carc_game_apply(), or
 *  #CARC_E_INVALID.  @since 0.1 */
int carc_game_event_count(const struct carc_game *game);

/**
 * Read an attribute of an event.
 *
 * @param game the game
 * @param index event index, 0-based
 * @param attr a #carc_event_attr (plus the player for per-player ones)
 * @param[out] value_out the value
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL argument, index, attribute or player out of
 *         range
 * @since 0.1
 */
int carc_game_event_get(const struct carc_game *game, uint32_t index,
			uint32_t attr, int32_t *value_out);

/** @} */

/**
 * @defgroup moves Moves
 *
 * A #carc_move_t packs (doc/api/moves.md): bits 0–7 the #carc_move_kind,
 * 8–15 the figure, 16–23 the rotation, 24–31 the feature id, 32–47 x and
 * 48–63 y (int16, two's complement).  Fields a kind does not use are zero.
 * @{
 */

/** Move kinds. */
enum carc_move_kind {
	/** Place the tile in hand at (x, y) with a rotation. */
	CARC_MOVE_PLACE = 1,
	/** Put a figure from the supply on a feature of the tile at (x, y). */
	CARC_MOVE_DEPLOY = 2,
	/** Decline an optional step (deploy nothing). */
	CARC_MOVE_PASS = 3,
	/** Crop circles: the active player's choice, a #carc_crop_choice
	 *  in the figure field. */
	CARC_MOVE_CROP_CHOICE = 4,
	/** Crop circles: return the figure of that kind standing on the
	 *  feature of the tile at (x, y) to the supply. */
	CARC_MOVE_REMOVE = 5,
	/** Traders & Builders: take the builder's second tile
	 *  (#CARC_PHASE_SECOND_TILE).  No other field.  @since 0.5 */
	CARC_MOVE_SECOND_TILE = 6,
};

/** The crop-circle choices. */
enum carc_crop_choice {
	/** Everybody may add a figure next to his own of the kind. */
	CARC_CROP_DEPLOY = 1,
	/** Everybody must remove one of his figures of the kind. */
	CARC_CROP_REMOVE = 2,
};

/**
 * A tile placement.
 *
 * @return the move, or #CARC_MOVE_NONE if x or y is outside
 *         -32768…32767 or rotation above 3.
 * @since 0.1
 */
carc_move_t carc_move_place(int32_t x, int32_t y, uint32_t rotation);

/**
 * A deployment of @p figure (#CARC_FIGURE_FOLLOWER, #CARC_FIGURE_PHANTOM,
 * #CARC_FIGURE_BUILDER or #CARC_FIGURE_PIG) on @p feature of the tile at
 * (x, y).  Buildings use carc_move_build().
 *
 * @return the move, or #CARC_MOVE_NONE for arguments out of range.
 * @since 0.1
 */
carc_move_t carc_move_deploy(uint32_t figure, int32_t x, int32_t y,
			     uint32_t feature);

/** The pass move.  @since 0.1 */
carc_move_t carc_move_pass(void);

/** Take the builder's second tile (#CARC_MOVE_SECOND_TILE).  @since 0.5 */
carc_move_t carc_move_second_tile(void);

/**
 * A building: @p figure (#CARC_FIGURE_TOWER, #CARC_FIGURE_HOUSE or
 * #CARC_FIGURE_SHED) on the tile at (x, y).  Same kind as a deployment,
 * with feature 0.
 *
 * @return the move, or #CARC_MOVE_NONE for arguments out of range.
 * @since 0.1
 */
carc_move_t carc_move_build(uint32_t figure, int32_t x, int32_t y);

/**
 * The crop-circle choice @p choice (a #carc_crop_choice).
 *
 * @return the move, or #CARC_MOVE_NONE for an unknown choice.
 * @since 0.1
 */
carc_move_t carc_move_crop_choice(uint32_t choice);

/**
 * Remove (crop circles) @p figure from @p feature of the tile at (x, y).
 *
 * @return the move, or #CARC_MOVE_NONE for arguments out of range.
 * @since 0.1
 */
carc_move_t carc_move_remove(uint32_t figure, int32_t x, int32_t y,
			     uint32_t feature);

/** The #carc_move_kind of a move (0 for #CARC_MOVE_NONE).  @since 0.1 */
uint32_t carc_move_kind(carc_move_t move);

/** x of a move.  @since 0.1 */
int32_t carc_move_x(carc_move_t move);

/** y of a move.  @since 0.1 */
int32_t carc_move_y(carc_move_t move);

/** Rotation of a placement.  @since 0.1 */
uint32_t carc_move_rotation(carc_move_t move);

/** #carc_figure of a deployment or removal, or the #carc_crop_choice of
 *  a crop-circle choice.  @since 0.1 */
uint32_t carc_move_figure(carc_move_t move);

/** Feature id of a deployment.  @since 0.1 */
uint32_t carc_move_feature(carc_move_t move);

/**
 * Describe a move in words, snprintf-style, e.g. "place 1,-2 r3",
 * "deploy follower c1 at 1,-2", "pass".
 *
 * @param move the move
 * @param[out] buf buffer, NUL-terminated when @p n > 0; may be NULL when
 *             @p n is 0
 * @param n capacity of @p buf
 * @return the length of the full text (without NUL), or #CARC_E_INVALID
 *         for a malformed move.
 * @since 0.1
 */
int carc_move_describe(carc_move_t move, char *buf, size_t n);

/** @} */

/**
 * @defgroup records Game records
 *
 * A game record is a line-based text that describes a whole game: the
 * player count, every rule option, the draw order of the tiles and every
 * move in order.  doc/users/record-format.md gives its grammar; a short one:
 * @code
 * carcassonne-record 1
 * players 2
 * option farm-scoring per-field
 * tiles *=0 E=1
 * deck E
 * P0 place E 0,-1 r2
 * P0 deploy follower c1
 * scores 4 0
 * end
 * @endcode
 * Records are written by carc_game_save() and read, with every move
 * checked by carc_game_apply(), by carc_game_load().  Saving a game and
 * loading the text gives a game with the same carc_game_hash().
 * @{
 */

/**
 * Write a game record of @p game, snprintf-style.
 *
 * The record holds the rules (every option, and the tile counts that
 * differ from the defaults), the complete draw order of
 * carc_game_draw_order(), so that it replays without the PRNG, every
 * move of the history with the player who made it, and the scores.  The
 * text is plain ASCII with LF line ends.
 *
 * @code
 * int len = carc_game_save(game, NULL, 0);
 * char *text = malloc((size_t)len + 1);
 * carc_game_save(game, text, (size_t)len + 1);
 * @endcode
 *
 * @param game the game (not changed)
 * @param[out] buf buffer, NUL-terminated when @p n > 0; may be NULL when
 *             @p n is 0.  On error it holds the empty string.
 * @param n capacity of @p buf
 * @return the length of the whole text (without the NUL), of which
 *         min(length, n - 1) bytes were written; or a negative error.
 * @retval CARC_E_INVALID NULL game, NULL buffer with non-zero @p n, or a
 *         text longer than INT_MAX
 * @retval CARC_E_NOMEM out of memory
 * @since 0.1
 */
int carc_game_save(const struct carc_game *game, char *buf, size_t n);

/**
 * Read a game record and replay it.
 *
 * Every move is checked with carc_game_apply(); a record therefore loads
 * only if it describes a legal game.  A record need not be
 * NUL-terminated: exactly @p len bytes of @p text are read.
 *
 * When the record itself is at fault (any error but #CARC_E_INVALID for
 * the arguments, which writes nothing), the position of the problem and
 * a message naming it are written to the optional outputs: @p line_out (1-based),
 * @p column_out (1-based byte column of the offending word, 0 when no
 * single word is at fault) and @p msg (truncated to @p msg_len, always
 * NUL-terminated when @p msg_len > 0), e.g. line 12, column 4,
 * "illegal move: tile side does not match its neighbour".  On success
 * the line and column are set to 0 and @p msg to the empty string.
 *
 * @param text the record
 * @param len its length in bytes
 * @param[out] out the game at the end of the record, owned by the
 *             caller; untouched on failure
 * @param[out] line_out error line, or NULL
 * @param[out] column_out error column, or NULL
 * @param[out] msg buffer for the error message, or NULL when
 *             @p msg_len is 0
 * @param msg_len capacity of @p msg
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL @p out, NULL @p text with non-zero
 *         @p len, or a deck of the wrong length
 * @retval CARC_E_PARSE malformed record: a syntax error, a missing
 *         'end' line (truncated file), or recorded scores that differ
 *         from the replay, or (since 0.2) a 'discard' line naming a tile
 *         that was not the next one discarded
 * @retval CARC_E_UNKNOWN_TILE an unknown tile name, or a tile that is
 *         not left in the stack
 * @retval CARC_E_UNKNOWN_OPTION an unknown option name
 * @retval CARC_E_WRONG_PHASE a move by a player who is not to move
 * @retval CARC_E_NOMEM out of memory
 * @return any other error of carc_game_apply() for an illegal move
 * @since 0.1
 */
int carc_game_load(const char *text, size_t len, struct carc_game **out,
		   uint32_t *line_out, uint32_t *column_out, char *msg,
		   size_t msg_len);

/** @} */

/**
 * @defgroup picture The picture
 *
 * An SVG picture of a game, drawn with the geometry calls and the board
 * queries only: the board with every tile, the figures (a thief stands
 * on a road, a knight in a steel helmet with a sword in a city, a monk in
 * a robe on a monastery, a farmer lies in a field; a phantom is the same
 * shape as a pale ghost with a dashed outline), buildings, pennants
 * (white flags), crop circles, the players' scores and a legend.  Figures
 * sharing a feature of a tile stand side by side inside it, smaller when
 * they must; when they still do not fit, one figure per player stands for
 * several with a count ("x3").  Every figure carries its player's number,
 * and the default colours (Okabe-Ito's) stay apart for colour-blind eyes.
 * Every style is a presentation attribute (no CSS), so SVG renderers that
 * read attributes only, such as QtSvg, draw the same picture; the class
 * attributes only name the parts for scripts.  Since 0.5 the title counts
 * the moves shown ("after move 31" after 31 moves).  The large
 * expansions show too: the river as a blue band, inns and cathedrals, the
 * large follower, the builder and the pig (marked B and P), and the goods
 * of each city still open on its tile, with every player's goods counted
 * under his score; the legend names what the game can show.  The picture
 * is a layer a build may leave out: a library without it
 * (#CARC_HAVE_PICTURE is 0) has no carc_game_render_svg().
 * @code
 * int len = carc_game_render_svg(game, NULL, NULL, 0);
 * char *svg = malloc((size_t)len + 1);
 * carc_game_render_svg(game, NULL, svg, (size_t)len + 1);
 * @endcode
 * @{
 */

/** Flags of carc_render_options.flags. */
enum carc_render_flag {
	/** Leave out the legend under the board. */
	CARC_RENDER_NO_LEGEND = 1,
	/** Leave out the players' scores. */
	CARC_RENDER_NO_SCORES = 2,
	/** Leave out the tile names and coordinates on the tiles. */
	CARC_RENDER_NO_LABELS = 4,
	/** Outline the tile placed last. */
	CARC_RENDER_LAST_MOVE = 8,
	/** Mark every position where the tile in hand may be placed (only
	 *  at #CARC_PHASE_PLACE_TILE) and show the tile in hand. */
	CARC_RENDER_PLACEMENTS = 16,
	/** Highlight the board-level feature containing feature_id of the
	 *  tile at (feature_x, feature_y), on every tile it spans. */
	CARC_RENDER_FEATURE = 32,
};

/** Marks a colour of carc_render_options.colours as set:
 *  `CARC_RENDER_COLOUR | 0xRRGGBB`. */
#define CARC_RENDER_COLOUR 0x1000000

/**
 * Options of carc_game_render_svg().  Zero it, set @c size to
 * `sizeof(struct carc_render_options)` and change what you need: zero
 * members mean the defaults, which NULL options also give.
 */
struct carc_render_options {
	/** sizeof(struct carc_render_options), for growth. */
	uint32_t size;
	/** Pixels per tile side, 16 to 512; 0 gives 100. */
	uint32_t tile_size;
	/** #carc_render_flag bits. */
	uint32_t flags;
	/** With #CARC_RENDER_FEATURE: the tile and feature id naming the
	 *  board-level feature to highlight. */
	int32_t feature_x;
	/** See feature_x. */
	int32_t feature_y;
	/** See feature_x. */
	uint32_t feature_id;
	/** Player colours: 0 for the default of that seat, or
	 *  #CARC_RENDER_COLOUR | 0xRRGGBB. */
	uint32_t colours[6];
};

/**
 * Draw @p game as an SVG document, snprintf-style.
 *
 * The text is a complete, valid XML document (UTF-8, LF line ends) and
 * depends only on the game and the options: the same input gives the
 * same bytes on every platform.  Its size in pixels is the board's extent
 * times @c tile_size plus the margins, the scores and the legend.
 *
 * @param game the game (not changed)
 * @param options NULL for the defaults, or options with @c size set
 * @param[out] buf buffer, NUL-terminated when @p n > 0; may be NULL when
 *             @p n is 0.  On error it holds the empty string.
 * @param n capacity of @p buf
 * @return the length of the whole text (without the NUL), of which
 *         min(length, n - 1) bytes were written; or a negative error.
 * @retval CARC_E_INVALID NULL game, NULL buffer with non-zero @p n, a
 *         @c size other than sizeof(struct carc_render_options), a
 *         @c tile_size outside 16 to 512, unknown flag bits, a colour
 *         that is neither 0 nor #CARC_RENDER_COLOUR | 0xRRGGBB, a
 *         highlighted feature that is not on the board, or a text longer
 *         than INT_MAX
 * @retval CARC_E_NOMEM out of memory
 * @since 0.2
 */
int carc_game_render_svg(const struct carc_game *game,
			 const struct carc_render_options *options,
			 char *buf, size_t n);

/**
 * The colour the picture gives a seat by default (a zero entry of
 * carc_render_options.colours) and its English name, for a front end
 * that shows the players' colours beside the picture.
 *
 * @code
 * uint32_t rgb;
 * char name[16];
 * carc_render_default_colour(4, &rgb, name, sizeof(name));
 * // rgb 0x56b4e9, name "sky blue"
 * @endcode
 *
 * @param seat the player, 0 to 5
 * @param[out] rgb the colour as 0xRRGGBB; may be NULL
 * @param[out] name buffer for the colour's name, NUL-terminated when
 *             @p n > 0; may be NULL when @p n is 0.  On error it holds the
 *             empty string.
 * @param n capacity of @p name
 * @return the length of the name (without the NUL), of which
 *         min(length, n - 1) bytes were written; or a negative error.
 * @retval CARC_E_INVALID @p seat above 5, or NULL @p name with non-zero
 *         @p n (nothing is written to @p rgb)
 * @since 0.5
 */
int carc_render_default_colour(uint32_t seat, uint32_t *rgb, char *name,
			       size_t n);

/** @} */

/**
 * @defgroup words Words
 *
 * English sentences about the game for a front end's menus and log: what
 * a feature is, where it lies, what it is worth now and who holds it;
 * what a move does; what a scoring gave.  The text is plain ASCII, one
 * line without a final newline, written snprintf-style like
 * carc_move_describe().  The wording may improve between versions: show
 * it to people, do not parse it.
 * @code
 * char line[256];
 * carc_game_explain_move(game, move, line, sizeof(line));
 * // "put a follower on the city on the north edge at 1,0: 1 tile,
 * //  1 open side, worth 2 as it stands"
 * @endcode
 * @{
 */

/**
 * A feature of a tile placed with @p rotation in words, snprintf-style:
 * the place it takes on the tile, e.g. "the city on the north and south
 * edges, with a pennant", "the road from east to west", "the field to the
 * north", "the field north-west and south-east", "the monastery".  Sides
 * are those of the tile as turned.
 *
 * @param tile a #carc_tile
 * @param rotation 0 to 3
 * @param feature a feature id of the tile
 * @param[out] buf buffer, NUL-terminated when @p n > 0; may be NULL when
 *             @p n is 0.  On error it holds the empty string.
 * @param n capacity of @p buf
 * @return the length of the whole text (without the NUL), of which
 *         min(length, n - 1) bytes were written; or a negative error.
 * @retval CARC_E_UNKNOWN_TILE unknown tile type
 * @retval CARC_E_NO_FEATURE the tile has no such feature
 * @retval CARC_E_INVALID rotation above 3, or NULL @p buf with non-zero
 *         @p n
 * @since 0.5
 */
int carc_tile_describe_feature(uint32_t tile, uint32_t rotation,
			       uint32_t feature, char *buf, size_t n);

/**
 * The board-level feature containing @p feature of the tile at (x, y) in
 * words, snprintf-style: the piece on that tile (as
 * carc_tile_describe_feature()) and its position, then the whole
 * feature's size and value now (the #CARC_FEATURE_ATTR_VALUE of
 * carc_game_feature_get()) and the players whose figures stand on it, e.g.
 * "the city on the north and south edges at 1,0, with a pennant: 2 tiles,
 * 1 pennant, 1 open side, worth 3 as it stands; taken by P0 with 2
 * followers and P1".
 *
 * @param game the game (not changed)
 * @param x, y a placed tile
 * @param feature a feature id of that tile
 * @param[out] buf buffer, NUL-terminated when @p n > 0; may be NULL when
 *             @p n is 0.  On error it holds the empty string.
 * @param n capacity of @p buf
 * @return the length of the whole text (without the NUL), or
 * @retval CARC_E_NOT_FOUND no tile at (x, y)
 * @retval CARC_E_NO_FEATURE the tile has no such feature
 * @retval CARC_E_INVALID NULL game, or NULL @p buf with non-zero @p n
 * @since 0.5
 */
int carc_game_describe_feature(const struct carc_game *game, int32_t x,
			       int32_t y, uint32_t feature, char *buf,
			       size_t n);

/**
 * What @p move does when made in the position of @p game (before
 * carc_game_apply()), in words, snprintf-style, e.g. "place tile E at
 * 1,0, turned half a turn (r2)", "put a follower on " followed by
 * carc_game_describe_feature() of the feature, "build a tower on the tile
 * at 1,0", "pass: put no figure on the tile", "crop circle: every player
 * may add a follower beside one of his in cities", "take the second tile
 * the builder gives: draw and place another tile", "place tile RI-7 at
 * 1,0, turned as drawn (r0); the river flows on to the east".  The move
 * need not be legal there, but a deployment or removal must name a placed
 * tile.
 *
 * @param game the position the move is made in (not changed)
 * @param move a well-formed move
 * @param[out] buf buffer, NUL-terminated when @p n > 0; may be NULL when
 *             @p n is 0.  On error it holds the empty string.
 * @param n capacity of @p buf
 * @return the length of the whole text (without the NUL), or
 * @retval CARC_E_NOT_FOUND a deployment or removal on no placed tile
 * @retval CARC_E_NO_FEATURE that tile has no such feature
 * @retval CARC_E_INVALID NULL game, a malformed move
 *         (#CARC_MOVE_NONE included), or NULL @p buf with non-zero @p n
 * @since 0.5
 */
int carc_game_explain_move(const struct carc_game *game, carc_move_t move,
			   char *buf, size_t n);

/**
 * The @p index-th scoring event of the last carc_game_apply() in words,
 * snprintf-style, e.g. "the city at 1,0, completed with 3 tiles: P0
 * scores 8", "the road at 2,1, unfinished at the end with 2 tiles: P0
 * scores 2, P1 scores 2", "the farm at 0,1 (2 completed cities): P1
 * scores 6", "... : nobody scores".  The expansions add what changed the
 * points and where the goods went: "the road at 2,0, completed with 4
 * tiles and an inn (2 a tile): P0 scores 8", "the city at 1,-1, completed
 * with 3 tiles: P0 scores 6; P1, who completed it, takes 1 wine", "the
 * wine tokens at the end: P0 holds 1, P1 holds 1, a tie for the most: P0
 * scores 10, P1 scores 10".
 *
 * @param game the game (not changed)
 * @param index 0 to carc_game_event_count() - 1
 * @param[out] buf buffer, NUL-terminated when @p n > 0; may be NULL when
 *             @p n is 0.  On error it holds the empty string.
 * @param n capacity of @p buf
 * @return the length of the whole text (without the NUL), or
 * @retval CARC_E_INVALID NULL game, index out of range, or NULL @p buf
 *         with non-zero @p n
 * @since 0.5
 */
int carc_game_describe_event(const struct carc_game *game, uint32_t index,
			     char *buf, size_t n);

/**
 * Why carc_game_apply() would refuse @p move now, in words,
 * snprintf-style: the empty string when the move is legal; otherwise
 * carc_strerror() of the code carc_game_apply() would return, followed,
 * where the rules or the decision point tell more, by ": " and what they
 * ask, naming the option where an option decides it.  A front end shows
 * it to a player whose move was refused, a record loader to its reader.
 * Examples:
 * - "not allowed by the rules in force: the builder goes only onto a
 *   road or city of the tile just placed that holds one of your
 *   followers"
 * - "not allowed by the rules in force: the pig goes only into a field
 *   of the tile just placed that holds one of your farmers"
 * - "not allowed by the rules in force: the river may not turn back on
 *   itself (option river-u-turn)"
 * - "not allowed by the rules in force: no figure goes into a field:
 *   farmers are not in play (option farmers 0)"
 * - "not allowed by the rules in force: the builder may not go onto a
 *   road or city that the tile just placed completes (option
 *   builder-on-completed 0)"
 * - "not allowed by the rules in force: buildings come only with Little
 *   Buildings (option little-buildings 0)"
 * - "not allowed by the rules in force: the crop circle adds a follower
 *   only to cities that hold one of yours (option crop-deploy-any 0)"
 * - "move not allowed at this decision point: P1 is to place tile E
 *   (phase place-tile)"
 * - "move not allowed at this decision point: the phantom does not
 *   follow the builder or the pig in the same turn (option
 *   phantom-with-figure 0); P1 is to place tile E (phase place-tile)"
 * - "tile side does not match its neighbour" (no more to say)
 *
 * A malformed move gives "invalid argument", as carc_game_apply() refuses
 * it with #CARC_E_INVALID.  The game is not changed (the code is found on
 * a clone).
 *
 * @param game the position the move would be made in (not changed)
 * @param move any move
 * @param[out] buf buffer, NUL-terminated when @p n > 0; may be NULL when
 *             @p n is 0.  On error it holds the empty string.
 * @param n capacity of @p buf
 * @return the length of the whole text (without the NUL), 0 for a legal
 *         move, or
 * @retval CARC_E_NOMEM no memory for the clone
 * @retval CARC_E_INVALID NULL game, or NULL @p buf with non-zero @p n
 * @since 0.5
 */
int carc_game_explain_refusal(const struct carc_game *game,
			      carc_move_t move, char *buf, size_t n);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* CARCASSONNE_H */
