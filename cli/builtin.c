/* SPDX-License-Identifier: MIT */
/*
 * The built-in bots of `carcassonne match` and `carcassonne bot`, by
 * spec: "random", "greedy", "mcts", "star2.5", "mcts-rave", the searches
 * with parameters as in "mcts:playouts=N" (the papers' settings too, as
 * in "star2.5:depth=3,probing=4"): the library's bots
 * (<carcassonne/search.h>), seeded as `carcassonne play` seeds them
 * (bots.c).
 */
#include "config.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>
#include <carcassonne/search.h>

#include "common.h"
#include "referee.h"

struct builtin {
	uint32_t kind;		/* enum carc_bot_kind */
	uint64_t playouts;	/* 0: none (with a time) */
	uint64_t threads;	/* 1 to CARC_BOT_MAX_THREADS */
	uint64_t time_ms;	/* 0: none */
	uint64_t cpu_ms;	/* a CPU time limit; 0: none */
	/* the searches' own parameters (struct carc_bot_options); 0 for
	 * the library's default */
	uint64_t exploration;	/* c: mcts, mcts-rave; thousandths */
	uint64_t bias;		/* b: mcts-rave, RAVE's bias; thousandths */
	uint64_t reward;	/* mcts, mcts-rave: enum carc_bot_reward */
	uint64_t probing;	/* star2.5 */
	uint64_t depth;		/* star2.5: turns */
	bool playouts_set;	/* playouts given, not the default */
	char name[192];
};

#define K_MCTS (1u << CARC_BOT_MCTS)
#define K_STAR (1u << CARC_BOT_STAR25)
#define K_RAVE (1u << CARC_BOT_MCTS_RAVE)
#define K_ALL (K_MCTS | K_STAR | K_RAVE)

/* The parameters of the searches: name, range, where, which bots take
 * it (a mask of 1 << kind).  reward is a word (reward_names). */
static const struct param {
	const char *name;
	uint64_t min, max;
	size_t offset;
	uint32_t kinds;
} params[] = {
	{ "playouts", 0, 10000000, offsetof(struct builtin, playouts), K_ALL },
	{ "threads", 1, CARC_BOT_MAX_THREADS,
	  offsetof(struct builtin, threads), K_ALL },
	{ "time", 0, 86400000, offsetof(struct builtin, time_ms), K_ALL },
	{ "cpu", 0, 86400000, offsetof(struct builtin, cpu_ms), K_ALL },
	{ "c", 1, 1000000, offsetof(struct builtin, exploration),
	  K_MCTS | K_RAVE },
	{ "b", 1, 1000000, offsetof(struct builtin, bias), K_RAVE },
	{ "reward", CARC_BOT_REWARD_WIN, CARC_BOT_REWARD_MARGIN,
	  offsetof(struct builtin, reward), K_MCTS | K_RAVE },
	{ "probing", 1, CARC_BOT_MAX_PROBING,
	  offsetof(struct builtin, probing), K_STAR },
	{ "depth", 1, CARC_BOT_MAX_DEPTH, offsetof(struct builtin, depth),
	  K_STAR },
};

#define N_PARAMS (sizeof(params) / sizeof(params[0]))

/* The words of reward=, by enum carc_bot_reward. */
static const char *const reward_names[] = {
	[CARC_BOT_REWARD_WIN] = "win",
	[CARC_BOT_REWARD_MARGIN] = "margin",
};

static uint64_t
param_value(const struct builtin *b, const struct param *p)
{
	uint64_t v;

	memcpy(&v, (const char *)b + p->offset, sizeof(v));
	return v;
}

/* The bots that take the parameters: the searches. */
static bool
has_params(uint32_t kind)
{
	return kind == CARC_BOT_MCTS || kind == CARC_BOT_STAR25 ||
	       kind == CARC_BOT_MCTS_RAVE;
}

/* The bot kind (enum carc_bot_kind) the first len bytes of spec name,
 * by the library's names; -1 for none. */
static int
kind_of(const char *spec, size_t len)
{
	char name[16];
	int kind;

	if (len >= sizeof(name))
		return -1;
	memcpy(name, spec, len);
	name[len] = '\0';
	kind = carc_bot_kind_from_name(name);
	return kind > 0 ? kind : -1;
}

bool
builtin_is_spec(const char *spec)
{
	size_t len = strcspn(spec, ":");

	return kind_of(spec, len) >= 0 && !strchr(spec, ' ');
}

/* "mcts:playouts=1000", with threads and times only when set. */
static void
update_name(struct builtin *b)
{
	size_t k;

	if (!has_params(b->kind)) {
		snprintf(b->name, sizeof(b->name), "%s",
			 carc_bot_kind_name(b->kind));
		return;
	}
	k = (size_t)snprintf(b->name, sizeof(b->name), "%s:",
			     carc_bot_kind_name(b->kind));
	if (b->playouts)
		k += (size_t)snprintf(b->name + k, sizeof(b->name) - k,
				      "playouts=%" PRIu64 ",", b->playouts);
	if (b->threads > 1)
		k += (size_t)snprintf(b->name + k, sizeof(b->name) - k,
				      "threads=%" PRIu64 ",", b->threads);
	if (b->time_ms)
		k += (size_t)snprintf(b->name + k, sizeof(b->name) - k,
				      "time=%" PRIu64 ",", b->time_ms);
	if (b->cpu_ms)
		k += (size_t)snprintf(b->name + k, sizeof(b->name) - k,
				      "cpu=%" PRIu64 ",", b->cpu_ms);
	/* the search's own parameters, when given */
	for (size_t i = 4; i < N_PARAMS; i++) {
		uint64_t v = param_value(b, &params[i]);

		if (!v)
			continue;
		if (params[i].offset == offsetof(struct builtin, reward))
			k += (size_t)snprintf(b->name + k, sizeof(b->name) - k,
					      "reward=%s,", reward_names[v]);
		else
			k += (size_t)snprintf(b->name + k, sizeof(b->name) - k,
					      "%s=%" PRIu64 ",", params[i].name,
					      v);
	}
	b->name[k - 1] = '\0';	/* the last comma */
}

int
builtin_set(struct builtin *b, const char *name, const char *value,
	    char *err, size_t n)
{
	const struct param *p = NULL;
	uint64_t v = 0;
	const char *s = value;

	for (size_t i = 0; i < N_PARAMS; i++)
		if (strcmp(name, params[i].name) == 0 &&
		    (params[i].kinds & (1u << b->kind)))
			p = &params[i];
	if (!has_params(b->kind) || !p) {
		char list[128];
		size_t k = 0;

		list[0] = '\0';
		for (size_t i = 0; has_params(b->kind) && i < N_PARAMS; i++)
			if (params[i].kinds & (1u << b->kind))
				k += (size_t)snprintf(list + k, sizeof(list) - k,
						      "%s%s", k ? ", " : " (",
						      params[i].name);
		snprintf(err, n, "%s has no parameter '%s'%s%s",
			 carc_bot_kind_name(b->kind), name, list,
			 k ? ")" : "");
		return -1;
	}
	if (p->offset == offsetof(struct builtin, reward)) {
		for (v = CARC_BOT_REWARD_WIN; v <= CARC_BOT_REWARD_MARGIN; v++)
			if (strcmp(value, reward_names[v]) == 0)
				break;
		if (v > CARC_BOT_REWARD_MARGIN) {
			snprintf(err, n, "reward: '%s' is not win or margin",
				 value);
			return -1;
		}
		b->reward = v;
		update_name(b);
		return 0;
	}
	if (!*s)
		goto bad;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > 100000000)
			goto bad;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	/* playouts=0: no playout limit with a time, else the default */
	if (v < p->min || v > p->max)
		goto bad;
	memcpy((char *)b + p->offset, &v, sizeof(v));
	if (p->offset == offsetof(struct builtin, playouts))
		b->playouts_set = true;
	update_name(b);
	return 0;
bad:
	snprintf(err, n, "%s: '%s' is not a number from %" PRIu64 " to %" PRIu64,
		 name, value, p->min, p->max);
	return -1;
}

struct builtin *
builtin_new(const char *spec, char *err, size_t n)
{
	size_t len = strcspn(spec, ":");
	int kind = kind_of(spec, len);
	struct builtin *b;
	const char *p;

	if (kind < 0 || strchr(spec, ' ')) {
		snprintf(err, n, "unknown bot '%s' (random, greedy, mcts, "
			 "star2.5, mcts-rave)", spec);
		return NULL;
	}
	b = calloc(1, sizeof(*b));
	if (!b) {
		snprintf(err, n, "out of memory");
		return NULL;
	}
	b->kind = (uint32_t)kind;
	b->playouts = kind == CARC_BOT_STAR25 ? CARC_BOT_DEFAULT_EVALUATIONS
					      : CARC_BOT_DEFAULT_PLAYOUTS;
	b->threads = 1;
	update_name(b);
	/* parameters: NAME=VALUE separated by commas */
	for (p = spec[len] ? spec + len + 1 : NULL; p;) {
		char item[128], *eq;
		size_t k = strcspn(p, ",");

		if (k == 0 || k >= sizeof(item))
			goto bad;
		memcpy(item, p, k);
		item[k] = '\0';
		eq = strchr(item, '=');
		if (!eq)
			goto bad;
		*eq = '\0';
		if (builtin_set(b, item, eq + 1, err, n) < 0) {
			builtin_free(b);
			return NULL;
		}
		p = p[k] ? p + k + 1 : NULL;
	}
	return b;
bad:
	snprintf(err, n, "'%s': parameters are NAME=VALUE,... after ':'",
		 spec);
	builtin_free(b);
	return NULL;
}

void
builtin_free(struct builtin *b)
{
	free(b);
}

void
builtin_describe_options(const struct builtin *b, FILE *f)
{
	if (has_params(b->kind)) {
		fprintf(f, "option playouts int %" PRIu64 "\n", b->playouts);
		fprintf(f, "option threads int %" PRIu64 "\n", b->threads);
		fprintf(f, "option time int %" PRIu64 "\n", b->time_ms);
	}
}

bool
builtin_budget_cpu(struct builtin *b, uint64_t ms)
{
	if (!has_params(b->kind) || b->time_ms || b->cpu_ms || ms == 0)
		return false;
	b->cpu_ms = ms > 86400000 ? 86400000 : ms;
	if (!b->playouts_set)
		b->playouts = 0;
	update_name(b);
	return true;
}

void
builtin_reset(struct builtin *b)
{
	/* the library's bots keep no state between moves */
	(void)b;
}

const char *
builtin_name(const struct builtin *b)
{
	return b->name;
}

carc_move_t
builtin_choose(struct builtin *b, const struct carc_game *game,
	       uint64_t *rng)
{
	struct carc_bot_options o;
	carc_move_t m;

	if (!has_params(b->kind) ||
	    (b->threads == 1 && b->time_ms == 0 && b->cpu_ms == 0 &&
	     !b->exploration && !b->bias && !b->reward && !b->probing &&
	     !b->depth)) {
		/* seeded as carcassonne play seeds it */
		if (bot_move(game, b->kind, (uint32_t)b->playouts, rng,
			     &m) < 0)
			return CARC_MOVE_NONE;
		return m;
	}
	memset(&o, 0, sizeof(o));
	o.size = sizeof(o);
	o.kind = b->kind;
	o.playouts = (uint32_t)b->playouts;
	o.threads = (uint32_t)b->threads;
	/* a CPU time limit, when given, instead of the wall clock's */
	o.time_ms = b->cpu_ms ? (uint32_t)b->cpu_ms | CARC_BOT_CPU_TIME
			      : (uint32_t)b->time_ms;
	o.exploration = (uint32_t)b->exploration;
	o.rave_bias = (uint32_t)b->bias;
	o.reward = (uint32_t)b->reward;
	o.probing = (uint32_t)b->probing;
	o.depth = (uint32_t)b->depth;
	o.seed = rng_next(rng);
	return carc_bot_choose(game, &o, &m, NULL) < 0 ? CARC_MOVE_NONE : m;
}
