/* SHOAL_CHECK=1: a call's record (call_record.h) built from its arguments, compared with
 * another PE's, and described in the mismatch line. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "coll/call_record.h"
#include "coll/engine/group.h"
#include "core/remote.h"
#include "team/team.h"

uint64_t shoal_call_where(const void *addr)
{
    size_t off;
    const int s = addr ? shoal_seg_find(addr, &off) : -1;
    return s < 0 ? 0 : (uint64_t)(s + 1) << 56 | off;
}

/* FNV-1a over an explicit member list: teams with the same size but other members differ. */
static uint64_t list_hash(const int *list, int n)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < n; i++) h = (h ^ (uint32_t)list[i]) * 1099511628211ull;
    return h;
}

static void team_fields(const struct shoal_team *t, uint64_t *r)
{
    r[R_GKIND] = G_TEAM;
    r[R_GID] = (uint64_t)(t - shoal_teams);
    r[R_START] = (uint64_t)t->start;
    r[R_STRIDE] = t->list ? 0 : (uint64_t)(int64_t)t->stride;
    r[R_SIZE] = (uint64_t)t->size;
    r[R_HASH] = t->list ? list_hash(t->list, t->size) : 0;
}

void shoal_call_record(const struct shoal_call *c, uint64_t *r)
{
    r[R_KIND] = (uint64_t)c->kind;
    if (c->group) {
        r[R_GKIND] = G_ASET;
        r[R_GID] = shoal_call_where(c->group->area);
        r[R_START] = (uint64_t)c->group->start;
        r[R_STRIDE] = (uint64_t)c->group->stride;
        r[R_SIZE] = (uint64_t)c->group->size;
        r[R_HASH] = 0;
    } else {
        team_fields(c->team, r);
    }
    r[R_ROOT] = (uint64_t)(int64_t)c->root;
    r[R_OP] = (uint64_t)c->op;
    r[R_TYPE] = (uint64_t)c->type;
    r[R_ESIZE] = c->esize;
    r[R_NELEMS] = c->nelems;
    r[R_DST] = (uint64_t)c->dst;
    r[R_SST] = (uint64_t)c->sst;
    r[R_DEST] = shoal_call_where(c->dest);
    r[R_SRC] = shoal_call_where(c->src);
    memset(r + R_NAME, 0, R_NAME_WORDS * sizeof *r);
    strncpy((char *)(r + R_NAME), c->routine, R_NAME_WORDS * sizeof *r - 1);
}

int shoal_call_same_group(const uint64_t *a, const uint64_t *b)
{
    for (int w = R_GKIND; w <= R_HASH; w++)
        if (a[w] != b[w]) return 0;
    return 1;
}

int shoal_call_includes_me(const uint64_t *r)
{
    const int64_t me = shoal_g.me;
    if (r[R_GKIND] == G_ASET) {
        const int64_t d = me - (int64_t)r[R_START], stride = (int64_t)r[R_STRIDE];
        return d >= 0 && stride > 0 && d % stride == 0 && d / stride < (int64_t)r[R_SIZE];
    }
    /* Members of a team hold it in the same slot: I am in it if my slot holds that team. */
    if (r[R_GID] >= (uint64_t)shoal_teams_max) return 0;
    const struct shoal_team *t = &shoal_teams[r[R_GID]];
    if (!__atomic_load_n(&t->alive, __ATOMIC_ACQUIRE)) return 0;
    uint64_t mine[R_WORDS];
    team_fields(t, mine);
    return shoal_call_same_group(mine, r);
}

const char *shoal_call_differ(const uint64_t *a, const uint64_t *b)
{
    if (a[R_KIND] != b[R_KIND]) return "the routine";
    const int kind = (int)a[R_KIND];
    if (a[R_ROOT] != b[R_ROOT]) return kind == SHOAL_CALL_BCAST ? "PE_root" : "start";
    if (a[R_OP] != b[R_OP] || a[R_TYPE] != b[R_TYPE]) return "the operation or type";
    if (a[R_ESIZE] != b[R_ESIZE])
        return kind == SHOAL_CALL_ALLOC ? "the alignment" : "the element size";
    /* collect is the one collective whose members may contribute different counts. */
    if (a[R_NELEMS] != b[R_NELEMS] && kind != SHOAL_CALL_COLLECT)
        return kind == SHOAL_CALL_ALLOC ? "the size" : kind == SHOAL_CALL_SPLIT_2D ? "xrange"
               : kind == SHOAL_CALL_SPLIT ? "size" : "nelems";
    if (a[R_DST] != b[R_DST] || a[R_SST] != b[R_SST])
        return kind == SHOAL_CALL_SPLIT ? "stride" : "dst or sst";
    if (a[R_DEST] != b[R_DEST]) return kind == SHOAL_CALL_FREE ? "the block" : "dest";
    if (a[R_SRC] != b[R_SRC]) return "source";
    return NULL;
}

/* ---- The mismatch line -------------------------------------------------------------------- */
struct out {
    char *p;
    size_t left;
};

static void add(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(struct out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(o->p, o->left, fmt, ap);
    va_end(ap);
    const size_t k = n < 0 ? 0 : (size_t)n < o->left ? (size_t)n : o->left ? o->left - 1 : 0;
    o->p += k;
    o->left -= k;
}

/* "name=segment+offset" */
static void add_where(struct out *o, const char *name, uint64_t w)
{
    const unsigned s = (unsigned)(w >> 56);
    if (w == 0 || s > SHOAL_MAX_SEGS || !shoal_g.seg[s - 1].name)
        add(o, "%s=(not symmetric)", name);
    else
        add(o, "%s=%s+%#llx", name, shoal_g.seg[s - 1].name,
            (unsigned long long)(w & (((uint64_t)1 << 56) - 1)));
}

static void add_group(struct out *o, const uint64_t *r)
{
    if (r[R_GKIND] == G_ASET) {
        const uint64_t stride = r[R_STRIDE];
        add(o, "PE_start=%llu, logPE_stride=%d, PE_size=%llu", (unsigned long long)r[R_START],
            stride ? __builtin_ctzll(stride) : -1, (unsigned long long)r[R_SIZE]);
        add_where(o, ", pSync", r[R_GID]);
    } else if (r[R_GID] <= 1) {
        add(o, "team=%s", r[R_GID] == 0 ? "WORLD" : "SHARED");
    } else if (r[R_STRIDE]) {
        add(o, "team=#%llu: %llu PEs from PE %lld stride %lld", (unsigned long long)r[R_GID],
            (unsigned long long)r[R_SIZE], (long long)r[R_START], (long long)r[R_STRIDE]);
    } else {
        add(o, "team=#%llu: %llu PEs, member list %#llx", (unsigned long long)r[R_GID],
            (unsigned long long)r[R_SIZE], (unsigned long long)r[R_HASH]);
    }
}

/* "routine(arguments)" */
static void describe(char *buf, size_t len, const uint64_t *r)
{
    struct out o = {buf, len};
    add(&o, "%.*s(", (int)(R_NAME_WORDS * sizeof *r), (const char *)(r + R_NAME));
    const unsigned long long n = r[R_NELEMS];
    switch ((int)r[R_KIND]) {
    case SHOAL_CALL_BCAST: add(&o, "PE_root=%lld, nelems=%llu, ", (long long)r[R_ROOT], n); break;
    case SHOAL_CALL_REDUCE: add(&o, "nreduce=%llu, ", n); break;
    case SHOAL_CALL_ALLTOALL:
        if (r[R_DST] != 1 || r[R_SST] != 1)
            add(&o, "dst=%lld, sst=%lld, ", (long long)r[R_DST], (long long)r[R_SST]);
        add(&o, "nelems=%llu, ", n);
        break;
    case SHOAL_CALL_COLLECT:
    case SHOAL_CALL_FCOLLECT: add(&o, "nelems=%llu, ", n); break;
    case SHOAL_CALL_ALLOC:
        add(&o, "size=%llu", n);
        if (r[R_ESIZE]) add(&o, ", alignment=%llu", (unsigned long long)r[R_ESIZE]);
        if (r[R_DEST]) add_where(&o, ", ptr", r[R_DEST]);
        add(&o, ")");
        return;
    case SHOAL_CALL_FREE:
        add_where(&o, "ptr", r[R_DEST]);
        add(&o, ")");
        return;
    case SHOAL_CALL_SPLIT:
        add(&o, "start=%lld, stride=%lld, size=%llu, parent ", (long long)r[R_ROOT],
            (long long)r[R_DST], n);
        break;
    case SHOAL_CALL_SPLIT_2D: add(&o, "xrange=%llu, parent ", n); break;
    default: break;
    }
    add_group(&o, r);
    const int kind = (int)r[R_KIND];
    if (kind >= SHOAL_CALL_BCAST && kind <= SHOAL_CALL_REDUCE) {
        add_where(&o, ", dest", r[R_DEST]);
        add_where(&o, ", source", r[R_SRC]);
    }
    add(&o, ")");
}

noreturn void shoal_call_mismatch(const uint64_t *mine, int pe, const uint64_t *theirs,
                                  const char *what)
{
    char a[400], b[400];
    describe(a, sizeof a, mine);
    describe(b, sizeof b, theirs);
    char routine[R_NAME_WORDS * sizeof *mine + 1] = {0};
    memcpy(routine, mine + R_NAME, R_NAME_WORDS * sizeof *mine);
    if (!strcmp(what, "the team or active set") && !shoal_call_same_group(mine, theirs))
        shoal_fatal(routine, "collective mismatch (SHOAL_CHECK=1): PE %d called %s while PE %d "
                    "called %s: each waits for the other in another team or active set (PEs "
                    "must call the collectives of the teams they share in the same order)",
                    shoal_g.me, a, pe, b);
    shoal_fatal(routine, "collective mismatch (SHOAL_CHECK=1): PE %d called %s while PE %d called "
                "%s: %s differs (it must be the same on every PE)", shoal_g.me, a, pe, b, what);
}
