/* The metrics the report knows by name, and which way each is better. */
#include "report/util/metrics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *name, *key;
	int higher_better;
} known[] = {
	{ "throughput", "w.throughput_kbs", 1 },	/* the lkp cases: sum of the tasks' KB/s */
	{ "free_latency", "w.free_latency_us", 0 },	/* the lkp cases: mean munmap time of a task */
};

const char *metric_key(const char *name)
{
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (!strcmp(name, known[i].name))
			return known[i].key;
	return name;
}

int metric_higher_better(const char *key)
{
	size_t n = strlen(key);

	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (!strcmp(key, known[i].key))
			return known[i].higher_better;
	return n > 4 && !strcmp(key + n - 4, "_kbs");
}

static int key_ok(const char *s, size_t len)
{
	if (!len)
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-", s[i]))
			return 0;
	return 1;
}

size_t metric_list(const char *list, const char *keys[METRICS_MAX], char *why, size_t n)
{
	static char store[METRICS_MAX][64];
	size_t k = 0;

	for (const char *p = list;; p++) {
		size_t len = strcspn(p, ",");

		if (!key_ok(p, len) || len >= sizeof(store[0])) {
			snprintf(why, n, "'%.*s' is not a record key (in '%s')", (int)(len < 80 ? len : 80), p, list);
			return 0;
		}
		if (k == METRICS_MAX) {
			snprintf(why, n, "more than %d metrics in '%s'", METRICS_MAX, list);
			return 0;
		}
		memcpy(store[k], p, len);
		store[k][len] = 0;
		keys[k] = metric_key(store[k]);
		for (size_t i = 0; i < k; i++)
			if (!strcmp(keys[i], keys[k])) {
				snprintf(why, n, "'%s' is named twice in '%s'", store[k], list);
				return 0;
			}
		k++;
		p += len;
		if (!*p)
			break;
	}
	return k;
}
