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
		fprintf(stderr, "%s: %s: cannot export: %s\n", progname, path,
			len == CARC_E_NOT_ALLOWED
				? "its rules have no JCloisterZone equivalent "
				  "(doc/users/jcz.md lists the options JCZ "
				  "plays; a custom stack may hold no more "
				  "tiles of a kind than the game's own)"
				: carc_strerror(len));
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
