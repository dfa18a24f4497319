-- A run's reason for being untraced that no devtrace knows, with an escape
-- sequence in it: said on stderr.
INSERT INTO runs (id, pid, command, started_ns, ended_ns, device, devices, ended, untraced)
  VALUES (1, 7, './app', 0, 1, 'sim', 1, 'exit', 'new' || char(27) || '[2J reason');
