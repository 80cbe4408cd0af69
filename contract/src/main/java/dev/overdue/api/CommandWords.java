package dev.overdue.api;

/** Words several {@link Declared} commands share: who may send them, the help of shared fields. */
final class CommandWords {
  private CommandWords() {}

  /** Who may send the commands on the approval as a whole (a signed command's policy may narrow it). */
  static final String ANYONE = "anyone who steers the approval";

  static final String DECIDER = "a potential owner of the step, or its owner once claimed";

  static final String OWNER_OR_ADMINISTRATOR = "the owner or a business administrator";

  /** The end of the help of a required {@code user} a signed command may leave out. */
  static final String UNLESS_SIGNED = "required unless signed (--token), whose subject it is when left out.";

  /** The end of the help of a {@code user} that may always be left out. */
  static final String SIGNED_USER = " Signed (--token): its subject when left out.";

  /** The {@code user} of the task commands. */
  static final String OWNER = "A potential owner of the step; " + UNLESS_SIGNED;

  static final String WHO_ASKS = "Who asks; " + UNLESS_SIGNED;

  /** The {@code user} of the timer commands. */
  static final String TIMER_USER =
      "Who asks: in the history, and in the timer's changes when its date changes"
          + " (`overdue timers ID --explain`)." + SIGNED_USER;

  static final String USER_TIMER = "A user timer of the request.";

  static final String STEP = "The step meant; refused unless it is the current step.";

  /** The help of a decision's {@code output}. */
  static final String OUTPUT = "The task's output, a JSON object (or @FILE) merged into the approval's data first.";

  /** What a list of names is, for the task API. */
  static final String NAMES = "one or more users, groups or roles";

  /** The workflow's words for a list of names left out. */
  static final String SOME_NAMES = "one or more users or groups";

  /** A comment's label on the inbox's task page. */
  static final String COMMENT = "Comment (optional)";

  /** The task page's label of a comment that says why. */
  static final String WHY = "Why (optional)";

  /** The task page's hint in a field of people and groups. */
  static final String PEOPLE = "user names or groups, separated by commas";
}
