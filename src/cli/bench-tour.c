/* bench-tour.c -- the knight's-tour benchmarks: `dropfour bench speedup
 * --tour` (the tour counter's parallel speedup) and `dropfour bench
 * tour-sample` (an estimate of a count too big to run here). */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/output.h"
#include "cli/bench.h"
#include "cli/tour-cli.h"
#include "core/util.h"

/* ---- bench speedup --tour ---------------------------------------------- */

int
bench_speedup_tour(const struct options *o)
{
	int list[OPTIONS_MAX_THREAD_LIST], nlist = bench_thread_list(o, list);
	const int cores = util_ncpus();
	struct tour_plan p;
	FILE *csv = NULL;
	char desc[160];
	int status = CLI_EXIT_OK;

	if (tour_cli_plan_make(o, 6, 6, true, &p) != 0)
		return CLI_EXIT_USAGE;
	struct output_file of;
	if (o->bench.csv != NULL) {
		if (output_file_open(&of, "--csv", o->bench.csv) != 0) {
			tour_cli_plan_free(&p);
			return CLI_EXIT_USAGE;
		}
		csv = of.f;
	}
	tour_cli_plan_describe(&p, desc, sizeof desc);
	printf("# dropfour bench speedup --tour: %s, split depth %d, %d "
	       "core%s, best of %d\n",
	       desc, p.par.split_depth ? p.par.split_depth : TOUR_SPLIT_DEPTH,
	       cores, cores == 1 ? "" : "s", o->bench.repeat);
	bench_speedup_head(csv);

	struct speedup_row *rows = xcalloc((size_t)nlist, sizeof *rows);
	struct tour_run *run = xmalloc(sizeof *run);
	uint64_t *counts = xcalloc((size_t)p.n, sizeof *counts);
	uint64_t want = 0;
	for (int rep = 0; rep < o->bench.repeat; rep++) {
		for (int li = 0; li < nlist; li++) {
			struct speedup_row row = {.threads = list[li]};
			struct tour_result r;
			struct stats_snapshot s;
			uint64_t tnodes[STATS_MAX_THREADS] = {0};
			double tbusy[STATS_MAX_THREADS] = {0};

			tour_run_init(run);
			p.par.threads = list[li];
			tour_count(&p.b, p.pre, p.n, &p.par, run, counts, &r);
			stats_snapshot(&run->stats, &s);
			row.secs = r.seconds;
			row.nodes = r.nodes;
			row.spawned = s.spawned;
			row.stolen = s.stolen;
			for (int t = 0; t < s.nthreads; t++) {
				tnodes[t] = s.thread[t].nodes;
				tbusy[t] = s.thread[t].busy_s;
			}
			bench_speedup_load(&row, tnodes, tbusy);
			/* The count never depends on the thread count. */
			uint64_t got = tour_cli_plan_total(&p, counts);
			if (rep == 0 && li == 0)
				want = got;
			else if (got != want) {
				cli_error("%llu tours with %d "
				          "threads but %llu before",
				          (unsigned long long)got, list[li],
				          (unsigned long long)want);
				status = CLI_EXIT_FAILURE;
			}
			if (rep == 0 || row.secs < rows[li].secs)
				rows[li] = row;
			if (rep == o->bench.repeat - 1)
				bench_speedup_row(rows, li, cores, csv);
		}
	}
	bench_speedup_factors_table(rows, nlist);
	bench_speedup_curve(rows, nlist);
	printf("tours %llu\n", (unsigned long long)want);
	if (csv != NULL && output_file_close(&of) != 0)
		status = CLI_EXIT_FAILURE;
	free(counts);
	free(run);
	free(rows);
	tour_cli_plan_free(&p);
	return status;
}

/* ---- bench tour-sample: estimate a count too big to run here ------------ */

/*
 * The estimator.  Every start square's orbit is expanded to the N
 * prefixes of length `len`; prefix i stands for w[i] start squares and
 * has c[i] tours below it, and the count is T = sum w[i] c[i].  Drawing
 * prefixes uniformly and scaling up is unbiased but useless: c[i] is
 * heavy-tailed (most prefixes have few tours, a few have very many), so a
 * sample of hundreds mostly misses the big ones, comes out low, and its
 * own spread says it is precise.
 *
 * So each prefix also gets a guide g[i]: the number of its extensions by
 * TOUR_SAMPLE_LOOK more squares that the pruning keeps (cheap to count,
 * and 0 only where c[i] is 0).  K prefixes are drawn independently, with
 * replacement, prefix i with probability p[i] = w[i] g[i] / G (G = sum
 * w[i] g[i]), and counted in full.  Each draw gives w[i] c[i] / p[i] =
 * G c[i] / g[i], whose expectation is exactly T (importance sampling);
 * the estimate is their mean, its standard error their sample standard
 * deviation over sqrt(K), and the interval printed the 95% one from
 * Student's t with K - 1 degrees of freedom.  Tours per extension,
 * c[i] / g[i], varies far less than c[i], so the interval holds what it
 * says (tests/tour.sh: 6x6, 20 seeds).
 */
#define TOUR_SAMPLE_LOOK 7

/* Student's t, two-sided 95%, for df degrees of freedom. */
static double
t95(long df)
{
	static const double t[31] = {
	    0,     12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365,
	    2.306, 2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
	    2.120, 2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069,
	    2.064, 2.060,  2.056, 2.052, 2.048, 2.045, 2.042,
	};
	if (df < 1)
		return 0;
	return df <= 30 ? t[df] : 1.960 + 2.5 / (double)df;
}

static int
by_index(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;
	return (x > y) - (x < y);
}

/* Every prefix of length len below the plan's, in *all, with the weight
 * of its start square's orbit in *w; returns how many. */
static int
all_prefixes(const struct tour_plan *p, int len, struct tour_prefix **all,
             int **w)
{
	int n = 0;
	*all = NULL;
	*w = NULL;
	for (int i = 0; i < p->n; i++) {
		struct tour_prefix *x;
		int m = tour_expand(&p->b, &p->pre[i], len, p->par.closed, &x);
		*all = xrealloc(*all, (size_t)(n + m) * sizeof **all);
		*w = xrealloc(*w, (size_t)(n + m) * sizeof **w);
		if (m > 0) /* x is NULL when nothing is left below */
			memcpy(*all + n, x, (size_t)m * sizeof *x);
		for (int j = 0; j < m; j++)
			(*w)[n + j] = p->weight[i];
		n += m;
		free(x);
	}
	return n;
}

/* One draw: the index i of 0..n-1 with probability (cum[i + 1] - cum[i])
 * / cum[n] (g[i] > 0). */
static long
draw_one(uint64_t *rng, const double *cum, const double *g, int n)
{
	double u = (double)(util_rand(rng) >> 11) * 0x1p-53 * cum[n];
	int lo = 0, hi = n - 1; /* the first i with cum[i + 1] > u */
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (cum[mid + 1] > u)
			hi = mid;
		else
			lo = mid + 1;
	}
	while (g[lo] == 0 && lo > 0) /* u on a boundary */
		lo--;
	return lo;
}

/* One run of the sampler: every prefix with its weight and guide, the
 * cumulative weights drawn from, the draws, the distinct prefixes they
 * name and the tours counted below each. */
struct tour_sample {
	struct tour_prefix *all;
	int *w;
	int n;
	double *g, *cum, gsum;
	long k, *draw, *uniq, nu;
	struct tour_prefix *pick;
	uint64_t *counts;
	struct tour_result r;
};

/* The guides g[i], and the cumulative weights w g to draw from. */
static void
sample_guides(const struct tour_plan *p, struct tour_sample *s)
{
	const int n = s->n;
	double *g = xcalloc((size_t)n + 1, sizeof *g);
	double *cum = xcalloc((size_t)n + 1, sizeof *cum);
	const struct tour_prefix *all = s->all;
#pragma omp parallel for schedule(dynamic, 64) num_threads(p->par.threads)
	for (int i = 0; i < n; i++) {
		struct tour_prefix *x;
		g[i] =
		    tour_expand(&p->b, &all[i], all[i].len + TOUR_SAMPLE_LOOK,
		                p->par.closed, &x);
		free(x);
	}
	for (int i = 0; i < n; i++)
		cum[i + 1] = cum[i] + (double)s->w[i] * g[i];
	s->g = g;
	s->cum = cum;
	s->gsum = cum[n];
}

/* Draw k prefixes with replacement, prefix i with probability
 * w[i] g[i] / G, then keep each prefix drawn once (in s->pick) to count. */
static void
sample_draw(struct tour_sample *s, uint64_t rng)
{
	const long k = s->k;
	long *draw = xcalloc((size_t)k + 1, sizeof *draw);
	for (long d = 0; d < k && s->gsum > 0; d++)
		draw[d] = draw_one(&rng, s->cum, s->g, s->n);
	long *uniq = xcalloc((size_t)k + 1, sizeof *uniq);
	long nu = 0;
	memcpy(uniq, draw, (size_t)k * sizeof *uniq);
	qsort(uniq, (size_t)k, sizeof *uniq, by_index);
	for (long d = 0; d < k; d++)
		if (nu == 0 || uniq[nu - 1] != uniq[d])
			uniq[nu++] = uniq[d];
	s->pick = xcalloc((size_t)nu + 1, sizeof *s->pick);
	for (long u = 0; u < nu; u++)
		s->pick[u] = s->all[uniq[u]];
	s->counts = xcalloc((size_t)nu + 1, sizeof *s->counts);
	s->draw = draw;
	s->uniq = uniq;
	s->nu = nu;
}

/* The estimate from the counted sample, the published count beside it
 * where there is one, and the work a full count would take. */
static void
sample_report(const struct tour_plan *p, const struct tour_sample *s)
{
	const long k = s->k, nu = s->nu;
	const struct tour_result r = s->r;
	char a[16], b[16];

	/* The mean of G c / g over the draws, and its standard error. */
	double sum = 0, sq = 0, sample_tours = 0;
	for (long d = 0; d < k; d++) {
		long u = (long *)bsearch(&s->draw[d], s->uniq, (size_t)nu,
		                         sizeof *s->uniq, by_index) -
		         s->uniq;
		double y = s->gsum > 0 ? s->gsum * (double)s->counts[u] /
		                             s->g[s->draw[d]]
		                       : 0;
		sum += y;
		sq += y * y;
	}
	for (long u = 0; u < nu; u++)
		sample_tours += (double)s->counts[u];
	double est = sum / (double)k;
	double var = k > 1 ? (sq - (double)k * est * est) / (double)(k - 1) : 0;
	double se = var > 0 ? sqrt(var / (double)k) : 0;
	double half = t95(k - 1) * se;
	/* Where the whole count is published (OEIS A165134, directed open
	 * tours of the n x n board), it is printed beside the estimate. */
	static const uint64_t a165134[TOUR_MAX_SIDE + 1] = {
	    [5] = 1728ULL,
	    [6] = 6637920ULL,
	    [7] = 165575218320ULL,
	    [8] = 19591828170979904ULL,
	};
	uint64_t known =
	    p->b.w == p->b.h && !p->par.closed ? a165134[p->b.w] : 0;
	/* The work: the sample's nodes per tour times the count. */
	double nodes = sample_tours > 0 ? (double)r.nodes / sample_tours *
	                                      (known ? (double)known : est)
	                                : 0;
	double rate =
	    r.seconds > 0 ? (double)r.nodes / r.seconds / p->par.threads : 0;
	double core_s = rate > 0 ? nodes / rate : 0;
	printf("sample: %llu tours, %llu nodes in %.2f s: %s nodes/s per "
	       "thread\n",
	       (unsigned long long)r.tours, (unsigned long long)r.nodes,
	       r.seconds, util_si(a, sizeof a, rate));
	printf("estimate: %.4g tours, standard error %.2g, 95%% interval "
	       "%.4g to %.4g\n",
	       est, se, est - half > 0 ? est - half : 0, est + half);
	if (known)
		printf("published (OEIS A165134): %llu, %s the interval\n",
		       (unsigned long long)known,
		       fabs((double)known - est) <= half ? "inside"
		                                         : "outside");
	printf("work: %s nodes (the sample's nodes per tour times the %s "
	       "count), %.1f core-hours at that rate\n",
	       util_si(b, sizeof b, nodes), known ? "published" : "estimated",
	       core_s / 3600);
	printf("%9s %8s %14s\n", "machines", "cores",
	       "time (16 cores "
	       "each)");
	for (int m = 1; m <= 64; m *= 2) {
		double t = core_s / (16.0 * m);
		printf("%9d %8d %11.1f %s\n", m, 16 * m,
		       t >= 3600 ? t / 3600 : t / 60, t >= 3600 ? "h" : "min");
	}
}

static void
sample_free(struct tour_sample *s)
{
	free(s->counts);
	free(s->pick);
	free(s->uniq);
	free(s->draw);
	free(s->cum);
	free(s->g);
	free(s->all);
	free(s->w);
}

int
bench_tour_sample(const struct options *o, int argc, char **argv)
{
	struct tour_plan p;
	struct tour_sample s = {.k = 200};
	int len = o->split_depth > 0 ? o->split_depth : 9;
	int status = CLI_EXIT_OK;

	if (tour_cli_plan_make(o, 7, 7, true, &p) != 0)
		return CLI_EXIT_USAGE;
	if (argc > 1 || (argc == 1 && ((s.k = strtol(argv[0], NULL, 10)) < 1 ||
	                               s.k > 1000000))) {
		cli_error("bench tour-sample takes one number of "
		          "prefixes to count (default 200)");
		tour_cli_plan_free(&p);
		return CLI_EXIT_USAGE;
	}
	/* All prefixes, with the weight of their start square's orbit. */
	s.n = all_prefixes(&p, len, &s.all, &s.w);
	sample_guides(&p, &s);
	sample_draw(&s, o->seed_given ? o->seed : 1);
	char desc[160];
	tour_cli_plan_describe(&p, desc, sizeof desc);
	printf("# dropfour bench tour-sample: %s, %d prefixes of length %d, "
	       "%ld drawn (%ld distinct) with probability in proportion to "
	       "their extensions by %d squares, %d thread%s\n",
	       desc, s.n, len, s.k, s.nu, TOUR_SAMPLE_LOOK, p.par.threads,
	       p.par.threads == 1 ? "" : "s");
	if (!output_flush()) {
		status = CLI_EXIT_FAILURE;
	} else {
		if (s.nu > 0)
			tour_count(&p.b, s.pick, (int)s.nu, &p.par, NULL,
			           s.counts, &s.r);
		sample_report(&p, &s);
	}
	sample_free(&s);
	tour_cli_plan_free(&p);
	return status;
}
