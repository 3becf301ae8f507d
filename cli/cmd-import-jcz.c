/* SPDX-License-Identifier: MIT */
/*
 * carcassonne import-jcz: a JCloisterZone saved game (.jcz) as a game
 * record, with carc_jcz_import() and carc_game_save().
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/jcz.h>

#include "common.h"

int
cmd_import_jcz(int argc, char **argv)
{
	const char *path, *outp;
	struct carc_game *game = NULL;
	uint32_t line = 0, col = 0;
	char msg[512];
	size_t len;
	char *text;
	int rc;

	if (!in_out_args(argc, argv, "import-jcz", ".jcz file", "GAME.rec",
			 &path, &outp, &rc))
		return rc;
	text = read_file(path, &len);
	if (!text)
		return 1;
	rc = carc_jcz_import(text, len, &game, &line, &col, msg, sizeof(msg));
	free(text);
	if (rc < 0) {
		if (col)
			fprintf(stderr, "%s:%u:%u: %s\n", path, (unsigned)line,
				(unsigned)col,
				msg[0] ? msg : carc_strerror(rc));
		else
			fprintf(stderr, "%s:%u: %s\n", path, (unsigned)line,
				msg[0] ? msg : carc_strerror(rc));
		return 1;
	}
	rc = save_record(game, outp) < 0 ? 1 : 0;
	carc_game_free(game);
	return rc;
}
