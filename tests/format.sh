#!/bin/sh
# format.sh -- the C sources are in the style of .clang-format: for each of
# src/*.c src/*/*.[ch] tests/*.[ch] tests/fuzz/*.[ch] bench/*.c (the files
# `make format` rewrites) `$CLANG_FORMAT --dry-run --Werror` must find
# nothing to change.
#
# Run by `make check` with $CLANG_FORMAT naming the clang-format configure
# found (empty when none: the test is skipped, exit 77) and $srcdir the
# source tree.  Fails naming every file that differs; `make format` fixes
# them.  Nothing is written.

. "$(dirname "$0")/lib-check.sh"
check_scratch format
: "${srcdir:=.}"
if [ -z "${CLANG_FORMAT:-}" ] || ! command -v "$CLANG_FORMAT" >/dev/null 2>&1; then
	if [ -n "${CI:-}" ] && [ "${CI:-}" != 0 ]; then
		echo "format: no clang-format under CI (./run installs it as root)" >&2
		exit 99
	fi
	check_skip "no clang-format (CLANG_FORMAT='${CLANG_FORMAT:-}')"
fi
# Each major version of clang-format lays some constructs out its own way:
# the tree is kept in the layout of FORMAT_VERSION (Debian 12's), and
# another version is not asked to agree (skipped, saying so).  Under CI
# the check must run.
FORMAT_VERSION=${CLANG_FORMAT_VERSION:-14} # configure.ac names it
have=$("$CLANG_FORMAT" --version | sed -n 's/.*version \([0-9][0-9]*\)\..*/\1/p' | head -n 1)
if [ "$have" != "$FORMAT_VERSION" ]; then
	if [ -n "${CI:-}" ] && [ "${CI:-}" != 0 ]; then
		echo "format: clang-format $have under CI, the tree is kept with $FORMAT_VERSION" >&2
		exit 99
	fi
	check_skip "clang-format $have, the tree is kept with version $FORMAT_VERSION"
fi
cd "$srcdir" || exit 99
if [ ! -f .clang-format ]; then
	echo "format: ERROR: no .clang-format in $srcdir" >&2
	exit 99
fi

n=0
bad=""
for f in src/*.c src/*/*.[ch] src/*/*/*.[ch] tests/*.[ch] tests/fuzz/*.[ch] bench/*.c; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	if ! "$CLANG_FORMAT" --dry-run --Werror "$f" >"$tmp/out" 2>&1; then
		fail "$f is not formatted"
		# The first places clang-format would change.
		grep -E '^[^ ].*:[0-9]+:[0-9]+: ' "$tmp/out" | head -n 3 |
			sed 's/^/#   /'
		bad="$bad $f"
	fi
done
if [ "$n" -eq 0 ]; then
	echo "format: ERROR: no C source found under $srcdir" >&2
	exit 99
fi
echo "# format.sh: $n files checked with $("$CLANG_FORMAT" --version | head -n 1)"
if [ -n "$bad" ]; then
	echo "format: these files differ from the .clang-format style:"
	for f in $bad; do
		echo "  $f"
	done
	echo "format: run \`make format\` (clang-format -i) and commit the result"
fi
check_end
