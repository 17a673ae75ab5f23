/* omp.h -- OpenMP's thread numbers with or without OpenMP: the real
 * <omp.h> when the compiler has it, one thread otherwise. */
#ifndef DROPFOUR_OMP_H
#define DROPFOUR_OMP_H

#ifdef _OPENMP
#include <omp.h>
#else
static inline int
omp_get_thread_num(void)
{
	return 0;
}
static inline int
omp_get_num_threads(void)
{
	return 1;
}
#endif

#endif
