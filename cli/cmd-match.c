/* SPDX-License-Identifier: MIT */
/*
 * carcassonne match: bots against each other (doc/bindings/bots.md).
 *
 * Seats are built-in bots (random, greedy, mcts:playouts=N) or commands
 * that speak doc/bindings/bot-protocol.md.  Games come in rounds: one
 * seed played in every seating (entrant e in seat (e + r) mod P in the
 * r-th game of the round), so the luck of the tiles cancels inside a
 * round.  Each game runs in a worker process of its own (--jobs at
 * once), which starts the external bots as its children (referee.c) and
 * sends its result back through a pipe as a frame of text
 * (result_write()).  With --keep-bots a worker plays every jobs-th game
 * with the same bot processes.  With --dask the games are tasks on Dask
 * workers, which run this program with --play-game G, handed out by
 * match-dask.py; their frames are the same, so are the records and the
 * report.  On SIGINT, SIGTERM or SIGHUP every worker and bot is killed
 * and reaped, and the report of the rounds finished is printed.
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
#include "match.h"
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

/* ------------------------------------------------------------------ */
/* One game, wherever it is played                                      */
/* ------------------------------------------------------------------ */

/* Play game @g (from 0) and write its result frame to @f; -1 when the
 * referee failed. */
static int
play_one(const struct match *mt, int g, struct bot_pool *pool, FILE *f)
{
	struct game_setup gs;
	struct game_outcome out;
	char comment[256], *record = NULL;
	int r = g / mt->players, rc;

	memset(&gs, 0, sizeof(gs));
	gs.players = mt->players;
	for (int e = 0; e < mt->players; e++) {
		gs.seat[seat_of(mt->players, e, g)] = &mt->spec[e];
		gs.entrant[seat_of(mt->players, e, g)] = e;
	}
	gs.rules = mt->rules;
	gs.seed = mt->seed + (uint64_t)r;
	gs.bot_seed = gs.seed;
	gs.tc = mt->tc;
	gs.pool = pool;
	snprintf(comment, sizeof(comment),
		 "# carcassonne match: game %d, round %d, seating %d, "
		 "seed %" PRIu64 "\n",
		 g + 1, r + 1, g % mt->players + 1, gs.seed);
	gs.comment = comment;
	if (referee_play(&gs, &out, &record) < 0)
		return -1;
	rc = result_write(f, g, &out, record);
	free(record);
	return rc;
}

/* A worker process: games @first, @first + @stride, ... into @fd. */
static void
worker(const struct match *mt, int first, int stride, int fd)
{
	FILE *f = fdopen(fd, "w");
	struct bot_pool *pool = mt->keep_bots ? bot_pool_new() : NULL;
	int rc = 0;

	if (!f || (mt->keep_bots && !pool))
		_exit(1);
	for (int g = first; g < mt->n_games && rc == 0; g += stride)
		rc = play_one(mt, g, pool, f);
	bot_pool_free(pool);
	if (fclose(f) != 0)
		rc = -1;
	_exit(rc == 0 ? 0 : 1);
}

/* ------------------------------------------------------------------ */
/* Where results come from: worker processes or the Dask driver         */
/* ------------------------------------------------------------------ */

struct source {
	pid_t pid;
	int fd;			/* results come here */
	char *buf;
	size_t len, cap;
	int first, stride;	/* a worker's games */
};

static int
start_worker(struct match *mt, struct source *src, int first, int stride)
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
	memset(src, 0, sizeof(*src));
	src->pid = fork();
	if (src->pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (src->pid == 0) {
		handle_signals(on_stop_worker);
		close(fds[0]);
		if (stop_signal)
			_exit(128 + stop_signal);
		worker(mt, first, stride, fds[1]);
	}
	close(fds[1]);
	src->fd = fds[0];
	src->first = first;
	src->stride = stride;
	return 0;
}

/* The Dask driver (match-dask.py): next to this program, or installed. */
static int
driver_path(char *buf, size_t n)
{
	char self[4096];
	ssize_t k = readlink("/proc/self/exe", self, sizeof(self) - 1);
	const char *env = getenv("CARCASSONNE_DASK_DRIVER");

	if (env && *env) {
		snprintf(buf, n, "%s", env);
		return 0;
	}
	if (k > 0) {
		char *slash;

		self[k] = '\0';
		slash = strrchr(self, '/');
		if (slash) {
			snprintf(buf, n, "%.*s/match-dask.py",
				 (int)(slash - self), self);
			if (access(buf, R_OK) == 0)
				return 0;
		}
	}
	snprintf(buf, n, "%s", CARC_MATCH_DASK_DRIVER);
	return access(buf, R_OK) == 0 ? 0 : -1;
}

/* Start the Dask driver: its results come to @src, our requests go to
 * @to.  Its first line is the command of one game, as JSON. */
static int
start_driver(struct match *mt, struct source *src, FILE **to, int argc,
	     char **argv)
{
	char script[4096], self[4096];
	const char *python = getenv("CARCASSONNE_DASK_PYTHON");
	int in[2], out[2];
	ssize_t k = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (driver_path(script, sizeof(script)) < 0) {
		fprintf(stderr, "%s: match: no Dask driver (%s)\n", progname,
			script);
		return -1;
	}
	if (k <= 0) {
		fprintf(stderr, "%s: match: where am I? %s\n", progname,
			strerror(errno));
		return -1;
	}
	self[k] = '\0';
	if (!python || !*python)
		python = "/usr/bin/python3";
	if (pipe(in) < 0 || pipe(out) < 0)
		return -1;
	fcntl(in[1], F_SETFD, FD_CLOEXEC);
	fcntl(out[0], F_SETFD, FD_CLOEXEC);
	fcntl(out[0], F_SETFL, fcntl(out[0], F_GETFL) | O_NONBLOCK);
	fflush(NULL);
	memset(src, 0, sizeof(*src));
	src->pid = fork();
	if (src->pid < 0)
		return -1;
	if (src->pid == 0) {
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = SIG_DFL;
		sigaction(SIGPIPE, &sa, NULL);
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[0]);
		close(out[1]);
#ifdef __linux__
		prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
		execl(python, python, script, mt->dask, (char *)NULL);
		fprintf(stderr, "%s: %s: %s\n", progname, python,
			strerror(errno));
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	src->fd = out[0];
	*to = fdopen(in[1], "w");
	if (!*to)
		return -1;
	/* the command of game G: ours, with --play-game G after it */
	fputc('[', *to);
	json_string(*to, self);
	fputs(", \"match\"", *to);
	for (int i = 0; i < argc; i++) {
		fputs(", ", *to);
		json_string(*to, argv[i]);
	}
	fputs("]\n", *to);
	return fflush(*to) == 0 ? 0 : -1;
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
reap_orphans(const struct source *src, int running)
{
	pid_t pids[256];
	int n = our_children(pids, 256, true);

	for (int i = 0; i < n; i++) {
		bool worker = false;

		for (int j = 0; j < running; j++)
			worker = worker || src[j].pid == pids[i];
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
/* The results                                                          */
/* ------------------------------------------------------------------ */

/* Write a record atomically: a temporary file renamed into place. */
static int
store_record(const char *dir, int g, const char *text)
{
	char path[4096], tmp[4200];
	FILE *f;
	bool ok;

	snprintf(path, sizeof(path), "%s/game-%04d.rec", dir, g + 1);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "wb");
	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", progname, tmp,
			strerror(errno));
		return -1;
	}
	ok = fputs(text, f) >= 0;
	ok = fclose(f) == 0 && ok;
	if (!ok || rename(tmp, path) != 0) {
		fprintf(stderr, "%s: %s: %s\n", progname, path,
			strerror(errno));
		remove(tmp);
		return -1;
	}
	return 0;
}

struct run {
	struct match *mt;
	bool labelled;
	bool stop;		/* no more games: the SPRT decided */
	int failed;		/* games without a result */
	int rc;
};

/* Game @g has no result; 1 if it had none before. */
static int
game_failed(struct run *run, int g, bool say)
{
	struct match *mt = run->mt;

	if (g < 0 || g >= mt->n_games || mt->done[g])
		return 0;
	mt->done[g] = mt->failed[g] = true;
	run->failed++;
	if (say)
		fprintf(stderr, "%s: game %d: the referee failed\n", progname,
			g + 1);
	run->rc = 1;
	return 1;
}

/* A game's result frame came in. */
static void
game_done(struct run *run, int g, const char *text, size_t len)
{
	struct match *mt = run->mt;
	struct game_outcome out;
	struct report rp;
	char *record = NULL;

	if (g < 0 || g >= mt->n_games || mt->done[g])
		return;	/* not ours, or twice */
	if (result_parse(text, len, &out, &record) < 0 ||
	    out.players != mt->players ||
	    (mt->records && (!record ||
			     store_record(mt->records, g, record) < 0))) {
		free(record);
		game_failed(run, g, true);
		return;
	}
	free(record);
	mt->done[g] = true;
	mt->result[g] = out;
	if (!run->labelled) {
		make_labels(mt, &out, g);
		run->labelled = true;
	}
	mt->n_done++;
	if (!mt->quiet)
		progress(mt, g, stderr);
	if (round_complete(mt, g / mt->players) && (mt->sprt || !mt->quiet)) {
		make_report(mt, &rp);
		if (mt->sprt && rp.sprt.decision != 0)
			run->stop = true;
		if (!mt->quiet && (rp.rounds % 10 == 0 || run->stop))
			standing(mt, &rp, stderr);
	}
}

/* Read what @src has; take every whole frame ("result G LEN" and LEN
 * bytes, or a line "failed G ..."). 1 at the end of the pipe. */
static int
source_read(struct run *run, struct source *src)
{
	int end = 0;

	for (;;) {
		ssize_t k;

		if (src->cap - src->len < 65536) {
			char *nb = realloc(src->buf, src->cap * 2 + 65536);

			if (!nb)
				return 1;
			src->buf = nb;
			src->cap = src->cap * 2 + 65536;
		}
		k = read(src->fd, src->buf + src->len, src->cap - src->len);
		if (k > 0) {
			src->len += (size_t)k;
			continue;
		}
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0 && errno == EAGAIN)
			break;
		end = 1;	/* 0: the end; other errors too */
		break;
	}
	for (;;) {
		char *nl = memchr(src->buf, '\n', src->len);
		size_t head, len;
		int g;

		if (!nl)
			return end;
		head = (size_t)(nl + 1 - src->buf);
		*nl = '\0';
		if (sscanf(src->buf, "failed %d", &g) == 1) {
			fprintf(stderr, "%s: %s\n", progname, src->buf);
			game_failed(run, g, false);
			len = 0;
		} else if (sscanf(src->buf, "result %d %zu", &g, &len) == 2) {
			if (src->len - head < len) {
				*nl = '\n';
				return end;	/* the rest is to come */
			}
			game_done(run, g, nl + 1, len);
		} else {
			return 1;	/* garbage: give up on it */
		}
		memmove(src->buf, src->buf + head + len,
			src->len - head - len);
		src->len -= head + len;
	}
}

/* Play the games: in worker processes here (--jobs), or through the Dask
 * driver (--dask); either way every result comes as a frame. */
static int
run_games(struct match *mt, uint64_t jobs_n, bool jobs_given, int argc,
	  char **argv)
{
	struct run run = { .mt = mt };
	struct source src[MAX_JOBS];
	FILE *to_driver = NULL;
	int running = 0, next = 0, asked = 0;
	bool stopped_workers = false;

	if (mt->dask) {
		if (start_driver(mt, &src[0], &to_driver, argc, argv) < 0) {
			fprintf(stderr, "%s: match: cannot start the Dask "
					"driver\n",
				progname);
			return 1;
		}
		running = 1;
	} else if (mt->keep_bots) {
		/* one worker per job, each with its bots, plays every
		 * jobs-th game */
		for (int j = 0; j < (int)jobs_n && j < mt->n_games; j++) {
			if (start_worker(mt, &src[running], j, (int)jobs_n) < 0)
				break;
			running++;
		}
		next = mt->n_games;
	}

	while (running > 0 || (!mt->dask && !run.stop && next < mt->n_games &&
			       !stop_signal && run.rc == 0)) {
		struct pollfd pfd[MAX_JOBS];

		if (stop_signal)
			break;
		while (!mt->dask && !run.stop && running < (int)jobs_n &&
		       next < mt->n_games) {
			if (start_worker(mt, &src[running], next,
					 mt->n_games) < 0) {
				fprintf(stderr, "%s: cannot start a game: %s\n",
					progname, strerror(errno));
				run.rc = 1;
				run.stop = true;
				break;
			}
			running++;
			next++;
		}
		if (to_driver) {
			/* requests to the driver, as many at once as
			 * --jobs says (all without it) */
			int unfinished = asked - mt->n_done - run.failed;

			while (!run.stop && asked < mt->n_games &&
			       (!jobs_given || unfinished < (int)jobs_n)) {
				fprintf(to_driver, "game %d\n", asked++);
				unfinished++;
			}
			/* the end of its input: no more games; "stop":
			 * cancel those not done */
			if (run.stop)
				fputs("stop\n", to_driver);
			if (run.stop || (asked == mt->n_games &&
					 unfinished == 0)) {
				fclose(to_driver);
				to_driver = NULL;
			} else {
				fflush(to_driver);
			}
		}
		for (int j = 0; j < running; j++) {
			pfd[j].fd = src[j].fd;
			pfd[j].events = POLLIN;
			pfd[j].revents = 0;
		}
		/* (running is 1 to MAX_JOBS here; the bounds are said for
		 * gcc, whose -O2 with the sanitizers cannot see them) */
		if (running <= 0 || running > MAX_JOBS)
			continue;
		if (poll(pfd, (nfds_t)running, 200) < 0 && errno != EINTR)
			break;
		/* downwards: a finished source takes the last one's place,
		 * which has been looked at already */
		for (int j = running - 1; j >= 0; j--) {
			struct source *sj = &src[j];
			int st = 0;

			if (!(pfd[j].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			if (source_read(&run, sj) == 0)
				continue;
			/* the end: the worker or the driver is done */
			close(sj->fd);
			while (waitpid(sj->pid, &st, 0) < 0 && errno == EINTR)
				;
			if (!stopped_workers &&
			    (!WIFEXITED(st) || WEXITSTATUS(st) != 0))
				run.rc = 1;
			/* its games without a result failed; a worker
			 * stopped by the SPRT left its games unplayed */
			if (run.stop || stop_signal) {
				/* nothing */
			} else if (mt->dask) {
				int lost = 0;

				for (int g = 0; g < mt->n_games; g++)
					lost += game_failed(&run, g, false);
				if (lost)
					fprintf(stderr, "%s: match: the Dask "
							"driver ended, %d games "
							"have no result\n",
						progname, lost);
			} else {
				for (int g = sj->first; g < mt->n_games;
				     g += sj->stride)
					game_failed(&run, g, true);
			}
			free(sj->buf);
			src[j] = src[--running];
			reap_orphans(src, running);
		}
		if (run.stop && mt->keep_bots && !mt->dask &&
		    !stopped_workers) {
			/* the workers of kept bots would play on */
			for (int j = 0; j < running; j++)
				kill(src[j].pid, SIGTERM);
			stopped_workers = true;
		}
	}
	if (to_driver)
		fclose(to_driver);
	if (stop_signal) {
		/* everything goes: workers take their bots along */
		for (int j = 0; j < running; j++)
			kill(src[j].pid, SIGTERM);
		for (int j = 0; j < running; j++) {
			int64_t until = now_ms() + 2000;
			int st;

			while (waitpid(src[j].pid, &st, WNOHANG) == 0) {
				if (now_ms() > until) {
					kill(src[j].pid, SIGKILL);
					waitpid(src[j].pid, &st, 0);
					break;
				}
				poll(NULL, 0, 5);
			}
			close(src[j].fd);
			free(src[j].buf);
		}
	}
	return run.rc;
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
		{ "--move-cpu", &tc->cpu_ms, 1 },
	};

	for (size_t k = 0; k < sizeof(flags) / sizeof(flags[0]); k++) {
		if (strcmp(flag, flags[k].name) == 0) {
			*min = flags[k].min;
			return flags[k].field;
		}
	}
	return NULL;
}

/* The flags of the command that are not the match's own. */
struct match_args {
	uint64_t games;		/* 0: one round (SPRT: 5000) */
	uint64_t jobs_n;
	bool jobs_given;
	bool play;		/* --play-game */
	uint64_t play_game;
};

/* The command line into @mt, @rf and @o: -1 to go on, else the exit
 * status (0 for --help). */
static int
parse_args(int argc, char **argv, struct match *mt, struct rule_flags *rf,
	   struct match_args *o)
{
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *val;
		int64_t *ms, min_ms;
		int k;

		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			return 0;
		} else if (strcmp(a, "--quiet") == 0) {
			mt->quiet = true;
		} else if (strcmp(a, "--json") == 0) {
			mt->json = true;
		} else if (strcmp(a, "--keep-bots") == 0) {
			mt->keep_bots = true;
		} else if ((k = parse_rule_flag(argc, argv, &i, rf)) != 0) {
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

				if (mt->players == 0)
					return usage_error(
						"--bot-option comes after the "
						"--bot it is for");
				sp = &mt->spec[mt->players - 1];
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
				if (parse_number(a, val, 1, 1000000, &o->games) <
				    0)
					return 2;
			} else if (strcmp(a, "--seed") == 0) {
				if (parse_number(a, val, 0, UINT64_MAX / 2,
						 &mt->seed) < 0)
					return 2;
			} else if (strcmp(a, "--jobs") == 0) {
				if (parse_number(a, val, 1, MAX_JOBS,
						 &o->jobs_n) < 0)
					return 2;
				o->jobs_given = true;
			} else if (strcmp(a, "--dask") == 0) {
				mt->dask = val;
			} else if (strcmp(a, "--play-game") == 0) {
				/* one game of the match, its result frame on
				 * stdout: what a Dask worker runs */
				if (parse_number(a, val, 0, 6000000,
						 &o->play_game) < 0)
					return 2;
				o->play = true;
			} else if ((ms = time_flag(&mt->tc, a, &min_ms))) {
				if (parse_ms(a, val, min_ms, ms) < 0)
					return 2;
			} else if (strcmp(a, "--records") == 0) {
				mt->records = val;
			} else if (strcmp(a, "--sprt") == 0) {
				if (stats_sprt_parse(val, &mt->elo0, &mt->elo1,
						     &mt->alpha, &mt->beta) < 0)
					return usage_error(
						"--sprt: '%s' is not "
						"ELO0,ELO1,ALPHA,BETA with "
						"ELO0 < ELO1 and ALPHA, BETA "
						"in (0, 0.5)",
						val);
				mt->sprt = true;
			} else {
				return unknown_flag(a);
			}
			continue;
		} else {
			val = a;
seat:
			if (mt->players == 6)
				return usage_error("match: at most 6 bots");
			mt->spec[mt->players].spec = val;
			mt->spec[mt->players].builtin = builtin_is_spec(val);
			mt->players++;
		}
	}
	return -1;
}

/* What parse_args() cannot see one flag at a time: -1 to go on, else the
 * exit status. */
static int
check_args(struct match *mt, const struct match_args *args)
{
	char err[256];

	if (mt->players < 2) {
		usage_error("match: give 2 to 6 bots (random, greedy, "
			    "mcts[:playouts=N] or a command)");
		return 2;	/* (a constant: the division by players below) */
	}
	/* built-in bots and their parameters are checked now */
	for (int e = 0; e < mt->players; e++) {
		struct builtin *b;

		if (!mt->spec[e].builtin)
			continue;
		if (!(b = builtin_new(mt->spec[e].spec, err, sizeof(err))))
			return usage_error("%s", err);
		for (int k = 0; k < mt->spec[e].n_options; k++) {
			char name[64];
			const char *o = mt->spec[e].option[k];
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
	if (mt->sprt && mt->players != 2)
		return usage_error("--sprt: only for 2 bots");
	if (mt->dask && mt->keep_bots && !args->play)
		return usage_error("--keep-bots: not with --dask, where every "
				   "game is a task of its own");
	return -1;
}

int
cmd_match(int argc, char **argv)
{
	struct match mt;
	struct rule_flags rf = { 0 };
	struct match_args o = { .jobs_n = 1 };
	int rc = 0, n_games;
	struct report rp;
	struct sigaction ign;

	memset(&mt, 0, sizeof(mt));
	mt.seed = 1;
	mt.tc.move_ms = 30000;
	mt.tc.margin_ms = 50;
	mt.tc.handshake_ms = 10000;
	if ((rc = parse_args(argc, argv, &mt, &rf, &o)) >= 0 ||
	    (rc = check_args(&mt, &o)) >= 0)
		return rc;
	if (o.games == 0)
		o.games = (uint64_t)mt.players * (mt.sprt ? 5000 : 1);
	mt.rounds = (int)((o.games + (uint64_t)mt.players - 1) /
			  (uint64_t)mt.players);
	n_games = mt.rounds * mt.players;
	mt.n_games = n_games;
	if (o.play && o.play_game >= (uint64_t)n_games)
		return usage_error("--play-game: the match has %d games",
				   n_games);
	if (!o.play && mt.records && mkdir(mt.records, 0777) < 0 &&
	    errno != EEXIST) {
		fprintf(stderr, "%s: %s: %s\n", progname, mt.records,
			strerror(errno));
		return 1;
	}
	if (rule_flags_build(&rf, &mt.rules) < 0) {
		fprintf(stderr, "%s: cannot build the rules\n", progname);
		return 1;
	}
	if (o.play) {
#ifdef __linux__
		/* the Dask worker that runs us takes us along */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
		rc = play_one(&mt, (int)o.play_game, NULL, stdout) < 0 ? 1 : 0;
		goto out;
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

	rc = run_games(&mt, o.jobs_n, o.jobs_given, argc, argv);
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
