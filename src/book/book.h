/* book.h -- the opening book: exact scores of positions, kept in a file.
 *
 * A book holds, for one board size, the exact score (core/score.h's scale,
 * docs/solver.md "Scores": for the side to move, 0 a draw, (W*H + 1 - m) / 2
 * for a win with stone m + 1, negative for a loss) of positions whose game is
 * not over.  `dropfour book build` writes one with every reachable position of
 * at most `ply` stones; the state-space passes write every position of a small
 * board (ply up to W*H).  A probe finds a position or its mirror image.
 *
 * File format, version 1.  All integers are little-endian.
 *
 *   offset  size  field
 *        0     8  magic: the bytes "DROP4BK" followed by a 0x1a byte
 *        8     4  version: 1
 *       12     1  width W (4..9)
 *       13     1  height H (W * (H + 1) <= 64)
 *       14     2  ply: no entry has more stones than this (0..W*H)
 *       16     8  count: number of entries
 *       24     8  checksum: 64-bit FNV-1a of every byte from offset 64 on
 *                 (basis 0xcbf29ce484222325, prime 0x100000001b3)
 *       32    32  reserved, zero
 *       64  9*count  entries, 9 bytes each:
 *                 8  key: the position's canonical key (below)
 *                 1  score: the exact score, a signed byte
 *
 * The file is exactly 64 + 9 * count bytes.  Key of a position: the bitboard
 * sum current + mask in board.h's layout (bit col * (H + 1) + row, column 0
 * on the left, row 0 at the bottom; `current` the stones of the side to
 * move, `mask` all stones).  Column by column it is the side to move's stone
 * pattern plus 2^k - 1 for a column of k stones, so it is unique and can be
 * decoded back into the position.  The canonical key is the smaller of the
 * key and its mirror image's (columns reversed).  Entries are sorted by
 * canonical key, strictly ascending: one entry per position up to symmetry,
 * and a given set of positions always gives the same bytes, whatever the
 * thread or process count that solved them.
 *
 * Every entry must be a position that can arise in a game (stone counts of
 * the two sides), with neither side holding four, not full, with at most
 * `ply` stones, and a score inside that position's possible range.  The
 * reader checks all of it, and the size, order and checksum, before it
 * answers a single probe: a damaged file is refused with a message, never
 * half used.  The writer checks the same and writes a temporary file in the
 * target's directory, renamed into place only once complete.
 */
#ifndef DROPFOUR_BOOK_H
#define DROPFOUR_BOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/board.h"
#include "search/search.h"

#define BOOK_MAGIC       "DROP4BK\x1a"
#define BOOK_VERSION     1
#define BOOK_HEADER_SIZE 64
#define BOOK_ENTRY_SIZE  9

/* One position and its score, as the bulk writer takes them. */
struct book_entry {
	uint64_t key; /* canonical key */
	int8_t score;
};

struct book;

/* Read and check a book file.  Returns NULL with a sentence in err (naming
 * the file and what is wrong with it) when it cannot be used. */
struct book *book_open(const char *path, char *err, size_t errlen);
void book_free(struct book *bk);

int book_width(const struct book *bk);
int book_height(const struct book *bk);
int book_ply(const struct book *bk);
uint64_t book_count(const struct book *bk);
uint64_t book_checksum(const struct book *bk);
/* Entry i (0 <= i < count), in file order. */
void book_entry_at(const struct book *bk, uint64_t i, uint64_t *key,
                   int *score);

/* Exact score of a position (or of its mirror image) if the book holds it.
 * False for a position it does not hold, and for another board size. */
bool book_probe(const struct book *bk, const board_t *b, int *score);
/* The book as the exact search consults it (search_limits.book). */
/* NULL if a book can hold w x h positions, else a sentence saying why not:
 * books hold boards of at most 64 bits (width * (height + 1) <= 64). */
const char *book_size_error(int w, int h);

const struct search_oracle *book_oracle(const struct book *bk);

/* The canonical key: min(key, mirrored key). */
uint64_t book_canonical_key(const board_t *b);
/* Decode a key of a W x H board into the position.  False (and nothing
 * written) if the key is not one of a position of that size. */
bool book_key_board(int w, int h, uint64_t key, board_t *out);
/* NULL if (key, score) may be an entry of a W x H book of that ply,
 * otherwise a sentence saying why not. */
const char *book_entry_error(int w, int h, int ply, uint64_t key, int score);

/* The streaming writer: add entries in ascending canonical key order. */
struct book_writer;

/* Start writing a W x H book of positions up to `ply` stones to a temporary
 * file beside `path` (a device or FIFO: in the folder tmpdir, NULL or
 * empty for /tmp).  NULL with a message in err on failure. */
struct book_writer *book_writer_open(const char *path, int w, int h, int ply,
                                     const char *tmpdir, char *err,
                                     size_t errlen);
/* Add one entry.  Returns 0, or -1 with a message (bad entry, key not above
 * the previous one, write error); the writer then only accepts abort. */
int book_writer_add(struct book_writer *wr, uint64_t key, int score, char *err,
                    size_t errlen);
/* Finish: header, flush, fsync, rename onto the path.  Returns 0, or -1 with
 * a message (and the temporary file removed).  Frees the writer. */
int book_writer_close(struct book_writer *wr, char *err, size_t errlen);
/* Give up: remove the temporary file, free the writer. */
void book_writer_abort(struct book_writer *wr);

/* Write a whole book from n entries in any order (sorted here, in place).
 * Keys must be canonical and distinct; tmpdir as for book_writer_open().
 * Returns 0, or -1 with a message. */
int book_write(const char *path, int w, int h, int ply, struct book_entry *e,
               size_t n, const char *tmpdir, char *err, size_t errlen);

/* Little-endian fields of n bytes (n <= 8), as the format stores them. */
void book_le_put(unsigned char *p, uint64_t v, int n);
uint64_t book_le_get(const unsigned char *p, int n);
/* One 9-byte entry (also the journal's and the MPI messages' record). */
void book_entry_encode(unsigned char *p, uint64_t key, int score);
void book_entry_decode(const unsigned char *p, uint64_t *key, int8_t *score);

/* The checksum of the format: 64-bit FNV-1a, continued from `h` (start
 * with BOOK_FNV_BASIS). */
#define BOOK_FNV_BASIS 0xcbf29ce484222325ull
uint64_t book_fnv1a(uint64_t h, const void *data, size_t len);

#endif
