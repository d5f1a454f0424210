#ifndef SB_CRC32_H
#define SB_CRC32_H
/* CRC-32 (IEEE 802.3, the one zlib computes): every record's checksum. */
#include <stddef.h>
#include <stdint.h>

/* CRC-32 (IEEE 802.3, as zlib and gzip): crc32_update(0, buf, n). */
uint32_t crc32_update(uint32_t crc, const void *buf, size_t len);

#endif
