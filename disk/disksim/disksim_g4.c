/*
 * ds: a dm_layout_g4 block (DiskSim's manual B.4.5) read into struct
 * ds_g4 (disksim_files.h): TP, a list of track patterns (three numbers
 * each); IDX, a list of index nodes, each a list of entries (eight
 * numbers, TRACK or IDX, the child, and a TRACK's surface); Slips (pairs)
 * and Remaps (six numbers each). Each is given once, all four (the
 * manual: "required"). The block may be a file's whole ("dm_layout_g4
 * [NAME] { ... }", as Layout Model = source FILE names) or a .model's
 * Layout Model = dm_layout_g4 { ... }. Checked here: the shapes (counts
 * of numbers, whole numbers where the manual's are ints, the children in
 * range); the model (disk/model/zones.c) checks the rest.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "disksim_files.h"

struct cur {
	struct ds *d;
	const char *p;
};

/* past blanks, newlines (counted) and comments */
static void skip(struct cur *c)
{
	for (;;) {
		while (*c->p == ' ' || *c->p == '\t' || *c->p == '\r' || *c->p == '\n')
			c->d->line += *c->p++ == '\n';
		if (*c->p != '#')
			return;
		while (*c->p && *c->p != '\n')
			c->p++;
	}
}

/* the next token: one of { } [ ] = , or a word (up to them or a blank) */
static size_t token(struct cur *c, char *buf, size_t len)
{
	size_t n;

	skip(c);
	if (!*c->p) {
		buf[0] = 0;
		return 0;
	}
	if (strchr("{}[]=,", *c->p)) {
		buf[0] = *c->p++;
		buf[1] = 0;
		return 1;
	}
	n = strcspn(c->p, "{}[]=,# \t\r\n");
	snprintf(buf, len, "%.*s", (int)(n < len ? n : len - 1), c->p);
	c->p += n;
	return n;
}

static int expect(struct cur *c, const char *want, const char *where)
{
	char t[64];

	token(c, t, sizeof(t));
	if (strcmp(t, want))
		return ds_fail(c->d, "dm_layout_g4: '%s' where %s wants '%s'", t, where, want);
	return 0;
}

/* a number of the list: into *x; whole where the manual's is an int */
static int num(struct cur *c, const char *list, int is_whole, double *x)
{
	char t[64], *end;

	token(c, t, sizeof(t));
	if (!t[0] || strchr("{}[]=,", t[0]) || !(isdigit((unsigned char)t[t[0] == '-']))) 
		return ds_fail(c->d, "dm_layout_g4: %s: '%s' where a number goes", list, t);
	*x = strtod(t, &end);
	if (*end || !isfinite(*x) || strchr(t, 'x') || strchr(t, 'X') || strchr(t, 'e') || strchr(t, 'E'))
		return ds_fail(c->d, "dm_layout_g4: %s: '%s' is not a number (decimal digits, a sign and a fraction at most)",
			       list, t);
	if (is_whole && (*x != floor(*x) || fabs(*x) > 1e15))
		return ds_fail(c->d, "dm_layout_g4: %s: %s is not a whole number (the manual's integers)", list, t);
	return 0;
}

/* after an item: ',' and more, or the list's ']' (1) */
static int sep(struct cur *c, const char *list)
{
	char t[64];

	token(c, t, sizeof(t));
	if (!strcmp(t, ","))
		return 0;
	if (!strcmp(t, "]"))
		return 1;
	return ds_fail(c->d, "dm_layout_g4: %s: '%s' where ',' or ']' goes", list, t);
}

/* is the next token the list's ']'? (consumed if so) */
static int closes(struct cur *c)
{
	skip(c);
	if (*c->p != ']')
		return 0;
	c->p++;
	return 1;
}

static int more(void **a, size_t *cap, size_t n, size_t size, size_t max)
{
	size_t k = *cap ? *cap * 2 : 256;
	void *b;

	if (n < *cap)
		return 0;
	if (n >= max)
		return -1;
	if (k > max)
		k = max;
	if (!(b = realloc(*a, k * size)))
		return -1;
	*a = b;
	*cap = k;
	return 0;
}

/* a flat list of numbers, width a record: TP, Slips, Remaps */
static int flat(struct cur *c, const char *list, int width, double **out, size_t *count, size_t max)
{
	size_t cap = 0, n = 0;
	int r;

	if (expect(c, "[", list))
		return -1;
	if (closes(c))
		return 0;
	for (;;) {
		double x;

		if (more((void **)out, &cap, n, sizeof(double), max * (size_t)width))
			return ds_fail(c->d, "dm_layout_g4: %s: more than %zu entries (the model's table)", list, max);
		if (num(c, list, 1, &x))
			return -1;
		(*out)[n++] = x;
		if ((r = sep(c, list)) < 0)
			return -1;
		if (r)
			break;
	}
	if (n % (size_t)width)
		return ds_fail(c->d, "dm_layout_g4: %s: %zu numbers, not entries of %d", list, n, width);
	*count = n / (size_t)width;
	return 0;
}

/* IDX: a list of nodes, each a list of entries */
static int idx(struct cur *c, struct ds_g4 *g)
{
	size_t cap = 0;
	int r;

	if (expect(c, "[", "IDX"))
		return -1;
	if (closes(c))
		return ds_fail(c->d, "dm_layout_g4: IDX is empty (the last node is the root)");
	for (;;) {
		if (expect(c, "[", "IDX's node"))
			return -1;
		if (g->nnode == DMODEL_G4_NODES_MAX)
			return ds_fail(c->d, "dm_layout_g4: IDX: more than %d nodes (the model's table)", DMODEL_G4_NODES_MAX);
		if (closes(c))
			return ds_fail(c->d, "dm_layout_g4: IDX: node %zu has no entries", g->nnode);
		for (;;) {
			struct ds_g4ent *e;
			double f[8];
			char t[64];

			if (more((void **)&g->ent, &cap, g->nent, sizeof(*g->ent), DMODEL_G4_ENTS_MAX))
				return ds_fail(c->d, "dm_layout_g4: IDX: more than %d entries (the model's table)",
					       DMODEL_G4_ENTS_MAX);
			for (int i = 0; i < 8; i++)
				if (num(c, "IDX", i != 2 && i != 5, &f[i]) || sep(c, "IDX") != 0)
					return c->d->err[0] ? -1 : ds_fail(c->d, "dm_layout_g4: IDX: an entry ends after %d "
									 "of its numbers", i + 1);
			e = &g->ent[g->nent];
			memset(e, 0, sizeof(*e));
			memcpy(e->f, f, sizeof(f));
			e->node = g->nnode;
			token(c, t, sizeof(t));
			if (strcmp(t, "TRACK") && strcmp(t, "IDX"))
				return ds_fail(c->d, "dm_layout_g4: IDX: '%s' where the child's type goes (TRACK or IDX)", t);
			e->track = t[0] == 'T';
			if (sep(c, "IDX") != 0 || num(c, "IDX", 1, &e->child))
				return c->d->err[0] ? -1 : ds_fail(c->d, "dm_layout_g4: IDX: an entry without its child");
			if (e->track) {
				if (sep(c, "IDX") != 0 || num(c, "IDX", 1, &e->head))
					return c->d->err[0] ? -1 : ds_fail(c->d, "dm_layout_g4: IDX: a TRACK entry without its surface");
			}
			g->nent++;
			if ((r = sep(c, "IDX's node")) < 0)
				return -1;
			if (r)
				break;
		}
		g->nnode++;
		if ((r = sep(c, "IDX")) < 0)
			return -1;
		if (r)
			return 0;
	}
}

int ds_g4_parse(struct ds *d, const char *text)
{
	struct cur c = { d, text };
	struct ds_g4 *g;
	char t[64];
	int have[4] = { 0 };

	if (!(g = d->g4 = calloc(1, sizeof(*d->g4))))
		return ds_fail(d, "out of memory");
	d->err[0] = 0;
	token(&c, t, sizeof(t));
	if (!strcmp(t, "dm_layout_g4")) {
		token(&c, t, sizeof(t));
		if (strcmp(t, "{"))	/* a name */
			token(&c, t, sizeof(t));
	}
	if (strcmp(t, "{"))
		return ds_fail(d, "dm_layout_g4: '%s' where its block opens ('{')", t);
	for (;;) {
		static const char *const keys[4] = { "TP", "IDX", "Slips", "Remaps" };
		int k;

		token(&c, t, sizeof(t));
		if (!strcmp(t, "}"))
			break;
		for (k = 0; k < 4 && strcmp(t, keys[k]); k++)
			;
		if (k == 4)
			return ds_fail(d, "'%s' in a dm_layout_g4: the manual (B.4.5) gives TP, IDX, Slips and Remaps", t);
		if (have[k]++)
			return ds_fail(d, "'%s' given twice in a dm_layout_g4", t);
		if (expect(&c, "=", keys[k]))
			return -1;
		if (k == 0 ? flat(&c, "TP", 3, &g->tp, &g->ntp, DMODEL_G4_TPS_MAX)
		    : k == 1 ? idx(&c, g)
		    : k == 2 ? flat(&c, "Slips", 2, &g->slip, &g->nslip, DMODEL_G4_SLIPS_MAX)
			     : flat(&c, "Remaps", 6, &g->remap, &g->nremap, DMODEL_G4_REMAPS_MAX))
			return -1;
		skip(&c);
		if (*c.p == ',')
			c.p++;
	}
	for (int k = 0; k < 4; k++)
		if (!have[k])
			return ds_fail(d, "dm_layout_g4: '%s' is missing (the manual, B.4.5: required)",
				       k == 0 ? "TP" : k == 1 ? "IDX" : k == 2 ? "Slips" : "Remaps");
	token(&c, t, sizeof(t));
	if (t[0])
		return ds_fail(d, "dm_layout_g4: '%s' after the block's end", t);
	/* the children in range: a TRACK's a pattern, an IDX's a node before
	 * it (the root last), as DiskSim's loader asserts */
	for (size_t i = 0; i < g->nent; i++) {
		const struct ds_g4ent *e = &g->ent[i];

		if (e->child < 0 || (e->track ? e->child >= (double)g->ntp : e->child >= (double)e->node))
			return ds_fail(d, "dm_layout_g4: IDX node %zu: child %g is not a %s", e->node, e->child,
				       e->track ? "track pattern of TP" : "node before it in IDX");
		if (e->head < 0 || e->head >= d->v[S_HEADS])
			return ds_fail(d, "dm_layout_g4: IDX node %zu: surface %g of %g", e->node, e->head, d->v[S_HEADS]);
		for (int k = 0; k < 8; k++)
			if (k != 2 && k != 5 && k != 7 && e->f[k] < 0)
				return ds_fail(d, "dm_layout_g4: IDX node %zu: a negative count", e->node);
	}
	for (size_t i = 0; i < g->ntp * 3; i++)
		if (g->tp[i] < 0)
			return ds_fail(d, "dm_layout_g4: TP: a negative sector");
	for (size_t i = 0; i < g->nslip * 2; i++)
		if (g->slip[i] < 0 || (i % 2 && g->slip[i] < 1))
			return ds_fail(d, "dm_layout_g4: Slips: an LBN below 0 or a count below 1");
	for (size_t i = 0; i < g->nremap * 6; i++)
		if (g->remap[i] < 0)
			return ds_fail(d, "dm_layout_g4: Remaps: a negative figure");
	return 0;
}

void ds_g4_free(struct ds *d)
{
	if (d->g4) {
		free(d->g4->ent);
		free(d->g4->tp);
		free(d->g4->slip);
		free(d->g4->remap);
		free(d->g4);
	}
	d->g4 = NULL;
}
