/* statespace-book.c -- a solved state space written as an opening book
 * (book.h): every position whose game is not over, one of each mirror
 * pair, under its canonical key (current + mask), in ascending order. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book/book.h"
#include "statespace/statespace-book.h"
#include "core/util.h"

/* Entries packed as (canonical key << 8) | score byte: keys of at most
 * STATESPACE_BOOK_MAX_BITS bits, distinct, so word order is key order. */
struct collect {
	uint64_t *v;
	size_t n, cap;
};

static int
collect_one(void *arg, const board_t *b, bool over, int score)
{
	struct collect *c = arg;
	if (over)
		return 0;
	uint64_t key = board_key(b);
	if (board_mirror_key(b, key) < key)
		return 0; /* its mirror image stands for both */
	if (c->n == c->cap)
		return 1;
	c->v[c->n++] = key << 8 | (uint8_t)(int8_t)score;
	return 0;
}

/* LSD radix sort on the key bits (8 to 8 + bits), a byte a pass. */
static void
radix_sort(uint64_t *v, size_t n, int bits)
{
	uint64_t *tmp = xmalloc(n * sizeof *tmp);
	for (int shift = 8; shift < 8 + bits; shift += 8) {
		size_t count[257] = {0};
		for (size_t i = 0; i < n; i++)
			count[((v[i] >> shift) & 0xff) + 1]++;
		for (int d = 0; d < 256; d++)
			count[d + 1] += count[d];
		for (size_t i = 0; i < n; i++)
			tmp[count[(v[i] >> shift) & 0xff]++] = v[i];
		uint64_t *t = v;
		v = tmp;
		tmp = t;
	}
	/* An odd number of passes left the result in the scratch array. */
	if (((bits + 7) / 8) & 1)
		memcpy(tmp, v, n * sizeof *v);
	free(((bits + 7) / 8) & 1 ? v : tmp);
}

int
statespace_write_book(const struct statespace *ss, const char *path,
                      uint64_t *entries, char *err, size_t errlen)
{
	int w = statespace_width(ss), h = statespace_height(ss);
	int bits = w * (h + 1);
	struct statespace_ply sum;
	struct collect c = {0};

	if (bits > STATESPACE_BOOK_MAX_BITS) {
		snprintf(err, errlen,
		         "a book of the state space needs "
		         "width * (height + 1) <= %d",
		         STATESPACE_BOOK_MAX_BITS);
		return -1;
	}
	statespace_totals(ss, &sum);
	c.cap = sum.positions - sum.terminal;
	c.v = xmalloc((c.cap ? c.cap : 1) * sizeof *c.v);
	statespace_each(ss, collect_one, &c);
	radix_sort(c.v, c.n, bits);

	struct book_writer *wr = book_writer_open(
	    path, w, h, w * h, statespace_tmpdir(ss), err, errlen);
	if (wr == NULL) {
		free(c.v);
		return -1;
	}
	for (size_t i = 0; i < c.n; i++) {
		if (book_writer_add(wr, c.v[i] >> 8, (int8_t)(c.v[i] & 0xff),
		                    err, errlen) != 0) {
			book_writer_abort(wr);
			free(c.v);
			return -1;
		}
	}
	free(c.v);
	if (book_writer_close(wr, err, errlen) != 0)
		return -1;
	*entries = c.n;
	return 0;
}
