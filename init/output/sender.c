#include "init/output/sender.h"
#include "init/sys/errmsg.h"
#include "lib/now.h"
#include "lib/wire.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define RING 131072		/* bytes of lines waiting for their acknowledgement */
#define SLOTS 1024		/* lines waiting */
#define CONNECT_MS 2000		/* a connection attempt */
#define IO_S 2			/* a send that blocks this long gives the connection up */
#define STALL_S 30.0		/* lines sent, no acknowledgement this long: connect again */
#define BACKOFF_MAX_S 8.0

static struct {
	int on, fd;
	struct sockaddr_in to;
	char hello[64];			/* "mac=... boot=..." */
	char ring[RING];
	struct { uint64_t at; unsigned len; unsigned long seq; } slot[SLOTS];
	unsigned head, count;		/* oldest line not acknowledged, how many */
	uint64_t wpos;			/* ring bytes written so far */
	unsigned long next_seq, acked, sent;	/* sent: highest seq sent on this connection */
	unsigned long max_sent;		/* highest seq ever sent: no collector holds more */
	struct wire_key key;		/* swapbench.collect.key=; len 0: frames not keyed */
	char stem[64];			/* MAC-BOOT, what keyed frames after the hello are for */
	char bind[WIRE_BIND_MAX];	/* keyed: "MAC-BOOT NONCE" from the hello's answer ("" before it) */
	double retry_at, backoff, sent_at;	/* sent_at: when the oldest unacknowledged went out */
	unsigned long dropped;		/* lines the full queue could not take */
	unsigned long acks, hello_ack;	/* acknowledgements read, the last one's seq */
	char rbuf[WIRE_FRAME_MAX];
	size_t rhave;
	char last_err[160];
} N = { .fd = -1 };

static int enqueue(const char *s, size_t len);

/* The sender's own notices: to the console, and queued for the collector
 * like every other console line (results_line would call back in here). */
__attribute__((format(printf, 1, 2)))
static void say(const char *fmt, ...)
{
	char line[300];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (n > (int)sizeof(line) - 2)
		n = (int)sizeof(line) - 2;
	line[n++] = '\n';
	if (write(1, line, (size_t)n) < 0)
		return;
	if (N.on)
		enqueue(line, (size_t)n);
}

static int find_interface(char *mac, size_t mn, char *ip, size_t in, char *why, size_t wn)
{
	struct ifaddrs *ifs, *i;
	int found = -ENETUNREACH;

	if (getifaddrs(&ifs) < 0) {
		snprintf(why, wn, "getifaddrs: %s", errmsg(errno));
		return -errno;
	}
	for (i = ifs; i && found < 0; i = i->ifa_next) {
		char path[64];
		int fd;
		ssize_t r;

		if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET || (i->ifa_flags & IFF_LOOPBACK))
			continue;
		inet_ntop(AF_INET, &((struct sockaddr_in *)(void *)i->ifa_addr)->sin_addr, ip, (socklen_t)in);
		snprintf(path, sizeof(path), "/sys/class/net/%s/address", i->ifa_name);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		r = fd >= 0 ? read(fd, mac, mn - 1) : -1;
		if (fd >= 0)
			close(fd);
		if (r < 17) {
			snprintf(why, wn, "%s has %s but no MAC address in %s", i->ifa_name, ip, path);
			found = -ENODEV;
			break;
		}
		mac[17] = 0;
		found = 0;
	}
	freeifaddrs(ifs);
	if (found == -ENETUNREACH)
		snprintf(why, wn, "no network interface has an IPv4 address: the kernel's ip=dhcp got no "
			 "answer, or this image has no network (KERNEL=net) or no driver for this NIC");
	return found;
}

static void conn_close(const char *why)
{
	if (N.fd < 0)
		return;
	close(N.fd);
	N.fd = -1;
	N.rhave = 0;
	N.retry_at = now_s() + N.backoff;
	N.backoff = N.backoff < BACKOFF_MAX_S ? N.backoff * 2 : BACKOFF_MAX_S;
	if (why && strcmp(why, N.last_err)) {
		say("# swapbench: collector %s:%u: %s; %u lines kept to send again", inet_ntoa(N.to.sin_addr),
		    ntohs(N.to.sin_port), why, N.count);
		snprintf(N.last_err, sizeof(N.last_err), "%s", why);
	}
}

/* Drops every line up to seq from the queue. */
static void acknowledge(unsigned long seq)
{
	while (N.count && N.slot[N.head].seq <= seq) {
		N.head = (N.head + 1) % SLOTS;
		N.count--;
		N.sent_at = now_s();
	}
	if (seq > N.acked)
		N.acked = seq;
}

/* Reads what the collector said, waiting up to ms; -1 when the connection is gone. */
static int read_answers(int ms)
{
	struct pollfd p = { .fd = N.fd, .events = POLLIN };

	while (N.fd >= 0 && poll(&p, 1, ms) > 0) {
		ssize_t got = recv(N.fd, N.rbuf + N.rhave, sizeof(N.rbuf) - N.rhave, MSG_DONTWAIT);
		size_t start = 0;

		if (got <= 0) {
			conn_close(got < 0 ? errmsg(errno) : "the collector closed the connection");
			return -1;
		}
		N.rhave += (size_t)got;
		for (char *nl; (nl = memchr(N.rbuf + start, '\n', N.rhave - start)); start = (size_t)(nl - N.rbuf) + 1) {
			struct wire_frame f;

			enum wire_status st = wire_decode_keyed(N.rbuf + start, (size_t)(nl - N.rbuf) - start,
								N.key.len ? &N.key : NULL, N.bind[0] ? N.bind : N.stem, &f);

			/* an E is believed without its MAC: it only closes what a forged reset could */
			if (st == WIRE_BAD_MAC && N.rbuf[start + 5] == WIRE_ERR)
				st = WIRE_OK;
			if (st != WIRE_OK) {
				char why[160];

				snprintf(why, sizeof(why), "the collector answered with %s", st == WIRE_BAD_CRC ||
					 st == WIRE_GARBAGE ? "a damaged frame" : wire_status_name(st));
				conn_close(why);
				return -1;
			}
			if ((f.type == WIRE_ACK || f.type == WIRE_NAK) && f.seq > N.max_sent) {
				/* what was never sent cannot be stored: this is no collector to trust */
				char why[160];

				snprintf(why, sizeof(why), "the collector acknowledged line %lu, beyond the last one sent "
					 "(%lu): not believed", f.seq, N.max_sent);
				conn_close(why);
				return -1;
			}
			/* keyed: the hello's answer carries the collector's challenge, which
			 * every frame after it is bound to (lib/wire.h) */
			if (f.type == WIRE_ACK && N.key.len && !N.bind[0] &&
			    wire_bind(N.bind, N.stem, f.text, f.len) < 0) {
				conn_close("the collector answered hello without a challenge: it is older than this "
					   "image (update swapbench-report); the records stay on the console");
				return -1;
			}
			if (f.type == WIRE_ACK) {
				N.acks++;
				N.hello_ack = f.seq;
				acknowledge(f.seq);
			} else if (f.type == WIRE_NAK) {
				say("# swapbench: the collector refused line %lu (%.*s): it stays on the console only",
				    f.seq, (int)f.len, f.text);
				acknowledge(f.seq);
			} else if (f.type == WIRE_ERR) {
				char why[200];

				snprintf(why, sizeof(why), "the collector says: %.*s", (int)f.len, f.text);
				conn_close(why);
				return -1;
			}
		}
		memmove(N.rbuf, N.rbuf + start, N.rhave - start);
		N.rhave -= start;
		if (N.rhave == sizeof(N.rbuf)) {
			conn_close("the collector sent a line longer than a frame");
			return -1;
		}
		ms = 0;
	}
	return N.fd >= 0 ? 0 : -1;
}

static int send_frame(char type, unsigned long seq, const char *text, size_t len)
{
	char f[WIRE_FRAME_MAX];
	int n = wire_encode_keyed(f, sizeof(f), N.key.len ? &N.key : NULL, N.bind[0] ? N.bind : N.stem, type, seq,
				  text, len);

	if (n < 0)
		return 0;	/* a line no frame can carry: it stays on the console */
	if (send(N.fd, f, (size_t)n, MSG_NOSIGNAL) != n) {
		conn_close(errno == EAGAIN ? "sending stalled" : errmsg(errno));
		return -1;
	}
	return 0;
}

static void conn_open(void)
{
	struct timeval tv = { .tv_sec = IO_S };
	struct pollfd p;
	int fd, err = 0, one = 1;
	socklen_t el = sizeof(err);

	fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0)
		return;
	if (connect(fd, (struct sockaddr *)&N.to, sizeof(N.to)) < 0 && errno != EINPROGRESS) {
		err = errno;
	} else {
		p = (struct pollfd){ .fd = fd, .events = POLLOUT };
		if (poll(&p, 1, CONNECT_MS) != 1)
			err = ETIMEDOUT;
		else if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &el) < 0)
			err = errno;
	}
	N.fd = fd;
	if (err) {
		conn_close(errmsg(err));	/* backs off, says why once */
		return;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	N.rhave = 0;
	N.bind[0] = 0;	/* a new connection, a new challenge */
	{
		/* from=: the oldest line still held; a collector that lost the
		 * ones before it (a new folder) continues there */
		char h[sizeof(N.hello) + 32];
		int hn = snprintf(h, sizeof(h), "%s from=%lu", N.hello, N.count ? N.slot[N.head].seq : N.next_seq);

		if (send_frame(WIRE_HELLO, N.next_seq - 1, h, (size_t)hn) < 0)
			return;
	}
	/* the hello's answer says what the collector holds: the rest goes again */
	{
		unsigned long acks = N.acks;

		if (read_answers(3000) < 0)
			return;
		if (N.acks == acks) {
			conn_close("no answer to hello within 3 s");
			return;
		}
	}
	N.sent = N.hello_ack;
	N.backoff = 1.0;
	N.sent_at = now_s();
	if (N.last_err[0]) {
		say("# swapbench: collector %s:%u: connected again", inet_ntoa(N.to.sin_addr), ntohs(N.to.sin_port));
		N.last_err[0] = 0;
	}
}

/* The line of slot i, contiguous (a line may wrap around the ring's end). */
static const char *slot_text(unsigned i, char *tmp)
{
	uint64_t at = N.slot[i].at;
	unsigned len = N.slot[i].len, off = (unsigned)(at % RING);

	if (off + len <= RING)
		return N.ring + off;
	memcpy(tmp, N.ring + off, RING - off);
	memcpy(tmp + (RING - off), N.ring, len - (RING - off));
	return tmp;
}

static void pump(void)
{
	static char tmp[WIRE_TEXT_MAX];

	if (N.fd < 0 && N.count && now_s() >= N.retry_at)
		conn_open();
	if (N.fd < 0)
		return;
	for (unsigned k = 0; k < N.count && N.fd >= 0; k++) {
		unsigned i = (N.head + k) % SLOTS;

		if (N.slot[i].seq <= N.sent)
			continue;
		if (send_frame(WIRE_LINE, N.slot[i].seq, slot_text(i, tmp), N.slot[i].len) < 0)
			return;
		N.sent = N.slot[i].seq;
		if (N.sent > N.max_sent)
			N.max_sent = N.sent;
	}
	read_answers(0);
	if (N.fd >= 0 && N.count && now_s() - N.sent_at > STALL_S)
		conn_close("no acknowledgement for 30 s");
}

int sender_start(const char *spec, const char *key, const char *boot, char *why, size_t n)
{
	unsigned char ip[4];
	unsigned port;
	char mac[32], addr[INET_ADDRSTRLEN];
	int err;

	if (wire_parse_addr(spec, ip, &port) < 0) {
		snprintf(why, n, "swapbench.collect=%s: not IPV4:PORT", spec);
		return -EINVAL;
	}
	if (key && *key && wire_key_set(&N.key, key, strlen(key), why, n) < 0) {
		char k[200];

		snprintf(k, sizeof(k), "%s", why);
		snprintf(why, n, "swapbench.collect.key: %s", k);
		return -EINVAL;
	}
	if ((err = find_interface(mac, sizeof(mac), addr, sizeof(addr), why, n)) < 0)
		return err;
	N.to.sin_family = AF_INET;
	memcpy(&N.to.sin_addr, ip, 4);
	N.to.sin_port = htons((unsigned short)port);
	snprintf(N.hello, sizeof(N.hello), "mac=%s boot=%s", mac, boot);
	snprintf(N.stem, sizeof(N.stem), "%s-%s", mac, boot);
	for (char *p = N.stem; *p; p++)
		*p = *p == ':' ? '-' : *p;
	N.next_seq = 1;
	N.backoff = 1.0;
	/* before the header, and before N.on: the console's only, as the kernel's lines are */
	say("# swapbench: sending every line to the collector %s (from %s, %s%s)", spec, addr, mac,
	    N.key.len ? ", frames keyed" : "");
	N.on = 1;
	conn_open();
	return 0;
}

/* Queues one line; -1 when the queue has no room for it. */
static int enqueue(const char *s, size_t len)
{
	unsigned i;

	while (len && (s[len - 1] == '\n' || s[len - 1] == '\r'))
		len--;
	if (len > WIRE_TEXT_MAX || N.count == SLOTS ||
	    (N.count && N.wpos + len - N.slot[N.head].at > RING))
		return -1;
	i = (N.head + N.count) % SLOTS;
	N.slot[i].at = N.wpos;
	N.slot[i].len = (unsigned)len;
	N.slot[i].seq = N.next_seq++;
	for (size_t k = 0; k < len; k++)
		N.ring[(N.wpos + k) % RING] = s[k];
	N.wpos += len;
	if (!N.count)
		N.sent_at = now_s();
	N.count++;
	return 0;
}

void sender_line(const char *s, size_t len)
{
	if (!N.on)
		return;
	if (enqueue(s, len) < 0 && !N.dropped++) {
		N.on = 0;	/* no room for this notice either: the console's only */
		say("# swapbench: the collector's queue is full (%u lines): later lines stay on the console and "
		    "the results disk until it takes some", N.count);
		N.on = 1;
	}
	pump();
}

/* Sends what is queued, waiting up to until for the acknowledgements. */
static void drain(double until)
{
	while (N.count && now_s() < until) {
		pump();
		if (N.fd >= 0)
			read_answers(500);
		else
			usleep(200000);
	}
}

void sender_finish(double wait_s)
{
	if (!N.on)
		return;
	drain(now_s() + wait_s);
	if (N.dropped)
		say("# swapbench: %lu lines did not fit the collector's queue", N.dropped);
	if (N.count) {
		say("# swapbench: %u lines not acknowledged by the collector after %.0f s: they are on the console "
		    "(and the results disk)", N.count, wait_s);
	} else {
		say("# swapbench: the collector acknowledged all %lu lines", N.next_seq - 1);
		drain(now_s() + 10);	/* that notice itself */
	}
	if (N.fd >= 0)
		close(N.fd);
	N.fd = -1;
	N.on = 0;
}
