/* lib/hmac.c: SHA-256 against FIPS 180-4's examples, HMAC-SHA256 against RFC 4231's test cases. */
#include "check.h"
#include "hmac.h"

#include <stdlib.h>

static void hex(const unsigned char *d, char out[2 * SHA256_LEN + 1])
{
	for (int i = 0; i < SHA256_LEN; i++)
		sprintf(out + 2 * i, "%02x", d[i]);
}

static void sha(const void *m, size_t n, size_t piece, const char *want, const char *what)
{
	struct sha256 s;
	unsigned char d[SHA256_LEN];
	char got[2 * SHA256_LEN + 1];

	sha256_init(&s);
	/* in pieces, so block boundaries fall everywhere */
	for (size_t off = 0; off < n; off += piece)
		sha256_update(&s, (const char *)m + off, n - off < piece ? n - off : piece);
	sha256_final(&s, d);
	hex(d, got);
	CHECK_STR(got, want, "SHA-256 of %s, %zu bytes at a time", what, piece);
}

static void mac(const void *k, size_t kn, const void *m, size_t n, const char *want, const char *what)
{
	struct hmac h;
	unsigned char d[SHA256_LEN];
	char got[2 * SHA256_LEN + 1];

	hmac_init(&h, k, kn);
	hmac_update(&h, m, n);
	hmac_final(&h, d);
	hex(d, got);
	CHECK_STR(got, want, "HMAC-SHA256, RFC 4231 %s", what);
}

int main(void)
{
	static const char two[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	char *million = malloc(1000000);
	unsigned char k20[20], kaa[131], d50[50];

	sha("", 0, 1, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "nothing");
	sha("abc", 3, 1, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "\"abc\"");
	for (size_t piece = 1; piece <= 64; piece *= 4)
		sha(two, strlen(two), piece, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
		    "the 448-bit message");
	memset(million, 'a', 1000000);
	sha(million, 1000000, 1000, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
	    "a million 'a'");
	sha(million, 1000000, 1000000, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
	    "a million 'a'");
	free(million);

	memset(k20, 0x0b, sizeof(k20));
	mac(k20, 20, "Hi There", 8, "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7", "case 1");
	mac("Jefe", 4, "what do ya want for nothing?", 28,
	    "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843", "case 2 (a key shorter than the MAC)");
	memset(k20, 0xaa, sizeof(k20));
	memset(d50, 0xdd, sizeof(d50));
	mac(k20, 20, d50, 50, "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe", "case 3");
	memset(kaa, 0xaa, sizeof(kaa));
	mac(kaa, 131, "Test Using Larger Than Block-Size Key - Hash Key First", 54,
	    "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54", "case 6 (a key longer than a block)");
	{
		static const char m7[] = "This is a test using a larger than block-size key and a larger than block-size "
					 "data. The key needs to be hashed before being used by the HMAC algorithm.";

		mac(kaa, 131, m7, strlen(m7), "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
		    "case 7 (key and data longer than a block)");
	}
	CHECK(!hmac_differ("abcd", "abcd", 4) && hmac_differ("abcd", "abce", 4) && hmac_differ("xbcd", "abcd", 4),
	      "hmac_differ: equal is 0, a difference at either end is not");
	return check_failed;
}
