// SPDX-License-Identifier: GPL-2.0
/*
 * dm-diskmodel: the disk model (disk/model.c) as a device-mapper target,
 * so that a modelled disk's waits are the guest's own time.
 *
 *   table: 0 SECTORS diskmodel DEVICE name=value ...   (DMODEL_PARAMS)
 *
 * Each bio goes on to DEVICE at once and is charged what the model says
 * when it reaches the disk (the guest's CLOCK_MONOTONIC); it completes
 * when both DEVICE has done it and the model says the disk would have
 * finished it (end_io holds it until then: an hrtimer at the first due
 * time ends it again). DEVICE's own time (under
 * DETERMINISTIC=1 the guest's copy to or from virtio-pmem) so overlaps the
 * model's wait instead of adding to it. Under QEMU's -icount sleep=off an
 * idle guest's clock jumps to that timer, so the wait costs no host time
 * and is the same on every rerun; on the host's clock or under KVM the
 * wait is as long as it says.
 * One target maps a whole disk: its partitions are dm-linear devices on
 * top (init/dmdisk.c), so they share one head, one cache and one clock.
 * The model is the disk, its cache included: a flush (or FUA) is charged
 * by the model and ends here; DEVICE, a scratch image on the host, never
 * sees one (its flush would be the host's fsync, in host time, which the
 * guest's clock under -icount sleep=off would count as a jump).
 * The status line (INFO) is the model's counters, DMODEL_COUNTERS, then
 * clock_ns (the guest's clock when it was read) and queued.
 */
#include <linux/bio.h>
#include <linux/device-mapper.h>
#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/version.h>

#include "model.h"

#define DM_MSG_PREFIX "diskmodel"

/* what the target keeps per bio while it waits (per_io_data) */
struct dmm_io {
	struct list_head node;
	s64 arrival_ns, due_ns;
	struct bio *bio;
	u64 off, len;		/* as it arrived: a bio done before it is charged has its iterator advanced */
	unsigned int op;	/* REQ_OP_READ or REQ_OP_WRITE (a flush: WRITE) */
	unsigned int flags;	/* its REQ_PREFLUSH and REQ_FUA, which DEVICE never sees */
	unsigned int own:1;	/* a flush alone: ends here, never sent on */
	unsigned int charged:1;	/* due_ns is the model's */
	unsigned int done:1;	/* DEVICE has finished it */
	unsigned int ending:1;	/* due and done: the next end_io lets it go */
};

/* the most a run of contiguous bios is charged as one request */
#define DMM_MERGE_MAX (512u << 10)

struct dmm {
	struct dm_dev *dev;
	spinlock_t lock;		/* the model, both lists and the timer */
	struct dmodel *model;
	struct dmodel_params params;
	struct list_head incoming;	/* dmm_io arriving, being charged */
	struct list_head queue;		/* charged dmm_io by due_ns, first due first */
	unsigned long queued;
	u64 merged;			/* bios charged as part of a request before them */
	s64 last_ns;			/* the latest arrival the model was given */
	struct hrtimer timer;
	int in_timer;			/* the timer's callback runs: it sets the next expiry */
};

static int dmm_is_flush(unsigned int opf)
{
	return (opf & REQ_OP_MASK) == REQ_OP_FLUSH || opf & REQ_PREFLUSH;
}

/* queue io by its due time: a late-due bio goes behind those due sooner */
static void dmm_enqueue(struct dmm *d, struct dmm_io *io)
{
	struct dmm_io *at;

	list_for_each_entry_reverse(at, &d->queue, node)
		if (at->due_ns <= io->due_ns)
			break;
	list_add(&io->node, &at->node);
	d->queued++;
}

/* the model's completion for one bio (io) arriving at now */
static s64 dmm_charge(struct dmm *d, struct dmm_io *io, u64 len, s64 now)
{
	s64 due = now, done;

	if (dmm_is_flush(io->flags))
		due = dmodel_request(d->model, DMODEL_FLUSH, 0, 0, now);
	if (len) {
		done = dmodel_request(d->model, io->op == REQ_OP_READ ? DMODEL_READ : DMODEL_WRITE, io->off, len, now);
		if (done > due)
			due = done;
	}
	/* forced unit access: on the platter before it completes */
	if (len && io->op == REQ_OP_WRITE && io->flags & REQ_FUA) {
		done = dmodel_request(d->model, DMODEL_FLUSH, 0, 0, now);
		if (done > due)
			due = done;
	}
	return due;
}

/*
 * Charges what arrived (one bio, or a plug's batch), in arrival order. A run
 * of bios of one direction, each starting where the one before ends, is
 * one request to the model (up to DMM_MERGE_MAX), arriving with its last
 * bio: what the block layer's plug merges hand a disk, which this target,
 * above them, would otherwise see bio by bio.
 */
static void dmm_charge_incoming(struct dmm *d, s64 now, struct list_head *ended)
{
	struct dmm_io *io, *first, *last;

	while (!list_empty(&d->incoming)) {
		u64 len, end;
		s64 due;

		first = last = list_first_entry(&d->incoming, struct dmm_io, node);
		len = first->len;
		end = first->off + len;
		if (len && !first->flags) {
			list_for_each_entry_continue(last, &d->incoming, node) {
				if (last->op != first->op || last->flags || last->off != end || !last->len ||
				    len + last->len > DMM_MERGE_MAX)
					break;
				len += last->len;
				end += last->len;
			}
			last = list_prev_entry(last, node);
		}
		/* the model takes arrivals in order: a plug's batch may hold
		 * bios stamped before one charged already */
		if (last->arrival_ns > d->last_ns)
			d->last_ns = last->arrival_ns;
		due = dmm_charge(d, first, len, d->last_ns);
		/* first .. last share the completion; those DEVICE has done wait for it */
		for (;;) {
			io = list_first_entry(&d->incoming, struct dmm_io, node);
			list_del_init(&io->node);
			io->due_ns = due;
			io->charged = 1;
			if (io != first)
				d->merged++;
			if (io->done && due <= now) {
				/* done, and the model's time is up already: ended by the caller */
				io->ending = 1;
				list_add_tail(&io->node, ended);
			} else if (io->own || io->done) {
				dmm_enqueue(d, io);
			}
			if (io == last)
				break;
		}
	}
}

/* the timer at the first completion (under d->lock; the timer's own
 * callback sets it again as it ends) */
static void dmm_arm(struct dmm *d)
{
	if (!d->in_timer && !list_empty(&d->queue))
		hrtimer_start(&d->timer, ns_to_ktime(list_first_entry(&d->queue, struct dmm_io, node)->due_ns),
			      HRTIMER_MODE_ABS);
}

/*
 * The first completion is due: every bio due is ended again, and end_io
 * lets it go (a flush alone ends here the first time); in the timer's
 * interrupt, as a disk's completions are.
 */
static enum hrtimer_restart dmm_timer(struct hrtimer *t)
{
	struct dmm *d = container_of(t, struct dmm, timer);
	enum hrtimer_restart r = HRTIMER_NORESTART;
	struct dmm_io *io, *tmp;
	unsigned long flags;
	LIST_HEAD(due);
	s64 now;

	spin_lock_irqsave(&d->lock, flags);
	d->in_timer = 1;
	now = ktime_get_ns();
	list_for_each_entry_safe(io, tmp, &d->queue, node) {
		if (io->due_ns > now)
			break;
		list_move_tail(&io->node, &due);
		io->ending = 1;
		d->queued--;
	}
	spin_unlock_irqrestore(&d->lock, flags);
	list_for_each_entry_safe(io, tmp, &due, node) {
		list_del_init(&io->node);
		bio_endio(io->bio);
	}
	spin_lock_irqsave(&d->lock, flags);
	/* the next expiry is set before anyone else may start the timer */
	if (!list_empty(&d->queue)) {
		hrtimer_set_expires(t, ns_to_ktime(list_first_entry(&d->queue, struct dmm_io, node)->due_ns));
		r = HRTIMER_RESTART;
	}
	d->in_timer = 0;
	spin_unlock_irqrestore(&d->lock, flags);
	return r;
}

/* name=value by DMODEL_PARAMS; 0, or -EINVAL with ti->error set */
static int dmm_parse(struct dm_target *ti, struct dmodel_params *p, unsigned int argc, char **argv)
{
	static char why[96];
	unsigned int i;

	memset(p, 0, sizeof(*p));
	for (i = 0; i < argc; i++) {
		char *eq = strchr(argv[i], '=');
		size_t klen = eq ? (size_t)(eq - argv[i]) : 0;
		u64 *field = NULL;

		if (!eq)
			goto bad;
#define X(n, what) if (klen == sizeof(#n) - 1 && !strncmp(argv[i], #n, klen)) field = &p->n;
		DMODEL_PARAMS(X)
#undef X
		if (!field || kstrtoull(eq + 1, 10, field))
			goto bad;
	}
	return 0;
bad:
	snprintf(why, sizeof(why), "diskmodel: bad parameter '%.40s' (name=value, as DMODEL_PARAMS)", argv[i]);
	ti->error = why;
	return -EINVAL;
}

static int dmm_ctr(struct dm_target *ti, unsigned int argc, char **argv)
{
	static char why[96];
	const char *field = NULL;
	struct dmm *d;
	int err;

	if (argc < 1) {
		ti->error = "diskmodel: give the device, then the model's name=value parameters";
		return -EINVAL;
	}
	d = kzalloc(sizeof(*d), GFP_KERNEL);
	if (!d)
		return -ENOMEM;
	d->model = kvzalloc(sizeof(*d->model), GFP_KERNEL);
	err = -ENOMEM;
	if (!d->model)
		goto fail;
	err = dmm_parse(ti, &d->params, argc - 1, argv + 1);
	if (err)
		goto fail;
	err = dmodel_init(d->model, &d->params, &field);
	if (err) {
		snprintf(why, sizeof(why), "diskmodel: the profile's %s is missing or impossible", field ? field : "?");
		ti->error = why;
		goto fail;
	}
	err = dm_get_device(ti, argv[0], dm_table_get_mode(ti->table), &d->dev);
	if (err) {
		ti->error = "diskmodel: cannot open the device";
		goto fail;
	}
	spin_lock_init(&d->lock);
	INIT_LIST_HEAD(&d->queue);
	INIT_LIST_HEAD(&d->incoming);
	hrtimer_init(&d->timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS);
	d->timer.function = dmm_timer;
	ti->num_flush_bios = 1;
	ti->per_io_data_size = sizeof(struct dmm_io);
	ti->private = d;
	return 0;
fail:
	kvfree(d->model);
	kfree(d);
	return err;
}

static void dmm_dtr(struct dm_target *ti)
{
	struct dmm *d = ti->private;

	/* dm suspends a device (waiting for its bios) before it destroys it */
	hrtimer_cancel(&d->timer);
	dm_put_device(ti, d->dev);
	kvfree(d->model);
	kfree(d);
}

/* the bios a submitter's plug holds for the model (blk_check_plugged) */
struct dmm_plug {
	struct blk_plug_cb cb;
	struct list_head bios;
};

/* bios reach the model, in order: charged at once */
static void dmm_arrive(struct dmm *d, struct list_head *bios)
{
	struct dmm_io *io, *tmp;
	unsigned long flags;
	LIST_HEAD(ended);

	spin_lock_irqsave(&d->lock, flags);
	list_splice_tail_init(bios, &d->incoming);
	dmm_charge_incoming(d, ktime_get_ns(), &ended);
	dmm_arm(d);
	spin_unlock_irqrestore(&d->lock, flags);
	/* a plug's bios DEVICE finished already, whose time is up: no timer */
	list_for_each_entry_safe(io, tmp, &ended, node) {
		list_del_init(&io->node);
		bio_endio(io->bio);
	}
}

/* the submitter unplugs: what it plugged reaches the disk together */
static void dmm_unplug(struct blk_plug_cb *cb, bool from_schedule)
{
	struct dmm_plug *p = container_of(cb, struct dmm_plug, cb);

	if (p->bios.next)
		dmm_arrive(cb->data, &p->bios);
	kfree(p);
}

/*
 * A bio arrives. Under its submitter's plug (reclaim's writeback, swap
 * readahead) it waits for the unplug, as it would on its way to a disk's
 * queue, so the model sees what the block layer would have merged; else
 * it goes to the model at once.
 */
static int dmm_map(struct dm_target *ti, struct bio *bio)
{
	struct dmm *d = ti->private;
	struct dmm_io *io = dm_per_bio_data(bio, sizeof(struct dmm_io));
	struct blk_plug_cb *cb;
	LIST_HEAD(one);

	bio_set_dev(bio, d->dev->bdev);
	memset(io, 0, sizeof(*io));
	INIT_LIST_HEAD(&io->node);
	if (bio_op(bio) != REQ_OP_READ && bio_op(bio) != REQ_OP_WRITE && bio_op(bio) != REQ_OP_FLUSH)
		return DM_MAPIO_REMAPPED;	/* no cost in the model, and end_io lets it go */
	io->bio = bio;
	io->flags = bio->bi_opf & (REQ_PREFLUSH | REQ_FUA);
	if (bio_op(bio) == REQ_OP_FLUSH)
		io->flags |= REQ_PREFLUSH;
	io->own = !bio->bi_iter.bi_size;
	io->off = (u64)bio->bi_iter.bi_sector << SECTOR_SHIFT;
	io->len = bio->bi_iter.bi_size;
	io->op = bio_op(bio) == REQ_OP_READ ? REQ_OP_READ : REQ_OP_WRITE;
	/* its arrival: when it was submitted, under a plug too (a merged run
	 * arrives with its last bio), so that DEVICE's time in the submitter
	 * (virtio-pmem copies there) overlaps the model's wait */
	io->arrival_ns = ktime_get_ns();
	/* the model is the disk's cache: DEVICE never sees a flush */
	bio->bi_opf &= ~(REQ_PREFLUSH | REQ_FUA);
	cb = blk_check_plugged(dmm_unplug, d, sizeof(struct dmm_plug));
	if (cb) {
		struct dmm_plug *p = container_of(cb, struct dmm_plug, cb);

		if (!p->bios.next)	/* a new one is zeroed */
			INIT_LIST_HEAD(&p->bios);
		list_add_tail(&io->node, &p->bios);
	} else {
		list_add_tail(&io->node, &one);
		dmm_arrive(d, &one);
	}
	return io->own ? DM_MAPIO_SUBMITTED : DM_MAPIO_REMAPPED;
}

/* DEVICE has finished a bio: it completes once the model's time is up */
static int dmm_end_io(struct dm_target *ti, struct bio *bio, blk_status_t *error)
{
	struct dmm *d = ti->private;
	struct dmm_io *io = dm_per_bio_data(bio, sizeof(struct dmm_io));
	unsigned long flags;
	int r = DM_ENDIO_DONE;

	if (!io->bio)
		return DM_ENDIO_DONE;	/* not the model's (a discard) */
	spin_lock_irqsave(&d->lock, flags);
	if (!io->ending) {
		io->done = 1;
		r = DM_ENDIO_INCOMPLETE;
		if (io->charged) {
			if (io->due_ns <= ktime_get_ns()) {
				r = DM_ENDIO_DONE;
			} else {
				dmm_enqueue(d, io);
				if (d->queue.next == &io->node)
					dmm_arm(d);
			}
		}
		/* not yet charged (still in its submitter's plug): queued
		 * when the unplug charges it */
	}
	spin_unlock_irqrestore(&d->lock, flags);
	return r;
}

static void dmm_status(struct dm_target *ti, status_type_t type, unsigned int status_flags, char *result,
		       unsigned int maxlen)
{
	struct dmm *d = ti->private;
	struct dmodel_counters c;
	unsigned long flags, queued;
	u64 merged;
	unsigned int sz = 0;
	s64 now;

	switch (type) {
	case STATUSTYPE_INFO:
		spin_lock_irqsave(&d->lock, flags);
		c = d->model->c;
		queued = d->queued;
		merged = d->merged;
		now = ktime_get_ns();
		spin_unlock_irqrestore(&d->lock, flags);
#define X(n, what) DMEMIT(#n "=%llu ", (unsigned long long)c.n);
		DMODEL_COUNTERS(X)
#undef X
		DMEMIT("merged=%llu clock_ns=%lld queued=%lu", (unsigned long long)merged, (long long)now, queued);
		break;
	case STATUSTYPE_TABLE:
		DMEMIT("%s", d->dev->name);
#define X(n, what) DMEMIT(" " #n "=%llu", (unsigned long long)d->params.n);
		DMODEL_PARAMS(X)
#undef X
		break;
	default:
		break;
	}
}

static int dmm_iterate_devices(struct dm_target *ti, iterate_devices_callout_fn fn, void *data)
{
	struct dmm *d = ti->private;

	return fn(ti, d->dev, 0, ti->len, data);
}

static struct target_type dmm_target = {
	.name = "diskmodel",
	.version = { 1, 0, 0 },
	.module = THIS_MODULE,
	.ctr = dmm_ctr,
	.dtr = dmm_dtr,
	.map = dmm_map,
	.end_io = dmm_end_io,
	.status = dmm_status,
	.iterate_devices = dmm_iterate_devices,
};

static int __init dmm_init(void)
{
	return dm_register_target(&dmm_target);
}

static void __exit dmm_exit(void)
{
	dm_unregister_target(&dmm_target);
}

module_init(dmm_init);
module_exit(dmm_exit);
MODULE_DESCRIPTION("swapbench's disk model as a device-mapper target, timed on the guest's clock");
MODULE_LICENSE("GPL");
