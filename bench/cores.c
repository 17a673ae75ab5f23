/* bench/cores.c -- what sharing memory costs between two cores of this
 * machine, for reading the parallel search's figures (bench/cores.sh
 * builds and runs it; it is not part of dropfour).
 *
 *   cores pingpong A B   round trip of one cache line between CPUs A and B
 *   cores table A B KB   random reads (and one store in four) into a table
 *                        of KB kilobytes: on A alone, on A and B with a
 *                        table each, on A and B sharing one table
 *
 * The round trip is how long a store on one core takes to be seen on the
 * other and answered: two cores of one die answer in about 100 ns, two
 * dies or sockets apart several times that.  The table test is the access
 * pattern of a shared transposition table: a core that reads an entry the
 * other core wrote has to fetch the line from that core.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PINGS    400000L
#define ACCESSES 40000000L

static double
now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int
pin(int cpu)
{
	cpu_set_t s;
	CPU_ZERO(&s);
	CPU_SET(cpu, &s);
	return pthread_setaffinity_np(pthread_self(), sizeof s, &s);
}

/* ---- ping-pong ------------------------------------------------------- */

static _Alignas(64) _Atomic long ball;
static int pong_cpu;

static void *
pong(void *arg)
{
	if (pin(pong_cpu) != 0)
		return (void *)1;
	for (long i = 0; i < PINGS; i++) {
		while (atomic_load_explicit(&ball, memory_order_acquire) !=
		       2 * i + 1)
			;
		atomic_store_explicit(&ball, 2 * i + 2, memory_order_release);
	}
	return arg;
}

static int
pingpong(int a, int b)
{
	double best = 0;
	for (int run = 0; run < 3; run++) {
		pthread_t t;
		void *rc;
		atomic_store(&ball, 0);
		pong_cpu = b;
		if (pin(a) != 0 || pthread_create(&t, NULL, pong, NULL) != 0) {
			fprintf(stderr, "cores: cannot run on CPUs %d and %d\n",
			        a, b);
			return 1;
		}
		double t0 = now_ns();
		for (long i = 0; i < PINGS; i++) {
			atomic_store_explicit(&ball, 2 * i + 1,
			                      memory_order_release);
			while (atomic_load_explicit(
			           &ball, memory_order_acquire) != 2 * i + 2)
				;
		}
		double ns = (now_ns() - t0) / PINGS;
		pthread_join(t, &rc);
		if (rc != NULL) {
			fprintf(stderr, "cores: cannot run on CPU %d\n", b);
			return 1;
		}
		if (run == 0 || ns < best)
			best = ns;
	}
	printf("%d %d %.0f\n", a, b, best);
	return 0;
}

/* ---- a table shared or not -------------------------------------------- */

struct walker {
	int cpu;
	_Atomic uint64_t *tab;
	uint64_t words;
	double ns; /* per access */
	uint64_t sum;
	pthread_t th;
};

static void *
walk(void *arg)
{
	struct walker *w = arg;
	if (pin(w->cpu) != 0)
		return (void *)1;
	uint64_t x = 0x9E3779B97F4A7C15u ^ (uint64_t)w->cpu, s = 0;
	double t0 = now_ns();
	for (long i = 0; i < ACCESSES; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		_Atomic uint64_t *p = &w->tab[x % w->words];
		uint64_t v = atomic_load_explicit(p, memory_order_relaxed);
		s += v;
		if (((x >> 40) & 3) == 0)
			atomic_store_explicit(p, v + 1, memory_order_relaxed);
	}
	w->ns = (now_ns() - t0) / ACCESSES;
	w->sum = s;
	return NULL;
}

static _Atomic uint64_t *
table_new(uint64_t words)
{
	void *p = NULL;
	if (posix_memalign(&p, (size_t)2 << 20, words * sizeof(uint64_t)) != 0)
		return NULL;
	memset(p, 0, words * sizeof(uint64_t));
	return p;
}

/* Runs n walkers (1 or 2) at once; returns their mean ns per access. */
static double
walkers(struct walker *w, int n)
{
	for (int i = 0; i < n; i++)
		if (pthread_create(&w[i].th, NULL, walk, &w[i]) != 0)
			return -1;
	double ns = 0;
	for (int i = 0; i < n; i++) {
		void *rc;
		pthread_join(w[i].th, &rc);
		if (rc != NULL)
			return -1;
		ns += w[i].ns;
	}
	return ns / n;
}

static int
table(int a, int b, long kb)
{
	const uint64_t words = (uint64_t)kb * 1024 / sizeof(uint64_t);
	_Atomic uint64_t *t0 = table_new(words), *t1 = table_new(words);
	if (t0 == NULL || t1 == NULL) {
		fprintf(stderr, "cores: out of memory\n");
		return 1;
	}
	struct walker w[2] = {{.cpu = a, .tab = t0, .words = words},
	                      {.cpu = b, .tab = t1, .words = words}};
	double alone = walkers(w, 1);
	double own = walkers(w, 2);
	w[1].tab = t0;
	double shared = walkers(w, 2);
	if (alone < 0 || own < 0 || shared < 0) {
		fprintf(stderr, "cores: cannot run on CPUs %d and %d\n", a, b);
		return 1;
	}
	printf("%d %d %ld %.2f %.2f %.2f\n", a, b, kb, alone, own, shared);
	free((void *)t0);
	free((void *)t1);
	return 0;
}

static int
cpu_arg(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || v < 0 || v >= CPU_SETSIZE) {
		fprintf(stderr, "cores: '%s' is not a CPU number\n", s);
		exit(2);
	}
	return (int)v;
}

int
main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "pingpong") == 0)
		return pingpong(cpu_arg(argv[2]), cpu_arg(argv[3]));
	if (argc == 5 && strcmp(argv[1], "table") == 0) {
		long kb = strtol(argv[4], NULL, 10);
		if (kb < 64 || kb > (1L << 22)) {
			fprintf(stderr,
			        "cores: table size %s KB out of "
			        "64..4194304\n",
			        argv[4]);
			return 2;
		}
		return table(cpu_arg(argv[2]), cpu_arg(argv[3]), kb);
	}
	fputs("usage: cores pingpong CPU CPU | cores table CPU CPU KB\n",
	      stderr);
	return 2;
}
