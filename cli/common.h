/* SPDX-License-Identifier: MIT */
/*
 * Shared declarations of the carcassonne tool (cli/).  The tool uses the
 * public API only.
 */
#ifndef CARC_CLI_COMMON_H
#define CARC_CLI_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <carcassonne/carcassonne.h>

extern const char *progname;

/* main.c */
/* The command being run ("play" ...), NULL before one is known. */
extern const char *command;
/* The usage of the command being run, or of every command. */
void usage(FILE *f);

/* common.c: files and records */
char *read_file(const char *path, size_t *len_out);
int write_file(const char *path, const char *data, size_t len);
struct carc_game *load_record(const char *path);
int save_record(const struct carc_game *game, const char *path);
void print_events(const struct carc_game *game, int move_no, FILE *f);
struct carc_game *replay_prefix(const struct carc_game *full, int n_moves,
				bool events);
void print_scores(const struct carc_game *game, FILE *f);
/* Every legal move of @game into *moves, grown to
 * carc_game_legal_moves_max(): the count, or a negative CARC_E_*. */
int legal_moves(const struct carc_game *game, carc_move_t **moves,
		size_t *cap);
/* The word of a feature kind (carc_feature_kind_name()), "?" if none. */
const char *kind_word(int32_t kind);
/* The word of a #carc_goods kind, of a #carc_event_type; "?" if none. */
const char *goods_word(int32_t kind);
const char *event_type_word(int32_t type);

/* common.c: the command line.  Errors are printed as
 * "carcassonne: MESSAGE" on stderr, naming the bad flag or value. */
/* "unknown option FLAG" as usage_error() does, with the rule options
 * the library finds near it. Returns 2. */
int unknown_flag(const char *flag);
int usage_error(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;
int parse_number(const char *flag, const char *text, uint64_t min,
		 uint64_t max, uint64_t *out);
const char *option_value(int argc, char **argv, int *i);
/* The arguments of a command that turns one file into another:
 * INPUT -o OUTPUT and --help.  @cmd names the command in messages,
 * @in_what the input ("record"), @out_example the output ("GAME.jcz").
 * 1: go on with *in and *out set; 0: stop with exit status *status
 * (0 after --help, 2 after a usage error, printed). */
int in_out_args(int argc, char **argv, const char *cmd, const char *in_what,
		const char *out_example, const char **in, const char **out,
		int *status);
/* Rule options of the command line, in order, read with the library's
 * names (carc_option_from_name(), carc_option_value_from_name()). */
#define MAX_RULE_FLAGS 64
struct rule_flags {
	uint32_t n;
	uint32_t option[MAX_RULE_FLAGS];
	int32_t value[MAX_RULE_FLAGS];
};
/* 1: argv[*i] was a rule flag (added to @rf); 0: not one; -1: too many
 * options; -2: bad name or value (reported). */
int parse_rule_flag(int argc, char **argv, int *i, struct rule_flags *rf);
/* Set the options of @rf on a new builder and build the rules. */
int rule_flags_build(const struct rule_flags *rf, struct carc_rules **out);
/* The options of @rf as record lines ("option NAME VALUE\n"), for
 * replaying a record under changed rules; -1 if they do not fit. */
int rule_flags_text(const struct rule_flags *rf, char *hdr, size_t n);
int save_record_atomic(const struct carc_game *game, const char *path);

/* bots.c */
uint64_t rng_next(uint64_t *s);
/* The move of the library's bot @kind (a carc_bot_kind; @playouts for
 * mcts, 0 for its default) seeded from the tool's stream @rng: 0 or a
 * negative carc_error. */
int bot_move(const struct carc_game *game, uint32_t kind, uint32_t playouts,
	     uint64_t *rng, carc_move_t *out);

/* human.c: a person at the terminal (play --human P) */
enum { HUMAN_MOVE, HUMAN_UNDO, HUMAN_QUIT, HUMAN_EOF };
struct human;
/* On a terminal of at least 100 x 30 and without @line_mode, the game is
 * shown full-screen (the alternate screen); otherwise line by line. */
struct human *human_new(bool colour, bool line_mode, FILE *out);
void human_free(struct human *h);
/* Where to write news for the person (kept for the next screen). */
FILE *human_stream(struct human *h);
/* Back from the full screen to the lines of the terminal. */
void human_leave(struct human *h);
/* The move the person chose, or CARC_MOVE_NONE with *action telling why
 * (HUMAN_UNDO, HUMAN_QUIT, HUMAN_EOF). */
carc_move_t human_pick(struct human *h, struct carc_game *game,
		       const carc_move_t *moves, int n, int *action);
/* Tell the person about a move just made, by a bot or by himself. */
void human_report(struct human *h, const struct carc_game *before,
		  const struct carc_game *after, carc_move_t move,
		  bool is_human);
void human_game_over(struct human *h, const struct carc_game *game);

/* labels.c: what moves and features are called */
/* The word of a figure (carc_figure_name()), "?" if none. */
const char *figure_word(uint32_t figure);
bool last_placed(const struct carc_game *g, int32_t *x, int32_t *y,
		 uint32_t *tile, uint32_t *rot);
void move_label(const struct carc_game *g, const carc_move_t *moves, int n,
		int i, char *buf, size_t len);
const char *crop_kind_words(const struct carc_game *g);
/* @text on @f from column @col, wrapped at word breaks before column
 * @width, continued on lines indented by @indent. */
void print_wrapped(FILE *f, int col, int indent, int width,
		   const char *text);

/* board.c: the terminal board in Unicode and colour */
struct board_view {
	bool colour;
	int32_t cx, cy;		/* window centre */
	int cols, rows;		/* window size in tiles; 0: whole board */
	const carc_move_t *spots; /* legal placements to mark, or NULL */
	int n_spots;
};
void board_draw(const struct carc_game *g, const struct board_view *v,
		FILE *f);
void board_draw_tile_rotations(uint32_t tile, const bool fits[4],
			       bool colour, FILE *f);
void board_legend(bool colour, FILE *f);
char spot_letter(int k);
int spot_index(const carc_move_t *spots, int n_spots, int32_t x,
	       int32_t y);

/* the commands */
int cmd_play(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_render(int argc, char **argv);
int cmd_match(int argc, char **argv);	/* cmd-match.c, referee.c */
int cmd_bot(int argc, char **argv);	/* cmd-bot.c */
int cmd_import_jcz(int argc, char **argv);	/* cmd-import-jcz.c */
int cmd_export_jcz(int argc, char **argv);	/* cmd-export-jcz.c */

#endif
