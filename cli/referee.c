/* SPDX-License-Identifier: MIT */
/*
 * The referee of one game (carcassonne match): built-in bots in this
 * process, external bots as child processes speaking
 * doc/bindings/bot-protocol.md over pipes.  Every read and write has a deadline
 * (poll), every child runs in its own process group and is killed with it and
 * reaped, so a bot that hangs, crashes, floods or lies loses the game and the
 * referee goes on.  POSIX only.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <carcassonne/carcassonne.h>

#include "common.h"
#include "referee.h"

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

#define LINE_MAX_BYTES 16384		/* a longer line is a flood */
#define OUTPUT_MAX_BYTES (1 << 20)	/* per handshake or move */
#define WRITE_MS 5000			/* a bot must take our lines */
#define QUIT_MS 500			/* to exit after quit */
#define GOODBYE_MS 100			/* for the last lines */

static const char *const forfeit_words[FORFEIT_KINDS] = {
	"none", "illegal", "malformed", "time", "crash", "closed", "flood",
	"handshake", "start",
};

const char *
forfeit_word(enum forfeit f)
{
	return f >= 0 && f < FORFEIT_KINDS ? forfeit_words[f] : "?";
}

int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int64_t
now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* CPU time of this process in microseconds (the built-in bots think in
 * the worker that plays the game, with all their threads). */
static int64_t
own_cpu_us(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) < 0)
		return -1;
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* CPU time (user + system) of process @pid in microseconds, from
 * /proc/PID/stat; -1 where there is no such file. */
static int64_t
proc_cpu_us(pid_t pid)
{
#ifdef __linux__
	char path[64], buf[1024];
	unsigned long long ut, st;
	const char *p;
	long hz = sysconf(_SC_CLK_TCK);
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	p = strrchr(buf, ')');
	/* after the name: state ppid pgrp session tty tpgid flags minflt
	 * cminflt majflt cmajflt utime stime */
	if (!p || hz <= 0 ||
	    sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u "
		   "%llu %llu", &ut, &st) != 2)
		return -1;
	return (int64_t)((ut + st) * 1000000ull / (unsigned long long)hz);
#else
	(void)pid;
	return -1;
#endif
}

/* ------------------------------------------------------------------ */
/* Child processes                                                      */
/* ------------------------------------------------------------------ */

/* The process groups of live bots, for referee_kill_all() in a signal
 * handler. */
static volatile sig_atomic_t live_pgid[8];

void
referee_kill_all(void)
{
	for (int i = 0; i < 8; i++) {
		pid_t g = (pid_t)live_pgid[i];

		if (g > 0) {
			kill(-g, SIGKILL);
			waitpid(g, NULL, 0);
			live_pgid[i] = 0;
		}
	}
}

struct proc {
	pid_t pid;		/* also the process group; 0: none */
	int to, from;		/* its stdin, its stdout */
	char buf[LINE_MAX_BYTES + 1];
	size_t len;		/* bytes in buf */
	size_t read_total;	/* bytes since proc_budget() */
	bool eof;
	char name[64];		/* its id name */
	int version;		/* the protocol it speaks (the handshake's) */
	uint64_t last_id;	/* the id of its last "go" (version 2) */
	char line[LINE_MAX_BYTES + 1];
};

static void
set_flags(int fd, bool nonblock)
{
	int fl = fcntl(fd, F_GETFD);

	fcntl(fd, F_SETFD, fl | FD_CLOEXEC);
	if (nonblock) {
		fl = fcntl(fd, F_GETFL);
		fcntl(fd, F_SETFL, fl | O_NONBLOCK);
	}
}


/* Whether the shell command @cmd is one program with its arguments, to
 * be started with exec: no operator, redirection, substitution, quote,
 * glob or variable, no assignment before it and no shell word first. */
static bool
single_program(const char *cmd)
{
	static const char *const words[] = {
		"exec", "cd", "if", "while", "until", "for", "case", "time",
		"eval", "set", "export", "ulimit", "umask", ".", "!", "{",
		"source", "trap", "wait", "exit", "return", "command",
	};
	const char *p = cmd;
	size_t first;

	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == '\0' || strpbrk(p, ";&|<>()$`\\\"'*?[]{}~#\n\r=") != NULL)
		return false;
	first = strcspn(p, " \t");
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strlen(words[i]) == first &&
		    strncmp(p, words[i], first) == 0)
			return false;
	return true;
}

static int
proc_spawn(struct proc *p, const char *cmd, FILE *err)
{
	int in[2], out[2];
	pid_t pid, parent = getpid();

	memset(p, 0, sizeof(*p));
	p->to = p->from = -1;
	if (pipe(in) < 0)
		return -1;
	if (pipe(out) < 0) {
		close(in[0]);
		close(in[1]);
		return -1;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		return -1;
	}
	if (pid == 0) {
		struct sigaction sa;
		sigset_t none;

		setpgid(0, 0);
#ifdef __linux__
		/* a referee killed outright takes its bots along */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent)
			_exit(127);
#else
		(void)parent;
#endif
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = SIG_DFL;
		sigaction(SIGPIPE, &sa, NULL);
		sigaction(SIGINT, &sa, NULL);
		sigaction(SIGTERM, &sa, NULL);
		sigaction(SIGHUP, &sa, NULL);
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		dup2(in[0], 0);
		dup2(out[1], 1);
		if (err)
			dup2(fileno(err), 2);
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		if (single_program(cmd)) {
			/* exec: the bot is the shell's process itself, so
			 * its signal and its closing its output are seen
			 * as they are (dash does not exec the last
			 * command by itself) */
			char line[4096];

			/* no malloc() between fork() and exec() */
			if ((size_t)snprintf(line, sizeof(line), "exec %s",
					     cmd) < sizeof(line))
				execl("/bin/sh", "sh", "-c", line,
				      (char *)NULL);
		}
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	setpgid(pid, pid);	/* both sides, so no race */
	close(in[0]);
	close(out[1]);
	set_flags(in[1], true);
	set_flags(out[0], true);
	p->pid = pid;
	p->to = in[1];
	p->from = out[0];
	for (int i = 0; i < 8; i++)
		if (live_pgid[i] == 0) {
			live_pgid[i] = pid;
			break;
		}
	return 0;
}

/* How the process ended, if it has within @wait_ms (not reaped):
 * 1 with a description, 0 if still running. */
static int
proc_status(struct proc *p, int64_t wait_ms, char *buf, size_t n)
{
	int64_t until = now_ms() + wait_ms;

	for (;;) {
		siginfo_t info;

		memset(&info, 0, sizeof(info));
		if (waitid(P_PID, (id_t)p->pid, &info,
			   WEXITED | WNOHANG | WNOWAIT) == 0 &&
		    info.si_pid == p->pid) {
			int sig = info.si_status - 128;

			/* a shell reports its command's death by signal N
			 * as status 128 + N */
			if (info.si_code == CLD_EXITED && sig >= 1 && sig < 65)
				snprintf(buf, n, "killed by signal %d (%s, "
					 "status %d from the shell)", sig,
					 sig == SIGSEGV ? "SIGSEGV"
					 : sig == SIGABRT ? "SIGABRT"
					 : sig == SIGKILL ? "SIGKILL"
					 : "signal", info.si_status);
			else if (info.si_code == CLD_EXITED)
				snprintf(buf, n, "exited with status %d",
					 info.si_status);
			else
				snprintf(buf, n, "killed by signal %d (%s)",
					 info.si_status,
					 info.si_status == SIGSEGV ? "SIGSEGV"
					 : info.si_status == SIGABRT
						 ? "SIGABRT"
					 : info.si_status == SIGKILL
						 ? "SIGKILL"
						 : "signal");
			return 1;
		}
		if (now_ms() >= until)
			return 0;
		poll(NULL, 0, 2);
	}
}

/* Kill the process group and reap the bot. */
static void
proc_kill(struct proc *p)
{
	if (p->pid <= 0)
		return;
	kill(-p->pid, SIGKILL);
	while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR)
		;
	for (int i = 0; i < 8; i++)
		if (live_pgid[i] == p->pid)
			live_pgid[i] = 0;
	if (p->to >= 0)
		close(p->to);
	if (p->from >= 0)
		close(p->from);
	p->to = p->from = -1;
	p->pid = 0;
}

/* 0, -1 if the bot closed its input, -2 if it did not take the line in
 * time. */
static int proc_send(struct proc *p, int64_t wait_ms, const char *fmt, ...)
	PRINTF_LIKE(3, 4);

/* Write a whole line, waiting at most @wait_ms for room in the pipe. */
static int
proc_send(struct proc *p, int64_t wait_ms, const char *fmt, ...)
{
	char line[4096];
	va_list ap;
	int len;
	size_t done = 0;
	int64_t until = now_ms() + wait_ms;

	if (p->pid <= 0 || p->to < 0)
		return -1;
	va_start(ap, fmt);
	len = vsnprintf(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	if (len < 0 || (size_t)len >= sizeof(line) - 1)
		return -1;
	line[len++] = '\n';
	while (done < (size_t)len) {
		ssize_t k = write(p->to, line + done, (size_t)len - done);

		if (k > 0) {
			done += (size_t)k;
		} else if (k < 0 && errno == EAGAIN) {
			struct pollfd pfd = { .fd = p->to, .events = POLLOUT };
			int64_t left = until - now_ms();

			if (left <= 0)
				return -2;
			if (poll(&pfd, 1, (int)left) < 0 && errno != EINTR)
				return -1;
			if (pfd.revents & (POLLERR | POLLHUP))
				return -1;
		} else if (k < 0 && errno == EINTR) {
			continue;
		} else {
			return -1;
		}
	}
	return 0;
}

enum { LINE_OK = 1, LINE_TIMEOUT = 0, LINE_EOF = -1, LINE_FLOOD = -2 };

/* The next line of the bot into p->line (no CR LF), waiting until
 * @deadline (now_ms() clock). */
static int
proc_line(struct proc *p, int64_t deadline)
{
	for (;;) {
		char *nl = memchr(p->buf, '\n', p->len);

		if (nl) {
			size_t k = (size_t)(nl - p->buf);

			memcpy(p->line, p->buf, k);
			while (k > 0 && (p->line[k - 1] == '\r' ||
					 p->line[k - 1] == ' ' ||
					 p->line[k - 1] == '\t'))
				k--;
			p->line[k] = '\0';
			p->len -= (size_t)(nl + 1 - p->buf);
			memmove(p->buf, nl + 1, p->len);
			return LINE_OK;
		}
		if (p->len >= LINE_MAX_BYTES ||
		    p->read_total > OUTPUT_MAX_BYTES)
			return LINE_FLOOD;
		if (p->eof || p->from < 0)
			return LINE_EOF;
		{
			struct pollfd pfd = { .fd = p->from, .events = POLLIN };
			int64_t left = deadline - now_ms();
			ssize_t k;

			if (left < 0)
				left = 0;
			if (poll(&pfd, 1, (int)(left > 1000000 ? 1000000 : left)) < 0) {
				if (errno == EINTR)
					continue;
				return LINE_EOF;
			}
			if (!(pfd.revents & (POLLIN | POLLHUP | POLLERR))) {
				if (now_ms() >= deadline)
					return LINE_TIMEOUT;
				continue;
			}
			k = read(p->from, p->buf + p->len,
				 LINE_MAX_BYTES - p->len);
			if (k > 0) {
				p->len += (size_t)k;
				p->read_total += (size_t)k;
			} else if (k == 0) {
				p->eof = true;
			} else if (errno != EAGAIN && errno != EINTR) {
				p->eof = true;
			}
		}
	}
}

/* ------------------------------------------------------------------ */
/* Bots kept for a match                                                */
/* ------------------------------------------------------------------ */

struct bot_pool {
	struct proc proc[6];	/* by entrant */
};

struct bot_pool *
bot_pool_new(void)
{
	return calloc(1, sizeof(struct bot_pool));
}

void
bot_pool_free(struct bot_pool *pool)
{
	char how[128];
	int64_t until;

	if (!pool)
		return;
	for (int e = 0; e < 6; e++) {
		struct proc *p = &pool->proc[e];

		if (p->pid <= 0)
			continue;
		proc_send(p, GOODBYE_MS, "quit");
		if (p->to >= 0) {
			close(p->to);
			p->to = -1;
		}
	}
	until = now_ms() + QUIT_MS;
	for (int e = 0; e < 6; e++) {
		struct proc *p = &pool->proc[e];
		int64_t left = until - now_ms();

		if (p->pid <= 0)
			continue;
		proc_status(p, left > 0 ? left : 0, how, sizeof(how));
		proc_kill(p);
	}
	free(pool);
}

/* ------------------------------------------------------------------ */
/* One game                                                             */
/* ------------------------------------------------------------------ */

struct seat {
	bool builtin;
	struct builtin *b;
	struct proc *p;		/* own, or the pool's */
	struct proc own;
	bool kept;		/* p is the pool's */
	bool fresh;		/* started for this game: a handshake */
	uint64_t rng;		/* the built-in bot's */
	uint64_t shuffle;	/* its view's stack */
	int64_t remaining_ms;
};

struct match_game {
	const struct game_setup *setup;
	struct game_outcome *out;
	struct seat seat[6];
	struct carc_game *game, *view;
	int n;
	bool over;		/* forfeit decided */
};

struct match_game;
static void lose(struct match_game *mg, int s, enum forfeit why,
		 const char *fmt, ...) PRINTF_LIKE(4, 5);

static void
lose(struct match_game *mg, int s, enum forfeit why, const char *fmt, ...)
{
	va_list ap;

	if (mg->over)
		return;
	mg->over = true;
	mg->out->forfeit_seat = s;
	mg->out->reason = why;
	va_start(ap, fmt);
	vsnprintf(mg->out->detail, sizeof(mg->out->detail), fmt, ap);
	va_end(ap);
}

/* The bot of seat @s ended its output: a crash, or closed. */
static void
lose_eof(struct match_game *mg, int s, const char *when)
{
	char how[128];

	if (proc_status(mg->seat[s].p, 300, how, sizeof(how)))
		lose(mg, s,
		     strcmp(how, "exited with status 127") == 0 &&
				     strcmp(when, "the handshake") == 0
			     ? FORFEIT_START
			     : FORFEIT_CRASH,
		     "%s during %s", how, when);
	else
		lose(mg, s, FORFEIT_CLOSED, "closed its output during %s",
		     when);
}

static void
lose_read(struct match_game *mg, int s, int rc, const char *when,
	  int64_t waited)
{
	if (rc == LINE_EOF)
		lose_eof(mg, s, when);
	else if (rc == LINE_FLOOD)
		lose(mg, s, FORFEIT_FLOOD,
		     "more than %d bytes in a line or %d bytes during %s",
		     LINE_MAX_BYTES, OUTPUT_MAX_BYTES, when);
	else
		lose(mg, s, strcmp(when, "the handshake") == 0
				    ? FORFEIT_HANDSHAKE
				    : FORFEIT_TIME,
		     "no answer within %" PRId64 " ms during %s", waited, when);
}

/* Send a line to one external bot; a bot that does not take it loses. */
static void tell(struct match_game *mg, int s, const char *fmt, ...)
	PRINTF_LIKE(3, 4);

static void
tell(struct match_game *mg, int s, const char *fmt, ...)
{
	struct seat *st = &mg->seat[s];
	char line[4096];
	va_list ap;
	int rc;

	if (st->builtin || st->p->pid <= 0 || mg->over)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	rc = proc_send(st->p, WRITE_MS, "%s", line);
	if (rc == -2)
		lose(mg, s, FORFEIT_TIME, "did not read its input for %d ms",
		     WRITE_MS);
	else if (rc < 0)
		lose(mg, s, FORFEIT_CLOSED, "closed its input");
}

static void
tell_all(struct match_game *mg, const char *line)
{
	for (int s = 0; s < mg->n && !mg->over; s++)
		tell(mg, s, "%s", line);
}

/* The handshake of doc/bindings/bot-protocol.md#handshake. */
static void
handshake(struct match_game *mg, int s)
{
	const struct game_setup *gs = mg->setup;
	const struct seat_spec *spec = gs->seat[s];
	struct proc *p = mg->seat[s].p;
	int64_t start = now_ms(), deadline = start + gs->tc.handshake_ms;
	bool ok = false;

	p->read_total = 0;
	tell(mg, s, "protocol %d", BOT_PROTOCOL_VERSION);
	while (!mg->over && !ok) {
		int rc = proc_line(p, deadline);
		const char *l = p->line;
		int v;
		char tail;

		if (rc != LINE_OK) {
			lose_read(mg, s, rc, "the handshake", now_ms() - start);
			return;
		}
		if (strncmp(l, "id name ", 8) == 0 && l[8]) {
			snprintf(p->name, sizeof(p->name), "%s", l + 8);
			snprintf(mg->out->name[s], sizeof(mg->out->name[s]),
				 "%s", l + 8);
		} else if (strncmp(l, "id ", 3) == 0 ||
			   strncmp(l, "option ", 7) == 0 ||
			   strncmp(l, "info ", 5) == 0 ||
			   strcmp(l, "info") == 0) {
			/* known, nothing to do */
		} else if (sscanf(l, "protocolok %d%c", &v, &tail) == 1) {
			if (v < BOT_PROTOCOL_OLDEST ||
			    v > BOT_PROTOCOL_VERSION) {
				lose(mg, s, FORFEIT_HANDSHAKE,
				     "speaks protocol %d, not %d to %d", v,
				     BOT_PROTOCOL_OLDEST,
				     BOT_PROTOCOL_VERSION);
				return;
			}
			p->version = v;
			ok = true;
		} else {
			lose(mg, s, FORFEIT_HANDSHAKE,
			     "unexpected line in the handshake: '%.80s'", l);
			return;
		}
	}
	for (int k = 0; k < spec->n_options && !mg->over; k++) {
		const char *o = spec->option[k], *eq = strchr(o, '=');

		tell(mg, s, "setoption %.*s %s", (int)(eq - o), o, eq + 1);
	}
	if (gs->tc.cpu_ms > 0)
		tell(mg, s, "cpu %" PRId64, gs->tc.cpu_ms);
	tell(mg, s, "isready");
	while (!mg->over) {
		int rc = proc_line(p, deadline);

		if (rc != LINE_OK) {
			lose_read(mg, s, rc, "the handshake", now_ms() - start);
			return;
		}
		if (strcmp(p->line, "readyok") == 0)
			return;
		if (strncmp(p->line, "info", 4) != 0) {
			lose(mg, s, FORFEIT_HANDSHAKE,
			     "expected readyok, got '%.80s'", p->line);
			return;
		}
	}
}

/* The rules block of "newgame": the players, option and tiles lines of
 * the record of a game that has not started. */
static int
rules_lines(const struct carc_game *g, char **text)
{
	int len = carc_game_save(g, NULL, 0);
	char *all, *out, *line;
	size_t k = 0;

	if (len < 0)
		return -1;
	all = malloc((size_t)len + 1);
	out = malloc((size_t)len + 1);
	if (!all || !out) {
		free(all);
		free(out);
		return -1;
	}
	carc_game_save(g, all, (size_t)len + 1);
	for (line = all; *line;) {
		char *nl = strchr(line, '\n');
		size_t ll = nl ? (size_t)(nl - line) + 1 : strlen(line);

		if (strncmp(line, "players ", 8) == 0 ||
		    strncmp(line, "option ", 7) == 0 ||
		    strncmp(line, "tiles ", 6) == 0) {
			memcpy(out + k, line, ll);
			k += ll;
		}
		line += ll;
	}
	out[k] = '\0';
	free(all);
	*text = out;
	return 0;
}

/* Tell every bot what the engine did after a move: tiles discarded and
 * the tile drawn (doc/bindings/bot-protocol.md#the-game). */
static void
announce_draws(struct match_game *mg, int *discards, int *drawn)
{
	int d = carc_game_discard_count(mg->game);
	int k = carc_game_drawn_count(mg->game);
	char line[64];

	for (; *discards < d; ++*discards) {
		snprintf(line, sizeof(line), "discard %s",
			 carc_tile_name((uint32_t)carc_game_discard_at(
				 mg->game, (uint32_t)*discards)));
		tell_all(mg, line);
	}
	if (k != *drawn && !carc_game_is_over(mg->game)) {
		snprintf(line, sizeof(line), "draw %s",
			 carc_tile_name(
				 (uint32_t)carc_game_current_tile(mg->game)));
		tell_all(mg, line);
	}
	*drawn = k;
}

/* Version 1: "isready", and "readyok" before any other line but info;
 * false when the bot lost. */
static bool
sync_ready(struct match_game *mg, int s)
{
	struct proc *p = mg->seat[s].p;
	int64_t t0 = now_ms();

	tell(mg, s, "isready");
	while (!mg->over) {
		int rc = proc_line(p, t0 + mg->setup->tc.handshake_ms);

		if (rc != LINE_OK) {
			lose_read(mg, s, rc, "isready", now_ms() - t0);
			return false;
		}
		if (strcmp(p->line, "readyok") == 0)
			return true;
		if (strncmp(p->line, "info", 4) != 0) {
			lose(mg, s, FORFEIT_MALFORMED,
			     "unrequested line '%.80s'", p->line);
			return false;
		}
	}
	return false;
}

/* Ask seat @s for a move; CARC_MOVE_NONE when it lost instead. */
static carc_move_t
ask(struct match_game *mg, int s)
{
	const struct time_control *tc = &mg->setup->tc;
	struct seat *st = &mg->seat[s];
	int64_t limit = tc->move_ms, t0, used, c0, c1, w0, w1;
	carc_move_t m = CARC_MOVE_NONE;
	char id[32];

	if (tc->game_ms > 0 && st->remaining_ms < limit)
		limit = st->remaining_ms > 0 ? st->remaining_ms : 0;
	if (st->builtin) {
		t0 = now_ms();
		w0 = now_us();
		c0 = own_cpu_us();
		carc_game_copy(mg->view, mg->game);
		carc_game_shuffle_stack(mg->view, rng_next(&st->shuffle));
		m = builtin_choose(st->b, mg->view, &st->rng);
		used = now_ms() - t0;
		w1 = now_us();
		c1 = own_cpu_us();
		if (m == CARC_MOVE_NONE) {
			lose(mg, s, FORFEIT_CRASH, "the built-in bot failed");
			return CARC_MOVE_NONE;
		}
	} else {
		struct proc *p = st->p;
		int64_t deadline;

		/* output that came unasked must be info lines */
		p->read_total = 0;
		while (proc_line(p, 0) == LINE_OK) {
			if (strncmp(p->line, "info", 4) != 0) {
				lose(mg, s, FORFEIT_MALFORMED,
				     "unrequested line '%.80s'", p->line);
				return CARC_MOVE_NONE;
			}
		}
		/* version 1 has no request ids: a ping first, and whatever
		 * the bot wrote before its answer was not asked for */
		if (p->version < 2 && !sync_ready(mg, s))
			return CARC_MOVE_NONE;
		p->read_total = 0;
		p->last_id++;
		t0 = now_ms();
		w0 = now_us();
		c0 = proc_cpu_us(p->pid);
		deadline = t0 + limit + tc->margin_ms;
		if (p->version >= 2)
			snprintf(id, sizeof(id), " %" PRIu64, p->last_id);
		else
			id[0] = '\0';
		if (tc->game_ms > 0)
			tell(mg, s, "go%s movetime %" PRId64 " remaining %" PRId64
				    " increment %" PRId64,
			     id, tc->move_ms, st->remaining_ms,
			     tc->increment_ms);
		else
			tell(mg, s, "go%s movetime %" PRId64, id, tc->move_ms);
		while (!mg->over) {
			int rc = proc_line(p, deadline);
			const char *text = p->line + 5;

			if (rc != LINE_OK) {
				lose_read(mg, s, rc, "its move",
					  now_ms() - t0);
				return CARC_MOVE_NONE;
			}
			if (strncmp(p->line, "info", 4) == 0)
				continue;
			if (strncmp(p->line, "move ", 5) != 0) {
				lose(mg, s, FORFEIT_MALFORMED,
				     "expected 'move%s ...', got '%.80s'", id,
				     p->line);
				return CARC_MOVE_NONE;
			}
			if (p->version >= 2) {
				/* "move ID MOVE": an answer to another go
				 * (an earlier one) was not asked for now */
				char *end;
				unsigned long long got;

				errno = 0;
				got = strtoull(text, &end, 10);
				if (end == text || *end != ' ' ||
				    errno != 0 || text[0] == '-' ||
				    text[0] == '+') {
					lose(mg, s, FORFEIT_MALFORMED,
					     "expected 'move%s ...', got "
					     "'%.80s'",
					     id, p->line);
					return CARC_MOVE_NONE;
				}
				if (got != p->last_id) {
					lose(mg, s, FORFEIT_MALFORMED,
					     "unrequested line '%.80s'",
					     p->line);
					return CARC_MOVE_NONE;
				}
				text = end + 1;
			}
			if (carc_move_parse(text, &m) < 0) {
				lose(mg, s, FORFEIT_MALFORMED,
				     "not a move: '%.80s'", text);
				return CARC_MOVE_NONE;
			}
			break;
		}
		if (mg->over)
			return CARC_MOVE_NONE;
		used = now_ms() - t0;
		w1 = now_us();
		c1 = proc_cpu_us(p->pid);
	}
	mg->out->think_ms[s] += used;
	mg->out->decisions[s]++;
	mg->out->wall_us[s] += w1 - w0;
	if (c0 < 0 || c1 < 0 || mg->out->cpu_us[s] < 0)
		mg->out->cpu_us[s] = -1;
	else
		mg->out->cpu_us[s] += c1 - c0;
	if (used > limit + tc->margin_ms) {
		lose(mg, s, FORFEIT_TIME,
		     "took %" PRId64 " ms for a move, limit %" PRId64
		     " ms (+%" PRId64 " ms margin)",
		     used, limit, tc->margin_ms);
		return CARC_MOVE_NONE;
	}
	if (tc->game_ms > 0)
		st->remaining_ms += tc->increment_ms - used;
	return m;
}

/* Text from a bot or the command line in a record comment: printable
 * ASCII only, so that the record stays one comment line and plain ASCII. */
static void
put_comment(FILE *f, const char *s)
{
	for (; *s; s++)
		fputc(*s >= 0x20 && *s < 0x7f ? *s : '?', f);
}

/* The record: the game so far, with comments saying who played and how
 * it ended (doc/users/record-format.md#comments-of-carcassonne-match), into a
 * new string in @record. */
static int
make_record(struct match_game *mg, char **record)
{
	const struct game_setup *gs = mg->setup;
	const struct game_outcome *o = mg->out;
	int len = carc_game_save(mg->game, NULL, 0);
	char *text, *end, *buf = NULL;
	size_t size = 0;
	FILE *f;
	bool ok;

	if (len < 0)
		return -1;
	text = malloc((size_t)len + 1);
	if (!text)
		return -1;
	carc_game_save(mg->game, text, (size_t)len + 1);
	end = strstr(text, "\nend\n");
	f = open_memstream(&buf, &size);
	if (!f || !end) {
		if (f)
			fclose(f);
		free(buf);
		free(text);
		return -1;
	}
	/* the header line, then who played */
	fprintf(f, "%.*s", (int)(strchr(text, '\n') + 1 - text), text);
	if (gs->comment)
		fputs(gs->comment, f);
	for (int s = 0; s < mg->n; s++) {
		fprintf(f, "# seat P%d: ", s);
		put_comment(f, o->name[s]);
		fputs(" (", f);
		put_comment(f, gs->seat[s]->spec);
		fputs(")\n", f);
	}
	fprintf(f, "%.*s", (int)(end + 1 - (strchr(text, '\n') + 1)),
		strchr(text, '\n') + 1);
	if (o->forfeit_seat >= 0) {
		fprintf(f, "# forfeit: P%d %s: ", o->forfeit_seat,
			forfeit_word(o->reason));
		put_comment(f, o->detail);
		fputc('\n', f);
	}
	fprintf(f, "# result:");
	for (int s = 0; s < mg->n; s++)
		fprintf(f, " P%d %d%s", s, o->score[s],
			s == o->forfeit_seat ? " (forfeit)" : "");
	fprintf(f, "\nend\n");
	ok = !ferror(f);
	ok = fclose(f) == 0 && ok;
	free(text);
	if (!ok) {
		free(buf);
		return -1;
	}
	*record = buf;
	return 0;
}

int
referee_play(const struct game_setup *gs, struct game_outcome *out,
	     char **record)
{
	struct match_game mg;
	char err[256], line[160], text[128];
	char *rules = NULL;
	int discards = 0, drawn = 0, rc = -1;
	int64_t quit_until;

	memset(&mg, 0, sizeof(mg));
	memset(out, 0, sizeof(*out));
	mg.setup = gs;
	mg.out = out;
	mg.n = gs->players;
	out->players = gs->players;
	out->forfeit_seat = -1;
	if (carc_game_new(gs->rules, (uint32_t)gs->players, gs->seed,
			  &mg.game) < 0 ||
	    carc_game_clone(mg.game, &mg.view) < 0 ||
	    rules_lines(mg.game, &rules) < 0) {
		fprintf(stderr, "%s: cannot start a game\n", progname);
		goto done;
	}
	/* start every bot, then the handshakes */
	for (int s = 0; s < mg.n; s++) {
		struct seat *st = &mg.seat[s];
		const struct seat_spec *spec = gs->seat[s];

		st->p = &st->own;
		if (gs->pool && !spec->builtin) {
			st->p = &gs->pool->proc[gs->entrant[s]];
			st->kept = true;
		}
		st->remaining_ms = gs->tc.game_ms;
		/* as carcassonne bot --seed bot_seed does it */
		st->rng = gs->bot_seed ^ (0x9e3779b97f4a7c15ull *
					  (uint64_t)(s + 1));
		st->shuffle = st->rng ^ 0x5851f42d4c957f2dull;
		snprintf(out->name[s], sizeof(out->name[s]), "%s",
			 spec->spec);
		if (spec->builtin) {
			st->builtin = true;
			st->b = builtin_new(spec->spec, err, sizeof(err));
			for (int k = 0; st->b && k < spec->n_options; k++) {
				char name[64];
				const char *o = spec->option[k];
				const char *eq = strchr(o, '=');

				snprintf(name, sizeof(name), "%.*s",
					 (int)(eq - o), o);
				if (builtin_set(st->b, name, eq + 1, err,
						sizeof(err)) < 0) {
					builtin_free(st->b);
					st->b = NULL;
				}
			}
			if (!st->b) {
				fprintf(stderr, "%s: %s\n", progname, err);
				goto done;
			}
			if (gs->tc.cpu_ms > 0)
				builtin_budget_cpu(st->b,
						   (uint64_t)gs->tc.cpu_ms);
			snprintf(out->name[s], sizeof(out->name[s]), "%s",
				 builtin_name(st->b));
		} else if (st->kept && st->p->pid > 0) {
			/* a bot of the pool, from an earlier game */
			snprintf(out->name[s], sizeof(out->name[s]), "%s",
				 st->p->name[0] ? st->p->name : spec->spec);
		} else if (proc_spawn(st->p, spec->spec, gs->bot_stderr) < 0) {
			lose(&mg, s, FORFEIT_START, "cannot start '%s': %s",
			     spec->spec, strerror(errno));
		} else {
			st->fresh = true;
		}
	}
	for (int s = 0; s < mg.n && !mg.over; s++)
		if (mg.seat[s].fresh)
			handshake(&mg, s);
	for (int s = 0; s < mg.n && !mg.over; s++) {
		tell(&mg, s, "newgame");
		for (char *l = rules; *l && !mg.over;) {
			size_t ll = strcspn(l, "\n");

			tell(&mg, s, "%.*s", (int)ll, l);
			l += ll + (l[ll] == '\n');
		}
		tell(&mg, s, "seat %d", s);
	}
	announce_draws(&mg, &discards, &drawn);

	while (!mg.over && carc_game_is_over(mg.game) == 0) {
		int s = carc_game_current_player(mg.game);
		carc_move_t m = ask(&mg, s);
		int arc;

		if (mg.over)
			break;
		arc = carc_game_apply(mg.game, m);
		carc_move_describe(m, text, sizeof(text));
		if (arc < 0) {
			lose(&mg, s, FORFEIT_ILLEGAL, "illegal move '%s': %s",
			     text, carc_strerror(arc));
			break;
		}
		out->moves++;
		snprintf(line, sizeof(line), "P%d %s", s, text);
		tell_all(&mg, line);
		announce_draws(&mg, &discards, &drawn);
	}

	for (int s = 0; s < mg.n; s++)
		out->score[s] = carc_game_score(mg.game, (uint32_t)s);
	/* the end of the game, to everybody still there */
	if (out->forfeit_seat >= 0)
		proc_kill(mg.seat[out->forfeit_seat].p);
	{
		char scores[128];
		size_t k = (size_t)snprintf(scores, sizeof(scores), "scores");

		for (int s = 0; s < mg.n; s++)
			k += (size_t)snprintf(scores + k, sizeof(scores) - k,
					      " %d", out->score[s]);
		for (int s = 0; s < mg.n; s++) {
			if (s == out->forfeit_seat || mg.seat[s].builtin)
				continue;
			/* goodbyes: a bot that does not read them is
			 * killed anyway */
			if (out->forfeit_seat >= 0)
				proc_send(mg.seat[s].p, GOODBYE_MS,
					  "forfeit P%d %s", out->forfeit_seat,
					  forfeit_word(out->reason));
			proc_send(mg.seat[s].p, GOODBYE_MS, "%s", scores);
			proc_send(mg.seat[s].p, GOODBYE_MS, "end");
			if (mg.seat[s].kept)
				continue;	/* for the next game */
			proc_send(mg.seat[s].p, GOODBYE_MS, "quit");
			if (mg.seat[s].p->to >= 0) {
				close(mg.seat[s].p->to);
				mg.seat[s].p->to = -1;
			}
		}
	}
	quit_until = now_ms() + QUIT_MS;
	for (int s = 0; s < mg.n; s++) {
		if (mg.seat[s].p->pid > 0 && !mg.seat[s].kept) {
			int64_t left = quit_until - now_ms();

			proc_status(mg.seat[s].p, left > 0 ? left : 0, err,
				    sizeof(err));
			proc_kill(mg.seat[s].p);
		}
	}
	if (record && make_record(&mg, record) < 0) {
		fprintf(stderr, "%s: cannot write the record\n", progname);
		goto done;
	}
	rc = 0;
done:
	for (int s = 0; s < mg.n; s++) {
		if (!mg.seat[s].kept)
			proc_kill(mg.seat[s].p);
		builtin_free(mg.seat[s].b);
	}
	free(rules);
	carc_game_free(mg.view);
	carc_game_free(mg.game);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Results as text                                                      */
/* ------------------------------------------------------------------ */

int
result_write(FILE *f, int game, const struct game_outcome *o,
	     const char *record)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *m = open_memstream(&buf, &size);
	int rc;

	if (!m)
		return -1;
	fprintf(m, "players %d\nmoves %d\nforfeit %d %s\n", o->players,
		o->moves, o->forfeit_seat, forfeit_word(o->reason));
	for (int s = 0; s < o->players; s++)
		fprintf(m, "seat %d %d %" PRId64 " %" PRId64 " %" PRId64
			   " %d %s\n",
			s, o->score[s], o->think_ms[s], o->wall_us[s],
			o->cpu_us[s], o->decisions[s], o->name[s]);
	fprintf(m, "detail %s\n", o->detail);
	if (record)
		fprintf(m, "record\n%s", record);
	if (fclose(m) != 0) {
		free(buf);
		return -1;
	}
	rc = fprintf(f, "result %d %zu\n", game, size) < 0 ||
			     fwrite(buf, 1, size, f) != size || fflush(f) != 0
		     ? -1
		     : 0;
	free(buf);
	return rc;
}

/* One line of @text from @*at, without its LF, into @line; false at the
 * end or for a line too long. */
static bool
next_line(const char *text, size_t len, size_t *at, char *line, size_t n)
{
	const char *nl;
	size_t k;

	if (*at >= len)
		return false;
	nl = memchr(text + *at, '\n', len - *at);
	if (!nl)
		return false;
	k = (size_t)(nl - (text + *at));
	if (k >= n)
		return false;
	memcpy(line, text + *at, k);
	line[k] = '\0';
	*at += k + 1;
	return true;
}

int
result_parse(const char *text, size_t len, struct game_outcome *o,
	     char **record)
{
	char line[512], word[32];
	size_t at = 0;
	int k;

	memset(o, 0, sizeof(*o));
	*record = NULL;
	if (!next_line(text, len, &at, line, sizeof(line)) ||
	    sscanf(line, "players %d", &o->players) != 1 || o->players < 2 ||
	    o->players > 6 ||
	    !next_line(text, len, &at, line, sizeof(line)) ||
	    sscanf(line, "moves %d", &o->moves) != 1 ||
	    !next_line(text, len, &at, line, sizeof(line)) ||
	    sscanf(line, "forfeit %d %31s", &o->forfeit_seat, word) != 2 ||
	    o->forfeit_seat < -1 || o->forfeit_seat >= o->players)
		return -1;
	o->reason = FORFEIT_KINDS;
	for (int f = 0; f < FORFEIT_KINDS; f++)
		if (strcmp(word, forfeit_word((enum forfeit)f)) == 0)
			o->reason = (enum forfeit)f;
	if (o->reason == FORFEIT_KINDS)
		return -1;
	for (int s = 0; s < o->players; s++) {
		int seat, n = 0;

		if (!next_line(text, len, &at, line, sizeof(line)) ||
		    sscanf(line, "seat %d %d %" SCNd64 " %" SCNd64 " %" SCNd64
				 " %d %n",
			   &seat, &o->score[s], &o->think_ms[s],
			   &o->wall_us[s], &o->cpu_us[s], &o->decisions[s],
			   &n) != 6 ||
		    seat != s || n == 0)
			return -1;
		snprintf(o->name[s], sizeof(o->name[s]), "%.63s", line + n);
	}
	if (!next_line(text, len, &at, line, sizeof(line)) ||
	    strncmp(line, "detail ", 7) != 0)
		return -1;
	snprintf(o->detail, sizeof(o->detail), "%.255s", line + 7);
	if (at == len)
		return 0;
	if (!next_line(text, len, &at, line, sizeof(line)) ||
	    strcmp(line, "record") != 0)
		return -1;
	k = (int)(len - at);
	*record = malloc((size_t)k + 1);
	if (!*record)
		return -1;
	memcpy(*record, text + at, (size_t)k);
	(*record)[k] = '\0';
	return 0;
}
