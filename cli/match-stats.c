/* SPDX-License-Identifier: MIT */
/*
 * The statistics of `carcassonne match`: Elo from a score fraction,
 * means with normal 95 % intervals, and the sequential probability ratio
 * test.  Pure functions of their arguments, tested with exact values by
 * tests/referee/test-match-stats.c.
 *
 * Everything is computed over rounds: a round is one seed played in every
 * seating, so the luck of the draw cancels inside a round and the rounds
 * are independent samples.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "referee.h"

double
stats_elo(double s)
{
	if (s <= 0.0)
		return -INFINITY;
	if (s >= 1.0)
		return INFINITY;
	return -400.0 * log10(1.0 / s - 1.0);
}

double
stats_score(double elo)
{
	return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

void
stats_mean_ci(const double *x, int n, struct stats_ci *out)
{
	double sum = 0.0, ss = 0.0;

	memset(out, 0, sizeof(*out));
	out->n = n;
	if (n <= 0)
		return;
	for (int i = 0; i < n; i++)
		sum += x[i];
	out->mean = sum / n;
	for (int i = 0; i < n; i++)
		ss += (x[i] - out->mean) * (x[i] - out->mean);
	out->sd = n > 1 ? sqrt(ss / (n - 1)) : 0.0;
	out->lo = out->hi = out->mean;
	if (n > 1) {
		double half = STATS_Z95 * out->sd / sqrt((double)n);

		out->lo = out->mean - half;
		out->hi = out->mean + half;
	}
}

void
stats_elo_ci(const double *round_scores, int n, int per_round,
	     struct stats_elo *out)
{
	double N = (double)n * (per_round > 0 ? per_round : 1);
	double z2 = STATS_Z95 * STATS_Z95, p, ne, eps, centre, half;
	struct stats_ci *sc = &out->score;

	stats_mean_ci(round_scores, n, sc);
	if (n <= 0) {
		out->elo = out->lo = out->hi = 0.0;
		return;
	}
	p = sc->mean < 0.0 ? 0.0 : sc->mean > 1.0 ? 1.0 : sc->mean;
	/* the number of independent results worth the rounds' variance,
	 * at most the pairwise results played */
	ne = N;
	if (n > 1 && sc->sd > 0.0 && p > 0.0 && p < 1.0) {
		ne = p * (1.0 - p) * n / (sc->sd * sc->sd);
		if (ne > N)
			ne = N;
	}
	/* Wilson score interval: inside [0, 1] whatever p */
	centre = (p + z2 / (2.0 * ne)) / (1.0 + z2 / ne);
	half = STATS_Z95 / (1.0 + z2 / ne) *
	       sqrt(p * (1.0 - p) / ne + z2 / (4.0 * ne * ne));
	sc->lo = centre - half < 0.0 ? 0.0 : centre - half;
	sc->hi = centre + half > 1.0 ? 1.0 : centre + half;
	if (p <= 0.0)
		sc->lo = 0.0;
	if (p >= 1.0)
		sc->hi = 1.0;
	/* Elo of scores kept half a result from 0 and 100 % */
	eps = 0.5 / N;
	out->elo = stats_elo(p < eps ? eps : p > 1.0 - eps ? 1.0 - eps : p);
	out->lo = stats_elo(sc->lo < eps ? eps :
			    sc->lo > 1.0 - eps ? 1.0 - eps : sc->lo);
	out->hi = stats_elo(sc->hi < eps ? eps :
			    sc->hi > 1.0 - eps ? 1.0 - eps : sc->hi);
}

int
stats_sprt(const double *round_scores, int n, double elo0, double elo1,
	   double alpha, double beta, struct stats_sprt *out)
{
	double s0, s1, mean = 0.0, var = 0.0;

	if (!(alpha > 0.0 && alpha < 0.5 && beta > 0.0 && beta < 0.5 &&
	      elo0 < elo1))
		return -1;
	memset(out, 0, sizeof(*out));
	out->elo0 = elo0;
	out->elo1 = elo1;
	out->alpha = alpha;
	out->beta = beta;
	out->lower = log(beta / (1.0 - alpha));
	out->upper = log((1.0 - beta) / alpha);
	if (n <= 0)
		return 0;
	s0 = stats_score(elo0);
	s1 = stats_score(elo1);
	for (int i = 0; i < n; i++)
		mean += round_scores[i];
	mean /= n;
	for (int i = 0; i < n; i++)
		var += (round_scores[i] - mean) * (round_scores[i] - mean);
	var = (var + STATS_SPRT_PRIOR_ROUNDS * STATS_SPRT_PRIOR_VAR) /
	      (n + STATS_SPRT_PRIOR_ROUNDS);
	out->llr = n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var);
	out->decision = out->llr >= out->upper	 ? 1
			: out->llr <= out->lower ? -1
						 : 0;
	return 0;
}

int
stats_sprt_parse(const char *text, double *elo0, double *elo1,
		 double *alpha, double *beta)
{
	double v[4];
	const char *s = text;
	struct stats_sprt probe;

	for (int i = 0; i < 4; i++) {
		char *end;

		v[i] = strtod(s, &end);
		if (end == s || !isfinite(v[i]))
			return -1;
		if (i < 3 && *end != ',')
			return -1;
		if (i == 3 && *end != '\0')
			return -1;
		s = end + 1;
	}
	if (stats_sprt(NULL, 0, v[0], v[1], v[2], v[3], &probe) < 0)
		return -1;
	*elo0 = v[0];
	*elo1 = v[1];
	*alpha = v[2];
	*beta = v[3];
	return 0;
}

double
stats_pair_result(const int *scores, int forfeit, int a, int b)
{
	if (a == forfeit)
		return 0.0;
	if (b == forfeit)
		return 1.0;
	return scores[a] > scores[b] ? 1.0 : scores[a] < scores[b] ? 0.0 : 0.5;
}
