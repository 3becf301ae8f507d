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

#define MAX_MOVES 4096

extern const char *progname;

/* main.c */
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
void board_bounds(const struct carc_game *g, int32_t *x0, int32_t *y0,
		  int32_t *x1, int32_t *y1);
int add_option(char *hdr, size_t n, const char *name, const char *value);

/* bots.c */
uint64_t rng_next(uint64_t *s);
carc_move_t pick_greedy(const struct carc_game *game, const carc_move_t *moves,
			int n, struct carc_game *scratch, uint64_t *rng);

/* human.c */
carc_move_t pick_human(const struct carc_game *game, const carc_move_t *moves,
		       int n);

/* the commands */
int cmd_play(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_render(int argc, char **argv);

#endif
