/* book-build.c -- building an opening book (book-cli.c runs `dropfour book`):
 * the plan, the build's state, the shallower levels and the book.
 *
 * The build (see book-build.h for the shape):
 *   1. Plan: level by level from the empty board, every child whose game
 *      is not over, by canonical key, sorted and deduplicated, up to the
 *      requested ply.
 *   2. Journal (book-journal.c): FILE.journal starts with a header naming the
 * build (board, ply, number of deepest positions) and holds batches of solved
 *      deepest positions, each with its own checksum.  A rerun reads the
 *      whole batches back, cuts off an unfinished last one, and continues.
 *   3. Search the deepest level (book-solve.c): OpenMP threads (or MPI ranks)
 * take positions off one list, each thread with its own search and table;
 *      another pthread flushes the results to the journal twice a second
 *      and draws the progress line.
 *   4. Every shallower level from its children (the best child's score,
 *      negated; a win at once or a draw on the last cell directly), then
 *      the book through book.c's writer (temporary file, renamed).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "book/book-build-int.h"
#include "book/book.h"
#include "core/util.h"

/* ---- 1. the plan ------------------------------------------------------ */

static uint64_t
sort_unique(uint64_t *k, uint64_t n)
{
	uint64_t u = 0;
	qsort(k, (size_t)n, sizeof *k, util_cmp_u64);
	for (uint64_t i = 0; i < n; i++)
		if (u == 0 || k[i] != k[u - 1])
			k[u++] = k[i];
	return u;
}

static void
enumerate(struct book_build *bb)
{
	board_t b;
	board_init(&b, bb->w, bb->h);
	bb->lv[0].keys = xmalloc(sizeof(uint64_t));
	bb->lv[0].keys[0] = book_canonical_key(&b);
	bb->lv[0].n = 1;
	for (int d = 0; d < bb->ply; d++) {
		const struct level *l = &bb->lv[d];
		uint64_t *next = xmalloc((size_t)(l->n * (uint64_t)bb->w + 1) *
		                         sizeof *next);
		uint64_t n = 0;
		for (uint64_t i = 0; i < l->n; i++) {
			book_key_board(bb->w, bb->h, l->keys[i], &b);
			for (int c = 0; c < bb->w; c++) {
				if (!board_can_play(&b, c) ||
				    board_is_winning_move(&b, c))
					continue;
				board_t nb = b;
				board_play(&nb, c);
				if (!board_is_full(&nb))
					next[n++] = book_canonical_key(&nb);
			}
		}
		n = sort_unique(next, n);
		bb->lv[d + 1].keys =
		    xrealloc(next, (size_t)(n + 1) * sizeof *next);
		bb->lv[d + 1].n = n;
	}
	for (int d = 0; d <= bb->ply; d++) {
		struct level *l = &bb->lv[d];
		l->score = xmalloc((size_t)l->n + 1);
		memset(l->score, UNSOLVED, (size_t)l->n + 1);
		bb->total += l->n;
	}
}

/* Positions of w x h with `stones` stones, at most: the fillings of the
 * columns whose first player has as many stones as the second, or one
 * more, fours not taken out; halved for the mirror pairs the plan keeps
 * once.  counts[0..ply] is filled. */
static void
plan_estimate(int w, int h, int ply, double *counts)
{
	int cells = w * h, nd = 2 * cells + 1;
	/* ways[s][d]: fillings of the columns so far with s stones, the
	 * first player leading by d - cells */
	double *ways = xcalloc((size_t)(cells + 1) * (size_t)nd, sizeof *ways);
	double *next = xcalloc((size_t)(cells + 1) * (size_t)nd, sizeof *next);
	ways[cells] = 1;
	for (int c = 0; c < w; c++) {
		memset(next, 0,
		       (size_t)(cells + 1) * (size_t)nd * sizeof *next);
		for (int s = 0; s <= cells; s++)
			for (int d = 0; d < nd; d++) {
				double v = ways[s * nd + d];
				if (v == 0)
					continue;
				for (int k = 0; k <= h && s + k <= cells; k++) {
					double binom = 1; /* k choose j */
					for (int j = 0; j <= k; j++) {
						int e = d + 2 * j - k;
						if (e >= 0 && e < nd)
							next[(s + k) * nd +
							     e] += v * binom;
						binom =
						    binom * (k - j) / (j + 1);
					}
				}
			}
		double *t = ways;
		ways = next;
		next = t;
	}
	for (int s = 0; s <= ply; s++)
		counts[s] =
		    (ways[s * nd + cells] + ways[s * nd + cells + 1]) / 2;
	free(ways);
	free(next);
}

/* Whether the plan of the build fits the memory available now: 0, or -1
 * after saying what it would need (all levels' keys and scores, the next
 * level's successors before they are deduplicated, the list of positions
 * to search). */
static int
plan_memory_check(const struct book_report *report, int w, int h, int ply)
{
	double counts[BOARD_MAX_CELLS + 1], total = 0, need;
	plan_estimate(w, h, ply, counts);
	for (int s = 0; s <= ply; s++)
		total += counts[s];
	need = 9 * total + 8 * (double)w * (ply > 0 ? counts[ply - 1] : 0) +
	       8 * counts[ply];
	uint64_t avail = util_mem_available();
	if (avail == 0 || need <= (double)avail)
		return 0;
	char n[32], m[32], a[32];
	build_report_message(
	    report,
	    "book build %dx%d --ply %d: at most about %s positions "
	    "(fours not taken out), %sB of memory to plan them, "
	    "but %sB are available: give a smaller --ply",
	    w, h, ply, util_si(n, sizeof n, total), util_si(m, sizeof m, need),
	    util_si(a, sizeof a, (double)avail));
	return -1;
}

/* ---- the build's state ----------------------------------------------------
 */

static char *
default_path(int w, int h, int ply)
{
	char buf[64];
	snprintf(buf, sizeof buf, "dropfour-%dx%d-ply%d.book", w, h, ply);
	return xstrdup(buf);
}

struct book_build *
book_build_open(const struct book_build_params *p, const char *workers,
                int first, int nworkers, enum book_build_status *status)
{
	static const struct book_report quiet = {NULL, NULL, NULL, NULL};
	const struct book_report *report = p->report ? p->report : &quiet;
	*status = BOOK_BUILD_BAD_PARAMS;
	const char *why = book_size_error(p->width, p->height);
	if (why != NULL) {
		build_report_message(report, "book build: %dx%d: %s", p->width,
		                     p->height, why);
		return NULL;
	}
	if (p->ply < 0) {
		build_report_message(
		    report, "book build needs --ply N (the most stones of "
		            "a position in the book)");
		return NULL;
	}
	if (p->ply >= p->width * p->height) {
		build_report_message(
		    report,
		    "--ply %d: a %dx%d board holds "
		    "positions of at most %d stones that are not over",
		    p->ply, p->width, p->height, p->width * p->height - 1);
		return NULL;
	}
	if (plan_memory_check(report, p->width, p->height, p->ply) != 0) {
		*status = BOOK_BUILD_FAILED;
		return NULL;
	}
	struct book_build *bb = xcalloc(1, sizeof *bb);
	bb->w = p->width;
	bb->h = p->height;
	bb->ply = p->ply;
	bb->report = report;
	bb->tmpdir = p->tmpdir;
	bb->path = p->output ? xstrdup(p->output)
	                     : default_path(bb->w, bb->h, bb->ply);
	/* The journal and the lock go beside the file the book replaces
	 * (a symbolic link followed); a device or FIFO has neither. */
	enum util_output how;
	char *target;
	if (util_output_target(bb->path, &target, &how) != 0) {
		build_report_message(report, "%s: %s", bb->path,
		                     strerror(errno));
		free(bb->path);
		free(bb);
		*status = BOOK_BUILD_BAD_PARAMS;
		return NULL;
	}
	bb->in_place = how == UTIL_OUTPUT_IN_PLACE;
	if (bb->in_place) {
		const char *dir = p->tmpdir;
		if (dir == NULL || dir[0] == '\0')
			dir = "/tmp";
		size_t len = strlen(dir) + 32;
		bb->jpath = xmalloc(len);
		snprintf(bb->jpath, len, "%s/dropfour-journal.XXXXXX", dir);
	} else {
		size_t plen = strlen(target) + 16;
		bb->jpath = xmalloc(plen);
		snprintf(bb->jpath, plen, "%s.journal", target);
		bb->lpath = xmalloc(plen);
		snprintf(bb->lpath, plen, "%s.lock", target);
	}
	free(target);
	bb->jfd = -1;
	bb->lockfd = -1;
	pthread_mutex_init(&bb->lock, NULL);
	bb->workers = workers;
	bb->first = first;
	bb->nworkers = nworkers < 1 ? 1 : nworkers;
	bb->per_worker = xcalloc((size_t)bb->nworkers, sizeof *bb->per_worker);
	bb->progress_on = p->progress;

	*status = BOOK_BUILD_FAILED;
	if (!bb->in_place && build_lock(bb) != 0) {
		book_build_free(bb);
		return NULL;
	}
	enumerate(bb);
	if (journal_open(bb) != 0) {
		book_build_free(bb);
		return NULL;
	}
	const struct level *deep = &bb->lv[bb->ply];
	bb->todo =
	    xmalloc((size_t)(deep->n - bb->known + 1) * sizeof *bb->todo);
	for (uint64_t i = 0; i < deep->n; i++)
		if (deep->score[i] == UNSOLVED)
			bb->todo[bb->ntodo++] = i;
	bb->known0 = bb->known;
	bb->t0 = util_now_s();
	*status = BOOK_BUILD_OK;
	return bb;
}

void
book_build_free(struct book_build *bb)
{
	if (bb == NULL)
		return;
	for (int d = 0; d <= bb->ply; d++) {
		free(bb->lv[d].keys);
		free(bb->lv[d].score);
	}
	if (bb->jfd >= 0)
		close(bb->jfd);
	if (bb->lockfd >= 0) {
		/* the lock file goes with the journal (a stopped build
		 * keeps both) */
		if (access(bb->jpath, F_OK) != 0)
			unlink(bb->lpath);
		close(bb->lockfd);
	}
	free(bb->lpath);
	pthread_mutex_destroy(&bb->lock);
	free(bb->todo);
	free(bb->pend);
	free(bb->per_worker);
	free(bb->path);
	free(bb->jpath);
	free(bb);
}

uint64_t
book_build_left(const struct book_build *bb)
{
	return bb->ntodo - bb->next;
}

size_t
book_build_claim(struct book_build *bb, uint64_t *keys, size_t min, size_t max,
                 size_t consumers)
{
	pthread_mutex_lock(&bb->lock);
	uint64_t left = bb->ntodo - bb->next;
	/* Guided: a quarter of an even share, so the last batches are
	 * short and no worker is left with a long tail. */
	uint64_t n = left / (4 * (consumers ? consumers : 1));
	if (n < min)
		n = min;
	if (n > max)
		n = max;
	if (n < 1)
		n = 1;
	if (n > left)
		n = left;
	for (uint64_t i = 0; i < n; i++)
		keys[i] = bb->lv[bb->ply].keys[bb->todo[bb->next++]];
	pthread_mutex_unlock(&bb->lock);
	return (size_t)n;
}

void
book_build_record(struct book_build *bb, const uint64_t *keys,
                  const int8_t *scores, size_t n, int who)
{
	struct level *l = &bb->lv[bb->ply];
	pthread_mutex_lock(&bb->lock);
	if (bb->npend + n > bb->cappend) {
		bb->cappend = 2 * (bb->npend + n) + 64;
		bb->pend = xrealloc(bb->pend, bb->cappend * BOOK_ENTRY_SIZE);
	}
	for (size_t i = 0; i < n; i++) {
		int64_t at = plan_find(l, keys[i]);
		if (at < 0 || l->score[at] != UNSOLVED)
			continue; /* not ours, or twice */
		l->score[at] = scores[i];
		bb->known++;
		book_entry_encode(bb->pend + bb->npend++ * BOOK_ENTRY_SIZE,
		                  keys[i], scores[i]);
		if (who >= 0 && who < bb->nworkers)
			bb->per_worker[who]++;
	}
	pthread_mutex_unlock(&bb->lock);
}

void
book_build_progress(struct book_build *bb)
{
	char line[512], a[16], b[16], r[16], eta[16];
	double now = util_now_s(), dt = now - bb->t0;
	if (!bb->progress_on || now - bb->last_draw < 0.25)
		return;
	pthread_mutex_lock(&bb->lock);
	uint64_t known = bb->known, now_done = bb->known - bb->known0;
	uint64_t total = bb->lv[bb->ply].n;
	double rate = dt > 0 ? (double)now_done / dt : 0;
	util_duration(eta, sizeof eta,
	              rate > 0 ? (double)(total - known) / rate : -1);
	int n =
	    snprintf(line, sizeof line,
	             "book %dx%d ply %d: %s/%s (%.1f%%) %s/s ETA %s  %s", bb->w,
	             bb->h, bb->ply, util_si(a, sizeof a, (double)known),
	             util_si(b, sizeof b, (double)total),
	             total ? 100.0 * (double)known / (double)total : 100.0,
	             util_si(r, sizeof r, rate), eta, bb->workers);
	for (int i = 0; i < bb->nworkers && n > 0 && n < (int)sizeof line - 16;
	     i++)
		n += snprintf(line + n, sizeof line - (size_t)n, " %d:%.0f%%",
		              bb->first + i,
		              now_done ? 100.0 * (double)bb->per_worker[i] /
		                             (double)now_done
		                       : 0.0);
	pthread_mutex_unlock(&bb->lock);
	if (bb->report->progress != NULL)
		bb->report->progress(bb->report->ctx, line);
	bb->last_draw = now;
}

/* ---- 4. the shallower levels, the book ------------------------------- */

/* A position's score from its children's (all known), or NO_SCORE
 * when the plan lacks a child or its score (a bug in the plan or the
 * journal's replay: book_build_finish() reports it). */
#define NO_SCORE (-BOARD_MAX_CELLS - 1)
static int
from_children(const struct book_build *bb, const board_t *b, int d)
{
	int best = -BOARD_MAX_CELLS;
	for (int c = 0; c < b->w; c++) {
		if (!board_can_play(b, c))
			continue;
		if (board_is_winning_move(b, c))
			return board_max_score(b);
		board_t nb = *b;
		board_play(&nb, c);
		int v = 0;
		if (!board_is_full(&nb)) {
			int64_t i =
			    plan_find(&bb->lv[d + 1], book_canonical_key(&nb));
			if (i < 0 || bb->lv[d + 1].score[i] == UNSOLVED)
				return NO_SCORE;
			v = -bb->lv[d + 1].score[i];
		}
		if (v > best)
			best = v;
	}
	return best;
}

enum book_build_status
book_build_finish(struct book_build *bb)
{
	char err[512];
	if (bb->progress_on && bb->report->progress != NULL)
		bb->report->progress(bb->report->ctx, NULL);
	if (bb->known < bb->lv[bb->ply].n) {
		build_report_message(
		    bb->report,
		    "stopped: %" PRIu64 " of %" PRIu64
		    " positions solved%s%s%s",
		    bb->known, bb->lv[bb->ply].n,
		    bb->in_place ? " (a build into a device or "
		                   "FIFO keeps no journal)"
		                 : ", kept in ",
		    bb->in_place ? "" : bb->jpath,
		    bb->in_place ? ""
		                 : "; run the same command again "
		                   "to continue");
		return BOOK_BUILD_STOPPED;
	}
	for (int d = bb->ply - 1; d >= 0; d--) {
		struct level *l = &bb->lv[d];
		for (uint64_t i = 0; i < l->n; i++) {
			board_t b;
			book_key_board(bb->w, bb->h, l->keys[i], &b);
			int v = from_children(bb, &b, d);
			if (v == NO_SCORE) {
				build_report_message(
				    bb->report,
				    "internal error: a position of "
				    "%d stones has a child the "
				    "build did not solve; the book "
				    "was not written",
				    d);
				return BOOK_BUILD_FAILED;
			}
			l->score[i] = (int8_t)v;
		}
	}
	struct book_entry *e = xmalloc((size_t)(bb->total + 1) * sizeof *e);
	size_t n = 0;
	for (int d = 0; d <= bb->ply; d++)
		for (uint64_t i = 0; i < bb->lv[d].n; i++) {
			e[n].key = bb->lv[d].keys[i];
			e[n].score = bb->lv[d].score[i];
			n++;
		}
	int r = book_write(bb->path, bb->w, bb->h, bb->ply, e, n, bb->tmpdir,
	                   err, sizeof err);
	free(e);
	if (r != 0) {
		build_report_message(bb->report, "%s", err);
		return BOOK_BUILD_FAILED;
	}
	if (!bb->in_place) {
		unlink(bb->jpath);
		unlink(bb->lpath);
	}
	if (bb->report->summary != NULL) {
		char text[1024];
		snprintf(text, sizeof text,
		         "%s: %" PRIu64 " position%s (%dx%d, up to %d stones; "
		         "%" PRIu64 " searched at %d stones), %.1f s",
		         bb->path, bb->total, bb->total == 1 ? "" : "s", bb->w,
		         bb->h, bb->ply, bb->lv[bb->ply].n, bb->ply,
		         util_now_s() - bb->t0);
		bb->report->summary(bb->report->ctx, text);
	}
	return BOOK_BUILD_OK;
}
