/* wire: the collector protocol's frames, keyed or not, addresses and hello (wire.h). */
#include "wire.h"
#include "crc32.h"
#include "hmac.h"

#include <stdio.h>
#include <string.h>

static int known_type(char t)
{
	return t && strchr("HLANE", t) != NULL;
}

/* The first WIRE_MAC_HEX / 2 bytes of HMAC-SHA256 over "STEM T SEQ TEXT", in hex. */
static void mac_of(const struct wire_key *key, const char *stem, char type, unsigned long seq, const char *text,
		   size_t len, char out[WIRE_MAC_HEX + 1])
{
	static const char hex[] = "0123456789abcdef";
	unsigned char d[SHA256_LEN];
	char head[48];
	struct hmac h;
	int n;

	if (type == WIRE_HELLO || !stem)
		stem = "";
	n = snprintf(head, sizeof(head), " %c %lu ", type, seq);
	hmac_init(&h, key->k, key->len);
	hmac_update(&h, stem, strlen(stem));
	hmac_update(&h, head, (size_t)n);
	hmac_update(&h, text, len);
	hmac_final(&h, d);
	for (int i = 0; i < WIRE_MAC_HEX / 2; i++) {
		out[2 * i] = hex[d[i] >> 4];
		out[2 * i + 1] = hex[d[i] & 15];
	}
	out[WIRE_MAC_HEX] = 0;
}

int wire_key_set(struct wire_key *key, const char *text, size_t len, char *why, size_t wn)
{
	while (len && (text[len - 1] == '\n' || text[len - 1] == '\r'))
		len--;
	if (len < WIRE_KEY_MIN || len > WIRE_KEY_MAX) {
		snprintf(why, wn, "a key is %d to %d characters (this one %zu)", WIRE_KEY_MIN, WIRE_KEY_MAX, len);
		return -1;
	}
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)text[i] <= ' ' || (unsigned char)text[i] >= 0x7f) {
			snprintf(why, wn, "a key is printable characters without spaces (character %zu is not)", i + 1);
			return -1;
		}
	memcpy(key->k, text, len);
	key->len = len;
	return 0;
}

int wire_encode_keyed(char *buf, size_t size, const struct wire_key *key, const char *stem, char type,
		      unsigned long seq, const char *text, size_t len)
{
	char mac[WIRE_MAC_HEX + 1];
	int n;

	if (!known_type(type) || len > WIRE_TEXT_MAX || memchr(text, '\n', len) || memchr(text, '\r', len))
		return -1;
	if (key) {
		mac_of(key, stem, type, seq, text, len, mac);
		n = snprintf(buf, size, WIRE_MAGIC_KEYED " %c %lu %s%s", type, seq, mac, len ? " " : "");
	} else {
		n = snprintf(buf, size, WIRE_MAGIC " %c %lu%s", type, seq, len ? " " : "");
	}
	if (n < 0 || (size_t)n + len + 11 > size)
		return -1;
	memcpy(buf + n, text, len);
	n += (int)len;
	n += snprintf(buf + n, size - (size_t)n, " %08x\n", (unsigned)crc32_update(0, buf, (size_t)n));
	return n;
}

int wire_encode(char *buf, size_t size, char type, unsigned long seq, const char *text, size_t len)
{
	return wire_encode_keyed(buf, size, NULL, NULL, type, seq, text, len);
}

static int hex8(const char *p, unsigned *out)
{
	unsigned v = 0;

	for (int i = 0; i < 8; i++) {
		char c = p[i];
		int h = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;

		if (h < 0)
			return -1;
		v = v * 16 + (unsigned)h;
	}
	*out = v;
	return 0;
}

const char *wire_status_name(enum wire_status st)
{
	switch (st) {
	case WIRE_OK: return "a good frame";
	case WIRE_BAD_CRC: return "frame checksum wrong";
	case WIRE_TOO_LONG: return "a line longer than a record (4096 bytes)";
	case WIRE_NO_KEY: return "a frame without the key's MAC (this collector has --key)";
	case WIRE_BAD_MAC: return "a keyed frame whose MAC is not this key's";
	case WIRE_UNKEYED: return "a keyed frame, and no key here";
	case WIRE_GARBAGE: break;
	}
	return "not a swapbench frame";
}

enum wire_status wire_decode_keyed(const char *line, size_t len, const struct wire_key *key, const char *stem,
				   struct wire_frame *f)
{
	const char *p, *end, *mac = NULL;
	unsigned crc;
	int keyed;

	if (len && line[len - 1] == '\r')
		len--;
	/* "SBC1 T N ssssssss": 17 bytes at the least */
	if (len < 17 || len > WIRE_FRAME_MAX || (memcmp(line, WIRE_MAGIC " ", 5) && memcmp(line, WIRE_MAGIC_KEYED " ", 5)) ||
	    !known_type(line[5]) || line[6] != ' ' || line[len - 9] != ' ' || hex8(line + len - 8, &crc) < 0)
		return WIRE_GARBAGE;
	keyed = line[2] == 'K';
	end = line + len - 9;
	if (crc32_update(0, line, (size_t)(end - line)) != crc)
		return WIRE_BAD_CRC;
	f->type = line[5];
	f->seq = 0;
	p = line + 7;
	if (p >= end || *p < '0' || *p > '9')
		return WIRE_GARBAGE;
	for (int digits = 0; p < end && *p >= '0' && *p <= '9'; p++, digits++) {
		if (digits == 18)
			return WIRE_GARBAGE;
		f->seq = f->seq * 10 + (unsigned long)(*p - '0');
	}
	if (keyed) {
		if (end - p < 1 + WIRE_MAC_HEX || *p != ' ')
			return WIRE_GARBAGE;
		mac = p + 1;
		for (int i = 0; i < WIRE_MAC_HEX; i++)
			if (!strchr("0123456789abcdef", mac[i]) || !mac[i])
				return WIRE_GARBAGE;
		p = mac + WIRE_MAC_HEX;
	}
	if (p < end && *p++ != ' ')
		return WIRE_GARBAGE;
	f->text = p;
	f->len = (size_t)(end - p);
	if (memchr(f->text, '\r', f->len) || memchr(f->text, '\n', f->len))
		return WIRE_GARBAGE;
	if (f->len > WIRE_TEXT_MAX)
		return WIRE_TOO_LONG;
	if (!key != !keyed)
		return key ? WIRE_NO_KEY : WIRE_UNKEYED;
	if (key) {
		char want[WIRE_MAC_HEX + 1];

		mac_of(key, stem, f->type, f->seq, f->text, f->len, want);
		if (hmac_differ(want, mac, WIRE_MAC_HEX))
			return WIRE_BAD_MAC;
	}
	return WIRE_OK;
}

enum wire_status wire_decode(const char *line, size_t len, struct wire_frame *f)
{
	return wire_decode_keyed(line, len, NULL, NULL, f);
}

int wire_parse_addr(const char *s, unsigned char ip[4], unsigned *port)
{
	const char *p = s;

	for (int i = 0; i < 4; i++) {
		unsigned v = 0;
		int digits = 0;

		for (; *p >= '0' && *p <= '9' && digits < 3; p++, digits++)
			v = v * 10 + (unsigned)(*p - '0');
		if (!digits || v > 255 || *p != (i < 3 ? '.' : ':'))
			return -1;
		ip[i] = (unsigned char)v;
		p++;
	}
	*port = 0;
	for (int digits = 0; *p; p++, digits++) {
		if (*p < '0' || *p > '9' || digits == 5)
			return -1;
		*port = *port * 10 + (unsigned)(*p - '0');
	}
	return *port >= 1 && *port <= 65535 ? 0 : -1;
}

static int mac_ok(const char *m, size_t n)
{
	if (n != 17)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (i % 3 == 2 ? m[i] != ':' : !strchr("0123456789abcdef", m[i]) || !m[i])
			return 0;
	return 1;
}

static int boot_ok(const char *b, size_t n)
{
	if (!n || n > 32)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!b[i] || !strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-", b[i]))
			return 0;
	return 1;
}

int wire_bind(char out[WIRE_BIND_MAX], const char *stem, const char *text, size_t len)
{
	if (len != 10 + WIRE_NONCE_HEX || memcmp(text, "challenge=", 10) || strlen(stem) > 64)
		return -1;
	for (size_t i = 10; i < len; i++)
		if (!((text[i] >= '0' && text[i] <= '9') || (text[i] >= 'a' && text[i] <= 'f')))
			return -1;
	snprintf(out, WIRE_BIND_MAX, "%s %.*s", stem, WIRE_NONCE_HEX, text + 10);
	return 0;
}

int wire_parse_hello(const char *text, size_t len, char mac[18], char boot[33], unsigned long *from)
{
	const char *sp = memchr(text, ' ', len), *end = text + len, *fp;
	size_t ml, bl;

	*from = 0;
	if (!sp || len < 4 || memcmp(text, "mac=", 4) || (size_t)(end - sp) < 6 || memcmp(sp, " boot=", 6))
		return -1;
	/* an optional " from=N": the oldest line the machine still holds */
	fp = memchr(sp + 1, ' ', (size_t)(end - sp - 1));
	if (fp) {
		const char *p = fp + 6;

		if ((size_t)(end - fp) < 7 || memcmp(fp, " from=", 6) || end - p > 12)
			return -1;
		for (; p < end; p++) {
			if (*p < '0' || *p > '9')
				return -1;
			*from = *from * 10 + (unsigned long)(*p - '0');
		}
		end = fp;
	}
	ml = (size_t)(sp - text - 4);
	bl = (size_t)(end - sp - 6);
	if (!mac_ok(text + 4, ml) || !boot_ok(sp + 6, bl))
		return -1;
	memcpy(mac, text + 4, ml);
	mac[ml] = 0;
	memcpy(boot, sp + 6, bl);
	boot[bl] = 0;
	return 0;
}
