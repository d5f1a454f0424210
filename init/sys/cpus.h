#ifndef SB_CPUS_H
#define SB_CPUS_H
/* cpus: the CPUs the kernel booted offline (maxcpus=), brought online by init. */

/* Onlines every CPU whose /sys/devices/system/cpu/cpuN/online says 0; the
 * count brought up in *up. 0, or -errno of the first that would not come up
 * (its number in *cpu). */
int cpus_online_all(int *up, int *cpu);

#endif
