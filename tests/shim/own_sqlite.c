/*
 * own_sqlite: a program that exports SQLite functions of its own (built
 * with its symbols exported, as a program with a static SQLite and
 * -rdynamic is).  Its sqlite3_open_v2 fails, as a program's SQLite that
 * the shim must not use could in any way; the shim's SQLite is its own, and
 * the report is written all the same.
 */
#include "shim_test.h"

#include <sqlite3.h>

int sqlite3_open_v2(const char *path, sqlite3 **db, int flags, const char *vfs)
{
    (void)path, (void)flags, (void)vfs;
    *db = NULL;
    return SQLITE_NOMEM;
}

// devtrace-sql: SELECT count(*) FROM runs WHERE exit_status = 0 => 1
int main(void)
{
    size_t bytes = 1024;
    float *dev = NULL, *pinned = NULL;
    sqlite3 *db = NULL;

    printf("the program's own open: %d\n", sqlite3_open_v2("x.db", &db, 0, NULL));
    SAY(cudaMalloc((void **)&dev, bytes));
    SAY(cudaMallocHost((void **)&pinned, bytes));
    SAY(cudaMemcpy(dev, pinned, bytes, cudaMemcpyDeviceToHost)); // devtrace: memcpy_direction
    SAY(cudaFreeHost(pinned));
    SAY(cudaFree(dev));
    return 0;
}
