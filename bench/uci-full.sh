#!/usr/bin/env bash
# uci-full.sh -- the long check: every board of the UCI Connect-4 data
# (67,557 positions after 8 plies, John Tromp 1995, CC BY 4.0) weakly solved
# by `dropfour solve --weak`, with the agreement counted.
#
#   bench/uci-full.sh [--limit N] [--every K] [--keep DIR] [DROPFOUR OPTIONS...]
#
# --limit N takes only the first N boards, --every K every K-th board (a
# quicker spread over the whole file); other options go to dropfour (for
# example --threads 2 --tt-mb 256).  A progress line goes to stderr every
# 1000 boards.  At the end: win/draw/loss agreement counts, a confusion
# table and the disagreeing boards (also in DIR/disagree.txt with --keep).
# Exit status 0 only if every board agrees; 2 if the data or the binary is
# missing.  The whole file takes hours (about 0.4 s a board on one core).
#
# The data holds boards, not games.  A move order is rebuilt the way the
# unit tests do it (tests/check_solver.c): take top stones off, depth first,
# the stone that comes off being of the colour of the player who made that
# move (x first; the 8th stone is o's), backtracking at dead ends.  With no
# four on the board (the data has none), no earlier position has one, so
# the order is a legal game; dropfour checks it again when it parses it.
#
# Data: $DROPFOUR_DATA/uci-connect4/connect-4.data, else the directory of
# configure's --with-testdata (read from the build's Makefile), else
# ../shared/data beside the clone.  Binary: $DROPFOUR, else
# _build/default/dropfour, else ./dropfour, else PATH.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)

me=uci-full.sh
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"

find_data() {
	local d
	while IFS= read -r d; do
		if [ -n "$d" ] && [ -f "$d/uci-connect4/connect-4.data" ]; then
			echo "$(cd "$d/uci-connect4" && pwd)/connect-4.data"
			return 0
		fi
	done < <(data_candidates)
	cat >&2 <<-MSG
	################################################################
	uci-full.sh: THE UCI CONNECT-4 DATA IS NOT HERE.
	Looked for uci-connect4/connect-4.data in \$DROPFOUR_DATA
	(${DROPFOUR_DATA:-unset}), in configure's --with-testdata and in
	$top/../shared/data.
	Get connect-4.data from https://doi.org/10.24432/C59P43 (unpack
	connect-4.data.Z) and set DROPFOUR_DATA to the directory holding
	uci-connect4/.  Nothing was checked.
	################################################################
	MSG
	exit 2
}

limit=0 every=1 keep=
args=()
while [ $# -gt 0 ]; do
	case $1 in
	--limit) limit=$2; shift ;;
	--limit=*) limit=${1#*=} ;;
	--every) every=$2; shift ;;
	--every=*) every=${1#*=} ;;
	--keep) keep=$2; shift ;;
	--keep=*) keep=${1#*=} ;;
	*) args+=("$1") ;;
	esac
	shift
done

bin=$(find_dropfour)
data=$(find_data)
if [ -n "$keep" ]; then
	mkdir -p "$keep"
	tmp=$keep
else
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/dropfour-uci.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
fi
command -v perl >/dev/null 2>&1 || { echo "uci-full.sh: needs perl" >&2; exit 2; }

# 1. Boards to move orders: "<moves> <wdl> <line number>".
perl -e '
	my ($limit, $every) = @ARGV[0, 1];
	my ($n, $used) = (0, 0);
	my @col;
	sub dfs {
		my ($k, $out) = @_;       # $k stones left; $out: moves so far
		return $out if $k == 0;
		my $who = $k % 2 ? "x" : "o";
		for my $c (0 .. 6) {
			next unless length $col[$c] && substr($col[$c], -1) eq $who;
			chop $col[$c];
			my $r = dfs($k - 1, ($c + 1) . $out);
			$col[$c] .= $who;
			return $r if defined $r;
		}
		return undef;
	}
	while (my $line = <STDIN>) {
		$n++;
		next if ($n - 1) % $every;
		last if $limit && $used >= $limit;
		$used++;
		chomp $line;
		my @f = split /,/, $line;
		die "line $n: expected 43 fields\n" unless @f == 43;
		my $stones = 0;
		for my $c (0 .. 6) {
			$col[$c] = "";
			for my $r (0 .. 5) {    # field col*6+row, bottom up
				my $v = $f[$c * 6 + $r];
				next if $v eq "b";
				$col[$c] .= $v;
				$stones++;
			}
		}
		my $m = dfs($stones, "");
		die "line $n: no legal move order for $line\n" unless defined $m;
		my %wdl = (win => 1, draw => 0, loss => -1);
		print "$m $wdl{$f[42]} $n\n";
	}
' "$limit" "$every" <"$data" >"$tmp/positions.txt"

total=$(wc -l <"$tmp/positions.txt")
echo "# data: $data"
echo "# command: $bin solve --weak ${args[*]:-}"
echo "# boards: $total (limit ${limit:-0}, every $every)"

# 2. Solve, comparing as the answers come.
cut -d' ' -f1 "$tmp/positions.txt" >"$tmp/moves.txt"
start=$(date +%s)
status=0
"$bin" solve --weak ${args[@]+"${args[@]}"} "$tmp/moves.txt" |
	perl -e '
	my ($expect_file, $total, $start, $dis) = @ARGV;
	open my $ef, "<", $expect_file or die;
	open my $df, ">", $dis or die;
	my ($n, $agree) = (0, 0);
	my %conf;
	my @name = ("loss", "draw", "win");
	while (my $out = <STDIN>) {
		my $e = <$ef>;
		last unless defined $e;
		my ($moves, $want, $lineno) = split " ", $e;
		my ($pos, $got) = split " ", $out;
		$n++;
		$conf{$want}{$got}++;
		if ($got eq $want) {
			$agree++;
		} else {
			print $df "line $lineno: $moves: data $name[$want + 1], dropfour $got\n";
		}
		if ($n % 1000 == 0) {
			my $t = time - $start;
			printf STDERR "uci-full: %d/%d boards, %d agree, %d s\n", $n, $total, $agree, $t;
		}
	}
	close $df;
	printf "boards solved:   %d of %d\n", $n, $total;
	printf "agree:           %d\n", $agree;
	printf "disagree:        %d\n", $n - $agree;
	printf "seconds:         %d\n", time - $start;
	print  "data \\ dropfour      -1        0        1\n";
	for my $w (1, 0, -1) {
		printf "%-14s %8d %8d %8d\n", $name[$w + 1],
		    map { $conf{$w}{$_} // 0 } (-1, 0, 1);
	}
	exit(($n == $total && $agree == $n) ? 0 : 1);
' "$tmp/positions.txt" "$total" "$start" "$tmp/disagree.txt" || status=$?

if [ -s "$tmp/disagree.txt" ]; then
	echo "# disagreeing boards (first 20):"
	head -n 20 "$tmp/disagree.txt"
fi
[ -n "$keep" ] && echo "# kept in $keep: positions.txt moves.txt disagree.txt"
exit $status
