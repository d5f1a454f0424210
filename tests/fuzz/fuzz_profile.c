/*
 * Fuzz target: the disk profile parser (disk/profile/profile.c), which reads files
 * people share. The input is a profile file. Properties: no crash, no
 * leak; a profile it accepts has a name of init's alphabet (it goes on the
 * kernel command line), describes itself in words without a space inside
 * one, is taken by the model, and its worst request (the kernel's largest,
 * after a full stroke on a disk) costs at most the bound the parser
 * promises: 1 s, and a unit's copy of 5 s more on flash.
 */
#include "disk/profile/profile.h"
#include "fuzz.h"
#include "profile_cost.h"

#define TEXT_MAX 65536

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char text[TEXT_MAX + 1], err[256], words[1024];
	static struct dp_profile d;

	if (size > TEXT_MAX)
		return 0;
	memcpy(text, data, size);
	text[size] = 0;
	dp_free(&d);	/* the last input's layout tables */
	if (dp_parse_bytes(text, size, &d, err, sizeof(err)) != 0) {
		require(err[0], "a refusal says why");
		return 0;
	}
	require(!memchr(data, 0, size), "no profile with a NUL byte is taken");
	require(d.name[0] && strlen(d.name) < DP_NAME_MAX && strspn(d.name, "abcdefghijklmnopqrstuvwxyz0123456789_-") ==
		strlen(d.name), "the name is init's alphabet for a name");
	if (dp_describe(&d, words, sizeof(words)) == 0)
		require(!strncmp(words, "disk=", 5) && !strncmp(words + 5, d.name, strlen(d.name)) &&
				words[5 + strlen(d.name)] == ' ',
			"the description begins with the name, one word");
	fuzz_profile_cost(&d);
	return 0;
}
