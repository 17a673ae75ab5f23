/* dist-master.c -- the master of one search over many workers (dist.h):
 * the hand-out (young brothers wait, a task back to the worker that
 * searched it), the answers as they come, one pass over the tree with a
 * window, the null-window passes of the exact solver, and the small solve
 * that stays on one worker. */
#include "config.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/score.h"
#include "core/util.h"
#include "search/node/choose.h"
#include "search/dist/dist-int.h"
#include "search/node/order.h"
#include "search/node/settings.h"

/* The next task to hand out: the first queued one (depth-first, in the
 * search's order) that may start (may_start(): young brothers wait, at
 * every level).  A young brother whose eldest is still out waits even
 * when a worker idles: beside a shared table, a brother searched before
 * its eldest cuts is work thrown away (node overhead 1.22-1.28 against
 * 1.10-1.17 on 4444 over two workers, docs/distributed-search.md), and an
 * idle worker costs only time.  The averaged outcomes have no windows and no
 * cut-offs to wait for: any queued task.  -1: none to hand out now. */
/* Node i may start: it is its parent's eldest child or its parent has an
 * answer in, and so on up to the root (young brothers wait at every
 * level of the tree, not only at the frontier's parents). */
static bool
may_start(const struct master *m, int i)
{
	for (; i > 0; i = m->n[i].parent) {
		const int up = m->n[i].parent;
		const struct node *p = &m->n[up];
		/* Every root column exact (depth-limited play, an analysis):
		 * the root's children are all needed, none waits. */
		if (up == 0 && m->root_full)
			break;
		if (i != p->first && p->in == 0)
			return false;
	}
	return true;
}

/* Node i's twin (the same position) is in hand or waits: i waits for its
 * answer, after which i is a table hit (or settled from the twin's
 * bounds, dist_tree_settle_task()), not a second search of the same
 * tree beside the first (4444's columns 3 and 5 are mirror images:
 * searched side by side they cost 15% more nodes on two workers). */
static bool
twin_pending(const struct master *m, int i)
{
	const int tw = m->n[i].twin;
	return tw >= 0 && (m->n[tw].state == NODE_QUEUED ||
	                   m->n[tw].state == NODE_RUNNING);
}

static int
pick_task(const struct master *m, int w)
{
	int any = -1, ready = -1;
	for (int i = 0; i < m->count; i++) {
		const struct node *x = &m->n[i];
		if (x->state != NODE_QUEUED)
			continue;
		if (twin_pending(m, i))
			continue;
		bool young_ok = may_start(m, i);
		/* A twin searched goes where its table is. */
		const int tw = m->n[i].twin;
		if (young_ok && tw >= 0 && m->n[tw].worker == w)
			return i;
		/* A task searched before goes back to the same worker,
		 * whose table holds it (the null-window passes). */
		if (young_ok && m->known != NULL && i < m->nknown &&
		    m->known[i].owner == w)
			return i;
		if (young_ok && ready < 0)
			ready = i;
		if (any < 0)
			any = i;
	}
	if (m->lim->mode == SEARCH_AVERAGE)
		return any;
	return ready;
}

static void
make_task(const struct master *m, int i, uint32_t id, struct dist_task *t)
{
	int a, b;
	dist_tree_window(m, i, &a, &b);
	dist_task_init(t, id, &m->n[i].b);
	t->mode = (uint8_t)(m->lim->mode == SEARCH_WEAK ? SEARCH_EXACT
	                                                : m->lim->mode);
	t->depth = (uint8_t)(m->lim->depth - m->n[i].ply);
	t->threads = dist_task_threads(m->lim);
	if (t->mode == SEARCH_EXACT)
		t->upper = (uint8_t)m->st->upper;
	t->alpha = (int16_t)a;
	t->beta = (int16_t)b;
}

/* The next answer of any worker within a few milliseconds: progress
 * reports are shown (live) and not returned. */
static bool
next_answer(const struct dist_transport *t, struct dist_stats *st, bool hurry,
            int *w, struct dist_result *r)
{
	if (!dist_task_receive(t, st, hurry, w, r))
		return false;
	if (!r->progress)
		return true;
	dist_live_worker(st, *w, r->nodes, r->seconds);
	return false;
}

/* Node i handed to worker w as task *next_id. */
static void
give(struct master *m, int w, int i, uint32_t *next_id)
{
	struct dist_task task;
	make_task(m, i, (*next_id)++, &task);
	dist_share_fill(m->st, w, &task);
	m->n[i].state = NODE_RUNNING;
	m->n[i].worker = w;
	m->n[i].a = task.alpha;
	m->n[i].b2 = task.beta;
	dist_slot_add(m, w, i, task.id);
	m->st->handed++;
	m->st->tasks[w]++;
	dist_live_task(m->st, w, dist_tree_root_column(m, i), m->n[i].ply);
	dist_task_send(m->t, m->st, w, &task);
}

/* Every worker's slots filled with what may start: first a task to each
 * worker that has none, then each its next (DIST_QUEUE), which it starts
 * the moment the one it runs ends.  True while any worker holds one. */
static bool
hand_out(struct master *m, uint32_t *next_id)
{
	for (int depth = 0; depth < DIST_QUEUE; depth++)
		for (int w = 0; w < m->t->nworkers; w++)
			while (dist_slot_count(m, w) == depth &&
			       m->n[0].state != NODE_DONE) {
				int i = pick_task(m, w);
				if (i < 0)
					break;
				if (!dist_tree_settle_task(m, i))
					give(m, w, i, next_id);
			}
	bool busy = false;
	for (int w = 0; w < m->t->nworkers; w++)
		busy = busy || dist_slot_count(m, w) > 0;
	return busy;
}

/* A master for one pass over the tree of b (its root built, not yet
 * expanded). */
void
dist_master_init(struct master *m, const struct dist_transport *t,
                 const struct search_limits *lim, struct dist_stats *st,
                 int frontier, const board_t *b)
{
	memset(m, 0, sizeof *m);
	m->t = t;
	m->lim = lim;
	m->st = st;
	m->frontier = frontier;
	m->slot = xcalloc((size_t)t->nworkers, sizeof *m->slot);
	dist_tree_add(m, b, -1, -1, 0);
}

/* The tasks handed out, and the next answer that counts: the node it
 * settles (its answer in *res), -1 for none this time (a wait with
 * nothing, a cancelled task's answer, a task stopped), or PASS_OVER.  A
 * request of the limits' stop token cancels every running task once
 * (*stopped). */
int
dist_master_next(struct master *m, bool *stopped, uint32_t *next_id,
                 struct search_result *r, struct dist_result *res)
{
	const struct dist_transport *t = m->t;
	struct dist_stats *st = m->st;
	if (search_stop_requested(m->lim->stop) && !*stopped) {
		*stopped = true;
		dist_slot_cancel_all(m);
	}
	bool busy =
	    !*stopped && m->n[0].state != NODE_DONE && hand_out(m, next_id);
	bool hurry = false;
	for (int w = 0; w < t->nworkers; w++) {
		busy = busy || dist_slot_count(m, w) > 0;
		hurry = hurry || dist_slot_count(m, w) == 0;
	}
	if (!busy)
		return PASS_OVER;
	int w;
	if (!next_answer(t, st, hurry && !*stopped, &w, res))
		return -1;
	st->nodes[w] += res->nodes;
	st->busy[w] += res->seconds;
	r->nodes += res->nodes;
	dist_live_worker(st, w, 0, 0);
	dist_share_add(st, w, res);
	int i = dist_slot_take(m, w, res);
	if (i < 0 || m->n[i].state != NODE_RUNNING)
		return -1; /* a cancelled task's answer: its node stays */
	assert(m->n[i].worker == w);
	dist_live_column_nodes(st, dist_tree_root_column(m, i), res->nodes);
	if (res->stopped || *stopped) {
		m->n[i].state = NODE_DONE;
		m->n[i].bound = true;
		return -1;
	}
	m->n[i].state = NODE_OPEN; /* settled by the caller */
	return i;
}

/* One pass over the tree of b with the root's window (lo, hi): the root's
 * value (fail-soft) into *value, its best column into *col (-1 none), the
 * column values into r where `columns`; false when stopped first. */
bool
dist_master_run_tree(const struct dist_transport *t, const board_t *b,
                     const struct search_limits *lim, int frontier, int lo,
                     int hi, bool root_full, struct search_result *r,
                     struct dist_stats *st, struct bounds **known, int *value,
                     int *col)
{
	struct master m;
	dist_master_init(&m, t, lim, st, frontier, b);
	m.root_full = root_full;
	m.lo = lo;
	m.hi = hi;
	dist_tree_expand(&m, 0, dist_tree_negamax_leaf);
	dist_tree_twins(&m);
	for (int i = 0; i < m.count; i++)
		st->ntasks += m.n[i].state == NODE_QUEUED;
	dist_tree_settle_known(&m);
	if (known != NULL) {
		if (*known == NULL) {
			*known = xmalloc((size_t)m.count * sizeof **known);
			for (int i = 0; i < m.count; i++)
				(*known)[i] =
				    (struct bounds){-SCORE_INF, SCORE_INF, -1};
		}
		m.known = *known;
		m.nknown = m.count;
	}

	uint32_t next_id = 1;
	bool stopped = false;
	struct dist_result res;
	for (;;) {
		int i = dist_master_next(&m, &stopped, &next_id, r, &res);
		if (i == PASS_OVER)
			break;
		if (i < 0)
			continue;
		dist_tree_learn(&m, i, res.value);
		dist_tree_settle(&m, i, res.value,
		                 res.value <= m.n[i].a ||
		                     res.value >= m.n[i].b2);
		if (root_full)
			dist_live_root(&m);
		if (m.n[0].state == NODE_DONE)
			dist_slot_cancel_all(&m);
	}
	bool done = m.n[0].state == NODE_DONE && !stopped;
	*value = m.n[0].best;
	/* The column of the best value, one whose value is not a bound
	 * first among equals. */
	*col = -1;
	const struct node *root = &m.n[0];
	int at = -1;
	for (int c = root->first; c < root->first + root->nchild; c++) {
		const struct node *x = &m.n[c];
		if (x->state != NODE_DONE)
			continue;
		if (at < 0 || -x->value > -m.n[at].value ||
		    (-x->value == -m.n[at].value && m.n[at].bound && !x->bound))
			at = c;
	}
	if (at >= 0)
		*col = m.n[at].col;
	if (root_full)
		dist_tree_fill_result(&m, b, r);
	free(m.slot);
	free(m.n);
	return done;
}

/* The exact (or weak) value of b and a best column, by null-window
 * passes that halve the interval of the possible scores, as the one
 * process's solver does (docs/solver.md): narrow windows prune most. */
bool
dist_master_solve_tree(const struct dist_transport *t, const board_t *b,
                       const struct search_limits *lim, int frontier,
                       struct search_result *r, struct dist_stats *st,
                       int *score, int *col)
{
	bool weak = lim->mode == SEARCH_WEAK;
	int lo = weak ? -1 : board_min_score(b);
	int hi = weak ? 1 : board_max_score(b);
	struct bounds *known = NULL;
	bool done = true;
	*col = -1;
	struct search_probe probe;
	search_probe_init(&probe);
	while (lo < hi) {
		int w = search_probe_next(&probe, lo, hi);
		int v, c;
		if (!dist_master_run_tree(t, b, lim, frontier, w - 1, w, false,
		                          r, st, &known, &v, &c)) {
			done = false;
			break;
		}
		search_probe_learn(&probe, w, v);
		if (v < w) {
			hi = v;
			if (*col < 0)
				*col = c; /* the best of the losing ones */
		} else {
			lo = v;
			*col = c;
		}
	}
	free(known);
	*score = lo;
	if (!done) {
		/* Stopped: the bound the passes have proven so far. */
		const int min = weak ? -1 : board_min_score(b);
		const int max = weak ? 1 : board_max_score(b);
		r->kind = lo > min   ? SCORE_LOWER
		          : hi < max ? SCORE_UPPER
		                     : SCORE_NONE;
		r->score = lo > min ? lo : hi < max ? hi : 0;
	}
	return done;
}

/* Agglomeration: a search that one worker finishes within DIST_SMALL_NODES
 * is not worth sharing out.  True when it did, with the score and move. */
bool
dist_master_solve_small(const struct dist_transport *t, const board_t *b,
                        const struct search_limits *lim,
                        struct search_result *r, struct dist_stats *st,
                        int *score, int *col)
{
	struct dist_task task;
	struct dist_result res;
	int w;
	dist_task_init(&task, 1, b);
	task.mode = (uint8_t)lim->mode;
	task.whole = 1;
	task.threads = dist_task_threads(lim);
	task.node_limit = DIST_SMALL_NODES;
	if (task.mode == SEARCH_EXACT)
		task.upper = (uint8_t)st->upper;
	dist_share_fill(st, 0, &task);
	dist_task_send(t, st, 0, &task);
	st->tasks[0]++;
	dist_live_task(st, 0, st->under, 0);
	while (!next_answer(t, st, true, &w, &res))
		;
	st->nodes[w] += res.nodes;
	st->busy[w] += res.seconds;
	dist_live_worker(st, w, 0, 0);
	dist_share_add(st, w, &res);
	st->handed++;
	r->nodes += res.nodes;
	if (res.stopped)
		return false;
	*score = res.value;
	*col = res.col;
	return res.col >= 0;
}
