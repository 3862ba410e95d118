/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/* agent_hist.h - the NIC agent daemon's read of the program's histograms. */
#ifndef AGENT_HIST_H
#define AGENT_HIST_H

#include "agent.h"

/*
 * Every switch's histograms, the CPUs, the slots and the hash summed, one
 * entry a switch in *out (free it): their count, or -errno.
 */
int agent_hist_read(int slots_fd, int hash_fd, struct agent_switch_hist **out);

#endif /* AGENT_HIST_H */
