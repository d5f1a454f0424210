#ifndef SB_SENDER_H
#define SB_SENDER_H
/*
 * swapbench.collect: every console line, numbered, to a collector over TCP
 * (lib/wire.h). Lines wait in a fixed queue until the collector
 * acknowledges them and are sent again after a reconnect, so a collector
 * that restarts loses nothing and stores nothing twice. Sending happens
 * when a line is written and at the end, never during a run.
 */
#include <stddef.h>

#define SENDER_WAIT_S 120.0	/* at the end, for the collector's last acknowledgements */

/*
 * Parses IPV4:PORT, finds the interface with an IPv4 address (the kernel's
 * ip=dhcp set it up) and its MAC, and tries a first connection; key (NULL or
 * "": none) keys every frame (lib/wire.h). Returns 0, or -EINVAL (address,
 * key), -ENETUNREACH (no IPv4 address) with why. An acknowledgement of a
 * line it never sent is not believed: the connection is closed, saying so.
 */
int sender_start(const char *spec, const char *key, const char *boot, char *why, size_t n);
/* Queues one console line (no newline) and sends what it can. */
void sender_line(const char *s, size_t len);
/* At the end: up to wait_s seconds for every line to be acknowledged; says on the console what was not. */
void sender_finish(double wait_s);

#endif
