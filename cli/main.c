/* SPDX-License-Identifier: MIT */
/*
 * carcassonne: play, replay and draw games of libcarcassonne.
 *
 *     carcassonne play [--players N] [--seed S] [--bot random|greedy|mcts]
 *                      [--playouts N] [--human P]
 *                      [--phantom] [--crop-circles] [--little-buildings]
 *                      [--option NAME=VALUE]... [--record FILE|-] [--quiet]
 *                      [--no-color]
 *     carcassonne replay FILE... [--events] [--board] [--json]
 *                        [--option NAME=VALUE]...
 *     carcassonne render FILE -o OUT.svg [--move N] [--tile-size PX]
 *         [--highlight X,Y,FEATURE] [--placements] [--no-legend]
 *     carcassonne match BOT BOT... [--games N] [--jobs N] ...
 *     carcassonne bot [random|greedy|mcts[:PARAM=VALUE,...]]
 *     carcassonne import-jcz GAME.jcz -o GAME.rec
 *     carcassonne export-jcz GAME.rec -o GAME.jcz
 *
 * See carcassonne(1).  The program uses only the public API; rule
 * options are given to the library as a game-record header, so they have
 * the same names here as in records (doc/record-format.md).
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "common.h"

void
usage(FILE *f)
{
	fprintf(f,
		"usage: %s play [--players N] [--seed S] [--bot random|greedy|mcts]\n"
		"           [--playouts N] [--human P]... [--no-color]\n"
		"           [--phantom] [--crop-circles] [--crop-circles-i]\n"
		"           [--crop-circles-ii] [--little-buildings] [--all]\n"
		"           [--farm-scoring per-field|per-city|per-field-once]\n"
		"           [--option NAME=VALUE]... [--record FILE|-] [--quiet]\n"
		"       %s replay FILE... [--events] [--board] [--json]\n"
		"           [--option NAME=VALUE]...\n"
		"       %s render FILE -o OUT.svg [--move N] [--tile-size PX]\n"
		"           [--highlight X,Y,FEATURE] [--placements] "
		"[--no-legend]\n"
		"       %s match BOT BOT... [--bot BOT [--bot-option NAME=VALUE]...]\n"
		"           [--games N] [--seed S] [--jobs N] [--records DIR]\n"
		"           [--move-time MS] [--game-time MS] [--increment MS]\n"
		"           [--time-margin MS] [--handshake-time MS]\n"
		"           [--sprt ELO0,ELO1,ALPHA,BETA] [--json] [--quiet]\n"
		"           [rule options as for play]\n"
		"       %s bot [random|greedy|mcts[:PARAM=VALUE,...]] [--seed S]\n"
		"       %s import-jcz GAME.jcz -o GAME.rec\n"
		"       %s export-jcz GAME.rec -o GAME.jcz\n"
		"       %s help | --help | --version\n"
		"FILE '-' is the standard input or output.  See carcassonne(1).\n",
		progname, progname, progname, progname, progname, progname,
		progname, progname);
}

int
main(int argc, char **argv)
{
	const char *cmd = argc >= 2 ? argv[1] : NULL;

	if (!cmd) {
		usage(stderr);
		return 2;
	}
	if (strcmp(cmd, "play") == 0)
		return cmd_play(argc - 2, argv + 2);
	if (strcmp(cmd, "replay") == 0)
		return cmd_replay(argc - 2, argv + 2);
	if (strcmp(cmd, "render") == 0)
		return cmd_render(argc - 2, argv + 2);
	if (strcmp(cmd, "match") == 0)
		return cmd_match(argc - 2, argv + 2);
	if (strcmp(cmd, "bot") == 0)
		return cmd_bot(argc - 2, argv + 2);
	if (strcmp(cmd, "import-jcz") == 0)
		return cmd_import_jcz(argc - 2, argv + 2);
	if (strcmp(cmd, "export-jcz") == 0)
		return cmd_export_jcz(argc - 2, argv + 2);
	if (strcmp(cmd, "--version") == 0) {
		printf("carcassonne %s\n", carc_version_string());
		return 0;
	}
	if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 ||
	    strcmp(cmd, "help") == 0) {
		usage(stdout);
		return 0;
	}
	if (cmd[0] == '-')
		return usage_error("unknown option '%s'", cmd);
	return usage_error("unknown command '%s' (play, replay, render, "
			   "match, bot, import-jcz, export-jcz or help)", cmd);
}
