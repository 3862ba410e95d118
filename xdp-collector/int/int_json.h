/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/* int_json.h - one JSON line per frame, byte for byte as sonde-decode prints it. */
#ifndef INT_JSON_H
#define INT_JSON_H

#include <stdio.h>
#include "int_parse.h"

/* The "error" string of a negative enum int_error ("not telemetry" included). */
const char *int_error_name(int err);

/* Writes the line for frame number n (err = int_decode_frame()'s result), no newline. */
void int_json_line(FILE *out, unsigned long long n, int err,
		   const struct int_frame *f);

#endif /* INT_JSON_H */
