package dev.overdue.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * One field of a {@link Declared} command, on its record component: the CLI's option (or
 * positional) for it, and the task API's body field (a {@code user} is neither there: see {@link
 * Declared}). A field is text, a whole number, a list of names (comma-separated on the command
 * line) or a JSON object (inline or {@code @FILE} on the command line), by its component's type.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Input {
  /** The option's help on the command line; none when empty. */
  String help() default "";

  /** The value's name in the CLI's help ({@code USER}, {@code TEXT}). */
  String label();

  /** The command is refused without it; a required {@code user} may be left out when signed. */
  boolean required() default false;

  /** On the command line a positional after the approval's ID, not an option. */
  boolean positional() default false;

  /** The CLI option's name when it is not {@code --} and the field's name in kebab case. */
  String option() default "";

  /** What a value is, in words: the task API's 400 when it is missing, its schema's description. */
  String expected() default "";

  /**
   * The workflow's refusal when a required field is left out, after {@code 'field' is required: };
   * for the fields of a {@code oneOf}, what each is, in its refusal. None when empty.
   */
  String missing() default "";

  /** The least and greatest whole number taken, when the field is one. */
  long[] range() default {};

  /**
   * The field's label on the inbox's task page, in an approver's words ("Hand to"); a field without
   * one is not on the page (the current step, who asks). Its control follows {@link #label}: TEXT a
   * text box, NAME names separated by commas, USER one name, N a choice in {@link #range}, WHEN a day.
   */
  String ask() default "";

  /** A hint shown in an empty field on the page ("one person's user name"); none when empty. */
  String hint() default "";
}
