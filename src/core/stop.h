/* stop.h -- the stop token: the one way every long job of the library is
 * stopped (a search, the distributed search, a statespace run, a tour
 * count, a book build).
 *
 * The caller owns the token and hands the job a pointer to it (a search
 * through search_limits.stop, the others through their parameters);
 * search_stop_request() from any thread, or from a signal handler (the
 * store is lock-free, so async-signal-safe), stops every job that token
 * reaches.  A job polls search_stop_requested() at its own pace and ends
 * early, reporting itself stopped or partial.
 *
 * A token may have a parent: it reads as requested when it or any token up
 * its chain is.  So a job can stop one of its parts alone through a child
 * token (the policy's sub-searches, search-limits.c; a book build's
 * solvers on a journal error) while the caller's token still stops them
 * all.  The library never reads the process's signals: a program that
 * wants a signal to stop a job trips the token
 * (util_stop_signals_begin()).
 */
#ifndef DROPFOUR_STOP_H
#define DROPFOUR_STOP_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

struct search_stop {
	atomic_bool requested;
	const struct search_stop *parent; /* NULL: none */
};

static inline void
search_stop_init(struct search_stop *tok, const struct search_stop *parent)
{
	atomic_init(&tok->requested, false);
	tok->parent = parent;
}

static inline void
search_stop_request(struct search_stop *tok)
{
	atomic_store(&tok->requested, true);
}

/* Take back a request, to use the token again (the engine, between its
 * searches); only while no job reads it expects to stop. */
static inline void
search_stop_clear(struct search_stop *tok)
{
	atomic_store(&tok->requested, false);
}

/* Whether tok (NULL: none) or a token up its chain was requested. */
static inline bool
search_stop_requested(const struct search_stop *tok)
{
	for (; tok != NULL; tok = tok->parent)
		if (atomic_load_explicit(&tok->requested, memory_order_relaxed))
			return true;
	return false;
}

#endif
