#ifndef SB_WIRE_H
#define SB_WIRE_H
/*
 * The collector protocol: the image's serial lines over TCP, each with a
 * sequence number, to swapbench-report collect. One frame a line:
 *
 *   SBC1 T SEQ[ TEXT] CRC
 *
 * T is the frame type, SEQ a decimal number, TEXT anything but CR and LF,
 * CRC the CRC-32 (lib/crc32) of every byte before " CRC", 8 hex digits. The
 * image sends H (hello: TEXT "mac=MAC boot=BOOT from=N", SEQ the last it has
 * sent, N the oldest line it still holds)
 * and L (one serial line, SEQ 1, 2, 3 ... per boot); the collector answers
 * A (everything up to SEQ is stored: after a hello, its last stored line),
 * N (line SEQ refused for good, TEXT says why; the image drops it from its
 * queue, it stays on the serial line and the results disk) and E (TEXT: why
 * the collector closes the connection). A line the collector already holds
 * is acknowledged again and not stored twice.
 */
#include "record.h"

#include <stddef.h>

#define WIRE_MAGIC "SBC1"
#define WIRE_OVERHEAD 40		/* "SBC1 T " + SEQ + " " + " CRC" */
#define WIRE_TEXT_MAX REC_LINE_MAX	/* the longest serial line sent: a record */
#define WIRE_FRAME_MAX (WIRE_TEXT_MAX + WIRE_OVERHEAD)

enum wire_type { WIRE_HELLO = 'H', WIRE_LINE = 'L', WIRE_ACK = 'A', WIRE_NAK = 'N', WIRE_ERR = 'E' };

struct wire_frame {
	char type;
	unsigned long seq;
	const char *text;	/* into the decoded line, not NUL terminated */
	size_t len;
};

/*
 * Writes one frame and its newline into buf; returns its length, or -1 when
 * it does not fit, the type is unknown or text holds a CR or LF.
 */
int wire_encode(char *buf, size_t size, char type, unsigned long seq, const char *text, size_t len);

enum wire_status { WIRE_OK = 0, WIRE_GARBAGE = -1, WIRE_BAD_CRC = -2 };

/* One frame without its newline (a trailing CR is ignored). */
enum wire_status wire_decode(const char *line, size_t len, struct wire_frame *f);

/* swapbench.collect's HOST:PORT: a dotted IPv4 address and a port 1..65535. */
int wire_parse_addr(const char *s, unsigned char ip[4], unsigned *port);

/*
 * hello's "mac=aa:bb:cc:dd:ee:ff boot=ID[ from=N]": 0 and the fields copied,
 * or -1. N is the oldest line the machine still holds (every line before it
 * was acknowledged, to this collector or an earlier one); 0 when absent.
 */
int wire_parse_hello(const char *text, size_t len, char mac[18], char boot[33], unsigned long *from);

#endif
