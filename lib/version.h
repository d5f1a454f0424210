#ifndef SB_VERSION_H
#define SB_VERSION_H
/*
 * The build's version, one source for every program: `git describe
 * --always --dirty` of the tree it was built from, which the Makefile
 * gives every compile as SB_VERSION (and keeps in out/version). Each
 * tool's --version prints it, and init writes it into the meta record
 * (swapbench=VERSION); tests/integration/versions.sh checks they agree.
 */

/* NAME --version prints "NAME VERSION" on stdout and exits 0 */
const char *version_string(void);

#endif
