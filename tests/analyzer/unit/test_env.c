/*
 * The environment (analyzer/env.c) and the values it holds (value.c), with
 * no libclang: interned paths and their members, pages shared between
 * copies until one is written, joins (a path set on one side only, values
 * that differ, a side that ended), and the walk over what is set.
 */
#include "flow.h"
#include "test.h"

static const dc_loc here = { "e.c", 1, 1 };

static df_value memory(atom_kind kind)
{
    return df_value_of(V_MEMORY, dc_place_of(kind, -1, here, "allocated on"));
}

static void count_member(int id, void *ctx)
{
    (void)id;
    (*(int *)ctx)++;
}

static void test_paths(void)
{
    int a = df_path_intern("st->w.x");
    CHECK(a > 0);
    CHECK(df_path_intern("st->w.x") == a);             /* once */
    CHECK_STR_EQ(df_path_text(a), "st->w.x");
    CHECK(df_path_intern("") == 0 && df_path_intern(NULL) == 0);
    CHECK(df_path_join("st", "->w.x") == a);
    char many[32];
    for (int i = 0; i < 5000; i++) {                /* the table grows and rehashes */
        snprintf(many, sizeof many, "v%d.f", i);
        df_path_intern(many);
    }
    CHECK(df_path_intern("st->w.x") == a);
    CHECK_STR_EQ(df_path_text(df_path_intern("v4999.f")), "v4999.f");
}

/* Paths are whole whatever their length: joined, formatted, and their
   parents, two that differ only past the 400th character are two. */
static void test_long_paths(void)
{
    char base[401], host[512], device[512];
    memset(base, 'b', 400);
    base[400] = 0;
    snprintf(host, sizeof host, "%s->buffer_on_the_host", base);
    snprintf(device, sizeof device, "%s->buffer_on_the_device", base);
    int h = df_path_join(base, "->buffer_on_the_host");
    int d = df_path_format("%s->%s", base, "buffer_on_the_device");
    CHECK(h != d);
    CHECK_STR_EQ(df_path_text(h), host);
    CHECK_STR_EQ(df_path_text(d), device);
    CHECK(df_path_intern(host) == h && df_path_intern(device) == d);
    int n = 0;
    df_env e = { 0 };
    df_env_set(&e, h, memory(AT_CPU));
    df_env_set(&e, d, memory(AT_GPU));
    df_env_each_member(&e, df_path_intern(base), count_member, &n);  /* both, under their parent */
    CHECK(n == 2);
    CHECK(df_env_get(&e, h).where.a[0].kind == AT_CPU && df_env_get(&e, d).where.a[0].kind == AT_GPU);
    df_env_free(&e);
}

static void test_members(void)
{
    df_env e = { 0 };
    int st = df_path_intern("s"), w = df_path_intern("s.w"), deep = df_path_intern("s.inner.t");
    df_path_intern("s.never_set");
    df_env_set(&e, w, memory(AT_GPU));
    df_env_set(&e, deep, memory(AT_CPU));
    df_env_set(&e, df_path_intern("sx"), memory(AT_CPU));    /* not a member: another name */
    int n = 0;
    df_env_each_member(&e, st, count_member, &n);
    CHECK(n == 2);
    df_env_copy_members(&e, st, df_path_intern("t"));     /* t = s */
    CHECK(df_env_get(&e, df_path_intern("t.w")).where.a[0].kind == AT_GPU);
    CHECK(df_env_get(&e, df_path_intern("t.inner.t")).where.a[0].kind == AT_CPU);
    CHECK(!df_env_find(&e, df_path_intern("t.never_set")));
    df_env_free(&e);
}

static void test_copies_share_until_written(void)
{
    df_env a = { 0 };
    int x = df_path_intern("x"), y = df_path_intern("y");
    df_env_set(&a, x, memory(AT_CPU));
    df_env b = df_env_copy(&a);
    df_env_set(&b, x, memory(AT_GPU));                 /* b's own page now */
    df_env_set(&b, y, memory(AT_GPU));
    CHECK(df_env_get(&a, x).where.a[0].kind == AT_CPU);
    CHECK(!df_env_find(&a, y));
    CHECK(df_env_get(&b, x).where.a[0].kind == AT_GPU);
    df_env_free(&b);
    CHECK(df_env_get(&a, x).where.a[0].kind == AT_CPU);   /* freeing a copy leaves a whole */
    df_env_free(&a);
}

static void test_join(void)
{
    df_env a = { 0 };
    int x = df_path_intern("jx"), y = df_path_intern("jy"), z = df_path_intern("jz");
    df_env_set(&a, x, memory(AT_CPU));
    df_env_set(&a, z, memory(AT_CPU));
    df_env b = df_env_copy(&a);
    df_env_set(&b, x, memory(AT_GPU));
    df_env_set(&b, y, memory(AT_GPU));
    CHECK(df_env_join(&a, &b));
    CHECK(df_env_get(&a, x).where.n == 2);             /* cpu on one side, a GPU on the other */
    CHECK(df_env_get(&a, y).where.a[0].kind == AT_GPU);   /* set on one side only */
    CHECK(df_env_get(&a, z).where.n == 1);
    CHECK(!df_env_join(&a, &b));                       /* nothing new the second time */
    df_env dead = { .dead = true };
    CHECK(!df_env_join(&a, &dead));                    /* a side that ended adds nothing */
    CHECK(df_env_join(&dead, &a) && !dead.dead);       /* and takes the other whole */
    CHECK(df_env_get(&dead, x).where.n == 2);
    int seen = 0;
    for (int id = df_env_next(&a, 0); id; id = df_env_next(&a, id))
        seen++;
    CHECK(seen == 3);
    df_env_free(&dead);
    df_env_free(&b);
    df_env_free(&a);
}

static void test_values(void)
{
    df_value cpu = memory(AT_CPU), none = df_value_unknown(), null = df_value_unknown();
    null.kind = V_NULL;
    df_value j = df_value_join(&cpu, &null);
    CHECK(df_value_same(&j, &cpu));                    /* null joins as nothing */
    j = df_value_join(&cpu, &none);
    CHECK(j.kind == V_NONE);                        /* kinds that differ: unknown */
    df_value tested = memory(AT_GPU);
    tested.where.a[0].how = df_how_tested;
    j = df_value_join(&tested, &cpu);
    CHECK(df_value_same(&j, &cpu));                    /* a test's refinement ends at the join */
}

int main(void)
{
    RUN(test_paths);
    RUN(test_long_paths);
    RUN(test_members);
    RUN(test_copies_share_until_written);
    RUN(test_join);
    RUN(test_values);
    return TEST_REPORT();
}
