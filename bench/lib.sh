# bench/lib.sh -- shared by the bench scripts and tests/faults-long.sh
# (sourced, not run; sh or bash): finds the dropfour binary and the
# directories where the full test data may be.  The caller sets `top` (the
# source tree) and `me` (its own name).

# find_dropfour: print the binary's absolute path: $DROPFOUR, else the ./run
# build (_build/default/dropfour), else an in-tree build ($top/dropfour),
# else ./dropfour, else PATH.  None: a message and exit status 2 (use as
# bin=$(find_dropfour) || exit 2, or under set -e).
find_dropfour() {
	local c
	for c in "${DROPFOUR:-}" "$top/_build/default/dropfour" "$top/dropfour" \
		./dropfour "$(command -v dropfour 2>/dev/null || true)"; do
		# Absolute: some scripts run it from a scratch folder.
		[ -n "$c" ] && [ -x "$c" ] && { case $c in /*) ;; *) c=$PWD/$c ;; esac
			echo "$c"; return 0; }
	done
	echo "$me: no dropfour binary (build with ./run, or set DROPFOUR)" >&2
	exit 2
}

# min A B: the smaller of two numbers, B if A is empty (a running best).
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }'; }

# The directory configure's --with-testdata chose, if a build has one.
configured_data() {
	local mk
	for mk in "$top/_build/default/Makefile" "$top/Makefile"; do
		if [ -f "$mk" ]; then
			sed -n 's/^TESTDATA_DIR = //p' "$mk"
			return 0
		fi
	done
}

# Candidate data directories, in order of preference, one per line.
data_candidates() {
	printf '%s\n' "${DROPFOUR_DATA:-}" "$(configured_data)" "$top/../shared/data"
}

# The directory holding pons-testsets/ (exits 2 with a notice if none).
find_testsets() {
	local d
	while IFS= read -r d; do
		[ -n "$d" ] && [ -d "$d/pons-testsets" ] && { (cd "$d" && pwd); return 0; }
	done <<-DIRS
	$(data_candidates)
	DIRS
	cat >&2 <<-MSG
	################################################################
	$me: THE PONS TEST SETS ARE NOT HERE.
	Looked in \$DROPFOUR_DATA (${DROPFOUR_DATA:-unset}), configure's
	--with-testdata and $top/../shared/data.  Set DROPFOUR_DATA to the directory holding
	pons-testsets/ (files Test_L1_R1 ... Test_L3_R1).
	(tests/data/pons-sample.txt holds a sample; see tests/data/README.md.)
	################################################################
	MSG
	exit 2
}

# mpi_setup TRANSPORT: for the MPI benchmarks, sets `bin` (dropfour-mpi:
# $DROPFOUR_MPI, else the ./run build), `mpirun` ($MPIRUN, else mpirun)
# and the array `mca` (TRANSPORT sm: none, Open MPI picks shared memory on
# one machine; tcp: --mca btl self,tcp, the ranks talk as across a
# network); as root, Open MPI's OMPI_ALLOW_RUN_AS_ROOT pair; the ranks'
# settings file none and OpenMP's threads sleeping when idle.  A missing
# program or a bad TRANSPORT: a message and exit status 2.
mpi_setup() {
	mca=()
	case $1 in
	sm) ;;
	tcp) mca=(--mca btl self,tcp) ;;
	*) echo "$me: -t $1: sm or tcp" >&2; exit 2 ;;
	esac
	bin=${DROPFOUR_MPI:-$top/_build/default/dropfour-mpi}
	[ -x "$bin" ] || { echo "$me: no dropfour-mpi at $bin (configure with Open MPI, or set DROPFOUR_MPI)" >&2; exit 2; }
	mpirun=${MPIRUN:-mpirun}
	command -v "$mpirun" >/dev/null || { echo "$me: no $mpirun" >&2; exit 2; }
	if [ "$(id -u)" = 0 ]; then
		export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
	fi
	export DROPFOUR_CONFIG=/dev/null OMP_WAIT_POLICY=passive
}

# mpi_play_figures FILE: the figures of a game's first move in FILE (the
# output of `dropfour[-mpi] play --text`, standard error too): "seconds
# nodes prepare_ms messages result", the nodes summed over the ranks (one
# process: its line's nodes, to three digits), the result the move, its
# score and the column scores as one word.
mpi_play_figures() {
	awk '/plays/ { res = $4 $5 }
	     /plays/ && match($0, /, [0-9.]+ s$/) { s = substr($0, RSTART + 2, RLENGTH - 4) }
	     /scores:/ { sc = $0; gsub(/[ \t]+/, "", sc) }
	     /nodes\/tasks per rank:/ { n = 0; for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\/[0-9]+$/) { split($i, a, "/"); n += a[1] } }
	     /the network:/ { match($0, /messages [0-9]+/); m = substr($0, RSTART + 9, RLENGTH - 9)
	                      match($0, /prepared in [0-9.]+/); pr = substr($0, RSTART + 12, RLENGTH - 12) }
	     /^  nodes: / { v = $2; k = 1; if (v ~ /k$/) k = 1e3; if (v ~ /M$/) k = 1e6; if (v ~ /G$/) k = 1e9; n = int(v * k) }
	     END { print s, n, (pr == "" ? 0 : pr), (m == "" ? 0 : m), res sc }' "$1"
}
