/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/* agent_gen.h - the NIC agent bench generator's settings (agent_gen.bpf.c). */
#ifndef AGENT_GEN_H
#define AGENT_GEN_H

#include <linux/types.h>

struct gen_config {
	__u32 rewrite;	  /* 0: send the frame as it is */
	__u32 flows_mask; /* flows - 1, a power of two */
	__u32 high_ppm;	  /* hop values above the threshold, per million */
	__u32 high_queue; /* what such a value adds to the queue occupancy */
};

#endif /* AGENT_GEN_H */
