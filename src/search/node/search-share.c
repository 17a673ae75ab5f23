/* search-share.c -- entries of one search's table for another's
 * (search_export(), search_import() and search_shared_merge() in
 * search.h, which pick the width in search-run.c): what one rank of a
 * distributed search (dist.c) learnt of the positions near its task's
 * root, for the other ranks, whose tables would otherwise search those
 * positions again; and the stores of another machine's exact solver
 * (search_tap) merged into a shared table.  Compiled for each width,
 * as search-root.c is: as it is, and inside search/search64.c for the
 * boards of at most 64 bits. */
#include "config.h"

#include <assert.h>
#include <string.h>

#include "search/node/search-int.h"
#include "search/node/tt.h"

struct walk {
	struct search *s;
	struct search_entry *out;
	int n, max;
};

/* The big table's entry of b, if it holds one, into the walk's list. */
static void
take(struct walk *w, const board_t *b)
{
	const struct search *s = w->s;
	if (w->n >= w->max || b->w * b->h - b->moves < s->leaf_cells)
		return;
	bool mirrored;
	bb_t key = s->tt_mode == TT_EXACT ? exact_key(b, &mirrored)
	                                  : tt_key(b, &mirrored);
	_Atomic uint64_t *bucket;
	uint64_t check;
	tt_locate(&s->tt, key, &bucket, &check);
	for (int k = 0; k < TT_BUCKET_SLOTS && w->n < w->max; k++) {
		uint64_t word =
		    atomic_load_explicit(&bucket[k], memory_order_relaxed);
		if (tt_holds(word, check))
			w->out[w->n++] = (struct search_entry){
			    (uint64_t)(bucket + k - s->tt.slot), word};
	}
}

/* The positions exactly `left` plies below b (no finished games). */
static void
walk(struct walk *w, const board_t *b, int left)
{
	if (left == 0) {
		take(w, b);
		return;
	}
	for (int c = 0; c < b->w && w->n < w->max; c++) {
		if (!board_can_play(b, c) || board_is_winning_move(b, c))
			continue;
		board_t nb = *b;
		board_play(&nb, c);
		if (!board_is_full(&nb))
			walk(w, &nb, left - 1);
	}
}

int
search_share_export(struct search *s, const board_t *b, int plies,
                    struct search_entries *hdr, struct search_entry *out,
                    int max)
{
	assert(s != NULL && b != NULL && hdr != NULL && max >= 0);
	memset(hdr, 0, sizeof *hdr);
	if (s->tt_mode == TT_EMPTY || s->clear_pending || s->tt.slot == NULL)
		return 0;
	struct walk w = {s, out, 0, max};
	/* Level by level: the shallowest positions hold the most work. */
	for (int d = 0; d <= plies && w.n < max; d++)
		walk(&w, b, d);
	hdr->slots =
	    atomic_load_explicit(&s->tt.nbuckets, memory_order_relaxed) *
	    TT_BUCKET_SLOTS;
	hdr->mode = (uint8_t)s->tt_mode;
	hdr->w = (uint8_t)b->w;
	hdr->h = (uint8_t)b->h;
	hdr->n = (uint16_t)w.n;
	return w.n;
}

void
search_share_import(struct search *s, const struct search_entries *hdr,
                    const struct search_entry *in)
{
	const uint64_t slots =
	    atomic_load_explicit(&s->tt.nbuckets, memory_order_relaxed) *
	    TT_BUCKET_SLOTS;
	if (hdr->n == 0 || hdr->mode != (uint8_t)s->tt_mode ||
	    s->clear_pending || hdr->slots != slots ||
	    s->tt.key_bits != hdr->w * (hdr->h + 1) || s->tt_bits != BOARD_BITS)
		return;
	const uint64_t check_mask = ~tt_low_mask(TT_CHECK_SHIFT);
	for (int i = 0; i < hdr->n; i++) {
		uint64_t at = in[i].slot & ~(uint64_t)(TT_BUCKET_SLOTS - 1);
		if (in[i].slot >= slots || in[i].word == 0)
			continue;
		_Atomic uint64_t *bucket = &s->tt.slot[at];
		uint64_t w0 =
		    atomic_load_explicit(&bucket[0], memory_order_relaxed);
		uint64_t w1 =
		    atomic_load_explicit(&bucket[1], memory_order_relaxed);
		uint64_t check = in[i].word & check_mask;
		if (tt_holds(w0, check) || tt_holds(w1, check))
			continue; /* the table's own word stands */
		/* Slot 0 keeps the more work, slot 1 takes the rest. */
		int depth =
		    (int)tt_field(in[i].word, TT_DEPTH_SHIFT, TT_DEPTH_BITS);
		if (w0 == 0 ||
		    depth > (int)tt_field(w0, TT_DEPTH_SHIFT, TT_DEPTH_BITS)) {
			atomic_store_explicit(&bucket[1], w0,
			                      memory_order_relaxed);
			atomic_store_explicit(&bucket[0], in[i].word,
			                      memory_order_relaxed);
		} else {
			atomic_store_explicit(&bucket[1], in[i].word,
			                      memory_order_relaxed);
		}
	}
}

void
search_share_merge(_Atomic uint64_t *slots, uint64_t nslots,
                   const struct search_entries *hdr,
                   const struct search_entry *in)
{
	if (hdr->slots != nslots)
		return;
	const uint64_t check_mask = ~tt_low_mask(TT_CHECK_SHIFT);
	for (int i = 0; i < hdr->n; i++) {
		if (in[i].slot >= nslots || in[i].word == 0)
			continue;
		struct tt_entry e;
		tt_decode(in[i].word, &e);
		tt_store_solved_at(
		    &slots[in[i].slot & ~(uint64_t)(TT_BUCKET_SLOTS - 1)],
		    in[i].word & check_mask, e.value, e.bound, e.depth, e.move);
	}
}
