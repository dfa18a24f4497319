-- NULL in every column that can hold it: the schema's NOT NULLs taken out
-- (a file from anywhere need not keep them), its columns as devtrace's.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = replace(sql, 'NOT NULL', '') WHERE type = 'table';
PRAGMA schema_version = 1000;
PRAGMA writable_schema = OFF;

INSERT INTO runs (id) VALUES (1);
INSERT INTO call_sites (run, id) VALUES (1, 1), (NULL, NULL);
INSERT INTO api_calls (run, api, site, result, calls) VALUES (1, NULL, 1, NULL, NULL),
  (NULL, NULL, NULL, NULL, NULL);
INSERT INTO allocations (run, site, api, memory, device, count, bytes, max_bytes, freed,
                         freed_bytes) VALUES (1, 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO transfers (run, site, api, direction, host_memory, src_device, dst_device, result,
                       calls, bytes) VALUES (1, 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO kernels (run, id) VALUES (1, 1), (NULL, NULL);
INSERT INTO launches (run, site, kernel, device, result, count, threads)
  VALUES (1, 1, 1, NULL, NULL, NULL, NULL), (NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO findings (run, id, kind, severity, message, count) VALUES
  (1, 1, NULL, NULL, NULL, NULL),
  (1, 2, 'leak', NULL, NULL, NULL),
  (1, 3, NULL, 'error', 'no kind', 1),
  (1, 4, 'leak', NULL, 'no severity', 1),
  (NULL, NULL, NULL, NULL, NULL, NULL);
UPDATE findings SET file = 'app.c', line = 3 WHERE id IN (2, 4);
INSERT INTO events (run, seq, type, start_ns, finding) VALUES
  (1, 1, 'finding', 100, 1), (1, 2, 'finding', 200, 2), (1, 3, NULL, 300, NULL),
  (1, 4, 'copy', 400, NULL), (1, 5, 'launch', NULL, NULL),
  (NULL, NULL, NULL, NULL, NULL);
