/*
 * Host data and its device mirror, one struct type (G4HepEm's
 * G4HepEmElectronData): the mirror is an object filled with cudaMalloc'd
 * buffers and copied whole to the device; the host data's fields are
 * filled where devcheck does not read (here: a function declared only).
 * The mirror's stores say what the mirror holds, not what the type's
 * other objects do: the host object's fields, never given device memory
 * in the code read, are unknown, and quiet.  Within the function that
 * builds the mirror, its own fields are still device memory.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

typedef struct {
    double *grid;
    int *index;
    int n;
} tables;

/* Fills the host tables with new[]'d arrays: its body is not read. */
void fill_tables(tables *host, int n);

/* A heap mirror through a local pointer. */
void copy_to_device(const tables *host, tables **on_device)
{
    tables *mirror = new tables;
    mirror->n = host->n;
    cudaMalloc((void **)&mirror->grid, host->n * sizeof(double));
    cudaMalloc((void **)&(mirror->index), host->n * sizeof(int));
    cudaMemcpy(mirror->grid, host->grid, host->n * sizeof(double), cudaMemcpyHostToDevice);
    cudaMemcpy(mirror->index, host->index, host->n * sizeof(int), cudaMemcpyHostToDevice);
    mirror->grid[0] = 0.0; // devcheck: host-deref
    cudaMalloc((void **)on_device, sizeof(tables));
    cudaMemcpy(*on_device, mirror, sizeof(tables), cudaMemcpyHostToDevice);
    delete mirror;
}

/* The host tables released as they were made: quiet. */
void free_tables(tables *host)
{
    delete[] host->grid;
    delete[] host->index;
    host->grid = NULL;
    host->index = NULL;
}

typedef struct {
    float *w;
} layer;

/* A mirror on the heap reached as `(*p).w`, and a local one sent as `&m`. */
void upload_layers(const layer *host, layer *on_device, int n)
{
    layer *p = (layer *)malloc(sizeof *p);
    cudaMalloc((void **)&(*p).w, n * sizeof(float));
    cudaMemcpy(p->w, host->w, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(on_device, p, sizeof *p, cudaMemcpyHostToDevice);
    free(p);
    layer m;
    cudaMalloc((void **)&m.w, n * sizeof(float));
    cudaMemcpy(m.w, host->w, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(on_device + 1, &m, sizeof m, cudaMemcpyHostToDevice);
}

float first_weight(const layer *host)
{
    return host->w[0];
}

/* A type whose objects are filled with device buffers and never copied
   whole: its field's fact stays device memory, and its misuse is found. */
typedef struct {
    float *out;
} stage;

void stage_init(stage *s, int n)
{
    cudaMalloc((void **)&s->out, n * sizeof(float));
}

void stage_free(stage *s)
{
    free(s->out); // devcheck: memspace-mismatch
}

/* Host tables filled here and a mirror uploaded: the device copy brought
   back to the host holds device pointers, which the type's host store does
   not make host memory: quiet. */
typedef struct {
    double *data;
} table;

void table_fill(table *t, int n)
{
    t->data = (double *)malloc(n * sizeof(double));
}

void table_upload(const table *host, table **on_device, int n)
{
    table *mirror = (table *)malloc(sizeof *mirror);
    cudaMalloc((void **)&mirror->data, n * sizeof(double));
    cudaMemcpy(mirror->data, host->data, n * sizeof(double), cudaMemcpyHostToDevice);
    cudaMalloc((void **)on_device, sizeof(table));
    cudaMemcpy(*on_device, mirror, sizeof(table), cudaMemcpyHostToDevice);
    free(mirror);
}

void table_free_on_device(table *on_device)
{
    table *back = (table *)malloc(sizeof *back);
    cudaMemcpy(back, on_device, sizeof(table), cudaMemcpyDeviceToHost);
    cudaFree(back->data);
    free(back);
    cudaFree(on_device);
}
