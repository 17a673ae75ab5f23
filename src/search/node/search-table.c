/* search-table.c -- a search's table and its lifetime: making and freeing
 * a search (its big table, the leaf table, the threads' own leaf tables,
 * the exact solver's busy marks and the second search), clearing the
 * tables at once or a chunk at a time, the idle work between searches
 * (a pending clear, the warm-up of a new table), and the memory check
 * before a search is made.
 *
 * Nothing here depends on the width of the board: compiled once, in the
 * 128-bit build (search/search64.c does not include this file).
 */
#include "config.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "search/node/search-int.h"

/* Slots cleared between two looks at the stop token: 1 MB, a tenth of a
 * millisecond of stores. */
#define CLEAR_CHUNK_SLOTS ((uint64_t)1 << 17)

/* Go on with a pending clear (search_clear_later()): true once every
 * table is empty, false when a stop came first (the next search goes on
 * from there). */
bool
search_clear_part(struct search *s, int key_bits,
                  const struct search_stop *stop)
{
	for (; s->clear_tab < 2 + s->own_leaf_n; s->clear_tab++) {
		struct tt *t = s->clear_tab == 0 ? &s->tt
		               : s->clear_tab == 1
		                   ? &s->leaf
		                   : &s->own_leaf[s->clear_tab - 2];
		/* A shared main table is its owner's to empty. */
		const uint64_t n = s->clear_tab == 0 && s->shared != NULL
		                       ? 0
		                       : tt_used_slots(t);
		while (s->clear_at < n) {
			if (search_stop_requested(stop))
				return false;
			uint64_t to = s->clear_at + CLEAR_CHUNK_SLOTS;
			to = to < n ? to : n;
			tt_clear_range(t, s->clear_at, to);
			s->clear_at = to;
		}
		if (n > 0)
			tt_restart(t);
		s->clear_at = 0;
	}
	tt_set_key_bits(&s->tt, key_bits);
	tt_set_key_bits(&s->leaf, key_bits);
	for (int i = 0; i < s->own_leaf_n; i++)
		tt_set_key_bits(&s->own_leaf[i], key_bits);
	s->clear_pending = false;
	s->tt_mode = TT_EMPTY;
	return true;
}

/* Empty the big table and the leaf table, for keys of key_bits bits. */
static void
clear_tables(struct search *s, int key_bits)
{
	if (s->shared == NULL)
		tt_clear(&s->tt, key_bits);
	else
		tt_set_key_bits(&s->tt, key_bits);
	tt_clear(&s->leaf, key_bits);
	for (int i = 0; i < s->own_leaf_n; i++)
		tt_clear(&s->own_leaf[i], key_bits);
}

struct search *
search_new(size_t tt_mb, char *err, size_t errlen)
{
	return search_new_opts(tt_mb, NULL, err, errlen);
}

struct search *
search_new_opts(size_t tt_mb, const struct search_opts *o, char *err,
                size_t errlen)
{
	struct search_opts dflt;
	if (o == NULL) {
		search_opts_default(&dflt);
		o = &dflt;
	}
	/* Its size is the user's (--tt-mb): no memory for it is an error
	 * the caller reports, as for the table. */
	struct search *s = calloc(1, sizeof *s);
	if (s == NULL) {
		if (err != NULL)
			snprintf(err, errlen,
			         "out of memory (a search of %zu bytes)",
			         sizeof *s);
		return NULL;
	}
	size_t mb = tt_mb;
	if (!tt_init_floor(&s->tt, tt_mb, (size_t)TT_FLOOR_MB << 20, 64) ||
	    !tt_init_floor(&s->leaf, mb = LEAF_TT_MB, LEAF_FLOOR_BYTES, 64)) {
		if (err != NULL)
			snprintf(err, errlen,
			         "out of memory (a table of %zu MB)",
			         tt_bytes(mb) >> 20);
		search_free(s);
		return NULL;
	}
	s->leaf_cells = LEAF_CELLS_MIN;
	s->tt_mode = TT_EMPTY;
	s->tt_mb = tt_mb;
	s->wide_only = o->wide_only;
	s->own_after = o->own_after;
	return s;
}

void
search_free(struct search *s)
{
	if (s == NULL)
		return;
	tt_free(&s->tt);
	tt_free(&s->leaf);
	for (int i = 0; i < s->own_leaf_n; i++)
		tt_free(&s->own_leaf[i]);
	free(s->own_leaf);
	if (!s->busy_shared)
		free(s->busy);
	search_free(s->aux);
	free(s);
}

void
search_clear(struct search *s)
{
	clear_tables(s, s->tt.key_bits);
	s->tt_mode = TT_EMPTY;
	s->clear_pending = false;
	if (s->aux != NULL)
		search_clear(s->aux);
}

void
search_clear_later(struct search *s)
{
	if (!s->clear_pending) {
		s->clear_pending = true;
		s->clear_tab = 0;
		s->clear_at = 0;
	}
	if (s->aux != NULL)
		search_clear_later(s->aux);
}

void
search_warm_later(struct search *s)
{
	s->warm_pending = true;
	s->warm_tab = 0;
	s->warm_at = 0;
}

/* Bring in the pages of table t from slot *at, a chunk at a time; false
 * when a stop came first. */
static bool
warm_table(struct tt *t, uint64_t *at, const struct search_stop *stop)
{
	const uint64_t n = tt_slots(t);
	while (*at < n) {
		if (search_stop_requested(stop))
			return false;
		uint64_t to = *at + CLEAR_CHUNK_SLOTS;
		to = to < n ? to : n;
		tt_clear_range(t, *at, to);
		*at = to;
	}
	return true;
}

bool
search_idle_step(struct search *s, const struct search_stop *stop)
{
	if (s->clear_pending && !search_clear_part(s, s->tt.key_bits, stop))
		return false;
	/* A table no search has used holds zeros: writing them again brings
	 * its pages in.  The big table, the leaf table, then the second
	 * search's (made now rather than by the first search that proves:
	 * its first use would otherwise take the page faults of its table,
	 * tens of milliseconds on a busy machine, between its looks at the
	 * stop flag). */
	for (; s->warm_pending && s->warm_tab < (s->is_aux ? 2 : 3);
	     s->warm_tab++) {
		if (s->warm_tab == 0 && s->shared != NULL)
			continue; /* the shared table is its owner's */
		if (s->warm_tab == 2) {
			struct search *aux = search_aux(s);
			if (aux == NULL)
				continue;
			if (s->warm_at == 0) {
				search_warm_later(aux);
				s->warm_at = 1; /* asked once */
			}
			if (!search_idle_step(aux, stop))
				return false;
			continue;
		}
		if (!warm_table(s->warm_tab == 0 ? &s->tt : &s->leaf,
		                &s->warm_at, stop))
			return false;
		s->warm_at = 0;
	}
	s->warm_pending = false;
	return true;
}

struct stats *
search_stats(struct search *s)
{
	return &s->stats;
}

void
search_set_trace(struct search *s, struct trace *t)
{
	s->trace = t;
}

int
search_busy_marks(const struct search *s)
{
	int n = 0;
	for (int i = 0; s->busy != NULL && i < EXACT_BUSY_SLOTS; i++)
		n += atomic_load_explicit(&s->busy[i].key,
		                          memory_order_relaxed) != 0;
	return n;
}

const char *const search_split_names[SPLIT_NSCHEMES] = {
    [SPLIT_DEEP] = "deep",
    [SPLIT_ROOT] = "root",
    [SPLIT_LAZY] = "lazy",
};

/* The threads' own leaf tables for a big exact search on `threads`
 * threads (settings.h, LEAF_OWN_AFTER): made on first need and then kept;
 * false when there is no memory for them (the threads then share the one
 * leaf table throughout). */
bool
search_own_leaf_ready(struct search *s, int threads, int key_bits)
{
	if (s->own_leaf_n < threads) {
		struct tt *t =
		    realloc(s->own_leaf, (size_t)threads * sizeof *t);
		if (t == NULL)
			return false;
		s->own_leaf = t;
		for (; s->own_leaf_n < threads; s->own_leaf_n++)
			if (!tt_init_floor(&t[s->own_leaf_n], LEAF_TT_MB,
			                   LEAF_FLOOR_BYTES, key_bits))
				return false;
	}
	for (int i = 0; i < threads; i++) {
		if (s->own_leaf[i].key_bits != key_bits)
			tt_clear(&s->own_leaf[i], key_bits);
		tt_shrink(&s->own_leaf[i]);
	}
	return true;
}

/* The marks of positions being searched, made clear on the first search
 * that needs them.  Every search clears its own marks as its nodes return,
 * stopped and cut-off ones included (the split suite checks it), so they
 * are not cleared again before each search. */
struct split_busy *
search_busy_table(struct search *s)
{
	if (s->busy == NULL) {
		s->busy = aligned_alloc(_Alignof(struct split_busy),
		                        EXACT_BUSY_SLOTS * sizeof *s->busy);
		if (s->busy == NULL)
			return NULL; /* the search runs without them */
		for (int i = 0; i < EXACT_BUSY_SLOTS; i++)
			atomic_init(&s->busy[i].key, 0);
	}
	return s->busy;
}

const char *
search_memory_error(size_t tt_mb, int threads, char *buf, size_t len)
{
	assert(buf != NULL && len > 0);
	const uint64_t mb = 1 << 20;
	uint64_t table = tt_bytes(tt_mb);
	uint64_t leaf = tt_bytes(LEAF_TT_MB);
	uint64_t stacks =
	    (uint64_t)threads *
	    (util_thread_stack() + (uint64_t)SEARCH_THREAD_SLACK_MB * mb);
	/* and, in a big search, each thread's own leaf table */
	if (threads > 1)
		stacks += (uint64_t)threads * leaf;
	uint64_t slack = (uint64_t)SEARCH_MEMORY_SLACK_MB * mb;
	uint64_t avail = util_mem_available(), room = util_vm_headroom();

	if (room != UINT64_MAX && table + leaf + stacks + slack > room) {
		snprintf(
		    buf, len,
		    "the %llu MB table (--tt-mb) and %d search "
		    "thread%s need %llu MB of address space, but the limit "
		    "(ulimit -v) leaves %llu MB: give a smaller --tt-mb or "
		    "fewer --threads",
		    (unsigned long long)(table / mb), threads,
		    threads == 1 ? "" : "s",
		    (unsigned long long)((table + leaf + stacks + slack) / mb),
		    (unsigned long long)(room / mb));
		return buf;
	}
	if (avail != 0 && table + leaf > avail) {
		snprintf(buf, len,
		         "the %llu MB table (--tt-mb) is more than "
		         "the memory available now (%llu MB): give a smaller "
		         "--tt-mb",
		         (unsigned long long)(table / mb),
		         (unsigned long long)(avail / mb));
		return buf;
	}
	return NULL;
}

/* The second search (struct search's aux), made on first need: NULL when
 * there is no memory for it (the search then goes without). */
struct search *
search_aux(struct search *s)
{
	if (s->aux == NULL) {
		size_t mb = s->tt_mb < PROVE_TT_MB ? s->tt_mb : PROVE_TT_MB;
		const struct search_opts o = {.wide_only = s->wide_only,
		                              .own_after = s->own_after};
		s->aux = search_new_opts(mb > 0 ? mb : 1, &o, NULL, 0);
		if (s->aux != NULL)
			s->aux->is_aux = true;
	}
	return s->aux;
}
