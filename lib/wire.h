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
 *
 * With a shared key (swapbench.collect.key= on the image, --key FILE on the
 * collector) every frame is keyed instead:
 *
 *   SBK1 T SEQ MAC[ TEXT] CRC
 *
 * MAC is the first 16 bytes, as 32 hex digits, of HMAC-SHA256 (lib/hmac.h)
 * with the key over "STEM T SEQ TEXT": STEM is empty in a hello (whose TEXT
 * names the machine) and in an E before one; the collector answers a keyed
 * hello with an A whose TEXT is "challenge=NONCE" (WIRE_NONCE_HEX hex
 * digits it drew for this connection), STEM the machine's MAC-BOOT (its MAC
 * with '-' for ':'); every frame after it, both ways, has STEM
 * "MAC-BOOT NONCE" (wire_bind). A peer without the key can neither write
 * into nor end another machine's series, nor forge the collector's
 * acknowledgements, nor replay a session to another collector or folder:
 * its frames are bound to a challenge that one never issued
 * (docs/lab-network.md: its limits).
 */
#include "record.h"

#include <stddef.h>

#define WIRE_MAGIC "SBC1"
#define WIRE_MAGIC_KEYED "SBK1"
#define WIRE_MAC_HEX 32			/* the MAC of a keyed frame: 16 bytes */
#define WIRE_NONCE_HEX 32		/* a keyed hello's challenge: 16 random bytes */
#define WIRE_BIND_MAX (64 + 1 + WIRE_NONCE_HEX + 1)	/* "MAC-BOOT NONCE" */
#define WIRE_KEY_MIN 16			/* bytes of a shared key */
#define WIRE_KEY_MAX 64
/* "SBC1 T " + SEQ + " " + " CRC", and " MAC" in a keyed frame */
#define WIRE_OVERHEAD (40 + 1 + WIRE_MAC_HEX)
#define WIRE_TEXT_MAX REC_LINE_MAX	/* the longest serial line sent: a record */
#define WIRE_FRAME_MAX (WIRE_TEXT_MAX + WIRE_OVERHEAD)

enum wire_type { WIRE_HELLO = 'H', WIRE_LINE = 'L', WIRE_ACK = 'A', WIRE_NAK = 'N', WIRE_ERR = 'E' };

struct wire_frame {
	char type;
	unsigned long seq;
	const char *text;	/* into the decoded line, not NUL terminated */
	size_t len;
};

struct wire_key {
	unsigned char k[WIRE_KEY_MAX];
	size_t len;
};

/* A key from text (what swapbench.collect.key= or the key file holds): 0, or -1 with why. */
int wire_key_set(struct wire_key *key, const char *text, size_t len, char *why, size_t wn);

/*
 * Writes one frame and its newline into buf; returns its length, or -1 when
 * it does not fit, the type is unknown or text holds a CR or LF (or is
 * longer than WIRE_TEXT_MAX). wire_encode_keyed with a key writes a keyed
 * frame for the machine stem (ignored for a hello); with NULL, as wire_encode.
 */
int wire_encode(char *buf, size_t size, char type, unsigned long seq, const char *text, size_t len);
int wire_encode_keyed(char *buf, size_t size, const struct wire_key *key, const char *stem, char type,
		      unsigned long seq, const char *text, size_t len);

enum wire_status {
	WIRE_OK = 0, WIRE_GARBAGE = -1, WIRE_BAD_CRC = -2,
	WIRE_TOO_LONG = -3,		/* its text is longer than any line sent (WIRE_TEXT_MAX) */
	WIRE_NO_KEY = -4,		/* a plain frame where the key is wanted */
	WIRE_BAD_MAC = -5,		/* a keyed frame whose MAC is not the key's */
	WIRE_UNKEYED = -6,		/* a keyed frame, and no key here */
};
const char *wire_status_name(enum wire_status st);

/*
 * One frame without its newline (a trailing CR is ignored). wire_decode
 * takes plain frames only; wire_decode_keyed with a key only keyed ones
 * whose MAC is right for stem (NULL: none yet, as ""), with NULL as wire_decode.
 */
enum wire_status wire_decode(const char *line, size_t len, struct wire_frame *f);
enum wire_status wire_decode_keyed(const char *line, size_t len, const struct wire_key *key, const char *stem,
				   struct wire_frame *f);

/*
 * A keyed session's binding, "STEM NONCE", from the hello's answer TEXT
 * ("challenge=NONCE", NONCE WIRE_NONCE_HEX lowercase hex digits) into
 * out[WIRE_BIND_MAX]: 0, or -1 when TEXT is no challenge.
 */
int wire_bind(char out[WIRE_BIND_MAX], const char *stem, const char *text, size_t len);

/* swapbench.collect's HOST:PORT: a dotted IPv4 address and a port 1..65535. */
int wire_parse_addr(const char *s, unsigned char ip[4], unsigned *port);

/*
 * hello's "mac=aa:bb:cc:dd:ee:ff boot=ID[ from=N]": 0 and the fields copied,
 * or -1. N is the oldest line the machine still holds (every line before it
 * was acknowledged, to this collector or an earlier one); 0 when absent.
 */
int wire_parse_hello(const char *text, size_t len, char mac[18], char boot[33], unsigned long *from);

#endif
