/*
 * The readers of a drive's description: the profile's tables (zone.N,
 * seek.N: disk/profile/profile_tables.c), DiskSim's files (disk/disksim/disksim.c) and a
 * validation trace (disk/disksim/trace.c) refuse what is wrong, naming the line
 * and why; the model's zone layout and measured seeks give the figures
 * the tables say; the metric (disk/disksim/cdf.c) on known samples.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "disk/disksim/cdf.h"
#include "disk/disksim/disksim.h"
#include "disk/model/model.h"
#include "disk/profile/profile.h"
#include "disk/disksim/trace.h"
#include "check.h"

static struct dp_profile prof;
static struct dmodel model;
static char dir[] = "/tmp/test_diskreader.XXXXXX";

/* a small drive: two zones of 10 cylinders, 2 surfaces (100 and 80 sectors a track at 6000 rpm: 5.12 and 4.096 MB/s) */
static const char *base =
	"name = t\nkind = hdd\nrotational = 1\nwrite_cache = 0\n"
	"capacity_gb = 0.001842176\nsource.capacity_gb = t\nrpm = 6000\nsource.rpm = t\n"
	"seek_track_ms = 1\nsource.seek_track_ms = t\nseek_avg_ms = 5\nsource.seek_avg_ms = t\n"
	"seek_full_ms = 10\nsource.seek_full_ms = t\nrate_outer_mbs = 5.12\nsource.rate_outer_mbs = t\n"
	"rate_inner_mbs = 4.096\nsource.rate_inner_mbs = t\nheads = 2\nsource.heads = t\n"
	"cache_mb = 0.125\nsource.cache_mb = t\nreadahead_kb = 32\nsource.readahead_kb = t\n"
	"bus_mbs = 100\nsource.bus_mbs = t\ncylinders = 20\nsource.cylinders = t\n"
	"sparing = 0\nsource.sparing = t\nsegments = 2\nsource.segments = t\nsegment_kb = 32\nsource.segment_kb = t\n"
	"readahead_mode = 3\nsource.readahead_mode = t\nsource.zone = t\nsource.seek = t\n";

static int parse(const char *tables, char *err, size_t len)
{
	static char text[8192];

	snprintf(text, sizeof(text), "%s%s", base, tables);
	return dp_parse(text, &prof, err, len);
}

static void refuses(const char *tables, const char *part, const char *what)
{
	char err[256] = "";
	int rc = parse(tables, err, sizeof(err));

	CHECK(rc != 0 && strstr(err, part), "profile tables: %s is refused naming '%s' (%s)", what, part, err);
}

static void write_file(const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f)) {
		printf("FAIL cannot write %s\n", path);
		exit(1);
	}
}

static void trace_refuses(const char *line, uint64_t sectors, const char *part, const char *what)
{
	char err[256] = "", path[256];
	struct dt_req *r;
	size_t n;

	write_file("t.trace", line);
	snprintf(path, sizeof(path), "%s/t.trace", dir);
	CHECK(dt_read(path, sectors, &r, &n, err, sizeof(err)) != 0 && strstr(err, part) && strstr(err, "t.trace:"),
	      "trace: %s is refused with its file, line and '%s' (%s)", what, part, err);
}

static const char *specs =
	"disksim_disk D {\n   Model = source d.model,\n   Max queue length = 1,\n}\n";

static void import_refuses(const char *spec, const char *part, const char *what)
{
	char err[256] = "";
	FILE *out = fopen("/dev/null", "w");
	char sub[256];

	snprintf(sub, sizeof(sub), "%s/d", dir);
	write_file("d/d.diskspecs", spec);
	CHECK(out && ds_import(sub, NULL, out, err, sizeof(err)) != 0 && strstr(err, part),
	      "import-disksim: %s is refused naming '%s' (%s)", what, part, err);
	if (out)
		fclose(out);
}

/* a small drive of DiskSim's format, whole (it imports): two zones of 100
 * cylinders, 2 surfaces, the HPL seek; each test below changes one thing */
static const char small_spec[] =
	"# a small drive of two zones, for the tests: 2 surfaces, 200 cylinders\n"
	"disksim_disk Small {\n"
	"   Model = source d.model,\n"
	"   Bulk sector transfer time = 0,\n"
	"   Allow read hits on write data = 0,\n"
	"   Max queue length = 1,\n"
	"   Number of buffer segments = 2,\n"
	"   Segment size (in blks) = 128,\n"
	"   Use separate write segment = 0,\n"
	"   Low (write) water mark = 0,\n"
	"   High (read) water mark = 1,\n"
	"   Buffer continuous read = 3,\n"
	"   Minimum read-ahead (blks) = 0,\n"
	"   Maximum read-ahead (blks) = 64,\n"
	"   Read-ahead over requested = 0,\n"
	"   Read-ahead on idle hit = 0,\n"
	"   Fast write level = 0,\n"
	"   Immediate buffer read = 0,\n"
	"   Read hit over. after read = 0.2,\n"
	"   Read hit over. after write = 0.2,\n"
	"   Read miss over. after read = 0.5,\n"
	"   Read miss over. after write = 0.5,\n"
	"   Write hit over. after read = 0.3,\n"
	"   Write hit over. after write = 0.3,\n"
	"   Write miss over. after read = 0.6,\n"
	"   Write miss over. after write = 0.6,\n"
	"   Allow almost read hits = 0,\n"
	"   Allow sneaky full read hits = 0,\n"
	"   Allow sneaky partial read hits = 0,\n"
	"   Set watermark by reqsize = 1,\n"
	"   Enable caching in buffer = 1,\n"
	"   Read any free blocks = 0,\n"
	"   Immediate buffer write = 0,\n"
	"   Combine seq writes = 1,\n"
	"   Write hit stop prefetch = 1,\n"
	"}\n";
static const char small_model[] =
	"dm_disk SmallModel {\n"
	"   Number of data surfaces = 2,\n"
	"   Number of cylinders = 200,\n"
	"   Block count = 36000,\n"
	"   Layout Model = dm_layout_g1 {\n"
	"      LBN-to-PBN mapping scheme = 0,\n"
	"      Sparing scheme used = 0,\n"
	"      Zones = [\n"
	"         dm_layout_g1_zone {\n"
	"            First cylinder number = 0,\n"
	"            Last cylinder number = 99,\n"
	"            Blocks per track = 100,\n"
	"            Offset of first block = 0,\n"
	"            Empty space at zone front = 0,\n"
	"            Skew for track switch = 10,\n"
	"            Skew for cylinder switch = 20,\n"
	"            Number of spares = 0,\n"
	"            slips = [],\n"
	"         },\n"
	"         dm_layout_g1_zone {\n"
	"            First cylinder number = 100,\n"
	"            Last cylinder number = 199,\n"
	"            Blocks per track = 80,\n"
	"            Offset of first block = 0,\n"
	"            Empty space at zone front = 0,\n"
	"            Skew for track switch = 8,\n"
	"            Skew for cylinder switch = 16,\n"
	"            Number of spares = 0,\n"
	"            slips = [],\n"
	"         }\n"
	"      ]\n"
	"   },\n"
	"   Mechanical Model = dm_mech_g1 {\n"
	"      Access time type = trackSwitchPlusRotation,\n"
	"      Percent error in rpms = 0,\n"
	"      Seek type = hpl,\n"
	"      HPL seek equation values = [\n"
	"         50,\n"
	"         1.0,\n"
	"         0.3,\n"
	"         2.5,\n"
	"         0.02,\n"
	"         -1\n"
	"      ],\n"
	"      Add. write settling delay = 0.1,\n"
	"      Head switch time = 0.5,\n"
	"      Rotation speed (in rpms) = 6000,\n"
	"   }\n"
	"}\n";

/* text with its first "from" replaced by "to" */
static const char *subst(const char *text, const char *from, const char *to)
{
	static char buf[2][8192];
	static int k;
	const char *at = strstr(text, from);
	char *b = buf[k ^= 1];

	if (!at)
		snprintf(b, sizeof(buf[0]), "%s", text);
	else
		snprintf(b, sizeof(buf[0]), "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
	return b;
}

/* the small drive's two files (and a bus file of len bytes, if bus) imported: ds_import's result, err */
static int import_small(const char *spec, const char *mdl, const char *bus, size_t len, char *err, size_t errlen)
{
	char sub[300], bpath[300];
	FILE *out = fopen("/dev/null", "w"), *f;
	int rc;

	snprintf(sub, sizeof(sub), "%s/d", dir);
	snprintf(bpath, sizeof(bpath), "%s/t.bus", dir);
	write_file("d/d.diskspecs", spec);
	write_file("d/d.model", mdl);
	if (bus && (!(f = fopen(bpath, "w")) || fwrite(bus, 1, len, f) != len || fclose(f))) {
		printf("FAIL cannot write %s\n", bpath);
		exit(1);
	}
	err[0] = 0;
	rc = out ? ds_import(sub, bus ? bpath : NULL, out, err, errlen) : -1;
	if (out)
		fclose(out);
	return rc;
}

static void small_refuses(const char *spec, const char *mdl, const char *part, const char *what)
{
	char err[512];

	CHECK(import_small(spec, mdl, NULL, 0, err, sizeof(err)) != 0 && strstr(err, part),
	      "import-disksim: %s is refused naming '%s' (%s)", what, part, err);
}

/* the importer is no looser than the profiles' reader (issue 58): a
 * repeated key, a NUL, a figure past the model's range before it is cast or
 * looped over, a number not in decimal, a link out of the folder */
static void importer_strict(void)
{
	static const char nul_bus[] = "read_block_ms = 0.1\0 junk\nwrite_block_ms = 0.2\nsource = t\n";
	static const char hex_bus[] = "read_block_ms = 0x1p-3\nwrite_block_ms = 0.2\nsource = t\n";
	char err[512], path[300], target[300];
	FILE *f;

	CHECK(import_small(small_spec, small_model, NULL, 0, err, sizeof(err)) == 0, "import-disksim: the small drive imports (%s)", err);
	small_refuses(subst(small_spec, "   Fast write level = 0,\n", "   Fast write level = 0,\n   Fast write level = 2,\n"),
		      small_model, "d.diskspecs:18: 'Fast write level' given twice in a disksim_disk (first on line 17)",
		      "a key given twice (the last would win)");
	small_refuses(small_spec, subst(small_model, "            Blocks per track = 80,\n",
					"            Blocks per track = 80,\n            Blocks per track = 90,\n"),
		      "'Blocks per track' given twice in a dm_layout_g1_zone", "a zone's key given twice");
	small_refuses(small_spec, subst(small_model, "Block count = 36000", "Block count = -1"),
		      "Block count = -1: a whole number of 512-byte blocks", "a negative block count (cast to uint64_t)");
	small_refuses(small_spec, subst(small_model, "Block count = 36000", "Block count = 1000000000000000000000000000000"),
		      "Block count = 1e+30: a whole number", "a block count of 10^30 (cast to uint64_t)");
	small_refuses(small_spec, subst(small_model, "Number of cylinders = 200", "Number of cylinders = 10000000000000000"),
		      "Number of cylinders = 1e+16: a whole number from 1, times the 2 surfaces fewer than 2147483648",
		      "10^16 cylinders (a loop over them never ended)");
	small_refuses(small_spec, subst(small_model, "Number of data surfaces = 2", "Number of data surfaces = 2.5"),
		      "Number of data surfaces = 2.5: a whole number from 1 to 1024", "half a surface");
	small_refuses(small_spec, subst(small_model, "Number of cylinders = 200", "Number of cylinders = 1e16"),
		      "Number of cylinders: '1e16' is not a number", "an exponent");
	small_refuses(subst(small_spec, "Read hit over. after read = 0.2", "Read hit over. after read = 0x1p-3"), small_model,
		      "'0x1p-3' is not a number", "a hex float");
	small_refuses(small_spec, subst(small_model, "Rotation speed (in rpms) = 6000", "Rotation speed (in rpms) = inf"),
		      "'inf' is not a number", "inf");
	CHECK(import_small(small_spec, small_model, nul_bus, sizeof(nul_bus) - 1, err, sizeof(err)) != 0 &&
		      strstr(err, "t.bus:1: a NUL byte"),
	      "import-disksim --bus: a NUL byte ends no line silently (%s)", err);
	CHECK(import_small(small_spec, small_model, hex_bus, strlen(hex_bus), err, sizeof(err)) != 0 && strstr(err, "t.bus:1: read_block_ms = '0x1p-3'"),
	      "import-disksim --bus: a hex float is refused (%s)", err);
	/* Model = source m, m a link to a file outside the folder: refused
	 * before it is read, its first word not echoed */
	snprintf(target, sizeof(target), "%s/secret", dir);
	snprintf(path, sizeof(path), "%s/d/m", dir);
	if ((f = fopen(target, "w")))
		fputs("hunter2 is the password\n", f), fclose(f);
	if (symlink(target, path))
		printf("INFO cannot link %s\n", path);
	small_refuses(subst(small_spec, "Model = source d.model", "Model = source m"), small_model,
		      "d/m: not a regular file of the folder", "a .model that is a link out of the folder");
	CHECK(import_small(subst(small_spec, "Model = source d.model", "Model = source m"), small_model, NULL, 0, err,
			   sizeof(err)) != 0 && !strstr(err, "hunter2"),
	      "import-disksim: the link's target is not echoed (%s)", err);
	unlink(path);
	snprintf(path, sizeof(path), "%s/d/d.trace", dir);
	if (symlink(target, path))
		printf("INFO cannot link %s\n", path);
	small_refuses(small_spec, small_model, "d.trace: not a regular file of the folder", "a trace that is a link");
	unlink(path);
}

/* the small drive's files (and its seek file, if seek) imported into
 * out (the profile's text): ds_import's result, err */
static int import_to(const char *spec, const char *mdl, const char *seek, char *out, size_t outlen, char *err,
		     size_t errlen)
{
	char sub[300];
	FILE *f = fmemopen(out, outlen, "w");
	int rc;

	snprintf(sub, sizeof(sub), "%s/d", dir);
	write_file("d/d.diskspecs", spec);
	write_file("d/d.model", mdl);
	if (seek)
		write_file("d/d.seek", seek);
	err[0] = 0;
	out[0] = 0;
	rc = f ? ds_import(sub, NULL, f, err, errlen) : -1;
	if (f)
		fclose(f);
	return rc;
}

/* does the profile text hold this line, whole? */
static int has_line(const char *text, const char *line)
{
	size_t n = strlen(line);

	for (const char *l = text; *l; l += strcspn(l, "\n"), l += *l == '\n')
		if (!strncmp(l, line, n) && (l[n] == '\n' || !l[n]))
			return 1;
	return 0;
}

/*
 * DiskSim's values the six drives do not have (issue 57): Seek type =
 * constant (B.4.3: "a fixed per-request seek time", "The Constant seek
 * time parameter must be provided"); a negative Bulk sector transfer time
 * (3.4.5: the time is "the maximum of the three values", the disk's, the
 * bus's and the controller's: below 0 the disk's is never it); a seek
 * file of three columns (a spread beside each time) or four (the dual
 * table: a write's time last), the write's time the read's plus one
 * figure at every distance.
 */
/* libparam's grammar, as DiskSim's other drives write it: a value on the
 * line after its '=' (the Atlas 10K's "slips =" then "[ 55017, ... ]"),
 * a list's entries on one line, more zones than 32 (the IBM 18ES has 55),
 * a last zone past Number of cylinders (the HP C2490A's, which DiskSim
 * lays out as given) */
static void importer_grammar(void)
{
	static char out[1 << 16], many[1 << 16];
	char err[512];
	const char *z1 = "            slips = [],\n         },\n         dm_layout_g1_zone {\n            First cylinder number = 100,";
	size_t at;

	CHECK(import_to(small_spec, subst(small_model, z1, "            slips = \n               [ 5, 17   ],\n"
					  "            defects = \n               [    ]\n         },\n"
					  "         dm_layout_g1_zone {\n            First cylinder number = 100,"),
			NULL, out, sizeof(out), err, sizeof(err)) == 0 && strstr(out, "\nzone.1 = 0 99 100 10 20 0 0 0 : 5 17\n"),
	      "import-disksim: a list on the line after its '=' gives zone.1's slips 5 and 17 (%s)", err);
	CHECK(import_to(small_spec, subst(small_model, z1, "            slips = [ 5,\n               17, 30\n            ],\n"
					  "         },\n         dm_layout_g1_zone {\n            First cylinder number = 100,"),
			NULL, out, sizeof(out), err, sizeof(err)) == 0 && strstr(out, "\nzone.1 = 0 99 100 10 20 0 0 0 : 5 17 30\n"),
	      "import-disksim: entries after '[' and two on a line give slips 5, 17 and 30 (%s)", err);
	small_refuses(small_spec, subst(small_model, "            slips = [],\n         },\n         dm",
					"            slips = [ 5, , 17 ],\n         },\n         dm"),
		      "slips: an empty entry between commas", "an empty list entry");
	small_refuses(small_spec, subst(small_model, "            slips = [],\n         },\n         dm",
					"            slips = [ 5 ] 6,\n         },\n         dm"),
		      "'6' after a list's ']'", "a number after a list's close");
	small_refuses(small_spec, subst(small_model, "      LBN-to-PBN mapping scheme = 0,", "      LBN-to-PBN mapping scheme =\n"),
		      "LBN-to-PBN mapping scheme: no value", "a key with no value before the file's end");
	CHECK(import_to(small_spec, subst(small_model, "Last cylinder number = 199,", "Last cylinder number = 200,"), NULL, out,
			sizeof(out), err, sizeof(err)) == 0 &&
		      strstr(out, "\ncylinders = 201\nsource.cylinders = d.model: the last zone's Last cylinder number + 1"),
	      "import-disksim: a last zone ending at cylinder 200 of 200 gives 201 cylinders, saying why (%s)", err);
	/* 40 zones of 5 cylinders */
	at = (size_t)snprintf(many, sizeof(many), "%s", "dm_disk M {\n   Number of data surfaces = 2,\n   Number of cylinders = 200,\n"
			      "   Block count = 30000,\n   Layout Model = dm_layout_g1 {\n      LBN-to-PBN mapping scheme = 0,\n"
			      "      Sparing scheme used = 0,\n      Zones = [\n");
	for (int z = 0; z < 40; z++)
		at += (size_t)snprintf(many + at, sizeof(many) - at,
				       "         dm_layout_g1_zone {\n            First cylinder number = %d,\n"
				       "            Last cylinder number = %d,\n            Blocks per track = %d,\n"
				       "            Offset of first block = 0,\n            Empty space at zone front = 0,\n"
				       "            Skew for track switch = 1,\n            Skew for cylinder switch = 2,\n"
				       "            Number of spares = 0,\n            slips = [],\n         }%s\n",
				       5 * z, 5 * z + 4, 100 - z, z < 39 ? "," : "");
	snprintf(many + at, sizeof(many) - at, "%s", strstr(small_model, "      ]\n   },\n   Mechanical"));
	CHECK(import_to(small_spec, many, NULL, out, sizeof(out), err, sizeof(err)) == 0 &&
		      strstr(out, "\nzone.40 = 195 199 61 "),
	      "import-disksim: 40 zones (more than the 32 the model held) reach zone.40 (%s)", err);
}

static void importer_values(void)
{
	static char out[65536];
	static const char seek4[] = "Seek distances measured: 3\n1, 1.0, 0.02, 1.15\n10, 2.0, 0.03, 2.15\n150, 6.0, 0.1, 6.15\n";
	static const char seek4v[] = "Seek distances measured: 2\n1, 1.0, 0.02, 1.15\n10, 2.0, 0.03, 2.5\n";
	static const char seek3[] = "Seek distances measured: 2\n1, 1.0, 0.02\n150, 6.0, 0.1\n";
	static char cmodel[8192], xmodel[8192];
	char err[512];

	snprintf(cmodel, sizeof(cmodel), "%s", subst(small_model, "      Seek type = hpl,\n", "      Seek type = constant,\n      Constant seek time = 2.5,\n"));
	snprintf(xmodel, sizeof(xmodel), "%s", subst(small_model, "      Seek type = hpl,\n", "      Seek type = extracted,\n      Full seek curve = d.seek,\n"));

	CHECK(import_to(small_spec, cmodel, NULL, out, sizeof(out), err, sizeof(err)) == 0 && has_line(out, "seek_const = 1") &&
		      has_line(out, "seek_const_ms = 2.500000") && has_line(out, "seek_track_ms = 2.500000") &&
		      has_line(out, "seek_full_ms = 2.500000"),
	      "import-disksim: Seek type = constant, 2.5 ms: seek_const = 1, seek_const_ms = 2.5, the curve flat at 2.5 (%s)", err);
	small_refuses(small_spec, subst(small_model, "      Seek type = hpl,\n", "      Seek type = constant,\n"),
		      "Seek type = constant without a 'Constant seek time' (B.4.3: \"The Constant seek time parameter must be provided\")",
		      "Seek type = constant without its time");
	small_refuses(small_spec, subst(small_model, "      Seek type = hpl,\n", "      Seek type = fast,\n"),
		      "Seek type = fast: DiskSim's manual (B.4.3) gives linear, curve, constant, hpl, hplplus10 and extracted",
		      "a seek type the manual does not give");
	CHECK(import_to(subst(small_spec, "Bulk sector transfer time = 0,", "Bulk sector transfer time = -0.015,"), small_model,
			NULL, out, sizeof(out), err, sizeof(err)) == 0 && has_line(out, "bus_mbs = 1000000") &&
		      strstr(out, "Bulk sector transfer time = -0.015: the bus takes no time (below 0, never the largest"),
	      "import-disksim: Bulk sector transfer time = -0.015: the bus (none given) sets the time, said so (%s)", err);
	CHECK(import_to(small_spec, xmodel, seek4, out, sizeof(out), err, sizeof(err)) == 0 &&
		      has_line(out, "write_settle_ms = 0.250000") && has_line(out, "seek.2 = 10 2.000000") &&
		      strstr(out, "Add. write settling delay (0.1) + 0.15, how much longer a write's seek is"),
	      "import-disksim: a dual seek table (writes 0.15 ms longer at every distance): the read times, 0.1 + 0.15 ms "
	      "settling (%s)", err);
	CHECK(import_to(small_spec, xmodel, seek4v, out, sizeof(out), err, sizeof(err)) != 0 &&
		      strstr(err, "d.seek:3: a write's seek 0.5 ms longer than a read's where the first line's is 0.15"),
	      "import-disksim: a dual table whose writes differ by varying amounts is refused, naming the line (%s)", err);
	CHECK(import_to(small_spec, xmodel, seek3, out, sizeof(out), err, sizeof(err)) == 0 &&
		      has_line(out, "seek.2 = 150 6.000000") && has_line(out, "write_settle_ms = 0.100000"),
	      "import-disksim: a seek table with a spread column: its distances and times (%s)", err);
	/* Layout Model = source FILE (libparam's include): the same profile
	 * as the block inline; a dm_layout_g4 inline: its tables */
	{
		static char inline_out[65536], lmodel[8192], layout[4096];
		const char *a = strstr(small_model, "   Layout Model = dm_layout_g1 {\n"), *b = strstr(small_model, "   Mechanical Model");

		import_to(small_spec, small_model, NULL, inline_out, sizeof(inline_out), err, sizeof(err));
		if (a && b) {
			snprintf(lmodel, sizeof(lmodel), "%.*s   Layout Model = source d.layout,\n%s", (int)(a - small_model),
				 small_model, b);
			/* the block, its closing "}," a "}" */
			size_t ol = strlen("   Layout Model = dm_layout_g1 {\n");

			snprintf(layout, sizeof(layout), "dm_layout_g1 {\n%.*s}\n", (int)((size_t)(b - a) - ol - strlen("   },\n")),
				 a + ol);
			write_file("d/d.layout", layout);
		}
		CHECK(a && b && import_to(small_spec, lmodel, NULL, out, sizeof(out), err, sizeof(err)) == 0 &&
			      !strcmp(out, inline_out),
		      "import-disksim: Layout Model = source d.layout gives the profile of the block inline (%s)", err);
		if (a && b)
			snprintf(lmodel, sizeof(lmodel), "%.*s   Layout Model = dm_layout_g4 {\n      TP = [ 0, 99, 100 ],\n"
				 "      IDX = [ [ 0, 0, 0.0, 100, 1, 0.25, 20000, 200, TRACK, 0, 0,\n"
				 "                20000, 199, 0.5, 100, 1, 0.25, 20000, -200, TRACK, 0, 1 ],\n"
				 "              [ 0, 0, 0.0, 40000, 200, 0.0, 40000, 200, IDX, 0 ] ],\n"
				 "      Slips = [ 150, 2 ],\n      Remaps = []\n   },\n%s", (int)(a - small_model), small_model, b);
		CHECK(import_to(small_spec, subst(lmodel, "Block count = 36000", "Block count = 39998"), NULL, out, sizeof(out),
				err, sizeof(err)) == 0 &&
			      has_line(out, "g4.ent.2 = 0 20000 199 0.500000 100 1 0.250000 20000 -200 track 0 1") &&
			      has_line(out, "g4.ent.3 = 1 0 0 0.000000 40000 200 0.000000 40000 200 idx 0 0") &&
			      has_line(out, "g4.slip.1 = 150 2") && has_line(out, "g4.tp.1 = 0 99 100") && !strstr(out, "zone.1"),
		      "import-disksim: a dm_layout_g4 inline: its entries by node, TP and Slips, no zones (%s)", err);
	}
	CHECK(import_to(small_spec, xmodel, "Seek distances measured: 2\n1, 1.0\n150, 6.0, 0.1\n", out, sizeof(out), err,
			sizeof(err)) != 0 && strstr(err, "d.seek:3: 3 columns where the lines before have 2"),
	      "import-disksim: a seek table whose lines differ in columns is refused (%s)", err);
}

/*
 * the bus's time a block from a trace: sequential reads of 1-8 blocks whose
 * fastest take 0.5 ms + 0.2 ms a block (others of each size slower), among
 * random reads of 12 ms that the fit must leave out
 */
static void bus_fit(void)
{
	static struct dt_req r[200];
	struct dt_busfit f;
	size_t n = 0;
	uint64_t at = 1000;

	for (int k = 0; k < 3; k++)
		for (uint64_t b = 1; b <= 8; b++) {
			r[n++] = (struct dt_req){ .block = 50000 + at * 7, .n = 4, .service_us = 12000 };
			r[n] = (struct dt_req){ .block = r[n - 1].block + 4, .n = b };
			r[n].service_us = 500 + 200 * (double)b + (k ? 300 * k : 0);	/* the fastest: k = 0 */
			n++;
			r[n++] = (struct dt_req){ .block = 90000 + at * 3, .n = b, .service_us = 1000 + 10 * (double)b };
			at++;
		}
	CHECK(dt_bus_fit(r, n, &f) == 0 && fabs(f.ms_per_block - 0.2) < 1e-9 && fabs(f.intercept_ms - 0.5) < 1e-9 &&
		      f.sizes == 8 && f.reads == 24,
	      "the bus's fit: 0.2 ms a block, 0.5 ms over 8 sizes of 24 sequential reads (got %.6f, %.6f, %zu, %zu)",
	      f.ms_per_block, f.intercept_ms, f.sizes, f.reads);
	CHECK(dt_bus_fit(r, 9, &f) != 0, "the bus's fit: sizes of fewer than %d reads give no fit", DT_FIT_MIN_READS);
	r[1].write = 1;
	CHECK(dt_bus_fit(r, 3, &f) != 0 && f.reads == 0, "the bus's fit: a write is no read-ahead hit");
}

/* dmodel_position_ns changes nothing, and a read's completion is its
 * positioning, then its transfer and the interface's time after it */
static void position_of(const char *path)
{
	static char text[65536];
	static struct dmodel before;
	const char *field;
	char err[256];
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(text, 1, sizeof(text) - 1, f) : 0;
	int64_t now = 50000000, done;
	uint64_t pos, off = 123456789ULL * 512;

	if (f)
		fclose(f);
	text[n] = 0;
	if (!n || dp_parse(text, &prof, err, sizeof(err)) || dmodel_init(&model, &prof.p, &field)) {
		CHECK(0, "%s loads", path);
		return;
	}
	off %= prof.p.capacity_bytes - 4096;
	dmodel_request(&model, DMODEL_READ, 0, 4096, 0);
	memcpy(&before, &model, sizeof(model));
	pos = dmodel_position_ns(&model, DMODEL_READ, off, 4096, now);
	CHECK(!memcmp(&before, &model, sizeof(model)), "%s: dmodel_position_ns leaves the model as it was", path);
	CHECK(dmodel_free_ns(&model) <= now, "%s: the head is free before the next request", path);
	done = dmodel_request(&model, DMODEL_READ, off, 4096, now);
	CHECK(pos > 0 && (int64_t)pos < done - now && done - now - (int64_t)pos < 2000000,
	      "%s: a far read positions in %.3f ms of its %.3f ms (the rest: transfer, bus, completion)", path,
	      pos / 1e6, (done - now) / 1e6);
	CHECK(dmodel_free_ns(&model) > now &&
		      dmodel_position_ns(&model, DMODEL_WRITE, off + (1 << 30), 4096, now) >=
			      (uint64_t)(dmodel_free_ns(&model) - now),
	      "%s: a request arriving while the head is busy waits for it: its positioning counts from now", path);
}

int main(void)
{
	char err[256], sub[300];
	const char *field;
	double a[4] = { 1, 2, 3, 4 }, b[4] = { 2, 3, 4, 5 };
	int64_t t;

	if (!mkdtemp(dir)) {
		printf("FAIL mkdtemp\n");
		return 1;
	}
	snprintf(sub, sizeof(sub), "%s/d", dir);
	if (mkdir(sub, 0700)) {
		printf("FAIL mkdir\n");
		return 1;
	}
	/* a good table: 10 cylinders x 2 surfaces x 100, then x 80: 3600 sectors */
	CHECK(parse("zone.1 = 0 9 100 10 20 0 0 0\nzone.2 = 10 19 80 8 16 0 0 0 : 5 7\n"
		    "seek.1 = 1 1\nseek.2 = 10 4\nseek.3 = 19 10\n",
		    err, sizeof(err)) == 0,
	      "profile tables: two zones and three seeks are taken (%s)", err);
	CHECK(prof.p.zones == 2 && prof.p.seek_points == 3 && prof.p.zone[1].slips == 2 && prof.p.slip[1] == 7,
	      "profile tables: zones 2, seeks 3, zone.2's two slips");
	CHECK(dmodel_init(&model, &prof.p, &field) == 0, "the model takes the tables");
	CHECK(model.z_lbns[0] == 2000 && model.z_lbns[1] == 1598,
	      "zone 1 holds 10 x 2 x 100 sectors, zone 2 10 x 2 x 80 less its two slips (%llu, %llu)",
	      (unsigned long long)model.z_lbns[0], (unsigned long long)model.z_lbns[1]);
	/* the measured seek, interpolated: 1 + (4 - 1) * 4 / 9 ms at 5 cylinders */
	CHECK(dmodel_position_ns(&model, DMODEL_READ, 0, 512, 0) < 10000000,
	      "a read at the head's place costs less than a turn (%llu ns)",
	      (unsigned long long)dmodel_position_ns(&model, DMODEL_READ, 0, 512, 0));
	t = dmodel_request(&model, DMODEL_READ, 0, 512, 0);
	CHECK(t > 0 && dmodel_free_ns(&model) <= t, "a read completes, and the head is free by then");
	CHECK(dmodel_position_ns(&model, DMODEL_READ, 512, 512, t + 5000000) == 0,
	      "the next sector, read ahead into the segment half a turn later, positions in no time");

	refuses("zone.1 = 0 9 100 10 20 0 0 0\nzone.2 = 9 19 80 8 16 0 0 0\n", "zones overlap", "an overlapping zone");
	refuses("zone.1 = 1 19 100 10 20 0 0 0\n", "must start at 0", "a table that leaves cylinder 0 out");
	refuses("zone.1 = 0 9 100 10 20 0 0 0\n", "the drive's last is 19", "a table that leaves the last cylinders out");
	refuses("zone.1 = 0 19 100 10 20 0 0 0\nzone.3 = 0 1 1 0 0 0 0 0\n", "zone.3: given without zone.2", "a zone gap in numbering");
	refuses("zone.1 = 0 19 100 10 20 0 0\n", "zone.1: the offset is not a number of sectors", "a short zone line");
	refuses("zone.1 = 0 19 100 10 20 0 0 0 : 7 5\n", "slips are not increasing", "slips out of order");
	refuses("zone.1 = 0 19 100 10 20 0 0 0\nseek.1 = 5 1\nseek.2 = 5 2\n", "the table must increase",
		"a seek table not increasing in distance");
	refuses("zone.1 = 0 19 100 10 20 0 0 0\nseek.1 = 0 1\n", "seek.1: the distance", "a seek of 0 cylinders");
	refuses("zone.1 = 0 19 100 10 20 0 0 0\nseek.1 = 1 fast\n", "seek.1: the time", "a seek time that is not a number");
	refuses("zone.1 = 0 19 100 10 20 0 0 0\nseek.1 = 1 0x1p0\n", "seek.1: the time", "a seek time in hex (figures are decimal)");
	refuses("zone.1 = 0 19 100 10 20 0 0 0\nseek.1 = 1 1e1\n", "seek.1: the time", "a seek time with an exponent");
	refuses("zone.1 = 0 19 100 10 20 0 0 0\nzone.1 = 0 19 100 10 20 0 0 0\n", "given twice", "a zone given twice");
	{
		char e2[256] = "";

		CHECK(parse("zone.1 = 0 19 10 1 2 0 0 0\n", e2, sizeof(e2)) != 0 && strstr(e2, "capacity_gb"),
		      "profile tables: zones that hold less than the capacity are refused naming capacity_gb (%s)", e2);
	}

	trace_refuses("R Hit 10 4 1.0 2.0\nR Hit 10 4 1.0\n", 3600, ":2: 5 fields", "a line of five fields");
	trace_refuses("X Hit 10 4 1.0 2.0\n", 3600, "is not R or W", "an operation that is neither R nor W");
	trace_refuses("R Hit 1o 4 1.0 2.0\n", 3600, "the block '1o'", "a block that is not a number");
	trace_refuses("R Hit 10 0 1.0 2.0\n", 3600, "block count '0'", "a request of no blocks");
	trace_refuses("R Hit 10 4 -1 2.0\n", 3600, "the service time", "a negative service time");
	trace_refuses("R Hit 3598 4 1.0 2.0\n", 3600, "past the drive's capacity", "a request past the capacity");
	trace_refuses("", 3600, "no requests", "an empty trace");
	trace_refuses("R Hit 10 4 0x1p20 2.0\n", 3600, "the service time '0x1p20'", "a hex float (profiles refuse hex)");
	trace_refuses("R Hit 10 4 1.0 1e3\n", 3600, "the gap '1e3'", "an exponent");
	trace_refuses("R Hit 10 4 1.0 .5\n", 3600, "the gap '.5'", "a fraction without its integer part");
	/* 10,000 gaps of 10^12 us overflowed the replay's clock (mean_model_ms=-77599998.701) */
	trace_refuses("R Hit 10 4 1.0 600000000000\nR Hit 10 4 1.0 600000000000\n", 3600,
		      ":2: the trace's gaps add up past 1000000000000 us", "gaps adding up past 11.6 days");
	importer_strict();
	importer_grammar();
	importer_values();

	write_file("d/d.model", "dm_disk M {\n}\n");
	import_refuses("disksim_disk D {\n   Model = source d.model,\n   Bulk sector transfer time = 0,\n"
		       "   Low (write) water mark = 0.5,\n   Read directly to buffer = 0,\n}\n",
		       "'Allow read hits on write data' is missing",
		       "a low water mark where the bus takes no time and Read directly to buffer = 0: only");
	import_refuses("disksim_disk D {\n   Spin down time = 4,\n}\n", "'Spin down time' in a disksim_disk",
		       "an unknown parameter, by name");
	import_refuses("disksim_disk D {\n   Bulk sector transfer time = fast,\n}\n", "d.diskspecs:2:",
		       "a malformed value, with its file and line");
	import_refuses("disksim_disk D {\n   Max queue length = 1,\n", "ends inside a block", "an unclosed block");
	import_refuses(specs, "'Bulk sector transfer time' is missing", "a description lacking a needed figure");
	write_file("d/d.model", "dm_disk M {\n   Mechanical Model = dm_mech_g1 {\n      Full seek curve = d.seek,\n   }\n}\n");
	write_file("d/d.seek", "Seek distances measured: 3\n1, 1.0\n5, 2.0\n4, 3.0\n");
	import_refuses(specs, "d.seek:4: the distance 4 is not past the line before's 5", "a .seek not increasing in distance");
	write_file("d/d.seek", "Seek distances measured: 2\n1, 1.0\n5 2.0\n");
	import_refuses(specs, "d.seek:3: '5 2.0': not 'DISTANCE, MS'", "a malformed .seek line");
	write_file("d/d.model", "dm_disk M {\n   Number of cylinders 10,\n}\n");
	import_refuses(specs, "d.model:2: 'Number of cylinders 10': not Key = value", "a malformed .model line");

	write_file("d/d.model", "dm_disk M {\n}\n");
	import_refuses("disksim_disk D {\n   Model = source d.model,\n   Set watermark by reqsize = 0,\n   Read any free blocks = 1,\n"
		       "   Max queue length = 8,\n}\n", "'Bulk sector transfer time' is missing",
		       "a description whose values DiskSim's manual allows (water marks by the segment, read any free "
		       "blocks, a queue of 8) but lacking a needed figure: only");
	bus_fit();
	position_of("disk/profiles/hdd.conf");
	position_of("disk/profiles/valid/atlas_III.conf");
	cdf_sort(b, 4);
	CHECK(fabs(cdf_rms(a, 4, b, 4) - 1) < 1e-12, "the metric: a sample shifted by 1 is 1 away");
	CHECK(cdf_rms(a, 4, a, 4) == 0, "the metric: a sample is 0 from itself");
	CHECK(fabs(cdf_quantile(a, 4, 0.375) - 1.5) < 1e-12, "a quantile between two points is interpolated");
	{
		char cmd[400];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		if (system(cmd))
			printf("INFO could not remove %s\n", dir);
	}
	return check_failed;
}
