/* stats.c -- per-thread and per-column search statistics and the snapshot
 * a reader thread draws from. */
#include "config.h"

#include <assert.h>

#include <string.h>

#include "search/node/stats.h"
#include "search/node/tt.h"
#include "core/util.h"

#define LOAD(x)     atomic_load_explicit(&(x), memory_order_relaxed)
#define STORE(x, v) atomic_store_explicit(&(x), (v), memory_order_relaxed)

void
stats_begin(struct stats *s, const struct stats_root *root, int nthreads,
            bool exact, const struct tt *tt)
{
	assert(s != NULL && nthreads >= 1);
	if (nthreads > STATS_MAX_THREADS)
		nthreads = STATS_MAX_THREADS;
	/* The next part of one proof: its threads' counts go on (new slots
	 * from zero), its clock and its number stay. */
	const bool keep = LOAD(s->keep) && LOAD(s->searches) > 0;
	const int kept = keep ? LOAD(s->nthreads) : 0;
	if (kept > nthreads)
		nthreads = kept;
	/* Slots beyond this search's threads are never read. */
	for (int i = kept; i < nthreads; i++) {
		struct stats_thread *t = &s->thread[i];
		STORE(t->nodes, 0);
		STORE(t->busy_ns, 0);
		STORE(t->spawned, 0);
		STORE(t->run, 0);
		STORE(t->stolen, 0);
		STORE(t->cutoffs, 0);
		STORE(t->deferred, 0);
		STORE(t->tt_probes, 0);
		STORE(t->tt_hits, 0);
		STORE(t->root_col, -1);
		STORE(t->ply, 0);
		STORE(t->max_moves, 0);
	}
	/* No root: a search without columns (knight's tours).  Columns
	 * beyond the root's are never read (stats_snapshot()). */
	for (int c = 0; root != NULL && c < root->ncols; c++) {
		struct stats_column *col = &s->col[c];
		bool legal = root->legal >> c & 1;
		STORE(col->state, legal ? COL_WAITING : COL_ILLEGAL);
		STORE(col->kind, SCORE_NONE);
		STORE(col->score, 0);
		STORE(col->nodes, 0);
		STORE(col->depth, 0);
	}
	s->tt = tt;
	STORE(s->ncols, root != NULL ? root->ncols : 0);
	STORE(s->nthreads, nthreads);
	STORE(s->exact, exact);
	STORE(s->ranks, 0);
	stats_set_network(s, &(struct stats_network){0});
	STORE(s->tables, 0);
	STORE(s->cpus, util_ncpus());
	STORE(s->depth, 0);
	STORE(s->root_moves, root != NULL ? root->moves : 0);
	STORE(s->pv_len, 0);
	STORE(s->end_ns, 0);
	if (!keep) {
		STORE(s->start_ns, util_now_ns());
		atomic_fetch_add_explicit(&s->searches, 1,
		                          memory_order_release);
	}
	atomic_store_explicit(&s->running, 1, memory_order_release);
}

void
stats_end(struct stats *s)
{
	STORE(s->end_ns, util_now_ns());
	atomic_store_explicit(&s->running, 0, memory_order_release);
}

void
stats_mark_ranks(struct stats *s, int tables)
{
	STORE(s->ranks, 1);
	STORE(s->tables, tables);
}

static uint64_t
to_ns(double secs)
{
	return secs > 0 ? (uint64_t)(secs * 1e9 + 0.5) : 0;
}

void
stats_set_network(struct stats *s, const struct stats_network *n)
{
	STORE(s->net_msgs, n->msgs);
	STORE(s->net_bytes, n->bytes);
	STORE(s->net_handoffs, n->handoffs);
	STORE(s->net_handoff_ns, to_ns(n->handoff_s));
	STORE(s->net_starved_ns, to_ns(n->starved_s));
	STORE(s->net_upper, n->upper);
	STORE(s->net_upper_entries, n->upper_entries);
	STORE(s->net_upper_msgs, n->upper_msgs);
	STORE(s->net_upper_bytes, n->upper_bytes);
	STORE(s->net_upper_ns, to_ns(n->upper_s));
}

static void
snapshot_network(struct stats *m, struct stats_network *o)
{
	o->msgs = LOAD(m->net_msgs);
	o->bytes = LOAD(m->net_bytes);
	o->handoffs = LOAD(m->net_handoffs);
	o->handoff_s = (double)LOAD(m->net_handoff_ns) / 1e9;
	o->starved_s = (double)LOAD(m->net_starved_ns) / 1e9;
	o->upper = LOAD(m->net_upper);
	o->upper_entries = LOAD(m->net_upper_entries);
	o->upper_msgs = LOAD(m->net_upper_msgs);
	o->upper_bytes = LOAD(m->net_upper_bytes);
	o->upper_s = (double)LOAD(m->net_upper_ns) / 1e9;
}

void
stats_set_beside(struct stats *s, int threads)
{
	STORE(s->beside, threads);
}

void
stats_keep_counts(struct stats *s, bool keep)
{
	STORE(s->keep, keep ? 1 : 0);
}

void
stats_set_beside_stats(struct stats *s, const struct stats *proof)
{
	atomic_store_explicit(&s->beside_stats, proof, memory_order_release);
}

const struct stats *
stats_beside_stats(const struct stats *s)
{
	return atomic_load_explicit(&s->beside_stats, memory_order_acquire);
}

void
stats_set_pv(struct stats *s, const int *pv, int len)
{
	assert(len >= 0 && (pv != NULL || len == 0));
	if (len > STATS_PV_MAX)
		len = STATS_PV_MAX;
	for (int i = 0; i < len; i++)
		STORE(s->pv[i], (signed char)pv[i]);
	STORE(s->pv_len, len);
}

void
stats_snapshot(const struct stats *s, struct stats_snapshot *o)
{
	struct stats *m = (struct stats *)s; /* atomics: loads only */

	memset(o, 0, sizeof *o);
	o->running = atomic_load_explicit(&m->running, memory_order_acquire);
	o->searches = LOAD(m->searches);
	o->nthreads = LOAD(m->nthreads);
	o->ncols = LOAD(m->ncols);
	o->exact = LOAD(m->exact);
	o->ranks = LOAD(m->ranks);
	snapshot_network(m, &o->net);
	o->tables = LOAD(m->tables);
	o->beside = LOAD(m->beside);
	o->depth = LOAD(m->depth);
	uint64_t start = LOAD(m->start_ns), end = LOAD(m->end_ns);
	o->start_ns = start;
	o->end_ns = end;
	uint64_t now = o->running || end == 0 ? util_now_ns() : end;
	o->elapsed = start && now > start ? (double)(now - start) / 1e9 : 0;

	uint64_t lo = UINT64_MAX, hi = 0;
	for (int i = 0; i < o->nthreads; i++) {
		struct stats_thread *t = &m->thread[i];
		struct stats_thread_snap *d = &o->thread[i];
		d->nodes = LOAD(t->nodes);
		d->spawned = LOAD(t->spawned);
		d->run = LOAD(t->run);
		d->stolen = LOAD(t->stolen);
		d->cutoffs = LOAD(t->cutoffs);
		d->deferred = LOAD(t->deferred);
		uint64_t busy = LOAD(t->busy_ns);
		d->busy_s = (double)busy / 1e9;
		d->root_col = LOAD(t->root_col);
		d->ply = LOAD(t->ply);
		int sel = LOAD(t->max_moves) - LOAD(m->root_moves);
		if (sel > o->seldepth)
			o->seldepth = sel;
		d->busy = o->elapsed > 0 ? (double)busy / 1e9 / o->elapsed : 0;
		if (d->busy > 1)
			d->busy = 1;
		d->idle_s = o->elapsed > d->busy_s ? o->elapsed - d->busy_s : 0;
		d->nps = o->elapsed > 0 ? (double)d->nodes / o->elapsed : 0;
		o->nodes += d->nodes;
		o->spawned += d->spawned;
		o->stolen += d->stolen;
		o->deferred += d->deferred;
		o->tt_probes += LOAD(t->tt_probes);
		o->tt_hits += LOAD(t->tt_hits);
		if (d->nodes < lo)
			lo = d->nodes;
		if (d->nodes > hi)
			hi = d->nodes;
	}
	for (int i = 0; i < o->nthreads; i++)
		o->thread[i].share =
		    o->nodes ? (double)o->thread[i].nodes / (double)o->nodes
		             : 0;
	o->work_share = hi > 0 ? (double)lo / (double)hi : 1;
	double busy[STATS_MAX_THREADS];
	for (int i = 0; i < o->nthreads; i++) {
		busy[i] = o->thread[i].busy_s;
		o->busy_total_s += busy[i];
		if (busy[i] > o->busy_max_s)
			o->busy_max_s = busy[i];
	}
	o->busy_mean_s = o->nthreads ? o->busy_total_s / o->nthreads : 0;
	stats_imbalance(busy, o->nthreads, &o->imbalance, &o->imbalance_pct);
	o->cpus = LOAD(m->cpus);
	o->oversubscribed = o->cpus > 0 && o->nthreads > o->cpus;
	o->nps = o->elapsed > 0 ? (double)o->nodes / o->elapsed : 0;
	o->tt_hitrate =
	    o->tt_probes ? (double)o->tt_hits / (double)o->tt_probes : 0;
	o->tt_fill = s->tt != NULL && s->tt->slot != NULL ? tt_fill(s->tt) : 0;

	for (int c = 0; c < o->ncols && c < BOARD_MAX_WIDTH; c++) {
		struct stats_column *col = &m->col[c];
		o->col[c].state = (enum col_state)LOAD(col->state);
		o->col[c].kind = (enum score_kind)LOAD(col->kind);
		o->col[c].score = LOAD(col->score);
		o->col[c].nodes = LOAD(col->nodes);
		o->col[c].depth = LOAD(col->depth);
	}
	o->pv_len = LOAD(m->pv_len);
	for (int i = 0; i < o->pv_len; i++)
		o->pv[i] = LOAD(m->pv[i]);
}

void
stats_imbalance(const double *busy, int n, double *lambda, double *pct)
{
	double sum = 0, max = 0;
	for (int i = 0; i < n; i++) {
		sum += busy[i];
		if (busy[i] > max)
			max = busy[i];
	}
	*lambda = 1;
	*pct = 0;
	if (n < 1 || max <= 0)
		return;
	double mean = sum / n;
	*lambda = max / mean;
	*pct = (max - mean) / max * 100;
}

void
stats_interval(const struct stats_snapshot *from,
               const struct stats_snapshot *to, struct stats_interval *out)
{
	memset(out, 0, sizeof *out);
	if (from != NULL && from->searches != to->searches)
		from = NULL;
	out->nthreads = to->nthreads;
	out->seconds = to->elapsed - (from != NULL ? from->elapsed : 0);
	if (out->seconds < 0)
		out->seconds = 0;
	uint64_t lo = UINT64_MAX, hi = 0;
	double sum = 0;
	for (int i = 0; i < to->nthreads; i++) {
		const struct stats_thread_snap *a =
		    from != NULL ? &from->thread[i] : NULL;
		const struct stats_thread_snap *b = &to->thread[i];
		double busy = b->busy_s - (a != NULL ? a->busy_s : 0);
		uint64_t n = b->nodes - (a != NULL ? a->nodes : 0);
		if (busy < 0)
			busy = 0;
		if (busy > out->seconds)
			busy = out->seconds;
		out->busy_s[i] = busy;
		out->idle_s[i] = out->seconds - busy;
		out->thread_nodes[i] = n;
		out->nodes += n;
		sum += busy;
		if (n < lo)
			lo = n;
		if (n > hi)
			hi = n;
	}
	out->work_share = hi > 0 ? (double)lo / (double)hi : 1;
	out->nps = out->seconds > 0 ? (double)out->nodes / out->seconds : 0;
	out->busy = out->seconds > 0 && to->nthreads > 0
	                ? sum / (out->seconds * to->nthreads)
	                : 0;
	stats_imbalance(out->busy_s, to->nthreads, &out->imbalance,
	                &out->imbalance_pct);
}

void
stats_speedup_factors(double base_secs, uint64_t base_nodes, int threads,
                      double secs, uint64_t nodes, double busy_s,
                      struct stats_speedup *out)
{
	memset(out, 0, sizeof *out);
	out->threads = threads;
	if (!(base_secs > 0 && secs > 0 && busy_s > 0) || base_nodes == 0 ||
	    nodes == 0 || threads < 1)
		return;
	out->speedup = base_secs / secs;
	out->busy = busy_s / (threads * secs);
	out->node_speed =
	    ((double)nodes / busy_s) / ((double)base_nodes / base_secs);
	out->node_overhead = (double)nodes / (double)base_nodes;
}

void
stats_live_factors(const struct stats_snapshot *s, double base_nps,
                   struct stats_speedup *out)
{
	memset(out, 0, sizeof *out);
	out->threads = s->nthreads;
	if (s->nthreads < 1 || !(s->elapsed > 0))
		return;
	out->busy = s->busy_total_s / (s->nthreads * s->elapsed);
	if (base_nps > 0 && s->busy_total_s > 0)
		out->node_speed =
		    ((double)s->nodes / s->busy_total_s) / base_nps;
}

bool
stats_snapshot_add_beside(struct stats_snapshot *s,
                          const struct stats_snapshot *p)
{
	if (p->nthreads <= 0 || s->nthreads + p->nthreads > STATS_MAX_THREADS ||
	    s->start_ns == 0 || p->start_ns == 0 ||
	    (p->end_ns != 0 && p->end_ns < s->start_ns))
		return false;
	const int k = s->nthreads;
	for (int i = 0; i < p->nthreads; i++)
		s->thread[k + i] = p->thread[i];
	s->nthreads += p->nthreads;
	s->beside_rows = p->nthreads;
	s->nodes += p->nodes;
	s->spawned += p->spawned;
	s->stolen += p->stolen;
	s->deferred += p->deferred;
	if (p->elapsed > s->elapsed)
		s->elapsed = p->elapsed;
	s->nps = s->elapsed > 0 ? (double)s->nodes / s->elapsed : 0;
	uint64_t lo = UINT64_MAX, hi = 0;
	double busy[STATS_MAX_THREADS];
	s->busy_total_s = s->busy_max_s = 0;
	for (int i = 0; i < s->nthreads; i++) {
		struct stats_thread_snap *d = &s->thread[i];
		d->share = s->nodes ? (double)d->nodes / (double)s->nodes : 0;
		d->busy = s->elapsed > 0 ? d->busy_s / s->elapsed : 0;
		if (d->busy > 1)
			d->busy = 1;
		d->idle_s = s->elapsed > d->busy_s ? s->elapsed - d->busy_s : 0;
		d->nps = s->elapsed > 0 ? (double)d->nodes / s->elapsed : 0;
		lo = d->nodes < lo ? d->nodes : lo;
		hi = d->nodes > hi ? d->nodes : hi;
		busy[i] = d->busy_s;
		s->busy_total_s += busy[i];
		if (busy[i] > s->busy_max_s)
			s->busy_max_s = busy[i];
	}
	s->work_share = hi > 0 ? (double)lo / (double)hi : 1;
	s->busy_mean_s = s->busy_total_s / s->nthreads;
	stats_imbalance(busy, s->nthreads, &s->imbalance, &s->imbalance_pct);
	s->oversubscribed = s->cpus > 0 && s->nthreads > s->cpus;
	return true;
}
