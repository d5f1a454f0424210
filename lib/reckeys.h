#ifndef SB_RECKEYS_H
#define SB_RECKEYS_H
/*
 * The keys of the records init writes and swapbench-report reads, spelt
 * once: both sides name a key by its macro, so a misspelling is a compile
 * error, not a field silently absent. The record format itself is
 * lib/record.h; what each key holds, docs/output-format.md.
 */

/* Every record */
#define RK_BOOT "boot"
#define RK_TAG "tag"
#define RK_KERNEL "kernel"

/* A run (the result record; docs/output-format.md) */
#define RK_WORKLOAD "workload"
#define RK_BACKEND "backend"
#define RK_ITER "iter"
#define RK_STATUS "status"
#define RK_ELAPSED_S "elapsed_s"
#define RK_USER_S "user_s"
#define RK_SYS_S "sys_s"
#define RK_MINFLT "minflt"
#define RK_MAJFLT "majflt"
#define RK_PSWPIN "pswpin"
#define RK_PSWPOUT "pswpout"
#define RK_PGMAJFAULT "pgmajfault"
#define RK_PGSCAN "pgscan"
#define RK_PGSTEAL "pgsteal"
#define RK_ALLOCSTALL "allocstall"
#define RK_OOM_KILL "oom_kill"
#define RK_PSI_SOME_US "psi_some_us"
#define RK_PSI_FULL_US "psi_full_us"
#define RK_SWAP_PEAK_KB "swap_peak_kb"
#define RK_CLOCKSOURCE_CHANGED "clocksource_changed"
#define RK_CLOCKSOURCE "clocksource"
#define RK_SWAPS_ACTIVE "swaps_active"
#define RK_SWAP_DEV "swap_dev"
#define RK_EXIT "exit"
#define RK_SIGNAL "signal"
#define RK_SETTLE_ERROR "settle_error"
#define RK_OUT_TRUNCATED "out_truncated"

/* The boot (the meta record) */
#define RK_KERNEL_RELEASE "kernel_release"
#define RK_KERNEL_VERSION "kernel_version"
#define RK_CLOCK_RES_NS "clock_res_ns"
#define RK_CLOCK_STEP_NS "clock_step_ns"
#define RK_ARCH "arch"
#define RK_CMDLINE "cmdline"
#define RK_CMDLINE_CUT "cmdline_cut"
#define RK_MEMTOTAL_KB "memtotal_kb"
#define RK_CPUS "cpus"
#define RK_DISK "disk"
#define RK_INSTRUMENT "instrument"

/* The series (the totals record) and init's error and warning records */
#define RK_PLANNED "planned"
#define RK_STOP "stop"
#define RK_ROUNDS "rounds"
#define RK_HALFWIDTH "halfwidth"
#define RK_MSG "msg"

/* The disk characterised (swapbench.workloads=diskchar, "diskchar" records:
 * one figure each, named by fig; docs/diskchar.md) */
#define RK_DC_FIG "fig"
#define RK_DC_MS "ms"
#define RK_DC_SD "sd"
#define RK_DC_N "n"
#define RK_DC_OFFSET "offset"
#define RK_DC_DISTANCE "distance"
#define RK_DC_MB_S "mb_s"
#define RK_DC_SPT "spt"
#define RK_DC_SEQ_MB_S "seq_mb_s"
#define RK_DC_FIRST "first"		/* fig=cylinder: sectors of a cylinder's first track placed (-1 none) */
#define RK_DC_MID "mid"		/* its middle tracks' */
#define RK_DC_LAST "last"		/* its last track's */
#define RK_DC_FROM "from"		/* fig=phase: the bytes of the one a cylinder below this, 0 none */
#define RK_DC_REF "ref"		/* fig=phase: the reference sector (bytes) */
#define RK_DC_SKEW "skew"		/* fig=zone: sectors skipped at a track edge its chains crossed (-1 none) */
#define RK_DC_BYTES "bytes"
#define RK_DC_HEADS "heads"
#define RK_DC_WHAT "what"
#define RK_DC_HIT_FRAC "hit_frac"
#define RK_DC_SEGMENTS "segments"
#define RK_DC_KB "kb"
#define RK_DC_DEPTH "depth"
#define RK_DC_IOPS "iops"
#define RK_DC_IOPS_1 "iops_1"
#define RK_DC_DEV "dev"
#define RK_DC_SIZE "size_bytes"
#define RK_DC_SECTOR "sector"
#define RK_DC_MODEL "model"
#define RK_DC_SERIAL "serial"
#define RK_DC_CLOCK "clock"
#define RK_DC_SECONDS "seconds"
#define RK_DC_ROTATING "rotating"
#define RK_DC_WRITE_CACHE "write_cache"
#define RK_DC_SCHED "sched"
#define RK_DC_ERROR "error"
#define RK_DC_SECTORS "sectors"
#define RK_DC_TRACKS "tracks"
#define RK_DC_SEQ "seq"
#define RK_DC_TRACK_END "track_end"
#define RK_DC_CYL_END "cyl_end"
#define RK_DC_EARLY "early"
#define RK_DC_REWRITE "rewrite"		/* fig=write: 1 the opt-in rewrite mode ran, 0 read-only */
#define RK_DC_CACHE "cache"
#define RK_DC_CONST_MS "const_ms"
#define RK_DC_PHASE_MS "phase_ms"
#define RK_DC_WRITES "writes"
#define RK_DC_SECTOR_MS "sector_ms"
#define RK_DC_READ_MS "read_ms"
#define RK_DC_AFTER "after"
#define RK_DC_RW_MS "rw_ms"
#define RK_DC_FREE "free"
#define RK_DC_HITS "hits"
#define RK_DC_CYLINDERS "cylinders"
#define RK_DC_SERPENTINE "serpentine"
#define RK_DC_RUN "run"
#define RK_DC_AT_LEAST "at_least"	/* fig=segments: 1 the probe's cap, the buffer keeps at least as many */
#define RK_DC_AGAIN "again"	/* fig=end: probes asked again whose second look said otherwise */
#define RK_DC_LATE "late"	/* fig=end: chain steps set apart as a completion seen late */
#define RK_DC_A_HITS "a_hits"	/* fig=end: aimed probes' first reads the buffer served, read again lower */
#define RK_DC_WAIT_MS "wait_ms"	/* fig=ra_min: a read asked at once after a miss waits this long */
#define RK_DC_VARIES "varies"		/* fig=ra_min: 1 the wait is shorter at some places */
#define RK_DC_NO_TIME "no_time"		/* fig=bus: 1 hits of a sector and of 64 KiB cost the same (mb_s a bus that takes none) */
/* the figures (values of fig) */
#define DC_FIG_DEVICE "device"
#define DC_FIG_ROTATION "rotation"
#define DC_FIG_ZONE "zone"
#define DC_FIG_OVERHEAD "overhead"
#define DC_FIG_SEEK "seek"
#define DC_FIG_CYLINDER "cylinder"
#define DC_FIG_SWITCH "switch"
#define DC_FIG_SKEW "skew"
#define DC_FIG_HIT "hit"
#define DC_FIG_SEGMENTS "segments"
#define DC_FIG_BUS "bus"
#define DC_FIG_READAHEAD "readahead"
#define DC_FIG_RA_MIN "ra_min"		/* the minimum read-ahead: kb, and the wait of a read asked at once after a miss */
#define DC_FIG_QUEUE "queue"
#define DC_FIG_FREE "free_blocks"
#define DC_FIG_PHASE "phase"		/* a zone's angle: offset's read completes ms after ref's, modulo the turn */
#define DC_FIG_END "end"
#define DC_FIG_WRITE "write"			/* the mode; in rewrite mode the write cache seen */
#define DC_FIG_WRITE_TAIL "write_tail"
#define DC_FIG_WRITE_NEAR "write_near"
#define DC_FIG_WRITE_FAR "write_far"
#define DC_FIG_WRITE_BUFFERED "write_buffered"
#define DC_FIG_READ_AFTER_WRITE "read_after_write"

#endif
