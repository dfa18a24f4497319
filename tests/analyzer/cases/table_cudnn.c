/*
 * cuDNN's whole table (cudnn_ops.h, cudnn_cnn.h, ...), by rules on
 * parameters' names: tensors' data and batch normalization's scale, bias
 * and statistics are device memory; alpha and beta host memory; what a Get
 * returns and what a Set reads host memory, but for cudnnSetTensor's y; a
 * fused op's variant pointer either.  Declarations as the headers write
 * them (they may not be installed).
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

typedef int cudnnStatus_t;
typedef struct cudnnContext *cudnnHandle_t;
typedef struct cudnnTensorStruct *cudnnTensorDescriptor_t;
typedef struct cudnnFilterStruct *cudnnFilterDescriptor_t;
typedef struct cudnnConvolutionStruct *cudnnConvolutionDescriptor_t;
typedef struct cudnnFusedOpsVariantParamStruct *cudnnFusedOpsVariantParamPack_t;

cudnnStatus_t cudnnBatchNormalizationForwardInference(
    cudnnHandle_t handle, int mode, const void *alpha, const void *beta,
    const cudnnTensorDescriptor_t xDesc, const void *x, const cudnnTensorDescriptor_t yDesc,
    void *y, const cudnnTensorDescriptor_t bnScaleBiasMeanVarDesc, const void *bnScale,
    const void *bnBias, const void *estimatedMean, const void *estimatedVariance, double epsilon);
cudnnStatus_t cudnnGetConvolutionForwardWorkspaceSize(
    cudnnHandle_t handle, const cudnnTensorDescriptor_t xDesc, const cudnnFilterDescriptor_t wDesc,
    const cudnnConvolutionDescriptor_t convDesc, const cudnnTensorDescriptor_t yDesc, int algo,
    size_t *sizeInBytes);
cudnnStatus_t cudnnSetTensor(cudnnHandle_t handle, const cudnnTensorDescriptor_t yDesc, void *y,
                             const void *valuePtr);
cudnnStatus_t cudnnSetFusedOpsVariantParamPackAttribute(cudnnFusedOpsVariantParamPack_t varPack,
                                                        int paramLabel, void *ptr);

#define N 64

void batch_norm(cudnnHandle_t dnn, cudnnTensorDescriptor_t t, cudnnTensorDescriptor_t bn)
{
    float alpha = 1, beta = 0, *h = malloc(N * sizeof *h), *d = NULL, *dscalars = NULL;
    cudaMalloc((void **)&d, N * sizeof *d);
    cudaMalloc((void **)&dscalars, 2 * sizeof *dscalars);
    cudnnBatchNormalizationForwardInference(dnn, 0, &alpha, &beta, t, d, t, d, bn, d, d, d, d, 1e-5);
    cudnnBatchNormalizationForwardInference(dnn, 0, &alpha, &beta, t, d, t, d, bn, h, d, d, d, 1e-5); // devcheck: memspace-mismatch
    cudnnBatchNormalizationForwardInference(dnn, 0, &alpha, &beta, t, d, t, d, bn, d, d, d, h, 1e-5); // devcheck: memspace-mismatch
    cudnnBatchNormalizationForwardInference(dnn, 0, dscalars, &beta, t, d, t, d, bn, d, d, d, d, 1e-5); // devcheck: memspace-mismatch // devcheck-message: 'dscalars' is device memory, but cudnnBatchNormalizationForwardInference needs host memory
    free(h);
}

void get_and_set(cudnnHandle_t dnn, cudnnTensorDescriptor_t t, cudnnFilterDescriptor_t f,
                 cudnnConvolutionDescriptor_t conv, cudnnFusedOpsVariantParamPack_t pack)
{
    float zero = 0, *h = malloc(N * sizeof *h), *d = NULL;
    size_t bytes = 0, *dbytes = NULL;
    cudaMalloc((void **)&d, N * sizeof *d);
    cudaMalloc((void **)&dbytes, sizeof *dbytes);
    cudnnGetConvolutionForwardWorkspaceSize(dnn, t, f, conv, t, 0, &bytes);
    cudnnGetConvolutionForwardWorkspaceSize(dnn, t, f, conv, t, 0, dbytes); // devcheck: memspace-mismatch
    cudnnSetTensor(dnn, t, d, &zero);
    cudnnSetTensor(dnn, t, h, &zero); // devcheck: memspace-mismatch
    cudnnSetTensor(dnn, t, d, d); // devcheck: memspace-mismatch
    /* a variant pack's pointer: a device buffer, or a host scalar */
    cudnnSetFusedOpsVariantParamPackAttribute(pack, 0, d);
    cudnnSetFusedOpsVariantParamPackAttribute(pack, 1, &bytes);
    free(h);
}
