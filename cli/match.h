/* SPDX-License-Identifier: MIT */
/*
 * carcassonne match: the match as a whole (doc/bindings/bots.md).  cmd-match.c
 * reads the command line and plays the games, in local worker processes
 * or on Dask workers (match-dask.py), the same games either way;
 * match-report.c counts and prints what they gave.  POSIX only.
 */
#ifndef CARC_CLI_MATCH_H
#define CARC_CLI_MATCH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "referee.h"

struct match {
	int players;
	struct seat_spec spec[6];	/* by entrant */
	char label[6][80];		/* names in the report */
	int rounds;
	int n_games;			/* rounds x players */
	uint64_t seed;
	struct carc_rules *rules;
	struct time_control tc;
	const char *records;
	bool quiet, json;
	bool sprt;
	double elo0, elo1, alpha, beta;
	bool keep_bots;			/* one process per bot and worker */
	const char *dask;		/* scheduler address, or NULL */
	struct game_outcome *result;	/* by game */
	bool *done;			/* by game */
	bool *failed;			/* by game: the referee failed */
	int n_done;
};

/* The seat of entrant @entrant in game @game (from 0): entrant e sits
 * in seat (e + game) mod players, so every round plays one seed in every
 * seating. */
static inline int
seat_of(int players, int entrant, int game)
{
	return (entrant + game % players) % players;
}

/* match-report.c */
struct entrant_stats {
	int games, wins, draws, losses, forfeits;
	int forfeit_by[FORFEIT_KINDS];
	int64_t think_ms;
	int64_t wall_us;
	int64_t cpu_us;		/* -1: unknown for some game */
	int moves;		/* decisions */
	struct stats_ci points, margin;
	struct stats_elo elo;	/* score vs the field */
};

struct report {
	int rounds;		/* complete rounds counted */
	int last_round;		/* the last of them */
	int left_out;		/* games of incomplete rounds */
	struct entrant_stats e[6];
	struct stats_sprt sprt;
	bool sprt_done;
};

bool round_complete(const struct match *mt, int r);
void make_report(const struct match *mt, struct report *rp);
void print_json(const struct match *mt, const struct report *rp, FILE *f);
void print_text(const struct match *mt, const struct report *rp, FILE *f);
/* One line per game as it ends, and every ten rounds a standing. */
void progress(const struct match *mt, int g, FILE *f);
void standing(const struct match *mt, const struct report *rp, FILE *f);
/* The names in the report: built-in specs, external bots' id names (as
 * @first, game @g, gave them, or the command without it), with #N on
 * names that two entrants share. */
void make_labels(struct match *mt, const struct game_outcome *first, int g);
/* @s as a JSON string. */
void json_string(FILE *f, const char *s);

#endif
