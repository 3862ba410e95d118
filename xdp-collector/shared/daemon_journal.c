// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* daemon_journal.c - the published log, one write(2) a line. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "daemon_journal.h"

int daemon_journal_open(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);

	return fd < 0 ? -errno : fd;
}

int daemon_journal_line(int fd, const char *kind, const char *id,
			const struct daemon_origin *o, unsigned long long count,
			const char *seqs, unsigned long long acked_ms)
{
	char line[1024];
	int n = snprintf(line, sizeof(line),
			 "%s %s %s/%s/%s/%llu %llu %s %llu\n", kind, id,
			 o->kind, o->node, o->ifname, o->run, count, seqs,
			 acked_ms);
	ssize_t w;

	if (n < 0 || (size_t)n >= sizeof(line))
		return -E2BIG;
	/* why one write: O_APPEND keeps a line whole, and nothing waits in a buffer */
	do
		w = write(fd, line, (size_t)n);
	while (w < 0 && errno == EINTR);
	if (w < 0)
		return -errno;
	return w == n ? 0 : -EIO;
}
