/* mpi-latency.c -- the cost of one message between two ranks, for the
 * model of one search over many machines (docs/distributed-search.md):
 * ping-pong of SIZE bytes, ROUNDS round trips after a warm-up; rank 0
 * prints the size, the microseconds of one way (half a round trip) and
 * the bandwidth.  With `rma` as its second argument, the cost of one
 * probe of a table on the other rank by MPI-3 passive-target one-sided
 * access instead: MPI_Get of a bucket (16 bytes) and MPI_Compare_and_swap
 * of a word, each followed by MPI_Win_flush, under MPI_Win_lock_all;
 * first with the target waiting in MPI (MPI_Barrier), then with the
 * target computing and looking at the network once a millisecond, as a
 * searching worker of dropfour-mpi does.  Built and run by
 * bench/mpi-latency.sh. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void
pingpong(int rank, int rounds)
{
	static const int sizes[] = {8, 128, 512, 4096, 65536};
	char *buf = calloc(1, 65536);
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		int n = sizes[k];
		double t0 = 0;
		for (int r = -100; r < rounds; r++) {
			if (r == 0)
				t0 = MPI_Wtime();
			if (rank == 0) {
				MPI_Send(buf, n, MPI_BYTE, 1, 1,
				         MPI_COMM_WORLD);
				MPI_Recv(buf, n, MPI_BYTE, 1, 1, MPI_COMM_WORLD,
				         MPI_STATUS_IGNORE);
			} else {
				MPI_Recv(buf, n, MPI_BYTE, 0, 1, MPI_COMM_WORLD,
				         MPI_STATUS_IGNORE);
				MPI_Send(buf, n, MPI_BYTE, 0, 1,
				         MPI_COMM_WORLD);
			}
		}
		double one = (MPI_Wtime() - t0) / rounds / 2;
		if (rank == 0)
			printf("%6d bytes  %8.2f us one way  %9.1f MB/s\n", n,
			       one * 1e6, n / one / 1e6);
	}
	free(buf);
}

/* Rank 0: `rounds` gets and compare-and-swaps of random buckets of rank
 * 1's window; the microseconds of each kind into us[0], us[1]. */
static void
probe_rounds(MPI_Win win, int rounds, double *us)
{
	uint64_t bucket[2], old = 0, want = 0, got;
	double t0 = MPI_Wtime();
	for (int r = 0; r < rounds; r++) {
		MPI_Aint at = (MPI_Aint)((r * 7919u) % 65536u) * 2;
		MPI_Get(bucket, 2, MPI_UINT64_T, 1, at, 2, MPI_UINT64_T, win);
		MPI_Win_flush(1, win);
	}
	us[0] = (MPI_Wtime() - t0) / rounds * 1e6;
	t0 = MPI_Wtime();
	for (int r = 0; r < rounds; r++) {
		MPI_Aint at = (MPI_Aint)((r * 7919u) % 65536u) * 2;
		MPI_Compare_and_swap(&want, &old, &got, MPI_UINT64_T, 1, at,
		                     win);
		MPI_Win_flush(1, win);
	}
	us[1] = (MPI_Wtime() - t0) / rounds * 1e6;
}

/* Rank 1 busy for rank 0's probes, looking at the network (an
 * MPI_Iprobe) once a millisecond until rank 0 says it is done. */
static void
compute_until_told(void)
{
	volatile double x = 0;
	int done = 0;
	while (!done) {
		struct timespec t0, t;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		do {
			for (int i = 0; i < 1000; i++)
				x += i * 0.5;
			clock_gettime(CLOCK_MONOTONIC, &t);
		} while ((t.tv_sec - t0.tv_sec) * 1000000000L +
		             (t.tv_nsec - t0.tv_nsec) <
		         1000000L);
		MPI_Iprobe(0, 2, MPI_COMM_WORLD, &done, MPI_STATUS_IGNORE);
	}
	MPI_Recv(NULL, 0, MPI_BYTE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

static void
rma(int rank, int rounds)
{
	uint64_t *base;
	MPI_Win win;
	MPI_Win_allocate((MPI_Aint)1 << 20, sizeof(uint64_t), MPI_INFO_NULL,
	                 MPI_COMM_WORLD, &base, &win);
	memset(base, 0, (size_t)1 << 20);
	MPI_Barrier(MPI_COMM_WORLD);
	MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
	double waiting[2], busy[2];
	if (rank == 0)
		probe_rounds(win, rounds, waiting);
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 0) {
		/* fewer: each may wait for the target's next look */
		probe_rounds(win, rounds / 20 + 1, busy);
		MPI_Send(NULL, 0, MPI_BYTE, 1, 2, MPI_COMM_WORLD);
		printf("one-sided probe (get 16 B + flush): %8.2f us, target "
		       "waiting in MPI; %8.2f us, target computing\n",
		       waiting[0], busy[0]);
		printf("compare-and-swap (8 B + flush):     %8.2f us, target "
		       "waiting in MPI; %8.2f us, target computing\n",
		       waiting[1], busy[1]);
	} else {
		compute_until_told();
	}
	MPI_Win_unlock_all(win);
	MPI_Barrier(MPI_COMM_WORLD);
	MPI_Win_free(&win);
}

int
main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	int rank, size;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (size != 2) {
		if (rank == 0)
			fprintf(stderr, "mpi-latency: run on 2 ranks\n");
		MPI_Finalize();
		return 2;
	}
	const int rounds = argc > 1 ? atoi(argv[1]) : 2000;
	if (argc > 2 && strcmp(argv[2], "rma") == 0)
		rma(rank, rounds);
	else
		pingpong(rank, rounds);
	MPI_Finalize();
	return 0;
}
