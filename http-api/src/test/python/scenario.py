"""An approval driven through the task API by the Python client openapi-generator writes from
docs/reference/openapi.json (package overdue_client, built into http-api/target/generated-python):
nothing here speaks HTTP itself, every call is the generated client's.

alice starts an approval whose manager step is offered to bob; bob finds it among the tasks he may
claim, claims it and approves it with a comment; alice reads its status (APPROVED) and its history.
Then the refusals: frank, who may not see a second approval, is told it does not exist (404), and
alice, who may see it but not decide it, is refused with the workflow's reason (409, problem+json).

Development mode: the caller is the X-Overdue-User header, the document's developmentUser API key.

    python scenario.py http://127.0.0.1:8080      (or OVERDUE_API_URL=... python scenario.py)

Prints what it saw; exits 1 at the first answer that is not the expected one, 2 without a URL.
"""

import os
import sys
import time
import uuid

from overdue_client import ApiClient, Configuration
from overdue_client.api import ApprovalsApi, TaskActionsApi, TasksApi
from overdue_client.exceptions import ApiException
from overdue_client.models import Decision, Problem

LIST_WAIT_SECONDS = 60


class Mismatch(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise Mismatch(message)


def client(base_url, user):
    """The generated client for one caller: the developmentUser API key is their name."""
    return ApiClient(Configuration(host=base_url, api_key={"developmentUser": user}))


def refused(call, status):
    """The ApiException the generated client raises for `call`, which must answer `status`."""
    try:
        answer = call()
    except ApiException as e:
        expect(e.status == status, f"expected {status}, got {e.status}: {e.body}")
        return e
    raise Mismatch(f"expected {status}, got an answer: {answer}")


def problem_of(e):
    """The problem+json body of a refusal, as the generated Problem model."""
    content_type = (e.headers or {}).get("Content-Type", "")
    expect(content_type.startswith("application/problem+json"), f"a problem+json answer, not {content_type!r}")
    problem = e.data if isinstance(e.data, Problem) else Problem.from_json(e.body)
    expect(problem is not None and problem.status == e.status, f"the problem names its status: {e.body}")
    expect(bool(problem.detail), f"the problem has a detail: {e.body}")
    return problem


def run(base_url):
    run_id = uuid.uuid4().hex[:8].upper()
    alice, bob, frank = (client(base_url, user) for user in ("alice", "bob", "frank"))

    # alice starts an approval with a manager step offered to bob.
    started = ApprovalsApi(alice).start({
        "requestId": f"PY-{run_id}",
        "title": "Laptop for the new hire",
        "steps": [{"name": "manager", "approvers": ["bob"]}],
    })
    approval = started.id
    expect(approval == f"PY-{run_id}", f"started as its request id: {started}")
    print(f"started {approval} as alice (workflow {started.workflow_id})")

    # bob finds it among the tasks he may claim (lists trail the workflows by a moment).
    give_up = time.monotonic() + LIST_WAIT_SECONDS
    while True:
        page = TasksApi(bob).tasks(view="claimable", limit=100)
        row = next((task for task in page.tasks or [] if task.id == approval), None)
        if row is not None or time.monotonic() > give_up:
            break
        time.sleep(0.2)
    expect(row is not None, f"{approval} in bob's claimable tasks within {LIST_WAIT_SECONDS} s")
    expect(row.step == "manager" and row.requester == "alice", f"bob's task row: {row}")
    print(f"bob can claim {row.id}: step {row.step}, requested by {row.requester}, {row.title!r}")

    # bob claims and approves with a comment.
    claimed = TaskActionsApi(bob).claim(approval)
    expect(claimed.command == "claim", f"the claim's result: {claimed}")
    approved = TaskActionsApi(bob).approve(approval, decision=Decision(comment="fine by me"))
    expect(approved.command == "approve", f"the approval's result: {approved}")
    print(f"bob claimed and approved {approval}")

    # alice reads the status and the history.
    status = ApprovalsApi(alice).status(approval)
    expect(status.state == "APPROVED", f"APPROVED, not {status.state}: {status}")
    expect(status.requester == "alice", f"alice is the requester: {status}")
    step = status.steps[0]
    expect(step.name == "manager" and step.decided_by == "bob", f"bob decided the manager step: {step}")
    history = ApprovalsApi(alice).history(approval)
    decided = [entry for entry in history if entry.name == "approve" and entry.accepted]
    expect(len(decided) == 1, f"one accepted approve in the history: {history}")
    expect((decided[0].input or {}).get("comment") == "fine by me", f"bob's comment in the history: {decided[0]}")
    print(f"alice sees {status.state}, decided by {step.decided_by}; history of {len(history)} entries")

    # The refusals, on a second approval.
    other = ApprovalsApi(alice).start({
        "requestId": f"PY-{run_id}-2",
        "steps": [{"name": "manager", "approvers": ["bob"]}],
    }).id
    hidden = refused(lambda: TaskActionsApi(frank).claim(other), 404)
    problem_of(hidden)
    print(f"frank's claim of {other}: {hidden.status} (not found: he may not see it)")
    conflict = refused(lambda: TaskActionsApi(alice).approve(other, decision=Decision(comment="my own")), 409)
    problem = problem_of(conflict)
    print(f"alice's approval of {other}: {conflict.status} {problem.title}: {problem.detail}")
    unchanged = ApprovalsApi(bob).status(other)
    expect(unchanged.steps[0].state == "READY", f"the refusals changed nothing: {unchanged}")

    print("scenario passed")


def main(argv):
    base_url = argv[1] if len(argv) > 1 else os.environ.get("OVERDUE_API_URL")
    if not base_url:
        print("usage: scenario.py BASE_URL (or OVERDUE_API_URL), e.g. http://127.0.0.1:8080", file=sys.stderr)
        return 2
    try:
        run(base_url.rstrip("/"))
    except Mismatch as e:
        print(f"scenario FAILED: {e}", file=sys.stderr)
        return 1
    except ApiException as e:
        print(f"scenario FAILED: unexpected answer {e.status}: {e.body}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
