/* statespace-int.h -- what the state-space files share: the tunables, the
 * key geometry, levels and their parts, the run's state, and the level
 * store (statespace-level.c).  Not an API: only src/statespace*.c use it. */
#ifndef DROPFOUR_STATESPACE_INT_H
#define DROPFOUR_STATESPACE_INT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/board.h"
#include "statespace/statespace.h"

/*
 * Tunables.  PART_KEYS: the size a part of the next level aims at.  Smaller
 * parts balance threads better and let the memory budget bite at a finer
 * grain; each costs w binary searches and, on disk, a file.
 * PARTS_PER_THREAD: at least this many parts per thread once a level is big
 * enough (MIN_SPLIT parents) to be worth sharing.  SAMPLE_PER_PART: sampled
 * parents per part when choosing the ranges.  FILE_CHUNK: keys buffered
 * before a write() to a level file.  STOP_EVERY: positions between looks at
 * the stop flag.
 */
#define PART_KEYS        (1u << 20)
#define MAX_PARTS        4096
#define PARTS_PER_THREAD 4
#define MIN_SPLIT        4096
#define SAMPLE_PER_PART  16
#define FILE_CHUNK       (1u << 16)
#define STOP_EVERY       (1u << 16)
_Static_assert(PART_KEYS >= FILE_CHUNK, "a part holds at least one chunk");
_Static_assert(MAX_PARTS >= PARTS_PER_THREAD * 64, "enough parts to share");

#define NO_KEY UINT64_MAX

struct geo {
	int w, h, cells, fb; /* fb: bits per column field */
	uint64_t bottom;
	uint64_t fmask;   /* one field, at bit 0 */
	uint64_t fulltop; /* sentinel of a full column, in its field */
	uint64_t keep[4]; /* fields less their top 1, 2, 4, 8 bits */
};

/* One key range of a level: keys (shifted, flag in bit 0) and values. */
struct part {
	uint64_t *keys;
	int8_t *vals;
	size_t n;
	bool keys_mapped, vals_mapped; /* file-backed (munmap) or malloc */
	bool keys_shared, vals_shared; /* in the level's state-file map */
};

struct level {
	int nparts;
	struct part *parts;
	/* first[i]: index of part i's first position; first[nparts] = n */
	uint64_t *first;
	/* Part i holds the keys in [bounds[i], bounds[i + 1]). */
	uint64_t *bounds;
	/* Levels resumed from --state: their files, mapped. */
	void *keys_map, *vals_map;
	size_t keys_maplen, vals_maplen;
};

struct statespace {
	struct geo g;
	int threads;
	size_t budget;
	const char *tmpdir;
	const struct search_stop *stop;     /* statespace_limits' */
	const struct statespace_comm *comm; /* NULL: one process */
	atomic_bool failed;                 /* an I/O error: everyone stops */
	atomic_size_t mem, peak;            /* bytes of levels in memory */
	atomic_uint_fast64_t disk;          /* bytes written to files */
	char err[256];
	atomic_flag err_set;
	struct ss_state *state; /* --state DIR: checkpoints, or NULL */
	struct level *lv;       /* cells + 1 levels */
	struct statespace_ply *rows;
};

/* A position in a level, moving forward across parts. */
struct cursor {
	const struct level *L;
	int part;
	const uint64_t *keys;
	const int8_t *vals;
	size_t i, n;
};

/* The writer of one part of the next level: a growing array in memory
 * while the budget allows, then a file written a chunk at a time. */
struct part_writer {
	uint64_t *buf;
	size_t n, cap; /* keys in buf, its size */
	size_t total;  /* keys written to the file */
	int fd;        /* -1: in memory */
};

/* Checkpoints (statespace-state.c).  open: false with the error set.
 * load: true if the level (keys: its positions, terminal count and forward
 * time; vals: its values, counts and backward time) came from the state
 * directory, false (after a note when a file was bad) if it must be
 * computed.  save: false with the error set.  levels: files saved so far,
 * -1 without a state directory. */
bool ss_state_open(struct statespace *ss, const struct statespace_limits *lim);
void ss_state_close(struct statespace *ss);
bool ss_state_load_keys(struct statespace *ss, int ply);
bool ss_state_load_vals(struct statespace *ss, int ply);
bool ss_state_save_keys(struct statespace *ss, int ply);
bool ss_state_save_vals(struct statespace *ss, int ply);
int ss_state_levels(const struct statespace *ss, int *keys, int *vals);
const char *ss_state_dir(const struct statespace *ss);

/* The passes over ranks (statespace-dist.c): false on failure.  The
 * backward pass adds this rank's won, drawn and lost to count[]. */
bool ss_dist_forward(struct statespace *ss, int ply);
bool ss_dist_backward(struct statespace *ss, int ply, uint64_t count[3]);

/* The sentinel bit of every column: the top set bit of each field. */
static inline uint64_t
ss_sentinels(const struct geo *g, uint64_t key)
{
	uint64_t m = key;
	m |= (m >> 1) & g->keep[0];
	m |= (m >> 2) & g->keep[1];
	m |= (m >> 4) & g->keep[2];
	m |= (m >> 8) & g->keep[3];
	return m ^ ((m >> 1) & g->keep[0]);
}

static inline uint64_t
ss_top_bit(uint64_t field)
{
	return (uint64_t)1 << (63 - __builtin_clzll(field));
}

/* The successor of a position of `ply` stones through column c; false
 * when the column is full. */
static inline bool
ss_successor(const struct geo *g, uint64_t key, int c, int ply, uint64_t *succ)
{
	int shift = c * g->fb;
	uint64_t t = ss_top_bit((key >> shift) & g->fmask);
	if (t == g->fulltop)
		return false;
	*succ = key + ((t << shift) << ((ply & 1) ? 0 : 1));
	return true;
}

#endif
