/* A header no file of compile_db/ includes: said, and left out. */
int unused(void);
