/* SPDX-License-Identifier: MIT */
/*
 * The JCloisterZone module's shared insides (include/carcassonne/jcz.h).
 *
 * A layer on the public API, like lib/record.c: it includes only the
 * public headers and lib/jcz/json.h (and lib/compat.h for CARC_EXPORT).
 * Its global names begin with carc__jcz_ (a static archive exports only
 * carc_ names).  Its structure:
 *
 * - jcz.c: the two public calls, the import context (error reporting,
 *   JSON access helpers), the two passes over the replay and the
 *   dispatch table from a JCZ message type to its handler
 *   (jcz_messages[]), and the export driver (setup, players, draw order,
 *   one writer per move kind: jcz_move_writers[]).
 * - jcz-setup.c: the setup of both layouts (JCZ 4: expansions,
 *   capabilities, rules; JCZ 5: sets, elements, rules), each a table from
 *   a JCZ name to a function that sets rule options; and the setup that
 *   export writes.
 * - jcz-tiles.c: the tile identifiers (carc__jcz_tile_ids[]) and the location
 *   names (NL.NR.EL..., N, NW, _S, CLOISTER...) in both directions.
 * - jcz-base.c: the base game's messages (PLACE_TILE, DEPLOY_MEEPLE,
 *   PASS, COMMIT, GAME_OVER) for import and export.
 *
 * An expansion adds its rows to the tables and its handlers in a source
 * file of its own.
 */
#ifndef CARC_JCZ_PRIVATE_H
#define CARC_JCZ_PRIVATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <carcassonne/carcassonne.h>
#include <carcassonne/jcz.h>

#include "json.h"

#if defined(__GNUC__) || defined(__clang__)
#define JCZ_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define JCZ_PRINTF(fmt, args)
#endif

/* The two layouts of a saved game. */
enum jcz_layout {
	JCZ_LAYOUT_4 = 4,	/* setup.expansions, annotations.tilePack */
	JCZ_LAYOUT_5 = 5,	/* setup.sets/elements, gameAnnotations */
};

/* A growing list of tile types. */
struct jcz_tiles {
	uint32_t *v;
	size_t n, cap;
};

/* A figure on the board and its JCZ number ("0.small.<number>"). */
struct jcz_meeple {
	uint32_t player, figure, feature, number;
	int32_t x, y;
};

#define JCZ_MAX_MEEPLES (6 * 32)

/* The figures on the board with their JCZ numbers.  Every figure put on
 * the board goes through carc__jcz_meeples_add(), so a figure count below
 * the expected one tells that figures left the board. */
struct jcz_meeples {
	struct jcz_meeple v[JCZ_MAX_MEEPLES];
	size_t n;
	int expected;	/* carc_game_figure_count() if none left */
};

/* Is number @p number of @p player's figures of kind @p figure on the
 * board? */
bool carc__jcz_meeples_has(const struct jcz_meeples *ms, uint32_t player,
			   uint32_t figure, uint32_t number);
/* Note a figure put on the board (ignored when the list is full). */
void carc__jcz_meeples_add(struct jcz_meeples *ms, uint32_t player,
			   uint32_t figure, uint32_t number, int32_t x,
			   int32_t y, uint32_t feature);
/* Forget the figures that left the board of @p game (after each move). */
void carc__jcz_meeples_sync(struct jcz_meeples *ms,
			    const struct carc_game *game);

/* ------------------------------------------------------------------ */
/* Import                                                               */
/* ------------------------------------------------------------------ */

/* How the stack of an imported game is made (jcz.c explains). */
enum jcz_stack {
	/* the rules' stack; unplayed tiles last */
	JCZ_STACK_FULL,
	/* exactly the tiles of the draw order/replay */
	JCZ_STACK_PLAYED,
};

struct jcz_import {
	const struct carc_json_value *root;
	enum jcz_layout layout;

	/* setup: the options set so far and the player count */
	struct carc_rules_builder *builder;
	uint32_t players;

	/* pass 1: the tiles the replay places, the forced draw order */
	struct jcz_tiles placed;
	struct jcz_tiles forced;
	bool forced_end;	/* the draw order ends with "#END" */
	int64_t end_turn;	/* gameAnnotations.endTurn, or -1 */
	bool has_game_over;	/* the replay holds GAME_OVER */
	enum jcz_stack stack;

	/* pass 2: the game being replayed */
	struct carc_game *game;
	size_t entry;		/* index in replay[] */
	const char *type;	/* its type, NULL outside the replay */
	uint32_t entry_line;
	bool retry_played;	/* GAME_OVER came early: retry,
				   JCZ_STACK_PLAYED */
	struct jcz_meeples meeples;	/* the meeple ids on the board */
	/* a PASS ended JCZ's action phase, phantom included (JCZ's flag
	 * NO_PHANTOM): the phantom step is passed for JCZ */
	bool no_phantom;
	/* the sets and elements of the river, Inns & Cathedrals and
	 * Traders & Builders that the setup names (JCZ_PART_*) */
	uint32_t parts;

	/* the first error */
	int err;
	uint32_t err_line, err_column;
	char *msg;
	size_t msg_len;
};

/* Record an error (the first one wins) and return @p code.  Inside the
 * replay the message is prefixed with "replay[N] TYPE: ". */
int carc__jcz_fail(struct jcz_import *im, int code, const char *fmt, ...)
	JCZ_PRINTF(3, 4);

/* Typed access to members; each fails with CARC_E_PARSE and a message
 * naming @p what when the member is missing or has the wrong type. */
int carc__jcz_get_object(struct jcz_import *im,
			 const struct carc_json_value *obj,
			 const char *key, const char *what,
			 const struct carc_json_value **out);
int carc__jcz_get_array(struct jcz_import *im,
			const struct carc_json_value *obj,
			const char *key, const char *what,
			const struct carc_json_value **out);
int carc__jcz_get_string(struct jcz_import *im,
			 const struct carc_json_value *obj,
			 const char *key, const char *what, const char **out);
/* [x, y] with both in -32768 ... 32767 */
int carc__jcz_get_position(struct jcz_import *im,
			   const struct carc_json_value *obj,
			   const char *key, const char *what, int32_t *x,
			   int32_t *y);

/* Apply a move; on failure report "DESCRIPTION (strerror)" with the
 * engine's code. */
int carc__jcz_apply(struct jcz_import *im, carc_move_t move,
		    const char *fmt, ...)
	JCZ_PRINTF(3, 4);

/* One replay message type. */
struct jcz_message {
	const char *type;
	/* pass 1 (may be NULL): learn the tiles before the game exists */
	int (*scan)(struct jcz_import *im,
		    const struct carc_json_value *payload);
	/* pass 2: replay it on im->game */
	int (*apply)(struct jcz_import *im,
		     const struct carc_json_value *payload);
	/* an entry's "player" (JCZ 5) must be the player to move */
	bool check_player;
};

/* jcz-base.c */
int carc__jcz_scan_place_tile(struct jcz_import *im,
			      const struct carc_json_value *payload);
int carc__jcz_apply_place_tile(struct jcz_import *im,
			       const struct carc_json_value *payload);
int carc__jcz_apply_deploy_meeple(struct jcz_import *im,
				  const struct carc_json_value *payload);
int carc__jcz_apply_pass(struct jcz_import *im,
			 const struct carc_json_value *payload);
int carc__jcz_apply_commit(struct jcz_import *im,
			   const struct carc_json_value *payload);
int carc__jcz_scan_game_over(struct jcz_import *im,
			     const struct carc_json_value *payload);
int carc__jcz_apply_game_over(struct jcz_import *im,
			      const struct carc_json_value *payload);

/* A figure named by a meeple id "PLAYER.KIND.NUMBER" ("0.small.1").
 * Sets *player, *figure and *number (0 when the id has none);
 * CARC_E_PARSE or CARC_E_UNKNOWN_OPTION (a kind
 * the library does not have). */
int carc__jcz_parse_meeple_id(struct jcz_import *im, const char *id,
			      uint32_t *player, uint32_t *figure,
			      uint32_t *number);

/* One name of the setup. */
struct jcz_setting {
	const char *name;
	/* value: the member's value (true, a count, a string...) */
	int (*apply)(struct jcz_import *im, const char *name,
		     const struct carc_json_value *value);
};

/* jcz-setup.c: read setup (both layouts), set im->builder, im->players */
int carc__jcz_import_setup(struct jcz_import *im);

/* ------------------------------------------------------------------ */
/* Tiles and locations (jcz-tiles.c)                                    */
/* ------------------------------------------------------------------ */

struct jcz_tile_id {
	const char *id;		/* JCZ 4 spelling, "BA.CcRr+" */
	uint32_t tile;		/* enum carc_tile */
};

/* NULL-terminated; a tile's JCZ rotation equals ours (checked by
 * tests/test-jcz.c against the layouts of JCZ's tile definitions). */
extern const struct jcz_tile_id carc__jcz_tile_ids[];
/* The river's, Inns & Cathedrals' and Traders & Builders' tiles: JCZ 5
 * ids ("IC/Cccc.c"), NULL-terminated */
extern const struct jcz_tile_id carc__jcz_tile_ids5[];

/* The tile of a JCZ id in either spelling ("BA.C", "BA/C"), or -1. */
int carc__jcz_tile_from_id(const char *id);
/* The JCZ 5 spelling of a tile ("BA/C"), written into buf[n]; NULL for a
 * tile without a JCZ id. */
const char *carc__jcz_tile_id5(uint32_t tile, char *buf, size_t n);

/* Location masks: bits 0-7 the half edges NL NR EL ER SL SR WL WR (the
 * order of carc_tile_feature_sides() for fields), bits 8-15 two bits per
 * side N E S W, bit 16 the cloister. */
#define JCZ_LOC_FARM 0x000ffu
#define JCZ_LOC_EDGE 0x0ff00u
#define JCZ_LOC_CLOISTER 0x10000u

/* Parse "NL.NR.EL", "SE", "_N", "I" (a monastery; "CLOISTER" before JCZ
 * 5.7): the mask, or -1 for an unknown part. */
int32_t carc__jcz_location_parse(const char *name);
/* The feature of @p tile placed with @p rotation at location @p mask
 * (board orientation); @p kind_hint is a #carc_feature_kind or 0.
 * Returns the feature id or CARC_E_NO_FEATURE. */
int carc__jcz_location_feature(uint32_t tile, uint32_t rotation, uint32_t mask,
			       uint32_t kind_hint);
/* The JCZ name of a feature of @p tile placed with @p rotation, written
 * into buf[n] (32 bytes are always enough); NULL when it has none. */
const char *carc__jcz_location_name(uint32_t tile, uint32_t rotation,
				    uint32_t feature, char *buf, size_t n);

/* ------------------------------------------------------------------ */
/* Export                                                               */
/* ------------------------------------------------------------------ */

struct jcz_export {
	struct carc_json_writer *w;
	const struct carc_rules *rules;
	struct carc_game *replay;	/* a new game, replaying the history */
	uint32_t players;
	struct jcz_meeples meeples;
	int err;
	/* A pass in the deployment step with the phantom's step to come:
	 * JCZ has one action phase for both, so the PASS (or the phantom's
	 * DEPLOY_MEEPLE) is written at the phantom step (jcz-phantom.c). */
	bool pass_pending;
	bool pass_pending_written;	/* JCZ's action phase offered a move */
	uint32_t pass_pending_player;
	/* why the export is refused (carc_jcz_export_check()) */
	char *msg;
	size_t msg_len;
	int move_index;		/* the move being written */
};

/* Write "why" (printf-style) into msg[n] and return CARC_E_NOT_ALLOWED. */
int carc__jcz_refuse(char *msg, size_t n, const char *fmt, ...)
	JCZ_PRINTF(3, 4);

/* Writes the replay message(s) of one move, applied by the caller
 * afterwards; the player to move is carc_game_current_player(ex->replay). */
typedef int (*jcz_move_writer)(struct jcz_export *ex, carc_move_t move);

/* jcz-base.c */
int carc__jcz_write_place(struct jcz_export *ex, carc_move_t move);
int carc__jcz_write_deploy(struct jcz_export *ex, carc_move_t move);
int carc__jcz_write_pass(struct jcz_export *ex, carc_move_t move);
/* "player": the player to move, and "type" */
void carc__jcz_write_entry_start(struct jcz_export *ex, const char *type);
/* a PASS entry of @p player */
void carc__jcz_write_pass_entry(struct jcz_export *ex, uint32_t player);
/* the lowest number of @p player's figures of kind @p figure not on the
 * board (from 1), recorded as on the board at x,y,feature */
uint32_t carc__jcz_meeple_take(struct jcz_export *ex, uint32_t player,
			       uint32_t figure, int32_t x, int32_t y,
			       uint32_t feature);

/* jcz-setup.c: the "setup" object's members for ex->rules;
 * CARC_E_NOT_ALLOWED for options JCZ does not have */
int carc__jcz_export_check_rules(const struct carc_rules *rules, char *msg,
				 size_t n);
void carc__jcz_export_setup(struct jcz_export *ex);

/* ------------------------------------------------------------------ */
/* The expansions: jcz-phantom.c, jcz-crop.c, jcz-buildings.c           */
/* ------------------------------------------------------------------ */

/* jcz-setup.c: set an option of the rules being built, failing with a
 * message naming the JCZ setting */
int carc__jcz_set_option(struct jcz_import *im, uint32_t option, int32_t value,
			 const char *name);

/* A setting's value switches it on: true, a non-zero number, or no value
 * at all (a name in a JCZ 4 list). */
bool carc__jcz_truthy_or_listed(const struct carc_json_value *v);

/* Whether JCZ leaves out the decision point the game is at: a deployment
 * step where JCZ's action phase offers nothing (no follower, phantom or
 * building can go down), a phantom step where the phantom has nowhere to
 * go.  The engine's only move there is pass. */
bool carc__jcz_step_skipped(const struct carc_game *game);
/* A builder put on a road or city that its tile completes: the engine
 * allows it (the builder comes back at once), JCZ does not (Builder.java:
 * "Feature is completed"), so export refuses it and JCZ's phases are
 * counted without it. */
bool carc__jcz_builder_refused(const struct carc_game *game, carc_move_t move);

/* Import: before a message of @p type (NULL: after the last one), play
 * the moves of the steps JCZ skipped: passes before a COMMIT, the
 * crop-circle choice on an empty board before the next tile or the end. */
int carc__jcz_fill_skipped(struct jcz_import *im, const char *type);
int carc__jcz_fill_skipped_steps(struct jcz_import *im);
/* after a PASS in JCZ's action phase: pass the phantom step, unless the
 * message of @p type is the phantom step's own PASS or DEPLOY_MEEPLE (the
 * order libcarcassonne 0.4 wrote) */
int carc__jcz_phantom_fill_no_phantom(struct jcz_import *im, const char *type);
/* the phantom in JCZ's action phase: pass the deployment step first */
int carc__jcz_phantom_before_deploy(struct jcz_import *im, uint32_t figure);
/* a COMMIT at a crop-circle decision point (the turn's or a response's) */
bool carc__jcz_crop_commit_ok(const struct jcz_import *im);

/* setup rows */
int carc__jcz_element_phantom(struct jcz_import *im, const char *name,
			      const struct carc_json_value *v);
int carc__jcz_expansion_phantom(struct jcz_import *im, const char *name,
				const struct carc_json_value *v);
int carc__jcz_setting_crop_i(struct jcz_import *im, const char *name,
			     const struct carc_json_value *v);
int carc__jcz_setting_crop_ii(struct jcz_import *im, const char *name,
			      const struct carc_json_value *v);
int carc__jcz_setting_little_buildings(struct jcz_import *im, const char *name,
				       const struct carc_json_value *v);
int carc__jcz_rule_lb_scoring(struct jcz_import *im, const char *name,
			      const struct carc_json_value *v);
int carc__jcz_rule_lb_different_value(struct jcz_import *im, const char *name,
				      const struct carc_json_value *v);

/* messages */
int carc__jcz_apply_circle_choice(struct jcz_import *im,
				  const struct carc_json_value *payload);
int carc__jcz_apply_return_meeple(struct jcz_import *im,
				  const struct carc_json_value *payload);
int carc__jcz_apply_place_token(struct jcz_import *im,
				const struct carc_json_value *payload);

/* the crop-circle tiles: JCZ 4 ids "CC.Cc.1", "C2.RRr"; JCZ 5 ids
 * "CC.1/Cc.1", "CC.2/RRr" */
int carc__jcz_crop_tile_from_id(const char *id);
const char *carc__jcz_crop_tile_id(uint32_t tile, bool layout5);

/* Export */
enum jcz_setup_part {
	JCZ_SETUP_SETS,
	JCZ_SETUP_ELEMENTS,
	JCZ_SETUP_RULES,
};

/* "PLAYER.small.N" or "PLAYER.phantom.1"; NULL for other figures */
const char *carc__jcz_meeple_id(uint32_t player, uint32_t figure,
				uint32_t number, char *buf, size_t n);
/* {position, location, feature} of a feature of a placed tile */
int carc__jcz_write_feature_pointer(struct jcz_export *ex, int32_t x, int32_t y,
				    uint32_t feature);
/* whether a PASS goes into the replay (JCZ skips empty phases); a pass in
 * the deployment step before the phantom's step is held back
 * (jcz_export.pass_pending) */
bool carc__jcz_phantom_export_pass(struct jcz_export *ex);
/* after each exported move: write the held-back PASS if the game went
 * past the phantom step */
void carc__jcz_phantom_export_flush(struct jcz_export *ex);
/* whether a COMMIT follows the move */
bool carc__jcz_export_commit_after(int phase_before, carc_move_t move,
				   int phase_after);
int carc__jcz_write_crop_choice(struct jcz_export *ex, carc_move_t move);
int carc__jcz_write_remove(struct jcz_export *ex, carc_move_t move);
int carc__jcz_write_build(struct jcz_export *ex, carc_move_t move);
void carc__jcz_phantom_export_setup(struct jcz_export *ex,
				    enum jcz_setup_part part);
void carc__jcz_crop_export_setup(struct jcz_export *ex,
				 enum jcz_setup_part part);
void carc__jcz_buildings_export_setup(struct jcz_export *ex,
				      enum jcz_setup_part part);
/* the expansions' options that the setup writes, and their check */
bool carc__jcz_expansions_option_exported(uint32_t option);
int carc__jcz_expansions_check_rules(const struct carc_rules *rules,
				      char *msg, size_t n);

/* ------------------------------------------------------------------ */
/* The river, Inns & Cathedrals, Traders & Builders: jcz-parts.c     */
/*                                                                      */
/* ------------------------------------------------------------------ */

enum jcz_part {
	JCZ_PART_RIVER_SET = 1u << 0,	/* set river/1:1 */
	JCZ_PART_RIVER = 1u << 1,	/* element river */
	JCZ_PART_IC_SET = 1u << 2,	/* set inns-and-cathedrals:1 */
	JCZ_PART_BIG = 1u << 3,		/* element big-follower */
	JCZ_PART_INN = 1u << 4,		/* element inn */
	JCZ_PART_CATHEDRAL = 1u << 5,	/* element cathedral */
	JCZ_PART_TB_SET = 1u << 6,	/* set traders-and-builders:1 */
	JCZ_PART_BUILDER = 1u << 7,	/* element builder */
	JCZ_PART_PIG = 1u << 8,		/* element pig */
	JCZ_PART_TRADERS = 1u << 9,	/* element traders (goods) */
};

/* setup rows: a set, or an element (a count of one figure, or a flag) */
int carc__jcz_part_set(struct jcz_import *im, const char *name,
		       const struct carc_json_value *v);
int carc__jcz_part_figure(struct jcz_import *im, const char *name,
			  const struct carc_json_value *v);
int carc__jcz_part_flag(struct jcz_import *im, const char *name,
			const struct carc_json_value *v);
/* after the setup: check the parts go together, set the options */
int carc__jcz_parts_finish(struct jcz_import *im);
/* the start tile JCZ's setup must name: RI-1 with the river, else D */
uint32_t carc__jcz_start_tile(const struct jcz_import *im);
/* the stack of the full game (make_game, JCZ_STACK_FULL): a tile count
 * for each tile whose count differs from the rules' default */
void carc__jcz_parts_stack(struct jcz_import *im);

/* export: how many tiles of type @p tile JCZ's tile pack holds for
 * @p rules (the start tile left out) */
uint32_t carc__jcz_pack_count(const struct carc_rules *rules, uint32_t tile);
/* the start tile of the exported setup */
uint32_t carc__jcz_export_start_tile(const struct carc_rules *rules);
void carc__jcz_parts_export_setup(struct jcz_export *ex,
				  enum jcz_setup_part part);
bool carc__jcz_parts_option_exported(uint32_t option);
/* CARC_E_NOT_ALLOWED for values JCZ does not play; with @p msg, a
 * message naming the option */
int carc__jcz_parts_check_rules(const struct carc_rules *rules, char *msg,
				size_t n);

#endif /* CARC_JCZ_PRIVATE_H */
