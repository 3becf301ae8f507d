/* SPDX-License-Identifier: MIT */
/*
 * carcassonne render: draw a record as SVG with carc_game_render_svg().
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "common.h"

/* "X,Y,FEATURE", e.g. "0,-1,c1" */
static int
parse_highlight(const char *text, struct carc_render_options *o)
{
	const char *all = text;
	long x, y;
	char *end;
	int feature;

	errno = 0;
	x = strtol(text, &end, 10);
	if (end == text || *end != ',' || errno || x < INT16_MIN ||
	    x > INT16_MAX)
		goto bad;
	text = end + 1;
	y = strtol(text, &end, 10);
	if (end == text || *end != ',' || errno || y < INT16_MIN ||
	    y > INT16_MAX)
		goto bad;
	feature = carc_feature_from_name(end + 1);
	if (feature < 0)
		goto bad;
	o->flags |= CARC_RENDER_FEATURE;
	o->feature_x = (int32_t)x;
	o->feature_y = (int32_t)y;
	o->feature_id = (uint32_t)feature;
	return 0;
bad:
	return usage_error("--highlight: '%s' is not X,Y,FEATURE "
			   "(e.g. 0,-1,c1)", all);
}

static int
write_svg(const struct carc_game *g, const struct carc_render_options *o,
	  const char *path)
{
	int len = carc_game_render_svg(g, o, NULL, 0), rc = 0;
	char *svg;
	FILE *f;

	if (len < 0) {
		fprintf(stderr, "%s: render: %s\n", progname,
			len == CARC_E_INVALID && (o->flags &
						  CARC_RENDER_FEATURE)
				? "--highlight names no feature on the board"
				: carc_strerror(len));
		return len == CARC_E_INVALID ? 2 : 1;
	}
	svg = malloc((size_t)len + 1);
	if (!svg || carc_game_render_svg(g, o, svg, (size_t)len + 1) != len) {
		fprintf(stderr, "%s: render: out of memory\n", progname);
		free(svg);
		return 1;
	}
	f = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", progname, path,
			strerror(errno));
		free(svg);
		return 1;
	}
	if (fwrite(svg, 1, (size_t)len, f) != (size_t)len)
		rc = 1;
	if (f == stdout) {
		if (fflush(f) != 0)
			rc = 1;
	} else if (fclose(f) != 0) {
		rc = 1;
	}
	if (rc)
		fprintf(stderr, "%s: %s: write error\n", progname, path);
	free(svg);
	return rc;
}

int
cmd_render(int argc, char **argv)
{
	const char *path = NULL, *outp = NULL;
	uint64_t move = 0, size;
	bool have_move = false;
	struct carc_game *game, *shown;
	struct carc_render_options o;
	int rc;

	memset(&o, 0, sizeof(o));
	o.size = sizeof(o);
	o.flags = CARC_RENDER_LAST_MOVE;
	for (int i = 0; i < argc; i++) {
		const char *v;

		if (strcmp(argv[i], "--help") == 0 ||
		    strcmp(argv[i], "-h") == 0) {
			usage(stdout);
			return 0;
		} else if (strcmp(argv[i], "-o") == 0) {
			if (!(outp = option_value(argc, argv, &i)))
				return 2;
		} else if (strcmp(argv[i], "--move") == 0) {
			v = option_value(argc, argv, &i);
			if (!v || parse_number("--move", v, 0, INT32_MAX,
					       &move) < 0)
				return 2;
			have_move = true;
		} else if (strcmp(argv[i], "--tile-size") == 0) {
			v = option_value(argc, argv, &i);
			if (!v || parse_number("--tile-size", v, 16, 512,
					       &size) < 0)
				return 2;
			o.tile_size = (uint32_t)size;
		} else if (strcmp(argv[i], "--highlight") == 0) {
			v = option_value(argc, argv, &i);
			if (!v || parse_highlight(v, &o) != 0)
				return 2;
		} else if (strcmp(argv[i], "--placements") == 0) {
			o.flags |= CARC_RENDER_PLACEMENTS;
		} else if (strcmp(argv[i], "--no-legend") == 0) {
			o.flags |= CARC_RENDER_NO_LEGEND;
		} else if (strcmp(argv[i], "--no-labels") == 0) {
			o.flags |= CARC_RENDER_NO_LABELS;
		} else if (strcmp(argv[i], "--no-scores") == 0) {
			o.flags |= CARC_RENDER_NO_SCORES;
		} else if (argv[i][0] == '-' && argv[i][1] != '\0') {
			return usage_error("unknown option '%s'", argv[i]);
		} else if (!path) {
			path = argv[i];
		} else {
			return usage_error("render: unexpected argument '%s' "
					   "(one record at a time)",
					   argv[i]);
		}
	}
	if (!path)
		return usage_error("render: no record given");
	if (!outp)
		return usage_error("render: no output given (-o OUT.svg)");
	game = load_record(path);
	if (!game)
		return 1;
	if (have_move && move > (uint64_t)carc_game_history_count(game)) {
		fprintf(stderr, "%s: --move: %s has only %d moves\n",
			progname, path, carc_game_history_count(game));
		carc_game_free(game);
		return 2;
	}
	shown = replay_prefix(game, have_move ? (int)move : -1, false);
	carc_game_free(game);
	if (!shown)
		return 1;
	rc = write_svg(shown, &o, outp);
	carc_game_free(shown);
	return rc;
}
