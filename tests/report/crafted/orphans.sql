-- Findings of a run that the runs table does not hold: no run's.
INSERT INTO runs (id, pid, command, started_ns, ended_ns, device, devices, ended)
  VALUES (1, 7, './app', 0, 1, 'sim', 1, 'exit');
INSERT INTO findings (run, id, kind, severity, message, file, line, function, count) VALUES
  (1, 1, 'leak', 'warning', 'of run 1', 'app.c', 7, 'main', 1),
  (7, 1, 'leak', 'warning', 'of no run', 'app.c', 8, 'main', 1),
  ('seven', 2, 'leak', 'warning', 'of no run either', 'app.c', 9, 'main', 1);
