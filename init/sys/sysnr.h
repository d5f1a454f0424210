#ifndef SB_SYSNR_H
#define SB_SYSNR_H
/*
 * Numbers of the system calls init makes that older libc headers lack,
 * per architecture, from the kernel's arch/x86/entry/syscalls/syscall_64.tbl
 * and syscall_32.tbl (tests/integration/sysnr.sh checks them against those tables).
 */
#if defined(__x86_64__)
#define SYSNR_FINIT_MODULE 313
#define SYSNR_PIDFD_OPEN 434
#elif defined(__i386__)
#define SYSNR_FINIT_MODULE 350
#define SYSNR_PIDFD_OPEN 434
#endif

#endif
