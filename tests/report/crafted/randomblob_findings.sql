-- findings as a view that makes 20 MB of text from a file of a few KB.
INSERT INTO runs (id, pid, command, started_ns, ended_ns, device, devices, ended)
  VALUES (1, 7, './app', 0, 1, 'sim', 1, 'exit');
DROP TABLE findings;
CREATE VIEW findings (run, id, seq, kind, severity, message, file, line, function, site, count,
                      bytes, alloc_site, free_site, chain) AS
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
  SELECT 1, i, i, 'leak', 'warning', hex(randomblob(100000)), 'app.c', i, 'main', NULL, 1, NULL,
         NULL, NULL, NULL FROM n;
