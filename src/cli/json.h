/* json.h -- the one writer of the programs' JSON Lines (--json): one object
 * per line, its "type" first, the field names and score rules of
 * docs/json.md.  Plain stdio underneath; the caller checks the stream
 * (output_flush()). */
#ifndef DROPFOUR_JSON_H
#define DROPFOUR_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/score.h"

/* An object being written. */
struct json {
	FILE *f;
	bool first; /* no field yet in the object or array open */
};

/* Begin the object {"type":"TYPE" on f. */
void json_begin(struct json *j, FILE *f, const char *type);
/* End it: "}" and the newline. */
void json_end(struct json *j);

/* One field each: a string (escaped; NULL writes null), numbers, a
 * boolean, null. */
void json_str(struct json *j, const char *name, const char *s);
void json_int(struct json *j, const char *name, long long v);
void json_uint(struct json *j, const char *name, uint64_t v);
/* A real number with `decimals` digits after the point. */
void json_real(struct json *j, const char *name, double v, int decimals);
void json_bool(struct json *j, const char *name, bool v);
void json_null(struct json *j, const char *name);

/* A nested object or array: "NAME":{ or "NAME":[ (name NULL: an
 * element of the array open), closed by json_close() with '}' or ']'.
 * Inside an array, the field writers above take a NULL name. */
void json_open(struct json *j, const char *name, char bracket);
void json_close(struct json *j, char bracket);

/* The kind of a score as the JSON names it: "exact", "bound", "heuristic",
 * "weak" (an exact win/draw/loss of the weak solver: 1, 0, -1) or
 * "unknown" (score null). */
const char *json_kind(enum score_kind k, bool weak);
/* "score" (a number, or null when unknown), "kind" and, for a bound,
 * "bound": "lower" or "upper". */
void json_score(struct json *j, enum score_kind k, int score, bool weak);
/* "NAME":[1,3,4]: the 1-based columns of the bits of mask (bit c column
 * c + 1) below width. */
void json_columns(struct json *j, const char *name, uint32_t mask, int width);

/* An input error as its own object: {"type":"error","file":...,"line":N
 * (null: not one line's),"message":...}. */
void json_error(FILE *f, const char *file, long line, const char *message);

#endif
