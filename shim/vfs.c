/*
 * The report's files kept open for the whole run: SQLite's own unix VFS,
 * whose files say SQLITE_IOCAP_UNDELETABLE_WHEN_OPEN.  In journal_mode
 * TRUNCATE the pager then keeps the rollback journal open between
 * transactions (it closes it when it drops its lock otherwise, and opens
 * it again by name at the next write).  Once the first transaction is
 * committed, which the program's first CUDA call waits for (writer.c), the
 * report and its journal are descriptors the writer holds, and nothing the
 * program does to itself afterwards takes them away: a chroot, a folder it
 * can no longer reach, RLIMIT_NOFILE lowered under them, privileges
 * dropped.  (The flag's promise, that no one deletes the journal while it
 * is open, holds among the shim's connections, which never delete it; a
 * zero-length report.db-journal stays beside the report.)
 */
#include "devtrace.h"

#include <sqlite3.h>
#include <stddef.h>

#define VFS_NAME "devtrace"

static sqlite3_vfs vfs;
static sqlite3_vfs *beneath;
static sqlite3_io_methods methods;      /* beneath's, but for the characteristics */
static const sqlite3_io_methods *theirs;

static int characteristics(sqlite3_file *f)
{
    return theirs->xDeviceCharacteristics(f) | SQLITE_IOCAP_UNDELETABLE_WHEN_OPEN;
}

/* Only the writer thread opens: no lock. */
static int open_file(sqlite3_vfs *v, const char *name, sqlite3_file *f, int flags, int *out)
{
    int rc = beneath->xOpen(v, name, f, flags, out);
    if (rc != SQLITE_OK || !f->pMethods)
        return rc;
    if (!theirs) {
        theirs = f->pMethods;
        methods = *theirs;
        methods.xDeviceCharacteristics = characteristics;
    }
    if (f->pMethods == theirs)
        f->pMethods = &methods;
    return rc;
}

const char *dv_vfs(void)
{
    if (!beneath) {
        beneath = sqlite3_vfs_find(NULL);
        if (!beneath)
            return NULL;
        vfs = *beneath;                 /* its pAppData too, which its xOpen reads */
        vfs.zName = VFS_NAME;
        vfs.pNext = NULL;
        vfs.xOpen = open_file;
        if (sqlite3_vfs_register(&vfs, 0) != SQLITE_OK) {
            beneath = NULL;
            return NULL;
        }
    }
    return VFS_NAME;
}
