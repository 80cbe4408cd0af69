package dev.overdue.starter;

import picocli.CommandLine.Mixin;

/** A command over the approvals a list query finds, not one approval: with {@code --json} of its own. */
abstract class ManyApprovalsCommand extends CliCommand {
  @Mixin JsonFlag jsonFlag = new JsonFlag();

  @Override
  boolean json() {
    return jsonFlag.on || super.json();
  }

  @Override
  String approvalId() {
    return null;
  }
}
