/* SPDX-License-Identifier: MIT */
/*
 * JCloisterZone saved games: the public calls (include/carcassonne/jcz.h),
 * the import driver with its dispatch table and the export driver.
 * jcz-private.h describes how the module is split.
 *
 * Import reads the document twice.  Pass 1 learns the game's tiles: the
 * forced draw order and the tile of every PLACE_TILE, because the stack
 * and its order must be known before the first move.  Pass 2 replays
 * every message on a new game with that draw order.
 *
 * The stack (enum jcz_stack): JCZ draws the tiles it places, so a game
 * normally gets the rules' full stack, ordered as the tiles were placed,
 * then the rest of a forced draw order, then the unplayed tiles by type.
 * A game that JCZ ended before its stack was empty gets a stack of
 * exactly its tiles instead: a draw order ending in "#END", an
 * "endTurn" annotation, or a GAME_OVER message while our game would go
 * on with the unplayed tiles (if instead those tiles fit nowhere, they
 * are discarded at the end as JCZ discarded them, and the full stack
 * stays).
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jcz-private.h"

/* CARC_EXPORT: the library is compiled with hidden visibility. */
#include "compat.h"

#define JCZ_MAX_TILES 65536u	/* far above any stack the rules accept */

/* ------------------------------------------------------------------ */
/* The dispatch table: JCZ message type -> handler                       */
/* ------------------------------------------------------------------ */

static const struct jcz_message jcz_messages[] = {
	{ "PLACE_TILE", carc__jcz_scan_place_tile, carc__jcz_apply_place_tile,
	  true },
	{ "DEPLOY_MEEPLE", NULL, carc__jcz_apply_deploy_meeple, true },
	{ "PASS", NULL, carc__jcz_apply_pass, true },
	{ "COMMIT", NULL, carc__jcz_apply_commit, false },
	{ "GAME_OVER", carc__jcz_scan_game_over, carc__jcz_apply_game_over,
	  false },
	/* the expansions: jcz-crop.c, jcz-buildings.c */
	{ "CIRCLE_REMOVE_OR_DEPLOY", NULL, carc__jcz_apply_circle_choice,
	  true },
	{ "RETURN_MEEPLE", NULL, carc__jcz_apply_return_meeple, true },
	{ "PLACE_TOKEN", NULL, carc__jcz_apply_place_token, true },
	{ NULL, NULL, NULL, false },
};

/* @p type: a string (entry_type() checks it) */
static const struct jcz_message *
find_message(const char *type)
{
	for (const struct jcz_message *m = jcz_messages; m->type; m++)
		if (strcmp(m->type, type) == 0)
			return m;
	return NULL;
}

/* ------------------------------------------------------------------ */
/* Errors and JSON access                                               */
/* ------------------------------------------------------------------ */

int
carc__jcz_fail(struct jcz_import *im, int code, const char *fmt, ...)
{
	va_list ap;

	if (im->err)
		return im->err;
	im->err = code;
	im->err_line = im->type ? im->entry_line : im->err_line;
	if (code == CARC_E_NOMEM) {
		/* whatever was being done: the one message for it */
		im->err_line = 0;
		if (im->msg_len)
			snprintf(im->msg, im->msg_len, "out of memory");
		return code;
	}
	if (im->msg_len) {
		size_t k = 0;
		int w = 0;

		if (im->type)
			w = snprintf(im->msg, im->msg_len, "replay[%zu] %s: ",
				     im->entry, im->type);
		if (w > 0)
			k = (size_t)w < im->msg_len ? (size_t)w
						    : im->msg_len - 1;
		va_start(ap, fmt);
		vsnprintf(im->msg + k, im->msg_len - k, fmt, ap);
		va_end(ap);
	}
	return code;
}

static int
member(struct jcz_import *im, const struct carc_json_value *obj,
       const char *key, const char *what, enum carc_json_type type,
       const char *type_name, const struct carc_json_value **out)
{
	const struct carc_json_value *v = carc_json_get(obj, key);

	if (!v) {
		if (!im->type)
			im->err_line = carc_json_line(obj);
		return carc__jcz_fail(im, CARC_E_PARSE, "%s: no member '%s'",
				      what, key);
	}
	if (carc_json_type(v) != type) {
		if (!im->type)
			im->err_line = carc_json_line(v);
		return carc__jcz_fail(im, CARC_E_PARSE, "%s: '%s' is not %s",
				      what, key, type_name);
	}
	*out = v;
	return 0;
}

int
carc__jcz_get_object(struct jcz_import *im, const struct carc_json_value *obj,
		     const char *key, const char *what,
		     const struct carc_json_value **out)
{
	return member(im, obj, key, what, CARC_JSON_OBJECT, "an object", out);
}

int
carc__jcz_get_array(struct jcz_import *im, const struct carc_json_value *obj,
		    const char *key, const char *what,
		    const struct carc_json_value **out)
{
	return member(im, obj, key, what, CARC_JSON_ARRAY, "an array", out);
}

int
carc__jcz_get_string(struct jcz_import *im, const struct carc_json_value *obj,
		     const char *key, const char *what, const char **out)
{
	const struct carc_json_value *v = NULL;
	int rc = member(im, obj, key, what, CARC_JSON_STRING, "a string", &v);

	if (rc < 0)
		return rc;
	*out = carc_json_string(v);
	return 0;
}

int
carc__jcz_get_position(struct jcz_import *im,
		       const struct carc_json_value *obj, const char *key,
		       const char *what, int32_t *x, int32_t *y)
{
	const struct carc_json_value *a = NULL;
	int64_t v[2];
	int rc = carc__jcz_get_array(im, obj, key, what, &a);

	if (rc < 0)
		return rc;
	if (carc_json_count(a) != 2 ||
	    !carc_json_int(carc_json_at(a, 0), &v[0]) ||
	    !carc_json_int(carc_json_at(a, 1), &v[1]) || v[0] < -32768 ||
	    v[0] > 32767 || v[1] < -32768 || v[1] > 32767)
		return carc__jcz_fail(im, CARC_E_PARSE,
				      "%s: '%s' is not [x, y] with "
				      "-32768 <= x, y <= 32767",
				      what, key);
	*x = (int32_t)v[0];
	*y = (int32_t)v[1];
	return 0;
}

int
carc__jcz_apply(struct jcz_import *im, carc_move_t move, const char *fmt, ...)
{
	char what[160];
	va_list ap;
	int rc = carc_game_apply(im->game, move);

	if (rc >= 0)
		return 0;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return carc__jcz_fail(im, rc, "%s (%s)", what, carc_strerror(rc));
}

static int
tiles_push(struct jcz_import *im, struct jcz_tiles *t, uint32_t tile)
{
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 128;
		uint32_t *v;

		if (cap > JCZ_MAX_TILES)
			return carc__jcz_fail(im, CARC_E_UNKNOWN_TILE,
					      "more than %u tiles",
					      JCZ_MAX_TILES);
		v = realloc(t->v, cap * sizeof(*v));
		if (!v)
			return carc__jcz_fail(im, CARC_E_NOMEM,
					      "out of memory");
		t->v = v;
		t->cap = cap;
	}
	t->v[t->n++] = tile;
	return 0;
}

int
carc__jcz_scan_place_tile(struct jcz_import *im,
			  const struct carc_json_value *payload)
{
	const char *id;
	int rc = carc__jcz_get_string(im, payload, "tileId", "payload", &id);
	int tile;

	if (rc < 0)
		return rc;
	tile = carc__jcz_tile_from_id(id);
	if (tile < 0)
		return carc__jcz_fail(im, CARC_E_UNKNOWN_TILE,
				      "unknown tile '%s' (a tile of an "
				      "expansion or edition the library does "
				      "not have)", id);
	return tiles_push(im, &im->placed, (uint32_t)tile);
}

int
carc__jcz_scan_game_over(struct jcz_import *im,
			 const struct carc_json_value *payload)
{
	(void)payload;
	im->has_game_over = true;
	return 0;
}

/* ------------------------------------------------------------------ */
/* The draw order                                                       */
/* ------------------------------------------------------------------ */

/* The forced draw order: JCZ 5 gameAnnotations.drawOrder (and endTurn),
 * JCZ 4 annotations.tilePack.params (an array, or an object with
 * drawOrder).  "#END" (JCZ 4 test packs also write ".") ends the pack. */
static int
read_draw_order(struct jcz_import *im)
{
	const struct carc_json_value *ann, *order = NULL;

	im->end_turn = -1;
	ann = carc_json_get(im->root, "gameAnnotations");
	if (ann) {
		const struct carc_json_value *et =
			carc_json_get(ann, "endTurn");

		order = carc_json_get(ann, "drawOrder");
		if (et && (!carc_json_int(et, &im->end_turn) ||
			   im->end_turn < 0))
			return carc__jcz_fail(im, CARC_E_PARSE,
					      "gameAnnotations.endTurn is not "
					      "a count");
	}
	ann = carc_json_get(im->root, "annotations");
	if (!order && ann) {
		const struct carc_json_value *pack, *params;

		pack = carc_json_get(ann, "tilePack");
		params = carc_json_get(pack, "params");
		order = carc_json_type(params) == CARC_JSON_OBJECT
				? carc_json_get(params, "drawOrder")
				: params;
	}
	if (!order)
		return 0;
	if (carc_json_type(order) != CARC_JSON_ARRAY)
		return carc__jcz_fail(im, CARC_E_PARSE,
				      "the draw order is not an array");
	for (size_t i = 0; i < carc_json_count(order); i++) {
		const char *id = carc_json_string(carc_json_at(order, i));
		int tile, rc;

		if (!id)
			return carc__jcz_fail(im, CARC_E_PARSE,
					      "draw order entry %zu is not a "
					      "string", i);
		if (strcmp(id, "#END") == 0 || strcmp(id, ".") == 0) {
			im->forced_end = true;
			break;
		}
		tile = carc__jcz_tile_from_id(id);
		if (tile < 0)
			return carc__jcz_fail(im, CARC_E_UNKNOWN_TILE,
					      "unknown tile '%s' in the draw "
					      "order (a tile of an expansion "
					      "or edition the library does not "
					      "have)", id);
		rc = tiles_push(im, &im->forced, (uint32_t)tile);
		if (rc < 0)
			return rc;
	}
	return 0;
}

/* The tiles in the order JCZ drew them, as far as the document tells:
 * the forced draw order (discarded tiles included), then the tiles placed
 * beyond it.  A tile of the forced order that the replay skips was
 * discarded by JCZ; the engine discards it too when it fits nowhere, and
 * PLACE_TILE reports a tile in hand that differs. */
static int
drawn_sequence(struct jcz_import *im, struct jcz_tiles *seq)
{
	size_t j = 0;
	int rc;

	for (size_t i = 0; i < im->forced.n; i++) {
		rc = tiles_push(im, seq, im->forced.v[i]);
		if (rc < 0)
			return rc;
	}
	for (size_t i = 0; i < im->placed.n; i++) {
		while (j < im->forced.n && im->forced.v[j] != im->placed.v[i])
			j++;
		if (j < im->forced.n) {
			j++;
			continue;
		}
		rc = tiles_push(im, seq, im->placed.v[i]);
		if (rc < 0)
			return rc;
	}
	/* endTurn is JCZ's draw limit: a forced order may name more */
	if (im->end_turn >= 0 && seq->n > (size_t)im->end_turn)
		seq->n = (size_t)im->end_turn;
	return 0;
}

/* The rules for the chosen stack and the complete draw order. */
static int
make_game(struct jcz_import *im, struct carc_game **out)
{
	struct carc_rules *rules = NULL;
	struct carc_game *game = NULL;
	struct jcz_tiles seq = { NULL, 0, 0 };
	uint32_t counts[CARC_TILE_TYPES] = { 0 };
	uint32_t *order = NULL;
	size_t n = 0, total;
	int rc = drawn_sequence(im, &seq);

	if (rc < 0)
		goto fail;
	if (im->stack == JCZ_STACK_FULL) {
		carc__jcz_parts_stack(im);
	} else {
		for (size_t i = 0; i < seq.n; i++)
			counts[seq.v[i]]++;
		for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
			rc = carc_rules_builder_set_tile_count(im->builder, t,
							       counts[t]);
			if (rc < 0) {
				rc = carc__jcz_fail(im, CARC_E_UNKNOWN_TILE,
						    "%u tiles %s: %s",
						    counts[t],
						    carc_tile_name(t),
						    carc_strerror(rc));
				goto fail;
			}
		}
	}
	rc = carc_rules_builder_build(im->builder, &rules);
	if (rc < 0) {
		rc = carc__jcz_fail(im, rc, "the rules cannot be built: %s",
				    carc_strerror(rc));
		goto fail;
	}
	rc = carc_game_new(rules, im->players, 0, &game);
	carc_rules_unref(rules);
	if (rc < 0) {
		rc = carc__jcz_fail(im, rc, "cannot start a game: %s",
				    carc_strerror(rc));
		goto fail;
	}
	rc = carc_game_draw_order(game, NULL, 0);
	total = rc > 0 ? (size_t)rc : 0;
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
		int c = carc_game_remaining(game, t);

		counts[t] = c > 0 ? (uint32_t)c : 0;
	}
	/* the tile in hand is in the draw order, not in remaining */
	rc = carc_game_current_tile(game);
	if (rc >= 0 && rc < CARC_TILE_TYPES)
		counts[rc]++;
	order = malloc((total ? total : 1) * sizeof(*order));
	if (!order) {
		rc = carc__jcz_fail(im, CARC_E_NOMEM, "out of memory");
		goto fail;
	}
	for (size_t i = 0; i < seq.n; i++) {
		uint32_t t = seq.v[i];

		if (counts[t] == 0 || n >= total) {
			char a[32];

			rc = carc__jcz_fail(im, CARC_E_UNKNOWN_TILE,
					    "the game draws more %s tiles than "
					    "its stack holds",
					    carc__jcz_tile_id5(t, a, sizeof(a))
						    ? a
						    : "?");
			goto fail;
		}
		counts[t]--;
		order[n++] = t;
	}
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		while (counts[t]-- > 0 && n < total)
			order[n++] = t;
	rc = total ? carc_game_set_draw_order(game, order, total) : 0;
	if (rc < 0) {
		rc = carc__jcz_fail(im, rc, "cannot set the draw order: %s",
				    carc_strerror(rc));
		goto fail;
	}
	free(order);
	free(seq.v);
	*out = game;
	return 0;
fail:
	free(order);
	free(seq.v);
	carc_game_free(game);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Import                                                               */
/* ------------------------------------------------------------------ */

static int
entry_type(struct jcz_import *im, const struct carc_json_value *e,
	   size_t i, const char **type, const struct carc_json_value **payload)
{
	const struct carc_json_value *t = carc_json_get(e, "type");

	im->entry = i;
	im->entry_line = carc_json_line(e);
	im->type = NULL;
	if (carc_json_type(e) != CARC_JSON_OBJECT || !carc_json_string(t)) {
		im->err_line = carc_json_line(e);
		return carc__jcz_fail(im, CARC_E_PARSE,
				      "replay[%zu]: not an object with a "
				      "string 'type'",
				      i);
	}
	*type = carc_json_string(t);
	im->type = *type;
	*payload = carc_json_get(e, "payload");
	if (!*payload || carc_json_type(*payload) != CARC_JSON_OBJECT)
		return carc__jcz_fail(im, CARC_E_PARSE, "no object 'payload'");
	return 0;
}

static int
pass_over_replay(struct jcz_import *im, const struct carc_json_value *replay,
		 bool apply)
{
	size_t n = carc_json_count(replay);

	for (size_t i = 0; i < n; i++) {
		const struct carc_json_value *e = carc_json_at(replay, i);
		const struct carc_json_value *payload = NULL, *pl;
		const struct jcz_message *m;
		const char *type = "";
		int rc = entry_type(im, e, i, &type, &payload);

		if (rc < 0)
			return rc;
		m = find_message(type);
		if (!m)
			return carc__jcz_fail(im, CARC_E_PARSE,
					      "unknown message type (not a "
					      "message of the games the "
					      "library plays)");
		if (!apply) {
			rc = m->scan ? m->scan(im, payload) : 0;
		} else {
			int64_t p = 0;

			/* steps JCZ leaves out (jcz-phantom.c, jcz-crop.c) */
			rc = carc__jcz_fill_skipped(im, type);
			if (rc < 0)
				return rc;
			pl = carc_json_get(e, "player");
			if (pl && !carc_json_int(pl, &p))
				return carc__jcz_fail(im, CARC_E_PARSE,
						"'player' is not an integer");
			if (m->check_player && pl &&
			    p != carc_game_current_player(im->game) &&
			    !carc_game_is_over(im->game))
				return carc__jcz_fail(
					im, CARC_E_WRONG_PHASE,
					"player %lld is not to move "
					"(player %d is)",
					(long long)p,
					carc_game_current_player(im->game));
			rc = m->apply(im, payload);
			if (rc >= 0)
				carc__jcz_meeples_sync(&im->meeples, im->game);
		}
		if (rc < 0)
			return rc;
	}
	im->type = NULL;
	return apply ? carc__jcz_fill_skipped(im, NULL) : 0;
}

static int
import_run(struct jcz_import *im, const struct carc_json_value *replay,
	   struct carc_game **out)
{
	int rc = make_game(im, &im->game);

	im->meeples.n = 0;
	im->meeples.expected = 0;
	im->no_phantom = false;
	if (rc < 0)
		return rc;
	rc = pass_over_replay(im, replay, true);
	if (rc < 0) {
		carc_game_free(im->game);
		im->game = NULL;
		return rc;
	}
	*out = im->game;
	im->game = NULL;
	return 0;
}

static void
import_reset_error(struct jcz_import *im)
{
	im->err = 0;
	im->err_line = im->err_column = 0;
	im->type = NULL;
	if (im->msg_len)
		im->msg[0] = '\0';
}

static int
import_doc(struct jcz_import *im, struct carc_game **out)
{
	const struct carc_json_value *replay = NULL;
	int rc;

	if (carc_json_type(im->root) != CARC_JSON_OBJECT)
		return carc__jcz_fail(im, CARC_E_PARSE,
				      "the document is not a JSON object");
	rc = carc_rules_builder_new(&im->builder);
	if (rc < 0)
		return carc__jcz_fail(im, rc, "out of memory");
	rc = carc__jcz_import_setup(im);
	if (rc < 0)
		return rc;
	rc = read_draw_order(im);
	if (rc < 0)
		return rc;
	rc = carc__jcz_get_array(im, im->root, "replay", "the document",
				 &replay);
	if (rc < 0)
		return rc;
	rc = pass_over_replay(im, replay, false);
	if (rc < 0)
		return rc;
	im->stack = (im->forced_end || im->end_turn >= 0) ? JCZ_STACK_PLAYED
							  : JCZ_STACK_FULL;
	rc = import_run(im, replay, out);
	if (rc < 0 && im->retry_played && im->stack == JCZ_STACK_FULL) {
		/* GAME_OVER while unplayed tiles would still fit: JCZ ended
		 * the game early; replay with exactly the tiles played */
		import_reset_error(im);
		im->retry_played = false;
		im->stack = JCZ_STACK_PLAYED;
		rc = import_run(im, replay, out);
	}
	return rc;
}

CARC_EXPORT int
carc_jcz_import(const char *text, size_t len, struct carc_game **out,
		uint32_t *line_out, uint32_t *column_out, char *msg,
		size_t msg_len)
{
	struct jcz_import im;
	struct carc_json_doc *doc = NULL;
	char jmsg[200];
	uint32_t jl = 0, jc = 0;
	int rc;

	if (!out || (!text && len) || (!msg && msg_len))
		return CARC_E_INVALID;
	memset(&im, 0, sizeof(im));
	im.msg = msg;
	im.msg_len = msg_len;
	if (msg_len)
		msg[0] = '\0';
	rc = carc_json_parse(text ? text : "", len, &doc, &jl, &jc, jmsg,
			     sizeof(jmsg));
	if (rc < 0) {
		im.err_line = jl;
		carc__jcz_fail(&im,
			       rc == CARC_E_NOMEM ? CARC_E_NOMEM : CARC_E_PARSE,
			       "JSON: %s",
			       rc == CARC_E_NOMEM ? "out of memory" : jmsg);
		im.err_column = jc;
		rc = im.err;
	} else {
		im.root = carc_json_root(doc);
		rc = import_doc(&im, out);
	}
	carc_rules_builder_free(im.builder);
	free(im.placed.v);
	free(im.forced.v);
	carc_json_free(doc);
	if (line_out)
		*line_out = rc < 0 ? im.err_line : 0;
	if (column_out)
		*column_out = rc < 0 ? im.err_column : 0;
	return rc < 0 ? rc : CARC_OK;
}

/* ------------------------------------------------------------------ */
/* Export                                                               */
/* ------------------------------------------------------------------ */

/* One writer per move kind (enum carc_move_kind); NULL: JCZ has no
 * message for it. */
static const jcz_move_writer jcz_move_writers[] = {
	[CARC_MOVE_PLACE] = carc__jcz_write_place,
	[CARC_MOVE_DEPLOY] = carc__jcz_write_deploy,
	[CARC_MOVE_PASS] = carc__jcz_write_pass,
	[CARC_MOVE_CROP_CHOICE] = carc__jcz_write_crop_choice,
	[CARC_MOVE_REMOVE] = carc__jcz_write_remove,
};

#define N_WRITERS (sizeof(jcz_move_writers) / sizeof(jcz_move_writers[0]))

static int
export_replay(struct jcz_export *ex, const struct carc_game *game)
{
	int n = carc_game_history_count(game);
	struct carc_json_writer *w = ex->w;

	carc_json_key(w, "replay");
	carc_json_begin_array(w);
	for (int i = 0; i < n; i++) {
		carc_move_t move = 0;
		uint32_t kind;
		int rc, phase, before;

		carc_game_history_at(game, (uint32_t)i, &move);
		ex->move_index = i;
		before = carc_game_phase(ex->replay);
		kind = carc_move_kind(move);
		if (kind >= N_WRITERS || !jcz_move_writers[kind])
			return CARC_E_NOT_ALLOWED;
		rc = jcz_move_writers[kind](ex, move);
		if (rc < 0)
			return rc;
		rc = carc_game_apply(ex->replay, move);
		if (rc < 0)
			return rc;
		carc__jcz_meeples_sync(&ex->meeples, ex->replay);
		carc__jcz_phantom_export_flush(ex);
		phase = carc_game_phase(ex->replay);
		if (carc__jcz_export_commit_after(before, move, phase)) {
			/* the turn's action part, or a crop-circle
			 * response, is over */
			carc_json_begin_object(w);
			carc_json_key(w, "type");
			carc_json_write_string(w, "COMMIT");
			carc_json_key(w, "payload");
			carc_json_begin_object(w);
			carc_json_key(w, "random");
			carc_json_write_number(w, "0.0");
			carc_json_end_object(w);
			carc_json_end_object(w);
		}
	}
	carc_json_end_array(w);
	return 0;
}

/* The stack is JCZ's tile pack, or the pack cut short (gameAnnotations
 * drawOrder and endTurn): no more tiles of a kind than JCZ's sets hold
 * (JCZ stops with "Tile pack does not contain active ..."), and the
 * whole river, which JCZ draws before any other tile. */
static int
check_stack(struct jcz_export *ex, const struct carc_game *game)
{
	int total = carc_game_draw_order(game, NULL, 0);
	uint32_t *order, counts[CARC_TILE_TYPES] = { 0 };
	int rc = 0;

	if (total < 0)
		return total;
	order = malloc(((size_t)total + 1) * sizeof(*order));
	if (!order)
		return CARC_E_NOMEM;
	carc_game_draw_order(game, order, (size_t)total);
	for (int i = 0; i < total; i++)
		counts[order[i]]++;
	free(order);
	for (uint32_t t = 0; t < CARC_TILE_TYPES && rc == 0; t++) {
		uint32_t pack = carc__jcz_pack_count(ex->rules, t);
		char id[32];

		if (counts[t] > pack)
			rc = carc__jcz_refuse(
				ex->msg, ex->msg_len,
				"the stack holds %u tiles %s (%s), "
				"JCloisterZone's tile sets %u",
				counts[t], carc_tile_name(t),
				carc__jcz_tile_id5(t, id, sizeof(id)), pack);
		else if (t >= CARC_TILE_RI_1 && t <= CARC_TILE_RI_10 &&
			 counts[t] != pack)
			rc = carc__jcz_refuse(
				ex->msg, ex->msg_len,
				"the stack leaves out river tiles (%s): "
				"JCloisterZone draws the whole river first",
				carc__jcz_tile_id5(t, id, sizeof(id)));
	}
	return rc;
}

static int
export_doc(struct jcz_export *ex, const struct carc_game *game)
{
	struct carc_json_writer *w = ex->w;
	uint32_t *order, counts[CARC_TILE_TYPES] = { 0 };
	char id[32];
	int total, rc = check_stack(ex, game);

	if (rc < 0)
		return rc;
	carc_json_begin_object(w);
	carc_json_key(w, "appVersion");
	carc_json_write_string(w, "5.7.0");
	carc_json_key(w, "gameId");
	carc_json_write_string(w, "1");
	carc_json_key(w, "name");
	carc_json_write_string(w, "libcarcassonne game");
	/* JCZ's client opens a file without initialRandom as a setup
	 * only, without its moves */
	carc_json_key(w, "initialRandom");
	carc_json_write_number(w, "0.0");
	carc_json_key(w, "created");
	carc_json_write_string(w, "1970-01-01T00:00:00.000Z");
	carc_json_key(w, "clock");
	carc_json_write_int(w, 0);
	carc_json_key(w, "setup");
	carc_json_begin_object(w);
	carc__jcz_export_setup(ex);
	carc_json_key(w, "timer");
	carc_json_write_null(w);
	carc_json_key(w, "start");
	carc_json_begin_array(w);
	carc_json_begin_object(w);
	carc_json_key(w, "tile");
	carc_json_write_string(w, carc__jcz_tile_id5(
					  carc__jcz_export_start_tile(ex->rules),
					  id, sizeof(id)));
	carc_json_key(w, "x");
	carc_json_write_int(w, 0);
	carc_json_key(w, "y");
	carc_json_write_int(w, 0);
	carc_json_key(w, "rotation");
	carc_json_write_int(w, 0);
	carc_json_end_object(w);
	carc_json_end_array(w);
	carc_json_end_object(w);

	carc_json_key(w, "players");
	carc_json_begin_array(w);
	for (uint32_t p = 0; p < ex->players; p++) {
		char name[16];

		snprintf(name, sizeof(name), "P%u", p);
		carc_json_begin_object(w);
		carc_json_key(w, "name");
		carc_json_write_string(w, name);
		carc_json_key(w, "slot");
		carc_json_write_int(w, p);
		carc_json_end_object(w);
	}
	carc_json_end_array(w);

	rc = export_replay(ex, game);
	if (rc < 0)
		return rc;

	/* the whole draw order, so JCZ draws the same tiles */
	total = carc_game_draw_order(game, NULL, 0);
	if (total < 0)
		return total;
	order = malloc(((size_t)total + 1) * sizeof(*order));
	if (!order)
		return CARC_E_NOMEM;
	carc_game_draw_order(game, order, (size_t)total);
	carc_json_key(w, "gameAnnotations");
	carc_json_begin_object(w);
	carc_json_key(w, "drawOrder");
	carc_json_begin_array(w);
	for (int i = 0; i < total; i++) {
		if (!carc__jcz_tile_id5(order[i], id, sizeof(id))) {
			free(order);
			return CARC_E_NOT_ALLOWED;
		}
		carc_json_write_string(w, id);
	}
	carc_json_end_array(w);
	/* a stack other than JCZ's tile pack ends with the draw order */
	for (int i = 0; i < total; i++)
		counts[order[i]]++;
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		if (counts[t] != carc__jcz_pack_count(ex->rules, t)) {
			carc_json_key(w, "endTurn");
			carc_json_write_int(w, total);
			break;
		}
	free(order);
	carc_json_end_object(w);
	carc_json_end_object(w);
	return 0;
}

/* carc_jcz_export() into buf[n], the reason of a refusal into msg[msg_len] */
static int
export_game(const struct carc_game *game, char *buf, size_t n, char *msg,
	    size_t msg_len)
{
	struct jcz_export *ex;
	const char *text = NULL;
	size_t len = 0;
	int rc;

	if (n)
		buf[0] = '\0';
	if (msg_len)
		msg[0] = '\0';
	rc = carc__jcz_export_check_rules(carc_game_rules(game), msg, msg_len);
	if (rc < 0)
		return rc;
	ex = calloc(1, sizeof(*ex));
	if (!ex)
		return CARC_E_NOMEM;
	ex->msg = msg;
	ex->msg_len = msg_len;
	ex->rules = carc_game_rules(game);
	ex->players = (uint32_t)carc_game_player_count(game);
	rc = carc_json_writer_new(&ex->w, 2);
	if (rc >= 0)
		rc = carc_game_new(ex->rules, ex->players, 0, &ex->replay);
	if (rc >= 0) {
		int total = carc_game_draw_order(game, NULL, 0);
		uint32_t *order = malloc(((size_t)(total > 0 ? total : 0) + 1) *
					 sizeof(*order));

		if (!order) {
			rc = CARC_E_NOMEM;
		} else {
			carc_game_draw_order(game, order, (size_t)total);
			rc = total > 0 ? carc_game_set_draw_order(
						 ex->replay, order,
						 (size_t)total)
				       : 0;
			free(order);
		}
	}
	if (rc >= 0)
		rc = export_doc(ex, game);
	if (rc >= 0)
		rc = carc_json_writer_finish(ex->w, &text, &len);
	if (rc >= 0 && len > (size_t)INT_MAX)
		rc = CARC_E_INVALID;
	if (rc >= 0) {
		if (n) {
			size_t k = len < n - 1 ? len : n - 1;

			memcpy(buf, text, k);
			buf[k] = '\0';
		}
		rc = (int)len;
	}
	carc_json_writer_free(ex->w);
	carc_game_free(ex->replay);
	free(ex);
	return rc;
}

CARC_EXPORT int
carc_jcz_export(const struct carc_game *game, char *buf, size_t n)
{
	if (!game || (!buf && n))
		return CARC_E_INVALID;
	return export_game(game, buf, n, NULL, 0);
}

CARC_EXPORT int
carc_jcz_export_check(const struct carc_game *game, char *msg, size_t n)
{
	int rc;

	if (!game || (!msg && n))
		return CARC_E_INVALID;
	rc = export_game(game, NULL, 0, msg, n);
	return rc < 0 ? rc : CARC_OK;
}
