/* rank: swapbench-report rank SOURCE..., every configuration against the baseline. */
#include "report/cmd/rank.h"
#include "report/cmd/cmd.h"
#include "report/out/rank.h"
#include "report/util/dest.h"
#include "report/util/escape.h"

#include <stdio.h>

static void write_rank(const struct opts *o, const struct dataset *ds, int argc, char **argv)
{
	struct dest term = dest_term(stdout);
	struct rank_table nw;

	(void)argc;
	(void)argv;
	if (rank_build(ds, o->metric, o->baseline, o->higher_better, &nw))
		rank_print(&term, &nw, o->metric);
	else
		printf("nothing to rank: no workload ran on the baseline %s and on another configuration\n",
		       esc_str(o->baseline));
	rank_free(&nw);
}

int cmd_rank(const struct opts *o, int argc, char **argv)
{
	return cmd_write(o, argc, argv, "rank", write_rank);
}
