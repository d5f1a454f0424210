/* lib/wire.c: the collector protocol's frames, addresses and hello. */
#include "check.h"
#include "wire.h"
#include "crc32.h"

#include <stdlib.h>

static void test_round_trip(void)
{
	static const char *const texts[] = { "", "KTAP version 1", "ok 1 idle-file-1 boot=ab crc=12345678",
					     "  spaces  around  ", "deadbeef", "# [1/4] x ETA 0:01" };
	char buf[WIRE_FRAME_MAX];
	struct wire_frame f;

	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		int n = wire_encode(buf, sizeof(buf), WIRE_LINE, 1000 + i, texts[i], strlen(texts[i]));

		CHECK(n > 0 && buf[n - 1] == '\n' && wire_decode(buf, (size_t)n - 1, &f) == WIRE_OK &&
		      f.type == 'L' && f.seq == 1000 + i && f.len == strlen(texts[i]) &&
		      !memcmp(f.text, texts[i], f.len), "round trip of '%s'", texts[i]);
	}
	int n = wire_encode(buf, sizeof(buf), WIRE_ACK, 7, "", 0);

	CHECK(n > 0 && !strncmp(buf, "SBC1 A 7 ", 9) && n == 18, "an ack is 'SBC1 A 7 CRC' (%.*s)", n - 1, buf);
}

/* Every byte flipped, every length cut: never read as a good frame. */
static void test_damage(void)
{
	char buf[WIRE_FRAME_MAX], copy[WIRE_FRAME_MAX];
	const char *t = "ok 3 lines-file-2 boot=5eed0003 elapsed_s=95.890 crc=00000000";
	int n = wire_encode(buf, sizeof(buf), WIRE_LINE, 3, t, strlen(t)), good = 0;
	struct wire_frame f;

	for (int i = 0; i < n - 1; i++)
		for (int bit = 0; bit < 8; bit++) {
			memcpy(copy, buf, (size_t)n);
			copy[i] = (char)(copy[i] ^ (1 << bit));
			good += wire_decode(copy, (size_t)n - 1, &f) == WIRE_OK;
		}
	CHECK(good == 0, "no single-bit flip of a frame decodes (%d did)", good);
	good = 0;
	for (int len = 0; len < n - 1; len++)
		good += wire_decode(buf, (size_t)len, &f) == WIRE_OK;
	CHECK(good == 0, "no cut-short frame decodes (%d did)", good);
	CHECK(wire_decode("GET / HTTP/1.0", 14, &f) == WIRE_GARBAGE, "garbage is garbage");
	memcpy(copy, buf, (size_t)n);
	copy[10] ^= 1;
	CHECK(wire_decode(copy, (size_t)n - 1, &f) == WIRE_BAD_CRC, "a changed text is a checksum error");
}

static void test_refused(void)
{
	char buf[64], big[WIRE_TEXT_MAX + 2];

	memset(big, 'x', sizeof(big));
	CHECK(wire_encode(buf, sizeof(buf), WIRE_LINE, 1, "a\nb", 3) < 0, "encode refuses a newline");
	CHECK(wire_encode(buf, sizeof(buf), WIRE_LINE, 1, "a\rb", 3) < 0, "encode refuses a CR");
	CHECK(wire_encode(buf, sizeof(buf), 'Q', 1, "", 0) < 0, "encode refuses an unknown type");
	CHECK(wire_encode(buf, sizeof(buf), WIRE_LINE, 1, big, 100) < 0, "encode refuses what does not fit");
	{
		static char fb[WIRE_FRAME_MAX * 2];

		CHECK(wire_encode(fb, sizeof(fb), WIRE_LINE, 1, big, sizeof(big)) < 0,
		      "encode refuses a text past WIRE_TEXT_MAX");
		CHECK(wire_encode(fb, sizeof(fb), WIRE_LINE, 99999999, big, WIRE_TEXT_MAX) > 0,
		      "the longest text fits a frame");
	}
}

static void test_addr(void)
{
	static const char *const good[] = { "10.0.2.2:5555", "127.0.0.1:1", "255.255.255.255:65535" };
	static const char *const bad[] = { "", "10.0.2.2", "10.0.2.2:", "10.0.2:5555", "10.0.2.256:5555",
					   "10.0.2.2:0", "10.0.2.2:65536", "host:5555", "10.0.2.2:55a",
					   "1000.0.0.1:1", "10.0.2.2:5555 ", "[::1]:5555", "10..2.2:1" };
	unsigned char ip[4];
	unsigned port;

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		CHECK(wire_parse_addr(good[i], ip, &port) == 0, "address '%s' is good", good[i]);
	CHECK(wire_parse_addr("10.0.2.2:5555", ip, &port) == 0 && ip[0] == 10 && ip[3] == 2 && port == 5555,
	      "10.0.2.2:5555 reads as such");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CHECK(wire_parse_addr(bad[i], ip, &port) < 0, "address '%s' is refused", bad[i]);
}

static void test_hello(void)
{
	char mac[18], boot[33];
	unsigned long from = 7;
	const char *h = "mac=52:54:00:12:34:56 boot=1a2b3c4d", *hf = "mac=52:54:00:12:34:56 boot=1a2b3c4d from=57";

	CHECK(wire_parse_hello(h, strlen(h), mac, boot, &from) == 0 && !strcmp(mac, "52:54:00:12:34:56") &&
	      !strcmp(boot, "1a2b3c4d") && from == 0, "hello gives mac and boot (from 0 when absent)");
	CHECK(wire_parse_hello(hf, strlen(hf), mac, boot, &from) == 0 && !strcmp(boot, "1a2b3c4d") && from == 57,
	      "hello with from=57 gives boot 1a2b3c4d and from %lu", from);
	static const char *const bad[] = { "mac=52:54:00:12:34 boot=x", "mac=52:54:00:12:34:5G boot=x",
					   "boot=x mac=52:54:00:12:34:56", "mac=52:54:00:12:34:56 boot=",
					   "mac=52:54:00:12:34:56 boot=../etc", "mac=52:54:00:12:34:56 boot=a b",
					   "mac=52:54:00:12:34:56 boot=0123456789abcdef0123456789abcdef0",
					   "mac=52:54:00:12:34:56 boot=x from=", "mac=52:54:00:12:34:56 boot=x from=1x",
					   "mac=52:54:00:12:34:56 boot=x to=5", "mac=52:54:00:12:34:56 boot=x from=1234567890123" };

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CHECK(wire_parse_hello(bad[i], strlen(bad[i]), mac, boot, &from) < 0, "hello '%s' is refused", bad[i]);
}

/* A text longer than any line sent: refused, however well framed (the frame's limit has room for a MAC). */
static void test_too_long(void)
{
	static char text[WIRE_TEXT_MAX + 30], buf[WIRE_FRAME_MAX + 64];
	struct wire_frame f;
	int n;

	memset(text, 'x', sizeof(text));
	CHECK(wire_encode(buf, sizeof(buf), WIRE_LINE, 1, text, WIRE_TEXT_MAX + 1) == -1,
	      "the encoder refuses a text of %d bytes", WIRE_TEXT_MAX + 1);
	n = snprintf(buf, sizeof(buf), "SBC1 L 1 %.*s", WIRE_TEXT_MAX + 22, text);
	n += snprintf(buf + n, sizeof(buf) - (size_t)n, " %08x", (unsigned)crc32_update(0, buf, (size_t)n));
	CHECK(wire_decode(buf, (size_t)n, &f) == WIRE_TOO_LONG, "a frame of %d text bytes is WIRE_TOO_LONG, not a line",
	      WIRE_TEXT_MAX + 22);
	CHECK(wire_encode(buf, sizeof(buf), WIRE_LINE, 1, text, WIRE_TEXT_MAX) > 0 &&
	      wire_decode(buf, strlen(buf) - 1, &f) == WIRE_OK && f.len == WIRE_TEXT_MAX, "%d bytes are a line",
	      WIRE_TEXT_MAX);
}

static void test_keyed(void)
{
	struct wire_key k, other;
	char buf[WIRE_FRAME_MAX], why[120];
	struct wire_frame f;
	const char *t = "ok 3 lines-file-2 boot=5eed0003 elapsed_s=95.890 crc=00000000";
	int n;

	CHECK(wire_key_set(&k, "lab-secret-0123456789abcdef\n", 28, why, sizeof(why)) == 0 && k.len == 27,
	      "a key from a file's line, its newline left out");
	CHECK(wire_key_set(&other, "short", 5, why, sizeof(why)) < 0 && strstr(why, "16 to 64"), "a short key: %s", why);
	CHECK(wire_key_set(&other, "with a space in it!!", 20, why, sizeof(why)) < 0, "a key with spaces: %s", why);
	wire_key_set(&other, "lab-secret-0123456789abcdeF", 27, why, sizeof(why));
	n = wire_encode_keyed(buf, sizeof(buf), &k, "52-54-00-00-00-01-5eed0003", WIRE_LINE, 3, t, strlen(t));
	CHECK(n > 0 && !strncmp(buf, "SBK1 L 3 ", 9), "a keyed frame: %.40s...", buf);
	CHECK(wire_decode_keyed(buf, (size_t)n - 1, &k, "52-54-00-00-00-01-5eed0003", &f) == WIRE_OK && f.seq == 3 &&
	      f.len == strlen(t) && !memcmp(f.text, t, f.len), "it decodes with the key, for its machine");
	CHECK(wire_decode_keyed(buf, (size_t)n - 1, &other, "52-54-00-00-00-01-5eed0003", &f) == WIRE_BAD_MAC,
	      "another key: WIRE_BAD_MAC");
	CHECK(wire_decode_keyed(buf, (size_t)n - 1, &k, "52-54-00-00-00-02-5eed0003", &f) == WIRE_BAD_MAC,
	      "another machine's series: WIRE_BAD_MAC");
	CHECK(wire_decode(buf, (size_t)n - 1, &f) == WIRE_UNKEYED, "no key here: WIRE_UNKEYED");
	n = wire_encode_keyed(buf, sizeof(buf), &k, "52-54-00-00-00-01-5eed0003", WIRE_LINE, 4, t, strlen(t));
	memcpy(buf + 7, "3", 1);	/* the same line with another sequence number */
	{
		char *crc = buf + n - 10;

		snprintf(crc, 11, " %08x\n", (unsigned)crc32_update(0, buf, (size_t)(crc - buf)));
	}
	CHECK(wire_decode_keyed(buf, (size_t)n - 1, &k, "52-54-00-00-00-01-5eed0003", &f) == WIRE_BAD_MAC,
	      "a sequence number changed, the CRC made right: WIRE_BAD_MAC");
	n = wire_encode(buf, sizeof(buf), WIRE_LINE, 3, t, strlen(t));
	CHECK(wire_decode_keyed(buf, (size_t)n - 1, &k, "52-54-00-00-00-01-5eed0003", &f) == WIRE_NO_KEY,
	      "a plain frame where a key is wanted: WIRE_NO_KEY");
	/* a hello's MAC does not depend on the stem it is checked for */
	n = wire_encode_keyed(buf, sizeof(buf), &k, "x", WIRE_HELLO, 0, "mac=52:54:00:00:00:01 boot=b from=1", 35);
	CHECK(wire_decode_keyed(buf, (size_t)n - 1, &k, NULL, &f) == WIRE_OK, "a keyed hello decodes before a machine is known");
}

int main(void)
{
	test_too_long();
	test_keyed();
	test_round_trip();
	test_damage();
	test_refused();
	test_addr();
	test_hello();
	return check_failed;
}
