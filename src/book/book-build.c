/* book-build.c -- building an opening book (book-cli.c runs `dropfour book`).
 *
 * The build (see book-build.h for the shape):
 *   1. Plan: level by level from the empty board, every child whose game
 *      is not over, by canonical key, sorted and deduplicated, up to the
 *      requested ply.
 *   2. Journal: FILE.journal starts with a header naming the build (board,
 *      ply, number of deepest positions) and holds batches of solved
 *      deepest positions, each with its own checksum.  A rerun reads the
 *      whole batches back, cuts off an unfinished last one, and continues.
 *   3. Search the deepest level: OpenMP threads (or MPI ranks) take
 *      positions off one list, each thread with its own search and table;
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
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/board.h"
#include "book/book-build.h"
#include "book/book.h"
#include "search/search.h"
#include "core/util.h"

#define JOURNAL_MAGIC       "DROP4JN\x1a"
#define JOURNAL_VERSION     1
#define JOURNAL_HEADER_SIZE 32
/* Most entries in one journal batch. */
#define JOURNAL_BATCH_MAX 65536
/* A score not known yet (real ones are within +-32). */
#define UNSOLVED INT8_MIN

/* Hand a message to the caller's report (book-build.h), if any. */
static void __attribute__((format(printf, 2, 3)))
report_message(const struct book_report *r, const char *fmt, ...)
{
	char text[1024];
	va_list ap;
	if (r == NULL || r->message == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	r->message(r->ctx, text);
}

/* One level of the plan: the positions with `moves` stones, ascending. */
struct level {
	uint64_t *keys;
	int8_t *score;
	uint64_t n;
};

struct book_build {
	int w, h, ply;
	const struct book_report *report; /* the caller's drawing */
	char *path, *jpath;
	const char *tmpdir;                   /* book_build_params' */
	struct level lv[BOARD_MAX_CELLS + 1]; /* 0..ply */
	uint64_t total;                       /* all levels */

	/* The deepest level: the searched one. */
	uint64_t *todo; /* indices into lv[ply], in the order handed out */
	uint64_t ntodo, next;
	uint64_t known; /* deepest positions with a score */

	/* The journal and the results not yet in it. */
	int jfd;
	/* FILE.lock, locked (fcntl) while this process builds FILE: a
	 * second build of the same file is refused, naming this one. */
	char *lpath;
	int lockfd;
	/* The book goes to a device or FIFO: the journal is a scratch file
	 * (unlinked), no lock, no resuming. */
	bool in_place;
	unsigned char *pend;
	size_t npend, cappend;
	pthread_mutex_t lock;

	/* Progress. */
	bool progress_on; /* book_build_params.progress */
	double t0, last_draw;
	uint64_t known0; /* at the start of this run */
	const char *workers;
	int first, nworkers;
	uint64_t *per_worker;
};

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

/* Index of key in a level, or -1. */
static int64_t
level_find(const struct level *l, uint64_t key)
{
	uint64_t lo = util_lower_bound(l->keys, l->n, key);
	return lo < l->n && l->keys[lo] == key ? (int64_t)lo : -1;
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
	report_message(report,
	               "book build %dx%d --ply %d: at most about %s positions "
	               "(fours not taken out), %sB of memory to plan them, "
	               "but %sB are available: give a smaller --ply",
	               w, h, ply, util_si(n, sizeof n, total),
	               util_si(m, sizeof m, need),
	               util_si(a, sizeof a, (double)avail));
	return -1;
}

/* ---- 2. the journal ----------------------------------------------------- */

static void
journal_header(const struct book_build *bb, unsigned char *hdr)
{
	memset(hdr, 0, JOURNAL_HEADER_SIZE);
	memcpy(hdr, JOURNAL_MAGIC, 8);
	book_le_put(hdr + 8, JOURNAL_VERSION, 4);
	hdr[12] = (unsigned char)bb->w;
	hdr[13] = (unsigned char)bb->h;
	book_le_put(hdr + 14, (uint64_t)bb->ply, 2);
	book_le_put(hdr + 16, bb->lv[bb->ply].n, 8);
}

/* Apply one journal entry to the plan.  Returns NULL or what is wrong. */
static const char *
apply_entry(struct book_build *bb, const unsigned char *e)
{
	uint64_t key;
	int8_t score;
	book_entry_decode(e, &key, &score);
	struct level *l = &bb->lv[bb->ply];
	int64_t i = level_find(l, key);
	if (i < 0)
		return "a position that is not one of this build";
	const char *why = book_entry_error(bb->w, bb->h, bb->ply, key, score);
	if (why != NULL)
		return why;
	if (l->score[i] != UNSOLVED && l->score[i] != score)
		return "two different scores for one position";
	if (l->score[i] == UNSOLVED)
		bb->known++;
	l->score[i] = (int8_t)score;
	return NULL;
}

/* Read the batches of an existing journal.  A batch cut short at the end
 * (a kill mid-write) is cut off.  A whole batch whose checksum fails (a
 * damaged disk) is skipped with a message naming it: its positions are
 * solved again, the batches after it are kept.  A batch whose length
 * cannot be read leaves nothing after it readable: refused, the journal
 * left as it is, so that nothing good is thrown away unasked.  Returns 0,
 * or -1 after reporting a message. */
static int
journal_replay(struct book_build *bb, int fd)
{
	unsigned char hdr[JOURNAL_HEADER_SIZE], want[JOURNAL_HEADER_SIZE];
	unsigned char *buf =
	    xmalloc((size_t)JOURNAL_BATCH_MAX * BOOK_ENTRY_SIZE + 8);
	FILE *f = fdopen(dup(fd), "rb");
	off_t good = JOURNAL_HEADER_SIZE;
	int status = -1;
	uint64_t batches = 0;

	if (f == NULL) {
		report_message(bb->report, "%s: %s", bb->jpath,
		               strerror(errno));
		free(buf);
		return -1;
	}
	journal_header(bb, want);
	if (fread(hdr, 1, sizeof hdr, f) != sizeof hdr ||
	    memcmp(hdr, JOURNAL_MAGIC, 8) != 0) {
		report_message(bb->report,
		               "%s: not a dropfour book journal; "
		               "remove it to start this build afresh",
		               bb->jpath);
		goto out;
	}
	if (memcmp(hdr, want, sizeof hdr) != 0) {
		report_message(
		    bb->report,
		    "%s: the journal of another build (%dx%d board, "
		    "ply %d); build that again, or remove the journal to "
		    "start this one afresh",
		    bb->jpath, hdr[12], hdr[13], (int)book_le_get(hdr + 14, 2));
		goto out;
	}
	struct stat st;
	off_t size = fstat(fd, &st) == 0 ? st.st_size : 0;
	uint64_t skipped = 0;
	for (;;) {
		unsigned char nb[4];
		if (fread(nb, 1, 4, f) != 4)
			break;
		uint64_t n = book_le_get(nb, 4);
		size_t len = (size_t)n * BOOK_ENTRY_SIZE;
		off_t rec = (off_t)(4 + len + 8);
		if (n == 0 || n > JOURNAL_BATCH_MAX) {
			report_message(
			    bb->report,
			    "%s: batch %" PRIu64 " at byte %lld is corrupt "
			    "(a length of %" PRIu64 " positions); the %lld "
			    "bytes from there cannot be read, %" PRIu64
			    " positions before it can: move the journal away "
			    "to start this build afresh",
			    bb->jpath, batches + skipped + 1, (long long)good,
			    n, (long long)(size - good), bb->known);
			goto out;
		}
		if (good + rec > size)
			break; /* cut short: the unfinished last batch */
		if (fread(buf, 1, len + 8, f) != len + 8)
			break;
		if (book_le_get(buf + len, 8) !=
		    book_fnv1a(BOOK_FNV_BASIS, buf, len)) {
			report_message(
			    bb->report,
			    "%s: batch %" PRIu64 " at byte %lld is "
			    "corrupt (checksum mismatch): its %" PRIu64
			    " positions will be solved again, the "
			    "batches after it are kept",
			    bb->jpath, batches + skipped + 1, (long long)good,
			    n);
			skipped++;
			good += rec;
			continue;
		}
		for (uint64_t i = 0; i < n; i++) {
			const char *why =
			    apply_entry(bb, buf + i * BOOK_ENTRY_SIZE);
			if (why != NULL) {
				report_message(
				    bb->report,
				    "%s: batch %" PRIu64 ": %s; "
				    "remove the journal to start afresh",
				    bb->jpath, batches + 1, why);
				goto out;
			}
		}
		good += rec;
		batches++;
	}
	if (ferror(f)) {
		report_message(bb->report, "%s: read error: %s", bb->jpath,
		               strerror(errno));
		goto out;
	}
	if (size > good) {
		/* A batch cut short by a kill or a crash: it is solved again.
		 */
		if (ftruncate(fd, good) != 0) {
			report_message(bb->report, "%s: %s", bb->jpath,
			               strerror(errno));
			goto out;
		}
		report_message(bb->report,
		               "%s: dropped an unfinished batch at "
		               "the end (byte %lld, %lld bytes)",
		               bb->jpath, (long long)good,
		               (long long)(size - good));
	}
	if (bb->known > 0)
		report_message(bb->report,
		               "%s: resuming: %" PRIu64 " of %" PRIu64
		               " positions already solved",
		               bb->jpath, bb->known, bb->lv[bb->ply].n);
	status = 0;
out:
	fclose(f);
	free(buf);
	return status;
}

/* One build of a book at a time: FILE.lock holds a write lock (fcntl)
 * while a build of FILE runs; a second build is refused with the first
 * one's process id.  The lock goes with the process, however it ends. */
static int
build_lock(struct book_build *bb)
{
	struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
	bb->lockfd = open(bb->lpath, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (bb->lockfd < 0) {
		report_message(bb->report, "%s: %s", bb->lpath,
		               strerror(errno));
		return -1;
	}
	if (fcntl(bb->lockfd, F_SETLK, &fl) == 0)
		return 0;
	int err = errno;
	struct flock who = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
	if ((err == EAGAIN || err == EACCES) &&
	    fcntl(bb->lockfd, F_GETLK, &who) == 0 && who.l_type != F_UNLCK)
		report_message(bb->report,
		               "%s: another book build (process %ld) is "
		               "building it; wait for it or stop it first",
		               bb->path, (long)who.l_pid);
	else
		report_message(bb->report, "%s: cannot lock: %s", bb->lpath,
		               strerror(err));
	return -1;
}
/* A new journal on fd (an open() or mkstemp() just made, -1 when it
 * failed): its header written (and synced when `sync`), kept as bb's
 * journal; 0, or -1 after the message, fd closed. */
static int
journal_begin(struct book_build *bb, int fd, bool sync)
{
	unsigned char hdr[JOURNAL_HEADER_SIZE];
	journal_header(bb, hdr);
	if (fd < 0 || util_write_all(fd, hdr, sizeof hdr) != 0 ||
	    (sync && fsync(fd) != 0)) {
		report_message(bb->report, "%s: %s", bb->jpath,
		               strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	bb->jfd = fd;
	return 0;
}

static int
journal_open(struct book_build *bb)
{
	if (bb->in_place) {
		int fd = mkstemp(bb->jpath);
		if (fd >= 0)
			unlink(bb->jpath);
		return journal_begin(bb, fd, false);
	}
	int fd = open(bb->jpath, O_RDWR);
	if (fd >= 0) {
		if (journal_replay(bb, fd) != 0 || lseek(fd, 0, SEEK_END) < 0) {
			close(fd);
			return -1;
		}
		bb->jfd = fd;
		return 0;
	}
	if (errno != ENOENT) {
		report_message(bb->report, "%s: %s", bb->jpath,
		               strerror(errno));
		return -1;
	}
	fd = open(bb->jpath, O_WRONLY | O_CREAT | O_EXCL, 0644);
	return journal_begin(bb, fd, true);
}

int
book_build_flush(struct book_build *bb)
{
	pthread_mutex_lock(&bb->lock);
	unsigned char *p = bb->pend;
	size_t n = bb->npend;
	bb->pend = NULL;
	bb->npend = bb->cappend = 0;
	pthread_mutex_unlock(&bb->lock);

	int status = 0;
	for (size_t at = 0; at < n && status == 0; at += JOURNAL_BATCH_MAX) {
		size_t k =
		    n - at < JOURNAL_BATCH_MAX ? n - at : JOURNAL_BATCH_MAX;
		size_t len = k * BOOK_ENTRY_SIZE;
		unsigned char *e = p + at * BOOK_ENTRY_SIZE;
		unsigned char head[4], tail[8];
		book_le_put(head, k, 4);
		book_le_put(tail, book_fnv1a(BOOK_FNV_BASIS, e, len), 8);
		/* One write per batch: the usual kill leaves it whole or
		 * absent, and the checksum catches the rest. */
		unsigned char *rec = xmalloc(len + 12);
		memcpy(rec, head, 4);
		memcpy(rec + 4, e, len);
		memcpy(rec + 4 + len, tail, 8);
		if (util_write_all(bb->jfd, rec, len + 12) != 0 ||
		    fdatasync(bb->jfd) != 0) {
			report_message(bb->report, "%s: %s", bb->jpath,
			               strerror(errno));
			status = -1;
		}
		free(rec);
	}
	free(p);
	return status;
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
		report_message(report, "book build: %dx%d: %s", p->width,
		               p->height, why);
		return NULL;
	}
	if (p->ply < 0) {
		report_message(report,
		               "book build needs --ply N (the most stones of "
		               "a position in the book)");
		return NULL;
	}
	if (p->ply >= p->width * p->height) {
		report_message(
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
		report_message(report, "%s: %s", bb->path, strerror(errno));
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
		int64_t at = level_find(l, keys[i]);
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

/* A position's score from its children's (all known). */
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
			    level_find(&bb->lv[d + 1], book_canonical_key(&nb));
			if (i < 0 || bb->lv[d + 1].score[i] == UNSOLVED)
				abort(); /* the plan holds every child */
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
		report_message(bb->report,
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
			l->score[i] = (int8_t)from_children(bb, &b, d);
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
		report_message(bb->report, "%s", err);
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

/* ---- 3. the solvers ------------------------------------------------------ */

struct book_solver {
	int threads;
	struct search **s;
};

struct book_solver *
book_solver_new(int threads, size_t tt_mb, char *err, size_t errlen)
{
	struct book_solver *sv = xcalloc(1, sizeof *sv);
	size_t mb = tt_mb / (size_t)(threads < 1 ? 1 : threads);
	sv->threads = threads < 1 ? 1 : threads;
	sv->s = xcalloc((size_t)sv->threads, sizeof *sv->s);
	for (int i = 0; i < sv->threads; i++) {
		sv->s[i] = search_new(mb < 16 ? 16 : mb, err, errlen);
		if (sv->s[i] == NULL) {
			book_solver_free(sv);
			return NULL;
		}
	}
	return sv;
}

void
book_solver_free(struct book_solver *sv)
{
	if (sv == NULL)
		return;
	for (int i = 0; i < sv->threads; i++)
		search_free(sv->s[i]);
	free(sv->s);
	free(sv);
}

static void
solve_loop(struct book_solver *sv, int tid, int w, int h,
           const struct book_work *work, const struct search_stop *stop)
{
	struct search_limits lim;
	search_limits_default(&lim);
	lim.mode = SEARCH_EXACT;
	lim.threads = 1;
	lim.stop = stop;
	uint64_t key;
	while (!search_stop_requested(stop) && work->claim(work->ctx, &key)) {
		board_t b;
		struct search_result r;
		book_key_board(w, h, key, &b);
		search_run(sv->s[tid], &b, &lim, &r);
		if (r.partial || search_stop_requested(stop))
			break;
		work->done(work->ctx, key, r.score, tid);
	}
}

void
book_solver_run(struct book_solver *sv, int w, int h,
                const struct book_work *work, const struct search_stop *stop)
{
#ifdef _OPENMP
#pragma omp parallel num_threads(sv->threads)
	solve_loop(sv, omp_get_thread_num(), w, h, work, stop);
#else
	solve_loop(sv, 0, w, h, work, stop);
#endif
}

/* ---- one process -----------------------------------------------------------
 */

struct local {
	struct book_build *bb;
	struct search_stop stop;
	atomic_bool finished;
	int flush_status;
};

static bool
local_claim(void *ctx, uint64_t *key)
{
	struct local *l = ctx;
	return book_build_claim(l->bb, key, 1, 1, 1) == 1;
}

static void
local_done(void *ctx, uint64_t key, int score, int tid)
{
	struct local *l = ctx;
	int8_t s = (int8_t)score;
	book_build_record(l->bb, &key, &s, 1, tid);
}

/* The keeper flushes the journal every KEEP_FLUSH_S seconds, sooner once
 * KEEP_FLUSH_MAX results wait: a kill loses no more than that (and the
 * positions being searched).  One fdatasync per flush costs a few ms. */
#define KEEP_FLUSH_S   0.5
#define KEEP_FLUSH_MAX 256

/* The journal and the progress line, while the threads search; a signal
 * stops the search. */
static void *
keeper(void *arg)
{
	struct local *l = arg;
	double last_flush = util_now_s();
	while (!atomic_load(&l->finished)) {
		struct timespec ts = {0, 100 * 1000 * 1000};
		nanosleep(&ts, NULL);
		if (atomic_load(util_stop_flag()))
			search_stop_request(&l->stop);
		double now = util_now_s();
		pthread_mutex_lock(&l->bb->lock);
		size_t pending = l->bb->npend;
		pthread_mutex_unlock(&l->bb->lock);
		if (now - last_flush >= KEEP_FLUSH_S ||
		    pending >= KEEP_FLUSH_MAX) {
			if (book_build_flush(l->bb) != 0) {
				l->flush_status = 1;
				search_stop_request(&l->stop);
			}
			last_flush = now;
		}
		book_build_progress(l->bb);
	}
	return NULL;
}

enum book_build_status
book_build_run(const struct book_build_params *p)
{
	enum book_build_status status;
	int threads = p->threads < 1 ? 1 : p->threads;
	struct book_build *bb =
	    book_build_open(p, "thread", 0, threads, &status);
	if (bb == NULL)
		return status;

	struct local l = {.bb = bb, .flush_status = 0};
	search_stop_init(&l.stop, NULL);
	atomic_init(&l.finished, false);
	struct book_work work = {local_claim, local_done, &l};
	struct util_stop_saved saved;
	util_stop_signals_begin(&saved);

	pthread_t kt;
	bool have_keeper = pthread_create(&kt, NULL, keeper, &l) == 0;
	if (book_build_left(bb) > 0) {
		char err[256];
		struct book_solver *sv =
		    book_solver_new(threads, p->tt_mb, err, sizeof err);
		if (sv == NULL) {
			report_message(bb->report, "%s", err);
			l.flush_status = 1;
		} else {
			book_solver_run(sv, bb->w, bb->h, &work, &l.stop);
			book_solver_free(sv);
		}
	}
	atomic_store(&l.finished, true);
	if (have_keeper)
		pthread_join(kt, NULL);
	if (book_build_flush(bb) != 0)
		l.flush_status = 1;
	util_stop_signals_end(&saved);

	status = l.flush_status ? BOOK_BUILD_FAILED : book_build_finish(bb);
	book_build_free(bb);
	return status;
}
