/* statespace-level.h -- the level store's interface (statespace-level.c):
 * key geometry, memory and files under the budget, the parts' writers,
 * cursors and searches over a level, a level cut into parts, and the
 * cursor's and writer's fast paths, inline here for the passes' loops.
 * The state space's files share it; not an API. */
#ifndef DROPFOUR_STATESPACE_LEVEL_H
#define DROPFOUR_STATESPACE_LEVEL_H

#include "statespace/statespace-int.h"

/* The level store (statespace-level.c). */
void ss_geo_init(struct geo *g, int w, int h);
bool ss_mover_has_four(const struct geo *g, uint64_t key, int ply);
void ss_key_board(const struct geo *g, uint64_t key, int ply, board_t *b);
uint64_t ss_board_to_key(const board_t *b);
int ss_loss_score(const struct geo *g, int ply);
void ss_fail(struct statespace *ss, const char *what, int errnum);
bool ss_stopping(struct statespace *ss);
bool ss_mem_take(struct statespace *ss, size_t bytes);
void ss_mem_give(struct statespace *ss, size_t bytes);
int ss_tmp_file(struct statespace *ss);
bool ss_write_all(struct statespace *ss, int fd, const void *buf, size_t len);
void *ss_map_file(struct statespace *ss, int fd, size_t len, bool writable);
bool ss_writer_room(struct statespace *ss, struct part_writer *pw);
bool ss_writer_finish(struct statespace *ss, struct part_writer *pw,
                      struct part *p);
bool ss_vals_alloc(struct statespace *ss, struct part *p);
void ss_part_free(struct statespace *ss, struct part *p);
void ss_level_release(struct level *L);
void ss_level_index(struct level *L);
uint64_t ss_level_size(const struct level *L);
int ss_level_part_of(const struct level *L, uint64_t i);
uint64_t ss_level_word(const struct level *L, uint64_t i);
void ss_cursor_load(struct cursor *c);
void ss_cursor_at(struct cursor *c, const struct level *L, uint64_t i);
uint64_t ss_level_lower_bound(const struct level *L, uint64_t key);

/* Choosing the parts of the next level (statespace-level.c): how many for
 * `parents` positions over `ranks` processes; successors of ns parents
 * spread evenly over L (out: room for ns * w); the boundaries of at most
 * `parts` ranges from a sample (sorted here), returning how many. */
int ss_parts_for(const struct statespace *ss, uint64_t parents, int ranks);
size_t ss_sample_successors(const struct statespace *ss, const struct level *L,
                            int ply, size_t ns, uint64_t *out);
int ss_pick_bounds(uint64_t *sample, size_t m, int parts, uint64_t *bounds);

static inline bool
ss_cursor_ok(const struct cursor *c)
{
	return c->i < c->n;
}

static inline void
ss_cursor_next(struct cursor *c)
{
	if (++c->i < c->n)
		return;
	c->part++;
	c->i = 0;
	ss_cursor_load(c);
}

static inline bool
ss_writer_put(struct statespace *ss, struct part_writer *pw, uint64_t word)
{
	if (pw->n == pw->cap && !ss_writer_room(ss, pw))
		return false;
	pw->buf[pw->n++] = word;
	return true;
}

#endif
