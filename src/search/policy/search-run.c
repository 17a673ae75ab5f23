/* search-run.c -- the public entries of the search that pick its width:
 * search_run() runs a board of at most 64 bits on the 64-bit search (the
 * table search_width64 of search/search64.c), any other on this one: the
 * move's policy (search_play(), search-prove.c), then the practical choice
 * among equals (search_set_traps(), search-traps.c); search_export() and
 * search_import() the same way (search-share.c); search_solve(), the
 * plainest search.  Compiled once, for board128_t.
 */
#include "config.h"

#include "search/node/search-int.h"

/* Whether a w x h board runs on the 64-bit search. */
static bool
runs_small(const struct search *s, int w, int h)
{
	return board_is_small(w, h) && !s->wide_only;
}

/* The public entry: the width, the policy, the traps. */
void
search_run(struct search *s, const board_t *b, const struct search_limits *lim,
           struct search_result *r)
{
	if (runs_small(s, b->w, b->h)) {
		board64_t b64;
		board_to64(b, &b64);
		search_width64.play(s, &b64, lim, r);
		search_width64.set_traps(s, &b64, lim, r);
		return;
	}
	search_play(s, b, lim, r);
	search_set_traps(s, b, lim, r);
}

int
search_export(struct search *s, const board_t *b, int plies,
              struct search_entries *hdr, struct search_entry *out, int max)
{
	if (runs_small(s, b->w, b->h)) {
		board64_t b64;
		board_to64(b, &b64);
		return search_width64.share_export(s, &b64, plies, hdr, out,
		                                   max);
	}
	return search_share_export(s, b, plies, hdr, out, max);
}

void
search_import(struct search *s, const struct search_entries *hdr,
              const struct search_entry *in)
{
	if (runs_small(s, hdr->w, hdr->h))
		search_width64.share_import(s, hdr, in);
	else
		search_share_import(s, hdr, in);
}

uint64_t
search_shared_slot_count(size_t tt_mb)
{
	return tt_bytes(tt_mb) / sizeof(uint64_t);
}

void
search_shared_merge(void *mem, size_t tt_mb, const struct search_entries *hdr,
                    const struct search_entry *in)
{
	if (!search_shared_exact(mem, hdr->w * (hdr->h + 1)))
		return;
	/* The table's width is its board's (search_shared_prepare()). */
	_Atomic uint64_t *slots = (_Atomic uint64_t *)search_shared_slots(mem);
	const uint64_t n = search_shared_slot_count(tt_mb);
	if (board_is_small(hdr->w, hdr->h))
		search_width64.share_merge(slots, n, hdr, in);
	else
		search_share_merge(slots, n, hdr, in);
}

int
search_solve(struct search *s, const board_t *b, bool weak, uint64_t *nodes)
{
	struct search_limits lim;
	struct search_result r;
	search_limits_default(&lim);
	lim.mode = weak ? SEARCH_WEAK : SEARCH_EXACT;
	lim.threads = 1;
	search_run(s, b, &lim, &r);
	if (nodes)
		*nodes = r.nodes;
	return r.score;
}
