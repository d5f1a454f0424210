/*
 * init/output/sender.c against a collector played here on 127.0.0.1 (a child
 * process): an acknowledgement of a line never sent is not believed (the
 * line stays queued and the console says why), and with a key every frame
 * it sends carries the key's MAC and only keyed answers are taken. The
 * sender's statics are reached by including it.
 */
#include "check.h"
#include "init/output/sender.c"

#include <signal.h>
#include <sys/wait.h>

#define STEM "52-54-00-00-00-01-b00t"
#define CHALLENGE "challenge=0123456789abcdef0123456789abcdef"

static const struct wire_key *collector_key;
static int no_challenge;	/* a keyed collector older than the challenge */

/* The fake collector: per connection, answers the hello with A 0 and each line with A ack (0: its own seq). */
static void collector(int lfd, unsigned long ack, int conns)
{
	for (int c = 0; c < conns; c++) {
		int fd = accept(lfd, NULL, NULL);
		char buf[WIRE_FRAME_MAX * 4], out[WIRE_FRAME_MAX], bind[WIRE_BIND_MAX] = "";
		size_t have = 0;
		ssize_t got;

		if (fd < 0)
			_exit(1);
		while ((got = recv(fd, buf + have, sizeof(buf) - have, 0)) > 0) {
			char *nl;

			have += (size_t)got;
			while ((nl = memchr(buf, '\n', have))) {
				struct wire_frame f;
				size_t len = (size_t)(nl - buf);
				int n;

				/* a frame without the key's MAC (after the hello: bound to the
				 * challenge): the test fails by the exit status */
				if (wire_decode_keyed(buf, len, collector_key, bind[0] ? bind : STEM, &f) != WIRE_OK)
					_exit(3);
				n = wire_encode_keyed(out, sizeof(out), collector_key, bind[0] ? bind : STEM, WIRE_ACK,
						      f.type == WIRE_HELLO ? 0 : ack ? ack : f.seq,
						      f.type == WIRE_HELLO && collector_key && !no_challenge ? CHALLENGE : "",
						      f.type == WIRE_HELLO && collector_key && !no_challenge ? strlen(CHALLENGE) : 0);
				if (f.type == WIRE_HELLO && collector_key && !no_challenge)
					wire_bind(bind, STEM, CHALLENGE, strlen(CHALLENGE));
				if (send(fd, out, (size_t)n, MSG_NOSIGNAL) != n)
					break;
				memmove(buf, nl + 1, have - len - 1);
				have -= len + 1;
			}
		}
		close(fd);
	}
	_exit(0);
}

/* Runs the sender on one line against the collector; its console output in out. */
static int run(unsigned long ack, const char *key, char *out, size_t on)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t al = sizeof(a);
	int lfd = socket(AF_INET, SOCK_STREAM, 0), pipefd[2], saved, st = 0;
	pid_t pid;
	char why[100];
	ssize_t n;

	bind(lfd, (struct sockaddr *)&a, sizeof(a));
	listen(lfd, 8);
	getsockname(lfd, (struct sockaddr *)&a, &al);
	fflush(stdout);
	pid = fork();
	if (pid == 0)
		collector(lfd, ack, 3);
	close(lfd);
	memset(&N, 0, sizeof(N));
	N.fd = -1;
	N.to = a;
	snprintf(N.hello, sizeof(N.hello), "mac=52:54:00:00:00:01 boot=b00t");
	snprintf(N.stem, sizeof(N.stem), STEM);
	if (key && wire_key_set(&N.key, key, strlen(key), why, sizeof(why)) < 0)
		return -1;
	N.next_seq = 1;
	N.backoff = 0.2;
	N.on = 1;
	/* the console (fd 1) into a pipe, to read what the sender said */
	if (pipe(pipefd) < 0)
		return -1;
	saved = dup(1);
	dup2(pipefd[1], 1);
	conn_open();
	sender_line("# a console line", 16);
	sender_finish(1.5);
	dup2(saved, 1);
	close(saved);
	close(pipefd[1]);
	n = read(pipefd[0], out, on - 1);
	out[n > 0 ? n : 0] = 0;
	close(pipefd[0]);
	kill(pid, SIGTERM);
	waitpid(pid, &st, 0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 0;
}

int main(void)
{
	static char out[8192];
	static struct wire_key k;
	char why[100];
	int rc;

	signal(SIGPIPE, SIG_IGN);
	run(999, NULL, out, sizeof(out));
	CHECK(strstr(out, "the collector acknowledged line 999, beyond the last one sent (1): not believed") != NULL,
	      "an acknowledgement of line 999 after line 1 was sent is refused, saying so");
	CHECK(strstr(out, "acknowledged all") == NULL && strstr(out, "lines not acknowledged by the collector"),
	      "and the line counts as not acknowledged");
	run(0, NULL, out, sizeof(out));
	CHECK(strstr(out, "the collector acknowledged all") != NULL, "a collector that acknowledges what it got: all");
	wire_key_set(&k, "lab-secret-0123456789abcdef", 27, why, sizeof(why));
	collector_key = &k;
	rc = run(0, "lab-secret-0123456789abcdef", out, sizeof(out));
	CHECK(rc == 0 && strstr(out, "the collector acknowledged all") != NULL,
	      "keyed: every frame carries the key's MAC and the keyed answers are taken (collector exit %d)", rc);
	collector_key = &k;
	rc = run(0, "another-key-0123456789abcdef", out, sizeof(out));
	CHECK(strstr(out, "acknowledged all") == NULL, "another key: nothing counts as acknowledged");
	no_challenge = 1;
	run(0, "lab-secret-0123456789abcdef", out, sizeof(out));
	CHECK(strstr(out, "answered hello without a challenge: it is older than this image") != NULL &&
	      strstr(out, "acknowledged all") == NULL,
	      "keyed, a collector that issues no challenge: refused, saying it is older (%.200s)", out);
	return check_failed;
}
