/* SPDX-License-Identifier: MIT */
/**
 * @file learn.h
 * @brief libcarcassonne's learning interface: a fixed action space, action
 * masks, observation tensors and batched stepping for reinforcement
 * learning, shared by every binding.
 *
 * doc/api/observation.md describes every action index, observation plane and
 * vector entry, and the measured board sizes behind the window.  In short:
 *
 * - struct carc_learn is made for one rule set, one player count and a
 *   square window of W x W board cells (W odd, default
 *   #CARC_LEARN_WINDOW_DEFAULT, 2 more for each expansion of 0.5).  The window follows the board: its
 *   centre cell is the centre of the board's bounding box, rounded down,
 *   at the moment of the call (carc_learn_window()).
 * - Every legal move inside the window has exactly one action index in
 *   0 … n_actions - 1, and every index names at most one move
 *   (carc_learn_move_to_action(), carc_learn_action_to_move()).  A legal
 *   move outside the window has no index: the mask cannot offer it.  When
 *   no legal move of a decision point has an index, the mask offers the
 *   single fallback action (carc_learn_shape::fallback_first) instead, which plays
 *   the first legal move in canonical order; so a game can always be
 *   played to its end through actions alone.
 * - Masks are uint8 (1 legal, 0 not), observations are uint8 planes
 *   [n_planes][W][W] (row-major: plane, then row north to south, then
 *   column west to east) and an int32 vector of vector_length entries
 *   (#CARC_LEARN_VEC_LENGTH, or #CARC_LEARN_VEC_LENGTH_MAX with the
 *   expansions of layout 2, carc_learn_layout::layout_version)
 *   entries, all written into caller buffers so that a binding wraps
 *   its own arrays (numpy) without copying.  carc_learn_shape() gives
 *   the sizes and dtypes.
 * - Observations are from one player's point of view (his planes and
 *   entries first) and hold no hidden information: not the draw order,
 *   only the public count of tiles left of each type.
 * - carc_learn_step_batch() steps many games with one call and writes
 *   rewards (score changes), done flags, masks and observations.
 *
 * A struct carc_learn holds scratch memory so that masks, observations
 * and steps never allocate: use one per thread.  Every call checks that a
 * game has the learn object's player count and rules (same options and
 * tile counts).
 *
 * This header includes carcassonne.h and follows its conventions: a
 * negative #carc_error on failure, outputs written only on success, a
 * failed call changes nothing, structs begin with a @c size field.
 */
#ifndef CARCASSONNE_LEARN_H
#define CARCASSONNE_LEARN_H

#include "carcassonne.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup learn Learning interface
 * @{
 */

/** The action space, scratch memory and layout for one rule set, player
 *  count and window.  Mutable (scratch): one thread at a time. */
struct carc_learn;

/** The default window side W of rules without The River, Inns &
 *  Cathedrals and Traders & Builders (observation layout 1): 25 cells, a
 *  reach of 12 from the centre, which holds every placement of 100,000
 *  random base games and of all but 6 of 100,000 random games with the
 *  four expansions of 0.3 (doc/api/observation.md, "The window").  Since
 *  0.5 each of the three expansions of 0.5 the rules have adds a ring of
 *  cells (2 to the side: 27, 29 or 31), so that the default holds every
 *  placement of at least 99.99 % of random games of each rule set
 *  measured. */
#define CARC_LEARN_WINDOW_DEFAULT 25

/** Smallest window side accepted. */
#define CARC_LEARN_WINDOW_MIN 3

/** Largest window side accepted. */
#define CARC_LEARN_WINDOW_MAX 101

/** The player argument of carc_learn_observe() that means "the player
 *  to move" (carc_game_current_player()). */
#define CARC_LEARN_TO_MOVE 0xffffffffu

/**
 * Options of carc_learn_new().  Zero it and set @c size to
 * `sizeof(struct carc_learn_options)`; zero members give the defaults,
 * as do NULL options.
 */
struct carc_learn_options {
	/** sizeof(struct carc_learn_options), for growth. */
	uint32_t size;
	/** Window side W, odd, #CARC_LEARN_WINDOW_MIN to
	 *  #CARC_LEARN_WINDOW_MAX; 0 gives the default of the rules:
	 *  #CARC_LEARN_WINDOW_DEFAULT plus 2 for each of The River, Inns &
	 *  Cathedrals and Traders & Builders they have (25 to 31). */
	uint32_t window;
	/** Reserved, must be 0. */
	uint32_t flags;
};

/** The newest observation layout this header describes
 *  (carc_learn_layout::layout_version): 2 since 0.5.  Layout 1 (rules
 *  without The River, Inns & Cathedrals and Traders & Builders) is
 *  unchanged since 0.3; layout 2 appends the expansion planes
 *  (#carc_learn_ext_plane) and vector entries (#CARC_LEARN_VEC_EXT).
 *  @since 0.5 */
#define CARC_LEARN_LAYOUT_VERSION 2

/** Element types of the arrays (carc_learn_shape). */
enum carc_learn_dtype {
	/** uint8_t */
	CARC_LEARN_UINT8 = 1,
	/** int32_t, native byte order */
	CARC_LEARN_INT32 = 2,
};

/**
 * Sizes, element types and the action layout of a learn object, filled
 * by carc_learn_shape().  Set @c size to `sizeof(struct
 * carc_learn_shape)` before the call.
 *
 * The action space is the concatenation of the sections below, in this
 * order, except that the sections added in 0.5 (large follower, builder,
 * pig, second tile; struct carc_learn_layout) come after the crop
 * responses and before the fallback, which is always the last index; a
 * section the rules do not use has count 0 (its @c first is the index
 * where it would start), so the indices of rules without the expansions
 * of 0.5 are those of 0.3.  doc/api/observation.md ("Actions") gives
 * each section's index formula.
 */
struct carc_learn_shape {
	/** sizeof(struct carc_learn_shape), set by the caller. */
	uint32_t size;
	/** Number of players of the games. */
	uint32_t players;
	/** Window side W: the planes are W x W. */
	uint32_t window;
	/** Actions: the length of a mask. */
	uint32_t n_actions;
	/** Observation planes: planes are n_planes x W x W. */
	uint32_t n_planes;
	/** Entries of the observation vector: #CARC_LEARN_VEC_LENGTH
	 *  (layout 1), #CARC_LEARN_VEC_LENGTH_MAX (layout 2). */
	uint32_t vector_length;
	/** Element type of masks (#CARC_LEARN_UINT8). */
	uint32_t mask_dtype;
	/** Element type of planes (#CARC_LEARN_UINT8). */
	uint32_t plane_dtype;
	/** Element type of the vector (#CARC_LEARN_INT32). */
	uint32_t vector_dtype;
	/** Element type of rewards and scores (#CARC_LEARN_INT32). */
	uint32_t reward_dtype;
	/** K: the most features a tile type of the rules has; the feature
	 *  slots of the deployment and crop sections. */
	uint32_t features_per_tile;
	/** First index of: placements: W x W x 4, (row * W + col) * 4 + rotation. */
	uint32_t place_first;
	/** Number of actions of that section. */
	uint32_t place_count;
	/** First index of: follower on feature slot k of the tile just placed: K. */
	uint32_t follower_first;
	/** Number of actions of that section. */
	uint32_t follower_count;
	/** First index of: phantom on feature slot k of the tile just placed: K with The
	 *  Phantom, else 0. */
	uint32_t phantom_first;
	/** Number of actions of that section. */
	uint32_t phantom_count;
	/** First index of: tower, house, shed on the tile just placed: 3 with Little
	 *  Buildings, else 0. */
	uint32_t build_first;
	/** Number of actions of that section. */
	uint32_t build_count;
	/** First index of: the pass move: 1. */
	uint32_t pass_first;
	/** Number of actions of that section. */
	uint32_t pass_count;
	/** First index of: crop-circle choice deploy, remove: 2 with either Crop Circles
	 *  set, else 0. */
	uint32_t crop_choice_first;
	/** Number of actions of that section. */
	uint32_t crop_choice_count;
	/** First index of: crop-circle response naming a figure's place, W x W x K x F with
	 *  either Crop Circles set (F = 2 with The Phantom: follower,
	 *  phantom; else 1), else 0:
	 *  ((row * W + col) * K + slot) * F + figure - 1. */
	uint32_t crop_response_first;
	/** Number of actions of that section. */
	uint32_t crop_response_count;
	/** First index of: the fallback action: 1, the last index. */
	uint32_t fallback_first;
	/** Number of actions of that section. */
	uint32_t fallback_count;
};

/**
 * What carc_learn_shape() does not say since the expansions of 0.5: the
 * observation layout and the action sections of The River, Inns &
 * Cathedrals and Traders & Builders, filled by carc_learn_layout().
 * Set @c size to `sizeof(struct carc_learn_layout)` before the call.
 * Sections follow carc_learn_shape's: @c first and @c count, count 0
 * when the rules lack the expansion.
 * @since 0.5
 */
struct carc_learn_layout {
	/** sizeof(struct carc_learn_layout), set by the caller. */
	uint32_t size;
	/** The observation layout (#CARC_LEARN_LAYOUT_VERSION): 1 for rules
	 *  without The River, Inns & Cathedrals and Traders & Builders
	 *  (exactly the layout of 0.3), 2 with any of them (the layout of
	 *  1 and the expansion planes and vector entries after it). */
	uint32_t layout_version;
	/** First plane of the expansion planes (#carc_learn_ext_plane),
	 *  after the per-player blocks: 33 + 6 x players. */
	uint32_t ext_plane_first;
	/** Number of expansion planes: 9 + 3 x players with layout 2, else
	 *  0. */
	uint32_t ext_plane_count;
	/** First index of: the large follower (Inns & Cathedrals) on
	 *  feature slot k of the tile just placed: K with Inns &
	 *  Cathedrals, else 0. */
	uint32_t large_follower_first;
	/** Number of actions of that section. */
	uint32_t large_follower_count;
	/** First index of: the builder (Traders & Builders) on feature slot
	 *  k of the tile just placed: K with Traders & Builders, else 0. */
	uint32_t builder_first;
	/** Number of actions of that section. */
	uint32_t builder_count;
	/** First index of: the pig (Traders & Builders) on feature slot k
	 *  of the tile just placed: K with Traders & Builders, else 0. */
	uint32_t pig_first;
	/** Number of actions of that section. */
	uint32_t pig_count;
	/** First index of: take the builder's second tile
	 *  (#CARC_PHASE_SECOND_TILE): 1 with Traders & Builders and
	 *  #CARC_BUILDER_TURN_OPTIONAL, else 0. */
	uint32_t second_tile_first;
	/** Number of actions of that section. */
	uint32_t second_tile_count;
};

/**
 * Observation planes: index of each plane in [n_planes].  Planes from
 * #CARC_LEARN_PLANE_PLAYERS on come in blocks of
 * #CARC_LEARN_PLANES_PER_PLAYER, one block per player, the observing
 * player's first, then the players after him in turn order.  Values are
 * 0 or 1 unless said otherwise; cells off the board are 0.
 */
enum carc_learn_plane {
	/** A tile lies here. */
	CARC_LEARN_PLANE_TILE = 0,
	/** The tile placed last (the tile just placed while deploying). */
	CARC_LEARN_PLANE_LAST = 1,
	/** The start tile, at (0, 0). */
	CARC_LEARN_PLANE_START = 2,
	/** 12 planes: side s (N, E, S, W) of the tile here is of edge type
	 *  e (#carc_edge, city 1, road 2, field 3): plane
	 *  EDGES + 3 * s + e - 1. */
	CARC_LEARN_PLANE_EDGES = 3,
	/** The tile here has a monastery. */
	CARC_LEARN_PLANE_MONASTERY = 15,
	/** Pennants on the tile here (0 to 2). */
	CARC_LEARN_PLANE_PENNANTS = 16,
	/** 3 planes: the tile's crop-circle symbol, pitchfork, club,
	 *  shield. */
	CARC_LEARN_PLANE_SYMBOL = 17,
	/** A city of the tile here belongs to a completed city. */
	CARC_LEARN_PLANE_CITY_DONE = 20,
	/** A road of the tile here belongs to a completed road. */
	CARC_LEARN_PLANE_ROAD_DONE = 21,
	/** The tile's monastery is complete (all 8 neighbours placed). */
	CARC_LEARN_PLANE_MONASTERY_DONE = 22,
	/** An empty position next to the board (a tile may go here). */
	CARC_LEARN_PLANE_OPEN = 23,
	/** 4 planes: while placing a tile, the tile in hand may be placed
	 *  here with rotation r (plane FITS + r); 0 at other decision
	 *  points. */
	CARC_LEARN_PLANE_FITS = 24,
	/** 3 planes: a tower, house, shed stands on the tile here. */
	CARC_LEARN_PLANE_BUILDINGS = 28,
	/** The tile type + 1 (#carc_tile; 0: no tile). */
	CARC_LEARN_PLANE_TILE_TYPE = 31,
	/** The tile's rotation + 1 (0: no tile). */
	CARC_LEARN_PLANE_ROTATION = 32,
	/** First per-player plane. */
	CARC_LEARN_PLANE_PLAYERS = 33,
};

/**
 * Expansion planes (layout 2: rules with The River, Inns & Cathedrals or
 * Traders & Builders): plane carc_learn_layout::ext_plane_first + one of
 * these.  Planes from #CARC_LEARN_XP_PLAYERS on come in blocks of
 * #CARC_LEARN_XPP_PER_PLAYER, one block per player in the order of the
 * per-player blocks (the observing player's first).  @since 0.5
 */
enum carc_learn_ext_plane {
	/** A road of the tile here has an inn. */
	CARC_LEARN_XP_INN = 0,
	/** A city of the tile here has a cathedral. */
	CARC_LEARN_XP_CATHEDRAL = 1,
	/** 3 planes: goods symbols wine, grain, cloth on the tile here
	 *  (#carc_goods: plane XP_GOODS + goods - 1; 0 to 2). */
	CARC_LEARN_XP_GOODS = 2,
	/** 4 planes: side s (N, E, S, W) of the tile here, as placed, is a
	 *  river side (plane XP_RIVER + s). */
	CARC_LEARN_XP_RIVER = 5,
	/** First per-player expansion plane. */
	CARC_LEARN_XP_PLAYERS = 9,
};

/** Planes in each player's expansion block, at ext_plane_first +
 *  #CARC_LEARN_XP_PLAYERS + block * #CARC_LEARN_XPP_PER_PLAYER + one of
 *  these.  @since 0.5 */
enum carc_learn_ext_player_plane {
	/** The player's large follower stands on the tile here. */
	CARC_LEARN_XPP_LARGE_FOLLOWER = 0,
	/** The player's builder stands on the tile here. */
	CARC_LEARN_XPP_BUILDER = 1,
	/** The player's pig stands on the tile here. */
	CARC_LEARN_XPP_PIG = 2,
	/** Planes per player. */
	CARC_LEARN_XPP_PER_PLAYER = 3,
};

/** Planes in each player's block, at #CARC_LEARN_PLANE_PLAYERS +
 *  block * #CARC_LEARN_PLANES_PER_PLAYER + one of these. */
enum carc_learn_player_plane {
	/** The player's followers standing on the tile here (0 to 9). */
	CARC_LEARN_PP_FOLLOWERS = 0,
	/** The player's phantom stands on the tile here. */
	CARC_LEARN_PP_PHANTOM = 1,
	/** A city of the tile here belongs to a city whose figures give
	 *  the player a majority (he would score it now). */
	CARC_LEARN_PP_CITY = 2,
	/** The same for roads. */
	CARC_LEARN_PP_ROAD = 3,
	/** The same for fields. */
	CARC_LEARN_PP_FIELD = 4,
	/** The same for the monastery. */
	CARC_LEARN_PP_MONASTERY = 5,
	/** Planes per player. */
	CARC_LEARN_PLANES_PER_PLAYER = 6,
};

/**
 * Entries of the observation vector (int32).  Per-player entries come
 * in groups of #CARC_LEARN_VEC_SEATS, the observing player's first,
 * then the players after him in turn order; entries of seats beyond the
 * player count are 0.  One-hot groups have a 1 at the entry named.
 */
enum carc_learn_vec {
	/** Seats of the per-player groups. */
	CARC_LEARN_VEC_SEATS = 6,
	/** Scores. */
	CARC_LEARN_VEC_SCORES = 0,
	/** Followers in supply. */
	CARC_LEARN_VEC_FOLLOWERS = 6,
	/** Phantoms in supply (0 or 1). */
	CARC_LEARN_VEC_PHANTOMS = 12,
	/** Towers in supply. */
	CARC_LEARN_VEC_TOWERS = 18,
	/** Houses in supply. */
	CARC_LEARN_VEC_HOUSES = 24,
	/** Sheds in supply. */
	CARC_LEARN_VEC_SHEDS = 30,
	/** 1 for each seat in the game. */
	CARC_LEARN_VEC_PRESENT = 36,
	/** One-hot: the player to move. */
	CARC_LEARN_VEC_TO_MOVE = 42,
	/** One-hot over the 6 #carc_phase values 1 … 6: entry PHASE +
	 *  phase - 1. */
	CARC_LEARN_VEC_PHASE = 48,
	/** One-hot over the 36 tile types: the tile in hand, or the tile
	 *  just placed while deploying (none after the game). */
	CARC_LEARN_VEC_TILE = 54,
	/** One-hot: the rotation of the tile just placed (none while placing
	 *  or after the game). */
	CARC_LEARN_VEC_ROTATION = 90,
	/** 36 entries: tiles of each type left in the stack (public). */
	CARC_LEARN_VEC_REMAINING = 94,
	/** Tiles left in the stack. */
	CARC_LEARN_VEC_REMAINING_TOTAL = 130,
	/** One-hot: the crop-circle action chosen (deploy, remove) during
	 *  the responses. */
	CARC_LEARN_VEC_CROP_ACTION = 131,
	/** One-hot: the symbol (pitchfork, club, shield) of the tile just
	 *  placed during the crop-circle choice and responses. */
	CARC_LEARN_VEC_CROP_SYMBOL = 133,
	/** Tiles on the board, the start tile included. */
	CARC_LEARN_VEC_TILES_PLACED = 136,
	/** Tiles discarded because they fit nowhere. */
	CARC_LEARN_VEC_DISCARDS = 137,
	/** Board x, y of window cell (0, 0), the north-west corner. */
	CARC_LEARN_VEC_WINDOW_X = 138,
	/** See #CARC_LEARN_VEC_WINDOW_X. */
	CARC_LEARN_VEC_WINDOW_Y = 139,
	/** Width and height of the board's bounding box. */
	CARC_LEARN_VEC_BOARD_WIDTH = 140,
	/** See #CARC_LEARN_VEC_BOARD_WIDTH. */
	CARC_LEARN_VEC_BOARD_HEIGHT = 141,
	/** Column and row of the tile placed last in the window (-1, -1 if
	 *  outside). */
	CARC_LEARN_VEC_LAST_COL = 142,
	/** See #CARC_LEARN_VEC_LAST_COL. */
	CARC_LEARN_VEC_LAST_ROW = 143,
	/** 16 entries: the value of rule option o (#carc_option 1 … 16) at
	 *  RULES + o - 1. */
	CARC_LEARN_VEC_RULES = 144,
	/** Entries in all of layout 1 (carc_learn_shape::vector_length of
	 *  rules without The River, Inns & Cathedrals and Traders &
	 *  Builders). */
	CARC_LEARN_VEC_LENGTH = 160,
	/* Layout 2 (@since 0.5): the entries above, then these. */
	/** First entry of layout 2's extension.  @since 0.5 */
	CARC_LEARN_VEC_EXT = 160,
	/** Large followers in supply (0 or 1).  @since 0.5 */
	CARC_LEARN_VEC_LARGE_FOLLOWERS = 160,
	/** Builders in supply (0 or 1).  @since 0.5 */
	CARC_LEARN_VEC_BUILDERS = 166,
	/** Pigs in supply (0 or 1).  @since 0.5 */
	CARC_LEARN_VEC_PIGS = 172,
	/** 18 entries: goods tokens held, 3 groups of seats, wine, grain,
	 *  cloth: entry GOODS + 6 * (goods - 1) + seat.  @since 0.5 */
	CARC_LEARN_VEC_GOODS = 178,
	/** 2 entries, one-hot: the #carc_phase values 7 and 8 (7 is
	 *  #CARC_PHASE_SECOND_TILE; 8 is reserved).  @since 0.5 */
	CARC_LEARN_VEC_PHASE_EXT = 196,
	/** 51 entries, one-hot: the tile types 36 … 86 (RI-1 … TB-24)
	 *  as #CARC_LEARN_VEC_TILE for 0 … 35.
	 *  @since 0.5 */
	CARC_LEARN_VEC_TILE_EXT = 198,
	/** 51 entries: tiles of the types 36 … 86 left in the stack, as
	 *  #CARC_LEARN_VEC_REMAINING for 0 … 35.  @since 0.5 */
	CARC_LEARN_VEC_REMAINING_EXT = 249,
	/** 16 entries: the value of rule option o (#carc_option 17 … 32;
	 *  0 for numbers no option has) at RULES_EXT + o - 17.
	 *  @since 0.5 */
	CARC_LEARN_VEC_RULES_EXT = 300,
	/** 2 entries: the part of the active player's turn
	 *  (carc_game_turn_part()), one-hot: TURN_PART + 0 is 1 in a first
	 *  part that has earned the builder's second tile
	 *  (#CARC_TURN_FIRST_BUILDER), TURN_PART + 1 in the second part
	 *  (#CARC_TURN_SECOND, no third tile); both 0 in any other turn
	 *  and after the end.  @since 0.5 */
	CARC_LEARN_VEC_TURN_PART = 316,
	/** Entries in all of layout 2, the longest vector.  @since 0.5 */
	CARC_LEARN_VEC_LENGTH_MAX = 318,
};

/**
 * Create a learn object for games of @p rules with @p n_players.
 *
 * @param rules the rules (not referenced afterwards: the object keeps a
 *        copy of what it needs and takes a reference)
 * @param n_players 2 to 6
 * @param options NULL, or options with @c size set
 * @param[out] out the new object, owned by the caller
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL argument, player count out of range, bad
 *         @c size, an even window or one out of range, flags set
 * @retval CARC_E_NOMEM out of memory
 * @since 0.3
 */
int carc_learn_new(const struct carc_rules *rules, uint32_t n_players,
		   const struct carc_learn_options *options,
		   struct carc_learn **out);

/** Release a learn object.  NULL does nothing.  @since 0.3 */
void carc_learn_free(struct carc_learn *learn);

/**
 * Sizes, element types and action layout.
 *
 * @param learn the learn object
 * @param[out] shape filled in; its @c size must be set
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL argument or @c size other than
 *         sizeof(struct carc_learn_shape)
 * @since 0.3
 */
int carc_learn_shape(const struct carc_learn *learn,
		     struct carc_learn_shape *shape);

/**
 * The observation layout and the action sections of the expansions of
 * 0.5 (struct carc_learn_layout).
 *
 * @param learn the learn object
 * @param[out] layout filled in; its @c size must be set
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL argument or @c size other than
 *         sizeof(struct carc_learn_layout)
 * @since 0.5
 */
int carc_learn_layout(const struct carc_learn *learn,
		      struct carc_learn_layout *layout);

/**
 * The board position of window cell (0, 0) (the north-west corner) for
 * @p game now: cell (col, row) is board position (x0 + col, y0 + row).
 * The centre cell (W / 2, W / 2) is ((min_x + max_x) / 2, (min_y +
 * max_y) / 2) of carc_game_bounds(), both rounded down.
 *
 * @param learn the learn object
 * @param game a game of its rules and player count
 * @param[out] x0_out, y0_out the position; either may be NULL
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL learn or game, or a game of other rules
 *         or another player count
 * @since 0.3
 */
int carc_learn_window(struct carc_learn *learn, const struct carc_game *game,
		      int32_t *x0_out, int32_t *y0_out);

/**
 * The move an action names at the current decision point of @p game.
 * The action need not be legal (the mask says which are): a placement
 * action gives its placement whether or not the tile fits there.
 *
 * @param learn the learn object
 * @param game a game of its rules and player count
 * @param action 0 to n_actions - 1
 * @param[out] move_out the move
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL argument, action out of range, or a game
 *         of other rules or another player count
 * @retval CARC_E_GAME_OVER the game is over
 * @retval CARC_E_WRONG_PHASE the action's section does not belong to the
 *         current decision point (a placement while deploying, …)
 * @retval CARC_E_NOT_FOUND the action names nothing here: a feature slot
 *         past the tile's features, a crop response on an empty cell, the
 *         fallback when it is not offered, or a board position beyond
 *         the move encoding
 * @since 0.3
 */
int carc_learn_action_to_move(struct carc_learn *learn,
			      const struct carc_game *game, uint32_t action,
			      carc_move_t *move_out);

/**
 * The action index of a move at the current decision point of @p game.
 * The move need not be legal, only of the current decision point;
 * for every legal move with an index, carc_learn_action_to_move() of the
 * index gives the move back.
 *
 * @param learn the learn object
 * @param game a game of its rules and player count
 * @param move a move
 * @param[out] action_out the action index
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL argument, malformed move, or a game of
 *         other rules or another player count
 * @retval CARC_E_GAME_OVER the game is over
 * @retval CARC_E_WRONG_PHASE the move does not belong to the current
 *         decision point
 * @retval CARC_E_NOT_FOUND the move has no index: outside the window, a
 *         feature the tile does not have, a figure kind the action
 *         space does not hold
 * @since 0.3
 */
int carc_learn_move_to_action(struct carc_learn *learn,
			      const struct carc_game *game, carc_move_t move,
			      uint32_t *action_out);

/**
 * The action mask of the current decision point: @p mask[a] = 1 if
 * action a names a legal move (or is the fallback on offer), else 0.
 * Allocates nothing.
 *
 * @param learn the learn object
 * @param game a game of its rules and player count
 * @param[out] mask n_actions bytes
 * @param n capacity of @p mask, at least n_actions
 * @return the number of actions set (0 only once the game is over), or
 * @retval CARC_E_INVALID NULL argument, @p n too small, or a game of
 *         other rules or another player count
 * @since 0.3
 */
int carc_learn_mask(struct carc_learn *learn, const struct carc_game *game,
		    uint8_t *mask, size_t n);

/**
 * The observation of @p game for @p player: planes and vector as
 * doc/api/observation.md describes.  Either buffer may be NULL (with its
 * size 0) to skip it.  Allocates nothing.
 *
 * @param learn the learn object
 * @param game a game of its rules and player count
 * @param player the observing player, or #CARC_LEARN_TO_MOVE
 * @param[out] planes n_planes x W x W bytes, or NULL
 * @param n_planes_bytes capacity of @p planes in bytes
 * @param[out] vector vector_length entries (carc_learn_shape), or NULL
 * @param n_vector capacity of @p vector in entries
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL learn or game, player out of range, a
 *         buffer too small (or NULL with a non-zero size), or a game of
 *         other rules or another player count
 * @since 0.3
 */
int carc_learn_observe(struct carc_learn *learn, const struct carc_game *game,
		       uint32_t player, uint8_t *planes, size_t n_planes_bytes,
		       int32_t *vector, size_t n_vector);

/** Flags of carc_learn_batch.flags. */
enum carc_learn_batch_flag {
	/** A game that ends in carc_learn_step_batch() is started again,
	 *  in place, with carc_game_reset() and its entry of
	 *  carc_learn_batch.reset_seeds; masks and observations then show
	 *  the new game. */
	CARC_LEARN_AUTO_RESET = 1,
};

/**
 * The outputs of carc_learn_step_batch() and carc_learn_observe_batch()
 * for @c n games.  Zero it and set @c size to `sizeof(struct
 * carc_learn_batch)`; every array may be NULL to skip it, and each holds
 * @c n rows (games in the order given):
 */
struct carc_learn_batch {
	/** sizeof(struct carc_learn_batch), for growth. */
	uint32_t size;
	/** #carc_learn_batch_flag bits. */
	uint32_t flags;
	/** n seeds: with #CARC_LEARN_AUTO_RESET, the seed of the new game
	 *  for each game that ends (required with the flag). */
	const uint64_t *reset_seeds;
	/** n x players: each player's score change in this step, by seat
	 *  (not relative), final scoring included (step only). */
	int32_t *rewards;
	/** n: 1 if the game ended in this step (step only). */
	uint8_t *done;
	/** n x players: the final scores, by seat, of a game that ended in
	 *  this step (0 for the others); with auto-reset the only record of
	 *  them (step only). */
	int32_t *final_scores;
	/** n: the player to move now (after the step and any reset). */
	uint32_t *to_move;
	/** n x n_actions: the masks now. */
	uint8_t *masks;
	/** n x n_planes x W x W: the observations now, for the player to
	 *  move. */
	uint8_t *planes;
	/** n x vector_length (carc_learn_shape): the vectors now, for the player to
	 *  move. */
	int32_t *vectors;
};

/**
 * Step @p n games by one action each: check every action (it must be
 * set in the game's mask, i.e. name a legal move or be the fallback on
 * offer), then play them, then write the outputs of @p batch.  If any
 * action is refused nothing is played and no output is written.
 * Allocates nothing.  Each game must appear once: a game listed twice
 * is caught only when its second action is played, which then returns
 * #CARC_E_INVALID after the games before it were stepped (the checks
 * before playing cannot see it without allocating).
 *
 * @param learn the learn object
 * @param games n games of its rules and player count
 * @param n number of games
 * @param actions n action indices
 * @param batch outputs, @c size set
 * @return the number of games that ended in this step, or
 * @retval CARC_E_INVALID NULL argument (a NULL @p games or @p actions
 *         with n > 0), bad @c size or flags, auto-reset without seeds,
 *         a game of other rules or another player count, an action out
 *         of range, a game listed twice
 * @retval CARC_E_GAME_OVER a game is already over
 * @retval CARC_E_NOT_ALLOWED an action not set in its game's mask
 * @since 0.3
 */
int carc_learn_step_batch(struct carc_learn *learn,
			  struct carc_game *const *games, size_t n,
			  const uint32_t *actions,
			  const struct carc_learn_batch *batch);

/**
 * Write the masks, observations (for the player to move) and players
 * to move of @p n games without stepping them, e.g. after a reset.  The
 * step-only members of @p batch are ignored.  Allocates nothing.
 *
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL argument, bad @c size, or a game of other
 *         rules or another player count
 * @since 0.3
 */
int carc_learn_observe_batch(struct carc_learn *learn,
			     const struct carc_game *const *games, size_t n,
			     const struct carc_learn_batch *batch);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* CARCASSONNE_LEARN_H */
