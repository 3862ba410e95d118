// SPDX-License-Identifier: Apache-2.0
// Table and register sizes, named once.
#ifndef SONDE_SIZES_P4
#define SONDE_SIZES_P4

#define IPV4_LPM_TABLE_SIZE 1024
#define MAX_PORTS 512

#endif
