/* book-build-int.h -- what the files of a book build share (book-build.c:
 * the plan, the build's state, the shallower levels and the book;
 * book-journal.c: the journal and the lock; book-solve.c: the solvers and
 * the one-process build).  Not for use outside src/book/. */
#ifndef DROPFOUR_BOOK_BUILD_INT_H
#define DROPFOUR_BOOK_BUILD_INT_H

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdint.h>

#include "book/book-build.h"
#include "core/board.h"
#include "core/util.h"

#define JOURNAL_MAGIC       "DROP4JN\x1a"
#define JOURNAL_VERSION     1
#define JOURNAL_HEADER_SIZE 32
/* Most entries in one journal batch. */
#define JOURNAL_BATCH_MAX 65536
/* A score not known yet (real ones are within +-32). */
#define UNSOLVED INT8_MIN

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

/* Hand a message to the caller's report (book-build.h), if any. */
static inline void __attribute__((format(printf, 2, 3)))
build_report_message(const struct book_report *r, const char *fmt, ...)
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

/* Index of key in a level, or -1. */
static inline int64_t
plan_find(const struct level *l, uint64_t key)
{
	uint64_t lo = util_lower_bound(l->keys, l->n, key);
	return lo < l->n && l->keys[lo] == key ? (int64_t)lo : -1;
}

/* book-journal.c.  FILE.lock taken for this build: 0, or -1 after the
 * message (another build holds it, naming its process). */
int build_lock(struct book_build *bb);
/* The journal opened: replayed when one is there (a resumed build), else
 * made with its header; 0, or -1 after the message. */
int journal_open(struct book_build *bb);

#endif
