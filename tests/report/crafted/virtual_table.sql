-- runs as a virtual table, of a module no one has.
DROP TABLE runs;
PRAGMA writable_schema = ON;
INSERT INTO sqlite_schema (type, name, tbl_name, rootpage, sql)
  VALUES ('table', 'runs', 'runs', 0, 'CREATE VIRTUAL TABLE runs USING elsewhere(id)');
