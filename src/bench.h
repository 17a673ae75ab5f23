/* bench.h -- benchmarks: solver sets, parallel speedup, move ordering. */
#ifndef DROPFOUR_BENCH_H
#define DROPFOUR_BENCH_H

#include "options.h"

/* `dropfour bench WHAT ...`: dispatches on o->argv[0]. */
int bench_main(const struct options *o);
/* bench-ordering.c */
int bench_ordering(const struct options *o, int argc, char **argv);

#endif
