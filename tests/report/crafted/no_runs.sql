-- No runs table: its findings are no run's.
DROP TABLE runs;
INSERT INTO findings (run, id, kind, severity, message, file, line, function, count)
  VALUES (1, 1, 'leak', 'warning', 'of no run', 'app.c', 7, 'main', 1);
