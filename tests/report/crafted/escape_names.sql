-- A malformed schema whose object's name holds escape sequences (a terminal's
-- title set, its screen cleared): SQLite's error message names the object.
PRAGMA writable_schema = ON;
INSERT INTO sqlite_schema (type, name, tbl_name, rootpage, sql) VALUES
  ('table', 'x' || char(27) || ']0;pwned' || char(7) || char(27) || '[2J',
   'x', 0, 'CREATE TABLE x (');
