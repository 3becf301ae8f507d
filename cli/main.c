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
 *         [--no-labels] [--no-scores]
 *     carcassonne match BOT BOT... [--games N] [--jobs N] ...
 *     carcassonne bot [random|greedy|mcts[:PARAM=VALUE,...]]
 *     carcassonne import-jcz GAME.jcz -o GAME.rec
 *     carcassonne export-jcz GAME.rec -o GAME.jcz
 *
 * See carcassonne(1).  The program uses only the public API; rule
 * options are given to the library as a game-record header, so they have
 * the same names here as in records (doc/users/record-format.md).
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

/* The command being run ("play" ...), or NULL before one is known: the
 * --help of a command and its usage errors name that command. */
const char *command;

#define RULE_OPTIONS                                                       \
	"rule options (as in game records, doc/users/record-format.md):\n" \
	"  --phantom              The Phantom\n"                           \
	"  --crop-circles         both Crop Circles sets; or one of them:\n" \
	"  --crop-circles-i, --crop-circles-ii\n"                          \
	"  --little-buildings     Little Buildings\n"                      \
	"  --inns-cathedrals      Inns & Cathedrals\n"                    \
	"  --traders-builders     Traders & Builders\n"                   \
	"  --river                The River\n"                            \
	"  --all                  all seven expansions\n"                 \
	"  --farm-scoring RULE    per-field (default), per-city or "       \
	"per-field-once\n"                                                 \
	"  --option NAME=VALUE    any rule option by its record name, e.g.\n" \
	"                         followers=5, small-city=on, "            \
	"lb-scoring=3-2-1\n"

/* One command: its name, its usage lines and what its options mean.  The
 * usage lines are printed after "usage: carcassonne ". */
static const struct {
	const char *name, *synopsis, *text;
} commands[] = {
	{ "play",
	  "play [--players N] [--seed S]\n"
	  "           [--bot random|greedy|mcts|star2.5|mcts-rave]\n"
	  "           [--playouts N] [--human P]... [--line-mode] "
	  "[--no-color]\n"
	  "           [rule options] [--record FILE|-] [--quiet]\n",
	  "Plays a game between bots and people; prints one line per turn and "
	  "the scores.\n"
	  "  --players N            2 to 6 players (default 2)\n"
	  "  --seed S               seed of the tile shuffle and the bots "
	  "(default 1)\n"
	  "  --bot KIND             the bots: random (default), greedy or "
	  "mcts\n"
	  "  --playouts N           iterations per decision of mcts\n"
	  "  --human P              player P (0 to N-1) is a person at the "
	  "terminal;\n"
	  "                         once per person\n"
	  "  --record FILE          write the record after every move ('-': "
	  "at the end,\n"
	  "                         on standard output)\n"
	  "  --quiet                print only the final lines\n"
	  "  --line-mode            --human line by line, not full-screen\n"
	  "  --no-color             no colour on the board of --human\n"
	  RULE_OPTIONS },
	{ "replay",
	  "replay FILE... [--events] [--board] [--json] [rule options]\n",
	  "Loads each record, checking every move, and prints the moves and "
	  "scores.\n"
	  "  --events               every scoring event\n"
	  "  --board                the board in text\n"
	  "  --json                 JSON lines: one object per move, one per "
	  "file\n"
	  "Rule options replay the same moves under changed rules; a move "
	  "they forbid is\n"
	  "reported as FILE:LINE:COLUMN: illegal move: REASON (under the "
	  "changed rules).\n"
	  RULE_OPTIONS },
	{ "render",
	  "render FILE -o OUT.svg [--move N] [--tile-size PX]\n"
	  "           [--highlight X,Y,FEATURE] [--placements] "
	  "[--no-legend]\n"
	  "           [--no-labels] [--no-scores]\n",
	  "Draws the board of a record as an SVG picture.\n"
	  "  -o OUT.svg             the picture ('-': standard output)\n"
	  "  --move N               the board after the first N moves "
	  "(default: all)\n"
	  "  --tile-size PX         pixels per tile side, 16 to 512 (default "
	  "100)\n"
	  "  --highlight X,Y,FEATURE  the whole feature containing FEATURE "
	  "(c1, r2, f1,\n"
	  "                         monastery) of the tile at X,Y\n"
	  "  --placements           where the tile in hand fits, and the "
	  "tile\n"
	  "  --no-legend            leave out the legend\n"
	  "  --no-labels            leave out the tile names and "
	  "coordinates\n"
	  "  --no-scores            leave out the points\n" },
	{ "match",
	  "match BOT BOT... [--bot BOT [--bot-option NAME=VALUE]...]\n"
	  "           [--games N] [--seed S] [--jobs N] [--records DIR]\n"
	  "           [--keep-bots] [--dask ADDRESS]\n"
	  "           [--move-time MS] [--game-time MS] [--increment MS]\n"
	  "           [--time-margin MS] [--handshake-time MS] [--move-cpu MS]\n"
	  "           [--sprt ELO0,ELO1,ALPHA,BETA] [--json] [--quiet]\n"
	  "           [rule options]\n",
	  "Plays bots against each other in rounds and reports who is "
	  "stronger.\n"
	  "A BOT is random, greedy, or a search (mcts, star2.5, mcts-rave)\n"
	  "with [:playouts=N,threads=N,time=MS,cpu=MS] (and the papers'\n"
	  "parameters: mcts and mcts-rave c=N,reward=win|margin, mcts-rave\n"
	  "b=N, star2.5 probing=N,depth=N; doc/bindings/bots.md), or a "
	  "command\nthat speaks doc/bindings/bot-protocol.md.\n"
	  "  --bot BOT              a seat (for a command that begins with a "
	  "dash)\n"
	  "  --bot-option NAME=VALUE  an option for the bot given last\n"
	  "  --games N              games, rounded up to whole rounds\n"
	  "  --seed S               seed of the first round (default 1)\n"
	  "  --jobs N               games played at once (default 1; with "
	  "--dask: all)\n"
	  "  --keep-bots            one process per external bot and job "
	  "for all its games\n"
	  "  --dask ADDRESS         play the games on the Dask cluster of "
	  "that scheduler\n"
	  "  --play-game G          play game G (from 0) alone, its result "
	  "on stdout\n"
	  "  --records DIR          write every game as DIR/game-0001.rec "
	  "...\n"
	  "  --move-time MS         most time for one decision (default "
	  "30000)\n"
	  "  --game-time MS         most time for all decisions of a game\n"
	  "  --increment MS         time given back after each decision\n"
	  "  --time-margin MS       lateness forgiven (default 50)\n"
	  "  --handshake-time MS    most time to start and answer (default "
	  "10000)\n"
	  "  --move-cpu MS          CPU time per decision: told to every bot,\n"
	  "                         given to searches without a time of "
	  "their own\n"
	  "  --sprt ELO0,ELO1,ALPHA,BETA  stop when a sequential test "
	  "decides\n"
	  "  --json                 the report as one JSON object\n"
	  "  --quiet                no progress lines\n"
	  RULE_OPTIONS },
	{ "bot",
	  "bot [random|greedy|mcts|star2.5|mcts-rave[:PARAM=VALUE,...]]\n"
	  "           [--seed S]\n",
	  "Speaks the bot protocol (doc/bindings/bot-protocol.md) on "
	  "standard input\n"
	  "and output with a built-in bot (random by default).\n"
	  "  --seed S               seed of the bot's choices (default 1)\n" },
	{ "import-jcz",
	  "import-jcz GAME.jcz -o GAME.rec\n",
	  "Reads a JCloisterZone saved game and writes it as a game record.\n"
	  "  -o GAME.rec            the record ('-': standard output)\n" },
	{ "export-jcz",
	  "export-jcz GAME.rec -o GAME.jcz\n",
	  "Writes a game record as a JCloisterZone saved game.  Refuses, naming\n"
	  "the option, rules JCloisterZone does not play: an option off its\n"
	  "default that JCZ lacks, river-u-turn other than jcz,\n"
	  "river-start-tile in-river-stack, river-lake-turn automatic,\n"
	  "builder-turn optional (the default; JCZ plays mandatory),\n"
	  "phantom-with-figure off; a builder put on a feature its tile\n"
	  "completes; and a custom stack JCZ's tile sets cannot give; see\n"
	  "carcassonne(1).\n"
	  "  -o GAME.jcz            the saved game ('-': standard output)\n" },
	{ "help",
	  "help [COMMAND]\n",
	  "The usage of every command, or of one.\n" },
};

#define N_COMMANDS (sizeof(commands) / sizeof(commands[0]))

static int
find_command(const char *name)
{
	for (size_t i = 0; name && i < N_COMMANDS; i++)
		if (strcmp(commands[i].name, name) == 0)
			return (int)i;
	return -1;
}

/* The usage of the command being run, or of them all. */
void
usage(FILE *f)
{
	int k = find_command(command);

	if (k >= 0) {
		fprintf(f, "usage: %s %s%s", progname, commands[k].synopsis,
			commands[k].text);
		fprintf(f, "FILE '-' is the standard input or output.  See "
			   "carcassonne(1).\n");
		return;
	}
	for (size_t i = 0; i < N_COMMANDS; i++) {
		const char *s = commands[i].synopsis;

		fprintf(f, "%s %s ", i ? "      " : "usage:", progname);
		/* the continuation lines of a synopsis are indented for
		 * "usage: carcassonne "; keep them so */
		for (; *s; s++) {
			fputc(*s, f);
			if (*s == '\n' && s[1])
				fprintf(f, "%*s", (int)strlen(progname) - 4,
					"");
		}
	}
	fprintf(f, "       %s --help | --version\n"
		   "The options of a command: '%s help COMMAND' or\n"
		   "'%s COMMAND --help'.\n"
		   "FILE '-' is the standard input or output.  See "
		   "carcassonne(1).\n",
		progname, progname, progname);
}

int
main(int argc, char **argv)
{
	const char *cmd = argc >= 2 ? argv[1] : NULL;

	if (!cmd) {
		usage(stderr);
		return 2;
	}
	if (find_command(cmd) >= 0)
		command = cmd;
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
	if (strcmp(cmd, "help") == 0) {
		/* help, help COMMAND, help --help */
		if (argc > 3)
			return usage_error("help: one command at a time, not "
					   "also '%s'", argv[3]);
		if (argc == 2)
			command = NULL;	/* help alone: every command */
		if (argc == 3 && strcmp(argv[2], "--help") != 0 &&
		    strcmp(argv[2], "-h") != 0) {
			if (find_command(argv[2]) < 0) {
				command = NULL;
				return usage_error(
					"help: unknown command '%s' (play, "
					"replay, render, match, bot, "
					"import-jcz, export-jcz or help)",
					argv[2]);
			}
			command = argv[2];
		}
		usage(stdout);
		return 0;
	}
	if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
		usage(stdout);
		return 0;
	}
	if (cmd[0] == '-')
		return usage_error("unknown option '%s'", cmd);
	return usage_error("unknown command '%s' (play, replay, render, "
			   "match, bot, import-jcz, export-jcz or help)", cmd);
}
