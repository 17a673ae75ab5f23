/* search-marks.c -- the work of a run's searches (struct search_marks):
 * the nodes and busy thread-seconds of every search a move runs (the
 * proof, the search beside it, the checks, the traps), counted once as
 * each ends, and those still under way read from their statistics.
 *
 * Nothing here depends on the width of the board: compiled once.
 */
#include "config.h"

#include <assert.h>

#include "core/util.h"
#include "search/node/search-int.h"

/* ---- the work of a run's searches (struct search_marks) ------------ */

/* The nodes and busy seconds in st's thread slots so far. */
static void
stats_work(const struct stats *st, uint64_t *nodes, double *busy_s)
{
	int n = atomic_load_explicit(&st->nthreads, memory_order_relaxed);
	for (int t = 0; t < n && t < STATS_MAX_THREADS; t++) {
		*nodes += atomic_load_explicit(&st->thread[t].nodes,
		                               memory_order_relaxed);
		*busy_s += (double)atomic_load_explicit(&st->thread[t].busy_ns,
		                                        memory_order_relaxed) /
		           1e9;
	}
}

static void
marks_lock(struct search_marks *m)
{
	while (
	    atomic_flag_test_and_set_explicit(&m->lock, memory_order_acquire))
		;
}

static void
marks_unlock(struct search_marks *m)
{
	atomic_flag_clear_explicit(&m->lock, memory_order_release);
}

/* Under the lock: the searches that ended and those under way. */
static void
marks_work(const struct search_marks *m, uint64_t *nodes, double *busy_s)
{
	*nodes += m->done_nodes;
	*busy_s += m->done_busy_s;
	for (int i = 0; i < SEARCH_MARKS_LIVE; i++)
		if (m->live[i] != NULL)
			stats_work(m->live[i], nodes, busy_s);
}

void
search_marks_enter(struct search_marks *m, const struct stats *st)
{
	if (m == NULL)
		return;
	marks_lock(m);
	m->searches++;
	for (int i = 0; i < SEARCH_MARKS_LIVE; i++)
		if (m->live[i] == NULL) {
			m->live[i] = st;
			break;
		}
	marks_unlock(m);
}

void
search_marks_leave(struct search_marks *m, const struct stats *st)
{
	if (m == NULL)
		return;
	marks_lock(m);
	/* (one not under way, the live slots full, is counted here too) */
	for (int i = 0; i < SEARCH_MARKS_LIVE; i++)
		if (m->live[i] == st) {
			m->live[i] = NULL;
			break;
		}
	stats_work(st, &m->done_nodes, &m->done_busy_s);
	marks_unlock(m);
}

void
search_marks_work(struct search_marks *m, uint64_t *nodes, double *busy_s)
{
	*nodes = 0;
	*busy_s = 0;
	marks_lock(m);
	marks_work(m, nodes, busy_s);
	marks_unlock(m);
}

void
search_marks_add(struct search_marks *m, int depth, uint64_t unflushed,
                 uint64_t busy_from_ns)
{
	if (m == NULL || m->n >= SEARCH_MAX_DEPTH)
		return;
	const uint64_t now = util_now_ns();
	struct search_mark *k = &m->mark[m->n];
	k->depth = depth;
	k->seconds = now > m->t0_ns ? (double)(now - m->t0_ns) / 1e9 : 0;
	k->nodes = unflushed;
	k->busy_s = now > busy_from_ns ? (double)(now - busy_from_ns) / 1e9 : 0;
	marks_lock(m);
	marks_work(m, &k->nodes, &k->busy_s);
	marks_unlock(m);
	m->n++;
}
