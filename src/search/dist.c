/* dist.c -- one search over many workers (dist.h): the frontier, its
 * windows, the hand-out, the negamax of the answers; the worker's side;
 * the loopback transport. */
#include "config.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/score.h"
#include "core/util.h"
#include "search/choose.h"
#include "search/dist.h"
#include "search/engine.h"

/* ---- the frontier ------------------------------------------------------- */

enum node_state {
	NODE_OPEN = 0, /* an inner node whose children are not all in */
	NODE_QUEUED,   /* a task not handed out yet */
	NODE_RUNNING,  /* a task on a worker */
	NODE_DONE,     /* value known (exact or a bound) */
};

/* A node of the tree above (and on) the frontier.  Values are the side to
 * move's, on the raw scale; a parent takes -value of a child. */
struct node {
	board_t b;
	int parent; /* -1: the root */
	int col;    /* the move from the parent */
	int ply;    /* plies below the root */
	int first, nchild;
	int pending; /* children not done */
	int in;      /* children whose value came in (for young brothers) */
	int best;    /* inner: the best child value so far (-INF none) */
	int value;   /* done: the value */
	bool cut;    /* done by a cut-off: the rest did not matter */
	bool bound;  /* done: value is a bound (outside its window) */
	bool known;  /* done when built: a winning move or a full board */
	enum node_state state;
	int worker;    /* running: where */
	int16_t a, b2; /* the window its task was searched with */
	double q;      /* SEARCH_AVERAGE: the averaged outcome, proven +-1 */
	int proven;
};

#define IDLE      (-1)
#define CANCELLED (-2)

struct master {
	const struct dist_transport *t;
	const struct search_limits *lim;
	struct node *n;
	int count, cap;
	int frontier;
	int lo, hi;     /* the root's window */
	bool root_full; /* every root column exact (analysis, depth play) */
	int *running;   /* per worker: its node, IDLE, or CANCELLED (a task
	                 * cancelled, its answer not in yet) */
	struct dist_stats *st;
	/* What earlier passes over the same tree (solve_tree()'s null
	 * windows) learnt of each task: its bounds, by node index (the
	 * tree is built the same way every pass); NULL none. */
	struct bounds *known;
	int nknown;
};

struct bounds {
	int lo, hi;
	int owner; /* the worker that searched it last (its table knows
	            * it), -1 none */
};

static int
add_node(struct master *m, const board_t *b, int parent, int col, int ply)
{
	if (m->count == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 256;
		m->n = xrealloc(m->n, (size_t)m->cap * sizeof *m->n);
	}
	struct node *x = &m->n[m->count];
	memset(x, 0, sizeof *x);
	x->b = *b;
	x->parent = parent;
	x->col = col;
	x->ply = ply;
	x->best = -SCORE_INF;
	x->worker = -1;
	return m->count++;
}

/* A won position's value for the side that made the winning move. */
static int
win_value(const struct search_limits *lim, const board_t *before)
{
	int s = board_max_score(before);
	if (lim->mode == SEARCH_WEAK)
		return 1;
	return lim->mode == SEARCH_EXACT ? s : SCORE_PROVEN + s;
}

/* What a child of the frontier's tree is when built: y, reached from
 * `before` by a move (`wins`: a winning one) to `after`, settled at once
 * (NODE_DONE, known, with its value) or left open (a task on the
 * frontier). */
typedef void (*leaf_fn)(const struct master *m, struct node *y,
                        const board_t *before, const board_t *after, bool wins);

/* Expand node i down to the frontier, each child as `leaf` says. */
static void
expand(struct master *m, int i, leaf_fn leaf)
{
	const int *order = board_centre_order(m->n[i].b.w);
	int first = m->count, k = 0;
	for (int j = 0; j < m->n[i].b.w; j++) {
		int col = order[j];
		if (!board_can_play(&m->n[i].b, col))
			continue;
		board_t before = m->n[i].b, nb = before;
		bool wins = board_is_winning_move(&nb, col);
		board_play(&nb, col);
		int c = add_node(m, &nb, i, col, m->n[i].ply + 1);
		k++;
		struct node *y = &m->n[c];
		y->state = y->ply < m->frontier ? NODE_OPEN : NODE_QUEUED;
		leaf(m, y, &before, &nb, wins);
	}
	m->n[i].first = first;
	m->n[i].nchild = k;
	m->n[i].pending = k;
	for (int c = first; c < first + k; c++)
		if (m->n[c].state == NODE_OPEN)
			expand(m, c, leaf);
}

/* The negamax searches' leaves: a winning move or a full board is done
 * at once. */
static void
negamax_leaf(const struct master *m, struct node *y, const board_t *before,
             const board_t *after, bool wins)
{
	if (wins) {
		y->state = NODE_DONE;
		y->known = true;
		y->value = -win_value(m->lim, before);
	} else if (board_is_full(after)) {
		/* A draw; the depth-limited scale writes a proven one as the
		 * search does (no move left: lost with the board's least
		 * score, 0). */
		y->state = NODE_DONE;
		y->known = true;
		y->value = m->lim->mode == SEARCH_DEPTH
		               ? -SCORE_PROVEN + board_min_score(after)
		               : 0;
	}
}

/* ---- windows and values ---------------------------------------------------
 */

/* The window of node i now: the root's own, then each child's the
 * negation of its parent's, narrowed by the parent's best (at the root
 * only when the root's columns need no exact values). */
static void
inherited(const struct master *m, int i, int *alpha, int *beta)
{
	if (m->n[i].parent < 0) {
		*alpha = m->lo;
		*beta = m->hi;
		return;
	}
	int pa, pb;
	const struct node *p = &m->n[m->n[i].parent];
	inherited(m, m->n[i].parent, &pa, &pb);
	if (p->parent >= 0 || !m->root_full)
		pa = pa > p->best ? pa : p->best;
	*alpha = -pb;
	*beta = -pa;
}

/* The window of node i now: as inherited(), narrowed by its own best. */
static void
window(const struct master *m, int i, int *alpha, int *beta)
{
	inherited(m, i, alpha, beta);
	if (m->n[i].state == NODE_OPEN && m->n[i].best > *alpha)
		*alpha = m->n[i].best;
}

static void drop_subtree(struct master *m, int i);

/* Node i's value is known (a bound when `bound`): count it in its parent,
 * and on up. */
static void
settle(struct master *m, int i, int value, bool bound)
{
	struct node *x = &m->n[i];
	x->state = NODE_DONE;
	x->value = value;
	x->bound = bound;
	int p = x->parent;
	if (p < 0)
		return;
	struct node *y = &m->n[p];
	if (y->state == NODE_DONE)
		return; /* a cut parent: nothing of it matters now */
	y->pending--;
	y->in++;
	if (-value > y->best)
		y->best = -value;
	int a, b;
	inherited(m, p, &a, &b);
	if ((y->parent >= 0 || !m->root_full) && y->best >= b) {
		/* A cut-off: the rest of y's children cannot change what
		 * its parent makes of it. */
		drop_subtree(m, p);
		y->cut = true;
		settle(m, p, y->best, true);
	} else if (y->pending == 0) {
		settle(m, p, y->best, y->best <= a);
	}
}

/* Drop what is left of node i's subtree: queued tasks are not handed out,
 * running ones are cancelled (their answers are then ignored). */
static void
drop_subtree(struct master *m, int i)
{
	struct node *x = &m->n[i];
	for (int c = x->first; c < x->first + x->nchild; c++) {
		struct node *y = &m->n[c];
		if (y->state == NODE_QUEUED) {
			y->state = NODE_DONE;
			y->cut = true;
			m->st->cut++;
		} else if (y->state == NODE_RUNNING) {
			m->t->cancel(m->t->ctx, y->worker);
			m->running[y->worker] = CANCELLED;
			y->state = NODE_DONE;
			y->cut = true;
			m->st->cut++;
		} else if (y->state == NODE_OPEN) {
			drop_subtree(m, c);
			y->state = NODE_DONE;
			y->cut = true;
		}
	}
}

/* The settled nodes at build time (wins, full boards) counted in their
 * parents, bottom up. */
static void
settle_known(struct master *m)
{
	for (int i = m->count - 1; i > 0; i--)
		if (m->n[i].known && m->n[m->n[i].parent].state != NODE_DONE) {
			m->n[i].state = NODE_OPEN; /* settle() marks it again */
			settle(m, i, m->n[i].value, false);
		}
}

/* ---- the hand-out -----------------------------------------------------------
 */

/* The next task to hand out: the first queued one (depth-first, the
 * centre first) whose parent has an answer from its eldest child, or whose
 * parent has none in flight (young brothers wait); failing that, any
 * queued one, so that no worker idles.  -1: none left. */
static int
pick_task(const struct master *m, int w)
{
	int any = -1, ready = -1;
	for (int i = 0; i < m->count; i++) {
		const struct node *x = &m->n[i];
		if (x->state != NODE_QUEUED)
			continue;
		const struct node *p = &m->n[x->parent];
		bool young_ok = i == p->first || p->in > 0;
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
	return ready >= 0 ? ready : any;
}

/* The task of node i with its window now. */
/* A task (cleared) of position b: the board's size and bits, as
 * dist_worker_start() reads them back. */
static void
task_init(struct dist_task *t, uint32_t id, const board_t *b)
{
	memset(t, 0, sizeof *t);
	t->id = id;
	t->w = (uint8_t)b->w;
	t->h = (uint8_t)b->h;
	t->stones = (uint16_t)b->moves;
	t->cur[0] = (uint64_t)b->current;
	t->cur[1] = (uint64_t)(b->current >> 64);
	t->mask[0] = (uint64_t)b->mask;
	t->mask[1] = (uint64_t)(b->mask >> 64);
}

/* The OpenMP threads a task asks of its worker: the search's own count
 * (the game's thread toggle reaches every rank this way), 0 its own. */
static uint8_t
task_threads(const struct search_limits *lim)
{
	return (uint8_t)(lim->threads > 0 && lim->threads <= 255 ? lim->threads
	                                                         : 0);
}

static void
make_task(const struct master *m, int i, uint32_t id, struct dist_task *t)
{
	int a, b;
	window(m, i, &a, &b);
	task_init(t, id, &m->n[i].b);
	t->mode = (uint8_t)(m->lim->mode == SEARCH_WEAK ? SEARCH_EXACT
	                                                : m->lim->mode);
	t->depth = (uint8_t)(m->lim->depth - m->n[i].ply);
	t->threads = task_threads(m->lim);
	t->alpha = (int16_t)a;
	t->beta = (int16_t)b;
}

/* ---- table entries between the workers ----------------------------------
 *
 * Each worker has a table of its own, and the tasks' subtrees transpose
 * into each other everywhere (a position two plies below one task's root
 * is often two plies below its brother's): without help every worker
 * searches again what another already has.  So a finished task's answer
 * carries its table's entries for the positions just below the task's
 * root, where a hit saves the most, and the master passes them on with
 * the next task of every other worker (docs/distributed-search.md). */

struct dist_share {
	struct search_entries hdr; /* the kind of table they fit */
	struct search_entry *e;
	int *from; /* the worker that sent each */
	int n, cap;
	int sent[DIST_MAX_WORKERS]; /* entries [0, sent[w]) seen for w */
};

static void
share_add(struct dist_stats *st, int w, const struct dist_result *res)
{
	struct dist_share *sh = st->share;
	int n = res->share_hdr.n;
	if (sh == NULL || n == 0 || n > DIST_SHARE_OUT)
		return;
	if (sh->n + n > sh->cap) {
		sh->cap = 2 * (sh->n + n);
		sh->e = xrealloc(sh->e, (size_t)sh->cap * sizeof *sh->e);
		sh->from =
		    xrealloc(sh->from, (size_t)sh->cap * sizeof *sh->from);
	}
	sh->hdr = res->share_hdr;
	for (int i = 0; i < n; i++) {
		sh->e[sh->n + i] = res->share[i];
		sh->from[sh->n + i] = w;
	}
	sh->n += n;
}

/* Task t for worker w: the newest entries of the others it has not had. */
static void
share_fill(struct dist_stats *st, int w, struct dist_task *t)
{
	struct dist_share *sh = st->share;
	t->share_hdr.n = 0;
	if (sh == NULL || sh->n == 0)
		return;
	int k = 0;
	for (int i = sh->n - 1; i >= sh->sent[w] && k < DIST_SHARE_IN; i--)
		if (sh->from[i] != w)
			t->share[k++] = sh->e[i];
	sh->sent[w] = sh->n;
	t->share_hdr = sh->hdr;
	t->share_hdr.n = (uint16_t)k;
	st->shared += (uint64_t)k;
}

static void
share_free(struct dist_share *sh)
{
	if (sh == NULL)
		return;
	free(sh->e);
	free(sh->from);
	free(sh);
}

/* ---- what the search shows while it runs (dist_params.live) -------------
 */

static void
live_begin(struct stats *live, const board_t *b,
           const struct search_limits *lim, int nworkers)
{
	if (live == NULL)
		return;
	struct stats_root root = {.ncols = b->w, .moves = b->moves};
	for (int c = 0; c < b->w; c++)
		if (board_can_play(b, c) && !b->over)
			root.legal |= 1u << c;
	int n = nworkers < STATS_MAX_THREADS ? nworkers : STATS_MAX_THREADS;
	stats_begin(live, &root, n, lim->mode != SEARCH_DEPTH, NULL);
	stats_mark_ranks(live);
	for (int w = 0; w < n; w++)
		atomic_store_explicit(&live->thread[w].spawned,
		                      (uint64_t)task_threads(lim),
		                      memory_order_relaxed);
	for (int c = 0; c < b->w; c++)
		if (root.legal >> c & 1)
			atomic_store_explicit(&live->col[c].state,
			                      COL_SEARCHING,
			                      memory_order_relaxed);
}

/* Worker w's row: its finished tasks' nodes and seconds and, while one
 * runs, that one's so far. */
static void
live_worker(const struct dist_stats *st, int w, uint64_t nodes, double secs)
{
	if (st->live == NULL || w >= STATS_MAX_THREADS)
		return;
	struct stats_thread *t = &st->live->thread[w];
	atomic_store_explicit(&t->nodes, st->nodes[w] + nodes,
	                      memory_order_relaxed);
	atomic_store_explicit(&t->busy_ns,
	                      (uint64_t)((st->busy[w] + secs) * 1e9),
	                      memory_order_relaxed);
	atomic_store_explicit(&t->run, st->tasks[w], memory_order_relaxed);
}

/* Worker w took a task under root column col (-1: the whole root). */
static void
live_task(const struct dist_stats *st, int w, int col, int ply)
{
	if (st->live == NULL || w >= STATS_MAX_THREADS)
		return;
	struct stats_thread *t = &st->live->thread[w];
	atomic_store_explicit(&t->root_col, col, memory_order_relaxed);
	atomic_store_explicit(&t->ply, ply, memory_order_relaxed);
	atomic_store_explicit(&t->run, st->tasks[w], memory_order_relaxed);
}

/* Root column col's value is in. */
static void
live_column(struct stats *live, int col, enum score_kind kind, int score)
{
	if (live == NULL)
		return;
	atomic_store_explicit(&live->col[col].kind, kind, memory_order_relaxed);
	atomic_store_explicit(&live->col[col].score, score,
	                      memory_order_relaxed);
	atomic_store_explicit(&live->col[col].state, COL_DONE,
	                      memory_order_relaxed);
}

/* Nodes searched under root column col (-1: none). */
static void
live_column_nodes(const struct dist_stats *st, int col, uint64_t nodes)
{
	if (st->live != NULL && col >= 0)
		atomic_fetch_add_explicit(&st->live->col[col].nodes, nodes,
		                          memory_order_relaxed);
}

static void
live_end(struct stats *live, const struct search_result *r)
{
	if (live == NULL)
		return;
	for (int c = 0; c < r->ncols; c++)
		if (r->col_kind[c] != SCORE_NONE)
			live_column(live, c, r->col_kind[c], r->col_score[c]);
	atomic_store_explicit(&live->depth, r->depth, memory_order_relaxed);
	if (r->move >= 0)
		stats_set_pv(live, &r->move, 1);
	stats_end(live);
}

/* The next answer of any worker within a few milliseconds: progress
 * reports are shown (live) and not returned. */
static bool
next_answer(const struct dist_transport *t, const struct dist_stats *st, int *w,
            struct dist_result *r)
{
	if (!t->next(t->ctx, 5, w, r))
		return false;
	if (!r->progress)
		return true;
	live_worker(st, *w, r->nodes, r->seconds);
	return false;
}

/* ---- the master -----------------------------------------------------------
 */

int
dist_frontier(const board_t *b, const struct search_limits *lim, int nworkers)
{
	int left = b->w * b->h - b->moves;
	int most = DIST_MAX_FRONTIER;
	if (lim->mode == SEARCH_DEPTH || lim->mode == SEARCH_AVERAGE)
		most = lim->depth - 1;
	if (most > left - 2)
		most = left - 2;
	/* Eight tasks a worker and more than the root's columns: enough to
	 * balance on, few enough that the windows still prune. */
	int f = 1;
	double tasks = b->w;
	while (f < most && (f < 2 || tasks < 8.0 * nworkers)) {
		f++;
		tasks *= b->w * 0.8;
	}
	return nworkers < 1 || most < 1 ? 0 : f;
}

/* The column scores and the move of the root from its children. */
static void
fill_result(struct master *m, const board_t *b, struct search_result *r)
{
	const struct node *root = &m->n[0];
	for (int c = root->first; c < root->first + root->nchild; c++) {
		const struct node *x = &m->n[c];
		int col = x->col;
		if (x->state != NODE_DONE || (x->bound && m->root_full))
			continue; /* stopped before its value came */
		int v = -x->value;
		if (m->lim->mode == SEARCH_DEPTH) {
			score_from_raw(v, &r->col_kind[col],
			               &r->col_score[col]);
			/* A column the book holds is exact, a draw too
			 * (0 on the depth-limited scale), as in one
			 * process's search. */
			board_t nb = *b;
			int known;
			board_play(&nb, col);
			if (!board_is_winning_move(b, col) &&
			    search_oracle_probe(m->lim->book, &nb, &known)) {
				r->col_kind[col] = SCORE_EXACT;
				r->col_score[col] = -known;
			}
		} else {
			r->col_kind[col] = x->bound ? SCORE_UPPER : SCORE_EXACT;
			r->col_score[col] = v;
			if (m->lim->mode == SEARCH_WEAK) {
				/* A win or a loss is one, however far past
				 * the window's edge it failed. */
				r->col_score[col] = (v > 0) - (v < 0);
				if (v != 0)
					r->col_kind[col] = SCORE_EXACT;
			}
		}
	}
	/* The move among the columns whose value is known (a column left
	 * an upper bound by the root's window may only tie the best). */
	struct search_result known = *r;
	for (int c = 0; c < b->w; c++)
		if (known.col_kind[c] == SCORE_UPPER)
			known.col_kind[c] = SCORE_NONE;
	int col = choose_best_column(b, &known, m->lim->seed);
	r->move = r->best = col;
	if (col >= 0) {
		r->score = r->col_score[col];
		r->kind = r->col_kind[col];
	}
}

/* The root columns whose values are in, on the panel. */
static void
live_root(struct master *m)
{
	if (m->st->live == NULL)
		return;
	struct search_result r;
	memset(&r, 0, sizeof r);
	fill_result(m, &m->n[0].b, &r);
	for (int c = 0; c < m->n[0].b.w; c++)
		if (r.col_kind[c] != SCORE_NONE)
			live_column(m->st->live, c, r.col_kind[c],
			            r.col_score[c]);
}

static double
now_s(void)
{
	return util_now_s();
}

/* Hand tasks to the idle workers; false once nothing is left to hand out
 * and nothing runs. */
/* A task that an earlier pass decided for this window is settled here,
 * not handed out: true if so. */
static bool
settle_known_task(struct master *m, int i)
{
	if (m->known == NULL || i >= m->nknown)
		return false;
	int a, b;
	window(m, i, &a, &b);
	const struct bounds *k = &m->known[i];
	int v;
	if (k->lo == k->hi)
		v = k->lo;
	else if (k->hi <= a)
		v = k->hi;
	else if (k->lo >= b)
		v = k->lo;
	else
		return false;
	m->n[i].state = NODE_OPEN; /* settle() marks it done */
	settle(m, i, v, v <= a || v >= b);
	return true;
}

/* What a task's answer says of its value, for the later passes. */
static void
learn(struct master *m, int i, int v)
{
	if (m->known == NULL || i >= m->nknown)
		return;
	struct bounds *k = &m->known[i];
	k->owner = m->n[i].worker;
	if (v <= m->n[i].a)
		k->hi = v < k->hi ? v : k->hi;
	else if (v >= m->n[i].b2)
		k->lo = v > k->lo ? v : k->lo;
	else
		k->lo = k->hi = v;
}

/* The root column node i lies under, as the panel names it. */
static int
root_column(const struct master *m, int i)
{
	if (m->st->under >= 0)
		return m->st->under;
	while (i > 0 && m->n[i].parent > 0)
		i = m->n[i].parent;
	return i > 0 ? m->n[i].col : -1;
}

static bool
hand_out(struct master *m, uint32_t *next_id)
{
	bool busy = false;
	for (int w = 0; w < m->t->nworkers; w++) {
		while (m->running[w] == IDLE && m->n[0].state != NODE_DONE) {
			int i = pick_task(m, w);
			if (i < 0)
				break;
			if (settle_known_task(m, i))
				continue;
			struct dist_task task;
			make_task(m, i, (*next_id)++, &task);
			share_fill(m->st, w, &task);
			m->n[i].state = NODE_RUNNING;
			m->n[i].worker = w;
			m->n[i].a = task.alpha;
			m->n[i].b2 = task.beta;
			m->running[w] = i;
			m->st->handed++;
			m->st->tasks[w]++;
			live_task(m->st, w, root_column(m, i), m->n[i].ply);
			m->t->start(m->t->ctx, w, &task);
		}
		busy = busy || m->running[w] != IDLE;
	}
	return busy;
}

/* A master for one pass over the tree of b (its root built, not yet
 * expanded). */
static void
master_init(struct master *m, const struct dist_transport *t,
            const struct search_limits *lim, struct dist_stats *st,
            int frontier, const board_t *b)
{
	memset(m, 0, sizeof *m);
	m->t = t;
	m->lim = lim;
	m->st = st;
	m->frontier = frontier;
	m->running = xmalloc((size_t)t->nworkers * sizeof *m->running);
	for (int w = 0; w < t->nworkers; w++)
		m->running[w] = IDLE;
	add_node(m, b, -1, -1, 0);
}

#define PASS_OVER (-2) /* next_answered(): nothing runs, nothing is left */

/* The tasks handed out, and the next answer that counts: the node it
 * settles (its answer in *res), -1 for none this time (a wait with
 * nothing, a cancelled task's answer, a task stopped), or PASS_OVER.  A
 * stop (the token stop) cancels every running task once (*stopped). */
static int
next_answered(struct master *m, const struct search_stop *stop, bool *stopped,
              uint32_t *next_id, struct search_result *r,
              struct dist_result *res)
{
	const struct dist_transport *t = m->t;
	struct dist_stats *st = m->st;
	if (search_stop_requested(stop) && !*stopped) {
		*stopped = true;
		for (int w = 0; w < t->nworkers; w++)
			if (m->running[w] >= 0)
				t->cancel(t->ctx, w);
	}
	bool busy =
	    !*stopped && m->n[0].state != NODE_DONE && hand_out(m, next_id);
	for (int w = 0; w < t->nworkers; w++)
		busy = busy || m->running[w] != IDLE;
	if (!busy)
		return PASS_OVER;
	int w;
	if (!next_answer(t, st, &w, res))
		return -1;
	st->nodes[w] += res->nodes;
	st->busy[w] += res->seconds;
	r->nodes += res->nodes;
	live_worker(st, w, 0, 0);
	share_add(st, w, res);
	int i = m->running[w];
	m->running[w] = IDLE;
	if (i < 0 || m->n[i].state != NODE_RUNNING)
		return -1; /* a cancelled task's answer */
	live_column_nodes(st, root_column(m, i), res->nodes);
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
static bool
run_tree(const struct dist_transport *t, const board_t *b,
         const struct search_limits *lim, int frontier, int lo, int hi,
         bool root_full, const struct search_stop *stop,
         struct search_result *r, struct dist_stats *st, struct bounds **known,
         int *value, int *col)
{
	struct master m;
	master_init(&m, t, lim, st, frontier, b);
	m.root_full = root_full;
	m.lo = lo;
	m.hi = hi;
	expand(&m, 0, negamax_leaf);
	for (int i = 0; i < m.count; i++)
		st->ntasks += m.n[i].state == NODE_QUEUED;
	settle_known(&m);
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
		int i = next_answered(&m, stop, &stopped, &next_id, r, &res);
		if (i == PASS_OVER)
			break;
		if (i < 0)
			continue;
		learn(&m, i, res.value);
		settle(&m, i, res.value,
		       res.value <= m.n[i].a || res.value >= m.n[i].b2);
		if (root_full)
			live_root(&m);
		if (m.n[0].state == NODE_DONE)
			for (int v = 0; v < t->nworkers; v++)
				if (m.running[v] >= 0) {
					t->cancel(t->ctx, v);
					m.running[v] = CANCELLED;
				}
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
		fill_result(&m, b, r);
	free(m.running);
	free(m.n);
	return done;
}

/* ---- the averaged outcomes (SEARCH_AVERAGE) ------------------------------
 *
 * No windows and no negamax: a node's value is its children's folded as
 * search/average.c folds them (a child lost for its mover: won; every
 * child won for its mover: lost; else the mean of the negated values),
 * in column order, so that the doubles are one process's to the bit.  A
 * node whose side to move wins at once is settled without its children,
 * as avg_leaf() settles it (the root excepted: every column is asked). */

static void avg_settle(struct master *m, int i, double q, int proven);

/* The value of node i from its children (all in). */
static void
avg_fold_children(struct master *m, int i)
{
	const struct node *x = &m->n[i];
	double sum = 0;
	int n = 0;
	bool won = false, all_lost = true;
	for (int col = 0; col < x->b.w; col++)
		for (int c = x->first; c < x->first + x->nchild; c++) {
			const struct node *y = &m->n[c];
			if (y->col != col)
				continue;
			won = won || y->proven < 0;
			all_lost = all_lost && y->proven > 0;
			sum -= y->q;
			n++;
		}
	if (won)
		avg_settle(m, i, 1.0, 1);
	else if (n > 0 && all_lost)
		avg_settle(m, i, -1.0, -1);
	else
		avg_settle(m, i, n > 0 ? sum / n : 0.0, 0);
}

/* Node i's value is in: on up, a won parent at once (its other
 * children cannot change it: they are dropped). */
static void
avg_settle(struct master *m, int i, double q, int proven)
{
	struct node *x = &m->n[i];
	x->state = NODE_DONE;
	x->q = q;
	x->proven = proven;
	int p = x->parent;
	if (p < 0 || m->n[p].state == NODE_DONE)
		return;
	struct node *y = &m->n[p];
	y->pending--;
	if (proven < 0 && y->parent >= 0) {
		drop_subtree(m, p);
		avg_settle(m, p, 1.0, 1);
	} else if (y->pending == 0) {
		avg_fold_children(m, p);
	}
}

/* The averaged outcomes' leaves (avg_leaf() of average.c): a win at
 * once, a full board or no depth left settle a node. */
static void
average_leaf(const struct master *m, struct node *y, const board_t *before,
             const board_t *after, bool wins)
{
	(void)before;
	if (wins || board_can_win_next(after)) {
		/* Lost for its mover, or won: a proven value. */
		y->state = NODE_DONE;
		y->known = true;
		y->proven = wins ? -1 : 1;
		y->q = (double)y->proven;
	} else if (board_is_full(after) || y->ply >= m->lim->depth) {
		y->state = NODE_DONE;
		y->known = true;
	}
}

/* The averaged outcome of every column of b across the workers, r filled
 * as average_root() fills it; false when stopped first. */
static bool
run_average(const struct dist_transport *t, const board_t *b,
            const struct search_limits *lim, int frontier,
            const struct search_stop *stop, struct search_result *r,
            struct dist_stats *st)
{
	struct master m;
	master_init(&m, t, lim, st, frontier, b);
	expand(&m, 0, average_leaf);
	for (int i = m.count - 1; i > 0; i--) {
		st->ntasks += m.n[i].state == NODE_QUEUED;
		if (m.n[i].known && m.n[m.n[i].parent].state != NODE_DONE) {
			m.n[i].state = NODE_OPEN; /* avg_settle() marks it */
			avg_settle(&m, i, m.n[i].q, m.n[i].proven);
		}
	}
	uint32_t next_id = 1;
	bool stopped = false;
	struct dist_result res;
	for (;;) {
		int i = next_answered(&m, stop, &stopped, &next_id, r, &res);
		if (i == PASS_OVER)
			break;
		if (i >= 0)
			avg_settle(&m, i, res.quality, res.proven);
	}
	bool done = m.n[0].state == NODE_DONE && !stopped;
	double q[BOARD_MAX_WIDTH];
	bool legal[BOARD_MAX_WIDTH] = {false};
	const struct node *root = &m.n[0];
	for (int c = root->first; c < root->first + root->nchild; c++) {
		const struct node *x = &m.n[c];
		legal[x->col] = true;
		q[x->col] = x->proven ? -(double)x->proven : -x->q;
	}
	if (done) {
		r->move = r->best = choose_column(b, q, legal, lim->seed);
		r->kind = SCORE_HEURISTIC;
		r->quality = root->q;
		r->proven = root->proven;
		for (int c = 0; c < b->w; c++) {
			r->col_kind[c] =
			    legal[c] ? SCORE_HEURISTIC : SCORE_NONE;
			r->col_score[c] =
			    legal[c] ? (int)lround(q[c] * 100) : 0;
		}
		if (r->move >= 0)
			r->score = r->col_score[r->move];
	}
	free(m.running);
	free(m.n);
	return done;
}

/* The exact (or weak) value of b and a best column, by null-window
 * passes that halve the interval of the possible scores, as the one
 * process's solver does (docs/solver.md): narrow windows prune most. */
static bool
solve_tree(const struct dist_transport *t, const board_t *b,
           const struct search_limits *lim, int frontier,
           const struct search_stop *stop, struct search_result *r,
           struct dist_stats *st, int *score, int *col)
{
	bool weak = lim->mode == SEARCH_WEAK;
	int lo = weak ? -1 : board_min_score(b);
	int hi = weak ? 1 : board_max_score(b);
	struct bounds *known = NULL;
	bool done = true;
	*col = -1;
	while (lo < hi) {
		int med = search_probe_mid(lo, hi);
		int v, c;
		if (!run_tree(t, b, lim, frontier, med, med + 1, false, stop, r,
		              st, &known, &v, &c)) {
			done = false;
			break;
		}
		if (v <= med) {
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
	return done;
}

/* Agglomeration: a search that one worker finishes within DIST_SMALL_NODES
 * is not worth sharing out.  True when it did, with the score and move. */
static bool
solve_small(const struct dist_transport *t, const board_t *b,
            const struct search_limits *lim, struct search_result *r,
            struct dist_stats *st, int *score, int *col)
{
	struct dist_task task;
	struct dist_result res;
	int w;
	task_init(&task, 1, b);
	task.mode = (uint8_t)lim->mode;
	task.whole = 1;
	task.threads = task_threads(lim);
	task.node_limit = DIST_SMALL_NODES;
	share_fill(st, 0, &task);
	t->start(t->ctx, 0, &task);
	st->tasks[0]++;
	live_task(st, 0, st->under, 0);
	while (!next_answer(t, st, &w, &res))
		;
	st->nodes[w] += res.nodes;
	st->busy[w] += res.seconds;
	live_worker(st, w, 0, 0);
	share_add(st, w, &res);
	st->handed++;
	r->nodes += res.nodes;
	if (res.stopped)
		return false;
	*score = res.value;
	*col = res.col;
	return res.col >= 0;
}

int
dist_search(const struct dist_transport *t, const board_t *b,
            const struct search_limits *lim, const struct dist_params *p,
            const struct search_stop *stop, struct search_result *r,
            struct dist_stats *st)
{
	static const struct dist_params defaults;
	struct dist_stats own;
	if (p == NULL)
		p = &defaults;
	int frontier = p->frontier;
	double t0 = now_s();

	if (t->nworkers < 1 || t->nworkers > DIST_MAX_WORKERS)
		return -1;
	if (st == NULL)
		st = &own;
	memset(st, 0, sizeof *st);
	memset(r, 0, sizeof *r);
	r->move = r->best = -1;
	r->ncols = b->w;
	r->threads = lim->threads;
	st->nworkers = t->nworkers;
	st->live = p->live;
	st->under = -1;
	/* (The averaged outcomes use no table.) */
	st->share =
	    p->no_tables || t->nworkers < 2 || lim->mode == SEARCH_AVERAGE
	        ? NULL
	        : xcalloc(1, sizeof *st->share);
	live_begin(st->live, b, lim, t->nworkers);
	if (frontier <= 0)
		frontier = dist_frontier(b, lim, t->nworkers);
	if (frontier > DIST_MAX_FRONTIER)
		frontier = DIST_MAX_FRONTIER;
	if (frontier < 1)
		frontier = 1;
	st->frontier = frontier;
	bool done = true;
	if (b->over || board_is_full(b)) {
		/* nothing to search */
	} else if (lim->mode == SEARCH_AVERAGE) {
		done = run_average(t, b, lim, frontier, stop, r, st);
	} else if (lim->mode == SEARCH_DEPTH) {
		int v, c;
		done = run_tree(t, b, lim, frontier, -SCORE_INF, SCORE_INF,
		                true, stop, r, st, NULL, &v, &c);
	} else if (!lim->analyze) {
		int score, col;
		if (!p->share_all &&
		    solve_small(t, b, lim, r, st, &score, &col))
			done = true;
		else
			done = solve_tree(t, b, lim, frontier, stop, r, st,
			                  &score, &col);
		if (done && col >= 0) {
			r->move = r->best = col;
			r->score = score;
			r->kind = SCORE_EXACT;
			r->col_kind[col] = SCORE_EXACT;
			r->col_score[col] = score;
		}
	} else {
		/* Every column: its child solved across the workers. */
		const int *order = board_centre_order(b->w);
		for (int k = 0; k < b->w && done; k++) {
			int c = order[k], score, col;
			if (!board_can_play(b, c))
				continue;
			board_t nb = *b;
			st->under = c;
			if (board_is_winning_move(&nb, c)) {
				score = win_value(lim, &nb);
			} else {
				board_play(&nb, c);
				if (board_is_full(&nb)) {
					score = 0;
				} else {
					int f = frontier < nb.w * nb.h -
					                       nb.moves - 1
					            ? frontier
					            : 1;
					done = solve_tree(t, &nb, lim, f, stop,
					                  r, st, &score, &col);
					score = -score;
				}
			}
			if (done) {
				r->col_kind[c] = SCORE_EXACT;
				r->col_score[c] = score;
				live_column(st->live, c, SCORE_EXACT, score);
			}
		}
		int col = choose_best_column(b, r, lim->seed);
		r->move = r->best = col;
		if (col >= 0) {
			r->score = r->col_score[col];
			r->kind = r->col_kind[col];
		}
	}
	r->partial = !done;
	r->depth = lim->mode == SEARCH_DEPTH || lim->mode == SEARCH_AVERAGE
	               ? lim->depth
	               : b->w * b->h - b->moves;
	r->seconds = now_s() - t0;
	st->seconds = r->seconds;
	live_end(st->live, r);
	share_free(st->share);
	st->share = NULL;
	return 0;
}

/* ---- a worker -------------------------------------------------------------
 */

/* The position of task t. */
static void
task_board(const struct dist_task *t, board_t *b)
{
	board_init(b, t->w, t->h);
	b->current = (bb_t)t->cur[0] | (bb_t)t->cur[1] << 64;
	b->mask = (bb_t)t->mask[0] | (bb_t)t->mask[1] << 64;
	b->moves = t->stones;
}

void
dist_worker_start(struct dist_worker *wk, const struct dist_task *t)
{
	board_t b;
	struct search_limits lim;
	task_board(t, &b);
	if (t->share_hdr.n > 0 && t->share_hdr.n <= DIST_SHARE_IN)
		engine_import(wk->e, &t->share_hdr, t->share);
	search_limits_default(&lim);
	lim.mode = (enum search_mode)t->mode;
	lim.depth = t->depth < 1 ? 1 : t->depth;
	lim.threads = t->threads > 0 ? t->threads : wk->threads;
	lim.book = wk->book;
	lim.window = !t->whole && t->mode != SEARCH_AVERAGE;
	lim.alpha = t->alpha;
	lim.beta = t->beta;
	lim.node_limit = t->node_limit;
	wk->task = *t;
	wk->t0 = wk->reported = util_now_s();
	wk->id = engine_start(wk->e, &b, &lim);
}

bool
dist_worker_poll(struct dist_worker *wk, struct dist_result *r)
{
	struct search_result sr;
	if (wk->id == 0 || !engine_poll(wk->e, wk->id, &sr))
		return false;
	memset(r, 0, sizeof *r);
	r->id = wk->task.id;
	r->value = (int16_t)(wk->task.whole ? sr.score : sr.value);
	r->col = (int8_t)(wk->task.whole ? sr.move : -1);
	r->stopped = sr.partial;
	r->nodes = sr.nodes;
	r->seconds = util_now_s() - wk->t0;
	r->quality = sr.quality;
	r->proven = (int8_t)sr.proven;
	wk->id = 0;
	if (!r->stopped) {
		board_t b;
		task_board(&wk->task, &b);
		engine_export(wk->e, &b, DIST_SHARE_PLIES, &r->share_hdr,
		              r->share, DIST_SHARE_OUT);
	}
	return true;
}

bool
dist_worker_progress(struct dist_worker *wk, struct dist_result *r)
{
	double now = util_now_s();
	if (wk->id == 0 || now - wk->reported < DIST_PROGRESS_S)
		return false;
	struct stats_snapshot snap;
	engine_snapshot(wk->e, &snap);
	wk->reported = now;
	memset(r, 0, sizeof *r);
	r->id = wk->task.id;
	r->progress = 1;
	r->nodes = snap.nodes;
	r->seconds = now - wk->t0;
	return true;
}

void
dist_worker_cancel(struct dist_worker *wk)
{
	if (wk->id != 0)
		engine_stop(wk->e);
}

/* ---- the loopback
 * ------------------------------------------------------------ */

struct dist_loopback {
	struct dist_transport t;
	int n;
	struct dist_worker *wk;
	int rr; /* the next worker asked first */
};

static void
lb_start(void *ctx, int w, const struct dist_task *t)
{
	struct dist_loopback *lb = ctx;
	dist_worker_start(&lb->wk[w], t);
}

static bool
lb_next(void *ctx, int wait_ms, int *w, struct dist_result *r)
{
	struct dist_loopback *lb = ctx;
	double until = util_now_s() + wait_ms / 1000.0;
	for (;;) {
		for (int k = 0; k < lb->n; k++) {
			int v = (lb->rr + k) % lb->n;
			if (dist_worker_poll(&lb->wk[v], r)) {
				*w = v;
				lb->rr = (v + 1) % lb->n;
				return true;
			}
		}
		if (util_now_s() >= until)
			return false;
		nanosleep(&(struct timespec){0, 200000}, NULL);
	}
}

static void
lb_cancel(void *ctx, int w)
{
	struct dist_loopback *lb = ctx;
	dist_worker_cancel(&lb->wk[w]);
}

struct dist_loopback *
dist_loopback_new(int n, size_t tt_mb, int threads,
                  const struct search_oracle *book, char *err, size_t errlen)
{
	assert(n >= 1 && n <= DIST_MAX_WORKERS);
	struct dist_loopback *lb = xcalloc(1, sizeof *lb);
	lb->n = n;
	lb->wk = xcalloc((size_t)n, sizeof *lb->wk);
	for (int w = 0; w < n; w++) {
		lb->wk[w].e = engine_new(tt_mb, err, errlen);
		lb->wk[w].threads = threads;
		lb->wk[w].book = book;
		if (lb->wk[w].e == NULL) {
			lb->n = w;
			dist_loopback_free(lb);
			return NULL;
		}
	}
	lb->t = (struct dist_transport){n, lb, lb_start, lb_next, lb_cancel};
	return lb;
}

void
dist_loopback_free(struct dist_loopback *lb)
{
	if (lb == NULL)
		return;
	for (int w = 0; w < lb->n; w++)
		engine_free(lb->wk[w].e);
	free(lb->wk);
	free(lb);
}

const struct dist_transport *
dist_loopback_transport(struct dist_loopback *lb)
{
	return &lb->t;
}
