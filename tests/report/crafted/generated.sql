-- A column that SQLite computes as it reads: megabytes a row.
DROP TABLE findings;
CREATE TABLE findings (
  run INTEGER NOT NULL, id INTEGER NOT NULL, seq INTEGER, kind TEXT NOT NULL,
  severity TEXT NOT NULL, message TEXT AS (hex(zeroblob(4000000))),
  file TEXT, line INTEGER, function TEXT, site INTEGER, count INTEGER NOT NULL DEFAULT 1,
  bytes INTEGER, alloc_site INTEGER, free_site INTEGER, chain TEXT, PRIMARY KEY (run, id));
INSERT INTO findings (run, id, kind, severity) VALUES (1, 1, 'leak', 'warning');
