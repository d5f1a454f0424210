/* collect: swapbench-report collect --listen ADDR:PORT --dir DIR, its options checked (report/collect/ listens). */
#include "report/cmd/collect.h"
#include "report/cmd/cmd.h"
#include "report/collect/collect.h"
#include "report/util/util.h"
#include "lib/size.h"
#include "lib/wire.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* --key FILE: its first line is the key, as swapbench.collect.key= gives it to the image. */
static int key_load(struct wire_key *key, const char *path, char *why, size_t wn)
{
	char text[WIRE_KEY_MAX + 4];
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	struct stat st;
	ssize_t n;
	char *nl;

	if (fd < 0 || fstat(fd, &st) < 0) {
		snprintf(why, wn, "%s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	/* a key is a file's first line: a FIFO or a device (/dev/zero) holds none */
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		snprintf(why, wn, "not a regular file (a FIFO or a device): the key is a file's first line");
		return -1;
	}
	if (st.st_mode & S_IWOTH)
		warn("collect: --key %s: anyone on this host may write it (chmod o-w): whoever changes it "
		     "speaks for every machine", path);
	n = read(fd, text, sizeof(text));
	close(fd);
	if (n < 0) {
		snprintf(why, wn, "%s", strerror(errno));
		return -1;
	}
	nl = memchr(text, '\n', (size_t)n);
	return wire_key_set(key, text, nl ? (size_t)(nl - text) : (size_t)n, why, wn);
}

int cmd_collect(const struct opts *o, int argc, char **argv)
{
	struct collect_opts c = { .listen = o->listen, .dir = o->dir, .max_conns = o->max_conns,
				  .max_machines = o->max_machines, .idle_s = o->idle_s,
				  .machines = o->machines, .html = o->html };
	static struct wire_key key;
	char why[600];

	(void)argv;
	if (argc)
		cmd_usage_error("collect: takes no operands (--listen ADDR:PORT --dir DIR)");
	if (!o->listen || !o->dir)
		cmd_usage_error("collect: give --listen ADDR:PORT and --dir DIR");
	if (wire_parse_addr(o->listen, c.ip, &c.port) < 0)
		cmd_usage_error("collect: --listen %s: give ADDR:PORT, an IPv4 address and a port (127.0.0.1:5555)",
				o->listen);
	if (o->max_log && (size_parse(o->max_log, &c.max_log) < 0 || c.max_log < 4096))
		cmd_usage_error("collect: --max-log %s: a size of 4K or more (64M)", o->max_log);
	if (o->key) {
		if (key_load(&key, o->key, why, sizeof(why)) < 0)
			cmd_usage_error("collect: --key %s: %s", o->key, why);
		c.key = &key;
	}
	return collect_run(&c);
}
