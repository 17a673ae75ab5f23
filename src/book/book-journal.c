/* book-journal.c -- a book build's journal and lock (book-build.c has
 * the shape of the build).  FILE.journal starts with a header naming the
 * build (board, ply, number of deepest positions) and holds batches of
 * solved deepest positions, each with its own checksum: a rerun reads the
 * whole batches back (journal_replay), cuts off an unfinished last one and
 * continues; book_build_flush() appends the results that wait.  FILE.lock
 * keeps a second build of the same file out. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "book/book-build-int.h"
#include "book/book.h"
#include "core/util.h"

static void
journal_header(const struct book_build *bb, unsigned char *hdr)
{
	memset(hdr, 0, JOURNAL_HEADER_SIZE);
	memcpy(hdr, JOURNAL_MAGIC, 8);
	book_le_put(hdr + 8, JOURNAL_VERSION, 4);
	hdr[12] = (unsigned char)bb->w;
	hdr[13] = (unsigned char)bb->h;
	book_le_put(hdr + 14, (uint64_t)bb->ply, 2);
	book_le_put(hdr + 16, bb->lv[bb->ply].n, 8);
}

/* Apply one journal entry to the plan.  Returns NULL or what is wrong. */
static const char *
apply_entry(struct book_build *bb, const unsigned char *e)
{
	uint64_t key;
	int8_t score;
	book_entry_decode(e, &key, &score);
	struct level *l = &bb->lv[bb->ply];
	int64_t i = plan_find(l, key);
	if (i < 0)
		return "a position that is not one of this build";
	const char *why = book_entry_error(bb->w, bb->h, bb->ply, key, score);
	if (why != NULL)
		return why;
	if (l->score[i] != UNSOLVED && l->score[i] != score)
		return "two different scores for one position";
	if (l->score[i] == UNSOLVED)
		bb->known++;
	l->score[i] = (int8_t)score;
	return NULL;
}

/* The journal's header read from f and checked against this build's:
 * 0, or -1 after the message (not a journal, another build's). */
static int
journal_check_header(struct book_build *bb, FILE *f)
{
	unsigned char hdr[JOURNAL_HEADER_SIZE], want[JOURNAL_HEADER_SIZE];
	journal_header(bb, want);
	if (fread(hdr, 1, sizeof hdr, f) != sizeof hdr ||
	    memcmp(hdr, JOURNAL_MAGIC, 8) != 0) {
		build_report_message(bb->report,
		                     "%s: not a dropfour book journal; "
		                     "remove it to start this build afresh",
		                     bb->jpath);
		return -1;
	}
	if (memcmp(hdr, want, sizeof hdr) != 0) {
		build_report_message(
		    bb->report,
		    "%s: the journal of another build (%dx%d board, "
		    "ply %d); build that again, or remove the journal to "
		    "start this one afresh",
		    bb->jpath, hdr[12], hdr[13], (int)book_le_get(hdr + 14, 2));
		return -1;
	}
	return 0;
}

/* Where the batches of a journal being read stand. */
struct replay {
	off_t size;       /* the journal's */
	off_t good;       /* the end of the last whole batch */
	uint64_t batches; /* whole batches applied */
	uint64_t skipped; /* whole batches whose checksum failed */
};

/* One batch's n entries in buf applied: 0, or -1 after the message. */
static int
replay_apply(struct book_build *bb, const struct replay *r,
             const unsigned char *buf, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		const char *why = apply_entry(bb, buf + i * BOOK_ENTRY_SIZE);
		if (why != NULL) {
			build_report_message(
			    bb->report,
			    "%s: batch %" PRIu64 ": %s; "
			    "remove the journal to start afresh",
			    bb->jpath, r->batches + 1, why);
			return -1;
		}
	}
	return 0;
}

/* Every whole batch of f after the header applied (buf holds one):
 * 0, or -1 after the message (a length that cannot be read, an entry
 * that does not fit, a read error). */
static int
replay_batches(struct book_build *bb, FILE *f, unsigned char *buf,
               struct replay *r)
{
	for (;;) {
		unsigned char nb[4];
		if (fread(nb, 1, 4, f) != 4)
			break;
		uint64_t n = book_le_get(nb, 4);
		size_t len = (size_t)n * BOOK_ENTRY_SIZE;
		off_t rec = (off_t)(4 + len + 8);
		if (n == 0 || n > JOURNAL_BATCH_MAX) {
			build_report_message(
			    bb->report,
			    "%s: batch %" PRIu64 " at byte %lld is corrupt "
			    "(a length of %" PRIu64 " positions); the %lld "
			    "bytes from there cannot be read, %" PRIu64
			    " positions before it can: move the journal away "
			    "to start this build afresh",
			    bb->jpath, r->batches + r->skipped + 1,
			    (long long)r->good, n,
			    (long long)(r->size - r->good), bb->known);
			return -1;
		}
		if (r->good + rec > r->size)
			break; /* cut short: the unfinished last batch */
		if (fread(buf, 1, len + 8, f) != len + 8)
			break;
		if (book_le_get(buf + len, 8) !=
		    book_fnv1a(BOOK_FNV_BASIS, buf, len)) {
			build_report_message(
			    bb->report,
			    "%s: batch %" PRIu64 " at byte %lld is "
			    "corrupt (checksum mismatch): its %" PRIu64
			    " positions will be solved again, the "
			    "batches after it are kept",
			    bb->jpath, r->batches + r->skipped + 1,
			    (long long)r->good, n);
			r->skipped++;
			r->good += rec;
			continue;
		}
		if (replay_apply(bb, r, buf, n) != 0)
			return -1;
		r->good += rec;
		r->batches++;
	}
	if (ferror(f)) {
		build_report_message(bb->report, "%s: read error: %s",
		                     bb->jpath, strerror(errno));
		return -1;
	}
	return 0;
}

/* A batch cut short by a kill or a crash, cut off the journal (it is
 * solved again): 0, or -1 after the message. */
static int
replay_cut_tail(struct book_build *bb, int fd, const struct replay *r)
{
	if (r->size <= r->good)
		return 0;
	if (ftruncate(fd, r->good) != 0) {
		build_report_message(bb->report, "%s: %s", bb->jpath,
		                     strerror(errno));
		return -1;
	}
	build_report_message(bb->report,
	                     "%s: dropped an unfinished batch at "
	                     "the end (byte %lld, %lld bytes)",
	                     bb->jpath, (long long)r->good,
	                     (long long)(r->size - r->good));
	return 0;
}

/* Read the batches of an existing journal.  A batch cut short at the end
 * (a kill mid-write) is cut off.  A whole batch whose checksum fails (a
 * damaged disk) is skipped with a message naming it: its positions are
 * solved again, the batches after it are kept.  A batch whose length
 * cannot be read leaves nothing after it readable: refused, the journal
 * left as it is, so that nothing good is thrown away unasked.  Returns 0,
 * or -1 after reporting a message. */
static int
journal_replay(struct book_build *bb, int fd)
{
	FILE *f = fdopen(dup(fd), "rb");
	if (f == NULL) {
		build_report_message(bb->report, "%s: %s", bb->jpath,
		                     strerror(errno));
		return -1;
	}
	unsigned char *buf =
	    xmalloc((size_t)JOURNAL_BATCH_MAX * BOOK_ENTRY_SIZE + 8);
	struct stat st;
	struct replay r = {.size = fstat(fd, &st) == 0 ? st.st_size : 0,
	                   .good = JOURNAL_HEADER_SIZE};
	int status = journal_check_header(bb, f) == 0 &&
	                     replay_batches(bb, f, buf, &r) == 0 &&
	                     replay_cut_tail(bb, fd, &r) == 0
	                 ? 0
	                 : -1;
	if (status == 0 && bb->known > 0)
		build_report_message(bb->report,
		                     "%s: resuming: %" PRIu64 " of %" PRIu64
		                     " positions already solved",
		                     bb->jpath, bb->known, bb->lv[bb->ply].n);
	fclose(f);
	free(buf);
	return status;
}

/* One build of a book at a time: FILE.lock holds a write lock (fcntl)
 * while a build of FILE runs; a second build is refused with the first
 * one's process id.  The lock goes with the process, however it ends. */
int
build_lock(struct book_build *bb)
{
	struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
	bb->lockfd = open(bb->lpath, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (bb->lockfd < 0) {
		build_report_message(bb->report, "%s: %s", bb->lpath,
		                     strerror(errno));
		return -1;
	}
	if (fcntl(bb->lockfd, F_SETLK, &fl) == 0)
		return 0;
	int err = errno;
	struct flock who = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
	if ((err == EAGAIN || err == EACCES) &&
	    fcntl(bb->lockfd, F_GETLK, &who) == 0 && who.l_type != F_UNLCK)
		build_report_message(
		    bb->report,
		    "%s: another book build (process %ld) is "
		    "building it; wait for it or stop it first",
		    bb->path, (long)who.l_pid);
	else
		build_report_message(bb->report, "%s: cannot lock: %s",
		                     bb->lpath, strerror(err));
	return -1;
}
/* A new journal on fd (an open() or mkstemp() just made, -1 when it
 * failed): its header written (and synced when `sync`), kept as bb's
 * journal; 0, or -1 after the message, fd closed. */
static int
journal_begin(struct book_build *bb, int fd, bool sync)
{
	unsigned char hdr[JOURNAL_HEADER_SIZE];
	journal_header(bb, hdr);
	if (fd < 0 || util_write_all(fd, hdr, sizeof hdr) != 0 ||
	    (sync && fsync(fd) != 0)) {
		build_report_message(bb->report, "%s: %s", bb->jpath,
		                     strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	bb->jfd = fd;
	return 0;
}

int
journal_open(struct book_build *bb)
{
	if (bb->in_place) {
		int fd = mkstemp(bb->jpath);
		if (fd >= 0)
			unlink(bb->jpath);
		return journal_begin(bb, fd, false);
	}
	int fd = open(bb->jpath, O_RDWR);
	if (fd >= 0) {
		if (journal_replay(bb, fd) != 0 || lseek(fd, 0, SEEK_END) < 0) {
			close(fd);
			return -1;
		}
		bb->jfd = fd;
		return 0;
	}
	if (errno != ENOENT) {
		build_report_message(bb->report, "%s: %s", bb->jpath,
		                     strerror(errno));
		return -1;
	}
	fd = open(bb->jpath, O_WRONLY | O_CREAT | O_EXCL, 0644);
	return journal_begin(bb, fd, true);
}

int
book_build_flush(struct book_build *bb)
{
	pthread_mutex_lock(&bb->lock);
	unsigned char *p = bb->pend;
	size_t n = bb->npend;
	bb->pend = NULL;
	bb->npend = bb->cappend = 0;
	pthread_mutex_unlock(&bb->lock);

	int status = 0;
	for (size_t at = 0; at < n && status == 0; at += JOURNAL_BATCH_MAX) {
		size_t k =
		    n - at < JOURNAL_BATCH_MAX ? n - at : JOURNAL_BATCH_MAX;
		size_t len = k * BOOK_ENTRY_SIZE;
		unsigned char *e = p + at * BOOK_ENTRY_SIZE;
		unsigned char head[4], tail[8];
		book_le_put(head, k, 4);
		book_le_put(tail, book_fnv1a(BOOK_FNV_BASIS, e, len), 8);
		/* One write per batch: the usual kill leaves it whole or
		 * absent, and the checksum catches the rest. */
		unsigned char *rec = xmalloc(len + 12);
		memcpy(rec, head, 4);
		memcpy(rec + 4, e, len);
		memcpy(rec + 4 + len, tail, 8);
		if (util_write_all(bb->jfd, rec, len + 12) != 0 ||
		    fdatasync(bb->jfd) != 0) {
			build_report_message(bb->report, "%s: %s", bb->jpath,
			                     strerror(errno));
			status = -1;
		}
		free(rec);
	}
	free(p);
	return status;
}
