package dev.overdue.inbox.web;

import java.util.Locale;

/**
 * A comment longer than the approval takes, caught before anything is sent: the API would refuse
 * the whole body in its own terms ("larger than 65536 bytes"), and the person would lose what they
 * typed. Said with both numbers, so they know how much to cut; the page keeps the text.
 */
final class CommentTooLong extends RuntimeException {
  /** The workflow's limit on a comment added to the task's thread (its Comments.MAX_LENGTH). */
  static final int ON_THE_THREAD = 2_000;
  /** The workflow's limit on a comment sent with a decision or a hand-over (its Commands.MAX_FIELD_LENGTH). */
  static final int WITH_AN_ACTION = 10_000;

  private final String field;

  private CommentTooLong(String field, int max, int typed) {
    super(String.format(Locale.ENGLISH, "Your comment is too long: at most %,d characters; you typed %,d."
        + " Shorten it and send it again.", max, typed));
    this.field = field;
  }

  /**
   * {@code typed}, if it is at most {@code max} characters (counted as the workflow counts them);
   * else thrown, naming the form's {@code field}.
   */
  static String checked(String typed, String field, int max) {
    if (typed != null && typed.length() > max) {
      throw new CommentTooLong(field, max, typed.length());
    }
    return typed;
  }

  /** The form's field that holds the comment: {@code comment} or {@code text}. */
  String field() {
    return field;
  }
}
