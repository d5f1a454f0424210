/*
 * kfile: reading and writing the kernel's small /proc and /sys files, for
 * every module that asks the kernel or tells it something.
 */
#include "init/sys/kfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int kfile_read(const char *path, char *buf, int size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), n = 0;

	if (fd < 0)
		return -errno;
	while (n < size - 1) {
		ssize_t r = read(fd, buf + n, (size_t)(size - 1 - n));

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		n += (int)r;
	}
	close(fd);
	buf[n] = 0;
	return n;
}

int kfile_choice(const char *path, char *out, size_t n)
{
	char buf[256], *l, *r;
	int len = kfile_read(path, buf, sizeof(buf));

	out[0] = 0;
	if (len < 0)
		return len;
	l = strchr(buf, '[');
	r = l ? strchr(l, ']') : NULL;
	if (l && r)
		*r = 0;
	else
		buf[strcspn(buf, "\n")] = 0;
	snprintf(out, n, "%s", l && r ? l + 1 : buf);
	return 0;
}

int kfile_write(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), err = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, val, strlen(val)) < 0)
		err = -errno;
	close(fd);
	return err;
}
