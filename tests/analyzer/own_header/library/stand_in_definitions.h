/* A library header with no guard that cannot be included twice. */
struct stand_in_pair {
    int first, second;
};
