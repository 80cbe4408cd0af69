package dev.overdue.http.approvals;

import dev.overdue.http.problems.ApiProblem;
import static io.swagger.v3.oas.annotations.media.Schema.RequiredMode.REQUIRED;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;

/**
 * The bodies the task actions take, one record each, so the OpenAPI document shows each action's
 * own fields and an unknown field is refused by name. The user is never a field: it is the caller.
 * The schema annotations say in the OpenAPI document what the controllers check: the required
 * fields, no blank text, no other fields ({@code additionalProperties: false}), null where
 * a field may be left out.
 */
final class ActionBodies {
  private ActionBodies() {}

  /** A text with something other than blanks: what {@link #text} and {@link #names} take. */
  static final String NOT_BLANK = "\\S";

  /** claim, release, start, stop: {@code step}, when given, must name the current step (a stale list is refused, not applied to the next step). */
  @Schema(additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
  record Step(@Schema(types = {"string", "null"}) String step) {}

  /** approve, reject: a comment for the trail, and output merged into the approval's data (JSON Merge Patch). */
  @Schema(additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
  record Decision(@Schema(types = {"string", "null"}) String comment,
      @Schema(types = {"object", "null"}) Map<String, Object> output) {}

  /** complete: the outcome (approved, rejected, or one the step names), with a comment and output. */
  @Schema(additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
  record Completion(@Schema(requiredMode = REQUIRED, minLength = 1, pattern = NOT_BLANK) String outcome,
      @Schema(types = {"string", "null"}) String comment,
      @Schema(types = {"object", "null"}) Map<String, Object> output) {}

  /** reassign: users, groups and the roles potentialOwners, owner, requester, manager. */
  @Schema(additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
  record Reassignment(@Schema(requiredMode = REQUIRED) @ArraySchema(minItems = 1, schema = @Schema(minLength = 1, pattern = NOT_BLANK))
      List<String> to) {}

  /** update-data: merged into the approval's data (JSON Merge Patch: a member set to null is removed). */
  @Schema(additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
  record DataUpdate(@Schema(requiredMode = REQUIRED) Map<String, Object> data) {}

  /** delegate: the one person who then holds the step, with a comment for the trail. */
  @Schema(additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
  record Delegation(@Schema(requiredMode = REQUIRED, minLength = 1, pattern = NOT_BLANK) String to,
      @Schema(types = {"string", "null"}) String comment) {}

  /** resolve: a comment for the trail. */
  @Schema(additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
  record Resolution(@Schema(types = {"string", "null"}) String comment) {}

  /** forward: users, groups and roles (as for reassign) who join; the caller leaves. */
  @Schema(additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
  record Forwarding(@Schema(requiredMode = REQUIRED) @ArraySchema(minItems = 1, schema = @Schema(minLength = 1, pattern = NOT_BLANK))
      List<String> to, @Schema(types = {"string", "null"}) String comment) {}

  /** nominate: users, groups and roles added to the step's potential owners. */
  @Schema(additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
  record Nomination(@Schema(requiredMode = REQUIRED) @ArraySchema(minItems = 1, schema = @Schema(minLength = 1, pattern = NOT_BLANK))
      List<String> to) {}

  /** skip: why the step is not needed. */
  @Schema(additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
  record Skipping(@Schema(requiredMode = REQUIRED, minLength = 1, pattern = NOT_BLANK) String reason) {}

  /** set-priority: 0 (highest) to 10 (lowest). */
  @Schema(additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
  record Priority(@Schema(requiredMode = REQUIRED, minimum = "0", maximum = "10") Integer priority) {}

  /** comment: the text added to the step's comments. */
  @Schema(additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
  record Note(@Schema(requiredMode = REQUIRED, minLength = 1, pattern = NOT_BLANK) String text) {}

  /** set-follow-up: a date-time with an offset, a duration from now (P2D), or {@code none} to clear it. */
  @Schema(additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
  record FollowUp(@Schema(requiredMode = REQUIRED, minLength = 1, pattern = NOT_BLANK,
      description = "a date-time with an offset (2026-12-01T09:00:00Z), a duration from now (P2D), or none") String at) {}

  /** {@code to} when it names one or more users, groups or roles; 400 naming the field otherwise. */
  static List<String> names(List<String> to) {
    if (to == null || to.isEmpty() || to.stream().anyMatch(name -> name == null || name.isBlank())) {
      throw ApiProblem.badInput("to", "required: one or more users, groups or roles");
    }
    return to;
  }

  /** {@code value} when it is not blank; 400 naming {@code field} otherwise. */
  static String text(String value, String field, String what) {
    if (value == null || value.isBlank()) {
      throw ApiProblem.badInput(field, "required: " + what);
    }
    return value;
  }
}
