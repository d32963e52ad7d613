#!/usr/bin/env python3
"""ci_files.py SRCDIR -- the CI front doors parse as YAML and hold what they
promise: action.yml (a composite GitHub Action: builds and installs kanalyze
cached by its source, runs the gate with a baseline, uploads SARIF, keeps one
pull-request comment by a hidden marker, fails on kanalyze's exit code),
docs/ci/github-workflow.yml (uses it with the permissions it needs),
docs/ci/gitlab-ci.yml (publishes --format codequality as
artifacts:reports:codequality and posts the markdown as a merge-request
note), .github/workflows/release.yml (kanalyze's own release: tests, then
the bundle and the wheel, attached to the tag) and .pre-commit-hooks.yaml
(the kanalyze and kanalyze-strict hooks the README's snippet names).  Each check prints what it looked at."""
import os
import re
import sys

import yaml

passed = failed = 0


def check(name, cond, why=""):
    global passed, failed
    if cond:
        passed += 1
        print("ok    " + name)
    else:
        failed += 1
        print("FAIL  " + name + (": " + why if why else ""))


def load(path):
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


def steps_using(steps, prefix):
    return [s for s in steps if str(s.get("uses", "")).startswith(prefix)]


FAKE = r"""#!/bin/bash
# a stand-in kanalyze: records its arguments, prints what $FAKE_MODE says
printf '%s\n' "$@" >>"$FAKE_LOG"; echo ---- >>"$FAKE_LOG"
case " $* " in *" --format markdown "*) [ "$FAKE_MODE" = big ] && python3 -c "print(('| kernel | regs |\\n' * 7000))"; exit 0 ;; esac
[ "$FAKE_MODE" = usage ] && { echo "kanalyze: unknown option" >&2; exit 2; }
echo '{"version": "2.1.0", "runs": []}'
"""


SCRATCH = []


def run_script(body, shell, env_extra, mode):
    """Runs a template's script with a stand-in kanalyze on PATH in a
    directory holding a file a pull request could add: "--config=x.cu".
    Returns (the stand-in's argument lists, the scratch directory)."""
    import subprocess
    import tempfile
    d = tempfile.mkdtemp()
    SCRATCH.append(d)
    os.makedirs(os.path.join(d, "bin"))
    os.makedirs(os.path.join(d, "ws", "src"))
    with open(os.path.join(d, "bin", "kanalyze"), "w") as f:
        f.write(FAKE)
    os.chmod(os.path.join(d, "bin", "kanalyze"), 0o755)
    for n in ("--config=x.cu", "src/k.cu"):
        open(os.path.join(d, "ws", n), "w").close()
    env = dict(os.environ, PATH=os.path.join(d, "bin") + ":" + os.environ["PATH"], FAKE_LOG=os.path.join(d, "log"),
               FAKE_MODE=mode, RUNNER_TEMP=d, GITHUB_OUTPUT=os.path.join(d, "out"),
               GITHUB_STEP_SUMMARY=os.path.join(d, "summary"), GITHUB_RUN_ID="1")
    env.update(env_extra)
    subprocess.run([shell, "-c", body], cwd=os.path.join(d, "ws"), env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=60)
    calls = []
    if os.path.exists(env["FAKE_LOG"]):
        calls = [c.strip("\n").split("\n") for c in open(env["FAKE_LOG"]).read().split("----\n") if c.strip()]
    return calls, d


def run_deps_step(body, offered):
    """Runs the action's dependency step with stand-ins for dpkg-query (nothing
    installed), apt-cache (libclang-N-dev offered for N in `offered`) and
    apt-get (logs what it is asked to install).  Returns (log + output, exit code)."""
    import subprocess
    import tempfile
    d = tempfile.mkdtemp()
    SCRATCH.append(d)
    b = os.path.join(d, "bin")
    os.makedirs(b)
    fakes = {
        "dpkg-query": "#!/bin/sh\nexit 1\n",
        "apt-cache": "#!/bin/sh\ncase \" %s \" in *\" $(echo \"$2\" | sed -n 's/libclang-\\([0-9]*\\)-dev/\\1/p') \"*) "
                     "echo \"  Candidate: 1:$2\" ;; *) echo '  Candidate: (none)' ;; esac\n" % " ".join(offered),
        "apt-get": "#!/bin/sh\necho \"apt-get $*\" >>\"$FAKE_LOG\"\n",
        "id": "#!/bin/sh\necho 0\n",
    }
    for n, text in fakes.items():
        with open(os.path.join(b, n), "w") as f:
            f.write(text)
        os.chmod(os.path.join(b, n), 0o755)
    log = os.path.join(d, "log")
    env = dict(os.environ, PATH=b + ":" + os.environ["PATH"], FAKE_LOG=log)
    r = subprocess.run(["bash", "-c", body], env=env, capture_output=True, text=True, timeout=60)
    got = (open(log).read() if os.path.exists(log) else "") + r.stdout + r.stderr
    return got, r.returncode


def run_action_step(body):
    env = {"KA_FILES": "*.cu src/*.cu", "KA_ARGS": "--strict", "KA_WARN_CLIFF": "4", "KA_ARCH": "sm_90"}
    calls, d = run_script(body, "bash", env, "ok")
    check("action.yml: a file named --config=x.cu reaches kanalyze as ./--config=x.cu, never as an option",
          len(calls) == 2 and all("./--config=x.cu" in c and "--config=x.cu" not in c and "./src/k.cu" in c
                                  for c in calls), str(calls))
    out = open(os.path.join(d, "out")).read()
    check("action.yml: the SARIF log is an output when kanalyze wrote one", "sarif=" in out, out)
    calls, d = run_script(body, "bash", env, "usage")
    out = open(os.path.join(d, "out")).read()
    check("action.yml: no SARIF file (nor output) after a usage error",
          "sarif=" not in out and not os.path.exists(os.path.join(d, "kanalyze-report", "kanalyze.sarif"))
          and "exit-code=2" in out, out)
    calls, d = run_script(body, "bash", env, "big")
    comment = open(os.path.join(d, "kanalyze-report", "comment.md")).read()
    md = os.path.getsize(os.path.join(d, "kanalyze-report", "kanalyze.md"))
    check("action.yml: a 100 KB report's comment stays under GitHub's 65,536 characters, pointing to the artifact",
          md > 100000 and len(comment) < 65536 and "kanalyze-report` artifact" in comment,
          "%d B report, %d characters" % (md, len(comment)))


def main():
    src = sys.argv[1]

    # ---- action.yml ---------------------------------------------------------------------------
    act = load(os.path.join(src, "action.yml"))
    check("action.yml: name and description", bool(act.get("name")) and bool(act.get("description")))
    inputs = act.get("inputs", {})
    for k in ("files", "compile-commands", "baseline", "base", "arch", "args", "upload-sarif", "comment", "github-token"):
        check("action.yml: input %s, described" % k, k in inputs and bool(inputs[k].get("description")))
    check("action.yml: output exit-code", "exit-code" in act.get("outputs", {}))
    runs = act.get("runs", {})
    check("action.yml: a composite action", runs.get("using") == "composite", str(runs.get("using")))
    steps = runs.get("steps", [])
    for s in steps:
        if "run" in s:
            check("action.yml: step '%s' names its shell" % s.get("name"), bool(s.get("shell")))
    deps = [s for s in steps if "apt-get install" in s.get("run", "")]
    check("action.yml: one dependency step", len(deps) == 1)
    if deps:
        for offered, want in ((["18", "16"], "libclang-18-dev"), (["16", "15"], "libclang-16-dev"), ([], None)):
            got, rc = run_deps_step(deps[0]["run"], offered)
            if want:
                check("action.yml: libclang offered %s: installs %s" % ("/".join(offered), want),
                      rc == 0 and want in got and all("libclang-%s-dev" % v not in got for v in offered if
                                                      "libclang-%s-dev" % v != want), got)
            else:
                check("action.yml: no libclang 15-19 offered: the step fails, saying so", rc != 0 and "no libclang" in got,
                      got)
    cache = steps_using(steps, "actions/cache@")
    check("action.yml: actions/cache of the install, keyed on a source hash",
          len(cache) == 1 and "steps.key.outputs.hash" in str(cache[0].get("with", {}).get("key", "")),
          str(cache))
    key_step = [s for s in steps if s.get("id") == "key"]
    check("action.yml: the key hashes the action's source files",
          key_step and "sha256sum" in key_step[0].get("run", "") and "GITHUB_ACTION_PATH" in key_step[0].get("run", ""))
    build = [s for s in steps if "cmake --install" in s.get("run", "")]
    check("action.yml: builds and installs with cmake only on a cache miss",
          len(build) == 1 and "cache-hit" in str(build[0].get("if", "")))
    run = [s for s in steps if s.get("id") == "run"]
    body = run[0].get("run", "") if run else ""
    check("action.yml: runs kanalyze with the baseline, -p and --format sarif",
          "--baseline" in body and "-p" in body and "--format sarif" in body)
    check("action.yml: base: passed as --base", bool(run) and run[0].get("env", {}).get("KA_BASE") == "${{ inputs.base }}"
          and 'args+=(--base "$KA_BASE")' in body, body)
    calls, d = run_script(body, "bash", {"KA_FILES": "src/k.cu", "KA_BASE": "abc123"}, "ok")
    check("action.yml: ... both runs get --base REV",
          len(calls) == 2 and all("--base" in c and c[c.index("--base") + 1] == "abc123" for c in calls), str(calls))
    check("action.yml: and the markdown report without failing on it",
          "--format markdown" in body and "--fail-on never" in body)
    check("action.yml: keeps kanalyze's exit code", "rc=$?" in body and "exit-code=" in body)
    check("action.yml: no '--' of its own (the user's args may hold one for the compiler)",
          not re.search(r"kanalyze[^\n]*\s--\s", body))
    run_action_step(body)
    sarif = steps_using(steps, "github/codeql-action/upload-sarif@")
    check("action.yml: uploads SARIF with github/codeql-action/upload-sarif",
          len(sarif) == 1 and "sarif" in str(sarif[0].get("with", {}).get("sarif_file", "")))
    gs = steps_using(steps, "actions/github-script@")
    script = gs[0].get("with", {}).get("script", "") if gs else ""
    check("action.yml: one pull-request comment through actions/github-script, found by a hidden marker",
          "<!-- kanalyze-report -->" in script and "updateComment" in script and "createComment" in script
          and "<!-- kanalyze-report -->" in body)
    check("action.yml: the comment only on pull requests", "pull_request" in str(gs[0].get("if", "")) if gs else False)
    check("action.yml: the marker comment is looked up among the token's own account's comments, every page",
          "github.paginate" in script and "c.user.login === me" in script and "getAuthenticated" in script)
    check("action.yml: a fork's pull request (read-only token) skips the comment and the upload, never fails",
          "head.full_name !==" in script and gs[0].get("continue-on-error") is True and sarif
          and "head.repo.full_name == github.repository" in str(sarif[0].get("if", ""))
          and sarif[0].get("continue-on-error") is True)
    art = steps_using(steps, "actions/upload-artifact@")
    check("action.yml: the whole report is uploaded as an artifact", len(art) == 1 and
          art[0].get("with", {}).get("name") == "kanalyze-report", str(art))
    fail = [s for s in steps if "exit-code" in str(s.get("if", "")) and "exit" in s.get("run", "")]
    check("action.yml: the last step fails the job on kanalyze's exit code",
          len(fail) == 1 and steps[-1] is fail[0] and 'exit "${{ steps.run.outputs.exit-code }}"' in fail[0]["run"])

    # ---- docs/ci/github-workflow.yml -----------------------------------------------------------
    wf = load(os.path.join(src, "docs/ci/github-workflow.yml"))
    on = wf.get("on", wf.get(True))        # YAML 1.1 reads a bare `on` as true
    check("github-workflow.yml: runs on pull_request", isinstance(on, dict) and "pull_request" in on, str(on))
    perms = wf.get("permissions", {})
    check("github-workflow.yml: security-events and pull-requests write",
          perms.get("security-events") == "write" and perms.get("pull-requests") == "write", str(perms))
    jobs = wf.get("jobs", {})
    uses = [s for j in jobs.values() for s in j.get("steps", []) if re.search(r"/kanalyze@", str(s.get("uses", "")))]
    check("github-workflow.yml: a step uses the kanalyze action with files and a baseline",
          len(uses) == 1 and uses[0].get("with", {}).get("files") and uses[0]["with"].get("baseline"))
    check("github-workflow.yml: its inputs exist in action.yml",
          uses and all(k in inputs for k in uses[0].get("with", {})),
          str(uses[0].get("with") if uses else None))

    # ---- docs/ci/gitlab-ci.yml -------------------------------------------------------------------
    gl = load(os.path.join(src, "docs/ci/gitlab-ci.yml"))
    jobs = {k: v for k, v in gl.items() if isinstance(v, dict) and "script" in v}
    cq = [(k, v) for k, v in jobs.items() if v.get("artifacts", {}).get("reports", {}).get("codequality")]
    check("gitlab-ci.yml: a job publishes artifacts:reports:codequality", len(cq) == 1, str(list(jobs)))
    if cq:
        name, job = cq[0]
        report = job["artifacts"]["reports"]["codequality"]
        script = "\n".join(job["script"])
        check("gitlab-ci.yml: %s writes it with --format codequality" % name,
              re.search(r"--format codequality[^\n]*>\s*" + re.escape(report), script) is not None, script)
        check("gitlab-ci.yml: the report is kept when the gate fails (artifacts:when always)",
              job["artifacts"].get("when") == "always")
        check("gitlab-ci.yml: one merge-request note by a hidden marker through the notes API",
              "merge_requests/$CI_MERGE_REQUEST_IID/notes" in script and "<!-- kanalyze-report -->" in script
              and "--request PUT" in script and "--request POST" in script and "--format markdown" in script)
        check("gitlab-ci.yml: the job ends with kanalyze's exit code", job["script"][-1].strip().startswith("exit ${rc"))
        check("gitlab-ci.yml: the marker note is looked up among the token's own user's notes, every page",
              "$CI_API_V4_URL/user" in script and ".author.id == $me" in script and "page=$page" in script)
        env = {"KANALYZE_FILES": "*.cu src/*.cu", "KANALYZE_ARGS": "--arch sm_90", "KANALYZE_BASELINE": "b.json"}
        calls, d = run_script(job["script"][0], "sh", env, "ok")
        check("gitlab-ci.yml: a file named --config=x.cu reaches kanalyze as ./--config=x.cu (sh)",
              len(calls) == 2 and all("./--config=x.cu" in c and "--config=x.cu" not in c and "./src/k.cu" in c
                                      for c in calls), str(calls))
        calls, d = run_script(job["script"][0], "sh", dict(env, KANALYZE_BASE="abc123"), "ok")
        check("gitlab-ci.yml: KANALYZE_BASE: --base instead of --baseline, in both runs",
              len(calls) == 2 and all("--base" in c and c[c.index("--base") + 1] == "abc123" and "--baseline" not in c
                                      for c in calls), str(calls))
        calls, d = run_script(job["script"][0], "sh", env, "usage")
        check("gitlab-ci.yml: no empty Code Quality report after a usage error",
              len(calls) == 2 and not os.path.exists(os.path.join(d, "ws", "gl-code-quality-report.json")))

    # ---- .github/workflows/release.yml ------------------------------------------------------------
    rel = load(os.path.join(src, ".github/workflows/release.yml"))
    on = rel.get("on", rel.get(True))          # YAML 1.1 reads a bare on: as true
    check("release.yml: runs on a version tag", on == {"push": {"tags": ["v*"]}}, str(on))
    jobs = rel["jobs"]
    runs = "\n".join(str(st.get("run", "")) for j in jobs.values() for st in j["steps"])
    cmake_lists = open(os.path.join(src, "CMakeLists.txt"), encoding="utf-8").read()
    check("release.yml: on Debian 12, the platform setup.sh supports",
          all(j.get("container") == "debian:12" for j in jobs.values()))
    check("release.yml: the tests first, then the bundle target and the wheel, both attached",
          runs.find("./setup.sh test") < runs.find("--target bundle") < runs.find("pip wheel --no-build-isolation")
          and runs.find("./setup.sh test") >= 0 and "add_custom_target(bundle" in cmake_lists
          and "build/bundle/kanalyze-" in runs and "dist/kanalyze-*.whl" in runs, runs)
    check("release.yml: the wheel is built by the pinned builder ./setup.sh test installs",
          "PYTHONPATH=.tools/wheelbuild" in runs and ".tools/wheelbuild" in open(os.path.join(src, "setup.sh")).read())

    # ---- .pre-commit-hooks.yaml ----------------------------------------------------------------------
    hooks = load(os.path.join(src, ".pre-commit-hooks.yaml"))
    ids = {h["id"]: h for h in hooks}
    check(".pre-commit-hooks.yaml: kanalyze and kanalyze-strict",
          set(ids) >= {"kanalyze", "kanalyze-strict"} and ids["kanalyze-strict"].get("args") == ["--strict"])
    check(".pre-commit-hooks.yaml: their entry exists and is executable",
          all(os.access(os.path.join(src, h["entry"]), os.X_OK) for h in hooks))
    hook = open(os.path.join(src, "hooks/pre-commit"), encoding="utf-8").read()
    check("hooks/pre-commit: runs the kanalyze on PATH (or $KANALYZE), no build directory",
          "${KANALYZE:-kanalyze}" in hook and not re.search(r"build[^ ]*/kanalyze", hook))
    readme = open(os.path.join(src, "README.md"), encoding="utf-8").read()
    snippet = re.search(r"```yaml\n(repos:\n.*?)```", readme, re.S)
    ok = False
    if snippet:
        cfg = yaml.safe_load(snippet.group(1))
        repo = cfg["repos"][0]
        ok = "repo" in repo and "rev" in repo and {h["id"] for h in repo["hooks"]} <= set(ids)
    check("README: a .pre-commit-config.yaml snippet with repo:, rev: and the hooks' ids", ok)

    import shutil
    for d in SCRATCH:
        shutil.rmtree(d, ignore_errors=True)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
