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
	const char *path = NULL, *outp = NULL;
	struct carc_game *game;
	char *text;
	int len, rc;

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
			return usage_error("export-jcz: unexpected argument '%s' "
					   "(one record at a time)", argv[i]);
		}
	}
	if (!path)
		return usage_error("export-jcz: no record given");
	if (!outp)
		return usage_error("export-jcz: no output given (-o GAME.jcz)");
	game = load_record(path);
	if (!game)
		return 1;
	len = carc_jcz_export(game, NULL, 0);
	if (len < 0) {
		fprintf(stderr, "%s: %s: cannot export: %s\n", progname, path,
			len == CARC_E_NOT_ALLOWED
				? "its rules have no JCloisterZone equivalent "
				  "(doc/jcz.md lists the options JCZ plays)"
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
