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
	const char *path = NULL, *outp = NULL;
	struct carc_game *game = NULL;
	uint32_t line = 0, col = 0;
	char msg[512];
	size_t len;
	char *text;
	int rc;

	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 ||
		    strcmp(argv[i], "-h") == 0) {
			usage(stdout);
			return 0;
		} else if (strcmp(argv[i], "-o") == 0) {
			if (!(outp = option_value(argc, argv, &i)))
				return 2;
		} else if (argv[i][0] == '-' && argv[i][1] != '\0') {
			return usage_error("unknown option '%s'", argv[i]);
		} else if (!path) {
			path = argv[i];
		} else {
			return usage_error("import-jcz: unexpected argument '%s' "
					   "(one game at a time)", argv[i]);
		}
	}
	if (!path)
		return usage_error("import-jcz: no .jcz file given");
	if (!outp)
		return usage_error("import-jcz: no output given (-o GAME.rec)");
	text = read_file(path, &len);
	if (!text)
		return 1;
	rc = carc_jcz_import(text, len, &game, &line, &col, msg, sizeof(msg));
	free(text);
	if (rc < 0) {
		if (col)
			fprintf(stderr, "%s:%u:%u: %s\n", path, (unsigned)line,
				(unsigned)col, msg[0] ? msg : carc_strerror(rc));
		else
			fprintf(stderr, "%s:%u: %s\n", path, (unsigned)line,
				msg[0] ? msg : carc_strerror(rc));
		return 1;
	}
	rc = save_record(game, outp) < 0 ? 1 : 0;
	carc_game_free(game);
	return rc;
}
