/*
 * The lattice of places (analyzer/place.c) on places made by hand: joins
 * and their limit, sameness regardless of order, whether two places differ
 * and how surely, the words for a place, devices named at run time, and a
 * summary's parameter places replaced by a call's.
 */
#include "analysis.h"
#include "test.h"

static const dc_loc here = { "a.c", 3, 5 };

static dc_place at(atom_kind kind, int index)
{
    return dc_place_of(kind, index, here, "created on");
}

static void test_join_and_same(void)
{
    dc_place cpu = at(AT_CPU, 0), gpu = at(AT_CUDA, 0), gpu1 = at(AT_CUDA, 1);
    dc_place j = dc_place_join(&cpu, &gpu);
    CHECK(j.n == 2);
    dc_place k = dc_place_join(&gpu, &cpu);
    CHECK(dc_place_same(&j, &k));                   /* order does not matter */
    CHECK(!dc_place_same(&j, &cpu));
    dc_place again = dc_place_join(&j, &cpu);
    CHECK(again.n == 2);                            /* no repeats */
    dc_place pinned = at(AT_PINNED, 0), input = at(AT_INPUT, 0);
    dc_place many = dc_place_join(&j, &gpu1);
    many = dc_place_join(&many, &pinned);
    many = dc_place_join(&many, &input);            /* one more than fits */
    CHECK(many.n == DC_ATOMS);
    CHECK(many.a[DC_ATOMS - 1].kind == AT_UNKNOWN);
}

static void test_differ(void)
{
    dc_place cpu = at(AT_CPU, 0), pinned = at(AT_PINNED, 0), gpu0 = at(AT_CUDA, 0),
             gpu1 = at(AT_CUDA, 1), some = at(AT_GPU, -1), unknown = at(AT_UNKNOWN, 0),
             param = at(AT_PARAM, 0), input = at(AT_INPUT, 0);
    CHECK(dc_places_differ(&cpu, &gpu0) == 2);
    CHECK(dc_places_differ(&gpu0, &gpu1) == 2);
    CHECK(dc_places_differ(&cpu, &some) == 2);
    CHECK(dc_places_differ(&cpu, &pinned) == 0);
    CHECK(dc_places_differ(&gpu0, &gpu0) == 0);
    CHECK(dc_places_differ(&cpu, &unknown) == 0);   /* unknown is quiet */
    CHECK(dc_places_differ(&cpu, &param) == 0);     /* so is a parameter's place */
    CHECK(dc_places_differ(&cpu, &input) == 1);
    dc_place either = dc_place_join(&cpu, &gpu0);
    CHECK(dc_places_differ(&either, &gpu0) == 1);   /* on one path */
    CHECK(dc_place_is_host(&cpu) && !dc_place_is_host(&pinned) && !dc_place_is_host(&either));
    CHECK(dc_place_is_device(&some) && !dc_place_is_device(&either));
    CHECK(dc_place_maybe_device(&either) && !dc_place_maybe_device(&cpu));
    CHECK(dc_place_param(&param) == 0 && dc_place_param(&cpu) == -1);
}

static void test_named(void)
{
    dc_place cpu = at(AT_CPU, 0), gpu0 = at(AT_CUDA, 0), gpu1 = at(AT_CUDA, 1);
    dc_place choice = dc_place_join(&gpu0, &cpu), other = dc_place_join(&gpu1, &cpu);
    short dev = dc_device_named("dev", &choice);
    CHECK(dev >= 0);
    CHECK(dc_device_named("dev", &choice) == dev);  /* the same name and definition */
    short dev1 = dc_device_named("dev1", &other);
    CHECK(dev1 != dev);
    CHECK_STR_EQ(dc_device_name(dev), "dev");
    dc_place named = at(AT_NAMED, 0), named1 = at(AT_NAMED, 0);
    named.a[0].name = dev;
    named1.a[0].name = dev1;
    CHECK(dc_places_differ(&named, &cpu) == 1);     /* when a GPU is present */
    CHECK(dc_places_differ(&named, &named1) == 1);  /* cuda:0 and cuda:1 */
    CHECK(dc_places_differ(&named, &named) == 0);
    char words[160];
    dc_describe_place(&named, words, sizeof words);
    CHECK_STR_EQ(words, "'dev' (cuda:0 when a GPU is present)");
    dc_describe_place(&choice, words, sizeof words);
    CHECK_STR_EQ(words, "cuda:0 or cpu");
    dc_devices_reset();
}

static void test_substitute_and_relocate(void)
{
    dc_place p0 = at(AT_PARAM, 0), p1 = at(AT_PARAM, 1), cpu = at(AT_CPU, 0);
    dc_place gpu = at(AT_CUDA, 0);
    dc_place args[2] = { gpu, cpu };
    dc_place s = dc_place_substitute(&p1, args, 2);
    CHECK(dc_place_same(&s, &cpu));
    dc_place both = dc_place_join(&p0, &p1);
    s = dc_place_substitute(&both, args, 2);
    CHECK(s.n == 2 && dc_places_differ(&s, &gpu) == 1);
    s = dc_place_substitute(&p1, args, 1);          /* no such argument */
    CHECK(s.n == 1 && s.a[0].kind == AT_UNKNOWN);
    dc_loc there = { "b.c", 9, 1 };
    dc_place moved = dc_place_relocated(&gpu, there, "moved to");
    CHECK(moved.a[0].origin.line == 9 && moved.a[0].kind == AT_CUDA);
    CHECK_STR_EQ(moved.a[0].how, "moved to");
}

int main(void)
{
    RUN(test_join_and_same);
    RUN(test_differ);
    RUN(test_named);
    RUN(test_substitute_and_relocate);
    return TEST_REPORT();
}
