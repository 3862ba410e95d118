// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * load_stats - loads collector.bpf.o and prints the verifier's summary (or,
 * when the load fails, the end of the verifier log): how much the verifier
 * had to walk to accept the program.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/libbpf.h>

#define LOG_SIZE (64u << 20)

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "build/collector.bpf.o";
	struct bpf_object *obj;
	struct bpf_program *prog;
	char *log = calloc(1, LOG_SIZE);
	int err, level = getenv("VERBOSE") ? 2 : 4;
	size_t len;

	obj = bpf_object__open_file(path, NULL);
	if (!log || !obj) {
		fprintf(stderr, "load_stats: cannot open %s\n", path);
		return 1;
	}
	bpf_object__for_each_program (prog, obj) {
		bpf_program__set_log_buf(prog, log, LOG_SIZE);
		bpf_program__set_log_level(prog, level | (level == 2 ? 1 : 0));
	}
	err = bpf_object__load(obj);
	len = strlen(log);
	fputs(len > 40000 ? log + len - 40000 : log, stdout);
	if (err)
		fprintf(stderr, "load_stats: load failed: %d\n", err);
	bpf_object__close(obj);
	free(log);
	return err ? 1 : 0;
}
