/* SPDX-License-Identifier: MIT */
/*
 * carcassonne match: bots against each other (doc/bindings/bots.md).
 *
 * Seats are built-in bots (random, greedy, mcts:playouts=N) or commands
 * that speak doc/bindings/bot-protocol.md.  Games come in rounds: one seed
 * played in every seating (entrant e in seat (e + r) mod P in the r-th game of
 * the round), so the luck of the tiles cancels inside a round.  Each game runs
 * in a worker process of its own (--jobs at once), which starts the external
 * bots as its children (referee.c) and sends its outcome back through a pipe.
 * On SIGINT, SIGTERM or SIGHUP every worker and bot is killed and reaped, and
 * the report of the rounds finished is printed.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#ifdef _WIN32

#include <stdio.h>

#include "common.h"

int
cmd_match(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "%s: match: not available on this system\n",
		progname);
	return 1;
}

#else

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <carcassonne/carcassonne.h>

#include "common.h"
#include "referee.h"

#define MAX_JOBS 64

static volatile sig_atomic_t stop_signal;

static void
on_stop(int sig)
{
	stop_signal = sig;
}

/* In a worker: take the bots along, then go. */
static void
on_stop_worker(int sig)
{
	referee_kill_all();
	_exit(128 + sig);
}

struct job {
	pid_t pid;
	int fd;
	int game;
	struct game_outcome out;
	size_t got;
};

struct match {
	int players;
	struct seat_spec spec[6];	/* by entrant */
	char label[6][80];		/* names in the report */
	int rounds;
	uint64_t seed;
	struct carc_rules *rules;
	struct time_control tc;
	const char *records;
	bool quiet, json;
	bool sprt;
	double elo0, elo1, alpha, beta;
	struct game_outcome *result;	/* by game */
	bool *done;			/* by game */
	bool *failed;			/* by game: the referee failed */
	int n_done;
};

static int
seat_of(int players, int entrant, int game)
{
	return (entrant + game % players) % players;
}

/* Play game @g in this (worker) process and write its outcome to @fd. */
static void
worker(const struct match *mt, int g, int fd)
{
	struct game_setup gs;
	struct game_outcome out;
	char path[4096], comment[256];
	int r = g / mt->players;

	memset(&gs, 0, sizeof(gs));
	gs.players = mt->players;
	for (int e = 0; e < mt->players; e++)
		gs.seat[seat_of(mt->players, e, g)] = &mt->spec[e];
	gs.rules = mt->rules;
	gs.seed = mt->seed + (uint64_t)r;
	gs.bot_seed = gs.seed;
	gs.tc = mt->tc;
	if (mt->records) {
		snprintf(path, sizeof(path), "%s/game-%04d.rec", mt->records,
			 g + 1);
		gs.record = path;
	}
	snprintf(comment, sizeof(comment),
		 "# carcassonne match: game %d, round %d, seating %d, "
		 "seed %" PRIu64 "\n",
		 g + 1, r + 1, g % mt->players + 1, gs.seed);
	gs.comment = comment;
	if (referee_play(&gs, &out) < 0)
		_exit(1);
	if (write(fd, &out, sizeof(out)) != (ssize_t)sizeof(out))
		_exit(1);
	_exit(0);
}

static void
handle_signals(void (*fn)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

static int
start_job(struct match *mt, struct job *j, int g)
{
	int fds[2];

	if (pipe(fds) < 0)
		return -1;
	/* no bot inherits them: a bot's descendant that lives on must not
	 * keep the pipe open */
	fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	fcntl(fds[1], F_SETFD, FD_CLOEXEC);
	fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
	fflush(NULL);
	j->pid = fork();
	if (j->pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (j->pid == 0) {
		handle_signals(on_stop_worker);
		close(fds[0]);
		if (stop_signal)
			_exit(128 + stop_signal);
		worker(mt, g, fds[1]);
	}
	close(fds[1]);
	j->fd = fds[0];
	j->game = g;
	j->got = 0;
	return 0;
}

/* The processes whose parent is us (workers, and bots' descendants
 * handed to us as the subreaper when their parents died) into @pids: the
 * count, -1 if /proc cannot be read. */
static int
our_children(pid_t *pids, int max, bool zombies_only)
{
	int n = 0;
#ifdef __linux__
	DIR *d = opendir("/proc");
	struct dirent *de;
	pid_t me = getpid();

	if (!d)
		return -1;
	while ((de = readdir(d)) && n < max) {
		char path[300], buf[512], *rp, state = 0;
		FILE *f;
		long ppid = 0;
		pid_t pid = (pid_t)atol(de->d_name);

		if (pid <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", de->d_name);
		if (!(f = fopen(path, "r")))
			continue;
		if (fgets(buf, sizeof(buf), f) && (rp = strrchr(buf, ')')) &&
		    sscanf(rp + 1, " %c %ld", &state, &ppid) == 2 &&
		    ppid == me && (!zombies_only || state == 'Z'))
			pids[n++] = pid;
		fclose(f);
	}
	closedir(d);
#else
	(void)pids;
	(void)max;
	(void)zombies_only;
#endif
	return n;
}

/* Reap the bots' descendants that died orphaned during the match (not
 * the workers, which the main loop reaps). */
static void
reap_orphans(const struct job *jobs, int running)
{
	pid_t pids[256];
	int n = our_children(pids, 256, true);

	for (int i = 0; i < n; i++) {
		bool worker = false;

		for (int j = 0; j < running; j++)
			worker = worker || jobs[j].pid == pids[i];
		if (!worker)
			waitpid(pids[i], NULL, WNOHANG);
	}
}

/* At the end: kill and reap every process left whose parent is us, until
 * there is none (a dying process hands its children to us before it can
 * be reaped, so waiting until no child is left catches them all). */
static void
sweep_children(void)
{
	int64_t until = now_ms() + 3000;

	for (;;) {
		pid_t pids[256];
		int n = our_children(pids, 256, false);
		pid_t got;

		for (int i = 0; i < n; i++)
			kill(pids[i], SIGKILL);
		while ((got = waitpid(-1, NULL, WNOHANG)) > 0)
			;
		if ((got < 0 && errno == ECHILD && n <= 0) ||
		    now_ms() > until)
			break;
		poll(NULL, 0, 5);
	}
}

/* ------------------------------------------------------------------ */
/* The report                                                           */
/* ------------------------------------------------------------------ */

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

static bool
round_complete(const struct match *mt, int r)
{
	for (int k = 0; k < mt->players; k++)
		if (!mt->done[r * mt->players + k] ||
		    mt->failed[r * mt->players + k])
			return false;
	return true;
}

static int
complete_rounds(const struct match *mt, int *rounds)
{
	int n = 0;

	for (int r = 0; r < mt->rounds; r++)
		if (round_complete(mt, r))
			rounds[n++] = r;
	return n;
}

/* The fraction entrant @e scored against the field in game @g. */
static double
field_score(const struct match *mt, int e, int g)
{
	const struct game_outcome *o = &mt->result[g];
	int P = mt->players, me = seat_of(P, e, g);
	double sum = 0.0;

	for (int s = 0; s < P; s++)
		if (s != me)
			sum += stats_pair_result(o->score, o->forfeit_seat, me,
						 s);
	return sum / (P - 1);
}

static void
make_report(const struct match *mt, struct report *rp)
{
	int P = mt->players;
	int *rounds = calloc((size_t)mt->rounds + 1, sizeof(int));
	double *fs = calloc((size_t)mt->rounds + 1, sizeof(double));
	double *pts = calloc((size_t)mt->rounds + 1, sizeof(double));
	double *mar = calloc((size_t)mt->rounds + 1, sizeof(double));
	int n;

	memset(rp, 0, sizeof(*rp));
	if (!rounds || !fs || !pts || !mar)
		goto out;
	n = complete_rounds(mt, rounds);
	rp->rounds = n;
	rp->last_round = n > 0 ? rounds[n - 1] : 0;
	for (int g = 0; g < mt->rounds * P; g++)
		if (mt->done[g] && !mt->failed[g] &&
		    !round_complete(mt, g / P))
			rp->left_out++;
	for (int e = 0; e < P; e++) {
		struct entrant_stats *es = &rp->e[e];

		for (int i = 0; i < n; i++) {
			fs[i] = pts[i] = mar[i] = 0.0;
			for (int k = 0; k < P; k++) {
				int g = rounds[i] * P + k;
				const struct game_outcome *o = &mt->result[g];
				int me = seat_of(P, e, g), best = -1, top = 0;

				for (int s = 0; s < P; s++)
					if (s != me && (best < 0 ||
							o->score[s] > best))
						best = o->score[s];
				for (int s = 0; s < P; s++)
					if (s != o->forfeit_seat &&
					    (top == 0 || o->score[s] > top))
						top = o->score[s];
				es->games++;
				es->think_ms += o->think_ms[me];
				es->moves += o->decisions[me];
				es->wall_us += o->wall_us[me];
				if (o->cpu_us[me] < 0 || es->cpu_us < 0)
					es->cpu_us = -1;
				else
					es->cpu_us += o->cpu_us[me];
				fs[i] += field_score(mt, e, g) / P;
				pts[i] += (double)o->score[me] / P;
				mar[i] += (double)(o->score[me] - best) / P;
				if (o->forfeit_seat == me) {
					es->forfeits++;
					es->forfeit_by[o->reason]++;
					es->losses++;
				} else {
					int shared = 0;

					for (int s = 0; s < P; s++)
						if (s != o->forfeit_seat &&
						    o->score[s] == top)
							shared++;
					if (o->score[me] < top)
						es->losses++;
					else if (shared > 1)
						es->draws++;
					else
						es->wins++;
				}
			}
		}
		stats_elo_ci(fs, n, P * (P - 1), &es->elo);
		stats_mean_ci(pts, n, &es->points);
		stats_mean_ci(mar, n, &es->margin);
		if (e == 0 && mt->sprt && P == 2) {
			stats_sprt(fs, n, mt->elo0, mt->elo1, mt->alpha,
				   mt->beta, &rp->sprt);
			rp->sprt_done = true;
		}
	}
out:
	free(rounds);
	free(fs);
	free(pts);
	free(mar);
}

static void
print_elo(FILE *f, double v)
{
	if (isinf(v))
		fprintf(f, "%sinf", v < 0 ? "-" : "+");
	else
		fprintf(f, "%+.1f", fabs(v) < 0.05 ? 0.0 : v);
}

static void
json_num(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "%.6g", v == 0.0 ? 0.0 : v);	/* not -0 */
	else
		fprintf(f, "null");
}

static void
json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static void
json_ci(FILE *f, const char *key, const struct stats_ci *c)
{
	fprintf(f, "\"%s\": {\"mean\": ", key);
	json_num(f, c->mean);
	fprintf(f, ", \"lo\": ");
	json_num(f, c->lo);
	fprintf(f, ", \"hi\": ");
	json_num(f, c->hi);
	fprintf(f, "}");
}

static const char *
sprt_word(int d)
{
	return d > 0 ? "H1" : d < 0 ? "H0" : "continue";
}

static void
print_json(const struct match *mt, const struct report *rp, FILE *f)
{
	int P = mt->players;

	fprintf(f, "{\"protocol\": %d, \"players\": %d, \"rounds\": %d, "
		   "\"games\": %d, \"games_left_out\": %d, \"seed\": %" PRIu64
		   ", \"bots\": [",
		BOT_PROTOCOL_VERSION, P, rp->rounds, rp->rounds * P,
		rp->left_out, mt->seed);
	for (int e = 0; e < P; e++) {
		const struct entrant_stats *es = &rp->e[e];
		bool first = true;

		fprintf(f, "%s\n  {\"name\": ", e ? "," : "");
		json_string(f, mt->label[e]);
		fprintf(f, ", \"spec\": ");
		json_string(f, mt->spec[e].spec);
		fprintf(f, ", \"games\": %d, \"wins\": %d, \"draws\": %d, "
			   "\"losses\": %d, \"forfeits\": {",
			es->games, es->wins, es->draws, es->losses);
		for (int k = 1; k < FORFEIT_KINDS; k++)
			if (es->forfeit_by[k]) {
				fprintf(f, "%s\"%s\": %d", first ? "" : ", ",
					forfeit_word((enum forfeit)k),
					es->forfeit_by[k]);
				first = false;
			}
		fprintf(f, "}, ");
		json_ci(f, "score", &es->elo.score);
		fprintf(f, ", \"elo\": {\"value\": ");
		json_num(f, es->elo.elo);
		fprintf(f, ", \"lo\": ");
		json_num(f, es->elo.lo);
		fprintf(f, ", \"hi\": ");
		json_num(f, es->elo.hi);
		fprintf(f, "}, ");
		json_ci(f, "points", &es->points);
		fprintf(f, ", ");
		json_ci(f, "margin", &es->margin);
		fprintf(f, ", \"think_ms\": %" PRId64 ", \"cpu_ms\": ",
			es->think_ms);
		if (es->cpu_us < 0)
			fprintf(f, "null");
		else
			fprintf(f, "%" PRId64, es->cpu_us / 1000);
		fprintf(f, ", \"decisions\": %d, \"ms_per_move\": {\"wall\": ",
			es->moves);
		json_num(f, es->moves ? (double)es->wall_us / 1000.0 /
					es->moves : 0.0);
		fprintf(f, ", \"cpu\": ");
		if (es->cpu_us < 0)
			fprintf(f, "null");
		else
			json_num(f, es->moves ? (double)es->cpu_us / 1000.0 /
						es->moves : 0.0);
		fprintf(f, "}}");
	}
	fprintf(f, "\n ]");
	if (rp->sprt_done) {
		fprintf(f, ",\n \"sprt\": {\"elo0\": ");
		json_num(f, rp->sprt.elo0);
		fprintf(f, ", \"elo1\": ");
		json_num(f, rp->sprt.elo1);
		fprintf(f, ", \"alpha\": ");
		json_num(f, rp->sprt.alpha);
		fprintf(f, ", \"beta\": ");
		json_num(f, rp->sprt.beta);
		fprintf(f, ", \"llr\": ");
		json_num(f, rp->sprt.llr);
		fprintf(f, ", \"lower\": ");
		json_num(f, rp->sprt.lower);
		fprintf(f, ", \"upper\": ");
		json_num(f, rp->sprt.upper);
		fprintf(f, ", \"result\": \"%s\"}", sprt_word(rp->sprt.decision));
	}
	fprintf(f, "\n}\n");
}

static void
print_text(const struct match *mt, const struct report *rp, FILE *f)
{
	int P = mt->players, w = 4;

	for (int e = 0; e < P; e++)
		if ((int)strlen(mt->label[e]) > w)
			w = (int)strlen(mt->label[e]);
	fprintf(f, "%d games in %d rounds of %d seatings, seeds %" PRIu64
		   "..%" PRIu64 "%s\n",
		rp->rounds * P, rp->rounds, P, mt->seed,
		mt->seed + (uint64_t)rp->last_round,
		rp->left_out ? " (games of unfinished rounds left out)" : "");
	fprintf(f, "%-*s  games  wins draws losses   score vs field      "
		   "points          margin\n", w, "bot");
	for (int e = 0; e < P; e++) {
		const struct entrant_stats *es = &rp->e[e];

		fprintf(f, "%-*s  %5d %5d %5d %6d  %5.1f%% +- %4.1f%%  "
			   "%6.1f +- %4.1f  %+6.1f +- %4.1f\n",
			w, mt->label[e], es->games, es->wins, es->draws,
			es->losses, 100.0 * es->elo.score.mean,
			100.0 * (es->elo.score.hi - es->elo.score.lo) / 2.0,
			es->points.mean, es->points.hi - es->points.mean,
			es->margin.mean, es->margin.hi - es->margin.mean);
	}
	for (int e = 0; e < P; e++) {
		const struct entrant_stats *es = &rp->e[e];

		if (!es->forfeits)
			continue;
		fprintf(f, "forfeits of %s:", mt->label[e]);
		for (int k = 1; k < FORFEIT_KINDS; k++)
			if (es->forfeit_by[k])
				fprintf(f, " %s %d",
					forfeit_word((enum forfeit)k),
					es->forfeit_by[k]);
		fprintf(f, "\n");
	}
	fprintf(f, "time per move:");
	for (int e = 0; e < P; e++) {
		const struct entrant_stats *es = &rp->e[e];
		double n = es->moves ? es->moves : 1;

		fprintf(f, "%s %s %.2f ms", e ? ";" : "", mt->label[e],
			(double)es->wall_us / 1000.0 / n);
		if (es->cpu_us >= 0)
			fprintf(f, " (CPU %.2f ms)",
				(double)es->cpu_us / 1000.0 / n);
	}
	fprintf(f, "\n");
	if (rp->rounds == 0)
		return;
	if (P == 2) {
		fprintf(f, "Elo %s - %s: ", mt->label[0], mt->label[1]);
		print_elo(f, rp->e[0].elo.elo);
		fprintf(f, " (95%%: ");
		print_elo(f, rp->e[0].elo.lo);
		fprintf(f, " .. ");
		print_elo(f, rp->e[0].elo.hi);
		fprintf(f, ")\n");
	} else {
		for (int e = 0; e < P; e++) {
			fprintf(f, "Elo %s vs the field: ", mt->label[e]);
			print_elo(f, rp->e[e].elo.elo);
			fprintf(f, " (95%%: ");
			print_elo(f, rp->e[e].elo.lo);
			fprintf(f, " .. ");
			print_elo(f, rp->e[e].elo.hi);
			fprintf(f, ")\n");
		}
	}
	if (rp->sprt_done)
		fprintf(f, "SPRT elo0 %g elo1 %g alpha %g beta %g: LLR %.3f "
			   "(bounds %.3f, %.3f): %s\n",
			rp->sprt.elo0, rp->sprt.elo1, rp->sprt.alpha,
			rp->sprt.beta, rp->sprt.llr, rp->sprt.lower,
			rp->sprt.upper,
			rp->sprt.decision > 0	? "H1 accepted"
			: rp->sprt.decision < 0 ? "H0 accepted"
						: "no decision");
}

static void
progress(const struct match *mt, int g, FILE *f)
{
	const struct game_outcome *o = &mt->result[g];
	int P = mt->players;

	fprintf(f, "game %d/%d (round %d):", g + 1, mt->rounds * P,
		g / P + 1);
	for (int s = 0; s < P; s++) {
		int e = (s - g % P + P) % P;

		fprintf(f, " P%d %s %d%s", s, mt->label[e], o->score[s],
			s < P - 1 ? "," : "");
	}
	if (o->forfeit_seat >= 0)
		fprintf(f, "; P%d forfeits (%s: %s)", o->forfeit_seat,
			forfeit_word(o->reason), o->detail);
	fprintf(f, "\n");
}

/* Every ten rounds on a long run: where the first bot stands. */
static void
standing(const struct match *mt, const struct report *rp, FILE *f)
{
	const struct stats_elo *e = &rp->e[0].elo;

	fprintf(f, "after %d rounds: %s scores %.1f%%, Elo%s ", rp->rounds,
		mt->label[0], 100.0 * e->score.mean,
		mt->players > 2 ? " vs the field" : "");
	print_elo(f, e->elo);
	fprintf(f, " (95%%: ");
	print_elo(f, e->lo);
	fprintf(f, " .. ");
	print_elo(f, e->hi);
	fprintf(f, ")");
	if (rp->sprt_done)
		fprintf(f, ", SPRT LLR %.2f (%.2f, %.2f)", rp->sprt.llr,
			rp->sprt.lower, rp->sprt.upper);
	fprintf(f, "\n");
}

/* ------------------------------------------------------------------ */
/* The command                                                          */
/* ------------------------------------------------------------------ */

static int
parse_ms(const char *flag, const char *v, int64_t min, int64_t *out)
{
	uint64_t x;

	if (parse_number(flag, v, (uint64_t)min, 86400000ull, &x) < 0)
		return -1;
	*out = (int64_t)x;
	return 0;
}

/* The field a time-control flag sets and its least value, or NULL. */
static int64_t *
time_flag(struct time_control *tc, const char *flag, int64_t *min)
{
	const struct {
		const char *name;
		int64_t *field;
		int64_t min;
	} flags[] = {
		{ "--move-time", &tc->move_ms, 1 },
		{ "--game-time", &tc->game_ms, 1 },
		{ "--increment", &tc->increment_ms, 0 },
		{ "--time-margin", &tc->margin_ms, 0 },
		{ "--handshake-time", &tc->handshake_ms, 1 },
	};

	for (size_t k = 0; k < sizeof(flags) / sizeof(flags[0]); k++) {
		if (strcmp(flag, flags[k].name) == 0) {
			*min = flags[k].min;
			return flags[k].field;
		}
	}
	return NULL;
}

static void
make_labels(struct match *mt, const struct game_outcome *first, int g)
{
	char base[6][64];

	for (int e = 0; e < mt->players; e++)
		snprintf(base[e], sizeof(base[e]), "%s",
			 mt->spec[e].builtin || !first
				 ? mt->spec[e].spec
				 : first->name[seat_of(mt->players, e, g)]);
	for (int e = 0; e < mt->players; e++) {
		int same = 0, index = 0;

		for (int k = 0; k < mt->players; k++)
			if (strcmp(base[k], base[e]) == 0) {
				same++;
				if (k < e)
					index++;
			}
		if (same > 1)
			snprintf(mt->label[e], sizeof(mt->label[e]), "%.60s#%d",
				 base[e], index + 1);
		else
			snprintf(mt->label[e], sizeof(mt->label[e]), "%.60s",
				 base[e]);
	}
}

int
cmd_match(int argc, char **argv)
{
	struct match mt;
	struct rule_flags rf = { 0 };
	struct job jobs[MAX_JOBS];
	uint64_t games = 0, jobs_n = 1;
	int running = 0, next = 0, rc = 0, n_games;
	bool labelled = false, stop = false;
	struct report rp;
	struct sigaction ign;
	char err[256];

	memset(&mt, 0, sizeof(mt));
	mt.seed = 1;
	mt.tc.move_ms = 30000;
	mt.tc.margin_ms = 50;
	mt.tc.handshake_ms = 10000;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *val;
		int64_t *ms, min_ms;
		int k;

		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			return 0;
		} else if (strcmp(a, "--quiet") == 0) {
			mt.quiet = true;
		} else if (strcmp(a, "--json") == 0) {
			mt.json = true;
		} else if ((k = parse_rule_flag(argc, argv, &i, &rf)) != 0) {
			if (k == -1)
				return usage_error("too many rule options");
			if (k < 0)
				return 2;
		} else if (a[0] == '-') {
			if (!(val = option_value(argc, argv, &i)))
				return 2;
			if (strcmp(a, "--bot") == 0) {
				goto seat;
			} else if (strcmp(a, "--bot-option") == 0) {
				struct seat_spec *sp;

				if (mt.players == 0)
					return usage_error(
						"--bot-option comes after the "
						"--bot it is for");
				sp = &mt.spec[mt.players - 1];
				if (!strchr(val, '=') || val[0] == '=' ||
				    strpbrk(val, " \t\n") != NULL)
					return usage_error(
						"--bot-option: '%s' is not "
						"NAME=VALUE",
						val);
				if (sp->n_options == 32)
					return usage_error(
						"--bot-option: too many");
				sp->option[sp->n_options++] = val;
			} else if (strcmp(a, "--games") == 0) {
				if (parse_number(a, val, 1, 1000000, &games) <
				    0)
					return 2;
			} else if (strcmp(a, "--seed") == 0) {
				if (parse_number(a, val, 0, UINT64_MAX / 2,
						 &mt.seed) < 0)
					return 2;
			} else if (strcmp(a, "--jobs") == 0) {
				if (parse_number(a, val, 1, MAX_JOBS,
						 &jobs_n) < 0)
					return 2;
			} else if ((ms = time_flag(&mt.tc, a, &min_ms))) {
				if (parse_ms(a, val, min_ms, ms) < 0)
					return 2;
			} else if (strcmp(a, "--records") == 0) {
				mt.records = val;
			} else if (strcmp(a, "--sprt") == 0) {
				if (stats_sprt_parse(val, &mt.elo0, &mt.elo1,
						     &mt.alpha, &mt.beta) < 0)
					return usage_error(
						"--sprt: '%s' is not "
						"ELO0,ELO1,ALPHA,BETA with "
						"ELO0 < ELO1 and ALPHA, BETA "
						"in (0, 0.5)",
						val);
				mt.sprt = true;
			} else {
				return unknown_flag(a);
			}
			continue;
		} else {
			val = a;
seat:
			if (mt.players == 6)
				return usage_error("match: at most 6 bots");
			mt.spec[mt.players].spec = val;
			mt.spec[mt.players].builtin = builtin_is_spec(val);
			mt.players++;
		}
	}
	if (mt.players < 2)
		return usage_error("match: give 2 to 6 bots (random, greedy, "
				   "mcts[:playouts=N] or a command)");
	/* built-in bots and their parameters are checked now */
	for (int e = 0; e < mt.players; e++) {
		struct builtin *b;

		if (!mt.spec[e].builtin)
			continue;
		if (!(b = builtin_new(mt.spec[e].spec, err, sizeof(err))))
			return usage_error("%s", err);
		for (int k = 0; k < mt.spec[e].n_options; k++) {
			char name[64];
			const char *o = mt.spec[e].option[k];
			const char *eq = strchr(o, '=');

			snprintf(name, sizeof(name), "%.*s", (int)(eq - o), o);
			if (builtin_set(b, name, eq + 1, err, sizeof(err)) <
			    0) {
				builtin_free(b);
				return usage_error("--bot-option: %s", err);
			}
		}
		builtin_free(b);
	}
	if (mt.sprt && mt.players != 2)
		return usage_error("--sprt: only for 2 bots");
	if (games == 0)
		games = (uint64_t)mt.players * (mt.sprt ? 5000 : 1);
	mt.rounds = (int)((games + (uint64_t)mt.players - 1) /
			  (uint64_t)mt.players);
	n_games = mt.rounds * mt.players;
	if (mt.records && mkdir(mt.records, 0777) < 0 && errno != EEXIST) {
		fprintf(stderr, "%s: %s: %s\n", progname, mt.records,
			strerror(errno));
		return 1;
	}
	if (rule_flags_build(&rf, &mt.rules) < 0) {
		fprintf(stderr, "%s: cannot build the rules\n", progname);
		return 1;
	}
	mt.result = calloc((size_t)n_games, sizeof(*mt.result));
	mt.done = calloc((size_t)n_games, sizeof(bool));
	mt.failed = calloc((size_t)n_games, sizeof(bool));
	if (!mt.result || !mt.done || !mt.failed) {
		fprintf(stderr, "%s: out of memory\n", progname);
		rc = 1;
		goto out;
	}
	make_labels(&mt, NULL, 0);

#ifdef __linux__
	prctl(PR_SET_CHILD_SUBREAPER, 1);
#endif
	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &ign, NULL);
	handle_signals(on_stop);

	while ((next < n_games && !stop) || running > 0) {
		struct pollfd pfd[MAX_JOBS];

		if (stop_signal)
			break;
		while (!stop && running < (int)jobs_n && next < n_games) {
			if (start_job(&mt, &jobs[running], next) < 0) {
				fprintf(stderr, "%s: cannot start a game: %s\n",
					progname, strerror(errno));
				rc = 1;
				stop = true;
				break;
			}
			running++;
			next++;
		}
		for (int j = 0; j < running; j++) {
			pfd[j].fd = jobs[j].fd;
			pfd[j].events = POLLIN;
			pfd[j].revents = 0;
		}
		if (poll(pfd, (nfds_t)running, 200) < 0 && errno != EINTR)
			break;
		/* downwards: a finished job takes the last one's place, which
		 * has been looked at already */
		for (int j = running - 1; j >= 0; j--) {
			struct job *jb = &jobs[j];
			ssize_t k;
			int st = 0, g = jb->game;

			if (!(pfd[j].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			k = read(jb->fd, (char *)&jb->out + jb->got,
				 sizeof(jb->out) - jb->got);
			if (k > 0) {
				jb->got += (size_t)k;
				continue;
			}
			if (k < 0 && (errno == EINTR || errno == EAGAIN))
				continue;
			/* end of the pipe: the worker is done */
			close(jb->fd);
			while (waitpid(jb->pid, &st, 0) < 0 && errno == EINTR)
				;
			mt.done[g] = true;
			if (jb->got != sizeof(jb->out) || !WIFEXITED(st) ||
			    WEXITSTATUS(st) != 0) {
				mt.failed[g] = true;
				fprintf(stderr, "%s: game %d: the referee "
						"failed\n",
					progname, g + 1);
				rc = 1;
			} else {
				mt.result[g] = jb->out;
				if (!labelled) {
					make_labels(&mt, &jb->out, g);
					labelled = true;
				}
				mt.n_done++;
				if (!mt.quiet)
					progress(&mt, g, stderr);
				if (round_complete(&mt, g / mt.players) &&
				    (mt.sprt || !mt.quiet)) {
					make_report(&mt, &rp);
					if (mt.sprt && rp.sprt.decision != 0)
						stop = true;
					if (!mt.quiet &&
					    (rp.rounds % 10 == 0 || stop))
						standing(&mt, &rp, stderr);
				}
			}
			jobs[j] = jobs[--running];
			reap_orphans(jobs, running);
		}
	}
	if (stop_signal) {
		/* everything goes: workers take their bots along */
		for (int j = 0; j < running; j++)
			kill(jobs[j].pid, SIGTERM);
		for (int j = 0; j < running; j++) {
			int64_t until = now_ms() + 2000;
			int st;

			while (waitpid(jobs[j].pid, &st, WNOHANG) == 0) {
				if (now_ms() > until) {
					kill(jobs[j].pid, SIGKILL);
					waitpid(jobs[j].pid, &st, 0);
					break;
				}
				poll(NULL, 0, 5);
			}
			close(jobs[j].fd);
		}
	}
	sweep_children();
	make_report(&mt, &rp);
	if (mt.json)
		print_json(&mt, &rp, stdout);
	else
		print_text(&mt, &rp, stdout);
	if (stop_signal) {
		fprintf(stderr, "%s: match: stopped by signal %d\n", progname,
			(int)stop_signal);
		rc = 128 + (int)stop_signal;
	}
out:
	carc_rules_unref(mt.rules);
	free(mt.result);
	free(mt.done);
	free(mt.failed);
	return rc;
}

#endif
