/* statespace-book.h -- write a solved state space as an opening book. */
#ifndef DROPFOUR_STATESPACE_BOOK_H
#define DROPFOUR_STATESPACE_BOOK_H

#include <stdint.h>

#include "statespace/statespace.h"

/* Keys are packed with their score into one word while sorting. */
#define STATESPACE_BOOK_MAX_BITS 56

/* Write every position whose game is not over, with its value, as a book
 * of ply w*h (book.h's format, through its checked writer: a temporary
 * file renamed into place).  Sorting takes 16 bytes per entry of memory
 * outside the levels' budget.  Returns 0 and the number of entries, or -1
 * with a message. */
int statespace_write_book(const struct statespace *ss, const char *path,
                          uint64_t *entries, char *err, size_t errlen);

#endif
