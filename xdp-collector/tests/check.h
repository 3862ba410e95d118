/* The checks of the C unit tests: count what passed and what failed, name each failure
 * by function and line, and let main() print the totals and exit non-zero on a failure. */
#ifndef SONDE_TESTS_CHECK_H
#define SONDE_TESTS_CHECK_H

#include <stdio.h>

static int passed, failed;

#define CHECK(what, cond)                                             \
	do {                                                          \
		if (cond) {                                           \
			passed++;                                     \
		} else {                                              \
			failed++;                                     \
			fprintf(stderr, "FAIL %s:%d: %s\n", __func__, \
				__LINE__, what);                      \
		}                                                     \
	} while (0)

#endif
