/* SPDX-License-Identifier: MIT */
/*
 * The referee of `carcassonne match` and the bot side of `carcassonne
 * bot`: built-in bots (builtin.c), bots in child processes speaking
 * doc/bindings/bot-protocol.md (referee.c) and the statistics of a match
 * (match-stats.c).  POSIX only, except match-stats.c.
 */
#ifndef CARC_CLI_REFEREE_H
#define CARC_CLI_REFEREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <carcassonne/carcassonne.h>

/* The versions of doc/bindings/bot-protocol.md this program speaks: the
 * newest, which the referee offers in "protocol N", and the oldest it
 * accepts in "protocolok N" (version 1 has no request ids; the referee
 * then sends "isready" before every "go" and takes any line before
 * "readyok" for an unrequested one). */
#define BOT_PROTOCOL_VERSION 2
#define BOT_PROTOCOL_OLDEST 1

/* ------------------------------------------------------------------ */
/* builtin.c: random, greedy, mcts[:playouts=N]                         */
/* ------------------------------------------------------------------ */

struct builtin;

/* 1: @spec names a built-in bot ("random", "greedy", "mcts",
 * "mcts:playouts=200"); 0: it does not (an external command). */
bool builtin_is_spec(const char *spec);
/* A built-in bot from its spec; NULL with a message in @err when the
 * spec or a parameter is wrong. */
struct builtin *builtin_new(const char *spec, char *err, size_t n);
void builtin_free(struct builtin *b);
/* Set parameter @name (e.g. "playouts") from text; -1 with a message in
 * @err when it is unknown or out of range. */
int builtin_set(struct builtin *b, const char *name, const char *value,
		char *err, size_t n);
/* The CPU time per decision a referee grants (carcassonne match
 * --move-cpu, the protocol's "cpu MS"): a search given neither a time nor
 * a CPU time of its own searches for @ms of CPU time (cpu=MS), and for no
 * more playouts than its own when it was given some (else playouts=0).
 * False, changing nothing, for random and greedy and for a search with a
 * time of its own. */
bool builtin_budget_cpu(struct builtin *b, uint64_t ms);
/* Forget what belongs to one game (before a game of other rules). */
void builtin_reset(struct builtin *b);
/* The handshake's "option ..." lines of the bot's parameters. */
void builtin_describe_options(const struct builtin *b, FILE *f);
/* The move for the player to move in @game, CARC_MOVE_NONE on an error.
 * @game must not reveal the order of the stack (the caller passes a
 * copy with the stack reshuffled, or a game rebuilt from what the bot was
 * told). */
carc_move_t builtin_choose(struct builtin *b, const struct carc_game *game,
			   uint64_t *rng);
/* "random", "greedy", "mcts:playouts=1000": the spec with every
 * parameter. */
const char *builtin_name(const struct builtin *b);

/* ------------------------------------------------------------------ */
/* match-stats.c: the numbers of a report (pure functions)              */
/* ------------------------------------------------------------------ */

/* The 95 % two-sided normal quantile used by every interval. */
#define STATS_Z95 1.959963984540054

/* Logistic Elo of a score fraction s in [0, 1] (-400 log10(1/s - 1));
 * -INFINITY at 0, +INFINITY at 1. */
double stats_elo(double s);
/* The score fraction of an Elo difference: 1 / (1 + 10^(-elo/400)). */
double stats_score(double elo);

struct stats_ci {
	int n;			/* samples */
	double mean;
	double sd;		/* sample standard deviation (n - 1), 0 if n < 2 */
	double lo, hi;		/* mean -/+ STATS_Z95 sd / sqrt(n); = mean if n < 2 */
};
void stats_mean_ci(const double *x, int n, struct stats_ci *out);

/* Elo with its 95 % interval from per-round score fractions, each round
 * made of @per_round pairwise results (games x (players - 1)).  The
 * score's interval (score.lo, score.hi) is Wilson's, for as many
 * independent results as the rounds' variance is worth (p (1 - p) n /
 * sd^2, at most all the results N; all of them when sd is 0): always
 * inside [0, 1].  The Elo and its ends are stats_elo() of the score and
 * of the interval's ends, each kept within 1 / (2 N) of 0 and 1: finite
 * at 0 % and 100 %. */
struct stats_elo {
	struct stats_ci score;
	double elo, lo, hi;
};
void stats_elo_ci(const double *round_scores, int n, int per_round,
		  struct stats_elo *out);

/* SPRT of H0: elo = elo0 against H1: elo = elo1 on per-round score
 * fractions, with the normal approximation of the generalised SPRT:
 * LLR = n (s1 - s0) (2 mean - s0 - s1) / (2 var), with var the variance
 * of the round scores to which STATS_SPRT_PRIOR_ROUNDS rounds of variance
 * STATS_SPRT_PRIOR_VAR are added: (sum (x - mean)^2 + 2 / 8) / (n + 2).
 * So the first rounds, which may agree by chance (a variance of 0), do
 * not end the test at once. */
#define STATS_SPRT_PRIOR_ROUNDS 2
#define STATS_SPRT_PRIOR_VAR 0.125
struct stats_sprt {
	double elo0, elo1, alpha, beta;
	double llr, lower, upper;	/* bounds log(beta/(1-alpha)), log((1-beta)/alpha) */
	int decision;			/* 1: H1 accepted, -1: H0 accepted, 0: go on */
};
/* -1 when the parameters are out of range (alpha, beta not in (0, 0.5),
 * elo0 >= elo1). */
int stats_sprt(const double *round_scores, int n, double elo0, double elo1,
	       double alpha, double beta, struct stats_sprt *out);
/* Parse "ELO0,ELO1,ALPHA,BETA"; -1 when malformed or out of range. */
int stats_sprt_parse(const char *text, double *elo0, double *elo1,
		     double *alpha, double *beta);

/* The pairwise outcome of seat a against seat b of a finished game: 1
 * win, 0.5 tie, 0 loss.  A forfeiting seat (@forfeit, or -1) loses to
 * everybody; the others compare scores. */
double stats_pair_result(const int *scores, int forfeit, int a, int b);

/* ------------------------------------------------------------------ */
/* referee.c: bots in child processes, one game                        */
/* ------------------------------------------------------------------ */

/* How a bot lost a game (doc/bindings/bot-protocol.md#forfeits). */
enum forfeit {
	FORFEIT_NONE = 0,
	FORFEIT_ILLEGAL,	/* a well-formed move that is not legal */
	FORFEIT_MALFORMED,	/* a line that is not what the protocol asks */
	FORFEIT_TIME,		/* no move within the time */
	FORFEIT_CRASH,		/* exited or was killed by a signal */
	FORFEIT_CLOSED,		/* closed its output or input, still running */
	FORFEIT_FLOOD,		/* a line too long, or too much output */
	FORFEIT_HANDSHAKE,	/* no valid handshake (version, readyok) */
	FORFEIT_START,		/* the command could not be started */
	FORFEIT_KINDS
};
const char *forfeit_word(enum forfeit f);

/* One seat's bot as the command line gave it. */
struct seat_spec {
	const char *spec;	/* built-in spec or shell command */
	bool builtin;
	int n_options;
	const char *option[32];	/* "NAME=VALUE" */
};

struct time_control {
	int64_t move_ms;	/* > 0 */
	int64_t game_ms;	/* 0: none */
	int64_t increment_ms;
	int64_t margin_ms;	/* allowed lateness */
	int64_t handshake_ms;	/* handshake and readyok */
	int64_t cpu_ms;		/* CPU time per decision told to the bots
				 * ("cpu MS") and given to the built-in
				 * searches; 0: none */
};

/* What the worker of one game reports. */
struct game_outcome {
	int players;
	int score[6];		/* by seat */
	int forfeit_seat;	/* -1: none */
	enum forfeit reason;
	char detail[256];	/* the reason in words */
	int moves;
	int64_t think_ms[6];	/* time used, by seat */
	int64_t wall_us[6];	/* think_ms in microseconds */
	int64_t cpu_us[6];	/* CPU time used, by seat; -1 unknown */
	int decisions[6];	/* decisions made, by seat */
	char name[6][64];	/* the bot's name (id name or built-in spec) */
};

/* External bots kept from one game to the next (carcassonne match
 * --keep-bots): one process per entrant, started at its first game, told
 * "newgame" for every game and "quit" by bot_pool_free(); a bot that
 * forfeits is killed and started again for its next game. */
struct bot_pool;
struct bot_pool *bot_pool_new(void);
/* "quit" to every bot, then kill and reap them.  NULL does nothing. */
void bot_pool_free(struct bot_pool *pool);

struct game_setup {
	int players;
	const struct seat_spec *seat[6];	/* by seat */
	const struct carc_rules *rules;
	uint64_t seed;		/* the stack's shuffle */
	uint64_t bot_seed;	/* the built-in bots' generators */
	struct time_control tc;
	struct bot_pool *pool;	/* NULL: bots for this game only */
	int entrant[6];		/* by seat: the pool's bot of the seat */
	const char *comment;	/* record comment lines ("# ...\n"), or NULL */
	FILE *bot_stderr;	/* where bots' stderr goes, NULL: inherited */
};

/* Milliseconds of a monotonic clock. */
int64_t now_ms(void);
/* Play one game; 0, or -1 on an error of the referee itself (message on
 * stderr).  With @record, the game's record (with the comments of
 * doc/users/record-format.md#comments-of-carcassonne-match) comes back in a
 * new string there.  Every child process is gone when it returns, but
 * the pool's. */
int referee_play(const struct game_setup *setup, struct game_outcome *out,
		 char **record);

/* The result of game @game (an index from 0) as one frame of text,
 * "result GAME LENGTH\n" and LENGTH bytes: the outcome and the record
 * (or none), the same on a pipe from a worker process and from a Dask
 * worker.  -1 on a write error. */
int result_write(FILE *f, int game, const struct game_outcome *o,
		 const char *record);
/* Parse the LENGTH bytes of a frame; -1 when they are malformed.
 * @record gets a new string (NULL: no record). */
int result_parse(const char *text, size_t len, struct game_outcome *o,
		 char **record);
/* Kill every bot process group of this process at once (from a signal
 * handler: async-signal-safe). */
void referee_kill_all(void);

/* ------------------------------------------------------------------ */
/* cmd-bot.c: a bot's side of the protocol                              */
/* ------------------------------------------------------------------ */

/* A game followed from the referee's lines (doc/bindings/bot-protocol.md): the
 * rules, the tiles drawn and the moves, rebuilt as a record. */
struct follow;
struct follow *follow_new(void);
void follow_free(struct follow *f);
/* Feed one line of the referee after "newgame"; 1 if it was a game line
 * (rules, draw, move, discard), 0 if not. */
int follow_line(struct follow *f, const char *line);
void follow_reset(struct follow *f);
int follow_seat(const struct follow *f);
/* The game as it stands, the unseen tiles in an arbitrary order;
 * NULL with @err on an error. */
struct carc_game *follow_game(const struct follow *f, char *err, size_t n);

#endif
