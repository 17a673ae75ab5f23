/* fuzz-book.c -- the opening book reader, book_open() and book_probe().
 *
 * Input: byte 0 holds flags, the rest is the book file.  Flag 1 writes the
 * entry count that the file's size implies into the header, flag 2 the
 * checksum of the entries, before the reader sees it: without them nearly
 * every mutation would stop at those two checks.  Promises held: a refused
 * file says why, naming it, in a NUL-terminated message; an accepted book
 * has a possible board size, entries in strictly ascending canonical-key
 * order that each pass book_entry_error(), decode to a position whose
 * canonical key they are, and probe back (also mirrored) to their score;
 * and book_write() of those entries gives back the same bytes.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "book/book.h"
#include "fuzz.h"

static void
put_le(uint8_t *p, uint64_t v, int n)
{
	for (int i = 0; i < n; i++, v >>= 8)
		p[i] = (uint8_t)v;
}

static void
check_book(const struct book *bk, const uint8_t *file, size_t size)
{
	const char *out_path = fuzz_scratch("book.bin");
	int w = book_width(bk), h = book_height(bk), ply = book_ply(bk);
	uint64_t n = book_count(bk), prev = 0;

	fuzz_require(board_size_error(w, h) == NULL);
	fuzz_require(ply >= 0 && ply <= w * h);
	fuzz_require(BOOK_HEADER_SIZE + n * BOOK_ENTRY_SIZE == size);
	struct book_entry *e = malloc(sizeof *e * (n ? n : 1));
	fuzz_require(e != NULL);
	for (uint64_t i = 0; i < n; i++) {
		uint64_t key;
		int score, probed;
		board_t b, m;
		book_entry_at(bk, i, &key, &score);
		fuzz_require(i == 0 || key > prev);
		prev = key;
		fuzz_require(book_entry_error(w, h, ply, key, score) == NULL);
		fuzz_require(book_key_board(w, h, key, &b));
		fuzz_require(book_canonical_key(&b) == key);
		fuzz_require(b.moves <= ply && !board_is_full(&b));
		fuzz_require(book_probe(bk, &b, &probed) && probed == score);
		board_mirror(&b, &m);
		fuzz_require(book_probe(bk, &m, &probed) && probed == score);
		e[i].key = key;
		e[i].score = (int8_t)score;
	}
	char err[512];
	fuzz_require(
	    book_write(out_path, w, h, ply, e, n, NULL, err, sizeof err) == 0);
	free(e);
	FILE *f = fopen(out_path, "rb");
	fuzz_require(f != NULL);
	uint8_t *back = malloc(size);
	fuzz_require(back != NULL);
	fuzz_require(fread(back, 1, size, f) == size && fgetc(f) == EOF);
	fclose(f);
	fuzz_require(memcmp(back, file, size) == 0);
	free(back);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], err[512];

	if (size < 1)
		return 0;
	unsigned flags = data[0];
	size--;
	uint8_t *file = malloc(size ? size : 1);
	fuzz_require(file != NULL);
	memcpy(file, data + 1, size);
	if (size >= BOOK_HEADER_SIZE) {
		if (flags & 1)
			put_le(file + 16,
			       (size - BOOK_HEADER_SIZE) / BOOK_ENTRY_SIZE, 8);
		if (flags & 2)
			put_le(file + 24,
			       book_fnv1a(BOOK_FNV_BASIS,
			                  file + BOOK_HEADER_SIZE,
			                  size - BOOK_HEADER_SIZE),
			       8);
	}
	int fd = fuzz_memory_file(file, size, path, sizeof path);
	memset(err, 'Z', sizeof err);
	struct book *bk = book_open(path, err, sizeof err);
	if (bk == NULL) {
		fuzz_require(memchr(err, '\0', sizeof err) != NULL);
		fuzz_require(strncmp(err, path, strlen(path)) == 0);
	} else {
		check_book(bk, file, size);
		book_free(bk);
	}
	close(fd);
	free(file);
	return 0;
}
