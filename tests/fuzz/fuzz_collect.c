/*
 * Fuzz target: the collector's frame handling and per-machine state
 * machine (report/collect/collect_conn.c on collect_store.c and collect_events.c),
 * many connections and machines at once, each connection one end of a
 * socketpair. The input is
 * a flags byte and then chunks: a connection byte (which of 6; a closed one
 * is opened), a length byte and that many bytes, written to the connection
 * and read by the collector as from a peer. Flags: bit 0 seals each line of
 * a chunk ("T SEQ TEXT") into a frame with the right checksum, bit 1 also
 * gives the TEXT of an L a record checksum, bit 2 keys the frames (and the collector).
 * Properties: no crash, leak or undefined behaviour; a new connection
 * keeps nothing of its slot's last one; after every chunk the connection
 * counts add up and stay within their limits, each named connection is its
 * machine's, and every open log's size on disk is what its state says.
 */
#include "report/collect/collect.h"
#include "report/util/util.h"
#include "fuzz.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#define PEERS 6

static char dir[64];
static int peer[PEERS];		/* our end of each connection, -1 when closed */
static struct wire_key fuzz_key;
static struct store st;
static struct events ev;
static struct conns K;

static void empty_dir(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && strcmp(e->d_name, ".collector.lock") &&
		    strcmp(e->d_name, "collector.events"))
			unlinkat(st.dirfd, e->d_name, 0);
	if (d)
		closedir(d);
}

static void cleanup(void)
{
	empty_dir();
	unlinkat(st.dirfd, ".collector.lock", 0);
	unlinkat(st.dirfd, "collector.events", 0);
	rmdir(dir);
}

static void setup(void)
{
	char why[200];

	snprintf(dir, sizeof(dir), "/tmp/fuzz-collect.XXXXXX");
	if (!mkdtemp(dir))
		abort();
	collect_store_open(&st, dir);
	atexit(cleanup);
	if (events_open(&ev, st.dirfd, why, sizeof(why)) < 0)
		abort();
	st.ev = &ev;
	st.max_machines = 8;
	st.max_log = 64 << 10;
	K.st = &st;
	K.ev = &ev;
	K.max_conns = 4;
	K.anon_max = 2;
	K.nc = K.max_conns + K.anon_max;
	K.idle_s = 300;
	K.c = xcalloc(K.nc, sizeof(*K.c));
	for (unsigned i = 0; i < K.nc; i++)
		K.c[i].fd = -1;
	for (int i = 0; i < PEERS; i++)
		peer[i] = -1;
	wire_key_set(&fuzz_key, "fuzz-key-0123456789abcdef", 25, why, sizeof(why));
}

/* The collector's side of our peer i, or NULL if it closed it. */
static struct conn *conn_of(int i)
{
	char name[16];

	snprintf(name, sizeof(name), "peer%d", i);
	for (unsigned k = 0; k < K.nc; k++)
		if (K.c[k].fd >= 0 && !strcmp(K.c[k].peer, name))
			return &K.c[k];
	return NULL;
}

static void peer_close(int i)
{
	if (peer[i] >= 0)
		close(peer[i]);
	peer[i] = -1;
}

/* A new connection for peer i, as the collector's accept makes it. */
static struct conn *open_peer(int i)
{
	int sv[2];
	char name[16];
	struct conn *c;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, sv) < 0)
		return NULL;
	snprintf(name, sizeof(name), "peer%d", i);
	if (!(c = conn_add(&K, sv[0], name))) {
		close(sv[0]);
		close(sv[1]);
		return NULL;
	}
	/* nothing of the slot's last connection is left */
	require(!c->m && !c->have && !c->deaf && !c->from && !c->progress && !c->partial_since,
		"a new connection starts from nothing");
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

	for (unsigned k = 0; k < K.nc; k++) {
		if (K.c[k].fd < 0)
			continue;
		named += K.c[k].m != NULL;
		anon += K.c[k].m == NULL;
		require(!K.c[k].m || K.c[k].m->conn == &K.c[k], "a named connection is its machine's");
	}
	require(named == K.named && anon == K.anon, "the connection counts add up");
	require(named <= K.max_conns && anon <= K.anon_max, "connections within their limits");
	for (size_t i = 0; i < st.nm; i++) {
		struct machine *m = st.m[i];
		struct stat sb;

		if (m->log >= 0 && fstat(m->log, &sb) == 0)
			require((unsigned long long)sb.st_size == m->size, "a log's size is its state's");
		require(m->size <= st.max_log, "a log within --max-log");
	}
	require(st.logs <= st.max_machines + 1, "machine logs within --max-machines");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char frames[64 * 1024], sink[64 * 1024];
	int flags;

	if (!K.c)
		setup();
	if (!size)
		return 0;
	flags = data[0];
	K.key = flags & 4 ? &fuzz_key : NULL;
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
			K.round = collect_now() + 1;	/* every unnamed one may make way */
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
			int more = conn_has_frame(c);

			conn_read(&K, c);
			if (c->fd < 0 || (!more && c->have == had))
				break;
		}
		while (peer[i] >= 0 && recv(peer[i], sink, sizeof(sink), MSG_DONTWAIT) > 0)
			;
		check_state();
	}
	/* the next input starts from nothing: every connection closed, every machine and file gone */
	for (unsigned k = 0; k < K.nc; k++)
		if (K.c[k].fd >= 0)
			conn_close(&K, &K.c[k]);
	for (int i = 0; i < PEERS; i++)
		peer_close(i);
	collect_store_close(&st, 0);
	st.m_cap = 0;
	st.logs = 0;
	st.finished = 0;
	empty_dir();
	return 0;
}
