/* data.h -- where the installed package data (the shipped opening book)
 * is found at run time. */
#ifndef DROPFOUR_DATA_H
#define DROPFOUR_DATA_H

#include <stdbool.h>
#include <stddef.h>

/* Write the path of the package data file `name` into buf and return true
 * if it exists: in $DROPFOUR_DATADIR when set (make check and ./run point
 * it at the source tree's data/), else in the installed data folder
 * (pkgdatadir), else in ../share/dropfour beside the running program (a
 * relocated install). */
bool data_find(const char *name, char *buf, size_t len);

#endif
