-- A report from a devtrace newer than this one.
PRAGMA user_version = 99;
