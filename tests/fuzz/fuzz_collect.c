/*
 * Fuzz target: the collector's frame handling and per-machine state
 * machine (report/collect.c, included here for its statics, on
 * report/collect_store.c and collect_events.c), many connections and
 * machines at once, each connection one end of a socketpair. The input is
 * a flags byte and then chunks: a connection byte (which of 6; a closed one
 * is opened), a length byte and that many bytes, written to the connection
 * and read by the collector as from a peer. Flags: bit 0 seals each line of
 * a chunk ("T SEQ TEXT") into a frame with the right checksum, bit 1 also
 * gives the TEXT of an L a record checksum, bit 2 keys the frames (and the collector).
 * Properties: no crash, leak or undefined behaviour; after every chunk the
 * connection counts add up and stay within their limits, and every open
 * log's size on disk is what the machine's state says.
 */
#include "../../report/collect.c"
#include "fuzz.h"

#include <dirent.h>
#include <stdint.h>
#include <sys/socket.h>

#define PEERS 6

static char dir[64];
static int peer[PEERS];		/* our end of each connection, -1 when closed */
static struct wire_key fuzz_key;

/* collect.c's usage errors come from report/main.c, not linked here */
void usage_error(const char *fmt, ...)
{
	(void)fmt;
	abort();
}

static void empty_dir(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && strcmp(e->d_name, ".collector.lock") &&
		    strcmp(e->d_name, "collector.events"))
			unlinkat(N.st.dirfd, e->d_name, 0);
	if (d)
		closedir(d);
}

static void cleanup(void)
{
	empty_dir();
	unlinkat(N.st.dirfd, ".collector.lock", 0);
	unlinkat(N.st.dirfd, "collector.events", 0);
	rmdir(dir);
}

static void setup(void)
{
	char why[200];

	snprintf(dir, sizeof(dir), "/tmp/fuzz-collect.XXXXXX");
	if (!mkdtemp(dir))
		abort();
	store_open(&N.st, dir);
	atexit(cleanup);
	if (events_open(&N.ev, N.st.dirfd, why, sizeof(why)) < 0)
		abort();
	N.st.ev = &N.ev;
	N.st.max_machines = 8;
	N.st.max_log = 64 << 10;
	N.max_conns = 4;
	N.anon_max = 2;
	N.nc = N.max_conns + N.anon_max;
	N.idle_s = 300;
	N.backoff = 0.1;
	N.c = xcalloc(N.nc, sizeof(*N.c));
	for (unsigned i = 0; i < N.nc; i++)
		N.c[i].fd = -1;
	for (int i = 0; i < PEERS; i++)
		peer[i] = -1;
	wire_key_set(&fuzz_key, "fuzz-key-0123456789abcdef", 25, why, sizeof(why));
}

/* The collector's side of our peer i, or NULL if it closed it. */
static struct conn *conn_of(int i)
{
	char name[16];

	snprintf(name, sizeof(name), "peer%d", i);
	for (unsigned k = 0; k < N.nc; k++)
		if (N.c[k].fd >= 0 && !strcmp(N.c[k].peer, name))
			return &N.c[k];
	return NULL;
}

static void peer_close(int i)
{
	if (peer[i] >= 0)
		close(peer[i]);
	peer[i] = -1;
}

/* A new connection for peer i, as conn_accept would make it. */
static struct conn *open_peer(int i)
{
	int sv[2];
	struct conn *c = NULL;

	if (N.anon >= N.anon_max && !evict_anon())
		return NULL;
	for (unsigned k = 0; k < N.nc && !c; k++)
		if (N.c[k].fd < 0)
			c = &N.c[k];
	if (!c || socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, sv) < 0)
		return NULL;
	N.anon++;
	memset(c, 0, offsetof(struct conn, buf));
	c->fd = sv[0];
	c->opened = c->last_frame = collect_now() - 1;	/* older than this round: evictable */
	c->tokens = FRAMES_BURST;
	c->refill = collect_now();
	snprintf(c->peer, sizeof(c->peer), "peer%d", i);
	peer[i] = sv[1];
	return c;
}

/* Turns "T SEQ TEXT" lines into frames (flags as above); returns the bytes to send. */
static size_t seal(const uint8_t *in, size_t n, int flags, char *out, size_t cap)
{
	size_t o = 0;

	for (size_t off = 0; off < n;) {
		const uint8_t *nl = memchr(in + off, '\n', n - off);
		size_t len = nl ? (size_t)(nl - (in + off)) : n - off;
		char line[600], text[700], *sp;
		unsigned long seq;
		int k;

		if (len >= sizeof(line) - 1)
			len = sizeof(line) - 1;
		memcpy(line, in + off, len);
		line[len] = 0;
		off += len + 1;
		if (len < 3 || line[1] != ' ')
			continue;
		seq = strtoul(line + 2, &sp, 10);
		if (*sp == ' ')
			sp++;
		snprintf(text, sizeof(text), "%s", sp);
		if ((flags & 2) && line[0] == WIRE_LINE)
			snprintf(text + strlen(text), sizeof(text) - strlen(text), " crc=%08x",
				 (unsigned)crc32_update(0, sp, strlen(sp)));
		k = wire_encode_keyed(out + o, cap - o, flags & 4 ? &fuzz_key : NULL, NULL, line[0], seq, text,
				      strlen(text));
		if (k > 0)
			o += (size_t)k;
	}
	return o;
}

static void check_state(void)
{
	unsigned named = 0, anon = 0;

	for (unsigned k = 0; k < N.nc; k++) {
		if (N.c[k].fd < 0)
			continue;
		named += N.c[k].m != NULL;
		anon += N.c[k].m == NULL;
		require(!N.c[k].m || N.c[k].m->conn == &N.c[k] || N.c[k].m->conn != NULL,
			"a named connection's machine has a connection");
	}
	require(named == N.named && anon == N.anon, "the connection counts add up");
	require(named <= N.max_conns && anon <= N.anon_max, "connections within their limits");
	for (size_t i = 0; i < N.st.nm; i++) {
		struct machine *m = N.st.m[i];
		struct stat sb;

		if (m->log >= 0 && fstat(m->log, &sb) == 0)
			require((unsigned long long)sb.st_size == m->size, "a log's size is its state's");
		require(m->size <= N.st.max_log, "a log within --max-log");
	}
	require(N.st.logs <= N.st.max_machines + 1, "machine logs within --max-machines");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char frames[64 * 1024], sink[64 * 1024];
	int flags;

	if (!N.c)
		setup();
	if (!size)
		return 0;
	flags = data[0];
	N.key = flags & 4 ? &fuzz_key : NULL;
	N.round = collect_now();
	for (size_t at = 1; at + 2 <= size;) {
		int i = data[at] % PEERS;
		size_t len = data[at + 1], n;
		const uint8_t *chunk = data + at + 2;
		struct conn *c;

		at += 2;
		if (len > size - at)
			len = size - at;
		at += len;
		c = peer[i] >= 0 ? conn_of(i) : NULL;
		if (!c) {
			peer_close(i);
			if (!(c = open_peer(i)))
				continue;
		}
		if (flags & 1) {
			n = seal(chunk, len, flags, frames, sizeof(frames));
			if (send(peer[i], frames, n, MSG_NOSIGNAL) != (ssize_t)n)
				continue;
		} else if (send(peer[i], chunk, len, MSG_NOSIGNAL) != (ssize_t)len) {
			continue;
		}
		/* what was sent, all of it read (conn_read takes a frame's worth at a time) */
		for (int k = 0; k < 64 && c->fd >= 0 && conn_of(i) == c; k++) {
			size_t had = c->have;
			int more = has_frame(c);

			conn_read(c);
			if (c->fd < 0 || (!more && c->have == had))
				break;
		}
		while (peer[i] >= 0 && recv(peer[i], sink, sizeof(sink), MSG_DONTWAIT) > 0)
			;
		check_state();
	}
	/* the next input starts from nothing: every connection closed, every machine and file gone */
	for (unsigned k = 0; k < N.nc; k++)
		if (N.c[k].fd >= 0)
			conn_close(&N.c[k]);
	for (int i = 0; i < PEERS; i++)
		peer_close(i);
	store_close(&N.st, 0);
	N.st.m_cap = 0;
	N.st.logs = 0;
	N.st.finished = 0;
	empty_dir();
	return 0;
}
