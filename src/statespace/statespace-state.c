/* statespace-state.c -- checkpoints of a state-space run (--state DIR), so
 * that a stopped run (Ctrl-C, SIGTERM, kill -9, a power cut) goes on where
 * it stopped when the same command is run again.
 *
 * The directory holds one file per finished level of each pass:
 * keys-PP (the positions of ply PP, saved when the forward pass has built
 * them) and vals-PP (their values, saved when the backward pass has valued
 * them), and a text manifest listing the files that are complete with
 * their size and checksum:
 *
 *	dropfour statespace state 1
 *	board WxH
 *	keys PLY COUNT CHECKSUM
 *	vals PLY COUNT CHECKSUM
 *
 * Every file is written as NAME.tmpXXXXXX, synced, renamed onto NAME, the
 * directory synced, and only then listed in the manifest (rewritten the
 * same way), so a file named in the manifest is whole.  A file is a
 * 128-byte header (magic, version, kind, board size, ply, count, checksum,
 * the level's row of the table), for keys the parts' bounds and sizes,
 * zeros up to a page, then the data: 64-bit words (keys) or signed bytes
 * (values), in the machine's byte order.  The checksum covers the whole
 * file.  A resumed run maps the files (they serve as the level's storage:
 * no copy) after checking every byte; a file that fails is reported and
 * its level computed again.  The set of positions of a ply is a fact of
 * the board, so a whole file of the right board and ply is right whatever
 * run (thread count, memory budget) wrote it.
 *
 * One process at a time: the directory is locked (flock on DIR/lock).
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "statespace/statespace-int.h"
#include "statespace/statespace-level.h"
#include "core/util.h"

#define STATE_MAGIC   "DF4STATE"
#define STATE_VERSION 1
#define STATE_HEAD    "dropfour statespace state 1"
#define HEAD_BYTES    128
#define PAGE_ALIGN    4096

enum { KIND_KEYS = 1, KIND_VALS = 2 };

struct file_head {
	char magic[8];
	uint32_t version, kind, w, h, ply, nparts;
	uint64_t count, sum;
	uint64_t stat[3];  /* keys: terminal; vals: won, drawn, lost */
	double seconds;    /* the pass's time for this level */
	uint64_t data_off; /* where the data starts (a page multiple) */
	char pad[HEAD_BYTES - 8 - 6 * 4 - 7 * 8];
};
_Static_assert(sizeof(struct file_head) == HEAD_BYTES, "header size");

struct entry {
	bool done;
	uint64_t count, sum;
};

struct ss_state {
	char *dir;
	int lock_fd;
	bool keep;
	void (*note)(void *arg, const char *msg);
	void *note_arg;
	struct entry *keys, *vals; /* by ply */
	int saved;                 /* files saved by this run */
};

/* A checksum of a stream of bytes, taken 8 at a time (a multiply-xorshift
 * mix: fast, and any change of a word changes the sum with overwhelming
 * odds); the same whatever pieces the stream comes in. */
struct sum {
	uint64_t h;
	unsigned char part[8];
	size_t np;
};

static inline uint64_t
mix(uint64_t h, uint64_t w)
{
	h = (h ^ w) * 0x9E3779B97F4A7C15ull;
	return h ^ (h >> 29);
}

static void
sum_add(struct sum *s, const void *p, size_t len)
{
	const unsigned char *b = p;
	uint64_t w;

	while (s->np > 0 && len > 0) {
		s->part[s->np++] = *b++;
		len--;
		if (s->np == 8) {
			memcpy(&w, s->part, 8);
			s->h = mix(s->h, w);
			s->np = 0;
		}
	}
	for (; len >= 8; b += 8, len -= 8) {
		memcpy(&w, b, 8);
		s->h = mix(s->h, w);
	}
	memcpy(s->part, b, len);
	s->np = len;
}

static uint64_t
sum_end(struct sum *s)
{
	uint64_t w = 0;
	memcpy(&w, s->part, s->np);
	return mix(mix(s->h, w), s->np);
}

static void
note(struct ss_state *st, const char *fmt, const char *a, const char *b)
{
	char msg[600];
	if (snprintf(msg, sizeof msg, fmt, a, b) < 0)
		return;
	if (st->note)
		st->note(st->note_arg, msg);
}

static void
file_name(char *buf, size_t len, const struct ss_state *st, int kind, int ply)
{
	snprintf(buf, len, "%s/%s-%02d", st->dir,
	         kind == KIND_KEYS ? "keys" : "vals", ply);
}

static void
state_err(struct statespace *ss, const char *what, const char *path, int errnum)
{
	char buf[300];
	if (snprintf(buf, sizeof buf, "%s %s", what, path) < 0)
		buf[0] = '\0';
	ss_fail(ss, buf, errnum);
}

static bool
sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		return false;
	bool ok = fsync(fd) == 0;
	close(fd);
	return ok;
}

/* ---- the manifest ------------------------------------------------------ */

static bool
write_manifest(struct statespace *ss)
{
	struct ss_state *st = ss->state;
	size_t cap = 64 + (size_t)(ss->g.cells + 1) * 2 * 64, len;
	char *text = xmalloc(cap), path[4200];

	len = (size_t)snprintf(text, cap, "%s\nboard %dx%d\n", STATE_HEAD,
	                       ss->g.w, ss->g.h);
	for (int k = 0; k < 2; k++)
		for (int ply = 0; ply <= ss->g.cells; ply++) {
			const struct entry *e =
			    k == 0 ? &st->keys[ply] : &st->vals[ply];
			if (e->done)
				len += (size_t)snprintf(
				    text + len, cap - len,
				    "%s %d %llu %016llx\n",
				    k == 0 ? "keys" : "vals", ply,
				    (unsigned long long)e->count,
				    (unsigned long long)e->sum);
		}
	snprintf(path, sizeof path, "%s/manifest", st->dir);
	bool ok = util_write_atomic(path, text, len) == 0 && sync_dir(st->dir);
	if (!ok)
		state_err(ss, "writing", path, errno);
	free(text);
	return ok;
}

/* Reads the manifest if there is one: false (error set) if it is not a
 * dropfour state or belongs to another board. */
static bool
read_manifest(struct statespace *ss)
{
	struct ss_state *st = ss->state;
	char path[4200], line[256], kind[8];
	int w, h, ply;
	unsigned long long n, sum;

	snprintf(path, sizeof path, "%s/manifest", st->dir);
	FILE *f = fopen(path, "r");
	if (f == NULL)
		return true;
	if (fgets(line, sizeof line, f) == NULL ||
	    strcmp(line, STATE_HEAD "\n") != 0 ||
	    fgets(line, sizeof line, f) == NULL ||
	    sscanf(line, "board %dx%d", &w, &h) != 2) {
		fclose(f);
		state_err(ss, "not a dropfour statespace state:", path, EINVAL);
		return false;
	}
	if (w != ss->g.w || h != ss->g.h) {
		fclose(f);
		snprintf(ss->err, sizeof ss->err,
		         "%s holds a %dx%d run, not %dx%d: remove it or give "
		         "another --state",
		         st->dir, w, h, ss->g.w, ss->g.h);
		atomic_flag_test_and_set(&ss->err_set);
		atomic_store(&ss->failed, true);
		return false;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		if (sscanf(line, "%7s %d %llu %llx", kind, &ply, &n, &sum) !=
		        4 ||
		    ply < 0 || ply > ss->g.cells ||
		    (strcmp(kind, "keys") != 0 && strcmp(kind, "vals") != 0)) {
			line[strcspn(line, "\n")] = '\0';
			note(st, "%s: ignoring the line '%s'", path, line);
			continue;
		}
		struct entry *e =
		    kind[0] == 'k' ? &st->keys[ply] : &st->vals[ply];
		*e = (struct entry){.done = true, .count = n, .sum = sum};
	}
	fclose(f);
	return true;
}

/* ---- opening and closing ----------------------------------------------- */

static bool
ours(const char *name)
{
	return strcmp(name, ".") == 0 || strcmp(name, "..") == 0 ||
	       strcmp(name, "lock") == 0 || strncmp(name, "manifest", 8) == 0 ||
	       strncmp(name, "keys-", 5) == 0 || strncmp(name, "vals-", 5) == 0;
}

/* Refuses a directory holding anything but ours; removes the temporary
 * files a killed run left. */
static bool
scan_dir(struct statespace *ss)
{
	struct ss_state *st = ss->state;
	DIR *d = opendir(st->dir);
	struct dirent *e;
	char path[4400];

	if (d == NULL) {
		state_err(ss, "opening", st->dir, errno);
		return false;
	}
	while ((e = readdir(d)) != NULL) {
		if (!ours(e->d_name)) {
			if (snprintf(
			        ss->err, sizeof ss->err,
			        "%s holds files that are not a dropfour "
			        "statespace state (%s): give an empty or new "
			        "directory",
			        st->dir, e->d_name) < 0)
				ss->err[0] = '\0';
			closedir(d); /* after the last use of e */
			atomic_flag_test_and_set(&ss->err_set);
			atomic_store(&ss->failed, true);
			return false;
		}
		if (strstr(e->d_name, ".tmp") != NULL) {
			snprintf(path, sizeof path, "%s/%s", st->dir,
			         e->d_name);
			unlink(path);
		}
	}
	closedir(d);
	return true;
}

bool
ss_state_open(struct statespace *ss, const struct statespace_limits *lim)
{
	struct ss_state *st = xcalloc(1, sizeof *st);
	char path[4200];

	st->dir = xstrdup(lim->state_dir);
	st->keep = lim->keep_state;
	st->note = lim->note;
	st->note_arg = lim->note_arg;
	st->keys = xcalloc((size_t)ss->g.cells + 1, sizeof *st->keys);
	st->vals = xcalloc((size_t)ss->g.cells + 1, sizeof *st->vals);
	st->lock_fd = -1;
	ss->state = st;
	if (mkdir(st->dir, 0777) != 0 && errno != EEXIST) {
		state_err(ss, "creating", st->dir, errno);
		return false;
	}
	snprintf(path, sizeof path, "%s/lock", st->dir);
	st->lock_fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
	if (st->lock_fd < 0) {
		state_err(ss, "opening", path, errno);
		return false;
	}
	if (flock(st->lock_fd, LOCK_EX | LOCK_NB) != 0) {
		state_err(ss, "another run is using", st->dir,
		          errno == EWOULDBLOCK ? EBUSY : errno);
		return false;
	}
	if (!scan_dir(ss) || !read_manifest(ss))
		return false;
	int keys, vals;
	char n[64];
	ss_state_levels(ss, &keys, &vals);
	snprintf(n, sizeof n, "%d forward and %d backward levels", keys, vals);
	if (keys + vals > 0)
		note(st, "%s: resuming: %s saved", st->dir, n);
	return true;
}

void
ss_state_close(struct statespace *ss)
{
	struct ss_state *st = ss->state;
	if (st == NULL)
		return;
	if (st->lock_fd >= 0)
		close(st->lock_fd);
	free(st->keys);
	free(st->vals);
	free(st->dir);
	free(st);
	ss->state = NULL;
}

int
ss_state_levels(const struct statespace *ss, int *keys, int *vals)
{
	*keys = *vals = 0;
	if (ss->state == NULL)
		return -1;
	for (int ply = 0; ply <= ss->g.cells; ply++) {
		*keys += ply > 0 && ss->state->keys[ply].done;
		*vals += ss->state->vals[ply].done;
	}
	return 0;
}

const char *
ss_state_dir(const struct statespace *ss)
{
	return ss->state ? ss->state->dir : NULL;
}

int
statespace_state_remove(struct statespace *ss)
{
	struct ss_state *st = ss->state;
	char path[4200];
	const char *fixed[] = {"manifest", "lock"};

	if (st == NULL || st->keep)
		return 0;
	for (int ply = 0; ply <= ss->g.cells; ply++)
		for (int kind = KIND_KEYS; kind <= KIND_VALS; kind++) {
			file_name(path, sizeof path, st, kind, ply);
			unlink(path);
		}
	for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++) {
		snprintf(path, sizeof path, "%s/%s", st->dir, fixed[i]);
		unlink(path);
	}
	return rmdir(st->dir) == 0 || errno == ENOENT ? 0 : -1;
}

/* ---- saving a level ---------------------------------------------------- */

/* Writes all of buf to fd (util_write_all()), adding it to sum first. */
static bool
write_full(int fd, const void *buf, size_t len, struct sum *sum)
{
	sum_add(sum, buf, len);
	return util_write_all(fd, buf, len) == 0;
}

static bool
save(struct statespace *ss, int kind, int ply)
{
	struct ss_state *st = ss->state;
	const struct level *L = &ss->lv[ply];
	const struct statespace_ply *row = &ss->rows[ply];
	struct file_head hd = {.version = STATE_VERSION,
	                       .kind = (uint32_t)kind,
	                       .w = (uint32_t)ss->g.w,
	                       .h = (uint32_t)ss->g.h,
	                       .ply = (uint32_t)ply,
	                       .nparts = (uint32_t)L->nparts,
	                       .count = ss_level_size(L)};
	char path[4200], tmp[4300];
	struct sum sum = {0}, head = {0};
	size_t meta = kind == KIND_KEYS ? (size_t)(2 * L->nparts + 1) * 8 : 0;

	memcpy(hd.magic, STATE_MAGIC, 8);
	hd.data_off =
	    (HEAD_BYTES + meta + PAGE_ALIGN - 1) / PAGE_ALIGN * PAGE_ALIGN;
	if (kind == KIND_KEYS) {
		hd.stat[0] = row->terminal;
		hd.seconds = row->forward_s;
	} else {
		hd.stat[0] = row->won;
		hd.stat[1] = row->drawn;
		hd.stat[2] = row->lost;
		hd.seconds = row->backward_s;
	}
	file_name(path, sizeof path, st, kind, ply);
	snprintf(tmp, sizeof tmp, "%s.tmpXXXXXX", path);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		state_err(ss, "creating", tmp, errno);
		return false;
	}
	/* Header space, bounds and sizes, padding; then the data. */
	char *pre = xcalloc(1, hd.data_off);
	if (kind == KIND_KEYS) {
		uint64_t *m = (uint64_t *)(pre + HEAD_BYTES);
		for (int i = 0; i <= L->nparts; i++)
			m[i] = L->bounds[i];
		for (int i = 0; i < L->nparts; i++)
			m[L->nparts + 1 + i] = L->parts[i].n;
	}
	bool ok = write_full(fd, pre, hd.data_off, &head);
	sum_add(&sum, pre + HEAD_BYTES, hd.data_off - HEAD_BYTES);
	free(pre);
	for (int i = 0; ok && i < L->nparts; i++) {
		const struct part *p = &L->parts[i];
		if (kind == KIND_KEYS)
			ok = write_full(fd, p->keys, p->n * 8, &sum);
		else
			ok = write_full(fd, p->vals, p->n, &sum);
	}
	sum_add(&sum, &hd, sizeof hd);
	hd.sum = sum_end(&sum);
	ok = ok && pwrite(fd, &hd, sizeof hd, 0) == (ssize_t)sizeof hd &&
	     fsync(fd) == 0;
	ok = close(fd) == 0 && ok;
	ok = ok && rename(tmp, path) == 0 && sync_dir(st->dir);
	if (!ok) {
		state_err(ss, "writing", tmp, errno);
		unlink(tmp);
		return false;
	}
	struct entry *e = kind == KIND_KEYS ? &st->keys[ply] : &st->vals[ply];
	*e = (struct entry){.done = true, .count = hd.count, .sum = hd.sum};
	st->saved++;
	return write_manifest(ss);
}

bool
ss_state_save_keys(struct statespace *ss, int ply)
{
	return ss->state == NULL || save(ss, KIND_KEYS, ply);
}

bool
ss_state_save_vals(struct statespace *ss, int ply)
{
	return ss->state == NULL || save(ss, KIND_VALS, ply);
}

/* ---- loading a level --------------------------------------------------- */

/* Maps and checks the level's file of this kind: as many keys as the
 * manifest lists, or a value for each of the level's positions.  NULL
 * without a state or when the manifest does not list the file done, and
 * (after a note) when the file is not whole and right. */
static const char *
load(struct statespace *ss, int kind, int ply, struct file_head *hd,
     size_t *len)
{
	struct ss_state *st = ss->state;
	if (st == NULL)
		return NULL;
	struct entry *e = kind == KIND_KEYS ? &st->keys[ply] : &st->vals[ply];
	if (!e->done)
		return NULL;
	uint64_t count =
	    kind == KIND_KEYS ? e->count : ss_level_size(&ss->lv[ply]);
	size_t elt = kind == KIND_KEYS ? 8 : 1;
	char path[4200];
	const char *why = NULL;
	struct stat sb;
	void *map = MAP_FAILED;

	file_name(path, sizeof path, st, kind, ply);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &sb) != 0)
		why = strerror(errno);
	else if (pread(fd, hd, sizeof *hd, 0) != (ssize_t)sizeof *hd ||
	         memcmp(hd->magic, STATE_MAGIC, 8) != 0 ||
	         hd->version != STATE_VERSION)
		why = "not a state file of this version";
	else if (hd->kind != (uint32_t)kind || hd->w != (uint32_t)ss->g.w ||
	         hd->h != (uint32_t)ss->g.h || hd->ply != (uint32_t)ply ||
	         hd->count != e->count || hd->sum != e->sum ||
	         hd->data_off % PAGE_ALIGN != 0 ||
	         hd->data_off <
	             HEAD_BYTES +
	                 (kind == KIND_KEYS ? (2 * hd->nparts + 1) * 8 : 0) ||
	         (kind == KIND_KEYS &&
	          (hd->nparts < 1 || hd->nparts > MAX_PARTS)))
		why = "header does not match the manifest";
	else if (hd->count != count)
		why = "not as many values as positions";
	else if ((uint64_t)sb.st_size != hd->data_off + hd->count * elt)
		why = "wrong size";
	else if ((map = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_SHARED,
	                     fd, 0)) == MAP_FAILED)
		why = strerror(errno);
	else {
		struct file_head h0 = *hd;
		struct sum s = {0};
		h0.sum = 0;
		madvise(map, (size_t)sb.st_size, MADV_SEQUENTIAL);
		sum_add(&s, (char *)map + HEAD_BYTES,
		        (size_t)sb.st_size - HEAD_BYTES);
		sum_add(&s, &h0, sizeof h0);
		if (sum_end(&s) != hd->sum)
			why = "checksum mismatch";
	}
	if (fd >= 0)
		close(fd);
	if (why == NULL) {
		*len = (size_t)sb.st_size;
		return map;
	}
	if (map != MAP_FAILED)
		munmap(map, (size_t)sb.st_size);
	note(st, "%s: %s; computing this level again", path, why);
	e->done = false;
	return NULL;
}

/* Takes the keys file mapped at map (len bytes, header hd) as level ply;
 * false (the file unmapped, after a note) if its parts do not add up. */
static bool
take_keys(struct statespace *ss, int ply, const char *map,
          const struct file_head *hd, size_t len)
{
	struct level *L = &ss->lv[ply];
	const uint64_t *m = (const uint64_t *)(map + HEAD_BYTES);
	uint64_t at = 0;
	int n = (int)hd->nparts;
	for (int i = 0; i < n; i++)
		at += m[n + 1 + i];
	if (at != hd->count || m[0] != 0 || m[n] != NO_KEY) {
		/* Whole, yet not a level: written by a faulty program. */
		char path[4200];
		file_name(path, sizeof path, ss->state, KIND_KEYS, ply);
		note(ss->state, "%s: %s; computing this level again", path,
		     "parts that do not add up");
		ss->state->keys[ply].done = false;
		munmap((void *)map, len);
		return false;
	}
	at = 0;
	L->nparts = n;
	L->parts = xcalloc((size_t)n, sizeof *L->parts);
	L->bounds = xmalloc((size_t)(n + 1) * sizeof *L->bounds);
	for (int i = 0; i <= n; i++)
		L->bounds[i] = m[i];
	for (int i = 0; i < n; i++) {
		struct part *p = &L->parts[i];
		p->n = m[n + 1 + i];
		p->keys = (uint64_t *)(map + hd->data_off) + at;
		p->keys_shared = true;
		at += p->n;
	}
	ss_level_index(L);
	L->keys_map = (void *)map;
	L->keys_maplen = len;
	ss->rows[ply].terminal = hd->stat[0];
	ss->rows[ply].forward_s = hd->seconds;
	return true;
}

/* Takes the values file mapped at map (len bytes, header hd) as level
 * ply's values. */
static void
take_vals(struct statespace *ss, int ply, const char *map,
          const struct file_head *hd, size_t len)
{
	struct level *L = &ss->lv[ply];

	for (int i = 0; i < L->nparts; i++) {
		L->parts[i].vals = (int8_t *)(map + hd->data_off) + L->first[i];
		L->parts[i].vals_shared = true;
	}
	L->vals_map = (void *)map;
	L->vals_maplen = len;
	ss->rows[ply].won = hd->stat[0];
	ss->rows[ply].drawn = hd->stat[1];
	ss->rows[ply].lost = hd->stat[2];
	ss->rows[ply].backward_s = hd->seconds;
}

/* Loads level ply's keys (KIND_KEYS) or values from the state folder, with
 * their rows of the table; false if there are none to load or they are not
 * right. */
static bool
load_level(struct statespace *ss, int kind, int ply)
{
	struct file_head hd;
	size_t len;
	const char *map = load(ss, kind, ply, &hd, &len);

	if (map == NULL)
		return false;
	if (kind == KIND_KEYS)
		return take_keys(ss, ply, map, &hd, len);
	take_vals(ss, ply, map, &hd, len);
	return true;
}

bool
ss_state_load_keys(struct statespace *ss, int ply)
{
	return load_level(ss, KIND_KEYS, ply);
}

bool
ss_state_load_vals(struct statespace *ss, int ply)
{
	return load_level(ss, KIND_VALS, ply);
}
