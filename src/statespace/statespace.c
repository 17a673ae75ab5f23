/* statespace.c -- the forward and backward passes over every position of a
 * small board in one process, the run that drives them (one process or
 * ranks: statespace-dist.c) and the queries on the result.  The levels'
 * storage, in memory or in files, is statespace-level.c.
 *
 * Keys (see statespace.h).  Every column is a field of h + 1 bits holding
 * the first player's stones plus a sentinel bit just above the column's top
 * stone: key = p1 + mask + bottom.  Dropping a stone into column c, whose
 * sentinel is bit t, gives key + t (second player) or key + 2t (first
 * player).  Within field c that map is strictly increasing and it leaves the
 * other fields alone, so it keeps the order of keys: the successors of a
 * sorted level through column c form a sorted stream.  The forward pass
 * merges the w streams of the parents into the next level, removing
 * duplicates as they meet; the backward pass walks one cursor per column
 * through the next level beside the parents.
 *
 * Parts.  The next level is cut into key ranges chosen from a sample of
 * successors; each range is one task with one writer.  Its start in the
 * column-c stream is found by binary search over the parents: the map
 * extended to full columns (a field may then overflow, compared as a wider
 * number) stays increasing over every parent.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "statespace/statespace-int.h"
#include "statespace/statespace-level.h"
#include "core/util.h"

/* ---- forward pass ---------------------------------------------------- */

/* The successor of `key` through column c, extended to full columns, is
 * at least `target`: increasing in key over every parent. */
static bool
succ_at_least(const struct geo *g, uint64_t key, int c, int mover_shift,
              uint64_t target)
{
	int shift = c * g->fb, above = shift + g->fb;
	uint64_t hk = key >> above, ht = target >> above;
	if (hk != ht)
		return hk > ht;
	uint64_t code = (key >> shift) & g->fmask;
	code += ss_top_bit(code) << mover_shift;
	uint64_t ct = (target >> shift) & g->fmask;
	if (code != ct)
		return code > ct;
	uint64_t low = ((uint64_t)1 << shift) - 1;
	return (key & low) >= (target & low);
}

/* One column's stream of successors, from a cursor over the parents. */
struct stream {
	struct cursor cur;
	int shift;
	uint64_t head; /* NO_KEY when done */
};

/* Move to the first producing parent at or after the cursor; its
 * successor becomes the head, unless it is not below `hi`. */
static inline void
stream_fill(const struct geo *g, struct stream *st, int mover_shift,
            uint64_t hi)
{
	while (ss_cursor_ok(&st->cur)) {
		uint64_t w = st->cur.keys[st->cur.i];
		if (!(w & 1)) {
			uint64_t key = w >> 1;
			uint64_t t = ss_top_bit((key >> st->shift) & g->fmask);
			if (t != g->fulltop) {
				uint64_t succ =
				    key + ((t << st->shift) << mover_shift);
				st->head = succ < hi ? succ : NO_KEY;
				return;
			}
		}
		ss_cursor_next(&st->cur);
	}
	st->head = NO_KEY;
}

/* Ranges of the next level: `n` boundaries, bounds[0] = 0 and
 * bounds[n] = NO_KEY, from a sample of successors. */
static int
choose_ranges(struct statespace *ss, const struct level *L, int ply,
              uint64_t **bounds_out)
{
	int parts = ss_parts_for(ss, ss_level_size(L), 1);
	size_t ns = parts > 1 ? (size_t)parts * SAMPLE_PER_PART : 0;
	uint64_t *sample = xmalloc((ns * (size_t)ss->g.w + 1) * sizeof *sample);
	size_t m = ss_sample_successors(ss, L, ply, ns, sample);

	*bounds_out = xmalloc((size_t)(parts + 1) * sizeof **bounds_out);
	parts = ss_pick_bounds(sample, m, parts, *bounds_out);
	free(sample);
	return parts;
}

/* Successors of `L` (ply `ply`) in [lo, hi), merged, each once, flagged. */
static bool
forward_part(struct statespace *ss, const struct level *L, int ply, uint64_t lo,
             uint64_t hi, struct part *out, uint64_t *terminal)
{
	const struct geo *g = &ss->g;
	const int mover_shift = (ply & 1) ? 0 : 1;
	struct stream st[BOARD_MAX_WIDTH];
	struct part_writer pw = {.fd = -1};
	uint64_t n = ss_level_size(L), fours = 0, since = 0;
	bool ok = true;

	for (int c = 0; c < g->w; c++) {
		uint64_t a = 0, b = n;
		while (a < b) {
			uint64_t mid = a + (b - a) / 2;
			if (succ_at_least(g, ss_level_word(L, mid) >> 1, c,
			                  mover_shift, lo))
				b = mid;
			else
				a = mid + 1;
		}
		st[c].shift = c * g->fb;
		ss_cursor_at(&st[c].cur, L, a);
		stream_fill(g, &st[c], mover_shift, hi);
	}
	for (;;) {
		uint64_t m = NO_KEY;
		for (int c = 0; c < g->w; c++)
			if (st[c].head < m)
				m = st[c].head;
		if (m == NO_KEY)
			break;
		bool four = ss_mover_has_four(g, m, ply + 1);
		fours += four;
		if (!ss_writer_put(ss, &pw, (m << 1) | four)) {
			ok = false;
			break;
		}
		for (int c = 0; c < g->w; c++) {
			if (st[c].head == m) {
				ss_cursor_next(&st[c].cur);
				stream_fill(g, &st[c], mover_shift, hi);
			}
		}
		if (++since == STOP_EVERY) {
			since = 0;
			if (ss_stopping(ss)) {
				ok = false;
				break;
			}
		}
	}
	if (!ss_writer_finish(ss, &pw, out))
		ok = false;
	*terminal = fours;
	return ok;
}

static bool
forward_level(struct statespace *ss, int ply)
{
	const struct level *L = &ss->lv[ply];
	struct level *next = &ss->lv[ply + 1];
	uint64_t *bounds;
	uint64_t fours = 0;
	int n = choose_ranges(ss, L, ply, &bounds);

	next->nparts = n;
	next->parts = xcalloc((size_t)n, sizeof *next->parts);
#pragma omp parallel for num_threads(ss->threads) schedule(dynamic, 1) if (n > 1) \
    reduction(+ : fours)
	for (int i = 0; i < n; i++) {
		uint64_t t = 0;
		if (ss_stopping(ss))
			continue;
		forward_part(ss, L, ply, bounds[i], bounds[i + 1],
		             &next->parts[i], &t);
		fours += t;
	}
	next->bounds = bounds;
	ss_level_index(next);
	ss->rows[ply + 1].terminal = fours;
	return !ss_stopping(ss);
}

/* ---- backward pass --------------------------------------------------- */

/* Values of one part of level `ply`, from the values of level ply + 1. */
static bool
backward_part(struct statespace *ss, int ply, struct part *p, uint64_t count[3])
{
	const struct geo *g = &ss->g;
	const struct level *next = &ss->lv[ply + 1];
	const int mover_shift = (ply & 1) ? 0 : 1;
	const int lost = ss_loss_score(g, ply);
	struct cursor cur[BOARD_MAX_WIDTH];
	bool started[BOARD_MAX_WIDTH] = {false};

	if (!ss_vals_alloc(ss, p))
		return false;
	for (size_t i = 0; i < p->n; i++) {
		uint64_t w = p->keys[i];
		int v;

		if ((i & (STOP_EVERY - 1)) == STOP_EVERY - 1 && ss_stopping(ss))
			return false;
		if (w & 1) {
			v = lost;
		} else if (ply == g->cells) {
			v = 0;
		} else {
			uint64_t key = w >> 1;
			v = -127;
			for (int c = 0; c < g->w; c++) {
				int shift = c * g->fb;
				uint64_t t =
				    ss_top_bit((key >> shift) & g->fmask);
				if (t == g->fulltop)
					continue;
				uint64_t succ =
				    key + ((t << shift) << mover_shift);
				struct cursor *k = &cur[c];
				if (!started[c]) {
					ss_cursor_at(
					    k, next,
					    ss_level_lower_bound(next, succ));
					started[c] = true;
				}
				while (ss_cursor_ok(k) &&
				       (k->keys[k->i] >> 1) < succ)
					ss_cursor_next(k);
				if (!ss_cursor_ok(k) ||
				    (k->keys[k->i] >> 1) != succ) {
					ss_fail(
					    ss, "internal error",
					    EINVAL); /* a missing successor */
					return false;
				}
				if (-k->vals[k->i] > v)
					v = -k->vals[k->i];
			}
		}
		p->vals[i] = (int8_t)v;
		count[v > 0 ? 0 : v == 0 ? 1 : 2]++;
	}
	return true;
}

static bool
backward_level(struct statespace *ss, int ply)
{
	struct level *L = &ss->lv[ply];
	uint64_t won = 0, drawn = 0, lost = 0;
	int n = L->nparts;

#pragma omp parallel for num_threads(ss->threads) schedule(dynamic, 1) if (n > 1) \
    reduction(+ : won, drawn, lost)
	for (int i = 0; i < n; i++) {
		uint64_t count[3] = {0, 0, 0};
		if (ss_stopping(ss))
			continue;
		backward_part(ss, ply, &L->parts[i], count);
		won += count[0];
		drawn += count[1];
		lost += count[2];
	}
	ss->rows[ply].won = won;
	ss->rows[ply].drawn = drawn;
	ss->rows[ply].lost = lost;
	return !ss_stopping(ss);
}

/* ---- the whole run ----------------------------------------------------- */

const char *
statespace_size_error(int w, int h)
{
	const char *why = board_size_error(w, h);
	if (why != NULL)
		return why;
	if (w * (h + 1) > STATESPACE_MAX_BITS)
		return "the state space needs width * (height + 1) <= 63";
	return NULL;
}

/* The numbers of legal positions, https://tromp.github.io/c4/c4.html
 * (also docs/statespace.md). */
static const struct {
	int w, h;
	double positions;
} known_counts[] = {
    {4, 4, 161029.0},      {4, 5, 1706255.0},      {5, 4, 3945711.0},
    {5, 5, 69763700.0},    {5, 6, 1044334437.0},   {6, 5, 2818972642.0},
    {6, 6, 69173028785.0}, {7, 5, 112829665923.0}, {7, 6, 4531985219092.0},
};

double
statespace_positions_estimate(int w, int h, bool *exact)
{
	for (size_t i = 0; i < sizeof known_counts / sizeof *known_counts; i++)
		if (known_counts[i].w == w && known_counts[i].h == h) {
			*exact = true;
			return known_counts[i].positions;
		}
	*exact = false;
	/* The columns one by one: ways[d] counts fillings whose first
	 * player leads by d - off stones. */
	int off = w * h, n = 2 * off + 1;
	double *ways = xcalloc((size_t)n, sizeof *ways);
	double *next = xcalloc((size_t)n, sizeof *next);
	double *col = xcalloc((size_t)n, sizeof *col);
	for (int k = 0; k <= h; k++) {
		double c = 1; /* k choose j */
		for (int j = 0; j <= k; j++) {
			col[off + 2 * j - k] += c;
			c = c * (k - j) / (j + 1);
		}
	}
	ways[off] = 1;
	for (int i = 0; i < w; i++) {
		memset(next, 0, (size_t)n * sizeof *next);
		for (int a = 0; a < n; a++)
			if (ways[a] != 0)
				for (int d = -h; d <= h; d++)
					if (a + d >= 0 && a + d < n)
						next[a + d] +=
						    ways[a] * col[off + d];
		double *t = ways;
		ways = next;
		next = t;
	}
	double total = ways[off] + ways[off + 1];
	free(ways);
	free(next);
	free(col);
	return total;
}

size_t
statespace_default_memory(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	if (pages <= 0 || size <= 0)
		return (size_t)1 << 30;
	return (size_t)pages * (size_t)size / 2;
}

static void
row_parts(const struct level *L, struct statespace_ply *row)
{
	row->parts = L->nparts;
	row->parts_on_disk = 0;
	for (int i = 0; i < L->nparts; i++)
		row->parts_on_disk +=
		    L->parts[i].keys_mapped || L->parts[i].vals_mapped;
}

/* Distributed: every rank goes on only if every rank can. */
static bool
ranks_agree(struct statespace *ss, bool ok)
{
	uint64_t bad = !ok || ss_stopping(ss);
	ss->comm->sum(ss->comm->ctx, &bad, 1);
	return bad == 0;
}

/* Level 0: the empty board, in memory whatever the budget (on rank 0 of
 * a distributed run). */
static void
level_zero(struct statespace *ss)
{
	const struct statespace_comm *cm = ss->comm;
	struct level *l0 = &ss->lv[0];
	l0->nparts = 1;
	l0->parts = xcalloc(1, sizeof *l0->parts);
	l0->bounds = xmalloc(2 * sizeof *l0->bounds);
	l0->bounds[0] = 0;
	l0->bounds[1] = NO_KEY;
	if (cm == NULL || cm->rank == 0) {
		l0->parts[0].keys = xmalloc(sizeof *l0->parts[0].keys);
		l0->parts[0].keys[0] = ss->g.bottom << 1;
		l0->parts[0].n = 1;
		atomic_fetch_add(&ss->mem, sizeof(uint64_t));
	}
	ss_level_index(l0);
}

/* The forward pass: each level from the one before (or from the saved
 * state), its row of the table filled and summed over the ranks.  False
 * when the run fails or is stopped. */
static bool
forward_pass(struct statespace *ss, const struct statespace_limits *lim)
{
	const struct statespace_comm *cm = ss->comm;
	bool ok = true;
	int last = ss->g.cells;
	for (int ply = 0; ok && ply <= last; ply++) {
		double t0 = util_now_s();
		bool loaded = ply > 0 && ss_state_load_keys(ss, ply);
		if (ply > 0) {
			if (!loaded)
				ok = cm ? ss_dist_forward(ss, ply - 1)
				        : forward_level(ss, ply - 1);
			ss_level_release(&ss->lv[ply - 1]);
		}
		struct statespace_ply *row = &ss->rows[ply];
		row->positions = ss_level_size(&ss->lv[ply]);
		if (ply == last)
			row->terminal = row->positions;
		row_parts(&ss->lv[ply], row);
		if (cm) {
			ok = ranks_agree(ss, ok);
			uint64_t v[3] = {row->positions, row->terminal,
			                 (uint64_t)row->parts_on_disk};
			cm->sum(cm->ctx, v, 3);
			row->positions = v[0];
			row->terminal = v[1];
			row->parts_on_disk = (int)v[2];
		}
		if (!loaded)
			row->forward_s = util_now_s() - t0;
		if (ok && !loaded && ply > 0)
			ok = ss_state_save_keys(ss, ply);
		if (ok && lim->progress)
			lim->progress(lim->progress_arg, STATESPACE_FORWARD,
			              ply, row);
	}
	return ok;
}

/* The backward pass: each level's values from the level after (or from
 * the saved state), last level first, its won, drawn and lost counts
 * summed over the ranks.  False when the run fails or is stopped. */
static bool
backward_pass(struct statespace *ss, const struct statespace_limits *lim)
{
	const struct statespace_comm *cm = ss->comm;
	bool ok = true;
	int last = ss->g.cells;
	for (int ply = last; ok && ply >= 0; ply--) {
		double t0 = util_now_s();
		struct statespace_ply *row = &ss->rows[ply];
		bool loaded = ss_state_load_vals(ss, ply);
		if (loaded) {
			row_parts(&ss->lv[ply], row);
		} else if (cm) {
			uint64_t v[4] = {0, 0, 0, 0};
			ok = ranks_agree(ss, ss_dist_backward(ss, ply, v));
			row_parts(&ss->lv[ply], row);
			v[3] = (uint64_t)row->parts_on_disk;
			cm->sum(cm->ctx, v, 4);
			row->won = v[0];
			row->drawn = v[1];
			row->lost = v[2];
			row->parts_on_disk = (int)v[3];
		} else {
			ok = backward_level(ss, ply);
			row_parts(&ss->lv[ply], row);
		}
		if (ply < last)
			ss_level_release(&ss->lv[ply + 1]);
		if (!loaded)
			row->backward_s = util_now_s() - t0;
		if (ok && !loaded)
			ok = ss_state_save_vals(ss, ply);
		if (ok && lim->progress)
			lim->progress(lim->progress_arg, STATESPACE_BACKWARD,
			              ply, row);
	}
	return ok;
}

/* Why a run ended early, in err: the failure, or the stop and what of it
 * the saved state keeps. */
static void
run_error(struct statespace *ss, char *err, size_t errlen)
{
	int keys, vals;
	if (atomic_load(&ss->failed))
		snprintf(err, errlen, "%s", ss->err);
	else if (ss_state_levels(ss, &keys, &vals) < 0)
		snprintf(err, errlen, "stopped");
	else
		snprintf(err, errlen,
		         "stopped; %d forward and %d backward levels "
		         "saved in %s: the same command goes on from "
		         "there",
		         keys, vals, ss_state_dir(ss));
}

struct statespace *
statespace_run(const struct statespace_limits *lim, char *err, size_t errlen)
{
	struct statespace *ss = xcalloc(1, sizeof *ss);
	const char *why = statespace_size_error(lim->w, lim->h);
	const struct statespace_comm *cm = lim->comm;
	bool ok = true;

	if (why != NULL) {
		snprintf(err, errlen, "%s", why);
		free(ss);
		return NULL;
	}
	ss_geo_init(&ss->g, lim->w, lim->h);
	ss->threads = lim->threads > 0 ? lim->threads : 1;
	ss->budget = lim->memory_bytes;
	ss->tmpdir = lim->tmpdir;
	if (ss->tmpdir == NULL || *ss->tmpdir == '\0')
		ss->tmpdir = "/tmp";
	ss->stop = lim->stop;
	ss->comm = cm;
	atomic_flag_clear(&ss->err_set);
	ss->lv = xcalloc((size_t)ss->g.cells + 1, sizeof *ss->lv);
	ss->rows = xcalloc((size_t)ss->g.cells + 1, sizeof *ss->rows);
	if (lim->state_dir != NULL && cm != NULL) {
		snprintf(err, errlen, "--state needs a single process");
		statespace_free(ss);
		return NULL;
	}
	if (lim->state_dir != NULL && !ss_state_open(ss, lim))
		ok = false;

	level_zero(ss);
	if (ok)
		ok = forward_pass(ss, lim);
	if (ok)
		ok = backward_pass(ss, lim);
	if (!ok) {
		run_error(ss, err, errlen);
		statespace_free(ss);
		return NULL;
	}
	return ss;
}

void
statespace_free(struct statespace *ss)
{
	if (ss == NULL)
		return;
	for (int ply = 0; ply <= ss->g.cells; ply++) {
		struct level *L = &ss->lv[ply];
		for (int i = 0; i < L->nparts; i++)
			ss_part_free(ss, &L->parts[i]);
		free(L->parts);
		free(L->first);
		free(L->bounds);
		if (L->keys_map)
			munmap(L->keys_map, L->keys_maplen);
		if (L->vals_map)
			munmap(L->vals_map, L->vals_maplen);
	}
	ss_state_close(ss);
	free(ss->lv);
	free(ss->rows);
	free(ss);
}

/* ---- queries ----------------------------------------------------------- */

const char *
statespace_tmpdir(const struct statespace *ss)
{
	return ss->tmpdir;
}

int
statespace_width(const struct statespace *ss)
{
	return ss->g.w;
}

int
statespace_height(const struct statespace *ss)
{
	return ss->g.h;
}

const struct statespace_ply *
statespace_row(const struct statespace *ss, int ply)
{
	return &ss->rows[ply];
}

void
statespace_totals(const struct statespace *ss, struct statespace_ply *sum)
{
	memset(sum, 0, sizeof *sum);
	for (int ply = 0; ply <= ss->g.cells; ply++) {
		const struct statespace_ply *r = &ss->rows[ply];
		sum->positions += r->positions;
		sum->terminal += r->terminal;
		sum->won += r->won;
		sum->drawn += r->drawn;
		sum->lost += r->lost;
		sum->parts += r->parts;
		sum->parts_on_disk += r->parts_on_disk;
		sum->forward_s += r->forward_s;
		sum->backward_s += r->backward_s;
	}
}

size_t
statespace_peak_memory(const struct statespace *ss)
{
	return atomic_load(&((struct statespace *)ss)->peak);
}

uint64_t
statespace_disk_bytes(const struct statespace *ss)
{
	return atomic_load(&((struct statespace *)ss)->disk);
}

bool
statespace_lookup(const struct statespace *ss, const board_t *b, int *score)
{
	if (b->w != ss->g.w || b->h != ss->g.h || b->moves < 0 ||
	    b->moves > ss->g.cells)
		return false;
	const struct level *L = &ss->lv[b->moves];
	uint64_t key = ss_board_to_key(b);
	uint64_t i = ss_level_lower_bound(L, key);
	if (i >= ss_level_size(L))
		return false;
	int p = ss_level_part_of(L, i);
	const struct part *pt = &L->parts[p];
	size_t j = i - L->first[p];
	if ((pt->keys[j] >> 1) != key)
		return false;
	*score = pt->vals[j];
	return true;
}

int
statespace_each(const struct statespace *ss,
                int (*fn)(void *arg, const board_t *b, bool over, int score),
                void *arg)
{
	for (int ply = 0; ply <= ss->g.cells; ply++) {
		const struct level *L = &ss->lv[ply];
		for (int i = 0; i < L->nparts; i++) {
			const struct part *p = &L->parts[i];
			for (size_t j = 0; j < p->n; j++) {
				board_t b;
				ss_key_board(&ss->g, p->keys[j] >> 1, ply, &b);
				bool over =
				    (p->keys[j] & 1) || ply == ss->g.cells;
				int r = fn(arg, &b, over, p->vals[j]);
				if (r != 0)
					return r;
			}
		}
	}
	return 0;
}
