-- A column of devtrace's declared as another type.
DROP TABLE findings;
CREATE TABLE findings (
  run INTEGER NOT NULL, id INTEGER NOT NULL, seq INTEGER, kind TEXT NOT NULL,
  severity TEXT NOT NULL, message TEXT NOT NULL, file TEXT, line BLOB, function TEXT,
  site INTEGER, count INTEGER NOT NULL DEFAULT 1, bytes INTEGER, alloc_site INTEGER,
  free_site INTEGER, chain TEXT, PRIMARY KEY (run, id));
