-- The report schema's first version (1), as devtrace 0.1's shim first wrote it,
-- before runs.cwd, runs.dropped_events, runs.ended, call_sites.offset, the
-- events table and the findings' indexes: an older report to read and merge.
PRAGMA application_id = 1146508370;
PRAGMA user_version = 1;
CREATE TABLE IF NOT EXISTS runs (
  id INTEGER PRIMARY KEY,
  pid INTEGER NOT NULL, ppid INTEGER,
  session TEXT,                -- the traced command: its processes share it
  command TEXT,                -- argv, space separated
  started_ns INTEGER, ended_ns INTEGER,   -- unix time, nanoseconds
  exit_status INTEGER,         -- exit code; NULL when killed or still running
  signal INTEGER,              -- the fatal signal that ended it, or NULL
  device TEXT,                 -- 'cuda' (a GPU) or 'sim' (the emulated device)
  devices INTEGER,             -- how many GPUs
  pageable_access INTEGER,     -- 1 when device 0 can read pageable host memory
  events INTEGER               -- intercepted calls recorded
);
CREATE TABLE IF NOT EXISTS call_sites (
  run INTEGER NOT NULL, id INTEGER NOT NULL,
  pc INTEGER, object TEXT, function TEXT, file TEXT, line INTEGER,
  stack TEXT,
  PRIMARY KEY (run, id)
);
CREATE TABLE IF NOT EXISTS api_calls (
  run INTEGER NOT NULL, api TEXT NOT NULL, site INTEGER NOT NULL,
  result INTEGER NOT NULL,     -- cudaError_t, 0 for success
  calls INTEGER NOT NULL, first_seq INTEGER, last_seq INTEGER,
  PRIMARY KEY (run, api, site, result)
);
CREATE TABLE IF NOT EXISTS allocations (
  run INTEGER NOT NULL, site INTEGER NOT NULL, api TEXT NOT NULL,
  memory TEXT NOT NULL,        -- 'device' or 'pinned'
  device INTEGER NOT NULL,     -- -1 for pinned host memory
  count INTEGER NOT NULL, bytes INTEGER NOT NULL, max_bytes INTEGER NOT NULL,
  freed INTEGER NOT NULL, freed_bytes INTEGER NOT NULL,   -- of them, freed since
  first_seq INTEGER, last_seq INTEGER,
  PRIMARY KEY (run, site, api, memory, device)
);
CREATE TABLE IF NOT EXISTS transfers (
  run INTEGER NOT NULL, site INTEGER NOT NULL, api TEXT NOT NULL,
  direction TEXT NOT NULL,     -- 'HtoD', 'DtoH', 'DtoD', 'HtoH', or 'memset'
  host_memory TEXT NOT NULL,   -- 'pageable', 'pinned', or 'none' (no host side)
  src_device INTEGER NOT NULL, dst_device INTEGER NOT NULL,   -- -1: host memory
  result INTEGER NOT NULL,     -- cudaError_t
  calls INTEGER NOT NULL, bytes INTEGER NOT NULL,
  first_seq INTEGER, last_seq INTEGER,
  PRIMARY KEY (run, site, api, direction, host_memory, src_device, dst_device, result)
);
CREATE TABLE IF NOT EXISTS kernels (
  run INTEGER NOT NULL, id INTEGER NOT NULL,
  name TEXT, params INTEGER,   -- the parameter count, when known
  PRIMARY KEY (run, id)
);
CREATE TABLE IF NOT EXISTS launches (
  run INTEGER NOT NULL, site INTEGER NOT NULL, kernel INTEGER NOT NULL,
  device INTEGER NOT NULL, result INTEGER NOT NULL,
  count INTEGER NOT NULL, threads INTEGER NOT NULL,   -- GPU threads, all launches
  first_seq INTEGER, last_seq INTEGER,
  PRIMARY KEY (run, site, kernel, device, result)
);
CREATE TABLE IF NOT EXISTS findings (
  run INTEGER NOT NULL, id INTEGER NOT NULL,
  seq INTEGER,                 -- the first occurrence
  kind TEXT NOT NULL,          -- the finding kinds
  severity TEXT NOT NULL,      -- 'error' or 'warning'
  message TEXT NOT NULL,
  file TEXT, line INTEGER, function TEXT,
  site INTEGER,                -- call_sites.id of file/line
  count INTEGER NOT NULL DEFAULT 1, bytes INTEGER,
  alloc_site INTEGER, free_site INTEGER,   -- of the memory involved
  PRIMARY KEY (run, id)
);
