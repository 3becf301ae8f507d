/* SPDX-License-Identifier: MIT */
/*
 * carcassonne: play, replay and draw games of libcarcassonne.
 *
 *     carcassonne play [--players N] [--seed S] [--bot random|greedy|mcts]
 *                      [--playouts N] [--human P]
 *                      [--phantom] [--crop-circles] [--little-buildings]
 *                      [--option NAME=VALUE]... [--record FILE] [--quiet]
 *     carcassonne replay FILE [--events] [--board]
 *     carcassonne render FILE -o OUT.svg [--move N]
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
		"           [--playouts N] [--human P]\n"
		"           [--phantom] [--crop-circles] [--crop-circles-i]\n"
		"           [--crop-circles-ii] [--little-buildings] [--all]\n"
		"           [--farm-scoring per-field|per-city|per-field-once]\n"
		"           [--option NAME=VALUE]... [--record FILE] [--quiet]\n"
		"       %s replay FILE [--events] [--board]\n"
		"       %s render FILE -o OUT.svg [--move N]\n"
		"       %s --version\n",
		progname, progname, progname, progname);
}

int
main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (strcmp(argv[1], "play") == 0)
		return cmd_play(argc - 2, argv + 2);
	if (strcmp(argv[1], "replay") == 0)
		return cmd_replay(argc - 2, argv + 2);
	if (strcmp(argv[1], "render") == 0)
		return cmd_render(argc - 2, argv + 2);
	if (strcmp(argv[1], "--version") == 0) {
		printf("carcassonne %s\n", carc_version_string());
		return 0;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		usage(stdout);
		return 0;
	}
	usage(stderr);
	return 2;
}
