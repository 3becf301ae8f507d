/* SPDX-License-Identifier: MIT */
/*
 * carcassonne export-jcz: a game record as a JCloisterZone saved game
 * (.jcz), with carc_game_load() and carc_jcz_export().
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/jcz.h>

#include "common.h"

int
cmd_export_jcz(int argc, char **argv)
{
	const char *path, *outp;
	struct carc_game *game;
	char *text;
	int len, rc;

	if (!in_out_args(argc, argv, "export-jcz", "record", "GAME.jcz",
			 &path, &outp, &rc))
		return rc;
	game = load_record(path);
	if (!game)
		return 1;
	len = carc_jcz_export(game, NULL, 0);
	if (len < 0) {
		char why[256] = "";

		/* the option, stack or move JCZ does not play */
		if (len == CARC_E_NOT_ALLOWED)
			carc_jcz_export_check(game, why, sizeof(why));
		fprintf(stderr, "%s: %s: cannot export: %s%s\n", progname,
			path,
			len != CARC_E_NOT_ALLOWED ? carc_strerror(len)
			: why[0] ? why
				 : "JCloisterZone does not play it",
			len == CARC_E_NOT_ALLOWED
				? " (doc/users/jcz.md lists what JCZ plays)"
				: "");
		carc_game_free(game);
		return 1;
	}
	text = malloc((size_t)len + 1);
	if (!text || carc_jcz_export(game, text, (size_t)len + 1) != len) {
		fprintf(stderr, "%s: export: out of memory\n", progname);
		free(text);
		carc_game_free(game);
		return 1;
	}
	rc = write_file(outp, text, (size_t)len) < 0 ? 1 : 0;
	free(text);
	carc_game_free(game);
	return rc;
}
