/* SPDX-License-Identifier: MIT */
/*
 * The statistics of carcassonne match (cli/match-stats.c) with exact
 * values: Elo of a score fraction and back, means with their 95 %
 * intervals, Elo intervals, SPRT decisions on crafted rounds, the parsing
 * of --sprt and the pairwise result of a game.  The expected numbers were
 * computed independently with Python's math module.
 */
#include <math.h>
#include <stdlib.h>

#include <check.h>

#include "referee.h"

#define EPS 1e-9

START_TEST(elo_of_score)
{
	ck_assert_double_eq_tol(stats_elo(0.5), 0.0, EPS);
	ck_assert_double_eq_tol(stats_elo(0.75), 190.848501887865, EPS);
	ck_assert_double_eq_tol(stats_elo(0.25), -190.848501887865, EPS);
	ck_assert(isinf(stats_elo(1.0)) && stats_elo(1.0) > 0);
	ck_assert(isinf(stats_elo(0.0)) && stats_elo(0.0) < 0);
	ck_assert(isinf(stats_elo(1.5)) && isinf(stats_elo(-0.5)));
	ck_assert_double_eq_tol(stats_score(400.0), 0.9090909090909091, EPS);
	ck_assert_double_eq_tol(stats_score(-200.0), 0.2402530733520421,
				EPS);
	ck_assert_double_eq_tol(stats_score(0.0), 0.5, EPS);
	/* one is the inverse of the other */
	for (double s = 0.05; s < 1.0; s += 0.05)
		ck_assert_double_eq_tol(stats_score(stats_elo(s)), s, EPS);
}
END_TEST

START_TEST(mean_interval)
{
	const double x[] = { 1, 2, 3, 4 };
	const double one[] = { 7 };
	struct stats_ci c;

	stats_mean_ci(x, 4, &c);
	ck_assert_int_eq(c.n, 4);
	ck_assert_double_eq_tol(c.mean, 2.5, EPS);
	ck_assert_double_eq_tol(c.sd, 1.2909944487358056, EPS);
	ck_assert_double_eq_tol(c.lo, 1.23484868811834, EPS);
	ck_assert_double_eq_tol(c.hi, 3.76515131188166, EPS);
	/* one sample: no spread, no interval */
	stats_mean_ci(one, 1, &c);
	ck_assert_double_eq_tol(c.mean, 7.0, EPS);
	ck_assert_double_eq_tol(c.sd, 0.0, EPS);
	ck_assert_double_eq_tol(c.lo, 7.0, EPS);
	ck_assert_double_eq_tol(c.hi, 7.0, EPS);
	stats_mean_ci(NULL, 0, &c);
	ck_assert_int_eq(c.n, 0);
	ck_assert_double_eq_tol(c.mean, 0.0, EPS);
}
END_TEST

/* Expected values from the roots of (p - q)^2 = z^2 q (1 - q) / n, the
 * Wilson interval written another way. */
START_TEST(elo_interval)
{
	const double rounds[] = { 0.5, 1.0, 0.5, 1.0 };
	const double even[] = { 0.5, 0.5, 0.5 };
	struct stats_elo e;

	/* 8 results; the rounds' variance is worth 9, so 8 */
	stats_elo_ci(rounds, 4, 2, &e);
	ck_assert_double_eq_tol(e.score.mean, 0.75, EPS);
	ck_assert_double_eq_tol(e.score.sd, 0.28867513459481287, EPS);
	ck_assert_double_eq_tol(e.score.lo, 0.40927543031016894, EPS);
	ck_assert_double_eq_tol(e.score.hi, 0.928520787247891, EPS);
	ck_assert_double_eq_tol(e.elo, 190.848501887865, EPS);
	ck_assert_double_eq_tol(e.lo, -63.747744328186116, 1e-7);
	ck_assert_double_eq_tol(e.hi, 445.44474810391597, 1e-7);
	/* the same result in every round: all 6 results count */
	stats_elo_ci(even, 3, 2, &e);
	ck_assert_double_eq_tol(e.elo, 0.0, EPS);
	ck_assert_double_eq_tol(e.score.lo, 0.1876163064826505, EPS);
	ck_assert_double_eq_tol(e.score.hi, 0.8123836935173495, EPS);
	ck_assert_double_eq_tol(e.lo, -254.59624621605116, 1e-7);
	ck_assert_double_eq_tol(e.hi, 254.59624621605116, 1e-7);
}
END_TEST

/* 240-0-0 and 0-240-0 in 120 rounds of two games: finite Elo, scores
 * inside [0, 1], the score kept half a game (1 / 480) from the ends. */
START_TEST(elo_interval_at_the_ends)
{
	double all[120], none[120];
	struct stats_elo e;

	for (int i = 0; i < 120; i++) {
		all[i] = 1.0;
		none[i] = 0.0;
	}
	stats_elo_ci(all, 120, 2, &e);
	ck_assert_double_eq_tol(e.score.mean, 1.0, EPS);
	ck_assert_double_eq_tol(e.score.lo, 0.9842460800584415, EPS);
	ck_assert(e.score.hi == 1.0);
	ck_assert(isfinite(e.elo) && isfinite(e.lo) && isfinite(e.hi));
	ck_assert_double_eq_tol(e.elo, 1072.1342053658268, 1e-7);
	ck_assert_double_eq_tol(e.lo, 718.2860238685363, 1e-7);
	ck_assert_double_eq_tol(e.hi, 1072.1342053658268, 1e-7);
	stats_elo_ci(none, 120, 2, &e);
	ck_assert_double_eq_tol(e.score.mean, 0.0, EPS);
	ck_assert(e.score.lo == 0.0);
	ck_assert_double_eq_tol(e.score.hi, 0.015753919941558815, EPS);
	ck_assert(isfinite(e.elo) && isfinite(e.lo) && isfinite(e.hi));
	ck_assert_double_eq_tol(e.elo, -1072.1342053658268, 1e-7);
	ck_assert_double_eq_tol(e.lo, -1072.1342053658268, 1e-7);
	ck_assert_double_eq_tol(e.hi, -718.2860238685363, 1e-7);
}
END_TEST

START_TEST(sprt_decisions)
{
	double x[100];
	const double mixed[] = { 0.5, 1, 0, 0.5, 1, 0.5 };
	const double strong[] = { 1, 1, 0.5, 1, 1, 0.5, 1, 1, 1, 0.5 };
	double pairs[40];
	struct stats_sprt t;

	/* every round won: the variance is that of the two prior rounds */
	for (int i = 0; i < 10; i++)
		x[i] = 1.0;
	ck_assert_int_eq(stats_sprt(x, 10, 0, 10, 0.05, 0.05, &t), 0);
	ck_assert_double_eq_tol(t.llr, 3.4032463434653635, EPS);
	ck_assert_double_eq_tol(t.lower, -2.9444389791664403, EPS);
	ck_assert_double_eq_tol(t.upper, 2.9444389791664403, EPS);
	ck_assert_int_eq(t.decision, 1);
	/* one round won: the prior keeps the test going */
	ck_assert_int_eq(stats_sprt(x, 1, 0, 10, 0.05, 0.05, &t), 0);
	ck_assert_int_eq(t.decision, 0);
	/* every round even: H0 (elo 0 against 10) */
	for (int i = 0; i < 100; i++)
		x[i] = 0.5;
	ck_assert_int_eq(stats_sprt(x, 100, 0, 10, 0.05, 0.05, &t), 0);
	ck_assert_double_eq_tol(t.llr, -4.222617791817827, EPS);
	ck_assert_int_eq(t.decision, -1);
	/* too little evidence either way */
	ck_assert_int_eq(stats_sprt(mixed, 6, 0, 50, 0.05, 0.1, &t), 0);
	ck_assert_double_eq_tol(t.llr, 0.17038436665058843, EPS);
	ck_assert_double_eq_tol(t.lower, -2.251291798606495, EPS);
	ck_assert_double_eq_tol(t.upper, 2.8903717578961645, EPS);
	ck_assert_int_eq(t.decision, 0);
	ck_assert_int_eq(stats_sprt(strong, 10, -10, 10, 0.05, 0.05, &t), 0);
	ck_assert_double_eq_tol(t.llr, 1.559385122508244, EPS);
	ck_assert_int_eq(t.decision, 0);
	/* 20 pairs of a win and a draw: H1; of a loss and a draw: H0 */
	for (int i = 0; i < 40; i++)
		pairs[i] = i % 2 ? 0.5 : 1.0;
	ck_assert_int_eq(stats_sprt(pairs, 40, 0, 20, 0.05, 0.05, &t), 0);
	ck_assert_double_eq_tol(t.llr, 4.138508035814232, EPS);
	ck_assert_int_eq(t.decision, 1);
	for (int i = 0; i < 40; i++)
		pairs[i] = i % 2 ? 0.5 : 0.0;
	ck_assert_int_eq(stats_sprt(pairs, 40, 0, 20, 0.05, 0.05, &t), 0);
	ck_assert_double_eq_tol(t.llr, -4.643482389460539, EPS);
	ck_assert_int_eq(t.decision, -1);
	/* no rounds: no decision */
	ck_assert_int_eq(stats_sprt(NULL, 0, 0, 20, 0.05, 0.05, &t), 0);
	ck_assert_double_eq_tol(t.llr, 0.0, EPS);
	ck_assert_int_eq(t.decision, 0);
	/* bad parameters */
	ck_assert_int_eq(stats_sprt(x, 1, 10, 0, 0.05, 0.05, &t), -1);
	ck_assert_int_eq(stats_sprt(x, 1, 0, 10, 0.0, 0.05, &t), -1);
	ck_assert_int_eq(stats_sprt(x, 1, 0, 10, 0.05, 0.5, &t), -1);
}
END_TEST

START_TEST(sprt_parse)
{
	double a = 9, b = 9, c = 9, d = 9;

	ck_assert_int_eq(stats_sprt_parse("0,5,0.05,0.1", &a, &b, &c, &d), 0);
	ck_assert_double_eq_tol(a, 0.0, EPS);
	ck_assert_double_eq_tol(b, 5.0, EPS);
	ck_assert_double_eq_tol(c, 0.05, EPS);
	ck_assert_double_eq_tol(d, 0.1, EPS);
	ck_assert_int_eq(stats_sprt_parse("-10,10,0.01,0.02", &a, &b, &c, &d),
			 0);
	ck_assert_double_eq_tol(a, -10.0, EPS);
	/* malformed or out of range: nothing written */
	a = 9;
	ck_assert_int_eq(stats_sprt_parse("5,0,0.05,0.05", &a, &b, &c, &d),
			 -1);
	ck_assert_int_eq(stats_sprt_parse("0,5,0.6,0.05", &a, &b, &c, &d), -1);
	ck_assert_int_eq(stats_sprt_parse("0,5,0.05", &a, &b, &c, &d), -1);
	ck_assert_int_eq(stats_sprt_parse("0,5,0.05,0.05x", &a, &b, &c, &d),
			 -1);
	ck_assert_int_eq(stats_sprt_parse("", &a, &b, &c, &d), -1);
	ck_assert_int_eq(stats_sprt_parse("0,nan,0.05,0.05", &a, &b, &c, &d),
			 -1);
	ck_assert_double_eq_tol(a, 9.0, EPS);
}
END_TEST

START_TEST(pair_results)
{
	const int scores[] = { 10, 10, 5 };

	ck_assert_double_eq_tol(stats_pair_result(scores, -1, 0, 1), 0.5, EPS);
	ck_assert_double_eq_tol(stats_pair_result(scores, -1, 0, 2), 1.0, EPS);
	ck_assert_double_eq_tol(stats_pair_result(scores, -1, 2, 0), 0.0, EPS);
	/* a forfeit loses whatever the scores */
	ck_assert_double_eq_tol(stats_pair_result(scores, 0, 0, 2), 0.0, EPS);
	ck_assert_double_eq_tol(stats_pair_result(scores, 0, 2, 0), 1.0, EPS);
	ck_assert_double_eq_tol(stats_pair_result(scores, 0, 1, 2), 1.0, EPS);
}
END_TEST

Suite *test_suite(void);

Suite *
test_suite(void)
{
	Suite *s = suite_create("match-stats");
	TCase *tc = tcase_create("stats");

	tcase_add_test(tc, elo_of_score);
	tcase_add_test(tc, mean_interval);
	tcase_add_test(tc, elo_interval);
	tcase_add_test(tc, elo_interval_at_the_ends);
	tcase_add_test(tc, sprt_decisions);
	tcase_add_test(tc, sprt_parse);
	tcase_add_test(tc, pair_results);
	suite_add_tcase(s, tc);
	return s;
}
