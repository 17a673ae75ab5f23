/* book-build.h -- building an opening book: the plan, the journal, the
 * solvers, and `dropfour book`.
 *
 * A build holds every reachable position with at most N stones whose game
 * is not over, one per mirror pair.  Only the deepest level (exactly N
 * stones) is searched; every shallower position takes the best of its
 * children's scores, which are then all known, so the positions that are
 * hardest to search (the fewest stones) cost nothing.  Solved positions of
 * the deepest level go to a journal (the book's path + ".journal") in small
 * flushed batches; a stopped, killed or crashed build loses at most the
 * batch in flight, and the same command run again continues.  The book is
 * written once, at the end, through book.c's writer.
 *
 * One process: book_build_run().  dropfour-mpi drives the same pieces:
 * rank 0 owns a struct book_build (claim, record, progress, finish), every
 * worker rank a struct book_solver.
 */
#ifndef DROPFOUR_BOOK_BUILD_H
#define DROPFOUR_BOOK_BUILD_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/stop.h"

/* How a build speaks: the library never prints; the caller (book-cli.c)
 * draws.  Any callback may be NULL, and so may the whole report. */
struct book_report {
	/* An error or a notice (a journal resumed, a build stopped): one
	 * sentence, without the program's name or a newline. */
	void (*message)(void *ctx, const char *text);
	/* The progress line, redrawn in place; NULL: take it off. */
	void (*progress)(void *ctx, const char *line);
	/* The summary of a finished build (for standard output). */
	void (*summary)(void *ctx, const char *text);
	void *ctx;
};

/* What a build is asked for (the command line's -W, -H, --ply, -o,
 * --progress, --threads, --tt-mb). */
struct book_build_params {
	int width, height;
	int ply;            /* the most stones of a position in the book */
	const char *output; /* the book's path; NULL: dropfour-WxH-plyN.book */
	bool progress;      /* report progress lines */
	int threads;        /* book_build_run(): positions solved at once */
	size_t tt_mb;       /* book_build_run(): table memory of all threads */
	const struct book_report *report; /* messages, progress; NULL: none */
	/* Where the journal and the scratch file go when the output is a
	 * device or FIFO; NULL: /tmp.  The caller's, for the build's life. */
	const char *tmpdir;
	/* book_build_run(): the stop token (core/stop.h) that stops the
	 * build, resumable; NULL: none.  The caller's, for the build. */
	const struct search_stop *stop;
};

/* ---- the build's state (one process, or rank 0) ------------------------ */

struct book_build;

/* How a build ended; the command line makes an exit status of it. */
enum book_build_status {
	BOOK_BUILD_OK = 0,
	BOOK_BUILD_FAILED,     /* a file or a table failed: reported */
	BOOK_BUILD_BAD_PARAMS, /* the parameters ask for no build: reported */
	BOOK_BUILD_STOPPED,    /* stopped with positions left: resumable */
};

/* Enumerate the positions of the build `p` asks for, and open or resume
 * its journal.  `workers` names the progress columns
 * ("thread" or "rank"), numbered from `first`, `nworkers` of them.  NULL after
 * reporting a message; *status then says why (BOOK_BUILD_FAILED, or
 * BOOK_BUILD_BAD_PARAMS). */
struct book_build *book_build_open(const struct book_build_params *p,
                                   const char *workers, int first, int nworkers,
                                   enum book_build_status *status);
void book_build_free(struct book_build *bb);

/* Positions of the deepest level still to be searched. */
uint64_t book_build_left(const struct book_build *bb);
/* Positions to search next, taken off the list: a quarter of an even share
 * among `consumers`, within min..max, so batches shrink as the end nears
 * and the last ones are short.  Returns how many went into keys (ascending),
 * 0 when none is left. */
size_t book_build_claim(struct book_build *bb, uint64_t *keys, size_t min,
                        size_t max, size_t consumers);
/* Results of worker `who`: kept for the journal's next batch. */
void book_build_record(struct book_build *bb, const uint64_t *keys,
                       const int8_t *scores, size_t n, int who);
/* Write the kept results to the journal as one batch and flush it to the
 * disk.  Returns 0, or -1 after reporting a message. */
int book_build_flush(struct book_build *bb);
/* Report the progress line, at most four times a second, if
 * book_build_params.progress is on. */
void book_build_progress(struct book_build *bb);
/* Everything searched: the shallower levels from their children, the book
 * written, the journal removed, the summary reported: BOOK_BUILD_OK, or
 * BOOK_BUILD_FAILED.  If positions are left (a stopped build), reports how
 * to continue and returns BOOK_BUILD_STOPPED. */
enum book_build_status book_build_finish(struct book_build *bb);

/* ---- solvers: OpenMP threads, each with its own search ----------------- */

struct book_solver;

/* `threads` searches of tt_mb / threads MB each (at least 16); NULL when
 * the memory cannot be had, the reason in err (errlen bytes). */
struct book_solver *book_solver_new(int threads, size_t tt_mb, char *err,
                                    size_t errlen);
void book_solver_free(struct book_solver *sv);

/* Where a solver gets work from and puts results: claim() hands out the
 * next position (false: none left), done() takes a score (tid: the thread
 * that found it).  Both are called from every thread at once. */
struct book_work {
	bool (*claim)(void *ctx, uint64_t *key);
	void (*done)(void *ctx, uint64_t key, int score, int tid);
	void *ctx;
};

/* Search until claim() says none is left or stop (core/stop.h, NULL:
 * none) is requested, one position per thread at a time, W x H board.  A
 * position stopped mid-search is not reported. */
void book_solver_run(struct book_solver *sv, int w, int h,
                     const struct book_work *work,
                     const struct search_stop *stop);

/* The whole build in this process, p->threads at once. */
enum book_build_status book_build_run(const struct book_build_params *p);

#endif
