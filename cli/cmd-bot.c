/* SPDX-License-Identifier: MIT */
/*
 * carcassonne bot: a built-in bot (random, greedy, mcts) speaking the bot
 * protocol of doc/bindings/bot-protocol.md on stdin and stdout, so that any
 * referee, ours included (`carcassonne match --bot 'carcassonne bot
 * greedy'`), can play it.
 *
 * The bot follows the game as the referee tells it and, when asked to
 * move, rebuilds it as a record: the rules lines, a deck made of the
 * tiles drawn so far in order followed by the unseen tiles in an
 * arbitrary order, and the move lines, which are record lines already.
 */
#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "common.h"
#include "referee.h"

/* ------------------------------------------------------------------ */
/* Following a game                                                     */
/* ------------------------------------------------------------------ */

struct text {
	char *s;
	size_t len, cap;
};

static int
text_add(struct text *t, const char *s, size_t n)
{
	if (t->len + n + 1 > t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 1024;
		char *grown;

		while (cap < t->len + n + 1)
			cap *= 2;
		grown = realloc(t->s, cap);
		if (!grown)
			return -1;
		t->s = grown;
		t->cap = cap;
	}
	memcpy(t->s + t->len, s, n);
	t->len += n;
	t->s[t->len] = '\0';
	return 0;
}

struct follow {
	struct text header;	/* players, option and tiles lines */
	struct text body;	/* the move lines */
	struct text deck;	/* " E U ...": the tiles drawn, in order */
	int seat;
};

struct follow *
follow_new(void)
{
	struct follow *f = calloc(1, sizeof(*f));

	if (f)
		f->seat = -1;
	return f;
}

void
follow_reset(struct follow *f)
{
	f->header.len = f->body.len = f->deck.len = 0;
	f->seat = -1;
}

void
follow_free(struct follow *f)
{
	if (!f)
		return;
	free(f->header.s);
	free(f->body.s);
	free(f->deck.s);
	free(f);
}

int
follow_seat(const struct follow *f)
{
	return f->seat;
}

static int
add_line(struct text *t, const char *line)
{
	return text_add(t, line, strlen(line)) < 0 || text_add(t, "\n", 1) < 0
		       ? -1
		       : 1;
}

int
follow_line(struct follow *f, const char *l)
{
	if (strncmp(l, "players ", 8) == 0 || strncmp(l, "option ", 7) == 0 ||
	    strncmp(l, "tiles ", 6) == 0)
		return add_line(&f->header, l);
	if (strncmp(l, "seat ", 5) == 0) {
		f->seat = atoi(l + 5);
		return 1;
	}
	/* a tile drawn, or drawn and discarded: the next of the deck */
	if (strncmp(l, "draw ", 5) == 0 || strncmp(l, "discard ", 8) == 0) {
		const char *t = strchr(l, ' ');

		return text_add(&f->deck, t, strlen(t)) < 0 ? -1 : 1;
	}
	if (l[0] == 'P' && l[1] >= '0' && l[1] <= '9' && l[2] == ' ')
		return add_line(&f->body, l);
	return 0;
}

/* Load @n bytes of record text; NULL with the loader's message. */
static struct carc_game *
load(const char *text, size_t n, char *err, size_t errn)
{
	struct carc_game *g = NULL;
	uint32_t line = 0, col = 0;
	char msg[200] = "";
	int rc = carc_game_load(text, n, &g, &line, &col, msg, sizeof(msg));

	if (rc < 0)
		snprintf(err, errn, "record line %u: %s", (unsigned)line,
			 msg[0] ? msg : carc_strerror(rc));
	return rc < 0 ? NULL : g;
}

struct carc_game *
follow_game(const struct follow *f, char *err, size_t errn)
{
	static const char head[] = "carcassonne-record 1\n";
	struct text t = { 0 };
	struct carc_game *g = NULL;
	uint32_t *order = NULL;
	int seen[CARC_TILE_TYPES] = { 0 }, n;
	const char *p;

	/* the stack of these rules: every tile of a game not started */
	if (text_add(&t, head, strlen(head)) < 0 ||
	    text_add(&t, f->header.s ? f->header.s : "", f->header.len) < 0 ||
	    text_add(&t, "end\n", 4) < 0)
		goto nomem;
	if (!(g = load(t.s, t.len, err, errn)))
		goto out;
	n = carc_game_draw_order(g, NULL, 0);
	order = malloc(((size_t)n + 1) * sizeof(*order));
	if (!order)
		goto nomem;
	carc_game_draw_order(g, order, (size_t)n);
	carc_game_free(g);
	g = NULL;
	/* the deck: the tiles drawn, then the unseen ones */
	t.len -= 4;
	if (text_add(&t, "deck", 4) < 0 ||
	    text_add(&t, f->deck.s ? f->deck.s : "", f->deck.len) < 0)
		goto nomem;
	for (p = f->deck.s ? f->deck.s : ""; *p;) {
		char name[16];
		int k = 0, tile;

		while (*p == ' ')
			p++;
		while (*p && *p != ' ' && k < 15)
			name[k++] = *p++;
		name[k] = '\0';
		tile = carc_tile_from_name(name);
		if (k == 0)
			break;
		if (tile < 0 || tile >= CARC_TILE_TYPES) {
			snprintf(err, errn, "unknown tile '%s'", name);
			goto out;
		}
		seen[tile]++;
	}
	for (int i = 0; i < n; i++) {
		const char *name = carc_tile_name(order[i]);

		if (seen[order[i]] > 0) {
			seen[order[i]]--;
			continue;
		}
		if (text_add(&t, " ", 1) < 0 ||
		    text_add(&t, name, strlen(name)) < 0)
			goto nomem;
	}
	if (text_add(&t, "\n", 1) < 0 ||
	    text_add(&t, f->body.s ? f->body.s : "", f->body.len) < 0 ||
	    text_add(&t, "end\n", 4) < 0)
		goto nomem;
	g = load(t.s, t.len, err, errn);
	goto out;
nomem:
	snprintf(err, errn, "out of memory");
out:
	free(order);
	free(t.s);
	return g;
}

/* ------------------------------------------------------------------ */
/* The command                                                          */
/* ------------------------------------------------------------------ */

static void
say(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;

static void
say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

/* A decimal number of milliseconds from 1 to a day; -1 otherwise. */
static int
ms_of(const char *s, uint64_t *out)
{
	uint64_t v = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > 86400000)
			return -1;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	if (v < 1 || v > 86400000)
		return -1;
	*out = v;
	return 0;
}

int
cmd_bot(int argc, char **argv)
{
	const char *spec = NULL;
	uint64_t seed = 1, rng = 0;
	struct builtin *b;
	struct follow *f;
	char err[256], line[65536];
	bool in_game = false, seeded = false;
	int rc = 0, version = BOT_PROTOCOL_VERSION;

	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *v;

		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			return 0;
		} else if (strcmp(a, "--seed") == 0) {
			if (!(v = option_value(argc, argv, &i)) ||
			    parse_number(a, v, 0, UINT64_MAX, &seed) < 0)
				return 2;
		} else if (a[0] == '-') {
			return usage_error("unknown option '%s'", a);
		} else if (spec) {
			return usage_error("bot: one bot only, not also '%s'",
					   a);
		} else {
			spec = a;
		}
	}
	if (!spec)
		spec = "random";
	if (!(b = builtin_new(spec, err, sizeof(err))))
		return usage_error("bot: %s", err);
	if (!(f = follow_new())) {
		builtin_free(b);
		return 1;
	}
	while (fgets(line, sizeof(line), stdin)) {
		size_t len = strcspn(line, "\r\n");
		char name[64], value[256];

		line[len] = '\0';
		if (strncmp(line, "protocol ", 9) == 0) {
			/* the referee's version if it is older than ours:
			 * version 1 has no request ids */
			version = atoi(line + 9) < BOT_PROTOCOL_VERSION
					  ? BOT_PROTOCOL_OLDEST
					  : BOT_PROTOCOL_VERSION;
			say("id name carcassonne-bot %s", builtin_name(b));
			say("id author the libcarcassonne authors");
			say("option seed int %" PRIu64, seed);
			builtin_describe_options(b, stdout);
			say("protocolok %d", version);
		} else if (strcmp(line, "isready") == 0) {
			say("readyok");
		} else if (sscanf(line, "setoption %63s %255s", name,
				  value) == 2) {
			if (strcmp(name, "seed") == 0) {
				seed = strtoull(value, NULL, 10);
			} else if (builtin_set(b, name, value, err,
					       sizeof(err)) < 0) {
				say("info %s", err);
			}
		} else if (strncmp(line, "cpu ", 4) == 0) {
			/* the CPU time per decision the referee grants: a
			 * search without a time of its own takes it */
			uint64_t ms = 0;

			if (ms_of(line + 4, &ms) < 0)
				say("info cpu: '%.40s' is not a number of "
				    "milliseconds", line + 4);
			else if (builtin_budget_cpu(b, ms))
				say("info searching for %" PRIu64 " ms of CPU "
				    "time per decision (%s)", ms,
				    builtin_name(b));
		} else if (strcmp(line, "newgame") == 0) {
			follow_reset(f);
			builtin_reset(b);
			in_game = true;
			seeded = false;
		} else if (strncmp(line, "go", 2) == 0 &&
			   (line[2] == '\0' || line[2] == ' ') && in_game) {
			struct carc_game *g = follow_game(f, err, sizeof(err));
			carc_move_t m;
			char text[128];

			if (!g) {
				say("info cannot follow the game: %s", err);
				rc = 1;
				break;
			}
			if (!seeded) {
				/* the same moves from the same seat, whatever
				 * the game: mirrored seatings play alike */
				rng = seed ^ (0x9e3779b97f4a7c15ull *
					      (uint64_t)(follow_seat(f) + 1));
				seeded = true;
			}
			m = builtin_choose(b, g, &rng);
			carc_game_free(g);
			if (m == CARC_MOVE_NONE ||
			    carc_move_describe(m, text, sizeof(text)) < 0) {
				say("info no move");
				rc = 1;
				break;
			}
			if (version >= 2) {
				/* "go ID ...": the answer is "move ID ..." */
				const char *id = line + 2 + strspn(line + 2, " ");

				say("move %.*s %s", (int)strcspn(id, " "), id,
				    text);
			} else {
				say("move %s", text);
			}
		} else if (strcmp(line, "quit") == 0) {
			break;
		} else if (strcmp(line, "end") == 0 ||
			   strncmp(line, "scores", 6) == 0 ||
			   strncmp(line, "forfeit ", 8) == 0) {
			in_game = strcmp(line, "end") != 0 && in_game;
		} else {
			int k = in_game ? follow_line(f, line) : 0;

			if (k < 0) {
				rc = 1;
				break;
			}
			if (k == 0)
				say("info unknown command '%.80s'", line);
		}
	}
	follow_free(f);
	builtin_free(b);
	return rc;
}
