/* Found only through the compile command's -Iinclude, relative to its folder. */
#define LOCAL_SIZE 4
