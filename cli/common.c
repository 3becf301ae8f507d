/* SPDX-License-Identifier: MIT */
/*
 * Shared helpers of the carcassonne tool: files and records, events,
 * replaying a prefix of a record, scores, the board's extent and the
 * rule options given as record-header lines.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "common.h"

const char *progname = "carcassonne";

/* ------------------------------------------------------------------ */
/* Files and records                                                    */
/* ------------------------------------------------------------------ */

char *
read_file(const char *path, size_t *len_out)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0;

	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", progname, path,
			strerror(errno));
		return NULL;
	}
	for (;;) {
		size_t k;

		if (cap - len < 4096) {
			char *nb = realloc(buf, cap ? 2 * cap : 65536);

			if (!nb) {
				fprintf(stderr, "%s: out of memory\n",
					progname);
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
			cap = cap ? 2 * cap : 65536;
		}
		k = fread(buf + len, 1, cap - len, f);
		len += k;
		if (k == 0)
			break;
	}
	if (buf && ferror(f)) {
		fprintf(stderr, "%s: %s: read error\n", progname, path);
		free(buf);
		buf = NULL;
	}
	if (f != stdin)
		fclose(f);
	*len_out = len;
	return buf;
}

int
write_file(const char *path, const char *data, size_t len)
{
	FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "wb");

	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", progname, path,
			strerror(errno));
		return -1;
	}
	if (fwrite(data, 1, len, f) != len || (f != stdout && fclose(f))) {
		fprintf(stderr, "%s: %s: write error\n", progname, path);
		return -1;
	}
	return 0;
}

/* Load a record; on error print "FILE:LINE:COLUMN: reason". */
struct carc_game *
load_record(const char *path)
{
	struct carc_game *game = NULL;
	uint32_t line = 0, col = 0;
	char msg[256];
	size_t len;
	char *text = read_file(path, &len);
	int rc;

	if (!text)
		return NULL;
	rc = carc_game_load(text, len, &game, &line, &col, msg, sizeof(msg));
	free(text);
	if (rc < 0) {
		fprintf(stderr, "%s:%u:%u: %s\n", path, (unsigned)line,
			(unsigned)col, msg[0] ? msg : carc_strerror(rc));
		return NULL;
	}
	return game;
}

int
save_record(const struct carc_game *game, const char *path)
{
	int len = carc_game_save(game, NULL, 0);
	char *text;
	int rc;

	if (len < 0) {
		fprintf(stderr, "%s: cannot save: %s\n", progname,
			carc_strerror(len));
		return -1;
	}
	text = malloc((size_t)len + 1);
	if (!text)
		return -1;
	carc_game_save(game, text, (size_t)len + 1);
	rc = write_file(path, text, (size_t)len);
	free(text);
	return rc;
}

/* The word of a #carc_goods kind ("wine", "grain", "cloth"), "?" if
 * none. */
const char *
goods_word(int32_t kind)
{
	static const char *const words[] = { "?", "wine", "grain", "cloth" };

	return kind >= CARC_GOODS_WINE && kind <= CARC_GOODS_CLOTH ? words[kind]
								   : "?";
}

/* The word of a #carc_event_type, "?" if none. */
const char *
event_type_word(int32_t type)
{
	static const char *const words[] = { "?", "completed", "final",
					     "farm", "goods" };

	return type >= CARC_EVENT_COMPLETED && type <= CARC_EVENT_GOODS
		       ? words[type]
		       : "?";
}

static int32_t
event_attr(const struct carc_game *game, int i, uint32_t attr)
{
	int32_t v = 0;

	carc_game_event_get(game, (uint32_t)i, attr, &v);
	return v;
}

void
print_events(const struct carc_game *game, int move_no, FILE *f)
{
	int n = carc_game_event_count(game);
	int players = carc_game_player_count(game);

	for (int i = 0; i < n; i++) {
		int32_t type = event_attr(game, i, CARC_EVENT_TYPE);
		int32_t kind = event_attr(game, i, CARC_EVENT_FEATURE_KIND);
		int32_t feat = event_attr(game, i, CARC_EVENT_FEATURE);
		const char *fname = carc_feature_name((uint32_t)feat);

		if (type == CARC_EVENT_GOODS) {
			/* Traders & Builders at the end: "goods wine:
			 * P0 holds 3, P1 holds 1; P0 +10" */
			fprintf(f, "event: move %d: goods %s:", move_no,
				goods_word(event_attr(game, i,
						      CARC_EVENT_GOODS_KIND)));
			for (int p = 0, k = 0; p < players; p++) {
				int32_t t = event_attr(game, i,
						       CARC_EVENT_TOKENS +
							       (uint32_t)p);

				if (t > 0)
					fprintf(f, "%s P%d holds %d",
						k++ ? "," : "", p, (int)t);
			}
		} else {
			fprintf(f, "event: move %d: %s %s at %d,%d %s: %d tiles",
				move_no, event_type_word(type), kind_word(kind),
				(int)event_attr(game, i, CARC_EVENT_X),
				(int)event_attr(game, i, CARC_EVENT_Y),
				fname ? fname : "?",
				(int)event_attr(game, i, CARC_EVENT_TILES));
		}
		if (type != CARC_EVENT_GOODS && kind == CARC_FEATURE_CITY)
			fprintf(f, ", %d pennants",
				(int)event_attr(game, i, CARC_EVENT_PENNANTS));
		if (type == CARC_EVENT_FARM)
			fprintf(f, ", %d cities",
				(int)event_attr(game, i, CARC_EVENT_CITIES));
		/* Traders & Builders: the tokens the completer took */
		for (int32_t g = CARC_GOODS_WINE; g <= CARC_GOODS_CLOTH; g++) {
			int32_t t = event_attr(game, i,
					       (uint32_t)(CARC_EVENT_WINE + g -
							  CARC_GOODS_WINE));

			if (t > 0)
				fprintf(f, ", %d %s taken", (int)t,
					goods_word(g));
		}
		for (int p = 0; p < players; p++) {
			int32_t pts = event_attr(game, i,
						 CARC_EVENT_POINTS + (uint32_t)p);
			int32_t bpts = event_attr(game, i,
						  CARC_EVENT_BUILDING_POINTS +
							  (uint32_t)p);

			if (pts || bpts)
				fprintf(f, "; P%d +%d", p, (int)(pts + bpts));
			if (bpts)
				fprintf(f, " (%d for buildings)", (int)bpts);
		}
		fprintf(f, "\n");
	}
}

/*
 * A fresh game with the rules, players and draw order of @p full, with
 * its first @p n_moves moves replayed (all of them when n_moves < 0).
 */
struct carc_game *
replay_prefix(const struct carc_game *full, int n_moves, bool events)
{
	struct carc_game *g = NULL;
	int n_order = carc_game_draw_order(full, NULL, 0);
	int total = carc_game_history_count(full);
	uint32_t *order;
	int rc;

	if (n_moves < 0 || n_moves > total)
		n_moves = total;
	order = malloc(((size_t)n_order + 1) * sizeof(*order));
	if (!order)
		return NULL;
	carc_game_draw_order(full, order, (size_t)n_order);
	rc = carc_game_new(carc_game_rules(full),
			   (uint32_t)carc_game_player_count(full), 0, &g);
	if (rc == 0 && n_order > 0)
		rc = carc_game_set_draw_order(g, order, (size_t)n_order);
	free(order);
	for (int i = 0; rc == 0 && i < n_moves; i++) {
		carc_move_t m;

		carc_game_history_at(full, (uint32_t)i, &m);
		rc = carc_game_apply(g, m);
		if (rc == 0 && events)
			print_events(g, i + 1, stdout);
	}
	if (rc < 0) {
		fprintf(stderr, "%s: replay failed: %s\n", progname,
			carc_strerror(rc));
		carc_game_free(g);
		return NULL;
	}
	return g;
}

void
print_scores(const struct carc_game *game, FILE *f)
{
	int n = carc_game_player_count(game);

	fprintf(f, "scores:");
	for (int p = 0; p < n; p++)
		fprintf(f, " %d", carc_game_score(game, (uint32_t)p));
	fprintf(f, "\n");
}

/* ------------------------------------------------------------------ */
/* ASCII board                                                          */
/* ------------------------------------------------------------------ */

int
legal_moves(const struct carc_game *game, carc_move_t **moves, size_t *cap)
{
	int max = carc_game_legal_moves_max(game);

	if (max < 0)
		return max;
	if ((size_t)max > *cap) {
		carc_move_t *grown = realloc(*moves,
					     (size_t)max * sizeof(*grown));

		if (!grown)
			return CARC_E_NOMEM;
		*moves = grown;
		*cap = (size_t)max;
	}
	return carc_game_legal_moves(game, *moves, *cap);
}

const char *
kind_word(int32_t kind)
{
	const char *name = carc_feature_kind_name((uint32_t)kind);

	return name ? name : "?";
}

/* ------------------------------------------------------------------ */
/* Command-line parsing                                                 */
/* ------------------------------------------------------------------ */

int
usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (command)
		fprintf(stderr, "\n(run '%s help %s' for the usage)\n",
			progname, command);
	else
		fprintf(stderr, "\n(run '%s --help' for the usage)\n",
			progname);
	return 2;
}

int
unknown_flag(const char *flag)
{
	char why[512];

	/* a flag that looks like a rule option ("--crop-circles-1",
	 * "--farmers"): the library words the nearest options */
	if (flag[0] == '-' && flag[1] == '-' && flag[2] != '\0') {
		if (carc_option_from_name(flag + 2) > 0)
			return usage_error("unknown option '%s' (rule options "
					   "are set with --option %s=VALUE)",
					   flag, flag + 2);
		if (carc_option_explain(flag + 2, NULL, why, sizeof(why)) >
			    0 &&
		    strstr(why, "did you mean"))
			return usage_error("unknown option '%s' (as a rule "
					   "option: %s)",
					   flag, why);
	}
	return usage_error("unknown option '%s'", flag);
}

int
parse_number(const char *flag, const char *text, uint64_t min, uint64_t max,
	     uint64_t *out)
{
	uint64_t v = 0;
	const char *s = text;

	if (*s == '\0')
		goto bad;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' ||
		    v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			goto bad;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	if (v < min || v > max)
		goto bad;
	*out = v;
	return 0;
bad:
	usage_error("%s: '%s' is not a number from %" PRIu64 " to %" PRIu64,
		    flag, text, min, max);
	return -1;
}

const char *
option_value(int argc, char **argv, int *i)
{
	if (*i + 1 >= argc) {
		usage_error("option '%s' needs a value", argv[*i]);
		return NULL;
	}
	return argv[++*i];
}

int
in_out_args(int argc, char **argv, const char *cmd, const char *in_what,
	    const char *out_example, const char **in, const char **out,
	    int *status)
{
	*in = NULL;
	*out = NULL;
	*status = 2;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 ||
		    strcmp(argv[i], "-h") == 0) {
			usage(stdout);
			*status = 0;
			return 0;
		} else if (strcmp(argv[i], "-o") == 0) {
			if (!(*out = option_value(argc, argv, &i)))
				return 0;
		} else if (argv[i][0] == '-' && argv[i][1] != '\0') {
			usage_error("unknown option '%s'", argv[i]);
			return 0;
		} else if (!*in) {
			*in = argv[i];
		} else {
			usage_error("%s: unexpected argument '%s' (one %s at "
				    "a time)", cmd, argv[i], in_what);
			return 0;
		}
	}
	if (!*in) {
		usage_error("%s: no %s given", cmd, in_what);
		return 0;
	}
	if (!*out) {
		usage_error("%s: no output given (-o %s)", cmd, out_example);
		return 0;
	}
	return 1;
}

/* Add option @name = @value to @rf; @flag names the command-line flag in
 * messages. */
static int
add_flag(struct rule_flags *rf, const char *flag, const char *name,
	 const char *value)
{
	int option = carc_option_from_name(name);
	int32_t v;
	char why[512];

	/* the library words what the option takes (close names for an
	 * unknown one, the range or words of its values) */
	if (option < 0 ||
	    carc_option_value_from_name((uint32_t)option, value, &v) < 0) {
		carc_option_explain(name, option < 0 ? NULL : value, why,
				    sizeof(why));
		fprintf(stderr, "%s: %s: %s\n", progname, flag, why);
		return -2;
	}
	if (rf->n == MAX_RULE_FLAGS)
		return -1;
	rf->option[rf->n] = (uint32_t)option;
	rf->value[rf->n++] = v;
	return 1;
}

int
parse_rule_flag(int argc, char **argv, int *i, struct rule_flags *rf)
{
	static const struct {
		const char *flag;
		const char *options[4];		/* switched on */
	} switches[] = {
		{ "--phantom", { "phantom" } },
		{ "--crop-circles", { "crop-circles-i", "crop-circles-ii" } },
		{ "--crop-circles-i", { "crop-circles-i" } },
		{ "--crop-circles-ii", { "crop-circles-ii" } },
		{ "--little-buildings", { "little-buildings" } },
		{ "--inns-cathedrals", { "inns-cathedrals" } },
		{ "--traders-builders", { "traders-builders" } },
		{ "--river", { "river" } },
	};
	const char *a = argv[*i], *v, *eq;
	char name[64];
	int k = 0;

	if (strcmp(a, "--all") == 0) {
		/* every expansion the library has */
		for (uint32_t o = 1; carc_option_name(o) && k >= 0; o++)
			if (carc_option_is_expansion(o) == 1)
				k = add_flag(rf, a, carc_option_name(o), "on");
		return k;
	}

	for (size_t s = 0; s < sizeof(switches) / sizeof(switches[0]); s++) {
		if (strcmp(a, switches[s].flag) != 0)
			continue;
		for (size_t o = 0; o < 4 && switches[s].options[o] && k >= 0;
		     o++)
			k = add_flag(rf, a, switches[s].options[o], "on");
		return k;
	}
	if (strcmp(a, "--farm-scoring") == 0) {
		if (!(v = option_value(argc, argv, i)))
			return -2;
		return add_flag(rf, a, "farm-scoring", v);
	}
	if (strcmp(a, "--option") != 0)
		return 0;
	if (!(v = option_value(argc, argv, i)))
		return -2;
	eq = strchr(v, '=');
	if (!eq || eq == v || (size_t)(eq - v) >= sizeof(name) ||
	    eq[1] == '\0' || strpbrk(v, " \t\n#")) {
		usage_error("--option: '%s' is not NAME=VALUE", v);
		return -2;
	}
	memcpy(name, v, (size_t)(eq - v));
	name[eq - v] = '\0';
	return add_flag(rf, a, name, eq + 1);
}

int
rule_flags_build(const struct rule_flags *rf, struct carc_rules **out)
{
	struct carc_rules_builder *b = NULL;
	int rc = carc_rules_builder_new(&b);

	for (uint32_t k = 0; rc >= 0 && k < rf->n; k++)
		rc = carc_rules_builder_set(b, rf->option[k], rf->value[k]);
	if (rc >= 0)
		rc = carc_rules_builder_build(b, out);
	carc_rules_builder_free(b);
	return rc;
}

int
rule_flags_text(const struct rule_flags *rf, char *hdr, size_t n)
{
	size_t len = 0;

	hdr[0] = '\0';
	for (uint32_t k = 0; k < rf->n; k++) {
		const char *word = carc_option_value_name(rf->option[k],
							  rf->value[k]);
		const char *name = carc_option_name(rf->option[k]);
		int w = word ? snprintf(hdr + len, n - len, "option %s %s\n",
					name, word)
			     : snprintf(hdr + len, n - len, "option %s %d\n",
					name, (int)rf->value[k]);

		if (w < 0 || (size_t)w >= n - len)
			return -1;
		len += (size_t)w;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Writing a record as the game goes                                    */
/* ------------------------------------------------------------------ */

int
save_record_atomic(const struct carc_game *game, const char *path)
{
	char tmp[4096];
	int len = carc_game_save(game, NULL, 0);
	char *text;
	FILE *f;
	bool ok;

	if (strcmp(path, "-") == 0)
		return save_record(game, path);
	if (len < 0) {
		fprintf(stderr, "%s: cannot save: %s\n", progname,
			carc_strerror(len));
		return -1;
	}
	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.tmp", path) >=
	    sizeof(tmp)) {
		fprintf(stderr, "%s: %s: file name too long\n", progname,
			path);
		return -1;
	}
	text = malloc((size_t)len + 1);
	if (!text) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return -1;
	}
	carc_game_save(game, text, (size_t)len + 1);
	f = fopen(tmp, "wb");
	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", progname, path,
			strerror(errno));
		free(text);
		return -1;
	}
	ok = fwrite(text, 1, (size_t)len, f) == (size_t)len;
	ok = fclose(f) == 0 && ok;
	free(text);
#ifdef _WIN32
	if (ok)
		remove(path);	/* rename() does not replace there */
#endif
	if (!ok || rename(tmp, path) != 0) {
		fprintf(stderr, "%s: %s: %s\n", progname, path,
			ok ? strerror(errno) : "write error");
		remove(tmp);
		return -1;
	}
	return 0;
}
