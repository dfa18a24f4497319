/*
 * Functions the model gives effects on arguments, called with none (old
 * C declarations allow it): nothing to check, nothing read beyond the
 * call's own arguments (valgrind once saw uninitialised cursors here).
 */
void mylib_fill();
void mylib_copy();
void mylib_launch();

void calls_without_arguments(void)
{
    mylib_fill();
    mylib_copy();
    mylib_launch();
}
