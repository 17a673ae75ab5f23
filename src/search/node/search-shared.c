/* search-shared.c -- a main table that the processes of one machine share
 * (search.h, "a table shared between processes"): its header, which says
 * what kind of values the table holds, and the adoption of the memory by
 * a search.  The memory itself is the caller's (an MPI-3 shared window in
 * mpi/, one allocation in dist.c's loopback).  Compiled once: nothing
 * here depends on the width of the search. */
#include "config.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>

#include "search/node/search-int.h"

/* The header, on a page of its own, then the exact solver's marks of
 * positions being searched (EXACT_BUSY_SLOTS, search-exact.c), which the
 * processes share as threads share them, then the slots. */
struct search_shared_hdr {
	_Atomic uint32_t mode;     /* enum tt_mode: TT_EMPTY, _EXACT, _DEPTH */
	_Atomic uint32_t key_bits; /* the board's key bits */
	_Atomic uint32_t bits;     /* the width of search (64, 128) */
	_Atomic uint32_t clears;   /* times emptied (statistics) */
};
#define SHARED_PAGE      4096
#define SHARED_BUSY_AT   SHARED_PAGE
#define SHARED_HDR_BYTES (SHARED_BUSY_AT + EXACT_BUSY_SLOTS * 64)
_Static_assert(sizeof(struct search_shared_hdr) <= SHARED_PAGE,
               "the header fits its page");
_Static_assert(sizeof(struct split_busy) == 64, "a mark a cache line");
_Static_assert(SHARED_HDR_BYTES % SHARED_PAGE == 0,
               "the slots start on a page");

/* Where the header starts in memory of search_shared_bytes(): the first
 * page boundary.  A shared window's memory need not start on one (Open
 * MPI's does not), and the marks want their cache lines; every process
 * maps the window at a page boundary of its own, so the offset is the
 * same in all of them. */
static char *
shared_at(void *mem)
{
	uintptr_t p = (uintptr_t)mem;
	return (char *)((p + SHARED_PAGE - 1) & ~(uintptr_t)(SHARED_PAGE - 1));
}

size_t
search_shared_bytes(size_t tt_mb)
{
	return SHARED_PAGE + SHARED_HDR_BYTES + tt_bytes(tt_mb);
}

const void *
search_shared_slots(const void *mem)
{
	return shared_at((void *)mem) + SHARED_HDR_BYTES;
}

void
search_share_table(struct search *s, void *mem, size_t tt_mb)
{
	assert(s != NULL && mem != NULL);
	mem = shared_at(mem);
	const int key_bits = s->tt.key_bits;
	tt_free(&s->tt);
	tt_init_at(&s->tt, (char *)mem + SHARED_HDR_BYTES, tt_bytes(tt_mb),
	           key_bits);
	if (!s->busy_shared)
		free(s->busy);
	/* Zero is an empty mark (split.h): the memory starts zero. */
	s->busy = (struct split_busy *)((char *)mem + SHARED_BUSY_AT);
	s->busy_shared = true;
	s->shared = mem;
	s->warm_pending = false; /* its pages are not this search's to warm */
	s->tt_mb = tt_mb;
}

bool
search_shared_exact(const void *mem, int key_bits)
{
	const struct search_shared_hdr *h =
	    (const struct search_shared_hdr *)shared_at((void *)mem);
	return atomic_load(&h->mode) == TT_EXACT &&
	       atomic_load(&h->key_bits) == (uint32_t)key_bits;
}

bool
search_shared_prepare(void *mem, size_t tt_mb, const board_t *b,
                      enum search_mode mode)
{
	mem = shared_at(mem);
	struct search_shared_hdr *h = (struct search_shared_hdr *)mem;
	const bool exact = mode == SEARCH_EXACT || mode == SEARCH_WEAK;
	const uint32_t want = exact ? TT_EXACT : TT_DEPTH;
	const uint32_t key_bits = (uint32_t)(b->w * (b->h + 1));
	const uint32_t bits = key_bits <= 64 ? 64 : 128;
	const uint32_t had = atomic_load(&h->mode);
	if (had == want && atomic_load(&h->key_bits) == key_bits &&
	    atomic_load(&h->bits) == bits)
		return false;
	bool cleared = false;
	if (had != TT_EMPTY) {
		/* Atomic stores: another process may still sample the fill. */
		struct tt t;
		tt_init_at(&t, (char *)mem + SHARED_HDR_BYTES, tt_bytes(tt_mb),
		           (int)key_bits);
		tt_clear_range(&t, 0, tt_slots(&t));
		atomic_fetch_add(&h->clears, 1);
		cleared = true;
	}
	atomic_store(&h->key_bits, key_bits);
	atomic_store(&h->bits, bits);
	atomic_store(&h->mode, want);
	return cleared;
}
