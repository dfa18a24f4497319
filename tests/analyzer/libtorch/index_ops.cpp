/*
 * ATen's ops that take an index (or a mask) beside their tensor, with the
 * two on different devices.  index_select, gather, scatter, scatter_add,
 * index_add, index_copy, take and masked_select check every tensor
 * argument against the first (PyTorch's generated wrappers: "Expected all
 * tensors to be on the same device ... when checking argument for argument
 * index"), a 0-dim index too; index_fill_'s TensorIterator wants its index
 * on self's device; masked_fill_ wants its mask there ("expected self and
 * mask to be on the same device"), while its value, and index_fill_'s, may
 * be a 0-dim tensor anywhere (it is read as a scalar).  Advanced indexing
 * (`x.index({i})`, `x.index_put_({i}, v)`) takes cpu indices for a CUDA
 * tensor, legal today: nothing to say; a CUDA index for a cpu tensor it
 * refuses ("indices should be either on cpu or on the same device as the
 * indexed tensor").  Each function is one case; the *_quiet ones are the
 * fixed forms.
 */
#include <torch/torch.h>

torch::Tensor index_select_with_a_cpu_index()
{
    torch::Tensor x = torch::randn({8, 4}, torch::kCUDA);
    torch::Tensor idx = torch::arange(4, torch::kLong);
    return x.index_select(0, idx); // devcheck: device-mismatch // devcheck-note: 'idx' created on cpu
}

torch::Tensor aten_index_select_with_a_cpu_index(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    torch::Tensor idx = torch::zeros({2}, torch::dtype(torch::kLong));
    return at::index_select(x, 1, idx); // devcheck: device-mismatch
}

torch::Tensor gather_and_take_on_the_cpu(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    torch::Tensor idx = torch::zeros({8, 1}, torch::kLong);
    torch::Tensor a = x.gather(1, idx); // devcheck: device-mismatch
    torch::Tensor b = torch::gather(x, 1, idx); // devcheck: device-mismatch
    torch::Tensor c = x.take(idx); // devcheck: device-mismatch
    return a + b + c;
}

/* A 0-dim cpu index is no scalar to these ops: they check every tensor. */
torch::Tensor zero_dim_index(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    torch::Tensor i = torch::tensor(0, torch::kLong);
    return x.index_select(0, i); // devcheck: device-mismatch
}

void scatters_with_a_cpu_index(torch::Tensor out, torch::Tensor src)
{
    TORCH_CHECK(out.is_cuda() && src.is_cuda(), "CUDA tensors expected");
    torch::Tensor idx = torch::zeros({4}, torch::kLong);
    out.scatter_(0, idx, src); // devcheck: device-mismatch
    out.scatter_(0, idx, 1.0); // devcheck: device-mismatch
    out.scatter_add_(0, idx, src); // devcheck: device-mismatch
    out.index_add_(0, idx, src); // devcheck: device-mismatch
    out.index_copy_(0, idx, src); // devcheck: device-mismatch
    out.index_fill_(0, idx, 0.0); // devcheck: device-mismatch
}

/* The source on the cpu, the index where the tensor is. */
void scatter_of_a_cpu_source(torch::Tensor out)
{
    TORCH_CHECK(out.is_cuda(), "out must be a CUDA tensor");
    torch::Tensor idx = torch::zeros({4}, out.options().dtype(torch::kLong));
    torch::Tensor src = torch::ones({4});
    out.index_add_(0, idx, src); // devcheck: device-mismatch
    out = at::scatter_add(out, 0, idx, src); // devcheck: device-mismatch
}

/* A CUDA index for a cpu tensor is as wrong. */
torch::Tensor cuda_index_for_a_cpu_tensor()
{
    torch::Tensor x = torch::randn({8});
    torch::Tensor idx = torch::arange(4, torch::TensorOptions().dtype(torch::kLong).device(torch::kCUDA));
    return x.index_select(0, idx); // devcheck: device-mismatch
}

torch::Tensor masks_on_the_cpu(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    torch::Tensor mask = torch::ones({8}, torch::kBool);
    x.masked_fill_(mask, 0.0); // devcheck: device-mismatch
    torch::Tensor y = x.masked_fill(mask, 1.0); // devcheck: device-mismatch
    return x.masked_select(mask) + y; // devcheck: device-mismatch
}

/* The result is where self is: an index op's output joins CUDA tensors. */
torch::Tensor selected_rows_stay_on_the_cpu()
{
    torch::Tensor table = torch::randn({16, 4});
    torch::Tensor rows = table.index_select(0, torch::arange(4));
    return rows + torch::ones({4, 4}, torch::kCUDA); // devcheck: device-mismatch
}

torch::Tensor index_on_the_tensors_device_quiet(torch::Tensor x, torch::Tensor src)
{
    TORCH_CHECK(x.is_cuda() && src.is_cuda(), "CUDA tensors expected");
    torch::Tensor idx = torch::zeros({4}, x.options().dtype(torch::kLong));
    torch::Tensor mask = torch::ones({4}, torch::TensorOptions(torch::kBool).device(x.device()));
    x.scatter_add_(0, idx, src);
    x.index_add_(0, idx, src);
    x.masked_fill_(mask, 0.0);
    torch::Tensor cpu_idx = torch::arange(4);
    torch::Tensor moved = cpu_idx.to(x.device());
    return x.index_select(0, moved) + x.gather(0, idx) + x.masked_select(mask) +
           x.take(idx.cuda());
}

/* A 0-dim value of masked_fill_ and index_fill_ is read as a scalar:
   a cpu one is legal. */
void zero_dim_cpu_value_quiet(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    torch::Tensor value = torch::tensor(0.5);
    torch::Tensor mask = x > 0;
    x.masked_fill_(mask, value);
    x.index_fill_(0, torch::zeros({2}, x.options().dtype(torch::kLong)), value);
}

/* Advanced indexing: a CUDA index for a cpu tensor is refused. */
torch::Tensor advanced_index_on_the_gpu_for_a_cpu_tensor()
{
    torch::Tensor table = torch::randn({16, 4});
    torch::Tensor rows = torch::arange(4, torch::TensorOptions().dtype(torch::kLong).device(torch::kCUDA));
    table.index_put_({rows}, 0.0); // devcheck: device-mismatch
    return table.index({torch::indexing::Slice(), rows}); // devcheck: device-mismatch
}

/* Advanced indexing: cpu indices for a CUDA tensor (maskrcnn-benchmark's
   nms, `order_t.index({keep.narrow(0, 0, n)})`), legal, and a CUDA index
   for a CUDA tensor. */
torch::Tensor advanced_index_with_cpu_indices_quiet(torch::Tensor boxes)
{
    TORCH_CHECK(boxes.is_cuda(), "boxes must be a CUDA tensor");
    torch::Tensor keep = torch::empty({8}, boxes.options().dtype(torch::kLong).device(torch::kCPU));
    torch::Tensor kept = boxes.index({keep.narrow(0, 0, 4)});
    torch::Tensor on_gpu = keep.to(boxes.device());
    boxes.index_put_({keep}, 0.0);
    return kept + boxes.index({keep}) + boxes.index({on_gpu});
}

/* Both on the cpu. */
torch::Tensor all_on_the_cpu_quiet()
{
    torch::Tensor x = torch::randn({8, 4});
    torch::Tensor idx = torch::arange(4);
    x.index_fill_(0, idx, 1.0);
    return x.index_select(0, idx).gather(1, torch::zeros({4, 1}, torch::kLong));
}
