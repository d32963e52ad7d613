#!/usr/bin/env python3
"""ci_files.py SRCDIR -- the CI front doors parse as YAML and hold what they
promise: action.yml (a composite GitHub Action: builds and installs kanalyze
cached by its source, runs the gate with a baseline, uploads SARIF, keeps one
pull-request comment by a hidden marker, fails on kanalyze's exit code),
docs/ci/github-workflow.yml (uses it with the permissions it needs),
docs/ci/gitlab-ci.yml (publishes --format codequality as
artifacts:reports:codequality and posts the markdown as a merge-request
note) and .pre-commit-hooks.yaml (the kanalyze and kanalyze-strict hooks
the README's snippet names).  Each check prints what it looked at."""
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


def main():
    src = sys.argv[1]

    # ---- action.yml ---------------------------------------------------------------------------
    act = load(os.path.join(src, "action.yml"))
    check("action.yml: name and description", bool(act.get("name")) and bool(act.get("description")))
    inputs = act.get("inputs", {})
    for k in ("files", "compile-commands", "baseline", "arch", "args", "upload-sarif", "comment", "github-token"):
        check("action.yml: input %s, described" % k, k in inputs and bool(inputs[k].get("description")))
    check("action.yml: output exit-code", "exit-code" in act.get("outputs", {}))
    runs = act.get("runs", {})
    check("action.yml: a composite action", runs.get("using") == "composite", str(runs.get("using")))
    steps = runs.get("steps", [])
    for s in steps:
        if "run" in s:
            check("action.yml: step '%s' names its shell" % s.get("name"), bool(s.get("shell")))
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
    check("action.yml: and the markdown report without failing on it",
          "--format markdown" in body and "--fail-on never" in body)
    check("action.yml: keeps kanalyze's exit code", "rc=$?" in body and "exit-code=" in body)
    check("action.yml: no '--' before the files (it would pass them to the compiler)",
          not re.search(r"kanalyze[^\n]*\s--\s", body))
    sarif = steps_using(steps, "github/codeql-action/upload-sarif@")
    check("action.yml: uploads SARIF with github/codeql-action/upload-sarif",
          len(sarif) == 1 and "sarif" in str(sarif[0].get("with", {}).get("sarif_file", "")))
    gs = steps_using(steps, "actions/github-script@")
    script = gs[0].get("with", {}).get("script", "") if gs else ""
    check("action.yml: one pull-request comment through actions/github-script, found by a hidden marker",
          "<!-- kanalyze-report -->" in script and "updateComment" in script and "createComment" in script
          and "<!-- kanalyze-report -->" in body)
    check("action.yml: the comment only on pull requests", "pull_request" in str(gs[0].get("if", "")) if gs else False)
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

    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
