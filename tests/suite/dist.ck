# The Check suite "dist" of tests/check_dropfour: `make check` runs it as
# a test of its own through tests/check-suite.sh (TEST_EXTENSIONS .ck).
