/* statespace-dist.c -- the two passes spread over processes that talk
 * through a struct statespace_comm (dropfour-mpi supplies MPI's).
 *
 * Rank r owns the parts i of every level with i % size == r.
 *
 * Forward: the ranks agree on the next level's ranges from a sample that
 * every rank sends to every rank (so all sort the same words).  Each rank
 * walks its own parents once per column; each column's successors come out
 * sorted, so they leave in runs, one per (column, part): [part, count,
 * keys...], to the part's owner.  The owner merges the runs of each of its
 * parts, dropping duplicates, into the part writer (memory or file).
 *
 * Backward: each rank asks the owner of every successor of its parents for
 * that successor's value (one word per question, answered in order), then
 * takes the best move of each parent as the one-process pass does.
 *
 * The exchanged words are held in memory: about w words per parent of the
 * level at hand, spread over the ranks.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "statespace/statespace-int.h"
#include "statespace/statespace-level.h"
#include "core/util.h"

struct vec {
	uint64_t *v;
	size_t n, cap;
};

static void
vec_push(struct vec *a, uint64_t x)
{
	if (a->n == a->cap) {
		a->cap = a->cap ? 2 * a->cap : 1024;
		a->v = xrealloc(a->v, a->cap * sizeof *a->v);
	}
	a->v[a->n++] = x;
}

/* One send buffer from per-destination vectors; frees them. */
static uint64_t *
flatten(struct vec *by_dest, int ranks, uint64_t *counts)
{
	size_t total = 0, at = 0;
	for (int r = 0; r < ranks; r++)
		total += counts[r] = by_dest[r].n;
	uint64_t *buf = xmalloc((total + 1) * sizeof *buf);
	for (int r = 0; r < ranks; r++) {
		if (by_dest[r].n > 0)
			memcpy(buf + at, by_dest[r].v,
			       by_dest[r].n * sizeof *buf);
		at += by_dest[r].n;
		free(by_dest[r].v);
		by_dest[r] = (struct vec){0};
	}
	return buf;
}

static bool
exchange(struct statespace *ss, struct vec *by_dest, uint64_t **recv,
         uint64_t *rcounts)
{
	const struct statespace_comm *cm = ss->comm;
	uint64_t *counts = xmalloc((size_t)cm->size * sizeof *counts);
	uint64_t *send = flatten(by_dest, cm->size, counts);
	bool ok = cm->exchange(cm->ctx, send, counts, recv, rcounts);
	free(send);
	free(counts);
	if (!ok)
		ss_fail(ss, "exchanging positions between ranks", EIO);
	return ok;
}

/* The part of `bounds` (n parts) holding key. */
static int
bound_part(const uint64_t *bounds, int n, uint64_t key)
{
	int lo = 0, hi = n - 1;
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;
		if (bounds[mid] <= key)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/* The next level's ranges, the same on every rank. */
static int
dist_ranges(struct statespace *ss, const struct level *L, int ply,
            uint64_t **bounds_out)
{
	const struct statespace_comm *cm = ss->comm;
	uint64_t n = ss_level_size(L), total = n;

	cm->sum(cm->ctx, &total, 1);
	int parts = ss_parts_for(ss, total, cm->size);
	size_t want = (size_t)parts * SAMPLE_PER_PART;
	size_t ns = total > 0 ? (size_t)((want * n + total - 1) / total) : 0;
	uint64_t *mine = xmalloc((ns * (size_t)ss->g.w + 1) * sizeof *mine);
	size_t m = ss_sample_successors(ss, L, ply, ns, mine);

	/* Everyone's sample to everyone. */
	struct vec *to = xcalloc((size_t)cm->size, sizeof *to);
	for (int r = 0; r < cm->size; r++)
		for (size_t i = 0; i < m; i++)
			vec_push(&to[r], mine[i]);
	free(mine);
	uint64_t *all = NULL;
	uint64_t *rc = xmalloc((size_t)cm->size * sizeof *rc);
	*bounds_out = xmalloc((size_t)(parts + 1) * sizeof **bounds_out);
	if (!exchange(ss, to, &all, rc)) {
		parts = 1;
		(*bounds_out)[0] = 0;
		(*bounds_out)[1] = NO_KEY;
	} else {
		size_t got = 0;
		for (int r = 0; r < cm->size; r++)
			got += rc[r];
		parts = ss_pick_bounds(all, got, parts, *bounds_out);
	}
	free(all);
	free(rc);
	free(to);
	return parts;
}

/* A run of sorted successors for one part, as received. */
struct run {
	const uint64_t *k;
	size_t n;
};

static bool
merge_runs(struct statespace *ss, int ply, struct run *runs, int nruns,
           struct part *out, uint64_t *terminal)
{
	struct part_writer pw = {.fd = -1};
	uint64_t fours = 0;
	bool ok = true;

	for (;;) {
		uint64_t m = NO_KEY;
		for (int i = 0; i < nruns; i++)
			if (runs[i].n > 0 && runs[i].k[0] < m)
				m = runs[i].k[0];
		if (m == NO_KEY)
			break;
		bool four = ss_mover_has_four(&ss->g, m, ply + 1);
		fours += four;
		if (ok && !ss_writer_put(ss, &pw, (m << 1) | four))
			ok = false;
		for (int i = 0; i < nruns; i++) {
			if (runs[i].n > 0 && runs[i].k[0] == m) {
				runs[i].k++;
				runs[i].n--;
			}
		}
	}
	if (!ss_writer_finish(ss, &pw, out))
		ok = false;
	*terminal = fours;
	return ok;
}

bool
ss_dist_forward(struct statespace *ss, int ply)
{
	const struct statespace_comm *cm = ss->comm;
	const struct geo *g = &ss->g;
	const struct level *L = &ss->lv[ply];
	struct level *next = &ss->lv[ply + 1];
	uint64_t *bounds;
	int nparts = dist_ranges(ss, L, ply, &bounds);
	struct vec *to = xcalloc((size_t)cm->size, sizeof *to);

	/* 1. Successors of this rank's parents, column by column, in runs. */
	for (int c = 0; c < g->w; c++) {
		struct cursor cur;
		int part = -1;
		size_t count_at = 0;
		struct vec *dst = NULL;

		for (ss_cursor_at(&cur, L, 0); ss_cursor_ok(&cur);
		     ss_cursor_next(&cur)) {
			uint64_t w = cur.keys[cur.i], succ;
			if ((w & 1) || !ss_successor(g, w >> 1, c, ply, &succ))
				continue;
			if (part < 0 || succ >= bounds[part + 1]) {
				part = bound_part(bounds, nparts, succ);
				dst = &to[part % cm->size];
				vec_push(dst, (uint64_t)part);
				count_at = dst->n;
				vec_push(dst, 0);
			}
			vec_push(dst, succ);
			dst->v[count_at]++;
		}
	}

	/* 2. To the owners; 3. each owned part merges its runs. */
	uint64_t *recv = NULL;
	uint64_t *rc = xmalloc((size_t)cm->size * sizeof *rc);
	next->nparts = nparts;
	next->parts = xcalloc((size_t)nparts, sizeof *next->parts);
	next->bounds = bounds;
	uint64_t fours = 0;
	if (exchange(ss, to, &recv, rc)) {
		size_t total = 0;
		for (int r = 0; r < cm->size; r++)
			total += rc[r];
		/* Runs per owned part: at most w per rank. */
		int per = g->w * cm->size;
		struct run *runs =
		    xcalloc((size_t)nparts * (size_t)per, sizeof *runs);
		int *nruns = xcalloc((size_t)nparts, sizeof *nruns);
		for (size_t at = 0; at + 2 <= total;) {
			int part = (int)recv[at];
			size_t n = recv[at + 1];
			struct run *r = &runs[(size_t)part * (size_t)per +
			                      (size_t)nruns[part]++];
			r->k = recv + at + 2;
			r->n = n;
			at += 2 + n;
		}
#pragma omp parallel for num_threads(ss->threads) schedule(dynamic, 1)     \
    reduction(+ : fours)
		for (int i = 0; i < nparts; i++) {
			uint64_t t = 0;
			if (i % cm->size != cm->rank || nruns[i] == 0)
				continue;
			merge_runs(ss, ply, &runs[(size_t)i * (size_t)per],
			           nruns[i], &next->parts[i], &t);
			fours += t;
		}
		free(runs);
		free(nruns);
	}
	free(recv);
	free(rc);
	free(to);
	ss_level_index(next);
	ss->rows[ply + 1].terminal = fours;
	return !atomic_load(&ss->failed);
}

/* The rank that owns the successor through column c of a position (its
 * word in a level of `ply` stones), or -1 when there is none. */
static int
asked_rank(const struct statespace *ss, int ply, uint64_t word, int c,
           uint64_t *succ)
{
	const struct level *next = &ss->lv[ply + 1];
	if ((word & 1) || !ss_successor(&ss->g, word >> 1, c, ply, succ))
		return -1;
	return bound_part(next->bounds, next->nparts, *succ) % ss->comm->size;
}

/* Backward step 1, the questions, a column at a time: every successor of
 * this rank's parents, to its owner (in ask[owner]).  One column's
 * successors come sorted, so an owner answers a block by walking
 * forward. */
static void
backward_ask(const struct statespace *ss, int ply, struct vec *ask)
{
	const struct geo *g = &ss->g;
	const struct level *L = &ss->lv[ply];

	for (int c = 0; ply < g->cells && c < g->w; c++) {
		for (int i = 0; i < L->nparts; i++) {
			const struct part *p = &L->parts[i];
			for (size_t j = 0; j < p->n; j++) {
				uint64_t succ;
				int r =
				    asked_rank(ss, ply, p->keys[j], c, &succ);
				if (r >= 0)
					vec_push(&ask[r], succ);
			}
		}
	}
}

/* Backward step 2, the answers to the questions received (rc[r] from rank
 * r), in the order asked, in tell[r].  False when a successor asked for
 * is not here. */
static bool
backward_answer(const struct statespace *ss, int ply, const uint64_t *questions,
                const uint64_t *rc, struct vec *tell)
{
	const struct level *next = &ss->lv[ply + 1];
	size_t at = 0;

	for (int r = 0; r < ss->comm->size; r++) {
		struct cursor cur;
		uint64_t prev = NO_KEY;
		for (uint64_t q = 0; q < rc[r]; q++, at++) {
			uint64_t key = questions[at];
			if (prev == NO_KEY || key < prev)
				ss_cursor_at(&cur, next,
				             ss_level_lower_bound(next, key));
			while (ss_cursor_ok(&cur) &&
			       (cur.keys[cur.i] >> 1) < key)
				ss_cursor_next(&cur);
			prev = key;
			if (!ss_cursor_ok(&cur) ||
			    (cur.keys[cur.i] >> 1) != key)
				return false;
			vec_push(&tell[r], (uint64_t)(int64_t)cur.vals[cur.i]);
		}
	}
	return true;
}

/* Backward step 3, the values: a terminal position's at once, the others
 * the best answer to their questions (rc[r] from rank r), taken in the
 * order asked; each counted as won, drawn or lost in count.  False when
 * the values' memory cannot be had. */
static bool
backward_values(struct statespace *ss, int ply, const uint64_t *answers,
                const uint64_t *rc, uint64_t count[3])
{
	const struct statespace_comm *cm = ss->comm;
	const struct geo *g = &ss->g;
	struct level *L = &ss->lv[ply];
	const int lost = ss_loss_score(g, ply);
	bool ok = true;

	for (int i = 0; ok && i < L->nparts; i++) {
		struct part *p = &L->parts[i];
		ok = ss_vals_alloc(ss, p);
		for (size_t j = 0; ok && j < p->n; j++)
			p->vals[j] = (int8_t)((p->keys[j] & 1)  ? lost
			                      : ply == g->cells ? 0
			                                        : -127);
	}
	uint64_t *from = xcalloc((size_t)cm->size, sizeof *from);
	for (int r = 1; r < cm->size; r++)
		from[r] = from[r - 1] + rc[r - 1];
	for (int c = 0; ok && ply < g->cells && c < g->w; c++) {
		for (int i = 0; i < L->nparts; i++) {
			struct part *p = &L->parts[i];
			for (size_t j = 0; j < p->n; j++) {
				uint64_t succ;
				int r =
				    asked_rank(ss, ply, p->keys[j], c, &succ);
				if (r < 0)
					continue;
				int a = (int)(int64_t)answers[from[r]++];
				if (-a > p->vals[j])
					p->vals[j] = (int8_t)-a;
			}
		}
	}
	for (int i = 0; ok && i < L->nparts; i++)
		for (size_t j = 0; j < L->parts[i].n; j++) {
			int v = L->parts[i].vals[j];
			count[v > 0 ? 0 : v == 0 ? 1 : 2]++;
		}
	free(from);
	return ok;
}

bool
ss_dist_backward(struct statespace *ss, int ply, uint64_t count[3])
{
	const struct statespace_comm *cm = ss->comm;
	struct vec *ask = xcalloc((size_t)cm->size, sizeof *ask);
	uint64_t *rc = xmalloc((size_t)cm->size * sizeof *rc);
	uint64_t *questions = NULL, *answers = NULL;
	bool ok = true;

	backward_ask(ss, ply, ask);
	ok = exchange(ss, ask, &questions, rc);
	struct vec *tell = xcalloc((size_t)cm->size, sizeof *tell);
	if (ok && !backward_answer(ss, ply, questions, rc, tell))
		ok = false;
	if (!ok)
		ss_fail(ss, "internal error: a successor no rank holds",
		        EINVAL);
	free(questions);
	if (!exchange(ss, tell, &answers, rc))
		ok = false;
	if (ok)
		ok = backward_values(ss, ply, answers, rc, count);
	free(answers);
	free(tell);
	free(ask);
	free(rc);
	return ok && !atomic_load(&ss->failed);
}
