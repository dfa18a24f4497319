#!/usr/bin/env bash
# devcheck on three public projects that use libtorch, as they are and with
# each of issue 22's mistakes planted alone into a copy of one of their
# files (bench/libtorch.md has the table and what each finding is):
#   bench/libtorch.sh [BUILD_DIR] [WORK_DIR] [CASE...]
# WORK_DIR (default /tmp/devcheck-libtorch) gets the projects' sources at
# the commits below, cloned unless already there, and the planted copies;
# with CASEs only those are run.  Needs libtorch-dev, python3-dev and
# pybind11-dev (Debian's) and a CUDA toolkit's headers for the .cu files.
# Prints one line a run: its name, devcheck's exit status, its findings'
# rules, and its CPU time.
set -u
build=${1:-build}; work=${2:-/tmp/devcheck-libtorch}; shift $(( $# < 2 ? $# : 2 ))
cases=("$@")
devcheck=$(cd "$build" && pwd)/bin/devcheck
torch=/usr/include/torch/csrc/api/include
projects=(
  "pcpp https://github.com/prabhuomkar/pytorch-cpp 4c4d060f94f4b06cf2ce8cf43fa48b320e319507"
  "ext https://github.com/pytorch/extension-cpp 0ec4969c7bc8e15a8456e5eb9d9ca0a7ec15bc95"
  "pyg https://github.com/rusty1s/pyg_autoscale be65e922bd613861bc2c4d31ed8439ef53a0e581"
)
mkdir -p "$work" && cd "$work" || exit 1
for p in "${projects[@]}"; do
  set -- $p
  [ -d "$1" ] || { git clone -q "$2" "$1" && git -C "$1" checkout -q "$3"; } || exit 1
done
ffn=pcpp/tutorials/basics/feedforward_neural_network
flags=(-std=c++17 -I$torch -I"$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["include"])')"
       -DTORCH_EXTENSION_NAME=ext -I$ffn/include -I/usr/local/cuda/include
       -DC10_CUDA_NO_CMAKE_CONFIGURE_FILE)   # Debian's libtorch lacks what CMake makes

# check NAME FILE...: devcheck on the files, its summary line.
check() {
  local name=$1 status; shift
  /usr/bin/time -f %U -o "$name.time" "$devcheck" -j 1 "$@" -- "${flags[@]}" >"$name.out" 2>&1
  status=$?
  printf '%-28s exit %d  %-60s %ss\n' "$name" "$status" \
    "$(grep -o '\[devcheck-[a-z-]*\]' "$name.out" | sort | uniq -c | tr -s ' \n' ' ')" \
    "$(tail -1 "$name.time")"
}

# plant NAME FILE OLD NEW: FILE's copy planted-NAME-FILE beside it (its
# own includes found) with OLD (found once) replaced by NEW, checked.
plant() {
  local name=$1 file=$2 copy=$(dirname "$2")/planted-$1-$(basename "$2")
  python3 - "$file" "$copy" "$3" "$4" <<'EOF' || return 1
import sys
src, dst, old, new = sys.argv[1:5]
text = open(src).read()
if text.count(old) != 1:
    sys.exit(f"{src}: the planted line's context is not there once")
open(dst, "w").write(text.replace(old, new))
EOF
  check "$name" "$copy"
}

want() { [ ${#cases[@]} -eq 0 ] || [[ " ${cases[*]} " == *" $1 "* ]]; }
lr=pcpp/tutorials/basics/linear_regression/main.cpp
x_train='auto x_train = torch::randint(0, 10, {15, 1},
                                  torch::TensorOptions(torch::kFloat).device(device));'
y_train=${x_train//x_train/y_train}
muladd=ext/extension_cpp/csrc/cuda/muladd.cu
result='at::Tensor result = at::empty(a_contig.sizes(), a_contig.options());
  const float* a_ptr = a_contig.data_ptr<float>();
  const float* b_ptr = b_contig.data_ptr<float>();
  float* result_ptr = result.data_ptr<float>();

'

want pcpp && check pcpp $ffn/src/main.cpp $ffn/src/neural_net.cpp $lr \
  pcpp/tutorials/basics/logistic_regression/main.cpp
want ext && check ext $muladd ext/extension_cpp/csrc/muladd.cpp
want pyg && check pyg pyg/csrc/cuda/async_cuda.cu pyg/csrc/cpu/relabel_cpu.cpp
want input_not_moved && plant input_not_moved $lr "$x_train" \
  'auto x_train = torch::randint(0, 10, {15, 1}, torch::TensorOptions(torch::kFloat));'
want labels_not_moved && plant labels_not_moved $lr "$y_train" \
  'auto y_train = torch::randint(0, 10, {15, 1}, torch::TensorOptions(torch::kFloat));'
want labels_not_moved_loader && plant labels_not_moved_loader $ffn/src/main.cpp \
  'auto target = batch.target.to(device);

            // Forward pass' \
  'auto target = batch.target;

            // Forward pass'
want custom_module_not_moved && plant custom_module_not_moved $ffn/src/main.cpp \
  '    model->to(device);
' ''
want custom_module_cpu_probe && plant custom_module_cpu_probe $ffn/src/main.cpp \
  '    model->to(device);
' '    model->to(device);
    auto probe = model->forward(torch::zeros({1, input_size}));
'
want dropped_to && plant dropped_to $lr "$x_train" \
  'auto x_train = torch::randint(0, 10, {15, 1}, torch::TensorOptions(torch::kFloat));
    x_train.to(device);'
want forward_temp_on_cpu && plant forward_temp_on_cpu $ffn/src/neural_net.cpp \
  'x = torch::nn::functional::relu(fc1->forward(x));' \
  'x = torch::nn::functional::relu(fc1->forward(x) + torch::ones({fc1->options.out_features()}));'
want load_not_moved && plant load_not_moved $lr '    model->to(device);' \
  '    model->to(device);
    torch::load(model, "linear.pt");'
want float64_input && plant float64_input $lr "$x_train" \
  'auto x_train = torch::randint(0, 10, {15, 1}, torch::TensorOptions(torch::kFloat).device(device)).to(torch::kFloat64);'
want float64_options && plant float64_options $lr "$x_train" "${x_train/kFloat/kDouble}"
want in_place_cpu_noise && plant in_place_cpu_noise $lr '        auto output = model->forward(x_train);' \
  '        x_train.add_(torch::randn({15, 1}));
        auto output = model->forward(x_train);'
want cpu_output_to_kernel && plant cpu_output_to_kernel $muladd "$result" \
  "${result/a_contig.options()/at::kFloat}"
want cpu_source_in_lambda && plant cpu_source_in_lambda pyg/csrc/cuda/async_cuda.cu \
  'auto src_data = src.data_ptr<scalar_t>();
    auto offset_data' \
  'auto src_data = torch::empty(src.sizes(), src.scalar_type()).data_ptr<scalar_t>();
    auto offset_data'
