/*
 * cpus: CPUs brought online after boot. Under QEMU's instruction counting
 * (DETERMINISTIC=1) QEMU 7.2 runs vCPU 0 for every instruction up to the
 * next timer and the others for none while it spins; the kernel's boot-time
 * bring-up of CPU 1 spins on vCPU 0 and never ends. Booted with maxcpus=1
 * and onlined here, the bring-up comes from a task that waits, and CPU 1
 * gets its turns (docs/kernels.md, DETERMINISTIC=1).
 */
#include "init/sys/cpus.h"

#include "init/sys/kfile.h"

#include <stdio.h>

int cpus_online_all(int *up, int *cpu)
{
	char path[64], val[8];
	int err;

	*up = 0;
	/* cpu0 has no online file; the others' are there while present */
	for (int n = 1; n < 1024; n++) {
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", n);
		if (kfile_read(path, val, sizeof(val)) < 0)
			break;
		if (val[0] != '0')
			continue;
		*cpu = n;
		if ((err = kfile_write(path, "1")) < 0)
			return err;
		(*up)++;
	}
	return 0;
}
