/* mpi-latency.c -- the cost of one message between two ranks, for the
 * model of one search over many machines (docs/distributed-search.md):
 * ping-pong of SIZE bytes, ROUNDS round trips after a warm-up; rank 0
 * prints the size, the microseconds of one way (half a round trip) and
 * the bandwidth.  Built and run by bench/mpi-latency.sh. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

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
	static const int sizes[] = {8, 128, 512, 4096, 65536};
	const int rounds = argc > 1 ? atoi(argv[1]) : 2000;
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
	MPI_Finalize();
	return 0;
}
