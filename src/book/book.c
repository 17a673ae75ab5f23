/* book.c -- the opening book file: checked reader, probe, safe writer.
 *
 * The format is described in book.h.  The reader takes nothing on trust: it
 * checks the header against the file's size before allocating, the
 * checksum, the order of the keys and every entry (a position that can
 * arise, not over, a score it can have) before the book answers a probe,
 * so a damaged or foreign file is refused with a message.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "book/book.h"
#include "core/util.h"

struct book {
	int w, h, ply;
	uint64_t count;
	uint64_t checksum;
	uint64_t *keys; /* ascending */
	int8_t *scores;
	struct search_oracle oracle; /* book_oracle() */
};

/* The entry of canonical key `key`, if the book holds it. */
static bool
book_find(const struct book *bk, uint64_t key, int *score)
{
	uint64_t lo = util_lower_bound(bk->keys, bk->count, key);
	if (lo == bk->count || bk->keys[lo] != key)
		return false;
	*score = bk->scores[lo];
	return true;
}

/* book_probe() for the search, which runs a book's boards on the 64-bit
 * rules. */
static bool
oracle_probe(const void *store, const board64_t *b, int *score)
{
	const struct book *bk = store;
	if (b->w != bk->w || b->h != bk->h || b->moves > bk->ply)
		return false;
	const uint64_t k = board64_key(b);
	const uint64_t m = board64_mirror_key(b, k);
	return book_find(bk, m < k ? m : k, score);
}

/* ---- keys -------------------------------------------------------------- */

uint64_t
book_fnv1a(uint64_t h, const void *data, size_t len)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

uint64_t
book_canonical_key(const board_t *b)
{
	bb_t k = board_key(b);
	bb_t m = board_mirror_key(b, k);
	return (uint64_t)(m < k ? m : k);
}

bool
book_key_board(int w, int h, uint64_t key, board_t *out)
{
	board_t b;
	const int h1 = h + 1;
	const uint64_t colbits = ((uint64_t)1 << h1) - 1;

	if (board_size_error(w, h) != NULL || !board_is_small(w, h))
		return false;
	if (w * h1 < 64 && (key >> (w * h1)) != 0)
		return false;
	board_init(&b, w, h);
	for (int c = 0; c < w; c++) {
		uint64_t v = (key >> (c * h1)) & colbits;
		if (v == colbits)
			return false; /* h + 1 stones */
		/* A column of k stones holds 2^k - 1 + pattern, pattern < 2^k.
		 */
		int k = 63 - __builtin_clzll(v + 1);
		uint64_t full = ((uint64_t)1 << k) - 1;
		b.mask |= full << (c * h1);
		b.current |= (v - full) << (c * h1);
		b.moves += k;
	}
	*out = b;
	return true;
}

const char *
book_entry_error(int w, int h, int ply, uint64_t key, int score)
{
	board_t b;

	if (!book_key_board(w, h, key, &b))
		return "not the key of a position of this board size";
	if (board_mirror_key(&b, key) < key)
		return "not a canonical key (its mirror image's is smaller)";
	if (b.moves > ply)
		return "more stones than the book's ply";
	if (__builtin_popcountll(b.current) != b.moves / 2)
		return "stone counts that no game can reach";
	if (board_has_four(b.current, h) ||
	    board_has_four(b.current ^ b.mask, h))
		return "a position whose game is over";
	if (board_is_full(&b))
		return "a full board";
	if (score < board_min_score(&b) || score > board_max_score(&b))
		return "a score outside the position's possible range";
	if (board_can_win_next(&b) && score != board_max_score(&b))
		return "a score that ignores a win with the next stone";
	return NULL;
}

/* ---- the reader ------------------------------------------------------ */

uint64_t
book_le_get(const unsigned char *p, int n)
{
	uint64_t v = 0;
	for (int i = n - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

void
book_le_put(unsigned char *p, uint64_t v, int n)
{
	for (int i = 0; i < n; i++, v >>= 8)
		p[i] = (unsigned char)(v & 0xff);
}

void
book_entry_encode(unsigned char *p, uint64_t key, int score)
{
	book_le_put(p, key, 8);
	p[8] = (unsigned char)(int8_t)score;
}

void
book_entry_decode(const unsigned char *p, uint64_t *key, int8_t *score)
{
	*key = book_le_get(p, 8);
	*score = (int8_t)p[8];
}

/* Entries read per fread while loading. */
#define READ_CHUNK 65536

/* Read the entries into bk, checking order and contents; the checksum
 * comes back in *sum.  Returns NULL or a message (with *bad the entry). */
static const char *
read_entries(FILE *f, struct book *bk, uint64_t *sum, uint64_t *bad)
{
	unsigned char *buf = xmalloc((size_t)READ_CHUNK * BOOK_ENTRY_SIZE);
	const char *why = NULL;
	uint64_t i = 0;

	*sum = BOOK_FNV_BASIS;
	while (i < bk->count && why == NULL) {
		uint64_t n =
		    bk->count - i < READ_CHUNK ? bk->count - i : READ_CHUNK;
		if (fread(buf, BOOK_ENTRY_SIZE, n, f) != n) {
			why = "read error or truncated file";
			*bad = i;
			break;
		}
		*sum = book_fnv1a(*sum, buf, (size_t)n * BOOK_ENTRY_SIZE);
		for (uint64_t j = 0; j < n; j++, i++) {
			book_entry_decode(buf + j * BOOK_ENTRY_SIZE,
			                  &bk->keys[i], &bk->scores[i]);
		}
	}
	free(buf);
	/* The contents are checked once the checksum has matched (by the
	 * caller), so that a damaged file is reported as damaged. */
	return why;
}

static const char *
check_entries(const struct book *bk, uint64_t *bad)
{
	for (uint64_t i = 0; i < bk->count; i++) {
		const char *why = book_entry_error(bk->w, bk->h, bk->ply,
		                                   bk->keys[i], bk->scores[i]);
		if (why == NULL && i > 0 && bk->keys[i] <= bk->keys[i - 1])
			why = "keys not in strictly ascending order";
		if (why != NULL) {
			*bad = i;
			return why;
		}
	}
	return NULL;
}

/* The file at path opened for reading, if it is a regular file (its
 * status in *st); NULL with the reason in err otherwise. */
static FILE *
open_regular(const char *path, struct stat *st, char *err, size_t errlen)
{
	/* O_NONBLOCK: a FIFO with no writer is refused below, not waited
	 * on for ever. */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	FILE *f = NULL;

	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	memset(st, 0, sizeof *st);
	if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode)) {
		snprintf(err, errlen,
		         "%s: not a regular file (a book is read from a file, "
		         "not a %s)",
		         path,
		         S_ISDIR(st->st_mode)    ? "folder"
		         : S_ISFIFO(st->st_mode) ? "FIFO"
		         : S_ISCHR(st->st_mode)  ? "device"
		                                 : "special file");
		close(fd);
		return NULL;
	}
	if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0 ||
	    (f = fdopen(fd, "rb")) == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		close(fd);
		return NULL;
	}
	return f;
}

/* The header, read and checked against itself and against the file's size
 * (size bytes): a new book with no entries yet, or NULL with the reason in
 * err. */
static struct book *
read_header(FILE *f, const char *path, long long size, char *err, size_t errlen)
{
	unsigned char hdr[BOOK_HEADER_SIZE];
	struct book *bk = NULL;

	if (fread(hdr, 1, sizeof hdr, f) != sizeof hdr) {
		snprintf(
		    err, errlen,
		    "%s: too short for a book (%lld bytes, the header alone "
		    "is %d)",
		    path, size, BOOK_HEADER_SIZE);
		return NULL;
	}
	if (memcmp(hdr, BOOK_MAGIC, 8) != 0) {
		snprintf(err, errlen, "%s: not a dropfour book (bad magic)",
		         path);
		return NULL;
	}
	if (book_le_get(hdr + 8, 4) != BOOK_VERSION) {
		snprintf(err, errlen,
		         "%s: book format version %llu, this dropfour reads %d",
		         path, (unsigned long long)book_le_get(hdr + 8, 4),
		         BOOK_VERSION);
		return NULL;
	}
	bk = xcalloc(1, sizeof *bk);
	bk->oracle.probe = oracle_probe;
	bk->oracle.store = bk;
	bk->w = hdr[12];
	bk->h = hdr[13];
	bk->ply = (int)book_le_get(hdr + 14, 2);
	bk->count = book_le_get(hdr + 16, 8);
	bk->checksum = book_le_get(hdr + 24, 8);
	if (book_size_error(bk->w, bk->h) != NULL) {
		snprintf(err, errlen, "%s: bad board size %dx%d in the header",
		         path, bk->w, bk->h);
		goto fail;
	}
	if (bk->ply > bk->w * bk->h) {
		snprintf(err, errlen, "%s: bad ply %d for a %dx%d board", path,
		         bk->ply, bk->w, bk->h);
		goto fail;
	}
	for (int i = 32; i < BOOK_HEADER_SIZE; i++)
		if (hdr[i] != 0) {
			snprintf(err, errlen,
			         "%s: reserved header bytes are not zero",
			         path);
			goto fail;
		}
	/* The size must match before anything is allocated for the count. */
	uint64_t want = (uint64_t)size - BOOK_HEADER_SIZE;
	if (want % BOOK_ENTRY_SIZE != 0 ||
	    bk->count != want / BOOK_ENTRY_SIZE) {
		snprintf(
		    err, errlen,
		    "%s: truncated or damaged: the header says %llu entries "
		    "(%llu bytes) but the file has %lld bytes",
		    path, (unsigned long long)bk->count,
		    (unsigned long long)(BOOK_HEADER_SIZE +
		                         bk->count * BOOK_ENTRY_SIZE),
		    size);
		goto fail;
	}
	return bk;
fail:
	book_free(bk);
	return NULL;
}

/* The entries the header announces, read into bk, their checksum matched
 * and then their contents checked.  0, or -1 with the reason in err. */
static int
load_entries(FILE *f, struct book *bk, const char *path, char *err,
             size_t errlen)
{
	uint64_t sum, bad = 0;
	const char *why;

	bk->keys = xmalloc((size_t)(bk->count ? bk->count : 1) * 8);
	bk->scores = xmalloc((size_t)(bk->count ? bk->count : 1));
	why = read_entries(f, bk, &sum, &bad);
	if (why != NULL) {
		snprintf(err, errlen, "%s: entry %llu: %s", path,
		         (unsigned long long)bad, why);
		return -1;
	}
	if (sum != bk->checksum) {
		snprintf(
		    err, errlen,
		    "%s: checksum mismatch (header %016llx, contents %016llx): "
		    "the file is damaged",
		    path, (unsigned long long)bk->checksum,
		    (unsigned long long)sum);
		return -1;
	}
	why = check_entries(bk, &bad);
	if (why != NULL) {
		snprintf(err, errlen, "%s: entry %llu: %s", path,
		         (unsigned long long)bad, why);
		return -1;
	}
	return 0;
}

struct book *
book_open(const char *path, char *err, size_t errlen)
{
	struct stat st;
	FILE *f = open_regular(path, &st, err, errlen);

	if (f == NULL)
		return NULL;
	struct book *bk =
	    read_header(f, path, (long long)st.st_size, err, errlen);
	if (bk != NULL && load_entries(f, bk, path, err, errlen) != 0) {
		book_free(bk);
		bk = NULL;
	}
	fclose(f);
	return bk;
}

void
book_free(struct book *bk)
{
	if (bk == NULL)
		return;
	free(bk->keys);
	free(bk->scores);
	free(bk);
}

int
book_width(const struct book *bk)
{
	return bk->w;
}

int
book_height(const struct book *bk)
{
	return bk->h;
}

int
book_ply(const struct book *bk)
{
	return bk->ply;
}

uint64_t
book_count(const struct book *bk)
{
	return bk->count;
}

uint64_t
book_checksum(const struct book *bk)
{
	return bk->checksum;
}

void
book_entry_at(const struct book *bk, uint64_t i, uint64_t *key, int *score)
{
	*key = bk->keys[i];
	*score = bk->scores[i];
}

const char *
book_size_error(int w, int h)
{
	const char *why = board_size_error(w, h);
	if (why == NULL && !board_is_small(w, h))
		why = "an opening book holds boards of at most 64 bits "
		      "(width * (height + 1) <= 64)";
	return why;
}

const struct search_oracle *
book_oracle(const struct book *bk)
{
	return &bk->oracle;
}

bool
book_probe(const struct book *bk, const board_t *b, int *score)
{
	if (bk == NULL || b->w != bk->w || b->h != bk->h || b->moves > bk->ply)
		return false;
	return book_find(bk, book_canonical_key(b), score);
}

/* ---- the writer -------------------------------------------------------- */

struct book_writer {
	FILE *f;
	char *path, *tmp;
	/* in place: a device or FIFO, written from the (unlinked)
	 * temporary file when the book is complete */
	char *target;
	bool in_place;
	int w, h, ply;
	uint64_t count, sum, last;
	bool failed;
};

/* The temporary file of a book written in place: in the folder dir (NULL
 * or empty: /tmp), unlinked at once, copied to the device or FIFO at the
 * end.  The fd, or -1 with errno. */
static int
scratch_file(const char *dir, char **name)
{
	if (dir == NULL || dir[0] == '\0')
		dir = "/tmp";
	size_t len = strlen(dir) + 32;
	*name = xmalloc(len);
	snprintf(*name, len, "%s/dropfour-book.XXXXXX", dir);
	int fd = mkstemp(*name);
	if (fd >= 0)
		unlink(*name);
	return fd;
}

struct book_writer *
book_writer_open(const char *path, int w, int h, int ply, const char *tmpdir,
                 char *err, size_t errlen)
{
	unsigned char hdr[BOOK_HEADER_SIZE] = {0};
	const char *why = book_size_error(w, h);

	if (why != NULL) {
		snprintf(err, errlen, "%s: %s", path, why);
		return NULL;
	}
	if (ply < 0 || ply > w * h) {
		snprintf(err, errlen, "%s: bad ply %d for a %dx%d board", path,
		         ply, w, h);
		return NULL;
	}
	enum util_output how;
	char *target;
	if (util_output_target(path, &target, &how) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	struct book_writer *wr = xcalloc(1, sizeof *wr);
	wr->path = xstrdup(path);
	wr->target = target;
	wr->in_place = how == UTIL_OUTPUT_IN_PLACE;
	int fd;
	if (wr->in_place) {
		fd = scratch_file(tmpdir, &wr->tmp);
	} else {
		size_t plen = strlen(target);
		wr->tmp = xmalloc(plen + 16);
		snprintf(wr->tmp, plen + 16, "%s.tmpXXXXXX", target);
		fd = mkstemp(wr->tmp);
	}
	if (fd < 0 || fchmod(fd, 0644) != 0 ||
	    (wr->f = fdopen(fd, "w+b")) == NULL) {
		snprintf(err, errlen, "%s: cannot create a temporary file: %s",
		         path, strerror(errno));
		if (fd >= 0) {
			close(fd);
			if (!wr->in_place)
				unlink(wr->tmp);
		}
		free(wr->path);
		free(wr->tmp);
		free(wr->target);
		free(wr);
		return NULL;
	}
	wr->w = w;
	wr->h = h;
	wr->ply = ply;
	wr->sum = BOOK_FNV_BASIS;
	/* A zero header for now: the real one goes in at the end. */
	if (fwrite(hdr, 1, sizeof hdr, wr->f) != sizeof hdr)
		wr->failed = true;
	return wr;
}

int
book_writer_add(struct book_writer *wr, uint64_t key, int score, char *err,
                size_t errlen)
{
	unsigned char e[BOOK_ENTRY_SIZE];
	const char *why;

	if (wr->failed) {
		snprintf(err, errlen, "%s: write error", wr->path);
		return -1;
	}
	why = book_entry_error(wr->w, wr->h, wr->ply, key, score);
	if (why == NULL && wr->count > 0 && key <= wr->last)
		why = "key not above the previous entry's";
	if (why != NULL) {
		snprintf(err, errlen, "%s: entry %llu (key %llx, score %d): %s",
		         wr->path, (unsigned long long)wr->count,
		         (unsigned long long)key, score, why);
		wr->failed = true;
		return -1;
	}
	book_entry_encode(e, key, score);
	wr->sum = book_fnv1a(wr->sum, e, sizeof e);
	if (fwrite(e, 1, sizeof e, wr->f) != sizeof e) {
		snprintf(err, errlen, "%s: %s", wr->tmp, strerror(errno));
		wr->failed = true;
		return -1;
	}
	wr->last = key;
	wr->count++;
	return 0;
}

static void
writer_free(struct book_writer *wr)
{
	free(wr->path);
	free(wr->tmp);
	free(wr->target);
	free(wr);
}

void
book_writer_abort(struct book_writer *wr)
{
	if (wr == NULL)
		return;
	fclose(wr->f);
	if (!wr->in_place)
		unlink(wr->tmp);
	writer_free(wr);
}

/* The finished book, read back from the temporary file, written to the
 * device or FIFO (opened without O_TRUNC or O_CREAT: nothing is made or
 * replaced).  0, or -1 with errno. */
static int
copy_in_place(struct book_writer *wr)
{
	int out = open(wr->target, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (out < 0)
		return -1;
	unsigned char buf[1 << 16];
	size_t n;
	int rc = fseek(wr->f, 0, SEEK_SET);
	while (rc == 0 && (n = fread(buf, 1, sizeof buf, wr->f)) > 0)
		rc = util_write_all(out, buf, n);
	if (rc == 0 && ferror(wr->f)) {
		errno = EIO;
		rc = -1;
	}
	int saved = errno;
	if (close(out) != 0 && rc == 0)
		return -1;
	errno = saved;
	return rc;
}

int
book_writer_close(struct book_writer *wr, char *err, size_t errlen)
{
	unsigned char hdr[BOOK_HEADER_SIZE] = {0};

	memcpy(hdr, BOOK_MAGIC, 8);
	book_le_put(hdr + 8, BOOK_VERSION, 4);
	hdr[12] = (unsigned char)wr->w;
	hdr[13] = (unsigned char)wr->h;
	book_le_put(hdr + 14, (uint64_t)wr->ply, 2);
	book_le_put(hdr + 16, wr->count, 8);
	book_le_put(hdr + 24, wr->sum, 8);
	if (wr->failed || fflush(wr->f) != 0 ||
	    fseek(wr->f, 0, SEEK_SET) != 0 ||
	    fwrite(hdr, 1, sizeof hdr, wr->f) != sizeof hdr ||
	    fflush(wr->f) != 0 ||
	    (!wr->in_place && fsync(fileno(wr->f)) != 0)) {
		snprintf(err, errlen, "%s: %s", wr->tmp,
		         wr->failed ? "write error" : strerror(errno));
		book_writer_abort(wr);
		return -1;
	}
	if (wr->in_place) {
		int r = copy_in_place(wr);
		if (r != 0)
			snprintf(err, errlen, "%s: %s", wr->path,
			         strerror(errno));
		fclose(wr->f);
		writer_free(wr);
		return r;
	}
	if (fclose(wr->f) != 0) {
		snprintf(err, errlen, "%s: %s", wr->tmp, strerror(errno));
		unlink(wr->tmp);
		writer_free(wr);
		return -1;
	}
	if (rename(wr->tmp, wr->target) != 0) {
		snprintf(err, errlen, "%s: %s", wr->path, strerror(errno));
		unlink(wr->tmp);
		writer_free(wr);
		return -1;
	}
	writer_free(wr);
	return 0;
}

static int
cmp_entry(const void *a, const void *b)
{
	uint64_t x = ((const struct book_entry *)a)->key;
	uint64_t y = ((const struct book_entry *)b)->key;
	return x < y ? -1 : x > y;
}

int
book_write(const char *path, int w, int h, int ply, struct book_entry *e,
           size_t n, const char *tmpdir, char *err, size_t errlen)
{
	struct book_writer *wr =
	    book_writer_open(path, w, h, ply, tmpdir, err, errlen);
	if (wr == NULL)
		return -1;
	if (n > 1) /* e may be NULL when n is 0: qsort() must not see it */
		qsort(e, n, sizeof *e, cmp_entry);
	for (size_t i = 0; i < n; i++)
		if (book_writer_add(wr, e[i].key, e[i].score, err, errlen)) {
			book_writer_abort(wr);
			return -1;
		}
	return book_writer_close(wr, err, errlen);
}
