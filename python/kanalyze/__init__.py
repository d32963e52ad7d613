"""kanalyze's wheel: the entry points run the kanalyze binaries installed
beside this file (bin/, with the libraries they need under lib/kanalyze/).

When the node has no CUDA toolkit but the `cuda` extra's NVIDIA wheels are
installed, their nvcc, nvdisasm and cuobjdump are handed to kanalyze
through KANALYZE_NVCC / KANALYZE_NVDISASM / KANALYZE_CUOBJDUMP (a value the
user set wins)."""
import glob
import os
import shutil
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))


def _nvidia_tool(name):
    """The `name` binary of an NVIDIA wheel (nvidia/cu13/bin, nvidia/cuda_*/bin)."""
    for base in sys.path:
        for pattern in ("nvidia/cu*/bin/" + name, "nvidia/cuda_*/bin/" + name):
            for path in sorted(glob.glob(os.path.join(base, pattern))):
                if os.access(path, os.X_OK):
                    return path
    return None


def _environment():
    env = dict(os.environ)
    for var, tool in (("KANALYZE_NVCC", "nvcc"), ("KANALYZE_NVDISASM", "nvdisasm"),
                      ("KANALYZE_CUOBJDUMP", "cuobjdump")):
        if var in env or shutil.which(tool) or os.path.exists("/usr/local/cuda/bin/" + tool):
            continue
        path = _nvidia_tool(tool)
        if path:
            env[var] = path
    return env


def _run(program):
    exe = os.path.join(_HERE, "bin", program)
    os.execve(exe, [exe] + sys.argv[1:], _environment())


def main():
    _run("kanalyze")


def launch():
    _run("kanalyze-launch")
