#!/usr/bin/env python3
"""docs/ci.md's jobs do what the page says, run as written on a small
project: the GitHub Actions job and the GitLab jobs, their devcheck,
devtrace, cmake and ctest commands in order (the steps that install or
upload are the CI service's own, left out).

    check_ci.py DEVCHECK DEVTRACE CI_MD CLEAN_APP BUGGY_APP

The project has one C file with a copy in the wrong direction (only
devcheck reads it: it is in no target that builds) and one test, a program
on the emulated device.  With the baseline made as the page says, each job
passes; a new finding fails devcheck's baseline step (exit 1) and a
program's mistake fails devtrace's step (exit 9); the files the jobs leave
are SARIF and Code Quality reports with the findings in them.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:
    print("skipped: docs/ci.md's jobs are read with PyYAML (python3-yaml), not installed")
    sys.exit(77)

TOOLS = re.compile(r'^\s*(devcheck|devtrace|cmake|ctest)\b')

PROJECT = """cmake_minimum_required(VERSION 3.18)
project(ci_example LANGUAGES C)
enable_testing()
add_library(analysed STATIC EXCLUDE_FROM_ALL copy.c)
add_test(NAME app COMMAND {app})
"""

COPY = """#include <cuda_runtime.h>
#include <stdlib.h>

float *upload(size_t n)
{{
    float *host = calloc(n, sizeof *host), *dev = NULL;
    cudaMalloc((void **)&dev, n * sizeof *dev);
    cudaMemcpy(host, dev, n * sizeof *dev, cudaMemcpyHostToDevice);
    free(host);
    return dev;
}}
{more}"""

# The swapped copy reads the fresh device buffer too.
COPY_FINDINGS = ["memcpy-direction", "uninitialized-read"]

NEW_FINDING = """
void download(size_t n)
{
    float *host = calloc(n, sizeof *host), *dev = NULL;
    cudaMalloc((void **)&dev, n * sizeof *dev);
    cudaMemcpy(dev, host, n * sizeof *dev, cudaMemcpyDeviceToHost);
    free(host);
    cudaFree(dev);
}
"""


def fail(what, detail=""):
    sys.exit(f"docs/ci.md: {what}\n{detail}")


def commands(lines, always=False):
    """The tools' commands of a list of shell lines, as written, each with
    whether it runs after a failed one (GitHub's always(), GitLab's
    after_script)."""
    return [(line.strip(), always) for block in lines for line in block.splitlines()
            if TOOLS.match(line)]


def github_job(doc):
    steps = next(iter(doc["jobs"].values()))["steps"]
    return [c for s in steps if "run" in s
            for c in commands([s["run"]], "always()" in str(s.get("if", "")))]


def gitlab_jobs(doc):
    return {name: commands(job["script"]) + commands(job.get("after_script", []), True)
            for name, job in doc.items() if isinstance(job, dict) and "script" in job}


def jobs_of(page):
    blocks = [yaml.safe_load(b) for b in re.findall(r'```yaml\n(.*?)```', page, re.S)]
    github = next((b for b in blocks if "jobs" in b), None)
    gitlab = next((b for b in blocks if "jobs" not in b), None)
    if not github or not gitlab:
        fail("no GitHub Actions job or no GitLab CI jobs")
    return github_job(github), gitlab_jobs(gitlab)


def run_job(cmds, cwd, env):
    """Each command as the services run one (bash -e): after the first that
    fails only those that always run.  The status of the one that failed,
    or 0, its command and its output."""
    failed = (0, None, "")
    for cmd, always in cmds:
        if failed[0] and not always:
            continue
        p = subprocess.run(["bash", "-ec", cmd], cwd=cwd, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if p.returncode and not failed[0]:
            failed = (p.returncode, cmd, p.stdout)
    return failed


def make_project(where, app, more=""):
    with open(os.path.join(where, "CMakeLists.txt"), "w") as f:
        f.write(PROJECT.format(app=app))
    with open(os.path.join(where, "copy.c"), "w") as f:
        f.write(COPY.format(more=more))


def expect(status, want, what, cmd, out):
    if status != want:
        fail(f"{what}: exit {status} at `{cmd}`, expected {want}", out[-3000:])


def results(path, fmt):
    """The rules of a SARIF or Code Quality report's findings."""
    try:
        with open(path) as f:
            doc = json.load(f)
        if fmt == "sarif":
            return [r["ruleId"] for run in doc["runs"] for r in run["results"]]
        return [issue["check_name"] for issue in doc]
    except (OSError, ValueError, KeyError, TypeError) as e:
        fail(f"{os.path.basename(path)} is not a {fmt} report", repr(e))


def main():
    devcheck, devtrace, page, clean, buggy = map(os.path.abspath, sys.argv[1:6])
    github, gitlab = jobs_of(open(page).read())
    if not any(c.startswith("devcheck -p build --baseline") for c, _ in github):
        fail("the GitHub job has no baseline step", str(github))
    env = dict(os.environ, PATH=os.path.dirname(devcheck) + os.pathsep +
               os.path.dirname(devtrace) + os.pathsep + os.environ["PATH"])
    env.update(DT_DEVICE="sim", DT_SIM_QUIET="1")
    work = tempfile.mkdtemp(prefix="devcheck-ci-")
    try:
        make_project(work, clean)
        base = [("cmake -S . -B build -DCMAKE_EXPORT_COMPILE_COMMANDS=ON", False),
                ("devcheck -p build --write-baseline .devcheck-baseline", False)]
        status, cmd, out = run_job(base, work, env)
        expect(status, 0, "the baseline as the page makes it", cmd, out)
        status, cmd, out = run_job(github, work, env)
        expect(status, 0, "the GitHub job on the baselined project", cmd, out)
        if sorted(results(os.path.join(work, "devcheck.sarif"), "sarif")) != COPY_FINDINGS:
            fail("devcheck.sarif does not hold the copy's finding")
        results(os.path.join(work, "devtrace.sarif"), "sarif")
        for name, cmds in gitlab.items():
            status, cmd, out = run_job(cmds, work, env)
            expect(status, 0, f"the GitLab job {name}", cmd, out)
        if sorted(results(os.path.join(work, "devcheck-quality.json"), "codequality")) != COPY_FINDINGS:
            fail("devcheck-quality.json does not hold the copy's finding")
        results(os.path.join(work, "devtrace-quality.json"), "codequality")

        make_project(work, clean, NEW_FINDING)
        status, cmd, _ = run_job(github, work, env)
        if status != 1 or not cmd.startswith("devcheck -p build --baseline"):
            fail(f"a new finding: exit {status} at `{cmd}`, not 1 at the baseline step")

        make_project(work, buggy)
        status, cmd, _ = run_job(github, work, env)
        if status != 9 or not cmd.startswith("devtrace run"):
            fail(f"a program's mistake: exit {status} at `{cmd}`, not 9 at devtrace's step")
        if "memcpy-direction" not in results(os.path.join(work, "devtrace.sarif"), "sarif"):
            fail("devtrace.sarif, written after the failed step, does not hold the run's mistake")
    finally:
        shutil.rmtree(work)
    print(f"GitHub job: {len(github)} commands; GitLab jobs: "
          f"{', '.join(f'{n} {len(c)}' for n, c in gitlab.items())}: as the page says")


if __name__ == "__main__":
    main()
