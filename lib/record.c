/* SPDX-License-Identifier: MIT */
/*
 * Game records: the text format of doc/users/record-format.md.
 *
 * Built on the public API only (carc-private.h is included for
 * CARC_EXPORT alone), so the format stays an application of the library
 * rather than a view of its insides: the saver replays the game's history
 * on a fresh game to learn who made each move and which tile was in hand,
 * and the loader validates every move with carc_game_apply().
 */
#include "config.h"

#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "carc-private.h"

#define RECORD_VERSION 1
#define MAX_DECK 65536u		/* far above any stack the rules accept */
#define TILES_PER_LINE 16

/* ------------------------------------------------------------------ */
/* Saving                                                               */
/* ------------------------------------------------------------------ */

struct out {
	char *buf;
	size_t n;
	size_t len;
	bool overflow;		/* the text outgrew INT_MAX */
};

CARC_PRINTF(2, 3) static void
out_printf(struct out *o, const char *fmt, ...)
{
	va_list ap;
	char *dst = NULL;
	size_t room = 0;
	int k;

	if (o->len < o->n) {
		dst = o->buf + o->len;
		room = o->n - o->len;
	}
	va_start(ap, fmt);
	k = vsnprintf(dst, room, fmt, ap);
	va_end(ap);
	if (k < 0 || o->len + (size_t)k > (size_t)INT_MAX) {
		o->overflow = true;
		return;
	}
	o->len += (size_t)k;
}

/* Every option, in the order of their numbers, each value as its word
 * (carc_option_value_name()) or, for a plain number, in decimal. */
static void
save_options(struct out *o, const struct carc_rules *rules)
{
	for (uint32_t opt = 1; carc_option_info(opt, NULL, NULL, NULL) >= 0;
	     opt++) {
		const char *word;
		int32_t v = 0;

		carc_rules_get(rules, opt, &v);
		word = carc_option_value_name(opt, v);
		if (word)
			out_printf(o, "option %s %s\n", carc_option_name(opt),
				   word);
		else
			out_printf(o, "option %s %d\n", carc_option_name(opt),
				   (int)v);
	}
}

/* Tile counts that differ from the defaults of rules with the same
 * options; "*=0" first when listing the non-empty types is shorter.
 * The counts are the builder's: with the river and a start tile drawn
 * as an ordinary tile, the rules' count of D holds that start tile too,
 * which the build adds again on load. */
static void
save_tiles(struct out *o, const struct carc_rules *rules)
{
	int count[CARC_TILE_TYPES], dflt[CARC_TILE_TYPES];
	int extra = (int)carc__river_extra_start(rules->opt);
	uint32_t n_diff = 0, n_nonzero = 0, on_line = 0;
	bool wildcard;

	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
		count[t] = carc_rules_tile_count(rules, t);
		dflt[t] = carc_rules_default_tile_count(rules, t);
		if (t == CARC_TILE_D) {
			count[t] -= extra;
			dflt[t] -= extra;
		}
		n_diff += count[t] != dflt[t];
		n_nonzero += count[t] != 0;
	}
	if (n_diff == 0)
		return;

	wildcard = n_nonzero + 1 < n_diff;
	out_printf(o, "tiles");
	if (wildcard) {
		out_printf(o, " *=0");
		on_line++;
	}
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
		if (wildcard ? count[t] == 0 : count[t] == dflt[t])
			continue;
		if (on_line == TILES_PER_LINE) {
			out_printf(o, "\ntiles");
			on_line = 0;
		}
		out_printf(o, " %s=%d", carc_tile_name(t), count[t]);
		on_line++;
	}
	out_printf(o, "\n");
}

static void
save_at(struct out *o, carc_move_t m, int32_t last_x, int32_t last_y)
{
	if (carc_move_x(m) != last_x || carc_move_y(m) != last_y)
		out_printf(o, " at %d,%d", (int)carc_move_x(m),
			   (int)carc_move_y(m));
}

static const char *
figure_name(uint32_t figure)
{
	const char *name = carc_figure_name(figure);

	return name ? name : "?";
}

/* One move line; the game is the replay, still before the move. */
static void
save_move(struct out *o, const struct carc_game *g, carc_move_t m,
	  int32_t *last_x, int32_t *last_y)
{
	uint32_t fig = carc_move_figure(m);
	const char *feat;

	out_printf(o, "P%d ", carc_game_current_player(g));
	switch (carc_move_kind(m)) {
	case CARC_MOVE_PLACE:
		out_printf(o, "place %s %d,%d r%u\n",
			   carc_tile_name((uint32_t)carc_game_current_tile(g)),
			   (int)carc_move_x(m), (int)carc_move_y(m),
			   (unsigned)carc_move_rotation(m));
		*last_x = carc_move_x(m);
		*last_y = carc_move_y(m);
		return;
	case CARC_MOVE_DEPLOY:
		if (fig >= CARC_FIGURE_TOWER && fig <= CARC_FIGURE_SHED) {
			out_printf(o, "build %s", figure_name(fig));
		} else {
			feat = carc_feature_name(carc_move_feature(m));
			out_printf(o, "deploy %s %s", figure_name(fig),
				   feat ? feat : "?");
		}
		save_at(o, m, *last_x, *last_y);
		break;
	case CARC_MOVE_REMOVE:
		feat = carc_feature_name(carc_move_feature(m));
		out_printf(o, "remove %s %s", figure_name(fig),
			   feat ? feat : "?");
		save_at(o, m, *last_x, *last_y);
		break;
	default: {
		/* "crop deploy", "crop remove", "pass", "second-tile": as
		 * described */
		char text[32];

		if (carc_move_describe(m, text, sizeof(text)) < 0)
			snprintf(text, sizeof(text), "pass");
		out_printf(o, "%s", text);
		break;
	}
	}
	out_printf(o, "\n");
}

CARC_EXPORT int
carc_game_save(const struct carc_game *game, char *buf, size_t n)
{
	struct out o = { buf, n, 0, false };
	const struct carc_rules *rules;
	struct carc_game *replay = NULL;
	uint32_t *order = NULL;
	int n_order, n_players, n_moves, rc;
	int32_t last_x = 0, last_y = 0;

	if (!game || (!buf && n > 0))
		return CARC_E_INVALID;
	if (n > 0)
		buf[0] = '\0';
	rules = carc_game_rules(game);
	n_players = carc_game_player_count(game);
	n_order = carc_game_draw_order(game, NULL, 0);
	n_moves = carc_game_history_count(game);
	if (n_players < 0 || n_order < 0 || n_moves < 0)
		return CARC_E_INVALID;

	out_printf(&o, "carcassonne-record %d\n", RECORD_VERSION);
	out_printf(&o, "# written by libcarcassonne %s\n",
		   carc_version_string());
	out_printf(&o, "players %d\n", n_players);
	save_options(&o, rules);
	save_tiles(&o, rules);

	order = malloc(((size_t)n_order + 1) * sizeof(*order));
	if (!order)
		return CARC_E_NOMEM;
	carc_game_draw_order(game, order, (size_t)n_order);
	out_printf(&o, "deck");
	for (int i = 0; i < n_order; i++) {
		if (i > 0 && i % TILES_PER_LINE == 0)
			out_printf(&o, "\ndeck");
		out_printf(&o, " %s", carc_tile_name(order[i]));
	}
	out_printf(&o, "\n");

	/* Replay the history to learn the player and tile of each move. */
	rc = carc_game_new(rules, (uint32_t)n_players, 0, &replay);
	if (rc < 0)
		goto out;
	if (n_order > 0) {
		rc = carc_game_set_draw_order(replay, order, (size_t)n_order);
		if (rc < 0)
			goto out;
	}
	for (int i = 0; i < n_moves; i++) {
		carc_move_t m;

		carc_game_history_at(game, (uint32_t)i, &m);
		save_move(&o, replay, m, &last_x, &last_y);
		rc = carc_game_apply(replay, m);
		if (rc < 0)
			goto out;
	}

	out_printf(&o, "scores");
	for (int p = 0; p < n_players; p++)
		out_printf(&o, " %d", carc_game_score(game, (uint32_t)p));
	out_printf(&o, "\nend\n");
	rc = o.overflow ? CARC_E_INVALID : (int)o.len;
out:
	carc_game_free(replay);
	free(order);
	if (rc < 0 && n > 0)
		buf[0] = '\0';
	return rc;
}

/* ------------------------------------------------------------------ */
/* Loading                                                              */
/* ------------------------------------------------------------------ */

struct token {
	const char *s;
	size_t len;
	uint32_t column;	/* 1-based */
};

struct loader {
	const char *text;
	size_t len;
	size_t pos;		/* start of the next line */
	uint32_t lineno;	/* current line, 1-based */
	const char *line, *line_end, *cur;

	/* the error, first one wins */
	int err;
	uint32_t err_line, err_col;
	char *msg;
	size_t msg_len;

	bool header;
	bool ended;
	uint32_t players;
	uint64_t seed;
	struct carc_rules_builder *builder;
	uint32_t *deck;
	size_t n_deck, cap_deck;
	bool has_deck;
	uint32_t deck_line;
	struct carc_game *game;
	int32_t last_x, last_y;
	bool placed;
	uint32_t discards_checked;	/* discards named by 'discard' lines */
};

CARC_PRINTF(4, 5) static int
fail(struct loader *l, int code, uint32_t column, const char *fmt, ...)
{
	va_list ap;

	if (l->err < 0)
		return l->err;
	l->err = code;
	l->err_line = l->lineno;
	l->err_col = column;
	if (l->msg && l->msg_len > 0) {
		va_start(ap, fmt);
		vsnprintf(l->msg, l->msg_len, fmt, ap);
		va_end(ap);
	}
	return code;
}

/* Advance to the next line; false at the end of the text. */
static bool
next_line(struct loader *l)
{
	size_t e;

	if (l->pos >= l->len)
		return false;
	e = l->pos;
	while (e < l->len && l->text[e] != '\n')
		e++;
	l->line = l->text + l->pos;
	l->line_end = l->text + e;
	if (l->line_end > l->line && l->line_end[-1] == '\r')
		l->line_end--;
	l->cur = l->line;
	l->lineno++;
	l->pos = e + 1;
	return true;
}

/* The next token of the current line; false at its end or at a '#',
 * with *t then an empty token there (never left unset, so no path can
 * read an old or uninitialised one). */
static bool
next_token(struct loader *l, struct token *t)
{
	const char *p = l->cur;

	while (p < l->line_end && (*p == ' ' || *p == '\t'))
		p++;
	if (p == l->line_end || *p == '#') {
		t->s = p;
		t->len = 0;
		t->column = (uint32_t)(p - l->line) + 1;
		l->cur = l->line_end;
		return false;
	}
	t->s = p;
	t->column = (uint32_t)(p - l->line) + 1;
	while (p < l->line_end && *p != ' ' && *p != '\t' && *p != '#')
		p++;
	t->len = (size_t)(p - t->s);
	l->cur = p;
	return true;
}

static bool
tok_is(const struct token *t, const char *word)
{
	return strlen(word) == t->len && memcmp(t->s, word, t->len) == 0;
}

/* Copy a token into @buf as a C string (cut to fit, so a long token
 * simply fails the lookups that follow). */
static const char *
tok_str(const struct token *t, char *buf, size_t n)
{
	size_t k = t->len < n - 1 ? t->len : n - 1;

	memcpy(buf, t->s, k);
	buf[k] = '\0';
	return buf;
}

/* Printable form of a token for messages: "%.*s" needs an int. */
#define TOK(t) (int)((t)->len > 40 ? 40 : (t)->len), (t)->s

static bool
parse_int(const char *s, size_t len, long long min, long long max,
	  long long *out)
{
	long long v = 0;
	bool neg = false;
	size_t i = 0;

	if (i < len && (s[i] == '-' || s[i] == '+'))
		neg = s[i++] == '-';
	if (i == len)
		return false;
	for (; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (s[i] - '0');
		if (v > 1000000000000LL)
			return false;
	}
	if (neg)
		v = -v;
	if (v < min || v > max)
		return false;
	*out = v;
	return true;
}

static bool
parse_u64(const struct token *t, uint64_t *out)
{
	uint64_t v = 0;

	if (t->len == 0 || t->len > 20)
		return false;
	for (size_t i = 0; i < t->len; i++) {
		uint64_t d;

		if (t->s[i] < '0' || t->s[i] > '9')
			return false;
		d = (uint64_t)(t->s[i] - '0');
		if (v > (UINT64_MAX - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = v;
	return true;
}

/* "X,Y" with both in the int16 range of a move. */
static int
parse_pos(struct loader *l, const struct token *t, int32_t *x, int32_t *y)
{
	const char *comma = memchr(t->s, ',', t->len);
	long long vx, vy;

	if (!comma ||
	    !parse_int(t->s, (size_t)(comma - t->s), -32768, 32767, &vx) ||
	    !parse_int(comma + 1, t->len - (size_t)(comma - t->s) - 1,
		       -32768, 32767, &vy))
		return fail(l, CARC_E_PARSE, t->column,
			    "bad coordinates '%.*s' (want X,Y with "
			    "-32768 <= X, Y <= 32767)", TOK(t));
	*x = (int32_t)vx;
	*y = (int32_t)vy;
	return CARC_OK;
}

static int
parse_tile(struct loader *l, const struct token *t, uint32_t *tile)
{
	char buf[16];
	int rc = carc_tile_from_name(tok_str(t, buf, sizeof(buf)));

	if (rc < 0 || t->len >= sizeof(buf))
		return fail(l, CARC_E_UNKNOWN_TILE, t->column,
			    "unknown tile '%.*s'", TOK(t));
	*tile = (uint32_t)rc;
	return CARC_OK;
}

static int
expect_end(struct loader *l)
{
	struct token t;

	if (next_token(l, &t))
		return fail(l, CARC_E_PARSE, t.column,
			    "unexpected '%.*s' at the end of the line",
			    TOK(&t));
	return CARC_OK;
}

static int
need_token(struct loader *l, struct token *t, const char *what)
{
	if (!next_token(l, t))
		return fail(l, CARC_E_PARSE,
			    (uint32_t)(l->line_end - l->line) + 1,
			    "line ends early: %s expected", what);
	return CARC_OK;
}

/* ---- header lines ---- */

static int
load_option(struct loader *l)
{
	struct token name, val;
	char name_buf[64], val_buf[64];
	long long number;
	int32_t v;
	int rc, opt;

	if ((rc = need_token(l, &name, "option name")) < 0 ||
	    (rc = need_token(l, &val, "option value")) < 0 ||
	    (rc = expect_end(l)) < 0)
		return rc;
	opt = name.len < sizeof(name_buf)
		      ? carc_option_from_name(tok_str(&name, name_buf,
						      sizeof(name_buf)))
		      : CARC_E_UNKNOWN_OPTION;
	if (opt < 0)
		return fail(l, CARC_E_UNKNOWN_OPTION, name.column,
			    "unknown option '%.*s'", TOK(&name));
	if (val.len < sizeof(val_buf) &&
	    carc_option_value_from_name((uint32_t)opt,
					tok_str(&val, val_buf, sizeof(val_buf)),
					&v) == CARC_OK)
		return carc_rules_builder_set(l->builder, (uint32_t)opt, v);
	/* a number out of the option's range, or not a value at all */
	if (parse_int(val.s, val.len, INT32_MIN, INT32_MAX, &number))
		return fail(l, CARC_E_INVALID, val.column,
			    "value '%.*s' of option %s: %s", TOK(&val),
			    carc_option_name((uint32_t)opt),
			    carc_strerror(CARC_E_INVALID));
	return fail(l, CARC_E_PARSE, val.column,
		    "bad value '%.*s' for option %s", TOK(&val),
		    carc_option_name((uint32_t)opt));
}

static int
load_tiles(struct loader *l)
{
	struct token t;
	int rc;

	while (next_token(l, &t)) {
		const char *eq = memchr(t.s, '=', t.len);
		struct token name = t;
		long long count;
		uint32_t tile = 0;

		if (!eq || !parse_int(eq + 1, t.len - (size_t)(eq - t.s) - 1,
				      0, 4000, &count))
			return fail(l, CARC_E_PARSE, t.column,
				    "bad tile count '%.*s' (want NAME=COUNT, "
				    "0 <= COUNT <= 4000)", TOK(&t));
		name.len = (size_t)(eq - t.s);
		if (name.len == 1 && name.s[0] == '*') {
			for (uint32_t k = 0; k < CARC_TILE_TYPES; k++)
				carc_rules_builder_set_tile_count(
					l->builder, k, (uint32_t)count);
			continue;
		}
		if ((rc = parse_tile(l, &name, &tile)) < 0)
			return rc;
		carc_rules_builder_set_tile_count(l->builder, tile,
						  (uint32_t)count);
	}
	return CARC_OK;
}

static int
load_deck(struct loader *l)
{
	struct token t;
	int rc;

	if (!l->has_deck)
		l->deck_line = l->lineno;
	l->has_deck = true;
	while (next_token(l, &t)) {
		uint32_t tile = 0;

		if ((rc = parse_tile(l, &t, &tile)) < 0)
			return rc;
		if (l->n_deck == MAX_DECK)
			return fail(l, CARC_E_PARSE, t.column,
				    "deck too long");
		if (l->n_deck == l->cap_deck) {
			size_t cap = l->cap_deck ? 2 * l->cap_deck : 128;
			uint32_t *d = realloc(l->deck, cap * sizeof(*d));

			if (!d)
				return fail(l, CARC_E_NOMEM, 0,
					    "out of memory");
			l->deck = d;
			l->cap_deck = cap;
		}
		l->deck[l->n_deck++] = tile;
	}
	return CARC_OK;
}

/* Create the game from the header, before the first move (or at the
 * end of a record without moves). */
static int
start_game(struct loader *l)
{
	struct carc_rules *rules;
	uint32_t line = l->lineno;
	int rc, n;

	if (l->game)
		return CARC_OK;
	if (l->players == 0)
		return fail(l, CARC_E_PARSE, 0,
			    "no 'players' line before the first move");
	rc = carc_rules_builder_build(l->builder, &rules);
	if (rc < 0)
		return fail(l, rc, 0, "cannot build the rules: %s",
			    carc_strerror(rc));
	rc = carc_game_new(rules, l->players, l->seed, &l->game);
	carc_rules_unref(rules);
	if (rc < 0)
		return fail(l, rc, 0, "cannot start the game: %s",
			    carc_strerror(rc));
	if (!l->has_deck)
		return CARC_OK;
	n = carc_game_draw_order(l->game, NULL, 0);
	if (n >= 0 && (size_t)n != l->n_deck) {
		l->lineno = l->deck_line;
		rc = fail(l, CARC_E_INVALID, 0,
			  "the deck lists %zu tiles but the rules give a "
			  "stack of %d", l->n_deck, n);
		l->lineno = line;
		return rc;
	}
	if (l->n_deck == 0)
		return CARC_OK;
	rc = carc_game_set_draw_order(l->game, l->deck, l->n_deck);
	if (rc < 0) {
		l->lineno = l->deck_line;
		rc = fail(l, rc, 0,
			  "the deck does not match the tiles of the rules: %s",
			  carc_strerror(rc));
		l->lineno = line;
	}
	return rc;
}

/* ---- move lines ---- */

static int
parse_figure(struct loader *l, const struct token *t, bool building,
	     uint32_t *fig)
{
	char buf[16];
	int k = t->len < sizeof(buf)
			? carc_figure_from_name(tok_str(t, buf, sizeof(buf)))
			: CARC_E_INVALID;

	if (k > 0 &&
	    (k >= CARC_FIGURE_TOWER && k <= CARC_FIGURE_SHED) == building) {
		*fig = (uint32_t)k;
		return CARC_OK;
	}
	return fail(l, CARC_E_PARSE, t->column,
		    building ? "unknown building '%.*s' (tower, house or shed)"
			     : "unknown figure '%.*s' (follower, phantom, "
			       "large-follower, builder or pig)",
		    TOK(t));
}

static int
parse_feature(struct loader *l, const struct token *t, uint32_t *feat)
{
	char buf[16];
	int rc = carc_feature_from_name(tok_str(t, buf, sizeof(buf)));

	if (rc <= 0 || t->len >= sizeof(buf))
		return fail(l, CARC_E_PARSE, t->column,
			    "unknown feature '%.*s' (c1, r2, f3, monastery, ...)",
			    TOK(t));
	*feat = (uint32_t)rc;
	return CARC_OK;
}

/* Optional "at X,Y"; the tile placed last otherwise. */
static int
parse_at(struct loader *l, int32_t *x, int32_t *y)
{
	struct token t;
	int rc;

	if (!next_token(l, &t)) {
		if (!l->placed)
			return fail(l, CARC_E_PARSE, 0,
				    "no tile placed yet: give 'at X,Y'");
		*x = l->last_x;
		*y = l->last_y;
		return CARC_OK;
	}
	if (!tok_is(&t, "at"))
		return fail(l, CARC_E_PARSE, t.column,
			    "unexpected '%.*s' ('at X,Y' or nothing "
			    "expected)", TOK(&t));
	if ((rc = need_token(l, &t, "X,Y")) < 0 ||
	    (rc = parse_pos(l, &t, x, y)) < 0)
		return rc;
	return expect_end(l);
}

static int
load_move(struct loader *l, const struct token *who)
{
	struct token verb, t;
	carc_move_t m = CARC_MOVE_NONE;
	long long player;
	uint32_t tile = CARC_TILE_TYPES, fig = 0, feat = 0;
	int32_t x = 0, y = 0;
	int rc, cur;

	if (who->len < 2 ||
	    !parse_int(who->s + 1, who->len - 1, 0, 5, &player))
		return fail(l, CARC_E_PARSE, who->column,
			    "unknown line '%.*s'", TOK(who));
	if ((rc = need_token(l, &verb, "a move")) < 0)
		return rc;

	if (tok_is(&verb, "place")) {
		struct token a, b, c;
		bool three;

		if ((rc = need_token(l, &a, "X,Y")) < 0 ||
		    (rc = need_token(l, &b, "rotation")) < 0)
			return rc;
		three = next_token(l, &c);
		if (three) {
			if ((rc = parse_tile(l, &a, &tile)) < 0)
				return rc;
			a = b;
			b = c;
		}
		if ((rc = parse_pos(l, &a, &x, &y)) < 0)
			return rc;
		if (b.len != 2 || b.s[0] != 'r' || b.s[1] < '0' ||
		    b.s[1] > '3')
			return fail(l, CARC_E_PARSE, b.column,
				    "bad rotation '%.*s' (r0, r1, r2 or r3)",
				    TOK(&b));
		if ((rc = expect_end(l)) < 0)
			return rc;
		m = carc_move_place(x, y, (uint32_t)(b.s[1] - '0'));
	} else if (tok_is(&verb, "deploy") || tok_is(&verb, "remove")) {
		bool deploy = tok_is(&verb, "deploy");

		if ((rc = need_token(l, &t, "figure")) < 0 ||
		    (rc = parse_figure(l, &t, false, &fig)) < 0 ||
		    (rc = need_token(l, &t, "feature")) < 0 ||
		    (rc = parse_feature(l, &t, &feat)) < 0 ||
		    (rc = parse_at(l, &x, &y)) < 0)
			return rc;
		m = deploy ? carc_move_deploy(fig, x, y, feat)
			   : carc_move_remove(fig, x, y, feat);
	} else if (tok_is(&verb, "build")) {
		if ((rc = need_token(l, &t, "building")) < 0 ||
		    (rc = parse_figure(l, &t, true, &fig)) < 0 ||
		    (rc = parse_at(l, &x, &y)) < 0)
			return rc;
		m = carc_move_build(fig, x, y);
	} else if (tok_is(&verb, "crop")) {
		if ((rc = need_token(l, &t, "deploy or remove")) < 0)
			return rc;
		if (!tok_is(&t, "deploy") && !tok_is(&t, "remove"))
			return fail(l, CARC_E_PARSE, t.column,
				    "bad crop-circle choice '%.*s' (deploy "
				    "or remove)", TOK(&t));
		if ((rc = expect_end(l)) < 0)
			return rc;
		m = carc_move_crop_choice(tok_is(&t, "deploy")
						  ? CARC_CROP_DEPLOY
						  : CARC_CROP_REMOVE);
	} else if (tok_is(&verb, "pass")) {
		if ((rc = expect_end(l)) < 0)
			return rc;
		m = carc_move_pass();
	} else if (tok_is(&verb, "second-tile")) {
		/* Traders & Builders: the builder's second tile taken */
		if ((rc = expect_end(l)) < 0)
			return rc;
		m = carc_move_second_tile();
	} else {
		return fail(l, CARC_E_PARSE, verb.column,
			    "unknown move '%.*s'", TOK(&verb));
	}
	if (m == CARC_MOVE_NONE)
		return fail(l, CARC_E_PARSE, verb.column,
			    "move out of range");

	if ((rc = start_game(l)) < 0)
		return rc;
	if (carc_game_is_over(l->game) == 1)
		return fail(l, CARC_E_GAME_OVER, verb.column,
			    "illegal move: %s",
			    carc_strerror(CARC_E_GAME_OVER));
	if ((uint32_t)player >= l->players)
		return fail(l, CARC_E_PARSE, who->column,
			    "no player P%lld in a %u-player game", player,
			    (unsigned)l->players);
	cur = carc_game_current_player(l->game);
	if (cur != (int)player)
		return fail(l, CARC_E_WRONG_PHASE, who->column,
			    "wrong player: P%d is to move, not P%lld", cur,
			    player);

	if (tile != CARC_TILE_TYPES &&
	    carc_game_phase(l->game) == CARC_PHASE_PLACE_TILE) {
		int hand = carc_game_current_tile(l->game);

		if (l->has_deck && hand >= 0 && (uint32_t)hand != tile)
			return fail(l, CARC_E_UNKNOWN_TILE, verb.column + 6,
				    "the deck puts tile %s in hand, not %s",
				    carc_tile_name((uint32_t)hand),
				    carc_tile_name(tile));
		rc = carc_game_set_next_tile(l->game, tile);
		if (rc < 0)
			return fail(l, rc, verb.column + 6,
				    "no tile %s left in the stack",
				    carc_tile_name(tile));
	}
	rc = carc_game_apply(l->game, m);
	if (rc < 0) {
		/* the game is unchanged: the words say why it refused, the
		 * rule or option included (carc_game_explain_refusal()) */
		char why[256];

		if (carc_game_explain_refusal(l->game, m, why,
					      sizeof(why)) <= 0)
			snprintf(why, sizeof(why), "%s", carc_strerror(rc));
		return fail(l, rc, verb.column, "illegal move: %s", why);
	}
	if (carc_move_kind(m) == CARC_MOVE_PLACE) {
		l->last_x = x;
		l->last_y = y;
		l->placed = true;
	}
	return CARC_OK;
}

static int
load_scores(struct loader *l)
{
	struct token t;
	uint32_t p = 0;
	int rc;

	if ((rc = start_game(l)) < 0)
		return rc;
	while (next_token(l, &t)) {
		long long v;
		int have;

		if (!parse_int(t.s, t.len, 0, INT32_MAX, &v))
			return fail(l, CARC_E_PARSE, t.column,
				    "bad score '%.*s'", TOK(&t));
		if (p == l->players)
			return fail(l, CARC_E_PARSE, t.column,
				    "more scores than players");
		have = carc_game_score(l->game, p);
		if (have != v)
			return fail(l, CARC_E_PARSE, t.column,
				    "P%u scores %d, not %lld as recorded",
				    (unsigned)p, have, v);
		p++;
	}
	if (p != l->players)
		return fail(l, CARC_E_PARSE, 0,
			    "%u scores for %u players", (unsigned)p,
			    (unsigned)l->players);
	return CARC_OK;
}

/* "discard TILE": the next tile the game discarded, in the order of
 * carc_game_discard_at(), is TILE; it must have been discarded by now. */
static int
load_discard(struct loader *l)
{
	struct token t;
	uint32_t tile = 0;
	int rc, have;

	if ((rc = start_game(l)) < 0 ||
	    (rc = need_token(l, &t, "a tile")) < 0 ||
	    (rc = parse_tile(l, &t, &tile)) < 0)
		return rc;
	if ((int)l->discards_checked >= carc_game_discard_count(l->game))
		return fail(l, CARC_E_PARSE, t.column,
			    "no tile left to discard here: %u discarded so "
			    "far, all named above",
			    (unsigned)l->discards_checked);
	have = carc_game_discard_at(l->game, l->discards_checked);
	if (have != (int)tile)
		return fail(l, CARC_E_PARSE, t.column,
			    "the tile discarded here is %s, not %.*s",
			    carc_tile_name((uint32_t)have), TOK(&t));
	l->discards_checked++;
	return expect_end(l);
}

static int
load_line(struct loader *l)
{
	struct token t, v;
	long long n;
	int rc;

	if (!next_token(l, &t))
		return CARC_OK;		/* blank or comment */
	if (l->ended)
		return fail(l, CARC_E_PARSE, t.column,
			    "text after 'end'");
	if (!l->header) {
		if (!tok_is(&t, "carcassonne-record"))
			return fail(l, CARC_E_PARSE, t.column,
				    "not a game record: the first line "
				    "must be 'carcassonne-record %d'",
				    RECORD_VERSION);
		if ((rc = need_token(l, &v, "format version")) < 0)
			return rc;
		if (!parse_int(v.s, v.len, 1, 1000, &n) ||
		    n != RECORD_VERSION)
			return fail(l, CARC_E_PARSE, v.column,
				    "unsupported record version '%.*s'",
				    TOK(&v));
		l->header = true;
		return expect_end(l);
	}

	if (tok_is(&t, "end")) {
		if ((rc = expect_end(l)) < 0 || (rc = start_game(l)) < 0)
			return rc;
		l->ended = true;
		return CARC_OK;
	}
	if (tok_is(&t, "scores"))
		return load_scores(l);
	if (tok_is(&t, "discard"))
		return load_discard(l);
	if (t.s[0] == 'P')
		return load_move(l, &t);

	/* the header proper: only before the first move */
	if (!tok_is(&t, "players") && !tok_is(&t, "option") &&
	    !tok_is(&t, "tiles") && !tok_is(&t, "deck") &&
	    !tok_is(&t, "seed"))
		return fail(l, CARC_E_PARSE, t.column,
			    "unknown line '%.*s'", TOK(&t));
	if (l->game)
		return fail(l, CARC_E_PARSE, t.column,
			    "'%.*s' must come before the first move",
			    TOK(&t));
	if (tok_is(&t, "option"))
		return load_option(l);
	if (tok_is(&t, "tiles"))
		return load_tiles(l);
	if (tok_is(&t, "deck"))
		return load_deck(l);
	if ((rc = need_token(l, &v, "a number")) < 0)
		return rc;
	if (tok_is(&t, "seed")) {
		if (!parse_u64(&v, &l->seed))
			return fail(l, CARC_E_PARSE, v.column,
				    "bad seed '%.*s'", TOK(&v));
		return expect_end(l);
	}
	if (!parse_int(v.s, v.len, 2, 6, &n))
		return fail(l, CARC_E_PARSE, v.column,
			    "bad player count '%.*s' (2 to 6)", TOK(&v));
	l->players = (uint32_t)n;
	return expect_end(l);
}

CARC_EXPORT int
carc_game_load(const char *text, size_t len, struct carc_game **out,
	       uint32_t *line_out, uint32_t *column_out, char *msg,
	       size_t msg_len)
{
	struct loader l;
	int rc;

	if ((!text && len > 0) || !out || (!msg && msg_len > 0))
		return CARC_E_INVALID;
	memset(&l, 0, sizeof(l));
	l.text = text;
	l.len = len;
	l.msg = msg;
	l.msg_len = msg_len;
	if (msg_len > 0)
		msg[0] = '\0';

	rc = carc_rules_builder_new(&l.builder);
	if (rc < 0) {
		fail(&l, rc, 0, "out of memory");
		goto out;
	}
	while (next_line(&l)) {
		for (const char *p = l.line; p < l.line_end; p++) {
			unsigned char c = (unsigned char)*p;

			if (c < 0x20 && c != '\t') {
				fail(&l, CARC_E_PARSE,
				     (uint32_t)(p - l.line) + 1,
				     "control character 0x%02x", c);
				goto out;
			}
		}
		if (load_line(&l) < 0)
			goto out;
	}
	if (!l.ended) {
		/* the line after the last one: where 'end' was due */
		l.lineno = 1;
		for (size_t i = 0; i < len; i++)
			l.lineno += text[i] == '\n';
		if (!l.header)
			fail(&l, CARC_E_PARSE, 0,
			     "not a game record: the first line must be "
			     "'carcassonne-record %d'", RECORD_VERSION);
		else
			fail(&l, CARC_E_PARSE, 0,
			     "truncated record: no 'end' line");
	}
out:
	carc_rules_builder_free(l.builder);
	free(l.deck);
	if (l.err < 0) {
		carc_game_free(l.game);
		if (line_out)
			*line_out = l.err_line;
		if (column_out)
			*column_out = l.err_col;
		return l.err;
	}
	if (line_out)
		*line_out = 0;
	if (column_out)
		*column_out = 0;
	*out = l.game;
	return CARC_OK;
}
