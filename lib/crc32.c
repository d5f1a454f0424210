/* CRC-32: bitwise in the image, table-driven where CRC32_TABLE is set (the report). */
#include "crc32.h"

#ifndef CRC32_TABLE
/* Bitwise, table-free: records are short and the image stays small. */
uint32_t crc32_update(uint32_t crc, const void *buf, size_t len)
{
	const unsigned char *p = buf;

	crc = ~crc;
	while (len--) {
		crc ^= *p++;
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xEDB88320u & -(crc & 1));
	}
	return ~crc;
}
#else
/* Eight bytes a step through 8 KiB of tables: the host tool checks millions of records. */
static uint32_t t[8][256];

static void make_tables(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;

		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xEDB88320u & -(c & 1));
		t[0][i] = c;
	}
	for (int k = 1; k < 8; k++)
		for (int i = 0; i < 256; i++)
			t[k][i] = (t[k - 1][i] >> 8) ^ t[0][t[k - 1][i] & 0xff];
}

uint32_t crc32_update(uint32_t crc, const void *buf, size_t len)
{
	const unsigned char *p = buf;

	if (!t[0][1])
		make_tables();
	crc = ~crc;
	for (; len >= 8; len -= 8, p += 8) {
		crc ^= (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
		       (uint32_t)p[3] << 24;
		crc = t[7][crc & 0xff] ^ t[6][(crc >> 8) & 0xff] ^ t[5][(crc >> 16) & 0xff] ^
		      t[4][crc >> 24] ^ t[3][p[4]] ^ t[2][p[5]] ^ t[1][p[6]] ^ t[0][p[7]];
	}
	while (len--)
		crc = (crc >> 8) ^ t[0][(crc ^ *p++) & 0xff];
	return ~crc;
}
#endif
