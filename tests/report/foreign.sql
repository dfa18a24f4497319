-- Another program's SQLite file, tables and all: only the header says so.
PRAGMA application_id = 0;
PRAGMA user_version = 0;
CREATE TABLE notes (body TEXT);
