/* output-search.c -- the searches and engines the programs make
 * (output_search_new(), output_engine_new()): the tests' options read from
 * the environment (the library reads none), --trace's recorder attached,
 * and a table that cannot be had said before the program ends. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/output.h"
#include "cli/trace-file.h"
#include "search/engine/engine.h"
#include "search/search.h"

/* p, what a constructor made; when it made nothing (NULL), the program
 * ends after printing err, the constructor's reason. */
static void *
made_or_exit(void *p, const char *err)
{
	if (p == NULL)
		cli_fatal("%s", err);
	return p;
}

/* The tests' options of every search the programs make, from the
 * environment (docs/testing.md): DROPFOUR_SEARCH_BITS=128 puts every
 * board on the 128-bit search, DROPFOUR_LEAF_OWN_AFTER=N gives the
 * threads their own leaf tables after N nodes. */
static void
env_search_opts(struct search_opts *o)
{
	search_opts_default(o);
	const char *bits = getenv("DROPFOUR_SEARCH_BITS");
	o->wide_only = bits != NULL && strcmp(bits, "128") == 0;
	const char *after = getenv("DROPFOUR_LEAF_OWN_AFTER");
	if (after != NULL)
		o->own_after = strtoull(after, NULL, 10);
}

struct search *
output_search_new(size_t tt_mb)
{
	char err[256];
	struct search_opts o;
	env_search_opts(&o);
	struct search *s =
	    made_or_exit(search_new_opts(tt_mb, &o, err, sizeof err), err);
	/* --trace records the run's first search. */
	search_set_trace(s, trace_file_take());
	/* DROPFOUR_WARM_TABLE: the table's pages brought in now, before
	 * the first search's clock starts, as a solver that zeroes its
	 * table first times itself (docs/benchmarks.md). */
	if (getenv("DROPFOUR_WARM_TABLE") != NULL) {
		search_warm_later(s);
		search_idle_step(s, NULL);
	}
	return s;
}

struct engine *
output_engine_new(size_t tt_mb)
{
	char err[256];
	struct search_opts o;
	env_search_opts(&o);
	struct engine *e =
	    made_or_exit(engine_new_opts(tt_mb, &o, err, sizeof err), err);
	struct trace *t = trace_file_take();
	if (t != NULL)
		engine_set_trace(e, t);
	return e;
}
