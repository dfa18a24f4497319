-- Runs whose ids are the largest and the smallest SQLite holds, each with a
-- finding: merged, they take the next ids.
INSERT INTO runs (id, pid, command, started_ns, ended_ns, device, devices, ended) VALUES
  (9223372036854775807, 7, './big', 0, 1, 'sim', 1, 'exit'),
  (-9223372036854775808, 8, './small', 0, 1, 'sim', 1, 'exit');
INSERT INTO findings (run, id, kind, severity, message, file, line, function, count) VALUES
  (9223372036854775807, 1, 'leak', 'warning', 'the largest run', 'app.c', 7, 'main', 1),
  (-9223372036854775808, 1, 'leak', 'warning', 'the smallest run', 'app.c', 8, 'main', 1);
