/* data.h -- where the installed package data (the shipped opening book)
 * is found at run time. */
#ifndef DROPFOUR_DATA_H
#define DROPFOUR_DATA_H

#include <stdbool.h>
#include <stddef.h>

/* Write the path of the package data file `name` into buf and return true
 * if it exists: in $DROPFOUR_DATADIR when set (and only there), else, for
 * a program run from its build tree, in the source tree's data/, else in
 * the installed data folder (pkgdatadir), else in ../share/dropfour
 * beside the running program (a relocated install). */
bool data_find(const char *name, char *buf, size_t len);
/* Where data_find() looks, in words, for a message that found nothing. */
void data_describe(char *buf, size_t len);

#endif
