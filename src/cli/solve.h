/* solve.h -- `dropfour solve`: exact scores of positions read line by line. */
#ifndef DROPFOUR_SOLVE_H
#define DROPFOUR_SOLVE_H

#include <stdio.h>

#include "cli/options.h"
#include "cli/session.h"
#include "search/search.h"

int solve_main(const struct options *o, struct cli_session *session);

/* Parse one input line of the solve format: the position at the start of
 * the line (an empty line or "-" is the empty board), then anything after
 * a blank ignored (the test sets' score).  A UTF-8 byte-order mark at the
 * start is skipped.  Returns 0, or -1 with "COLUMN: reason" in err (the
 * 1-based character, after any byte-order mark), so that a caller prints
 * "FILE:LINE:" before it. */
int solve_parse_line(const char *line, int w, int h, board_t *b, char *err,
                     size_t errlen);
/* The same for a line of n bytes that may hold a NUL byte (getline()'s
 * result): a NUL anywhere in it is an error. */
int solve_parse_input(const char *line, size_t n, int w, int h, board_t *b,
                      char *err, size_t errlen);

/* The end of reading an input of positions with getline() into line: a
 * read error on in, errno as getline() left it, is reported as "NAME: read
 * error: ..."; then line is freed and in closed (unless it is stdin).
 * Returns 1 after a read error, else 0. */
int solve_end_input(FILE *in, const char *name, char *line);

/* Print one result line: the position as the line has it ('-' for the
 * empty position), then "<score> <nodes> <microseconds>", or with analyze
 * every column's score ('-' for a full column). */
void solve_print(const char *line, int width, bool analyze,
                 const struct search_result *r);

/* The position's moves as the line has them ("" for the empty board) into
 * buf. */
void solve_moves(const char *line, char *buf, size_t len);

/* One JSON object on one line (JSON Lines, docs/json.md) for a solved
 * position: type "position" (with analyze "analysis", adding every
 * column's score and kind), position, width, height, score, kind, best
 * columns, pv, nodes, seconds, book, partial.  weak: the scores are the
 * weak solver's; book: the opening book held the position. */
void solve_print_json(FILE *f, const char *moves, const board_t *b,
                      bool analyze, bool weak, const struct search_result *r,
                      bool book);

#endif
