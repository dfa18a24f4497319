/*
 * A node linked to itself, as utlist's DL_APPEND links the first node of a
 * list (head->prev = head): a pointer assigned copies what is known of the
 * members of its source to its own, and the copy of head's members into
 * head->prev walked the members it had just made (head->prev->prev, then
 * head->prev->prev->prev, ...) without end: pocl's pocl-cuda.c grew past
 * 16 GB.  Each member is copied once, and those below head->prev itself
 * are overwritten, not copied deeper.
 */
#include <cuda_runtime_api.h>
#include <stddef.h>

struct node {
    struct node *prev, *next;
    float *data;
};

#define DL_APPEND(head, add)                                                   \
    do {                                                                       \
        if (head) {                                                            \
            (add)->prev = (head)->prev;                                        \
            (head)->prev->next = (add);                                        \
            (head)->prev = (add);                                              \
            (add)->next = NULL;                                                \
        } else {                                                               \
            (head) = (add);                                                    \
            (head)->prev = (head);                                             \
            (head)->next = NULL;                                               \
        }                                                                      \
    } while (0)

struct queue {
    struct node *pending;
};

void push(struct queue *q, struct node *nodes, int n)
{
    for (int i = 0; i < n; i++)
        DL_APPEND(q->pending, &nodes[i]);
}

void self_linked(struct node *n)
{
    float *d = NULL;
    if (cudaMalloc((void **)&d, 64) != cudaSuccess)
        return;
    n->data = d;
    n->prev = n;
    n->prev->prev->data[0] = 1.0f; // devcheck: host-deref
    n->next = n->prev;
    n->next->data[1] = 2.0f; // devcheck: host-deref
}
