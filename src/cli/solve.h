/* solve.h -- `dropfour solve`: exact scores of positions read line by line. */
#ifndef DROPFOUR_SOLVE_H
#define DROPFOUR_SOLVE_H

#include <stdio.h>

#include "cli/options.h"
#include "search/search.h"

int solve_main(const struct options *o);

/* Parse one input line of the solve format (position, then anything after
 * the first space ignored; "" or "-" is the empty board).  Returns 0, or -1
 * with a message in err. */
int solve_parse_line(const char *line, int w, int h, board_t *b, char *err,
                     size_t errlen);

/* Print one result line: the position as the line has it ('-' for the
 * empty board), then "<score> <nodes> <microseconds>", or with analyze
 * every column's score ('-' for a full column). */
void solve_print(const char *line, int width, bool analyze,
                 const struct search_result *r);

#endif
