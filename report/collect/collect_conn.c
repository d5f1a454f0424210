/*
 * collect's connections: each one's frames (lib/wire.h), its hello and
 * the lines it stores for its machine (collect_store.c), the slots of
 * machines and of connections not named yet, and each connection's limits
 * (report/collect/collect.c has the network side and the whole story).
 */
#include "report/collect/collect_conn.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#define HELLO_S 10.0			/* a connection has this long to say who it is */
#define FRAME_S 10.0			/* and this long to complete a frame it began */
#define KEEP_S 5.0			/* a connection that stored a line this recently keeps its machine */

static void send_frame(struct conns *K, struct conn *c, char type, unsigned long seq, const char *text)
{
	char f[WIRE_FRAME_MAX];
	/* after the hello's answer every frame is bound to its challenge */
	int n = wire_encode_keyed(f, sizeof(f), K->key, c->bind[0] ? c->bind : c->m ? c->m->stem : "", type, seq,
				  text, strlen(text));

	/* a peer that does not read its acknowledgements is not waited for */
	if (n > 0 && send(c->fd, f, (size_t)n, MSG_NOSIGNAL | MSG_DONTWAIT) != n)
		c->deaf = 1;
}

void conn_close(struct conns *K, struct conn *c)
{
	if (c->m) {
		if (c->m->conn == c)
			collect_store_release(K->st, c->m);
		K->named--;
	} else {
		K->anon--;
	}
	close(c->fd);
	c->fd = -1;
	c->m = NULL;
	c->have = 0;
	c->bind[0] = 0;
}

/* Closes c with an E saying why, and a line in the events. */
static __attribute__((format(printf, 3, 4))) void conn_drop(struct conns *K, struct conn *c, const char *fmt, ...)
{
	char why[300];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	events_say(K->ev, "%s%s%s: %s: connection closed", c->peer, c->m ? " " : "", c->m ? c->m->stem : "", why);
	send_frame(K, c, WIRE_ERR, 0, why);
	conn_close(K, c);
}

/* The oldest connection without a hello, opened before this round; NULL if none. */
static struct conn *oldest_anon(struct conns *K)
{
	struct conn *o = NULL;

	for (unsigned i = 0; i < K->nc; i++) {
		struct conn *c = &K->c[i];

		if (c->fd >= 0 && !c->m && c->opened < K->round && (!o || c->opened < o->opened))
			o = c;
	}
	return o;
}

/* Closes the oldest connection without a hello, for a descriptor or a slot; 1 if there was one. */
int conn_evict_anon(struct conns *K)
{
	struct conn *o = oldest_anon(K);

	if (!o)
		return 0;
	K->evicted++;
	send_frame(K, o, WIRE_ERR, 0, "no hello yet, and newer connections wait: closed");
	conn_close(K, o);
	return 1;
}

/* A slot for one more machine's connection: free, or the one that stores least lately; 0 or -1. */
static int named_slot(struct conns *K, struct conn *asking)
{
	struct conn *o = NULL;
	double t = collect_now();

	if (K->named < K->max_conns)
		return 0;
	for (unsigned i = 0; i < K->nc; i++) {
		struct conn *c = &K->c[i];

		if (c != asking && c->fd >= 0 && c->m && t - c->progress >= KEEP_S && (!o || c->progress < o->progress))
			o = c;
	}
	if (!o)
		return -1;
	conn_drop(K, o, "its slot goes to a machine that sends (%u machine connections, --max-conns)", K->max_conns);
	return 0;
}

static int hello(struct conns *K, struct conn *c, const struct wire_frame *f, unsigned long *ack)
{
	char mac[18], boot[33], why[600];
	unsigned long from;
	struct machine *m;

	if (wire_parse_hello(f->text, f->len, mac, boot, &from) < 0) {
		conn_drop(K, c, "hello without mac=aa:bb:cc:dd:ee:ff boot=ID[ from=N]");
		return -1;
	}
	if (from > f->seq + 1) {
		conn_drop(K, c, "hello with from=%lu beyond its own last line (%lu)", from, f->seq);
		return -1;
	}
	if (c->m) {
		char stem[64];

		snprintf(stem, sizeof(stem), "%s-%s", mac, boot);
		for (char *p = stem; *p; p++)
			*p = *p == ':' ? '-' : *p;
		if (strcmp(stem, c->m->stem)) {
			conn_drop(K, c, "a connection speaks for one machine: hello as %s after %s", stem, c->m->stem);
			return -1;
		}
		m = c->m;
	} else {
		if (named_slot(K, c) < 0) {
			conn_drop(K, c, "all %u machine connections are sending (--max-conns)", K->max_conns);
			return -1;
		}
		if (!(m = collect_store_machine(K->st, mac, boot, why, sizeof(why)))) {
			conn_drop(K, c, "%s", why);
			return -1;
		}
		if (m->conn && m->conn != c) {
			struct conn *o = m->conn;

			if (collect_now() - o->progress < KEEP_S) {
				/* m is o's: nothing to release */
				conn_drop(K, c, "%s is connected from %s and sending: this hello is refused", m->stem, o->peer);
				return -1;
			}
			events_say(K->ev, "%s %s: said hello again from %s: the older connection is closed", o->peer,
				   m->stem, c->peer);
			m->conn = c;	/* before o closes: m stays, it is c's now */
			conn_close(K, o);
		}
		c->m = m;
		m->conn = c;
		K->anon--;
		K->named++;
	}
	c->from = from;
	events_say(K->ev, "%s %s: hello, %lu lines stored, it has sent %lu", c->peer, m->stem, m->seq, f->seq);
	if (from > m->seq + 1)
		events_say(K->ev, "%s %s: hello says lines %lu to %lu (before from=%lu) are gone: a gap, taken only "
			   "if line %lu comes next; %lu lines stored", c->peer, m->stem, m->seq + 1, from - 1, from, from,
			   m->seq);
	*ack = m->seq;
	if (K->key) {
		/* a challenge of its own: the session's frames are bound to this
		 * collector and connection, so none replays elsewhere */
		unsigned char r[WIRE_NONCE_HEX / 2];
		char text[16 + WIRE_NONCE_HEX];
		int n = snprintf(text, sizeof(text), "challenge=");

		if (getrandom(r, sizeof(r), 0) != (ssize_t)sizeof(r)) {
			conn_drop(K, c, "no random bytes for a challenge: %s", strerror(errno));
			return -1;
		}
		for (size_t i = 0; i < sizeof(r); i++)
			n += snprintf(text + n, sizeof(text) - (size_t)n, "%02x", r[i]);
		c->bind[0] = 0;
		send_frame(K, c, WIRE_ACK, m->seq, text);
		wire_bind(c->bind, m->stem, text, (size_t)n);
		return 1;
	}
	return 0;
}

/* One frame; -1 when the connection was closed. */
static int frame(struct conns *K, struct conn *c, const char *s, size_t n, unsigned long *ack, int *acked)
{
	struct wire_frame f;
	char why[600], nak[80];
	enum wire_status st = wire_decode_keyed(s, n, K->key, c->bind[0] ? c->bind : c->m ? c->m->stem : NULL, &f);
	unsigned long before;
	int r;

	/* keyed for the machine but not for this challenge: an image older than
	 * this collector, or a session recorded elsewhere and replayed */
	if (st == WIRE_BAD_MAC && c->bind[0]) {
		if (wire_decode_keyed(s, n, K->key, c->m->stem, &f) == WIRE_OK)
			conn_drop(K, c, "a frame keyed without this collector's challenge (its answer to hello): an "
				  "image older than this collector (rebuild it)");
		else
			conn_drop(K, c, "a frame whose MAC is not this key's for this connection's challenge: another "
				  "key, or a session replayed from elsewhere");
		return -1;
	}
	if (st != WIRE_OK) {
		if (st == WIRE_GARBAGE)
			conn_drop(K, c, "not a swapbench frame (%zu bytes)", n);
		else
			conn_drop(K, c, "%s", wire_status_name(st));
		return -1;
	}
	c->last_frame = collect_now();
	if (f.type == WIRE_HELLO) {
		r = hello(K, c, &f, ack);
		if (r < 0)
			return -1;
		*acked |= !r;	/* a keyed hello was answered with its challenge */
		return 0;
	}
	if (!c->m) {
		conn_drop(K, c, "a '%c' frame before hello", f.type);
		return -1;
	}
	if (f.type != WIRE_LINE) {
		conn_drop(K, c, "a '%c' frame from a machine", f.type);
		return -1;
	}
	before = c->m->seq;
	r = collect_store_line(K->st, c->m, c->peer, c->from, f.seq, f.text, f.len, nak, sizeof(nak), why, sizeof(why));
	/* out of descriptors: connections not yet named make room, once */
	if (r == -2 && conn_evict_anon(K) + conn_evict_anon(K))
		r = collect_store_line(K->st, c->m, c->peer, c->from, f.seq, f.text, f.len, nak, sizeof(nak),
				       why, sizeof(why));
	if (r < 0) {
		conn_drop(K, c, "%s", why);
		return -1;
	}
	if (r == 1)
		send_frame(K, c, WIRE_NAK, f.seq, nak);
	if (c->m->seq > before)
		c->progress = c->last_frame;
	*ack = c->m->seq;
	*acked = 1;
	return 0;
}

/* The complete frames in c's buffer, as many as its rate allows. */
static void conn_frames(struct conns *K, struct conn *c)
{
	size_t start = 0;
	unsigned long ack = 0;
	int acked = 0;

	for (char *nl; c->tokens >= 1 && (nl = memchr(c->buf + start, '\n', c->have - start));
	     start = (size_t)(nl - c->buf) + 1) {
		c->tokens -= 1;
		if (frame(K, c, c->buf + start, (size_t)(nl - c->buf) - start, &ack, &acked) < 0)
			return;
	}
	if (acked)
		send_frame(K, c, WIRE_ACK, ack, "");
	memmove(c->buf, c->buf + start, c->have - start);
	c->have -= start;
	if (start && c->have)
		c->partial_since = collect_now();
	if (c->deaf)
		conn_drop(K, c, "it does not read its acknowledgements");
	else if (c->have >= CONN_BUF_MAX && !conn_has_frame(c))
		conn_drop(K, c, "a line longer than %d bytes", WIRE_FRAME_MAX);
}

/* 1 when c's buffer holds a complete frame */
int conn_has_frame(const struct conn *c)
{
	return c->have && memchr(c->buf, '\n', c->have);
}

void conn_read(struct conns *K, struct conn *c)
{
	ssize_t got;

	if (conn_has_frame(c)) {
		conn_frames(K, c);	/* what was held back by the rate first */
		return;
	}
	got = recv(c->fd, c->buf + c->have, CONN_BUF_MAX - c->have, MSG_DONTWAIT);
	if (got < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (got <= 0) {
		if (c->m)
			events_say(K->ev, "%s %s: disconnected%s", c->peer, c->m->stem, c->have ? " mid-frame" : "");
		conn_close(K, c);
		return;
	}
	if (!c->have)
		c->partial_since = collect_now();
	c->have += (size_t)got;
	conn_frames(K, c);
}

struct conn *conn_add(struct conns *K, int fd, const char *peer)
{
	struct conn *c = NULL;

	if (K->anon >= K->anon_max && !conn_evict_anon(K))
		return NULL;
	for (unsigned i = 0; i < K->nc && !c; i++)
		if (K->c[i].fd < 0)
			c = &K->c[i];
	if (!c)		/* cannot be: anon + named slots are nc */
		return NULL;
	K->anon++;
	memset(c, 0, offsetof(struct conn, buf));
	c->fd = fd;
	c->opened = c->last_frame = c->refill = collect_now();
	c->tokens = CONN_FRAMES_BURST;
	snprintf(c->peer, sizeof(c->peer), "%s", peer);
	return c;
}

void conn_deadlines(struct conns *K, double t)
{
	for (unsigned i = 0; i < K->nc; i++) {
		struct conn *c = &K->c[i];

		if (c->fd < 0)
			continue;
		if (!c->m && t - c->opened > HELLO_S)
			conn_drop(K, c, "no hello within %.0f s", HELLO_S);
		else if (c->have && t - c->partial_since > FRAME_S)
			conn_drop(K, c, "a frame begun %.0f s ago is not complete", t - c->partial_since);
		else if (c->m && t - c->last_frame > K->idle_s)
			conn_drop(K, c, "idle for %u s (it connects again when it has more)", K->idle_s);
	}
}
