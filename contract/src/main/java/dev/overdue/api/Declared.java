package dev.overdue.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What the front ends need of an {@link ApprovalCommand}, declared once on its record: the CLI
 * builds its subcommand from it, the task API its action and OpenAPI entry, and the reference
 * tables are checked against it. The fields are the record's components, each with its {@link
 * Input}. A {@code user} component is who sends the command: on the command line a signed
 * command's subject fills it in, in the task API it is always the caller, never a body field.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Declared {
  /** The CLI subcommand's name. */
  String cli();

  /** What it does, as the CLI's help says it: a first line, then details, one paragraph a line. */
  String[] summary();

  /** Who may send it, in words; the workflow's rules decide, this only says it. */
  String sentBy();

  /** The task API's action, when it has one (at most one). */
  Http[] http() default {};

  /** Fields of which exactly one must be given, such as extend-deadline's limit and by. */
  String[] oneOf() default {};

  /** A command as the task API takes it: {@code POST /api/v1/approvals/{id}/<path>}. */
  @Documented
  @Retention(RetentionPolicy.RUNTIME)
  @Target({})
  @interface Http {
    /** The path segment after the approval's id. */
    String path();

    /** The body's schema name in the OpenAPI document; actions whose bodies are alike share one. */
    String body();

    /** The operation's summary, for a reader of the API. */
    String summary();

    /** How the inbox offers it to a person, when it does (at most one). */
    Page[] page() default {};
  }

  /**
   * A task action as the inbox's task page offers it, in an approver's words: its button, a line
   * saying what happens, and where it sits. Its fields are the record's components with an {@link
   * Input#ask}.
   */
  @Documented
  @Retention(RetentionPolicy.RUNTIME)
  @Target({})
  @interface Page {
    /** The button's words ("Hand to someone"). */
    String button();

    /** What happens, in one line under its form; none when empty. */
    String explain() default "";

    /** Where the page puts it. */
    Place place() default Place.MORE;

    /** The parts of a task page an action sits in. */
    enum Place {
      /** The decision itself: the page's only primary buttons. */
      DECIDE,
      /** Taking, starting, putting aside or giving back the task: quiet buttons beside the decision. */
      TASK,
      /** Behind "More actions", each with a small form of its own fields. */
      MORE,
      /** The comments' own form. */
      COMMENT
    }
  }
}
