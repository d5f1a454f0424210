// SPDX-License-Identifier: GPL-2.0
/*
 * sbdisk: the disk model (disk/model/model.c) as a block driver, so that the
 * kernel reaches a modelled disk as it reaches a real one: through its I/O
 * scheduler (plugged, merged, ordered), then into the drive's own queue
 * (disk/model/queue.c), and the waits are the guest's own time.
 *
 *   insmod sbdisk.ko dev=MAJOR:MINOR params="name=value ..." (DMODEL_PARAMS)
 *                    [tables="zone=... seek=... slip=..."] (dmodel_tables_parse)
 *
 * One disk, /dev/sbda, over the whole disk dev (claimed exclusively, so
 * nothing reaches it past the model); the kernel scans its partitions
 * itself (sbda1, ...). blk-mq, one hardware queue of the profile's
 * queue_depth tags, rotational and write cache as the profile says.
 *
 * Each request's bios go on to dev at once (clones; from a worker when
 * queue_rq runs inside a submit_bio, whose bios wait until it returns),
 * and the request reaches the drive's queue: the drive gives it to the
 * model when its order says (dqueue_serve). It completes when both dev has done it and
 * the model says the disk would have finished it: an hrtimer on the
 * guest's CLOCK_MONOTONIC ends it then (and serves the queue when the
 * head comes free). dev's own time (under DETERMINISTIC=1 the guest's
 * copy to or from virtio-pmem) so overlaps the model's wait instead of
 * adding to it. Under QEMU's -icount sleep=off an idle guest's clock
 * jumps to that timer, so the wait costs no host time and is the same on
 * every rerun; on the host's clock or under KVM it is as long as it says.
 * The model is the disk, its cache included: a flush (or FUA) is charged
 * by the model and ends here; dev, a scratch image on the host, never
 * sees one (its flush would be the host's fsync, in host time, which the
 * guest's clock under -icount sleep=off would count as a jump).
 */
#include <linux/bio.h>
#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/hrtimer.h>
#include <linux/kdev_t.h>
#include <linux/ktime.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/version.h>
#include <linux/workqueue.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0)
#include <linux/file.h>
#include <linux/fs.h>
#endif

#include "model.h"
#include "queue.h"
#include "sbdisk.h"

static char *dev = "";
module_param(dev, charp, 0444);
MODULE_PARM_DESC(dev, "the disk under the model: MAJOR:MINOR");
/* a string of its own size: a charp stops at 1024 bytes, and DMODEL_PARAMS
 * with the drives' overheads and queue is longer (the 7K500: 1029) */
static char params[4096];
module_param_string(params, params, sizeof(params), 0444);
MODULE_PARM_DESC(params, "the model's parameters: name=value ... (DMODEL_PARAMS)");
/* the zone, seek and slip tables (tens of KiB at most: DMODEL_ZONES_MAX,
 * DMODEL_SEEK_MAX, DMODEL_SLIPS_MAX), copied when the module's arguments
 * are parsed (finit_module's argument string has no length limit of its
 * own, a string parameter's buffer has); no sysfs file */
static char *tables;

static int sbd_set_tables(const char *val, const struct kernel_param *kp)
{
	size_t n = strlen(val) + 1;
	char *copy = kvmalloc(n, GFP_KERNEL);

	if (!copy)
		return -ENOMEM;
	memcpy(copy, val, n);
	kvfree(tables);
	tables = copy;
	return 0;
}

static const struct kernel_param_ops sbd_tables_ops = {
	.set = sbd_set_tables,
};
module_param_cb(tables, &sbd_tables_ops, NULL, 0);
MODULE_PARM_DESC(tables, "the model's zone, seek and slip tables: zone=... seek=... slip=... (dmodel_tables_parse)");

/* what the driver keeps per request (the request's pdu) */
struct sbd_cmd {
	struct list_head node;		/* in sbd.due while done below and not yet due */
	struct work_struct below_work;	/* sends its clones from sbd.below_wq */
	struct request *rq;
	s64 arrival_ns, due_ns;
	atomic_t pending;		/* clones below, + 1 while queue_rq submits */
	blk_status_t status;
	u8 depth;
	u8 parts;			/* its entries in the drive's queue yet to start */
	unsigned int charged:1;		/* due_ns is the model's */
	unsigned int below:1;		/* dev has done its part */
	unsigned int ended:1;
};

struct sbd {
	struct blk_mq_tag_set set;
	struct gendisk *disk;
	int major;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0)
	struct file *below_file;
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 7, 0)
	struct bdev_handle *below_handle;
#endif
	struct block_device *below;
	struct bio_set bs;
	struct workqueue_struct *below_wq;	/* clones that queue_rq may not send */
	spinlock_t lock;		/* everything below */
	struct dmodel *model;
	struct dmodel_params p;
	struct dqueue q;
	struct daccount *acct;
	struct list_head due;		/* by due_ns, first due first */
	struct hrtimer timer;
	int in_timer;			/* its callback runs: it sets the next expiry */
	s64 wake_ns;			/* the head comes free for what waits (0: nothing waits) */
	unsigned int inflight;		/* requests in the drive */
	u64 merged;
	struct sbd_cmd *by_tag[DQUEUE_MAX];
	struct dqueue_started started[2 * DQUEUE_MAX];	/* what sbd_serve started */
};

static struct sbd *the;

static int sbd_op(struct request *rq)
{
	switch (req_op(rq)) {
	case REQ_OP_READ:
		return DMODEL_READ;
	case REQ_OP_WRITE:
		return DMODEL_WRITE;
	case REQ_OP_FLUSH:
		return DMODEL_FLUSH;
	default:
		return -1;
	}
}

/* under s->lock: the request leaves the drive (ended by the caller) */
static void sbd_leave(struct sbd *s, struct sbd_cmd *c, s64 now)
{
	static const char ops[] = { 'R', 'W', 'F' };
	int op = sbd_op(c->rq);

	c->ended = 1;
	s->inflight--;
	daccount_add(s->acct, c->arrival_ns, now, blk_rq_pos(c->rq), blk_rq_sectors(c->rq), ops[op], c->depth);
}

/* under s->lock: c is charged and done below: due now, or queued by due time */
static void sbd_ready(struct sbd *s, struct sbd_cmd *c, s64 now, struct list_head *ended)
{
	struct sbd_cmd *at;

	if (c->due_ns <= now) {
		sbd_leave(s, c, now);
		list_add_tail(&c->node, ended);
		return;
	}
	list_for_each_entry_reverse(at, &s->due, node)
		if (at->due_ns <= c->due_ns)
			break;
	list_add(&c->node, &at->node);
}

/* under s->lock: the drive starts what it would by now */
static void sbd_serve(struct sbd *s, s64 now, struct list_head *ended)
{
	struct dqueue_started *st = s->started;
	unsigned int n = dqueue_serve(&s->q, s->model, now, st, &s->wake_ns), i;

	for (i = 0; i < n; i++) {
		struct sbd_cmd *c = s->by_tag[st[i].tag];

		if (st[i].due_ns > c->due_ns)
			c->due_ns = st[i].due_ns;
		if (--c->parts)
			continue;
		c->charged = 1;
		if (c->below)
			sbd_ready(s, c, now, ended);
	}
}

static s64 sbd_next(struct sbd *s)
{
	s64 t = 0;

	if (!list_empty(&s->due))
		t = list_first_entry(&s->due, struct sbd_cmd, node)->due_ns;
	if (s->wake_ns && (!t || s->wake_ns < t))
		t = s->wake_ns;
	return t;
}

/* under s->lock: the timer at the next event (its own callback sets it as it ends) */
static void sbd_arm(struct sbd *s)
{
	s64 t = sbd_next(s);

	if (!s->in_timer && t)
		hrtimer_start(&s->timer, ns_to_ktime(t), HRTIMER_MODE_ABS);
}

static void sbd_end_all(struct list_head *ended)
{
	struct sbd_cmd *c, *tmp;

	list_for_each_entry_safe(c, tmp, ended, node) {
		list_del_init(&c->node);
		blk_mq_end_request(c->rq, c->status);
	}
}

/* the next event is due: the head's next request, the completions due; in
 * the timer's interrupt, as a disk's completions are */
static enum hrtimer_restart sbd_timer(struct hrtimer *t)
{
	struct sbd *s = container_of(t, struct sbd, timer);
	enum hrtimer_restart r = HRTIMER_NORESTART;
	struct sbd_cmd *c, *tmp;
	unsigned long flags;
	LIST_HEAD(ended);
	s64 now, next;

	spin_lock_irqsave(&s->lock, flags);
	s->in_timer = 1;
	now = ktime_get_ns();
	if (s->wake_ns && s->wake_ns <= now)
		sbd_serve(s, now, &ended);
	list_for_each_entry_safe(c, tmp, &s->due, node) {
		if (c->due_ns > now)
			break;
		sbd_leave(s, c, now);
		list_move_tail(&c->node, &ended);
	}
	spin_unlock_irqrestore(&s->lock, flags);
	sbd_end_all(&ended);
	spin_lock_irqsave(&s->lock, flags);
	next = sbd_next(s);
	if (next) {
		hrtimer_set_expires(t, ns_to_ktime(next));
		r = HRTIMER_RESTART;
	}
	s->in_timer = 0;
	spin_unlock_irqrestore(&s->lock, flags);
	return r;
}

/* one reference on c's part below dropped: the last one makes it done below */
static void sbd_put(struct sbd *s, struct sbd_cmd *c)
{
	unsigned long flags;
	LIST_HEAD(ended);

	if (!atomic_dec_and_test(&c->pending))
		return;
	spin_lock_irqsave(&s->lock, flags);
	c->below = 1;
	if (c->charged) {
		sbd_ready(s, c, ktime_get_ns(), &ended);
		sbd_arm(s);
	}
	spin_unlock_irqrestore(&s->lock, flags);
	sbd_end_all(&ended);
}

static void sbd_clone_end(struct bio *clone)
{
	struct sbd_cmd *c = clone->bi_private;

	if (clone->bi_status)
		c->status = clone->bi_status;
	bio_put(clone);
	sbd_put(the, c);
}

/* c's bios go on to the disk below as clones; then queue_rq's reference
 * on c is dropped */
static void sbd_send_below(struct sbd *s, struct sbd_cmd *c)
{
	struct bio *bio;

	__rq_for_each_bio(bio, c->rq) {
		struct bio *clone = bio_alloc_clone(s->below, bio, GFP_NOIO, &s->bs);

		clone->bi_opf &= ~(REQ_PREFLUSH | REQ_FUA);
		clone->bi_end_io = sbd_clone_end;
		clone->bi_private = c;
		atomic_inc(&c->pending);
		submit_bio_noacct(clone);
	}
	sbd_put(s, c);
}

static void sbd_below_work(struct work_struct *w)
{
	sbd_send_below(the, container_of(w, struct sbd_cmd, below_work));
}

static blk_status_t sbd_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	struct sbd *s = hctx->queue->queuedata;
	struct request *rq = bd->rq;
	struct sbd_cmd *c = blk_mq_rq_to_pdu(rq);
	struct dqueue_req r;
	unsigned long flags;
	LIST_HEAD(ended);
	struct bio *bio;
	int op = sbd_op(rq);
	u64 bios = 0;

	if (op < 0)
		return BLK_STS_NOTSUPP;	/* nothing else is advertised */
	blk_mq_start_request(rq);
	INIT_LIST_HEAD(&c->node);
	c->rq = rq;
	c->status = BLK_STS_OK;
	c->charged = c->below = c->ended = 0;
	atomic_set(&c->pending, 1);
	__rq_for_each_bio(bio, rq)
		bios++;
	r.off = (u64)blk_rq_pos(rq) << SECTOR_SHIFT;
	r.len = op == DMODEL_FLUSH ? 0 : blk_rq_bytes(rq);
	r.tag = rq->tag;
	/* forced unit access: on the platter before it completes (the
	 * model's flush after the write) */
	r.op = op;
	spin_lock_irqsave(&s->lock, flags);
	c->arrival_ns = r.arrival_ns = ktime_get_ns();
	s->inflight++;
	c->depth = s->inflight > 255 ? 255 : s->inflight;
	if (bios)
		s->merged += bios - 1;
	s->by_tag[rq->tag] = c;
	c->due_ns = 0;
	c->parts = 1;
	dqueue_add(&s->q, &r);
	if (op == DMODEL_WRITE && rq->cmd_flags & REQ_FUA) {
		/* a second entry of the same tag: the request is done when both are */
		r.op = DMODEL_FLUSH;
		r.len = 0;
		c->parts++;
		dqueue_add(&s->q, &r);
	}
	sbd_serve(s, c->arrival_ns, &ended);
	sbd_arm(s);
	spin_unlock_irqrestore(&s->lock, flags);
	if (op == DMODEL_FLUSH) {
		sbd_put(s, c);
	} else if (current->bio_list) {
		/*
		 * Issued directly from a submit_bio (no scheduler, or a plug
		 * flushed there): a bio submitted now would wait on that
		 * list until the submitter returns, and the submitter may
		 * first wait for a tag that only this request's end frees
		 * (the rest of a split bio, at queue_depth 1): the clones go
		 * from a worker instead.
		 */
		queue_work(s->below_wq, &c->below_work);
	} else {
		sbd_send_below(s, c);
	}
	sbd_end_all(&ended);
	return BLK_STS_OK;
}

static int sbd_ioctl(struct block_device *bdev,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 5, 0)
		     blk_mode_t mode,
#else
		     fmode_t mode,
#endif
		     unsigned int cmd, unsigned long arg)
{
	struct sbd *s = bdev->bd_disk->private_data;
	static struct sbdisk_status st;	/* under s->lock, then copied */
	static struct daccount copy;
	struct dmodel_counters ctr;
	unsigned long flags;
	unsigned int queued, sz = 0;
	u64 merged;
	s64 now;
	int rc = 0;

	switch (cmd) {
	case SBDISK_IOC_STATUS:
		spin_lock_irqsave(&s->lock, flags);
		ctr = s->model->c;
		queued = s->inflight;
		merged = s->merged;
		now = ktime_get_ns();
		spin_unlock_irqrestore(&s->lock, flags);
		memset(&st, 0, sizeof(st));
#define X(n, what) sz += scnprintf(st.text + sz, sizeof(st.text) - sz, #n "=%llu ", (unsigned long long)ctr.n);
		DMODEL_COUNTERS(X)
#undef X
		scnprintf(st.text + sz, sizeof(st.text) - sz, "merged=%llu clock_ns=%lld queued=%u",
			  (unsigned long long)merged, (long long)now, queued);
		return copy_to_user((void __user *)arg, &st, sizeof(st)) ? -EFAULT : 0;
	case SBDISK_IOC_ACCOUNT_START:
		spin_lock_irqsave(&s->lock, flags);
		daccount_start(s->acct, ktime_get_ns());
		spin_unlock_irqrestore(&s->lock, flags);
		return 0;
	case SBDISK_IOC_ACCOUNT_READ:
		/* one reader: init, between runs */
		spin_lock_irqsave(&s->lock, flags);
		memcpy(&copy, s->acct, sizeof(copy));
		spin_unlock_irqrestore(&s->lock, flags);
		if (copy_to_user((void __user *)arg, &copy, sizeof(copy)))
			rc = -EFAULT;
		return rc;
	default:
		return -ENOTTY;
	}
}

static const struct block_device_operations sbd_fops = {
	.owner = THIS_MODULE,
	.ioctl = sbd_ioctl,
};

/* once per request the tag set holds: a work item queued again only
 * after its request has ended */
static int sbd_init_request(struct blk_mq_tag_set *set, struct request *rq, unsigned int hctx_idx,
			    unsigned int numa_node)
{
	struct sbd_cmd *c = blk_mq_rq_to_pdu(rq);

	INIT_WORK(&c->below_work, sbd_below_work);
	return 0;
}

static const struct blk_mq_ops sbd_mq_ops = {
	.queue_rq = sbd_queue_rq,
	.init_request = sbd_init_request,
};

/* name=value by DMODEL_PARAMS: 0 or -EINVAL */
static int sbd_parse(struct dmodel_params *p, char *text)
{
	char *w;

	memset(p, 0, sizeof(*p));
	while ((w = strsep(&text, " ")) != NULL) {
		char *eq = strchr(w, '=');
		size_t klen = eq ? (size_t)(eq - w) : 0;
		u64 *field = NULL;

		if (!*w)
			continue;
#define X(n, what) if (eq && klen == sizeof(#n) - 1 && !strncmp(w, #n, klen)) field = &p->n;
		DMODEL_PARAMS(X)
#undef X
		if (!field || kstrtoull(eq + 1, 10, field)) {
			pr_err("sbdisk: bad parameter '%.40s' (name=value, as DMODEL_PARAMS)\n", w);
			return -EINVAL;
		}
	}
	return 0;
}

static int sbd_open_below(struct sbd *s, dev_t d)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0)
	s->below_file = bdev_file_open_by_dev(d, BLK_OPEN_READ | BLK_OPEN_WRITE, s, NULL);
	if (IS_ERR(s->below_file))
		return PTR_ERR(s->below_file);
	s->below = file_bdev(s->below_file);
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 7, 0)
	s->below_handle = bdev_open_by_dev(d, BLK_OPEN_READ | BLK_OPEN_WRITE, s, NULL);
	if (IS_ERR(s->below_handle))
		return PTR_ERR(s->below_handle);
	s->below = s->below_handle->bdev;
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 5, 0)
	s->below = blkdev_get_by_dev(d, BLK_OPEN_READ | BLK_OPEN_WRITE, s, NULL);
	if (IS_ERR(s->below))
		return PTR_ERR(s->below);
#else
	s->below = blkdev_get_by_dev(d, FMODE_READ | FMODE_WRITE | FMODE_EXCL, s);
	if (IS_ERR(s->below))
		return PTR_ERR(s->below);
#endif
	return 0;
}

static void sbd_close_below(struct sbd *s)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0)
	fput(s->below_file);
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 7, 0)
	bdev_release(s->below_handle);
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 5, 0)
	blkdev_put(s->below, s);
#else
	blkdev_put(s->below, FMODE_READ | FMODE_WRITE | FMODE_EXCL);
#endif
}

/* the disk: sectors of 512 bytes, requests up to 512 KiB (what libata gave
 * a disk of the time), rotational and write cache as the profile says */
static struct gendisk *sbd_alloc_disk(struct sbd *s)
{
	struct gendisk *disk;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0)
	struct queue_limits lim = {
		.logical_block_size = 512,
		.max_hw_sectors = 1024,
	};
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
	if (s->p.rotational)
		lim.features |= BLK_FEAT_ROTATIONAL;
	if (s->p.kind == DMODEL_HDD && s->p.write_cache)
		lim.features |= BLK_FEAT_WRITE_CACHE | BLK_FEAT_FUA;
#endif
	disk = blk_mq_alloc_disk(&s->set, &lim, s);
	if (IS_ERR(disk))
		return disk;
#else
	disk = blk_mq_alloc_disk(&s->set, s);
	if (IS_ERR(disk))
		return disk;
	blk_queue_logical_block_size(disk->queue, 512);
	blk_queue_max_hw_sectors(disk->queue, 1024);
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 11, 0)
	if (s->p.rotational)
		blk_queue_flag_clear(QUEUE_FLAG_NONROT, disk->queue);
	else
		blk_queue_flag_set(QUEUE_FLAG_NONROT, disk->queue);
	blk_queue_write_cache(disk->queue, s->p.kind == DMODEL_HDD && s->p.write_cache,
			      s->p.kind == DMODEL_HDD && s->p.write_cache);
#endif
	return disk;
}

static int __init sbd_init(void)
{
	unsigned int maj, min;
	struct sbd *s;
	const char *field = NULL, *why = NULL;
	char *text;
	int err;

	if (sscanf(dev, "%u:%u", &maj, &min) != 2) {
		pr_err("sbdisk: dev=MAJOR:MINOR, the disk under the model\n");
		return -EINVAL;
	}
	s = kvzalloc(sizeof(*s), GFP_KERNEL);	/* its parameters hold the tables: tens of KiB */
	if (!s)
		return -ENOMEM;
	err = -ENOMEM;
	s->model = kvzalloc(sizeof(*s->model), GFP_KERNEL);
	s->acct = kvzalloc(sizeof(*s->acct), GFP_KERNEL);
	text = kstrdup(params, GFP_KERNEL);
	if (!s->model || !s->acct || !text)
		goto fail;
	err = sbd_parse(&s->p, text);
	if (err)
		goto fail;
	if (tables || s->p.zones || s->p.seek_points) {
		err = dmodel_tables_parse(&s->p, tables ? tables : "", &why);
		if (err) {
			pr_err("sbdisk: the tables do not fit the parameters: %s\n", why);
			goto fail;
		}
		why = NULL;
		pr_info("sbdisk: the profile's tables: %llu zones, %llu seeks\n", (unsigned long long)s->p.zones,
			(unsigned long long)s->p.seek_points);
	}
	err = dmodel_init(s->model, &s->p, &field);
	if (!err)
		err = dqueue_check(&s->p, &why);
	if (err) {
		pr_err("sbdisk: the profile's %s is missing or impossible\n", why ? why : field ? field : "?");
		goto fail;
	}
	dqueue_init(&s->q, &s->p);
	spin_lock_init(&s->lock);
	INIT_LIST_HEAD(&s->due);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 15, 0)
	hrtimer_setup(&s->timer, sbd_timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS);
#else
	hrtimer_init(&s->timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS);
	s->timer.function = sbd_timer;
#endif
	err = bioset_init(&s->bs, BIO_POOL_SIZE, 0, 0);
	if (err)
		goto fail;
	/* the swap device's: it must make progress when memory is short */
	s->below_wq = alloc_workqueue("sbdisk", WQ_MEM_RECLAIM | WQ_HIGHPRI, 0);
	if (!s->below_wq) {
		err = -ENOMEM;
		goto fail_bs;
	}
	err = sbd_open_below(s, MKDEV(maj, min));
	if (err) {
		pr_err("sbdisk: cannot open %u:%u: %d\n", maj, min, err);
		goto fail_wq;
	}
	s->major = register_blkdev(0, "sbdisk");
	if (s->major < 0) {
		err = s->major;
		goto fail_below;
	}
	s->set.ops = &sbd_mq_ops;
	s->set.nr_hw_queues = 1;
	s->set.queue_depth = s->q.depth;
	s->set.numa_node = NUMA_NO_NODE;
	s->set.cmd_size = sizeof(struct sbd_cmd);
	/* queue_rq submits to the disk below, which may sleep */
	s->set.flags = BLK_MQ_F_BLOCKING;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 14, 0)
	s->set.flags |= BLK_MQ_F_SHOULD_MERGE;
#endif
	s->set.driver_data = s;
	err = blk_mq_alloc_tag_set(&s->set);
	if (err)
		goto fail_major;
	s->disk = sbd_alloc_disk(s);
	if (IS_ERR(s->disk)) {
		err = PTR_ERR(s->disk);
		goto fail_set;
	}
	s->disk->major = s->major;
	s->disk->first_minor = 0;
	s->disk->minors = 16;
	s->disk->fops = &sbd_fops;
	s->disk->private_data = s;
	strscpy(s->disk->disk_name, SBDISK_NAME, sizeof(s->disk->disk_name));
	/* the drive's own size: the disk below may be longer (virtio-pmem maps
	 * whole 2 MiB), never the model's drive; a null disk has no size of
	 * its own (capacity_bytes 0) and is the disk below */
	set_capacity(s->disk, s->p.capacity_bytes ? min_t(sector_t, bdev_nr_sectors(s->below), s->p.capacity_bytes >> 9)
						  : bdev_nr_sectors(s->below));
	daccount_start(s->acct, ktime_get_ns());
	the = s;
	/* reads the partition table: through the model already */
	err = add_disk(s->disk);
	if (err)
		goto fail_disk;
	kfree(text);
	kvfree(tables);
	tables = NULL;
	return 0;
fail_disk:
	the = NULL;
	put_disk(s->disk);
fail_set:
	blk_mq_free_tag_set(&s->set);
fail_major:
	unregister_blkdev(s->major, "sbdisk");
fail_below:
	sbd_close_below(s);
fail_wq:
	destroy_workqueue(s->below_wq);
fail_bs:
	bioset_exit(&s->bs);
fail:
	kfree(text);
	kvfree(tables);
	tables = NULL;
	kvfree(s->acct);
	kvfree(s->model);
	kvfree(s);
	return err;
}

module_init(sbd_init);
/* no module_exit: the image never unloads it (and its kernels cannot) */
MODULE_DESCRIPTION("swapbench's disk model as a block device below the I/O scheduler, timed on the guest's clock");
MODULE_LICENSE("GPL");
