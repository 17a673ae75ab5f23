/* tour-cli.c -- `dropfour tour` in plain text, the plan it shares with the
 * live screen (ui-tour.c). */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/output.h"
#include "cli/progress.h"
#include "cli/tour-cli.h"
#include "core/util.h"

/* ---- the plan --------------------------------------------------------- */

static int
usage_error(const char *fmt, const char *a, const char *b)
{
	char text[512];
	snprintf(text, sizeof text, fmt, a, b);
	cli_error("%s", text);
	cli_try_help(NULL);
	return -1;
}

static void
add_prefix(struct tour_plan *p, int *cap, const struct tour_prefix *x,
           int weight)
{
	if (p->n == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		p->pre = xrealloc(p->pre, (size_t)*cap * sizeof *p->pre);
		p->weight =
		    xrealloc(p->weight, (size_t)*cap * sizeof *p->weight);
	}
	p->pre[p->n] = *x;
	p->weight[p->n] = weight;
	p->n++;
}

/* The start square and each first move (unpruned: every move shows). */
static void
add_start(struct tour_plan *p, int *cap, int sq, int weight)
{
	struct tour_prefix x = {.len = 1};
	uint64_t moves = p->b.adj[sq];

	x.sq[0] = (uint8_t)sq;
	if (moves == 0 || p->b.n == 1) {
		add_prefix(p, cap, &x, weight);
		return;
	}
	x.len = 2;
	while (moves) {
		x.sq[1] = (uint8_t)__builtin_ctzll(moves);
		moves &= moves - 1;
		add_prefix(p, cap, &x, weight);
	}
}

int
tour_cli_plan_make(const struct options *o, int dflt_w, int dflt_h,
                   bool from_all, struct tour_plan *p)
{
	int w = o->width_given ? o->width : dflt_w;
	int h = o->height_given ? o->height : dflt_h;
	int cap = 0;
	const char *why;

	memset(p, 0, sizeof *p);
	if ((why = tour_board_init(&p->b, w, h)) != NULL) {
		char size[32];
		snprintf(size, sizeof size, "%dx%d", w, h);
		return usage_error("impossible tour board %s: %s", size, why);
	}
	p->all = from_all || (o->tour.from && strcmp(o->tour.from, "all") == 0);
	if (!p->all) {
		const char *name = o->tour.from ? o->tour.from : "a1";
		p->from = tour_square_parse(&p->b, name);
		if (p->from < 0) {
			char last[4];
			tour_square_name((h - 1) * 8 + w - 1, last);
			return usage_error(
			    "invalid start square '%s': must be a "
			    "square of the board, a1 to %s, or 'all'",
			    name, last);
		}
	}
	tour_params_default(&p->par);
	p->par.threads = o->threads;
	p->par.split_depth = o->split_depth;
	p->par.closed = o->tour.closed;
	if (o->tour.list)
		p->par.list_max =
		    o->tour.list_max ? o->tour.list_max : UINT64_MAX;
	/* Listing needs every tour itself, not one per orbit; the live
	 * screen shows the real count climbing. */
	p->symmetric = p->all && !o->tour.list && !o->tour.watch;
	if (!p->all) {
		p->nstarts = 1;
		add_start(p, &cap, p->from, 1);
	} else if (p->symmetric) {
		int rep[TOUR_MAX_SQUARES], weight[TOUR_MAX_SQUARES];
		int k = tour_start_orbits(&p->b, rep, weight);
		for (int i = 0; i < k; i++)
			add_start(p, &cap, rep[i], weight[i]);
		p->nstarts = p->b.n;
	} else {
		for (int sq = 0; sq < TOUR_MAX_SQUARES; sq++)
			if (p->b.all & (1ULL << sq))
				add_start(p, &cap, sq, 1);
		p->nstarts = p->b.n;
	}
	return 0;
}

void
tour_cli_plan_free(struct tour_plan *p)
{
	free(p->pre);
	free(p->weight);
	p->pre = NULL;
	p->weight = NULL;
}

uint64_t
tour_cli_plan_total(const struct tour_plan *p, const uint64_t *counts)
{
	uint64_t t = 0;
	for (int i = 0; i < p->n; i++)
		t += counts[i] * (uint64_t)p->weight[i];
	return t;
}

void
tour_cli_plan_describe(const struct tour_plan *p, char *buf, size_t len)
{
	char from[64], sq[4];

	if (!p->all)
		snprintf(from, sizeof from, "from %s",
		         tour_square_name(p->from, sq));
	else if (p->symmetric) {
		int starts = 0;
		for (int i = 0; i < p->n; i++)
			starts +=
			    i == 0 || p->pre[i].sq[0] != p->pre[i - 1].sq[0];
		snprintf(from, sizeof from,
		         "from all %d squares (%d up to symmetry)", p->b.n,
		         starts);
	} else
		snprintf(from, sizeof from, "from all %d squares", p->b.n);
	snprintf(buf, len, "%dx%d board, %s, %s tours", p->b.w, p->b.h, from,
	         p->par.closed ? "closed" : "open");
}

/* ---- dropfour tour ------------------------------------------------------ */

/* The count runs in its own thread; the main one shows progress, and
 * SIGINT, SIGTERM and SIGHUP trip the count's stop token. */
struct counting {
	const struct tour_plan *p;
	struct tour_run *run;
	uint64_t *counts;
	struct tour_result res;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool done;
};

static void *
count_thread(void *arg)
{
	struct counting *c = arg;

	tour_count(&c->p->b, c->p->pre, c->p->n, &c->p->par, c->run, c->counts,
	           &c->res);
	pthread_mutex_lock(&c->lock);
	c->done = true;
	pthread_cond_signal(&c->cond);
	pthread_mutex_unlock(&c->lock);
	return NULL;
}

/* What tour_cli_main() made for the count, freed. */
static void
count_free(struct counting *c, struct tour_plan *p)
{
	pthread_mutex_destroy(&c->lock);
	pthread_cond_destroy(&c->cond);
	free(c->counts);
	free(c->run);
	tour_cli_plan_free(p);
}

static void
print_list(void *arg, const uint8_t *sq, int n)
{
	char name[4];
	(void)arg;
	for (int i = 0; i < n; i++) {
		fputs(tour_square_name(sq[i], name), stdout);
		putchar(i + 1 < n ? ' ' : '\n');
	}
}

static void
format_time(char *buf, size_t len, double s)
{
	if (s < 1)
		snprintf(buf, len, "%.3f ms", s * 1e3);
	else
		snprintf(buf, len, "%.3f s", s);
}

void
tour_cli_report_moves(const struct tour_plan *p, const uint64_t *counts)
{
	char a[4], b[4];

	if (p->symmetric)
		printf("%-5s %-5s %6s %20s\n", "from", "first", "times",
		       "tours");
	else
		printf("%-5s %-5s %20s\n", "from", "first", "tours");
	for (int i = 0; i < p->n; i++) {
		const struct tour_prefix *x = &p->pre[i];
		const char *first =
		    x->len > 1 ? tour_square_name(x->sq[1], b) : "-";
		tour_square_name(x->sq[0], a);
		if (p->symmetric)
			printf("%-5s %-5s %6d %20llu\n", a, first, p->weight[i],
			       (unsigned long long)counts[i]);
		else
			printf("%-5s %-5s %20llu\n", a, first,
			       (unsigned long long)counts[i]);
	}
}

void
tour_cli_report_total(const struct tour_plan *p, const uint64_t *counts,
                      uint64_t nodes, double seconds)
{
	char t[32], nps[32];

	format_time(t, sizeof t, seconds);
	util_si(nps, sizeof nps, seconds > 0 ? (double)nodes / seconds : 0);
	printf("nodes %llu  %s nodes/s  time %s\n", (unsigned long long)nodes,
	       nps, t);
	printf("tours %llu\n",
	       (unsigned long long)tour_cli_plan_total(p, counts));
}

void
tour_cli_report(const struct tour_plan *p, const uint64_t *counts,
                const struct tour_result *r)
{
	tour_cli_report_moves(p, counts);
	printf("%6s %16s %16s%s\n", "thread", "nodes", "tours",
	       p->symmetric ? " (one start per orbit)" : "");
	for (int i = 0; i < r->nthreads; i++)
		printf("%6d %16llu %16llu\n", i,
		       (unsigned long long)r->thread_nodes[i],
		       (unsigned long long)r->thread_tours[i]);
	tour_cli_report_total(p, counts, r->nodes, r->seconds);
}

int
tour_cli_main(const struct options *o, struct cli_session *session)
{
	(void)session; /* loads nothing */
	struct tour_plan p;
	struct counting c;
	char desc[160];
	if (tour_cli_plan_make(o, 4, 7, false, &p) != 0)
		return CLI_EXIT_USAGE;
	memset(&c, 0, sizeof c);
	c.p = &p;
	c.run = xmalloc(sizeof *c.run);
	tour_run_init(c.run);
	c.counts = xcalloc((size_t)p.n, sizeof *c.counts);
	pthread_mutex_init(&c.lock, NULL);
	pthread_cond_init(&c.cond, NULL);
	p.par.list = print_list;

	tour_cli_plan_describe(&p, desc, sizeof desc);
	printf("# dropfour tour: %s, %d thread%s, split depth %d\n", desc,
	       p.par.threads, p.par.threads == 1 ? "" : "s",
	       p.par.split_depth ? p.par.split_depth : TOUR_SPLIT_DEPTH);
	if (!output_flush())
		return CLI_EXIT_FAILURE;

	/* SIGINT, SIGTERM or SIGHUP stop the count: the partial figures go
	 * to stderr.  The counting threads leave the signals to this one. */
	struct util_stop_saved saved;
	struct search_stop stop;
	search_stop_init(&stop, NULL);
	p.par.stop = &stop;
	util_stop_signals_begin(&saved, &stop);
	sigset_t block, prev;
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &block, &prev);
	pthread_t th;
	int err = pthread_create(&th, NULL, count_thread, &c);
	pthread_sigmask(SIG_SETMASK, &prev, NULL);
	if (err != 0) {
		util_stop_signals_end(&saved);
		cli_error("cannot start a thread: %s", strerror(err));
		count_free(&c, &p);
		return CLI_EXIT_FAILURE;
	}

	/* Progress once a second, after the first 2 s (progress.h). */
	struct cli_progress line;
	cli_progress_begin(&line);
	double t0 = util_now_s();
	pthread_mutex_lock(&c.lock);
	while (!c.done) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += 200 * 1000000L;
		if (ts.tv_nsec >= 1000000000L) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&c.cond, &c.lock, &ts);
		double el = util_now_s() - t0;
		if (!c.done && el >= 2 && (int)(el * 5) % 5 == 0) {
			struct stats_snapshot s;
			uint64_t tours = 0;
			char nps[16];
			stats_snapshot(&c.run->stats, &s);
			for (int i = 0; i < s.nthreads; i++)
				tours +=
				    atomic_load_explicit(&c.run->slot[i].tours,
				                         memory_order_relaxed);
			cli_progress_show(
			    &line, "%llu tours so far, %s nodes/s, %.0f s",
			    (unsigned long long)tours,
			    util_si(nps, sizeof nps, s.nps), el);
		}
	}
	pthread_mutex_unlock(&c.lock);
	pthread_join(th, NULL);
	util_stop_signals_end(&saved);
	cli_progress_clear(&line);

	int status = 0;
	if (c.res.stopped) {
		cli_error(
		    "interrupted after %.1f s: %llu tours "
		    "counted so far (incomplete)",
		    c.res.seconds,
		    (unsigned long long)tour_cli_plan_total(&p, c.counts));
		status = cli_stopped_status();
	} else {
		tour_cli_report(&p, c.counts, &c.res);
	}
	count_free(&c, &p);
	return status;
}
