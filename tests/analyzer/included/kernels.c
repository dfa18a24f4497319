/* Included by main.c, after its node type: not a unit of its own. */
int count_edges(const node *nodes, int n)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += nodes[i].count;
    return total;
}
