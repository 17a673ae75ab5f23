/* dist-average.c -- the averaged outcomes (SEARCH_AVERAGE) over many
 * workers (dist.h): the frontier's tasks folded as one process folds
 * them, to the bit. */
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

/* ---- the averaged outcomes (SEARCH_AVERAGE) ------------------------------
 *
 * No windows and no negamax: a node's value is its children's folded as
 * search/node/average.c folds them (a child lost for its mover: won; every
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
	/* A node is settled once: a settled one is never reopened. */
	assert(x->state != NODE_DONE);
	x->state = NODE_DONE;
	x->q = q;
	x->proven = proven;
	int p = x->parent;
	if (p < 0 || m->n[p].state == NODE_DONE)
		return;
	struct node *y = &m->n[p];
	assert(y->pending > 0);
	y->pending--;
	if (proven < 0 && y->parent >= 0) {
		dist_tree_drop(m, p);
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
bool
dist_avg_run(const struct dist_transport *t, const board_t *b,
             const struct search_limits *lim, int frontier,
             struct search_result *r, struct dist_stats *st)
{
	struct master m;
	dist_master_init(&m, t, lim, st, frontier, b);
	dist_tree_expand(&m, 0, average_leaf);
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
		int i = dist_master_next(&m, &stopped, &next_id, r, &res);
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
	free(m.slot);
	free(m.n);
	return done;
}
