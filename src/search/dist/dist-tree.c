/* dist-tree.c -- the tree above the frontier that the master keeps for
 * one search over many workers (dist.h): its nodes built in the order one
 * process's search takes them, each node's window from its ancestors'
 * values, values settled bottom up with cut-offs, and what earlier
 * null-window passes learnt of each task. */
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

int
dist_tree_add(struct master *m, const board_t *b, int parent, int col, int ply)
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
	x->twin = -1;
	return m->count++;
}

/* The key of b or of its mirror image, the smaller: twins share it. */
static bb_t
twin_key(const board_t *b)
{
	bb_t k = board_key(b), mk = board_mirror_key(b, k);
	return mk < k ? mk : k;
}

void
dist_tree_twins(struct master *m)
{
	size_t cap = 16;
	while (cap < 2 * (size_t)m->count)
		cap *= 2;
	int *slot = xmalloc(cap * sizeof *slot);
	for (size_t s = 0; s < cap; s++)
		slot[s] = -1;
	for (int i = 0; i < m->count; i++) {
		struct node *x = &m->n[i];
		if (x->state != NODE_QUEUED)
			continue;
		bb_t k = twin_key(&x->b);
		size_t s =
		    (size_t)(k ^ (k >> 29) ^ (k >> 61)) * 0x9e3779b97f4a7c15u;
		for (s &= cap - 1; slot[s] >= 0; s = (s + 1) & (cap - 1)) {
			const struct node *y = &m->n[slot[s]];
			if (y->ply == x->ply && twin_key(&y->b) == k)
				break;
		}
		if (slot[s] >= 0)
			x->twin = slot[s];
		else
			slot[s] = i;
	}
	free(slot);
}

/* A won position's value for the side that made the winning move. */
int
dist_tree_win_value(const struct search_limits *lim, const board_t *before)
{
	int s = board_max_score(before);
	if (lim->mode == SEARCH_WEAK)
		return 1;
	return lim->mode == SEARCH_EXACT ? s : SCORE_PROVEN + s;
}

/* Expand node i down to the frontier, each child as `leaf` says. */
void
dist_tree_expand(struct master *m, int i, dist_leaf_fn leaf)
{
	/* The children in the order one process's search takes them
	 * (order_moves()): the young brothers wait behind the likeliest
	 * best. */
	struct order_list o;
	order_moves(&m->n[i].b, board_possible(&m->n[i].b), -1,
	            m->lim->no_ordering, &o);
	int first = m->count, k = 0;
	for (int j = 0; j < o.n; j++) {
		int col = o.col[j];
		board_t before = m->n[i].b, nb = before;
		bool wins = board_is_winning_move(&nb, col);
		board_play(&nb, col);
		int c = dist_tree_add(m, &nb, i, col, m->n[i].ply + 1);
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
			dist_tree_expand(m, c, leaf);
}

/* The negamax searches' leaves: a winning move or a full board is done
 * at once. */
void
dist_tree_negamax_leaf(const struct master *m, struct node *y,
                       const board_t *before, const board_t *after, bool wins)
{
	if (wins) {
		y->state = NODE_DONE;
		y->known = true;
		y->value = -dist_tree_win_value(m->lim, before);
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

/* Whether the window (alpha, beta) of node i, seen from its parent's side,
 * lies inside the window the parent inherits: a task never asks more than
 * its parent needs. */
static inline __attribute__((unused)) bool
inside_parent(const struct master *m, int i, int alpha, int beta)
{
	int pa, pb;
	if (m->n[i].parent < 0)
		return true;
	inherited(m, m->n[i].parent, &pa, &pb);
	return -beta >= pa && -alpha <= pb;
}

/* The window of node i now: as inherited(), narrowed by its own best. */
void
dist_tree_window(const struct master *m, int i, int *alpha, int *beta)
{
	inherited(m, i, alpha, beta);
	if (m->n[i].state == NODE_OPEN && m->n[i].best > *alpha)
		*alpha = m->n[i].best;
	assert(inside_parent(m, i, *alpha, *beta));
}

/* Node i's value is known (a bound when `bound`): count it in its parent,
 * and on up. */
void
dist_tree_settle(struct master *m, int i, int value, bool bound)
{
	struct node *x = &m->n[i];
	/* A node is settled once: a settled one is never reopened. */
	assert(x->state != NODE_DONE);
	x->state = NODE_DONE;
	x->value = value;
	x->bound = bound;
	int p = x->parent;
	if (p < 0)
		return;
	struct node *y = &m->n[p];
	if (y->state == NODE_DONE)
		return; /* a cut parent: nothing of it matters now */
	assert(y->pending > 0);
	y->pending--;
	y->in++;
	if (-value > y->best)
		y->best = -value;
	int a, b;
	inherited(m, p, &a, &b);
	if ((y->parent >= 0 || !m->root_full) && y->best >= b) {
		/* A cut-off: the rest of y's children cannot change what
		 * its parent makes of it. */
		dist_tree_drop(m, p);
		y->cut = true;
		dist_tree_settle(m, p, y->best, true);
	} else if (y->pending == 0) {
		dist_tree_settle(m, p, y->best, y->best <= a);
	}
}

/* Drop what is left of node i's subtree: queued tasks are not handed out,
 * running ones are cancelled (their answers are then ignored). */
void
dist_tree_drop(struct master *m, int i)
{
	struct node *x = &m->n[i];
	for (int c = x->first; c < x->first + x->nchild; c++) {
		struct node *y = &m->n[c];
		if (y->state == NODE_QUEUED) {
			y->state = NODE_DONE;
			y->cut = true;
			m->st->cut++;
		} else if (y->state == NODE_RUNNING) {
			dist_slot_cancel(m, c);
			y->state = NODE_DONE;
			y->cut = true;
			m->st->cut++;
		} else if (y->state == NODE_OPEN) {
			dist_tree_drop(m, c);
			y->state = NODE_DONE;
			y->cut = true;
		}
	}
}

/* The settled nodes at build time (wins, full boards) counted in their
 * parents, bottom up. */
void
dist_tree_settle_known(struct master *m)
{
	for (int i = m->count - 1; i > 0; i--)
		if (m->n[i].known && m->n[m->n[i].parent].state != NODE_DONE) {
			m->n[i].state =
			    NODE_OPEN; /* dist_tree_settle() marks it again */
			dist_tree_settle(m, i, m->n[i].value, false);
		}
}

/* A task that an earlier pass decided for this window is settled here,
 * not handed out: true if so. */
bool
dist_tree_settle_task(struct master *m, int i)
{
	if (m->known == NULL || i >= m->nknown)
		return false;
	int a, b;
	dist_tree_window(m, i, &a, &b);
	struct bounds both = m->known[i];
	const int tw = m->n[i].twin;
	if (tw >= 0 && tw < m->nknown) {
		/* The same position: what its twin's answers said holds. */
		const struct bounds *t = &m->known[tw];
		both.lo = t->lo > both.lo ? t->lo : both.lo;
		both.hi = t->hi < both.hi ? t->hi : both.hi;
	}
	const struct bounds *k = &both;
	int v;
	if (k->lo == k->hi)
		v = k->lo;
	else if (k->hi <= a)
		v = k->hi;
	else if (k->lo >= b)
		v = k->lo;
	else
		return false;
	assert(m->n[i].state == NODE_QUEUED); /* not settled before */
	m->n[i].state = NODE_OPEN; /* dist_tree_settle() marks it done */
	dist_tree_settle(m, i, v, v <= a || v >= b);
	return true;
}

/* What a task's answer says of its value, for the later passes. */
void
dist_tree_learn(struct master *m, int i, int v)
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
	/* The passes' answers (exact searches) agree: the bounds meet. */
	assert(k->lo <= k->hi);
}

/* The column scores and the move of the root from its children. */
void
dist_tree_fill_result(struct master *m, const board_t *b,
                      struct search_result *r)
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

/* The root column node i lies under, as the panel names it. */
int
dist_tree_root_column(const struct master *m, int i)
{
	if (m->st->under >= 0)
		return m->st->under;
	while (i > 0 && m->n[i].parent > 0)
		i = m->n[i].parent;
	return i > 0 ? m->n[i].col : -1;
}
