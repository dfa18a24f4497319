/*
 * Load for bench/torture.sh: a program with an SQLite of its own, linked
 * statically and exported (as -rdynamic does), configured single-threaded
 * (SQLITE_CONFIG_SINGLETHREAD: no mutex anywhere in it), as a program that
 * embeds SQLite may be.  Under a shim whose SQLite was resolved by name,
 * the writer thread's calls went into this one.
 *
 *   bench_own_sqlite DB ROWS
 *
 * ROWS transactions on its own database DB (synchronous off: no fsync), each an insert and a
 * cudaMemset, from one thread (its cudaMalloc, its cudaFree), then one
 * planted double free; prints the seconds the loop took, and exits 1 if
 * its database does not hold ROWS rows.
 */
#include <cuda_runtime_api.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    sqlite3 *db = NULL;             /* sqlite3_errmsg(NULL) says "out of memory" */
    sqlite3_stmt *insert, *count;
    void *p = NULL;
    if (argc < 3) {
        fprintf(stderr, "usage: %s DB ROWS\n", argv[0]);
        return 2;
    }
    long rows = atol(argv[2]);
    if (sqlite3_config(SQLITE_CONFIG_SINGLETHREAD) != SQLITE_OK ||
        sqlite3_open(argv[1], &db) != SQLITE_OK ||
        sqlite3_exec(db, "PRAGMA synchronous = OFF; CREATE TABLE t(i INTEGER, v TEXT)", NULL, NULL,
                     NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(db, "INSERT INTO t VALUES(?1, 'a row of the program')", -1, &insert,
                           NULL) != SQLITE_OK) {
        fprintf(stderr, "own_sqlite: %s\n", sqlite3_errmsg(db));
        return 2;
    }
    cudaMalloc(&p, 64);
    double t0 = now();
    for (long i = 0; i < rows; i++) {
        sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);
        sqlite3_bind_int64(insert, 1, i);
        sqlite3_step(insert);
        sqlite3_reset(insert);
        sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
        cudaMemset(p, (int)i, 64);
    }
    double t1 = now();
    cudaFree(p);
    cudaMalloc(&p, 64);
    cudaFree(p);
    cudaFree(p);                        /* the planted double free */
    sqlite3_prepare_v2(db, "SELECT count(*) FROM t", -1, &count, NULL);
    long held = sqlite3_step(count) == SQLITE_ROW ? (long)sqlite3_column_int64(count, 0) : -1;
    sqlite3_finalize(count);
    sqlite3_finalize(insert);
    sqlite3_close(db);
    printf("%.3f\n", t1 - t0);
    return held == rows ? 0 : 1;
}
