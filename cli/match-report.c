/* SPDX-License-Identifier: MIT */
/*
 * carcassonne match: the report of a match from the outcomes of its
 * games (text or JSON), the same whichever workers played them.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "common.h"
#include "match.h"
#include "referee.h"

bool
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

void
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

void
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

void
print_json(const struct match *mt, const struct report *rp, FILE *f)
{
	int P = mt->players;

	fprintf(f, "{\"protocol\": %d, \"players\": %d, \"rounds\": %d, "
		   "\"games\": %d, \"games_left_out\": %d, \"seed\": %" PRIu64,
		BOT_PROTOCOL_VERSION, P, rp->rounds, rp->rounds * P,
		rp->left_out, mt->seed);
	/* the CPU time per decision given to every bot, when there is one */
	if (mt->tc.cpu_ms > 0)
		fprintf(f, ", \"move_cpu\": %" PRId64, mt->tc.cpu_ms);
	fprintf(f, ", \"bots\": [");
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

void
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

void
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
void
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

void
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

